"""The site in a reader's dark colour scheme (``prefers-color-scheme: dark``, a phone at night),
in headless Chromium (``tests/browser.py``).

Every demo is played and built into one site (shared with the other files that read it); the archive's index, three game pages (with their charts) and a phase page of each
variant are read in the dark scheme and in the light one. In the dark the page's ground is dark
and its words light, every text passes axe-core's contrast rule and the charts' words are
legible on the page's ground; the map, a picture of the board whose colours its legend
explains, looks exactly as it does in the light; and the light scheme is what it was before the
dark one came (the colours read from ``templates/static/style.css`` as it was).
"""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from browser import CHROMIUM, FLAGS, chromium_page, needs_chromium, served
from demos import ALL_DEMOS, built_site

pytestmark = needs_chromium

DEMOS = ALL_DEMOS  # the site of every demo, built once a run for the files that read it
GAMES = ["games/demo/index.html", "games/europe1615v2-demo/index.html", "games/westphalia-demo/index.html"]
PHASES = ["games/demo/F1901M.html", "games/centenary-demo/S1618M.html", "games/europe1615v2-demo/U1615M.html",
          "games/westphalia-demo/P1510C.html"]
PAGES = ["index.html"] + GAMES + PHASES

LIGHT = {
    # (selector, property): the computed value in the light scheme, as main's style.css gave it
    ("body", "background-color"): "rgb(253, 252, 248)",
    ("body", "color"): "rgb(30, 30, 30)",
    ("main a", "color"): "rgb(26, 79, 139)",
    ("th", "border-top-color"): "rgb(200, 200, 200)",
    ("td", "border-top-color"): "rgb(200, 200, 200)",
    ("h2", "border-bottom-color"): "rgb(200, 200, 200)",
    (".muted", "color"): "rgb(85, 85, 85)",
    ("figcaption", "color"): "rgb(85, 85, 85)",
    ("caption", "color"): "rgb(85, 85, 85)",
    ("code", "color"): "rgb(85, 85, 85)",
    (".press", "background-color"): "rgb(255, 255, 255)",
    (".press", "border-left-color"): "rgb(200, 200, 200)",
    ('.results th[scope="rowgroup"]', "background-color"): "rgb(243, 240, 230)",
    (".results .r-succeeds .result", "color"): "rgb(29, 107, 47)",
    (".results .r-fails .result", "color"): "rgb(155, 28, 28)",
    (".map-name", "background-color"): "rgb(255, 255, 255)",
    (".map-key .swatch", "border-top-color"): "rgb(30, 30, 30)",
    (".scroll", "background-image"):
        "linear-gradient(to right, rgb(253, 252, 248) 40%, rgba(253, 252, 248, 0)), "
        "linear-gradient(to left, rgb(253, 252, 248) 40%, rgba(253, 252, 248, 0)), "
        "radial-gradient(farthest-side at 0px 50%, rgba(0, 0, 0, 0.3), rgba(0, 0, 0, 0)), "
        "radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.3), rgba(0, 0, 0, 0))",
    ("figure.chart svg text", "fill"): "rgb(30, 30, 30)",
    ("figure.chart line:not([stroke-dasharray])", "stroke"): "rgb(208, 208, 208)",
    ("figure.chart line[stroke-dasharray]", "stroke"): "rgb(30, 30, 30)",
    ("figure.chart circle", "stroke"): "rgb(30, 30, 30)",
    ("figure.chart polyline", "filter"): "none",
}

COMPUTED = """probes => probes.map(([s, p]) => {
    const e = document.querySelector(s);
    return e ? getComputedStyle(e).getPropertyValue(p) : null;
})"""


def _rgb(css: str) -> tuple[float, float, float]:
    """``rgb(r, g, b)`` or ``rgba(r, g, b, a)`` (as getComputedStyle gives it) as three numbers."""
    numbers = re.match(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)", css)
    assert numbers, css
    return tuple(float(n) for n in numbers.groups())


def _luminance(css: str) -> float:
    """WCAG 2's relative luminance of a colour."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _hex_rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    """Every demo played and built into one site, served; yields the base address."""
    site = built_site(tmp_path_factory.mktemp("demos"), DEMOS)
    for page in PAGES:
        assert (site / page).exists(), page
    with served(site) as base:
        yield base


def _open(page, address: str) -> None:
    """``address`` loaded, its map (where it has one) drawn by the page's script."""
    page.goto(address)
    if page.locator("#map-picture").count():
        page.wait_for_selector("#map-picture svg")


def test_dark_pages_have_a_dark_ground_and_light_words(demo_site):
    """In the dark scheme the page's ground is dark and its words, links, muted words and
    results light enough on it (4.5:1), its table lines and the press box dark, a keyboard's
    focus ring plain on it (3:1); form controls and scrollbars follow (color-scheme)."""
    errors: list[str] = []
    seen: set[str] = set()
    with chromium_page(errors) as page:
        page.emulate_media(color_scheme="dark")
        for name in PAGES:
            _open(page, demo_site + name)
            bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert _luminance(bg) < 0.02, (name, bg)
            assert _luminance(page.evaluate("getComputedStyle(document.body).color")) > 0.6, name
            assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light dark"
            texts = page.evaluate("""() => [...document.querySelectorAll(
                    'main a, .muted, figcaption, caption:not(.visually-hidden), code, footer.site, .result, h1, h2, td, th')]
                .filter(e => e.getClientRects().length && !e.closest('.results caption'))
                .map(e => [e.tagName + '.' + e.className, getComputedStyle(e).color])""")
            assert texts, name
            for what, colour in texts:
                seen.add(what.split(".")[0])
                assert _contrast(colour, bg) >= 4.5, (name, what, colour, bg)
            lines = page.evaluate("[...document.querySelectorAll('td, th')].map(e => getComputedStyle(e).borderTopColor)")
            for colour in set(lines):
                assert colour != LIGHT[("td", "border-top-color")] and _contrast(colour, bg) >= 1.5, (name, colour)
            if page.locator(".press").count():
                seen.add("press")
                press = page.evaluate("getComputedStyle(document.querySelector('.press')).backgroundColor")
                assert _luminance(press) < 0.03 and _contrast(page.evaluate(
                    "getComputedStyle(document.querySelector('.press p')).color"), press) >= 4.5, name
            if page.locator('.results th[scope="rowgroup"]').count():
                seen.add("rowgroup")
                row = page.evaluate("""getComputedStyle(document.querySelector('.results th[scope="rowgroup"]'))"""
                                    ".backgroundColor")
                assert _luminance(row) < 0.05, name
        # the skip link, a keyboard's first stop: its ring and its box on the dark ground
        page.keyboard.press("Tab")
        page.wait_for_selector("a.skip:focus-visible")
        ring, box = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return [s.outlineColor, s.backgroundColor]; }""")
        assert _contrast(ring, bg) >= 3 and _luminance(box) < 0.03, (ring, box)
    assert {"A", "TD", "TH", "CODE", "FIGCAPTION", "CAPTION", "press", "rowgroup"} <= seen, seen
    assert errors == []


@pytest.mark.parametrize("width", [1280, 375])
def test_dark_pages_pass_axe(demo_site, width):
    """axe-core (its color-contrast rule the real check of every text's contrast) finds no
    violation on any of the pages in the dark scheme, on a desktop or a phone. An
    "incomplete" contrast check (a text over the scrolling boxes' gradient) is no violation."""
    from axe_playwright_python.sync_playwright import Axe

    errors: list[str] = []
    found: dict[str, list[str]] = {}
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(color_scheme="dark")
        for name in PAGES:
            _open(page, demo_site + name)
            # the page audited is the dark one
            assert _luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.02, name
            response = Axe().run(page, options={"resultTypes": ["violations"]}).response
            assert len(response["passes"]) + len(response["violations"]) > 20, name
            assert any(p["id"] == "color-contrast" for p in response["passes"] + response["violations"]), name
            violations = [f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'][:3])}" for v in response["violations"]]
            if violations:
                found[name] = violations
    assert found == {}
    assert errors == []


CHART = """() => ({
    bg: getComputedStyle(document.body).backgroundColor,
    texts: [...document.querySelectorAll('figure.chart svg text')].map(t => [t.textContent, getComputedStyle(t).fill]),
    lines: [...document.querySelectorAll('figure.chart polyline')].map(l =>
        [l.getAttribute('stroke'), getComputedStyle(l).stroke, getComputedStyle(l).filter]),
    markers: [...document.querySelectorAll('figure.chart :is(circle, rect, polygon)')].map(m =>
        [m.getAttribute('fill'), getComputedStyle(m).fill, getComputedStyle(m).stroke]),
})"""


def test_chart_words_are_legible_and_power_colours_kept(demo_site):
    """Every word of the game pages' charts (the axes' numbers and years, the lines' names,
    the victory rule's) has 4.5:1 against the page's ground in either scheme; each power's
    line and markers keep the power's colour, and in the dark a line or marker too dark to
    show on the ground (a navy, a near-black) is edged in a colour that does (3:1)."""
    errors: list[str] = []
    charts = 0
    with chromium_page(errors) as page:
        for scheme, name in [(scheme, name) for scheme in ("light", "dark") for name in GAMES]:
            page.emulate_media(color_scheme=scheme)
            _open(page, demo_site + name)
            charts += page.locator("figure.chart svg").count()
            seen = page.evaluate(CHART)
            bg = seen["bg"]
            assert (_luminance(bg) < 0.02) == (scheme == "dark"), (name, scheme, bg)
            assert seen["texts"] and seen["lines"], name
            for text, fill in seen["texts"]:
                assert _contrast(fill, bg) >= 4.5, (name, scheme, text, fill, bg)
            for attribute, stroke, edge in seen["lines"]:
                assert stroke == _hex_rgb(attribute), (name, attribute, stroke)
                if scheme == "dark" and _contrast(stroke, bg) < 3:
                    assert edge.startswith("drop-shadow(") and _contrast(edge[len("drop-shadow("):], bg) >= 3, \
                        (name, attribute, edge)
            for attribute, fill, stroke in seen["markers"]:
                assert fill == _hex_rgb(attribute), (name, attribute, fill)
                if scheme == "dark":
                    assert _contrast(stroke, bg) >= 3, (name, attribute, stroke)
    assert charts >= 8
    assert errors == []


MAP_FILLS = """() => [...document.querySelectorAll('#map-picture svg :is(path, rect, circle, polygon, text)')]
    .slice(0, 400).map(e => getComputedStyle(e).fill + ' ' + getComputedStyle(e).stroke)"""


def _inside(png: bytes) -> bytes:
    """A screenshot's pixels but for its edges: the picture is scaled to the column, its box a
    fraction of a pixel, so that its outermost rows of pixels are shared with the page's ground."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.crop((2, 2, image.width - 2, image.height - 2)).tobytes()


def test_the_map_looks_the_same_in_either_scheme(demo_site):
    """The map drawn by the page's script (its sea, land, owners, units, legend) and the
    phone's key of the powers' colours look exactly the same in the dark scheme as in the
    light (the picture's colours are what its legend explains), while the page around it
    turns dark."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        for name in [GAMES[0]] + PHASES:
            looks = {}
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                _open(page, demo_site + name)
                looks[scheme] = (page.evaluate(MAP_FILLS),
                                 page.evaluate("[...document.querySelectorAll('.map-key .swatch')]"
                                               ".map(s => getComputedStyle(s).backgroundColor)"),
                                 _inside(page.locator("#map-picture > svg").screenshot()),
                                 page.evaluate("""() => [getComputedStyle(document.body).backgroundColor,
                                     getComputedStyle(document.querySelector('figure.map figcaption')).color]"""))
            assert len(looks["light"][0]) > 50 and looks["light"][1], name
            # around the picture the page follows the scheme: a dark ground, its caption legible on it
            ground, caption = looks["dark"][3]
            assert _luminance(ground) < 0.02 and _contrast(caption, ground) >= 4.5, (name, ground, caption)
            assert looks["dark"][:2] == looks["light"][:2], name
            assert looks["dark"][2] == looks["light"][2], name
    assert errors == []


@contextlib.contextmanager
def _page_without_script(errors: list[str], scheme: str):
    """A Chromium page that runs no script, in ``scheme``; its failed requests go to ``errors``."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = browser.new_context(java_script_enabled=False, color_scheme=scheme,
                                          viewport={"width": 1100, "height": 900})
            page = context.new_page()
            page.on("requestfailed", lambda r: errors.append(f"failed {r.url}"))
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
            yield page
        finally:
            browser.close()


def test_the_map_without_the_script_looks_the_same_in_either_scheme(demo_site):
    """Read without its script a phase's map is its PNG with the provinces' names laid over it
    (an SVG document in an ``<object>``): in the dark scheme that layer stays transparent (a
    document of the light scheme under a dark page was painted an opaque ground, hiding the
    map), and the picture looks as it does in the light, on the page's dark ground."""
    errors: list[str] = []
    looks = {}
    for scheme in ("light", "dark"):
        with _page_without_script(errors, scheme) as page:
            page.goto(demo_site + PHASES[0], wait_until="load")
            page.wait_for_selector(".map-png-box img.map-png")
            page.wait_for_selector(".map-png-box object")
            looks[scheme] = page.locator(".map-png-box").screenshot()
            ground = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert (_luminance(ground) < 0.02) == (scheme == "dark"), (scheme, ground)
    assert looks["dark"] == looks["light"]
    assert errors == []


def test_light_scheme_is_as_it_was(demo_site):
    """In the light scheme the page's colours (ground, words, links, table lines, press box,
    muted words, results, the scrolling boxes' cue, the charts) are exactly what they were
    before the dark scheme came; in the dark they are not."""
    errors: list[str] = []
    probes = [list(k) for k in LIGHT]
    found: set[tuple[str, str]] = set()
    with chromium_page(errors) as page:
        for name in PAGES:
            page.emulate_media(color_scheme="light")
            _open(page, demo_site + name)
            light = page.evaluate(COMPUTED, probes)
            page.emulate_media(color_scheme="dark")
            page.wait_for_function("matchMedia('(prefers-color-scheme: dark)').matches")
            dark = page.evaluate(COMPUTED, probes)
            for key, value, other in zip(LIGHT, light, dark):
                if value is not None:
                    found.add(key)
                    assert value == LIGHT[key], (name, key, value)
                    assert other != value, (name, key, other)
    assert found == set(LIGHT)
    assert errors == []
