"""The renderer asks a system for the whole map's styles at once (``province_styles``, read once
per picture) where it can; the answer must be the one the per-province hook gives, province by
province, so a picture looks the same whichever way it is asked (issue 19: a Europe map's
styles were worked out again for every province, most of a phase map's drawing time)."""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import Position
from gm_tools.engine.rules import rules_for
from gm_tools.publish import maphooks


def _start(variant) -> Position:
    from gm_tools.app.turn import start_position

    return start_position(variant)


def _v2_played() -> tuple:
    from gm_tools.systems.europe1615v2.state import State, with_state

    variant = load_variant("europe1615v2")
    position = with_state(Position("S1616M", {}, dict(variant.start_centers)),
                          State(influence={"SAX": {"AUSTRIA": 12}, "RHI": {"ENGLAND": 6, "SPAIN": 6},
                                           "LOR": {"FRANCE": 2}}, contested={"SAX": "FRANCE"}))
    return variant, position


def _westphalia_played() -> tuple:
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.systems.westphalia.state import Holding, State, with_state

    variant = variant_for_game(load_variant("westphalia"), 5)
    order = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
    state = State(setup_order=order, initiative=order, electors=("Trier",), protestant=("DUI", "ESL"))
    state.princes = {"RED": Holding(("EIC", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR",), "GOR"), "GREEN": Holding(("DIL",), "DIL"),
                     "ORANGE": Holding(("FUR",), "FUR")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Hesse": Holding(("ESL", "ESS"), "ESS")}
    state.influence = {"Hesse": {"BLUE": 2, "GREEN": 1}}
    return variant, with_state(Position(phase="R1535T"), state)


CASES = {
    "europe1619 at the start": lambda: (v := load_variant("europe1619"), _start(v)),
    "europe1615 at the start": lambda: (v := load_variant("europe1615"), _start(v)),
    "europe1615v2 at the start": lambda: (v := load_variant("europe1615v2"), _start(v)),
    "europe1615v2 with statuses": _v2_played,
    "westphalia in play": _westphalia_played,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_whole_map_at_once_is_each_province_asked_alone(case):
    variant, position = CASES[case]()
    rules = rules_for(variant)
    whole = rules.province_styles(variant, position)
    one_by_one = {code: rules.province_style(variant, position, code) for code in sorted(variant.provinces)}
    assert whole == {code: style for code, style in one_by_one.items() if style is not None}
    assert len(whole) >= 5  # the minor states (or principalities) have a look of their own
    assert maphooks.styles(variant, position).keys() == whole.keys()
