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
