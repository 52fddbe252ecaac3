"""The deadline of the phase awaiting orders, on the site: the GM types it on the new workbook's
Game sheet (Game!B6, docs/workbook.md "A phase, from the GM's side") and `gm-tools site` shows it
on the game page and the archive's line for the game; a deadline typed rewrites that game's page
and the index alone, an order typed nothing (docs/site.md, "The deadline").

Real games in tmp_path, played through their real workbooks (openpyxl), built into real sites."""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gm_tools.app.endgame import end_game
from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.gamecells import GameCells, read_game_cells
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.publish.site import SiteSettings, build_site
from browser import chromium_page, needs_chromium, served
from workflow_helpers import as_carried_over, create, edit_workbook, play, type_cells

FAST = SiteSettings(base_map=schematic_map)
DEADLINE = re.compile(r"<dt>Deadline</dt><dd[^>]*>([^<]*)</dd>")


def _build(root: Path, site: Path):
    return build_site(root, site, FAST)


def _said(site: Path, name: str = "g") -> list[str]:
    """What the game page says of the deadline (nothing: an empty list)."""
    return DEADLINE.findall((site / "games" / name / "index.html").read_text(encoding="utf-8"))


def _index_line(site: Path, name: str = "g") -> str:
    """The archive's row of the game, its tags left out."""
    page = (site / "index.html").read_text(encoding="utf-8")
    row = re.search(rf'<tr>\n<th scope="row"><a href="games/{name}/index.html">.*?</tr>', page, re.S).group(0)
    return re.sub(r"<[^>]+>", " ", row)


def _none_then_typed(root: Path, site: Path, paths, phase: str, deadline: str) -> None:
    """No deadline said for ``phase`` until the GM types ``deadline`` on Game!B6; then the game
    page and the archive's line say it."""
    _build(root, site)
    assert _said(site) == [f"none set yet for {phase}"]
    assert "orders due" not in _index_line(site)
    type_cells(paths, {"Game!B6": deadline})
    _build(root, site)
    assert _said(site) == [f"Orders for {phase} are due {deadline}"]
    assert f"{phase}, orders due {deadline}" in _index_line(site)


def test_the_deadline_typed_for_the_current_phase_is_on_the_game_page_and_the_index(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    _none_then_typed(root, site, paths, "Spring 1901 Movement", "Friday 4 December 18:00 UTC")
    # Spring's deadline is past: Fall's workbook has none (docs/workbook.md), until the GM types it
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    assert read_game_cells(paths.workbook).deadline == ""
    _none_then_typed(root, site, paths, "Fall 1901 Movement", "Friday 11 December 18:00 UTC")


def test_the_same_deadline_every_week_is_shown(tmp_path):
    """A GM whose deadline has the same words every turn ('Friday 18:00 UTC') types them again
    after each turn, and the site shows them: the turn leaves the new workbook's Deadline empty
    rather than carrying the past one over, so nothing has to be told apart by its words."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 18:00 UTC"})
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    type_cells(paths, {"Game!B6": "Friday 18:00 UTC"})
    _build(root, site)
    assert _said(site) == ["Orders for Fall 1901 Movement are due Friday 18:00 UTC"]


def test_a_deadline_an_earlier_version_carried_over_is_said_as_none_set(tmp_path):
    """A workbook a turn wrote before the Next deadline row was laid out has the phase played's
    Deadline carried over, which that phase's record keeps: past, not the next phase's, it is
    said as none set yet until the GM types another."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    as_carried_over(paths, "Friday 4 December 18:00 UTC")
    assert read_game_cells(paths.workbook).carried_over
    _build(root, site)
    assert _said(site) == ["none set yet for Fall 1901 Movement"]
    type_cells(paths, {"Game!B6": "Friday 11 December 18:00 UTC"})
    _build(root, site)
    assert _said(site) == ["Orders for Fall 1901 Movement are due Friday 11 December 18:00 UTC"]


def test_a_deadline_typed_rewrites_that_games_page_and_the_index_alone(tmp_path):
    """Issue 19 item 2: a changed game is known before its records are parsed; the workbook's
    Deadline is part of what tells it (and an order typed in the same workbook is not)."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    create(root, "other")
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    _build(root, site)

    type_cells(paths, {"Game!B6": "2026-12-11 18:00"})
    report = _build(root, site)
    assert report.games_read == ["g"]
    assert sorted(report.written) == ["games/g/index.html", "index.html"]
    assert _said(site) == ["Orders for Fall 1901 Movement are due 2026-12-11 18:00"]

    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A BUR - MUN"]}))
    report = _build(root, site)
    assert report.games_read == [] and report.written == []


@pytest.mark.parametrize("typed, shown", [
    ("Friday 18:00 UTC", "Friday 18:00 UTC"),
    (datetime.datetime(2026, 12, 4, 18, 0), "2026-12-04 18:00"),
    (datetime.datetime(2026, 12, 4, 17, 59, 59, 998000), "2026-12-04 18:00"),  # a spreadsheet's time off by a little
    (datetime.date(2026, 12, 4), "2026-12-04"),
    (1234, "1234"),
])
def test_the_site_reads_the_deadline_as_the_turn_records_it(tmp_path, typed, shown):
    """The site's reading of the Deadline gives the record's text, a date to the minute (a
    workbook of an earlier version is told carried over by comparing the two)."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": typed})
    assert read_game_cells(paths.workbook).deadline == shown
    _build(root, site)
    assert _said(site) == [f"Orders for Spring 1901 Movement are due {shown}"]
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    import json

    assert json.loads(paths.record_file("S1901M").read_text(encoding="utf-8"))["deadline"] == shown
    _build(root, site)
    assert _said(site) == ["none set yet for Fall 1901 Movement"]


def test_a_deadline_saved_by_a_spreadsheet_program_as_rich_text_is_read(tmp_path):
    """A cell with part of its text in bold is saved as runs of text; read as their words."""
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    edit_workbook(paths.workbook, lambda wb: wb["Game"].__setitem__(
        "B6", CellRichText("Friday ", TextBlock(InlineFont(b=True), "4 December"), " 18:00 UTC")))
    assert read_game_cells(paths.workbook).deadline == "Friday 4 December 18:00 UTC"
    _build(root, site)
    assert _said(site) == ["Orders for Spring 1901 Movement are due Friday 4 December 18:00 UTC"]


def test_a_game_over_says_nothing_of_a_deadline(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 18:00 UTC"})
    end_game("g", ["FRANCE", "ENGLAND"], root=root, site_dir=None, declared="2000-01-02T00:00:00Z")
    _build(root, site)
    assert _said(site) == []
    assert "orders due" not in _index_line(site)


def test_an_unreadable_deadline_is_not_shown_and_the_build_warns(tmp_path):
    """A formula where the GM types a value (the turn refuses it at Game!B6): no deadline is
    guessed; the other game is published as ever."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    other = create(root, "other")
    type_cells(other, {"Game!B6": "Friday 18:00 UTC"})
    edit_workbook(paths.workbook, lambda wb: wb["Game"].__setitem__("B6", "=TODAY()+7"))
    report = _build(root, site)
    assert _said(site) == []
    assert any("g.xlsx: its Game sheet's Phase or Deadline cannot be read" in w for w in report.warnings)
    assert _said(site, "other") == ["Orders for Spring 1901 Movement are due Friday 18:00 UTC"]


def test_a_damaged_or_missing_workbook_stops_no_build(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    paths.workbook.write_bytes(b"not a workbook")
    report = _build(root, site)
    assert _said(site) == [] and report.warnings
    assert (site / "games" / "g" / "index.html").is_file()
    paths.workbook.unlink()  # a site built from the records alone: nothing to say of a deadline
    report = _build(root, site)
    assert _said(site) == [] and not report.warnings


def test_an_old_copy_laid_out_for_another_phase_says_nothing(tmp_path):
    """A workbook put back from a backup by hand, laid out for Spring after Spring was played:
    its Deadline is not Fall's."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    spring = paths.workbook.read_bytes()
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    paths.workbook.write_bytes(spring)
    type_cells(paths, {"Game!B6": "Friday 11 December 18:00 UTC"})
    _build(root, site)
    assert _said(site) == []


@needs_chromium
def test_the_deadline_reads_in_chromium_on_a_desktop_and_a_phone(tmp_path):
    """In headless Chromium (``tests/browser.py``): the game page's facts read "Deadline",
    then the sentence, on one screen with the heading (a player comes for it first), within
    a phone's width, and the page passes axe-core; the archive's row says it too."""
    from axe_playwright_python.sync_playwright import Axe

    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    _build(root, site)
    errors: list[str] = []
    with served(site) as base, chromium_page(errors) as page:
        for width in (1100, 360):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(base + "games/g/index.html")
            fact = page.locator("dd.deadline")
            assert fact.is_visible()
            assert fact.inner_text() == "Orders for Spring 1901 Movement are due Friday 4 December 18:00 UTC"
            assert page.evaluate("""() => {
                const dd = document.querySelector('dd.deadline'), dt = dd.previousElementSibling;
                const box = dd.getBoundingClientRect();
                return dt.innerText.trim() === 'Deadline' && box.bottom <= innerHeight
                       && box.right <= document.documentElement.clientWidth;
            }""")
            response = Axe().run(page).response
            assert [v["id"] for v in response["violations"]] == []
        page.goto(base + "index.html")
        cell = page.locator("table.games tbody tr").first.locator("td").nth(2)
        assert cell.inner_text() == "Spring 1901 Movement, orders due Friday 4 December 18:00 UTC"
    assert errors == []


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.parametrize("typed", ["Friday 4 December 18:00 UTC", datetime.datetime(2026, 12, 4, 18, 0)])
def test_a_deadline_saved_by_libreoffice_is_read_as_the_turn_reads_it(tmp_path, typed):
    """The GM saves the workbook in LibreOffice (its own shared strings, styles and number
    formats): the site's reading of the Game sheet from the XML gives what openpyxl's does,
    the text the record keeps."""
    from gm_tools.edges.deadline import deadline_text

    root = tmp_path / "sheets"
    paths = create(root)
    type_cells(paths, {"Game!B6": typed})
    out = tmp_path / "saved"
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                    "--convert-to", "xlsx", "--outdir", str(out), str(paths.workbook)],
                   check=True, capture_output=True, timeout=180)
    saved = out / "g.xlsx"
    import openpyxl

    wb = openpyxl.load_workbook(saved)
    assert read_game_cells(saved) == GameCells(phase="S1901M", deadline=deadline_text(wb["Game"]["B6"].value))
    assert read_game_cells(saved).deadline in ("Friday 4 December 18:00 UTC", "2026-12-04 18:00")


def test_a_next_deadline_typed_before_the_turn_is_published_by_the_turn(tmp_path):
    """The Game sheet's Next deadline (docs/workbook.md): typed before the turn, it becomes the
    new phase's Deadline, and the turn's own publishing says it; the record keeps the Deadline
    of the phase played, as before (docs/game-record.md), and the new Next deadline is empty."""
    import json

    import openpyxl

    from gm_tools.app.turn import run_turn

    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    game = openpyxl.load_workbook(paths.workbook)["Game"]
    assert (game["A8"].value, game["B8"].value, game["B8"].protection.locked) == ("Next deadline", None, False)
    assert game["A10"].value == "Power"  # the players' table a row lower
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC", "Game!B8": datetime.datetime(2026, 12, 11, 18, 0)})
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}))
    run_turn("g", root=root, site_dir=site)
    assert json.loads(paths.record_file("S1901M").read_text(encoding="utf-8"))["deadline"] == "Friday 4 December 18:00 UTC"
    assert _said(site) == ["Orders for Fall 1901 Movement are due 2026-12-11 18:00"]
    game = openpyxl.load_workbook(paths.workbook)["Game"]
    assert (game["B6"].value, game["B6"].number_format) == (datetime.datetime(2026, 12, 11, 18, 0), "yyyy-mm-dd hh:mm")
    assert game["B8"].value is None
    # none typed: the new workbook has none, and the site says none is set
    run_turn("g", root=root, site_dir=site, force=True)
    assert _said(site) == ["none set yet for Spring 1902 Movement"]  # no adjustment due: Winter skipped


def test_a_workbook_laid_out_before_the_next_deadline_row_still_plays(tmp_path):
    """A game's workbook written before the Next deadline row was added: read as none typed; the
    next workbook has the row, and no Deadline (the phase played's is past)."""
    import openpyxl

    root = tmp_path / "sheets"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 4 December 18:00 UTC"})
    edit_workbook(paths.workbook, lambda wb: wb["Game"].delete_rows(8))
    assert openpyxl.load_workbook(paths.workbook)["Game"]["A9"].value == "Power"
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    game = openpyxl.load_workbook(paths.workbook)["Game"]
    assert (game["B6"].value, game["A8"].value) == (None, "Next deadline")


def test_a_next_deadline_the_same_as_the_deadline_is_warned_of(tmp_path, capsys):
    """A Next deadline typed as this phase's Deadline word for word is most often a copy left
    unchanged: the turn's report (its dry run too) says so, naming the cell."""
    from gm_tools.app.cli import main

    root = tmp_path / "sheets"
    paths = create(root)
    type_cells(paths, {"Game!B6": "Friday 18:00 UTC", "Game!B8": "Friday 18:00 UTC"})
    warning = ("Game!B8: the Next deadline is this phase's Deadline word for word (Friday 18:00 UTC): the next "
               "phase's workbook and the site give it as the next phase's")
    assert main(["turn", "g", "--root", str(root), "--dry-run", "--force"]) == 0
    assert warning in capsys.readouterr().out
    assert main(["turn", "g", "--root", str(root), "--force", "--site", ""]) == 0
    assert warning in capsys.readouterr().out
    type_cells(paths, {"Game!B8": "Friday 11 December 18:00 UTC"})
    assert main(["turn", "g", "--root", str(root), "--force", "--site", ""]) == 0
    assert "Next deadline" not in capsys.readouterr().out
