"""Europe 1619: Spain's and England's build sites become states that may be influenced once
the power is eliminated (issue 17 item 3).

Rulebook: ``002_e7e1b063b6c411e5.txt``, 'Important rules about elimination for Spain and
England': 'Spain is eliminated if Madrid and Andalusia are both captured. Flanders, Milan, and
Naples become new independent states that may be influenced. If both London and Lancashire are
captured, then England is eliminated and Scotland becomes a new independent state.'
"""

from __future__ import annotations

import pytest

from gm_tools.app.turn import start_position
from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import Unit
from gm_tools.engine.rules import rules_for
from gm_tools.engine.runner import run_orders
from gm_tools.systems.europe1619.adapter_rules import apply_map_adjustment, relations
from gm_tools.systems.europe1619.sheets import HOOKS

VARIANT = load_variant("europe1619")


def _eliminated(power: str, homes: tuple[str, ...]):
    """The Map Adjustment Phase after France's armies took ``homes``, then the next year's
    Diplomatic Phase position."""
    position = start_position(VARIANT)
    position.phase = "Y1620J"
    position.units = {p: u for p, u in position.units.items() if u.power != power and p not in homes}
    for home in homes:
        position.units[home] = Unit("FRANCE", "A", home)
    position.extra.setdefault("europe1619", {})["captured"] = {h: "FRANCE" for h in homes}
    out = apply_map_adjustment(VARIANT, position)
    assert out.eliminated == [power]
    after = out.position
    after.phase = "Y1621D"
    return after


@pytest.fixture(scope="module")
def spain_gone():
    return _eliminated("SPAIN", ("MAD", "ANDL"))


def test_flanders_milan_and_naples_become_states_of_their_own(spain_gone):
    """'Flanders, Milan, and Naples become new independent states': each center is its own."""
    assert spain_gone.extra["europe1619"]["new_states"] == {"FLA": "SPAIN", "MIL": "SPAIN", "NAP": "SPAIN"}
    assert {c: spain_gone.centers[c] for c in ("FLA", "MIL", "NAP")} == {"FLA": "FLA", "MIL": "MIL", "NAP": "NAP"}


def test_the_new_states_may_be_influenced(spain_gone):
    """'... that may be influenced': INFs placed and attacked in the Diplomatic Phase like any
    minor's, the status worked out from them, the state's units ordered by its aligned power's
    rules, and the map drawing it as an aligned minor."""
    done = run_orders(VARIANT, spain_gone, [], inputs={"orders": {"FRANCE": ["4: FLA"], "ENGLAND": ["2: FLA"],
                                                                  "AUSTRIA": ["3: MIL"]}})
    assert [r.result for r in done.results[:3]] == ["succeeds"] * 3
    assert done.position.extra["europe1619"]["influence"]["FLA"] == {"ENGLAND": 2, "FRANCE": 4}
    rel = relations(VARIANT, done.position)
    assert (rel.status_of("FLA"), rel.aligned_power("FLA")) == ("ALIGNED", "FRANCE")
    assert (rel.status_of("MIL"), rel.aligned_power("MIL")) == ("ALIGNED", "AUSTRIA")
    style = rules_for(VARIANT).province_style(VARIANT, done.position, "FLA")
    assert style is not None and style.fill not in (None, "#ffffff")
    tracker = next(t for t in HOOKS.output_sheets(VARIANT, done.position) if t.title == "Influence Tracker")
    assert any(row[0] == "FLA" for row in tracker.rows)
    # a diplomatic attack there, next year, as in any minor state
    later = done.position
    later.phase = "Y1622D"
    attack = run_orders(VARIANT, later, [], inputs={"orders": {"ENGLAND": ["3: FLA", "FLA > FRANCE"]}})
    assert [r.result for r in attack.results] == ["succeeds", "succeeds"]
    assert attack.position.extra["europe1619"]["influence"]["FLA"] == {"ENGLAND": 1}  # 5 against 4: each loses 4


def test_before_elimination_flanders_takes_no_influence():
    """Before Spain falls Flanders is Spain's build site, not a minor state."""
    position = start_position(VARIANT)
    done = run_orders(VARIANT, position, [], inputs={"orders": {"FRANCE": ["4: FLA"]}})
    assert done.results[0].result == "invalid" and "minor state" in done.results[0].reason


def test_scotland_after_england():
    """'If both London and Lancashire are captured, then England is eliminated and Scotland
    becomes a new independent state.'"""
    gone = _eliminated("ENGLAND", ("LON", "LCS"))
    assert gone.centers["SCO"] == "SCO"
    done = run_orders(VARIANT, gone, [], inputs={"orders": {"DUTCH": ["3: SCO"]}})
    assert done.results[0].result == "succeeds"
    assert relations(VARIANT, done.position).aligned_power("SCO") == "DUTCH"
