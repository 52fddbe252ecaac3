"""Reading one order as a player wrote it: ``A MAR S A PAR - BUR`` -> a :class:`Support`.

The parser does two jobs, one after the other:

1. *read* the text into words and provinces (``OrderSyntaxError`` when it cannot):
   :mod:`gm_tools.engine.orderwords`, and
2. *check* what was read against the map and the position the phase started from
   (``IllegalOrderError`` / ``AmbiguousOrderError`` when the order cannot be carried out).

Only checks that need nothing but the one order and the position are made here, following
the DATC's preferred options (DATC 6.A, 6.B). Whether a convoy exists, whether a supported
unit really moves that way, how many builds a power has: that is the adjudicator's job.

Order text often comes from a spreadsheet cell, so case, extra spaces, unicode arrows and
dashes, ``SPA/NC`` / ``SPA(nc)`` / ``spa north coast`` are all accepted, and province names
are matched by code, full name or alias (the longest run of words that names a province).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from gm_tools.errors import AmbiguousOrderError, IllegalOrderError, OrderSyntaxError
from gm_tools.engine.adjustments import build_site_refused
from gm_tools.engine.model import (
    ARMY,
    FLEET,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Position,
    Retreat,
    Support,
    Unit,
    Waive,
    province_of,
)
from gm_tools.engine.orderwords import (
    BUILD_WORDS,
    CONVOY_WORDS,
    DISBAND_WORDS,
    HOLD_WORDS,
    JUDGE_KINDS,
    MOVE_WORDS,
    Names,
    PHASE_NAMES,
    Place,
    RETREAT_WORDS,
    Reader,
    SUPPORT_WORDS,
    TO_WORDS,
    VIA_WORDS,
    WAIVE_WORDS,
    names_of, near_order_word,
)
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, parse_phase
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import COAST, LAND, SEA, Province, Variant


# --- checking --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Context:
    """What the checks need: the order as written, the map, the position, who orders."""

    written: str
    """The order as written (whitespace collapsed), for every message."""
    variant: Variant
    """The map."""
    position: Position
    """The position the phase started from."""
    power: str
    """Code of the power giving the order."""
    rules: Rules
    """The variant's rules hooks (build sites, may_move)."""

    def illegal(self, reason: str, shown: str | None = None) -> IllegalOrderError:
        return IllegalOrderError(self.written, reason, shown=shown)

    def adjective(self, power: str) -> str:
        p = self.variant.powers.get(power)
        return p.adjective if p else power

    def prov(self, code: str) -> Province:
        return self.variant.provinces[code]

    def describe(self, code: str) -> str:
        return f"{self.prov(code).name} ({code})"

    def own_unit(self, place: Place, units: dict[str, Unit], what: str = "unit") -> Unit:
        """The power's unit in the named province. The coast written for the unit itself is
        not used: the position knows where the fleet stands (DATC 6.B.10). Nor is the unit
        type written before it: a wrong one is ignored (DATC 4.C.2, preferred choice b), and
        the canonical order in the result shows the real type."""
        unit = units.get(place.province)
        if unit is None:
            raise self.illegal(f"no {what} in {place.province}")
        if unit.power != self.power:
            error = self.illegal(f"the unit in {place.province} is {self.adjective(unit.power)}, "
                                 f"not {self.adjective(self.power)}")
            error.owner = unit.power
            raise error
        return unit

    def named_kind(self, kind: str | None, place: Place) -> str | None:
        """The type of the unit an order supports or convoys in ``place``: the real unit's
        when one stands there (DATC 4.C.2, preferred choice b: a wrong A/F is ignored), else
        the type as written (the order then supports or convoys nothing)."""
        unit = self.position.units.get(place.province)
        return kind if kind is None or unit is None else unit.kind

    def fleet_location(self, place: Place, reachable: list[str], verb: str) -> str:
        """The exact location a fleet goes to in ``place``, given the locations it may reach
        there. A named coast must be one of them (DATC 6.B.3); an unnamed coast is filled in
        when only one is reachable (6.B.2) and is an ambiguity otherwise (6.B.1)."""
        prov = self.prov(place.province)
        if not prov.coasts:
            return place.province
        if place.coast is not None:
            location = f"{place.province}/{place.coast}"
            if location not in reachable:
                others = " or ".join(reachable)
                raise self.illegal(f"the fleet cannot {verb} {location}; it can {verb} only {others}")
            return location
        if len(reachable) == 1:
            return reachable[0]
        raise AmbiguousOrderError(
            self.written,
            f"{self.describe(place.province)} has more than one coast the fleet can {verb}: "
            f"say which, {' or '.join(reachable)}")


def parse_order(
    text: str, variant: Variant, position: Position, power: str, rules: Rules | None = None
) -> Order:
    """Read one order of ``power`` for the phase of ``position``.

    Raises ``OrderSyntaxError`` when the text cannot be read, ``IllegalOrderError`` when it
    reads but cannot be carried out, ``AmbiguousOrderError`` when it reads more than one way.
    """
    return order_parser(variant, position, power, rules)(text)


def order_parser(
    variant: Variant, position: Position, power: str, rules: Rules | None = None
) -> Callable[[str], Order]:
    """:func:`parse_order` for the orders of one power in one phase, one text at a time: what
    does not depend on the text (the power's code, the names, the checks' context) is made
    once, not once per order (a phase reads every unit's order)."""
    power_code = power.upper() if isinstance(power, str) else ""
    known_power = power_code in variant.powers
    ctx = _Context("", variant, position, power_code, rules or Rules())
    names = names_of(variant)
    phase_type = _phase_type(position.phase)

    def parse(text: str) -> Order:
        if not isinstance(text, str):
            raise OrderSyntaxError(repr(text), "an order must be text")
        words = text.split()
        written = " ".join(words)
        # (the first letter first: the regular expression is not run on every order of a phase)
        numbered = bool(words) and words[0][0].isdigit() and len(words) > 1 and _ORDER_NUMBER.fullmatch(words[0]) is not None
        if numbered:
            words = words[1:]  # "1. A VIE - BOH": players number their orders, judges read past it
        if not written:
            raise OrderSyntaxError(written, "the order is empty")
        if not known_power:
            raise IllegalOrderError(
                written, f"{power!r} is not a power of {variant.title}; the powers are "
                         + ", ".join(variant.powers))
        ctx.written = written  # each order's own, for its messages
        if phase_type == MOVEMENT:
            order = _judge_notation(ctx, names, words)
            if order is not None:
                return order
        reader = Reader(written, variant, names)
        if numbered:
            reader.pos = 1  # the number's word; the messages still quote the order as written
        if phase_type == MOVEMENT:
            return _movement_order(reader, ctx)
        if phase_type == RETREAT:
            return _retreat_order(reader, ctx)
        if phase_type == ADJUSTMENT:
            return _adjustment_order(reader, ctx)
        raise ctx.illegal(f"no unit orders are read in phase {position.phase}: the Orders sheet stays empty, "
                          "and the phase's entries, if it takes any, go on its own sheets")

    return parse


_ORDER_NUMBER = re.compile(r"\d{1,3}[.)]")
"""A number a player puts before an order in a list (``1.``, ``2)``): not part of the order."""


@functools.lru_cache(maxsize=256)
def _phase_type(phase_id: str) -> str:
    """The type letter of a phase id, read once per phase rather than once per order."""
    return parse_phase(phase_id).type


def _wrong_phase(ctx: _Context, what: str, phases: str) -> IllegalOrderError:
    here = PHASE_NAMES.get(parse_phase(ctx.position.phase).type, "this")
    article = "an" if here[0] in "aeiou" else "a"
    return ctx.illegal(f"{what} belong to {phases}; {ctx.position.phase} is {article} {here} phase")


def _reject_phase_words(ctx: _Context, word: str | None) -> None:
    """Words that belong to another phase get an IllegalOrderError saying so."""
    if word in BUILD_WORDS:
        raise _wrong_phase(ctx, "builds", "an adjustment phase")
    if word in WAIVE_WORDS:
        raise _wrong_phase(ctx, "waives", "an adjustment phase")
    if word in DISBAND_WORDS:
        raise _wrong_phase(ctx, "disbands", "a retreat or adjustment phase")
    if word in RETREAT_WORDS:
        raise _wrong_phase(ctx, "retreats", "a retreat phase")


# --- movement phase --------------------------------------------------------------------------


def _movement_order(reader: Reader, ctx: _Context) -> Order:
    _reject_phase_words(ctx, reader.peek())
    kind = reader.kind()
    place = reader.place("the province of the ordered unit")
    unit_text = f"{'A ' if kind == ARMY else 'F ' if kind == FLEET else ''}{place.text}"
    verb = reader.take()
    if verb in HOLD_WORDS:
        reader.expect_end(f"'{unit_text} {verb.upper()}'")
        return _hold(ctx, place)
    if verb in MOVE_WORDS:
        if verb not in TO_WORDS:
            reader.take_if(TO_WORDS)  # "MOVES TO", "- TO", "moves into"
        return _move(reader, ctx, place)
    if verb in SUPPORT_WORDS:
        return _support(reader, ctx, place)
    if verb in CONVOY_WORDS:
        return _convoy(reader, ctx, place)
    _reject_phase_words(ctx, verb)
    if verb is None:
        raise reader.syntax(f"no order for {unit_text}: expected H, -, S or C after it")
    reader.pos -= 1
    raise reader.syntax(f"expected H, -, S or C after '{unit_text}', found {reader.found()}", near_order_word(verb))


def _judge_notation(ctx: _Context, names: Names, words: list[str] | None = None) -> Order | None:
    """A movement order in the judges' notation, as programs write it (``A PAR H``,
    ``A PAR - BUR``, ``A PAR - BUR VIA CONVOY``, ``A MAR S A PAR``, ``A MAR S F SPA/NC - MAO``,
    ``F NTH C A LON - NWY``), checked as the word reader's order would be; None for any
    other text, which the word reader then reads. This only skips the word reader's search:
    for these texts it reads the same places (tests/test_quick_paths.py). ``words``: the
    words ``ctx.written`` joins, when the caller has them already."""
    if words is None:
        words = ctx.written.split(" ")
    n = len(words)
    kind = JUDGE_KINDS.get(words[0])
    place = names.exact.get(words[1]) if n >= 3 else None
    if kind is None or place is None:
        return None
    verb = words[2]
    if verb == "H" and n == 3:
        return _hold(ctx, place)
    if verb == "-" and (n == 4 or (n == 6 and words[4:] == ["VIA", "CONVOY"])):
        dest = names.exact.get(words[3])
        return None if dest is None else _checked_move(ctx, place, [], dest, n == 6)
    if verb not in ("S", "C"):
        return None
    # The other unit: an optional kind (read as one only when a word follows, as the word
    # reader does), its place, then nothing, "H", or "- destination".
    i = 3
    other_kind = JUDGE_KINDS.get(words[i]) if n > i + 1 else None
    if other_kind is not None:
        i += 1
    other = names.exact.get(words[i]) if i < n else None
    rest = words[i + 1:]
    dest = names.exact.get(rest[1]) if len(rest) == 2 and rest[0] == "-" else None
    if other is None:
        return None
    if verb == "S" and rest in ([], ["H"]):
        return _checked_support(ctx, place, other_kind, other, None)
    if dest is None:
        return None
    if verb == "S":
        return _checked_support(ctx, place, other_kind, other, dest)
    return _checked_convoy(ctx, place, other_kind, other, dest)


def _move(reader: Reader, ctx: _Context, place: Place) -> Move:
    places = [reader.place("a destination")]
    while reader.take_move():
        places.append(reader.place("a province of the convoy route or the destination"))
    via = False
    if reader.take_if(VIA_WORDS):
        if reader.take_if(CONVOY_WORDS) is None:
            raise reader.syntax(f"expected CONVOY after VIA, found {reader.found()}")
        via = True
    reader.expect_end(f"the destination {places[-1].text}")
    return _checked_move(ctx, place, places[:-1], places[-1], via)


def _hold(ctx: _Context, place: Place) -> Hold:
    return Hold(ctx.power, ctx.own_unit(place, ctx.position.units))


def _checked_move(
    ctx: _Context, place: Place, route: list[Place], dest: Place, via: bool
) -> Move:
    """The move read as ``kind place - route... - dest [VIA CONVOY]``, checked."""
    unit = ctx.own_unit(place, ctx.position.units)
    v = ctx.variant
    if dest.province == unit.province:
        # DATC 6.A.4 (and 6.A.5 with a convoy): a move to its own province is illegal.
        raise ctx.illegal(f"{unit} cannot move to {dest.province}: it is already there")
    if (route or via) and unit.kind != ARMY:
        # DATC 6.A.7: only armies can be convoyed.
        raise ctx.illegal(f"only armies are convoyed; {unit} is a fleet")
    for step in route:
        if not v.is_sea(step.province):
            raise ctx.illegal(
                f"a convoy route goes through sea provinces; {ctx.describe(step.province)} "
                f"is not a sea")
    if reason := ctx.rules.may_move(v, ctx.position, unit, dest.province):
        raise ctx.illegal(reason, ctx.rules.move_refusal_shown(v, ctx.position, unit, dest.province, reason))
    if unit.kind == ARMY:
        if not route:  # the usual move: no route to copy
            return Move(ctx.power, unit, _army_destination(ctx, unit, dest, via), via)
        return Move(ctx.power, unit, _army_destination(ctx, unit, dest, True), True,
                    tuple(step.province for step in route))
    if v.provinces[dest.province].type == LAND:
        # DATC 6.A.3: a fleet cannot move to land.
        raise ctx.illegal(f"a fleet cannot move inland: {ctx.describe(dest.province)} is land")
    reachable = v.fleet_dest_coasts(unit.location, dest.province)
    if not reachable:
        # DATC 6.A.1, 6.A.9: a fleet moves only to a neighbour along a coast or by sea.
        raise ctx.illegal(f"{unit} cannot reach {dest.province}: "
                          f"not adjacent along a coast or across a sea")
    return Move(ctx.power, unit, ctx.fleet_location(dest, reachable, "move to"))


def _army_destination(ctx: _Context, unit: Unit, dest: Place, by_convoy: bool) -> str:
    """The province an army moves to; a coast written with it is ignored (DATC 6.B.12)."""
    v = ctx.variant
    dest_type = v.provinces[dest.province].type
    if not by_convoy and dest_type != SEA and dest.province in v.army_adjacency.get(unit.province, ()):
        return dest.province  # the usual move, to a neighbour: nothing more to check
    if dest_type == SEA:
        # DATC 6.A.2: an army cannot move to sea.
        raise ctx.illegal(f"an army cannot move to sea: {ctx.describe(dest.province)} is a sea")
    coastal = dest_type == COAST and v.provinces[unit.province].type == COAST
    if by_convoy and not coastal:
        inland = unit.province if not v.is_coastal(unit.province) else dest.province
        raise ctx.illegal(f"an army is convoyed only from coast to coast; "
                          f"{ctx.describe(inland)} is inland")
    if not by_convoy and not v.can_move(ARMY, unit.location, dest.province) and not coastal:
        # Not adjacent: only a convoy could carry it, and convoys land on coasts
        # (2000 rulebook, 'Convoying').
        raise ctx.illegal(f"{unit} cannot reach {dest.province}: not adjacent, and a convoy "
                          f"carries an army only from coast to coast")
    return dest.province


# --- supports and convoys --------------------------------------------------------------------


def _support(reader: Reader, ctx: _Context, place: Place) -> Support:
    reader.skip_nationality()
    supported_kind = reader.kind()
    supported = reader.place("the supported unit's province")
    dest = None
    if reader.take_move():
        dest = reader.place("the province the supported unit moves to")
    else:
        reader.take_if(HOLD_WORDS)
    reader.expect_end("the supported order")
    return _checked_support(ctx, place, supported_kind, supported, dest)


def _checked_support(
    ctx: _Context, place: Place,
    supported_kind: str | None, supported: Place, dest: Place | None,
) -> Support:
    """The support read as ``kind place S supported_kind supported [- dest]``, checked."""
    unit = ctx.own_unit(place, ctx.position.units)
    supported_kind = ctx.named_kind(supported_kind, supported)
    v = ctx.variant
    # Supports are to provinces, not to coasts (DATC 6.B.4 - 6.B.6).
    if dest is None:
        if supported.province == unit.province:
            # DATC 6.A.8: a unit cannot support itself to hold.
            raise ctx.illegal(f"{unit} cannot support itself")
        target = supported.province
    else:
        if dest.province == supported.province:
            # DATC 6.A.5: a move to its own province is illegal, so is its support.
            raise ctx.illegal(f"the supported unit cannot move to {dest.province}: "
                              f"it is already there")
        if dest.province == unit.province:
            raise ctx.illegal(f"{unit} cannot support a move into its own province")
        target = dest.province
    if supported_kind is not None:
        _check_kind_can_be(ctx, supported_kind, supported.province, "stand in")
        if dest is not None:
            _check_kind_can_be(ctx, supported_kind, dest.province, "move to")
    if not v.can_reach_province(unit.kind, unit.location, target):
        # 2000 rulebook, 'Support': a unit supports only into a province it could move to
        # itself (DATC 6.A.10; from its own coast, 6.B.5).
        raise ctx.illegal(f"{unit} cannot support into {target}: it could not move there itself")
    reason = ctx.rules.may_support_into(v, ctx.position, unit, target)
    if reason:
        raise ctx.illegal(reason)
    # The coast of the supported move is kept for the adjudicator: a fleet's move to the
    # other coast does not get this support (DATC 6.B.9). Armies ignore coasts (6.B.12).
    dest_coast = dest.coast if dest is not None and supported_kind != ARMY else None
    _check_assist(ctx, unit, supported.province, dest.province if dest else None)
    return Support(ctx.power, unit, supported.province, dest.province if dest else None,
                   supported_kind, dest_coast)


def _check_kind_can_be(ctx: _Context, kind: str, province: str, verb: str) -> None:
    prov = ctx.prov(province)
    if kind == ARMY and prov.type == SEA:
        raise ctx.illegal(f"an army cannot {verb} {ctx.describe(province)}: it is a sea")
    if kind == FLEET and prov.type == LAND:
        raise ctx.illegal(f"a fleet cannot {verb} {ctx.describe(province)}: it is inland")


def _convoy(reader: Reader, ctx: _Context, place: Place) -> Convoy:
    reader.skip_nationality()
    army_kind = reader.kind()
    army_from = reader.place("the convoyed army's province")
    if reader.take_move() is None:
        raise reader.syntax(f"a convoy names where the army goes (F NTH C A LON - NWY); "
                            f"expected '-' after {army_from.text}, found {reader.found()}")
    army_to = reader.place("the convoyed army's destination")
    reader.expect_end(f"the destination {army_to.text}")
    return _checked_convoy(ctx, place, army_kind, army_from, army_to)


def _checked_convoy(
    ctx: _Context, place: Place,
    army_kind: str | None, army_from: Place, army_to: Place,
) -> Convoy:
    """The convoy read as ``kind place C army_kind army_from - army_to``, checked."""
    unit = ctx.own_unit(place, ctx.position.units)
    v = ctx.variant
    if unit.kind != FLEET:
        raise ctx.illegal(f"only fleets convoy; {unit} is an army")
    if not v.is_sea(unit.province):
        # 2000 rulebook, 'Convoying': only a fleet in a sea province convoys.
        raise ctx.illegal(f"{unit} is on a coast; only a fleet at sea can convoy")
    if ctx.named_kind(army_kind, army_from) == FLEET:
        # DATC 6.A.7: only armies can be convoyed.
        raise ctx.illegal("only armies are convoyed, not fleets")
    if army_from.province == army_to.province:
        # DATC 6.A.5: a move to its own province is illegal, with a convoy too.
        raise ctx.illegal(f"the army cannot be convoyed to {army_to.province}: it is already there")
    for end in (army_from, army_to):
        if not v.is_coastal(end.province):
            raise ctx.illegal(f"an army is convoyed only from coast to coast; "
                              f"{ctx.describe(end.province)} is not a coastal province")
    _check_assist(ctx, unit, army_from.province, army_to.province)
    return Convoy(ctx.power, unit, army_from.province, army_to.province)


def _check_assist(ctx: _Context, unit, helped_at: str, dest: str | None) -> None:
    """A variant's limit on whom a unit may support or convoy (``rules.may_assist``), asked
    when the helped unit stands on the board."""
    helped = ctx.position.units.get(helped_at)
    if helped is not None:
        reason = ctx.rules.may_assist(ctx.variant, ctx.position, unit, helped, dest)
        if reason:
            raise ctx.illegal(reason)


# --- retreat phase ---------------------------------------------------------------------------


def _retreat_order(reader: Reader, ctx: _Context) -> Order:
    if reader.take_if(DISBAND_WORDS):  # DISBAND A PAR
        reader.kind()  # the type written is not needed: the unit is found by province (DATC 4.C.2)
        place = reader.place("the province of the unit to disband")
        reader.expect_end(place.text)
        return Disband(ctx.power, _dislodged_unit(ctx, place))
    if reader.peek() in BUILD_WORDS | WAIVE_WORDS:
        _reject_phase_words(ctx, reader.peek())
    reader.kind()
    place = reader.place("the province of the dislodged unit")
    verb = reader.take()
    if verb in DISBAND_WORDS:
        reader.expect_end(f"'{place.text} {verb.upper()}'")
        return Disband(ctx.power, _dislodged_unit(ctx, place))
    if verb in RETREAT_WORDS or verb in MOVE_WORDS:
        if verb not in TO_WORDS:
            reader.take_if(TO_WORDS)  # "RETREATS TO"
        dest = reader.place("the province to retreat to")
        reader.expect_end(f"the destination {dest.text}")
        return _retreat(ctx, _dislodged_unit(ctx, place), dest)
    if verb in HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS | BUILD_WORDS:
        # 2000 rulebook, 'Retreating': a dislodged unit retreats or disbands, nothing else.
        raise ctx.illegal(f"in a retreat phase a dislodged unit can only retreat (R) or "
                          f"disband (D), not {verb.upper()}")
    if verb is None:
        raise reader.syntax(f"no order for {place.text}: expected R <province> or D")
    reader.pos -= 1
    raise reader.syntax(f"expected R <province> or D after {place.text}, found {reader.found()}")


def _dislodged_unit(ctx: _Context, place: Place) -> Unit:
    if place.province not in ctx.position.dislodged and place.province in ctx.position.units:
        raise ctx.illegal(f"the unit in {place.province} was not dislodged; "
                          f"only dislodged units are ordered in a retreat phase")
    dislodged = {code: d.unit for code, d in ctx.position.dislodged.items()}
    return ctx.own_unit(place, dislodged, "dislodged unit")


def _retreat(ctx: _Context, unit: Unit, dest: Place) -> Retreat:
    retreats = ctx.position.dislodged[unit.province].retreats
    here = [loc for loc in retreats if province_of(loc) == dest.province]
    if not here:
        # 2000 rulebook, 'Retreating': only to a vacant adjacent province, not where the
        # attacker came from nor a standoff; the adjudicator listed where that is.
        where = f"it can retreat to {', '.join(sorted(retreats))}" if retreats else "it has nowhere to go and must disband"
        reason = f"{unit} cannot retreat to {dest.province}; {where}"
        why = ctx.rules.may_move(ctx.variant, ctx.position, unit, dest.province)  # and when it lifts, shown
        shown = why and ctx.rules.move_refusal_shown(ctx.variant, ctx.position, unit, dest.province, why)
        raise ctx.illegal(reason, f"{reason} ({shown})" if shown else None)
    if unit.kind == ARMY:
        return Retreat(ctx.power, unit, dest.province)
    return Retreat(ctx.power, unit, ctx.fleet_location(dest, sorted(here), "retreat to"))


# --- adjustment phase ------------------------------------------------------------------------


def _adjustment_order(reader: Reader, ctx: _Context) -> Order:
    first = reader.peek()
    if reader.take_if(WAIVE_WORDS):
        reader.expect_end(first.upper())
        return Waive(ctx.power)
    if reader.take_if(BUILD_WORDS):
        kind = reader.kind()
        place = reader.place("the province to build in")
        reader.expect_end(place.text)
        return _build(ctx, kind, place)
    if reader.take_if(DISBAND_WORDS):
        reader.kind()  # the type written is not needed: the unit is found by province (DATC 4.C.2)
        place = reader.place("the province of the unit to remove")
        reader.expect_end(place.text)
        return Disband(ctx.power, ctx.own_unit(place, ctx.position.units))
    if first in RETREAT_WORDS:
        raise _wrong_phase(ctx, "retreats", "a retreat phase")
    kind = reader.kind()
    place = reader.place("a province")
    verb = reader.take()
    if verb in BUILD_WORDS:
        reader.expect_end(f"'{place.text} {verb.upper()}'")
        return _build(ctx, kind, place)
    if verb in DISBAND_WORDS:
        reader.expect_end(f"'{place.text} {verb.upper()}'")
        return Disband(ctx.power, ctx.own_unit(place, ctx.position.units))
    if verb in HOLD_WORDS | MOVE_WORDS | SUPPORT_WORDS | CONVOY_WORDS | RETREAT_WORDS:
        # 2000 rulebook, 'Adjustments': units are only built or removed in winter.
        raise ctx.illegal(f"{verb.upper()} is not an adjustment order; in {ctx.position.phase} "
                          f"a power only builds, removes (disbands) or waives")
    if verb is None:
        raise reader.syntax(f"no order for {place.text}: expected BUILD, REMOVE or WAIVE")
    reader.pos -= 1
    raise reader.syntax(f"expected B or D after {place.text}, found {reader.found()}")


def _build(ctx: _Context, kind: str | None, place: Place) -> Build:
    code = place.province
    sites = ctx.rules.build_sites(ctx.variant, ctx.position, ctx.power)
    if code not in sites:
        # 2000 rulebook, 'Building': only in an owned home supply center (the rules hook).
        raise build_site_refused(ctx.written, ctx.variant, ctx.position, ctx.rules, ctx.power, code, sites)
    occupant = ctx.position.units.get(code)
    if occupant is not None:
        # 2000 rulebook, 'Building': only in an unoccupied home supply center.
        raise ctx.illegal(f"{code} is occupied by {occupant}; builds go to empty centers")
    prov = ctx.prov(code)
    if kind is None:
        kind = _unwritten_build_kind(ctx, prov, place)
    reason = ctx.rules.may_build(ctx.variant, ctx.position, ctx.power, kind, code)
    if reason:
        raise ctx.illegal(reason)
    if kind == ARMY:
        if prov.type == SEA:
            raise ctx.illegal(f"an army cannot be built at sea in {ctx.describe(code)}")
        return Build(ctx.power, ARMY, code)
    if prov.type == LAND:
        raise ctx.illegal(f"a fleet cannot be built in {ctx.describe(code)}: it is inland")
    if prov.coasts and place.coast is None:
        # DATC 6.B.14: a fleet built in a split-coast province needs its coast.
        raise AmbiguousOrderError(
            ctx.written, f"say which coast of {ctx.describe(code)} to build the fleet on: "
                         + " or ".join(f"{code}/{c}" for c in prov.coasts))
    location = f"{code}/{place.coast}" if prov.coasts else code
    return Build(ctx.power, FLEET, location)


def _unwritten_build_kind(ctx: _Context, prov: Province, place: Place) -> str:
    """What a build that names no unit type builds. DATC 4.C.3, preferred choice c: an army
    inland, a fleet when a coast is named; on a coast with no coast named it is ambiguous."""
    if prov.type == LAND:
        return ARMY
    if place.coast is not None:
        return FLEET
    code = prov.code
    fleets = [f"BUILD F {code}/{c}" for c in prov.coasts] or [f"BUILD F {code}"]
    raise AmbiguousOrderError(ctx.written, f"say what to build in {ctx.describe(code)}: "
                                           + " or ".join([f"BUILD A {code}"] + fleets))
