"""``gm-tools end`` in a game where one player plays several powers: Europe 1615 (version 2),
``001_6f4a9c76b6e5774a.txt``, '10 ALTERNATE WAYS TO PLAY': '2-player game: ... One player
controls Spain and Austria, while the other player controls France, England, and Denmark';
'4-player game: One player controls Spain, another controls Austria, another plays France, and
one for Denmark and England'. The winner the GM calls is a player, so all of that player's
powers win together (as the rules' own victory: 'the player with most VPs wins the game');
a draw is shared by players, so a draw among one player's powers is refused, and a player
named twice in a draw (two of his powers) shares it once, with all of his powers.
"""

from __future__ import annotations

import json

import pytest

from gm_tools.app.cli import main
from gm_tools.app.endgame import call_winner
from gm_tools.app.turn import load_state, new_game
from gm_tools.publish.site import build_site

from workflow_helpers import snapshot

REASON = "unanimous agreement; most VPs"


def _game(root, players: int | None) -> None:
    new_game("europe1615v2", "g", root=root, seed=7, created="2000-01-01T00:00:00Z", player_count=players)


def test_the_winner_called_is_the_players_powers_together(tmp_path, capsys):
    """2-player game: the GM calls Austria's player the winner; Spain, his other power, wins
    with it, in the record, the command's words, the status and the site."""
    _game(tmp_path, 2)
    assert main(["end", "g", "--winner", "austria", "--reason", REASON, "--root", str(tmp_path), "--site", ""]) == 0
    assert "g: won by SPAIN/AUSTRIA, the GM's call before P1615I (unanimous agreement; most VPs)" in \
        capsys.readouterr().out
    end = json.loads((tmp_path / "g" / "end.json").read_text(encoding="utf-8"))
    assert (end["result"], end["winner"], end["powers"]) == ("win", "AUSTRIA", ["SPAIN", "AUSTRIA"])
    assert load_state("g", tmp_path).over_text().startswith("won by SPAIN/AUSTRIA, the winner the GM called")
    build_site(tmp_path, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "won by Spain and Austria (called by the GM)" in index
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Winner</dt><dd>Spain and Austria</dd>" in page
    assert "Spain and Austria called the winner by the GM before" in page
    feed = (tmp_path / "site" / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    assert "<title>Winner: Spain and Austria</title>" in feed
    assert main(["end", "g", "--undo", "--root", str(tmp_path), "--site", ""]) == 0
    assert "SPAIN/AUSTRIA's win is undone" in capsys.readouterr().out


def test_a_power_playing_alone_wins_alone(tmp_path):
    """The game as written ('five players'), and a 4-player game's lone powers: the winner is
    the power named, as before."""
    _game(tmp_path, 4)
    end = call_winner("g", "France", REASON, root=tmp_path, site_dir=None)
    assert end["winner"] == "FRANCE" and "powers" not in end


@pytest.mark.parametrize("players, draw, mine", [
    (2, ["SPAIN", "AUSTRIA"], "SPAIN/AUSTRIA"),
    (2, ["england", "France"], "FRANCE/ENGLAND/DENMARK"),
    (4, ["DENMARK", "ENGLAND"], "DENMARK/ENGLAND"),
])
def test_a_draw_among_one_players_powers_is_refused(tmp_path, capsys, players, draw, mine):
    """A draw is shared by two players or more: one player's powers drawn with each other is
    his win, or a mistake; the command says so and writes nothing."""
    _game(tmp_path, players)
    before = snapshot(tmp_path)
    assert main(["end", "g", "--draw", *draw, "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert f"are one player's powers ({mine}), and a draw is shared by two players or more" in err
    assert "--winner" in err and "Traceback" not in err
    assert snapshot(tmp_path) == before


def test_a_draw_is_shared_by_players_each_with_all_his_powers(tmp_path, capsys):
    """4-player game: Spain drawn with England and Denmark, two powers of one player, is a
    draw of two players; England alone names that player too, who shares it with both his powers."""
    _game(tmp_path, 4)
    assert main(["end", "g", "--draw", "SPAIN", "ENGLAND", "DENMARK", "--root", str(tmp_path), "--site", ""]) == 0
    assert "g: drawn between SPAIN and DENMARK/ENGLAND at P1615I" in capsys.readouterr().out
    end = json.loads((tmp_path / "g" / "end.json").read_text(encoding="utf-8"))
    assert (end["powers"], end["players"]) == (["SPAIN", "ENGLAND", "DENMARK"], [["SPAIN"], ["DENMARK", "ENGLAND"]])
    build_site(tmp_path, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "drawn between Spain and Denmark/Sweden with England" in index
    feed = (tmp_path / "site" / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    assert "<title>Draw: Spain, Denmark/Sweden and England</title>" in feed
    assert main(["end", "g", "--undo", "--root", str(tmp_path), "--site", ""]) == 0
    assert main(["end", "g", "--draw", "SPAIN", "england", "--root", str(tmp_path), "--site", ""]) == 0
    end = json.loads((tmp_path / "g" / "end.json").read_text(encoding="utf-8"))
    assert end["powers"] == ["SPAIN", "ENGLAND", "DENMARK"]


def test_the_neutral_france_of_the_3_player_game_is_no_player(tmp_path, capsys):
    """3-player game: 'France is neutral and French territory cannot be entered ... France joins
    player with highest roll in 1618': before it joins, no player plays France, so it neither
    wins nor shares a draw."""
    _game(tmp_path, 3)
    before = snapshot(tmp_path)
    for args in (["--winner", "France", "--reason", REASON], ["--draw", "FRANCE", "SPAIN"]):
        assert main(["end", "g", *args, "--root", str(tmp_path), "--site", ""]) == 2
        assert "FRANCE is played by no player now (a neutral power, until it joins a player)" in \
            capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_gm_may_name_denmark_sweden_by_either_realm(tmp_path):
    """rulebook 001: 'Austria, Denmark/Sweden, England, France, and Spain', one power of two
    realms: ``--winner Sweden`` names Denmark/Sweden, as a mail signed Sweden does (QA)."""
    _game(tmp_path, None)
    end = call_winner("g", "Sweden", REASON, root=tmp_path, site_dir=None)
    assert end["winner"] == "DENMARK"
