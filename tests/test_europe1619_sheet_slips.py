"""Europe 1619: a GM's slips in the INFs cell of the INF Placements sheet named at that cell
with what it takes, and nothing written (docs/workbook.md, "Checking").

Rulebook ``002_e7e1b063b6c411e5.txt``, 'Diplomatic Phase': "To place INFs in a particular minor
state, the player must submit an order in the following syntax: number of INFs: [minor state]";
the sheet takes the number in its INFs column and the minor state in its Minor state column.
Played on the demo's Diplomatic Phase of 1620, through its real workbook.
"""

from __future__ import annotations

import json
from pathlib import Path

from demos import copy_with_cells, played_until_fixture, turn_refused

GAME = "europe1619-demo"


diplomatic = played_until_fixture("europe1619", "Y1620D")


def _refused(root: Path, tmp_path: Path, cells: dict) -> str:
    copy = copy_with_cells(root, tmp_path / "games", GAME, cells)
    error = turn_refused(GAME, copy)  # checks nothing was written
    assert error is not None and "Traceback" not in error
    return error


def test_a_placement_typed_whole_in_the_infs_cell_is_told_where_its_parts_go(diplomatic, tmp_path):
    """'3 INFs to CRO' in the INFs cell is on its sheet, in the wrong cell: not 'an INF placement,
    typed on the INF Placements sheet', which it is already."""
    error = _refused(diplomatic, tmp_path, {"INF Placements!A2": "AUSTRIA", "INF Placements!B2": "3 INFs to CRO"})
    assert ("INF Placements!B2: found '3 INFs to CRO', expected a number of INFs above 0: the number alone (3), "
            "the minor state in the Minor state column") in error
    assert "typed on the INF Placements sheet" not in error


def test_infs_typed_with_the_word_are_the_number(diplomatic, tmp_path):
    """'3 INFs' or '1 INF' in the INFs cell is the count the rulebook's order names ('number of
    INFs: [minor state]'), read as Europe 1615's INF Deployment reads it, and placed."""
    root = copy_with_cells(diplomatic, tmp_path / "games", GAME, {
        "INF Placements!A2": "AUSTRIA", "INF Placements!B2": "3 INFs", "INF Placements!C2": "CRO",
        "INF Placements!A3": "AUSTRIA", "INF Placements!B3": "1 inf", "INF Placements!C3": "BRE"})
    assert turn_refused(GAME, root) is None
    record = json.loads((root / GAME / "history" / "Y1620D.json").read_text(encoding="utf-8"))
    assert record["extra"]["europe1619"]["orders"]["AUSTRIA"] == ["3: CRO", "1: BRE"]


def test_a_fraction_of_an_inf_is_refused_as_no_whole_number(diplomatic, tmp_path):
    error = _refused(diplomatic, tmp_path, {"INF Placements!A2": "AUSTRIA", "INF Placements!B2": 3.5,
                                            "INF Placements!C2": "CRO"})
    assert "INF Placements!B2: found '3.5', expected a number of INFs above 0, a whole number" in error


def test_another_sheets_entry_in_the_infs_cell_is_still_named_for_its_sheet(diplomatic, tmp_path):
    error = _refused(diplomatic, tmp_path, {"INF Placements!A2": "FRANCE", "INF Placements!B2": "war",
                                            "INF Placements!C2": "SPAIN"})
    assert "'war: SPAIN' is a declaration, typed on the Declarations sheet" in error
