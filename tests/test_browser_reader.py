"""The published demos read as a player and an archivist read them, in headless Chromium
(``tests/browser.py``): what a page says against what the game's record and the rest of the
page say."""

from __future__ import annotations

import json

import pytest

from browser import chromium_page, needs_chromium, served
from demos import built_site

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    with served(built_site(tmp_path_factory.mktemp("reader"), ["orders"])) as base:
        yield base


def _legend(page) -> list[str]:
    page.wait_for_selector("#map-picture svg #legend")
    return page.evaluate("[...document.querySelectorAll('#map-picture svg #legend text')].map(t => t.textContent)")


def test_a_retreat_maps_legend_counts_the_dislodged_units_it_draws(demo_site):
    """Reader finding (Fall 1902 Retreat of the standard demo): the map draws Germany's five
    units, two of them marked 'dislodged', and its legend said 'Germany: 5 SC, 3 units', Austria
    '4 units' beside five; the adjustments table under it says 5 units each. A dislodged unit is
    still the power's until it retreats or is disbanded (2000 rulebook, 'Retreating'), so the
    legend counts it, and says how many of them wait to retreat."""
    errors: list[str] = []
    with chromium_page(errors) as page:
        page.goto(demo_site + "games/demo/F1902R.html")
        legend = _legend(page)
        board = json.loads(page.evaluate("fetch('F1902M.json').then(r => r.text())"))["after"]
    assert not errors
    for power, units in board["units"].items():  # the record's board at the start of the retreat
        dislodged = len(board["dislodged"].get(power, []))
        said = f"{power.title()}: {len(board['centers'][power])} SC, {len(units) + dislodged} units"
        assert said + (f" ({dislodged} dislodged)" if dislodged else "") in legend, (said, legend)
    assert "Austria: 5 SC, 5 units (1 dislodged)" in legend, legend
    assert "Germany: 5 SC, 5 units (2 dislodged)" in legend, legend
