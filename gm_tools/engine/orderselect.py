"""Choosing each unit's order from the candidates entered for it.

Between checking and adjudication, every order that was read and is legal is a
*candidate*: the order, and the power that entered it (its sheet block or its mail). Usually
a unit has one candidate, from its owner or from the power that commands it
(``Rules.commanded``: Europe 1619's aligned minors, Centenary's vassals). Which candidate
stands is the rules' hook ``Rules.select_orders``, so a variant where several powers enter
orders for the same unit (an order backed by the most INFs, a bribe auction) changes one
hook, not the parser, the order checks or the adjudicator.

The standard choice is :func:`one_order_per_unit`: two orders for one unit (or two builds
in one site) and the player's intent is unknown, so neither stands and the unit holds (DATC
4.D.3, choice c).
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.model import Build, Order, Waive, province_of

DUPLICATE = "duplicate"
"""Refusal code: another candidate claims the same unit or build site."""
OUTBID = "outbid"
"""Refusal code: another candidate for the unit was chosen by the variant's rule."""


@dataclass(frozen=True)
class Candidate:
    """One order entered for a unit (or a build site), read and legal on its own."""

    index: int
    """Its place among the phase's entries, so the caller can find its cell or mail line."""
    entered_by: str
    """The power that entered it (its sheet block or mail)."""
    order: Order
    """The order as read, in the name of the unit's owner."""


@dataclass(frozen=True)
class Refusal:
    """Why a candidate does not stand."""

    code: str
    """What kind of refusal: :data:`DUPLICATE`, :data:`OUTBID` or a variant's own code."""
    other: int | None = None
    """The index of the candidate it conflicts with or lost to, if one."""
    reason: str = ""
    """A variant's words for a refusal of its own (the standard codes are worded by the
    caller, which knows the cells)."""


def order_key(order: Order) -> tuple[str, str] | None:
    """What one order occupies: a unit (one order each) or a build site (one build each);
    None for a waive, which occupies nothing."""
    if isinstance(order, Build):
        return ("site", province_of(order.location))
    if isinstance(order, Waive):
        return None
    return ("unit", order.unit.province)


def one_order_per_unit(candidates: list[Candidate]) -> dict[int, Refusal]:
    """The standard choice: a unit or build site with two or more candidates gets none
    (DATC 4.D.3, choice c: the unit holds). Each refused candidate names the first other
    candidate it conflicts with; the first names the second."""
    by_key: dict[tuple[str, str], list[Candidate]] = {}
    for candidate in candidates:
        key = order_key(candidate.order)
        if key is not None:
            by_key.setdefault(key, []).append(candidate)
    refused: dict[int, Refusal] = {}
    for group in by_key.values():
        if len(group) < 2:
            continue
        first = group[0]
        refused[first.index] = Refusal(DUPLICATE, other=group[1].index)
        for candidate in group[1:]:
            refused[candidate.index] = Refusal(DUPLICATE, other=first.index)
    return refused
