"""Every check a turn makes of what the GM entered, and what ``turn --lenient`` lets go.

Without ``--lenient`` every problem stops the turn. With it, an order that is unreadable,
illegal, doubled or one too many is dropped and its unit holds, as the email judges did
(:mod:`gm_tools.edges.ordercheck`). A game system whose hooks say so
(``SheetHooks.drops_invalid_rows``: Europe 1619's Diplomatic Phase, Reichstag and Builds and
Transactions sheets, Centenary's Fealty sheet, Europe 1615's INF Deployment, Diplomatic
Attacks, Waivers and Abandonment, Europe 1615 v2's INF Placements, Diplomatic Attacks, Offers,
Waivers, Alliances and Reference Lists, The Peace of Westphalia's Spread the Faith, Place
Influence, Foreign Powers and Imperial Election) has its input rows treated the same way: a row
a check refuses is an invalid entry, dropped whole (or, when only a part the row stands
without is at fault, ``SheetHooks.lenient_parts``, that part: a Fealty claim's build), and
the rows left are checked again
(a placement dropped can leave an attack without the INFs it needed), until every row left
stands. Each row dropped is kept in the record's ``dropped`` (its cells, what they held and
why), which the turn's report, the phase's page and its judge text show; a record without
drops has no such key, so the games recorded before replay to the same bytes.

What still stops a lenient turn: a problem at no input row of such a sheet (the workbook's
own: the Game sheet, a sheet missing, an entry beside the columns read), one at a row of a
sheet its hooks keep out (``SheetHooks.lenient_sheets``: Europe 1615's Sanction Rulings, the
GM's own; The Peace of Westphalia's wars and treaties), a
:class:`~gm_tools.errors.WholeSheetProblem` (the rows read together: a deployment list's total
past the power's INFs, a second attack of one power), which stops it at once with every problem
a strict turn names, and every input row of the systems whose hooks do not say so. The
Addresses sheet's problems stop it too: the sheet is the GM's, no player's order to let stand.
"""

from __future__ import annotations

import re

from gm_tools.edges.ordercheck import CheckedOrders, check_orders
from gm_tools.engine.hooks import InputRow, SheetHooks, typed_row
from gm_tools.engine.model import Position
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant
from gm_tools.errors import Problem, WholeSheetProblem


def check_read(variant: Variant, position: Position, rules: Rules, hooks: SheetHooks, entries, read: list[Problem],
               lenient: bool):
    """The entries read (``entries``, with the reader's problems ``read``) checked: (every
    problem, the input sheets' checked values, the orders checked, the rows dropped). With
    ``lenient`` and a system whose hooks drop invalid rows, those rows are taken out of
    ``entries.inputs``, so what is written back (the Results sheet's cells) and warned of
    is what stands."""
    dropped: list[dict] = []
    first: list[Problem] | None = None
    # a cell the reader refused reaches the rows as empty: what it held is its problem's found
    as_typed = {f"{p.sheet}!{p.cell}": _typed_text(p.found) for p in read}
    while True:
        problems, inputs, checked = _check(variant, position, rules, hooks, entries, list(read), lenient)
        if not (lenient and hooks.drops_invalid_rows):
            return problems, inputs, checked, _in_sheet_order(dropped, hooks.input_sheets(variant, position))
        first = problems if first is None else first
        if any(isinstance(p, WholeSheetProblem) for p in problems):
            # rows read together (a deployment list's total): none is an order to drop on its
            # own, so the turn stops naming every problem, as a strict turn does
            return first, inputs, checked, []
        sheets = hooks.lenient_sheets
        rows = {cell: (title, row) for title, found in entries.inputs.items() if sheets is None or title in sheets
                for row in found for cell in row.cells.values()}
        at_rows: dict[int, tuple[str, InputRow, list[Problem]]] = {}
        for problem in problems:
            title, row = rows.get(f"{problem.sheet}!{problem.cell}", (None, None))
            if row is not None:
                at_rows.setdefault(id(row), (title, row, []))[2].append(problem)
        if not at_rows:
            return problems, inputs, checked, _in_sheet_order(dropped, hooks.input_sheets(variant, position))
        now: dict[int, InputRow | None] = {}  # each row refused -> what is left of it (None: nothing)
        for title, row, why in at_rows.values():
            part = _part_at_fault(row, why, hooks.lenient_parts.get(title, ()))
            gone = InputRow({h: row.values[h] for h in part}, {h: row.cells[h] for h in part}) if part else row
            shown = {h: v if v is not None else as_typed.get(gone.cells[h]) for h, v in gone.values.items()}
            typed = typed_row("", "", InputRow(shown, gone.cells))
            dropped.append({"sheet": title, "cell": typed.cell, "written": typed.written,
                            "error": "; ".join(str(p) for p in why)})
            now[id(row)] = InputRow({**row.values, **{h: None for h in part}}, row.cells) if part else None
        entries.inputs = {title: [now.get(id(r), r) for r in found if now.get(id(r), r) is not None]
                          for title, found in entries.inputs.items()}
        # the reader's refusal of a cell on a row dropped went with it (a choice mistyped)
        cells = {c for _, row, _ in at_rows.values() for c in row.cells.values()}
        read = [p for p in read if f"{p.sheet}!{p.cell}" not in cells]


def _typed_text(found: str) -> str | None:
    """A problem's ``found`` as the cell held it (``'warr'`` -> ``warr``); None for the words
    of another finding (``an empty cell``)."""
    m = re.fullmatch(r"'(.*)'|\"(.*)\"", found or "", re.S)
    return None if m is None else next(g for g in m.groups() if g is not None)


def _part_at_fault(row: InputRow, why: list[Problem], part: tuple[str, ...]) -> tuple[str, ...]:
    """The columns of ``row`` to clear instead of dropping it: its system's ``part`` (the
    row stands without it) when every problem is at one of those cells and one of them holds
    a value; else none, and the row goes whole."""
    at = {f"{p.sheet}!{p.cell}" for p in why}
    if part and at <= {row.cells[h] for h in part if h in row.cells} and any(row.values.get(h) for h in part):
        return tuple(h for h in part if h in row.cells)
    return ()


def _check(variant: Variant, position: Position, rules: Rules, hooks: SheetHooks, entries, problems: list[Problem],
           lenient: bool) -> tuple[list[Problem], dict, CheckedOrders]:
    inputs: dict = {}
    input_problems: list[Problem] = []
    if all(t.title in entries.inputs for t in hooks.input_sheets(variant, position)):  # a missing sheet is reported already
        inputs, input_problems = hooks.check_inputs(variant, position, entries.inputs)
        # A cell the reader refused (not one of its choices) reaches the hooks as empty:
        # it is reported once, with what was typed, not again as "an empty cell".
        refused = {(p.sheet, p.cell) for p in problems}
        problems += [p for p in input_problems if (p.sheet, p.cell) not in refused]
    # Orders are read against the board the inputs make (a Centenary fealty claim opens a
    # build site), the board the adjudicator will play.
    board = (hooks.board_despite(variant, position, entries.inputs) if input_problems
             else hooks.apply_inputs(variant, position, inputs))
    checked = check_orders(variant, board, rules, entries.orders, lenient, start=position)
    problems += checked.problems
    if not problems:
        problems += hooks.check_with_orders(variant, board, entries.inputs, checked.orders)
    return problems, inputs, checked


def _in_sheet_order(dropped: list[dict], tables) -> list[dict]:
    """The rows dropped as the workbook lays them out, sheet by sheet and row by row, whichever
    round of checks refused them."""
    order = {t.title: i for i, t in enumerate(tables)}
    return sorted(dropped, key=lambda d: (order.get(d["sheet"], len(order)), d["sheet"],
                                          int(re.sub(r"\D", "", d["cell"].split("!")[1].split(":")[0]) or 0)))
