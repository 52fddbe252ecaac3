"""The Peace of Westphalia's Player Turns (issue 15 item 4), each test citing the rulebook:
choosing two of three actions, Player Conversion, Spread the Faith, the Diplomacy Game's
Influence, and the Tradeoffs' Gold.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Player Turns', 'Tradeoffs'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia import turns as T
from gm_tools.systems.westphalia.state import Holding, State

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
# the demo's board: each prince's land on the rim, the Electors in the middle
PRINCES = {"RED": (("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": (("DUI", "DUR", "GRA", "HAL"), "HAL"),
           "YELLOW": (("DRE", "GOI", "GOR", "GOT"), "GOI"), "GREEN": (("BER", "DIL", "GER", "GIE"), "GIE"),
           "ORANGE": (("DES", "FRS", "FUL", "FUR"), "FUR")}


def board() -> State:
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {p: Holding(land, capital) for p, (land, capital) in PRINCES.items()}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Brandenburg": Holding(("BIE", "BON", "BRI"), "BIE"),
                            "Dithmarschen": Holding(("DON", "DOR"), "DON")}
    return state


def test_two_of_three_actions():
    """'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'."""
    assert T.check_actions([T.HERESY, T.WAR]) is None
    assert T.check_actions([T.HERESY]) and T.check_actions(list(T.ACTIONS)) and T.check_actions([T.WAR, T.WAR])


def test_martin_luther_then_the_blood_of_the_martyrs():
    """'The first Player to convert to Protestantism gains 6 Reformation Points'; 'when you
    convert you gain however many Saints or Reformation Points the Player with the least has who
    is still saved, -2. May not go negative'; the capital 'only converts when the Player converts'."""
    state = board()
    T.convert(state, ["BLUE"])
    assert state.religion_of("BLUE") == "protestant" and state.reformation == {"BLUE": 6}
    assert "HAL" in state.protestant
    T.convert(state, ["GREEN"])
    assert state.reformation["GREEN"] == 4
    state.reformation["GREEN"] = 1
    T.convert(state, ["ORANGE"])
    assert state.reformation["ORANGE"] == 0  # 1 - 2, never negative
    # 'If no Catholics remain, the first Player to return to Catholicism gains 6 Saints'
    T.convert(state, ["RED", "YELLOW"])
    T.convert(state, ["BLUE"])
    assert state.religion_of("BLUE") == "catholic" and state.saints["BLUE"] == 6 and "HAL" not in state.protestant


def test_spread_the_faith():
    """'Whenever a Player places a dice on a province with a dice of the opposing Faith, both dice
    are removed ... Within their own territory - Dice of your religion placed on heretical
    provinces you control convert the province they're on, and an additional heretical province
    of your choice that you control that does not have a heretical dice on it. In a neighboring
    Player-controlled province - Dice placed on heretical provinces of opposing Players convert
    the province they were placed on. On a neighboring or allied Principality - Dice placed on
    Principalities convert the entire Principality if as many are on it as the Principality has
    provinces.'"""
    state = board()
    state.religion["BLUE"] = "protestant"
    T.spread(state, [T.Die("BLUE", "DUI", 1, also="DUR")])
    assert {"DUI", "DUR"} <= set(state.protestant)
    # opposing dice cancel: Red's Catholic die and Blue's Protestant die on Red's Hamm
    state = board()
    state.religion["BLUE"] = "protestant"
    assert T.check_die(VARIANT, state, T.Die("BLUE", "HAE", 1)) is None  # a neighbouring player's province
    T.spread(state, [T.Die("BLUE", "HAE", 1), T.Die("RED", "HAE", 1)])
    assert "HAE" not in state.protestant
    # a principality converts only with as many dice as provinces
    state = board()
    state.religion["BLUE"] = "protestant"
    state.influence = {"Brandenburg": {"BLUE": 2}}  # allied
    assert T.check_die(VARIANT, state, T.Die("BLUE", "Brandenburg", 2)) is None
    T.spread(state, [T.Die("BLUE", "Brandenburg", 2)])
    assert not set(state.principalities["Brandenburg"].provinces) & set(state.protestant)
    T.spread(state, [T.Die("BLUE", "Brandenburg", 3)])
    assert set(state.principalities["Brandenburg"].provinces) <= set(state.protestant)


def test_where_dice_may_not_go():
    """Only heretical provinces, and only one's own, a neighbouring player's, or a neighbouring
    or allied principality."""
    state = board()
    assert "heretical" in T.check_die(VARIANT, state, T.Die("RED", "EIC", 1))  # Catholic on Catholic
    state.religion["RED"] = "protestant"
    assert "neighbouring" in T.check_die(VARIANT, state, T.Die("RED", "GIE", 1))      # Green's land is far
    assert "neighbouring or allied" in T.check_die(VARIANT, state, T.Die("RED", "Dithmarschen", 2))
    assert T.check_die(VARIANT, state, T.Die("RED", "EIC", 0)) == "a number of dice, 1 or more"


def test_a_die_placed_on_ones_own_faith_removes_the_opposing_faiths():
    """rulebook 003 (The Peace of Westphalia), 'Spread the Faith': 'Whenever a Player places a
    dice on a province with a dice of the opposing Faith, both dice are removed. Once all Players
    have placed their dice, provinces/Principalities convert'. Blue (Protestant) places a die on
    Red's EIC, his neighbour's; Red's die on his own EIC, Catholic already, was refused ('a
    heretical province (EIC is catholic already)'), so he could never remove the die that converts
    it. A die on a place of one's own faith is taken
    where the opposing faith places dice, and removes them; with none there, it is refused saying
    so. It converts nothing and takes no additional province."""
    state = board()
    state.religion["BLUE"] = "protestant"
    blue, red = T.Die("BLUE", "EIC", 1), T.Die("RED", "EIC", 1)
    assert T.check_die(VARIANT, state, blue) is None  # Blue's neighbour's province
    assert T.check_die(VARIANT, state, red) == ("a heretical province (EIC is catholic already, and no die of the "
                                                 "opposing faith is placed there for its dice to remove)")
    assert T.check_die(VARIANT, state, red, frozenset({"EIC"})) is None
    assert "only beside dice on a heretical province" in T.check_die(
        VARIANT, state, T.Die("RED", "EIC", 1, also="EIS"), frozenset({"EIC"}))
    assert T.spread(state, [blue, red]) == [("BLUE", "dice on EIC cancelled by the opposing faith's"),
                                            ("RED", "dice on EIC cancelled by the opposing faith's")]
    assert "EIC" not in state.protestant
    # two to remove one: the second stays, and converts nothing
    assert T.spread(state, [blue, T.Die("RED", "EIC", 2)])[1] == (
        "RED", "dice on EIC remove the opposing faith's; EIC keeps its faith")
    assert "EIC" not in state.protestant
    # through the step, the dice of the other faith found by the step itself
    rows = [{"player": p, "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0} for p in ORDER]
    dice = [{"player": "BLUE", "target": "EIC", "count": 1}, {"player": "RED", "target": "EIC", "count": 1}]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "dice": dice}, 1535)
    assert step.problems == [] and "EIC" not in step.state.protestant


def test_diplomacy_influence_placed_or_saved_and_gold_at_the_tradeoffs():
    """'take the Influence listed on the card'; 'Unplaced Diplomatic Influence is stored on your
    capital'; 'All remaining Gold turns into Diplomatic Influence at a rate of 1:1'."""
    state = board()
    assert T.place_influence(state, "RED", 2, [("Trier", 3)]).startswith("at most 2")
    assert T.place_influence(state, "RED", 3, [("Trier", 2)]) is None
    assert state.influence["Trier"] == {"RED": 2} and state.saved_di["RED"] == 1
    state.gold = {"RED": 4}
    T.tradeoffs(state)
    assert state.gold["RED"] == 0 and state.saved_di["RED"] == 5


def test_a_turn_entry_is_checked_against_the_chosen_actions():
    """A conversion needs Combat Heresy ('All Non-Foreign Power Players Combatting Heresy have an
    opportunity to convert'); dice only from those Combatting Heresy; Influence only from those
    Engaging in Diplomacy."""
    state = board()
    rows = [{"player": p, "actions": [T.DIPLOMACY, T.WAR], "convert": p == "RED", "influence": 0} for p in ORDER]
    problems = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1510).problems
    assert [(i, f) for i, f, _, _ in problems] == [(0, "convert")]
    rows[0]["convert"] = False
    dice = [{"player": "RED", "target": "EIC", "count": 1}]
    problems = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "dice": dice}, 1510).problems
    assert problems[0][1] == "dice" and "Combatting Heresy" in problems[0][3]
    rows[1]["actions"] = [T.HERESY, T.WAR]
    rows[1]["influence"] = 2
    problems = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1510).problems
    assert [(i, f) for i, f, _, _ in problems] == [(1, "influence")]



def test_a_foreign_power_may_not_convert():
    """003_b5b9eb4920d39694.txt, 'Player Conversion': "All Non-Foreign Power Players Combatting
    Heresy have an opportunity to convert"; 'Foreign Powers': "Your Foreign Power is same Religion
    you were in the Empire, and you may not convert." """
    state = board()
    del state.princes["ORANGE"]
    state.foreign = {"ORANGE": {"home": "Spain", "edge": "east", "troubles": 0, "per_round": 4}}
    rows = [{"player": p, "actions": [T.HERESY, T.DIPLOMACY], "convert": p in ("ORANGE", "RED"), "influence": 0}
            for p in ORDER]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1535)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(4, "convert", "yes")]
    assert "ORANGE is a Foreign Power" in step.problems[0][3] and "may not convert" in step.problems[0][3]
    rows[4]["convert"] = False
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1535)
    assert step.problems == [] and step.state.religion == {"RED": "protestant"}

def test_leagues_and_the_council_of_trent():
    """'Players may Join a League, as in Engaging in Diplomacy' (and while Waging War); 'The
    Leagues reset - No one starts in either League heading into the next round'; 'If the
    Catholic Reformation has not begun, attempt to Call the Council of Trent' (the attempt's
    procedure is not in the text: the GM enters that it was called, while Combatting Heresy)."""
    state = board()
    rows = [{"player": p, "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0} for p in ORDER]
    rows[0]["league"] = "Catholic League"
    rows[1]["trent"] = True
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1535)
    assert step.problems == [] and step.state.leagues == {"RED": "Catholic League"} and step.state.trent == 2
    rows[2]["league"] = "Hanseatic League"
    assert steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1535).problems[0][:2] == (2, "league")
    rows[2].pop("league")
    rows[3] = {"player": "GREEN", "actions": [T.DIPLOMACY, T.WAR], "convert": False, "influence": 0, "trent": True}
    assert steps.apply(VARIANT, state, steps.TURNS, {"turns": rows}, 1535).problems[0][:2] == (3, "trent")
    reset = steps.apply(VARIANT, step.state, steps.INITIATIVE, {}, 1560).state
    assert reset.leagues == {} and reset.trent == 2


def test_a_foreign_power_neighbours_its_edge_of_the_map():
    """003_b5b9eb4920d39694.txt, 'Foreign Powers': "Your Foreign Power Home Province is now
    adjacent to all provinces on that edge of the map for purposes of conversion and Peace
    Treaties." Protestant Orange, beside the edge of Red's HAE, may place a die on it; beside the
    opposite edge, not."""
    from gm_tools.systems.westphalia.board import edges
    from gm_tools.systems.westphalia.setup import hex_of

    state = board()
    del state.princes["ORANGE"]
    state.religion = {"ORANGE": "protestant"}
    code_of = {hex_of(VARIANT, c): c for c in VARIANT.provinces}
    beside = next(e for e, cells in edges(code_of).items() if hex_of(VARIANT, "HAE") in cells)
    away = next(e for e, cells in edges(code_of).items() if hex_of(VARIANT, "HAE") not in cells
                and not {code_of[h] for h in cells} & set(PRINCES["RED"][0]))
    state.foreign = {"ORANGE": {"home": "Spain", "edge": away, "troubles": 0, "per_round": 4}}
    assert "neighbouring player's province" in T.check_die(VARIANT, state, T.Die("ORANGE", "HAE", 1))
    state.foreign["ORANGE"]["edge"] = beside
    assert T.check_die(VARIANT, state, T.Die("ORANGE", "HAE", 1)) is None
    rows = [{"player": p, "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0} for p in ORDER]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "dice": [
        {"player": "ORANGE", "target": "HAE", "count": 1}]}, 1535)
    assert step.problems == [] and "HAE" in step.state.protestant


def test_the_results_name_each_players_actions_and_what_gave_nothing():
    """003_b5b9eb4920d39694.txt, 'Player Turns': "Players will choose 2/3 of Combat Heresy, Engage
    in Diplomacy, & Wage War", a Foreign Power too ('Foreign Powers'); 'Declare War': "If you do
    not want to Declare War, you may pass"; 'Peace Treaties': "If you win: Conquer 1 province with
    a town, or up to 2 provinces without one" (a choice: none typed, none taken). Each player's
    choice is told, with what of it his entries left empty, and a war won without a treaty."""
    state = board()
    del state.princes["ORANGE"]
    state.foreign = {"ORANGE": {"home": "Spain", "edge": "east", "troubles": 0, "per_round": 4}}
    rows = [{"player": "RED", "actions": [T.WAR, T.HERESY], "convert": True, "influence": 0},
            {"player": "BLUE", "actions": [T.DIPLOMACY, T.WAR], "convert": False, "influence": 2},
            {"player": "YELLOW", "actions": [T.DIPLOMACY, T.WAR], "convert": False, "influence": 0,
             "league": "Catholic League"},
            {"player": "GREEN", "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0},
            {"player": "ORANGE", "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0}]
    # Blue's Army Size + Reserves is twice Red's: 'he wins the battle automatically'
    inputs = {"turns": rows, "wars": [{"declarer": "RED", "target": "BLUE", "winner": ""}]}
    step = steps.apply(VARIANT, state, steps.TURNS, inputs, 1535)
    assert step.problems == []
    told = {p: t for p, t in step.done if t.startswith("chooses")}
    assert told == {
        "RED": "chooses Combat Heresy and Wage War",
        "BLUE": "chooses Engage in Diplomacy and Wage War; Wage War: no war declared",
        # a League joined is something done under either ('Players may Join a League, as in Engaging
        # in Diplomacy'), so neither is told as giving nothing
        "YELLOW": "chooses Engage in Diplomacy and Wage War",
        "GREEN": "chooses Combat Heresy and Engage in Diplomacy; Combat Heresy: no conversion, faith dice or Council "
                 "of Trent entered; Engage in Diplomacy: no Diplomacy Game or Influence entered",
        "ORANGE": "chooses Combat Heresy and Engage in Diplomacy; Combat Heresy: no conversion, faith dice or Council "
                  "of Trent entered; Engage in Diplomacy: no Diplomacy Game or Influence entered"}
    nothing = ("BLUE", "wins the war with RED but takes nothing: no Peace Treaty entered")
    assert nothing in step.done
    inputs["treaties"] = [{"winner": "BLUE", "province": "EIC"}]
    step = steps.apply(VARIANT, state, steps.TURNS, inputs, 1535)
    assert step.problems == [] and nothing not in step.done and step.state.owner()["EIC"] == "BLUE"


def test_a_war_or_dice_from_a_player_without_the_action_names_those_who_chose_it():
    """rulebook 003 (The Peace of Westphalia), 'Player Turns': 'Players will choose 2/3 of Combat
    Heresy, Engage in Diplomacy, & Wage War'; 'Setting the Warfare Stage': 'each Player Waging War
    may ... Declare War'. A war declared by a player not Waging War was refused as 'a declaration
    by a player Waging War', not saying who is (the doctrine's refusal does): the GM sees whether
    the declarer or his actions are mistyped. So for dice from a player not Combatting Heresy."""
    state = board()
    rows = [{"player": p, "actions": [T.DIPLOMACY, T.WAR] if p in ("BLUE", "ORANGE") else [T.HERESY, T.DIPLOMACY],
             "convert": False, "influence": 0} for p in ORDER]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [
        {"declarer": "GREEN", "target": "Trier", "winner": "GREEN"}]}, 1535)
    assert step.problems[0][3] == "a declaration by a player Waging War: BLUE, ORANGE this round", step.problems
    step = steps.apply(VARIANT, board(), steps.TURNS, {"turns": rows, "dice": [
        {"player": "BLUE", "target": "EIC", "count": 1}]}, 1535)
    assert step.problems[0][3] == "dice only from a player Combatting Heresy: RED, YELLOW, GREEN this round"


def test_the_additional_province_with_a_heretical_die_left_on_it_is_refused():
    """003_b5b9eb4920d39694.txt, 'Spread the Faith': "Dice of your religion placed on heretical
    provinces you control convert the province they're on, and an additional heretical province of
    your choice that you control that does not have a heretical dice on it" (NOTES.md, 'Spread the
    Faith's additional province': refused when any die is left on it after the cancelling).
    Protestant Blue places a die on his DUI, DUR as its additional province, and one on DUR; Red
    places 2 Catholic dice on DUR, one cancelling Blue's and one left: DUR has a heretical die on
    it, so Blue may not choose it, and is told so at the Also converts cell rather than seeing his
    choice come to nothing."""
    state = board()
    state.religion["BLUE"] = "protestant"
    rows = [{"player": p, "actions": [T.HERESY, T.DIPLOMACY], "convert": False, "influence": 0} for p in ORDER]
    dice = [{"player": "BLUE", "target": "DUI", "count": 1, "also": "DUR"},
            {"player": "BLUE", "target": "DUR", "count": 1}, {"player": "RED", "target": "DUR", "count": 2}]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "dice": dice}, 1535)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(0, "dice also", "DUR")]
    assert "does not have a heretical dice on it" in step.problems[0][3]
    # with Red's dice only cancelling Blue's on DUR, nothing is left there: DUR goes with DUI
    dice[2]["count"] = 1
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "dice": dice}, 1535)
    assert step.problems == [] and {"DUI", "DUR"} <= set(step.state.protestant)
