"""The Europe 1619 phases the standard engine does not play, on a game position.

Rulebook (``002_e7e1b063b6c411e5.txt``), 'Sequence of play': '1 -
Diplomatic Phase, 2 - Orders Phase, 3 - Adjudication Phase, 4 - Retreat and/or Disband Phase,
5 - Map Adjustment Phase, 6 - Builds and Transactions Phase, 7 - Scoring Phase'. The calendar
(``variants/europe1619/variant.toml``) names them D, M, R, J, B and S; M and R are the
standard engine's. This module plays the other four for
:meth:`gm_tools.systems.europe1619.rules.Europe1619Rules.play_phase`, each from the checked inputs of
the game's sheets (:mod:`gm_tools.systems.europe1619.sheets`):

- D: :func:`play_diplomatic` - the Diplomatic Phase (:mod:`.diplomatic_phase`);
- J: :func:`play_map_adjustment` - captures, occupation, expelled units (:mod:`.occupation`);
- B: :func:`play_transactions` - income, loans, purchases, minors' builds (:mod:`.treasury`);
- S: :func:`play_scoring` - victory points and the verdict (:mod:`.scoring`).

Each returns a :class:`gm_tools.engine.runner.PhaseOutcome` whose ``extra`` is what the site and the
workbook show of the phase (keys in ``docs/europe1619.md``), and keeps a by-year ledger in
the state's ``ledger`` (:mod:`.state`) for the history sheets (Influence History, Treasury, Scores).
Pure: nothing here reads a file.
"""

from __future__ import annotations

from gm_tools.engine.runner import PhaseOutcome
from gm_tools.errors import UserError
from gm_tools.engine.model import SUCCEEDS, OrderResult, Position, Unit
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1619 import adapter_rules
from gm_tools.systems.europe1619.adapter import setup_from_variant
from gm_tools.systems.europe1619.diplomatic_phase import diplomatic_state, run_on_position
from gm_tools.systems.europe1619.occupation import Expelled, retreat_expelled
from gm_tools.systems.europe1619.state import state_of
from gm_tools.systems.europe1619.treasury import (
    Bolster, BuyUnit, Loan, MinorPreference, Payment, Reduce, Remove, Transaction, TransactionsOutcome,
)

# the ledger and the statements are kept in :mod:`.state`

_SETUPS: dict = {}


def setup_of(variant: Variant, position: Position | None = None):
    """The game's :class:`~gm_tools.systems.europe1619.setup.DiplomacySetup`, once per variant;
    given a position, with the new independent states of an eliminated Spain or England."""
    from gm_tools.systems.europe1619.adapter import with_new_states

    return adapter_rules.per_variant(_SETUPS, variant, position, setup_from_variant,
                                     lambda setup, states: with_new_states(setup, variant, states))


def _year(position: Position) -> int:
    return parse_phase(position.phase).year


def _ledger(position: Position, book: str, year: int, entry) -> None:
    """One year's figures in a book of the ledger (``position`` changed in place: a new one)."""
    state = state_of(position)
    state.add_to_ledger(book, year, entry)
    state.write(position.extra)


# --- D: the Diplomatic Phase ------------------------------------------------------------------


def play_diplomatic(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome:
    """The Diplomatic Phase of the position's year from ``inputs["orders"]`` ({power: lines},
    the order forms of :mod:`.orders`) and the GM's ``inputs["papal_events"]`` (what lifted
    the Papacy's protection since the last phase)."""
    setup = setup_of(variant, position)
    after, outcome = run_on_position(setup, position, inputs.get("orders", {}), inputs.get("papal_events", ()))
    markers = diplomatic_state(after).influence.markers
    statuses = {
        code: {
            "status": s.status,
            "power": s.power,
            "total": s.total,
            "captured_by": s.captured_by,
            "infs": dict(sorted(outcome.state.influence.infs(code).items())),
            "marker": markers.get(code),
        }
        for code, s in outcome.statuses.items()
    }
    _ledger(after, "influence", outcome.year, {m: s["infs"] for m, s in statuses.items() if s["infs"]})
    declarations = outcome.declarations
    extra = {
        "diplomatic": {
            "year": outcome.year,
            "statuses": statuses,
            "attacks": [a.describe() for a in outcome.attacks],
            "unused": dict(sorted(outcome.unused.items())),
            "took_effect": [d.describe() for d in declarations.took_effect] if declarations else [],
            "declared": [d.describe() for d in declarations.declared] if declarations else [],
            "papal_events": [e.note for e in outcome.papal_events],
            "report": outcome.report,
        }
    }
    return PhaseOutcome(list(outcome.results), after, extra=extra)


# --- J: the Map Adjustment Phase -----------------------------------------------------------------


def play_map_adjustment(variant: Variant, position: Position) -> PhaseOutcome:
    """The Map Adjustment Phase ('Additional rules to observe' 3, 4a-4d, 6; 'Elimination').
    An expelled unit that may retreat (a bolstered army, rules 4a/4b with 'Retreats') waits
    in the state's ``expelled`` for the Builds and Transactions Phase, where its power
    says where it goes (the Retreats sheet); one left without a choice is disbanded there."""
    out = adapter_rules.apply_map_adjustment(variant, position)
    after = out.position
    waiting = [e for e in out.expelled if e.retreats]
    if waiting:
        state = state_of(after)
        state.expelled = [
            {"unit": str(e.unit), "power": e.unit.power, "strength": e.unit.strength, "rule": e.rule,
             "retreats": list(e.retreats)}
            for e in sorted(waiting, key=lambda e: e.unit.province)
        ]
        state.write(after.extra)
    results = [
        OrderResult(u.power, f"{u} D", SUCCEEDS, "disbanded at the Map Adjustment Phase")
        for u in sorted(out.disbanded, key=lambda u: (u.power, str(u)))
    ]
    results += [
        OrderResult(u.power, f"BUILD {u}", SUCCEEDS, "rebuilt: its minor state is liberated")
        for u in sorted(out.rebuilt, key=lambda u: (u.power, str(u)))
    ]
    extra = {
        "map_adjustment": {
            "captures": [list(c) for c in out.captures],
            "reverted": [list(r) for r in out.reverted],
            "expelled": [
                {"unit": str(e.unit), "power": e.unit.power, "rule": e.rule, "retreats": list(e.retreats)}
                for e in out.expelled
            ],
            "disbanded": [f"{u.power} {u}" for u in out.disbanded],
            "captured_minors": [list(c) for c in out.captured_minors],
            "liberated_minors": list(out.liberated_minors),
            "rebuilt": [f"{u.power} {u}" for u in out.rebuilt],
            "eliminated": list(out.eliminated),
            "markers": dict(sorted(diplomatic_state(after).influence.markers.items())),
        }
    }
    return PhaseOutcome(results, after, extra=extra)


# --- B: the Builds and Transactions Phase ---------------------------------------------------------


def transactions_of(inputs: dict) -> list[Transaction]:
    """The transactions of the checked inputs: loans and payments first as the GM listed them,
    then purchases ('Loans', 'Payments', then 'Purchases' rows; the treasury runs money first
    anyway)."""
    found: list[Transaction] = []
    for row in inputs.get("loans", []):
        terms = f"due {row['due']}" if row.get("due") else ""
        found.append(Loan(row["lender"], row["borrower"], row["amount"], row.get("interest") or 0, terms))
    for row in inputs.get("payments", []):
        found.append(Payment(row["payer"], row["payee"], row["amount"], row.get("note") or ""))
    for row in inputs.get("purchases", []):
        action, power, location = row["action"], row["power"], row.get("province")
        if action == "build":
            found.append(BuyUnit(power, row["kind"], location, row.get("minor")))
        elif action == "bolster":
            found.append(Bolster(power, location))
        elif action == "reduce":
            found.append(Reduce(power, location))
        elif action == "disband":
            found.append(Remove(power, location))
        elif action == "minor build":
            found.append(MinorPreference(power, row["minor"], row["kind"]))
        else:
            raise UserError(f"purchase of {power}: found action {action!r}, expected build, bolster, reduce, "
                            "disband or minor build")
    return found


def place_expelled(position: Position, retreats: dict[str, str]) -> tuple[Position, list[OrderResult]]:
    """Expelled units waiting from the Map Adjustment Phase go where their power chose,
    one strength weaker; the others are disbanded ('Retreats')."""
    waiting = state_of(position).expelled or []
    if not waiting:
        return position, []
    expelled = []
    for item in waiting:
        kind, location = item["unit"].split(" ", 1)
        unit = Unit(item["power"], kind, location, item["strength"])
        expelled.append(Expelled(unit, item["rule"], tuple(item["retreats"])))
    after = retreat_expelled(position, expelled, retreats)
    state = state_of(after)
    state.expelled = None
    state.write(after.extra)
    results = []
    for e in expelled:
        dest = retreats.get(e.unit.province)
        if dest and dest not in position.units and dest in after.units:
            results.append(OrderResult(e.unit.power, f"{e.unit} R {dest}", SUCCEEDS, f"expelled (rule {e.rule}); one strength lost"))
        else:
            results.append(OrderResult(e.unit.power, f"{e.unit} D", SUCCEEDS, f"expelled (rule {e.rule}) and not retreated: disbanded"))
    return after, results


def play_transactions(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome:
    """The Builds and Transactions Phase from ``inputs`` (``loans``, ``payments``,
    ``purchases``, ``retreats`` of expelled units), with the year's Treasury ledger and each
    power's statement ('All of these transactions are conducted during this phase and reported
    by referee at the conclusion of the phase')."""
    start, retreat_results = place_expelled(position, inputs.get("retreats", {}))
    transactions = transactions_of(inputs)
    out = adapter_rules.apply_transactions(variant, start, transactions)
    after = out.position
    before = state_of(start).treasury or {}
    year = _year(position)
    treasury, statements = {}, {}
    for power in sorted(out.income):
        was, now = int(before.get(power, 0)), int(state_of(after).treasury.get(power, 0))
        treasury[power], statements[power] = _accounts(power, was, now, transactions, out)
    _ledger(after, "treasury", year, treasury)
    kept = state_of(after)
    kept.statements = {"year": year, "powers": statements}
    kept.write(after.extra)
    extra = {
        "transactions": {
            "treasury": treasury,
            "statements": statements,
            "built": [f"{u.power} {u}" for u in out.built],
            "loans": [r for r in kept.loans or [] if str(r.get("year")) == str(year)],
        }
    }
    return PhaseOutcome(retreat_results + list(out.results), after, extra=extra)


def _accounts(power: str, was: int, now: int, transactions: list[Transaction], out: TransactionsOutcome):
    """``power``'s line of the public Treasury chart and its statement, item by item: [item,
    TPs] from the opening balance to the new one (the items add up: a test checks it)."""
    inc = out.income[power]
    items: list[list] = [["Balance", was]]
    items += [[f"Income: home center {c}", v] for c, v in inc.home_centers.items()]
    items += [[f"Income: captured center {c}", v] for c, v in inc.captured_centers.items()]
    items += [[f"Income: captured province {p}", 1] for p in inc.captured_provinces]
    items += [[f"Income: aligned state {m}", v] for m, v in inc.aligned_states.items()]
    moved = {"borrowed": 0, "lent": 0, "received": 0, "paid": 0}
    for t, r in zip(transactions, out.results):
        if r.result != SUCCEEDS or not isinstance(t, (Loan, Payment)):
            continue
        giver, taker = (t.lender, t.borrower) if isinstance(t, Loan) else (t.payer, t.payee)
        if power not in (giver, taker):
            continue
        if isinstance(t, Loan):
            terms = ", ".join(x for x in (f"{t.interest} TPs interest" if t.interest else "", t.terms) if x)
            what = f"Loan from {giver}" if power == taker else f"Loan to {taker}"
            moved["borrowed" if power == taker else "lent"] += t.amount
        else:
            terms = t.note
            what = f"Payment from {giver}" if power == taker else f"Payment to {taker}"
            moved["received" if power == taker else "paid"] += t.amount
        items.append([what + (f" ({terms})" if terms else ""), t.amount if power == taker else -t.amount])
    spent = [b for b in out.spent if b.power == power]
    items += [[f"{b.text} (military strength {b.strength})", -b.cost] for b in spent]
    items.append(["New balance", now])
    line = {
        "balance": was,
        "home_centers": sum(inc.home_centers.values()),
        "captured_centers": sum(inc.captured_centers.values()),
        "captured_provinces": len(inc.captured_provinces),
        "aligned_states": sum(inc.aligned_states.values()),
        "income": inc.total,
        **moved,
        "purchases": sum(b.cost for b in spent),
        "new_balance": now,
    }
    return line, items


# --- S: the Scoring Phase ----------------------------------------------------------------------


def play_scoring(variant: Variant, position: Position) -> PhaseOutcome:
    """The Scoring Phase: every power's victory points, item by item, and the verdict ('First
    player to reach 25 points wins the game regardless of the year'; 'the game officially ends
    at the Scoring Phase of 1648')."""
    table, verdict = adapter_rules.score_position(variant, position)
    after = position.copy()
    scores = {
        power: {
            "captured_centers": sum(s.captured_centers.values()),
            "markers": s.markers,
            "captured_provinces": len(s.captured_provinces),
            "lost_centers": -sum(s.lost_centers.values()),
            "lost_provinces": -len(s.lost_provinces),
            "bonus": s.bonus,
            "total": s.total,
        }
        for power, s in table.items()
    }
    year = _year(position)
    _ledger(after, "scores", year, {p: s["total"] for p, s in scores.items()})
    extra = {
        "scoring": {
            "year": year,
            "scores": scores,
            "over": verdict.over,
            "winners": list(verdict.winners),
            "tie": verdict.tie,
            "verdict": verdict.reason,
        }
    }
    winner = verdict.winners[0] if verdict.over and not verdict.tie else None
    return PhaseOutcome([], after, extra=extra, winner=winner)
