"""Who played each power over a long game (:mod:`gm_tools.publish.playerhistory`): the
standard demo ("orders") played through its workbook, the GM typing a replacement's name in
the Game sheet's Player column between turns (France: Francine, then Bob from Spring 1903, then
nobody from Fall 1904, then Carol from Spring 1905), each turn the real ``gm-tools turn``, and
the site built from the records. The game page lists France's players with their phases; the
archive's index names the former players, so that its filter finds the game by them."""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path

import openpyxl
import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site, demo_file, played, played_until
from gm_tools.app.demo import _demo_date, read_demo
from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.publish.site import MANIFEST, build_site

HEADING = "Players over the game"
FRANCE = ("France: Francine from <a href=\"S1901M.html\">Spring 1901 Movement</a> to "
          "<a href=\"W1902A.html\">Winter 1902 Adjustment</a>; then Bob from <a href=\"S1903M.html\">Spring 1903 "
          "Movement</a> to <a href=\"S1904R.html\">Spring 1904 Retreat</a>; then no player from "
          "<a href=\"F1904M.html\">Fall 1904 Movement</a> to <a href=\"W1904A.html\">Winter 1904 Adjustment</a>; "
          "then Carol from <a href=\"S1905M.html\">Spring 1905 Movement</a>")
PLAYERS = "Anna, Edward, Carol, Gustav, Isabella, Rurik, Tarik (earlier players: Francine, Bob)"


def type_player(root: Path, game: str, power: str, player: str) -> None:
    """The GM types ``player`` in ``power``'s Player cell of the Game sheet, as in a
    spreadsheet program (an empty name clears it: the power has no player)."""
    path = root / f"{game}.xlsx"
    wb = openpyxl.load_workbook(path)
    sheet = wb["Game"]
    header = next(r for r in sheet.iter_rows() if r[0].value == "Power")
    column = next(c.column for c in header if c.value == "Player")
    row = next(r for r in sheet.iter_rows(min_row=header[0].row + 1) if r[0].value == power)
    sheet.cell(row=row[0].row, column=column).value = player or None
    wb.save(path)


def play_on(root: Path, name: str, until: str | None = None) -> None:
    """Go on playing demo ``name`` in ``root`` (begun by :func:`played_until`) as the demo
    runner does, the orders of each phase typed into the workbook and the real turn run, up to
    phase ``until`` (left to play) or to the demo's end. Orders demos only (the Orders sheet)."""
    demo = read_demo(demo_file(name))
    workbook = root / f"{demo.game}.xlsx"
    while True:
        state = load_state(demo.game, root)
        phase = state.position.phase
        played = {r["phase"] for r in state.history}
        if state.finished or phase == until or all(p in played for p in demo.phases):
            return
        entry = dict(demo.phases.get(phase, {}))
        press = entry.pop("press", "")
        workbook.write_bytes(fill_orders(workbook.read_bytes(), entry, press, str(workbook)))
        run_turn(demo.game, root=root, site_dir=None, force=True,
                 processed=_demo_date(demo.created, len(state.history)))


def replaced(root: Path) -> Path:
    """The standard demo played with France's players changed; its games folder."""
    sheets = root / "sheets"
    played_until(sheets, "orders", "S1903M")
    type_player(sheets, "demo", "FRANCE", "Bob")
    play_on(sheets, "orders", until="F1904M")
    type_player(sheets, "demo", "FRANCE", "")
    play_on(sheets, "orders", until="S1905M")
    type_player(sheets, "demo", "FRANCE", "Carol")
    play_on(sheets, "orders")
    return sheets


@pytest.fixture(scope="module")
def changed(tmp_path_factory) -> Path:
    """The games folder and the site built from it, ``root/sheets`` and ``root/site``."""
    root = tmp_path_factory.mktemp("players")
    build_site(replaced(root), root / "site")
    return root


def players_cell(index: str, game: str) -> str:
    row = re.search(rf'<a href="games/{game}/index.html">{game}</a></th>(.*?)</tr>', index, re.S).group(1)
    return unescape(re.findall(r"<td>(.*?)</td>", row, re.S)[4])


def test_each_record_keeps_the_players_the_gm_typed(changed):
    """The records (not the workbook) are what the site reads: each phase's players as typed."""
    history = load_state("demo", changed / "sheets").history
    france = [(r["phase"], r["players"]["FRANCE"]) for r in history]
    assert france[0] == ("S1901M", "Francine") and ("S1903M", "Bob") in france
    assert ("F1904M", "") in france and france[-1] == ("W1905A", "Carol")


def test_the_game_page_lists_the_players_of_a_power_whose_player_changed(changed):
    page = (changed / "site" / "games" / "demo" / "index.html").read_text(encoding="utf-8")
    assert f'<h3 id="players-over-h">{HEADING}</h3>' in page
    items = re.search(r'<ul aria-labelledby="players-over-h">\n(.*?)</ul>', page, re.S).group(1)
    assert items == f"<li>{FRANCE}</li>\n"  # France alone: nobody else's player changed
    # under the standings, whose Player cell names the player now
    assert page.index('id="standings-h"') < page.index(HEADING) < page.index('id="chart-h"')
    assert '<th scope="row">France</th><td>Carol</td>' in page
    for link in re.findall(r'href="([SFW]\d{4}[MRA]\.html)"', FRANCE):  # each phase named has its page
        assert (changed / "site" / "games" / "demo" / link).is_file()


def test_a_phase_page_names_the_player_of_its_phase(changed):
    """A phase page's power headings name the players its record keeps (they did before)."""
    games = changed / "site" / "games" / "demo"
    for phase, player in (("S1902M", "Francine"), ("F1903M", "Bob"), ("S1905M", "Carol")):
        page = (games / f"{phase}.html").read_text(encoding="utf-8")
        assert f'<h3 id="power-FRANCE">France <span class="muted">({player})</span></h3>' in page
    assert '<h3 id="power-FRANCE">France</h3>' in (games / "F1904M.html").read_text(encoding="utf-8")


def test_the_index_names_the_former_players_after_the_players_now(changed):
    index = (changed / "site" / "index.html").read_text(encoding="utf-8")
    assert players_cell(index, "demo") == PLAYERS
    summary = json.loads((changed / "site" / MANIFEST).read_text(encoding="utf-8"))["games"]["demo"]["summary"]
    assert summary["players"][2] == "Carol" and summary["former_players"] == ["Francine", "Bob"]


def test_a_game_whose_players_never_changed_shows_nothing_new(tmp_path):
    site = built_site(tmp_path, ["orders"])
    page = (site / "games" / "demo" / "index.html").read_text(encoding="utf-8")
    assert HEADING not in page and "players-over" not in page
    index = (site / "index.html").read_text(encoding="utf-8")
    assert players_cell(index, "demo") == "Anna, Edward, Francine, Gustav, Isabella, Rurik, Tarik"
    assert "earlier players" not in index


def test_an_incremental_build_names_the_former_players_once_the_player_changes(tmp_path):
    """Built before the change, then after the next turns: the game is read again (its records
    changed) and its summary names the former player; a build with nothing new keeps it."""
    sheets, site = tmp_path / "sheets", tmp_path / "site"
    played_until(sheets, "orders", "S1903M")
    build_site(sheets, site)
    assert players_cell((site / "index.html").read_text(encoding="utf-8"), "demo") == \
        "Anna, Edward, Francine, Gustav, Isabella, Rurik, Tarik"
    type_player(sheets, "demo", "FRANCE", "Bob")
    play_on(sheets, "orders", until="S1904M")
    report = build_site(sheets, site)
    assert report.games_read == ["demo"]
    index = (site / "index.html").read_text(encoding="utf-8")
    assert players_cell(index, "demo") == "Anna, Edward, Bob, Gustav, Isabella, Rurik, Tarik (earlier players: Francine)"
    page = (site / "games" / "demo" / "index.html").read_text(encoding="utf-8")
    assert ("<li>France: Francine from <a href=\"S1901M.html\">Spring 1901 Movement</a> to <a href=\"W1902A.html\">"
            "Winter 1902 Adjustment</a>; then Bob from <a href=\"S1903M.html\">Spring 1903 Movement</a></li>") in page
    again = build_site(sheets, site)
    assert again.games_read == [] and "index.html" in again.unchanged


def test_a_manifest_kept_without_the_former_players_has_its_game_read_again(changed, tmp_path):
    """A summary an older build kept (without ``former_players``) is not shown again unread:
    the game is read and its former players listed."""
    site = tmp_path / "site"
    shutil.copytree(changed / "site", site)
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    del data["games"]["demo"]["summary"]["former_players"]
    data["games"]["demo"]["summary"]["players"] = ["Anna", "Edward", "Carol", "Gustav", "Isabella", "Rurik", "Tarik"]
    (site / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    index = (site / "index.html")
    index.write_text(index.read_text(encoding="utf-8").replace(" (earlier players: Francine, Bob)", ""), encoding="utf-8")
    report = build_site(changed / "sheets", site)
    assert report.games_read == ["demo"]
    assert players_cell(index.read_text(encoding="utf-8"), "demo") == PLAYERS


@needs_chromium
def test_the_archives_filter_finds_the_game_by_a_former_player(changed, tmp_path):
    """In headless Chromium (``tests/browser.py``), beside another game: typing a former
    player's name in the archive's filter box leaves the game he left."""
    expect = pytest.importorskip("playwright.sync_api").expect
    sheets = tmp_path / "sheets"
    shutil.copytree(changed / "sheets", sheets)
    played(sheets, "centenary")
    build_site(sheets, tmp_path / "site")
    errors: list[str] = []
    with served(tmp_path / "site") as base, chromium_page(errors) as page:
        page.goto(base + "index.html")
        box = page.get_by_role("searchbox", name="Filter games")
        status = page.get_by_role("status")
        rows = page.locator("table.games tbody tr:not([hidden]) th[scope=row]")
        expect(status).to_have_text("2 of 2 games")
        for name in ("Francine", "bob", "Carol"):  # the first and second players, and the player now
            box.fill(name)
            expect(status).to_have_text("1 of 2 games")
            expect(rows).to_have_text(["demo"])
        box.fill("Louis")  # the other game's
        expect(rows).to_have_text(["centenary-demo"])
    assert errors == []


def test_a_power_left_without_a_player_has_none_in_the_standings_now(tmp_path):
    """France's Player cell emptied: the standings say "no player", as the list of players over
    the game does, and the index lists Francine as an earlier player, not as a player now."""
    sheets = tmp_path / "sheets"
    played_until(sheets, "orders", "F1904M")
    type_player(sheets, "demo", "FRANCE", "")
    play_on(sheets, "orders", until="S1905M")
    build_site(sheets, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "demo" / "index.html").read_text(encoding="utf-8")
    assert '<th scope="row">France</th><td>no player</td>' in page
    assert ("<li>France: Francine from <a href=\"S1901M.html\">Spring 1901 Movement</a> to <a href=\"S1904R.html\">"
            "Spring 1904 Retreat</a>; then no player from <a href=\"F1904M.html\">Fall 1904 Movement</a></li>") in page
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert players_cell(index, "demo") == "Anna, Edward, Gustav, Isabella, Rurik, Tarik (earlier players: Francine)"


@needs_chromium
def test_the_game_page_with_its_players_over_the_game_passes_axe(changed):
    """The list under the standings, its heading and its links to phases, checked by axe-core
    (as every kind of demo page is, ``tests/test_browser_axe.py``; no demo changes a player)."""
    from axe_playwright_python.sync_playwright import Axe

    errors: list[str] = []
    with served(changed / "site") as base, chromium_page(errors) as page:
        page.goto(base + "games/demo/index.html")
        page.wait_for_selector("#map-picture svg")
        assert page.locator("#players-over-h").count() == 1
        response = Axe().run(page).response
        assert len(response["passes"]) > 20
        assert [v["id"] for v in response["violations"]] == []
    assert errors == []
