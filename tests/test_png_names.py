"""The provinces named over a phase's PNG, for a reader without JavaScript (or a host that lost
the map's scripts): ``gm_tools/publish/mapareas.py``, ``templates/phase.html``.

The browser tests build a real small site, open its phase pages in headless Chromium with
scripts off, find a point well inside a province from the base map's own outline, and ask
the browser what is there: the shape over the PNG whose title names that province, with its
name shown while the pointer is over it (or after a tap), on a wide screen and on a phone's,
on the standard map and on the Europe 1619 map and its enlarged inset.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gm_tools.edges.basemap import load_base_map
from gm_tools.edges.variants import load_variant
from gm_tools.publish.render import INSET_CAPTION, TITLE_HEIGHT
from gm_tools.publish.site import build_site
from browser import CHROMIUM, FLAGS, needs_chromium, served
from sitegame import new_game, play, small_game

STANDARD = load_variant("standard")
EUROPE = load_variant("europe1619")
SVG = "{http://www.w3.org/2000/svg}"


# --- a point inside a province, from its outline ---------------------------------------------------


def _rings(d: str) -> list[list[tuple[float, float]]]:
    """The rings of a base map's region (its paths are ``M x y l dx dy ... Z``), read here
    apart from the code under test."""
    out, x, y, command = [], 0.0, 0.0, ""
    tokens = re.findall(r"[MLZmlz]|-?[\d.]+", d)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in "MLZmlz":
            command = t
            i += 1
            if t in "Mm":
                out.append([])
            elif t in "Zz" and out and out[-1]:
                x, y = out[-1][0]
            continue
        dx, dy = float(t), float(tokens[i + 1])
        i += 2
        x, y = (x + dx, y + dy) if command in "ml" else (dx, dy)
        command = {"m": "l", "M": "L"}.get(command, command)  # further pairs are lines
        out[-1].append((x, y))
    return [r for r in out if len(r) >= 3]


def _inside(rings, x: float, y: float) -> bool:
    crossings = 0
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                crossings += 1
    return crossings % 2 == 1  # even-odd, as the map draws its regions


def _clearance(rings, x: float, y: float) -> float:
    best = float("inf")
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = x1 - x0, y1 - y0
            t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1.0)))
            best = min(best, ((x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2) ** 0.5)
    return best


def point_in(variant, code: str, within=None) -> tuple[float, float]:
    """The point of the province's outline (map units) farthest from its border, on a grid
    (within the box ``within``, (x0, y0, x1, y1), when given)."""
    rings = _rings(load_base_map(variant).regions[code])
    xs = [p[0] for r in rings for p in r]
    ys = [p[1] for r in rings for p in r]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if within:
        x0, y0, x1, y1 = max(x0, within[0]), max(y0, within[1]), min(x1, within[2]), min(y1, within[3])
    best, at = -1.0, None
    for i in range(1, 30):
        for j in range(1, 30):
            x, y = x0 + (x1 - x0) * i / 30, y0 + (y1 - y0) * j / 30
            if _inside(rings, x, y):
                room = _clearance(rings, x, y)
                if room > best:
                    best, at = room, (x, y)
    assert at is not None and best >= 6, f"no room inside {code}"
    return at


# --- what the browser finds there -------------------------------------------------------------------

_NAMED_AT = """([x, y]) => {
  const el = document.elementFromPoint(x, y), g = el && el.closest('g');
  return g && g.querySelector(':scope > title') ? g.querySelector(':scope > title').textContent : null;
}"""
_HOVERED = """() => [...document.querySelectorAll('g:hover')].filter(g => g.querySelector(':scope > title'))
  .map(g => [g.querySelector(':scope > title').textContent, getComputedStyle(g.querySelector(':scope > text')).visibility])"""
_SHOWN = "() => [...document.querySelectorAll('text')].filter(t => getComputedStyle(t).visibility === 'visible').length"


def _names_frame(page):
    frames = [f for f in page.frames if f.url.endswith(".svg")]
    assert len(frames) == 1, [f.url for f in page.frames]
    return frames[0]


def _check_named(page, variant, places) -> None:
    """``places``: (code, map x, map y, where: "map" or "inset") each named where the browser
    finds it on the PNG, by point test in the names' document and by the pointer over it."""
    picture = page.locator("#map-picture img.map-png")
    assert picture.evaluate("img => img.complete && img.naturalWidth") == 1200  # the PNG is shown
    names = page.locator("#map-picture object")
    assert names.count() == 1  # the names laid over the picture
    box, over = picture.bounding_box(), names.bounding_box()
    assert abs(box["x"] - over["x"]) < 1 and abs(box["y"] - over["y"]) < 1 and abs(box["width"] - over["width"]) < 1
    frame = _names_frame(page)
    base = load_base_map(variant)
    scale = box["width"] / max(base.width, 600.0)  # CSS px a picture unit
    inset = variant.map_inset
    for code, x, y, where in places:
        if where == "map":
            px, py = x, TITLE_HEIGHT + y
        else:
            left = max((base.width - inset["width"] * inset["scale"]) / 2, 0.0)
            px = left + (x - inset["x"]) * inset["scale"]
            py = TITLE_HEIGHT + base.height + INSET_CAPTION + (y - inset["y"]) * inset["scale"]
        sx, sy = box["x"] + px * scale, box["y"] + py * scale
        page.mouse.move(sx, sy)  # scrolls nothing: the test's viewport holds the picture
        name = f"{variant.provinces[code].name} ({code})"
        assert frame.evaluate(_NAMED_AT, [sx - over["x"], sy - over["y"]]) == name, (code, where)
        assert frame.evaluate(_HOVERED) == [[name, "visible"]], (code, where)
        assert frame.evaluate(_SHOWN) == 1  # its name alone is shown


def _launch(p, **context):
    browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    return browser, browser.new_context(java_script_enabled=False, **context).new_page()


@needs_chromium
@pytest.mark.parametrize("width", [1100, 390])
def test_without_scripts_the_standard_pngs_provinces_are_named(tmp_path, width):
    """The phase's PNG, scaled to the page's column (a desktop's, a phone's), with each
    province named where it is drawn: a land province, a sea, one with a coast."""
    sync_api = pytest.importorskip("playwright.sync_api")
    small_game(tmp_path / "sheets", STANDARD)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    places = [(code, *point_in(STANDARD, code), "map") for code in ("BUR", "NTH", "SPA", "MOS")]
    with served(site) as address, sync_api.sync_playwright() as p:
        browser, page = _launch(p, viewport={"width": width, "height": 3000})
        try:
            page.goto(address + "games/demo/S1901M.html")
            page.wait_for_load_state("load")
            assert page.locator("#map-picture svg").count() == 0  # no script ran: the PNG it is
            _check_named(page, STANDARD, places)
        finally:
            browser.close()


def _europe_site(tmp_path) -> Path:
    paths = new_game(tmp_path / "sheets", "thirty", EUROPE)
    play(paths, EUROPE, [], {})
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    return site


@needs_chromium
def test_without_scripts_a_europe_1619_png_is_named_on_the_map_and_in_its_inset(tmp_path):
    """A Thirty Years War map: provinces named on the map and in the enlarged inset of the
    Holy Roman Empire below it, the page opened from file:// as from a folder."""
    sync_api = pytest.importorskip("playwright.sync_api")
    site = _europe_site(tmp_path)
    inset = EUROPE.map_inset
    frame = (inset["x"], inset["y"], inset["x"] + inset["width"], inset["y"] + inset["height"])
    places = [("BOH", *point_in(EUROPE, "BOH"), "map"), ("MAD", *point_in(EUROPE, "MAD"), "map"),
              ("BOH", *point_in(EUROPE, "BOH", frame), "inset"), ("SAX", *point_in(EUROPE, "SAX", frame), "inset")]
    with sync_api.sync_playwright() as p:
        browser, page = _launch(p, viewport={"width": 1100, "height": 3000})
        try:
            page.goto((site / "games" / "thirty" / "Y1619D.html").as_uri())
            page.wait_for_load_state("load")
            _check_named(page, EUROPE, places)
        finally:
            browser.close()


@needs_chromium
def test_without_scripts_a_tap_names_the_province(tmp_path):
    """A touch screen has no hover: a tap keeps the province tapped named until the next."""
    sync_api = pytest.importorskip("playwright.sync_api")
    small_game(tmp_path / "sheets", STANDARD)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    with sync_api.sync_playwright() as p:
        browser, page = _launch(p, has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800})
        try:
            page.goto((site / "games" / "demo" / "S1901M.html").as_uri())
            page.wait_for_load_state("load")
            picture = page.locator("#map-picture img.map-png")
            picture.scroll_into_view_if_needed()
            box = picture.bounding_box()
            scale = box["width"] / 1200
            for code in ("MOS", "TYS"):
                x, y = point_in(STANDARD, code)
                page.touchscreen.tap(box["x"] + x * scale, box["y"] + (TITLE_HEIGHT + y) * scale)
                assert _names_frame(page).evaluate(_HOVERED) == [[f"{STANDARD.provinces[code].name} ({code})",
                                                                  "visible"]]
        finally:
            browser.close()


@needs_chromium
def test_a_page_whose_map_scripts_are_lost_shows_the_png_with_its_names(tmp_path):
    """The page's script, finding no base map to draw over, shows what a page without scripts
    shows: the PNG, its provinces named."""
    sync_api = pytest.importorskip("playwright.sync_api")
    small_game(tmp_path / "sheets", STANDARD)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    for lost in (site / "static" / "maps").glob("*.js"):
        lost.unlink()
    with served(site) as address, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 3000})
            page.goto(address + "games/demo/S1901M.html")
            page.locator("#map-picture img.map-png").wait_for()
            page.wait_for_load_state("load")
            _check_named(page, STANDARD, [("BUR", *point_in(STANDARD, "BUR"), "map")])
        finally:
            browser.close()


# --- the names' file ---------------------------------------------------------------------------------


def _names_file(site: Path) -> Path:
    (found,) = sorted((site / "static" / "maps").glob("*.svg"))
    return found


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1619", "europe1615", "europe1615v2"])
def test_every_province_of_every_map_is_named_once_on_the_map(name):
    """Each province of each shipped map, once on the map (and again in the inset where the
    map has one), named by its name and code; a small file made the same each time."""
    from gm_tools.publish.mapareas import areas_for

    variant = load_variant(name)
    base = load_base_map(variant)
    text = areas_for(variant, base)
    assert text == areas_for(variant, base)
    assert len(text.encode("utf-8")) < 64_000  # fetched once for every page of the variant
    root = ET.fromstring(text)
    on_map = root.find(f"{SVG}g")
    titles = [g.find(f"{SVG}title").text for g in on_map.findall(f"{SVG}g")]
    wanted = [f"{variant.provinces[c].name} ({c})" for c in base.regions] + [f"{c} (impassable)" for c in base.impassable]
    assert sorted(titles) == sorted(wanted)
    for g in on_map.findall(f"{SVG}g"):
        d = g.find(f"{SVG}path").get("d")
        assert re.fullmatch(r"(M-?\d+ -?\d+l[-\d ]+z)+", d), d[:60]  # whole units, relative steps
    inset = root.find(f"{SVG}svg")
    assert (inset is not None) == bool(variant.map_inset)
    if inset is not None:
        shown = {g.find(f"{SVG}title").text for g in inset.findall(f"{SVG}g")}
        assert "Bohemia (BOH)" in shown and "Saxony (SAX)" in shown and not any("(MAD)" in t for t in shown)


def test_an_outline_thinned_stays_within_its_tolerance():
    """Each point of a drawn outline is within the tolerance (and half a unit of rounding) of
    its thinned ring, on real provinces of two maps."""
    from gm_tools.publish.mapareas import TOLERANCE, rings, thin

    for variant, codes in ((STANDARD, ("BUR", "NWY", "NTH")), (EUROPE, ("BOH", "MAD", "BAL"))):
        for code in codes:
            for ring in rings(load_base_map(variant).regions[code]):
                thinned = thin(ring)
                if len(thinned) < 3 or len(ring) > 400:
                    continue
                assert len(thinned) <= len(ring)
                worst = max(_clearance([[(float(x), float(y)) for x, y in thinned]], x, y) for x, y in ring)
                assert worst <= TOLERANCE + 0.71, (code, worst)


def test_the_names_file_is_written_once_and_a_half_written_one_again(tmp_path):
    """Rebuilding with nothing new writes nothing; a build killed while writing the file (its
    end missing) is followed by one that writes it whole; a page grows by a few hundred bytes."""
    small_game(tmp_path / "sheets", STANDARD)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site)
    names = _names_file(site)
    whole = names.read_bytes()
    assert build_site(tmp_path / "sheets", site).written == []
    names.write_bytes(whole[: len(whole) // 2])
    (site / ".gm_tools-build.json").unlink()  # as after a build that never finished
    report = build_site(tmp_path / "sheets", site)
    assert f"static/maps/{names.name}" in report.written and names.read_bytes() == whole
    page = (site / "games" / "demo" / "S1901M.html").read_text(encoding="utf-8")
    noscript = re.search(r"<noscript>.*?</noscript>", page).group(0)
    assert f'<object data="../../static/maps/{names.name}"' in noscript and len(noscript) < 300


def test_what_the_names_file_holds_is_pinned_to_its_version():
    """The file is kept when the site has one of its name (``mapareas.AREAS_VERSION`` is part
    of the name): a change to what it holds must come with a new version. If this fails after
    an intended change, raise AREAS_VERSION and pin the new digest."""
    from gm_tools.publish.mapareas import AREAS_VERSION, areas_for

    digest = hashlib.sha256(areas_for(STANDARD, load_base_map(STANDARD)).encode("utf-8")).hexdigest()[:16]
    assert (AREAS_VERSION, digest) == (2, "de87b94619cee8dd")
