"""The Reichstag: Austria's one meeting, three agendas, the vote (gm_tools.systems.europe1619.reichstag).

Rulebook: Europe 1619, 002_e7e1b063b6c411e5.txt, section 'Reichstag'.
The effects on a Diplomatic Phase run the real phase (gm_tools.systems.europe1619.diplomatic_phase).
"""

from __future__ import annotations

import json

import pytest

from europe1619_fixtures import rulebook_setup, start_state
from gm_tools.errors import IllegalOrderError
from gm_tools.systems.europe1619 import reichstag as rt
from gm_tools.systems.europe1619.diplomatic_phase import DiplomaticState, eliminate, run_diplomatic_phase
from gm_tools.systems.europe1619.reichstag import Agenda, ReichstagState, hold_reichstag
from gm_tools.engine.model import INVALID, SUCCEEDS

RESTRICT_ATTACKS = Agenda(rt.RESTRICT_ATTACKS)
BAN_UNION_ATTACKS = Agenda(rt.IMPERIAL_BAN, power="UNION", ban=rt.BAN_ATTACKS)
BAN_UNION_FROM_HES = Agenda(rt.IMPERIAL_BAN, power="UNION", ban=rt.BAN_DEPOSITS, minor="HES")
FRANCE_OUT_OF_LOR = Agenda(rt.RESTRICT_FOREIGN, power="FRANCE", minor="LOR")
ALL_FOR = {"AUSTRIA": True, "SAXONY": True, "UNION": True, "LEAGUE": True, "SAVOY": True}


@pytest.fixture(scope="module")
def setup():
    return rulebook_setup()


def test_majority_passes_effective_next_year(setup):
    # 'If an agenda is given a majority of votes, the rule comes into effect the following year.'
    votes = {"AUSTRIA": True, "LEAGUE": True, "SAVOY": True, "SAXONY": False, "UNION": False}
    state, meeting = hold_reichstag(setup, ReichstagState(), 1620, FRANCE_OUT_OF_LOR, votes)
    assert meeting.result == rt.PASSED
    assert state.in_force(1620) is None
    assert state.in_force(1621) == FRANCE_OUT_OF_LOR
    assert "passed; in effect from 1621" in meeting.describe()


def test_no_vote_counts_against(setup):
    # 'A no vote is treated as a vote against the agenda.' Two for, three silent: fails.
    state, meeting = hold_reichstag(setup, ReichstagState(), 1620, RESTRICT_ATTACKS, {"AUSTRIA": True, "LEAGUE": True})
    assert meeting.votes == {"AUSTRIA": "for", "LEAGUE": "for", "SAVOY": "none", "SAXONY": "none", "UNION": "none"}
    assert meeting.result == rt.FAILED
    assert state.decree is None


def test_failed_vote_ends_austrias_right(setup):
    # 'If the agenda is not voted into effect, then again, Austria may not call for another meeting.'
    state, _ = hold_reichstag(setup, ReichstagState(), 1620, RESTRICT_ATTACKS, {"AUSTRIA": True})
    assert state.closed
    with pytest.raises(IllegalOrderError, match="only one meeting"):
        hold_reichstag(setup, state, 1622, RESTRICT_ATTACKS, ALL_FOR)


def test_passed_vote_ends_austrias_right(setup):
    # 'Austria may not call for another meeting after that.'
    state, _ = hold_reichstag(setup, ReichstagState(), 1620, RESTRICT_ATTACKS, ALL_FOR)
    with pytest.raises(IllegalOrderError, match="only one meeting"):
        hold_reichstag(setup, state, 1621, FRANCE_OUT_OF_LOR, ALL_FOR)


def test_tie_has_no_effect_and_austria_may_call_again(setup):
    # 'If a tie happens, the item does not go into effect, but Austria may call for another
    # meeting at another time for another vote on the same or the other agendas.' An Imperial
    # Ban leaves four voters (the banned power does not vote), so two against two ties.
    votes = {"AUSTRIA": True, "LEAGUE": True, "SAXONY": False, "SAVOY": False}
    state, meeting = hold_reichstag(setup, ReichstagState(), 1620, BAN_UNION_ATTACKS, votes)
    assert meeting.result == rt.TIED
    assert state.decree is None and not state.closed
    state, again = hold_reichstag(setup, state, 1622, RESTRICT_ATTACKS, ALL_FOR)
    assert again.result == rt.PASSED
    assert [m.year for m in state.meetings] == [1620, 1622]


def test_banned_power_does_not_vote(setup):
    # 'The power that is the target of the ban is restricted from voting on the matter.'
    with pytest.raises(IllegalOrderError, match="UNION may not vote"):
        hold_reichstag(setup, ReichstagState(), 1620, BAN_UNION_ATTACKS, ALL_FOR)
    votes = {p: v for p, v in ALL_FOR.items() if p != "UNION"}
    _, meeting = hold_reichstag(setup, ReichstagState(), 1620, BAN_UNION_ATTACKS, votes)
    assert sorted(meeting.votes) == ["AUSTRIA", "LEAGUE", "SAVOY", "SAXONY"]


def test_only_members_vote(setup):
    # 'The meeting is between Austria and the other German/Italian regional powers of the
    # Empire: Saxony, Union/Palatinate, League/Bavaria, and Savoy'.
    with pytest.raises(IllegalOrderError, match="FRANCE may not vote"):
        hold_reichstag(setup, ReichstagState(), 1620, RESTRICT_ATTACKS, {**ALL_FOR, "FRANCE": False})


def test_eliminated_member_does_not_vote(setup):
    _, meeting = hold_reichstag(setup, ReichstagState(), 1620, RESTRICT_ATTACKS, {"AUSTRIA": True, "LEAGUE": True}, eliminated=["SAVOY", "SAXONY"])
    # Four voters left: AUSTRIA, LEAGUE for; UNION silent: 2 for, 1 against.
    assert meeting.result == rt.PASSED


@pytest.mark.parametrize(
    "agenda, message",
    [
        # Imperial Ban: 'one selected German or Italian power (this excludes Austria)'.
        (Agenda(rt.IMPERIAL_BAN, power="AUSTRIA", ban=rt.BAN_ATTACKS), "other than Austria"),
        (Agenda(rt.IMPERIAL_BAN, power="FRANCE", ban=rt.BAN_ATTACKS), "other than Austria"),
        (Agenda(rt.IMPERIAL_BAN, power="UNION", ban="everything"), "expected 'attacks' or 'deposits'"),
        # '... OR from depositing INFs to a selected state in the HRE': Portugal is not in it.
        (Agenda(rt.IMPERIAL_BAN, power="UNION", ban=rt.BAN_DEPOSITS, minor="POR"), "expected a minor state in the HRE"),
        # 'restrict a foreign power (France, Papacy, Sweden, England, Dutch, Denmark, Poland,
        # Venice, or Ottoman)': Saxony is no foreign power.
        (Agenda(rt.RESTRICT_FOREIGN, power="SAXONY", minor="HES"), "expected a foreign power"),
        (Agenda(rt.RESTRICT_FOREIGN, power="FRANCE", minor="SWI"), "expected a minor state in the HRE"),
        (Agenda("elect_emperor"), "unknown agenda"),
    ],
)
def test_agenda_must_be_one_the_rulebook_allows(setup, agenda, message):
    with pytest.raises(IllegalOrderError, match=message):
        hold_reichstag(setup, ReichstagState(), 1620, agenda, {})


def test_austria_eliminated_nullifies_the_result(setup):
    # 'If Austria is eliminated during the game, and any result of the Reichstag is nullified.'
    state = start_state(setup)
    passed, _ = hold_reichstag(setup, state.reichstag, 1620, FRANCE_OUT_OF_LOR, ALL_FOR)
    state = DiplomaticState(state.influence, state.declarations, passed)
    assert state.reichstag.in_force(1621) == FRANCE_OUT_OF_LOR
    gone = eliminate(setup, state, "AUSTRIA")
    assert gone.reichstag.nullified and gone.reichstag.in_force(1621) is None
    out = run_diplomatic_phase(setup, gone, {"FRANCE": ["2: LOR"]}, year=1621)
    assert out.results[0].result == SUCCEEDS
    assert "nullified: Austria is eliminated" in out.report
    with pytest.raises(IllegalOrderError, match="no Austria"):
        hold_reichstag(setup, gone.reichstag, 1622, RESTRICT_ATTACKS, {}, eliminated=["AUSTRIA"])


# --- the decrees in a Diplomatic Phase ---------------------------------------------------------


def with_decree(setup, agenda, year=1620):
    voters = {p: True for p in ALL_FOR if p != agenda.power}
    state = start_state(setup)
    passed, _ = hold_reichstag(setup, state.reichstag, year, agenda, voters)
    return DiplomaticState(state.influence, state.declarations, passed)


def test_restrict_foreign_involvement_stops_deposits_next_year(setup):
    # '3- Restrict foreign involvement: This would restrict a foreign power ... from depositing
    # INFs to a selected German or Italian state in the HRE.' Voted in 1620, in effect 1621.
    state = with_decree(setup, FRANCE_OUT_OF_LOR)
    same_year = run_diplomatic_phase(setup, state, {"FRANCE": ["2: LOR"]}, year=1620)
    assert same_year.results[0].result == SUCCEEDS  # not yet in effect
    out = run_diplomatic_phase(setup, state, {"FRANCE": ["2: LOR", "2: HES"], "SPAIN": ["2: LOR"]}, year=1621)
    assert [(r.power, r.order, r.result) for r in out.results] == [
        ("SPAIN", "2: LOR", SUCCEEDS),
        ("FRANCE", "2: LOR", INVALID),
        ("FRANCE", "2: HES", SUCCEEDS),
    ]
    assert "the Reichstag of 1620 decreed: FRANCE may deposit no INFs to LOR" in out.results[1].reason
    assert "in force: FRANCE may deposit no INFs to LOR" in out.report
    # 'The referee also reports the results of a Reichstag (if one is held)'.
    assert "Reichstag 1620 (3 - Restrict foreign involvement): FRANCE may deposit no INFs to LOR." in out.report


def test_imperial_ban_on_deposits(setup):
    # '2- Imperial Ban: Specifically prevents one selected German or Italian power ... from
    # depositing INFs to a selected state in the HRE.'
    state = with_decree(setup, BAN_UNION_FROM_HES)
    out = run_diplomatic_phase(setup, state, {"UNION": ["2: HES", "2: STR"]}, year=1621)
    assert [r.result for r in out.results] == [INVALID, SUCCEEDS]


def test_imperial_ban_on_attacks(setup):
    # '2- Imperial Ban: Specifically prevents one selected German or Italian power ... from
    # performing diplomatic attacks against any other German/Italian power'. A non-German
    # target stays open to the banned power.
    state = with_decree(setup, BAN_UNION_ATTACKS)
    out = run_diplomatic_phase(setup, state, {"UNION": ["1: COL", "COL > LEAGUE"]}, year=1621)
    assert out.results[1].result == INVALID and "Imperial Ban" in out.results[1].reason
    out = run_diplomatic_phase(setup, state, {"UNION": ["1: LOR", "LOR > FRANCE"]}, year=1621)
    assert out.results[1].result == SUCCEEDS
    # Another German power is not banned.
    out = run_diplomatic_phase(setup, state, {"SAXONY": ["1: COL", "COL > LEAGUE"]}, year=1621)
    assert out.results[1].result == SUCCEEDS


def test_restrict_attacks_among_the_empire(setup):
    # '1- Restrict diplomatic attacks in the HRE: This would prevent any German/Italian state
    # from submitting a diplomatic attack against another member of the HRE.'
    state = with_decree(setup, RESTRICT_ATTACKS)
    out = run_diplomatic_phase(
        setup,
        state,
        {"UNION": ["1: COL", "COL > LEAGUE"], "LEAGUE": ["1: LOR", "LOR > FRANCE"], "FRANCE": ["1: COL", "COL > LEAGUE"]},
        year=1621,
    )
    verdict = {(r.power, r.order): r.result for r in out.results}
    assert verdict[("UNION", "COL > LEAGUE")] == INVALID  # German on German
    assert verdict[("LEAGUE", "LOR > FRANCE")] == SUCCEEDS  # against a foreign power
    assert verdict[("FRANCE", "COL > LEAGUE")] == SUCCEEDS  # by a foreign power


def test_state_round_trips_through_json(setup):
    state, _ = hold_reichstag(setup, ReichstagState(), 1620, BAN_UNION_FROM_HES, {"AUSTRIA": True, "LEAGUE": True, "SAXONY": True})
    text = json.dumps(state.to_json(), sort_keys=True)
    assert ReichstagState.from_json(json.loads(text)) == state


def test_the_pages_name_the_reichstags_powers_and_state():
    """1619 rulebook, 'Reichstag': 'The referee also reports the results of a Reichstag (if one is
    held)'; '3- Restrict foreign involvement: This would restrict a foreign power ... from
    depositing INFs to a selected German or Italian state in the HRE'. QA finding: the Orders
    Phase's Reichstag section and the Diplomatic Phase's Reichstag decree said "FRANCE may
    deposit no INFs to HES. For: AUSTRIA, LEAGUE, SAVOY", codes a player cannot read; the pages
    now name the powers and give the state by code and name. The record keeps the codes (the
    Diplomatic Phase's recorded report says them)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1619.adapter import setup_from_variant
    from gm_tools.systems.europe1619.report import sections

    variant = load_variant("europe1619")
    votes = {"AUSTRIA": True, "LEAGUE": True, "SAVOY": True, "SAXONY": None, "UNION": False}
    state, meeting = hold_reichstag(setup_from_variant(variant), ReichstagState(), 1619,
                                    Agenda(rt.RESTRICT_FOREIGN, power="FRANCE", minor="HES"), votes)
    assert "FRANCE may deposit no INFs to HES" in meeting.describe()  # the recorded words stay
    extra = {"europe1619": {"reichstag": state.to_json()}}
    held = dict(sections(variant, {"phase": "Y1619M", "after": {"extra": extra},
                                   "extra": {"europe1619": {"reichstag": {}}, "outcome": {}}}))["Reichstag"]
    assert held == ("Reichstag 1619 (3 - Restrict foreign involvement): France may deposit no INFs to HES (Hesse). "
                    "For: Austria, Catholic League and Bavaria, Duchy of Savoy; against or no vote: Electorate of "
                    "Saxony, Protestant Union and the Palatinate. Passed; in effect from 1620.")
    outcome = {"diplomatic": {"year": 1620, "statuses": {}, "attacks": [], "unused": {}, "took_effect": [], "declared": []}}
    page = dict(sections(variant, {"phase": "Y1620D", "before": {"extra": extra}, "extra": {"outcome": outcome}}))
    assert page["Reichstag decree"] == "In force from 1620: France may deposit no INFs to HES (Hesse)."
    ban = Agenda(rt.IMPERIAL_BAN, power="UNION", ban=rt.BAN_DEPOSITS, minor="STR")
    from gm_tools.systems.europe1619.recordwords import agenda

    assert agenda(variant, ban) == "Imperial Ban: Protestant Union and the Palatinate may deposit no INFs to STR (Strasbourg)"


def test_an_imperial_ban_is_named_once_in_the_meetings_sentence():
    """1619 rulebook, 'Reichstag', agenda '2- Imperial Ban: Specifically prevents one selected
    German or Italian power ... from depositing INFs to a selected state in the HRE'. QA finding:
    the Orders Phase's page said "Reichstag 1620 (2 - Imperial Ban): Imperial Ban: ..."; the
    agenda is named once. The recorded report's words stay."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1619.adapter import setup_from_variant
    from gm_tools.systems.europe1619.recordwords import meeting as said

    variant = load_variant("europe1619")
    votes = {"AUSTRIA": True, "LEAGUE": True, "SAVOY": True, "SAXONY": True}
    _, held = hold_reichstag(setup_from_variant(variant), ReichstagState(), 1620, BAN_UNION_FROM_HES, votes)
    assert said(variant, held).startswith("Reichstag 1620 (2 - Imperial Ban): Protestant Union and the Palatinate "
                                          "may deposit no INFs to HES (Hesse). For: Austria,")
    assert "(2 - Imperial Ban): Imperial Ban: UNION may deposit no INFs to HES" in held.describe()
