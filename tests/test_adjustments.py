"""Adjustment phase: 2000 rulebook, 'Gaining and losing units' and 'Civil disorder';
DATC 6.I (building) and 6.J (civil disorder and disbands)."""

from __future__ import annotations

from boards import B, D, W, board, standard

from gm_tools.engine.adjustments import adjudicate_adjustments, adjustment_counts, civil_disorder_order, has_adjustments

V = standard()


def run(position, orders):
    return adjudicate_adjustments(V, position, orders)


def winter(units, centers):
    return board(units, phase="W1901A", centers=centers)


def test_counts_are_centers_minus_units():
    # 2000 rulebook: a power builds (or removes) the difference between its supply
    # centers and its units.
    p = winter({"FRANCE": ["A PAR"], "RUSSIA": ["A LVN", "A SWE"]}, {"FRANCE": ["PAR", "BRE", "MAR"], "RUSSIA": ["STP"]})
    counts = adjustment_counts(V, p)
    assert counts["FRANCE"] == 2 and counts["RUSSIA"] == -1 and counts["ENGLAND"] == 0
    assert has_adjustments(V, p)


def test_build_on_owned_unoccupied_home_center():
    # 2000 rulebook, 'Building': a new unit is placed in an unoccupied home supply center
    # the power still controls.
    p = winter({"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR", "BRE"]})
    out = run(p, [B("FRANCE", "F", "BRE")])
    assert out.results[0].result == "succeeds"
    assert str(out.units_after["BRE"]) == "F BRE"


def test_build_on_occupied_center_is_invalid():
    # DATC 6.I.3: supply center must be empty for building.
    p = winter({"FRANCE": ["A PAR"]}, {"FRANCE": ["PAR", "BRE"]})
    out = run(p, [B("FRANCE", "A", "PAR")])
    assert out.results[0].result == "invalid"
    assert out.results[0].reason == "PAR is occupied by A PAR"


def test_build_on_lost_home_center_or_foreign_center_is_invalid():
    # DATC 6.I.5: building in a home supply center that is not owned; DATC 6.I.6:
    # building in an owned supply center that is not a home supply center.
    p = winter({}, {"GERMANY": ["BER", "WAR"], "RUSSIA": ["MOS"]})
    out = run(p, [B("GERMANY", "A", "KIE"), B("GERMANY", "A", "WAR")])
    assert [r.result for r in out.results] == ["invalid", "invalid"]
    assert out.results[0].reason == "KIE is not a home supply center GERMANY owns"


def test_builds_beyond_the_allowance_are_ignored():
    # DATC 6.I.1 and 4.D.4, preferred choice b (too many build orders): orders are handled
    # one by one; the first legal ones are used, builds beyond the allowance fail.
    p = winter({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR", "BRE", "MAR"]})
    out = run(p, [B("FRANCE", "A", "MAR"), B("FRANCE", "F", "BRE")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    assert out.results[1].reason == "FRANCE has no build left"


def test_only_one_build_in_a_center():
    # DATC 6.I.7: only one build in a home supply center; DATC 4.D.5, preferred choice b:
    # of an army and a fleet ordered in one province, the first build order is used.
    p = winter({}, {"FRANCE": ["PAR", "BRE"]})
    out = run(p, [B("FRANCE", "A", "PAR"), B("FRANCE", "A", "PAR")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    out = run(p, [B("FRANCE", "F", "BRE"), B("FRANCE", "A", "BRE")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    assert str(out.units_after["BRE"]) == "F BRE"


def test_fleet_cannot_be_built_inland_and_needs_a_coast():
    # DATC 6.I.2: fleets can not be built in land areas; DATC 6.B.14: a fleet in a
    # split-coast province needs its coast.
    p = winter({}, {"FRANCE": ["PAR"], "RUSSIA": ["STP"]})
    out = run(p, [B("FRANCE", "F", "PAR"), B("RUSSIA", "F", "STP"), B("RUSSIA", "F", "STP/NC")])
    assert [r.result for r in out.results] == ["invalid", "invalid", "succeeds"]
    assert out.results[1].reason == "a fleet in STP needs a coast: one of STP/NC, STP/SC"


def test_waive_uses_a_build():
    # 2000 rulebook: a player may choose not to build (waive); DATC 4.D.7, choice a.
    p = winter({}, {"FRANCE": ["PAR"]})
    out = run(p, [W("FRANCE"), B("FRANCE", "A", "PAR")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    assert out.units_after == {}


def test_too_many_disband_orders():
    # DATC 6.J.1: handled one by one; the second removal fails.
    p = winter({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    out = run(p, [D(p, "A PIC"), D(p, "A PAR")])
    assert [r.result for r in out.results] == ["succeeds", "invalid"]
    assert set(out.units_after) == {"PAR"}


def test_removing_the_same_unit_twice():
    # DATC 6.J.2: the second removal of the same unit fails; civil disorder removes another.
    p = winter({"FRANCE": ["A PAR", "A BRE", "A PIC"]}, {"FRANCE": ["PAR"]})
    out = run(p, [D(p, "A PAR"), D(p, "A PAR")])
    assert [r.result for r in out.results[:2]] == ["succeeds", "invalid"]
    assert len(out.removed) == 2 and len(out.units_after) == 1
    assert out.results[2].reason.startswith("civil disorder")


def test_civil_disorder_removes_farthest_unit():
    # DATC 6.J.3: two armies at different distance: the farthest is removed.
    p = winter({"RUSSIA": ["A LVN", "A SWE"]}, {"RUSSIA": ["STP"]})
    out = run(p, [])
    assert [str(u) for u in out.removed] == ["A SWE"]


def test_civil_disorder_equal_distance_alphabetical():
    # DATC 6.J.4: two armies with equal distance: alphabetical order (Livonia).
    p = winter({"RUSSIA": ["A LVN", "A UKR"]}, {"RUSSIA": ["MOS"]})
    assert [str(u) for u in run(p, []).removed] == ["A LVN"]


def test_civil_disorder_fleets_before_armies():
    # DATC 6.J.7: two fleets and an army at equal distance: fleets first, then by name
    # (North Sea before Skagerrak).
    p = winter({"RUSSIA": ["A BOH", "F SKA", "F NTH"]}, {"RUSSIA": ["STP", "WAR"]})
    assert [str(u) for u in run(p, []).removed] == ["F NTH"]


def test_civil_disorder_armies_count_over_sea():
    # DATC 6.J.10: for the distance an army may cross the sea (Greece - Ionian - Naples, 2);
    # overland Greece and Silesia would both be 3 from Venice, and Greece go first by name.
    p = winter({"ITALY": ["A GRE", "A SIL"]}, {"ITALY": ["NAP"]})
    assert [str(u) for u in run(p, []).removed] == ["A SIL"]


def test_civil_disorder_counts_to_home_centers_the_power_has_lost():
    # 2000 rulebook, 'Civil disorder': the units farthest from the power's *home* supply
    # centers are removed first (the 1982 rulebook too; DATC 4.D.8): a home center lost to
    # another power still counts. Russia owns Moscow and Warsaw, not St Petersburg, and has
    # A MOS, F STP/NC and A PAR: the army in Paris goes, not the fleet in its own home port.
    p = winter({"RUSSIA": ["A MOS", "F STP/NC", "A PAR"]}, {"RUSSIA": ["MOS", "WAR"], "ENGLAND": ["STP"]})
    assert [str(u) for u in run(p, []).removed] == ["A PAR"]


def test_civil_disorder_to_owned_centers_is_a_named_option():
    # The 2023 rulebook's reading, "the nearest supply center it owns", as the option
    # civil_disorder = "owned_centers": the fleet in St Petersburg, which no longer counts,
    # cannot reach Moscow or Warsaw by sea and is removed first.
    import dataclasses

    owned = dataclasses.replace(V, options={**V.options, "civil_disorder": "owned_centers"})
    p = winter({"RUSSIA": ["A MOS", "F STP/NC", "A PAR"]}, {"RUSSIA": ["MOS", "WAR"], "ENGLAND": ["STP"]})
    assert [str(u) for u in civil_disorder_order(owned, p, "RUSSIA", list(p.units.values()))][0] == "F STP/NC"


def test_civil_disorder_order_is_total_and_deterministic():
    p = winter({"RUSSIA": ["A LVN", "A UKR", "A SWE", "F NTH"]}, {"RUSSIA": ["MOS", "STP"]})
    units = list(p.units.values())
    first = civil_disorder_order(V, p, "RUSSIA", units)
    assert civil_disorder_order(V, p, "RUSSIA", list(reversed(units))) == first
    assert [str(u) for u in first] == ["F NTH", "A SWE", "A LVN", "A UKR"]


def test_nothing_to_do_when_counts_match_or_no_room():
    # 2000 rulebook, 'Building': a power builds only in an unoccupied home supply center, so
    # a build due with every home center occupied leaves no adjustment to make.
    p = winter({"FRANCE": ["A PAR", "A BRE", "A MAR"]}, {"FRANCE": ["PAR", "BRE", "MAR", "SPA"]})
    assert not has_adjustments(V, p)  # one build due, but every home center is occupied


def test_civil_disorder_fleets_count_only_their_own_moves():
    # DATC 6.J.5/6.J.6: a fleet's distance follows fleet moves (no crossing land): Berlin
    # and Helgoland are both three moves from St Petersburg; Berlin goes first by name.
    # Over land Berlin would be two from Warsaw and Helgoland would stay.
    p = winter({"RUSSIA": ["A MOS", "A STP", "F BER", "F HEL"]}, {"RUSSIA": ["MOS", "STP", "WAR"]})
    assert [str(u) for u in run(p, []).removed] == ["F BER"]
