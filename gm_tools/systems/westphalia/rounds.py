"""The first steps of a round: Initiative, Religious Upheaval, Earn Gold.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'How to Play': 'Determine Initiative', 'Religious
Upheaval', 'Earn Gold'. Chance (the bag, the dice) is drawn from the game's seed before the
step, so the sheet shows it and the GM enters only the players' choices.
"""

from __future__ import annotations

import random

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.figures import imperial_power, round_number
from gm_tools.systems.westphalia.state import State

PROTESTANT, CATHOLIC = "protestant", "catholic"


def initiative(state: State, year: int) -> tuple[str, ...]:
    """'with the Emperor first, followed by Players ordered from weakest to strongest according
    to their Imperial Power, with ties resolved clockwise from the Emperor.' The table's seating
    is the Setup Order (NOTES.md): clockwise from the Emperor is that order from the player
    after him."""
    seats = list(state.setup_order)
    start = seats.index(state.emperor) + 1 if state.emperor in seats else 0
    clockwise = seats[start:] + seats[:start]
    others = [p for p in clockwise if p != state.emperor]
    ranked = sorted(others, key=lambda p: (imperial_power(state, p, year), clockwise.index(p)))
    return ((state.emperor,) if state.emperor else ()) + tuple(ranked)


def principality_religion(state: State, name: str) -> str:
    land = state.principalities[name].provinces
    return PROTESTANT if land and all(p in set(state.protestant) for p in land) else CATHOLIC


def draw_upheaval(variant: Variant, state: State, year: int, seed: str) -> dict:
    """The bag and the dice of the round's Religious Upheaval: 'During Rounds 1-3: Place 1
    control marker for each Catholic Principality inside the Religious Upheaval Bag. Draw 2
    control markers in a 5-6 Player game, 3 in a 7-8 Player game ... Each Catholic
    non-Foreign Power Player rolls a D6'; 'During Rounds 4-6: Put a control marker from every
    Principality into the Religious Upheaval Bag ... If 2+ provinces, roll a D6'."""
    table = variant.tables.get("upheaval", {})
    late = round_number(year) >= int(table.get("late_from_round", 4))
    draws = int(table.get("draws", {}).get(str(len(state.setup_order)), 2))
    rng = random.Random(f"westphalia upheaval {year} {seed}")
    bag = sorted(n for n in state.principalities if late or principality_religion(state, n) == CATHOLIC)
    drawn = sorted(rng.sample(bag, min(draws, len(bag))))
    out: dict = {"drawn": drawn}
    if late:
        out["rolls"] = {n: rng.randint(1, 6) for n in drawn if len(state.principalities[n].provinces) > 1}
    else:
        out["players"] = {p: rng.randint(1, 6) for p in state.setup_order
                          if state.religion_of(p) == CATHOLIC and p not in state.foreign}
    return out


def convertible(state: State, player: str) -> list[str]:
    """The provinces an Upheaval roll of 1-3 may convert: the player's Catholic provinces but his
    capital ('A player's capital may not be converted this way')."""
    land = state.princes.get(player)
    if land is None:
        return []
    return [p for p in land.provinces if p != land.capital and p not in set(state.protestant)]


def upheaval_losers(variant: Variant, state: State) -> list[str]:
    """Players who rolled 1-3, in Setup Order, as the dice are rolled: the record keeps the
    rolls by name, so their order there is not the sheet's."""
    limit = int(variant.tables.get("upheaval", {}).get("converts_at_most", 3))
    rolls = state.upheaval.get("players", {})
    return [p for p in state.setup_order if p in rolls and rolls[p] <= limit]


def upheaval_choosers(variant: Variant, state: State) -> list[str]:
    """Players whose roll converts one of their provinces: 'On a 1-3'. One who has no province
    but his capital left Catholic has nothing to choose, and nothing converts (NOTES.md)."""
    return [p for p in upheaval_losers(variant, state) if convertible(state, p)]


def no_choice(variant: Variant, state: State, player: str) -> str:
    """Why a province chosen for ``player``, who has no row on the step's sheet, is refused: on
    the sheet and by mail alike. 'On a 1-3, one of the Player's provinces of his choice
    converts'; 'A player's capital may not be converted this way'."""
    if player in upheaval_losers(variant, state):
        return (f"no choice: {player} has no Catholic province but its capital ('A player's capital may not be "
                "converted this way')")
    return ("a province only from a player whose D6 came up 1-3 ('On a 1-3, one of the Player's provinces of his "
            f"choice converts'): this round {', '.join(upheaval_choosers(variant, state)) or 'nobody'}")


def check_choice(state: State, player: str, province: str) -> str | None:
    """'one of the Player's provinces of his choice converts to Protestantism. A player's capital
    may not be converted this way; it only converts when the Player converts.'"""
    land = state.princes.get(player)
    # the ones he may choose, named whatever the slip: Catholic, and not his capital
    free = [p for p in (land.provinces if land else ()) if p != land.capital and p not in state.protestant]
    choices = (f"one of {player}'s Catholic provinces but his capital ({', '.join(free) or 'none'})")
    if land is None or province not in land.provinces:
        return (f"{choices}: 'one of the Player's provinces of his choice converts to Protestantism. A player's "
                "capital may not be converted this way'")
    if province == land.capital:
        return f"{choices}, {province} being his capital ('A player's capital may not be converted this way')"
    if province in state.protestant:
        return f"{choices}, {province} being Protestant already"
    return None


def apply_upheaval(variant: Variant, state: State, choices: dict[str, str]) -> list[tuple[str, str]]:
    """Convert what the draws and the players' choices convert; the drawn principalities become
    this round's eligible targets. Returns (player or "", what happened)."""
    limit = int(variant.tables.get("upheaval", {}).get("converts_at_most", 3))
    protestant = set(state.protestant)
    done = []
    rolls = state.upheaval.get("rolls")
    for name in state.upheaval.get("drawn", []):
        land = state.principalities[name].provinces
        if rolls is not None and len(land) > 1 and rolls.get(name, 6) > limit:
            done.append(("", f"{name} is drawn and rolls {rolls[name]}: it keeps its faith"))
            continue
        to_protestant = principality_religion(state, name) == CATHOLIC
        protestant = (protestant | set(land)) if to_protestant else (protestant - set(land))
        done.append(("", f"{name} is drawn and converts to {'Protestantism' if to_protestant else 'Catholicism'}"))
    for player, province in sorted(choices.items()):
        protestant.add(province)
        done.append((player, f"rolls {state.upheaval['players'][player]}: {province} converts to Protestantism"))
    for player in upheaval_losers(variant, state):
        if player not in choices and not convertible(state, player):
            done.append((player, f"rolls {state.upheaval['players'][player]}: no province converts (none but the "
                                 "capital is Catholic: 'A player's capital may not be converted this way')"))
    state.protestant = tuple(sorted(protestant))
    state.targets = tuple(state.upheaval.get("drawn", []))
    return done


def earn_gold(variant: Variant, state: State) -> list[tuple[str, str]]:
    """'Players earn 2 Gold for each town they own that is on an orthodox (the religion they
    adhere to) province. Players do not earn Gold for allied towns or towns on heretical
    provinces.' A player's towns are its capital and the towns it conquered."""
    per_town = int(variant.tables.get("gold", {}).get("per_town", 2))
    done = []
    for player in state.setup_order:
        towns = state.towns_of(player)
        orthodox = [t for t in towns if (PROTESTANT if t in state.protestant else CATHOLIC) == state.religion_of(player)]
        earned = per_town * len(orthodox)
        state.gold[player] = state.gold.get(player, 0) + earned
        done.append((player, f"earns {earned} Gold ({len(orthodox)} orthodox town(s)): {state.gold[player]} in all"))
    return done
