"""Europe 1619: a GM's entries typed as the rulebook words them, read or refused at their cell
naming what was found and what the cell takes (docs/workbook.md, "Checking"; nothing written on
a refusal). Played through the real workbooks of the demos (``sheets/demo-europe1619.toml``,
``sheets/demo-europe1619-10.toml``).

Rulebook ``002_e7e1b063b6c411e5.txt``.
"""

from __future__ import annotations

import json
from pathlib import Path

from demos import copy_with_cells, played_until_fixture, turn_refused

GAME = "europe1619-demo"

builds = played_until_fixture("europe1619", "Y1619B")


def _refused(root: Path, tmp_path: Path, game: str, cells: dict) -> list[str]:
    copy = copy_with_cells(root, tmp_path / "games", game, cells)
    error = turn_refused(game, copy)  # checks nothing was written
    assert error is not None and "Traceback" not in error
    return [line.strip() for line in error.splitlines()[1:]]


def test_tps_typed_with_the_word_are_the_number(builds, tmp_path):
    """'Loans': 'This game allows for players to loan TPs to other players', and the rulebook
    counts a treasury as 'a total of 7 TPs': '3 TPs' in a Loans or Payments TPs cell, or '1 TP'
    of Interest, is the number, as the INF Placements' INFs cell reads '3 INFs'. Refused before
    as no whole number."""
    root = copy_with_cells(builds, tmp_path / "games", GAME, {
        "Loans!A2": "VENICE", "Loans!B2": "SAVOY", "Loans!C2": "2 TPs", "Loans!D2": "1 tp", "Loans!E2": 1621,
        "Payments!A2": "SPAIN", "Payments!B2": "FRANCE", "Payments!C2": "3tps", "Payments!D2": "gift"})
    assert turn_refused(GAME, root) is None
    record = json.loads((root / GAME / "history" / "Y1619B.json").read_text(encoding="utf-8"))
    inputs = record["extra"]["europe1619"]
    assert inputs["loans"] == [{"lender": "VENICE", "borrower": "SAVOY", "amount": 2, "interest": 1, "due": "1621"}]
    assert inputs["payments"] == [{"payer": "SPAIN", "payee": "FRANCE", "amount": 3, "note": "gift"}]


def test_tps_typed_with_another_word_are_refused_naming_the_cell(builds, tmp_path):
    """Only the TPs' own word is read: '3 ducats', '2.5 TPs' or '3 TPs to Spain' in a TPs cell is
    refused at that cell, saying the number and how it may be written."""
    lines = _refused(builds, tmp_path, GAME, {
        "Loans!A2": "VENICE", "Loans!B2": "SAVOY", "Loans!C2": "3 ducats", "Loans!D2": "2.5 TPs", "Loans!E2": 1621,
        "Payments!A2": "SPAIN", "Payments!B2": "FRANCE", "Payments!C2": "3 TPs to Spain"})
    assert lines == [
        "Loans!C2: found '3 ducats', expected a whole number of TPs (TPs), like 3 or '3 TPs'",
        "Loans!D2: found '2.5 TPs', expected a whole number of TPs (Interest), like 3 or '3 TPs'",
        "Payments!C2: found '3 TPs to Spain', expected a whole number of TPs (TPs), like 3 or '3 TPs'"]
