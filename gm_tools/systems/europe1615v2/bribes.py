"""Movement by Classic Payola bribes, with Europe 1615 (version 2)'s limits on foreign bribes.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '4 SUBMISSIONS OF REFERENCE LISTS' and '6 MOVEMENT
PHASE'; the auction itself is the shared rule module :mod:`gm_tools.mechanics.payola` (summary:
``../shared/reference/payola-classic.md``). This module decides which offers the auction hears:

- 'Players may submit bribes and orders as they see fit for their own units; however,
  submitting bribes and orders to foreign units is limited to only the HOLD, SUPPORT, or CONVOY
  orders. Players may not submit MOVE/ATTACK orders for foreign units, as these will be ignored';
- 'a bribe must contain some payment for those submitted to foreign units otherwise the order is
  ignored. Exception to this rule: Austria may submit a 0-value bribe to any unit in a province
  within the Holy Roman Empire (HRE). A power may earn the right to submit a 0-value bribe and
  order to a unit, if the state is ALIGNED with the power';
- 'Only Catholic powers can submit orders to the units in the Papal States'.

An ignored offer is no error: the GM's sheet stands, and the phase reports it with the reason.
An offer that cannot be read or names no unit is an error, reported with its cell.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gm_tools.engine.model import Move, Position, order_text
from gm_tools.engine.orderwords import Reader, names_of
from gm_tools.engine.parser import parse_order
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant
from gm_tools.errors import UserError
from gm_tools.mechanics import payola
from gm_tools.mechanics.influence import CATHOLIC
from gm_tools.systems.europe1615v2 import politics
from gm_tools.systems.europe1615v2.politics import ALIGNED, Status
from gm_tools.systems.europe1615v2.setup import Setup
from gm_tools.systems.europe1615v2.state import state_of


class OfferError(UserError):
    """An offer line that cannot be read, or whose order the unit cannot be given."""


@dataclass(frozen=True)
class Read:
    """One offer as read: the auction's offer, or why it is ignored."""

    offer: payola.Offer
    owner: str
    ignored: str | None = None


def unit_province(variant: Variant, text: str) -> str:
    """The province of the unit an order is for (``"A PAR - BUR"`` -> ``"PAR"``)."""
    reader = Reader(" ".join(str(text).split()), variant, names_of(variant))
    reader.kind()
    return reader.place("the unit's province").province


def read_offer(setup: Setup, variant: Variant, position: Position, rules: Rules, table: dict[str, Status],
               power: str, amount: int, text: str) -> Read:
    """Read one line ``amount : order`` of ``power``'s offer sheet. Raises :class:`OfferError`
    (or the parser's errors) for a line no judge could read."""
    if amount < 0:
        raise OfferError(f"{amount}: an offer is 0 or more")
    province = unit_province(variant, text)
    unit = position.units.get(province)
    if unit is None:
        # the usual slip is an offer for where the power's unit stood before it moved: its
        # units as they stand now tell the player which he meant
        own = sorted(str(u) for u in position.units.values() if u.power == power)
        raise OfferError(f"there is no unit in {province}" + (f" ({power}'s units: {', '.join(own)})" if own else ""))
    order = parse_order(text, variant, position, unit.power, rules)
    offer = payola.Offer(power, province, order_text(order), amount)
    return Read(offer, unit.power, None if unit.power == power else foreign_refusal(setup, table, power, unit.power,
                                                                                   province, order, amount))


def foreign_refusal(setup: Setup, table: dict[str, Status], power: str, owner: str, province: str, order,
                    amount: int) -> str | None:
    """Why an offer for a foreign unit is ignored, or None."""
    if isinstance(order, Move):
        return "'Players may not submit MOVE/ATTACK orders for foreign units, as these will be ignored'"
    if owner == setup.papal_state and setup.confession(power) != CATHOLIC:
        return "'Only Catholic powers can submit orders to the units in the Papal States'"
    if amount == 0 and not zero_bribe_allowed(setup, table, power, owner, province):
        return "'a bribe must contain some payment for those submitted to foreign units otherwise the order is ignored'"
    return None


def zero_bribe_allowed(setup: Setup, table: dict[str, Status], power: str, owner: str, province: str) -> bool:
    """'Austria may submit a 0-value bribe to any unit in a province within the Holy Roman
    Empire'; 'A power may earn the right to submit a 0-value bribe and order to a unit, if the
    state is ALIGNED with the power'."""
    if power == setup.hre_power and province in setup.hre:
        return True
    status = table.get(owner)
    return status is not None and status.political == ALIGNED and status.power == power


def acceptance_lists(setup: Setup, submitted: dict[str, list[str]], owners: set[str],
                     seed: str = "") -> dict[str, tuple[str, ...]]:
    """Owner -> its reference (acceptance) list: a power's own as submitted, else 'oneself first,
    then the rest' (Payola's default); a minor state's the text's fixed list. With the game's
    ``seed`` the rest come in an order drawn from it, one per power for the game."""
    out: dict[str, tuple[str, ...]] = {}
    for owner in sorted(owners):
        if owner in setup.powers:
            given = tuple(submitted.get(owner, ()))
            others = [p for p in setup.powers if p != owner]
            if seed:
                # The variant's order would break every tie on an unsubmitted list for Austria and
                # France; DPjudge shuffles instead. Drawn from the recorded seed, a replay agrees.
                random.Random(f"europe1615v2 reference {owner} {seed}").shuffle(others)
            rest = tuple(p for p in [owner] + others if p not in given)
            out[owner] = given + rest
        else:
            out[owner] = setup.reference_lists.get(owner, setup.reference_lists.get("minors", setup.powers))
    return out


def run_auction(setup: Setup, position: Position, offers: list[payola.Offer], treasury: dict[str, int],
                submitted: dict[str, list[str]], seed: str = "") -> payola.Auction:
    """The auction over every unit on the board."""
    owners = {p: u.power for p, u in position.units.items()}
    lists = acceptance_lists(setup, submitted, set(owners.values()), seed)
    table = politics.statuses(setup, state_of(position))

    def needs_payment(offer: payola.Offer) -> bool:
        # 'a bribe must contain some payment for those submitted to foreign units otherwise the
        # order is ignored': one cut to nothing for overspending too, else a power with an empty
        # treasury would win a foreign unit's order free on a tie the reference list breaks
        owner = owners[offer.unit]
        return owner != offer.briber and not zero_bribe_allowed(setup, table, offer.briber, owner, offer.unit)

    return payola.auction(offers, owners, treasury, lists, lambda p: f"{position.units[p].label} H", needs_payment)


def offers_of(inputs: dict) -> list[payola.Offer]:
    """The checked offers the auction hears (ignored ones left out)."""
    return [payola.Offer(o["power"], o["unit"], o["order"], int(o["amount"])) for o in inputs.get("offers", [])]


def decide(setup: Setup, position: Position, inputs: dict, treasury: dict[str, int],
           acceptance: dict[str, list[str]], seed: str = "") -> payola.Auction:
    """The auction of a movement phase from its checked inputs, on the board it opened with."""
    return run_auction(setup, position, offers_of(inputs), treasury, acceptance, seed)
