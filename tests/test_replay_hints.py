"""`gm-tools replay` tells the GM which differing phase a known reading change could explain.

A game recorded by an older gm_tools replays with differences where a reading was corrected
since; each variant lists those corrections in its ``changes.toml`` (docs/game-record.md,
"Known reading changes"). The records here are written by today's code, then edited the way the
older version wrote them, as tests/test_upgrade_old_games.py does.

Rulebook 003_b5b9eb4920d39694.txt (The Peace of Westphalia), 'Player Turns': "During Player
Turns, Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War". Since
2026-11-27 each player's results name his two chosen actions ('chooses Combat Heresy and Wage
War'); a game recorded before has no such lines.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.edges.knownchanges import known_changes
from gm_tools.edges.variants import list_variants, load_variant, variant_folder
from gm_tools.errors import VariantDataError
from tests.demos import played_until_fixture

GAME = "westphalia-demo"
round_one = played_until_fixture("westphalia", "R1510X")


def _edit(root: Path, phase: str, edit) -> None:
    file = root / GAME / "history" / f"{phase}.json"
    record = json.loads(file.read_text(encoding="utf-8"))
    edit(record)
    file.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def _without_chosen_actions(record: dict) -> None:
    """The Player Turns record as gm_tools wrote it before 2026-11-27: no 'chooses ...' lines."""
    before = len(record["results"])
    record["results"] = [r for r in record["results"] if not r["order"].startswith("chooses ")]
    assert len(record["results"]) < before


def _replay(root: Path, capsys) -> tuple[int, list[str]]:
    status = main(["replay", GAME, "--root", str(root)])
    return status, capsys.readouterr().out.splitlines()


def test_a_phase_recorded_before_the_chosen_actions_lines_is_explained(round_one, tmp_path, capsys):
    """003, 'Player Turns': the R1510T record without the chosen actions' lines replays with
    differences (exit status 1, as before), and the phase is named with the change that adds
    them, its date and the rulebook's section; the count says it is the only one."""
    root = shutil.copytree(round_one, tmp_path / "root")
    _edit(root, "R1510T", _without_chosen_actions)
    status, out = _replay(root, capsys)
    assert status == 1
    assert out[0] == f"{GAME}: replay differs from the record in R1510T"
    assert out[1] == "  R1510T (Player Turns): could be explained by a known change:"
    assert out[2].startswith("    player-turns-chosen-actions (2026-11-27; 003_b5b9eb4920d39694.txt, 'Player Turns'): ")
    assert out[-1].startswith(f"{GAME}: 1 phase(s) differ: 1 could be explained by a known change, "
                              "0 not explained by a known change (a hint, not a proof")
    assert len(out) == 4


def test_a_difference_no_change_touches_is_not_explained(round_one, tmp_path, capsys):
    """003, 'Player Turns' ('Player Conversion'): a conversion line reworded in the same record is
    nothing a known change makes. The phase is not explained, the line is named; the chosen
    actions' change is still named for what it could explain, never for the whole phase."""
    root = shutil.copytree(round_one, tmp_path / "root")

    def older_and_edited(record):
        _without_chosen_actions(record)
        line = next(r for r in record["results"] if r["order"].startswith("converts to Protestantism"))
        line["order"] = line["order"].replace("converts to Protestantism", "converts to Calvinism")

    _edit(root, "R1510T", older_and_edited)
    status, out = _replay(root, capsys)
    assert status == 1
    assert out[1].startswith("  R1510T (Player Turns): not explained by a known change (differs in results (2 lines: ")
    assert "Calvinism" in out[1] or "Protestantism" in out[1]
    assert out[1].endswith("(besides what player-turns-chosen-actions could explain)")
    assert out[-1].startswith(f"{GAME}: 1 phase(s) differ: 0 could be explained by a known change, "
                              "1 not explained by a known change")


def test_a_change_is_not_named_when_its_part_does_not_differ(round_one, tmp_path, capsys):
    """A Player Turns phase whose only difference is a state no change touches (the Gold after
    the Earn Gold step, 003 'Earn Gold') names no change, and the Player Turns step after it
    starts from another board: said to follow from the first difference, not judged on its own."""
    root = shutil.copytree(round_one, tmp_path / "root")

    def more_gold(record):
        record["after"]["extra"]["westphalia"]["gold"]["RED"] += 1

    _edit(root, "R1510G", more_gold)
    status, out = _replay(root, capsys)
    assert status == 1
    assert out[1] == "  R1510G (Earn Gold): not explained by a known change (differs in after.extra.westphalia.gold)"
    assert out[2].startswith("  R1510T (Player Turns): follows from R1510G's difference")
    assert "known change:" not in "\n".join(out) and "player-turns" not in "\n".join(out)
    assert out[-1].endswith("1 not explained by a known change, 1 following an earlier difference "
                            "(a hint, not a proof: see gm-tools replay --help)")


europe_1619 = played_until_fixture("europe1619", "Y1619B")


def test_a_centerless_capture_recorded_before_names_its_reading_and_not_the_new_states(europe_1619, tmp_path, capsys):
    """Rulebook 002_e7e1b063b6c411e5.txt (Europe 1619), 'Occupation': "A captured minor state CANNOT
    be influenced by any power (that is, INFs cannot be placed while it is held by a foreign enemy
    unit)". Since 2026-11-27 a minor with no center held by a foreign unit is captured: the demo's
    Y1619J has Poland capture Pomerania. gm_tools before then (played from commit 65168f0e's parent)
    wrote that record without POM in the captures and suspensions, and nothing else different.
    The replay names that reading, and not the other change of the same parts (a new state born
    captured, 'Important rules about elimination for Spain and England'), which is about FLA, MIL,
    NAP or SCO only."""
    root = shutil.copytree(europe_1619, tmp_path / "root")
    game = "europe1619-demo"

    def as_recorded_before(record):
        outcome = record["extra"]["outcome"]["map_adjustment"]
        outcome["captured_minors"].remove(["POM", "POLAND"])
        del record["after"]["extra"]["europe1619"]["suspended"]["POM"]

    file = root / game / "history" / "Y1619J.json"
    record = json.loads(file.read_text(encoding="utf-8"))
    as_recorded_before(record)
    file.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    status = main(["replay", game, "--root", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[:2] == [f"{game}: replay differs from the record in Y1619J",
                       "  Y1619J (Map Adjustment): could be explained by a known change:"]
    assert out[2].startswith("    centerless-minor-captured (2026-11-27; 002_e7e1b063b6c411e5.txt, 'Occupation'): ")
    assert "new-state-born-captured" not in "\n".join(out)
    assert out[-1].startswith(f"{game}: 1 phase(s) differ: 1 could be explained by a known change, 0 not explained")


def test_the_irish_earldoms_rebuilt_as_an_army_before_they_built_fleets_is_explained(europe_1619):
    """Rulebook 002_e7e1b063b6c411e5.txt, 'Minor states': "Coastal minor states will by default
    build fleets". Since 2026-11-29 the Irish Earldoms (two coasts) are coastal: liberated, they
    are rebuilt as F IRE/WC where the version before wrote A IRE. The demo's Y1619J record with
    such a rebuild, as each version writes it (no played game frees Ireland): the replay names
    that change alone."""
    replayed = json.loads((europe_1619 / "europe1619-demo" / "history" / "Y1619J.json").read_text(encoding="utf-8"))
    stored = json.loads(json.dumps(replayed))
    for record, unit in ((replayed, "F IRE/WC"), (stored, "A IRE")):
        record["after"]["units"]["IRE"] = [unit]
        record["extra"]["outcome"]["map_adjustment"]["rebuilt"].append(f"IRE {unit}")
        record["results"].append({"order": f"BUILD {unit}", "power": "IRE", "result": "succeeds",
                                  "reason": "rebuilt: its minor state is liberated", "dislodged": False})
    out = _hint("europe1619", "Y1619J", stored, replayed)
    assert out[0] == "  Y1619J (Map Adjustment): could be explained by a known change:"
    assert out[1].startswith("    irish-earldoms-build-fleets (2026-11-29; 002_e7e1b063b6c411e5.txt, 'Minor states'): ")
    assert len(out) == 3 and "1 could be explained by a known change, 0 not explained" in out[2]


def test_a_captured_minor_recorded_under_its_first_captor_is_explained(europe_1619):
    """Rulebook 002_e7e1b063b6c411e5.txt, 'Occupation': "INFs cannot be placed while it is held by
    a foreign enemy unit". Since 2026-11-29 a captured minor taken by another captor is suspended
    under the new one. The demo's Y1619J record given Cologne held by the Dutch, taken from France,
    as each version writes its suspension (the version before keeping France's name): the replay
    names that change alone."""
    replayed = json.loads((europe_1619 / "europe1619-demo" / "history" / "Y1619J.json").read_text(encoding="utf-8"))
    replayed["after"]["extra"]["europe1619"]["suspended"]["COL"] = "DUTCH"
    stored = json.loads(json.dumps(replayed))
    stored["after"]["extra"]["europe1619"]["suspended"]["COL"] = "FRANCE"
    out = _hint("europe1619", "Y1619J", stored, replayed)
    assert out[0] == "  Y1619J (Map Adjustment): could be explained by a known change:"
    assert out[1].startswith("    captured-minor-new-captor (2026-11-29; 002_e7e1b063b6c411e5.txt, 'Occupation'): ")
    assert len(out) == 3 and "1 could be explained by a known change, 0 not explained" in out[2]


payola_1615 = played_until_fixture("europe1615v2", "S1615M")


def test_an_influence_phase_recorded_before_the_attacks_phase_is_explained(payola_1615, tmp_path, capsys):
    """Rulebook 001_6f4a9c76b6e5774a.txt (Europe 1615 v2): "The GM then publishes the distribution
    of INFs. Once the players have had a chance to review ... players may choose to perform a
    'diplomatic attack'". Since 2026-11-27 the attacks are a phase of their own; gm_tools before
    then (played from commit a78b3695's parent) kept them in the Influence phase's outcome, in
    1615 as an empty list, and that is all P1615I's record differs in."""
    root = shutil.copytree(payola_1615, tmp_path / "root")
    game = "europe1615v2-demo"
    file = root / game / "history" / "P1615I.json"
    record = json.loads(file.read_text(encoding="utf-8"))
    assert "attacks" not in record["extra"]["outcome"]["influence"]
    record["extra"]["outcome"]["influence"]["attacks"] = []
    file.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    status = main(["replay", game, "--root", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[1] == "  P1615I (Influence): could be explained by a known change:"
    assert out[2].startswith("    diplomatic-attacks-phase (2026-11-27; 001_6f4a9c76b6e5774a.txt, ")
    assert out[-1].startswith(f"{game}: 1 phase(s) differ: 1 could be explained by a known change, 0 not explained")


@pytest.mark.parametrize("name", [n for n, _t, _a in list_variants()])
def test_every_shipped_list_of_changes_reads(name):
    """Each change names the calendar's phase types and the record's parts (checked on load)."""
    variant = load_variant(name)
    for change in known_changes(variant, variant_folder(name)):
        assert change.phases and change.touches and change.shown_by


def _refused(tmp_path, entry: str) -> str:
    """What loading a Westphalia changes.toml of one ``[[change]]`` entry is refused with."""
    (tmp_path / "changes.toml").write_text(f"[[change]]\nid = \"x\"\n{entry}", encoding="utf-8")
    with pytest.raises(VariantDataError) as refused:
        known_changes(load_variant("westphalia"), tmp_path)
    return str(refused.value)


def test_a_mistake_in_the_list_is_named_with_its_entry(tmp_path):
    text = _refused(tmp_path, 'date = "27 November"\nrulebook = "003"\nsection = "Player Turns"\nwhat = "w"\n'
                              'phases = ["Player Turn"]\ntouches = ["before.units"]\nshown_by = ["results"]\n')
    assert "changes.toml [[change]] 1: date found '27 November', expected YYYY-MM-DD" in text
    assert "phases found 'Player Turn', expected one of the calendar's types" in text
    assert "touches found 'before.units'" in text
    assert "shown_by found 'results', expected one of its touches" in text


def test_a_change_of_some_numbers_of_players_takes_a_list_of_them(tmp_path):
    text = _refused(tmp_path, 'date = "2026-11-28"\nrulebook = "003"\nsection = "s"\nwhat = "w"\n'
                              'phases = ["Initiative"]\ntouches = ["random.draws"]\nplayers = 9\n')
    assert "changes.toml [[change]] 1: players found 9, expected a list of numbers of players ([9, 12])" in text


def _hint(variant_name: str, phase: str, stored: dict, replayed: dict) -> list[str]:
    """The replay's lines for one phase's record as an older version wrote it (``stored``) and
    as today's code writes it (``replayed``). A hand-set position's game cannot go through
    ``gm-tools replay`` itself: its first record was edited to reach the position, so the replay
    would start the phase from another board and say it follows from that."""
    from gm_tools.app.replayhints import hint_lines, hints

    variant = load_variant(variant_name)
    found = hints(variant, {phase: (stored, replayed)}, known_changes(variant, variant_folder(variant_name)))
    return hint_lines("g", found)


def _early_winter(tmp_path, position, phase: str, mail: bytes | None = None) -> dict:
    """A Europe 1615 v3 game at the hand-set Early Winter ``phase``, played by today's code, as
    tests/test_europe1615_long_play.py sets each fix's case: that phase's record."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import load_state, run_turn
    from tests.europe1615_play import game_at

    game_at(tmp_path, position)
    if mail:
        enter_mails("g", [("m", mail)], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    return next(r for r in load_state("g", tmp_path).history if r["phase"] == phase)


def test_an_early_winter_recorded_before_a_disbanded_minor_stopped_annexing_is_explained(tmp_path):
    """Rulebook 000_cc215928c2f3193e.txt (Europe 1615 v3), 'Waiving the capture of a center':
    "Provinces without centers held by a power or a minor state at the build phase are
    automatically annexed". Since 2026-11-29 a minor's unit disbanded at the Early Winter annexes
    nothing. The hand-set case of that fix (Mecklenburg's A POM disbanded by Denmark), played from
    commit 53b3122a's parent, wrote the E1620D record with POM annexed to MEC, and nothing else
    different: the replay names that change, and not the freed minor's rebuild."""
    from tests.europe1615_play import board, opening

    position = board({"POM": "A MEC", "MEC": "A MEC", "SRL": "A BRA", "DAL": "A DENMARK"}, phase="E1620D",
                     centers=dict(opening().centers, SRL="BRA"),
                     influence={"MEC": {"DENMARK": 19}, "BRA": {"ENGLAND": 10}})
    replayed = _early_winter(tmp_path, position, "E1620D", b"Denmark\nA POM D\n")
    stored = json.loads(json.dumps(replayed))
    stored["after"]["extra"]["europe1615"]["annexed"]["POM"] = "MEC"  # as the older version wrote it
    out = _hint("europe1615", "E1620D", stored, replayed)
    assert out[0] == "  E1620D (Required Disbands): could be explained by a known change:"
    assert out[1].startswith("    disbanded-minor-annexes-nothing (2026-11-29; 000_cc215928c2f3193e.txt, ")
    # the abandoned power's units' annexation touches the same part and is named beside it,
    # and nothing else (the freed minor's rebuild among them)
    assert [line.split()[0] for line in out[1:-1]] == ["disbanded-minor-annexes-nothing",
                                                       "abandoned-units-annex-nothing"], out
    assert "1 could be explained by a known change, 0 not explained" in out[-1]


def test_an_early_winter_recorded_before_a_freed_minor_was_rebuilt_at_once_is_explained(tmp_path):
    """Rulebook 000_cc215928c2f3193e.txt, "Re-building a minor state's army": "a new unit is
    automatically built if the original unit was previously disbanded". Since 2026-11-29 a minor
    freed by its captor's dissolution at the Early Winter is rebuilt at that Early Winter. The
    fix's own case (abandoned Denmark holding Stockholm), played from commit 6f2c63f2's parent,
    wrote E1621D without Sweden's A STO and without its line 'A STO B rebuilt: ...': the
    change's list named it for the units only, and left the line unexplained."""
    from gm_tools.mechanics.influence import capture
    from gm_tools.systems.europe1615.state import state_of, with_state
    from tests.europe1615_play import board, opening

    position = board({"STO": "A DENMARK", "COP": "F DENMARK"}, phase="E1621D",
                     centers=dict(opening().centers, STO="DENMARK"))
    state = state_of(position)
    state.influence = capture(state.influence, "SWE", "DENMARK")
    state.abandoned = ("DENMARK",)
    replayed = _early_winter(tmp_path, with_state(position, state), "E1621D")
    stored = json.loads(json.dumps(replayed))  # as the older version wrote it:
    del stored["after"]["units"]["SWE"]
    stored["results"] = [r for r in stored["results"] if r["order"] != "A STO B"]
    out = _hint("europe1615", "E1621D", stored, replayed)
    assert out[0] == "  E1621D (Required Disbands): could be explained by a known change:"
    assert out[1].startswith("    freed-minor-rebuilt-at-early-winter (2026-11-29; 000_cc215928c2f3193e.txt, ")
    assert len(out) == 3 and "1 could be explained by a known change, 0 not explained" in out[2]


def _renamed(record: dict, name: str, new: str, provinces: int) -> dict:
    """``record`` as gm_tools writes it since 2026-11-27 when ``name`` grows past 5 provinces in
    the step (systems/westphalia/wars.grown): its new name through the state after the step, and
    the line that says it, an event of the Empire's."""
    done = json.loads(json.dumps(record))
    state = done["after"]["extra"]["westphalia"]
    # the grown principality's holding, a table written as its change (docs/game-record.md)
    state["principalities"] = {"$change": {"set": {new: {"capital": "X", "provinces": ["X"] * provinces}},
                                           "drop": [name]}}
    state["electors"] = [new if n == name else n for n in state["electors"]]
    line = dict(done["results"][0], power="EMPIRE")
    line["order"] = (f"{name} grows to {provinces} provinces: it becomes {new} ('Save Austria and Bavaria for if a "
                     "Principality grows to more than 5 provinces')")
    done["results"].append(line)
    return done


def test_a_player_turns_recorded_before_the_renaming_names_it_and_only_what_it_changes(round_one):
    """Rulebook 003_b5b9eb4920d39694.txt, 'Place other Principalities': "Save Austria and Bavaria for
    if a Principality grows to more than 5 provinces". gm_tools before 2026-11-27 (commit 57f5d29f's
    parent) had no renaming at all: its Player Turns record kept the grown principality's name and
    had no 'grows to' line, which is the demo's R1510T as recorded (no principality grows there);
    today's record of the same step with Brandenburg, an Elector, grown to 6 is written from it.
    The replay names the renaming; and a Gold differing beside it (003 'Earn Gold') is not one of
    the parts a renaming changes: the phase is then not explained."""
    stored = json.loads((round_one / GAME / "history" / "R1510T.json").read_text(encoding="utf-8"))
    assert "Brandenburg" in stored["after"]["extra"]["westphalia"]["electors"]
    replayed = _renamed(stored, "Brandenburg", "Austria", 6)
    out = _hint("westphalia", "R1510T", stored, replayed)
    assert out[0] == "  R1510T (Player Turns): could be explained by a known change:"
    assert out[1].startswith("    grown-principality-renamed (2026-11-27; 003_b5b9eb4920d39694.txt, ")
    assert len(out) == 3 and "1 could be explained by a known change, 0 not explained" in out[2]
    replayed["after"]["extra"]["westphalia"]["gold"]["RED"] += 1
    out = _hint("westphalia", "R1510T", stored, replayed)
    assert out[0] == ("  R1510T (Player Turns): not explained by a known change (differs in "
                      "after.extra.westphalia.gold) (besides what grown-principality-renamed could explain)")


def _with_a_third_draw(record: dict) -> None:
    """R1510I as gm_tools wrote it with a bag of 3 for 5 players (the version before 2026-11-28,
    commit f32e54ce's parent, its tables.toml's 5 set to 3, played into the demo): one more
    principality drawn, and the players' dice after it other ones."""
    record["random"]["draws"][0]["text"] = ("drawn: Bohemia, Dithmarschen, Lübeck; players' dice: RED 6, BLUE 5, "
                                            "YELLOW 2, GREEN 6, ORANGE 6")
    record["after"]["extra"]["westphalia"]["upheaval"] = {
        "drawn": ["Bohemia", "Dithmarschen", "Lübeck"], "year": 1510,
        "players": {"BLUE": 5, "GREEN": 6, "ORANGE": 6, "RED": 6, "YELLOW": 2}}


def test_the_upheaval_draws_change_is_named_for_9_and_12_players_only(round_one, tmp_path, capsys):
    """Rulebook 003_b5b9eb4920d39694.txt, 'Religious Upheaval': "Draw 2 control markers in a 5-6
    Player game, 3 in a 7-8 Player game"; since 2026-11-28 the bag for 9 and 12 players draws 3 and
    4 (was 4 and 5), the other counts unchanged. The version before wrote, for a count it drew
    otherwise, an Initiative record differing in its draws and the bag after it (checked with
    that version and a 5-player table of 3). In the 5-player demo no such change was made: the
    phase is not explained and the 9-and-12 change is not named (it was). The same record in a
    9-player game is explained by it."""
    from gm_tools.app.replayhints import hint_lines, hints
    from gm_tools.engine.rules import variant_for_game

    stored = json.loads((round_one / GAME / "history" / "R1510I.json").read_text(encoding="utf-8"))
    root = shutil.copytree(round_one, tmp_path / "root")
    _edit(root, "R1510I", _with_a_third_draw)
    status, out = _replay(root, capsys)
    assert status == 1
    assert out[1] == ("  R1510I (Initiative): not explained by a known change (differs in "
                      "after.extra.westphalia.upheaval, random.draws)")
    assert "upheaval-draws" not in "\n".join(out)
    older = json.loads(json.dumps(stored))
    _with_a_third_draw(older)
    nine = variant_for_game(load_variant("westphalia"), 9)
    out = hint_lines(GAME, hints(nine, {"R1510I": (older, stored)}, known_changes(nine, variant_folder("westphalia"))))
    assert out[0] == "  R1510I (Initiative): could be explained by a known change:"
    assert out[1].startswith("    upheaval-draws-9-and-12-players (2026-11-28; 003_b5b9eb4920d39694.txt, ")


def test_a_fall_recorded_before_a_same_faith_revolt_was_a_build_site_is_explained(tmp_path):
    """Rulebook 001_6f4a9c76b6e5774a.txt (Europe 1615 v2), 'Consequences Of When A Major Power
    Attacks And Occupies A Minor State': "If an opposing religion has control of the minor state,
    the major power that now owns the minor state will be unable to build on the site". Since
    2026-11-29 a center in REVOLT only for its alignment with another power is a build site when
    its owner shares the controlling faith. The fix's case (England owning Saxony, ALIGNED with
    Denmark/Sweden and Protestant CONTROLLED, its one free site for the one build owed), played
    from commit 410a04d1's parent, passed the Winter over: F1616M led to P1617I, and that is all
    its record differs in."""
    from gm_tools.app.turn import run_turn
    from gm_tools.engine.model import ARMY, Unit
    from gm_tools.systems.europe1615v2.setup import setup_of
    from gm_tools.systems.europe1615v2.state import state_of, with_state
    from workflow_helpers import game_set_at, start_board

    setup = setup_of(load_variant("europe1615v2"))

    def england_owns_saxony(position):
        for power in setup.powers:  # every home center held: nobody else has an adjustment
            for center in setup.homes[power]:
                position.units.setdefault(center, Unit(power, ARMY, center))
        del position.units["SAX"]
        position.centers["SAX"] = "ENGLAND"
        state = state_of(position)
        state.influence["SAX"] = {"DENMARK": 12}
        state.dominion["SAX"], state.occupied["SAX"] = "ENGLAND", 1615
        position.extra = with_state(position, state).extra

    game_set_at(tmp_path, "europe1615v2", 5, start_board("F1616M", england_owns_saxony))
    replayed = run_turn("g", root=tmp_path, site_dir=None, force=True).record
    assert replayed["next_phase"] == "W1616A"
    stored = json.loads(json.dumps(replayed))  # as the older version wrote it:
    stored["next_phase"] = stored["after"]["phase"] = "P1617I"
    out = _hint("europe1615v2", "F1616M", stored, replayed)
    assert out[0] == "  F1616M (Movement): could be explained by a known change:"
    assert out[1].startswith("    revolt-builds-same-faith (2026-11-29; 001_6f4a9c76b6e5774a.txt, ")
    assert len(out) == 3 and "1 could be explained by a known change, 0 not explained" in out[2]
