"""The Peace of Westphalia's Player Turns sheets refuse what the table cannot have decided: a
negative Influence gained, a Place Influence row without a whole number of 1 or more, an
Electors Changed row when no Religious War changes the Electors. Each is named by its cell, as
'Sheet!Cell: found ..., expected ...', and nothing is written.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Play the Diplomacy Game', 'Religious War Peace
Treaty' (the Electors). Where the rulebook is silent (the Dilemma cards' values were lost) only
what is clearly impossible is refused: ``variants/westphalia/NOTES.md``, 'Player Turns'.
"""

from __future__ import annotations

import dataclasses
import hashlib
import shutil
import tempfile
from pathlib import Path

import pytest

from gm_tools.app.demo import play_demo, read_demo
from gm_tools.app.turn import run_turn
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.westphalia.sheets import ELECTORS_CHANGED, PLACE, TURNS

from demos import demo_file

GAME = "westphalia-demo"
STOP = "R1510T"
# Round 1's Player Turns as the demo enters them (Initiative Order RED, BLUE, ORANGE, YELLOW,
# GREEN; Red, Orange, Yellow and Green Engage in Diplomacy); column F is 'Influence gained'
DEMO_TURNS = {f"{TURNS}!F2": 2, f"{TURNS}!F5": 3, f"{TURNS}!F6": 1,
              f"{PLACE}!A2": "RED", f"{PLACE}!B2": "Cologne", f"{PLACE}!C2": 2,
              f"{PLACE}!A3": "YELLOW", f"{PLACE}!B3": "Cologne", f"{PLACE}!C3": 3}


@pytest.fixture(scope="module")
def before_turns(tmp_path_factory) -> Path:
    """The demo played up to round 1's Player Turns, whose sheets are still to fill in."""
    root = tmp_path_factory.mktemp("westphalia-inputs")
    demo = read_demo(demo_file("westphalia"))
    keys = list(demo.phases)
    play_demo(dataclasses.replace(demo, until=STOP, phases={k: demo.phases[k] for k in keys[: keys.index(STOP)]}),
              root)
    return root


def _hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _turn(before_turns: Path, tmp_path: Path, cells: dict) -> str | None:
    """The demo's round 1 Player Turns with ``cells`` changed, processed by `turn`: the error's
    text (after checking nothing was written), or None when the turn was accepted."""
    root = Path(tempfile.mkdtemp(dir=tmp_path)) / "games"
    shutil.copytree(before_turns, root)
    workbook = root / f"{GAME}.xlsx"
    # the demo's actions, as the GM typed them (yes/no for each of the three, and Convert)
    rows = [("RED", "yes", "yes", "no", "no"), ("BLUE", "yes", "no", "yes", "yes"),
            ("ORANGE", "yes", "yes", "no", "no"), ("YELLOW", "no", "yes", "yes", "no"),
            ("GREEN", "yes", "yes", "no", "yes")]
    typed = {f"{TURNS}!{col}{r}": v for r, row in enumerate(rows, start=2) for col, v in zip("ABCDE", row)}
    workbook.write_bytes(set_cells(workbook.read_bytes(), {**typed, **DEMO_TURNS, **cells}))
    before = _hashes(root)
    try:
        run_turn(GAME, root=root, site_dir=None)
    except WorkbookError as e:
        assert _hashes(root) == before, "a refused turn wrote files"
        return str(e)
    return None


def test_the_demos_turn_is_accepted(before_turns, tmp_path):
    """The entries the tests below spoil are a good turn as they stand."""
    assert _turn(before_turns, tmp_path, {}) is None


def test_influence_gained_is_never_negative(before_turns, tmp_path):
    """'Play the Diplomacy Game ... show either a Cooperate or Compete card and take the
    Influence listed on the card': Influence is taken, never given back. The cards' values were
    lost, so any whole number from 0 is accepted (0 and a blank for a card that gave none)."""
    text = _turn(before_turns, tmp_path, {f"{TURNS}!F2": -2})
    assert text and f"{TURNS}!F2: found '-2', expected " in text and "0 or more" in text
    assert "take the Influence listed on the card" in text
    assert _turn(before_turns, tmp_path, {f"{TURNS}!F6": 0}) is None
    assert _turn(before_turns, tmp_path, {f"{TURNS}!F6": 50}) is None  # no card's value is known to bound it


def test_place_influence_needs_a_whole_number_of_one_or_more(before_turns, tmp_path):
    """'Unplaced Diplomatic Influence is stored on your capital. You may not move Diplomatic
    Influence between Principalities once placed. You may remove all (never only some) of your
    Diplomatic Influence': a placement adds Influence; a negative one would take some away, a
    blank or 0 places nothing (what is not placed is saved without a row)."""
    text = _turn(before_turns, tmp_path, {f"{PLACE}!C2": -5})
    assert text and f"{PLACE}!C2: found '-5', expected " in text and "1 or more" in text
    assert "never only some" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!A4": "GREEN", f"{PLACE}!B4": "Cologne"})
    assert text and f"{PLACE}!C4: found 'nothing', expected " in text and "1 or more" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!C3": 0})
    assert text and f"{PLACE}!C3: found '0', expected " in text


def test_place_influence_names_a_player_and_a_principality(before_turns, tmp_path):
    """'The First Player places all of his Diplomatic Influence onto one or more Principalities
    of his choice' (and 'Unplaced Diplomatic Influence is stored on your capital'): a row
    places a player's Influence on a principality; one without either is refused at its cell."""
    text = _turn(before_turns, tmp_path, {f"{PLACE}!A2": None})
    assert text and f"{PLACE}!A2: found 'nothing', expected a player of the game" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!B2": None})
    assert text and f"{PLACE}!B2: found 'nothing', expected a principality on the board" in text


def test_electors_change_only_after_a_religious_war(before_turns, tmp_path):
    """'Next, if the Emperor was in the League of his religion and he: Won, then he may remove
    any number of heretical Electors ... Lost, then the Player(s) of the opposing League ... may
    remove any number of Electors' (the Religious War Peace Treaty): no Religious War is
    declared, so an Electors Changed row is refused, whatever it names."""
    text = _turn(before_turns, tmp_path, {f"{ELECTORS_CHANGED}!A2": "Narnia", f"{ELECTORS_CHANGED}!B2": "Atlantis"})
    assert text and f"{ELECTORS_CHANGED}!A2: found 'Narnia', expected no Electors changed" in text
    assert "no Religious War is declared" in text
    # a row with only the Elector added is named by that cell
    text = _turn(before_turns, tmp_path, {f"{ELECTORS_CHANGED}!B3": "Trier"})
    assert text and f"{ELECTORS_CHANGED}!B3: found 'Trier', expected no Electors changed" in text
