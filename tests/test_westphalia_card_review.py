"""Review of the card engine's fixes of 2026-11-29: a mistake in a player's line of the Religious
War's melee is named at that player's own Cards cell of the Religious War Cards sheet.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Religious War Battle' ("each Player participating in the
Religious War draws Military Cards") and 'Battles' ("After any round of battle a Player may Call for
Reinforcements").
"""

from __future__ import annotations


def _check(lines):
    """The Religious War Cards sheet's rows (player, line), as read back from the workbook."""
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
    return [(p.sheet, p.cell, p.found) for p in problems], problems


def test_a_call_before_any_card_in_the_melee_is_named_at_its_players_cards():
    """'After any round of battle a Player may Call for Reinforcements': Red's `call:` before his
    first card is refused at Red's own Cards cell, B3 (it was named at the Religious War sheet's
    Winning League cell, the line not being read per player)."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    found, _ = _check((("BLUE", "P"), ("RED", "call:P P"), ("YELLOW", "P")))
    assert found == [(WAR_CARDS, "B3", "'call:P P'")]


def test_a_mistake_is_named_at_its_players_row_below_another_players_two_rows():
    """Blue typed two rows (the sheet keeps his last, as the League rows do); Red's wrong line, on
    the fourth row (B5), is named there, not at Blue's second row (B4) with Red's line."""
    from gm_tools.systems.westphalia.sheets import WAR_CARDS

    found, _ = _check((("BLUE", "P"), ("YELLOW", "P"), ("BLUE", "P"), ("RED", "C")))
    assert found == [(WAR_CARDS, "B5", "'C'")]
