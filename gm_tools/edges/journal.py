"""Keeping a game whole when a command is killed half-way or two commands run at once.

- :func:`exclusive` - one writer at a time: an operating-system lock on the game's folder
  (or the site's). The kernel drops the lock when its process dies, so a killed turn never
  leaves a stale lock for the GM to delete.
- :func:`commit` - a change of several files lands as one step: a processed phase
  (:func:`commit_turn`: the backup of the workbook as the GM left it, the phase record, the
  new workbook, the private reports), a rollback, a new game (:func:`create_game`), mails or
  a deadline typed. The new files are first written into ``NAME/pending/``; the marker
  ``pending/commit.json``, listing every rename to make, is written last. Before the marker
  exists nothing the GM sees has changed; once it exists the change is done, and the renames
  are finished by whoever comes next; but mails or a deadline typed whose workbook the system
  will not let be replaced are put back and dropped, nothing written (``commit``'s ``whole``).
- :func:`recover` - run first by every command that writes a game: finishes a committed
  change, throws away an uncommitted one and the temporary files a killed write left behind;
  :func:`settle` does the first for a command that only reads (``status``, ``replay``).
- :func:`clear_leftovers` - run by :func:`recover`, ``import`` and ``status``: what a command
  killed part-way left in the games folder beside the game at hand (an import's hidden
  scratch folder, :func:`scratch_folder`; a new game never committed) is removed, a change
  committed is finished, each only when no command holds it (its lock is free).

So after a kill at any moment the workbook is the GM's version or the processed one (never
half of either), the history agrees with it, and the next command goes on from there.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path

from gm_tools.edges.game import GAME_NAME_RE, game_paths, make_folder
from gm_tools.errors import GameError

PENDING = "pending"
COMMIT = "commit.json"
SCRATCH = ".import-"
"""The start of the name of an import's scratch folder in the games folder (:func:`scratch_folder`)."""
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
    try:
        import fcntl
    except ImportError:  # Windows
        make_folder(folder)
        with _windows_lock(folder / ".lock", busy):
            yield
        return
    for _ in range(100):  # bounded: a file system whose folders' identities change would loop for ever
        make_folder(folder)
        try:
            fd = os.open(folder, os.O_RDONLY)
        except FileNotFoundError:
            continue  # removed meanwhile by clear_leftovers, the leftover of a killed command
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise GameError(busy) from None
        if _same_folder(folder, fd):
            break
        # locked as clear_leftovers removed it: the lock is on a folder gone, not on the one now there
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    else:
        raise GameError(busy)
    _HELD.add(fd)
    try:
        yield
    finally:
        _HELD.discard(fd)
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _same_folder(folder: Path, fd: int) -> bool:
    try:
        here, held = os.stat(folder), os.fstat(fd)
    except FileNotFoundError:
        return False
    return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)


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


def commit_turn(paths, phase: str, backup: bytes, record: bytes, workbook: bytes,
                private: dict[str, bytes] | None = None) -> None:
    """Land a processed phase: backup, record, new workbook and the powers' private reports
    (``private``: power -> its report), all or nothing."""
    if paths.record_file(phase).exists():
        raise GameError(f"{paths.record_file(phase)} already exists: phase {phase} was processed already")
    files = [("backup.xlsx", backup, paths.backup_file(phase)), ("record.json", record, paths.record_file(phase)),
             ("workbook.xlsx", workbook, paths.workbook)]
    files += [(f"private.{power}.txt", text, paths.folder / "private" / phase / f"{power}.txt")
              for power, text in sorted((private or {}).items())]
    commit(paths, "turn", phase, files, unpublish=True)


def create_game(paths, game_json: bytes, workbook: bytes) -> None:
    """A new game's ``game.json`` and workbook, both or neither: ``game.json`` moved last, so
    a game cut short before it is no game to any reader, and ``new-game`` run again starts afresh."""
    from gm_tools.edges.game import refuse_taken_name

    refuse_taken_name(paths)  # before the lock makes the game's folder
    with game_lock(paths):
        finishing = half_done(paths)
        recover(paths)
        try:
            refuse_taken_name(paths)  # another new-game of the name may have run meanwhile
        except GameError as e:
            if finishing:
                raise GameError(f"{e}; {finishing} by an earlier gm-tools new-game, cut short, is finished now "
                                f"(gm-tools status {paths.name} shows the game)") from None
            raise
        commit(paths, "new-game", None, [("workbook.xlsx", workbook, paths.workbook),
                                         ("game.json", game_json, paths.game_json)])


def land_game(made, final) -> None:
    """A game made whole in a scratch root (``made``, an import's) moved to its place
    (``final``) as one step: its workbook put into the folder's ``pending/`` and listed in a
    marker, then the folder renamed into place (the commit point), then the workbook moved.
    Before, the folder went first and the workbook after: killed between, the game stood
    without a workbook, which an import again refused (the name taken) and no rollback brought."""
    from gm_tools.edges.game import write_atomic

    pending = made.folder / PENDING
    pending.mkdir()
    os.replace(made.workbook, pending / "workbook.xlsx")
    marker = {"command": "import", "phase": None,
              "moves": [[f"{made.name}/{PENDING}/workbook.xlsx", f"{made.name}.xlsx"]]}  # the same from either root
    write_atomic(pending / COMMIT, json.dumps(marker).encode("utf-8"))
    Path(final.root).mkdir(parents=True, exist_ok=True)
    os.replace(made.folder, final.folder)  # the commit point
    _roll_forward(final)


def commit(paths, command: str, phase: str | None, files, moves=(), unpublish: bool = False,
           whole: bool = False) -> None:
    """Land a change of a game's files as one step. ``files``: (name in ``pending/``, bytes,
    where it goes), each written into ``pending/`` first; ``moves``: (a file or folder of the
    game, where it goes), renamed once committed. The marker ``pending/commit.json``, written
    last, lists every rename, so whoever comes next (:func:`recover`) finishes them; each
    source is in ``pending/`` or gone once moved, so a rename repeated after a kill is skipped,
    never done twice. ``unpublish``: the site is to be brought up to date (:data:`UNPUBLISHED`).
    ``whole``: a rename the system refuses (a workbook it will not let be replaced) puts back
    those made and drops the change, so nothing is written: mails typed and kept for the next
    command to finish were typed again, "entered before", by the same command run again."""
    from gm_tools.edges.game import write_atomic

    pending = paths.folder / PENDING
    shutil.rmtree(pending, ignore_errors=True)
    plan = []
    for name, data, target in files:
        try:
            write_atomic(pending / name, data)
        except OSError as e:  # before the commit point: dropped, not left to fill a full disk further
            shutil.rmtree(pending, ignore_errors=True)
            raise _nothing_written(paths, e, target) from e
        plan.append((pending / name, target))
    plan += list(moves)
    marked = paths.folder / UNPUBLISHED if unpublish and not (paths.folder / UNPUBLISHED).exists() else None
    if unpublish:
        write_atomic(paths.folder / UNPUBLISHED, (phase or "").encode("utf-8"))
    root = Path(paths.root)
    marker = {"command": command, "phase": phase,
              "moves": [[Path(s).relative_to(root).as_posix(), Path(t).relative_to(root).as_posix()] for s, t in plan]}
    write_atomic(pending / COMMIT, json.dumps(marker).encode("utf-8"))  # the commit point
    if whole:
        _roll_forward(paths, (marked,))
    else:
        _roll_forward(paths)


def _roll_forward(paths, undo: tuple | None = None) -> str:
    """Make a committed change's renames, each skipped once done; returns its phase. ``undo``
    (the files written beside the change, to remove with it): a rename refused puts back the
    renames made, as :func:`commit`'s ``whole`` says."""
    pending = paths.folder / PENDING
    marker = json.loads((pending / COMMIT).read_text(encoding="utf-8"))
    root = Path(paths.root)
    done: list[tuple[Path, Path]] = []
    folders: list[Path] = []  # made for the change's files, removed with them
    for source, target in _moves(paths, marker):
        source, target = root / source, root / target
        if source.exists():
            try:
                folders += [p for p in (target.parent, *target.parent.parents) if not p.exists()]
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(source, target)
            except OSError as e:  # said of the GM's file, not of pending/'s, which he never saw
                if undo is not None and _put_back(pending, done, [*folders, *undo]):
                    raise _nothing_written(paths, e, target) from e
                raise OSError(e.errno, f"{e.strerror}; the change is kept in {pending} and made by the next "
                              f"gm-tools command on {paths.name} once {target.name} can be written", str(target)) from e
            done.append((source, target))
    (pending / COMMIT).unlink()
    shutil.rmtree(pending)
    return marker.get("phase")


def _nothing_written(paths, error: OSError, target: Path) -> OSError:
    """The system's refusal said of the GM's file ``target``, not of pending/'s, which he never saw."""
    return OSError(error.errno, f"{error.strerror or error}; nothing is written ({paths.name}'s files are as they were): "
                   f"once {target.name} can be written, run the same command again", str(target))


def _put_back(pending: Path, done: list[tuple[Path, Path]], made: list) -> bool:
    """The renames ``done`` undone, then the change dropped and what was ``made`` for it
    removed: True; False if one cannot be undone (the change stays committed, for the next
    command to finish). Killed before the marker goes, the next command makes the change whole."""
    try:
        for source, target in reversed(done):
            os.replace(target, source)
    except OSError:
        return False
    (pending / COMMIT).unlink()
    shutil.rmtree(pending, ignore_errors=True)
    for path in made:  # the deepest folder first, as they were listed
        if path is not None:
            try:
                path.rmdir() if path.is_dir() else path.unlink()
            except OSError:
                pass
    return True


def _moves(paths, marker: dict) -> list[tuple[str, str]]:
    """The renames a marker lists; a turn's marker from before they were listed (``{"phase"}``
    alone) moves its three files."""
    if "moves" in marker:
        return [tuple(m) for m in marker["moves"]]
    root, phase = Path(paths.root), marker["phase"]
    return [((paths.folder / PENDING / name).relative_to(root).as_posix(), Path(target).relative_to(root).as_posix())
            for name, target in (("backup.xlsx", paths.backup_file(phase)), ("record.json", paths.record_file(phase)),
                                 ("workbook.xlsx", paths.workbook))]


def half_done(paths) -> str | None:
    """What a command stopped after its commit point left to finish (``the turn of S1901M``,
    ``the rollback of S1901M``, ``the game's creation``), or None: :func:`recover` finishes it."""
    commit_file = paths.folder / PENDING / COMMIT
    if not commit_file.exists():
        return None
    marker = json.loads(commit_file.read_text(encoding="utf-8"))
    words = {"new-game": "the game's creation", "import": "the game's import", "mail": "the mails typed into {}",
             "deadline": "the deadline of {}"}
    return words.get(marker.get("command", "turn"), "the " + marker.get("command", "turn") + " of {}").format(
        marker.get("phase"))


def recover(paths) -> str | None:
    """Put a game's files back in order after a command was killed: a committed change is
    finished (returns its phase), an uncommitted one removed, stale temporary files deleted;
    then what killed commands left beside it in the games folder (:func:`clear_leftovers`)."""
    finished = _put_in_order(paths)
    clear_leftovers(Path(paths.root), mine=paths.folder)
    return finished


def _put_in_order(paths) -> str | None:
    pending = paths.folder / PENDING
    finished = None
    if (pending / COMMIT).exists():
        finished = _roll_forward(paths)
    elif pending.exists():
        shutil.rmtree(pending)
    _remove_temporaries(paths.root, f".{paths.workbook.name}.")
    folders = [paths.folder, paths.history, paths.backups, paths.rolled_back, paths.mail]
    private = paths.folder / "private"
    if private.is_dir():
        folders += [private, *(p for p in private.iterdir() if p.is_dir())]
    for folder in folders:
        _remove_temporaries(folder, ".")
    return finished


def clear_leftovers(root: Path, mine: Path | None = None) -> None:
    """Remove what commands killed part-way left in the games folder ``root``: an import's
    scratch folder (:data:`SCRATCH`), a game folder whose change was cut short (its
    ``pending/``: finished if committed, else removed, and the folder with it when nothing
    else is in it, a new game never made), an empty game folder (a new-game killed just after
    making it). Each is touched only under its lock, so a command at work in it is spared;
    ``mine``: the game folder the caller holds already."""
    try:
        entries = [e for e in os.scandir(root) if e.is_dir(follow_symlinks=False)]
    except OSError:  # no games folder yet
        return
    for entry in entries:
        try:
            if entry.name.startswith(SCRATCH):
                with exclusive(Path(entry.path), "busy"):
                    shutil.rmtree(entry.path, ignore_errors=True)
                shutil.rmtree(entry.path, ignore_errors=True)  # on Windows its lock file, closed only now
            elif GAME_NAME_RE.match(entry.name) and _cut_short(entry.path) and Path(entry.path) != mine:
                paths = game_paths(entry.name, root)
                with game_lock(paths):
                    _put_in_order(paths)
                    if not paths.game_json.exists():
                        os.rmdir(entry.path)  # a new game never committed; refused (not empty) for anything else
        except GameError:
            continue  # a command is at work in it
        except OSError:
            continue  # a folder with files of the GM's own in it is left as it is


def _cut_short(folder: str) -> bool:
    """A game folder with a change in ``pending/``, or empty. In strings, and a game's folder
    told by its game.json before its files are listed: run by every command, over an archive
    of a thousand games."""
    if os.path.isdir(os.path.join(folder, PENDING)):
        return True
    if os.path.exists(os.path.join(folder, "game.json")):
        return False
    with os.scandir(folder) as listing:
        return next(listing, None) is None


@contextmanager
def scratch_folder(root: Path, name: str):
    """A hidden folder of the games folder (:data:`SCRATCH` ``NAME-XXXX``) to make game
    ``name`` in before it is moved into place, locked while in use so that
    :func:`clear_leftovers` spares it, and removed at the end. Killed, it is a leftover the
    next command removes; before, it stayed for good, a whole game hidden in the games folder."""
    make_folder(root)
    lock = ExitStack()
    for _ in range(3):
        folder = Path(tempfile.mkdtemp(prefix=f"{SCRATCH}{name}-", dir=root))
        try:
            lock.enter_context(exclusive(folder, "busy"))
            break
        except GameError:
            continue  # taken for a leftover by another command in the instant between: it removes it
    else:
        raise GameError(f"{root}: no scratch folder could be made for the import (another gm-tools command "
                        "removed each as a leftover): run the command again")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        lock.close()
        shutil.rmtree(folder, ignore_errors=True)  # on Windows its lock file, closed only now


def settle(paths) -> None:
    """For a command that reads a game without writing it (``status``, ``replay``): a change
    committed and cut short before its files were all moved is finished first, so what is read
    is the game after it, not half of it. Left to the other command when one holds the game."""
    if not (paths.folder / PENDING / COMMIT).exists():
        return
    try:
        with game_lock(paths):
            recover(paths)
    except GameError:
        pass  # another command holds the game: it finished the change before anything else


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
