"""Units readable where provinces crowd (the Europe maps' Holy Roman Empire and northern Italy):
with every province occupied, no unit covers another province's unit (a fleet on any coast
included) or any province's name, and no center's value; a dislodged unit is drawn clear of
the units, names and centers around it where the map has room. Measured on the rendered SVG:
the units' own shapes and the labels' text, not the anchors they came from."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from gm_tools.edges.basemap import load_base_map
from gm_tools.edges.variants import list_variants, load_variant
from gm_tools.engine.model import Dislodged, Position, Unit
from gm_tools.engine.variant import SEA
from gm_tools.publish.dislodged import place_dislodged
from gm_tools.publish.labels import obstacles, place_labels, units_near
from gm_tools.publish.markers import Box, dislodged_boxes, unit_box, value_spot
from gm_tools.publish.render import render_svg

from test_labels import _label_boxes

NS = {"s": "http://www.w3.org/2000/svg"}
EUROPE = ["europe1615", "europe1615v2", "europe1619"]
MAPS = [name for name, _, _ in list_variants() if load_variant(name).map_svg]


def crowd(variant, layout: int = 0, dislodged: tuple[str, ...] = ()) -> Position:
    """Every province occupied: an army on land, a fleet at sea; layout k > 0 puts a fleet on
    each split-coast province's k-th coast (its last when it has fewer)."""
    powers = list(variant.powers)
    units, out = {}, {}
    for i, (code, province) in enumerate(sorted(variant.provinces.items())):
        if layout and province.coasts:
            kind, location = "F", f"{code}/{province.coasts[min(layout, len(province.coasts)) - 1]}"
        else:
            kind, location = ("F" if province.type == SEA else "A"), code
        units[code] = Unit(powers[i % len(powers)], kind, location)
        if code in dislodged:
            out[code] = Dislodged(Unit(powers[(i + 1) % len(powers)], kind, location), None, ())
    return Position(phase=variant.calendar.first_phase, units=units, centers={}, dislodged=out)


def _shape_box(group: ET.Element) -> Box:
    """The box of a unit symbol's shape (a rounded box or a hull) with half its outline."""
    rect = group.find("s:rect", NS)
    if rect is not None:
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        half = float(rect.get("stroke-width")) / 2
        return Box(x - half, y - half, x + w + half, y + h + half)
    polygon = group.find("s:polygon", NS)
    points = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
    half = float(polygon.get("stroke-width")) / 2
    return Box(min(p[0] for p in points) - half, min(p[1] for p in points) - half,
               max(p[0] for p in points) + half, max(p[1] for p in points) + half)


def drawn_units(svg: str, layer: str = "units") -> dict[str, Box]:
    """Location -> the box of the unit drawn there, from the map's units layer."""
    root = ET.fromstring(svg)
    out = {}
    for group in root.find(f".//s:g[@id='{layer}']", NS).findall("s:g", NS):
        location = group.find("s:title", NS).text.split()[-1]
        out[location] = _shape_box(group)
    return out


def _all_locations(variant) -> dict[str, Box]:
    """Every place a unit can stand, from as many renders as a province has coasts."""
    layouts = 1 + max((len(p.coasts) for p in variant.provinces.values()), default=0)
    boxes: dict[str, Box] = {}
    labels = None
    for layout in range(layouts):
        svg = render_svg(variant, crowd(variant, layout))
        boxes.update(drawn_units(svg))
        labels = labels or _label_boxes(svg)
    return boxes, labels


def _pairs(boxes: dict[str, Box]) -> list[tuple[str, str]]:
    locations = sorted(boxes)
    return [(a, b) for i, a in enumerate(locations) for b in locations[i + 1:]
            if a.split("/")[0] != b.split("/")[0] and boxes[a].overlap(boxes[b]) > 0]


@pytest.mark.parametrize("name", MAPS)
def test_no_unit_covers_another_provinces_unit_or_a_name(name):
    variant = load_variant(name)
    boxes, labels = _all_locations(variant)
    assert len(boxes) == sum(1 + len(p.coasts) for p in variant.provinces.values())
    assert _pairs(boxes) == []
    covered = sorted((loc, code) for loc, box in boxes.items() for code, label in labels.items()
                     if box.overlap(label) > 0)
    assert covered == []


MAX_VALUES_COVERED = {"europe1615": 3, "europe1615v2": 2, "europe1619": 3}
"""Center values a unit covers with every province occupied: the value is written on the
side of its marker no unit covers; around Mantua, the Rhineland (the Palatinate) and, on the
maps with its two coasts, Holstein, no side is free. Before, every center's own unit covered
its value."""


@pytest.mark.parametrize("name", MAPS)
def test_no_unit_covers_a_centers_value(name):
    variant = load_variant(name)
    base = load_base_map(variant)
    boxes, _ = _all_locations(variant)
    values = {code: value_spot(base.anchor(code, "sc"), units_near(variant, base, base.anchor(code, "sc")),
                               str(p.value))[3]
              for code, p in variant.provinces.items() if p.supply_center and p.value != 1}
    covered = {code for loc, box in boxes.items() for code, value in values.items() if box.overlap(value) > 0}
    assert len(covered) <= MAX_VALUES_COVERED.get(name, 0), sorted(covered)


def test_the_drawn_value_stands_where_its_box_says():
    variant = load_variant("europe1615v2")
    base = load_base_map(variant)
    svg = render_svg(variant, crowd(variant))
    x, y = base.anchor("BOH", "sc")
    vx, vy, side, box = value_spot((x, y), units_near(variant, base, (x, y)), "9")
    assert re.search(rf'<text x="{vx:.1f}" y="{vy:.1f}" [^>]*text-anchor="{side}"[^>]*>9</text>', svg)


def _covered_by_dislodged(variant, base, code, occupied, spot=None) -> tuple[float, float, float]:
    """What the unit dislodged in ``code`` covers, drawn at ``spot`` (by default where the
    renderer puts it): (other provinces' units, names and centers, its own province's unit), px²."""
    if spot is None:
        spot = place_dislodged(variant, base, {code}, occupied)[code]
        spot = (spot.x, spot.y)
    boxes = dislodged_boxes(*spot)
    others = [unit_box(*base.anchor(loc, "unit")) for loc in occupied if loc.split("/")[0] != code]
    fixed = obstacles(variant, base, units=False) + [p.box for p in place_labels(variant, base).values()]
    own = unit_box(*base.anchor(code, "unit"))
    return (sum(b.overlap(o) for b in boxes for o in others), sum(b.overlap(o) for b in boxes for o in fixed),
            sum(b.overlap(own) for b in boxes))


MAX_DISLODGED_ON_NAMES = {"europe1619": 2}
"""Provinces whose dislodged unit covers a name or a center even with the board around it
empty: on Europe 1619, Hesse and Wuerzburg, whose neighbours' names (the Palatinate's among
them) fill the Empire's middle."""


@pytest.mark.parametrize("name", MAPS)
def test_a_dislodged_unit_covers_nothing_beside_its_province(name):
    """With its province's own unit standing, every dislodged unit is drawn clear of that unit
    and, where the map has room, of every name, center and value."""
    variant = load_variant(name)
    base = load_base_map(variant)
    covering = {code: _covered_by_dislodged(variant, base, code, [code]) for code in sorted(variant.provinces)}
    assert not any(c[0] or c[2] for c in covering.values())
    named = sorted(code for code, c in covering.items() if c[1])
    assert len(named) <= MAX_DISLODGED_ON_NAMES.get(name, 0), named


@pytest.mark.parametrize("name", ["standard", "centenary"])
def test_on_the_uncrowded_maps_a_dislodged_unit_covers_nothing_on_a_full_board(name):
    variant = load_variant(name)
    base = load_base_map(variant)
    occupied = list(variant.provinces)
    covering = {code: _covered_by_dislodged(variant, base, code, occupied) for code in sorted(variant.provinces)}
    assert {code: c for code, c in covering.items() if c[0] or c[1]} == {}


@pytest.mark.parametrize("name", EUROPE)
def test_on_a_full_europe_board_a_dislodged_unit_covers_little(name):
    """Every province occupied, each dislodged in turn: outside the Empire's middle there is
    room; inside it there is none for a unit and its word, and what is covered there is a
    fraction of what the map's own spot covered (its ``dislodged`` anchor, where main drew it)."""
    variant = load_variant(name)
    base = load_base_map(variant)
    occupied = list(variant.provinces)
    placed = [_covered_by_dislodged(variant, base, code, occupied) for code in sorted(variant.provinces)]
    at_anchor = [_covered_by_dislodged(variant, base, code, occupied, base.anchor(code, "dislodged"))
                 for code in sorted(variant.provinces)]
    assert sum(c[0] + c[1] for c in placed) < sum(c[0] + c[1] for c in at_anchor) / 4
    assert sum(1 for c in placed if c[0] or c[1]) < len(variant.provinces) / 8
    assert sum(1 for c in at_anchor if c[0] or c[1]) > len(variant.provinces) / 2


def test_a_dislodged_unit_is_drawn_at_its_spot_tied_when_far():
    variant = load_variant("europe1615v2")
    base = load_base_map(variant)
    position = crowd(variant, dislodged=("KAL", "NTH"))
    svg = render_svg(variant, position)
    spots = place_dislodged(variant, base, {"KAL", "NTH"}, [u.location for u in position.units.values()])
    drawn = drawn_units(svg, "dislodged")
    for code in ("KAL", "NTH"):
        box = drawn[code]
        assert math.isclose((box.x0 + box.x1) / 2, spots[code].x, abs_tol=0.1)
        assert math.isclose((box.y0 + box.y1) / 2, spots[code].y, abs_tol=1.0)
        assert box.overlap(unit_box(*base.anchor(code, "unit"))) < 150
    layer = ET.tostring(ET.fromstring(svg).find(".//s:g[@id='dislodged']", NS), encoding="unicode")
    ties = re.findall(r'<ns0:line class="tie"|<line class="tie"', layer)
    assert len(ties) == sum(1 for s in spots.values() if s.tie)
