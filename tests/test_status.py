"""``gm-tools status GAME``: who has entered orders for the current phase, read from the real
workbook as the GM left it; nothing written."""

from __future__ import annotations

import pytest

from gm_tools.app.cli import main
from gm_tools.app.status import phase_status
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import as_carried_over, create, edit_workbook, play, snapshot, type_cells


def _type(paths, orders, press=""):
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders, press))


def test_status_names_who_has_ordered_and_who_has_not(tmp_path, capsys):
    paths = create(tmp_path)  # France is played by Ann
    _type(paths, {"FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"], "GERMANY": ["A MUN - RUH"]})
    type_cells(paths, {"Game!B6": "Friday 18:00 UTC"})
    files = snapshot(tmp_path)
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "g: S1901M (Spring 1901 Movement), deadline: Friday 18:00 UTC"
    assert "  FRANCE (Ann): 3 of 3 row(s) ordered" in out
    assert "  GERMANY: 1 of 3 row(s) ordered; no order for A BER, F KIE" in out
    assert "  waiting for: AUSTRIA, ENGLAND, ITALY, TURKEY (each: orders for 3 units); RUSSIA (orders for 4 units)" in out
    assert "  press: none" in out
    assert snapshot(tmp_path) == files


def test_status_says_what_each_awaited_power_is_awaited_for(tmp_path, capsys):
    """The GM reading 'waiting for: AUSTRIA, ...' could not tell orders from builds: each power
    is named with what it owes, in the phase's words (Orders sheet's own: 'orders' for its
    units, a dislodged unit 'to retreat or disband', builds and removals due, 2000 rulebook,
    'Adjusting the number of units'); powers owing the same are named together, 'each:'."""
    paths = create(tmp_path)
    _type(paths, {"FRANCE": ["A PAR - BUR"]})
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert ("  waiting for: AUSTRIA, ENGLAND, GERMANY, ITALY, TURKEY (each: orders for 3 units); "
            "RUSSIA (orders for 4 units)") in capsys.readouterr().out.splitlines()
    play(paths, {"AUSTRIA": ["F TRI - ALB"], "ITALY": ["A VEN - TYR"]})
    play(paths, {"ITALY": ["A TYR - TRI"]})  # Austria loses Trieste: a removal due, Italy a build
    status = phase_status("g", root=tmp_path)
    assert status.phase == "W1901A" and status.waiting_for == ["AUSTRIA", "ITALY"]
    assert "  waiting for: AUSTRIA (1 removal); ITALY (1 build)" in status.text().splitlines()
    assert status.summary().endswith(", 0 of 2 powers have entered orders, waiting for AUSTRIA (1 removal); "
                                     "ITALY (1 build)")


def test_status_of_an_adjustment_phase_counts_the_builds_due(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A MAR - SPA", "F BRE - MAO"]})
    play(paths, {"FRANCE": ["F MAO - POR"]})  # Fall: Spain and Portugal taken, two builds due
    status = phase_status("g", root=tmp_path)
    assert status.phase == "W1901A"
    france = next(p for p in status.powers if p.power == "FRANCE")
    assert (france.rows, france.entered) == (2, 0) and status.waiting_for == ["FRANCE"]
    _type(paths, {"FRANCE": ["BUILD A PAR"]})
    france = next(p for p in phase_status("g", root=tmp_path).powers if p.power == "FRANCE")
    assert (france.rows, france.entered) == (2, 1)


def test_status_counts_a_variants_input_rows_and_the_press(tmp_path):
    paths = create(tmp_path, name="c", variant="centenary")
    _type(paths, {}, press="The Emperor is displeased.")
    status = phase_status("c", root=tmp_path)
    assert status.press and "press: entered" in status.text()
    assert all(count == 0 for count, _ in status.inputs.values())


def test_status_of_a_phase_entered_on_input_sheets_names_who_typed(tmp_path):
    """Europe 1619's Diplomatic Phase has no Orders rows: the INF placements go on their own
    sheet, and the status says who has typed rows there."""
    paths = create(tmp_path, name="e", variant="europe1619")
    status = phase_status("e", root=tmp_path)
    assert "no rows on the Orders sheet this phase" not in status.text()  # its sheets say who is awaited
    sheet = "INF Placements"
    assert status.inputs[sheet] == (0, [])
    from gm_tools.edges.workbook import open_workbook

    ws = open_workbook(paths.workbook.read_bytes(), "e")[sheet]
    headers = [c.value for c in ws[1]]
    row = {headers.index("Power"): "FRANCE", headers.index("INFs"): 3, headers.index("Minor state"): "LOR"}
    type_cells(paths, {f"{sheet}!{chr(65 + i)}2": v for i, v in row.items()})
    status = phase_status("e", root=tmp_path)
    assert status.inputs[sheet] == (1, ["FRANCE"]) and f"{sheet}: 1 row(s) typed (by FRANCE)" in status.text()


def test_status_does_not_count_rows_on_a_sheet_the_turn_cannot_read(tmp_path, capsys):
    """docs/workbook.md: an error 'names the sheet and the cell and nothing is written'. A GM
    who typed a Europe 1619 placement and then renamed the INFs column, and deleted the Attacks
    sheet, is told so by `gm-tools status` rather than '0 row(s) typed' on both."""
    import openpyxl

    paths = create(tmp_path, name="e", variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 3, "INF Placements!C2": "LOR",
                       "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN"})
    wb = openpyxl.load_workbook(paths.workbook)
    wb["INF Placements"]["B1"] = "INF"
    del wb["Attacks"]
    wb.save(paths.workbook)
    files = snapshot(tmp_path)
    assert main(["status", "e", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert ("  INF Placements: found no column 'INFs' (B1 holds 'INF'), expected the columns Power, INFs, Minor state; "
            "its rows are not counted") in out
    assert "  Attacks: found no such sheet, expected the Attacks sheet gm-tools wrote" in out
    assert "  Declarations: 1 row(s) typed (by FRANCE)" in out
    assert snapshot(tmp_path) == files


def test_status_says_when_the_turn_would_refuse_something(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "not a number"})  # the seed
    status = phase_status("g", root=tmp_path)
    assert status.problems == 1 and "deadline: none set" in status.text() and "gm-tools turn g --dry-run names each" in status.text()


def test_status_counts_the_orders_a_turn_would_refuse_power_by_power(tmp_path, capsys):
    """Before the deadline the GM reads the status, not the dry run: an order the turn would
    refuse (a province that is not one, a move no unit can make, two orders for one unit) is
    counted against its power, in the game's line too, and the workbook is left as it was."""
    paths = create(tmp_path)
    _type(paths, {"AUSTRIA": ["A BUD - SRE", "A VIE - GAL", "F TRI - ADR"],
                  "FRANCE": ["A PAR - BUR", "F BRE - MUN", "A MAR - SPA"]})
    files = snapshot(tmp_path)
    status = phase_status("g", root=tmp_path)
    refused = {p.power: p.refused for p in status.powers if p.refused}
    assert refused == {"AUSTRIA": 1, "FRANCE": 1} and status.problems == 2
    text = status.text()
    assert "  AUSTRIA: 3 of 3 row(s) ordered (1 a turn would refuse)" in text
    assert "  FRANCE (Ann): 3 of 3 row(s) ordered (1 a turn would refuse)" in text
    assert "2 entry(ies) a turn would refuse: gm-tools turn g --dry-run names each" in text
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip().endswith(", 2 entry(ies) a turn would refuse")
    assert snapshot(tmp_path) == files


def test_status_without_a_game_gives_one_line_a_game(tmp_path, capsys):
    """A GM running several games sees at once which wait for whom; a game whose files are
    damaged is named on its line, the others still listed."""
    first = create(tmp_path, name="alpha")
    create(tmp_path, name="beta")
    create(tmp_path, name="gamma")
    _type(first, {"FRANCE": ["A PAR - BUR"]})
    (tmp_path / "gamma" / "game.json").write_text("{not json", encoding="utf-8")
    files = snapshot(tmp_path)
    assert main(["status", "--root", str(tmp_path)]) == 1  # gamma's fault named, as `site` ends 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("alpha: S1901M, deadline: none set, 1 of 7 powers have entered orders, "
                        "waiting for AUSTRIA, ENGLAND, GERMANY, ITALY, TURKEY (each: orders for 3 units); "
                        "RUSSIA (orders for 4 units), entered in part: FRANCE (no order for A MAR, F BRE)")
    assert lines[1].startswith("beta: S1901M, deadline: none set, 0 of 7 powers")
    assert lines[2].startswith("gamma: ") and "game.json" in lines[2] and len(lines) == 3
    assert snapshot(tmp_path) == files


def test_status_of_an_empty_games_folder_says_how_to_start(tmp_path, capsys):
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert "no game in" in capsys.readouterr().out


def test_status_names_a_press_picture_lost_from_the_game_s_folder(tmp_path, capsys):
    """docs/site.md: a picture an earlier press shows, gone from the game's folder, keeps the
    site's copy and the build warns once; the GM's status says so as long as it is missing."""
    from gm_tools.app.turn import run_turn
    from test_press_pictures import keep_pictures, pictures_of, png

    paths = create(tmp_path)
    keep_pictures(paths, {"breda.png": png(4, 4)})
    type_cells(paths, {"Press!A2": "![the siege](pictures/breda.png)"})
    run_turn(paths.name, root=tmp_path, site_dir=None)
    assert phase_status("g", root=tmp_path).lost_pictures == []
    (pictures_of(paths) / "breda.png").unlink()
    status = phase_status("g", root=tmp_path)
    lost = (f"{paths.history / 'S1901M.json'}: press: found a picture with no file, 'pictures/breda.png', "
            f"expected the file {pictures_of(paths) / 'breda.png'}, the picture kept with the game")
    assert status.lost_pictures == [lost]
    assert f"  press picture lost: {lost}" in status.text().splitlines()
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(", 1 press picture(s) lost from its folder")


def test_status_of_every_game_with_a_file_for_its_folder_says_so(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("not the games", encoding="utf-8")
    assert main(["status", "--root", str(afile)]) == 2
    assert f"{afile} is a file, expected the folder of the games (--root)" in capsys.readouterr().err
    # the site says it in the same words; before, it said the file 'does not exist'
    assert main(["site", "--root", str(afile), "--out", str(tmp_path / "site")]) == 2
    assert f"{afile} is a file, expected the folder of the games (--root)" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_a_payola_movement_phase_waits_only_for_the_powers_without_an_offer_sheet(tmp_path, capsys):
    """rulebook 001 (Europe 1615 v2), 'Players submit their offer sheet as describe at ...
    payolaclassic': in a movement phase a power's unit orders are its offers on the Offers
    sheet (docs/europe1615v2.md: a unit order on the Orders sheet is refused), so a power that
    mailed its offer sheet is no longer waited for, and the Orders sheet's empty rows are not
    counted as orders missing."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    for _ in range(2):  # the Influence and Taxation/Revenue Phases, nothing entered
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    enter_mails("g", [("mail", b"France\n0 : A PAR - BUR\n3: A MAD H\n\nSpain\n0: A CAT H\n10 : A PAR H\n")],
                root=tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.phase == "S1615M" and status.waiting_for == ["AUSTRIA", "ENGLAND", "DENMARK"]
    text = status.text()
    assert "  waiting for: AUSTRIA, ENGLAND, DENMARK (each: an offer sheet)" in text and "row(s) ordered" not in text
    assert "  Offers: 4 row(s) typed (by FRANCE, SPAIN)" in text
    assert status.summary() == ("g: S1615M, deadline: none set, rows typed by FRANCE, SPAIN, "
                                "waiting for AUSTRIA, ENGLAND, DENMARK (each: an offer sheet), entered in part: "
                                "FRANCE (no offer for A POI, A TOU, F BRI, F NOR); SPAIN (no offer for A MAD, A MIL, "
                                "A SPA, F GAL)")
    # once every power with units has sent one, both commands say what was received, in the
    # phase's words (not a board game step's), each having bid on one of its units
    # (tests/test_status_in_part_sheets.py)
    mail = tmp_path / "offers.txt"
    mail.write_text("Austria\n0: A VIE H\n\nEngland\n0: F LON H\n\nDenmark/Sweden\n0: A COP H\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    assert "\nevery power with units has sent its offer sheet, not all in full\n" in capsys.readouterr().out
    status = phase_status("g", root=tmp_path)
    assert status.waiting_for == []
    assert "  every power with units has sent its offer sheet, not all in full" in status.text().splitlines()
    assert "step" not in status.text() and ", every power with units has sent its offer sheet, entered in part: " in (
        status.summary())


def test_a_europe_1615_power_is_counted_by_its_own_units_and_the_minors_apart(tmp_path):
    """rulebook 000 (Europe 1615 v3): every power may send orders to the minors' units ('France
    submits orders to the units in the minor states where the INFs will be deployed to'), so
    each block on the Orders sheet has a row for every minor's unit; status counts and lists
    the power's own units, and the minors' (and the Ottomans') units it may order apart."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615", "g", root=tmp_path, seed=4, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    enter_mails("g", [("austria", b"Austria\nA TYR - BAV\nA BAV - WUR\n")], root=tmp_path)
    status = phase_status("g", root=tmp_path)
    austria, france = status.powers[0], status.powers[1]
    assert (austria.power, austria.rows, austria.entered) == ("AUSTRIA", 5, 1)
    assert "A TYR" not in austria.missing and len(austria.missing) == 4
    assert all(unit.split()[1] not in ("BAV", "WUR", "SAX") for unit in austria.missing)
    assert (austria.commanded, austria.commanded_entered) == (33, 1)
    assert (france.rows, france.entered, france.commanded) == (5, 0, 33)
    assert (f"  AUSTRIA: 1 of 5 row(s) ordered; no order for {', '.join(austria.missing)}; "
            "other owners' units it may order: 1 of 33 ordered") in status.text()
    assert status.waiting_for == ["FRANCE", "SPAIN", "ENGLAND", "DENMARK"]


def test_a_europe_1615_power_that_mailed_its_deployment_only_is_waited_for_its_unit_orders(tmp_path, capsys):
    """rulebook 000 (Europe 1615 v3), 'Deployment of influence with submission of orders' and
    'Writing the orders' ('France submits orders for French units ... and to the units in the
    minor states where the INFs will be deployed to'): the INF deployment list and the unit
    orders are sent in the same movement phase, so a power whose mail held its INFs only is
    still waited for, for its unit orders. `orders` and `status` said 'waiting for ... FRANCE'
    as if nothing had come from France; they say what came and what is still due."""
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615", "g", root=tmp_path, seed=4, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    mail = tmp_path / "france.txt"
    mail.write_text("France\n9: WUR\n3: LOR\nWUR > SPAIN\n", encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    france = ("FRANCE (INF Deployment and Diplomatic Attacks received; unit orders for its 5 units not yet)")
    waiting = f"AUSTRIA, SPAIN (each: orders for 5 units); {france}; ENGLAND, DENMARK (each: orders for 4 units)"
    out = capsys.readouterr().out
    assert out.endswith(f"still waiting for: {waiting}\n"), out
    status = phase_status("g", root=tmp_path)
    assert status.phase == "S1615M" and status.waiting_for == ["AUSTRIA", "FRANCE", "SPAIN", "ENGLAND", "DENMARK"]
    assert f"  waiting for: {waiting}" in status.text().splitlines()
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert f"waiting for {waiting}" in capsys.readouterr().out
    # with one unit order France is no longer waited for (its INFs need not all be deployed
    # in this phase: 'Powers need not deploy all INFs in the first phase')
    mail.write_text("France\n9: WUR\nA PAR - BUR\n", encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.endswith("still waiting for: AUSTRIA, SPAIN (each: orders for 5 units); "
                                            "ENGLAND, DENMARK (each: orders for 4 units)\n"
                                            "entered in part (a unit given no order holds): FRANCE (no order for "
                                            "A LYO, F GUY, F NOR, F PRO)\n")


def test_a_retreat_phase_counts_the_dislodged_unit_as_its_owners(tmp_path, capsys):
    # 2000 rulebook, 'Retreating': the dislodged unit's owner orders its retreat; its province
    # now holds the unit that dislodged it, which is not whose row it is
    from workflow_helpers import solo_board

    paths = create(tmp_path, "solo", variant=str(solo_board(tmp_path)))
    play(paths, {"FRANCE": ["A TYR - VIE", "A BOH S A TYR - VIE"]})
    assert main(["status", "solo", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("solo: S1901R")
    assert "  AUSTRIA: 0 of 1 row(s) ordered" in out  # not "0 of 0; other owners' units it may order: 0 of 1"
    assert "  waiting for: AUSTRIA (A VIE to retreat or disband)" in out


def test_status_counts_units_ordered_not_rows_typed(tmp_path):
    """A GM copying mail into Excel types a second order for a unit on a new row, or an order
    for a unit the power does not have: neither orders another of its units. The status said
    '3 of 3 row(s) ordered; no order for A MAR, F BRE', contradicting itself."""
    paths = create(tmp_path)
    _type(paths, {"FRANCE": ["A PAR - BUR"]})

    def extra_rows(wb):
        ws = wb["Orders"]
        ws.append(["FRANCE", "A PAR", "A PAR - PIC"])  # a second order for A PAR
        ws.append(["FRANCE", "A GAS", "A GAS H"])  # no French unit in Gascony

    edit_workbook(paths.workbook, extra_rows)  # both orders for A PAR are refused, and A GAS H
    france = next(p for p in phase_status("g", root=tmp_path).powers if p.power == "FRANCE")
    assert (france.rows, france.entered, france.missing) == (3, 1, ["A MAR", "F BRE"])
    assert "  FRANCE (Ann): 1 of 3 row(s) ordered (3 a turn would refuse); no order for A MAR, F BRE" in (
        phase_status("g", root=tmp_path).text())


def test_status_counts_an_order_typed_on_another_units_row_for_the_unit_it_orders(tmp_path):
    """The turn reads the order, not the row's Unit cell: 'A MAR - SPA' typed on A PAR's row
    moves A MAR, and A PAR holds. The status named A MAR as the unit without an order."""
    paths = create(tmp_path)
    _type(paths, {"FRANCE": ["A MAR - SPA"]})  # fill_orders types it on the unit's own row

    def onto_par_row(wb):
        ws = wb["Orders"]
        rows = {ws.cell(r, 2).value: r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "FRANCE"}
        ws.cell(rows["A PAR"], 3).value, ws.cell(rows["A MAR"], 3).value = "A MAR - SPA", None

    edit_workbook(paths.workbook, onto_par_row)
    status = phase_status("g", root=tmp_path)
    france = next(p for p in status.powers if p.power == "FRANCE")
    assert (france.entered, france.missing, status.problems) == (1, ["A PAR", "F BRE"], 0)


def test_status_of_the_europe1619_diplomatic_phase_says_who_is_waited_for(tmp_path, capsys):
    """1619 rulebook, '1 - Diplomatic Phase': 'When the orders for the Diplomatic Phase are
    submitted the format will consist of (1) list of INF placements, (2) order for a diplomatic
    attack, and (3) declarations'. Every power is allotted INFs each year, so the GM waits for
    each one's list; the status said only 'no rows on the Orders sheet this phase', and the
    one-line status of every game 'rows typed by FRANCE', never who was still to send."""
    paths = create(tmp_path, name="e", variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 3, "INF Placements!C2": "LOR",
                       "Declarations!A2": "SPAIN", "Declarations!B2": "war", "Declarations!C2": "DUTCH"})
    status = phase_status("e", root=tmp_path)
    others = [p for p in ("AUSTRIA", "DENMARK", "SPAIN", "FRANCE", "DUTCH", "ENGLAND", "SWEDEN", "LEAGUE", "UNION",
                          "PAPACY", "POLAND", "SAXONY", "OTTOMAN", "VENICE", "SAVOY") if p not in ("FRANCE", "SPAIN")]
    assert status.waiting_for == others
    # each with the INFs it is allotted for the year ('INFs are allotted to the powers as shown in
    # the Influence Allocation Table', reconstructed in variants/europe1619/tables.toml)
    waiting = ("AUSTRIA (6 INFs to place); DENMARK, DUTCH, ENGLAND, OTTOMAN (each: 4 INFs to place); "
               "SWEDEN, POLAND, SAXONY, VENICE (each: 3 INFs to place); LEAGUE, UNION, PAPACY (each: 5 INFs to place); "
               "SAVOY (2 INFs to place)")
    assert f"  waiting for: {waiting}" in status.text().splitlines()
    # the games folder's listing, a line a game, names them alone: what each owes ran it past 300
    # characters; the game's own status says it
    assert main(["status", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    waiting, _, rest = out.partition(", entered in part: ")
    assert f", waiting for {', '.join(others)} (what each owes: gm-tools status e)" in waiting and "INFs" not in waiting
    # France placed 3 of its 6 INFs, Spain none (tests/test_status_in_part_sheets.py)
    assert rest.startswith("SPAIN (6 of 6 INFs not placed); FRANCE (3 of 6 INFs not placed)")


def test_the_one_line_status_counts_rows_on_a_sheet_with_no_power_column(tmp_path, capsys):
    """A row the GM typed on a sheet naming no power (Europe 1619's Papal Protection) is still typed: the one-line status said 'nothing typed yet' beside '1 entry(ies)
    a turn would refuse', the refused entry being that row."""
    from gm_tools.app.turn import run_turn

    paths = create(tmp_path, name="e", variant="europe1619")
    for _ in range(5):  # to Y1620D, whose Papal Protection sheet the GM fills
        run_turn("e", root=tmp_path, site_dir=None, force=True)
    type_cells(paths, {"Papal Protection!A2": 1619})
    assert main(["status", "--root", str(tmp_path)]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("e: Y1620D") and ", 1 entry(ies) a turn would refuse" in line
    assert "nothing typed yet" not in line and ", 1 row(s) typed on Papal Protection" in line


def test_every_games_status_says_a_game_over_as_its_own_status_does(tmp_path, capsys):
    """A game ended is said on its line of `status` in the words of `status NAME`, 'the game is
    over: ...'; before, the line repeated the name in a turn's refusal ("g: game 'g' is over")."""
    from gm_tools.app.endgame import end_game
    from gm_tools.app.turn import new_game

    new_game("standard", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    new_game("standard", "h", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    end_game("g", ["FRANCE", "ENGLAND"], root=tmp_path, site_dir=None)
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    alone = capsys.readouterr().out.strip()
    assert main(["status", "--root", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == alone.removesuffix("; nothing is waited for")
    assert lines[0].startswith("g: the game is over: drawn between ") and "game 'g'" not in lines[0]
    assert lines[1].startswith("h: S1901M, deadline: none set")


@pytest.mark.parametrize("lock", [".~lock.{}.xlsx#", "~${}.xlsx"])
def test_status_of_a_workbook_open_in_a_spreadsheet_program_warns_its_counts_are_of_the_saved_file(
        tmp_path, capsys, lock):
    """status reads the workbook as saved (it writes nothing, so it is not refused as turn and
    orders are); with the program's lock file beside it, what the GM typed and has not saved is
    not counted, and status now says so instead of counting as if it were all there."""
    create(tmp_path)
    (tmp_path / lock.format("g")).write_bytes(b"")
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert (f"  warning: g.xlsx is open in a spreadsheet program ({lock.format('g')} beside it): what is typed in "
            "it and not saved yet is not read here") in out
    # the dry run of the turn reads it too, and says the same
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run", "--force"]) == 0
    assert f"warning: g.xlsx is open in a spreadsheet program ({lock.format('g')} beside it)" in capsys.readouterr().out


def test_a_dry_run_finding_nothing_entered_in_a_workbook_open_in_a_spreadsheet_program_warns(tmp_path, capsys):
    """docs/workbook.md ("A workbook that is open in a spreadsheet program"): `turn --dry-run`
    reads the file as last saved and warns that what is typed and not saved is not read. The
    likeliest dry run beside a lock file is the GM's orders typed and not saved: the file then
    holds none, and "nothing to do" alone would tell him nobody had ordered."""
    create(tmp_path)
    (tmp_path / ".~lock.g.xlsx#").write_bytes(b"")
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("g: S1901M: no orders or press entered, nothing to do")
    assert out[1:] == ["warning: g.xlsx is open in a spreadsheet program (.~lock.g.xlsx# beside it): what is typed "
                       "in it and not saved yet is not read here"]
    assert snapshot(tmp_path) == files


def test_status_of_an_old_copy_of_the_workbook_is_refused_as_orders_refuses_it(tmp_path, capsys):
    """The workbook put back from a copy laid out for the phase before: its rows are that
    phase's, so status counted 'FRANCE: 0 of 3 row(s) ordered (3 a turn would refuse)' for the
    current one; now it names the Game sheet's phase, found and expected, exit status 2, and
    the every-game line says it too."""
    paths = create(tmp_path)
    old = paths.workbook.read_bytes()
    play(paths, {}, force=True)
    paths.workbook.write_bytes(old)
    assert main(["status", "g", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Game!B4: found 'S1901M', expected 'F1901M', the game's current phase (is this an old copy" in err
    assert main(["status", "--root", str(tmp_path)]) == 1
    assert "g: " in (out := capsys.readouterr().out) and "Game!B4: found 'S1901M', expected 'F1901M'" in out
    assert "row(s) ordered" not in out


def test_a_payola_reference_list_left_as_laid_out_is_not_counted_as_typed(tmp_path):
    """Europe 1615 v2 (rulebook 001, '4 ... Reference lists are submitted before the start of
    the taxation/revenue phase'): the Reference Lists sheet is laid out with each power's list
    as it stands (one drawn from the seed for a power that never sent one). Status once said
    '5 row(s) typed (by AUSTRIA, DENMARK, ...)' before any player had mailed: a row left as laid
    out is said so, and only a list a player sent counts as typed."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    status = phase_status("g", root=tmp_path)
    assert status.phase == "T1615T"
    assert status.inputs["Reference Lists"] == (0, [])
    assert ("  Reference Lists: 0 row(s) typed; 5 left as laid out, typed by no one (AUSTRIA, FRANCE, SPAIN, "
            "ENGLAND, DENMARK)") in status.text()
    assert "nothing typed yet" in status.summary()
    enter_mails("g", [("e.txt", b"England\nENGLAND DENMARK FRANCE SPAIN AUSTRIA\n")], root=tmp_path)
    status = phase_status("g", root=tmp_path)
    assert status.inputs["Reference Lists"] == (1, ["ENGLAND"])
    assert ("  Reference Lists: 1 row(s) typed (by ENGLAND); 4 left as laid out, typed by no one (AUSTRIA, FRANCE, "
            "SPAIN, DENMARK)") in status.text()
    assert status.summary().endswith("rows typed by ENGLAND")


def test_the_deadline_a_turn_carried_over_is_said_as_the_phase_played_s(tmp_path, capsys):
    """A turn of an earlier version carried the Deadline into the next phase's workbook (one
    laid out without the Next deadline row, docs/workbook.md); that deadline was Spring's and
    is past: status says none is set for Fall, as the site does (docs/site.md, "The
    deadline"), until the GM types Fall's. A turn now leaves it empty, and the same words
    typed again are Fall's."""
    paths = create(tmp_path)
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "g: F1901M (Fall 1901 Movement), deadline: none set"
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "g: F1901M (Fall 1901 Movement), deadline: Friday 4 December 18:00 UTC"
    as_carried_over(paths, "Friday 4 December 18:00 UTC")
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "g: F1901M (Fall 1901 Movement), deadline: none set (Friday 4 December 18:00 UTC, carried over, "
        "was Spring 1901 Movement's)")
    assert main(["status", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(
        "g: F1901M, deadline: none set (Friday 4 December 18:00 UTC, carried over, was Spring 1901 Movement's), ")
    type_cells(paths, {"Game!B6": "Friday 11 December 18:00 UTC"})
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "g: F1901M (Fall 1901 Movement), deadline: Friday 11 December 18:00 UTC"


def test_a_westphalia_step_a_player_may_leave_empty_says_nobody_is_waited_for(tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Foreign Powers': 'Any Player may become a Foreign
    Power if he owns no non-capital towns and ...': nobody has to. The step's status said 'no rows
    on the Orders sheet this phase', a sheet a board game's GM never types on; it says nobody is
    waited for and how the step is played with its sheet empty (docs/westphalia.md: 'turn says
    nothing to do and turn --force processes it')."""
    from westphalia_mails import played_to

    played_to("R1510F", tmp_path)
    text = phase_status("westphalia-demo", root=tmp_path).text()
    assert "Orders sheet" not in text, text
    assert ("  nobody is waited for, the Foreign Powers sheet taking only what is chosen, if anything: the turn plays "
            "the phase once something is typed (with nothing, gm-tools turn westphalia-demo --force)") in text, text


def test_a_payola_taxation_phase_with_its_reference_lists_as_laid_out_is_played_as_it_stands(tmp_path, capsys):
    """rulebook 001 (Europe 1615 v2), Classic Payola's reference lists: gm-tools lays out each
    power's list, and the turn reads a list left as laid out as that power's, so the Taxation/Revenue
    Phase with nothing typed is played by `turn` as it stands, without --force. `status` said the
    turn would play it only 'once something is typed (with nothing, gm-tools turn g --force)';
    it says now what the turn does."""
    from gm_tools.app.turn import load_state, run_turn

    create(tmp_path, variant="europe1615v2")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "T1615T"
    text = phase_status("g", root=tmp_path).text()
    assert "--force" not in text, text
    assert ("  nobody is waited for, the Reference Lists and Alliances sheets taking only what is chosen, if anything: "
            "the turn plays the phase as the sheets stand (Reference Lists: the rows left as laid out read as typed)"
            ) in text, text
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 0
    assert "processed T1615T" in capsys.readouterr().out
