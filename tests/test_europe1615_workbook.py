"""Europe 1615 through real workbooks: the INF Deployment and Diplomatic Attacks sheets of a
movement phase, each entry checked with its cell and nothing written on an error, and the
Influence Tracker and INF Allotment written back after every phase.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Writing the orders', 'THE DIPLOMATIC ATTACK'
('Submission'), 'Pliant minor states'.
"""

from __future__ import annotations

import hashlib
import io

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import fill_orders, set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615.sheets import ALLOTMENT, ATTACKS, DEPLOYMENT, TRACKER
from workflow_helpers import sheet_rows


@pytest.fixture
def spring(tmp_path):
    """A new game at Spring 1615 Movement (the Initial Status Check processed)."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    return game_paths("g", tmp_path)


def _files(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(paths.root.rglob("*")) if p.is_file()}


def _refused(spring, cells: dict) -> dict[tuple[str, str], tuple[str, str]]:
    """``cells`` typed into the spring workbook and the turn refused with nothing written: each
    problem's (sheet, cell) -> (found, expected)."""
    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(), cells))
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    assert _files(spring) == before
    return {(p.sheet, p.cell): (p.found, p.expected) for p in caught.value.problems}


def test_bad_entries_name_their_cells_and_nothing_is_written(spring):
    """Every entry is checked: an unknown minor state, more than the year's INFs ('players
    cannot deploy more than the available INFs for the year'), a second attack ('only one
    diplomatic attack order per movement phase'), a banned deployment ('The Catholic powers,
    only, may deploy INFs ... to the Papal States')."""
    data = set_cells(spring.workbook.read_bytes(), {
        **sheet_rows(DEPLOYMENT, ("FRANCE", 9, "XYZ"), ("SPAIN", 38, "LOR"), ("ENGLAND", 3, "PAPL"),
                     ("FRANCE", 5, "LOR"), ("SPAIN", 5, "LOR")),
        **sheet_rows(ATTACKS, ("FRANCE", "LOR > SPAIN"), ("FRANCE", "LOR > SPAIN"), ("DENMARK", "nonsense")),
    })
    spring.workbook.write_bytes(data)
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    text = str(caught.value)
    assert f"{DEPLOYMENT}!C2: found 'XYZ'" in text and "a pliant minor state" in text
    # found as the cell holds it, the row beside it (tests/test_europe1615_deployment_found.py)
    assert f"{DEPLOYMENT}!B3: found 38 (SPAIN's row: 38: LOR)" in text and "37 left for the year" in text
    assert f"{DEPLOYMENT}!C4: found 'PAPL' (ENGLAND's row: 3: PAPL)" in text and "Catholic" in text
    assert f"{ATTACKS}!B3: found 'LOR > SPAIN'" in text and "only one" in text
    assert f"{ATTACKS}!B4: found 'nonsense'" in text
    assert f"{ATTACKS}!B2" not in text  # the first attack is right: Spain deploys there this phase
    assert _files(spring) == before


def test_the_influence_tracker_is_written_back(spring):
    """The deployments are applied ('INFs will continue to accumulate in the minor states with
    each deployment dictating the status of state') and written back after the phase."""
    data = set_cells(spring.workbook.read_bytes(), {
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": 9, f"{DEPLOYMENT}!C2": "WUR",
        f"{DEPLOYMENT}!A3": "SPAIN", f"{DEPLOYMENT}!B3": 10, f"{DEPLOYMENT}!C3": "Lorraine",
        f"{DEPLOYMENT}!A4": "FRANCE", f"{DEPLOYMENT}!B4": 10, f"{DEPLOYMENT}!C4": "LOR",
    })
    spring.workbook.write_bytes(fill_orders(data, {"FRANCE": ["A WUR - FRA"]}))
    run_turn("g", root=spring.root, site_dir=None)
    wb = openpyxl.load_workbook(io.BytesIO(spring.workbook.read_bytes()))
    rows = {r[0]: r for r in wb[TRACKER].iter_rows(min_row=2, values_only=True)}
    header = [c.value for c in wb[TRACKER][1]]
    assert rows["WUR"][header.index("Status")] == "ALIGNED (FRANCE)"
    assert rows["WUR"][header.index("France")] == 9
    assert rows["LOR"][header.index("Status")] == "NEUTRAL"
    assert rows["LOR"][header.index("Total")] == 20
    allotment = {r[0]: r for r in wb[ALLOTMENT].iter_rows(min_row=2, values_only=True)}
    assert allotment["FRANCE"][1:4] == (35, 19, 16) and allotment["FRANCE"][4] is None
    state = load_state("g", spring.root)
    assert state.position.phase == "U1615M"
    assert str(state.position.units["FRA"]) == "A FRA" and state.position.units["FRA"].power == "WUR"


def test_a_waiver_names_a_center_or_a_land_province(spring):
    """'BUILD/ADJUSTMENT PHASE', 'Waiving the capture of a center: The player occupying a
    foreign power's center, or a minor state's center, or a province at the build phase may
    waive the capture of the center or province.' The Waivers sheet takes a center (LOR) or a
    land province without one (Burgundy by name, DAL by code: else it is annexed, 'Provinces
    without centers held by a power ... are automatically annexed'); a sea or a name of no
    province is refused at its cell, and nothing is written."""
    from gm_tools.systems.europe1615.sheets import WAIVERS

    original = spring.workbook.read_bytes()
    spring.workbook.write_bytes(set_cells(original, {
        f"{WAIVERS}!A2": "FRANCE", f"{WAIVERS}!B2": "North Atlantic", f"{WAIVERS}!A3": "SPAIN", f"{WAIVERS}!B3": "lor",
        f"{WAIVERS}!A4": "FRANCE", f"{WAIVERS}!B4": "Narnia", f"{WAIVERS}!A5": "FRANCE", f"{WAIVERS}!B5": "Burgundy"}))
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    assert [(p.cell, p.found) for p in caught.value.problems] == [("B2", "'North Atlantic'"), ("B4", "'Narnia'")]
    assert "a supply center or another land province" in caught.value.problems[0].expected
    assert _files(spring) == before
    spring.workbook.write_bytes(set_cells(original, {
        f"{WAIVERS}!A2": "SPAIN", f"{WAIVERS}!B2": "lor", f"{WAIVERS}!A3": "FRANCE", f"{WAIVERS}!B3": "Burgundy",
        f"{WAIVERS}!A4": "DENMARK", f"{WAIVERS}!B4": "dal"}))
    run_turn("g", root=spring.root, site_dir=None)
    assert load_state("g", spring.root).history[-1]["extra"]["europe1615"]["waivers"] == [
        ["SPAIN", "LOR"], ["FRANCE", "BUR"], ["DENMARK", "DAL"]]


def test_abandonment_and_rulings_through_the_workbook(spring):
    """The Abandonment sheet ('When a power is abandoned, and the GM is unable to find a
    replacement') and the Sanction Rulings sheet ('It is at the discretion of the GM to resolve
    the overlapping of rules') are read from the real workbook: a ruling on a sanction that has
    not come into effect names its cell and nothing is written; an abandoned power is recorded
    and listed again on the next phase's sheet."""
    from gm_tools.systems.europe1615.sheets import ABANDONED, RULINGS

    original = spring.workbook.read_bytes()
    spring.workbook.write_bytes(set_cells(original, {f"{RULINGS}!A2": "Protestant Union", f"{RULINGS}!B2": "overlap"}))
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    assert f"{RULINGS}!A2: found 'Protestant Union', expected a sanction that has come into effect" in str(caught.value)
    assert _files(spring) == before
    spring.workbook.write_bytes(set_cells(original, {f"{ABANDONED}!A2": "ENGLAND"}))
    run_turn("g", root=spring.root, site_dir=None)
    state = load_state("g", spring.root)
    assert state.history[-1]["extra"]["europe1615"]["abandoned"] == ["ENGLAND"]
    book = openpyxl.load_workbook(io.BytesIO(spring.workbook.read_bytes()))
    assert book[ABANDONED]["A2"].value == "ENGLAND"


def test_a_dissolved_power_orders_no_ottoman_unit(spring):
    """'ELIMINATION AND EFFECTS OF': 'Any player who has been eliminated cannot continue receiving
    nor deploying INFs'; 'ABANDONMENT / CIVIL DISORDER': an abandoned power 'will be dissolved at
    the winter phase' (NOTES.md: it counts as eliminated from then on). 'The Ottomans': 'which
    order is followed depends on the influential 'weight' for the year': a power with no INFs
    left in the game has no say. Its block is no longer laid out on the Orders sheet, and an
    Ottoman order typed in its name is refused at its cell, nothing written."""
    from gm_tools.systems.europe1615.sheets import ABANDONED

    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(), {f"{ABANDONED}!A2": "ENGLAND"}))
    for _ in range(8):
        if openpyxl.load_workbook(io.BytesIO(spring.workbook.read_bytes()))["Game"]["B4"].value == "U1616M":
            break
        run_turn("g", root=spring.root, site_dir=None, force=True)
    book = openpyxl.load_workbook(io.BytesIO(spring.workbook.read_bytes()))
    assert book["Game"]["B4"].value == "U1616M"
    orders = book["Orders"]
    assert "ENGLAND" not in [orders.cell(r, 1).value for r in range(1, orders.max_row + 1)]
    row = next(r for r in range(1, orders.max_row + 1)
               if orders.cell(r, 1).value == "AUSTRIA" and orders.cell(r, 2).value == "A SER")
    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(),
                                          {f"Orders!A{row}": "ENGLAND", f"Orders!C{row}": "- BOS"}))
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    assert f"Orders!C{row}: found '- BOS', expected" in str(caught.value)
    assert "ENGLAND is dissolved: it orders no minor state's or Ottoman unit" in str(caught.value)
    assert _files(spring) == before
    # the same order mailed by England is refused with the same words, nothing typed
    from gm_tools.app.mailorders import enter_mails

    report = enter_mails("g", [("england", b"England\nA SER - BOS\n")], root=spring.root, dry_run=True)
    assert [(where, found) for where, found, _ in report.refused] == [("england line 2", "'A SER - BOS'")]
    assert "ENGLAND is dissolved" in report.refused[0][2] and report.written == []


def test_a_deployment_of_no_infs_or_fewer_is_named_at_its_infs_cell(spring):
    """'Writing the orders': a deployment is a number of INFs to a minor state ('9 INFs to
    Wuerttemburg (WUR)'); -3 or 0 INFs is none. The problem is the number, so the INFs cell (B)
    is named with what was typed there, not the Minor state cell beside it; nothing is written."""
    found = _refused(spring, {
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": -3, f"{DEPLOYMENT}!C2": "WUR",
        f"{DEPLOYMENT}!A3": "SPAIN", f"{DEPLOYMENT}!B3": 0, f"{DEPLOYMENT}!C3": "LOR",
        f"{DEPLOYMENT}!A4": "AUSTRIA", f"{DEPLOYMENT}!B4": 5, f"{DEPLOYMENT}!C4": "BAV"})
    assert set(found) == {(DEPLOYMENT, "B2"), (DEPLOYMENT, "B3")}
    assert found[(DEPLOYMENT, "B2")][0] == "-3" and found[(DEPLOYMENT, "B3")][0] == "0"
    assert "1 or more" in found[(DEPLOYMENT, "B2")][1] and "WUR" in found[(DEPLOYMENT, "B2")][1]


def test_a_waiver_of_ones_own_home_center_is_refused(spring):
    """'BUILD/ADJUSTMENT PHASE', 'Waiving the capture of a center: The player occupying a
    foreign power's center, or a minor state's center, or a province at the build phase may
    waive the capture of the center or province.' A power's own home center is none of these
    (there is no capture of it to waive): France waiving PAR is refused at its cell and nothing
    is written; Spain waiving Lorraine's center (a minor state's) and France waiving Madrid (a
    foreign power's) stand."""
    from gm_tools.systems.europe1615.sheets import WAIVERS

    original = spring.workbook.read_bytes()
    spring.workbook.write_bytes(set_cells(original, {
        f"{WAIVERS}!A2": "SPAIN", f"{WAIVERS}!B2": "LOR", f"{WAIVERS}!A3": "FRANCE", f"{WAIVERS}!B3": "par",
        f"{WAIVERS}!A4": "FRANCE", f"{WAIVERS}!B4": "MAD"}))
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found) == (WAIVERS, "B3", "'par'")
    assert "other than FRANCE's own home centers" in problem.expected and "PAR" in problem.expected
    assert _files(spring) == before
    spring.workbook.write_bytes(set_cells(original, {
        f"{WAIVERS}!A2": "SPAIN", f"{WAIVERS}!B2": "LOR", f"{WAIVERS}!A3": "FRANCE", f"{WAIVERS}!B3": "MAD"}))
    run_turn("g", root=spring.root, site_dir=None)
    assert load_state("g", spring.root).history[-1]["extra"]["europe1615"]["waivers"] == [["SPAIN", "LOR"],
                                                                                         ["FRANCE", "MAD"]]


def _timeline_cells(titles, rows) -> dict[str, object]:
    from gm_tools.systems.europe1615.sheets import TIMELINE

    cells: dict[str, object] = {}
    for title, row in zip(titles, rows):
        cells[f"{TIMELINE}!A{row}"] = title
        cells[f"{TIMELINE}!B{row}"] = f"U{1614 + row}M"
    return cells


def test_every_mistake_of_a_typed_sanctions_timeline_is_named_at_once(tmp_path):
    """A sanction that is none, a phase that is none or not one a sanction comes in, and the sanctions
    no row names: all in one round ('The complete timeline will have each sanction appearing at
    least once'), each phase quoted as the GM typed it."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.systems.europe1615.sheets import TIMELINE

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{TIMELINE}!A2": "Treaty of Lyon", f"{TIMELINE}!B2": "U1616M",
        f"{TIMELINE}!A3": "nonsense", f"{TIMELINE}!B3": "Sprung 1617",
        f"{TIMELINE}!A4": "Bohemian revolt", f"{TIMELINE}!B4": 1616}))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    found = {p.cell: p.found for p in caught.value.problems if p.sheet == TIMELINE}
    assert found["A3"] == "'nonsense'" and found["B3"] == "'Sprung 1617'" and found["B4"] == "'1616'"
    (missing,) = [p for p in caught.value.problems if p.sheet == TIMELINE and p.cell not in ("A3", "B3", "B4")]
    assert "Catalan secession" in missing.expected and "Treaty of Lyon" not in missing.expected
    assert "Bohemian revolt" not in missing.expected
    # every sanction missing is named in the message the GM reads, none cut off (QA: it read
    # "... Protestant imm... (331 characters in all)")
    message = str(missing)
    assert "characters in all" not in message
    titles = [s.title for s in setup_of(load_variant("europe1615")).sanctions.values()]
    assert all(t in message for t in titles if t not in ("Treaty of Lyon", "Bohemian revolt"))


@pytest.mark.parametrize("case", ["two left off the end", "a row cleared", "a row without its phase"])
def test_an_incomplete_sanctions_timeline_names_the_cell_to_fill(tmp_path, case):
    """'SANCTIONS AND THE PRE-GENERATED TIMELINE': 'The complete timeline will have each
    sanction appearing at least once.' A timeline the GM types at the Initial Status Check
    without some sanction is refused at the first row with no sanction on it (where the missing
    one is to be typed), naming the sanctions missing; a row with its sanction and no phase
    ('on which year & season a particular sanction will come into effect') at its empty Phase
    cell. Nothing is written."""
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615.sheets import TIMELINE

    titles = [s.title for s in setup_of(load_variant("europe1615")).sanctions.values()]
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    if case == "two left off the end":
        cells, missing, cell = _timeline_cells(titles[:-2], range(2, 100)), titles[-2:], f"A{len(titles)}"
    elif case == "a row cleared":
        cells, missing, cell = _timeline_cells(titles[:3] + titles[4:], [2, 3, 4] + list(range(6, 100))), [titles[3]], "A5"
    else:
        cells, missing, cell = dict(_timeline_cells(titles, range(2, 100)), **{f"{TIMELINE}!B4": None}), [], "B4"
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))
    before = _files(paths)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell) == (TIMELINE, cell)
    assert problem.found.startswith("an empty cell") and all(t in problem.expected for t in missing)
    assert ("each sanction appearing at least once" if missing else "a phase a sanction may come") in problem.expected
    assert _files(paths) == before


def test_a_required_disband_naming_the_wrong_kind_of_unit_is_refused(tmp_path):
    """'Disbanding': 'If the minor state has 2 or more units, and one or more of its non-home
    centers are captured, the aligned power will submit the orders to disband in the Early
    Winter Adjustment Phase.' Mecklenburg (aligned with Denmark) has lost Stralsund and keeps
    armies in MEC and POM. 'F POM' names a fleet where an army stands: the sheet refuses it at
    its cell (variants/europe1615/NOTES.md, 'Required disbands of a minor': the GM's list names
    the unit, and a wrong one is more likely a wrong province than a slip of the letter), the
    army left on the board and nothing written; 'A POM' disbands the army."""
    from europe1615_play import board, game_at
    from gm_tools.systems.europe1615.sheets import DISBANDS

    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "SRL": "A BRA"}, phase="E1616D", centers=centers,
                  influence={"MEC": {"DENMARK": 10}})
    paths = game_at(tmp_path, early)
    original = paths.workbook.read_bytes()
    book = openpyxl.load_workbook(io.BytesIO(original))
    assert [c.value for c in book[DISBANDS][2]] == ["DENMARK", None, "MEC: 1 to disband of A MEC, A POM"]
    from gm_tools.app.status import phase_status

    # 'the aligned power will submit the orders to disband': the GM is told whose and for which state
    assert "  waiting for: DENMARK (the orders to disband 1 unit of MEC (Mecklenburg))" in (
        phase_status("g", root=tmp_path).text().splitlines())
    paths.workbook.write_bytes(set_cells(original, {f"{DISBANDS}!B2": "F POM"}))
    before = _files(paths)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found, problem.expected) == (
        DISBANDS, "B2", "'F POM'", "the unit there, 'A POM'")
    assert _files(paths) == before
    paths.workbook.write_bytes(set_cells(original, {f"{DISBANDS}!B2": "A POM"}))
    run_turn("g", root=tmp_path, site_dir=None)
    mine = sorted(p for p, u in load_state("g", tmp_path).position.units.items() if u.power == "MEC")
    assert mine == ["MEC"]


def test_the_rulebooks_example_timeline_is_typed_as_it_stands(tmp_path):
    """000_cc215928c2f3193e.txt, 'SANCTIONS AND THE PRE-GENERATED TIMELINE': "An example of a
    timeline with the first sanction coming into effect in 1616: Summer 1616: Anti-Hapsburg
    Campaign / Spring 1617: Protestant League / Spring 1618: Kejserkrigen / Winter 1618:
    Swedish/Gustav's intervention / Summer 1619: Polish intervention". Its names as it writes
    them ('Protestant League' is the Protestant Union, 'Campaign' in capitals) and its Winter
    (the Late Winter, W1618A) are taken; the Scoring Phase is no phase a sanction comes in."""
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615.sheets import TIMELINE

    example = [("Anti-Hapsburg Campaign", "U1616M"), ("Protestant League", "S1617M"), ("Kejserkrigen", "S1618M"),
               ("Swedish/Gustav's intervention", "W1618A"), ("Polish intervention", "U1619M")]
    named = {"anti_hapsburg_campaign", "protestant_union", "kejserkrigen", "swedish_intervention",
             "polish_intervention"}
    sanctions = setup_of(load_variant("europe1615")).sanctions
    rest = [(s.title, f"S{1620 + i}M") for i, (k, s) in enumerate(sorted(sanctions.items())) if k not in named]
    cells = {}
    for row, (title, phase) in enumerate(example + rest, start=2):
        cells[f"{TIMELINE}!A{row}"], cells[f"{TIMELINE}!B{row}"] = title, phase
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    original = paths.workbook.read_bytes()
    paths.workbook.write_bytes(set_cells(original, dict(cells, **{f"{TIMELINE}!B5": "W1618S"})))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found) == (TIMELINE, "B5", "'W1618S'")
    paths.workbook.write_bytes(set_cells(original, cells))
    run_turn("g", root=tmp_path, site_dir=None)
    timeline = load_state("g", tmp_path).history[-1]["after"]["extra"]["europe1615"]["timeline"]
    assert timeline[:5] == [["anti_hapsburg_campaign", "U1616M"], ["protestant_union", "S1617M"],
                            ["kejserkrigen", "S1618M"], ["swedish_intervention", "W1618A"],
                            ["polish_intervention", "U1619M"]]


def test_france_permits_a_spanish_unit_through_switzerland_on_the_swiss_passage_sheet(tmp_path):
    """000_cc215928c2f3193e.txt, 'Treaty of Lyon': "Spain will be unable to move a unit through
    Switzerland, unless France permits it." While the treaty is in effect the movement phase's
    workbook has a Swiss Passage sheet; the Spanish army in Milan ordered into Switzerland is
    refused at its cell until the GM lists it there (France's word), then moves; the
    permission is for that phase alone, and a unit not of Spain's side is refused at its cell."""
    from europe1615_play import SETUP, VARIANT, board, game_at
    from gm_tools.systems.europe1615.phases import settle
    from gm_tools.systems.europe1615.sheets import PASSAGE
    from gm_tools.systems.europe1615.state import state_of, with_state

    position = board({"MIL": "A SPAIN", "LYO": "A FRANCE"}, phase="S1617M", influence={"SAV": {"FRANCE": 4}})
    state = state_of(position)
    state.timeline = tuple((k, "S1616M" if k == "treaty_of_lyon" else "S1640M") for k in SETUP.sanctions)
    position, _ = settle(VARIANT, with_state(position, state))
    assert state_of(position).sanctions_on == {"treaty_of_lyon": 1617}
    paths = game_at(tmp_path, position)
    original = fill_orders(paths.workbook.read_bytes(), {"SPAIN": ["A MIL - SWI"]})
    assert [c.value for c in openpyxl.load_workbook(io.BytesIO(original))[PASSAGE][1]] == ["Spanish unit"]
    paths.workbook.write_bytes(original)
    before = _files(paths)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    assert "unless France permits it" in str(caught.value) and _files(paths) == before
    paths.workbook.write_bytes(set_cells(original, {f"{PASSAGE}!A2": "A LYO"}))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = [p for p in caught.value.problems if p.sheet == PASSAGE]
    assert (problem.cell, problem.found) == ("A2", "'A LYO'") and "A MIL" in problem.expected
    paths.workbook.write_bytes(set_cells(original, {f"{PASSAGE}!A2": "a mil"}))
    run_turn("g", root=tmp_path, site_dir=None)
    state = load_state("g", tmp_path)
    assert str(state.position.units["SWI"]) == "A SWI" and state.position.units["SWI"].power == "SPAIN"
    assert state.history[-1]["extra"]["europe1615"]["swiss_passage"] == ["MIL"]
    assert state_of(state.position).swiss_passage == ()  # for that phase alone
    from gm_tools.systems.europe1615.report import sections

    assert ("Treaty of Lyon", "France permits A MIL to move through Switzerland this phase ('unless France "
            "permits it').") in sections(VARIANT, state.history[-1])


def test_a_mailed_swiss_passage_is_checked_against_the_swiss_passage_sheet(tmp_path):
    """000_cc215928c2f3193e.txt, 'Treaty of Lyon': "Spain will be unable to move a unit through
    Switzerland, unless France permits it." The mail check reads the workbook's other sheets as
    the turn does: Spain's mailed ``A MIL - SWI`` is refused while A MIL is not on the Swiss
    Passage sheet, typed once the GM has listed it there (France's word), and typed too while the
    GM's Sanction Rulings sheet suspends the treaty ('It is at the discretion of the GM to resolve
    the overlapping of rules'); the turn then moves it."""
    from europe1615_play import SETUP, VARIANT, board, game_at
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.systems.europe1615.phases import settle
    from gm_tools.systems.europe1615.sheets import PASSAGE, RULINGS
    from gm_tools.systems.europe1615.state import state_of, with_state

    position = board({"MIL": "A SPAIN", "LYO": "A FRANCE"}, phase="S1617M", influence={"SAV": {"FRANCE": 4}})
    state = state_of(position)
    state.timeline = tuple((k, "S1616M" if k == "treaty_of_lyon" else "S1640M") for k in SETUP.sanctions)
    position, _ = settle(VARIANT, with_state(position, state))
    paths = game_at(tmp_path, position)
    original = paths.workbook.read_bytes()
    mail = [("spain", b"Spain\nA MIL - SWI\n")]
    report = enter_mails("g", mail, root=tmp_path, dry_run=True)
    assert [(where, found) for where, found, _ in report.refused] == [("spain line 2", "'A MIL - SWI'")]
    assert "unless France permits it" in report.refused[0][2]
    paths.workbook.write_bytes(set_cells(original, {f"{RULINGS}!A2": "Treaty of Lyon",
                                                    f"{RULINGS}!B2": "France and Spain at peace"}))
    report = enter_mails("g", mail, root=tmp_path, dry_run=True)
    assert report.refused == [] and [w[1:3] for w in report.written] == [("SPAIN", "A MIL - SWI")]
    paths.workbook.write_bytes(set_cells(original, {f"{PASSAGE}!A2": "A MIL"}))
    report = enter_mails("g", mail, root=tmp_path)
    assert report.refused == [] and [w[1:3] for w in report.written] == [("SPAIN", "A MIL - SWI")]
    book = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    assert book[PASSAGE]["A2"].value == "A MIL"  # the GM's row is left as it was
    run_turn("g", root=tmp_path, site_dir=None)
    moved = load_state("g", tmp_path).position.units["SWI"]
    assert str(moved) == "A SWI" and moved.power == "SPAIN"


def test_a_timeline_phase_before_the_game_starts_is_refused_at_its_cell(tmp_path):
    """000_cc215928c2f3193e.txt, 'SANCTIONS AND THE PRE-GENERATED TIMELINE': "The GM will submit
    a randomly-generated timeline before the start of the game showing on which year & season a
    particular sanction will come into effect." A sanction comes into effect in a phase of the
    game: S1614M (a slip for S1624M), before the game's first phase (I1615C), is refused at its
    Phase cell with what was typed, and nothing is written. The text's 1616 ('An example of a
    timeline with the first sanction coming into effect in 1616') is an example, not a rule: the
    game's first movement phase, S1615M, stands."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.systems.europe1615.sheets import TIMELINE

    titles = [s.title for s in setup_of(load_variant("europe1615")).sanctions.values()]
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    original, cells = paths.workbook.read_bytes(), _timeline_cells(titles, range(2, 100))
    paths.workbook.write_bytes(set_cells(original, dict(cells, **{f"{TIMELINE}!B3": "s1614m"})))
    before = _files(paths)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found) == (TIMELINE, "B3", "'s1614m'")
    assert "I1615C" in problem.expected and "before the start of the game" in problem.expected
    assert _files(paths) == before
    paths.workbook.write_bytes(set_cells(original, dict(cells, **{f"{TIMELINE}!B3": "S1615M"})))
    run_turn("g", root=tmp_path, site_dir=None)
    timeline = load_state("g", tmp_path).history[-1]["after"]["extra"]["europe1615"]["timeline"]
    assert timeline[1] == [timeline[1][0], "S1615M"]


def test_a_province_of_a_minor_state_names_the_state_to_deploy_to(spring):
    """rulebook 000 (Europe 1615 v3): 'the Papal States (PAPL) which consists of Rome (ROM) and
    the Marche (MAR)', 'Lower Saxony consists of two provinces: Bremen and Brunswick-Lunenburg':
    a deployment to ROM or BRU names the province's minor state (PAPL, LOWR), not provinces
    of other states spelt alike (CRO, ROC); nothing is written (QA)."""
    found = _refused(spring, {
        f"{DEPLOYMENT}!A2": "SPAIN", f"{DEPLOYMENT}!B2": 5, f"{DEPLOYMENT}!C2": "ROM",
        f"{DEPLOYMENT}!A3": "DENMARK", f"{DEPLOYMENT}!B3": 4, f"{DEPLOYMENT}!C3": "Brunswick",
        f"{ATTACKS}!A2": "FRANCE", f"{ATTACKS}!B2": "MAR > SPAIN"})
    assert found == {
        (DEPLOYMENT, "C2"): ("'ROM', a province of the Papal States", "a pliant minor state (did you mean PAPL?)"),
        (DEPLOYMENT, "C3"): ("'Brunswick', a province of Lower Saxony", "a pliant minor state (did you mean LOWR?)"),
        (ATTACKS, "B2"): ("'MAR', a province of the Papal States", "a pliant minor state (did you mean PAPL?)")}


def test_an_entry_on_the_wrong_sheet_names_the_sheet_it_goes_on(spring):
    """rulebook 000, 'Writing the orders': a power's mail holds its INF deployment list ('9 INFs
    to Wuerttemburg (WUR)'), its diplomatic attack ('MINOR STATE > MAJOR POWER') and its unit
    orders, which the GM types on three sheets. An attack typed in a deployment's Minor state
    cell, a unit order on the Diplomatic Attacks sheet and a deployment on the Orders sheet are
    each named for what they are, with the sheet they go on; nothing is written (QA)."""
    found = _refused(spring, {
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": 5, f"{DEPLOYMENT}!C2": "LOR > SPAIN",
        f"{ATTACKS}!A2": "SPAIN", f"{ATTACKS}!B2": "A MAD - CAT",
        "Orders!C3": "9: WUR"})
    assert found == {
        (DEPLOYMENT, "C2"): ("'LOR > SPAIN', a diplomatic attack",
                             "a pliant minor state (diplomatic attacks go on the Diplomatic Attacks sheet)"),
        (ATTACKS, "B2"): ("'A MAD - CAT'", "a diplomatic attack such as 'LOR > FRANCE' ('MINOR STATE > MAJOR POWER'; "
                                           "unit orders go on the Orders sheet)"),
        ("Orders", "C3"): ("'9: WUR'", "a unit's order: '9: WUR' is an INF placement, which goes on the INF "
                                       "Deployment sheet")}


def test_a_row_with_an_empty_cell_names_the_column_to_fill(spring):
    """A deployment ('9 INFs to Wuerttemburg (WUR)'), an attack ('MINOR STATE > MAJOR POWER')
    or a waiver row with one cell left empty names that column and what the row needs, in
    plain words (it read "a Attack on an attack row"); nothing is written (QA)."""
    found = _refused(spring, {
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!C2": "WUR",
        f"{ATTACKS}!A2": "SPAIN", "Waivers!B2": "LOR"})
    assert found == {
        (DEPLOYMENT, "B2"): ("an empty cell", "a value in its INFs column (a deployment row needs Power, INFs and Minor state)"),
        (ATTACKS, "B2"): ("an empty cell", "a value in its Attack column (an attack row needs Power and Attack)"),
        ("Waivers", "A2"): ("an empty cell", "a value in its Power column (a waiver row needs Power and Center)")}


def test_the_status_check_and_an_early_winter_with_nothing_due_need_no_force(tmp_path):
    """rulebook 000, 'PHASES OF THE GAME YEAR': '1- Initial Status Check' ('Each power receives
    influence points (INFs) at the beginning of each year'; the GM's Sanctions Timeline may be
    left empty, to be drawn) and '5- Early Winter Adjustment Phase (Required Disbands)', where
    'the aligned power will submit the orders to disband' only when a disband is due. Neither
    waits for a player when nothing is due: ``gm-tools turn`` processes them without --force
    (it said 'nothing to do ... every unit without orders'), and ``status`` waits for nobody (QA)."""
    from gm_tools.app.status import phase_status

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    assert phase_status("g", root=tmp_path).waiting_for == []
    run_turn("g", root=tmp_path, site_dir=None)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    for _ in range(3):  # the movement phases wait for the players: forced, nothing entered
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "E1615D"
    assert phase_status("g", root=tmp_path).waiting_for == []
    run_turn("g", root=tmp_path, site_dir=None)
    assert load_state("g", tmp_path).position.phase != "E1615D"


def test_a_sanction_whose_time_came_but_not_its_conditions_is_said_to_wait(tmp_path):
    """rulebook 000, 'Treaty of Lyon': 'For this sanction to be available to vote on, France must
    not have been eliminated, Savoy is aligned with France, and Switzerland is not aligned with
    Spain.' Timed for Spring 1615 with Savoy aligned with no one, it is not in effect; the
    sanctions the players read then say it waits for its conditions, not that it is 'to come'
    in a phase already reached (QA)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.judgetext import judge_text
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.systems.europe1615.sheets import TIMELINE

    titles = [s.title for s in setup_of(load_variant("europe1615")).sanctions.values()]
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    cells = _timeline_cells([t for t in titles if t != "Treaty of Lyon"], range(2, 100))
    cells.update({f"{TIMELINE}!A30": "Treaty of Lyon", f"{TIMELINE}!B30": "S1615M"})
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))
    record = run_turn("g", root=tmp_path, site_dir=None).record
    text = " ".join(judge_text(load_variant("europe1615"), record).split())
    assert "Spring 1615 Movement: Treaty of Lyon" not in text
    assert ("Due but not in effect while its conditions do not hold (tried again each phase): Treaty of Lyon "
            "(Spring 1615 Movement)") in text


def test_a_deployment_rows_misspelt_power_and_infs_in_words_are_named_together(spring):
    """'Writing the orders': a deployment is a number of INFs to a minor state ('9 INFs to
    Wuerttemburg (WUR)'). A row with its power misspelt and its INFs in words ('Frnace', 'ten')
    has both cells named in one turn; the INFs were named only once the power was put right,
    so the GM needed a turn for each slip of one row (QA). Nothing is written."""
    found = _refused(spring, {
        f"{DEPLOYMENT}!A2": "Frnace", f"{DEPLOYMENT}!B2": "ten", f"{DEPLOYMENT}!C2": "SAV",
        f"{DEPLOYMENT}!A3": None, f"{DEPLOYMENT}!B3": "5 apples", f"{DEPLOYMENT}!C3": "LOR"})
    assert set(found) == {(DEPLOYMENT, "A2"), (DEPLOYMENT, "B2"), (DEPLOYMENT, "A3"), (DEPLOYMENT, "B3")}
    assert found[(DEPLOYMENT, "B2")] == ("'ten'", "a whole number (INFs)")
    assert found[(DEPLOYMENT, "B3")] == ("'5 apples'", "a whole number (INFs)")
    assert found[(DEPLOYMENT, "A3")][0] == "an empty cell"


def test_units_sheet_names_every_power_that_may_order_a_minor(spring):
    """'France submits orders to the units in the minor states where the INFs will be deployed
    to' and 'The Catholic powers, only, may ... submit orders to the Papal States (PAPL)'
    (000, 'Writing the orders'): every power may order a minor's unit, so the Units sheet must
    not list them under Austria as if they were hers (as it did: 'ordered by AUSTRIA')."""
    sheet = openpyxl.load_workbook(spring.workbook, read_only=True)["Units"]
    status = {row[1]: (row[0], row[4]) for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert status["A BAV"] == ("BAV", "may be ordered by AUSTRIA, FRANCE, SPAIN, ENGLAND or DENMARK")
    assert status["A ROM"] == ("PAPL", "may be ordered by AUSTRIA, FRANCE or SPAIN")
    assert status["A VIE"] == ("AUSTRIA", None)
    assert not any(note and note.startswith("ordered by") for _, note in status.values())


def test_the_rulebooks_deployment_list_typed_into_the_sheet_as_it_stands(spring):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR), 3 INFs
    to the Rhineland (RHI), 1 INFs to Lower Saxony (LOWR), 12 INFs to the Lorraine (LOR), and 10
    INFs to Savoy (SAV)'. QA finding: a GM typing the example's names with their codes into the
    Minor state cells had four of five refused ('did you mean WUR?', the code already in the
    cell); a name and the code in brackets that agree are the state, one that does not agree
    is still refused."""
    rows = [("9 INFs", "Wuerttemburg (WUR)"), (3, "the Rhineland (RHI)"), ("1 INFs", "Lower Saxony (LOWR)"),
            (12, "the Lorraine (LOR)"), (10, "Savoy (SAV)")]
    cells = {}
    for row, (infs, minor) in enumerate(rows, start=2):
        cells |= {f"{DEPLOYMENT}!A{row}": "FRANCE", f"{DEPLOYMENT}!B{row}": infs, f"{DEPLOYMENT}!C{row}": minor}
    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(), cells))
    run_turn("g", root=spring.root, site_dir=None)
    placed = load_state("g", spring.root).history[-1]["extra"]["europe1615"]["placements"]
    assert [(p["infs"], p["minor"]) for p in placed] == [(9, "WUR"), (3, "RHI"), (1, "LOWR"), (12, "LOR"), (10, "SAV")]


def test_a_name_and_a_code_in_brackets_that_disagree_are_refused(spring):
    """The name outside the brackets and the code inside must name the same pliant minor state:
    'Savoy (LOR)' is refused, as neither is taken over the other."""
    found = _refused(spring, {f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": 5, f"{DEPLOYMENT}!C2": "Savoy (LOR)"})
    assert list(found) == [(DEPLOYMENT, "C2")] and found[(DEPLOYMENT, "C2")][0] == "'Savoy (LOR)'"


def test_an_attack_from_a_state_without_the_attackers_infs_names_the_phase(spring):
    """rulebook 000, THE DIPLOMATIC ATTACK: 'a player will select one state where he/she has
    deployed or will be deploying INFs'; INFs go with each movement phase's orders ('Deployment of
    influence with submission of orders'). QA finding: the refusal said Denmark 'places none
    there this year', Europe 1619's yearly words: a deployment in a later phase of the year
    cannot stand for this phase's attack."""
    found = _refused(spring, {f"{DEPLOYMENT}!A2": "SPAIN", f"{DEPLOYMENT}!B2": 5, f"{DEPLOYMENT}!C2": "LOR",
                              f"{ATTACKS}!A2": "DENMARK", f"{ATTACKS}!B2": "LOR > SPAIN"})
    assert found == {(ATTACKS, "B2"): ("'LOR > SPAIN'", "an entry the rules allow: DENMARK has no INFs in LOR and "
                                       "deploys none there this phase ('one state where he/she has deployed or will be "
                                       "deploying INFs')")}


def test_a_deployment_row_typed_the_other_way_round_says_so(spring):
    """rulebook 000, 'Writing the orders': '9 INFs to Wuerttemburg (WUR)', the INFs then the minor
    state, as the sheet's columns are. QA finding: 'WUR' in the INFs cell and 9 in the Minor state
    cell was refused as "expected a whole number (INFs)" alone; the refusal names the cell that
    holds the number, so the GM swaps the two."""
    found = _refused(spring, {f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": "WUR", f"{DEPLOYMENT}!C2": 9})
    assert found == {(DEPLOYMENT, "B2"): ("'WUR'", f"a whole number (INFs) ({DEPLOYMENT}!C2 holds 9: the two the "
                                          "other way round?)")}
