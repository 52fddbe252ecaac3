"""Wars: declarations, battle phases, and what the rules fix about a battle before the cards.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setting the Warfare Stage' and 'Battles'. The card
duel is played at the table; the GM enters each war's winner, and gm_tools supplies and checks
what the rules decide:

- 'When a war is declared, place both Players, or the Player and the unaligned Principality in
  the First Battle Phase, in the order the war was declared. If either the Player or the
  Principality is already in the First Battle Phase, place them in the Second Battle Phase ...
  Likewise for the Third Battle Phase.' (:func:`battle_phases`);
- 'If a Player's Army Size + Reserves is twice as large as an opponent's, he wins the battle
  automatically without drawing Military Cards'; 'Players randomly draw cards from the deck
  according to their Imperial Power - up to a max of 12 cards, with the rest of their Imperial
  Power going towards Reserves' (:func:`forces`, :func:`automatic_winner`);
- 'When battling an unaligned Principality, the first Player after you in Initiative Order not
  participating in a battle at the moment leads them in battle' (:func:`leader`);
- 'When all Players Waging War have had an opportunity to Declare Wars and change their Military
  Doctrines, proceed to Battles & Peace Treaties' (:func:`change_doctrines`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.systems.westphalia.figures import ally, imperial_power, principality_power
from gm_tools.systems.westphalia.state import State

MAX_CARDS = 12
"""'up to a max of 12 cards'."""
PHASES = 3
"""'Likewise for the Third Battle Phase.'"""


@dataclass(frozen=True)
class War:
    """One declaration."""

    declarer: str
    target: str
    """A player, or an unaligned principality."""
    phase: int = 1
    """The battle phase it is fought in (1 to 3)."""


def check_declaration(state: State, declarer: str, target: str) -> str | None:
    """'Declare War on either an eligible Player or an unaligned Principality.' A Foreign Power
    with no province in the Empire is a Player still, and war may be declared on it: the text
    never says what makes a Player eligible, names Foreign Powers with "no provinces or allies in
    the Empire" among those who may declare a Religious War, and has the winner take "from ...
    the Player and his allies", its allied principalities (NOTES.md)."""
    if declarer == target:
        return "another player or a principality"
    if target in state.principalities:
        friend = ally(state, target)
        return None if friend is None else f"an unaligned principality ({target} is {friend}'s ally)"
    if target in state.princes or target in state.foreign:
        return None
    near = state.nearest(target)  # a misspelt name: the nearest, as the GM corrects it
    return "a player with provinces in the Empire, a Foreign Power or an unaligned principality" + (
        f" (nearest: {', '.join(near)})" if near else "")


def battle_phases(declarations: list[tuple[str, str]]) -> list[War]:
    """Each declaration with the battle phase it is fought in, in the order declared; None
    beyond the third (the caller refuses it)."""
    busy: list[set[str]] = [set() for _ in range(PHASES)]
    wars = []
    for declarer, target in declarations:
        for i in range(PHASES):
            if declarer not in busy[i] and target not in busy[i]:
                busy[i] |= {declarer, target}
                wars.append(War(declarer, target, i + 1))
                break
        else:
            wars.append(War(declarer, target, 0))
    return wars


def power_of(state: State, side: str, year: int) -> int:
    """A side's Imperial Power: a player's, or a principality's 2 + 1 per province."""
    if side in state.principalities:
        return principality_power(state, side)
    return imperial_power(state, side, year)


def forces(state: State, side: str, year: int) -> tuple[int, int]:
    """(Military Cards drawn, Reserves): 'up to a max of 12 cards, with the rest of their
    Imperial Power going towards Reserves'."""
    power = power_of(state, side, year)
    return min(power, MAX_CARDS), max(0, power - MAX_CARDS)


def automatic_winner(state: State, war: War, year: int) -> str | None:
    """The side whose Army Size + Reserves is twice the other's, if one is."""
    a, b = (sum(forces(state, s, year)) for s in (war.declarer, war.target))
    if a >= 2 * b and a > 0:
        return war.declarer
    if b >= 2 * a and b > 0:
        return war.target
    return None


def leader(state: State, war: War, busy: set[str]) -> str | None:
    """Who leads an unaligned principality in battle: 'the first Player after you in Initiative
    Order not participating in a battle at the moment'."""
    order = list(state.initiative or state.setup_order)
    if war.target not in state.principalities or war.declarer not in order:
        return None
    start = order.index(war.declarer)
    for player in order[start + 1:] + order[:start]:
        if player not in busy:
            return player
    return None


STAGE = ("'When all Players Waging War have had an opportunity to Declare Wars and change their Military "
         "Doctrines'")


def change_doctrines(state: State, doctrines: tuple[str, ...], entries: list[dict],
                     waging: set[str]) -> tuple[list[tuple[int, str, str]], list[tuple[str, str]]]:
    """The doctrines changed in Setting the Warfare Stage, before any battle, so every battle of
    the round (the Religious War's too) is fought with them. ``entries``: player, doctrine;
    ``waging``: the players Waging War. Returns (entry, what was found, what was expected) for
    each refused, and what was done; ``state.doctrines`` takes the others."""
    problems, done, changed = [], [], {}
    for i, entry in enumerate(entries):
        player, typed = entry.get("player") or "", str(entry.get("doctrine") or "").strip()
        doctrine = next((d for d in doctrines if d.lower() == typed.lower()), None)
        if doctrine is None:
            problems.append((i, f"{player}: {typed}", f"one of the {len(doctrines)} Military Doctrines: "
                                                      + ", ".join(doctrines)))
        elif player not in waging:
            problems.append((i, f"{player}: {typed}", f"a change by a player Waging War ({STAGE}): "
                                                      + (", ".join(sorted(waging)) or "nobody") + " this round"))
        elif player in changed:
            # each player Waging War has 'an opportunity' in the Warfare Stage: one change a round
            problems.append((i, f"{player}: {typed}", f"one change of doctrine a round for {player} (changed to "
                                                      f"{changed[player]} above)"))
        else:
            changed[player] = doctrine
            was = state.doctrines.get(player, "none")
            state.doctrines[player] = doctrine
            done.append((player, f"changes its Military Doctrine from {was} to {doctrine}" if was != doctrine
                         else f"keeps its Military Doctrine, {doctrine}"))
    state.doctrines = dict(sorted(state.doctrines.items()))
    return problems, done
