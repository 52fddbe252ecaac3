"""The Peace of Westphalia: a player Waging War changes his Military Doctrine in Setting the
Warfare Stage, on the Wars sheet or by mail, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setting the Warfare Stage' ("In Initiative Order, each
Player Waging War may do any or all of the following things. When all Players Waging War have had
an opportunity to Declare Wars and change their Military Doctrines, proceed to Battles & Peace
Treaties"), 'Choose a Military Doctrine' ("The 7 available Military Doctrines are"), 'Battles'
("discard up to 2 cards faceup and draw replacements according to their Military Doctrines").
"""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import openpyxl

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.sheets import PRINCES, WARS
from gm_tools.systems.westphalia.state import Holding, State, state_of
from gm_tools.systems.westphalia.turns import DIPLOMACY, HERESY, WAR

from westphalia_mails import ROUND_FIVE_CELLS
from demos import played_until_fixture, turn_refused
from card_war_board import war_board

GAME = "westphalia-demo"
STOP = "R1610T"
# Round 5's Player Turns as the demo enters them (Initiative Order YELLOW, ORANGE, RED, GREEN,
# BLUE): Blue alone is Waging War, his doctrine Defensive since the Setup
ACTIONS = ROUND_FIVE_CELLS
STAGE = ("'When all Players Waging War have had an opportunity to Declare Wars and change their Military "
         "Doctrines'")


round_five = played_until_fixture("westphalia", STOP)



def _copy(round_five: Path, tmp_path: Path) -> Path:
    root = tmp_path / "games"
    shutil.copytree(round_five, root)
    return root


def _turn(root: Path, cells: dict, drop_column: bool = False) -> str | None:
    """Round 5's Player Turns with the demo's actions and ``cells``, processed by `turn`: None when
    accepted, else the error's text (after checking nothing was written). ``drop_column``: the
    Wars sheet as gm-tools laid it out before its New doctrine column."""
    workbook = root / f"{GAME}.xlsx"
    data = set_cells(workbook.read_bytes(), {**ACTIONS, **cells})
    if drop_column:
        wb = openpyxl.load_workbook(io.BytesIO(data))
        ws = wb[WARS]
        at = next(c.column for c in ws[1] if c.value == "New doctrine")
        ws.delete_cols(at)
        out = io.BytesIO()
        wb.save(out)
        data = out.getvalue()
    workbook.write_bytes(data)
    return turn_refused(GAME, root)


def _column(root: Path) -> str:
    """The letter of the Wars sheet's New doctrine column."""
    ws = openpyxl.load_workbook(io.BytesIO((root / f"{GAME}.xlsx").read_bytes()))[WARS]
    return next(c.column_letter for c in ws[1] if c.value == "New doctrine")


def test_a_player_waging_war_changes_his_doctrine_on_the_wars_sheet(round_five, tmp_path):
    """'Setting the Warfare Stage': "each Player Waging War may do any or all of the following
    things ... change their Military Doctrines". Blue, Waging War, changes from Defensive to
    Innovative on a Wars row of its own (no war declared): the state, the results and the Princes
    sheet's Doctrine column say so."""
    root = _copy(round_five, tmp_path)
    col = _column(root)
    assert _turn(root, {f"{WARS}!A2": "BLUE", f"{WARS}!{col}2": "Innovative"}) is None
    game = load_state(GAME, root)
    assert state_of(game.position).doctrines["BLUE"] == "Innovative"
    said = [(r["power"], r["order"]) for r in game.history[-1]["results"]]
    assert ("BLUE", "changes its Military Doctrine from Defensive to Innovative") in said
    # changing his doctrine is something his Wage War gave him to do
    assert not any(p == "BLUE" and "no war declared" in t for p, t in said)
    book = openpyxl.load_workbook(io.BytesIO((root / f"{GAME}.xlsx").read_bytes()))
    header = [c.value for c in book[PRINCES][1]]
    blue = next(r for r in book[PRINCES].iter_rows(min_row=2, values_only=True) if r[0] == "BLUE")
    assert blue[header.index("Doctrine")] == "Innovative"


def test_a_player_is_read_by_his_name_as_well_as_his_colour(round_five, tmp_path):
    """The GM types a player as the table calls him: the Wars sheet's Declarer by the player's
    name in any case ('blue kraken' for BLUE), and the turn plays as with the colour typed."""
    root = _copy(round_five, tmp_path)
    assert _turn(root, {f"{WARS}!A2": "blue kraken", f"{WARS}!{_column(root)}2": "Innovative"}) is None
    assert state_of(load_state(GAME, root).position).doctrines["BLUE"] == "Innovative"


def test_a_doctrine_change_is_refused_at_its_cell(round_five, tmp_path):
    """'Choose a Military Doctrine': "The 7 available Military Doctrines are ..."; 'Setting the
    Warfare Stage': only "Players Waging War" change theirs. Yellow, not Waging War this round, is
    refused at the New doctrine cell; so is a doctrine that is not one of the seven, and nothing is
    written."""
    root = _copy(round_five, tmp_path)
    col = _column(root)
    text = _turn(root, {f"{WARS}!A2": "YELLOW", f"{WARS}!{col}2": "Offensive"})
    assert text and (f"{WARS}!{col}2: found 'YELLOW: Offensive', expected a change by a player Waging War "
                     f"({STAGE}): BLUE this round") in text
    text = _turn(root, {f"{WARS}!A2": "BLUE", f"{WARS}!{col}2": "Stoic"})
    assert text and f"{WARS}!{col}2: found 'Stoic', expected one of Flexible, Defensive, Offensive" in text


def test_a_workbook_laid_out_before_the_column_still_reads(round_five, tmp_path):
    """A game in progress: its Wars sheet, laid out before the New doctrine column, is read as if
    the column were there and empty; the doctrine stays the Setup's ('Each Player chooses a
    Military Doctrine in Setup Order')."""
    root = _copy(round_five, tmp_path)
    assert _turn(root, {}, drop_column=True) is None
    assert state_of(load_state(GAME, root).position).doctrines["BLUE"] == "Defensive"


def test_a_doctrine_change_by_mail_goes_on_the_wars_sheet(round_five, tmp_path):
    """By mail ('docs/westphalia.md', "By mail"): `Doctrine: Innovative` in the Player Turns step
    is typed on a Wars row of Blue's own, in the New doctrine column, and played by the turn; the
    same line from Yellow, not Waging War, is refused with the turn's words."""
    root = _copy(round_five, tmp_path)
    workbook = root / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), ACTIONS))
    (tmp_path / "blue.txt").write_text("Blue\nDoctrine: innovative\n", encoding="utf-8")
    (tmp_path / "yellow.txt").write_text("Yellow\nDoctrine: Offensive\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["orders", GAME, str(tmp_path / "blue.txt"), str(tmp_path / "yellow.txt"), "--root", str(root)])
    text = out.getvalue()
    assert status == 1, text
    assert f"a change by a player Waging War ({STAGE}): BLUE this round" in text
    ws = openpyxl.load_workbook(io.BytesIO(workbook.read_bytes()))[WARS]
    header = [c.value for c in ws[1]]
    rows = [r for r in ws.iter_rows(min_row=2, values_only=True) if any(r)]
    assert [(r[0], r[header.index("New doctrine")]) for r in rows] == [("BLUE", "Innovative")]
    run_turn(GAME, root=root, site_dir=None)
    assert state_of(load_state(GAME, root).position).doctrines["BLUE"] == "Innovative"


def _without_the_column(workbook: Path) -> str:
    """The Wars sheet as gm-tools laid it out before its New doctrine column (a game in
    progress): the column deleted, as an older gm-tools never wrote it. Returns the letter it
    had, the first free one now."""
    wb = openpyxl.load_workbook(io.BytesIO(workbook.read_bytes()))
    ws = wb[WARS]
    header = next(c for c in ws[1] if c.value == "New doctrine")
    ws.delete_cols(header.column)
    out = io.BytesIO()
    wb.save(out)
    workbook.write_bytes(out.getvalue())
    return header.column_letter


def _mail(root: Path, tmp_path: Path, text: str) -> tuple[int, str]:
    (tmp_path / "mail.txt").write_text(text, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["orders", GAME, str(tmp_path / "mail.txt"), "--root", str(root)])
    return status, out.getvalue()


def test_a_doctrine_mailed_into_a_workbook_laid_out_before_the_column(round_five, tmp_path):
    """'Setting the Warfare Stage': "each Player Waging War may do any or all of the following
    things ... change their Military Doctrines". A game begun before the Wars sheet had its New
    doctrine column has nowhere to type Blue's `Doctrine: Innovative`: the line is refused with
    why and what the GM does (the header typed in the first free column), nothing is written,
    and no cell outside the sheet's columns is typed for the turn to refuse as a stray. With the
    header typed, the same mail goes in and the turn plays it."""
    root = _copy(round_five, tmp_path)
    workbook = root / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), ACTIONS))
    col = _without_the_column(workbook)
    before = workbook.read_bytes()
    status, text = _mail(root, tmp_path, "Blue\nDoctrine: innovative\n")
    assert status == 1, text
    assert text.splitlines()[:2] == [
        "R1610T: 0 line(s) written, 1 refused",
        f"  refused {tmp_path / 'mail.txt'} line 2: 'Doctrine: innovative' -- expected a New doctrine column on "
        f"the Wars sheet, which this workbook was laid out without (by an earlier gm-tools): type the header "
        f"New doctrine in {WARS}!{col}1 (the sheet's protection lifted: no password) and send the mail again"]
    assert workbook.read_bytes() == before
    assert _turn(root, {}) is None  # what was typed before plays as ever
    assert state_of(load_state(GAME, root).position).doctrines["BLUE"] == "Defensive"


def test_the_header_typed_as_the_refusal_says_lets_the_doctrine_in(round_five, tmp_path):
    """The refusal's remedy works: the GM types the header New doctrine where it said, and
    Blue's mail is typed under it and played ('Setting the Warfare Stage', as above)."""
    root = _copy(round_five, tmp_path)
    workbook = root / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), ACTIONS))
    col = _without_the_column(workbook)
    workbook.write_bytes(set_cells(workbook.read_bytes(), {f"{WARS}!{col}1": "New doctrine"}))
    status, text = _mail(root, tmp_path, "Blue\nDoctrine: innovative\n")
    assert status == 0 and f"wrote {WARS}!{col}" in text, text
    run_turn(GAME, root=root, site_dir=None)
    assert state_of(load_state(GAME, root).position).doctrines["BLUE"] == "Innovative"


def test_a_doctrine_typed_by_hand_beside_an_old_wars_sheet_is_named_with_the_remedy(round_five, tmp_path):
    """The same old layout, the GM typing the doctrine by hand where the column would be (the
    protection lifted): the turn refuses the cell, naming the columns the sheet has and the
    header it lacks, not a column it does not have."""
    root = _copy(round_five, tmp_path)
    workbook = root / f"{GAME}.xlsx"
    col = _without_the_column(workbook)
    text = _turn(root, {f"{WARS}!A2": "BLUE", f"{WARS}!{col}2": "Innovative"})
    assert text and (f"{WARS}!{col}2: found 'Innovative', expected an empty cell ({WARS} is read in its columns "
                     f"Declarer, Against, Winner; it was laid out without New doctrine: type that header in "
                     f"{WARS}!{col}1 to use it; notes go on a sheet of your own)") in text


def test_the_card_engine_fights_with_the_new_doctrine():
    """'Battles': "Players may discard up to 2 cards faceup and draw replacements according to their
    Military Doctrines": "Defensive - May discard 1 musketeer or cavalry for 2 pikemen";
    "Innovative - May discard 1 pikeman or cavalry for 2 musketeers". Red, Defensive since the
    Setup, cannot exchange a pikeman for two musketeers; having changed to Innovative in the
    Warfare Stage of the same round, he does, and his muskets beat Blue's pikes ("Musketeers vs.
    Pikemen - Discard the Pike and return the Musket to its owner's hand"). The deck holds pikemen
    only, so the hands are known (4 each)."""
    variant, state, order = war_board({"pikemen": 30, "musketeers": 0, "cavalry": 0}, doctrine="Defensive")
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in order]
    war = {"declarer": "RED", "target": "BLUE", "winner": "", "cards_a": "swap:P>M+M M M M M", "cards_b": "P P P P"}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war]}, 1535)
    assert [f for _, f, _, _ in step.problems] == ["cards"] and "Defensive" in step.problems[0][3]
    changed = [{"player": "RED", "doctrine": "Innovative"}]
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "wars": [war], "doctrines": changed}, 1535)
    assert step.problems == []
    assert ("RED", "changes its Military Doctrine from Defensive to Innovative") in step.done
    assert ("RED", "war with BLUE (Battle Phase 1): RED wins by the cards") in step.done
    assert step.state.doctrines["RED"] == "Innovative" and step.state.doctrines["BLUE"] == "Defensive"


def test_one_change_a_round_and_only_while_waging_war():
    """'Setting the Warfare Stage': "each Player Waging War may do any or all of the following
    things" once, in Initiative Order: a second change by the same player is refused naming the
    first; a player Combatting Heresy and Engaging in Diplomacy changes nothing."""
    order = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
    variant = variant_for_game(load_variant("westphalia"), 5)
    state = State(setup_order=order, initiative=order)
    state.princes = {p: Holding((h,), h) for p, h in zip(order, ("EIC", "DUI", "GOR", "BER", "FUR"))}
    state.doctrines = {p: "Flexible" for p in order}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR] if p != "GREEN" else [DIPLOMACY, HERESY], "convert": False,
             "influence": 0} for p in order]
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "doctrines": [
        {"player": "RED", "doctrine": "Offensive"}, {"player": "RED", "doctrine": "Aristocratic"},
        {"player": "GREEN", "doctrine": "Traditional"}]}, 1535)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [
        (1, "new doctrine", "RED: Aristocratic"), (2, "new doctrine", "GREEN: Traditional")]
    assert step.problems[0][3] == "one change of doctrine a round for RED (changed to Offensive above)"
    assert step.problems[1][3].startswith(f"a change by a player Waging War ({STAGE}): BLUE, ORANGE, RED, YELLOW")


def test_a_later_mail_replaces_the_doctrine_and_a_war_line_leaves_it(round_five, tmp_path):
    """By mail, a player's latest mail counts on what it speaks to ('docs/westphalia.md', "A later
    mail replaces the earlier"): a new `Doctrine:` replaces the one mailed before; a mail of his
    wars alone leaves it ("each Player Waging War may do any or all of the following things":
    the declaration and the change are two things)."""
    root = _copy(round_five, tmp_path)
    workbook = root / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), ACTIONS))

    def mail(name: str, text: str) -> list[tuple]:
        (tmp_path / name).write_text(text, encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["orders", GAME, str(tmp_path / name), "--root", str(root)]) == 0
        ws = openpyxl.load_workbook(io.BytesIO(workbook.read_bytes()))[WARS]
        return [r for r in ws.iter_rows(min_row=2, values_only=True) if any(r)]

    assert mail("blue1.txt", "Blue\nDoctrine: Innovative\n") == [("BLUE", None, None, "Innovative")]
    assert sorted(mail("blue2.txt", "Blue\nWar: Orange\nDoctrine: Traditional\n"), key=str) == [
        ("BLUE", "ORANGE", None, None), ("BLUE", None, None, "Traditional")]
    assert sorted(mail("blue3.txt", "Blue\nWar: Orange\n"), key=str) == [
        ("BLUE", "ORANGE", None, None), ("BLUE", None, None, "Traditional")]
    run_turn(GAME, root=root, site_dir=None)
    game = load_state(GAME, root)
    assert state_of(game.position).doctrines["BLUE"] == "Traditional"
