"""Where each province's name goes, so that no two names overlap and none covers a unit.

Small provinces (the Holy Roman Empire's) put their label anchors a few pixels apart. The
placement is greedy and deterministic: labels are placed one by one, crowded ones first,
each at the first of a ring of candidate spots around its anchor that touches no label
already placed and no unit or supply-center marker (every province's, occupied or not, so a
label never moves from one phase to the next). A label pushed further than
:data:`LEADER_DISTANCE` from its anchor gets a leader line back to it. A label that fits
nowhere keeps the candidate that overlaps least; :func:`overlaps` measures what is left,
and the test suite holds every shipped map to the thresholds in ``docs/maps.md``.

A pure function of the variant and the base map; the result is cached per base map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gm_tools.engine.variant import LAND, SEA, Variant
from gm_tools.publish.markers import Box, center_box, unit_box, value_spot

CHAR_WIDTH = 6.4
"""Width of one character of a 10 px bold label (DejaVu Sans Bold, the renderer's font)."""
LABEL_HEIGHT = 10.0
"""Height of a label's box: cap height and descenders of 10 px text."""
BASELINE = 4.0
"""The text's baseline below the middle of its box."""
LEADER_DISTANCE = 14.0
"""A label moved further than this from its anchor is tied to it by a leader line."""
RINGS = (0.0, 9.0, 14.0, 20.0, 27.0, 35.0)
"""Distances of the candidate spots from the anchor, tried nearest first."""
DIRECTIONS = 12
"""Candidate spots per ring (evenly spaced angles, starting straight up)."""


@dataclass(frozen=True)
class Placement:
    """Where one province's label is written."""

    code: str
    """The province."""
    x: float
    """Centre of the text."""
    y: float
    """Baseline of the text."""
    box: Box
    """The text's box."""
    leader: tuple[float, float] | None
    """The anchor the leader line points at, or None when the label sits on its anchor."""


def label_box(x: float, y: float, text: str) -> Box:
    """The box of ``text`` centred on ``x`` with its middle at ``y``."""
    half = len(text) * CHAR_WIDTH / 2 + 1
    return Box(x - half, y - LABEL_HEIGHT / 2, x + half, y + LABEL_HEIGHT / 2)


_ANCHORS: dict[int, tuple[object, list[tuple[float, float]]]] = {}


def units_near(variant: Variant, base, point: tuple[float, float], reach: float = 40.0) -> list[tuple[float, float]]:
    """The places a unit can stand (every province's anchor and its coasts') within ``reach``
    px of ``point`` on ``base``, in a fixed order."""
    cached = _ANCHORS.get(id(base))
    if cached is None or cached[0] is not base:
        spots = []
        for code, province in sorted(variant.provinces.items()):
            for key in [f"{code}.unit"] + [f"{code}.{coast}.unit" for coast in province.coasts]:
                if key in base.anchors:
                    spots.append(base.anchors[key])
        if len(_ANCHORS) > 16:
            _ANCHORS.clear()
        cached = _ANCHORS[id(base)] = (base, spots)
    x, y = point
    return [(ux, uy) for ux, uy in cached[1] if abs(ux - x) < reach and abs(uy - y) < reach]


def obstacles(variant: Variant, base, units: bool = True) -> list[Box]:
    """The unit and supply-center markers of every province (drawn or not this phase); without
    the units when ``units`` is false."""
    boxes = []
    for code, province in sorted(variant.provinces.items()):
        if units and f"{code}.unit" in base.anchors:
            # land holds armies only, a sea fleets only, a coast either (armies only where
            # its fleets stand on named coasts)
            kind = "F" if province.type == SEA else "A" if province.type == LAND or province.coasts else None
            boxes.append(unit_box(*base.anchors[f"{code}.unit"], kind))
        for coast in province.coasts:
            if units and f"{code}.{coast}.unit" in base.anchors:
                boxes.append(unit_box(*base.anchors[f"{code}.{coast}.unit"], "F"))
        for coast in province.coasts:  # the coast's own small label ("nc")
            if f"{code}.{coast}.label" in base.anchors:
                x, y = base.anchors[f"{code}.{coast}.label"]
                boxes.append(Box(x - 7, y - 4, x + 7, y + 4))
        if province.supply_center and f"{code}.sc" in base.anchors:
            sc = base.anchors[f"{code}.sc"]
            boxes.append(center_box(*sc))
            if province.value != 1 and f"{code}.unit" in base.anchors:  # the center's value beside it
                boxes.append(value_spot(sc, units_near(variant, base, sc), str(province.value))[3])
    return boxes


class Grid:
    """Boxes bucketed by 40 px cells, so a candidate is checked against its neighbours only."""

    CELL = 40.0

    def __init__(self):
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, box: Box):
        for i in range(int(box.x0 // self.CELL), int(box.x1 // self.CELL) + 1):
            for j in range(int(box.y0 // self.CELL), int(box.y1 // self.CELL) + 1):
                yield i, j

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def overlap(self, box: Box) -> float:
        seen, total = set(), 0.0
        for key in self._keys(box):
            for other in self.cells.get(key, ()):
                if id(other) not in seen:
                    seen.add(id(other))
                    total += box.overlap(other)
        return total


def _candidates(x: float, y: float):
    yield 0.0, x, y
    for ring in RINGS[1:]:
        for k in range(DIRECTIONS):
            angle = 2 * math.pi * k / DIRECTIONS
            # labels are wide: spread the spots wider than high
            yield ring, x + 1.6 * ring * math.sin(angle), y - ring * math.cos(angle)


def _crowding(anchors: dict[str, tuple[float, float]], code: str) -> float:
    x, y = anchors[code]
    return sum(1 for c, (ox, oy) in anchors.items() if c != code and abs(ox - x) < 60 and abs(oy - y) < 30)


_CACHE: dict[int, tuple[object, dict[str, Placement]]] = {}


def place_labels(variant: Variant, base) -> dict[str, Placement]:
    """Each province's label placement on ``base`` (see the module's note)."""
    cached = _CACHE.get(id(base))
    if cached is not None and cached[0] is base:
        return cached[1]
    anchors = {}
    for code in variant.provinces:
        try:
            anchors[code] = base.anchor(code, "label")
        except KeyError:
            continue  # no anchor at all: the renderer reports the base map's mistake
    if any(c not in anchors for c in variant.provinces):
        return {}
    placed: dict[str, Placement] = {}
    labels, markers = Grid(), Grid()
    for box in obstacles(variant, base):
        markers.add(box)
    bounds = Box(0, 0, base.width, base.height)
    # crowded land first: it has the fewest free spots; seas have room to spare
    order = sorted(anchors, key=lambda c: (variant.provinces[c].type == SEA, -_crowding(anchors, c), c))
    for code in order:
        ax, ay = anchors[code]
        best = None
        for distance, x, y in _candidates(ax, ay):
            box = label_box(x, y, code)
            if box.x0 < bounds.x0 or box.y0 < bounds.y0 or box.x1 > bounds.x1 or box.y1 > bounds.y1:
                continue
            # a label on its own unit's anchor is tolerated least: units are what players read
            cost = labels.overlap(box) * 4 + markers.overlap(box) + distance * 0.01
            if best is None or cost < best[0]:
                best = (cost, x, y, box, distance)
            if cost < 1:
                break
        _, x, y, box, distance = best
        labels.add(box)
        placed[code] = Placement(code, x, y + BASELINE, box, (ax, ay) if distance > LEADER_DISTANCE else None)
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(base)] = (base, placed)
    return placed


@dataclass(frozen=True)
class Overlaps:
    """What a label placement leaves overlapping, for the test's thresholds."""

    label_pairs: list[tuple[str, str]]
    """Pairs of province labels whose boxes overlap."""
    on_markers: list[str]
    """Labels whose box overlaps a unit or supply-center marker by more than 10 px²."""


def overlaps(variant: Variant, base, placed: dict[str, Placement]) -> Overlaps:
    codes = sorted(placed)
    pairs = [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:]
             if placed[a].box.overlap(placed[b].box) > 0]
    grid = Grid()
    for box in obstacles(variant, base):
        grid.add(box)
    on = [c for c in codes if grid.overlap(placed[c].box) > 10]
    return Overlaps(pairs, on)
