"""Europe 1619's Purchases sheet as a GM fills it: a row typed twice (QA).

Rulebook: 002_e7e1b063b6c411e5.txt (Europe 1619), 'Treasury': 'The power must have an unoccupied
home center for a new build to be allowed.'
"""

from __future__ import annotations

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.errors import UserError


def _book(root, fill) -> None:
    path = root / "g.xlsx"
    book = openpyxl.load_workbook(path)
    fill(book)
    book.save(path)


def test_a_build_typed_twice_is_refused_as_the_center_the_first_row_built_on(tmp_path):
    """QA finding: France's army leaves Paris; the GM types 'build A PAR' on two rows. The second
    was refused as "PAR is occupied by A PAR", which the GM, seeing Paris empty on the map, could
    not place: it now says the army was built earlier this phase."""
    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the Diplomatic Phase, nothing placed

    def order(book):
        sheet = book["Orders"]
        (row,) = [r for r in sheet.iter_rows(min_row=2) if r[0].value == "FRANCE" and r[1].value == "A PAR"]
        row[2].value = "A PAR - BUR"
    _book(tmp_path, order)
    while load_state("g", tmp_path).position.phase != "Y1619B":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert "PAR" not in load_state("g", tmp_path).position.units

    def purchases(book):
        sheet = book["Purchases"]
        for r in (2, 3):
            sheet.cell(r, 1).value, sheet.cell(r, 2).value, sheet.cell(r, 3).value, sheet.cell(r, 4).value = \
                "FRANCE", "build", "A", "PAR"
    _book(tmp_path, purchases)
    with pytest.raises(UserError) as refused:
        run_turn("g", root=tmp_path, site_dir=None)
    said = str(refused.value)
    assert "Purchases!B3: found 'build' (FRANCE's row: BUILD A PAR), expected a transaction the rules allow (PAR is occupied " \
           "by A PAR, built earlier this phase: a build needs an unoccupied center)" in said, said
    assert "Purchases!B2" not in said
    assert load_state("g", tmp_path).position.phase == "Y1619B"  # nothing written


def test_a_disbanding_and_the_build_it_makes_room_for_are_shown_in_the_order_carried_out(tmp_path):
    """1619 rulebook, 'Treasury': 'The power must have an unoccupied home center for a new build
    to be allowed'; 'To calculate the cost to add more than 1 unit during this phase, the player
    must assess the cost of one additional unit after one unit has been purchased'. QA finding:
    France disbands its army in Provence and builds a new one there, priced at the strength the
    disbanding left; the page and the judge text listed 'Builds an army in Provence' before
    'Disbands the unit in Provence' (the record's order, by text), read as a build on an occupied
    center. They now follow the order the treasury carried them out in; the record keeps its order."""
    import json

    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "Y1619B":
        run_turn("g", root=tmp_path, site_dir=None, force=True)

    def purchases(book):
        sheet = book["Purchases"]
        for r, row in enumerate((["FRANCE", "disband", None, "PRO"], ["FRANCE", "build", "A", "PRO"]), start=2):
            for c, value in enumerate(row, start=1):
                sheet.cell(r, c).value = value
    _book(tmp_path, purchases)
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site")
    folder = tmp_path / "site" / "games" / "g"
    text = (folder / "Y1619B.txt").read_text(encoding="utf-8").splitlines()
    france = [line for line in text if line.startswith("France: ") and line.endswith(" in Provence.")]
    assert france == ["France: Disbands the unit in Provence.", "France: Builds an army in Provence."], france
    page = (folder / "Y1619B.html").read_text(encoding="utf-8")
    assert page.index("<code>DISBAND PRO</code>") < page.index("<code>BUILD A PRO</code>")
    record = json.loads((tmp_path / "g" / "history" / "Y1619B.json").read_text(encoding="utf-8"))
    orders = [r["order"] for r in record["results"] if r["power"] == "FRANCE"]
    assert orders.index("BUILD A PRO") < orders.index("DISBAND PRO")  # the record as it was
