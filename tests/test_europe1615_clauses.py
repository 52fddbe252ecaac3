"""Europe 1615 clauses implemented before any test exercised or cited them (the audit's list
'Clauses implemented but with no test'), each played through the real pipeline
(:mod:`europe1615_play`) and checked against the rulebook's words.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

import pytest

from europe1615_play import RULES, SETUP, VARIANT, board, inputs, opening, play, result, unit_at
from gm_tools.edges.ordercheck import check_orders
from gm_tools.edges.workbook import OrderEntry
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.systems.europe1615.deployment import check_entries
from gm_tools.systems.europe1615.phases import settle
from gm_tools.systems.europe1615.sheets import deployment_of
from gm_tools.systems.europe1615.state import state_of, with_state
from gm_tools.systems.europe1615.status import CAPTURED, minor_status


def status(position, minor):
    return minor_status(SETUP, state_of(position), position, minor)


def markers(position) -> dict[str, str]:
    return dict(state_of(position).influence.markers)


# --- 'Re-building a minor state's army' ----------------------------------------------------------


def test_a_disbanded_minor_army_is_rebuilt_in_its_empty_uncaptured_home():
    """000_cc215928c2f3193e.txt, 'Re-building a minor state's army': "If a center of a minor
    state is unoccupied and has yet to be captured by a power or minor state, a new unit is
    automatically built if the original unit was previously disbanded." Lorraine's army was
    disbanded (dislodged in the Fall): at the winter a new army stands in LOR, with nobody's
    order. Not when LOR was captured, nor when a unit stands in it."""
    fall = board({"LOR": "A LOR", "BUR": "A FRANCE", "CHA": "A FRANCE", "FRC": "A SPAIN"}, phase="F1616M")
    done, _ = play(fall, {"FRANCE": ["A BUR - LOR", "A CHA S A BUR - LOR"]})
    assert unit_at(done.after, "LOR") == "A FRANCE" and done.after.centers["LOR"] == "FRANCE"
    # Captured, then left empty by France's army: 'has yet to be captured' no longer holds.
    empty = board({}, phase="E1616D", centers=dict(done.after.centers))
    empty = with_state(empty, _suspended(empty, {"LOR": "FRANCE"}))
    assert unit_at(empty, "LOR") is None
    winter, _ = play(empty, {})
    assert not any(u.power == "LOR" for u in winter.after.units.values())

    # Lorraine's army disbanded, its center empty and still its own.
    gone = board({"BUR": "A FRANCE"}, phase="E1616D")
    assert gone.centers["LOR"] == "LOR" and unit_at(gone, "LOR") is None
    winter, _ = play(gone, {})
    assert unit_at(winter.after, "LOR") == "A LOR"
    rebuilt = [r for r in winter.results if r["order"] == "A LOR B"]
    assert rebuilt and rebuilt[0]["result"] == "succeeds"
    assert "automatically built" in rebuilt[0]["reason"]

    # 'If a center of a minor state is unoccupied': a French army stands in LOR (aligned with France).
    occupied = board({"LOR": "A FRANCE"}, phase="E1616D", influence={"LOR": {"FRANCE": 5}})
    winter, _ = play(occupied, {})
    assert unit_at(winter.after, "LOR") == "A FRANCE"
    assert not any(u.power == "LOR" for u in winter.after.units.values())


# --- the religious markers (reconstructed table) -------------------------------------------------


def test_the_reconstructed_marker_table_follows_the_deployment():
    """000_cc215928c2f3193e.txt, 'Religious/confessional status of the minor states': "Use the
    following table to determine whether a minor state receives a Protestant or Catholic
    marker. ... When a Protestant marker is placed, the state is considered Protestant-majority
    state." The table was lost; it is reconstructed (variants/europe1615/tables.toml
    [religious_markers], NOTES.md 'Religious markers') as: an ALIGNED minor whose INFs are held
    at least two-thirds (two to one) by one confession's powers carries that confession's
    marker. 'Scoring from Religious Markers': the Papal States "are permanently marked
    Catholic". Played through a Spring deployment."""
    from fractions import Fraction

    assert SETUP.marker_share == Fraction(2, 3)
    spring = opening()
    # England (Protestant) 6 against France (Catholic) 3 in Saxony: 6 of 9 is two-thirds.
    done, _ = play(spring, {}, inputs([("ENGLAND", 6, "SAX"), ("FRANCE", 3, "SAX")]))
    assert status(done.after, "SAX").power == "ENGLAND" and markers(done.after)["SAX"] == "protestant"
    # 5 of 9 is aligned with England but short of two-thirds: no marker.
    done, _ = play(spring, {}, inputs([("ENGLAND", 5, "SAX"), ("FRANCE", 4, "SAX")]))
    assert status(done.after, "SAX").power == "ENGLAND" and "SAX" not in markers(done.after)
    # Two Catholic powers 5/5: all Catholic, but NEUTRAL, not aligned: no marker (the reconstruction).
    done, _ = play(spring, {}, inputs([("FRANCE", 5, "SAX"), ("SPAIN", 5, "SAX")]))
    assert status(done.after, "SAX").status == "NEUTRAL" and "SAX" not in markers(done.after)
    # Spain and Austria both Catholic, Spain aligned: the whole 100% Catholic.
    done, _ = play(spring, {}, inputs([("SPAIN", 4, "SAX"), ("AUSTRIA", 2, "SAX")]))
    assert markers(done.after)["SAX"] == "catholic"
    # The Papal States: Catholic with no INFs at all, and whoever deploys there.
    assert markers(done.after)["PAPL"] == "catholic" and state_of(done.after).influence.infs("PAPL") == {}


def test_a_captured_minors_marker_is_removed_and_returns_on_liberation():
    """000_cc215928c2f3193e.txt, 'Capture of a minor state': "The captured minor state loses any
    alignment status, and all INFs invested in the state are held in suspension. Any religious
    markers are temporarily removed." 'Example of play': "If Prussia is captured, Mecklenburg
    becomes "liberated" and is reestablished as a pliant minor state; the INFs in Mecklenburg
    will need to be reevaluated for its status." Mecklenburg, all English INFs (a Protestant
    marker), is taken by Prussia in the Fall: the marker goes, the INFs wait; Spain then takes
    Prussia's home and Mecklenburg, liberated, is aligned with England and marked again."""
    fall = board({"BRA": "A PRU"}, phase="F1616M", influence={"MEC": {"ENGLAND": 3}, "PRU": {"DENMARK": 8}})
    fall, _ = settle(VARIANT, fall)
    assert markers(fall)["MEC"] == "protestant"
    done, _ = play(fall, {"DENMARK": ["A BRA - MEC"]})
    taken = done.after
    assert taken.centers["MEC"] == "PRU" and status(taken, "MEC").status == CAPTURED
    assert "MEC" not in markers(taken)                                    # 'temporarily removed'
    assert state_of(taken).influence.infs("MEC") == {"ENGLAND": 3}       # 'held in suspension'

    later = board({"SAM": "A SPAIN", "MEC": "A PRU"}, phase="F1617M", centers=dict(taken.centers))
    state = state_of(later)
    state.influence = state_of(taken).influence.copy()
    later = with_state(later, state)
    done, _ = play(later, {"SPAIN": ["A SAM - PRU"]})
    freed = done.after
    assert freed.centers["MEC"] == "MEC"
    assert (status(freed, "MEC").status, status(freed, "MEC").power) == ("ALIGNED", "ENGLAND")
    assert markers(freed)["MEC"] == "protestant"                          # back with its status
    assert "PRU" not in markers(freed) and status(freed, "PRU").status == CAPTURED


# --- 'Alignment (Passable) and the Alliance System', 'No alignment (passable)' ---------------------


def test_two_minors_aligned_with_one_power_pass_through_each_others_centers():
    """000_cc215928c2f3193e.txt, 'Alignment (Passable) and the Alliance System': "An ALLIANCE
    SYSTEM is established when two or more minor states are aligned with a power. All members
    of the alliance can move through the other member's territories and centers without
    capture occurring." Lorraine and Württemberg both aligned with France: Württemberg's army
    ends the Fall in Lorraine's center and Lorraine keeps it. Aligned with Spain instead,
    Württemberg is no member, and takes it ('Any power or minor state may move into and/or
    capture the unaligned state' is the general rule the alliance system sets aside)."""
    units = {"LOR": "A LOR", "WUR": "A WUR"}
    allied = board(units, phase="F1616M", influence={"LOR": {"FRANCE": 5}, "WUR": {"FRANCE": 5}})
    done, _ = play(allied, {"FRANCE": ["A LOR - STR", "A WUR - LOR"]})
    assert result(done, "A WUR - LOR")["result"] == "succeeds"
    assert unit_at(done.after, "LOR") == "A WUR" and done.after.centers["LOR"] == "LOR"
    assert status(done.after, "LOR").status == "ALIGNED"   # still a pliant state, not captured
    apart = board(units, phase="F1616M", influence={"LOR": {"FRANCE": 5}, "WUR": {"SPAIN": 5}})
    done, _ = play(apart, {"FRANCE": ["A LOR - STR"], "SPAIN": ["A WUR - LOR"]})
    assert unit_at(done.after, "LOR") == "A WUR" and done.after.centers["LOR"] == "WUR"
    assert status(done.after, "LOR").status == CAPTURED


def test_any_power_may_support_the_hold_of_an_unaligned_minors_unit():
    """000_cc215928c2f3193e.txt, 'No alignment (passable)': "Any power can support the hold of a
    minor state's unit even if the minor state is unaligned." Nobody has INFs in Lorraine; a
    French support to hold keeps its army in place against Spain's attack with one support,
    which without it dislodges the army."""
    units = {"LOR": "A LOR", "BUR": "A FRANCE", "CHA": "A SPAIN", "FRC": "A SPAIN"}
    spanish = {"SPAIN": ["A CHA - LOR", "A FRC S A CHA - LOR"]}
    position = board(units)
    assert status(position, "LOR").status == "UNALIGNED"
    done, _ = play(position, {**spanish, "FRANCE": ["A BUR S A LOR"]})
    assert result(done, "A BUR S A LOR")["result"] == "succeeds"
    assert result(done, "A CHA - LOR")["result"] == "fails" and unit_at(done.after, "LOR") == "A LOR"
    done, _ = play(position, spanish)
    assert unit_at(done.after, "LOR") == "A SPAIN"


# --- 'Counterbalance' -------------------------------------------------------------------------------


def _protestant_majority():
    """Centers giving the Protestant powers twice the Catholics' INFs (ketzenhammer)."""
    reverse = dict(opening().centers)
    for c in ("MAD", "ANDL", "NAP", "PAR", "NOR", "VIE"):
        reverse[c] = "DENMARK"
    return reverse


@pytest.mark.parametrize("counterbalance, centers, infs, marker, power, target, left", [
    # Catholic INFs twice the Protestants': France may not deploy to Protestant-marked Lorraine
    ("widerstand", lambda: dict(opening().centers, LON="SPAIN"), {"FRANCE": 3, "ENGLAND": 6}, "protestant",
     "FRANCE", "ENGLAND", {"ENGLAND": 3}),
    # the reverse: England may not deploy to Catholic-marked Lorraine
    ("ketzenhammer", _protestant_majority, {"FRANCE": 5, "ENGLAND": 2}, "catholic",
     "ENGLAND", "FRANCE", {"FRANCE": 3}),
])
def test_diplomatic_attacks_are_still_allowed_under_widerstand_and_ketzenhammer(counterbalance, centers, infs, marker,
                                                                               power, target, left):
    """000_cc215928c2f3193e.txt, 'Counterbalance': "Note: If widerstand or ketzenhammer is in
    effect, diplomatic attacks are still allowed." Under widerstand France (Catholic) cannot
    deploy to Protestant-marked Lorraine but may still attack England there, and the attack is
    resolved ('MUTUAL REDUCTION'); under ketzenhammer the same for England in a Catholic-marked
    state."""
    position = board({}, centers=centers(), influence={"LOR": infs})
    position, _ = settle(VARIANT, position)
    state = state_of(position)
    assert state.counterbalance == counterbalance and markers(position)["LOR"] == marker
    found = check_entries(SETUP, state, position, [Placement(power, 2, "LOR", "2: LOR"),
                                                    Attack(power, "LOR", target, f"LOR > {target}")])
    assert list(found) == [0] and counterbalance in found[0]
    done, _ = play(position, {}, inputs(attacks=[(power, "LOR", target)]))
    assert state_of(done.after).influence.infs("LOR") == left  # the attacker's INFs gone, the target's reduced


# --- 'Rules concerning Christian and Muslim units': the convoy half ------------------------------


def test_no_christian_fleet_convoys_a_muslim_army_onto_the_papal_states_or_beside_them():
    """000_cc215928c2f3193e.txt, 'Rules concerning Christian and Muslim units': "Christian units
    (whether Protestant or Catholic) will not convoy nor support a move/attack by a Muslim unit
    onto the Papal States (ROM and MAR) or adjacent provinces (VEN, PIA, TUS, and NAP). All
    other cases where a Christian unit supports a Muslim unit to move/attack/convoy are legal."
    A Spanish fleet in the Adriatic is ordered to convoy the Ottoman army in Albania to Naples
    (adjacent to the Papal States): the convoy is refused and the army stays. The same fleet
    convoying it to Croatia is legal, and the army lands."""
    position = board({"ALB": "A OTTOMAN", "ADR": "F SPAIN"})
    fleet, army = position.units["ADR"], position.units["ALB"]
    for dest in ("NAP", "MAR", "VEN"):
        assert "Papal States" in RULES.may_assist(VARIANT, position, fleet, army, dest), dest
    assert RULES.may_assist(VARIANT, position, fleet, army, "CRO") is None
    checked = check_orders(VARIANT, position, RULES,
                           [OrderEntry("SPAIN", "Orders!C2", "F ADR C A ALB - NAP", "F ADR")], False)
    assert checked.problems and "Papal States" in checked.problems[0].expected
    done, _ = play(position, {"SPAIN": ["A ALB - NAP", "F ADR C A ALB - NAP"]}, lenient=True)
    assert unit_at(done.after, "ALB") == "A OTTOMAN" and unit_at(done.after, "NAP") is None
    done, _ = play(position, {"SPAIN": ["A ALB - CRO", "F ADR C A ALB - CRO"]})
    assert unit_at(done.after, "CRO") == "A OTTOMAN" and unit_at(done.after, "ALB") is None


# --- 'The Ottomans': expansion and builds -----------------------------------------------------------


def test_ottoman_units_capture_centers_and_build_by_the_vote():
    """000_cc215928c2f3193e.txt, 'The Ottomans': "Ottoman units can also capture centers and
    contribute to expansion"; "Each player may submit orders to these units, but which order
    is followed depends on the influential 'weight' for the year ... (37 versus 35 INFs in the
    first year) ... combined French and Austrian influence (68 INFs) outweigh the Spanish".
    'Expansion': "The Ottomans and the minor states have the ability to expand with the capture
    of centers". 'Concerning supply centers': "Each supply center controlled during the build
    phase provides the resources to field 1 army or 1 fleet"; builds go to "any unoccupied home
    center or captured center of a minor state". The Ottoman army takes Croatia in the Fall of
    1615 on Spain's order; the Ottomans then hold three centers with two units and build once,
    where the vote says."""
    fall = board({"BOS": "A OTTOMAN", "SER": "A OTTOMAN"}, phase="F1615M")
    done, _ = play(fall, {"SPAIN": ["A BOS - CRO"]})
    assert done.after.centers["CRO"] == "OTTOMAN"
    winter, _ = play(done.after, {})
    assert winter.after.phase == "W1615A"
    built = winter.after
    # its home centers and the captured Croatian one (occupied ones are refused at the order)
    assert RULES.build_sites(VARIANT, built, "OTTOMAN") == {"RUM", "SER", "CRO"}
    assert "OTTOMAN" in RULES.commanded(VARIANT, built, "SPAIN")
    # Spain (37) against France (35): Spain's build is followed.
    done, checked = play(built, {"SPAIN": ["BUILD A RUM"], "FRANCE": ["BUILD F RUM"]})
    assert unit_at(done.after, "RUM") == "A OTTOMAN"
    assert checked.record["FRANCE"][0]["outbid"]
    # France and Austria (68) against Spain: theirs.
    done, _ = play(built, {"SPAIN": ["BUILD A RUM"], "FRANCE": ["BUILD F RUM"], "AUSTRIA": ["BUILD F RUM"]})
    assert unit_at(done.after, "RUM") == "F OTTOMAN"
    assert sum(1 for u in done.after.units.values() if u.power == "OTTOMAN") == 3  # one build: 3 centers


# --- 'RESOLVING ORDERS' -------------------------------------------------------------------------------


def test_resolving_orders_steps_one_to_four_in_their_order():
    """000_cc215928c2f3193e.txt, 'RESOLVING ORDERS': "(Step 1) GM distributes INFs to the minor
    states as indicated in the deployment lists submitted by the players. (Step 2) GM next
    determines the results of the diplomatic attacks keeping in mind any diplomatic immunities
    based on sanctions. (Step 3) GM next determines the status of each minor state. (Step 4) GM
    then resolves the orders; publishes the statuses of the minor states and the
    adjudication." Lorraine holds France 6, Spain 4 (aligned with France). England deploys 2
    there and attacks France: the attack stands only because step 1 came first (England 'has
    deployed or will be deploying INFs' there); it leaves France 4 and Spain 4, so step 3 makes
    Lorraine NEUTRAL, and at step 4 France's order to Lorraine's army is not followed."""
    summer = board({"LOR": "A LOR"}, phase="U1616M", influence={"LOR": {"FRANCE": 6, "SPAIN": 4}},
                   year_infs={"ENGLAND": 30, "AUSTRIA": 33, "DENMARK": 34, "FRANCE": 35, "SPAIN": 37})
    assert status(summer, "LOR").power == "FRANCE"
    entries = inputs([("ENGLAND", 2, "LOR")], [("ENGLAND", "LOR", "FRANCE")])
    state, deployment = deployment_of(VARIANT, summer, entries)
    assert [(p.power, p.infs, p.minor) for p in deployment.placements] == [("ENGLAND", 2, "LOR")]   # step 1
    attack = deployment.attacks[0]                                                                   # step 2
    assert (attack.attacker_before, attack.target_before, attack.removed) == (2, 6, 2)
    assert deployment.statuses["LOR"].status == "NEUTRAL"                                            # step 3
    assert state.influence.infs("LOR") == {"FRANCE": 4, "SPAIN": 4}
    # Step 2 sees step 1: without England's deployment its attack has no INFs behind it.
    assert "ENGLAND has no INFs" in check_entries(SETUP, state_of(summer), summer,
                                                  [Attack("ENGLAND", "LOR", "FRANCE", "LOR > FRANCE")])[0]
    done, checked = play(summer, {"FRANCE": ["A LOR - CHA"]}, entries)                             # step 4
    assert checked.record["FRANCE"][0]["outbid"] and "NEUTRAL" in checked.record["FRANCE"][0]["error"]
    assert unit_at(done.after, "LOR") == "A LOR" and unit_at(done.after, "CHA") is None
    assert status(done.after, "LOR").status == "NEUTRAL"


# --- 'Writing the orders': minor states without a center and unit -------------------------------


def test_infs_may_go_to_franconia_and_switzerland_which_have_no_center_or_unit():
    """000_cc215928c2f3193e.txt, 'Writing the orders': "Additionally, INFs may be deployed to
    minor states without a center and unit, such as Franconia (FRA) or Switzerland (SWI)."
    Deployed like any other, they set the state's status: aligned Franconia may be entered by
    France and is not annexed by it ('unless it is an ALIGNED state to the power'); Switzerland
    made NEUTRAL by France and Spain 3/3 cannot be entered ('no power can enter the minor state
    as it violates the neutrality status')."""
    assert SETUP.minors["FRA"].home_center is None and SETUP.minors["SWI"].home_center is None
    spring = board({"MIL": "A SPAIN", "WUR": "A FRANCE"}, phase="S1616M",
                   year_infs={"ENGLAND": 30, "AUSTRIA": 33, "DENMARK": 34, "FRANCE": 35, "SPAIN": 37})
    entries = inputs([("FRANCE", 4, "FRA"), ("FRANCE", 3, "SWI"), ("SPAIN", 3, "SWI")])
    done, _ = play(spring, {"FRANCE": ["A WUR - FRA"]}, entries)
    after = done.after
    assert state_of(after).influence.infs("FRA") == {"FRANCE": 4}
    assert state_of(after).influence.infs("SWI") == {"FRANCE": 3, "SPAIN": 3}
    assert (status(after, "FRA").status, status(after, "FRA").power) == ("ALIGNED", "FRANCE")
    assert status(after, "SWI").status == "NEUTRAL"
    assert state_of(after).left("FRANCE") == 35 - 7 and state_of(after).left("SPAIN") == 37 - 3
    assert unit_at(after, "FRA") == "A FRANCE"
    checked = check_orders(VARIANT, after, RULES, [OrderEntry("SPAIN", "Orders!C2", "A MIL - SWI", "A MIL")], False)
    assert checked.problems and "NEUTRAL" in checked.problems[0].expected
    fall = after.copy()
    fall.phase = "F1616M"
    done, _ = play(fall, {})
    winter, _ = play(done.after, {})
    assert state_of(winter.after).annexed.get("FRA") is None  # France's own aligned state
    unaligned = board({"FRA": "A FRANCE"}, phase="F1616M")
    done, _ = play(unaligned, {})
    winter, _ = play(done.after, {})
    assert state_of(winter.after).annexed.get("FRA") == "FRANCE"  # with no INFs there, annexed


# --- 'Disbanding' ---------------------------------------------------------------------------------


def test_a_captured_minors_army_is_disbanded_even_standing_in_a_center():
    """000_cc215928c2f3193e.txt, 'Disbanding': "If the home supply center of a minor state is
    captured when the state's army is positioned elsewhere on the board, the army is disbanded
    at the Early Winter Adjustment Phase (irrespective to whether it holds a center)."
    Prussia's army stands in the Mecklenburg center Prussia had taken when Spain takes
    Prussia's home in the Fall: Mecklenburg is liberated ('If Prussia is captured, Mecklenburg
    becomes "liberated"') and at the Early Winter the army standing in that center is disbanded
    all the same, by nobody's order."""
    centers = dict(opening().centers, MEC="PRU")
    fall = board({"SAM": "A SPAIN", "MEC": "A PRU"}, phase="F1616M", centers=centers,
                 influence={"PRU": {"DENMARK": 8}})
    fall = with_state(fall, _suspended(fall, {"MEC": "PRU"}))
    done, _ = play(fall, {"SPAIN": ["A SAM - PRU"], "DENMARK": ["A MEC H"]})
    early = done.after
    assert early.phase == "E1616D" and early.centers["PRU"] == "SPAIN" and early.centers["MEC"] == "MEC"
    assert unit_at(early, "MEC") == "A PRU" and SETUP.minors["MEC"].home_center == "MEC"
    winter, _ = play(early, {})
    assert unit_at(winter.after, "MEC") != "A PRU"
    assert not any(u.power == "PRU" for u in winter.after.units.values())
    disbanded = [r for r in winter.results if r["order"] == "A MEC D"]
    assert disbanded and "home center is captured" in disbanded[0]["reason"]


def _suspended(position, captured: dict[str, str]):
    state = state_of(position)
    state.influence.suspended.update(captured)
    return state
