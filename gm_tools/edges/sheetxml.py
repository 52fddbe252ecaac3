"""The rows of a protected (computed) sheet written straight into the worksheet's XML.

Why: openpyxl makes an object for every cell and writes each through an XML serializer,
about 30 microseconds a cell. The computed sheets grow with the game (Europe 1619's
Influence History and Treasury keep a row per power and year: some 12,000 cells by 1648),
and a turn writes the whole workbook, so by year 30 writing them was a third of a turn
(bench/README.md, "A long game"). openpyxl still lays out every sheet (header, widths,
frozen pane, protection, styles); only the value rows of the computed sheets, which have no
style of their own, are written here, as openpyxl writes such cells: strings inline, numbers
as ``%.16g``, ``True``/``False`` as booleans, empty cells left out. A string is always text,
never a formula (``never_formulas`` in gm_tools.edges.gmsheets, for the cells openpyxl writes).

Reading such a workbook back with openpyxl gives the values the per-cell path gave
(tests/test_sheetxml.py compares every cell of both).
"""

from __future__ import annotations

import re

from gm_tools.edges.xmltext import escape

_ILLEGAL = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")
"""Characters XML 1.0 cannot hold: openpyxl refuses them in a cell (the same set)."""

_DIMENSION = re.compile(rb'<dimension ref="[^"]*"\s*/>')


def column_letter(n: int) -> str:
    """``1`` -> ``A``, ``27`` -> ``AA``."""
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(ref: str, value) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        if _ILLEGAL.search(value):
            raise ValueError(f"cell {ref}: {value!r} holds a control character a workbook cannot store")
        if value == "":
            return f'<c r="{ref}" t="inlineStr" />'
        stripped = value.strip()
        space = ' xml:space="preserve"' if stripped and stripped != value else ""
        return f'<c r="{ref}" t="inlineStr"><is><t{space}>{escape(value)}</t></is></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}" t="n"><v>{"%.16g" % value}</v></c>'
    raise TypeError(f"cell {ref}: a computed sheet holds text and numbers, not {type(value).__name__}")


def rows_xml(rows: list[tuple], first_row: int = 2) -> str:
    """The ``<row>`` elements of ``rows`` (tuples of cell values), the first at ``first_row``."""
    letters = [column_letter(c) for c in range(1, 1 + max((len(r) for r in rows), default=0))]
    out = []
    for r, values in enumerate(rows, start=first_row):
        cells = "".join(_cell(f"{letters[c]}{r}", v) for c, v in enumerate(values))
        out.append(f'<row r="{r}">{cells}</row>')
    return "".join(out)


def with_rows(sheet: bytes, rows: list[tuple], columns: int) -> bytes:
    """The worksheet XML ``sheet`` (openpyxl's, with its header row only) with ``rows`` after
    that header, and its dimension widened to cover them (``columns``: the header's width)."""
    head, end, tail = sheet.partition(b"</sheetData>")
    if not end or b"<sheetData" not in head:
        raise ValueError("not a worksheet with a <sheetData> element")
    width = max([columns, *(len(r) for r in rows)])
    last = f"{column_letter(width)}{len(rows) + 1}"
    head = _DIMENSION.sub(f'<dimension ref="A1:{last}" />'.encode(), head, count=1)
    return head + rows_xml(rows).encode("utf-8") + end + tail
