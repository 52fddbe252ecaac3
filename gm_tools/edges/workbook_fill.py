"""Filling a game's workbook in as a GM would: typing cells, pasting each power's orders into
its block. For scripted play (the demo games), benchmarks and tests; the GM does this in a
spreadsheet program. What the GM types is read back by :mod:`gm_tools.edges.workbook`.
"""

from __future__ import annotations

import io
import re

from gm_tools.errors import Problem, WorkbookError
from gm_tools.edges.deadline import deadline_cell
from gm_tools.edges.sheetnames import as_written
from gm_tools.edges.workbook import ORDERS, PRESS, _UNIT_LABEL, _text, open_workbook as _open_workbook
from gm_tools.edges.xlsxfile import _normalise


def _save(wb) -> bytes:
    buffer = io.BytesIO()
    wb.save(buffer)
    return _normalise(buffer.getvalue())


def open_workbook(data: bytes, where: str, titles: set[str] = frozenset((ORDERS, PRESS))):
    """The workbook, each of ``titles`` under that name though the GM renamed its tab in
    another case or spacing (the turn reads it so: :mod:`gm_tools.edges.sheetnames`)."""
    wb = _open_workbook(data, where)
    as_written(wb, titles)
    return wb


def set_cells(data: bytes, values: dict[str, object], where: str = "workbook") -> bytes:
    """The workbook with some cells set (``{"Orders!C5": "A PAR - BUR"}``); ``None`` clears
    a cell. For scripted play and tests: the GM does this in a spreadsheet program."""
    wb = open_workbook(data, where, {ref.split("!")[0] for ref in values})
    for ref, value in values.items():
        sheet, cell = ref.split("!")
        wb[sheet][cell].value = value
    return _save(wb)


def type_deadline(data: bytes, cell: str, text: str, where: str = "workbook") -> bytes:
    """The workbook with the Game sheet's Deadline cell (``cell``, ``Game!B6``) holding ``text``
    as the next phase's workbook writes a Next deadline (:func:`deadline_cell`): a date
    written as the record writes one (``2026-12-11 18:00``) is a date, in its number format, so
    the GM's own formulas on it work; empty text clears the cell."""
    value, number_format = deadline_cell(text) if text else (None, None)
    sheet, ref = cell.split("!")
    wb = open_workbook(data, where, {sheet})
    target = wb[sheet][ref]
    target.value = value
    if target.data_type == "f":  # '=Friday' is the GM's words, not a formula the turn would refuse
        target.data_type = "s"
    target.number_format = number_format or "General"
    return _save(wb)


def fill_orders(data: bytes, orders: dict[str, list[str]], press: str = "", where: str = "workbook") -> bytes:
    """The workbook with each power's orders typed into its block on the Orders sheet, the
    way a GM copies them from players' mail: an order naming a unit goes on that unit's
    row, any other (a build, a removal, a waive) on the power's next free row. The press
    text, if any, goes on the Press sheet one line per row."""
    data, _ = place_orders(data, orders, where=where)
    if press:
        wb = open_workbook(data, where)
        for row, line in enumerate(press.split("\n"), start=2):
            wb[PRESS].cell(row=row, column=1).value = line
        data = _save(wb)
    return data


def place_orders(data: bytes, orders: dict[str, list[str]], replace: bool = False,
                 where: str = "workbook", read: dict[tuple[str, str], str] | None = None,
                 touched: dict[str, str] | None = None) -> tuple[bytes, list[tuple[str, str, str]]]:
    """Type each power's orders into its block (as :func:`fill_orders`); with ``replace``, the
    block's earlier orders are cleared first, as a player's new mail replaces the last one.
    ``read``: (power, order as written) -> the order as the parser read it (``A LVP - YOR``),
    whose unit finds the row of an order written with names (``A Liverpool to Yorkshire``);
    without it the written order's first words must be the unit's label. ``touched`` gets
    ``Orders!C5`` -> power for each cell cleared or typed (what a power's mail replaced).
    Returns the workbook and (power, order, cell) for each order typed."""
    read, touched = read or {}, {} if touched is None else touched
    wb = open_workbook(data, where)
    ws = wb[ORDERS]
    rows: dict[str, list[int]] = {}
    labels: dict[tuple[str, str], int] = {}
    for row in range(2, ws.max_row + 1):
        power = _text(ws.cell(row=row, column=1).value).upper()
        label = _text(ws.cell(row=row, column=2).value).upper()
        if not power or ws.cell(row=row, column=3).protection.locked:
            continue  # a block's heading row
        rows.setdefault(power, []).append(row)
        if _UNIT_LABEL.match(label):
            labels[(power, label)] = row
    if replace:
        for power in orders:
            for row in rows.get(power, []):
                ws.cell(row=row, column=3).value = None
                touched[f"{ORDERS}!C{row}"] = power
    used: set[int] = set()
    typed = []
    for power, texts in orders.items():
        for text in texts:
            named = re.match(r"\s*([AF])\s+([A-Z0-9]+(?:/[A-Z]+)?)", read.get((power, text), text).upper())
            row = labels.get((power, f"{named.group(1)} {named.group(2)}")) if named else None
            if row is None or row in used:
                free = [r for r in rows.get(power, []) if r not in used and r not in labels.values()]
                if not free:
                    block = rows.get(power, [])
                    cells = f"C{block[0]}:C{block[-1]}" if block else "A:A"
                    raise WorkbookError(where, [Problem(ORDERS, cells, f"no free row for {power}'s order {text!r}",
                                                        f"a row for every order in {power}'s block, as gm-tools "
                                                        "wrote it (was a row deleted?)")])
                row = free[0]
            used.add(row)
            ws.cell(row=row, column=3).value = text
            typed.append((power, text, f"{ORDERS}!C{row}"))
            touched[f"{ORDERS}!C{row}"] = power
    return _save(wb), typed


def place_rows(data: bytes, sheet: str, power: str, rows: list[list],
               where: str = "workbook", touched: dict[str, str] | None = None) -> tuple[bytes, list[str]]:
    """Type a power's rows (first column: the power) into an input sheet, replacing the rows
    it had there, as a player's new mail replaces the last one: its old rows are cleared and
    the new ones go on the sheet's first empty rows that the GM may type in. A sheet with a
    row of its own for each power (its Power cell locked: a reference list) takes one row, on
    the power's. ``touched`` gets ``Sheet!B3`` -> ``power`` for each cell cleared or typed.
    Returns the workbook and the first cell typed of each row."""
    touched = {} if touched is None else touched
    wb = open_workbook(data, where, {sheet})
    if sheet not in wb.sheetnames:
        raise WorkbookError(where, [Problem(sheet, "", "no such sheet", f"the {sheet} sheet of this phase")])
    ws = wb[sheet]
    width = max((len(r) for r in rows), default=0)
    open_rows = [r for r in range(2, ws.max_row + 1) if not ws.cell(row=r, column=1).protection.locked]
    own = [r for r in range(2, ws.max_row + 1) if r not in open_rows
           and _text(ws.cell(row=r, column=1).value).upper() == power]
    if own and not open_rows:
        if len(rows) > 1:
            raise WorkbookError(where, [Problem(sheet, f"A{own[0]}", f"{len(rows)} rows for {power}",
                                                "one row: the sheet has one row for each power")])
        editable = [c for c in range(2, ws.max_column + 1) if not ws.cell(row=own[0], column=c).protection.locked]
        for c in editable:
            ws.cell(row=own[0], column=c).value = None
            touched[f"{sheet}!{ws.cell(row=own[0], column=c).coordinate}"] = power
        for c, value in zip(editable, rows[0][1:] if rows else []):
            ws.cell(row=own[0], column=c).value = value
        return _save(wb), ([f"{sheet}!{ws.cell(row=own[0], column=editable[0]).coordinate}"] if rows and editable else [])
    for r in open_rows:
        if _text(ws.cell(row=r, column=1).value).upper() == power:
            for c in range(1, ws.max_column + 1):
                ws.cell(row=r, column=c).value = None
                touched[f"{sheet}!{ws.cell(row=r, column=c).coordinate}"] = power
    free = [r for r in open_rows
            if all(ws.cell(row=r, column=c).value in (None, "") for c in range(1, width + 1))]
    if len(free) < len(rows):
        raise WorkbookError(where, [Problem(sheet, "", f"{len(rows)} rows for {power}, {len(free)} empty rows left",
                                            "an empty row for every line (clear rows no longer wanted, "
                                            "or enter fewer lines)")])
    typed = []
    for r, values in zip(free, rows):
        for c, value in enumerate(values, start=1):
            ws.cell(row=r, column=c).value = value
            touched[f"{sheet}!{ws.cell(row=r, column=c).coordinate}"] = power
        typed.append(f"{sheet}!A{r}")
    return _save(wb), typed
