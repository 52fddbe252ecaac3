"""Europe 1615 (v3) INF Deployment: a deployment the rules refuse is found as its cell holds it,
the row's deployment beside it (``INF Deployment!B2: found 99 (SPAIN's row: 99: PIA)``), as
Europe 1619's Payments do (``Payments!C3: found 200 (SPAIN's row: PAY 200 TO FRANCE)``). It
was found as the row's whole line, ``'99: PIA'``, as if typed into the Minor state cell.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

import hashlib

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615.sheets import DEPLOYMENT


@pytest.fixture
def spring(tmp_path):
    """A new game at Spring 1615 Movement (the Initial Status Check processed)."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    return game_paths("g", tmp_path)


def _refused(spring, cells: dict) -> dict[tuple[str, str], tuple[str, str]]:
    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(), cells))
    before = {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in spring.root.rglob("*") if p.is_file()}
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    after = {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in spring.root.rglob("*") if p.is_file()}
    assert after == before  # nothing written
    return {(p.sheet, p.cell): (p.found, p.expected) for p in caught.value.problems}


def test_a_deployment_over_the_years_infs_is_found_as_its_infs_cell_holds_it(spring):
    """000, INFLUENCE, 'Writing the orders': 'players cannot deploy more than the available INFs
    for the year'. The number of INFs is what is at fault: the INFs cell, holding 30, with the
    row's deployment."""
    found = _refused(spring, {f"{DEPLOYMENT}!A2": "SPAIN", f"{DEPLOYMENT}!B2": 12, f"{DEPLOYMENT}!C2": "PIA",
                              f"{DEPLOYMENT}!A3": "SPAIN", f"{DEPLOYMENT}!B3": 30, f"{DEPLOYMENT}!C3": "Savoy (SAV)"})
    assert list(found) == [(DEPLOYMENT, "B3")], found
    said, expected = found[(DEPLOYMENT, "B3")]
    assert said == "30 (SPAIN's row: 30: SAV)", said
    assert expected.startswith("an entry the rules allow: SPAIN deploys 42 INFs this phase but has 37 left"), expected


def test_a_deployment_to_a_state_closed_to_it_is_found_as_its_minor_state_cell_holds_it(spring):
    """000, INFLUENCE, the note on the minor states: 'Catalonia is also listed, but cannot receive
    INFs until Catalan secession is passed (see SANCTIONS)'; the Minor state cell, holding
    'Catalonia', is at fault, found as typed with the row beside it. The mail's refusal names its
    line as before: the whole line is what the player wrote."""
    found = _refused(spring, {f"{DEPLOYMENT}!A2": "ENGLAND", f"{DEPLOYMENT}!B2": 4, f"{DEPLOYMENT}!C2": "Catalonia"})
    assert found == {(DEPLOYMENT, "C2"): ("'Catalonia' (ENGLAND's row: 4: CAT)", "an entry the rules allow: no power "
                                          "can deploy INFs to Catalonia until the Catalan secession is passed")}, found
    spring.workbook.write_bytes(set_cells(spring.workbook.read_bytes(), {
        f"{DEPLOYMENT}!A2": None, f"{DEPLOYMENT}!B2": None, f"{DEPLOYMENT}!C2": None}))
    report = enter_mails("g", [("e", b"England\n4: CAT\n")], root=spring.root, dry_run=True)
    assert report.refused == [("e line 2", "'4: CAT'", "an entry the rules allow: no power can deploy INFs to "
                                                       "Catalonia until the Catalan secession is passed")], report.text()
