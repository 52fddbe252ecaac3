"""The Diplomatic Influence a Peace Treaty costs its winner, checked against the GM's Influence
Changes, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Peace Treaties' ("For every town you take you lose 2
Diplomatic Influence. For every province you take without a town that wasn't adjacent at the start
of your turn you lose 1 Diplomatic Influence, unless you're the Emperor taking from a Foreign
Power"; "You lose no Diplomatic Influence for vassalizing"), 'Religious War Peace Treaty' ("Players
do not lose Diplomatic Influence for taking towns and non-adjacent provinces"). The text does not
say from which principality a town's or far province's Influence is lost: only the total is
checked; "Lose 2 Diplomatic Influence from each of your allies that could have conquered a province
but did not" is lost on that ally (NOTES.md).
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.app.turn import load_state
from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.sheets import CHANGES, PLACE, TREATIES, WARS
from gm_tools.systems.westphalia.state import Holding, State, state_of
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

from westphalia_mails import ROUND_FIVE_CELLS
from demos import copy_with_cells, played_until_fixture, turn_refused

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
RULE = ("'For every town you take you lose 2 Diplomatic Influence. For every province you take without a town "
        "that wasn't adjacent at the start of your turn you lose 1 Diplomatic Influence, unless you're the "
        "Emperor taking from a Foreign Power'")

LAPSE = ("'Additionally, your allies may each take 1 adjacent province from the unaligned Principality or the "
         "Player and his allies. Lose 2 Diplomatic Influence from each of your allies that could have conquered a "
         "province but did not (the ability to take a province is determined at the start of the war)'")


def board() -> State:
    """Red borders BRI (Ulm's) and DUR, not BON, DUI, ESL nor ESS; Hesse is down to its capital."""
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR",), "GOR"), "GREEN": Holding(("BER", "DIL"), "DIL"),
                     "ORANGE": Holding(("FUR",), "FUR")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Hesse": Holding(("ESS",), "ESS"),
                            "Ulm": Holding(("BIE", "BON", "BRI"), "BIE")}
    state.electors = ("Trier",)
    state.influence = {"Trier": {"RED": 2}}
    state.saved_di = {"RED": 3}
    return state


def turn(state: State, wars: list[tuple[str, str]], takings, paid=(), religious=None, year: int = 1535):
    """The Player Turns step: wars (declarer, target) won by their declarer, the treaties'
    takings (winner, province[, vassalize]) and the Influence Changes (player, where, change)."""
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    return steps.apply(VARIANT, state, steps.TURNS, {
        "turns": rows, "wars": [{"declarer": d, "target": t, "winner": d} for d, t in wars],
        "treaties": [{"winner": t[0], "province": t[1], "vassalize": len(t) > 2} for t in takings],
        "changes": [{"player": w, "principality": p, "change": n, "reason": "the treaty"} for w, p, n in paid],
        **({"religious_war": religious} if religious else {})}, year)


def found(step) -> list[tuple[int, str, str]]:
    return [(i, f, what) for i, f, what, _ in step.problems]


def test_a_town_costs_two():
    """'Peace Treaties': "For every town you take you lose 2 Diplomatic Influence." Red takes
    Hesse's capital, its last province: 1 lost is refused at the treaty's row, 2 are taken, from
    one place or two (the text does not say from which principality)."""
    step = turn(board(), [("RED", "Hesse")], [("RED", "ESS")], paid=[("RED", "saved", -1)])
    assert found(step) == [(0, "treaty", "1 Diplomatic Influence lost by RED on the Influence Changes sheet")]
    assert step.problems[0][3] == ("at least 2 lost by RED on the Influence Changes sheet for its Peace Treaties "
                                   f"(ESS with its town: 2): {RULE}")
    assert turn(board(), [("RED", "Hesse")], [("RED", "ESS")], paid=[("RED", "saved", -2)]).problems == []
    step = turn(board(), [("RED", "Hesse")], [("RED", "ESS")], paid=[("RED", "saved", -1), ("RED", "Trier", -1)])
    assert step.problems == [] and step.state.saved_di["RED"] == 2 and step.state.influence["Trier"]["RED"] == 1


def test_a_province_not_adjacent_costs_one_an_adjacent_one_nothing():
    """'Peace Treaties': "For every province you take without a town that wasn't adjacent at the
    start of your turn you lose 1 Diplomatic Influence." Red borders BRI, not BON: BRI alone costs
    nothing, BON beside it costs 1, named at BON's row."""
    assert turn(board(), [("RED", "Ulm")], [("RED", "BRI")]).problems == []
    step = turn(board(), [("RED", "Ulm")], [("RED", "BRI"), ("RED", "BON")])
    assert found(step) == [(1, "treaty", "0 Diplomatic Influence lost by RED on the Influence Changes sheet")]
    assert "(BON, not adjacent to RED at the start of the turn: 1)" in step.problems[0][3]
    assert turn(board(), [("RED", "Ulm")], [("RED", "BRI"), ("RED", "BON")], paid=[("RED", "Trier", -1)]).problems == []


def test_adjacency_is_as_at_the_start_of_the_turn():
    """'Peace Treaties': "that wasn't adjacent at the start of your turn": Red takes BRI from Ulm
    in the First Battle Phase; BON, which borders BRI, still costs 1 when he takes it in the
    Second."""
    step = turn(board(), [("RED", "Ulm"), ("RED", "Ulm")], [("RED", "BRI"), ("RED", "BON")])
    assert any(t.startswith("war with Ulm (Battle Phase 2)") for _, t in step.done)
    assert found(step) == [(1, "treaty", "0 Diplomatic Influence lost by RED on the Influence Changes sheet")]


def test_the_emperor_taking_from_a_foreign_power_loses_nothing():
    """'Peace Treaties': "... you lose 1 Diplomatic Influence, unless you're the Emperor taking from
    a Foreign Power." Orange, a Foreign Power, holds GER, far from Red: Red pays 1 for it, unless
    he is the Emperor."""
    state = board()
    del state.princes["ORANGE"], state.princes["YELLOW"]
    state.princes["ORANGE"] = Holding(("GER",), "")
    state.foreign = {"ORANGE": {"home": "Spain", "edge": "east", "troubles": 0, "per_round": 4}}
    state.influence = {"Ulm": {"RED": 5}}  # Red 4 + Ulm 5 against Orange 8 + 1: no automatic win
    state.emperor = "GREEN"
    step = turn(state, [("RED", "ORANGE")], [("RED", "GER")])
    assert found(step) == [(0, "treaty", "0 Diplomatic Influence lost by RED on the Influence Changes sheet")]
    state.emperor = "RED"
    step = turn(state, [("RED", "ORANGE")], [("RED", "GER")])
    assert step.problems == [] and "GER" in step.state.princes["RED"].provinces


def test_vassalizing_costs_nothing():
    """'Peace Treaties': "You lose no Diplomatic Influence for vassalizing": Red vassalizes Trier,
    a town far from him, with no Influence Changes row."""
    state = board()
    state.influence = {}  # Trier unaligned, Red's 3 saved to pay with
    step = turn(state, [("RED", "Trier")], [("RED", "ALT", True)])
    assert step.problems == [] and step.state.influence["Trier"] == {"RED": 2}


def test_he_loses_at_most_what_he_holds():
    """'Peace Treaties': "For every town you take you lose 2 Diplomatic Influence": Red, with 1
    left after the treaty, owes that 1 (one cannot lose what he does not hold; NOTES.md)."""
    state = board()
    state.influence, state.saved_di = {}, {"RED": 1}
    step = turn(state, [("RED", "Hesse")], [("RED", "ESS")])
    assert "at least 1 (all the 1 it holds) lost by RED" in step.problems[0][3]
    assert turn(state, [("RED", "Hesse")], [("RED", "ESS")], paid=[("RED", "saved", -1)]).problems == []
    state.saved_di = {}
    assert turn(state, [("RED", "Hesse")], [("RED", "ESS")]).problems == []


def test_the_religious_wars_treaty_costs_nothing():
    """'Religious War Peace Treaty': "Players do not lose Diplomatic Influence for taking towns and
    non-adjacent provinces." Red, who won the Religious War with Blue in the Defeated League,
    takes DUI, far from him, with no Influence Changes row."""
    state = board()
    state.religion, state.leagues, state.targets, state.emperor = (
        {"RED": "protestant"}, {"RED": "Evangelical League"}, ("Hesse",), "YELLOW")
    state.princes["BLUE"] = Holding(("DUI", "DUR", "GRA", "HAL"), "DUR")
    state.principalities["Hesse"] = Holding(("ESL", "ESS"), "ESS")
    state.influence = {"Hesse": {"BLUE": 2}, "Trier": {"RED": 1}}
    state.protestant = ("EIC", "EIS", "HAE", "HAM")
    religious = {"declarer": "RED", "target": "Hesse", "joins": {"BLUE": "Catholic League"},
                 "winner": "Evangelical League", "emperor_league": None, "electors": []}
    step = turn(state, [], [("RED", "DUI")], religious=religious, year=1585)
    assert step.problems == [] and "DUI" in step.state.princes["RED"].provinces


def allied_ulm() -> State:
    """Ulm (BIE BON BRI), Red's ally with 3, borders Blue's DUI (and DUR, Blue's capital, which
    cannot be taken while Blue holds DUI)."""
    state = board()
    state.influence["Ulm"] = {"RED": 3}
    return state


def test_an_ally_that_could_have_conquered_and_did_not_costs_two_on_it():
    """'Peace Treaties': "Lose 2 Diplomatic Influence from each of your allies that could have
    conquered a province but did not (the ability to take a province is determined at the start of
    the war)". Red beats Blue and Ulm, his ally, takes nothing though it borders DUI: the turn is
    refused at the war's row until Red loses 2 on Ulm ("from each of your allies": 2 saved do not
    pay it); with Ulm taking DUI nothing is owed."""
    step = turn(allied_ulm(), [("RED", "BLUE")], [], paid=[("RED", "saved", -2)])
    assert [(i, f, what) for i, f, what, _ in step.problems] == [
        (0, "winner", "0 Diplomatic Influence lost by RED on Ulm on the Influence Changes sheet")]
    assert step.problems[0][3] == ("at least 2 lost by RED on Ulm (Ulm could have taken DUI from BLUE and did not: "
                                   f"2): {LAPSE}")
    step = turn(allied_ulm(), [("RED", "BLUE")], [], paid=[("RED", "Ulm", -2)])
    assert step.problems == [] and step.state.influence["Ulm"]["RED"] == 1
    step = turn(allied_ulm(), [("RED", "BLUE")], [("Ulm", "DUI")])
    assert step.problems == [] and "DUI" in step.state.principalities["Ulm"].provinces


def test_an_ally_that_could_conquer_nothing_costs_nothing():
    """'Peace Treaties': "your allies may each take 1 adjacent province ... Only Players may conquer
    towns ... Capitals may only be taken if they are that Power's last province": Blue down to his
    capital DUR, Ulm could take nothing from him, and Trier, Red's other ally, borders none of
    Blue's: Red's win costs nothing."""
    state = allied_ulm()
    state.princes["BLUE"] = Holding(("DUR",), "DUR")
    state.princes["YELLOW"] = Holding(("DUI", "GOR"), "GOR")
    assert turn(state, [("RED", "BLUE")], []).problems == []


def test_an_allys_lapse_is_capped_by_what_he_holds_on_it_and_counts_with_the_towns():
    """'Peace Treaties': "Lose 2 Diplomatic Influence from each of your allies that could have
    conquered" (one cannot lose what he does not hold, NOTES.md): Red with 1 on Ulm owes that 1
    there. "For every town you take you lose 2": the loss on Ulm pays the ally first, the town's 2
    must come besides it."""
    state = allied_ulm()
    state.influence["Ulm"] = {"RED": 1}
    step = turn(state, [("RED", "BLUE")], [])
    assert step.problems[0][3].startswith("at least 1 lost by RED on Ulm")
    state = allied_ulm()
    state.princes["BLUE"] = Holding(("DUI", "DUR", "GOR"), "DUR")  # GOR, far from Ulm, with its town
    state.towns = {"GOR": "BLUE"}
    del state.princes["YELLOW"]
    step = turn(state, [("RED", "BLUE")], [("RED", "GOR")], paid=[("RED", "Ulm", -3)])
    assert [(i, f, what) for i, f, what, _ in step.problems] == [
        (0, "treaty", "1 Diplomatic Influence lost by RED on the Influence Changes sheet, besides the 2 for its "
                      "allies")]
    assert turn(state, [("RED", "BLUE")], [("RED", "GOR")], paid=[("RED", "Ulm", -3), ("RED", "saved", -1)]
                ).problems == []


GAME = "westphalia-demo"
STOP = "R1610T"
# Round 5's Player Turns as the demo enters them: Blue, a Foreign Power beside the west edge since
# 1560, alone Waging War, with 5 Diplomatic Influence saved
ACTIONS = ROUND_FIVE_CELLS
BLUE_TAKES = {f"{WARS}!A2": "BLUE", f"{WARS}!B2": "ORANGE", f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS",
              f"{TREATIES}!A3": "BLUE", f"{TREATIES}!B3": "DES"}


round_five = played_until_fixture("westphalia", STOP)


def _turn(round_five: Path, tmp_path: Path, cells: dict) -> tuple[Path, str | None]:
    root = copy_with_cells(round_five, tmp_path / "games", GAME, {**ACTIONS, **cells})
    return root, turn_refused(GAME, root)


def test_the_workbook_refuses_a_far_province_not_paid_for(round_five, tmp_path):
    """'Peace Treaties': "For every province you take without a town that wasn't adjacent at the
    start of your turn you lose 1 Diplomatic Influence". In the demo's round 5 Blue beats Orange
    and takes FRS, beside his west edge ('Your Foreign Power Home Province is now adjacent to all
    provinces on that edge of the map for purposes of conversion and Peace Treaties'), and DES,
    which is not: with no Influence Changes row the turn is refused at DES's cell, and nothing is
    written."""
    _, error = _turn(round_five, tmp_path, BLUE_TAKES)
    assert error is not None and "1 problem(s), nothing written" in error
    assert (f"{TREATIES}!B3: found '0 Diplomatic Influence lost by BLUE on the Influence Changes sheet', expected "
            "at least 1 lost by BLUE on the Influence Changes sheet for its Peace Treaties (DES, not adjacent to "
            f"BLUE at the start of the turn: 1): {RULE}") in error


def test_the_workbook_takes_the_treaty_with_its_cost(round_five, tmp_path):
    """'Peace Treaties': "... you lose 1 Diplomatic Influence": the same treaty with Blue's 1 lost
    on the Influence Changes sheet is taken, and Blue keeps 4 saved."""
    root, error = _turn(round_five, tmp_path, {**BLUE_TAKES, f"{CHANGES}!A2": "BLUE", f"{CHANGES}!B2": "saved",
                                               f"{CHANGES}!C2": -1, f"{CHANGES}!D2": "DES was not adjacent"})
    assert error is None
    state = state_of(load_state(GAME, root).position)
    assert state.princes["BLUE"] == Holding(("DES", "FRS"), "") and state.saved_di["BLUE"] == 4


def test_the_workbook_refuses_an_allys_lapse_at_the_wars_row(round_five, tmp_path):
    """'Peace Treaties': "Lose 2 Diplomatic Influence from each of your allies that could have
    conquered a province but did not". In the demo's round 5 Blue places 2 of his saved Influence
    on Konstanz, which borders Orange's DES, FRS and FUL, and so is his ally when he declares war
    on Orange; Konstanz takes nothing: the turn is refused at the war's Winner cell, nothing
    written, until Blue loses 2 on Konstanz."""
    cells = {**BLUE_TAKES, f"{PLACE}!A2": "BLUE", f"{PLACE}!B2": "Konstanz", f"{PLACE}!C2": 2,
             f"{CHANGES}!A2": "BLUE", f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1}
    _, error = _turn(round_five, tmp_path, cells)
    assert error is not None and "1 problem(s), nothing written" in error
    assert (f"{WARS}!C2: found '0 Diplomatic Influence lost by BLUE on Konstanz on the Influence Changes sheet', "
            "expected at least 2 lost by BLUE on Konstanz (Konstanz could have taken DES from ORANGE and did not: "
            f"2): {LAPSE}") in error
    root, error = _turn(round_five, tmp_path / "paid", {**cells, f"{CHANGES}!A3": "BLUE", f"{CHANGES}!B3": "Konstanz",
                                                        f"{CHANGES}!C3": -2})
    assert error is None
    state = state_of(load_state(GAME, root).position)
    assert state.influence.get("Konstanz", {}).get("BLUE", 0) == 0 and state.saved_di["BLUE"] == 2


def test_the_war_and_its_treaty_read_names_as_the_gm_types_them(round_five, tmp_path):
    """'Declare War on either an eligible Player or an unaligned Principality'; 'Peace
    Treaties': the Wars, Peace Treaties and Influence Changes sheets take a player by his code or
    name and a principality, or 'saved', in any case, as the sheets' dropdowns do: Blue's war on
    'orange', his treaty typed 'Blue Kraken' and his loss from 'Saved' are his, not refused."""
    root, error = _turn(round_five, tmp_path, {**BLUE_TAKES, f"{WARS}!B2": "orange", f"{TREATIES}!A2": "Blue Kraken",
                                               f"{TREATIES}!A3": "blue", f"{CHANGES}!A2": "BLUE",
                                               f"{CHANGES}!B2": "Saved", f"{CHANGES}!C2": -1})
    assert error is None
    state = state_of(load_state(GAME, root).position)
    assert state.princes["BLUE"] == Holding(("DES", "FRS"), "") and state.saved_di["BLUE"] == 4


def test_an_allys_lost_province_leaves_no_influence_to_take():
    """'Peace Treaties': "You lose 2 Diplomatic Influence with each of your allies per province
    they lost" and "remove all Diplomatic Influence from conquered Principalities": Red beats Blue
    and takes BRI from Ulm, Blue's ally, so none of Blue's Influence is left on Ulm. A GM's row
    taking 2 more from Blue there is refused saying what is left and why, not only 'at most 0'."""
    state = board()
    state.influence["Ulm"] = {"BLUE": 3}
    step = turn(state, [("RED", "BLUE")], [("RED", "BRI")], paid=[("BLUE", "Ulm", -2)])
    assert [(i, f, what) for i, f, what, _ in step.problems] == [(0, "change", "-2")]
    assert step.problems[0][3] == "at most 0 to take from BLUE on Ulm, all he holds there once the treaties are signed"
    assert "Ulm" not in step.state.influence or not step.state.influence["Ulm"].get("BLUE")


def test_a_loss_typed_with_a_typographic_minus_is_that_loss(round_five, tmp_path):
    """'Peace Treaties': "For every province you take without a town that wasn't adjacent at the
    start of your turn you lose 1 Diplomatic Influence". A Change pasted from a page or a document,
    '−1' (the minus sign, U+2212) or '–1' (an en dash, as a word processor makes of a hyphen), was
    refused as 'expected a whole number': it is the -1 typed with a hyphen, and Blue keeps 4 saved."""
    for way in ("\u22121", "\u20131"):
        root, error = _turn(round_five, tmp_path / way, {**BLUE_TAKES, f"{CHANGES}!A2": "BLUE",
                                                         f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": way})
        assert error is None, error
        assert state_of(load_state(GAME, root).position).saved_di["BLUE"] == 4
