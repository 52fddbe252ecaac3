"""The shipped demo games played into a test's folder through the real workbooks, as `make turn`
plays them (``sheets/demo-NAME.toml``, :mod:`gm_tools.app.demo`)."""

from __future__ import annotations

from pathlib import Path

from gm_tools.app.demo import play_demo, read_demo
from gm_tools.app.turn import GameState, load_state

SHEETS = Path(__file__).resolve().parent.parent / "sheets"


def demo_file(name: str) -> Path:
    return SHEETS / f"demo-{name}.toml"


def played(root: Path, name: str) -> GameState:
    """Play ``sheets/demo-NAME.toml`` into ``root``; the game as its record then says it is."""
    demo = read_demo(demo_file(name))
    play_demo(demo, root)
    return load_state(demo.game, root)
