"""The Peace of Westphalia: Austria and Bavaria, kept back at the Setup, named for a principality
that grows past 5 provinces, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Place other Principalities' ("Save Austria and Bavaria
for if a Principality grows to more than 5 provinces"), 'Peace Treaties' ("If you lose to an
unaligned Principality, it conquers two (one if only one available) non-town provinces of your
choice"). The reading taken is in ``variants/westphalia/NOTES.md``, 'Uncertain readings'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps, wars
from gm_tools.systems.westphalia.foreign import become
from gm_tools.systems.westphalia.state import Holding, State
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
GROWS = "('Save Austria and Bavaria for if a Principality grows to more than 5 provinces')"


def board() -> State:
    """Ulm, an Elector of 5 provinces allied to Red, and Trier of 5, unaligned."""
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR", "GOT"), "GOR"), "GREEN": Holding(("BER", "DIL"), "DIL"),
                     "ORANGE": Holding(("FUR", "GER"), "FUR")}
    state.principalities = {"Ulm": Holding(("AMB", "ARN", "BIE", "BON", "BRI"), "BIE"),
                            "Trier": Holding(("ALT", "BAM", "BAU", "BAY", "CAL"), "ALT")}
    state.electors = ("Ulm",)
    state.influence = {"Ulm": {"RED": 3, "BLUE": 1}}
    state.targets = ("Ulm",)
    return state


def turn(state: State, war_list: list[dict], takings=()):
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    return steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": war_list, "treaties": [
        {"winner": w, "province": p} for w, p in takings]}, 1535)


def test_a_principality_of_six_provinces_becomes_austria_and_stays_itself():
    """"Save Austria and Bavaria for if a Principality grows to more than 5 provinces": Ulm, Red's
    ally, takes Green's BER as Red's ally ("your allies may each take 1 adjacent province") and has
    6: it becomes Austria once the step's conquests are made, with its provinces, capital, the
    Diplomatic Influence on it (Red still its ally) and its Electorate."""
    state = board()
    step = turn(state, [{"declarer": "RED", "target": "GREEN", "winner": "RED"}], [("Ulm", "BER")])
    assert step.problems == []
    assert "Ulm" not in step.state.principalities
    assert step.state.principalities["Austria"] == Holding(("AMB", "ARN", "BER", "BIE", "BON", "BRI"), "BIE")
    assert step.state.influence["Austria"] == {"RED": 3, "BLUE": 1} and "Ulm" not in step.state.influence
    assert step.state.electors == ("Austria",) and step.state.targets == ("Austria",)
    assert ("", f"Ulm grows to 6 provinces: it becomes Austria {GROWS}") in step.done
    assert step.done.index(("Ulm", "takes BER from GREEN")) < step.done.index(
        ("", f"Ulm grows to 6 provinces: it becomes Austria {GROWS}"))


def test_the_second_becomes_bavaria_and_a_third_keeps_its_name():
    """"Save Austria and Bavaria": two names for two principalities; once both are on the board a
    principality that grows keeps its own. An unaligned principality that beats a player "conquers
    two (one if only one available) non-town provinces of your choice" with no adjacency needed."""
    state = board()
    state.principalities["Austria"] = Holding(("COB",), "COB")
    step = turn(state, [{"declarer": "YELLOW", "target": "Trier", "winner": "Trier"}], [("Trier", "GOT")])
    assert step.problems == [] and "Bavaria" in step.state.principalities and "Trier" not in step.state.principalities
    assert ("", f"Trier grows to 6 provinces: it becomes Bavaria {GROWS}") in step.done
    state = board()
    state.principalities.update({"Austria": Holding(("COB",), "COB"), "Bavaria": Holding(("CEL",), "CEL")})
    step = turn(state, [{"declarer": "YELLOW", "target": "Trier", "winner": "Trier"}], [("Trier", "GOT")])
    assert step.problems == [] and len(step.state.principalities["Trier"].provinces) == 6
    assert not any("grows" in what for _, what in step.done)


def test_five_provinces_is_no_growth_and_new_principalities_skip_the_two_names():
    """"more than 5 provinces": Ulm at 5 keeps its name. The names of new principalities (a former
    player's capital vassalized, a player's lands when he becomes a Foreign Power: "these form one
    new Principality") pass over Austria and Bavaria, saved for the principalities that grow."""
    state = board()
    step = turn(state, [])
    assert step.problems == [] and "Ulm" in step.state.principalities
    state = board()
    names = VARIANT.tables["principalities"]["names"]
    for i, name in enumerate(n for n in names if n not in ("Austria", "Bavaria", "Ulm", "Trier")):
        state.principalities[name] = Holding((f"X{i}",), f"X{i}")
    assert wars.new_name(VARIANT, state) is None
    become(VARIANT, state, "BLUE", "France", "west")
    assert not {"Austria", "Bavaria"} & set(state.principalities)
    assert state.principalities["BLUE lands"] == Holding(("DUI", "DUR"), "DUR")
