"""The Religious War: who may declare it and against whom, how the Leagues form, who defends
the faith, and the peace the winning League makes. The battle between the Leagues is fought at
the table; the GM enters which League won.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Declare a Religious War', 'Religious War Declared',
'Religious War Peace Treaty'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.systems.westphalia.figures import ally
from gm_tools.systems.westphalia.rounds import PROTESTANT, principality_religion
from gm_tools.systems.westphalia.state import State

TREATY_INFLUENCE = 2
"""'The ROTF then gains 2 Diplomatic Influence with the Target Principality' (or the DOTF)."""
ALLY_WITHIN = 2
"""'Are within 2 Diplomatic Influence of being its ally (no ties)'."""


@dataclass
class ReligiousWar:
    """A Religious War as it was fought."""

    target: str
    restorer: str
    """The Restorer of the Faith (ROTF): the declarer."""
    leagues: dict[str, str] = field(default_factory=dict)
    """Player -> its League once the war was declared."""
    defender: str | None = None
    """The Defender of the Faith (DOTF), None when nobody in the other League could be."""
    winner: str = ""
    """The League that won."""
    fought: dict[str, str] = field(default_factory=dict)
    """Elector -> the League it fought in (its ally's), as the battle began."""


def check_declaration(state: State, player: str, target: str) -> str | None:
    """'a Player in a League ... may Declare a Religious War against a heretical Target
    Principality. Only the following are eligible as Target Principalities: Those drawn during
    Religious Upheaval; A Principality you have enough Diplomatic Influence to ally, and: Are
    its ally, or; Are within 2 Diplomatic Influence of being its ally (no ties).'"""
    if player not in state.leagues:
        return no_league(player)
    if target not in state.principalities:
        near = state.nearest(target, players=False)  # a name misspelt: the nearest, as the GM corrects it
        return "a principality on the board" + (f" (nearest: {', '.join(near)})" if near else "")
    if principality_religion(state, target) == state.religion_of(player):
        return f"a heretical principality ({target} is {state.religion_of(player)})"
    if target in state.targets:
        return None
    own = state.influence.get(target, {}).get(player, 0)
    others = max((n for p, n in state.influence.get(target, {}).items() if p != player), default=0)
    if ally(state, target) == player or (own > 0 and others + 1 - own <= ALLY_WITHIN):
        return None
    return (f"a principality drawn in this round's Religious Upheaval ({', '.join(state.targets) or 'none'}) or one "
            f"{player} is allied to or within 2 Diplomatic Influence of allying")


def no_player(state: State, word: str) -> str:
    """What the Declarer's cell takes when it names no player: the players, the nearest first."""
    import difflib

    near = difflib.get_close_matches(str(word).casefold(), [p.casefold() for p in state.setup_order], n=3, cutoff=0.6)
    return (f"a player, one of {', '.join(state.setup_order)}, as the declarer"
            + (f" (nearest: {', '.join(n.upper() for n in near)})" if near else ""))


def no_league(player: str) -> str:
    """Why a declarer in no League may not declare: 'a Player in a League ... may Declare a
    Religious War', a League joined this step ('Players may Join a League, as in Engaging in
    Diplomacy') on the League column of his Player Turns row."""
    return (f"a declarer in a League ('a Player in a League ... may Declare a Religious War'): {player} has joined "
            "none this round (the League column of his Player Turns row, joined while Engaging in Diplomacy or "
            "Waging War: 'League: Evangelical League')")


def league_names(variant) -> tuple[str, str]:
    """(the Catholic League, the Evangelical League), as ``tables.toml [leagues]`` names them."""
    table = variant.tables.get("leagues", {})
    return str(table.get("catholic", "Catholic League")), str(table.get("protestant", "Evangelical League"))


def other(league: str, names: tuple[str, ...]) -> str:
    return next(n for n in names if n != league)


EMPEROR_JOINS = "emperor joins"
"""What :func:`join` gives as the choice behind the Emperor's League: the Religious War sheet's
Emperor joins row, not a player's Religious War Leagues row."""


def join(state: State, war: ReligiousWar, choices: dict[str, str], emperor_league: str | None,
         names: tuple[str, ...]) -> list[tuple[str | None, str]]:
    """'First, go through all Players with Diplomatic Influence on the Target Principality who
    aren't currently in a League ... must Join a League (either one) or lose all DI with the
    Target Principality. Second, if the Emperor is not yet a member of a League, he may Join a
    League.' Returns what happened, in words, each with the choice that made it: the player
    whose League was typed (in ``choices``), :data:`EMPEROR_JOINS`, or None where nothing was
    typed and the rules decide (a player with no League typed 'lose[s] all DI')."""
    done: list[tuple[str | None, str]] = []
    war.leagues = dict(state.leagues)
    held = state.influence.get(war.target, {})
    for player in sorted((p for p in held if held[p] > 0 and p not in war.leagues), key=lambda p: -held[p]):
        league, chose = choices.get(player), player
        if league is None and player == state.emperor and emperor_league in names:
            # the Emperor joining a League (his Emperor joins row) is one who joins, and keeps his DI
            league, chose = emperor_league, EMPEROR_JOINS
        if league in names:
            war.leagues[player] = league
            done.append((chose, f"{player} joins the {league}"))
        else:
            state.influence[war.target].pop(player, None)
            done.append((player if league else None,
                         f"{player} joins no League and loses its Diplomatic Influence with {war.target}"))
    if state.emperor and state.emperor not in war.leagues and emperor_league in names:
        war.leagues[state.emperor] = emperor_league
        done.append((EMPEROR_JOINS, f"the Emperor {state.emperor} joins the {emperor_league}"))
    state.leagues = dict(war.leagues)
    return done


def defender(state: State, war: ReligiousWar, names: tuple[str, ...]) -> str | None:
    """'the Player with the most DI on the Target Principality in the DOTF's League becomes the
    DOTF. If no Players in the DOTF's League have DI with the Target Principality, the Player
    first in Initiative Order becomes the DOTF. The DOTF gains DI with the Target Principality
    sufficient to become its ally if not already.' The DOTF's League is the Restorer's
    opponent; a League with no member has no DOTF."""
    league = other(war.leagues[war.restorer], names)
    members = [p for p in (state.initiative or state.setup_order) if war.leagues.get(p) == league]
    if not members:
        return None
    held = state.influence.get(war.target, {})
    with_di = [p for p in members if held.get(p, 0) > 0]
    chosen = max(with_di, key=lambda p: (held[p], -members.index(p))) if with_di else members[0]
    if ally(state, war.target) != chosen:
        best = max((n for p, n in held.items() if p != chosen), default=0)
        state.influence.setdefault(war.target, {})[chosen] = max(held.get(chosen, 0), best + 1)
    return chosen


def peace(state: State, war: ReligiousWar, names: tuple[str, ...]) -> list[str]:
    """'After the battle, if the ROTF's League: Won, then the Target Principality is forcibly
    converted. All Players in the DOTF's League immediately lose all Diplomatic Influence with
    the Target Principality. The ROTF then gains 2 Diplomatic Influence ... Lost, then the Target
    Principality retains its religion. All Players in the ROTF's League immediately lose all
    Diplomatic Influence with the Target Principality. The DOTF then gains 2'."""
    restorers = war.leagues[war.restorer]
    row = state.influence.setdefault(war.target, {})
    if war.winner == restorers:
        land = set(state.principalities[war.target].provinces)
        faith = principality_religion(state, war.target)
        protestant = set(state.protestant)
        state.protestant = tuple(sorted(protestant - land if faith == PROTESTANT else protestant | land))
        for player in [p for p, league in war.leagues.items() if league != restorers]:
            row.pop(player, None)
        row[war.restorer] = row.get(war.restorer, 0) + TREATY_INFLUENCE
        return [f"the {restorers} wins: {war.target} is converted to "
                f"{'Catholicism' if faith == PROTESTANT else 'Protestantism'}; {war.restorer} gains "
                f"{TREATY_INFLUENCE} Diplomatic Influence there"]
    for player in [p for p, league in war.leagues.items() if league == restorers]:
        row.pop(player, None)
    if war.defender:
        row[war.defender] = row.get(war.defender, 0) + TREATY_INFLUENCE
    return [f"the {other(restorers, names)} wins: {war.target} keeps its faith"
            + (f"; {war.defender} gains {TREATY_INFLUENCE} Diplomatic Influence there" if war.defender else "")]


def check_elector_change(state: State, war: ReligiousWar, removed: str, added: str,
                         faith: str) -> tuple[str, str] | None:
    """'if the Emperor was in the League of his religion and he: Won, then he may remove any
    number of heretical Electors who fought in the Defeated League from the Electorate, replacing
    them with Electors of his choice of his own religion. Lost, then the Player(s) of the opposing
    League with the most Imperial Power may remove any number of Electors of the Emperor's
    religion who fought in the Defeated League ... replacing them with Electors ... of the
    opposing Religion.' An Elector fought in a League when its ally did. ``faith`` is the religion
    the Electorate gains: the Emperor's when he won, the other when he lost, whatever the faith of
    the player who chooses (a League takes either faith's players). What is wrong is ('removed',
    why) or ('added', why): the cell to correct."""
    if removed not in state.electors:
        return "removed", f"one of the Electors ({', '.join(state.electors)})"
    loser = other(war.winner, tuple(sorted(set(war.leagues.values()) | {war.winner})))
    if war.fought.get(removed) != loser:
        return "removed", f"an Elector that fought in the defeated {loser} (its ally was in it)"
    if principality_religion(state, removed) == faith:
        return "removed", f"an Elector of the other faith ({removed} is {faith})"
    if added not in state.principalities or added in state.electors:
        return "added", "a principality on the board that is no Elector yet, to replace it"
    if principality_religion(state, added) != faith:
        return "added", f"a {faith} principality to replace it"
    return None



def pairings(state: State, war: ReligiousWar, names: tuple[str, ...]) -> tuple[list[tuple[str, str]], list[str]]:
    """'Players line up in Initiative Order by League and pair off, with those without opponents
    "In Reserve."': (the pairs, each first player of a League against the first of the other,
    and so on; the players In Reserve)."""
    order = list(state.initiative or state.setup_order)
    lines = [[p for p in order if war.leagues.get(p) == league] for league in names]
    pairs = list(zip(lines[0], lines[1]))
    paired = {p for pair in pairs for p in pair}
    return pairs, [p for line in lines for p in line if p not in paired]
