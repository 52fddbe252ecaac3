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
from gm_tools.app.turn import new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615.sheets import ABANDONED, ATTACKS, DEPLOYMENT, RULINGS, WAIVERS

CREATED = "2000-01-01T00:00:00Z"


@pytest.fixture
def spring(tmp_path):
    """A Europe 1615 v3 game at Spring 1615 Movement (the Initial Status Check processed)."""
    new_game("europe1615", "g", root=tmp_path / "games", seed=7, created=CREATED)
    run_turn("g", root=tmp_path / "games", site_dir=None, force=True)
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
        f"{DEPLOYMENT}!A2": "FRANCE", f"{DEPLOYMENT}!B2": 9, f"{DEPLOYMENT}!C2": "XYZ",
        f"{DEPLOYMENT}!A3": "ENGLAND", f"{DEPLOYMENT}!B3": 3, f"{DEPLOYMENT}!C3": "PAPL",
        f"{DEPLOYMENT}!A4": "FRANCE", f"{DEPLOYMENT}!B4": 5, f"{DEPLOYMENT}!C4": "LOR",
        f"{DEPLOYMENT}!A5": "SPAIN", f"{DEPLOYMENT}!B5": 0, f"{DEPLOYMENT}!C5": "LOR",
        f"{DEPLOYMENT}!A6": "ENGLAND", f"{DEPLOYMENT}!B6": 4, f"{DEPLOYMENT}!C6": "LORR",
        f"{ATTACKS}!A2": "ENGLAND", f"{ATTACKS}!B2": "LOR > FRANCE",
        f"{WAIVERS}!A2": "ENGLAND", f"{WAIVERS}!B2": "Atlantis",
        f"{ABANDONED}!A2": "Franse",
    }, site=site)
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [
        (f"{DEPLOYMENT}!A2:C2", "FRANCE | 9 | XYZ"), (f"{DEPLOYMENT}!A3:C3", "ENGLAND | 3 | PAPL"),
        (f"{DEPLOYMENT}!A5:C5", "SPAIN | 0 | LOR"), (f"{DEPLOYMENT}!A6:C6", "ENGLAND | 4 | LORR"),
        (f"{ATTACKS}!A2:B2", "ENGLAND | LOR > FRANCE"), (f"{WAIVERS}!A2:B2", "ENGLAND | Atlantis"),
        (f"{ABANDONED}!A2", "")]
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
    assert {f"{p.sheet}!{p.cell}" for p in error.problems} == {f"{DEPLOYMENT}!C3", f"{DEPLOYMENT}!C4"}
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
