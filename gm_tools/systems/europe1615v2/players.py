"""The setups for fewer than five players: who plays which powers, and France neutral until it
joins the player with the highest roll in the 3-player game.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '10 ALTERNATE WAYS TO PLAY' (``tables.toml [setups]``).
A player's powers stay separate powers (their own INFs, treasuries and units); the player's VPs
are theirs together, and so is the victory.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gm_tools.engine.variant import Variant
from gm_tools.errors import GameError
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import State

FULL = 5
"""The game as written: five players, a power each."""


def setups(variant: Variant) -> dict[int, dict]:
    return {int(n): dict(row) for n, row in variant.tables.get("setups", {}).items() if str(n).isdigit()}


def for_players(variant: Variant, players: int) -> Variant:
    """The variant as a game of ``players`` players plays it."""
    if players == FULL:
        return variant
    if players not in setups(variant):
        counts = ", ".join(str(n) for n in sorted(setups(variant)) + [FULL])
        raise GameError(f"--players {players}: found {players} players, expected {counts} for {variant.name} "
                        "('Setup for less than 5 players')")
    return replace(variant, options={**variant.options, "players": players})


def neutral_power(variant: Variant, state: State, year: int) -> str | None:
    """The power no player holds yet ('France is neutral and French territory cannot be
    entered ... France joins player with highest roll in 1618'), or None."""
    rule = setups(variant).get(int(variant.options.get("players", FULL)), {})
    neutral = rule.get("neutral")
    if not neutral or (state.neutral_joined is not None and year >= int(rule.get("joins_year", 0))):
        return None
    return neutral


def players_of(setup: Setup, variant: Variant, state: State, year: int) -> list[tuple[str, ...]]:
    """Each player's powers, in the setup's order (the full game: a power each)."""
    rule = setups(variant).get(int(variant.options.get("players", FULL)))
    if rule is None:
        return [(p,) for p in setup.powers]
    sides = [tuple(side) for side in rule["players"]]
    joined = state.neutral_joined
    if rule.get("neutral") and joined is not None and year >= int(rule.get("joins_year", 0)):
        sides[joined] = sides[joined] + (rule["neutral"],)
    return sides


def roll_for_neutral(variant: Variant, state: State, year: int, seed: str) -> dict | None:
    """'Before build/adjustment in 1617 each player rolls dice': one die a player from the
    game's seed, the highest rolling again on a tie; None outside that year or once rolled."""
    rule = setups(variant).get(int(variant.options.get("players", FULL)), {})
    if not rule.get("neutral") or year != int(rule.get("roll_year", 0)) or state.neutral_joined is not None:
        return None
    rng = random.Random(f"europe1615v2 neutral {year} {seed}")
    sides = list(range(len(rule["players"])))
    rounds = []
    while len(sides) > 1:
        rolls = {i: rng.randint(1, 6) for i in sides}
        rounds.append({"/".join(rule["players"][i]): n for i, n in rolls.items()})
        best = max(rolls.values())
        sides = [i for i, n in rolls.items() if n == best]
    return {"kind": "neutral joins", "seed": f"europe1615v2 neutral {year} {seed}", "rolls": rounds,
            "player": sides[0], "text": f"{rule['neutral']} joins {'/'.join(rule['players'][sides[0]])} in "
                                         f"{rule.get('joins_year')} (rolls: {rounds})"}
