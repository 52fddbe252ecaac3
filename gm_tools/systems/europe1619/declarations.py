"""Declarations: war, alliance, armistice, dissolving an alliance; the Papacy's protection.

Rulebook sections (Europe 1619): 'Declarations', 'Alliances', 'Armistice', 'The Papacy',
'Sequence of declarations', 'Notes on initial declarations'.

Timing. A declaration made in the Diplomatic Phase of year Y 'becomes effective in the
next year'. The rulebook's own example fixes what that means for later declarations: an
armistice announced in 1624 'becomes effective in 1625', and only 'In 1626 (or any year
thereafter)' may the two powers declare an alliance. So a declaration waits as *pending*
until the end of the Diplomatic Phase of its effective year (in force for that year's
Orders Phase), and while it is pending no other declaration between the same two powers
may be made.

State (``Position.extra["declarations"]``): the relations in force, the pending
declarations, and the events that lifted the Papacy's protection.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gm_tools.errors import IllegalOrderError
from gm_tools.engine.model import FAILS, INVALID, SUCCEEDS, OrderResult
from gm_tools.systems.europe1619.orders import ALLIANCE, ARMISTICE, DISSOLVE, WAR, Declaration
from gm_tools.mechanics.influence import CATHOLIC
from gm_tools.systems.europe1619.setup import DiplomacySetup

AT_WAR = "war"
ALLIED = "alliance"

PAPAL_EVENTS = {
    "captured_center": "the Papacy captured a center",
    "ally_at_war_with_catholic": "the Papacy is allied with a Catholic power that is at war with "
    "or declares war on another Catholic power",
    "supported_attack_on_catholic": "the Papacy supported an attack on a Catholic power",
}
"""The three events after which a Catholic power may declare war on the Papacy ('The Papacy'),
by the key other phases record them under."""


def pair(a: str, b: str) -> tuple[str, str]:
    """The two powers of a relation, in a fixed (sorted) order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class PendingDeclaration:
    """A declaration made, not yet in force."""

    kind: str
    """``WAR``, ``ALLIANCE``, ``ARMISTICE`` or ``DISSOLVE``."""
    powers: tuple[str, str]
    """The two powers, sorted."""
    declared_by: tuple[str, ...]
    """Who declared it (both, for an alliance or an armistice), sorted."""
    declared: int
    """Year of the Diplomatic Phase it was made in."""
    effective: int
    """Year it takes effect (the next year)."""

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "powers": list(self.powers),
            "declared_by": list(self.declared_by),
            "declared": self.declared,
            "effective": self.effective,
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "PendingDeclaration":
        return cls(
            data["kind"],
            pair(*data["powers"]),
            tuple(sorted(data["declared_by"])),
            int(data["declared"]),
            int(data["effective"]),
        )

    def describe(self) -> str:
        a, b = self.powers
        if self.kind == WAR:
            if len(self.declared_by) == 2:
                return f"{a} and {b} declared war on each other"
            by = self.declared_by[0]
            return f"{by} declared war on {b if by == a else a}"
        if self.kind == ALLIANCE:
            return f"alliance of {a} and {b}"
        if self.kind == ARMISTICE:
            return f"armistice between {a} and {b}"
        return f"{self.declared_by[0]} dissolved its alliance with {b if self.declared_by[0] == a else a}"


@dataclass(frozen=True)
class PapalEvent:
    """One of the three events that lift the Papacy's protection, recorded by the phase that
    saw it."""

    event: str
    """A key of :data:`PAPAL_EVENTS`."""
    year: int
    """Year it happened."""
    note: str = ""
    """What happened, for the report: ``"PAPACY captured NAP"``."""

    def to_json(self) -> dict:
        return {"event": self.event, "year": self.year, "note": self.note}


@dataclass
class DeclarationState:
    """The declarations of a game; JSON-able via to_json/from_json."""

    relations: dict[tuple[str, str], str] = field(default_factory=dict)
    """Relations in force: sorted pair of powers -> ``"war"`` or ``"alliance"``. Powers with
    neither are absent ('neither at war or in an alliance')."""
    pending: list[PendingDeclaration] = field(default_factory=list)
    """Declarations made and not yet in force."""
    papal_events: list[PapalEvent] = field(default_factory=list)
    """Events after which any Catholic power may declare war on the Papacy."""

    def to_json(self) -> dict:
        return {
            "relations": [
                {"powers": list(p), "relation": r} for p, r in sorted(self.relations.items())
            ],
            "pending": [d.to_json() for d in self.pending],
            "papal_events": [e.to_json() for e in self.papal_events],
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "DeclarationState":
        return cls(
            relations={pair(*r["powers"]): r["relation"] for r in data.get("relations", [])},
            pending=[PendingDeclaration.from_json(d) for d in data.get("pending", [])],
            papal_events=[
                PapalEvent(e["event"], int(e["year"]), e.get("note", "")) for e in data.get("papal_events", [])
            ],
        )

    def copy(self) -> "DeclarationState":
        return DeclarationState.from_json(self.to_json())

    def relation(self, a: str, b: str) -> str | None:
        """``"war"``, ``"alliance"`` or None, as in force now."""
        return self.relations.get(pair(a, b))

    def pending_between(self, a: str, b: str) -> PendingDeclaration | None:
        p = pair(a, b)
        return next((d for d in self.pending if d.powers == p), None)


def waiting_words(d: PendingDeclaration, year: int) -> str | None:
    """A war or an alliance made and not yet in force, said with the year it takes effect for a
    refusal it would lift: "FRANCE's declaration of war on SPAIN, made this year, takes effect
    in 1620 ('becomes effective in the next year')"; None for an armistice or a dissolution,
    which lift none."""
    made = "made this year" if d.declared == year else f"made in {d.declared}"
    a, b = d.powers
    if d.kind == ALLIANCE:
        return f"the alliance of {a} and {b}, {made}, takes effect in {d.effective} ('becomes effective the following year')"
    if d.kind != WAR:
        return None
    if len(d.declared_by) == 2:
        what, verb = f"the declarations of war of {a} and {b} on each other", "take"
    else:
        by = d.declared_by[0]
        what, verb = f"{by}'s declaration of war on {b if by == a else a}", "takes"
    return f"{what}, {made}, {verb} effect in {d.effective} ('becomes effective in the next year')"


def initial_declarations(setup: DiplomacySetup) -> DeclarationState:
    """The relations at the start ('Notes on initial declarations')."""
    return DeclarationState(relations={pair(a, b): kind for a, b, kind in setup.initial_relations})


def _effect(kind: str) -> str | None:
    return {WAR: AT_WAR, ALLIANCE: ALLIED, ARMISTICE: None, DISSOLVE: None}[kind]


def relations_in_year(state: DeclarationState, year: int) -> dict[tuple[str, str], str]:
    """Relations in force during the Orders Phase of ``year``: those settled, plus pending
    declarations effective by then (so the answer is right even when a Diplomatic Phase
    was skipped, as after 1648)."""
    relations = dict(state.relations)
    for d in state.pending:
        if d.effective <= year:
            _apply(relations, d)
    return relations


def _apply(relations: dict, d: PendingDeclaration) -> None:
    effect = _effect(d.kind)
    if effect is None:
        relations.pop(d.powers, None)
    else:
        relations[d.powers] = effect


def settle(state: DeclarationState, year: int) -> tuple[DeclarationState, list[PendingDeclaration]]:
    """Put in force the pending declarations effective in ``year`` or before; returns the new
    state and the declarations that took effect."""
    new = state.copy()
    due = [d for d in new.pending if d.effective <= year]
    for d in due:
        _apply(new.relations, d)
    new.pending = [d for d in new.pending if d.effective > year]
    return new, due


def papacy_protected(setup: DiplomacySetup, state: DeclarationState) -> bool:
    """True while no Catholic power may declare war on the Papacy (no event recorded)."""
    return setup.papacy is not None and not state.papal_events


def record_papal_event(state: DeclarationState, event: str, year: int, note: str = "") -> DeclarationState:
    """A phase saw one of the three events (the Papacy captured a center, supported an attack
    on a Catholic power...): the Papacy's protection lapses."""
    if event not in PAPAL_EVENTS:
        raise ValueError(f"unknown papal event {event!r}; expected one of {', '.join(PAPAL_EVENTS)}")
    new = state.copy()
    new.papal_events.append(PapalEvent(event, year, note))
    return new


def _catholic(setup: DiplomacySetup, power: str) -> bool:
    return setup.confession(power) == CATHOLIC


def _ally_wars(
    setup: DiplomacySetup, state: DeclarationState, wars: Iterable[Declaration]
) -> list[str]:
    """Notes on the second event ('If the Papacy is allied with a Catholic power that is at
    war or declares war on another Catholic power'), from the relations in force and this
    phase's declarations of war."""
    papacy = setup.papacy
    allies = set()  # the Papacy's Catholic allies
    for (a, b), r in state.relations.items():
        if r == ALLIED and papacy in (a, b):
            ally = b if a == papacy else a
            if _catholic(setup, ally):
                allies.add(ally)
    notes = []
    for (a, b), r in sorted(state.relations.items()):
        if r == AT_WAR and papacy not in (a, b) and _catholic(setup, a) and _catholic(setup, b):
            notes += [f"{ally} (ally of {papacy}) is at war with {a if ally == b else b}" for ally in (a, b) if ally in allies]
    for w in wars:
        if w.power in allies and w.other != papacy and _catholic(setup, w.other):
            notes.append(f"{w.power} (ally of {papacy}) declares war on {w.other}")
    return notes


def check_declaration(
    setup: DiplomacySetup, state: DeclarationState, order: Declaration, eliminated: Iterable[str] = ()
) -> None:
    """Raise ``IllegalOrderError`` if the declaration may not be made now (the other party's
    agreement to an alliance or armistice is checked by :func:`resolve_declarations`)."""
    p, q = order.power, order.other
    if q in set(eliminated):
        raise IllegalOrderError(order.text, f"{q} is eliminated")
    waiting = state.pending_between(p, q)
    if waiting:
        raise IllegalOrderError(
            order.text,
            f"the {waiting.kind.lower()} declared in {waiting.declared} between {p} and {q} takes effect in "
            f"{waiting.effective}; a new declaration between them can be made from {waiting.effective + 1} "
            "('Sequence of declarations')",
        )
    now = state.relation(p, q)
    if order.kind == WAR:
        if now == AT_WAR:
            raise IllegalOrderError(order.text, f"{p} and {q} are already at war")
        if now == ALLIED:
            raise IllegalOrderError(
                order.text,
                f"{p} and {q} are allied: the alliance must first be dissolved (DISSOLVE: {q}) "
                "before war is declared ('Sequence of declarations')",
            )
        if q == setup.papacy and _catholic(setup, p) and papacy_protected(setup, state):
            raise IllegalOrderError(
                order.text,
                f"no Catholic power can declare war on the Papacy unless {PAPAL_EVENTS['captured_center']}, "
                f"{PAPAL_EVENTS['ally_at_war_with_catholic']}, or {PAPAL_EVENTS['supported_attack_on_catholic']} "
                "('The Papacy'); none of these has occurred",
            )
    elif order.kind == ALLIANCE:
        if frozenset((p, q)) in setup.forbidden_alliances:
            rule = setup.alliance_rules.get(frozenset((p, q)), "Notes on initial declarations")
            raise IllegalOrderError(order.text, f"{p} and {q} can never form an alliance ('{rule}')")
        if now == ALLIED:
            raise IllegalOrderError(order.text, f"{p} and {q} are already allied")
        if now == AT_WAR:
            raise IllegalOrderError(
                order.text,
                f"{p} and {q} are at war: the war must first officially end (ARMISTICE: {q}) before an "
                "alliance can be formed ('Sequence of declarations')",
            )
    elif order.kind == ARMISTICE:
        if now != AT_WAR:
            raise IllegalOrderError(order.text, f"{p} and {q} are not at war; an armistice ends a war")
    elif order.kind == DISSOLVE:
        if now != ALLIED:
            raise IllegalOrderError(order.text, f"{p} and {q} are not allied; there is no alliance to dissolve")


@dataclass(frozen=True)
class DeclarationOutcome:
    """What the declarations of one Diplomatic Phase did."""

    state: DeclarationState
    """State after the phase: due declarations in force, new ones pending."""
    results: list[OrderResult]
    """One result per declaration order, in the order given."""
    took_effect: list[PendingDeclaration]
    """Declarations of earlier years that took effect in this phase."""
    declared: list[PendingDeclaration]
    """Declarations made in this phase, effective next year."""
    papal_events: list[PapalEvent]
    """Events detected in this phase that lifted the Papacy's protection."""


def resolve_declarations(
    setup: DiplomacySetup,
    state: DeclarationState,
    orders: list[Declaration],
    year: int,
    eliminated: Iterable[str] = (),
) -> DeclarationOutcome:
    """Check and record the declarations of the Diplomatic Phase of ``year``.

    Order of work: each order is checked against the relations as they stand when the phase
    opens (pending ones included, see the module notes); the Papacy's protection is checked
    after this phase's other declarations of war, which may lift it (they are simultaneous);
    alliances and armistices count only when both powers declared them ('All potential
    members involved in the making of the alliance must make the declaration'); last, the
    declarations due this year take effect and the new ones wait for next year.
    """
    eliminated = set(eliminated)
    verdict: dict[int, tuple[str, str]] = {}
    seen: dict[tuple[str, str], int] = {}
    for i, o in enumerate(orders):
        key = (o.power, o.other)
        if key in seen:
            verdict[i] = (INVALID, f"only one declaration towards {o.other} a year; {orders[seen[key]].text!r} came first")
        else:
            seen[key] = i

    def check(i: int, o: Declaration, st: DeclarationState) -> None:
        try:
            check_declaration(setup, st, o, eliminated)
        except IllegalOrderError as e:
            verdict[i] = (INVALID, e.reason)

    papal_wars = [i for i, o in enumerate(orders) if o.kind == WAR and o.other == setup.papacy]
    for i, o in enumerate(orders):
        if i not in verdict and i not in papal_wars:
            check(i, o, state)
    working = state
    events = []
    if papacy_protected(setup, state):
        wars = [o for i, o in enumerate(orders) if o.kind == WAR and i not in verdict and i not in papal_wars]
        notes = _ally_wars(setup, state, wars)
        if notes:
            events = [PapalEvent("ally_at_war_with_catholic", year, "; ".join(notes))]
            working = state.copy()
            working.papal_events.extend(events)
    for i in papal_wars:
        if i not in verdict:
            check(i, orders[i], working)

    wanted = {(o.kind, o.power, o.other) for i, o in enumerate(orders) if i not in verdict}
    declared: dict[tuple[str, tuple[str, str]], set[str]] = {}
    for i, o in enumerate(orders):
        if i in verdict:
            continue
        mutual = o.kind == ALLIANCE or (o.kind == ARMISTICE and setup.armistice_by == "both")
        if mutual and (o.kind, o.other, o.power) not in wanted:
            verdict[i] = (FAILS, f"{o.other} did not declare {o.kind}: {o.power}; both powers must declare it")
            continue
        declared.setdefault((o.kind, pair(o.power, o.other)), set()).add(o.power)
        verdict[i] = (SUCCEEDS, f"takes effect in {year + 1}")

    new, due = settle(working, year)
    made = [
        PendingDeclaration(kind, powers, tuple(sorted(by)), year, year + 1)
        for (kind, powers), by in sorted(declared.items(), key=lambda item: (item[0][1], item[0][0]))
    ]
    new.pending.extend(made)
    results = [OrderResult(o.power, o.canonical(), *verdict[i]) for i, o in enumerate(orders)]
    return DeclarationOutcome(new, results, due, made, events)


def remove_power(state: DeclarationState, power: str) -> DeclarationState:
    """An eliminated power has no relations and no pending declarations any more."""
    new = state.copy()
    new.relations = {p: r for p, r in new.relations.items() if power not in p}
    new.pending = [d for d in new.pending if power not in d.powers]
    return new
