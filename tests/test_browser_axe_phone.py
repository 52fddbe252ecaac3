"""The site audited for accessibility by axe-core at a phone's width (``tests/axe_audit.py``:
what is audited and why; a file apart from the desktop's, ``test_browser_axe.py``, so that
pytest-xdist runs the two audits on two workers)."""

from __future__ import annotations

from axe_audit import audit_at
from browser import needs_chromium

pytestmark = needs_chromium

demo_site, test_every_kind_of_page_passes_axe = audit_at(
    "phone", """No axe-core violation on any kind of page of any variant at a phone's width, where a
    wide table or a bribe chart scrolls sideways in a box, which must then be a tab stop for a
    keyboard to scroll it (axe's scrollable-region-focusable).""")
