"""The Results sheet names the cells a variant's own entries were typed in ("Entered at") and
what they held ("As written"), as it does for the Orders sheet's orders (docs/workbook.md,
"Results": "the cell it was entered in and the text as written"), so a GM checking a result
finds the cell he typed. Only the workbook shows it: the record is as it was, and the game
replays to the same bytes.

Played through the shipped demos' real workbooks: Europe 1619's Diplomatic Phase sheets
(rulebook 002, 'Diplomatic Phase': INF placements, diplomatic attacks, declarations) and The
Peace of Westphalia's Setup sheets (rulebook 003, 'Setup': 'Pick 4 provinces', 'Place
Diplomatic Influence', 'Choose a Military Doctrine').
"""

from __future__ import annotations

import json

import openpyxl
import pytest
from openpyxl.utils.cell import range_boundaries

from demos import played_until, played_until_fixture
from gm_tools.app.turn import replay


def _results(path) -> list[dict]:
    ws = openpyxl.load_workbook(path)["Results"]
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def _typed(backup, ref: str) -> str:
    """The values the cells of ``ref`` ('INF Placements!A3:C3', or several rows' 'Player
    Turns!A2:F2, Place Influence!A2:C2') hold in the workbook the GM handed in, as the Results
    sheet writes them."""
    book, said = openpyxl.load_workbook(backup), []
    for one in ref.split(", "):
        sheet, cells = one.split("!")
        col1, row1, col2, row2 = range_boundaries(cells)
        values = [book[sheet].cell(r, c).value for r in range(row1, row2 + 1) for c in range(col1, col2 + 1)]
        said.append(" | ".join(str(v).strip() for v in values if v not in (None, "")))
    return " / ".join(said)


def _after(root, game: str, phase: str):
    """The workbook laid out after ``phase``, whose Results sheet is the phase's."""
    record = json.loads((root / game / "history" / f"{phase}.json").read_text(encoding="utf-8"))
    kept = root / game / "backups" / f"{record['next_phase']}.xlsx"
    return kept if kept.exists() else root / f"{game}.xlsx"


def _check_each_line_names_its_cells(root, game: str, phase: str, workbook) -> list[dict]:
    lines = [r for r in _results(workbook) if r["Phase"] == phase]
    assert lines
    backup = root / game / "backups" / f"{phase}.xlsx"
    for line in lines:
        assert line["Entered at"], line
        # the cells named hold what the line says was written there (case as the reader keeps it)
        assert _typed(backup, line["Entered at"]).casefold() == line["As written"].casefold(), line
    return lines


europe1619 = played_until_fixture("europe1619", "Y1619M")


def test_europe1619_diplomatic_entries_name_their_rows(europe1619):
    """'Each power may place INFs ... diplomatic attacks ... declarations of war and alliances':
    each of Y1619D's result lines names the row of INF Placements, Attacks or Declarations it
    was typed on."""
    root, game = europe1619, "europe1619-demo"
    lines = _check_each_line_names_its_cells(root, game, "Y1619D", root / f"{game}.xlsx")
    by = {(r["Power"], r["Order"]): r for r in lines}
    assert by[("AUSTRIA", "3: CRO")]["Entered at"] == "INF Placements!A2:C2"
    assert by[("AUSTRIA", "3: CRO")]["As written"] == "AUSTRIA | 3 | CRO"
    assert by[("SPAIN", "LOR > FRANCE")]["Entered at"].startswith("Attacks!")
    assert by[("FRANCE", "WAR: SPAIN")]["Entered at"].startswith("Declarations!")
    assert {r["Entered at"] for r in lines if r["Entered at"].startswith("INF")} == {
        f"INF Placements!A{n}:C{n}" for n in range(2, 28)}  # every placement row, each once


def test_europe1619_record_is_unchanged_and_replays(europe1619):
    root, game = europe1619, "europe1619-demo"
    record = json.loads((root / game / "history" / "Y1619D.json").read_text(encoding="utf-8"))
    assert all(set(r) == {"codes", "dislodged", "order", "parsed", "power", "reason", "result"}
               for r in record["results"])
    assert "Placements" not in json.dumps(record)  # no sheet's cell kept in the record
    assert replay(game, root) == []


westphalia = played_until_fixture("westphalia", "R1510U")


@pytest.mark.parametrize("phase, sheet", [("P1510L", "Pick Provinces"), ("P1510K", "Place Electors"),
                                          ("P1510C", "Place Principalities"), ("P1510D", "Diplomatic Influence"),
                                          ("P1510V", "Military Doctrines")])
def test_westphalia_setup_entries_name_their_rows(westphalia, phase, sheet):
    """Each Setup step's line made by one entry names its row; the lines no one row made (the
    single-province principalities the step fills in, the election counted from every vote)
    name none."""
    root, game = westphalia, "westphalia-demo"
    record = json.loads((root / game / "history" / f"{phase}.json").read_text(encoding="utf-8"))
    after = root / game / "backups" / f"{record['next_phase']}.xlsx"  # laid out after the phase
    lines = [r for r in _results(after) if r["Phase"] == phase]
    typed = [r for r in lines if r["Entered at"]]
    assert typed and all(r["Entered at"].startswith(f"{sheet}!") for r in typed)
    backup = root / game / "backups" / f"{phase}.xlsx"
    for line in typed:
        assert _typed(backup, line["Entered at"]).casefold() == line["As written"].casefold(), line
    assert all(" fills " in r["Order"] or "elected Emperor" in r["Order"] for r in lines if not r["Entered at"])


def test_westphalia_influence_line_names_the_row(westphalia):
    """'Each Player receives 3 Diplomatic Influence' placed on the Diplomatic Influence sheet:
    RED's 3 on Trier is the first row."""
    root, game = westphalia, "westphalia-demo"
    lines = _results(root / game / "backups" / "P1510V.xlsx")
    red = next(r for r in lines if r["Power"] == "RED")
    assert (red["Entered at"], red["As written"]) == ("Diplomatic Influence!A2:C2", "RED | Trier | 3")
    assert replay(game, root) == []


def test_europe1619_transactions_name_their_rows(tmp_path):
    """'Builds and Transactions': each purchase and loan of Y1619B names its Purchases or Loans row."""
    played_until(tmp_path, "europe1619", "Y1620D")
    game = "europe1619-demo"
    record = json.loads((tmp_path / game / "history" / "Y1619B.json").read_text(encoding="utf-8"))
    after = tmp_path / game / "backups" / f"{record['next_phase']}.xlsx"
    lines = _check_each_line_names_its_cells(tmp_path, game, "Y1619B", after)
    by = {(r["Power"], r["Order"]): r for r in lines}
    assert (by[("AUSTRIA", "BUILD A VIE")]["Entered at"], by[("AUSTRIA", "BUILD A VIE")]["As written"]) == (
        "Purchases!A2:D2", "AUSTRIA | build | A | VIE")
    assert by[("VENICE", "LEND 2 TO SAVOY at 1 interest (due 1621)")]["Entered at"] == "Loans!A2:E2"


def test_westphalia_upheaval_and_foreign_power_name_their_rows(tmp_path):
    """'Religious Upheaval': a player who rolled 1-3 'chooses' the province, named at his row
    (the bag's draws at none); 'Foreign Powers': both lines of BLUE's leaving name his row."""
    played_until(tmp_path, "westphalia", "R1560X")
    game = "westphalia-demo"
    for phase, sheet in (("R1510U", "Religious Upheaval"), ("R1560F", "Foreign Powers")):
        lines = [r for r in _results(_after(tmp_path, game, phase)) if r["Phase"] == phase]
        typed = [r for r in lines if r["Entered at"]]
        assert typed and all(r["Power"] != "EMPIRE" for r in typed)
        assert all(r["Power"] == "EMPIRE" for r in lines if not r["Entered at"])
        for line in typed:
            assert line["Entered at"].startswith(f"{sheet}!")
            assert _typed(tmp_path / game / "backups" / f"{phase}.xlsx", line["Entered at"]).casefold() == \
                line["As written"].casefold(), line
    assert replay(game, tmp_path) == []


def test_westphalia_player_turns_lines_name_the_row_that_made_them(tmp_path):
    """'How to Play': of round 2's Player Turns (R1535T), a player's actions, League and Council
    of Trent name his Player Turns row, Red's war on Hesse its Wars row, his taking of ESL its
    Peace Treaties row and the Influence it cost its Influence Changes row, each die its Spread
    the Faith row, and the Influence gained and placed his Player Turns and Place Influence rows."""
    played_until(tmp_path, "westphalia", "R1535X")
    game = "westphalia-demo"
    lines = [r for r in _results(_after(tmp_path, game, "R1535T")) if r["Phase"] == "R1535T"]
    at = {r["Order"]: r["Entered at"] for r in lines if r["Power"] in ("RED", "YELLOW")}
    assert at["war with Hesse (Battle Phase 1); Hesse led by BLUE: RED wins"] == "Wars!A2:C2"
    assert at["takes ESL from Hesse"] == "Peace Treaties!A2:C2"
    assert at["-1 Diplomatic Influence (saved): Esslingen was not adjacent: 'lose 1 Diplomatic Influence'"] == \
        "Influence Changes!A2:D2"
    assert at["joins the Evangelical League"] == at["chooses Combat Heresy and Wage War"] == "Player Turns!A3:G3"
    assert at["calls the Council of Trent: the Catholic Reformation begins"] == "Player Turns!A2:H2"
    # 'Player Conversion': Red's conversion (his Convert cell, R1535T) names his row
    assert at[next(o for o in at if o.startswith("converts to Protestantism"))] == "Player Turns!A3:G3"
    backup = tmp_path / game / "backups" / "R1535T.xlsx"
    for line in lines:
        if line["Entered at"]:
            assert _typed(backup, line["Entered at"]).casefold() == line["As written"].casefold(), line
    # the Influence gained (typed by the GM) and placed: his Player Turns row and Place Influence rows
    gains = next(r for r in lines if r["Power"] == "YELLOW" and r["Order"].startswith("gains "))
    assert gains["Entered at"] == "Player Turns!A2:H2, Place Influence!A2:C2"
    # 'Spread the Faith': each die's line names its row (Orange's on DES, Green's on BER also DIL)
    faith = {r["Power"]: (r["Entered at"], r["As written"]) for r in lines if " converts" in r["Order"]
             or "holds its faith" in r["Order"] or "cancelled" in r["Order"]}
    assert faith["ORANGE"] == ("Spread the Faith!A2:C2", "ORANGE | DES | 1")
    assert faith["GREEN"] == ("Spread the Faith!A3:D3", "GREEN | BER | 1 | DIL")
    assert replay(game, tmp_path) == []


def test_westphalia_diplomacy_games_name_their_rows(tmp_path):
    """'all Players Engaging in Diplomacy play the Diplomacy Game with the Player after you':
    each game of round 5 (R1610T) names the Diplomacy Game row its cards were typed on."""
    played_until(tmp_path, "westphalia", "R1610X")
    game = "westphalia-demo"
    lines = [r for r in _results(_after(tmp_path, game, "R1610T")) if r["Order"].startswith("Diplomacy Game with")]
    assert len(lines) == 5 and all(r["Entered at"].startswith("Diplomacy Game!") for r in lines)
    backup = tmp_path / game / "backups" / "R1610T.xlsx"
    for line in lines:
        assert _typed(backup, line["Entered at"]).casefold() == line["As written"].casefold(), line
        # the row is the game's: its player and the partner the line names
        player, partner = line["As written"].split(" | ")[0::2]
        assert player == line["Power"] and line["Order"].startswith(f"Diplomacy Game with {partner}:")


def test_westphalia_religious_war_declaration_and_electors_name_their_rows(tmp_path):
    """'Religious War': Red's declaration on Goslar (R1585T) names the Religious War sheet's
    Declarer and Target rows; 'replacing them with Electors of his choice', Brandenburg's
    replacement its Electors Changed row."""
    played_until(tmp_path, "westphalia", "R1585X")
    game = "westphalia-demo"
    lines = {r["Order"]: r for r in _results(_after(tmp_path, game, "R1585T")) if r["Phase"] == "R1585T"}
    declared = lines["declares a Religious War on Goslar: the Restorer of the Faith"]
    assert (declared["Entered at"], declared["As written"]) == ("Religious War!A2:B2, Religious War!A3:B3",
                                                                "Declarer | RED / Target | Goslar")
    replaced = next(r for o, r in lines.items() if o.startswith("replaces the Elector Brandenburg"))
    assert replaced["Entered at"] == "Electors Changed!A2:B2"
    backup = tmp_path / game / "backups" / "R1585T.xlsx"
    for line in lines.values():
        if line["Entered at"]:
            assert _typed(backup, line["Entered at"]).casefold() == line["As written"].casefold(), line
