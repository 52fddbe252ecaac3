"""The site audited for accessibility by axe-core (Deque's rules for WCAG 2 A and AA and its
best practices, shipped in the ``axe-playwright-python`` package) in headless Chromium
(``tests/browser.py``), on a desktop and on a phone.

Every demo game is played and built into one site; axe checks the archive's index, each
game's page, one phase page of every kind each game has (the largest: the one with the most
in it) and every variant's page of the provinces. A page has no violation at all: a player
reads the turn with a screen reader or a keyboard as well as with a mouse.

The audit at each screen's width is a test file of its own (``test_browser_axe.py``, the
desktop; ``test_browser_axe_phone.py``, the phone): pytest-xdist gives a file to a worker,
and the two audits, the suite's longest, run side by side. The site is built once for both
(``demos.built_site``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import chromium_page, served
from demos import ALL_DEMOS, built_site

DEMOS = ALL_DEMOS
WIDTHS = {"desktop": 1280, "phone": 375}


def _size(page: Path) -> int:
    return page.stat().st_size


def _audited_pages(site: Path) -> list[str]:
    pages = ["index.html"]
    for game in sorted((site / "games").iterdir()):
        pages.append(f"games/{game.name}/index.html")
        largest: dict[tuple[str, str], Path] = {}
        for page in sorted(game.glob("*.html")):
            # a phase id's first and last letters are its season and kind (S1901M, P1616D)
            kind = (page.stem[0], page.stem[-1])
            if page.name != "index.html" and (kind not in largest or _size(page) > _size(largest[kind])):
                largest[kind] = page
        pages += [f"games/{game.name}/{page.name}" for page in sorted(largest.values())]
    pages += sorted(p.relative_to(site).as_posix() for p in (site / "static" / "maps").glob("*.html"))
    return pages


def audit_at(screen: str, doc: str):
    """A test file's site and audit at one screen's width: ``demo_site, test_every_kind_of_page_passes_axe =
    audit_at("phone", "...")`` (names the fixture and the test after the variables, as pytest
    does with decorated functions); ``doc``: the test's docstring, what it checks."""

    @pytest.fixture(scope="module")
    def demo_site(tmp_path_factory):
        """Every demo played and built into one site, served; yields (base address, pages)."""
        site = built_site(tmp_path_factory.mktemp("demos"), DEMOS)
        pages = _audited_pages(site)
        with served(site) as base:
            yield base, pages

    def test_every_kind_of_page_passes_axe(demo_site):
        every_kind_of_page_passes_axe(demo_site, screen)

    test_every_kind_of_page_passes_axe.__doc__ = doc
    return demo_site, test_every_kind_of_page_passes_axe


def _violations(page, address: str) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    page.goto(address)
    if page.locator("#map-picture").count():
        # the map is drawn by the page's script; audited as the reader sees it
        page.wait_for_selector("#map-picture svg, #map-picture img")
    response = Axe().run(page, options={"resultTypes": ["violations"]}).response
    # axe ran its rules: a script that failed to load would report no violation either
    assert len(response["passes"]) + len(response["violations"]) > 20, address
    return [f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:3])} - {v['help']}"
            for v in response["violations"]]


def every_kind_of_page_passes_axe(demo_site, screen: str) -> None:
    """No axe-core violation on any kind of page of any variant, at a desktop's width and a
    phone's (where a wide table or a bribe chart scrolls sideways in a box, which must then be
    a tab stop for a keyboard to scroll it: axe's scrollable-region-focusable)."""
    base, pages = demo_site
    assert len(pages) > 40  # every game's kinds of phase, not only a few pages
    errors: list[str] = []
    found: dict[str, list[str]] = {}
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": WIDTHS[screen], "height": 900})
        for name in pages:
            violations = _violations(page, base + name)
            if violations:
                found[name] = violations
    assert found == {}
    assert errors == []
