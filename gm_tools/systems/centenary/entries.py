"""A Centenary player's mailed Fealty claim as a row of the Fealty sheet.

Rule 2: 'if a player capturing the center it occupied specifically orders it, he may claim
the "Fealty" of the major or minor neutral in question ... the player may build a unit in the
occupied center. Any of his or her units in the center in question "retreat" during the
adjustment phase, and must be given a retreat order.' The rulebook gives no notation for the
claim; this project's (``docs/orders.md`` has the rest of a mail's orders):

- ``FEALTY: PORTUGAL`` - claim Portugal's Fealty;
- ``FEALTY: PORTUGAL, build in POR, retreat to EST`` - and build its unit in its center
  POR, the claimer's own unit there retreating to EST.

A mail's other lines are unit orders for the Orders sheet.
"""

from __future__ import annotations

import re

from gm_tools.engine.hooks import ORDERS
from gm_tools.engine.system import MailedRows
from gm_tools.systems.centenary.sheets import FEALTY_SHEET

CLAIM = re.compile(r"^\s*FEALTY\b\s*:?\s*(?:(?:of|from)\s+)?(?P<neutral>[^,]*?)\s*"
                   r"(?:(?:,\s*|\s+)BUILD\s+IN\s+(?P<build>[^,]*?)\s*)?"
                   r"(?:(?:,\s*|\s+)RETREAT\s+TO\s+(?P<retreat>[^,]*?)\s*)?$", re.IGNORECASE)
"""A claim; the commas may be left out and 'of' put before the neutral (``Fealty of Portugal``)."""
FORM = "a claim 'FEALTY: PORTUGAL', or 'FEALTY: PORTUGAL, build in POR, retreat to EST'"


def mailed_rows(variant, power: str, lines: list[str]) -> MailedRows | None:
    """The power's ``FEALTY`` lines as Fealty sheet rows (Power, Neutral, Build in, Retreat
    to), its other lines as unit orders; None for a mail of orders only, which leaves the
    power's claims on the sheet as they are."""
    if not any(line.lstrip().upper().startswith("FEALTY") for line in lines):
        return None
    names = {p.name.upper(): code for code, p in variant.powers.items()}
    rows: list = []
    for line in lines:
        if not line.lstrip().upper().startswith("FEALTY"):
            rows.append((ORDERS, line))
            continue
        claim = CLAIM.match(line)
        if not claim or not claim.group("neutral"):
            rows.append(FORM)
            continue
        neutral = claim.group("neutral").upper()
        build, retreat = claim.group("build"), claim.group("retreat")
        rows.append((FEALTY_SHEET, [power, names.get(neutral, neutral), _code(variant, build), _code(variant, retreat)]))
    return MailedRows((FEALTY_SHEET, ORDERS), rows)


def _code(variant, name: str | None) -> str | None:
    """A province as the sheet takes it: its code, for a name or alias a player writes
    (``Lisboa``, ``Estremadura``); anything else as written, for the sheet's check to name."""
    if not name:
        return None
    return variant.lookup.get(" ".join(name.lower().split()), name.upper()).upper()
