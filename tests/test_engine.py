"""engine.run_phase / run_orders: reading orders, running each phase type, and which
phase comes next (skipping phases with nothing to do) for any calendar."""

from __future__ import annotations

from dataclasses import replace

from boards import M, S, board, standard

from gm_tools.engine.runner import run_orders, run_phase
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Calendar

V = standard()


def start() -> Position:
    return Position("S1901M", {u.province: u for u in V.start_units}, dict(V.start_centers))


def test_results_follow_the_order_texts_and_bad_text_is_invalid():
    # A user mistake is a result the GM reads, never a traceback; the unit holds.
    out = run_phase(V, start(), {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - XYZ"], "GERMANY": ["A MUN - BUR"]})
    assert [(r.order, r.result) for r in out.results[:4]] == [
        ("A PAR - BUR", "succeeds"),
        ("A MAR S A PAR - BUR", "succeeds"),
        ("F BRE - XYZ", "invalid"),
        ("A MUN - BUR", "fails"),
    ]
    assert out.results[2].reason  # says what was wrong
    bre = [r for r in out.results if r.order == "F BRE H"]
    assert bre and bre[0].reason == "holds: its order was invalid"  # it was ordered, invalidly (DATC 4.E.1)
    assert out.results[3].reason == "bounced: 1 against 2 from A PAR"


def test_two_different_orders_for_a_unit_from_text_make_it_hold():
    # DATC 4.D.3, preferred choice c: the unit holds; both orders are reported.
    out = run_phase(V, start(), {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]})
    assert [r.result for r in out.results[:2]] == ["invalid", "invalid"]
    assert "2 different orders" in out.results[0].reason
    assert str(out.position.units["PAR"]) == "A PAR"


def test_spring_without_dislodgement_skips_retreats():
    # 2000 rulebook, 'Retreats': a retreat phase follows only when a unit was dislodged;
    # 'Gaining and losing supply centers': ownership changes after the Fall turn only.
    out = run_phase(V, start(), {"FRANCE": ["A PAR - BUR"]})
    assert out.position.phase == "F1901M"
    assert out.position.centers == start().centers  # ownership changes only after fall


def test_dislodgement_leads_to_retreat_phase_then_movement():
    # 2000 rulebook, 'Retreats': a dislodged unit retreats before the next movement phase.
    p = board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]})
    out = run_orders(V, p, [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR")])
    assert out.position.phase == "S1901R"
    assert set(out.position.dislodged) == {"BUR"}
    assert "BUR" in out.dislodged
    retreat = run_phase(V, out.position, {"GERMANY": ["A BUR - MUN"]})
    assert retreat.results[0].result == "succeeds"
    assert retreat.position.phase == "F1901M"
    assert str(retreat.position.units["MUN"]) == "A MUN"
    assert retreat.position.dislodged == {}


def test_unit_with_no_retreat_is_disbanded_and_retreat_phase_skipped():
    # 2000 rulebook, 'Retreats': a dislodged unit with nowhere to retreat is disbanded.
    p = board({"ENGLAND": ["A WAL"], "GERMANY": ["A YOR", "A LVP"], "FRANCE": ["A LON", "F ENG"]})
    out = run_orders(V, p, [M(p, "A LON", "WAL"), S(p, "F ENG", "LON", "WAL")])
    assert out.dislodged["WAL"].retreats == ()
    assert out.position.dislodged == {}
    assert out.position.phase == "F1901M"
    assert str(out.position.units["WAL"]) == "A WAL" and out.position.units["WAL"].power == "FRANCE"


def test_fall_updates_ownership_and_goes_to_adjustments():
    # 2000 rulebook: supply centers change owner at the end of the fall turn (after the
    # fall retreats); a power with more centers than units builds in winter.
    p = Position("F1901M", {u.province: u for u in V.start_units}, dict(V.start_centers))
    out = run_phase(V, p, {"FRANCE": ["A PAR - BUR", "A MAR - SPA"]})
    assert out.position.centers["SPA"] == "FRANCE"
    assert out.position.phase == "W1901A"
    winter = run_phase(V, out.position, {"FRANCE": ["BUILD A PAR"]})
    assert str(winter.position.units["PAR"]) == "A PAR"
    assert winter.position.phase == "S1902M"


def test_fall_with_nothing_to_adjust_skips_winter():
    # 2000 rulebook, 'Adjusting': the winter adjustment is only for powers whose units and
    # owned centers differ in number; with none, the next phase is the spring.
    p = Position("F1901M", {u.province: u for u in V.start_units}, dict(V.start_centers))
    out = run_phase(V, p, {})
    assert out.position.phase == "S1902M"
    assert out.position.centers == V.start_centers


def test_fall_retreat_phase_updates_ownership():
    # 2000 rulebook, 'Gaining and losing supply centers': ownership is counted at the end
    # of the Fall turn, after its retreats.
    p = board({"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A BUR"]}, phase="F1901M", centers={"FRANCE": ["PAR", "MAR"]})
    out = run_orders(V, p, [M(p, "A PAR", "BUR"), S(p, "A MAR", "PAR", "BUR")])
    assert out.position.phase == "F1901R"
    assert "PAR" in out.position.centers  # not yet updated: the fall retreat comes first
    after = run_phase(V, out.position, {"GERMANY": ["A BUR - MUN"]})
    assert after.position.centers["MUN"] == "GERMANY"
    assert after.position.phase == "S1902M"  # every power has as many units as centers


def test_any_calendar_no_retreat_phases():
    # The phase sequence is the variant's calendar data: here a year without retreat
    # phases and with a diplomatic phase type the engine does not play.
    cal = Calendar(phases=(("S", "M"), ("F", "M"), ("W", "A"), ("W", "D")), first_phase="S1901M")
    v = replace(V, calendar=cal)
    p = Position("F1901M", {u.province: u for u in V.start_units}, dict(V.start_centers))
    out = run_phase(v, p, {"FRANCE": ["A MAR - SPA"]})
    assert out.position.centers["SPA"] == "FRANCE"
    assert out.position.phase == "W1901A"
    out = run_phase(v, p, {})
    assert out.position.phase == "W1901D"  # nothing to adjust; the D phase is not skipped
    assert run_phase(v, out.position, {}).position.phase == "S1902M"


def test_same_input_same_output():
    orders = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR", "A KIE - xx"]}
    a, b = run_phase(V, start(), orders), run_phase(V, start(), orders)
    assert a.results == b.results and a.position == b.position
