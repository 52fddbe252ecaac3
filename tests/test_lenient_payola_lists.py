"""`gm-tools turn --lenient` on Europe 1615 v2's Alliances and Reference Lists: a row the rules
refuse on its own (an alliance of a power with itself, a reference list naming no power) is an
entry not made, dropped and named in the turn's report and the record's `dropped`, the rest of
the sheet played; rows only wrong together (two new alliances of one player, two lists of one
power) still stop the lenient turn with the strict turn's error (docs/workbook.md, "Checking").
Before, every problem of these two sheets stopped a lenient turn as it stops a strict one.

Played on a new game's real workbook, typed as the GM types it.
"""

from __future__ import annotations

import pytest

from demos import file_hashes
from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615v2.sheets import ALLIANCES, REFERENCE
from gm_tools.systems.europe1615v2.state import state_of

CREATED = "2000-01-01T00:00:00Z"


@pytest.fixture
def influence(tmp_path):
    """A Europe 1615 v2 game at its first Political and Religious Influence Phase (P1615I)."""
    new_game("europe1615v2", "g", root=tmp_path / "games", seed=7, created=CREATED)
    return game_paths("g", tmp_path / "games")


def _typed(paths, cells: dict) -> None:
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))


def _strict_refuses(paths) -> WorkbookError:
    before = file_hashes(paths.root)
    with pytest.raises(WorkbookError) as strict:
        run_turn("g", root=paths.root, site_dir=None, force=True)
    assert file_hashes(paths.root) == before
    return strict.value


def _still_stops(paths, cells: dict) -> WorkbookError:
    """The lenient turn refused as the strict one is, with the same problems, nothing written."""
    _typed(paths, cells)
    before = file_hashes(paths.root)
    strict = _strict_refuses(paths)
    with pytest.raises(WorkbookError) as lenient:
        run_turn("g", root=paths.root, lenient=True, site_dir=None, force=True)
    assert [str(p) for p in lenient.value.problems] == [str(p) for p in strict.problems]
    assert file_hashes(paths.root) == before
    return lenient.value


def test_an_alliance_refused_on_its_own_is_dropped_and_the_other_made(influence, tmp_path):
    """Rulebook 001_6f4a9c76b6e5774a.txt, 'Alliances and Victory': 'Two players, before the start
    of 1618, may form an alliance': FRANCE with FRANCE is no alliance of two players, so its row is
    dropped and named (the players may agree one later, before 1618); AUSTRIA's with SPAIN is made."""
    _typed(influence, {f"{ALLIANCES}!A2": "AUSTRIA", f"{ALLIANCES}!B2": "SPAIN",
                       f"{ALLIANCES}!A3": "FRANCE", f"{ALLIANCES}!B3": "FRANCE"})
    strict = _strict_refuses(influence)
    assert [str(p) for p in strict.problems] == [
        f"{ALLIANCES}!B3: found 'FRANCE - FRANCE', expected two different powers"]
    site = tmp_path / "site"
    report = run_turn("g", root=influence.root, lenient=True, site_dir=site, force=True)
    record = report.record
    assert [(d["cell"], d["written"], d["error"]) for d in record["dropped"]] == [
        (f"{ALLIANCES}!A3:B3", "FRANCE | FRANCE", f"{ALLIANCES}!B3: found 'FRANCE - FRANCE', expected two different "
                                                   "powers")]
    assert f"  {ALLIANCES}!A3:B3 (FRANCE | FRANCE): {ALLIANCES}!B3: found 'FRANCE - FRANCE'" in report.text()
    page = (site / "games" / "g" / "P1615I.html").read_text(encoding="utf-8")
    assert "Entries dropped" in page and f"{ALLIANCES}!A3:B3 (FRANCE | FRANCE)" in page
    judge = " ".join((site / "games" / "g" / "P1615I.txt").read_text(encoding="utf-8-sig").split())
    assert f"Entries dropped: {ALLIANCES}!A3:B3 (FRANCE | FRANCE)" in judge
    assert state_of(load_state("g", influence.root).position).alliances == [("AUSTRIA", "SPAIN")]
    assert replay("g", influence.root) == []


def test_two_new_alliances_of_one_player_still_stop_a_lenient_turn(influence):
    """Rulebook 001, 'Alliances and Victory': an alliance 'is a permanent agreement' of two players,
    one for each: AUSTRIA with SPAIN and AUSTRIA with ENGLAND typed together leave which one the
    players agreed unsaid, so no row is dropped and the lenient turn stops as the strict one."""
    error = _still_stops(influence, {f"{ALLIANCES}!A2": "AUSTRIA", f"{ALLIANCES}!B2": "SPAIN",
                                     f"{ALLIANCES}!A3": "AUSTRIA", f"{ALLIANCES}!B3": "ENGLAND"})
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{ALLIANCES}!B3"]
    assert "already has one" in str(error)


@pytest.fixture
def taxation(influence):
    """The same game at its Taxation/Revenue Phase of 1615 (T1615T), its Reference Lists laid out."""
    run_turn("g", root=influence.root, site_dir=None, force=True)
    assert load_state("g", influence.root).position.phase == "T1615T"
    return influence


def test_a_reference_list_naming_no_power_is_dropped_and_the_others_taken(taxation):
    """Rulebook 001, '4 SUBMISSIONS OF REFERENCE LISTS': 'Reference lists are submitted before the
    start of the taxation/revenue phase'. FRANCE's list naming XYZ is no list of powers: dropped
    and named, FRANCE's list stays as it was; AUSTRIA's new list is taken."""
    strict_cells = {f"{REFERENCE}!B2": "AUSTRIA SPAIN FRANCE ENGLAND DENMARK", f"{REFERENCE}!B3": "FRANCE XYZ"}
    before = state_of(load_state("g", taxation.root).position)
    _typed(taxation, strict_cells)
    strict = _strict_refuses(taxation)
    assert [f"{p.sheet}!{p.cell}" for p in strict.problems] == [f"{REFERENCE}!B3"]
    assert "'XYZ' not a power" in str(strict.problems[0])
    report = run_turn("g", root=taxation.root, lenient=True, site_dir=None, force=True)
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [(f"{REFERENCE}!A3:B3", "FRANCE | FRANCE XYZ")]
    acceptance = record["extra"]["europe1615v2"]["acceptance"]
    assert acceptance["AUSTRIA"] == ["AUSTRIA", "SPAIN", "FRANCE", "ENGLAND", "DENMARK"] and "FRANCE" not in acceptance
    assert f"  {REFERENCE}!A3:B3 (FRANCE | FRANCE XYZ): {REFERENCE}!B3: found" in report.text()
    after = state_of(load_state("g", taxation.root).position)
    assert after.acceptance.get("FRANCE") == before.acceptance.get("FRANCE")
    assert after.acceptance["AUSTRIA"] == ["AUSTRIA", "SPAIN", "FRANCE", "ENGLAND", "DENMARK"]
    assert replay("g", taxation.root) == []


def test_two_reference_lists_of_one_power_still_stop_a_lenient_turn(taxation):
    """Rulebook 001, '4 SUBMISSIONS OF REFERENCE LISTS': a power submits its reference list, one;
    FRANCE named on AUSTRIA's row too gives it two, and which is its own is not the GM's to pick
    by dropping one: the lenient turn stops as the strict one."""
    error = _still_stops(taxation, {f"{REFERENCE}!A2": "FRANCE"})
    assert "one reference list for FRANCE" in str(error)
