"""Small helpers to set up a position on the standard map and write orders as objects,
for the adjudicator, retreat, adjustment and engine tests (no parser involved)."""

from __future__ import annotations

from functools import lru_cache

from gm_tools.engine.model import Build, Convoy, Disband, Hold, Move, Position, Retreat, Support, Unit, Waive
from gm_tools.edges.variants import load_variant


@lru_cache(maxsize=None)
def standard():
    return load_variant("standard")


def unit(power: str, text: str, strength: int = 1) -> Unit:
    kind, location = text.split()
    return Unit(power, kind, location, strength)


def board(units: dict[str, list[str]], phase: str = "S1901M", centers: dict[str, list[str]] | None = None) -> Position:
    """``board({"FRANCE": ["A PAR", "F BRE"]})``; a unit text may end in ``*2`` for strength 2."""
    placed = {}
    for power, texts in units.items():
        for text in texts:
            text, _, strength = text.partition("*")
            u = unit(power, text, int(strength or 1))
            placed[u.province] = u
    owned = {c: p for p, cs in (centers or {}).items() for c in cs}
    return Position(phase=phase, units=placed, centers=owned)


def _at(position: Position, text: str) -> Unit:
    province = text.split()[1].split("/")[0]
    if province in position.units:
        return position.units[province]
    return position.dislodged[province].unit


def H(position, text):
    u = _at(position, text)
    return Hold(u.power, u)


def M(position, text, dest, via=False):
    u = _at(position, text)
    return Move(u.power, u, dest, via_convoy=via)


def S(position, text, supported, dest=None):
    u = _at(position, text)
    return Support(u.power, u, supported, dest)


def C(position, text, army_from, army_to):
    u = _at(position, text)
    return Convoy(u.power, u, army_from, army_to)


def R(position, text, dest):
    u = _at(position, text)
    return Retreat(u.power, u, dest)


def D(position, text):
    u = _at(position, text)
    return Disband(u.power, u)


def B(power, kind, location):
    return Build(power, kind, location)


def W(power):
    return Waive(power)


def result(outcome, text: str):
    """The result of the order (or implicit order) of the unit written ``text``."""
    found = [r for r in outcome.results if r.order.startswith(text + " ")]
    assert len(found) == 1, f"{len(found)} results for {text}: {outcome.results}"
    return found[0]
