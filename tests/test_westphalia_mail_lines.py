"""The Peace of Westphalia's mail lines one by one (``docs/westphalia.md``, 'By mail'): how each
form reads, what a player may not mail and why, the card engine's lines, the Religious War's,
the workbook checked before any mail, and generated lines that are each typed or refused with
a reason, never anything else.

Rulebook: ``003_b5b9eb4920d39694.txt``.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

import fuzzcount
from conftest import run_examples
from gm_tools.app.mailcells import Block, Grid, type_blocks
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state
from gm_tools.edges.mail import MailLine
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.positions import position_from_json
from gm_tools.errors import WorkbookError
from gm_tools.systems.westphalia.mailforms import read_line

from westphalia_mails import played_to, rows_of
from workflow_helpers import snapshot

GAME = "westphalia-demo"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("westphalia-lines-cache")


@pytest.mark.parametrize("line, step, sheet, rows", [
    # the sheet's own name and its columns in order, the player's own column left out
    ("Pick Provinces: EIC EIS HAE HAM, HAM", "L", "Pick Provinces", [{"Provinces": "EIC EIS HAE HAM", "Capital": "HAM"}]),
    ("Pick Provinces: EIC, EIS, HAE, HAM, HAM", "L", "Pick Provinces",
     [{"Provinces": "EIC, EIS, HAE, HAM", "Capital": "HAM"}]),  # the list takes the words left over
    ("provinces EIC EIS HAE HAM, capital HAM", "L", "Pick Provinces", [{"Provinces": "EIC EIS HAE HAM", "Capital": "HAM"}]),
    ("Elector: The Palatinate, ASC BAM, capital ASC", "K", "Place Electors",
     [{"Elector": "The Palatinate", "Provinces": "ASC BAM", "Capital": "ASC"}]),
    ("Principality: Hesse, capital ESS, ESL ESS", "C", "Place Principalities",
     [{"Principality": "Hesse", "Capital": "ESS", "Provinces": "ESL ESS"}]),
    ("Influence: Mainz 2, 1 on Bohemia", "D", "Diplomatic Influence",
     [{"Principality": "Mainz", "DI": 2}, {"Principality": "Bohemia", "DI": 1}]),
    ("Diplomatic Influence: Trier, 3", "D", "Diplomatic Influence", [{"Principality": "Trier", "DI": "3"}]),
    ("Vote: Red Phoenix", "V", "Imperial Election", [{"Votes for": "Red Phoenix"}]),
    ("Vote: Blue", "X", "Imperial Election", [{"Votes for": "Blue"}]),
    ("Doctrine: offensive", "V", "Military Doctrines", [{"Doctrine": "offensive"}]),
    ("Upheaval: Fulda", "U", "Religious Upheaval", [{"Province": "Fulda"}]),
    ("Actions: heresy and diplomacy", "T", "Player Turns",
     [{"Combat Heresy": "yes", "Engage in Diplomacy": "yes", "Wage War": "no"}]),
    # 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War', written with spaces only
    ("Actions: Diplomacy War", "T", "Player Turns",
     [{"Combat Heresy": "no", "Engage in Diplomacy": "yes", "Wage War": "yes"}]),
    ("Player Turns: no, yes, yes, no, , Evangelical League", "T", "Player Turns",
     [{"Combat Heresy": "no", "Engage in Diplomacy": "yes", "Wage War": "yes", "Convert": "no",
       "League": "Evangelical League"}]),
    ("Compete with Orange", "T", "Diplomacy Game", [{"Card": "Compete", "With": "Orange"}]),
    ("Diplomacy Game: cooperate against Red", "T", "Diplomacy Game", [{"Card": "cooperate", "With": "Red"}]),
    ("Dice: 1 on DUI, also DUR", "T", "Spread the Faith", [{"Where": "DUI", "Dice": 1, "Also converts": "DUR"}]),
    ("Spread the Faith: Goslar, 2", "T", "Spread the Faith", [{"Where": "Goslar", "Dice": "2"}]),
    ("Influence: Cologne 2", "T", "Place Influence", [{"Principality": "Cologne", "DI": 2}]),
    ("War: Hesse", "T", "Wars", [{"Against": "Hesse"}]),
    # 'Declare Wars and change their Military Doctrines': in the Player Turns, the Wars sheet's
    ("Doctrine: innovative", "T", "Wars", [{"New doctrine": "innovative"}]),
    ("Military doctrine: Aristocratic", "T", "Wars", [{"New doctrine": "Aristocratic"}]),
    ("Religious War: Goslar", "T", "Religious War", [{"Target": "Goslar"}]),
    ("Foreign Power: Netherlands, west", "F", "Foreign Powers", [{"Home Province": "Netherlands", "Edge": "west"}]),
])
def test_each_form_reads_into_its_sheets_columns(line, step, sheet, rows):
    """Each line opens with the sheet's name or a short form's keyword; its values are the
    sheet's columns (a short form's own), a list column taking the words left over."""
    read = read_line(line, step)
    assert (read.form.sheet, list(read.rows), read.error) == (sheet, rows, "")


@pytest.mark.parametrize("line, why", [
    ("Actions: Heresy, pray", "two of Combat Heresy, Engage in Diplomacy, Wage War ('Players will choose 2/3'), "
                              "found 'pray'"),
    ("Dice: two on EIC", "how many dice and where: 'Dice: 1 on DUI, also DUR'"),
    ("Influence: Cologne", "where and how many, a principality each: 'Influence: Cologne 2' (or '2 on Cologne')"),
    ("Compete", "the card you show and to whom: 'Compete with Orange'"),
    ("Wars: Hesse, RED, extra", "at most 2 value(s), Against, Winner, separated by commas: 'War: Hesse'"),
])
def test_a_line_that_does_not_read_says_what_its_form_is(line, why):
    assert read_line(line, "T").error == why


def _orders(root: Path, *mails: tuple[str, str]) -> subprocess.CompletedProcess:
    files = []
    for name, text in mails:
        (root / name).write_text(text, encoding="utf-8")
        files.append(str(root / name))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "gm_tools", "orders", GAME, *files, "--root", str(root)],
                          capture_output=True, text=True, env=env, cwd=ROOT)


def test_refused_lines_are_named_with_their_reason_and_the_rest_is_typed(tmp_path):
    """Through the command: each line that cannot be read, belongs to another step, or is the
    GM's ('a war's winner, a peace treaty, the Council of Trent') is refused with the line and
    why ('Call The Council of Trent': 'attempt to Call the Council of Trent', whose procedure the
    text lacks; 'Battles & Peace Treaties': 'Complete all battles ... then sign Peace Treaties'),
    and the rest of the mail is typed in; the command ends with status 1, no traceback. A value
    the sheet's own check refuses is refused with the turn's words ('Choose whether to Combat
    Heresy, Engage in Diplomacy, or Wage War': 'Players will choose 2/3'; 'Play the Diplomacy
    Game': 'Unplaced Diplomatic Influence is stored on your capital'; 'Player Conversion': 'All
    Non-Foreign Power Players Combatting Heresy have an opportunity to convert')."""
    paths = played_to("R1535T", tmp_path)
    red = ("Red\nActions: Heresy, War\nConvert: yes\nCouncil of Trent: yes\nInfluence gained: 3\nPeace treaty: ESL\n"
           "Wars: Hesse, RED\nWar: Hesse\nVote: Blue\nHello there\nEmperor joins: Catholic League\n")
    blue = "Blue\nActions: Heresy, Diplomacy, War\nLeague: Hanseatic League\n"
    green = "Green\nActions: Diplomacy, War\nConvert: yes\nInfluence: Cologne 0\n"
    done = _orders(tmp_path, ("red.txt", red), ("blue.txt", blue), ("green.txt", green))
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr == ""
    said = {line.split(": ", 1)[1].split(" -- expected ")[0]: line.split(" -- expected ")[1]
            for line in done.stdout.splitlines() if line.startswith("  refused ")}
    gm = "a player's entry, not the GM's: "
    assert said == {
        "'Council of Trent: yes'": gm + "whether the Council of Trent is called is the GM's entry (the rulebook gives no "
                                        "procedure for the attempt: 'attempt to Call the Council of Trent')",
        "'Influence gained: 3'": gm + "the Influence gained is the GM's entry, what the Diplomacy Game's cards give "
                                      "('take the Influence listed on the card': mail the card you show, 'Compete with "
                                      "Orange'), or the GM's count without them",
        "'Peace treaty: ESL'": gm + "the Peace Treaties are the GM's entries, after the battles ('Complete all battles "
                                    "in the First Battle Phase, then sign Peace Treaties'): tell the GM what you take",
        "'Wars: Hesse, RED'": "the line without its Winner, a player's entries only: a war's winner is the GM's entry "
                              "(the battle decides it, at the table or by the cards)",
        "'Vote: Blue'": "a line of the Player Turns step, such as 'Player Turns: yes, yes, no, no', 'Actions: Combat "
                        "Heresy, Engage in Diplomacy', 'Convert: yes', 'League: Evangelical League', 'Compete with "
                        "Orange', 'Dice: 1 on DUI, also DUR' ...: 'vote' lines belong to the Emperor and Doctrines or "
                        "the Imperial Election step",
        "'Hello there'": "a line of the Player Turns step, such as 'Player Turns: yes, yes, no, no', 'Actions: Combat "
                         "Heresy, Engage in Diplomacy', 'Convert: yes', 'League: Evangelical League', 'Compete with "
                         "Orange', 'Dice: 1 on DUI, also DUR' ...",
        "'Emperor joins: Catholic League'": "a line from the Emperor (YELLOW): 'if the Emperor is not yet a member of "
                                            "a League, he may Join a League'",
        "'Actions: Heresy, Diplomacy, War'": "two of Combat Heresy, Engage in Diplomacy, Wage War ('Players will "
                                             "choose 2/3')",
        "'League: Hanseatic League'": "one of Catholic League, Evangelical League (League), found 'Hanseatic League'",
        "'Convert: yes'": "a conversion only while Combatting Heresy ('All Non-Foreign Power Players Combatting Heresy "
                          "have an opportunity to convert')",
        "'Influence: Cologne 0'": "a whole number of Diplomatic Influence, 1 or more: what is not placed is saved "
                                  "('Unplaced Diplomatic Influence is stored on your capital'), and a placement takes "
                                  "none back ('You may remove all (never only some)')"}
    assert "  refused " + str(tmp_path / "red.txt") + " line 4: 'Council of Trent: yes'" in done.stdout
    # the lines that stand are typed: Red's actions, conversion and war; Green's actions
    turns = {row[0]: row for row in rows_of(paths, "Player Turns")}
    assert turns["RED"][1:5] == ("yes", "no", "yes", "yes") and turns["GREEN"][1:5] == ("no", "yes", "yes", None)
    assert turns["BLUE"][1:] == (None,) * 7
    assert rows_of(paths, "Wars") == [("RED", "Hesse", None, None)] and rows_of(paths, "Place Influence") == []


NO_PROVINCE = " (no province's code or name is near it: the map names them)"
PRINCIPALITIES = ("Augsburg, Bohemia, Brandenburg, Cologne, Dithmarschen, Goslar, Hesse, Konstanz, Lübeck, Mainz, "
                  "Saxony, The Palatinate, Trier")


def test_a_word_naming_nothing_of_the_game_is_named_with_what_was_expected(tmp_path):
    """Through the command, in the Player Turns step: a province, principality or player the
    game does not know is refused naming the word the player wrote and what the line takes there
    (the nearest names, or all of them when they are few), never typed for the turn to find
    later. 'Spread the Faith': dice go 'on heretical provinces' or 'On a neighboring or allied
    Principality'; 'Wage War' against a player or a principality; 'Declare a Religious War':
    'against a heretical Target Principality'."""
    paths = played_to("R1535T", tmp_path)
    red = ("Red\nActions: Heresy, War\nDice: 1 on XXX\nDice: 1 on EIC, also Hamelin\nInfluence: Xanadu 2\n"
           "War: XXX\nReligious War: Hess\n")
    done = _orders(tmp_path, ("red.txt", red))
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr == ""
    said = {line.split(": ", 1)[1].split(" -- expected ")[0]: line.split(" -- expected ")[1]
            for line in done.stdout.splitlines() if line.startswith("  refused ")}
    assert said == {
        "'Dice: 1 on XXX'": "a province of the board (its code or name) or a principality for Where, found 'XXX'"
                            + NO_PROVINCE,
        "'Dice: 1 on EIC, also Hamelin'": "a province of the board (its code or name) for Also converts, found "
                                          "'Hamelin' (nearest: HAM (Hameln), HAL (Halberstadt), HAE (Halle))",
        "'Influence: Xanadu 2'": f"one of {PRINCIPALITIES} (Principality), found 'Xanadu'",
        "'War: XXX'": "a player or a principality for Against, found 'XXX' (known: Augsburg, BLUE, Bohemia, "
                      "Brandenburg, Cologne, Dithmarschen, GREEN, Goslar, Hesse, Konstanz, Lübeck, Mainz, ORANGE, RED, "
                      "Saxony, The Palatinate, Trier, YELLOW)",
        "'Religious War: Hess'": "a principality for Target, found 'Hess' (nearest: Hesse)"}
    assert rows_of(paths, "Spread the Faith") == [] and rows_of(paths, "Wars") == []
    assert [row[0] for row in rows_of(paths, "Religious War") if row[1]] == []


@pytest.mark.parametrize("phase, line, why", [
    ("P1510L", "Provinces: EIC XXX HAE HAM, capital HAM", "a province of the board (its code or name) for Provinces, "
                                                          "found 'XXX'" + NO_PROVINCE),
    ("P1510L", "Provinces: EIC EIS HAE HAM, capital HMA", "a province of the board (its code or name) for Capital, "
                                                          "found 'HMA' (nearest: HAM (Hameln), HAL (Halberstadt), HAE (Halle))"),
    ("P1510K", "Elector: Xanadu, ALT, capital ALT", "one of Trier, Mainz, Cologne, The Palatinate, Saxony, "
                                                    "Brandenburg, Bohemia (Elector), found 'Xanadu'"),
    ("R1510U", "Upheaval: XXX", "a province of the board (its code or name) for Province, found 'XXX'" + NO_PROVINCE),
])
def test_a_setup_line_naming_an_unknown_province_names_it(tmp_path, phase, line, why):
    """'Pick Provinces': 'picks 4 provinces ... places a town on his chosen capital province';
    'Place Electors'; 'Religious Upheaval': 'one of the Player's provinces of his choice': a
    word that is no province (nor Elector) is named with what the step takes."""
    played_to(phase, tmp_path)
    report = enter_mails(GAME, [("red", f"Red\n{line}\n".encode())], root=tmp_path)
    assert report.refused == [("red line 2", repr(line), why)]


def test_the_example_mail_of_the_docs_is_typed_in(tmp_path):
    """docs/westphalia.md's example mail, sent in round 2's Player Turns (Initiative Order
    YELLOW, RED, BLUE, ORANGE, GREEN, all Engaging in Diplomacy: Red plays Yellow's game and his
    own with Blue), is taken whole: its greeting and signature left out."""
    text = (ROOT / "docs" / "westphalia.md").read_text(encoding="utf-8")
    example = text.split("A mail in the Player Turns step", 1)[1].split("```\n", 2)[1]
    paths = played_to("R1535T", tmp_path)
    others = [(p.lower(), f"{p}\nActions: Diplomacy, War\n".encode()) for p in ("YELLOW", "BLUE", "ORANGE", "GREEN")]
    report = enter_mails(GAME, [("red", example.encode()), *others], root=tmp_path)
    assert report.refused == [] and report.skipped == [("red line 1", "Dear GM,")]
    assert [text for _, power, text, _ in report.written if power == "RED"] == [
        "Actions: Heresy, Diplomacy", "Convert: no", "Compete with Yellow", "Cooperate with Blue", "Dice: 1 on EIC",
        "Influence: Cologne 2"]
    assert rows_of(paths, "Diplomacy Game")[:2] == [("YELLOW", None, "RED", "Compete"), ("RED", "Cooperate", "BLUE", None)]


def test_the_workbook_is_checked_before_any_mail_and_a_dry_run_writes_nothing(tmp_path):
    """As for every variant: an old copy of the workbook (another step's) stops the command with
    every problem named and nothing written; a dry run checks the lines and writes nothing; a
    mail typed in keeps the mail and the workbook before it in the game's mail folder."""
    paths = played_to("P1510L", tmp_path)
    old = paths.workbook.read_bytes()
    played_to("P1510K", tmp_path)  # the game moves on; the GM still has the old copy
    paths.workbook.write_bytes(old)
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError, match="Game!B4: found 'P1510L', expected 'P1510K', the game's current phase"):
        enter_mails(GAME, [("red", b"Red\nElector: Trier, ALT, capital ALT\n")], root=tmp_path)
    assert snapshot(tmp_path) == before
    paths = played_to("P1510K", tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails(GAME, [("red", b"Red\nElector: Trier, ALT, capital ALT\nElector: Mainz, AMB, AMB\n"
                                        b"Elector: Cologne, ARN, ARN\n")], root=tmp_path, dry_run=True)
    assert [(text, cell) for _, _, text, cell in report.written] == [
        ("Elector: Trier, ALT, capital ALT", "(not written)"), ("Elector: Mainz, AMB, AMB", "(not written)")]
    assert report.refused == [("red line 4", "'Elector: Cologne, ARN, ARN'", "at most 2 such line(s): RED places 2 "
                               "Elector(s) this step (the Place Electors sheet's rows 2, 7)")]
    assert snapshot(tmp_path) == before
    report = enter_mails(GAME, [("red", b"Red\nElector: Trier, ALT, capital ALT\n")], root=tmp_path)
    assert rows_of(paths, "Place Electors")[0] == ("RED", "Trier", "ALT", "ALT")
    assert sorted(p.name for p in (paths.folder / "mail").iterdir()) == ["P1510K.1.1.eml", "P1510K.1.xlsx"]
    assert (paths.folder / "mail" / "P1510K.1.xlsx").read_bytes() == before[f"{GAME}.xlsx"]


def test_the_same_mails_give_the_same_bytes(tmp_path):
    """Deterministic: the same mails into the same workbook type the same bytes, whatever the
    machine (the workbook is written as every gm-tools workbook is, its dates fixed)."""
    mails = [("yellow", b"Yellow\nActions: Heresy, Diplomacy\n"), ("red", b"Red\nActions: Diplomacy, War\n"),
             ("orange", b"Orange\nActions: Heresy, Diplomacy\nDice: 1 on FUL\nInfluence: Saxony 1\n")]
    out = []
    for copy in ("a", "b"):
        paths = played_to("R1610T", tmp_path / copy)
        enter_mails(GAME, mails, root=tmp_path / copy)
        out.append((paths.workbook.read_bytes(), sorted((p.name, p.read_bytes()) for p in (paths.folder / "mail").iterdir())))
    assert out[0] == out[1]


def test_a_workbook_laid_out_before_the_diplomacy_game_sheet_takes_no_card(tmp_path):
    """A game in progress whose workbook was laid out before the Diplomacy Game sheet existed reads
    as if the sheet were empty (docs/westphalia.md): a card is refused, nothing else is."""
    paths = played_to("R1610T", tmp_path)
    wb = openpyxl.load_workbook(paths.workbook)
    del wb["Diplomacy Game"]
    wb.save(paths.workbook)
    report = enter_mails(GAME, [("yellow", b"Yellow\nActions: Heresy, Diplomacy\nCooperate with Orange\n")],
                         root=tmp_path)
    assert report.refused == [("yellow line 3", "'Cooperate with Orange'", "a line for the Diplomacy Game sheet, "
                               "which this step's workbook does not have")]
    assert rows_of(paths, "Player Turns")[0][:3] == ("YELLOW", "yes", "yes")


def test_the_religious_war_is_declared_once_and_the_emperor_joins_by_mail(tmp_path):
    """'Declare a Religious War': 'If a Religious War has not yet been Declared, a Player in a
    League ... may Declare a Religious War against a heretical Target Principality': one
    declaration, its declarer's; another's is refused naming it. 'Religious War Declared':
    'Second, if the Emperor is not yet a member of a League, he may Join a League': the Emperor's
    mail only, one of the two Leagues; 'Players with DI on the Target Principality must Join a
    League (either one)': each player's own row."""
    paths = played_to("R1585T", tmp_path)
    report = enter_mails(GAME, [("red", b"Red\nLeague: Evangelical League\nReligious War: goslar\n"),
                                ("blue", b"Blue\nLeague: Evangelical League\nReligious War: Hesse\n"),
                                ("yellow", b"Yellow\nEmperor joins: catholic\nReligious War League: Catholic\n")],
                         root=tmp_path)
    assert report.refused == [("blue line 3", "'Religious War: Hesse'", "no Religious War declared yet ('If a "
                               "Religious War has not yet been Declared'): RED declared one (Religious War sheet); the "
                               "GM settles who declared first in Initiative Order")]
    assert rows_of(paths, "Religious War") == [("Declarer", "RED"), ("Target", "Goslar"),
                                               ("Emperor joins", "Catholic League"), ("Winning League", None)]
    assert rows_of(paths, "Religious War Leagues") == [("YELLOW", "Catholic League")]
    report = enter_mails(GAME, [("yellow", b"Yellow\nEmperor joins: Hanseatic League\n")], root=tmp_path)
    assert report.refused[0][2] == ("one of Catholic League, Evangelical League, the League the Emperor joins (or "
                                    "none)")
    # nothing of his new mail stands, so it replaces nothing (as a mail of unit orders): the
    # Emperor's choice stays as his earlier mail typed it
    assert rows_of(paths, "Religious War")[2] == ("Emperor joins", "Catholic League")
    assert report.replaced == ["YELLOW: nothing of yellow stands, so it does not replace its earlier entries"]
    report = enter_mails(GAME, [("yellow", b"Yellow\nEmperor joins: Evangelical League\n")], root=tmp_path)
    assert rows_of(paths, "Religious War")[2] == ("Emperor joins", "Evangelical League")
    assert report.replaced == ["YELLOW: yellow replaces its entries in the workbook"]


def test_a_religious_war_mailed_on_a_sorted_sheet_goes_on_its_items_rows(tmp_path):
    """'Declare a Religious War' and 'he may Join a League' on the Religious War sheet sorted by
    the GM (by item, each row moved whole: the Emperor joins row now row 3): the declaration goes
    on the Declarer and Target rows and the Emperor's League on the row naming it, wherever they
    are. With a row of the sheet deleted, the mails are refused with the workbook, naming the row
    gone, as the turn would refuse it; nothing is written."""
    paths = played_to("R1585T", tmp_path)
    wb = openpyxl.load_workbook(paths.workbook)
    ws = wb["Religious War"]
    for r, item in enumerate(["Declarer", "Emperor joins", "Target", "Winning League"], start=2):
        ws.cell(r, 1).value = item
    wb.save(paths.workbook)
    report = enter_mails(GAME, [("red", b"Red\nLeague: Evangelical League\nReligious War: goslar\n"),
                                ("yellow", b"Yellow\nEmperor joins: catholic\n")], root=tmp_path)
    assert report.refused == []
    assert rows_of(paths, "Religious War") == [("Declarer", "RED"), ("Emperor joins", "Catholic League"),
                                               ("Target", "Goslar"), ("Winning League", None)]
    wb = openpyxl.load_workbook(paths.workbook)
    wb["Religious War"].delete_rows(3)  # the Emperor joins row, gone with his League
    wb.save(paths.workbook)
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as refused:
        enter_mails(GAME, [("red", b"Red\nLeague: Evangelical League\nReligious War: Hesse\n")], root=tmp_path)
    assert [(p.cell, p.found) for p in refused.value.problems] == [("A2:A5", "no row for Emperor joins")]
    assert snapshot(tmp_path) == before


def _card_engine_game(cache: Path, root: Path, phase: str):
    """The demo played to ``phase`` in a game started with the battle card engine on."""
    import gm_tools.app.demo as demo_module
    from gm_tools.app.demo import play_demo, read_demo
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    from demos import demo_file

    from westphalia_mails import _when

    demo = read_demo(demo_file("westphalia"))
    demo = dataclasses.replace(demo, until=phase, phases={p: e for p, e in demo.phases.items() if _when(p) < _when(phase)})
    started = demo_module.new_game
    demo_module.new_game = functools.partial(new_game, options={"card_engine": True})
    try:
        play_demo(demo, root)
    finally:
        demo_module.new_game = started
    return game_paths(GAME, root)


def test_each_side_mails_its_battle_cards_with_the_card_engine(tmp_path):
    """With the card engine (docs/westphalia.md, 'The battle card engine'; the rulebook's
    'Battles': 'Players pair off separately into their respective battles') each side of a war
    mails its line of cards: the declarer's go beside its declaration, the target's on the row
    of the war declared on it; a player with no such war is refused. Without the engine the
    battle is the table's, and the GM enters its winner."""
    paths = _card_engine_game(tmp_path / "cache", tmp_path, "R1535T")
    report = enter_mails(GAME, [("red", b"Red\nActions: Heresy, War\nWar: Blue\nWar cards: Blue, M P C\n"),
                                ("blue", b"Blue\nActions: Diplomacy, War\nWar cards: Red, P P\n"
                                         b"Religious War Cards: M P\n"),
                                ("green", b"Green\nWar cards: Red, C\n")], root=tmp_path)
    assert report.refused == [("green line 2", "'War cards: Red, C'", "a war of yours with RED on the Wars sheet "
                               "(declared by you, 'War: RED', or by RED against you); an unaligned principality's "
                               "cards are its leader's, which the GM enters")]
    assert rows_of(paths, "Wars") == [("RED", "BLUE", None, "M P C", "P P", None)]
    assert rows_of(paths, "Religious War Cards") == [("BLUE", "M P")]


def test_a_vote_when_the_emperor_lives_is_refused(tmp_path):
    """'Imperial Election': 'If the Emperor has been Emperor for one round only, roll a D6; he dies on a 3 or less
    ... Hold an Imperial Election any round in which the Emperor dies': without his death
    there is no Imperial Election sheet, and a vote says why."""
    from gm_tools.systems.westphalia import SYSTEM
    from gm_tools.systems.westphalia.state import state_of, with_state

    played_to("R1510X", tmp_path)
    state = load_state(GAME, tmp_path)
    game = state_of(state.position)
    game.emperor_dies = {"dies": False, "why": "rolled 5 after one round ('he dies on a 3 or less')"}
    position = with_state(state.position, game)
    assert hooks_for(state.variant).input_sheets(state.variant, position) == []
    mailed = SYSTEM.mailed_cells(state.variant, position, "RED", ["Vote: Red"], {})
    assert mailed.lines == ["a vote only when the Emperor dies ('Hold an Imperial Election any round in which the "
                            "Emperor dies'): rolled 5 after one round ('he dies on a 3 or less')"]


NASTY = ["\u200f", "\u202e", "\u0000", "\t", "\u00a0", "\ufeff", ":", ",", " with ", " on ", "also ", "capital ", "0",
         "-3", "99999999999999999999", "yes", "none", "=1+1", "<b>"]
REAL = ["Provinces: EIC EIS HAE HAM, capital HAM", "Elector: Trier, ALT, capital ALT", "Principality: Hesse, ESL ESS, ESS",
        "Influence: Trier 3", "Vote: Red", "Doctrine: Flexible", "Upheaval: GRA", "Actions: Heresy, Diplomacy",
        "Convert: yes", "League: Catholic League", "Compete with Orange", "Dice: 1 on DUI, also DUR", "War: Hesse",
        "War cards: Hesse, M P", "Religious War: Goslar", "Emperor joins: Catholic League", "Foreign Power: France, west",
        "Player Turns: yes, yes, no, no", "Council of Trent: yes", "Religious War League: none"]


@st.composite
def mails(draw) -> list[str]:
    out = []
    for _ in range(draw(st.integers(1, 6))):
        text = draw(st.sampled_from(REAL)) if draw(st.integers(0, 4)) else draw(st.text(max_size=50))
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(NASTY) | st.characters()) + text[at + 1:]
        out.append(text.strip() or "?")
    return out


@pytest.mark.parametrize("phase", ["P1510L", "P1510K", "P1510C", "P1510D", "P1510V", "R1510U", "R1510T", "R1510X"])
def test_every_generated_line_is_typed_or_refused_with_a_reason(cache, phase):
    """Generated and mangled lines, in every step a player mails in: each line is typed onto the
    step's sheets or refused with a reason, once, never anything else (no exception, no cell
    outside the sheets the GM types in)."""
    from gm_tools.edges.workbook import read_workbook

    state = load_state(GAME, played_to("R1535I", cache / "at-R1535I").root)
    record = next(r for r in state.history if r["phase"] == phase)
    variant, position = state.variant, position_from_json(record["before"])
    tables = hooks_for(variant).input_sheets(variant, position)
    backup = (cache / "at-R1535I" / GAME / "backups" / f"{phase}.xlsx").read_bytes()  # as the GM typed it by hand
    typed = read_workbook(backup, phase, variant, tables)[0].inputs
    players = list(variant.powers)

    @given(st.lists(st.tuples(st.sampled_from(players), mails()), min_size=1, max_size=3))
    def check(batch):
        group = f"mail westphalia {phase}"
        fuzzcount.tried(group)
        try:
            grid = Grid(tables, typed if len(batch) % 2 else {})
            blocks = [Block(f"m{n}", player, [MailLine(k + 2, t) for k, t in enumerate(texts)])
                      for n, (player, texts) in enumerate(batch)]
            assert type_blocks(variant, position, grid, blocks) == blocks
            for block in blocks:
                assert set(block.typed) | set(block.refused) == set(range(len(block.lines)))
                assert not set(block.typed) & set(block.refused) and all(block.refused.values())
        except Exception:
            fuzzcount.failed(group)
            raise

    run_examples(check)


def test_a_declaration_without_a_league_is_refused_so_a_valid_one_gets_in(tmp_path):
    """'Declare a Religious War': 'If a Religious War has not yet been Declared, a Player in a
    League ... may Declare a Religious War'; 'Join a League': 'Players may Join a League, as in
    Engaging in Diplomacy' (the League column of Player Turns, this step). Red, in no League on his
    row nor in his mail, declares: the turn could never take it, so the mail refuses it at once,
    and Orange's declaration (his League in the same mail) goes in, though the other players'
    actions are still to come. Red's League typed by an earlier mail, or later in the same mail,
    counts; Red's later 'League: none' withdraws his declaration with it (the report names the
    cells left empty), so it never holds the sheet against another's."""
    paths = played_to("R1585T", tmp_path)
    report = enter_mails(GAME, [("red", b"Red\nReligious War: goslar\n"),
                                ("orange", b"Orange\nActions: Diplomacy, War\nReligious War: Konstanz\n"
                                           b"League: Catholic League\n")], root=tmp_path)
    assert report.refused == [("red line 2", "'Religious War: goslar'",
                               "a declarer in a League ('a Player in a League ... may Declare a Religious War'): RED "
                               "has joined none this round (the League column of his Player Turns row, joined while "
                               "Engaging in Diplomacy or Waging War: 'League: Evangelical League')")]
    assert rows_of(paths, "Religious War")[:2] == [("Declarer", "ORANGE"), ("Target", "Konstanz")]
    # Orange withdraws from the League: his declaration goes with it, and Red's, with his League, gets in
    report = enter_mails(GAME, [("orange", b"Orange\nLeague: none\n")], root=tmp_path)
    assert report.replaced == ["ORANGE: orange replaces its entries in the workbook (Player Turns!G3; Religious "
                               "War!B2, B3 now empty)"]
    report = enter_mails(GAME, [("red", b"Red\nReligious War: goslar\nLeague: Evangelical League\n")], root=tmp_path)
    assert report.refused == []
    assert rows_of(paths, "Religious War")[:2] == [("Declarer", "RED"), ("Target", "Goslar")]
    # his League in the workbook counts for a declaration mailed alone
    report = enter_mails(GAME, [("red", b"Red\nReligious War: Trier\n")], root=tmp_path)
    assert report.refused == [] and rows_of(paths, "Religious War")[:2] == [("Declarer", "RED"), ("Target", "Trier")]
    # only a line that speaks to his League withdraws it: the GM's own declaration for Orange,
    # typed by hand, stays when Orange mails his conversion (the turn judges it)
    from gm_tools.edges.workbook_fill import set_cells

    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {"Religious War!B2": "ORANGE",
                                                                       "Religious War!B3": "Konstanz"}))
    enter_mails(GAME, [("orange", b"Orange\nConvert: no\n")], root=tmp_path)
    assert rows_of(paths, "Religious War")[:2] == [("Declarer", "ORANGE"), ("Target", "Konstanz")]


def test_a_name_below_the_lines_is_refused_not_left_out(tmp_path):
    """Each of a player's lines opens with its keyword ('Upheaval: GRA'), so a name signed
    below them with no '-- ' line above it ('Minden', a province of the board, alone below a
    blank line) is a line of his written wrong: refused with the form the step's lines take,
    never left out as a signature, as a province's name is below the Diplomacy variants'
    orders. The line above it is typed."""
    played_to("R1510U", tmp_path)
    report = enter_mails(GAME, [("blue", b"Blue\nUpheaval: GRA\n\nMinden\n")], root=tmp_path, dry_run=True)
    assert report.refused == [("blue line 4", "'Minden'", "a line of the Religious Upheaval step, such as 'Upheaval: GRA' "
                               "(a signature goes below a line '-- ', where the mail's lines end)")]
    assert [w[2] for w in report.written] == ["Upheaval: GRA"]
    assert report.signed == [] and report.signed_places == []
