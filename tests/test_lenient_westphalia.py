"""`gm-tools turn --lenient` on The Peace of Westphalia's sheets where a row is one player's entry
the step can do without: a Spread the Faith die, a Place Influence row, a Foreign Powers row, an
Imperial Election ballot. Such a row the rules refuse is dropped and named in the turn's report,
on the step's page and in its judge text, and kept in the record's `dropped`; the rest of the
step is played (docs/workbook.md, "Checking"). Rows only wrong together (placements past the
Influence a player has, two Foreign Powers rows of one player) and the sheets whose entries the
step needs or the GM keeps (Player Turns, Wars, Peace Treaties...) still stop a lenient turn with
the strict turn's error. Before, every problem of these sheets stopped a lenient turn.

Played on the shipped demo's real workbook, its own entries typed as its GM typed them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from demos import demo_file, file_hashes, played_until_fixture
from gm_tools.app.demo import read_demo
from gm_tools.app.turn import replay, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.systems.westphalia.diplomacygame import COMPETE, COOPERATE
from gm_tools.systems.westphalia.sheets import DIPLOMACY_GAME, ELECTION, FAITH, FOREIGN, PLACE, TURNS

GAME = "westphalia-demo"

before_turns = played_until_fixture("westphalia", "R1510T")
emperor_dead = played_until_fixture("westphalia", "R1510X")
foreign_step = played_until_fixture("westphalia", "R1560F")


def _demo_cells(phase: str) -> dict:
    """The cells the demo's GM typed for ``phase``."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[phase].items() if k != "press"}
    return variant.system.demo_cells(variant, phase, entry, "demo")


def _typed(played: Path, tmp_path: Path, cells: dict) -> Path:
    root = tmp_path / "games"
    shutil.copytree(played, root)
    workbook = root / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), cells))
    return root


def _lenient(played: Path, tmp_path: Path, cells: dict, refused: list[str]):
    """The strict turn refused at the ``refused`` cells with nothing written, then the lenient
    turn, published: its games folder, report and site."""
    root = _typed(played, tmp_path, cells)
    before = file_hashes(root)
    with pytest.raises(WorkbookError) as strict:
        run_turn(GAME, root=root, site_dir=None, force=True)
    assert [f"{p.sheet}!{p.cell}" for p in strict.value.problems] == refused
    assert file_hashes(root) == before
    site = tmp_path / "site"
    return root, run_turn(GAME, root=root, lenient=True, site_dir=site, force=True), site


def _still_stops(played: Path, tmp_path: Path, cells: dict) -> WorkbookError:
    """The lenient turn refused as the strict one is, with the same problems, nothing written."""
    root = _typed(played, tmp_path, cells)
    before = file_hashes(root)
    with pytest.raises(WorkbookError) as strict:
        run_turn(GAME, root=root, site_dir=None, force=True)
    with pytest.raises(WorkbookError) as lenient:
        run_turn(GAME, root=root, lenient=True, site_dir=None, force=True)
    assert [str(p) for p in lenient.value.problems] == [str(p) for p in strict.value.problems]
    assert file_hashes(root) == before
    return lenient.value


def _published(site: Path, phase: str) -> tuple[str, str]:
    page = (site / "games" / GAME / f"{phase}.html").read_text(encoding="utf-8")
    judge = " ".join((site / "games" / GAME / f"{phase}.txt").read_text(encoding="utf-8-sig").split())
    return page, judge


def test_a_die_and_a_placement_the_rules_refuse_are_dropped_and_the_turn_played(before_turns, tmp_path):
    """Rulebook 003_b5b9eb4920d39694.txt, 'Spread the Faith' is done by the Players Combatting
    Heresy (Yellow, who is not, places no die), and 'Play the Diplomacy Game': Influence goes on
    a Principality ('Unplaced Diplomatic Influence is stored on your capital'; Atlantis is none,
    so Green's 1 is saved). Both rows are dropped and named; the demo's round 1 is played."""
    cells = {**_demo_cells("R1510T"),
             f"{FAITH}!A4": "YELLOW", f"{FAITH}!B4": "DUI", f"{FAITH}!C4": 1,
             f"{PLACE}!A4": "GREEN", f"{PLACE}!B4": "Atlantis", f"{PLACE}!C4": 1}
    # the strict turn names both at once: the die no longer waits for the placement to be put right
    root, report, site = _lenient(before_turns, tmp_path, cells, [f"{FAITH}!B4", f"{PLACE}!B4"])
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [
        (f"{FAITH}!A4:C4", "YELLOW | DUI | 1"), (f"{PLACE}!A4:C4", "GREEN | Atlantis | 1")]  # the refused cell as typed
    assert "dice only from a player Combatting Heresy" in record["dropped"][0]["error"]
    assert f"{PLACE}!B4: found 'Atlantis', expected" in record["dropped"][1]["error"]
    inputs = record["extra"]["westphalia"]
    assert [d["player"] for d in inputs["dice"]] == ["BLUE", "ORANGE"]
    assert [p["player"] for p in inputs["placements"]] == ["RED", "YELLOW"]
    said = json.dumps(record["results"])
    assert "gains 1 Influence; places none; 1 saved on the capital" in said
    assert f"  {PLACE}!A4:C4 (GREEN | Atlantis | 1): {PLACE}!B4: found 'Atlantis'" in report.text()
    # the Results sheet names the rows that stood, as typed, and none dropped
    from test_results_entered_at import _after, _results, _typed as typed_at

    lines = [r for r in _results(_after(root, GAME, "R1510T")) if r["Phase"] == "R1510T" and r["Entered at"]]
    assert {r["Entered at"] for r in lines if r["Entered at"].startswith(FAITH)} == {f"{FAITH}!A2:D2", f"{FAITH}!A3:C3"}
    assert not [r for r in lines if "4:" in r["Entered at"] and r["Entered at"].startswith((FAITH, PLACE))]
    for r in lines:
        assert typed_at(root / GAME / "backups" / "R1510T.xlsx", r["Entered at"]).casefold() == r["As written"].casefold()
    page, judge = _published(site, "R1510T")
    assert "Entries dropped" in page and f"{FAITH}!A4:C4 (YELLOW | DUI | 1)" in page
    assert f"Entries dropped: {FAITH}!A4:C4 (YELLOW | DUI | 1)" in judge
    assert replay(GAME, root) == []


def test_placements_past_the_influence_a_player_has_still_stop_a_lenient_turn(before_turns, tmp_path):
    """'take the Influence listed on the card': Red's cards give him 4 and he places 2 and 3;
    which placement is one too many is his to say, so no row is dropped and the lenient turn stops
    as the strict one does."""
    games = [("RED", COMPETE, "ORANGE", COOPERATE), ("ORANGE", COOPERATE, "YELLOW", COMPETE),
             ("YELLOW", COOPERATE, "GREEN", COOPERATE), ("GREEN", COMPETE, "RED", COMPETE)]
    cells = {**_demo_cells("R1510T"), f"{TURNS}!F2": None, f"{TURNS}!F5": None, f"{TURNS}!F6": None,
             **{f"{DIPLOMACY_GAME}!{col}{r}": v for r, game in enumerate(games, start=2)
                for col, v in zip("ABCD", game)},
             f"{PLACE}!A4": "RED", f"{PLACE}!B4": "Mainz", f"{PLACE}!C4": 3}
    error = _still_stops(before_turns, tmp_path, cells)
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{PLACE}!C4"]
    assert "at most 4 Diplomatic Influence" in str(error)


def _ballot_row(cells: dict, player: str) -> int:
    return next(int(k.split("!A")[1]) for k, v in cells.items() if k.startswith(f"{ELECTION}!A") and v == player)


def test_a_ballot_for_no_player_is_dropped_as_no_vote(emperor_dead, tmp_path):
    """Rulebook 003, 'Imperial Election': 'Only a Player may receive votes for Emperor'. Green's
    ballot for PURPLE, no player, is a vote not cast: dropped and named, the others elect."""
    cells = _demo_cells("R1510X")
    green = _ballot_row(cells, "GREEN")
    cells[f"{ELECTION}!B{green}"] = "PURPLE"
    root, report, site = _lenient(emperor_dead, tmp_path, cells, [f"{ELECTION}!B{green}"])
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [(f"{ELECTION}!A{green}:B{green}", "GREEN | PURPLE")]
    assert "PURPLE" in record["dropped"][0]["error"]
    ballots = record["extra"]["westphalia"]["ballots"]
    assert "GREEN" not in ballots and ballots["YELLOW"] == "YELLOW"
    assert any("elected Emperor" in line for line in json.dumps(record["results"]).split("\""))
    page, _ = _published(site, "R1510X")
    assert "Entries dropped" in page
    assert replay(GAME, root) == []


def test_two_ballots_of_one_player_still_stop_a_lenient_turn(emperor_dead, tmp_path):
    """Rulebook 003, 'Imperial Election': each Player votes once ('Players may vote for whomever
    they wish'); Green named on a second row below the laid-out ones, voting otherwise, leaves
    which ballot is his unsaid, so neither row is dropped (nor the second as a duplicate)."""
    cells = _demo_cells("R1510X")
    green = _ballot_row(cells, "GREEN")
    below = max(_ballot_row(cells, p) for p in ("RED", "BLUE", "ORANGE", "YELLOW", "GREEN")) + 1
    error = _still_stops(emperor_dead, tmp_path, {**cells, f"{ELECTION}!A{below}": "GREEN",
                                                  f"{ELECTION}!B{below}": "RED"})
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{ELECTION}!A{below}"]
    assert f"GREEN is on row {green} too" in str(error)


def test_a_player_who_may_not_leave_the_empire_is_dropped_and_the_other_leaves(foreign_step, tmp_path):
    """Rulebook 003, 'Foreign Powers': 'Any Player may become a Foreign Power if he owns no
    non-capital towns and: Rounds 1-3 has 5 Imperial Power or less'. Red may not: his row is
    dropped and named, he stays in the Empire; Blue leaves for the Netherlands, as in the demo."""
    cells = {**_demo_cells("R1560F"), f"{FOREIGN}!A3": "RED", f"{FOREIGN}!B3": "Denmark",
             f"{FOREIGN}!C3": "north-east"}
    root, report, site = _lenient(foreign_step, tmp_path, cells, [f"{FOREIGN}!A3"])
    record = report.record
    assert [(d["cell"], d["written"]) for d in record["dropped"]] == [(f"{FOREIGN}!A3:C3", "RED | Denmark | north-east")]
    assert [f["player"] for f in record["extra"]["westphalia"]["foreign"]] == ["BLUE"]
    page, judge = _published(site, "R1560F")
    assert f"{FOREIGN}!A3:C3 (RED | Denmark | north-east)" in page and "Entries dropped" in judge
    assert replay(GAME, root) == []


def test_two_foreign_powers_rows_of_one_player_still_stop_a_lenient_turn(foreign_step, tmp_path):
    """Rulebook 003, 'Foreign Powers': a player leaves the Empire once, for one Home Province;
    two rows for Blue leave which he chose unsaid, so no row is dropped."""
    cells = {**_demo_cells("R1560F"), f"{FOREIGN}!A3": "BLUE", f"{FOREIGN}!B3": "Denmark",
             f"{FOREIGN}!C3": "north-east"}
    error = _still_stops(foreign_step, tmp_path, cells)
    assert [f"{p.sheet}!{p.cell}" for p in error.problems] == [f"{FOREIGN}!A3"]


def test_the_row_of_a_player_who_must_leave_the_empire_is_never_dropped():
    """Rulebook 003, 'Foreign Powers': 'A Player who loses all of his provinces during the Round
    immediately becomes a Foreign Power'. Yellow, with none left, must have his row: one refused
    (an edge misspelt) is a problem of the step as a whole, so a lenient turn stops on it rather
    than drop it and then find his entry missing (the board of tests/test_westphalia_wars.py)."""
    from gm_tools.systems.westphalia import steps, wars
    from test_westphalia_wars import VARIANT, board, take

    state = board()
    take(state, wars.Taking("RED", "GOR"))
    assert wars.homeless(state) == ["YELLOW"]
    step = steps.apply(VARIANT, state, steps.FOREIGN, {"foreign": [{"player": "YELLOW", "home": "Spain",
                                                                    "edge": "westt"}]}, 1510)
    assert (0, "edge") in [(i, f) for i, f, _, _ in step.problems] and step.whole == {(0, "edge")}
    # a player who may leave and need not: his row refused is one not made, dropped by a lenient turn
    step = steps.apply(VARIANT, board(), steps.FOREIGN, {"foreign": [{"player": "YELLOW", "home": "Spain",
                                                                      "edge": "westt"}]}, 1510)
    assert step.problems and not step.whole
