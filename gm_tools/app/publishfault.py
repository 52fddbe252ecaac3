"""A fault in gm-tools' own publishing code once a command has recorded its phase (a bug, not
a full disk: those are said as OSErrors). The phase stands, so the GM must not read a
traceback as a turn that failed and process or roll it back; he is told what was written,
where the traceback was kept for the developers, and the exact command that publishes the
site once the fault is put right.

The traceback goes to ``sheets/NAME/logs/publish-PHASE.txt`` (the latest fault of that
phase): in the game's own folder, which the GM sends or backs up with the game, and named by
the phase, so a later fault does not hide an earlier phase's.
"""

from __future__ import annotations

import shlex
import traceback
from pathlib import Path

from gm_tools.errors import UserError

FAULT_STATUS = 3
"""Exit status of a command whose phase is recorded but whose publishing hit a fault in
gm-tools itself (1: the site could not be written, 2: the command was refused, nothing written)."""


def fault_log(folder: Path, phase: str) -> Path:
    """Where the traceback of a fault publishing ``phase`` is kept."""
    return Path(folder) / "logs" / f"publish-{phase}.txt"


def site_command(root: Path, site_dir) -> str:
    """The command that publishes the site of the games in ``root`` to ``site_dir``."""
    return f"gm-tools site --root {shlex.quote(str(root))} --site {shlex.quote(str(site_dir))}"


def keep_fault(folder: Path, phase: str, error: BaseException) -> str:
    """Write ``error``'s traceback to :func:`fault_log` and say where, or why it could not be
    kept (the fault is said in any case: the phase is recorded)."""
    log = fault_log(folder, phase)
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    try:
        log.parent.mkdir(exist_ok=True)
        log.write_text(f"gm-tools: publishing after {phase} was recorded failed\n\n{text}", encoding="utf-8")
    except OSError as e:
        return f"{_short(error)}; its traceback could not be kept in {log}: {e.strerror or e}"
    return f"{_short(error)}; its traceback is kept in {log}, for the developers"


def _short(error: BaseException) -> str:
    return f"{type(error).__name__}: {str(error)[:300]}"


def fault_text(done: str, said: str, command: str, also: str = "") -> str:
    """What the GM reads: what the command wrote stands, the site does not, and what to do."""
    return (f"the site was NOT (fully) published: a fault in gm-tools itself ({said}). {done}; once the fault "
            f"is put right, run '{command}'{also}")


class PublishFault(Exception):
    """A fault of gm-tools' own publishing once a command's files were written, said by
    ``main`` (no traceback: it is kept in :func:`fault_log`) with :data:`FAULT_STATUS`."""


def guarded(done: tuple | None, site_dir, build):
    """``build()``; ``done``: (the game's paths, its phase, what the command wrote, in words),
    said with a fault of gm-tools' own if ``build`` fails so (None: the fault is raised as it is).
    The site's own failures (OSError, UserError) are raised as they are, said as before."""
    from gm_tools.errors import UserError

    try:
        return build()
    except (OSError, UserError):
        raise
    except Exception as e:
        if done is None:
            raise
        paths, phase, what = done
        said = keep_fault(paths.folder, phase, e)
        raise PublishFault(f"{paths.name}: {fault_text(what, said, site_command(paths.root, site_dir))}") from None


def said_unpublished(report, paths, site_dir, error: Exception) -> None:
    """Put on the turn's ``report`` why publishing failed once the phase was recorded: a site
    that cannot be written or a game left out (``site_error``), or a fault of gm-tools' own
    (``site_fault``), its traceback kept."""
    if isinstance(error, (OSError, UserError)):
        oserror = isinstance(error, OSError) and error.filename
        report.site_error = f"{error.filename}: {error.strerror or error}" if oserror else str(error)
        return
    said = keep_fault(paths.folder, report.phase, error)
    done = f"{report.phase} is processed and recorded and the workbook is written (do not process it again)"
    report.site_fault = fault_text(done, said, site_command(paths.root, site_dir),
                                   f" (or the next 'gm-tools turn {paths.name}' publishes it)")
