"""Errors a user can cause. The CLI prints these as plain messages, never as tracebacks."""

from __future__ import annotations


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

    def __init__(self, order: str, reason: str, suggestion: str | None = None):
        self.order = order
        self.reason = reason
        self.suggestion = suggestion
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


CLIP = 300
"""The most of a found text a message shows: a cell can hold 32,767 characters (a paste gone
wrong), and the GM needs the cell's name and a glimpse, not the page again."""
CLIP_EXPECTED = 700
"""The most of an expected text a message shows: gm-tools' own words, whole as a rule (the
names of every choice a cell takes, which the GM needs to type one), cut only where they
quote a long paste of the GM's."""


def _clip(text: str, most: int) -> str:
    text = str(text)
    return text if len(text) <= most else f"{text[:most - 40]}... ({len(text)} characters in all)"

    def __repr__(self) -> str:
        return f"Problem({str(self)!r})"


class WorkbookError(UserError):
    """A game workbook that cannot be used. ``problems`` lists every problem found in one
    pass, so the GM fixes them all at once; nothing is written when there is any."""

    def __init__(self, path: str, problems: list[Problem]):
        self.path = path
        self.problems = list(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{path}: {len(self.problems)} problem(s), nothing written:\n{lines}")


class GameError(UserError):
    """A game that cannot be created, processed or rolled back as asked (no such game, the
    workbook is open in a spreadsheet program, the game is over...)."""
