"""The workbook as ``gm-tools orders`` finds it, before any mail is typed in.

It is read as a turn reads it (:func:`gm_tools.edges.workbook.read_workbook`): a workbook of
another game, an old copy, a sheet missing, moved columns or merged cells stop the command
with every problem named, since no mail could be typed into the right cells. A cell of an
input sheet that only fails to read as its column takes it (``Augsberg`` among the
principalities, ``yse`` for yes: :class:`gm_tools.errors.UnreadCell`) does not: the GM's slip
in one cell is no reason to hold back every player's mail. Such a cell is named as a warning
(sheet, cell, what was found, what was expected) and left as it is unless a mail replaces it
(the player's new entries over his own row); the turn refuses it until it is corrected.
"""

from __future__ import annotations

from gm_tools.edges.workbook import read_workbook
from gm_tools.engine.hooks import hooks_for
from gm_tools.errors import Problem, UnreadCell, WorkbookError, in_workbook_order


def checked_workbook(state, data: bytes, where: str):
    """(What the workbook holds, ``WorkbookEntries``; its input sheets' cells that do not read,
    :class:`UnreadCell` each, in the workbook's order.) Raises WorkbookError naming every
    problem when any other is found (the unread cells among them); the mails' own lines are
    checked later, each on its own."""
    variant, position = state.variant, state.position
    tables = hooks_for(variant).input_sheets(variant, position)
    entries, problems = read_workbook(data, where, variant, tables, game_name=state.info.name, phase=position.phase,
                                      pictures=state.paths.pictures)
    if any(not isinstance(p, UnreadCell) for p in problems):
        raise WorkbookError(where, problems, entries.sheets)
    return entries, in_workbook_order(problems, entries.sheets)


def unread_now(state, data: bytes, where: str, unread: list[UnreadCell]) -> list[UnreadCell]:
    """Those of ``unread`` that the workbook the mails made (``data``) still holds as they were:
    the others a mail replaced (typed over, or cleared with the player's earlier entries)."""
    variant, position = state.variant, state.position
    _, problems = read_workbook(data, where, variant, hooks_for(variant).input_sheets(variant, position))
    held = {(p.sheet, p.cell, p.found) for p in problems if isinstance(p, UnreadCell)}
    return [p for p in unread if (p.sheet, p.cell, p.found) in held]


def unread_lines(unread: list[Problem], left: list[Problem] | None) -> list[str]:
    """The report's warnings: each cell that does not read, and what became of it. ``left``:
    those the workbook written still holds, or None for a dry run, which writes nothing."""
    out = []
    for problem in unread:
        if left is not None and problem not in left:
            out.append(f"  warning {problem}: replaced by a mail above")
        else:
            kept = "left as it is unless a mail above replaces it" if left is None else "left as it is (no mail replaced it)"
            out.append(f"  warning {problem}: {kept}; the turn refuses it until it is corrected")
    return out
