"""The Addresses sheet: each player's e-mail addresses, kept by the GM and never published.

A Player cell of the Game sheet is recorded and published (``docs/site.md``), so an address
typed there would be public for good; the addresses go on this sheet instead. It is a sheet
of the GM's own (:mod:`gm_tools.edges.gmsheets`): read as typed and carried to every next
phase's workbook, never into a record, the site, an export or JSON. gm-tools lays it out
(``new-game``, and the next workbook of one laid out before the sheet existed) and
``gm-tools orders`` reads it to check a mail's sender (:mod:`gm_tools.app.mailgame`).

Row 1 is the header, then one row per power: Power (its code or name), Player (the GM's
reminder, not read) and E-mail (one address or several, separated by commas or semicolons).
"""

from __future__ import annotations

import re

from gm_tools.edges.gmsheets import GmSheet
from gm_tools.edges.sheetnames import folded
from gm_tools.edges.strays import cell_text
from gm_tools.errors import Problem, WorkbookError

ADDRESSES = "Addresses"
HEADER = ("Power", "Player", "E-mail")
_EXPECTED_ADDRESS = ("an e-mail address (name@example.org), or several separated by commas, "
                     "or an empty cell (the power's mail is then not checked)")


def laid_out(variant, players: dict[str, str], after: str) -> GmSheet:
    """The sheet as gm-tools lays it out: its header, and a row for each played power with its
    player's name, the E-mail cells empty; placed after sheet ``after``."""
    from openpyxl.styles import Alignment, Border, Font, PatternFill  # a workbook is being written

    bold = (Font(bold=True), PatternFill("solid", fgColor="DDDDDD"), Border(), Alignment(), None, None)
    cells = [(f"{col}1", text, "s", "General", bold) for col, text in zip("ABC", HEADER)]
    played = [code for code, power in variant.powers.items() if power.playable]
    for row, code in enumerate(played, start=2):
        cells.append((f"A{row}", variant.powers[code].name, "s", "General", None))
        if players.get(code):
            cells.append((f"B{row}", players[code], "s", "General", None))
    return GmSheet(ADDRESSES, tuple(cells), (("A", 18.0), ("B", 22.0), ("C", 48.0)), after=after, freeze="A2")


def with_addresses(sheets: list[GmSheet], laid: GmSheet) -> list[GmSheet]:
    """The GM's sheets to carry, with the Addresses sheet ``laid`` added when none is among
    them (a workbook laid out before the sheet existed, or the GM deleted it)."""
    if any(folded(s.title) == folded(ADDRESSES) for s in sheets):
        return sheets
    return sheets + [laid]


def read_addresses(wb, variant, where: str) -> dict[str, set[str]]:
    """Power code -> its addresses (lower case) as typed on the Addresses sheet of openpyxl
    workbook ``wb``; {} when it has no such sheet (laid out before it existed). A cell that is
    no address, or a power that is none of the game's, raises a WorkbookError naming it."""
    from gm_tools.edges.workbook import power_lookup  # workbook imports gmsheets, which this imports

    title = next((t for t in wb.sheetnames if folded(t) == folded(ADDRESSES)), None)
    if title is None:
        return {}
    names, found, problems = power_lookup(variant), {}, []
    for row in wb[title].iter_rows(min_row=2, max_col=3):
        power, mail = cell_text(row[0].value), cell_text(row[2].value) if len(row) > 2 else ""
        if not mail:
            continue
        code = names.get(" ".join(power.split()).lower())
        if code is None:
            problems.append(Problem(title, row[0].coordinate, repr(power) if power else "an empty cell",
                                    f"a power of {variant.name} ({', '.join(variant.powers)}) for the addresses "
                                    f"in {row[2].coordinate}"))
            continue
        for address in (a.strip() for a in re.split(r"[,;]", mail)):
            if address and not re.fullmatch(r"[^@\s<>]+@[^@\s<>]+", address):
                problems.append(Problem(title, row[2].coordinate, repr(address), _EXPECTED_ADDRESS))
            elif address:
                found.setdefault(code, set()).add(address.lower())
    if problems:
        raise WorkbookError(where, problems, wb.sheetnames)
    return found
