"""`gm-tools orders` and the GM's slips in cells no mail needs: a Seed that is no number, a
formula or an error value where a value belongs (on the Game, Orders or Press sheet, or an
input sheet), a picture with no file on the Press sheet, a players' list row naming no power.
Every mail is still typed, each such cell named as a warning (sheet, cell, found, expected)
and left as it is unless a mail replaces it, naming the mail that does (its dry run names the
mail that would); the turn still refuses each. Until now each of them stopped every mail of the
run. A slip in a cell the mails need (the Game sheet's Game, Variant or Phase, which say the
workbook is this game's at this phase) still stops them, nothing written. Real workbooks, real
mails, the command as the GM runs it.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError

from westphalia_mails import cell, mail_orders, played_to, rows_of
from workflow_helpers import snapshot

FORMULA = "expected a value typed in, not a formula (start the cell with an apostrophe to type a leading '=')"
REFUSED = "the turn refuses it until it is corrected"


def orders(root: Path, game: str, *mails: tuple[str, str], dry_run: bool = False) -> tuple[int, str]:
    return mail_orders(root, game, *mails, options=("--dry-run",) if dry_run else ())


def warnings(text: str) -> list[str]:
    return [line[len("  warning "):] for line in text.splitlines() if line.startswith("  warning ")]


def formula_warnings(slips: list[tuple[str, str, object]], dry_run: bool) -> list[str]:
    """The warnings ``orders`` gives for formulas (cell, formula, the mail that replaces it or
    None), as a dry run words them or as the run does."""
    lines = []
    for at, formula, mail in slips:
        head = f"{at}: found a formula '{formula}', {FORMULA}: "
        if mail is not None:
            lines.append(head + ("would be replaced by " if dry_run else "replaced by ") + str(mail))
        else:
            lines.append(head + ("would be left as it is (no mail replaces it)" if dry_run
                                 else "left as it is (no mail replaced it)") + f"; {REFUSED}")
    return lines


def turn_refuses(root: Path, game: str) -> list[tuple[str, str, str]]:
    with pytest.raises(WorkbookError) as refused:
        run_turn(game, root=root, site_dir=None, force=True)
    return [(p.sheet, p.cell, p.found) for p in refused.value.problems]


def standard(tmp_path: Path) -> Path:
    new_game("standard", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    return tmp_path / "g.xlsx"


def test_standard_slips_in_cells_no_mail_writes_leave_the_mail_typed_each_named(tmp_path):
    """The GM typed the Seed as 'abc', a formula in the Deadline, 'Frnace' in the players'
    list, a formula over Austria's A BUD order and '#N/A' over England's F LON, a press line
    Excel took for a formula and a picture not kept with the game: France's mail is typed, each
    cell named as a warning and left as it was, and the turn refuses every one."""
    workbook = standard(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Game!B6": "=NOW()", "Game!B7": "abc", "Game!A13": "Frnace", "Orders!C3": "=A1", "Orders!C10": "#N/A",
        "Press!A2": "=- more troops", "Press!A3": "![the siege](pictures/breda.png)"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\nA PAR - BUR\n"))
    assert status == 0, text
    assert f"  wrote Orders!C14: FRANCE A PAR - BUR   ({tmp_path / 'fra.txt'})" in text.splitlines()
    left = f"left as it is (no mail replaced it); {REFUSED}"
    assert warnings(text) == [
        f"Game!B6: found a formula '=NOW()', {FORMULA}: {left}",
        f"Game!B7: found 'abc', expected a whole number, 0 or more (the seed for the rules' randomness): {left}",
        "Game!A13: found 'Frnace', expected a power of standard: AUSTRIA, ENGLAND, FRANCE, GERMANY, "
        f"ITALY, RUSSIA, TURKEY: {left}",
        f"Orders!C3: found a formula '=A1', {FORMULA}: {left}",
        f"Orders!C10: found the error value '#N/A', expected a value typed over it: {left}",
        f"Press!A2: found a formula '=- more troops', {FORMULA}: Excel took the '-' that starts '- more troops' for "
        f"a formula; type it with an apostrophe first, '- more troops: {left}",
        f"Press!A3: found a picture with no file, 'pictures/breda.png', expected the file "
        f"{tmp_path / 'g' / 'pictures' / 'breda.png'}, the picture kept with the game: {left}"]
    wb = openpyxl.load_workbook(workbook)
    assert [wb["Game"][at].value for at in ("B6", "B7", "A13")] == ["=NOW()", "abc", "Frnace"]
    assert [wb["Orders"][at].value for at in ("C3", "C10", "C14")] == ["=A1", "#N/A", "A PAR - BUR"]
    assert turn_refuses(tmp_path, "g") == [
        ("Game", "B6", "a formula '=NOW()'"), ("Game", "B7", "'abc'"), ("Game", "A13", "'Frnace'"),
        ("Orders", "C3", "a formula '=A1'"), ("Orders", "C10", "the error value '#N/A'"),
        ("Press", "A2", "a formula '=- more troops'"),
        ("Press", "A3", "a picture with no file, 'pictures/breda.png'")]


def test_standard_a_slip_in_the_game_sheets_identity_still_stops_the_mails(tmp_path, capsys):
    """The Game sheet's Game, Variant and Phase say that the workbook is this game's at this
    phase, which every mail is typed for: a formula there stops the mails as a workbook of
    another game does, every problem named (the Seed's slip too) and nothing written; once it
    is typed over, the same mail is typed with the Seed named as a warning."""
    workbook = standard(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Game!B3": "=B2", "Game!B7": "abc"}))
    files = snapshot(tmp_path)
    status, text = orders(tmp_path, "g", ("fra.txt", "France\nA PAR - BUR\n"))
    said = capsys.readouterr().err.splitlines()
    assert status == 2 and text == "" and said[0].endswith("g.xlsx: 2 problem(s), nothing written:")
    assert said[1] == f"  Game!B3: found a formula '=B2', {FORMULA}"
    assert said[2].startswith("  Game!B7: found 'abc'")
    assert {k: v for k, v in snapshot(tmp_path).items() if k != "fra.txt"} == {
        k: v for k, v in files.items() if k != "fra.txt"}
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Game!B3": "standard"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\nA PAR - BUR\n"))
    assert status == 0 and [w.split(":")[0] for w in warnings(text)] == ["Game!B7"]


def test_standard_a_formula_in_the_powers_own_block_is_replaced_by_its_mail_named_in_the_dry_run_too(tmp_path):
    """A formula over France's A PAR order and another over Austria's: the dry run says that
    France's mail would replace France's (and writes nothing), that no mail would replace
    Austria's; the run types France's orders over it and names the mail that did."""
    workbook = standard(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Orders!C14": "=B14", "Orders!C3": "=A1"}))
    files = snapshot(tmp_path)
    mail = ("fra.txt", "France\nA PAR - BUR\nA MAR - SPA\n")
    status, text = orders(tmp_path, "g", mail, dry_run=True)
    assert status == 0, text
    assert {k: v for k, v in snapshot(tmp_path).items() if k != "fra.txt"} == {
        k: v for k, v in files.items() if k != "fra.txt"}
    fra = tmp_path / "fra.txt"
    slips = [("Orders!C3", "=A1", None), ("Orders!C14", "=B14", fra)]
    assert warnings(text) == formula_warnings(slips, dry_run=True)
    status, text = orders(tmp_path, "g", mail)
    assert status == 0, text
    assert warnings(text) == formula_warnings(slips, dry_run=False)
    wb = openpyxl.load_workbook(workbook)
    assert [wb["Orders"][at].value for at in ("C3", "C13", "C14")] == ["=A1", "A MAR - SPA", "A PAR - BUR"]
    assert turn_refuses(tmp_path, "g") == [("Orders", "C3", "a formula '=A1'")]


def test_westphalia_a_formula_in_a_players_row_is_replaced_by_his_mail_another_left(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Choose whether to Combat Heresy, Engage in Diplomacy, or Wage
    War': 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'. The GM
    left a formula in Orange's Combat Heresy and one in Green's Influence placed on Mainz:
    the dry run names Orange's mail as the one that would replace his, writing nothing; the run
    types it over the formula, names the mail, and leaves Green's for the turn to refuse."""
    paths = played_to("R1610T", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Player Turns!B3": "=1=1", "Place Influence!A2": "GREEN", "Place Influence!B2": "Mainz",
        "Place Influence!C2": "=1+1"}))
    files = snapshot(paths.folder)
    mail = ("orange.txt", "Orange\nActions: Heresy, War\n")
    orange = tmp_path / "orange.txt"
    status, text = orders(tmp_path, "westphalia-demo", mail, dry_run=True)
    assert status == 0 and snapshot(paths.folder) == files, text
    slips = [("Player Turns!B3", "=1=1", orange), ("Place Influence!C2", "=1+1", None)]
    assert warnings(text) == formula_warnings(slips, dry_run=True)
    status, text = orders(tmp_path, "westphalia-demo", mail)
    assert status == 0, text
    assert warnings(text) == formula_warnings(slips, dry_run=False)
    assert {row[0]: row[1:4] for row in rows_of(paths, "Player Turns")}["ORANGE"] == ("yes", "no", "yes")
    assert cell(paths, "Place Influence!C2") == "=1+1"


def test_europe1615_a_formula_on_the_deployment_list_is_replaced_by_the_powers_mail(tmp_path):
    """000_cc215928c2f3193e.txt (Europe 1615 v3), 'Writing the orders: Example of the format for
    the submission of the INF deployment list and orders' ('9 INFs to Wuerttemburg (WUR)'): the
    GM typed France's deployment with a formula for its INFs and Austria's with '#N/A'. France's
    mailed deployment replaces France's rows, the formula with them, naming the mail; Austria's
    row is left as typed, and the turn refuses it."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "INF Deployment!A2": "FRANCE", "INF Deployment!B2": "=1+2", "INF Deployment!C2": "LOR",
        "INF Deployment!A3": "AUSTRIA", "INF Deployment!B3": "#N/A", "INF Deployment!C3": "WUR"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\n3: LOR\n"))
    assert status == 0, text
    assert warnings(text) == [
        f"INF Deployment!B2: found a formula '=1+2', {FORMULA}: replaced by {tmp_path / 'fra.txt'}",
        "INF Deployment!B3: found the error value '#N/A', expected a value typed over it: left as it is (no mail "
        f"replaced it); {REFUSED}"]
    ws = openpyxl.load_workbook(workbook)["INF Deployment"]
    assert [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2, max_row=3)] == [
        ("FRANCE", 3, "LOR"), ("AUSTRIA", "#N/A", "WUR")]
    assert turn_refuses(tmp_path, "g") == [("INF Deployment", "B3", "the error value '#N/A'")]


def test_standard_an_order_typed_a_column_off_is_a_warning_the_mail_typed(tmp_path):
    """The GM typed England's order beside its cell (Orders!D8, a column no turn reads): France's
    mail is typed, the stray cell named as a warning and left, and the turn refuses it."""
    workbook = standard(tmp_path)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Orders!D8": "A LVP - YOR"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\nA PAR - BUR\n"))
    assert status == 0, text
    assert warnings(text) == [
        "Orders!D8: found 'A LVP - YOR', expected an empty cell (orders are read from column C): left as it is (no "
        f"mail replaced it); {REFUSED}"]
    assert openpyxl.load_workbook(workbook)["Orders"]["C14"].value == "A PAR - BUR"
    assert turn_refuses(tmp_path, "g") == [("Orders", "D8", "'A LVP - YOR'")]


def test_europe1615_a_note_beside_the_deployment_list_is_a_warning_a_powers_own_row_cleared_with_it(tmp_path):
    """000_cc215928c2f3193e.txt (Europe 1615 v3), 'Writing the orders: Example of the format for
    the submission of the INF deployment list and orders' ('9 INFs to Wuerttemburg (WUR)'): the
    GM noted 'ask Spain' beside the columns of a row of no one, and 'typed from his mail' beside
    France's deployment. France's mail replaces France's row, the note with it; the other note
    is left, named, and refused by the turn."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "INF Deployment!A2": "FRANCE", "INF Deployment!B2": 2, "INF Deployment!C2": "LOR",
        "INF Deployment!E2": "typed from his mail", "INF Deployment!E5": "ask Spain"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\n3: LOR\n"))
    assert status == 0, text
    said = warnings(text)
    assert [w.split(":")[0] for w in said] == ["INF Deployment!E2", "INF Deployment!E5"]
    assert said[0].startswith("INF Deployment!E2: found 'typed from his mail', expected an empty cell")
    assert said[0].endswith(f": replaced by {tmp_path / 'fra.txt'}")
    assert said[1].endswith(f": left as it is (no mail replaced it); {REFUSED}")
    ws = openpyxl.load_workbook(workbook)["INF Deployment"]
    assert (ws["A2"].value, ws["B2"].value, ws["E2"].value, ws["E5"].value) == ("FRANCE", 3, None, "ask Spain")
    assert turn_refuses(tmp_path, "g") == [("INF Deployment", "E5", "'ask Spain'")]
