"""The built site in headless Chromium (issue 3, part 5: "the built site opened in headless
Chromium: navigate index, game, phase, next phase; no console errors; a screenshot kept").

The site is served by ``http.server`` on 127.0.0.1 (a free port, in a thread) and driven by
Playwright through Debian's chromium (``make browser`` installs it; never ``playwright
install``). Screenshots go to ``tests/artifacts/`` (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_tools.publish.site import build_site
from gm_tools.edges.variants import load_variant
from browser import chromium_page, needs_chromium, served
from sitegame import small_game

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

pytestmark = needs_chromium


@pytest.fixture
def served_site(tmp_path):
    """The small game's site, served over HTTP; yields the base address."""
    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    with served(site) as base:
        yield base


def test_navigate_index_game_phase_next_phase(served_site):
    ARTIFACTS.mkdir(exist_ok=True)
    errors, dialogs = [], []
    with chromium_page(errors, dialogs=dialogs) as page:
        page.goto(served_site + "index.html")
        assert page.locator("h1").inner_text() == "Games"
        assert "in progress" in page.locator("table.games").inner_text()

        page.locator("table.games").get_by_role("link", name="demo", exact=True).click()  # not the latest turns' "demo: ..."
        assert page.locator("h1").inner_text() == "demo"
        assert page.locator("figure.chart svg").count() == 1
        assert "Spring 1902 Movement" in page.locator("dl.facts").inner_text()
        # The game page's map too is put together from its files after the load: leaving before
        # it is would abort their requests (a reader may; the check of failed requests may not).
        page.wait_for_selector("#map-picture svg")

        page.get_by_role("link", name="Spring 1901 Movement").click()
        assert page.url.endswith("/games/demo/S1901M.html")
        assert "demo: Spring 1901 Movement" in page.locator("h1").inner_text()
        # The GM's press: the script tag shows as text and never runs.
        assert "<script>alert(1)</script>" in page.locator("section.press").inner_text()
        # Province names on hover: the map's regions carry <title> elements. The script puts the
        # map together from its two files after the page loads: wait for it, not for the clock.
        page.wait_for_selector("#map-picture svg")
        assert page.locator("figure.map svg path > title").count() > 50
        page.screenshot(path=str(ARTIFACTS / "phase-S1901M.png"), full_page=True)

        page.get_by_role("link", name="Next phase →").first.click()
        page.wait_for_load_state("load")
        page.wait_for_selector("#map-picture svg")  # its map's requests done before the page closes
        assert page.url.endswith("/games/demo/F1901M.html")
        assert "Dislodged units" in page.content()
        assert "Burgundy" in page.locator("#dislodged-h + ul").inner_text()
        # The next page's press had a javascript: link and an <img onerror>: neither runs.
        assert page.locator("section.press a[href^='javascript']").count() == 0
        page.screenshot(path=str(ARTIFACTS / "phase-F1901M.png"), full_page=True)

        # Narrow screen: the page stays readable (no horizontal scroll of the body).
        page.set_viewport_size({"width": 390, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        page.screenshot(path=str(ARTIFACTS / "phase-F1901M-narrow.png"))
    assert errors == []  # no console error, page error or failed request
    assert dialogs == []


def test_a_phase_map_is_its_layer_over_the_shared_base_even_from_file(tmp_path):
    """Issue 19 item 3: each variant's base map is drawn once, as a shared asset the pages
    reference, and a phase keeps only its layer; 'the map looking the same in the Chromium
    test and a standalone SVG still offered for download'. Opened from file:// (where a page
    may not read files, only load scripts), the page shows exactly the picture the renderer
    draws, its provinces named on hover, and offers it as an SVG file."""
    from gm_tools.publish.maplayer import picture_from_files
    from gm_tools.publish.render import RenderOptions
    from gm_tools.publish.site import SiteSettings, phase_map_svg
    from gm_tools.publish.sitecontext import collect_game

    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    folder = site / "games" / "demo"
    layer = (folder / "F1901M.map.js").read_text(encoding="ascii")
    base = (site / "static" / "maps" / (layer.split('"')[1] + ".js")).read_text(encoding="ascii")
    game = collect_game(tmp_path / "sheets", "demo")
    phase = next(p for p in game.phases if p.id == "F1901M")
    drawn = phase_map_svg(game, phase, RenderOptions(base_map=SiteSettings().base_map(game.variant)))
    assert picture_from_files(base, layer) == drawn
    assert len(layer) * 5 < len(drawn)  # the phase keeps a fifth of its picture, or less

    errors = []
    with chromium_page(errors) as page:
        page.goto((folder / "F1901M.html").as_uri())
        page.wait_for_selector("#map-picture svg")
        assert page.evaluate("window.gmPicture") == drawn
        assert page.locator("figure.map svg path > title").count() > 50
        link = page.locator("a#map-svg")
        assert link.is_visible() and link.get_attribute("href").startswith("blob:")
        # named after the game too (QA finding: two games' S1901M.svg saved into one folder collided)
        assert link.get_attribute("download") == "demo-F1901M.svg"
        assert page.evaluate("fetch(document.getElementById('map-svg').href).then(r => r.text())") == drawn
    assert errors == []


def test_without_scripts_a_phase_shows_its_png(tmp_path):
    """'Works without JavaScript': the map is then the phase's PNG picture."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser import CHROMIUM, FLAGS

    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_context(java_script_enabled=False).new_page()
            page.goto((site / "games" / "demo" / "S1901M.html").as_uri())
            picture = page.locator("#map-picture img.map-png")
            assert picture.count() == 1 and page.locator("#map-picture svg").count() == 0
            assert picture.evaluate("img => img.complete && img.naturalWidth") == 1200
            assert not page.locator("a#map-svg").is_visible()  # nothing to offer without the script
        finally:
            browser.close()


def test_the_game_pages_map_is_put_together_from_its_layer_and_shown_as_png_without_scripts(tmp_path):
    """QA finding F11: the game page (the page players reload most) inlined its map whole;
    it now names the shared base map and its own layer, as a phase page does. Opened from
    file://, the script shows exactly the picture the page inlined before (the board at the
    start of the current phase), its provinces named; without scripts, its PNG."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser import CHROMIUM, FLAGS
    from gm_tools.engine.positions import position_from_json
    from gm_tools.publish.render import RenderOptions, render_svg
    from gm_tools.publish.site import SiteSettings
    from gm_tools.publish.sitecontext import collect_game
    from gm_tools.publish.siteviews import current_map

    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    game = collect_game(tmp_path / "sheets", "demo")
    drawn = render_svg(game.variant, position_from_json(current_map(game)[0]), title=game.name,
                       options=RenderOptions(base_map=SiteSettings().base_map(game.variant)))
    page_file = (site / "games" / "demo" / "index.html").as_uri()
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(page_file)
        page.wait_for_selector("#map-picture svg")
        assert page.evaluate("window.gmPicture") == drawn
        assert page.locator("figure.map svg path > title").count() > 50
        assert page.locator("figure.map svg[data-names]").count() == 1
    assert errors == []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_context(java_script_enabled=False).new_page()
            page.goto(page_file)
            picture = page.locator("#map-picture img.map-png")
            assert picture.count() == 1 and page.locator("#map-picture svg").count() == 0
            assert picture.get_attribute("src") == "current.png"
            assert picture.evaluate("img => img.complete && img.naturalWidth") == 1200
        finally:
            browser.close()


def test_the_pages_script_puts_a_map_together_as_python_does():
    """templates/static/map.js and gm_tools/publish/maplayer.compose give the same picture
    from the same base and layer: here a Europe 1619 board whose centers changed hands
    (rings in new colours: lines of several tags) with its units, each given as the one
    before it changed."""
    from gm_tools.app.turn import start_position
    from gm_tools.publish.maplayer import base_picture, compose, layer_steps
    from gm_tools.publish.render import RenderOptions, render_svg

    variant = load_variant("europe1619")
    position = start_position(variant)
    owners = sorted(position.centers)
    for center, other in zip(owners[::3], owners[1::3]):
        position.centers[center] = position.centers[other]
    look = RenderOptions()
    picture = render_svg(variant, position, title="moved", options=look)
    base = base_picture(variant, look)
    steps = layer_steps(base, picture)
    assert any(isinstance(s, list) and len(s) > 2 for s in steps)  # lines of several tags, patched
    assert any(isinstance(s, list) and s[0] < 0 for s in steps)  # units given as the one before, changed
    assert compose(base, steps) == picture
    script = (Path(__file__).resolve().parent.parent / "templates" / "static" / "map.js").read_text()
    errors = []
    with chromium_page(errors) as page:
        page.set_content('<div id="map-picture"></div>')
        page.add_script_tag(content=script)
        page.evaluate("([lines, steps]) => { gmBase('b', lines); gmLayer('b', steps); }", [base.split("\n"), steps])
        assert page.evaluate("window.gmPicture") == picture
        assert page.locator("#map-picture > svg").count() == 1
    assert errors == []


def test_a_map_whose_files_are_missing_shows_its_png(tmp_path):
    """A host that lost the base maps (``static/maps/`` not uploaded) still shows each phase's
    map: the page's script puts the PNG in its place."""
    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    for base in (site / "static" / "maps").iterdir():
        base.unlink()
    errors = []
    with chromium_page(errors) as page:
        page.goto((site / "games" / "demo" / "S1901M.html").as_uri())
        picture = page.locator("#map-picture img.map-png")
        picture.wait_for()
        assert page.locator("#map-picture svg").count() == 0
        assert picture.evaluate("img => img.complete && img.naturalWidth") == 1200
    # the lost file, and nothing else: the request and the console's word for it
    assert any(e.startswith("failed ") and "static/maps/" in e for e in errors)
    assert all("static/maps/" in e or "ERR_FILE_NOT_FOUND" in e for e in errors)


def test_press_pictures_come_from_the_site_never_from_another_host(tmp_path):
    """A picture kept with the site shows; one from another host (in a record the Press sheet's
    check never saw: made before it, or imported) is its words, and the reader's browser asks
    no other host for anything. The picture's file, outside the games' folders, outlives a
    rebuild."""
    from sitegame import new_game, play

    variant = load_variant("standard")
    paths = new_game(tmp_path / "sheets", "pics", variant)
    press = ("![the siege of Breda](../../pictures/breda.png)\n\n"
             "![a spy's sketch](https://pictures.invalid/sketch.png) and ![a map][m]\n\n"
             "[m]: //cdn.invalid/map.png")
    play(paths, variant, [], {}, press=press)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    (site / "pictures").mkdir()
    (site / "pictures" / "breda.png").write_bytes((site / "games" / "pics" / "S1901M.png").read_bytes())
    build_site(tmp_path / "sheets", site)
    assert (site / "pictures" / "breda.png").exists()
    asked: list[str] = []
    errors: list[str] = []
    with served(site) as base, chromium_page(errors) as page:
        page.on("request", lambda r: asked.append(r.url))
        page.goto(base + "games/pics/S1901M.html")
        page.wait_for_load_state("networkidle")
        press_section = page.locator("section.press")
        ours = press_section.locator("img")
        assert ours.count() == 1 and ours.get_attribute("alt") == "the siege of Breda"
        assert ours.evaluate("img => img.complete && img.naturalWidth") == 1200
        text = press_section.inner_text()
        assert "a spy's sketch" in text and "a map" in text
    assert asked and [u for u in asked if not u.startswith(base)] == []
    assert errors == []


# A point of the screen well inside a province's own shape, not under another province (a grid
# over its box, each point and its neighbours checked by the browser), for a finger to tap.
_INSIDE = """id => {
  const path = document.querySelector(`figure.map svg path[id="${id}"]`), svg = path.ownerSVGElement;
  const box = path.getBBox(), m = path.getScreenCTM();
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    const p = new DOMPoint(box.x + box.width * i / 12, box.y + box.height * j / 12);
    if (!path.isPointInFill(p)) continue;
    const s = p.matrixTransform(m), x = Math.round(s.x), y = Math.round(s.y);
    const top = (a, b) => document.elementsFromPoint(a, b).filter(e => e.matches('path[id]'))[0];
    if ([[0, 0], [-4, 0], [4, 0], [0, -4], [0, 4]].every(([dx, dy]) => top(x + dx, y + dy) === path)) return [x, y];
  }
  return null;
}"""


def test_a_province_is_named_by_a_tap_and_by_the_keyboard(tmp_path):
    """'Hover a province for its name' has no hover on a touch screen, nor for a keyboard: a
    tap names the province under the finger (through a unit standing on it), at the province
    and in a live region a screen reader reads; the map takes the focus and its arrow keys
    step through the provinces by name. On the phase page and on the game page."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser import CHROMIUM, FLAGS

    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    errors: list[str] = []
    with served(site) as base, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            phone = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800})
            page = phone.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            for address in ("games/demo/S1901M.html", "games/demo/index.html"):
                page.goto(base + address)
                page.wait_for_selector("figure.map svg[data-names]")
                name = page.locator("figure.map .map-name")
                assert name.get_attribute("aria-live") == "polite" and name.is_hidden()
                assert "tap a province" in page.locator("figure.map .map-hint").inner_text()
                x, y = page.evaluate(_INSIDE, "BUR")
                page.touchscreen.tap(x, y)
                assert name.is_visible() and name.inner_text() == "Burgundy"
                assert page.locator("path#BUR.map-picked").count() == 1
                # the name stands at the province, inside the figure
                box, shown = page.locator("figure.map").bounding_box(), name.bounding_box()
                assert box["x"] <= shown["x"] and abs(shown["y"] + shown["height"] - y) < 60
                # a unit drawn over its province: both named
                unit = page.evaluate("""() => { const t = [...document.querySelectorAll('figure.map svg g > title')]
                    .find(t => t.textContent.endsWith(' PAR')); const r = t.parentNode.getBoundingClientRect();
                    return [r.x + r.width / 2, r.y + r.height / 2, t.textContent]; }""")
                page.touchscreen.tap(unit[0], unit[1])
                assert name.inner_text() == f"Paris ({unit[2]})"
                assert page.locator("path#BUR.map-picked").count() == 0
            desk = browser.new_page(viewport={"width": 1100, "height": 900})
            desk.on("pageerror", lambda e: errors.append(str(e)))
            desk.goto(base + "games/demo/S1901M.html")
            desk.wait_for_selector("figure.map svg[data-names]")
            for _ in range(40):  # reached by Tab, as a keyboard reaches it
                desk.keyboard.press("Tab")
                if desk.evaluate("document.activeElement.matches('figure.map svg')"):
                    break
            assert desk.evaluate("document.activeElement.matches('figure.map svg')")
            name = desk.locator("figure.map .map-name")
            desk.keyboard.press("ArrowRight")
            assert name.inner_text() == "Adriatic Sea"
            desk.keyboard.press("ArrowRight")
            assert name.inner_text() == "Aegean Sea"
            desk.keyboard.press("End")
            assert name.inner_text() == "Yorkshire"
            desk.keyboard.press("ArrowRight")  # round to the first again
            assert name.inner_text() == "Adriatic Sea"
            desk.keyboard.press("Escape")
            assert name.is_hidden()
        finally:
            browser.close()
    assert errors == []


def _edge_darkness(page, selector: str, beside: str) -> float:
    """How much darker than the page the last few pixels inside ``selector``'s right edge are,
    level with ``beside`` (a line of the box with nothing drawn at that edge), as the screen
    shows them (0: the page's own colour)."""
    import io

    from PIL import Image

    box, line = page.locator(selector).bounding_box(), page.locator(beside).bounding_box()
    shot = Image.open(io.BytesIO(page.screenshot(clip={"x": box["x"] + box["width"] - 6, "y": line["y"] + 2,
                                                        "width": 5, "height": line["height"] - 4})))
    pixels = shot.convert("L").tobytes()
    return 253 - sum(pixels) / len(pixels)


def test_on_a_phone_tables_say_they_scroll_and_dates_and_orders_stay_whole(served_site):
    """QA findings F9 and F10, at 375 px in Chromium: the archive index, wider than the
    column, shows a shadow at the edge it scrolls past (and none once scrolled to its end);
    a date never breaks at its hyphen; an order's notation (a support's or a convoy's each
    clause: "F GRE S", "A SER - BUL") and its result stay on one line each (the words beside
    it wrap instead)."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "index.html")
        box = "div.scroll:has(table.games)"
        assert page.evaluate(f"(b => b.scrollWidth > b.clientWidth)(document.querySelector('{box}'))")
        # the caption's line is the page's colour at the box's right edge, but for the cue
        shadowed = _edge_darkness(page, box, "table.games caption")
        page.evaluate(f"(b => {{ b.scrollLeft = b.scrollWidth; }})(document.querySelector('{box}'))")
        at_end = _edge_darkness(page, box, "table.games caption")
        assert shadowed > 10 and at_end < 2, (shadowed, at_end)
        for address in ("index.html", "games/demo/index.html", "games/demo/F1901M.html", "games/demo/S1901M.html"):
            page.goto(served_site + address)
            # the lines an element's text is laid out on: its text's boxes' distinct tops
            broken = page.evaluate("""() => [...document.querySelectorAll(
                'time, table.results code:not(:has(> span)), table.results code > span, ' +
                'table.results td.result:not(:has(.flags)), table.results .flags')].filter(e => {
                    const r = document.createRange(); r.selectNodeContents(e);
                    return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1;
                }).map(e => e.textContent)""")
            assert broken == [], (address, broken)
            assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert errors == []


def _phone_only(page, base: str, selector: str):
    """The standard demo's phase and game pages, each at 375 px with ``selector`` shown (the
    address yielded for the caller's own checks), then at 1100 px with it hidden: a key said
    under the map on a phone, where the picture's legend is too small to read, and not twice on
    a desktop."""
    for address in ("games/demo/S1901M.html", "games/demo/index.html"):
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(base + address)
        key = page.locator(selector)
        assert key.is_visible(), address
        yield address
        page.set_viewport_size({"width": 1100, "height": 900})
        assert not key.is_visible(), address


def test_on_a_phone_the_maps_colours_are_named_under_it(served_site):
    """On a phone the picture's legend is drawn at the map's scale, a few pixels high: the
    page names each colour under the map (the style sheet's rule, "Colours always come with a
    word or a symbol"), each swatch the colour the map gives its power; on a desktop, where the
    picture's legend reads, the list is not shown twice."""
    variant = load_variant("standard")
    expected = [(p.name, p.colour.lower()) for p in variant.powers.values() if p.playable]
    errors: list[str] = []
    with chromium_page(errors) as page:
        for address in _phone_only(page, served_site, "figure.map ul.map-key"):
            shown = page.evaluate("""() => [...document.querySelectorAll('ul.map-key li')].map(li => {
                const c = getComputedStyle(li.querySelector('.swatch')).backgroundColor.match(/\\d+/g);
                return [li.textContent, '#' + c.slice(0, 3).map(n => (+n).toString(16).padStart(2, '0')).join('')];
            })""")
            assert [tuple(s) for s in shown] == expected, address
            # readable: the names at the page's small print, not the picture's scale
            size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('ul.map-key li')).fontSize)")
            assert size >= 12, size
    assert errors == []


def test_on_a_phone_the_maps_symbols_are_said_under_it(served_site):
    """Beside the colours, the picture's legend keys its symbols (arrows, rings, the failed
    order's cross), as unreadable on a phone: the page says the key in words under the map,
    the picture's own lines (cut at their semicolons, one symbol an entry), at a readable
    size; on a desktop, where the picture's legend reads, not twice."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        for address in _phone_only(page, served_site, "figure.map ul.map-symbols"):
            said = page.evaluate("[...document.querySelectorAll('ul.map-symbols li')].map(li => li.textContent)")
            page.wait_for_selector("#map-picture svg #legend")
            drawn = page.evaluate("""[...document.querySelectorAll('#map-picture svg #legend text')]
                .filter(t => t.getAttribute('font-size') === '11.0px').map(t => t.textContent).join(' ')""")
            assert "dotted: convoy" in said and drawn.replace("; ", " ") == " ".join(said), (said, drawn)
            sizes = page.evaluate("[...document.querySelectorAll('ul.map-symbols li')].map(li => parseFloat(getComputedStyle(li).fontSize))")
            assert min(sizes) >= 12, sizes
            # each entry within the column: read down the page, never sideways
            assert page.evaluate("Math.max(...[...document.querySelectorAll('ul.map-symbols li')].map(li => li.getBoundingClientRect().right))") <= 375
    assert errors == []


def test_on_a_phone_a_wide_tables_caption_is_read_without_scrolling(served_site):
    """QA finding: at 375 px a table wider than the column (the archive's games, the game page's
    standings) wrapped its caption at the table's width, so its end ("... most supply centers
    first") lay past the column's edge, readable only by scrolling the table sideways."""
    errors: list[str] = []
    scrolled = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        for address in ("index.html", "games/demo/index.html"):
            page.goto(served_site + address)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            # each caption's text against its scrolling box: how far it reaches past the box's right edge
            past = page.evaluate("""() => [...document.querySelectorAll('div.scroll caption')]
                .filter(c => !c.classList.contains('visually-hidden')).map(c => {
                    const box = c.closest('div.scroll'), r = document.createRange(); r.selectNodeContents(c);
                    return [c.textContent, box.scrollWidth > box.clientWidth,
                            Math.max(...[...r.getClientRects()].map(b => b.right)) - box.getBoundingClientRect().right];
                })""")
            scrolled += [address for _, wide, _ in past if wide]
            assert [text for text, _, beyond in past if beyond > 0] == [], (address, past)
    # the case in question: a table that scrolls (the archive's; the small game's standings fit
    # a phone since its cells are padded as the orders' are)
    assert "index.html" in scrolled
    assert errors == []


def test_on_a_phone_a_failed_orders_reason_is_in_the_column_not_past_its_edge(served_site):
    """QA finding: at 375 px a result and its note stayed on one line ("✗ fails (dislodged)"),
    which pushed the Reason column, the words a player reads to learn why, past the column's
    edge (a sideways scroll away); now the note may take a line of its own, the result and the
    note each whole, and France's table (a unit dislodged, a support cut) fits the column. A
    table with a long notation ("F NTH S F NWG - NWY", kept whole) may still scroll."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/F1901M.html")
        rows = page.evaluate("""() => [...document.querySelectorAll('#power-FRANCE + div.scroll tr.r-fails')].map(tr => {
            const box = tr.closest('div.scroll').getBoundingClientRect();
            return [tr.cells[0].textContent, tr.cells[2].getBoundingClientRect().right - box.right];
        })""")
        assert len(rows) == 2  # the army dislodged in Burgundy, the support from Marseilles cut
        assert [order for order, beyond in rows if beyond > 0] == [], rows
        page.set_viewport_size({"width": 1100, "height": 900})  # on a desktop, room enough: one line
        lines = page.evaluate("""() => [...document.querySelectorAll('#power-FRANCE + div.scroll td.result')].map(td => {
            const r = document.createRange(); r.selectNodeContents(td);
            return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; })""")
        assert set(lines) == {1}
    assert errors == []


def test_on_a_phone_a_charts_names_are_readable(served_site):
    """QA finding: at 375 px the supply-center chart was scaled to the column, its powers'
    names at the lines' ends about 6 pixels high; it keeps its size and scrolls sideways in
    its own box, the page itself never wider than the screen."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/index.html")
        heights = page.evaluate("""() => [...document.querySelectorAll('figure.chart svg text')]
            .map(t => t.getBoundingClientRect().height)""")
        assert heights and min(heights) >= 11, heights
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        box = page.evaluate("(f => [f.scrollWidth, f.clientWidth])(document.querySelector('figure.chart'))")
        assert box[0] > box[1]  # the chart scrolls in its own box
    assert errors == []


def test_on_a_phone_a_wide_tables_row_names_stay_in_view(served_site):
    """QA finding: scrolled sideways at 375 px, the archive's table (seven columns) showed a
    game's status and winner with its name scrolled out of view; a table of six columns or
    more keeps its first column at the box's left edge."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "index.html")
        box = "div.scroll:has(table.games)"
        page.evaluate(f"(b => {{ b.scrollLeft = b.scrollWidth; }})(document.querySelector('{box}'))")
        offsets = page.evaluate(f"""() => {{ const b = document.querySelector('{box}');
            const left = b.getBoundingClientRect().left;
            return [b.scrollLeft, [...b.querySelectorAll('tr > :first-child')].map(c => c.getBoundingClientRect().left - left)]; }}""")
        assert offsets[0] > 100, offsets  # scrolled
        assert all(abs(x) <= 1 for x in offsets[1]), offsets
        assert page.locator("table.games th[scope=row] a").first.is_visible()
        # on a desktop, nothing scrolled: the line after the first column is one line, not two
        page.set_viewport_size({"width": 1100, "height": 900})
        import io
        from PIL import Image

        table = page.locator("table.games")
        cell = page.evaluate("""() => { const t = document.querySelector('table.games').getBoundingClientRect();
            const c = document.querySelector('table.games tbody th').getBoundingClientRect();
            return [Math.round(c.right - t.left), Math.round(c.top - t.top + c.height / 2)]; }""")
        shot = Image.open(io.BytesIO(table.screenshot())).convert("L")
        row = [shot.getpixel((x, cell[1])) for x in range(cell[0] - 4, cell[0] + 4)]
        assert sum(1 for v in row if v < 235) == 1, row
    assert errors == []


def test_a_results_symbol_is_shown_beside_its_word_and_not_read_out(served_site):
    """A result never rests on colour alone: its symbol (✓ succeeds, ✗ fails) stands before
    its word, on the same line, and a screen reader reads the word only. The style sheet
    gives the symbol, not each row: a Europe 1615 v2 phase of 65 orders spent 2.7 KB of its
    60 KB budget (page, JSON and text, tests/test_site_sizes.py) on a span and a space a row."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(served_site + "games/demo/F1901M.html")
        cells = page.locator("table.results td.result")
        shown = page.evaluate("""() => [...document.querySelectorAll('table.results tr[class^="r-"]')].map(tr => {
            const td = tr.querySelector('td.result');
            return [tr.className, getComputedStyle(td, '::before').content, td.textContent]; })""")
        assert {(c, s) for c, s, _ in shown} == {("r-succeeds", '"✓\u00a0" / ""'), ("r-fails", '"✗\u00a0" / ""')}
        assert all(text.startswith(c[2:]) for c, _, text in shown)  # the word itself, no symbol in the page
        # read by a screen reader as its word alone
        assert "✓" not in page.locator("table.results").first.aria_snapshot()
        assert 'cell "succeeds"' in page.locator("table.results").first.aria_snapshot()
        assert cells.count() == len(shown)
    assert errors == []


def test_on_a_desktop_every_powers_result_column_stands_under_the_last_ones(served_site):
    """A phase page has a table of orders a power: each sized to its own words, the Result and
    Reason columns moved from one power's table to the next, and a reader comparing results
    down the page followed a column that zigzagged. On a desktop they share the width out
    alike; on a phone each keeps the width its words need (a fixed share there squeezed the
    reason into a word a line)."""
    errors: list[str] = []
    columns = """() => [...document.querySelectorAll('table.results')].map(t =>
        [...t.querySelectorAll('thead th')].map(th => Math.round(th.getBoundingClientRect().left)))"""
    with chromium_page(errors) as page:
        page.goto(served_site + "games/demo/S1901M.html")
        lefts = page.evaluate(columns)
        assert len(lefts) >= 3 and all(len(t) == 3 for t in lefts)
        assert {tuple(t) for t in lefts} == {tuple(lefts[0])}, lefts
        page.set_viewport_size({"width": 390, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        # each table its own: the reason column keeps room for its words
        reasons = page.evaluate("""() => [...document.querySelectorAll('table.results thead th:nth-child(3)')]
            .map(th => th.getBoundingClientRect().width)""")
        assert max(reasons) > 0.3 * 343, reasons
    assert errors == []


def test_on_a_phone_the_game_page_leads_to_the_latest_results_within_its_first_screen(served_site):
    """QA finding: a player come to read this turn's results found the game page's one link
    to them at the end of its list of phases, under the map, the standings and the chart (some
    5,000 px down a Europe 1619 game's page on a phone). The page's facts now name the latest
    phase played, a link, within the first screen."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/index.html")
        page.wait_for_selector("#map-picture svg")  # leaving while the map loads aborts its request
        last = page.locator("ol.phases li a").last
        latest = page.locator("dl.facts a")
        assert latest.count() == 1 and latest.get_attribute("href") == last.get_attribute("href")
        assert latest.inner_text() == last.inner_text() == "Winter 1901 Adjustment"
        box = latest.bounding_box()
        assert box["y"] + box["height"] <= 800
        assert page.locator("dl.facts dt").all_inner_texts()[:4] == ["Variant", "Status", "Current phase",
                                                                      "Latest results"]
        latest.click()
        page.wait_for_url("**/games/demo/W1901A.html")
        # the phase page loaded, its map too, before the page is closed: closing earlier aborts
        # a request still under way, which the test would count as failed
        page.wait_for_selector("#map-picture svg")
    assert errors == []


@pytest.mark.parametrize("address, here", [("index.html", "All games"), ("games/demo/index.html", "demo"),
                                           ("games/demo/S1901M.html", "Spring 1901 Movement")])
def test_the_breadcrumbs_mark_the_page_they_are_on(served_site, address, here):
    """QA finding: the game and phase pages marked their own crumb (aria-current="page", the
    breadcrumb pattern a screen reader announces as "current page"), the archive's index did
    not, though its one crumb, "All games", is itself."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(served_site + address)
        crumbs = page.locator("nav[aria-label=Breadcrumb] a")
        assert page.locator("nav[aria-label=Breadcrumb] a[aria-current=page]").all_inner_texts() == [here]
        assert crumbs.last.inner_text() == here
    assert errors == []


@pytest.mark.parametrize("phases, due", [
    (2, ["France: Army Burgundy, attacked from Ruhr: may retreat to Belgium, Gascony, Paris, Picardy."]),
    (3, ["Austria 4 3 builds 1", "England 3 3 none", "France 4 3 builds 1"]),  # the winter's builds and removals
    (4, None),  # the winter played: nothing due but orders
])
def test_the_game_page_says_what_the_current_phase_must_settle(tmp_path, phases, due):
    """QA finding: a player whose unit was dislodged, reading the game page on a phone during
    the retreat phase, was told the current phase ("Fall 1901 Retreat") but not which units
    must retreat nor where they may go, nor, in a winter, who builds and who removes: that was
    on the last phase's page only. The game page says it under the game's facts, before the
    map, with a link to the phase it comes from."""
    small_game(tmp_path / "sheets", load_variant("standard"), phases=phases)
    build_site(tmp_path / "sheets", tmp_path / "site")
    errors: list[str] = []
    with served(tmp_path / "site") as base, chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(base + "games/demo/index.html")
        section = page.locator("section:has(> h2#due-h)")
        if due is None:
            assert section.count() == 0
            return
        current = page.locator("dl.facts dt:text-is('Current phase') + dd").inner_text()
        assert page.locator("h2#due-h").inner_text() == f"Due in {current}"
        if phases == 2:
            assert section.locator("li").all_inner_texts() == due
        else:
            rows = page.evaluate("""[...document.querySelectorAll('#due-h ~ div table tbody tr')]
                .map(r => [...r.cells].map(c => c.innerText.trim()).join(' '))""")
            assert rows[:3] == due and len(rows) == 7
            assert section.locator("table caption").count() == 1
        source = section.locator("a").last
        assert source.get_attribute("href") == page.locator("ol.phases li a").last.get_attribute("href")
        # above the map: in the first screens of a phone, not under the map and the standings
        assert page.locator("h2#due-h").bounding_box()["y"] < page.locator("h2#map-h").bounding_box()["y"]
    assert errors == []


def test_on_a_phone_a_player_jumps_from_the_top_of_a_phase_page_to_their_powers_orders(served_site):
    """QA finding: a player reading a phase's results on a phone scrolled past the map and
    every other power's table to reach their own (fifteen tables in a Europe 1619 phase). The
    page names each power with orders at its top, within the first screen, a link to the
    power's heading; the powers without a player are one link, to their table."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/F1901M.html")
        links = page.locator("nav[aria-label='On this page'] a:not([href='#dislodged-h'])")
        headings = page.evaluate("[...document.querySelectorAll('#orders-h ~ h3')].map(h => [h.id, h.firstChild.textContent.trim()])")
        assert [[a.get_attribute("href")[1:], a.inner_text()] for a in links.all()] == headings
        assert len(headings) >= 6 and headings[-1] == ["unplayed", "Powers without a player"]
        box = links.last.bounding_box()
        assert box["y"] + box["height"] <= 800
        page.locator("nav[aria-label='On this page']").get_by_role("link", name="France").click()
        assert page.url.endswith("#power-FRANCE")
        assert -1 < page.locator("#power-FRANCE").bounding_box()["y"] < 100
    assert errors == []


def test_the_game_page_offers_its_map_for_download_as_a_phase_page_does(served_site):
    """QA finding: a phase page's downloads offered its map as PNG and (drawn by the script) as
    SVG; the game page, the board now, offered neither among its downloads. Both are there now,
    the SVG the very picture the page shows, named after the game."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(served_site + "games/demo/index.html")
        page.wait_for_selector("#map-picture svg")
        downloads = page.locator("p.downloads")
        assert downloads.get_by_role("link", name="map as PNG").get_attribute("href") == "current.png"
        svg = downloads.get_by_role("link", name="map as SVG")
        assert svg.is_visible() and svg.get_attribute("download") == "demo-current.svg"
        drawn = page.evaluate("fetch(document.getElementById('map-svg').href).then(r => r.text())")
        assert drawn == page.evaluate("window.gmPicture")
    assert errors == []


def test_on_a_phone_a_dislodged_units_retreats_are_a_link_from_the_top(served_site):
    """QA finding: where a dislodged unit may retreat was said at the end of a movement
    phase's page, under every power's table (some 4,000 px down a standard phase on a phone).
    The page's top links to it, in the first screen, beside the powers' links."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(served_site + "games/demo/F1901M.html")
        link = page.locator("nav[aria-label='On this page']").get_by_role("link", name="Dislodged units")
        assert link.get_attribute("href") == "#dislodged-h"
        box = link.bounding_box()
        assert box["y"] + box["height"] <= 800
        link.click()
        assert -1 < page.locator("#dislodged-h").bounding_box()["y"] < 100
        assert "may retreat to" in page.locator("#dislodged-h + ul").inner_text()
        page.goto(served_site + "games/demo/S1901M.html")  # nothing dislodged: no link
        assert page.locator("nav[aria-label='On this page'] a[href='#dislodged-h']").count() == 0
    assert errors == []
