"""The demo games' phase pages on a phone, in headless Chromium (``tests/browser.py``).

A sixth of the orders and results tables of the demos' pages scrolled sideways at 375 px: a
support's notation kept whole on one line ("F STP/NC S F NTH - NWY"), a game's own order kept
whole however long ("PAY 3 TO VENICE (repays the loan of 1619: 2 and 1 interest)"), and the
table of the powers without a player given a fourth column, the powers' names. Measured here
on every phase page of three demos that hold each kind: the standard game (supports and
convoys), Centenary (powers nobody plays) and Europe 1619 (thirty minor states, a bank's
loans and payments).
"""

from __future__ import annotations

import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium

DEMOS = ("orders", "centenary", "europe1619")


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    """The three demos played and built into one site, served; yields (base address, pages)."""
    site = built_site(tmp_path_factory.mktemp("demos"), DEMOS)
    pages = sorted(p.relative_to(site).as_posix() for p in (site / "games").glob("*/*.html") if p.name != "index.html")
    with served(site) as base:
        yield base, pages


WIDE = """() => [...document.querySelectorAll('table.results')].filter(t => {
    const box = t.closest('.scroll');
    return box.scrollWidth > box.clientWidth;
}).map(t => t.caption.textContent)"""

BROKEN = """selector => [...document.querySelectorAll(selector)].filter(e => {
    const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1;
}).map(e => e.textContent)"""


def test_on_a_phone_no_orders_table_is_wider_than_the_screen(demo_site):
    """At 375 px every orders and results table of the demos' phase pages fits its column:
    a support's or a convoy's notation breaks between its clauses only, each whole ("F GRE
    S" over "A SER - BUL"), a game's own order of many words wraps like a sentence, and the
    powers without a player are named over their rows, not in a column of their own. On a
    desktop every notation still reads on one line."""
    base, pages = demo_site
    errors: list[str] = []
    tables = clauses = sentences = 0
    with chromium_page(errors) as page:
        for address in pages:
            page.set_viewport_size({"width": 375, "height": 800})
            page.goto(base + address)
            tables += page.locator("table.results").count()
            clauses += page.locator("table.results code > span").count()
            sentences += page.locator("table.results code.wraps").count()
            assert page.evaluate(WIDE) == [], address
            assert page.evaluate("document.documentElement.scrollWidth") <= 375, address
            assert page.evaluate(BROKEN, "table.results code > span, table.results code:not(.wraps):not(:has(> span))") == [], address
            page.set_viewport_size({"width": 1100, "height": 900})
            assert page.evaluate(BROKEN, "table.results code") == [], address
    # the pages hold what once pushed their tables wide: the measure had something to measure
    assert tables > 100 and clauses > 20 and sentences >= 3, (tables, clauses, sentences)
    assert errors == []


def test_the_influence_trackers_cells_keep_to_one_line_its_row_names_narrow(demo_site):
    """Europe 1619's Influence Tracker (a column for each of fifteen powers, so it scrolls
    sideways on any screen): a status such as "ALIGNED (Protestant Union and the Palatinate)"
    wrapped to four lines in its narrow column made every row four lines tall. Its cells keep
    to one line now, all but the row's name (its header cell), which stays at the left in view as the rest
    scrolls and must leave a phone room for the columns beside it."""
    base, pages = demo_site
    diplomatic = [p for p in pages if p.startswith("games/europe1619-demo/") and p.endswith("D.html")]
    assert diplomatic
    tracker = "section.variant .scroll table:has(tr > :nth-child(12))"
    errors: list[str] = []
    with chromium_page(errors) as page:
        for width in (375, 1100):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(base + diplomatic[0])
            statuses = page.locator(f"{tracker} td", has_text="ALIGNED (Protestant Union and the Palatinate)")
            assert statuses.count(), "the long status the test is about"
            assert page.evaluate(BROKEN, f"{tracker} td:not(:first-child)") == [], width
            name = page.locator(f"{tracker} tbody tr > :first-child").first.bounding_box()
            assert name["width"] < width / 2, (width, name)
    assert errors == []
