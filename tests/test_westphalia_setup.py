"""The Peace of Westphalia's Setup (issue 15 items 2 and 3), each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup', 'How to Play' and 'Imperial Election'.
"""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import setup as S
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.election import hold
from gm_tools.systems.westphalia.figures import ally, imperial_power
from gm_tools.systems.westphalia.state import Holding, State

VARIANT = variant_for_game(load_variant("westphalia"), 5)
TABLES = S.tables_of(VARIANT)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")


def fresh() -> State:
    return State(setup_order=ORDER)


def test_setup_order_is_drawn_from_the_seed():
    """'Each Player submits a cube of their color. Randomly draw cubes for Setup Order': the
    same seed gives the same order, another seed may not."""
    players = list(VARIANT.powers)
    drawn = S.draw_setup_order(players, "1510")
    assert sorted(drawn) == sorted(players)
    assert drawn == S.draw_setup_order(players, "1510")
    assert any(S.draw_setup_order(players, str(n)) != drawn for n in range(5))


def test_a_princes_four_provinces():
    """'The First Player picks 4 provinces ... three of these provinces must touch each other at
    a vertex and the entire principality must be contiguous. He then places a town on his
    chosen capital province.'"""
    state = fresh()
    assert S.check_prince(VARIANT, TABLES, state, ["EIC", "EIS", "HAE", "HAM"], "HAM") == []
    line = S.check_prince(VARIANT, TABLES, state, ["FRS", "FUL", "FUR", "GER"], "FUR")
    assert any("touching at a vertex" in p for p in line)  # a chain with no three meeting at a corner
    apart = S.check_prince(VARIANT, TABLES, state, ["EIC", "EIS", "HAE", "GLA"], "EIC")
    assert any("contiguous" in p for p in apart)
    assert any("capital" in p for p in S.check_prince(VARIANT, TABLES, state, ["EIC", "EIS", "HAE", "HAM"], "ALT"))
    assert any("4 different" in p for p in S.check_prince(VARIANT, TABLES, state, ["EIC", "EIS", "HAE"], "EIC"))
    state.princes["RED"] = Holding(("EIC", "EIS", "HAE", "HAM"), "HAM")
    assert any("already placed" in p for p in S.check_prince(VARIANT, TABLES, state, ["HAM", "HAL", "DUR", "DUI"], "HAL"))


def test_electors_by_size_contiguous_unless_impossible():
    """'The following starting Electors must be placed: Trier, Mainz, and Cologne - 1 province;
    The Palatinate and Saxony - 2 provinces; Brandenburg - 3 provinces; Bohemia - 4 provinces';
    'The Elector's provinces must be contiguous, unless impossible'."""
    assert TABLES.electors == {"Trier": 1, "Mainz": 1, "Cologne": 1, "The Palatinate": 2, "Saxony": 2,
                               "Brandenburg": 3, "Bohemia": 4}
    state = fresh()
    assert S.check_elector(VARIANT, TABLES, state, "Bohemia", ["CAL", "CEL", "CHE", "COB"], "CAL") == []
    assert any("4 different" in p for p in S.check_elector(VARIANT, TABLES, state, "Bohemia", ["CAL"], "CAL"))
    assert any("contiguous" in p for p in S.check_elector(VARIANT, TABLES, state, "Saxony", ["ALT", "GLA"], "ALT"))
    assert "one of the Electors" in S.check_elector(VARIANT, TABLES, state, "Bavaria", ["ALT"], "ALT")[0]
    # when no two free provinces touch any more, a split Elector is allowed ('unless impossible')
    crowded = fresh()
    free = sorted(VARIANT.provinces)
    keep = {"ALT", "GLA"}
    crowded.principalities["filler"] = Holding(tuple(p for p in free if p not in keep), "ESS")
    assert S.check_elector(VARIANT, TABLES, crowded, "Saxony", ["ALT", "GLA"], "ALT") == []


def test_other_principalities_by_d6():
    """'On a roll of a: 1-4: Place a 2 Province Principality; 5-6: Place a 3 Province
    Principality ... the rest of its provinces must border its capital if possible. If there is
    no space on the board for a contiguous Principality of the rolled size, place the largest
    Principality that can be placed. ... Save Austria and Bavaria'."""
    assert [S.roll_size(TABLES, n) for n in range(1, 7)] == [2, 2, 2, 2, 3, 3]
    state = fresh()
    assert S.check_principality(VARIANT, TABLES, state, 5, "Augsburg", ["COT", "FRE", "FRI"], "COT") == []
    assert any("3 different" in p for p in S.check_principality(VARIANT, TABLES, state, 6, "Ulm", ["COT", "FRE"], "COT"))
    # ALT has free neighbours enough for the rest, so the rest must border it: BIE does not
    far = S.check_principality(VARIANT, TABLES, state, 5, "Ulm", ["ALT", "AMB", "BIE"], "ALT")
    assert any("border its capital" in p for p in far)
    assert "Save Austria" in S.check_principality(VARIANT, TABLES, state, 1, "Bavaria", ["ALT", "AMB"], "ALT")[0]
    rolls = S.draw_rolls(ORDER, 2, 6, "7")
    assert [p for p, _ in rolls] == ["YELLOW", "GREEN", "ORANGE", "RED", "BLUE", "YELLOW"]
    assert rolls == S.draw_rolls(ORDER, 2, 6, "7") and all(1 <= n <= 6 for _, n in rolls)


def test_largest_that_fits_and_single_provinces_fill_the_rest():
    """'If there is no space ... place the largest Principality that can be placed. When only
    disconnected single provinces remain, fill in the remaining provinces with 1 province
    Principalities.'"""
    state = fresh()
    free = sorted(VARIANT.provinces)
    state.principalities["filler"] = Holding(tuple(p for p in free if p not in {"ALT", "AMB", "GLA"}), "ESS")
    # ALT and AMB touch, GLA stands alone: a roll of 6 places the largest that fits, 2 provinces
    assert S.check_principality(VARIANT, TABLES, state, 6, "Ulm", ["ALT", "AMB"], "ALT") == []
    assert S.fill_singles(VARIANT, TABLES, state) == ["ALT, AMB"]  # not only singles yet
    state.principalities["Ulm"] = Holding(("ALT", "AMB"), "ALT")
    assert S.fill_singles(VARIANT, TABLES, state) == []
    single = [n for n, h in state.principalities.items() if h.provinces == ("GLA",)]
    assert single and single[0] in TABLES.names and single[0] not in TABLES.kept_back


def test_influence_three_each_none_saved():
    """'Each Player receives 3 Diplomatic Influence. The First Player places all of his
    Diplomatic Influence onto one or more Principalities of his choice ... Players may not save
    their Diplomatic Influence during Setup.'"""
    state = fresh()
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Mainz": Holding(("AMB",), "AMB")}
    ok = [{"player": p, "principality": "Trier" if p != "BLUE" else "Mainz", "di": 3} for p in ORDER]
    assert steps.apply(VARIANT, state, steps.INFLUENCE, {"influence": ok}, 1510).problems == []
    short = ok[:-1] + [{"player": "ORANGE", "principality": "Trier", "di": 2}]
    problems = steps.apply(VARIANT, state, steps.INFLUENCE, {"influence": short}, 1510).problems
    assert problems and "3 for each player" in problems[0][3]
    unknown = steps.apply(VARIANT, state, steps.INFLUENCE,
                          {"influence": [{"player": "RED", "principality": "Ulm", "di": 3}]}, 1510).problems
    assert unknown[0][:2] == (0, "principality")


def test_imperial_power_and_allies():
    """'A Player has 1 Imperial Power for each of his orthodox provinces, plus the Imperial Power
    of his allied Principalities. Principalities have 2 Imperial Power, plus 1 Imperial Power per
    province'; 'The Emperor receives X+2 additional Imperial Power, where X = the Round Number.'"""
    state = fresh()
    state.princes["RED"] = Holding(("EIC", "EIS", "HAE", "HAM"), "HAM")
    state.principalities = {"Saxony": Holding(("BAU", "BAY"), "BAU"), "Trier": Holding(("ALT",), "ALT")}
    state.influence = {"Saxony": {"RED": 2, "BLUE": 1}, "Trier": {"RED": 1, "BLUE": 1}}
    assert ally(state, "Saxony") == "RED" and ally(state, "Trier") is None  # a tie allies nobody
    assert imperial_power(state, "RED", 1510) == 4 + (2 + 2)
    state.protestant = ("EIC",)  # a heretical province is not orthodox for a Catholic
    assert imperial_power(state, "RED", 1510) == 3 + 4
    state.emperor = "RED"
    assert imperial_power(state, "RED", 1535) == 3 + 4 + (2 + 2)  # round 2: X + 2 = 4


@pytest.mark.parametrize("ballots, winner, majority", [
    ({"RED": "RED", "BLUE": "RED"}, "RED", True),
    ({"RED": "RED", "BLUE": "BLUE"}, "RED", True),
    ({}, "RED", True),
])
def test_imperial_election(ballots, winner, majority):
    """'Players allied to Electors control their votes ... Unaligned Electors vote as a block for
    the Player of their religion with the most votes after all Players have voted.
    Initiative/Setup Order between tied Players. If a majority cannot be secured, the Emperor may
    be elected by a plurality.'"""
    state = fresh()
    state.electors = ("Cologne", "Mainz", "Trier", "Saxony", "The Palatinate", "Brandenburg", "Bohemia")
    state.principalities = {e: Holding((f"X{i}",), f"X{i}") for i, e in enumerate(state.electors)}
    state.influence = {"Trier": {"RED": 1}, "Mainz": {"BLUE": 1}}
    result = hold(state, ballots, ORDER, lambda e: "catholic")
    assert (result.emperor, result.majority) == (winner, majority)
    # the five unaligned Electors follow the Catholic player with most votes (RED first in order)
    assert sum(1 for v in result.votes.values() if v == winner) >= 5


def test_plurality_when_no_majority():
    """'If a majority cannot be secured, the Emperor may be elected by a plurality.'"""
    state = fresh()
    state.electors = ("A", "B", "C", "D")
    state.principalities = {e: Holding((e,), e) for e in state.electors}
    state.influence = {"A": {"RED": 1}, "B": {"BLUE": 1}, "C": {"YELLOW": 1}, "D": {"GREEN": 1}}
    result = hold(state, {"RED": "RED", "BLUE": "BLUE", "YELLOW": "YELLOW", "GREEN": "RED"}, ORDER,
                  lambda e: "catholic")
    assert result.emperor == "RED" and result.votes == {"A": "RED", "B": "BLUE", "C": "YELLOW", "D": "RED"}
    assert result.majority is False  # 2 of 4 is no majority
