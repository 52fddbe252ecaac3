"""The boxes of what the map draws at a province's anchors: a unit, a dislodged unit with its
word, a supply center and its value. Their sizes live here once, so the renderer, the label
placement (:mod:`gm_tools.publish.labels`), the dislodged units' placement
(:mod:`gm_tools.publish.dislodged`) and the tests measure the same boxes.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.publish.svgbits import UNIT_R


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in map pixels."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: "Box") -> float:
        """The area the two boxes share (0 when they only touch)."""
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0


UNIT_STROKE = 1.5
"""Width of a unit symbol's outline, px."""
UNIT_HALF = (UNIT_R * 1.15 + UNIT_STROKE / 2, UNIT_R * 0.75 + UNIT_STROKE / 2)
"""Half width and half height of a unit symbol around its anchor, outline included: a fleet's
deck is the widest part (1.15 r each side), an army's box the tallest (0.75 r)."""
CENTER_HALF = (5.5, 5.5)
"""Half size of a supply-center marker around its anchor (a 5 px ring and its outline)."""
VALUE_GAP = 8.0
"""From a center marker's middle to the near edge of its value's text, px."""
VALUE_CHAR = 6.4
"""Width of one digit of the 10 px bold value."""
WORD = "dislodged"
"""Written above a dislodged unit: its dashed outline alone is easy to miss."""
WORD_SIZE = 8.0
WORD_HALF = (23.5, 4.5)
"""Half width and half height of the word's box: 5.5 em of DejaVu Sans Bold at 8 px and its
white halo; from the ascenders to the descender of the g."""
WORD_RISE = UNIT_R + 3
"""From the dislodged unit's anchor up to the word's baseline."""


def around(x: float, y: float, half_w: float, half_h: float) -> Box:
    return Box(x - half_w, y - half_h, x + half_w, y + half_h)


ARMY_HALF = (UNIT_R + UNIT_STROKE / 2, UNIT_R * 0.75 + UNIT_STROKE / 2)
"""Half width and half height of an army's box, outline included."""
FLEET_BOX = (-(UNIT_R * 1.15 + UNIT_STROKE / 2), -(UNIT_R * 0.55 + UNIT_STROKE / 2),
             UNIT_R * 1.15 + UNIT_STROKE / 2, UNIT_R * 0.7 + UNIT_STROKE / 2)
"""A fleet's hull around its anchor (left, top, right, bottom), outline included."""


def unit_box(x: float, y: float, kind: str | None = None) -> Box:
    """Where a unit symbol at (x, y) draws (its strength badge, on the few special units,
    aside): an army's (``"A"``), a fleet's (``"F"``), or for a place either may stand the box
    around both."""
    if kind == "A":
        return around(x, y, *ARMY_HALF)
    if kind == "F":
        return Box(x + FLEET_BOX[0], y + FLEET_BOX[1], x + FLEET_BOX[2], y + FLEET_BOX[3])
    return around(x, y, *UNIT_HALF)


def word_box(x: float, y: float) -> Box:
    """Where the word over a dislodged unit at (x, y) draws."""
    base = y - WORD_RISE
    return Box(x - WORD_HALF[0], base - 2 * WORD_HALF[1] + 2.5, x + WORD_HALF[0], base + 2.5)


def dislodged_boxes(x: float, y: float) -> tuple[Box, Box]:
    """The dislodged unit's symbol and its word, two boxes: the corners beside the word are free."""
    return unit_box(x, y), word_box(x, y)


def center_box(x: float, y: float) -> Box:
    return around(x, y, *CENTER_HALF)


def value_spot(sc: tuple[float, float], units, text: str) -> tuple[float, float, str, Box]:
    """Where a center's value (``text``) is written beside its marker at ``sc``: right of it,
    else left, below, above, below left or above left, the first side no unit standing at one of ``units`` (the
    anchors around: the province's own and its neighbours') would cover; failing all, the
    side covered least. Returns the text's x and baseline y, its SVG ``text-anchor`` and its box."""
    x, y = sc
    width = VALUE_CHAR * len(text)
    sides = (
        (x + VALUE_GAP, y + 4, "start", Box(x + VALUE_GAP - 1, y - 5, x + VALUE_GAP + width, y + 5)),
        (x - VALUE_GAP, y + 4, "end", Box(x - VALUE_GAP - width, y - 5, x - VALUE_GAP + 1, y + 5)),
        (x, y + 18, "middle", Box(x - width / 2 - 1, y + 9, x + width / 2 + 1, y + 19)),
        (x, y - 10, "middle", Box(x - width / 2 - 1, y - 19, x + width / 2 + 1, y - 9)),
        (x - 3, y + 18, "end", Box(x - 4 - width, y + 9, x - 2, y + 19)),
        (x - 3, y - 10, "end", Box(x - 4 - width, y - 19, x - 2, y - 9)),
    )
    boxes = [unit_box(*unit) for unit in units]
    best = None
    for side in sides:
        covered = sum(side[3].overlap(b) for b in boxes)
        if covered <= 0:
            return side
        if best is None or covered < best[0]:
            best = (covered, side)
    return best[1]
