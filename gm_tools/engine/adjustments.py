"""Adjustment (winter) adjudication: builds, removals, waives and civil disorder.

2000 rulebook, 'Gaining and losing units': a power with more supply centers than units
may build the difference, one unit per unoccupied home center it still owns
(``rules.build_sites``); it may waive builds. A power with more units than centers
removes the difference; if it orders too few removals, the units farthest from its owned
home supply centers are removed (civil disorder; see :func:`civil_disorder_order`).
Orders are handled one by one (DATC 4.D.6, 6.I/6.J): builds or removals beyond the count
are invalid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.errors import IllegalOrderError
from gm_tools.engine.model import (
    ARMY,
    FLEET,
    INVALID,
    SUCCEEDS,
    Build,
    Disband,
    Order,
    OrderResult,
    Position,
    Unit,
    Waive,
    order_text,
    province_of,
)
from gm_tools.engine.results import reason, result_of
from gm_tools.engine.rules import Rules, rules_for
from gm_tools.engine.variant import Variant


@dataclass
class AdjustmentOutcome:
    """What an adjustment phase did."""

    results: list[OrderResult]
    """One result per order given, in the order given, then one per civil-disorder removal."""
    built: list[Unit] = field(default_factory=list)
    """Units built, in the order built."""
    removed: list[Unit] = field(default_factory=list)
    """Units removed, ordered removals first, then civil disorder."""
    units_after: dict[str, Unit] = field(default_factory=dict)
    """Units on the board after the adjustments."""


def adjustment_counts(variant: Variant, position: Position) -> dict[str, int]:
    """Power -> builds (positive) or removals (negative) due: centers owned minus units."""
    # One pass over the centers and one over the units (this is asked after every fall
    # movement, to know whether the adjustment phase is played).
    counts = dict.fromkeys(variant.powers, 0)
    for owner in position.centers.values():
        if owner in counts:
            counts[owner] += 1
    for unit in position.units.values():
        if unit.power in counts:
            counts[unit.power] -= 1
    return counts


def free_build_sites(variant: Variant, position: Position, rules: Rules, power: str) -> list[str]:
    """Build sites of ``power`` with no unit on them, sorted."""
    return sorted(p for p in rules.build_sites(variant, position, power) if p not in position.units)


def build_site_refused(written: str, variant: Variant, position: Position, rules: Rules, power: str, province: str,
                       sites: set[str]) -> IllegalOrderError:
    """The order ``written``, a build in ``province``, which is not one of ``power``'s build
    ``sites`` (2000 rulebook, 'Building': only in an unoccupied home supply center it still
    controls; the rules' ``build_sites`` and ``may_build``). Its reason, which a --lenient turn
    records, lists every build site, as records always have; the words the GM is shown list
    the sites a build could go to now (no unit there, a unit the rules let be built), or say
    that there is none."""
    refused = f"{variant.powers[power].name} cannot build in {variant.provinces[province].name} ({province})"
    error = IllegalOrderError(written, f"{refused}; its build sites are: {', '.join(sorted(sites)) or 'none'}")
    free = [p for p in sorted(sites) if p not in position.units
            and any(rules.may_build(variant, position, power, kind, p) is None for kind in (ARMY, FLEET))]
    error.shown = (f"{refused}; its build sites free now are: {', '.join(free)}" if free
                   else f"{refused}; none of its build sites is free now" if sites
                   else f"{refused}; it has no build site")
    return error


def has_adjustments(variant: Variant, position: Position, rules: Rules | None = None) -> bool:
    """Does any power have something to do: a removal, or a build it has room for?"""
    rules = rules or rules_for(variant)
    for power, count in adjustment_counts(variant, position).items():
        if count < 0 or (count > 0 and free_build_sites(variant, position, rules, power)):
            return True
    return False


def adjudicate_adjustments(
    variant: Variant, position: Position, orders: list[Order], rules: Rules | None = None
) -> AdjustmentOutcome:
    """Adjudicate an adjustment phase, order by order, then civil disorder."""
    rules = rules or rules_for(variant)
    counts = adjustment_counts(variant, position)
    left = dict(counts)
    units = dict(position.units)
    sites = {p: rules.build_sites(variant, position, p) for p in variant.powers}
    outcome = AdjustmentOutcome(results=[])
    for order in orders:
        power = getattr(order, "power", "")
        problem = _problem(variant, order, power, left, units, sites)
        if problem:
            outcome.results.append(result_of(power, order_text(order), INVALID, [reason("illegal", text=problem)],
                                             parsed=order))
            continue
        if isinstance(order, Build):
            unit = Unit(power, order.kind, order.location)
            units[province_of(order.location)] = unit
            outcome.built.append(unit)
            left[power] -= 1
            outcome.results.append(result_of(power, order_text(order), SUCCEEDS, [reason("built")], parsed=order))
        elif isinstance(order, Waive):
            left[power] -= 1
            outcome.results.append(result_of(power, order_text(order), SUCCEEDS, [reason("waived")], parsed=order))
        else:
            outcome.removed.append(units.pop(order.unit.province))
            left[power] += 1
            outcome.results.append(result_of(power, order_text(order), SUCCEEDS, [reason("removed")], parsed=order))
    for power in variant.powers:
        while left.get(power, 0) < 0:
            own = [u for u in units.values() if u.power == power]
            unit = civil_disorder_order(variant, position, power, own)[0]
            units.pop(unit.province)
            outcome.removed.append(unit)
            left[power] += 1
            outcome.results.append(
                result_of(power, f"{unit} D", SUCCEEDS, [reason("civil_disorder")], parsed=Disband(power, unit))
            )
    outcome.units_after = units
    return outcome


def _problem(variant, order, power, left, units, sites) -> str:
    """Why this adjustment order cannot be carried out now, or empty."""
    if power not in variant.powers:
        return f"there is no power {power}"
    count = left[power]
    if isinstance(order, (Build, Waive)):
        if count <= 0:
            return f"{power} has no build left" if count == 0 else f"{power} must remove units, not build"
        if isinstance(order, Waive):
            return ""
        province = province_of(order.location)
        if province not in sites[power]:
            return f"{province} is not a home supply center {power} owns"
        if province in units:
            return f"{province} is occupied by {units[province]}"
        if not variant.unit_can_stand(order.kind, order.location):
            if order.kind == FLEET and variant.province(order.location).coasts and "/" not in order.location:
                return f"a fleet in {province} needs a coast: one of {', '.join(variant.fleet_locations(province))}"
            return f"{'an army' if order.kind == ARMY else 'a fleet'} cannot stand in {order.location}"
        return ""
    if isinstance(order, Disband):
        if count >= 0:
            return f"{power} has no unit to remove" if count == 0 else f"{power} builds, it removes no unit"
        unit = units.get(order.unit.province)
        if unit is None or unit.kind != order.unit.kind or unit.location != order.unit.location:
            return f"there is no {order.unit} to remove"
        if unit.power != power:
            return f"{unit} belongs to {unit.power}, not {power}"
        return ""
    return f"not an adjustment-phase order: {order_text(order)}"


HOME_CENTERS = "home_centers"
OWNED_CENTERS = "owned_centers"
CIVIL_DISORDER_DISTANCES = (HOME_CENTERS, OWNED_CENTERS)
"""The named choices of the ``civil_disorder`` option (``docs/datc-options.md``, DATC 4.D.8)."""


def civil_disorder_order(variant: Variant, position: Position, power: str, units: list[Unit]) -> list[Unit]:
    """``units`` in the order civil disorder removes them (2000 rulebook, 'Civil
    disorder'; DATC 6.J): farthest first from the power's home supply centers, whoever owns
    them now (1982 and 2000 rulebooks; the option ``civil_disorder = "owned_centers"``
    measures to the nearest supply center the power owns instead, as the 2023 rulebook
    does); an army counts its moves over land and sea alike (as if convoyed, DATC 6.J.10),
    a fleet only its own moves, to any coast (DATC 6.J.5, 6.J.6, 6.J.9); at equal distance
    fleets before armies, then alphabetically by province name."""
    homes = set(variant.home_centers(power))
    if variant.options.get("civil_disorder", HOME_CENTERS) == OWNED_CENTERS:
        targets = {c for c, owner in position.centers.items() if owner == power} or homes
    else:
        targets = homes
    unreachable = 10 * len(variant.provinces)

    def key(unit: Unit):
        d = _distance(variant, unit, targets)
        name = variant.provinces[unit.province].name.lower()
        return (-(unreachable if d is None else d), 0 if unit.kind == FLEET else 1, name, unit.province)

    return sorted(units, key=key)


def _distance(variant: Variant, unit: Unit, targets: set[str]) -> int | None:
    """Fewest moves from the unit to any target province, or None if it cannot get there."""
    if unit.kind == FLEET:
        start = unit.location

        def neighbours(loc: str):
            return variant.fleet_adjacency.get(loc, ())
    else:
        start = unit.province

        def neighbours(province: str):
            near = set(variant.army_adjacency.get(province, ()))
            for loc in variant.fleet_locations(province):
                near.update(province_of(a) for a in variant.fleet_adjacency.get(loc, ()))
            return near

    distance = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            if province_of(here) in targets:
                return distance[here]
            for there in sorted(neighbours(here)):
                if there not in distance:
                    distance[there] = distance[here] + 1
                    nxt.append(there)
        frontier = nxt
    return None
