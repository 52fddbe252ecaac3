"""Does the drawn map agree with the adjacency data?

Two provinces whose regions share a border in ``map.svg`` should be adjacent in
``provinces.toml`` (for armies or for fleets), and two adjacent provinces should share a
border on the map, or a player reading the map is misled. Each accepted difference is listed
in ``geo.toml`` under ``[map.exceptions]`` with its reason (a strait, a canal...).

The borders are read from the committed SVG, not from the generator: each region's path is
filled into a label raster (even-odd scanline) and neighbouring pixels of different regions
make a border. Impassable ground and land or water of no province are ignored.
"""

from __future__ import annotations

import math
import tomllib
from array import array
from dataclasses import dataclass

from gm_tools.edges.basemap import BaseMap, load_base_map, map_path
from gm_tools.errors import VariantDataError
from gm_tools.engine.variant import Variant
from gm_tools.publish.svgpath import PathError, read_rings

MIN_BORDER_PX = 3
"""Pixel edges two regions must share to count as bordering: fewer is a corner touch."""
MIN_OVERLAP_PX = 10
"""Pixels two regions must both cover to count as overlapping. Coordinates are written to
0.1 px, so a vertex can land exactly on a pixel center that both neighbours then claim;
a handful of such pixels is rounding, not a drawing mistake."""

@dataclass(frozen=True)
class MapProblem:
    """One disagreement between the drawing and the data."""

    provinces: tuple[str, ...]
    """The province(s) concerned, sorted."""
    text: str
    """What is wrong, in words."""

    def __str__(self) -> str:
        return self.text


def path_rings(d: str, where: str = "path") -> list[list[tuple[float, float]]]:
    """Closed rings of straight segments from SVG path data (M, L, H, V, Z, either case);
    anything else is a VariantDataError naming ``where``."""
    try:
        return read_rings(d)
    except PathError as e:
        raise VariantDataError("map", [f"{where}: {e}"]) from None


def rasterize(base: BaseMap, codes: list[str],
              overlaps: dict[tuple[str, str], int] | None = None) -> tuple[list[array], int, int]:
    """Rows of labels: 0 for nothing, ``i + 1`` where region ``codes[i]`` covers the pixel center.

    Pixels two regions both cover are counted in ``overlaps`` (sorted code pair -> px) when
    a dict is given; the later region keeps them."""
    width, height = int(round(base.width)), int(round(base.height))
    rows = [array("H", bytes(2 * width)) for _ in range(height)]
    for number, code in enumerate(codes, start=1):
        crossings: dict[int, list[float]] = {}
        for ring in path_rings(base.regions[code], where=f"map.svg region {code}"):
            for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
                if y0 == y1:
                    continue
                lo, hi = (y0, y1) if y0 < y1 else (y1, y0)
                first = max(0, int(lo - 0.5) - 1)
                for r in range(first, min(height, int(hi + 0.5) + 1)):
                    yc = r + 0.5
                    if lo <= yc < hi:
                        crossings.setdefault(r, []).append(x0 + (yc - y0) * (x1 - x0) / (y1 - y0))
        for r, xs in crossings.items():
            xs.sort()
            row = rows[r]
            for a, b in zip(xs[0::2], xs[1::2]):  # even-odd: holes stay empty
                start = _first_center_at_or_after(a)
                end = min(width, _first_center_at_or_after(b))
                if end > start:
                    if overlaps is not None and any(row[start:end]):
                        for other in row[start:end]:
                            if other:
                                pair = tuple(sorted((codes[other - 1], code)))
                                overlaps[pair] = overlaps.get(pair, 0) + 1
                    row[start:end] = array("H", [number]) * (end - start)
    return rows, width, height


def _first_center_at_or_after(x: float) -> int:
    """Index of the first pixel whose center (i + 0.5) is >= x (0 at least)."""
    return max(0, math.ceil(x - 0.5))


def drawn_borders(base: BaseMap, codes: list[str],
                  overlaps: dict[tuple[str, str], int] | None = None) -> dict[tuple[str, str], int]:
    """(code, code) sorted pair -> length in px of the border the two regions share."""
    rows, width, height = rasterize(base, codes, overlaps)
    counts: dict[tuple[int, int], int] = {}
    previous = None
    for row in rows:
        for a, b in zip(row, row[1:]):
            if a != b and a and b:
                key = (a, b) if a < b else (b, a)
                counts[key] = counts.get(key, 0) + 1
        if previous is not None:
            for a, b in zip(previous, row):
                if a != b and a and b:
                    key = (a, b) if a < b else (b, a)
                    counts[key] = counts.get(key, 0) + 1
        previous = row
    return {(codes[a - 1], codes[b - 1]): n for (a, b), n in counts.items()}


def adjacent_in_data(variant: Variant) -> set[tuple[str, str]]:
    """Province pairs adjacent for armies or fleets (any coast), sorted pairs."""
    pairs = set()
    for origin, dests in variant.army_adjacency.items():
        for dest in dests:
            pairs.add(tuple(sorted((origin, dest))))
    for origin, dests in variant.fleet_adjacency.items():
        for dest in dests:
            a, b = origin.split("/")[0], dest.split("/")[0]
            if a != b:
                pairs.add(tuple(sorted((a, b))))
    return pairs


def compare(variant: Variant, base: BaseMap, exceptions: dict[str, str] | None = None) -> list[MapProblem]:
    """Every disagreement between the base map and the variant data, in a fixed order."""
    exceptions = exceptions or {}
    problems: list[MapProblem] = []
    provinces = set(variant.provinces)
    drawn = set(base.regions)
    for code in sorted(provinces - drawn):
        problems.append(MapProblem((code,), f"{code} ({variant.provinces[code].name}) has no region in map.svg"))
    for code in sorted(drawn - provinces):
        problems.append(MapProblem((code,), f"map.svg has a region {code!r} that is no province of the variant"))
    for code in sorted(provinces):
        province = variant.provinces[code]
        # issue 4: an anchor for a unit, a dislodged unit, the center marker and the label of
        # each province, and for the unit and label of each coast
        roles = ["unit", "dislodged", "label"] + (["sc"] if province.supply_center else [])
        needed = [f"{code}.{r}" for r in roles] + [f"{code}.{c}.{r}" for c in province.coasts for r in ("unit", "label")]
        for key in needed:
            if key not in base.anchors:
                problems.append(MapProblem((code,), f"map.svg has no anchor {key}"))
    codes = sorted(provinces & drawn)
    overlaps: dict[tuple[str, str], int] = {}
    borders = drawn_borders(base, codes, overlaps)
    for pair, pixels in sorted(overlaps.items()):
        if pixels >= MIN_OVERLAP_PX:
            problems.append(MapProblem(pair, f"regions {pair[0]} and {pair[1]} overlap on the map ({pixels} px)"))
    touching = {pair for pair, length in borders.items() if length >= MIN_BORDER_PX}
    adjacent = adjacent_in_data(variant)
    for pair in sorted(touching - adjacent):
        if f"{pair[0]}-{pair[1]}" not in exceptions:
            problems.append(MapProblem(pair, f"{pair[0]} and {pair[1]} share a border on the map "
                                             f"({borders[pair]} px) but are not adjacent in provinces.toml"))
    for pair in sorted(adjacent - touching):
        if f"{pair[0]}-{pair[1]}" not in exceptions and pair[0] in drawn and pair[1] in drawn:
            problems.append(MapProblem(pair, f"{pair[0]} and {pair[1]} are adjacent in provinces.toml "
                                             "but share no border on the map"))
    for key in sorted(exceptions):
        a, _, b = key.partition("-")
        if (a, b) != tuple(sorted((a, b))) or not a or not b:
            problems.append(MapProblem((key,), f"[map.exceptions] key {key!r}: expected 'AAA-BBB' in alphabetical order"))
        elif ((a, b) in touching) == ((a, b) in adjacent):
            problems.append(MapProblem((a, b), f"[map.exceptions] {key}: map and data already agree; remove it"))
    return problems


def map_exceptions(variant: Variant) -> dict[str, str]:
    """``[map.exceptions]`` of the variant's geo.toml (empty when it has none)."""
    path = map_path(variant.name).with_name("geo.toml")
    if not path.exists():
        return {}
    try:
        geo = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise VariantDataError(variant.name, [f"geo.toml: {e}"]) from None
    return dict(geo.get("map", {}).get("exceptions", {}))


def check_variant_map(variant: Variant) -> list[MapProblem]:
    """The map check for a shipped variant: its map.svg against its data ([] if no map.svg)."""
    if not variant.map_svg:
        return []
    return compare(variant, load_base_map(variant), map_exceptions(variant))


def main(argv: list[str] | None = None) -> int:
    """``python -m gm_tools.app.mapcheck NAME...``: print every problem of each variant's map."""
    import sys

    from gm_tools.edges.variants import load_variant

    names = argv if argv is not None else sys.argv[1:]
    if not names:
        print("usage: python -m gm_tools.app.mapcheck VARIANT...", file=sys.stderr)
        return 2
    status = 0
    from gm_tools.errors import UserError

    for name in names:
        try:
            variant = load_variant(name)
            if not variant.map_svg:
                print(f"{name}: no map.svg")
                continue
            problems = check_variant_map(variant)
        except UserError as e:
            # the variant's data, or a map.svg that cannot be read (not XML, a curve, a region drawn twice)
            print(f"{name}: {e}", file=sys.stderr)
            status = 2
            continue
        for problem in problems:
            print(f"{name}: {problem}")
        print(f"{name}: {len(problems)} problem(s)")
        status = status or (1 if problems else 0)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
