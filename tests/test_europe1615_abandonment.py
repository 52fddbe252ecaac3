"""Europe 1615: a power abandoned with no replacement is dissolved at the winter (issue 12 item 3).

Rulebook: ``000_cc215928c2f3193e.txt``, 'ABANDONMENT / CIVIL DISORDER', 'EARLY WINTER PHASE'
and 'ELIMINATION AND EFFECTS OF'.
"""

from __future__ import annotations

from europe1615_play import HOOKS, RULES, SETUP, VARIANT, board, inputs, play
from gm_tools.engine.hooks import InputRow
from gm_tools.engine.runner import run_orders
from gm_tools.mechanics.influence import Placement
from gm_tools.systems.europe1615.deployment import check_entries
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.sheets import ABANDONED
from gm_tools.systems.europe1615.state import state_of, with_state
from gm_tools.systems.europe1615.status import minor_status


def _abandoned_france():
    """Fall 1616 played: France, abandoned in the Fall, holds its home centers and Bavaria's, has
    an army in Picardy's neighbour and a fleet, and annexed Silesia earlier; WUR has French INFs."""
    centers = dict(board({}).centers)
    centers["BAV"] = "FRANCE"
    fall = board({"PAR": "A FRANCE", "BAV": "A FRANCE", "BRI": "F FRANCE", "MAD": "A SPAIN"}, phase="F1616M",
                 centers=centers, influence={"WUR": {"FRANCE": 4, "SPAIN": 3}})
    state = state_of(fall)
    state.annexed = {"SIL": "FRANCE", "MRV": "AUSTRIA"}
    done, _ = play(with_state(fall, state), {}, inputs() | {"abandoned": ["FRANCE"]})
    assert state_of(done.after).abandoned == ("FRANCE",)
    retreat = done.after
    while not retreat.phase.startswith("E"):
        retreat = run_orders(VARIANT, retreat, [], RULES).position
    return retreat


def test_the_gm_names_an_abandoned_power_on_the_sheet():
    """'When a power is abandoned, and the GM is unable to find a replacement': the GM's entry on
    the movement phase's Abandonment sheet, checked with its cell; the sheet of the next phase
    lists it until the winter, and a row cleared takes it off."""
    spring = board({}, phase="S1616M")
    assert ABANDONED in [t.title for t in HOOKS.input_sheets(VARIANT, spring)]
    row = InputRow({"Power": "FRANCE"}, {"Power": f"{ABANDONED}!A2"})
    got, problems = HOOKS.check_inputs(VARIANT, spring, {ABANDONED: [row]})
    assert problems == [] and got["abandoned"] == ["FRANCE"]
    after = HOOKS.apply_inputs(VARIANT, spring, got)
    assert state_of(after).abandoned == ("FRANCE",)
    sheet = next(t for t in HOOKS.input_sheets(VARIANT, after) if t.title == ABANDONED)
    assert sheet.rows == [["FRANCE", "the next Early Winter"]]
    cleared, _ = HOOKS.check_inputs(VARIANT, after, {})
    assert state_of(HOOKS.apply_inputs(VARIANT, after, cleared)).abandoned == ()
    bad = InputRow({"Power": "BAV"}, {"Power": f"{ABANDONED}!A3"})
    _, problems = HOOKS.check_inputs(VARIANT, spring, {ABANDONED: [bad]})
    assert [(p.sheet, p.cell, p.found, p.expected) for p in problems] == [
        (ABANDONED, "A3", "'BAV'", "a power still in the game")]


def test_an_abandoned_power_is_dissolved_at_the_early_winter():
    """'(2) Disband all units of any power that has been abandoned.' 'When a power is abandoned
    ... then power will be dissolved at the winter phase. Each remaining center becomes a pliant
    minor state. All other provinces are left as unaligned passable states.' A captured minor's
    center goes back to it ('The acquired foreign centers are liberated')."""
    early = _abandoned_france()
    done = run_orders(VARIANT, early, [], RULES)
    after = done.position
    assert not [u for u in after.units.values() if u.power == "FRANCE"]
    assert any("abandoned" in str(r) for r in done.results)
    state = state_of(after)
    assert state.dissolved == {c: "FRANCE" for c in SETUP.homes["FRANCE"]}
    assert state.abandoned == ()
    for center in SETUP.homes["FRANCE"]:
        assert after.centers[center] == center                       # a minor state of its own
        assert center not in after.units                             # with no army: it never had one
    assert after.centers["BAV"] == "BAV"                             # liberated
    assert state.annexed == {"MRV": "AUSTRIA"}                       # France's annexation left unmarked
    setup = setup_of(VARIANT, after)
    assert setup.minors["PAR"].provinces == ("PAR",) and setup.homes["FRANCE"] == ()
    assert minor_status(setup, state, after, "PAR").status == "UNALIGNED"  # pliant
    # the new states take INFs like any pliant minor, and France deploys no more
    later = board({}, phase="S1617M", centers=dict(after.centers))
    later = with_state(later, state_of(after))
    later_state = state_of(later)
    later_state.year_infs = {"SPAIN": 20, "FRANCE": 10}
    later = with_state(later, later_state)
    refused = check_entries(setup, later_state, later, [Placement("SPAIN", 3, "PAR", "3: PAR")])
    assert refused == {}
    played, _ = play(later, {}, inputs([("SPAIN", 6, "PAR")]))
    assert minor_status(setup_of(VARIANT, played.after), state_of(played.after), played.after, "PAR").status == "ALIGNED"
    # and the phase's page lists them among the minor states (its report failed on a new
    # state's name, after the phase was recorded, at every turn from then on)
    from gm_tools.engine.positions import position_to_json

    record = {"phase": later.phase, "before": position_to_json(later), "after": position_to_json(played.after),
              "extra": {HOOKS.name: inputs([("SPAIN", 6, "PAR")])}, "results": []}
    sections = dict(HOOKS.report_sections(VARIANT, record))
    assert "| PAR (" in sections["Minor states after the deployment"]
    # a dissolved power's home provinces without centers are drawn unaligned, not French
    from gm_tools.publish.style import NEUTRAL_FILL

    domain = next(c for c, p in VARIANT.provinces.items() if p.extra.get("domain") == "FRANCE")
    assert RULES.province_style(VARIANT, after, domain).fill == NEUTRAL_FILL
    assert RULES.province_style(VARIANT, early, domain) is None


def test_a_dissolved_powers_deployment_is_refused_as_that_not_as_an_overspend():
    """'Any player who has been eliminated cannot continue receiving nor deploying INFs' (ELIMINATION
    AND EFFECTS OF), and an abandoned power's as the eliminated power's. QA finding: a dissolved
    England's mailed '5: HES' was refused as "ENGLAND deploys 5 INFs this phase but has 0 left for
    the year", as if it had overspent; it is refused as the dissolved power it is."""
    after = run_orders(VARIANT, _abandoned_france(), [], RULES).position
    later = with_state(board({}, phase="S1617M", centers=dict(after.centers)), state_of(after))
    setup = setup_of(VARIANT, later)
    refused = check_entries(setup, state_of(later), later, [Placement("FRANCE", 5, "WUR", "5: WUR")])
    assert refused == {0: "FRANCE is dissolved: it deploys no INFs ('Any player who has been eliminated cannot "
                          "continue receiving nor deploying INFs')"}


def test_status_says_the_early_winter_dissolves_an_abandoned_power():
    """EARLY WINTER PHASE: '(2) Disband all units of any power that has been abandoned.' QA
    finding: ``gm-tools status`` at that Early Winter said only "no disband is due", and the GM
    learnt from the results that France's units were gone; it names the power dissolved."""
    early = _abandoned_france()
    assert HOOKS.all_entered(VARIANT, early) == (
        "no disband is due; dissolved at this phase, abandoned: FRANCE ('Disband all units of any power that has "
        "been abandoned')")


def _next_status_check():
    """The "INFs for the year" section of the Initial Status Check after France's abandonment,
    and that phase's outcome."""
    from gm_tools.engine.positions import position_to_json

    position = run_orders(VARIANT, _abandoned_france(), [], RULES).position
    while not position.phase.endswith("C"):
        position = run_orders(VARIANT, position, [], RULES).position
    done = run_orders(VARIANT, position, [], RULES)
    record = {"phase": position.phase, "before": position_to_json(position), "after": position_to_json(done.position),
              "extra": {"outcome": done.extra}}
    return dict(HOOKS.report_sections(VARIANT, record))["INFs for the year"], done


def test_the_status_check_says_a_dissolved_power_gets_no_infs():
    """'Any player who has been eliminated cannot continue receiving nor deploying INFs', the
    abandoned power with it. QA finding: the next Initial Status Check's page listed "France: 0
    INFs" beside the powers in play, as if France had nothing left to spend; it says why."""
    said, done = _next_status_check()
    assert "- **France**: 0 INFs (dissolved (abandoned): 'cannot continue receiving nor deploying INFs')" in said.splitlines()
    assert "- **Spain**: 37 INFs" in said.splitlines()


def test_the_status_check_names_a_power_out_in_the_standings_words():
    """'INFs of the eliminated power (or abandoned power)' (ELIMINATION AND EFFECTS OF); ABANDONMENT
    / CIVIL DISORDER: 'then power will be dissolved at the winter phase'. The Initial Status
    Check's "INFs for the year" called the abandoned France "dissolved", where the standings, the
    map's legend, the Rounds sheet and the INF sheets say "dissolved (abandoned)": one power, one
    name for how it left the game (:func:`gm_tools.systems.europe1615.scoring.out_of_game`)."""
    said, done = _next_status_check()
    note = RULES.scores(VARIANT, done.position).notes["FRANCE"]  # the standings' Note
    assert note == "dissolved (abandoned)"
    assert f"- **France**: 0 INFs ({note}: 'cannot continue receiving nor deploying INFs')" in said.splitlines()


def test_an_abandoned_powers_infs_go_after_the_scoring_phase():
    """'INFs of the eliminated power (or abandoned power) that have been deployed to all minor
    states are removed after the scoring phase'; 'all scores are ceded'."""
    position = run_orders(VARIANT, _abandoned_france(), [], RULES).position
    while not position.phase.endswith("S"):
        position = run_orders(VARIANT, position, [], RULES).position
    assert state_of(position).influence.infs("WUR") == {"FRANCE": 4, "SPAIN": 3}
    done = run_orders(VARIANT, position, [], RULES)
    assert state_of(done.position).influence.infs("WUR") == {"SPAIN": 3}
    assert "FRANCE" not in done.extra["scoring"]["scores"]


def _mecklenburg_loses_stralsund():
    """Early Winter 1616: Mecklenburg, aligned with Denmark, took Stralsund earlier and has lost it
    to Brandenburg: two armies (MEC, HOL), one center."""
    centers = dict(board({}).centers)
    centers["SRL"] = "BRA"
    influence = {"MEC": {"DENMARK": 10}}
    return board({"MEC": "A MEC", "HOL": "A MEC", "SRL": "A BRA"}, phase="E1616D",
                 centers=centers, influence=influence)


def test_a_minor_that_lost_a_non_home_center_disbands_by_its_aligned_powers_order():
    """'If the minor state has 2 or more units, and one or more of its non-home centers are
    captured, the aligned power will submit the orders to disband in the Early Winter Adjustment
    Phase': the aligned power names the unit on the Required Disbands sheet; another power, or
    more units than are due, is refused with its cell."""
    from gm_tools.systems.europe1615.phases import required_disbands
    from gm_tools.systems.europe1615.sheets import DISBANDS

    early = _mecklenburg_loses_stralsund()
    assert required_disbands(SETUP, state_of(early), early) == {"MEC": 1}
    sheet = HOOKS.input_sheets(VARIANT, early)[0]
    assert sheet.title == DISBANDS and sheet.rows[0][0] == "DENMARK" and sheet.rows[0][2].startswith("MEC: 1 to disband")

    def row(power, unit, n=2):
        return InputRow({"Power": power, "Unit": unit}, {"Power": f"{DISBANDS}!A{n}", "Unit": f"{DISBANDS}!B{n}"})

    got, problems = HOOKS.check_inputs(VARIANT, early, {DISBANDS: [row("DENMARK", "A MEC")]})
    assert problems == []
    done = run_orders(VARIANT, early, [], RULES, got)
    assert "MEC" not in done.position.units and done.position.units["HOL"].power == "MEC"
    assert "by order of DENMARK" in str(done.results)
    _, problems = HOOKS.check_inputs(VARIANT, early, {DISBANDS: [
        row("SPAIN", "A MEC"), row("DENMARK", "A HOL", 3), row("DENMARK", "A MEC", 4), row("DENMARK", "A SRL", 5)]})
    assert [(p.cell, p.expected.split(" (")[0].split(":")[0]) for p in problems] == [
        ("A2", "the power MEC is aligned with"), ("B4", "at most 1 disband(s) for MEC"),
        ("B5", "a unit of a minor state with a disband due")]


def test_required_disbands_not_ordered_go_by_civil_disorder():
    """With no order from the aligned power the unit farthest from the minor's home center goes,
    as in civil disorder (2000 rulebook, 'Civil disorder'); a minor with one unit is not asked."""
    early = _mecklenburg_loses_stralsund()
    done = run_orders(VARIANT, early, [], RULES, {})
    mine = sorted(p for p, u in done.position.units.items() if u.power == "MEC")
    assert mine == ["MEC"]  # the army in Holstein, farther from Mecklenburg, is gone
    assert "none ordered" in str(done.results)
    single = board({"HOL": "A MEC"}, phase="E1616D", centers=dict(early.centers), influence={"MEC": {"DENMARK": 10}})
    from gm_tools.systems.europe1615.phases import required_disbands

    assert "MEC" not in required_disbands(SETUP, state_of(single), single)


def test_what_the_early_winter_does_on_its_own_is_worded():
    """The Early Winter's own results (an abandoned power's units disbanded, its centers made
    minor states or liberated, minors' armies rebuilt) were shown in notation ('A BAV B', 'PAR
    becomes a minor state'): each is now in words, as a unit order is on the page and in the
    judge text."""
    from gm_tools.publish.judgetext import order_words

    done = run_orders(VARIANT, _abandoned_france(), [], RULES)
    said = {r.order: order_words(VARIANT, r.order) for r in done.results}
    assert said and all(words != order for order, words in said.items()), said
    assert said["PAR becomes a minor state"] == "Paris becomes a minor state"
    assert said["BAV liberated"] == "Bavaria is liberated"
    rebuilt = [o for o in said if o.endswith(" B")]
    assert rebuilt and all(said[o].startswith("Builds an army in ") for o in rebuilt)
