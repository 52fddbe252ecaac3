"""The Peace of Westphalia's Game sheet in the game's words: its table of who plays is headed
"Player", "Name", "Played by" (the colour, its name, the person), as the site's standings are,
not Diplomacy's "Power"; a code there that is no player is refused as "a player of westphalia",
and a workbook written before, headed "Power", still reads.

Rulebook: ``003_b5b9eb4920d39694.txt`` ('Each Player picks 4 provinces'; its players are
colours, 'Red Phoenix', never powers). Through the demo's real workbook (openpyxl) and turn.
"""

from __future__ import annotations

import openpyxl

from gm_tools.app.demo import read_demo
from gm_tools.app.turn import load_state
from gm_tools.edges.variants import load_variant

from demos import copy_with_cells, demo_file, played_until_fixture, turn_refused

GAME = "westphalia-demo"
STOP = "P1510L"
setup = played_until_fixture("westphalia", STOP)


def _entries() -> dict:
    """The demo's Pick Provinces cells, which the step's turn plays."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    return variant.system.demo_cells(variant, STOP, entry, "demo")


def test_the_players_table_is_headed_player_name_played_by(setup):
    sheet = openpyxl.load_workbook(setup / f"{GAME}.xlsx")["Game"]
    assert [c.value for c in sheet[10][:3]] == ["Player", "Name", "Played by"]
    assert [c.value for c in sheet[11][:3]] == ["RED", "Red Phoenix", "Ulrich"]
    assert "Power" not in [c.value for c in sheet["A"]]


def test_a_code_that_is_no_player_is_refused_as_no_player(setup, tmp_path):
    root = copy_with_cells(setup, tmp_path / "games", GAME, {**_entries(), "Game!A11": "REDD"})
    error = turn_refused(GAME, root)
    assert error is not None and "Game!A11: found 'REDD', expected a player of westphalia: RED, BLUE" in error
    assert "a power of" not in error


def test_a_workbook_headed_power_before_still_reads_its_players(setup, tmp_path):
    """A game under way when the header changed: its workbook's 'Power' row still opens the
    players' table, whose people the step's record keeps."""
    root = copy_with_cells(setup, tmp_path / "games", GAME,
                           {**_entries(), "Game!A10": "Power", "Game!C10": "Player", "Game!C12": "Philipp II"})
    assert turn_refused(GAME, root) is None
    record = load_state(GAME, root).history[-1]
    assert record["phase"] == STOP and record["players"]["BLUE"] == "Philipp II" and record["players"]["RED"] == "Ulrich"
