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


ten_players = played_until_fixture("europe1619-10", "Y1619D")
TEN = "europe1619-10-demo"
PLAYERS_OF_TEN = "AUSTRIA, DENMARK, SPAIN, FRANCE, DUTCH, ENGLAND, SWEDEN, UNION, POLAND, OTTOMAN"


def test_a_converted_power_typed_for_a_player_is_named_a_minor_state_of_this_game(ten_players, tmp_path):
    """10 PLAYERS: 'The Catholic League is removed as a playable power. Convert Bavaria into an
    independent minor state', as the smaller setups convert the Papacy, Saxony, Savoy and Venice
    ('Convert the Papacy into an independent minor state'). PAPACY typed in a Power cell of the
    10-player game was refused as any unknown word, with the list of players only; it is named
    as the minor state it is in this game, by its former code, its name or its state's code."""
    lines = _refused(ten_players, tmp_path, TEN, {
        "INF Placements!A2": "PAPACY", "INF Placements!B2": 3, "INF Placements!C2": "BRE",
        "INF Placements!A3": "Catholic League", "INF Placements!B3": 2, "INF Placements!C3": "BRE",
        "Attacks!A2": "savy", "Attacks!B2": "BRE > FRANCE",
        "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "Republic of Venice"})
    assert lines == [
        f"INF Placements!A2: found 'PAPACY', expected one of {PLAYERS_OF_TEN} (Power; PAPACY is a minor state "
        "in this game, PAP (Papal States), not a player)",
        f"INF Placements!A3: found 'Catholic League', expected one of {PLAYERS_OF_TEN} (Power; Catholic League is "
        "a minor state in this game, BAV (Bavaria), not a player)",
        f"Attacks!A2: found 'savy', expected one of {PLAYERS_OF_TEN} (Power; savy is a minor state in this game "
        "(Savoy), not a player)",
        f"Declarations!C2: found 'Republic of Venice', expected one of {PLAYERS_OF_TEN} (Other power; Republic of "
        "Venice is a minor state in this game, VENR (Venice), not a player)"]


def test_a_minor_state_typed_for_a_power_is_named_a_minor_state(builds, tmp_path):
    """'List of minor states that can be influenced': a minor state in a Lender or Payee cell of
    the 15-player game is named as one, not only refused with the list of powers; a misspelt
    power still gets the power meant."""
    lines = _refused(builds, tmp_path, GAME, {
        "Loans!A2": "BRE", "Loans!B2": "SAVOY", "Loans!C2": 2, "Loans!D2": 1, "Loans!E2": 1621,
        "Payments!A2": "SPAIN", "Payments!B2": "Hesse", "Payments!C2": 2,
        "Payments!A3": "SPAIN", "Payments!B3": "Frnace", "Payments!C3": 2})
    assert [line.split(" (", 1)[1] if " (" in line else line for line in lines] == [
        "Lender; BRE is a minor state (Bremen), not a player)",
        "Payee; Hesse is a minor state, HES (Hesse), not a player)",
        "Payee; did you mean FRANCE?)"]


diplomatic = played_until_fixture("europe1619", "Y1619D")

BOTH = ("before the '>', a minor state that can be influenced (found 'BRX'; did you mean BRE?); "
        "after it, a power in play (found 'FRANSE'; did you mean FRANCE?)")


def test_an_attack_wrong_on_both_sides_of_its_arrow_names_both(diplomatic, tmp_path):
    """'Diplomatic Phase': a diplomatic attack is written '[minor state] > [power]'. An attack
    with a misspelt minor state and a misspelt power, 'BRX > FRANSE', named only the minor
    state, and the power once the GM had typed it again; both are named at the cell, as Europe
    1615's Diplomatic Attacks sheet names them, and a power and a minor state the other way round
    as that. One mistake is named as before."""
    lines = _refused(diplomatic, tmp_path, GAME, {
        "Attacks!A2": "FRANCE", "Attacks!B2": "BRX > FRANSE",
        "Attacks!A3": "SPAIN", "Attacks!B3": "FRANCE > BRE",
        "Attacks!A4": "ENGLAND", "Attacks!B4": "BRE > FRANSE"})
    assert lines == [
        f"Attacks!B2: found 'BRX > FRANSE' (FRANCE), expected an order the rules allow ({BOTH})",
        "Attacks!B3: found 'FRANCE > BRE' (SPAIN), expected an order the rules allow (found 'FRANCE', a power "
        "before the '>' and 'BRE', a minor state after it, expected the minor state, then the power it attacks: "
        "'BRE > FRANCE' ('[minor state] > [power]'))",
        "Attacks!B4: found 'BRE > FRANSE' (ENGLAND), expected an order the rules allow (found 'FRANSE', expected "
        "a power in play (did you mean FRANCE?))"]


def test_a_mailed_attack_wrong_on_both_sides_names_both_and_the_phase_keeps_its_words(diplomatic, tmp_path):
    """The same attack mailed ('gm-tools orders', checked as the sheet is) names both mistakes.
    The phase's own result for it, which a record keeps, still names the first alone: records
    replay byte for byte (README, "Words the records keep")."""
    import shutil

    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import load_state
    from gm_tools.systems.europe1619.diplomatic_phase import run_on_position
    from gm_tools.systems.europe1619.phases import setup_of

    root = tmp_path / "games"
    shutil.copytree(diplomatic, root)
    report = enter_mails(GAME, [("france.txt", b"France\nBRX > FRANSE\n2: BRE\n")], root=root)
    assert report.refused == [("france.txt line 2", "'BRX > FRANSE'", f"an order the rules allow ({BOTH})")]
    state = load_state(GAME, root)
    _, outcome = run_on_position(setup_of(state.variant, state.position), state.position,
                                 {"FRANCE": ["BRX > FRANSE"]})
    assert [r.reason for r in outcome.results] == [
        "unreadable: found 'BRX', expected a minor state that can be influenced (did you mean BRE?)"]
