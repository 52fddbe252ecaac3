"""The GM workflow end to end, through real .xlsx files: new-game, turn, history, rollback,
replay, and a game played to a solo victory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.errors import GameError, WorkbookError
from gm_tools.app.rollback import rollback
from gm_tools.app.turn import load_state, replay, run_turn
from gm_tools.edges.workbook import open_workbook
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import board_variant, create, play, snapshot, solo_board, type_cells


def sheet_rows(paths, sheet: str) -> list[tuple]:
    wb = open_workbook(paths.workbook.read_bytes(), "test")
    return [tuple(row) for row in wb[sheet].iter_rows(values_only=True)]


def order_cell(paths, unit: str) -> str:
    """The Orders cell of a unit's row, found the way a GM finds it: by the Unit column."""
    for n, row in enumerate(sheet_rows(paths, "Orders"), start=1):
        if row[1] == unit:
            return f"Orders!C{n}"
    raise AssertionError(f"no row for {unit}")


def record(paths, phase: str) -> dict:
    return json.loads(paths.record_file(phase).read_text(encoding="utf-8"))


def test_new_game_creates_workbook_and_record(tmp_path):
    paths = create(tmp_path, "alpha", seed=1234)
    assert paths.workbook == tmp_path / "alpha.xlsx"
    info = json.loads(paths.game_json.read_text(encoding="utf-8"))
    assert info == {"format": 1, "name": "alpha", "variant": "standard", "seed": "1234",
                    "players": {"AUSTRIA": "", "ENGLAND": "", "FRANCE": "Ann", "GERMANY": "", "ITALY": "",
                                "RUSSIA": "", "TURKEY": ""},
                    "created": "2000-01-01T00:00:00Z"}
    game = {row[0]: row[1] for row in sheet_rows(paths, "Game") if row[0]}
    assert (game["Game"], game["Variant"], game["Phase"], game["Seed"]) == ("alpha", "standard", "S1901M", 1234)
    assert game["Phase name"] == "Spring 1901 Movement"
    # The Orders sheet lists every unit of every power (22 in the 1901 position).
    units = [row[1] for row in sheet_rows(paths, "Orders")[1:] if row[0] and row[1] and row[1][:2] in ("A ", "F ")]
    assert len(units) == 22 and "F STP/SC" in units
    with pytest.raises(GameError, match="exists already"):
        create(tmp_path, "alpha")


def test_turn_records_the_phase_and_writes_results_back(tmp_path):
    paths = create(tmp_path)
    before = paths.workbook.read_bytes()
    par = order_cell(paths, "A PAR")
    report = play(paths, {"FRANCE": ["a par-bur", "A MAR - SPA"], "GERMANY": ["A MUN - BUR"]}, press="# Spring\n\nQuiet.")
    assert report.processed
    rec = record(paths, "S1901M")
    assert rec["format"] == 4 and rec["title"] == "Spring 1901 Movement" and rec["next_phase"] == "F1901M"
    assert rec["orders"]["FRANCE"][1] == {"cell": par, "written": "a par-bur", "read": "A PAR - BUR", "error": None}
    results = {(r["power"], r["order"]): (r["result"], r["reason"]) for r in rec["results"]}
    # 2000 rulebook, 'Standoffs': equally supported units trying to move to the same
    # province both stay where they were.
    assert results[("FRANCE", "A PAR - BUR")][0] == "fails"
    assert results[("GERMANY", "A MUN - BUR")][0] == "fails"
    assert results[("FRANCE", "A MAR - SPA")] == ("succeeds", "")
    assert rec["before"]["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert rec["after"]["units"]["FRANCE"] == ["A PAR", "A SPA", "F BRE"]
    assert rec["press"] == "# Spring\n\nQuiet."
    # a note is a code with its details, and the words made from them (docs/game-record.md)
    assert {"power": "ENGLAND", "text": "F LON had no order and holds",
            "codes": [{"code": "held_without_order", "unit": "F LON"}]} in rec["notes"]
    # The record is the documented JSON spelling: sorted keys, indent 1, final newline.
    text = paths.record_file("S1901M").read_text(encoding="utf-8")
    assert text == json.dumps(rec, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    # The workbook before processing is kept as the phase's backup.
    assert paths.backup_file("S1901M").read_bytes() != before  # the backup has the typed orders
    assert open_workbook(paths.backup_file("S1901M").read_bytes(), "b")["Orders"][par.split("!")[1]].value == "a par-bur"
    # Write-back: each order's result beside it, units and centers updated, next phase laid out.
    results_sheet = sheet_rows(paths, "Results")
    assert ("S1901M", "FRANCE", "A PAR - BUR", "fails", "bounced: 1 against 1 from A MUN", par, "a par-bur") in results_sheet
    units = sheet_rows(paths, "Units")
    assert ("FRANCE", "A SPA", "Spain", 1, None) in units
    game = {row[0]: row[1] for row in sheet_rows(paths, "Game") if row[0]}
    assert game["Phase"] == "F1901M"
    assert all(row[2] is None for row in sheet_rows(paths, "Orders")[1:])  # fresh order cells
    assert sheet_rows(paths, "Press")[1:] == []


def test_order_typed_without_its_unit_is_read_for_the_row(tmp_path):
    paths = create(tmp_path)
    # "- BUR" on A PAR's row is A PAR's order.
    type_cells(paths, {order_cell(paths, "A PAR"): "- bur"})
    run_turn(paths.name, root=paths.root, site_dir=None)
    assert record(paths, "S1901M")["orders"]["FRANCE"][0]["read"] == "A PAR - BUR"


def test_running_turn_again_with_nothing_new_changes_nothing(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    files = snapshot(tmp_path)
    report = run_turn(paths.name, root=paths.root, site_dir=None)
    assert not report.processed and "nothing to do" in report.text()
    assert snapshot(tmp_path) == files


def test_force_processes_a_phase_with_no_orders(tmp_path):
    paths = create(tmp_path)
    report = run_turn(paths.name, root=paths.root, site_dir=None, force=True)
    assert report.processed
    rec = record(paths, "S1901M")
    # 2000 rulebook, 'Holding': a unit given no order holds.
    assert rec["orders"] == {} and len(rec["notes"]) == 22
    assert rec["after"]["units"] == rec["before"]["units"]


def test_an_unordered_retreat_disbands(tmp_path):
    paths = create(tmp_path / "games", "nmr", variant=str(solo_board(tmp_path)))
    play(paths, {"FRANCE": ["A TYR - VIE", "A BOH S A TYR - VIE"]})
    report = run_turn(paths.name, root=paths.root, site_dir=None, force=True)
    rec = record(paths, "S1901R")
    # 2000 rulebook, 'Retreating': a dislodged unit not ordered to retreat is disbanded.
    assert {"power": "AUSTRIA", "text": "A VIE had no retreat order and is disbanded",
            "codes": [{"code": "retreat_not_ordered", "unit": "A VIE"}]} in rec["notes"]
    assert rec["after"]["units"]["AUSTRIA"] == ["A BUD", "F TRI"]
    assert "no retreat order" in report.text()


def test_retreat_phase_lists_only_dislodged_units_and_a_solo_ends_the_game(tmp_path):
    games = tmp_path / "games"
    paths = create(games, "solo", variant=str(solo_board(tmp_path)))
    play(paths, {"FRANCE": ["A NAF - TUN", "A TYR - VIE", "A BOH S A TYR - VIE"]})
    rec = record(paths, "S1901M")
    assert rec["next_phase"] == "S1901R"
    # 2000 rulebook, 'Retreats': not to the attacker's province (TYR), nor an occupied one.
    assert rec["after"]["dislodged"] == {"AUSTRIA": [{"unit": "A VIE", "from": "TYR", "retreats": ["GAL"]}]}
    orders = sheet_rows(paths, "Orders")
    assert [row[1] for row in orders[1:] if row[0]][1:] == ["A VIE"]  # only the dislodged unit
    # Its legal retreats in words above the row, not only in the dropdown.
    assert orders[1][1] == ("Austria: 3 center(s), 2 unit(s): 1 dislodged unit(s) to retreat or disband "
                            "(A VIE to GAL)")
    wb = open_workbook(paths.workbook.read_bytes(), "t")
    (dv,) = wb["Orders"].data_validations.dataValidation
    col = dv.formula1.split("!")[1].replace("$", "")
    listed = [row[0].value for row in wb["Choices"][col]]
    assert listed == ["A VIE R GAL", "A VIE D"]

    play(paths, {"AUSTRIA": ["A VIE R GAL"]})
    report = play(paths, {"FRANCE": ["A VIE H", "A TUN H"]})
    rec = record(paths, "F1901M")
    # 2000 rulebook, 'Winning': a power controlling 18 supply centers wins.
    assert rec["winner"] == "FRANCE" and rec["next_phase"] is None
    assert len(rec["after"]["centers"]["FRANCE"]) == 18
    # the GM's report and the refusal name the winner as the pages do
    assert "France holds the victory centers and wins: the game is over" in report.text()
    with pytest.raises(GameError, match="is over: France won in F1901M"):
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert replay(paths.name, root=paths.root) == []


def test_adjustment_defaults_waive_missing_builds_and_civil_disorder_removes(tmp_path):
    paths = create(tmp_path)
    play(paths, {"AUSTRIA": ["F TRI - ALB"], "ITALY": ["A VEN - TYR"], "FRANCE": ["A MAR - SPA"]})
    play(paths, {"ITALY": ["A TYR - TRI"], "FRANCE": ["A SPA H"]})
    state = load_state(paths.name, paths.root)
    assert state.position.phase == "W1901A"
    # Adjustment layout: builds due with their sites, removals due with the units.
    orders = sheet_rows(paths, "Orders")
    labels = {(row[0], row[1]) for row in orders[1:] if row[0]}
    assert ("FRANCE", "Build 1 of 1") in labels and ("ITALY", "Build 1 of 1") in labels
    assert ("AUSTRIA", "Removal 1 of 1") in labels
    # France builds; Italy says nothing (waived); Austria orders no removal (civil disorder).
    report = play(paths, {"FRANCE": ["BUILD A MAR"]})
    rec = record(paths, "W1901A")
    notes = {(n["power"], n["text"]) for n in rec["notes"]}
    # 2000 rulebook, 'Adjusting': a power may choose not to build; builds not ordered are lost.
    assert ("ITALY", "1 build(s) not ordered: waived") in notes
    # 2000 rulebook, 'Civil disorder': the unit farthest from home is removed (F ALB).
    assert ("AUSTRIA", "civil disorder: F ALB removed (no removal ordered)") in notes
    assert "A MAR" in rec["after"]["units"]["FRANCE"] and "F ALB" not in rec["after"]["units"]["AUSTRIA"]
    assert "waived" in report.text()


def test_lenient_lets_invalid_orders_stand_as_holds(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {order_cell(paths, "A PAR"): "A PAR - MUN"})  # not adjacent
    with pytest.raises(WorkbookError):
        run_turn(paths.name, root=paths.root, site_dir=None)
    report = run_turn(paths.name, root=paths.root, site_dir=None, lenient=True)
    rec = record(paths, "S1901M")
    entry = rec["orders"]["FRANCE"][0]
    assert entry["read"] is None and "MUN" in entry["error"]
    assert any(n["codes"][0]["code"] == "invalid_not_used" and "was invalid and not used" in n["text"]
               and n["power"] == "FRANCE" for n in rec["notes"])
    assert {"power": "FRANCE", "text": "A PAR had no order and holds",
            "codes": [{"code": "held_without_order", "unit": "A PAR"}]} in rec["notes"]
    assert "was invalid and not used" in report.text()
    assert "A PAR" in rec["after"]["units"]["FRANCE"]


def test_lenient_two_orders_for_one_unit_make_it_hold(tmp_path):
    # DATC 4.D.3, preferred choice c: with two different orders a unit follows neither
    # and holds; --lenient lets the turn go on and reports both orders as not used.
    paths = create(tmp_path)
    type_cells(paths, {order_cell(paths, "A PAR"): "A PAR - BUR", order_cell(paths, "F BRE"): "A PAR - PIC"})
    run_turn(paths.name, root=paths.root, site_dir=None, lenient=True)
    rec = record(paths, "S1901M")
    assert [e["read"] for e in rec["orders"]["FRANCE"][:2]] == [None, None]
    assert all("one order for A PAR" in e["error"] for e in rec["orders"]["FRANCE"][:2])
    assert "A PAR" in rec["after"]["units"]["FRANCE"]


def test_rollback_reopens_the_last_phase_for_correction(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - PIC"]})
    processed = paths.workbook.read_bytes()
    assert rollback(paths.name, root=paths.root, site_dir=None) == "S1901M"
    assert not paths.record_file("S1901M").exists()
    assert paths.workbook.read_bytes() == paths.backup_file("S1901M").read_bytes()
    assert (paths.rolled_back / "S1901M.1.json").exists()
    assert (paths.rolled_back / "F1901M.1.xlsx").read_bytes() == processed
    # The GM corrects the order and processes again.
    type_cells(paths, {order_cell(paths, "A PAR"): "A PAR - BUR"})
    run_turn(paths.name, root=paths.root, site_dir=None)
    assert record(paths, "S1901M")["orders"]["FRANCE"][0]["read"] == "A PAR - BUR"
    rollback(paths.name, root=paths.root, site_dir=None)
    with pytest.raises(GameError, match="no processed phase"):
        rollback(paths.name, root=paths.root, site_dir=None)


@pytest.mark.parametrize("damage, message", [
    ("cut", "found a file that is not an .xlsx (zip) file"),
    ("another game", "Game!B2: found 'other', expected 'g': the backup is this game's workbook"),
    ("a later phase", "expected 'S1901M': the backup is the workbook as it was before S1901M was processed"),
    ("a folder", "is missing"),
])
def test_rollback_refuses_a_backup_no_turn_could_read_and_changes_nothing(tmp_path, capsys, damage, message):
    """A backup damaged or replaced by hand was brought back by the rollback, which said it had
    reopened the phase: the game then stood on a workbook no turn could read, its record
    withdrawn. Now the backup is read first, as a turn reads a workbook, and the rollback
    refused with the problem named and nothing moved."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - PIC"]})
    backup = paths.backup_file("S1901M")
    if damage == "cut":
        backup.write_bytes(backup.read_bytes()[:100])
    elif damage == "another game":
        other = create(tmp_path / "elsewhere", name="other")
        backup.write_bytes(other.workbook.read_bytes())
    elif damage == "a later phase":
        backup.write_bytes(paths.workbook.read_bytes())  # the workbook for F1901M
    else:
        backup.unlink()
        backup.mkdir()
    files = snapshot(tmp_path)
    assert main(["rollback", "g", "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err, err
    assert snapshot(tmp_path) == files
    assert load_state("g", tmp_path).position.phase == "F1901M"


def test_a_workbook_held_open_is_refused(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {order_cell(paths, "A PAR"): "A PAR - BUR"})
    (tmp_path / ".~lock.g.xlsx#").write_text("lock")
    files = snapshot(tmp_path)
    with pytest.raises(GameError, match="open in a spreadsheet program"):
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(tmp_path) == files
    (tmp_path / ".~lock.g.xlsx#").unlink()
    (tmp_path / "~$g.xlsx").write_text("lock")
    with pytest.raises(GameError, match="open in a spreadsheet program"):
        run_turn(paths.name, root=paths.root, site_dir=None)


def test_same_inputs_same_bytes(tmp_path):
    def game(root):
        paths = create(root)
        play(paths, {"FRANCE": ["A PAR - BUR"], "RUSSIA": ["A WAR - GAL"]}, press="p")
        play(paths, {"FRANCE": ["A BUR - BEL"]})
        return snapshot(root)

    first, second = game(tmp_path / "one"), game(tmp_path / "two")
    assert first.keys() == second.keys() and first == second
    assert replay("g", root=tmp_path / "one") == []


def test_replay_finds_a_tampered_record(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    rec = record(paths, "S1901M")
    rec["results"][0]["result"] = "fails" if rec["results"][0]["result"] == "succeeds" else "succeeds"
    paths.record_file("S1901M").write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert replay("g", root=tmp_path) == ["S1901M"]


def test_a_site_that_cannot_be_published_after_the_phase_is_recorded_says_the_phase_stands(tmp_path, capsys):
    """A file where the game's folder of the site goes: the phase is processed and recorded,
    the site is not. The GM is told both, so he neither processes the phase again nor rolls it
    back; once the file is gone the next command publishes it."""
    paths = create(tmp_path / "games")
    site = tmp_path / "site"
    (site / "games").mkdir(parents=True)
    (site / "games" / "g").write_text("in the way", encoding="utf-8")
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}))
    assert main(["turn", "g", "--root", str(tmp_path / "games"), "--site", str(site)]) == 1
    out = capsys.readouterr().out
    assert "next phase: F1901M" in out and "the site was NOT published: " in out
    assert "S1901M is processed and recorded (do not process it again)" in out and "'gm-tools site'" in out
    assert load_state("g", tmp_path / "games").position.phase == "F1901M"
    (site / "games" / "g").unlink()
    assert main(["turn", "g", "--root", str(tmp_path / "games"), "--site", str(site)]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert (site / "games" / "g" / "S1901M.html").exists()


def test_replay_of_an_edited_order_names_the_record_it_cannot_go_on_from(tmp_path, capsys):
    """An order read otherwise in S1901M leaves F1901M's stored order without its unit: the
    replay says which record, which order and from which phase it differs, not the bare
    parser's message."""
    paths = create(tmp_path)
    play(paths, {"AUSTRIA": ["A BUD - SER"]})
    play(paths, {"AUSTRIA": ["A SER - BUL"]})
    rec = record(paths, "S1901M")
    rec["orders"]["AUSTRIA"][0]["read"] = "A BUD - RUM"
    paths.record_file("S1901M").write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    before = snapshot(tmp_path)
    assert main(["replay", "g", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{paths.record_file('F1901M')}: AUSTRIA's order 'A SER - BUL' cannot be carried out on the board the " \
        "replay reached (no unit in SER); the replay differs from the record from S1901M on" in err, err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("missing, expected", [
    ("F1901M", "is recorded after S1901M, whose next phase is F1901M: expected "),
    ("S1901M", "the first record is phase F1901M, but the game starts at S1901M: expected "),
])
def test_a_record_missing_from_the_history_stops_every_command(tmp_path, capsys, missing, expected):
    """A record deleted from the history (a folder copied in part, a rollback undone by hand)
    is named by every command that reads the history: the turn, the replay, the rollback and
    the site refuse the game, naming the record expected, and write nothing. Before, the site
    showed the game without that phase and the replay failed on the next record's orders. The
    first record is the calendar's first phase: every game starts there (new-game, import)."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})  # S1901M
    play(paths, {"FRANCE": ["A BUR - BEL"]})  # F1901M
    play(paths, {}, force=True)  # the phase after it, whichever it is
    root, site = str(tmp_path), tmp_path / "site"
    assert main(["site", "--root", root, "--out", str(site)]) == 0
    kept = paths.record_file(missing).read_bytes()
    paths.record_file(missing).unlink()
    capsys.readouterr()
    files = snapshot(tmp_path)
    for command in (["turn", "g", "--root", root, "--site", str(site), "--force"], ["replay", "g", "--root", root],
                    ["rollback", "g", "--root", root, "--site", ""], ["site", "--root", root, "--out", str(site)]):
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert expected in err, (command, err)
        assert f"{missing}.json, which is missing" in err and "Traceback" not in err, (command, err)
    assert snapshot(tmp_path) == files
    paths.record_file(missing).write_bytes(kept)  # put back, the game goes on
    assert main(["replay", "g", "--root", root]) == 0
    assert main(["site", "--root", root, "--out", str(site)]) == 0


def _damage(paths, how: str) -> None:
    record = paths.record_file("F1901M")
    if how == "game.json a list":
        paths.game_json.write_text("[1]", encoding="utf-8")
    elif how == "end.json a list":
        paths.end_file.write_text("[1]", encoding="utf-8")
    elif how == "record not UTF-8":
        record.write_bytes(b"\xff\xfe{}")
    elif how == "record a list":
        record.write_text("[1]", encoding="utf-8")
    elif how == "record empty object":
        record.write_text("{}", encoding="utf-8")
    else:  # a record without what replay reads: its orders as entered
        data = json.loads(record.read_text(encoding="utf-8"))
        del data["orders"]
        record.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("how, commands, expected", [
    ("game.json a list", "turn replay rollback site", "game.json: found list, expected a JSON object"),
    ("end.json a list", "turn replay rollback site", 'end.json: expected {"result": "draw", "powers": [...]}'),
    ("record not UTF-8", "turn replay rollback site", "F1901M.json: not UTF-8 text"),
    ("record a list", "turn replay rollback site", "F1901M.json: found list, expected a JSON object"),
    ("record empty object", "turn replay rollback site", "F1901M.json: missing key 'phase'"),
    ("record without its orders", "replay", 'F1901M.json: "orders" should be an object'),
])
def test_a_damaged_game_file_is_named_by_every_command_and_nothing_is_written(tmp_path, capsys, how, commands, expected):
    """Bad input gets a clear error and loses nothing: a game file damaged by hand or by a
    disk (not an object, not UTF-8, a record without its keys) is named with what was found
    and what was expected, by each command that reads it; no traceback, no file written."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})  # S1901M
    play(paths, {"FRANCE": ["A BUR - BEL"]})  # F1901M
    play(paths, {}, force=True)
    root, site = str(tmp_path), tmp_path / "site"
    _damage(paths, how)
    files = snapshot(tmp_path)
    capsys.readouterr()
    argv = {"turn": ["turn", "g", "--root", root, "--site", "", "--force"], "replay": ["replay", "g", "--root", root],
            "rollback": ["rollback", "g", "--root", root, "--site", ""],
            "site": ["site", "--root", root, "--out", str(site)]}
    for command in commands.split():
        assert main(argv[command]) == 2, command
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err, (command, err)
    assert snapshot(tmp_path) == files


def test_a_site_path_that_is_a_file_is_named_and_nothing_is_written(tmp_path, capsys):
    """A mistyped ``--site`` or ``--out`` naming a file, not a folder: the turn and the site
    say so (not an operating system's "File exists"), and the turn records nothing."""
    paths = create(tmp_path)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}, ""))
    afile = tmp_path / "notes.txt"
    afile.write_text("the GM's notes", encoding="utf-8")
    files = snapshot(tmp_path)
    capsys.readouterr()
    for argv in (["turn", "g", "--root", str(tmp_path), "--site", str(afile)],
                 ["site", "--root", str(tmp_path), "--out", str(afile)]):
        assert main(argv) == 2
        assert f"{afile} is a file, expected a folder" in capsys.readouterr().err
    assert snapshot(tmp_path) == files


def test_rollback_and_end_with_a_site_path_that_is_a_file_write_nothing(tmp_path, capsys):
    """``rollback``, ``end`` and ``end --undo`` publish the site as ``turn`` does, so a
    ``--site`` naming a file is refused before they change the game; before, the phase was
    rolled back (or the end written, or undone) and the command then failed, exit status 2."""
    paths = create(tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    afile = tmp_path / "notes.txt"
    afile.write_text("the GM's notes", encoding="utf-8")
    site = ["--root", str(tmp_path), "--site", str(afile)]
    for argv in (["rollback", "g", *site], ["end", "g", "--draw", "FRANCE", "ENGLAND", *site]):
        files = snapshot(tmp_path)
        assert main(argv) == 2
        assert f"{afile} is a file, expected a folder" in capsys.readouterr().err
        assert snapshot(tmp_path) == files, argv
    assert main(["end", "g", "--draw", "FRANCE", "ENGLAND", "--root", str(tmp_path), "--site", ""]) == 0
    files = snapshot(tmp_path)
    assert main(["end", "g", "--undo", *site]) == 2
    assert f"{afile} is a file, expected a folder" in capsys.readouterr().err
    assert snapshot(tmp_path) == files and paths.end_file.exists()


def test_variant_hooks_plug_in_sheets_checks_and_write_backs(tmp_path):
    from gm_tools.errors import Problem
    from gm_tools.engine.hooks import INTEGER, Column, SheetHooks, Table
    from gm_tools.engine.system import GameSystem, register_system, unregister_system

    class Treasury(SheetHooks):
        """A variant where powers buy things: a Purchases input sheet, a Treasury output."""

        name = "treasury"

        def input_sheets(self, variant, position):
            return [Table("Purchases", (Column("Power"), Column("Ducats", kind=INTEGER, editable=True)),
                          [[p, None] for p in ("FRANCE", "ITALY")])]

        def check_inputs(self, variant, position, rows):
            spent, problems = {}, []
            for row in rows["Purchases"]:
                if row.values["Ducats"] is not None and row.values["Ducats"] > 10:
                    sheet, cell = row.cells["Ducats"].split("!")
                    problems.append(Problem(sheet, cell, str(row.values["Ducats"]), "at most 10 ducats"))
                spent[row.values["Power"]] = row.values["Ducats"]
            return spent, problems

        def apply_inputs(self, variant, position, inputs):
            new = position.copy()
            new.extra["spent"] = inputs
            return new

        def output_sheets(self, variant, position):
            spent = position.extra.get("spent", {})
            return [Table("Treasury", (Column("Power"), Column("Spent", kind=INTEGER)),
                          [[p, spent.get(p)] for p in sorted(spent)])]

    # a game system of its own, as a house rule would be: its sheets are the system's
    register_system(GameSystem("treasury", sheets=Treasury()))
    board = board_variant(
        tmp_path, "treasuryboard",
        units={"FRANCE": ["A PAR"], "ITALY": ["A ROM"]},
        centers={"FRANCE": ["PAR"], "ITALY": ["ROM"]},
    )
    toml = board / "variant.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('rules = "standard"', 'rules = "treasury"', 1), encoding="utf-8")
    try:
        _play_treasury(board, tmp_path)
    finally:
        unregister_system("treasury")


def _play_treasury(board, tmp_path):
    paths = create(tmp_path / "games", variant=str(board))
    assert sheet_rows(paths, "Purchases")[1:] == [("FRANCE", None), ("ITALY", None)]
    type_cells(paths, {"Purchases!B2": "lots", "Purchases!B3": 12})
    with pytest.raises(WorkbookError) as err:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert [str(p) for p in err.value.problems] == [
        "Purchases!B2: found 'lots', expected a whole number (Ducats)",
        "Purchases!B3: found 12, expected at most 10 ducats",
    ]
    type_cells(paths, {"Purchases!B2": 4, "Purchases!B3": 6})
    run_turn(paths.name, root=paths.root, site_dir=None)
    rec = record(paths, "S1901M")
    assert rec["extra"] == {"treasury": {"FRANCE": 4, "ITALY": 6}}
    assert rec["after"]["extra"] == {"spent": {"FRANCE": 4, "ITALY": 6}}
    assert sheet_rows(paths, "Treasury") == [("Power", "Spent"), ("FRANCE", 4), ("ITALY", 6)]


def test_cli_new_game_turn_rollback(tmp_path, capsys):
    root = str(tmp_path)
    assert main(["new-game", "standard", "cli", "--root", root, "--seed", "3", "--player", "france=Ann"]) == 0
    assert json.loads((tmp_path / "cli" / "game.json").read_text())["players"]["FRANCE"] == "Ann"
    assert main(["turn", "cli", "--root", root, "--site", ""]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert main(["turn", "cli", "--root", root, "--site", "", "--force"]) == 0
    assert "next phase: F1901M" in capsys.readouterr().out
    assert main(["replay", "cli", "--root", root]) == 0
    assert main(["rollback", "cli", "--root", root, "--site", ""]) == 0
    out = capsys.readouterr().out
    assert "reopened S1901M" in out
    # the F1901M workbook, with the orders typed in it for F1901M, is not lost: the GM is told where
    kept = tmp_path / "cli" / "rolled-back" / "F1901M.1.xlsx"
    assert kept.is_file()
    assert f"  the F1901M workbook it replaced, with whatever was typed in it, is kept as {kept}" in out
    assert main(["turn", "nosuchgame", "--root", root]) == 2
    err = capsys.readouterr().err
    assert "no game 'nosuchgame'" in err and "did you mean" not in err
    # a typo in the game's name gets the game it was meant to be, among the games there
    assert main(["turn", "clii", "--root", root]) == 2
    assert "(did you mean cli? else create it with: gm-tools new-game VARIANT clii)" in capsys.readouterr().err


def test_new_game_takes_the_players_powers_as_its_help_writes_them(tmp_path, capsys):
    """`new-game --help` gives `--player ENG=Alice --player FRA=Bob`: the first letters of a
    power's code or name, as judges abbreviate, name it when only one power begins so."""
    assert main(["new-game", "standard", "g", "--root", str(tmp_path), "--seed", "1",
                 "--player", "ENG=Alice", "--player", "fra=Bob", "--player", "Russia=Carl"]) == 0
    players = json.loads((tmp_path / "g" / "game.json").read_text())["players"]
    assert {p: n for p, n in players.items() if n} == {"ENGLAND": "Alice", "FRANCE": "Bob", "RUSSIA": "Carl"}
    cli = (Path(__file__).parent.parent / "gm_tools" / "app" / "cli.py").read_text(encoding="utf-8")
    assert "--player ENG=Alice --player FRA=Bob" in cli  # the example this test follows


def test_new_game_refuses_a_player_for_no_power_and_writes_nothing(tmp_path, capsys):
    root = str(tmp_path)
    assert main(["new-game", "standard", "g", "--root", root, "--player", "PRUSSIA=Fritz"]) == 2
    assert "player for 'PRUSSIA': expected a power of standard, its name or the first letters of one (AUSTRIA, " \
        in capsys.readouterr().err
    assert main(["new-game", "standard", "g", "--root", root, "--player", "FRANCE"]) == 2
    assert "--player 'FRANCE': expected POWER=NAME" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_games_folder_that_cannot_be_made_is_a_message_not_a_traceback(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["new-game", "standard", "g", "--root", str(blocker / "games")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gm-tools: ") and "Traceback" not in err
    assert f"{blocker} is a file, expected a folder" in err, err
    # A site folder that cannot be made stops the turn before anything is written.
    assert main(["new-game", "standard", "g", "--root", str(tmp_path / "games")]) == 0
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path / "games"), "--force", "--site", str(blocker / "site")]) == 2
    assert f"{blocker} is a file, expected a folder" in capsys.readouterr().err and snapshot(tmp_path) == files


def test_the_shipped_demo_plays_through_the_real_pipeline_and_replays(tmp_path):
    from gm_tools.app.demo import DEMO_ORDERS, read_demo_orders, run_demo

    _, phases = read_demo_orders()
    run_demo(site_dir=None, root=tmp_path / "one")
    one = snapshot(tmp_path / "one")
    stored = sorted(name for name in one if name.startswith("demo/history/"))
    assert len(stored) == len(phases) >= 20  # several years, every phase of the file played
    assert replay("demo", root=tmp_path / "one") == []
    last = json.loads(one[f"demo/history/{list(phases)[-1]}.json"])
    assert last["next_phase"] == "S1906M"
    assert DEMO_ORDERS.name == "demo-orders.toml"


def test_sheet_hooks_are_named_by_the_game_system_alone(tmp_path):
    """A variant's sheet hooks are its game system's (docs/workbook.md, 'Variant sheets'): a
    ``sheets`` option naming others is an unknown option, reported before anything is made."""
    from gm_tools.errors import VariantDataError

    board = board_variant(tmp_path, "nohooks", units={"FRANCE": ["A PAR"]}, centers={"FRANCE": ["PAR"]},
                          options='sheets = "nosuchhooks"')
    with pytest.raises(VariantDataError, match="unknown option 'sheets'"):
        create(tmp_path / "games", variant=str(board))
    assert not (tmp_path / "games" / "g.xlsx").exists()


def test_a_negative_seed_is_refused_by_new_game_as_the_workbook_would_refuse_it(tmp_path, capsys):
    """new-game --seed -5 made a game whose every turn refused its own Game sheet (the seed is
    a whole number, 0 or more); now new-game refuses it and creates nothing."""
    assert main(["new-game", "standard", "g", "--root", str(tmp_path), "--seed", "-5"]) == 2
    err = capsys.readouterr().err
    assert "--seed -5: expected a whole number, 0 or more" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
    assert main(["new-game", "standard", "g", "--root", str(tmp_path), "--seed", "0"]) == 0
    assert main(["turn", "g", "--root", str(tmp_path), "--site", "", "--force"]) == 0


def test_a_fault_in_the_turn_report_records_nothing(tmp_path, monkeypatch):
    """A variant's report sections failing (Europe 1615's, on a state a dissolved power left)
    raised after the phase was recorded, so each retry of the GM recorded one more phase. The
    report is now worded before anything is written. The fault is injected into the hooks'
    report sections, every other part being the real pipeline."""
    from gm_tools.engine.hooks import SheetHooks

    paths = create(tmp_path)
    type_cells(paths, {order_cell(paths, "A PAR"): "A PAR - BUR"})
    files = snapshot(tmp_path)

    def broken(self, variant, record):
        raise KeyError("LCS")

    monkeypatch.setattr(SheetHooks, "report_sections", broken)
    with pytest.raises(KeyError):
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(tmp_path) == files
    monkeypatch.undo()
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed


def test_new_game_refuses_a_player_for_a_power_nobody_plays(tmp_path, capsys):
    """Centenary rule 2: the neutrals' armies 'will Hold unordered' (no player); Europe 1619
    (rulebook 002), '10 PLAYERS': 'Convert the Papacy into an independent minor state'. A
    player given to Portugal, or to the Papacy of a 10-player game ('pap' naming its minor
    state PAP), was recorded as that power's player, and nobody was told."""
    root = str(tmp_path)
    assert main(["new-game", "centenary", "c", "--root", root, "--player", "Portugal=Zed"]) == 2
    err = capsys.readouterr().err
    assert "player for 'PORTUGAL': found PORTUGAL, which no player plays; expected a played power of centenary" in err
    assert "(FRANCE, SWEDEN, OTTOMAN, EMPIRE, ENGLAND, SPAIN, PRINCES)" in err
    assert main(["new-game", "europe1619", "e", "--players", "10", "--root", root, "--player", "pap=Zed"]) == 2
    assert "found PAP, which no player plays" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_replay_and_map_of_a_game_with_no_phase_played_say_so(tmp_path, capsys):
    """Right after new-game there is nothing to replay: replay said 'every phase replays to the
    same record' of no phase at all; once played, it says how many phases it replayed. The map
    names the game as the other commands do ('game 'g'')."""
    create(tmp_path)
    assert main(["replay", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "g: no phase has been played yet, so there is nothing to replay\n"
    assert main(["map", "g", "--root", str(tmp_path)]) == 2
    assert "gm-tools: game 'g': no phase has been played yet, so there is no map of one" in capsys.readouterr().err
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert main(["replay", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "g: every phase replays to the same record (1 phase(s))\n"


def test_a_lost_workbook_is_named_with_what_to_do(tmp_path, capsys):
    """The workbook deleted or renamed by hand: turn, orders and status named it missing and
    stopped there; they now say to put it back and, once a phase is played, that rollback
    brings back the one before the last turn (the backup kept). Nothing is written."""
    paths = create(tmp_path)
    paths.workbook.unlink()
    assert main(["status", "g", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "g.xlsx is missing: the game's workbook holds the phase's entries; expected it there (put it back, as " \
           "saved by the spreadsheet program)" in err and "rollback" not in err  # no phase to roll back
    paths = create(tmp_path, "h")
    run_turn("h", root=tmp_path, site_dir=None, force=True)
    paths.workbook.unlink()
    mail = tmp_path / "mail.txt"
    mail.write_text("France\nA PAR - BUR\n", encoding="utf-8")
    files = snapshot(tmp_path)
    for argv, why in ((["turn", "h"], "is needed to process a turn"),
                      (["orders", "h", str(mail)], "is needed to enter mail")):
        assert main([*argv, "--root", str(tmp_path)]) == 2
        assert (f"h.xlsx is missing: the game's workbook {why}; expected it there (put it back, as saved by the "
                "spreadsheet program; else gm-tools rollback h brings back the one before the last turn)") \
            in capsys.readouterr().err
    assert snapshot(tmp_path) == files
