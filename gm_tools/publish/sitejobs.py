"""Games made on every core: a first build of an archive (or one after the code changed)
makes each game's files in a process of its own, and the one writer writes them.

A game's files are a pure function of its records, so the games can be made side by side; the
site keeps one writer all the same (:class:`~gm_tools.publish.sitefiles.SiteWriter`, the second
pass of the Pelican-like build): each worker makes a game against a :class:`Recorder`, which
reads the site as the writer would but writes nothing and keeps what it was asked to write, and
the writer then does the same writes, in the same order, as if the game had been made here.

The workers are forked, so they start with the build's context, variants and templates
already loaded (nothing is pickled on the way in). Where a process cannot be forked, or a
build has little to make, the games are made here one after another. A game a worker fails
on is made again here, so its error is raised as the build would raise it alone.

A first build goes further (:class:`Readers`): the games the last build never saw are read
and checked by the workers too, each a fixed share, which it keeps and later makes. Reading an
archive was a tenth of its first build, with the other core idle. A worker that has made its
share takes the games another has not started yet (reading them first), so both cores work
to the end: the fixed shares ended up to two seconds apart in a build of fourteen. The build still checks
every game before it writes anything: it waits for every worker's checks first, and a game a
worker could not read is read here, so its error is raised as it would be alone.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import signal
import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from gm_tools.edges.game import GamePaths
from gm_tools.edges.lifetime import end_with_parent
from gm_tools.publish.sitecontext import DigestMemo, SiteContext, UnreadGame, collector_paused, read_or_damaged, set_aside
from gm_tools.publish.sitefiles import BuildReport, SiteWriter, holds

POOL_FROM = 40
"""Phases to make across the games before a pool of processes pays for itself."""


@dataclass
class Recorder:
    """A stand-in for the site's writer in a worker: reads the site folder the same way
    (:meth:`same`, :meth:`exists`, :attr:`root`) and records every write and keep in order."""

    root: Path
    steps: list[tuple] = field(default_factory=list)
    """("write", path, bytes), ("keep", path), ("withdraw", path) and ("warn", text), in the order
    they were asked for."""
    report: BuildReport = field(default_factory=BuildReport)
    """Only its ``pngs`` count is used: the files are counted when the writer writes them."""

    def same(self, rel: str, data: bytes) -> bool:
        return holds(os.path.join(self.root, rel), data)

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def write(self, rel: str, data: bytes | str, reported: bool = True) -> bool:
        self.steps.append(("write", rel, data.encode("utf-8") if isinstance(data, str) else data))
        return True

    def keep(self, rel: str) -> None:
        self.steps.append(("keep", rel))

    def withdraw(self, rel: str) -> None:
        self.steps.append(("withdraw", rel))

    def warn(self, text: str) -> None:
        self.steps.append(("warn", text))


def replay(writer: SiteWriter, steps: list[tuple], pngs: int) -> None:
    """Do a worker's recorded steps with the real writer."""
    for step in steps:
        if step[0] == "write":
            writer.write(step[1], step[2])
        elif step[0] == "warn":
            writer.warn(step[1])
        elif step[0] == "withdraw":
            writer.withdraw(step[1])
        else:
            writer.keep(step[1])
    writer.report.pngs += pngs


_JOB: Callable | None = None
"""The worker's task, set before the workers are forked (so they inherit it, unpickled)."""


def _run(index: int):
    try:
        return _JOB(index)
    except Exception:  # noqa: BLE001 - made again in the parent, which raises it properly
        return None


def make_all(count: int, phases: int, make_here: Callable[[int], object],
             make_recorded: Callable[[int], tuple[list, int, object]],
             finish: Callable[[int, object], None], writer: SiteWriter) -> None:
    """Make games ``0 .. count-1`` (``phases`` phases to make in all) and ``finish`` each, in order.

    ``make_here(i)`` makes game i with the writer itself and returns its result;
    ``make_recorded(i)`` makes it against a :class:`Recorder` in a worker and returns
    (steps, PNGs drawn, result). ``finish(i, result)`` runs here, after game i's files are
    written, before game i + 1's."""
    for index, done, in_worker in forked(count, make_recorded, make_here, phases >= POOL_FROM):
        if in_worker:
            steps, pngs, done = done
            replay(writer, steps, pngs)
        finish(index, done)


def forked(count: int, in_worker: Callable[[int], object], here: Callable[[int], object],
           worth_it: bool = True) -> Iterator[tuple[int, object, bool]]:
    """(i, result, made in a worker) for ``i`` in ``0 .. count-1``, in order: ``in_worker(i)``
    run in forked workers, one per core, when ``worth_it`` and there is more than one item;
    else, or when a worker failed on item i, ``here(i)`` run in this process."""
    global _JOB
    workers = min(os.cpu_count() or 1, count)
    if not worth_it or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for index in range(count):
            yield index, here(index), False
        return
    _JOB = in_worker
    # What the workers inherit (every game's records) is set aside from the cycle collector:
    # its collections in each worker walked them all again, and touching them copied their pages
    try:
        with set_aside(), multiprocessing.get_context("fork").Pool(workers, end_with_parent, (os.getpid(),)) as pool:
            for index, done in enumerate(pool.imap(_run, range(count))):
                if done is None:
                    yield index, here(index), False
                else:
                    yield index, done, True
    finally:
        _JOB = None


# --- a first build: the games read by the workers that make them ------------------------------


@dataclass
class ReadElsewhere:
    """A game read and checked by one of the build's workers, which keeps it to make its files
    (:class:`Readers`): what this process needs of it to write the rest of the site."""

    name: str
    source_digest: str
    """:func:`~gm_tools.publish.sitecontext.source_digest` of its files."""
    variant: str
    """Its variant, as its game.json names it."""
    players: int | None
    """Its number of players, as its game.json gives it."""
    summary: dict
    """Its line in the archive's index (:func:`~gm_tools.publish.siteviews.game_summary`)."""
    phases: int
    """How many phases it has processed."""
    last_phase: str | None
    """Its last processed phase's id, None before the first."""
    memo: tuple | None = None
    """(key, entry) the worker's copy of the digest memo made for it, for this process's memo."""
    index: int = -1
    """Its place among the games the workers read (:attr:`Readers.names`)."""


def _serve(conn, share: list[tuple[int, str]], read: Callable, make: Callable, others: list, parent: int) -> None:
    """A worker: read and check its share of the games, saying what it found of each; then make
    the games it is sent, one at a time, sending each one's recorded files, until told to stop.
    A game another worker read (sent to even out the work) is read here first. ``parent``:
    the build's process, which it ends with."""
    end_with_parent(parent)
    # Ctrl-C is the build's to handle: it stops the workers (close), which print nothing
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in others:  # the other workers' pipes, inherited: theirs to close, not ours
        other.close()
    games = {}
    with collector_paused():
        for index, name in share:
            try:
                games[index], facts = read(name)
            except Exception:  # noqa: BLE001 - read again in the parent, which raises it properly
                facts = None
            conn.send(("read", index, facts))
    gc.freeze()  # what it read is kept until it is made, and holds no cycles (set_aside)
    gc.enable()
    while (job := conn.recv()) is not None:
        index, name, how = job
        try:
            done = make(games.pop(index) if index in games else read(name)[0], how)
        except Exception:  # noqa: BLE001 - made again in the parent, which raises it properly
            done = None
        conn.send(("made", index, done))
    conn.close()


def _listen(conn, worker: int, inbox: queue.Queue) -> None:
    """Pass a worker's messages on as they come, so a worker never waits on this process."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            inbox.put(("gone", worker, None))
            return
        inbox.put(message)


class Readers:
    """Forked workers, each reading and checking a fixed share of ``names`` (every ``workers``-th
    game) with ``read(name) -> (game, ReadElsewhere)``, then making, with ``make(game, how)``, those
    :meth:`made` asks for. Each makes the games it read; one that runs out takes the next game
    another has yet to start, and reads it first (the shares' costs differed by a tenth, the
    other core idle at the end)."""

    AHEAD = 2
    """Games sent to a worker before it finishes one, so it never waits on this process."""

    def __init__(self, names: list[str], read: Callable, make: Callable, workers: int):
        self.names = names
        self.owner = [index % workers for index in range(len(names))]
        self._inbox: queue.Queue = queue.Queue()
        self._got: dict[tuple[str, int], object] = {}
        self._gone: set[int] = set()
        self._stopped: set[int] = set()
        self._idle: set[int] = set()
        """Live workers with nothing to make now: told to stop only at :meth:`close`, since a
        worker that dies may leave games to send again."""
        self._waiting: list[deque] = [deque() for _ in range(workers)]
        """Per worker, the (index, how) of its own games not sent to anyone yet."""
        self._sent: dict[int, int] = {}
        """Game index -> the worker it was sent to, until made."""
        self._making: list[deque] = [deque() for _ in range(workers)]
        """Per worker, the (index, how) sent to it and not made yet, in the order sent."""
        self._conns, self._procs = [], []
        fork = multiprocessing.get_context("fork")
        for worker in range(workers):
            mine, theirs = fork.Pipe()
            share = [(index, names[index]) for index in range(worker, len(names), workers)]
            proc = fork.Process(target=_serve, args=(theirs, share, read, make, list(self._conns), os.getpid()),
                                daemon=True)
            proc.start()
            theirs.close()
            self._conns.append(mine)
            self._procs.append(proc)
        # every worker forked before any thread starts: a fork copies no thread, only its locks
        self._threads = [threading.Thread(target=_listen, args=(conn, worker, self._inbox), daemon=True)
                         for worker, conn in enumerate(self._conns)]
        for thread in self._threads:
            thread.start()

    def _take(self, stage: str, index: int):
        """What the worker reading (or making) game ``index`` sent for it at ``stage``; None if
        it stopped first."""
        key = (stage, index)
        while key not in self._got:
            if self._lost(stage, index):
                return None
            kind, which, payload = self._inbox.get()
            if kind == "gone":
                self._lose(which)
                continue
            self._got[(kind, which)] = payload
            if kind == "made":
                worker = self._sent.pop(which)
                self._making[worker].popleft()
                self._send_next(worker)
        return self._got.pop(key)

    def _lose(self, worker: int) -> None:
        """A worker stopped: the game it was making is made here (its error raised as alone);
        those it had not started go back to be sent again."""
        self._gone.add(worker)
        self._stopped.add(worker)
        making = self._making[worker]
        if making:
            making.popleft()  # stays in _sent, with a worker that is gone: lost
        while making:
            index, how = making.pop()
            del self._sent[index]
            self._waiting[worker].appendleft((index, how))
        for idle in sorted(self._idle):
            self._idle.discard(idle)
            self._send_next(idle)

    def _lost(self, stage: str, index: int) -> bool:
        """True when nothing will come for game ``index`` at ``stage``: its worker stopped first,
        or (a game not sent yet) every worker has. A game not sent yet is sent to a live worker
        as soon as one is free, an idle one included."""
        if stage == "read":
            return self.owner[index] in self._gone
        if index in self._sent:
            return self._sent[index] in self._gone
        return len(self._gone) == len(self._conns)

    def checked(self) -> list[ReadElsewhere | None]:
        """Each game as its worker read it, in order, once every worker has read its share; None
        for a game its worker could not read."""
        return [self._take("read", index) for index in range(len(self.names))]

    def made(self, wanted: list[tuple[int, object]]) -> Iterator[tuple[int, object]]:
        """(index, (steps, PNGs drawn, result) or None) for each (index, how) of ``wanted``, in
        that order: the games made by the workers (stopped by :meth:`close`). Asked once."""
        for index, how in wanted:
            self._waiting[self.owner[index]].append((index, how))
        for worker in range(len(self._conns)):
            for _ in range(self.AHEAD):
                self._send_next(worker)
        for index, _ in wanted:
            yield index, self._take("made", index)

    def _send_next(self, worker: int) -> None:
        """Send ``worker`` its next game to make: its own, else the first another has waiting;
        when none is left, it waits idle."""
        if worker in self._stopped:
            return
        mine = self._waiting[worker]
        if not mine:  # the share with the most left over, its game that is needed first
            mine = max(self._waiting, key=len)
        if not mine:
            self._idle.add(worker)
            return
        index, how = mine.popleft()
        self._sent[index] = worker
        self._making[worker].append((index, how))
        try:
            self._conns[worker].send((index, self.names[index], how))
        except OSError:
            pass  # it stopped: its "gone" is on its way, and the game goes back to be sent again

    def _stop(self, worker: int) -> None:
        if worker in self._stopped:
            return
        self._stopped.add(worker)
        try:
            self._conns[worker].send(None)
        except OSError:
            pass

    def close(self) -> None:
        """Stop the workers (those still waiting are told there is nothing to make)."""
        for worker in range(len(self._conns)):
            self._stop(worker)
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self._conns:
            conn.close()


def read_games(context: SiteContext, read: Callable, make: Callable,
               memo: DigestMemo | None = None) -> Readers | None:
    """Pass 1 for the context's :class:`UnreadGame` entries, each replaced where it stands: by
    the game read here, or, when there are many to read and processes can be forked, by its
    :class:`ReadElsewhere` (its worker, in the returned :class:`Readers`, keeps it to make).
    Every game is checked before this returns; the first that cannot be read raises its error
    here, as it would alone. ``read(name) -> (game, ReadElsewhere)``; ``make(game, how)``."""
    places = [i for i, game in enumerate(context.games) if isinstance(game, UnreadGame)]
    names = [context.games[i].name for i in places]
    workers = min(os.cpu_count() or 1, len(names))
    if (workers < 2 or "fork" not in multiprocessing.get_all_start_methods()
            or _phases_on_disk(context.root, names) < POOL_FROM):
        for i, name in zip(places, names):
            context.games[i] = read_or_damaged(name, lambda: read(name)[0])
        return None
    readers = Readers(names, read, make, workers)
    try:
        for index, (i, facts) in enumerate(zip(places, readers.checked())):
            if facts is None:  # its worker failed on it: read here, which finds its fault
                context.games[i] = read_or_damaged(names[index], lambda: read(names[index])[0])
                continue
            facts.index = index
            if memo is not None and facts.memo:
                memo.learn(*facts.memo)
            context.games[i] = facts
    except BaseException:
        readers.close()
        raise
    return readers


def _phases_on_disk(root: Path, names: list[str]) -> int:
    """How many records the games have, counted from their folders (nothing read)."""
    count = 0
    for name in names:
        try:
            count += sum(1 for n in os.listdir(GamePaths(root=root, name=name).history) if n.endswith(".json"))
        except OSError:
            pass
    return count


def make_read(readers: Readers, jobs: list[tuple[int, object] | None], make_here: Callable[[int], object],
              finish: Callable[[int, object], None], writer: SiteWriter) -> None:
    """Make games ``0 .. len(jobs)-1`` and ``finish`` each, in order, as :func:`make_all` does:
    ``jobs[i]`` is (its index in ``readers``, what its worker needs to make it) for a game a
    worker read, None for one read here; ``make_here(i)`` makes game i here, reading it first
    if a worker has it (a worker that failed on it: its error raised as alone)."""
    results = readers.made([job for job in jobs if job is not None])
    for i, job in enumerate(jobs):
        made = next(results)[1] if job is not None else None
        if made is None:
            done = make_here(i)
        else:
            steps, pngs, done = made
            replay(writer, steps, pngs)
        finish(i, done)
