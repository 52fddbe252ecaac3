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

ON_UNIT_WORDS = {
    "BOLSTER": "Bolsters the army in {} by one strength",
    "REDUCE": "Reduces the unit in {} by one strength",
    "DISBAND": "Disbands the unit in {}",
}


def _name(variant: Variant, code: str) -> str:
    """A power's or minor state's name as a sentence reads it ("the Dutch Republic"), else a
    province's, else the code as written."""
    power = variant.powers.get(code)
    if power is not None:
        return power.in_text
    province = variant.provinces.get(province_of(code))
    return province.in_text if province is not None else code


def _place(variant: Variant, location: str) -> str:
    """Where a unit stands: its province's name as a sentence reads it ("the Tyrol"; a minor
    state may share its code)."""
    province = variant.provinces.get(province_of(location))
    return province.in_text if province is not None else location


def _tps(n: str) -> str:
    return f"{n} TP" if n == "1" else f"{n} TPs"


def _placement(variant: Variant, infs: str, minor: str) -> str:
    return f"Places {'1 INF' if infs == '1' else f'{infs} INFs'} in {_name(variant, minor)}"


def _attack(variant: Variant, minor: str, target: str) -> str:
    return f"Diplomatic attack on the INFs of {_name(variant, target)} in {_name(variant, minor)}"


def _declaration(variant: Variant, kind: str, other: str) -> str:
    return DECLARATION_WORDS[kind].format(_name(variant, other))


def _lend(variant: Variant, amount: str, borrower: str, interest: str | None, terms: str | None) -> str:
    text = f"Lends {_tps(amount)} to {_name(variant, borrower)}"
    text += f" at {_tps(interest)} interest" if interest else ""
    return text + (f" ({terms})" if terms else "")


def _pay(variant: Variant, amount: str, payee: str, note: str | None) -> str:
    return f"Pays {_tps(amount)} to {_name(variant, payee)}" + (f" ({note})" if note else "")


def _build_for(variant: Variant, kind: str, location: str, minor: str) -> str:
    return f"Builds {UNIT_ARTICLES[kind]} in {_place(variant, location)} for {_name(variant, minor)}"


def _on_unit(variant: Variant, verb: str, location: str) -> str:
    return ON_UNIT_WORDS[verb].format(_place(variant, location))


def _preference(variant: Variant, minor: str, kind: str) -> str:
    # it only names the unit of a build the minor makes by itself: "succeeds" beside "Asks
    # Catalonia to build an army" read as an army built where no build was due
    return f"Asks {_name(variant, minor)} to build {UNIT_ARTICLES[kind]} if its automatic build is due"


ORDER_FORMS = (
    (re.compile(r"^(\d+): (\S+)$"), _placement),
    (re.compile(r"^(\S+) > (\S+)$"), _attack),
    (re.compile(r"^(WAR|ALLIANCE|ARMISTICE|DISSOLVE): (\S+)$"), _declaration),
    (re.compile(r"^LEND (\d+) TO (\S+)(?: at (\d+) interest)?(?: \((.*)\))?$"), _lend),
    (re.compile(r"^PAY (\d+) TO (\S+)(?: \((.*)\))?$"), _pay),
    (re.compile(r"^BUILD ([AF]) (\S+) FOR (\S+)$"), _build_for),
    (re.compile(r"^(BOLSTER|REDUCE|DISBAND) (\S+)$"), _on_unit),
    (re.compile(r"^(\S+) BUILDS ([AF])$"), _preference),
)
"""Each written form of Europe 1619's own orders, and the function wording its parts."""


def order_words(variant: Variant, order: str) -> str | None:
    """``order`` in words, or None when it is none of Europe 1619's own orders."""
    for form, words in ORDER_FORMS:
        m = form.match(order)
        if m:
            return words(variant, *m.groups())
    return None
