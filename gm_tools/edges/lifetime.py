"""A helper process ends with the command that forked it.

A command forks workers to draw PNG maps and make pages beside it. If the command is killed
(``kill -9``, a machine shutting down a session), a worker would go on alone: one drawing a
map blocks for ever writing its picture to a parent that will never read it. On Linux each
worker asks the kernel to kill it when its parent dies; elsewhere it cannot, and an
orphaned worker still finishes or blocks as before. The command's locks are not the
workers' either way (:func:`gm_tools.edges.journal.exclusive` drops them in every child).
"""

from __future__ import annotations

import os
import signal
import sys

_PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal this process gets when the thread that forked it ends."""


def end_with_parent(parent: int) -> None:
    """Called first in a forked worker (``parent``: the forking process's id, taken before
    the fork): from now on the worker is killed when its parent dies; if the parent is
    already gone, the worker ends now."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no C library to ask: live on as before
            return
    if os.getppid() != parent:  # the parent died between the fork and the line above
        os._exit(0)
