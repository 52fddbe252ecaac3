"""The computed sheets' rows written straight into the worksheet XML (gm_tools/edges/sheetxml.py)
read back as openpyxl's own cell-by-cell writing of the same values reads back: every value,
the sheet's extent (which read-only readers trust), text that looks like a formula kept as
text."""

from __future__ import annotations

import io

import openpyxl
import pytest

from gm_tools.edges.sheetxml import column_letter, rows_xml, with_rows
from gm_tools.edges.workbook import GameFacts, WorkbookPlan, write_workbook
from gm_tools.engine.hooks import Column, Table

TRICKY = [
    ["plain", 3, -4, None, ""],
    ["a&b<c>\"q'", 2.5, 1e20, True, False],
    ["  spaced  ", " ", "=HYPERLINK(\"http://x\")", "é ü ß — “quoted”", "line\nbreak"],
    [None, None, None, None, None],
    ["A PAR - BUR", 0, 10**12, "", "tab\there"],
]


def _plan(rows: list[list]) -> WorkbookPlan:
    columns = tuple(Column(f"Col {i}") for i in range(1, 6))
    return WorkbookPlan(
        game=GameFacts(name="g", variant="standard", phase="S1901M", title="Spring 1901 Movement",
                       deadline="", seed=1, players={}),
        power_names={}, power_colours={}, blocks=[],
        computed=[Table("History", columns, rows), Table("Empty", columns, [])],
    )


def _reference(rows: list[list]) -> openpyxl.Workbook:
    """The same values written cell by cell by openpyxl, formulas stored as text as the
    workbook module stores them, then saved and read back."""
    wb = openpyxl.Workbook()
    ws = wb.active
    for r, values in enumerate(rows, start=2):
        for c, value in enumerate(values, start=1):
            cell = ws.cell(row=r, column=c, value=value)
            if cell.data_type == "f":
                cell.data_type = "s"
    buffer = io.BytesIO()
    wb.save(buffer)
    return openpyxl.load_workbook(io.BytesIO(buffer.getvalue()))


@pytest.mark.parametrize("read_only", [False, True])
def test_every_value_reads_back_as_openpyxl_writes_it(read_only):
    data = write_workbook(_plan(TRICKY))
    ours = openpyxl.load_workbook(io.BytesIO(data), read_only=read_only)["History"]
    theirs = _reference(TRICKY).active
    got = [[c.value for c in row] for row in ours.iter_rows(min_row=2, max_row=len(TRICKY) + 1, max_col=5)]
    want = [[c.value for c in row] for row in theirs.iter_rows(min_row=2, max_row=len(TRICKY) + 1, max_col=5)]
    assert got == want
    # the values themselves, not only agreement: text stays text, numbers numbers
    assert got[1][:4] == ["a&b<c>\"q'", 2.5, 1e20, True]
    assert got[2][0] == "  spaced  " and got[2][2] == "=HYPERLINK(\"http://x\")"
    assert got[4][2] == 10**12


def test_the_header_and_the_extent_cover_the_rows():
    data = write_workbook(_plan(TRICKY))
    wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    history = wb["History"]
    # a read-only reader takes the sheet's extent from its <dimension> element
    assert (history.max_row, history.max_column) == (len(TRICKY) + 1, 5)
    assert [c.value for c in next(history.iter_rows(max_row=1))] == [f"Col {i}" for i in range(1, 6)]
    empty = wb["Empty"]
    assert (empty.max_row, empty.max_column) == (1, 5)
    full = openpyxl.load_workbook(io.BytesIO(data))
    assert full["History"].protection.sheet and full["History"].freeze_panes == "A2"
    assert full["History"]["A1"].font.bold


def test_no_formula_is_written():
    data = write_workbook(_plan(TRICKY))
    sheet = next(s for s in openpyxl.load_workbook(io.BytesIO(data)).worksheets if s.title == "History")
    assert all(c.data_type != "f" for row in sheet.iter_rows() for c in row)


def test_same_rows_same_bytes():
    assert write_workbook(_plan(TRICKY)) == write_workbook(_plan([list(r) for r in TRICKY]))


def test_cells_a_workbook_cannot_hold_are_refused():
    with pytest.raises(ValueError, match="control character"):
        rows_xml([["bell\x07"]])
    with pytest.raises(TypeError, match="text and numbers"):
        rows_xml([[object()]])
    with pytest.raises(ValueError, match="sheetData"):
        with_rows(b"<worksheet/>", [], 1)


def test_column_letters():
    assert [column_letter(n) for n in (1, 26, 27, 52, 53, 702, 703)] == ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]


def test_libreoffice_reads_the_rows_the_same(tmp_path):
    """The GM's spreadsheet program: LibreOffice opens the workbook and saves it again, and
    the rows are still there with the same values."""
    import subprocess

    source = tmp_path / "g.xlsx"
    source.write_bytes(write_workbook(_plan(TRICKY)))
    out = tmp_path / "saved"
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                    "--convert-to", "xlsx", "--outdir", str(out), str(source)],
                   check=True, capture_output=True, timeout=180)
    saved = openpyxl.load_workbook(out / "g.xlsx")["History"]
    got = [[c.value for c in row] for row in saved.iter_rows(min_row=2, max_row=len(TRICKY) + 1, max_col=5)]
    assert got[0][:3] == ["plain", 3, -4]
    assert got[1][:3] == ["a&b<c>\"q'", 2.5, 1e20]
    assert got[2][0] == "  spaced  " and got[2][2] == "=HYPERLINK(\"http://x\")"
    assert got[4][:3] == ["A PAR - BUR", 0, 10**12]
