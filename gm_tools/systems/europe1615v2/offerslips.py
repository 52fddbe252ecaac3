"""Offers that stand by the rules but that the GM will want to see before the deadline: those the
auction ignores (rulebook ``001_6f4a9c76b6e5774a.txt``, '6 MOVEMENT PHASE': 'Players may not
submit MOVE/ATTACK orders for foreign units, as these will be ignored'; 'a bribe must contain some
payment for those submitted to foreign units otherwise the order is ignored'; 'Only Catholic
powers can submit orders to the units in the Papal States'), and one offer over the power's whole
treasury (legal in Payola, whose overspending rule then cuts every offer of the power, but most
often a slip: 100 for 10). Said in ``gm-tools status`` and a turn's report, each with its cell;
never recorded (the ledgers say the ignored ones after the turn).
"""

from __future__ import annotations

from gm_tools.engine.hooks import InputRow
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.errors import UserError


def over_treasury(power: str, held: int) -> str:
    """Why an offer over the power's whole treasury will cost it more than this offer."""
    return (f"{power}'s treasury holds {held}: should it win, 'all its offers are reduced by one' round after "
            f"round until {power} can pay (Payola's overspending rule)")


def offer_slips(variant: Variant, position: Position, rows: list[InputRow]) -> list[str]:
    """Each offer row the auction will ignore, or over its power's treasury, named at its cell;
    rows that cannot be read are the turn's problems, not repeated here."""
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2 import politics
    from gm_tools.systems.europe1615v2.bribes import read_offer
    from gm_tools.systems.europe1615v2.setup import setup_of
    from gm_tools.systems.europe1615v2.state import state_of

    setup, state = setup_of(variant), state_of(position)
    table = politics.statuses(setup, state)
    out = []
    for row in rows:
        power, amount, text = (row.values.get(k) for k in ("Power", "Amount", "Order"))
        if not power or not isinstance(amount, int) or not text:
            continue
        try:
            read = read_offer(setup, variant, position, rules_for(variant), table, power, amount, str(text))
        except UserError:
            continue
        said = f"{row.cells['Order']}: {power}'s '{amount} : {read.offer.order}'"
        if read.ignored:
            out.append(f"{said} is ignored by the auction: {read.ignored}")
        elif amount > state.treasury.get(power, 0):
            out.append(f"{said} stands, but {over_treasury(power, state.treasury.get(power, 0))}")
    return out
