"""How the renderer draws an order (:func:`draw_order`): arrows, rings and crosses over the
units (:mod:`gm_tools.publish.render` draws the rest of the picture)."""

from __future__ import annotations

import math

from gm_tools.engine.model import (
    FAILS,
    INVALID,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderResult,
    Retreat,
    Support,
    Unit,
    Waive,
)
from gm_tools.publish.svgbits import INK, UNIT_R
from gm_tools.publish.svgbits import midpoint as _midpoint
from gm_tools.publish.svgbits import num as _f
from gm_tools.publish.svgbits import shorten as _shorten


def arrow(drawing, a, b, colour: str, *, failed: bool, dash: str | None = None, head: bool = True,
          width: float = 2.5) -> None:
    """A line a->b with an arrowhead; failed lines are dashed and crossed out. One line of the
    picture for the whole arrow: a phase's map layer gives each line of its own as the change
    of one before it, and finding that change costs the same for a short line as a long one."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = b
    base = (b[0] - ux * 10, b[1] - uy * 10) if head else b
    pattern = dash or ("7,4" if failed else None)
    dash_attr = f' stroke-dasharray="{pattern}"' if pattern else ""
    line = (
        f'x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(base[0])}" y2="{_f(base[1])}" stroke-linecap="round"'
    )
    # a dark casing under the coloured line keeps it visible over any fill
    parts = [f'<line {line} stroke="{INK}" stroke-width="{_f(width + 2)}"{dash_attr}/>',
             f'<line {line} stroke="{colour}" stroke-width="{_f(width)}"{dash_attr}/>']
    if head:
        left = (base[0] - uy * 5.5, base[1] + ux * 5.5)
        right = (base[0] + uy * 5.5, base[1] - ux * 5.5)
        parts.append(
            f'<polygon points="{_f(tip[0])},{_f(tip[1])} {_f(left[0])},{_f(left[1])} '
            f'{_f(right[0])},{_f(right[1])}" fill="{colour}" stroke="{INK}" stroke-width="1.0"/>'
        )
    if failed:
        parts.append(_cross(_midpoint(a, b)))
    drawing.add("".join(parts))


def cross(drawing, at: tuple[float, float], size: float = 6.0) -> None:
    drawing.add(_cross(at, size))


def _cross(at: tuple[float, float], size: float = 6.0) -> str:
    """An X centred on ``at``: white under ink, so it shows over any line or fill."""
    x, y = at
    return "".join(
        f'<path d="M{_f(x - size)} {_f(y - size)}L{_f(x + size)} {_f(y + size)}'
        f'M{_f(x - size)} {_f(y + size)}L{_f(x + size)} {_f(y - size)}" stroke="{stroke}" '
        f'stroke-width="{_f(width)}" stroke-linecap="round" fill="none"/>'
        for stroke, width in (("#ffffff", 4.5), (INK, 2.2))
    )


def ring(drawing, at: tuple[float, float], colour: str, *, failed: bool, radius: float = UNIT_R + 5) -> None:
    dash = ' stroke-dasharray="4,3"' if failed else ""
    drawing.add(
        f'<circle cx="{_f(at[0])}" cy="{_f(at[1])}" r="{_f(radius)}" fill="none" stroke="{INK}" '
        f'stroke-width="4.0"{dash}/>'
        f'<circle cx="{_f(at[0])}" cy="{_f(at[1])}" r="{_f(radius)}" fill="none" stroke="{colour}" '
        f'stroke-width="2.0"{dash}/>'
    )


def is_failed(result: OrderResult | None) -> bool:
    """Is the order drawn failed (dashed and crossed out)? All of its result the picture shows."""
    return result is not None and result.result in (FAILS, INVALID)


def draw_order(drawing, order: Order, result: OrderResult | None) -> None:
    """An order drawn on ``drawing``: moves as arrows, supports and convoys as dashed and dotted
    ones, holds and builds as rings; a failed or invalid order dashed and crossed out."""
    failed = is_failed(result)
    colour = drawing.colour(order.power)
    if isinstance(order, Waive):
        return
    if isinstance(order, Build):
        at = drawing.at(order.location)
        ghost = Unit(order.power, order.kind, order.location)
        drawing.add(drawing.unit_symbol(ghost, *at, ghost=True))
        ring(drawing, at, colour, failed=failed)
        if failed:
            cross(drawing, at)
        return
    start = drawing.at(order.unit.location)
    if isinstance(order, Hold):
        ring(drawing, start, colour, failed=failed)
        if failed:
            cross(drawing, (start[0] + UNIT_R + 5, start[1] - UNIT_R - 5))
    elif isinstance(order, (Move, Retreat)):
        if isinstance(order, Retreat):
            start = drawing.at(order.unit.province, "dislodged")
        # a convoy route written in the order is followed through its seas
        route = [drawing.at(sea) for sea in order.convoy_route] if isinstance(order, Move) else []
        points = [start] + route + [drawing.at(order.dest)]
        for i, (p, q) in enumerate(zip(points, points[1:])):
            first, last = i == 0, i == len(points) - 2
            a, b = _shorten(p, q, UNIT_R + 2 if first else 0, UNIT_R if last else 0)
            arrow(drawing, a, b, colour, failed=failed and i == (len(points) - 2) // 2, head=last,
                       dash="7,4" if failed else None)
    elif isinstance(order, Support):
        supported = drawing.at(order.supported)
        if order.dest is None:
            a, b = _shorten(start, supported, UNIT_R + 2, UNIT_R + 6)
            arrow(drawing, a, b, colour, failed=failed, dash="5,3", head=False, width=2.0)
            ring(drawing, supported, colour, failed=failed, radius=UNIT_R + 6)
        else:
            # to the middle of the supported move, where its arrow runs
            target = _midpoint(*_shorten(supported, drawing.at(order.dest), UNIT_R + 2, UNIT_R))
            a, b = _shorten(start, target, UNIT_R + 2, 3)
            arrow(drawing, a, b, colour, failed=failed, dash="5,3", width=2.0)
    elif isinstance(order, Convoy):
        target = _midpoint(drawing.at(order.army_from), drawing.at(order.army_to))
        a, b = _shorten(start, target, UNIT_R + 2, 3)
        arrow(drawing, a, b, colour, failed=failed, dash="1.5,3.5", width=2.0)
    elif isinstance(order, Disband):
        at = drawing.at(order.unit.province, "dislodged") if order.unit.province in drawing.position.dislodged else start
        cross(drawing, at, size=UNIT_R)
