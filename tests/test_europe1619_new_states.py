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


def _adjusted(power: str, homes: tuple[str, ...], units: tuple[Unit, ...] = (), captured=None, declarations=None):
    """The Map Adjustment Phase after France's armies took ``homes`` (``units`` standing too,
    ``captured`` held before), then the next year's Diplomatic Phase position."""
    position = start_position(VARIANT)
    position.phase = "Y1620J"
    position.units = {p: u for p, u in position.units.items() if u.power != power and p not in homes}
    for unit in (*(Unit("FRANCE", "A", home) for home in homes), *units):
        position.units[unit.province] = unit
    state = position.extra.setdefault("europe1619", {})
    state["captured"] = {**{h: "FRANCE" for h in homes}, **(captured or {})}
    if declarations:
        state["declarations"] = declarations
    out = apply_map_adjustment(VARIANT, position)
    assert out.eliminated == [power]
    out.position.phase = "Y1621D"
    return out


def _eliminated(power: str, homes: tuple[str, ...]):
    return _adjusted(power, homes).position


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


def test_the_new_states_build_their_units_at_the_next_builds_and_transactions_phase(spain_gone):
    """Born with no unit, each new state 'holds more centers than units': 'A minor state will
    AUTOMATICALLY build' ('Minor states'), a fleet where it is coastal ('Coastal minor states
    will by default build fleets'), at the Builds and Transactions Phase of its birth year."""
    from gm_tools.systems.europe1619.adapter_rules import apply_transactions

    position = spain_gone.copy()
    position.phase = "Y1620B"
    out = apply_transactions(VARIANT, position, [])
    assert sorted(str(u) for u in out.built if u.power in ("FLA", "MIL", "NAP")) == ["A MIL", "F FLA", "F NAP"]
    assert {u.power for u in out.built if u.province in ("FLA", "MIL", "NAP")} == {"FLA", "MIL", "NAP"}


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


# 'A captured minor state CANNOT be influenced by any power (that is, INFs cannot be placed while
# it is held by a foreign enemy unit). However, all INFs presently invested in the state are held
# in suspension' ('Occupation'); 'Unaligned states are passable during the Order Phase, and may be
# occupied/captured' (UNALIGNED). A new state is born unaligned, so a foreign unit standing on its
# center at its birth holds it from then on.
WAR_ON_SPAIN = {"relations": [{"powers": ["FRANCE", "SPAIN"], "relation": "war"}]}
ALLIED_TO_SPAIN = {"relations": [{"powers": ["AUSTRIA", "SPAIN"], "relation": "alliance"}]}


def test_a_new_state_born_with_a_foreign_unit_on_its_center_is_captured():
    """Flanders, taken by France at war with Spain before Spain fell, is born captured: no INFs
    may be placed there while the French army stands in it; Naples, born empty, takes them."""
    out = _adjusted("SPAIN", ("MAD", "ANDL"), (Unit("FRANCE", "A", "FLA"),), {"FLA": "FRANCE"}, WAR_ON_SPAIN)
    assert out.captured_minors == [("FLA", "FRANCE")]
    assert out.position.extra["europe1619"]["suspended"] == {"FLA": "FRANCE"}
    placed = run_orders(VARIANT, out.position, [], inputs={"orders": {"ENGLAND": ["2: FLA", "2: NAP"]}})
    (fla, nap) = placed.results[:2]
    assert (fla.result, "FLA is captured by FRANCE" in fla.reason) == ("invalid", True)
    assert nap.result == "succeeds"
    assert placed.position.extra["europe1619"]["influence"].get("FLA") is None


def test_an_allys_unit_on_the_center_captures_the_new_state_at_its_birth():
    """Austria's army stood in Milan as Spain's ally ('Additional rules' 4d: no capture); Spain
    gone, Milan is an unaligned state of its own and the Austrian unit on its center holds it."""
    out = _adjusted("SPAIN", ("MAD", "ANDL"), (Unit("AUSTRIA", "A", "MIL"),), declarations=ALLIED_TO_SPAIN)
    assert out.captured_minors == [("MIL", "AUSTRIA")]
    assert out.position.extra["europe1619"]["captured"]["MIL"] == "AUSTRIA"
    assert out.position.centers["MIL"] == "AUSTRIA"
    placed = run_orders(VARIANT, out.position, [], inputs={"orders": {"AUSTRIA": ["3: MIL"]}})
    assert placed.results[0].result == "invalid"


def test_a_new_state_born_captured_is_liberated_as_any_captured_minor():
    """'When a minor state is liberated, the INFs that were held in suspension are put back into
    effect, and its political status reestablished, and its unit rebuilt (if it has a center)':
    France leaves Flanders, which is then free, takes INFs, and has its unit (Flanders is
    coastal: a fleet, as a minor's rebuild is)."""
    born = _adjusted("SPAIN", ("MAD", "ANDL"), (Unit("FRANCE", "A", "FLA"),), {"FLA": "FRANCE"}, WAR_ON_SPAIN).position
    born.phase = "Y1621J"
    del born.units["FLA"]
    back = apply_map_adjustment(VARIANT, born)
    assert back.liberated_minors == ["FLA"]
    assert [(u.power, u.province) for u in back.rebuilt] == [("FLA", "FLA")]
    assert back.position.extra["europe1619"]["suspended"] == {}
    back.position.phase = "Y1622D"
    placed = run_orders(VARIANT, back.position, [], inputs={"orders": {"ENGLAND": ["2: FLA"]}})
    assert placed.results[0].result == "succeeds"


def test_scotland_born_under_a_dutch_fleet_is_captured():
    """The same for England's Scotland: the Dutch fleet at war with England stands in it."""
    war = {"relations": [{"powers": ["DUTCH", "ENGLAND"], "relation": "war"}]}
    out = _adjusted("ENGLAND", ("LON", "LCS"), (Unit("DUTCH", "F", "SCO"),), {"SCO": "DUTCH"}, war)
    assert out.position.extra["europe1619"]["suspended"] == {"SCO": "DUTCH"}


def test_a_new_state_recorded_born_captured_before_this_reading_is_suspended():
    """A game recorded before a new state could be born captured: France has held Flanders since
    Spain fell, its INFs unsuspended; the next Map Adjustment Phase suspends them."""
    born = _adjusted("SPAIN", ("MAD", "ANDL"), (Unit("FRANCE", "A", "FLA"),), {"FLA": "FRANCE"}, WAR_ON_SPAIN).position
    born.phase = "Y1621J"
    state = born.extra["europe1619"]
    state["suspended"] = {}
    state["influence"] = {"FLA": {"ENGLAND": 2}}
    out = apply_map_adjustment(VARIANT, born)
    assert out.position.extra["europe1619"]["suspended"] == {"FLA": "FRANCE"}
    assert out.position.extra["europe1619"]["influence"]["FLA"] == {"ENGLAND": 2}
