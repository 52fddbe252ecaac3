"""A site build killed part-way (power cut, Ctrl-C, kill -9) never leaves the site wrong after
the next build (docs/site.md, "How it is built").

A build of one new phase is killed with SIGKILL at each file it writes (a forked process of
this one, so each kill costs no import), and then, from that site:

- the same games built again give byte for byte the site a clean build gives;
- the new phase withdrawn (`gm-tools rollback`, whose build publishes the game as it was)
  gives byte for byte the site of the games without it. Before the build's mark named the
  games it was changing, this build found the game's records as its manifest knew them and
  kept the game whole: the previous phase's page linked to the withdrawn phase, whose files
  stayed, and the game page listed it, until another turn.

The same is checked once through the real command line, `gm-tools site` killed once the new
phase's judge text appears.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import SiteSettings, build_site
from crashkit import killed_at, site_writes
from sitegame import play_next, small_game

FAST = SiteSettings(base_map=schematic_map)
GAME = "demo"


def _files(site: Path) -> dict[str, bytes]:
    """Every file of the site, its manifest included (a clean build's and a mended one's agree)."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _new_phase(games: Path) -> Path:
    """The record of the phase the last build did not publish."""
    return max((games / GAME / "history").iterdir(), key=lambda p: p.stat().st_mtime_ns)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A standard game of two phases built, then a third played; the clean sites of both."""
    base = tmp_path_factory.mktemp("sitecrash")
    games = base / "games"
    variant = load_variant("standard")
    history = small_game(games, variant, phases=2)
    before = base / "before"
    build_site(games, before, FAST)
    time.sleep(0.01)  # the new record's time follows the others' (_new_phase)
    play_next(games, variant, history)
    after = base / "after"
    build_site(games, after, FAST)
    return {"base": base, "games": games, "before": before, "after": after,
            "record": _new_phase(games).name}


def _killed_at_write(games: Path, site: Path, n: int) -> bool:
    """Build the site in a forked process that SIGKILLs itself as it starts its ``n``-th write
    (the manifest's included). True when it was killed, False when the build had fewer."""
    return killed_at(n, lambda: build_site(games, site, FAST), site_writes)


def _trial(world, tmp_path: Path, n: int) -> tuple[Path, Path] | None:
    """The games with the new phase and the site of a build of them killed at write ``n``."""
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["games"], games)
    shutil.copytree(world["before"], site)
    if not _killed_at_write(games, site, n):
        return None
    return games, site


def _wrong(site: Path, clean: Path) -> list[str]:
    got, want = _files(site), _files(clean)
    return sorted(k for k in got.keys() | want.keys() if got.get(k) != want.get(k))


def test_a_build_killed_at_each_write_is_mended_by_the_next_even_after_a_rollback(world, tmp_path):
    killed = 0
    for n in range(1, 200):
        trial = _trial(world, tmp_path / f"w{n}", n)
        if trial is None:
            break
        killed += 1
        games, site = trial
        rolled_back = tmp_path / f"w{n}" / "rolled-back"
        shutil.copytree(site, rolled_back)
        build_site(games, site, FAST)
        assert _wrong(site, world["after"]) == [], f"killed at write {n}: the next build differs from a clean one"
        (games / GAME / "history" / world["record"]).unlink()  # what rollback withdraws
        build_site(games, rolled_back, FAST)
        # before the fix: the previous phase's page linking the withdrawn phase, its files,
        # the game page listing it, or (killed between a map's PNG and its layer) the new
        # board's current.png under the old board's layer
        assert _wrong(rolled_back, world["before"]) == [], f"killed at write {n}, then rolled back: stale files"
    assert killed >= 10  # every write of the build was a moment tried


def test_gm_tools_site_killed_then_the_phase_withdrawn(world, tmp_path):
    """The real command, killed by SIGKILL once the new phase's judge text is on disk (the
    previous phase's page has been rewritten by then), then built again without the phase."""
    games, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["games"], games)
    record = games / GAME / "history" / world["record"]
    record.rename(tmp_path / record.name)
    command = [sys.executable, "-m", "gm_tools", "site", "--root", str(games), "--out", str(site)]
    assert subprocess.run(command, capture_output=True).returncode == 0
    clean = _files(site)
    (tmp_path / record.name).rename(record)
    text = site / "games" / GAME / (Path(world["record"]).stem + ".txt")
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not text.exists() and proc.poll() is None:
        time.sleep(0.001)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if proc.returncode != -signal.SIGKILL:
        pytest.skip("the build ended before it was killed")  # a machine too quick to catch it
    record.unlink()
    again = subprocess.run(command, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    got = _files(site)
    assert sorted(k for k in got.keys() | clean.keys() if got.get(k) != clean.get(k)) == []
