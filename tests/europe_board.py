"""Positions on the Europe 1619 map with plain diplomatic relations, for the movement,
occupation, treasury and scoring tests. The map is the variant's (``variants/europe1619``);
the relations are handed in, so each test states the declarations and statuses it needs."""

from __future__ import annotations

from functools import lru_cache

from gm_tools.systems.europe1619 import adapter_rules
from gm_tools.systems.europe1619.state import CAPTURED
from gm_tools.systems.europe1619.territory import Board, Relations
from gm_tools.engine.model import Position, Unit
from gm_tools.systems.europe1619.rules import Europe1619Rules
from gm_tools.edges.variants import load_variant

PHASE = "Y1625M"


@lru_cache(maxsize=None)
def europe():
    return load_variant("europe1619")


def geo():
    return adapter_rules.geography(europe())


def position(units: dict[str, list[str]], captured: dict[str, str] | None = None, phase: str = PHASE, **extra) -> Position:
    """``position({"FRANCE": ["A CHA", "A BUR*3"]}, captured={"LIE": "DUTCH"})``; ``*n`` is
    the strength. Centers follow the captures (a center's holder is its captor, else its domain)."""
    placed = {}
    for power, texts in units.items():
        for text in texts:
            text, _, strength = text.partition("*")
            kind, location = text.split()
            u = Unit(power, kind, location, int(strength or 1))
            placed[u.province] = u
    from gm_tools.systems.europe1619.territory import center_owners

    captured = dict(captured or {})
    # the game's state as the workflow keeps it: under the system's key (gm_tools/systems/europe1619/state.py)
    return Position(phase=phase, units=placed, centers=center_owners(geo(), captured),
                    extra={"europe1619": {**extra, CAPTURED: captured}})


def rules(relations: Relations) -> Europe1619Rules:
    """The variant's rules hooks reading these relations."""
    return Europe1619Rules(geography=adapter_rules.geography, relations=lambda variant, position: relations)


def board(pos: Position, relations: Relations) -> Board:
    return Board(geo(), relations, pos)


NO_RELATIONS = Relations.of()
"""No wars, no alliances, every minor unaligned."""


def result(outcome, text: str):
    """The result of the order given to the unit written ``text`` (or of its implicit hold).
    A refused order also has a 'holds: its order was invalid' result: the given order's result
    is returned, marked dislodged if the holding unit was."""
    from dataclasses import replace as _replace

    found = [r for r in outcome.results if r.order.startswith(text + " ")]
    assert found, f"no result for {text}: {outcome.results}"
    return _replace(found[0], dislodged=any(r.dislodged for r in found))
