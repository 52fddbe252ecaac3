"""The shipped demo: ``make turn`` with no GAME.

A real standard game whose orders are committed in ``sheets/demo-orders.toml`` is played
from scratch the way a GM plays any game: ``new-game`` makes the workbook, then for each
phase the orders and press are typed into the workbook and the real turn pipeline runs.
The game is built in ``build/demo/`` (ignored by git) and published into ``site/``, so the
tracked files stay unchanged. The same orders give the same bytes every time.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

from .errors import UserError
from .turn import load_state, new_game, publish, run_turn
from .workbook import fill_orders

REPO = Path(__file__).resolve().parent.parent
DEMO_ORDERS = REPO / "sheets" / "demo-orders.toml"
DEMO_ROOT = REPO / "build" / "demo"
DEMO_NAME = "demo"
DEMO_SEED = 1901
DEMO_CREATED = "1901-01-01T00:00:00Z"
"""Fixed, so the demo's game.json is the same bytes on every run."""


class DemoDataError(UserError):
    """``demo-orders.toml`` does not fit the game it is played into."""


def read_demo_orders(path: Path = DEMO_ORDERS) -> tuple[dict[str, str], dict[str, dict]]:
    """The players, and phase id -> ``{"press": str, POWER: [order, ...]}``, in file order."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DemoDataError(f"{path}: {e}") from None
    players = data.pop("players", {})
    return players, data


def run_demo(site_dir: str | Path | None = "site", root: Path = DEMO_ROOT, orders_file: Path = DEMO_ORDERS) -> str:
    """Play the demo game phase after phase and publish it; returns the report."""
    players, phases = read_demo_orders(orders_file)
    if root.exists():
        shutil.rmtree(root)
    paths = new_game("standard", DEMO_NAME, root=root, seed=DEMO_SEED, players=players, created=DEMO_CREATED)
    lines = [f"Demo game from {orders_file.name}, played in {root}"]
    for phase, entry in phases.items():
        state = load_state(DEMO_NAME, root)
        if state.finished or state.position.phase != phase:
            at = "over" if state.finished else f"at {state.position.phase}"
            raise DemoDataError(f"{orders_file}: [{phase}] has orders, but the game is {at}")
        entry = dict(entry)
        press = entry.pop("press", "")
        paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), entry, press, str(paths.workbook)))
        report = run_turn(DEMO_NAME, root=root, site_dir=None, force=True)
        lines.append(report.text())
    if orders_file == DEMO_ORDERS:
        # the Europe 1619 demo is published beside it (sheets/demo-europe1619.toml)
        from .demo_europe1619 import play_europe_demo

        lines.extend(play_europe_demo(root))
    if site_dir:
        publish(root, site_dir)
        lines.append(f"site published to {site_dir}/")
    return "\n".join(lines)
