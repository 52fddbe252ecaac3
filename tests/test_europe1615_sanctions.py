"""Europe 1615's sanctions (issue 12 item 1), each test citing the rulebook.

Rulebook: ``000_cc215928c2f3193e.txt``, 'SANCTIONS AND THE PRE-GENERATED TIMELINE' and
'Description of sanctions/modifiers'.
"""

from __future__ import annotations

import pytest

from europe1615_play import HOOKS, RULES, SETUP, VARIANT, board, inputs, play
from gm_tools.engine.hooks import InputRow
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.systems.europe1615.deployment import check_entries
from gm_tools.systems.europe1615.phases import settle
from gm_tools.systems.europe1615.sanctions import draw_timeline
from gm_tools.systems.europe1615.sheets import TIMELINE
from gm_tools.systems.europe1615.state import state_of, with_state


def with_sanctions(position, *keys, year=1616, counterbalance=None):
    """``position`` with these sanctions switched on (and the timeline saying so)."""
    state = state_of(position)
    state.timeline = tuple((k, f"S{year}M") for k in SETUP.sanctions)
    state.sanctions_on = {k: year for k in keys}
    state.counterbalance = counterbalance
    return with_state(position, state)


def refusals(position, *entries):
    return check_entries(SETUP, state_of(position), position, list(entries))


def test_timeline_drawn_from_the_seed_each_sanction_once():
    """'The GM will submit a randomly-generated timeline before the start of the game showing on
    which year & season a particular sanction will come into effect ... The complete timeline
    will have each sanction appearing at least once.' The text gives no number a year (its
    example has two in 1618): one a year from 1616, each once, is the reading taken
    (variants/europe1615/NOTES.md, 'The sanctions timeline')."""
    keys = list(SETUP.sanctions)
    timeline = draw_timeline(keys, 1616, ("S", "U", "F"), "M", "42")
    assert sorted(k for k, _ in timeline) == sorted(keys)
    assert [at[1:5] for _, at in timeline] == [str(1616 + i) for i in range(len(keys))]
    assert timeline == draw_timeline(keys, 1616, ("S", "U", "F"), "M", "42")
    assert timeline != draw_timeline(keys, 1616, ("S", "U", "F"), "M", "43")
    position, draws = settle(VARIANT, board({}, phase="S1615M"), "42")
    assert state_of(position).timeline == tuple(timeline)
    assert draws[0]["kind"] == "sanctions timeline" and draws[0]["seed"].endswith("42")


def test_the_gm_may_type_the_timeline_at_the_first_status_check():
    """'a GM who drew the timeline by hand types it in' (the issue); every entry checked."""
    titles = [s.title for s in SETUP.sanctions.values()]
    rows = [InputRow({"Sanction": t, "Phase": f"U{1616 + i}M"}, {"Sanction": f"{TIMELINE}!A{i + 2}",
                                                                 "Phase": f"{TIMELINE}!B{i + 2}"})
            for i, t in enumerate(titles)]
    start = board({}, phase="I1615C")
    inputs_, problems = HOOKS.check_inputs(VARIANT, start, {TIMELINE: rows})
    assert problems == [] and len(inputs_["timeline"]) == len(titles)
    assert state_of(HOOKS.apply_inputs(VARIANT, start, inputs_)).timeline[0][1] == "U1616M"
    bad = rows[:-1] + [InputRow({"Sanction": titles[-1], "Phase": "W1616S"}, rows[-1].cells)]
    _, problems = HOOKS.check_inputs(VARIANT, start, {TIMELINE: bad})
    assert [(p.cell, p.expected) for p in problems] == [(f"B{len(titles) + 1}", "a phase a sanction may come into "
                                                         "effect in, as in 1616: S1616M, U1616M, F1616M, E1616D or W1616A")]
    _, problems = HOOKS.check_inputs(VARIANT, start, {TIMELINE: rows[1:]})
    assert "each sanction at least once" in problems[0].expected


def test_a_sanction_switches_on_in_its_season():
    """'An example of a timeline with the first sanction coming into effect in 1616: Summer 1616:
    Anti-Hapsburg Campaign'."""
    position = board({}, phase="S1616M")
    state = state_of(position)
    state.timeline = (("anti_hapsburg_campaign", "U1616M"),) + tuple(
        (k, "S1630M") for k in SETUP.sanctions if k != "anti_hapsburg_campaign")
    position = with_state(position, state)
    done, _ = play(position, {})
    assert done.after.phase == "U1616M" and state_of(done.after).sanctions_on == {"anti_hapsburg_campaign": 1616}
    assert "Anti-Hapsburg" in refusals(done.after, Placement("SPAIN", 3, "SAV", "3: SAV"))[0]


def test_a_sanction_coming_with_the_next_phase_is_not_published_as_in_effect_in_this_one():
    """'showing on which year & season a particular sanction will come into effect' ('Summer
    1616: Anti-Hapsburg Campaign'). QA finding: the Spring 1616 page, whose deployments the
    campaign did not govern, said "In effect: Anti-Hapsburg campaign." as the phase left it; it
    now says the campaign comes into effect with the next phase, and the Summer's page has it in
    effect."""
    from gm_tools.engine.positions import position_to_json

    position = board({}, phase="S1616M")
    state = state_of(position)
    state.timeline = (("anti_hapsburg_campaign", "U1616M"),) + tuple(
        (k, "S1630M") for k in SETUP.sanctions if k != "anti_hapsburg_campaign")
    spring, _ = play(with_state(position, state), {})
    summer, _ = play(spring.after, {})

    def said(before, after):
        record = {"phase": before.phase, "before": position_to_json(before), "after": position_to_json(after),
                  "extra": {HOOKS.name: inputs()}, "results": []}
        return dict(HOOKS.report_sections(VARIANT, record))["Sanctions"].splitlines()[:2]

    assert said(position, spring.after) == [
        "In effect: none.", "Into effect with the next phase, Summer 1616 Movement: Anti-Hapsburg campaign."]
    assert said(spring.after, summer.after) == ["In effect: Anti-Hapsburg campaign.", ""]


def test_protestant_union():
    """'Deployment of INFs to Rhineland (RHI), Hesse (HES), Brandenburg (BRA), and
    Baden-Wuerttemburg (WUR) is solely permitted to the Protestant powers. RHI, HES, BRA, WUR
    units may retreat. The RHI unit (R) can move, attack, defend, or support with the strength
    of two units ... If the unit is in retreat, treat unit as if it has strength of one ...
    The modifier cancels when RHI is captured, but may be voted on again should it be liberated
    later in the game. Diplomatic attacks are still allowed.'"""
    position = with_sanctions(board({"RHI": "A RHI", "HES": "A HES"}), "protestant_union")
    assert "solely permitted to the Protestant" in refusals(position, Placement("SPAIN", 3, "RHI", "3: RHI"))[0]
    assert refusals(position, Placement("ENGLAND", 3, "RHI", "3: RHI")) == {}
    position, _ = settle(VARIANT, position)
    assert position.units["RHI"].strength == 2 and position.units["HES"].strength == 1
    dislodged = RULES.on_dislodged(VARIANT, position, position.units["RHI"])
    assert dislodged is not None and dislodged.strength == 1  # retreats, as strength one
    taken = position.copy()
    taken.centers["RHI"] = "FRANCE"
    captured, _ = settle(VARIANT, taken)
    assert state_of(captured).influence.suspended == {"RHI": "FRANCE"}
    assert captured.units["RHI"].strength == 1  # cancelled while RHI is captured
    assert refusals(captured, Placement("SPAIN", 3, "HES", "3: HES")) == {}


def test_polish_intervention_double_strength_in_its_first_year_only():
    """'The Polish unit (P) can move, attack, defend, or support with the strength of two units
    in the first year that the modifier is in effect.'"""
    first = with_sanctions(board({"WAR": "A POL"}, phase="U1616M"), "polish_intervention", year=1616)
    assert settle(VARIANT, first)[0].units["WAR"].strength == 2
    later = with_sanctions(board({"WAR": "A POL"}, phase="S1617M"), "polish_intervention", year=1616)
    later.units["WAR"] = later.units["WAR"].__class__("POL", "A", "WAR", 2)
    assert settle(VARIANT, later)[0].units["WAR"].strength == 1


def test_handicaps_and_their_counterbalance():
    """'Dano-Swedish rivalry: Denmark restricted from deploying INFs to SWE and LIVN';
    'Anti-Protestant Ireland: Protestant powers cannot deploy INFs to Ireland. This modifier is
    not available or cancels when widerstand comes into effect'; 'Huguenot rebellion: French
    cannot build in GUY. French restricted from deploying INFs to Protestant-majority states
    ... cancels when ketzenhammer comes in to effect'."""
    position = with_sanctions(board({}), "dano_swedish_rivalry", "anti_protestant_ireland", "huguenot_rebellion")
    found = refusals(position, Placement("DENMARK", 2, "LIVN", "2: LIVN"), Placement("ENGLAND", 2, "IRE", "2: IRE"),
                     Placement("SPAIN", 2, "IRE", "2: IRE"))
    assert set(found) == {0, 1}
    under = with_sanctions(board({}), "anti_protestant_ireland", counterbalance="widerstand")
    assert refusals(under, Placement("ENGLAND", 2, "IRE", "2: IRE")) == {}
    state = state_of(position)
    state.influence.markers["DUT"] = "protestant"
    marked = with_state(position, state)
    assert "Huguenot" in refusals(marked, Placement("FRANCE", 2, "DUT", "2: DUT"))[0]
    winter = with_sanctions(board({}, phase="W1616A", centers={**board({}).centers}), "huguenot_rebellion")
    winter.units.clear()
    assert "GUY" not in RULES.build_sites(VARIANT, winter, "FRANCE")
    assert "GUY" in RULES.build_sites(VARIANT, with_sanctions(winter), "FRANCE")


def test_immunities():
    """'Catholic immunity: Catholic powers immune to diplomatic attacks by Protestant powers.'"""
    position = with_sanctions(board({}, influence={"LOR": {"FRANCE": 5, "ENGLAND": 5, "SPAIN": 2}}),
                              "catholic_immunity")
    found = refusals(position, Attack("ENGLAND", "LOR", "FRANCE", "LOR > FRANCE"),
                     Attack("SPAIN", "LOR", "ENGLAND", "LOR > ENGLAND"))
    assert list(found) == [0] and "immune" in found[0]


def test_moroccan_unification_opens_morocco():
    """'Moroccan unification: Moroccan neutrality lifted; all powers may deploy INFs to Morocco.'"""
    closed = board({}, phase="S1616M")
    assert refusals(closed, Placement("SPAIN", 3, "MOR", "3: MOR"))
    position = board({}, phase="S1616M")
    state = state_of(position)
    state.timeline = (("moroccan_unification", "S1616M"),)
    opened, _ = settle(VARIANT, with_state(position, state))
    assert "MOR" in state_of(opened).opened
    assert refusals(opened, Placement("SPAIN", 3, "MOR", "3: MOR")) == {}
    done, _ = play(opened, {}, inputs([("SPAIN", 3, "MOR")]))
    assert state_of(done.after).influence.infs("MOR") == {"SPAIN": 3}


def test_treaty_of_lyon():
    """'For this sanction to be available to vote on, France must not have been eliminated,
    Savoy is aligned with France, and Switzerland is not aligned with Spain ... Spain will be
    unable to move a unit through Switzerland ... Spain will not be allowed to deploy INFs to
    Switzerland and Savoy.'"""
    position = board({"MIL": "A SPAIN"}, phase="S1616M", influence={"SAV": {"SPAIN": 4}})
    state = state_of(position)
    state.timeline = (("treaty_of_lyon", "S1616M"),)
    unmet, _ = settle(VARIANT, with_state(position, state))
    assert "treaty_of_lyon" not in state_of(unmet).sanctions_on  # Savoy is not aligned with France
    position = board({"MIL": "A SPAIN"}, phase="S1616M", influence={"SAV": {"FRANCE": 4}})
    aligned = state_of(position)
    aligned.timeline = state.timeline
    met, _ = settle(VARIANT, with_state(position, aligned))
    assert "treaty_of_lyon" in state_of(met).sanctions_on
    assert "Switzerland" in RULES.may_move(VARIANT, met, met.units["MIL"], "SWI")
    assert set(refusals(met, Placement("SPAIN", 2, "SWI", "2: SWI"), Placement("SPAIN", 2, "SAV", "2: SAV"))) == {0, 1}


@pytest.mark.parametrize("key", sorted(SETUP.sanctions))
def test_every_sanction_of_the_text_is_in_the_data(key):
    """'Description of sanctions/modifiers': sixteen, each a named entry of the variant's data."""
    titles = {"Protestant Union", "Saxon intervention", "Kejserkrigen", "Swedish/Gustav's intervention",
              "Dutch intervention", "Catholic League", "Polish intervention", "Dano-Swedish rivalry",
              "Anti-Protestant Ireland", "Anti-Hapsburg campaign", "Huguenot rebellion", "Bohemian revolt",
              "Catholic immunity", "Protestant immunity", "Treaty of Lyon", "Moroccan unification",
              "Catalan secession"}
    assert SETUP.sanctions[key].title in titles
    assert len(SETUP.sanctions) == len(titles)


# Each sanction's paragraph ('Description of sanctions/modifiers') and the effects it names,
# as the variant's data must give them; fields not named are at their defaults.
PARAGRAPHS = {
    "protestant_union": (
        "Deployment of INFs to Rhineland (RHI), Hesse (HES), Brandenburg (BRA), and Baden-Wuerttemburg (WUR) "
        "is solely permitted to the Protestant powers. RHI, HES, BRA, WUR units may retreat. The RHI unit (R) "
        "can move, attack, defend, or support with the strength of two units ... If the RHI army unit is "
        "dislodged and disbanded, it can be rebuilt ... The modifier cancels when RHI is captured, but may be "
        "voted on again should it be liberated later in the game",
        dict(deploy_only="protestant", minors=("RHI", "HES", "BRA", "WUR"), retreat=("RHI", "HES", "BRA", "WUR"),
             special=("RHI", "R"), cancel_on_capture=("RHI",), liberation_revives=True)),
    "saxon_intervention": (
        "Deployment of INFs to Saxony is solely permitted to the Protestant powers. The Saxon unit (N) can "
        "move, attack, defend, or support with the strength of two units ... If the Saxon army (N) is "
        "dislodged and disbanded, it can be rebuilt, but modifier cancels ... If captured, the modifier cancels, "
        "but may be voted on again should the Saxons be liberated later in the game",
        dict(deploy_only="protestant", minors=("SAX",), special=("SAX", "N"), lost_cancels=True,
             cancel_on_capture=("SAX",), liberation_revives=True)),
    "kejserkrigen": (
        "Only the Protestant powers may deploy INFs to Lower Saxony. Lower Saxon army (K) moves, attacks, "
        "supports, and defends with the strength of two units ... All Lower Saxon units gain the ability to "
        "retreat ... If the Lower Saxon army (K) is dislodged and disbanded, it can be rebuilt, modifier "
        "cancels. If LOWR is captured, the modifier cancels, but may be voted on again should the Lower Saxons "
        "be liberated later in the game",
        dict(deploy_only="protestant", minors=("LOWR",), retreat=("LOWR",), special=("LOWR", "K"),
             lost_cancels=True, cancel_on_capture=("LOWR",), liberation_revives=True)),
    "swedish_intervention": (
        "Deployment of INFs to Sweden is solely permitted to the Protestant powers. Swedish units may "
        "retreat. If the Swedes have a newly acquired army (S), this unit can move, attack, defend, or "
        "support with the strength of two units ... If the Swedish army (S) is dislodged and disbanded, it "
        "cannot be rebuilt, and the modifier is cancelled ... If captured, the modifier cancels or is no longer "
        "available",
        dict(deploy_only="protestant", minors=("SWE",), retreat=("SWE",), special=("SWE", "S"), acquired=True,
             lost_cancels=True, cancel_on_capture=("SWE",))),
    "dutch_intervention": (
        "Only the Protestant powers are allowed to deploy INFs to the Dutch provinces. All Dutch units gain "
        "the ability to retreat. If the Dutch have a newly acquired contingent/unit (D), this unit can move, "
        "attack, defend, or support with the strength of two units ... If the Dutch army (D) is dislodged "
        "and disbanded, it can be rebuilt, but modifier cancels ... If captured, the modifier cancels, but may be "
        "voted on again should the Dutch be liberated later in the game",
        dict(deploy_only="protestant", minors=("DUT",), retreat=("DUT",), special=("DUT", "D"), acquired=True,
             lost_cancels=True, cancel_on_capture=("DUT",), liberation_revives=True)),
    "catholic_league": (
        "Deployment of INFs to Bavaria (BAV), Westphalia (WES), and Franconia (FRA) is solely permitted to "
        "the Catholic powers. BAV units may retreat. The BAV unit (B) can move, attack, defend, or support "
        "with the strength of two units ... If the BAV army unit is dislodged and disbanded, it can be "
        "rebuilt ... The modifier cancels when BAV is captured, but may be voted on again should BAV be liberated "
        "later in the game",
        dict(deploy_only="catholic", minors=("BAV", "WES", "FRA"), retreat=("BAV",), special=("BAV", "B"),
             cancel_on_capture=("BAV",), liberation_revives=True)),
    "polish_intervention": (
        "Deployment of INFs to Poland is solely permitted to the Catholic powers. Polish units may retreat. "
        "The Polish unit (P) can move, attack, defend, or support with the strength of two units in the "
        "first year that the modifier is in effect ... If the Polish army (P) is dislodged and disbanded, it "
        "can be rebuilt ... If captured, the modifier cancels, but may be voted on again should the Polish be "
        "liberated later in the game",
        dict(deploy_only="catholic", minors=("POL",), retreat=("POL",), special=("POL", "P"), first_year_only=True,
             cancel_on_capture=("POL",), liberation_revives=True)),
    "dano_swedish_rivalry": (
        "Denmark restricted from deploying INFs to SWE and LIVN.",
        dict(barred_powers=("DENMARK",), barred_minors=("SWE", "LIVN"))),
    "anti_protestant_ireland": (
        "Protestant powers cannot deploy INFs to Ireland. This modifier is not available or cancels when "
        "widerstand comes into effect.",
        dict(barred_confession="protestant", barred_minors=("IRE",), cancelled_by="widerstand")),
    "anti_hapsburg_campaign": (
        "Austria and Spain restricted from deploying INFs to DUT, TRA, RHI, LOWR, and SAV. This modifier is "
        "not available or cancels when ketzenhammer comes in to effect.",
        dict(barred_powers=("AUSTRIA", "SPAIN"), barred_minors=("DUT", "TRA", "RHI", "LOWR", "SAV"),
             cancelled_by="ketzenhammer")),
    "huguenot_rebellion": (
        "French cannot build in GUY. French restricted from deploying INFs to Protestant-majority states or "
        "newly formed Protestant-majority states. This modifier is not available or cancels when "
        "ketzenhammer comes in to effect.",
        dict(barred_powers=("FRANCE",), barred_majority="protestant", no_build=(("FRANCE", "GUY"),),
             cancelled_by="ketzenhammer")),
    "bohemian_revolt": (
        "Austria cannot build in BOH. Austria restricted from deploying INFs to Protestant-majority states "
        "or newly formed Protestant-majority states. This modifier is not available or cancels when "
        "ketzenhammer comes in to effect.",
        dict(barred_powers=("AUSTRIA",), barred_majority="protestant", no_build=(("AUSTRIA", "BOH"),),
             cancelled_by="ketzenhammer")),
    "catholic_immunity": ("Catholic powers immune to diplomatic attacks by Protestant powers.",
                          dict(immune=("catholic", "protestant"))),
    "protestant_immunity": ("Protestant powers immune to diplomatic attacks by Catholic powers.",
                            dict(immune=("protestant", "catholic"))),
    "treaty_of_lyon": (
        "Spain will not be allowed to deploy INFs to Switzerland and Savoy ... The sanction cancels if "
        "France is eliminated or Savoy is captured or if Switzerland is captured.",
        dict(barred_powers=("SPAIN",), barred_minors=("SWI", "SAV"), cancel_on_capture=("SAV", "SWI"),
             rule="treaty_of_lyon")),
    "moroccan_unification": ("Moroccan neutrality lifted; all powers may deploy INFs to Morocco.", dict(opens="MOR")),
    "catalan_secession": ("Catalonia becomes a pliant state ... All powers may deploy INFs to Catalonia.",
                          dict(opens="CAT")),
}


@pytest.mark.parametrize("key", sorted(PARAGRAPHS))
def test_each_sanctions_data_says_what_its_paragraph_says(key):
    """'Description of sanctions/modifiers': the effects each paragraph names (quoted above,
    in PARAGRAPHS) are those of the sanction's entry in tables.toml, and no others."""
    from dataclasses import fields

    from gm_tools.systems.europe1615.sanctions import Sanction

    _, named = PARAGRAPHS[key]
    sanction = SETUP.sanctions[key]
    defaults = Sanction(key, sanction.title)
    found = {f.name: getattr(sanction, f.name) for f in fields(Sanction)
             if f.name not in ("key", "title", "aliases") and getattr(sanction, f.name) != getattr(defaults, f.name)}
    assert found == named
    assert set(PARAGRAPHS) == set(SETUP.sanctions)


def _strong(position) -> dict[str, int]:
    return {p: u.strength for p, u in position.units.items() if u.strength > 1}


def test_swedish_intervention_only_a_newly_acquired_army_is_special():
    """'If the Swedes have a newly acquired army (S), this unit can move, attack, defend, or
    support with the strength of two units. This modifier does not apply to any additionally
    acquired army units beyond the first acquired army (S).' An army Sweden had before is not
    it; the first army built while the sanction is on is, and only that one."""
    before = with_sanctions(board({"DAL": "A SWE"}, phase="W1616A"), "swedish_intervention")
    assert _strong(settle(VARIANT, before, before=before)[0]) == {}  # the old army stays ordinary
    built = before.copy()
    built.units["STO"] = built.units["DAL"].__class__("SWE", "A", "STO", 1)
    after, _ = settle(VARIANT, built, before=before)
    assert _strong(after) == {"STO": 2}
    assert RULES.unit_marks(VARIANT, after) == {"STO": "S"}  # 'marked by a letter' on the map
    again = after.copy()
    again.units["KLM"] = again.units["DAL"].__class__("SWE", "A", "KLM", 1)
    assert _strong(settle(VARIANT, again, before=after)[0]) == {"STO": 2}  # not a second one


def test_a_special_unit_dislodged_and_disbanded_cancels_where_the_text_says_so():
    """Saxon intervention: 'If the Saxon army (N) is dislodged and disbanded, it can be rebuilt,
    but modifier cancels'; Protestant Union: 'If the RHI army unit is dislodged and disbanded,
    it can be rebuilt' (its strength with it). Removed at an adjustment, it is not 'dislodged'."""
    saxon = with_sanctions(board({"SAX": "A SAX"}, phase="F1616M"), "saxon_intervention")
    saxon, _ = settle(VARIANT, saxon, before=saxon)
    assert _strong(saxon) == {"SAX": 2}
    gone = saxon.copy()
    del gone.units["SAX"]  # dislodged with nowhere to go in the Fall movement
    gone.phase = "W1616A"
    gone, _ = settle(VARIANT, gone, before=saxon)
    assert state_of(gone).special_lost == ("saxon_intervention",)
    rebuilt = gone.copy()
    rebuilt.units["SAX"] = saxon.units["SAX"].__class__("SAX", "A", "SAX", 1)
    rebuilt.phase = "S1617M"
    assert _strong(settle(VARIANT, rebuilt, before=gone)[0]) == {}  # rebuilt, but the modifier is gone

    union = with_sanctions(board({"RHI": "A RHI"}, phase="F1616M"), "protestant_union")
    union, _ = settle(VARIANT, union, before=union)
    lost = union.copy()
    del lost.units["RHI"]
    lost.phase = "W1616A"
    lost, _ = settle(VARIANT, lost, before=union)
    assert state_of(lost).special_lost == ()
    back = lost.copy()
    back.units["RHI"] = union.units["RHI"].__class__("RHI", "A", "RHI", 1)
    back.phase = "S1617M"
    assert _strong(settle(VARIANT, back, before=lost)[0]) == {"RHI": 2}  # rebuilt with its strength


def test_the_special_units_letter_is_drawn_in_its_badge():
    from gm_tools.publish.render import render_svg

    union = with_sanctions(board({"RHI": "A RHI"}, phase="F1616M"), "protestant_union")
    union, _ = settle(VARIANT, union, before=union)
    svg = render_svg(VARIANT, union)
    assert "(R, strength 2)</title>" in svg and ">R</text>" in svg


def _secession(units: dict[str, str], phase: str = "S1617M", annexed: dict[str, str] | None = None):
    """A position whose timeline brings the Catalan secession in at ``phase``, settled."""
    position = board(units, phase=phase)
    state = state_of(position)
    state.timeline = (("catalan_secession", phase),)
    state.annexed = dict(annexed or {})
    return settle(VARIANT, with_state(position, state))[0]


def test_catalan_secession_gives_catalonia_a_center_and_an_army():
    """'Catalan secession: Catalonia becomes a pliant state. Catalonia acquires a center and an
    army unit. All powers may deploy INFs to Catalonia.' Before it: 'at the start it does not
    have a center and unit shown'."""
    before = board({}, phase="S1616M")
    assert "CAT" not in before.centers and refusals(before, Placement("FRANCE", 3, "CAT", "3: CAT"))
    after = _secession({})
    assert after.centers["CAT"] == "CAT" and (after.units["CAT"].power, after.units["CAT"].kind) == ("CAT", "A")
    assert "CAT" in state_of(after).opened
    assert refusals(after, Placement("FRANCE", 3, "CAT", "3: CAT")) == {}
    from gm_tools.systems.europe1615.status import minor_status

    assert minor_status(SETUP, state_of(after), after, "CAT").status == "UNALIGNED"  # pliant, no INFs yet
    from gm_tools.publish.render import render_svg

    def dots(position):
        return render_svg(VARIANT, position).split('<g id="centers">')[1].split("</g>")[0].count("<circle") // 2

    assert dots(after) == dots(before) + 1  # the new center is drawn


def test_before_the_secession_catalonia_is_no_center_to_capture():
    """'However, Catalonia is passable and can be captured, but at the start it does not have a
    center': a power's unit standing there in the Fall takes the province (annexation), not a
    center, and the secession then gives the center to Catalonia and the province back."""
    fall = board({"CAT": "A SPAIN"}, phase="F1616M")
    assert "CAT" not in RULES.update_ownership(VARIANT, fall)
    from gm_tools.systems.europe1615.phases import annexations

    assert annexations(VARIANT, SETUP, state_of(fall), fall)["CAT"] == "SPAIN"
    after = _secession({"CAT": "A SPAIN"}, annexed={"CAT": "SPAIN"})
    assert after.centers["CAT"] == "CAT" and "CAT" not in state_of(after).annexed
    assert after.units["CAT"].power == "SPAIN"  # the army waits for the province to be free
    fall = after.copy()
    fall.phase = "F1617M"
    assert RULES.update_ownership(VARIANT, fall)["CAT"] == "SPAIN"  # 'can be captured'


def test_the_gm_resolves_an_overlap_by_suspending_a_sanction():
    """'Note: Modifiers may overlap. It is at the discretion of the GM to resolve the overlapping
    of rules.' The GM lists a sanction on the Sanction Rulings sheet with a reason: it is
    suspended until the row is cleared, and the reason is recorded and published."""
    from gm_tools.systems.europe1615.report import _sanctions
    from gm_tools.systems.europe1615.sheets import RULINGS, SANCTIONS

    union = with_sanctions(board({}, phase="S1618M"), "protestant_union", "bohemian_revolt")
    assert refusals(union, Placement("FRANCE", 3, "WUR", "3: WUR"))
    reason = "overlaps the Bohemian revolt in Wuerttemberg; the GM lets the revolt govern"
    row = InputRow({"Sanction": "Protestant Union", "Reason": reason},
                   {"Sanction": f"{RULINGS}!A2", "Reason": f"{RULINGS}!B2"})
    got, problems = HOOKS.check_inputs(VARIANT, union, {RULINGS: [row]})
    assert problems == [] and got["rulings"] == {"protestant_union": reason}
    ruled = HOOKS.apply_inputs(VARIANT, union, got)
    assert state_of(ruled).rulings == {"protestant_union": reason}
    assert refusals(ruled, Placement("FRANCE", 3, "WUR", "3: WUR")) == {}
    sheet = next(t for t in HOOKS.output_sheets(VARIANT, ruled) if t.title == SANCTIONS)
    assert ["suspended by the GM: " + reason] == [r[2] for r in sheet.rows if r[0] == "Protestant Union"]
    assert reason in _sanctions(VARIANT, ruled)
    again = next(t for t in HOOKS.input_sheets(VARIANT, ruled) if t.title == RULINGS)
    assert again.rows == [["Protestant Union", reason]]
    cleared, _ = HOOKS.check_inputs(VARIANT, ruled, {})
    assert state_of(HOOKS.apply_inputs(VARIANT, ruled, cleared)).rulings == {}
    # a sanction still to come cannot be ruled on, and a ruling needs its reason
    early = InputRow({"Sanction": "Saxon intervention", "Reason": "x"},
                     {"Sanction": f"{RULINGS}!A3", "Reason": f"{RULINGS}!B3"})
    bare = InputRow({"Sanction": "Protestant Union", "Reason": None},
                    {"Sanction": f"{RULINGS}!A4", "Reason": f"{RULINGS}!B4"})
    _, problems = HOOKS.check_inputs(VARIANT, union, {RULINGS: [early, bare]})
    assert [(p.cell, p.expected.split(" (")[0]) for p in problems] == [
        ("A3", "a sanction that has come into effect"), ("B4", "the GM's reason for suspending it")]
    # the ones in effect named, the sheet's dropdown offering every sanction
    assert problems[0].expected == "a sanction that has come into effect (Protestant Union, Bohemian revolt)"


def test_the_timeline_still_to_come_is_a_list_on_the_page():
    """'... a randomly-generated timeline ... showing on which year & season a particular
    sanction will come into effect': the phase page lists what is to come, one sanction an
    item (the markdown had no blank line before the list, so a reader saw one run-on line)."""
    from gm_tools.publish.safemarkdown import render_markdown
    from gm_tools.systems.europe1615.report import _sanctions

    # the phase before the timeline's (a sanction whose phase is reached is in effect, or due)
    position = with_sanctions(board({}, phase="F1615M"), "protestant_union")
    html = render_markdown(_sanctions(VARIANT, position))
    coming = [k for k in SETUP.sanctions if k != "protestant_union"]
    assert html.count("<li>") == len(coming) > 0
    # each phase as players say it, not its code (S1616M)
    assert f"<li>Spring 1616 Movement: {SETUP.sanctions[coming[0]].title}</li>" in html


def _captured_then_liberated(key: str, home: str, minor: str, taker: str):
    """(captured, liberated) positions: ``key`` in effect, ``minor``'s home center taken by
    ``taker`` after a phase, then given back after the next."""
    on = board({}, phase="S1618M", influence={"SAV": {"FRANCE": 4}})
    state = state_of(on)
    state.timeline = tuple((k, "S1616M" if k == key else "S1640M") for k in SETUP.sanctions)  # this one alone
    on, _ = settle(VARIANT, with_state(on, state))
    assert state_of(on).sanctions_on == {key: 1618}
    taken = on.copy()
    taken.centers[home] = taker
    captured, _ = settle(VARIANT, taken, before=on)
    back = captured.copy()
    back.centers[home] = minor
    liberated, _ = settle(VARIANT, back, before=captured)
    return captured, liberated


def test_a_capture_cancels_swedens_sanction_for_good_and_suspends_the_others():
    """000_cc215928c2f3193e.txt, 'Swedish/Gustav's intervention': "This modifier is available as
    long as Sweden is an independent pliant state. If captured, the modifier cancels or is no
    longer available." (no return on liberation); 'Protestant Union': "The modifier cancels when
    RHI is captured, but may be voted on again should it be liberated later in the game.\""""
    from gm_tools.systems.europe1615.sanctions import in_effect

    sweden = SETUP.sanctions["swedish_intervention"]
    captured, liberated = _captured_then_liberated("swedish_intervention", "STO", "SWE", "DENMARK")
    assert not in_effect(sweden, state_of(captured), SETUP, captured)
    assert not in_effect(sweden, state_of(liberated), SETUP, liberated)
    assert refusals(liberated, Placement("SPAIN", 2, "SWE", "2: SWE")) == {}
    from gm_tools.systems.europe1615.report import _sanctions

    assert "Cancelled for good (their minor state captured): Swedish/Gustav's intervention." in \
        _sanctions(VARIANT, liberated)

    union = SETUP.sanctions["protestant_union"]
    captured, liberated = _captured_then_liberated("protestant_union", "RHI", "RHI", "FRANCE")
    assert not in_effect(union, state_of(captured), SETUP, captured)
    assert in_effect(union, state_of(liberated), SETUP, liberated)
    assert "solely permitted" in refusals(liberated, Placement("SPAIN", 2, "RHI", "2: RHI"))[0]


def test_the_treaty_of_lyon_cancels_for_good_when_savoy_is_captured():
    """000_cc215928c2f3193e.txt, 'Treaty of Lyon': "The sanction cancels if France is eliminated
    or Savoy is captured or if Switzerland is captured." No return is given: Savoy liberated,
    Spain may deploy to Savoy again."""
    from gm_tools.systems.europe1615.sanctions import in_effect

    lyon = SETUP.sanctions["treaty_of_lyon"]
    home = SETUP.minors["SAV"].home_center
    captured, liberated = _captured_then_liberated("treaty_of_lyon", home, "SAV", "SPAIN")
    assert not in_effect(lyon, state_of(captured), SETUP, captured)
    assert not in_effect(lyon, state_of(liberated), SETUP, liberated)
    assert refusals(liberated, Placement("SPAIN", 2, "SAV", "2: SAV")) == {}


def test_the_treaty_of_lyon_cancels_when_switzerland_is_annexed():
    """000_cc215928c2f3193e.txt, 'Treaty of Lyon': "The sanction cancels if France is eliminated
    or Savoy is captured or if Switzerland is captured." Switzerland has no center: it is
    captured as 'Expansion' captures "provinces without centers", once annexed ('Provinces
    without centers held by a power or a minor state at the build phase are automatically
    annexed'). An Austrian army in Switzerland at the Early Winter annexes it: the treaty is
    cancelled, and Spain may move there again."""
    from gm_tools.systems.europe1615.sanctions import in_effect

    lyon = SETUP.sanctions["treaty_of_lyon"]
    start = board({"SWI": "A AUSTRIA", "MIL": "A SPAIN"}, phase="F1616R", influence={"SAV": {"FRANCE": 4}})
    state = state_of(start)
    state.timeline = tuple((k, "S1616M" if k == "treaty_of_lyon" else "S1640M") for k in SETUP.sanctions)
    on, _ = settle(VARIANT, with_state(start, state))
    on.phase = "E1616D"
    assert in_effect(lyon, state_of(on), SETUP, on) and RULES.may_move(VARIANT, on, on.units["MIL"], "SWI")
    done, _ = play(on, {})
    assert state_of(done.after).annexed == {"SWI": "AUSTRIA"}
    assert not in_effect(lyon, state_of(done.after), SETUP, done.after)
    assert state_of(done.after).cancelled == ("treaty_of_lyon",)
    assert RULES.may_move(VARIANT, done.after, done.after.units["MIL"], "SWI") is None


def test_a_sanction_timed_for_the_winter_comes_with_the_late_winters_builds():
    """000_cc215928c2f3193e.txt, 'SANCTIONS AND THE PRE-GENERATED TIMELINE': "Winter 1618:
    Swedish/Gustav's intervention"; 'Swedish/Gustav's intervention': "If the Swedes have a
    newly acquired army (S), this unit can move, attack, defend, or support with the strength of
    two units." Timed for the Late Winter, it is in effect as the game reaches W1618A, and the
    army Sweden builds there is the S army (Sweden holds Livonia's center: two centers, one
    army)."""
    centers = dict(board({}).centers, LIVN="SWE")
    early = board({"DAL": "A SWE"}, phase="E1618D", centers=centers, influence={"SWE": {"ENGLAND": 5}})
    state = state_of(early)
    state.timeline = tuple((k, "W1618A" if k == "swedish_intervention" else "S1640M") for k in SETUP.sanctions)
    early = with_state(early, state)
    done, _ = play(early, {})
    assert done.after.phase == "W1618A" and state_of(done.after).sanctions_on == {"swedish_intervention": 1618}
    done, _ = play(done.after, {"ENGLAND": ["BUILD A STO"]})
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "SWE"} == {"STO": 2, "DAL": 1}


def test_a_sanction_coming_with_the_next_phase_under_its_cancel_condition_is_said_to_come_then():
    """'Anti-Protestant Ireland: Protestant powers cannot deploy INFs to Ireland. This modifier is
    not available or cancels when widerstand comes into effect'; the timeline shows 'on which
    year & season a particular sanction will come into effect'. Timed for Fall 1617 with
    widerstand in effect, the Summer 1617 page said "Suspended (cancelled while their condition
    lasts): Anti-Protestant Ireland." and had it no more among those to come, as if it had been in
    effect and lifted; it comes with the next phase, suspended from the start (QA)."""
    from gm_tools.engine.positions import position_to_json

    # England's centers France's: the Catholic powers' allocated INFs twice the Protestants' or more
    from europe1615_play import opening

    centers = dict(opening().centers, LON="FRANCE", YOR="FRANCE", SCOT="FRANCE", LCS="FRANCE")
    position = board({}, phase="U1617M", centers=centers)
    state = state_of(position)
    state.counterbalance = "widerstand"
    state.timeline = (("anti_protestant_ireland", "F1617M"),) + tuple(
        (k, "S1630M") for k in SETUP.sanctions if k != "anti_protestant_ireland")
    position = with_state(position, state)
    summer, _ = play(position, {})
    assert "anti_protestant_ireland" in state_of(summer.after).sanctions_on
    record = {"phase": position.phase, "before": position_to_json(position), "after": position_to_json(summer.after),
              "extra": {HOOKS.name: inputs()}, "results": []}
    said = dict(HOOKS.report_sections(VARIANT, record))["Sanctions"].splitlines()
    assert said[:2] == ["In effect: none.", "Into effect with the next phase, Fall 1617 Movement, and suspended "
                        "at once while its condition lasts (cancelled): Anti-Protestant Ireland."]
    assert not any(line.startswith("Suspended") for line in said)
