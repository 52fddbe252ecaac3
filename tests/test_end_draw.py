"""A game ended as a draw by the GM (issue 17, item 5): 1619 rulebook (002_e7e1b063b6c411e5.txt,
on the end of 1648): 'players may agree to extend the game by one or more years to break the
tie, or call a draw'. ``gm-tools end GAME --draw POWERS`` records it; the game takes no more
turns; the game page, the index and the feed show it; ``--undo`` reopens the game."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.cli import main
from gm_tools.app.endgame import end_game, reopen
from gm_tools.app.rollback import rollback
from gm_tools.app.turn import load_state, run_turn
from gm_tools.errors import GameError
from gm_tools.publish.site import build_site

from browser import chromium_page, needs_chromium, served
from workflow_helpers import create, play, snapshot


@pytest.fixture
def drawn(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    end = end_game("g", ["france", "England", "GERMANY"], root=tmp_path, site_dir=tmp_path / "site",
                   declared="2026-11-25T16:00:00Z")
    return tmp_path, paths, end


def test_the_draw_is_recorded_and_stops_the_game(drawn):
    root, paths, end = drawn
    assert end == {"result": "draw", "powers": ["ENGLAND", "FRANCE", "GERMANY"], "phase": "F1901M",
                   "declared": "2026-11-25T16:00:00Z"}
    assert json.loads(paths.end_file.read_text(encoding="utf-8")) == end
    state = load_state("g", root)
    assert state.finished and state.position.phase == "F1901M"
    with pytest.raises(GameError, match="drawn between ENGLAND, FRANCE and GERMANY"):
        run_turn("g", root=root, site_dir=None)
    with pytest.raises(GameError, match="--undo reopens it first"):
        rollback("g", root=root, site_dir=None)


def test_the_site_shows_the_draw_in_the_index_the_game_page_and_the_feed(drawn):
    root, _, _ = drawn
    site = root / "site"
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "drawn between England, France and Germany" in index
    page = (site / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "shared by England, France and Germany, called before Fall 1901 Movement" in page
    assert "<dt>Current phase</dt><dd>game over</dd>" in page  # no current phase any more
    feed = (site / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    assert "<title>Draw: England, France, Germany</title>" in feed
    assert "<updated>2026-11-25T16:00:00Z</updated>" in feed
    whole = json.loads((site / "games" / "g" / "game.json").read_text(encoding="utf-8"))
    assert whole["end"]["powers"] == ["ENGLAND", "FRANCE", "GERMANY"]


def test_the_last_phase_page_says_the_game_is_over_not_what_comes_next(tmp_path):
    """QA finding: a drawn game's last phase page promised "Next: Fall 1901 Movement (not yet
    played)", the phase its record had named before the GM ended the game; the site built
    before the end kept that page, and the page made at the end kept it after --undo."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    site = tmp_path / "site"
    last = site / "games" / "g" / "S1901M.html"
    build_site(tmp_path, site)
    assert "Next: Fall 1901 Movement (not yet played)" in last.read_text(encoding="utf-8")
    end_game("g", ["france", "England"], root=tmp_path, site_dir=site)
    page = last.read_text(encoding="utf-8")
    assert "not yet played" not in page and "Last phase: the game is over" in page
    reopen("g", root=tmp_path, site_dir=site)
    assert "Next: Fall 1901 Movement (not yet played)" in last.read_text(encoding="utf-8")


def test_undo_reopens_the_game(drawn):
    root, paths, _ = drawn
    reopen("g", root=root, site_dir=root / "site")
    assert not paths.end_file.exists()
    assert "drawn" not in (root / "site" / "index.html").read_text(encoding="utf-8")
    report = play(paths, {"FRANCE": ["A BUR - MUN"]})
    assert report.processed


def test_the_powers_of_a_draw_may_be_abbreviated_as_judges_do(tmp_path):
    """``end --help``: the powers as codes or names; a GM types FRA and ENG as judges write them."""
    create(tmp_path)
    end = end_game("g", ["FRA", "eng", "Ger"], root=tmp_path, site_dir=None, declared="2026-11-25T16:00:00Z")
    assert end["powers"] == ["ENGLAND", "FRANCE", "GERMANY"]


@pytest.mark.parametrize("powers, message", [
    (["FRANCE"], "two powers or more"),
    (["FRANCE", "NARNIA"], "expected a played power"),
    (["FRANCE", "GE"], "expected a played power"),  # two letters name no power: too short to be sure
])
def test_a_bad_draw_is_a_clear_error_and_writes_nothing(tmp_path, capsys, powers, message):
    create(tmp_path)
    before = snapshot(tmp_path)
    assert main(["end", "g", "--draw", *powers, "--root", str(tmp_path), "--site", ""]) == 2
    assert message in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_a_power_named_twice_is_refused_naming_it(tmp_path, capsys):
    """QA finding: ``end g --draw fra eng FRA`` dropped the second FRA without a word; a GM
    who types a power twice probably meant another one, so the draw is refused (``end --help``
    says each power is named once) and nothing is written."""
    create(tmp_path)
    before = snapshot(tmp_path)
    assert main(["end", "g", "--draw", "fra", "eng", "FRA", "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert "'fra' and 'FRA' both name FRANCE" in err and "name each power once" in err
    assert snapshot(tmp_path) == before


def test_a_power_with_nothing_left_has_no_share(tmp_path):
    from workflow_helpers import board_variant

    board_variant(tmp_path, "tiny", {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, {"FRANCE": ["PAR"], "GERMANY": ["MUN"]})
    from gm_tools.app.turn import new_game

    new_game(str(tmp_path / "tiny"), "g", root=tmp_path / "games", seed=1)
    with pytest.raises(GameError, match="no center and no unit"):
        end_game("g", ["FRANCE", "ITALY"], root=tmp_path / "games", site_dir=None)


@needs_chromium
def test_the_draw_on_the_game_page_in_chromium(drawn):
    root, _, _ = drawn
    errors: list[str] = []
    with served(root / "site") as base, chromium_page(errors) as page:
        page.goto(f"{base}games/g/index.html")
        assert page.locator("dd.draw").inner_text().startswith("shared by England, France and Germany")
        page.goto(f"{base}index.html")
        assert "drawn between England, France and Germany" in page.locator("table").first.inner_text()
    assert errors == []


def test_a_draw_forced_by_the_rules_is_shown_with_its_reason(tmp_path):
    """A record whose phase ended the game in a draw (``Rules.draw``: Europe 1615's automatic
    draws, tested in test_europe1615_scoring.py) is published like the GM's draw, with why;
    status and the turn's report name its two powers as a sentence does ("ENGLAND and FRANCE",
    tests/test_draw_words.py), the record keeping its list."""
    from gm_tools.app.turnreport import TurnReport

    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    record_file = paths.record_file("S1901M")
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["next_phase"] = None
    record["draw"] = {"powers": ["ENGLAND", "FRANCE"], "reason": "a rule of the variant"}
    record_file.write_text(json.dumps(record), encoding="utf-8")
    state = load_state("g", tmp_path)
    assert state.over_text() == "drawn between ENGLAND and FRANCE (a rule of the variant)"
    said = TurnReport("g", "S1901M", processed=True, record=state.history[-1], variant=state.variant).text()
    assert said.endswith("drawn between ENGLAND and FRANCE (a rule of the variant): the game is over"), said
    build_site(tmp_path, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "shared by England and France, forced by the rules after Spring 1901 Movement on <time" in page
    assert "</time>: a rule of the variant</dd>" in page  # the day before the reason, not read as part of it
    assert "drawn between England and France" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert json.loads(record_file.read_text(encoding="utf-8"))["draw"]["powers"] == ["ENGLAND", "FRANCE"]


def test_the_index_says_a_game_was_last_played_the_day_it_was_ended(tmp_path):
    """A draw called days after the last phase (1619 rulebook: players 'may ... call a draw'):
    the archive index's 'Last played' is the day the GM recorded it (end.json's 'declared'), not
    the last phase's; an end recorded before it (a clock set wrong) does not move it back."""
    import xml.etree.ElementTree as ET

    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]}, processed="2026-11-20T10:00:00Z")
    end_game("g", ["FRANCE", "ENGLAND"], root=tmp_path, site_dir=tmp_path / "site", declared="2026-11-25T16:00:00Z")

    def last_played() -> tuple:
        index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
        table = index[index.index("<table"):index.index("</table>") + len("</table>")]
        row = next(r for r in ET.fromstring(table).iter("tr") if r.find("th/a") is not None)
        time = row.findall("td")[-1].find("time")
        return time.get("datetime"), time.text

    assert last_played() == ("2026-11-25T16:00:00Z", "2026-11-25")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert '<dt>Last played</dt><dd><time datetime="2026-11-25T16:00:00Z">25 November 2026, 16:00 UTC</time>' in page
    reopen("g", root=tmp_path, site_dir=None)
    end_game("g", ["FRANCE", "ENGLAND"], root=tmp_path, site_dir=tmp_path / "site", declared="2026-11-01T16:00:00Z")
    assert last_played() == ("2026-11-20T10:00:00Z", "2026-11-20")


@pytest.mark.parametrize("extra", [["--draw", "FRANCE", "GERMANY"], ["--winner", "FRANCE", "--reason", "agreed"]])
def test_undo_with_another_end_is_refused_and_the_draw_stands(drawn, capsys, extra):
    """``end g --undo --draw FRANCE GERMANY`` reopened the game and dropped the draw it named
    without a word, as if the GM could re-draw in one step: refused, the draw standing."""
    root, paths, end = drawn
    before = snapshot(root)
    assert main(["end", "g", "--undo", *extra, "--root", str(root), "--site", ""]) == 2
    assert f"end --undo: found {extra[0]} with it, expected --undo alone" in capsys.readouterr().err
    assert snapshot(root) == before and load_state("g", root).end == end
