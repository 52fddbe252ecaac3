"""The Peace of Westphalia: a Foreign Power's own provinces in the Empire, taken in a Peace
Treaty as a player takes them, each test citing the rulebook.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Foreign Powers' ("Every Round each Foreign Power rolls
2D6 ... Your provinces inside the HRE still provide Imperial Power"; "Your Foreign Power Home
Province cannot be conquered. This province starts with a city and is your capital"), 'How to
Play' (Imperial Power), 'Peace Treaties', 'How to Win'. The Home Province is off the board, so
the provinces a Foreign Power holds in the Empire have no capital there.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import openpyxl

from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.engine.model import Position
from gm_tools.engine.rules import rules_for, variant_for_game
from gm_tools.publish.style import mix, valid_colour
from gm_tools.systems.westphalia import steps, wars
from gm_tools.systems.westphalia.figures import imperial_power
from gm_tools.systems.westphalia.report import sections
from gm_tools.systems.westphalia.rounds import earn_gold
from gm_tools.systems.westphalia.sheets import BOARD, CHANGES, PRINCES, TREATIES, WARS
from gm_tools.systems.westphalia.state import Holding, State, state_of, with_state
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR, Die, check_die, spread
from gm_tools.systems.westphalia.victory import religious, westphalia_power

from westphalia_mails import ROUND_FIVE, ROUND_FIVE_CELLS
from demos import copy_with_cells, played_until_fixture

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")
HOME = {"home": "Spain", "edge": "east", "troubles": 0, "per_round": 4}


def board() -> State:
    """Orange is a Foreign Power with nothing in the Empire yet."""
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GER", "GOR"), "GOR"), "GREEN": Holding(("BER", "DIL"), "DIL")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Ulm": Holding(("BIE", "BON", "BRI"), "BIE")}
    state.electors = ("Trier",)
    state.foreign = {"ORANGE": dict(HOME)}
    return state


def turn(state: State, war_list: list[dict], takings=(), year: int = 1535, actions=(DIPLOMACY, WAR), paid=()):
    """The Player Turns step with the wars, the treaties' takings (winner, province) and the
    Influence Changes paying for them (player, principality, change)."""
    rows = [{"player": p, "actions": list(actions), "convert": False, "influence": 0} for p in ORDER]
    return steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": war_list, "treaties": [
        {"winner": w, "province": p} for w, p in takings], "changes": [
        {"player": w, "principality": p, "change": n, "reason": "the treaty's cost"} for w, p, n in paid]}, year)


def test_a_foreign_power_takes_provinces_and_they_give_imperial_power():
    """'Foreign Powers': "Your provinces inside the HRE still provide Imperial Power"; 'Peace
    Treaties': "Conquer 1 province with a town, or up to 2 provinces without one"; 'How to Play':
    "A Player has 1 Imperial Power for each of his orthodox provinces". Orange, a Catholic Foreign
    Power (4 x round 2 from Spain), beats Yellow and takes GER; a Protestant province he takes
    later gives nothing."""
    state = board()
    assert imperial_power(state, "ORANGE", 1535) == 8
    step = turn(state, [{"declarer": "ORANGE", "target": "YELLOW", "winner": "ORANGE"}], [("ORANGE", "GER")])
    assert step.problems == []
    assert step.state.princes["ORANGE"] == Holding(("GER",), "")  # its capital is the Home Province
    assert ("ORANGE", "takes GER from YELLOW") in step.done
    assert imperial_power(step.state, "ORANGE", 1535) == 8 + 1
    step.state.protestant = ("BER",)
    again = turn(step.state, [{"declarer": "ORANGE", "target": "GREEN", "winner": "ORANGE"}], [("ORANGE", "BER")])
    assert again.problems == [] and again.state.princes["ORANGE"].provinces == ("BER", "GER")
    assert imperial_power(again.state, "ORANGE", 1535) == 8 + 1  # BER is heretical: not orthodox


def test_a_foreign_power_conquers_a_town_and_earns_its_gold():
    """'Peace Treaties': "Only Players may conquer towns ... Capitals may only be taken if they are
    that Power's last province": a Foreign Power is a player; 'Earn Gold': "Players earn 2 Gold for
    each town they own that is on an orthodox ... province". The Home Province's city is no town
    (NOTES.md, 'A Foreign Power's city'): Orange earns nothing until he holds Yellow's capital."""
    state = board()
    state.princes["YELLOW"] = Holding(("GOR",), "GOR")
    assert state.towns_of("ORANGE") == []
    step = turn(state, [{"declarer": "ORANGE", "target": "YELLOW", "winner": "ORANGE"}], [("ORANGE", "GOR")])
    assert step.problems == [] and ("ORANGE", "takes GOR from YELLOW with its town") in step.done
    assert step.state.towns_of("ORANGE") == ["GOR"] and "YELLOW" not in step.state.princes
    earn_gold(VARIANT, step.state)
    assert step.state.gold["ORANGE"] == 2


def test_the_peace_of_westphalia_victory_subtracts_only_the_home_province():
    """'How to Win': "Subtract all Imperial Power contributed by Foreign Power Home Provinces.
    Then each player adds 3 Imperial Power for each orthodox town they own." Orange keeps the 1
    of each orthodox province he holds in the Empire and 3 for the town he conquered; the Home
    Province's 4 x 6 - 3 goes."""
    state = board()
    state.foreign["ORANGE"]["troubles"] = 3
    state.princes["ORANGE"] = Holding(("GER", "GOR"), "")
    del state.princes["YELLOW"]
    state.towns = {"GOR": "ORANGE"}
    assert imperial_power(state, "ORANGE", 1635) == 4 * 6 - 3 + 2
    assert westphalia_power(VARIANT, state, "ORANGE", 1635) == 2 + 3


def test_a_foreign_powers_provinces_count_for_the_religious_victories():
    """'How to Win', 'Protestant Victory': "There are more Protestant provinces than Catholic
    ones": Orange's provinces in the Empire are provinces of the board like any player's. With his
    two Catholic provinces the count is 7 to 7, no victory; one of them converted makes it 8 to 6."""
    state = board()
    del state.princes["YELLOW"]
    state.princes["ORANGE"] = Holding(("GER", "GOR"), "")
    state.religion = {"RED": "protestant", "BLUE": "protestant"}
    state.protestant = ("ALT", "DUI", "DUR", "EIC", "EIS", "HAE", "HAM")
    state.emperor, state.saints, state.reformation = "BLUE", {}, {"BLUE": 3}
    assert religious(VARIANT, state, 1610, True) is None
    state.protestant += ("GER",)
    verdict = religious(VARIANT, state, 1610, True)
    assert verdict is not None and "more Protestant provinces (8 to 6)" in verdict.reason


def test_a_foreign_powers_provinces_are_converted_as_a_players():
    """'Spread the Faith': a player's dice go "In a neighboring Player-controlled province" and on
    "a heretical province ... that you control"; 'Foreign Powers': "Faith dice may not be placed on
    your Home Province to convert it" (only there). Green, a Protestant neighbour of GER, converts
    Orange's GER; Orange, Catholic, converts it back with his own dice."""
    state = board()
    del state.princes["YELLOW"]
    state.princes["ORANGE"] = Holding(("GER",), "")
    state.religion = {"GREEN": "protestant"}
    assert check_die(VARIANT, state, Die("GREEN", "GER", 1)) is None
    spread(state, [Die("GREEN", "GER", 1)])
    assert "GER" in state.protestant
    assert check_die(VARIANT, state, Die("ORANGE", "GER", 1)) is None
    spread(state, [Die("ORANGE", "GER", 1)])
    assert "GER" not in state.protestant
    assert "a province of the board" in check_die(VARIANT, state, Die("GREEN", "Spain", 1))


def test_a_foreign_powers_provinces_are_lost_and_he_fights_on():
    """'Peace Treaties': "If you lose to a Player, they may do to you what you would have been able
    to do to them"; "You may choose to immediately vassalize a Principality (or former
    Player-owned capital)"; 'Foreign Powers': "Your Foreign Power Home Province cannot be
    conquered"; 'Battles & Peace Treaties': "If a Player or Principality is eliminated before a
    battle, that battle does not occur." Red beats Orange in the First Battle Phase and takes GER,
    Orange's only province in the Empire (it is no capital, so it is not vassalized); Orange is not
    eliminated by it, and beats Green in the Second."""
    state = board()
    del state.princes["YELLOW"]
    state.princes["ORANGE"] = Holding(("GER",), "")
    state.influence = {"Ulm": {"RED": 5}}  # Red 4 + Ulm 5 against Orange 8 + 1: no automatic win
    assert "a principality or a player's capital to vassalize" in wars.check(
        state, wars.Taking("RED", "GER", vassalize=True), {})
    step = turn(state, [{"declarer": "RED", "target": "ORANGE", "winner": "RED"},
                        {"declarer": "GREEN", "target": "ORANGE"}], [("RED", "GER"), ("ORANGE", "BER")],
                paid=[("RED", "Ulm", -1)])  # GER, far from Red, costs him 1 ('Peace Treaties')
    assert step.problems == []
    assert "GER" in step.state.princes["RED"].provinces and step.state.princes["ORANGE"].provinces == ("BER",)
    assert ("RED", "takes GER from ORANGE") in step.done
    assert ("GREEN", "war with ORANGE (Battle Phase 2): ORANGE wins automatically") in step.done
    assert ("ORANGE", "takes BER from GREEN") in step.done


def test_war_is_declared_on_a_foreign_power_with_nothing_in_the_empire():
    """'Setting the Warfare Stage': "Declare War on either an eligible Player or an unaligned
    Principality" (what makes a Player eligible is never said; a Foreign Power is a Player, and
    'Declare a Religious War' counts in "Foreign Powers, even if they have no provinces or allies
    in the Empire"); 'Peace Treaties': "Conquer ... up to 2 provinces without one from the
    unaligned Principality or the Player and his allies"; 'Foreign Powers': "Your Foreign Power
    Home Province cannot be conquered". Red declares war on Orange, a Foreign Power with nothing
    in the Empire but Ulm for its ally (Red 4 + Trier 3 against Orange 8 + Ulm 5: no automatic
    win), wins and takes BON from Ulm; Orange is not eliminated."""
    state = board()
    state.influence = {"Ulm": {"ORANGE": 3}, "Trier": {"RED": 2}}
    step = turn(state, [{"declarer": "RED", "target": "ORANGE", "winner": "RED"}], [("RED", "BON")],
                paid=[("RED", "Trier", -1)])  # BON, far from Red, costs him 1 ('Peace Treaties')
    assert step.problems == []
    assert ("RED", "war with ORANGE (Battle Phase 1): RED wins") in step.done
    assert ("RED", "takes BON from Ulm") in step.done
    assert "ORANGE" in step.state.foreign and "ORANGE" not in step.state.eliminated
    assert step.state.principalities["Ulm"].provinces == ("BIE", "BRI")


def test_a_foreign_power_with_nothing_in_the_empire_beats_the_declarer_and_takes_from_him():
    """'Peace Treaties': "If you lose to a Player, they may do to you what you would have been able
    to do to them"; 'Battles': "If a Player's Army Size + Reserves is twice as large as an
    opponent's, he wins the battle automatically". Yellow (2) declares war on Orange, a Foreign
    Power with nothing in the Empire (8 from Spain in round 2), loses automatically, and Orange
    takes GER from him."""
    step = turn(board(), [{"declarer": "YELLOW", "target": "ORANGE"}], [("ORANGE", "GER")])
    assert step.problems == []
    assert ("YELLOW", "war with ORANGE (Battle Phase 1): ORANGE wins automatically") in step.done
    assert step.state.princes["ORANGE"] == Holding(("GER",), "") and ("ORANGE", "takes GER from YELLOW") in step.done


def test_war_on_no_player_names_what_war_may_be_declared_on():
    """'Setting the Warfare Stage': "Declare War on either an eligible Player or an unaligned
    Principality": a name that is neither is refused with both."""
    step = turn(board(), [{"declarer": "RED", "target": "Narnia"}])
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(0, "war", "RED > Narnia")]
    assert step.problems[0][3] == "a player with provinces in the Empire, a Foreign Power or an unaligned principality"


def test_a_player_who_lost_all_this_round_takes_nothing_yet():
    """'Foreign Powers': "A Player who loses all of his provinces during the Round immediately
    becomes a Foreign Power ... Then complete steps 2-5 of Becoming a Foreign Power, but wait until
    the next Round before doing anything else." Yellow, with no province and no Home Province yet,
    is refused a taking (as in the League that wins the Religious War)."""
    state = board()
    del state.princes["YELLOW"]
    wrong = wars.check(state, wars.Taking("YELLOW", "BER"), {})
    assert wrong.startswith("a winner with provinces in the Empire, or a Foreign Power: YELLOW has lost all its "
                            "provinces")
    assert wars.check(state, wars.Taking("ORANGE", "BER"), {}) is None


def test_the_map_and_the_legend_show_a_foreign_powers_provinces():
    """The board shows who holds each hex ('Principality Control Markers, Foreign Power
    Provinces'): Orange's GER is in Orange's colour, with no town, and the legend counts it beside
    his Home Province."""
    state = board()
    state.princes["ORANGE"] = Holding(("GER",), "")
    del state.princes["YELLOW"]
    position = with_state(Position(phase="R1535T"), state)
    rules = rules_for(VARIANT)
    style = rules.province_style(VARIANT, position, "GER")
    assert style.fill == mix(valid_colour(VARIANT.powers["ORANGE"].colour), 0.35) and style.marker is None
    texts = rules.legend(VARIANT, position)
    assert texts["ORANGE"].startswith(f"{VARIANT.powers['ORANGE'].name}: Foreign Power (Spain), 1 provinces, 9 "
                                      "Imperial Power")


GAME = "westphalia-demo"
STOP = "R1610T"  # round 5's Player Turns (westphalia_mails.ROUND_FIVE): Blue, a Foreign Power since 1560, alone Waging War


round_five = played_until_fixture("westphalia", STOP)


def played_round_five(round_five: Path, tmp_path: Path, cells: dict) -> Path:
    """Round 5's Player Turns with the demo's actions and ``cells``, processed by `turn`."""
    root = copy_with_cells(round_five, tmp_path / "games", GAME, {**ROUND_FIVE_CELLS, **cells})
    run_turn(GAME, root=root, site_dir=None)
    return root


def test_the_workbook_takes_a_war_on_a_foreign_power_with_nothing_in_the_empire(round_five, tmp_path):
    """'Setting the Warfare Stage': "Declare War on either an eligible Player or an unaligned
    Principality"; 'Battles': "If a Player's Army Size + Reserves is twice as large as an
    opponent's, he wins the battle automatically"; 'Peace Treaties': "If you lose to a Player,
    they may do to you what you would have been able to do to them". In the demo's round 5 Orange
    (7 Imperial Power), Waging War instead of Combatting Heresy, declares war on Blue, a Foreign
    Power with no province in the Empire (15): the Wars sheet's row is taken, Blue wins
    automatically and the GM types Blue's taking of Orange's FRS."""
    root = tmp_path / "games"
    shutil.copytree(round_five, root)
    workbook = root / f"{GAME}.xlsx"
    rows = [("ORANGE", "no", "yes", "yes", "no") if r[0] == "ORANGE" else r for r in ROUND_FIVE]
    typed = {f"Player Turns!{col}{r}": v for r, row in enumerate(rows, start=2) for col, v in zip("ABCDE", row)}
    assert "BLUE" not in state_of(load_state(GAME, root).position).princes
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        **typed, f"{WARS}!A2": "ORANGE", f"{WARS}!B2": "BLUE", f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS"}))
    run_turn(GAME, root=root, site_dir=None)
    game = load_state(GAME, root)
    said = [(r["power"], r["order"]) for r in game.history[-1]["results"]]
    assert ("ORANGE", "war with BLUE (Battle Phase 1): BLUE wins automatically") in said
    assert ("BLUE", "takes FRS from ORANGE") in said
    assert state_of(game.position).princes["BLUE"] == Holding(("FRS",), "")


def test_the_workbook_takes_and_shows_a_foreign_powers_provinces(round_five, tmp_path):
    """'Foreign Powers': "Your provinces inside the HRE still provide Imperial Power". In the demo's
    round 5 Blue, a Protestant Foreign Power (Netherlands, 4 x 5 - 5 = 15 Imperial Power), declares
    war on Orange (7) and wins it automatically ("If a Player's Army Size + Reserves is twice as
    large as an opponent's, he wins the battle automatically"); the GM types Blue's takings on the
    Peace Treaties sheet. Blue holds FRS and DES; the Princes sheet lists them with no capital in the
    Empire and 16 Imperial Power (FRS Protestant, DES Catholic), the Provinces sheet names Blue, and
    the step's page lists them in his row of Princes. DES, off his west edge, costs him 1 of his
    saved Diplomatic Influence on the Influence Changes sheet ('Peace Treaties': "For every province
    you take without a town that wasn't adjacent at the start of your turn you lose 1")."""
    root = played_round_five(round_five, tmp_path, {
        f"{WARS}!A2": "BLUE", f"{WARS}!B2": "ORANGE",
        f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS", f"{TREATIES}!A3": "BLUE", f"{TREATIES}!B3": "DES",
        f"{CHANGES}!A2": "BLUE", f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1,
        f"{CHANGES}!D2": "DES was not adjacent"})
    game = load_state(GAME, root)
    state = state_of(game.position)
    assert state.princes["BLUE"] == Holding(("DES", "FRS"), "") and state.foreign["BLUE"]["home"] == "Netherlands"
    book = openpyxl.load_workbook(io.BytesIO((root / f"{GAME}.xlsx").read_bytes()))
    princes = {r[0]: r for r in book[PRINCES].iter_rows(min_row=2, values_only=True)}
    assert princes["BLUE"][3:6] == ("DES, FRS", None, 16)
    assert princes["BLUE"][-1] == "Netherlands (west edge)"
    held = {r[0]: r[2] for r in book[BOARD].iter_rows(min_row=2, values_only=True)}
    assert held["DES"] == held["FRS"] == "BLUE"
    page = dict(sections(VARIANT, game.history[-1]))["Princes"]
    row = next(line for line in page.splitlines() if VARIANT.powers["BLUE"].name in line)
    assert "| 2: DES (Dessau), FRS (Freising) | 16 |" in row and "capital" not in row and "Foreign Power (Netherlands, west edge)" in row
