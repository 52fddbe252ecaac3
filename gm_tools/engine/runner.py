"""Running one phase: order texts in, results and the next position out.

:func:`run_phase` reads each order with :func:`gm_tools.engine.parser.parse_order` (an order
that cannot be read or carried out becomes an ``invalid`` result and its unit holds),
adjudicates the phase by its type, and works out the next phase that has something to do:

- a retreat phase is skipped when no dislodged unit can retreat (a dislodged unit with no
  retreat is disbanded at once: 2000 rulebook, 'a unit with no place to retreat to is
  disbanded');
- center ownership changes (``rules.update_ownership``) after the last movement or retreat
  phase of the calendar year, whether that phase was played or skipped;
- an adjustment phase is skipped when no power has a removal or a build it has room for;
- any other phase type (a variant's diplomatic, treasury or scoring phase) is never skipped:
  ``rules.play_phase`` plays it from the checked inputs of the variant's sheets.

When one unit is given several different orders it follows none of them (DATC 4.D.3,
preferred choice c): it holds, or in a retreat phase is disbanded; each order is reported
``invalid`` so the GM sees why.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from gm_tools.engine.adjudicator import adjudicate_movement
from gm_tools.engine.adjustments import adjudicate_adjustments, has_adjustments
from gm_tools.errors import OrderError
from gm_tools.engine.model import INVALID, Dislodged, Order, OrderResult, Position, copy_json
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, Phase, next_phase, parse_phase
from gm_tools.engine.retreats import adjudicate_retreats
from gm_tools.engine.results import reason, result_of
from gm_tools.engine.rules import Rules, rules_for
from gm_tools.engine.variant import Variant


@dataclass
class PhaseOutcome:
    """What one phase did, and the board for the next phase that has something to do."""

    results: list[OrderResult]
    """One result per order text (in the order given, power by power), then results for
    units the phase acted on without an order (holds, disbands, civil disorder)."""
    position: Position
    """The new position; its ``phase`` is the next phase with something to do."""
    dislodged: dict[str, Dislodged] = field(default_factory=dict)
    """Movement phase: every unit dislodged, with its retreats (empty: disbanded at once)."""
    contested: frozenset[str] = frozenset()
    """Movement phase: provinces left empty by a standoff."""
    extra: dict = field(default_factory=dict)
    """A variant's phase (``Rules.play_phase``): what it did beyond the results, plain
    JSON-able data for the history record (statuses, incomes, scores...). Empty otherwise."""
    winner: str | None = None
    """A variant's phase: the power that won the game in it by the variant's own victory
    rule (victory points), or None. The standard count of centers is the workflow's."""


def run_phase(
    variant: Variant, position: Position, orders: dict[str, list[str]], rules: Rules | None = None,
    inputs: dict | None = None,
) -> PhaseOutcome:
    """Adjudicate the phase of ``position`` from the order texts of each power (and, for a
    variant's own phase types, the checked ``inputs`` of its sheets)."""
    from gm_tools.engine.parser import order_parser  # the parser is only needed when there are texts

    rules = rules or rules_for(variant)
    parsed: list[Order] = []
    refused: list[tuple[int, OrderResult]] = []  # an order that cannot be read: (its place among the texts, result)
    ordered_invalidly: set[str] = set()  # the provinces of the units those orders name
    for power, texts in orders.items():
        parse_order = order_parser(variant, position, power, rules)
        for text in texts:
            try:
                parsed.append(parse_order(text))
            except OrderError as e:
                why = e.reason + (f" (did you mean {e.suggestion}?)" if e.suggestion else "")
                refused.append((len(parsed) + len(refused),
                                result_of(str(power).upper(), str(text), INVALID, [reason("illegal", text=why)])))
                province = unit_named(variant, position, power, text)
                if province is not None:
                    ordered_invalidly.add(province)
    outcome = run_orders(variant, position, parsed, rules, inputs, parsed=True, refused=ordered_invalidly)
    # The results of the parsed orders come first, in order: each refused text's result goes
    # back to its place among them (in increasing places, so the earlier ones are in already).
    for place, result in refused:
        outcome.results.insert(place, result)
    return outcome


def run_orders(
    variant: Variant, position: Position, orders: list[Order], rules: Rules | None = None,
    inputs: dict | None = None, parsed: bool = False, refused: set[str] | frozenset[str] = frozenset(),
) -> PhaseOutcome:
    """Adjudicate the phase of ``position`` from order objects. A phase type other than
    movement, retreat and adjustment is the variant's: ``rules.play_phase`` plays it from
    ``inputs``, or nothing happens. ``parsed``: the orders came from
    :func:`gm_tools.engine.parser.parse_order` on this position with these rules, so the movement
    adjudicator need not repeat the parser's checks. ``refused``: the provinces of units whose
    order the parser refused (:func:`unit_named`); without another order they hold (or, dislodged,
    are disbanded) as ordered invalidly, not as unordered."""
    rules = rules or rules_for(variant)
    phase = parse_phase(position.phase)
    # Only the variant's state is copied: units, dislodged units and standoffs are made anew.
    after = Position(phase=position.phase, units={}, centers=dict(position.centers), extra=copy_json(position.extra))
    if phase.type == MOVEMENT:
        m = adjudicate_movement(variant, position, orders, rules, parsed, refused)
        after.units = m.units_after
        after.dislodged = {p: d for p, d in m.dislodged.items() if d.retreats}
        after.contested = m.contested
        outcome = PhaseOutcome(m.results, after, dict(m.dislodged), m.contested)
    elif phase.type == RETREAT:
        r = adjudicate_retreats(variant, position, orders, rules, refused)
        after.units = r.units_after
        outcome = PhaseOutcome(r.results, after)
    elif phase.type == ADJUSTMENT:
        a = adjudicate_adjustments(variant, position, orders, rules)
        after.units = a.units_after
        outcome = PhaseOutcome(a.results, after)
    else:
        played = rules.play_phase(variant, position, orders, inputs or {})
        if played is None:
            # Nothing the rules play in this phase type: nothing moves.
            after.units = dict(position.units)
            outcome = PhaseOutcome([], after)
        else:
            if played.position is position:  # never change the position given
                played.position = position.copy()
            outcome, after = played, played.position
    after.phase = _advance(variant, phase, after, rules).id
    return outcome


def unit_named(variant: Variant, position: Position, power: str, text: object) -> str | None:
    """The province of ``power``'s unit that a refused order's text opens with (``F BRE`` in
    ``F BRE - TRI``, ``Brest`` in ``Brest to Trieste``; in a retreat phase its dislodged unit's),
    or None when its opening names no province, or one where the power has no unit: the order was
    written for that unit, so it holds because its order was invalid (DATC 4.E.1), not because it
    had none."""
    from gm_tools.engine.orderwords import JUDGE_KINDS, Reader, names_of
    from gm_tools.engine.parser import _ORDER_NUMBER  # the same list numbers the parser reads past

    words = text.split() if isinstance(text, str) else []
    if not words:
        return None
    names = names_of(variant)
    place = names.exact.get(words[1]) if len(words) > 1 and words[0] in JUDGE_KINDS else None
    if place is None:  # not the judges' notation, which programs write (and the benchmark's illegal orders)
        reader = Reader(" ".join(words), variant, names)
        if len(words) > 1 and _ORDER_NUMBER.fullmatch(words[0]):
            reader.pos = 1  # the number's one token, as the parser reads it
        try:
            reader.kind()
            place = reader.place("the province of the ordered unit")
        except OrderError:  # no province to begin with, or a name that reads more than one way
            return None
    province = place.province
    dislodged = position.dislodged.get(province)  # between a movement and its retreats only
    unit = dislodged.unit if dislodged is not None else position.units.get(province)
    return province if unit is not None and unit.power == str(power).upper() else None


def _advance(variant: Variant, done: Phase, position: Position, rules: Rules) -> Phase:
    """The next phase with something to do after ``done``; updates ``position`` in place
    (ownership at the year's last movement/retreat phase; dislodged units cleared when
    the retreat phase is over or skipped)."""
    calendar = variant.calendar
    last_fighting = _last_fighting(calendar.phases)
    current = done
    for _ in range(len(calendar.phases) + 1):
        if calendar.phases.index((current.season, current.type)) == last_fighting:
            position.centers = rules.update_ownership(variant, position)
        nxt = next_phase(calendar, current)
        if nxt.type != RETREAT:
            position.dislodged = {}
            position.contested = frozenset()
        if nxt.type == RETREAT and not position.dislodged:
            current = nxt
            continue
        if nxt.type == ADJUSTMENT and not has_adjustments(variant, position, rules):
            current = nxt
            continue
        if rules.skips_phase(variant, position, nxt.id):
            current = nxt
            continue
        return nxt
    return next_phase(calendar, done)


@functools.lru_cache(maxsize=64)
def _last_fighting(phases: tuple[tuple[str, str], ...]) -> int:
    """Index in a calendar's ``phases`` of the year's last movement or retreat phase (-1 for
    none): worked out once per calendar, not after every phase."""
    return max((i for i, (_, kind) in enumerate(phases) if kind in (MOVEMENT, RETREAT)), default=-1)
