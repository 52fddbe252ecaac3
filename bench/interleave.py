"""``make bench``, adjudication measured honestly (issue 19 item 5): our engine and the MILA
``diplomacy`` package timed phase by phase, alternately, in one process, so both see the
same machine at the same moment; the figure is the median of the per-phase ratios, with
its spread.

Ours is timed through the JSON request path as a program uses it: the request line read
(``json.loads``), adjudicated and the response line written
(:func:`gm_tools.app.jsonapi.answer_line`, what ``gm-tools adjudicate --jsonl`` answers each
line with; the same bytes as ``dumps_line(handle_request(...))``). MILA's is its own work for
the same phase: the board and orders set on one reused ``Game``, ``process()``, the units read back
(``peer_mila.adjudicate_all``). Each phase is timed ``--repeat`` times per side, keeping the
best (others' work only ever adds time), and which side goes first alternates by phase.

Run with ``.venv/bin/python bench/interleave.py [--games N] [--years N]``: it makes the
phases here, then runs itself in ``.bench-venv`` (MILA's environment, our package on its
path: the JSON path needs no third-party package).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "bench"
TARGET_RATIO = 10.0


def inside(requests_path: str, repeat: int) -> int:
    """In ``.bench-venv``: time both engines phase by phase and print the figures."""
    import gc

    from diplomacy import Game
    from importlib.metadata import version
    from peer_mila import adjudicate_all

    from gm_tools.app.jsonapi import answer_line
    from gm_tools.edges.variants import load_variant

    variant = load_variant("standard")
    lines = [line for line in Path(requests_path).read_text(encoding="utf-8").splitlines() if line.strip()]
    requests = [json.loads(line) for line in lines]
    game = Game()
    gc.freeze()

    def ours(line: str) -> float:
        start = time.process_time()
        answer_line(variant, json.loads(line))
        return time.process_time() - start

    def theirs(request: dict) -> float:
        start = time.process_time()
        adjudicate_all(game, [request])
        return time.process_time() - start

    ratios, our_total, their_total = [], 0.0, 0.0
    for i, (line, request) in enumerate(zip(lines, requests)):
        mine = theirs_ = float("inf")
        for _ in range(repeat):
            if i % 2:
                theirs_ = min(theirs_, theirs(request))
                mine = min(mine, ours(line))
            else:
                mine = min(mine, ours(line))
                theirs_ = min(theirs_, theirs(request))
        our_total += mine
        their_total += theirs_
        if mine > 0:
            ratios.append(theirs_ / mine)
    # The same requests again with nothing between them: what the MILA phases cost ours by
    # taking its code and data out of the processor's caches. Shown beside, never judged.
    alone_total = 0.0
    for line in lines:
        alone_total += min(ours(line) for _ in range(repeat))
    deciles = statistics.quantiles(ratios, n=10)
    print(json.dumps({
        "phases": len(ratios), "median": statistics.median(ratios), "p10": deciles[0], "p90": deciles[-1],
        "min": min(ratios), "max": max(ratios), "ours_ms": 1000 * our_total / len(ratios),
        "theirs_ms": 1000 * their_total / len(ratios), "version": version("diplomacy"),
        "alone_ms": 1000 * alone_total / len(lines),
    }))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="random games to play (default 30)")
    parser.add_argument("--years", type=int, default=10, help="years per game (default 10)")
    parser.add_argument("--seed", type=int, default=1618, help="random seed (default 1618)")
    parser.add_argument("--repeat", type=int, default=3, help="timings per phase and side; the best is kept")
    parser.add_argument("--inside", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:
        return inside(args.inside, args.repeat)

    sys.path.insert(0, str(ROOT / "bench"))
    from randomplay import play_games
    from run import BENCH_VENV, ensure_peer_venv

    from gm_tools.app.jsonapi import dumps_line
    from gm_tools.edges.variants import load_variant

    requests = play_games(load_variant("standard"), args.seed, args.games, args.years)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "interleave-requests.jsonl"
    path.write_text("".join(dumps_line(r) + "\n" for r in requests), encoding="utf-8")
    python = BENCH_VENV / "bin" / "python"
    problem = ensure_peer_venv(python)
    if problem:
        print(f"interleave: no peer: {problem}")
        return 1
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "bench")]))
    done = subprocess.run([str(python), __file__, "--inside", str(path), "--repeat", str(args.repeat)],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        print(f"interleave: failed: {done.stderr.strip()[-800:]}")
        return 1
    f = json.loads(done.stdout.strip().splitlines()[-1])
    verdict = "meets" if f["median"] >= TARGET_RATIO else "BELOW"
    print(f"interleaved in one process, {f['phases']} movement phases (seed {args.seed}), CPU time per phase, "
          f"best of {args.repeat}: ours {f['ours_ms']:.2f} ms through the JSON path, MILA diplomacy "
          f"{f['version']} {f['theirs_ms']:.2f} ms; ours with no MILA phase between, the same requests "
          f"{f['alone_ms']:.2f} ms (not judged: the interleaved figure is)")
    print(f"ratio MILA / ours per phase: median {f['median']:.1f}x (10th-90th percentile {f['p10']:.1f}x to "
          f"{f['p90']:.1f}x, range {f['min']:.1f}x to {f['max']:.1f}x): {verdict} the {TARGET_RATIO:.0f}x target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
