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
            assert table.locator("thead th[scope=col]").all_inner_texts() == ["Code", "Name", "Kind",
                                                                              "Supply center", "Coasts"]
            rows = page.evaluate("""[...document.querySelectorAll('table.provinces tbody tr')]
                .map(r => [r.id, ...[...r.cells].map(c => c.innerText.trim())])""")
            assert len(rows) == len(STANDARD.provinces)
            by_code = {r[0]: r[1:] for r in rows}
            assert by_code["BUR"] == ["BUR", "Burgundy", "land", "", ""]
            assert by_code["PAR"] == ["PAR", "Paris", "land", "home of France", ""]
            assert by_code["STP"][1:] == ["St Petersburg", "coast", "home of Russia", "NC, SC"]
            assert by_code["NTH"][2] == "sea"
            assert page.locator("table.provinces tbody th[scope=row]").count() == len(rows)
            # the site's own way back, as every page has
            assert page.get_by_role("link", name="All games").get_attribute("href") == "../../index.html"
            page.get_by_role("link", name="All games").click()
            assert page.locator("h1").inner_text() == "Games"
        finally:
            browser.close()
    assert errors == []


def test_a_map_without_supply_centers_or_coasts_has_no_empty_column_for_them():
    """The Peace of Westphalia's hexes are no supply centers and have no coasts: its
    provinces' page gives their code, name and kind, without two columns always empty; the
    standard map's gives both."""
    from gm_tools.publish.provincelist import names_page
    from gm_tools.publish.site import TEMPLATES, _environment

    env = _environment(TEMPLATES)
    westphalia = names_page(env, load_variant("westphalia"))
    assert '<th scope="col">Kind</th></tr>' in westphalia
    assert "Supply center" not in westphalia and "Coasts" not in westphalia
    standard = names_page(env, STANDARD)
    assert '<th scope="col">Supply center</th><th scope="col">Coasts</th></tr>' in standard
