"""Europe 1615 clauses found wrong or untested in the clause-by-clause audit of the rulebook
against the code, each played through the real pipeline (:mod:`europe1615_play`).

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

import json

from europe1615_play import board, play, unit_at
from gm_tools.systems.europe1615.state import state_of, with_state


def test_an_aligned_minor_annexes_none_of_its_powers_provinces():
    """000_cc215928c2f3193e.txt, 'Alliance': "A power may move into its ALIGNED state if the
    army is not present, but cannot capture the center as long as it is aligned. This is
    reciprocal with regards to the aligned minor state."; 'Waiving the capture of a center':
    provinces without centers are annexed "unless it is an ALIGNED state to the power or minor
    state that occupies it (alliance system)". Lorraine, aligned with France, standing in
    France's Champagne (no center) at the build phase takes nothing from its own power, nor does
    Savoy, aligned with France too, take Liege, which France annexed earlier; Spain's army in
    France's Gascony annexes it."""
    position = board({"CHA": "A LOR", "LIE": "A SAV", "GAS": "A SPAIN", "BUR": "A FRANCE"}, phase="E1616D",
                     influence={"LOR": {"FRANCE": 5}, "SAV": {"FRANCE": 4}})
    state = state_of(position)
    state.annexed = {"LIE": "FRANCE"}
    done, _ = play(with_state(position, state), {})
    annexed = state_of(done.after).annexed
    assert "CHA" not in annexed
    assert annexed["LIE"] == "FRANCE"
    assert annexed["GAS"] == "SPAIN"
    assert unit_at(done.after, "CHA") == "A LOR" and unit_at(done.after, "LIE") == "A SAV"


def test_an_early_winter_recorded_before_the_aligned_minor_stopped_annexing_is_explained(tmp_path):
    """The fix above changes recorded games: a game recorded before has, at its Early Winter,
    Champagne annexed to Lorraine. ``gm-tools replay`` names the change
    (variants/europe1615/changes.toml, docs/game-record.md 'Known reading changes')."""
    from tests.test_replay_hints import _early_winter, _hint

    position = board({"CHA": "A LOR", "BUR": "A FRANCE"}, phase="E1620D", influence={"LOR": {"FRANCE": 5}})
    replayed = _early_winter(tmp_path, position, "E1620D")
    assert "CHA" not in replayed["after"]["extra"]["europe1615"].get("annexed", {})
    stored = json.loads(json.dumps(replayed))
    stored["after"]["extra"]["europe1615"].setdefault("annexed", {})["CHA"] = "LOR"  # as the older version wrote it
    out = _hint("europe1615", "E1620D", stored, replayed)
    assert out[0] == "  E1620D (Required Disbands): could be explained by a known change:"
    assert any(line.startswith("    aligned-minor-annexes-none-of-its-power (2026-11-29; 000_cc215928c2f3193e.txt, ")
               for line in out[1:-1])
    assert "1 could be explained by a known change, 0 not explained" in out[-1]


def test_a_neutral_army_out_of_its_state_may_be_supported_and_at_home_cannot_be_attacked():
    """000_cc215928c2f3193e.txt, 'Neutrality (impassable)': "if the minor state becomes neutral
    after its army has moved, the state's army holds its position where ever it is on the board,
    and is disbanded if dislodged. Neutral army's position may be supported if it is not in its
    state of origin." Lorraine made NEUTRAL (France 3, Spain 3) with its army in France's
    Champagne: France's support of its hold stops Spain's supported attack; without it the army
    is dislodged and disbanded. In Lorraine itself no unit may attack it ('no power can enter the
    minor state'), so there is no support to give (NOTES.md, 'Neutral lands')."""
    from gm_tools.edges.ordercheck import check_orders
    from gm_tools.edges.workbook import OrderEntry
    from europe1615_play import RULES, VARIANT

    neutral = {"LOR": {"FRANCE": 3, "SPAIN": 3}}
    units = {"CHA": "A LOR", "BUR": "A FRANCE", "LIE": "A SPAIN", "BRB": "A SPAIN"}
    attack = {"SPAIN": ["A LIE - CHA", "A BRB S A LIE - CHA"]}
    supported, _ = play(board(units, influence=neutral), {**attack, "FRANCE": ["A BUR S A CHA"]})
    assert unit_at(supported.after, "CHA") == "A LOR" and unit_at(supported.after, "LIE") == "A SPAIN"
    alone, _ = play(board(units, influence=neutral), attack)
    assert unit_at(alone.after, "CHA") == "A SPAIN"
    assert not any(u.power == "LOR" for u in alone.after.units.values()) and not alone.after.dislodged

    home = board({"LOR": "A LOR", "BUR": "A SPAIN"}, influence=neutral)
    checked = check_orders(VARIANT, home, RULES, [OrderEntry("SPAIN", "Orders!C2", "A BUR - LOR", "A BUR")], False)
    assert checked.problems and "NEUTRAL" in checked.problems[0].expected


def test_a_waiver_made_in_the_summer_holds_through_the_fall_without_being_typed_again():
    """000_cc215928c2f3193e.txt, 'Waiving the capture of a center': "The decision must be made
    prior to the build phase (preferably fall phase). Once the decision is made no reversal is
    allowed until the next build phase." France waives Lorraine in the Summer; the Fall's
    Waivers sheet says nothing of it, and France's army standing in LOR still captures nothing.
    Spent at the Early Winter, a year later the same army captures it."""
    from europe1615_play import inputs

    summer = board({"BUR": "A FRANCE"}, phase="U1616M")
    done, _ = play(summer, {"FRANCE": ["A BUR - LOR"]}, inputs() | {"waivers": [["FRANCE", "LOR"]]})
    assert unit_at(done.after, "LOR") == "A FRANCE" and done.after.phase == "F1616M"
    fall, _ = play(done.after, {"FRANCE": ["A LOR H"]}, inputs())
    assert fall.after.centers["LOR"] == "LOR" and state_of(fall.after).waived == (("FRANCE", "LOR"),)
    winter, _ = play(fall.after, {})
    assert state_of(winter.after).waived == ()
    next_fall = board({"LOR": "A FRANCE"}, phase="F1617M")
    done, _ = play(next_fall, {"FRANCE": ["A LOR H"]}, inputs())
    assert done.after.centers["LOR"] == "FRANCE"


def test_foreign_armies_in_a_state_made_neutral_still_support_and_attack():
    """000_cc215928c2f3193e.txt, 'Neutrality (impassable)': "If a minor state changes to a
    NEUTRAL status, a power's army or another minor state's army situated in the neutral minor
    state can still function to support, attack, hold, etc." Lorraine turns NEUTRAL with this
    Spring's deployment (Spain's 3 INFs to France's 3) while a Spanish army stands in it: that
    army's support dislodges France's army in Champagne. The same with Savoy's army (aligned with
    Spain) in Lorraine, which attacks out of it and takes Burgundy."""
    from europe1615_play import inputs

    def spring(units):
        return board(units, influence={"LOR": {"FRANCE": 3}, "SAV": {"SPAIN": 4}},
                     year_infs={"FRANCE": 35, "SPAIN": 37})

    turned = inputs([("SPAIN", 3, "LOR")])
    done, _ = play(spring({"LOR": "A SPAIN", "LIE": "A SPAIN", "CHA": "A FRANCE"}),
                   {"SPAIN": ["A LIE - CHA", "A LOR S A LIE - CHA"]}, turned)
    assert state_of(done.after).influence.infs("LOR") == {"FRANCE": 3, "SPAIN": 3}
    assert unit_at(done.after, "CHA") == "A SPAIN" and "CHA" in done.after.dislodged
    done, _ = play(spring({"LOR": "A SAV", "FRC": "A SPAIN"}), {"SPAIN": ["A LOR - BUR", "A FRC S A LOR - BUR"]},
                   turned)
    assert unit_at(done.after, "BUR") == "A SAV" and unit_at(done.after, "LOR") is None


def test_an_abandoned_powers_units_disbanded_at_the_early_winter_annex_nothing():
    """000_cc215928c2f3193e.txt, 'EARLY WINTER PHASE': "(2) Disband all units of any power that
    has been abandoned"; 'Waiving the capture of a center': "Provinces without centers held by a
    power or a minor state at the build phase are automatically annexed". England, abandoned, has
    armies in Champagne (annexed to Spain a year before) and Gascony (annexed to Lorraine): they
    are disbanded at the Early Winter, hold nothing at the build phase, and the provinces stay
    Spain's and Lorraine's ('All other provinces are left as unaligned passable states' speaks
    of the dissolved power's own, whose annexations go)."""
    position = board({"CHA": "A ENGLAND", "GAS": "A ENGLAND", "LON": "F ENGLAND"}, phase="E1616D")
    state = state_of(position)
    state.annexed = {"CHA": "SPAIN", "GAS": "LOR", "ULS": "ENGLAND"}
    state.abandoned = ("ENGLAND",)
    done, _ = play(with_state(position, state), {})
    assert not any(u.power == "ENGLAND" for u in done.after.units.values())
    assert state_of(done.after).annexed == {"CHA": "SPAIN", "GAS": "LOR"}


def test_an_early_winter_recorded_before_the_abandoned_units_stopped_annexing_is_explained(tmp_path):
    """The fix above changes recorded games: one recorded before has, at its Early Winter,
    Champagne no longer Spain's. ``gm-tools replay`` names the change."""
    from tests.test_replay_hints import _early_winter, _hint

    position = board({"CHA": "A ENGLAND", "LON": "F ENGLAND"}, phase="E1620D")
    state = state_of(position)
    state.annexed = {"CHA": "SPAIN"}
    state.abandoned = ("ENGLAND",)
    replayed = _early_winter(tmp_path, with_state(position, state), "E1620D")
    assert replayed["after"]["extra"]["europe1615"]["annexed"] == {"CHA": "SPAIN"}
    stored = json.loads(json.dumps(replayed))
    stored["after"]["extra"]["europe1615"]["annexed"] = {}  # as the older version wrote it
    out = _hint("europe1615", "E1620D", stored, replayed)
    assert out[0] == "  E1620D (Required Disbands): could be explained by a known change:"
    assert any(line.startswith("    abandoned-units-annex-nothing (2026-11-29; 000_cc215928c2f3193e.txt, ")
               for line in out[1:-1])
    assert "1 could be explained by a known change, 0 not explained" in out[-1]


def test_a_required_disband_naming_a_unit_twice_is_refused_at_its_cell(tmp_path):
    """000_cc215928c2f3193e.txt, 'Disbanding': "If the minor state has 2 or more units, and one
    or more of its non-home centers are captured, the aligned power will submit the orders to
    disband in the Early Winter Adjustment Phase." Mecklenburg (aligned with Denmark) has three
    armies and one center: two are due. The GM types A POM on two rows: the second is refused
    at its cell (the turn crashed on it, disbanding one unit twice), nothing written; A POM and
    A HOL disband both."""
    import hashlib

    import pytest

    from europe1615_play import game_at
    from gm_tools.app.turn import load_state, run_turn
    from gm_tools.edges.workbook_fill import set_cells
    from gm_tools.errors import WorkbookError
    from gm_tools.systems.europe1615.sheets import DISBANDS

    def files():
        return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(tmp_path.rglob("*")) if p.is_file()}

    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "HOL": "A MEC", "SRL": "A BRA"}, phase="E1616D",
                  centers=centers, influence={"MEC": {"DENMARK": 10}})
    paths = game_at(tmp_path, early)
    original = paths.workbook.read_bytes()
    twice = {f"{DISBANDS}!A2": "DENMARK", f"{DISBANDS}!B2": "A POM", f"{DISBANDS}!A3": "DENMARK",
             f"{DISBANDS}!B3": "A POM"}
    paths.workbook.write_bytes(set_cells(original, twice))
    before = files()
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found) == (DISBANDS, "B3", "'A POM'")
    assert "named on an earlier row" in problem.expected and f"{DISBANDS}!B2" in problem.expected
    assert files() == before
    paths.workbook.write_bytes(set_cells(original, dict(twice, **{f"{DISBANDS}!B3": "A HOL"})))
    run_turn("g", root=tmp_path, site_dir=None)
    assert sorted(p for p, u in load_state("g", tmp_path).position.units.items() if u.power == "MEC") == ["MEC"]
