"""A finished or long game read as an archive, in headless Chromium (``tests/browser.py``): the
shipped standard demo (twenty phases, 1901 to 1905) played through its workbook and built.
"""

from __future__ import annotations

import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("archive"), ["orders"])) as base:
        yield base


def test_the_game_pages_phases_are_found_by_year_from_the_keyboard(demo_site):
    """QA finding: the game page listed every phase in one list (twenty here, some 150 in a
    Europe 1619 game to 1648), with nothing to go to a given year by: no heading a screen
    reader moves between, no link. The phases are listed a year each under the year's
    heading, numbered on from the year before, and a line of years links to each."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "games/demo/index.html")
        years = page.locator("nav[aria-label='Years'] a")
        assert years.all_inner_texts() == ["1901", "1902", "1903", "1904", "1905"]
        headings = page.evaluate("""[...document.querySelectorAll('#phases-h ~ h3')].map(h => [h.id, h.innerText])""")
        assert headings == [[f"year-{y}", str(y)] for y in range(1901, 1906)]
        page.wait_for_selector("#map-picture svg")  # the map's script done: the tab order stays put
        for _ in range(80):  # by the keyboard alone
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent") == "1903":
                break
        assert page.evaluate("document.activeElement.textContent") == "1903"
        page.keyboard.press("Enter")
        page.wait_for_url("**#year-1903")  # a move within the page is reported after the key
        under = page.locator("#year-1903 + ol.phases li")
        assert under.first.inner_text().startswith("Spring 1903 Movement")
        assert under.last.inner_text().startswith("Winter 1903 Adjustment")
        assert 0 <= page.locator("#year-1903").bounding_box()["y"] < 900  # scrolled into view
        # numbered on: the whole game's order, as the single list was
        numbers = page.evaluate("""[...document.querySelectorAll('ol.phases')].map(o => [o.start, o.children.length])""")
        assert numbers[0][0] == 1 and all(n[0] == p[0] + p[1] for p, n in zip(numbers, numbers[1:]))
        assert sum(n for _, n in numbers) == 20
    assert errors == []


def test_a_phase_page_leads_to_its_years_phases_from_the_keyboard(demo_site):
    """From a phase page in the middle of the game, Tab reaches "Phases of 1903" within the
    first few stops (before the map), announced as part of the "Other phases" navigation, and
    Enter opens the game page at that year's heading."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "games/demo/F1903M.html")
        nav = page.get_by_role("navigation", name="Other phases", exact=True)
        assert nav.get_by_role("link").all_inner_texts() == ["First phase", "Phases of 1903", "All phases"]
        for stops in range(1, 15):  # the skip link, the crumbs, the pager, then this line
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent") == "Phases of 1903":
                break
        assert page.evaluate("document.activeElement.textContent") == "Phases of 1903", stops
        page.keyboard.press("Enter")
        page.wait_for_url("**/games/demo/index.html#year-1903")
        assert 0 <= page.locator("#year-1903").bounding_box()["y"] < 900  # the year's heading in view
        assert "Fall 1903 Movement" in page.locator("#year-1903 + ol.phases").inner_text()
    assert errors == []
