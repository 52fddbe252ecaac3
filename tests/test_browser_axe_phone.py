"""The site audited for accessibility by axe-core at a phone's width (``tests/axe_audit.py``:
what is audited and why; a file apart from the desktop's, ``test_browser_axe.py``, so that
pytest-xdist runs the two audits on two workers)."""

from __future__ import annotations

import pytest

from axe_audit import every_kind_of_page_passes_axe, served_demos
from browser import needs_chromium

pytestmark = needs_chromium

@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    """Every demo played and built into one site, served; yields (base address, pages)."""
    yield from served_demos(tmp_path_factory)


@pytest.mark.parametrize("screen", ["phone"])
def test_every_kind_of_page_passes_axe(demo_site, screen):
    """No axe-core violation on any kind of page of any variant at a phone's width, where a
    wide table or a bribe chart scrolls sideways in a box, which must then be a tab stop for a
    keyboard to scroll it (axe's scrollable-region-focusable)."""
    every_kind_of_page_passes_axe(demo_site, screen)
