"""``gm-tools rollback NAME``: reopen a game's last processed phase for the GM to correct.

Its record is withdrawn to ``rolled-back/`` and the workbook as it was before processing
comes back (:func:`gm_tools.edges.game.rollback`), once the backup is known to be this game's
workbook for that phase; then the site is published again without the phase.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gm_tools.app.turn import DEFAULT_SITE, GameState, locked_game, publish_warning
from gm_tools.edges.game import game_paths, make_folder, rollback as rollback_files
from gm_tools.edges.journal import half_done, published
from gm_tools.edges.workbook import GAME, read_workbook
from gm_tools.errors import GameError, Problem, WorkbookError


def rollback(name: str, root: str | os.PathLike | None = None,
             site_dir: str | os.PathLike | None = DEFAULT_SITE) -> str:
    """``gm-tools rollback NAME``: reopen the last processed phase."""
    with locked_game(name, root) as state:
        if state.end is not None:
            how = "a draw" if state.end["result"] == "draw" else "a winner called"
            raise GameError(f"game {name!r} was ended by the GM ({how}): gm-tools end {name} --undo reopens it first")
        if state.history:
            _check_backup(state, state.history[-1]["phase"])
        if site_dir:
            make_folder(Path(site_dir))  # a --site through a file refused before anything moves
        phase = state.history[-1]["phase"] if state.history else None
        try:
            # the site shows the phase until published: marked with the rollback, for the next turn
            rollback_files(state.paths, state.variant.calendar, unpublish=bool(site_dir))
            if site_dir:
                publish_warning(state.paths.root, site_dir, (state.paths, phase, f"{phase} is reopened and the "
                                f"workbook is back as it was before it (do not roll back again for {phase})"))
        except KeyboardInterrupt:
            # once committed (its files maybe still being moved, which the next command finishes)
            # the phase is reopened: said before "interrupted", lest the GM roll back again and
            # lose another phase
            if phase and (half_done(state.paths) or not state.paths.record_file(phase).exists()):
                print(f"gm-tools: {name}: {phase} is reopened; the site, cut short, is brought up to date by the "
                      f"next command that publishes (gm-tools site, or the turn): do not roll back again for "
                      f"{phase}", file=sys.stderr)
            raise
        if site_dir:
            published(state.paths)
    return phase


def _check_backup(state: GameState, phase: str) -> None:
    """The workbook a rollback brings back must be this game's, laid out for ``phase``: a
    damaged file or another game's put there by hand would leave the game reopened on a
    workbook no turn can read. What the GM typed in it is checked by the turn, as ever."""
    backup = state.paths.backup_file(phase)
    if not backup.is_file():
        return  # reported as missing by the rollback itself
    entries, problems = read_workbook(backup.read_bytes(), str(backup), state.variant)
    wrong = [p for p in problems if p.sheet == GAME]
    cells = {key: ref.split("!")[1] for key, ref in entries.game_cells.items()}
    if "Game" in cells and entries.name != state.info.name:
        wrong.append(Problem(GAME, cells["Game"], repr(entries.name or ""),
                             f"{state.info.name!r}: the backup is this game's workbook"))
    if "Phase" in cells and entries.phase != phase:
        wrong.append(Problem(GAME, cells["Phase"], repr(entries.phase or ""),
                             f"{phase!r}: the backup is the workbook as it was before {phase} was processed"))
    if wrong:
        raise WorkbookError(str(backup), wrong)


def cmd_rollback(args) -> int:
    kept = game_paths(args.game, args.root).rolled_back
    before = set(kept.glob("*.xlsx")) if kept.is_dir() else set()
    phase = rollback(args.game, root=args.root, site_dir=args.site)
    print(f"{args.game}: reopened {phase}; the workbook is back as it was before {phase} was processed")
    for displaced in sorted(set(kept.glob("*.xlsx")) - before):
        # the next phase's orders the GM or the players' mails typed are in it: said, lest he
        # think them lost, or type them all again by hand
        print(f"  the {displaced.name.split('.')[0]} workbook it replaced, with whatever was typed in it, is kept as "
              f"{displaced}")
    return 0
