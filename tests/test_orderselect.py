"""Choosing each unit's order from its candidates (gm_tools/engine/orderselect.py): the
standard rule, and a variant's own choice through the ``select_orders`` hook, run through
the real order checks (gm_tools/edges/ordercheck.py) and the real adjudicator."""

from __future__ import annotations

from collections import Counter

from gm_tools.edges.ordercheck import check_orders
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook import OrderEntry
from gm_tools.engine.model import Build, Hold, Move, Unit, Waive
from gm_tools.engine.orderselect import DUPLICATE, OUTBID, Candidate, Refusal, one_order_per_unit
from gm_tools.engine.rules import Rules
from gm_tools.engine.adjudicator import adjudicate_movement
from gm_tools.app.turn import start_position
from gm_tools.engine.variant import Variant

STANDARD = load_variant("standard")
START = start_position(STANDARD)


def test_two_orders_for_one_unit_and_neither_stands():
    # DATC 4.D.3 (several orders for one unit), choice c: the unit holds.
    par = Unit("FRANCE", "A", "PAR")
    c = [Candidate(0, "FRANCE", Hold("FRANCE", par)), Candidate(1, "FRANCE", Move("FRANCE", par, "BUR")),
         Candidate(2, "FRANCE", Hold("FRANCE", Unit("FRANCE", "A", "MAR")))]
    assert one_order_per_unit(c) == {0: Refusal(DUPLICATE, other=1), 1: Refusal(DUPLICATE, other=0)}


def test_two_builds_in_one_site_conflict_and_waives_never_do():
    c = [Candidate(0, "FRANCE", Build("FRANCE", "A", "PAR")), Candidate(1, "FRANCE", Build("FRANCE", "F", "PAR")),
         Candidate(2, "FRANCE", Waive("FRANCE")), Candidate(3, "FRANCE", Waive("FRANCE"))]
    assert set(one_order_per_unit(c)) == {0, 1}


def test_the_workbook_check_words_a_duplicate_with_both_cells():
    entries = [OrderEntry("FRANCE", "Orders!C5", "A PAR - BUR", "A PAR"),
               OrderEntry("FRANCE", "Orders!C8", "A PAR H", None)]
    checked = check_orders(STANDARD, START, Rules(), entries, lenient=False)
    assert [(p.cell, p.expected) for p in checked.problems] == [
        ("C5", "one order for A PAR, which also has 'A PAR H' at Orders!C8"),
        ("C8", "one order for A PAR, which already has 'A PAR - BUR' at Orders!C5"),
    ]


class VoteRules(Rules):
    """A toy variant: any power may enter an order for any unit; the order entered by the
    most powers stands (a tie: the owner's)."""

    name = "vote"

    def commanded(self, variant: Variant, position, power: str) -> tuple[str, ...]:
        return tuple(p for p in variant.powers if p != power)

    def select_orders(self, variant, position, candidates):
        refused = {}
        by_unit: dict[str, list[Candidate]] = {}
        for c in candidates:
            by_unit.setdefault(c.order.unit.province, []).append(c)
        for group in by_unit.values():
            votes = Counter(type(c.order).__name__ + str(getattr(c.order, "dest", "")) for c in group)
            def score(c):
                key = type(c.order).__name__ + str(getattr(c.order, "dest", ""))
                return (votes[key], c.entered_by == c.order.unit.power)
            winner = max(group, key=score)
            for c in group:
                if c is winner:
                    continue
                same = score(c)[0] == score(winner)[0] and c.order.__class__ is winner.order.__class__
                why = "the same order stands" if same else f"outvoted {score(winner)[0]} to {score(c)[0]}"
                refused[c.index] = Refusal(OUTBID, other=winner.index, reason=why)
        return refused


def test_a_variant_chooses_among_several_powers_orders_without_touching_the_parser():
    rules = VoteRules()
    entries = [OrderEntry("GERMANY", "Orders!C20", "A MUN H", "A MUN"),
               OrderEntry("FRANCE", "Orders!C6", "A MUN - BUR", None),
               OrderEntry("ITALY", "Orders!C30", "A MUN - BUR", None)]
    checked = check_orders(STANDARD, START, rules, entries, lenient=True)
    assert checked.problems == []
    stood = [o for orders in checked.orders.values() for o in orders]
    assert len(stood) == 1 and isinstance(stood[0], Move) and stood[0].dest == "BUR"
    assert stood[0].power == "GERMANY"  # read in the owner's name, as the adjudicator checks it
    # The orders the vote did not choose are no mistakes: kept in the record, neither problems
    # nor invalid orders.
    assert checked.invalid == []
    assert [(i["cell"], i["error"]) for items in checked.record.values() for i in items if i.get("outbid")] == \
        [("Orders!C20", "outvoted 2 to 1"), ("Orders!C30", "the same order stands")]
    outcome = adjudicate_movement(STANDARD, START, stood, rules, parsed=True)
    assert [(r.order, r.result) for r in outcome.results if r.power == "GERMANY" and "MUN" in r.order] == \
        [("A MUN - BUR", "succeeds")]


def test_the_standard_rules_refuse_what_the_vote_accepts():
    # Without the hook the same entries are refused: a power orders only its own units.
    entries = [OrderEntry("FRANCE", "Orders!C6", "A MUN - BUR", None)]
    checked = check_orders(STANDARD, START, Rules(), entries, lenient=False)
    assert [p.cell for p in checked.problems] == ["C6"]
    assert "German" in checked.problems[0].expected
