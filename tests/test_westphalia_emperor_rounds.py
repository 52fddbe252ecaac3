"""The Peace of Westphalia: how long the Emperor 'has been Emperor', under the two readings of
the text (docs/westphalia.md, "The Emperor's rounds"), each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Imperial Election': "If the Emperor has been Emperor for
one round only, roll a D6; he dies on a 3 or less. He dies automatically if he has been Emperor for
two rounds"; "Place the elected Emperor's Control Marker on the Round Number"; 'Elect the
Emperor' (Setup): "place the Emperor's control marker on 1510". Round 1 is 1510, round 2 1535.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.foreign import emperor_death
from gm_tools.systems.westphalia.state import Holding, State

BASE = load_variant("westphalia")
ELECTION_ROUND = variant_for_game(BASE, 5)  # the default: counted from his election's round
NEXT_ROUND = variant_for_game(BASE, 5, {"emperor_rounds": "next_round"})
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")


def board() -> State:
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {p: Holding((c,), c) for p, c in zip(ORDER, ("EIC", "DUI", "GOR", "BER", "FUR"))}
    state.principalities = {"Trier": Holding(("ALT",), "ALT")}
    state.electors, state.influence = ("Trier",), {"Trier": {"BLUE": 1}}  # Blue casts Trier's vote
    return state


def setup_emperor(variant) -> State:
    """Red, elected in the Setup (P1510V): his marker on 1510, round 1."""
    state = board()
    step = steps.apply(variant, state, steps.EMPEROR, {"ballots": {"BLUE": "RED"},
                                                       "doctrines": {p: "Flexible" for p in ORDER}}, 1510)
    assert step.problems == [] and step.state.emperor == "RED" and step.state.emperor_since == 1
    return step.state


def elected_in_round_one(variant) -> State:
    """Red dies at round 1's Imperial Election (1510); Blue is elected there, his marker on round 1."""
    state = setup_emperor(variant)
    state.emperor_dies = {"year": 1510, "roll": 2, "dies": True, "why": "RED rolls 2"}
    step = steps.apply(variant, state, steps.ELECTION, {"ballots": {"BLUE": "BLUE"}}, 1510)
    assert step.problems == [] and step.state.emperor == "BLUE" and step.state.emperor_since == 1
    return step.state


@pytest.mark.parametrize("variant", [ELECTION_ROUND, NEXT_ROUND], ids=["election_round", "next_round"])
def test_the_setup_emperor_rolls_at_round_one_and_dies_at_round_two(variant):
    """Under both readings the Setup's Emperor has reigned through round 1 at its election ("has
    been Emperor for one round only, roll a D6"), and, living, through rounds 1 and 2 at round 2's
    ("He dies automatically if he has been Emperor for two rounds")."""
    state = setup_emperor(variant)
    first = emperor_death(variant, state, 1510, "1")
    assert first["roll"] is not None and first["why"] == f"RED rolls {first['roll']}"
    state.emperor_dies = {"year": 1510, "roll": 5, "dies": False, "why": "RED rolls 5"}
    assert emperor_death(variant, state, 1535, "1") == {"year": 1535, "roll": None, "dies": True,
                                                        "why": "RED has been Emperor for 2 rounds"}


def test_counted_from_his_elections_round_an_emperor_elected_in_a_round_dies_at_the_next():
    """The default reading ('election_round'): the round of his election counts, as his marker is
    placed "on the Round Number", so Blue, elected at round 1's election, "has been Emperor for two
    rounds" at round 2's and dies without a roll."""
    state = elected_in_round_one(ELECTION_ROUND)
    assert emperor_death(ELECTION_ROUND, state, 1535, "1") == {"year": 1535, "roll": None, "dies": True,
                                                               "why": "BLUE has been Emperor for 2 rounds"}


def test_counted_from_the_next_round_an_emperor_elected_in_a_round_rolls_then_dies():
    """The other reading ('next_round', `new-game westphalia NAME --option emperor_rounds=next_round`):
    the election is the round's last step, so Blue, elected at round 1's, has reigned through one
    round at round 2's ("has been Emperor for one round only, roll a D6; he dies on a 3 or less")
    and, living, through two at round 3's ("He dies automatically if he has been Emperor for two
    rounds")."""
    state = elected_in_round_one(NEXT_ROUND)
    second = emperor_death(NEXT_ROUND, state, 1535, "1")
    assert second["roll"] is not None and second["dies"] == (second["roll"] <= 3)
    assert second["why"] == f"BLUE rolls {second['roll']}"
    state.emperor_dies = {"year": 1535, "roll": 6, "dies": False, "why": "BLUE rolls 6"}
    assert emperor_death(NEXT_ROUND, state, 1560, "1") == {"year": 1560, "roll": None, "dies": True,
                                                           "why": "BLUE has been Emperor for 2 rounds"}


def test_an_emperor_elected_later_counts_the_same_way():
    """'next_round': Yellow, elected at round 3's election (1560), rolls at round 4's (1585) and
    dies automatically at round 5's (1610); under the default he dies at round 4's."""
    for variant, at_four in ((NEXT_ROUND, None), (ELECTION_ROUND, True)):
        state = board()
        state.emperor, state.emperor_since = "YELLOW", 3
        state.emperor_dies = {"year": 1560, "roll": None, "dies": True, "why": "RED has been Emperor for 2 rounds"}
        death = emperor_death(variant, state, 1585, "1")
        assert (death["roll"] is None) == bool(at_four)
        if at_four is None:
            state.emperor_dies = {**death, "dies": False}
            assert emperor_death(variant, state, 1610, "1")["why"] == "YELLOW has been Emperor for 2 rounds"


def test_a_game_takes_the_reading_at_new_game_and_a_wrong_one_is_named(tmp_path):
    """`new-game westphalia NAME --option emperor_rounds=next_round` keeps the reading with the
    game (its turns read it); a word that names neither reading is refused as typed, nothing made."""
    from gm_tools.app.cli import main
    from gm_tools.app.turn import load_state

    assert main(["new-game", "westphalia", "g", "--root", str(tmp_path), "--option", "emperor_rounds=next_round"]) == 0
    assert load_state("g", tmp_path).variant.options["emperor_rounds"] == "next_round"
    argv = [sys.executable, "-m", "gm_tools", "new-game", "westphalia", "h", "--root", str(tmp_path),
            "--option", "emperor_rounds=next"]
    done = subprocess.run(argv, capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "--option emperor_rounds='next': expected one of 'election_round', 'next_round'" in done.stderr
    assert not (tmp_path / "h").exists() and not (tmp_path / "h.xlsx").exists()
