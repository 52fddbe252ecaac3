"""The Peace of Westphalia's other sheets with a row laid out for each player, Imperial Election
(the Setup's and a round's), Military Doctrines and Religious Upheaval, are read by the player
named in each row, as Pick Provinces and Player Turns are (``docs/westphalia.md``; ``Table(keyed=
True)``, ``gm_tools/edges/keyedrows.py``): a sheet the GM sorted reads the same and gives the same
record, the Results sheet's "Entered at" names the row where the entry now is, and a name of no
player, a name on two rows or a row deleted is refused at its cells, nothing written. Sorted,
these sheets were refused row by row ('expected 'RED', as gm-tools laid out row 2').

Played through the demo's real workbooks (``sheets/demo-westphalia.toml``). Rulebook:
``003_b5b9eb4920d39694.txt``, 'Setup' ('Each Player chooses a Military Doctrine in Setup Order'),
'Imperial Election' ('Players may vote for whomever they wish, including themselves'),
'Religious Upheaval' ('Each Catholic non-Foreign Power Player rolls a D6. On a 1-3, one of the
Player's provinces of his choice converts').
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from demos import copy_with_cells, demo_file, played_until_fixture, turn_refused
from gm_tools.app.demo import read_demo
from gm_tools.app.status import phase_status
from gm_tools.app.turn import replay
from test_results_entered_at import _after, _results, _typed

GAME = "westphalia-demo"

setup_votes = played_until_fixture("westphalia", "P1510V")
upheaval = played_until_fixture("westphalia", "R1510U")
emperor_dead = played_until_fixture("westphalia", "R1510X")


def _demo_rows(phase: str) -> dict[str, list[list]]:
    """The rows the demo's GM typed in ``phase``, by sheet, from row 2."""
    entry = read_demo(demo_file("westphalia")).phases[phase]
    return {sheet: rows for sheet, rows in entry.items() if sheet != "press"}


def _cells(rows: dict[str, list[list]]) -> dict[str, object]:
    """``Sheet!Cell`` -> value for each sheet's rows typed from A2."""
    return {f"{sheet}!{'ABC'[c]}{r}": value for sheet, sheet_rows in rows.items()
            for r, row in enumerate(sheet_rows, start=2) for c, value in enumerate(row)}


def _laid(base: Path, phase: str) -> dict[str, list[list]]:
    """Each input sheet's rows as gm-tools laid them out for ``phase`` (its locked cells)."""
    wb = openpyxl.load_workbook(base / f"{GAME}.xlsx")
    return {ws.title: [[c.value for c in row] for row in ws.iter_rows(min_row=2)] for ws in wb
            if ws.title in ("Imperial Election", "Military Doctrines", "Religious Upheaval")}


def _turned(base: Path, into: Path, cells: dict) -> Path:
    root = copy_with_cells(base, into, GAME, cells)
    assert turn_refused(GAME, root) is None
    return root


def _record(root: Path, phase: str) -> dict:
    return json.loads((root / GAME / "history" / f"{phase}.json").read_text(encoding="utf-8"))


def _same_record(laid: Path, sorted_: Path, phase: str) -> None:
    record = [_record(folder, phase) for folder in (laid, sorted_)]
    for key in ("results", "notes", "extra", "after"):
        assert record[0][key] == record[1][key], key
    assert replay(GAME, sorted_) == []


def _entered(root: Path, phase: str) -> list[dict]:
    """The phase's Results lines that name cells, each checked to name cells of the workbook
    handed in that hold what it says was written there."""
    lines = [r for r in _results(_after(root, GAME, phase)) if r["Phase"] == phase and r["Entered at"]]
    for line in lines:
        assert _typed(root / GAME / "backups" / f"{phase}.xlsx", line["Entered at"]).casefold() == \
            line["As written"].casefold(), line
    return lines


def test_sorted_election_and_doctrines_are_read_by_the_players_names(setup_votes, tmp_path):
    """'Each Player chooses a Military Doctrine in Setup Order': the doctrines are chosen, and the
    votes cast, whatever order the GM sorted the two sheets into (here by name, each row moved
    whole); the record is the one the sheets as laid out give, and each doctrine's Results line
    names the row it now is on (BLUE's the first)."""
    rows = _demo_rows("P1510V")
    assert [r[0] for r in rows["Military Doctrines"]] == ["RED", "BLUE", "YELLOW", "GREEN", "ORANGE"]
    laid = _turned(setup_votes, tmp_path / "laid", _cells(rows))
    sorted_ = _turned(setup_votes, tmp_path / "sorted", _cells({s: sorted(r) for s, r in rows.items()}))
    _same_record(laid, sorted_, "P1510V")
    lines = _entered(sorted_, "P1510V")
    blue = next(r for r in lines if r["Power"] == "BLUE")
    assert (blue["Entered at"], blue["As written"]) == ("Military Doctrines!A2:B2", "BLUE | Defensive")
    assert {r["Entered at"] for r in lines} == {f"Military Doctrines!A{n}:B{n}" for n in range(2, 7)}


def test_a_name_of_no_player_twice_or_gone_is_refused_at_its_cells(setup_votes, tmp_path):
    """'Players may vote for whomever they wish': each ballot is its named player's, so what
    would put a vote beside no player or lose one is refused at its cell, with what was found
    and what was expected, and nothing is written: a name of no player ('Blu'), a player on two
    rows (at the second) and a row deleted (Orange's, 'no row for ORANGE')."""
    rows = _demo_rows("P1510V")
    typo = {**_cells(rows), "Imperial Election!A3": "Blu"}
    error = turn_refused(GAME, copy_with_cells(setup_votes, tmp_path / "typo", GAME, typo))
    assert ("Imperial Election!A3: found 'Blu', expected one of the players gm-tools laid out a row for (RED, "
            "BLUE, YELLOW, GREEN, ORANGE): each row is read by the Player in column A") in error
    assert ("Imperial Election!A2:A6: found no row for BLUE, expected a row for each player gm-tools laid out "
            "(RED, BLUE, YELLOW, GREEN, ORANGE); a row deleted loses its player's entry") in error
    twice = {**_cells(rows), "Military Doctrines!A4": "red"}
    error = turn_refused(GAME, copy_with_cells(setup_votes, tmp_path / "twice", GAME, twice))
    assert ("Military Doctrines!A4: found 'red', expected one row for RED (RED is on row 2 too): each row is read "
            "by the Player in column A") in error
    assert "Military Doctrines!A2:A6: found no row for YELLOW" in error
    gone = {**_cells({s: r[:4] for s, r in rows.items()}), **{f"{s}!{c}6": None for s in rows for c in "AB"}}
    error = turn_refused(GAME, copy_with_cells(setup_votes, tmp_path / "gone", GAME, gone))
    for sheet in ("Imperial Election", "Military Doctrines"):
        assert (f"  {sheet}!A2:A6: found no row for ORANGE, expected a row for each player gm-tools laid out (RED, "
                "BLUE, YELLOW, GREEN, ORANGE); a row deleted loses its player's entry") in error.splitlines()


def test_status_on_sorted_sheets_waits_for_the_players_left_blank(setup_votes, tmp_path):
    """`gm-tools status` waits for the players whose own rows are blank, wherever the GM sorted
    them: here every ballot and doctrine typed but Green's doctrine, on the sheets sorted by name
    (Green's row now row 3, Blue's laid-out row). It waited for the player laid out on the blank
    row (Blue); the turn names the blank at the column's rows, not at Blue's laid-out row."""
    rows = {s: sorted(r) for s, r in _demo_rows("P1510V").items()}
    assert rows["Military Doctrines"][1][0] == "GREEN"
    rows["Military Doctrines"][1] = ["GREEN", None]
    root = copy_with_cells(setup_votes, tmp_path / "games", GAME, _cells(rows))
    assert ", waiting for GREEN (a Military Doctrine), " in phase_status(GAME, root=root).summary()
    # the turn names the missing doctrine at the column's rows: where Green's row now is is not
    # read back (it holds nothing), and row 3 as laid out is Blue's
    assert turn_refused(GAME, root).splitlines()[1:] == [
        "  Military Doctrines!B2:B6: found an empty cell, expected a doctrine for GREEN ('Each Player chooses a Military "
        "Doctrine')"]


def test_a_sorted_upheaval_sheet_keeps_each_roll_beside_its_player(upheaval, tmp_path):
    """'On a 1-3, one of the Player's provinces of his choice converts': the sheet lists those who
    rolled 1-3 with their rolls; sorted (Orange's row first, with his roll) it gives the record the
    sheet as laid out gives, Blue's choice naming the row it now is on. A roll left behind when
    the names are sorted is refused at its cell: it is gm-tools' own, beside its player."""
    assert _laid(upheaval, "R1510U")["Religious Upheaval"] == [["BLUE", 3, None], ["ORANGE", 2, None]]
    full = {"Religious Upheaval": [["BLUE", 3, "GRA"], ["ORANGE", 2, "FUL"]]}  # the demo's choices
    laid = _turned(upheaval, tmp_path / "laid", _cells(full))
    sorted_ = _turned(upheaval, tmp_path / "sorted", _cells({"Religious Upheaval": full["Religious Upheaval"][::-1]}))
    _same_record(laid, sorted_, "R1510U")
    blue = next(r for r in _entered(sorted_, "R1510U") if r["Power"] == "BLUE")
    assert blue["Entered at"] == "Religious Upheaval!A3:C3"
    names_only = {**_cells(full), "Religious Upheaval!A2": "ORANGE", "Religious Upheaval!A3": "BLUE"}
    error = turn_refused(GAME, copy_with_cells(upheaval, tmp_path / "rolls", GAME, names_only))
    assert {line for line in error.splitlines() if "!B" in line} == {
        "  Religious Upheaval!B2: found '3', expected '2', as gm-tools laid it out beside ORANGE",
        "  Religious Upheaval!B3: found '2', expected '3', as gm-tools laid it out beside BLUE"}


def test_a_sorted_election_in_a_round_names_the_ballots_row(emperor_dead, tmp_path):
    """'Hold an Imperial Election any round in which the Emperor dies': the sheet lists the players
    in Initiative Order (RED, BLUE, ORANGE, YELLOW, GREEN); sorted by name, Red's ballot, the only
    one, is read as his on row 5, elects him, and its Results line names that row."""
    laid = [r[0] for r in _laid(emperor_dead, "R1510X")["Imperial Election"]]
    assert laid == ["RED", "BLUE", "ORANGE", "YELLOW", "GREEN"]
    ballots = [[p, "RED" if p == "RED" else None] for p in sorted(laid)]
    root = _turned(emperor_dead, tmp_path / "games", _cells({"Imperial Election": ballots}))
    elected = next(r for r in _entered(root, "R1510X") if r["Order"].startswith("elected Emperor"))
    assert (elected["Power"], elected["Entered at"], elected["As written"]) == ("RED", "Imperial Election!A5:B5",
                                                                               "RED | RED")
    assert replay(GAME, root) == []
