"""The Peace of Westphalia's Foreign Powers sheet as a GM types it: what is wrong with a row is
named at the cell it is about (the player who may not leave, the Home Province, the edge), once,
as 'Sheet!Cell: found ..., expected ...', and nothing is written (``docs/westphalia.md``, 'The
steps').

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Foreign Powers'.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from demos import turn_refused, typed_copy
from westphalia_mails import played_to

GAME = "westphalia-demo"


@pytest.fixture(scope="module")
def foreign_step(tmp_path_factory) -> Path:
    """The demo played up to round 3's Foreign Powers step, where the Blue Kraken may leave."""
    root = tmp_path_factory.mktemp("foreign")
    played_to("R1560F", root)
    return root


def _refused(foreign_step: Path, tmp_path: Path, rows: list[tuple]) -> str | None:
    return turn_refused(GAME, typed_copy(foreign_step, tmp_path, GAME, "Foreign Powers", rows))

def test_a_player_who_may_not_leave_is_named_at_his_cell(foreign_step, tmp_path):
    """'Any Player may become a Foreign Power if he owns no non-capital towns and: Rounds 1-3 has
    5 Imperial Power or less': the player is what is wrong, not the Home Province he chose."""
    error = _refused(foreign_step, tmp_path, [("RED", "Denmark", "north-east")])
    assert ("Foreign Powers!A2: found 'RED', expected a player with 5 Imperial Power or less in round 3 "
            "(RED has") in error
    assert "Foreign Powers!B2" not in error


def test_a_wrong_edge_is_named_once_at_the_edge(foreign_step, tmp_path):
    """'place it next to one of the 6 edges of the map of your choice': an edge misspelt is named
    at the Edge cell, not a second time at the Home Province beside it."""
    error = _refused(foreign_step, tmp_path, [("BLUE", "Netherlands", "westt")])
    assert "Foreign Powers!C2: found 'westt', expected one of east, north-east" in error
    assert "Foreign Powers!B2" not in error


def test_nobody_leaving_is_processed_with_force_in_the_steps_words(foreign_step, tmp_path):
    """'Any Player may become a Foreign Power': the step waits for a choice, so with its sheet
    empty `turn` does nothing and says what --force does in a step of sheets, not of units;
    --force then processes it with nobody leaving."""
    from gm_tools.app.turn import run_turn

    root = tmp_path / "games"
    shutil.copytree(foreign_step, root)
    report = run_turn(GAME, root=root, site_dir=None)
    assert not report.processed
    assert report.text().endswith("(--force processes the phase anyway, its sheets as they stand, empty)")
    assert "unit" not in report.text()
    report = run_turn(GAME, root=root, site_dir=None, force=True)
    assert report.processed and report.record["phase"] == "R1560F"


def test_the_gm_ends_a_game_as_a_draw_or_with_a_winner(foreign_step, tmp_path):
    """A board game the GM tracks has no units or centers: every prince, a Foreign Power too
    ('Any Player may become Emperor, including Foreign Powers'), is still in the game, so the GM
    may end it as a draw between any of them, or call one the winner (`gm-tools end`)."""
    from gm_tools.app.endgame import call_winner, end_game, reopen
    from gm_tools.app.turn import load_state

    root = tmp_path / "games"
    shutil.copytree(foreign_step, root)
    end_game(GAME, ["yellow", "RED"], root=root, site_dir=None)
    assert load_state(GAME, root).end["powers"] == ["RED", "YELLOW"]
    reopen(GAME, root=root, site_dir=None)
    call_winner(GAME, "Yellow", "the players agree to stop", root=root, site_dir=None)
    assert load_state(GAME, root).end["winner"] == "YELLOW"


def test_a_row_without_its_player_says_nothing_was_found(foreign_step, tmp_path):
    """A Home Province and edge typed with the Player cell left blank: named at that cell as
    'found an empty cell' (as every variant's sheets say it), not as the Python word 'None'."""
    error = _refused(foreign_step, tmp_path, [(None, "Netherlands", "west")])
    assert "Foreign Powers!A2: found an empty cell, expected a player of the game: RED, BLUE, YELLOW, GREEN, ORANGE" in error
    assert "None" not in error


def test_a_second_row_for_the_same_player_is_named_as_a_second_row(foreign_step, tmp_path):
    """'Choose a Foreign Power Home Province and place it next to one of the 6 edges': one Home
    Province and one edge a player. Blue typed twice is refused at his second row for being
    typed twice, not for being 'a Foreign Power already' when he is not one yet."""
    error = _refused(foreign_step, tmp_path, [("BLUE", "Netherlands", "west"), ("BLUE", "France", "east")])
    assert error.splitlines()[1:] == ["  Foreign Powers!A3: found 'BLUE', expected one row for BLUE: a row above makes "
                                      "him a Foreign Power already"]


def test_status_of_a_step_with_nothing_to_enter_says_so(tmp_path):
    """'Randomly draw cubes for Setup Order' (and each round's Initiative and Earn Gold): nothing
    is entered, so `status` says there is nothing to enter, not that the Orders sheet, which no
    Westphalia step uses, has no rows."""
    from gm_tools.app.status import phase_status
    from gm_tools.app.turn import new_game

    new_game("westphalia", "fresh", root=tmp_path, seed=3, player_count=3)
    status = phase_status("fresh", root=tmp_path)
    assert "Orders sheet" not in status.text()
    assert status.text().splitlines()[1] == "  nothing to enter in this step: gm-tools turn plays it as it stands"
