"""A first build's pages, and a new game's, written in place in folders the build made, are
on disk before the build's mark goes (docs/site.md, "How it is built"): one flush of the disk
(sync) before the mark's unlink, seen for real with strace, no stand-in; a build that made no
new folder (a turn's) pays nothing for it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gm_tools.publish.sitefiles import BUILDING
from workflow_helpers import create, play

STRACE = shutil.which("strace")
ROOT = Path(__file__).resolve().parents[1]


def _calls(tmp_path: Path, games: Path, site: Path) -> list[str]:
    """The build's sync calls and the unlink of its mark, in order."""
    log = tmp_path / "strace.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([STRACE, "-f", "-e", "trace=sync,unlink,unlinkat", "-o", str(log), sys.executable, "-m",
                    "gm_tools", "site", "--root", str(games), "--site", str(site)],
                   check=True, env=env, capture_output=True)
    lines = log.read_text(encoding="utf-8").splitlines()
    return ["sync" if " sync()" in line else "unmark" for line in lines
            if " sync()" in line or (f"{BUILDING}\"" in line and "unlink" in line)]


@pytest.mark.skipif(not STRACE or sys.platform != "linux", reason="needs strace on Linux")
def test_a_first_build_and_a_new_games_pages_are_flushed_before_the_mark_goes(tmp_path):
    games, site = tmp_path / "games", tmp_path / "site"
    play(create(games), {"FRANCE": ["A PAR - BUR"]})
    assert _calls(tmp_path, games, site) == ["sync", "unmark"]  # a first build
    assert _calls(tmp_path, games, site) == ["unmark"]  # nothing new: no folder made, no flush
    create(games, name="h")
    assert _calls(tmp_path, games, site) == ["sync", "unmark"]  # a new game's folder
