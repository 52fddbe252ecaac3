"""The Peace of Westphalia's mailed lines as players write them when they slip from the forms of
``docs/westphalia.md`` ('By mail') in a way that leaves no doubt what they mean, and the GM's
slips in a cell the turn names: each read as meant, or refused saying what was expected.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from gm_tools.systems.westphalia.mailforms import read_line

from westphalia_mails import played_to, rows_of

GAME = "westphalia-demo"
ROOT = Path(__file__).resolve().parent.parent


def _gm_tools(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "gm_tools", *args, "--root", str(root)],
                          capture_output=True, text=True, env=env, cwd=ROOT)


@pytest.mark.parametrize("line, step, rows", [
    # the label before the capital with no comma before it, or a colon after it
    ("provinces EIC EIS HAE HAM capital HAM", "L", [{"Provinces": "EIC EIS HAE HAM", "Capital": "HAM"}]),
    ("Provinces: EIC EIS HAE HAM, capital: HAM", "L", [{"Provinces": "EIC EIS HAE HAM", "Capital": "HAM"}]),
    ("Provinces: EIC EIS HAE HAM; capital HAM", "L", [{"Provinces": "EIC EIS HAE HAM", "Capital": "HAM"}]),
    ("Principality: Hesse, ESL ESS capital ESS", "C", [{"Principality": "Hesse", "Provinces": "ESL ESS",
                                                        "Capital": "ESS"}]),
    ("Dice: 2 on DES also FRS", "T", [{"Where": "DES", "Dice": 2, "Also converts": "FRS"}]),
    ("Dice: 2 on DES, also: FRS", "T", [{"Where": "DES", "Dice": 2, "Also converts": "FRS"}]),
    ("Foreign Power: Netherlands edge west", "F", [{"Home Province": "Netherlands", "Edge": "west"}]),
    # 'Declare War on either an eligible Player or an unaligned Principality'
    ("War on Red", "T", [{"Against": "Red"}]),
    ("Declare war on Hesse", "T", [{"Against": "Hesse"}]),
    ("War against Orange Stag", "T", [{"Against": "Orange Stag"}]),
    # 'places all of his Diplomatic Influence onto one or more Principalities of his choice'
    ("Influence: Mainz 2 Bohemia 1", "D", [{"Principality": "Mainz", "DI": 2}, {"Principality": "Bohemia", "DI": 1}]),
    ("Influence: The Palatinate: 2, Augsburg = 1", "D", [{"Principality": "The Palatinate", "DI": 2},
                                                         {"Principality": "Augsburg", "DI": 1}]),
    ("Diplomatic Influence: Saxony (3)", "D", [{"Principality": "Saxony", "DI": 3}]),
    ("Influence: Bohemia x3", "D", [{"Principality": "Bohemia", "DI": 3}]),
    # a sentence's words and marks around the values
    ("Dice: 2 dice on DES", "T", [{"Where": "DES", "Dice": 2}]),
    ("Dice: 1 die on DES, also FRS", "T", [{"Where": "DES", "Dice": 1, "Also converts": "FRS"}]),
    ("Influence: Cologne 1 and Hesse 2", "T", [{"Principality": "Cologne", "DI": 1}, {"Principality": "Hesse", "DI": 2}]),
    ("Religious war on Goslar", "T", [{"Target": "Goslar"}]),
    ("Actions: Heresy + Diplomacy", "T", [{"Combat Heresy": "yes", "Engage in Diplomacy": "yes", "Wage War": "no"}]),
    ("Actions: Diplomacy/War.", "T", [{"Combat Heresy": "no", "Engage in Diplomacy": "yes", "Wage War": "yes"}]),
    # 'show either a Cooperate or Compete card', as British players spell it
    ("Co-operate with Orange", "T", [{"Card": "Cooperate", "With": "Orange"}]),
    ("Diplomacy Game: co-operate against Red", "T", [{"Card": "cooperate", "With": "Red"}]),
    # 'Players attempt to secure the votes of a majority of the Electors (4) to be elected Emperor'
    ("Vote for Red", "V", [{"Votes for": "Red"}]),
    ("Votes: Blue Kraken", "X", [{"Votes for": "Blue Kraken"}]),
    # a dash between the keyword and the values, as a colon
    ("Actions - Heresy, Diplomacy", "T", [{"Combat Heresy": "yes", "Engage in Diplomacy": "yes", "Wage War": "no"}]),
    ("Influence \u2013 Cologne 2; Hesse 1", "T", [{"Principality": "Cologne", "DI": 2},
                                                  {"Principality": "Hesse", "DI": 1}]),
])
def test_a_near_miss_of_a_form_reads_as_meant(line, step, rows):
    """rulebook 003 (The Peace of Westphalia), 'Pick Provinces': 'The First Player picks 4
    provinces ... He then places a town on his chosen capital province'; 'Place Diplomatic
    Influence': 'places all of his Diplomatic Influence onto one or more Principalities of his
    choice'; 'Spread the Faith': 'an
    additional heretical province of your choice'; 'Declare War on either an eligible Player or
    an unaligned Principality'; 'Imperial Election': 'Players attempt to secure the votes of a
    majority of the Electors'. A column's label ('capital', 'also', 'edge') names its column
    wherever it stands, with or without the comma or a colon; a semicolon or a dash separates as
    a comma and a colon do; 'War on Red' declares the war on Red; 'Vote for Red' and 'Votes: Red'
    are Red's vote ('Vote for Red' was refused as 'found 'for Red''); a principality and its
    Influence may be written without the comma between pairs ('Mainz 2 Bohemia 1', refused as
    'found 'Mainz 2 Bohemia'') or with a colon, '=', brackets or 'x' before the number; 'Co-operate with Orange' is the
    Cooperate card ('Play the Diplomacy Game': 'show either a Cooperate or Compete card'), refused
    before as no line of the step; '2 dice on DES', 'and' between placements, 'Religious war on
    Goslar', '+' or '/' between actions and a full stop at the end read as meant (they were
    refused naming 'dice on DES', 'and Hesse', 'on Goslar', 'Heresy + Diplomacy', 'War.')."""
    read = read_line(line, step)
    assert (list(read.rows), read.error) == (rows, "")


def test_a_capital_without_a_comma_is_typed_into_its_cell(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Pick Provinces': 'The First Player picks 4
    provinces ... He then places a town on his chosen capital province.' Through the command,
    'provinces EIC EIS HAE HAM capital HAM' was refused ('found 'capital'', nearest CAL): it is
    typed, the capital in the Capital column."""
    paths = played_to("P1510L", tmp_path)
    (tmp_path / "red.txt").write_text("Red\nprovinces EIC EIS HAE HAM capital HAM\n", encoding="utf-8")
    (tmp_path / "blue.txt").write_text("Blue\nProvinces: DUI DUR GRA HAL; capital: HAL\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "red.txt"), str(tmp_path / "blue.txt"))
    assert done.stdout.startswith("P1510L: 2 line(s) written, 0 refused\n"), done.stdout + done.stderr
    rows = {row[0]: row[1:3] for row in rows_of(paths, "Pick Provinces")}
    assert (rows["RED"], rows["BLUE"]) == (("EIC, EIS, HAE, HAM", "HAM"), ("DUI, DUR, GRA, HAL", "HAL"))



def test_a_principality_without_its_article_or_accents(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Play the Diplomacy Game': 'place Diplomatic
    Influence onto one or more Principalities of your choice'. 'Palatinate' for The Palatinate and
    'Lubeck' for Lübeck (a keyboard without the umlaut) name them alone: they were refused
    ('found 'Palatinate''); they are typed as the sheets write them."""
    paths = played_to("R1585T", tmp_path)
    (tmp_path / "orange.txt").write_text("Orange\nInfluence: Palatinate 2, Lubeck 1\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "orange.txt"))
    assert done.stdout.startswith("R1585T: 1 line(s) written, 0 refused\n"), done.stdout + done.stderr
    assert rows_of(paths, "Place Influence") == [("ORANGE", "The Palatinate", 2), ("ORANGE", "Lübeck", 1)]


def test_an_elector_without_its_article(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Place Electors': 'The First Player places an
    Elector of his choice anywhere on the map'. 'Elector: Palatinate, ...' places The Palatinate."""
    paths = played_to("P1510K", tmp_path)
    (tmp_path / "green.txt").write_text("Green\nElector: palatinate, ASC BAM, capital ASC\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "green.txt"))
    assert done.stdout.startswith("P1510K: 1 line(s) written, 0 refused\n"), done.stdout + done.stderr
    assert ("GREEN", "The Palatinate", "ASC, BAM", "ASC") in rows_of(paths, "Place Electors")


@pytest.mark.parametrize("line, step, why", [
    ("Religious Upheaval: FUL, FRS", "U", "one value (Province) as in 'Upheaval: GRA', found 2: FUL, FRS"),
    ("Vote: Red, Blue", "V", "one value (Votes for) as in 'Vote: Red', found 2: Red, Blue"),
])
def test_two_values_where_one_is_taken_are_refused_as_such(line, step, why):
    """rulebook 003 (The Peace of Westphalia), 'Religious Upheaval': 'On a 1-3, one of the
    Player's provinces of his choice converts'. Two values where the line takes one were refused
    as 'at most 1 value(s), Province, separated by commas', as if a list were asked for."""
    assert read_line(line, step).error == why


@pytest.mark.parametrize("line", ["War: Hesse, Goslar", "Declare war on Hesse and Goslar", "War: Hesse & Goslar"])
def test_two_wars_on_one_line_are_refused_as_two_wars(line):
    """rulebook 003 (The Peace of Westphalia), 'Wage War': 'Declare War on either an eligible
    Player or an unaligned Principality'. Two sides named on the short form's line were refused
    as a Winner typed ('a war's winner is the GM's entry') or as one name, 'Hesse and Goslar':
    the refusal says a war goes on a line of its own. The sheet's own form, 'Wars: Hesse, RED',
    still names the Winner column as the GM's."""
    assert read_line(line, "T").error == "one war a line: 'War: Hesse', then 'War: Goslar' on a line of its own"
    assert read_line("Wars: Hesse, RED", "T").rows == ({"Against": "Hesse", "Winner": "RED"},)


@pytest.mark.parametrize("edge", ["north west", "northwest", "NW"])
def test_an_edge_written_without_its_hyphen_or_by_its_initials(tmp_path, edge):
    """rulebook 003 (The Peace of Westphalia), 'Foreign Powers': the Foreign Power's Home Province
    on an edge of the map. 'north west', 'northwest' and 'NW' name the north-west edge alone: they
    were refused ('found 'NW''); the sheet gets 'north-west'."""
    paths = played_to("R1560F", tmp_path)
    (tmp_path / "blue.txt").write_text(f"Blue\nForeign Power: Netherlands, {edge}\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "blue.txt"))
    assert done.stdout.startswith("R1560F: 1 line(s) written, 0 refused\n"), done.stdout + done.stderr
    assert rows_of(paths, "Foreign Powers") == [("BLUE", "Netherlands", "north-west")]


def test_a_province_named_without_its_accents(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Pick Provinces': 'The First Player picks 4
    provinces'. 'Eichstatt' for Eichstätt, as a keyboard without the umlaut writes it, names the
    province alone: it was refused ('found 'Eichstatt'', the nearest offered); it is typed by its
    code."""
    paths = played_to("P1510L", tmp_path)
    (tmp_path / "red.txt").write_text("Red\nProvinces: Eichstatt, Eisenach, Halle, Hameln, capital Hameln\n",
                                      encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "red.txt"))
    assert done.stdout.startswith("P1510L: 1 line(s) written, 0 refused\n"), done.stdout + done.stderr
    assert rows_of(paths, "Pick Provinces")[0] == ("RED", "EIC, EIS, HAE, HAM", "HAM")


def test_the_emperor_may_mail_that_he_joins_no_league(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Religious War Declared': 'Second, if the Emperor
    is not yet a member of a League, he may Join a League.' He may also not: 'Emperor joins: none'
    leaves the cell empty, as 'League: none' does his Player Turns row, withdrawing a League he
    mailed before; it was refused as 'one of Catholic League, Evangelical League'."""
    paths = played_to("R1585T", tmp_path)
    (tmp_path / "red.txt").write_text("Red\nActions: Diplomacy, War\nLeague: Evangelical League\n"
                                      "Religious War: Goslar\n", encoding="utf-8")
    (tmp_path / "yellow.txt").write_text("Yellow\nEmperor joins: Catholic League\n", encoding="utf-8")
    (tmp_path / "yellow2.txt").write_text("Yellow\nEmperor joins: none\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, *(str(tmp_path / f) for f in ("red.txt", "yellow.txt")))
    assert "0 refused" in done.stdout.splitlines()[0], done.stdout
    assert ("Emperor joins", "Catholic League") in rows_of(paths, "Religious War")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "yellow2.txt"))
    assert done.stdout.startswith("R1585T: 1 line(s) written, 0 refused\n"), done.stdout + done.stderr
    assert "(Religious War!B4 now empty)" in done.stdout
    assert ("Emperor joins", None) in rows_of(paths, "Religious War")
    (tmp_path / "yellow3.txt").write_text("Yellow\nEmperor joins: Hanseatic League\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "yellow3.txt"))
    assert ("-- expected one of Catholic League, Evangelical League, the League the Emperor joins (or none)"
            in done.stdout), done.stdout


@pytest.mark.parametrize("word", ["myself", "me", "Myself", "moi"])
def test_a_vote_for_oneself_is_the_players_own_colour(tmp_path, word):
    """rulebook 003 (The Peace of Westphalia), 'Imperial Election': 'Players may vote for whomever
    they wish, including themselves'. 'Vote: myself' was refused as naming no player; it is the
    mailing player's own vote, typed as his colour on his Imperial Election row."""
    from gm_tools.app.mailorders import enter_mails

    paths = played_to("P1510V", tmp_path)
    report = enter_mails(GAME, [("blue", f"Blue\nVote: {word}\n".encode())], root=tmp_path)
    assert report.refused == []
    assert [row[:2] for row in rows_of(paths, "Imperial Election") if row[0] == "BLUE"] == [("BLUE", "BLUE")]


def test_a_misspelt_principality_is_refused_with_the_one_it_was_meant_to_be(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Place other Principalities': 'Pick a province
    where there is space on the board for a contiguous Principality of the rolled size and place
    the Principality's town'. 'Augsberg' for Augsburg was refused with the list of every
    principality and no hint, where the sheet's own check of the same cell says 'did you mean
    Augsburg?': the mail says it too, and nothing is typed."""
    paths = played_to("P1510C", tmp_path)
    (tmp_path / "yellow.txt").write_text("Yellow\nPrincipality: Augsberg, COT FRE FRI, capital COT\n",
                                         encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "yellow.txt"))
    assert done.stdout.startswith("P1510C: 0 line(s) written, 1 refused\n"), done.stdout + done.stderr
    assert "found 'Augsberg' (did you mean Augsburg?)" in done.stdout, done.stdout


def test_a_war_line_typed_twice_is_two_wars_not_three_rows(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Setting the Warfare Stage': 'Declare War on either
    an eligible Player or an unaligned Principality ... When a war is declared, place both ... in
    the First Battle Phase ... If either ... is already in the First Battle Phase, place them in the
    Second Battle Phase'. A mail with 'War: Goslar' on two lines declares two wars (the docs: 'a
    line for each war'), but was typed on three rows, the reading of the batch a second time
    finding only one of the two rows it had typed and adding another; the report named a row other
    than those on the sheet. A later mail of one line leaves one war."""
    paths = played_to("R1510T", tmp_path)
    (tmp_path / "orange.txt").write_text("Orange\nActions: Diplomacy, War\nWar: Goslar\nWar: Goslar\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "orange.txt"))
    assert done.stdout.startswith("R1510T: 3 line(s) written, 0 refused\n"), done.stdout + done.stderr
    wars = [row[:2] for row in rows_of(paths, "Wars")]
    assert wars == [("ORANGE", "Goslar"), ("ORANGE", "Goslar")], wars
    written = [line.split()[1].removeprefix("Wars!B").rstrip(":") for line in done.stdout.splitlines()
               if "War: Goslar" in line]
    ws = openpyxl.load_workbook(paths.workbook)["Wars"]
    assert [ws[f"A{row}"].value for row in written] == ["ORANGE", "ORANGE"], done.stdout
    (tmp_path / "orange2.txt").write_text("Orange\nWar: Goslar\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "orange2.txt"))
    assert [row[:2] for row in rows_of(paths, "Wars")] == [("ORANGE", "Goslar")], done.stdout + done.stderr


def test_a_misspelt_keyword_is_refused_with_the_one_it_was_meant_to_be(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Play the Diplomacy Game': 'show either a
    Cooperate or Compete card'; 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, &
    Wage War'. 'Compeat with Yellow' or 'Acions: Heresy, War' was refused only as no line of the
    step, with six examples: the keyword it was meant to be is named, and the rest of the mail is
    typed."""
    played_to("R1510T", tmp_path)
    (tmp_path / "orange.txt").write_text("Orange\nAcions: Diplomacy, War\nCompeat with Yellow\nConvert: no\n",
                                         encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "orange.txt"))
    assert done.stdout.startswith("R1510T: 1 line(s) written, 2 refused\n"), done.stdout + done.stderr
    refused = [line for line in done.stdout.splitlines() if line.startswith("  refused")]
    assert refused[0].endswith("... (did you mean 'Actions'?)"), refused
    assert refused[1].endswith("... (did you mean 'Compete'?)"), refused


def test_a_mail_without_its_players_line_is_counted_in_lines(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Pick a Color and Flag': 'Each Player picks a set of
    control markers in the color ... of their choice'. A mail whose colour line is missing is
    refused, and the count said '0 order(s) written' (a player of the board game mails lines for
    the step, never an order), where any other mail's said '0 line(s) written'."""
    played_to("R1510T", tmp_path)
    (tmp_path / "nobody.txt").write_text("Hello GM,\nActions: Heresy, Diplomacy\n", encoding="utf-8")
    done = _gm_tools(tmp_path, "orders", GAME, str(tmp_path / "nobody.txt"))
    assert done.stdout.startswith("R1510T: 0 line(s) written, 1 refused\n"), done.stdout + done.stderr
    assert "order(s)" not in done.stdout
