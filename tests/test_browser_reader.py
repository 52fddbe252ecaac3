"""The published demos read as a player and an archivist read them, in headless Chromium
(``tests/browser.py``): what a page says against what the game's record and the rest of the
page say."""

from __future__ import annotations

import json

import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("reader"), ["orders"])) as base:
        yield base


def _legend(page) -> list[str]:
    page.wait_for_selector("#map-picture svg #legend")
    return page.evaluate("[...document.querySelectorAll('#map-picture svg #legend text')].map(t => t.textContent)")


def test_a_retreat_maps_legend_counts_the_dislodged_units_it_draws(demo_site):
    """Reader finding (Fall 1902 Retreat of the standard demo): the map draws Germany's five
    units, two of them marked 'dislodged', and its legend said 'Germany: 5 SC, 3 units', Austria
    '4 units' beside five; the adjustments table under it says 5 units each. A dislodged unit is
    still the power's until it retreats or is disbanded (2000 rulebook, 'Retreating'), so the
    legend counts it, and says how many of them wait to retreat."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "games/demo/F1902R.html")
        legend = _legend(page)
        board = json.loads(page.evaluate("fetch('F1902M.json').then(r => r.text())"))["after"]
    assert not errors
    for power, units in board["units"].items():  # the record's board at the start of the retreat
        dislodged = len(board["dislodged"].get(power, []))
        said = f"{power.title()}: {len(board['centers'][power])} SC, {len(units) + dislodged} units"
        assert said + (f" ({dislodged} dislodged)" if dislodged else "") in legend, (said, legend)
    assert "Austria: 5 SC, 5 units (1 dislodged)" in legend, legend
    assert "Germany: 5 SC, 5 units (2 dislodged)" in legend, legend


@pytest.fixture(scope="module")
def westphalia_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("reader-westphalia"), ["westphalia"])) as base:
        yield base


@pytest.mark.parametrize("step", ["R1510I", "R1535U", "R1635X"])
def test_a_steps_links_to_its_parts_name_each_part_once(westphalia_site, step):
    """Reader finding (the Peace of Westphalia demo's Initiative, Foreign Powers and Imperial
    Election steps): the line of links under the pager read 'Results: Holy Roman Empire; Setup
    Order · Initiative Order · Holy Roman Empire · Princes · Principalities', two links of one
    name to two places (the Empire's results this step, and the Empire as it stands after it:
    its Emperor, Electors and Council of Trent, rulebook 003_b5b9eb4920d39694.txt, 'Imperial
    Election'); a reader, or a screen reader's list of links, cannot tell which is which."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(westphalia_site + f"games/westphalia-demo/{step}.html")
        links = page.evaluate("""[...document.querySelectorAll("nav[aria-label='On this page'] a")]
                                 .map(a => [a.textContent, a.getAttribute('href')])""")
        headings = page.evaluate("[...document.querySelectorAll('h2, h3')].map(h => h.textContent.trim())")
        section = page.locator("#s-holy-roman-empire h2").inner_text()
    assert not errors
    assert len(headings) == len(set(headings)), headings  # a screen reader's list of headings too
    assert section == "Holy Roman Empire after the step"
    names = [name for name, _ in links]
    assert len(names) == len(set(names)), names
    assert ["Holy Roman Empire", "#power-EMPIRE"] in links, links
    assert ["Holy Roman Empire after the step", "#s-holy-roman-empire"] in links, links


@pytest.fixture(scope="module")
def europe1615_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("reader-europe1615"), ["europe1615"])) as base:
        yield base


def test_a_phase_whose_dislodged_units_may_not_retreat_does_not_offer_their_retreats(europe1615_site):
    """Reader finding (Summer 1615 Movement of the Europe 1615 demo): the line of links under the
    pager offered 'Dislodged units and where they may retreat', and the section it leads to says
    'Stralsund: Army Stralsund: destroyed (the rules allow it no retreat)': a minor state's army
    is disbanded when dislodged (rulebook 000_cc215928c2f3193e.txt, 'Retreats. If the minor
    state's army is dislodged, it is then disbanded (no retreats are allowed for units of the
    minor states)'). The link says what is there: the dislodged units."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(europe1615_site + "games/europe1615-demo/U1615M.html")
        line = page.locator("nav[aria-label='On this page'] p").inner_text()
        section = page.locator("section[aria-labelledby='dislodged-h']").inner_text()
    assert not errors
    assert "Army Stralsund: destroyed (the rules allow it no retreat)" in section
    assert "may retreat" not in section
    assert "; Dislodged units; " in line, line


def test_a_phase_whose_dislodged_units_may_retreat_says_so_at_the_top(demo_site):
    """The standard demo's Fall 1902 Movement: its dislodged units may retreat, and the link to
    them says so."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "games/demo/F1902M.html")
        line = page.locator("nav[aria-label='On this page'] p").inner_text()
    assert not errors
    assert "Dislodged units and where they may retreat" in line, line


@pytest.fixture(scope="module")
def archive_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("reader-archive"), ["europe1619", "orders", "westphalia"])) as base:
        yield base


def test_the_archive_on_a_phone_gives_players_and_status_room_to_be_read(archive_site):
    """Reader finding (the archive on a 375 px phone): its table scrolls sideways and every
    column got the same 100 px, so the Europe 1619 demo's fifteen players stood a name a line,
    a row of 392 px (half the screen for one game), and the Westphalia demo's status, 'won by
    Yellow Elephant (Peace of Westphalia Victory, 28 Imperial Power, 31 toward victory counting 3
    for its orthodox town)', a word or two a line. On
    a phone the players and the status get the width to be read a few names a line; the game's
    name, held at the left, and its players still fit the screen side by side."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 740})
        page.goto(archive_site + "index.html")
        rows = page.evaluate("""[...document.querySelectorAll('table.games tbody tr')]
            .map(r => [r.cells[0].innerText, Math.round(r.getBoundingClientRect().height),
                       Math.round(r.cells[0].getBoundingClientRect().width + r.cells[5].getBoundingClientRect().width)])""")
    assert not errors
    assert len(rows) == 3
    for name, height, name_and_players in rows:
        assert height <= 740 / 3, (name, height)
        assert name_and_players <= 375 - 2 * 16, (name, name_and_players)  # the page's margins


def test_a_phase_pages_small_tables_fit_a_phone_without_scrolling(demo_site):
    """Reader finding (Fall 1901 Movement of the standard demo on a 375 px phone): the table of
    adjustments due, four short columns, was 8 px wider than the column, so it scrolled for a
    sliver, its right edge cut and the scrolling shadow over 'builds 2'; Europe 1615 v2's
    supply-center ownership, three columns, by 7 px. On a phone every scrolling table's cells
    are padded as the orders' are, and these fit."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 740})
        page.goto(demo_site + "games/demo/F1901M.html")
        over = page.evaluate("""[...document.querySelectorAll('.scroll')]
            .map(s => [s.querySelector('caption').textContent, s.scrollWidth - s.clientWidth])""")
    assert not errors
    assert any(caption.startswith("Supply centers against units") for caption, _ in over), over
    assert all(more == 0 for _, more in over), over
