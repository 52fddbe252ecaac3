"""Europe 1615 sanctions whose behaviour no test exercised before (only the data-shape test
``test_each_sanctions_data_says_what_its_paragraph_says`` named them): Kejserkrigen, the Dutch
intervention, the Catholic League, the Bohemian revolt, Protestant immunity, the
Anti-Hapsburg campaign's cancellation, and 'The rules stated in the sanction supersedes the
general rules discussed above, except the counterbalances'. Played through the real pipeline
(:mod:`europe1615_play`).

Rulebook: ``000_cc215928c2f3193e.txt``, 'SANCTIONS AND THE PRE-GENERATED TIMELINE' and
'Description of sanctions/modifiers'.
"""

from __future__ import annotations

import pytest

from europe1615_play import RULES, SETUP, VARIANT, board, opening, play, unit_at
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.systems.europe1615.deployment import check_entries
from gm_tools.systems.europe1615.phases import settle
from gm_tools.systems.europe1615.state import state_of, with_state

KETZENHAMMER = {c: "DENMARK" for c in ("MAD", "ANDL", "NAP", "PAR", "NOR", "VIE")}
"""Six Catholic home centers in Danish hands: the Protestants' INFs twice the Catholics'."""


def with_sanctions(position, *keys, year=1616):
    """``position`` with these sanctions in effect (the others due long after), settled as after
    a phase: the special units given their strength, the counterbalance worked out."""
    state = state_of(position)
    state.timeline = tuple((k, f"S{year if k in keys else 1640}M") for k in SETUP.sanctions)
    state.sanctions_on = {k: year for k in keys}
    position = with_state(position, state)
    return settle(VARIANT, position, before=position)[0]


def refusals(position, *entries):
    return check_entries(SETUP, state_of(position), position, list(entries))


def marked(position, **markers):
    state = state_of(position)
    state.influence.markers.update(markers)
    return with_state(position, state)


@pytest.mark.parametrize("key, minors, allowed, barred", [
    # 'Kejserkrigen': "Only the Protestant powers may deploy INFs to Lower Saxony."
    ("kejserkrigen", ("LOWR",), "DENMARK", "AUSTRIA"),
    # 'Dutch intervention': "Only the Protestant powers are allowed to deploy INFs to the Dutch provinces."
    ("dutch_intervention", ("DUT",), "ENGLAND", "SPAIN"),
    # 'Catholic League': "Deployment of INFs to Bavaria (BAV), Westphalia (WES), and Franconia
    # (FRA) is solely permitted to the Catholic powers."
    ("catholic_league", ("BAV", "WES", "FRA"), "FRANCE", "ENGLAND"),
])
def test_a_sanction_keeps_its_states_to_one_confessions_powers(key, minors, allowed, barred):
    """000_cc215928c2f3193e.txt, each sanction's paragraph as quoted beside its row; before the
    sanction the barred power deploys there like any other."""
    before = board({})
    for minor in minors:
        assert refusals(before, Placement(barred, 2, minor, f"2: {minor}")) == {}, minor
    on = with_sanctions(board({}), key)
    for minor in minors:
        found = refusals(on, Placement(barred, 2, minor, f"2: {minor}"), Placement(allowed, 2, minor, f"2: {minor}"))
        assert list(found) == [0] and "solely permitted" in found[0], minor


def _dislodged_in_spring(units: dict[str, str], influence: dict, attack: dict, *keys: str):
    start = with_sanctions(board(units, phase="S1617M", influence=influence), *keys)
    done, _ = play(start, attack)
    return start, done.after


def test_the_dutch_intervention_lets_dutch_units_retreat_and_strengthens_a_new_army():
    """000_cc215928c2f3193e.txt, 'Dutch intervention': "All Dutch units gain the ability to
    retreat. If the Dutch have a newly acquired contingent/unit (D), this unit can move, attack,
    defend, or support with the strength of two units." 'Retreats': "If the minor state's army
    is dislodged, it is then disbanded (no retreats are allowed for units of the minor states).
    However, see SANCTION regarding retreats for some states" - 'The rules stated in the
    sanction supersedes the general rules discussed above'. Holland's army, aligned with
    England, is dislodged by Spain: with the sanction it retreats on England's order, without
    it it is gone."""
    units = {"HLD": "A DUT", "FLA": "A SPAIN", "BRB": "A SPAIN"}
    influence = {"DUT": {"ENGLAND": 5}}
    attack = {"SPAIN": ["A FLA - HLD", "A BRB S A FLA - HLD"]}
    start, retreat = _dislodged_in_spring(units, influence, attack, "dutch_intervention")
    assert start.units["HLD"].strength == 1  # the army it had before is not 'newly acquired'
    assert retreat.phase == "S1617R" and "HLD" in retreat.dislodged
    done, _ = play(retreat, {"ENGLAND": ["A HLD R FRI"]})
    assert unit_at(done.after, "FRI") == "A DUT"
    _, plain = _dislodged_in_spring(units, influence, attack)
    assert plain.phase != "S1617R" and not any(u.power == "DUT" for u in plain.units.values())
    # A Dutch army built while the sanction is on: the D, of strength two.
    winter = with_sanctions(board({"FRI": "A DUT"}, phase="W1616A"), "dutch_intervention")
    built = winter.copy()
    built.units["HLD"] = built.units["FRI"].__class__("DUT", "A", "HLD", 1)
    after, _ = settle(VARIANT, built, before=winter)
    assert {p: u.strength for p, u in after.units.items() if u.power == "DUT"} == {"HLD": 2, "FRI": 1}
    assert RULES.unit_marks(VARIANT, after) == {"HLD": "D"}


def test_the_catholic_league_gives_bavaria_its_b_army_and_retreats():
    """000_cc215928c2f3193e.txt, 'Catholic League': "BAV units may retreat. The BAV unit (B) can
    move, attack, defend, or support with the strength of two units." Bavaria's army, aligned
    with Austria, holds against two Danish armies (strength two against two) and, dislodged by
    three, retreats on Austria's order."""
    units = {"BAV": "A BAV", "WUR": "A DENMARK", "TYR": "A DENMARK", "UPA": "A DENMARK"}
    influence = {"BAV": {"AUSTRIA": 5}}
    start = with_sanctions(board(units, phase="S1617M", influence=influence), "catholic_league")
    assert start.units["BAV"].strength == 2 and RULES.unit_marks(VARIANT, start) == {"BAV": "B"}
    done, _ = play(start, {"DENMARK": ["A WUR - BAV", "A TYR S A WUR - BAV"]})
    assert unit_at(done.after, "BAV") == "A BAV"
    done, _ = play(start, {"DENMARK": ["A WUR - BAV", "A TYR S A WUR - BAV", "A UPA S A WUR - BAV"]})
    assert done.after.phase == "S1617R" and "BAV" in done.after.dislodged
    retreated, _ = play(done.after, {"AUSTRIA": ["A BAV R BOH"]})
    assert unit_at(retreated.after, "BOH") == "A BAV"
    plain = board(units, phase="S1617M", influence=influence)
    done, _ = play(plain, {"DENMARK": ["A WUR - BAV", "A TYR S A WUR - BAV"]})
    assert unit_at(done.after, "BAV") == "A DENMARK"  # without it, one army's strength


def test_the_bohemian_revolt_and_its_cancellation_by_ketzenhammer():
    """000_cc215928c2f3193e.txt, 'Bohemian revolt': "Austria cannot build in BOH. Austria
    restricted from deploying INFs to Protestant-majority states or newly formed
    Protestant-majority states. This modifier is not available or cancels when ketzenhammer
    comes in to effect. Diplomatic attacks are still allowed.\""""
    centers = dict(opening().centers, BOH="AUSTRIA")
    winter = with_sanctions(board({}, centers=centers, phase="W1616A"), "bohemian_revolt")
    assert "BOH" not in RULES.build_sites(VARIANT, winter, "AUSTRIA")
    assert "BOH" in RULES.build_sites(VARIANT, board({}, centers=centers, phase="W1616A"), "AUSTRIA")
    spring = marked(with_sanctions(board({}, influence={"SAX": {"ENGLAND": 5, "AUSTRIA": 1}}), "bohemian_revolt"),
                    SAX="protestant")
    found = refusals(spring, Placement("AUSTRIA", 2, "SAX", "2: SAX"), Placement("SPAIN", 2, "SAX", "2: SAX"),
                     Attack("AUSTRIA", "SAX", "ENGLAND", "SAX > ENGLAND"))
    assert list(found) == [0] and "Bohemian revolt" in found[0]
    # Ketzenhammer: the revolt no longer bars Austria's build in Bohemia.
    centers.update(KETZENHAMMER)
    under = with_sanctions(board({}, centers=centers, phase="W1616A"), "bohemian_revolt")
    assert state_of(under).counterbalance == "ketzenhammer"
    assert "BOH" in RULES.build_sites(VARIANT, under, "AUSTRIA")


def test_protestant_immunity():
    """000_cc215928c2f3193e.txt, 'Protestant immunity': "Protestant powers immune to diplomatic
    attacks by Catholic powers." France cannot attack England or Denmark; England may still
    attack France, and France may attack Spain."""
    position = with_sanctions(board({}, influence={"LOR": {"FRANCE": 5, "ENGLAND": 4, "SPAIN": 2, "DENMARK": 1}}),
                              "protestant_immunity")
    found = refusals(position, Attack("FRANCE", "LOR", "ENGLAND", "LOR > ENGLAND"),
                     Attack("SPAIN", "LOR", "DENMARK", "LOR > DENMARK"),
                     Attack("ENGLAND", "LOR", "FRANCE", "LOR > FRANCE"),
                     Attack("DENMARK", "LOR", "SPAIN", "LOR > SPAIN"))
    assert sorted(found) == [0, 1] and all("immune" in why for why in found.values())
    assert refusals(position, Attack("FRANCE", "LOR", "SPAIN", "LOR > SPAIN")) == {}
    assert refusals(with_sanctions(board({}, influence={"LOR": {"FRANCE": 5, "ENGLAND": 4}})),
                    Attack("FRANCE", "LOR", "ENGLAND", "LOR > ENGLAND")) == {}  # not without it


def test_the_anti_hapsburg_campaign_cancels_under_ketzenhammer():
    """000_cc215928c2f3193e.txt, 'Anti-Hapsburg campaign': "Austria and Spain restricted from
    deploying INFs to DUT, TRA, RHI, LOWR, and SAV. This modifier is not available or cancels
    when ketzenhammer comes in to effect.\""""
    on = with_sanctions(board({}), "anti_hapsburg_campaign")
    found = refusals(on, Placement("SPAIN", 2, "SAV", "2: SAV"), Placement("AUSTRIA", 2, "TRA", "2: TRA"),
                     Placement("FRANCE", 2, "TRA", "2: TRA"))
    assert list(found) == [0, 1]
    under = with_sanctions(board({}, centers=dict(opening().centers, **KETZENHAMMER)), "anti_hapsburg_campaign")
    assert state_of(under).counterbalance == "ketzenhammer"
    assert refusals(under, Placement("SPAIN", 2, "SAV", "2: SAV"), Placement("AUSTRIA", 2, "TRA", "2: TRA")) == {}


def test_a_sanction_does_not_supersede_the_counterbalance():
    """000_cc215928c2f3193e.txt, 'SANCTIONS AND THE PRE-GENERATED TIMELINE': "The rules stated in
    the sanction supersedes the general rules discussed above, except the counterbalances."
    The Protestant Union permits deployment to the Rhineland to the Protestant powers alone
    ('solely permitted to the Protestant powers'); under ketzenhammer ("the Protestant powers
    cannot deploy INFs to Catholic-majority states") a Catholic-marked Rhineland is closed to
    England all the same: the counterbalance stands over the sanction. Without ketzenhammer
    England deploys there."""
    union = marked(with_sanctions(board({}), "protestant_union"), RHI="catholic")
    assert refusals(union, Placement("ENGLAND", 2, "RHI", "2: RHI")) == {}
    under = marked(with_sanctions(board({}, centers=dict(opening().centers, **KETZENHAMMER)), "protestant_union"),
                   RHI="catholic")
    assert state_of(under).counterbalance == "ketzenhammer"
    found = refusals(under, Placement("ENGLAND", 2, "RHI", "2: RHI"), Placement("SPAIN", 2, "RHI", "2: RHI"))
    assert "ketzenhammer" in found[0] and "solely permitted" in found[1]


def test_kejserkrigen_cancels_while_lower_saxony_is_captured_and_returns_on_liberation():
    """000_cc215928c2f3193e.txt, 'Kejserkrigen': "Lower Saxon army (K) moves, attacks, supports,
    and defends with the strength of two units ... If LOWR is captured, the modifier cancels,
    but may be voted on again should the Lower Saxons be liberated later in the game." Denmark
    takes Brunswick-Lunenburg, Lower Saxony's home center: the sanction is not in effect; given
    back, it is again, and Austria (Catholic) is refused its INFs there once more."""
    from gm_tools.systems.europe1615.sanctions import in_effect

    kejserkrigen = SETUP.sanctions["kejserkrigen"]
    home = SETUP.minors["LOWR"].home_center
    on = with_sanctions(board({"BRE": "A LOWR"}, phase="S1618M"), "kejserkrigen")
    assert on.units["BRE"].strength == 2 and RULES.unit_marks(VARIANT, on) == {"BRE": "K"}
    taken = on.copy()
    taken.centers[home] = "DENMARK"
    captured, _ = settle(VARIANT, taken, before=on)
    assert not in_effect(kejserkrigen, state_of(captured), SETUP, captured)
    assert captured.units["BRE"].strength == 1      # 'the modifier cancels'
    back = captured.copy()
    back.centers[home] = "LOWR"
    liberated, _ = settle(VARIANT, back, before=captured)
    assert in_effect(kejserkrigen, state_of(liberated), SETUP, liberated)
    assert "solely permitted" in refusals(liberated, Placement("AUSTRIA", 2, "LOWR", "2: LOWR"))[0]
