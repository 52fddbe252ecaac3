"""The Classic Payola bribe auction (issue 14 item 3), a rule module any variant can turn on.

Sources: ``../shared/reference/payola-classic.md`` (the Payola rules, 'Payola Classic', and
DPjudge's behaviour, summarised) and ``001_6f4a9c76b6e5774a.txt`` (Europe 1615 v2), '4
SUBMISSIONS OF REFERENCE LISTS'. Each test quotes the summary's words.
"""

from __future__ import annotations

from gm_tools.mechanics.payola import Offer, auction, with_implicit_holds


def hold(unit: str) -> str:
    return f"A {unit} H"


TREASURY = {"FRANCE": 20, "SPAIN": 20, "ENGLAND": 20, "AUSTRIA": 20}
OWNERS = {"PAR": "FRANCE", "MAD": "SPAIN", "WUR": "WUR"}
LISTS = {"FRANCE": ("FRANCE", "SPAIN", "ENGLAND"), "SPAIN": ("SPAIN", "FRANCE"),
         # 'The reference list for the minor states is based on the following order: Austria,
         # Denmark/Sweden, England, France, and Spain.'
         "WUR": ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")}


def test_the_highest_total_is_the_order():
    """'Add all money offered for each distinct order of the unit. The highest total is the
    order.' Two bribers backing the same order add up."""
    offers = [Offer("FRANCE", "WUR", "A WUR - BAV", 5), Offer("SPAIN", "WUR", "A WUR S A MUN", 4),
              Offer("ENGLAND", "WUR", "A WUR S A MUN", 3)]
    done = auction(offers, {"WUR": "WUR"}, TREASURY, LISTS, hold)
    decision = done.decisions["WUR"]
    assert decision.order == "A WUR S A MUN" and decision.totals["A WUR S A MUN"] == 7
    assert decision.backers == {"SPAIN": 4, "ENGLAND": 3}


def test_only_the_winning_offers_are_paid():
    """'Only the offers for the winning order are paid, each briber paying what it offered; the
    money leaves the game (it is not given to the unit's owner).'"""
    offers = [Offer("FRANCE", "WUR", "A WUR - BAV", 5), Offer("SPAIN", "WUR", "A WUR H", 6)]
    done = auction(offers, {"WUR": "WUR"}, TREASURY, LISTS, hold)
    assert done.spent == {"SPAIN": 6}
    assert [(p.briber, p.amount) for p in done.payments] == [("SPAIN", 6)]


def test_implicit_hold_from_the_owner():
    """'A unit its owner does not bid on gets an implicit 0 : unit HOLD from its owner.'"""
    offers = with_implicit_holds([Offer("SPAIN", "PAR", "A PAR S A MAD", 0)], {"PAR": "FRANCE"}, hold)
    assert Offer("FRANCE", "PAR", "A PAR H", 0) in offers
    # a zero-money offer ties the owner's hold: France's own list puts France first
    done = auction([Offer("SPAIN", "PAR", "A PAR S A MAD", 0)], {"PAR": "FRANCE"}, TREASURY, LISTS, hold)
    assert done.orders["PAR"] == "A PAR H" and done.decisions["PAR"].tie_broken_by == "FRANCE"


def test_a_tie_goes_to_the_power_highest_on_the_owners_list():
    """'A tie is broken by the unit owner's acceptance list: the tied order backed by the power
    ranked highest on it wins.'"""
    offers = [Offer("FRANCE", "WUR", "A WUR - BAV", 4), Offer("SPAIN", "WUR", "A WUR H", 4)]
    done = auction(offers, {"WUR": "WUR"}, TREASURY, LISTS, hold)
    assert done.orders["WUR"] == "A WUR - BAV" and done.decisions["WUR"].tie_broken_by == "FRANCE"
    offers.append(Offer("AUSTRIA", "WUR", "A WUR H", 0))  # Austria, first on the minors' list
    done = auction(offers, {"WUR": "WUR"}, TREASURY, LISTS, hold)
    assert done.orders["WUR"] == "A WUR H" and done.decisions["WUR"].tie_broken_by == "AUSTRIA"


def test_a_unit_with_no_owner_holds_on_a_tie():
    """'A unit with no owner (a dummy) holds on a tie between different bribers.'"""
    offers = [Offer("FRANCE", "TUN", "A TUN - ALG", 3), Offer("SPAIN", "TUN", "A TUN S A FEZ", 3)]
    done = auction(offers, {"TUN": None}, TREASURY, LISTS, hold)
    assert done.orders["TUN"] == "A TUN H" and done.decisions["TUN"].held_on_tie
    assert done.spent == {}


def test_overspending_cuts_every_offer_by_one_and_decides_again():
    """'If a power's payments exceed its treasury, all its offers are reduced by one and every
    unit's order is decided again from scratch; repeat until nobody overspends.'"""
    offers = [Offer("FRANCE", "PAR", "A PAR - BUR", 4), Offer("FRANCE", "WUR", "A WUR - BAV", 4),
              Offer("SPAIN", "WUR", "A WUR H", 3)]
    done = auction(offers, OWNERS, {"FRANCE": 6, "SPAIN": 20}, LISTS, hold)
    # France wins both at 4 + 4 = 8 > 6: cut to 3 + 3 = 6; Wuerttemberg is then a 3 - 3 tie,
    # which France, above Spain on the minors' list, wins
    assert done.rounds == 2 and done.cuts == {"FRANCE": 1}
    assert done.spent["FRANCE"] == 6 and done.orders["WUR"] == "A WUR - BAV"
    done = auction(offers, OWNERS, {"FRANCE": 4, "SPAIN": 20}, LISTS, hold)
    # cut twice: 2 + 2 = 4; Spain's 3 now wins Wuerttemberg, and France pays 2 for Paris only
    assert done.cuts == {"FRANCE": 2} and done.orders["WUR"] == "A WUR H"
    assert done.spent == {"FRANCE": 2, "SPAIN": 3}


def test_the_same_offers_give_the_same_auction():
    offers = [Offer("FRANCE", "WUR", "A WUR - BAV", 4), Offer("SPAIN", "WUR", "A WUR H", 4)]
    assert auction(offers, {"WUR": "WUR"}, TREASURY, LISTS, hold) == auction(list(reversed(offers)), {"WUR": "WUR"},
                                                                              TREASURY, LISTS, hold)


def test_the_bribe_chart_and_a_private_ledger():
    """'Judges publish a bribe chart (each unit's winning order, who paid what, treasuries before
    and after) and send each player a private statement (its units' orders, bribes it accepted,
    its offer sheet, previous balance, cost, new balance).'"""
    from gm_tools.mechanics.payola import bribe_chart, ledger

    offers = [Offer("FRANCE", "PAR", "A PAR - BUR", 4), Offer("SPAIN", "PAR", "A PAR S A MAD", 5),
              Offer("FRANCE", "WUR", "A WUR - BAV", 4), Offer("SPAIN", "WUR", "A WUR H", 3)]
    done = auction(offers, OWNERS, {"FRANCE": 3, "SPAIN": 20}, LISTS, hold)
    chart = bribe_chart(done, {"FRANCE": 3, "SPAIN": 20})
    assert any(line.startswith("| A PAR S A MAD |") and "SPAIN 5" in line for line in chart)
    # France's 4 for Wuerttemberg is more than its 3: cut to 3, a tie with Spain's 3 that
    # France's place on the minors' list wins
    assert any(line.startswith("| A WUR - BAV |") and "FRANCE 3" in line and "tie: FRANCE" in line for line in chart)
    treasuries = [line.strip() for line in chart]
    assert "FRANCE: 3 - 3 = 0" in treasuries and "SPAIN: 20 - 5 = 15" in treasuries
    statement = ledger(done, "FRANCE", offers, 3)
    assert "  A PAR S A MAD (bribes accepted: SPAIN 5)" in statement
    assert "  4 : A WUR - BAV - accepted, paid 3" in statement and "  4 : A PAR - BUR - not accepted (A PAR S A MAD won with 5)" in statement
    assert statement[-2:] == ["Every offer reduced by 1 for overspending.", "Previous balance 3, cost 3, new balance 0."]


def test_an_offer_far_over_the_treasury_is_cut_down_at_once():
    """'If a power's payments exceed its treasury, all its offers are reduced by one and every
    unit's order is decided again from scratch; repeat until nobody overspends.' QA finding
    (Europe 1615 v2, rulebook 001, '6 MOVEMENT PHASE': 'Players submit their offer sheet as
    describe at ... payolaclassic'): an amount typed with a few zeros too many, 1000000 for 10,
    took a million rounds of the whole board, and a turn, its dry run and the pages each ran
    them. The rounds in which no unit's order changes are counted, not run: the same cuts, the
    same number of rounds, the same orders."""
    import time

    offers = [Offer("FRANCE", "PAR", "A PAR - BUR", 1_000_000), Offer("FRANCE", "WUR", "A WUR - BAV", 4),
              Offer("SPAIN", "WUR", "A WUR H", 3), Offer("SPAIN", "MAD", "A MAD S A PAR - BUR", 2)]
    start = time.perf_counter()
    done = auction(offers, OWNERS, {"FRANCE": 67, "SPAIN": 20}, LISTS, hold)
    assert time.perf_counter() - start < 1
    # France's 1000000 + 4 come down together: at a cut of 2 its 2 for Wuerttemberg loses to
    # Spain's 3, and from then on only Paris is paid for, down to the 67 France holds, at a cut
    # of 999933 (the 999934th round); Spain's own offers stand
    assert done.cuts == {"FRANCE": 999_933} and done.rounds == 999_934
    assert done.orders == {"PAR": "A PAR - BUR", "WUR": "A WUR H", "MAD": "A MAD S A PAR - BUR"}
    assert done.spent == {"FRANCE": 67, "SPAIN": 5}


def _round_by_round(offers, owners, treasuries, lists, needs_payment):
    """The rule as written, one round at a time: the cuts and rounds :func:`auction` must give."""
    from gm_tools.mechanics.payola import _decide, with_implicit_holds

    by_unit: dict[str, list] = {}
    for o in with_implicit_holds(offers, owners, hold):
        by_unit.setdefault(o.unit, []).append(o)
    cut: dict[str, int] = {}
    rounds = 0
    while True:
        rounds += 1
        decisions = {u: _decide(u, owners.get(u), by_unit[u], cut, lists, hold, needs_payment) for u in sorted(by_unit)}
        spent: dict[str, int] = {}
        for d in decisions.values():
            for briber, amount in d.backers.items():
                spent[briber] = spent.get(briber, 0) + amount
        over = [p for p, n in spent.items() if n > max(0, treasuries.get(p, 0))]
        if not over:
            return decisions, cut, rounds
        for p in over:
            cut[p] = cut.get(p, 0) + 1


def test_the_rounds_counted_and_not_run_give_what_each_round_run_gives():
    """The auction's shortcut over rounds in which no order changes (the test above) against the
    rule run round by round, on many random offer sheets with ties, foreign bribes that must
    carry money and treasuries too small."""
    import random

    powers = ["FRANCE", "SPAIN", "ENGLAND", "AUSTRIA"]
    units = {"PAR": "FRANCE", "MAD": "SPAIN", "WUR": "WUR", "TUN": None, "LON": "ENGLAND"}
    orders = ["H", "S", "C", "M"]
    for seed in range(400):
        rng = random.Random(seed)
        offers = [Offer(p, u, f"A {u} {rng.choice(orders)}" if rng.random() < .8 else hold(u),
                        rng.choice([0, 1, 2, 3, 5, 8, 13, 40]))
                  for p in powers for u in units if rng.random() < .5]
        treasuries = {p: rng.choice([0, 3, 10, 25, 60]) for p in powers}
        lists = {"FRANCE": tuple(rng.sample(powers, 4)), "SPAIN": ("SPAIN",), "ENGLAND": tuple(rng.sample(powers, 2)),
                 "WUR": ("AUSTRIA", "ENGLAND", "FRANCE", "SPAIN")}

        def paid(o):
            return units[o.unit] != o.briber and o.briber != "AUSTRIA"

        decisions, cut, rounds = _round_by_round(offers, units, treasuries, lists, paid)
        done = auction(offers, units, treasuries, lists, hold, paid)
        assert (done.decisions, done.cuts, done.rounds) == (decisions, cut, rounds), seed
