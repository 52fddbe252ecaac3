"""Retreat adjudication: where the dislodged units go.

2000 rulebook, 'Retreats': a dislodged unit retreats to a province it could move to that
is empty, was not left empty by a standoff, and is not the province the attacker came
from (the adjudicator worked these out into ``Dislodged.retreats``). Two or more units
retreating to the same province are all disbanded; a unit given no (usable) retreat order
is disbanded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import (
    FAILS,
    INVALID,
    SUCCEEDS,
    Disband,
    Dislodged,
    Move,
    Order,
    OrderResult,
    Position,
    Retreat,
    Unit,
    orders_in_force,
    order_text,
    province_of,
)
from gm_tools.engine.results import reason as reason_
from gm_tools.engine.results import result_of
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant


@dataclass
class RetreatOutcome:
    """What a retreat phase did."""

    results: list[OrderResult]
    """One result per order given, in the order given, then a ``no order: disbanded``
    result for every dislodged unit given no order."""
    retreated: dict[str, str] = field(default_factory=dict)
    """Province a unit was dislodged from -> location it retreated to."""
    disbanded: list[Unit] = field(default_factory=list)
    """Dislodged units that were disbanded, by province."""
    units_after: dict[str, Unit] = field(default_factory=dict)
    """Units on the board after the retreats."""


def _check(position: Position, order: Order) -> tuple[str, Dislodged | None]:
    if not isinstance(order, (Retreat, Disband, Move)):
        return f"not a retreat-phase order: {order_text(order)}", None
    d = position.dislodged.get(order.unit.province)
    if d is None or d.unit.kind != order.unit.kind or d.unit.location != order.unit.location:
        return f"there is no dislodged {order.unit}", None
    if d.unit.power != order.power:
        return f"{d.unit} belongs to {d.unit.power}, not {order.power}", None
    if isinstance(order, Disband):
        return "", d
    if order.dest not in d.retreats:
        allowed = ", ".join(d.retreats) or "nowhere"
        return f"{d.unit} cannot retreat to {order.dest}; it may retreat to {allowed}", d
    return "", d


def adjudicate_retreats(
    variant: Variant, position: Position, orders: list[Order], rules: Rules | None = None,
    refused: set[str] | frozenset[str] = frozenset(),
) -> RetreatOutcome:
    """Adjudicate a retreat phase. ``position.dislodged`` holds the units to retreat; a
    ``Move`` order for a dislodged unit is read as a retreat. When one unit is given
    several different orders it follows none and is disbanded (DATC 4.D.3). ``refused``: the
    provinces of dislodged units whose order the parser refused; without another order each is
    disbanded as ordered invalidly, not as unordered."""
    # Retreat options were already filtered through the hooks by the adjudicator of the
    # movement phase; ``rules`` only says what a successful retreat leaves on the board.
    results: list[OrderResult | None] = [None] * len(orders)
    legal: list[int] = []
    reported: set[str] = set()
    for n, order in enumerate(orders):
        problem, dislodged = _check(position, order)
        if problem:
            reason = problem + ("; the unit is disbanded" if dislodged is not None else "")
            results[n] = result_of(getattr(order, "power", ""), order_text(order), INVALID, [reason_("illegal", text=reason)],
                                   parsed=order)
            if dislodged is not None:
                reported.add(order.unit.province)
            continue
        legal.append(n)
    in_force = orders_in_force(orders, results, legal, "it is disbanded")
    # A unit whose orders conflicted was reported above; it follows none of them.
    reported.update(orders[n].unit.province for n in legal if orders[n].unit.province not in in_force)

    # Who wants to go where (by province: two coasts of one province still collide).
    wanted: dict[str, list[str]] = {}
    for province, n in in_force.items():
        if not isinstance(orders[n], Disband):
            wanted.setdefault(province_of(orders[n].dest), []).append(province)

    outcome = RetreatOutcome(results=[], units_after=dict(position.units))
    unordered = []
    for province in sorted(position.dislodged):
        d = position.dislodged[province]
        n = in_force.get(province)
        if n is None:
            outcome.disbanded.append(d.unit)
            if province not in reported:
                why = "invalid_disbanded" if province in refused else "no_order_disbanded"
                unordered.append(result_of(d.unit.power, f"{d.unit} D", SUCCEEDS, [reason_(why)],
                                           parsed=Disband(d.unit.power, d.unit)))
            continue
        order = orders[n]
        judged = Retreat(order.power, order.unit, order.dest) if isinstance(order, Move) else order
        text = order_text(judged)
        if isinstance(order, Disband):
            outcome.disbanded.append(d.unit)
            results[n] = result_of(order.power, text, SUCCEEDS, [reason_("disbanded")], parsed=judged)
            continue
        target = province_of(order.dest)
        rivals = [p for p in wanted[target] if p != province]
        if rivals:
            outcome.disbanded.append(d.unit)
            names = [str(position.dislodged[p].unit) for p in sorted(rivals)]
            results[n] = result_of(order.power, text, FAILS, [reason_("retreat_standoff", units=names)], parsed=judged)
            continue
        outcome.retreated[province] = order.dest
        outcome.units_after[target] = (rules.on_retreated(variant, position, d.unit, order.dest) if rules is not None
                                       else d.unit.moved_to(order.dest))
        results[n] = result_of(order.power, text, SUCCEEDS, parsed=judged)
    outcome.results = [r for r in results if r is not None] + unordered
    return outcome
