"""The MILA export checked by MILA's own package (issue 18, item 6): the shipped standard demo
game is played and exported with ``gm-tools export --mila``, then loaded into the
``diplomacy`` package in the bench's environment (``.bench-venv``), where each phase's
orders are set and processed by MILA's engine and the board it makes is compared with the
export's next phase. Prints the phases compared and any that differ; exits 1 if one does.

Run with ``.venv/bin/python bench/interchange.py`` (``make bench`` does).
The function :func:`replay_in_mila` imports nothing from gm_tools: it runs in ``.bench-venv``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def replay_in_mila(saved: dict) -> list[str]:
    """Phases whose orders MILA refuses or whose outcome differs from the export's next phase."""
    from diplomacy.utils.export import from_saved_game_format
    from diplomacy import Game
    from diplomacy.utils.game_phase_data import GamePhaseData

    from_saved_game_format(saved)  # loads as a whole: the format is MILA's
    differ = []
    phases = saved["phases"]
    for phase, following in zip(phases, phases[1:]):
        game = Game(map_name=saved["map"])
        game.set_phase_data(GamePhaseData.from_dict(phase))
        for power, orders in phase["orders"].items():
            game.set_orders(power, orders)
        accepted = sum(len(v) for v in game.get_orders().values())
        game.process()
        after = following["state"]
        same = (accepted == sum(len(v) for v in phase["orders"].values())
                and game.get_current_phase() == after["name"]
                and {p: sorted(u) for p, u in game.get_units().items()} == {p: sorted(u) for p, u in after["units"].items()}
                and {p: sorted(c) for p, c in game.get_centers().items()} == {p: sorted(c) for p, c in after["centers"].items()})
        if not same:
            differ.append(phase["name"])
    return differ


def mila_dates(saved: dict) -> dict[str, str]:
    """Each processed phase's date as MILA reads it: the game loaded by MILA, each archived
    state's ``timestamp`` counted from MILA's own epoch (UTC), written as our records write it."""
    import datetime

    from diplomacy.utils.common import EPOCH
    from diplomacy.utils.export import from_saved_game_format

    game = from_saved_game_format(saved)
    dates = {}
    for phase, state in game.state_history.items():
        moment = EPOCH + datetime.timedelta(microseconds=state["timestamp"])
        dates[str(phase)] = f"{moment.year:04d}-{moment:%m-%dT%H:%M:%S}Z"
    return dates


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--check":  # inside .bench-venv
        saved = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
        differ = replay_in_mila(saved)
        print(json.dumps({"phases": len(saved["phases"]) - 1, "differ": differ}))
        return 1 if differ else 0
    sys.path.insert(0, str(ROOT))
    from run import BENCH_VENV, ensure_peer_venv
    from gm_tools.app.demo import DEMO_ORDERS, play_demo, read_demo
    from gm_tools.app.interchange import export_mila

    python = BENCH_VENV / "bin" / "python"
    problem = ensure_peer_venv(python)
    if problem:
        print(f"interchange: cannot check the export in MILA's package: {problem}")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        demo = read_demo(DEMO_ORDERS)
        play_demo(demo, Path(tmp))
        file = Path(tmp) / "demo.mila.json"
        file.write_text(json.dumps(export_mila(demo.game, tmp)), encoding="utf-8")
        done = subprocess.run([str(python), __file__, "--check", str(file)], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        print(f"interchange: MILA's package failed: {done.stderr.strip()[-800:]}")
        return 1
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"MILA export of the demo game: {figures['phases']} phases replayed by the diplomacy package, "
          f"{len(figures['differ'])} differ {figures['differ'] or ''}".rstrip())
    return 1 if figures["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
