"""The Europe 1619 map, coloured by the rules' province_style hook (gm_tools/systems/europe1619/mapstyle.py),
drawn by the real renderer and read back as SVG.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook"); quoted words are
its own. The position is set up by hand in ``Position.extra`` (docs/europe1619.md, 'State in
Position.extra'): INFs give the statuses, ``markers`` the confessional markers, ``captured``
the captures.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from gm_tools.systems.europe1619 import mapstyle
from gm_tools.engine.model import Position, Unit
from gm_tools.edges.png import svg_to_png
from gm_tools.publish.render import render_svg
from gm_tools.publish.style import ALIGNED_TINT, CONFESSION_COLOURS, NEUTRAL_STATE_FILL, UNALIGNED_FILL
from gm_tools.publish.style import mix as _mix
from gm_tools.edges.variants import load_variant

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def europe():
    return load_variant("europe1619")


def board(europe, **extra) -> Position:
    units = {u.province: u for u in europe.start_units}
    return Position("Y1620M", units=units, centers=dict(europe.start_centers), extra={"europe1619": extra} if extra else {})


STATUSES = {
    "LOR": {"FRANCE": 3},  # aligned with France
    "HES": {"UNION": 30},  # vassal of the Union (25 INFs or more)
    "TUS": {"SPAIN": 2, "PAPACY": 2},  # two powers equally invested: neutral
    "TRA": {"OTTOMAN": 3},
    # GEN: no INFs, unaligned
}
MARKERS = {"LOR": "catholic", "HES": "protestant", "TRA": "ottoman"}


def paths(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {p.get("id"): p for p in root.iter(f"{SVG}path") if p.get("id")}


def texts(svg: str) -> list[ET.Element]:
    """The visible texts (not the white halos drawn under some)."""
    return [t for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("fill") != "#ffffff"]


def map_texts(svg: str) -> list[ET.Element]:
    """The visible texts of the map itself, not the enlarged inset's copies below it."""
    board_layer = ET.fromstring(svg).find(f".//{SVG}g[@id='map']")
    return [t for t in board_layer.iter(f"{SVG}text") if t.get("fill") != "#ffffff"]


def test_each_status_has_its_fill(europe):
    # 1619 rulebook, 'Every minor state has one of four alignment statuses': 'UNALIGNED ...
    # (grey-colored)', 'NEUTRAL ... (white-colored)'; aligned tinted, vassal hatched in the
    # power's colour (docs: the referee presents 'the map color-coded').
    svg = render_svg(europe, board(europe, influence=STATUSES))
    regions = paths(svg)
    france, union = europe.powers["FRANCE"].colour, europe.powers["UNION"].colour
    assert regions["LOR"].get("fill") == _mix(france, ALIGNED_TINT)
    assert regions["TUS"].get("fill") == NEUTRAL_STATE_FILL
    assert regions["GEN"].get("fill") == UNALIGNED_FILL
    # the vassal: its own region, then the same outline filled with the Union's hatching
    hatch = f"url(#hatch-{union[1:]})"
    assert any(p.get("fill") == hatch and p.get("d") == regions["HES"].get("d")
               for p in ET.fromstring(svg).iter(f"{SVG}path"))
    pattern = next(p for p in ET.fromstring(svg).iter(f"{SVG}pattern") if p.get("id") == f"hatch-{union[1:]}")
    assert pattern.find(f"{SVG}path").get("stroke") == union
    # a power's home province keeps the default look (no style)
    assert mapstyle.province_style(europe, board(europe, influence=STATUSES), "PAR") is None


def test_large_minor_state_has_one_status_for_all_its_provinces(europe):
    # 1619 rulebook, 'Large minor states': the Bohemian Confederacy is BOH, LUS, SIL and MOR
    regions = paths(render_svg(europe, board(europe, influence={"BOHC": {"UNION": 4}})))
    union = europe.powers["UNION"].colour
    assert {regions[c].get("fill") for c in ("BOH", "LUS", "SIL", "MOR")} == {_mix(union, ALIGNED_TINT)}


def test_confessional_markers_in_their_colours_on_the_home_center(europe):
    # 1619 rulebook, 'Confessional markers': 'a Protestant marker (orange cross) or a Catholic
    # marker (blue cross) or a Ottoman marker (green crescent moon and star)', 'only placed in
    # minor's home supply center'.
    svg = render_svg(europe, board(europe, influence=STATUSES, markers=MARKERS))
    drawn = {(t.text, t.get("fill")) for t in texts(svg)}
    assert ("\u271d", CONFESSION_COLOURS["catholic"]) in drawn
    assert ("\u271d", CONFESSION_COLOURS["protestant"]) in drawn
    assert ("\u262a", CONFESSION_COLOURS["ottoman"]) in drawn
    assert CONFESSION_COLOURS["catholic"] != CONFESSION_COLOURS["protestant"]
    # without markers, no marker is drawn
    plain = {t.text for t in texts(render_svg(europe, board(europe, influence=STATUSES)))}
    assert "\u271d" not in plain and "\u262a" not in plain


def test_captured_minor_is_grey_and_marked(europe):
    # 1619 rulebook: 'if a minor's home center is captured, its provinces are colored grey at
    # the Map Adjustment Phase'; the center itself is the captor's.
    position = board(europe, influence={"BOHC": {"UNION": 4}}, captured={"BOH": "SAXONY"})
    position.centers["BOH"] = "SAXONY"
    styles = mapstyle.province_styles(europe, position)
    assert {styles[c].fill for c in ("LUS", "SIL", "MOR")} == {UNALIGNED_FILL}
    assert {styles[c].note for c in ("BOH", "LUS", "SIL", "MOR")} == {"captured"}
    svg = render_svg(europe, position)
    assert [t.text for t in map_texts(svg)].count("captured") == 4
    # the captured provinces are outlined dashed, so the state does not rest on colour alone
    notes = [p for p in ET.fromstring(svg).find(f".//{SVG}g[@id='map']").iter(f"{SVG}path") if p.get("class") == "note"]
    assert len(notes) == 4 and all(p.get("stroke-dasharray") for p in notes)


def test_province_captured_by_a_minor_takes_the_minors_status_colour(europe):
    # 1619 rulebook, additional rule 6: 'When a minor unit captures a province or supply
    # center, then the province ... is colored according to the status of the minor state'.
    position = board(europe, influence={"HES": {"UNION": 30}}, captured={"ERF": "HES"})
    style = mapstyle.province_styles(europe, position)["ERF"]
    assert style.hatch == europe.powers["UNION"].colour and style.note == "captured"


def test_foreign_unit_standing_in_a_minor_is_contested(europe):
    # A French army in Wuerzburg, aligned with the Union: until the Map Adjustment Phase
    # decides ('4b ... the foreign unit must retreat'; '4c ... captures'), it is contested.
    position = board(europe, influence={"WUR": {"UNION": 5}})
    position.units["WUR"] = Unit("FRANCE", "A", "WUR")
    assert mapstyle.province_styles(europe, position)["WUR"].note == "contested"
    # the minor's own unit there contests nothing
    assert mapstyle.province_styles(europe, board(europe, influence={"WUR": {"UNION": 5}}))["WUR"].note is None


def test_same_position_same_bytes_and_the_png_renders(europe):
    extra = dict(influence=STATUSES, markers=MARKERS, captured={"BOH": "SAXONY"})
    svg = render_svg(europe, board(europe, **extra))
    assert svg == render_svg(europe, board(europe, **dict(reversed(list(extra.items())))))
    png = svg_to_png(svg, 600)
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == 600 and image.size[1] > 300


def test_the_legend_lists_the_fifteen_powers_and_sums_up_the_minor_states(europe):
    # 1619 rulebook: 'All units of the minor states ... are represented by sliver-colored pieces';
    # the legend names each power and counts the 25 minor states' centers and units together.
    svg = render_svg(europe, board(europe))
    legend = [t.text for t in texts(svg)]
    assert sum(1 for t in legend if t and " SC, " in t) == 16
    assert "25 not played: 25 SC, 25 units" in legend
    assert "France: 4 SC, 4 units" in legend


def test_legend_entries_with_victory_points_do_not_overlap(europe):
    # 'Catholic League and Bavaria: 1 SC, 1 unit, 12 VP (1622)' is wider than the standard
    # map's entries: the entries are laid out wider, so each text ends before the next starts.
    ledger = {"scores": {"1622": {p: 12 for p in europe.powers if europe.powers[p].playable}}}
    root = ET.fromstring(render_svg(europe, board(europe, ledger=ledger)))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "legend")
    entries = [(float(t.get("x")), float(t.get("y")), t.text) for t in legend.iter(f"{SVG}text")
               if t.get("fill") != "#ffffff" and " SC, " in (t.text or "")]
    rows: dict[float, list] = {}
    for x, y, text in entries:
        rows.setdefault(y, []).append((x, text))
    assert len(entries) == 16
    for row in rows.values():
        row.sort()
        for (x, text), (next_x, _) in zip(row, row[1:]):
            assert x + 6.8 * len(text) <= next_x, f"{text!r} runs into the next entry"
