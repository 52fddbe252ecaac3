"""Becoming a Foreign Power, their Internal Troubles, and the Emperor's death.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Foreign Powers' and 'Imperial Election'.
"""

from __future__ import annotations

import random

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.board import DIRECTIONS
from gm_tools.systems.westphalia.figures import imperial_power, round_number
from gm_tools.systems.westphalia.state import Holding, State
from gm_tools.systems.westphalia.wars import new_name

EDGES = tuple(name for name, _ in DIRECTIONS)


def _table(variant: Variant) -> dict:
    return variant.tables.get("foreign_powers", {})


def check_becoming(variant: Variant, state: State, player: str, home: str, edge: str, year: int) -> str | None:
    """'Any Player may become a Foreign Power if he owns no non-capital towns and: Rounds 1-3 has
    5 Imperial Power or less, or Rounds 4-6 has 15 Imperial Power or less'; 'Choose a Foreign
    Power Home Province and place it next to one of the 6 edges of the map of your choice.'"""
    if player in state.foreign:
        return f"a player not yet a Foreign Power ({player} is one)"
    # the conditions are for one who chooses to: 'A Player who loses all of his provinces ...
    # immediately becomes' one, and one eliminated 'become[s] a Foreign Power'
    if player in state.princes and player not in state.eliminated:
        if any(t != state.princes[player].capital for t in state.towns_of(player)):
            return f"a player who owns no non-capital towns ({player} owns {', '.join(state.towns_of(player)[1:])})"
        limit = int(_table(variant).get("most_power", {}).get(str(round_number(year)), 0))
        power = imperial_power(state, player, year)
        if power > limit:
            return f"a player with {limit} Imperial Power or less in round {round_number(year)} ({player} has {power})"
    homes = tuple(_table(variant).get("homes", ()))
    taken = {f["home"] for f in state.foreign.values()}
    if home not in homes or home in taken:
        return "a Foreign Power Home Province not taken: " + ", ".join(h for h in homes if h not in taken)
    if edge not in EDGES:
        return "one of the six edges: " + ", ".join(EDGES)
    return None


def become(variant: Variant, state: State, player: str, home: str, edge: str) -> list[tuple[str, str]]:
    """Steps 1 to 5 of becoming a Foreign Power: 'Lose all provinces you possessed inside the
    Empire ... these form one new Principality'; 'Turn all Gold into Diplomatic Influence at a
    rate of 1:1'; 'Count the Diplomatic Influence you have saved and on Principalities. Remove it
    all and give yourself back ½, rounding down'; 'Your Foreign Power is same Religion'; the Home
    Province beside the chosen edge."""
    done = []
    state.eliminated = tuple(p for p in state.eliminated if p != player)
    land = state.princes.pop(player, None)
    if land is not None:
        name = new_name(variant, state) or f"{player} lands"
        state.principalities[name] = Holding(land.provinces, land.capital)
        done.append((player, f"leaves the Empire: {', '.join(land.provinces)} form the new principality {name}"))
    total = state.gold.pop(player, 0) + state.saved_di.get(player, 0)
    for row in state.influence.values():
        total += row.pop(player, 0)
    state.saved_di[player] = total // 2
    state.foreign[player] = {"home": home, "edge": edge, "troubles": 0,
                             "per_round": int(_table(variant).get("power_per_round", 4))}
    if player == state.emperor:  # he 'left the Empire to become a Foreign Power' while Emperor
        state.foreign[player]["left_as_emperor"] = True
    done.append((player, f"becomes a Foreign Power: {home}, beside the {edge} edge; keeps {total // 2} of {total} "
                         "Diplomatic Influence"))
    return done


def roll_troubles(state: State, year: int, seed: str) -> dict[str, int]:
    """'Every Round each Foreign Power rolls 2D6 for "Internal Troubles and Wars Abroad." Subtract
    the result from the Imperial Power your Foreign Power Home Province provides next Round'."""
    rng = random.Random(f"westphalia troubles {year} {seed}")
    out = {}
    for player in sorted(state.foreign):
        out[player] = rng.randint(1, 6) + rng.randint(1, 6)
        state.foreign[player]["troubles_next"] = out[player]
    return out


def emperor_death(variant: Variant, state: State, year: int, seed: str) -> dict:
    """'If the Emperor has been Emperor for one round only, roll a D6; he dies on a 3 or less.
    He dies automatically if he has been Emperor for two rounds, or left the Empire to become a
    Foreign Power.'"""
    table = variant.tables.get("emperor", {})
    out: dict = {"year": year, "roll": None}
    if state.emperor is None:
        return {**out, "dies": True, "why": "there is no Emperor"}
    served = round_number(year) - state.emperor_since + 1  # his marker's round counted (election_round)
    if variant.options.get("emperor_rounds") == "next_round" and _elected_in_a_round(state, year):
        served -= 1  # elected at a round's Imperial Election, its last step: he reigns from the next round
    if state.foreign.get(state.emperor, {}).get("left_as_emperor"):
        return {**out, "dies": True, "why": f"{state.emperor} left the Empire to become a Foreign Power"}
    if served >= int(table.get("dies_after_rounds", 2)):
        return {**out, "dies": True, "why": f"{state.emperor} has been Emperor for {served} rounds"}
    roll = random.Random(f"westphalia emperor {year} {seed}").randint(1, 6)
    dies = roll <= int(table.get("dies_at_most", 3))
    return {**out, "roll": roll, "dies": dies, "why": f"{state.emperor} rolls {roll}"}


def _elected_in_a_round(state: State, year: int) -> bool:
    """Whether the Emperor was elected at a round's Imperial Election, not in the Setup (his
    marker 'on 1510', round 1, like one elected at round 1's). Counted from the next round, the
    Setup's Emperor dies automatically at round 2's election, so one marked on round 1 is the
    Setup's only at round 1's, or at round 2's when round 1's (the last death decided) left him
    alive."""
    now = round_number(year)
    if state.emperor_since > 1 or now > 2:
        return True
    return now == 2 and bool(state.emperor_dies.get("dies"))
