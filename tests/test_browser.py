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

        page.get_by_role("link", name="demo").click()
        assert page.locator("h1").inner_text() == "demo"
        assert page.locator("figure.chart svg").count() == 1
        assert "Spring 1902 Movement" in page.locator("dl.facts").inner_text()

        page.get_by_role("link", name="Spring 1901 Movement").click()
        assert page.url.endswith("/games/demo/S1901M.html")
        assert "demo: Spring 1901 Movement" in page.locator("h1").inner_text()
        # The GM's press: the script tag shows as text and never runs.
        assert "<script>alert(1)</script>" in page.locator("section.press").inner_text()
        # Province names on hover: the map's regions carry <title> elements.
        assert page.locator("figure.map svg path > title").count() > 50
        page.screenshot(path=str(ARTIFACTS / "phase-S1901M.png"), full_page=True)

        page.get_by_role("link", name="Next phase →").first.click()
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
