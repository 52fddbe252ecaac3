"""The archive's index with many games, in headless Chromium (``tests/browser.py``): its
filter box and its sortable columns (``templates/static/archive.js``), made by the script over
the table the site writes, which stays whole and readable without it. Three demo games, played
through their workbooks and built: the standard demo ("demo", 20 phases), Centenary's (4) and
Westphalia's (42, won), whose players share a name (Gustav plays in two)."""

from __future__ import annotations

import contextlib
import re

import pytest

from browser import CHROMIUM, FLAGS, chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium

ROWS = "table.games tbody tr:not([hidden]) th[scope=row]"
"""The names of the games the filter leaves shown."""


@pytest.fixture(scope="module")
def demo_files(tmp_path_factory):
    """The site's folder, for opening it from a disk (file://)."""
    return built_site(tmp_path_factory.mktemp("archive-filter"), ("orders", "centenary", "westphalia"))


@pytest.fixture(scope="module")
def demo_site(demo_files):
    with served(demo_files) as base:
        yield base


@contextlib.contextmanager
def _opened(address: str):
    """``address`` open in Chromium (``tests/browser.py``); by the end of the test no page
    error, console error or failed request."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(address)
        yield page
    assert errors == []


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


def test_typing_a_variants_name_leaves_only_its_games_and_says_how_many(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        box = page.get_by_role("searchbox", name="Filter games")
        status = page.get_by_role("status")
        expect(status).to_have_text("3 of 3 games")
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo", "westphalia-demo"])
        box.fill("westphalia")
        expect(status).to_have_text("1 of 3 games")
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo"])
        box.fill("STANDARD diplomacy")  # every word, any case
        expect(status).to_have_text("1 of 3 games")
        expect(page.locator(ROWS)).to_have_text(["demo"])
        box.fill("pèace")  # accents ignored
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo"])
        box.fill("in progress")  # a status
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo"])
        expect(status).to_have_text("2 of 3 games")
        box.fill("no such game")
        expect(status).to_have_text("0 of 3 games")
        expect(page.locator(ROWS)).to_have_count(0)
        box.fill("")
        expect(status).to_have_text("3 of 3 games")
        # the status line is a polite live region: read out as it changes, not interrupting
        assert status.get_attribute("aria-live") == "polite"


def test_a_players_name_finds_their_games(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        box = page.get_by_role("searchbox", name="Filter games")
        box.fill("ulrich")  # Westphalia's
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo"])
        box.fill("Gustav")  # Sweden's in the standard demo and in Centenary's
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo"])
        expect(page.get_by_role("status")).to_have_text("2 of 3 games")
        box.fill("tarik")
        expect(page.locator(ROWS)).to_have_text(["demo"])
        players = page.get_by_role("columnheader", name="Players")
        assert players.count() == 1  # shown in their column, not only searched


def test_sorting_by_phases_played_is_numeric_and_a_second_press_reverses(demo_site):
    """20, 4 and 42 phases: ordered as words they would be 20, 4, 42."""
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        header = page.get_by_role("columnheader", name="Phases played")
        button = header.get_by_role("button", name="Phases played")
        phases = page.locator("table.games tbody tr td:nth-child(7)")
        button.click()
        expect(phases).to_have_text(["4", "20", "42"])
        expect(header).to_have_attribute("aria-sort", "ascending")
        button.click()
        expect(phases).to_have_text(["42", "20", "4"])
        expect(header).to_have_attribute("aria-sort", "descending")
        # another column: the sort moves there, and only the sorted header says it is
        last = page.get_by_role("columnheader", name="Last played")
        last.get_by_role("button").click()
        expect(last).to_have_attribute("aria-sort", "ascending")
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo", "westphalia-demo"])
        expect(page.locator("th[aria-sort]")).to_have_count(1)
        assert header.get_attribute("aria-sort") is None
        page.get_by_role("button", name="Game", exact=True).click()
        page.get_by_role("button", name="Game", exact=True).click()
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo", "demo", "centenary-demo"])
        # sorted while filtered: the filter still holds
        page.get_by_role("searchbox", name="Filter games").fill("in progress")
        expect(page.locator(ROWS)).to_have_text(["demo", "centenary-demo"])


def _filter_and_sort(page, expect, text: str) -> None:
    """Type ``text`` in the box and sort by phases played, most first (a second press)."""
    page.get_by_role("searchbox", name="Filter games").fill(text)
    header = page.get_by_role("columnheader", name="Phases played")
    header.get_by_role("button").click()
    expect(header).to_have_attribute("aria-sort", "ascending")
    header.get_by_role("button").click()
    expect(header).to_have_attribute("aria-sort", "descending")


def _expect_gustav_by_phases(page, expect) -> None:
    """The table as "gustav", most phases first, leaves it: the standard demo's 20 phases, then
    Centenary's 4; the box says so, the header says so, the status line counts them."""
    expect(page.get_by_role("searchbox", name="Filter games")).to_have_value("gustav")
    expect(page.locator(ROWS)).to_have_text(["demo", "centenary-demo"])
    expect(page.get_by_role("columnheader", name="Phases played")).to_have_attribute("aria-sort", "descending")
    expect(page.locator("th[aria-sort]")).to_have_count(1)
    expect(page.get_by_role("status")).to_have_text("2 of 3 games")


def test_filtering_and_sorting_write_the_address_without_a_history_entry_each(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        expect(page.get_by_role("status")).to_have_text("3 of 3 games")
        entries = page.evaluate("history.length")
        box = page.get_by_role("searchbox", name="Filter games")
        box.press_sequentially("pèace")  # a key at a time, as a reader types
        expect(page).to_have_url(demo_site + "index.html?q=p%C3%A8ace")
        box.fill("in progress")
        expect(page).to_have_url(demo_site + "index.html?q=in%20progress")
        header = page.get_by_role("columnheader", name="Phases played")
        header.get_by_role("button").click()
        expect(page).to_have_url(demo_site + "index.html?q=in%20progress&sort=phases-asc")
        header.get_by_role("button").click()
        expect(page).to_have_url(demo_site + "index.html?q=in%20progress&sort=phases-desc")
        page.get_by_role("button", name="Last played").click()
        expect(page).to_have_url(demo_site + "index.html?q=in%20progress&sort=last-asc")
        box.fill("")  # an empty box leaves the query
        expect(page).to_have_url(demo_site + "index.html?sort=last-asc")
        assert page.evaluate("history.length") == entries
        # the skip link's fragment (#main) is added to the query, not put in its place
        page.get_by_role("link", name="Skip to content").focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(demo_site + "index.html?sort=last-asc#main")
        box.fill("ulrich")
        expect(page).to_have_url(demo_site + "index.html?q=ulrich&sort=last-asc#main")


def test_the_address_opened_afresh_shows_the_same_rows_in_the_same_order(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        _filter_and_sort(page, expect, "gustav")
        expect(page).to_have_url(re.compile(r"\?q=gustav&sort=phases-desc$"))
        address = page.url
        page.goto("about:blank")
        page.goto(address)
        _expect_gustav_by_phases(page, expect)
        page.reload()
        _expect_gustav_by_phases(page, expect)
        # typed by hand: "+" a space, an accent escaped, a bare column name's order ignored
        page.goto(demo_site + "index.html?sort=phases&q=p%C3%A8ace+of")
        expect(page.get_by_role("searchbox", name="Filter games")).to_have_value("pèace of")
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo"])
        expect(page.get_by_role("status")).to_have_text("1 of 3 games")
        expect(page.locator("th[aria-sort]")).to_have_count(0)


def test_back_from_a_game_shows_the_filter_and_the_order_again(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        _filter_and_sort(page, expect, "gustav")
        page.get_by_role("link", name="centenary-demo").click()
        expect(page).to_have_url(demo_site + "games/centenary-demo/index.html")
        page.wait_for_selector("#map-picture svg")  # its map's requests done before it is left
        page.go_back()
        expect(page).to_have_url(re.compile(r"index\.html\?q=gustav&sort=phases-desc$"))
        _expect_gustav_by_phases(page, expect)


@pytest.mark.parametrize("query", ["?sort=nonsense&q=%E0%A4%A", "?q=%&sort=phases-sideways", "?sort=-desc&q",
                                   "?sort=&q=&&=x", "?sort=constructor-asc&sort", "?q=%ZZgustav"])
def test_an_address_that_cannot_be_read_leaves_the_whole_table(demo_site, query):
    """An unterminated escape, a column that is not there, a name without a value: left out,
    and no error."""
    expect = _expect()
    with _opened(demo_site + "index.html" + query) as page:
        expect(page.get_by_role("status")).to_have_text("3 of 3 games")
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo", "westphalia-demo"])
        expect(page.get_by_role("searchbox", name="Filter games")).to_have_value("")
        expect(page.locator("th[aria-sort]")).to_have_count(0)
        # and the page still works: its next filter is written over the address it was given
        page.get_by_role("searchbox", name="Filter games").fill("ulrich")
        expect(page.locator(ROWS)).to_have_text(["westphalia-demo"])
        expect(page).to_have_url(demo_site + "index.html?q=ulrich")


def test_opened_from_a_disk_the_address_round_trips_too(demo_files):
    """file://: the query is kept by the browser, the file found by its path alone."""
    expect = _expect()
    errors: list[str] = []
    index = "file://" + str(demo_files / "index.html")
    with chromium_page(errors) as page:
        page.goto(index)
        _filter_and_sort(page, expect, "gustav")
        expect(page).to_have_url(index + "?q=gustav&sort=phases-desc")
        page.goto("about:blank")
        page.goto(index + "?q=gustav&sort=phases-desc")
        _expect_gustav_by_phases(page, expect)
    assert errors == []


def _tab_to(page, wanted: str, stops: int = 40) -> None:
    """Tab until the element with focus matches ``wanted`` (a selector)."""
    for _ in range(stops):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", wanted):
            return
    raise AssertionError(f"the keyboard never reached {wanted}")


def test_the_keyboard_reaches_the_box_and_the_sort_buttons(demo_site):
    expect = _expect()
    with _opened(demo_site + "index.html") as page:
        box = page.get_by_role("searchbox", name="Filter games")
        expect(box).to_be_visible()
        _tab_to(page, "#filter")
        page.keyboard.type("Westphalia")
        expect(page.get_by_role("status")).to_have_text("1 of 3 games")
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        expect(page.get_by_role("status")).to_have_text("3 of 3 games")
        _tab_to(page, "th > button")
        assert page.evaluate("document.activeElement.textContent") == "Game"
        _tab_to(page, "th:nth-child(7) > button")
        header = page.get_by_role("columnheader", name="Phases played")
        page.keyboard.press("Enter")
        expect(header).to_have_attribute("aria-sort", "ascending")
        page.keyboard.press("Space")
        expect(header).to_have_attribute("aria-sort", "descending")
        expect(page.locator("table.games tbody tr td:nth-child(7)")).to_have_text(["42", "20", "4"])
        # the button keeps its outline for the keyboard
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline == "solid"


def test_without_javascript_the_whole_table_shows_and_no_box_is_left(demo_site):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_context(java_script_enabled=False).new_page()
            page.goto(demo_site + "index.html")
            rows = page.locator("table.games tbody tr")
            sync_api.expect(rows).to_have_count(3)
            for i in range(3):
                sync_api.expect(rows.nth(i)).to_be_visible()
            sync_api.expect(page.locator("table.games thead th")).to_have_text(
                ["Game", "Variant", "Status", "Current phase", "Winner", "Players", "Phases played", "Last played"])
            assert page.locator("input, button, [role=status], label").count() == 0
            assert "Ulrich" in rows.nth(2).inner_text()  # the players are in the table itself
        finally:
            browser.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_the_index_in_use_passes_axe(demo_site, width):
    """No axe-core violation with the box filled in and a column sorted, on a desktop and a phone."""
    from axe_playwright_python.sync_playwright import Axe

    expect = _expect()
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(demo_site + "index.html")
        page.get_by_role("searchbox", name="Filter games").fill("gustav")
        expect(page.get_by_role("status")).to_have_text("2 of 3 games")
        header = page.get_by_role("columnheader", name="Phases played")
        header.get_by_role("button").click()
        expect(header).to_have_attribute("aria-sort", "ascending")
        response = Axe().run(page, options={"resultTypes": ["violations"]}).response
        assert len(response["passes"]) + len(response["violations"]) > 20  # axe ran its rules
        assert [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}"
                for v in response["violations"]] == []
    assert errors == []
