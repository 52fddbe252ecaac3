"""A turn parses only the sheets it reads (gm_tools/edges/workbook_skim.py): the sheets gm-tools
computes (a long Europe 1619 game's Influence History and Treasury, 1,200 rows by 1648) load
empty, the GM's entries read exactly as before (issue 19 item 1: a turn's cost independent
of the game's length). Real workbooks made by new-game and read by openpyxl."""

from __future__ import annotations

import io

import openpyxl

from gm_tools.app.turn import new_game
from gm_tools.edges.workbook import open_workbook
from gm_tools.edges.workbook_skim import only_sheets


def test_the_other_sheets_load_empty_with_their_names_and_order(tmp_path):
    paths = new_game("europe1619", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    data = paths.workbook.read_bytes()
    whole = open_workbook(data, "g.xlsx")
    skim = open_workbook(data, "g.xlsx", only={"Game", "Orders"})
    assert skim.sheetnames == whole.sheetnames and len(whole.sheetnames) > 5
    for name in whole.sheetnames:
        cells = [[c.value for c in row] for row in whole[name].iter_rows()]
        kept = [[c.value for c in row] for row in skim[name].iter_rows()]
        if name in ("Game", "Orders"):
            assert kept == cells and any(v is not None for row in cells for v in row)
        else:
            assert all(v is None for row in kept for v in row)
    assert "Influence Tracker" in whole.sheetnames and whole["Influence Tracker"].max_row > 10
    assert paths.workbook.read_bytes() == data  # the GM's file is untouched


def test_a_file_that_is_no_workbook_is_handed_on_unchanged():
    for data in (b"not a zip", _zip_without_workbook_part()):
        assert only_sheets(data, {"Game"}) is data


def _zip_without_workbook_part() -> bytes:
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("hello.txt", "hi")
    return out.getvalue()


def test_a_workbook_where_every_sheet_is_read_is_not_copied():
    wb = openpyxl.Workbook()
    wb.active.title = "Game"
    out = io.BytesIO()
    wb.save(out)
    data = out.getvalue()
    assert only_sheets(data, {"Game"}) is data
