"""The static site (issue 3, part 5): judge text, safe markdown, the writer that rewrites only
what changed, the chart, the feed, errors, variant sections.

Games are played by the real engine (``tests/sitegame.py``) and stored as history records in
the documented format; the site reads nothing else.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gm_tools.publish.charts import MARKERS, ChartLine, centers_chart
from gm_tools.errors import GameError, UserError
from gm_tools.engine.hooks import SheetHooks
from gm_tools.engine.system import GameSystem, register_system, unregister_system
from gm_tools.publish.judgetext import judge_text, kind_and_when, order_words, result_flags
from gm_tools.engine.results import reason
from gm_tools.engine.positions import same_unit_texts
from gm_tools.publish.safemarkdown import render_markdown, safe_url
from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.site import MANIFEST, TEMPLATES, SiteSettings, build_site, collect, write_site
from gm_tools.publish.sitefiles import BUILDING
from gm_tools.edges.variants import load_variant
from sitegame import play_next, small_game

STANDARD = load_variant("standard")
FAST = SiteSettings(base_map=schematic_map)
"""The schematic grid instead of the real map: a tenth of the time per PNG. The command-line
and browser tests draw the real map."""


def build(games: Path, site: Path, settings: SiteSettings = FAST):
    return build_site(games, site, settings)


@pytest.fixture(scope="module")
def game_records(tmp_path_factory):
    """The small game's four records (S1901M, F1901M, F1901R, W1901A)."""
    return small_game(tmp_path_factory.mktemp("records") / "sheets", STANDARD)


@pytest.fixture
def games(tmp_path):
    root = tmp_path / "sheets"
    small_game(root, STANDARD, phases=2)
    return root


def _files(site: Path) -> dict[str, bytes]:
    """The site's files (without the builder's bookkeeping file)."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and p.name != MANIFEST}


# --- judge text ---------------------------------------------------------------------------------
# Lines longer than 76 columns are wrapped as judges wrap them (judgetext.WIDTH), continued
# four spaces in where the line has no "Power: " to hang under.

FALL_1901 = """\
Movement results for Fall of 1901. (demo.F1901M)

Austria: Army Serbia HOLD.  (*no order*)
Austria: Army Vienna HOLD.  (*no order*)
Austria: Fleet Albania HOLD.  (*no order*)

England: Army Yorkshire -> Norway.  (*no convoy*)
England: Fleet North Sea SUPPORT Fleet Norwegian Sea -> Norway.  (*void*)
England: Fleet Norwegian Sea HOLD.

France: Army Burgundy HOLD.  (*dislodged*)
France: Army Marseilles SUPPORT Army Burgundy.  (*cut*)
France: Fleet Mid-Atlantic Ocean -> Portugal.

Germany: Army Munich SUPPORT Army Ruhr -> Burgundy.
Germany: Army Ruhr -> Burgundy.
Germany: Fleet Holland HOLD.

Italy: Army Piedmont -> Marseilles.  (*bounce*)
Italy: Army Venice HOLD.
Italy: Fleet Ionian Sea -> Tunis.

Russia: Army Ukraine HOLD.  (*no order*)
Russia: Army Warsaw HOLD.  (*no order*)
Russia: Fleet Gulf of Bothnia HOLD.  (*no order*)
Russia: Fleet Sevastopol HOLD.  (*no order*)

Turkey: Army Bulgaria HOLD.
Turkey: Army Constantinople HOLD.
Turkey: Fleet Ankara HOLD.

The following units were dislodged:

The French Army in Burgundy can retreat to Belgium, Gascony, Paris or
    Picardy.

The next phase of 'demo' will be Retreat for Fall of 1901.
"""

FALL_1901_RETREATS = """\
Retreat results for Fall of 1901. (demo.F1901R)

France: Army Burgundy -> Picardy.

Ownership of supply centers:

Austria: Budapest, Serbia, Trieste, Vienna.
England: Edinburgh, Liverpool, London.
France: Brest, Marseilles, Paris, Portugal.
Germany: Berlin, Holland, Kiel, Munich.
Italy: Naples, Rome, Tunis, Venice.
Russia: Moscow, Sevastopol, St Petersburg, Warsaw.
Turkey: Ankara, Bulgaria, Constantinople, Smyrna.

Austria: 4 Supply centers, 3 Units: Builds 1 unit.
England: 3 Supply centers, 3 Units: Builds 0 units.
France: 4 Supply centers, 3 Units: Builds 1 unit.
Germany: 4 Supply centers, 3 Units: Builds 1 unit.
Italy: 4 Supply centers, 3 Units: Builds 1 unit.
Russia: 4 Supply centers, 4 Units: Builds 0 units.
Turkey: 4 Supply centers, 3 Units: Builds 1 unit.

The next phase of 'demo' will be Adjustment for Winter of 1901.
"""


def test_judge_text_of_a_movement_phase_is_pinned(game_records):
    # 2000 rulebook: 'Support is cut if the unit giving support is attacked from any province
    # except the one where support is being given' (A PIE cuts A MAR); a support of a move
    # that is not made is void; an army ordered overseas with no convoy stays; 'a dislodged
    # unit ... may retreat to any vacant province it could ordinarily move to' except where
    # the attack came from (not Ruhr). Flags in the email judges' notation; a unit held for want
    # of an order is marked so (2000 rulebook: an unordered unit holds), Austria's and Russia's.
    assert judge_text(STANDARD, game_records[1]) == FALL_1901


def test_judge_text_of_a_retreat_closing_the_year_has_ownership_and_adjustments(game_records):
    # 2000 rulebook, 'Supply centers': ownership changes after the Fall turn (its retreats
    # included); 'Gaining and losing units': builds = centers owned - units.
    assert judge_text(STANDARD, game_records[2]) == FALL_1901_RETREATS


def test_judge_text_of_adjustments_names_builds_and_waivers(game_records):
    text = judge_text(STANDARD, game_records[3])
    assert text.startswith("Adjustment results for Winter of 1901. (demo.W1901A)\n\n")
    assert "Austria: Builds an army in Budapest.\n" in text
    assert "Germany: Builds a fleet in Kiel.\n" in text
    assert "Italy: Build waived.\n" in text  # 2000 rulebook: a power may choose not to build
    assert text.endswith("The next phase of 'demo' will be Movement for Spring of 1902.\n")
    assert "Ownership of supply centers" not in text


@pytest.mark.parametrize("variant, phase, heading", [
    ("standard", "W1901A", "Adjustment results for Winter of 1901."),
    ("europe1615", "W1617S", "Scoring results for Late Winter of 1617."),  # a season of the year
    ("europe1615", "U1616M", "Movement results for Summer of 1616."),
    ("europe1615", "I1618C", "Status Check results for 1618."),  # "Initial" is no season
    ("europe1615v2", "P1615I", "Influence results for 1615."),
    ("europe1615v2", "P1616D", "Diplomatic Attacks results for 1616."),
    ("europe1615v2", "T1616T", "Revenue results for 1616."),
    ("europe1619", "Y1622M", "Orders results for 1622."),
    ("westphalia", "R1635T", "Player Turns results for 1635."),
])
def test_judge_text_heads_a_phase_as_players_say_it(variant, phase, heading):
    # The judges' "Movement results for Spring of 1901" where the season is one of the year;
    # a variant's phase that comes once a year by the year alone: "for Political of 1615" and
    # "for Year of 1622" are the calendar's letters read out, not words a player says.
    kind, when = kind_and_when(load_variant(variant), phase)
    assert f"{kind} results for {when}." == heading


def test_bounces_are_flagged(game_records):
    text = judge_text(STANDARD, game_records[0])
    # 2000 rulebook, 'Standoffs': equal strength to the same province, neither moves.
    assert "Austria: Army Vienna -> Galicia.  (*bounce*)\n" in text
    assert "Russia: Army Warsaw -> Galicia.  (*bounce*)\n" in text
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.\n" in text


def test_an_invalid_order_let_stand_as_a_hold_is_in_the_judge_text_as_void():
    # DATC 4.E.1 (preferred): an illegal order is ignored and the unit holds; with
    # turn --lenient it is recorded unread, and the players still read it was not used.
    record = {"phase": "S1901M", "game": "g", "next_phase": "F1901M",
              "orders": {"FRANCE": [{"cell": "Orders!C14", "written": "A PAR - MUN", "read": None,
                                     "error": "a legal order (A PAR cannot reach MUN)"},
                                    {"cell": "Orders!C13", "written": "A MAR - SPA", "read": "A MAR - SPA",
                                     "error": None}]},
              "results": [{"power": "FRANCE", "order": "A MAR - SPA", "result": "succeeds", "reason": ""},
                          {"power": "FRANCE", "order": "A PAR H", "result": "succeeds", "reason": "no order: holds"}]}
    lines = judge_text(STANDARD, record).splitlines()
    assert lines[2:5] == ["France: Army Marseilles -> Spain.", "France: Army Paris HOLD.",
                          "France: Army Paris -> Munich.  (*void*)"]


def test_a_dislodged_unit_with_no_retreat_is_reported_destroyed():
    record = {"phase": "F1901M", "game": "g", "next_phase": "W1901A",
              "results": [{"power": "FRANCE", "order": "A BUR H", "result": "fails", "reason": "dislodged by A RUH",
                           "dislodged": True}],
              "after": {"centers": {}, "units": {}, "dislodged": {}}}
    # 2000 rulebook, 'Retreating': a unit with no place to retreat to is disbanded.
    assert "The French Army in Burgundy with no valid retreats was destroyed." in judge_text(STANDARD, record)


def test_flags_for_invalid_orders_and_several_reasons():
    # The flags come from the result codes (gm_tools/engine/results.py), never the words.
    def codes(*reasons):
        return [r.to_json() for r in reasons]

    assert result_flags({"result": "invalid", "codes": codes(reason("illegal", text="there is no A PAR"))}) == ["void"]
    assert result_flags({"result": "fails", "codes": codes(reason("bounced", attack=1, strength=1, unit="A MUN")),
                         "dislodged": True}) == ["bounce", "dislodged"]
    assert result_flags({"result": "fails", "codes": codes(reason("retreat_standoff", units=["A PAR"]))}) == [
        "bounce", "destroyed"]
    assert result_flags({"result": "fails", "codes": codes(reason("cut", units=["A MUN"]),
                                                          reason("dislodged", unit="A MUN", attack=2, strength=1)),
                         "dislodged": True}) == ["cut", "dislodged"]
    assert result_flags({"result": "fails", "codes": codes(reason("void_not_to", unit="A PAR", dest="BUR"))}) == ["void"]
    assert result_flags({"result": "fails", "codes": codes(reason("convoy_paradox"))}) == ["no convoy"]
    assert result_flags({"result": "succeeds", "codes": []}) == []
    # The words alone no longer decide: a result of a system's own words has no bounce flag.
    assert result_flags({"result": "fails", "reason": "bounced", "codes": codes(reason("note", text="bounced"))}) == []


def test_order_words_keep_text_that_is_not_canonical():
    assert order_words(STANDARD, "F NTH C A LON - NWY") == "Fleet North Sea CONVOY Army London -> Norway"
    assert order_words(STANDARD, "A LON - NTH - NWY") == "Army London -> North Sea -> Norway"
    assert order_words(STANDARD, "F MAO S F POR - SPA/NC") == (
        "Fleet Mid-Atlantic Ocean SUPPORT Fleet Portugal -> Spain (north coast)")  # the coast kept: DATC 6.B.9
    assert order_words(STANDARD, "a par-bur please") == "a par-bur please"


# --- markdown -------------------------------------------------------------------------------------


@pytest.mark.parametrize("hostile, forbidden", [
    ("<script>alert(1)</script>", "<script"),
    ("hello <img src=x onerror=alert(1)>", "<img"),
    ("[x](javascript:alert(1))", "javascript:"),
    ("[x](JavaScript:alert(1))", "avascript:"),
    ("[x](java\tscript:alert(1))", "script:"),
    ("[x](&#106;avascript:alert(1))", "avascript:"),
    ("[x][r]\n\n[r]: javascript:alert(1)", "javascript:"),
    ("![i](javascript:alert(1))", "javascript:"),
    ("[x](data:text/html;base64,PHNjcmlwdD4=)", "data:"),
    ('<a href="javascript:alert(1)">y</a>', "<a "),
    ("<div onclick=\"alert(1)\">x</div>", "<div"),
])
def test_markdown_never_lets_html_or_script_through(hostile, forbidden):
    html = render_markdown(hostile)
    assert forbidden not in html
    # What a browser would build from it: only allow-listed tags, no event handlers, and
    # addresses that are relative or http(s)/mailto.
    tags = _parsed_tags(html)
    assert {tag for tag, _ in tags} <= {"p", "a", "img", "span"}
    for _, attrs in tags:
        assert not any(name.startswith("on") for name in attrs)
        assert all(safe_url(attrs[name]) for name in ("href", "src") if name in attrs)


def _parsed_tags(html: str) -> list[tuple[str, dict]]:
    from html.parser import HTMLParser

    found = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, {k: v or "" for k, v in attrs}))

    Collect(convert_charrefs=True).feed(html)
    return found


def test_markdown_keeps_ordinary_formatting():
    html = render_markdown("# Spring\n\n**France** moves. See [rules](https://example.org/r) or [S1901M](S1901M.html).")
    assert html == (
        "<h3>Spring</h3>\n<p><strong>France</strong> moves. See "
        '<a href="https://example.org/r" rel="nofollow noopener">rules</a> or '
        '<a href="S1901M.html" rel="nofollow noopener">S1901M</a>.</p>'
    )
    assert render_markdown("<script>") == "<p>&lt;script&gt;</p>"
    assert render_markdown("   ") == ""


def test_a_picture_from_a_refused_address_is_its_words_not_an_empty_frame():
    """A press image whose address is refused left '<img alt="pic">' with no source (an empty
    frame, or nothing, in the reader's browser); its alt text stands in its place."""
    html = render_markdown("Look: ![the siege of Breda](javascript:alert(1)) and ![map](maps/breda.png)")
    assert "<img" in html and html.count("<img") == 1 and 'src="maps/breda.png"' in html
    assert "<span>the siege of Breda</span>" in html and "javascript" not in html


@pytest.mark.parametrize("address", [
    "https://pictures.example.org/p.png", "HTTP://example.org/p.png", "//example.org/p.png",
    r"\\\\example.org/p.png", "/\\example.org/p.png", "https:example.org/p.png", "ht\ttps://example.org/p.png",
    "&#104;ttps://example.org/p.png",
])
def test_a_press_picture_from_another_host_is_its_words(address):
    """However the address is written, a picture that would make the reader's browser ask
    another host is shown as its words; one on the site stays a picture. (Markdown reads two
    backslashes as one: the fourth address reaches the page as two, which browsers read as //.)"""
    html = render_markdown(f"![the siege]({address}) ![ours](../../pictures/p.png)")
    assert "<span>the siege</span>" in html and "example.org" not in html
    assert html.count("<img") == 1 and 'src="../../pictures/p.png"' in html


def test_safe_url():
    assert safe_url("https://example.org") and safe_url("mailto:gm@example.org") and safe_url("S1901M.html")
    assert not safe_url("javascript:alert(1)") and not safe_url(" vbscript:x") and not safe_url("data:x")


def test_pages_escape_press_and_player_names(games, tmp_path):
    site = tmp_path / "site"
    build(games, site)
    spring = (site / "games/demo/S1901M.html").read_text(encoding="utf-8")
    assert "<script>" not in spring
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in spring
    assert "<h3>Spring 1901</h3>" in spring  # the GM's markdown is rendered
    fall = (site / "games/demo/F1901M.html").read_text(encoding="utf-8")
    assert "javascript:" not in fall and "<img src=x" not in fall
    assert '<a href="https://example.org/rules" rel="nofollow noopener">Rules</a>' in fall
    game_page = (site / "games/demo/index.html").read_text(encoding="utf-8")
    assert "Alice &lt;b&gt;&amp;" in game_page and "Alice <b>" not in game_page


def test_powers_nobody_plays_share_one_table_and_keep_their_anchors(games, tmp_path):
    """A power with no player that wrote no orders (a minor state; here Austria, whose units
    hold by default) is a row group of one 'Powers without a player' table, not a table of its
    own (issue 19 item 3: thirty minor states' lone holds were half a Europe 1619 page), named
    by the group's first row (a column of names made the table four columns, too wide for a
    phone); its anchor ``#power-CODE`` leads to that row. A played power keeps its heading."""
    import re

    site = tmp_path / "site"
    build(games, site)
    page = (site / "games/demo/F1901M.html").read_text(encoding="utf-8")
    assert '<h3 id="power-FRANCE">France</h3>' in page  # orders written: a table of its own
    assert '<tbody>\n<tr id="power-AUSTRIA"><th scope="rowgroup" colspan="3">Austria</th></tr>' in page
    assert '<h3 id="power-AUSTRIA">' not in page
    table = page[page.index('<h3 id="unplayed">'):]
    table = table[:table.index("</table>")]
    groups = re.findall(r'<th scope="rowgroup" colspan="3">([^<]+)</th></tr>(.*?)</tbody>', table, flags=re.S)
    rows = [(power, code) for power, group in groups
            for code in re.findall(r'<td><span class="words">[^<]+</span> <code>([^<]+)</code>', group)]
    assert ("Austria", "A VIE H") in rows and ("Russia", "F SEV H") in rows
    assert not any(power in ("France", "Germany") for power, _ in rows)
    assert len(re.findall(r'id="power-[A-Z]+"', page)) == len(set(re.findall(r'id="(power-[A-Z]+)"', page)))


# --- the writer ---------------------------------------------------------------------------------


def test_second_build_writes_nothing(games, tmp_path):
    site = tmp_path / "site"
    first = build(games, site)
    assert first.pngs == 3 and not first.unchanged  # the two phases' maps and the game page's
    assert sorted(first.written) == sorted(_files(site))
    second = build(games, site)
    assert second.written == [] and second.removed == [] and second.pngs == 0
    assert sorted(second.unchanged) == sorted(first.written)


def test_a_new_phase_rewrites_only_the_pages_it_changes(games, tmp_path):
    site = tmp_path / "site"
    build(games, site)
    before = _files(site)
    history = [json.loads(p.read_text()) for p in sorted((games / "demo/history").glob("*.json"))]
    history.sort(key=lambda r: ["S1901M", "F1901M"].index(r["phase"]))
    play_next(games, STANDARD, history)  # F1901R
    report = build(games, site)
    assert sorted(report.written) == sorted([
        "games/demo/F1901R.html", "games/demo/F1901R.txt", "games/demo/F1901R.json",
        "games/demo/F1901R.map.js", "games/demo/F1901R.png",
        "games/demo/F1901M.html",  # its 'next phase' link now points somewhere
        "games/demo/index.html", "games/demo/game.json", "games/demo/feed.atom",
        "games/demo/current.map.js", "games/demo/current.png",  # the game page's map: the board moved on
        "index.html",  # the game's current phase changed
        "feed.atom",  # the archive's latest turns: the new phase
    ])
    assert report.pngs == 2
    after = _files(site)
    assert all(after[f] == before[f] for f in before if f not in report.written)


def test_a_rolled_back_phase_disappears_from_the_site(games, tmp_path):
    site = tmp_path / "site"
    build(games, site)
    (games / "demo/history/F1901M.json").unlink()  # what `gm-tools rollback` does to the record
    report = build(games, site)
    assert sorted(report.removed) == [f"games/demo/F1901M.{ext}" for ext in ("html", "json", "map.js", "png", "txt")]
    spring = (site / "games/demo/S1901M.html").read_text(encoding="utf-8")
    assert 'href="F1901M.html"' not in spring
    assert "Next: Fall 1901 Movement (not yet played)" in spring
    assert "games/demo/S1901M.html" in report.written  # its 'next phase' link is gone
    assert not (site / "games/demo/F1901M.html").exists()


def test_same_records_same_bytes(games, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    build(games, one)
    build(games, two)
    assert _files(one) == _files(two)


def test_phase_png_is_the_web_sized_map(games, tmp_path):
    site = tmp_path / "site"
    build(games, site)
    png = (site / "games/demo/S1901M.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, _ = struct.unpack(">II", png[16:24])
    assert width == 1200


def test_links_are_relative(games, tmp_path):
    site = tmp_path / "site"
    build(games, site)
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for bad in ('href="/', 'src="/', 'href="http://', 'href="file:'):
            assert bad not in text, f"{path.name} has an absolute link {bad}"


# --- chart and feed ---------------------------------------------------------------------------------


def test_chart_lines_are_told_apart_without_colour():
    lines = [ChartLine(f"Power {n}", "#000000", (3, 4, n)) for n in range(8)]
    svg = centers_chart(lines, ["start", "1901", "1902"], "Centers <test>", target=18)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("role") == "img" and root.findtext(f"{ns}title") == "Centers <test>"
    labels = [t.text for t in root.iter(f"{ns}text") if t.text and t.text.startswith("Power")]
    assert sorted(labels) == sorted(f"Power {n} {n}" for n in range(8))
    styles = {(p.get("stroke-dasharray"),) for p in root.iter(f"{ns}polyline")}
    assert len(styles) > 1  # same colour everywhere, yet dash patterns differ
    assert len(MARKERS) == 7
    # equal end values: labels are spread, never drawn on top of each other
    ys = sorted(float(t.get("y")) for t in root.iter(f"{ns}text") if t.text and t.text.startswith("Power"))
    assert all(b - a >= 12.9 for a, b in zip(ys, ys[1:]))


def test_a_points_chart_reaches_down_to_negative_scores():
    """Victory points can be negative (Europe 1615 v2's penalties, rulebook 001 '8 VICTORY
    POINTS ADJUSTMENT'): the scale goes below zero and every point is drawn inside the plot,
    a negative score below the zero line."""
    from gm_tools.publish.charts import BOTTOM, HEIGHT, TOP

    lines = [ChartLine("Austria", "#ff0000", (0, -3, -15)), ChartLine("France", "#0000ff", (0, 4, 9))]
    root = ET.fromstring(centers_chart(lines, ["1615", "1616", "1617"], "Points"))
    ns = "{http://www.w3.org/2000/svg}"
    ys = {p.get("stroke"): [float(xy.split(",")[1]) for xy in p.get("points").split()] for p in root.iter(f"{ns}polyline")}
    assert all(TOP <= y <= HEIGHT - BOTTOM for line in ys.values() for y in line)
    assert ys["#ff0000"][2] > ys["#ff0000"][1] > ys["#ff0000"][0] == ys["#0000ff"][0]  # lower is further down
    ticks = {t.text for t in root.iter(f"{ns}text")}
    assert {"0", "-15"} <= ticks


def test_a_charts_line_labels_end_inside_the_picture():
    """A long power name (Europe 1619's 'Protestant Union and the Palatinate') is named in
    full at its line's end: the picture is widened for it, never cut."""
    from gm_tools.publish.charts import LABEL_CHAR

    lines = [ChartLine("Protestant Union and the Palatinate", "#aa5500", (1, 2)), ChartLine("Papacy", "#ffff00", (1, 1))]
    root = ET.fromstring(centers_chart(lines, ["1619", "1620"], "Centers"))
    ns = "{http://www.w3.org/2000/svg}"
    width = float(root.get("width"))
    labels = [t for t in root.iter(f"{ns}text") if t.text and t.text.startswith(("Protestant", "Papacy"))]
    assert len(labels) == 2
    assert all(float(t.get("x")) + LABEL_CHAR * len(t.text) <= width for t in labels)
    short = ET.fromstring(centers_chart([ChartLine("France", "#0000ff", (3, 4))], ["1901", "1902"], "Centers"))
    assert short.get("width") == "640.0"  # a short name keeps the usual size


def test_every_line_label_stays_inside_the_chart_and_near_its_line():
    """Europe 1619's fifteen powers, one far ahead and fourteen crowded below: the leader's
    label stays by its line (it was moved up with all the others, above the picture), every
    label inside the plot's height, none on another."""
    from gm_tools.publish.charts import BOTTOM, HEIGHT, TOP

    lines = [ChartLine("Spain", "#ff0000", (5, 5))] + [
        ChartLine(f"Power {n}", "#000000", (1, 4 if n < 2 else 2 if n < 5 else 1)) for n in range(14)]
    root = ET.fromstring(centers_chart(lines, ["1619", "1620"], "Centers"))
    ns = "{http://www.w3.org/2000/svg}"
    labels = {t.text: float(t.get("y")) for t in root.iter(f"{ns}text") if t.text and t.text.startswith(("Spain", "Power"))}
    assert len(labels) == 15
    assert all(TOP <= y <= HEIGHT - BOTTOM + 4 for y in labels.values()), labels
    ys = sorted(labels.values())
    assert all(b - a >= 12.9 for a, b in zip(ys, ys[1:]))
    spain = next(p for p in root.iter(f"{ns}polyline") if p.get("stroke") == "#ff0000")
    line_end = float(spain.get("points").split()[-1].split(",")[1])
    assert abs(labels["Spain 5"] - (line_end + 4)) < 1  # beside its line's end, as there is room
    # more labels than the height holds at full spacing: shared out, still inside
    many = [ChartLine(f"P{n}", "#000000", (1, 1)) for n in range(40)]
    root = ET.fromstring(centers_chart(many, ["1619", "1620"], "Centers"))
    ys = [float(t.get("y")) for t in root.iter(f"{ns}text") if t.text and t.text.startswith("P")]
    assert len(ys) == 40 and all(TOP <= y <= HEIGHT - BOTTOM + 4 for y in ys)


def test_game_page_chart_counts_centers_after_each_year(tmp_path):
    root = tmp_path / "sheets"
    small_game(root, STANDARD)
    context = collect(root)
    from gm_tools.publish.chartviews import chart_view

    chart, labels, rows = chart_view(context.games[0])
    assert "victory: 18" in chart  # 2000 rulebook, 'Winning': 18 supply centers
    assert labels == ["start", "1901"]
    assert {r["power"]: r["values"] for r in rows}["Austria"] == [3, 4]  # Serbia taken in 1901
    assert {r["power"]: r["values"] for r in rows}["England"] == [3, 3]


def test_feed_lists_every_phase_newest_first(tmp_path):
    root = tmp_path / "sheets"
    small_game(root, STANDARD)
    site = tmp_path / "site"
    build(root, site)
    feed = ET.parse(site / "games/demo/feed.atom").getroot()
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = feed.findall("a:entry", ns)
    assert [e.find("a:link", ns).get("href") for e in entries] == [
        "W1901A.html", "F1901R.html", "F1901M.html", "S1901M.html"]
    # dates come from the record (game.json's created), never from the build
    assert {e.findtext("a:updated", namespaces=ns) for e in entries} == {"2026-11-01T18:00:00Z"}
    assert entries[-1].findtext("a:content", namespaces=ns).startswith("Movement results for Spring of 1901.")


# --- errors ---------------------------------------------------------------------------------------


def test_missing_games_folder_is_a_clear_error(tmp_path):
    with pytest.raises(GameError, match="does not exist"):
        build(tmp_path / "nowhere", tmp_path / "site")


def test_record_missing_a_key_names_file_and_key(games, tmp_path):
    path = games / "demo/history/F1901M.json"
    record = json.loads(path.read_text())
    del record["after"]
    path.write_text(json.dumps(record))
    with pytest.raises(GameError, match=r"F1901M\.json: missing key 'after'"):
        build(games, tmp_path / "site")
    assert not (tmp_path / "site").exists()  # pass 1 failed: nothing written


def test_a_copy_of_a_game_folder_is_refused_not_published_over_the_game(games, tmp_path):
    """A GM's backup kept beside the games (games/demo.old, a copy of games/demo) named the game
    'demo' in its game.json: it was published as demo, over demo's own pages and listed twice in
    the archive. The build now leaves the copy out, naming both, and publishes demo alone (one
    game's fault stops no other game's pages: tests/test_site_damaged.py)."""
    shutil.copytree(games / "demo", games / "demo.old")
    report = build(games, tmp_path / "site")
    assert report.damaged == ["demo.old"]
    [warning] = report.warnings
    assert re.search(r"demo\.old.game\.json: found the game 'demo' in the folder 'demo\.old'", warning)
    # 'demo.old' can name no game (a dot): renaming the game so would not do, so it is not advised
    assert f"(a copy of the folder of 'demo'? keep backups outside {games})" in warning
    assert not (tmp_path / "site" / "games" / "demo.old").exists()
    assert (tmp_path / "site" / "index.html").read_text().count('href="games/demo/index.html"') == 1
    shutil.rmtree(games / "demo.old")
    assert build(games, tmp_path / "site").damaged == []
    assert (tmp_path / "site" / "games" / "demo" / "index.html").is_file()


def test_damaged_record_and_bad_position_are_user_errors(games, tmp_path):
    path = games / "demo/history/F1901M.json"
    record = json.loads(path.read_text())
    record["before"]["units"]["FRANCE"][0] = "Z PAR"
    path.write_text(json.dumps(record))
    with pytest.raises(GameError, match=r"F1901M\.json: before: .*expected a unit"):
        build(games, tmp_path / "site")
    path.write_text("{not json")
    with pytest.raises(UserError, match="damaged JSON"):
        build(games, tmp_path / "site")


def test_a_board_read_once_is_still_checked_where_it_is_written_again(games, tmp_path):
    # Pass 1 reads the units a record's "before" shares with the record before's "after" only
    # once. Only plain texts count as shared: a strength of 2.0 equals 2 in Python but is refused.
    first, second = games / "demo/history/S1901M.json", games / "demo/history/F1901M.json"
    records = [json.loads(first.read_text()), json.loads(second.read_text())]
    assert records[0]["after"]["units"] == records[1]["before"]["units"]  # the shared board
    unit = records[0]["after"]["units"]["FRANCE"][0]
    records[0]["after"]["units"]["FRANCE"][0] = {"unit": unit, "strength": 2}
    records[1]["before"]["units"]["FRANCE"][0] = {"unit": unit, "strength": 2.0}
    first.write_text(json.dumps(records[0]))
    second.write_text(json.dumps(records[1]))
    with pytest.raises(GameError, match=r"F1901M\.json: before: .*found strength 2\.0"):
        build(games, tmp_path / "site")
    # a unit wrong in both is named where it is first written, the earlier record's "after"
    records[0]["after"]["units"]["FRANCE"][0] = records[1]["before"]["units"]["FRANCE"][0] = "Z PAR"
    first.write_text(json.dumps(records[0]))
    second.write_text(json.dumps(records[1]))
    with pytest.raises(GameError, match=r"S1901M\.json: after: .*expected a unit"):
        build(games, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_pass_one_reads_the_bytes_it_hashed(games):
    # source_digest hands the history bytes it read to the reading of the records, so each
    # file is read once and the records parsed are the bytes the game's digest describes.
    from gm_tools.edges.game import GamePaths
    from gm_tools.publish.sitecontext import collect_game, source_digest

    paths = GamePaths(root=games, name="demo")
    contents: dict[str, bytes] = {}
    digest = source_digest(paths, contents)
    assert sorted(contents) == sorted(f.name for f in paths.history.glob("*.json"))
    record = json.loads(contents["S1901M.json"])
    record["press"] = "the bytes that were hashed"
    contents["S1901M.json"] = json.dumps(record).encode("utf-8")
    game = collect_game(games, "demo", digest, contents)
    assert game.phases[0].record["press"] == "the bytes that were hashed"
    assert contents == {}  # each taken as it was used
    assert collect_game(games, "demo").phases[0].record["press"] != "the bytes that were hashed"


@pytest.mark.parametrize("results", [{"FRANCE": []}, [{"power": "FRANCE"}], ["A PAR H"]])
def test_results_of_the_wrong_shape_name_the_file(games, tmp_path, results):
    path = games / "demo/history/F1901M.json"
    record = json.loads(path.read_text())
    record["results"] = results
    path.write_text(json.dumps(record))
    with pytest.raises(GameError, match=r"F1901M\.json: \"results\" should be a list of objects"):
        build(games, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_same_unit_texts_only_for_plain_equal_texts():
    board = {"units": {"FRANCE": ["A PAR", "F BRE"]}}
    assert same_unit_texts(board, {"units": {"FRANCE": ["A PAR", "F BRE"]}})
    assert not same_unit_texts(board, {"units": {"FRANCE": ["A PAR"]}})
    strong = {"units": {"FRANCE": [{"unit": "A PAR", "strength": 2}]}}
    assert not same_unit_texts(strong, {"units": {"FRANCE": [{"unit": "A PAR", "strength": 2}]}})
    assert not same_unit_texts({"units": {"FRANCE": "A PAR"}}, {"units": {"FRANCE": "A PAR"}})
    assert not same_unit_texts({"phase": "S1901M"}, board)


def test_unknown_variant_names_the_game_file(games, tmp_path):
    path = games / "demo/game.json"
    info = json.loads(path.read_text())
    info["variant"] = "no-such-variant"
    path.write_text(json.dumps(info))
    with pytest.raises(GameError, match=r"game\.json: variant 'no-such-variant'"):
        build(games, tmp_path / "site")


# --- variant sections -------------------------------------------------------------------------------


class _TreasuryHooks(SheetHooks):
    name = "site_test"

    def report_sections(self, variant, record):
        return [("Treasury", f"**{record['phase']}**: 3 ducats <script>x</script>")]


def test_a_variant_adds_sections_through_hooks_and_templates(games, tmp_path):
    register_system(GameSystem("site_test", sheets=_TreasuryHooks()))
    context = collect(games)
    game = context.games[0]
    game.variant = dataclasses.replace(game.variant, name="sitetest", options={**game.variant.options, "rules": "site_test"})
    try:
        _write_with_sections(context, tmp_path)
    finally:
        unregister_system("site_test")
    # The standard templates have no such file: the shipped site shows neither.
    build(games, tmp_path / "plain")
    assert "Fealty" not in (tmp_path / "plain/games/demo/S1901M.html").read_text(encoding="utf-8")


def _write_with_sections(context, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    extra = templates / "variants/sitetest/phase_extra.html"
    extra.parent.mkdir(parents=True)
    extra.write_text('<section class="extra"><h2>Fealty</h2><p>{{ record.phase }} {{ record.press }}</p></section>\n')
    site = tmp_path / "site"
    write_site(context, site, SiteSettings(templates=templates, base_map=schematic_map))
    page = (site / "games/demo/S1901M.html").read_text(encoding="utf-8")
    assert ("<h2>Treasury</h2>\n<div class=\"scroll\">\n<p><strong>S1901M</strong>: 3 ducats "
            "&lt;script&gt;x&lt;/script&gt;</p>") in page
    assert '<section class="extra"><h2>Fealty</h2><p>S1901M # Spring 1901' in page
    assert "<script>" not in page  # the template's text is autoescaped too


def test_pngs_drawn_on_several_cores_are_the_same_bytes(games, tmp_path, monkeypatch):
    from gm_tools.publish.site import PngPainter

    build(games, tmp_path / "serial")
    monkeypatch.setattr(PngPainter, "POOL_FROM", 1)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    report = build(games, tmp_path / "pool")
    assert report.pngs == 3
    assert _files(tmp_path / "serial") == _files(tmp_path / "pool")


def test_command_line_builds_the_site_and_reports_user_errors(games, tmp_path, capsys):
    from gm_tools.app.cli import main

    assert main(["site", "--root", str(games), "--out", str(tmp_path / "site")]) == 0
    assert capsys.readouterr().out.startswith("site: 23 file(s) written, 0 unchanged, 0 removed, 3 PNG(s) drawn")
    assert main(["site", "--root", str(tmp_path / "nowhere"), "--out", str(tmp_path / "site")]) == 2
    assert "games folder" in capsys.readouterr().err


def test_record_whose_phase_is_not_its_file_name_is_refused(games, tmp_path):
    path = games / "demo/history/F1901M.json"
    record = json.loads(path.read_text())
    record["phase"] = "F1902M"
    path.write_text(json.dumps(record))
    with pytest.raises(GameError, match=r"F1901M\.json: \"phase\" is 'F1902M', expected 'F1901M'"):
        build(games, tmp_path / "site")


def test_history_file_that_is_no_phase_is_refused(games, tmp_path):
    (games / "demo/history/notes.json").write_text("{}")
    with pytest.raises(GameError, match=r"notes\.json: not a phase id"):
        build(games, tmp_path / "site")


def test_an_unchanged_game_is_not_even_rendered(games, tmp_path, monkeypatch):
    site = tmp_path / "site"
    build(games, site)

    def must_not_render(*args, **kwargs):
        raise AssertionError("an unchanged game was rendered again")

    monkeypatch.setattr("gm_tools.publish.gamepage.render_lines", must_not_render)
    report = build(games, site)
    assert report.written == [] and len(report.unchanged) == 23


def test_only_the_changed_game_is_read(tmp_path):
    """Issue 19 item 2: one new phase costs the same whatever the archive's size: the games
    whose files hash as at the last build are not read nor parsed, the index still lists them,
    and a new phase of one game reads that game alone."""
    from sitegame import play_next

    root = tmp_path / "sheets"
    histories = {name: small_game(root, STANDARD, name=name, phases=2) for name in ("alpha", "beta", "gamma")}
    site = tmp_path / "site"
    assert build(root, site).games_read == ["alpha", "beta", "gamma"]
    index = (site / "index.html").read_bytes()
    again = build(root, site)
    assert again.games_read == [] and again.written == [] and (site / "index.html").read_bytes() == index
    play_next(root, STANDARD, histories["beta"], name="beta")
    report = build(root, site)
    assert report.games_read == ["beta"]
    assert "games/beta/F1901R.html" in report.written or "games/beta/W1901A.html" in report.written
    assert b">alpha</a>" in (site / "index.html").read_bytes()  # an unread game is still listed
    assert _files(site) == _files(_fresh(root, tmp_path / "fresh"))  # same bytes as a build from scratch


def test_an_unchanged_game_is_known_without_reading_its_records(tmp_path, monkeypatch):
    """Issue 19 item 2: the digest memo (kept in the cache folder, never in the site) knows an
    unchanged game by its files' sizes and times, so a rebuild reads none of its records; a
    record replaced is hashed again."""
    from gm_tools.publish import sitecontext

    root = tmp_path / "sheets"
    small_game(root, STANDARD, name="alpha", phases=2)
    site = tmp_path / "site"
    build(root, site)
    memo = sitecontext.DigestMemo(site)
    assert memo.path.is_file() and not memo.path.is_relative_to(site)
    assert list(memo.entries) == [str((root / "alpha").resolve())]

    def must_not_hash(paths):
        raise AssertionError(f"{paths.name} was read again")

    monkeypatch.setattr(sitecontext, "source_digest", must_not_hash)
    assert build(root, site).games_read == []
    monkeypatch.undo()
    record = root / "alpha" / "history" / "S1901M.json"
    record.write_text(record.read_text(encoding="utf-8").replace('"press": "', '"press": "!'), encoding="utf-8")
    assert build(root, site).games_read == ["alpha"]


def test_a_deleted_shared_base_map_brings_back_every_game_that_names_it(tmp_path):
    """A base map deleted from the site (by hand, or by a tool that synced half the folder)
    is missed by every game that draws over it, whose maps are all kept as they are: it is
    made again, and the site is the same bytes as one built from scratch. (Issue 19 item 2:
    the base maps' folder is listed once a build for all the games kept whole.)"""
    root = tmp_path / "sheets"
    for name in ("alpha", "beta"):
        small_game(root, STANDARD, name=name, phases=2)
    site = tmp_path / "site"
    build(root, site)
    bases = sorted((site / "static/maps").iterdir())
    assert bases
    for base in bases:
        base.unlink()
    report = build(root, site)
    assert sorted(report.games_read) == ["alpha", "beta"]
    assert sorted(f"static/maps/{b.name}" for b in bases) == sorted(f for f in report.written if f.startswith("static/maps/"))
    assert _files(site) == _files(_fresh(root, tmp_path / "fresh"))


def test_any_one_deleted_file_is_made_again(tmp_path):
    """Whatever single file of the site goes (a page, a map, its layer, a game's JSON, the
    shared base map, the style sheet), the next build brings the site back to the bytes a
    build from scratch gives, and reads only the games it must."""
    root = tmp_path / "sheets"
    for name in ("alpha", "beta"):
        small_game(root, STANDARD, name=name, phases=2)
    site = tmp_path / "site"
    build(root, site)
    expected = _files(site)
    assert len(expected) > 20
    for rel in sorted(expected):
        (site / rel).unlink()
        report = build(root, site)
        assert rel in report.written, rel
        game = rel.split("/")[1] if rel.startswith("games/") else None
        if game is not None:
            assert report.games_read == [game], rel
        assert _files(site) == expected, rel


def test_a_new_phase_drawn_beside_is_the_same_site_as_one_drawn_in_line(tmp_path):
    """Issue 19 items 1 and 2: the commands draw a turn's new map in a process beside the
    pages, started (and its imports made) as soon as the build knows one game changed. The
    site is the same bytes as a build that draws in line."""
    import os

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: maps are drawn in line")
    root = tmp_path / "sheets"
    history = small_game(root, STANDARD, name="alpha", phases=2)
    small_game(root, STANDARD, name="beta", phases=2)
    beside, in_line = tmp_path / "beside", tmp_path / "in-line"
    settings = dataclasses.replace(FAST, maps_beside=True)
    build(root, beside, settings)
    play_next(root, STANDARD, history, name="alpha")
    report = build(root, beside, settings)
    assert report.games_read == ["alpha"] and report.pngs == 2  # its new phase's map, its game page's
    assert _files(beside) == _files(_fresh(root, in_line))


def test_a_painter_told_a_map_is_coming_has_its_process_ready(tmp_path):
    """The process beside is made, and has imported what drawing needs, before any map is
    given to it, while the command's own process has not; a painter that draws in line makes
    none. Run in a fresh interpreter, which has imported nothing of cairosvg."""
    import os
    import subprocess
    import sys

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: maps are drawn in line")
    (tmp_path / "probe.py").write_text(PROBE, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(Path(__file__).resolve().parent.parent)]))
    done = subprocess.run([sys.executable, str(tmp_path / "probe.py")], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["beside True False", "in line True"]


PROBE = '''
import sys
from gm_tools.publish.sitefiles import PngPainter

def imported():
    return "cairosvg.surface" in sys.modules and "gm_tools.edges.pngregions" in sys.modules

if __name__ == "__main__":
    import probe
    with PngPainter(beside=True) as painter:
        painter.expect()
        print("beside", painter._aside.submit(probe.imported).result(), imported())
    with PngPainter() as painter:
        painter.expect()
        print("in line", painter._aside is None)
'''


def test_keeping_files_in_one_step_is_keeping_them_one_by_one(tmp_path):
    """A kept game's files are counted in one step (``keep_all``), as ``keep`` counts each:
    produced once in the order first met, every one reported unchanged."""
    from gm_tools.publish.sitefiles import SiteWriter

    one, many = SiteWriter(tmp_path / "a"), SiteWriter(tmp_path / "b")
    batches = [["games/a/x.html", "static/maps/b.js"], ["games/b/y.html", "static/maps/b.js", "games/b/y.html"], []]
    for batch in batches:
        for rel in batch:
            one.keep(rel)
        many.keep_all(batch)
    assert many.in_order == one.in_order == ["games/a/x.html", "static/maps/b.js", "games/b/y.html"]
    assert many.produced == one.produced and many.report.unchanged == one.report.unchanged


def _fresh(root: Path, site: Path) -> Path:
    build(root, site)
    return site


def test_a_changed_template_or_a_deleted_file_rebuilds_the_game(games, tmp_path):
    site = tmp_path / "site"
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    settings = SiteSettings(templates=templates, base_map=schematic_map)
    build(games, site, settings)
    (site / "games/demo/S1901M.txt").unlink()
    assert build(games, site, settings).written == ["games/demo/S1901M.txt"]
    phase = templates / "phase.html"
    phase.write_text(phase.read_text().replace("else variant.system.rules.results_heading", 'else "Orders & results"'))
    report = build(games, site, settings)
    assert sorted(report.written) == ["games/demo/F1901M.html", "games/demo/S1901M.html"]


def test_pages_are_readable_by_a_web_server(games, tmp_path):
    import os
    import stat

    build(games, tmp_path / "site")
    umask = os.umask(0)
    os.umask(umask)
    mode = stat.S_IMODE((tmp_path / "site/games/demo/S1901M.html").stat().st_mode)
    assert mode == 0o666 & ~umask


def test_a_won_game_shows_its_winner_everywhere(games, tmp_path):
    # 2000 rulebook, 'Winning': a power controlling 18 supply centers wins; the record then
    # has a winner and no next phase (docs/game-record.md).
    path = games / "demo/history/F1901M.json"
    record = json.loads(path.read_text())
    record["winner"], record["next_phase"] = "FRANCE", None
    path.write_text(json.dumps(record))
    site = tmp_path / "site"
    build(games, site)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<td>won by France</td>" in index and "<td>game over</td>" in index  # QA F14: the Status beside it says who won
    assert "<dt>Winner</dt><dd>France</dd>" in (site / "games/demo/index.html").read_text(encoding="utf-8")
    page = (site / "games/demo/F1901M.html").read_text(encoding="utf-8")
    assert "The game is over: France has won." in page and "Last phase: the game is over" in page
    assert (site / "games/demo/F1901M.txt").read_text(encoding="utf-8").endswith("The game is over: France has won.\n")


def test_a_new_phase_renders_that_phase_alone(tmp_path):
    """Issue 19 item 1: a turn's cost does not grow with the game. When a game gets a new
    phase, its earlier phases whose records, neighbours, variant and code are as at the last
    build are kept as they are (their files not made again), the phase before the new one is
    made again (its page links to the new one), and the site is the same bytes as one built
    from scratch."""
    root, history, site, folder, first, svg = _built_with_a_mark(tmp_path, 0)
    last = history[-1]["phase"]
    play_next(root, STANDARD, history, name="long")
    report = build(root, site)
    assert (folder / f"{first}.map.js").read_bytes().endswith(KEPT)
    assert f"games/long/{last}.html" in report.written  # its "next" link is new
    assert f"games/long/{history[-1]['phase']}.html" in report.written  # the new phase
    (folder / f"{first}.map.js").write_bytes(svg)
    assert _files(site) == _files(_fresh(root, tmp_path / "fresh"))

    # without the last build's keys (a new version of the code would change them all) every
    # phase is made again: the mark goes
    (folder / f"{first}.map.js").write_bytes(svg + KEPT)
    (site / MANIFEST).unlink()
    build(root, site)
    assert (folder / f"{first}.map.js").read_bytes() == svg


def test_a_changed_earlier_record_makes_the_later_phases_again(tmp_path):
    """A record may keep a table as its change from the record before it, so what a phase shows
    depends on every record before it: a change to an earlier record (a file replaced by hand)
    makes every later phase again, not only its own."""
    root, history, site, folder, last, svg = _built_with_a_mark(tmp_path, -1)
    first = root / "long" / "history" / f"{history[0]['phase']}.json"
    record = json.loads(first.read_text(encoding="utf-8"))
    record["press"] = "Corrected by the GM."
    first.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    build(root, site)
    assert (folder / f"{last}.map.js").read_bytes() == svg  # the last phase was made again


def test_the_phase_before_a_new_one_gets_its_page_again_around_its_map(tmp_path):
    """The phase before a new one changes only in its page's 'next' link: its map, judge text
    and JSON are kept as they are (not made again: a long Europe 1619 record's JSON alone took a
    fifth of a second to write), and its page is made again around the map on disk."""
    root, history, site, folder, last, svg = _built_with_a_mark(tmp_path, -1)
    play_next(root, STANDARD, history, name="long")
    report = build(root, site)
    assert f"games/long/{last}.html" in report.written
    assert f"games/long/{last}.map.js" not in report.written and f"games/long/{last}.json" not in report.written
    page = (folder / f"{last}.html").read_text(encoding="utf-8")
    assert (folder / f"{last}.map.js").read_bytes().endswith(KEPT)  # the map on disk
    assert f'src="{last}.map.js"' in page and f'href="{history[-1]["phase"]}.html"' in page  # ... and the new link
    (folder / f"{last}.map.js").write_bytes(svg)
    (site / MANIFEST).unlink()
    build(root, site)
    assert _files(site) == _files(_fresh(root, tmp_path / "fresh"))


def _built_with_a_mark(tmp_path, marked: int):
    """A 3-phase game built into a site, with a mark in phase ``marked``'s map layer that only
    making that map again would wipe out: (games root, history, site, game folder, the phase,
    its layer as built)."""
    root = tmp_path / "sheets"
    history = small_game(root, STANDARD, name="long", phases=3)
    site = tmp_path / "site"
    build(root, site)
    folder = site / "games" / "long"
    phase = history[marked]["phase"]
    svg = (folder / f"{phase}.map.js").read_bytes()
    (folder / f"{phase}.map.js").write_bytes(svg + KEPT)
    return root, history, site, folder, phase, svg


KEPT = b"// kept\n"
"""The mark a test leaves in a map layer (a comment: the page still draws it)."""


def test_a_base_map_no_page_names_is_removed(games, tmp_path):
    """Issue 19 item 3: the variant's base map is a shared file; one that no page names any
    more (drawn by an earlier version) does not stay in the archive, and the one in use does;
    so with the provinces' names over the PNG beside it (gm_tools/publish/mapareas.py) and
    their page (gm_tools/publish/provincelist.py)."""
    site = tmp_path / "site"
    build(games, site)
    names, used, listed = sorted((site / "static" / "maps").iterdir())
    assert names.name == used.name.replace(".js", ".areas2.svg")
    assert listed.name == used.name.replace(".js", ".provinces1.html")
    stale = used.with_name("standard-0000000000000000.js")
    stale.write_text("gmBase(\"standard-0000000000000000\",[]);\n", encoding="ascii")
    stale_names = used.with_name("standard-0000000000000000.areas2.svg")
    stale_names.write_text("<svg/>\n", encoding="ascii")
    used.with_name("standard-0000000000000000.provinces1.html").write_text("<p>\n", encoding="ascii")
    report = build(games, site)
    assert sorted(report.removed) == ["static/maps/standard-0000000000000000.areas2.svg",
                                      "static/maps/standard-0000000000000000.js",
                                      "static/maps/standard-0000000000000000.provinces1.html"]
    assert sorted((site / "static" / "maps").iterdir()) == [names, used, listed]
    page = (site / "games/demo/S1901M.html").read_text(encoding="utf-8")
    assert f'src="../../static/maps/{used.name}"' in page and f'data="../../static/maps/{names.name}"' in page
    assert f'href="../../static/maps/{listed.name}"' in page


# --- a build cut short ---------------------------------------------------------------------------


def test_a_build_cut_short_leaves_its_mark_and_the_next_clears_its_temporaries(games, tmp_path):
    # Atomic writes (a temporary file moved into place) leave a temporary behind only when a
    # build is killed; the mark a build leaves while it writes tells the next one to look.
    site = tmp_path / "site"
    build(games, site)
    assert not (site / BUILDING).exists()  # a finished build leaves no mark
    folder = next((site / "games").iterdir())
    stray = folder / ".S1901M.html.12345.tmp"
    stray.write_text("half a page", encoding="utf-8")
    (site / BUILDING).write_bytes(b"")  # what a killed build leaves
    build(games, site)
    assert not stray.exists() and not (site / BUILDING).exists()
    assert sorted(p.name for p in site.rglob("*.tmp")) == []


def test_a_first_build_writes_in_place_and_the_next_replaces_what_a_killed_one_left(games, tmp_path, monkeypatch):
    # A folder the build makes is written in place (no temporary file and move: nothing
    # links into it until the archive's index, written last); a build killed half way
    # through leaves half a file there, which the next build finds different and replaces.
    import os

    site = tmp_path / "site"
    moved = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (moved.append(str(b)), real_replace(a, b)))
    build(games, site)
    assert not [m for m in moved if f"{os.sep}games{os.sep}" in m]  # every game's folder was new
    whole = {p: p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    page = site / "games" / "demo" / "S1901M.html"
    # what a first build killed while writing the page leaves: half of it, its mark, no manifest
    page.write_bytes(whole[page][:100])
    (site / BUILDING).write_bytes(b"")
    (site / MANIFEST).unlink()
    del whole[site / MANIFEST]
    moved.clear()
    report = build(games, site)
    assert "games/demo/S1901M.html" in report.written and str(page) in moved  # replaced atomically
    after = {p: p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    assert site / MANIFEST in after and {p: b for p, b in after.items() if p != site / MANIFEST} == whole


def test_phases_made_a_few_at_a_time_are_the_files_made_all_at_once(tmp_path, monkeypatch):
    # site.STAGE: a game's new phases are made a kind of file at a time, STAGE phases at a
    # time; how many at a time changes nothing the build writes (a long game's first build
    # makes its 150 phases 20 at a time)
    from gm_tools.publish import site as site_module

    root = tmp_path / "sheets"
    small_game(root, STANDARD)
    built = {}
    for stage in (1, 3, 1000):
        monkeypatch.setattr(site_module, "STAGE", stage)
        build(root, tmp_path / f"site-{stage}")
        built[stage] = _files(tmp_path / f"site-{stage}")
    assert len([f for f in built[1] if f.endswith(".html")]) == 7  # four phases, the game, the archive, the provinces
    assert built[1] == built[3] == built[1000]


def test_the_archive_says_when_each_game_was_last_played(tmp_path):
    """The archive's index and each game's page: the day its last phase was processed (an archivist
    looks for the games still played), 'not recorded' for records from before they kept the
    time, 'not yet' for a game with no phase played."""
    from sitegame import new_game

    root = tmp_path / "sheets"
    small_game(root, STANDARD, phases=3, name="dated")
    history = root / "dated" / "history"
    for phase, stamp in (("S1901M", "2026-10-01T09:00:00Z"), ("F1901M", "2026-11-20T21:30:00Z")):
        record = json.loads((history / f"{phase}.json").read_text(encoding="utf-8"))
        record["processed"] = stamp
        (history / f"{phase}.json").write_text(json.dumps(record), encoding="utf-8")
    small_game(root, STANDARD, phases=1, name="undated")
    new_game(root, "unplayed", STANDARD)
    build(root, tmp_path / "site")
    rows = {row.find("th").findtext("a"): row.findall("td")[-1]
            for row in ET.fromstring(_table(tmp_path / "site" / "index.html")).iter("tr") if row.find("th/a") is not None}
    # the last phase, F1901R, has no time: an earlier phase's would not be the day it was last played
    assert "".join(rows["dated"].itertext()) == "not recorded"
    assert "".join(rows["undated"].itertext()) == "not recorded"
    assert "".join(rows["unplayed"].itertext()) == "not yet"
    record = json.loads((history / "F1901R.json").read_text(encoding="utf-8"))
    record["processed"] = "2026-11-22T08:00:00Z"
    (history / "F1901R.json").write_text(json.dumps(record), encoding="utf-8")
    build(root, tmp_path / "site")
    rows = {row.find("th").findtext("a"): row.findall("td")[-1]
            for row in ET.fromstring(_table(tmp_path / "site" / "index.html")).iter("tr") if row.find("th/a") is not None}
    time = rows["dated"].find("time")
    assert (time.get("datetime"), time.text) == ("2026-11-22T08:00:00Z", "2026-11-22")
    # and on the game's page, beside the day it was started
    page = (tmp_path / "site" / "games" / "dated" / "index.html").read_text(encoding="utf-8")
    assert '<dt>Started</dt><dd><time datetime="2026-11-01T18:00:00Z">1 November 2026, 18:00 UTC</time></dd>' in page
    assert ('<dt>Last played</dt><dd><time datetime="2026-11-22T08:00:00Z">22 November 2026, 08:00 UTC</time>'
            '</dd>') in page
    # QA F14: one format for the dates of the game page, its list of phases included
    assert 'processed <time datetime="2026-10-01T09:00:00Z">1 October 2026</time>' in page
    assert "Last played" not in (tmp_path / "site" / "games" / "undated" / "index.html").read_text(encoding="utf-8")


def _table(index: Path) -> str:
    """The archive index's table, as XML to read."""
    text = index.read_text(encoding="utf-8")
    return text[text.index("<table"):text.index("</table>") + len("</table>")]
