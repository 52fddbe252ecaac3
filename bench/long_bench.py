"""``make bench``, the long-game part: does a turn cost more as the game grows?

A Europe 1619 game is played from 1619 to 1648 (five phases a year) with no orders entered
(``--force``: every phase is processed as the GM would process one nobody ordered in), the
turns run in this process without publishing, since only the measured turns matter. At
years 4, 15 and 30 the game's site is built once (not timed), then one turn is timed as a GM
runs it: a fresh ``gm-tools turn`` process (start-up included) that processes the phase and
publishes it into that site. Its wall-clock time and peak memory (the child's own ``VmHWM``)
are printed, and the turn is rolled back so the game goes on unchanged. Each site's bytes
per phase are printed too (issue 19 item 3: a phase's page, JSON and text under 60 KB,
however long the game).

The target of issue 19: the turn at year 30 within 1.5 times the turn at year 4, and its peak
memory under 150 MiB. Run with ``.venv/bin/python bench/long_bench.py [--years 30]``; work
goes to ``build/long-bench/``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "long-bench"
GAME = "long"
PHASES_A_YEAR = 5
"""Europe 1619's calendar: Diplomatic, Spring, Summer, Fall and Builds and Transactions."""

sys.path.insert(0, str(ROOT))
from gm_tools.app.rollback import rollback  # noqa: E402
from gm_tools.app.turn import new_game, run_turn  # noqa: E402
from gm_tools.publish import sitefiles  # noqa: E402
from gm_tools.publish.site import build_site  # noqa: E402
from sizes import archive_bytes  # noqa: E402 (bench/, beside this script)


# The child reports its own peak: the kernel's ru_maxrss for a child counts the parent's
# memory at fork (a bench that has played 150 turns is large), VmHWM counts the turn's own.
CHILD = """
import atexit, sys
from gm_tools.app.cli import main

def peak():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                sys.stderr.write(f"peak {line.split()[1]}\\n")

atexit.register(peak)
sys.exit(main(sys.argv[1:]))
"""


def timed_turn(games: Path, site: Path) -> tuple[float, float]:
    """One ``gm-tools turn`` in its own process: (wall-clock seconds, peak resident MiB)."""
    command = [sys.executable, "-c", CHILD, "turn", GAME, "--force", "--lenient",
               "--root", str(games), "--site", str(site)]
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"gm-tools turn failed: {done.stderr}")
    kib = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("peak ")]
    return seconds, kib[-1] / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--years", type=int, nargs="+", default=[4, 15, 30],
                        help="years of play after which a turn is timed (default 4 15 30)")
    parser.add_argument("--runs", type=int, default=5, help="turns timed at each year; the median is shown")
    args = parser.parse_args(argv)
    if OUT.exists():
        shutil.rmtree(OUT)
    games = OUT / "games"
    new_game("europe1619", GAME, root=games, seed=1, created="2000-01-01T00:00:00Z")
    played = 0
    rows = []
    play_start = time.perf_counter()
    for year in sorted(args.years):
        while played < year * PHASES_A_YEAR:
            run_turn(GAME, root=games, site_dir=None, lenient=True, force=True)
            played += 1
        site = OUT / f"site-{year}"
        # the earlier phases' PNG maps stand in as empty files: a real site has them, and
        # drawing them all here would take minutes the timed turn never spends
        real_start = sitefiles.PngPainter.start
        sitefiles.PngPainter.start = lambda self, svg, many=False: (lambda: b"")
        try:
            build_site(games, site)
        finally:
            sitefiles.PngPainter.start = real_start
        print(f"year {year:>2}, the site's", end=" ")
        archive_bytes(site)  # the PNGs are empty stand-ins here: their bytes are not counted
        runs = []
        for _ in range(args.runs):
            runs.append(timed_turn(games, site))
            rollback(GAME, root=games, site_dir=site)  # the site without the phase again
        runs.sort()
        seconds, memory = runs[len(runs) // 2][0], max(m for _, m in runs)
        records = sum(f.stat().st_size for f in (games / GAME / "history").iterdir())
        rows.append((year, played, seconds, memory, records))
        print(f"year {year:>2} ({played:>3} phases played): turn {seconds:6.2f} s "
              f"(runs {', '.join(f'{s:.2f}' for s, _ in runs)}), peak {memory:5.0f} MiB, "
              f"records {records / 2**20:5.1f} MiB", flush=True)
    print(f"played {played} phases in {time.perf_counter() - play_start:.0f} s (measured turns included)")
    first, last = rows[0], rows[-1]
    ratio = last[2] / first[2]
    verdict = "meets" if ratio <= 1.5 else "BELOW"
    memory = "meets" if last[3] < 150 else "BELOW"
    print(f"year {last[0]} over year {first[0]}: {ratio:.2f}x ({verdict} the target of 1.5); "
          f"peak memory at year {last[0]}: {last[3]:.0f} MiB ({memory} the target of 150 MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
