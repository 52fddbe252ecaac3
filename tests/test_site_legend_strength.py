"""The map's key to the badge on a unit says what the variant's maps can show: standard
Diplomacy's units all fight with strength one, so its maps (and Centenary's, Europe 1615 v2's)
draw no badge and their key says none; Europe 1619's bolstered units carry '+n'; Europe 1615's
special units carry their letter."""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.publish.legend import symbol_words


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1615v2"])
def test_a_map_whose_units_all_have_strength_one_has_no_key_to_a_strength_badge(name):
    """QA finding (a player reading the legend under the standard demo's map): 'A army, F
    fleet, +n extra strength' for a badge no unit of the game can carry; he looked for it."""
    said = " ".join(symbol_words(load_variant(name)))
    assert "A army, F fleet" in said and "strength" not in said


def test_europe1619s_key_says_the_bolstered_units_plus():
    """rulebook 002_e7e1b063b6c411e5.txt, 'bolstered': 'When a unit has greater strength this is
    depicted on the board with plus sign and value on top of the unit ... a unit with a strength
    of two is shown with a +1 on the top'."""
    assert "+n extra strength" in " ".join(symbol_words(load_variant("europe1619")))


def test_europe1615s_key_says_what_a_special_units_letter_is():
    """rulebook 000_cc215928c2f3193e.txt, 'Special units': 'Some modifiers refer to specific units
    on the board marked by a letter. There is the Kejserkrigen unit (K), Bavarian unit (B) ...';
    each 'can move, attack, defend, or support with the strength of two units'. QA finding: the
    Europe 1615 demo's map showed an R in the Rhenish army's badge, the key only '+n extra
    strength'."""
    said = " ".join(symbol_words(load_variant("europe1615")))
    assert "a letter (K, B, S, N, P, R, D): a special unit of strength 2" in said
