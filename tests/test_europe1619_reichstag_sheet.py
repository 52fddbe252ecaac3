"""The Reichstag's sheets in the Orders Phase, through the real workflow: new-game, the GM
typing the Reichstag and Reichstag Votes sheets of the .xlsx with openpyxl, turn.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook" below), section 'Reichstag'; quoted
words are its own. The promise: every problem names the sheet, the cell, what was found and
what was expected, and nothing is written. The Votes sheet is laid out one row per voter:
AUSTRIA row 2, LEAGUE 3, UNION 4, SAXONY 5, SAVOY 6.
"""

from __future__ import annotations

import io

import openpyxl
import pytest

from gm_tools.app.turn import run_turn
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1619 import reichstag as rt
from gm_tools.systems.europe1619.reichstag import Agenda

from workflow_helpers import create, snapshot, type_cells


def turn(paths, **kwargs):
    return run_turn(paths.name, root=paths.root, site_dir=None, **kwargs)


@pytest.fixture
def orders_phase(tmp_path):
    """A Europe 1619 game at its first Orders Phase (Y1619M), when Austria may call the Reichstag."""
    paths = create(tmp_path, variant="europe1619")
    turn(paths, force=True)  # Y1619D
    return paths


def refused(paths, values: dict) -> list:
    """Type ``values``, run the turn: it must refuse with nothing written; its problems."""
    type_cells(paths, values)
    before = snapshot(paths.root)
    with pytest.raises(WorkbookError) as caught:
        turn(paths)
    assert snapshot(paths.root) == before
    assert "None" not in str(caught.value)
    return caught.value.problems


def cells(problems) -> dict[str, object]:
    return {f"{p.sheet}!{p.cell}": p for p in problems}


HESSE_BAN = {"Reichstag!A2": "imperial_ban", "Reichstag!B2": "UNION", "Reichstag!C2": "deposits", "Reichstag!D2": "HES"}


def test_the_same_voter_twice_is_refused_at_the_retyped_row(orders_phase):
    """1619 rulebook, 'Reichstag': 'all members will vote on the item': one vote each. LEAGUE's
    row retyped as a second AUSTRIA vote would drop one of AUSTRIA's votes and LEAGUE's row."""
    problems = cells(refused(orders_phase, {**HESSE_BAN, "Reichstag Votes!B2": "for",
                                            "Reichstag Votes!A3": "AUSTRIA", "Reichstag Votes!B3": "against"}))
    assert sorted(problems) == ["Reichstag Votes!A2:A6", "Reichstag Votes!A3"]
    assert problems["Reichstag Votes!A3"].found == "'AUSTRIA'"
    assert problems["Reichstag Votes!A3"].expected.startswith("one row for AUSTRIA (AUSTRIA is on row 2 too)")
    assert problems["Reichstag Votes!A2:A6"].found == "no row for LEAGUE"


def test_two_rows_of_one_voter_still_stop_a_lenient_turn(orders_phase):
    """1619 rulebook, 'Reichstag': 'all members will vote on the item': one vote each. AUSTRIA on
    a second row below the laid-out ones, voting otherwise, leaves which vote is his unsaid, so
    `turn --lenient` drops neither row (it dropped the second) and stops as the strict turn."""
    problems = refused(orders_phase, {**HESSE_BAN, "Reichstag Votes!B2": "for",
                                      "Reichstag Votes!A7": "AUSTRIA", "Reichstag Votes!B7": "against"})
    assert [f"{p.sheet}!{p.cell}" for p in problems] == ["Reichstag Votes!A7"]
    before = snapshot(orders_phase.root)
    with pytest.raises(WorkbookError) as lenient:
        turn(orders_phase, lenient=True)
    assert [str(p) for p in lenient.value.problems] == [str(p) for p in problems]
    assert snapshot(orders_phase.root) == before


def _rows_changed(paths, change) -> None:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    change(wb["Reichstag Votes"])
    buffer = io.BytesIO()
    wb.save(buffer)
    paths.workbook.write_bytes(buffer.getvalue())


def test_a_deleted_voter_row_is_refused_naming_the_voter(orders_phase):
    """1619 rulebook, 'Reichstag': 'all members will vote on the item', and 'A no vote is treated
    as a vote against the agenda'. LEAGUE's row deleted: LEAGUE's vote would silently count as
    against, so it is refused naming LEAGUE; the rows below, read by their voters' names, are
    not blamed for having moved up."""
    _rows_changed(orders_phase, lambda ws: ws.delete_rows(3))
    (problem,) = refused(orders_phase, {"Reichstag!A2": "restrict_attacks", "Reichstag Votes!B2": "for",
                                        "Reichstag Votes!B3": "for"})
    assert (problem.sheet, problem.cell, problem.found) == ("Reichstag Votes", "A2:A6", "no row for LEAGUE")
    assert problem.expected.startswith("a row for each voter gm-tools laid out (AUSTRIA, LEAGUE, UNION, SAXONY, SAVOY)")


def test_sorted_voter_rows_are_read_by_the_voters_names(orders_phase):
    """1619 rulebook, 'Reichstag': 'all members will vote on the item'. The GM sorts the Votes
    sheet (here by vote, rows moved with their names): each vote is still its voter's. Sorted,
    the rows were refused as moved ('expected 'LEAGUE', the voter laid out on row 3')."""
    def sort(ws):
        laid = [(ws.cell(r, 1).value, ws.cell(r, 2).value) for r in range(2, 7)]
        for r, (voter, vote) in enumerate(reversed(laid), start=2):
            ws.cell(r, 1).value, ws.cell(r, 2).value = voter, vote

    # AUSTRIA for, the others against ('A no vote is treated as a vote against'), typed and sorted
    type_cells(orders_phase, {"Reichstag!A2": "restrict_attacks", "Reichstag Votes!B2": "for",
                              "Reichstag Votes!B3": "against", "Reichstag Votes!B4": "against"})
    _rows_changed(orders_phase, sort)
    assert [c.value for c in openpyxl.load_workbook(orders_phase.workbook)["Reichstag Votes"]["A"]][1:6] == [
        "SAVOY", "SAXONY", "UNION", "LEAGUE", "AUSTRIA"]
    assert turn(orders_phase).processed
    import json
    record = json.loads((orders_phase.root / orders_phase.name / "history" / "Y1619M.json").read_text())
    assert record["extra"]["europe1619"]["reichstag"]["votes"] == {
        "AUSTRIA": True, "LEAGUE": False, "UNION": False}


def test_a_voter_named_by_his_powers_name_or_in_lower_case_is_his_row(orders_phase):
    type_cells(orders_phase, {"Reichstag!A2": "restrict_attacks", "Reichstag Votes!A2": "austria",
                              "Reichstag Votes!B2": "for", "Reichstag Votes!A3": "Catholic League and Bavaria"})
    problems = cells(refused(orders_phase, {"Reichstag Votes!A4": "Nobody"}))
    assert {cell: p.found for cell, p in problems.items()} == {"Reichstag Votes!A4": "'Nobody'",
                                                               "Reichstag Votes!A2:A6": "no row for UNION"}
    assert problems["Reichstag Votes!A4"].expected.startswith("one of the voters gm-tools laid out a row for (AUSTRIA, LEAGUE, UNION, "
                                           "SAXONY, SAVOY): each row is read by the Voter in column A")


def test_a_power_that_does_not_vote_named_on_a_voters_row_is_refused_not_a_traceback(orders_phase):
    """1619 rulebook, 'Reichstag': 'all members will vote on the item' (the Empire's members).
    Another power's name typed over a voter's ('Dutch Republic' over SAVOY) is refused at that
    cell, with Savoy's row missing, and nothing is written; the turn stopped on a Python
    KeyError ('DUTCH'), as the name read as a power with no row."""
    problems = cells(refused(orders_phase, {"Reichstag!A2": "restrict_attacks", "Reichstag Votes!B2": "for",
                                            "Reichstag Votes!A6": "Dutch Republic", "Reichstag Votes!B6": "for"}))
    assert {cell: p.found for cell, p in problems.items()} == {"Reichstag Votes!A6": "'Dutch Republic'",
                                                               "Reichstag Votes!A2:A6": "no row for SAVOY"}
    assert problems["Reichstag Votes!A6"].expected == (
        "one of the voters gm-tools laid out a row for (AUSTRIA, LEAGUE, UNION, SAXONY, SAVOY): each row is read by "
        "the Voter in column A")


def test_the_target_of_an_imperial_ban_may_not_vote(orders_phase):
    """1619 rulebook, 'Imperial Ban': 'The power that is the target of the ban is restricted
    from voting on the matter': the UNION's vote is refused at its own Vote cell."""
    (problem,) = refused(orders_phase, {**HESSE_BAN, "Reichstag Votes!B4": "against"})
    assert (problem.sheet, problem.cell, problem.found) == ("Reichstag Votes", "B4", "'against'")
    assert "target of the Imperial Ban" in problem.expected


def test_an_imperial_ban_with_empty_ban_and_state_names_both_cells(orders_phase):
    """1619 rulebook, 'Imperial Ban': 'from performing diplomatic attacks ... OR from depositing
    INFs to a selected state in the HRE': the Ban must be chosen, and a state for deposits."""
    problems = cells(refused(orders_phase, {"Reichstag!A2": "imperial_ban", "Reichstag!B2": "UNION"}))
    assert set(problems) == {"Reichstag!C2", "Reichstag!D2"}
    assert problems["Reichstag!C2"].found == "an empty cell" and "'attacks' or 'deposits'" in problems["Reichstag!C2"].expected
    assert problems["Reichstag!D2"].found == "an empty cell" and "HES" in problems["Reichstag!D2"].expected


def test_an_imperial_ban_without_its_power(orders_phase):
    """1619 rulebook, 'Imperial Ban': 'one selected German or Italian power (this excludes Austria)'."""
    (problem,) = refused(orders_phase, {"Reichstag!A2": "imperial_ban", "Reichstag!C2": "attacks"})
    assert (problem.cell, problem.found) == ("B2", "an empty cell")
    assert "other than Austria" in problem.expected


def test_a_ban_on_deposits_needs_a_state_of_the_hre(orders_phase):
    """1619 rulebook, 'Imperial Ban': 'depositing INFs to a selected state in the HRE'."""
    (problem,) = refused(orders_phase, {**HESSE_BAN, "Reichstag!D2": None})
    assert (problem.cell, problem.found) == ("D2", "an empty cell")
    (problem,) = refused(orders_phase, {**HESSE_BAN, "Reichstag!D2": "POR"})  # Portugal: not in the HRE
    assert (problem.cell, problem.found) == ("D2", "'POR'") and "in the HRE" in problem.expected


def test_restrict_foreign_names_its_empty_power_and_state(orders_phase):
    """1619 rulebook, 'Restrict foreign involvement': 'Austria would have to select a foreign
    power', and 'a selected German or Italian state in the HRE'."""
    problems = cells(refused(orders_phase, {"Reichstag!A2": "restrict_foreign"}))
    assert set(problems) == {"Reichstag!B2", "Reichstag!D2"}
    assert "a foreign power" in problems["Reichstag!B2"].expected
    assert all(p.found == "an empty cell" for p in problems.values())


@pytest.mark.parametrize("values, cell", [
    # 'Restrict diplomatic attacks in the HRE' selects no power and no state.
    ({"Reichstag!A2": "restrict_attacks", "Reichstag!B2": "UNION"}, "B2"),
    # A ban on 'performing diplomatic attacks' selects no state.
    ({"Reichstag!A2": "imperial_ban", "Reichstag!B2": "UNION", "Reichstag!C2": "attacks", "Reichstag!D2": "HES"}, "D2"),
    # 'Restrict foreign involvement' restricts 'depositing INFs': no ban to choose.
    ({"Reichstag!A2": "restrict_foreign", "Reichstag!B2": "FRANCE", "Reichstag!C2": "attacks", "Reichstag!D2": "HES"}, "C2"),
])
def test_a_cell_the_agenda_does_not_use_must_be_empty(orders_phase, values, cell):
    """1619 rulebook, 'Reichstag', the three agendas: what each one selects. A cell the agenda
    would ignore is refused rather than dropped without a word."""
    (problem,) = refused(orders_phase, values)
    assert problem.cell == cell and problem.expected.startswith("an empty cell")


@pytest.mark.parametrize("agenda", [Agenda(rt.IMPERIAL_BAN), Agenda(rt.IMPERIAL_BAN, "UNION", rt.BAN_DEPOSITS),
                                    Agenda(rt.RESTRICT_FOREIGN, minor="HES"), Agenda(rt.RESTRICT_FOREIGN, "FRANCE")])
def test_an_unfinished_agenda_is_described_without_none(agenda):
    """1619 rulebook, 'Reichstag': 'Austria would have to select a power': until it has, the
    agenda is named by its title, never 'None'."""
    assert "None" not in agenda.describe() and agenda.describe() == rt.AGENDAS[agenda.kind]


def test_the_state_of_a_ban_may_be_written_by_its_name_as_on_the_influence_sheets(orders_phase):
    """1619 rulebook, 'Imperial Ban': '... from depositing INFs to a selected state in the HRE'.
    The GM types the state as on the INF Placements sheet, by its name ('Hesse', any case): it
    was refused for not being a code."""
    type_cells(orders_phase, {**HESSE_BAN, "Reichstag!D2": " hesse ", "Reichstag Votes!B2": "for"})
    record = turn(orders_phase).record
    assert record["extra"]["europe1619"]["reichstag"]["agenda"]["minor"] == "HES"



@pytest.mark.parametrize("typed", ["Imperial Ban", "imperial ban", "2 - Imperial Ban"])
def test_the_agenda_may_be_typed_as_the_rulebook_names_it(orders_phase, typed):
    """1619 rulebook, 'Reichstag': '2- Imperial Ban'. The GM types the agenda as the rulebook
    names it; the sheet's dropdown gives imperial_ban, and 'Imperial Ban' was refused."""
    type_cells(orders_phase, {**HESSE_BAN, "Reichstag!A2": typed, "Reichstag Votes!B2": "for"})
    record = turn(orders_phase).record
    assert record["extra"]["europe1619"]["reichstag"]["agenda"]["kind"] == "imperial_ban"


def test_status_does_not_say_the_ban_target_typed_the_agenda(orders_phase):
    """1619 rulebook, 'Reichstag': 'When Austria decides on the agenda for the meeting': the GM types it;
    its Power column names the target of the Imperial Ban, not who typed it. `gm-tools status`
    said 'Reichstag: 1 row(s) typed (by UNION)', as if the banned Union had typed the agenda."""
    from gm_tools.app.status import phase_status

    type_cells(orders_phase, {**HESSE_BAN, "Reichstag Votes!B2": "for"})
    status = phase_status(orders_phase.name, orders_phase.root)
    lines = status.text().splitlines()
    assert "  Reichstag: 1 row(s) typed" in lines
    assert "  Reichstag Votes: 1 row(s) typed" in lines
