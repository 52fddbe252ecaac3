"""Playing Europe 1615 phases in tests through the real pipeline (the order checks, the rules'
choice of orders, the sheets' deployment, the adjudicator), without a workbook: a position
in, orders and INF entries as a GM would type them, the adjudicated phase out."""

from __future__ import annotations

from dataclasses import replace

from gm_tools.app.turn import adjudicate, start_position
from gm_tools.edges.ordercheck import check_orders
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook import OrderEntry
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.model import ARMY, FLEET, Position, Unit
from gm_tools.engine.rules import rules_for
from gm_tools.engine.runner import run_orders
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of, with_state

VARIANT = load_variant("europe1615")
RULES = rules_for(VARIANT)
HOOKS = hooks_for(VARIANT)
SETUP = setup_of(VARIANT)


def opening() -> Position:
    """Spring 1615 after the Initial Status Check."""
    return run_orders(VARIANT, start_position(VARIANT), [], RULES).position


def board(units: dict[str, str], centers: dict[str, str] | None = None, phase: str = "S1616M",
          influence: dict[str, dict[str, int]] | None = None, year_infs: dict[str, int] | None = None) -> Position:
    """A hand-set position: ``{"MEC": "A DENMARK"}``; centers as at the start unless given."""
    start = opening()
    placed = {}
    for province, text in units.items():
        kind, power = text.split()
        placed[province] = Unit(power, ARMY if kind == "A" else FLEET, province)
    position = Position(phase=phase, units=placed, centers=dict(centers or start.centers), extra=dict(start.extra))
    state = state_of(position)
    if influence is not None:
        state.influence.influence = {m: dict(r) for m, r in influence.items()}
    if year_infs is not None:
        state.year_infs = dict(year_infs)
    return with_state(position, state)


def inputs(placements=(), attacks=()) -> dict:
    """``placements``: ("FRANCE", 9, "WUR"); ``attacks``: ("ENGLAND", "LOR", "FRANCE")."""
    return {
        "placements": [{"power": p, "infs": n, "minor": m} for p, n, m in placements],
        "attacks": [{"power": p, "minor": m, "target": t} for p, m, t in attacks],
    }


def play(position: Position, orders: dict[str, list[str]], entries: dict | None = None, lenient: bool = False):
    """(adjudication, checked orders) of one phase: orders keyed by the power that enters them."""
    entries = entries or {}
    start = HOOKS.apply_inputs(VARIANT, position, entries)
    rows = [OrderEntry(power, f"Orders!C{i}", text, None)
            for i, (power, text) in enumerate(((p, t) for p, ts in orders.items() for t in ts), start=2)]
    checked = check_orders(VARIANT, start, RULES, rows, lenient)
    assert not checked.problems, [str(p) for p in checked.problems]
    return adjudicate(VARIANT, RULES, HOOKS, position, checked, entries), checked


def game_at(root, position: Position):
    """A Europe 1615 game ``g`` in ``root`` whose current phase is the hand-set ``position``,
    with its workbook written for it as a turn writes it."""
    from workflow_helpers import game_set_at

    return game_set_at(root, "europe1615", 7, lambda start: position)


def result(done, order: str) -> dict:
    found = [r for r in done.results if r["order"] == order]
    assert found, f"no result for {order}: {[r['order'] for r in done.results]}"
    return found[0]


def unit_at(position: Position, province: str) -> str | None:
    unit = position.units.get(province)
    return None if unit is None else f"{'A' if unit.kind == ARMY else 'F'} {unit.power}"


__all__ = ["VARIANT", "RULES", "HOOKS", "SETUP", "opening", "board", "inputs", "play", "game_at", "result", "unit_at",
           "replace"]
