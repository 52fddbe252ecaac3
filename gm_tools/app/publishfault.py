"""A fault in gm-tools' own publishing code once a command has recorded its phase (a bug, not
a full disk: those are said as OSErrors). The phase stands, so the GM must not read a
traceback as a turn that failed and process or roll it back; he is told what was written,
where the traceback was kept for the developers, and the exact command that publishes the
site once the fault is put right.

The traceback goes to ``sheets/NAME/logs/publish-PHASE.txt`` (the latest fault of that
phase): in the game's own folder, which the GM sends or backs up with the game, and named by
the phase, so a later fault does not hide an earlier phase's. ``gm-tools site`` records no
phase and is no one game's: its traceback goes to ``sheets/publish-site.txt`` (:data:`SITE_LOG`).

The exit statuses are set here and in ``gm_tools.app.cli.main`` (docs/workbook.md, "Exit
statuses"): 0 done, 1 done with something to act on, 2 refused, 3 a fault of gm-tools' own.
"""

from __future__ import annotations

import shlex
import traceback
from pathlib import Path

from gm_tools.errors import UserError

ACT_STATUS = 1
"""Exit status of a command that did its work but reports something to act on: mail lines
refused, a replay that differs, a game's fault named by ``status`` or ``site``, or the site not
written (a file in the way, a full disk) after the command's own files were."""
FAULT_STATUS = 3
"""Exit status of a command whose files are written but whose publishing hit a fault in
gm-tools itself (1: the site could not be written, 2: the command was refused, nothing written)."""
SITE_LOG = "publish-site.txt"
"""The file in the games folder that keeps the traceback of the latest fault of ``gm-tools site``:
beside the games, never in the site, which is published."""


def fault_log(folder: Path, phase: str) -> Path:
    """Where the traceback of a fault publishing ``phase`` is kept."""
    return Path(folder) / "logs" / f"publish-{phase}.txt"


def site_command(root: Path, site_dir) -> str:
    """The command that publishes the site of the games in ``root`` to ``site_dir``."""
    return f"gm-tools site --root {shlex.quote(str(root))} --site {shlex.quote(str(site_dir))}"


def keep_fault(folder: Path, phase: str, error: BaseException) -> str:
    """Write ``error``'s traceback to :func:`fault_log` and say where, or why it could not be
    kept (the fault is said in any case: the phase is recorded)."""
    return keep_traceback(fault_log(folder, phase), f"publishing after {phase} was recorded failed", error)


def keep_traceback(log: Path, what: str, error: BaseException) -> str:
    """Write ``error``'s traceback to ``log``, headed by ``what`` failed, and say where, or why it
    could not be kept."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    try:
        log.parent.mkdir(exist_ok=True)
        log.write_text(f"gm-tools: {what}\n\n{text}", encoding="utf-8")
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
    """Publishing that failed once a command's files were written, said by ``main`` with
    ``status``: a fault of gm-tools' own (:data:`FAULT_STATUS`, no traceback: it is kept in
    :func:`fault_log`), or a site that could not be written (:data:`ACT_STATUS`)."""

    def __init__(self, text: str, status: int = FAULT_STATUS):
        super().__init__(text)
        self.status = status


def unwritten(error: OSError | UserError) -> str:
    """Why the site could not be written, in words: the file and the system's reason."""
    if isinstance(error, OSError) and error.filename:
        return f"{error.filename}: {error.strerror or error}"
    return str(error)


def guarded(done: tuple | None, site_dir, build):
    """``build()``; ``done``: (the game's paths, its phase, what the command wrote, in words),
    said if ``build`` fails (None: the failure is raised as it is): a site that cannot be written
    (OSError, UserError) with :data:`ACT_STATUS`, as a turn says it; a fault of gm-tools' own with
    :data:`FAULT_STATUS`, its traceback kept."""
    try:
        return build()
    except (OSError, UserError) as e:
        if done is None:
            raise
        paths, _, what = done
        # what the command wrote stands: a 2 would tell the GM's script to run it again
        raise PublishFault(f"{paths.name}: the site was NOT published: {unwritten(e)}. {what}; put that right, "
                           f"then run '{site_command(paths.root, site_dir)}'", ACT_STATUS) from None
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
        report.site_error = unwritten(error)
        return
    said = keep_fault(paths.folder, report.phase, error)
    done = f"{report.phase} is processed and recorded and the workbook is written (do not process it again)"
    report.site_fault = fault_text(done, said, site_command(paths.root, site_dir),
                                   f" (or the next 'gm-tools turn {paths.name}' publishes it)")
