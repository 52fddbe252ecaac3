"""The Builds and Transactions Phase: income, loans, purchases, bolsters, minors' builds.

Rulebook (``002_e7e1b063b6c411e5.txt``) sections: 'Treasury', 'Loans',
'Military Cost Table' with France's example, 'Bolstering the strength of an army unit',
'Adjusting strength', 'Minor states', 'Building a unit for a minor state', 'Ottoman fleet'.

State (``Position.extra``): ``treasury`` = {power: TPs}, ``loans`` and ``payments`` = the loans
and the repayments recorded
(the referee reports them; 'not enforced by the referee'). The steps of the phase, in order:

1. every power in play receives its :func:`income`;
2. loans and payments, in the order given;
3. builds, bolsters, reductions and removals, in the order given, each priced by the Military
   Cost Table at the buyer's strength at that moment ('the player must assess the cost of one
   additional unit after one unit has been purchased');
4. minors' automatic builds.

Judgements where the rulebook is silent: 'home centers' for income are all the centers of the
power's own domain that it still holds, Spain's Naples, Milan and Flanders and England's
Scotland included (they are its centers from the start, though not the home centers whose
loss eliminates it); a unit bought for a minor is priced at the buyer's
own strength ('calculated in the same manner as building/bolstering a new unit for a
power'); an 'allied center' for a bolster is a center held by an ally, by a minor aligned
with the power or with an ally; automatic builds come after purchases, so a unit bought for
a minor on its home center takes the place of its automatic build.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Union

from gm_tools.errors import UserError
from gm_tools.engine.model import ARMY, FLEET, INVALID, SUCCEEDS, OrderResult, Position, Unit
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1619.state import state_of, with_state
from gm_tools.systems.europe1619.territory import ALIGNED, VASSALAGE, Board

# the treasury, loans, payments and minors' bought units are kept in :mod:`.state`


@dataclass(frozen=True)
class Economy:
    """The tables of the phase."""

    costs: Mapping[int, int]
    """The Military Cost Table: a power's current total strength -> TPs for one more unit
    (or one more strength on an army). France's example: 4 -> 9, 5 -> 15."""
    aligned_income_powers: frozenset[str] = frozenset()
    """Powers also paid by their aligned states within the HRE: the Protestant Union and the
    Catholic League."""
    max_strength: int = 15
    """'No power can have more than 15 units on the board (or a combined military strength
    greater than 15)'."""
    max_unit_strength: int = 10
    """'an army unit's strength cannot exceed 10'."""
    build_site_income: bool = True
    """Whether Spain's and England's build sites (Naples, Milan, Flanders; Scotland) pay income
    like home centers. The text pays 'from home centers, and from captured foreign centers',
    and says the build sites 'are not considered home centers'; they are read as paying (the
    powers' own lands from the start), and the variant option ``build_site_income = false``
    gives the strict reading (NOTES.md, 'Judgement calls')."""

    step_beyond: int | None = None
    """TPs each strength above the table's last costs more than the one before (a buyer for
    minor states may pass 15 in a phase); None: nothing is priced above the table."""

    def cost(self, strength: int) -> int | None:
        """TPs for one more strength at ``strength``; None where the table gives no price."""
        last = max(self.costs, default=None)
        if strength in self.costs or last is None or self.step_beyond is None or strength < last:
            return self.costs.get(strength)
        return self.costs[last] + self.step_beyond * (strength - last)


# --- income -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Income:
    """A power's income for one Builds and Transactions Phase, item by item."""

    power: str
    """The power paid."""
    home_centers: Mapping[str, int]
    """Its own centers it still holds -> value ('income ... from home centers')."""
    captured_centers: Mapping[str, int]
    """Foreign centers it captured -> value ('captured foreign centers (value within a black circle)')."""
    captured_provinces: tuple[str, ...]
    """Foreign provinces it captured, not centers: 1 TP each."""
    aligned_states: Mapping[str, int]
    """Union and League only: aligned HRE minors -> value of their home center."""

    @property
    def total(self) -> int:
        return (
            sum(self.home_centers.values())
            + sum(self.captured_centers.values())
            + len(self.captured_provinces)
            + sum(self.aligned_states.values())
        )


def income(board: Board, economy: Economy, power: str) -> Income:
    """'During the Builds and Transactions Phase all players receive income (as TPs) from home
    centers, and from captured foreign centers ..., and captured foreign provinces valued at
    1 TP each'; the Union and the League 'receive income from aligned states as well, but
    only from those states within the HRE'."""
    geo = board.geo
    home = {c: v for c, v in sorted(geo.values.items()) if geo.domain.get(c) == power and board.controller(c) == power}
    if not economy.build_site_income:
        sites_only = set(geo.build_sites.get(power, ())) - set(geo.home_centers.get(power, ()))
        home = {c: v for c, v in home.items() if c not in sites_only}
    captured = sorted(p for p, captor in board.captured.items() if captor == power)
    centers = {p: geo.values[p] for p in captured if geo.is_center(p)}
    provinces = tuple(p for p in captured if not geo.is_center(p))
    aligned = {}
    if power in economy.aligned_income_powers:
        for minor, provinces_of in sorted(geo.minors.items()):
            home_center = geo.minor_home.get(minor)
            if (
                home_center is not None
                and board.commander(minor) == power
                and any(p in geo.hre for p in provinces_of)
            ):
                aligned[minor] = geo.values[home_center]
    return Income(power, home, centers, provinces, aligned)


def build_sites(board: Board, power: str) -> list[str]:
    """Centers where ``power`` may build, occupied or not: its home centers and build sites
    (Spain's Naples, Milan, Flanders; England's Scotland) that it still holds."""
    return sorted(c for c in board.geo.build_sites.get(power, ()) if board.controller(c) == power)


# --- the transactions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Loan:
    """``FRANCE LENDS 5 TO SAVOY``: TPs handed over now, repayment on the players' terms."""

    lender: str
    """The power handing the TPs over."""
    borrower: str
    """The power receiving them."""
    amount: int
    """TPs handed over."""
    interest: int = 0
    """TPs of interest agreed (recorded, never enforced)."""
    terms: str = ""
    """The agreed repayment, in the players' words ('in parts or full', a year...)."""


@dataclass(frozen=True)
class Payment:
    """``SAVOY PAYS 3 TO FRANCE``: a repayment, interest or gift."""

    payer: str
    """The power paying."""
    payee: str
    """The power paid."""
    amount: int
    """TPs handed over."""
    note: str = ""
    """What it is for, as reported."""


@dataclass(frozen=True)
class BuyUnit:
    """``BUILD A PAR``: a new unit on an unoccupied home center (or a minor's home center
    when ``minor`` is set: 'A power may build a unit for a minor state')."""

    power: str
    """The power paying."""
    kind: str
    """``"A"`` or ``"F"``."""
    location: str
    """Where it appears (with coast for a fleet in a split-coast province)."""
    minor: str | None = None
    """The minor it is built for, or None for the power's own unit."""


@dataclass(frozen=True)
class Bolster:
    """``BOLSTER A PAR``: one more strength on an army (the power's own or a minor's)."""

    power: str
    """The power paying."""
    location: str
    """Province of the army."""


@dataclass(frozen=True)
class Reduce:
    """``REDUCE A PAR``: one strength less on a bolstered unit, 'to allow for a new build'."""

    power: str
    """The power reducing its own unit."""
    location: str
    """Province of the unit."""


@dataclass(frozen=True)
class Remove:
    """``DISBAND A PAR``: the power removes one of its units."""

    power: str
    """The power disbanding its own unit."""
    location: str
    """Province of the unit."""


@dataclass(frozen=True)
class MinorPreference:
    """``HAM BUILDS A``: the aligned power asks a coastal minor for an army ('Coastal minor
    states will by default build fleets, but the aligned power may indicate the preferred
    unit to the referee')."""

    power: str
    """The power the minor is aligned with (or a vassal of)."""
    minor: str
    """The minor state's code."""
    kind: str
    """``"A"`` or ``"F"``: the unit its automatic build should be."""


Transaction = Union[Loan, Payment, BuyUnit, Bolster, Reduce, Remove, MinorPreference]


def transaction_text(t: Transaction) -> str:
    if isinstance(t, Loan):
        extra = f" at {t.interest} interest" if t.interest else ""
        terms = f" ({t.terms})" if t.terms else ""
        return f"LEND {t.amount} TO {t.borrower}{extra}{terms}"
    if isinstance(t, Payment):
        return f"PAY {t.amount} TO {t.payee}" + (f" ({t.note})" if t.note else "")
    if isinstance(t, BuyUnit):
        return f"BUILD {t.kind} {t.location}" + (f" FOR {t.minor}" if t.minor else "")
    if isinstance(t, Bolster):
        return f"BOLSTER {t.location}"
    if isinstance(t, Reduce):
        return f"REDUCE {t.location}"
    if isinstance(t, Remove):
        return f"DISBAND {t.location}"
    if isinstance(t, MinorPreference):
        return f"{t.minor} BUILDS {t.kind}"
    raise TypeError(f"not a transaction: {t!r}")


def _payer(t: Transaction) -> str:
    return t.lender if isinstance(t, Loan) else t.payer if isinstance(t, Payment) else t.power


@dataclass(frozen=True)
class Purchase:
    """One purchase paid for: a build or a bolster, priced by the Military Cost Table."""

    power: str
    """The power paying."""
    text: str
    """The transaction as written (``BUILD A PAR``)."""
    strength: int
    """The buyer's military strength before it ('cost by current strength')."""
    cost: int
    """TPs paid."""


@dataclass
class TransactionsOutcome:
    """What the phase did."""

    position: Position
    """The position after it: units, and the state's ``treasury``, ``loans`` and ``payments`` (:mod:`.state`)."""
    income: dict[str, Income]
    """Each power's income, by power."""
    results: list[OrderResult]
    """One result per transaction, in the order given, then one per automatic minor build."""
    built: list[Unit] = field(default_factory=list)
    """Units built (bought and automatic), in order."""
    spent: list[Purchase] = field(default_factory=list)
    """What each purchase cost, in order (the powers' statements)."""


@dataclass
class _Phase:
    """The phase while its transactions are applied one by one."""

    board: Board
    """The position after the Map Adjustment Phase, as the rules see it."""
    economy: Economy
    """The Military Cost Table and the limits."""
    variant: Variant
    """For where a unit can stand."""
    units: dict[str, Unit]
    """The units so far (province -> unit)."""
    treasury: dict[str, int]
    """The TPs so far (power -> TPs), income already credited."""
    reduced: set[str] = field(default_factory=set)
    """Powers that reduced or disbanded a unit this phase (then no bolster)."""
    bolstered: set[str] = field(default_factory=set)
    """Powers that bolstered this phase (then no reduction or disbanding)."""
    spent: list[Purchase] = field(default_factory=list)
    """Purchases paid for so far."""
    for_minors: dict[str, int] = field(default_factory=dict)
    """Power -> strength it bought for minor states this phase (units and bolsters)."""

    def strength(self, power: str) -> int:
        """'A power's total military strength is the sum of all of its individual unit
        strengths on the board', plus what it bought for minors in this phase: 'In
        subsequent Builds and Transactions phases, the minor's new units or bolstered units
        are not counted as part of the power's overall military strength', so in this one
        they are, and a later purchase is priced at the raised strength."""
        own = sum(u.strength for u in self.units.values() if u.power == power)
        return own + self.for_minors.get(power, 0)

    def pay(self, t: BuyUnit | Bolster) -> str:
        """Charge ``t.power`` one more strength at its current strength; the refusal, or ""."""
        now = self.strength(t.power)
        cost = self.economy.cost(now)
        if cost is None:  # a gap in the variant's table refuses this purchase, not the whole phase
            known = ", ".join(str(s) for s in sorted(self.economy.costs))
            return (f"the Military Cost Table (tables.toml [military_cost]) gives no cost at a military "
                    f"strength of {now}; it prices strengths {known}")
        have = self.treasury.get(t.power, 0)
        if cost > have:
            return (
                f"costs {cost} TPs at a military strength of {now}, and the treasury holds {have}: "
                "a purchase may not put a power below 0 TPs"
            )
        self.treasury[t.power] = have - cost
        self.spent.append(Purchase(t.power, transaction_text(t), now, cost))
        return ""


def run_transactions(
    board: Board, economy: Economy, variant: Variant, transactions: list[Transaction]
) -> TransactionsOutcome:
    """Run one Builds and Transactions Phase on ``board`` (the position after the Map
    Adjustment Phase). Transactions of powers not in play are a caller's mistake (UserError)."""
    geo = board.geo
    eliminated = set(board.eliminated)
    for t in transactions:
        who = _payer(t)
        if who not in geo.powers:
            raise UserError(
                f"transaction {transaction_text(t)!r}: {who!r} is not a power in play; expected one of "
                + ", ".join(sorted(geo.powers))
            )
        amount = getattr(t, "amount", 1)
        if not isinstance(amount, int) or amount <= 0:
            raise UserError(f"transaction {transaction_text(t)!r} by {who}: found amount {amount!r}, expected a whole number of TPs above 0")
    kept = state_of(board.position)
    treasury = {p: int(n) for p, n in (kept.treasury or {}).items()}
    paid = {p: income(board, economy, p) for p in sorted(geo.powers - eliminated)}
    for p, inc in paid.items():
        treasury[p] = treasury.get(p, 0) + inc.total
    phase = _Phase(board, economy, variant, dict(board.position.units), treasury)
    loans = list(kept.loans or [])
    payments = list(kept.payments or [])
    year = str(parse_phase(board.position.phase).year)

    results: list[OrderResult | None] = [None] * len(transactions)
    money_first = sorted(range(len(transactions)), key=lambda i: not isinstance(transactions[i], (Loan, Payment)))
    built: list[Unit] = []
    purchased: list[Unit] = []  # units bought for minors this phase
    wanted_kind: dict[str, str] = {}
    for i in money_first:
        t = transactions[i]
        gone = sorted({_payer(t), getattr(t, "borrower", None), getattr(t, "payee", None)} & eliminated)
        if gone:
            # 'When a power is eliminated, all units are disbanded': it has no part in the phase.
            results[i] = OrderResult(_payer(t), transaction_text(t), INVALID, f"{gone[0]} is eliminated")
            continue
        if isinstance(t, (Loan, Payment)):
            refusal = _transfer(phase, t)
            if not refusal and isinstance(t, Loan):
                loans.append({
                    "year": year, "lender": t.lender, "borrower": t.borrower, "amount": t.amount,
                    "interest": t.interest, "terms": t.terms,
                })
            elif not refusal:
                payments.append({"year": year, "payer": t.payer, "payee": t.payee, "amount": t.amount, "note": t.note})
        elif isinstance(t, MinorPreference):
            refusal = _preference(board, t)
            if not refusal:
                wanted_kind[t.minor] = t.kind
        else:
            paid_before = len(phase.spent)
            refusal, unit = _military(phase, t)
            if unit is not None:
                built.append(unit)
                if getattr(t, "minor", None):
                    purchased.append(unit)
            if not refusal and len(phase.spent) > paid_before:
                bought = phase.spent[-1]  # the price goes in the report: 'reported by referee'
                results[i] = OrderResult(_payer(t), transaction_text(t), SUCCEEDS,
                                         f"{bought.cost} TPs at a military strength of {bought.strength}")
                continue
        results[i] = OrderResult(_payer(t), transaction_text(t), INVALID if refusal else SUCCEEDS, refusal)

    automatic = []
    for unit in minor_builds(board, phase.units, wanted_kind):
        phase.units[unit.province] = unit
        built.append(unit)
        automatic.append(OrderResult(unit.power, f"BUILD {unit}", SUCCEEDS, "automatic build: more centers than units"))
    bought = bought_for_minors(board, phase.units, kept.minor_bought or {}, purchased)
    for unit in minor_surplus(board, variant, phase.units, bought):
        del phase.units[unit.province]
        automatic.append(OrderResult(unit.power, f"{unit} D", SUCCEEDS,
                                     "removed: a minor maintains only as many units as the centers it holds"))

    kept.treasury = dict(sorted(phase.treasury.items()))
    kept.minor_bought = {m: n for m, n in sorted(bought.items()) if n} if any(bought.values()) else None
    if loans:
        kept.loans = loans
    if payments:
        kept.payments = payments
    after = with_state(board.position, kept)
    after.units = dict(sorted(phase.units.items()))
    return TransactionsOutcome(after, paid, [r for r in results if r is not None] + automatic, built, phase.spent)


def _transfer(phase: _Phase, t: Loan | Payment) -> str:
    giver, taker = (t.lender, t.borrower) if isinstance(t, Loan) else (t.payer, t.payee)
    if taker not in phase.board.geo.powers:
        return f"{taker} is not a power in play"
    if giver == taker:
        return f"{giver} cannot pay itself"
    have = phase.treasury.get(giver, 0)
    if t.amount > have:
        return f"{giver} holds {have} TPs, not the {t.amount} to hand over"
    phase.treasury[giver] = have - t.amount
    phase.treasury[taker] = phase.treasury.get(taker, 0) + t.amount
    return ""


def _preference(board: Board, t: MinorPreference) -> str:
    if t.kind not in (ARMY, FLEET):
        return f"found unit kind {t.kind!r}, expected A or F"
    if not board.geo.is_minor(t.minor):
        return f"{t.minor} is not a minor state"
    if board.commander(t.minor) != t.power:
        return f"{t.minor} is not aligned with {t.power}: only its aligned power names its builds"
    home = board.geo.minor_home.get(t.minor)
    if home is None:
        return f"{t.minor} has no home center: it builds nothing"
    if t.kind == FLEET and home not in board.geo.coastal:
        return f"{t.minor}'s home center {home} is inland: it builds armies only"
    return ""


def _military(phase: _Phase, t: BuyUnit | Bolster | Reduce | Remove) -> tuple[str, Unit | None]:
    """(refusal, unit built) for one military transaction, applied to ``phase`` if allowed."""
    board, economy = phase.board, phase.economy
    if isinstance(t, BuyUnit):
        return _buy(phase, t)
    unit = phase.units.get(t.location.split("/")[0])
    if unit is None:
        return f"there is no unit in {t.location}", None
    if isinstance(t, (Reduce, Remove)):
        if unit.power != t.power:
            return f"{unit} belongs to {unit.power}, not {t.power}", None
        if t.power in phase.bolstered:
            return (f"{t.power} bolstered this phase: a player CANNOT reduce the strength of unit and "
                    "bolster the strength of another, nor disband a unit and bolster another, in the same phase"), None
        if isinstance(t, Reduce):
            if unit.strength <= 1:
                return f"{unit} has strength 1: only a bolstered unit can be reduced", None
            phase.units[unit.province] = replace(unit, strength=unit.strength - 1)
        else:
            del phase.units[unit.province]
        phase.reduced.add(t.power)
        return "", None
    # Bolster
    if t.power in phase.reduced:
        return (f"{t.power} reduced or disbanded a unit this phase: it CANNOT bolster another "
                "in the same build phase"), None
    if unit.kind != ARMY:
        return f"{unit} is a fleet: a player may increase the strength of an ARMY unit only", None
    if unit.strength >= economy.max_unit_strength:
        return f"{unit} has strength {unit.strength}: an army unit's strength cannot exceed {economy.max_unit_strength}", None
    center = unit.province
    if not board.geo.is_center(center):
        return f"{unit} is not on a supply center: a unit is bolstered on a center", None
    if board.geo.is_minor(unit.power):
        refusal = _minor_purchasable(board, unit.power)
        if refusal:
            return refusal, None
    else:
        if unit.power != t.power:
            return f"{unit} belongs to {unit.power}, not {t.power}", None
        refusal = _bolster_site(board, t.power, center)
        if refusal:
            return refusal, None
        if phase.strength(t.power) + 1 > economy.max_strength:
            return f"{t.power} has a military strength of {phase.strength(t.power)}: no power may exceed {economy.max_strength}", None
    refusal = phase.pay(t)
    if refusal:
        return refusal, None
    phase.units[center] = replace(unit, strength=unit.strength + 1)
    phase.bolstered.add(t.power)
    if unit.power != t.power:  # a minor's unit: counted in the buyer's strength this phase
        phase.for_minors[t.power] = phase.for_minors.get(t.power, 0) + 1
    return "", None


def _bolster_site(board: Board, power: str, center: str) -> str:
    """'The unit must be on a home center or a captured foreign center or an allied center'."""
    holder = board.controller(center)
    if holder == power:
        return ""  # its home center, or a foreign center it captured
    if holder is not None and board.friendly(power, holder):
        return ""
    return (f"{center} is held by {holder or 'nobody'}: a unit is bolstered on a home center, a "
            "captured foreign center or an allied center")


def _minor_purchasable(board: Board, minor: str) -> str:
    """'The minor state does not necessarily need to be aligned with the power, but it must be
    aligned and not unaligned or neutral'."""
    if board.minor_captured(minor):
        return f"{minor} is captured: nothing can be bought for it"
    status = board.relations.status_of(minor)
    if status not in (ALIGNED, VASSALAGE):
        return f"{minor} is {status.lower()}: units and bolsters are bought only for an aligned minor state"
    return ""


def _buy(phase: _Phase, t: BuyUnit) -> tuple[str, Unit | None]:
    board, economy, variant = phase.board, phase.economy, phase.variant
    if t.kind not in (ARMY, FLEET):
        return f"found unit kind {t.kind!r}, expected A or F", None
    province = t.location.split("/")[0]
    if not variant.unit_can_stand(t.kind, t.location):
        return f"a{'n army' if t.kind == ARMY else ' fleet'} cannot stand in {t.location}", None
    if province in phase.units:  # a center empty on the board is taken by a build of this phase (a row typed twice)
        new = "" if province in board.position.units else ", built earlier this phase"
        return f"{province} is occupied by {phase.units[province]}{new}: a build needs an unoccupied center", None
    if t.minor is not None:
        home = board.geo.minor_home.get(t.minor)
        if home != province:  # 'The minor state's home center must be unoccupied for a new build'
            where = f"{t.minor}'s home center is {home}" if home else f"{t.minor} has no home center"
            return f"{where}: a unit for a minor state is built only on its home center", None
        refusal = _minor_purchasable(board, t.minor)
        if refusal:
            return refusal, None
        owner = t.minor
    else:
        if province not in build_sites(board, t.power):
            sites = ", ".join(build_sites(board, t.power)) or "none"
            return f"{province} is not a home center {t.power} holds; its build sites are {sites}", None
        if phase.strength(t.power) + 1 > economy.max_strength:
            return f"{t.power} has a military strength of {phase.strength(t.power)}: no power may exceed {economy.max_strength}", None
        owner = t.power
    refusal = phase.pay(t)
    if refusal:
        return refusal, None
    unit = Unit(owner, t.kind, t.location)
    phase.units[province] = unit
    if owner != t.power:  # bought for a minor: counted in the buyer's strength this phase
        phase.for_minors[t.power] = phase.for_minors.get(t.power, 0) + 1
    return "", unit


def _held(board: Board, minor: str) -> int:
    return sum(1 for c in board.geo.values if board.controller(c) == minor)


def bought_for_minors(board: Board, units: Mapping[str, Unit], before: Mapping[str, int],
                      purchased: list[Unit]) -> dict[str, int]:
    """Units bought for each minor that are still on the board: last year's count, less the
    ones lost since ('If a purchased unit is lost ... the unit would need to be re-purchased':
    a minor's units beyond its centers, no more), plus this phase's purchases."""
    geo = board.geo
    counts = {}
    for minor in sorted(geo.minor_home):
        have = sum(1 for u in units.values() if u.power == minor)
        new = sum(1 for u in purchased if u.power == minor)
        counts[minor] = max(0, min(int(before.get(minor, 0)) + new, have - _held(board, minor)))
    return counts


def minor_surplus(board: Board, variant: Variant, units: Mapping[str, Unit], bought: Mapping[str, int]) -> list[Unit]:
    """'The allowable number of units that a minor can maintain is equal to number of centers it
    holds', plus the units bought for it: the units beyond that, removed farthest first from the
    minor's home center as civil disorder removes a power's (2000 rulebook, 'Civil disorder';
    docs/europe1619.md). A captured minor is left to its own rule."""
    from gm_tools.engine.adjustments import civil_disorder_order

    removed = []
    for minor in sorted(board.geo.minor_home):
        if board.minor_captured(minor):
            continue
        own = [u for u in units.values() if u.power == minor]
        surplus = len(own) - _held(board, minor) - bought.get(minor, 0)
        if surplus > 0:
            removed += civil_disorder_order(variant, board.position, minor, own)[:surplus]
    return removed


def minor_builds(board: Board, units: Mapping[str, Unit], wanted_kind: Mapping[str, str]) -> list[Unit]:
    """'A minor state will AUTOMATICALLY build if it holds more centers than units
    (irrespective of the strengths of its current units)', on its unoccupied home center;
    'Coastal minor states will by default build fleets'. A captured minor builds nothing."""
    geo = board.geo
    built = []
    for minor, home in sorted(geo.minor_home.items()):
        if board.minor_captured(minor) or home in units:
            continue
        held = sum(1 for c in geo.values if board.controller(c) == minor)
        have = sum(1 for u in units.values() if u.power == minor)
        if held > have:
            kind = wanted_kind.get(minor) or FLEET
            if home not in geo.coastal:
                kind = ARMY  # an inland minor can only have armies
            built.append(Unit(minor, kind, geo.fleet_site(home) if kind == FLEET else home))
    return built
