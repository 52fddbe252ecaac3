"""The Peace of Westphalia's Religious War: the Electors changed in its peace, and the war won
without a Defender of the Faith, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Religious War Peace Treaty': "Next, if the Emperor was in
the League of his religion and he: ... Lost, then the Player(s) of the opposing League with the
most Imperial Power may remove any number of Electors of the Emperor's religion who fought in the
Defeated League from the Electorate, replacing them with Electors of his (their) choice of the
opposing Religion"; 'Religious War Declared': "If there is no DOTF, the ROTF's League wins".
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.figures import imperial_power
from gm_tools.systems.westphalia.state import Holding, State
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
ROWS = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]


def board() -> State:
    """Round 4: Red (Protestant, Evangelical League) declares on Catholic Trier, drawn in the
    Upheaval. Yellow, the Catholic Emperor, is in the Catholic League; Blue, allied to Trier and to
    the Elector Hesse, joins it. Green, a Catholic with influence on Trier and five provinces, joins
    the Evangelical League ('Must Join a League (either one)'). Ulm is Protestant and unaligned."""
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR",), "GOR"),
                     "GREEN": Holding(("BER", "DIL", "DON", "GER", "GIE"), "DIL"), "ORANGE": Holding(("FUR",), "FUR")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Hesse": Holding(("ESL", "ESS"), "ESS"),
                            "Ulm": Holding(("BIE", "BON", "BRI"), "BIE")}
    state.electors = ("Hesse", "Trier")
    state.religion = {"RED": "protestant"}
    state.protestant = ("BIE", "BON", "BRI", "HAM")
    state.leagues = {"RED": "Evangelical League", "YELLOW": "Catholic League"}
    state.targets = ("Trier",)
    state.emperor = "YELLOW"
    state.influence = {"Trier": {"BLUE": 2, "GREEN": 1}, "Hesse": {"BLUE": 2}}
    return state


def religious_war(electors: list[dict], joins: dict[str, str], winner: str = "Evangelical League") -> dict:
    return {"turns": ROWS, "religious_war": {"declarer": "RED", "target": "Trier", "joins": joins, "winner": winner,
                                             "emperor_league": None, "electors": electors}}


def test_the_emperors_defeat_replaces_electors_of_his_religion_with_the_opposing_religion():
    """'Lost, then the Player(s) of the opposing League with the most Imperial Power may remove any
    number of Electors of the Emperor's religion who fought in the Defeated League from the
    Electorate, replacing them with Electors of his (their) choice of the opposing Religion': the
    Catholic Emperor's League lost, and Green, the strongest of the Evangelical League, is a
    Catholic. The religions are the Emperor's and the one opposing it, not Green's own: Catholic
    Hesse, which fought with its ally Blue in the Catholic League, goes, and Protestant Ulm comes
    in; a Catholic principality may not replace it."""
    joins = {"BLUE": "Catholic League", "GREEN": "Evangelical League"}
    step = steps.apply(VARIANT, board(), steps.TURNS, religious_war([{"removed": "Hesse", "added": "Ulm"}], joins),
                       1585)
    assert step.problems == [], step.problems
    after = step.state
    assert imperial_power(after, "GREEN", 1585) > imperial_power(after, "RED", 1585)  # Green decides
    assert set(after.electors) == {"Trier", "Ulm"}
    assert ("GREEN", "replaces the Elector Hesse with Ulm") in step.done
    catholic_ulm = board()
    catholic_ulm.protestant = ("HAM",)
    wrong = steps.apply(VARIANT, catholic_ulm, steps.TURNS,
                        religious_war([{"removed": "Hesse", "added": "Ulm"}], joins), 1585).problems
    assert [(f, found) for _, f, found, _ in wrong] == [("elector added", "Ulm")]
    assert "a protestant principality to replace it" in wrong[0][3]


def test_without_a_defender_of_the_faith_the_restorers_league_wins():
    """'If there is no DOTF, the ROTF's League wins; proceed to the Religious War Peace Treaty
    phase': nobody is in the Catholic League (Blue and Green join none and 'lose all DI with the
    Target Principality'; the Emperor stays out), so Red's Evangelical League wins whatever the GM
    typed, Trier is 'forcibly converted' and Red 'gains 2 Diplomatic Influence' there."""
    state = board()
    state.leagues = {"RED": "Evangelical League"}
    step = steps.apply(VARIANT, state, steps.TURNS, religious_war([], {}, winner=""), 1585)
    assert step.problems == [], step.problems
    assert ("", "no Defender of the Faith: the Evangelical League wins") in step.done
    assert "ALT" in step.state.protestant and step.state.influence["Trier"] == {"RED": 2}


def test_the_restorer_keeps_his_influence_on_the_target():
    """'When a Religious War is Declared, the Declarer becomes the Restorer of The Faith (ROTF) ...
    Do not remove any of his influence from the Target Principality'; 'The ROTF then gains 2
    Diplomatic Influence with the Target Principality': Red's 1 on Trier stays through the
    declaration and the Leagues' joining, and his League's victory makes it 3."""
    state = board()
    state.influence["Trier"]["RED"] = 1
    joins = {"BLUE": "Catholic League", "GREEN": "Evangelical League"}
    step = steps.apply(VARIANT, state, steps.TURNS, religious_war([], joins), 1585)
    assert step.problems == [], step.problems
    assert step.state.influence["Trier"] == {"GREEN": 1, "RED": 3}
