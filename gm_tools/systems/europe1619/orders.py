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


def _normal(word: str) -> str:
    return " ".join(word.upper().replace("-", " ").split())


def _minor(setup: DiplomacySetup, written: str, word: str) -> str:
    key = _normal(word)
    if not key:
        raise OrderSyntaxError(written, "no minor state named, expected a minor state code like BRE")
    spellings = {}
    for code, minor in setup.minors.items():
        spellings[_normal(code)] = code
        spellings[_normal(minor.name)] = code
    if key in spellings:
        return spellings[key]
    if _lookup_power(setup, key):
        raise IllegalOrderError(
            written,
            f"{word.strip()} is a power, expected a minor state: INFs go to minor states and "
            "may not be lent to another power",
        )
    raise OrderSyntaxError(
        written, f"found {word.strip()!r}, expected a minor state that can be influenced", _closest(key, spellings)
    )


def _closest(key: str, spellings: dict[str, str]) -> str | None:
    """The codes whose spellings are nearest to ``key`` (all that tie for the best score)."""
    scored = sorted((-difflib.SequenceMatcher(None, key, s).ratio(), code) for s, code in spellings.items())
    if not scored or -scored[0][0] < 0.5:  # too far from anything to be a misspelling
        return None
    best = scored[0][0]
    codes = dict.fromkeys(code for score, code in scored if score == best)
    return " or ".join(list(codes)[:3])


def _lookup_power(setup: DiplomacySetup, key: str) -> str | None:
    """A power by code or name; a name may be cut short after whole words ("Catholic League"
    for "Catholic League and Bavaria") when only one power's name starts that way."""
    for code in setup.powers:
        if key in (_normal(code), _normal(setup.name(code))):
            return code
    starts = [code for code in setup.powers if (_normal(setup.name(code)) + " ").startswith(key + " ")]
    return starts[0] if len(starts) == 1 else None


def _power(setup: DiplomacySetup, written: str, word: str) -> str:
    key = _normal(word)
    code = _lookup_power(setup, key)
    if code:
        return code
    if not key:
        raise OrderSyntaxError(written, "no power named, expected a power like FRANCE")
    spellings = {}
    for p in setup.powers:
        spellings[_normal(p)] = p
        spellings[_normal(setup.name(p))] = p
    suggestion = _closest(key, spellings)
    if key in {_normal(c) for c in setup.minors}:
        raise IllegalOrderError(written, f"{word.strip()} is a minor state, expected a power in play")
    raise OrderSyntaxError(written, f"found {word.strip()!r}, expected a power in play", suggestion)
