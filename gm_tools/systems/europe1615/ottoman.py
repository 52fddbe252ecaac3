"""The Ottoman units: every power may order them, and the order with the most influence behind
it is followed.

Rulebook: ``000_cc215928c2f3193e.txt``, 'The Ottomans': 'Each player may submit orders to
these units, but which order is followed depends on the influential 'weight' for the year. For
example, if Spain submits SER-BOS, and France submits SER-hold, then Spain's order will be
followed since Spain has the most influence (37 versus 35 INFs in the first year). However, if
France and Austria both submit SER-hold versus Spain's SER-BOS, then the hold order will be
followed since combined French and Austrian influence (68 INFs) outweigh the Spanish
influence. In case of ties, units hold by default. Adjudication will only show the result, not
what players have submitted.'

The weight of a power is the INFs it received for the year (``State.year_infs``); powers that
submit the same order add their weights. A power that submits two different orders for one
Ottoman unit has neither counted (its intent is unknown, as DATC 4.D.3 reads two orders for one
unit). Secrecy: the refusals name no power and no order, and :meth:`Rules.secret_orders` keeps
the entries off the published pages.
"""

from __future__ import annotations

from gm_tools.engine.model import Build, Disband, order_text
from gm_tools.engine.orderselect import DUPLICATE, OUTBID, Candidate, Refusal, one_order_per_unit, order_key
from gm_tools.engine.phase import ADJUSTMENT, parse_phase

OUTVOTED = ("not followed: another order for this Ottoman unit had more of the year's influence behind it "
            "('which order is followed depends on the influential weight for the year')")
TIED = "not followed: orders with equal influence behind them ('In case of ties, units hold by default')"
OUTVOTED_ADJUSTMENT = ("not followed: the Ottoman {what} due went to those with more of the year's influence behind "
                       "them ('which order is followed depends on the influential weight for the year')")
TWICE = "two different orders for one Ottoman unit from one power: neither counts"


def weights(year_infs: dict[str, int], votes: dict[str, set[str]]) -> dict[str, int]:
    """Order text -> the summed yearly INFs of the powers that submitted it."""
    return {text: sum(year_infs.get(p, 0) for p in powers) for text, powers in votes.items()}


def select(view, candidates: list[Candidate]) -> dict[int, Refusal]:
    """The rules' ``select_orders``: the standard choice for every unit but the Ottomans',
    the vote for theirs."""
    ottoman = view.setup.ottoman
    plain = [c for c in candidates if c.order.power != ottoman]
    refused = one_order_per_unit(plain)
    by_unit: dict[tuple, list[Candidate]] = {}
    for c in candidates:
        if c.order.power == ottoman and order_key(c.order) is not None:
            by_unit.setdefault(order_key(c.order), []).append(c)
    for group in by_unit.values():
        refused.update(_vote(view.state.year_infs, group))
    if parse_phase(view.position.phase).type == ADJUSTMENT:
        refused.update(_adjustment_vote(view, [c for c in candidates if c.order.power == ottoman], refused))
    return refused


SAME = "the same order, counted with the one followed"


def _vote(year_infs: dict[str, int], group: list[Candidate]) -> dict[int, Refusal]:
    refused: dict[int, Refusal] = {}
    texts_by_power: dict[str, set[str]] = {}
    for c in group:
        texts_by_power.setdefault(c.entered_by, set()).add(order_text(c.order))
    split = {p for p, texts in texts_by_power.items() if len(texts) > 1}
    for c in group:
        if c.entered_by in split:
            refused[c.index] = Refusal(DUPLICATE, reason=TWICE)
    counted = [c for c in group if c.index not in refused]
    votes: dict[str, set[str]] = {}
    for c in counted:
        votes.setdefault(order_text(c.order), set()).add(c.entered_by)
    if not votes:
        return refused
    weight = weights(year_infs, votes)
    best = max(weight.values())
    winners = [t for t, w in weight.items() if w == best]
    if len(winners) > 1:
        for c in counted:
            refused[c.index] = Refusal(OUTBID, reason=TIED)
        return refused
    # The first candidate with the winning text stands; the others with it are the same order.
    chosen = next(c for c in counted if order_text(c.order) == winners[0])
    for c in counted:
        if c is not chosen:
            same = order_text(c.order) == winners[0]
            refused[c.index] = Refusal(OUTBID, other=chosen.index,
                                       reason=SAME if same else OUTVOTED)
    return refused


def _adjustment_vote(view, group: list[Candidate], refused: dict[int, Refusal]) -> dict[int, Refusal]:
    """The builds or removals due, when the powers' votes name more of them than are due: each
    unit's (or site's) vote is one order, and the heaviest are followed, as a movement phase's
    vote follows the heaviest order for a unit. A tie at the last place due follows none of the
    tied, the adjustment left to civil disorder ('In case of ties, units hold by default'). One
    power naming more than are due is its own slip: left for the count check to name."""
    ottoman = view.setup.ottoman
    units = sum(u.power == ottoman for u in view.position.units.values())
    centers = sum(owner == ottoman for owner in view.position.centers.values())
    due = abs(units - centers)
    kind = Disband if units > centers else Build
    group = [c for c in group if isinstance(c.order, kind)]
    by_power: dict[str, set[str]] = {}
    for c in group:
        by_power.setdefault(c.entered_by, set()).add(order_text(c.order))
    chosen = [c for c in group if c.index not in refused]
    if not due or len(chosen) <= due or max(len(texts) for texts in by_power.values()) > due:
        return {}
    votes: dict[str, set[str]] = {}
    for c in group:
        if c.index not in refused or refused[c.index].reason == SAME:
            votes.setdefault(order_text(c.order), set()).add(c.entered_by)
    weight = weights(view.state.year_infs, votes)
    ranked = sorted(chosen, key=lambda c: -weight[order_text(c.order)])
    floor = weight[order_text(ranked[due - 1].order)]
    above = [c for c in ranked if weight[order_text(c.order)] > floor]
    tied = [c for c in ranked if weight[order_text(c.order)] == floor]
    followed = above + tied if len(above) + len(tied) <= due else above
    outvoted = OUTVOTED_ADJUSTMENT.format(what="removals" if kind is Disband else "builds")
    return {c.index: Refusal(OUTBID, reason=TIED if c in tied else outvoted) for c in chosen if c not in followed}
