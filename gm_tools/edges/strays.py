"""Cells where a turn would lose what the GM typed: outside the columns it reads, or a row it
laid out that no longer holds what it wrote there.

Input sheets are protected, but a GM may lift the protection; an entry the reader never looks
at, or one moved onto another row, must then be refused at its cell rather than dropped or
counted for someone else.
"""

from __future__ import annotations

import datetime
import re

from openpyxl.utils import get_column_letter

from gm_tools.errors import Problem, UnreadCell
from gm_tools.engine.hooks import Column, counted


_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u2060\ufeff\u00ad"))
"""Characters a cell shows nothing of, which text pasted from a web page or a mail carries
(zero-width space, word joiner, byte order mark, soft hyphen): left in, 'A YOR\u200b - LVP'
would name no province though the GM sees 'A YOR - LVP'. The joiners that shape emoji and
scripts (U+200C, U+200D) are kept: press may need them."""


def cell_text(value) -> str:
    """A cell value as the GM sees it; integral floats (LibreOffice numbers) without ``.0``; a
    date the spreadsheet made of what was typed ('1/6/1621') as its day, '1 June 1621' (with
    the time when it has one), not '1621-06-01 00:00:00'; a boolean as the spreadsheet shows
    it, 'TRUE'; text without the characters it shows nothing of (``_INVISIBLE``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.date):
        timed = isinstance(value, datetime.datetime) and value.time() != datetime.time()
        return f"{value.day} {value:%B} {value.year}" + (f" {value:%H:%M}" if timed else "")
    return str(value).translate(_INVISIBLE).strip()


_PERCENT = re.compile(r'"[^"]*"|\\.|(%)')


def as_shown(cell):
    """A cell's value as the GM sees it where the spreadsheet shows a number otherwise than it
    stores it: a number in a cell formatted as a percentage ('5%', stored 0.05) is that text,
    so a refusal quotes what is on the screen; any other value is the value."""
    value, fmt = cell.value, cell.number_format or ""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or "%" not in fmt:
        return value
    if not any(m.group(1) for m in _PERCENT.finditer(fmt.split(";")[0])):
        return value  # the '%' is quoted or escaped: shown as written, not as a percentage
    places = len(re.search(r"(?:\.(0*))?[^.]*$", fmt.split(";")[0].split("%")[0]).group(1) or "")
    return f"{value * 100:.{places}f}%"


_QUOTES = str.maketrans({"‘": "'", "’": "'", "‛": "'", "“": '"', "”": '"', "„": '"'})


def choice_key(text: str) -> str:
    """A choice as typed over a dropdown is compared: in any case, its spaces as Excel leaves
    them (doubled, non-breaking, Alt+Enter's line break) one space, and the curly quotes
    AutoCorrect makes ('Gustav’s') straight."""
    return " ".join(text.translate(_QUOTES).split()).casefold()


def formula_expected(formula: str, expected: str) -> str:
    """What a formula's cell should hold: a value typed in; for '=- more troops' or '=+ Paris',
    what Excel made of a press line's markdown bullet ('- more troops', shown as #NAME?), how to
    type the line itself."""
    if re.match(r"=[-+]\s", formula):
        return (f"{expected}: Excel took the {formula[1]!r} that starts {formula[1:]!r} for a formula; "
                f"type it with an apostrophe first, '{formula[1:]}")
    return expected


_POWER_PREFIX = re.compile(r"([A-Za-z][A-Za-z '/-]*?)\s*:\s*(\S.*)", re.DOTALL)


def own_power_left_off(written: str, power: str, powers: dict[str, str]) -> str:
    """An order typed after its own power's name, as a mail writes it ('France: A PAR - BUR' on
    France's row): the order alone. Another power's name is left for the order's check to judge."""
    named = _POWER_PREFIX.fullmatch(written)
    if named and powers.get(" ".join(named.group(1).split()).lower()) == power:
        return named.group(2).strip()
    return written


def whole_number(value) -> int | None:
    """A whole number from a cell, or None: ints, integral floats, and digit strings, typed with
    the apostrophe that makes a spreadsheet keep a number as text ("'5": LibreOffice stores it
    so in a cell formatted as text) or with spaces around; a minus pasted from a page or a
    document (the minus sign U+2212, or the en dash a word processor makes of a hyphen) is a minus."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return int(value)
    text = (cell_text(value) if isinstance(value, str) else "").replace("\u2212", "-").replace("\u2013", "-")
    if re.fullmatch(r"'?\s*[+-]?\d+", text):
        return int(text.lstrip("'"))
    return None


def cell_number(value, unit: str = "") -> int | None:
    """A whole number from a cell (:func:`whole_number`) or, in a column counted in ``unit``, the
    number with the unit's word after it as the rulebook writes it ('3 TPs'), read by
    :func:`~gm_tools.engine.hooks.counted` as the INFs cells are."""
    number = whole_number(value)
    return counted(cell_text(value), unit) if number is None and unit else number


def number_expected(column: Column) -> str:
    """What an integer column takes, as a refusal's "expected" says it."""
    if column.unit:
        return f"a whole number of {column.unit}s ({column.header}), like 3 or '3 {column.unit}s'"
    return f"a whole number ({column.header})"


def not_a_choice(column: Column, text: str) -> str:
    """What a word the column knows to name no choice names (:attr:`Column.not_choices`), as a
    refusal says it after the choices ('PAPACY is a minor state in this game, ...'); '' for
    any other word."""
    what = {choice_key(word): named for word, named in reversed(column.not_choices)}.get(choice_key(text))
    return f"{text} is {what}" if what else ""


def nothing_beyond(ws, first_column: int, why: str, problems: list[Problem],
                   last_column: int | None = None, kind: type[Problem] = Problem) -> None:
    """Every cell from column ``first_column`` on (to ``last_column``) is empty: gm-tools writes
    nothing there and reads nothing there, so an entry there (an order typed a column off)
    would be lost. ``kind``: ``UnreadCell`` on a sheet no mail writes, whose stray cell
    ``gm-tools orders`` may step round."""
    if ws.max_column < first_column:
        return
    for row in ws.iter_rows(min_col=first_column, max_col=last_column):
        for cell in row:
            if cell.value is None or (cell.data_type != "f" and not cell_text(cell.value)):
                continue
            found = f"a formula {str(cell.value)!r}" if cell.data_type == "f" else repr(cell_text(cell.value))
            problems.append(kind(ws.title, cell.coordinate, found, f"an empty cell ({why})"))


_ORDER_LIKE = re.compile(r"^(?:(?:[AF]|ARMY|FLEET)\s+\w{3}\S*(?:\s*[-–—>]|\s+\w)"
                         r"|(?:BUILD|REMOVE|DISBAND)\s+(?:AN?\s+)?(?:[AF]|ARMY|FLEET)\b|WAIVE$)", re.IGNORECASE)
"""A unit's order (``A VIE - GAL``, ``F TRI H``, ``BUILD A BER``, ``WAIVE``), not what gm-tools
wrote beside the order cells (``A VIE``, ``F STP/SC``, ``Build 1 of 2``)."""


def orders_in_column(ws, column: int, problems: list[Problem]) -> None:
    """Orders are read in ``column`` and nowhere else: an order typed instead in a column
    before it (over the Unit gm-tools wrote, or in Power) on a row whose order cell is empty,
    or in a column after it, would be lost, and the turn would say that nothing was entered."""
    letter = get_column_letter(column)
    for row in ws.iter_rows(min_row=2, max_col=column):
        if cell_text(row[column - 1].value):
            continue
        for cell in row[:column - 1]:
            if cell.data_type != "f" and _ORDER_LIKE.match(cell_text(cell.value)):
                header = cell_text(ws.cell(row=1, column=cell.column).value)
                problems.append(Problem(ws.title, cell.coordinate, repr(cell_text(cell.value)),
                                        f"the {header} gm-tools wrote (orders are read from column {letter}: "
                                        f"type this one in {ws.title}!{letter}{cell.row})"))
    # one cell's slip beside the orders, which gm-tools orders types the mails around (never one over
    # the Unit, by which it finds a unit's row)
    nothing_beyond(ws, column + 1, f"orders are read from column {letter}", problems, kind=UnreadCell)


def nothing_outside(ws, read: set[int], why: str, problems: list[Problem]) -> None:
    """Every cell of the columns not in ``read`` is empty, the header row too: a value there
    (typed on a sheet whose protection was lifted) would be dropped without a word."""
    for column in range(1, ws.max_column + 1):
        if column not in read:
            nothing_beyond(ws, column, why, problems, last_column=column, kind=UnreadCell)


def _folded(header: str) -> str:
    return " ".join(header.split()).casefold()


def header_columns(ws, table) -> dict[str, int]:
    """Each header of row 1 -> its column; a header typed over in another case or spacing
    ('minor state', 'Minor  state') under the name of the table's column it is."""
    named = {_folded(column.header): column.header for column in table.columns}
    headers = {}
    for at in range(1, ws.max_column + 1):
        text = cell_text(ws.cell(row=1, column=at).value)
        headers[named.get(_folded(text), text)] = at
    return headers


def no_column(table, headers: dict[str, int]) -> str:
    """What was found for the first column missing from ``headers``: the header typed in its
    place over the one gm-tools wrote ('INF' in B1 for 'INFs'), when there is one."""
    missing = next(c for c in table.columns if c.header not in headers and not c.optional)
    at = table.columns.index(missing) + 1
    ours = {column.header for column in table.columns}
    there = next((text for text, column in headers.items() if column == at and text not in ours), "")
    return f"no column {missing.header!r}" + (f" ({get_column_letter(at)}1 holds {there!r})" if there else "")


def read_in_columns(table, headers: dict[str, int]) -> str:
    """Why a cell beside an input sheet's columns is refused: the columns it is read in, and any
    optional column its workbook was laid out without (a game begun with an earlier gm-tools),
    with the cell its header goes in to use it: the first free one, as an optional column is
    added last."""
    why = f"{table.title} is read in its columns {', '.join(c.header for c in table.columns if c.header in headers)}"
    for at, column in enumerate(table.columns, start=1):
        if column.header not in headers:
            why += (f"; it was laid out without {column.header}: type that header in "
                    f"{table.title}!{get_column_letter(at)}1 to use it")
    return why + "; notes go on a sheet of your own"


def as_laid_out(ws, table, row: int, columns: list[int], problems: list[Problem]) -> None:
    """A row gm-tools filled (``table.rows``) with nothing typed in it still holds what was
    written in its locked cells: a row deleted or moved above it (a Reichstag voter's, whose
    vote is typed beside the name) would shift every row below, and a vote typed later on
    the shifted row would count for another. A ``keyed`` table's rows are checked by their names
    instead (:mod:`.keyedrows`)."""
    if table.keyed:
        return
    for column, written, at in zip(table.columns, table.rows[row - 2], columns):
        if column.editable or written is None:
            continue
        cell = ws.cell(row=row, column=at)
        if cell_text(cell.value) != cell_text(written):
            found = repr(cell_text(cell.value)) if cell_text(cell.value) else "an empty cell"
            problems.append(Problem(ws.title, cell.coordinate, found,
                                    f"{cell_text(written)!r}, as gm-tools laid out row {row} (a row of this "
                                    "sheet deleted, moved or retyped would put an entry beside another's name)"))


def inserted_columns(ws, headers: tuple[str, ...], problems: list[Problem]) -> bool:
    """Whether columns were inserted among those gm-tools wrote (``headers``, from column A), each
    then one problem at its column: the Orders sheet is not read by its headers, because what
    writes into it (``gm-tools orders`` typing a mail's orders into the Order column) and the
    next phase's workbook, laid out afresh, know its columns by their places; a column read
    there would be typed over or dropped. Without this, each row is named as read one column
    off (an order found 'A PAR' where the unit is)."""
    found = [cell_text(ws.cell(row=1, column=c).value) for c in range(1, ws.max_column + 1)]
    matched, inserted = 0, []
    for column, header in enumerate(found, start=1):
        if matched == len(headers):
            break
        if _folded(header) == _folded(headers[matched]):
            matched += 1
        else:
            inserted.append(column)
    if matched < len(headers) or not inserted:
        return False  # moved, renamed or deleted: the header check names each cell
    wrote = ", ".join(f"{h} in {get_column_letter(i)}" for i, h in enumerate(headers, start=1))
    for column in inserted:
        letter, header = get_column_letter(column), found[column - 1]
        problems.append(Problem(ws.title, f"{letter}:{letter}",
                                f"a column inserted ({f'headed {header!r}' if header else 'with no header'})",
                                f"the columns gm-tools wrote ({wrote}): delete column {letter}, as the orders "
                                f"are read and typed by their places; a note may go on a sheet of your own, "
                                f"which is carried to the next phase's workbook"))
    return True
