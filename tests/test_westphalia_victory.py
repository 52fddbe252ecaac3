"""The Peace of Westphalia: how the game is won (issue 15 item 5), each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'How to Win' and '9-14 Player Variant', '3-4 Player
Variant'.
"""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import Position
from gm_tools.engine.rules import rules_for, variant_for_game
from gm_tools.systems.westphalia.state import Holding, State, with_state
from gm_tools.systems.westphalia.victory import peace_of_westphalia, religious, westphalia_power

VARIANT = variant_for_game(load_variant("westphalia"), 5)
RULES = rules_for(VARIANT)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")


def protestant_empire() -> State:
    """Every Elector, the Emperor and most provinces Protestant."""
    state = State(setup_order=ORDER, initiative=ORDER, emperor="BLUE", emperor_since=4)
    lands = {"RED": ("EIC", "EIS"), "BLUE": ("DUI", "DUR"), "YELLOW": ("DRE", "GOI"), "GREEN": ("BER", "DIL"),
             "ORANGE": ("DES", "FRS")}
    state.princes = {p: Holding(land, land[0]) for p, land in lands.items()}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Mainz": Holding(("AMB",), "AMB")}
    state.electors = ("Mainz", "Trier")
    state.religion = {"RED": "protestant", "BLUE": "protestant", "GREEN": "protestant"}
    state.protestant = ("ALT", "AMB", "EIC", "EIS", "DUI", "DUR", "BER", "DIL")
    state.reformation = {"RED": 9, "BLUE": 4, "GREEN": 4}
    return state


def test_protestant_victory_and_ties_for_the_last_spot():
    """'There are more Protestant provinces than Catholic ones; All Electors are Protestant; The
    Emperor is Protestant. The Protestant players with the most Reformation Points are saved by
    Faith Alone and win; 2 players in a 5-6 player game ... In the case of a tie, more players
    may win by tying for the last spot.'"""
    state = protestant_empire()
    verdict = religious(VARIANT, state, 1585, after_war=True)
    assert verdict.winners == ("RED", "BLUE", "GREEN") and "Protestant Victory" in verdict.reason
    state.reformation["GREEN"] = 3
    assert religious(VARIANT, state, 1585, after_war=True).winners == ("RED", "BLUE")


def test_no_religious_victory_before_round_four_or_with_a_catholic_elector():
    """'At any point starting after the Religious War Phase of Round 4'; 'All Electors are
    Protestant'; 'The Emperor is Protestant'."""
    state = protestant_empire()
    assert religious(VARIANT, state, 1560, after_war=True) is None      # round 3
    assert religious(VARIANT, state, 1585, after_war=False) is None     # round 4, before its war
    state.protestant = tuple(p for p in state.protestant if p != "ALT")  # Trier is Catholic
    assert religious(VARIANT, protestant_empire(), 1610, after_war=False) is not None
    assert religious(VARIANT, state, 1610, after_war=True) is None
    state = protestant_empire()
    state.emperor = "YELLOW"
    assert religious(VARIANT, state, 1610, after_war=True) is None


@pytest.mark.parametrize("players, places", [(3, 1), (4, 2), (5, 2), (8, 3), (9, 3), (12, 4), (14, 5)])
def test_how_many_are_saved(players, places):
    """'2 players in a 5-6 player game, or 3 players in a 7-8 player game'; '3 players win ... in
    a 9 player game, 4 players ... in a 10-12 player game, and 5 players ... in a 13-14 player
    game'; '1 player wins ... in a 3 player game, 2 players win ... in a 4 player game'."""
    assert load_variant("westphalia").tables["victory"]["religious_winners"][str(players)] == places


def test_peace_of_westphalia_victory():
    """'Subtract all Imperial Power contributed by Foreign Power Home Provinces. Then each player
    adds 3 Imperial Power for each orthodox town they own. The player with the most Imperial
    Power wins. In cases of ties, the winner is chosen from among the tied players by the
    Emperor.'"""
    state = protestant_empire()
    state.foreign["ORANGE"] = {"home": "France", "edge": "west", "troubles": 2, "per_round": 4}
    # Orange: 2 orthodox provinces + 3 for its Catholic capital; its home province's 4 x 6 - 2 left out
    assert westphalia_power(VARIANT, state, "ORANGE", 1635) == 2 + 3
    state.influence = {"Trier": {"RED": 2}}
    # the Emperor's 6 + 2 in round 6 counts: Blue 2 + 8 + 3 against Red's 2 + Trier 3 + 3
    assert peace_of_westphalia(VARIANT, state, 1635).winners == ("BLUE",)
    state.emperor = None
    verdict = peace_of_westphalia(VARIANT, state, 1635)
    assert verdict.winners == ("RED",) and not verdict.tied
    state.influence = {}
    tied = peace_of_westphalia(VARIANT, state, 1635)
    assert tied.tied and len(tied.winners) == 5 and "chosen from among the tied players by the Emperor" in tied.reason


def test_the_game_ends_with_the_verdict():
    """The rules' hooks end the game: one winner, or a shared result for several."""
    state = protestant_empire()
    position = with_state(Position(phase="R1585F"), state)
    assert RULES.winner(VARIANT, position) is None
    powers, reason = RULES.draw(VARIANT, position)
    assert powers == ("RED", "BLUE", "GREEN") and "Protestant Victory" in reason
    assert RULES.draw(VARIANT, with_state(Position(phase="R1585T"), state)) is None  # before round 4's war
    state.influence = {"Trier": {"RED": 2, "YELLOW": 1}, "Mainz": {"RED": 1}}
    state.emperor = "YELLOW"  # a Catholic Emperor: no religious victory
    after_six = with_state(Position(phase="R1660I"), state)
    # Yellow: 2 orthodox + Emperor 8 + town 3 = 13; Red: 2 + Trier 3 + Mainz 3 + town 3 = 11
    assert RULES.winner(VARIANT, after_six) == "YELLOW"


def _record(state: State, phase: str, **ending) -> dict:
    """A history record ending the game at ``phase``'s step, as the turn stores it (its verdict
    under ``extra.outcome.scoring``), less what the pages do not read."""
    from gm_tools.engine.positions import position_to_json
    from gm_tools.engine.phase import next_phase, parse_phase

    upcoming = next_phase(VARIANT.calendar, parse_phase(phase))
    while RULES.skips_phase(VARIANT, Position(phase=phase), upcoming.id):  # the Setup comes once
        upcoming = next_phase(VARIANT.calendar, upcoming)
    after = with_state(Position(phase=upcoming.id), state)
    verdict = RULES._verdict(VARIANT, after)
    return {"phase": phase, "after": position_to_json(after), "winner": None, "next_phase": None,
            "extra": {"outcome": {"scoring": {"verdict": verdict.reason}}}, **ending}


def test_the_pages_name_the_victory_and_the_figure_that_decided_it():
    """QA F5: 'Victory can be achieved in one of three ways' - the pages name the one that ended
    the game, the players by name, with the figure that decided it: the winner's Reformation
    Points ('The Protestant players with the most Reformation Points are saved by Faith Alone
    and win'), or a shared victory's count; a record kept without the verdict has it worked
    out again from its board."""
    from gm_tools.engine.rules import Victory
    from gm_tools.publish.judgetext import game_over_words

    state = protestant_empire()
    state.religion = {"RED": "protestant"}  # the only Protestant: saved alone
    state.emperor = "RED"
    record = _record(state, "R1585F", winner="RED")
    victory = RULES.victory(VARIANT, record)
    assert victory == Victory("Protestant Victory", "9 Reformation Points",
                              "More Protestant provinces (8 to 4), every Elector and the Emperor Protestant; the "
                              "Protestant players with the most Reformation Points are saved by Faith Alone "
                              "(Reformation Points: Red Phoenix 9)")
    assert game_over_words(VARIANT, record)[0] == (
        "The game is over: Red Phoenix has won the Protestant Victory with 9 Reformation Points.")
    older = dict(record, extra={})  # no verdict kept: worked out from the board after the step
    assert RULES.victory(VARIANT, older) == victory
    shared = _record(protestant_empire(), "R1585F", draw={"powers": ["RED", "BLUE", "GREEN"], "reason": ""})
    victory = RULES.victory(VARIANT, shared)
    assert (victory.name, victory.figure) == ("Protestant Victory", "")
    assert victory.detail.endswith("(Reformation Points: Red Phoenix 9, Blue Kraken 4, Green Serpent 4)")
    assert game_over_words(VARIANT, shared)[0] == (
        "The game is over: Red Phoenix, Blue Kraken and Green Serpent share the Protestant Victory.")


def test_a_tie_for_the_peace_of_westphalia_victory_is_the_emperors_to_break():
    """'In cases of ties, the winner is chosen from among the tied players by the Emperor': the
    pages say so, with the count."""
    state = protestant_empire()
    state.emperor = None
    record = _record(state, "R1635X", draw={"powers": list(ORDER), "reason": ""})
    victory = RULES.victory(VARIANT, record)
    assert (victory.name, victory.figure) == ("Peace of Westphalia Victory", "5 Imperial Power toward victory each")
    assert victory.detail.endswith("Red Phoenix 5, Blue Kraken 5, Yellow Elephant 5, Green Serpent 5, Orange Stag 5; "
                                   "tied, the Emperor chooses the winner from among the tied players")
    assert RULES.victory(VARIANT, dict(record, draw=None, extra={}, after={**record["after"], "phase": "R1635X"})) \
        is None  # no verdict yet at that board: the pages say only who won


def test_the_victorys_figure_says_the_imperial_power_shown_and_what_the_victory_counts():
    """003_b5b9eb4920d39694.txt, 'Peace of Westphalia Victory': 'Subtract all Imperial Power
    contributed by Foreign Power Home Provinces. Then each player adds 3 Imperial Power for each
    orthodox town they own. The player with the most Imperial Power wins.' The demo's status
    said "won by Yellow Elephant (Peace of Westphalia Victory, 31 Imperial Power)" beside
    standings giving Yellow Elephant 28 Imperial Power, the difference told only by the
    caption. The figure gives both, and what makes the difference, in the rule's words: the
    orthodox towns added, a Foreign Power Home Province's Imperial Power taken off."""
    state = protestant_empire()
    state.emperor = None
    state.influence = {"Trier": {"RED": 2}}  # Red: 2 provinces + Trier 3, and its capital
    record = _record(state, "R1635X", winner="RED")
    victory = RULES.victory(VARIANT, record)
    assert victory.figure == "5 Imperial Power, 8 toward victory counting 3 for its orthodox town"
    state = protestant_empire()
    state.emperor = None
    state.foreign["ORANGE"] = {"home": "France", "edge": "west", "troubles": 2, "per_round": 4}
    # a Foreign Power's capital is its Home Province, off the board: its towns here are conquered
    state.princes["ORANGE"] = Holding(("DES", "DRE", "FRS"), "")
    state.towns = {"DES": "ORANGE", "DRE": "ORANGE"}
    state.princes["YELLOW"] = Holding(("GOI",), "GOI")
    state.influence = {"Trier": {"ORANGE": 2}, "Mainz": {"ORANGE": 1}}
    record = _record(state, "R1635X", winner="ORANGE")
    # Orange: 3 provinces, Trier 3, Mainz 3, the home province's 4 x 6 - 2 = 22: 31 shown;
    # toward victory 31 - 22 + 2 towns x 3 = 15
    assert RULES.victory(VARIANT, record).figure == (
        "31 Imperial Power, 15 toward victory counting 3 for each of its 2 orthodox towns, less its Foreign "
        "Power Home Province's 22")
    from gm_tools.engine.positions import position_from_json

    notes = RULES.scores(VARIANT, position_from_json(record["after"])).notes
    assert notes["ORANGE"] == ("Foreign Power (France); 15 toward victory counting 3 for each of its 2 orthodox "
                               "towns, less its Foreign Power Home Province's 22")
