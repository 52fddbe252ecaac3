"""The drawn-versus-data check (gm_tools/app/mapcheck.py): on hand-made maps where the answer is
known, and on every shipped variant that has a map.svg."""

from __future__ import annotations

import dataclasses

import pytest

from gm_tools.edges.basemap import BaseMap, load_base_map, map_path
from gm_tools.errors import VariantDataError
from gm_tools.app.mapcheck import (
    adjacent_in_data,
    check_variant_map,
    compare,
    drawn_borders,
    path_rings,
    rasterize,
)
from gm_tools.engine.variant import Calendar, Power, Province, Variant
from gm_tools.edges.variants import list_variants, load_variant


def square(x: float, y: float, size: float = 10) -> str:
    return f"M{x} {y}L{x + size} {y}L{x + size} {y + size}L{x} {y + size}Z"


def three_squares_map(**anchors) -> BaseMap:
    """A and B share an edge; C touches B only at a corner."""
    regions = {"A": square(0, 0), "B": square(10, 0), "C": square(20, 10)}
    points = {f"{c}.{r}": (1.0, 1.0) for c in regions for r in ("unit", "dislodged", "label")}
    points.update(anchors)
    return BaseMap(30, 20, regions, anchors=points)


def variant_with(army: dict[str, set[str]], fleet: dict[str, set[str]] | None = None) -> Variant:
    provinces = {c: Province(c, f"Province {c}", "land") for c in ("A", "B", "C")}
    return Variant(
        "tiny", "Tiny", (), provinces, {"X": Power("X", "X", "X", "#000000")},
        {k: frozenset(v) for k, v in army.items()}, {k: frozenset(v) for k, v in (fleet or {}).items()},
        (), {}, Calendar((("S", "M"),), "S1901M"), 1,
    )


# --- reading path data -----------------------------------------------------------------------------


def test_path_rings_reads_absolute_and_relative_straight_segments():
    rings = path_rings("M0 0L10 0V10H0Z m20 0 l5 0 l0 5z")
    assert rings == [[(0, 0), (10, 0), (10, 10), (0, 10)], [(20, 0), (25, 0), (25, 5)]]


def test_path_rings_refuses_curves_with_a_clear_message():
    with pytest.raises(VariantDataError, match="command 'C'.*straight segments"):
        path_rings("M0 0C1 1 2 2 3 3Z", where="map.svg region X")


def test_holes_stay_empty_even_odd():
    base = BaseMap(30, 30, {"R": square(0, 0, 30) + square(10, 10, 10)})
    rows, width, height = rasterize(base, ["R"])
    assert rows[15][15] == 0 and rows[5][5] == 1
    assert sum(1 for row in rows for v in row if v) == 30 * 30 - 10 * 10


# --- borders ----------------------------------------------------------------------------------------


def test_shared_edge_is_a_border_and_a_corner_touch_is_not():
    borders = drawn_borders(three_squares_map(), ["A", "B", "C"])
    assert borders[("A", "B")] == 10
    assert ("B", "C") not in borders and ("A", "C") not in borders


def test_agreeing_map_and_data_have_no_problems():
    variant = variant_with({"A": {"B"}, "B": {"A"}})
    assert compare(variant, three_squares_map()) == []


def test_every_disagreement_is_listed():
    # B-C adjacent in data but drawn apart; A-B drawn touching but not adjacent
    variant = variant_with({"B": {"C"}, "C": {"B"}})
    texts = [p.text for p in compare(variant, three_squares_map())]
    assert texts == [
        "A and B share a border on the map (10 px) but are not adjacent in provinces.toml",
        "B and C are adjacent in provinces.toml but share no border on the map",
    ]


def test_fleet_adjacency_counts_with_coasts_stripped():
    variant = variant_with({}, {"A": {"B/NC"}, "B/NC": {"A"}})
    assert adjacent_in_data(variant) == {("A", "B")}
    assert compare(variant, three_squares_map()) == []


def test_listed_exception_is_accepted_and_a_stale_one_reported():
    variant = variant_with({"A": {"B"}, "B": {"A", "C"}, "C": {"B"}})
    # B-C: a strait the map draws as water; accepted with its reason
    assert compare(variant, three_squares_map(), {"B-C": "strait"}) == []
    stale = compare(variant_with({"A": {"B"}, "B": {"A"}}), three_squares_map(), {"A-B": "no longer needed"})
    assert [p.text for p in stale] == ["[map.exceptions] A-B: map and data already agree; remove it"]
    badly_written = compare(variant, three_squares_map(), {"B-C": "strait", "C-B": "strait"})
    assert any("alphabetical" in p.text for p in badly_written)


def test_overlapping_regions_are_reported():
    variant = variant_with({"A": {"B"}, "B": {"A"}})
    base = three_squares_map()
    regions = dict(base.regions, B=square(5, 0))  # B drawn half over A
    texts = [p.text for p in compare(variant, BaseMap(30, 20, regions, anchors=base.anchors))]
    assert "regions A and B overlap on the map (50 px)" in texts


def test_missing_and_unknown_regions_and_anchors_are_reported():
    variant = variant_with({"A": {"B"}, "B": {"A"}})
    base = three_squares_map()
    regions = dict(base.regions)
    del regions["C"]
    regions["Z"] = square(40, 40)
    anchors = {k: v for k, v in base.anchors.items() if k not in ("A.label", "B.dislodged")}
    texts = [p.text for p in compare(variant, BaseMap(60, 60, regions, anchors=anchors))]
    assert "C (Province C) has no region in map.svg" in texts
    assert "map.svg has a region 'Z' that is no province of the variant" in texts
    assert "map.svg has no anchor A.label" in texts
    # issue 4: 'named anchor points for a unit, a dislodged unit, ... and the label of each province'
    assert "map.svg has no anchor B.dislodged" in texts


# --- the shipped maps --------------------------------------------------------------------------------

SHIPPED = [name for name, _title, _aliases in list_variants() if map_path(name).exists()]


def test_standard_has_a_map():
    assert "standard" in SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_agrees_with_its_adjacency_data(name):
    # DATC/2000 rulebook adjacency lives in provinces.toml; the picture must not contradict it
    variant = load_variant(name)
    problems = check_variant_map(variant)
    assert [p.text for p in problems] == []


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_puts_each_unit_inside_its_own_region(name):
    variant = load_variant(name)
    base = load_base_map(variant)
    codes = sorted(base.regions)
    rows, width, height = rasterize(base, codes)
    wrong = []
    for code, province in sorted(variant.provinces.items()):
        keys = [f"{code}.unit"] + [f"{code}.{c}.unit" for c in province.coasts]
        for key in keys:
            x, y = base.anchors[key]
            label = rows[int(y)][int(x)] if 0 <= int(y) < height and 0 <= int(x) < width else 0
            if label == 0 or codes[label - 1] != code:
                wrong.append(key)
    assert wrong == []


def test_standard_borders_known_from_the_board():
    # a few borders every player knows, and a few famous non-borders
    base = load_base_map(load_variant("standard"))
    borders = drawn_borders(base, sorted(base.regions))
    for pair in [("BUR", "PAR"), ("KIE", "RUH"), ("CON", "SMY"), ("DEN", "SWE"), ("NTH", "SKA")]:
        assert borders.get(pair, 0) >= 3, pair
    for pair in [("MAR", "PAR"), ("BAL", "SKA"), ("AEG", "BLA"), ("HEL", "SKA"), ("BOH", "BUR")]:
        assert borders.get(pair, 0) < 3, pair


def test_each_coast_needs_a_unit_and_a_label_anchor():
    # issue 4: 'named anchor points for ... the label of each province and each coast'
    variant = variant_with({"A": {"B"}, "B": {"A"}})
    provinces = dict(variant.provinces)
    provinces["A"] = Province("A", "Province A", "coast", coasts=("NC", "SC"))
    variant = dataclasses.replace(variant, provinces=provinces)
    base = three_squares_map(**{"A.NC.unit": (1.0, 1.0), "A.NC.label": (1.0, 1.0), "A.SC.unit": (1.0, 1.0)})
    texts = [p.text for p in compare(variant, base)]
    assert "map.svg has no anchor A.SC.label" in texts
    assert not any("A.NC" in t for t in texts)


def test_a_map_that_cannot_be_read_is_a_message_not_a_traceback(tmp_path, monkeypatch, capsys):
    import shutil

    from gm_tools.app.mapcheck import main

    folder = tmp_path / "brokenmap"
    shutil.copytree(map_path("standard").parent, folder, ignore=shutil.ignore_patterns("map.svg"))
    (folder / "map.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">'
                                    '<path class="land" id="PAR" d="M0 0C1 1 2 2 3 3Z"/></svg>', encoding="utf-8")
    monkeypatch.setenv("GM_TOOLS_VARIANTS", str(tmp_path))
    assert main(["brokenmap"]) == 2
    err = capsys.readouterr().err
    assert "brokenmap:" in err and "path command 'C' found; expected straight segments" in err
