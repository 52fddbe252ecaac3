"""The Peace of Westphalia's Peace Treaties as the GM enters them (issue 16 item 3), each test
citing the rulebook; the battles are fought at the table.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Peace Treaties', 'Foreign Powers'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.systems.westphalia import steps, wars
from gm_tools.systems.westphalia.state import Holding, State
from gm_tools.systems.westphalia.turns import DIPLOMACY, WAR

VARIANT = variant_for_game(load_variant("westphalia"), 5)
ORDER = ("RED", "BLUE", "YELLOW", "GREEN", "ORANGE")


def board() -> State:
    state = State(setup_order=ORDER, initiative=ORDER)
    state.princes = {"RED": Holding(("EIC", "EIS", "HAE", "HAM"), "HAM"), "BLUE": Holding(("DUI", "DUR"), "DUR"),
                     "YELLOW": Holding(("GOR",), "GOR"), "GREEN": Holding(("BER", "DIL"), "DIL"),
                     "ORANGE": Holding(("FUR",), "FUR")}
    state.principalities = {"Trier": Holding(("ALT",), "ALT"), "Hesse": Holding(("ESL", "ESS"), "ESS"),
                            "Ulm": Holding(("BIE", "BON", "BRI"), "BIE")}
    state.electors = ("Trier",)
    state.influence = {"Hesse": {"BLUE": 2, "GREEN": 1}, "Trier": {"BLUE": 1}}
    return state


def take(state, *takings):
    taken: dict = {}
    out = []
    for t in takings:
        wrong = wars.check(state, t, taken)
        out.append(wrong)
        if wrong is None:
            taken.setdefault((t.winner, state.owner()[t.province]), []).append(t.province)
            wars.apply(VARIANT, state, t)
    return out


def test_one_town_or_two_provinces_without():
    """'Conquer 1 province with a town, or up to 2 provinces without one from the unaligned
    Principality or the Player and his allies.'"""
    state = board()
    assert take(state, wars.Taking("RED", "BON"), wars.Taking("RED", "BRI")) == [None, None]  # two without
    assert "up to 2" in wars.check(state, wars.Taking("RED", "BIE"), {("RED", "Ulm"): ["BON", "BRI"]})
    state = board()
    assert take(state, wars.Taking("RED", "ESL")) == [None]
    # Hesse's capital is now its last province: a town, which ends what Red may take from Hesse
    assert "up to 2" in wars.check(state, wars.Taking("RED", "ESS"), {("RED", "Hesse"): ["ESL"]})
    assert wars.check(state, wars.Taking("RED", "ESS"), {}) is None  # in another war, the town alone


def test_towns_capitals_and_electors():
    """'Only Players may conquer towns'; 'Capitals may only be taken if they are that Power's last
    province'; 'Electors may not be conquered and must be vassalized instead'."""
    state = board()
    assert "Only Players may conquer towns" in wars.check(state, wars.Taking("Ulm", "ESS"), {})
    assert "last province" in wars.check(state, wars.Taking("RED", "ESS"), {})
    assert "Elector" in wars.check(state, wars.Taking("RED", "ALT"), {})
    assert wars.check(state, wars.Taking("RED", "ALT", vassalize=True), {}) is None
    assert "last province" in wars.check(state, wars.Taking("RED", "DUR"), {})  # Blue's capital, Blue holds DUI


def test_conquest_removes_the_principalitys_influence_and_a_principality_converts_what_it_takes():
    """'remove all Diplomatic Influence from conquered Principalities'; 'If a Principality
    conquers a province of a different religion, that province is forcibly converted to the
    Principality's religion'."""
    state = board()
    take(state, wars.Taking("RED", "ESL"))
    assert state.principalities["Hesse"].provinces == ("ESS",) and "Hesse" not in state.influence
    assert "ESL" in state.princes["RED"].provinces
    state.protestant = ("BIE", "BON", "BRI")  # Ulm is Protestant
    take(state, wars.Taking("Ulm", "EIC"))
    assert "EIC" in state.protestant and "EIC" in state.principalities["Ulm"].provinces


def test_vassalization():
    """'You may choose to immediately vassalize a Principality (or former Player-owned capital)
    instead of taking it ... remove all Diplomatic Influence from other Players from the
    Principality and place 2 Diplomatic Influence on the Principality; you are now its ally.'"""
    state = board()
    take(state, wars.Taking("RED", "ALT", vassalize=True))
    assert state.influence["Trier"] == {"RED": 2} and state.principalities["Trier"].provinces == ("ALT",)
    take(state, wars.Taking("RED", "GOR", vassalize=True))  # Yellow's capital, its last province
    new = [n for n, h in state.principalities.items() if h.provinces == ("GOR",)]
    assert new and state.influence[new[0]] == {"RED": 2} and "YELLOW" not in state.princes


def test_vassalizing_keeps_the_winners_own_influence():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "You lose no Diplomatic Influence for
    vassalizing; instead, remove all Diplomatic Influence from other Players from the Principality
    and place 2 Diplomatic Influence on the Principality": only the others' influence goes, so
    Red's 5 on Hesse become 7."""
    state = board()
    state.influence["Hesse"] = {"RED": 5, "BLUE": 2}
    assert take(state, wars.Taking("RED", "ESL", vassalize=True)) == [None]
    assert state.influence["Hesse"] == {"RED": 7}


def test_a_players_capital_is_vassalized_only_as_his_last_province():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "Capitals may only be taken if they are that
    Power's last province"; "You may choose to immediately vassalize a Principality (or former
    Player-owned capital) instead of taking it": Blue's capital DUR may not be vassalized while
    Blue holds DUI, so Blue never keeps a capital he does not own (nor earns Gold for it)."""
    state = board()
    assert "last province" in wars.check(state, wars.Taking("RED", "DUR", vassalize=True), {})
    assert take(state, wars.Taking("RED", "DUI")) == [None]
    assert take(state, wars.Taking("GREEN", "DUR", vassalize=True)) == [None]  # another war: his last province
    assert "BLUE" not in state.princes and state.influence[state.owner()["DUR"]] == {"GREEN": 2}
    state = board()  # a principality's capital is vassalized with the whole principality
    assert wars.check(state, wars.Taking("RED", "ESS", vassalize=True), {}) is None


def test_a_player_who_loses_everything_becomes_a_foreign_power():
    """'A Player who loses all of his provinces during the Round immediately becomes a Foreign
    Power': the town taken goes to the winner, and the Foreign Powers step insists on an entry."""
    state = board()
    take(state, wars.Taking("RED", "GOR"))
    assert wars.homeless(state) == ["YELLOW"] and state.towns == {"GOR": "RED"}
    assert state.towns_of("RED") == ["HAM", "GOR"]
    problems = steps.apply(VARIANT, state, steps.FOREIGN, {"foreign": []}, 1510).problems
    assert problems and "Foreign Power entry for YELLOW" in problems[0][3]
    done = steps.apply(VARIANT, state, steps.FOREIGN, {"foreign": [{"player": "YELLOW", "home": "Spain",
                                                                     "edge": "east"}]}, 1510)
    assert done.problems == [] and done.state.foreign["YELLOW"]["home"] == "Spain"



def test_losing_to_a_principality_with_nothing_it_could_take_eliminates():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "If you lose to an unaligned Principality, it
    conquers two (one if only one available) non-town provinces of your choice from you and/or
    your allies ... If there are no eligible provinces for you to lose, then you are eliminated
    and become a Foreign Power if not already." Orange holds only his capital, a town."""
    state = board()
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [
        {"declarer": "ORANGE", "target": "Ulm", "winner": "Ulm"}]}, 1535)
    assert step.problems == [] and step.state.eliminated == ("ORANGE",)
    assert ("ORANGE", "loses to Ulm with no province it could take: eliminated, he becomes a Foreign Power at the "
                      "Foreign Powers step") in step.done
    problems = steps.apply(VARIANT, step.state, steps.FOREIGN, {"foreign": []}, 1535).problems
    assert problems and "a Foreign Power entry for ORANGE ('If there are no eligible provinces" in problems[0][3]
    done = steps.apply(VARIANT, step.state, steps.FOREIGN, {"foreign": [
        {"player": "ORANGE", "home": "Spain", "edge": "east"}]}, 1535)
    assert done.problems == [] and "ORANGE" in done.state.foreign and "ORANGE" not in done.state.princes
    assert done.state.eliminated == () and "FUR" not in done.state.princes.get("ORANGE", Holding((), "")).provinces
    # with a province Ulm could take, Green is not eliminated (the GM enters what Ulm takes)
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [
        {"declarer": "GREEN", "target": "Ulm", "winner": "Ulm"}], "treaties": [{"winner": "Ulm", "province": "BER"}]},
                       1535)
    assert step.problems == [] and step.state.eliminated == ()


def test_an_unaligned_principality_that_wins_conquers_two_or_the_one_there_is():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "If you lose to an unaligned Principality, it
    conquers two (one if only one available) non-town provinces of your choice from you and/or
    your allies": not up to two, as a winning player takes, but two, which the loser chooses and
    the GM types. Red, beaten by Ulm, has EIC, EIS and HAE besides his capital: one taken is
    refused at the war's Winner cell, two are taken; Green has BER alone besides his capital, and
    loses it."""
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]

    def lost(declarer: str, *provinces: str):
        return steps.apply(VARIANT, board(), steps.TURNS, {"turns": rows, "wars": [
            {"declarer": declarer, "target": "Ulm", "winner": "Ulm"}], "treaties": [
            {"winner": "Ulm", "province": p} for p in provinces]}, 1535)

    step = lost("RED", "EIS")
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(0, "winner", "1 province(s) taken by Ulm: EIS")]
    assert step.problems[0][3] == ("2 taken by Ulm on the Peace Treaties sheet, RED's choice among EIC, EIS, HAE: 'If "
                                   "you lose to an unaligned Principality, it conquers two (one if only one "
                                   "available) non-town provinces of your choice from you and/or your allies'")
    assert lost("RED").problems[0][2] == "0 province(s) taken by Ulm"
    step = lost("RED", "EIS", "HAE")
    assert step.problems == [] and step.state.princes["RED"].provinces == ("EIC", "HAM")
    assert lost("GREEN").problems[0][3].startswith("1 taken by Ulm on the Peace Treaties sheet, GREEN's choice "
                                                   "among BER:")
    assert lost("GREEN", "BER").problems == []


def test_treaties_and_influence_changes_through_the_player_turns():
    """The Peace Treaties and the GM's Influence Changes (the Diplomatic Influence a treaty costs:
    'For every town you take you lose 2 Diplomatic Influence') are entered with the turn."""
    state = board()
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    state.saved_di = {"RED": 3}
    war = [{"declarer": "RED", "target": "Ulm", "winner": "RED"}]
    step = steps.apply(VARIANT, state, steps.TURNS, {
        "turns": rows, "wars": war, "treaties": [{"winner": "RED", "province": "BON", "vassalize": False}],
        "changes": [{"player": "RED", "principality": "saved", "change": -1, "reason": "BON was not adjacent"}]}, 1510)
    assert step.problems == [] and step.state.saved_di["RED"] == 2 and "BON" in step.state.princes["RED"].provinces
    # a taking needs a war won: Red fought Ulm, not Hesse
    wrong = steps.apply(VARIANT, state, steps.TURNS, {
        "turns": rows, "wars": war, "treaties": [{"winner": "RED", "province": "ESL"}]}, 1510).problems
    assert wrong[0][1] == "treaty" and "war's loser" in wrong[0][3]
    bad = steps.apply(VARIANT, state, steps.TURNS, {
        "turns": rows, "changes": [{"player": "RED", "principality": "saved", "change": -5}]}, 1510)
    assert bad.problems[0][1] == "change" and "at most 3" in bad.problems[0][3]



def treaty(state, war, *takings, paid=()):
    """The Player Turns step with one war won, the treaty's takings (winner, province) and the
    Influence Changes paying for them (player, principality, change)."""
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    return steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [war], "treaties": [
        {"winner": w, "province": p} for w, p in takings], "changes": [
        {"player": w, "principality": p, "change": n, "reason": "the treaty's cost"} for w, p, n in paid]}, 1535)


def test_the_treaty_limit_covers_the_player_and_his_allies():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "Conquer 1 province with a town, or up to 2
    provinces without one from the unaligned Principality or the Player and his allies": Red, who
    beat Blue, takes two provinces from Blue and his allies Ulm and Hesse together, not two from
    each."""
    state = board()
    state.influence = {"Ulm": {"BLUE": 5}, "Hesse": {"BLUE": 2}, "Trier": {"RED": 1}}
    war = {"declarer": "RED", "target": "BLUE", "winner": "RED"}
    # Red's 1 Diplomatic Influence on Trier is all he has to pay for a far province with
    paid = [("RED", "Trier", -1)]
    step = treaty(state, war, ("RED", "DUI"), ("RED", "BON"), ("RED", "ESL"), paid=paid)
    assert [(i, found) for i, _, found, _ in step.problems] == [(2, "RED: ESL")]
    assert "up to 2 without, from BLUE and its allies" in step.problems[0][3]
    assert treaty(state, war, ("RED", "DUI"), ("RED", "ESL"), paid=paid).problems == []


def test_the_winners_allies_each_take_one_adjacent_province():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "Additionally, your allies may each take 1
    adjacent province from the unaligned Principality or the Player and his allies." Ulm, Red's
    ally, borders Green's BER but not GER."""
    state = board()
    state.princes["GREEN"] = Holding(("BER", "DIL", "GER", "GIE"), "GIE")
    state.influence["Ulm"] = {"RED": 5}
    war = {"declarer": "RED", "target": "GREEN", "winner": "RED"}
    step = treaty(state, war, ("Ulm", "BER"), ("Ulm", "DIL"))
    assert [(i, found) for i, _, found, _ in step.problems] == [(1, "Ulm: DIL")]
    assert "took BER ('your allies may each take 1 adjacent province')" in step.problems[0][3]
    step = treaty(state, war, ("Ulm", "GER"), paid=[("RED", "Ulm", -2)])  # Ulm took nothing: 2 lost on it
    assert [(i, found) for i, _, found, _ in step.problems] == [(0, "Ulm: GER")]
    assert step.problems[0][3].startswith("a province adjacent to Ulm")
    step = treaty(state, war, ("Ulm", "BER"), ("RED", "DIL"), ("RED", "GER"),  # Red's own two besides
                  paid=[("RED", "Ulm", -2)])
    assert step.problems == [] and "BER" in step.state.principalities["Ulm"].provinces


def test_battles_and_treaties_phase_by_phase():
    """003_b5b9eb4920d39694.txt, 'Battles & Peace Treaties': "Complete all battles in the First
    Battle Phase, then sign Peace Treaties ... Then complete all battles in the Second Battle
    Phase followed by Peace Treaties ... If a Player or Principality is eliminated before a
    battle, that battle does not occur." Blue, down to one province after Red's treaty, meets
    Green in Phase 2 with half Green's strength; Yellow, who lost his last province to Orange in
    Phase 1, fights no battle with Red in Phase 2."""
    state = board()
    state.influence = {}  # no allies: Red 4, Blue 2, Green 2, Yellow and Orange 1 Imperial Power
    wars_ = [{"declarer": "RED", "target": "BLUE", "winner": "RED"},
             {"declarer": "ORANGE", "target": "YELLOW", "winner": "ORANGE"},
             {"declarer": "GREEN", "target": "BLUE", "winner": ""},
             {"declarer": "RED", "target": "YELLOW", "winner": ""}]
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    inputs = {"turns": rows, "wars": wars_, "treaties": [{"winner": "RED", "province": "DUI"},
                                                         {"winner": "ORANGE", "province": "GOR"}]}
    step = steps.apply(VARIANT, state, steps.TURNS, inputs, 1535)
    assert step.problems == []
    assert ("GREEN", "war with BLUE (Battle Phase 2): GREEN wins automatically") in step.done
    assert ("RED", "war with YELLOW (Battle Phase 2): no battle, YELLOW was eliminated before the battle ('If a "
                   "Player or Principality is eliminated before a battle, that battle does not occur')") in step.done
    texts = [t for _, t in step.done]
    assert texts.index("takes GOR from YELLOW with its town") < texts.index(
        "war with BLUE (Battle Phase 2): GREEN wins automatically")
    wars_[3]["winner"] = "RED"  # a winner for a battle that did not occur
    step = steps.apply(VARIANT, state, steps.TURNS, inputs, 1535)
    assert [(i, f, found) for i, f, found, _ in step.problems] == [(3, "winner", "RED")]
    assert step.problems[0][3].startswith("nothing: YELLOW was eliminated before the battle")


def test_the_religious_war_is_waged_after_the_battle_phases_with_its_own_treaty():
    """003_b5b9eb4920d39694.txt, 'Setting the Warfare Stage': "The Religious War, if any, will be
    waged in the next phase"; 'Religious War Peace Treaty': "members of the Victorious League ...
    may conquer provinces from the Defeated League ... the rules for Peace Treaties in Religious
    Wars are exactly the same as those during Player Turns": Red, who beat Blue in a war and in
    the Religious War, signs two treaties, each of up to 2 provinces without a town (NOTES.md);
    and "if the Target Principality no longer exists, proceed to Tradeoffs"."""
    state = board()
    state.religion, state.leagues, state.targets, state.emperor = (
        {"RED": "protestant"}, {"RED": "Evangelical League"}, ("Hesse",), "YELLOW")
    state.princes["BLUE"] = Holding(("DUI", "DUR", "GRA", "HAL"), "DUR")
    state.influence = {"Hesse": {"BLUE": 2}, "Trier": {"RED": 1}}
    state.protestant = ("EIC", "EIS", "HAE", "HAM")
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    religious = {"declarer": "RED", "target": "Hesse", "joins": {"BLUE": "Catholic League"},
                 "winner": "Evangelical League", "emperor_league": None, "electors": []}
    # DUI and GRA, far from Red, cost 1 each ('For every province you take without a town that
    # wasn't adjacent at the start of your turn you lose 1'), HAL nothing (NOTES.md): Red holds 1
    inputs = {"turns": rows, "wars": [{"declarer": "RED", "target": "BLUE", "winner": "RED"}],
              "religious_war": religious, "treaties": [{"winner": "RED", "province": p} for p in ("DUI", "GRA", "HAL")],
              "changes": [{"player": "RED", "principality": "Trier", "change": -1, "reason": "the treaty's cost"}]}
    step = steps.apply(VARIANT, state, steps.TURNS, inputs, 1585)
    assert step.problems == [] and {"DUI", "GRA", "HAL"} <= set(step.state.princes["RED"].provinces)
    texts = [t for _, t in step.done]
    assert texts.index("takes GRA from BLUE") < texts.index("declares a Religious War on Hesse: the Restorer of "
                                                            "the Faith") < texts.index("takes HAL from BLUE")
    state.influence = {"Trier": {"RED": 1}}  # Hesse unaligned: Red conquers it in two Battle Phases
    gone = dict(inputs, wars=[{"declarer": "RED", "target": "Hesse", "winner": "RED"},
                              {"declarer": "RED", "target": "Hesse", "winner": "RED"}],
                religious_war=dict(religious, joins={}),
                treaties=[{"winner": "RED", "province": "ESL"}, {"winner": "RED", "province": "ESS"}])
    step = steps.apply(VARIANT, state, steps.TURNS, gone, 1585)
    assert step.problems == [] and "Hesse" not in step.state.principalities
    assert ("RED", "declared a Religious War on Hesse, which no longer exists: no Religious War ('or if the Target "
                   "Principality no longer exists, proceed to Tradeoffs')") in step.done


def test_the_leader_of_a_principality_is_not_fighting_in_that_battle_phase():
    """003_b5b9eb4920d39694.txt, 'Battles': "When battling an unaligned Principality, the first
    Player after you in Initiative Order not participating in a battle at the moment leads them
    in battle ... Players pair off separately into their respective battles and fight
    simultaneously during the Battle Phase." Blue, who fought Red in Phase 1, is free in Phase 2;
    Orange, whose war is declared after Green's, still fights in Phase 1 beside it."""
    step = _battles([{"declarer": "RED", "target": "BLUE", "winner": ""},
                     {"declarer": "RED", "target": "Ulm", "winner": "RED"}])
    assert step.problems == []
    assert ("RED", "war with Ulm (Battle Phase 2); Ulm led by BLUE: RED wins") in step.done
    step = _battles([{"declarer": "GREEN", "target": "Ulm", "winner": ""},
                     {"declarer": "YELLOW", "target": "ORANGE", "winner": "YELLOW"}],
                    treaties=[{"winner": "Ulm", "province": "BER"}])  # 'it conquers two (one if only one available)'
    assert step.problems == []
    assert ("GREEN", "war with Ulm (Battle Phase 1); Ulm led by RED: Ulm wins automatically") in step.done


def test_a_player_leading_a_principality_does_not_lead_another_in_the_same_battle_phase():
    """003_b5b9eb4920d39694.txt, 'Battles': "When battling an unaligned Principality, the first
    Player after you in Initiative Order not participating in a battle at the moment leads them
    in battle ... Players pair off separately into their respective battles and fight
    simultaneously during the Battle Phase." Red declares on Ulm and Blue on Trier, both in Battle
    Phase 1: Yellow, the first free after Red, leads Ulm, and so fights that battle; Trier was
    led by Yellow too, the first after Blue, two battles at once. It is led by Green, the next
    free one."""
    step = _battles([{"declarer": "RED", "target": "Ulm", "winner": "RED"},
                     {"declarer": "BLUE", "target": "Trier", "winner": "BLUE"}])
    led = [t for _, t in step.done if t.startswith("war with")]
    assert any(t.startswith("war with Ulm (Battle Phase 1); Ulm led by YELLOW") for t in led), led
    assert any(t.startswith("war with Trier (Battle Phase 1); Trier led by GREEN") for t in led), led


def _battles(wars: list[dict], **more):
    """Round 2's Player Turns on the board with nobody's Influence on a principality, every
    player taking Diplomacy and War: these ``wars`` (and ``more`` of the step's inputs)."""
    state = board()
    state.influence = {}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    return steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": wars, **more}, 1535)


def test_declarations_and_battle_phases():
    """'Declare War on either an eligible Player or an unaligned Principality'; 'place both ... in
    the First Battle Phase, in the order the war was declared. If either ... is already in the
    First Battle Phase, place them in the Second Battle Phase ... Likewise for the Third'."""
    from gm_tools.systems.westphalia import battles

    state = board()
    assert battles.check_declaration(state, "RED", "Ulm") is None
    assert "unaligned" in battles.check_declaration(state, "RED", "Hesse")  # Blue's ally
    assert battles.check_declaration(state, "RED", "BLUE") is None
    wars_ = battles.battle_phases([("RED", "Ulm"), ("BLUE", "YELLOW"), ("RED", "BLUE"), ("GREEN", "RED"),
                                   ("ORANGE", "RED")])
    assert [w.phase for w in wars_] == [1, 1, 2, 3, 0]


def test_automatic_win_and_the_cards_each_side_draws():
    """'If a Player's Army Size + Reserves is twice as large as an opponent's, he wins the battle
    automatically without drawing Military Cards. If not, Players randomly draw cards from the
    deck according to their Imperial Power - up to a max of 12 cards, with the rest of their
    Imperial Power going towards Reserves'; 'When battling an unaligned Principality, the first
    Player after you in Initiative Order not participating in a battle at the moment leads them'."""
    from gm_tools.systems.westphalia import battles

    state = board()
    state.influence["Ulm"] = {"RED": 3}  # Red: 4 provinces + Ulm's 5 = 9
    assert battles.forces(state, "RED", 1510) == (9, 0)
    assert battles.automatic_winner(state, battles.War("RED", "YELLOW"), 1510) == "RED"  # 9 against 1
    assert battles.automatic_winner(state, battles.War("RED", "Trier"), 1510) == "RED"   # 9 against 3
    # Blue: 2 provinces, Hesse (2 + 2) and Trier (2 + 1), its allies: 9 against 9, the cards decide
    assert battles.automatic_winner(state, battles.War("RED", "BLUE"), 1510) is None
    state.emperor, state.initiative = "RED", ORDER
    state.principalities["Big"] = Holding(tuple(f"X{i}" for i in range(14)), "X0")
    assert battles.forces(state, "Big", 1510) == (12, 4)
    assert battles.leader(state, battles.War("RED", "Hesse"), {"RED", "BLUE"}) == "YELLOW"
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    wrong = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [
        {"declarer": "RED", "target": "YELLOW", "winner": "YELLOW"}]}, 1510).problems
    assert wrong[0][1] == "winner" and "automatically" in wrong[0][3]
    unsure = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "wars": [
        {"declarer": "RED", "target": "BLUE", "winner": ""}]}, 1510).problems
    assert unsure[0][1] == "winner" and "draws" in unsure[0][3]


def religious_board() -> State:
    """Round 4: Red (Protestant, Evangelical League) against Catholic Trier, drawn in the Upheaval."""
    state = board()
    state.religion = {"RED": "protestant"}
    state.leagues = {"RED": "Evangelical League", "YELLOW": "Catholic League"}
    state.targets = ("Trier",)
    state.emperor = "YELLOW"
    state.influence = {"Trier": {"BLUE": 2, "GREEN": 1}, "Ulm": {"RED": 1}}
    return state


def test_who_may_declare_a_religious_war_and_against_whom():
    """'a Player in a League ... may Declare a Religious War against a heretical Target
    Principality. Only the following are eligible as Target Principalities: Those drawn during
    Religious Upheaval; A Principality you have enough Diplomatic Influence to ally, and: Are its
    ally, or; Are within 2 Diplomatic Influence of being its ally (no ties).'"""
    from gm_tools.systems.westphalia.religiouswar import check_declaration

    state = religious_board()
    assert check_declaration(state, "RED", "Trier") is None              # drawn in the Upheaval
    assert "League" in check_declaration(state, "BLUE", "Trier")          # Blue joined no League
    assert check_declaration(state, "RED", "Ulm") is None                 # Red's ally
    assert "heretical" in check_declaration(state, "YELLOW", "Ulm")       # Catholic against Catholic
    state.influence["Hesse"] = {"RED": 1, "BLUE": 3}
    assert "within 2" in check_declaration(state, "RED", "Hesse")        # 3 short of allying
    state.influence["Hesse"] = {"RED": 2, "BLUE": 3}
    assert check_declaration(state, "RED", "Hesse") is None              # 2 short


def test_a_religious_war_through_the_player_turns():
    """'Players with DI on the Target Principality must Join a League (either one) or lose all DI
    with the Target Principality ... the Player with the most DI on the Target Principality in
    the DOTF's League becomes the DOTF ... gains DI with the Target Principality sufficient to
    become its ally'; the ROTF's League 'Won, then the Target Principality is forcibly converted.
    All Players in the DOTF's League immediately lose all Diplomatic Influence with the Target
    Principality. The ROTF then gains 2'; 'if the Emperor was in the League of his religion and
    he ... Lost, then the Player(s) of the opposing League with the most Imperial Power may
    remove any number of Electors of the Emperor's religion who fought in the Defeated League'."""
    state = religious_board()
    state.actions = {}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    # Hesse, Blue's ally, is an Elector too: it fights in Blue's League
    state.electors = ("Hesse", "Trier")
    state.influence["Hesse"] = {"BLUE": 2}
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "Evangelical League",
           "emperor_league": "Catholic League", "electors": [{"removed": "Hesse", "added": "Ulm"}]}
    state.protestant = ("BIE", "BON", "BRI")  # Ulm is Protestant, to replace Hesse
    # Ulm, Red's ally, could have taken Blue's DUI and did not: Red loses what he holds there, 1
    # ('Lose 2 Diplomatic Influence from each of your allies that could have conquered a province
    # but did not'; tests/test_westphalia_religious_war_treaty.py)
    idle = [{"player": "RED", "principality": "Ulm", "change": -1, "reason": "Ulm took nothing"}]
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "religious_war": war, "changes": idle}, 1585)
    assert step.problems == [], step.problems
    after = step.state
    assert after.leagues["BLUE"] == "Catholic League"
    assert "ALT" in after.protestant                          # Trier forcibly converted
    assert after.influence["Trier"] == {"RED": 2}              # the Catholic League lost its DI there
    assert "GREEN" not in after.influence["Trier"]            # no League: 'lose all DI'
    # the Emperor (Yellow) was in the League of his religion and lost: Red, the strongest of the
    # Evangelical League, replaces Catholic Hesse, which fought in the defeated League
    assert "Hesse" not in after.electors and "Ulm" in after.electors
    wrong = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "religious_war": {
        **war, "electors": [{"removed": "Trier", "added": "Ulm"}]}}, 1585).problems
    assert wrong[0][1] == "elector"  # Trier is converted by the peace: no Elector of the Emperor's religion
    lost = steps.apply(VARIANT, religious_board(), steps.TURNS, {"turns": rows, "religious_war": {
        **war, "winner": "Catholic League", "electors": []}}, 1585).state
    assert "ALT" not in lost.protestant and "RED" not in lost.influence["Trier"]
    assert lost.influence["Trier"]["BLUE"] >= 2 + 2  # the DOTF became its ally, then gained 2


def test_the_leagues_pair_off_in_initiative_order():
    """'Players line up in Initiative Order by League and pair off, with those without opponents
    "In Reserve."'"""
    from gm_tools.systems.westphalia.religiouswar import ReligiousWar, pairings

    state = religious_board()
    war = ReligiousWar("Trier", "RED", leagues={"RED": "Evangelical League", "GREEN": "Evangelical League",
                                                "ORANGE": "Evangelical League", "YELLOW": "Catholic League"})
    assert pairings(state, war, ("Catholic League", "Evangelical League")) == ([("YELLOW", "RED")], ["GREEN", "ORANGE"])


def test_a_conquered_town_is_drawn_as_a_town():
    """The map shows each town ('owners, religion, towns, capitals, electors', the issue): a town a
    player took is marked like its capital."""
    from gm_tools.engine.model import Position
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.westphalia.state import with_state

    state = board()
    take(state, wars.Taking("RED", "GOR"))
    position = with_state(Position(phase="R1535T"), state)
    style = rules_for(VARIANT).province_style(VARIANT, position, "GOR")
    assert style.marker == "\u2302" and rules_for(VARIANT).province_style(VARIANT, position, "EIC").marker is None


def test_the_card_engine_fights_the_leagues_battle():
    """With the card engine on, the Leagues' battle is fought from each player's line of plays on
    the Religious War Cards sheet ('Then the Leagues fight, following the standard rules for
    battle except: Players fight separately ... pair off, with those without opponents "In
    Reserve."'): the winning League is the cards', a League the GM also enters must agree, and
    plays that end too soon are refused. The deck here holds pikemen only, so each engagement is
    won by the bigger army, which then meets the opposing Reserve with what it has left."""
    import dataclasses

    from gm_tools.systems.westphalia import battles

    tables = {**VARIANT.tables, "military_cards": {**VARIANT.tables.get("military_cards", {}),
                                                   "pikemen": 60, "musketeers": 0, "cavalry": 0}}
    variant = dataclasses.replace(VARIANT, options={**VARIANT.options, "card_engine": True}, tables=tables)
    state = religious_board()
    state.actions = {}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    cards = {p: battles.forces(state, p, 1585)[0] for p in ("RED", "BLUE", "YELLOW")}
    assert all(battles.forces(state, p, 1585)[1] == 0 for p in cards)     # no reserves to call
    plays = {p: " ".join("P" * n) for p, n in cards.items()}
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "",
           "emperor_league": "Catholic League", "electors": [], "cards": plays}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "religious_war": war}, 1585)
    # Red alone against Blue, then Yellow In Reserve (Initiative Order), pike for pike: Red's 5
    # and Blue's 5 are spent together, and Yellow's 7 are left standing for the Catholic League
    assert cards == {"RED": 5, "BLUE": 5, "YELLOW": 7}
    texts = [t for _, t in step.done]
    assert "the battle by the cards: BLUE and RED: both spent" in texts
    assert step.problems == [] and "ALT" not in step.state.protestant          # Trier stays Catholic
    assert step.state.influence["Trier"].get("RED") is None                   # the ROTF's League lost
    disagree = steps.apply(variant, religious_board(), steps.TURNS,
                           {"turns": rows, "religious_war": {**war, "winner": "Evangelical League"}}, 1585)
    assert disagree.problems[0][1] == "league won" and "Catholic League, as the cards" in disagree.problems[0][3]
    short = steps.apply(variant, religious_board(), steps.TURNS, {"turns": rows, "religious_war": {
        **war, "cards": {**plays, "RED": "P"}}}, 1585)
    # named at Red's row of the Religious War Cards sheet, with his line (tests/test_westphalia_card_clauses.py)
    assert short.problems[0][:3] == (0, "war cards", "P") and "cards end" in short.problems[0][3]


def test_an_inconclusive_religious_war_changes_no_elector():
    """'Next, if the Emperor was in the League of his religion and he: Won, then he may remove
    any number of heretical Electors ... Lost, then the Player(s) of the opposing League ... may
    remove any number of Electors' (the Religious War Peace Treaty): when the card engine leaves
    both Leagues spent, nobody won or lost, and an Electors Changed row is refused. Red and Blue,
    5 pikemen each and nobody In Reserve, are spent together."""
    import dataclasses

    from gm_tools.systems.westphalia import battles

    tables = {**VARIANT.tables, "military_cards": {**VARIANT.tables.get("military_cards", {}),
                                                   "pikemen": 60, "musketeers": 0, "cavalry": 0}}
    variant = dataclasses.replace(VARIANT, options={**VARIANT.options, "card_engine": True}, tables=tables)
    state = religious_board()
    state.actions = {}
    del state.leagues["YELLOW"]  # the Emperor stays out: Red alone against Blue
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    plays = {p: " ".join("P" * battles.forces(state, p, 1585)[0]) for p in ("RED", "BLUE")}
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "",
           "emperor_league": None, "electors": [], "cards": plays}
    step = steps.apply(variant, state, steps.TURNS, {"turns": rows, "religious_war": war}, 1585)
    assert step.problems == [] and "both Leagues are spent: the Religious War is inconclusive" in [
        t for _, t in step.done]
    changed = steps.apply(variant, state, steps.TURNS, {"turns": rows, "religious_war": {
        **war, "electors": [{"removed": "Trier", "added": "Ulm"}]}}, 1585).problems
    assert [(i, f, found) for i, f, found, _ in changed] == [(0, "elector", "Trier")]
    assert changed[0][3].startswith("no Electors changed: the Religious War is inconclusive")


def test_a_treaty_that_fits_no_war_names_the_wars_won():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "If you win: Conquer 1 province ... from the
    unaligned Principality or the Player and his allies"; a White Peace: "neither Player conquers
    provinces from the other". A treaty row that belongs to no war won says which wars were won
    this round, or that none was (the war typed a White Peace), so the GM sees his slip."""
    state = board()
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    treaty = [{"winner": "RED", "province": "BON"}]
    white = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "treaties": treaty, "wars": [
        {"declarer": "RED", "target": "Ulm", "winner": "white peace"}]}, 1535)
    assert white.problems[0][3] == "a province of a war's loser, taken by its winner or the winner's ally (no war won)"
    other = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "treaties": [{"winner": "RED", "province": "ESL"}],
                                                     "wars": [{"declarer": "RED", "target": "Ulm", "winner": "RED"}]},
                        1535)
    assert other.problems[0][3].endswith("taken by its winner or the winner's ally (RED beat Ulm)")


def test_an_unaligned_principality_takes_no_electors_province_from_the_losers_allies():
    """003_b5b9eb4920d39694.txt, 'Peace Treaties': "If you lose to an unaligned Principality, it
    conquers two (one if only one available) non-town provinces of your choice from you and/or your
    allies. The provinces need not be adjacent" and "Electors may not be conquered and must be
    vassalized instead" (which only a player does). Blue, beaten by Ulm, chooses among his DUI and
    his ally Hesse's ESL, far from Ulm; not BRI, of his allied Elector Trier, nor a capital's town."""
    state = board()
    state.principalities["Trier"] = Holding(("ALT", "BRI"), "ALT")
    state.principalities["Ulm"] = Holding(("BIE", "BON"), "BIE")
    state.influence["Trier"] = {"BLUE": 3}
    assert wars.conquests_owed(state, "Ulm", "BLUE") == ["DUI", "ESL"]


def test_the_emperor_with_influence_on_the_target_who_joins_a_league_keeps_it():
    """003_b5b9eb4920d39694.txt, 'Religious War Declared': "First, go through all Players with
    Diplomatic Influence on the Target Principality who aren't currently in a League ... must Join a
    League (either one) or lose all DI with the Target Principality. Second, if the Emperor is not
    yet a member of a League, he may Join a League." Yellow, the Emperor, holds 1 on Trier and joins
    the Catholic League (the Religious War sheet's Emperor joins): he joins, so keeps it (he lost it
    as one who joined none, then joined)."""
    state = religious_board()
    del state.leagues["YELLOW"]
    state.influence["Trier"] = {"BLUE": 2, "YELLOW": 1}
    rows = [{"player": p, "actions": [DIPLOMACY, WAR], "convert": False, "influence": 0} for p in ORDER]
    war = {"declarer": "RED", "target": "Trier", "joins": {"BLUE": "Catholic League"}, "winner": "Catholic League",
           "emperor_league": "Catholic League", "electors": []}
    step = steps.apply(VARIANT, state, steps.TURNS, {"turns": rows, "religious_war": war}, 1585)
    assert step.problems == []
    assert step.state.leagues["YELLOW"] == "Catholic League" and step.state.influence["Trier"]["YELLOW"] == 1
    assert not any("YELLOW joins no League" in t for _, t in step.done)
