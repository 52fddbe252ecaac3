"""The Classic Payola bribe auction: how the money offered for a unit becomes its order.

A rule module any variant can turn on (Europe 1615 version 2 is the first): pure, it knows no
variant, no map and no file. Sources, in our own words: ``../shared/reference/payola-classic.md``
(the Payola rules, 'Payola Classic', and the DPjudge judge's behaviour) and the Europe 1615 v2
rulebook (``001_6f4a9c76b6e5774a.txt``, '4 SUBMISSIONS OF REFERENCE LISTS', '6 MOVEMENT PHASE').

- 'Add all money offered for each distinct order of the unit. The highest total is the order.'
- 'A tie is broken by the unit owner's acceptance list: the tied order backed by the power
  ranked highest on it wins. A unit with no owner (a dummy) holds on a tie between different
  bribers.'
- 'A unit its owner does not bid on gets an implicit 0 : unit HOLD from its owner.'
- 'Only the offers for the winning order are paid, each briber paying what it offered; the
  money leaves the game.'
- 'If a power's payments exceed its treasury, all its offers are reduced by one and every
  unit's order is decided again from scratch; repeat until nobody overspends.' A variant whose
  offers must carry money (``needs_payment``: Europe 1615 v2's foreign bribes) loses an offer
  cut to nothing: it is no offer at all, not a free order.

Which offers are allowed at all (a variant's limits on foreign bribes) is the caller's
question, asked before the auction; the orders are compared as the caller writes them (one
canonical text per order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

HOLD = "H"
"""The order text of the implicit hold: the caller's canonical ``"<unit> H"`` is built with it."""


@dataclass(frozen=True)
class Offer:
    """One line of an offer sheet: ``amount : unit order``."""

    briber: str
    """The power offering the money."""
    unit: str
    """The unit bid on, by its province."""
    order: str
    """The order wanted, in the caller's canonical text (two offers for one order must match)."""
    amount: int
    """The money offered, 0 or more."""


@dataclass(frozen=True)
class Payment:
    """What a briber pays for a winning order."""

    briber: str
    unit: str
    order: str
    amount: int


@dataclass
class Decision:
    """One unit's auction: every order's total, the winner and how it was found."""

    unit: str
    owner: str | None
    totals: dict[str, int]
    """Order -> money offered for it (after any reductions)."""
    order: str
    """The order chosen."""
    backers: dict[str, int]
    """Briber -> what it offered for the chosen order."""
    tie_broken_by: str | None = None
    """The power whose place on the owner's acceptance list broke a tie, if there was one."""
    held_on_tie: bool = False
    """A tie nobody's list could break: the unit holds."""


@dataclass
class Auction:
    """The outcome: each unit's order, what each power pays, how many rounds it took."""

    decisions: dict[str, Decision] = field(default_factory=dict)
    payments: list[Payment] = field(default_factory=list)
    spent: dict[str, int] = field(default_factory=dict)
    """Power -> what it pays in all."""
    cuts: dict[str, int] = field(default_factory=dict)
    """Power -> how many times its offers were reduced by one for overspending."""
    rounds: int = 1
    """How many times every unit was decided (1: nobody overspent)."""

    @property
    def orders(self) -> dict[str, str]:
        return {u: d.order for u, d in self.decisions.items()}


def with_implicit_holds(offers: list[Offer], owners: Mapping[str, str | None], hold_text) -> list[Offer]:
    """``offers`` and, for each unit whose owner made none for it, the owner's ``0 : HOLD``
    (``hold_text(unit)`` writes the hold order as the caller writes orders)."""
    bid = {(o.unit, o.briber) for o in offers}
    extra = [Offer(owner, unit, hold_text(unit), 0) for unit, owner in sorted(owners.items())
             if owner is not None and (unit, owner) not in bid]
    return list(offers) + extra


def _decide(unit: str, owner: str | None, offers: list[Offer], cut: Mapping[str, int],
            acceptance: Mapping[str, tuple[str, ...]], hold_text,
            needs_payment: Callable[[Offer], bool] = lambda o: False) -> Decision:
    totals: dict[str, int] = {}
    backing: dict[str, dict[str, int]] = {}
    for o in offers:
        amount = max(0, o.amount - cut.get(o.briber, 0))
        if amount == 0 and needs_payment(o):
            continue
        totals[o.order] = totals.get(o.order, 0) + amount
        backing.setdefault(o.order, {})[o.briber] = amount
    if not totals:  # a unit nobody owns whose every offer was cut to nothing
        return Decision(unit, owner, {}, hold_text(unit), {})
    best = max(totals.values())
    tied = sorted(order for order, total in totals.items() if total == best)
    if len(tied) == 1:
        return Decision(unit, owner, totals, tied[0], backing[tied[0]])
    ranking = acceptance.get(owner, ()) if owner is not None else ()
    place = {p: i for i, p in enumerate(ranking)}

    def rank(order: str) -> int:
        return min((place.get(b, len(place)) for b in backing[order]), default=len(place))

    ranks = sorted((rank(order), order) for order in tied)
    if owner is None or ranks[0][0] == len(place) or (len(ranks) > 1 and ranks[0][0] == ranks[1][0]):
        hold = hold_text(unit)
        return Decision(unit, owner, totals, hold, backing.get(hold, {}), held_on_tie=True)
    order = ranks[0][1]
    breaker = min(backing[order], key=lambda b: place.get(b, len(place)))
    return Decision(unit, owner, totals, order, backing[order], tie_broken_by=breaker)


def auction(offers: list[Offer], owners: Mapping[str, str | None], treasuries: Mapping[str, int],
            acceptance: Mapping[str, tuple[str, ...]], hold_text,
            needs_payment: Callable[[Offer], bool] = lambda o: False) -> Auction:
    """Decide every unit's order from ``offers`` (with the owners' implicit holds added),
    ``owners`` (unit -> owning power, None for a unit nobody owns), the powers' ``treasuries``
    and ``acceptance`` lists (power -> powers, highest first), reducing an overspender's offers
    until every power can pay; an offer ``needs_payment`` says must carry money drops out once
    cut to nothing."""
    everything = with_implicit_holds(offers, owners, hold_text)
    by_unit: dict[str, list[Offer]] = {}
    for o in everything:
        by_unit.setdefault(o.unit, []).append(o)
    cut: dict[str, int] = {}
    rounds = 0
    while True:
        rounds += 1
        result = Auction(rounds=rounds, cuts=dict(cut))
        for unit in sorted(by_unit):
            decision = _decide(unit, owners.get(unit), by_unit[unit], cut, acceptance, hold_text, needs_payment)
            result.decisions[unit] = decision
            for briber, amount in sorted(decision.backers.items()):
                if amount:
                    result.payments.append(Payment(briber, unit, decision.order, amount))
                    result.spent[briber] = result.spent.get(briber, 0) + amount
        over = sorted(p for p, n in result.spent.items() if n > max(0, treasuries.get(p, 0)))
        if not over:
            return result
        # the rounds that would change no unit's order are counted, not run: an amount typed
        # with zeros too many (1000000 for 10) would otherwise take a million rounds
        skipped = _quiet_rounds(result, by_unit, cut, set(over), treasuries)
        rounds += skipped
        for power in over:
            cut[power] = cut.get(power, 0) + 1 + skipped


def _quiet_rounds(result: Auction, by_unit: Mapping[str, list[Offer]], cut: Mapping[str, int], over: set[str],
                  treasuries: Mapping[str, int]) -> int:
    """How many of the rounds after ``result`` would decide every unit as it did and find the
    same powers overspending, each cutting the ``over`` powers' offers by one more: while none
    of their offers comes down to nothing (no total's slope changes, nothing drops out), each
    order's total falls by the number of their offers backing it, so the orders and ties stand
    until a total catches up with the highest, and a power overspends until its payments, each
    one lower a round, reach its treasury. 0 when the next round may differ."""
    bound: list[int] = []
    for unit, offers in by_unit.items():
        amounts = [(o, o.amount - cut.get(o.briber, 0)) for o in offers]
        # an offer of theirs still carrying money, once down to 1, may drop out next round
        bound += [a - 1 for o, a in amounts if o.briber in over and a > 0]
        totals = result.decisions[unit].totals
        slope = {order: 0 for order in totals}
        for o, a in amounts:
            if o.briber in over and a > 0 and o.order in slope:
                slope[o.order] += 1
        if not totals:
            continue
        best = max(totals.values())
        top = {slope[order] for order, total in totals.items() if total == best}
        if len(top) > 1:  # a tie whose orders come down at different speeds ends next round
            return 0
        falls = top.pop()
        for order, total in totals.items():
            if total < best and slope[order] < falls:
                bound.append((best - total - 1) // (falls - slope[order]))
    for power in over:
        paying = sum(1 for p in result.payments if p.briber == power)
        bound.append((result.spent[power] - max(0, treasuries.get(power, 0)) - 1) // paying)
    return max(0, min(bound))


def bribe_chart(result: Auction, treasuries: Mapping[str, int],
               named: Callable[[str], str] = str) -> list[str]:
    """The public bribe chart as Payola judges publish it: each unit's order, who paid what;
    then each power's treasury before and after. ``named`` says a power as the page names it
    (a variant's "Denmark/Sweden" for its code ``DENMARK``); the powers stay in the codes'
    order, so the chart reads the same way whatever their names. Markdown: the units someone
    paid for (or whose tie a list broke) are a table, where a long note wraps in its cell on a
    phone; the rest, most of a board in a quiet season, one paragraph of their orders, so the
    few bribes are not lost among sixty lines of 'nothing paid'; the treasuries a block of short
    lines."""
    rows, unpaid = [], []
    for unit, d in sorted(result.decisions.items()):
        paid = ", ".join(f"{named(b)} {n}" for b, n in sorted(d.backers.items()) if n)
        note = f" (tie: {named(d.tie_broken_by)}'s place on {named(d.owner)}'s list)" if d.tie_broken_by else (
            " (tie: holds)" if d.held_on_tie else "")
        if paid or note:
            rows.append(f"| {d.order} | {paid or 'nothing paid'}{note} |")
        else:
            unpaid.append(d.order)
    lines = ["| Winning order | Paid |", "|:--|:--|", *rows, ""] if rows else []
    if unpaid:
        lines += [(f"Nothing paid for the other {len(unpaid)} units' orders: " if rows
                   else f"Nothing paid for any of the {len(unpaid)} units' orders: ")
                  # no-break spaces: a phone's line never ends inside an order ('A' / 'ALG H')
                  + ", ".join(order.replace(" ", "\u00a0") for order in unpaid), ""]
    # the sum alone ('Austria: 48 - 8 = 40') says neither what was taken nor from what
    lines.append("    Treasuries: before - paid = after")
    for power in sorted(treasuries):
        spent = result.spent.get(power, 0)
        lines.append(f"    {named(power)}: {treasuries[power]} - {spent} = {treasuries[power] - spent}")
    return lines


def ledger(result: Auction, power: str, offers: list[Offer], balance: int,
           named: Callable[[str], str] = str) -> list[str]:
    """One power's private statement: its units' orders, the bribes it accepted (others' money
    that decided its units), its offer sheet, previous balance, cost, new balance; ``named``
    says a power as :func:`bribe_chart` does, so the two read alike."""
    lines = ["Your units:"]
    for unit, d in sorted(result.decisions.items()):
        if d.owner != power:
            continue
        others = ", ".join(f"{named(b)} {n}" for b, n in sorted(d.backers.items()) if b != power and n)
        lines.append(f"  {d.order}" + (f" (bribes accepted: {others})" if others else ""))
    lines.append("Your offers:")
    if not any(o.briber == power for o in offers):
        lines.append("  none: each unit of yours nobody paid for holds (0 : HOLD)")
    cut = result.cuts.get(power, 0)
    for o in sorted((o for o in offers if o.briber == power), key=lambda o: (o.unit, o.order)):
        won = result.decisions.get(o.unit) is not None and result.decisions[o.unit].order == o.order
        paid = max(0, o.amount - cut)
        # an offer the overspending cut to nothing lost to any total, 0 too ('won with 0'), or
        # dropped out where money is due: without this, 1 reads as beaten by 0
        lowered = ", cut to 0 for overspending" if o.amount and not paid else ""
        beaten = f" - not accepted{lowered} ({_beaten_by(result.decisions.get(o.unit), named)})"
        lines.append(f"  {o.amount} : {o.order}" + (f" - accepted, paid {paid}" if won else beaten))
    spent = result.spent.get(power, 0)
    if cut:
        lines.append(f"Every offer reduced by {cut} for overspending.")
    lines.append(f"Previous balance {balance}, cost {spent}, new balance {balance - spent}.")
    return lines


def _beaten_by(d: Decision | None, named: Callable[[str], str] = str) -> str:
    """What the unit did instead, in the bribe chart's public words only: the winning order and
    what it was paid in all, and the tie it won; never what other powers offered for the losing
    order, which is theirs to keep."""
    if d is None:
        return "the unit was not on the board"
    if d.held_on_tie:
        return f"a tie no list broke: {d.order}"
    won = f"{d.order} won with {sum(d.backers.values())}"
    tie = f", the tie to {named(d.tie_broken_by)}'s place on {named(d.owner)}'s list" if d.tie_broken_by else ""
    return won + tie
