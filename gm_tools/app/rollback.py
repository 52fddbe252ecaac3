"""``gm-tools rollback NAME``: reopen a game's last processed phase for the GM to correct.

Its record is withdrawn to ``rolled-back/`` and the workbook as it was before processing
comes back (:func:`gm_tools.edges.game.rollback`), once the backup is known to be this game's
workbook for that phase; then the site is published again without the phase.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gm_tools.app.turn import DEFAULT_SITE, GameState, _plan, locked_game, publish_warning
from gm_tools.edges.game import game_paths, make_folder, rollback as rollback_files
from gm_tools.edges.journal import half_done, published
from gm_tools.edges.lateredits import Layouts, LaterEdits, carry_edits
from gm_tools.edges.workbook import GAME, ORDERS, PRESS, plan_titles, read_workbook
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.positions import position_from_json
from gm_tools.engine.rules import rules_for
from gm_tools.errors import GameError, Problem, WorkbookError


def rollback(name: str, root: str | os.PathLike | None = None,
             site_dir: str | os.PathLike | None = DEFAULT_SITE, said: list[LaterEdits] | None = None) -> str:
    """``gm-tools rollback NAME``: reopen the last processed phase. ``said`` gets what was typed
    after the turn, carried back or not (:mod:`gm_tools.edges.lateredits`)."""
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
            rollback_files(state.paths, state.variant.calendar, unpublish=bool(site_dir),
                           carry=_carrier(state, [] if said is None else said) if state.history else None)
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


def _carrier(state: GameState, said: list[LaterEdits]):
    """The edits typed after the turn carried into the workbook brought back: which sheets each
    workbook has of gm-tools' is the layout of its phase."""
    variant, last = state.variant, state.history[-1]
    hooks, rules = hooks_for(variant), rules_for(variant)

    def laid(position, record):
        plan = _plan(variant, hooks, rules, state.info.name, position, "", 0, {}, record)
        return frozenset(plan_titles(plan)), {t.title for t in plan.inputs}

    before, inputs = laid(position_from_json(last["before"]), state.history[-2] if len(state.history) > 1 else None)
    after, later = laid(state.position, last)
    layouts = Layouts(state.info.name, last["phase"], last["next_phase"], before, after,
                      frozenset({GAME, ORDERS, PRESS} | inputs | later))

    def carry(backup: bytes, replaced: bytes, kept: Path) -> bytes:
        said.append(carry_edits(backup, replaced, kept, variant, layouts))
        return said[-1].workbook
    return carry


def cmd_rollback(args) -> int:
    kept = game_paths(args.game, args.root).rolled_back
    before = set(kept.glob("*.xlsx")) if kept.is_dir() else set()
    said: list[LaterEdits] = []
    phase = rollback(args.game, root=args.root, site_dir=args.site, said=said)
    print(f"{args.game}: reopened {phase}; the workbook is back as it was before {phase} was processed")
    for displaced in sorted(set(kept.glob("*.xlsx")) - before):
        # the next phase's orders the GM or the players' mails typed are in it: said, lest he
        # think them lost, or type them all again by hand
        print(f"  the {displaced.name.split('.')[0]} workbook it replaced, with whatever was typed in it, is kept as "
              f"{displaced}")
    for edits in said:
        if edits.carried:
            print(f"  typed after the turn, carried into the reopened workbook from the "
                  f"{edits.kept.name.split('.')[0]} workbook kept as {edits.kept}:")
            print("".join(f"    {line}\n" for line in edits.carried), end="")
        if edits.left:
            print("  not carried into the reopened workbook (in the workbook kept only):")
            print("".join(f"    {line}\n" for line in edits.left), end="")
    return 0
