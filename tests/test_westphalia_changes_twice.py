"""The Peace of Westphalia: an Influence Changes row typed twice (the same player, principality,
change and reason: a copy-paste slip, or two losses rightly alike) is applied as typed, and the
turn's report warns of it naming both rows' cells, for the GM to check before he sends the
results (docs/westphalia.md, "What a treaty costs").

Two rows alike can be right, so they are not refused: rulebook ``003_b5b9eb4920d39694.txt``,
'Peace Treaties': "For every town you take you lose 2 Diplomatic Influence" (two towns, two
rows of -2) and "Lose 2 Diplomatic Influence from each of your allies that could have conquered a
province but did not" (the same ally's lapse in two wars). Played on the demo's round 5, through
its real workbook.
"""

from __future__ import annotations

import json
from pathlib import Path

from gm_tools.app.status import phase_status
from gm_tools.app.turn import load_state, preview_turn, run_turn
from gm_tools.systems.westphalia.sheets import CHANGES, TREATIES, WARS
from gm_tools.systems.westphalia.state import state_of

from westphalia_mails import ROUND_FIVE_CELLS
from demos import copy_with_cells, played_until_fixture

GAME = "westphalia-demo"
# Blue, a Foreign Power beside the west edge, beats Orange and takes FRS (beside his edge) and
# DES (not adjacent: 'lose 1 Diplomatic Influence'); he has 5 saved
BLUE_TAKES = {f"{WARS}!A2": "BLUE", f"{WARS}!B2": "ORANGE", f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS",
              f"{TREATIES}!A3": "BLUE", f"{TREATIES}!B3": "DES"}


def _row(n: int, player, where, change, reason) -> dict:
    return {f"{CHANGES}!A{n}": player, f"{CHANGES}!B{n}": where, f"{CHANGES}!C{n}": change, f"{CHANGES}!D{n}": reason}


round_five = played_until_fixture("westphalia", "R1610T")


def _typed(round_five: Path, tmp_path: Path, cells: dict) -> Path:
    return copy_with_cells(round_five, tmp_path / "games", GAME, {**ROUND_FIVE_CELLS, **BLUE_TAKES, **cells})


def test_a_row_typed_twice_is_applied_and_the_report_warns_naming_both_rows(round_five, tmp_path):
    cells = {**_row(2, "BLUE", "saved", -1, "DES was not adjacent"),
             **_row(3, "BLUE", "saved", -1, "DES was not adjacent")}
    root = _typed(round_five, tmp_path, cells)
    status = phase_status(GAME, root).text()  # status and the dry run say it too, before anything is written
    preview = preview_turn(GAME, root).text()
    report = run_turn(GAME, root=root, site_dir=None).text()
    for text in (status, preview, report):
        assert ("warning: Influence Changes!A2:D2 and A3:D3 hold the same "
                "change (BLUE, saved, -1, reason 'DES was not adjacent') 2 times: all are applied (-2 Diplomatic "
                "Influence in all)") in text, text
    assert state_of(load_state(GAME, root).position).saved_di["BLUE"] == 3  # both taken: 5 - 2
    record = (root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8")
    assert "same change" not in record  # the warning is the GM's, not the record's


def test_rows_alike_but_for_case_and_spaces_are_the_same_row(round_five, tmp_path):
    """The sheet reads a player, 'saved' and words in any case: so does the comparison."""
    cells = {**_row(2, "BLUE", "saved", -1, "DES was not adjacent"),
             **_row(4, "Blue Kraken", "Saved", -1, "DES  was not adjacent ")}
    report = run_turn(GAME, root=_typed(round_five, tmp_path, cells), site_dir=None).text()
    assert "Influence Changes!A2:D2 and A4:D4 hold the same change" in report


def test_rows_that_differ_give_no_warning(round_five, tmp_path):
    """Two losses told apart by their Reason (or their amount) are two entries: no warning."""
    cells = {**_row(2, "BLUE", "saved", -1, "DES was not adjacent"),
             **_row(3, "BLUE", "saved", -1, "a second loss, for the record")}
    root = _typed(round_five, tmp_path, cells)
    report = run_turn(GAME, root=root, site_dir=None).text()
    assert "warning" not in report
    assert json.loads((root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8"))["phase"] == "R1610T"


def test_a_placement_typed_twice_is_placed_and_the_report_warns(round_five, tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Play the Diplomacy Game': 'Unplaced Diplomatic
    Influence is stored on your capital. You may not move Diplomatic Influence between
    Principalities once placed'. Two Place Influence rows alike (Blue, Konstanz, 1) were placed
    both, unsaid: a row copied twice puts twice the Influence there for good. Both stand (two
    rows on one principality are rightly placed), and status, the dry run and the turn warn,
    naming both rows; rows that differ give no warning."""
    place = {"Place Influence!A2": "BLUE", "Place Influence!B2": "Konstanz", "Place Influence!C2": 1,
             "Place Influence!A3": "Blue Kraken", "Place Influence!B3": "konstanz", "Place Influence!C3": 1}
    # Konstanz, Blue's ally then, could have taken DES: its lapse costs 2 on it ('Lose 2 ... from each of your allies')
    paid = {**_row(2, "BLUE", "saved", -1, "DES was not adjacent"), **_row(3, "BLUE", "Konstanz", -2, "lapse")}
    root = _typed(round_five, tmp_path, {**paid, **place})
    texts = [phase_status(GAME, root).text(), preview_turn(GAME, root).text(),
             run_turn(GAME, root=root, site_dir=None).text()]
    for text in texts:
        assert ("warning: Place Influence!A2:C2 and A3:C3 hold the same placement (BLUE, Konstanz, 1) 2 times: all are "
                "placed (2 Diplomatic Influence on Konstanz in all)") in text, text
    record = json.loads((root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8"))
    assert any("places 1 on Konstanz, 1 on Konstanz" in r["order"] for r in record["results"]), record["results"]
    other = _typed(round_five, tmp_path / "other", {**paid, **place, "Place Influence!C3": 2})
    assert "warning" not in run_turn(GAME, root=other, site_dir=None).text()
