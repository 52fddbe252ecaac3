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


class AmbiguousOrderError(OrderError):
    """The order reads in more than one way: a fleet move without the coast it needs."""

    kind = "ambiguous"
