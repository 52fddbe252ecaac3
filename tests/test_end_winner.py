"""A game ended by the GM calling a winner: 000_cc215928c2f3193e.txt (Europe 1615 v3),
'VICTORY CONDITIONS', 'Victory by agreement': "If a game plays for a too extended period of
time, and no clear victor is in sight, players may agree to stop the game and allow the GM to
call a winner. This must be a unanimous agreement. GM could select a winner based on number
of won rounds or if there are ties for most rounds won, then GM selects winner based on
accumulated score." ``gm-tools end GAME --winner POWER --reason TEXT`` records it with its
reason; the game is over and won (turn, mail, rollback, status and the site say so); the
records stay as they are, so replay gives the same bytes; ``--undo`` reopens the game."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.cli import main
from gm_tools.app.endgame import call_winner, reopen
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.rollback import rollback
from gm_tools.app.status import phase_status
from gm_tools.app.turn import load_state, replay, run_turn
from gm_tools.errors import GameError
from gm_tools.publish.site import build_site

from workflow_helpers import create, play, snapshot

REASON = "unanimous agreement; most rounds won (Spain 2, France 1)"


@pytest.fixture
def called(tmp_path):
    """A Europe 1615 game played through its workbook into Spring 1615, then ended with Spain
    called the winner."""
    paths = create(tmp_path, variant="europe1615")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the Initial Status Check
    play(paths, {"SPAIN": ["A MAD H"], "FRANCE": ["A PAR H"]})
    end = call_winner("g", "Spain", REASON, root=tmp_path, site_dir=tmp_path / "site", declared="2026-11-27T09:00:00Z")
    return tmp_path, paths, end


def test_the_winner_called_is_recorded_and_ends_the_game(called):
    root, paths, end = called
    assert end == {"result": "win", "winner": "SPAIN", "reason": REASON, "phase": "U1615M",
                   "declared": "2026-11-27T09:00:00Z"}
    assert json.loads(paths.end_file.read_text(encoding="utf-8")) == end
    state = load_state("g", root)
    assert state.finished and state.winner == "SPAIN"
    before = snapshot(root)
    with pytest.raises(GameError, match=r"won by SPAIN, the winner the GM called before U1615M \(unanimous"):
        run_turn("g", root=root, site_dir=None)
    with pytest.raises(GameError, match="is over"):
        enter_mails("g", [("spain", b"Spain\nA MAD - ANDL\n")], root=root)
    with pytest.raises(GameError, match=r"ended by the GM \(a winner called\): gm-tools end g --undo"):
        rollback("g", root=root, site_dir=None)
    with pytest.raises(GameError, match="won by SPAIN"):
        phase_status("g", root=root)
    assert snapshot(root) == before
    assert replay("g", root=root) == []  # the records are untouched


def test_the_site_shows_the_winner_the_gm_called(called):
    root, _, _ = called
    build_site(root, root / "site")
    site = root / "site"
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "won by Spain (called by the GM)" in index
    page = (site / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Winner</dt><dd>Spain</dd>" in page and "<dt>Current phase</dt><dd>game over</dd>" in page
    # the day after the phase, the reason last: after the reason the day read as part of it
    # (QA finding: "... the players agreed on 27 November 2026")
    assert ("Spain called the winner by the GM before Summer 1615 Movement on "
            '<time datetime="2026-11-27T09:00:00Z">27 November 2026, 09:00 UTC</time>: unanimous agreement; '
            "most rounds won (Spain 2, France 1)</dd>") in page
    assert "<dt>Draw</dt>" not in page
    last = (site / "games" / "g" / "S1615M.html").read_text(encoding="utf-8")
    assert "not yet played" not in last and "Last phase: the game is over" in last
    feed = (site / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    assert "<title>Winner: Spain</title>" in feed and "<updated>2026-11-27T09:00:00Z</updated>" in feed
    whole = json.loads((site / "games" / "g" / "game.json").read_text(encoding="utf-8"))
    assert whole["end"]["winner"] == "SPAIN" and whole["end"]["reason"] == REASON


def test_undo_reopens_the_game(called):
    root, paths, _ = called
    undone = reopen("g", root=root, site_dir=None)
    assert undone["winner"] == "SPAIN" and not paths.end_file.exists()
    state = load_state("g", root)
    assert not state.finished and state.winner is None
    assert play(paths, {"SPAIN": ["A MAD H"]}).processed


@pytest.mark.parametrize("args, message", [
    (["--winner", "SPAIN"], "--reason"),
    (["--winner", "SPAIN", "--reason", "  "], "--reason"),
    (["--winner", "NARNIA", "--reason", "agreed"], "expected a played power"),
    (["--winner", "OTTOMAN", "--reason", "agreed"], "expected a played power"),
    # a slip of the keys gets the power it was meant to be; a word near none, the list alone
    (["--winner", "Frnace", "--reason", "agreed"], "ENGLAND, DENMARK; did you mean FRANCE?)"),
    (["--winner", "NARNIA", "--reason", "agreed"], "ENGLAND, DENMARK)"),
    (["--winner", "SPAIN", "--draw", "FRANCE", "SPAIN"], "either drawn (--draw) or won (--winner), not both"),
    ([], "--draw POWER POWER..., or --winner POWER --reason"),
    (["--draw", "FRANCE", "SPAIN", "--reason", "agreed"], "--reason goes with --winner"),
])
def test_a_bad_call_is_a_clear_error_and_writes_nothing(tmp_path, capsys, args, message):
    create(tmp_path, variant="europe1615")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    before = snapshot(tmp_path)
    assert main(["end", "g", *args, "--root", str(tmp_path), "--site", ""]) == 2
    assert message in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_cli_calls_the_winner_and_undoes_it(tmp_path, capsys):
    create(tmp_path, variant="europe1615")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert main(["end", "g", "--winner", "fra", "--reason", "agreed; most rounds won", "--root", str(tmp_path),
                 "--site", ""]) == 0
    assert "g: won by FRANCE, the GM's call before S1615M (agreed; most rounds won)" in capsys.readouterr().out
    # status answers for a game over: nobody is waited for (not an error, exit 0)
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ("g: the game is over: won by FRANCE, the winner the GM called before S1615M "
                                       "(agreed; most rounds won) (gm-tools end g --undo reopens it); nothing is waited for\n")
    assert main(["end", "g", "--undo", "--root", str(tmp_path), "--site", ""]) == 0
    assert "FRANCE's win is undone" in capsys.readouterr().out


def test_a_winner_called_in_a_standard_game_is_checked_first_and_the_reason_asked_in_its_own_words(tmp_path, capsys):
    """A GM of a standard game whose players concede calls a winner: a misspelt power is named
    before the missing reason, and the hint does not ask for Europe 1615's 'rounds won'."""
    create(tmp_path)
    before = snapshot(tmp_path)
    assert main(["end", "g", "--winner", "xx", "--root", str(tmp_path), "--site", ""]) == 2
    assert "expected a played power" in capsys.readouterr().err
    assert main(["end", "g", "--winner", "FRANCE", "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert "--reason" in err and "rounds won" not in err
    assert snapshot(tmp_path) == before
