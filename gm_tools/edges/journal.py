"""Keeping a game whole when a command is killed half-way or two commands run at once.

- :func:`exclusive` - one writer at a time: an operating-system lock on the game's folder
  (or the site's). The kernel drops the lock when its process dies, so a killed turn never
  leaves a stale lock for the GM to delete.
- :func:`commit_turn` - a processed phase lands as one step. Its three files (the backup of
  the workbook as the GM left it, the phase record, the new workbook) are first written into
  ``NAME/pending/``; the marker ``pending/commit.json`` is written last. Before the marker
  exists nothing the GM sees has changed; once it exists the turn is done, and the moves
  into place (each an atomic rename) are finished by whoever comes next.
- :func:`recover` - run first by every command that writes a game: finishes a committed
  turn, throws away an uncommitted one and the temporary files a killed write left behind.

So after a kill at any moment the workbook is the GM's version or the processed one (never
half of either), the history agrees with it, and the next command goes on from there.
"""

from __future__ import annotations

import json
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

from gm_tools.edges.game import make_folder
from gm_tools.errors import GameError

PENDING = "pending"
COMMIT = "commit.json"
UNPUBLISHED = ".unpublished"
"""Marker left while the site is being brought up to date after a turn, so that a turn
killed while publishing is published by the next command."""


_HELD: set[int] = set()
"""The descriptors of the locks this process holds (:func:`exclusive`)."""


def _drop_inherited_locks() -> None:
    """In a forked child (a process drawing PNG maps or making pages for the parent): close
    the parent's lock descriptors. A lock belongs to the open file, which the child shares
    until it closes it; a child still drawing when its parent was killed would otherwise keep
    the game or site locked, and the GM's next command would be refused."""
    for fd in list(_HELD):
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_inherited_locks)


@contextmanager
def exclusive(folder: Path, busy: str):
    """Hold the lock on ``folder`` for the ``with`` block, or raise ``GameError(busy)`` at
    once if another process holds it (a command never waits on another silently). On POSIX
    the folder itself is locked, so no lock file appears among the game's files or the
    site's pages; on Windows a ``.lock`` file inside it is."""
    make_folder(folder)
    try:
        import fcntl
    except ImportError:  # Windows
        with _windows_lock(folder / ".lock", busy):
            yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise GameError(busy) from None
        _HELD.add(fd)
        try:
            yield
        finally:
            _HELD.discard(fd)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextmanager
def _windows_lock(lock_file: Path, busy: str):
    import msvcrt

    with open(lock_file, "a+b") as f:
        try:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            raise GameError(busy) from None
        try:
            yield
        finally:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)


def site_lock(site_dir: Path):
    """One build of a site folder at a time: two builds side by side would each remove the
    pages the other had just written."""
    return exclusive(site_dir, f"the site {site_dir} is being built by another gm-tools command right now: "
                               "wait for it to finish, then run the command again")


def game_lock(paths):
    """The lock of one game (``paths``: a :class:`gm_tools.edges.game.GamePaths`)."""
    return exclusive(
        paths.folder,
        f"game {paths.name!r} is being processed by another gm-tools command right now: "
        "wait for it to finish, then run the command again",
    )


def commit_turn(paths, phase: str, backup: bytes, record: bytes, workbook: bytes) -> None:
    """Land a processed phase: backup, record and new workbook, all or nothing."""
    from gm_tools.edges.game import write_atomic

    if paths.record_file(phase).exists():
        raise GameError(f"{paths.record_file(phase)} already exists: phase {phase} was processed already")
    pending = paths.folder / PENDING
    shutil.rmtree(pending, ignore_errors=True)
    write_atomic(pending / "backup.xlsx", backup)
    write_atomic(pending / "record.json", record)
    write_atomic(pending / "workbook.xlsx", workbook)
    write_atomic(paths.folder / UNPUBLISHED, phase.encode("utf-8"))
    write_atomic(pending / COMMIT, json.dumps({"phase": phase}).encode("utf-8"))  # the commit point
    _roll_forward(paths)


def _roll_forward(paths) -> str:
    """Move a committed turn's files into place; each move is a rename, repeated safely."""
    pending = paths.folder / PENDING
    phase = json.loads((pending / COMMIT).read_text(encoding="utf-8"))["phase"]
    for name, target in (("backup.xlsx", paths.backup_file(phase)), ("record.json", paths.record_file(phase)),
                         ("workbook.xlsx", paths.workbook)):
        source = pending / name
        if source.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
    (pending / COMMIT).unlink()
    pending.rmdir()
    return phase


def half_done(paths) -> str | None:
    """The phase of a turn committed but not yet moved into place (a command stopped after
    the commit point), or None: :func:`recover` finishes it."""
    commit = paths.folder / PENDING / COMMIT
    return json.loads(commit.read_text(encoding="utf-8"))["phase"] if commit.exists() else None


def recover(paths) -> str | None:
    """Put a game's files back in order after a command was killed: a committed turn is
    finished (returns its phase), an uncommitted one removed, stale temporary files deleted."""
    pending = paths.folder / PENDING
    finished = None
    if (pending / COMMIT).exists():
        finished = _roll_forward(paths)
    elif pending.exists():
        shutil.rmtree(pending)
    _remove_temporaries(paths.root, f".{paths.workbook.name}.")
    for folder in (paths.folder, paths.history, paths.backups, paths.rolled_back):
        _remove_temporaries(folder, ".")
    return finished


def _remove_temporaries(folder: Path, prefix: str) -> None:
    """Delete the temporary files ``write_atomic`` makes (``.NAME.XXXX.tmp``) that a killed
    process left; only called under the lock, when no write of ours can be under way."""
    if not folder.is_dir():
        return
    for path in folder.iterdir():
        if path.is_file() and path.name.startswith(prefix) and path.name.endswith(".tmp"):
            path.unlink()


def needs_publishing(paths) -> bool:
    """True when a turn was recorded but the site was not brought up to date after it."""
    return (paths.folder / UNPUBLISHED).exists()


def unpublished(paths) -> None:
    """The game changed and the site is yet to show it (a rollback's withdrawn phase): the next
    command that publishes brings it up to date, should this one be cut short first."""
    (paths.folder / UNPUBLISHED).touch()


def published(paths) -> None:
    """The site is up to date with the game."""
    (paths.folder / UNPUBLISHED).unlink(missing_ok=True)
