"""MILA ``diplomacy``'s saved-game format (issue 18, item 6): ``gm-tools export GAME --mila``
and ``gm-tools import FILE``, tested by a round trip through real workbooks; loading the
export into the ``diplomacy`` package itself is done where that package is installed (the
bench's environment: ``make bench`` runs ``bench/interchange.py``)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.app.demo import play_demo, read_demo
from gm_tools.app.interchange import export_mila, import_mila
from gm_tools.app.turn import load_state
from gm_tools.edges.mila import MilaFormatError, our_order

from workflow_helpers import create, play, play_germany_solo, snapshot

DEMO = Path(__file__).resolve().parent.parent / "sheets" / "demo-orders.toml"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("mila")
    play_demo(read_demo(DEMO), root)
    return root, export_mila("demo", root)


def _same_game(saved: dict) -> dict:
    """A saved game without what names its copy (id); its dates travel, so they stay."""
    return json.loads(json.dumps(saved, sort_keys=True).replace(f'"{saved["id"]}"', '"GAME"'))


def _microseconds(processed: str) -> int:
    """A record's ``processed`` in MILA's units, worked out apart from the code under test."""
    moment = datetime.datetime.strptime(processed, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    return round((moment - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)).total_seconds()) * 1_000_000


def test_export_writes_every_phase_with_mila_notation(demo):
    root, saved = demo
    history = load_state("demo", root).history
    assert saved["map"] == "standard" and saved["id"] == "demo"
    assert [p["name"] for p in saved["phases"]] == [r["phase"] for r in history] + [history[-1]["next_phase"]]
    first = saved["phases"][0]
    assert first["state"]["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert sorted(first["state"]["centers"]["FRANCE"]) == ["BRE", "MAR", "PAR"]
    orders = [o for p in saved["phases"] for os_ in p["orders"].values() for o in os_]
    assert any(o.endswith(" B") for o in orders)            # builds as MILA writes them: A PAR B
    assert not any(o.startswith("BUILD") for o in orders)
    assert any(p["messages"] for p in saved["phases"])      # the GM's press as a global message
    results = [w for p in saved["phases"] for ws in p["results"].values() for w in ws]
    assert "bounce" in results and "dislodged" in results


def test_round_trip_gives_the_same_game(demo, tmp_path):
    root, saved = demo
    reports = import_mila(json.dumps(saved).encode(), "copy", root=tmp_path)
    assert len(reports) == len(saved["phases"]) - 1
    original, copy = load_state("demo", root), load_state("copy", tmp_path)
    assert [r["phase"] for r in copy.history] == [r["phase"] for r in original.history]
    for a, b in zip(original.history, copy.history):
        assert a["after"] == b["after"] and a["before"] == b["before"], a["phase"]
        assert [r["order"] for r in a["results"]] == [r["order"] for r in b["results"]], a["phase"]
        assert [r["result"] for r in a["results"]] == [r["result"] for r in b["results"]], a["phase"]
    assert copy.position.phase == original.position.phase
    assert _same_game(export_mila("copy", tmp_path)) == _same_game(saved)


def test_the_day_each_phase_was_processed_travels(demo, tmp_path):
    """The demo's phases are three days apart from 1901 (before 1970: MILA's negative times)."""
    root, saved = demo
    history = load_state("demo", root).history
    assert [p["state"]["timestamp"] for p in saved["phases"]] == [_microseconds(r["processed"]) for r in history] + [0]
    import_mila(json.dumps(saved).encode(), "copy", root=tmp_path)
    copy = load_state("copy", tmp_path).history
    assert [r["processed"] for r in copy] == [r["processed"] for r in history]
    assert len({r["processed"] for r in copy}) == len(copy)  # not all the import's minute


def test_a_saved_game_without_times_imports_dated_by_the_import(demo, tmp_path, monkeypatch):
    """A saved game not from us may say no time (no timestamp, or our older exports' 0): those
    phases, and only those, are dated by the import; the others keep the saved game's."""
    root, saved = demo
    history = load_state("demo", root).history
    short = json.loads(json.dumps(saved))
    short["phases"] = short["phases"][:4]  # S1901M, F1901M, W1901A played; S1902M next
    del short["phases"][1]["state"]["timestamp"]
    short["phases"][2]["state"]["timestamp"] = 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764079380")  # the import's minute, 2025-11-25 14:03 UTC
    assert len(import_mila(json.dumps(short).encode(), "copy", root=tmp_path)) == 3
    copy = load_state("copy", tmp_path).history
    assert [r["processed"] for r in copy] == [history[0]["processed"], "2025-11-25T14:03:00Z", "2025-11-25T14:03:00Z"]


@pytest.mark.parametrize("stamp, found", [("2026-11-25T14:03:00Z", "found a string"), (True, "found true or false"),
                                          (1.5, "found 1.5"), (10 ** 30, f"found {10 ** 30}")])
def test_a_timestamp_of_the_wrong_kind_is_a_clear_error(demo, tmp_path, capsys, stamp, found):
    _, saved = demo
    broken = json.loads(json.dumps(saved))
    broken["phases"] = broken["phases"][:3]
    broken["phases"][1]["state"]["timestamp"] = stamp
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["import", str(file), "--name", "broken", "--root", str(tmp_path / "games")]) == 2
    err = capsys.readouterr().err
    assert f"phases[1] (F1901M).state.timestamp: {found}, expected MILA's time" in err and "Traceback" not in err
    assert not (tmp_path / "games" / "broken").exists()


def test_a_saved_game_adjudicated_otherwise_is_refused_and_nothing_is_written(demo, tmp_path):
    _, saved = demo
    tampered = json.loads(json.dumps(saved))
    units = tampered["phases"][1]["state"]["units"]
    units["FRANCE"] = [u.replace("A BUR", "A PIC") for u in units["FRANCE"]]
    assert units != saved["phases"][1]["state"]["units"]
    before = snapshot(tmp_path)
    # the message names the difference, so the GM sees which order the two engines judged apart
    with pytest.raises(MilaFormatError, match=r"phases\[0\] \(S1901M\).*not the saved game's F1901M: found "
                       r"A BUR \(FRANCE\) here, expected A PIC \(FRANCE\) \(the saved game followed other rules\?\)"):
        import_mila(json.dumps(tampered).encode(), "copy", root=tmp_path)
    assert snapshot(tmp_path) == before and not list(tmp_path.iterdir())


@pytest.mark.parametrize("text, message", [
    (b"not json", "not JSON"),
    (b'{"map": "ancmed", "phases": []}', "expected 'standard'"),
    (b'{"map": "standard", "phases": []}', "expected at least the first phase"),
    (b'{"map": "standard", "phases": [{"name": "S1901M", "state": {"units": {"FRANCE": ["A XYZ"]}}}]}',
     "expected a unit"),
    # QA finding: these said "found NoneType" and "found dict", Python's names, not the file's
    (b'{"map": "standard", "phases": [{"name": "S1901M"}]}', "phases[0].state: found nothing, expected an object"),
    (b'{"map": "standard", "phases": [{"name": "S1901M", "state": {"units": {"FRANCE": {}}}}]}',
     "phases[0].state.units.FRANCE: found an object, expected a list of units"),
    (b'[]', "saved game: found a list, expected a JSON object"),
    # QA finding: these stopped with a traceback, or read a string letter by letter
    (b'{"map": "standard", "phases": [1]}', "phases[0]: found a number, expected a phase object"),
    (b'{"map": "standard", "phases": [{"name": "S1901M", "state": {"retreats": []}}]}',
     "phases[0].state.retreats: found a list, expected an object"),
    (b'{"map": "standard", "phases": [{"name": "S1901M", "state": {"centers": {"FRANCE": "PAR"}}}]}',
     "phases[0].state.centers.FRANCE: found a string, expected a list of supply centers"),
])
def test_bad_saved_games_are_clear_errors(tmp_path, capsys, text, message):
    file = tmp_path / "bad.json"
    file.write_bytes(text)
    assert main(["import", str(file), "--root", str(tmp_path / "games")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "games" / "bad").exists()


def test_a_phases_orders_that_are_not_a_list_are_a_clear_error(demo, tmp_path, capsys):
    """QA finding: a power's orders given as one string were read letter by letter, and the
    workbook then refused an order 'A'."""
    _, saved = demo
    broken = json.loads(json.dumps(saved))
    broken["phases"][0]["orders"]["FRANCE"] = "A PAR - BUR"
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["import", str(file), "--name", "broken", "--root", str(tmp_path / "games")]) == 2
    err = capsys.readouterr().err
    assert "phases[0] (S1901M).orders.FRANCE: found a string, expected a list of orders" in err
    assert not (tmp_path / "games" / "broken").exists()


def test_two_orders_for_one_unit_are_a_clear_error(demo, tmp_path, capsys):
    """QA finding: a saved game from elsewhere whose phase ordered one unit twice stopped with
    "no free row ... (was a row deleted?)", a workbook's message about a row the GM never
    touched; it names the phase, the unit and the two orders, and what is expected."""
    _, saved = demo
    broken = json.loads(json.dumps(saved))
    orders = broken["phases"][0]["orders"]["FRANCE"]
    first = orders[0]
    unit = " ".join(first.split()[:2])
    orders.append(f"{unit} H")
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["import", str(file), "--name", "broken", "--root", str(tmp_path / "games")]) == 2
    err = capsys.readouterr().err
    assert (f"phases[0] (S1901M).orders.FRANCE: two orders for {unit}, {first!r} and '{unit} H'; "
            "expected one order for each unit") in err
    assert "row deleted" not in err and "Traceback" not in err
    assert not (tmp_path / "games" / "broken").exists()


def test_only_standard_games_are_exported(tmp_path, capsys):
    create(tmp_path, variant="centenary")
    assert main(["export", "g", "--mila", "--root", str(tmp_path)]) == 2
    # found and expected, as every refusal says it (it said '(found centenary)' after the rule)
    assert "export --mila: found a game of Centenary (1618), expected a standard one (only standard Diplomacy" \
        in capsys.readouterr().err


def test_the_commands_round_trip_through_files(demo, tmp_path, capsys):
    root, saved = demo
    out = tmp_path / "demo.mila.json"
    assert main(["export", "demo", "--mila", "--root", str(root), "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == saved
    assert main(["import", str(out), "--root", str(tmp_path / "games"), "--site", ""]) == 0
    assert "imported 20 phases" in capsys.readouterr().out
    assert main(["import", str(out), "--root", str(tmp_path / "games"), "--site", ""]) == 2  # the name is taken
    assert "exists already" in capsys.readouterr().err


def test_import_publishes_the_site_as_a_turn_does(demo, tmp_path, capsys, monkeypatch):
    """`gm-tools import` publishes the imported game as `gm-tools turn` publishes a phase: by
    default into ./site of the folder it is run in, whatever --root says. Before, it published
    nothing, and the game had no page until the GM ran `gm-tools site`."""
    root, saved = demo
    out = tmp_path / "demo.mila.json"
    out.write_text(json.dumps(saved), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(out), "--name", "copy", "--root", str(tmp_path / "games")]) == 0
    said = capsys.readouterr().out
    assert "imported 20 phases" in said and "site published to site/" in said
    site = tmp_path / "site"
    game_page = (site / "games" / "copy" / "index.html").read_text(encoding="utf-8")
    assert "S1901M.html" in game_page and "F1905M.html" in game_page
    assert (site / "games" / "copy" / "F1905M.png").read_bytes().startswith(b"\x89PNG")
    assert (site / "games" / "copy" / "F1905M.txt").read_text(encoding="utf-8-sig").startswith("Movement results for Fall of 1905")
    assert "games/copy/index.html" in (site / "index.html").read_text(encoding="utf-8")
    # published: the next turn has nothing of the import's left to publish
    assert not (tmp_path / "games" / "copy" / ".unpublished").exists()


def test_import_to_a_site_folder_through_a_file_is_refused_before_importing(demo, tmp_path, capsys):
    root, saved = demo
    out = tmp_path / "demo.mila.json"
    out.write_text(json.dumps(saved), encoding="utf-8")
    (tmp_path / "public").write_text("not a folder", encoding="utf-8")
    assert main(["import", str(out), "--name", "copy", "--root", str(tmp_path / "games"),
                 "--site", str(tmp_path / "public" / "site")]) == 2
    assert f"{tmp_path / 'public'} is a file, expected a folder" in capsys.readouterr().err
    assert not (tmp_path / "games" / "copy").exists() and not (tmp_path / "games" / "copy.xlsx").exists()


def test_a_refused_import_leaves_no_site_folder(tmp_path, capsys, monkeypatch):
    """Nothing is written when an import is refused: not even the empty folder of the site it
    would have published."""
    file = tmp_path / "bad.json"
    file.write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(file), "--name", "bad", "--root", str(tmp_path / "games")]) == 2
    assert not (tmp_path / "site").exists() and not (tmp_path / "games" / "bad").exists()


def test_import_with_an_empty_site_publishes_nothing(demo, tmp_path, capsys, monkeypatch):
    root, saved = demo
    out = tmp_path / "demo.mila.json"
    out.write_text(json.dumps(saved), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(out), "--name", "copy", "--root", str(tmp_path / "games"), "--site", ""]) == 0
    assert "site published" not in capsys.readouterr().out
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("mila, ours", [("A PAR B", "BUILD A PAR"), ("A LON - NWY VIA", "A LON - NWY VIA CONVOY"),
                                        ("F NTH C A LON - NWY", "F NTH C A LON - NWY"), ("WAIVE", "WAIVE")])
def test_mila_notation_read_as_ours(mila, ours):
    assert our_order(mila) == ours


def test_the_diplomacy_package_loads_and_replays_the_export(demo):
    """Only where MILA's package is installed (the bench's environment)."""
    pytest.importorskip("diplomacy")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from interchange import replay_in_mila

    _, saved = demo
    assert replay_in_mila(saved) == []


def test_the_diplomacy_package_reads_the_days_phases_were_processed(demo):
    """Only where MILA's package is installed: the dates as MILA reads them, each phase's
    archived state's timestamp from MILA's own epoch, are the records' ``processed``."""
    pytest.importorskip("diplomacy")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from interchange import mila_dates

    root, saved = demo
    assert mila_dates(saved) == {r["phase"]: r["processed"] for r in load_state("demo", root).history}


def test_a_move_by_convoy_with_no_fleet_exports_the_hold_that_stood_and_imports(tmp_path):
    """DATC 4.E.1 (the README's choice): an illegal order is ignored and the unit holds. 'A MAR -
    NAF' with no fleet to convoy it is read, then found invalid at adjudication: the record
    keeps the invalid order and the hold that stood. The export gave MILA both, two orders for
    one unit ('A MAR - NAF', 'A MAR H'), and importing it back was refused as 'no free row for
    FRANCE's order'. MILA's game keeps only valid orders: the export gives the hold."""
    from workflow_helpers import play

    paths = create(tmp_path / "games")
    play(paths, {"FRANCE": ["A MAR - NAF", "A PAR - BUR"]})
    record = load_state("g", tmp_path / "games").history[0]
    assert [r["result"] for r in record["results"] if r["order"].startswith("A MAR")] == ["invalid", "succeeds"]
    saved = export_mila("g", tmp_path / "games")
    assert saved["phases"][0]["orders"]["FRANCE"] == ["A MAR H", "A PAR - BUR", "F BRE H"]
    import_mila(json.dumps(saved).encode(), "copy", root=tmp_path / "copies")
    assert load_state("copy", tmp_path / "copies").history[0]["after"] == load_state("g", tmp_path / "games").history[0]["after"]


def test_a_game_won_travels_with_its_last_board_and_imports_won(tmp_path, capsys):
    """A game won by the rules (2000 rulebook, 'Winning': 18 supply centers) is exported with
    its winning phase's orders and, last, the board it ended on, named COMPLETED as MILA names
    a finished game's last phase; the import plays every phase, the winning one included, and
    says the game is over. Before, the export dropped the final board, so the import stopped
    short of the winning phase and called the game 'ready for its next phase'."""
    paths = play_germany_solo(tmp_path / "games")
    saved = export_mila("solo", paths.root)
    assert [p["name"] for p in saved["phases"]][-2:] == ["F1907R", "COMPLETED"]
    last = json.loads(paths.record_file("F1907R").read_text(encoding="utf-8"))
    assert saved["phases"][-1]["state"]["centers"]["GERMANY"] == sorted(last["after"]["centers"]["GERMANY"])
    out = tmp_path / "solo.mila.json"
    out.write_text(json.dumps(saved), encoding="utf-8")
    assert main(["import", str(out), "--name", "copy", "--root", str(tmp_path / "copies"), "--site", ""]) == 0
    said = capsys.readouterr().out
    assert f"imported {len(load_state('solo', paths.root).history)} phases" in said and "the game is over: Germany won in F1907R" in said
    copy = load_state("copy", tmp_path / "copies")
    assert copy.finished and copy.winner == "GERMANY" and copy.history[-1]["phase"] == "F1907R"


@pytest.mark.parametrize("file, said", [
    ("my game.json", "import {path}: found 'my game' as the game's name (the file's, up to its first dot), expected "
                     "letters a to z, digits"),
    ("-", "import -: a saved game read from standard input has no file name to name the game by; expected --name"),
])
def test_a_saved_game_without_a_name_to_take_asks_for_name(tmp_path, capsys, monkeypatch, file, said):
    """The new game is named after the file unless --name says otherwise; a file name that
    cannot name a game, or standard input, which has none, asks for --name (before, the
    refusal named a game 'my game' or '-' the GM never chose)."""
    import io
    import sys

    path = tmp_path / file
    if file != "-":
        path.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{}")))
    assert main(["import", str(path) if file != "-" else "-", "--root", str(tmp_path / "games")]) == 2
    err = capsys.readouterr().err
    assert said.format(path=path) in err and "--name NAME" in err
    assert not (tmp_path / "games").exists()


def test_a_phase_misnamed_in_the_saved_game_is_named_with_the_name_expected(demo, tmp_path):
    """The board is the one expected but the phase's name is not the calendar's next: said as
    the name found and the one expected, not as a board 'adjudicated otherwise'."""
    _, saved = demo
    tampered = json.loads(json.dumps(saved))
    tampered["phases"][2]["name"] = "W1905A"
    with pytest.raises(MilaFormatError, match=r"phases\[2\]\.name: found 'W1905A', expected 'W1901A', the phase after "
                                              r"F1901M in the rulebook's calendar; nothing imported"):
        import_mila(json.dumps(tampered).encode(), "copy", root=tmp_path)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("out", ["{root}/demo.xlsx", "{root}/demo/game.json", "{root}/demo/history/S1901M.json"])
def test_export_refuses_to_write_over_the_games_own_files(demo, capsys, out):
    """``--out sheets/demo.xlsx`` (an Excel file wanted, or a slip) put the saved game's JSON in
    place of the GM's workbook, or of a record: refused, the file left as it was."""
    root, _ = demo
    path = out.format(root=root)
    before = open(path, "rb").read()
    assert main(["export", "demo", "--mila", "--root", str(root), "--out", path]) == 2
    err = capsys.readouterr().err
    assert f"--out {path}: found a file of the game itself (its workbook or record), expected a file of the saved " \
           "game's own (e.g. --out demo.mila.json); nothing written" in err
    assert open(path, "rb").read() == before


def test_export_and_import_count_the_same_phases_in_words(tmp_path, capsys):
    """`export` counted MILA's phase awaiting orders with the played ones ('2 phases' of a game
    played one phase) where `import` of the same file said 'imported 1 phases'."""
    from workflow_helpers import play

    paths = create(tmp_path, "one")
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    out = tmp_path / "one.mila.json"
    assert main(["export", "one", "--mila", "--root", str(tmp_path), "--out", str(out)]) == 0
    assert f"wrote {out}: 1 phase of one played, and the phase awaiting orders" in capsys.readouterr().out
    assert main(["import", str(out), "--name", "two", "--root", str(tmp_path), "--site", ""]) == 0
    assert "imported 1 phase into" in capsys.readouterr().out


def test_press_with_a_picture_imports_with_the_pictures_words(tmp_path, capsys):
    """README.md, "Running a game", shows a picture in the press (`![the siege](pictures/breda.png)`)
    and then `gm-tools export` and `gm-tools import` of the same game. A saved game carries the
    press's words, not the picture's file, so the import cannot show the picture; before, it
    refused the whole game naming its own scratch folder (`sheets/.import-other-.../other.xlsx:
    Press!A4: found a picture with no file`). Now the picture is its words, as the site shows a
    picture it cannot (docs/site.md), and the import ends with a warning naming it."""
    from test_press_pictures import png

    paths = create(tmp_path / "games")
    (paths.folder / "pictures").mkdir()
    (paths.folder / "pictures" / "breda.png").write_bytes(png(4, 3))
    play(paths, {"FRANCE": ["A PAR - BUR"]}, press="The siege goes on.\n\n![the siege](pictures/breda.png) at dawn",
         force=True)
    out = tmp_path / "g.json"
    assert main(["export", "g", "--mila", "--root", str(tmp_path / "games"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["import", str(out), "--name", "other", "--root", str(tmp_path / "games"), "--site", ""]) == 0
    said = capsys.readouterr()
    assert "Traceback" not in said.err and ".import-" not in said.out + said.err
    assert ("phases[0] (S1901M) press: found the picture 'pictures/breda.png', whose file a saved game "
            "does not carry; its words kept, 'the siege'") in said.out
    press = load_state("other", tmp_path / "games").history[0]["press"]
    assert press == "The siege goes on.\n\nthe siege at dawn"


def test_press_pictures_by_reference_or_from_another_host_import_without_them(tmp_path, capsys):
    """A saved game from another tool may hold any markdown: a picture from another host (which
    the Press sheet refuses, docs/site.md) is kept as its words, a picture by reference loses its
    definition's line, and the game imports, the import naming each."""
    paths = create(tmp_path / "games")
    play(paths, {"FRANCE": ["A PAR - BUR"]}, press="news", force=True)
    saved = export_mila("g", tmp_path / "games")
    saved["phases"][0]["messages"][0]["message"] = ("![the host](https://example.com/a.png) here\n\n"
                                                    "![map][m]\n\n[m]: pictures/map.png")
    out = tmp_path / "other.json"
    out.write_text(json.dumps(saved), encoding="utf-8")
    assert main(["import", str(out), "--root", str(tmp_path / "games"), "--site", ""]) == 0
    said = capsys.readouterr().out
    assert ("phases[0] (S1901M) press: found the picture 'https://example.com/a.png', from another host, which "
            "the press does not show; its words kept, 'the host'") in said
    assert "phases[0] (S1901M) press: found a picture with no file, 'pictures/map.png'; its line left out" in said
    assert load_state("other", tmp_path / "games").history[0]["press"] == "the host here\n\n![map][m]"
