"""The archive's index with its latest turns (``templates/index.html``, :mod:`gm_tools.publish.latest`)
in headless Chromium (``tests/browser.py``): axe-core finds no violation on it, and the filter
and sorting script (``templates/static/archive.js``) works on the games' table alone, the list
of latest turns below it left whole. Two demo games: the standard demo and Centenary's; then the
standard demo beside the Westphalia demo, whose end the list names."""

from __future__ import annotations

import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium

ROWS = "table.games tbody tr:not([hidden]) th[scope=row]"
LATEST = "section.latest li:not([hidden]) a"


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("latest"), ("orders", "centenary"))) as base:
        yield base


def test_the_index_with_its_latest_turns_passes_axe(demo_site):
    from axe_playwright_python.sync_playwright import Axe

    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "index.html")
        assert page.locator(LATEST).count() == 10
        response = Axe().run(page, options={"resultTypes": ["violations"]}).response
        assert len(response["passes"]) + len(response["violations"]) > 20  # axe ran its rules
        assert [v["id"] for v in response["violations"]] == []
    assert errors == []


def test_the_filter_and_the_sorting_leave_the_latest_turns_alone(demo_site):
    expect = pytest.importorskip("playwright.sync_api").expect
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "index.html")
        latest = page.locator(LATEST).all_text_contents()
        assert len(latest) == 10 and latest[0].startswith("demo: ")
        status = page.get_by_role("status")
        expect(status).to_have_text("2 of 2 games")  # the list's links are not counted as games
        page.get_by_role("searchbox", name="Filter games").fill("centenary")
        expect(status).to_have_text("1 of 2 games")
        expect(page.locator(ROWS)).to_have_text(["centenary-demo"])
        expect(page.locator(LATEST)).to_have_text(latest)  # the list stays whole and in its order
        page.get_by_role("button", name="Phases played").click()
        expect(page.locator(LATEST)).to_have_text(latest)
        page.get_by_role("searchbox", name="Filter games").fill("")
        expect(page.locator(ROWS)).to_have_text(["centenary-demo", "demo"])  # 4 phases, then 20
        # a link of the list opens its phase
        page.locator(LATEST).first.click()
        expect(page).to_have_url(demo_site + "games/demo/W1905A.html")
    assert errors == []


@pytest.fixture(scope="module")
def ended_site(tmp_path_factory):
    """The standard demo beside the Westphalia demo, which its rules' victory ended."""
    with served(built_site(tmp_path_factory.mktemp("latest-ended"), ("orders", "westphalia"))) as base:
        yield base


def test_a_games_end_in_the_latest_turns_passes_axe_and_opens_its_game_page(ended_site):
    """003_b5b9eb4920d39694.txt, 'Peace of Westphalia Victory': the demo's last round decides
    it; the list names the end first, before that round, and its link opens the game page."""
    from axe_playwright_python.sync_playwright import Axe

    expect = pytest.importorskip("playwright.sync_api").expect
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(ended_site + "index.html")
        latest = page.locator(LATEST)
        expect(latest.nth(0)).to_have_text("westphalia-demo: Winner: Yellow Elephant")
        expect(latest.nth(1)).to_have_text("westphalia-demo: Round 1635 Imperial Election")
        response = Axe().run(page, options={"resultTypes": ["violations"]}).response
        assert [v["id"] for v in response["violations"]] == []
        latest.first.click()
        expect(page).to_have_url(ended_site + "games/westphalia-demo/index.html")
    assert errors == []
