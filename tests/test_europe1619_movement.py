"""Europe 1619 Orders Phase: movement under declarations, alliances, the HRE exception,
aligned minors, bolstered units. Through the real adjudicator (``engine.run_orders``) on the
variant's map; each test cites the rulebook section (``002_e7e1b063b6c411e5.txt``).
"""

from __future__ import annotations

from boards import H, M, S
from europe_board import NO_RELATIONS, europe, position, result, rules

from gm_tools.engine.runner import run_orders
from gm_tools.systems.europe1619.territory import Relations
from gm_tools.engine.rules import rules_for
from gm_tools.systems.europe1619.rules import RULES, Europe1619Rules


def run(pos, orders, relations=NO_RELATIONS):
    return run_orders(europe(), pos, orders, rules(relations))


def refusal(pos, unit_text, dest, relations=NO_RELATIONS):
    """The reason the move is refused (or None), from the result of running it."""
    out = run(pos, [M(pos, unit_text, dest)], relations)
    r = result(out, unit_text)
    return r.reason if r.result == "invalid" else None


# --- declarations ----------------------------------------------------------------------------


def test_no_move_into_an_opponents_territory_without_war_or_alliance():
    # 'Effects of declarations': 'A unit cannot be ordered to move into the territorial domains
    # of an opponent ... unless either a declaration of war or an alliance is in effect'.
    p = position({"FRANCE": ["A CHA"]})
    reason = refusal(p, "A CHA", "BRB")
    assert reason is not None and "BRB is SPAIN's territory" in reason
    assert refusal(p, "A CHA", "BRB", Relations.of(wars=[("FRANCE", "SPAIN")])) is None
    assert refusal(p, "A CHA", "BRB", Relations.of(alliances=[("FRANCE", "SPAIN")])) is None


def test_refused_move_leaves_the_unit_holding_and_causes_no_standoff():
    # 'Movement into an aligned province (i.e., as to cause a standoff) is restricted unless a
    # declaration of war or an alliance is in effect': the refused move cannot bounce a Dutch
    # unit entering Liege.
    p = position({"FRANCE": ["A CHA"], "DUTCH": ["A COL"]}, captured={"COL": "DUTCH"})
    rel = Relations.of(wars=[("DUTCH", "SPAIN")])
    out = run(p, [M(p, "A CHA", "LIE"), M(p, "A COL", "LIE")], rel)
    assert result(out, "A CHA").result == "invalid"
    assert result(out, "A COL").result == "succeeds"
    assert out.position.units["CHA"].power == "FRANCE"


def test_no_move_into_a_minor_aligned_with_an_opponent():
    # 'Effects of declarations': '... and/or any minor states aligned to the opponent'.
    p = position({"FRANCE": ["A BUR"]})
    rel = Relations.of(aligned={"LOR": "SPAIN"})
    assert "LOR is SPAIN's territory" in refusal(p, "A BUR", "LOR", rel)
    assert refusal(p, "A BUR", "LOR", Relations.of(aligned={"LOR": "SPAIN"}, wars=[("FRANCE", "SPAIN")])) is None


def test_unaligned_minor_is_passable_without_declaration():
    # 'Declaration of war is not required for a major unit or minor unit to move into an
    # unaligned minor state (colored grey)'.
    p = position({"FRANCE": ["A BUR"]})
    out = run(p, [M(p, "A BUR", "LOR")])
    assert result(out, "A BUR").result == "succeeds"


def test_neutral_minor_is_impassable():
    # 'NEUTRAL: ... Neutral states are impassable during the Order Phase.'
    p = position({"FRANCE": ["A BUR"]})
    reason = refusal(p, "A BUR", "SWI", Relations.of(neutral=["SWI"]))
    assert reason is not None and "neutral" in reason
    # even at war with everybody: neutrality is not a matter of declarations
    rel = Relations.of(neutral=["SWI"], wars=[("FRANCE", "SPAIN")])
    assert refusal(p, "A BUR", "SWI", rel) is not None


def test_water_is_always_passable():
    # 'Water regions: Water regions cannot be aligned, and are thus always passable'.
    p = position({"DENMARK": ["F COP"]})
    out = run(p, [M(p, "F COP", "NTH")])
    assert result(out, "F COP").result == "succeeds"


def test_attacking_a_unit_at_sea_needs_war():
    # 'Water regions: ... but the movement rules regarding units and the declarations as
    # described above must be observed'; 'A declaration of war allows a player to attack an
    # enemy's unit(s)'.
    p = position({"DENMARK": ["F COP"], "ENGLAND": ["F NTH"]})
    reason = refusal(p, "F COP", "NTH")
    assert reason is not None and "not at war with ENGLAND" in reason
    assert refusal(p, "F COP", "NTH", Relations.of(wars=[("DENMARK", "ENGLAND")])) is None


def test_a_neutral_minors_fleet_at_sea_may_not_be_attacked():
    # 'Neutral states are impassable during the Order Phase. Neutral states can maintain units';
    # a declaration of war is made 'against an opposing power and all of its aligned states',
    # so none reaches a neutral state: its fleet is not attacked even in a water region
    # ('always passable'), where an unaligned state's may be (NOTES.md, 'Judgement calls').
    p = position({"DENMARK": ["F COP"], "MEC": ["F BOR"]})
    reason = refusal(p, "F COP", "BOR", Relations.of(neutral=["MEC"], wars=[("DENMARK", "SAXONY")]))
    assert reason is not None and "neutral minor state: it may not be attacked" in reason
    assert refusal(p, "F COP", "BOR") is None  # Mecklenburg unaligned


def test_support_needs_no_declaration():
    # 'Any unit may support holds, convoys, or support movement into a province with or
    # without a declaration of war (as long as the support is legal)': France, at peace with
    # Spain, supports the Dutch (at war with Spain) into Spanish Brabant.
    p = position({"DUTCH": ["A HLD"], "FRANCE": ["A CHA"], "SPAIN": ["A BRB"]})
    rel = Relations.of(wars=[("DUTCH", "SPAIN")])
    out = run(p, [M(p, "A HLD", "BRB"), S(p, "A CHA", "HLD", "BRB"), H(p, "A BRB")], rel)
    assert result(out, "A CHA").result == "succeeds"
    assert result(out, "A HLD").result == "succeeds"
    assert result(out, "A BRB").dislodged


# --- alliances ------------------------------------------------------------------------------


ALLIES = Relations.of(alliances=[("AUSTRIA", "SPAIN"), ("ENGLAND", "SPAIN")], wars=[("DUTCH", "SPAIN")])


def test_allies_move_through_each_others_territory():
    # 'Rules for alliances: A member of an alliance CAN move freely through the territories and
    # centers of an ally; this includes aligned minor states of the ally.'
    p = position({"ENGLAND": ["A NOR"]}, captured={"NOR": "ENGLAND"})
    rel = Relations.of(alliances=[("ENGLAND", "SPAIN")], aligned={"LOR": "SPAIN"}, wars=[("ENGLAND", "FRANCE")])
    out = run(p, [M(p, "A NOR", "FLA")], rel)
    assert result(out, "A NOR").result == "succeeds"
    p2 = position({"ENGLAND": ["A CHA"]}, captured={"CHA": "ENGLAND"})
    assert refusal(p2, "A CHA", "LOR", rel) is None  # Spain's aligned Lorraine


def test_allies_never_dislodge_each_other():
    # 'A member of an alliance CANNOT dislodge ... an ally's unit'.
    p = position({"ENGLAND": ["A NOR", "F ENG"], "SPAIN": ["A FLA"]}, captured={"NOR": "ENGLAND"})
    out = run(p, [M(p, "A NOR", "FLA"), S(p, "F ENG", "NOR", "FLA")], ALLIES)
    assert result(out, "A NOR").result == "fails"
    assert "may not dislodge" in result(out, "A NOR").reason
    assert not result(out, "A FLA").dislodged


def test_allies_never_support_the_dislodgement_of_an_ally_even_unexpectedly():
    # 'A member of an alliance CANNOT ... support the dislodgment of an ally's unit ..., even
    # if that dislodgment is unexpected': England, Spain's ally, supports the Dutch into
    # Brabant; the support does not count against the Spanish unit (1 against 1).
    p = position({"DUTCH": ["A HLD"], "ENGLAND": ["A CHA"], "SPAIN": ["A BRB"]}, captured={"CHA": "ENGLAND"})
    out = run(p, [M(p, "A HLD", "BRB"), S(p, "A CHA", "HLD", "BRB")], ALLIES)
    assert result(out, "A HLD").result == "fails"
    assert not result(out, "A BRB").dislodged


def test_allies_never_dislodge_an_allys_aligned_minor_unit():
    # 'Rules for alliances': '(including the aligned minor units of the ally)'.
    p = position({"AUSTRIA": ["A HES*3"], "COL": ["A COL"]}, captured={"HES": "AUSTRIA"})
    rel = Relations.of(alliances=[("AUSTRIA", "LEAGUE")], aligned={"COL": "LEAGUE"})
    out = run(p, [M(p, "A HES", "COL")], rel)
    assert result(out, "A HES").result == "fails"
    assert not result(out, "A COL").dislodged


def test_an_attack_on_an_ally_does_not_cut_its_support():
    # 'An attack by a major unit on an allied unit does not cut support. This also applies to
    # minor states aligned with the ally.'
    p = position(
        {"SPAIN": ["A BRB", "A LIE"], "AUSTRIA": ["A COL"], "DUTCH": ["A HLD"], "FRANCE": ["A CHA"]},
        captured={"COL": "AUSTRIA"},
    )
    rel = Relations.of(alliances=[("AUSTRIA", "SPAIN")], wars=[("DUTCH", "SPAIN"), ("FRANCE", "SPAIN")])
    # Spain's Liege supports Brabant against the Dutch; Austria's move on Liege does not cut it,
    # a French one (at war) does.
    orders = [M(p, "A HLD", "BRB"), S(p, "A LIE", "BRB"), M(p, "A COL", "LIE")]
    out = run(p, orders + [S(p, "A CHA", "HLD", "BRB")], rel)
    assert result(out, "A LIE").result == "succeeds"
    assert result(out, "A HLD").result == "fails"  # 2 against 2
    orders = [M(p, "A HLD", "BRB"), S(p, "A LIE", "BRB"), M(p, "A CHA", "LIE")]
    out = run(p, orders, rel)
    assert result(out, "A LIE").reason.startswith("support cut")


def test_allies_cannot_capture_each_others_centers():
    # 'Allies cannot capture each other's centers or the centers of their aligned states, but
    # may occupy those centers' (rule 4d).
    p = position({"ENGLAND": ["A NOR"]}, captured={"NOR": "ENGLAND"})
    rel = Relations.of(alliances=[("ENGLAND", "SPAIN")], wars=[("ENGLAND", "FRANCE")])
    out = run(p, [M(p, "A NOR", "FLA")], rel)
    assert out.position.units["FLA"].power == "ENGLAND"
    assert out.position.centers["FLA"] == "SPAIN"


# --- the HRE exception: the rulebook's examples -------------------------------------------------


def test_example_1_union_attacks_a_french_unit_in_unaligned_saarbruecken():
    # 'Some examples: (1) French units entering the HRE at Saarbueken (SAA) may be attacked by
    # Union/Palatinate units without a declaration of war.'
    p = position({"FRANCE": ["A SAA"], "UNION": ["A PAL", "A STR"]}, captured={"SAA": "FRANCE", "STR": "UNION"})
    out = run(p, [M(p, "A PAL", "SAA"), S(p, "A STR", "PAL", "SAA")])
    assert result(out, "A PAL").result == "succeeds"
    assert result(out, "A SAA").dislodged


def test_example_1_but_not_when_saarbruecken_is_aligned_with_france():
    # '(1) ... However, if SAA is aligned with France, then Union/Palatine unit cannot enter SAA
    # (it's the presence of the French unit that allows the Union/Palatine unit to attack SAA).'
    p = position({"FRANCE": ["A SAA"], "UNION": ["A PAL"]})
    reason = refusal(p, "A PAL", "SAA", Relations.of(aligned={"SAA": "FRANCE"}))
    assert reason is not None and "FRANCE's territory" in reason
    # and without the French unit there is nothing to attack: unaligned SAA is simply entered,
    # aligned SAA is closed.
    empty = position({"UNION": ["A PAL"]})
    assert refusal(empty, "A PAL", "SAA", Relations.of(aligned={"SAA": "FRANCE"})) is not None


def test_example_2_saxon_aligned_mecklenburg_attacks_danes_in_the_hre():
    # '(2) Danish units enter the HRE, and the Saxon-aligned Mecklenburg may attack Danish units
    # without a declaration of war'. A bolstered Mecklenburg army (strength 2) into Hamburg.
    p = position({"DENMARK": ["A HAM"], "MEC": ["A MEC*2"]}, captured={"HAM": "DENMARK"})
    rel = Relations.of(aligned={"MEC": "SAXONY"})
    out = run(p, [M(p, "A MEC", "HAM")], rel)
    assert result(out, "A MEC").result == "succeeds"
    assert result(out, "A HAM").dislodged


def test_example_2_not_against_an_ally_of_saxony():
    # '(2) ... (however, if Denmark had formed an alliance with Saxony, Danish units are
    # protected from an attack from Saxon units and Saxon-aligned Mecklenburg)'.
    p = position({"DENMARK": ["A HAM"], "MEC": ["A MEC*2"]}, captured={"HAM": "DENMARK"})
    rel = Relations.of(aligned={"MEC": "SAXONY"}, alliances=[("DENMARK", "SAXONY")])
    out = run(p, [M(p, "A MEC", "HAM")], rel)
    assert not result(out, "A HAM").dislodged


def test_example_2_holstein_needs_a_declaration():
    # '(2) ... An official declaration of war from Saxony against Denmark would be required for
    # a Saxon unit or Saxon-aligned Mecklenburg unit to attack Holstein.'
    p = position({"DENMARK": ["A HOL"], "MEC": ["A MEC*2"]})
    rel = Relations.of(aligned={"MEC": "SAXONY"})
    assert "HOL is DENMARK's territory" in refusal(p, "A MEC", "HOL", rel)
    war = Relations.of(aligned={"MEC": "SAXONY"}, wars=[("SAXONY", "DENMARK")])
    out = run(p, [M(p, "A MEC", "HOL")], war)
    assert result(out, "A HOL").dislodged


def test_example_3_league_aligned_cologne_attacks_the_dutch_in_spanish_lands():
    # '(3) Dutch at war with Spain enter Brabant. The League/Bavarian-aligned Cologne unit may
    # be ordered to attack Dutch unit in Brabant without a declaration of war from
    # League/Bavaria against the Dutch Republic.' On this map Cologne borders Liege, not
    # Brabant: the same situation one province east.
    p = position({"DUTCH": ["A LIE"], "COL": ["A COL*2"]}, captured={"LIE": "DUTCH"})
    rel = Relations.of(aligned={"COL": "LEAGUE"}, wars=[("DUTCH", "SPAIN")])
    out = run(p, [M(p, "A COL", "LIE")], rel)
    assert result(out, "A COL").result == "succeeds"
    assert result(out, "A LIE").dislodged


def test_hre_exception_is_for_hre_powers_only():
    # 'Austria, Spain, and German/Italian States of the HRE': the exception names 'Austrian,
    # Spanish, Union/Palatine, Saxon, League/Bavarian, and Savoy units'; a French-aligned
    # Lorraine unit may not attack the Dutch in Liege without war.
    p = position({"DUTCH": ["A LIE"], "LOR": ["A LOR*2"]}, captured={"LIE": "DUTCH"})
    rel = Relations.of(aligned={"LOR": "FRANCE"}, wars=[("DUTCH", "SPAIN")])
    reason = refusal(p, "A LOR", "LIE", rel)
    assert reason is not None and "DUTCH" in reason


def test_rule_5_a_unit_in_an_allys_province_may_be_attacked_by_the_allys_enemy():
    # 'Additional rules' 5: 'England is allied with Spain, and allows English unit to occupy
    # Flanders, a Spanish territory. Dutch are at war with Spain but not with England. Dutch
    # units may attack English unit in Flanders. If the Dutch were allied with England, the
    # unit cannot be attacked.'
    p = position({"ENGLAND": ["A FLA"], "DUTCH": ["A HLD", "A BRB"]}, captured={"BRB": "DUTCH"})
    rel = Relations.of(alliances=[("ENGLAND", "SPAIN")], wars=[("DUTCH", "SPAIN")])
    out = run(p, [M(p, "A HLD", "FLA"), S(p, "A BRB", "HLD", "FLA")], rel)
    assert result(out, "A FLA").dislodged
    friends = Relations.of(alliances=[("ENGLAND", "SPAIN"), ("DUTCH", "ENGLAND")], wars=[("DUTCH", "SPAIN")])
    out = run(p, [M(p, "A HLD", "FLA"), S(p, "A BRB", "HLD", "FLA")], friends)
    assert not result(out, "A FLA").dislodged


# --- aligned minors ---------------------------------------------------------------------------


def test_unaligned_and_neutral_minor_units_hold():
    # 'ALIGNED: ... The minor state will then follow any order submitted to the minor state's
    # unit(s) by the power it is aligned to' (and a vassal likewise); the others have nobody to
    # order them, so they hold.
    p = position({"HES": ["A HES"]})
    assert "no power commands" in refusal(p, "A HES", "PAL")
    assert "neutral" in refusal(p, "A HES", "PAL", Relations.of(neutral=["HES"]))
    assert refusal(p, "A HES", "WUE", Relations.of(vassals={"HES": "UNION"})) is None


def test_a_power_cannot_dislodge_its_own_aligned_minors_unit():
    # 'Additional rules' 2: 'A power cannot attack, dislodge, or support the dislodgment of an
    # aligned minor state's unit, even if that dislodgment is unexpected.'
    p = position({"FRANCE": ["A PAL*3", "A TRI"], "HES": ["A HES"]}, captured={"PAL": "FRANCE", "TRI": "FRANCE"})
    rel = Relations.of(aligned={"HES": "FRANCE"}, wars=[("FRANCE", "UNION")])
    out = run(p, [M(p, "A PAL", "HES")], rel)
    assert not result(out, "A HES").dislodged
    # nor support another's attack on it: the Union (at war with France) into Hesse with
    # French support stays at 1 against 1.
    p = position({"UNION": ["A WUE"], "FRANCE": ["A PAL"], "HES": ["A HES"]}, captured={"WUE": "UNION", "PAL": "FRANCE"})
    rel = Relations.of(aligned={"HES": "FRANCE"}, wars=[("UNION", "FRANCE")])
    out = run(p, [M(p, "A WUE", "HES"), S(p, "A PAL", "WUE", "HES")], rel)
    assert not result(out, "A HES").dislodged


def test_a_power_cannot_cut_its_own_aligned_minors_support():
    # 'Additional rules' 2: '[Example: Hesse is aligned with France. France cannot cut the
    # support of a Hessian unit nor support the dislodgment of that unit.]'
    p = position(
        {"FRANCE": ["A TRI"], "HES": ["A HES"], "UNION": ["A PAL"], "LEAGUE": ["A WUE"]},
        captured={"TRI": "FRANCE", "WUE": "LEAGUE"},
    )
    rel = Relations.of(aligned={"HES": "FRANCE"}, wars=[("LEAGUE", "UNION")])
    orders = [S(p, "A HES", "WUE", "PAL"), M(p, "A WUE", "PAL"), M(p, "A TRI", "HES")]
    # Hesse (ordered by France) supports the League into the Union's Palatinate.
    out = run(p, orders, rel)
    assert result(out, "A HES").result == "succeeds"
    assert result(out, "A PAL").dislodged


def test_dislodged_minor_unit_is_disbanded():
    # 'Additional rules' 1: 'Any minor unit is automatically disbanded if dislodged.' Even a
    # bolstered one, which a major power's army of that strength would retreat.
    p = position({"COL": ["A COL*3"], "DUTCH": ["A HLD*4"]})
    rel = Relations.of(aligned={"COL": "LEAGUE"}, wars=[("DUTCH", "LEAGUE")])
    out = run(p, [M(p, "A HLD", "COL")], rel)
    assert result(out, "A COL").dislodged
    assert "COL" not in out.position.dislodged
    assert all(u.power != "COL" for u in out.position.units.values())


# --- bolstered units --------------------------------------------------------------------------


def test_bolstered_unit_attacks_with_its_strength():
    # 'Bolstered units': 'The bolstered unit moves, attacks, defends, and supports with the
    # greater strength.'
    p = position({"DUTCH": ["A HLD*2"], "SPAIN": ["A BRB"]})
    out = run(p, [M(p, "A HLD", "BRB")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    assert result(out, "A HLD").result == "succeeds"


def test_bolstered_unit_defends_with_its_strength():
    # 'Bolstered units': '... defends ... with the greater strength'; 2 plus support 1 is not
    # enough against 3.
    p = position({"DUTCH": ["A HLD*2", "A FRI"], "SPAIN": ["A BRB*3"]})
    out = run(p, [M(p, "A HLD", "BRB")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    assert result(out, "A HLD").reason == "bounced: 2 against 3 from A BRB"


def test_support_from_a_bolstered_unit_is_cut_one_for_one():
    # 'Bolstered units': 'if a unit supporting with strength of 2 is attacked by a unit of
    # strength of 1, then the support given will be rated at 1'. Spain's Liege (strength 2)
    # supports Brabant; a French army of strength 1 attacks Liege: the support is worth 1, so
    # the Dutch 3 beats Brabant's 1 + 1.
    p = position({"SPAIN": ["A BRB", "A LIE*2"], "DUTCH": ["A HLD*3"], "FRANCE": ["A CHA"]})
    rel = Relations.of(wars=[("DUTCH", "SPAIN"), ("FRANCE", "SPAIN")])
    out = run(p, [M(p, "A HLD", "BRB"), S(p, "A LIE", "BRB"), M(p, "A CHA", "LIE")], rel)
    assert result(out, "A LIE").reason.startswith("support cut by A CHA")
    assert result(out, "A HLD").result == "succeeds"
    # Without the French attack the support is worth 2: 3 against 3 bounces.
    out = run(p, [M(p, "A HLD", "BRB"), S(p, "A LIE", "BRB")], rel)
    assert result(out, "A HLD").result == "fails"


def test_support_cut_by_the_combined_strength_of_attackers():
    # 'Bolstered units': '... broken by an attacking unit (or the combined strength of attacking
    # units) in a one-to-one reduction': two French armies of 1 bring a support of 2 to 0.
    rel = Relations.of(wars=[("DUTCH", "SPAIN"), ("FRANCE", "SPAIN")])
    p = position({"SPAIN": ["A BRB", "A LIE*2"], "DUTCH": ["A HLD*2"], "FRANCE": ["A CHA", "A LOR"]}, captured={"LOR": "FRANCE"})
    out = run(p, [M(p, "A HLD", "BRB"), S(p, "A LIE", "BRB"), M(p, "A CHA", "LIE"), M(p, "A LOR", "LIE")], rel)
    assert result(out, "A HLD").result == "succeeds"


def test_support_given_is_strength_minus_cutters_never_below_zero():
    # 'Bolstered units', the one-to-one reduction, as the hook computes it.
    from gm_tools.engine.model import Unit

    supporter = Unit("SPAIN", "A", "LIE", 5)
    cutters = [Unit("FRANCE", "A", "CHA", 2), Unit("FRANCE", "A", "LOR", 1)]
    hook = Europe1619Rules().support_given
    assert hook(europe(), position({}), supporter, cutters) == 2
    assert hook(europe(), position({}), supporter, cutters + [Unit("FRANCE", "A", "TRI", 9)]) == 0
    assert hook(europe(), position({}), supporter, []) == 5


def test_dislodged_bolstered_army_retreats_one_weaker():
    # 'Retreats': 'A bolstered army unit can retreat if a legal space to retreat to is
    # available. When a bolstered army unit is forced to retreat, it loses one unit of strength.'
    p = position({"SPAIN": ["A BRB*3"], "DUTCH": ["A HLD*4"]})
    out = run(p, [M(p, "A HLD", "BRB")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    d = out.dislodged["BRB"]
    assert d.unit.strength == 2
    assert "FLA" in d.retreats and "HLD" not in d.retreats
    assert out.position.phase == "Y1625R"


def test_fleets_and_strength_one_armies_are_destroyed_when_dislodged():
    # 'Retreats': 'Un-bolstered army units cannot retreat. Fleet units cannot retreat.'
    p = position({"SPAIN": ["A BRB", "F FLA"], "DUTCH": ["A HLD*2", "F NTH*2"]})
    out = run(p, [M(p, "A HLD", "BRB"), M(p, "F NTH", "FLA")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    assert result(out, "A BRB").dislodged and result(out, "F FLA").dislodged
    assert out.dislodged == {} and out.position.dislodged == {}
    assert out.position.phase == "Y1625J"


def test_a_bolstered_army_cannot_retreat_into_forbidden_territory():
    # 'Retreats' with 'Effects of declarations': a retreat is a move, so the same territories
    # are closed. Spain's Brabant army may not retreat into French Champagne (Spain and France
    # at peace), nor to Holland, where the attack came from: Flanders, Liege and Cologne
    # (an unaligned minor, open without a declaration; bordering Brabant since the map's
    # Limburg-Juelich border) remain.
    p = position({"SPAIN": ["A BRB*2"], "DUTCH": ["A HLD*3"]})
    out = run(p, [M(p, "A HLD", "BRB")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    assert out.dislodged["BRB"].retreats == ("COL", "FLA", "LIE")


# --- the module -----------------------------------------------------------------------------


def test_rules_module_is_found_by_name():
    # variants/README.md: 'rules = the rules module: gm_tools/engine/rules/<name>.py'.
    from dataclasses import replace

    v = replace(europe(), options={**europe().options, "rules": "europe1619"})
    assert rules_for(v) is RULES


def test_the_real_variant_reads_initial_declarations_from_its_tables():
    # 'Notes on initial declarations': 'Spain and the Dutch Republic are at war'; with no
    # declarations in the position, the rules read the variant's starting ones.
    p = position({"DUTCH": ["A HLD*2"], "SPAIN": ["A BRB"]})
    out = run_orders(europe(), p, [M(p, "A HLD", "BRB")], RULES)
    assert result(out, "A HLD").result == "succeeds"
    p = position({"FRANCE": ["A CHA"]})
    out = run_orders(europe(), p, [M(p, "A CHA", "BRB")], RULES)
    assert result(out, "A CHA").result == "invalid"


def test_aligned_and_vassal_minor_units_are_ordered_by_their_power():
    # 'Effects of declarations': 'players write and submit movement orders for their units on
    # the board and for those minor units that are aligned to their power'; 'VASSALAGE: ... will
    # then follow any order submitted to the minor state's unit(s) by the power it is a vassal to'.
    from europe_board import board

    p = position({"HES": ["A HES"], "MEC": ["F MEC"], "COL": ["A COL"], "FRANCE": ["A PAR"]})
    b = board(p, Relations.of(aligned={"HES": "FRANCE"}, vassals={"MEC": "DENMARK"}))
    assert b.may_order("FRANCE", p.units["HES"]) is None
    assert b.may_order("DENMARK", p.units["MEC"]) is None
    assert "follows the orders of FRANCE, not UNION" in b.may_order("UNION", p.units["HES"])
    assert "no power commands" in b.may_order("LEAGUE", p.units["COL"])
    assert "belongs to FRANCE" in b.may_order("SPAIN", p.units["PAR"])
    # The order itself is written in the minor's name: Hesse moves for France.
    out = run(p, [M(p, "A HES", "PAL")], Relations.of(aligned={"HES": "FRANCE"}, wars=[("FRANCE", "UNION")]))
    assert result(out, "A HES").result == "succeeds"


def test_convoy_needs_no_declaration():
    # 'Any unit may support holds, convoys, or support movement into a province with or without
    # a declaration of war': England, at peace with Spain, convoys the Dutch (at war with Spain)
    # from Friesland to Spanish Flanders.
    from boards import C

    p = position({"DUTCH": ["A FRI"], "ENGLAND": ["F NTH"]})
    out = run(p, [M(p, "A FRI", "FLA"), C(p, "F NTH", "FRI", "FLA")], Relations.of(wars=[("DUTCH", "SPAIN")]))
    assert result(out, "F NTH").result == "succeeds"
    assert result(out, "A FRI").result == "succeeds"


def test_an_unaligned_minors_unit_may_be_attacked_without_declaration():
    # 'UNALIGNED: ... Unaligned states are passable during the Order Phase, and may be
    # occupied/captured': no power stands behind Lorraine's army, so no declaration is needed
    # (nor possible) to dislodge it; as a minor unit it is disbanded ('Additional rules' 1).
    p = position({"FRANCE": ["A BUR*2"], "LOR": ["A LOR"]})
    out = run(p, [M(p, "A BUR", "LOR")])
    assert result(out, "A LOR").dislodged
    assert out.position.units["LOR"].power == "FRANCE"


def test_an_eliminated_powers_lands_are_open():
    # 'Elimination': Spain eliminated, 'Flanders, Milan, and Naples become new independent
    # states': nobody's declarations guard them any more.
    p = position({"FRANCE": ["A NOR"]}, eliminated=["SPAIN"])
    out = run(p, [M(p, "A NOR", "FLA")])
    assert result(out, "A NOR").result == "succeeds"


def test_declarations_take_effect_in_the_year_after_they_are_made():
    # 'Declaration of war is announced during one Diplomatic Phase, and becomes effective in the
    # next year.' Read from the declarations state the Diplomatic Phase keeps: France's war on
    # Spain declared in 1624 is in force in 1625, not in 1624.
    declared = {
        "relations": [],
        "pending": [{"kind": "WAR", "powers": ["FRANCE", "SPAIN"], "declared_by": ["FRANCE"], "declared": 1624, "effective": 1625}],
    }
    for phase, allowed in (("Y1624M", False), ("Y1625M", True)):
        p = position({"FRANCE": ["A CHA"]}, phase=phase, declarations=declared, influence={})
        out = run_orders(europe(), p, [M(p, "A CHA", "BRB")], RULES)
        assert (result(out, "A CHA").result == "succeeds") is allowed, phase



def test_a_refusal_for_a_declaration_pending_says_when_it_takes_effect():
    # 'Declaration of war ... becomes effective in the next year'; 'Alliances: ... becomes
    # effective the following year'. Denmark declared war on England in 1624 and England an
    # alliance with the Dutch: in 1624 the refusals (in the record's words, which stay) are shown
    # with the year the declaration takes effect; a power with no declaration pending is shown
    # the refusal alone. Through the parser, as the workbook and the mails read an order.
    from gm_tools.engine.parser import parse_order
    from gm_tools.errors import IllegalOrderError

    declared = {"relations": [], "pending": [
        {"kind": "WAR", "powers": ["DENMARK", "ENGLAND"], "declared_by": ["DENMARK"], "declared": 1624, "effective": 1625},
        {"kind": "ALLIANCE", "powers": ["DUTCH", "ENGLAND"], "declared_by": ["DUTCH", "ENGLAND"], "declared": 1624,
         "effective": 1625}]}
    p = position({"DENMARK": ["F COP"], "ENGLAND": ["F NTH"], "DUTCH": ["A HLD"], "FRANCE": ["A CHA"]}, phase="Y1624M",
                 declarations=declared, influence={})

    def refused(power, text):
        try:
            parse_order(text, europe(), p, power, RULES)
        except IllegalOrderError as e:
            return e.reason, e.shown
        raise AssertionError(f"{text} was not refused")

    reason, shown = refused("DENMARK", "F COP - NTH")
    assert reason.startswith("NTH holds F NTH of ENGLAND, and DENMARK is not at war with ENGLAND")
    assert shown == (f"{reason}; DENMARK's declaration of war on ENGLAND, made this year, takes effect in 1625 "
                     "('becomes effective in the next year')")
    reason, shown = refused("ENGLAND", "F NTH - HLD")
    assert reason.startswith("HLD is DUTCH's territory and ENGLAND is neither at war nor allied with DUTCH")
    assert shown == f"{reason}; the alliance of DUTCH and ENGLAND, made this year, takes effect in 1625 " \
                    "('becomes effective the following year')"
    reason, shown = refused("FRANCE", "A CHA - BRB")
    assert "BRB is SPAIN's territory" in reason and shown is None


def test_a_retreat_refused_for_a_declaration_pending_says_when_it_takes_effect():
    # 'Alliances: ... becomes effective the following year'; 2000 rulebook, 'Retreating': a
    # dislodged unit retreats only where it could move. England's fleet dislodged from NTH in
    # 1624 may not retreat to the Dutch HLD, the alliance of the Dutch and England declared that
    # year being in force only in 1625: the refusal (its recorded words unchanged) is shown
    # with why and when, as a move's is; a retreat refused for another reason is shown alone.
    from dataclasses import replace

    from gm_tools.engine.model import Dislodged
    from gm_tools.engine.parser import parse_order
    from gm_tools.errors import IllegalOrderError

    declared = {"relations": [], "pending": [
        {"kind": "ALLIANCE", "powers": ["DUTCH", "ENGLAND"], "declared_by": ["DUTCH", "ENGLAND"], "declared": 1624,
         "effective": 1625}]}
    p = position({"DENMARK": ["F NTH"]}, phase="Y1624R", declarations=declared, influence={})
    fleet = replace(p.units["NTH"], power="ENGLAND")
    p = replace(p, units={}, dislodged={"NTH": Dislodged(fleet, "SKA", ("EDI", "NWG"))})

    def refused(text):
        try:
            parse_order(text, europe(), p, "ENGLAND", RULES)
        except IllegalOrderError as e:
            return e.reason, e.shown
        raise AssertionError(f"{text} was not refused")

    reason, shown = refused("F NTH R HLD")
    assert reason == "F NTH cannot retreat to HLD; it can retreat to EDI, NWG"
    assert shown == (f"{reason} (HLD is DUTCH's territory and ENGLAND is neither at war nor allied with DUTCH ('Effects of "
                     "declarations'); the alliance of DUTCH and ENGLAND, made this year, takes effect in 1625 ('becomes "
                     "effective the following year'))")
    reason, shown = refused("F NTH R SKA")
    assert reason == "F NTH cannot retreat to SKA; it can retreat to EDI, NWG" and shown is None


def test_the_retreat_phase_places_the_weakened_army():
    # 'Retreats': '... it loses one unit of strength', through the engine's retreat phase.
    from gm_tools.engine.model import Retreat

    p = position({"SPAIN": ["A BRB*3"], "DUTCH": ["A HLD*4"]})
    rel = Relations.of(wars=[("DUTCH", "SPAIN")])
    after = run(p, [M(p, "A HLD", "BRB")], rel).position
    weakened = after.dislodged["BRB"].unit
    out = run(after, [Retreat("SPAIN", weakened, "FLA")], rel)
    assert out.position.units["FLA"].strength == 2
    assert out.position.units["BRB"].power == "DUTCH"
