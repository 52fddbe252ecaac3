"""Europe 1619: what a player reads of a power eliminated ('A power that does not control any
of its original home centers ... it is considered eliminated'), found by long games. Rulebook:
``002_e7e1b063b6c411e5.txt`` (Europe 1619, Medeiros, 2018); each game set up by hand through the
real workbook, mail and command line (:func:`test_europe1619_long_play.game_at`)."""

from __future__ import annotations

import re

from openpyxl import load_workbook
from test_europe1619_long_play import game_at

from gm_tools.app.turn import run_turn
from gm_tools.engine.model import ARMY, Unit


def _dutch_gone(position):
    """France holds Holland and Friesland, the Dutch Republic's home centers: it was eliminated
    at an earlier Map Adjustment Phase, its units disbanded."""
    for home in ("HLD", "FRI"):
        position.units[home] = Unit("FRANCE", ARMY, home)
        position.centers[home] = "FRANCE"
    state = position.extra["europe1619"]
    state["captured"] = {"HLD": "FRANCE", "FRI": "FRANCE"}
    state["eliminated"] = ["DUTCH"]


def test_an_eliminated_power_is_not_shown_scoring_0_points(tmp_path):
    """002_e7e1b063b6c411e5.txt, 'Referee scores the players individually during the Scoring
    Phase' and 'A power that does not control any of its original home centers ... it is
    considered eliminated': the Scoring Phase scores the powers in the game, not the Dutch
    Republic eliminated, yet the game page's standings gave it 0 victory points, as if scored,
    and the workbook's Scores sheet a blank cell with nothing said. Both say it is eliminated."""
    from gm_tools.publish.site import build_site

    root = tmp_path / "games"
    paths = game_at(root, "Y1625S", players=15, change=_dutch_gone)
    done = run_turn("g", root=root, site_dir=None)
    assert "DUTCH" not in done.record["extra"]["outcome"]["scoring"]["scores"]  # the record as it was
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    table = page[page.index('id="standings-h"'):]
    row = re.search(r"<th scope=\"row\">Dutch Republic</th>(.*?)</tr>", table, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
    assert cells[1] == "not scored", cells  # Victory points: after the player's name
    assert cells[-1] == "eliminated", cells
    scored = re.search(r"<th scope=\"row\">France</th>(.*?)</tr>", table, re.S).group(1)
    assert re.findall(r"<td[^>]*>(.*?)</td>", scored)[1].isdigit()
    book = load_workbook(paths.workbook, read_only=True)
    rows = list(book["Scores"].iter_rows(values_only=True))
    head, by_power = rows[0], {r[0]: dict(zip(rows[0], r)) for r in rows[1:]}
    assert head[-1] == "Note"
    assert by_power["DUTCH"]["Note"] == "eliminated: not scored"
    assert by_power["FRANCE"]["Note"] is None


def _page_after_dutch_scored_then_gone(tmp_path) -> str:
    """The game page after 1625's Scoring Phase, the Dutch Republic scored 5 in 1624 and
    eliminated before 1625's."""
    from gm_tools.publish.site import build_site

    def scored_then_gone(position):
        _dutch_gone(position)
        position.extra["europe1619"]["ledger"] = {"scores": {"1624": {"DUTCH": 5, "FRANCE": 7}}}

    root = tmp_path / "games"
    game_at(root, "Y1625S", players=15, change=scored_then_gone)
    run_turn("g", root=root, site_dir=None)
    build_site(root, tmp_path / "site")
    return (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")


def test_the_points_per_year_say_an_eliminated_power_is_not_scored_after_its_end(tmp_path):
    """002_e7e1b063b6c411e5.txt, 'Referee scores the players individually during the Scoring
    Phase': the Dutch Republic, scored 5 in 1624 and eliminated before 1625's Scoring Phase, was
    given 0 for 1625 in the game page's "Victory points per year" table, as if scored."""
    page = _page_after_dutch_scored_then_gone(tmp_path)
    table = page[page.index('id="scores-h"'):]
    assert re.search(r"<th scope=\"col\">1624</th><th scope=\"col\">1625</th>", table)
    row = re.search(r"<th scope=\"row\">Dutch Republic</th>(.*?)</tr>", table, re.S).group(1)
    assert re.findall(r"<td[^>]*>(.*?)</td>", row) == ["5", "not scored"]


def test_the_points_chart_ends_an_eliminated_powers_line_at_its_last_scored_year(tmp_path):
    """002_e7e1b063b6c411e5.txt, 'Referee scores the players individually during the Scoring
    Phase': the Dutch Republic, scored 5 in 1624 and eliminated before 1625's Scoring Phase, is
    'not scored' in the standings and the table beside the chart, yet the chart drew its line
    down to 0 at 1625, as if scored 0. Its line ends at 1624, its label saying it is not scored
    after; a power scored every year is drawn to the last year as before."""
    page = _page_after_dutch_scored_then_gone(tmp_path)
    chart = page[page.index('id="scores-h"'):]
    chart = chart[chart.index("<svg"):chart.index("</svg>")]

    def points(power: str) -> list[str]:
        line = re.search(rf"<g><title>{power}</title>\n<polyline points=\"([^\"]*)\"", chart)
        return line.group(1).split()
    assert len(points("Dutch Republic")) == 1 and len(points("France")) == 2
    assert ">Dutch Republic 5, not scored from 1625</text>" in chart
    assert ">Dutch Republic 0<" not in chart


def test_a_mailed_order_of_an_eliminated_power_is_refused_saying_it_is_eliminated(tmp_path, capsys):
    """002_e7e1b063b6c411e5.txt, 'A power that does not control any of its original home centers
    ... it is considered eliminated' and 'When a power is eliminated, all units are disbanded'.
    The Dutch player, eliminated, mailed an order for his old army in Holland: `gm-tools
    orders` refused it with "the unit in HLD is French, not Dutch", as if he had mistyped a
    province, where what the GM sends back must say first that the Dutch Republic is out of the
    game. The record of a `turn --lenient` keeps its words (recorded games replay as they were)."""
    from gm_tools.app.cli import main

    root = tmp_path / "games"
    game_at(root, "Y1625M", players=15, change=_dutch_gone)
    mail = tmp_path / "dutch.txt"
    mail.write_text("Dutch Republic\nA HLD H\n", encoding="utf-8")
    capsys.readouterr()
    main(["orders", "g", str(mail), "--root", str(root)])
    out = " ".join(capsys.readouterr().out.split())
    assert "expected no order: the Dutch Republic is eliminated, its units disbanded (the unit in HLD" in out, out
    assert out.index("the Dutch Republic is eliminated") < out.index("is French, not Dutch"), out
    # what a `turn --lenient` records of the same order keeps the parser's words
    from gm_tools.app.turn import load_state
    from gm_tools.edges.ordercheck import OrderEntry, check_orders
    from gm_tools.engine.rules import rules_for

    state = load_state("g", root)
    checked = check_orders(state.variant, state.position, rules_for(state.variant),
                           [OrderEntry("DUTCH", "Orders!C2", "A HLD H", None)], lenient=True)
    assert checked.record["DUTCH"][0]["error"] == "a legal order (the unit in HLD is French, not Dutch)"
