"""What the GM typed after a turn, found in the workbook a rollback sets aside, and the part of it
carried into the workbook the rollback brings back.

After a turn the GM goes on working in the next phase's workbook: a new player's address, a
sheet of his own, the next Deadline, a player replaced. A rollback brings back the workbook as it
was before the turn and keeps the other in ``rolled-back/``; without this module those edits
would be there only. Carried back are the edits that are no input of the phase played again: the
GM's own sheets (the Addresses sheet among them) as they are in the workbook set aside, the
Deadline set for the next phase (into the Next deadline, which the turn makes that phase's
Deadline again) and a Player cell naming a new player. Never carried: the orders, the input
sheets, the Press, the Seed, a copy of a sheet the turn reads. Every difference is said, by
sheet and cell, before and after (``docs/workbook.md``, "Rollback and what was typed after the
turn").
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from gm_tools.edges.deadline import deadline_text
from gm_tools.edges.gmsheets import GmSheet, add_gm_sheets, copied_from, read_gm_sheets
from gm_tools.edges.layout import PLAYERS_HEADER, player_refused, players_header
from gm_tools.edges.sheetnames import folded
from gm_tools.edges.strays import cell_text
from gm_tools.edges.workbook import CHOICES, GAME, GAME_FIELDS, PRESS, open_workbook, power_lookup
from gm_tools.edges.xlsxfile import _normalise
from gm_tools.errors import WorkbookError

CELLS_SAID = 10
"""Cells named one by one for a sheet of the GM's that changed; past them, how many more."""


@dataclass(frozen=True)
class Layouts:
    """How gm-tools laid out the two workbooks of a rollback."""

    game: str
    """The game's name, on both Game sheets."""
    phase: str
    """The phase reopened: the Phase of the workbook brought back."""
    aside: str | None
    """The Phase of the workbook set aside (None: the game was over after the turn)."""
    before: frozenset[str]
    """The sheets gm-tools writes in the workbook brought back; any other is the GM's."""
    after: frozenset[str]
    """The sheets gm-tools writes in the workbook set aside."""
    read: frozenset[str]
    """The sheets a turn reads in either: a copy of one holds a phase's entries."""

    @property
    def named(self) -> str:
        return self.aside or "end"


@dataclass
class LaterEdits:
    """What a rollback carries back, and what it says."""

    workbook: bytes
    """The workbook to bring back: the backup, with the edits carried."""
    carried: list[str]
    """Each edit carried, by sheet and cell, before and after."""
    left: list[str]
    """Each difference not carried, with why."""
    kept: Path | None = None
    """Where the workbook set aside is kept."""


def carry_edits(brought: bytes, aside: bytes, kept: Path, variant, layouts: Layouts) -> LaterEdits:
    """The workbook ``brought`` (the backup, laid out for ``layouts.phase``) with the GM's edits
    found in ``aside`` (the workbook being set aside, to be kept as ``kept``) carried into it.
    ``brought`` itself, byte for byte, when nothing is carried."""
    # the sheets gm-tools computed are never carried: left unparsed (a long game's are its longest)
    skipped = {folded(t) for t in layouts.after} - {folded(GAME), folded(PRESS)}
    try:
        new = open_workbook(aside, str(kept), only=lambda t: folded(t) not in skipped)
    except WorkbookError as e:
        return LaterEdits(brought, [], [f"nothing carried from the {layouts.named} workbook kept as {kept}: it cannot "
                                         f"be read ({e.problems[0].found})"], kept)
    computed = {folded(t) for t in layouts.before} - {folded(GAME)}
    edits = _compared(open_workbook(brought, "backup", only=lambda t: folded(t) not in computed), new, kept, variant,
                      layouts)
    if edits.carried:
        # the backup whole, every sheet parsed, to be saved with the edits carried
        old = open_workbook(brought, "backup")
        _compared(old, new, kept, variant, layouts)
        buffer = io.BytesIO()
        old.save(buffer)
        edits.workbook = _normalise(buffer.getvalue())
    else:
        edits.workbook = brought
    edits.kept = kept
    return edits


def _compared(old, new, kept: Path, variant, layouts: Layouts) -> LaterEdits:
    """The differences between ``old`` (the backup) and ``new`` (the workbook set aside), the
    edits to carry made in ``old``."""
    if GAME not in new.sheetnames or GAME not in old.sheetnames:
        return LaterEdits(b"", [], [f"nothing carried from the {layouts.named} workbook kept as {kept}: it has no "
                                    "Game sheet"])
    before, after = _game_cells(old[GAME], variant), _game_cells(new[GAME], variant)
    whose = (cell_text(after.get("Game", ("", None))[1]), cell_text(after.get("Phase", ("", None))[1]).upper())
    if whose != (layouts.game, layouts.aside or ""):
        # an old copy or another game's workbook put in its place: its edits are no one's now
        return LaterEdits(b"", [], [f"nothing carried from the workbook kept as {kept}: its Game sheet names "
                                    f"{whose[0]!r}, {whose[1]!r}, not {layouts.game!r}, {layouts.aside or ''!r}"])
    edits = LaterEdits(b"", [], [])
    _game_sheet(old, new, before, after, variant, layouts, edits)
    _press(new, layouts, edits)
    _gm_sheets(old, new, layouts, edits)
    return edits


def _game_cells(ws, variant) -> dict[str, tuple[str, object]]:
    """The Game sheet's labelled cells (``"Deadline"`` -> (``"B6"``, value)) and its Player
    cells (power code -> (``"C13"``, value)), found by label as the turn finds them."""
    found, powers, in_players = {}, power_lookup(variant), False
    for row in range(2, ws.max_row + 1):
        label = cell_text(ws.cell(row=row, column=1).value)
        if in_players and powers.get(label.lower()):
            found.setdefault(powers[label.lower()], (f"C{row}", ws.cell(row=row, column=3).value))
        elif label in (PLAYERS_HEADER[0], players_header(variant)[0]):
            in_players = True
        elif label in GAME_FIELDS and not in_players:
            found.setdefault(label, (f"B{row}", ws.cell(row=row, column=2).value))
    return found


def _shown(value) -> str:
    return repr(cell_text(value))


def _game_sheet(old, new, before: dict, after: dict, variant, layouts: Layouts, edits: LaterEdits) -> None:
    """The Game sheet's Deadline, Next deadline, Seed and Player cells typed after the turn."""
    ws = old[GAME]
    if "Deadline" in after:
        ref, value = after["Deadline"]
        target = "Next deadline" if "Next deadline" in before else "Deadline"
        there, now = before[target] if target in before else ("", None)
        if deadline_text(value) != deadline_text(now):
            said = f"{GAME}!{there} ({target}): {_shown(now)} before the turn, {_shown(value)} after it " \
                   f"({layouts.named}'s Deadline, {GAME}!{ref})"
            if target == "Next deadline":  # the turn played again makes it the next phase's Deadline
                cell, typed = ws[there], new[GAME][ref]
                cell.value, cell.number_format = typed.value, typed.number_format  # a date stays a date
                if typed.data_type == "s":
                    cell.data_type = "s"  # '=Friday' is the GM's words, not a formula
                edits.carried.append(said)
            elif cell_text(value):  # empty, as the turn left it (no Next deadline to take): nothing typed
                edits.left.append(f"{said}, not carried (the reopened workbook has no Next deadline row)")
    if "Next deadline" in after and cell_text(after["Next deadline"][1]):
        ref, value = after["Next deadline"]
        edits.left.append(f"{GAME}!{ref} (Next deadline): {_shown(value)} typed for the phase after {layouts.named}, "
                          f"not carried (type it again in {layouts.named}'s workbook once {layouts.phase} is "
                          "played again)")
    if "Seed" in after and "Seed" in before and cell_text(after["Seed"][1]) != cell_text(before["Seed"][1]):
        edits.left.append(f"{GAME}!{before['Seed'][0]} (Seed): {_shown(before['Seed'][1])} before the turn, "
                          f"{_shown(after['Seed'][1])} after it, not carried (an input of {layouts.phase})")
    for code in variant.powers:
        if code not in after or code not in before:
            continue
        # the backup's own cell: a Game sheet laid out by another version, or a row the GM
        # inserted, puts the players on other rows in the workbook set aside
        (_, now), (ref, was) = after[code], before[code]
        if cell_text(now) == cell_text(was):
            continue
        said = f"{GAME}!{ref} ({code}'s player): {_shown(was)} before the turn, {_shown(now)} after it"
        refused = player_refused(variant, code, cell_text(now)) if cell_text(now) else "no player named in his place"
        if refused:
            edits.left.append(f"{said}, not carried: {refused}")
            continue
        ws[ref].value = cell_text(now)
        ws[ref].data_type = "s"  # a name, whatever it starts with
        # the record of the phase played again keeps the players its workbook names
        edits.carried.append(f"{said} ({layouts.phase} played again is recorded with this player)")


def _press(new, layouts: Layouts, edits: LaterEdits) -> None:
    """Press typed for the phase set aside: published with that phase, never carried."""
    if PRESS not in new.sheetnames:
        return
    ws = new[PRESS]
    typed = [row for row in range(2, ws.max_row + 1) if cell_text(ws.cell(row=row, column=1).value)]
    if not typed:
        return
    where = f"{PRESS}!A{typed[0]}" + (f":A{typed[-1]}" if len(typed) > 1 else "")
    what = _shown(ws.cell(row=typed[0], column=1).value) if len(typed) == 1 else f"{len(typed)} lines"
    edits.left.append(f"{where}: {what} typed for {layouts.named}, not carried (the press of a phase is "
                      "published with it)")


def _values(sheet: GmSheet) -> dict[str, object]:
    return {ref: value for ref, value, *_ in sheet.cells if value is not None}


def _gm_sheets(old, new, layouts: Layouts, edits: LaterEdits) -> None:
    """The GM's own sheets of the workbook set aside, each carried in place of its namesake when
    its values differ; a sheet only the workbook brought back has is kept as it was."""
    mine = {folded(s.title): s for s in read_gm_sheets(old, set(layouts.before) | {CHOICES})}
    theirs = read_gm_sheets(new, set(layouts.after) | {CHOICES})
    ours = {folded(t) for t in layouts.before}
    carry = []
    for sheet in theirs:
        was = mine.get(folded(sheet.title))
        values = _values(sheet)
        if was is not None and _values(was) == values:
            continue
        original = copied_from(sheet.title, layouts.read)
        if original:
            edits.left.append(f"{sheet.title}: a copy of {layouts.named}'s {original} sheet, not carried (the entries "
                              "of the phase set aside)")
        elif folded(sheet.title) in ours:
            edits.left.append(f"{sheet.title}: a sheet of yours named as {layouts.phase}'s own {sheet.title} sheet, "
                              "not carried (rename it in the workbook kept to carry it by hand)")
        elif was is None:
            edits.carried.append(f"{sheet.title}: a sheet added after the turn ({len(values)} cells)")
            carry.append(sheet)
        else:
            edits.carried += _cells_changed(sheet.title, _values(was), values)
            old.remove(old[was.title])
            carry.append(sheet)
    aside = {folded(s.title) for s in theirs} | {folded(t) for t in layouts.after}
    for key, sheet in mine.items():
        if key not in aside:
            edits.left.append(f"{sheet.title}: not in the {layouts.named} workbook (deleted after the turn?), kept as "
                              f"it was before the turn")
    if not carry:
        return
    last = old.sheetnames[-1] == CHOICES
    add_gm_sheets(old, carry, last=CHOICES)
    if last:
        old.move_sheet(CHOICES, offset=len(old.sheetnames) - 1 - old.sheetnames.index(CHOICES))


def _cells_changed(title: str, was: dict, now: dict) -> list[str]:
    refs = sorted(set(was) | set(now), key=lambda ref: (int(ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")), len(ref), ref))
    changed = [ref for ref in refs if cell_text(was.get(ref)) != cell_text(now.get(ref))]
    said = [f"{title}!{ref}: {_shown(was.get(ref))} before the turn, {_shown(now.get(ref))} after it"
            for ref in changed[:CELLS_SAID]]
    if len(changed) > CELLS_SAID:
        said.append(f"{title}: and {len(changed) - CELLS_SAID} more cells")
    return said or [f"{title}: its look changed after the turn"]
