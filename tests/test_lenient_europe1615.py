"""`gm-tools turn --lenient` on Europe 1615's input sheets, version 3 and version 2 (Payola): a
row the rules refuse on its own is an order not made, dropped and named in the turn's report,
on the phase's page and in its judge text, and kept in the record's `dropped`
(docs/workbook.md, "Checking"); rows read together (a deployment list past the power's INFs,
two attacks of one power) still stop the lenient turn with the strict turn's error. Before,
every problem of these sheets stopped a lenient turn as it stops a strict one.

Played on new games' real workbooks, typed as the GM types them, and adjudicated for real.
"""

from __future__ import annotations

import pytest

from demos import file_hashes
from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615.sheets import ABANDONED, ATTACKS, DEPLOYMENT, RULINGS, WAIVERS
from gm_tools.systems.europe1615v2 import sheets as v2
from workflow_helpers import sheet_rows

CREATED = "2000-01-01T00:00:00Z"


@pytest.fixture
def spring(tmp_path):
    """A Europe 1615 v3 game at Spring 1615 Movement (the Initial Status Check processed)."""
    new_game("europe1615", "g", root=tmp_path / "games", seed=7, created=CREATED)
    run_turn("g", root=tmp_path / "games", site_dir=None, force=True)
    return game_paths("g", tmp_path / "games")


@pytest.fixture
def influence(tmp_path):
    """A Europe 1615 v2 game at its first Political and Religious Influence Phase."""
    new_game("europe1615v2", "g", root=tmp_path / "games", seed=7, created=CREATED)
    return game_paths("g", tmp_path / "games")


def _lenient(paths, cells: dict, site=None):
    """The strict turn refused with nothing written, then the lenient turn's report."""
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))
    before = file_hashes(paths.root)
    with pytest.raises(WorkbookError):
        run_turn("g", root=paths.root, site_dir=None)
    assert file_hashes(paths.root) == before
    return run_turn("g", root=paths.root, lenient=True, site_dir=site)


def _still_stops(paths, cells: dict) -> WorkbookError:
    """The lenient turn refused as the strict one is, with the same problems, nothing written."""
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))
    before = file_hashes(paths.root)
    with pytest.raises(WorkbookError) as strict:
        run_turn("g", root=paths.root, site_dir=None)
    with pytest.raises(WorkbookError) as lenient:
        run_turn("g", root=paths.root, lenient=True, site_dir=None)
    assert [str(p) for p in lenient.value.problems] == [str(p) for p in strict.value.problems]
    assert file_hashes(paths.root) == before
    return lenient.value


def test_europe1615_rows_the_rules_refuse_are_dropped_and_named(spring, tmp_path):
    """Rulebook 000_cc215928c2f3193e.txt: 'Standard 5th Edition rules of Diplomacy apply', an
    invalid order void; 'A listing of the minor states that may be influenced' (XYZ is none);
    'The Catholic powers, only, may deploy INFs ... to the Papal States (PAPL)'; 'THE DIPLOMATIC
    ATTACK': 'one state where he/she has deployed or will be deploying INFs' (England's attack
    from Lorraine, its deployment there dropped); 'may waive the capture of the center or
    province' (Atlantis is none); an abandonment of no power. France's deployment stands."""
    site = tmp_path / "site"
    report = _lenient(spring, {
        **sheet_rows(DEPLOYMENT, ("FRANCE", 9, "XYZ"), ("ENGLAND", 3, "PAPL"), ("FRANCE", 5, "LOR"),
                     ("SPAIN", 0, "LOR"), ("ENGLAND", 4, "LORR")),
        **sheet_rows(ATTACKS, ("ENGLAND", "LOR > FRANCE")),
        **sheet_rows(WAIVERS, ("ENGLAND", "Atlantis")),
        **sheet_rows(ABANDONED, ("Franse",)),
    }, site=site)
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [
        (f"{DEPLOYMENT}!A2:C2", "FRANCE | 9 | XYZ"), (f"{DEPLOYMENT}!A3:C3", "ENGLAND | 3 | PAPL"),
        (f"{DEPLOYMENT}!A5:C5", "SPAIN | 0 | LOR"), (f"{DEPLOYMENT}!A6:C6", "ENGLAND | 4 | LORR"),
        (f"{ATTACKS}!A2:B2", "ENGLAND | LOR > FRANCE"), (f"{WAIVERS}!A2:B2", "ENGLAND | Atlantis"),
        (f"{ABANDONED}!A2", "Franse")]
    assert "only Catholic powers may deploy INFs to the Papal States" in record["dropped"][1]["error"]
    assert "ENGLAND has no INFs in LOR" in record["dropped"][4]["error"]
    inputs = record["extra"]["europe1615"]
    assert inputs["placements"] == [{"power": "FRANCE", "infs": 5, "minor": "LOR"}]
    assert inputs["attacks"] == [] and "waivers" not in inputs and not inputs.get("abandoned")
    text = report.text()
    assert f"  {ATTACKS}!A2:B2 (ENGLAND | LOR > FRANCE): {ATTACKS}!B2: found 'LOR > FRANCE'" in text
    page = (site / "games" / "g" / "S1615M.html").read_text(encoding="utf-8")
    assert "Entries dropped" in page and f"{DEPLOYMENT}!A2:C2 (FRANCE | 9 | XYZ)" in page
    judge = " ".join((site / "games" / "g" / "S1615M.txt").read_text(encoding="utf-8-sig").split())
    assert f"Entries dropped: {DEPLOYMENT}!A2:C2 (FRANCE | 9 | XYZ): {DEPLOYMENT}!C2: found 'XYZ'" in judge
    assert replay("g", spring.root) == []


def test_europe1615_a_deployment_list_past_the_powers_infs_still_stops_a_lenient_turn(spring):
    """Rulebook 000, 'Writing the orders': 'players cannot deploy more than the available INFs for
    the year'; which of a list's deployments is one too many is the player's to say, so no row is
    dropped: the lenient turn stops with every problem the strict one names, an unknown minor
    state's row beside it too."""
    error = _still_stops(spring, {
        f"{DEPLOYMENT}!A2": "SPAIN", f"{DEPLOYMENT}!B2": 20, f"{DEPLOYMENT}!C2": "LOR",
        f"{DEPLOYMENT}!A3": "SPAIN", f"{DEPLOYMENT}!B3": 20, f"{DEPLOYMENT}!C3": "SAV",
        f"{DEPLOYMENT}!A4": "FRANCE", f"{DEPLOYMENT}!B4": 2, f"{DEPLOYMENT}!C4": "XYZ"})
    # the INFs cell of the deployment one too many: its number is what is past the year's INFs
    assert {f"{p.sheet}!{p.cell}" for p in error.problems} == {f"{DEPLOYMENT}!B3", f"{DEPLOYMENT}!C4"}
    assert "more than the available INFs for the year" in str(error)


def test_europe1615_two_attacks_of_one_power_still_stop_a_lenient_turn(spring):
    """Rulebook 000, 'THE DIPLOMATIC ATTACK', 'Submission': 'Each player is allowed to submit only
    one diplomatic attack order per movement phase'; which of two is his is not the GM's to pick."""
    error = _still_stops(spring, {
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": 5, f"{DEPLOYMENT}!C2": "LOR",
        f"{DEPLOYMENT}!A3": "SPAIN", f"{DEPLOYMENT}!B3": 5, f"{DEPLOYMENT}!C3": "LOR",
        f"{ATTACKS}!A2": "FRANCE", f"{ATTACKS}!B2": "LOR > SPAIN",
        f"{ATTACKS}!A3": "FRANCE", f"{ATTACKS}!B3": "LOR > SPAIN"})
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{ATTACKS}!B3"]


def test_europe1615_a_sanction_ruling_refused_still_stops_a_lenient_turn(spring):
    """Rulebook 000: 'It is at the discretion of the GM to resolve the overlapping of rules': a
    ruling is the GM's own word, no player's order, so its row is never dropped."""
    error = _still_stops(spring, {f"{RULINGS}!A2": "Polish intervention", f"{RULINGS}!B2": "overlap"})
    assert [p.sheet for p in error.problems] == [RULINGS]


def test_payola_placements_the_rules_refuse_are_dropped_and_an_overspend_stops(influence):
    """Rulebook 001_6f4a9c76b6e5774a.txt, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'A listing
    of the minor states that may be influenced' (the Barbary States 'cannot be influenced', Atlantis
    is none); a placement of 0 INFs places nothing. Those rows are dropped, Spain's stands. INFs
    past the home box ('Any unused INFs are placed in the power's home box'; a power places what it
    has) are the power's whole list's: the lenient turn stops."""
    p = v2.PLACEMENTS
    over = {f"{p}!A2": "SPAIN", f"{p}!B2": 500, f"{p}!C2": "LOR", f"{p}!A3": "FRANCE", f"{p}!B3": 3, f"{p}!C3": "FEZ"}
    error = _still_stops(influence, over)
    assert {f"{x.sheet}!{x.cell}" for x in error.problems} == {f"{p}!B2", f"{p}!C3"}
    report = _lenient(influence, {
        f"{p}!A2": "SPAIN", f"{p}!B2": 6, f"{p}!C2": "LOR",
        f"{p}!A3": "FRANCE", f"{p}!B3": 3, f"{p}!C3": "FEZ",
        f"{p}!A4": "ENGLAND", f"{p}!B4": 0, f"{p}!C4": "SAX",
        f"{p}!A5": "FRANCE", f"{p}!B5": 3, f"{p}!C5": "Atlantis"})
    record = report.record
    assert [d["cell"] for d in record["dropped"]] == [f"{p}!A3:C3", f"{p}!A4:C4", f"{p}!A5:C5"]
    assert record["extra"]["europe1615v2"]["placements"] == [{"power": "SPAIN", "infs": 6, "where": "LOR"}]
    assert f"  {p}!A3:C3 (FRANCE | 3 | FEZ): {p}!C3: found '3: FEZ'" in report.text()
    assert replay("g", influence.root) == []


def test_payola_attacks_refused_are_dropped_and_two_of_one_number_stop(tmp_path):
    """Rulebook 001, 3: 'The player chooses a state where he/she has invested INFs' (England has
    none in SAV: its attack is dropped, an attack not made, Spain's performed); two orders of one
    number for a power ('submit an alternative order if the first ordered attack is unable to be
    performed') leave which comes first unsaid: the lenient turn stops."""
    from gm_tools.edges.workbook_fill import set_cells as typed

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created=CREATED)
    paths = game_paths("g", tmp_path)
    while load_state("g", tmp_path).position.phase != "P1616I":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    paths.workbook.write_bytes(typed(paths.workbook.read_bytes(), {
        f"{v2.PLACEMENTS}!A2": "SPAIN", f"{v2.PLACEMENTS}!B2": 6, f"{v2.PLACEMENTS}!C2": "LOR",
        f"{v2.PLACEMENTS}!A3": "FRANCE", f"{v2.PLACEMENTS}!B3": 6, f"{v2.PLACEMENTS}!C3": "LOR"}))
    run_turn("g", root=tmp_path, site_dir=None)
    a = v2.ATTACKS
    twice = {f"{a}!A2": "SPAIN", f"{a}!B2": 0, f"{a}!C2": "LOR", f"{a}!D2": "FRANCE",
             f"{a}!A3": "SPAIN", f"{a}!B3": 0, f"{a}!C3": "LOR", f"{a}!D3": "FRANCE"}
    error = _still_stops(paths, twice)
    assert "a second order 0 for SPAIN" in str(error)
    report = _lenient(paths, {f"{a}!A3": "ENGLAND", f"{a}!B3": 0, f"{a}!C3": "SAV", f"{a}!D3": "SPAIN"})
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [(f"{a}!A3:D3", "ENGLAND | 0 | SAV | SPAIN")]
    assert "ENGLAND has no INFs in SAV" in record["dropped"][0]["error"]
    assert [x["power"] for x in record["extra"]["outcome"]["attacks"]["attacks"]] == ["SPAIN"]
    assert replay("g", tmp_path) == []


def test_payola_offers_that_cannot_be_read_are_offers_not_made_told_only_to_their_power(influence, tmp_path):
    """Rulebook 001, '6 MOVEMENT PHASE': 'Players submit their offer sheet as describe at ...
    payolaclassic' (Classic Payola: an offer's order must be one the unit can be given, an offer
    with an impossible order is ignored; the shared reference payola-classic.md, "Offers"). An offer that
    cannot be read is an offer not made: dropped, the rest of the sheet auctioned; the same offer
    typed twice is made once. Offers are private ('a private ledger per power'): a dropped offer
    is named in the GM's report and its power's ledger, never on the page, its judge text or the
    JSON; a dropped waiver, public, is. Two different offers for one unit stop the lenient turn
    ('at most one offer per unit': which is the player's is his to say)."""
    root = influence.root
    while load_state("g", root).position.phase != "S1615M":
        run_turn("g", root=root, site_dir=None, force=True)
    o = v2.OFFERS
    error = _still_stops(influence, {f"{o}!A2": "FRANCE", f"{o}!B2": 2, f"{o}!C2": "A PAR - BUR",
                                     f"{o}!A3": "FRANCE", f"{o}!B3": 1, f"{o}!C3": "A PAR H"})
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{o}!C3"]
    site = tmp_path / "site"
    report = _lenient(influence, {
        f"{o}!A3": "FRANCE", f"{o}!B3": 2, f"{o}!C3": "A PAR - BUR",
        f"{o}!A4": "FRANCE", f"{o}!B4": 0, f"{o}!C4": "A POI - XYZ",
        f"{o}!A5": "SPAIN", f"{o}!B5": 1, f"{o}!C5": "A MAD - XXX",
        f"{v2.WAIVERS}!A2": "SPAIN", f"{v2.WAIVERS}!B2": "Atlantis"}, site=site)
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [
        (f"{o}!A3:C3", "FRANCE | 2 | A PAR - BUR"), (f"{o}!A4:C4", "FRANCE | 0 | A POI - XYZ"),
        (f"{o}!A5:C5", "SPAIN | 1 | A MAD - XXX"), (f"{v2.WAIVERS}!A2:B2", "SPAIN | Atlantis")]
    assert [(x["power"], x["order"], x["amount"]) for x in record["extra"]["europe1615v2"]["offers"]] == [
        ("FRANCE", "A PAR - BUR", 2)]
    assert load_state("g", root).position.units["BUR"].power == "FRANCE"  # the offer that stood, carried out
    assert f"  {o}!A4:C4 (FRANCE | 0 | A POI - XYZ)" in report.text()
    ledgers = root / "g" / "private" / "S1615M"
    france = (ledgers / "FRANCE.txt").read_text(encoding="utf-8")
    assert "Offers dropped as invalid" in france and f"{o}!A4:C4 (FRANCE | 0 | A POI - XYZ)" in france
    assert "A MAD - XXX" not in france and "A MAD - XXX" in (ledgers / "SPAIN.txt").read_text(encoding="utf-8")
    published = [(site / "games" / "g" / name).read_text(encoding="utf-8-sig")
                 for name in ("S1615M.html", "S1615M.txt", "S1615M.json", "game.json")]
    assert all("A POI - XYZ" not in text and f"{o}!" not in text for text in published)
    assert f"{v2.WAIVERS}!A2:B2 (SPAIN | Atlantis)" in published[0]
    assert replay("g", root) == []
