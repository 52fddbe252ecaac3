"""The Political and Religious Influence Phase: the year's INFs, their placement, the
diplomatic attacks with their dice, and the two statuses of every minor state.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE' and
'How The Minor States Are Marked After The Diplomatic Attack Phase'. Pure: no file, no sheet;
the dice come from a ``random.Random`` the caller seeds from the game's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gm_tools.mechanics.influence import ALIGNED, NEUTRAL, status_of
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import State

INDEPENDENT = "INDEPENDENT"
UNAFFECTED = "UNAFFECTED"
DUALITY = "DUALITY"
CONTROLLED = "CONTROLLED"


@dataclass(frozen=True)
class Status:
    """A minor state's political and religious status after the attacks."""

    minor: str
    political: str
    """INDEPENDENT, NEUTRAL or ALIGNED."""
    power: str | None
    """The power it is ALIGNED with, else None."""
    religious: str
    """UNAFFECTED, DUALITY or CONTROLLED."""
    confession: str | None
    """The confession that CONTROLS it, else None."""
    total: int
    """INFs present."""

    def describe(self) -> str:
        political = f"ALIGNED with {self.power}" if self.power else self.political
        religious = f"{self.confession.title()} CONTROLLED" if self.confession else self.religious
        return f"{political}; {religious}"


def political_status(setup: Setup, minor: str, infs: dict[str, int]) -> tuple[str, str | None]:
    """'INDEPENDENT (FREE STATE) if there are 4 or less total INFs present'; ALIGNED 'if a
    single major power holds 2/3 or more of the total INFs ... and has invested minimally 5
    INFs, and only if the major power can garner VPs for having the 2/3 majority'; else NEUTRAL."""
    if sum(infs.values()) <= setup.independent_max:
        return INDEPENDENT, None
    status, power = status_of(infs, None, setup.aligned_share, True, setup.aligned_min_infs)
    if status == ALIGNED and setup.objective(minor, power).political > 0:
        return ALIGNED, power
    return NEUTRAL, None


def religious_status(setup: Setup, infs: dict[str, int]) -> tuple[str, str | None]:
    """'UNAFFECTED if there are less than 10 INFs present'; 'CONTROLLED if a single religious
    faction holds 2/3 or more of the total INFs present ..., and a minimum of 10 INFs are
    present for that faction'; else DUALITY."""
    total = sum(infs.values())
    if total < setup.religious_min:
        return UNAFFECTED, None
    factions: dict[str, int] = {}
    for power, n in infs.items():
        factions[setup.confession(power)] = factions.get(setup.confession(power), 0) + n
    for confession, n in sorted(factions.items()):
        if n >= setup.religious_share * total and n >= setup.religious_min:
            return CONTROLLED, confession
    return DUALITY, None


def statuses(setup: Setup, state: State) -> dict[str, Status]:
    """Every pliant minor's statuses, by code."""
    out = {}
    for minor in sorted(setup.pliant):
        infs = state.influence.get(minor, {})
        political, power = political_status(setup, minor, infs)
        religious, confession = religious_status(setup, infs)
        out[minor] = Status(minor, political, power, religious, confession, sum(infs.values()))
    return out


# --- the year's INFs ----------------------------------------------------------------------------


def yearly_infs(setup: Setup, year: int, centers: dict[str, str]) -> dict[str, int]:
    """'For subsequent years, the powers receive the INFs based on the table below, where 3
    points are deducted for each supply center lost or 3 points are added for each supply
    center gained beyond home centers'."""
    base = setup.year_allocation(year)
    out = {}
    for power in setup.powers:
        homes = set(setup.homes.get(power, ()))
        gained = sum(1 for c, o in centers.items() if o == power and c not in homes)
        lost = sum(1 for c in homes if centers.get(c) != power)
        adjust = 0 if year == setup.first_year else setup.per_center * (gained - lost)
        out[power] = max(0, base.get(power, 0) + adjust)
    return out


def receive(setup: Setup, state: State, year: int, centers: dict[str, str], neutral: str | None = None) -> State:
    """The state with the year's INFs in each power's home box ('Any unused INFs are placed in
    the power's home box for later use ... Points placed in the home box may be re-deployed in
    following years'). The ``neutral`` power (France in the 3-player game) receives none until
    it joins a player: it has no one to place them, and would join with years of savings."""
    new = state.copy()
    for power, n in yearly_infs(setup, year, centers).items():
        if power == neutral:
            continue
        box = new.boxes.setdefault(power, {})
        box[power] = box.get(power, 0) + n
    return new


# --- placements -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """``power`` places ``infs`` INFs in ``where``: a pliant minor or another power's home box."""

    power: str
    infs: int
    where: str


def closed_to_others(state: State, minor: str, year: int) -> str | None:
    """The power alone allowed to place INFs in ``minor`` in ``year``'s influence phase: the
    DOMINION made at the build phase just before ('no other major power may place INFs in
    that state during the coming political and religious influence phase'), or None."""
    if state.occupied.get(minor) == year - 1:
        return state.dominion.get(minor)
    return None


def check_placements(setup: Setup, state: State, placements: list[Placement], year: int) -> dict[int, str]:
    """Index -> why the placement is refused, for the state after ``year``'s INFs arrived."""
    refused: dict[int, str] = {}
    spent: dict[str, int] = {}
    for i, p in enumerate(placements):
        if p.infs < 1:
            refused[i] = f"{p.infs} INFs: expected 1 or more"
        elif p.where in setup.powers:
            if p.where == p.power:
                refused[i] = f"{p.where} is {p.power}'s own home box, where its unused INFs stay anyway"
        elif p.where in setup.minors and p.where not in setup.pliant:
            refused[i] = (f"{setup.minors[p.where].name} ({p.where}) cannot be influenced ('The Barbary States "
                          "(FEZ, ALG, TUN) are not part of this list and cannot be influenced')")
        elif p.where not in setup.pliant:
            refused[i] = f"{p.where!r} is neither a pliant minor state nor a power's home box"
        elif closed_to_others(state, p.where, year) not in (None, p.power):
            refused[i] = (f"{p.where} became the DOMINION of {state.dominion[p.where]} at the {year - 1} build phase: "
                          "'no other major power may place INFs in that state during the coming political and "
                          "religious influence phase'")
        if i not in refused:
            spent[p.power] = spent.get(p.power, 0) + p.infs
            if spent[p.power] > state.reserve(p.power):
                refused[i] = (f"{p.power} places {spent[p.power]} INFs in all by this row, but has "
                              f"{state.reserve(p.power)} in its home box")
    return refused


def place(setup: Setup, state: State, placements: list[Placement]) -> State:
    """The state with the (checked) placements made: INFs leave the power's home box ('those
    points already deployed cannot be moved')."""
    new = state.copy()
    for p in placements:
        new.boxes[p.power][p.power] -= p.infs
        row = (new.boxes if p.where in setup.powers else new.influence).setdefault(p.where, {})
        row[p.power] = row.get(p.power, 0) + p.infs
    return State.from_json(new.to_json())


# --- diplomatic attacks -------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """One attack order: ``power`` attacks ``target``'s INFs in ``where`` (a minor or a home
    box); ``choice`` 0 is the first order, 1 to 4 the alternates."""

    power: str
    where: str
    target: str
    choice: int = 0


def immune(setup: Setup, state: State, target: str, attacker: str) -> bool:
    """'if 5 or more INFs of one power have been placed in another's home box, the power has
    earned diplomatic immunity ... protected from diplomatic attacks from the power where INFs
    have been placed'."""
    return state.boxes.get(attacker, {}).get(target, 0) >= setup.immunity_infs


def blocked(setup: Setup, state: State, a: Attack) -> str | None:
    """Why the attack cannot be performed on this state, or None."""
    here = state.at(a.where)
    if a.target == a.power:
        return f"{a.power} cannot attack its own INFs"
    if a.where in setup.powers and a.where != a.power:
        # attacks are made in a minor state ('indicates the name of minor state'); a home box is
        # attacked only by 'the affected power', to end an immunity. So only the box's power can
        # lower the INFs there, and an order refused for immunity at entry stays impossible.
        return (f"{a.where}'s home box is attacked only by {a.where} ('the affected power must eliminate or reduce "
                "the number of INFs of the opposing power')")
    if here.get(a.power, 0) <= 0:
        return f"{a.power} has no INFs in {a.where}"
    if here.get(a.target, 0) <= 0:
        return f"{a.target} has no INFs in {a.where}"
    if a.where != a.power and immune(setup, state, a.target, a.power):
        return (f"{a.target} has diplomatic immunity from {a.power} ({state.boxes[a.power][a.target]} INFs in "
                f"{a.power}'s home box): only an attack on those INFs can end it")
    return None


def check_attacks(setup: Setup, state: State, attacks: list[Attack], year: int, enabled: bool) -> dict[int, str]:
    """Index -> why the order is refused, on the state after the placements. Each order must be
    one the power could perform then; an alternate is used only when an earlier attack of the
    year made the orders before it impossible."""
    refused: dict[int, str] = {}
    seen = set()
    for i, a in enumerate(attacks):
        if not enabled:
            refused[i] = "this game is played without diplomatic attacks (the game's option)"
        elif year < setup.attacks_from:
            refused[i] = f"'Diplomatic attacks commence in the second year ({setup.attacks_from})'"
        elif a.power not in setup.attack_order:
            refused[i] = f"{a.power} is not a power"
        elif not 0 <= a.choice <= setup.alternates(a.power):
            n = setup.alternates(a.power)
            refused[i] = (f"choice {a.choice}: {a.power} submits its first order (0)" +
                          (f" and {n} alternative(s), 1 to {n}" if n else " and no alternative ('there is no need "
                           "for Spain to submit alternate orders')"))
        elif (a.power, a.choice) in seen:
            n = setup.alternates(a.power)  # how to number them, so the GM knows which cell to mend
            refused[i] = f"a second order {a.choice} for {a.power}: its orders are numbered 0 for the first" + (
                (", 1 for its alternate" if n == 1 else f", 1 to {n} for its alternates, each once") if n else
                ", its only one ('there is no need for Spain to submit alternate orders')")
        elif a.where not in setup.pliant and a.where not in setup.powers:
            refused[i] = f"{a.where!r} is neither a pliant minor state nor a power's home box"
        else:
            why = blocked(setup, state, a)
            if why:
                refused[i] = why
        seen.add((a.power, a.choice))
    return refused


def resolve_attacks(setup: Setup, state: State, attacks: list[Attack], rng: random.Random) -> tuple[State, list[dict]]:
    """Each power's attack in the national order: its first order that can still be performed
    ('the French player must submit an alternative order if the first ordered attack is unable
    to be performed due to lost INFs from a Spanish attack'), decided on the table."""
    new = state.copy()
    report = []
    for power in setup.attack_order:
        for a in sorted((x for x in attacks if x.power == power), key=lambda x: x.choice):
            why = blocked(setup, new, a)
            if why:
                report.append({"power": power, "choice": a.choice, "where": a.where, "target": a.target,
                               "performed": False, "why": why})
                continue
            here = new.boxes if a.where in setup.powers else new.influence
            row = here[a.where]
            before = (row[a.power], row[a.target])
            out = setup.table.resolve(before[0], before[1], rng)
            row[a.power] -= out.attacker_loss
            row[a.target] -= out.defender_loss
            report.append({"power": power, "choice": a.choice, "where": a.where, "target": a.target,
                           "performed": True, "attacker": before[0], "defender": before[1], "column": out.column,
                           "roll": out.roll, "result": out.result, "attacker_loss": out.attacker_loss,
                           "defender_loss": out.defender_loss})
            new = State.from_json(new.to_json())
            break
    return new, report


def attack_rng(year: int, seed: str) -> random.Random:
    """The dice of one year's attacks, from the game's recorded seed."""
    return random.Random(f"europe1615v2 attacks {year} {seed}")


__all__ = ["ALIGNED", "NEUTRAL", "INDEPENDENT", "UNAFFECTED", "DUALITY", "CONTROLLED", "Status", "statuses",
           "yearly_infs", "receive", "Placement", "check_placements", "place", "Attack", "check_attacks",
           "resolve_attacks", "attack_rng", "immune"]
