"""Europe 1619: a Loans or Payments row whose Borrower or Payee is its own Lender or Payer is
refused at that cell, not at the TPs cell, which holds nothing wrong (docs/workbook.md,
"Checking": a problem names the cell to fix). Rulebook ``002_e7e1b063b6c411e5.txt``, 'Loans':
'This game allows for players to loan TPs to other players'.
"""

from __future__ import annotations

from pathlib import Path

from demos import turn_refused
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.workbook_fill import set_cells


def _builds(root: Path) -> Path:
    new_game("europe1619", "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != "Y1619B":  # nothing entered on the way
        run_turn("g", root=root, site_dir=None, force=True)
    return root / "g.xlsx"


def test_a_loan_or_payment_to_oneself_is_refused_at_the_borrower_or_payee(tmp_path):
    """'to loan TPs to other players': a loan from France to France was refused at Loans!C2, its
    TPs, with the rules' reason 'FRANCE cannot pay itself'; it is refused at B2, the Borrower,
    with the same reason. A payment likewise at its Payee; an amount above the treasury is still
    refused at the TPs. What is found is what the cell holds (docs/workbook.md, "Checking": the
    error names what was found), the row's transaction beside it: Payments!C3 holds 200, not
    'PAY 200 TO FRANCE'."""
    workbook = _builds(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Loans!A2": "FRANCE", "Loans!B2": "FRANCE", "Loans!C2": 5, "Loans!D2": 1, "Loans!E2": 1621,
        "Payments!A2": "SPAIN", "Payments!B2": "SPAIN", "Payments!C2": 2, "Payments!D2": "gift",
        "Payments!A3": "SPAIN", "Payments!B3": "FRANCE", "Payments!C3": 200}))
    error = turn_refused("g", tmp_path)
    assert error is not None and "Traceback" not in error
    lines = [line.strip() for line in error.splitlines()[1:]]
    assert lines == [
        "Loans!B2: found 'FRANCE' (FRANCE's row: LEND 5 TO FRANCE at 1 interest (due 1621)), expected a transaction the rules "
        "allow (FRANCE cannot pay itself)",
        "Payments!B2: found 'SPAIN' (SPAIN's row: PAY 2 TO SPAIN (gift)), expected a transaction the rules allow (SPAIN cannot "
        "pay itself)",
        "Payments!C3: found 200 (SPAIN's row: PAY 200 TO FRANCE), expected a transaction the rules allow (SPAIN holds 18 TPs, "
        "not the 200 to hand over)"]


def test_a_lender_borrower_payer_payee_or_other_power_named_by_its_name_is_that_power(tmp_path):
    """'This game allows for players to loan TPs to other players': a GM types the powers as the
    players name them, 'Dutch Republic', 'Spain', as the Power columns already read them. The
    Declarations' Other power likewise ('Each power may ... declare war')."""
    workbook = _builds(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Loans!A2": "England", "Loans!B2": "Dutch Republic", "Loans!C2": 3, "Loans!D2": 1, "Loans!E2": 1621,
        "Payments!A2": "France", "Payments!B2": "Spain", "Payments!C2": 2, "Payments!D2": "gift"}))
    assert turn_refused("g", tmp_path) is None
    import json

    record = json.loads((tmp_path / "g" / "history" / "Y1619B.json").read_text(encoding="utf-8"))
    said = json.dumps(record["extra"])
    assert '"lender": "ENGLAND"' in said and '"borrower": "DUTCH"' in said
    assert '"payer": "FRANCE"' in said and '"payee": "SPAIN"' in said
