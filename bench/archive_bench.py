"""``make bench``, the archive part (issue 19 item 2): the time to publish one new phase in an
archive of 10, 100 and 1,000 games, which should not grow with the archive.

For each size: an archive of that many games (records of one game played by the engine on
random orders, cloned under other names, as ``site_bench.py`` does), built once; then one
more phase of one game is played and the site rebuilt, timed two ways, a new phase each
time: as a GM runs it, ``gm-tools site`` in a fresh process (Python's start, the imports and
the new phase's PNG included), and in this process (``build_site`` alone, after one untimed
rebuild so that the first PNG's imports are not counted). The peer is the same rebuild at the
smallest size: the verdict is the largest command time over the smallest, which the issue
wants within 1.5; the in-process times show the part that grows with the archive. PNG maps
are left out of the full builds (empty files stand in; the new phase's PNG is drawn for real).

Run with ``.venv/bin/python bench/archive_bench.py [--sizes 10,100,1000] [--phases 3]``.
Work goes to ``build/archive-bench/`` and is deleted at the end.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from site_bench import play_source, random_orders  # noqa: E402
from sitegame import new_game, play, store_copy  # noqa: E402

from gm_tools.edges.game import GamePaths  # noqa: E402
from gm_tools.edges.variants import load_variant  # noqa: E402
from gm_tools.publish import site as site_module  # noqa: E402

OUT = ROOT / "build" / "archive-bench"


def one_size(games: int, source: list[dict], variant, settings, seed: str, repeat: int) -> tuple[float, float, int]:
    """Seconds to publish one new phase in an archive of ``games`` games: by the command in a
    fresh process and by ``build_site`` in this one (the median of ``repeat`` new phases
    each), and the games the last rebuild read."""
    root = OUT / f"n{games}"
    shutil.rmtree(root, ignore_errors=True)
    sheets, site = root / "sheets", root / "site"
    for n in range(games):
        paths = new_game(sheets, f"g{n:04d}", variant)
        for record in source:
            store_copy(paths, record)
    real_start = site_module.PngPainter.start
    site_module.PngPainter.start = lambda self, svg, many=False: (lambda: b"")
    try:
        site_module.build_site(sheets, site, settings)
    finally:
        site_module.PngPainter.start = real_start
    paths = GamePaths(root=sheets, name="g0000")
    history = [dict(r, game="g0000") for r in source]
    rng = random.Random(f"{seed}/{games}")
    command = [sys.executable, "-m", "gm_tools", "site", "--root", str(sheets), "--out", str(site)]
    by_command, in_process, read = [], [], 0
    for step in range(2 * repeat + 1):
        if not history[-1]["next_phase"]:
            break
        play(paths, variant, history, random_orders(variant, rng, history[-1]["after"]))
        start = time.perf_counter()
        if step % 2:
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"gm-tools site failed: {done.stderr.strip()[-500:]}")
            by_command.append(time.perf_counter() - start)
        else:
            report = site_module.build_site(sheets, site, settings)
            if step:  # the first rebuild is the warm-up
                in_process.append(time.perf_counter() - start)
            read = len(report.games_read)
    shutil.rmtree(root, ignore_errors=True)
    return statistics.median(by_command), statistics.median(in_process), read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10,100,1000", help="archive sizes in games (default 10,100,1000)")
    parser.add_argument("--phases", type=int, default=3, help="history records per game (default 3)")
    parser.add_argument("--repeat", type=int, default=3, help="new phases timed per size; the median is kept")
    parser.add_argument("--seed", default="1648", help="random seed (default 1648)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    variant = load_variant("standard")
    shutil.rmtree(OUT, ignore_errors=True)
    source = play_source(variant, OUT / "source", "s0", args.seed, args.phases)
    # the settings gm-tools site uses, so that the command finds the built archive up to date
    settings = site_module.SiteSettings()
    figures, inner = {}, {}
    for games in sizes:
        seconds, alone, read = one_size(games, source, variant, settings, args.seed, args.repeat)
        figures[games], inner[games] = seconds, alone
        print(f"one new phase in an archive of {games:5d} games: gm-tools site {seconds:.3f} s, "
              f"build_site in process {alone:.3f} s (medians of {args.repeat}), {read} game(s) read")
    smallest = figures[min(figures)]
    ratio = max(figures.values()) / smallest
    verdict = "meets" if ratio <= 1.5 else "ABOVE"
    print(f"largest over smallest, by the command: {ratio:.2f} ({verdict} the target of 1.5); in process: "
          f"{max(inner.values()) / inner[min(inner)]:.2f}")
    shutil.rmtree(OUT, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
