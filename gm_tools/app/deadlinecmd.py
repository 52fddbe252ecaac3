"""``gm-tools deadline GAME TEXT``: the deadline of the phase awaiting orders typed into the
Game sheet (Game!B6) and published, for a GM who sets it from a script or a terminal rather
than in the spreadsheet (``docs/workbook.md``, "A phase, from the GM's side").

The workbook is replaced as ``gm-tools orders`` replaces it: under the game's lock, refused
while a spreadsheet program holds it open, the version before kept in the game's ``mail/``
folder, the new one moved into place whole. Only the Deadline cell changes; the record is not
touched (a phase's record keeps its deadline when the phase is processed).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from gm_tools.edges.deadline import deadline_cell, deadline_text
from gm_tools.edges.game import make_folder, missing_workbook, refuse_if_open, store_mail
from gm_tools.edges.journal import published
from gm_tools.edges.layout import title_of
from gm_tools.errors import GameError, WorkbookError

LONGEST = 200
"""Characters a deadline may have: a sentence, not a letter (it goes on one line of the pages)."""


@dataclass
class DeadlineSet:
    """What ``gm-tools deadline`` did."""

    game: str
    phase: str
    """The phase awaiting orders, its name (``Fall 1901 Movement``)."""
    deadline: str
    """The deadline as typed (empty: cleared)."""
    cell: str
    """Where it was typed, ``Game!B6``."""
    kept: Path
    """The workbook before, as kept."""
    same_as: str = ""
    """The phase played last, when its record's deadline is the one typed into a workbook a
    turn wrote before the Next deadline row (it carried the Deadline over): the site and
    ``status`` take it for that deadline, and say none is set."""
    due: str = "orders"
    """What the players owe by it, in the game's words (The Peace of Westphalia's lines)."""

    def text(self) -> str:
        said = f"{self.due} for {self.phase} are due {self.deadline}" if self.deadline else f"no deadline for {self.phase}"
        text = f"{self.game}: {said} ({self.cell}); the workbook before is kept as {self.kept}"
        if self.same_as:
            text += (f"\nwarning: {self.same_as} had the same deadline, so the site and status take this one for "
                     f"the deadline the turn carried over and say none is set: say the day "
                     f"('Friday 11 December 18:00 UTC') or type a date ('2026-12-11 18:00')")
        return text


def set_deadline(name: str, text: str, root: str | os.PathLike | None = None,
                 site_dir: str | os.PathLike | None = "site") -> DeadlineSet:
    """Type ``text`` as game ``name``'s Deadline (empty text clears it) and publish the site
    to ``site_dir`` (None or empty: not published)."""
    from gm_tools.app.turn import locked_game, publish_warning, read_entries
    from gm_tools.edges.workbook_fill import type_deadline

    text = " ".join(text.split())  # a line of the pages: a line break typed in a shell is a space
    if len(text) > LONGEST:
        raise GameError(f"deadline: found {len(text)} characters, expected at most {LONGEST} "
                        "(a day and a time: 'Friday 11 December 18:00 UTC' or '2026-12-11 18:00')")
    if re.fullmatch(r"\d{4}-\d\d-\d\d( \d\d?:\d\d)?", text) and deadline_cell(text)[1] is None:
        # shaped as the date the help shows but no such day or time: a slip, not words to publish
        raise GameError(f"deadline: found {text!r}, a date or time that does not exist, expected a date written "
                        "'2026-12-11 18:00' (year, month, day, 24-hour time) or words ('Friday 11 December 18:00 UTC')")
    with locked_game(name, root) as state:
        state.refuse_if_over()
        refuse_if_open(state.paths)
        if not state.paths.workbook.exists():
            raise missing_workbook(state.paths, "holds the Deadline (Game!B6)")
        where = str(state.paths.workbook)
        before = state.paths.workbook.read_bytes()
        entries, problems, _ = read_entries(state, before)
        # another game's workbook, or an old copy laid out for another phase: its Deadline is
        # not this phase's (as `orders` and `status` refuse it)
        whose = {entries.game_cells.get(key) for key in ("Game", "Variant", "Phase")} - {None}
        wrong = [p for p in problems if f"{p.sheet}!{p.cell}" in whose]
        if wrong or "Deadline" not in entries.game_cells:
            raise WorkbookError(where, wrong or [p for p in problems if p.sheet == "Game"])
        cell = entries.game_cells["Deadline"]
        if site_dir:
            make_folder(Path(site_dir))  # a --site through a file refused before the workbook is written
        after = type_deadline(before, cell, text, where)
        kept, _ = store_mail(state.paths, state.position.phase, [], before, after, unpublish=bool(site_dir))
        done = DeadlineSet(name, title_of(state.variant, state.position.phase), text, cell, kept[0],
                           due=state.variant.system.due_for(state.position.phase))
        typed = deadline_text(deadline_cell(text)[0]) if text else ""
        carried = "Next deadline" not in entries.game_cells  # laid out by a turn that carried the Deadline over
        if carried and typed and state.history and typed == state.history[-1].get("deadline"):
            done.same_as = title_of(state.variant, state.history[-1]["phase"])
        if site_dir:
            publish_warning(state.paths.root, site_dir, (state.paths, state.position.phase,
                            f"the deadline of {state.position.phase} is typed into the workbook"))
            published(state.paths)
    return done


def cmd_deadline(args) -> int:
    print(set_deadline(args.game, args.deadline, root=args.root, site_dir=args.site).text())
    return 0
