"""Games for the site tests and the site benchmark, played by the real engine.

:func:`play` adjudicates a phase with :func:`gm_tools.engine.runner.run_phase` and stores a
history record in the documented format (``docs/game-record.md``) with
:func:`gm_tools.edges.game.store_record`, the way ``gm-tools turn`` does, but from order texts
instead of a workbook: the site reads records and must not depend on the workbook.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.engine.runner import run_phase
from gm_tools.edges.game import RECORD_FORMAT, GameInfo, GamePaths, json_text, save_new_game, store_record, write_atomic
from gm_tools.engine.phase import phase_title
from gm_tools.engine.results import result_json
from gm_tools.engine.positions import position_from_json, position_to_json
from gm_tools.app.turn import start_position, winner_of
from gm_tools.engine.variant import Variant

CREATED = "2026-11-01T18:00:00Z"


def new_game(root: Path, name: str, variant: Variant, players: dict[str, str] | None = None) -> GamePaths:
    """Create ``root/name/game.json`` (no workbook: the site never reads one)."""
    paths = GamePaths(root=Path(root), name=name)
    players = {code: (players or {}).get(code, "") for code in variant.powers}
    save_new_game(paths, GameInfo(name=name, variant=variant.name, seed="1618", players=players, created=CREATED))
    return paths


def current(paths: GamePaths, variant: Variant, history: list[dict]):
    return position_from_json(history[-1]["after"]) if history else start_position(variant)


def play(paths: GamePaths, variant: Variant, history: list[dict], orders: dict[str, list[str]],
         press: str = "", store: bool = True) -> dict:
    """Adjudicate the current phase from ``orders`` (power -> order texts), append the
    record to ``history`` and (with ``store``) write it to the game's history folder."""
    position = current(paths, variant, history)
    outcome = run_phase(variant, position, orders)
    results = sorted(
        (result_json(r) for r in outcome.results),
        key=lambda r: (r["power"], r["order"], r["result"], r["reason"]),
    )
    winner = winner_of(variant, outcome.position)
    record = {
        "format": RECORD_FORMAT,
        "game": paths.name,
        "variant": variant.name,
        "phase": position.phase,
        "title": phase_title(variant.calendar, position.phase),
        "before": position_to_json(position),
        "orders": {
            power: [{"cell": f"Orders!C{n + 2}", "error": None, "read": text, "written": text}
                    for n, text in enumerate(texts)]
            for power, texts in sorted(orders.items())
        },
        "results": results,
        "notes": [],
        "after": position_to_json(outcome.position),
        "next_phase": None if winner else outcome.position.phase,
        "winner": winner,
        "press": press,
        "players": {p: "" for p in variant.powers},
        "deadline": "Friday 20:00 UTC",
        "random": {"seed": "1618", "draws": []},
        "extra": {},
    }
    history.append(record)
    if store:
        store_record(paths, record)
    return record


def store_copy(paths: GamePaths, record: dict) -> None:
    """Store ``record`` under another game's name (the benchmark's cloned archive)."""
    write_atomic(paths.record_file(record["phase"]), json_text(dict(record, game=paths.name)).encode("utf-8"))


# --- the small game of the site tests --------------------------------------------------------

SMALL_GAME_ORDERS = [
    # S1901M: Vienna and Warsaw bounce in Galicia (2000 rulebook, 'Standoffs').
    ({
        "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
        "ENGLAND": ["F EDI - NWG", "F LON - NTH", "A LVP - YOR"],
        "FRANCE": ["A PAR - BUR", "A MAR H", "F BRE - MAO"],
        "GERMANY": ["A MUN - RUH", "A BER - MUN", "F KIE - HOL"],
        "ITALY": ["A VEN - PIE", "A ROM - VEN", "F NAP - ION"],
        "RUSSIA": ["A WAR - GAL", "A MOS - UKR", "F SEV - BLA", "F STP/SC - BOT"],
        "TURKEY": ["A CON - BUL", "A SMY - CON", "F ANK - BLA"],
    }, "# Spring 1901\n\nAll quiet in the *west*. <script>alert(1)</script>"),
    # F1901M: Germany dislodges Burgundy, whose support from Marseilles is cut by Piedmont;
    # England's support is void and its army has no convoy.
    ({
        "ENGLAND": ["A YOR - NWY", "F NTH S F NWG - NWY", "F NWG H"],
        "FRANCE": ["A BUR H", "A MAR S A BUR", "F MAO - POR"],
        "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR", "F HOL H"],
        "ITALY": ["A PIE - MAR", "A VEN H", "F ION - TUN"],
        "TURKEY": ["A BUL H", "A CON H", "F ANK H"],
    }, "[Rules](https://example.org/rules) and [a trap](javascript:alert(1)) <img src=x onerror=alert(1)>"),
    # F1901R: the French army retreats.
    ({"FRANCE": ["A BUR R PIC"]}, ""),
    # W1901A: builds.
    ({
        "AUSTRIA": ["BUILD A BUD"],
        "GERMANY": ["BUILD F KIE"],
        "FRANCE": ["BUILD A PAR"],
        "ITALY": ["WAIVE"],
        "TURKEY": ["BUILD F SMY"],
    }, ""),
]


def small_game(root: Path, variant: Variant, name: str = "demo", phases: int = len(SMALL_GAME_ORDERS)) -> list[dict]:
    """The site tests' game: the first ``phases`` phases of :data:`SMALL_GAME_ORDERS`."""
    paths = new_game(root, name, variant, {"FRANCE": "Alice <b>&", "GERMANY": "Bob"})
    history: list[dict] = []
    for orders, press in SMALL_GAME_ORDERS[:phases]:
        play(paths, variant, history, orders, press=press)
    return history


def play_next(root: Path, variant: Variant, history: list[dict], name: str = "demo") -> dict:
    """Play the next phase of the small game (the one after ``history``)."""
    orders, press = SMALL_GAME_ORDERS[len(history)]
    return play(GamePaths(root=Path(root), name=name), variant, history, orders, press=press)
