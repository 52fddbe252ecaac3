"""Europe 1619 Map Adjustment Phase: rules 4a-4d, capture by continued occupation, reverting,
occupation by proxy, captured minors and liberation, elimination (Spain's and England's
rules). Each test cites the rulebook (``002_e7e1b063b6c411e5.txt``)."""

from __future__ import annotations

import pytest
from europe_board import board, europe, position, rules

from gm_tools.engine.runner import run_orders
from gm_tools.errors import UserError
from gm_tools.systems.europe1619.adapter_rules import apply_map_adjustment
from gm_tools.systems.europe1619.occupation import map_adjustment, retreat_expelled
from gm_tools.systems.europe1619.state import CAPTURED
from gm_tools.systems.europe1619.territory import Relations
from gm_tools.engine.model import Position, Unit
from gm_tools.systems.europe1619.rules import move_refusal

WAR = Relations.of(wars=[("FRANCE", "SPAIN")])


def adjust(units, relations, captured=None, **extra):
    return map_adjustment(board(position(units, captured, **extra), relations))


# --- rule 4: units in foreign provinces ------------------------------------------------------------


def test_4c_a_unit_at_war_with_the_provinces_power_captures_it():
    # 'Additional rules' 4c: 'If the province is aligned with a power that the foreign unit is at
    # war with, then the foreign unit captures the province.' Liege is a province, Flanders a
    # center: both change hands.
    out = adjust({"FRANCE": ["A LIE", "A FLA"]}, WAR)
    assert out.captures == [("FLA", "FRANCE"), ("LIE", "FRANCE")]
    assert out.position.extra["europe1619"][CAPTURED] == {"FLA": "FRANCE", "LIE": "FRANCE"}
    assert out.position.centers["FLA"] == "FRANCE"


def test_4d_an_allys_unit_stays_without_capturing():
    # 'Additional rules' 4d: 'If the province is aligned with a power that the foreign unit is
    # allied with, then the foreign unit remains in the province (no capture occurs).'
    out = adjust({"ENGLAND": ["A FLA"]}, Relations.of(alliances=[("ENGLAND", "SPAIN")]))
    assert out.captures == [] and out.expelled == []
    assert out.position.units["FLA"].power == "ENGLAND"
    assert out.position.centers["FLA"] == "SPAIN"


def test_4b_a_unit_at_peace_must_leave_and_an_unbolstered_one_is_disbanded():
    # 'Additional rules' 4b: 'If the province is aligned with a power that the foreign unit is not
    # at war with or not allied with, then the foreign unit must retreat, or disband if no valid
    # retreat can be made'; 'Un-bolstered army units cannot retreat.'
    out = adjust({"FRANCE": ["A LIE"]}, Relations.of())
    assert [(e.unit.province, e.rule, e.retreats) for e in out.expelled] == [("LIE", "4b", ())]
    assert [u.province for u in out.disbanded] == ["LIE"]
    assert "LIE" not in out.position.units


def test_4b_a_bolstered_army_retreats_one_weaker():
    # 'Additional rules' 4b and 'Retreats': 'When a bolstered army unit is forced to retreat, it
    # loses one unit of strength.' From Liege: Champagne is French; Brabant Spanish and Lorraine
    # aligned with Spain are closed; Cologne, Trier are unaligned, passable.
    rel = Relations.of(aligned={"LOR": "SPAIN"})
    out = adjust({"FRANCE": ["A LIE*3"]}, rel)
    (e,) = out.expelled
    assert e.retreats == ("CHA", "COL", "TRI")
    assert out.disbanded == []
    after = retreat_expelled(out.position, out.expelled, {"LIE": "CHA"})
    assert after.units["CHA"].strength == 2 and after.units["CHA"].power == "FRANCE"


def test_4b_a_minors_bolstered_army_retreats_like_a_powers():
    # 'Additional rules' 4b: 'the foreign unit must retreat, or disband if no valid retreat can
    # be made'; 'Retreats': 'A bolstered army unit can retreat if a legal space to retreat to is
    # available'; rule 1 disbands a minor unit only 'if dislodged', which leaving under rule 4
    # is not. The League-aligned Cologne army of strength 3 (a minor may be bolstered: 'A power
    # may bolster a unit for a minor state') in Spanish Liege, with no war on Spain.
    rel = Relations.of(aligned={"COL": "LEAGUE"})
    out = adjust({"COL": ["A LIE*3"]}, rel)
    (e,) = out.expelled
    assert (e.rule, e.retreats, out.disbanded) == ("4b", ("COL", "LOR", "TRI"), [])
    after = retreat_expelled(out.position, out.expelled, {"LIE": "COL"})
    assert (after.units["COL"].power, after.units["COL"].strength) == ("COL", 2)
    # A minor no power commands takes no orders ('will then follow any order ... by the power
    # it is aligned to'): nobody can order its retreat, so it is disbanded; so is an
    # unbolstered minor army, as a power's.
    for units, relations in (({"COL": ["A LIE*3"]}, Relations.of()), ({"COL": ["A LIE"]}, rel)):
        out = adjust(units, relations)
        assert [e.retreats for e in out.expelled] == [()] and [str(u) for u in out.disbanded] == ["A LIE"]


def test_retreat_of_an_expelled_unit_to_a_closed_place_is_a_clear_error():
    # 'Additional rules' 4b: 'must retreat' to a valid place; anything else names the choices.
    out = adjust({"FRANCE": ["A LIE*3"]}, Relations.of(aligned={"LOR": "SPAIN"}))
    with pytest.raises(UserError, match="expected one of CHA, COL, TRI"):
        retreat_expelled(out.position, out.expelled, {"LIE": "BRB"})
    with pytest.raises(UserError, match="no unit there had to leave"):
        retreat_expelled(out.position, out.expelled, {"PAR": "CHA"})


def test_4a_a_unit_in_a_neutral_state_must_leave():
    # 'Additional rules' 4a: 'If the province is neutral, the foreign unit must retreat, or
    # disband if no valid retreat can be made.'
    out = adjust({"FRANCE": ["A LOR"]}, Relations.of(neutral=["LOR"]))
    assert [(e.unit.province, e.rule) for e in out.expelled] == [("LOR", "4a")]


def test_an_unaligned_minor_is_captured_by_occupation():
    # 'UNALIGNED: ... Unaligned states are passable during the Order Phase, and may be
    # occupied/captured.'
    out = adjust({"FRANCE": ["A SAA"]}, Relations.of())
    assert out.captures == [("SAA", "FRANCE")]


def test_rule_6_a_minor_unit_captures_for_its_minor_state():
    # 'Additional rules' 6: 'When a minor unit captures a province or supply center, then the
    # province or supply center is colored according to the status of the minor state'.
    out = adjust({"COL": ["A LIE"]}, Relations.of(aligned={"COL": "FRANCE"}, wars=[("FRANCE", "SPAIN")]))
    assert out.captures == [("LIE", "COL")]


# --- continued occupation and proxies ---------------------------------------------------------


def test_an_unoccupied_capture_reverts_to_its_domain():
    # 'If the province is no longer occupied at the end of the Order Phase, it immediately
    # reverts back to its independent status'; 'Normandy is restored to France at the Map
    # Adjustment Phase.'
    out = adjust({}, WAR, captured={"NOR": "ENGLAND", "SAA": "FRANCE"})
    assert out.reverted == [("NOR", "ENGLAND"), ("SAA", "FRANCE")]
    assert out.position.extra["europe1619"][CAPTURED] == {}
    assert out.position.centers["NOR"] == "FRANCE"


def test_a_capture_held_by_continued_occupation_stays():
    # 'For a power or a minor state to capture and maintain control of a foreign province or
    # foreign center, it must maintain occupation.'
    out = adjust({"FRANCE": ["A LIE"]}, WAR, captured={"LIE": "FRANCE"})
    assert out.reverted == [] and out.position.extra["europe1619"][CAPTURED] == {"LIE": "FRANCE"}


@pytest.mark.parametrize(
    "occupant, relations",
    [
        ("LOR", Relations.of(aligned={"LOR": "FRANCE"})),  # 'an aligned minor unit'
        ("ENGLAND", Relations.of(alliances=[("FRANCE", "ENGLAND")], wars=[("ENGLAND", "SPAIN")])),  # 'an ally's unit'
        ("HES", Relations.of(alliances=[("FRANCE", "UNION")], aligned={"HES": "UNION"})),  # 'a unit aligned with your ally'
    ],
)
def test_occupation_by_proxy_keeps_the_capture(occupant, relations):
    # 'Occupation by proxy: ... You can substitute an aligned minor unit for your unit in a
    # foreign province/center, or an ally's unit, or a unit aligned with your ally, and thus you
    # may still maintain control of the province or center.'
    out = adjust({occupant: ["A LIE"]}, relations, captured={"LIE": "FRANCE"})
    assert out.position.extra["europe1619"][CAPTURED] == {"LIE": "FRANCE"}


def test_a_unit_that_is_no_proxy_does_not_keep_the_capture():
    # 'Occupation by proxy' names only aligned minors, allies and their minors: an unrelated
    # power's unit does not keep France's hold; Liege reverts to Spain, and the Dutch (at war
    # with Spain) capture it in turn (4c).
    out = adjust({"DUTCH": ["A LIE"]}, Relations.of(wars=[("DUTCH", "SPAIN")]), captured={"LIE": "FRANCE"})
    assert out.reverted == [("LIE", "FRANCE")]
    assert out.position.extra["europe1619"][CAPTURED] == {"LIE": "DUTCH"}


# --- captured minors and liberation ----------------------------------------------------------


def test_a_captured_minor_disbands_its_units_and_relinquishes_its_captures():
    # 'Additional rules' 3: 'The capture of a minor state's home center leads to the disbanding
    # of all its units, and the relinquishing of control of any foreign centers/provinces during
    # the Map Adjustment Phase.' The Bohemian Confederacy, a large minor, loses Bohemia: its
    # armies in Silesia and in Upper Austria go, and Upper Austria, which it had captured,
    # returns to Austria.
    rel = Relations.of(wars=[("AUSTRIA", "UNION")], aligned={"BOHC": "UNION"})
    out = adjust({"AUSTRIA": ["A BOH"], "BOHC": ["A SIL", "A UPA"]}, rel, captured={"UPA": "BOHC"})
    assert out.captured_minors == [("BOHC", "AUSTRIA")]
    assert sorted(u.province for u in out.disbanded) == ["SIL", "UPA"]
    assert out.position.extra["europe1619"][CAPTURED] == {"BOH": "AUSTRIA"}
    assert out.position.centers["BOH"] == "AUSTRIA"


def test_a_captured_minors_provinces_become_passable():
    # 'Additionally, if a minor's home center is captured, its provinces are colored grey at the
    # Map Adjustment Phase, and made passable during the Orders Phase.' Silesia of the
    # Union-aligned Bohemian Confederacy is closed to a Polish army at peace, until Bohemia falls.
    rel = Relations.of(aligned={"BOHC": "UNION"})
    free = position({"POLAND": ["A MOR"]}, captured={"MOR": "POLAND"})
    assert move_refusal(board(free, rel), free.units["MOR"], "SIL") is not None
    taken = position({"POLAND": ["A MOR"], "AUSTRIA": ["A BOH"]}, captured={"MOR": "POLAND", "BOH": "AUSTRIA"})
    assert move_refusal(board(taken, rel), taken.units["MOR"], "SIL") is None


def test_liberation_restores_the_minor_and_rebuilds_its_unit():
    # 'A power may relinquish control of a center or province or minor state to reestablish its
    # independent status by simply removing its occupational unit. When a minor state is
    # liberated, ... its political status reestablished, and its unit rebuilt (if it has a
    # center).' France leaves Cologne: its home center comes back to Cologne.
    out = adjust({}, Relations.of(aligned={"COL": "LEAGUE"}), captured={"COL": "FRANCE"})
    assert out.liberated_minors == ["COL"]
    assert [(u.power, str(u)) for u in out.rebuilt] == [("COL", "A COL")]
    assert out.position.centers["COL"] == "COL"


def test_a_liberated_coastal_minor_is_rebuilt_as_a_fleet():
    # Liberation: 'its unit rebuilt'; 'Coastal minor states will by default build fleets'.
    out = adjust({}, Relations.of(), captured={"MEC": "DENMARK"})
    assert [str(u) for u in out.rebuilt] == ["F MEC"]


def test_the_liberated_irish_earldoms_are_rebuilt_as_a_fleet_on_the_west_coast():
    # Liberation: 'its unit rebuilt (if it has a center)'; 'Coastal minor states will by default
    # build fleets': the Irish Earldoms ('has two coast') are coastal, their fleet on the WC.
    out = adjust({}, Relations.of(), captured={"IRE": "ENGLAND"})
    assert [str(u) for u in out.rebuilt] == ["F IRE/WC"]


def test_a_liberated_province_of_a_large_minor_returns_to_it():
    # 'if Kalenberg, which is part of Lower Saxony (home center at Brunswick), is captured by a
    # foreign unit and then later liberated, it is restored back to Lower Saxony.'
    out = adjust({}, Relations.of(), captured={"KAL": "DENMARK"})
    assert out.reverted == [("KAL", "DENMARK")]
    b = board(out.position, Relations.of())
    assert b.controller("KAL") == "LOWR"


# --- elimination --------------------------------------------------------------------------------


def test_spain_is_eliminated_when_madrid_and_andalusia_are_both_captured():
    # 'Elimination': 'Spain is eliminated if Madrid and Andalusia are both captured. Flanders,
    # Milan, and Naples become new independent states that may be influenced.' All its units
    # are disbanded; the foreign centers it held are liberated.
    rel = Relations.of(wars=[("FRANCE", "SPAIN")])
    units = {"FRANCE": ["A MAD", "A ANDL"], "SPAIN": ["A NAP", "A GEN"]}
    out = adjust(units, rel, captured={"MAD": "FRANCE", "ANDL": "FRANCE", "GEN": "SPAIN"})
    assert out.eliminated == ["SPAIN"]
    assert sorted(u.province for u in out.disbanded) == ["GEN", "NAP"]
    # Genoa, a minor Spain had captured, is liberated: its center and its unit come back.
    assert ("GEN", "SPAIN") in out.reverted and out.position.centers["GEN"] == "GEN"
    assert out.liberated_minors == ["GEN"]
    assert out.position.extra["europe1619"]["eliminated"] == ["SPAIN"]
    assert out.position.extra["europe1619"]["new_states"] == {"FLA": "SPAIN", "MIL": "SPAIN", "NAP": "SPAIN"}


def test_spain_holding_one_home_center_is_not_eliminated():
    # 'A power that does not control any of its original home centers ... is considered
    # eliminated, irrespective of controlled/captured foreign centers': Madrid alone keeps Spain.
    out = adjust({"FRANCE": ["A MAD"]}, WAR, captured={"MAD": "FRANCE"})
    assert out.eliminated == []


def test_england_is_eliminated_when_london_and_lancashire_are_captured():
    # 'If both London and Lancashire are captured, then England is eliminated and Scotland
    # becomes a new independent state.'
    rel = Relations.of(wars=[("FRANCE", "ENGLAND")])
    out = adjust({"FRANCE": ["A LON", "A LCS"], "ENGLAND": ["F SCO"]}, rel, captured={"LON": "FRANCE", "LCS": "FRANCE"})
    assert out.eliminated == ["ENGLAND"]
    assert out.position.extra["europe1619"]["new_states"] == {"SCO": "ENGLAND"}
    assert "SCO" not in out.position.units


def test_elimination_removes_the_eliminated_powers_infs():
    # 'INFs from the eliminated power are removed from all minor states on the board where the
    # power had deployed to during the game, and the statuses of these minor states
    # reevaluated.' Through the variant adapter, which applies it to the INF state.
    p = position(
        {"FRANCE": ["A LON", "A LCS"]},
        captured={"LON": "FRANCE", "LCS": "FRANCE"},
        influence={"IRE": {"ENGLAND": 3, "SPAIN": 1}, "HES": {"ENGLAND": 2}},
        declarations={"relations": [{"powers": ["ENGLAND", "FRANCE"], "relation": "war"}]},
    )
    out = apply_map_adjustment(europe(), p)
    assert out.eliminated == ["ENGLAND"]
    assert out.position.extra["europe1619"]["influence"] == {"IRE": {"SPAIN": 1}}


def test_the_adapter_suspends_a_captured_minors_infs_and_restores_them_on_liberation():
    # 'A captured minor state CANNOT be influenced by any power ... all INFs presently invested
    # in the state are held in suspension'; 'When a minor state is liberated, the INFs that were
    # held in suspension are put back into effect'.
    infs = {"COL": {"LEAGUE": 5}}
    war = {"relations": [{"powers": ["FRANCE", "LEAGUE"], "relation": "war"}]}
    p = position({"FRANCE": ["A COL"]}, influence=infs, declarations=war)
    out = apply_map_adjustment(europe(), p)
    assert out.position.extra["europe1619"]["suspended"] == {"COL": "FRANCE"}
    p2 = out.position.copy()
    p2.units = {}
    back = apply_map_adjustment(europe(), p2)
    assert back.position.extra["europe1619"]["suspended"] == {}
    assert back.position.extra["europe1619"]["influence"] == infs


def test_a_captured_minor_taken_by_another_captor_is_held_in_suspension_by_it():
    # 'A captured minor state CANNOT be influenced by any power (that is, INFs cannot be placed
    # while it is held by a foreign enemy unit)'. France holds Cologne's center; the Dutch, also
    # at war with the League, dislodge the French there: Cologne is now held by the Dutch, and
    # its suspension (the Influence Tracker's 'Captured by') names them, not France.
    infs = {"COL": {"LEAGUE": 5}}
    war = {"relations": [{"powers": ["FRANCE", "LEAGUE"], "relation": "war"},
                         {"powers": ["DUTCH", "LEAGUE"], "relation": "war"}]}
    p = position({"FRANCE": ["A COL"]}, influence=infs, declarations=war)
    taken = apply_map_adjustment(europe(), p).position
    taken.units = {"COL": Unit("DUTCH", "A", "COL")}
    again = apply_map_adjustment(europe(), taken)
    assert again.position.extra["europe1619"]["captured"] == {"COL": "DUTCH"}
    assert again.position.extra["europe1619"]["suspended"] == {"COL": "DUTCH"}
    assert again.position.extra["europe1619"]["influence"] == infs


def test_a_minor_with_no_center_held_by_a_foreign_enemy_unit_is_captured():
    # 'A captured minor state CANNOT be influenced by any power (that is, INFs cannot be placed
    # while it is held by a foreign enemy unit). However, all INFs presently invested in the
    # state are held in suspension'; 'When a minor state is liberated, the INFs that were held in
    # suspension are put back into effect, and its political status reestablished, and its unit
    # rebuilt (if it has a center)': a minor without a center is captured and liberated too.
    # Bremen (no center, Denmark's 1 INF from the INITIAL SETUP) is taken by France at war with
    # Denmark ('Additional rules' 4c).
    from gm_tools.systems.europe1619.phases import play_diplomatic

    war = {"relations": [{"powers": ["DENMARK", "FRANCE"], "relation": "war"}]}
    p = position({"FRANCE": ["A BRE"]}, influence={"BRE": {"DENMARK": 1}}, declarations=war, phase="Y1625J")
    out = apply_map_adjustment(europe(), p)
    assert out.captured_minors == [("BRE", "FRANCE")]
    assert out.position.extra["europe1619"]["suspended"] == {"BRE": "FRANCE"}
    year = out.position.copy()
    year.phase = "Y1626D"
    placed = play_diplomatic(europe(), year, {"orders": {"SWEDEN": ["3: BRE"]}})
    (sweden,) = [r for r in placed.results if r.power == "SWEDEN"]
    assert (sweden.result, "BRE is captured by FRANCE" in sweden.reason) == ("invalid", True)
    # France withdraws: Bremen is liberated, Denmark's INF back in effect, and no unit is built.
    left = out.position.copy()
    left.units = {}
    back = apply_map_adjustment(europe(), left)
    assert back.liberated_minors == ["BRE"] and back.rebuilt == []
    assert back.position.extra["europe1619"]["suspended"] == {}
    assert back.position.extra["europe1619"]["influence"]["BRE"] == {"DENMARK": 1}


def test_a_centerless_minor_captured_before_it_counted_as_captured_is_suspended():
    # The same clause for a game recorded before a minor without a center counted as captured:
    # France has held Pomerania since an earlier year, and its INFs are suspended now.
    p = position({"FRANCE": ["A POM"]}, captured={"POM": "FRANCE"}, influence={"POM": {"SWEDEN": 2}}, phase="Y1625J")
    out = apply_map_adjustment(europe(), p)
    assert out.captured_minors == []  # no new capture this year
    assert out.position.extra["europe1619"]["suspended"] == {"POM": "FRANCE"}


# --- through the engine ------------------------------------------------------------------------


def test_the_engine_updates_center_ownership_by_the_map_adjustment():
    # 'Additional rules' 4c through the engine's end-of-year hook (update_ownership): the French
    # army that takes Flanders from Spain (at war) holds the center.
    p = position({"FRANCE": ["A NOR"]})
    from boards import M

    out = run_orders(europe(), p, [M(p, "A NOR", "FLA")], rules(WAR))
    assert out.position.centers["FLA"] == "FRANCE"


def test_map_adjustment_is_deterministic():
    # The bar: same inputs, same bytes out.
    rel = Relations.of(wars=[("FRANCE", "SPAIN")], aligned={"LOR": "SPAIN"})
    units = {"FRANCE": ["A LIE*3", "A FLA", "A SAA"], "SPAIN": ["A CHA"]}
    a = adjust(units, rel, captured={"CHA": "SPAIN"})
    b = adjust(units, rel, captured={"CHA": "SPAIN"})
    assert repr(a) == repr(b)
    assert isinstance(a.position, Position)
