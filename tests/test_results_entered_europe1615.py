"""The Results sheet names the row of Europe 1615 v3's input sheets a result line was made from
("Entered at", "As written"), as it does for Europe 1619's Diplomatic Phase (docs/workbook.md,
"Results"). Only the workbook shows it: the record is as it was.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Disbanding': 'If the minor state has 2 or more units,
and one or more of its non-home centers are captured, the aligned power will submit the orders
to disband in the Early Winter Adjustment Phase.' That disband is the one result line of the
version made from one row of an input sheet: the INF deployments, diplomatic attacks, waivers,
abandonments, sanction rulings and Swiss passages have no result line of their own (the phase's
report and the Influence Tracker give them), and Europe 1615 v2's movement results are its bribe
auctions, each summing the offers for a unit.
"""

from __future__ import annotations

import openpyxl

from europe1615_play import board, game_at
from gm_tools.app.turn import run_turn
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.systems.europe1615.sheets import DISBANDS
from test_results_entered_at import _results


def _early_winter(tmp_path):
    """Mecklenburg (aligned with Denmark) has lost Stralsund and keeps armies in MEC, POM and
    HAM: two disbands are due, Denmark's to name."""
    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "HAM": "A MEC", "SRL": "A BRA"}, phase="E1616D", centers=centers,
                  influence={"MEC": {"DENMARK": 10}})
    return game_at(tmp_path, early)


def _line(paths, order: str) -> dict:
    (line,) = [r for r in _results(paths.workbook) if r["Phase"] == "E1616D" and r["Order"] == order]
    return line


def test_a_required_disband_names_the_row_it_was_ordered_on(tmp_path):
    """'the aligned power will submit the orders to disband': the line disbanding A POM names
    the Required Disbands row Denmark's order was typed on, its Power and Unit cells (the Due
    column is the sheet's own note, not the entry), as an Orders sheet order names its cell.
    The second disband due, none ordered, is civil disorder's ('Civil disorder', the farthest
    from the minor's home center): no row made it, and it names none."""
    paths = _early_winter(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {f"{DISBANDS}!B2": "A POM"}))
    run_turn("g", root=tmp_path, site_dir=None)
    line = _line(paths, "A POM D")
    assert (line["Power"], line["Result"]) == ("MEC", "succeeds")
    assert line["Reason"].startswith("disbanded by order of DENMARK")
    assert (line["Entered at"], line["As written"]) == (f"{DISBANDS}!A2:B2", "DENMARK | A POM")
    none = _line(paths, "A HAM D")
    assert none["Reason"].startswith("disbanded, none ordered")
    assert (none["Entered at"], none["As written"]) == (None, None)
    # the record keeps what it kept: the cells are the workbook's alone
    assert f"{DISBANDS}!" not in (paths.root / "g" / "history" / "E1616D.json").read_text(encoding="utf-8")


def test_the_row_named_is_the_one_the_order_is_on(tmp_path):
    """The orders typed on the GM's own rows below the one laid out, in the order he sorted them
    (the laid-out row, with its Due note, stays where it was laid out: moved, the sheet refuses
    it): each line names the row its order is on, with what it holds."""
    paths = _early_winter(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{DISBANDS}!A3": "DENMARK", f"{DISBANDS}!B3": "A HAM", f"{DISBANDS}!A4": "Denmark", f"{DISBANDS}!B4": "a pom"}))
    run_turn("g", root=tmp_path, site_dir=None)
    assert [(_line(paths, o)["Entered at"], _line(paths, o)["As written"]) for o in ("A HAM D", "A POM D")] == [
        (f"{DISBANDS}!A3:B3", "DENMARK | A HAM"), (f"{DISBANDS}!A4:B4", "DENMARK | a pom")]
    book = openpyxl.load_workbook(paths.root / "g" / "backups" / "E1616D.xlsx")
    assert [book[DISBANDS][f"{c}4"].value for c in "AB"] == ["Denmark", "a pom"]
