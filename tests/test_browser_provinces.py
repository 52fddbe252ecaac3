"""The provinces' names and codes for a reader without the map's script or without a pointer
(``gm_tools/publish/provincelist.py``, ``templates/provinces.html``).

QA finding: without JavaScript a map's provinces were named by hover or a tap on the names
laid over the PNG, which are hidden from screen readers and out of a keyboard's reach; the
PNG shows codes only ("BUR"). Every map now links to a page of the variant's provinces, a
table by code, read in real Chromium with scripts off and by the keyboard alone.
"""

from __future__ import annotations

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site
from browser import CHROMIUM, FLAGS, needs_chromium, served
from sitegame import small_game

pytestmark = needs_chromium
STANDARD = load_variant("standard")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("provinces")
    small_game(root / "sheets", STANDARD)
    build_site(root / "sheets", root / "site")
    return root / "site"


def _tab_to(page, name: str) -> None:
    """Press Tab until the link called ``name`` has the focus, as a keyboard reaches it."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == name:
            return
    raise AssertionError(f"no link {name!r} reached by Tab")


@pytest.mark.parametrize("address", ["games/demo/S1901M.html", "games/demo/index.html"])
def test_without_scripts_the_keyboard_reaches_every_provinces_name_and_code(site, address):
    sync_api = pytest.importorskip("playwright.sync_api")
    errors: list[str] = []
    with served(site) as base, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_context(java_script_enabled=False).new_page()
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
            page.goto(base + address)
            link = page.locator("figure.map figcaption a", has_text="provinces")
            assert link.count() == 1 and link.is_visible()
            _tab_to(page, link.inner_text())
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert page.url.endswith(".provinces1.html") and "/static/maps/" in page.url
            assert page.title() == "Provinces of Standard Diplomacy (1901): names and codes"
            assert page.evaluate("document.documentElement.lang") == "en"
            assert page.locator("h1").inner_text() == "Provinces of Standard Diplomacy (1901)"
            table = page.locator("table.provinces")
            assert table.locator("caption").count() == 1
            assert table.locator("thead th[scope=col]").all_inner_texts() == ["Code", "Name", "Kind"]
            rows = page.evaluate("""[...document.querySelectorAll('table.provinces tbody tr')]
                .map(r => [r.id, ...[...r.cells].map(c => c.innerText.trim())])""")
            assert len(rows) == len(STANDARD.provinces)
            by_code = {r[0]: r[1:] for r in rows}
            assert by_code["BUR"] == ["BUR", "Burgundy", "land"]
            assert by_code["PAR"] == ["PAR", "Paris", "land; supply center, home of France"]
            assert by_code["BEL"] == ["BEL", "Belgium", "coast; supply center"]
            assert by_code["STP"][1:] == ["St Petersburg", "coast (coasts NC, SC); supply center, home of Russia"]
            assert by_code["NTH"][2] == "sea"
            assert page.locator("table.provinces tbody th[scope=row]").count() == len(rows)
            # the site's own way back, as every page has
            assert page.get_by_role("link", name="All games").get_attribute("href") == "../../index.html"
            page.get_by_role("link", name="All games").click()
            assert page.locator("h1").inner_text() == "Games"
        finally:
            browser.close()
    assert errors == []


def test_a_map_without_supply_centers_names_none():
    """The Peace of Westphalia's hexes are no supply centers: its provinces' page gives their
    code, name and kind, and says no supply center; the standard map's says its own."""
    from gm_tools.publish.provincelist import names_page
    from gm_tools.publish.site import TEMPLATES, _environment

    env = _environment(TEMPLATES)
    westphalia = names_page(env, load_variant("westphalia"))
    assert '<td>Altenburg</td><td>land</td>' in westphalia
    assert "supply center" not in westphalia.lower()
    assert "<td>Paris</td><td>land; supply center, home of France</td>" in names_page(env, STANDARD)


def test_on_a_phone_the_provinces_table_fits_the_screen(site):
    """A player without the map's script is as often on a phone: at 375 px the provinces'
    table is read down the page, not scrolled sideways, on the standard map and the Europe
    maps, whose one-word names are long ("Transcarpathia", "home of Denmark/Sweden"): a
    province's kind, coasts and supply center share a cell."""
    from browser import chromium_page
    from gm_tools.publish.provincelist import names_page
    from gm_tools.publish.site import TEMPLATES, _environment

    env = _environment(TEMPLATES)
    errors: list[str] = []
    with served(site) as base, chromium_page(errors) as page:
        page.set_viewport_size({"width": 375, "height": 800})
        page.goto(base + "games/demo/S1901M.html")
        page.locator("figure.map figcaption a", has_text="provinces").click()
        page.wait_for_selector("table.provinces")
        fits = "(b => b.scrollWidth <= b.clientWidth)(document.querySelector('div.scroll'))"
        assert page.evaluate(fits)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        # the Europe maps' pages, made as the build makes them, beside the standard one
        for name in ("europe1615v2", "europe1619", "centenary"):
            (site / "static" / "maps" / f"{name}.html").write_text(names_page(env, load_variant(name)), encoding="utf-8")
            page.goto(base + f"static/maps/{name}.html")
            assert page.locator("table.provinces tbody tr").count() > 80
            assert page.evaluate(fits), name
    assert errors == []


def test_a_home_power_is_named_with_its_article():
    """A supply center's home power reads in the cell's sentence with the article its variant
    data gives it (``article``, variants/README.md): "home of the Dutch Republic", "home of the
    Holy Roman Empire", not "home of Dutch Republic"; a power without one stays bare."""
    from gm_tools.publish.provincelist import province_rows

    europe = {r["code"]: r["kind"] for r in province_rows(load_variant("europe1619"))}
    assert europe["HLD"] == "coast; supply center, home of the Dutch Republic"
    assert europe["ROM"] == "coast; supply center, home of the Papacy"
    assert europe["PAR"].endswith("home of France")
    centenary = {r["code"]: r["kind"] for r in province_rows(load_variant("centenary"))}
    assert centenary["VIE"] == "land; supply center, home of the Holy Roman Empire"
