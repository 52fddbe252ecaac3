"""Real headless Chromium for page tests: Debian's ``chromium`` (``make browser`` installs it)
driven by Playwright from PyPI with that binary, never ``playwright install``."""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update"]
needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                    reason="no chromium binary (make browser installs Debian's chromium)")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def served(site: Path):
    """``site`` over HTTP on a free local port; yields the base address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextlib.contextmanager
def chromium_page(errors: list[str], console: list[str] | None = None, dialogs: list[str] | None = None):
    """A Chromium page whose page errors, console errors and failed requests go to ``errors``;
    with ``console``, every console message goes there instead of only the errors; with
    ``dialogs``, each dialog's message goes there (and it is dismissed)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            if console is not None:
                page.on("console", lambda m: console.append(m.text))
            else:
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("requestfailed", lambda r: errors.append(f"failed {r.url}"))
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
            if dialogs is not None:
                page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            yield page
        finally:
            browser.close()


def table_rows(page, heading_id: str) -> list[list[str]]:
    """The cell texts of the first table in the section headed by ``heading_id``."""
    return page.evaluate(
        """id => [...document.getElementById(id).closest('section').querySelector('table').rows]
               .map(r => [...r.cells].map(c => c.innerText.trim()))""", heading_id)
