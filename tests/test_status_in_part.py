"""``gm-tools status`` and the end of ``gm-tools orders`` name the powers that entered orders for
some of what is due and not all of it (a unit left without an order), apart from the powers that
entered nothing: 'every power has entered orders' was said while a unit still had no order, and
the GM read it to run the turn before the deadline. What the rules do with what is left out is
said with it: it is no error."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.status import phase_status
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import board_variant, create, play, snapshot

EVERY_UNIT = {
    "AUSTRIA": ["A VIE H", "A BUD H", "F TRI H"],
    "ENGLAND": ["F LON H", "F EDI H", "A LVP H"],
    "FRANCE": ["A PAR H", "A MAR H", "F BRE H"],
    "GERMANY": ["A MUN - RUH"],  # A BER and F KIE left without an order
    "ITALY": ["A VEN H", "A ROM H"],  # F NAP left without an order
    "RUSSIA": ["A MOS H", "A WAR H", "F SEV H", "F STP/SC H"],
    "TURKEY": ["F ANK H", "A CON H", "A SMY H"],
}


def _type(paths, orders):
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders))


def test_a_unit_left_without_an_order_is_named_not_every_power_said_to_have_entered(tmp_path, capsys):
    """2000 rulebook, 'Holding': a unit given no order holds. Every power has typed something,
    two of them not for every unit: status names those powers and units, and never says 'every
    power has entered orders' alone."""
    paths = create(tmp_path)
    _type(paths, EVERY_UNIT)
    files = snapshot(tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == []
    assert status.in_part == [("GERMANY", "no order for A BER, F KIE"), ("ITALY", "no order for F NAP")]
    lines = status.text().splitlines()
    assert "  every power has entered orders" not in lines
    assert "  every power has entered orders, not all in full" in lines
    assert ("  entered in part (a unit given no order holds): GERMANY (no order for A BER, F KIE); "
            "ITALY (no order for F NAP)") in lines
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == (
        "g: S1901M, deadline: none set, 7 of 7 powers have entered orders, entered in part: "
        "GERMANY (no order for A BER, F KIE); ITALY (no order for F NAP)")
    assert snapshot(tmp_path) == files


def test_powers_that_entered_nothing_and_those_that_entered_in_part_are_told_apart(tmp_path, capsys):
    paths = create(tmp_path)
    _type(paths, {p: o for p, o in EVERY_UNIT.items() if p != "AUSTRIA"})
    lines = phase_status("g", root=tmp_path).text().splitlines()
    assert "  waiting for: AUSTRIA (orders for 3 units)" in lines
    assert ("  entered in part (a unit given no order holds): GERMANY (no order for A BER, F KIE); "
            "ITALY (no order for F NAP)") in lines
    assert phase_status("g", root=tmp_path).summary().endswith(
        ", 6 of 7 powers have entered orders, waiting for AUSTRIA (orders for 3 units), entered in part: "
        "GERMANY (no order for A BER, F KIE); ITALY (no order for F NAP)")


def test_the_orders_command_ends_with_the_units_still_without_an_order(tmp_path, capsys):
    """The end of `gm-tools orders` ('still waiting for: ...') is the GM's next look too."""
    create(tmp_path)
    mail = tmp_path / "all.txt"
    mail.write_text("\n\n".join(f"{power}\n" + "\n".join(orders) for power, orders in EVERY_UNIT.items()) + "\n",
                    encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.endswith(
        "\nevery power has entered orders, not all in full\n"
        "entered in part (a unit given no order holds): GERMANY (no order for A BER, F KIE); "
        "ITALY (no order for F NAP)\n")
    mail.write_text("Germany\nA BER H\nF KIE H\nA MUN - RUH\n\nItaly\nF NAP H\nA VEN H\nA ROM H\n", encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.endswith("\nevery power has entered orders\n")


def test_a_dislodged_unit_left_without_a_retreat_order_is_named_with_its_disbanding(tmp_path):
    """2000 rulebook, 'Retreating': a dislodged unit not ordered to retreat is disbanded.
    Austria, two units dislodged, has sent the retreat of one."""
    board = board_variant(tmp_path, "twice", units={"FRANCE": ["A TYR", "A BOH", "A GAL", "A SER"],
                                                      "AUSTRIA": ["A VIE", "A BUD", "F TRI"]},
                          centers={"FRANCE": ["PAR", "MAR", "BRE", "SER"], "AUSTRIA": ["VIE", "BUD", "TRI"]})
    paths = create(tmp_path, "r", variant=str(board))
    play(paths, {"FRANCE": ["A TYR - VIE", "A BOH S A TYR - VIE", "A GAL - BUD", "A SER S A GAL - BUD"]})
    status = phase_status("r", root=tmp_path)
    assert status.phase == "S1901R"
    assert "  waiting for: AUSTRIA (A BUD, A VIE to retreat or disband)" in status.text().splitlines()
    _type(paths, {"AUSTRIA": ["A VIE R GAL"]})
    status = phase_status("r", root=tmp_path)
    lines = status.text().splitlines()
    assert status.in_part == [("AUSTRIA", "no retreat order for A BUD")]
    assert "  every power has entered orders, not all in full" in lines
    assert ("  entered in part (a dislodged unit given no retreat order is disbanded): AUSTRIA (no retreat order "
            "for A BUD)") in lines


def test_builds_entered_in_part_say_the_rest_is_waived(tmp_path):
    """2000 rulebook: a player may choose not to build (DATC 4.D.7): France, two builds due,
    has typed one; the other is waived unless it comes ('1 build(s) not ordered: waived')."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A MAR - SPA", "F BRE - MAO"]})
    play(paths, {"FRANCE": ["F MAO - POR"]})
    _type(paths, {"FRANCE": ["BUILD A PAR"]})
    status = phase_status("g", root=tmp_path)
    assert status.phase == "W1901A" and status.in_part == [("FRANCE", "1 of 2 builds not entered")]
    lines = status.text().splitlines()
    assert "  entered in part (a build not entered is waived): FRANCE (1 of 2 builds not entered)" in lines
    _type(paths, {"FRANCE": ["BUILD A PAR", "BUILD F BRE"]})  # typed from the first row again
    status = phase_status("g", root=tmp_path)
    assert status.in_part == [] and "  every power has entered orders" in status.text().splitlines()


def test_removals_entered_in_part_say_the_rest_is_made_by_civil_disorder(tmp_path):
    """2000 rulebook, 'Civil disorder': a power that does not remove the units it must has them
    removed for it ('civil disorder: A ... removed (no removal ordered)'). Austria, down to
    Budapest with three units, has typed one of its two removals."""
    paths = create(tmp_path)
    play(paths, {"AUSTRIA": ["A VIE - GAL", "F TRI - ALB"], "GERMANY": ["A MUN - BOH"]})
    play(paths, {"GERMANY": ["A BOH - VIE"], "ITALY": ["A VEN - TRI"]})
    _type(paths, {"AUSTRIA": ["A GAL D"]})
    status = phase_status("g", root=tmp_path)
    assert status.phase == "W1901A" and status.in_part == [("AUSTRIA", "1 of 2 removals not entered")]
    assert status.waiting_for == ["GERMANY", "ITALY"]
    assert ("  entered in part (a removal not entered is made by civil disorder): AUSTRIA (1 of 2 removals "
            "not entered)") in status.text().splitlines()


def test_a_europe_1615_power_that_ordered_only_a_minor_s_unit_is_named_for_its_own_units(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': 'France submits orders for French
    units ... and to the units in the minor states where the INFs will be deployed to'. Every
    power has mailed; Spain left one of its units out and France ordered a minor's unit only:
    both are named with their own units still without an order, the minors' left apart."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615", "g", root=tmp_path, seed=4, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    units = {p.power: p.missing for p in phase_status("g", root=tmp_path).powers}
    holds = {power: [f"{u} H" for u in own] for power, own in units.items()}
    holds["SPAIN"] = holds["SPAIN"][1:]
    holds["FRANCE"] = ["A BAV - WUR"]
    enter_mails("g", [(power, (f"{power}\n" + "\n".join(orders) + "\n").encode()) for power, orders in holds.items()],
                root=tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == []
    assert status.in_part == [("FRANCE", f"no order for {', '.join(units['FRANCE'])}"),
                              ("SPAIN", f"no order for {units['SPAIN'][0]}")]
    assert "  every power has entered orders, not all in full" in status.text().splitlines()


def test_a_unit_only_this_power_commands_left_without_an_order_is_named_with_its_owner(tmp_path):
    """rulebook 004 (Centenary), '4. Bavaria ... In Winter 1617 (the first turn), the Empire
    takes control of it's army': no other power orders it, so the Empire that ordered its own
    units and not Bavaria's has entered in part (the army holds). Europe 1615's minors, which
    every power may order, are not named (above)."""
    from gm_tools.app.mailorders import enter_mails

    create(tmp_path, "c", variant="centenary")
    own = next(p for p in phase_status("c", root=tmp_path).powers if p.power == "EMPIRE").missing
    enter_mails("c", [("m", ("Empire\n" + "".join(f"{u} H\n" for u in own)).encode())], root=tmp_path)
    status = phase_status("c", root=tmp_path)
    assert status.in_part == [("EMPIRE", "no order for A BAV (Bavaria)")]


def test_the_every_game_line_names_the_powers_alone_when_what_they_left_out_runs_long(tmp_path):
    """As 'waiting for' is shortened past 200 characters, so is 'entered in part': each of the
    seven powers ordered one unit, and the line names them and the command that says the rest."""
    paths = create(tmp_path)
    _type(paths, {power: orders[:1] for power, orders in EVERY_UNIT.items()})
    summary = phase_status("g", root=tmp_path).summary()
    assert summary == ("g: S1901M, deadline: none set, 7 of 7 powers have entered orders, entered in part: AUSTRIA, "
                       "ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY (what each left out: gm-tools status g)")
