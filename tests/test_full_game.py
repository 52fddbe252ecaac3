"""A whole standard game, from the 1901 start to a solo victory, played the way a GM plays
it: each phase's orders typed into the real game workbook, then ``turn``. The orders are
in ``tests/games/germany-solo.toml``: Germany alone sends orders, so every default of the
2000 rulebook comes up on the way (holds, disbanded retreats, civil disorder)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from gm_tools.errors import GameError
from gm_tools.app.turn import load_state, replay, run_turn
from gm_tools.edges.workbook import open_workbook
from workflow_helpers import create, play

GAME_FILE = Path(__file__).parent / "games" / "germany-solo.toml"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The game played through to its end: its paths and its records, phase by phase."""
    phases = tomllib.loads(GAME_FILE.read_text(encoding="utf-8"))
    phases.pop("players")
    paths = create(tmp_path_factory.mktemp("games"), "solo")
    for phase, entry in phases.items():
        # The file lists the phases the game plays; the game must be at each in turn.
        assert load_state(paths.name, paths.root).position.phase == phase
        entry = dict(entry)
        press = entry.pop("press", "")
        # force: a phase where nobody sends an order is still the GM's to process.
        report = play(paths, entry, press=press, force=True)
        assert report.processed and report.phase == phase
    records = [json.loads(paths.record_file(phase).read_text(encoding="utf-8")) for phase in phases]
    return paths, records


def notes_of(records: list[dict]) -> list[tuple[str, str, str]]:
    return [(r["phase"], n["power"], n["text"]) for r in records for n in r["notes"]]


def test_the_game_ends_in_a_solo_victory(played):
    paths, records = played
    last = records[-1]
    # 2000 rulebook, 'Winning': a power controlling 18 supply centers wins; ownership is
    # counted after the Fall moves and retreats.
    assert last["winner"] == "GERMANY" and last["next_phase"] is None and last["phase"] == "F1907R"
    assert len(last["after"]["centers"]["GERMANY"]) >= 18
    assert all(r["winner"] is None for r in records[:-1])
    assert "Germany wins" in run_turn_refusal(paths)


def run_turn_refusal(paths) -> str:
    """A turn after the end is refused, naming the winner; the workbook says the game is over."""
    with pytest.raises(GameError, match="is over: Germany won in F1907R"):
        run_turn(paths.name, root=paths.root, site_dir=None, force=True)
    game = {row[0]: row[1] for row in open_workbook(paths.workbook.read_bytes(), "test")["Game"]
            .iter_rows(values_only=True) if row[0]}
    assert game["Phase"] is None
    return game["Phase name"]


def test_the_powers_without_orders_hold_and_lose_their_retreats(played):
    _, records = played
    notes = notes_of(records)
    # 2000 rulebook, 'Holding': a unit given no order holds.
    assert ("S1901M", "FRANCE", "A PAR had no order and holds") in notes
    # 2000 rulebook, 'Retreating': a dislodged unit not ordered to retreat is disbanded.
    assert any(phase.endswith("R") and "had no retreat order and is disbanded" in text
               for phase, _, text in notes)


def test_the_last_workbook_shows_the_final_board(played):
    paths, records = played
    wb = open_workbook(paths.workbook.read_bytes(), "test")
    owners = [row[2] for row in wb["Centers"].iter_rows(min_row=2, values_only=True) if row[0]]
    units = [row[:2] for row in wb["Units"].iter_rows(min_row=2, values_only=True) if row[0]]
    after = records[-1]["after"]
    assert owners.count("GERMANY") == len(after["centers"]["GERMANY"])
    assert sorted(f"{power} {unit}" for power, unit in units) == sorted(
        f"{power} {unit}" for power, listed in after["units"].items() for unit in listed)
    # The game is over: no Orders block is laid out for a phase that will not be played.
    assert [row[0] for row in wb["Orders"].iter_rows(min_row=2, values_only=True) if row[0]] == []


def test_the_whole_game_replays_to_the_same_bytes(played):
    paths, _ = played
    assert replay(paths.name, root=paths.root) == []
