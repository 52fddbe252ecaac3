"""Europe 1615's rules, clause by clause, each test citing the rulebook.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3). Every phase
is played through the real pipeline (order checks, the rules' choice of orders, the INF
deployment, the adjudicator): :mod:`europe1615_play`.
"""

from __future__ import annotations

import pytest

from europe1615_play import RULES, SETUP, VARIANT, board, inputs, opening, play, result, unit_at
from gm_tools.edges.ordercheck import check_orders
from gm_tools.edges.workbook import OrderEntry
from gm_tools.engine.model import ARMY, Unit
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.publish.judgetext import published_entries
from gm_tools.systems.europe1615.deployment import EntryError, check_entries, counterbalance, read_line, yearly_infs
from gm_tools.systems.europe1615.state import state_of, with_state
from gm_tools.systems.europe1615.status import CAPTURED, minor_status, territory

NAMES = {c: p.name for c, p in VARIANT.powers.items()}


def status(position, minor):
    return minor_status(SETUP, state_of(position), position, minor)


# --- statuses: 'Rules concerning political status of minor states' ---------------------------


@pytest.mark.parametrize("infs, expected, power", [
    ({}, "UNALIGNED", None),                                   # 'not established if no power has invested'
    ({"FRANCE": 9}, "ALIGNED", "FRANCE"),
    ({"FRANCE": 10, "SPAIN": 5, "ENGLAND": 5}, "ALIGNED", "FRANCE"),   # '50% or more'
    ({"FRANCE": 10, "SPAIN": 10}, "NEUTRAL", None),            # '(50/50) ... NEUTRAL'
    ({"FRANCE": 4, "SPAIN": 3, "ENGLAND": 3}, "NEUTRAL", None),  # 'more than 2 powers ... not one holds 50%'
    ({"FRANCE": 6, "SPAIN": 4}, "ALIGNED", "FRANCE"),
])
def test_status_from_the_infs(infs, expected, power):
    """'ALIGNED ... the major power holding the most influence (50% or more of the total INFs
    deployed to the state)'; 'For two powers equally invested in a minor state (50/50), the
    minor state will be marked as NEUTRAL'; 'Neutrality occurs when two powers have invested
    equally (50/50), or if more than 2 powers have deployed to the state and not one holds 50%
    or more'; 'UNALIGNED' when 'no power has invested any INFs'."""
    position = board({}, influence={"WUR": infs})
    s = status(position, "WUR")
    assert (s.status, s.power) == (expected, power)


def test_three_center_rule():
    """'Three-center rule: If a minor state acquires 3 centers, it cannot have an unaligned
    status. By default, the state will be neutral.'"""
    centers = dict(opening().centers)
    assert status(board({}, centers=centers), "SAX").status == "UNALIGNED"
    centers.update({"MEC": "SAX", "BRA": "SAX"})
    assert status(board({}, centers=centers), "SAX").status == "NEUTRAL"


def test_closed_minors_until_their_sanction():
    """'Although Morocco is listed, it begins the game as a neutral state and no power can
    deploy INFs to this state until the Moroccan unification is passed'; 'Catalonia is also
    listed, but cannot receive INFs until Catalan secession is passed ... However, Catalonia is
    passable and can be captured'."""
    position = opening()
    assert status(position, "MOR").status == "NEUTRAL"
    assert status(position, "CAT").status == "UNALIGNED"
    for minor in ("MOR", "CAT"):
        problems = check_entries(SETUP, state_of(position), position, [Placement("SPAIN", 3, minor, f"3: {minor}")])
        assert "until the" in problems[0]


# --- INF deployment: 'INFLUENCE' -------------------------------------------------------------


def test_deployment_lines_are_read_beside_the_orders():
    """'France decides to deploy all INFs in the phase as follows: 9 INFs to Wuerttemburg
    (WUR), 3 INFs to the Rhineland (RHI) ...'; attacks: 'MINOR STATE > MAJOR POWER'."""
    assert read_line(SETUP, "FRANCE", "9: WUR", NAMES) == Placement("FRANCE", 9, "WUR", "9: WUR")
    assert read_line(SETUP, "FRANCE", "3: Rhineland", NAMES).minor == "RHI"
    # the rulebook's own way of writing it, and its shorter forms
    for written in ("9 INFs to WUR", "9 INF to baden wuerttemberg", "9 - WUR", "9 WUR"):
        assert read_line(SETUP, "FRANCE", written, NAMES) == Placement("FRANCE", 9, "WUR", written), written
    assert read_line(SETUP, "ENGLAND", "LOR > FRANCE", NAMES) == Attack("ENGLAND", "LOR", "FRANCE", "LOR > FRANCE")
    for bad in ("9: XYZ", "0: WUR", "LOR > NOBODY", "nine WUR"):
        with pytest.raises(EntryError):
            read_line(SETUP, "FRANCE", bad, NAMES)
    # Read as Europe 1619's orders are, by the same reader (gm_tools/mechanics/influenceorders.py):
    # any case, a hyphen as a space, a near miss answered with the nearest name.
    assert read_line(SETUP, "FRANCE", "2: baden wuerttemberg", NAMES).minor == "WUR"
    assert read_line(SETUP, "FRANCE", "LOR > england", NAMES).target == "ENGLAND"
    with pytest.raises(EntryError) as refused:
        read_line(SETUP, "FRANCE", "2: Rhinelant", NAMES)
    assert refused.value.expected == "a pliant minor state (did you mean RHI?)"
    with pytest.raises(EntryError) as refused:
        read_line(SETUP, "FRANCE", "LOR > Spian", NAMES)
    assert refused.value.expected == "a power in play (did you mean SPAIN?)"


def test_never_beyond_the_years_total_and_unused_infs_are_lost():
    """'Powers need not deploy all INFs in the first phase, but can spread out those
    deployments in subsequent phases ... Any unused INFs do not carry forward into the next
    year, and players cannot deploy more than the available INFs for the year.'"""
    spring = opening()
    done, _ = play(spring, {}, inputs([("FRANCE", 20, "WUR")]))
    summer = done.after
    assert summer.phase == "U1615M" and state_of(summer).left("FRANCE") == 15
    problems = check_entries(SETUP, state_of(summer), summer, [Placement("FRANCE", 16, "LOR", "16: LOR")])
    assert "15 left for the year" in problems[0]
    assert check_entries(SETUP, state_of(summer), summer, [Placement("FRANCE", 15, "LOR", "15: LOR")]) == {}
    # Next year's Status Check hands out a fresh allotment; the 15 unused are gone.
    state = state_of(summer)
    nxt = with_state(summer.copy(), state)
    nxt.phase = "I1616C"
    from gm_tools.engine.runner import run_orders

    after = run_orders(VARIANT, nxt, [], RULES).position
    assert state_of(after).left("FRANCE") == 35 and state_of(after).deployed == {}


def test_infs_per_year_follow_the_centers_held():
    """'Powers also receive additional INFs from the capture of a supply center. This gain is
    maintained as long as the power maintains control of the center ... A power will lose INFs
    from the loss of a home center equal to the INF value of the center.'"""
    centers = dict(opening().centers)
    centers["SAX"] = "DENMARK"   # Denmark captures Saxony: 'Denmark can earn ... 9 INFs'
    centers["NWY"] = "ENGLAND"   # and loses Norway (7) to England
    infs = yearly_infs(SETUP, centers)
    assert infs["DENMARK"] == 34 + 9 - 7 and infs["ENGLAND"] == 30 + 7


def test_only_catholic_powers_deploy_to_the_papal_states():
    """'The Catholic powers, only, may deploy INFs & submit orders to the Papal States (PAPL)'."""
    position = opening()
    problems = check_entries(SETUP, state_of(position), position, [Placement("ENGLAND", 3, "PAPL", "3: PAPL"),
                                                                    Placement("SPAIN", 3, "PAPL", "3: PAPL")])
    assert list(problems) == [0] and "Catholic" in problems[0]
    assert "PAPL" not in RULES.commanded(VARIANT, position, "ENGLAND")
    assert "PAPL" in RULES.commanded(VARIANT, position, "SPAIN")


def test_aligned_minor_follows_its_powers_orders_wherever_it_is():
    """'Orders submitted by the power to any aligned state will be followed by the unit of the
    state (where ever it is on the board)'; orders to a state not aligned with the power that
    sent them are not followed ('whether the orders submitted are followed or not')."""
    spring = opening()
    done, checked = play(spring, {"FRANCE": ["A WUR - FRA"], "SPAIN": ["A LOR - BUR"]},
                         inputs([("FRANCE", 9, "WUR"), ("FRANCE", 4, "LOR"), ("SPAIN", 4, "LOR")]))
    assert result(done, "A WUR - FRA")["result"] == "succeeds"
    assert unit_at(done.after, "FRA") == "A WUR"
    spanish = checked.record["SPAIN"][0]
    assert spanish["outbid"] and "NEUTRAL" in spanish["error"]  # LOR is 50/50: 'orders ... will be ignored'
    assert unit_at(done.after, "LOR") == "A LOR"


# --- movement: 'Dislodgment', 'Alliance', 'Neutrality (impassable)', 'Retreats' --------------------


def test_a_power_cannot_dislodge_or_support_dislodging_its_aligned_minor():
    """'The power cannot dislodge or support the dislodgment of the aligned minor state's unit,
    even if that dislodgment is unexpected.'"""
    position = board({"LOR": "A LOR", "BUR": "A FRANCE", "CHA": "A FRANCE", "FRC": "A SPAIN"},
                     influence={"LOR": {"FRANCE": 10}})
    done, _ = play(position, {"FRANCE": ["A BUR - LOR", "A CHA S A BUR - LOR"]})
    assert result(done, "A BUR - LOR")["result"] == "fails"
    assert unit_at(done.after, "LOR") == "A LOR"
    done, _ = play(position, {"SPAIN": ["A FRC - LOR"], "FRANCE": ["A CHA S A FRC - LOR"]})
    assert result(done, "A FRC - LOR")["result"] == "fails"  # the French support does not count
    assert unit_at(done.after, "LOR") == "A LOR"


def test_a_power_may_enter_its_aligned_minor_but_not_capture_it():
    """'Alliance. A power may move into its ALIGNED state if the army is not present, but cannot
    capture the center as long as it is aligned. This is reciprocal with regards to the aligned
    minor state.' An unaligned state is captured ('Any power or minor state may move into
    and/or capture the unaligned state')."""
    units = {"STR": "A LOR", "BUR": "A FRANCE"}
    aligned = board(units, phase="F1616M", influence={"LOR": {"FRANCE": 10}})
    done, _ = play(aligned, {"FRANCE": ["A BUR - LOR"]})
    assert unit_at(done.after, "LOR") == "A FRANCE" and done.after.centers["LOR"] == "LOR"
    unaligned = board(units, phase="F1616M")
    done, _ = play(unaligned, {"FRANCE": ["A BUR - LOR"]})
    assert done.after.centers["LOR"] == "FRANCE"
    # Reciprocal: Savoy, aligned with Spain, enters empty Milan and does not take it.
    reciprocal = board({"TUR": "A SAV"}, phase="F1616M", influence={"SAV": {"SPAIN": 12}})
    done, _ = play(reciprocal, {"SPAIN": ["A TUR - MIL"]})
    assert unit_at(done.after, "MIL") == "A SAV" and done.after.centers["MIL"] == "SPAIN"


def test_neutral_minor_is_impassable_but_a_foreign_unit_inside_may_be_attacked():
    """'If the political status is NEUTRAL, no power can enter the minor state as it violates
    the neutrality status ... while holding its position in the neutral state it is open to
    attack and dislodgment (since the neutral state harbors a foreign active unit, other states
    have the right to attack).'"""
    neutral = {"LOR": {"FRANCE": 5, "SPAIN": 5}}
    empty = board({"STR": "A LOR", "BUR": "A FRANCE"}, influence=neutral)
    checked = check_orders(VARIANT, empty, RULES, [OrderEntry("FRANCE", "Orders!C2", "A BUR - LOR", "A BUR")], False)
    assert checked.problems and "NEUTRAL" in checked.problems[0].expected
    harbouring = board({"STR": "A LOR", "LOR": "A SPAIN", "BUR": "A FRANCE", "CHA": "A FRANCE"}, influence=neutral)
    done, _ = play(harbouring, {"FRANCE": ["A BUR - LOR", "A CHA S A BUR - LOR"]})
    assert unit_at(done.after, "LOR") == "A FRANCE"


def test_no_unit_enters_a_neutral_state_its_foreign_army_leaves():
    """000_cc215928c2f3193e.txt, 'Neutrality (impassable)': "If the army moves out of the
    neutral state, no other unit can enter, but while holding its position in the neutral state
    it is open to attack and dislodgment". A move into neutral Lorraine is an attack on the
    Spanish army there: it fails if that army leaves, it succeeds against the army that stays,
    and no dislodged unit retreats into the place it left (NOTES.md, 'Neutral lands')."""
    neutral = {"LOR": {"FRANCE": 5, "SPAIN": 5}}
    leaving = board({"LOR": "A SPAIN", "BUR": "A FRANCE", "CHA": "A FRANCE"}, influence=neutral)
    done, _ = play(leaving, {"SPAIN": ["A LOR - TRI"], "FRANCE": ["A BUR - LOR", "A CHA S A BUR - LOR"]})
    attack = result(done, "A BUR - LOR")
    assert attack["result"] == "fails" and [c["code"] for c in attack["codes"]] == ["may_not_follow"]
    assert "no other unit can enter" in attack["reason"]
    assert unit_at(done.after, "LOR") is None and unit_at(done.after, "TRI") == "A SPAIN"

    staying = board({"LOR": "A SPAIN", "BUR": "A FRANCE", "CHA": "A FRANCE", "FRC": "A FRANCE"}, influence=neutral)
    done, _ = play(staying, {"SPAIN": ["A LOR - CHA"], "FRANCE": ["A BUR - LOR", "A FRC S A BUR - LOR"]})
    assert unit_at(done.after, "LOR") == "A FRANCE" and "LOR" in done.after.dislodged

    retreat = board({"LOR": "A SPAIN", "SAA": "A ENGLAND", "RHI": "A RHI", "TRI": "A FRANCE", "STR": "A FRANCE"},
                    influence=neutral)
    done, _ = play(retreat, {"SPAIN": ["A LOR - WUR"], "FRANCE": ["A TRI - SAA", "A STR S A TRI - SAA"]})
    assert unit_at(done.after, "SAA") == "A FRANCE" and "SAA" not in done.after.dislodged  # nowhere to go


def test_a_neutral_minors_unit_outside_holds_and_does_not_capture():
    """'if the minor state becomes neutral after its army has moved, the state's army holds its
    position where ever it is on the board'; 'If the minor state is neutral, and its unit is
    occupying a foreign province at the adjustment phase, the minor state will not be able to
    capture the province. If a minor state is unaligned it may still capture.'"""
    units = {"WUR": "A LOR", "FRA": "A WUR"}
    neutral = board(units, phase="F1616M", influence={"LOR": {"FRANCE": 5, "SPAIN": 5}})
    done, checked = play(neutral, {"FRANCE": ["A WUR - BAV"]})
    assert checked.record["FRANCE"][0]["outbid"]
    assert unit_at(done.after, "WUR") == "A LOR" and done.after.centers["WUR"] == "WUR"
    unaligned = board(units, phase="F1616M")
    done, _ = play(unaligned, {})
    assert done.after.centers["WUR"] == "LOR"


def test_minor_and_ottoman_units_never_retreat():
    """'If the minor state's army is dislodged, it is then disbanded (no retreats are allowed
    for units of the minor states)'; 'the Ottoman units disband if dislodged'."""
    position = board({"LOR": "A LOR", "BUR": "A FRANCE", "CHA": "A FRANCE",
                      "SER": "A OTTOMAN", "HUN": "A AUSTRIA", "BOS": "A AUSTRIA"})
    done, _ = play(position, {"FRANCE": ["A BUR - LOR", "A CHA S A BUR - LOR"],
                              "AUSTRIA": ["A HUN - SER", "A BOS S A HUN - SER"]})
    assert unit_at(done.after, "LOR") == "A FRANCE" and unit_at(done.after, "SER") == "A AUSTRIA"
    assert not any(u.power in ("LOR", "OTTOMAN") for u in done.after.units.values())
    assert done.after.dislodged == {} and done.after.phase == "U1616M"  # no retreat phase


# --- minor states that expand: 'Expansion', 'Capture of a minor state' -------------------------


def test_prussia_mecklenburg_bohemia_example_step_by_step():
    """'Example of play: Prussia, under the influence of Denmark, moves to occupy Mecklenburg,
    and captures it at the build phase of 1615. Mecklenburg is "temporarily" eliminated from the
    list of pliant minor states. Prussia builds a new army ... When INFs are deployed to Prussia
    it affects both the Prussian state and Mecklenburg ... If Prussia is captured, Mecklenburg
    becomes "liberated" and is reestablished as a pliant minor state; the INFs in Mecklenburg
    will need to be reevaluated for its status ... if the Prussian home center is captured, the
    Bohemian center will be "liberated"'."""
    fall = board({"BRA": "A PRU"}, phase="F1615M",
                 influence={"PRU": {"DENMARK": 8}, "MEC": {"ENGLAND": 3}},
                 year_infs={p: 30 for p in SETUP.powers})
    fall.centers["BOH"] = "PRU"  # Prussia took Bohemia earlier ('if Prussia captures Bohemia')
    # 1. Prussia, aligned with Denmark, moves into empty Mecklenburg on Denmark's order.
    done, _ = play(fall, {"DENMARK": ["A BRA - MEC"]})
    after = done.after
    assert after.centers["MEC"] == "PRU"  # captured at the year's end
    assert status(after, "MEC").status == CAPTURED  # 'temporarily eliminated from the list'
    lands = territory(SETUP, state_of(after), after)
    assert lands["MEC"] == "PRU" and lands["BOH"] == "PRU"  # its dominion, following its status
    assert "MEC" not in RULES.commanded(VARIANT, after, "ENGLAND")  # no longer influenced
    problems = check_entries(SETUP, state_of(after), after, [Placement("ENGLAND", 2, "MEC", "2: MEC")])
    assert "captured" in problems[0]
    # 2. Prussia builds: its aligned power orders it ('required to submit build orders').
    assert after.phase == "E1615D"
    winter, _ = play(after, {})
    assert winter.after.phase == "W1615A"
    assert RULES.build_sites(VARIANT, winter.after, "PRU") >= {"MEC"}
    built, _ = play(winter.after, {"DENMARK": ["A PRU B"]})  # in Prussia: its army stands in Mecklenburg
    assert unit_at(built.after, "PRU") == "A PRU"
    # 3. Prussia's home is captured: Mecklenburg and Bohemia are liberated.
    later = board({"SAM": "A SPAIN", "MEC": "A PRU"}, phase="F1616M", centers=dict(after.centers),
                  influence={"PRU": {"DENMARK": 8}, "MEC": {"ENGLAND": 3}})
    later = with_state(later, _suspended(later, {"MEC": "PRU"}))
    done, _ = play(later, {"SPAIN": ["A SAM - PRU"]})
    centers = done.after.centers
    assert centers["PRU"] == "SPAIN" and centers["MEC"] == "MEC" and centers["BOH"] == "BOH"
    assert status(done.after, "PRU").status == CAPTURED
    liberated = status(done.after, "MEC")
    assert (liberated.status, liberated.power) == ("ALIGNED", "ENGLAND")  # its INFs reevaluated
    # 4. Early Winter: 'The capture of the minor state's home center also leads to the
    #    disbanding of all units of the state.'
    winter, _ = play(done.after, {})
    assert not any(u.power == "PRU" for u in winter.after.units.values())


def _suspended(position, captured: dict[str, str]):
    state = state_of(position)
    state.influence.suspended.update(captured)
    return state


# --- builds: 'BUILD/ADJUSTMENT PHASE', 'Concerning supply centers' ------------------------------


def test_build_sites_by_the_capture_and_the_faith():
    """'Concerning supply centers: ... Players may build new units on any unoccupied home center
    or captured center of a minor state. Builds are not allowed in captured Islamic centers.
    Protestant powers cannot build in a captured Catholic power's center, and the same rule
    applies to Catholic powers with captured Protestant centers.'"""
    centers = dict(opening().centers)
    # England (Protestant) holds Saxony's center, Morocco's Islamic SUL, Catholic France's
    # Paris and Protestant Denmark's Copenhagen; France (Catholic) holds England's York.
    centers.update({"SAX": "ENGLAND", "SUL": "ENGLAND", "PAR": "ENGLAND", "COP": "ENGLAND", "YOR": "FRANCE"})
    winter = board({}, centers=centers, phase="W1616A")
    english = RULES.build_sites(VARIANT, winter, "ENGLAND")
    assert {"LON", "LCS", "SCOT", "SAX", "COP"} <= english      # home centers, a minor's, a same-faith power's
    assert not {"SUL", "PAR", "YOR"} & english                    # Islamic, the other faith's, lost
    french = RULES.build_sites(VARIANT, winter, "FRANCE")
    assert "YOR" not in french and {"LYO", "NOR"} <= french
    # 'unoccupied': a build in a home center where a unit stands is refused.
    occupied = board({"LON": "F ENGLAND"}, centers=centers, phase="W1616A")
    done, checked = play(occupied, {"ENGLAND": ["BUILD A LON", "BUILD A SAX"]}, lenient=True)
    assert unit_at(done.after, "SAX") == "A ENGLAND" and unit_at(done.after, "LON") == "F ENGLAND"
    assert [why for entry, why in checked.invalid if entry.written == "BUILD A LON"] == [
        "a legal order (LON is occupied by F LON; builds go to empty centers)"]


# --- diplomatic attacks -------------------------------------------------------------------------


def test_lorraine_attack_example():
    """'England currently holds 5 INFs in the LOR. France holds 10 INFs in the LOR, and Spain
    holds 10 INFs, in the Spring of 1616. England submits an order for a diplomatic attack
    against France in the LOR during the Summer of 1616. France, however, submits an order to
    attack Spain ... England commits and loses all INFs in LOR, and France is reduced to 5 INFs
    ... both French and Spanish INFs are reduced by 5. The LOR is then left aligned with Spain
    ... Any order submitted to the LOR from Spain will be followed.'"""
    summer = board({"LOR": "A LOR", "BUR": "A FRANCE"}, phase="U1616M",
                   influence={"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}},
                   year_infs={"ENGLAND": 30, "AUSTRIA": 33, "DENMARK": 34, "FRANCE": 35, "SPAIN": 37})
    done, _ = play(summer, {"SPAIN": ["A LOR - CHA"]},
                   inputs(attacks=[("FRANCE", "LOR", "SPAIN"), ("ENGLAND", "LOR", "FRANCE")]))
    assert state_of(done.after).influence.infs("LOR") == {"SPAIN": 5}
    assert status(done.after, "LOR").power == "SPAIN"
    assert result(done, "A LOR - CHA")["result"] == "succeeds"


def test_attack_order_later_years_least_influential_first():
    """'The sequence of attacks is dependent on the number of INFs received for the year,
    basically from least influential to most influential ... In cases of ties, differentiate
    based on number of centers'."""
    from gm_tools.systems.europe1615.deployment import attack_sequence

    position = board({}, year_infs={"ENGLAND": 40, "AUSTRIA": 20, "DENMARK": 30, "FRANCE": 30, "SPAIN": 10})
    position.centers["SAX"] = "FRANCE"  # France has more centers: after Denmark
    assert attack_sequence(SETUP, state_of(position), position, 1616) == ("SPAIN", "AUSTRIA", "DENMARK", "FRANCE", "ENGLAND")
    assert attack_sequence(SETUP, state_of(position), position, 1615) == SETUP.first_year_order


def test_one_attack_per_phase_allowed_in_the_first_phase():
    """'A diplomatic attack order may be submitted in the first movement phase, even before
    INFs are deployed'; 'Each player is allowed to submit only one diplomatic attack order per
    movement phase'; the attacker 'has deployed or will be deploying INFs' there and the target
    'also has INFs invested there (or will be deploying there)'."""
    spring = opening()
    entries = [Placement("FRANCE", 5, "LOR", "5: LOR"), Placement("SPAIN", 5, "LOR", "5: LOR"),
               Attack("FRANCE", "LOR", "SPAIN", "LOR > SPAIN"), Attack("FRANCE", "LOR", "SPAIN", "LOR > SPAIN"),
               Attack("ENGLAND", "LOR", "SPAIN", "LOR > SPAIN")]
    problems = check_entries(SETUP, state_of(spring), spring, entries)
    assert set(problems) == {3, 4}
    assert "only one" in problems[3] and "ENGLAND has no INFs" in problems[4]


# --- the Ottomans -------------------------------------------------------------------------------


def test_ottoman_vote_examples():
    """'if Spain submits SER-BOS, and France submits SER-hold, then Spain's order will be
    followed since Spain has the most influence (37 versus 35 INFs in the first year). However,
    if France and Austria both submit SER-hold versus Spain's SER-BOS, then the hold order will
    be followed since combined French and Austrian influence (68 INFs) outweigh the Spanish
    influence.'"""
    spring = opening()
    done, _ = play(spring, {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"]})
    assert unit_at(done.after, "BOS") == "A OTTOMAN"
    done, checked = play(spring, {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"], "AUSTRIA": ["A SER H"]})
    assert unit_at(done.after, "SER") == "A OTTOMAN" and result(done, "A SER H")["result"] == "succeeds"
    assert checked.record["SPAIN"][0]["outbid"]


def test_ottoman_tie_holds():
    """'In case of ties, units hold by default.'"""
    position = board({"SER": "A OTTOMAN"}, year_infs={"ENGLAND": 30, "AUSTRIA": 30, "DENMARK": 30, "FRANCE": 30,
                                                      "SPAIN": 30})
    done, _ = play(position, {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER - BUL"]})
    assert unit_at(done.after, "SER") == "A OTTOMAN"


def test_an_eliminated_power_has_no_say_over_the_ottomans():
    """'ELIMINATION AND EFFECTS OF': 'A power is eliminated when all of its home centers have
    been captured ... Any player who has been eliminated cannot continue receiving nor deploying
    INFs'; 'The Ottomans': 'which order is followed depends on the influential 'weight' for the
    year'. England, every home center French, orders neither the Ottomans nor a minor: its lone
    SER-BOS is an error at its cell, not a winning vote; France still votes."""
    centers = dict(opening().centers)
    centers.update({c: "FRANCE" for c in SETUP.homes["ENGLAND"]})
    position = board({"SER": "A OTTOMAN", "LOR": "A LOR"}, centers=centers)
    assert RULES.commanded(VARIANT, position, "ENGLAND") == ()
    assert SETUP.ottoman in RULES.commanded(VARIANT, position, "FRANCE")
    assert RULES.commands_nobody(VARIANT, position, "FRANCE") is None
    checked = check_orders(VARIANT, position, RULES, [OrderEntry("ENGLAND", "Orders!C9", "A SER - BOS", "A SER")],
                           lenient=False)
    assert [(p.cell, p.found) for p in checked.problems] == [("C9", "'A SER - BOS'")]
    assert "ENGLAND is eliminated: it orders no minor state's or Ottoman unit" in checked.problems[0].expected
    assert checked.orders == {}


def test_only_the_ottoman_result_is_published():
    """'Adjudication will only show the result, not what players have submitted.'"""
    record = {"orders": {"SPAIN": [{"cell": "Orders!C2", "written": "A SER - BOS", "read": "A SER - BOS",
                                    "error": None, "for": "OTTOMAN"},
                                   {"cell": "Orders!C3", "written": "A MAD H", "read": "A MAD H", "error": None}],
                         "FRANCE": [{"cell": "Orders!C9", "written": "A SER H", "read": None, "error": "x",
                                     "outbid": True, "for": "OTTOMAN"}]}}
    shown = published_entries(VARIANT, record)
    assert shown == {"SPAIN": [record["orders"]["SPAIN"][1]]}
    spring = opening()
    _, checked = play(spring, {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"]})
    assert all(item.get("for") == "OTTOMAN" for p in ("SPAIN", "FRANCE") for item in checked.record[p])


def test_christian_and_muslim_units():
    """'Christian units ... will not convoy nor support a move/attack by a Muslim unit onto the
    Papal States (ROM and MAR) or adjacent provinces (VEN, PIA, TUS, and NAP). All other cases
    where a Christian unit supports a Muslim unit ... are legal. Muslim units will not support a
    direct Christian attack on a Muslim unit. Muslim units will not support a move or convoy a
    Christian unit into an Islamic center unless an alliance system is in place.'"""
    position = board({"MAR": "A OTTOMAN", "NAP": "A SPAIN", "BOS": "A OTTOMAN", "HUN": "A AUSTRIA",
                      "SER": "A OTTOMAN", "ALB": "A OTTOMAN"})
    unit = position.units
    assert "Papal States" in RULES.may_assist(VARIANT, position, unit["NAP"], unit["MAR"], "ROM")
    assert RULES.may_assist(VARIANT, position, unit["HUN"], unit["BOS"], "CRO") is None  # other cases legal
    assert "direct Christian attack" in RULES.may_assist(VARIANT, position, unit["BOS"], unit["HUN"], "SER")
    empty = board({"BOS": "A OTTOMAN", "HUN": "A AUSTRIA"})
    assert "Islamic center" in RULES.may_assist(VARIANT, empty, empty.units["BOS"], empty.units["HUN"], "SER")
    # An alliance system: Morocco aligned with Spain may support Spain into an Islamic center.
    allied = board({"SUL": "A MOR", "ANDL": "A SPAIN"}, influence={"MOR": {"SPAIN": 5}})
    state = state_of(allied)
    state.opened = ("MOR",)
    allied = with_state(allied, state)
    assert RULES.may_assist(VARIANT, allied, allied.units["SUL"], allied.units["ANDL"], "RUM") is None
    # Through the order checks: the Spanish support is refused, the unit holds instead.
    checked = check_orders(VARIANT, position, RULES, [OrderEntry("SPAIN", "Orders!C2", "A NAP S A MAR - ROM", "A NAP")],
                           False)
    assert checked.problems and "Papal States" in checked.problems[0].expected


# --- counterbalance -----------------------------------------------------------------------------


def test_widerstand_and_ketzenhammer():
    """'if the total allocated INFs of the Catholic powers in play becomes 2 or more times
    greater than the allocated INFs of the Protestant powers, then the Catholic powers cannot
    deploy INFs to Protestant-majority states ... This situation is called "widerstand" ... and
    will appear at the top left corner of the map'; 'If total allocated INFs of the Protestant
    powers in play is 2 or more times greater than the Catholic powers ... "ketzenhammer"'."""
    from gm_tools.publish.render import render_svg

    centers = dict(opening().centers)
    assert counterbalance(SETUP, centers) is None
    centers["LON"] = "SPAIN"  # Protestant 50, Catholic 119
    assert counterbalance(SETUP, centers) == "widerstand"
    position = board({}, centers=centers)
    done, _ = play(position, {})
    assert state_of(done.after).counterbalance == "widerstand"  # worked out after the phase
    assert "Summer 1616 Movement \u2014 WIDERSTAND</text>" in render_svg(VARIANT, done.after)  # the title, top left
    state = state_of(done.after)
    state.influence.markers["DUT"] = "protestant"
    barred = with_state(done.after, state)
    problems = check_entries(SETUP, state, barred, [Placement("SPAIN", 3, "DUT", "3: DUT"),
                                                     Placement("ENGLAND", 3, "DUT", "3: DUT")])
    assert list(problems) == [0] and "widerstand" in problems[0]
    reverse = dict(opening().centers)
    for c in ("MAD", "ANDL", "NAP", "PAR", "NOR", "VIE"):
        reverse[c] = "DENMARK"
    assert counterbalance(SETUP, reverse) == "ketzenhammer"


def test_map_colours_neutral_and_unaligned_apart():
    """'When the minor state is aligned, or made neutral, all acquired territories are colored
    accordingly on the map': aligned in its power's tint, neutral and unaligned each their own."""
    from gm_tools.systems.europe1615.mapstyle import province_style

    position = board({}, influence={"WUR": {"FRANCE": 5}, "LOR": {"FRANCE": 5, "SPAIN": 5}})
    aligned, neutral, unaligned = (province_style(VARIANT, position, c) for c in ("WUR", "LOR", "HES"))
    assert len({aligned.fill, neutral.fill, unaligned.fill}) == 3
    assert province_style(VARIANT, position, "PAR") is None  # a power's own land keeps its look


def test_minor_units_start_where_expected():
    """Each minor state with a center starts with its army (reconstructed: NOTES.md)."""
    for code, minor in SETUP.minors.items():
        if minor.home_center and code not in ("CAT",):
            assert Unit(code, ARMY, minor.home_center) in VARIANT.start_units, code


def test_no_minor_state_builds_in_a_captured_islamic_center():
    """000_cc215928c2f3193e.txt, 'BUILD/ADJUSTMENT PHASE': "Builds are not allowed in captured
    Islamic centers." Transylvania, aligned with Austria, has taken Serbia: Austria builds its
    army at home in Transylvania, never in Serbia; Morocco builds in its own (Islamic) home."""
    centers = dict(opening().centers, SER="TRA")
    winter = board({}, centers=centers, phase="W1616A", influence={"TRA": {"AUSTRIA": 5}})
    assert RULES.build_sites(VARIANT, winter, "TRA") == {"TRA"}
    checked = check_orders(VARIANT, winter, RULES, [OrderEntry("AUSTRIA", "Orders!C2", "BUILD A SER", None)], False)
    assert checked.problems and "Serbia" in checked.problems[0].expected
    done, _ = play(winter, {"AUSTRIA": ["BUILD A TRA"]})
    assert unit_at(done.after, "TRA") == "A TRA" and unit_at(done.after, "SER") is None
    morocco = board({}, phase="W1616A", influence={"MOR": {"SPAIN": 5}})
    state = state_of(morocco)
    state.opened = ("MOR",)  # after the Moroccan unification
    morocco = with_state(morocco, state)
    home = SETUP.minors["MOR"].home_center
    assert home in SETUP.islamic and RULES.build_sites(VARIANT, morocco, "MOR") == {home}
