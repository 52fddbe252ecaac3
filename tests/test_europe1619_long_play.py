"""Europe 1619 played to its end in 1648 and past it, as a GM runs a game for thirty years:
what that play found, each on a hand-set position through the real workbook, mail and
command line. Rulebook: ``002_e7e1b063b6c411e5.txt`` (Europe 1619, Medeiros, 2018)."""

from __future__ import annotations

import html

from gm_tools.app.cli import main
from gm_tools.app.turn import run_turn
from gm_tools.engine.model import ARMY, Unit
from workflow_helpers import game_set_at, start_board


def game_at(root, phase: str, players: int = 10, change=None):
    """A Europe 1619 game ``g`` of ``players`` in ``root`` whose current phase is ``phase``, its
    board the start's; ``change(position)`` sets the board up by hand."""
    return game_set_at(root, "europe1619", 5, start_board(phase, change), players)


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


def test_a_game_extended_past_1648_is_said_to_end_in_the_year_it_ends(tmp_path):
    """002_e7e1b063b6c411e5.txt, 'Scoring': 'the game officially ends at the Scoring Phase of
    1648, with highest scoring player taking victory. In case of ties, players may agree to
    extend the game by one or more years to break the tie'. Played on past a tie in 1648, the
    Scoring Phase of 1649 found one power ahead and ended the game, but its page and judge text
    said 'The game ends in 1648: Spain has the highest score'. The record keeps those words (so
    recorded games replay); the pages say the year the extension ended in."""
    from gm_tools.publish.site import build_site

    def spain_in_holland(position):
        position.units["HLD"] = Unit("SPAIN", ARMY, "HLD")
        position.centers["HLD"] = "SPAIN"
        position.extra["europe1619"]["captured"] = {"HLD": "SPAIN"}

    root = tmp_path / "games"
    game_at(root, "Y1649S", change=spain_in_holland)
    done = run_turn("g", root=root, site_dir=None)
    verdict = done.record["extra"]["outcome"]["scoring"]["verdict"]
    assert verdict.startswith("the game ends in 1648: ")  # the record's words, as recorded games have them
    build_site(root, tmp_path / "site")
    for page in ("Y1649S.html", "Y1649S.txt"):
        text = " ".join((tmp_path / "site" / "games" / "g" / page).read_text(encoding="utf-8").split())
        assert "ends in 1648" not in text
        assert "The game, extended past 1648, ends in 1649: " in text


def test_a_diplomatic_phase_past_1648_is_said_skipped_on_its_page(tmp_path):
    """002_e7e1b063b6c411e5.txt, 'Scoring': 'If an extension of the game beyond 1648 is agreed
    upon, no further allocations of INFs will occur, and the Diplomatic Phase is skipped in the
    years following 1648.' Year 1649's Diplomatic phase, played on past a tie, had a page and
    judge text saying only 'No INF placements this phase.', as if the players had sent none."""
    from gm_tools.publish.site import build_site

    root = tmp_path / "games"
    game_at(root, "Y1649D")
    run_turn("g", root=root, site_dir=None, force=True)
    build_site(root, tmp_path / "site")
    for page in ("Y1649D.html", "Y1649D.txt"):
        text = html.unescape(" ".join((tmp_path / "site" / "games" / "g" / page).read_text(encoding="utf-8").split()))
        assert "No Diplomatic Phase after 1648 ('the Diplomatic Phase is skipped in the years following 1648'): " \
               "no INFs are allotted." in text
        assert "No INF placements this phase." not in text
