"""The provinces' names over a phase's PNG, for a page read without its script.

A phase page shows its map as SVG put together by the page's script (``static/map.js``),
whose provinces are named on hover, by a tap and by the arrow keys. Without the script (or
without the map's files on the host) the page shows the phase's PNG, which names no province
but by its code. Over that picture the page lays this: one SVG document per variant and base
map (``static/maps/VARIANT-HASH.areas2.svg``, beside the base map it is made from), each
province an invisible shape with its name as a ``<title>`` (the browser's tooltip on hover),
its outline and name drawn while the pointer is over it (or after a tap: a touch screen keeps
the ``:hover`` of what was tapped); the same again in the enlarged inset of the Europe maps.
The page embeds it with ``<object>`` over the ``<img>``; CSS, no script.

Not an HTML image map (``<img usemap>`` and ``<area>``): an area's coordinates are CSS pixels
of the image as laid out, never scaled with it, and the PNG (1200 px wide) is shown scaled to
the page's column (``max-width: 100%``), so the areas would miss their provinces on every
screen. An SVG's ``viewBox`` scales with the picture. And an image map must sit in the page
itself (``usemap`` names a ``<map>`` of the same document): a Europe map's outlines are some
tens of KB, a phase page's whole budget with its JSON and text is 60 KB (``bench/README.md``),
while one file per variant is fetched once and cached.

The shapes are the base map's outlines in the picture's own units (the PNG's pixels at
:data:`gm_tools.edges.png.WEB_WIDTH`, 1200, for every shipped map), each ring thinned by
Douglas and Peucker to within :data:`TOLERANCE` and rounded to whole units; rings smaller than
:data:`SMALLEST` (islets, bays) are left out, a province keeping at least its largest. Same
base map, same bytes.
"""

from __future__ import annotations

from gm_tools.edges.basemap import BaseMap
from gm_tools.edges.xmltext import escape
from gm_tools.engine.variant import SEA, Variant
from gm_tools.publish import svgpath

AREAS_VERSION = 2
"""Part of the file's name: raised whenever what this module writes changes, since a file of the
name is kept as it is (:func:`put_areas`) and a browser keeps it in its cache."""
AREAS_SUFFIX = f".areas{AREAS_VERSION}.svg"
"""The names over the PNG: ``static/maps/VARIANT-HASH.areas2.svg`` beside ``VARIANT-HASH.js``,
whose name (a hash of the base map's picture) changes with every outline, name and size."""
TOLERANCE = 1.5
"""How far (picture units: PNG pixels) a thinned outline may stray from the drawn one."""
SMALLEST = 20.0
"""Rings of a smaller area (square units) are left out; a province keeps its largest."""

_STYLE = (
    "path{fill:transparent;fill-rule:evenodd;stroke:none}"
    "g:hover>path{stroke:#f2a900;stroke-width:3px;vector-effect:non-scaling-stroke}"
    "text{visibility:hidden;pointer-events:none;font-family:'DejaVu Sans',Arial,sans-serif;font-weight:bold;"
    "text-anchor:middle;dominant-baseline:text-after-edge;fill:#1e1e1e;stroke:#fff;stroke-width:.25em;"
    "stroke-linejoin:round;paint-order:stroke}"
    "g:hover>text{visibility:visible}"
)
NAME_PX = 15.0
"""The size a province's name is shown at on the screen, about (CSS px)."""
SHOWN_WIDTHS = ((None, 1068.0), (1000.0, 850.0), (700.0, 575.0), (450.0, 380.0))
"""(the widest picture a rule is for, CSS px, or None for any; the width its names are sized
for): the picture is scaled to the page's column, and a name should stay readable on a phone."""


def _style(width: float, inset_scale: float | None) -> str:
    """The document's style: the names sized for the width the picture is shown at (its media
    queries are the object's own width), those in the inset for its enlargement."""
    rules = [_STYLE]
    for widest, shown in SHOWN_WIDTHS:
        size = NAME_PX * width / shown
        sizes = f"text{{font-size:{_n(size)}px}}"
        if inset_scale:
            sizes += f"svg svg text{{font-size:{_n(size / inset_scale)}px}}"
        rules.append(sizes if widest is None else f"@media(max-width:{_n(widest)}px){{{sizes}}}")
    return "<style>" + "".join(rules) + "</style>"


def areas_path(base_path: str) -> str:
    """The names' file beside a base map's script (``static/maps/X.js`` -> ``X.areas2.svg``)."""
    return base_path[:-len(".js")] + AREAS_SUFFIX if base_path.endswith(".js") else base_path + AREAS_SUFFIX


def rings(d: str) -> list[list[tuple[float, float]]]:
    """The closed rings of a region's path data (:func:`gm_tools.publish.svgpath.rings`)."""
    found = svgpath.rings(d)
    if found is None:
        raise ValueError(f"path data this module does not read: {d[:40]!r}")
    return found


def thin(ring: list[tuple[float, float]], tolerance: float = TOLERANCE) -> list[tuple[int, int]]:
    """The ring thinned (Douglas-Peucker, from its first point and the point farthest from it)
    and rounded to whole units, repeated points left out."""
    n = len(ring)
    if n < 3:
        return [(round(x), round(y)) for x, y in ring]
    x0, y0 = ring[0]
    far = max(range(n), key=lambda k: (ring[k][0] - x0) ** 2 + (ring[k][1] - y0) ** 2)
    keep = [False] * n
    keep[0] = keep[far] = True
    closed = ring + [ring[0]]
    stack = [(0, far), (far, n)]
    limit = tolerance * tolerance
    while stack:
        a, b = stack.pop()
        if b - a < 2:
            continue
        ax, ay = closed[a]
        bx, by = closed[b]
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        worst, at = -1.0, -1
        for k in range(a + 1, b):
            px, py = closed[k]
            if length == 0:
                gap = (px - ax) ** 2 + (py - ay) ** 2
            else:
                cross = dx * (py - ay) - dy * (px - ax)
                gap = cross * cross / length
            if gap > worst:
                worst, at = gap, k
        if worst > limit:
            keep[at] = True
            stack.append((a, at))
            stack.append((at, b))
    out: list[tuple[int, int]] = []
    for k in range(n):
        if keep[k]:
            point = (round(ring[k][0]), round(ring[k][1]))
            if not out or out[-1] != point:
                out.append(point)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return out


def _area(points: list[tuple[int, int]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def outline(d: str) -> str:
    """A region's path data as the names' file draws it: its rings thinned, the small ones
    left out (the largest always kept), each ring absolute at its start and relative after."""
    thinned = [t for t in (thin(r) for r in rings(d)) if len(t) >= 3]
    if not thinned:
        return ""
    largest = max(thinned, key=_area)
    kept = [t for t in thinned if t is largest or _area(t) >= SMALLEST]
    parts = []
    for points in kept:
        x, y = points[0]
        steps = [f"M{x} {y}"]
        moves = []
        for px, py in points[1:]:
            moves.append(f"{px - x} {py - y}")
            x, y = px, py
        steps.append("l" + " ".join(moves).replace(" -", "-") + "z")
        parts.append("".join(steps))
    return "".join(parts)


def _groups(variant: Variant, base: BaseMap, codes: list[str], outlines: dict[str, str]) -> list[str]:
    lines = []
    for code in codes:
        d = outlines[code]
        if not d:
            continue
        province = variant.provinces.get(code)
        name = f"{province.name} ({code})" if province else f"{code} (impassable)"
        x, y = base.anchors.get(f"{code}.label", base.anchors.get(f"{code}.unit", (None, None)))
        text = ""
        if x is not None:
            text = f'<text x="{round(x)}" y="{round(y) - 9}">{escape(name)}</text>'
        lines.append(f'<g><title>{escape(name)}</title><path d="{d}"/>{text}</g>')
    return lines


def areas_svg(variant: Variant, base: BaseMap, title_height: float, inset: dict | None,
              inset_caption: float, width: float) -> str:
    """The names' document for a variant's pictures: its size is the picture's above the legend
    (title strip, map, inset), aligned at the picture's top left (``xMinYMin meet`` over the
    whole PNG: the legend below, whose height changes from phase to phase, is left uncovered)."""
    # seas first, so a land province lies over the sea whose holes were left out as too small
    codes = sorted(base.regions, key=lambda c: (variant.provinces.get(c) is not None
                                                and variant.provinces[c].type != SEA, c))
    outlines = {code: outline(base.regions[code]) for code in codes}
    for code in sorted(base.impassable):
        outlines[code] = outline(base.impassable[code])
    codes += sorted(base.impassable)
    height = title_height + base.height
    body = [f'<g transform="translate(0,{_n(title_height)})">', *_groups(variant, base, codes, outlines), "</g>"]
    if inset:
        x, y, w, h, scale = (inset[k] for k in ("x", "y", "width", "height", "scale"))
        left = max((width - w * scale) / 2, 0.0)
        top = height + inset_caption
        shown = [c for c in codes if _meets(outlines[c], x, y, w, h)]
        body += [f'<svg x="{_n(left)}" y="{_n(top)}" width="{_n(w * scale)}" height="{_n(h * scale)}" '
                 f'viewBox="{_n(x)} {_n(y)} {_n(w)} {_n(h)}">', *_groups(variant, base, shown, outlines), "</svg>"]
        height = top + h * scale + 8
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'preserveAspectRatio="xMinYMin meet">')
    return "\n".join([head, _style(width, inset["scale"] if inset else None), *body, "</svg>", ""])


def _meets(d: str, x: float, y: float, w: float, h: float) -> bool:
    """Does the outline reach into the box?"""
    xs, ys = [], []
    for ring in rings(d):
        xs += [p[0] for p in ring]
        ys += [p[1] for p in ring]
    return bool(xs) and max(xs) >= x and min(xs) <= x + w and max(ys) >= y and min(ys) <= y + h


def _n(value: float) -> str:
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def areas_for(variant: Variant, base: BaseMap) -> str:
    """:func:`areas_svg` for the pictures :mod:`gm_tools.publish.render` draws on ``base``."""
    from gm_tools.publish.render import INSET_CAPTION, TITLE_HEIGHT

    inset = variant.map_inset if not base.schematic else None
    return areas_svg(variant, base, TITLE_HEIGHT, inset, INSET_CAPTION, max(base.width, 600.0))


_MADE: dict[str, str] = {}
"""Names' files made in this process, by path (a worker's writes are only recorded)."""
_END = b"</svg>\n"


def write_base(writer, picture, variant: Variant, base: BaseMap) -> None:
    """Write a base map's script (``picture``: its :class:`gm_tools.publish.maplayer.BasePicture`;
    written only when its bytes changed) and the names over the PNGs drawn on it."""
    writer.write(picture.path, picture.script())
    put_areas(writer, picture.path, variant, base)


def put_areas(writer, base_path: str, variant: Variant, base: BaseMap) -> str:
    """Write the names' file beside the base map ``base_path`` (its path in the site), or keep
    it when the site has it whole (its name says what it holds; a file a killed build left
    half written lacks its end and is written again): it takes a tenth of a second or two to
    make, a turn's build pays nothing. Returns its path."""
    rel = areas_path(base_path)
    if writer.exists(rel) and _ends_whole(writer.root / rel):
        writer.keep(rel)
        return rel
    if rel not in _MADE:
        if len(_MADE) >= 8:
            _MADE.clear()
        _MADE[rel] = areas_for(variant, base)
    writer.write(rel, _MADE[rel])
    return rel


def _ends_whole(path) -> bool:
    try:
        with open(path, "rb") as f:
            f.seek(-len(_END), 2)
            return f.read() == _END
    except OSError:
        return False
