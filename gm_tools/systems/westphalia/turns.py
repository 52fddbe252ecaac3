"""The Player Turns: the actions each player chose, Player Conversion, Spread the Faith, the
Diplomacy Game's Influence and where it is placed, and the Gold that turns into Diplomatic
Influence at the Tradeoffs.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Player Turns'. What the table decides (the hidden
cubes, the thumbs, the Dilemma cards, where dice go) is entered by the GM; what follows from it
is worked out and checked here. The wars are :mod:`.battles`, :mod:`.wars` and
:mod:`.turnsteps`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.board import neighbours
from gm_tools.systems.westphalia.figures import ally
from gm_tools.systems.westphalia.rounds import CATHOLIC, PROTESTANT, principality_religion
from gm_tools.systems.westphalia.state import State

HERESY, DIPLOMACY, WAR = "Combat Heresy", "Engage in Diplomacy", "Wage War"
ACTIONS = (HERESY, DIPLOMACY, WAR)
LUTHER_POINTS = 6
"""'The first Player to convert to Protestantism gains 6 Reformation Points ... the first Player
to return to Catholicism gains 6 Saints.'"""
MARTYRS_LESS = 2
"""'you gain however many Saints or Reformation Points the Player with the least has who is
still saved, -2'."""


@dataclass(frozen=True)
class Die:
    """Faith dice a player placed ('Whenever a Player places a dice on a province')."""

    player: str
    target: str
    """A province code, or a principality's name."""
    count: int
    also: str = ""
    """Within its own territory: 'an additional heretical province of your choice that you
    control that does not have a heretical dice on it'."""


def check_actions(chosen: list[str]) -> str | None:
    """'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'."""
    if len(set(chosen)) != 2 or not set(chosen) <= set(ACTIONS):
        return "two of Combat Heresy, Engage in Diplomacy, Wage War ('Players will choose 2/3')"
    return None


def faith_of(state: State, province: str) -> str:
    return PROTESTANT if province in state.protestant else CATHOLIC


def convert(state: State, players: list[str]) -> list[tuple[str, str]]:
    """'Players convert in Initiative Order, and upon conversion: Blood of the Martyrs - Except
    for Martin Luther and St. Francis de Sales, when you convert you gain however many Saints or
    Reformation Points the Player with the least has who is still saved, -2. May not go
    negative. Martin Luther/St. Francis de Sales - The first Player to convert to Protestantism
    gains 6 Reformation Points. If no Catholics remain, the first Player to return to
    Catholicism gains 6 Saints.' A player's capital converts with it ('it only converts when the
    Player converts')."""
    done = []
    for player in [p for p in state.initiative or state.setup_order if p in players]:
        new = PROTESTANT if state.religion_of(player) == CATHOLIC else CATHOLIC
        faithful = [p for p in state.setup_order if p != player and state.religion_of(p) == new]
        points = state.reformation if new == PROTESTANT else state.saints
        word = "Reformation Points" if new == PROTESTANT else "Saints"
        ever = any(state.reformation.get(p) for p in state.setup_order) or any(
            state.religion_of(p) == PROTESTANT for p in state.setup_order)
        if new == PROTESTANT and not ever:
            gain, why = LUTHER_POINTS, "Martin Luther"
        elif new == CATHOLIC and not faithful:
            gain, why = LUTHER_POINTS, "St. Francis de Sales"
        else:
            least = min((points.get(p, 0) for p in faithful), default=0)
            gain, why = max(0, least - MARTYRS_LESS), "Blood of the Martyrs"
        state.religion[player] = new
        points[player] = points.get(player, 0) + gain
        capital = state.princes[player].capital if player in state.princes else None
        if capital:
            protestant = set(state.protestant)
            state.protestant = tuple(sorted(protestant | {capital} if new == PROTESTANT else protestant - {capital}))
        done.append((player, f"converts to {'Protestantism' if new == PROTESTANT else 'Catholicism'} ({why}: "
                             f"{gain} {word})"))
    return done


def _territory(state: State, player: str) -> set[str]:
    land = state.princes.get(player)
    return set(land.provinces) if land else set()


def _touches(variant: Variant, state: State, player: str, provinces) -> bool:
    from gm_tools.systems.westphalia.setup import hex_of

    mine = {hex_of(variant, p) for p in _territory(state, player)}
    return any(h in mine for p in provinces for h in neighbours(hex_of(variant, p))) \
        or bool(set(provinces) & home_neighbours(variant, state, player))


def home_neighbours(variant: Variant, state: State, player: str) -> set[str]:
    """A Foreign Power's neighbours on the board: 'Your Foreign Power Home Province is now
    adjacent to all provinces on that edge of the map for purposes of conversion and Peace
    Treaties.'"""
    from gm_tools.systems.westphalia.board import edges
    from gm_tools.systems.westphalia.setup import hex_of

    edge = state.foreign.get(player, {}).get("edge")
    if not edge:
        return set()
    code_of = {hex_of(variant, code): code for code in variant.provinces}
    return {code_of[h] for h in edges(code_of).get(edge, ())}


def check_die(variant: Variant, state: State, die: Die, opposed: frozenset[str] = frozenset(),
              left: frozenset[str] = frozenset()) -> str | None:
    """Where a player's faith dice may go: a heretical province it controls, a heretical
    province of a neighbouring opposing player, or a neighbouring or allied principality; or one
    of those places of his own faith where the opposing faith's dice are placed (``opposed``), to
    remove them ('Whenever a Player places a dice on a province with a dice of the opposing
    Faith, both dice are removed'). ``left``: the places with dice left once they cancel
    (:func:`dice_left`), none of which may be the additional province."""
    removing = die.target in opposed
    from gm_tools.systems.westphalia.setup import read_provinces

    def several(text: str) -> bool:  # two provinces typed in one cell, none read as the first
        return text not in variant.provinces and text not in state.principalities and \
            len(sum(read_provinces(variant, text), [])) > 1

    faith = state.religion_of(die.player)
    if die.count < 1:
        return "a number of dice, 1 or more"
    if several(die.target):
        return "one province or principality a row, where the row's dice are placed (a row for each place)"
    if die.also and several(die.also):
        return (f"an additional heretical province {die.player} controls, one ('an additional heretical province of "
                "your choice that you control')")
    if die.target in state.principalities:
        land = state.principalities[die.target].provinces
        if principality_religion(state, die.target) == faith and not removing:
            return f"a heretical principality ({die.target} is {faith} already{_NONE_TO_REMOVE})"
        if ally(state, die.target) != die.player and not _touches(variant, state, die.player, land):
            return "a neighbouring or allied principality ('On a neighboring or allied Principality')"
        return None
    owner = state.owner().get(die.target)
    if owner is None:
        from gm_tools.systems.westphalia.steps import _nearest

        # a misspelt word: the nearest principalities and provinces, as the GM corrects it
        near = state.nearest(die.target, players=False)
        provinces = _nearest(variant, die.target).removeprefix(" (nearest: ").removesuffix(")")
        near = ", ".join(near + ([provinces] if provinces else []))
        return "a province of the board or a principality's name" + (f" (nearest: {near})" if near else "")
    if faith_of(state, die.target) == faith and not removing:
        return f"a heretical province ({die.target} is {faith} already{_NONE_TO_REMOVE})"
    if faith_of(state, die.target) == faith and die.also:
        return (f"an additional heretical province only beside dice on a heretical province ({die.target} is {faith}: "
                "its dice only remove the opposing faith's)")
    if owner == die.player:
        if die.also and (die.also not in _territory(state, die.player) or faith_of(state, die.also) == faith):
            why = f"{die.also} is {faith} already" if die.also in _territory(state, die.player) else \
                f"{die.also} is not {die.player}'s"
            return f"an additional heretical province {die.player} controls ('an additional heretical province of " \
                   f"your choice that you control'): {why}"
        if die.also and die.also in left:
            return (f"an additional heretical province {die.player} controls without dice left on it ('that does not "
                    f"have a heretical dice on it'): dice are left on {die.also} once the opposing faiths' cancel")
        return None
    if owner not in state.princes:
        return (f"the principality's name, not one of its provinces: {die.target} belongs to {owner} ('Dice placed on "
                "Principalities convert the entire Principality')")
    if not _touches(variant, state, die.player, [die.target]):
        return "a neighbouring player's province ('In a neighboring Player-controlled province')"
    return None


_NONE_TO_REMOVE = ", and no die of the opposing faith is placed there for its dice to remove"


def spread(state: State, dice: list[Die]) -> list[tuple[str, str]]:
    """'Whenever a Player places a dice on a province with a dice of the opposing Faith, both
    dice are removed. Once all Players have placed their dice, provinces/Principalities convert'.
    One line for each of ``dice``, in their order."""
    left = dice_left(state, dice)
    heretic_dice = {t for t, f in left.items() if f}
    protestant = set(state.protestant)
    done = []

    def flip(provinces, to: str) -> None:
        nonlocal protestant
        protestant = protestant | set(provinces) if to == PROTESTANT else protestant - set(provinces)

    for d in dice:
        faith = state.religion_of(d.player)
        standing = left.get(d.target, {}).get(faith, 0)
        if not standing:
            done.append((d.player, f"dice on {d.target} cancelled by the opposing faith's"))
            continue
        if (principality_religion(state, d.target) if d.target in state.principalities else
                faith_of(state, d.target)) == faith:
            # placed only to remove the opposing faith's: nothing of its own faith to convert
            done.append((d.player, f"dice on {d.target} remove the opposing faith's; {d.target} keeps its faith"))
            continue
        if d.target in state.principalities:
            land = state.principalities[d.target].provinces
            if standing >= len(land):
                flip(land, faith)
                done.append((d.player, f"{d.target} converts ({standing} dice for {len(land)} provinces)"))
            else:
                done.append((d.player, f"{d.target} holds its faith ({standing} dice for {len(land)} provinces)"))
            continue
        flip([d.target], faith)
        text = f"{d.target} converts"
        if d.also and d.also not in heretic_dice and state.owner().get(d.target) == d.player:
            flip([d.also], faith)
            text += f", and {d.also} with it"
        done.append((d.player, text))
        left[d.target][faith] = 0  # one conversion per target
    state.protestant = tuple(sorted(protestant))
    return done


def dice_left(state: State, dice: list[Die]) -> dict[str, dict[str, int]]:
    """Place -> faith -> the dice left there once 'a dice of the opposing Faith' has removed one
    for one."""
    by_target: dict[str, dict[str, int]] = {}
    for d in dice:
        faith = state.religion_of(d.player)
        by_target.setdefault(d.target, {}).setdefault(faith, 0)
        by_target[d.target][faith] += d.count
    left = {}
    for target, faiths in by_target.items():
        cancel = min(faiths.get(CATHOLIC, 0), faiths.get(PROTESTANT, 0))
        left[target] = {f: n - cancel for f, n in faiths.items() if n - cancel > 0}
    return left


def place_influence(state: State, player: str, gained: int, placements: list[tuple[str, int]]) -> str | None:
    """'take the Influence listed on the card'; 'Unplaced Diplomatic Influence is stored on your
    capital. You may not move Diplomatic Influence between Principalities once placed.'
    Returns what is wrong, or places it."""
    available = state.saved_di.get(player, 0) + gained
    wanted = sum(n for _, n in placements)
    if wanted > available:
        return f"at most {available} Diplomatic Influence ({gained} gained, {available - gained} saved)"
    for name, n in placements:
        if name not in state.principalities:
            return f"a principality on the board, not {name!r}"
    for name, n in placements:
        row = state.influence.setdefault(name, {})
        row[player] = row.get(player, 0) + n
    state.saved_di[player] = available - wanted
    return None


def tradeoffs(state: State) -> list[tuple[str, str]]:
    """'All remaining Gold turns into Diplomatic Influence at a rate of 1:1', kept on the capital."""
    done = []
    for player in state.setup_order:
        gold = state.gold.get(player, 0)
        if gold:
            state.saved_di[player] = state.saved_di.get(player, 0) + gold
            state.gold[player] = 0
            done.append((player, f"turns {gold} Gold into Diplomatic Influence"))
    return done
