"""Reading the orders of a Diplomatic Phase.

The rulebook gives the format: "(1) list of INF placements, (2) order for a diplomatic
attack, and (3) declarations". One order a line:

- ``5: BRE`` - place 5 INFs in Bremen ('number of INFs: [minor state]');
- ``BRAP > FRANCE`` - a diplomatic attack on French INFs in Brandenburg-Prussia
  ('[minor state] > [power]');
- ``WAR: FRANCE``, ``ALLIANCE: ENGLAND``, ``ARMISTICE: SPAIN``, ``DISSOLVE: SPAIN`` - the
  declarations (this project's syntax, documented in ``docs/europe1619.md``).

Placements and attacks are read as Europe 1615 reads them (:mod:`gm_tools.mechanics.influenceorders`);
the declarations are Europe 1619's own. Reading checks only what the words say (a known
minor, a known power, a positive number); whether the order may be carried out is for
:mod:`gm_tools.mechanics.influence` and :mod:`.declarations`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from gm_tools.errors import IllegalOrderError, OrderSyntaxError
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.mechanics.influenceorders import InfluenceNames, named_power, read_attack, read_placement
from gm_tools.mechanics.namesinorders import minor_named
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

_NAMED_TWICE = re.compile(r"^(.*\S)\s*\(([^()]+)\)$")
_KEYWORD = re.compile(r"^([A-Z][A-Z ]*?)\s*:\s*(.*)$", re.IGNORECASE)


def read_order(setup: DiplomacySetup, power: str, text: str, both_halves: bool = False) -> DiplomaticOrder:
    """Read one order of ``power``. Raises ``OrderSyntaxError`` when the words cannot be
    read, ``IllegalOrderError`` when they read but ask for something no order may do.
    ``both_halves``: an attack wrong on both sides of its '>' is refused naming both mistakes
    (for the GM's sheet); without it the first alone, as the recorded results keep it."""
    written = " ".join(text.split())
    if not written:
        raise OrderSyntaxError(text, f"the order is empty; expected {_FORMS}")
    names = influence_names(setup)
    named = _NAMED_TWICE.match(written)
    if named and minor_named(names.minors, named.group(2)):
        # 'LOR (Lorraine-Alsace)', as the pages and the Influence Tracker give a state: read when the
        # brackets name the very state written before them, refused as written otherwise
        try:
            placement = read_placement(names, power, named.group(1))
        except OrderSyntaxError:
            placement = None
        if placement is not None and placement.minor == minor_named(names.minors, named.group(2)):
            return Placement(placement.power, placement.infs, placement.minor, written)
    placement = read_placement(names, power, written)
    if placement is not None:
        return placement
    m = _KEYWORD.match(written)
    if m:
        kind = m.group(1).strip().upper()
        if kind in ("ATTACK", "DIPLOMATIC ATTACK") and ">" in m.group(2):
            # the rulebook's '[minor state] > [power]' has no label: 'Attack: WUE > LEAGUE' names it
            raise OrderSyntaxError(written, f"found {kind!r} before the colon, expected the attack alone, "
                                            "'[minor state] > [power]'", m.group(2))
        if kind not in DECLARATION_KINDS:
            close = difflib.get_close_matches(kind, DECLARATION_KINDS, n=1)
            raise OrderSyntaxError(
                written,
                f"found {kind!r} before the colon, expected a number of INFs or one of "
                + ", ".join(DECLARATION_KINDS),
                f"{close[0]}: {m.group(2)}" if close else None,
            )
        other = named_power(names, written, m.group(2))
        if other == power:
            raise IllegalOrderError(written, f"{kind} names the declaring power itself, expected another power")
        return Declaration(power, kind, other, written)
    left, arrow, right = written.partition(">")
    named = _NAMED_TWICE.match(left.strip())
    if arrow and named and minor_named(names.minors, named.group(1)) == minor_named(names.minors, named.group(2)):
        attack = read_attack(names, power, f"{named.group(1)} > {right.strip()}", both_halves)  # 'BRE (Bremen) > ENGLAND'
        if attack is not None:
            return Attack(attack.power, attack.minor, attack.target, written)
    attack = read_attack(names, power, written, both_halves)
    if attack is not None:
        return attack
    raise OrderSyntaxError(written, f"expected {_FORMS}")


def influence_names(setup: DiplomacySetup) -> InfluenceNames:
    """What this game's influence orders may name (:mod:`gm_tools.mechanics.influenceorders`)."""
    return InfluenceNames(setup.minors, setup.powers, setup.name)
