"""Victory points and the end of the game.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '8 VICTORY POINTS ADJUSTMENT', 'How Victory Points Are
Acquired Based On The Status Of The Minor States' and '9 VICTORY CONDITIONS' ('Alliances and
Victory'). Points are worked out afresh from the position whenever asked (the penalties are the
one thing kept, since they hang on what happened): they cannot drift from the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import Position
from gm_tools.mechanics.influence import PROTESTANT
from gm_tools.systems.europe1615v2.politics import ALIGNED, CONTROLLED, statuses
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import State


@dataclass
class Breakdown:
    """One power's victory points, part by part."""

    gained: int = 0
    """'gain of a supply center beyond home centers= +1 per supply point gained'."""
    lost: int = 0
    """'loss of a home supply center= -1 per supply point lost' (0 or less)."""
    penalties: int = 0
    """The penalties incurred so far (0 or less): statuses, the Papal States."""
    papal: int = 0
    """'Protestant power that occupies and owns the Marches (Papal state) = +11 ... Rome = +15'."""
    objectives: dict[str, int] = field(default_factory=dict)
    """Minor -> the objectives table's VPs (counted at the end of the game)."""

    @property
    def total(self) -> int:
        return self.gained + self.lost + self.penalties + self.papal + sum(self.objectives.values())

    def to_json(self) -> dict:
        return {"gained": self.gained, "lost": self.lost, "penalties": self.penalties, "papal": self.papal,
                "objectives": dict(sorted(self.objectives.items())), "total": self.total}


def objective_points(setup: Setup, state: State) -> dict[str, dict[str, int]]:
    """Power -> minor -> VPs from the 'Political and Religious Objectives Table and VP Awards':
    the political VPs where the state is ALIGNED with the power, the religious VPs where its
    confession CONTROLS the state and the power has INFs there, and 5 'for exclusive
    influential control' where it is aligned and no other power has INFs there."""
    out: dict[str, dict[str, int]] = {p: {} for p in setup.powers}
    for minor, status in statuses(setup, state).items():
        infs = state.influence.get(minor, {})
        for power in setup.powers:
            o = setup.objective(minor, power)
            points = 0
            if status.political == ALIGNED and status.power == power:
                points += o.political
                if set(infs) == {power}:
                    points += setup.exclusive
            if status.religious == CONTROLLED and status.confession == setup.confession(power) and infs.get(power):
                points += o.religious
            if points:
                out[power][minor] = points
    return out


def victory_points(setup: Setup, state: State, position: Position, final: bool = False) -> dict[str, Breakdown]:
    """Each power's points at ``position``; with ``final``, the objectives table too ('Victory
    points are awarded at the end of the game depending the political and religious situation
    of the minor states')."""
    out = {p: Breakdown() for p in setup.powers}
    for power, b in out.items():
        homes = set(setup.homes.get(power, ()))
        b.gained = sum(setup.values[c] for c, o in position.centers.items() if o == power and c not in homes)
        b.lost = -sum(setup.values[c] for c in homes if position.centers.get(c) != power)
        b.penalties = sum(e["vps"] for e in state.penalties if e["power"] == power)
        if setup.confession(power) == PROTESTANT:
            for center, bonus in setup.papal_bonus.items():
                unit = position.units.get(center)
                if position.centers.get(center) == power and unit is not None and unit.power == power:
                    b.papal += bonus
    if final:
        for power, table in objective_points(setup, state).items():
            out[power].objectives = table
    return out


def game_result(setup: Setup, totals: dict[str, int], alliances: list[tuple[str, str]],
                sides: list[tuple[str, ...]] | None = None) -> tuple[tuple[str, ...], str] | None:
    """Who wins on these totals, and why; None for a tie that plays on ('If there is a tie
    between any two players, then the game will resume for another year'). ``sides`` are the
    players' powers (a setup for fewer players; default: a power each): a player's VPs are its
    powers' together.

    'an alliance wins if the combined VPs of the two allies exceed the total VPs of the other
    three players (or the other alliance and the fifth player) ... it is possible that a single
    unaligned player can (1) win the game with a minimum amount of VPs by bringing about a
    balance of power between two alliances; or (2) exceeding the other two unaligned players in
    total VPs given the only alliance cannot meet the condition above.'"""
    sides = sides or [(p,) for p in setup.powers]
    side_of = {p: side for side in sides for p in side}
    score = {side: sum(totals.get(p, 0) for p in side) for side in sides}
    everyone = sum(score.values())
    pacts: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for a, b in alliances:
        pair = (side_of.get(a), side_of.get(b))
        # 'Two players ... may form an alliance': a player's two powers (or a France that joined
        # its ally's player) make no alliance, else its VPs would count twice; a player keeps its
        # first alliance, as the sheet refuses a second.
        if None not in pair and pair[0] != pair[1] and not any(side in p for p in pacts for side in pair):
            pacts.append(pair)
    # With negative VPs two alliances can each exceed the rest: the higher combined VPs win, the
    # order the GM typed them in deciding nothing, and equal ones are a tie that plays on.
    combined = {pair: score[pair[0]] + score[pair[1]] for pair in pacts}
    exceeding = sorted((pair for pair in pacts if combined[pair] > everyone - combined[pair]),
                       key=lambda pair: -combined[pair])
    if len(exceeding) > 1 and combined[exceeding[0]] == combined[exceeding[1]]:
        return None
    if exceeding:
        pair = exceeding[0]
        powers = pair[0] + pair[1]
        return powers, f"the alliance of {' and '.join(powers)}: {combined[pair]} VPs against {everyone - combined[pair]}"
    allied = {side for pair in pacts for side in pair}
    free = [side for side in sides if side not in allied]
    if len(pacts) >= 2 and len(free) == 1:
        name = "/".join(free[0])
        return free[0], f"{name}, the one unaligned player, holds the balance between two alliances"
    ranked = sorted(free, key=lambda side: -score[side])
    if not ranked or (len(ranked) > 1 and score[ranked[0]] == score[ranked[1]]):
        return None
    why = "the most VPs" if not pacts else "the most VPs of the unaligned players, no alliance winning"
    return ranked[0], f"{'/'.join(ranked[0])}: {score[ranked[0]]} VPs, {why}"
