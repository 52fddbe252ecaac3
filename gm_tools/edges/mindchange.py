"""A mailed order that a refused line of the same mail may take back.

A player who changes his mind writes it as he thinks it (``Correction: A PAR - PIC``, ``no
wait, A PAR - PIC``, ``Actually, change A PAR to PIC instead.``). Such a line does not read and
is refused; the order it changes must not be typed as if it had never been written, or the
unit moves where the player no longer wants it. A refused line whose first province named is
the province of a standing order's unit (or build site), and which names another province
after it, is taken for another order for that unit: DATC 4.D.3, a unit given two orders
follows neither, so the standing one is refused too, naming the line. A refused line naming
one province only (a signature ``Ana``, a lone ``Brest``) takes nothing back.
"""

from __future__ import annotations

import re

from gm_tools.engine.model import Order, province_of
from gm_tools.engine.orderselect import order_key
from gm_tools.engine.parser import parse_order
from gm_tools.errors import OrderError

_WORD = re.compile(r"[^\W_]+(?:[-'’.][^\W_]+)*")


def provinces_named(text: str, lookup: dict[str, str]) -> list[str]:
    """The province codes ``text`` names, in order, each by its code, name or alias (the
    longest name first: ``Mid-Atlantic Ocean``, not ``Mid``)."""
    words = [w.lower() for w in _WORD.findall(text)]
    found, k = [], 0
    while k < len(words):
        for n in range(min(4, len(words) - k), 0, -1):
            code = lookup.get(" ".join(words[k:k + n]))
            if code:
                found.append(province_of(code))
                k += n
                break
        else:
            k += 1
    return found


def taken_back(variant, position, rules, power: str, items: list[tuple], unforeseen: dict) -> dict[str, tuple[str, str]]:
    """place -> (why, the unit's province or build site) for each standing order of the power's
    mailed orders that a refused line of them names as its unit's first; why is the words a
    refusal says after "expected ". ``items``: (``OrderEntry``, its record item) each, as
    :func:`.ordercheck.check_orders` made them; ``unforeseen``: the places typed though refused."""
    standing = [(e.cell, e.written) for e, item in items if not item["error"] or item.get("outbid")
                or e.cell in unforeseen]
    refused = [(e.cell, e.written) for e, item in items if item["error"] and not item.get("outbid")
               and e.cell not in unforeseen]
    first: dict[str, tuple[str, str]] = {}
    for place, text in refused:
        named = provinces_named(text, variant.lookup)
        if len(named) > 1:
            first.setdefault(named[0], (place, text))
    out = {}
    for place, text in standing:
        try:
            order = parse_order(text, variant, position, power, rules)
        except OrderError:
            continue
        kind, where = order_key(order) or ("", "")  # a waive occupies nothing
        if where in first:
            other, words = first[where]
            what = str(order.unit) if kind == "unit" else f"a build in {where}"
            out[place] = (f"one order for {what}: {other}, {words!r}, refused, names {where} first, so it may "
                          "change this order; neither is typed (DATC 4.D.3: a unit given two orders follows neither)",
                          where)
    return out


def without(orders: list[Order], held: dict[str, tuple[str, str]]) -> list[Order]:
    """``orders`` but those for the units and build sites of ``held`` (:func:`taken_back`)."""
    gone = {where for _, where in held.values()}
    return [order for order in orders if (order_key(order) or ("", ""))[1] not in gone]


_CHANGE = re.compile(r"\b(correction|corrected|correct|instead|wait|change|changed|actually|scratch|rather|oops|make that|"
                     r"ignore|cancel|replace|forget|statt|anstatt|korrektur|plutôt|plutot|au lieu|invece|anzich[ée])\b",
                     re.IGNORECASE)
"""Words of a player changing his mind on a line of its own (``Correction: 9: BAV instead of WUR``)."""


def rows_taken_back(lookup: dict[str, str], places: list[str], lines: list, kept: list, refused: list,
                    first: int) -> list:
    """``kept`` (a power's mailed rows for the phase's sheets that stand, ``((sheet, values),
    text)`` each) but those a refused line of the same lines (``refused[first:]``, ``(place,
    found, why)`` each) may change: a line with a change of mind's words (``Correction: 9: BAV
    instead of WUR``) naming a province the row names; those are added to ``refused``, naming
    the line, as neither is typed. A unit's order refused without such words takes nothing back:
    it names its provinces for a move, not for the rows."""
    text_at = {place: line.text for place, line in zip(places, lines)}
    changes = [(place, text_at[place], set(provinces_named(text_at[place], lookup)))
               for place, _, _ in refused[first:] if place in text_at and _CHANGE.search(text_at[place])]
    out = []
    for row, text in kept:
        named = set(provinces_named(text, lookup))
        change = next(((place, words, both) for place, words, found in changes if (both := named & found)), None)
        if change is None:
            out.append((row, text))
            continue
        place, words, both = change
        at = next((p for p, line in zip(places, lines) if text.startswith(line.text)), place)
        refused.append((at, repr(text), f"this line or {place}, {words!r}, refused, which names {', '.join(sorted(both))} "
                                        "too and may change it: neither is typed"))
    return out
