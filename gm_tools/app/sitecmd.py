"""``gm-tools site``: rebuild the static site from every game's record, its statuses those of
every command (docs/workbook.md, "Exit statuses").

A fault in the publishing code itself (a bug, neither the user's mistake nor the disk's) is
said as a turn says it (:mod:`gm_tools.app.publishfault`), with status 3 and no traceback on
the terminal. Nothing of the games is written by a build, so what stands is the site: the
last build's files, some perhaps replaced by this one's. A build cut short leaves its mark
naming the games it was changing, and the next build makes them again
(:meth:`gm_tools.publish.sitefiles.SiteWriter.begin`), so the GM has only to run it once the
fault is put right.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.app.publishfault import ACT_STATUS, SITE_LOG, PublishFault, fault_text, keep_traceback, site_command
from gm_tools.edges.game import games_root
from gm_tools.errors import UserError

SITE_STANDS = ("no game's files were changed; the site holds its last build's pages, some perhaps replaced by "
               "this build's, and the next build makes again every game this one was making")
"""What a build that failed leaves, in the GM's words."""


def cmd_site(args) -> int:
    """``gm-tools site [--root DIR] [--out DIR | --site DIR]``: rebuild the site."""
    from gm_tools.publish.site import SiteSettings, build_site

    root = games_root(getattr(args, "root", None))
    out = Path(getattr(args, "out", None) or "site")
    try:
        report = build_site(root, out, SiteSettings(maps_beside=True))
    except (OSError, UserError):
        raise  # the user's to put right, said by main with status 2
    except Exception as e:
        said = keep_traceback(root / SITE_LOG, f"building the site {out} failed", e)
        raise PublishFault(fault_text(SITE_STANDS[0].upper() + SITE_STANDS[1:], said, site_command(root, out))) from None
    print(report.text())
    return ACT_STATUS if report.damaged else 0
