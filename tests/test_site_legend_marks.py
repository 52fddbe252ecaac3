"""The map's legend keys every mark the Europe variants' rules draw on a province (a minor
state's religious marker, a word under its name, its hatching), as they appear over the demo
games: the looks are ours (each rulebook's map legend was lost, ``docs/maps.md``), so the key
is the only place a player can learn them."""

from __future__ import annotations

import pytest

from gm_tools.engine.positions import position_from_json
from gm_tools.publish.legend import symbol_words
from gm_tools.publish.maphooks import styles

from demos import played


@pytest.mark.parametrize("demo", ["europe1615", "europe1615v2", "europe1619"])
def test_every_mark_a_demos_map_draws_on_a_province_is_in_its_key(tmp_path, demo):
    """rulebook 002_e7e1b063b6c411e5.txt, 'Confessional markers': 'a Protestant marker (orange
    cross) or a Catholic marker (blue cross) or a Ottoman marker (green crescent moon and
    star)'; rulebook 001_6f4a9c76b6e5774a.txt: 'Revolting states will be marked on the map',
    'CONTESTED states will be marked on the map'; rulebook 000_cc215928c2f3193e.txt,
    'Expansion': 'all acquired territories are colored accordingly on the map'. QA finding (a
    player reading the Europe 1619 demo's map on a phone): crescents, crosses, 'captured' and
    hatched provinces, and a key that named only units, arrows and the powers' colours."""
    game = played(tmp_path / "games", demo)
    key = " ".join(symbol_words(game.variant))
    drawn: set[str] = set()
    for record in game.history:
        for style in styles(game.variant, position_from_json(record["after"])).values():
            drawn |= {m for m in (style.marker, style.note) if m}
            if style.hatch:
                drawn.add("hatched")
    assert drawn, "the demo's maps draw no mark: the test proves nothing"
    # a one-letter mark ('D') named as a key's entry, not found inside another word
    assert {m for m in drawn if (f"{m}:" if len(m) == 1 and m.isalpha() else m) not in key} == set(), key


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1615", "europe1615v2", "europe1619"])
def test_the_number_beside_a_valued_center_is_in_the_key(name):
    """rulebook 001_6f4a9c76b6e5774a.txt: 'the use of variable-valued supply centers is also
    incorporated to establish a degree of economic and strategic importance'. The renderer writes
    a center's value beside its marker where it is not 1 (Europe 1619's 2 to 5, Europe 1615 v2's
    3, 9 and 15). QA finding: numbers beside the centers, and nothing in the key to say what they
    were; a standard map, whose centers are all worth one, draws none and says none."""
    from gm_tools.edges.variants import load_variant

    variant = load_variant(name)
    valued = any(p.value != 1 for p in variant.provinces.values())
    key = " ".join(symbol_words(variant))
    assert ("a number beside it: its value" in key) == valued, (valued, key)
