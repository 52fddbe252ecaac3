"""The sheets a turn reads, found as a spreadsheet program finds them: by name, whatever its
case and spacing. Excel and LibreOffice take 'orders' and 'Orders' for one sheet (no workbook
holds both), so a GM who renamed a tab 'orders', or left a space after its name, still has
his Orders sheet; a sheet renamed to another word is named when the sheet is missed."""

from __future__ import annotations

import difflib


def folded(title: str) -> str:
    """A sheet's name as compared: case and runs of spaces ignored."""
    return " ".join(title.split()).casefold()


def as_written(wb, titles: set[str]) -> None:
    """Give each sheet of openpyxl workbook ``wb`` whose name is one of ``titles`` but for case
    or spacing the name gm-tools wrote, so it is read (and kept) as that sheet."""
    wanted = {folded(title): title for title in titles}
    for ws in wb.worksheets:
        title = wanted.get(folded(ws.title))
        if title and ws.title != title and title not in wb.sheetnames:
            ws.title = "\x01"  # openpyxl refuses a name that differs from the sheet's own only in case
            ws.title = title


def no_such_sheet(title: str, sheetnames: list[str], theirs: list[str], headed: tuple[str, ...] = ()) -> str:
    """What was found instead of sheet ``title``: nothing, or the GM's sheet it may have been
    renamed to ('Orders S1901', 'INF Placements 1620', or any name, 'Sheet1', whose first cell is
    the header gm-tools wrote on ``title``: ``headed``), named among ``theirs``."""
    near = [name for name in theirs if folded(title) in folded(name)] or difflib.get_close_matches(
        title, theirs, n=1, cutoff=0.75) or [name for name in headed if name in theirs]
    return "no such sheet" + (f" ({near[0]!r} is there: if that is it, name it {title!r} again)" if near else "")
