"""The Peace of Westphalia's Religious War Peace Treaty: what the Target Principality may do in
it, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Religious War Peace Treaty': "After the battle, if the
ROTF's League: Won, then the Target Principality is forcibly converted ... The ROTF then gains 2
Diplomatic Influence with the Target Principality. The Target Principality may neither take
provinces nor have its provinces taken in the Peace Treaty ... Lost, then the Target Principality
retains its religion ... The DOTF then gains 2 Diplomatic Influence with the Target Principality.
The Target Principality may take provinces in the Peace Treaty as normal."
"""

from __future__ import annotations

from pathlib import Path

from demos import copy_with_cells, demo_file, played_until_fixture, turn_refused
from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.state import Holding, State
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
ROWS = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]


def board() -> State:
    """Round 4: Red (Protestant, Evangelical League) declares on Catholic Ulm, drawn in the
    Upheaval; Blue, with influence on Ulm, joins the Catholic League and defends it. Ulm's BON
    borders Blue's DUI (no town, not his capital); Ulm's BRI borders Red's EIC (the same)."""
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR",), "GOR"), "GREEN": Holding(("BER", "DIL"), "DIL"),
                     "ORANGE": Holding(("FUR",), "FUR")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Ulm": Holding(("BIE", "BON", "BRI"), "BIE")}
    state.electors = ("Trier",)
    state.religion = {"RED": "protestant"}
    state.protestant = ("EIC", "EIS", "HAE", "HAM")
    state.leagues = {"RED": "Evangelical League"}
    state.targets = ("Ulm",)
    state.emperor = "YELLOW"
    state.influence = {"Ulm": {"BLUE": 2}}
    return state


def war(winner: str, *treaties: tuple[str, str]) -> dict:
    return {"turns": ROWS, "religious_war": {"declarer": "RED", "target": "Ulm", "joins": {"BLUE": "Catholic League"},
                                             "winner": winner, "emperor_league": None, "electors": []},
            "treaties": [{"winner": w, "province": p} for w, p in treaties]}


def test_the_target_takes_no_province_when_the_restorers_league_won():
    """'Won ... The ROTF then gains 2 Diplomatic Influence with the Target Principality. The
    Target Principality may neither take provinces ... in the Peace Treaty': Ulm, now Red's
    ally, may not take Blue's DUI as an ally of the victorious League's member would."""
    step = steps.apply(VARIANT, board(), steps.TURNS, war("Evangelical League", ("Ulm", "DUI")), 1585)
    assert step.problems == [(0, "treaty", "Ulm: DUI",
                              "no taking by Ulm, the Target Principality: the Restorer of the Faith's League won ('The "
                              "Target Principality may neither take provinces nor have its provinces taken in the "
                              "Peace Treaty')")]
    # Red, who won, still takes from Blue in the same treaty
    step = steps.apply(VARIANT, board(), steps.TURNS, war("Evangelical League", ("RED", "DUI")), 1585)
    assert step.problems == [] and "DUI" in step.state.princes["RED"].provinces


def test_the_targets_provinces_are_not_taken_when_the_restorers_league_won():
    """'The Target Principality may neither take provinces nor have its provinces taken in the
    Peace Treaty': the refusal says so, not that Ulm is no loser's."""
    step = steps.apply(VARIANT, board(), steps.TURNS, war("Evangelical League", ("RED", "BON")), 1585)
    assert step.problems == [(0, "treaty", "RED: BON",
                              "no province of Ulm, the Target Principality: the Restorer of the Faith's League won "
                              "('The Target Principality may neither take provinces nor have its provinces taken in "
                              "the Peace Treaty')")]


def test_the_target_takes_as_normal_when_the_restorers_league_lost():
    """'Lost ... The DOTF then gains 2 Diplomatic Influence with the Target Principality. The
    Target Principality may take provinces in the Peace Treaty as normal': Ulm, Blue's ally, takes
    Red's EIC beside its BRI."""
    step = steps.apply(VARIANT, board(), steps.TURNS, war("Catholic League", ("Ulm", "EIC")), 1585)
    assert step.problems == [] and "EIC" in step.state.principalities["Ulm"].provinces


def test_the_victorious_league_conquers_in_initiative_order():
    """'Religious War Peace Treaty': "Finally, members of the Victorious League, in Initiative Order,
    may conquer provinces from the Defeated League." Red and Green (Red first in Initiative Order)
    both take Blue's DUI, Green's row typed first: Red conquers it, and Green's row is the one
    refused (it was taken in the sheet's order, Green's)."""
    state = board()
    state.leagues["GREEN"] = "Evangelical League"
    step = steps.apply(VARIANT, state, steps.TURNS, war("Evangelical League", ("GREEN", "DUI"), ("RED", "DUI")), 1585)
    assert "DUI" in step.state.princes["RED"].provinces and ("RED", "takes DUI from BLUE") in step.done
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(0, "treaty", "GREEN: DUI")]


LAPSE = ("'Additionally, your allies may each take 1 adjacent province from the unaligned Principality or the Player "
         "and his allies. Lose 2 Diplomatic Influence from each of your allies that could have conquered a province "
         "but did not (the ability to take a province is determined at the start of the war)'")


def with_red_ally(state: State, name: str, provinces: tuple[str, ...]) -> State:
    state.principalities[name] = Holding(provinces, provinces[-1])
    state.influence[name] = {"RED": 3}
    return state


def test_an_ally_of_the_victorious_league_that_could_have_taken_and_did_not_costs_two():
    """'Religious War Peace Treaty': "Players do not lose Diplomatic Influence for taking towns and
    non-adjacent provinces. Otherwise, the rules for Peace Treaties in Religious Wars are exactly
    the same as those during Player Turns", whose 'Peace Treaties' say "Lose 2 Diplomatic
    Influence from each of your allies that could have conquered a province but did not (the
    ability to take a province is determined at the start of the war)". Hesse (GRA, HAL), Red's
    ally, borders Blue's DUI as the Leagues go to war: taking nothing, it costs Red 2 on Hesse,
    refused at the Winning League cell until the GM enters it (docs/westphalia.md, "The
    Religious War's lapse")."""
    inputs = war("Evangelical League")
    step = steps.apply(VARIANT, with_red_ally(board(), "Hesse", ("GRA", "HAL")), steps.TURNS, inputs, 1585)
    assert step.problems == [(1, "league won", "0 Diplomatic Influence lost by RED on Hesse on the Influence Changes "
                                                "sheet",
                              "at least 2 lost by RED on Hesse (Hesse could have taken DUI from BLUE in the Religious "
                              f"War's peace and did not: 2): {LAPSE}")]
    paid = dict(inputs, changes=[{"player": "RED", "principality": "Hesse", "change": -2, "reason": "Hesse idle"}])
    step = steps.apply(VARIANT, with_red_ally(board(), "Hesse", ("GRA", "HAL")), steps.TURNS, paid, 1585)
    assert step.problems == [] and step.state.influence["Hesse"]["RED"] == 1
    took = dict(inputs, treaties=[{"winner": "Hesse", "province": "DUI"}])
    step = steps.apply(VARIANT, with_red_ally(board(), "Hesse", ("GRA", "HAL")), steps.TURNS, took, 1585)
    assert step.problems == [] and "DUI" in step.state.principalities["Hesse"].provinces


def test_no_lapse_for_what_the_target_may_not_lose_nor_for_the_defeated_league():
    """'The Target Principality may neither take provinces nor have its provinces taken': Mainz
    (ARN), Red's ally, borders only Ulm's BON and BRI and unaligned Trier: it could have taken
    nothing, so nothing is owed. And the lapse is the victorious League's ("your allies": the
    winner's): when the Catholic League wins, Red's idle Hesse costs nothing, but Ulm, which "may
    take provinces in the Peace Treaty as normal" and is Blue's ally as the war starts ("The DOTF
    gains DI with the Target Principality sufficient to become its ally"), costs Blue 2 there when
    it takes nothing, as it could have taken Red's EIC beside its BRI."""
    step = steps.apply(VARIANT, with_red_ally(board(), "Mainz", ("ARN",)), steps.TURNS, war("Evangelical League"),
                       1585)
    assert step.problems == []
    step = steps.apply(VARIANT, with_red_ally(board(), "Hesse", ("GRA", "HAL")), steps.TURNS, war("Catholic League"),
                       1585)
    assert step.problems == [(1, "league won", "0 Diplomatic Influence lost by BLUE on Ulm on the Influence Changes "
                                                "sheet",
                              "at least 2 lost by BLUE on Ulm (Ulm could have taken EIC from RED in the Religious "
                              f"War's peace and did not: 2): {LAPSE}")]


# --- the same through the workbook: the demo's round 4 (sheets/demo-westphalia.toml, R1585T), where
# Red, Restorer of the Faith, declares on Goslar, his vassal, the Emperor Yellow defends it alone in
# the Catholic League and the Evangelical League wins.

GAME, STOP = "westphalia-demo", "R1585T"
round_four = played_until_fixture("westphalia", STOP)


def _turn(round_four: Path, tmp_path: Path, changes: dict) -> str | None:
    """The demo's round 4 as the GM typed it, with ``changes``, through `turn`: None, or the error."""
    from gm_tools.app.demo import read_demo

    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    return turn_refused(GAME, copy_with_cells(round_four, tmp_path / "games", GAME, {**cells, **changes}))


def test_the_targets_province_is_refused_at_its_peace_treaties_row(round_four, tmp_path):
    """'The Target Principality may neither take provinces nor have its provinces taken in the
    Peace Treaty': Red's taking Goslar's ERF is named at its row, sheet and cell."""
    error = _turn(round_four, tmp_path, {"Peace Treaties!A2": "RED", "Peace Treaties!B2": "ERF"})
    assert error.splitlines()[1:] == [
        "  Peace Treaties!B2: found 'RED: ERF', expected no province of Goslar, the Target Principality: the Restorer "
        "of the Faith's League won ('The Target Principality may neither take provinces nor have its provinces taken "
        "in the Peace Treaty')"]


def test_an_idle_ally_of_the_victorious_league_is_named_at_the_winning_league_cell(round_four, tmp_path):
    """'Lose 2 Diplomatic Influence from each of your allies that could have conquered a province
    but did not': Red places 1 on unaligned Dithmarschen (DON, DOR) before the Religious War, so it
    is his ally as the Leagues go to war, and DOR borders Yellow's DRE; taking nothing, it costs Red
    what he holds there, 1, refused at the Winning League until the Influence Changes take it."""
    placed = {"Place Influence!A2": "RED", "Place Influence!B2": "Dithmarschen", "Place Influence!C2": 1}
    error = _turn(round_four, tmp_path, placed)
    assert error.splitlines()[1:] == [
        "  Religious War!B5: found '0 Diplomatic Influence lost by RED on Dithmarschen on the Influence Changes "
        "sheet', expected at least 1 lost by RED on Dithmarschen (Dithmarschen could have taken DRE from YELLOW in "
        f"the Religious War's peace and did not: 2): {LAPSE}"]
    paid = {"Influence Changes!A2": "RED", "Influence Changes!B2": "Dithmarschen", "Influence Changes!C2": -1,
            "Influence Changes!D2": "Dithmarschen took nothing"}
    assert _turn(round_four, tmp_path / "paid", {**placed, **paid}) is None
