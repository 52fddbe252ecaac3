"""The site's pages printed, in headless Chromium (``tests/browser.py``).

Archivists and GMs print a phase's results for a club newsletter or a game's page for a binder,
or save them as PDF. On paper nothing scrolls: a table wider than the page (Europe 1619's
Influence Tracker, 19 columns; Westphalia's Princes, 9) was cut off at its right edge, and the
skip link, the breadcrumb and the phase pagers took paper for links nobody can follow there.
The print rules of ``templates/static/style.css`` (its ``@media print`` block) are measured
here with Chromium's print media emulated at the width a page leaves for its content: A4's
210 mm less 1 cm margins (718 CSS px at 96 to the inch) and US Letter's 8.5 in (740 px).
"""

from __future__ import annotations

import re
import zlib

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site
from browser import chromium_page, needs_chromium, served
from demos import ALL_DEMOS, built_site
from sitegame import small_game

pytestmark = needs_chromium

DEMOS = ALL_DEMOS  # the site of every demo, built once a run for the files that read it
# content widths in CSS px: the paper less the 1 cm margins the print rules set (@page)
PAPERS = {"A4": 718, "Letter": 740}
# each page with what made it hard to print: the archive (7 columns), two game pages (standings,
# Westphalia's 9-column Princes), phase pages of four variants (supports' notation, Europe 1619's
# own long orders and its Influence Tracker, Europe 1615 v2's preformatted bribe chart,
# Westphalia's Princes again) and a variant's page of provinces
PAGES = ("index.html", "games/demo/index.html", "games/westphalia-demo/index.html",
         "games/demo/F1902M.html", "games/europe1619-demo/Y1620D.html", "games/europe1619-demo/Y1621B.html",
         "games/europe1615v2-demo/U1615M.html", "games/westphalia-demo/R1585F.html")


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    """Every demo played and built into one site, served; yields (base address, pages)."""
    site = built_site(tmp_path_factory.mktemp("demos"), DEMOS)
    # the Europe 1619 demo's own page of provinces, as its phase page links it (the 10-player
    # demo's map has a page of its own, under the same variant's name)
    provinces = sorted(set(re.findall(r"\.\./\.\./(static/maps/europe1619-[0-9a-f]+\.provinces1\.html)",
                                      (site / "games/europe1619-demo/Y1620D.html").read_text(encoding="utf-8"))))
    pages = [*PAGES, *provinces]
    missing = [p for p in pages if not (site / p).is_file()]
    assert not missing and len(provinces) == 1, (missing, provinces)
    with served(site) as base:
        yield base, pages


def _printed(page, address: str, width: int) -> None:
    """``address`` laid out for paper ``width`` px wide: loaded on a screen first, its map drawn
    by the page's script (a request aborted by leaving early counts as an error), then printed."""
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": width, "height": 1000})
    page.goto(address)
    if page.locator("#map-picture").count():
        page.wait_for_selector("#map-picture svg")
    page.emulate_media(media="print")
    page.wait_for_function("matchMedia('print').matches")


# everything whose right edge lies past the content's width: the page itself, every table and
# box, the map; inside a picture only the picture's own box counts (its drawing is clipped to it)
OVERFLOW = """() => {
    const width = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll('body *')].filter(e => {
        if (e.parentElement.closest('svg')) return false;
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5;
    }).map(e => `${e.tagName}.${e.className.baseVal ?? e.className} right ${Math.round(e.getBoundingClientRect().right)}`);
    return {width, scrollWidth: document.documentElement.scrollWidth, past: past.slice(0, 10)};
}"""

HIDDEN = """selector => [...document.querySelectorAll(selector)].map(e => getComputedStyle(e).display)"""


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_printed_page_keeps_within_the_paper_and_leaves_out_the_screens_links(demo_site, paper):
    """On A4 and on Letter, every kind of page: nothing lies past the right edge (a table wraps
    its cells, the tracker prints its powers' names upwards), the skip link and every navigation
    (crumbs, pagers, "Other phases", "On this page") are not printed, the page's heading (the
    game's and the phase's names) is, and so is the map, whole, within the width, in colour."""
    base, pages = demo_site
    width = PAPERS[paper]
    errors: list[str] = []
    tables = 0
    with chromium_page(errors) as page:
        for address in pages:
            _printed(page, base + address, width)
            found = page.evaluate(OVERFLOW)
            assert found["width"] == width, address
            assert found["scrollWidth"] <= width and found["past"] == [], (address, found)
            tables += page.locator("table").count()
            assert set(page.evaluate(HIDDEN, ".skip, header.site, nav, .pager")) == {"none"}, address
            assert page.locator(".skip, nav").count() >= 2, address  # they are there, on the screen
            heading = page.locator("h1")
            assert heading.is_visible(), address
            if address.startswith("games/"):
                game = address.split("/")[1]
                assert heading.inner_text().startswith(game), (address, heading.inner_text())
            if page.locator("#map-picture").count():
                picture = page.locator("#map-picture > svg")
                assert picture.is_visible(), address
                box = picture.bounding_box()
                assert box["width"] > width / 2 and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (address, box)
                styles = page.evaluate("""() => { const f = getComputedStyle(document.querySelector('figure.map'));
                    return [f.breakInside, f.printColorAdjust]; }""")
                assert styles == ["avoid", "exact"], address
    assert tables > 30  # the pages held the wide tables the test is about
    assert errors == []


def test_a_printed_tables_header_repeats_and_its_rows_and_headings_keep_together(demo_site):
    """Chromium repeats a table's header row on each printed page when its thead is a table
    header group (its default, not changed by the site); a row is not split across pages, nor
    a heading left alone at the bottom of one."""
    base, _ = demo_site
    errors: list[str] = []
    with chromium_page(errors) as page:
        _printed(page, base + "games/europe1619-demo/Y1620D.html", PAPERS["A4"])
        found = page.evaluate("""() => ({
            thead: [...new Set([...document.querySelectorAll('thead')].map(e => getComputedStyle(e).display))],
            tr: [...new Set([...document.querySelectorAll('tr')].map(e => getComputedStyle(e).breakInside))],
            heading: [...new Set([...document.querySelectorAll('h1, h2, h3')].map(e => getComputedStyle(e).breakAfter))],
        })""")
        assert found == {"thead": ["table-header-group"], "tr": ["avoid"], "heading": ["avoid"]}
    assert errors == []


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    """The site tests' small standard game (``tests/sitegame.py``), whose Fall 1901 press links
    a rules page on another site; served, yields the base address."""
    root = tmp_path_factory.mktemp("small")
    small_game(root / "sheets", load_variant("standard"))
    build_site(root / "sheets", root / "site")
    with served(root / "site") as base:
        yield base


LINKS = """() => {
    const links = [...document.querySelectorAll('main a')].filter(a => a.getClientRects().length);
    return {count: links.length,
            coloured: links.filter(a => getComputedStyle(a).color !== getComputedStyle(a.parentElement).color
                                        || getComputedStyle(a).textDecorationLine !== 'none').map(a => a.textContent),
            after: links.map(a => [a.textContent, getComputedStyle(a, '::after').content]).filter(([, c]) => c !== 'none')};
}"""


def test_printed_links_read_as_their_words(demo_site, small_site):
    """A link on paper is its words in the colour of the text around it, not underlined, with
    no address written after it; but for a link in the GM's press to another site, which paper
    can reach only by its address, written after it."""
    base, _ = demo_site
    errors: list[str] = []
    with chromium_page(errors) as page:
        _printed(page, base + "games/demo/index.html", PAPERS["A4"])
        found = page.evaluate(LINKS)
        assert found["count"] > 10 and found["coloured"] == [] and found["after"] == [], found
        _printed(page, small_site + "games/demo/F1901M.html", PAPERS["A4"])
        found = page.evaluate(LINKS)
        assert found["count"] > 3 and found["coloured"] == [], found
        assert found["after"] == [["Rules", '" (https://example.org/rules)"']], found
    assert errors == []


PAGE_OBJECTS = re.compile(rb"/Type\s*/Page\b")
# the map's sea (#c9dff0, the fill of every sea province of these variants) as Chromium's PDF
# writes a fill colour
SEA = b".7882 .8745 .9412 rg"


def _page_contents(pdf: bytes) -> list[bytes]:
    """Each page's drawing, in order: the document's tree of pages walked from its root (a
    long document's is nested), each page's content one compressed stream (Chromium writes its
    objects whole, not in object streams)."""
    objects = dict(re.findall(rb"(\d+) 0 obj\s*(.*?)endobj", pdf, re.S))

    def walk(number: bytes) -> list[bytes]:
        node = objects[number]
        kids = re.search(rb"/Kids\s*\[([^\]]*)\]", node)
        if kids:
            return [content for kid in kids.group(1).split()[::3] for content in walk(kid)]
        stream = objects[re.search(rb"/Contents\s+(\d+) 0 R", node).group(1)]
        return [zlib.decompress(re.search(rb"stream\r?\n(.*)\r?\nendstream", stream, re.S).group(1))]

    catalog = objects[re.search(rb"/Root\s+(\d+) 0 R", pdf).group(1)]
    return walk(re.search(rb"/Pages\s+(\d+) 0 R", catalog).group(1))


@pytest.mark.parametrize("address, most", [("games/demo/F1902M.html", 5), ("games/europe1619-demo/Y1620D.html", 9),
                                           ("index.html", 2),  # the games, then the latest turns
                                           # the map under the game's facts: on Letter's first page too
                                           ("games/demo/index.html", 4), ("games/westphalia-demo/index.html", 6)])
def test_a_page_saved_as_pdf(demo_site, address, most):
    """Chromium's own PDF of a page, on A4 and on Letter: a few pages, the map whole on the
    first under the page's heading (not pushed to the second, nor split over two), the
    tables after it."""
    base, _ = demo_site
    errors: list[str] = []
    with chromium_page(errors) as page:
        _printed(page, base + address, PAPERS["A4"])
        for paper in sorted(PAPERS):
            pdf = page.pdf(format=paper)
            assert pdf.startswith(b"%PDF"), paper
            pages = _page_contents(pdf)
            assert len(pages) == len(PAGE_OBJECTS.findall(pdf)) and 1 <= len(pages) <= most, (paper, len(pages))
            seas = [n for n, content in enumerate(pages) if SEA in content]
            assert seas == ([0] if page.locator("#map-picture").count() else []), (paper, seas)
    assert errors == []


def test_without_scripts_the_printed_map_is_its_png_whole_within_the_paper(demo_site):
    """Read without JavaScript a page's map is its PNG with the provinces' names over it: on
    paper the picture and the names' layer over it are the same box, within the width and at
    most 15 cm tall (Europe 1619's map, taller than wide, narrower than the page), on one page."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser import CHROMIUM, FLAGS

    base, _ = demo_site
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_context(java_script_enabled=False).new_page()
            for address in ("games/demo/F1902M.html", "games/europe1619-demo/Y1620D.html"):
                page.set_viewport_size({"width": PAPERS["A4"], "height": 1000})
                page.goto(base + address)
                page.wait_for_selector("#map-picture img.map-png")
                page.wait_for_function("document.querySelector('#map-picture img.map-png').complete")
                page.emulate_media(media="print")
                boxes = [{k: round(v) for k, v in page.locator(selector).bounding_box().items()}
                         for selector in ("#map-picture img.map-png", ".map-png-box", ".map-png-box object")]
                assert boxes[0] == boxes[1] == boxes[2], (address, boxes)  # to the pixel
                fifteen_cm = 15 / 2.54 * 96
                assert boxes[0]["x"] >= 0 and boxes[0]["x"] + boxes[0]["width"] <= PAPERS["A4"], (address, boxes[0])
                assert fifteen_cm - 1 <= boxes[0]["height"] <= fifteen_cm + 1, (address, boxes[0])
                assert page.evaluate("getComputedStyle(document.querySelector('figure.map')).breakInside") == "avoid"
                page.emulate_media(media="screen")
        finally:
            browser.close()


def test_a_reader_in_the_dark_scheme_prints_the_light_one(demo_site):
    """Paper is white: a page printed from a screen set to the dark colour scheme (the site
    follows it on screen, ``tests/test_browser_dark.py``) prints dark words on a light ground,
    its charts and tables as in the light scheme."""
    base, _ = demo_site
    errors: list[str] = []
    colours = """() => ({ink: getComputedStyle(document.body).color,
                         ground: getComputedStyle(document.body).backgroundColor,
                         cell: getComputedStyle(document.querySelector('td')).color})"""
    with chromium_page(errors) as page:
        page.emulate_media(color_scheme="light")
        _printed(page, base + "games/demo/index.html", PAPERS["A4"])
        light = page.evaluate(colours)
        page.emulate_media(media="screen", color_scheme="dark")
        on_screen = page.evaluate(colours)
        page.emulate_media(media="print", color_scheme="dark")
        printed = page.evaluate(colours)
    assert on_screen["ink"] != light["ink"]  # the screen did turn dark
    assert printed == light == {"ink": "rgb(30, 30, 30)", "ground": "rgb(255, 255, 255)", "cell": "rgb(30, 30, 30)"}
    assert errors == []
