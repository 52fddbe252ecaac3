"""A Europe 1619 player's mailed lines as the cells of the game's input sheets.

Diplomatic Phase lines go by their form: ``5: BRE`` to INF Placements, ``BRAP > FRANCE`` to
Attacks, ``WAR: SPAIN`` to Declarations. Builds and Transactions lines (``build A PAR``,
``bolster LYO``, ``build F GEN for GEN``, ``minor build CAT A``) go to Purchases; a player's
loan or payment line is named as the GM's to type (Loans, Payments). The demo's ``loans`` and
``payments`` go to Loans and Payments. Movement and retreat orders go on the Orders sheet.
The demo game (``sheets/demo-europe1619.toml``) is typed in this way.
"""

from __future__ import annotations

import re

from gm_tools.engine.system import MailedRows
from gm_tools.errors import UserError
from gm_tools.engine.hooks import ORDERS as ORDERS_SHEET
from gm_tools.mechanics.influenceorders import (influence_form, names_infs, one_a_line, placed_backwards, placed_in,
                                                 placement_words, without_note)
from gm_tools.systems.europe1619.calendar import DIPLOMATIC, ORDERS, RETREATS, TRANSACTIONS

_DECLARATION = re.compile(r"^\s*(WAR|ALLIANCE|ARMISTICE|DISSOLVE)\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_PURCHASE = re.compile(
    r"^\s*(build|bolster|reduce|disband)\s+(?:(?:an?|the)\s+(?=army|fleet))?(?:(A|F|army|fleet)\s+)?(?:(?:in|at)\s+)?"
    r"(\S+(?:\s+(?!for\s)\S+)*?)(?:\s+for\s+(\S+))?\s*$", re.IGNORECASE
)
"""A purchase: ``build A PAR``, ``bolster LYO``, ``build F GEN for GEN``; in words too, ``build an
army in Paris``, ``build fleet at St Petersburg``."""

# 'the aligned power may indicate the preferred unit to the referee' ('Minor states'): the
# Purchases sheet's 'minor build' row, mailed as 'minor build CAT A' or as the record words it,
# 'CAT builds A'
_MINOR_BUILD = re.compile(r"^\s*(?:minor\s+build\s+(\S+)\s+([AF])|(\S+)\s+builds\s+([AF]))\s*$", re.IGNORECASE)
# A declaration in words ('war on Spain', 'declare war on Spain', 'WAR SPAIN', 'alliance with
# England', 'ally: England'): named with the rulebook's form rather than the phase's three forms
_DECLARED_IN_WORDS = re.compile(
    r"^\s*(?:(?:declare|declaration\s+of)\s+(?:an?\s+)?)?(war|alliance|ally|armistice|dissolve)"
    r"(?:\s*[:\-]\s*|\s+(?:on|with|against|to)\s+|\s+)(?:(?:the\s+)?alliance\s*(?:with\s+|:\s*))?(\S.*?)\s*$",
    re.IGNORECASE)
# 'diplomatic attack on the League in Cologne', 'attack France in BRAP': the rulebook's '[minor state] > [power]'
_ATTACK_IN_WORDS = re.compile(r"^\s*(?:(?:a\s+)?diplomatic\s+)?attack\s+(?:on\s+|against\s+)?(?:the\s+)?(.+?)(?:(?:'s?)?\s+INFs?)?"
                              r"\s+in\s+(?:the\s+)?(.+?)\s*\.?$", re.IGNORECASE)
_ARROW = re.compile(r"^\s*([^=>]+?)\s*=>\s*([^=>]+?)\s*$")
# Loans and payments are agreements the referee 'monitored' and reports ('Treasury'): the GM
# types them once both sides agree, never from one player's mail.
# '3 TPs to Venice' counts treasury points, not INFs: a payment, never the placement its 'N ... to X' reads as
_TRANSFER = re.compile(r"^\s*(lend|loan|borrow|pay|repay|repayment|gift|give|send|\d+\s*TPs?)\b", re.IGNORECASE)
# Austria's agenda and the members' votes ('Reichstag'), which the GM types on its two sheets
_REICHSTAG = re.compile(r"^\s*(vote|votes|reichstag|agenda)\b", re.IGNORECASE)


class EntryError(UserError):
    """A line that is none of the forms its phase takes."""


def sheet_cells(phase: str, entry: dict, where: str, role: str) -> dict[str, object]:
    """The variant sheets' cells for one phase's entries (not the Orders sheet).

    Diplomatic Phase lines go by their form: ``5: BRE`` to INF Placements, ``BRAP > FRANCE``
    to Attacks, ``WAR: SPAIN`` to Declarations. Builds and Transactions lines (``build A
    PAR``, ``bolster LYO``, ``build F GEN for GEN``) go to Purchases; ``loans`` to Loans,
    ``payments`` (repayments, interest) to Payments."""
    cells: dict[str, object] = {}
    rows = {"INF Placements": 2, "Attacks": 2, "Declarations": 2, "Purchases": 2, "Loans": 2, "Payments": 2}

    def put(sheet: str, values: list[object]) -> None:
        row = rows[sheet]
        for column, value in zip("ABCDE", values):
            if value is not None:
                cells[f"{sheet}!{column}{row}"] = value
        rows[sheet] = row + 1

    for power, lines in entry.items():
        if power == "loans":
            for loan in lines:
                put("Loans", [loan["lender"], loan["borrower"], loan["amount"], loan["interest"], str(loan["due"])])
            continue
        if power == "payments":
            for payment in lines:
                put("Payments", [payment["payer"], payment["payee"], payment["amount"], payment["note"]])
            continue
        for line in lines:
            if role not in (DIPLOMATIC, TRANSACTIONS):
                raise EntryError(f"{where}: [{phase}] {power}: phase {phase} takes no sheet entries")
            row = line_row(role, power, line)
            if row is None:
                raise EntryError(f"{where}: [{phase}] {power}: found {line!r}, expected {FORMS[role]}")
            put(*row)
    return cells


FORMS = {DIPLOMATIC: "'5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN'",
         TRANSACTIONS: "'build A PAR', 'bolster LYO', 'reduce LYO', 'disband LYO' or 'minor build CAT A'"}
"""The forms a power's lines take in the phases with sheets of their own."""


def line_row(role: str, power: str, line: str) -> tuple[str, list] | None:
    """A power's line as (sheet, the values of its row), or None when it is none of the
    forms the phase takes."""
    if role == DIPLOMATIC:
        placed, declared = placement_words(line), _DECLARATION.match(line)
        if placed:
            return "INF Placements", [power, *placed]
        if declared:
            return "Declarations", [power, declared.group(1).lower(), declared.group(2)]
        if ">" in line and not _UNIT.match(line):  # 'A PAR -> BUR' is a unit's move, not an attack
            return "Attacks", [power, line.strip()]
        return None
    if role != TRANSACTIONS:
        return None
    preferred = _MINOR_BUILD.match(line)
    if preferred:
        minor, kind = (preferred.group(1), preferred.group(2)) if preferred.group(1) else preferred.group(3, 4)
        return "Purchases", [power, "minor build", kind.upper(), None, minor.upper()]
    bought = _PURCHASE.match(line)
    if not bought:
        return None
    action, unit, province, minor = bought.groups()
    return "Purchases", [power, action.lower(), unit[0].upper() if unit else None, province.upper(),
                         minor.upper() if minor else None]


def mailed_rows(role: str, power: str, lines: list[str]) -> MailedRows | None:
    """A power's mailed lines in the Diplomatic Phase (INF placements, attacks and
    declarations) or the Builds and Transactions Phase (purchases) as rows of their sheets;
    other phases' mail is unit orders (None). Loans and payments are the GM's to type."""
    if role in (ORDERS, RETREATS):
        # '5: BRE' would be read as an order for a unit in '5 BRE': the line is named for what it is
        elsewhere = [_elsewhere(role, line) or _infs_elsewhere(line) for line in lines]
        if not any(elsewhere):
            return None
        return MailedRows((ORDERS_SHEET,), [f"a unit's order: {why}" if why else (ORDERS_SHEET, line)
                                            for why, line in zip(elsewhere, lines)])
    if role not in FORMS:
        return None
    sheets = ("INF Placements", "Attacks", "Declarations") if role == DIPLOMATIC else ("Purchases",)
    rows = []
    for line in lines:
        why = _elsewhere(role, line) or (_in_words(line) if role == DIPLOMATIC else None)
        slip = _TRANSFER.match(line) or (
            role == DIPLOMATIC and (placed_in(line) or one_a_line(line, _declared_part) or _ARROW.match(line)))
        row = None if slip else line_row(role, power, line if _UNIT.match(line) else without_note(line))
        rows.append(row or f"one of {FORMS[role]}" + (f": {why}" if why else ""))
    return MailedRows(sheets, rows)


_UNIT = re.compile(r"^\s*(?:[AF]|army|fleet)\s+\S+", re.IGNORECASE)


def _elsewhere(role: str, line: str) -> str | None:
    """The mailed line named as another phase's, with the phase that takes it; None when it is
    in no other phase's form."""
    found = _form(role, line)
    if found is None:
        return None
    kind, sheet, phase = found
    if phase is None:  # a loan or payment: never a player's to mail
        return f"found {line.strip()!r}, {kind}, which the GM types on {sheet}"
    return f"found {line.strip()!r}, {kind}, which is mailed in {phase}"


def _in_words(line: str) -> str | None:
    """A Diplomatic Phase line that means a placement or a declaration in words of its own, named
    with the rulebook's form ('number of INFs: [minor state]', 'WAR: SPAIN'); None otherwise."""
    several = one_a_line(line, _declared_part)
    if several:
        return f"found {line.strip()!r}, {several}"
    attacked = _ATTACK_IN_WORDS.match(line)  # before the placements: 'attack on the League's INFs in COL'
    if attacked:
        return f"found {line.strip()!r}, a diplomatic attack, written '{attacked.group(2)} > {attacked.group(1)}'"
    slip = placed_in(line) or (None if placement_words(line) else placed_backwards(line))
    if slip:
        return f"found {line.strip()!r}, an INF placement, written {slip}"
    if names_infs(line):
        return f"found {line.strip()!r}, an INF placement, written '5: BRE' (the INFs, then the minor state)"
    arrow = _ARROW.match(line)
    if arrow:  # read with '>' alone, 'BRAP =' was a minor state (did you mean BRAP?)
        return f"found {line.strip()!r}, a diplomatic attack, written '{arrow.group(1)} > {arrow.group(2)}'"
    declared = _DECLARED_IN_WORDS.match(line)
    if declared is None or _DECLARATION.match(line):
        return None
    kind = {"ally": "alliance"}.get(declared.group(1).lower(), declared.group(1).lower())
    return f"found {line.strip()!r}, a declaration, written '{kind.upper()}: {declared.group(2)}'"


def _declared_part(part: str, kind: str | None) -> tuple[str, str] | None:
    """A part of a line of several orders as a declaration (``WAR: SPAIN``; ``ENGLAND`` after
    it, a declaration of the same kind) and its kind, or None."""
    declared = _DECLARATION.match(part)
    if declared:
        return f"{declared.group(1).upper()}: {declared.group(2)}", declared.group(1).upper()
    if kind and re.fullmatch(r"[A-Za-z][\w\s'-]*", part) and not placement_words(part):
        return f"{kind}: {part}", kind
    return None


def _infs_elsewhere(line: str) -> str | None:
    """A mailed line that speaks of INFs in no form the reader takes (``INF: 5 LOR``), named as
    the placement it means rather than read as a unit's order; None for any other line. Mail
    only: the Orders sheet's words for an entry are kept as recorded games have them."""
    if not names_infs(line):
        return None
    return f"found {line.strip()!r}, an INF placement, which is mailed in the Diplomatic Phase as '5: BRE'"


def misplaced_entry(role: str, text: str) -> str | None:
    """What an Orders-sheet entry no order can be read from is, when it is another sheet's
    (``Rules.misplaced``): a placement, an attack, a declaration, a purchase, a loan or a
    payment, named with its sheet and phase; None for anything else (the parser's words stand)."""
    found = _form(role, text, orders_sheet=True)
    if found is None:
        return None
    kind, sheet, phase = found
    where = f"which the GM types on {sheet}" if phase is None else f"which is typed on {sheet} in {phase}"
    first = "a unit's order ('A PAR - BUR')" if role in (ORDERS, RETREATS) else "no entry on the Orders sheet this phase"
    return f"{first}: found {text.strip()!r}, {kind}, {where}"


def sheet_form(text: str) -> str:
    """What an entry of one Diplomatic Phase sheet typed on another is, and the sheet that takes
    it (``": '3: BRE' is an INF placement, typed on the INF Placements sheet"``); '' otherwise."""
    found = _form(DIPLOMATIC, text, orders_sheet=True)
    return f": {text.strip()!r} is {found[0]}, typed on {found[1]}" if found else ""


def _form(role: str, line: str, orders_sheet: bool = False) -> tuple[str, str, str | None] | None:
    """(what the line is, the sheet it goes on, the phase that takes it; None for the GM's
    own sheets) when it is in another phase's form, or on the Orders sheet in any sheet's form;
    None otherwise."""
    influence = None if _TRANSFER.match(line) else influence_form(line) or (
        "a declaration" if _DECLARATION.match(line) else None)
    if influence and (role != DIPLOMATIC or orders_sheet):
        sheet = {"an INF placement": "INF Placements", "a diplomatic attack": "Attacks"}.get(influence, "Declarations")
        return influence, f"the {sheet} sheet", "the Diplomatic Phase"
    if _REICHSTAG.match(line):
        return "a Reichstag agenda or vote", "the Reichstag and Reichstag Votes sheets", None
    transfer = _TRANSFER.match(line)
    if transfer:
        if transfer.group(1).lower() in ("lend", "loan", "borrow"):
            return "a loan", "the Loans sheet, once the lender and the borrower have both agreed", None
        return "a payment", "the Payments sheet", None
    bought = _PURCHASE.match(line)
    # a retreat phase's own disbands read as orders, whatever their form
    disbands = role == RETREATS and bought is not None and bought.group(1).lower() == "disband"
    if (role != TRANSACTIONS or orders_sheet) and (bought or _MINOR_BUILD.match(line)) and not disbands:
        return "a purchase", "the Purchases sheet", "the Builds and Transactions Phase"
    if role not in (ORDERS, RETREATS) and _UNIT.match(line) and not orders_sheet:
        return "a unit's order", "the Orders sheet", "a movement or retreat phase"
    return None
