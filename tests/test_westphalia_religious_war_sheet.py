"""The Peace of Westphalia's Religious War sheets as a GM types them: the Leagues and
principalities in any case, the Emperor's League never passed over, an Elector to correct named
at its own cell, and a Winning League refused when no war is declared. Each is named as
'Sheet!Cell: found ..., expected ...', and nothing is written.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Declare a Religious War', 'Religious War Declared',
'Religious War Peace Treaty'. The demo's round 4 (``sheets/demo-westphalia.toml``, R1585T): Red
declares on Goslar, the Emperor Yellow joins the Catholic League, the Evangelical League wins and
Red replaces the Elector Brandenburg with Lübeck.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.app.demo import read_demo
from gm_tools.app.turn import load_state
from gm_tools.edges.variants import load_variant
from gm_tools.systems.westphalia.state import state_of

from demos import copy_with_cells, demo_file, played_until_fixture, turn_refused

GAME = "westphalia-demo"
STOP = "R1585T"


round_four = played_until_fixture("westphalia", STOP)


def _turn(round_four: Path, tmp_path: Path, changes: dict) -> tuple[Path, str | None]:
    """The demo's round 4 as the GM typed it, with ``changes``, through `turn`."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    root = copy_with_cells(round_four, tmp_path / "games", GAME, {**cells, **changes})
    return root, turn_refused(GAME, root)


def test_leagues_and_principalities_in_any_case(round_four, tmp_path):
    """'Second, if the Emperor is not yet a member of a League, he may Join a League'; 'if the
    Emperor was in the League of his religion and he ... Lost, then the Player(s) of the opposing
    League ... may remove ... Electors': 'catholic league' is the Catholic League (the Emperor
    joined it, so the Electors change), 'brandenburg' and 'lübeck' are the principalities."""
    root, error = _turn(round_four, tmp_path, {"Religious War!B4": "catholic league",
                                               "Religious War!B5": "evangelical league",
                                               "Electors Changed!A2": "brandenburg", "Electors Changed!B2": "lübeck"})
    assert error is None
    state = state_of(load_state(GAME, root).position)
    assert "Lübeck" in state.electors and "Brandenburg" not in state.electors


def test_a_league_by_its_start_and_a_principality_without_its_umlaut(round_four, tmp_path):
    """'Second, if the Emperor is not yet a member of a League, he may Join a League'; 'replacing
    them with Electors of his (their) choice of the opposing Religion'. A mail takes 'Emperor joins:
    catholic' and 'Lubeck' (docs/westphalia.md, 'By mail'), but the same typed in the Religious War
    and Electors Changed cells was refused ('found 'catholic', expected the League the Emperor
    joins', 'found 'Lubeck' ... (nearest: Lübeck)'): the cells read them as the mail does, and the
    turn does what the full names do."""
    root, error = _turn(round_four, tmp_path, {"Religious War!B4": "catholic", "Religious War!B5": "evangelical",
                                               "Electors Changed!A2": "brandenburg", "Electors Changed!B2": "Lubeck"})
    assert error is None, error
    state = state_of(load_state(GAME, root).position)
    assert "Lübeck" in state.electors and "Brandenburg" not in state.electors
    _, error = _turn(round_four, tmp_path / "ue", {"Electors Changed!B2": "Luebeck"})
    assert error is None, error


def test_the_emperors_league_is_never_passed_over(round_four, tmp_path):
    """'if the Emperor is not yet a member of a League, he may Join a League': a word that names
    neither League is named at its cell, not read as his staying out (which would also refuse the
    Electors Changed row as if he had)."""
    _, error = _turn(round_four, tmp_path, {"Religious War!B4": "Hanseatic"})
    assert error.splitlines()[1:] == ["  Religious War!B4: found 'Hanseatic', expected the League the Emperor joins: "
                                      "Catholic League or Evangelical League ('if the Emperor is not yet a member of "
                                      "a League, he may Join a League')"]


def test_an_elector_that_cannot_be_added_is_named_at_the_added_cell(round_four, tmp_path):
    """'replacing them with Electors of his (their) choice of the opposing Religion': Trier is an
    Elector already, so the Added cell is the one to correct, not Removed."""
    _, error = _turn(round_four, tmp_path, {"Electors Changed!B2": "Trier"})
    assert error.splitlines()[1:] == ["  Electors Changed!B2: found 'Trier', expected a principality on the board "
                                      "that is no Elector yet, to replace it"]


def test_a_winning_league_without_a_declaration_is_refused(round_four, tmp_path):
    """'If no Religious War was Triggered ... proceed to Tradeoffs': a Winning League typed with
    no declaration is named at its cell, not passed over. The Emperor's League may wait for a
    declaration (his mail may come first): it is left as it is."""
    _, error = _turn(round_four, tmp_path, {"Religious War!B2": None, "Religious War!B3": None,
                                            "Electors Changed!A2": None, "Electors Changed!B2": None})
    assert error.splitlines()[1:] == [
        "  Religious War!B5: found 'Evangelical League', expected nothing: no Religious War is declared on the "
        "Religious War sheet ('If no Religious War was Triggered ... proceed to Tradeoffs')"]
    _, error = _turn(round_four, tmp_path / "waits", {"Religious War!B2": None, "Religious War!B3": None,
                                                      "Religious War!B5": None, "Electors Changed!A2": None,
                                                      "Electors Changed!B2": None})
    assert error is None


def test_a_declarer_who_is_no_player_is_named_as_no_player(round_four, tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Declare a Religious War': 'a Player in a League
    ... may Declare a Religious War'. A Declarer naming no player ('Redd', a slip for RED; nothing)
    was refused as 'Redd has joined none this round', sending the GM to the Player Turns sheet's
    League column: it is named at its cell as no player, with the nearest. A player in no League
    is still refused for that."""
    _, error = _turn(round_four, tmp_path, {"Religious War!B2": "Redd"})
    assert error.splitlines()[1:] == ["  Religious War!B2: found 'Redd > Goslar', expected a player, one of RED, BLUE, "
                                      "YELLOW, GREEN, ORANGE, as the declarer (nearest: RED)"]
    _, error = _turn(round_four, tmp_path / "empty", {"Religious War!B2": None})
    assert error.splitlines()[1:] == ["  Religious War!B2: found an empty cell > 'Goslar', expected a player, one of RED, "
                                      "BLUE, YELLOW, GREEN, ORANGE, as the declarer"]
    _, error = _turn(round_four, tmp_path / "blue", {"Religious War!B2": "BLUE"})
    assert error.splitlines()[1].startswith("  Religious War!B2: found 'BLUE > Goslar', expected a declarer in a "
                                            "League ('a Player in a League ... may Declare a Religious War'): BLUE "
                                            "has joined none this round")


# the demo's round 4 on the Religious War sheet sorted by item, each row moved whole
_SORTED = {"Religious War!A2": "Declarer", "Religious War!B2": "RED",
           "Religious War!A3": "Emperor joins", "Religious War!B3": "Catholic League",
           "Religious War!A4": "Target", "Religious War!B4": "Goslar",
           "Religious War!A5": "Winning League", "Religious War!B5": "Evangelical League"}


def test_a_sorted_religious_war_sheet_is_read_by_its_items(round_four, tmp_path):
    """'Religious War Declared': the declaration, the Emperor's League and the Winning League are
    read by the item named in each row, so the GM may sort the sheet (here by item): the record is
    the one the sheet as laid out gives, and the Emperor's League names the row it now is on.
    Sorted, the rows were refused as moved ('expected 'Target', as gm-tools laid out row 3')."""
    import json

    from gm_tools.app.turn import replay
    from test_results_entered_at import _after, _results

    laid, error = _turn(round_four, tmp_path / "laid", {})
    assert error is None
    root, error = _turn(round_four, tmp_path / "sorted", _SORTED)
    assert error is None
    record = [json.loads((folder / GAME / "history" / f"{STOP}.json").read_text(encoding="utf-8"))
              for folder in (laid, root)]
    for key in ("results", "notes", "extra", "after"):
        assert record[0][key] == record[1][key], key
    lines = {r["Order"]: r for r in _results(_after(root, GAME, STOP)) if r["Phase"] == STOP}
    emperor = lines["the Emperor YELLOW joins the Catholic League"]
    assert (emperor["Entered at"], emperor["As written"]) == ("Religious War!A3:B3", "Emperor joins | Catholic League")
    assert replay(GAME, root) == []


def test_a_religious_war_item_misnamed_twice_or_gone_is_refused_at_its_cells(round_four, tmp_path):
    """Each row is read by its item: an item of none ('Emperor join'), an item on two rows and a
    row deleted would put a value where it is not read, or lose it: each is refused at its cells,
    nothing written; on a sorted sheet a Target left empty is named at the column's rows, not at
    the row laid out for it (another item's now)."""
    _, error = _turn(round_four, tmp_path / "typo", {"Religious War!A4": "Emperor join"})
    assert error.splitlines()[1:3] == [
        "  Religious War!A2:A5: found no row for Emperor joins, expected a row for each item gm-tools laid out "
        "(Declarer, Target, Emperor joins, Winning League); a row deleted loses its item's entry",
        "  Religious War!A4: found 'Emperor join', expected one of the items gm-tools laid out a row for (Declarer, "
        "Target, Emperor joins, Winning League): each row is read by the Item in column A"]
    _, error = _turn(round_four, tmp_path / "twice", {"Religious War!A5": "target"})
    assert ("  Religious War!A5: found 'target', expected one row for Target (Target is on row 3 too): each row is "
            "read by the Item in column A") in error.splitlines()
    _, error = _turn(round_four, tmp_path / "empty", {**_SORTED, "Religious War!B4": None})
    assert "  Religious War!B2:B5: found 'RED' > an empty cell, expected a principality on the board" in error.splitlines()[1]


def test_an_empty_target_is_found_as_an_empty_cell(round_four, tmp_path):
    """'Declare a Religious War against a heretical Target Principality': a declaration with its
    Target left empty is named at the Target cell as "'RED' > an empty cell", as an empty Declarer is
    ("an empty cell > 'Goslar'") and as every sheet says an empty cell; it read 'RED > ', then 'RED > nothing'."""
    _, error = _turn(round_four, tmp_path, {"Religious War!B3": None})
    assert error.splitlines()[1].startswith("  Religious War!B3: found 'RED' > an empty cell, expected a principality on "
                                            "the board")
