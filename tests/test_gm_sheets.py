"""The GM's own sheets: a sheet the GM adds to the workbook (notes, a tally) is carried into
each next phase's workbook, values and formulas as typed, in its place; rollback and mailed
orders keep it too. Real workbooks, the real turn."""

from __future__ import annotations

import datetime

import openpyxl  # the GM's spreadsheet program

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.rollback import rollback
from gm_tools.app.turn import run_turn
from workflow_helpers import create, edit_workbook, play, snapshot


def add_notes(wb) -> None:
    notes = wb.create_sheet("GM notes", wb.sheetnames.index("Orders") + 1)
    notes["A1"] = "my private notes"
    notes["B2"] = 42
    notes["C3"] = "=B2*2"
    notes["A4"] = datetime.date(1901, 3, 1)
    text = notes.cell(row=5, column=1, value="=not a formula")
    text.data_type = "s"  # typed as text ('=...)
    tally = wb.create_sheet("Tally")
    tally["A1"] = "='GM notes'!B2+1"
    tally.sheet_state = "hidden"


def cells(ws) -> dict:
    return {c.coordinate: (c.value, c.data_type) for row in ws.iter_rows() for c in row if c.value is not None}


NOTES = {"A1": ("my private notes", "s"), "B2": (42, "n"), "C3": ("=B2*2", "f"),
         "A4": (datetime.datetime(1901, 3, 1), "d"), "A5": ("=not a formula", "s")}


def check_carried(paths, phase: str) -> None:
    wb = openpyxl.load_workbook(paths.workbook)
    assert wb["Game"]["B4"].value == phase
    assert wb.sheetnames.index("GM notes") == wb.sheetnames.index("Orders") + 1
    assert cells(wb["GM notes"]) == NOTES
    assert wb["GM notes"]["A4"].number_format == "yyyy-mm-dd"
    assert cells(wb["Tally"]) == {"A1": ("='GM notes'!B2+1", "f")}
    assert wb["Tally"].sheet_state == "hidden"


def test_the_gms_sheets_are_carried_into_the_next_workbooks(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, add_notes)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    check_carried(paths, "F1901M")
    play(paths, {"FRANCE": ["A BUR - MUN"]})
    check_carried(paths, "S1902M")  # no adjustments due: winter skipped


def format_notes(wb) -> None:
    """The look a GM gives a sheet of notes: a bold red title over merged cells with a
    comment, a filled and bordered total, wrapped text, a tall row, a frozen header, and an
    empty cell coloured as a marker."""
    from openpyxl.comments import Comment
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    notes = wb["GM notes"]
    notes["A1"].font = Font(bold=True, color="FFC00000", size=14)
    notes["A1"].comment = Comment("checked every Sunday", "GM")
    notes.merge_cells("A1:C1")
    notes["B2"].fill = PatternFill("solid", fgColor="FFFFFF00")
    notes["B2"].border = Border(bottom=Side(style="double"))
    notes["C3"].alignment = Alignment(wrap_text=True, horizontal="center")
    notes["D6"].fill = PatternFill("solid", fgColor="FF00B050")  # no value: a marker
    notes.row_dimensions[3].height = 42
    notes.freeze_panes = "A2"


def check_formatted(ws) -> None:
    assert ws["A1"].font.b and ws["A1"].font.color.rgb == "FFC00000" and ws["A1"].font.sz == 14
    assert (ws["A1"].comment.text, ws["A1"].comment.author) == ("checked every Sunday", "GM")
    assert [str(r) for r in ws.merged_cells.ranges] == ["A1:C1"]
    assert ws["B2"].fill.fgColor.rgb == "FFFFFF00" and ws["B2"].border.bottom.style == "double"
    assert ws["C3"].alignment.wrap_text and ws["C3"].alignment.horizontal == "center"
    assert ws["D6"].value is None and ws["D6"].fill.fgColor.rgb == "FF00B050"
    assert ws.row_dimensions[3].height == 42
    assert ws.freeze_panes == "A2"


def test_the_look_of_the_gms_sheets_is_carried_too(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: (add_notes(wb), format_notes(wb)))
    for orders, phase in ((["A PAR - BUR"], "F1901M"), (["A BUR - MUN"], "S1902M")):
        play(paths, {"FRANCE": orders})
        check_carried(paths, phase)
        check_formatted(openpyxl.load_workbook(paths.workbook)["GM notes"])


def test_the_same_workbook_gives_the_same_bytes_with_the_gms_sheets(tmp_path):
    outputs = []
    for name in ("one", "two"):
        paths = create(tmp_path / name)
        edit_workbook(paths.workbook, lambda wb: (add_notes(wb), format_notes(wb)))
        play(paths, {"FRANCE": ["A PAR - BUR"]})
        outputs.append(paths.workbook.read_bytes())
    assert outputs[0] == outputs[1]


def test_rollback_brings_the_gms_sheets_back(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, add_notes)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    assert rollback(paths.name, root=paths.root, site_dir=None) == "S1901M"
    check_carried(paths, "S1901M")
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    check_carried(paths, "F1901M")


def test_mailed_orders_keep_the_gms_sheets(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, add_notes)
    enter_mails("g", [("m1", b"France\nA PAR - BUR\n")], root=tmp_path)
    check_carried(paths, "S1901M")


def test_a_sheet_gm_tools_wrote_renamed_in_another_case_is_not_carried_twice(tmp_path):
    # A spreadsheet program compares sheet names ignoring case: 'units' is gm-tools' Units.
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: setattr(wb["Units"], "title", "units"))
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    names = openpyxl.load_workbook(paths.workbook).sheetnames
    assert [n for n in names if n.casefold() == "units"] == ["Units"]


def test_a_gm_sheet_named_as_a_sheet_the_next_phase_adds_is_refused(tmp_path, capsys):
    from gm_tools.engine.hooks import Column, SheetHooks, Table
    from gm_tools.engine.system import GameSystem, register_system, unregister_system
    from workflow_helpers import board_variant

    class FallSheet(SheetHooks):
        """An output sheet only in the fall: the spring workbook has none."""

        name = "fallsheet"

        def output_sheets(self, variant, position):
            return [Table("Harvest", (Column("Power"),), [["FRANCE"]])] if position.phase.startswith("F") else []

    register_system(GameSystem("fallsheet", sheets=FallSheet()))
    try:
        board = board_variant(tmp_path, "fallboard", units={"FRANCE": ["A PAR"], "ITALY": ["A ROM"]},
                              centers={"FRANCE": ["PAR"], "ITALY": ["ROM"]})
        toml = board / "variant.toml"
        toml.write_text(toml.read_text(encoding="utf-8").replace('rules = "standard"', 'rules = "fallsheet"', 1),
                        encoding="utf-8")
        paths = create(tmp_path / "games", variant=str(board))
        edit_workbook(paths.workbook, lambda wb: wb.create_sheet("harvest"))
        files = snapshot(tmp_path)
        assert main(["turn", "g", "--root", str(paths.root), "--site", "", "--force"]) == 2
        assert ("harvest: found a sheet of your own named 'harvest', expected a name gm-tools does not use: "
                "the next phase's workbook has its own 'harvest' sheet (rename yours)") in capsys.readouterr().err
        assert snapshot(tmp_path) == files
        edit_workbook(paths.workbook, lambda wb: setattr(wb["harvest"], "title", "My harvest"))
        assert run_turn("g", root=paths.root, site_dir=None, force=True).processed
        assert openpyxl.load_workbook(paths.workbook).sheetnames[-3:] == ["Harvest", "My harvest", "Choices"]
    finally:
        unregister_system("fallsheet")


def test_a_gms_links_and_tab_colour_are_carried(tmp_path):
    # A notes sheet linking each player's forum post, and one to the Orders sheet, on a red tab.
    paths = create(tmp_path)

    def linked(wb):
        add_notes(wb)
        notes = wb["GM notes"]
        notes["B6"], notes["B6"].hyperlink = "Ann's post", "https://forum.example.org/t/42"
        notes["B7"], notes["B7"].hyperlink = "orders", "#Orders!C14"
        notes.sheet_properties.tabColor = "FFC00000"
    edit_workbook(paths.workbook, linked)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    notes = openpyxl.load_workbook(paths.workbook)["GM notes"]
    assert notes["B6"].value == "Ann's post" and notes["B6"].hyperlink.target == "https://forum.example.org/t/42"
    link = notes["B7"].hyperlink
    assert (link.target or f"#{link.location}") == "#Orders!C14"
    assert notes.sheet_properties.tabColor.rgb == "FFC00000"
