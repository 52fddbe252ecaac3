"""The small pieces of SVG the renderer writes everywhere: fixed number formatting, text with
its halo, the port's anchor, and the geometry of arrows (:mod:`gm_tools.publish.render`,
:mod:`gm_tools.publish.orderart`)."""

from __future__ import annotations

import math

from gm_tools.edges.xmltext import escape

INK = "#1e1e1e"
FONT = "DejaVu Sans, Arial, sans-serif"
UNIT_R = 11.0
"""Half the size of a unit symbol, px."""


def num(value: float) -> str:
    """Fixed formatting, so the same state gives the same bytes."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def svg_text(x: float, y: float, text: str, size: float, *, anchor: str = "middle", weight: str = "normal",
             fill: str = INK, halo: bool = False) -> str:
    attrs = (
        f'x="{num(x)}" y="{num(y)}" font-family="{FONT}" font-size="{num(size)}px" '
        f'text-anchor="{anchor}" font-weight="{weight}"'
    )
    body = escape(text)
    out = ""
    if halo:
        # a white outline under the text keeps it readable over any fill or line
        out += f'<text {attrs} fill="#ffffff" stroke="#ffffff" stroke-width="3" stroke-linejoin="round">{body}</text>'
    return out + f'<text {attrs} fill="{fill}">{body}</text>'


def port_anchor(x: float, y: float) -> str:
    """A small anchor centred on (x, y): ring, shank, stock and flukes, in the sea's ink."""
    return (f'<path class="port" d="M{num(x)} {num(y - 4.5)}v9M{num(x - 2.5)} {num(y - 2)}h5'
            f'M{num(x - 4)} {num(y + 2)}q4 5 8 0" fill="none" stroke="#2c4a66" stroke-width="1.2"/>'
            f'<circle cx="{num(x)}" cy="{num(y - 5.5)}" r="1.2" fill="none" stroke="#2c4a66" stroke-width="1"/>')


def shorten(a: tuple[float, float], b: tuple[float, float], start: float, end: float):
    """The segment a->b with ``start`` px cut at a's end and ``end`` px at b's."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= start + end + 1:
        return a, b
    ux, uy = dx / length, dy / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def midpoint(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
