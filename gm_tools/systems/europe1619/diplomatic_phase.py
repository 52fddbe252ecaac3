"""One Diplomatic Phase of Europe 1619, start to finish, and the report the referee sends.

'When the orders for the Diplomatic Phase are submitted the format will consist of (1) list
of INF placements, (2) order for a diplomatic attack, and (3) declarations.' The phase:

1. reads every order (an order that cannot be read or carried out is void, with its reason);
2. makes the placements, each power within its allotment for the year;
3. resolves the diplomatic attacks, after the placements, in the ATTACK ORDER;
4. records the declarations (effective next year) and puts last year's in force;
5. reports the status of every minor state, the attacks, the declarations and the Reichstag
   ('The referee presents the results of the Diplomatic Phase by reporting the status of
   each minor state to the players with a table').

Pure: takes and returns plain data; its state is kept with the game's other state in
``Position.extra`` (:mod:`.state`): :func:`diplomatic_state` reads it, :func:`keep` writes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from gm_tools.errors import IllegalOrderError, OrderError
from gm_tools.engine.model import INVALID, SUCCEEDS, OrderResult, Position
from gm_tools.engine.phase import parse_phase
from gm_tools.systems.europe1619 import declarations as decl
from gm_tools.mechanics import influence as inf
from gm_tools.systems.europe1619 import reichstag as rt
from gm_tools.systems.europe1619.orders import Attack, Declaration, Placement, read_order
from gm_tools.systems.europe1619.setup import DiplomacySetup
from gm_tools.systems.europe1619.state import state_of, store, stored


@dataclass
class DiplomaticState:
    """Everything the Diplomatic Phase keeps between years (the state's tables
    ``influence``, ``suspended``, ``markers``, ``declarations``, ``reichstag``, ``eliminated``)."""

    influence: inf.InfluenceState = field(default_factory=inf.InfluenceState)
    """INFs in the minor states, captured minors, confessional markers."""
    declarations: decl.DeclarationState = field(default_factory=decl.DeclarationState)
    """Relations in force, pending declarations, the Papacy's lapsed protection."""
    reichstag: rt.ReichstagState = field(default_factory=rt.ReichstagState)
    """Austria's Reichstag: meetings, decree."""
    eliminated: tuple[str, ...] = ()
    """Powers eliminated ('does not control any of its original home centers'), sorted."""

    def to_json(self) -> dict:
        """The state's tables, plain JSON."""
        data = self.influence.to_json()
        data["declarations"] = self.declarations.to_json()
        data["reichstag"] = self.reichstag.to_json()
        data["eliminated"] = sorted(self.eliminated)
        return data

    @classmethod
    def from_json(cls, extra: Mapping) -> "DiplomaticState":
        return cls(
            inf.InfluenceState.from_json(extra),
            decl.DeclarationState.from_json(extra.get("declarations", {})),
            rt.ReichstagState.from_json(extra.get("reichstag", {})),
            tuple(sorted(extra.get("eliminated", []))),
        )


def diplomatic_state(position: Position) -> DiplomaticState:
    """The Diplomatic Phase's state kept in ``position`` (each part empty where none is kept
    yet): the one reader of its tables."""
    return DiplomaticState.from_json(stored(position.extra))


def kept_diplomatic_state(position: Position, setup: DiplomacySetup) -> DiplomaticState:
    """The state ``position`` keeps, or before the first Diplomatic Phase (none kept yet) the
    INITIAL SETUP's."""
    tables = stored(position.extra)
    if "influence" in tables or "declarations" in tables:
        return DiplomaticState.from_json(tables)
    return initial_state(setup)


def keep(extra: dict, state: DiplomaticState) -> None:
    """Put the Diplomatic Phase's state into a position's ``extra`` (changed in place), beside
    the game's other state."""
    store(extra, state.to_json())


def kept_relations(position: Position) -> tuple["decl.DeclarationState | None", "Mapping | None"]:
    """The declarations and the INFs in the minor states that ``position`` keeps, each None
    while it keeps none (before the first Diplomatic Phase, when the INITIAL SETUP stands)."""
    tables = stored(position.extra)
    declarations = decl.DeclarationState.from_json(tables["declarations"]) if tables.get("declarations") is not None else None
    return declarations, tables.get("influence")


def with_reichstag(position: Position, reichstag: rt.ReichstagState) -> Position:
    """A copy of ``position`` with the Reichstag's state replaced (the Orders Phase's meeting)."""
    after = position.copy()
    store(after.extra, {"reichstag": reichstag.to_json()})
    return after


def initial_state(setup: DiplomacySetup) -> DiplomaticState:
    """The state before the first Diplomatic Phase: the INITIAL SETUP placement of INFs and
    the initial declarations."""
    influence = inf.InfluenceState({m: {p: n for p, n in row.items() if n > 0} for m, row in setup.initial_influence.items()})
    return DiplomaticState(influence, decl.initial_declarations(setup))


def eliminate(setup: DiplomacySetup, state: DiplomaticState, power: str) -> DiplomaticState:
    """A power is eliminated: its INFs leave every minor state ('INFs from the eliminated
    power are removed from all minor states'), its relations end, and if it is the
    Reichstag's caller 'any result of the Reichstag is nullified'."""
    reichstag = rt.nullify(state.reichstag) if power == setup.reichstag_caller else state.reichstag.copy()
    return DiplomaticState(
        inf.remove_power(state.influence, power),
        decl.remove_power(state.declarations, power),
        reichstag,
        tuple(sorted(set(state.eliminated) | {power})),
    )


@dataclass(frozen=True)
class DiplomaticOutcome:
    """What one Diplomatic Phase did."""

    year: int
    """The year of the phase."""
    state: DiplomaticState
    """The state after the phase."""
    results: list[OrderResult]
    """One result per order, by power (setup order) then as written."""
    attacks: list[inf.AttackResult]
    """The diplomatic attacks resolved, in the order they were resolved."""
    statuses: dict[str, inf.MinorStatus]
    """Every minor state's status after the phase, by code."""
    unused: dict[str, int]
    """Power -> INFs of its allotment it did not place (lost: they 'may not' be saved)."""
    declarations: decl.DeclarationOutcome | None
    """The declarations' outcome (None when the phase was skipped)."""
    report: str
    """The referee's report, plain text a player can read."""
    papal_events: list[decl.PapalEvent] = field(default_factory=list)
    """Events recorded in this phase that lifted the Papacy's protection (found on the board,
    entered by the GM, or seen in this phase's declarations)."""


def run_diplomatic_phase(
    setup: DiplomacySetup,
    state: DiplomaticState,
    orders: Mapping[str, Sequence[str]],
    *,
    year: int,
    papal_findings: Sequence[decl.PapalEvent] = (),
) -> DiplomaticOutcome:
    """Run the Diplomatic Phase of ``year``: ``orders`` maps a power code to its order lines.
    ``papal_findings`` are events seen since the last phase that lift the Papacy's protection
    (a center it captured, an attack on a Catholic power it supported): recorded, while the
    Papacy is still protected, before the declarations are checked."""
    lifted = []
    if decl.papacy_protected(setup, state.declarations) and papal_findings:
        lifted = list(papal_findings)
        declarations = state.declarations
        for e in lifted:
            declarations = decl.record_papal_event(declarations, e.event, e.year, e.note)
        state = DiplomaticState(state.influence, declarations, state.reichstag, state.eliminated)
    results: dict[tuple[str, int], OrderResult] = {}
    placements: list[tuple[tuple[str, int], Placement]] = []
    attacks: list[tuple[tuple[str, int], Attack]] = []
    declarations: list[tuple[tuple[str, int], Declaration]] = []
    skipped = year > setup.last_allocation_year
    eliminated = set(state.eliminated)
    rank = {p: i for i, p in enumerate(setup.powers)}

    for power in sorted(orders, key=lambda p: (rank.get(p, len(rank)), p)):
        for i, text in enumerate(orders[power]):
            key = (power, i)
            if power not in setup.powers:
                reason = f"{power} is not a power in play (expected one of {', '.join(setup.powers)})"
            elif power in eliminated:
                reason = f"{power} is eliminated"
            elif skipped:
                reason = f"there is no Diplomatic Phase after {setup.last_allocation_year}"
            else:
                try:
                    order = read_order(setup, power, text)
                    reason = ""
                except OrderError as e:
                    reason = _reason(e)
            if reason:
                results[key] = OrderResult(power, " ".join(text.split()), INVALID, reason)
                continue
            if isinstance(order, Placement):
                placements.append((key, order))
            elif isinstance(order, Attack):
                attacks.append((key, order))
            else:
                declarations.append((key, order))

    allotment = setup.allotment(year)
    placed = _check_placements(setup, state, year, placements, allotment, results)
    after_placement = inf.place(state.influence, placed)
    valid_attacks = _check_attacks(setup, state, year, after_placement, attacks, results)
    after_attacks, attack_results = inf.resolve_attacks(setup, after_placement, [a for _, a in valid_attacks])
    # Attacks are resolved in ATTACK ORDER, not as written: match results back by the order.
    by_attack = {id(r.order): r for r in attack_results}
    for key, order in valid_attacks:
        results[key] = OrderResult(order.power, order.canonical(), SUCCEEDS, by_attack[id(order)].describe())

    outcome_decl = None
    declarations_state = state.declarations
    if not skipped:
        outcome_decl = decl.resolve_declarations(
            setup, state.declarations, [d for _, d in declarations], year, eliminated
        )
        declarations_state = outcome_decl.state
        for (key, _), result in zip(declarations, outcome_decl.results):
            results[key] = result

    new_state = DiplomaticState(after_attacks, declarations_state, state.reichstag.copy(), tuple(sorted(eliminated)))
    used = {}
    for p in placed:
        used[p.power] = used.get(p.power, 0) + p.infs
    unused = {p: n - used.get(p, 0) for p, n in allotment.items() if p not in eliminated and n - used.get(p, 0) > 0}
    ordered = [results[k] for k in sorted(results, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))]
    statuses = inf.statuses(setup, after_attacks)
    declaration_keys = {key for key, _ in declarations}
    void = [results[k] for k in sorted(results, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
            if k not in declaration_keys and results[k].result == INVALID]
    if outcome_decl:
        lifted += outcome_decl.papal_events
    report = _report(setup, year, skipped, new_state, placed, attack_results, statuses, allotment, unused, outcome_decl,
                     void, lifted)
    return DiplomaticOutcome(year, new_state, ordered, attack_results, statuses, unused, outcome_decl, report, lifted)


def run_on_position(
    setup: DiplomacySetup,
    position: Position,
    orders: Mapping[str, Sequence[str]],
    papal_events: Sequence[Mapping] = (),
) -> tuple[Position, DiplomaticOutcome]:
    """Run the Diplomatic Phase of the position's year; returns a new position whose
    ``extra`` holds the state after the phase (other ``extra`` keys are kept). A position
    without diplomatic state is the start of the game: the INITIAL SETUP applies.

    ``papal_events`` are the GM's findings that lift the Papacy's protection before the
    orders are read: ``{"event": key of PAPAL_EVENTS, "year": Y, "note": what happened}``
    (the GM sees the Orders Phase's supports; 'If the Papacy supports an attack on a
    Catholic power')."""
    state = kept_diplomatic_state(position, setup)
    year = parse_phase(position.phase).year
    findings = [decl.PapalEvent(e["event"], int(e["year"]), e.get("note", "")) for e in papal_events]
    findings += _papal_captures(setup, position, year)
    outcome = run_diplomatic_phase(setup, state, orders, year=year, papal_findings=findings)
    new = position.copy()
    keep(new.extra, outcome.state)
    return new, outcome


def _papal_captures(setup: DiplomacySetup, position: Position, year: int) -> list[decl.PapalEvent]:
    """'The Papacy captures a center', when the board shows a supply center the Papacy
    captured. Captures are made at the Map Adjustment Phase (the state's ``captured``, :mod:`.state` =
    {province: captor}), which comes before the next Diplomatic Phase, so every capture is
    seen here."""
    captured = state_of(position).captured or {}
    centers = sorted(p for p, captor in captured.items() if captor == setup.papacy and p in position.centers)
    if not centers:
        return []
    return [decl.PapalEvent("captured_center", year, f"{setup.papacy} captured {', '.join(centers)}")]


def _reason(error: OrderError) -> str:
    text = f"{error.kind}: {error.reason}"
    return f"{text} (did you mean {error.suggestion}?)" if error.suggestion else text


def _check_placements(setup, state, year, placements, allotment, results) -> list[Placement]:
    """The valid placements. Within a power's orders they count against the year's allotment
    in the order written: one that would exceed what is left is void ('Players cannot
    distribute more INFs than allotted for the year')."""
    left = dict(allotment)
    valid = []
    for key, order in placements:
        try:
            inf.check_placement(setup, state.influence, order)
            ban = rt.placement_ban(setup, state.reichstag, year, order.power, order.minor)
            if ban:
                raise IllegalOrderError(order.text, ban)
            have = left.get(order.power, 0)
            if order.infs > have:
                raise IllegalOrderError(
                    order.text,
                    f"{order.power} has {have} of its {allotment.get(order.power, 0)} INFs for {year} left, "
                    f"found {order.infs}; players cannot distribute more INFs than allotted for the year",
                )
        except IllegalOrderError as e:
            results[key] = OrderResult(order.power, order.canonical(), INVALID, _reason(e))
            continue
        left[order.power] = have - order.infs
        valid.append(order)
        results[key] = OrderResult(order.power, order.canonical(), SUCCEEDS, f"{order.infs} INFs placed in {order.minor}")
    return valid


def _check_attacks(setup, state, year, after_placement, attacks, results) -> list[tuple]:
    """The valid attacks: one per power ('each player is allowed to submit only ONE
    diplomatic attack order per year'; a second is void), not forbidden by the Reichstag,
    where the attacker holds INFs (placed before or this year) and so does the target."""
    valid = []
    seen: dict[str, Attack] = {}
    for key, order in attacks:
        try:
            if order.power in seen:
                raise IllegalOrderError(
                    order.text, f"only ONE diplomatic attack a year; {seen[order.power].text!r} came first"
                )
            seen[order.power] = order
            ban = rt.attack_ban(setup, state.reichstag, year, order.power, order.target)
            if ban:
                raise IllegalOrderError(order.text, ban)
            inf.check_attack(after_placement, order)
        except IllegalOrderError as e:
            results[key] = OrderResult(order.power, order.canonical(), INVALID, _reason(e))
            continue
        valid.append((key, order))
    return valid


# --- the report -------------------------------------------------------------------------------


def _report(setup, year, skipped, state, placed, attack_results, statuses, allotment, unused, outcome_decl, void,
            lifted) -> str:
    lines = [f"DIPLOMATIC PHASE {year}", ""]
    if skipped:
        lines += [f"No Diplomatic Phase after {setup.last_allocation_year}: no INFs are allotted.", ""]
    lines.append("INF placements:")
    for power in setup.powers:
        if power in state.eliminated or allotment.get(power, 0) == 0:
            continue
        mine = [p.canonical() for p in placed if p.power == power]
        used = allotment[power] - unused.get(power, 0)
        lost = f"; {unused[power]} unused, lost" if unused.get(power) else ""
        lines.append(f"  {power}: {', '.join(mine) or 'none'} ({used} of {allotment[power]}{lost})")
    lines += ["", "Diplomatic attacks, in ATTACK ORDER:"]
    lines += [f"  {r.describe()}" for r in attack_results] or ["  none"]
    lines += ["", "Declarations:"]
    if outcome_decl:
        lines += [f"  in effect from {year}: {d.describe()}" for d in outcome_decl.took_effect]
        lines += [f"  declared, effective {d.effective}: {d.describe()}" for d in outcome_decl.declared]
        lines += [f"  the Papacy's protection lapses: {e.note}" for e in lifted]
        failed = [r for r in outcome_decl.results if r.result != SUCCEEDS]
        lines += [f"  {r.power} {r.order}: {r.result}, {r.reason}" for r in failed]
        if not (outcome_decl.took_effect or outcome_decl.declared or lifted or failed):
            lines.append("  none")
    if void:
        lines += ["", "Void orders:"]
        lines += [f"  {r.power} {r.order!r}: {r.reason}" for r in void]
    lines += ["", "Status of the minor states:"]
    width = max((len(m) for m in statuses), default=4)
    for code, status in statuses.items():
        infs = ", ".join(f"{p} {n}" for p, n in sorted(state.influence.infs(code).items(), key=lambda x: (-x[1], x[0])))
        lines.append(f"  {code:<{width}}  {status.describe()}{'  [' + infs + ']' if infs else ''}")
    lines += ["", f"Relations in force for {year}:"]
    relations = decl.relations_in_year(state.declarations, year)
    lines += [f"  {a} - {b}: {'at war' if r == decl.AT_WAR else 'allied'}" for (a, b), r in sorted(relations.items())] or ["  none"]
    meetings = [m for m in state.reichstag.meetings if m.year == year - 1]
    decree = state.reichstag.in_force(year)
    if meetings or decree or state.reichstag.nullified:
        lines += ["", "Reichstag:"]
        lines += [f"  {m.describe()}" for m in meetings]
        if decree:
            lines.append(f"  in force: {decree.describe()}")
        if state.reichstag.nullified:
            lines.append("  nullified: Austria is eliminated")
    return "\n".join(lines) + "\n"
