"""The base map of a Westphalia board, drawn from its hexes: the same SVG layout as a Diplomacy
variant's ``map.svg`` (regions by province code, anchors for labels and markers), so the one
renderer draws owners, religion markers and capitals on it. Pure: text out of data."""

from __future__ import annotations

from gm_tools.engine.variant import Province
from gm_tools.systems.westphalia.board import centre, corners

SIZE = 40.0
"""Pixels from a hex's middle to a corner."""
MARGIN = 24.0


def _hex(province: Province) -> tuple[int, int]:
    q, r = province.extra["hex"]
    return int(q), int(r)


def base_map_svg(provinces: dict[str, Province]) -> str:
    """The SVG text of the board's base map: one ``land`` region per hex and its anchors."""
    cells = {code: _hex(p) for code, p in sorted(provinces.items())}
    points = [pt for cell in cells.values() for pt in corners(cell, SIZE)]
    min_x, min_y = min(x for x, _ in points), min(y for _, y in points)
    width = max(x for x, _ in points) - min_x + 2 * MARGIN
    height = max(y for _, y in points) - min_y + 2 * MARGIN

    def shift(x: float, y: float) -> tuple[float, float]:
        return x - min_x + MARGIN, y - min_y + MARGIN

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.1f} {height:.1f}">']
    for code, cell in cells.items():
        ring = [shift(x, y) for x, y in corners(cell, SIZE)]
        path = "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in ring) + " Z"
        parts.append(f'<path class="land" id="{code}" d="{path}"/>')
        x, y = shift(*centre(cell, SIZE))
        for role, dy in (("label", -12.0), ("unit", 8.0), ("sc", 12.0)):
            parts.append(f'<circle class="anchor" id="{code}.{role}" cx="{x:.1f}" cy="{y + dy:.1f}" r="1"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
