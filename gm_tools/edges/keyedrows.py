"""Rows laid out one for each player, read by the name in their first column, not their place.

A GM sorts a sheet (by name, by what was typed) as he would any list; Westphalia's Pick
Provinces, Player Turns, Imperial Election, Military Doctrines and Religious Upheaval (and
its Religious War, a row for each item) and Europe 1619's Reichstag Votes were read by their
place, so a sorted sheet was refused row by row as moved. A :class:`~gm_tools.engine.hooks.Table` marked
``keyed`` is read here instead: each row is its named player's, wherever it is; what would put
an entry beside the wrong name or lose one is still refused, at its cell: a name no row was
laid out for, a name on two rows, a row laid out that is gone (a row deleted), and a locked
cell beside the name that is not what gm-tools wrote beside it (a roll).
"""

from __future__ import annotations

from dataclasses import replace

from gm_tools.engine.hooks import InputRow, Table
from gm_tools.errors import Problem, WholeSheetProblem
from gm_tools.edges.strays import cell_text


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _names(table: Table) -> dict[str, str]:
    """Each word read as a row's name (folded) -> the name as laid out: the name itself, in any
    case or spacing, and the first column's spellings (a power's name for its code)."""
    key = table.columns[0]
    names = {_folded(w): n for w, n in key.spellings}
    names.update({_folded(other): other for other in table.others})
    names.update({_folded(str(row[0])): str(row[0]) for row in table.rows})
    return names


def keyed_rows(ws, table: Table, headers: dict[str, int], rows: list[InputRow], problems: list[Problem]) -> list[InputRow]:
    """``rows`` (read from ``ws`` for ``table``) with each row's first column as the name laid
    out (``blue`` and ``Blue`` read as ``BLUE``), every slip named in ``problems``; a table not
    ``keyed`` as it came."""
    if not table.keyed or not table.rows or table.columns[0].header not in headers:
        return rows
    key = table.columns[0]
    at, names = headers[key.header], _names(table)
    laid = {str(row[0]): row for row in table.rows}
    listing = ", ".join(laid)
    why = f"each row is read by the {key.header} in column {ws.cell(row=1, column=at).column_letter}"
    seen: dict[str, int] = {}
    for r in range(2, max(ws.max_row, len(table.rows) + 1) + 1):
        cell = ws.cell(row=r, column=at)
        text = cell_text(cell.value)
        if not text:
            typed = next((ws.cell(row=r, column=headers[c.header]) for c in table.columns
                          if c.editable and c.header in headers
                          and cell_text(ws.cell(row=r, column=headers[c.header]).value)), None)
            if typed is not None:  # an entry beside no name would be nobody's
                problems.append(Problem(ws.title, cell.coordinate, "an empty cell",
                                        f"the {key.header.lower()} whose entry {typed.coordinate} is, one of "
                                        f"{listing}: {why}"))
            continue
        name = names.get(_folded(text))
        if name in table.others and name not in laid:
            continue  # the system's own check says why he has no entry (Table.others)
        if name is None or name not in laid:  # the spellings may read powers given no row (Reichstag: non-voters)
            problems.append(Problem(ws.title, cell.coordinate, repr(text),
                                    f"one of the {key.header.lower()}s gm-tools laid out a row for ({listing}): {why}"))
            continue
        if name in seen:
            # which of the two rows is his is his to say: a lenient turn drops neither
            problems.append(WholeSheetProblem(ws.title, cell.coordinate, repr(text),
                                    f"one row for {name} ({name} is on row {seen[name]} too): {why}"))
            continue
        seen[name] = r
        for column, written in zip(table.columns[1:], laid[name][1:]):
            if column.editable or written is None or column.header not in headers:
                continue
            other = ws.cell(row=r, column=headers[column.header])
            if cell_text(other.value) != cell_text(written):
                problems.append(Problem(ws.title, other.coordinate,
                                        repr(cell_text(other.value)) if cell_text(other.value) else "an empty cell",
                                        f"{cell_text(written)!r}, as gm-tools laid it out beside {name}"))
    for name in laid:
        if name not in seen:
            letter = ws.cell(row=1, column=at).column_letter
            problems.append(Problem(ws.title, f"{letter}2:{letter}{len(table.rows) + 1}", f"no row for {name}",
                                    f"a row for each {key.header.lower()} gm-tools laid out ({listing}); a row "
                                    f"deleted loses its {key.header.lower()}'s entry"))
    out = []
    for row in rows:
        name = names.get(_folded(str(row.values.get(key.header) or "")))
        out.append(replace(row, values={**row.values, key.header: name}) if name else row)
    return out


def names_at(data: bytes, tables: list[Table]) -> dict[str, dict[int, str]]:
    """Each ``keyed`` table's rows as the workbook ``data`` has them: sheet -> {row: the name laid
    out that the row's first column reads as}, the first row of a name named twice. What types
    into such a sheet (``gm-tools orders``: a player's mailed line on his row) finds his row
    here, wherever the GM sorted it; the rows read back hold only those with an entry."""
    keyed = {t.title: t for t in tables if t.keyed and t.rows}
    if not keyed:
        return {}
    from gm_tools.edges.workbook import open_workbook

    wb = open_workbook(data, "", only=lambda title: title in keyed)
    out: dict[str, dict[int, str]] = {}
    for title, table in keyed.items():
        if title not in wb.sheetnames:
            continue
        ws, names, header = wb[title], _names(table), _folded(table.columns[0].header)
        at = next((c for c in range(1, ws.max_column + 1) if _folded(cell_text(ws.cell(row=1, column=c).value)) == header), None)
        found: dict[int, str] = {}
        for r in range(2, (ws.max_row if at else 1) + 1):
            name = names.get(_folded(cell_text(ws.cell(row=r, column=at).value)))
            if name and name not in found.values():
                found[r] = name
        out[title] = found
    return out
