"""Europe 1619's own orders in words, for the phase pages and the judge text, as unit orders
are worded there (``A VIE - GAL`` is "Army Vienna -> Galicia"): a player reads "Bolsters the
army in Vienna", not ``BOLSTER VIE``.

The orders are the records' texts: the Diplomatic Phase's (:mod:`.orders`: ``5: BRE``,
``BRAP > FRANCE``, ``WAR: FRANCE``) and the Builds and Transactions Phase's
(:func:`.treasury.transaction_text`: ``LEND``, ``PAY``, ``BUILD ... FOR``, ``BOLSTER``,
``REDUCE``, ``DISBAND``, ``HAM BUILDS A``).
"""

from __future__ import annotations

import re

from gm_tools.engine.model import province_of
from gm_tools.engine.variant import Variant

UNIT_ARTICLES = {"A": "an army", "F": "a fleet"}

DECLARATION_WORDS = {
    "WAR": "Declares war on {}",
    "ALLIANCE": "Declares an alliance with {}",
    "ARMISTICE": "Declares an armistice with {}",
    "DISSOLVE": "Dissolves the alliance with {}",
}

_PLACEMENT = re.compile(r"^(\d+): (\S+)$")
_ATTACK = re.compile(r"^(\S+) > (\S+)$")
_DECLARATION = re.compile(r"^(WAR|ALLIANCE|ARMISTICE|DISSOLVE): (\S+)$")
_LEND = re.compile(r"^LEND (\d+) TO (\S+)(?: at (\d+) interest)?(?: \((.*)\))?$")
_PAY = re.compile(r"^PAY (\d+) TO (\S+)(?: \((.*)\))?$")
_BUILD_FOR = re.compile(r"^BUILD ([AF]) (\S+) FOR (\S+)$")
_ON_UNIT = re.compile(r"^(BOLSTER|REDUCE|DISBAND) (\S+)$")
_PREFERENCE = re.compile(r"^(\S+) BUILDS ([AF])$")

ON_UNIT_WORDS = {
    "BOLSTER": "Bolsters the army in {} by one strength",
    "REDUCE": "Reduces the unit in {} by one strength",
    "DISBAND": "Disbands the unit in {}",
}


def _name(variant: Variant, code: str) -> str:
    """A power's or minor state's name, else a province's, else the code as written."""
    power = variant.powers.get(code)
    if power is not None:
        return power.name
    province = variant.provinces.get(province_of(code))
    return province.name if province is not None else code


def _place(variant: Variant, location: str) -> str:
    """Where a unit stands: its province's name (a minor state may share its code)."""
    province = variant.provinces.get(province_of(location))
    return province.name if province is not None else location


def _tps(n: str) -> str:
    return f"{n} TP" if n == "1" else f"{n} TPs"


def order_words(variant: Variant, order: str) -> str | None:
    """``order`` in words, or None when it is none of Europe 1619's own orders."""
    m = _PLACEMENT.match(order)
    if m:
        infs = "1 INF" if m.group(1) == "1" else f"{m.group(1)} INFs"
        return f"Places {infs} in {_name(variant, m.group(2))}"
    m = _ATTACK.match(order)
    if m:
        return f"Diplomatic attack on the INFs of {_name(variant, m.group(2))} in {_name(variant, m.group(1))}"
    m = _DECLARATION.match(order)
    if m:
        return DECLARATION_WORDS[m.group(1)].format(_name(variant, m.group(2)))
    m = _LEND.match(order)
    if m:
        amount, borrower, interest, terms = m.groups()
        text = f"Lends {_tps(amount)} to {_name(variant, borrower)}"
        text += f" at {_tps(interest)} interest" if interest else ""
        return text + (f" ({terms})" if terms else "")
    m = _PAY.match(order)
    if m:
        amount, payee, note = m.groups()
        return f"Pays {_tps(amount)} to {_name(variant, payee)}" + (f" ({note})" if note else "")
    m = _BUILD_FOR.match(order)
    if m:
        kind, location, minor = m.groups()
        return f"Builds {UNIT_ARTICLES[kind]} in {_place(variant, location)} for {_name(variant, minor)}"
    m = _ON_UNIT.match(order)
    if m:
        return ON_UNIT_WORDS[m.group(1)].format(_place(variant, m.group(2)))
    m = _PREFERENCE.match(order)
    if m:
        return f"Asks {_name(variant, m.group(1))} to build {UNIT_ARTICLES[m.group(2)]}"
    return None
