"""Europe 1619's own phases played by the engine (``Rules.play_phase``) on positions set up by
hand: the Scoring Phase's verdict, and a unit expelled at the Map Adjustment Phase retreating
at the Builds and Transactions Phase.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook"); quoted words are
its own. Center values from variants/europe1619/provinces.toml.
"""

from __future__ import annotations

from gm_tools.engine.runner import run_orders
from gm_tools.engine.hooks import InputRow
from gm_tools.engine.model import Unit
from gm_tools.app.turn import start_position
from gm_tools.systems.europe1619.sheets import HOOKS
from gm_tools.edges.variants import load_variant

VARIANT = load_variant("europe1619")
SPANISH_CENTERS = {"ANDL": 4, "FLA": 3, "MAD": 5, "MIL": 3, "NAP": 3}


def _at(phase: str, captured: dict[str, str] | None = None, units: list[Unit] = ()):
    position = start_position(VARIANT)
    position.phase = phase
    for unit in units:
        position.units[unit.province] = unit
    if captured:
        position.extra.setdefault("europe1619", {})["captured"] = captured
    return position


def test_25_points_win_at_the_scoring_phase():
    """1619 rulebook: 'First player to reach 25 points wins the game regardless of the year';
    item 1, captured foreign centers, '1 point for each point of value'. France holds Spain's
    five centers (18 points) and Austria's home centers."""
    austrian = {c: VARIANT.provinces[c].value for c in VARIANT.home_centers("AUSTRIA")}
    captured = {c: "FRANCE" for c in list(SPANISH_CENTERS) + list(austrian)}
    outcome = run_orders(VARIANT, _at("Y1625S", captured), [])
    france = outcome.extra["scoring"]["scores"]["FRANCE"]
    assert france["captured_centers"] == 18 + sum(austrian.values()) >= 25
    assert outcome.winner == "FRANCE" and outcome.extra["scoring"]["over"]
    # Spain's item 4: its home centers held by someone else count against it.
    assert outcome.extra["scoring"]["scores"]["SPAIN"]["lost_centers"] < 0


def test_a_lost_build_site_costs_what_a_domestic_province_costs():
    """1619 rulebook, initial units: 'Naples, Milan, and Flanders are build sites for Spain they
    are not considered home centers' (and Scotland for England); 'Scoring' item 5: a domestic
    province held by another power costs 1 point; item 4 (home centers, by value) is not for
    them. Sweden holds Naples (value 3) and France Scotland: Spain and England lose 1 each."""
    outcome = run_orders(VARIANT, _at("Y1625S", {"NAP": "SWEDEN", "SCO": "FRANCE"}), [])
    spain, england = (outcome.extra["scoring"]["scores"][p] for p in ("SPAIN", "ENGLAND"))
    assert (spain["lost_centers"], spain["lost_provinces"], spain["total"]) == (0, -1, -1)
    assert (england["lost_centers"], england["lost_provinces"], england["total"]) == (0, -1, -1)
    # Madrid is a home center: its loss costs its value (item 4).
    madrid = run_orders(VARIANT, _at("Y1625S", {"MAD": "FRANCE"}), []).extra["scoring"]["scores"]["SPAIN"]
    assert madrid["lost_centers"] == -SPANISH_CENTERS["MAD"]


def test_the_game_ends_at_the_scoring_phase_of_1648():
    """1619 rulebook: 'the game officially ends at the Scoring Phase of 1648, with highest
    scoring player taking victory'; the year before, the leader below 25 has not won."""
    captured = {"MAD": "FRANCE"}
    assert run_orders(VARIANT, _at("Y1647S", captured), []).winner is None
    outcome = run_orders(VARIANT, _at("Y1648S", captured), [])
    assert outcome.winner == "FRANCE" and outcome.extra["scoring"]["scores"]["FRANCE"]["total"] == 5


def test_a_tie_in_1648_names_no_winner():
    """1619 rulebook: 'In case of ties, players may agree to extend the game by one or more years
    to break the tie, or call a draw': the game goes on until the GM stops it."""
    # France takes Milan and Sweden Naples, 3 points each: tied at the top.
    outcome = run_orders(VARIANT, _at("Y1648S", {"MIL": "FRANCE", "NAP": "SWEDEN"}), [])
    scoring = outcome.extra["scoring"]
    assert (scoring["over"], scoring["tie"], scoring["winners"]) == (True, True, ["FRANCE", "SWEDEN"])
    assert outcome.winner is None and outcome.position.phase == "Y1649D"


def test_two_powers_tied_at_25_before_1648_leave_the_game_running():
    """1619 rulebook: 'First player to reach 25 points wins the game regardless of the year';
    'In case of ties, players may agree to extend the game by one or more years to break the
    tie, or call a draw'. In 1630 France holds Spain's five centers and Austria's two (25) and
    Sweden Poland's, Denmark's, the Dutch and Saxony's centers (25): no winner, and the next
    year's Diplomatic Phase follows (before 1648 the game goes on anyway)."""
    captured = {c: "FRANCE" for c in ("ANDL", "MAD", "NAP", "MIL", "FLA", "SLO", "VIE")}
    captured.update({c: "SWEDEN" for c in ("DAN", "WAR", "COP", "HOL", "FRI", "HLD", "SAX")})
    outcome = run_orders(VARIANT, _at("Y1630S", captured), [])
    scoring = outcome.extra["scoring"]
    assert {p: scoring["scores"][p]["total"] for p in ("FRANCE", "SWEDEN")} == {"FRANCE": 25, "SWEDEN": 25}
    assert (scoring["tie"], scoring["winners"]) == (True, ["FRANCE", "SWEDEN"])
    assert outcome.winner is None and outcome.position.phase == "Y1631D"


def test_an_expelled_bolstered_army_retreats_at_the_builds_phase():
    """1619 rulebook, 'Additional rules to observe' 4b: a unit in the province of a power it is
    at peace with must leave; 'Retreats': 'When a bolstered army unit is forced to retreat, it
    loses one unit of strength'. France's strength-3 army ends the Orders Phase in Spanish
    Franche-Comte (FRC) with no war between them."""
    army = Unit("FRANCE", "A", "FRC", 3)
    after_j = run_orders(VARIANT, _at("Y1619J", units=[army]), [])
    (waiting,) = after_j.position.extra["europe1619"]["expelled"]
    assert waiting["rule"] == "4b" and "BUR" in waiting["retreats"]
    assert "FRC" not in after_j.position.units and after_j.position.phase == "Y1619B"
    assert after_j.extra["map_adjustment"]["expelled"][0]["unit"] == "A FRC"

    position = after_j.position
    (retreats,) = [t for t in HOOKS.input_sheets(VARIANT, position) if t.title == "Retreats"]
    assert retreats.rows == [["FRANCE", "A FRC", ", ".join(waiting["retreats"]), None]]
    cells = {"Power": "Retreats!A2", "Unit": "Retreats!B2", "May go to": "Retreats!C2", "Retreat to": "Retreats!D2"}
    rows = {"Purchases": [], "Loans": [], "Retreats": [InputRow({"Unit": "A FRC", "Retreat to": "PAR"}, cells)]}
    _, problems = HOOKS.check_inputs(VARIANT, position, rows)
    assert [str(p) for p in problems] == [f"Retreats!D2: found 'PAR', expected one of {', '.join(waiting['retreats'])} (rule 4b)"]

    rows["Retreats"] = [InputRow({"Unit": "A FRC", "Retreat to": "Burgundy"}, cells)]
    inputs, problems = HOOKS.check_inputs(VARIANT, position, rows)
    assert problems == [] and inputs == {"retreats": {"FRC": "BUR"}}
    after_b = run_orders(VARIANT, position, [], inputs=inputs)
    assert after_b.position.units["BUR"] == Unit("FRANCE", "A", "BUR", 2)
    assert "expelled" not in after_b.position.extra.get("europe1619", {})
    assert after_b.results[0].order == "A FRC R BUR"


def test_an_expelled_bolstered_minor_army_retreats_on_the_retreats_sheet():
    """1619 rulebook, 'Additional rules to observe' 4b: 'the foreign unit must retreat, or
    disband if no valid retreat can be made' (rule 1's disbanding is for a minor unit 'if
    dislodged'); 'Retreats': a bolstered army retreats one strength weaker. Lorraine, aligned
    with France by the INITIAL SETUP ('FRANCE = { LOR = 1 }'), has a strength-3 army in
    Spanish Franche-Comte at peace with Spain; France names its retreat to Lorraine."""
    army = Unit("LOR", "A", "FRC", 3)
    position = _at("Y1619J", units=[army])
    del position.units["LOR"]  # Lorraine's own army is away: its home is free to retreat to
    after_j = run_orders(VARIANT, position, [])
    (waiting,) = after_j.position.extra["europe1619"]["expelled"]
    assert waiting["rule"] == "4b" and "LOR" in waiting["retreats"]
    (retreats,) = [t for t in HOOKS.input_sheets(VARIANT, after_j.position) if t.title == "Retreats"]
    assert retreats.rows == [["LOR", "A FRC", ", ".join(waiting["retreats"]), None]]
    cells = {"Power": "Retreats!A2", "Unit": "Retreats!B2", "May go to": "Retreats!C2", "Retreat to": "Retreats!D2"}
    rows = {"Purchases": [], "Loans": [], "Retreats": [InputRow({"Unit": "A FRC", "Retreat to": "LOR"}, cells)]}
    inputs, problems = HOOKS.check_inputs(VARIANT, after_j.position, rows)
    assert problems == [] and inputs == {"retreats": {"FRC": "LOR"}}
    after_b = run_orders(VARIANT, after_j.position, [], inputs=inputs)
    assert after_b.position.units["LOR"] == Unit("LOR", "A", "LOR", 2)
    assert after_b.results[0].order == "A FRC R LOR"


def test_an_expelled_army_without_a_retreat_order_is_disbanded():
    army = Unit("FRANCE", "A", "FRC", 3)
    position = run_orders(VARIANT, _at("Y1619J", units=[army]), []).position
    after_b = run_orders(VARIANT, position, [], inputs={})
    assert all(u.power != "FRANCE" or u.province not in ("FRC", "BUR") for u in after_b.position.units.values())
    assert after_b.results[0].order == "A FRC D"


def test_without_play_phase_a_variant_phase_changes_nothing():
    """The standard rules play no D phase (``Rules.play_phase`` returns None): the units stay,
    nothing is recorded, and the engine moves on to the next phase of the calendar."""
    from gm_tools.engine.rules import Rules

    start = _at("Y1619D")
    outcome = run_orders(VARIANT, start, [], Rules(), inputs={"orders": {"FRANCE": ["3: LOR"]}})
    assert outcome.results == [] and outcome.extra == {} and outcome.winner is None
    assert outcome.position.units == start.units and outcome.position.phase == "Y1619M"
    assert "influence" not in outcome.position.extra.get("europe1619", {})


def test_orders_retreat_and_map_adjustment_follow_each_other():
    """The year's phases 2 to 5 on the engine. At war with Spain, France's strength-3 army takes
    Franche-Comte (FRC) from Spain's strength-2 army, which retreats one strength weaker
    ('When a bolstered army unit is forced to retreat, it loses one unit of strength'): the
    Retreat Phase is played, not skipped; at the Map Adjustment Phase France's unit captures
    the province of the power it is at war with ('Additional rules to observe' 4c)."""
    from gm_tools.engine.runner import run_phase

    start = _at("Y1620M", units=[Unit("FRANCE", "A", "BUR", 3), Unit("SPAIN", "A", "FRC", 2)])
    start.extra.setdefault("europe1619", {})["declarations"] = {"relations": [{"powers": ["FRANCE", "SPAIN"], "relation": "war"}],
                                   "pending": [], "papal_events": []}
    moved = run_phase(VARIANT, start, {"FRANCE": ["A BUR - FRC"]})
    assert moved.position.phase == "Y1620R"
    dislodged = moved.position.dislodged["FRC"]
    assert dislodged.unit.strength == 1 and dislodged.retreats
    retreated = run_phase(VARIANT, moved.position, {"SPAIN": [f"A FRC R {dislodged.retreats[0]}"]})
    assert retreated.position.phase == "Y1620J"
    assert retreated.position.units[dislodged.retreats[0]] == Unit("SPAIN", "A", dislodged.retreats[0], 1)
    adjusted = run_orders(VARIANT, retreated.position, [])
    assert ["FRC", "FRANCE"] in adjusted.extra["map_adjustment"]["captures"]
    assert adjusted.position.extra["europe1619"]["captured"]["FRC"] == "FRANCE" and adjusted.position.phase == "Y1620B"


def test_an_expelled_army_that_may_not_retreat_is_said_disbanded_once():
    """1619 rulebook, 'Additional rules to observe' 4b: 'the foreign unit must retreat, or
    disband if no valid retreat can be made'; 'Retreats': 'Un-bolstered army units cannot
    retreat.' France's army of strength 1 in Spanish Franche-Comte at peace with Spain is
    disbanded at the Map Adjustment Phase; the phase's report said so twice ('must leave (rule
    4b); disbanded' and 'disbanded: FRANCE A FRC')."""
    from gm_tools.systems.europe1619.report import sections

    after_j = run_orders(VARIANT, _at("Y1619J", units=[Unit("FRANCE", "A", "FRC", 1)]), [])
    assert after_j.extra["map_adjustment"]["disbanded"] == ["FRANCE A FRC"]
    found = dict(sections(VARIANT, {"phase": "Y1619J", "extra": {"outcome": after_j.extra}}))
    text = found["Map adjustment"]
    assert ("- France: A FRC (Free County) must leave (rule 4b: the province's power is neither at war"
            " nor allied with it); disbanded") in text.splitlines()  # the power named
    assert text.count("A FRC") == 1


def test_an_expelled_units_retreats_are_given_by_code_and_name():
    """1619 rulebook, 'Additional rules to observe' 4b: 'If the province is aligned with a power
    that the foreign unit is not at war with or not allied with, then the foreign unit must
    retreat'. QA finding: the Map adjustment said "A FRC must leave (rule 4b); may retreat to
    BUR, ...": codes a player cannot read and a rule number he does not have in mind. The
    provinces are now given by code and name, the rule in words; the record keeps the codes."""
    from gm_tools.systems.europe1619.report import sections

    after_j = run_orders(VARIANT, _at("Y1619J", units=[Unit("FRANCE", "A", "FRC", 3)]), [])
    (entry,) = after_j.extra["map_adjustment"]["expelled"]
    assert entry["unit"] == "A FRC" and "BUR" in entry["retreats"]  # the record: codes
    text = dict(sections(VARIANT, {"phase": "Y1619J", "extra": {"outcome": after_j.extra}}))["Map adjustment"]
    (line,) = [line for line in text.splitlines() if "must leave" in line]
    assert line.startswith("- France: A FRC (Free County) must leave (rule 4b: the province's power is neither")
    said = line.split("may retreat to ", 1)[1].split(", ")
    assert "BUR (Burgundy)" in said and len(said) == len(entry["retreats"])
    assert all(p.endswith(")") for p in said), said


def test_each_scoring_phase_scores_the_board_of_its_year_not_a_running_total():
    """1619 rulebook, 'Scoring': 'Referee scores the players individually during the Scoring
    Phase' by what stands on the board (captured centers and provinces, markers 'present on
    the board', losses); 'First player to reach 25 points wins'. Read (NOTES.md, 'Judgement
    calls'): each year's score is the board's, not added to the years before; France holding
    Madrid scores 5 in 1625 and again 5, not 10, in 1626."""
    first = run_orders(VARIANT, _at("Y1625S", {"MAD": "FRANCE"}), [])
    later = _at("Y1626S", {"MAD": "FRANCE"})
    later.extra["europe1619"]["ledger"] = first.position.extra["europe1619"]["ledger"]
    second = run_orders(VARIANT, later, [])
    totals = [o.extra["scoring"]["scores"]["FRANCE"]["total"] for o in (first, second)]
    assert totals == [SPANISH_CENTERS["MAD"], SPANISH_CENTERS["MAD"]]
