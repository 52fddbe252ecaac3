"""``make bench``, the turn part: one ``gm-tools turn`` on a full board, split by stage.

The board: the standard map with all 34 supply centers owned and occupied (34 units, the
most the rules allow), every unit given a random order by ``randomplay.movement_orders``
(seeded: the same orders on every run; the few it makes illegal on purpose stand as
holds, ``--lenient``). The orders are typed into the game's real
workbook and the real ``run_turn`` processes the phase and publishes the site.

Stages are timed by wrapping, for the length of the run, the functions the pipeline calls
by name (the pipeline itself is not changed):

- read: ``workbook.read_workbook`` (openpyxl parses the .xlsx, every cell checked);
- check: ``ordercheck.check_orders`` (every order read against the board);
- adjudicate: ``turn.adjudicate`` (engine and defaults);
- write back: ``workbook.write_workbook`` (the next phase's workbook, as bytes);
- files: the rest of ``run_turn`` before publishing (backup, record, atomic replace);
- SVG: ``render.render_lines`` as the site and the game page call it (the phase map and the game page's map);
- PNG: ``PngPainter.start`` (drawn at once for a turn's one or two maps);
- site: the rest of publishing (context, templates, judge text, JSON, feed, writes).

Each run starts from the same workbook (``rollback`` brings it back) and an empty site
folder, so every run draws its PNG. Run with ``.venv/bin/python bench/turn_bench.py
[--runs N]``; work goes to ``build/turn-bench/``.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))  # the hand-made boards the workflow tests use

from randomplay import movement_orders  # noqa: E402
from workflow_helpers import board_variant  # noqa: E402

from gm_tools.publish import gamepage  # noqa: E402
from gm_tools.publish import site as site_module  # noqa: E402
from gm_tools.publish import sitefiles
from gm_tools.app import turn  # noqa: E402
from gm_tools.app.rollback import rollback  # noqa: E402
from gm_tools.app.turn import new_game, run_turn  # noqa: E402
from gm_tools.edges.variants import load_variant  # noqa: E402
from gm_tools.edges.workbook_fill import fill_orders  # noqa: E402

OUT = ROOT / "build" / "turn-bench"
STAGES = ("read", "check", "adjudicate", "write back", "files", "SVG", "PNG", "site")

# Who holds the twelve neutral centers on the full board; fleets stand on these coastal
# centers (a split-coast province gets an army, so no coast has to be chosen).
NEUTRALS = {"NWY": "ENGLAND", "BEL": "ENGLAND", "HOL": "GERMANY", "DEN": "GERMANY", "SWE": "RUSSIA",
            "RUM": "RUSSIA", "SER": "AUSTRIA", "GRE": "AUSTRIA", "BUL": "TURKEY", "TUN": "ITALY",
            "SPA": "FRANCE", "POR": "FRANCE"}
FLEETS = {"LON", "EDI", "BRE", "KIE", "NAP", "TRI", "SEV", "ANK", "NWY", "DEN", "GRE", "TUN"}


def full_board(folder: Path) -> Path:
    """A variant folder: the standard map (and its art) with a unit of its owner on every supply center."""
    standard = load_variant("standard")
    units: dict[str, list[str]] = {}
    centers: dict[str, list[str]] = {}
    for code in standard.supply_centers():
        owner = standard.provinces[code].home or NEUTRALS[code]
        centers.setdefault(owner, []).append(code)
        units.setdefault(owner, []).append(f"{'F' if code in FLEETS else 'A'} {code}")
    board = board_variant(folder, "fullboard", units, centers)
    shutil.copy(ROOT / "variants" / "standard" / "map.svg", board / "map.svg")  # the real map art
    return board


@contextmanager
def timed(module, name: str, stage: str, times: dict[str, float]):
    """Replace ``module.name`` by a wrapper adding its time to ``times[stage]``."""
    original = getattr(module, name)

    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            times[stage] += time.perf_counter() - start

    setattr(module, name, wrapper)
    try:
        yield
    finally:
        setattr(module, name, original)


def one_turn(paths, site_dir: Path) -> dict[str, float]:
    """Process the phase once from the workbook on disk; seconds per stage."""
    times = dict.fromkeys(STAGES + ("publish", "total"), 0.0)
    with timed(turn, "read_workbook", "read", times), timed(turn, "check_orders", "check", times), \
            timed(turn, "adjudicate", "adjudicate", times), timed(turn, "write_workbook", "write back", times), \
            timed(turn, "publish", "publish", times), timed(site_module, "render_lines", "SVG", times), \
            timed(gamepage, "render_lines", "SVG", times), \
            timed(sitefiles.PngPainter, "start", "PNG", times):
        start = time.perf_counter()
        # lenient: randomplay makes a few orders illegal on purpose; they stand as holds.
        run_turn(paths.name, root=paths.root, site_dir=site_dir, lenient=True)
        times["total"] = time.perf_counter() - start
    inside = sum(times[s] for s in ("read", "check", "adjudicate", "write back"))
    times["files"] = times["total"] - times["publish"] - inside
    times["site"] = times["publish"] - times["SVG"] - times["PNG"]
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="turns timed (default 3); the median is shown")
    parser.add_argument("--seed", default="1630", help="random seed of the orders (default 1630)")
    args = parser.parse_args(argv)
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    variant_dir = full_board(OUT)
    paths = new_game(str(variant_dir), "full", root=OUT / "games", seed=1, created="2000-01-01T00:00:00Z")
    variant = load_variant(str(variant_dir))
    units: dict[str, list[str]] = {}
    for unit in variant.start_units:
        units.setdefault(unit.power, []).append(str(unit))
    orders = movement_orders(variant, random.Random(args.seed), units)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders))
    print(f"full board: {sum(map(len, units.values()))} units, {sum(map(len, orders.values()))} orders "
          f"(seed {args.seed}), real workbook and site")

    runs = []
    for n in range(args.runs):
        if n:
            rollback(paths.name, root=paths.root, site_dir=None)
        site_dir = OUT / "site"
        if site_dir.exists():
            shutil.rmtree(site_dir)
        runs.append(one_turn(paths, site_dir))
    for stage in STAGES + ("total",):
        median = statistics.median(r[stage] for r in runs)
        print(f"  {stage:<11} {median * 1000:8.0f} ms   (runs: {', '.join(f'{r[stage] * 1000:.0f}' for r in runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
