"""Europe 1615 (version 2): the setups for fewer than five players (issue 14 item 6).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '10 ALTERNATE WAYS TO PLAY': '2-player game: ... One
player controls Spain and Austria, while the other player controls France, England, and Denmark.
3-player game: One player controls Spain, another controls Austria, another plays England and
Denmark. France is neutral and French territory cannot be entered. Before build/adjustment in
1617 each player rolls dice. France joins player with highest roll in 1618. 4-player game: One
player controls Spain, another controls Austria, another plays France, and one for Denmark and
England.'
"""

from __future__ import annotations

import json

import pytest

from gm_tools.app.turn import load_state, new_game
from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.rules import rules_for, variant_for_game
from gm_tools.engine.runner import run_phase
from gm_tools.errors import GameError
from gm_tools.systems.europe1615v2.phases import settle
from gm_tools.systems.europe1615v2.players import neutral_power, players_of
from gm_tools.systems.europe1615v2.scoring import game_result
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.state import State, state_of, with_state

LOADED = load_variant("europe1615v2")
SETUP = setup_of(LOADED)


def test_player_counts_and_who_plays_what(tmp_path):
    assert players_of(SETUP, LOADED, State(), 1615) == [(p,) for p in SETUP.powers]
    two = variant_for_game(LOADED, 2)
    assert players_of(SETUP, two, State(), 1615) == [("SPAIN", "AUSTRIA"), ("FRANCE", "ENGLAND", "DENMARK")]
    four = variant_for_game(LOADED, 4)
    assert players_of(SETUP, four, State(), 1615)[-1] == ("DENMARK", "ENGLAND")
    with pytest.raises(GameError, match="found 6 players, expected 2, 3, 4, 5 for europe1615v2"):
        variant_for_game(LOADED, 6)
    new_game("europe1615v2", "three", root=tmp_path, seed=9, player_count=3, created="2000-01-01T00:00:00Z")
    assert json.loads((tmp_path / "three" / "game.json").read_text())["player_count"] == 3
    assert load_state("three", tmp_path).variant.options["players"] == 3


def test_a_players_powers_win_together():
    """A player's VPs are its powers' together: in the 2-player game Spain and Austria against
    France, England and Denmark."""
    sides = players_of(SETUP, variant_for_game(LOADED, 2), State(), 1621)
    totals = {"SPAIN": 20, "AUSTRIA": 15, "FRANCE": 10, "ENGLAND": 10, "DENMARK": 10}
    assert game_result(SETUP, totals, [], sides)[0] == ("SPAIN", "AUSTRIA")
    assert game_result(SETUP, dict(totals, DENMARK=15), [], sides) is None


def test_france_neutral_in_the_three_player_game():
    """'France is neutral and French territory cannot be entered.'"""
    three = variant_for_game(LOADED, 3)
    assert neutral_power(three, State(), 1616) == "FRANCE"
    board = Position("S1616M", {"CAT": Unit("SPAIN", ARMY, "CAT"), "GAL": Unit("SPAIN", ARMY, "GAL")},
                     dict(three.start_centers))
    done = run_phase(three, board, {"SPAIN": ["A CAT - TOU", "A GAL - CAN"]}, rules_for(three))
    results = {r.order: (r.result, r.reason) for r in done.results}
    assert results["A CAT - TOU"][0] == "invalid" and "neutral" in results["A CAT - TOU"][1]
    assert results["A GAL - CAN"][0] == "succeeds"
    five = run_phase(LOADED, board, {"SPAIN": ["A CAT - TOU"]}, rules_for(LOADED))
    assert five.results[0].result != "invalid"


def test_france_joins_the_highest_roll_before_the_1617_builds():
    """'Before build/adjustment in 1617 each player rolls dice. France joins player with highest
    roll in 1618': the dice come from the game's seed, the roll is recorded, and from 1618
    France's powers are that player's and its territory open."""
    three = variant_for_game(LOADED, 3)
    fall = with_state(Position("F1617M", {}, dict(three.start_centers)), State(seed="42"))
    winter = Position("W1617A", {}, dict(three.start_centers), extra=dict(fall.extra))
    after, draws = settle(three, fall, winter, "42")
    again, _ = settle(three, fall, winter, "42")
    joined = state_of(after).neutral_joined
    assert draws and draws[0]["kind"] == "neutral joins" and draws[0]["player"] == joined
    assert state_of(again).neutral_joined == joined
    sides = players_of(SETUP, three, state_of(after), 1618)
    assert "FRANCE" in sides[joined] and neutral_power(three, state_of(after), 1618) is None
    assert neutral_power(three, state_of(after), 1617) == "FRANCE"
    earlier, none = settle(three, with_state(Position("F1616M", {}, {}), State(seed="42")),
                           Position("W1616A", {}, {}), "42")
    assert none == [] and state_of(earlier).neutral_joined is None


def test_the_neutral_places_no_infs_and_makes_no_offers():
    """France neutral has no player: its INF placements and offers are refused with their cell."""
    from gm_tools.engine.hooks import InputRow, hooks_for
    from gm_tools.systems.europe1615v2.sheets import OFFERS, PLACEMENTS

    three = variant_for_game(LOADED, 3)
    hooks = hooks_for(three)
    start = Position("P1616I", {u.province: u for u in three.start_units}, dict(three.start_centers))
    row = InputRow({"Power": "FRANCE", "INFs": 3, "Minor state or home box": "LOR"},
                   {k: f"{PLACEMENTS}!{c}2" for k, c in (("Power", "A"), ("INFs", "B"), ("Minor state or home box", "C"))})
    _, problems = hooks.check_inputs(three, start, {PLACEMENTS: [row]})
    assert [(p.sheet, p.cell) for p in problems] == [(PLACEMENTS, "A2")] and "neutral" in problems[0].expected
    spring = Position("S1616M", start.units, start.centers)
    offer = InputRow({"Power": "FRANCE", "Amount": 0, "Order": "A PAR H"},
                     {k: f"{OFFERS}!{c}2" for k, c in (("Power", "A"), ("Amount", "B"), ("Order", "C"))})
    _, problems = hooks.check_inputs(three, spring, {OFFERS: [offer]})
    assert [(p.sheet, p.cell) for p in problems] == [(OFFERS, "A2")]
    _, none = hooks_for(LOADED).check_inputs(LOADED, spring, {OFFERS: [offer]})
    assert none == []


def test_an_alliance_joins_two_players_never_one_players_powers_or_the_neutral(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, section 9: "Two players, before the start of 1618, may form an
    # alliance ... an alliance wins if the combined VPs of the two allies exceed the total VPs of
    # the other three players"; section 10: "one for Denmark and England", "France is neutral".
    from gm_tools.app.turn import run_turn
    from gm_tools.edges.game import game_paths
    from gm_tools.edges.workbook_fill import set_cells
    from gm_tools.errors import WorkbookError

    for players, rows, cell, words in ((4, ("ENGLAND", "DENMARK"), "B2", "one player's"),
                                       (3, ("SPAIN", "FRANCE"), "B2", "FRANCE is neutral"),
                                       (2, ("SPAIN", "FRANCE"), "B2", "2-player game has none")):
        name = f"g{players}"
        new_game("europe1615v2", name, root=tmp_path, seed=9, player_count=players, created="2000-01-01T00:00:00Z")
        paths = game_paths(name, tmp_path)
        paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(),
                                             {"Alliances!A2": rows[0], "Alliances!B2": rows[1]}))
        before = paths.workbook.read_bytes()
        with pytest.raises(WorkbookError) as raised:
            run_turn(name, root=tmp_path, site_dir=None)
        found = {f"{p.sheet}!{p.cell}": p.expected for p in raised.value.problems}
        assert list(found) == [f"Alliances!{cell}"] and words in found[f"Alliances!{cell}"], found
        assert paths.workbook.read_bytes() == before
    # two players' powers in the 4-player game ally, and the player's other power cannot ally again
    paths = game_paths("g4", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Alliances!A2": "SPAIN", "Alliances!B2": "ENGLAND", "Alliances!A3": "DENMARK", "Alliances!B3": "AUSTRIA"}))
    with pytest.raises(WorkbookError) as raised:
        run_turn("g4", root=tmp_path, site_dir=None)
    assert [f"{p.sheet}!{p.cell}" for p in raised.value.problems] == ["Alliances!B3"]


def test_one_players_powers_never_count_twice_in_an_alliance():
    # 001_6f4a9c76b6e5774a.txt, section 9: "an alliance wins if the combined VPs of the two allies
    # exceed the total VPs of the other three players"; section 10 (4-player game): "one for
    # Denmark and England". A pact of England and Denmark recorded before this check existed is
    # one player's, not an alliance: Spain's 35 still win against the player's 20.
    sides = players_of(SETUP, variant_for_game(LOADED, 4), State(), 1621)
    totals = {"SPAIN": 35, "AUSTRIA": 10, "FRANCE": 10, "ENGLAND": 10, "DENMARK": 10}
    assert game_result(SETUP, totals, [("ENGLAND", "DENMARK")], sides)[0] == ("SPAIN",)
    # a player in two recorded pacts keeps the first one only
    won = game_result(SETUP, dict(totals, SPAIN=10, AUSTRIA=30), [("SPAIN", "ENGLAND"), ("DENMARK", "AUSTRIA")], sides)
    assert won[0] == ("AUSTRIA",), won


def test_the_neutral_france_receives_no_infs_or_funds_until_it_joins(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, section 10: "France is neutral and French territory cannot be
    # entered. Before build/adjustment in 1617 each player rolls dice. France joins player with
    # highest roll in 1618." A neutral France has no player to place INFs or spend funds: it
    # receives neither until it joins, rather than joining with three years' savings.
    from gm_tools.app.turn import run_turn
    from gm_tools.systems.europe1615v2.phases import influence_phase, taxation_phase

    new_game("europe1615v2", "three", root=tmp_path, seed=11, player_count=3, created="2000-01-01T00:00:00Z")
    run_turn("three", root=tmp_path, site_dir=None, force=True)
    run_turn("three", root=tmp_path, site_dir=None, force=True)
    s = state_of(load_state("three", tmp_path).position)
    assert "FRANCE" not in s.boxes and "FRANCE" not in s.treasury
    assert s.boxes["SPAIN"]["SPAIN"] > 0 and s.treasury["SPAIN"] > 0
    # joined in 1618: France's yearly INFs and its centers' supply points, from nothing saved
    three = variant_for_game(LOADED, 3)
    joined = with_state(Position("P1618I", {}, dict(three.start_centers)), State(seed="1", neutral_joined=0))
    placed = state_of(influence_phase(three, joined, {}).position)
    assert placed.boxes["FRANCE"]["FRANCE"] == SETUP.year_allocation(1618)["FRANCE"]
    taxed = state_of(taxation_phase(three, Position("T1618T", {}, dict(three.start_centers),
                                                    extra=dict(joined.extra))).position)
    assert taxed.treasury["FRANCE"] == sum(SETUP.values[c] for c, o in three.start_centers.items() if o == "FRANCE")


def test_the_neutral_frances_units_take_bribes_as_any_foreign_unit():
    # 001_6f4a9c76b6e5774a.txt, section 10: "France is neutral and French territory cannot be
    # entered" forbids entering, not bribing; section 6: "submitting bribes and orders to foreign
    # units is limited to only the HOLD, SUPPORT, or CONVOY orders ... a bribe must contain some
    # payment". Read so (NOTES.md): Spain may pay France's army to hold, not for nothing.
    from gm_tools.engine.hooks import InputRow, hooks_for
    from gm_tools.systems.europe1615v2.sheets import OFFERS

    three = variant_for_game(LOADED, 3)
    spring = Position("S1616M", {u.province: u for u in three.start_units}, dict(three.start_centers))

    def offer(amount):
        return InputRow({"Power": "SPAIN", "Amount": amount, "Order": "A PAR H"},
                        {k: f"{OFFERS}!{c}2" for k, c in (("Power", "A"), ("Amount", "B"), ("Order", "C"))})

    inputs, problems = hooks_for(three).check_inputs(three, spring, {OFFERS: [offer(1)]})
    assert problems == [] and inputs["offers"] == [{"power": "SPAIN", "amount": 1, "unit": "PAR", "order": "A PAR H"}]
    inputs, _ = hooks_for(three).check_inputs(three, spring, {OFFERS: [offer(0)]})
    assert inputs["offers"] == [] and "some payment" in inputs["ignored"][0]["why"]


def test_an_alliance_row_with_one_power_names_the_empty_cell(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, section 9: "Two players ... may form an alliance": a row with one
    # power is half an alliance; the empty cell is named as found empty, not as Python's None
    from gm_tools.app.turn import run_turn
    from gm_tools.edges.game import game_paths
    from gm_tools.edges.workbook_fill import set_cells
    from gm_tools.errors import WorkbookError

    new_game("europe1615v2", "g", root=tmp_path, seed=9, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {"Alliances!A2": "DENMARK", "Alliances!B3": "ENGLAND"}))
    with pytest.raises(WorkbookError) as raised:
        run_turn("g", root=tmp_path, site_dir=None)
    found = {f"{p.sheet}!{p.cell}": (p.found, p.expected) for p in raised.value.problems}
    assert found == {"Alliances!B2": ("an empty cell", "the Ally of the alliance (DENMARK's)"),
                     "Alliances!A3": ("an empty cell", "the Power of the alliance (ENGLAND's)")}
    assert "None" not in str(raised.value)


def test_the_dice_for_the_neutral_are_published_in_words():
    """'Before build/adjustment in 1617 each player rolls dice. France joins player with highest
    roll in 1618': the players learn the rolls and whom France joins from the phase's page and
    judge text (the sections), and the GM's turn report gives the rolls in words, not as the
    record's Python-like list of dicts."""
    from gm_tools.app.turnreport import draw_words
    from gm_tools.engine.positions import position_to_json
    from gm_tools.systems.europe1615v2.report import sections

    three = variant_for_game(LOADED, 3)
    fall = with_state(Position("F1617M", {}, dict(three.start_centers)), State(seed="42"))
    winter = Position("W1617A", {}, dict(three.start_centers), extra=dict(fall.extra))
    after, draws = settle(three, fall, winter, "42")
    record = {"phase": "W1617A", "before": position_to_json(winter), "after": position_to_json(after),
              "extra": {}, "random": {"seed": "42", "draws": draws}}
    said = dict(sections(three, record))["France joins a player"]
    first = draws[0]["rolls"][0]
    for side, n in first.items():
        names = " and ".join(three.powers[c].name for c in side.split("/"))
        assert f"{names} {n}" in said, said
    joined = " and ".join(three.powers[c].name for c in _sides(three)[draws[0]["player"]])
    assert f"France joins {joined} in 1618" in said, said
    words = draw_words(draws[0])
    assert "{" not in words and "[" not in words and "FRANCE joins" in words, words


def _sides(variant):
    from gm_tools.systems.europe1615v2.players import setups

    return setups(variant)[3]["players"]
