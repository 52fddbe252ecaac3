"""``gm-tools deadline GAME TEXT``: the deadline of the phase awaiting orders typed into the real
workbook's Game!B6 (docs/workbook.md, "A phase, from the GM's side") and published; the workbook
before kept, nothing written on a refusal."""

from __future__ import annotations

import datetime
import json
import shutil

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.deadlinecmd import set_deadline
from gm_tools.app.endgame import end_game
from gm_tools.app.status import phase_status
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import as_carried_over, create, play, snapshot


def _b6(paths):
    cell = openpyxl.load_workbook(paths.workbook)["Game"]["B6"]
    return cell.value, cell.number_format


def test_the_deadline_is_typed_published_and_the_workbook_before_kept(tmp_path, capsys):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}))
    before = paths.workbook.read_bytes()
    assert main(["deadline", "g", "Friday 4 December 18:00 UTC", "--root", str(root), "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert out == ("g: orders for Spring 1901 Movement are due Friday 4 December 18:00 UTC (Game!B6); the workbook "
                   f"before is kept as {paths.mail / 'S1901M.1.xlsx'}\n")
    assert (paths.mail / "S1901M.1.xlsx").read_bytes() == before
    assert _b6(paths) == ("Friday 4 December 18:00 UTC", "General")
    page = (site / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "Orders for Spring 1901 Movement are due Friday 4 December 18:00 UTC" in page
    # only the Deadline changed: France's order is still there, and the turn records the deadline
    status = phase_status("g", root)
    assert status.deadline == "Friday 4 December 18:00 UTC"
    assert next(p for p in status.powers if p.power == "FRANCE").entered == 1
    play(paths, {})
    assert json.loads(paths.record_file("S1901M").read_text(encoding="utf-8"))["deadline"] == "Friday 4 December 18:00 UTC"


def test_a_date_is_typed_as_a_date_and_empty_text_clears_it(tmp_path):
    """As the next phase's workbook writes a Deadline carried over (a date stays a date:
    tests/test_workbook.py), so the GM's formulas on the cell work."""
    root = tmp_path / "sheets"
    paths = create(root)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    set_deadline("g", "2026-12-11 18:00", root=root, site_dir=None)
    assert _b6(paths) == (datetime.datetime(2026, 12, 11, 18, 0), "yyyy-mm-dd hh:mm")
    assert phase_status("g", root).text().splitlines()[0] == "g: F1901M (Fall 1901 Movement), deadline: 2026-12-11 18:00"
    set_deadline("g", "  ", root=root, site_dir=None)
    assert _b6(paths) == (None, "General")
    assert sorted(p.name for p in paths.mail.iterdir()) == ["F1901M.1.xlsx", "F1901M.2.xlsx"]


def test_refused_with_nothing_written(tmp_path, capsys):
    root = tmp_path / "sheets"
    paths = create(root)
    other = create(root, "other")
    files = snapshot(root)
    # too long for a line of the pages
    assert main(["deadline", "g", "x" * 201, "--root", str(root), "--site", ""]) != 0
    assert "deadline: found 201 characters, expected at most 200" in capsys.readouterr().err
    # another game's workbook in its place: its Deadline is not this game's
    saved = paths.workbook.read_bytes()
    shutil.copyfile(other.workbook, paths.workbook)
    files = snapshot(root)
    assert main(["deadline", "g", "Friday", "--root", str(root), "--site", ""]) != 0
    err = capsys.readouterr().err
    assert "Game!B2: found 'other'" in err and "Traceback" not in err
    assert snapshot(root) == files
    paths.workbook.write_bytes(saved)
    # open in a spreadsheet program
    lock = root / ".~lock.g.xlsx#"
    lock.write_text("x")
    files = snapshot(root)
    assert main(["deadline", "g", "Friday", "--root", str(root), "--site", ""]) != 0
    assert "is open in a spreadsheet program" in capsys.readouterr().err
    assert snapshot(root) == files
    lock.unlink()
    # a game over has no phase awaiting orders
    end_game("g", ["FRANCE", "ENGLAND"], root=root, site_dir=None, declared="2000-01-02T00:00:00Z")
    files = snapshot(root)
    assert main(["deadline", "g", "Friday", "--root", str(root), "--site", ""]) != 0
    assert "over" in capsys.readouterr().err
    assert snapshot(root) == files


@pytest.mark.parametrize("args", [["deadline", "--help"]])
def test_the_help_gives_an_example(args, capsys):
    with pytest.raises(SystemExit):
        main(args)
    assert "gm-tools deadline spring1901 'Friday 11 December 18:00 UTC'" in capsys.readouterr().out


def test_the_deadline_the_phase_played_had_is_typed_with_a_warning(tmp_path, capsys):
    """In a workbook a turn of an earlier version wrote (the phase played's Deadline carried
    over, no Next deadline row), the site tells the deadline typed from the carried one by its
    words (docs/site.md, "The deadline"): the same words again are said as none set, and the
    command says so when it types them. In a workbook of now, the same words are the next
    phase's deadline, typed and shown with no warning."""
    root = tmp_path / "sheets"
    paths = create(root)
    set_deadline("g", "Friday 18:00 UTC", root=root, site_dir=None)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    assert main(["deadline", "g", "Friday 18:00 UTC", "--root", str(root), "--site", str(tmp_path / "site")]) == 0
    assert "warning" not in capsys.readouterr().out
    assert ("Orders for Fall 1901 Movement are due Friday 18:00 UTC"
            in (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8"))
    as_carried_over(paths, "Friday 18:00 UTC")
    assert main(["deadline", "g", "Friday  18:00 UTC", "--root", str(root), "--site", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert ("warning: Spring 1901 Movement had the same deadline, so the site and status take this one for the "
            "deadline the turn carried over and say none is set") in out
    assert "none set yet for Fall 1901 Movement" in (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert main(["deadline", "g", "Friday 11 December 18:00 UTC", "--root", str(root), "--site", ""]) == 0
    assert "warning" not in capsys.readouterr().out


@pytest.mark.parametrize("variant, phase", [("europe1615v2", "P1615I"), ("europe1615", "I1615C")])
def test_a_phase_of_entries_not_orders_says_entries_are_due(tmp_path, capsys, variant, phase):
    """A variant's phase played from its sheets (Europe 1615 v2's INF placements, 001
    'Political Phase'; Europe 1615's opening phase) awaits the players' entries, not orders
    for units: `deadline`, the game page and the archive said "orders" there."""
    from gm_tools.app.turn import load_state
    from gm_tools.edges.variants import load_variant
    from gm_tools.edges.layout import phase_name

    root, site = tmp_path / "sheets", tmp_path / "site"
    create(root, variant=variant)
    assert load_state("g", root=root).position.phase == phase
    title = phase_name(load_variant(variant).calendar, phase)
    assert main(["deadline", "g", "Friday 4 December 18:00 UTC", "--root", str(root), "--site", str(site)]) == 0
    assert capsys.readouterr().out.startswith(f"g: entries for {title} are due Friday 4 December 18:00 UTC (Game!")
    page = (site / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert f"Entries for {title} are due Friday 4 December 18:00 UTC" in page and "Orders for" not in page
    archive = (site / "index.html").read_text(encoding="utf-8")
    assert f"{title}, entries due Friday 4 December 18:00 UTC" in archive and "orders due" not in archive
