"""Europe 1615 (version 2): the Political and Religious Influence Phase (issue 13 items 3 to 5).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE', 'How The
Minor States Are Marked After The Diplomatic Attack Phase' and 'How The Minor States Are Marked
With Regard To Religious Influence'. The tables are the reconstructed ones of
``variants/europe1615v2/tables.toml``.
"""

from __future__ import annotations

import random

from gm_tools.edges.variants import load_variant
from gm_tools.systems.europe1615v2 import politics
from gm_tools.systems.europe1615v2.politics import Attack, Placement
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.state import State

VARIANT = load_variant("europe1615v2")
SETUP = setup_of(VARIANT)
START = dict(VARIANT.start_centers)


def state(influence=None, boxes=None) -> State:
    return State(influence={m: dict(r) for m, r in (influence or {}).items()},
                 boxes={b: dict(r) for b, r in (boxes or {}).items()})


# --- the year's INFs --------------------------------------------------------------------------


def test_first_year_infs_come_from_the_allocation_table():
    """'At the start of the game, year 1615, each power receives a number of influence factors
    (INF) to use for influencing the minor states' ('Table of INF Allocation per Year')."""
    assert politics.yearly_infs(SETUP, 1615, START) == SETUP.allocation[1615]


def test_three_infs_per_center_gained_beyond_home_or_lost():
    """'3 points are deducted for each supply center lost or 3 points are added for each supply
    center gained beyond home centers'."""
    centers = dict(START)
    centers["SAX"] = "AUSTRIA"          # gained beyond home
    centers["RHI"] = "AUSTRIA"
    centers["TOU"] = "SPAIN"            # France loses a home center, Spain gains one
    infs = politics.yearly_infs(SETUP, 1616, centers)
    base = SETUP.year_allocation(1616)
    assert infs["AUSTRIA"] == base["AUSTRIA"] + 6
    assert infs["FRANCE"] == base["FRANCE"] - 3
    assert infs["SPAIN"] == base["SPAIN"] + 3
    assert infs["ENGLAND"] == base["ENGLAND"]


def test_unused_infs_wait_in_the_home_box_and_accumulate():
    """'Any unused INFs are placed in the power's home box for later use ... Points placed in
    the home box may be re-deployed in following years.'"""
    s = politics.receive(SETUP, state(), 1615, START)
    s = politics.place(SETUP, s, [Placement("FRANCE", 5, "LOR")])
    assert s.reserve("FRANCE") == SETUP.allocation[1615]["FRANCE"] - 5
    s = politics.receive(SETUP, s, 1616, START)
    assert s.reserve("FRANCE") == 2 * SETUP.allocation[1615]["FRANCE"] - 5
    assert s.influence["LOR"] == {"FRANCE": 5}


def test_placements_checked():
    """'A power can place any amount' of what it has; 'a power may place INFs in another power's
    home box'; 'The Barbary States (FEZ, ALG, TUN) ... cannot be influenced'; a DOMINION takes
    INFs only from its owner ('the owning power is exclusively allowed to place INFs')."""
    s = politics.receive(SETUP, state(), 1615, START)
    s.dominion["SAX"], s.occupied["SAX"] = "AUSTRIA", 1614
    have = s.reserve("ENGLAND")
    orders = [Placement("ENGLAND", 5, "FRANCE"), Placement("ENGLAND", 2, "FEZ"), Placement("ENGLAND", 2, "SAX"),
              Placement("AUSTRIA", 3, "SAX"), Placement("ENGLAND", 1, "ENGLAND"),
              Placement("ENGLAND", have - 4, "IRE")]
    refused = politics.check_placements(SETUP, s, orders, 1615)
    assert sorted(refused) == [1, 2, 4, 5]
    assert "cannot be influenced" in refused[1]
    assert "DOMINION of AUSTRIA" in refused[2]
    assert "own home box" in refused[4]
    assert f"has {have} in its home box" in refused[5]


def test_placed_infs_never_move():
    """'those points already deployed cannot be moved': a placement takes INFs from the home
    box only, never from a minor state."""
    s = politics.receive(SETUP, state(influence={"SAX": {"AUSTRIA": 9}}), 1616, START)
    s.boxes["AUSTRIA"]["AUSTRIA"] = 0
    refused = politics.check_placements(SETUP, s, [Placement("AUSTRIA", SETUP.year_allocation(1616)["AUSTRIA"] + 1,
                                                             "RHI")], 1616)
    assert refused and "home box" in refused[0]


# --- statuses ---------------------------------------------------------------------------------


def status(infs: dict[str, int], minor: str = "SAX"):
    return politics.statuses(SETUP, state(influence={minor: infs}))[minor]


def test_political_status_thresholds():
    """INDEPENDENT 'if there are 4 or less total INFs present'; NEUTRAL 'if no single major
    power holds 2/3 or more'; ALIGNED with '2/3 or more ... and has invested minimally 5 INFs,
    and only if the major power can garner VPs for having the 2/3 majority'."""
    assert status({"AUSTRIA": 4}).political == politics.INDEPENDENT
    assert (status({"AUSTRIA": 10, "DENMARK": 5}).political, status({"AUSTRIA": 10, "DENMARK": 5}).power) == \
        (politics.ALIGNED, "AUSTRIA")                               # exactly 2/3
    assert status({"AUSTRIA": 9, "DENMARK": 5}).political == politics.NEUTRAL   # under 2/3
    assert SETUP.objective("SAX", "FRANCE").political == 0
    assert status({"FRANCE": 12}).political == politics.NEUTRAL     # France garners no VPs in Saxony
    # 5 INFs at least: a lone power with 4 of 5 total
    assert status({"AUSTRIA": 4, "DENMARK": 1}).political == politics.NEUTRAL


def test_religious_status_thresholds():
    """UNAFFECTED 'if there are less than 10 INFs present'; DUALITY 'if no single religious
    faction holds 2/3 or more'; CONTROLLED with 2/3 'and a minimum of 10 INFs are present for
    that faction'; 'The combined INFs remaining for England and Sweden/Denmark represent ... the
    Protestant factions ... Austria, France and Spain represent ... the Catholic factions'."""
    assert status({"AUSTRIA": 9}).religious == politics.UNAFFECTED
    both = status({"ENGLAND": 6, "DENMARK": 5, "FRANCE": 4})
    assert (both.religious, both.confession) == (politics.CONTROLLED, "protestant")
    assert status({"ENGLAND": 6, "FRANCE": 4, "SPAIN": 2}).religious == politics.DUALITY
    short = status({"ENGLAND": 8, "FRANCE": 4})    # 2/3 but only 8 Protestant INFs
    assert short.religious == politics.DUALITY


def test_the_closing_example_on_the_reconstructed_tables():
    """The rulebook's closing example: 'Ireland, Mecklenburg, Brandenburg, and Westphalia are all
    aligned with England and all Protestant controlled. Svebia (Swabia), Saxony, and Prussia are
    all aligned with Denmark/Sweden, but only Svebia is Protestant controlled. The United
    Netherlands is aligned with Spain; and Venice, Lower Saxony, Bosnia, and Transylvania are
    aligned with Austria. Additionally, Transylvania is Catholic controlled. The neutral states
    are the Rhineland (dual religious status), Lorraine, and Savoy (both Lorraine and Savoy are
    Catholic controlled). Remaining minors states are marked as independents.'"""
    placed = {
        "IRE": {"ENGLAND": 10}, "MEC": {"ENGLAND": 10}, "BRA": {"ENGLAND": 12}, "WES": {"ENGLAND": 10},
        "SWA": {"DENMARK": 10}, "SAX": {"DENMARK": 6, "AUSTRIA": 2}, "PRU": {"DENMARK": 6},
        "DUT": {"SPAIN": 6}, "VEN": {"AUSTRIA": 5}, "LSA": {"AUSTRIA": 6}, "BOS": {"AUSTRIA": 5},
        "TRA": {"AUSTRIA": 10},
        "RHI": {"AUSTRIA": 5, "FRANCE": 2, "ENGLAND": 5}, "LOR": {"FRANCE": 6, "SPAIN": 5, "DENMARK": 2},
        "SAV": {"FRANCE": 6, "SPAIN": 6},
        "POR": {"SPAIN": 3}, "BAV": {"AUSTRIA": 2},
    }
    table = politics.statuses(SETUP, state(influence=placed))
    aligned = {m: s.power for m, s in table.items() if s.political == politics.ALIGNED}
    assert aligned == {"IRE": "ENGLAND", "MEC": "ENGLAND", "BRA": "ENGLAND", "WES": "ENGLAND",
                       "SWA": "DENMARK", "SAX": "DENMARK", "PRU": "DENMARK", "DUT": "SPAIN",
                       "VEN": "AUSTRIA", "LSA": "AUSTRIA", "BOS": "AUSTRIA", "TRA": "AUSTRIA"}
    controlled = {m: s.confession for m, s in table.items() if s.religious == politics.CONTROLLED}
    assert controlled == {"IRE": "protestant", "MEC": "protestant", "BRA": "protestant", "WES": "protestant",
                          "SWA": "protestant", "TRA": "catholic", "LOR": "catholic", "SAV": "catholic"}
    neutral = {m for m, s in table.items() if s.political == politics.NEUTRAL}
    assert neutral == {"RHI", "LOR", "SAV"}
    assert table["RHI"].religious == politics.DUALITY
    assert all(s.political == politics.INDEPENDENT for m, s in table.items()
               if m not in set(aligned) | neutral)


# --- diplomatic attacks -----------------------------------------------------------------------


def test_no_attacks_in_1615_and_none_when_the_option_is_off():
    """'Diplomatic attacks commence in the second year (1616) of gameplay. No diplomatic attacks
    are performed in the first year'; 'the diplomatic attacks and immunity are optional
    components'."""
    s = state(influence={"SAX": {"AUSTRIA": 5, "DENMARK": 5}})
    a = [Attack("AUSTRIA", "SAX", "DENMARK")]
    assert "1616" in politics.check_attacks(SETUP, s, a, 1615, True)[0]
    assert "without diplomatic attacks" in politics.check_attacks(SETUP, s, a, 1616, False)[0]
    assert politics.check_attacks(SETUP, s, a, 1616, True) == {}


def test_alternates_each_power_submits():
    """'the French player must submit an alternative order ... The English player must submit 2
    alternative orders ... Denmark must submit 3 ... and Austria must submit 4. Since Spain goes
    first in the national order ..., there is no need for Spain to submit alternate orders.'"""
    assert [SETUP.alternates(p) for p in ("SPAIN", "FRANCE", "ENGLAND", "DENMARK", "AUSTRIA")] == [0, 1, 2, 3, 4]
    s = state(influence={"SAX": {"AUSTRIA": 5, "SPAIN": 5, "DENMARK": 5}})
    refused = politics.check_attacks(SETUP, s, [Attack("SPAIN", "SAX", "DENMARK", 1),
                                                Attack("AUSTRIA", "SAX", "DENMARK", 4)], 1616, True)
    assert list(refused) == [0] and "no alternative" in refused[0]


def test_one_attack_a_phase_each_alternate_once():
    """'Each player may choose to conduct a diplomatic attack only once per phase against INFs of
    another power in one minor state': a second first order of the same power is refused (its
    alternates are the only other orders it may give, each once), whatever its state or target."""
    s = state(influence={"SAX": {"FRANCE": 5, "DENMARK": 5}, "RHI": {"FRANCE": 4, "ENGLAND": 4, "AUSTRIA": 3}})
    attacks = [Attack("FRANCE", "SAX", "DENMARK", 0), Attack("FRANCE", "RHI", "ENGLAND", 0),
               Attack("FRANCE", "RHI", "ENGLAND", 1), Attack("FRANCE", "SAX", "DENMARK", 1)]
    refused = politics.check_attacks(SETUP, s, attacks, 1616, True)
    # QA: the refusal says how the orders are numbered ('The French player must submit an
    # alternative order'), so the GM knows what to write in place of the second
    numbered = ": its orders are numbered 0 for the first, 1 for its alternate"
    assert refused == {1: "a second order 0 for FRANCE" + numbered, 3: "a second order 1 for FRANCE" + numbered}
    austria = politics.check_attacks(SETUP, s, [Attack("AUSTRIA", "RHI", "FRANCE", 0)] * 2, 1616, True)
    assert austria == {1: "a second order 0 for AUSTRIA: its orders are numbered 0 for the first, 1 to 4 for its "
                          "alternates, each once"}


def test_national_order_and_an_alternate_used_when_the_first_order_lost_its_infs():
    """'The national order of attacks is as follows: Spain, France, England, Denmark/Sweden, and
    Austria'; 'the French player must submit an alternative order if the first ordered attack is
    unable to be performed due to lost INFs from a Spanish attack'. Spain attacks France at 5:1
    (no roll, 'defending INFs are removed'), so France's first order (in SAX) cannot be made and
    its alternate (in RHI) is."""
    s = state(influence={"SAX": {"SPAIN": 10, "FRANCE": 2, "DENMARK": 3}, "RHI": {"FRANCE": 4, "ENGLAND": 4}})
    attacks = [Attack("FRANCE", "SAX", "DENMARK", 0), Attack("FRANCE", "RHI", "ENGLAND", 1),
               Attack("SPAIN", "SAX", "FRANCE", 0)]
    after, report = politics.resolve_attacks(SETUP, s, attacks, random.Random(3))
    assert [(r["power"], r["choice"], r["performed"]) for r in report] == [
        ("SPAIN", 0, True), ("FRANCE", 0, False), ("FRANCE", 1, True)]
    assert report[0]["roll"] is None and "FRANCE" not in after.influence["SAX"]
    assert "FRANCE has no INFs in SAX" in report[1]["why"]


def test_attack_rolls_come_from_the_games_seed_and_replay():
    """'Diplomatic attacks are determined by a random throw of 3 six-sided dice': the dice are
    thrown from the game's recorded seed, so the phase replays the same rolls."""
    s = state(influence={"SAX": {"AUSTRIA": 6, "DENMARK": 5}})
    a = [Attack("AUSTRIA", "SAX", "DENMARK")]
    one = politics.resolve_attacks(SETUP, s, a, politics.attack_rng(1616, "1234"))[1]
    two = politics.resolve_attacks(SETUP, s, a, politics.attack_rng(1616, "1234"))[1]
    assert one == two and 3 <= one[0]["roll"] <= 18 and one[0]["column"] == "1:1"
    rolls = {politics.resolve_attacks(SETUP, s, a, politics.attack_rng(1616, str(seed)))[1][0]["roll"]
             for seed in range(30)}
    assert len(rolls) > 3


def test_immunity_from_five_infs_in_a_home_box_and_how_it_is_lost():
    """'if 5 or more INFs of one power have been placed in another's home box, the power has
    earned diplomatic immunity ... protected from diplomatic attacks from the power where INFs
    have been placed. To negate the effect of diplomatic immunity, the affected power must
    eliminate or reduce the number of INFs of the opposing power to less than 5 with diplomatic
    attacks.'"""
    s = state(influence={"SAX": {"AUSTRIA": 6, "DENMARK": 5}},
              boxes={"AUSTRIA": {"AUSTRIA": 30, "DENMARK": 5}})
    refused = politics.check_attacks(SETUP, s, [Attack("AUSTRIA", "SAX", "DENMARK")], 1616, True)
    assert "diplomatic immunity" in refused[0]
    # Austria attacks Denmark's INFs in its own home box: allowed, and at 6:1 they are removed
    assert politics.check_attacks(SETUP, s, [Attack("AUSTRIA", "AUSTRIA", "DENMARK")], 1616, True) == {}
    after, report = politics.resolve_attacks(SETUP, s, [Attack("AUSTRIA", "AUSTRIA", "DENMARK")], random.Random(0))
    assert report[0]["defender_loss"] == 5 and not politics.immune(SETUP, after, "DENMARK", "AUSTRIA")
    assert politics.immune(SETUP, s, "DENMARK", "AUSTRIA")
    four = state(boxes={"AUSTRIA": {"DENMARK": 4}})
    assert not politics.immune(SETUP, four, "DENMARK", "AUSTRIA")


def test_only_the_box_owner_attacks_in_a_home_box():
    # 001_6f4a9c76b6e5774a.txt, section 3: "Each player submits an order to perform a diplomatic
    # attack, which indicates the name of minor state and the target of the attack"; the one attack
    # in a home box the text gives is the immunity clause's: "To negate the effect of diplomatic
    # immunity, the affected power must eliminate or reduce the number of INFs of the opposing
    # power to less than 5 with diplomatic attacks." England cannot attack France's INFs in Spain's
    # home box; Spain can, with the INFs it keeps there.
    s = state(boxes={"SPAIN": {"SPAIN": 10, "ENGLAND": 6, "FRANCE": 3}})
    third = [Attack("ENGLAND", "SPAIN", "FRANCE")]
    refused = politics.check_attacks(SETUP, s, third, 1616, True)
    assert list(refused) == [0] and "attacked only by SPAIN" in refused[0]
    after, report = politics.resolve_attacks(SETUP, s, third, random.Random(1))
    assert not report[0]["performed"] and after.boxes == s.boxes
    assert politics.check_attacks(SETUP, s, [Attack("SPAIN", "SPAIN", "FRANCE")], 1616, True) == {}


def test_the_diplomatic_attacks_phase_is_passed_over_in_1615_and_without_the_option():
    # 001_6f4a9c76b6e5774a.txt, section 3: "Diplomatic attacks commence in the second year (1616)
    # of gameplay. No diplomatic attacks are performed in the first year"; "the diplomatic attacks
    # and immunity are optional components and its inclusion should be decided prior to the start
    # of the game". The engine passes the Diplomatic Attacks phase over then: P1616I is followed by
    # T1616T, with nothing to enter.
    from dataclasses import replace

    from gm_tools.engine.model import Position
    from gm_tools.engine.rules import rules_for
    from gm_tools.engine.runner import run_phase

    rules = rules_for(VARIANT)
    board = Position("P1615I", {u.province: u for u in VARIANT.start_units}, dict(START))
    assert rules.skips_phase(VARIANT, board, "P1615D") and not rules.skips_phase(VARIANT, board, "P1616D")
    assert run_phase(VARIANT, board, {}, rules).position.phase == "T1615T"
    calm = replace(VARIANT, options={**VARIANT.options, "diplomatic_attacks": False})
    later = Position("P1616I", board.units, board.centers)
    assert run_phase(calm, later, {}, rules_for(calm)).position.phase == "T1616T"
    assert run_phase(VARIANT, later, {}, rules).position.phase == "P1616D"


def test_a_dominion_is_closed_to_other_powers_placements_but_not_to_their_attacks():
    # 001_6f4a9c76b6e5774a.txt, 'Consequences Of When A Major Power Attacks And Occupies A Minor
    # State': "The minor state is now considered the DOMINION of the occupying power. Diplomatic
    # attacks are still allowed by all powers, but the owning power is exclusively allowed to place
    # INFs in the state." Saxony became Denmark/Sweden's DOMINION at the 1616 build phase: in 1617
    # England may not place INFs there, yet England (and Denmark/Sweden itself) may attack Austria's.
    s = politics.receive(SETUP, state(influence={"SAX": {"AUSTRIA": 6, "ENGLAND": 3, "DENMARK": 2}}), 1617, START)
    s.dominion["SAX"], s.occupied["SAX"] = "DENMARK", 1616
    refused = politics.check_placements(SETUP, s, [Placement("ENGLAND", 2, "SAX"), Placement("DENMARK", 2, "SAX")],
                                        1617)
    assert list(refused) == [0] and "DOMINION of DENMARK" in refused[0]
    attacks = [Attack("ENGLAND", "SAX", "AUSTRIA"), Attack("DENMARK", "SAX", "AUSTRIA")]
    assert politics.check_attacks(SETUP, s, attacks, 1617, True) == {}
    after, report = politics.resolve_attacks(SETUP, s, attacks, random.Random(5))
    assert [(r["power"], r["performed"]) for r in report] == [("ENGLAND", True), ("DENMARK", True)]
