"""The site writer flushes each file it replaces to disk before moving it into place, as the
workbook and record writers do (gm_tools/edges/game.py, write_atomic), and the folders once a
batch (docs/site.md, "How it is built"): after a power cut, a page the archive links to is the
old one or the new one, never an empty file where the rename reached the disk before the data.

A kill cannot show it (the kernel keeps what a killed process wrote), so the build's calls
are watched: os.fsync, os.replace and os.unlink, in their order. Before, the site writer
called no fsync at all.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import SiteSettings, build_site
from gm_tools.publish.sitefiles import BUILDING, MANIFEST
from sitegame import play_next, small_game

FAST = SiteSettings(base_map=schematic_map)


def _watched(monkeypatch) -> list[tuple]:
    """The build's fsyncs (the path of the file or folder synced), renames and removals, in order."""
    events: list[tuple] = []
    real_fsync, real_replace, real_unlink = os.fsync, os.replace, os.unlink

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        return real_fsync(fd)

    def replace(src, dst, *args, **kwargs):
        events.append(("replace", os.fspath(src), os.fspath(dst)))
        return real_replace(src, dst, *args, **kwargs)

    def unlink(path, *args, **kwargs):
        events.append(("unlink", os.fspath(path)))
        return real_unlink(path, *args, **kwargs)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "unlink", unlink)
    return events


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads which file a descriptor is from /proc")
def test_a_turns_site_build_syncs_each_file_before_its_rename_and_the_folders_before_it_ends(tmp_path,
                                                                                             monkeypatch):
    games, site = tmp_path / "games", (tmp_path / "site").resolve()
    variant = load_variant("standard")
    history = small_game(games, variant, phases=2)
    build_site(games, site, FAST)
    play_next(games, variant, history)  # a turn: its build replaces pages in folders that exist
    events = _watched(monkeypatch)
    report = build_site(games, site, FAST)
    monkeypatch.undo()

    renames = [(i, src, dst) for i, (kind, *paths) in enumerate(events) if kind == "replace"
               for src, dst in [paths] if Path(dst).is_relative_to(site)]
    replaced = {Path(dst).relative_to(site).as_posix() for _, _, dst in renames}
    assert {"index.html", "games/demo/index.html", MANIFEST, BUILDING} <= replaced
    assert set(report.written) & replaced, "the turn's build replaced no page: nothing checked"
    ended = next(i for i, event in enumerate(events) if event == ("unlink", str(site / BUILDING)))
    for i, src, dst in renames:
        rel = Path(dst).relative_to(site).as_posix()
        assert ("fsync", src) in events[:i], f"{rel}: moved into place before its data was flushed to disk"
        folder = str(Path(dst).parent)
        assert ("fsync", folder) in events[i + 1:ended], f"{rel}: its folder not flushed before the build ended"
    # the mark that names the games under change is on disk before the first page changes
    mark = next(i for i, src, dst in renames if dst == str(site / BUILDING))
    first_page = next(i for i, src, dst in renames if dst != str(site / BUILDING))
    assert ("fsync", str(site)) in events[mark + 1:first_page]
