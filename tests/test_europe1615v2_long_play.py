"""Europe 1615 (version 2, Payola) played to its end in 1621 and past a tie, as a GM runs a game:
what that play found, each on a hand-set position through the real workbook and command line.
Rulebook: ``001_6f4a9c76b6e5774a.txt`` (Europe 1615 v2, Medeiros)."""

from __future__ import annotations

import openpyxl

from gm_tools.app.turn import load_state, run_turn
from gm_tools.engine.model import ARMY, Unit
from gm_tools.systems.europe1615v2.sheets import TREASURY
from workflow_helpers import game_set_at, start_board


def game_at(root, phase: str, change=None, players: int | None = None):
    """A Europe 1615 v2 game ``g`` in ``root`` whose current phase is ``phase``, its board the
    start's; ``change(position)`` sets the board up by hand."""
    return game_set_at(root, "europe1615v2", 5, start_board(phase, change), players)


def spain_in_portugal(position):
    position.units["POR"] = Unit("SPAIN", ARMY, "POR")
    position.centers["POR"] = "SPAIN"


def test_a_game_over_leaves_no_inf_allotment_due_on_the_treasury_sheet(tmp_path):
    """001_6f4a9c76b6e5774a.txt, '9 VICTORY CONDITIONS': 'At the opening of 1621, the player with
    most VPs wins the game.' Played to its end, the last workbook's Treasury sheet still gave each
    power its 'INFs due next phase of influence' (1621's), a phase the game never plays; a game
    a tie plays on keeps them."""
    paths = game_at(tmp_path, "F1620M", change=spain_in_portugal)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    done = run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert done.record["phase"] == "W1620A" and load_state("g", tmp_path).finished
    rows = list(openpyxl.load_workbook(paths.workbook)[TREASURY].iter_rows(min_row=2, values_only=True))
    assert [row[2] for row in rows if row[0]] == [None] * 5


def test_a_tie_at_the_opening_of_1621_keeps_the_inf_allotment_due(tmp_path):
    """'If there is a tie between any two players, then the game will resume for another year':
    1621's Political and Religious Influence Phase is played, its INFs due on the sheet."""
    paths = game_at(tmp_path, "W1620A")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "P1621I"
    rows = list(openpyxl.load_workbook(paths.workbook)[TREASURY].iter_rows(min_row=2, values_only=True))
    assert all(isinstance(row[2], int) and row[2] > 0 for row in rows if row[0])


def test_one_players_powers_winning_together_are_said_to_win_not_to_draw(tmp_path, capsys):
    """001_6f4a9c76b6e5774a.txt, '10 ALTERNATE WAYS TO PLAY': '2-player game: ... One player
    controls Spain and Austria'; '9 VICTORY CONDITIONS': 'At the opening of 1621, the player with
    most VPs wins the game.' Played to its end with 2 players, the Spain and Austria player won,
    recorded as the game's shared result (his two powers), but the game page said 'Winner: none'
    beside 'Draw: shared by Spain, Austria', the archive 'drawn between Spain, Austria' and the
    judge text 'The game is over: a draw between Spain and Austria'. The record keeps its words;
    the pages name the win, as The Peace of Westphalia's shared victories are named."""
    from gm_tools.publish.site import build_site

    root = tmp_path / "games"
    game_at(root, "F1620M", change=spain_in_portugal, players=2)
    run_turn("g", root=root, site_dir=None, force=True)
    done = run_turn("g", root=root, site_dir=None, force=True)
    assert done.record["draw"]["powers"] == ["SPAIN", "AUSTRIA"]  # the record's shared result, as recorded games have it
    # the turn's report says it as status does, not the record's 'drawn between'
    assert "drawn between" not in done.text()
    assert "won together by SPAIN and AUSTRIA (victory on VPs: SPAIN/AUSTRIA: " in done.text(), done.text()
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Winner</dt><dd>Spain and Austria (" in page and "<dt>Winner</dt><dd>none</dd>" not in page
    assert "<dt>Draw</dt>" not in page
    for power in ("Spain", "Austria"):  # the standings mark both as a single winner's row is
        row = next(line for line in page.splitlines() if line.startswith(f'<tr><th scope="row">{power}</th>'))
        assert row.endswith("<td>winner</td></tr>"), row
    text = " ".join((tmp_path / "site" / "games" / "g" / "W1620A.txt").read_text(encoding="utf-8-sig").split())
    assert "a draw between" not in text
    assert "The game is over: Spain and Austria share the victory on VPs with " in text
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "drawn between" not in index
    from gm_tools.app.cli import main

    capsys.readouterr()
    assert main(["status", "g", "--root", str(root)]) == 0
    said = capsys.readouterr().out
    assert "drawn between" not in said
    assert "g: the game is over: won together by SPAIN and AUSTRIA in W1620A (victory on VPs: SPAIN/AUSTRIA: " in said


def test_three_powers_winning_together_are_named_as_a_list(tmp_path):
    """'2-player game: ... the other player controls France, England, and Denmark' ('10
    ALTERNATE WAYS TO PLAY'): that player's win named on the game page, the archive and the
    feed read 'France and England and Denmark/Sweden'; a list of three says 'France, England
    and Denmark/Sweden', as the judge text does."""
    from gm_tools.publish.site import build_site

    def england_in_ireland(position):
        position.units["IRE"] = Unit("ENGLAND", ARMY, "IRE")
        position.centers["IRE"] = "ENGLAND"

    root = tmp_path / "games"
    game_at(root, "F1620M", change=england_in_ireland, players=2)
    run_turn("g", root=root, site_dir=None, force=True)
    run_turn("g", root=root, site_dir=None, force=True)
    assert load_state("g", root).finished
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Winner</dt><dd>France, England and Denmark/Sweden (victory on VPs, shared)</dd>" in page
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    feed = (tmp_path / "site" / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    for text in (page, index, feed):
        assert "France and England" not in text


def test_the_last_workbooks_game_sheet_names_the_powers_winning_together(tmp_path):
    """'One player controls Spain and Austria' ('10 ALTERNATE WAYS TO PLAY'), 'the player with
    most VPs wins the game' ('9 VICTORY CONDITIONS'): the last workbook's Game sheet said
    'Game over: None wins' for a win the rules share (recorded as the game's shared result);
    it names the powers, as a single winner's 'Game over: Spain wins'."""
    paths = game_at(tmp_path, "F1620M", change=spain_in_portugal, players=2)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    game = {row[0]: row[1] for row in openpyxl.load_workbook(paths.workbook)["Game"].iter_rows(values_only=True)}
    assert game["Phase name"] == "Game over: Spain and Austria win together"
