"""The shipped demos' site read as a player and an archivist read it, page by page (the site
walk of 2026-11-28): each finding here is one such a reader met, with the test that keeps it
fixed.
"""

from __future__ import annotations

import re

import pytest

from demos import ALL_DEMOS, built_site


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("walk"), ALL_DEMOS)


def _page(site, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_a_phase_without_orders_says_so_in_the_game_pages_list(demo_site):
    """QA finding: the game page's list of phases said "0 order results" of a phase its rules play
    without orders (Europe 1615's Initial Status Check and Scoring, Westphalia's Draw Setup
    Order); it says "no orders", and a phase with orders still counts them."""
    europe = _page(demo_site, "games/europe1615-demo/index.html")
    assert "0 order results" not in europe
    assert re.search(r'Initial 1615 Status Check</a> <span class="muted">\(I1615C, processed <time[^>]*>[^<]+</time>: '
                     r'no orders\)', europe)
    assert re.search(r"\(S1615M, processed <time[^>]*>[^<]+</time>: 57 order results\)", europe)
    westphalia = _page(demo_site, "games/westphalia-demo/index.html")
    assert "0 order results" not in westphalia and "1 order result)" in westphalia


def test_a_bounce_on_ones_own_unit_names_its_power_not_its_code(demo_site):
    """2000 rulebook, 'A country cannot dislodge its own unit': Italy's A ROM - VEN bounces off
    Italy's own A VEN (the standard demo's Spring 1903). QA finding: the Reason said "may not
    dislodge A VEN of ITALY", the power's code; the page names it, the record keeping the words
    it was written with (a recorded game replays byte for byte)."""
    import json

    page = _page(demo_site, "games/demo/S1903M.html")
    assert "bounced: may not dislodge A VEN of Italy</td>" in page and "of ITALY" not in page
    assert "may not dislodge F NTH of England</td>" in _page(demo_site, "games/demo/S1905M.html")
    recorded = [r for r in json.loads(_page(demo_site, "games/demo/S1903M.json"))["results"]
                if r["order"] == "A ROM - VEN"]
    assert recorded[0]["reason"] == "bounced: may not dislodge A VEN of ITALY"
