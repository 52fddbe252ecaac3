"""Errors a user can cause. The CLI prints these as plain messages, never as tracebacks."""

from __future__ import annotations

import difflib
import re


class UserError(Exception):
    """A mistake in the user's input (a workbook, a request, a command line)."""


class VariantDataError(UserError):
    """A variant's data files are wrong. ``problems`` lists every problem found, each
    naming its file and entry, so a map maker fixes them all in one pass."""

    def __init__(self, variant: str, problems: list[str]):
        self.variant = variant
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"variant {variant!r} has {len(self.problems)} problem(s):\n{lines}")


class UnknownVariantError(UserError):
    """No variant of that name or alias."""


class OrderError(UserError):
    """An order that cannot be used. ``order`` is the text as written."""

    kind = "error"
    shown: str | None = None
    """The reason in the words the GM is shown (a workbook's error, a mail's refusal) where they
    differ from ``reason``, the words a ``--lenient`` turn records, which never change (records
    replay byte for byte): a refused build's free build sites."""

    def __init__(self, order: str, reason: str, suggestion: str | None = None, shown: str | None = None):
        self.order = order
        self.reason = reason
        self.suggestion = suggestion
        self.shown = shown
        text = f"{self.kind} order {order!r}: {reason}"
        if suggestion:
            text += f" (did you mean {suggestion}?)"
        super().__init__(text)


class OrderSyntaxError(OrderError):
    """The order cannot be read at all."""

    kind = "unreadable"


class IllegalOrderError(OrderError):
    """The order reads, but cannot be carried out: no such unit, not adjacent, fleet inland..."""

    kind = "illegal"
    owner: str | None = None
    """When the ordered unit is not the ordering power's: whose it is (a commander's reading
    of the order in that owner's name gives the real reason, if any)."""


class AmbiguousOrderError(OrderError):
    """The order reads in more than one way: a fleet move without the coast it needs."""

    kind = "ambiguous"


EMPTY_CELL = "an empty cell"
"""A Problem's ``found`` for a cell left empty, in every sheet's messages alike: ``found an empty
cell, expected ...`` (never "nothing", which a GM may have typed)."""


class Problem:
    """One thing wrong in a workbook: where it is, what was found, what was expected."""

    def __init__(self, sheet: str, cell: str, found: str, expected: str):
        self.sheet = sheet
        """Sheet name: ``"Orders"``."""
        self.cell = cell
        """Cell reference on that sheet (``"C7"``), or empty for the sheet as a whole."""
        self.found = found
        """What is there, as the GM typed it."""
        self.expected = expected
        """What should be there, in words: ``"a province (did you mean PAR?)"``."""

    def __str__(self) -> str:
        where = f"{self.sheet}!{self.cell}" if self.cell else (self.sheet or "the file")
        return f"{where}: found {_clip(self.found, CLIP)}, expected {_clip(self.expected, CLIP_EXPECTED)}"

    def __repr__(self) -> str:
        return f"Problem({str(self)!r})"


class WholeSheetProblem(Problem):
    """A problem of a sheet's rows read together, named at the cell that mends it: a
    deployment list's total past the INFs the power has, a second attack of one power. No row
    of it is an order on its own to drop, so ``turn --lenient`` stops on it as a strict turn
    does (:mod:`gm_tools.app.entrychecks`)."""


class UnreadCell(Problem):
    """A cell that only does not read: on a phase's input sheet, a value that is not what its
    column takes (none of its choices, no whole number); anywhere, a formula or an error value
    where a value is typed, or an entry beside the columns a sheet reads; on the sheets no mail
    writes, the Game sheet's Seed or players' list and the Press sheet's lines. One slip in one cell, which stops a turn as any problem does,
    but not ``gm-tools orders``, which types every mail around it and leaves the cell as it is
    unless a mail replaces it (:mod:`gm_tools.app.mailworkbook`)."""

    def __init__(self, sheet: str, cell: str, found: str, expected: str, raw=None):
        super().__init__(sheet, cell, found, expected)
        self.raw = raw
        """The cell's value as read, kept where the mails are typed around it."""


CLIP = 300
"""The most of a found text a message shows: a cell can hold 32,767 characters (a paste gone
wrong), and the GM needs the cell's name and a glimpse, not the page again."""
CLIP_EXPECTED = 700
"""The most of an expected text a message shows: gm-tools' own words, whole as a rule (the
names of every choice a cell takes, which the GM needs to type one), cut only where they
quote a long paste of the GM's."""


def did_you_mean(text: str, spelled: dict[str, str]) -> str:
    """``"did you mean FRANCE?"`` for a slip of the keys (``Frnace``) among ``spelled``
    (lower-case spelling -> the choice it names), or ``""`` when nothing is that near: a list
    of choices alone leaves the GM to spot his own typo. The one choice holding every word typed
    comes first: 'Swedish intervention' is 'Swedish/Gustav's intervention', though 'Polish
    intervention' is nearer letter by letter."""
    typed = set(re.findall(r"\w+", text.casefold()))
    holding = {spelled[k] for k in spelled if len(typed) > 1 and typed <= set(re.findall(r"\w+", k.casefold()))}
    if len(holding) == 1:
        return f"did you mean {holding.pop()}?"
    near = difflib.get_close_matches(text.casefold(), list(spelled), n=1, cutoff=0.75)
    return f"did you mean {spelled[near[0]]}?" if near else ""


def quoted(text: str, most: int = CLIP) -> str:
    """A found text quoted as Python writes it (``'A PAR - BUR'``), cut as :func:`_clip` cuts
    it: a mailed file's line can be thousands of characters (a binary file sent as a mail), and
    a report needs its place and a glimpse."""
    text = str(text)
    written = repr(text)  # each control character four: a binary file's line grows fourfold
    return written if len(written) <= most else f"{written[:most - 40]}... ({len(text)} characters in all)"


def clipped(text: str, most: int = CLIP) -> str:
    """A found text as a report shows it, cut past ``most`` characters (:data:`CLIP`)."""
    return _clip(text, most)


def _clip(text: str, most: int) -> str:
    text = str(text)
    return text if len(text) <= most else f"{text[:most - 40]}... ({len(text)} characters in all)"


_CELL = re.compile(r"\$?([A-Za-z]*)\$?(\d*)")


def _row_and_column(cell: str) -> tuple[int, int]:
    """Where a problem's cell (``"C7"``, a range ``"A5:C6"``, a header row ``"1:1"``, a
    column ``"A:A"``) starts: (row, column), 0 for the sheet as a whole, so the sheet's own
    problems come before its rows'."""
    letters, digits = _CELL.match(cell.strip()).groups()
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(digits or 0), column


def in_workbook_order(problems: list[Problem], sheets=()) -> list[Problem]:
    """``problems`` as the GM reads the workbook: the file's own first, then by sheet (in
    ``sheets``' order, the workbook's; a sheet not in it, such as one missing, after those, in
    the order the checks first named it), then row, then column. The checks run in passes (the
    cells read, then the orders, then what the orders do together), so their own order jumps
    back and forth in a sheet. The problems of one cell keep the order they were found in."""
    place = {name.casefold(): i for i, name in enumerate(sheets)}
    for p in problems:
        place.setdefault(p.sheet.casefold(), len(place))
    return sorted(problems, key=lambda p: (bool(p.sheet), place[p.sheet.casefold()], _row_and_column(p.cell)))


class WorkbookError(UserError):
    """A game workbook that cannot be used. ``problems`` lists every problem found in one
    pass, so the GM fixes them all at once; nothing is written when there is any. They are
    listed in the workbook's order (:func:`in_workbook_order`; ``sheets``: the workbook's
    sheet names in order)."""

    def __init__(self, path: str, problems: list[Problem], sheets=()):
        self.path = path
        self.problems = in_workbook_order(list(problems), sheets)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{path}: {len(self.problems)} problem(s), nothing written:\n{lines}")


class GameError(UserError):
    """A game that cannot be created, processed or rolled back as asked (no such game, the
    workbook is open in a spreadsheet program, the game is over...)."""
