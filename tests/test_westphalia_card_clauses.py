"""The Peace of Westphalia's battle card engine and the Religious War's Defender of the Faith,
clause by clause: the clauses an earlier audit left without a citing test, and two the engine
got wrong (the Advanced Rifling discard chosen by the pikeman's player, a call for fewer
reinforcements than the Imperial Power gives).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Battles', 'Religious War Declared', 'Religious War Battle'.
"""

from __future__ import annotations

import pytest

from gm_tools.systems.westphalia.cards import (CAVALRY, MUSKET, PIKE, DuelError, Play, Side, battle, fight,
                                               league_battle, pay_for_cards, read_orders)
from gm_tools.systems.westphalia.state import Holding, State

EMPTY_DECK = {PIKE: 0, MUSKET: 0, CAVALRY: 0}
"""No card dealt: every hand is the cards bought, so a test knows it."""


def _battle(line_a: str, line_b: str, round_number: int = 1, doctrines=("Flexible", "Flexible")) -> str:
    return battle(0, 0, 0, 0, doctrines, (read_orders(line_a), read_orders(line_b)), EMPTY_DECK, "s",
                  round_number, 5, 2)


def test_the_advanced_rifling_discard_is_the_musketeers_players_choice():
    """'Musketeers vs. Pikemen ... Advanced Rifling - Rounds 5-6 in addition, the Player who played
    the Pikeman must discard an additional card of his opponent's choice.' Blue's musketeer beats
    Red's pikeman in round 5: Blue's `rifle:C` takes Red's cavalry, so Red is left his musketeer
    (the choice ignored, the engine would take the musketeer and Red could not show it next)."""
    assert _battle("gold:P,C,M P M", "gold:M,M M rifle:C M", round_number=5) == "b"


@pytest.mark.parametrize("line_a, line_b", [
    ("gold:P,C,M P rifle:C M", "gold:M,M M M"),            # the pikeman's player chooses alone
    ("gold:P,C,M P rifle:C M", "gold:M,M M rifle:M M"),    # and before his opponent
])
def test_the_pikemans_player_does_not_choose_his_own_discard(line_a, line_b):
    """'the Player who played the Pikeman must discard an additional card of his opponent's
    choice': a `rifle:` on the pikeman's side is not his to make, and is refused (it was taken,
    even over the musketeer's player's own)."""
    with pytest.raises(DuelError, match="Musketeers"):
        _battle(line_a, line_b, round_number=5)


@pytest.mark.parametrize("line_a, line_b, round_number", [
    ("gold:M,M M rifle:C M", "gold:P,C,M P M", 4),   # Musketeers against Pikemen before round 5
    ("gold:P,P P rifle:C P", "gold:P,P P P", 5),      # Pikemen against Pikemen
])
def test_a_rifling_choice_where_advanced_rifling_does_not_apply_is_refused(line_a, line_b, round_number):
    """'Musketeers vs. Pikemen ... Advanced Rifling - Rounds 5-6 in addition, the Player who played
    the Pikeman must discard an additional card of his opponent's choice': a `rifle:` after any other
    card, or before round 5, makes no discard, and is refused (it was dropped unread)."""
    with pytest.raises(DuelError, match="Advanced Rifling"):
        _battle(line_a, line_b, round_number=round_number)


def test_the_religious_wars_melee_takes_the_rifling_choice_from_the_musketeers_player():
    """'Religious War Battle': the Leagues fight 'following the standard rules for battle', so the
    Advanced Rifling discard is the musketeer's player's choice there too."""
    armies = {"X": (0, 0, "Flexible", read_orders("gold:P,C,M P rifle:C M")),
              "Z": (0, 0, "Flexible", read_orders("gold:M,M M M"))}
    with pytest.raises(DuelError, match="Musketeers"):
        league_battle(armies, (["X"], ["Z"]), EMPTY_DECK, "s", 5, 5, 2)


def test_reinforcements_are_as_many_as_the_imperial_power_gives():
    """'When Calling for Reinforcements, he draws from his battle discard pile as many Military
    Cards as his Imperial Power says he has reinforcements. The cards he draws are of his choice,
    but he may not draw more than he has cards in the discard pile': with 2 in reserve and 2 in
    the pile he draws 2, not 1."""
    def duel(call):
        return fight(Side({PIKE: 2, MUSKET: 0, CAVALRY: 0}, 2), Side({PIKE: 3, MUSKET: 0, CAVALRY: 0}, 0),
                     [Play(PIKE, PIKE), Play(PIKE, PIKE, call_a=call), Play(PIKE, PIKE)], 1)

    assert duel((PIKE, PIKE)) == "a"  # Blue runs out of cards first, with nothing to call
    with pytest.raises(DuelError, match="2 reinforcements"):
        duel((PIKE,))
    # the pile caps the draw: 1 in it, 1 drawn, though the Imperial Power gives 2
    assert fight(Side({PIKE: 1, MUSKET: 0, CAVALRY: 0}, 2), Side({PIKE: 2, MUSKET: 0, CAVALRY: 0}, 0),
                 [Play(PIKE, PIKE, call_a=(PIKE,)), Play(PIKE, PIKE)], 1) == "white peace"


def test_a_doctrine_exchanges_at_most_two_cards():
    """'In addition, Players may discard up to 2 cards faceup and draw replacements according to
    their Military Doctrines': a third exchange is refused."""
    assert _battle("gold:P,P,P swap:P>M swap:P>M M", "gold:P P") == "a"
    with pytest.raises(DuelError, match="at most 2 exchanges"):
        _battle("gold:P,P,P swap:P>M swap:P>M swap:P>M M", "gold:P P")


def test_a_musketeers_player_lacking_musketeers_discards_two_pikemen():
    """'Cavalry vs. Musketeers - ... The Player who played Musketeers discards an additional
    Pikeman and Musketeer from his hand. If he lacks one of the unit types he must say so and
    discard 2 of the infantry he does have instead.' Blue, his one musketeer shown, discards two
    pikemen instead and keeps the third."""
    a, b = Side({PIKE: 0, MUSKET: 0, CAVALRY: 1}, 0), Side({PIKE: 3, MUSKET: 1, CAVALRY: 0}, 0)
    with pytest.raises(DuelError, match="plays end"):
        fight(a, b, [Play(CAVALRY, MUSKET)], 1)
    # 1 card against Red's 1: no rout ('if the Player who played Cavalry has 2x his opponent's cards')
    assert b.hand == {PIKE: 1, MUSKET: 0, CAVALRY: 0} and b.discard == {PIKE: 2, MUSKET: 1, CAVALRY: 0}
    assert not b.routed


def test_a_principality_buys_no_cards():
    """'After drawing Military Cards, Players may pay Gold to draw extra Military Cards of their
    choice at a rate of 1:1': Players pay; a principality holds no Gold ('Players earn 2 Gold for
    each town they own'), so a card bought for it is refused."""
    state = State(setup_order=("RED",), initiative=("RED",))
    state.princes = {"RED": Holding(("EIC",), "EIC")}
    state.principalities = {"Ulm": Holding(("BIE", "BON"), "BIE")}
    state.gold = {"RED": 1}
    with pytest.raises(DuelError, match="at most 0 card"):
        pay_for_cards(state, {"RED": read_orders("gold:C"), "Ulm": read_orders("gold:C")}, [])
    paid: list[str] = []
    pay_for_cards(state, {"RED": read_orders("gold:C"), "Ulm": read_orders("P")}, paid)
    assert state.gold["RED"] == 0 and paid == ["RED pays 1 Gold for 1 Military Card(s)"]


def test_the_defender_of_the_faith_with_no_influence_in_his_league_is_its_first_in_initiative_order():
    """'Religious War Declared': "Finally, the Player with the most DI on the Target Principality in
    the DOTF's League becomes the DOTF. If no Players in the DOTF's League have DI with the Target
    Principality, the Player first in Initiative Order becomes the DOTF. The DOTF gains DI with the
    Target Principality sufficient to become its ally if not already." Nobody of the Catholic League
    holds influence on Trier: Yellow, its first in Initiative Order, defends it, with one more than
    Red's 1."""
    from gm_tools.systems.westphalia.figures import ally
    from gm_tools.systems.westphalia.religiouswar import ReligiousWar, defender

    order = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
    state = State(setup_order=order, initiative=order)
    state.principalities = {"Trier": Holding(("ALT",), "ALT")}
    state.influence = {"Trier": {"RED": 1}}
    names = ("Catholic League", "Evangelical League")
    war = ReligiousWar("Trier", "RED", leagues={"RED": names[1], "GREEN": names[0], "YELLOW": names[0]})
    assert defender(state, war, names) == "YELLOW"
    assert state.influence["Trier"] == {"RED": 1, "YELLOW": 2} and ally(state, "Trier") == "YELLOW"
    # with influence there, the most of it in the League decides, not the Initiative Order
    state.influence = {"Trier": {"RED": 1, "GREEN": 3, "YELLOW": 1}}
    assert defender(state, war, names) == "GREEN" and state.influence["Trier"]["GREEN"] == 3


def test_every_player_of_the_religious_war_draws_as_his_imperial_power_says():
    """'Religious War Battle': "First, as during Wage War, each Player participating in the Religious
    War draws Military Cards according to his Imperial Power" ('up to a max of 12 cards'). Three
    Catholics of 12 cards each need more than the 30 of the deck ('30 Military Unit poker cards');
    Blue, of the Evangelical League, still draws his 4 (the deal was cut short where the deck ran
    out, so the League dealt last fought with none). The deck holds pikemen only, so the hands
    are known: Red's 12 outlast Blue's 4."""
    pikes = {PIKE: 30, MUSKET: 0, CAVALRY: 0}
    armies = {"RED": (12, 0, "Flexible", read_orders("P P P P")), "GREEN": (12, 0, "Flexible", read_orders("")),
              "YELLOW": (12, 0, "Flexible", read_orders("")), "BLUE": (4, 0, "Flexible", read_orders("P P P P"))}
    melee = league_battle(armies, (["RED", "GREEN", "YELLOW"], ["BLUE"]), pikes, "s", 1, 5, 2)
    assert melee.winner == 0 and melee.log == ["RED beats BLUE and goes In Reserve"]


def test_a_player_with_no_cards_loses_his_engagement_at_once():
    """'Battles', which the Religious War's melee follows ("following the standard rules for
    battle"): "If a Player runs out of cards or routes, he discards the rest of his cards and must
    call for his reinforcements. If he does not have reinforcements ..., he loses the battle."
    Red draws no card (no Imperial Power: a player who lost his provinces this round, with no ally)
    and has none to call: he loses to Blue without a card shown, and Blue goes In Reserve with his
    army whole (the engine asked Red for cards he could not have)."""
    armies = {"RED": (0, 0, "Flexible", read_orders("")), "BLUE": (0, 0, "Flexible", read_orders("gold:P"))}
    melee = league_battle(armies, (["RED"], ["BLUE"]), EMPTY_DECK, "s", 1, 5, 2)
    assert melee.winner == 1 and melee.log == ["BLUE beats RED and goes In Reserve"]


@pytest.mark.parametrize("line", ["call:P P P", "rifle:C P P"])
def test_a_call_or_rifling_choice_before_any_card_is_refused(line):
    """'Call for Reinforcements - After any round of battle a Player may Call for Reinforcements';
    'Advanced Rifling ... an additional card of his opponent's choice' follows a card shown: typed
    before the first card, neither follows a round, and it is refused (it was dropped unread)."""
    with pytest.raises(DuelError, match="after a card"):
        read_orders(line)


@pytest.mark.parametrize("line", ["P call:P call:M", "M rifle:C rifle:P"])
def test_a_second_call_or_rifling_choice_after_one_card_is_refused(line):
    """'A Player may only Call for Reinforcements once during a battle'; 'an additional card of his
    opponent's choice' is one card: a second `call:` or `rifle:` after the same card is refused
    (it replaced the first, which was dropped unread)."""
    with pytest.raises(DuelError, match="one .* after a card"):
        read_orders(line)


@pytest.mark.parametrize("cards_b, why", [
    ("P X", "no unit"),                     # a card that is no unit
    ("C C C C", "not in the hand"),          # the deck holds pikemen only
    ("gold:M P P P P", "at most 0 card"),    # Blue has no Gold ('pay Gold ... at a rate of 1:1')
])
def test_a_wrong_card_of_the_target_is_named_at_the_targets_cards(cards_b, why):
    """'Battles': each Player draws, buys and shows his own cards, so a wrong card is his line's:
    a mistake in the Target's line is named at the Wars sheet's Target's cards cell with that line,
    not at the Declarer's cards with the declarer's (which is right)."""
    from gm_tools.systems.westphalia import steps
    from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

    from card_war_board import war_board

    variant, state, order = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0})
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in order]
    war = {"declarer": "RED", "target": "BLUE", "winner": "", "cards_a": "P P P P", "cards_b": cards_b}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war]}, 1535)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(0, "target cards", cards_b)]
    assert why in step.problems[0][3]


def test_the_targets_cards_are_named_at_their_cell_on_the_wars_sheet():
    """The Wars sheet's rows as read back from the workbook: Blue's line, with a card he cannot
    show, is named at its own cell, Wars!F2 (the Target's cards), with what was found there
    (house rule: an error names the sheet, the cell, what was found and what was expected)."""
    from gm_tools.engine.hooks import InputRow, hooks_for
    from gm_tools.engine.model import Position
    from gm_tools.systems.westphalia.sheets import TURNS, WARS
    from gm_tools.systems.westphalia.state import with_state
    from gm_tools.systems.westphalia.turns import ACTIONS, DIPLOMACY, WAR

    from card_war_board import war_board

    variant, state, order = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0})
    turns = [InputRow({"Player": p, DIPLOMACY: "yes", WAR: "yes"},
                      {c: f"{TURNS}!{'ABCD'[j]}{n}" for j, c in enumerate(("Player",) + ACTIONS)})
             for n, p in enumerate(order, start=2)]
    war = InputRow({"Declarer": "RED", "Against": "BLUE", "Declarer's cards": "P P P P", "Target's cards": "C C C C"},
                   {"Declarer": "Wars!A2", "Against": "Wars!B2", "Winner": "Wars!C2", "Declarer's cards": "Wars!E2",
                    "Target's cards": "Wars!F2"})
    _, problems = hooks_for(variant).check_inputs(variant, with_state(Position(phase="R1535T"), state),
                                                  {TURNS: turns, WARS: [war]})
    assert [(p.sheet, p.cell, p.found) for p in problems] == [("Wars", "F2", "'C C C C'")]
    # and the declarer's at his (both were named on the Player Turns sheet, with no cell)
    war.values.update({"Declarer's cards": "C C C C", "Target's cards": "P P P P"})
    _, problems = hooks_for(variant).check_inputs(variant, with_state(Position(phase="R1535T"), state),
                                                  {TURNS: turns, WARS: [war]})
    assert [(p.sheet, p.cell, p.found) for p in problems] == [("Wars", "E2", "'C C C C'")]


def test_a_wrong_card_in_the_religious_wars_melee_is_named_at_its_players_row():
    """'Religious War Battle': "each Player participating in the Religious War draws Military Cards"
    and shows his own: Red's cavalry, which his hand (pikemen only) does not hold, is named at
    Red's row of the Religious War Cards sheet with his line, not at the Winning League cell."""
    from gm_tools.systems.westphalia import steps
    from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

    from card_war_board import war_board
    from test_westphalia_wars import ORDER, religious_board

    variant = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0})[0]
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "",
           "emperor_league": None, "electors": [], "cards": {"BLUE": "P", "RED": "C", "YELLOW": "P"}}
    step = steps.apply(variant, religious_board(), steps.TURNS, {"turns": rows, "religious_war": war}, 1585)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(1, "war cards", "C")]
    assert "not in the hand" in step.problems[0][3]


def _religious_war_cards_problems(lines):
    """The problems of a Religious War declared by Red on Trier, Blue joining the Catholic League,
    with the Religious War Cards sheet's rows (player, line) as read back from the workbook."""
    from gm_tools.engine.hooks import InputRow, hooks_for
    from gm_tools.engine.model import Position
    from gm_tools.systems.westphalia.sheets import RELIGIOUS_WAR, TURNS, WAR_CARDS, WAR_LEAGUES
    from gm_tools.systems.westphalia.state import with_state
    from gm_tools.systems.westphalia.turns import ACTIONS, DIPLOMACY, WAR

    from card_war_board import war_board
    from test_westphalia_wars import ORDER, religious_board

    variant = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0})[0]
    state = religious_board()
    turns = [InputRow({"Player": p, DIPLOMACY: "yes", WAR: "yes", "League": state.leagues.get(p)},
                      {c: f"{TURNS}!{'ABCDE'[j]}{n}" for j, c in enumerate(("Player",) + ACTIONS + ("League",))})
             for n, p in enumerate(ORDER, start=2)]
    items = [InputRow({"Item": item, "Value": value}, {"Item": f"{RELIGIOUS_WAR}!A{n}", "Value": f"{RELIGIOUS_WAR}!B{n}"})
             for n, (item, value) in enumerate((("Declarer", "RED"), ("Target", "Trier")), start=2)]
    leagues = [InputRow({"Player": "BLUE", "League": "Catholic League"}, {"Player": f"{WAR_LEAGUES}!A2",
                                                                           "League": f"{WAR_LEAGUES}!B2"})]
    cards = [InputRow({"Player": p, "Cards": line}, {"Player": f"{WAR_CARDS}!A{n}", "Cards": f"{WAR_CARDS}!B{n}"})
             for n, (p, line) in enumerate(lines, start=2)]
    _, problems = hooks_for(variant).check_inputs(variant, with_state(Position(phase="R1585T"), state), {
        TURNS: turns, RELIGIOUS_WAR: items, WAR_LEAGUES: leagues, WAR_CARDS: cards})
    return [(p.sheet, p.cell, p.found) for p in problems]


def test_the_religious_war_cards_are_named_at_their_cell():
    """The Religious War Cards sheet as read back from the workbook: Red's line is named at its
    Cards cell, B3 (it was named at the Religious War sheet's Winning League cell)."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    assert _religious_war_cards_problems((("BLUE", "P"), ("RED", "C"), ("YELLOW", "P"))) == [(WAR_CARDS, "B3", "'C'")]


def test_a_call_before_any_card_in_the_melee_is_named_at_its_players_cards():
    """'After any round of battle a Player may Call for Reinforcements': Red's `call:` before his
    first card is refused at Red's own Cards cell, B3 (it was named at the Religious War sheet's
    Winning League cell, the line not being read player by player)."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    found = _religious_war_cards_problems((("BLUE", "P"), ("RED", "call:P P"), ("YELLOW", "P")))
    assert found == [(WAR_CARDS, "B3", "'call:P P'")]


def test_a_mistake_is_named_at_its_players_row_below_another_players_two_rows():
    """Blue typed two rows (the sheet keeps his last, as the League rows do); Red's wrong line, on
    the fourth row (B5), is named there, not at Blue's second row (B4) with Red's line."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    found = _religious_war_cards_problems((("BLUE", "P"), ("YELLOW", "P"), ("BLUE", "P"), ("RED", "C")))
    assert found == [(WAR_CARDS, "B5", "'C'")]


def test_a_line_for_a_player_in_no_league_is_refused_at_its_row():
    """'Religious War Battle': "each Player participating in the Religious War draws Military
    Cards"; Green joined no League, so fights in neither: his line on the fourth row (B5) is
    refused there (it was dropped unread, the war fought without it)."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    found = _religious_war_cards_problems((("BLUE", "P P P P P"), ("RED", "P P P P P"), ("YELLOW", "P"),
                                           ("GREEN", "P P")))
    assert found == [(WAR_CARDS, "B5", "'P P'")]
    assert _religious_war_cards_problems((("BLUE", "P P P P P"), ("RED", "P P P P P"), ("YELLOW", "P"))) == []


def test_a_fighting_player_with_no_row_is_named_as_missing():
    """'each Player participating in the Religious War draws Military Cards': Blue, of the Catholic
    League, has no row on the Religious War Cards sheet; with no cell of his, the refusal at the
    Winning League cell says what was found there for him, no row (it said it found 'the Religious
    War Cards', which no cell holds)."""
    assert _religious_war_cards_problems((("RED", "P P P P P"), ("YELLOW", "P"))) == [
        ("Religious War", "B5", "'no row for BLUE on the Religious War Cards sheet'")]
