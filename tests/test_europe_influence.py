"""INFs, diplomatic attacks, alignment statuses and confessional markers (gm_tools.mechanics.influence).

Rulebook: Europe 1619, 002_e7e1b063b6c411e5.txt; each test cites the
section words it checks.
"""

from __future__ import annotations

import json

import pytest

from europe1619_fixtures import rulebook_setup
from gm_tools.errors import IllegalOrderError
from gm_tools.mechanics import influence as inf
from gm_tools.mechanics.influence import ALIGNED, NEUTRAL, UNALIGNED, VASSALAGE, InfluenceState, status_of
from gm_tools.mechanics.influence import CATHOLIC, OTTOMAN, PROTESTANT, Attack, Placement


@pytest.fixture(scope="module")
def setup():
    return rulebook_setup()


def placement(power, infs, minor):
    return Placement(power, infs, minor, f"{infs}: {minor}")


def attack(power, minor, target):
    return Attack(power, minor, target, f"{minor} > {target}")


# --- 'Every minor state has one of four alignment statuses' ---------------------------------


def test_no_infs_is_unaligned():
    # 'UNALIGNED: A minor state without INFs is considered unaligned'.
    assert status_of({}) == (UNALIGNED, None)
    assert status_of({"FRANCE": 0}) == (UNALIGNED, None)


def test_more_than_half_is_aligned():
    # 'ALIGNED: If a power holds more than 50% of all INFs placed in the minor state'.
    assert status_of({"FRANCE": 1}) == (ALIGNED, "FRANCE")
    assert status_of({"FRANCE": 6, "SPAIN": 2, "ENGLAND": 2}) == (ALIGNED, "FRANCE")


def test_exactly_half_is_not_aligned():
    # 'more than 50%': 5 of 10 is not more; with 3 powers invested that is NEUTRAL ('if 3 or
    # more powers are invested ... and no one power holds the required >50%').
    assert status_of({"FRANCE": 5, "SPAIN": 3, "ENGLAND": 2}) == (NEUTRAL, None)


def test_two_powers_equally_invested_is_neutral():
    # 'NEUTRAL: For two or more powers equally invested in a minor state'.
    assert status_of({"FRANCE": 4, "SPAIN": 4}) == (NEUTRAL, None)
    assert status_of({"FRANCE": 30, "SPAIN": 30}) == (NEUTRAL, None)


def test_two_powers_unequally_invested_is_aligned():
    # The rulebook's NEUTRAL clauses name a tie, or 3+ powers with nobody above 50%. Two
    # unequal powers fit neither: the larger then holds more than 50%, so ALIGNED.
    assert status_of({"FRANCE": 5, "SPAIN": 4}) == (ALIGNED, "FRANCE")


def test_three_powers_none_above_half_is_neutral():
    # 'if 3 or more powers are invested in a minor state, and no one power holds the required
    # >50% for an alignment, then the state is also considered neutral'.
    assert status_of({"FRANCE": 4, "SPAIN": 3, "ENGLAND": 3}) == (NEUTRAL, None)


def test_vassalage_needs_majority_and_25_infs():
    # 'VASSALAGE: If a power holds more than 50% ... AND has 25 INFs or more invested'.
    assert status_of({"LEAGUE": 25}) == (VASSALAGE, "LEAGUE")
    assert status_of({"LEAGUE": 25, "DUTCH": 24}) == (VASSALAGE, "LEAGUE")
    assert status_of({"LEAGUE": 24}) == (ALIGNED, "LEAGUE")
    # 25 INFs without the majority is no vassalage.
    assert status_of({"LEAGUE": 25, "DUTCH": 25}) == (NEUTRAL, None)
    assert status_of({"LEAGUE": 25, "DUTCH": 20, "SPAIN": 6}) == (NEUTRAL, None)


def test_vassal_threshold_comes_from_the_setup():
    assert status_of({"LEAGUE": 10}, vassal_infs=10) == (VASSALAGE, "LEAGUE")


def test_large_minor_provinces_share_one_status(setup):
    # 'When a political status is established for a large minor state, all provinces of the
    # state are identified as aligned or unaligned or neutral.' BOHC = BOH, LUS, SIL, MOR.
    state = InfluenceState({"BOHC": {"UNION": 3, "SAXONY": 3}, "BRAP": {"SWEDEN": 2}})
    table = inf.province_statuses(setup, state)
    assert {p: table[p].status for p in ("BOH", "LUS", "SIL", "MOR")} == dict.fromkeys(("BOH", "LUS", "SIL", "MOR"), NEUTRAL)
    assert {p: (table[p].status, table[p].power) for p in ("BRA", "PRU")} == {
        "BRA": (ALIGNED, "SWEDEN"),
        "PRU": (ALIGNED, "SWEDEN"),
    }
    assert table["KAL"].status == table["BRU"].status == UNALIGNED


# --- placements ------------------------------------------------------------------------------


def test_only_protestant_powers_place_in_bohemia(setup):
    # 'Note: Only Protestant powers can deploy INFs to the Bohemian Confederacy.'
    state = InfluenceState()
    inf.check_placement(setup, state, placement("SWEDEN", 3, "BOHC"))
    with pytest.raises(IllegalOrderError, match="only Protestant powers may deploy INFs to Bohemian Confederacy"):
        inf.check_placement(setup, state, placement("FRANCE", 3, "BOHC"))
    with pytest.raises(IllegalOrderError, match="OTTOMAN is Ottoman"):
        inf.check_placement(setup, state, placement("OTTOMAN", 1, "BOHC"))


def test_no_other_power_deposits_in_a_vassal(setup):
    # VASSALAGE: 'no other power may deposit INFs to the minor state in subsequent phases'.
    state = InfluenceState({"WUE": {"LEAGUE": 25, "DUTCH": 3}})
    inf.check_placement(setup, state, placement("LEAGUE", 5, "WUE"))
    with pytest.raises(IllegalOrderError, match="WUE is a vassal of LEAGUE"):
        inf.check_placement(setup, state, placement("DUTCH", 5, "WUE"))


def test_captured_minor_cannot_be_influenced(setup):
    # 'A captured minor state CANNOT be influenced by any power (that is, INFs cannot be
    # placed while it is held by a foreign enemy unit).'
    state = inf.capture(InfluenceState({"HES": {"UNION": 5}}), "HES", "LEAGUE")
    with pytest.raises(IllegalOrderError, match="HES is captured by LEAGUE"):
        inf.check_placement(setup, state, placement("UNION", 2, "HES"))


def test_place_adds_to_what_is_there():
    # 'As the game progresses, INFs will accumulate in the minor states'.
    state = InfluenceState({"BRE": {"DENMARK": 1}})
    new = inf.place(state, [placement("DENMARK", 2, "BRE"), placement("SWEDEN", 3, "BRE"), placement("DENMARK", 1, "BRE")])
    assert new.influence == {"BRE": {"DENMARK": 4, "SWEDEN": 3}}
    assert state.influence == {"BRE": {"DENMARK": 1}}  # the given state is not changed


# --- diplomatic attacks ----------------------------------------------------------------------


def test_mutual_reduction():
    # 'the power with the lesser number of INFs placed removes all INFs and the power with
    # larger number of INFs placed loses equal amount'; equal numbers: both are removed.
    assert inf.mutual_reduction(5, 3) == 3
    assert inf.mutual_reduction(2, 7) == 2
    assert inf.mutual_reduction(4, 4) == 4


@pytest.mark.parametrize(
    "attacker, target, left",
    [
        (5, 3, {"FRANCE": 2}),  # the lesser (target) removes all, the larger loses 3
        (2, 7, {"SPAIN": 5}),  # the lesser (attacker) removes all
        (4, 4, {}),  # equal: both removed, the state becomes unaligned
    ],
)
def test_attack_removes_infs(setup, attacker, target, left):
    state = InfluenceState({"LOR": {"FRANCE": attacker, "SPAIN": target}})
    new, results = inf.resolve_attacks(setup, state, [attack("FRANCE", "LOR", "SPAIN")])
    assert new.influence.get("LOR", {}) == left
    assert results[0].removed == min(attacker, target)


def test_attacks_in_a_state_follow_the_attack_order(setup):
    # 'If multiple attacks are ordered within a minor state, then the sequence of attacks is
    # resolved based on the ATTACK ORDER'. The test ATTACK ORDER puts SAXONY before SWEDEN.
    # Saxony first: SAXONY 6 v SWEDEN 7 -> SWEDEN 1; then SWEDEN 1 v UNION 8 -> UNION 7.
    # (Sweden first would give: SWEDEN 7 v UNION 8 -> UNION 1; SAXONY 6 v SWEDEN 0 -> no
    # effect; SAXONY 6 aligned. The given order of the list must not matter.)
    assert setup.attack_rank("SAXONY") < setup.attack_rank("SWEDEN")
    state = InfluenceState({"BRAP": {"UNION": 8, "SWEDEN": 7, "SAXONY": 6}})
    new, results = inf.resolve_attacks(
        setup, state, [attack("SWEDEN", "BRAP", "UNION"), attack("SAXONY", "BRAP", "SWEDEN")]
    )
    assert [r.order.power for r in results] == ["SAXONY", "SWEDEN"]
    assert new.influence["BRAP"] == {"UNION": 7}
    assert inf.minor_status(setup, new, "BRAP").power == "UNION"


def test_attack_on_infs_already_removed_has_no_effect(setup):
    # Attacks resolve one after another in ATTACK ORDER: when the target has lost all its
    # INFs to an earlier attack, the mutual reduction removes nothing from the attacker.
    state = InfluenceState({"GEN": {"SPAIN": 3, "SAVOY": 5, "FRANCE": 4}})
    new, results = inf.resolve_attacks(
        setup, state, [attack("FRANCE", "GEN", "SPAIN"), attack("SAVOY", "GEN", "SPAIN")]
    )
    assert [(r.order.power, r.removed) for r in results] == [("SAVOY", 3), ("FRANCE", 0)]
    assert new.influence["GEN"] == {"SAVOY": 2, "FRANCE": 4}
    assert "no effect" in results[1].describe()


def test_attacker_must_hold_or_place_infs(setup):
    # 'a player selects one state where he/she has deployed or will be deploying INFs'.
    state = InfluenceState({"BRE": {"DENMARK": 2}})
    with pytest.raises(IllegalOrderError, match="FRANCE has no INFs in BRE"):
        inf.check_attack(state, attack("FRANCE", "BRE", "DENMARK"))
    placed = inf.place(state, [placement("FRANCE", 1, "BRE")])
    inf.check_attack(placed, attack("FRANCE", "BRE", "DENMARK"))


def test_target_must_hold_infs(setup):
    # '... against another player/power that also has INFs invested there'.
    state = InfluenceState({"BRE": {"DENMARK": 2}})
    with pytest.raises(IllegalOrderError, match="SWEDEN has no INFs in BRE to attack"):
        inf.check_attack(state, attack("DENMARK", "BRE", "SWEDEN"))


# --- confessional markers --------------------------------------------------------------------


def test_majority_when_one_confession_holds_all(setup):
    # 'A) only the power(s) of one religious confession holds all of the INFs in that state'.
    assert inf.confessional_majority(setup, {"SPAIN": 3, "FRANCE": 1}) == CATHOLIC
    assert inf.confessional_majority(setup, {"OTTOMAN": 1}) == OTTOMAN


def test_majority_at_twice_the_others(setup):
    # 'B) when the power(s) of one religious confession holds twice as many INFs in the minor
    # state as the other religious confessions' (the 'two-thirds majority').
    assert inf.confessional_majority(setup, {"SWEDEN": 4, "FRANCE": 1, "OTTOMAN": 1}) == PROTESTANT
    assert inf.confessional_majority(setup, {"SWEDEN": 3, "FRANCE": 1, "OTTOMAN": 1}) is None
    assert inf.confessional_majority(setup, {}) is None


def test_markers_only_on_aligned_minors_with_a_home_center(setup):
    # 'These markers are only placed in minor's home supply center when aligned'; placed
    # 'during the Map Adjustment Phase' when a confession holds the majority.
    state = InfluenceState(
        {
            "POR": {"SPAIN": 4, "DUTCH": 2},  # aligned Spain, Catholic 4 = twice 2: blue cross
            "CAT": {"SPAIN": 3, "DUTCH": 2},  # aligned, but 3 < twice 2: no marker
            "TUS": {"SPAIN": 3, "FRANCE": 3},  # all Catholic, but neutral (tie): no marker
            "BRE": {"DENMARK": 5},  # aligned, all Protestant, but Bremen has no center
            "TRA": {"OTTOMAN": 26},  # vassal: still aligned to a power: green crescent
            "HES": {"UNION": 5},
        },
        markers={"CAT": CATHOLIC},  # last year's marker, lost with the majority
    )
    new = inf.markers_at_map_adjustment(setup, state)
    assert new.markers == {"HES": PROTESTANT, "POR": CATHOLIC, "TRA": OTTOMAN}


def test_capture_removes_marker_and_suspends_infs(setup):
    # 'When a minor's home center is captured, the marker is removed'; its INFs 'are held in
    # suspension, not removed or altered'.
    state = inf.markers_at_map_adjustment(setup, InfluenceState({"HES": {"UNION": 5}}))
    assert state.markers == {"HES": PROTESTANT}
    captured = inf.capture(state, "HES", "LEAGUE")
    assert captured.markers == {}
    assert captured.influence == {"HES": {"UNION": 5}}
    assert inf.minor_status(setup, captured, "HES").captured_by == "LEAGUE"
    # No marker goes back on a captured center at the next Map Adjustment Phase.
    assert inf.markers_at_map_adjustment(setup, captured).markers == {}


def test_liberation_puts_suspended_infs_back(setup):
    # 'When a minor state is liberated, the INFs that were held in suspension are put back
    # into effect, and its political status reestablished'.
    captured = inf.capture(InfluenceState({"HES": {"UNION": 5, "ENGLAND": 2}}), "HES", "LEAGUE")
    free = inf.liberate(captured, "HES")
    status = inf.minor_status(setup, free, "HES")
    assert (status.status, status.power, status.captured_by) == (ALIGNED, "UNION", None)
    assert free.influence == {"HES": {"UNION": 5, "ENGLAND": 2}}


def test_eliminated_power_loses_all_infs(setup):
    # 'INFs from the eliminated power are removed from all minor states on the board where the
    # power had deployed to during the game, and the statuses of these minor states reevaluated.'
    state = InfluenceState({"BRE": {"DENMARK": 1}, "BRAP": {"DENMARK": 5, "SWEDEN": 4, "UNION": 2}})
    assert inf.minor_status(setup, state, "BRAP").status == NEUTRAL
    new = inf.remove_power(state, "DENMARK")
    assert new.influence == {"BRAP": {"SWEDEN": 4, "UNION": 2}}
    assert inf.minor_status(setup, new, "BRAP").power == "SWEDEN"
    assert inf.minor_status(setup, new, "BRE").status == UNALIGNED


def test_state_round_trips_through_json():
    state = inf.capture(InfluenceState({"HES": {"UNION": 5}, "BRE": {"DENMARK": 1}}, markers={"BRE": PROTESTANT}), "HES", "LEAGUE")
    text = json.dumps(state.to_json(), sort_keys=True)
    assert InfluenceState.from_json(json.loads(text)) == state
