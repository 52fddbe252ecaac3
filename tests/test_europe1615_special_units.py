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
