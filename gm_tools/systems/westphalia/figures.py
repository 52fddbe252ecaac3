"""The figures that follow from the state, worked out whenever asked and never stored.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'How to Play': 'A Player has 1 Imperial Power for
each of his orthodox provinces, plus the Imperial Power of his allied Principalities.
Principalities have 2 Imperial Power, plus 1 Imperial Power per province'; 'Elect the
Emperor': 'The Emperor receives X+2 additional Imperial Power, where X = the Round Number.'
"""

from __future__ import annotations

from gm_tools.systems.westphalia.state import State

FIRST_YEAR = 1510
ROUND_YEARS = 25


def round_number(year: int) -> int:
    """Round 1 is 1510, round 2 1535 ... ('6 rounds, with each Round lasting ~25 years')."""
    return (year - FIRST_YEAR) // ROUND_YEARS + 1


def ally(state: State, principality: str) -> str | None:
    """The player allied to a principality: the one with the most Diplomatic Influence on it,
    if no other has as much ('Are within 2 Diplomatic Influence of being its ally (no ties)').
    The Diplomatic Action cards that may have set a threshold were lost: any Diplomatic
    Influence allies (NOTES.md)."""
    held = {p: n for p, n in state.influence.get(principality, {}).items() if n > 0}
    if not held:
        return None
    best = max(held.values())
    leaders = [p for p, n in held.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def principality_power(state: State, principality: str) -> int:
    """'Principalities have 2 Imperial Power, plus 1 Imperial Power per province.'"""
    return 2 + len(state.principalities[principality].provinces)


def imperial_power(state: State, player: str, year: int) -> int:
    """1 per orthodox province, the allied principalities' Imperial Power, and the Emperor's
    X + 2 in round X."""
    faith = state.religion_of(player)
    converted = set(state.protestant)
    own = state.princes.get(player)
    provinces = own.provinces if own else ()
    total = sum(1 for p in provinces if ("protestant" if p in converted else "catholic") == faith)
    total += sum(principality_power(state, n) for n in state.principalities if ally(state, n) == player)
    if state.emperor == player:
        total += round_number(year) + 2
    foreign = state.foreign.get(player)
    if foreign:
        # 'It grants you 4 Imperial Power per Round #, - a roll of 2D6' (never negative)
        # (``per_round`` is copied from ``tables.toml [foreign_powers]`` when the player becomes one)
        total += max(0, int(foreign["per_round"]) * round_number(year) - int(foreign.get("troubles", 0)))
    return total


def elector_votes(state: State) -> dict[str, str | None]:
    """Elector -> the player controlling its vote ('Players allied to Electors control their
    votes'), None for an unaligned Elector."""
    return {e: ally(state, e) for e in state.electors}
