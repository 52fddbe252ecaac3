"""A copy of a sheet the turn reads, made in the spreadsheet program ('Orders (2)'), with
entries typed into it: the turn reads only the sheet itself, so the copy's entries would be
carried over as the GM's notes and the units would hold. The first entry the copy holds that
its sheet does not is refused at its cell, nothing written; an untouched copy is the GM's."""

from __future__ import annotations

import openpyxl  # the GM's spreadsheet program

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import run_turn
from workflow_helpers import create, edit_workbook, problems_after


def _copy(name: str, of: str, typed: dict[str, object]):
    def change(wb):
        copy = wb.copy_worksheet(wb[of])
        copy.title = name
        for ref, value in typed.items():
            copy[ref] = value
    return change


def _why(name: str, of: str, ref: str) -> str:
    return (f"expected an empty cell, as on {of}!{ref}: {name!r} is a copy of the {of} sheet, and the turn reads "
            f"only {of} (type the entries there; to keep the copy as a sheet of your own, rename it, e.g. 'Notes')")


def test_orders_typed_into_excels_copy_of_the_orders_sheet_are_refused_not_held(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, _copy("Orders (2)", "Orders", {"C14": "A PAR - BUR"}))
    assert problems_after(paths, tmp_path) == [f"Orders (2)!C14: found 'A PAR - BUR', {_why('Orders (2)', 'Orders', 'C14')}"]


def test_an_input_sheets_copy_by_libreoffice_or_google_sheets_is_refused_too(tmp_path):
    # Europe 1619's INF Placements copied by LibreOffice ('_2'), its Declarations by Google Sheets.
    paths = create(tmp_path, variant="europe1619")
    edit_workbook(paths.workbook, _copy("INF Placements_2", "INF Placements", {"A2": "AUSTRIA", "B2": 3, "C2": "CRO"}))
    edit_workbook(paths.workbook, _copy("Copy of declarations", "Declarations", {"A3": "SPAIN"}))
    assert problems_after(paths, tmp_path) == [
        f"INF Placements_2!A2: found 'AUSTRIA', {_why('INF Placements_2', 'INF Placements', 'A2')}",
        f"Copy of declarations!A3: found 'SPAIN', {_why('Copy of declarations', 'Declarations', 'A3')}"]


def test_an_untouched_copy_is_the_gms_own_sheet_and_carried_over(tmp_path, capsys):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, _copy("Orders (2)", "Orders", {}))
    edit_workbook(paths.workbook, lambda wb: wb["Orders"].__setitem__("C14", "A PAR - BUR"))
    assert main(["status", paths.name, "--root", str(paths.root)]) == 0
    assert "would refuse" not in capsys.readouterr().out
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert "Orders (2)" in openpyxl.load_workbook(paths.workbook).sheetnames


def _rename(old: str, new: str):
    def change(wb):
        wb[old].title = "\x01"  # openpyxl, unlike Excel, will not recase a sheet's own name at once
        wb["\x01"].title = new
    return change


def test_a_sheet_renamed_only_in_case_or_spacing_is_still_that_sheet(tmp_path):
    # Excel takes 'orders' and 'Orders' for one name: the GM's orders and press are read, and the
    # next phase's workbook has its sheets under the names gm-tools writes.
    paths = create(tmp_path)
    edit_workbook(paths.workbook, _rename("Orders", "orders"))
    edit_workbook(paths.workbook, _rename("Press", " Press "))
    edit_workbook(paths.workbook, lambda wb: (wb["orders"].__setitem__("C14", "A PAR - BUR"),
                                              wb[" Press "].__setitem__("A2", "Spring.")))
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    record = (paths.history / "S1901M.json").read_text(encoding="utf-8")
    assert '"written": "A PAR - BUR"' in record and '"press": "Spring."' in record
    assert openpyxl.load_workbook(paths.workbook).sheetnames[:3] == ["Game", "Orders", "Press"]


def test_mailed_orders_are_typed_into_a_sheet_renamed_only_in_case(tmp_path):
    # gm-tools orders reads the workbook as the turn does, and types into the same sheet.
    paths = create(tmp_path, variant="europe1619")
    edit_workbook(paths.workbook, _rename("INF Placements", "inf placements"))
    enter_mails("g", [("m1", b"Austria\n3 CRO\n")], root=tmp_path)
    placed = openpyxl.load_workbook(paths.workbook)["INF Placements"]
    assert [placed["A2"].value, placed["B2"].value, placed["C2"].value] == ["AUSTRIA", 3, "CRO"]


def test_a_sheet_renamed_to_another_name_is_named_where_the_sheet_is_missed(tmp_path):
    paths = create(tmp_path, variant="europe1619")
    edit_workbook(paths.workbook, _rename("Orders", "Orders S1901"))
    edit_workbook(paths.workbook, _rename("INF Placements", "INF Placments"))
    assert problems_after(paths, tmp_path) == [
        "Orders: found no such sheet ('Orders S1901' is there: if that is it, name it 'Orders' again), "
        "expected the Orders sheet gm-tools wrote",
        "INF Placements: found no such sheet ('INF Placments' is there: if that is it, name it 'INF Placements' "
        "again), expected the INF Placements sheet gm-tools wrote"]
