"""A Europe 1619 player's mailed lines as the cells of the game's input sheets.

Diplomatic Phase lines go by their form: ``5: BRE`` to INF Placements, ``BRAP > FRANCE`` to
Attacks, ``WAR: SPAIN`` to Declarations. Builds and Transactions lines (``build A PAR``,
``bolster LYO``, ``build F GEN for GEN``) go to Purchases; ``loans`` to Loans, ``payments``
(repayments, interest) to Payments. Movement and retreat orders go on the Orders sheet.
The demo game (``sheets/demo-europe1619.toml``) is typed in this way.
"""

from __future__ import annotations

import re

from gm_tools.errors import UserError
from gm_tools.systems.europe1619.calendar import DIPLOMATIC, TRANSACTIONS

_PLACEMENT = re.compile(r"^\s*(\d+)\s*:\s*(\S.*?)\s*$")
_DECLARATION = re.compile(r"^\s*(WAR|ALLIANCE|ARMISTICE|DISSOLVE)\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_PURCHASE = re.compile(
    r"^\s*(build|bolster|reduce|disband)\s+(?:([AF])\s+)?(\S+)(?:\s+for\s+(\S+))?\s*$", re.IGNORECASE
)


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
            if role == DIPLOMATIC:
                placed, declared = _PLACEMENT.match(line), _DECLARATION.match(line)
                if placed:
                    put("INF Placements", [power, int(placed.group(1)), placed.group(2)])
                elif declared:
                    put("Declarations", [power, declared.group(1).lower(), declared.group(2)])
                elif ">" in line:
                    put("Attacks", [power, line.strip()])
                else:
                    raise EntryError(f"{where}: [{phase}] {power}: found {line!r}, expected "
                                          "'5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN'")
            elif role == TRANSACTIONS:
                bought = _PURCHASE.match(line)
                if not bought:
                    raise EntryError(f"{where}: [{phase}] {power}: found {line!r}, expected "
                                          "'build A PAR', 'bolster LYO', 'reduce LYO' or 'disband LYO'")
                action, unit, province, minor = bought.groups()
                put("Purchases", [power, action.lower(), unit.upper() if unit else None, province.upper(),
                                  minor.upper() if minor else None])
            else:
                raise EntryError(f"{where}: [{phase}] {power}: phase {phase} takes no sheet entries")
    return cells
