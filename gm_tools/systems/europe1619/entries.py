"""A Europe 1619 player's mailed lines as the cells of the game's input sheets.

Diplomatic Phase lines go by their form: ``5: BRE`` to INF Placements, ``BRAP > FRANCE`` to
Attacks, ``WAR: SPAIN`` to Declarations. Builds and Transactions lines (``build A PAR``,
``bolster LYO``, ``build F GEN for GEN``) go to Purchases; ``loans`` to Loans, ``payments``
(repayments, interest) to Payments. Movement and retreat orders go on the Orders sheet.
The demo game (``sheets/demo-europe1619.toml``) is typed in this way.
"""

from __future__ import annotations

import re

from gm_tools.engine.system import MailedRows
from gm_tools.errors import UserError
from gm_tools.engine.hooks import ORDERS as ORDERS_SHEET
from gm_tools.mechanics.influenceorders import influence_form, placement_words
from gm_tools.systems.europe1619.calendar import DIPLOMATIC, ORDERS, RETREATS, TRANSACTIONS

_DECLARATION = re.compile(r"^\s*(WAR|ALLIANCE|ARMISTICE|DISSOLVE)\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_PURCHASE = re.compile(
    r"^\s*(build|bolster|reduce|disband)\s+(?:(?:an?|the)\s+(?=army|fleet))?(?:(A|F|army|fleet)\s+)?(?:(?:in|at)\s+)?"
    r"(\S+(?:\s+(?!for\s)\S+)*?)(?:\s+for\s+(\S+))?\s*$", re.IGNORECASE
)
"""A purchase: ``build A PAR``, ``bolster LYO``, ``build F GEN for GEN``; in words too, ``build an
army in Paris``, ``build fleet at St Petersburg``."""


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
         TRANSACTIONS: "'build A PAR', 'bolster LYO', 'reduce LYO' or 'disband LYO'"}
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
        if ">" in line:
            return "Attacks", [power, line.strip()]
        return None
    bought = _PURCHASE.match(line) if role == TRANSACTIONS else None
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
        elsewhere = [_elsewhere(role, line) for line in lines]
        if not any(elsewhere):
            return None
        return MailedRows((ORDERS_SHEET,), [f"a unit's order: {why}" if why else (ORDERS_SHEET, line)
                                            for why, line in zip(elsewhere, lines)])
    if role not in FORMS:
        return None
    sheets = ("INF Placements", "Attacks", "Declarations") if role == DIPLOMATIC else ("Purchases",)
    rows = []
    for line in lines:
        why = _elsewhere(role, line)
        rows.append(line_row(role, power, line) or f"one of {FORMS[role]}" + (f": {why}" if why else ""))
    return MailedRows(sheets, rows)


_UNIT = re.compile(r"^\s*[AF]\s+\S+", re.IGNORECASE)


def _elsewhere(role: str, line: str) -> str | None:
    """The line named as another phase's, with the phase that takes it; None when it is in no
    other phase's form."""
    if role != DIPLOMATIC and (influence_form(line) or _DECLARATION.match(line)):
        kind = influence_form(line) or "a declaration"
        return f"found {line.strip()!r}, {kind}, which is mailed in the Diplomatic Phase"
    bought = _PURCHASE.match(line)
    # a retreat phase's own disbands read as orders, whatever their form
    if role != TRANSACTIONS and bought and not (role == RETREATS and bought.group(1).lower() == "disband"):
        return f"found {line.strip()!r}, a purchase, which is mailed in the Builds and Transactions Phase"
    if role not in (ORDERS, RETREATS) and _UNIT.match(line):
        return f"found {line.strip()!r}, a unit's order, which is mailed in a movement or retreat phase"
    return None
