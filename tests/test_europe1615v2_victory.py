"""Europe 1615 (version 2): victory points, the end of the game and alliances (issue 14 item 6).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '8 VICTORY POINTS ADJUSTMENT', 'How Victory Points Are
Acquired Based On The Status Of The Minor States', the objectives table's examples, and '9
VICTORY CONDITIONS' with 'Alliances and Victory'.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.rules import rules_for
from gm_tools.systems.europe1615v2.scoring import game_result, objective_points, victory_points
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.state import State, with_state

VARIANT = load_variant("europe1615v2")
SETUP = setup_of(VARIANT)
START = dict(VARIANT.start_centers)


def board(centers=None, units=None, phase="S1618M") -> Position:
    return Position(phase, {p: Unit(o, ARMY, p) for p, o in (units or {}).items()}, dict(centers or START))


def test_supply_points_gained_beyond_home_and_lost():
    """'gain of a supply center beyond home centers= +1 per supply point gained; (2) loss of a
    home supply center= -1 per supply point lost'."""
    centers = dict(START, SAX="AUSTRIA", VIE="DENMARK")
    vp = victory_points(SETUP, State(), board(centers))
    assert vp["AUSTRIA"].gained == 9 and vp["AUSTRIA"].lost == -15 and vp["AUSTRIA"].total == -6
    assert vp["DENMARK"].gained == 15


def test_protestant_bonus_for_the_papal_states_and_penalties_count():
    """'Protestant power that occupies and owns the Marches (Papal state) = +11; (2) Protestant
    power that occupies and owns Rome (Papal state) = +15'; the penalties incurred are VPs lost."""
    centers = dict(START, ROM="ENGLAND", MAR="SPAIN")
    state = State(penalties=[{"phase": "S1617M", "power": "SPAIN", "minor": "PAP", "province": "MAR", "vps": -19,
                              "why": "papal"}])
    vp = victory_points(SETUP, state, board(centers, {"ROM": "ENGLAND", "MAR": "SPAIN"}))
    assert vp["ENGLAND"].papal == 15 and vp["ENGLAND"].gained == 15
    assert vp["SPAIN"].papal == 0 and vp["SPAIN"].penalties == -19
    owned_not_held = victory_points(SETUP, state, board(centers, {}))
    assert owned_not_held["ENGLAND"].papal == 0           # 'occupies and owns'


def test_saxony_example_from_the_objectives_table():
    """'If at the end of the game Saxony is Catholic controlled and aligned to Austria, then
    Austria can garner 7 VPs for the religious status and 7 VPs for the political alignment. If
    no INFs of another major power are present, Austria can obtain another 5 VPs for exclusive
    influential control.'"""
    assert objective_points(SETUP, State(influence={"SAX": {"AUSTRIA": 12}}))["AUSTRIA"] == {"SAX": 19}
    shared = objective_points(SETUP, State(influence={"SAX": {"AUSTRIA": 12, "FRANCE": 2}}))
    assert shared["AUSTRIA"] == {"SAX": 14} and shared["FRANCE"] == {}


def test_rhineland_example():
    """'If by the end of the game RHI is under catholic control, and Austria has INFs present in
    RHI, then Austria can garner an additional 5 VPs. If RHI is aligned with Austria then Austria
    would also garner another 7 VPs for a total of 12 VPs. (If the INFs present in the RHI is
    exclusively from Austria, then an additional 5 VPs can be added.)'; 'France benefits from a
    catholic controlled RHI (+5 VPs)'."""
    alone = objective_points(SETUP, State(influence={"RHI": {"AUSTRIA": 12}}))
    assert alone["AUSTRIA"] == {"RHI": 5 + 7 + 5}
    with_france = objective_points(SETUP, State(influence={"RHI": {"AUSTRIA": 10, "FRANCE": 5}}))
    assert with_france["AUSTRIA"] == {"RHI": 12} and with_france["FRANCE"] == {"RHI": 5}


def test_the_most_vps_win_at_the_opening_of_1621_and_a_tie_plays_on():
    """'At the opening of 1621, the player with most VPs wins the game. If there is a tie between
    any two players, then the game will resume for another year'."""
    totals = {"AUSTRIA": 10, "FRANCE": 30, "SPAIN": 20, "ENGLAND": 5, "DENMARK": 0}
    assert game_result(SETUP, totals, [])[0] == ("FRANCE",)
    assert game_result(SETUP, dict(totals, SPAIN=30), []) is None
    rules = rules_for(VARIANT)
    centers = dict(START, SAX="FRANCE")
    before_end = with_state(board(centers, phase="W1620A"), State())
    assert rules.winner(VARIANT, before_end) is None
    at_end = with_state(board(centers, phase="P1621I"), State())
    assert rules.winner(VARIANT, at_end) == "FRANCE"


def test_alliances_win_together_or_leave_the_victory_to_an_unaligned_player():
    """'an alliance wins if the combined VPs of the two allies exceed the total VPs of the other
    three players (or the other alliance and the fifth player) ... a single unaligned player can
    (1) win the game with a minimum amount of VPs by bringing about a balance of power between two
    alliances; or (2) exceeding the other two unaligned players in total VPs given the only
    alliance cannot meet the condition above.'"""
    totals = {"AUSTRIA": 30, "SPAIN": 25, "FRANCE": 20, "ENGLAND": 10, "DENMARK": 5}
    won = game_result(SETUP, totals, [("AUSTRIA", "SPAIN")])
    assert won[0] == ("AUSTRIA", "SPAIN")                     # 55 > 35
    balance = game_result(SETUP, dict(totals, FRANCE=30), [("AUSTRIA", "ENGLAND"), ("SPAIN", "DENMARK")])
    assert balance[0] == ("FRANCE",)                          # 40 and 30 against the rest: neither wins
    lone = game_result(SETUP, totals, [("ENGLAND", "DENMARK")])
    assert lone[0] == ("AUSTRIA",)                            # 15 < 75: Austria beats Spain and France
    rules = rules_for(VARIANT)
    allied = with_state(board(dict(START, SAX="AUSTRIA", BRA="AUSTRIA", BAV="SPAIN"), phase="P1621I"),
                        State(alliances=[("AUSTRIA", "SPAIN")]))
    assert rules.winner(VARIANT, allied) is None
    powers, why = rules.draw(VARIANT, allied)
    assert powers == ("AUSTRIA", "SPAIN") and "alliance" in why


def test_two_alliances_exceeding_the_rest_the_higher_wins_whatever_the_order():
    # 001_6f4a9c76b6e5774a.txt, section 9: "It is possible for two alliances to form in the game.
    # At the end of the game, an alliance wins if the combined VPs of the two allies exceed the
    # total VPs of the other three players (or the other alliance and the fifth player)." With
    # Denmark at -40 both alliances exceed the rest; the listing order must not decide.
    totals = {"AUSTRIA": 5, "SPAIN": 6, "FRANCE": 3, "ENGLAND": 2, "DENMARK": -40}
    pacts = [("AUSTRIA", "SPAIN"), ("FRANCE", "ENGLAND")]
    assert game_result(SETUP, totals, pacts)[0] == ("AUSTRIA", "SPAIN")
    assert game_result(SETUP, totals, pacts[::-1])[0] == ("AUSTRIA", "SPAIN")
    # section 9: "If there is a tie between any two players, then the game will resume"
    assert game_result(SETUP, dict(totals, SPAIN=5, FRANCE=5, ENGLAND=5), pacts) is None
    assert game_result(SETUP, dict(totals, SPAIN=5, FRANCE=5, ENGLAND=5), pacts[::-1]) is None


def test_a_lone_player_exceeds_each_other_unaligned_player():
    # 001_6f4a9c76b6e5774a.txt, section 9: "(2) exceeding the other two unaligned players in total
    # VPs given the only alliance cannot meet the condition above": read as more total VPs than
    # each of them (the section's "the player with most VPs wins"), not than their sum, which
    # could leave no winner ever. Austria's 30 win against Spain's 20 and France's 15.
    totals = {"AUSTRIA": 30, "SPAIN": 20, "FRANCE": 15, "ENGLAND": 10, "DENMARK": 5}
    assert game_result(SETUP, totals, [("ENGLAND", "DENMARK")])[0] == ("AUSTRIA",)
    assert game_result(SETUP, dict(totals, SPAIN=30), [("ENGLAND", "DENMARK")]) is None


def test_alliances_are_entered_in_any_phase_before_1618_and_stay(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, section 9: "Two players, before the start of 1618, may form an
    # alliance. This is a permanent agreement and is communicated to the GM": the Spring 1615
    # workbook takes one (not only the influence phases), and 1618's phases offer no sheet.
    import io

    import openpyxl

    from gm_tools.app.turn import load_state, new_game, run_turn
    from gm_tools.edges.game import game_paths
    from gm_tools.edges.workbook_fill import set_cells
    from gm_tools.engine.hooks import hooks_for
    from gm_tools.systems.europe1615v2.sheets import ALLIANCES
    from gm_tools.systems.europe1615v2.state import state_of

    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    paths = game_paths("g", tmp_path)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    assert ALLIANCES in openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {f"{ALLIANCES}!A2": "AUSTRIA",
                                                                       f"{ALLIANCES}!B2": "SPAIN"}))
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    after = load_state("g", tmp_path).position
    assert state_of(after).alliances == [("AUSTRIA", "SPAIN")]
    listed = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))[ALLIANCES]
    assert [c.value for c in listed[2]] == ["AUSTRIA", "SPAIN"]     # the next phase lists it
    # a game in progress: a movement phase's workbook laid out before the sheet existed still plays
    book = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    del book[ALLIANCES]
    out = io.BytesIO()
    book.save(out)
    paths.workbook.write_bytes(out.getvalue())
    phase = load_state("g", tmp_path).position.phase
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase != phase
    assert state_of(load_state("g", tmp_path).position).alliances == [("AUSTRIA", "SPAIN")]
    hooks = hooks_for(VARIANT)
    for phase in ("T1617T", "F1617M", "W1617A"):
        assert ALLIANCES in [t.title for t in hooks.input_sheets(VARIANT, board(phase=phase))]
    for phase in ("P1618I", "S1618M"):
        assert ALLIANCES not in [t.title for t in hooks.input_sheets(VARIANT, board(phase=phase))]
