"""Movement adjudication: which orders of a movement phase succeed.

The design follows Lucas Kruijswijk's "The Math of Adjudication" (the model the DATC was
written against, and the one godip uses). Every order has one yes/no decision:

- a **move** succeeds (the unit enters its destination);
- a **support** is given (not cut, supporter not dislodged);
- a **convoy**, **hold**, or void order: the unit is *not* dislodged.

The strengths of the rulebook (attack, hold, defend, prevent) are small functions that
read those decisions. Decisions are resolved lazily and remembered. When a decision ends
up depending on itself (circular movement, convoy paradoxes) the resolver guesses it both
ways (:meth:`Resolver.resolve`); if exactly one guess is consistent that is the answer,
otherwise the *backup rule* decides: the Szykman rule when a convoy is in the cycle (the
convoyed armies of the paradox do not move and have no effect), else circular movement
(all moves of the cycle succeed). DATC option choices are listed in docs/datc-options.md.

The resolver never counts units: it adds ``Unit.strength`` and what
``rules.support_given`` says a support is worth. Every rule a variant may change goes
through the hooks of :class:`gm_tools.engine.rules.Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import (
    ARMY,
    FAILS,
    FLEET,
    INVALID,
    SUCCEEDS,
    Convoy,
    Dislodged,
    Hold,
    Move,
    Order,
    OrderResult,
    Position,
    Support,
    Unit,
    orders_in_force,
    order_text,
    province_of,
)
from gm_tools.engine.legality import order_problem
from gm_tools.engine.results import Reason, reason, result_of
from gm_tools.engine.rules import Rules, rules_for
from gm_tools.engine.variant import Variant


@dataclass
class MovementOutcome:
    """What a movement phase did."""

    results: list[OrderResult]
    """One result per order given, in the order given, then a ``no order: holds`` result
    for every unit that was given no order (by province)."""
    moved: dict[str, str] = field(default_factory=dict)
    """Province a unit left -> location it moved to, for every successful move."""
    dislodged: dict[str, Dislodged] = field(default_factory=dict)
    """Province -> the unit dislodged there, with where it may retreat. A unit with no
    retreat is listed with ``retreats=()``; the engine disbands it at once."""
    contested: frozenset[str] = frozenset()
    """Provinces left empty by a standoff: no unit may retreat there."""
    units_after: dict[str, Unit] = field(default_factory=dict)
    """Units on the board after the moves, without the dislodged units."""


# --- the orders in play ---------------------------------------------------------------


@dataclass(slots=True)
class _Entry:
    """One unit's order as the resolver sees it."""

    index: int
    """Position in the resolver's list (decisions are stored by it)."""
    unit: Unit
    """The unit as it stands on the board (its strength comes from the board)."""
    order: Order
    """The order in force: a Hold for a unit with no order or an invalid one."""
    given: int | None
    """Index of the order in the caller's list, or None for an implicit hold."""
    void: str = ""
    """Why a support or convoy has no effect (``void: ...``), or empty."""
    by_convoy: bool = False
    """For an army's move: it travels by convoy (decided before resolution, DATC 4.A.3)."""
    order_invalid: bool = False
    """The unit was given only invalid orders, so it holds."""
    dest: str | None = None
    """For a move or a support to move: the province (no coast) it goes to, read once here
    because the resolver asks it at every step."""
    moves: bool = False
    """The order is a move: the question the resolver asks most, answered once here."""


_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


class Resolver:
    """Resolves the decisions of one movement phase. Build it, then call :meth:`resolve`."""

    def __init__(self, variant: Variant, position: Position, rules: Rules, entries: list[_Entry]):
        self.variant = variant
        self.position = position
        self.rules = rules
        self.entries = entries
        self.by_province: dict[str, _Entry] = {e.unit.province: e for e in entries}
        self.state = [_UNRESOLVED] * len(entries)
        self.resolution = [False] * len(entries)
        self.deps: list[int] = []
        self.paradox_armies: set[str] = set()
        """Provinces of armies whose convoy is in a paradox (Szykman: they do not move)."""
        # Moves into each province, supports and convoys for each move, found once.
        self.moves_to: dict[str, list[_Entry]] = {}
        self.supports_of: dict[tuple[str, str | None], list[_Entry]] = {}
        self.convoys_of: dict[tuple[str, str], list[_Entry]] = {}
        self.follow_bars: dict[int, str] = {}
        """Moves that may not follow the unit out of their destination, by entry: why not
        (``Rules.may_follow``); asked here once, of the few moves into an occupant's leaving."""
        for e in entries:
            if e.moves:
                self.moves_to.setdefault(e.dest, []).append(e)
                occupant = self.by_province.get(e.dest)
                if occupant is not None and occupant.moves:
                    bar = rules.may_follow(variant, position, e.unit, e.dest, occupant.unit)
                    if bar:
                        self.follow_bars[e.index] = bar
                continue
            o = e.order
            cls = type(o)
            if cls is Support or cls is Convoy:
                # A support or convoy that matches no order is void: known before it is indexed.
                e.void = _void_reason(self.by_province, e)
                if e.void:
                    continue
                if cls is Support:
                    self.supports_of.setdefault((o.supported, e.dest), []).append(e)
                else:
                    self.convoys_of.setdefault((o.army_from, o.army_to), []).append(e)

    # --- the guess algorithm ----------------------------------------------------------

    def resolve(self, i: int) -> bool:
        """The decision of entry ``i``, guessing through cycles (Kruijswijk's algorithm)."""
        if self.state[i] == _RESOLVED:
            return self.resolution[i]
        if self.state[i] == _GUESSING:
            if i not in self.deps:
                self.deps.append(i)
            return self.resolution[i]
        old = len(self.deps)
        self.resolution[i], self.state[i] = False, _GUESSING
        first = self._adjudicate(i)
        if len(self.deps) == old:
            # Depends on no guess: final.
            if self.state[i] != _RESOLVED:
                self.resolution[i], self.state[i] = first, _RESOLVED
            return first
        if self.deps[old] != i:
            # Depends on someone else's guess: that one will settle it.
            self.deps.append(i)
            self.resolution[i] = first
            return first
        # Depends on its own guess: try the other guess.
        self._forget(old)
        self.resolution[i], self.state[i] = True, _GUESSING
        second = self._adjudicate(i)
        if first == second:
            # Only one guess is consistent with itself.
            self._forget(old)
            self.resolution[i], self.state[i] = first, _RESOLVED
            return first
        # Both guesses consistent, or neither: a cycle or a paradox.
        self._backup_rule(old)
        return self.resolve(i)

    def _forget(self, old: int) -> None:
        for j in self.deps[old:]:
            self.state[j] = _UNRESOLVED
        del self.deps[old:]

    def _backup_rule(self, old: int) -> None:
        cycle = self.deps[old:]
        convoys = [j for j in cycle if isinstance(self.entries[j].order, Convoy)]
        armies = {self.entries[j].order.army_from for j in convoys} - self.paradox_armies
        if armies:
            # Szykman rule (DATC 4.A.2 preferred): the convoyed armies of the paradox are
            # treated as if they held; their convoys have no effect.
            self.paradox_armies |= armies
            self._forget(old)
            return
        # Circular movement (2000 rulebook): every move in the cycle succeeds.
        for j in cycle:
            if self.entries[j].moves:
                self.resolution[j], self.state[j] = True, _RESOLVED
            else:
                self.state[j] = _UNRESOLVED
        del self.deps[old:]

    def _adjudicate(self, i: int) -> bool:
        e = self.entries[i]
        if e.moves:
            return self._move_succeeds(e)
        if isinstance(e.order, Support) and not e.void:
            return self.support_amount(e) > 0
        return not self.dislodger(e.unit.province)

    # --- paths ------------------------------------------------------------------------

    def path(self, e: _Entry) -> bool:
        """Can the move reach its destination: adjacent, or a convoy that is not broken."""
        if not e.by_convoy:
            return True
        if e.unit.province in self.paradox_armies:
            return False
        return self.convoy_route(e, lambda c: self.resolve(c.index))

    def convoy_route(self, move: _Entry, usable) -> bool:
        """Is there a chain of convoying fleets, each ``usable``, from origin to dest?"""
        origin, dest = move.unit.province, move.dest
        # A route written in the order (A LON - NTH - NWY) is not binding: DATC 4.A.6
        # choice a, path specifications are ignored; any chain of convoying fleets will do.
        convoys = self.convoys_of.get((origin, dest))
        if not convoys:
            return False
        fleets = {c.unit.province: c for c in convoys}
        seas = sorted(fleets)
        seen: set[str] = set()
        frontier = [origin]
        while frontier:
            here = frontier.pop(0)
            for sea in seas:
                fleet = fleets[sea]
                if sea in seen or not self._touches(fleet, here):
                    continue
                seen.add(sea)
                if not usable(fleet):
                    continue
                if self._touches(fleet, dest):
                    return True
                frontier.append(sea)
        return False

    def _touches(self, fleet: _Entry, province: str) -> bool:
        return self.variant.can_reach_province(FLEET, fleet.unit.location, province)

    # --- strengths ----------------------------------------------------------------------

    def support_amount(self, s: _Entry) -> int:
        """What support ``s`` gives: nothing if its unit is dislodged, else what the rules
        say given the attacks that cut it."""
        if self.dislodger(s.unit.province):
            return 0
        return self.rules.support_given(self.variant, self.position, s.unit, self.cutters(s))

    def cutters(self, s: _Entry) -> list[Unit]:
        """Units whose attack cuts support ``s``: any attack with a path, except from the
        province the support is directed against (2000 rulebook), if the rules let it cut."""
        target = s.dest
        found = []
        for m in self.moves_to.get(s.unit.province, ()):
            if target is not None and m.unit.province == target:
                continue
            if not self.rules.cuts_support(self.variant, self.position, m.unit, s.unit):
                continue
            if self.path(m):
                found.append(m.unit)
        return found

    def _support_sum(self, supported: str, dest: str | None, against: Unit | None) -> int:
        """Support for the unit in ``supported`` (to move to ``dest``, or to hold). With
        ``against``, support from units that may not dislodge it is not counted (DATC 6.D.x:
        support of a foreign attack on one's own unit)."""
        total = 0
        for s in self.supports_of.get((supported, dest), ()):
            if against is not None and not self.rules.may_dislodge(self.variant, self.position, s.unit, against):
                continue
            if self.resolve(s.index):
                total += self.support_amount(s)
        return total

    def head_to_head(self, e: _Entry) -> _Entry | None:
        """The unit moving the other way over the same border, if any: neither by convoy."""
        if e.by_convoy:
            return None
        other = self.by_province.get(e.dest)
        if other is not None and other.moves and not other.by_convoy:
            if other.dest == e.unit.province:
                return other
        return None

    def attack_strength(self, e: _Entry) -> int:
        if not self.path(e):
            return 0
        origin, dest = e.unit.province, e.dest
        defender = self.by_province.get(dest)
        if defender is None:
            return e.unit.strength + self._support_sum(origin, dest, None)
        moves_away = (
            defender.moves
            and self.head_to_head(e) is None
            and self.resolve(defender.index)
        )
        if moves_away:
            if e.index in self.follow_bars:
                return 0
            return e.unit.strength + self._support_sum(origin, dest, None)
        if not self.rules.may_dislodge(self.variant, self.position, e.unit, defender.unit):
            return 0
        return e.unit.strength + self._support_sum(origin, dest, defender.unit)

    def hold_strength(self, province: str) -> int:
        e = self.by_province.get(province)
        if e is None:
            return 0
        if e.moves:
            return 0 if self.resolve(e.index) else e.unit.strength
        return e.unit.strength + self._support_sum(province, None, None)

    def defend_strength(self, e: _Entry) -> int:
        return e.unit.strength + self._support_sum(e.unit.province, e.dest, None)

    def prevent_strength(self, e: _Entry) -> int:
        if not self.path(e):
            return 0
        opponent = self.head_to_head(e)
        if opponent is not None and self.resolve(opponent.index):
            return 0
        return e.unit.strength + self._support_sum(e.unit.province, e.dest, None)

    # --- decisions ----------------------------------------------------------------------

    def _move_succeeds(self, e: _Entry) -> bool:
        attack = self.attack_strength(e)
        if attack == 0:
            return False
        opponent = self.head_to_head(e)
        dest = e.dest
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for rival in self.moves_to.get(dest, ()):
            if rival is not e and attack <= self.prevent_strength(rival):
                return False
        return True

    def dislodger(self, province: str) -> _Entry | None:
        """The unit that dislodges the unit in ``province``, or None."""
        e = self.by_province.get(province)
        if e is not None and e.moves and self.resolve(e.index):
            return None
        for m in self.moves_to.get(province, ()):
            if self.resolve(m.index):
                return m
        return None

    def dislodgements(self) -> dict[str, _Entry]:
        """Once every decision is made: province -> the move that dislodged the unit there.
        Only a province some unit tried to enter can have one."""
        found = {}
        for province in self.moves_to:
            attacker = self.dislodger(province) if province in self.by_province else None
            if attacker is not None:
                found[province] = attacker
        return found


def _void_reason(entries: dict[str, _Entry], e: _Entry) -> Reason | None:
    """A support or convoy that matches no order is void (2000 rulebook)."""
    o = e.order
    if isinstance(o, Support):
        target = entries.get(o.supported)
        if target is None:
            return reason("void_no_unit", province=o.supported)
        if o.dest is None:
            if target.moves:
                return reason("void_not_holding", unit=str(target.unit))
            return None
        if not target.moves or target.dest != e.dest:
            return reason("void_not_to", unit=str(target.unit), dest=o.dest)
        coast = getattr(o, "dest_coast", None)
        if coast and target.unit.kind == FLEET and target.order.dest != f"{province_of(o.dest)}/{coast}":
            # DATC 6.B.9: a support that names a coast supports only a fleet move to that coast.
            return reason("void_other_coast", unit=str(target.unit), moved_to=target.order.dest,
                          dest=f"{o.dest}/{coast}")
        return None
    if isinstance(o, Convoy):
        army = entries.get(o.army_from)
        if army is None or not army.moves or army.dest != o.army_to:
            return reason("void_not_convoyed", army_from=o.army_from, army_to=o.army_to)
    return None


def _decide_by_convoy(variant: Variant, resolver: Resolver, e: _Entry) -> bool:
    """Does this army move by convoy? DATC 4.A.3 choice d, the 1982 rule with the 2000
    rulebook clarification: to a non-adjacent province always; to an adjacent one only
    when some convoy route is ordered and the player shows intent, by writing VIA CONVOY
    or by ordering one of its own fleets to convoy the army."""
    o = e.order
    if e.unit.kind != ARMY:
        return False
    if e.dest not in variant.army_adjacency.get(e.unit.province, ()):
        return True
    key = (e.unit.province, e.dest)
    if key not in resolver.convoys_of or not resolver.convoy_route(e, lambda c: True):
        return False  # DATC 6.G.8: VIA CONVOY without any convoy is ignored
    if o.via_convoy or o.convoy_route:
        return True
    return any(c.unit.power == e.unit.power for c in resolver.convoys_of.get(key, ()))


# --- the phase ------------------------------------------------------------------------


def adjudicate_movement(
    variant: Variant, position: Position, orders: list[Order], rules: Rules | None = None,
    parsed: bool = False, refused: set[str] | frozenset[str] = frozenset(),
) -> MovementOutcome:
    """Adjudicate a movement phase. When one unit is given several different orders, it
    follows none and holds (DATC 4.D.3). ``parsed``: every order came from
    :func:`gm_tools.engine.parser.parse_order` on this position with these rules (which checked
    part of what :func:`_check` checks); otherwise they are checked in full. ``refused``: the
    provinces of units whose order the parser refused, which hold as ordered invalidly."""
    rules = rules or rules_for(variant)
    results: list[OrderResult | None] = [None] * len(orders)
    legal: list[int] = []
    tried: set[str] = set(refused)
    in_force: dict[str, int] = {}  # while each unit has one legal order, the one it follows
    for n, order in enumerate(orders):
        problem = order_problem(variant, position, rules, order, parsed)
        if problem:
            results[n] = result_of(_power(order), order_text(order), INVALID, [reason("illegal", text=problem)],
                                   parsed=order)
            if hasattr(order, "unit"):
                tried.add(order.unit.province)
            continue
        legal.append(n)
        in_force[order.unit.province] = n
    if len(in_force) < len(legal):
        # Some unit has several orders: which it follows, if any, is decided by DATC 4.D.3.
        in_force = orders_in_force(orders, results, legal, "it holds")
        # A unit whose orders conflicted was reported above; it follows none of them.
        tried.update(orders[n].unit.province for n in legal if orders[n].unit.province not in in_force)

    entries: list[_Entry] = []
    for index, province in enumerate(sorted(position.units)):
        unit = position.units[province]
        n = in_force.get(province)
        if n is None:
            entries.append(_Entry(index, unit, Hold(unit.power, unit), None, "", False, province in tried))
            continue
        order = orders[n]
        dest = getattr(order, "dest", None)
        entries.append(_Entry(index, unit, order, n, "", False, False,
                              None if dest is None else province_of(dest), type(order) is Move))
    resolver = Resolver(variant, position, rules, entries)
    for e in entries:
        if e.moves:
            e.by_convoy = _decide_by_convoy(variant, resolver, e)
    for e in entries:
        resolver.resolve(e.index)

    dislodgers = resolver.dislodgements()
    outcome = _outcome(variant, position, rules, resolver, dislodgers)
    unordered = []
    for e in entries:
        result = _result(resolver, e, dislodgers.get(e.unit.province))
        if e.given is None:
            unordered.append(result)
        else:
            results[e.given] = result
    outcome.results = [r for r in results if r is not None] + unordered
    return outcome


def _power(order: Order) -> str:
    return getattr(order, "power", "")


def _outcome(
    variant: Variant, position: Position, rules: Rules, r: Resolver, dislodgers: dict[str, _Entry]
) -> MovementOutcome:
    moved = {
        e.unit.province: e.order.dest
        for e in r.entries
        if e.moves and r.resolve(e.index)
    }
    units_after = {
        p: u for p, u in position.units.items() if p not in moved and p not in dislodgers
    }
    for origin, dest in moved.items():
        units_after[province_of(dest)] = position.units[origin].moved_to(dest)
    # A standoff: a failed attempt that still had strength to prevent (not a move without
    # a convoy, nor the loser of a head-to-head battle: DATC 6.H.9) left a province empty.
    contested = frozenset(
        province
        for province, movers in r.moves_to.items()
        if province not in units_after
        and any(not r.resolve(m.index) and r.prevent_strength(m) > 0 for m in movers)
    )
    dislodged = {}
    for province, attacker in sorted(dislodgers.items()):
        unit = rules.on_dislodged(variant, position, position.units[province])
        if unit is None:
            continue
        attacker_from = None if attacker.by_convoy else attacker.unit.province
        retreats = retreat_options(variant, position, rules, unit, attacker_from, units_after, contested)
        dislodged[province] = Dislodged(unit=unit, attacker_from=attacker_from, retreats=retreats)
    return MovementOutcome(
        results=[], moved=moved, dislodged=dislodged, contested=contested, units_after=units_after
    )


def retreat_options(
    variant: Variant,
    position: Position,
    rules: Rules,
    unit: Unit,
    attacker_from: str | None,
    units_after: dict[str, Unit],
    contested: frozenset[str],
) -> tuple[str, ...]:
    """Where a dislodged unit may retreat (2000 rulebook): a place it could move to, not
    occupied, not the attacker's origin (unless the attack came by convoy: DATC 6.H.12),
    not left empty by a standoff (DATC 6.H.6), and a place the rules let it enter."""
    if unit.kind == FLEET:
        candidates = variant.fleet_adjacency.get(unit.location, ())
    else:
        candidates = variant.army_adjacency.get(unit.province, ())
    options = []
    for loc in sorted(candidates):
        province = province_of(loc)
        if province == attacker_from or province in units_after or province in contested:
            continue
        if not variant.unit_can_stand(unit.kind, loc):
            continue
        if rules.may_move(variant, position, unit, province):
            continue
        left = position.units.get(province)
        if left is not None and left is not unit and rules.may_follow(variant, position, unit, province, left):
            continue  # its occupant moved out, and the rules let no one follow it in
        options.append(loc)
    return tuple(options)


# --- results in words ---------------------------------------------------------------------


_NOT_ORDERED = reason("not_ordered")
_INVALID_HOLDS = reason("invalid_holds")
"""Reasons without details, made once: a third of a phase's units may have no order."""


def _result(r: Resolver, e: _Entry, attacker: _Entry | None) -> OrderResult:
    """What became of ``e``'s order; ``attacker`` is the move that dislodged it, if any."""
    o = e.order
    text = order_text(o)
    reasons: list[Reason] = []
    result = SUCCEEDS
    if e.given is None:
        reasons.append(_INVALID_HOLDS if e.order_invalid else _NOT_ORDERED)
    if e.moves:
        if not r.resolve(e.index):
            result = FAILS
            reasons.append(_why_move_failed(r, e))
    elif e.void:
        result = FAILS
        reasons.append(e.void)
    elif isinstance(o, Support):
        cut = r.cutters(e)
        if cut and r.support_amount(e) < e.unit.strength:
            result = FAILS
            reasons.append(reason("cut", units=[str(u) for u in cut]))
    if attacker is not None:
        result = FAILS
        dest_strength = _defence(r, e, attacker)
        reasons.append(reason("dislodged", unit=str(attacker.unit), attack=r.attack_strength(attacker),
                              strength=dest_strength))
    if not reasons:  # the usual case: nothing to say
        return OrderResult(e.unit.power, text, result, "", False, (), o)
    return result_of(e.unit.power, text, result, reasons, dislodged=attacker is not None, parsed=o)


def _defence(r: Resolver, defender: _Entry, attacker: _Entry) -> int:
    if r.head_to_head(attacker) is defender:
        return r.defend_strength(defender)
    return r.hold_strength(defender.unit.province)


def _why_move_failed(r: Resolver, e: _Entry) -> Reason:
    if not r.path(e):
        if e.unit.province in r.paradox_armies:
            return reason("convoy_paradox")
        return reason("no_convoy")
    dest = e.dest
    attack = r.attack_strength(e)
    defender = r.by_province.get(dest)
    if attack == 0 and e.index in r.follow_bars and defender is not None and r.resolve(defender.index):
        return reason("may_not_follow", province=dest, unit=str(defender.unit), why=r.follow_bars[e.index])
    if attack == 0 and defender is not None:
        return reason("may_not_dislodge", unit=str(defender.unit), power=defender.unit.power)
    rivals: list[tuple[int, Unit]] = []
    if defender is not None:
        opponent = r.head_to_head(e)
        if opponent is not None:
            rivals.append((r.defend_strength(opponent), opponent.unit))
        else:
            rivals.append((r.hold_strength(dest), defender.unit))
    for rival in r.moves_to.get(dest, ()):
        if rival is not e:
            rivals.append((r.prevent_strength(rival), rival.unit))
    stronger = [(s, u) for s, u in rivals if s >= attack]
    if not stronger:
        return reason("failed")
    strength, unit = max(stronger, key=lambda su: su[0])
    return reason("bounced", attack=attack, strength=strength, unit=str(unit))
