"""A Europe 1615 player's mailed lines as the cells of the game's sheets.

'Writing the orders: Example of the format for the submission of the INF deployment list and
orders': in a movement phase a power's mail holds its INF deployment list (``9: WUR``), at most
one diplomatic attack (``LOR > FRANCE``) and its unit orders, its aligned minors' and the
Ottomans'. Deployments go to the INF Deployment sheet, the attack to Diplomatic Attacks, a
waiver (``WAIVE: LOR``) to Waivers, the unit orders to the Orders sheet. The demo game
(``sheets/demo-europe1615.toml``) is typed in this way.
"""

from __future__ import annotations

import re

from gm_tools.engine.hooks import ORDERS
from gm_tools.engine.system import MailedRows
from gm_tools.errors import UserError
from gm_tools.mechanics.influenceorders import (influence_form, names_infs, one_a_line, placed_backwards, placed_in,
                                                 placement_words, without_note)
from gm_tools.mechanics.namesinorders import power_named
from gm_tools.systems.europe1615.calendar import BUILDS, EARLY_WINTER, MOVEMENT, RETREATS, SCORING, STATUS_CHECK, phase_role
from gm_tools.systems.europe1615.sheets import ATTACKS, DEPLOYMENT, DISBANDS, WAIVERS

# 'Waiving the capture of a center ... may be arranged by the player (and communicated to the
# GM)': ``WAIVE: LOR`` in a movement phase's mail, for the Waivers sheet (as version 2 reads it)
# 'the aligned power will submit the orders to disband': 'A POM D', 'Disband A POM', 'remove F POM'
_DISBAND = re.compile(r"^\s*(?:(?:disband|remove)\s+([AF])\s+(\S+?)|([AF])\s+(\S+?)\s+(?:D|disbands?|removed?))\s*\.?\s*$",
                      re.IGNORECASE)
_WAIVE = re.compile(r"^\s*WAIVE(?:RS?)?\b\s*:?\s*(\S.*?)\s*$", re.IGNORECASE)  # a code or a name ('Upper Austria')
# 'No attack this turn', 'no waivers', 'Waivers: none': the player says there is none; read as a
# unit's order it was refused with a province like NOR or WAR suggested
_NOTHING = re.compile(r"^\s*(?:(?:no|none|nothing)\b[^>:]*?\b(attack|waive|deploy|inf)\w*|(attack|waive|deploy|inf)\w*"
                      r"\s*:?\s*(?:none|nothing|no|-))(?:[\s.!].*)?$", re.IGNORECASE)
# A heading over the mail's parts ('INF deployment:', 'Diplomatic attack:', 'Waivers:', 'Orders:'),
# as the rulebook's example boxes them: read as an order or a waiver of ':', it asked for a province
_HEADING = re.compile(r"^\s*(?:my\s+)?(?:diplomatic\s+|unit\s+)?(attack|waive|deploy|inf|order)\w*"
                      r"(?:\s+(?:deployments?|placements?|orders?|list))?\s*:\s*$", re.IGNORECASE)
_NOTHING_SAYS = {
    "order": "a unit's order such as 'A PAR - BUR', one a line: a heading is no order (leave the line out)",
    "attack": "a diplomatic attack ('LOR > FRANCE'), or nothing: a mail with no attack line orders none (leave the "
              "line out)",
    "waive": "WAIVE: LOR for each capture waived, or nothing: a mail with no WAIVE line leaves the power's waivers "
             "as they are (the GM clears a row of the Waivers sheet)",
    "deploy": "an INF deployment ('9: WUR'), or nothing: a mail with no deployment line deploys no INFs (leave the "
              "line out)"}
# An attack in other words ('LOR - FRANCE', 'LOR: attack France', 'attack France in LOR'): no
# unit's order names a power, so the line would be refused as a move to a province 'FRANCE'
# ('did you mean FRA?'), pointing the player the wrong way
_ATTACK_WORD = re.compile(r"\battack", re.IGNORECASE)
_ATTACK_MARK = re.compile(r"^(\S.*?)\s*(?:=>|-|:|\bvs\b\.?|\bx\b)\s*(\S.*?)\s*$", re.IGNORECASE)
_ATTACK_IN = re.compile(r"^\s*(?:diplomatic\s+)?attacks?\s+(?:on\s+|against\s+)?(\S.*?)\s+in\s+(\S.*?)\s*$", re.IGNORECASE)
_ATTACK_LABEL = re.compile(r"^\s*(?:diplomatic\s+)?attack\s*:?\s*([^>]+>[^>]+)$", re.IGNORECASE)
_OWNER_LABEL = re.compile(r"^\s*([^:>]+?)\s*:\s*((?:[AF]|army|fleet)\s+\S.*)$", re.IGNORECASE)
_ATTACK_FORM = "'MINOR STATE > MAJOR POWER'"
# 'nine: WUR', 'Nine INFs to Wuerttemberg': the INFs in words, read as a unit's order in 'NINE WUR'
# ('did you mean TUR?'); the rulebook's example counts them in figures ('9 INFs to Wuerttemburg')
_UNITS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_PLACED_SO = re.compile(r"^\s*(\d+)\s*(?:INFs?\b)?\s*(?:-+>|=+>|[→⇒>]|(?:on|for|at|onto)\b)\s*([A-Za-z].*?)\s*$",
                        re.IGNORECASE)
_SPELT = re.compile(r"^\s*([a-z]+)(?:[\s-]+(?!INFs?\b)([a-z]+))?\s*(?:INFs?\b\s*)?(?::|-|\bto\b)\s*(\S.*?)\s*$", re.IGNORECASE)


class EntryError(UserError):
    """A line that is none of the forms its phase takes."""


def _influence_line(line: str) -> bool:
    return placement_words(line) is not None or ">" in line


def sheet_cells(variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
    """The cells of the deployment and attack lines of a movement phase; None for any other
    phase (its lines are orders for the Orders sheet)."""
    if phase_role(variant, phase) != MOVEMENT:
        return None
    cells: dict[str, object] = {}
    rows = {DEPLOYMENT: 2, ATTACKS: 2}
    for power, lines in entry.items():
        for line in lines:
            placed = placement_words(line)
            if placed:
                sheet, values = DEPLOYMENT, [power, *placed]
            elif ">" in line:
                sheet, values = ATTACKS, [power, line.strip()]
            else:
                continue
            for column, value in zip("ABC", values):
                cells[f"{sheet}!{column}{rows[sheet]}"] = value
            rows[sheet] += 1
    return cells


def mailed_rows(variant, phase: str, power: str, lines: list[str]) -> MailedRows | None:
    """A power's mail in a movement phase: its deployment list and attack onto their sheets,
    the rest, its unit orders, onto the Orders sheet. Other phases' mail is unit orders (None)."""
    role = phase_role(variant, phase)
    if role in (STATUS_CHECK, SCORING):
        # a mail that comes while the game waits at a phase no player enters anything for is
        # the next movement phase's: each line was refused as if it were this phase's order
        from gm_tools.engine.phase import phase_title

        said = (f"nothing mailed in this phase: the game is at {phase_title(variant.calendar, phase)} ({phase}), "
                "which takes no players' entries; process it first (gm-tools turn: it waits for no one), then "
                "enter this mail again")
        return MailedRows((ORDERS,), [said for _ in lines])
    if role == EARLY_WINTER and any(_DISBAND.match(line) for line in lines):
        rows = []
        for line in lines:
            m = _DISBAND.match(line)
            kind, where = (m.group(1) or m.group(3), m.group(2) or m.group(4)) if m else (None, None)
            rows.append((DISBANDS, [power, f"{kind.upper()} {where.upper()}"]) if m else (ORDERS, line))
        return MailedRows((DISBANDS,), rows)
    if role in (RETREATS, EARLY_WINTER, BUILDS):
        # '9: WUR' would be read as an order for a unit in '9 WUR': the line is named for what it is
        kinds = [influence_form(line) or ("an INF placement" if names_infs(line) or _spelt(line) else None)
                 or _capture_waiver(line) for line in lines]
        if not any(kinds):
            return None
        return MailedRows((ORDERS,), [(ORDERS, line) if not kind else
                                      f"a unit's order: found {line.strip()!r}, {kind}, which is mailed in a "
                                      "movement phase, with the unit orders" for kind, line in zip(kinds, lines)])
    if role != MOVEMENT:
        return None
    rows: list = []
    for line in lines:
        line = line if unit_first(line) else without_note(line)  # a unit's order is the mail reader's
        placed, waive, nothing = placement_words(line), _WAIVE.match(line), _NOTHING.match(line) or _HEADING.match(line)
        if nothing:
            rows.append(_NOTHING_SAYS.get((nothing.group(1) or nothing.group(2)).lower(), _NOTHING_SAYS["deploy"]))
        elif waive:
            rows.append((WAIVERS, [power, waive.group(1).upper()]))
        elif one_a_line(line):
            rows.append(one_a_line(line))
        elif (placed and placed_in(line)) or (not placed and placed_backwards(line)) or _placed_so(line):
            said = placed_in(line) or placed_backwards(line) or _placed_so(line)
            rows.append(f"an INF deployment as the rulebook writes it: {said}")
        elif placed:
            rows.append((DEPLOYMENT, [power, *placed]))
        elif _spelt(line):
            rows.append(f"an INF deployment with its INFs in figures, as the rulebook writes it: {_spelt(line)}")
        elif _owner_label(variant, power, line):
            rows.append(_owner_label(variant, power, line))
        elif _attack_slip(variant, line):
            rows.append(f"a diplomatic attack as the rulebook writes it: {_attack_slip(variant, line)}")
        elif ">" in line and not unit_first(line):
            rows.append((ATTACKS, [power, line.strip()]))
        elif names_infs(line):  # 'INF: 5 LOR' is no unit's order: named for the deployment it means
            rows.append("an INF deployment as the rulebook writes it: '9: WUR' or '9 INFs to WUR' (the INFs, "
                        "then the minor state)")
        else:
            rows.append((ORDERS, line))
    # a mail with no waiver leaves the power's waivers on their sheet as they are
    waived = any(isinstance(row, tuple) and row[0] == WAIVERS for row in rows)
    return MailedRows((DEPLOYMENT, ATTACKS, ORDERS) + ((WAIVERS,) if waived else ()), rows)


def _placed_so(line: str) -> str | None:
    """The rulebook's form for a deployment written with another word or an arrow for its 'to'
    (``9 INFs -> WUR``, ``9 INF on WUR``, ``9 INFs for Savoy``), None for any other line. Read as
    they were, the arrow made an attack of it and the word a minor state called 'on WUR'."""
    m = _PLACED_SO.match(line)
    if m is None:
        return None
    return f"'{m.group(1)}: {m.group(2)}' or '{m.group(1)} INFs to {m.group(2)}' (the INFs, then the minor state)"


def _spelt(line: str) -> str | None:
    """The rulebook's form for a deployment whose INFs are written in words (``nine: WUR``,
    ``twenty five INFs to LOR``), None for any other line."""
    m = _SPELT.match(line)
    if m is None:
        return None
    first, second, minor = m.group(1).lower(), (m.group(2) or "").lower(), m.group(3)
    ones = {word: n for n, word in enumerate(_UNITS, start=1)}
    if first in _TENS and (not second or second in ones and ones[second] < 10):
        infs = _TENS[first] + ones.get(second, 0)
    elif first in ones and not second:
        infs = ones[first]
    else:
        return None
    return f"'{infs}: {minor}' or '{infs} INFs to {minor}' (the INFs, then the minor state)"


def _capture_waiver(line: str) -> str | None:
    """'WAIVE: SRL' mailed after the movement phases: a capture's waiver, typed on the Waivers
    sheet of a movement phase (the Fall's is the last before the Early Winter's annexations), not
    a build's WAIVE, which names no province (it was refused as "unexpected 'SRL' after WAIVE")."""
    waive = _WAIVE.match(line)
    return "a capture's waiver" if waive and not waive.group(1).isdigit() else None


def _owner_label(variant, power: str, line: str) -> str | None:
    """The form for a unit's order labelled with another owner (``OTTOMAN: A SER - BOS``, ``LOR:
    A LOR H``), None for any other line. The label was read as part of the unit's province
    ('OTTOMAN A SER', did you mean RMG or TUS?); the power's own label is the mail reader's."""
    m = _OWNER_LABEL.match(line)
    word = m.group(1).strip() if m else ""
    owner = variant.power_named(word) or (variant.power_named(word[:-1]) if word.lower().endswith("s") else None)
    if not owner or owner == power:
        return None
    return (f"the unit's order alone, {' '.join(m.group(2).split())!r}, under the power's line: a unit is named by its "
            f"province, whoever owns it ({variant.powers[owner].name}'s units are ordered from a power's own mail)")


def unit_first(line: str) -> bool:
    """Does a mailed line begin with its unit (``A``, ``F``, ``Army``, ``Fleet``)? Then it is a
    unit's order, whatever its arrow: the orders read ``A PAR -> BUR`` as a move, so its '>'
    makes no diplomatic attack (it was refused asking for a minor state 'A PAR -'). A list's
    number before it (``1. A PAR -> BUR``) is no part of it, as the order reader reads past it."""
    words = re.sub(r"^\s*\d{1,3}[.)]\s*", "", line).split()
    return bool(words) and words[0].upper() in ("A", "F", "ARMY", "FLEET")


def _attack_slip(variant, line: str) -> str | None:
    """The rulebook's form for a mailed line that means a diplomatic attack in other words,
    None for any other line (a unit's order among them: it starts with its unit, names no power
    and never says 'attack')."""
    if not line.split() or unit_first(line):
        return None
    powers = [code for code, p in variant.powers.items() if p.playable]
    if _ATTACK_WORD.search(line):
        labelled = _ATTACK_LABEL.match(line)
        if labelled:
            return f"'{' '.join(labelled.group(1).split())}' ({_ATTACK_FORM}), with no word before it"
        # 'attack England in WUR': the attack written out from the line, as 'LOR vs Denmark' is
        said = _ATTACK_IN.match(line)
        target = said and power_named(powers, lambda code: variant.powers[code].name, said.group(1))
        return (f"'{said.group(2)} > {target}'" if target else "'LOR > FRANCE'") + \
            f" ({_ATTACK_FORM}): the minor state, '>', then the power"
    if ">" in line and "=>" not in line:
        return None
    m = _ATTACK_MARK.match(line)
    target = m and power_named(powers, lambda code: variant.powers[code].name, m.group(2))
    return f"'{m.group(1)} > {target}' ({_ATTACK_FORM})" if target else None


def order_lines(entry: dict) -> dict[str, list[str]]:
    """The lines of a movement phase's entry that are unit orders."""
    orders = {p: [line for line in lines if not _influence_line(line)] for p, lines in entry.items()}
    return {p: lines for p, lines in orders.items() if lines}
