"""Europe 1615 (version 2)'s Payola sheets: the **Offers** a movement phase's auction hears and
the **Reference Lists** each power submits before the Taxation/Revenue Phase, laid out and
checked here, the rest of the system's sheets in :mod:`.sheets`.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '4 SUBMISSIONS OF REFERENCE LISTS' and '6 MOVEMENT
PHASE' ('Players submit their offer sheet'); the auction itself is :mod:`.bribes`. Inputs
(stored in the history record's ``extra["europe1615v2"]``): ``{"offers": [...], "ignored":
[...]}`` in a movement phase, ``{"acceptance": {power: [powers]}}`` in the Taxation/Revenue Phase.
"""

from __future__ import annotations

import difflib
import re

from gm_tools.engine.hooks import INTEGER, Column, InputRow, Table, power_column
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.errors import Problem
from gm_tools.systems.europe1615v2 import politics
from gm_tools.systems.europe1615v2.calendar import MOVEMENT
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.sheets import BLANK_ROWS, OFFERS, REFERENCE, _problem, _row, where_of
from gm_tools.systems.europe1615v2.state import state_of


def offers_sheet(variant: Variant, position: Position) -> Table:
    """'Players submit their offer sheet': one row per offer, ``amount : unit order``, for any
    unit on the board; a power's own units take any order, foreign units HOLD, SUPPORT or CONVOY."""
    setup = setup_of(variant)
    return Table(OFFERS, (power_column("Power", variant, setup.powers, editable=True, width=14),
                          # the rulebook's 'point of currency' goes by Payola's word in offers: '3 ducats'
                          Column("Amount", INTEGER, editable=True, width=8, unit="ducat"),
                          Column("Order", editable=True, width=32)), blank_rows=BLANK_ROWS * 2)


def check_offers(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    from gm_tools.engine.rules import rules_for
    from gm_tools.errors import OrderError
    from gm_tools.systems.europe1615v2.bribes import OfferError, read_offer
    from gm_tools.systems.europe1615v2.entries import misplaced

    setup = setup_of(variant)
    table = politics.statuses(setup, state_of(position))
    problems: list[Problem] = []
    offers, ignored, seen = [], [], {}
    for row in rows:
        if not _row(variant, position, row, ("Power", "Amount", "Order"), "an offer", problems):
            continue
        power, amount, text = (row.values.get(k) for k in ("Power", "Amount", "Order"))
        try:
            read = read_offer(setup, variant, position, rules_for(variant), table, power, int(amount), str(text))
        except (OfferError, OrderError) as e:
            # another phase's entry typed here (an attack, a placement) is named for what it is
            elsewhere = misplaced(variant, MOVEMENT, str(text), "entered")
            lines = [line for line in str(text).splitlines() if line.strip()]
            if len(lines) > 1 and not elsewhere:  # a mail's offers pasted into one cell, or Alt+Enter
                problems.append(_problem(row.cells["Order"], repr(text), f"one offer a row, not {len(lines)} lines "
                                         f"(Alt+Enter): type each offer on a row of its own, with its Power and Amount "
                                         f"({e.reason if isinstance(e, OrderError) else e})"))
            elif elsewhere:
                problems.append(_problem(row.cells["Order"], repr(text), f"a unit's order to bid on: {elsewhere}"))
            elif re.match(r"\s*\d+\s*:\s*\S", str(text)):
                # a mail's line pasted whole: the amount has its own column, the order is the rest
                bid, order = (part.strip() for part in str(text).split(":", 1))
                problems.append(_problem(row.cells["Order"], repr(text), f"the order alone, {order!r} (the offer's "
                                         f"amount, {bid}, goes in the Amount column)"))
            elif isinstance(e, OfferError):
                column = "Amount" if str(e).startswith(f"{amount}:") else "Order"
                problems.append(_problem(row.cells[column], repr(f"{amount} : {text}"), f"an offer the rules allow: {e}"))
            else:
                hint = f" (did you mean {e.suggestion}?)" if e.suggestion else ""
                problems.append(_problem(row.cells["Order"], repr(text), f"an order for the unit ({e.reason}){hint}"))
            continue
        key = (power, read.offer.unit)
        if key in seen:  # the same offer twice (pasted again) is said so: either one is to go
            cell, same = seen[key][0], seen[key][1] == (int(amount), read.offer.order)
            # two different offers for a unit: which one the player meant is his to say, so a
            # lenient turn stops; the same offer twice drops the second, the offer made once
            problems.append(_problem(row.cells["Order"], repr(text), f"at most one offer per unit: {power} already bids on "
                                     f"{read.offer.unit} at {cell}" + (", the same offer: one of the two is enough" if same else ""),
                                     not same))
            continue
        seen[key] = (row.cells["Order"], (int(amount), read.offer.order))
        entry = {"power": power, "amount": int(amount), "unit": read.offer.unit, "order": read.offer.order}
        if read.ignored:
            ignored.append(entry | {"why": read.ignored})
        else:
            offers.append(entry)
    return {"offers": offers, "ignored": ignored}, problems


def reference_sheet(variant: Variant, position: Position) -> Table:
    """'Reference lists are submitted before the start of the taxation/revenue phase': each
    power's list, highest first, as it stands."""
    from gm_tools.systems.europe1615v2.bribes import acceptance_lists

    setup = setup_of(variant)
    state = state_of(position)
    lists = acceptance_lists(setup, state.acceptance, set(setup.powers), state.seed)
    return Table(REFERENCE, (Column("Power", width=14), Column("Reference list", editable=True, width=60)),
                 rows=[[p, " ".join(lists[p])] for p in setup.powers])


def check_reference(variant: Variant, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    from gm_tools.systems.europe1615v2.entries import reference_words

    setup = setup_of(variant)
    problems: list[Problem] = []
    acceptance = {}
    lists: dict[str, list[InputRow]] = {}
    for row in rows:
        power, text = row.values.get("Power"), row.values.get("Reference list")
        if power in setup.powers and text:
            lists.setdefault(power, []).append(row)
    for row in rows:
        power, text = row.values.get("Power"), row.values.get("Reference list")
        if power not in setup.powers or not text:
            continue
        if len(lists[power]) > 1:
            # which one the GM meant is his to say: neither is used, as with two orders for a unit
            others = [r.cells["Reference list"] for r in lists[power] if r is not row]
            problems.append(_problem(row.cells["Reference list"], repr(text),
                                     f"one reference list for {power}, which also has one at {', '.join(others)}",
                                     True))
            continue
        # read as a mailed list is: 'ENGLAND > DENMARK', '1. ENGLAND 2. DENMARK' pasted from a mail
        words = [w.upper() for w in reference_words(str(text))]
        named = [where_of(setup, variant, w) for w in words]
        unknown = [w for w, n in zip(words, named) if n not in setup.powers]
        twice = sorted({n for n in named if n in setup.powers and named.count(n) > 1})
        if unknown or twice:
            # the word at fault named, so that a misspelling is seen at once in a list of five,
            # with the power it is nearest ('ENGLNAD' for ENGLAND)
            near = [difflib.get_close_matches(w, list(setup.powers), n=1, cutoff=0.6) for w in unknown]
            fault = (", ".join(f"{w!r} not a power" + (f" (did you mean {m[0]}?)" if m else "")
                               for w, m in zip(unknown, near)) if unknown
                     else f"{', '.join(twice)} named twice")
            problems.append(_problem(row.cells["Reference list"], f"{text!r} ({fault})",
                                     f"powers' codes, each at most once, highest first (SPAIN FRANCE ...): "
                                     f"{', '.join(setup.powers)}"))
            continue
        acceptance[power] = named
    return ({"acceptance": acceptance} if acceptance else {}), problems


IMPLICIT_HOLD = ("a unit its owner does not bid on gets an implicit 0 : HOLD from its owner: "
                 "it holds unless another power pays for another order")
"""What the auction makes of a power's unit it sent no offer for: Classic Payola's words
(``../shared/reference/payola-classic.md``), :func:`gm_tools.mechanics.payola.with_implicit_holds`."""


def offers_in_part(variant: Variant, position: Position, rows: list[InputRow]) -> list[tuple[str, str, str]]:
    """The powers whose offer sheet bids on some of their own units and not all ('Players submit
    their offer sheet'), each with the units left out and :data:`IMPLICIT_HOLD`. An offer whose
    unit cannot be read counts for none: the turn refuses it, and says so."""
    from gm_tools.errors import UserError
    from gm_tools.systems.europe1615v2.bribes import unit_province

    bid: dict[str, set[str]] = {}
    for row in rows:
        power = str(row.values.get("Power") or "").upper()
        try:
            province = unit_province(variant, str(row.values.get("Order") or ""))
        except UserError:  # the turn names an unreadable offer; it bids on no unit
            continue
        bid.setdefault(power, set()).add(province)
    out = []
    for power in setup_of(variant).powers:
        if power not in bid:
            continue  # sent nothing: awaited for its offer sheet, not 'in part'
        left = sorted(str(u) for p, u in position.units.items() if u.power == power and p not in bid[power])
        if left:
            out.append((power, f"no offer for {', '.join(left)}", IMPLICIT_HOLD))
    return out
