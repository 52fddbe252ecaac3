"""A Centenary player's mailed Fealty claim as a row of the Fealty sheet.

Rule 2: 'if a player capturing the center it occupied specifically orders it, he may claim
the "Fealty" of the major or minor neutral in question ... the player may build a unit in the
occupied center. Any of his or her units in the center in question "retreat" during the
adjustment phase, and must be given a retreat order.' The rulebook gives no notation for the
claim; this project's (``docs/orders.md`` has the rest of a mail's orders):

- ``FEALTY: PORTUGAL`` - claim Portugal's Fealty;
- ``FEALTY: PORTUGAL, build in POR, retreat to EST`` - and build its unit in its center
  POR, the claimer's own unit there retreating to EST.

A mail's other lines are unit orders for the Orders sheet, but for a line that speaks of Fealty
in another form: it is refused with the claim's form.
"""

from __future__ import annotations

import re

from gm_tools.engine.hooks import ORDERS
from gm_tools.engine.system import MailedRows
from gm_tools.systems.centenary.sheets import FEALTY_SHEET

_OPENS = r"^\s*(?:(?:I\s+)?CLAIMS?\s+(?:THE\s+)?)?FEALTY\b"
CLAIM = re.compile(_OPENS + r"\s*:?\s*(?:(?:of|from)\s+)?(?P<neutral>[^,]*?)\s*"
                   r"(?:(?:,\s*|\s+)BUILD(?:\s+IN)?\s+(?P<build>[^,]*?)\s*)?"
                   r"(?:(?:,\s*|\s+)RETREAT(?:\s+TO)?\s+(?P<retreat>[^,]*?)\s*)?$", re.IGNORECASE)
"""A claim; the commas, 'in' and 'to' may be left out, 'of' put before the neutral and 'claim'
before it all (``Claim Fealty of Portugal, build POR``): no neutral's name holds these words."""
_FEALTY = re.compile(r"\bFEALTY", re.IGNORECASE)  # "FEALTY2: ..." too: a claim mistyped
FORM = "a claim 'FEALTY: PORTUGAL', or 'FEALTY: PORTUGAL, build in POR, retreat to EST'"


def mailed_rows(variant, power: str, lines: list[str]) -> MailedRows | None:
    """The power's ``FEALTY`` lines as Fealty sheet rows (Power, Neutral, Build in, Retreat
    to), its other lines as unit orders; None for a mail of orders only, which leaves the
    power's claims on the sheet as they are."""
    # a line speaking of Fealty in another form is a claim written wrong, not a unit's order
    # refused for its first word's being no province
    labelled = {line: _owner_label(variant, power, line) for line in lines}
    if not any(_FEALTY.search(line) or labelled[line] for line in lines):
        return None
    rows: list = []
    for line in lines:
        if labelled[line]:
            rows.append(labelled[line])
            continue
        if not _FEALTY.search(line):
            rows.append((ORDERS, line))
            continue
        if not re.match(_OPENS, line, re.IGNORECASE):
            rows.append(FORM)
            continue
        claim = CLAIM.match(line)
        if not claim or not claim.group("neutral"):
            rows.append(FORM)
            continue
        neutral = claim.group("neutral")
        build, retreat = claim.group("build"), claim.group("retreat")
        if build:
            build = _UNIT_BUILT.sub("", build)
        rows.append((FEALTY_SHEET, [power, _neutral(variant, neutral), _code(variant, build), _code(variant, retreat)]))
    return MailedRows((FEALTY_SHEET, ORDERS), rows)


# the claim names where the neutral's center builds, not a unit: 'build A SWC' and 'build an
# army in SWC' were typed as the center 'A SWC', refused as no center of the neutral
_UNIT_BUILT = re.compile(r"^(?:(?:an?\s+)?(?:army|fleet)|[AF])\s+(?:in\s+)?(?=\S)", re.IGNORECASE)
_ARTICLE = re.compile(r"^THE\s+", re.IGNORECASE)


def _neutral(variant, name: str) -> str:
    """The neutral's code for the name a player writes, with the article a sentence puts before
    it ('the Swiss', 'the Papal States') or the first word of its name (power_named's rule);
    anything else as written, for the sheet's check to name."""
    name = " ".join(name.split())
    code = variant.power_named(name) or variant.power_named(_ARTICLE.sub("", name))
    return code or name.upper()


def _code(variant, name: str | None) -> str | None:
    """A province as the sheet takes it: its code, for a name or alias a player writes
    (``Lisboa``, ``Estremadura``); anything else as written, for the sheet's check to name."""
    if not name:
        return None
    return variant.lookup.get(" ".join(name.lower().split()), name.upper()).upper()


_OWNER_LABEL = re.compile(r"^\s*([^:>]+?)\s*:\s*((?:[AF]|army|fleet)\s+\S.*)$", re.IGNORECASE)


def _owner_label(variant, power: str, line: str) -> str | None:
    """The form for a unit's order labelled with its owner (``Bavaria: A BAV - BOH``, a vassal's
    unit in its master's mail, rule 3), None for any other line. The label was read as the
    unit's province ("expected H, -, S or C after 'Bavaria', found 'A'"); the power's own label
    is the mail reader's. As Europe 1615's, the order is asked for alone: a unit is named by
    its province, and the order reader says whether the power may order it."""
    m = _OWNER_LABEL.match(line)
    owner = variant.power_named(m.group(1).strip()) if m else None
    if not owner or owner == power:
        return None
    return (f"the unit's order alone, {' '.join(m.group(2).split())!r}, under the power's line: a unit is named by its "
            f"province, whoever owns it ({variant.powers[owner].name}'s units are ordered by the power that commands "
            f"them, in its own mail)")
