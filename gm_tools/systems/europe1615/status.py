"""The political status of each minor state, and the territory it holds.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Rules concerning political status of minor states'
and 'Alignment (Passable) and the Alliance System', 'No alignment (passable)', 'Neutrality
(impassable)', 'Capture of a minor state', 'Expansion'. The shares themselves are the shared
influence rules' (:func:`gm_tools.mechanics.influence.status_of`, with this variant's '50% or
more'); this module adds what 1615 hangs on them:

- a closed minor (Morocco, Catalonia) has the status its data gives until its sanction opens it;
- 'Three-center rule: If a minor state acquires 3 centers, it cannot have an unaligned status.
  By default, the state will be neutral.';
- a captured minor (its home center held by another) has no status: its INFs are 'held in
  suspension' until it is liberated;
- a minor's *dominion*: the centers it owns, and the provinces of the minors it has captured
  ('When a center is captured by the minor state it becomes part of its dominion').
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.model import Position
from gm_tools.mechanics.influence import ALIGNED, NEUTRAL, UNALIGNED, status_of
from gm_tools.systems.europe1615.setup import Setup
from gm_tools.systems.europe1615.state import State

CAPTURED = "CAPTURED"


@dataclass(frozen=True)
class Status:
    """One minor's standing after a deployment."""

    minor: str
    """Minor-state code."""
    status: str
    """ALIGNED, NEUTRAL, UNALIGNED, or CAPTURED."""
    power: str | None = None
    """The power it is aligned with, when ALIGNED."""
    captor: str | None = None
    """When CAPTURED: who holds its home center."""
    why: str = ""
    """Which rule set the status beyond the INFs (closed, three centers), for the report."""

    def describe(self) -> str:
        if self.status == ALIGNED:
            return f"ALIGNED ({self.power})"
        if self.status == CAPTURED:
            return f"captured by {self.captor}: INFs held in suspension"
        return self.status + (f" ({self.why})" if self.why else "")


def centers_of(position: Position, owner: str) -> list[str]:
    return sorted(c for c, o in position.centers.items() if o == owner)


def minor_status(setup: Setup, state: State, position: Position, minor: str) -> Status:
    if minor in state.influence.suspended:
        return Status(minor, CAPTURED, captor=state.influence.suspended[minor])
    if minor in setup.closed and minor not in state.opened:
        sanction, status = setup.closed[minor]
        return Status(minor, status, why=f"closed until the {sanction}")
    status, power = status_of(state.influence.infs(minor), setup.vassal_infs, setup.aligned_share,
                              setup.aligned_at_share, setup.aligned_min_infs)
    if status == UNALIGNED and len(centers_of(position, minor)) >= 3:
        return Status(minor, NEUTRAL, why="three centers: never unaligned")
    return Status(minor, status, power)


def statuses(setup: Setup, state: State, position: Position) -> dict[str, Status]:
    """Every minor's status, by minor code."""
    return {m: minor_status(setup, state, position, m) for m in setup.minors}


def holder(setup: Setup, state: State, minor: str) -> str:
    """Who holds a minor's lands: the minor itself, or, captured, its captor; a minor captured
    by a minor that is captured in turn belongs to the last captor."""
    seen = {minor}
    while minor in state.influence.suspended:
        minor = state.influence.suspended[minor]
        if minor in seen:
            break
        seen.add(minor)
    return minor


def territory(setup: Setup, state: State, position: Position) -> dict[str, str]:
    """Province -> the uncaptured minor state whose dominion it is part of. A minor's own
    provinces, those of the minors it captured, and the centers it owns elsewhere."""
    land: dict[str, str] = {}
    for code, minor in setup.minors.items():
        owner = holder(setup, state, code)
        if owner in setup.minors:
            for prov in minor.provinces:
                land[prov] = owner
    for center, owner in position.centers.items():
        if owner in setup.minors:
            land[center] = owner
        elif center in land and owner in setup.powers:
            del land[center]  # a power's capture inside a minor's lands
    for province, owner in state.annexed.items():
        now = holder(setup, state, owner) if owner in setup.minors else None
        if now in setup.minors:
            land[province] = now
        else:
            # annexed to a power (or the Ottomans), or by a minor a power has since captured:
            # no minor's land, as the captured minor's own provinces are not
            land.pop(province, None)
    return dict(sorted(land.items()))


def side(setup: Setup, table: dict[str, Status], owner: str) -> str:
    """The power an owner's units answer to: a power itself, a minor aligned with a power
    that power; any other owner (an unaligned or neutral minor, the Ottomans) itself."""
    status = table.get(owner)
    if status is not None and status.status == ALIGNED:
        return status.power
    return owner
