"""Reading the orders of a Diplomatic Phase.

The rulebook gives the format: "(1) list of INF placements, (2) order for a diplomatic
attack, and (3) declarations". One order a line:

- ``5: BRE`` - place 5 INFs in Bremen ('number of INFs: [minor state]');
- ``BRAP > FRANCE`` - a diplomatic attack on French INFs in Brandenburg-Prussia
  ('[minor state] > [power]');
- ``WAR: FRANCE``, ``ALLIANCE: ENGLAND``, ``ARMISTICE: SPAIN``, ``DISSOLVE: SPAIN`` - the
  declarations (this project's syntax, documented in ``docs/europe1619.md``).

Reading checks only what the words say (a known minor, a known power, a positive number);
whether the order may be carried out is for :mod:`.influence` and :mod:`.declarations`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from gm_tools.errors import IllegalOrderError, OrderSyntaxError
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.mechanics.namesinorders import closest, minor_named, minor_spellings, power_named, power_spellings, spelling
from gm_tools.systems.europe1619.setup import DiplomacySetup

WAR = "WAR"
ALLIANCE = "ALLIANCE"
ARMISTICE = "ARMISTICE"
DISSOLVE = "DISSOLVE"
DECLARATION_KINDS = (WAR, ALLIANCE, ARMISTICE, DISSOLVE)

_FORMS = "'5: BRE' (place INFs), 'BRAP > FRANCE' (diplomatic attack), or a declaration 'WAR: FRANCE', 'ALLIANCE: ENGLAND', 'ARMISTICE: SPAIN', 'DISSOLVE: SPAIN'"


@dataclass(frozen=True)
class Declaration:
    """``WAR: FRANCE``: a declaration, effective the following year."""

    power: str
    """The declaring power."""
    kind: str
    """``WAR``, ``ALLIANCE``, ``ARMISTICE`` or ``DISSOLVE`` (an alliance)."""
    other: str
    """Code of the power it is made towards."""
    text: str
    """The order as written."""

    def canonical(self) -> str:
        return f"{self.kind}: {self.other}"


DiplomaticOrder = Placement | Attack | Declaration

_PLACEMENT = re.compile(r"^([+-]?\d+)\s*:\s*(.*)$")
_KEYWORD = re.compile(r"^([A-Z][A-Z ]*?)\s*:\s*(.*)$", re.IGNORECASE)
_ATTACK = re.compile(r"^(.*?)\s*>\s*(.*)$")


def read_order(setup: DiplomacySetup, power: str, text: str) -> DiplomaticOrder:
    """Read one order of ``power``. Raises ``OrderSyntaxError`` when the words cannot be
    read, ``IllegalOrderError`` when they read but ask for something no order may do."""
    written = " ".join(text.split())
    if not written:
        raise OrderSyntaxError(text, f"the order is empty; expected {_FORMS}")
    m = _PLACEMENT.match(written)
    if m:
        infs = int(m.group(1))
        minor = _minor(setup, written, m.group(2))
        if infs <= 0:
            raise IllegalOrderError(
                written,
                f"found {infs} INFs, expected a positive number: INFs once placed may not be "
                "removed except by a diplomatic attack",
            )
        return Placement(power, infs, minor, written)
    m = _KEYWORD.match(written)
    if m:
        kind = m.group(1).strip().upper()
        if kind not in DECLARATION_KINDS:
            close = difflib.get_close_matches(kind, DECLARATION_KINDS, n=1)
            raise OrderSyntaxError(
                written,
                f"found {kind!r} before the colon, expected a number of INFs or one of "
                + ", ".join(DECLARATION_KINDS),
                f"{close[0]}: {m.group(2)}" if close else None,
            )
        other = _power(setup, written, m.group(2))
        if other == power:
            raise IllegalOrderError(written, f"{kind} names the declaring power itself, expected another power")
        return Declaration(power, kind, other, written)
    m = _ATTACK.match(written)
    if m:
        minor = _minor(setup, written, m.group(1))
        target = _power(setup, written, m.group(2))
        if target == power:
            raise IllegalOrderError(written, "a diplomatic attack is directed against another power, not oneself")
        return Attack(power, minor, target, written)
    raise OrderSyntaxError(written, f"expected {_FORMS}")


def _minor(setup: DiplomacySetup, written: str, word: str) -> str:
    if not spelling(word):
        raise OrderSyntaxError(written, "no minor state named, expected a minor state code like BRE")
    code = minor_named(setup.minors, word)
    if code:
        return code
    if power_named(setup.powers, setup.name, word):
        raise IllegalOrderError(
            written,
            f"{word.strip()} is a power, expected a minor state: INFs go to minor states and "
            "may not be lent to another power",
        )
    raise OrderSyntaxError(written, f"found {word.strip()!r}, expected a minor state that can be influenced",
                           closest(word, minor_spellings(setup.minors)))


def _power(setup: DiplomacySetup, written: str, word: str) -> str:
    code = power_named(setup.powers, setup.name, word)
    if code:
        return code
    if not spelling(word):
        raise OrderSyntaxError(written, "no power named, expected a power like FRANCE")
    suggestion = closest(word, power_spellings(setup.powers, setup.name))
    if spelling(word) in {spelling(c) for c in setup.minors}:
        raise IllegalOrderError(written, f"{word.strip()} is a minor state, expected a power in play")
    raise OrderSyntaxError(written, f"found {word.strip()!r}, expected a power in play", suggestion)
