"""A Europe 1619 alliance only one side declared, as the players read it: the judge text and
the page (QA).

Rulebook: 002_e7e1b063b6c411e5.txt (Europe 1619), 'Alliances': 'All potential members
involved in the making of the alliance must make the declaration for it to be official.'
"""

from __future__ import annotations

import json
from html import unescape

import openpyxl

from gm_tools.app.turn import new_game, run_turn


def test_an_alliance_only_one_side_declared_is_said_failed_in_the_judge_text_and_named_on_the_page(tmp_path):
    """QA finding: France's 'ALLIANCE: ENGLAND', England declaring nothing, fails; the judge
    text said "France: Declares an alliance with England." with no mark, as if it stood (the
    Declarations section lists only what was declared), and the page's Reason said "ENGLAND did
    not declare ALLIANCE: FRANCE", codes and an order's notation. The text now marks it
    '(*fails*)' as judges mark an order not carried out, and the page says why in words; the
    record keeps its words."""
    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    book = openpyxl.load_workbook(tmp_path / "g.xlsx")
    sheet = book["Declarations"]
    sheet["A2"], sheet["B2"], sheet["C2"] = "FRANCE", "alliance", "ENGLAND"
    sheet["A3"], sheet["B3"], sheet["C3"] = "SPAIN", "war", "FRANCE"
    book.save(tmp_path / "g.xlsx")
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site", force=True)
    folder = tmp_path / "site" / "games" / "g"
    text = (folder / "Y1619D.txt").read_text(encoding="utf-8")
    assert "France: Declares an alliance with England.  (*fails*)" in text.splitlines()
    assert "Spain: Declares war on France." in text.splitlines()  # what stands is not marked
    page = unescape((folder / "Y1619D.html").read_text(encoding="utf-8"))
    row = page[page.index("<code>ALLIANCE: ENGLAND</code>"):]
    row = row[:row.index("</tr>")]
    assert ">fails<" in row and "England did not declare an alliance with France; both must declare it" in row
    assert "ENGLAND did not declare" not in page
    record = json.loads((tmp_path / "g" / "history" / "Y1619D.json").read_text(encoding="utf-8"))
    (failed,) = [r for r in record["results"] if r["order"] == "ALLIANCE: ENGLAND"]
    assert failed["reason"] == "ENGLAND did not declare ALLIANCE: FRANCE; both powers must declare it"
