"""The workbook as ``gm-tools orders`` finds it, before any mail is typed in, and as the mails
leave it.

It is read as a turn reads it (:func:`gm_tools.edges.workbook.read_workbook`): a workbook of
another game, an old copy, a sheet missing, moved columns or merged cells stop the command
with every problem named, since no mail could be typed into the right cells; so does any slip
in the Game sheet's Game, Variant or Phase, which say whose workbook it is. A cell that only
does not read (:class:`gm_tools.errors.UnreadCell`: ``Augsberg`` among the principalities,
``yse`` for yes, a formula or an error value where a value is typed, a Seed that is no number,
a press picture with no file, a note beside the columns read) does not: the GM's slip in one
cell is no reason to hold back every player's mail. Such a cell is named as a warning (sheet,
cell, what was found, what was expected) and left as it is unless a mail replaces it (the
player's new entries over his own row), the mail that did named; the turn refuses it until it
is corrected.
"""

from __future__ import annotations

from gm_tools.edges.addresses import ADDRESSES, players_replaced, read_addresses, sheet_rows
from gm_tools.edges.sheetnames import folded
from gm_tools.edges.workbook import open_workbook, read_workbook
from gm_tools.edges.workbook_fill import place_orders, place_rows, set_cells
from gm_tools.engine.hooks import hooks_for
from gm_tools.errors import Problem, UnreadCell, WorkbookError, in_workbook_order

WHOSE = ("Game", "Variant", "Phase")
"""The Game sheet's cells that say which game's workbook it is, at which phase: the mails are
typed for that game and phase only, so a slip there stops them as another game's workbook does."""


def checked_workbook(state, data: bytes, where: str):
    """(What the workbook holds, ``WorkbookEntries``; its cells that only do not read,
    :class:`UnreadCell` each, in the workbook's order.) Raises WorkbookError naming every
    problem when any other is found (the unread cells among them); the mails' own lines are
    checked later, each on its own."""
    variant, position = state.variant, state.position
    tables = hooks_for(variant).input_sheets(variant, position)
    entries, problems = read_workbook(data, where, variant, tables, game_name=state.info.name, phase=position.phase,
                                      pictures=state.paths.pictures)
    whose = {entries.game_cells[label] for label in WHOSE if label in entries.game_cells}
    if any(not isinstance(p, UnreadCell) or f"{p.sheet}!{p.cell}" in whose for p in problems):
        raise WorkbookError(where, problems, entries.sheets)
    return entries, in_workbook_order(problems, entries.sheets)


def addresses_in(state, data: bytes, entries, said: list) -> dict[str, set[str]]:
    """Power code -> the addresses its mail may come from, as the Addresses sheet gives them
    ({} for a workbook laid out before the sheet); a cell that is no address raises a
    WorkbookError naming it, before any mail is typed. A row naming another player than the
    Game sheet (``entries.players``) is said in ``said``: a replaced player's addresses left."""
    where = str(state.paths.workbook)
    wb = open_workbook(data, where, only=lambda t: folded(t) == folded(ADDRESSES))
    found = read_addresses(wb, state.variant, where)
    said += [f"warning: {w}" for w in players_replaced(*sheet_rows(wb), entries.players, state.variant)]
    return found


def unread_now(state, data: bytes, where: str, unread: list[UnreadCell]) -> list[UnreadCell]:
    """Those of ``unread`` that the workbook the mails made (``data``) still holds as they were:
    the others a mail replaced (typed over, or cleared with the player's earlier entries). Read
    as the workbook was read first (the game's pictures too), so that a cell no mail wrote is
    never taken for one a mail replaced."""
    variant, position = state.variant, state.position
    _, problems = read_workbook(data, where, variant, hooks_for(variant).input_sheets(variant, position),
                                pictures=state.paths.pictures)
    held = {(p.sheet, p.cell, p.found) for p in problems if isinstance(p, UnreadCell)}
    return [p for p in unread if (p.sheet, p.cell, p.found) in held]


def typed_in(before: bytes, where: str, changes: dict, latest: dict, sheet_rows: dict, read_as: dict,
             mail_of: dict[str, str], by: dict[str, str]):
    """The workbook with the mails typed in: ``changes`` (``Sheet!Cell`` -> value, mail typed
    into cells), each power's orders in ``latest`` over its block, its rows in ``sheet_rows``
    over its rows. Returns it and (power, text) -> the cell typed; ``by`` gets ``Sheet!Cell``
    -> the mail (``mail_of``: power -> its latest mail) that cleared or typed each cell."""
    after, cells, touched = (set_cells(before, changes, where) if changes else before), {}, {}
    if latest:
        after, typed = place_orders(after, latest, replace=True, where=where, read=read_as, touched=touched)
        cells = {(power, text): cell for power, text, cell in typed}
    for power, (sheets, kept) in sheet_rows.items():
        for sheet in sheets:
            items = [(values, text) for (on, values), text in kept if on == sheet]
            after, typed_rows = place_rows(after, sheet, power, [values for values, _ in items], where=where,
                                           touched=touched)
            cells.update({(power, text): cell for (_, text), cell in zip(items, typed_rows)})
    by.update({ref: mail_of[power] for ref, power in touched.items() if power in mail_of})
    return after, cells


def unread_lines(unread: list[Problem], left: list[Problem] | None, by: dict[str, str] | None = None,
                 dry_run: bool = False) -> list[str]:
    """The report's warnings: each cell that does not read, and what became of it (what would
    become of it, in a dry run). ``left``: those the workbook typed still holds, or None when it
    was not made (nothing said of any mail); ``by``: ``Sheet!Cell`` -> the mail that replaced it."""
    out = []
    for problem in unread:
        mail = (by or {}).get(f"{problem.sheet}!{problem.cell}", "a mail above")
        if left is None:
            out.append(f"  warning {problem}: left as it is unless a mail above replaces it; the turn refuses it "
                       "until it is corrected")
        elif problem not in left:
            out.append(f"  warning {problem}: {'would be replaced' if dry_run else 'replaced'} by {mail}")
        else:
            kept = "would be left as it is (no mail replaces it)" if dry_run else "left as it is (no mail replaced it)"
            out.append(f"  warning {problem}: {kept}; the turn refuses it until it is corrected")
    return out
