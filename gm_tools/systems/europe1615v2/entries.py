"""A Europe 1615 (version 2) demo file's lines as the cells of the game's sheets.

In the Political and Religious Influence Phase a power's lines are INF placements
(``9: SAX``, ``5: FRANCE`` for France's home box) and attack orders (``0: RHI > FRANCE``: the
order's number, then the minor state or home box and the target). Lines of the other phases
are unit orders for the Orders sheet.
"""

from __future__ import annotations

import re

from gm_tools.errors import UserError
from gm_tools.systems.europe1615v2.calendar import INFLUENCE, phase_role
from gm_tools.systems.europe1615v2.sheets import ATTACKS, PLACEMENTS

_PLACEMENT = re.compile(r"^\s*(\d+)\s*:\s*([^>]+?)\s*$")
_ATTACK = re.compile(r"^\s*(\d)\s*:\s*(\S+)\s*>\s*(\S+)\s*$")


def sheet_cells(variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
    if phase_role(variant, phase) != INFLUENCE:
        return None
    cells: dict[str, object] = {}
    rows = {PLACEMENTS: 2, ATTACKS: 2}
    for power, lines in entry.items():
        for line in lines:
            attack, placed = _ATTACK.match(line), _PLACEMENT.match(line)
            if attack:
                sheet, values = ATTACKS, [power, int(attack.group(1)), attack.group(2), attack.group(3)]
            elif placed:
                sheet, values = PLACEMENTS, [power, int(placed.group(1)), placed.group(2)]
            else:
                raise UserError(f"{where} [{phase}] {power}: {line!r}, expected a placement '9: SAX' or an "
                                "attack '0: RHI > FRANCE'")
            for column, value in zip("ABCD", values):
                cells[f"{sheet}!{column}{rows[sheet]}"] = value
            rows[sheet] += 1
    return cells
