"""The game workbook as a spreadsheet program sees it: sheets, frozen headers, widths,
protection, dropdowns; reading values the way Excel and LibreOffice store them; same
plan, same bytes."""

from __future__ import annotations

import datetime
import io
import shutil
import subprocess
import zipfile

import openpyxl
import pytest

from gm_tools.errors import WorkbookError
from gm_tools.engine.positions import position_from_json, position_to_json
from gm_tools.engine.model import Dislodged, Position, Unit
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook import open_workbook, read_workbook
from gm_tools.edges.workbook_fill import set_cells
from workflow_helpers import create, play


@pytest.fixture
def standard():
    return load_variant("standard")


def load(paths):
    return openpyxl.load_workbook(paths.workbook)


def test_sheets_headers_widths_and_protection(tmp_path):
    wb = load(create(tmp_path))
    assert wb.sheetnames == ["Game", "Orders", "Press", "Units", "Centers", "Results", "Addresses", "Choices"]
    assert wb["Choices"].sheet_state == "hidden"
    for name in ("Game", "Orders", "Press", "Units", "Centers", "Results"):
        ws = wb[name]
        assert ws.freeze_panes == "A2", name
        assert ws["A1"].font.bold, name
        assert ws.column_dimensions["A"].width >= 10, name
    # Computed sheets are protected; cells the GM types in are unlocked.
    for name in ("Units", "Centers", "Results", "Orders", "Game"):
        assert wb[name].protection.sheet, name
    assert not wb["Press"].protection.sheet
    orders = wb["Orders"]
    typed = [row[2] for row in orders.iter_rows(min_row=2) if row[1].value and row[1].value[:2] in ("A ", "F ")]
    assert typed and all(not c.protection.locked for c in typed)
    assert all(row[1].protection.locked for row in orders.iter_rows(min_row=2))
    game = wb["Game"]
    assert not game["B6"].protection.locked and not game["B7"].protection.locked  # deadline, seed
    assert game["B4"].protection.locked  # the phase is the tool's


@pytest.mark.parametrize("typed, recorded, kept, number_format", [
    (datetime.datetime(2026, 12, 4, 18, 0), "2026-12-04 18:00", datetime.datetime(2026, 12, 4, 18, 0), "yyyy-mm-dd hh:mm"),
    # a spreadsheet's time a fraction of a second off is still 18:00
    (datetime.datetime(2026, 12, 4, 17, 59, 59, 998000), "2026-12-04 18:00", datetime.datetime(2026, 12, 4, 18, 0),
     "yyyy-mm-dd hh:mm"),
    (datetime.date(2026, 12, 4), "2026-12-04", datetime.datetime(2026, 12, 4), "yyyy-mm-dd"),
    ("Friday 18:00 UTC", "Friday 18:00 UTC", "Friday 18:00 UTC", "General"),
])
def test_a_deadline_typed_as_a_date_stays_a_date_in_the_next_workbook(tmp_path, typed, recorded, kept, number_format):
    """The Deadline is the GM's cell: the record and the pages give it to the minute, and a
    Next deadline typed as a date is the next phase's workbook's Deadline as a date (its
    formats and the GM's formulas on it go on working)."""
    paths = create(tmp_path)
    data = set_cells(paths.workbook.read_bytes(), {"Game!B6": typed, "Game!B8": typed})
    paths.workbook.write_bytes(data)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    import json

    assert json.loads(paths.record_file("S1901M").read_text(encoding="utf-8"))["deadline"] == recorded
    cell = load(paths)["Game"]["B6"]
    assert (cell.value, cell.number_format) == (kept, number_format)


def test_movement_dropdowns_offer_hold_and_moves_but_accept_free_text(tmp_path):
    wb = load(create(tmp_path))
    orders = wb["Orders"]
    for dv in orders.data_validations.dataValidation:
        if str(dv.sqref) == next(r[2].coordinate for r in orders.iter_rows(min_row=2) if r[1].value == "A PAR"):
            column = dv.formula1.split("!")[1].replace("$", "")
            listed = [row[0].value for row in wb["Choices"][column]]
            assert listed == ["A PAR H", "A PAR - BRE", "A PAR - BUR", "A PAR - GAS", "A PAR - PIC"]
            # Supports and convoys are typed: the movement list must not reject them.
            assert not dv.showErrorMessage
            break
    else:
        raise AssertionError("no dropdown on A PAR's order cell")


def test_adjustment_dropdown_lists_build_sites_and_waive(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A MAR - SPA", "A PAR - PIC"], "RUSSIA": ["F STP/SC - BOT"]})
    play(paths, {"FRANCE": ["A SPA H"]})
    wb = load(paths)
    orders = wb["Orders"]
    row = next(r for r in orders.iter_rows(min_row=2) if r[0].value == "FRANCE" and r[1].value == "Build 1 of 1")
    dv = next(d for d in orders.data_validations.dataValidation if str(d.sqref) == row[2].coordinate)
    column = dv.formula1.split("!")[1].replace("$", "")
    # 2000 rulebook, 'Building': only in unoccupied owned home centers (BRE holds a fleet),
    # a fleet only on the coast.
    assert [r[0].value for r in wb["Choices"][column]] == ["BUILD A MAR", "BUILD F MAR", "BUILD A PAR", "WAIVE"]
    assert dv.showErrorMessage  # a complete list: anything else is worth a warning


def test_same_plan_same_bytes_and_fixed_timestamps(tmp_path):
    one = create(tmp_path / "a").workbook.read_bytes()
    two = create(tmp_path / "b").workbook.read_bytes()
    assert one == two
    with zipfile.ZipFile(io.BytesIO(one)) as z:
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert "2000-01-01T00:00:00Z" in z.read("docProps/core.xml").decode()


def test_values_as_spreadsheet_programs_store_them(tmp_path, standard):
    paths = create(tmp_path)
    # LibreOffice may store a typed whole number as 42.0; a seed typed as text "42" is fine.
    for seed in (42.0, "42", " 42 "):
        data = set_cells(paths.workbook.read_bytes(), {"Game!B7": seed, "Press!A2": "line one", "Press!A4": "line three"})
        entries, problems = read_workbook(data, "w", standard)
        assert problems == [] and entries.seed == 42
        assert entries.press == "line one\n\nline three"
    for bad in (4.5, "-", True):
        _, problems = read_workbook(set_cells(paths.workbook.read_bytes(), {"Game!B7": bad}), "w", standard)
        assert [p.cell for p in problems] == ["B7"]


def test_a_damaged_file_is_a_clear_error():
    with pytest.raises(WorkbookError, match="not an .xlsx"):
        open_workbook(b"PK\x03\x04 but not really", "bad.xlsx")


def test_position_json_round_trip_and_order():
    position = Position(
        phase="F1901R",
        units={"PAR": Unit("FRANCE", "A", "PAR"), "SPA": Unit("FRANCE", "F", "SPA/NC", strength=3),
               "BUR": Unit("GERMANY", "A", "BUR")},
        centers={"PAR": "FRANCE", "BRE": "FRANCE"},
        dislodged={"MAR": Dislodged(Unit("FRANCE", "A", "MAR"), "BUR", ("GAS", "PIE"))},
        contested=frozenset({"PIC"}),
    )
    data = position_to_json(position)
    assert data == {
        "phase": "F1901R",
        "units": {"FRANCE": ["A PAR", {"unit": "F SPA/NC", "strength": 3}], "GERMANY": ["A BUR"]},
        "centers": {"FRANCE": ["BRE", "PAR"]},
        "dislodged": {"FRANCE": [{"unit": "A MAR", "from": "BUR", "retreats": ["GAS", "PIE"]}]},
        "contested": ["PIC"],
        "extra": {},
    }
    assert position_from_json(data) == position


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_a_workbook_saved_by_libreoffice_is_read_the_same(tmp_path):
    from gm_tools.app.turn import run_turn
    from gm_tools.edges.workbook_fill import fill_orders

    paths = create(tmp_path / "games")
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}, "*press*"))
    # The GM opens the workbook in LibreOffice and saves it as .xlsx again.
    out = tmp_path / "saved"
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                    "--convert-to", "xlsx", "--outdir", str(out), str(paths.workbook)],
                   check=True, capture_output=True, timeout=180)
    saved = (out / "g.xlsx").read_bytes()
    wb = openpyxl.load_workbook(io.BytesIO(saved))
    assert wb["Units"].protection.sheet and wb["Choices"].sheet_state == "hidden"
    assert len(wb["Orders"].data_validations.dataValidation) == 22
    paths.workbook.write_bytes(saved)
    report = run_turn(paths.name, root=paths.root, site_dir=None)
    assert report.record["orders"]["FRANCE"][0]["read"] == "A PAR - BUR"
    assert report.record["press"] == "*press*" and report.record["random"]["seed"] == "7"


def test_a_date_the_spreadsheet_made_reads_as_the_day_typed():
    """A GM types '1/6/1621' in a text cell (a loan's Due, a line of press): LibreOffice keeps a
    date (Excel too, after 1900), which was read as '1621-06-01 00:00:00'."""
    import datetime

    from gm_tools.edges.strays import cell_text

    assert cell_text(datetime.datetime(1621, 6, 1)) == "1 June 1621"
    assert cell_text(datetime.date(1621, 6, 1)) == "1 June 1621"
    assert cell_text(datetime.datetime(2026, 12, 1, 18, 30)) == "1 December 2026 18:30"
