"""What the GM typed after a turn, when he rolls it back: the workbook the rollback sets aside
(kept in ``rolled-back/``) may hold his own edits for the next phase, an address on the
Addresses sheet, a sheet of his own, a Deadline set or a player replaced. The rollback names
each of them by sheet and cell, before and after, and carries into the workbook it brings back
those that are no input of the phase played again (``docs/workbook.md``, "Rollback and what was
typed after the turn"). Real workbooks, the real turn, the command line."""

from __future__ import annotations

import openpyxl  # the GM's spreadsheet program

from gm_tools.app.cli import main
from gm_tools.app.deadlinecmd import set_deadline
from workflow_helpers import as_carried_over, create, edit_workbook, play, snapshot, type_cells

FRANCE_ADDRESS = "Addresses!C4"  # the Addresses sheet's rows follow the variant's powers: FRANCE third
TURKEY_PLAYER = "Game!C17"  # the Game sheet's players below its header (row 10): TURKEY seventh


def _rollback(capsys, paths) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["rollback", paths.name, "--root", str(paths.root), "--site", ""])
    out = capsys.readouterr()
    return code, out.out, out.err


def _add_notes(wb) -> None:
    notes = wb.create_sheet("Notes", wb.sheetnames.index("Orders") + 1)
    notes["A1"] = "Ann is away in August"
    notes["B2"] = "=1+1"


def test_the_addresses_and_the_gms_own_sheets_typed_after_the_turn_are_carried_back(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    # after the turn, in F1901M's workbook: a new address, a sheet of his own, an order, press
    type_cells(paths, {FRANCE_ADDRESS: "ann@example.org", "Orders!C3": "A VIE H", "Press!A2": "Autumn news"})
    edit_workbook(paths.workbook, _add_notes)
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    kept = paths.rolled_back / "F1901M.1.xlsx"
    assert f"carried into the reopened workbook from the F1901M workbook kept as {kept}" in out, out
    assert "Addresses!C4: '' before the turn, 'ann@example.org' after it" in out, out
    assert "Notes: a sheet added after the turn (2 cells)" in out, out
    # the next phase's press is its own: said, never carried into the phase played again
    assert "Press!A2: 'Autumn news' typed for F1901M, not carried (the press of a phase is published with it)" in out
    wb = openpyxl.load_workbook(paths.workbook)
    assert wb["Game"]["B4"].value == "S1901M"
    assert wb["Addresses"]["C4"].value == "ann@example.org"
    assert wb.sheetnames.index("Notes") == wb.sheetnames.index("Orders") + 1
    assert (wb["Notes"]["A1"].value, wb["Notes"]["B2"].value) == ("Ann is away in August", "=1+1")
    # the phase reopened keeps its own inputs: S1901M's order, no press
    assert [c.value for c in wb["Orders"]["C"][1:] if c.value] == ["A PAR - BUR"]
    assert wb["Press"]["A2"].value is None
    # and the turn played again carries them on into F1901M
    play(paths, {})
    wb = openpyxl.load_workbook(paths.workbook)
    assert wb["Game"]["B4"].value == "F1901M"
    assert wb["Addresses"]["C4"].value == "ann@example.org" and wb["Notes"]["A1"].value == "Ann is away in August"


def test_a_deadline_set_after_the_turn_becomes_the_reopened_phases_next_deadline(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    set_deadline(paths.name, "Friday 11 December 18:00 UTC", root=paths.root, site_dir=None)
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert ("Game!B8 (Next deadline): '' before the turn, 'Friday 11 December 18:00 UTC' after it "
            "(F1901M's Deadline, Game!B6)") in out, out
    wb = openpyxl.load_workbook(paths.workbook)
    assert wb["Game"]["B6"].value is None  # S1901M's own Deadline, as recorded, stays
    assert wb["Game"]["B8"].value == "Friday 11 December 18:00 UTC"
    play(paths, {})
    assert openpyxl.load_workbook(paths.workbook)["Game"]["B6"].value == "Friday 11 December 18:00 UTC"


def test_a_player_replaced_after_the_turn_is_carried_back_and_the_seed_is_not(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    type_cells(paths, {TURKEY_PLAYER: "Bob", "Game!B7": 99})
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert "Game!C17 (TURKEY's player): '' before the turn, 'Bob' after it" in out, out
    # the seed draws the phase's random events: an input of the phase played again
    assert "Game!B7 (Seed): '7' before the turn, '99' after it, not carried (an input of S1901M)" in out, out
    wb = openpyxl.load_workbook(paths.workbook)
    assert (wb["Game"]["C17"].value, wb["Game"]["B7"].value) == ("Bob", 7)


def test_rolled_back_twice_the_edits_go_back_with_each_phase(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    play(paths, {"FRANCE": ["A BUR - MUN"]})  # S1902M next: no adjustments due
    type_cells(paths, {FRANCE_ADDRESS: "ann@example.org"})
    assert _rollback(capsys, paths)[0] == 0
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert "Addresses!C4: '' before the turn, 'ann@example.org' after it" in out, out
    wb = openpyxl.load_workbook(paths.workbook)
    assert (wb["Game"]["B4"].value, wb["Addresses"]["C4"].value) == ("S1901M", "ann@example.org")
    # no phase left to reopen: said, nothing written
    before = snapshot(tmp_path)
    code, out, err = _rollback(capsys, paths)
    assert code == 2 and "has no processed phase to roll back" in err, err
    assert snapshot(tmp_path) == before


def test_a_copy_of_the_orders_sheet_is_not_carried_back_and_nothing_else_differs(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})

    def copy_orders(wb):
        wb.copy_worksheet(wb["Orders"]).title = "Orders (2)"
        wb["Orders (2)"]["C3"] = "A BUR - MUN"
    edit_workbook(paths.workbook, copy_orders)
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert ("Orders (2): a copy of F1901M's Orders sheet, not carried (the entries of the phase set aside)"
            in out), out
    assert "Orders (2)" not in openpyxl.load_workbook(paths.workbook).sheetnames


def test_a_workbook_set_aside_that_cannot_be_read_is_kept_and_said(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    paths.workbook.write_bytes(b"not a workbook")
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    kept = paths.rolled_back / "F1901M.1.xlsx"
    assert kept.read_bytes() == b"not a workbook"
    assert f"nothing carried from the F1901M workbook kept as {kept}: it cannot be read" in out, out
    assert paths.workbook.read_bytes() == paths.backup_file("S1901M").read_bytes()


def test_a_game_over_rolled_back_carries_back_what_was_typed_in_its_last_workbook(tmp_path, capsys):
    from workflow_helpers import play_germany_solo

    paths = play_germany_solo(tmp_path, "g")  # Germany's solo in F1907R: the last workbook has no phase
    type_cells(paths, {FRANCE_ADDRESS: "ann@example.org"})
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert f"from the end workbook kept as {paths.rolled_back / 'end.1.xlsx'}" in out, out
    wb = openpyxl.load_workbook(paths.workbook)
    assert (wb["Game"]["B4"].value, wb["Addresses"]["C4"].value) == ("F1907R", "ann@example.org")


def test_a_gm_sheet_named_as_a_sheet_of_the_reopened_phase_is_not_carried(tmp_path, capsys):
    from gm_tools.engine.hooks import Column, SheetHooks, Table
    from gm_tools.engine.system import GameSystem, register_system, unregister_system
    from workflow_helpers import board_variant

    class SpringSheet(SheetHooks):
        """An output sheet only in the spring: the fall workbook has none."""

        name = "springsheet"

        def output_sheets(self, variant, position):
            return [Table("Sowing", (Column("Power"),), [["FRANCE"]])] if position.phase.startswith("S") else []

    register_system(GameSystem("springsheet", sheets=SpringSheet()))
    try:
        board = board_variant(tmp_path, "springboard", units={"FRANCE": ["A PAR"], "ITALY": ["A ROM"]},
                              centers={"FRANCE": ["PAR"], "ITALY": ["ROM"]})
        toml = board / "variant.toml"
        toml.write_text(toml.read_text(encoding="utf-8").replace('rules = "standard"', 'rules = "springsheet"', 1),
                        encoding="utf-8")
        paths = create(tmp_path / "games", variant=str(board))
        play(paths, {"FRANCE": ["A PAR - BUR"]})

        def sow(wb):
            wb.create_sheet("sowing")["A1"] = "wheat"
        edit_workbook(paths.workbook, sow)
        code, out, err = _rollback(capsys, paths)
        assert code == 0, err
        assert ("sowing: a sheet of yours named as S1901M's own sowing sheet, not carried (rename it in the workbook "
                "kept to carry it by hand)") in out, out
        assert [n for n in openpyxl.load_workbook(paths.workbook).sheetnames if n.casefold() == "sowing"] == ["Sowing"]
    finally:
        unregister_system("springsheet")


def test_a_deadline_set_as_a_date_is_carried_back_as_a_date(tmp_path, capsys):
    import datetime

    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    set_deadline(paths.name, "2026-12-11 18:00", root=paths.root, site_dir=None)
    assert _rollback(capsys, paths)[0] == 0
    cell = openpyxl.load_workbook(paths.workbook)["Game"]["B8"]
    assert (cell.value, cell.number_format) == (datetime.datetime(2026, 12, 11, 18, 0), "yyyy-mm-dd hh:mm")
    play(paths, {})
    cell = openpyxl.load_workbook(paths.workbook)["Game"]["B6"]
    assert (cell.value, cell.number_format) == (datetime.datetime(2026, 12, 11, 18, 0), "yyyy-mm-dd hh:mm")


def test_another_games_workbook_in_its_place_is_kept_and_nothing_carried_from_it(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    other = create(tmp_path, "h")
    type_cells(other, {FRANCE_ADDRESS: "eve@example.org"})
    paths.workbook.write_bytes(other.workbook.read_bytes())  # a copy put there by mistake
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert (f"nothing carried from the workbook kept as {paths.rolled_back / 'F1901M.1.xlsx'}: its Game sheet names "
            "'h', 'S1901M', not 'g', 'F1901M'") in out, out
    assert paths.workbook.read_bytes() == paths.backup_file("S1901M").read_bytes()


def test_a_player_replaced_lands_on_his_powers_row_when_the_game_sheets_rows_differ(tmp_path, capsys):
    paths = create(tmp_path)
    # laid out by an earlier version (no Next deadline row): the turn's workbook has one more
    # row above the players, so FRANCE's Player cell is C12 in the backup and C13 after the turn
    as_carried_over(paths, "Friday 4 December 18:00 UTC")
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    type_cells(paths, {"Game!C13": "Bob"})
    code, out, err = _rollback(capsys, paths)
    assert code == 0, err
    assert "Game!C12 (FRANCE's player): 'Ann' before the turn, 'Bob' after it" in out, out
    game = openpyxl.load_workbook(paths.workbook)["Game"]
    assert [(game[f"A{n}"].value, game[f"C{n}"].value) for n in (12, 13)] == [("FRANCE", "Bob"), ("GERMANY", None)]
