"""``gm-tools orders`` checks the workbook as ``gm-tools turn`` does before typing a mail into
it (or saying, in a dry run, what it would type): the Game sheet must show this game, its
variant and its current phase (another game's workbook or an old copy is refused), the sheets
the mail goes on must be there as gm-tools wrote them (no merged cells, no moved columns), and
every problem is named by sheet and cell with what was found and what was expected, exit
status 2, no traceback, and no file of the game changed."""

from __future__ import annotations

import shutil

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths

from workflow_helpers import create, edit_workbook, play, snapshot

MAIL = b"Austria\nA BUD - SER\n"


def _orders(tmp_path, capsys, game: str, mail: bytes, *extra: str) -> tuple[int, str]:
    """``gm-tools orders`` through the real command line: its exit status and all it printed."""
    letter = tmp_path / "mail.txt"
    letter.write_bytes(mail)
    before = snapshot(tmp_path / "R")
    code = main(["orders", game, str(letter), "--root", str(tmp_path / "R"), *extra])
    out = capsys.readouterr()
    assert snapshot(tmp_path / "R") == before  # nothing written, nothing kept
    return code, out.out + out.err


def _renamed_orders(wb):
    wb["Orders"].title = "Orders (old)"


def _another_games(tmp_path, paths):
    create(tmp_path / "R", name="other")
    shutil.copyfile(tmp_path / "R" / "other.xlsx", paths.workbook)
    edit_workbook(paths.workbook, lambda wb: wb["Game"].__setitem__("B4", "F1901M"))


def _old_copy(tmp_path, paths):
    play(paths, {"AUSTRIA": ["A BUD - SER"]})
    shutil.copyfile(paths.backup_file("S1901M"), paths.workbook)


def _column_inserted(wb):
    wb["Orders"].insert_cols(1)


def _merged_orders(wb):
    wb["Orders"].merge_cells("C3:C4")


CASES = {
    "orders sheet renamed": (lambda t, p: edit_workbook(p.workbook, _renamed_orders),
                             ["Orders: found no such sheet ('Orders (old)' is there: if that is it, name it 'Orders' "
                              "again), expected the Orders sheet gm-tools wrote"]),
    "another game's workbook": (_another_games,
                                ["Game!B2: found 'other', expected 'g', the game this workbook belongs to",
                                 "Game!B4: found 'F1901M', expected 'S1901M', the game's current phase"]),
    "game sheet deleted": (lambda t, p: edit_workbook(p.workbook, lambda wb: wb.remove(wb["Game"])),
                           ["Game: found no Game sheet", "expected a game workbook made by gm-tools new-game"]),
    "variant changed": (lambda t, p: edit_workbook(p.workbook, lambda wb: wb["Game"].__setitem__("B3", "Chaos")),
                        ["Game!B3: found 'Chaos', expected 'standard', the game's variant"]),
    "an old copy": (_old_copy, ["Game!B4: found 'S1901M', expected 'F1901M', the game's current phase (is this an "
                                "old copy of the workbook?"]),
    "a column inserted": (lambda t, p: edit_workbook(p.workbook, _column_inserted),
                          ["Orders!A:A: found a column inserted (with no header), expected the columns gm-tools "
                           "wrote (Power in A, Unit in B, Order in C): delete column A"]),
    "merged order cells": (lambda t, p: edit_workbook(p.workbook, _merged_orders),
                           ["Orders!C3:C4: found merged cells, expected one value a cell"]),
}


@pytest.mark.parametrize("dry_run", [False, True], ids=["orders", "dry run"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_workbook_the_turn_would_refuse_is_refused_before_a_mail_is_typed(tmp_path, capsys, case, dry_run):
    spoil, expected = CASES[case]
    paths = create(tmp_path / "R")
    spoil(tmp_path, paths)
    code, said = _orders(tmp_path, capsys, "g", MAIL, *(["--dry-run"] if dry_run else []))
    assert code == 2, said
    assert "Traceback" not in said and "nothing written" in said
    for text in expected:
        assert text in said
    assert "order(s)" not in said and "would write" not in said  # no report of orders typed


@pytest.mark.parametrize("variant, phase_type, sheet, cells, mail", [
    # Europe 1615 v2: a mailed offer sheet goes on the Offers sheet (after the Influence and
    # Taxation/Revenue Phases, nothing entered)
    ("europe1615v2", "M", "Offers", "A2:C2", b"France\n0 : A PAR H\n"),
    # Europe 1619: the transactions phase's mailed purchases go on the Purchases sheet
    ("europe1619", "B", "Purchases", "A2:B2", b"France\nbuild A PAR\n"),
])
def test_merged_cells_on_a_mailed_input_sheet_are_named_not_a_traceback(tmp_path, capsys, variant, phase_type,
                                                                        sheet, cells, mail):
    """The turn names a sheet's merged cells; orders names them too instead of failing inside
    openpyxl."""
    new_game(variant, "g", root=tmp_path / "R", seed=7, created="2000-01-01T00:00:00Z")
    while not load_state("g", root=tmp_path / "R").position.phase.endswith(phase_type):
        run_turn("g", root=tmp_path / "R", site_dir=None, force=True)
    paths = game_paths("g", tmp_path / "R")
    edit_workbook(paths.workbook, lambda wb: wb[sheet].merge_cells(cells))
    code, said = _orders(tmp_path, capsys, "g", mail)
    assert code == 2 and "Traceback" not in said
    assert f"{sheet}!{cells}: found merged cells, expected one value a cell" in said


def test_a_missing_workbook_is_named(tmp_path, capsys):
    paths = create(tmp_path / "R")
    paths.workbook.unlink()
    code, said = _orders(tmp_path, capsys, "g", MAIL)
    assert code == 2 and "Traceback" not in said
    assert f"{paths.workbook} is missing" in said


def test_a_sound_workbook_still_takes_the_mail(tmp_path, capsys):
    """The checks let a workbook as gm-tools wrote it through (and one a turn has written)."""
    paths = create(tmp_path / "R")
    play(paths, {"AUSTRIA": ["A BUD - SER"]})
    letter = tmp_path / "mail.txt"
    letter.write_bytes(b"Austria\nA SER - BUL\n")
    assert main(["orders", "g", str(letter), "--root", str(tmp_path / "R")]) == 0
    assert "F1901M: 1 order(s) written" in capsys.readouterr().out


def test_a_deleted_unit_row_is_named_by_the_powers_block(tmp_path, capsys):
    """A row the GM deleted from a power's block leaves its unit's order no row: the message
    names the block's order cells (it named no cell)."""
    paths = create(tmp_path / "R")
    ws = openpyxl.load_workbook(paths.workbook)["Orders"]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(row=r, column=2).value == "A BUD")
    edit_workbook(paths.workbook, lambda wb: wb["Orders"].delete_rows(row))
    code, said = _orders(tmp_path, capsys, "g", MAIL)
    assert code == 2 and "Traceback" not in said
    assert (f"Orders!C{row}:C{row + 1}: found no free row for AUSTRIA's order 'A BUD - SER', "
            "expected a row for every order in AUSTRIA's block") in said


def test_a_file_of_long_lines_sent_as_a_mail_is_reported_in_lines_one_can_read(tmp_path, capsys):
    """A program or a picture saved as the mail (or a paste gone wrong) has lines of thousands
    of characters, each a line of the report: each is cut to a glimpse with its length, the
    line's place kept; before, the report printed every byte of them, escaped."""
    create(tmp_path / "R")
    binary = b"\x00\x01\x02\x7f\xc3" * 800 + b"\n"
    long_order = b"Austria\nA BUD - " + b"SER" * 600 + b"\n"
    code, said = _orders(tmp_path, capsys, "g", binary + long_order, "--dry-run")
    assert code == 1
    lines = said.splitlines()
    assert any(line.startswith("  not read ") and "mail.txt line 1: '\\x00\\x01" in line for line in lines)
    assert "mail.txt line 3: 'A BUD - SERSERSER" in said and "(1810 characters in all) -- expected " in said
    assert "characters in all) (before the orders)" in said
    assert max(len(line) for line in lines) <= 1100, max(len(line) for line in lines)
