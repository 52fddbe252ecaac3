"""Europe 1615 (version 2): taxation and the consequences of occupying a minor state (issue 13
items 6 and 7).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '5 TAXATION/REVENUE PHASE', 'Benefits of the Political
and Religious Status of the Minor States', 'Penalties Concerning Political Status of Minor
States', 'Penalties Concerning Religious Status of Minor States', 'Consequences Of When A Major
Power Attacks And Occupies A Minor State', '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE' and '8 VICTORY
POINTS ADJUSTMENT'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.systems.europe1615v2 import occupation, politics, taxation
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.politics import Placement
from gm_tools.systems.europe1615v2.state import State

VARIANT = load_variant("europe1615v2")
SETUP = setup_of(VARIANT)
START = dict(VARIANT.start_centers)


def table(influence):
    return politics.statuses(SETUP, State(influence=influence))


def test_first_year_funds_plus_the_tribute_of_aligned_minors():
    """'At the start of the first year each power begins with the following funds. Note:
    Initial funds may be modified by the results of the political and religious influence
    phase': an ALIGNED power collects '1/3 of the supply points provided by the minor state'."""
    s = State(influence={"SAX": {"AUSTRIA": 12}})
    out = taxation.revenue(SETUP, s, table(s.influence), START, first_year=True)
    assert SETUP.values["SAX"] == 9
    assert out["AUSTRIA"].tribute == {"SAX": 3}
    assert out["AUSTRIA"].after == SETUP.funds["AUSTRIA"] + 3
    assert out["FRANCE"].after == SETUP.funds["FRANCE"]


def test_later_years_add_each_centers_supply_points():
    """'This value is the supply points provided by the center. Basically, each supply point is
    equivalent to 1 point of currency to determine funds acquired during the tax/revenue phase'."""
    s = State(treasury={p: 10 for p in SETUP.powers})
    out = taxation.revenue(SETUP, s, table({}), START, first_year=False)
    france = sum(v for c, v in SETUP.values.items() if START.get(c) == "FRANCE")
    assert out["FRANCE"].after == 10 + france and out["FRANCE"].income == france


def test_revolt_aligned_elsewhere_yields_a_third_and_dominion_ends_anothers_tribute():
    """'If the minor state is ALIGNED with another power, the supply center output is reduced to
    1/3 its normal production of supply points until the status can be changed to NEUTRAL';
    'Any other power that has a major stake of INFs in the minor state loses the benefit of
    collecting supply points from the state during the taxation/revenue phase'."""
    centers = dict(START, SAX="DENMARK")
    s = State(influence={"SAX": {"AUSTRIA": 12}}, treasury={p: 0 for p in SETUP.powers}, dominion={"SAX": "DENMARK"})
    out = taxation.revenue(SETUP, s, table(s.influence), centers, first_year=False)
    assert out["DENMARK"].centers["SAX"] == 3            # 9 / 3
    assert "SAX" not in out["AUSTRIA"].tribute
    assert occupation.revolts(SETUP, table(s.influence), centers) == {
        "SAX": "Catholic CONTROLLED: DENMARK cannot build there; ALIGNED with AUSTRIA: a third of its supply points"}


def position(units: dict[str, tuple[str, str]], phase="S1616M", centers=None) -> Position:
    return Position(phase=phase, units={p: Unit(o, k, p) for p, (k, o) in units.items()},
                    centers=dict(centers or START))


def test_penalties_are_cumulative_and_only_for_a_dislodged_minor_unit():
    """'If the political status is NEUTRAL, any major power that attacks and occupies the state
    will suffer a penalty of -5 VPs'; 'If the religious status is CONTROLLED, any major power with
    the same religion ... -9 VPs'; 'Penalties are cumulative. Also, the meaning of "attack and
    occupy" is that the major power SUCCESSFULLY attacks and dislodges the minor state's unit'."""
    before = position({"SAX": (ARMY, "SAX"), "BOH": (ARMY, "AUSTRIA")})
    after = position({"SAX": (ARMY, "AUSTRIA")})
    opened = table({"SAX": {"AUSTRIA": 9, "FRANCE": 4, "DENMARK": 4}})   # NEUTRAL, Catholic CONTROLLED
    assert (opened["SAX"].political, opened["SAX"].confession) == (politics.NEUTRAL, "catholic")
    s = occupation.occupy(SETUP, State(), opened, before, after, "S1616M")
    assert sorted(e["vps"] for e in s.penalties) == [-9, -5]
    assert all(e["power"] == "AUSTRIA" for e in s.penalties)
    # no unit dislodged: no penalty ('the penalties described above do not apply to SWI, LOR, and POS')
    moved = occupation.occupy(SETUP, State(), opened, position({"BOH": (ARMY, "AUSTRIA")}),
                              position({"SAX": (ARMY, "AUSTRIA")}), "S1616M")
    assert moved.penalties == []


def test_aligned_power_penalty_and_contested_mark():
    """'If the political status is ALIGNED, the major power (to which the minor state is aligned
    to) that attacks and occupies the state will suffer a penalty of -15 VPs'; 'If a major power
    holds political control over a minor state (minor state is ALIGNED) and an opposing power
    attacks and occupies the minor state before a build phase, the minor state is then marked as
    CONTESTED'."""
    opened = table({"SAX": {"AUSTRIA": 9}})
    before = position({"SAX": (ARMY, "SAX")})
    own = occupation.occupy(SETUP, State(), opened, before, position({"SAX": (ARMY, "AUSTRIA")}), "S1616M")
    assert [e["vps"] for e in own.penalties] == [-15] and own.contested == {}
    other = occupation.occupy(SETUP, State(), opened, before, position({"SAX": (ARMY, "DENMARK")}), "S1616M")
    assert other.penalties == [] and other.contested == {"SAX": "DENMARK"}
    retaken = occupation.settle_contested(SETUP, other, position({"SAX": (ARMY, "AUSTRIA")}))
    assert retaken.contested == {}


def test_catholic_power_dislodging_a_papal_unit():
    """'Penalties associated with Catholic powers: Catholic power attacks/dislodges unit in a
    Papal state= -19.'"""
    before = position({"ROM": (ARMY, "PAP")})
    s = occupation.occupy(SETUP, State(), table({}), before, position({"ROM": (ARMY, "SPAIN")}), "F1616M")
    assert [e["vps"] for e in s.penalties] == [-19]
    s = occupation.occupy(SETUP, State(), table({}), before, position({"ROM": (ARMY, "ENGLAND")}), "F1616M")
    assert s.penalties == []


def test_dominion_of_the_first_occupier_and_minor_units_rebuilt():
    """'If a major power attacks and occupies a minor state, and this is the first occurrence of
    occupation by a major power with change in ownership at the build phase, ... The minor state
    is now considered the DOMINION of the occupying power'; 'If a supply center of a minor state
    is unoccupied and has yet to change ownership, a new unit is built ... contingent on the fact
    that the minor state is not the DOMINION of a major power'."""
    centers = dict(START, SAX="AUSTRIA")
    s = occupation.dominions(SETUP, State(), centers, 1616)
    assert s.dominion == {"SAX": "AUSTRIA"}
    empty = position({}, phase="P1617I", centers=centers)
    rebuilt = {u.province for u in occupation.rebuild_minor_units(SETUP, s, empty)}
    assert "SAX" not in rebuilt and "BRA" in rebuilt and "ROM" in rebuilt and "MAR" in rebuilt


def test_no_builds_in_a_center_controlled_by_the_other_faith():
    """'If an opposing religion has control of the minor state, the major power that now owns the
    minor state will be unable to build on the site until the religious status is changed to
    DUALITY.'"""
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2.state import with_state

    centers = dict(START, SAX="AUSTRIA", BRA="AUSTRIA")
    p = with_state(Position("W1616A", {}, centers), State(influence={"SAX": {"ENGLAND": 12}}))
    sites = rules_for(VARIANT).build_sites(VARIANT, p, "AUSTRIA")
    assert "SAX" not in sites and "BRA" in sites and "VIE" in sites


def test_a_center_in_revolt_only_for_its_alignment_is_still_a_build_site():
    """001_6f4a9c76b6e5774a.txt, 'Consequences Of When A Major Power Attacks And Occupies A Minor
    State': "If an opposing religion has control of the minor state, the major power that now
    owns the minor state will be unable to build on the site until the religious status is
    changed to DUALITY. If the minor state is ALIGNED with another power, the supply center
    output is reduced to 1/3 its normal production". Saxony is ALIGNED with Austria and Catholic
    CONTROLLED; Spain, Catholic too, owns it: its output is a third (REVOLT), but no opposing
    religion controls it, so Spain may build there."""
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2.state import with_state

    centers = dict(START, SAX="SPAIN")
    s = State(influence={"SAX": {"AUSTRIA": 12}})
    assert occupation.revolts(SETUP, table(s.influence), centers) == {
        "SAX": "ALIGNED with AUSTRIA: a third of its supply points"}
    p = with_state(Position("W1616A", {}, centers), s)
    assert "SAX" in rules_for(VARIANT).build_sites(VARIANT, p, "SPAIN")


def test_owned_ports_build_fleets_without_a_center():
    """'Each supply center available during the build phase provides the resources to field 1
    army or 1 fleet (as in standard diplomacy) regardless of the value of the supply center ...
    Owned ports may be used as a build site for fleets whether or not it is a supply center.'"""
    from gm_tools.engine.parser import parse_order
    from gm_tools.engine.rules import rules_for
    from gm_tools.errors import IllegalOrderError

    rules = rules_for(VARIANT)
    p = Position("W1615A", {}, dict(START))
    assert "GAS" in SETUP.ports and "GAS" not in SETUP.values and SETUP.domains["GAS"] == "FRANCE"
    assert "GAS" in rules.build_sites(VARIANT, p, "FRANCE")
    assert parse_order("F GAS B", VARIANT, p, "FRANCE", rules).location == "GAS"
    try:
        parse_order("A GAS B", VARIANT, p, "FRANCE", rules)
    except IllegalOrderError as e:
        assert "port without a center" in e.reason
    else:
        raise AssertionError("an army built at a port without a center")


def test_a_waived_change_of_ownership():
    """'The player occupying a foreign supply center prior to the build phase may waive the
    change in ownership of the center. This may be arranged by the player (and communicated to
    the GM) to avoid depriving a center from an ally. Once the decision is made no reversal is
    allowed until the next build phase.'"""
    from gm_tools.engine.rules import rules_for
    from gm_tools.engine.runner import run_phase
    from gm_tools.systems.europe1615v2.phases import settle
    from gm_tools.systems.europe1615v2.state import state_of, with_state

    rules = rules_for(VARIANT)
    fall = position({"BAV": (ARMY, "SPAIN"), "SAX": (ARMY, "SPAIN")}, phase="F1616M")
    waived = with_state(fall, State(waived=[("SPAIN", "BAV")]))
    done = run_phase(VARIANT, waived, {}, rules)
    assert done.position.centers["BAV"] == "BAV" and done.position.centers["SAX"] == "SPAIN"
    plain = run_phase(VARIANT, fall, {}, rules)
    assert plain.position.centers["BAV"] == "SPAIN"
    # spent once the year turns
    after, _ = settle(VARIANT, waived, Position("P1617I", done.position.units, done.position.centers,
                                                extra=done.position.extra), "1")
    assert state_of(after).waived == []


def test_dominion_only_at_the_first_occupation_and_closed_to_others_for_the_coming_phase_only():
    # 001_6f4a9c76b6e5774a.txt, section 3 (Consequences Of When A Major Power Attacks And Occupies
    # A Minor State): "If a major power attacks and occupies a minor state, and this is the first
    # occurrence of occupation by a major power with change in ownership at the build phase, no
    # other major power may place INFs in that state during the coming political and religious
    # influence phase. The minor state is now considered the DOMINION of the occupying power."
    first = occupation.dominions(SETUP, State(), dict(START, SAX="AUSTRIA"), 1616)
    assert first.dominion == {"SAX": "AUSTRIA"} and first.occupied == {"SAX": 1616}
    # Denmark/Sweden takes Saxony from Austria at the 1617 build phase: not the first occurrence
    second = occupation.dominions(SETUP, first, dict(START, SAX="DENMARK"), 1617)
    assert second.dominion == {} and second.occupied == {"SAX": 1616}
    again = occupation.dominions(SETUP, second, dict(START, SAX="AUSTRIA"), 1618)
    assert again.dominion == {}

    def refused(s, year):
        s = politics.receive(SETUP, s, year, dict(START, SAX="AUSTRIA"))
        return politics.check_placements(SETUP, s, [Placement("ENGLAND", 2, "SAX"), Placement("AUSTRIA", 2, "SAX")],
                                         year)

    assert list(refused(first, 1617)) == [0] and "DOMINION of AUSTRIA" in refused(first, 1617)[0]
    assert refused(first, 1618) == {}           # the coming phase only: 1618 is open to all
    # The DOMINION itself stays while Austria owns Saxony: no tribute to another (section 3: "Any
    # other power that has a major stake of INFs in the minor state loses the benefit of collecting
    # supply points") and no rebuilt unit (section 3: "contingent on the fact that the minor state
    # is not the DOMINION of a major power").
    later = occupation.dominions(SETUP, first, dict(START, SAX="AUSTRIA"), 1618)
    assert later.dominion == {"SAX": "AUSTRIA"}


def test_a_center_entered_by_a_fall_retreat_can_be_waived():
    # 001_6f4a9c76b6e5774a.txt, section 7: "The player occupying a foreign supply center prior to
    # the build phase may waive the change in ownership of the center." A unit retreating into a
    # foreign center in the Fall occupies it before the build phase as a move does, so the retreat
    # phase offers the Waivers sheet, checked as a movement phase's, and by mail 'WAIVE: BAV'.
    from gm_tools.engine.hooks import ORDERS, InputRow, hooks_for
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2.entries import mailed_rows
    from gm_tools.systems.europe1615v2.sheets import WAIVERS
    from gm_tools.systems.europe1615v2.state import state_of

    from gm_tools.engine.model import Dislodged

    hooks = hooks_for(VARIANT)
    # Spain's army dislodged from Bohemia, Bavaria among its retreats: only a unit that can get
    # there has a waiver to make (tests/test_europe1615v2_waiver_occupant.py)
    retreat = Position("F1616R", {"BOH": Unit("AUSTRIA", ARMY, "BOH")}, dict(START),
                       dislodged={"BOH": Dislodged(Unit("SPAIN", ARMY, "BOH"), "VIE", ("BAV", "UPA"))})
    assert [t.title for t in hooks.input_sheets(VARIANT, retreat)][:1] == [WAIVERS]

    def row(n, power, center):
        return InputRow({"Power": power, "Center": center}, {"Power": f"{WAIVERS}!A{n}", "Center": f"{WAIVERS}!B{n}"})

    inputs, problems = hooks.check_inputs(VARIANT, retreat, {WAIVERS: [row(2, "SPAIN", "BAV"), row(3, "SPAIN", "MAD")]})
    assert inputs == {"waivers": [["SPAIN", "BAV"]]}
    assert [(p.sheet, p.cell) for p in problems] == [(WAIVERS, "B3")] and "foreign center" in problems[0].expected
    waived = hooks.apply_inputs(VARIANT, retreat, inputs)
    assert state_of(waived).waived == [("SPAIN", "BAV")]
    # the retreat made, the build phase's change of ownership leaves Bavaria to itself
    moved = Position("F1616R", {"BAV": Unit("SPAIN", ARMY, "BAV")}, dict(START), extra=dict(waived.extra))
    assert rules_for(VARIANT).update_ownership(VARIANT, moved)["BAV"] == "BAV"
    assert rules_for(VARIANT).update_ownership(VARIANT, Position("F1616R", moved.units, dict(START)))["BAV"] == "SPAIN"
    mailed = mailed_rows(VARIANT, "F1616R", "SPAIN", ["A SAX R BAV", "WAIVE: BAV"])
    assert mailed.sheets == (WAIVERS, ORDERS)
    assert mailed.rows == [(ORDERS, "A SAX R BAV"), (WAIVERS, ["SPAIN", "BAV"])]


def test_the_rhineland_examples_minus_15_read_by_the_sections_numbers():
    # 001_6f4a9c76b6e5774a.txt, section 3: "If the political status is ALIGNED, the major power (to
    # which the minor state is aligned to) that attacks and occupies the state will suffer a
    # penalty of -15 VPs"; "If the religious status is DUALITY, any major power that attacks and
    # occupies the state will suffer a penalty of -3 VPs"; "If the religious status is CONTROLLED,
    # any major power with the same religion that attacks and occupies the state will suffer a
    # penalty of -9 VPs". The RHI example's "avoiding the -15 penalty for attacking a
    # catholic-controlled state" is read by these numbers (NOTES.md): Catholic control costs
    # Austria 9, its own alignment 15 more; Protestant control costs it nothing.
    aligned = table({"RHI": {"AUSTRIA": 12}})["RHI"]          # ALIGNED with Austria, Catholic CONTROLLED
    assert sorted(v for v, _ in occupation.penalties(SETUP, aligned, "RHI", "AUSTRIA")) == [9, 15]
    neutral = table({"RHI": {"AUSTRIA": 7, "SPAIN": 4, "FRANCE": 2}})["RHI"]   # NEUTRAL, Catholic CONTROLLED
    assert sorted(v for v, _ in occupation.penalties(SETUP, neutral, "RHI", "AUSTRIA")) == [5, 9]
    protestant = table({"RHI": {"ENGLAND": 12}})["RHI"]       # ALIGNED with England, Protestant CONTROLLED
    assert occupation.penalties(SETUP, protestant, "RHI", "AUSTRIA") == []
    assert [v for v, _ in occupation.penalties(SETUP, protestant, "RHI", "DENMARK")] == [9]
    dual = table({"RHI": {"AUSTRIA": 6, "ENGLAND": 5}})["RHI"]   # NEUTRAL, DUALITY
    assert sorted(v for v, _ in occupation.penalties(SETUP, dual, "RHI", "ENGLAND")) == [3, 5]


def test_the_papal_states_units_are_the_popes():
    # 001_6f4a9c76b6e5774a.txt, section 8: "Catholic power attacks/dislodges unit in a Papal
    # state= -19"; section 6: "Only Catholic powers can submit orders to the units in the Papal
    # States." Read as the Papal States' own units (NOTES.md): Spain dislodging an English army
    # standing in Rome loses nothing, and England orders its own army there.
    before = position({"ROM": (ARMY, "ENGLAND")})
    s = occupation.occupy(SETUP, State(), table({}), before, position({"ROM": (ARMY, "SPAIN")}), "F1616M")
    assert s.penalties == []
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2.bribes import read_offer

    offer = read_offer(SETUP, VARIANT, before, rules_for(VARIANT), table({}), "ENGLAND", 0, "A ROM - NAP")
    assert offer.ignored is None
