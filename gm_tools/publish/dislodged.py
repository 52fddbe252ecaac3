"""Where a dislodged unit is drawn: beside its province's unit, clear of what else is there.

A dislodged unit shares its province with the unit that dislodged it, so it is drawn offset,
with the word "dislodged" above it. The base map's ``dislodged`` anchor puts it up and right
of the unit (``tools/mapgen``'s default); in the crowded Holy Roman Empire and northern
Italy that spot lies on a neighbour's unit or name. So a dislodged unit stands at the map's
anchor when that is clear, else at the first of a ring of spots around its province's unit
that covers no unit on the board, no supply center or its value, no province name (as
:mod:`gm_tools.publish.labels` places them) and no other dislodged unit; failing all, at the
spot that covers least. One further than :data:`TIE_DISTANCE` from its province's unit is
tied to it by a thin line.

A pure function of the variant, the base map and which locations hold a unit; the part that
is the same every phase (names, centers) is worked out once per base map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gm_tools.engine.model import province_of
from gm_tools.engine.variant import Variant
from gm_tools.publish.labels import Grid, obstacles, place_labels
from gm_tools.publish.markers import dislodged_boxes, unit_box

RINGS = (20.0, 24.0, 29.0, 35.0, 42.0, 50.0, 60.0, 72.0)
"""Distances of the candidate spots from the province's unit, tried nearest first."""
DIRECTIONS = 16
"""Candidate spots per ring, evenly spaced, the nearest to the map's own anchor first."""
UNIT_WEIGHT = 10.0
"""How much worse covering a unit is than covering as much of a name or a center."""
OWN_WEIGHT = 0.5
"""How much covering its own province's unit costs, for as much of a name."""
OWN_LIMIT = 150.0
"""The most of its own province's unit a dislodged unit may cover, px²: its letter stays clear."""
TIE_DISTANCE = 40.0
"""A spot further than this from its province's unit gets a line back to it (the map's own
anchor is 20 px away)."""


@dataclass(frozen=True)
class Spot:
    """Where one dislodged unit is drawn."""

    x: float
    y: float
    tie: tuple[float, float] | None
    """Its province's unit anchor, when the spot is far enough from it to need a line back."""


def _candidates(unit: tuple[float, float], given: tuple[float, float]):
    yield given
    ux, uy = unit
    start = math.atan2(given[0] - ux, uy - given[1])
    for ring in RINGS:
        for k in range(DIRECTIONS):
            # alternately either side of the map's direction, the nearest turns first
            turn = (k + 1) // 2 * (1 if k % 2 else -1)
            angle = start + 2 * math.pi * turn / DIRECTIONS
            # a unit is wider than high: the spots spread wider than high
            yield ux + 1.3 * ring * math.sin(angle), uy - ring * math.cos(angle)


_FIXED: dict[int, tuple[object, Grid | None]] = {}


def _fixed(variant: Variant, base) -> Grid | None:
    """What no dislodged unit may cover in any phase: the centers, their values, the coasts'
    names and the provinces' names as placed. None when the base map lacks anchors."""
    cached = _FIXED.get(id(base))
    if cached is not None and cached[0] is base:
        return cached[1]
    grid: Grid | None = Grid()
    labels = place_labels(variant, base)
    if not labels:
        grid = None
    else:
        for box in obstacles(variant, base, units=False):
            grid.add(box)
        for placement in labels.values():
            grid.add(placement.box)
    if len(_FIXED) > 16:
        _FIXED.clear()
    _FIXED[id(base)] = (base, grid)
    return grid


def place_dislodged(variant: Variant, base, dislodged, occupied) -> dict[str, Spot]:
    """Where each unit dislodged in the provinces ``dislodged`` is drawn, with units standing
    at the locations ``occupied`` (``"PAR"``, ``"SPA/NC"``): see the module's note. Empty when
    the base map lacks anchors (the renderer reports those)."""
    fixed = _fixed(variant, base)
    if fixed is None:
        return {}
    try:
        units = {code: base.anchor(code, "unit") for code in dislodged}
        standing = {province_of(loc): base.anchor(loc, "unit") for loc in occupied}
    except KeyError:
        return {}
    # the unit that dislodged it stands in its province (or is drawn as if it did)
    standing.update((code, units[code]) for code in units if code not in standing)
    taken = Grid()
    for code in sorted(standing):
        taken.add(unit_box(*standing[code]))
    spots: dict[str, Spot] = {}
    for code in sorted(units):
        unit = units[code]
        own = unit_box(*standing[code])
        best = None
        for x, y in _candidates(unit, base.anchor(code, "dislodged")):
            boxes = dislodged_boxes(x, y)
            if any(b.x0 < 0 or b.y0 < 0 or b.x1 > base.width or b.y1 > base.height for b in boxes):
                continue
            distance = math.hypot(x - unit[0], y - unit[1])
            # covering another province's unit hides who holds it, so it costs most; a name or a
            # center is read around; its own province's unit, half covered, still shows (stacked)
            mine = sum(own.overlap(b) for b in boxes)
            if mine > OWN_LIMIT:
                continue
            covered = sum(fixed.overlap(b) + UNIT_WEIGHT * taken.overlap(b) for b in boxes)
            cost = covered - (UNIT_WEIGHT - OWN_WEIGHT) * mine + distance * 0.01
            if best is None or cost < best[0]:
                best = (cost, x, y, boxes, distance)
            if covered == 0:
                break  # the nearest spot that covers nothing
        if best is None:  # a map too small for any spot: the map's own anchor
            x, y = base.anchor(code, "dislodged")
            best = (0.0, x, y, dislodged_boxes(x, y), 0.0)
        _, x, y, boxes, distance = best
        for box in boxes:
            taken.add(box)
        spots[code] = Spot(x, y, unit if distance > TIE_DISTANCE else None)
    return spots
