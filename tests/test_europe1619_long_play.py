"""Europe 1619 played to its end in 1648 and past it, as a GM runs a game for thirty years:
what that play found, each on a hand-set position through the real workbook, mail and
command line. Rulebook: ``002_e7e1b063b6c411e5.txt`` (Europe 1619, Medeiros, 2018)."""

from __future__ import annotations

import json

from gm_tools.app.cli import main
from gm_tools.app.turn import _plan, load_state, new_game, run_turn
from gm_tools.edges.game import game_paths, json_text
from gm_tools.edges.workbook import write_workbook
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.model import Position
from gm_tools.engine.rules import rules_for


def game_at(root, phase: str, players: int = 10):
    """A Europe 1619 game ``g`` of ``players`` in ``root`` whose current phase is ``phase``, its
    board the start's (the first phase's record rewritten), its workbook written for it as a
    turn writes it."""
    new_game("europe1619", "g", root=root, seed=5, created="2000-01-01T00:00:00Z", player_count=players)
    run_turn("g", root=root, site_dir=None, force=True)
    state = load_state("g", root)
    variant, paths = state.variant, game_paths("g", root)
    first = state.history[0]["phase"]
    file = paths.record_file(first)
    record = json.loads(file.read_text(encoding="utf-8"))
    start = state.position
    position = Position(phase=phase, units=dict(start.units), centers=dict(start.centers),
                        extra=json.loads(json.dumps(start.extra)))
    from gm_tools.engine.positions import position_to_json

    record["after"], record["next_phase"] = position_to_json(position), phase
    file.write_text(json_text(record), encoding="utf-8")
    paths.workbook.write_bytes(write_workbook(_plan(variant, hooks_for(variant), rules_for(variant), "g", position,
                                                    "", 5, state.info.players, record)))
    return paths


def test_status_after_1648_says_the_diplomatic_phase_is_skipped(tmp_path, capsys):
    """002_e7e1b063b6c411e5.txt, 'Scoring': 'If an extension of the game beyond 1648 is agreed
    upon, no further allocations of INFs will occur, and the Diplomatic Phase is skipped in the
    years following 1648.' Played on past a tie in 1648, `gm-tools status` in Year 1649's
    Diplomatic phase said 'every power has entered its INF placements, attack or
    declarations', though nobody had entered anything and nothing could be entered (`gm-tools
    orders` refuses each line: 'there is no Diplomatic Phase after 1648')."""
    game_at(tmp_path, "Y1649D")
    capsys.readouterr()
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "every power has entered" not in out
    assert "no Diplomatic Phase after 1648: nothing to enter" in out
