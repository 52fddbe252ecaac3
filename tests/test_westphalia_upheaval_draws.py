"""The Peace of Westphalia's Religious Upheaval: how many control markers are drawn for each
number of players.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Religious Upheaval': 'Draw 2 control markers in a
5-6 Player game, 3 in a 7-8 Player game' (rounds 1-3 and 4-6 alike). The text gives no count for
3-4 or 9-14 players; at 5-8 the counts are those of the players who win a religious victory
('How to Win': '2 players in a 5-6 player game, or 3 players in a 7-8 player game'), which the
text gives for every count ('Variants': '1 player wins ... in a 3 player game, 2 players win ...
in a 4 player game'; '3 players ... in a 9 player game, 4 players ... in a 10-12 player game, and
5 players ... in a 13-14 player game'): ``tables.toml [upheaval] draws`` takes those.
"""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia.rounds import draw_upheaval
from gm_tools.systems.westphalia.state import Holding, State

BASE = load_variant("westphalia")
# 'Draw 2 control markers in a 5-6 Player game, 3 in a 7-8 Player game'; the others as the
# religious victory's winners: 3 -> 1, 4 -> 2, 9 -> 3, 10-12 -> 4, 13-14 -> 5
EXPECTED = {3: 1, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4, 11: 4, 12: 4, 13: 5, 14: 5}


def catholic_board(players: int) -> tuple:
    """A board of ``players`` princes of 4 hexes and one-hex Catholic principalities on the rest."""
    variant = variant_for_game(BASE, players)
    order = tuple(variant.powers)
    hexes = sorted(variant.provinces)
    state = State(setup_order=order)
    for i, p in enumerate(order):
        land = tuple(hexes[4 * i:4 * i + 4])
        state.princes[p] = Holding(land, land[0])
    names = variant.tables["principalities"]["names"]
    for name, code in zip(names, hexes[4 * players:]):
        state.principalities[name] = Holding((code,), code)
    return variant, state


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_markers_drawn_for_each_number_of_players(players):
    """'Draw 2 control markers in a 5-6 Player game, 3 in a 7-8 Player game', in rounds 1-3
    (1535 is round 2) and 4-6 (1585 is round 4); the other counts as the religious victory's."""
    variant, state = catholic_board(players)
    for year in (1535, 1585):
        assert len(draw_upheaval(variant, state, year, "7")["drawn"]) == EXPECTED[players]


def test_draws_are_the_religious_winners_counts_and_say_where_each_comes_from():
    """Every count of ``[upheaval] draws`` is the text's: 5-8 from 'Religious Upheaval', the
    others the religious victory's winners, as ``[victory] religious_winners`` holds them."""
    table = BASE.tables["upheaval"]
    assert {int(k): v for k, v in table["draws"].items()} == EXPECTED
    assert {int(k): v for k, v in BASE.tables["victory"]["religious_winners"].items()} == EXPECTED
