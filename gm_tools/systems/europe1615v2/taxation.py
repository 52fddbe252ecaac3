"""The Taxation/Revenue Phase: each power's treasury, with a statement of where the money came
from.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '5 TAXATION/REVENUE PHASE' ('Each supply center on the
board is represented by a symbol indicating a value (3, 9, or 15). This value is the supply
points provided by the center ... each supply point is equivalent to 1 point of currency'),
'Benefits of the Political and Religious Status of the Minor States' (an aligned power collects
'1/3 of the supply points provided by the minor state') and 'Consequences Of When A Major Power
Attacks And Occupies A Minor State' (DOMINION and REVOLT).

Rounding: a third of a value is rounded down. The values are 3, 9 and 15, so a third is whole
and the rounding only matters to a GM who edits the values.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.systems.europe1615v2.politics import ALIGNED, Status
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import State


@dataclass(frozen=True)
class Statement:
    """One power's Taxation/Revenue Phase."""

    power: str
    before: int
    """The treasury before the phase (the starting funds in the first year)."""
    centers: dict[str, int]
    """Center -> supply points it yielded (a third in REVOLT)."""
    tribute: dict[str, int]
    """Aligned minor state -> the third of its supply points collected."""
    first_year: bool
    """True in the first year: the funds table stands in for the centers' yield ('At the start
    of the first year each power begins with the following funds. Note: Initial funds may be
    modified by the results of the political and religious influence phase')."""

    @property
    def income(self) -> int:
        return (0 if self.first_year else sum(self.centers.values())) + sum(self.tribute.values())

    @property
    def after(self) -> int:
        return self.before + self.income

    def to_json(self) -> dict:
        return {"power": self.power, "before": self.before, "centers": dict(sorted(self.centers.items())),
                "tribute": dict(sorted(self.tribute.items())), "first_year": self.first_year,
                "income": self.income, "after": self.after}


def third(setup: Setup, value: int) -> int:
    return int(value * setup.tribute_share)


def center_yield(setup: Setup, table: dict[str, Status], center: str, owner: str) -> int:
    """A center's supply points for its owner: 'If the minor state is ALIGNED with another
    power, the supply center output is reduced to 1/3 its normal production of supply points
    until the status can be changed to NEUTRAL' (REVOLT)."""
    value = setup.values[center]
    minor = setup.minor_of(center)
    status = table.get(minor) if minor else None
    if owner in setup.powers and status and status.political == ALIGNED and status.power != owner:
        return third(setup, value)
    return value


def tribute(setup: Setup, state: State, table: dict[str, Status], power: str, centers: dict[str, str]) -> dict[str, int]:
    """Minor -> the third of its supply points an ALIGNED power collects ('only if the major
    power can garner VPs for having the 2/3 majority', which ALIGNED already requires). A
    DOMINION of another power yields nothing to it ('Any other power that has a major stake of
    INFs in the minor state loses the benefit of collecting supply points from the state')."""
    out = {}
    for minor, status in table.items():
        if status.political != ALIGNED or status.power != power:
            continue
        if state.dominion.get(minor, power) != power:
            continue
        points = sum(third(setup, setup.values[c]) for c in setup.homes.get(minor, ()) if centers.get(c) == minor)
        if points:
            out[minor] = points
    return out


def revenue(setup: Setup, state: State, table: dict[str, Status], centers: dict[str, str],
            first_year: bool, neutral: str | None = None) -> dict[str, Statement]:
    """Every power's statement for the phase; none for the ``neutral`` power (France in the
    3-player game), which has no treasury until it joins a player and then starts from nothing."""
    out = {}
    for power in setup.powers:
        if power == neutral:
            continue
        before = setup.funds.get(power, 0) if first_year else state.treasury.get(power, 0)
        mine = {c: center_yield(setup, table, c, power) for c, o in sorted(centers.items())
                if o == power and c in setup.values}
        out[power] = Statement(power, before, mine, tribute(setup, state, table, power, centers), first_year)
    return out
