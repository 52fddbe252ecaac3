"""Killing a command part-way, for the crash tests (test_crash_safety.py, test_site_crash.py,
test_command_crash.py): a process stopped at each of its writes, and what to look at after.

:func:`killed_at` runs a command in a forked process of the test's (no import to pay for each
kill) that SIGKILLs itself as it reaches its ``n``-th kill point: the points are whatever
``patch`` hooks, a site writer's writes (:func:`site_writes`) or every change a command makes
to the files (:func:`file_changes`).
"""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import time
import traceback
from pathlib import Path


def killed_at(n: int, run, patch) -> bool:
    """Run ``run()`` in a forked process that SIGKILLs itself as it reaches its ``n``-th kill
    point; ``patch(hook)`` makes the child call ``hook()`` at each point. True when it was
    killed, False when ``run`` had fewer points and ended; a child that failed otherwise
    fails the test (else a command failing would pass for one with fewer writes)."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's own code
        code = 0
        try:
            count = [0]

            def hook():
                count[0] += 1
                if count[0] == n:
                    os.kill(os.getpid(), signal.SIGKILL)
            patch(hook)
            run()
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
            code = 3
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    if os.WIFEXITED(status):
        assert os.WEXITSTATUS(status) == 0, f"the command failed before kill point {n} (its traceback above)"
        return False
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def site_writes(hook) -> None:
    """Kill points: each file a site build writes (its manifest's included)."""
    from gm_tools.publish import sitefiles

    real = sitefiles.SiteWriter.write

    def write(self, *args, **kwargs):
        hook()
        return real(self, *args, **kwargs)
    sitefiles.SiteWriter.write = write


FILE_CHANGES = ("replace", "rename", "unlink", "rmdir", "mkdir", "fsync")
"""What changes a game's files: ``fsync`` is a temporary file written whole and not yet moved
(``write_atomic``), the others each a step of a move, a removal or a folder made."""


def file_changes(hook) -> None:
    """Kill points: just before each change to the files (:data:`FILE_CHANGES`)."""
    for name in FILE_CHANGES:
        real = getattr(os, name)

        def change(*args, _real=real, **kwargs):
            hook()
            return _real(*args, **kwargs)
        setattr(os, name, change)


def digest(folder: Path, leave=(".lock",)) -> dict[str, str]:
    """Every file under ``folder`` (relative path -> sha256), those named in ``leave`` aside."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*")) if p.is_file() and p.name not in leave
    }


def temporaries(*folders: Path) -> list[str]:
    """Temporary files (``write_atomic``'s) left under ``folders``."""
    return sorted(str(p) for f in folders for p in f.rglob("*.tmp"))


def left_behind(root: Path, wait: float = 5.0) -> list[int]:
    """Processes still running with ``root`` on their command line (a forked worker keeps
    its parent's), given ``wait`` seconds to end."""
    needle = str(root).encode()
    deadline = time.monotonic() + wait
    while True:
        alive = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if needle in (entry / "cmdline").read_bytes() and b"Z" not in _state(entry):
                        alive.append(int(entry.name))
                except OSError:
                    continue
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


def _state(proc: Path) -> bytes:
    """A process's state letter (``Z``: ended, waiting to be reaped)."""
    stat = (proc / "stat").read_bytes()
    return stat[stat.rindex(b")") + 2:][:1]
