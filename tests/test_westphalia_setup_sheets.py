"""The Peace of Westphalia's Setup sheets as a GM types them: a list of provinces typed with
spaces, a capital that is not one of the provinces, a player's Diplomatic Influence that does
not add up to 3, a Military Doctrine left blank. Each is named at the cell to correct, as 'Sheet!Cell: found ..., expected ...',
and nothing is written (``docs/westphalia.md``, 'The steps').

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup', 'Pick Provinces', 'Place Diplomatic
Influence' and 'Choose a Military Doctrine'.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from demos import played_until, turn_refused, typed_copy

GAME = "westphalia-demo"
# the demo's picks (sheets/demo-westphalia.toml, P1510L), in its Setup Order
PICKS = [("RED", "EIC, EIS, HAE, HAM", "HAM"), ("BLUE", "DUI, DUR, GRA, HAL", "HAL"),
         ("YELLOW", "DRE, GOI, GOR, GOT", "GOI"), ("GREEN", "BER, DIL, GER, GIE", "GIE"),
         ("ORANGE", "DES, FRS, FUL, FUR", "FUR")]


@pytest.fixture(scope="module")
def setup_games(tmp_path_factory) -> dict[str, Path]:
    """The demo played up to Pick Provinces and up to Place Diplomatic Influence."""
    out = {}
    for stop in ("P1510L", "P1510D", "P1510V"):
        out[stop] = tmp_path_factory.mktemp(stop)
        played_until(out[stop], "westphalia", stop)
    return out


def test_provinces_typed_with_spaces_are_read(setup_games, tmp_path):
    """'The First Player picks 4 provinces': 'EIC EIS HAE HAM', as the mail's form takes them
    ('separated by spaces or commas'), is the four provinces, not a word the board lacks."""
    rows = [(p, provinces.replace(",", ""), capital) for p, provinces, capital in PICKS]
    root = typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows)
    assert turn_refused(GAME, root) is None
    held = {r[0]: r[3] for r in openpyxl.load_workbook(root / f"{GAME}.xlsx")["Princes"].iter_rows(values_only=True)}
    assert held["RED"] == "EIC, EIS, HAE, HAM"


def test_a_word_that_is_no_province_is_still_named(setup_games, tmp_path):
    rows = [PICKS[0][:1] + ("EIC EIS HAE HMA", "HAM")] + PICKS[1:]
    error = turn_refused(GAME, typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows))
    assert "Pick Provinces!B2: found 'EIC EIS HAE HMA', expected provinces of the board" in error


def test_a_misspelt_province_is_named_with_the_nearest(setup_games, tmp_path):
    """A province typed wrong (in the list or as the capital) is named with the board's
    provinces nearest it, as a mailed line is, for the GM to correct the cell."""
    rows = [("RED", "EIC, EIS, HAE, Hamel", "HAM"), ("BLUE", "DUI, DUR, GRA, HAL", "HLA")] + PICKS[2:]
    error = turn_refused(GAME, typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows))
    assert "Pick Provinces!B2: found 'Hamel', expected provinces of the board (codes or names) (nearest: HAM (Hameln)" \
        in error
    assert "Pick Provinces!C3: found 'HLA', expected one province of the board (nearest: " in error
    assert "HAL (" in error.split("C3:")[1]


def test_a_capital_not_among_the_provinces_is_named_at_the_capital(setup_games, tmp_path):
    """'He then places a town on his chosen capital province': the capital typed is the cell to
    correct, not the provinces."""
    rows = [PICKS[0][:2] + ("ALT",)] + PICKS[1:]
    error = turn_refused(GAME, typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows))
    assert "Pick Provinces!C2: found 'ALT', expected a capital among its provinces (EIC, EIS, HAE, HAM)" in error
    assert "Pick Provinces!B2" not in error


def test_influence_that_does_not_add_up_is_named_at_the_players_row(setup_games, tmp_path):
    """'Each Player receives 3 Diplomatic Influence ... Players may not save their Diplomatic
    Influence during Setup': 4 placed is named at the player's own row, 0 at the first empty
    row, each with the rule."""
    rows = [("RED", "Trier", 3), ("BLUE", "Mainz", 2), ("BLUE", "Cologne", 2), ("YELLOW", "Saxony", 3),
            ("GREEN", "Bohemia", 3)]
    error = turn_refused(GAME, typed_copy(setup_games["P1510D"], tmp_path, GAME, "Diplomatic Influence", rows))
    assert ("Diplomatic Influence!C4: found '4 for BLUE', expected 3 for each player, all placed ('Each Player "
            "receives 3 Diplomatic Influence") in error
    assert "Diplomatic Influence!C7: found '0 for ORANGE'" in error


def test_a_missing_doctrine_is_named_at_its_cell(setup_games, tmp_path):
    """'Each Player chooses a Military Doctrine in Setup Order': a Doctrine left blank is named
    at that cell of the Military Doctrines sheet, not on the Imperial Election sheet without a
    cell; a doctrine misspelt is named once, with what was typed."""
    votes = [("RED", "RED"), ("BLUE", "RED"), ("YELLOW", "YELLOW"), ("GREEN", "YELLOW"), ("ORANGE", "RED")]
    root = typed_copy(setup_games["P1510V"], tmp_path, GAME, "Imperial Election", votes)
    wb = openpyxl.load_workbook(root / f"{GAME}.xlsx")
    for r, doctrine in enumerate(["Offensive", "Defensive", None, "Flexible", "Agressive"], start=2):
        wb["Military Doctrines"].cell(r, 2).value = doctrine
    wb.save(root / f"{GAME}.xlsx")
    error = turn_refused(GAME, root)
    assert ("Military Doctrines!B4: found an empty cell, expected a doctrine for YELLOW, ORANGE ('Each Player chooses a "
            "Military Doctrine')") in error
    assert "Military Doctrines!B6: found 'Agressive', expected one of Flexible" in error
    assert "Imperial Election:" not in error and error.count("B6") == 1


def test_a_one_province_elector_given_two_says_one_province(setup_games, tmp_path):
    """'Trier, Mainz, and Cologne - 1 province': two typed for Trier are named as 'expected 1
    province, found 2', not '1 different provinces'."""
    root = tmp_path / "games"
    shutil.copytree(setup_games["P1510L"], root)
    wb = openpyxl.load_workbook(root / f"{GAME}.xlsx")
    for r, row in enumerate(PICKS, start=2):
        for c, value in enumerate(row, start=1):
            wb["Pick Provinces"].cell(r, c).value = value
    wb.save(root / f"{GAME}.xlsx")
    assert turn_refused(GAME, root) is None
    wb = openpyxl.load_workbook(root / f"{GAME}.xlsx")
    wb["Place Electors"]["B2"], wb["Place Electors"]["C2"], wb["Place Electors"]["D2"] = "Trier", "ALT, AMB", "ALT"
    wb.save(root / f"{GAME}.xlsx")
    error = turn_refused(GAME, root)
    assert "Place Electors!C2: found 'ALT, AMB', expected 1 province, found 2" in error


def test_influence_without_its_player_says_nothing_was_found(setup_games, tmp_path):
    """'The First Player places all of his Diplomatic Influence onto one or more Principalities':
    a row with the Player left blank is named at that cell as 'found an empty cell' (as every variant's sheets say it), not 'None'."""
    rows = [(None, "Trier", 3)]
    error = turn_refused(GAME, typed_copy(setup_games["P1510D"], tmp_path, GAME, "Diplomatic Influence", rows))
    assert "Diplomatic Influence!A2: found an empty cell, expected a player of the game: RED, BLUE, YELLOW, GREEN, ORANGE" in error
    assert "'None'" not in error


def test_influence_without_its_principality_says_nothing_was_found_and_names_them(setup_games, tmp_path):
    """The same with the Principality left blank: 'found an empty cell' (it was "found ''"), and the
    principalities it may name."""
    rows = [("RED", None, 3)]
    error = turn_refused(GAME, typed_copy(setup_games["P1510D"], tmp_path, GAME, "Diplomatic Influence", rows))
    assert ("Diplomatic Influence!B2: found an empty cell, expected a principality on the board: Augsburg, Bohemia, "
            "Brandenburg, Cologne, Dithmarschen, Goslar, Hesse, Konstanz, Lübeck, Mainz, Saxony, The Palatinate, "
            "Trier") in error


def test_a_doctrine_beside_a_retyped_name_is_still_his_row(setup_games, tmp_path):
    """'Each Player chooses a Military Doctrine in Setup Order': the Military Doctrines sheet
    lists each player in a locked cell, and each row is read by the name in it. A GM who lifts the
    protection and types Blue's name as the other sheets take it ('blue', 'Blue Kraken') beside
    his doctrine still has Blue's row (the turn once stopped on a Python KeyError, then refused
    the name); a name of no player is named at that cell, with Blue's row missing."""
    votes = [("RED", "RED"), ("BLUE", "RED"), ("YELLOW", "YELLOW"), ("GREEN", "YELLOW"), ("ORANGE", "RED")]
    for typed in ("blue", "Blue Kraken", "Blu"):
        root = typed_copy(setup_games["P1510V"], tmp_path / typed, GAME, "Imperial Election", votes)
        wb = openpyxl.load_workbook(root / f"{GAME}.xlsx")
        for r, (player, doctrine) in enumerate([("RED", "Offensive"), (typed, "Defensive"), ("YELLOW", "Flexible"),
                                                ("GREEN", "Flexible"), ("ORANGE", "Innovative")], start=2):
            wb["Military Doctrines"].cell(r, 1).value, wb["Military Doctrines"].cell(r, 2).value = player, doctrine
        wb.save(root / f"{GAME}.xlsx")
        error = turn_refused(GAME, root)
        if typed != "Blu":
            assert error is None, typed
            continue
        assert error.splitlines()[1:3] == [
            "  Military Doctrines!A2:A6: found no row for BLUE, expected a row for each player gm-tools laid out (RED, "
            "BLUE, YELLOW, GREEN, ORANGE); a row deleted loses its player's entry",
            "  Military Doctrines!A3: found 'Blu', expected one of the players gm-tools laid out a row for (RED, BLUE, "
            "YELLOW, GREEN, ORANGE): each row is read by the Player in column A"]


def test_a_row_typed_below_the_players_rows_is_named(setup_games, tmp_path):
    """'The First Player picks 4 provinces ... Other Players follow, in Setup Order': the Pick
    Provinces sheet has a row for each player. A second row for Orange typed below them (the
    protection lifted) would be read instead of his own or not at all: it is named at its cell."""
    rows = PICKS + [("ORANGE", "DES, FRS, FUL, KEM", "FUR")]
    error = turn_refused(GAME, typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows))
    assert error.splitlines()[1:] == ["  Pick Provinces!A7: found 'ORANGE', expected one row for ORANGE (ORANGE is "
                                      "on row 6 too): each row is read by the Player in column A"]


def test_sorted_pick_provinces_rows_are_read_by_the_players_names(setup_games, tmp_path):
    """'The First Player picks 4 provinces ... Other Players follow, in Setup Order': the picks
    are made in Setup Order however the GM sorted the sheet (here by name, each row moved
    whole): each row is its named player's, and the record is the one the sheet as laid out
    gives. Sorted, every row was refused as moved ('expected 'RED', as gm-tools laid out row 2')."""
    import json

    laid = typed_copy(setup_games["P1510L"], tmp_path / "laid", GAME, "Pick Provinces", PICKS)
    assert turn_refused(GAME, laid) is None
    root = typed_copy(setup_games["P1510L"], tmp_path / "sorted", GAME, "Pick Provinces", sorted(PICKS))
    assert turn_refused(GAME, root) is None
    record = [json.loads((folder / GAME / "history" / "P1510L.json").read_text(encoding="utf-8"))
              for folder in (laid, root)]
    for key in ("results", "notes", "extra", "after"):
        assert record[0][key] == record[1][key], key


def test_status_on_a_sorted_pick_provinces_sheet_waits_for_the_player_left_blank(setup_games, tmp_path):
    """'The First Player picks 4 provinces ... Other Players follow, in Setup Order': on the sheet
    sorted by name (each row moved whole), with Green's picks still to come (his row, row 3,
    blank), `gm-tools status` waits for Green. It waited for Blue, whose laid-out row that is."""
    from gm_tools.app.status import phase_status

    rows = sorted(PICKS)
    assert rows[1][0] == "GREEN"
    rows[1] = ("GREEN", None, None)
    root = typed_copy(setup_games["P1510L"], tmp_path, GAME, "Pick Provinces", rows)
    assert ", waiting for GREEN (4 provinces and a capital to pick), " in phase_status(GAME, root=root).summary()


def test_influence_of_a_player_with_no_row_is_named_at_his_own_rows(setup_games, tmp_path):
    """'Each Player receives 3 Diplomatic Influence ... Players may not save their Diplomatic
    Influence during Setup' (rulebook ``003_b5b9eb4920d39694.txt``, 'Place Diplomatic Influence'):
    the sheet's rows are shared out 3 a player in Setup Order, as `gm-tools orders` types the
    mails (RED rows 2-4, BLUE 5-7, YELLOW 8-10). With Red's one row typed and Blue's and Yellow's
    left empty, '0 for BLUE' and '0 for YELLOW' are named at their own first rows, C5 and C8; both
    were named at C3, a row of Red's."""
    rows = [("RED", "Trier", 3)] + [(None, None, None)] * 8 + [("GREEN", "Bohemia", 3), (None, None, None),
                                                              (None, None, None), ("ORANGE", "Saxony", 3)]
    error = turn_refused(GAME, typed_copy(setup_games["P1510D"], tmp_path, GAME, "Diplomatic Influence", rows))
    assert "Diplomatic Influence!C5: found '0 for BLUE', expected 3 for each player, all placed" in error
    assert "Diplomatic Influence!C8: found '0 for YELLOW', expected 3 for each player, all placed" in error
    assert "C3:" not in error
