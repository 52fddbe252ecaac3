"""What follows when a major power attacks and occupies a minor state: the VP penalties, the
CONTESTED mark, DOMINION, REVOLT, and the minor's rebuilt unit.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, 'Penalties Concerning Political Status of Minor States',
'Penalties Concerning Religious Status of Minor States', 'Consequences Of When A Major Power
Attacks And Occupies A Minor State', '8 VICTORY POINTS ADJUSTMENT' (the Papal States) and '7
OWNERSHIP/BUILD/ADJUSTMENT PHASE' ('If a supply center of a minor state is unoccupied and has yet
to change ownership, a new unit is built').
"""

from __future__ import annotations

from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.mechanics.influence import CATHOLIC
from gm_tools.systems.europe1615v2.politics import ALIGNED, CONTROLLED, DUALITY, NEUTRAL, Status
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import State


def dislodged_minor_units(setup: Setup, before: Position, after: Position) -> list[tuple[str, str, str]]:
    """(minor, province, power) for each minor unit a power dislodged in a movement phase: the
    minor's unit is gone from ``province`` and the power's unit stands there ('the meaning of
    "attack and occupy" is that the major power SUCCESSFULLY attacks and dislodges the minor
    state's unit'). Minor units that are dislodged are disbanded at once, so they leave no
    retreat behind."""
    out = []
    for province, unit in sorted(before.units.items()):
        if unit.power not in setup.minors:
            continue
        now = after.units.get(province)
        if now is not None and now.power in setup.powers and not any(
                u.power == unit.power and u.province == province for u in after.units.values()):
            out.append((unit.power, province, now.power))
    return out


def penalties(setup: Setup, status: Status | None, minor: str, power: str) -> list[tuple[int, str]]:
    """(VPs lost, why) for ``power`` dislodging ``minor``'s unit, on the statuses the phase
    opened with. 'Penalties are cumulative.'"""
    out = []
    if status is not None:
        if status.political == NEUTRAL:
            out.append((setup.penalties["neutral"], "'any major power that attacks and occupies the [NEUTRAL] state "
                                                    "will suffer a penalty of -5 VPs'"))
        if status.political == ALIGNED and status.power == power:
            out.append((setup.penalties["aligned"], "'the major power (to which the minor state is aligned to) that "
                                                    "attacks and occupies the state will suffer a penalty of -15 VPs'"))
        if status.religious == DUALITY:
            out.append((setup.penalties["duality"], "'If the religious status is DUALITY, any major power that attacks "
                                                    "and occupies the state will suffer a penalty of -3 VPs'"))
        if status.religious == CONTROLLED and status.confession == setup.confession(power):
            out.append((setup.penalties["controlled"], "'any major power with the same religion that attacks and "
                                                       "occupies the [CONTROLLED] state will suffer a penalty of -9 VPs'"))
    if minor == setup.papal_state and setup.confession(power) == CATHOLIC:
        out.append((setup.penalties["papal"], "'Catholic power attacks/dislodges unit in a Papal state= -19'"))
    return out


def occupy(setup: Setup, state: State, table: dict[str, Status], before: Position, after: Position,
           phase: str) -> State:
    """The state after a movement phase: penalties for each minor unit dislodged, and the
    CONTESTED mark ('If a major power holds political control over a minor state ... and an
    opposing power attacks and occupies the minor state before a build phase, the minor state is
    then marked as CONTESTED')."""
    new = state.copy()
    for minor, province, power in dislodged_minor_units(setup, before, after):
        for vps, why in penalties(setup, table.get(minor), minor, power):
            new.penalties.append({"phase": phase, "power": power, "minor": minor, "province": province,
                                  "vps": -vps, "why": why})
        status = table.get(minor)
        if status is not None and status.political == ALIGNED and status.power != power:
            new.contested[minor] = power
    return new


def settle_contested(setup: Setup, state: State, position: Position) -> State:
    """A CONTESTED mark lasts while the occupier stands in the minor state's lands without
    owning them: once retaken, or once the occupier owns its center at a build phase, the
    mark goes ('once the minor state is retaken, penalties concerning religious status ... and
    political status ... take effect')."""
    new = state.copy()
    for minor, power in list(new.contested.items()):
        lands = setup.minors[minor].provinces
        occupying = any(u.power == power and u.province in lands for u in position.units.values())
        owns = any(position.centers.get(c) == power for c in setup.homes.get(minor, ()))
        if not occupying or owns:
            del new.contested[minor]
    return new


def dominions(setup: Setup, state: State, centers: dict[str, str], year: int) -> State:
    """'If a major power attacks and occupies a minor state, and this is the first occurrence
    of occupation by a major power with change in ownership at the build phase, no other major
    power may place INFs in that state during the coming political and religious influence
    phase. The minor state is now considered the DOMINION of the occupying power.' ``year`` is
    the build phase's. The DOMINION is kept while the power owns one of the state's centers
    (the tribute and the minor's rebuilt unit hang on it); a later owner gets none, since its
    occupation is not the first."""
    new = state.copy()
    for minor, homes in setup.homes.items():
        if minor not in setup.minors:
            continue
        owners = [centers.get(c) for c in homes if centers.get(c) in setup.powers]
        if minor in new.dominion and new.dominion[minor] not in owners:
            del new.dominion[minor]
        if owners and minor not in new.occupied and minor not in new.dominion:
            new.dominion[minor] = owners[0]
            new.occupied[minor] = year
    return new


def revolts(setup: Setup, table: dict[str, Status], centers: dict[str, str]) -> dict[str, str]:
    """Center -> why it is in REVOLT: 'If an opposing religion has control of the minor state,
    the major power that now owns the minor state will be unable to build on the site until the
    religious status is changed to DUALITY. If the minor state is ALIGNED with another power,
    the supply center output is reduced to 1/3'."""
    out = {}
    for center, owner in sorted(centers.items()):
        minor = setup.minor_of(center)
        status = table.get(minor) if minor else None
        if owner not in setup.powers or status is None:
            continue
        why = []
        if status.religious == CONTROLLED and status.confession != setup.confession(owner):
            why.append(f"{status.confession.title()} CONTROLLED: {owner} cannot build there")
        if status.political == ALIGNED and status.power != owner:
            why.append(f"ALIGNED with {status.power}: a third of its supply points")
        if why:
            out[center] = "; ".join(why)
    return out


def rebuild_minor_units(setup: Setup, state: State, position: Position) -> list[Unit]:
    """'If a supply center of a minor state is unoccupied and has yet to change ownership, a
    new unit is built. This is contingent on the fact that the minor state is not the DOMINION
    of a major power.'"""
    out = []
    for minor in sorted(setup.minors):
        if minor in state.dominion:
            continue
        for center in setup.homes.get(minor, ()):
            if position.centers.get(center) == minor and center not in position.units:
                out.append(Unit(power=minor, kind=ARMY, location=center))
    return out
