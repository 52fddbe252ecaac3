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
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from gm_tools.publish.sitecontext import set_aside
from gm_tools.publish.sitefiles import BuildReport, SiteWriter, holds

POOL_FROM = 40
"""Phases to make across the games before a pool of processes pays for itself."""


@dataclass
class Recorder:
    """A stand-in for the site's writer in a worker: reads the site folder the same way
    (:meth:`same`, :meth:`exists`, :attr:`root`) and records every write and keep in order."""

    root: Path
    steps: list[tuple] = field(default_factory=list)
    """("write", path, bytes) and ("keep", path), in the order they were asked for."""
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


def replay(writer: SiteWriter, steps: list[tuple], pngs: int) -> None:
    """Do a worker's recorded steps with the real writer."""
    for step in steps:
        if step[0] == "write":
            writer.write(step[1], step[2])
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
        with set_aside(), multiprocessing.get_context("fork").Pool(workers) as pool:
            for index, done in enumerate(pool.imap(_run, range(count))):
                if done is None:
                    yield index, here(index), False
                else:
                    yield index, done, True
    finally:
        _JOB = None
