"""Can a movement-phase order be carried out at all? The checks made before adjudication
(2000 rulebook and DATC 6.A-6.B): the unit exists and is the orderer's, the destination is
reachable by land or by some chain of seas, a support reaches the province it supports
into, a convoying fleet is at sea. An order that fails them is ``invalid`` and its unit
holds. Matching supports and convoys to the orders they name is the adjudicator's part.
"""

from __future__ import annotations

from gm_tools.engine.model import ARMY, FLEET, Convoy, Hold, Move, Order, Position, Support, Unit, order_text, province_of
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant


def order_problem(variant: Variant, position: Position, rules: Rules, order: Order, parsed: bool) -> str:
    """Why the order cannot be carried out, or empty if it can.

    ``parsed``: the order was read by :func:`gm_tools.engine.parser.parse_order` from this
    position with these rules, which already refused what the checks under ``if not
    parsed`` refuse (a movement order of the power's own unit, a move it could make
    without a convoy or a coast-to-coast army move, a support into a province its unit
    could enter, the rules' limits on supports and convoys: ``may_support_into``,
    ``may_assist``), so those are not done twice. The checks that need the other units'
    orders or the whole board (DATC 4.E.1: 6.D.31, 6.D.32, 6.G.7) and ``rules.may_act``
    are done either way."""
    if parsed:
        unit = order.unit
    else:
        if not isinstance(order, (Hold, Move, Support, Convoy)):
            return f"not a movement-phase order: {order_text(order)}"
        unit = position.units.get(order.unit.province)
        if unit is None or unit.kind != order.unit.kind or unit.location != order.unit.location:
            return f"there is no {order.unit} on the board"
        if unit.power != order.power:
            return f"{unit} belongs to {unit.power}, not {order.power}"
    cls = type(order)
    if cls is Hold:
        return ""
    refusal = rules.may_act(variant, position, unit)
    if refusal:
        return refusal
    if cls is Move:
        return _check_move(variant, position, rules, unit, order, parsed)
    if cls is Support:
        return _check_support(variant, position, rules, unit, order, parsed)
    if cls is Convoy:
        return _check_convoy(variant, position, rules, unit, order, parsed)
    return ""


def _check_support(variant: Variant, position: Position, rules: Rules, unit: Unit, order: Support, parsed: bool) -> str:
    dest = None if order.dest is None else province_of(order.dest)
    if not parsed:
        # The parser asked these of the orders it read: they are not asked twice.
        target = order.supported if dest is None else dest
        if not variant.can_reach_province(unit.kind, unit.location, target):
            return f"{unit} cannot reach {target}, so it cannot support there"
        refusal = rules.may_support_into(variant, position, unit, target)
        if refusal:
            return refusal
    supported = position.units.get(order.supported)
    if supported is None:
        return f"there is no unit in {order.supported} to support"
    if order.supported_kind and supported.kind != order.supported_kind:
        return f"the unit in {order.supported} is {supported}, not {order.supported_kind} {order.supported}"
    if (
        dest is not None
        and supported.kind == ARMY
        and dest not in variant.army_adjacency.get(supported.province, ())
        and not _fleet_route(variant, position, order.supported, dest, avoid=unit.province)
    ):
        # DATC 6.D.31: the army could only be convoyed through the supporter itself,
        # which cannot convoy and support at once.
        return f"{supported} can reach {dest} only by a convoy of {unit} itself"
    if not parsed:
        refusal = rules.may_assist(variant, position, unit, supported, dest)
        if refusal:
            return refusal
    return ""


def _check_convoy(variant: Variant, position: Position, rules: Rules, unit: Unit, order: Convoy, parsed: bool) -> str:
    if not parsed and not variant.is_sea(unit.location):
        return f"{unit} is not at sea: only a fleet at sea can convoy"
    army = position.units.get(order.army_from)
    if army is None or army.kind != ARMY:
        return f"there is no army in {order.army_from} to convoy"
    on_route = lambda end: _seas_link(variant, unit.province, end, variant.is_sea)  # noqa: E731
    if not (on_route(order.army_from) and on_route(order.army_to)):
        # DATC 6.G.7 (4.E.1): a convoy no route can use is illegal.
        return f"{unit} is on no sea route from {order.army_from} to {order.army_to}"
    if not parsed:  # the parser asked it of the orders it read
        refusal = rules.may_assist(variant, position, unit, army, province_of(order.army_to))
        if refusal:
            return refusal
    return ""


def _check_move(variant: Variant, position: Position, rules: Rules, unit: Unit, order: Move, parsed: bool) -> str:
    dest = province_of(order.dest)
    if parsed:
        # The parser refused all but a move it could make and an army's coast-to-coast
        # move, which needs fleets on a route (DATC 6.D.32) to be legal.
        if unit.kind == FLEET or dest in variant.army_adjacency.get(unit.province, ()):
            return ""
        if not _fleet_route(variant, position, unit.province, dest):
            return f"no fleets stand on a sea route from {unit.province} to {dest} to convoy {unit}"
        return ""
    if dest not in variant.provinces:
        return f"there is no province {dest}"
    if dest == unit.province:
        return f"{unit} cannot move to its own province"
    refusal = rules.may_move(variant, position, unit, dest)
    if refusal:
        return refusal
    if unit.kind == FLEET:
        if not variant.can_move(FLEET, unit.location, order.dest):
            return f"{unit} cannot move to {order.dest}"
        return ""
    if variant.is_sea(dest):
        return f"an army cannot move to the sea ({dest})"
    if variant.can_move(ARMY, unit.location, dest):
        return ""
    if not (variant.is_coastal(unit.location) and variant.is_coastal(dest)):
        return f"{unit} cannot reach {dest}, not even by convoy"
    if not _fleet_route(variant, position, unit.province, dest):
        # DATC 6.D.32 (4.E.1): a convoy move with no fleets on any route is illegal.
        return f"no fleets stand on a sea route from {unit.province} to {dest} to convoy {unit}"
    return ""


def _seas_link(variant: Variant, sea: str, province: str, passable) -> bool:
    """Does a chain of ``passable`` sea provinces starting at ``sea`` touch ``province``?"""
    seen, frontier = {sea}, [sea]
    while frontier:
        here = frontier.pop()
        for nxt in variant.adjacent_provinces(FLEET, here):
            if nxt == province:
                return True
            if nxt not in seen and variant.is_sea(nxt) and passable(nxt):
                seen.add(nxt)
                frontier.append(nxt)
    return False


def _fleet_route(variant: Variant, position: Position, origin: str, dest: str, avoid: str = "") -> bool:
    """Is there a chain of seas holding fleets (not in ``avoid``) from origin to dest?"""
    def passable(sea: str) -> bool:
        unit = position.units.get(sea)
        return sea != avoid and unit is not None and unit.kind == FLEET

    seas = {p for loc in variant.fleet_locations(origin) for p in variant.adjacent_provinces(FLEET, loc)}
    return any(
        variant.is_sea(sea) and passable(sea) and _seas_link(variant, sea, dest, passable)
        for sea in sorted(seas)
    )
