"""Declarations of war, alliance, armistice; the Papacy (gm_tools.systems.europe1619.declarations).

Rulebook: Europe 1619, 002_e7e1b063b6c411e5.txt, sections 'Declarations',
'Alliances', 'Armistice', 'The Papacy', 'Sequence of declarations', 'Notes on initial
declarations'.
"""

from __future__ import annotations

import json

import pytest

from europe1619_fixtures import rulebook_setup
from gm_tools.errors import IllegalOrderError
from gm_tools.systems.europe1619 import declarations as decl
from gm_tools.systems.europe1619.declarations import ALLIED, AT_WAR, DeclarationState, pair, resolve_declarations
from gm_tools.systems.europe1619.orders import Declaration
from gm_tools.engine.model import FAILS, INVALID, SUCCEEDS


@pytest.fixture(scope="module")
def setup():
    return rulebook_setup()


def d(power, kind, other):
    return Declaration(power, kind, other, f"{kind}: {other}")


def run(setup, state, year, *orders):
    return resolve_declarations(setup, state, list(orders), year)


def verdicts(outcome):
    return [(r.power, r.order, r.result) for r in outcome.results]


def test_initial_declarations(setup):
    # 'Austria and Spain begin the game in an alliance. Austria and the Catholic League begin
    # the game in an alliance. England and the Protestant Union begin in an alliance. Ottomans
    # and the Protestant Union begin in an alliance. Spain and the Dutch Republic are at war.'
    state = decl.initial_declarations(setup)
    assert state.relations == {
        ("AUSTRIA", "SPAIN"): ALLIED,
        ("AUSTRIA", "LEAGUE"): ALLIED,
        ("ENGLAND", "UNION"): ALLIED,
        ("OTTOMAN", "UNION"): ALLIED,
        ("DUTCH", "SPAIN"): AT_WAR,
    }


def test_war_becomes_effective_next_year(setup):
    # 'Declaration of war is announced during one Diplomatic Phase, and becomes effective in
    # the next year.'
    out = run(setup, DeclarationState(), 1620, d("FRANCE", "WAR", "ENGLAND"))
    assert verdicts(out) == [("FRANCE", "WAR: ENGLAND", SUCCEEDS)]
    assert out.state.relation("FRANCE", "ENGLAND") is None
    assert decl.relations_in_year(out.state, 1620) == {}
    assert decl.relations_in_year(out.state, 1621) == {("ENGLAND", "FRANCE"): AT_WAR}
    # The 1621 Diplomatic Phase puts it in force.
    later = run(setup, out.state, 1621)
    assert later.state.relation("FRANCE", "ENGLAND") == AT_WAR
    assert [p.describe() for p in later.took_effect] == ["FRANCE declared war on ENGLAND"]


def test_alliance_needs_every_member_to_declare(setup):
    # 'All potential members involved in the making of the alliance must make the declaration
    # for it to be official. (Example: If France, England and Spain decide to form an alliance
    # and only Spain and England include the declaration in their orders, then Spain and
    # England form an alliance and France will be excluded.)'
    out = run(
        setup,
        DeclarationState(),
        1620,
        d("SPAIN", "ALLIANCE", "ENGLAND"),
        d("ENGLAND", "ALLIANCE", "SPAIN"),
        d("FRANCE", "ALLIANCE", "SPAIN"),
        d("FRANCE", "ALLIANCE", "ENGLAND"),
    )
    assert verdicts(out) == [
        ("SPAIN", "ALLIANCE: ENGLAND", SUCCEEDS),
        ("ENGLAND", "ALLIANCE: SPAIN", SUCCEEDS),
        ("FRANCE", "ALLIANCE: SPAIN", FAILS),
        ("FRANCE", "ALLIANCE: ENGLAND", FAILS),
    ]
    assert "SPAIN did not declare ALLIANCE: FRANCE" in out.results[2].reason
    assert decl.relations_in_year(out.state, 1621) == {("ENGLAND", "SPAIN"): ALLIED}


def test_ally_is_not_liable_for_a_war(setup):
    # 'if France and Denmark are allies, and France declares war against England, Denmark will
    # not be at war with England'.
    state = DeclarationState({pair("FRANCE", "DENMARK"): ALLIED})
    out = run(setup, state, 1620, d("FRANCE", "WAR", "ENGLAND"))
    relations = decl.relations_in_year(out.state, 1621)
    assert relations[pair("FRANCE", "ENGLAND")] == AT_WAR
    assert pair("DENMARK", "ENGLAND") not in relations


def test_armistice_ends_a_war_next_year(setup):
    # 'Players at war may use the Diplomatic Phase to announce an armistice to officially end
    # hostilities. The armistice becomes effective in the following year.' 'Players' and the
    # 'officially end': both sides announce it (docs/europe1619.md), one side alone fails.
    state = DeclarationState({pair("DUTCH", "SPAIN"): AT_WAR})
    alone = run(setup, state, 1620, d("DUTCH", "ARMISTICE", "SPAIN"))
    assert verdicts(alone) == [("DUTCH", "ARMISTICE: SPAIN", FAILS)]
    both = run(setup, state, 1620, d("DUTCH", "ARMISTICE", "SPAIN"), d("SPAIN", "ARMISTICE", "DUTCH"))
    assert [r.result for r in both.results] == [SUCCEEDS, SUCCEEDS]
    assert decl.relations_in_year(both.state, 1620) == {pair("DUTCH", "SPAIN"): AT_WAR}
    assert decl.relations_in_year(both.state, 1621) == {}


def test_armistice_needs_a_war(setup):
    with pytest.raises(IllegalOrderError, match="not at war"):
        decl.check_declaration(setup, DeclarationState(), d("FRANCE", "ARMISTICE", "SPAIN"))


def test_rulebook_example_war_armistice_alliance(setup):
    # 'Example: France and England are at war in 1623, but decide to end war and form an
    # alliance. Then the announcement to end war occurs in 1624, becomes effective in 1625. In
    # 1626 (or any year thereafter), England and France can now make a declaration of an
    # alliance to be effective in the subsequent year. ... in 1625 until when an alliance comes
    # into effect, France and England are neither at war or in an alliance'.
    state = DeclarationState({pair("FRANCE", "ENGLAND"): AT_WAR})
    y1623 = run(setup, state, 1623, d("FRANCE", "ALLIANCE", "ENGLAND"), d("ENGLAND", "ALLIANCE", "FRANCE"))
    assert [r.result for r in y1623.results] == [INVALID, INVALID]
    assert "must first officially end" in y1623.results[0].reason
    y1624 = run(setup, y1623.state, 1624, d("FRANCE", "ARMISTICE", "ENGLAND"), d("ENGLAND", "ARMISTICE", "FRANCE"))
    assert [r.result for r in y1624.results] == [SUCCEEDS, SUCCEEDS]
    # 1625: the armistice takes effect; no alliance may be declared yet.
    y1625 = run(setup, y1624.state, 1625, d("FRANCE", "ALLIANCE", "ENGLAND"), d("ENGLAND", "ALLIANCE", "FRANCE"))
    assert [r.result for r in y1625.results] == [INVALID, INVALID]
    assert "takes effect in 1625" in y1625.results[0].reason and "from 1626" in y1625.results[0].reason
    assert y1625.state.relation("FRANCE", "ENGLAND") is None  # neither at war nor allied
    y1626 = run(setup, y1625.state, 1626, d("FRANCE", "ALLIANCE", "ENGLAND"), d("ENGLAND", "ALLIANCE", "FRANCE"))
    assert [r.result for r in y1626.results] == [SUCCEEDS, SUCCEEDS]
    assert decl.relations_in_year(y1626.state, 1626) == {}
    assert decl.relations_in_year(y1626.state, 1627) == {pair("FRANCE", "ENGLAND"): ALLIED}


def test_alliance_must_be_dissolved_before_war(setup):
    # 'If two players are in an alliance, then come into conflict, the alliance must first be
    # officially dissolved before war is declared against each other.' Dissolving is one
    # power's declaration; it takes effect the next year like every declaration.
    state = DeclarationState({pair("AUSTRIA", "SPAIN"): ALLIED})
    y1620 = run(setup, state, 1620, d("SPAIN", "WAR", "AUSTRIA"))
    assert y1620.results[0].result == INVALID
    assert "must first be dissolved (DISSOLVE: AUSTRIA)" in y1620.results[0].reason
    y1621 = run(setup, y1620.state, 1621, d("SPAIN", "DISSOLVE", "AUSTRIA"))
    assert y1621.results[0].result == SUCCEEDS
    y1622 = run(setup, y1621.state, 1622, d("SPAIN", "WAR", "AUSTRIA"))
    assert y1622.results[0].result == INVALID  # the dissolution takes effect this year
    assert y1622.state.relation("SPAIN", "AUSTRIA") is None
    y1623 = run(setup, y1622.state, 1623, d("SPAIN", "WAR", "AUSTRIA"))
    assert y1623.results[0].result == SUCCEEDS
    assert decl.relations_in_year(y1623.state, 1624) == {pair("SPAIN", "AUSTRIA"): AT_WAR}


def test_dissolve_needs_an_alliance(setup):
    with pytest.raises(IllegalOrderError, match="no alliance to dissolve"):
        decl.check_declaration(setup, DeclarationState(), d("FRANCE", "DISSOLVE", "SPAIN"))


def test_union_never_allies_with_league(setup):
    # 'The Protestant Union cannot form an alliance with the Catholic League.'
    out = run(setup, DeclarationState(), 1620, d("UNION", "ALLIANCE", "LEAGUE"), d("LEAGUE", "ALLIANCE", "UNION"))
    assert [r.result for r in out.results] == [INVALID, INVALID]
    assert "can never form an alliance" in out.results[0].reason
    assert decl.relations_in_year(out.state, 1621) == {}


def test_one_declaration_towards_a_power_a_year(setup):
    out = run(setup, DeclarationState(), 1620, d("FRANCE", "WAR", "SPAIN"), d("FRANCE", "ALLIANCE", "SPAIN"))
    assert [r.result for r in out.results] == [SUCCEEDS, INVALID]
    assert "only one declaration towards SPAIN a year" in out.results[1].reason


def test_no_declaration_towards_an_eliminated_power(setup):
    out = resolve_declarations(setup, DeclarationState(), [d("FRANCE", "WAR", "SPAIN")], 1630, eliminated=["SPAIN"])
    assert out.results[0].result == INVALID and "eliminated" in out.results[0].reason


# --- 'The Papacy' ----------------------------------------------------------------------------


def test_catholic_power_cannot_declare_war_on_the_papacy(setup):
    # 'no Catholic power can declare war on the Papacy unless any one of the following events
    # has occured'.
    out = run(setup, DeclarationState(), 1620, d("SPAIN", "WAR", "PAPACY"))
    assert out.results[0].result == INVALID
    assert "no Catholic power can declare war on the Papacy" in out.results[0].reason


def test_protestant_power_may_declare_war_on_the_papacy(setup):
    # The restriction binds Catholic powers only.
    out = run(setup, DeclarationState(), 1620, d("SWEDEN", "WAR", "PAPACY"))
    assert out.results[0].result == SUCCEEDS


def test_papacy_may_declare_war_on_any_power(setup):
    # 'The Papacy can declare war against any power.'
    out = run(setup, DeclarationState(), 1620, d("PAPACY", "WAR", "SPAIN"))
    assert out.results[0].result == SUCCEEDS


@pytest.mark.parametrize("event", ["captured_center", "supported_attack_on_catholic"])
def test_protection_lapses_after_an_event_recorded_by_another_phase(setup, event):
    # '- The Papacy captures a center.' '- If the Papacy supports an attack on a Catholic
    # power, then it may be the recipient of a declaration of war from any Catholic power.'
    state = decl.record_papal_event(DeclarationState(), event, 1622, "seen in the Orders Phase")
    assert not decl.papacy_protected(setup, state)
    out = run(setup, state, 1623, d("FRANCE", "WAR", "PAPACY"))
    assert out.results[0].result == SUCCEEDS


def test_unknown_papal_event_is_refused():
    with pytest.raises(ValueError, match="unknown papal event"):
        decl.record_papal_event(DeclarationState(), "sacked_rome", 1627)


def test_protection_lapses_when_papal_ally_is_at_war_with_a_catholic_power(setup):
    # '- If the Papacy is allied with a Catholic power that is at war or declares war on
    # another Catholic power, then the Papacy may be the recipient of a declaration of war
    # from any Catholic power.' Papacy allied with Spain; Spain at war with France.
    state = DeclarationState({pair("PAPACY", "SPAIN"): ALLIED, pair("SPAIN", "FRANCE"): AT_WAR})
    out = run(setup, state, 1625, d("VENICE", "WAR", "PAPACY"))
    assert out.results[0].result == SUCCEEDS
    assert [e.event for e in out.papal_events] == ["ally_at_war_with_catholic"]
    assert "SPAIN (ally of PAPACY) is at war with FRANCE" in out.papal_events[0].note
    assert not decl.papacy_protected(setup, out.state)


def test_protection_lapses_when_papal_ally_declares_war_on_a_catholic_power(setup):
    # Same clause, 'or declares war on another Catholic power': declarations are made at the
    # same time, so a declaration of war on the Papacy in that same phase stands.
    state = DeclarationState({pair("PAPACY", "SPAIN"): ALLIED})
    out = run(setup, state, 1625, d("SPAIN", "WAR", "VENICE"), d("VENICE", "WAR", "PAPACY"))
    assert [r.result for r in out.results] == [SUCCEEDS, SUCCEEDS]


def test_papal_ally_at_war_with_a_protestant_power_keeps_the_protection(setup):
    # The clause names a war on 'another Catholic power' only.
    state = DeclarationState({pair("PAPACY", "SPAIN"): ALLIED, pair("SPAIN", "DUTCH"): AT_WAR})
    out = run(setup, state, 1625, d("FRANCE", "WAR", "PAPACY"))
    assert out.results[0].result == INVALID
    assert out.papal_events == []


def test_no_papacy_in_play_means_no_protection(setup):
    # With 14 players or fewer the Papacy is a minor state ('Convert the Papacy into an
    # independent minor state'): there is no protected power.
    small = rulebook_setup(papacy=None)
    assert not decl.papacy_protected(small, DeclarationState())


def test_eliminated_power_loses_its_relations():
    state = DeclarationState({pair("A", "B"): ALLIED, pair("B", "C"): AT_WAR})
    assert decl.remove_power(state, "B").relations == {}


def test_state_round_trips_through_json(setup):
    out = run(setup, decl.initial_declarations(setup), 1620, d("FRANCE", "WAR", "ENGLAND"))
    state = decl.record_papal_event(out.state, "captured_center", 1620, "PAPACY captured NAP")
    text = json.dumps(state.to_json(), sort_keys=True)
    assert decl.DeclarationState.from_json(json.loads(text)) == state


def test_two_powers_declaring_war_on_each_other_make_one_war(setup):
    # 'Declaration of war is made against an opposing power': both may declare it in the same
    # phase; it is one war, in force next year.
    out = run(setup, DeclarationState(), 1620, d("FRANCE", "WAR", "SPAIN"), d("SPAIN", "WAR", "FRANCE"))
    assert [r.result for r in out.results] == [SUCCEEDS, SUCCEEDS]
    assert [p.describe() for p in out.declared] == ["FRANCE and SPAIN declared war on each other"]
    assert decl.relations_in_year(out.state, 1621) == {pair("FRANCE", "SPAIN"): AT_WAR}


def test_armistice_option_either_side_may_announce_it(setup):
    """'Players at war may use the Diplomatic Phase to announce an armistice'. Read by default
    as both sides announcing it; the variant option ``armistice = "either"`` (NOTES.md,
    'Judgement calls') lets one side's announcement end the war the next year."""
    from dataclasses import replace

    either = replace(setup, armistice_by="either")
    state = DeclarationState({pair("DUTCH", "SPAIN"): AT_WAR})
    alone = run(either, state, 1620, d("DUTCH", "ARMISTICE", "SPAIN"))
    assert verdicts(alone) == [("DUTCH", "ARMISTICE: SPAIN", SUCCEEDS)]
    assert decl.relations_in_year(alone.state, 1621) == {}
    alliance = run(either, DeclarationState(), 1620, d("DUTCH", "ALLIANCE", "ENGLAND"))
    assert verdicts(alliance) == [("DUTCH", "ALLIANCE: ENGLAND", FAILS)]  # an alliance still needs both


def test_union_and_austria_never_ally_in_the_ten_player_game_citing_that_setup():
    """1619 rulebook, '10 PLAYERS': 'The Protestant Union and Austria cannot form an alliance
    during the game.' The void declaration cited 'Notes on initial declarations', which names
    only the Union and the League; the view of the game the workflow plays (variant_for_game)
    and the setup read straight from the tables both cite the 10-player setup."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.systems.europe1619.adapter import setup_from_variant

    variant = load_variant("europe1619")
    for ten in (setup_from_variant(variant_for_game(variant, 10)), setup_from_variant(variant, 10)):
        out = run(ten, DeclarationState(), 1620, d("UNION", "ALLIANCE", "AUSTRIA"))
        assert out.results[0].reason == "UNION and AUSTRIA can never form an alliance ('10 PLAYERS')"
        # the Union and the League: the notes' own rule, cited as before (records replay)
    fifteen = setup_from_variant(variant)
    out = run(fifteen, DeclarationState(), 1620, d("UNION", "ALLIANCE", "LEAGUE"))
    assert out.results[0].reason == "UNION and LEAGUE can never form an alliance ('Notes on initial declarations')"
