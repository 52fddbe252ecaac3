"""The peer side of the benchmark: adjudicate the same movement phases with the MILA
``diplomacy`` package (PyPI), in its own virtual environment (``.bench-venv``).

Usage: ``.bench-venv/bin/python bench/peer_mila.py REQUESTS.jsonl RESULTS.jsonl [REPEAT]``

Reads one request per line (the JSON interface's format, standard map), writes one line per
phase: the units left on the board and each dislodged unit with its retreats, in the same
sorted form ``bench/run.py`` makes of our responses. Prints the timing as one JSON line on
standard output: wall-clock and CPU seconds of the adjudication loop only, not of reading
or writing files; with REPEAT (default 1) the loop runs that many times and the best
wall-clock and best CPU time are reported, as ``bench/run.py`` does for ours.
This file imports nothing from gm_tools: it runs where gm_tools is not installed.
"""

from __future__ import annotations

import json
import sys
import time


def main(requests_path: str, results_path: str, repeat: int = 1) -> int:
    from importlib.metadata import version

    from diplomacy import Game

    with open(requests_path, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
    game = Game()  # one game reused for every phase: the fastest way to use it
    seconds = cpu_seconds = float("inf")
    for _ in range(repeat):
        results = None  # the last run's results are not kept alive during the next
        start, cpu_start = time.perf_counter(), time.process_time()
        results = adjudicate_all(game, requests)
        seconds = min(seconds, time.perf_counter() - start)
        cpu_seconds = min(cpu_seconds, time.process_time() - cpu_start)
    with open(results_path, "w", encoding="utf-8") as f:
        for result in results:
            f.write(json.dumps(result, sort_keys=True) + "\n")
    print(json.dumps({"phases": len(requests), "seconds": seconds, "cpu_seconds": cpu_seconds,
                      "repeat": repeat, "version": version("diplomacy")}))
    return 0


def adjudicate_all(game, requests: list[dict]) -> list[dict]:
    """Every request's phase played on ``game``: the units and dislodged units after it."""
    results = []
    for request in requests:
        game.clear_units()
        game.clear_centers()
        game.clear_orders()
        game.set_current_phase(request["phase"])
        for power, units in request["units"].items():
            game.set_units(power, units)
        for power, centers in request.get("centers", {}).items():
            game.set_centers(power, centers)
        for power, orders in request["orders"].items():
            game.set_orders(power, orders)
        game.process()
        units, dislodged = {}, {}
        for power in game.powers.values():
            if power.units:
                units[power.name] = sorted(power.units)
            if power.retreats:
                dislodged[power.name] = {unit: sorted(locs) for unit, locs in power.retreats.items()}
        results.append({"units": units, "dislodged": dislodged})
    return results


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1))
