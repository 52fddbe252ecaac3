"""Checking the orders of a workbook before adjudication: each entry read by the parser
(an order typed without its unit is read for its row's unit), one order per unit and per
build site, no more builds or removals than due. Every failure is a Problem with its cell,
or, with ``lenient``, a dropped order that the report lists.

Also here: the notes on what happened by default (no order, no retreat, no build, no
removal), worked out from the position and the orders that stood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_tools.errors import IllegalOrderError, OrderError, OrderSyntaxError, Problem
from gm_tools.edges.layout import adjustments
from gm_tools.engine.model import Build, Disband, Order, Position, Waive, order_text, province_of
from gm_tools.engine.orderwords import BUILD_WORDS, DISBAND_WORDS, KEYWORDS, WAIVE_WORDS
from gm_tools.engine.orderselect import DUPLICATE, OUTBID, Candidate, Refusal, order_key
from gm_tools.engine.parser import parse_order
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, parse_phase
from gm_tools.engine.results import note
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant
from gm_tools.edges.workbook import OrderEntry


@dataclass
class CheckedOrders:
    """The orders of a workbook, read and checked."""

    orders: dict[str, list[Order]] = field(default_factory=dict)
    """Power -> the orders that stand, in sheet order."""
    record: dict[str, list[dict]] = field(default_factory=dict)
    """Power -> ``{cell, written, read, error}`` entries for the history record."""
    problems: list[Problem] = field(default_factory=list)
    """Every order problem, each with its cell."""
    invalid: list[tuple[OrderEntry, str]] = field(default_factory=list)
    """With ``lenient``: the orders that stand as holds instead, and why."""
    unforeseen: dict[str, str] = field(default_factory=dict)
    """Cells of orders legal on the board as the phase began and made illegal only by the
    phase's own entries (another power's INFs deployed with them), each with the order as read
    on that board (its unit finds a mailed order's row): in ``invalid`` whatever ``lenient``
    says, as no player could foresee them."""
    shown: dict[str, str] = field(default_factory=dict)
    """Cells whose order's error the GM is shown in other words than the record's (a refused
    build's free build sites, ``OrderError.shown``): cell -> the "expected ..." words."""


def parse_commanded(text: str, variant: Variant, position: Position, power: str, rules: Rules,
                    unit: str | None = None) -> Order:
    """Read one order of ``power``; an order for a unit of an owner ``power`` commands
    (``rules.commanded``: Europe 1619's aligned and vassal minors) is read in that owner's
    name, as the adjudicator checks an order against its unit's owner. ``unit`` is the unit
    of the sheet row the order was typed on (``"A LOR"``): when it is a commanded owner's, that
    reading's error is the one reported (not "the unit is not yours")."""
    owners = rules.commanded(variant, position, power)
    row_error = None
    if unit is not None and owners:
        here = position.units.get(province_of(unit.partition(" ")[2]))
        if here is not None and here.power in owners:
            try:
                return parse_order(text, variant, position, here.power, rules)
            except OrderError as e:
                row_error = e
    try:
        return parse_order(text, variant, position, power, rules)
    except OrderError as as_power:
        owner = getattr(as_power, "owner", None)
        if row_error is None and owner in owners:
            # the unit is one the power commands: the order's fault is in its reading in the
            # owner's name (a mailed order has no row to say whose unit it is for)
            return parse_order(text, variant, position, owner, rules)
        for other in owners:
            try:
                return parse_order(text, variant, position, other, rules)
            except OrderError:
                continue
        if row_error is None and owner in variant.powers and not variant.powers[owner].playable:
            # a minor's unit ordered by a power that does not command it (Europe 1619: a minor
            # no longer aligned with it): 'not French' alone leaves the GM asking why
            raise IllegalOrderError(as_power.order, f"{as_power.reason}; {power} does not command "
                                    f"{variant.powers[owner].name}'s units this phase") from None
        raise (row_error or as_power) from None


_SHEET_CELL = re.compile(r"[^!]+![A-Z]+[0-9]+")
"""A workbook cell (``Orders!C5``); a mailed line's place is ``alice.eml line 3``."""
_NONE = {"no", "none", "nothing", "keine", "kein", "aucun", "aucune", "nessuna", "nessun", "ninguna", "ninguno"}
"""A mailed adjustment line's first word that says no build is made (``no builds``, ``keine Bauten``)."""
_UNIT_VERBS = KEYWORDS - BUILD_WORDS - WAIVE_WORDS - {"/"}
"""The words an order of a unit may begin with when the unit is left to its row: H, -, S, C..."""


def _parse_entry(variant: Variant, position: Position, rules: Rules, entry: OrderEntry) -> Order:
    """Read one entry. An order typed without its unit (``- BUR``, ``H``) on a unit's row is
    read as that unit's order. Of the two readings' errors, a specific one (illegal,
    ambiguous) beats "cannot read"."""
    try:
        return parse_commanded(entry.written, variant, position, entry.power, rules, entry.unit)
    except OrderError as as_written:
        # "H", "- SER": an order that begins with its verb names no unit; its row's must (a
        # build or a waive names none of its own)
        short = entry.written.split()[0].lower() in _UNIT_VERBS
        mailed = not _SHEET_CELL.fullmatch(entry.cell)
        if mailed and parse_phase(position.phase).type == ADJUSTMENT and entry.written.split()[0].lower() in _NONE:
            # 'no builds' read as a province 'no' (did you mean NAO?) points away from what he meant
            raise OrderSyntaxError(entry.written, "expected WAIVE, once for each build given up (a build not "
                                   "ordered is waived anyway), or BUILD A PAR or REMOVE A PAR") from None
        unit_cell = entry.cell.replace("!C", "!B") if "!C" in entry.cell else "column B"
        if (mailed and entry.unit is None and entry.written.split()[0].lower() in DISBAND_WORDS
                and parse_phase(position.phase).type in (RETREAT, ADJUSTMENT)):
            # 'remove F BIS' is this phase's own form: the reader's reason (the unit is another
            # power's) stands, not 'the ordered unit first' with a movement's form
            raise
        if short and entry.unit is None and mailed:
            # a mailed line ('move A PAR to BUR', 'hold F BRE') has no row, so no unit beside it
            words = entry.written.split()
            such = "A PAR R GAS or A PAR D" if parse_phase(position.phase).type == RETREAT else "A PAR - BUR or F BRE H"
            raise OrderSyntaxError(entry.written, f"expected the ordered unit first, such as {such}, "
                                   + (f"found {words[0]!r} before it" if len(words) > 1 else
                                      f"found only {words[0]!r}")) from None
        if short and entry.unit is None:
            raise OrderSyntaxError(entry.written, f"expected a unit in {unit_cell} to read it with: an order typed "
                                   "without its unit is read with the one gm-tools wrote beside it, and that cell "
                                   "holds none (type the whole order, such as A PAR - BUR)") from None
        if entry.unit is None or entry.written.upper().startswith(entry.unit):
            raise
        try:
            return parse_commanded(f"{entry.unit} {entry.written}", variant, position, entry.power, rules, entry.unit)
        except OrderError as with_unit:
            if short:  # what went wrong is with the row's unit, not with words the order lacks
                raise type(with_unit)(entry.written, f"{with_unit.reason} (read with its row's unit, "
                                      f"{unit_cell}: {entry.unit})", with_unit.suggestion) from None
            if isinstance(as_written, OrderSyntaxError) and not isinstance(with_unit, OrderSyntaxError):
                raise with_unit from None
            raise as_written from None


def once(variant: Variant, position: Position, rules: Rules, entries: list[OrderEntry]) -> tuple[list[OrderEntry], list[str]]:
    """A mail's order entries with each repeat of an earlier one's order left out (the same
    power's order read alike, however written: ``A PAR - BUR`` and ``Army Paris to Burgundy``),
    and a note for each. DATC 4.D.3: the same order written twice is followed once, so a line
    pasted twice or sent again is typed once, not refused with its first as two orders for a unit."""
    first: dict[tuple[str, str], OrderEntry] = {}
    kept, notes = [], []
    for entry in entries:
        try:
            key = (entry.power, order_text(_parse_entry(variant, position, rules, entry)))
        except OrderError:  # refused by check_orders, with its reason
            kept.append(entry)
            continue
        if key in first:
            notes.append(f"{first[key].cell} once: {entry.cell} repeats its order {entry.written!r} (the same "
                         "order written twice is followed once)")
            continue
        first[key] = entry
        kept.append(entry)
    return kept, notes


def _expected(error: OrderError, shown: bool = False) -> str:
    """The "expected ..." half of a problem line, from the parser's reason (or, ``shown``, the
    words the GM is shown, :attr:`OrderError.shown`, where there are other words)."""
    reason = error.shown if shown and error.shown else error.reason
    if reason.startswith("expected "):
        text = reason[len("expected "):]
    else:
        text = f"a legal order ({reason})"
    if error.suggestion:
        text += f" (did you mean {error.suggestion}?)"
    return text


def _refusal_text(parsed: list, i: int, refusal: Refusal) -> str:
    """A refused candidate's "expected ..." text, naming the cell of the one it lost to."""
    entry, order, _ = parsed[i]
    other = parsed[refusal.other][0] if refusal.other is not None else None
    if refusal.code == DUPLICATE and other is not None:
        key = order_key(order)
        what = f"{order.unit}" if key[0] == "unit" else f"a build in {key[1]}"
        verb = "already has" if refusal.other < i else "also has"
        return f"one order for {what}, which {verb} {other.written!r} at {other.cell}"
    if refusal.code == OUTBID and other is not None:
        return refusal.reason or f"the order at {other.cell} ({other.written!r}) was chosen instead"
    return refusal.reason or refusal.code


def check_orders(
    variant: Variant, position: Position, rules: Rules, entries: list[OrderEntry], lenient: bool,
    start: Position | None = None
) -> CheckedOrders:
    """Read every order entry and check it: readable and legal (the parser), one order per
    unit and per build site, no more builds or removals than due. Without ``lenient`` each
    failure is a problem; with it the order is dropped and its unit holds (judges' way).
    ``start``: the board before the phase's entries made ``position`` (Europe 1615's INF
    deployments): an order legal there is dropped, its unit holding, and never a problem."""
    out = CheckedOrders()
    parsed: list[tuple[OrderEntry, Order | None, str | None]] = []
    for entry in entries:
        try:
            parsed.append((entry, _parse_entry(variant, position, rules, entry), None))
        except OrderError as e:
            why = rules.commands_nobody(variant, position, entry.power)
            parsed.append((entry, None, _expected(e) + (f"; {why}" if why else "")))
            if e.shown:
                out.shown[entry.cell] = _expected(e, shown=True) + (f"; {why}" if why else "")
            gone = rules.out_of_game(variant, position, entry.power)
            if gone:  # the parser's words alone ("is French, not Dutch") read as a slip of the pen
                out.shown[entry.cell] = f"no order: {gone} ({e.reason})"
            as_given = _read_on(variant, start, rules, entry) if start is not None and start is not position else None
            if as_given is not None:
                # a move into a minor state that this phase's deployments made NEUTRAL: the
                # player could not know, so it fails as judges fail it, not stopping the turn
                out.unforeseen[entry.cell] = order_text(as_given)
                parsed[-1] = (entry, None, f"not followed, the unit holds: {e.reason} (the order was legal when "
                                           "given, before this phase's entries took effect)")

    # Which candidate stands for each unit is the rules' choice (orderselect): standard,
    # one order per unit and build site, and with two neither is used (DATC 4.D.3, choice c).
    candidates = [Candidate(i, entry.power, order) for i, (entry, order, _) in enumerate(parsed) if order is not None]
    owners = {c.index: c.order.power for c in candidates if c.order.power != c.entered_by}
    refused = rules.select_orders(variant, position, candidates)
    # An order the rules' vote did not choose (OUTBID) is no mistake of the GM's: it is kept
    # in the record, never a problem and never a result.
    outbid = {i for i, refusal in refused.items() if refusal.code == OUTBID}
    for i, refusal in sorted(refused.items()):
        parsed[i] = (parsed[i][0], None, _refusal_text(parsed, i, refusal))

    if parse_phase(position.phase).type == ADJUSTMENT:
        _check_adjustment_counts(variant, position, rules, parsed, out.shown)

    for i, (entry, order, error) in enumerate(parsed):
        item = {"cell": entry.cell, "written": entry.written, "read": None, "error": None}
        if i in owners:
            item["for"] = owners[i]  # an order for another owner's unit (a minor's, the Ottomans')
        out.record.setdefault(entry.power, []).append(item)
        if i in outbid:
            item["error"], item["outbid"] = error, True
            continue
        if error is not None:
            if entry.cell in out.unforeseen:
                out.shown.pop(entry.cell, None)  # the record's words, which say why it holds
            if lenient or entry.cell in out.unforeseen:
                item["error"] = error
                out.invalid.append((entry, error))
            else:
                sheet, cell = entry.cell.split("!")
                error = out.shown.get(entry.cell, error)
                if i not in refused:  # unreadable: perhaps an entry for another sheet
                    error = rules.misplaced(variant, position, entry.written) or error
                lines = [line.strip() for line in entry.written.splitlines() if line.strip()]
                if len(lines) > 1:  # a mail's lines pasted into one cell, or Alt+Enter
                    error = (f"one order a cell, not {len(lines)} lines (Alt+Enter): type each order on its unit's row "
                             f"({error})")
                out.problems.append(Problem(sheet, cell, repr(entry.written), error))
            continue
        item["read"] = order_text(order)
        out.orders.setdefault(entry.power, []).append(order)
    return out


def _read_on(variant: Variant, board: Position, rules: Rules, entry: OrderEntry) -> Order | None:
    try:
        return _parse_entry(variant, board, rules, entry)
    except OrderError:
        return None


def _check_adjustment_counts(variant: Variant, position: Position, rules: Rules, parsed: list,
                             shown: dict[str, str]) -> None:
    """2000 rulebook, 'Adjusting': a power builds up to its builds due, or removes exactly
    its removals due; nothing else. Orders beyond those are errors. A removal refused where
    the removal due is a vassal's the row's power orders (Centenary) is shown to the GM with
    it in ``shown``; the record keeps the words it always had."""
    due = adjustments(variant, position, rules)
    used: dict[str, int] = {}
    for i, (entry, order, error) in enumerate(parsed):
        if order is None:
            continue
        # The order's power, not the row's: a commander writes its vassals' builds (Centenary).
        power = order.power
        adj = due[power]
        if isinstance(order, (Build, Waive)):
            if adj.removals:
                parsed[i] = (entry, None, f"a removal: {power} must remove {adj.removals} unit(s), not build")
                continue
            limit, what = adj.builds, "build(s) or waive(s)"
        elif isinstance(order, Disband):
            if not adj.removals:
                parsed[i] = (entry, None, f"no removal: {power} has no removal due")
                owed = _owed_removals(variant, position, rules, due, entry.power)
                if owed:
                    shown[entry.cell] = f"no removal: {power} has no removal due; {owed}"
                continue
            limit, what = adj.removals, "removal(s)"
        else:
            continue
        used[power] = used.get(power, 0) + 1
        if used[power] > limit:
            parsed[i] = (entry, None, f"at most {limit} {what} for {power} this phase")


def _owed_removals(variant: Variant, position: Position, rules: Rules, due: dict, power: str) -> str:
    """The removals due from the other owners ``power`` orders (a Centenary vassal), said as
    what to remove: without them, 'EMPIRE has no removal due' read as nothing to do, while
    its block still owed Bavaria's removal."""
    said = []
    for owner in rules.commanded(variant, position, power):
        count = due[owner].removals if owner in due else 0
        units = sorted(str(u) for u in position.units.values() if u.power == owner)
        if count and units:
            what = "the 1 removal due is" if count == 1 else f"the {count} removals due are"
            said.append(f"{what} {owner}'s, whose units {power} orders: remove {' or '.join(units)}")
    return "; ".join(said)


def default_notes(
    variant: Variant, start: Position, checked: CheckedOrders, after: Position, rules: Rules
) -> list[dict]:
    """What happened by default, as codes and words, for the report and the record: units without
    orders hold, unordered retreats disband, missing builds are waived, missing removals
    are made by civil disorder (2000 rulebook, 'Civil disorder'), invalid orders are not used
    (with --lenient), so their units hold."""
    kind = parse_phase(start.phase).type
    ordered = {o.unit.province for orders in checked.orders.values() for o in orders if hasattr(o, "unit")}
    notes = []
    for entry, error in checked.invalid:
        notes.append(note(entry.power, "invalid_not_used", cell=entry.cell, written=entry.written, error=error))
    if kind == MOVEMENT:
        for province, unit in start.units.items():
            if province not in ordered and variant.powers[unit.power].playable:
                notes.append(note(unit.power, "held_without_order", unit=str(unit)))
    elif kind == RETREAT:
        for province, d in start.dislodged.items():
            if province not in ordered:
                notes.append(note(d.unit.power, "retreat_not_ordered", unit=str(d.unit)))
    elif kind == ADJUSTMENT:
        # a master's orders for its vassal (Centenary rule 3) are the vassal's builds and removals
        by_owner: dict[str, list] = {}
        for entered in checked.orders.values():
            for o in entered:
                by_owner.setdefault(getattr(o, "power", None), []).append(o)
        for power, adj in adjustments(variant, start, rules).items():
            orders = by_owner.get(power, [])
            builds = sum(1 for o in orders if isinstance(o, (Build, Waive)))
            if adj.builds > builds:
                notes.append(note(power, "builds_not_ordered", count=adj.builds - builds))
            if adj.removals:
                ordered_out = {o.unit.province for o in orders if isinstance(o, Disband)}
                for province, unit in start.units.items():
                    if unit.power == power and province not in ordered_out and province not in after.units:
                        notes.append(note(power, "removed_by_civil_disorder", unit=str(unit)))
    # in the order the words sort, as records always listed them
    return sorted(notes, key=lambda n: (n["power"], n["text"]))
