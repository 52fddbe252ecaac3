"""The Addresses sheet: each player's e-mail addresses, kept by the GM and never published.

A Player cell of the Game sheet is recorded and published (``docs/site.md``), so an address
typed there would be public for good; the addresses go on this sheet instead. It is a sheet
of the GM's own (:mod:`gm_tools.edges.gmsheets`): read as typed and carried to every next
phase's workbook, never into a record, the site, an export or JSON. gm-tools lays it out
(``new-game``, and the next workbook of one laid out before the sheet existed) and
``gm-tools orders`` reads it to check a mail's sender (:mod:`gm_tools.app.mailgame`); a turn,
its dry run and ``status`` read it the same way, so a mistake there is named before a mail is.

Row 1 is the header, then one row per power: Power (its code or name), Player (the GM's
reminder, not read) and E-mail (one address or several, separated by commas, semicolons or
line breaks, each as typed or as a mail program writes it, ``Ann <ann@example.org>``).
"""

from __future__ import annotations

import re

from gm_tools.edges.gmsheets import GmSheet
from gm_tools.edges.sheetnames import folded
from gm_tools.edges.strays import cell_text
from gm_tools.errors import Problem, WorkbookError

ADDRESSES = "Addresses"
GM = "GM"
"""The Power of the GM's own row: his mail is typed for any power (a player's orders he sends on)."""
HEADER = ("Power", "Player", "E-mail")
_EXPECTED_ADDRESS = ("an e-mail address (name@example.org), alone or after a name (Ann <ann@example.org>), or "
                     "several separated by commas, semicolons or lines of their own, or an empty cell (the power's "
                     "mail is then not checked)")
_ONE_ROW = ("each power on one row, its addresses in one E-mail cell separated by commas (a replaced player's "
            "addresses typed over)")
_QUOTED_SAFE_SPLIT = re.compile(r'[,;\n](?=(?:[^"]*"[^"]*")*[^"]*$)')
"""A cell's separators, a comma within a quoted name (``"Jansen, Ann" <ann@example.org>``) not one."""


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
    workbook ``wb``; {} when it has no such sheet (laid out before it existed). A problem of
    :func:`addresses_of` raises a WorkbookError naming it."""
    found, problems = addresses_of(*sheet_rows(wb), variant)
    if problems:
        raise WorkbookError(where, problems, wb.sheetnames)
    return found


def sheet_rows(wb) -> tuple[str, list]:
    """(The Addresses sheet's title, its rows below the header: (row number, Power, Player,
    E-mail) each) of openpyxl workbook ``wb``; no rows when it has no such sheet."""
    title = next((t for t in wb.sheetnames if folded(t) == folded(ADDRESSES)), ADDRESSES)
    if title not in wb.sheetnames:
        return title, []
    return title, [(row[0].row, *(c.value for c in row)) for row in wb[title].iter_rows(min_row=2, max_col=3)]


def gm_rows(gm_sheets: list[GmSheet]) -> tuple[str, list]:
    """:func:`sheet_rows` of the GM's sheets as a turn read them."""
    sheet = next((s for s in gm_sheets if folded(s.title) == folded(ADDRESSES)), None)
    if sheet is None:
        return ADDRESSES, []
    values = {ref: value for ref, value, *_ in sheet.cells}
    numbers = sorted({int(re.sub(r"\D", "", ref)) for ref in values} - {1})
    return sheet.title, [(n, *(values.get(f"{col}{n}") for col in "ABC")) for n in numbers]


def address_problems(gm_sheets: list[GmSheet], variant) -> list[Problem]:
    """The problems of the Addresses sheet among the GM's sheets as a turn read them (the same
    reading as ``orders``'): a turn, its dry run and ``status`` name them as any workbook error."""
    return addresses_of(*gm_rows(gm_sheets), variant)[1]


def players_replaced(title: str, rows, players: dict[str, str], variant) -> list[str]:
    """A warning for each row with addresses whose Player names another player than the Game
    sheet's ``players`` (neither name part of the other): a player replaced on the Game sheet
    whose addresses are left would still have his mail typed, and his successor's refused."""
    from gm_tools.edges.workbook import power_lookup  # workbook imports gmsheets, which this imports

    names, said = power_lookup(variant), []
    for number, power, player, mail in rows:
        code = names.get(" ".join(cell_text(power).split()).lower())
        was, now = " ".join(cell_text(player).split()), " ".join((players.get(code) or "").split())
        if code and cell_text(mail) and was and now and was.casefold() not in now.casefold() \
                and now.casefold() not in was.casefold():
            said.append(f"{title}!B{number} names {was} as {variant.powers[code].name}'s player, the Game sheet {now}: "
                        f"the addresses in {title}!C{number} may be {was}'s, and let his mail through, not {now}'s "
                        f"(a replaced player's addresses are typed over with his successor's, and his name)")
    return said


def addresses_of(title: str, rows, variant) -> tuple[dict[str, set[str]], list[Problem]]:
    """(Power code -> its addresses, lower case; the problems) of sheet ``title``'s ``rows``,
    (row number, Power, Player and E-mail cells' values) each. A problem: a cell that is no
    address, an address in the Player column, addresses on a row naming no power of the game, or on a second row of one power
    (a replaced player's row left above his successor's would let the old address through)."""
    from gm_tools.edges.workbook import power_lookup  # workbook imports gmsheets, which this imports

    names, found, problems, first = power_lookup(variant), {}, [], {}
    for number, power, player, mail in rows:
        power, player, mail = cell_text(power), cell_text(player), cell_text(mail)
        if "@" in player and any(_address(p.strip()) for p in _QUOTED_SAFE_SPLIT.split(player)):
            # the GM would think the power's mail checked, and it is not
            problems.append(Problem(title, f"B{number}", f"{player!r}, an e-mail address in the Player column",
                                    f"the player's name (a reminder, not read); the power's addresses go in "
                                    f"{title}!C{number}"))
        if not mail:
            continue
        code = names.get(" ".join(power.split()).lower()) or (GM if power.strip().upper() == GM else None)
        if code is None:
            problems.append(Problem(title, f"A{number}", repr(power) if power else "an empty cell",
                                    f"a power of {variant.name} ({', '.join(variant.powers)}) for the addresses "
                                    f"in C{number}, or GM for the GM's own"))
            continue
        if code in first:
            named = variant.powers[code].name if code != GM else GM
            problems.append(Problem(title, f"A{number}", f"{power!r}, {named}'s second row with addresses (the first "
                                    f"is row {first[code]})", _ONE_ROW))
            continue
        first[code] = number
        for part in _QUOTED_SAFE_SPLIT.split(mail):
            address = _address(part.strip())
            if address is None:
                many = part.count("@")
                problems.append(Problem(title, f"C{number}", repr(part.strip()) + (
                    f", {many} addresses with no comma between them" if many > 1 else ""), _EXPECTED_ADDRESS))
            elif address:
                found.setdefault(code, set()).add(address.lower())
    return found, problems


def _address(part: str) -> str | None:
    """The address in one of a cell's parts: ``ann@example.org``, ``Ann <ann@example.org>`` or
    ``"Jansen, Ann" <ann@example.org>`` as a mail program writes it, ``mailto:ann@example.org``
    as a link copies; "" for an empty part, None for one that is no address."""
    named = re.fullmatch(r'(?:"[^"]*"|[^"<>@]*)\s*<([^<>]*)>', part)
    address = re.sub(r"(?i)^mailto:", "", named.group(1).strip() if named else part)
    # "Ann <>" or "mailto:" alone is a part whose address was left out, not an empty part
    if not part or re.fullmatch(r"[^@\s<>\"]+@[^@\s<>\"]+", address):
        return address
    return None
