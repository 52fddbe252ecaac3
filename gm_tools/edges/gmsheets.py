"""The GM's own sheets: carried from one phase's workbook into the next.

A turn writes the next phase's workbook from scratch (:mod:`gm_tools.edges.workbook`), so a
sheet the GM added (notes, a tally of their own) would otherwise be left behind in the
backup. Any sheet whose name is not one gm-tools writes is the GM's: its cells are read as
typed (values, and formulas as formulas, never computed), with their look (number formats,
fonts, fills, borders, alignment, comments, hyperlinks, merged cells, column widths, row heights,
frozen panes, the tab's colour) and whether the sheet is hidden, and written again in its place: after the sheet it
followed, when the next workbook has that sheet, else at the end. Charts, images,
conditional formatting and data validation are not carried (``docs/workbook.md``).

Sheet names are compared as a spreadsheet program compares them, ignoring case.
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import dataclass

from gm_tools.errors import Problem
from gm_tools.edges.strays import cell_text


@dataclass(frozen=True)
class GmSheet:
    """A sheet of the GM's own, as read from a workbook."""

    title: str
    """Its name."""
    cells: tuple[tuple[str, object, str, str, tuple | None], ...]
    """(coordinate, value, openpyxl data type, number format, look) of each cell with a
    value or a look of its own, row by row. A formula's value is its text (``=SUM(A1:A3)``),
    data type ``"f"``. The look is None, or openpyxl's (font, fill, border, alignment) and
    the comment's (text, author) or None, and the hyperlink's target or None."""
    widths: tuple[tuple[str, float], ...] = ()
    """(column letter, width) of the columns given a width."""
    hidden: str = "visible"
    """The sheet's state: ``visible``, ``hidden`` or ``veryHidden``."""
    after: str | None = None
    """The sheet it followed (None: it was the first)."""
    merged: tuple[str, ...] = ()
    """Its merged ranges (``"A1:C1"``), sorted."""
    heights: tuple[tuple[int, float], ...] = ()
    """(row, height) of the rows given a height."""
    freeze: str | None = None
    """The top-left cell of its unfrozen pane (``"B2"``), or None."""
    tab: str | None = None
    """The colour of its tab (``"FFFF0000"``), or None."""


def gm_sheet_titles(sheetnames: list[str], ours: set[str]) -> list[str]:
    """The names in ``sheetnames`` that are not gm-tools' (``ours``), in their order."""
    folded = {name.casefold() for name in ours}
    return [name for name in sheetnames if name.casefold() not in folded]


def read_gm_sheets(wb, ours: set[str]) -> list[GmSheet]:
    """The GM's sheets of an openpyxl workbook loaded with ``data_only=False``."""
    sheets = []
    for title in gm_sheet_titles(wb.sheetnames, ours):
        ws = wb[title]
        if not hasattr(ws, "iter_rows"):
            continue  # a chart sheet: no cells to carry
        cells = []
        for row in ws.iter_rows():
            for cell in row:
                look = _look(cell)
                if cell.value is None and look is None:
                    continue
                cells.append((cell.coordinate, cell.value, cell.data_type, cell.number_format, look))
        widths = tuple((letter, dim.width) for letter, dim in sorted(ws.column_dimensions.items())
                       if dim.customWidth and dim.width)
        heights = tuple((r, dim.height) for r, dim in sorted(ws.row_dimensions.items()) if dim.customHeight and dim.height)
        index = wb.sheetnames.index(title)
        sheets.append(GmSheet(title, tuple(cells), widths, ws.sheet_state, wb.sheetnames[index - 1] if index else None,
                              tuple(sorted(str(r) for r in ws.merged_cells.ranges)), heights, ws.freeze_panes,
                              ws.sheet_properties.tabColor.rgb if ws.sheet_properties.tabColor is not None else None))
    return sheets


def _look(cell) -> tuple | None:
    """A cell's font, fill, border and alignment (copies, free of the workbook read) and its
    comment, or None for a cell that has neither style nor comment."""
    comment = (cell.comment.text, cell.comment.author) if cell.comment is not None else None
    link = cell.hyperlink and (cell.hyperlink.target or cell.hyperlink.location and f"#{cell.hyperlink.location}")
    if not cell.has_style and comment is None and link is None:
        return None
    return copy(cell.font), copy(cell.fill), copy(cell.border), copy(cell.alignment), comment, link


def clashes(sheets: list[GmSheet], written: list[str], inputs: tuple | list = (), phase: str = "") -> list[Problem]:
    """A GM's sheet named as a sheet gm-tools is about to write (one the previous phase did
    not have): the two cannot both be kept under one name. One laid out as the next phase's
    input sheet (``inputs``, its header row alike) is an older gm-tools' (Europe 1615 v2's
    Diplomatic Attacks were typed beside the placements): what is typed on it is refused at
    its cells, as this phase does not read it; left empty it is :func:`left_behind`."""
    folded = {name.casefold() for name in written}
    problems = []
    for s in sheets:
        if s.title.casefold() not in folded or left_behind(s, inputs):
            continue
        typed = _older_entries(s, inputs)
        if typed is None:
            problems.append(Problem(s.title, "", f"a sheet of your own named {s.title!r}",
                                    f"a name gm-tools does not use: the next phase's workbook has its own "
                                    f"{s.title!r} sheet (rename yours)"))
            continue
        # renamed, as the message for the GM's own sheet says, it would be carried along as notes, never read
        problems += [Problem(s.title, ref, repr(value),
                             f"nothing typed here: this {s.title!r} sheet was laid out by an older gm-tools, which "
                             f"read it in this phase; today it is read in the next phase, {phase}, whose workbook "
                             f"this turn writes with its own {s.title!r} sheet: copy its rows aside, delete the "
                             f"sheet, run the turn, and type them on that sheet in {phase}")
                     for ref, value in _first_of_each_row(typed)]
    return problems


def _older_entries(sheet: GmSheet, inputs) -> list[tuple[str, object]] | None:
    """The cells typed below the header of ``sheet`` when it is laid out as the input sheet of
    its name in ``inputs`` (row 1 their headers, in order); None when it is not."""
    table = next((t for t in inputs if t.title.casefold() == sheet.title.casefold()), None)
    if table is None:
        return None
    values = {ref: value for ref, value, *_ in sheet.cells if cell_text(value)}
    header = [values.get(f"{_letter(i)}1") for i in range(len(table.columns))]
    if [cell_text(h) for h in header] != [c.header for c in table.columns]:
        return None
    return [(ref, value) for ref, value in values.items() if not re.fullmatch(r"[A-Z]+1", ref)]


def _first_of_each_row(cells: list[tuple[str, object]]) -> list[tuple[str, object]]:
    rows: dict[str, tuple[str, object]] = {}
    for ref, value in cells:
        rows.setdefault(ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (ref, value))
    return list(rows.values())


def left_behind(sheet: GmSheet, inputs) -> bool:
    """``sheet`` is an older gm-tools' layout of an input sheet the next phase writes anew, and
    nothing was typed on it: not the GM's, so not carried beside the new one."""
    return _older_entries(sheet, inputs) == []


def _letter(index: int) -> str:
    """The column letter of a 0-based ``index`` (A, ..., Z, AA, ...)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


_COPY = re.compile(r"copy of (?P<google>.+)|(?P<excel>.+?) \(\d{1,2}\)|(?P<libre>.+?)_\d{1,2}", re.IGNORECASE)
"""The names spreadsheet programs give a sheet's copy: Excel 'Orders (2)', LibreOffice
'Orders_2', Google Sheets 'Copy of Orders'."""


def copied_from(title: str, read) -> str | None:
    """The sheet of ``read`` that ``title`` names a copy of, as a spreadsheet program names one."""
    named = _COPY.fullmatch(title)
    titles = {name.casefold(): name for name in read}
    return named and titles.get(next(n for n in named.groups() if n).casefold())


def copies_typed_in(wb, sheets: list[GmSheet], read: set[str]) -> list[Problem]:
    """A copy of a sheet the turn reads (``read``), named as the spreadsheet program names a
    copy, that holds what the sheet itself does not: what was typed there (orders typed into
    'Orders (2)') would be carried over as the GM's notes and never read, the units holding.
    Its first such cell is refused; a copy the same as its sheet is a sheet of the GM's."""
    problems = []
    for sheet in sheets:
        original = copied_from(sheet.title, [title for title in wb.sheetnames if title in read])
        if not original:
            continue
        for ref, value, *_ in sheet.cells:
            typed, there = cell_text(value), cell_text(wb[original][ref].value)
            if typed and typed != there:  # a copy made before entries were typed on the sheet loses nothing
                problems.append(Problem(sheet.title, ref, repr(typed),
                                        f"{repr(there) if there else 'an empty cell'}, as on {original}!{ref}: "
                                        f"{sheet.title!r} is a copy of the {original} sheet, and the turn reads only "
                                        f"{original} (type the entries there; to keep the copy as a sheet of your own, "
                                        "rename it, e.g. 'Notes')"))
                break
    return problems


def add_gm_sheets(wb, sheets: list[GmSheet], last: str) -> set[str]:
    """Write ``sheets`` into openpyxl workbook ``wb``, each after the sheet it followed (at
    the end when ``wb`` has no such sheet, or when it followed ``last``, the sheet kept at the
    end); returns their titles (their formulas are the GM's and stay formulas)."""
    for sheet in sheets:
        names = [name.casefold() for name in wb.sheetnames]
        place = None if sheet.after is None else sheet.after.casefold()
        if place is None:
            index = 0
        elif place in names and place != last.casefold():
            index = names.index(place) + 1
        else:
            index = len(names)
        ws = wb.create_sheet(sheet.title, index)
        for ref, value, data_type, number_format, look in sheet.cells:
            cell = ws[ref]
            if value is not None:
                cell.value = value
                # as read: text that starts with '=' stays text, a formula stays a formula
                cell.data_type = data_type
            if number_format and number_format != "General":
                cell.number_format = number_format
            if look is not None:
                cell.font, cell.fill, cell.border, cell.alignment = (copy(x) for x in look[:4])
                if look[4] is not None:
                    from openpyxl.comments import Comment  # openpyxl is loaded: a workbook is being written

                    cell.comment = Comment(*look[4])
                if look[5]:
                    cell.hyperlink = look[5]
        for letter, width in sheet.widths:
            ws.column_dimensions[letter].width = width
        for row, height in sheet.heights:
            ws.row_dimensions[row].height = height
        for merged in sheet.merged:
            ws.merge_cells(merged)
        ws.freeze_panes = sheet.freeze
        if sheet.tab:
            ws.sheet_properties.tabColor = sheet.tab
        ws.sheet_state = sheet.hidden
    return {sheet.title for sheet in sheets}


def never_formulas(wb, keep: set[str] = frozenset()) -> None:
    """Every value gm-tools writes is text or a number, never a formula: openpyxl takes any
    string that starts with '=' for one, so a player's order or name like ``=HYPERLINK(...)``
    would become live in the GM's spreadsheet program. Such cells are stored as text. The
    GM's own sheets (``keep``) are left as the GM typed them."""
    for ws in wb.worksheets:
        if ws.title in keep:
            continue
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cell.data_type = "s"
