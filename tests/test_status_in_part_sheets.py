"""'Entered in part' for the phases whose entries are not the Orders sheet's rows: a power that
sent some of what its sheet asks of it and not all is named with what it left out and what the
turn makes of it, as a power that left a unit without an order is (tests/test_status_in_part.py).
'Every power with units has sent its offer sheet' was said while a power had bid on two of its
five units, and the Early Winter said 'every aligned power has named the disbands due' while one
of two was named."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.status import phase_status
from gm_tools.app.turn import load_state, new_game, run_turn
from workflow_helpers import snapshot

PAYOLA_IMPLICIT_HOLD = ("a unit its owner does not bid on gets an implicit 0 : HOLD from its owner: "
                        "it holds unless another power pays for another order")


def _payola_movement(root):
    new_game("europe1615v2", "g", root=root, seed=5, created="2000-01-01T00:00:00Z")
    for _ in range(2):  # the Influence and Taxation/Revenue Phases, nothing entered
        run_turn("g", root=root, site_dir=None, force=True)


def test_a_payola_power_that_bid_on_some_of_its_units_is_named_with_those_it_left_out(tmp_path, capsys):
    """rulebook 001 (Europe 1615 v2), '6 MOVEMENT PHASE': 'Players submit their offer sheet as
    describe at http://www.variantbank.org/results/rules/p/payolaclassic.htm', and Classic Payola
    (shared/reference/payola-classic.md): 'A unit its owner does not bid on gets an implicit
    0 : unit HOLD from its owner.' France bid on two of its five units, one offer Spain's for a
    French unit (no bid of France's); every other power on all of its own."""
    _payola_movement(tmp_path)
    mail = tmp_path / "offers.txt"
    mail.write_text("France\n0 : A PAR - BUR\n3: F BRI H\n\n"
                    "Spain\n0: A CAT H\n0: A MAD H\n0: A MIL H\n0: A SPA H\n0: F GAL H\n1 : A POI H\n\n"
                    "Austria\n0: A BOH H\n0: A CRO H\n0: A HUN H\n0: A MOR H\n0: A VIE H\n\n"
                    "England\n0: A LNC H\n0: A SCO H\n0: A WAL H\n0: F GLO H\n0: F LON H\n\n"
                    "Denmark/Sweden\n0: A COP H\n0: A HOL H\n0: F NWY H\n0: F SCA H\n0: F SWE H\n", encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.endswith(
        "\nevery power with units has sent its offer sheet, not all in full\n"
        f"entered in part ({PAYOLA_IMPLICIT_HOLD}): FRANCE (no offer for A POI, A TOU, F NOR)\n")
    files = snapshot(tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == [] and status.in_part == [("FRANCE", "no offer for A POI, A TOU, F NOR")]
    lines = status.text().splitlines()
    assert "  every power with units has sent its offer sheet, not all in full" in lines
    assert f"  entered in part ({PAYOLA_IMPLICIT_HOLD}): FRANCE (no offer for A POI, A TOU, F NOR)" in lines
    assert status.summary().endswith(", every power with units has sent its offer sheet, "
                                     "entered in part: FRANCE (no offer for A POI, A TOU, F NOR)")
    assert snapshot(tmp_path) == files


def test_a_payola_power_waited_for_and_one_in_part_are_told_apart(tmp_path):
    """As on the Orders sheet: a power that sent no offer sheet is waited for, one that sent
    offers for some of its units is named in part (rulebook 001, '6 MOVEMENT PHASE')."""
    _payola_movement(tmp_path)
    enter_mails("g", [("m", b"Spain\n0: A CAT H\n0 : A MAD - ARA\n")], root=tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == ["AUSTRIA", "FRANCE", "ENGLAND", "DENMARK"]
    assert status.in_part == [("SPAIN", "no offer for A MIL, A SPA, F GAL")]
    assert status.summary().endswith(", waiting for AUSTRIA, FRANCE, ENGLAND, DENMARK (each: an offer sheet), "
                                     "entered in part: SPAIN (no offer for A MIL, A SPA, F GAL)")


def _early_winter(root):
    """Mecklenburg (aligned with Denmark) holds its home center alone and keeps three armies:
    two are due to go at the Early Winter."""
    from europe1615_play import board, game_at

    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "HOL": "A MEC", "SRL": "A BRA"}, phase="E1616D",
                  centers=centers, influence={"MEC": {"DENMARK": 10}})
    return game_at(root, early)


def test_an_aligned_power_that_named_fewer_disbands_than_due_is_named_with_the_one_civil_disorder_takes(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Disbanding': 'If the minor state has 2 or more units, and
    one or more of its non-home centers are captured, the aligned power will submit the orders to
    disband in the Early Winter Adjustment Phase.' Denmark names one of Mecklenburg's two; the
    turn disbands the other by civil disorder, the unit farthest from its home center (2000
    rulebook, 'Civil disorder'; the turn's note 'disbanded, none ordered'), and status names
    it before the turn does."""
    _early_winter(tmp_path)
    assert enter_mails("g", [("d.txt", b"Denmark\nA POM D\n")], root=tmp_path).refused == []
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == []
    assert status.in_part == [("DENMARK", "1 of 2 disbands of MEC (Mecklenburg) not named: "
                                          "civil disorder disbands A HOL")]
    lines = status.text().splitlines()
    assert "  every aligned power has named the disbands due, not all in full" in lines
    assert ("  entered in part (a disband not named is made by civil disorder, the unit farthest from the minor "
            "state's home center): DENMARK (1 of 2 disbands of MEC (Mecklenburg) not named: civil disorder "
            "disbands A HOL)") in lines
    # every disband named: nobody in part; one named again (a later mail replaces): the turn
    # disbands the unit status named
    enter_mails("g", [("d2.txt", b"Denmark\nA POM D\nA HOL D\n")], root=tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.in_part == [] and "  every aligned power has named the disbands due" in status.text().splitlines()
    enter_mails("g", [("d3.txt", b"Denmark\nA POM D\n")], root=tmp_path)
    assert [who for who, _ in phase_status("g", root=tmp_path).in_part] == ["DENMARK"]
    run_turn("g", root=tmp_path, site_dir=None)
    assert sorted(p for p, u in load_state("g", tmp_path).position.units.items() if u.power == "MEC") == ["MEC"]


def test_a_europe_1619_power_that_placed_fewer_infs_than_allotted_is_named_with_those_lost(tmp_path):
    """rulebook 002 (Europe 1619), '1 - Diplomatic Phase': 'Players should use all INFs available
    for the year and may not save unused INFs for the following year' (the turn's report: '3
    unused, lost'). France placed 3 of its 6, Spain only declared war on Venice: both are no longer
    waited for, and both are named with the INFs they leave unplaced."""
    from workflow_helpers import create, type_cells

    paths = create(tmp_path, name="e", variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 3, "INF Placements!C2": "LOR",
                       "Declarations!A2": "SPAIN", "Declarations!B2": "war", "Declarations!C2": "VENICE"})
    status = phase_status("e", root=tmp_path)
    assert "FRANCE" not in status.waiting_for and "SPAIN" not in status.waiting_for
    assert status.in_part == [("SPAIN", "6 of 6 INFs not placed"), ("FRANCE", "3 of 6 INFs not placed")]
    assert ("  entered in part (INFs not placed are lost: 'may not save unused INFs for the following year'): "
            "SPAIN (6 of 6 INFs not placed); FRANCE (3 of 6 INFs not placed)") in status.text().splitlines()
    type_cells(paths, {"INF Placements!A3": "FRANCE", "INF Placements!B3": 3, "INF Placements!C3": "LOR"})
    assert [who for who, _ in phase_status("e", root=tmp_path).in_part] == ["SPAIN"]


def test_a_europe_1615_power_leaving_infs_undeployed_in_the_year_s_last_movement_phase_is_named(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Deployment of influence with submission of orders':
    'Powers need not deploy all INFs in the first phase, but can spread out those deployments in
    subsequent phases ... Any unused INFs do not carry forward into the next year'. In the Fall,
    the year's last movement phase, France ordered its army and deployed 5 of its 12 INFs: the 7
    left are lost with the year. In the Spring it may still deploy them: nothing is said."""
    from europe1615_play import board, game_at

    for phase, said in (("S1616M", []), ("F1616M", [("FRANCE", "7 of 12 INFs not deployed")])):
        root = tmp_path / phase
        game_at(root, board({"PAR": "A FRANCE", "MAD": "A SPAIN"}, phase=phase,
                            year_infs={"FRANCE": 12, "SPAIN": 5}))
        enter_mails("g", [("f.txt", b"France\n5: LOR\nA PAR H\n"), ("s.txt", b"Spain\n5: SAV\nA MAD H\n")], root=root)
        status = phase_status("g", root=root)
        assert status.waiting_for == [] and status.in_part == said, phase
    assert ("  entered in part (INFs not deployed by the year's last movement phase are lost: 'Any unused INFs do "
            "not carry forward into the next year'): FRANCE (7 of 12 INFs not deployed)") in status.text().splitlines()
