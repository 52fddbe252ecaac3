"""The Peace of Westphalia's Player Turns sheets refuse what the table cannot have decided: an
Influence gained below 0 or above what the Dilemma cards could give, a Diplomacy Game that is not
one of the round's games or a card that is neither Cooperate nor Compete, a Place Influence row
without a whole number of 1 or more, an Electors Changed row when no Religious War changes the
Electors. Each is named by its cell, as 'Sheet!Cell: found ..., expected ...', and nothing is
written. The cards shown give each player's Influence; a workbook laid out before the Diplomacy
Game sheet still reads, its count as the GM typed it.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Play the Diplomacy Game', 'Religious War Peace
Treaty' (the Electors). The Dilemma cards' values were lost: ``variants/westphalia/tables.toml
[dilemma]``, reconstructed (``variants/westphalia/NOTES.md``, 'The Dilemma cards', 'The
Diplomacy Game').
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
from pathlib import Path

import openpyxl
import pytest

from gm_tools.edges.workbook_fill import set_cells
from gm_tools.edges.variants import load_variant
from gm_tools.systems.westphalia.diplomacygame import COMPETE, COOPERATE, payoffs_of
from gm_tools.systems.westphalia.sheets import (CHANGES, DIPLOMACY_GAME, ELECTORS_CHANGED, FAITH, PLACE, PRINCES,
                                                 TREATIES, TURNS, WARS)

from demos import played_until_fixture, turn_refused

GAME = "westphalia-demo"
STOP = "R1510T"
# Round 1's Player Turns as the demo enters them (Initiative Order RED, BLUE, ORANGE, YELLOW,
# GREEN; Red, Orange, Yellow and Green Engage in Diplomacy); column F is 'Influence gained'
DEMO_TURNS = {f"{TURNS}!F2": 2, f"{TURNS}!F5": 3, f"{TURNS}!F6": 1,
              f"{PLACE}!A2": "RED", f"{PLACE}!B2": "Cologne", f"{PLACE}!C2": 2,
              f"{PLACE}!A3": "YELLOW", f"{PLACE}!B3": "Cologne", f"{PLACE}!C3": 3}


before_turns = played_until_fixture("westphalia", STOP)



def _played(before_turns: Path, tmp_path: Path, cells: dict, old_layout: bool = False) -> tuple[Path, str | None]:
    """The demo's round 1 Player Turns with ``cells`` changed, processed by `turn`: the games
    folder and the error's text (after checking nothing was written), or None when the turn was
    accepted. ``old_layout``: the workbook as gm-tools laid it out before the Diplomacy Game
    sheet (that sheet removed)."""
    root = Path(tempfile.mkdtemp(dir=tmp_path)) / "games"
    shutil.copytree(before_turns, root)
    workbook = root / f"{GAME}.xlsx"
    # the demo's actions, as the GM typed them (yes/no for each of the three, and Convert)
    rows = [("RED", "yes", "yes", "no", "no"), ("BLUE", "yes", "no", "yes", "yes"),
            ("ORANGE", "yes", "yes", "no", "no"), ("YELLOW", "no", "yes", "yes", "no"),
            ("GREEN", "yes", "yes", "no", "yes")]
    typed = {f"{TURNS}!{col}{r}": v for r, row in enumerate(rows, start=2) for col, v in zip("ABCDE", row)}
    data = set_cells(workbook.read_bytes(), {**typed, **DEMO_TURNS, **cells})
    if old_layout:
        wb = openpyxl.load_workbook(io.BytesIO(data))
        del wb[DIPLOMACY_GAME]
        out = io.BytesIO()
        wb.save(out)
        data = out.getvalue()
    workbook.write_bytes(data)
    return root, turn_refused(GAME, root)


def _turn(before_turns: Path, tmp_path: Path, cells: dict, old_layout: bool = False) -> str | None:
    return _played(before_turns, tmp_path, cells, old_layout)[1]


def test_the_demos_turn_is_accepted(before_turns, tmp_path):
    """The entries the tests below spoil are a good turn as they stand."""
    assert _turn(before_turns, tmp_path, {}) is None


def test_influence_gained_is_never_negative_nor_more_than_the_cards_give(before_turns, tmp_path):
    """'Play the Diplomacy Game ... show either a Cooperate or Compete card and take the
    Influence listed on the card': Influence is taken, never given back, and a player takes at
    most the highest card's Influence from each of its two games (Green's: Yellow with Green,
    Green with Red)."""
    text = _turn(before_turns, tmp_path, {f"{TURNS}!F2": -2})
    assert text and f"{TURNS}!F2: found '-2', expected " in text and "0 or more" in text
    assert "take the Influence listed on the card" in text
    assert _turn(before_turns, tmp_path, {f"{TURNS}!F6": 0}) is None
    most = 2 * max(payoffs_of(load_variant("westphalia")).values())
    assert _turn(before_turns, tmp_path, {f"{TURNS}!F6": most}) is None
    text = _turn(before_turns, tmp_path, {f"{TURNS}!F6": 50})
    assert text and (f"{TURNS}!F6: found '50', expected at most {most}, the most GREEN could take in its 2 "
                     "Diplomacy Games (YELLOW with GREEN, GREEN with RED)") in text
    assert "tables.toml [dilemma]" in text


def test_place_influence_needs_a_whole_number_of_one_or_more(before_turns, tmp_path):
    """'Unplaced Diplomatic Influence is stored on your capital. You may not move Diplomatic
    Influence between Principalities once placed. You may remove all (never only some) of your
    Diplomatic Influence': a placement adds Influence; a negative one would take some away, a
    blank or 0 places nothing (what is not placed is saved without a row)."""
    text = _turn(before_turns, tmp_path, {f"{PLACE}!C2": -5})
    assert text and f"{PLACE}!C2: found '-5', expected " in text and "1 or more" in text
    assert "never only some" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!A4": "GREEN", f"{PLACE}!B4": "Cologne"})
    assert text and f"{PLACE}!C4: found an empty cell, expected " in text and "1 or more" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!C3": 0})
    assert text and f"{PLACE}!C3: found '0', expected " in text


def test_place_influence_names_a_player_and_a_principality(before_turns, tmp_path):
    """'The First Player places all of his Diplomatic Influence onto one or more Principalities
    of his choice' (and 'Unplaced Diplomatic Influence is stored on your capital'): a row
    places a player's Influence on a principality; one without either is refused at its cell."""
    text = _turn(before_turns, tmp_path, {f"{PLACE}!A2": None})
    players = "RED, BLUE, YELLOW, GREEN, ORANGE"  # named, as every other cell names its choices
    assert text and f"{PLACE}!A2: found an empty cell, expected a player of the game: {players}" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!B2": None})
    assert text and (f"{PLACE}!B2: found an empty cell, expected a principality on the board: Augsburg, Bohemia, "
                     "Brandenburg, ") in text


def test_placing_more_influence_than_the_player_has_is_named_at_his_placement(before_turns, tmp_path):
    """'take the Influence listed on the card ... Unplaced Diplomatic Influence is stored on your
    capital': a player places at most what he gained and saved. With the cards typed, placing
    more is named at his last Place Influence row, where the GM corrects it, not at the Influence
    gained he left blank; with the GM's own count, at that count."""
    cards = {**NO_COUNT, **_games(GAMES)}  # YELLOW's two games give him 5
    text = _turn(before_turns, tmp_path, {**cards, f"{PLACE}!C3": 6})
    assert text and f"{PLACE}!C3: found 'YELLOW: 6', expected at most 5 Diplomatic Influence (5 gained, 0 saved)" in text
    assert f"{TURNS}!F" not in text
    text = _turn(before_turns, tmp_path, {**cards, f"{PLACE}!C3": 4, f"{PLACE}!A4": "YELLOW", f"{PLACE}!B4": "Trier",
                                          f"{PLACE}!C4": 2})
    assert text and f"{PLACE}!C4: found 'YELLOW: 6', expected at most 5" in text
    text = _turn(before_turns, tmp_path, {f"{PLACE}!C3": 4})  # the GM counted 3 for YELLOW
    # the cell holds the count: it is what was found there, the placements are why it is too few
    assert text and (f"{TURNS}!F5: found '3', expected at most 3 Diplomatic Influence (3 gained, 0 saved), as "
                     "YELLOW places 4 on the Place Influence sheet (more gained, or less placed)") in text


def test_an_influence_change_is_named_at_the_cell_that_is_wrong(before_turns, tmp_path):
    """'For every town you take you lose 2 Diplomatic Influence' (the GM's Influence Changes
    sheet, NOTES.md): a player misspelt is named once, at its Player cell (not again at the Change
    as 'None'); a principality not on the board at its Principality cell."""
    text = _turn(before_turns, tmp_path, {f"{CHANGES}!A2": "GREN", f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1})
    assert text and f"{CHANGES}!A2: found 'GREN'" in text
    assert f"{CHANGES}!C2" not in text and "'None'" not in text
    text = _turn(before_turns, tmp_path, {f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1})
    assert text and f"{CHANGES}!A2: found an empty cell, expected a player of the game: RED, BLUE, YELLOW, GREEN, ORANGE" in text
    text = _turn(before_turns, tmp_path, {f"{CHANGES}!A2": "RED", f"{CHANGES}!B2": "Atlantis", f"{CHANGES}!C2": -1})
    assert text and f"{CHANGES}!B2: found 'Atlantis', expected a principality on the board, or saved" in text


def test_a_wrong_additional_province_is_named_at_its_cell(before_turns, tmp_path):
    """'Dice of your religion placed on heretical provinces you control convert the province
    they're on, and an additional heretical province of your choice that you control': an
    additional province that is not heretical, or not his, is named at the Also converts cell,
    with why, not at the die's province."""
    die = {f"{FAITH}!A2": "ORANGE", f"{FAITH}!B2": "FUL", f"{FAITH}!C2": 1}
    text = _turn(before_turns, tmp_path, {**die, f"{FAITH}!D2": "DES"})
    assert text and (f"{FAITH}!D2: found 'DES', expected an additional heretical province ORANGE controls ('an "
                     "additional heretical province of your choice that you control'): DES is catholic already") in text
    assert f"{FAITH}!B2" not in text
    text = _turn(before_turns, tmp_path, {**die, f"{FAITH}!D2": "ALT"})
    assert text and f"{FAITH}!D2: found 'ALT', expected an additional heretical province ORANGE controls" in text
    assert "ALT is not ORANGE's" in text


@pytest.mark.parametrize("cells, named", [
    ({f"{FAITH}!B2": "FUL", f"{FAITH}!C2": 1},
     f"{FAITH}!A2: found an empty cell, expected a player who chose Combat Heresy this round: RED, BLUE, ORANGE, GREEN\n"),
    ({f"{WARS}!B2": "Hesse"}, f"{WARS}!A2: found an empty cell, expected a player who chose Wage War this round: BLUE, "
                              "YELLOW\n"),
    ({f"{TREATIES}!B2": "ALT"}, f"{TREATIES}!A2: found an empty cell, expected the war's winner taking the province"),
])
def test_a_row_with_its_player_left_blank_is_named_at_that_cell(before_turns, tmp_path, cells, named):
    """A faith die, a war ('Declare War on either an eligible Player or an unaligned
    Principality') or a Peace Treaty ('If you win: Conquer 1 province ...') typed without the
    player whose it is: named at the blank cell, not as 'None: FUL' or ': ALT' beside it, with
    the players who may make it ('Players will choose 2/3' actions: those who chose it), not
    only 'a player of the game'."""
    text = (_turn(before_turns, tmp_path, cells) or "") + "\n"
    assert text and named in text
    assert "None" not in text and "': " not in text


def test_electors_change_only_after_a_religious_war(before_turns, tmp_path):
    """'Next, if the Emperor was in the League of his religion and he: Won, then he may remove
    any number of heretical Electors ... Lost, then the Player(s) of the opposing League ... may
    remove any number of Electors' (the Religious War Peace Treaty): no Religious War is
    declared, so an Electors Changed row is refused, whatever it names."""
    text = _turn(before_turns, tmp_path, {f"{ELECTORS_CHANGED}!A2": "Narnia", f"{ELECTORS_CHANGED}!B2": "Atlantis"})
    assert text and f"{ELECTORS_CHANGED}!A2: found 'Narnia', expected no Electors changed" in text
    assert "no Religious War is declared" in text
    # a row with only the Elector added is named by that cell
    text = _turn(before_turns, tmp_path, {f"{ELECTORS_CHANGED}!B3": "Trier"})
    assert text and f"{ELECTORS_CHANGED}!B3: found 'Trier', expected no Electors changed" in text


# Round 1's games: Red, Orange, Yellow and Green Engage in Diplomacy, in that Initiative Order
GAMES = [("RED", COMPETE, "ORANGE", COOPERATE), ("ORANGE", COOPERATE, "YELLOW", COMPETE),
         ("YELLOW", COOPERATE, "GREEN", COOPERATE), ("GREEN", COMPETE, "RED", COMPETE)]
NO_COUNT = {f"{TURNS}!F2": None, f"{TURNS}!F5": None, f"{TURNS}!F6": None}


def _games(games, first_row: int = 2) -> dict:
    return {f"{DIPLOMACY_GAME}!{col}{r}": v for r, game in enumerate(games, start=first_row)
            for col, v in zip("ABCD", game)}


def _saved(root: Path) -> dict[str, int]:
    """Each player's Saved Influence on the Princes sheet of the workbook the turn wrote."""
    ws = openpyxl.load_workbook(root / f"{GAME}.xlsx")[PRINCES]
    headers = [c.value for c in ws[1]]
    return {row[0]: row[headers.index("Saved Influence")] for row in ws.iter_rows(min_row=2, values_only=True)}


def test_the_cards_shown_give_the_influence(before_turns, tmp_path):
    """'all Players Engaging in Diplomacy play the Diplomacy Game with the Player after you in
    Initiative Order (or the first Player if you are last) ... show either a Cooperate or
    Compete card and take the Influence listed on the card': the GM types each game's cards;
    each player's Influence is what its two games give, placed or saved ('Unplaced Diplomatic
    Influence is stored on your capital'), then the Tradeoffs' 2 Gold each."""
    pay = payoffs_of(load_variant("westphalia"))
    root, text = _played(before_turns, tmp_path, {**NO_COUNT, **_games(GAMES)})
    assert text is None
    gained = {"RED": pay[(COMPETE, COOPERATE)] + pay[(COMPETE, COMPETE)],
              "ORANGE": pay[(COOPERATE, COMPETE)] + pay[(COOPERATE, COMPETE)],
              "YELLOW": pay[(COMPETE, COOPERATE)] + pay[(COOPERATE, COOPERATE)],
              "GREEN": pay[(COOPERATE, COOPERATE)] + pay[(COMPETE, COMPETE)], "BLUE": 0}
    placed = {"RED": 2, "YELLOW": 3}
    assert _saved(root) == {p: n - placed.get(p, 0) + 2 for p, n in gained.items()}
    # the count typed beside the cards, when it agrees, changes nothing
    again, text = _played(before_turns, tmp_path, {**NO_COUNT, **_games(GAMES), f"{TURNS}!F2": gained["RED"]})
    assert text is None and _saved(again) == _saved(root)


def test_the_same_cards_give_the_same_bytes(before_turns, tmp_path):
    """Deterministic: the same workbook entries give the same record and workbook, byte for byte."""
    files = []
    for _ in range(2):
        root, text = _played(before_turns, tmp_path, {**NO_COUNT, **_games(GAMES)})
        assert text is None
        files.append(((root / GAME / "history" / "R1510T.json").read_bytes(), (root / f"{GAME}.xlsx").read_bytes()))
    assert files[0] == files[1]


def test_each_game_row_is_checked_at_its_cell(before_turns, tmp_path):
    """'with the Player after you in Initiative Order (or the first Player if you are last)';
    'all Players Engaging in Diplomacy play'; 'show either a Cooperate or Compete card'."""
    def refused(games) -> str:
        text = _turn(before_turns, tmp_path, {**NO_COUNT, **_games(games)})
        assert text
        return text

    text = refused([("RED", COMPETE, "YELLOW", COOPERATE)] + GAMES[1:])
    assert f"{DIPLOMACY_GAME}!C2: found 'YELLOW', expected ORANGE: the player after RED in Initiative Order" in text
    assert "this round's games: RED with ORANGE, ORANGE with YELLOW, YELLOW with GREEN, GREEN with RED" in text
    text = refused(GAMES + [("BLUE", COOPERATE, "RED", COOPERATE)])
    assert (f"{DIPLOMACY_GAME}!A6: found 'BLUE', expected a player Engaging in Diplomacy ('all Players Engaging "
            "in Diplomacy play the Diplomacy Game'): RED, ORANGE, YELLOW, GREEN") in text
    text = refused([("RED", None, "ORANGE", COOPERATE)] + GAMES[1:])
    assert f"{DIPLOMACY_GAME}!B2: found an empty cell, expected Cooperate or Compete" in text
    text = refused(GAMES[:3] + [("GREEN", COMPETE, "RED", None)])
    assert f"{DIPLOMACY_GAME}!D5: found an empty cell, expected Cooperate or Compete, the card RED showed" in text
    text = refused([("RED", "Defect", "ORANGE", COOPERATE)] + GAMES[1:])
    assert f"{DIPLOMACY_GAME}!B2: found 'Defect', expected one of Cooperate, Compete" in text
    text = refused(GAMES + [GAMES[0]])
    assert f"{DIPLOMACY_GAME}!A6: found 'RED', expected one row for each game" in text
    # once one game is entered every game is: the first empty row is named
    text = refused(GAMES[:2])
    assert (f"{DIPLOMACY_GAME}!A4: found no row, expected a row for every game once one is entered: YELLOW with "
            "GREEN, GREEN with RED") in text


def test_a_count_beside_the_cards_must_be_theirs(before_turns, tmp_path):
    """'take the Influence listed on the card': an Influence gained typed beside the cards that
    is not what they give is refused at its cell (a blank takes theirs)."""
    text = _turn(before_turns, tmp_path, {**NO_COUNT, **_games(GAMES), f"{TURNS}!F5": 1})
    pay = payoffs_of(load_variant("westphalia"))
    given = pay[(COMPETE, COOPERATE)] + pay[(COOPERATE, COOPERATE)]
    assert text and (f"{TURNS}!F5: found '1', expected {given}, what YELLOW's cards on the Diplomacy Game sheet "
                     "give, or a blank") in text


def test_two_players_engaging_play_each_other_twice(before_turns, tmp_path):
    """'with the Player after you ... (or the first Player if you are last)': with only Red and
    Yellow Engaging in Diplomacy, Red plays Yellow, and Yellow, last, plays the first, Red: two
    games, one row each (variants/westphalia/NOTES.md)."""
    two = {f"{TURNS}!C4": "no", f"{TURNS}!D4": "yes", f"{TURNS}!C6": "no", f"{TURNS}!D6": "yes"}
    games = [("RED", COOPERATE, "YELLOW", COMPETE), ("YELLOW", COOPERATE, "RED", COOPERATE)]
    pay = payoffs_of(load_variant("westphalia"))
    root, text = _played(before_turns, tmp_path, {**NO_COUNT, **two, **_games(games)})
    assert text is None
    assert _saved(root)["RED"] == pay[(COOPERATE, COMPETE)] + pay[(COOPERATE, COOPERATE)] - 2 + 2
    text = _turn(before_turns, tmp_path, {**NO_COUNT, **two, **_games(games[:1])})
    assert text and f"{DIPLOMACY_GAME}!A3: found no row, expected a row for every game once one is entered: YELLOW " \
                    "with RED" in text


def test_one_player_engaging_plays_no_game(before_turns, tmp_path):
    """Red alone Engaging in Diplomacy: the Player after him is himself, so he plays no Diplomacy
    Game and takes no Influence from it (variants/westphalia/NOTES.md): a game row and a count
    above 0 are refused at their cells."""
    alone = {f"{TURNS}!C4": "no", f"{TURNS}!D4": "yes", f"{TURNS}!C5": "no", f"{TURNS}!B5": "yes",
             f"{TURNS}!C6": "no", f"{TURNS}!D6": "yes", f"{PLACE}!A3": None, f"{PLACE}!B3": None,
             f"{PLACE}!C3": None, f"{PLACE}!A2": None, f"{PLACE}!B2": None, f"{PLACE}!C2": None}
    text = _turn(before_turns, tmp_path, {**NO_COUNT, **alone, **_games([("RED", COOPERATE, "RED", COOPERATE)])})
    assert text and (f"{DIPLOMACY_GAME}!A2: found 'RED', expected no Diplomacy Game: RED is the only player Engaging "
                     "in Diplomacy") in text
    text = _turn(before_turns, tmp_path, {**NO_COUNT, **alone, f"{TURNS}!F2": 2})
    assert text and (f"{TURNS}!F2: found '2', expected 0: RED is the only player Engaging in Diplomacy and plays no "
                     "Diplomacy Game") in text
    assert _turn(before_turns, tmp_path, {**NO_COUNT, **alone}) is None


def test_a_workbook_laid_out_before_the_diplomacy_game_sheet_still_reads(before_turns, tmp_path):
    """A game in progress whose Player Turns workbook has no Diplomacy Game sheet (laid out before
    it existed): the Influence gained typed on Player Turns is read as before, bounded by what the
    cards could give, and the turn goes on."""
    root, text = _played(before_turns, tmp_path, {}, old_layout=True)
    assert text is None and _saved(root)["GREEN"] == 1 + 2
    text = _turn(before_turns, tmp_path, {f"{TURNS}!F6": 50}, old_layout=True)
    assert text and f"{TURNS}!F6: found '50', expected at most " in text


def test_a_players_name_retyped_on_his_row_is_still_his_row(before_turns, tmp_path):
    """'Player turns are done in initiative order': the Player Turns sheet lists every player, in
    that order, in a locked column, and each row is read by the name in it. A GM who lifts the
    protection and retypes Blue's name as the other sheets take it ('blue', 'Blue Kraken') still
    has Blue's row; a name of no player is told at that cell, with Blue's row missing, and
    nothing is written."""
    for typed in ("blue", "Blue Kraken"):
        assert _turn(before_turns, tmp_path, {f"{TURNS}!A3": typed}) is None
    text = _turn(before_turns, tmp_path, {f"{TURNS}!A3": "Blu"})
    assert text and (f"{TURNS}!A3: found 'Blu', expected one of the players gm-tools laid out a row for (RED, BLUE, "
                     "ORANGE, YELLOW, GREEN): each row is read by the Player in column A") in text
    assert f"{TURNS}!A2:A6: found no row for BLUE" in text


def test_sorted_player_turns_are_read_by_the_players_names(before_turns, tmp_path):
    """'Player turns are done in initiative order': the turns are played in that order whatever
    order the GM sorted the Player Turns sheet into (here reversed, each row moved whole): each
    row is read by the player named in it, and the record is the one the unsorted sheet gives.
    Sorted, the sheet was refused row by row ('expected 'RED', as gm-tools laid out row 2')."""
    laid, _ = _played(before_turns, tmp_path, {})
    wb = openpyxl.load_workbook(laid / "westphalia-demo" / "backups" / f"{STOP}.xlsx")
    grid = {(r, c): wb[TURNS].cell(r, c).value for r in range(2, 7) for c in range(1, 9)}
    assert [grid[(r, 1)] for r in range(2, 7)] == ["RED", "BLUE", "ORANGE", "YELLOW", "GREEN"]
    reversed_rows = {f"{TURNS}!{'ABCDEFGH'[c - 1]}{8 - r}": v for (r, c), v in grid.items()}
    root, text = _played(before_turns, tmp_path, reversed_rows)
    assert text is None
    record = [json.loads((folder / GAME / "history" / f"{STOP}.json").read_text(encoding="utf-8"))
              for folder in (laid, root)]
    for key in ("results", "notes", "extra", "after"):
        assert record[0][key] == record[1][key], key
    # Blue's actions cleared on the sorted sheet (his row now row 5, Green's laid-out row): his
    # missing actions are not blamed on the row gm-tools laid out for him, now Orange's
    cleared = {**reversed_rows, **{f"{TURNS}!{c}5": None for c in "BCDE"}}
    _, text = _played(before_turns, tmp_path, cleared)
    assert text and f"{TURNS}!B2:B6: found " in text and f"{TURNS}!B3:" not in text


@pytest.mark.parametrize("count, found", [(0, "'0'"), (None, "an empty cell"), (-1, "'-1'")])
def test_a_die_count_below_one_is_named_at_the_dice_cell(before_turns, tmp_path, count, found):
    """'Spread the Faith': 'Whenever a Player places a dice on a province ...': a row places one
    die or more. A count of 0, left blank or below 0 is named at the Dice cell, with what was
    typed, not at the province where the die goes."""
    text = _turn(before_turns, tmp_path, {f"{FAITH}!A2": "ORANGE", f"{FAITH}!B2": "FUL", f"{FAITH}!C2": count})
    assert text and f"{FAITH}!C2: found {found}, expected a number of dice, 1 or more" in text
    assert f"{FAITH}!B2" not in text


def test_a_principality_for_the_dice_is_read_in_any_case(before_turns, tmp_path):
    """'On a neighboring or allied Principality - Dice placed on Principalities convert the
    entire Principality': Orange's die on 'cologne' is a die on Cologne, judged by the rule
    (Cologne is of his faith), not refused as a word naming nothing."""
    text = _turn(before_turns, tmp_path, {f"{FAITH}!A2": "ORANGE", f"{FAITH}!B2": "cologne", f"{FAITH}!C2": 1})
    assert text and (f"{FAITH}!B2: found 'ORANGE: Cologne', expected a heretical principality (Cologne is catholic "
                     "already, and no die of the opposing faith is placed there for its dice to remove)") in text
