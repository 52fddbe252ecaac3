"""The Results sheet's "Entered at" and "As written" for The Peace of Westphalia's Religious War
(the Leagues joined, the peace after the battle) and Imperial Election (docs/workbook.md,
"Results"): each line one row made names that row; a line the rules make of several rows or of
none names none. Played through the demo's real workbooks (``sheets/demo-westphalia.toml``),
the record as it was, the game replaying to the same bytes.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Religious War Declared' ('First, go through all Players
with Diplomatic Influence on the Target Principality who aren't currently in a League ... must
Join a League (either one) or lose all DI ... Second, if the Emperor is not yet a member of a
League, he may Join a League'), 'Religious War Peace Treaty', 'Imperial Election' ('Players
allied to Electors control their votes ... Unaligned Electors vote as a block').
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from demos import copy_with_cells, demo_file, played_until_fixture, turn_refused
from gm_tools.app.demo import read_demo
from gm_tools.app.turn import replay
from gm_tools.edges.variants import load_variant
from test_results_entered_at import _after, _results, _typed

GAME = "westphalia-demo"


def _lines(root: Path, phase: str) -> dict[str, dict]:
    """The phase's Results lines by their order (text), from the workbook laid out after it."""
    return {r["Order"]: r for r in _results(_after(root, GAME, phase)) if r["Phase"] == phase}


def _as_typed(root: Path, phase: str, lines: dict[str, dict]) -> None:
    """Each line naming cells names cells of the workbook handed in holding what it says."""
    for line in lines.values():
        if line["Entered at"]:
            assert _typed(root / GAME / "backups" / f"{phase}.xlsx", line["Entered at"]).casefold() == \
                line["As written"].casefold(), line


def _typed_turn(base: Path, tmp_path: Path, phase: str, cells: dict) -> Path:
    """``base`` (played until ``phase``) copied, ``cells`` typed in its workbook, and turned."""
    root = copy_with_cells(base, tmp_path / "games", GAME, cells)
    assert turn_refused(GAME, root) is None
    return root


round_four = played_until_fixture("westphalia", "R1585T")


def _round_four_cells(**more) -> dict:
    """The demo's round 4 (R1585T) as its GM typed it: Red declares on Goslar, the Emperor Yellow
    joins the Catholic League, the Evangelical League wins, Brandenburg is replaced."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases["R1585T"].items() if k != "press"}
    return {**variant.system.demo_cells(variant, "R1585T", entry, "demo"), **more}


# Orange (row 3 of Player Turns, Engaging in Diplomacy) gains 1 Influence and places it on Goslar,
# so 'Players with Diplomatic Influence on the Target Principality who aren't currently in a
# League ... must Join a League (either one) or lose all DI'
_ORANGE_ON_GOSLAR = {"Player Turns!F3": 1, "Place Influence!A2": "ORANGE", "Place Influence!B2": "Goslar",
                     "Place Influence!C2": 1}


def test_the_emperors_league_and_the_peace_name_their_rows(round_four, tmp_path):
    """The Emperor's League names the Religious War sheet's Emperor joins row, the peace after the
    battle the GM entered its Winning League row; the Defender of the Faith (the rules' choice:
    'the Player with the most DI on the Target Principality in the DOTF's League') and the pairs
    ('line up in Initiative Order by League and pair off') name none."""
    root = _typed_turn(round_four, tmp_path, "R1585T", _round_four_cells())
    lines = _lines(root, "R1585T")
    emperor = lines["the Emperor YELLOW joins the Catholic League"]
    assert (emperor["Entered at"], emperor["As written"]) == ("Religious War!A4:B4", "Emperor joins | Catholic League")
    peace = lines["the Evangelical League wins: Goslar is converted to Protestantism; RED gains 2 Diplomatic "
                  "Influence there"]
    assert (peace["Entered at"], peace["As written"]) == ("Religious War!A5:B5", "Winning League | Evangelical League")
    assert lines["is the Defender of the Faith of Goslar"]["Entered at"] is None
    assert lines["the Leagues pair off: YELLOW against RED"]["Entered at"] is None
    _as_typed(root, "R1585T", lines)
    record = json.loads((root / GAME / "history" / "R1585T.json").read_text(encoding="utf-8"))
    assert "Religious War!" not in json.dumps(record)  # no cell kept in the record
    assert replay(GAME, root) == []


@pytest.mark.parametrize("league, line", [
    ("Catholic League", "ORANGE joins the Catholic League"),
    ("none", "ORANGE joins no League and loses its Diplomatic Influence with Goslar")])
def test_a_league_joined_names_the_players_leagues_row(round_four, tmp_path, league, line):
    """'must Join a League (either one) or lose all DI with the Target Principality': Orange's
    choice, typed on the Religious War Leagues sheet, names that row, a League or none."""
    root = _typed_turn(round_four, tmp_path, "R1585T", _round_four_cells(
        **_ORANGE_ON_GOSLAR, **{"Religious War Leagues!A2": "ORANGE", "Religious War Leagues!B2": league}))
    lines = _lines(root, "R1585T")
    assert (lines[line]["Entered at"], lines[line]["As written"]) == ("Religious War Leagues!A2:B2",
                                                                      f"ORANGE | {league}")
    _as_typed(root, "R1585T", lines)


def test_no_league_typed_names_no_row(round_four, tmp_path):
    """With no Religious War Leagues row for Orange, the rules take his Diplomatic Influence ('or
    lose all DI'): no row made the line, and it names none."""
    root = _typed_turn(round_four, tmp_path, "R1585T", _round_four_cells(**_ORANGE_ON_GOSLAR))
    lines = _lines(root, "R1585T")
    lost = lines["ORANGE joins no League and loses its Diplomatic Influence with Goslar"]
    assert (lost["Entered at"], lost["As written"]) == (None, None)


emperor_dead = played_until_fixture("westphalia", "R1510X")


def test_an_election_one_ballot_decided_names_its_row(emperor_dead, tmp_path):
    """'Players allied to Electors control their votes ... Unaligned Electors vote as a block for
    the Player of their religion with the most votes': with Red's ballot alone typed (row 2, laid
    out in Initiative Order), the election is his row's; the Emperor's death, drawn before the
    step, names none."""
    root = _typed_turn(emperor_dead, tmp_path, "R1510X", {"Imperial Election!B2": "RED"})
    lines = _lines(root, "R1510X")
    elected = next(r for o, r in lines.items() if o.startswith("elected Emperor"))
    assert (elected["Power"], elected["Entered at"], elected["As written"]) == ("RED", "Imperial Election!A2:B2",
                                                                               "RED | RED")
    assert all(r["Entered at"] is None for o, r in lines.items() if o.startswith("the Emperor dies"))
    _as_typed(root, "R1510X", lines)
    assert replay(GAME, root) == []


def test_an_election_counted_from_several_ballots_names_no_row(emperor_dead, tmp_path):
    """The demo's R1510X, every player voting (Red, Blue and Yellow controlling Electors): the
    election is counted from several rows, and names none."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases["R1510X"].items() if k != "press"}
    root = _typed_turn(emperor_dead, tmp_path, "R1510X", variant.system.demo_cells(variant, "R1510X", entry, "demo"))
    elected = next(r for o, r in _lines(root, "R1510X").items() if o.startswith("elected Emperor"))
    assert elected["Power"] == "YELLOW" and elected["Entered at"] is None


def test_a_peace_the_cards_decide_names_no_row():
    """With the card engine, 'the Leagues fight' from every player's Religious War Cards row: the
    battle and the peace it decides are no one row's, while the same war with the winning League
    typed by the GM names its Winning League row, and Blue's League his Religious War Leagues row
    (the board of tests/test_westphalia_wars.py: a deck of pikemen only, the Catholic League's
    Yellow left standing)."""
    import dataclasses

    from gm_tools.systems.westphalia import battles, steps
    from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR
    from test_westphalia_wars import ORDER, VARIANT, religious_board

    tables = {**VARIANT.tables, "military_cards": {**VARIANT.tables.get("military_cards", {}),
                                                   "pikemen": 60, "musketeers": 0, "cavalry": 0}}
    variant = dataclasses.replace(VARIANT, options={**VARIANT.options, "card_engine": True}, tables=tables)
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    state = religious_board()
    state.actions = {}
    plays = {p: " ".join("P" * battles.forces(state, p, 1585)[0]) for p in ("RED", "BLUE", "YELLOW")}
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "",
           "emperor_league": "Catholic League", "electors": [], "cards": plays}

    def made(war: dict) -> dict[str, object]:
        board = religious_board()
        board.actions = {}
        step = steps.apply(variant, board, steps.TURNS, {"turns": rows, "religious_war": war}, 1585)
        assert step.problems == []
        return {what: step.entry_of.get(i) for i, (_, what) in enumerate(step.done)}

    peace = "the Catholic League wins: Trier keeps its faith; BLUE gains 2 Diplomatic Influence there"
    by_cards = made(war)
    assert any(w.startswith("the battle by the cards") and e is None for w, e in by_cards.items())
    assert by_cards[peace] is None
    typed = made({**war, "cards": {}, "winner": "Catholic League"})
    assert typed[peace] == ("league won", 1)
    assert typed["BLUE joins the Catholic League"] == by_cards["BLUE joins the Catholic League"] == ("war league", 0)
