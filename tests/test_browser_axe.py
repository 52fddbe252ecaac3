"""The site audited for accessibility by axe-core at a desktop's width, and a check that the
audit can fail (``tests/axe_audit.py``: what is audited and why; the phone's width is
``test_browser_axe_phone.py``)."""

from __future__ import annotations

from axe_audit import WIDTHS, audit_at
from browser import chromium_page, needs_chromium

pytestmark = needs_chromium

demo_site, test_every_kind_of_page_passes_axe = audit_at(
    "desktop", "No axe-core violation on any kind of page of any variant at a desktop's width.")


def test_the_audit_finds_a_page_that_fails(demo_site):
    """The audit can fail: a phase page with its language and its tables' tab stops taken away
    has violations axe names."""
    base, pages = demo_site
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.set_viewport_size({"width": WIDTHS["phone"], "height": 900})
        page.goto(base + "games/europe1615v2-demo/U1615M.html")
        page.evaluate("""() => {
            document.documentElement.removeAttribute('lang');
            document.querySelectorAll('[tabindex="0"]').forEach(e => e.removeAttribute('tabindex'));
        }""")
        from axe_playwright_python.sync_playwright import Axe

        ids = {v["id"] for v in Axe().run(page).response["violations"]}
    assert {"html-has-lang", "scrollable-region-focusable"} <= ids
