"""Europe 1619 through the real GM workflow: new-game, the GM filling the sheets of the .xlsx
with openpyxl, turn, and the computed sheets read back.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook" below); quoted
words are its own. Values: tables.toml's Influence Allocation Table (FRANCE 6 INFs a year),
INITIAL SETUP ('FRANCE = { LOR = 1 }', 'UNION = { HES = 5 }'), Military Cost Table (strength 4
-> 9 TPs, 5 -> 15: France's example), France's home centers LYO 3, NOR 3, PAR 5, PRO 2.
"""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest

from gm_tools.errors import WorkbookError
from gm_tools.engine.hooks import InputRow
from gm_tools.engine.model import Position
from gm_tools.app.turn import load_state, replay, run_turn
from gm_tools.systems.europe1619.sheets import HOOKS
from gm_tools.edges.variants import load_variant

from workflow_helpers import create, play, snapshot, type_cells


def sheet(paths, title: str) -> list[dict]:
    """A sheet of the game's workbook as dicts by header, read with openpyxl."""
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()), data_only=True)
    rows = list(wb[title].iter_rows(values_only=True))
    return [dict(zip(rows[0], r)) for r in rows[1:]]


def tracker(paths) -> dict[str, dict]:
    return {r["Minor state"]: r for r in sheet(paths, "Influence Tracker")}


def turn(paths, **kwargs):
    return run_turn(paths.name, root=paths.root, site_dir=None, **kwargs)


def record(paths, phase: str) -> dict:
    return next(r for r in load_state(paths.name, paths.root).history if r["phase"] == phase)


def refused(paths, values: dict) -> WorkbookError:
    """Type ``values`` into the workbook, run the turn; it must refuse with nothing written."""
    type_cells(paths, values)
    before = snapshot(paths.root)
    with pytest.raises(WorkbookError) as caught:
        turn(paths)
    assert snapshot(paths.root) == before  # the workbook byte-identical, no record stored
    return caught.value


DIPLOMACY_1619 = {
    # 1619 rulebook, 'number of INFs: [minor state]': France places 3 INFs in Lorraine.
    "INF Placements!A2": "FRANCE", "INF Placements!B2": 3, "INF Placements!C2": "LOR",
    # Denmark places 1 INF in Hesse and attacks the Union's INFs there ('[minor state] > [power]').
    "INF Placements!A3": "DENMARK", "INF Placements!B3": 1, "INF Placements!C3": "HES",
    "Attacks!A2": "DENMARK", "Attacks!B2": "HES > UNION",
    "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN",
}


def test_two_years_play_through_every_phase(tmp_path):
    """1619 rulebook, the year's phases: '1 - Diplomatic Phase, 2 - Orders Phase, 3 -
    Adjudication Phase, 4 - Retreat and/or Disband Phase, 5 - Map Adjustment Phase, 6 - Builds
    and Transactions Phase, 7 - Scoring Phase'. The Retreat Phase is skipped when nothing was
    dislodged; the map adjustment, builds and scoring phases never are."""
    paths = create(tmp_path, variant="europe1619")
    played = []
    for year in (1619, 1620):
        for _ in range(5):
            report = turn(paths, force=True)
            played.append(report.record["phase"])
    assert played == ["Y1619D", "Y1619M", "Y1619J", "Y1619B", "Y1619S",
                      "Y1620D", "Y1620M", "Y1620J", "Y1620B", "Y1620S"]
    assert load_state(paths.name, paths.root).position.phase == "Y1621D"
    # 'Each player begins with an empty treasury' and receives 'income (as TPs) from home
    # centers': France's 13 TPs a year, nothing bought.
    treasury = [r for r in sheet(paths, "Treasury") if r["Power"] == "FRANCE"]
    assert [(r["Year"], r["Balance"], r["Income"], r["New balance"]) for r in treasury] == [(1619, 0, 13, 13), (1620, 13, 13, 26)]
    scores = {r["Power"]: r for r in sheet(paths, "Scores")}
    assert set(scores["FRANCE"]) == {"Power", "1619", "1620", "Note"}  # the Note: a power eliminated
    assert replay(paths.name, paths.root) == []


def test_a_year_through_the_sheets(tmp_path):
    paths = create(tmp_path, variant="europe1619")
    # --- Diplomatic Phase 1619 -------------------------------------------------------------------
    assert sheet(paths, "INF Placements")[0] == {"Power": None, "INFs": None, "Minor state": None}
    type_cells(paths, DIPLOMACY_1619)
    turn(paths)
    rows = tracker(paths)
    # 1619 rulebook, 'ALIGNED: If a power holds more than 50% of all INFs placed': Lorraine,
    # France 1 (INITIAL SETUP) + 3.
    assert (rows["LOR"]["FRANCE"], rows["LOR"]["Total"], rows["LOR"]["Status"], rows["LOR"]["Aligned with"]) == (4, 4, "ALIGNED", "FRANCE")
    # 1619 rulebook, diplomatic attack by mutual reduction: Denmark 1 against the Union's 5 in
    # Hesse, both lose 1.
    assert (rows["HES"]["DENMARK"], rows["HES"]["UNION"], rows["HES"]["Status"]) == (0, 4, "ALIGNED")
    assert rows["Total"]["FRANCE"] == 4  # every French INF on the map
    history = [(r["Year"], r["Minor state"], r["Power"], r["INFs"]) for r in sheet(paths, "Influence History")]
    assert (1619, "LOR", "FRANCE", 4) in history and (1619, "HES", "UNION", 4) in history
    # 1619 rulebook, declarations take effect the following year: pending in the matrix.
    matrix = {r["Power"]: r for r in sheet(paths, "Declarations Matrix")}
    assert matrix["FRANCE"]["SPAIN"] == "war from 1620 (pending)"
    assert matrix["DUTCH"]["SPAIN"] == "war"  # 'Notes on initial declarations'
    outcome = record(paths, "Y1619D")["extra"]["outcome"]["diplomatic"]
    assert outcome["statuses"]["LOR"] == {"status": "ALIGNED", "power": "FRANCE", "total": 4, "captured_by": None,
                                          "infs": {"FRANCE": 4}, "marker": None}
    assert outcome["unused"]["FRANCE"] == 3  # 'may not save unused INFs': 6 allotted, 3 placed
    # 'The referee presents the results of the Diplomatic Phase by reporting the status of each
    # minor state ... which declarations successfully passed as well as the effects of
    # diplomatic attacks': the phase page's sections.
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), record(paths, "Y1619D")))
    header, _, *rows = ([c.strip() for c in row.strip("|").split("|")] for row in sections["Influence Tracker"].splitlines())
    lor = dict(zip(header, next(r for r in rows if r[0] == "LOR (Lorraine-Alsace)")))
    assert (lor["France"], lor["Total"], lor["Status"]) == ("4", "4", "ALIGNED (France)")
    assert "HES" in sections["Diplomatic attacks"] and "France declared war on Spain" in sections["Declarations"]

    # --- Orders Phase: France orders its aligned minor's unit -------------------------------------
    # 1619 rulebook, 'Effects of declarations': 'players write and submit movement orders for
    # their units on the board and for those minor units that are aligned to their power'.
    french = [r for r in sheet(paths, "Orders") if r["Power"] == "FRANCE"]
    assert "A LOR" in [r["Unit"] for r in french]
    report = play(paths, {"FRANCE": ["A LOR H", "A PAR H"]})
    assert {"power": "LOR", "order": "A LOR H", "result": "succeeds", "reason": "", "dislodged": False, "codes": [],
            "parsed": {"type": "hold", "power": "LOR", "unit": "A LOR"}} in report.record["results"]
    assert "A LOR H" in [item["read"] for item in report.record["orders"]["FRANCE"]]

    # --- Map Adjustment: nothing to enter, processed at once --------------------------------------
    report = turn(paths)
    assert report.record["phase"] == "Y1619J"
    # 'A confessional marker ... placed on a minor state's home supply center during the Map
    # Adjustment Phase': Lorraine's INFs are all Catholic.
    assert tracker(paths)["LOR"]["Marker"] == "catholic"

    # --- Builds and Transactions ---------------------------------------------------------------
    type_cells(paths, {
        # 1619 rulebook, 'Bolstering the strength of an army unit', priced by the Military Cost
        # Table at France's strength 4: 9 TPs.
        "Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "PAR",
        # 'This game allows for players to loan TPs to other players'.
        "Loans!A2": "FRANCE", "Loans!B2": "SAVOY", "Loans!C2": 2, "Loans!D2": 1, "Loans!E2": "1621",
    })
    turn(paths)
    treasury = {r["Power"]: r for r in sheet(paths, "Treasury") if r["Year"] == 1619}
    assert {k: treasury["FRANCE"][k] for k in ("Balance", "Home centers", "Income", "Lent", "Purchases", "New balance")} == {
        "Balance": 0, "Home centers": 13, "Income": 13, "Lent": 2, "Purchases": 9, "New balance": 2}
    assert (treasury["SAVOY"]["Borrowed"], treasury["SAVOY"]["New balance"]) == (2, treasury["SAVOY"]["Income"] + 2)
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), record(paths, "Y1619B")))
    assert "- **France**: 0 TPs + 13 income + 0 borrowed - 2 lent - 9 purchases = 2 TPs" in sections["Treasury"]
    units = {r["Unit"]: r for r in sheet(paths, "Units")}
    assert units["A PAR"]["Strength"] == 2
    loans = record(paths, "Y1619B")["after"]["extra"]["europe1619"]["loans"]
    assert loans == [{"amount": 2, "borrower": "SAVOY", "interest": 1, "lender": "FRANCE", "terms": "due 1621", "year": "1619"}]

    # --- Scoring ----------------------------------------------------------------------------------
    report = turn(paths)
    scoring = report.record["extra"]["outcome"]["scoring"]
    # No captures yet: a power's points are its confessional markers (item 2).
    assert scoring["scores"]["FRANCE"]["total"] == scoring["scores"]["FRANCE"]["markers"] > 0
    assert not scoring["over"] and report.record["next_phase"] == "Y1620D"
    scores = {r["Power"]: r["1619"] for r in sheet(paths, "Scores")}
    assert scores["FRANCE"] == scoring["scores"]["FRANCE"]["total"]
    headings = [h for h, _ in HOOKS.report_sections(load_variant("europe1619"), report.record)]
    assert headings == ["Scores 1619", "Loans outstanding"]  # France's loan to Savoy, due 1621

    # --- 1620: the war declared in 1619 is in force -------------------------------------------------
    turn(paths, force=True)
    matrix = {r["Power"]: r for r in sheet(paths, "Declarations Matrix")}
    assert matrix["FRANCE"]["SPAIN"] == matrix["SPAIN"]["FRANCE"] == "war"
    # Every phase re-adjudicated from its stored orders and inputs gives the same record.
    assert replay(paths.name, paths.root) == []


# --- bad entries: each its error, nothing written ------------------------------------------------


def test_unknown_minor_state_gets_a_suggestion(tmp_path):
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"INF Placements!A2": "DENMARK", "INF Placements!B2": 1, "INF Placements!C2": "BRM"})
    assert [str(p) for p in error.problems] == [
        "INF Placements!C2: found '1: BRM' (DENMARK), expected an order the rules allow (found 'BRM', "
        "expected a minor state that can be influenced (did you mean BRE?))"]


def test_the_rules_refusals_come_with_the_unreadable_cells_in_one_round(tmp_path):
    """Every problem at once: a cell that cannot be read ('five' INFs, a Kind that is none) does
    not hide what the rules refuse in the rows that can be read (1619 rulebook: 'Players cannot
    distribute more INFs than allotted for the year'; 'Only Protestant powers can deploy INFs to
    the Bohemian Confederacy'), so the GM goes back to the players once. An attack is judged only
    on the whole sheet: a row left out may hold the INFs it needs."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {
        "INF Placements!A2": "FRANCE", "INF Placements!B2": "five", "INF Placements!C2": "GEN",
        "INF Placements!A3": "SPAIN", "INF Placements!B3": 3, "INF Placements!C3": "BOHC",
        "INF Placements!A4": "SPAIN", "INF Placements!B4": 99, "INF Placements!C4": "GEN",
        "Attacks!A2": "FRANCE", "Attacks!B2": "GEN > SPAIN",
        "Declarations!A2": "ENGLAND", "Declarations!B2": "peace", "Declarations!C2": "FRANCE",
        "Declarations!A3": "ENGLAND", "Declarations!B3": "war", "Declarations!C3": "ENGLAND",
    })
    assert sorted(f"{p.sheet}!{p.cell}" for p in error.problems) == [
        "Declarations!B2", "Declarations!C3", "INF Placements!B2", "INF Placements!B4", "INF Placements!C3"]


def test_a_declaration_typed_on_the_inf_placements_sheet_is_named_for_what_it_is(tmp_path):
    """1619 rulebook, 'Diplomatic Phase': the orders 'consist of (1) list of INF placements, (2)
    order for a diplomatic attack, and (3) declarations', each on its own sheet. 'war' typed in
    the INFs column (with SPAIN for the minor state) is a declaration, not a bad number: the
    problem says so and names the Declarations sheet, as another sheet's entry typed elsewhere is."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": "war", "INF Placements!C2": "SPAIN",
                            "INF Placements!A3": "ENGLAND", "INF Placements!B3": "BRAP > FRANCE"})
    assert [str(p) for p in error.problems] == [
        "INF Placements!B2: found 'war', expected a number of INFs above 0: 'war: SPAIN' is a declaration, "
        "typed on the Declarations sheet",
        "INF Placements!B3: found 'BRAP > FRANCE', expected a number of INFs above 0: 'BRAP > FRANCE' is a "
        "diplomatic attack, typed on the Attacks sheet"]


def test_more_infs_than_allotted(tmp_path):
    """1619 rulebook: 'Players cannot distribute more INFs than allotted for the year' (France 6)."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 7, "INF Placements!C2": "LOR"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell) == ("INF Placements", "B2")
    assert "6 of its 6 INFs for 1619 left, found 7" in problem.expected


def test_a_catholic_power_in_the_bohemian_confederacy(tmp_path):
    """1619 rulebook: 'Only Protestant powers can deploy INFs to the Bohemian Confederacy.'"""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 2, "INF Placements!C2": "BOHC"})
    (problem,) = error.problems
    assert (problem.cell, problem.found) == ("C2", "'2: BOHC' (FRANCE)")
    assert "protestant" in problem.expected.lower()


def test_an_attack_where_the_attacker_holds_no_infs(tmp_path):
    """1619 rulebook: a diplomatic attack is made in 'one state where he/she has deployed or will
    be deploying INFs'; the Papacy holds none in Tuscany."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"Attacks!A2": "PAPACY", "Attacks!B2": "TUS > SPAIN"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell, problem.found) == ("Attacks", "B2", "'TUS > SPAIN' (PAPACY)")
    assert "PAPACY" in problem.expected and "TUS" in problem.expected


def test_a_row_with_a_missing_cell_and_an_unknown_power(tmp_path):
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"Declarations!A2": "FRANCE", "Declarations!B2": "war",
                            "Declarations!A3": "FRENCH", "Declarations!B3": "war", "Declarations!C3": "SPAIN"})
    found = {(p.cell, p.found) for p in error.problems}
    assert ("C2", "an empty cell") in found and ("A3", "'FRENCH'") in found


def test_choices_typed_in_any_case_are_read_as_listed(tmp_path):
    # A GM types over the dropdown: "france" and "War" are the listed FRANCE and war.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "france", "INF Placements!B2": 3, "INF Placements!C2": "LOR",
                       "Declarations!A2": "France", "Declarations!B2": "War", "Declarations!C2": "spain"})
    turn(paths, force=True)
    assert tracker(paths)["LOR"]["FRANCE"] == 4


def test_infs_to_another_powers_vassal_are_refused():
    """1619 rulebook, 'VASSALAGE': 'no other power may deposit INFs to the minor state in
    subsequent phases'. The Union holds 30 of Hesse's INFs (checked on the position itself)."""
    variant = load_variant("europe1619")
    position = Position("Y1620D", extra={"europe1619": {"influence": {"HES": {"UNION": 30}}}})
    rows = {"INF Placements": [InputRow({"Power": "DENMARK", "INFs": 2, "Minor state": "HES"},
                                        {"Power": "INF Placements!A2", "INFs": "INF Placements!B2",
                                         "Minor state": "INF Placements!C2"})],
            "Attacks": [], "Declarations": []}
    inputs, problems = HOOKS.check_inputs(variant, position, rows)
    (problem,) = problems
    assert (problem.sheet, problem.cell) == ("INF Placements", "C2")
    assert "vassal" in problem.expected.lower() and "UNION" in problem.expected


def _to_builds(paths):
    turn(paths, force=True)  # D
    turn(paths, force=True)  # M
    turn(paths)  # J
    assert load_state(paths.name, paths.root).position.phase == "Y1619B"


def test_a_build_on_an_occupied_center(tmp_path):
    """1619 rulebook: 'The power must have an unoccupied home center for a new build'."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "build", "Purchases!C2": "A", "Purchases!D2": "Paris"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell) == ("Purchases", "B2")
    assert "PAR is occupied by A PAR" in problem.expected


def test_a_purchase_below_zero_tps(tmp_path):
    """1619 rulebook, France's example: at strength 4 one more unit costs 9 TPs, at 5 it costs
    15; France has 13 TPs, so the second bolster would leave it below 0."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "PAR",
                            "Purchases!A3": "FRANCE", "Purchases!B3": "bolster", "Purchases!D3": "LYO"})
    (problem,) = error.problems
    assert problem.cell == "B3"
    assert "costs 15 TPs at a military strength of 5, and the treasury holds 4" in problem.expected


def test_a_purchase_for_a_minor_at_strength_15_is_priced_at_its_cell(tmp_path):
    """1619 rulebook, 'Building a unit for a minor state': 'The cost to add one additional unit
    or bolster is calculated in the same manner as building/bolstering a new unit for a power
    ... There is no restriction on how many units can be purchased for the minor or the number
    of bolsters.' France starts at strength 15 (a copy of the variant: A PAR 10, A LYO 3) and
    bolsters Hesse's army: the purchase is priced (60 TPs, tables.toml [military_cost]
    step_beyond) and refused at its cell for want of TPs; the phase is not aborted."""
    import shutil

    folder = tmp_path / "e19strong"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants" / "europe1619", folder)
    text = (folder / "variant.toml").read_text(encoding="utf-8")
    french = 'FRANCE = ["F NOR", "A PAR", "A LYO", "A PRO"]'
    assert french in text
    (folder / "variant.toml").write_text(text.replace(french, 'FRANCE = ["F NOR", { unit = "A PAR", strength = 10 }, '
                                                              '{ unit = "A LYO", strength = 3 }, "A PRO"]'), encoding="utf-8")
    paths = create(tmp_path / "games", variant=str(folder))
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "HES"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell) == ("Purchases", "B2")
    assert "costs 60 TPs at a military strength of 15, and the treasury holds 13" in problem.expected


def test_an_unknown_province_and_minor_in_purchases(tmp_path):
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "PRS",
                            "Purchases!A3": "FRANCE", "Purchases!B3": "build", "Purchases!C3": "A",
                            "Purchases!D3": "LOR", "Purchases!E3": "LORR"})
    assert {(p.cell, p.expected) for p in error.problems} == {
        ("D2", "a province of the map (did you mean PAR?)"), ("E3", "a minor state code (did you mean LOR?)")}


def test_a_unit_for_a_minor_off_its_home_center_says_where_it_is_built(tmp_path):
    """1619 rulebook, 'Building a unit for a minor state': 'The minor state's home center must
    be unoccupied for a new build to be allowed'. A build for Hesse typed in Erfurt names
    Hesse's home center; one for Bremen, which has no center (tables.toml [minor_states]),
    says so rather than 'BRE is not BRE's home center'."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "UNION", "Purchases!B2": "build", "Purchases!C2": "A",
                            "Purchases!D2": "ERF", "Purchases!E2": "HES",
                            "Purchases!A3": "DENMARK", "Purchases!B3": "build", "Purchases!C3": "F",
                            "Purchases!D3": "BRE", "Purchases!E3": "BRE"})
    assert [(p.cell, p.expected) for p in error.problems] == [
        ("B2", "a transaction the rules allow (HES's home center is HES: a unit for a minor state is built "
               "only on its home center)"),
        ("B3", "a transaction the rules allow (BRE has no home center: a unit for a minor state is built "
               "only on its home center)")]


def test_a_bolster_whose_for_minor_is_not_the_units_state_is_refused_at_that_cell(tmp_path):
    """1619 rulebook, 'Building a unit for a minor state': 'A power may bolster a unit for a
    minor state as well'. A bolster acts on the army standing in the province; a For minor
    naming another state (the Union bolsters Hesse's army 'for Cologne') or a minor for a
    power's own army is the GM's slip, named at its cell, not dropped unseen; the state's own
    code, in any case, stands."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "UNION", "Purchases!B2": "bolster", "Purchases!D2": "HES",
                            "Purchases!E2": "COL",
                            "Purchases!A3": "FRANCE", "Purchases!B3": "bolster", "Purchases!D3": "PAR",
                            "Purchases!E3": "LOR"})
    assert [(p.cell, p.found, p.expected) for p in error.problems] == [
        ("E2", "'COL'", "HES, whose unit A HES is in HES, or an empty cell"),
        ("E3", "'LOR'", "an empty cell: A PAR in PAR is FRANCE's, not a minor state's")]
    type_cells(paths, {"Purchases!E2": "hes", "Purchases!E3": None})
    report = turn(paths)
    assert {(r["power"], r["order"], r["result"]) for r in report.record["results"]} >= {
        ("UNION", "BOLSTER HES", "succeeds"), ("FRANCE", "BOLSTER PAR", "succeeds")}


def test_a_purchase_cell_its_action_does_not_read_must_agree_or_be_empty(tmp_path):
    """1619 rulebook: 'a player may increase the strength of an ARMY unit only', 'Coastal minor
    states will by default build fleets, but the aligned power may indicate the preferred unit'
    (docs/europe1619.md: a minor build names Unit and For minor). A Unit that is not the unit
    standing in the province (a bolster typed 'F' on France's army in Lyonnais, a disband of
    'A' Friesland, a Dutch fleet), or a Province on a minor build, is named at its cell rather
    than dropped unseen; typed as the unit is, it stands."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!C2": "F",
                            "Purchases!D2": "LYO",
                            "Purchases!A3": "DUTCH", "Purchases!B3": "disband", "Purchases!C3": "A",
                            "Purchases!D3": "FRI",
                            "Purchases!A4": "SPAIN", "Purchases!B4": "minor build", "Purchases!C4": "A",
                            "Purchases!D4": "CAT", "Purchases!E4": "CAT"})
    assert [(p.cell, p.found, p.expected) for p in error.problems] == [
        ("C2", "'F'", "A (the unit in LYO is A LYO), or an empty cell"),
        ("C3", "'A'", "F (the unit in FRI is F FRI), or an empty cell"),
        ("D4", "'CAT'", "an empty cell: a minor build names the state (For minor) and the unit (Unit); the state "
                        "builds on its home center")]
    type_cells(paths, {"Purchases!C2": "A", "Purchases!C3": "F", "Purchases!D4": None})
    report = turn(paths)
    assert {(r["power"], r["order"]) for r in report.record["results"] if r["result"] == "succeeds"} >= {
        ("FRANCE", "BOLSTER LYO"), ("DUTCH", "DISBAND FRI")}


def test_orders_for_a_minor_another_power_commands(tmp_path):
    """1619 rulebook: orders are for a player's units 'and for those minor units that are
    aligned to their power': Lorraine is aligned with France, not Spain."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)
    spanish = next(i for i, r in enumerate(sheet(paths, "Orders"), start=2) if r["Power"] == "SPAIN" and r["Unit"] and r["Unit"] != "Spain")
    error = refused(paths, {f"Orders!C{spanish}": "A LOR H"})
    (problem,) = error.problems
    assert problem.cell == f"C{spanish}" and "LOR" in problem.expected


def test_the_reichstag_meets_in_the_orders_phase_and_binds_the_next_year(tmp_path):
    """1619 rulebook, 'Reichstag': 'Austria may call for only one meeting during the game, and
    during a movement phase'; agenda 3 'would restrict a foreign power ... from depositing INFs
    to a selected German or Italian state in the HRE'; 'If an agenda is given a majority of
    votes, the rule comes into effect the following year'; 'A no vote is treated as a vote
    against the agenda'."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)  # Y1619D
    voters = [r["Voter"] for r in sheet(paths, "Reichstag Votes")]
    assert voters == ["AUSTRIA", "LEAGUE", "UNION", "SAXONY", "SAVOY"]
    type_cells(paths, {
        "Reichstag!A2": "restrict_foreign", "Reichstag!B2": "FRANCE", "Reichstag!D2": "HES",
        "Reichstag Votes!B2": "for", "Reichstag Votes!B3": "for", "Reichstag Votes!B4": "against",
        "Reichstag Votes!B5": "for",  # Savoy does not vote: against
    })
    report = turn(paths)
    assert report.record["extra"]["europe1619"]["reichstag"]["votes"] == {
        "AUSTRIA": True, "LEAGUE": True, "SAXONY": True, "UNION": False}
    meeting = report.record["after"]["extra"]["europe1619"]["reichstag"]["meetings"][0]
    assert (meeting["result"], meeting["votes"]["SAVOY"]) == ("passed", "none")
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), report.record))
    # The page's words are sentences, the voters named: "... and the Palatinate. Passed; ...",
    # not "... UNION. passed; ...".
    assert ("against or no vote: Duchy of Savoy, Protestant Union and the Palatinate. Passed; in effect from "
            "1620.") in sections["Reichstag"]
    # 'Austria may not call for another meeting after that': no Reichstag sheets any more.
    assert "Reichstag" not in openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    for _ in range(3):  # J, B, S
        turn(paths, force=True)
    error = refused(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 1, "INF Placements!C2": "HES"})
    (problem,) = error.problems
    assert problem.cell == "C2" and "Reichstag" in problem.expected


def test_an_imperial_ban_on_austria_is_refused(tmp_path):
    """1619 rulebook, 'Imperial Ban': 'one selected German or Italian power (this excludes Austria)'."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)
    error = refused(paths, {"Reichstag!A2": "imperial_ban", "Reichstag!B2": "AUSTRIA", "Reichstag!C2": "attacks"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell, problem.found) == ("Reichstag", "B2", "'AUSTRIA'")  # the Power cell itself
    assert "other than Austria" in problem.expected


def test_an_illegal_order_for_an_aligned_minors_unit_says_why(tmp_path):
    """The error for France's order to Lorraine's army is about the move, not about whose unit
    it is (France commands it: 1619 rulebook, 'minor units that are aligned to their power')."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)
    row = next(i for i, r in enumerate(sheet(paths, "Orders"), start=2) if r["Power"] == "FRANCE" and r["Unit"] == "A LOR")
    error = refused(paths, {f"Orders!C{row}": "A LOR - MAD"})
    (problem,) = error.problems
    assert problem.cell == f"C{row}" and "not French" not in problem.expected and "MAD" in problem.expected


def test_same_entries_same_bytes(tmp_path):
    """Deterministic: two games given the same entries write the same files, byte for byte."""
    def game(root):
        paths = create(root, variant="europe1619")
        type_cells(paths, DIPLOMACY_1619)
        turn(paths)
        turn(paths, force=True)  # M
        turn(paths)  # J
        return snapshot(root)

    assert game(tmp_path / "one") == game(tmp_path / "two")


def test_a_repayment_and_each_powers_statement(tmp_path):
    """1619 rulebook, 'Loans': 'the player should expect a repayment on an agreed upon time ...
    he/she may demand an interest payment along with repayment ... All of these transactions are
    conducted during this phase and reported by referee at the conclusion of the phase'. The
    Payments sheet records the repayment; the Treasury chart and each power's statement report
    it, with the purchase priced by the Military Cost Table (France at strength 4: 9 TPs)."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    type_cells(paths, {
        "Purchases!A2": "FRANCE", "Purchases!B2": "bolster", "Purchases!D2": "PAR",
        "Payments!A2": "SAVOY", "Payments!B2": "FRANCE", "Payments!C2": 3, "Payments!D2": "repayment of 2 and 1 interest",
        "Loans!A2": "VENICE", "Loans!B2": "SAVOY", "Loans!C2": 2, "Loans!D2": 1, "Loans!E2": "1621",
    })
    report = turn(paths)
    assert {"power": "FRANCE", "order": "BOLSTER PAR", "result": "succeeds",
            "reason": "9 TPs at a military strength of 4", "dislodged": False,
            "codes": [{"code": "note", "text": "9 TPs at a military strength of 4"}], "parsed": None} in report.record["results"]
    treasury = {r["Power"]: r for r in sheet(paths, "Treasury") if r["Year"] == 1619}
    assert {k: treasury["FRANCE"][k] for k in ("Balance", "Income", "Received", "Paid", "Purchases", "New balance")} == {
        "Balance": 0, "Income": 13, "Received": 3, "Paid": 0, "Purchases": 9, "New balance": 7}
    assert (treasury["SAVOY"]["Paid"], treasury["SAVOY"]["New balance"]) == (3, treasury["SAVOY"]["Income"] + 2 - 3)
    # 'These scenarios are monitored by the referee': every loan and payment stays on record.
    assert [tuple(r.values()) for r in sheet(paths, "Loan Record")] == [
        (1619, "loan", "VENICE", "SAVOY", 2, 1, "due 1621"),
        (1619, "payment", "SAVOY", "FRANCE", 3, None, "repayment of 2 and 1 interest"),
    ]
    statement = [(r["Item"], r["TPs"]) for r in sheet(paths, "Treasury Statements") if r["Power"] == "FRANCE"]
    assert statement == [
        ("Balance", 0), ("Income: home center LYO", 3), ("Income: home center NOR", 3),
        ("Income: home center PAR", 5), ("Income: home center PRO", 2),
        ("Payment from SAVOY (repayment of 2 and 1 interest)", 3),
        ("BOLSTER PAR (military strength 4)", -9), ("New balance", 7),
    ]
    # Every power's items add up from its balance to its new balance.
    by_power: dict[str, list] = {}
    for r in sheet(paths, "Treasury Statements"):
        assert r["Year"] == 1619
        by_power.setdefault(r["Power"], []).append(r["TPs"])
    assert len(by_power) == 15
    for power, tps in by_power.items():
        assert tps[0] + sum(tps[1:-1]) == tps[-1] == treasury[power]["New balance"], power
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), report.record))
    assert ("- **France**: 0 balance + 3 Income: home center LYO + 3 Income: home center NOR + 5 Income: home center "
            "PAR + 2 Income: home center PRO + 3 Payment from the Duchy of Savoy (repayment of 2 and 1 interest) - 9 BOLSTER PAR "
            "(military strength 4) = 7 TPs") in sections["Treasury statements"]
    assert replay(paths.name, paths.root) == []


def test_a_payment_beyond_the_treasury_names_its_cell(tmp_path):
    """1619 rulebook, 'Loans': TPs handed over must be in the treasury (France holds its 13
    TPs of income); an empty amount is named too."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Payments!A2": "FRANCE", "Payments!B2": "SAVOY", "Payments!C2": 14})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell, problem.found) == ("Payments", "C2", "14 (FRANCE's row: PAY 14 TO SAVOY)")
    assert "FRANCE holds 13 TPs, not the 14 to hand over" in problem.expected
    error = refused(paths, {"Payments!C2": 5, "Payments!A3": "FRANCE", "Payments!B3": "SAVOY"})
    (problem,) = error.problems
    assert (problem.cell, problem.expected) == ("C3", "the TPs paid, a whole number above 0")


def _purchase_row(values: dict) -> InputRow:
    headers = ("Power", "Action", "Unit", "Province", "For minor")
    return InputRow({h: values.get(h) for h in headers}, {h: f"Purchases!{c}2" for h, c in zip(headers, "ABCDE")})


def test_the_aligned_power_names_a_coastal_minors_automatic_build():
    """1619 rulebook, 'Minor states': 'A minor state will AUTOMATICALLY build if it holds more
    centers than units ... Coastal minor states will by default build fleets, but the aligned
    power may indicate the preferred unit to the referee'. Mecklenburg (Denmark's, INITIAL
    SETUP '1: MEC') has no unit: Denmark asks for an army on the Purchases sheet."""
    from gm_tools.systems.europe1619.phases import play_transactions

    variant = load_variant("europe1619")
    position = Position("Y1619B")
    asked = {"Power": "DENMARK", "Action": "minor build", "Unit": "A", "For minor": "MEC"}
    inputs, problems = HOOKS.check_inputs(variant, position, {"Purchases": [_purchase_row(asked)]})
    assert problems == []
    built = play_transactions(variant, position, inputs).extra["transactions"]["built"]
    assert "MEC A MEC" in built
    assert "MEC F MEC" in play_transactions(variant, position, {}).extra["transactions"]["built"]
    # Only the aligned power names it; the minor must be named.
    _, problems = HOOKS.check_inputs(variant, position, {"Purchases": [_purchase_row({**asked, "Power": "SWEDEN"})]})
    assert [(p.cell, "not aligned with SWEDEN" in p.expected) for p in problems] == [("B2", True)]
    _, problems = HOOKS.check_inputs(variant, position, {"Purchases": [_purchase_row({**asked, "For minor": None})]})
    assert [(p.cell, p.expected) for p in problems] == [("E2", "the minor state whose automatic build this names")]


def _rows(values: dict[str, dict]) -> dict[str, list[InputRow]]:
    """Sheet -> one input row per dict of {header: value}, cells A, B, C... from row 2."""
    rows: dict[str, list[InputRow]] = {}
    for sheet_name, row_values in values.items():
        for i, row in enumerate(row_values, start=2):
            cells = {h: f"{sheet_name}!{chr(ord('A') + j)}{i}" for j, h in enumerate(row)}
            rows.setdefault(sheet_name, []).append(InputRow(row, cells))
    return rows


PAPAL = "Papal support of an attack on a Catholic power"


def test_the_gm_records_a_papal_support_of_an_attack_on_a_catholic_power():
    """1619 rulebook, 'The Papacy': 'no Catholic power can declare war on the Papacy unless
    ... - If the Papacy supports an attack on a Catholic power, then it may be the recipient of
    a declaration of war from any Catholic power.' The GM, who saw the 1620 Orders Phase,
    writes it on the Papal Protection sheet; France's WAR: PAPACY then stands."""
    from gm_tools.systems.europe1619.phases import play_diplomatic
    from gm_tools.systems.europe1619.report import sections

    variant = load_variant("europe1619")
    position = Position("Y1621D")
    titles = [t.title for t in HOOKS.input_sheets(variant, position)]
    assert titles == ["INF Placements", "Attacks", "Declarations", "Papal Protection"]
    # none in the first year: no Orders Phase played yet
    assert "Papal Protection" not in [t.title for t in HOOKS.input_sheets(variant, Position("Y1619D"))]
    war = {"Declarations": [{"Power": "FRANCE", "Kind": "war", "Other power": "PAPACY"}]}

    # Without the GM's finding the Papacy is protected: the declaration is refused at its cell.
    _, problems = HOOKS.check_inputs(variant, position, _rows(war))
    (problem,) = problems
    assert (problem.sheet, problem.cell) == ("Declarations", "C2")
    assert "no Catholic power can declare war on the Papacy" in problem.expected

    seen = {"Papal Protection": [{"Year": 1620, PAPAL: "A ROM S A TUS-GEN, on Spain's army"}]}
    inputs, problems = HOOKS.check_inputs(variant, position, _rows({**war, **seen}))
    assert problems == []
    assert inputs["papal_events"] == [{
        "event": "supported_attack_on_catholic", "year": 1620,
        "note": "the Papacy supported an attack on a Catholic power in 1620: A ROM S A TUS-GEN, on Spain's army"}]
    outcome = play_diplomatic(variant, position, inputs)
    assert [(r.order, r.result) for r in outcome.results] == [("WAR: PAPACY", "succeeds")]
    record = {"phase": "Y1621D", "before": {"extra": {}}, "results": [], "extra": {"outcome": outcome.extra}}
    declarations = dict(sections(variant, record))["Declarations"]
    assert "the Papacy's protection lapses: the Papacy supported an attack" in declarations
    # The protection stays lifted ('has occured'): the sheet is no longer laid out.
    assert "Papal Protection" not in [t.title for t in HOOKS.input_sheets(variant, outcome.position)]


@pytest.mark.parametrize("year", [1621, 1618])
def test_a_papal_finding_needs_the_year_of_an_orders_phase_played(year):
    variant = load_variant("europe1619")
    seen = {"Papal Protection": [{"Year": year, PAPAL: "A ROM S A TUS-GEN"}]}
    _, problems = HOOKS.check_inputs(variant, Position("Y1621D"), _rows(seen))
    (problem,) = problems
    assert (problem.sheet, problem.cell, problem.found) == ("Papal Protection", "A2", str(year))
    assert problem.expected == "the year of an Orders Phase played, 1619 to 1620"


def test_a_negative_interest_is_named_at_its_cell():
    """1619 rulebook, 'Loans': 'he/she may demand an interest payment along with repayment':
    an interest is TPs owed, never below 0."""
    loan = InputRow({"Lender": "VENICE", "Borrower": "SAVOY", "TPs": 2, "Interest": -1, "Due": None},
                    {h: f"Loans!{c}2" for h, c in zip(("Lender", "Borrower", "TPs", "Interest", "Due"), "ABCDE")})
    _, problems = HOOKS.check_inputs(load_variant("europe1619"), Position("Y1619B"), {"Loans": [loan]})
    assert [(p.cell, p.found, p.expected) for p in problems] == [("D2", "-1", "the TPs of interest agreed, 0 or more")]


@pytest.mark.parametrize("infs", [-3, 0])
def test_a_placement_of_no_or_negative_infs_is_refused_at_the_infs_cell(infs):
    """1619 rulebook: players 'may not ... remove INFs from a state once they are placed'; a
    placement is a positive number of INFs ('number of INFs: [minor state]')."""
    variant = load_variant("europe1619")
    rows = _rows({"INF Placements": [{"Power": "DENMARK", "INFs": infs, "Minor state": "BRE"}]})
    _, problems = HOOKS.check_inputs(variant, Position("Y1619D"), rows)
    (problem,) = problems
    assert (problem.sheet, problem.cell, problem.found) == ("INF Placements", "B2", str(infs))
    assert problem.expected.startswith("a number of INFs above 0")


def test_the_placements_section_shows_each_placement_as_read(tmp_path):
    """1619 rulebook: 'The referee presents the results of the Diplomatic Phase by reporting the
    status of each minor state'; docs/europe1619.md, 'A minor state is written by its code
    (BRE) or name (Bremen)'. A GM typing the state's name or its code in small letters sees
    the placement on the page as the results read it ('3: BRE'), not as typed."""
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 3, "INF Placements!C2": "bre",
                       "INF Placements!A3": "FRANCE", "INF Placements!B3": 2, "INF Placements!C3": "Lorraine-Alsace"})
    report = turn(paths)
    assert {(r["power"], r["order"]) for r in report.record["results"]} == {("FRANCE", "3: BRE"), ("FRANCE", "2: LOR")}
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), report.record))
    assert sections["INF placements"] == "- **France**: 3: BRE (Bremen), 2: LOR (Lorraine-Alsace); 1 INF unused"


def test_a_loan_due_in_a_year_already_past_is_refused_at_its_due_cell(tmp_path):
    """1619 rulebook, 'Loans': 'the player should expect a repayment on an agreed upon time';
    docs/europe1619.md: the Loan Record keeps the terms for the rest of the game. A loan made in
    1619 due in 1618 is a slip of the keys, named at its Due cell; terms in words stand."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    error = refused(paths, {"Loans!A2": "FRANCE", "Loans!B2": "SAVOY", "Loans!C2": 2, "Loans!D2": 0, "Loans!E2": 1618,
                            "Loans!A3": "FRANCE", "Loans!B3": "SAVOY", "Loans!C3": 1, "Loans!D3": 0,
                            "Loans!E3": "in two parts"})
    assert [(p.sheet, p.cell, p.found, p.expected) for p in error.problems] == [
        ("Loans", "E2", "1618", "the year the loan is due, 1619 or later, or its terms in words")]
    type_cells(paths, {"Loans!E2": 1620})
    turn(paths)
    loans = record(paths, "Y1619B")["after"]["extra"]["europe1619"]["loans"]
    assert [loan["terms"] for loan in loans] == ["due 1620", "due in two parts"]


def test_an_inf_placement_typed_on_the_orders_sheet_points_to_the_phases_own_sheets(tmp_path):
    """docs/europe1619.md, 'Sheets': the Diplomatic Phase's placements go on INF Placements
    ('5: BRE'); its Orders sheet has no rows. A GM who types one on the Orders sheet is told
    where it goes, and nothing is written."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"Orders!A2": "FRANCE", "Orders!C2": "3: LOR"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell, problem.found) == ("Orders", "C2", "'3: LOR'")
    assert problem.expected == ("no entry on the Orders sheet this phase: found '3: LOR', an INF placement, which is "
                                "typed on the INF Placements sheet in the Diplomatic Phase")


def test_a_captured_minor_is_said_to_hold_its_infs_in_suspension_only_when_it_has_some(tmp_path):
    """1619 rulebook: 'A captured minor state CANNOT be influenced by any power ... However, all
    INFs presently invested in the state are held in suspension'. Poland takes Pomerania, where
    nobody holds INFs: the Map Adjustment page says it holds none. Spain's INF in Saarbruecken
    is held in suspension when Lorraine's army takes it for France, at war with Spain from 1620
    ('If the province is aligned with a power that the foreign unit is at war with, then the
    foreign unit captures the province')."""
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "SPAIN", "INF Placements!B2": 1, "INF Placements!C2": "SAA",
                       "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN"})
    turn(paths)  # D
    play(paths, {"POLAND": ["A DAN - POM"]})
    report = turn(paths)  # J
    assert report.record["extra"]["outcome"]["map_adjustment"]["captured_minors"] == [["POM", "POLAND"]]
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), report.record))
    # the province's capture and the minor state's are two lines, said apart
    assert "- the minor state POM (Pomerania) captured by Poland-Lithuania: it holds no INFs" in sections["Map adjustment"].splitlines()
    assert "suspension" not in sections["Map adjustment"]
    turn(paths, force=True)  # B
    turn(paths)  # S
    turn(paths, force=True)  # D 1620: the war is in force
    play(paths, {"FRANCE": ["A LOR - SAA"]})
    report = turn(paths)  # J
    assert ["SAA", "LOR"] in report.record["extra"]["outcome"]["map_adjustment"]["captured_minors"]
    sections = dict(HOOKS.report_sections(load_variant("europe1619"), report.record))
    # a minor state capturing is named too, as the variant names it
    assert "- the minor state SAA (Saarbruecken) captured by Lorraine-Alsace: its INFs are held in suspension" \
        in sections["Map adjustment"].splitlines()
    # and on the GM's Influence Tracker the captor, a minor state, by code and name as the rows
    # give theirs (a power by its code, as the GM types it); the record keeps the code
    rows = tracker(paths)
    assert (rows["SAA"]["Captured by"], rows["POM"]["Captured by"]) == ("LOR (Lorraine-Alsace)", "POLAND")
    assert rows["SAA"]["Name"] == "Saarbruecken"


def test_a_mailed_order_for_a_minor_the_power_does_not_command_says_so(tmp_path, capsys):
    """1619 rulebook, 'Effects of declarations': 'players write and submit movement orders for
    their units on the board and for those minor units that are aligned to their power';
    docs/europe1619.md: 'Other minors' units hold'. France's mail ordering Catalonia's fleet
    (aligned with Spain) is refused saying France does not command it, not only that the fleet
    is not French; its own army's order stands."""
    from gm_tools.app.cli import main

    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)  # D
    mail = tmp_path / "france.txt"
    mail.write_bytes(b"France\nF CAT H\nA PAR H\n")
    capsys.readouterr()
    assert main(["orders", paths.name, str(mail), "--root", str(paths.root)]) == 1
    out = capsys.readouterr().out
    assert ("'F CAT H' -- expected a legal order (the unit in CAT is Catalonia, not French; FRANCE does not "
            "command Catalonia's units this phase)") in out
    assert "FRANCE A PAR H" in out


def test_a_second_declaration_names_the_cell_of_the_first(tmp_path):
    """1619 rulebook, 'Sequence of declarations': one declaration between two powers a year
    (docs/europe1619.md, 'Declarations'). The refusal of the second names where the first is,
    so the GM finds both rows."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {
        "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN",
        "Declarations!A3": "ENGLAND", "Declarations!B3": "war", "Declarations!C3": "FRANCE",
        "Declarations!A4": "FRANCE", "Declarations!B4": "alliance", "Declarations!C4": "SPAIN",
    })
    (problem,) = error.problems
    assert (problem.sheet, problem.cell) == ("Declarations", "C4")
    assert "'WAR: SPAIN' came first, at Declarations!C2" in problem.expected


def test_a_second_attack_names_the_cell_of_the_first(tmp_path):
    """1619 rulebook: 'each player is allowed to submit only ONE diplomatic attack order per
    year'. The second's refusal names the first's cell (the first is refused on its own count:
    the Papacy holds no INFs in Tuscany)."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"Attacks!A2": "PAPACY", "Attacks!B2": "TUS > SPAIN",
                            "Attacks!A3": "PAPACY", "Attacks!B3": "TUS > FRANCE"})
    second = next(p for p in error.problems if p.cell == "B3")
    assert "'TUS > SPAIN' came first, at Attacks!B2" in second.expected


def test_another_sheets_entry_typed_on_the_orders_sheet_is_named_with_its_sheet(tmp_path):
    """1619 rulebook, '1 - Diplomatic Phase': the Diplomatic Phase's orders are '(1) list of INF
    placements, (2) order for a diplomatic attack, and (3) declarations'; 'Builds and
    Transactions Phase': purchases and loans. Typed on the Orders sheet of the Orders Phase,
    each was refused in the parser's words ('5 BRE' is not a province; 'builds belong to an
    adjustment phase', a phase this game has not): each is named with its sheet and phase."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)  # Y1619M
    rows = {r["Unit"]: i for i, r in enumerate(sheet(paths, "Orders"), start=2) if r["Power"] == "FRANCE"}
    error = refused(paths, {f"Orders!C{rows['A PAR']}": "5: BRE", f"Orders!C{rows['A LYO']}": "build A PAR",
                            f"Orders!C{rows['A PRO']}": "WAR: SPAIN", f"Orders!C{rows['F NOR']}": "BRAP > SPAIN",
                            f"Orders!C{rows['A LOR']}": "lend 3 to England"})
    said = {p.cell: p.expected for p in error.problems}
    unit = "a unit's order ('A PAR - BUR'): found "
    assert said == {
        f"C{rows['A PAR']}": unit + "'5: BRE', an INF placement, which is typed on the INF Placements sheet in "
                                    "the Diplomatic Phase",
        f"C{rows['A LYO']}": unit + "'build A PAR', a purchase, which is typed on the Purchases sheet in the Builds "
                                    "and Transactions Phase",
        f"C{rows['A PRO']}": unit + "'WAR: SPAIN', a declaration, which is typed on the Declarations sheet in the "
                                    "Diplomatic Phase",
        f"C{rows['F NOR']}": unit + "'BRAP > SPAIN', a diplomatic attack, which is typed on the Attacks sheet in "
                                    "the Diplomatic Phase",
        f"C{rows['A LOR']}": unit + "'lend 3 to England', a loan, which the GM types on the Loans sheet, once the "
                                    "lender and the borrower have both agreed"}


def test_a_loan_due_on_a_date_the_spreadsheet_made_is_read_as_that_day(tmp_path):
    """1619 rulebook, 'Treasury': 'a repayment on an agreed upon time'. The GM types 1/6/1621 in
    Due; LibreOffice keeps it as a date (Excel too, for a date after 1900): the loan was recorded
    'due 1621-06-01 00:00:00'. It is the day in words; a day in a year already past is refused at
    its cell, as a past year is."""
    import datetime

    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    loan = {"Loans!A2": "ENGLAND", "Loans!B2": "DUTCH", "Loans!C2": 2}
    error = refused(paths, {**loan, "Loans!E2": datetime.datetime(1618, 6, 1)})
    assert [(p.cell, p.found) for p in error.problems] == [("E2", "1 June 1618")]
    type_cells(paths, {**loan, "Loans!E2": datetime.datetime(1621, 6, 1)})
    result = turn(paths)
    assert result.record["extra"]["europe1619"]["loans"][0]["due"] == "1 June 1621"
    assert "LEND 2 TO DUTCH (due 1 June 1621)" in [r["order"] for r in result.record["results"]]


def test_a_purchase_unit_typed_in_words_is_read(tmp_path):
    """1619 rulebook, 'Builds and Transactions': 'players may purchase units'; the GM types the
    unit as the player wrote it, 'Army' or 'fleet', where the dropdown gives A and F: it was
    refused as 'one of A, F'."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    type_cells(paths, {"Purchases!A2": "FRANCE", "Purchases!B2": "disband", "Purchases!D2": "PAR",
                       "Purchases!A3": "FRANCE", "Purchases!B3": "build", "Purchases!C3": "Army", "Purchases!D3": "PAR"})
    purchases = turn(paths).record["extra"]["europe1619"]["purchases"]
    assert [p["kind"] for p in purchases if p["action"] == "build"] == ["A"]


def test_another_diplomatic_sheets_entry_typed_on_the_attacks_sheet_says_which_sheet_takes_it(tmp_path):
    """1619 rulebook, '1 - Diplomatic Phase': '(1) list of INF placements, (2) order for a
    diplomatic attack, and (3) declarations', each on its own sheet. A placement or a
    declaration typed on the Attacks sheet was refused only as not an attack."""
    paths = create(tmp_path, variant="europe1619")
    error = refused(paths, {"Attacks!A2": "DUTCH", "Attacks!B2": "3: BRE",
                            "Attacks!A3": "POLAND", "Attacks!B3": "war: sweden"})
    said = {p.cell: p.expected for p in error.problems}
    attack = "a diplomatic attack '[minor state] > [power]' like BRAP > FRANCE"
    assert said == {"B2": f"{attack}: '3: BRE' is an INF placement, typed on the INF Placements sheet",
                    "B3": f"{attack}: 'war: sweden' is a declaration, typed on the Declarations sheet"}


def test_an_order_let_stand_for_a_minor_the_power_does_not_command_names_the_power_on_the_page(tmp_path):
    """1619 rulebook, 'Effects of declarations': 'players write and submit movement orders for
    their units on the board and for those minor units that are aligned to their power'. QA
    finding: France's order for Catalonia's fleet (aligned with Spain), let stand by ``turn
    --lenient``, read "...; FRANCE does not command Catalonia's units this phase" under Orders as
    written, the power by its code; the page names it, the record keeping the check's words."""
    from gm_tools.publish.site import build_site

    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)  # D
    type_cells(paths, {"Orders!C24": "F CAT H"})  # the first row of France's block
    phase = load_state(paths.name, paths.root).position.phase
    turn(paths, force=True, lenient=True)
    (entry,) = [e for e in record(paths, phase)["orders"]["FRANCE"] if e["written"] == "F CAT H"]
    assert entry["error"].endswith("; FRANCE does not command Catalonia's units this phase)")
    build_site(paths.root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / paths.name / f"{phase}.html").read_text(encoding="utf-8")
    assert "not French; France does not command Catalonia&#39;s units this phase)</em></li>" in page
    assert "FRANCE does not command" not in page


DECLARED_THIS_YEAR = ("FRANCE's declaration of war on SPAIN, made this year, takes effect in 1620 "
                      "('becomes effective in the next year')")


def test_a_move_refused_for_a_declaration_made_this_year_says_when_it_takes_effect(tmp_path):
    """1619 rulebook, 'Declarations': 'Declaration of war is announced during one Diplomatic
    Phase, and becomes effective in the next year', and 'Effects of declarations': 'A unit cannot
    be ordered to move into the territorial domains of an opponent ... unless either a
    declaration of war or an alliance is in effect'. France, which declared war on Spain in 1619,
    orders a move into Spain's Flanders that 1619: refused, the GM told the war starts in 1620
    (not left thinking the declaration was lost); the record of a --lenient turn keeps the
    rules' words, as recorded games have them."""
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN"})
    turn(paths)  # Y1619D
    rows = {r["Unit"]: i for i, r in enumerate(sheet(paths, "Orders"), start=2) if r["Power"] == "FRANCE"}
    error = refused(paths, {f"Orders!C{rows['F NOR']}": "F NOR - FLA"})
    (problem,) = error.problems
    assert (problem.sheet, problem.cell) == ("Orders", f"C{rows['F NOR']}")
    assert problem.expected == ("a legal order (FLA is SPAIN's territory and FRANCE is neither at war nor allied "
                                f"with SPAIN ('Effects of declarations'); {DECLARED_THIS_YEAR})")
    turn(paths, lenient=True)
    (entry,) = [e for e in record(paths, "Y1619M")["orders"]["FRANCE"] if e["written"] == "F NOR - FLA"]
    assert entry["error"] == ("a legal order (FLA is SPAIN's territory and FRANCE is neither at war nor allied "
                              "with SPAIN ('Effects of declarations'))")
    assert replay(paths.name, paths.root) == []


def test_a_minor_build_with_no_build_due_does_not_read_as_a_unit_built(tmp_path):
    """1619 rulebook, 'Minor states': 'A minor state will AUTOMATICALLY build if it holds more
    centers than units ... Coastal minor states will by default build fleets, but the aligned
    power may indicate the preferred unit to the referee.' Spain's `minor build CAT A` for
    Catalonia, one center and its fleet standing there, builds nothing, yet the page and the
    judge text said only "Asks Catalonia to build an army ... succeeds", read as an army
    built. They say the army is asked for its automatic build, if one is due."""
    paths = create(tmp_path, variant="europe1619")
    _to_builds(paths)
    type_cells(paths, {"Purchases!A2": "SPAIN", "Purchases!B2": "minor build", "Purchases!C2": "A",
                       "Purchases!E2": "CAT"})
    site = tmp_path / "site"
    run_turn(paths.name, root=paths.root, site_dir=site)
    assert "F CAT" in {r["Unit"] for r in sheet(paths, "Units")}
    page = (site / "games" / paths.name / "Y1619B.html").read_text(encoding="utf-8")
    text = (site / "games" / paths.name / "Y1619B.txt").read_text(encoding="utf-8-sig")
    words = "Asks Catalonia to build an army if its automatic build is due"
    assert f'<span class="words">{words}</span> <code>CAT BUILDS A</code>' in page
    assert f"Spain: {words}." in text
