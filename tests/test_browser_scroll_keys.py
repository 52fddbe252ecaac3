"""A table that scrolls sideways, scrolled from the keyboard, in headless Chromium
(``tests/browser.py``).

QA finding: a table wider than its column scrolls in its box (``.scroll``), but nothing in the
box took the focus, so a keyboard user could not scroll it in a browser that does not make a
scrolling box a tab stop of its own (Safari; Chromium and Firefox do). Each such table is now
a tab stop itself, named by its caption, its box outlined while it has the focus; the arrow
keys then scroll the box.
"""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site
from browser import chromium_page, needs_chromium, served
from sitegame import small_game

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def served_site(tmp_path_factory):
    """The small game's site, served over HTTP; yields the base address."""
    root = tmp_path_factory.mktemp("scroll")
    small_game(root / "sheets", load_variant("standard"))
    build_site(root / "sheets", root / "site")
    with served(root / "site") as base:
        yield base


# the tables in a scrolling box: [tab index, caption, whether its box is wider than the column]
TABLES = """() => [...document.querySelectorAll('.scroll table')].map(t => {
    const box = t.closest('.scroll');
    return [t.tabIndex, t.caption ? t.caption.textContent : null, box.scrollWidth > box.clientWidth];
})"""


@pytest.mark.parametrize("address, width", [("index.html", 375), ("games/demo/index.html", 320),
                                            ("games/demo/F1901M.html", 320)])
def test_on_a_phone_tab_reaches_a_wide_table_and_the_arrow_keys_scroll_it(served_site, address, width):
    """A phase's orders tables fit a 375 px phone (``tests/test_browser_phone.py``), and so do the
    small game's standings since a phone pads every scrolling table's cells as the orders'; at
    320 px (a small phone, or a desktop's window at 400% zoom) a support's notation and the
    standings need the box."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(served_site + address)
        if page.locator("#map-picture").count():
            page.wait_for_selector("#map-picture svg")  # the map's script done: the tab order stays put
        tables = page.evaluate(TABLES)
        # every table of a scrolling box is a tab stop with a name, whether it scrolls here or not
        assert tables and all(index == 0 and caption for index, caption, _ in tables), tables
        wide = [caption for _, caption, scrolls in tables if scrolls]
        assert wide, tables  # the case in question: a table wider than a phone's column
        caption = wide[0]
        for _ in range(80):  # by the keyboard alone
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.caption?.textContent") == caption:
                break
        focused = page.evaluate("document.activeElement.caption?.textContent")
        assert focused == caption
        # named by its caption, as a screen reader reads it (the accessibility tree's name)
        table = page.get_by_role("table", name=caption, exact=True)
        assert table.evaluate("t => t === document.activeElement")
        box = "document.activeElement.closest('.scroll')"
        outline = page.evaluate(f"(s => [s.outlineStyle, s.outlineWidth])(getComputedStyle({box}))")
        assert outline == ["solid", "3px"]
        assert page.evaluate(f"{box}.scrollLeft") == 0
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"{box}.scrollLeft > 0")
        page.keyboard.press("ArrowLeft")  # and back
        page.wait_for_function(f"{box}.scrollLeft == 0")
    assert errors == []


def test_a_table_clicked_with_the_mouse_is_not_outlined(served_site):
    """The outline is the keyboard's (``:focus-visible``): a click in a table, which gives it
    the focus too, draws none."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "index.html")
        page.locator("table.games td").first.click()
        assert page.evaluate("document.activeElement.matches('table.games')")
        assert page.evaluate("getComputedStyle(document.querySelector('.scroll')).outlineStyle") == "none"
    assert errors == []


def test_on_a_phone_the_game_pages_chart_is_a_tab_stop_named_by_its_heading(served_site):
    """On a phone the supply-center chart keeps its size and scrolls sideways as a wide table
    does (its names readable): it is a tab stop too, named by its section's heading."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/index.html")
        chart = page.get_by_role("figure", name="Supply centers per year", exact=True)
        assert chart.evaluate("f => f.matches('figure.chart') && f.scrollWidth > f.clientWidth")
        chart.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.querySelector('figure.chart').scrollLeft > 0")
    assert errors == []
