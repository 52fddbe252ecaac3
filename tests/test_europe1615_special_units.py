"""Europe 1615: the minor states' retreats and special units the sanctions grant, played
through the order checks, the Orders sheet and the mail as a GM's turn plays them.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Description of sanctions/modifiers' (Protestant Union,
Saxon intervention, Kejserkrigen, Swedish/Gustav's intervention, Dutch intervention, Catholic
League, Polish intervention), 'Retreats' and 'Expansion'.
"""

from __future__ import annotations

from europe1615_play import RULES, SETUP, VARIANT, board, game_at, play, unit_at
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.layout import order_blocks
from gm_tools.systems.europe1615.phases import settle
from gm_tools.systems.europe1615.state import state_of, with_state


def with_sanctions(position, *keys, year=1616):
    """``position`` with these sanctions switched on (and the timeline saying so), settled as
    after a phase (the special units given their strength)."""
    state = state_of(position)
    # the others long after, so that none but these comes into effect
    state.timeline = tuple((k, f"S{year if k in keys else 1640}M") for k in SETUP.sanctions)
    state.sanctions_on = {k: year for k in keys}
    position = with_state(position, state)
    return settle(VARIANT, position, before=position)[0]


FRENCH_ATTACK = {"FRANCE": ["A MAG - BRU", "A ERF S A MAG - BRU", "A BRA S A MAG - BRU"]}
"""Three French armies against Brunswick-Lunenburg: strength 3 dislodges the K army's 2."""


def _k_dislodged(**extra: str):
    """Spring 1617 played: Lower Saxony (aligned with England, Kejserkrigen on since 1616) has
    its K army in BRU dislodged by France; the retreat phase that follows."""
    units = {"BRU": "A LOWR", "MAG": "A FRANCE", "ERF": "A FRANCE", "BRA": "A FRANCE", **extra}
    start = with_sanctions(board(units, phase="S1617M", influence={"LOWR": {"ENGLAND": 5}}), "kejserkrigen")
    assert start.units["BRU"].strength == 2  # 'Lower Saxon army (K) moves ... with the strength of two units'
    done, _ = play(start, FRENCH_ATTACK)
    assert done.after.phase == "S1617R" and "BRU" in done.after.dislodged
    return done.after


def test_a_minors_only_unit_dislodged_retreats_by_its_aligned_powers_order(tmp_path):
    """000_cc215928c2f3193e.txt, 'Kejserkrigen': "All Lower Saxon units gain the ability to
    retreat"; 'Retreats': "no retreats are allowed for units of the minor states. However, see
    SANCTION regarding retreats for some states"; 'Alliance': "Orders submitted by the power to
    any aligned state will be followed by the unit of the state (where ever it is on the
    board)". Lower Saxony's only army dislodged is still England's to order: a row on the Orders
    sheet, the order accepted from the sheet and from England's mail, and the army retreats."""
    retreat = _k_dislodged()
    assert "LOWR" in RULES.commanded(VARIANT, retreat, "ENGLAND")
    england = next(b for b in order_blocks(VARIANT, retreat, RULES) if b.power == "ENGLAND")
    assert [s.unit for s in england.slots] == ["A BRU"] and "A BRU R BRE" in england.slots[0].choices
    done, _ = play(retreat, {"ENGLAND": ["A BRU R BRE"]})
    assert unit_at(done.after, "BRE") == "A LOWR"

    paths = game_at(tmp_path, retreat)
    report = enter_mails("g", [("england", b"England\nA BRU R BRE\n")], root=tmp_path)
    assert report.refused == [] and [w[2] for w in report.written] == ["A BRU R BRE"]
    run_turn("g", root=tmp_path, site_dir=None)
    assert unit_at(load_state("g", tmp_path).position, "BRE") == "A LOWR"
    assert paths.workbook.exists()


def test_a_minor_with_no_unit_on_the_board_builds_by_its_aligned_powers_order():
    """000_cc215928c2f3193e.txt, 'Expansion': "The aligned power is also required to submit
    build orders for the minor state that acquires new centers." Mecklenburg (aligned with
    Denmark) holds MEC and Stralsund but has no unit left, a Danish army standing in MEC (an
    ally: 'cannot capture the center as long as it is aligned'): Denmark orders its build in
    SRL."""
    centers = dict(board({}).centers, SRL="MEC")
    winter = board({"MEC": "A DENMARK"}, phase="W1616A", centers=centers, influence={"MEC": {"DENMARK": 10}})
    assert "MEC" in RULES.commanded(VARIANT, winter, "DENMARK")
    denmark = next(b for b in order_blocks(VARIANT, winter, RULES) if b.power == "DENMARK")
    assert any("BUILD A SRL" in s.choices for s in denmark.slots if s.label.startswith("Mecklenburg"))
    done, _ = play(winter, {"DENMARK": ["BUILD A SRL"]})
    assert unit_at(done.after, "SRL") == "A MEC"


def test_a_dual_strength_unit_that_retreats_keeps_its_modifier():
    """000_cc215928c2f3193e.txt, 'Kejserkrigen': "Lower Saxon army (K) moves, attacks, supports,
    and defends with the strength of two units. If the unit is in retreat, move unit as if it
    has strength of one ... If the Lower Saxon army (K) is dislodged and disbanded, it can be
    rebuilt, modifier cancels." Dislodged and retreating it is not disbanded: strength one in
    its retreat, the K army with strength two once back on the board."""
    retreat = _k_dislodged(KAL="A LOWR")
    assert retreat.dislodged["BRU"].unit.strength == 1  # 'as if it has strength of one'
    assert state_of(retreat).special_lost == ()
    done, _ = play(retreat, {"ENGLAND": ["A BRU R BRE"]})
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "LOWR"} == {"BRE": 2, "KAL": 1}
    assert RULES.unit_marks(VARIANT, done.after) == {"BRE": "K"}
    assert state_of(done.after).special_lost == () and state_of(done.after).special_retreating == {}


def test_a_dual_strength_unit_dislodged_and_disbanded_cancels_its_modifier():
    """000_cc215928c2f3193e.txt, 'Kejserkrigen': "If the Lower Saxon army (K) is dislodged and
    disbanded, it can be rebuilt, modifier cancels." Not ordered to retreat, the K army is
    disbanded: the modifier is gone, and the Lower Saxon army left keeps strength one."""
    retreat = _k_dislodged(KAL="A LOWR")
    done, _ = play(retreat, {})
    assert unit_at(done.after, "BRU") == "A FRANCE" and "BRE" not in done.after.units
    assert state_of(done.after).special_lost == ("kejserkrigen",)
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "LOWR"} == {"KAL": 1}


def test_a_newly_acquired_special_unit_that_retreats_keeps_its_modifier():
    """000_cc215928c2f3193e.txt, 'Swedish/Gustav's intervention': "Swedish units may retreat. If
    the Swedes have a newly acquired army (S), this unit can move, attack, defend, or support
    with the strength of two units ... If the unit is in retreat, treat unit as if it has
    strength of one. If the Swedish army (S) is dislodged and disbanded, it cannot be rebuilt".
    The S army, dislodged, retreats and is the S army again."""
    from gm_tools.engine.model import Unit

    start = with_sanctions(board({"STO": "A SWE", "KLM": "A DENMARK", "BAL": "F DENMARK", "BOT": "F DENMARK"},
                                 phase="S1617M", influence={"SWE": {"ENGLAND": 5}}), "swedish_intervention")
    start.units["STO"] = Unit("SWE", "A", "STO", 2)  # the army built in the winter: the S army
    done, _ = play(start, {"DENMARK": ["A KLM - STO", "F BAL S A KLM - STO", "F BOT S A KLM - STO"]})
    retreat = done.after
    assert retreat.phase == "S1617R" and retreat.dislodged["STO"].unit.strength == 1
    done, _ = play(retreat, {"ENGLAND": ["A STO R DAL"]})
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "SWE"} == {"DAL": 2}
    assert RULES.unit_marks(VARIANT, done.after) == {"DAL": "S"}
    assert state_of(done.after).special_lost == ()


def test_the_first_armys_strength_never_passes_to_another_army_of_the_minor():
    """000_cc215928c2f3193e.txt, 'Protestant Union': "The RHI unit (R) can move, attack, defend,
    or support with the strength of two units. This modifier does not apply to any additionally
    acquired army units beyond the first army (R) ... If the RHI army unit is dislodged and
    disbanded, it can be rebuilt." The R army dislodged and disbanded, the army in Saarland
    stays an ordinary army; the next army Rhineland builds is the R army."""
    units = {"RHI": "A RHI", "SAA": "A RHI", "WUR": "A FRANCE", "FRA": "A FRANCE", "HES": "A FRANCE"}
    start = with_sanctions(board(units, phase="S1617M", influence={"RHI": {"ENGLAND": 5}}), "protestant_union")
    assert {p: u.strength for p, u in start.units.items() if u.power == "RHI"} == {"RHI": 2, "SAA": 1}
    done, _ = play(start, {"FRANCE": ["A WUR - RHI", "A FRA S A WUR - RHI", "A HES S A WUR - RHI"]})
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "RHI"} == {"SAA": 1}
    done, _ = play(done.after, {})  # not ordered to retreat: disbanded
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "RHI"} == {"SAA": 1}
    assert state_of(done.after).special_rebuild == ("protestant_union",)

    winter = done.after.copy()
    winter.phase = "W1617A"
    del winter.units["RHI"]  # the French army gone home
    winter.centers.update(RHI="RHI", COL="RHI")
    done, _ = play(winter, {"ENGLAND": ["BUILD A RHI"]})
    assert {p: u.strength for p, u in done.after.units.items() if u.power == "RHI"} == {"RHI": 2, "SAA": 1}
    assert RULES.unit_marks(VARIANT, done.after) == {"RHI": "R"}
    assert state_of(done.after).special_rebuild == ()
