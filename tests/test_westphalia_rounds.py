"""The Peace of Westphalia's round, its first steps (issue 15 item 4), each test citing the
rulebook: Initiative, Religious Upheaval, Earn Gold, and the Setup played only once.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'How to Play'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import Position
from gm_tools.engine.rules import rules_for, variant_for_game
from gm_tools.systems.westphalia.rounds import (apply_upheaval, check_choice, draw_upheaval, earn_gold, initiative,
                                                upheaval_choosers)
from gm_tools.systems.westphalia.state import Holding, State

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")


def board() -> State:
    state = State(setup_order=ORDER)
    hexes = sorted(VARIANT.provinces)
    for i, p in enumerate(ORDER):
        land = tuple(hexes[4 * i:4 * i + 4])
        state.princes[p] = Holding(land, land[0])
    state.principalities = {"Trier": Holding((hexes[20],), hexes[20]),
                            "Saxony": Holding((hexes[21], hexes[22]), hexes[21]),
                            "Ulm": Holding((hexes[23], hexes[24], hexes[25]), hexes[23])}
    return state


def test_initiative_emperor_first_then_weakest_ties_clockwise():
    """'with the Emperor first, followed by Players ordered from weakest to strongest according
    to their Imperial Power, with ties resolved clockwise from the Emperor'."""
    state = board()
    state.emperor = "YELLOW"
    state.influence = {"Saxony": {"BLUE": 2}}  # Blue 4 + 4 = 8; the others 4
    # the others tie at 4: clockwise from Yellow (the Setup Order is the seating) GREEN, ORANGE, RED
    assert initiative(state, 1510) == ("YELLOW", "GREEN", "ORANGE", "RED", "BLUE")


def test_upheaval_rounds_one_to_three():
    """'During Rounds 1-3: Place 1 control marker for each Catholic Principality inside the
    Religious Upheaval Bag. Draw 2 control markers in a 5-6 Player game ... All provinces from
    drawn Principalities convert to Protestantism. Each Catholic non-Foreign Power Player rolls a
    D6. On a 1-3, one of the Player's provinces of his choice converts to Protestantism. A
    player's capital may not be converted this way'."""
    state = board()
    state.protestant = state.principalities["Ulm"].provinces  # Ulm is Protestant: not in the bag
    drawn = draw_upheaval(VARIANT, state, 1535, "9")
    assert sorted(drawn["drawn"]) == ["Saxony", "Trier"] and "rolls" not in drawn
    assert sorted(drawn["players"]) == sorted(ORDER) and all(1 <= n <= 6 for n in drawn["players"].values())
    assert drawn == draw_upheaval(VARIANT, state, 1535, "9")  # the same seed, the same draws
    state.upheaval = {**drawn, "players": {"RED": 2, "BLUE": 5, "YELLOW": 3, "GREEN": 6, "ORANGE": 1}}
    assert upheaval_choosers(VARIANT, state) == ["RED", "YELLOW", "ORANGE"]
    # the record keeps the rolls by name: the choosers still come as the dice were rolled, in
    # Setup Order, the order of the sheet laid out for them
    state.upheaval = {**drawn, "players": {"BLUE": 5, "GREEN": 6, "ORANGE": 1, "RED": 2, "YELLOW": 3}}
    assert upheaval_choosers(VARIANT, state) == ["RED", "YELLOW", "ORANGE"]
    red = state.princes["RED"]
    assert "capital" in check_choice(state, "RED", red.capital)
    # another's province: named with those RED may choose, Catholic and not his capital
    wrong = check_choice(state, "RED", state.princes["BLUE"].provinces[1])
    assert "RED's Catholic provinces but his capital (AMB, ARN, ASC)" in wrong
    assert check_choice(state, "RED", red.provinces[1]) is None
    apply_upheaval(VARIANT, state, {"RED": red.provinces[1]})
    assert set(state.principalities["Saxony"].provinces) <= set(state.protestant)
    assert red.provinces[1] in state.protestant and red.capital not in state.protestant
    assert sorted(state.targets) == ["Saxony", "Trier"]  # 'eligibility to be a Target Principality'



def test_upheaval_dice_only_for_catholic_players_in_the_empire():
    """003_b5b9eb4920d39694.txt, 'Religious Upheaval': "Each Catholic non-Foreign Power Player
    rolls a D6"; 'Foreign Powers': a Foreign Power has lost "all provinces you possessed inside
    the Empire", so it could choose none, and the step must still be playable."""
    from gm_tools.systems.westphalia import steps

    state = board()
    del state.princes["ORANGE"]
    state.foreign = {"ORANGE": {"home": "Spain", "edge": "east", "troubles": 0, "per_round": 4}}
    state.religion = {"GREEN": "protestant"}
    for seed in range(40):
        drawn = draw_upheaval(VARIANT, state, 1535, str(seed))
        assert sorted(drawn["players"]) == ["BLUE", "RED", "YELLOW"]  # not Green (Protestant), not Orange
    state.upheaval = {"drawn": [], "players": drawn["players"]}
    choices = {p: state.princes[p].provinces[1] for p in upheaval_choosers(VARIANT, state)}
    step = steps.apply(VARIANT, state, steps.UPHEAVAL, {"choices": choices}, 1535)
    assert step.problems == []


def test_upheaval_with_nothing_but_the_capital_left_catholic():
    """003_b5b9eb4920d39694.txt, 'Religious Upheaval': "On a 1-3, one of the Player's provinces of
    his choice converts to Protestantism. A player's capital may not be converted this way". With
    no Catholic province but his capital, there is no province of his choice: nothing converts,
    the step plays, and a province typed for him is refused (NOTES.md, 'Religious Upheaval')."""
    from gm_tools.systems.westphalia import steps

    state = board()
    red = state.princes["RED"]
    state.protestant = tuple(p for p in red.provinces if p != red.capital)
    state.upheaval = {"drawn": [], "players": {"RED": 2, "BLUE": 1, "YELLOW": 6, "GREEN": 6, "ORANGE": 6}}
    assert upheaval_choosers(VARIANT, state) == ["BLUE"]
    blue = state.princes["BLUE"].provinces[1]
    step = steps.apply(VARIANT, state, steps.UPHEAVAL, {"choices": {"BLUE": blue}}, 1535)
    assert step.problems == []
    assert ("RED", "rolls 2: no province converts (none but the capital is Catholic: 'A player's capital may not be "
                   "converted this way')") in step.done
    assert red.capital not in step.state.protestant and blue in step.state.protestant
    step = steps.apply(VARIANT, state, steps.UPHEAVAL, {"choices": {"BLUE": blue, "RED": red.capital}}, 1535)
    assert [(f, found) for _, f, found, _ in step.problems] == [("province", f"RED: {red.capital}")]
    assert "RED has no Catholic province but its capital" in step.problems[0][3]
    state.princes["RED"] = Holding((red.capital,), red.capital)  # a capital alone, after a war
    assert steps.apply(VARIANT, state, steps.UPHEAVAL, {"choices": {"BLUE": blue}}, 1535).problems == []

def test_upheaval_rounds_four_to_six():
    """'During Rounds 4-6: Put a control marker from every Principality into the Religious
    Upheaval Bag ... If a drawn Principality is 1 province, it converts. If 2+ provinces, roll a
    D6; it converts on a 1-3.' No player rolls."""
    state = board()
    state.protestant = state.principalities["Ulm"].provinces
    drawn = draw_upheaval(VARIANT, state, 1585, "1")  # round 4
    assert "players" not in drawn and len(drawn["drawn"]) == 2
    state.upheaval = {"drawn": ["Trier", "Ulm", "Saxony"], "rolls": {"Ulm": 2, "Saxony": 5}}
    apply_upheaval(VARIANT, state, {})
    assert state.principalities["Trier"].provinces[0] in state.protestant       # one province: converts
    assert not set(state.principalities["Ulm"].provinces) & set(state.protestant)  # rolled 2: back to Catholic
    assert not set(state.principalities["Saxony"].provinces) & set(state.protestant)  # rolled 5: keeps its faith


def test_gold_for_orthodox_towns_only():
    """'Players earn 2 Gold for each town they own that is on an orthodox (the religion they
    adhere to) province. Players do not earn Gold for allied towns or towns on heretical
    provinces.'"""
    state = board()
    state.influence = {"Trier": {"RED": 3}}  # an allied town earns nothing
    state.protestant = (state.princes["BLUE"].capital,)  # Blue's capital is heretical
    earn_gold(VARIANT, state)
    assert state.gold == {"RED": 2, "BLUE": 0, "YELLOW": 2, "GREEN": 2, "ORANGE": 2}
    earn_gold(VARIANT, state)
    assert state.gold["RED"] == 4  # Gold is kept from round to round


def test_the_setup_is_played_once():
    """'Now let the games begin - proceed to Round 1': the Setup's steps are passed over in
    later rounds; the rounds are 25 years apart ('each Round lasting ~25 years')."""
    from gm_tools.engine.phase import next_phase

    rules = rules_for(VARIANT)
    position = Position(phase="R1510X")
    assert next_phase(VARIANT.calendar, "R1510X").id == "P1535O"
    assert rules.skips_phase(VARIANT, position, "P1535O") and not rules.skips_phase(VARIANT, position, "P1510O")
    assert not rules.skips_phase(VARIANT, position, "R1535I")


def test_an_upheaval_choice_refused_names_the_provinces_he_may_choose():
    """rulebook 003 (The Peace of Westphalia), 'Religious Upheaval': 'On a 1-3, one of the
    Player's provinces of his choice converts to Protestantism. A player's capital may not be
    converted this way'. His capital, or a province Protestant already, was refused as 'a
    province that is not the capital' (or 'a Catholic province') without the ones he may choose,
    which another's province was refused with: every refusal names them, and the province typed."""
    state = board()
    red = state.princes["RED"]
    state.protestant = [red.provinces[1]]
    free = ", ".join(p for p in red.provinces if p not in (red.capital, red.provinces[1]))
    assert check_choice(state, "RED", red.capital) == (
        f"one of RED's Catholic provinces but his capital ({free}), {red.capital} being his capital ('A player's "
        "capital may not be converted this way')")
    assert check_choice(state, "RED", red.provinces[1]) == (
        f"one of RED's Catholic provinces but his capital ({free}), {red.provinces[1]} being Protestant already")
