"""Europe 1615 (version 3): a Sanctions Timeline or Sanction Rulings row with its Phase or
Reason typed and no sanction named is refused at the Sanction cell as 'found an empty cell', as every
other empty cell is, not "found ''" (docs/workbook.md, "Checking"). Rulebook
``000_cc215928c2f3193e.txt``, 'SANCTIONS': 'The GM will submit a randomly-generated timeline
before the start of the game showing on which year & season a particular sanction will come into
effect'; 'It is at the discretion of the GM to resolve the overlapping of rules'.
"""

from __future__ import annotations

from demos import turn_refused
from gm_tools.app.turn import new_game, run_turn
from gm_tools.edges.workbook_fill import set_cells


def _type(root, cells: dict) -> None:
    workbook = root / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), cells))


def test_a_row_with_no_sanction_named_is_found_an_empty_cell_at_its_sanction_cell(tmp_path):
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    _type(tmp_path, {"Sanctions Timeline!B2": "S1616M"})
    error = turn_refused("g", tmp_path)
    # the sanctions named, not 'a sanction of the list' (which list?)
    assert error is not None and ("Sanctions Timeline!A2: found an empty cell, expected one of the sanctions: Protestant "
                                  "Union, ") in error
    _type(tmp_path, {"Sanctions Timeline!B2": None})
    run_turn("g", root=tmp_path, site_dir=None)  # the timeline drawn from the seed
    _type(tmp_path, {"Sanction Rulings!B2": "overlaps the Treaty of Lyon"})
    error = turn_refused("g", tmp_path)
    # the ones a ruling may suspend: those in effect (none yet in 1615)
    assert error is not None and ("Sanction Rulings!A2: found an empty cell, expected a sanction that has come into effect "
                                  "(none has yet)") in error
