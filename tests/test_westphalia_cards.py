"""The Peace of Westphalia's optional battle card engine (issue 16 item 2), each test citing the
rulebook: the deck from the seed, the doctrines' exchanges, and the duel's rules.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Battles'.
"""

from __future__ import annotations

import pytest

from gm_tools.systems.westphalia.cards import (CAVALRY, DOCTRINES, MUSKET, PIKE, DuelError, Play, Side, check_exchange,
                                               deck, fight)

from card_war_board import war_board


def side(p=0, m=0, c=0, reserves=0) -> Side:
    return Side({PIKE: p, MUSKET: m, CAVALRY: c}, reserves)


def test_the_deck_is_shuffled_from_the_seed():
    """'Players randomly draw cards from the deck': the same seed, the same deck."""
    counts = {PIKE: 10, MUSKET: 10, CAVALRY: 10}
    one = deck(counts, "1510 RED-BLUE")
    assert sorted(one) == sorted([PIKE] * 10 + [MUSKET] * 10 + [CAVALRY] * 10)
    assert one == deck(counts, "1510 RED-BLUE") and one != deck(counts, "1510 RED-GREEN")


@pytest.mark.parametrize("doctrine, give, take, ok", [
    ("Flexible", (PIKE,), (CAVALRY,), True),
    ("Defensive", (MUSKET,), (PIKE, PIKE), True),
    ("Defensive", (PIKE,), (MUSKET, MUSKET), False),
    ("Offensive", (PIKE,), (CAVALRY, MUSKET), True),
    ("Aristocratic", (MUSKET,), (CAVALRY, CAVALRY), True),
    ("Infantry", (CAVALRY,), (PIKE, MUSKET), True),
    ("Traditional", (MUSKET,), (PIKE, CAVALRY), True),
    ("Innovative", (CAVALRY,), (MUSKET, MUSKET), True),
    ("Innovative", (MUSKET,), (PIKE, PIKE), False),
])
def test_doctrine_exchanges(doctrine, give, take, ok):
    """The seven Military Doctrines' exchanges, as 'Military Doctrines' lists them."""
    assert (check_exchange(doctrine, give, take) is None) == ok
    assert len(DOCTRINES) == 7


def test_same_cards_both_discarded_and_pike_stops_cavalry():
    """'If the cards are the same, both are discarded.' 'Pikemen vs. Cavalry - Discard the Cavalry
    and return the Pikeman to its owner's hand. The player who played Cavalry may not play Cavalry
    again next round. If he only has Cavalry, he routes.'"""
    a, b = side(p=1, m=1), side(m=1, c=2)
    assert fight(a, b, [Play(MUSKET, MUSKET), Play(PIKE, CAVALRY)], 1) == "a"  # b has only cavalry: routs
    a, b = side(p=2, m=1), side(m=1, c=2)
    with pytest.raises(DuelError, match="no Cavalry this round"):
        fight(a, b, [Play(PIKE, CAVALRY), Play(PIKE, CAVALRY)], 1)


def test_muskets_beat_pikes_and_advanced_rifling():
    """'Musketeers vs. Pikemen - Discard the Pike and return the Musket'; 'Advanced Rifling -
    Rounds 5-6 in addition, the Player who played the Pikeman must discard an additional card of
    his opponent's choice.'"""
    early = fight(side(m=1, p=1), side(p=1, c=1), [Play(MUSKET, PIKE), Play(PIKE, CAVALRY)], 1)
    assert early == "a"  # b kept its cavalry in round 1, then lost it to a pike
    a, b = side(m=1, p=1), side(p=1, c=1)
    assert fight(a, b, [Play(MUSKET, PIKE, rifling_choice=CAVALRY)], 5) == "a"  # rifling takes the cavalry too
    assert b.discard == {PIKE: 1, MUSKET: 0, CAVALRY: 1}


def test_cavalry_charges_muskets():
    """'Cavalry vs. Musketeers - Discard the Musket and return the Cavalry to its owner's hand.
    The Player who played Musketeers discards an additional Pikeman and Musketeer from his hand.
    If he lacks one of the unit types he must say so and discard 2 of the infantry he does have
    instead. If he does not have 2 infantry cards to discard, he routes. In addition, if the
    Player who played Cavalry has 2x his opponent's cards, his opponent routes.'"""
    a, b = side(c=1, p=3), side(m=2, p=2, c=1)
    # b loses the musket, then a pikeman and a musketeer: 2 cards left against a's 4, a rout, and
    # those 2 are discarded too ('he discards the rest of his cards')
    assert fight(a, b, [Play(CAVALRY, MUSKET)], 1) == "a"
    assert b.discard == {PIKE: 2, MUSKET: 2, CAVALRY: 1} and b.routed
    a, b = side(c=2), side(m=1, p=1)
    assert fight(a, b, [Play(CAVALRY, MUSKET)], 1) == "a"  # one infantry left: routs


def test_reinforcements_once_and_white_peace():
    """'When Calling for Reinforcements, he draws from his battle discard pile as many Military
    Cards as his Imperial Power says he has reinforcements ... A Player may only Call for
    Reinforcements once'; 'If both Players run out of cards and reinforcements, the battle is
    Inconclusive and the Players sign a White Peace'."""
    # both out of cards: a still has a reinforcement to call, b none, so b loses
    assert fight(side(p=1, reserves=1), side(p=1), [Play(PIKE, PIKE)], 1) == "a"
    a, b = side(p=1, reserves=1), side(p=2)
    result = fight(a, b, [Play(PIKE, PIKE, call_a=(PIKE,)), Play(PIKE, PIKE)], 1)
    assert result == "white peace" and a.called
    with pytest.raises(DuelError, match="once"):
        fight(side(p=2, reserves=2), side(p=3), [Play(PIKE, PIKE, call_a=(PIKE,)), Play(PIKE, PIKE, call_a=(PIKE,))], 1)


def test_the_engine_fights_a_war_from_the_cards_entered():
    """With ``card_engine = true`` the Wars sheet takes each side's cards ('Players randomly
    draw cards from the deck according to their Imperial Power'): the battle's winner is the
    cards', a winner the GM also enters must agree, and a card not in the hand is refused."""
    from gm_tools.systems.westphalia import battles, cards, steps
    from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

    variant, state, order = war_board()
    # the hands the engine deals: Red draws first, then Blue, from the deck shuffled from the seed
    deck = cards.deck({u: 10 for u in cards.UNITS}, "1510 RED-BLUE 7")
    (ca, _), (cb, _) = battles.forces(state, "RED", 1510), battles.forces(state, "BLUE", 1510)
    hands = [{u: deck[:ca].count(u) for u in cards.UNITS}, {u: deck[ca:ca + cb].count(u) for u in cards.UNITS}]
    # both show their cards in the order P, M, C, until the duel is decided; the duel alone gives
    # the result the war must have
    shown = [[u for u in cards.UNITS for _ in range(h[u])] for h in hands]
    n = next(k for k in range(1, min(map(len, shown)) + 1) if _decides(hands, shown, k))
    expected = fight(Side(dict(hands[0]), 0), Side(dict(hands[1]), 0),
                     [Play(shown[0][i], shown[1][i]) for i in range(n)], 1)
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in order]
    war = {"declarer": "RED", "target": "BLUE", "winner": "", "cards_a": " ".join(shown[0][:n]),
           "cards_b": " ".join(shown[1][:n])}
    done = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war]}, 1510)
    assert done.problems == []
    winner = {"a": "RED", "b": "BLUE"}.get(expected)
    assert any(("wins by the cards" in t and winner in t) or "White Peace" in t for _, t in done.done)
    bad = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [{**war, "cards_a": "X"}]}, 1510)
    assert bad.problems[0][1] == "cards" and "no unit" in bad.problems[0][3]


def _decides(hands, shown, k) -> bool:
    try:
        fight(Side(dict(hands[0]), 0), Side(dict(hands[1]), 0), [Play(shown[0][i], shown[1][i]) for i in range(k)], 1)
        return True
    except DuelError:
        return False


# --- the Religious War's battle (issue 16 item 4) ------------------------------------------------


def _army(*cards: str, plays: str = "", reserves: int = 0):
    """An army with no cards dealt and ``cards`` bought, so a test knows every hand."""
    from gm_tools.systems.westphalia.cards import read_orders

    orders = read_orders(" ".join([f"gold:{','.join(cards)}"] + plays.split()))
    return (0, reserves, "Flexible", orders)


def test_league_battle_pairs_off_and_the_winner_meets_the_reserve():
    """'Players line up in Initiative Order by League and pair off, with those without opponents
    "In Reserve."'; 'The victorious Player's army does not return to full strength after winning
    the engagement, but instead either immediately begins to battle the Player first up "In
    Reserve" in the opposing League'. Rulebook 003, 'Religious War Battle'."""
    from gm_tools.systems.westphalia.cards import league_battle

    armies = {"X": _army("P", plays="P P"), "Y": _army("M", "M", plays="M"), "Z": _army("C", "M", plays="C M M")}
    melee = league_battle(armies, (["X", "Y"], ["Z"]), {}, "s", 1, 5, 2)
    assert melee.log == ["Z beats X, then meets Y from the Reserve", "Y beats Z and goes In Reserve"]
    assert melee.winner == 0


def test_league_battle_rout_rule_changed_unless_last_of_the_league():
    """'they do not route if they have 1/2 as many Military Cards as their opponent after a
    cavalry charge, unless you are the last Player remaining in your League and the opposing
    League combined has 2x the Military Cards as you after you lose a cavalry charge'; in an
    ordinary battle 'if the Player who played Cavalry has 2x his opponent's cards, his opponent
    routes'."""
    from gm_tools.systems.westphalia.cards import Play, Side, fight, league_battle

    charge = dict(X=_army("C", "C", "C", "C", "C", "C", plays="C C"),
                  Z=_army("M", "P", "M", "P", "P", plays="M P"), W=_army("P", plays="P"))
    # Z is not the last of its League: it stands, stops the next charge with a pike, and X,
    # with only cavalry left, routes ('If he only has Cavalry, he routes')
    melee = league_battle(charge, (["X"], ["Z", "W"]), {}, "s", 1, 5, 2)
    assert melee.winner == 1 and melee.log[0] == "Z beats X and goes In Reserve"
    # alone in its League, Z routes at the first charge
    alone = league_battle({k: charge[k] for k in ("X", "Z")}, (["X"], ["Z"]), {}, "s", 1, 5, 2)
    assert alone.winner == 0
    # the ordinary battle: 6 cards against 2 after the charge, Z routes
    x = Side({"P": 0, "M": 0, "C": 6}, 0)
    z = Side({"P": 3, "M": 2, "C": 0}, 0)
    assert fight(x, z, [Play("C", "M")], 1) == "a"


def test_league_battle_plays_must_last_the_engagement():
    from gm_tools.systems.westphalia.cards import DuelError, league_battle

    armies = {"X": _army("P", "P", plays="P"), "Z": _army("P", "P", plays="P")}
    with pytest.raises(DuelError, match="cards end"):
        league_battle(armies, (["X"], ["Z"]), {}, "s", 1, 5, 2)


def test_cards_bought_with_gold_cost_gold():
    """003_b5b9eb4920d39694.txt, 'Battles': "After drawing Military Cards, Players may pay Gold to
    draw extra Military Cards of their choice at a rate of 1:1": each card bought takes 1 Gold,
    so less Gold is left for the Tradeoffs ("All remaining Gold turns into Diplomatic
    Influence"), and a card the player cannot pay for is refused. The deck holds pikemen only,
    so the hands are known: Red's bought musketeer beats a pike, then pike meets pike."""
    from gm_tools.systems.westphalia import steps
    from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

    variant, state, order = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0})
    state.gold = {"RED": 3}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in order]
    war = {"declarer": "RED", "target": "BLUE", "winner": "", "cards_a": "gold:M M P P P", "cards_b": "P P P P"}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war]}, 1535)
    assert step.problems == []
    assert ("RED", "war with BLUE (Battle Phase 1); RED pays 1 Gold for 1 Military Card(s): RED wins by the "
                   "cards") in step.done
    assert ("RED", "turns 2 Gold into Diplomatic Influence") in step.done and step.state.saved_di["RED"] == 2
    state.gold = {"RED": 0}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war]}, 1535)
    assert [(f, found) for _, f, found, _ in step.problems] == [("cards", "gold:M M P P P")]
    assert step.problems[0][3].startswith("at most 0 card(s) bought by RED, its Gold")


def test_a_routed_side_discards_its_hand_and_must_call_at_once():
    """003_b5b9eb4920d39694.txt, 'Battles': "If a Player runs out of cards or routes, he discards
    the rest of his cards and must call for his reinforcements. If he does not have
    reinforcements or has already called for reinforcements, he loses the battle." a, left with
    only cavalry after Pike v Cavalry, routs: its last cavalry goes to the discard pile, from
    which it calls its one reinforcement."""
    a, b = side(c=2, reserves=1), side(p=1)
    a.discard = {PIKE: 1, MUSKET: 0, CAVALRY: 0}
    assert fight(a, b, [Play(CAVALRY, PIKE, call_a=(PIKE,)), Play(PIKE, PIKE)], 1) == "white peace"
    a, b = side(c=2, reserves=1), side(p=2)
    a.discard = {PIKE: 1, MUSKET: 0, CAVALRY: 0}
    with pytest.raises(DuelError, match="must call its reinforcements now"):  # a routed side plays on
        fight(a, b, [Play(CAVALRY, PIKE), Play(CAVALRY, PIKE)], 1)
    a, b = side(c=2, reserves=1), side(p=2)
    a.discard = {PIKE: 1, MUSKET: 0, CAVALRY: 0}
    fight_ = [Play(CAVALRY, PIKE, call_a=(CAVALRY,))]  # the discarded cavalry may be called back
    with pytest.raises(DuelError, match="plays end"):
        fight(a, b, fight_, 1)
    assert a.hand == {PIKE: 0, MUSKET: 0, CAVALRY: 1} and a.discard == {PIKE: 1, MUSKET: 0, CAVALRY: 1}
    a, b = side(m=2, c=1, reserves=0), side(c=6)  # routed by 2x with nothing to call: it loses
    assert fight(a, b, [Play(MUSKET, CAVALRY)], 1) == "b" and a.hand == {PIKE: 0, MUSKET: 0, CAVALRY: 0}
