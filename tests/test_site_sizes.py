"""Bytes per phase of the shipped demos' site (issue 19 item 3: "a phase's page, JSON and text
together ... under 60 KB and its own map layer under 60 KB"; ``bench/sizes.py`` prints the same
measure for the benches' archives).

QA finding: no test watched the budget, and the Europe 1615 v2 demo's Fall 1616 Movement
(65 orders, thirty minor states' statuses) had reached 61.1 KB of page, JSON and text.
"""

from __future__ import annotations

import pytest

from demos import ALL_DEMOS, built_site

BUDGET = 60e3
"""Bytes, as ``bench/sizes.py`` counts them."""
DEMOS = ALL_DEMOS


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("sizes"), DEMOS)


def test_every_demo_phase_keeps_its_page_json_and_text_and_its_map_layer_under_60_kb(demo_site):
    phases = 0
    over = {}
    for layer in sorted((demo_site / "games").glob("*/*.map.js")):
        phase = layer.name[:-len(".map.js")]
        if phase == "current":  # the game page's map, not a phase
            continue
        phases += 1
        text = sum((layer.parent / f"{phase}{suffix}").stat().st_size for suffix in (".html", ".json", ".txt"))
        for what, size in (("page, JSON and text", text), ("map layer", layer.stat().st_size)):
            if size >= BUDGET:
                over[f"{layer.parent.name}/{phase} {what}"] = size
    assert len(DEMOS) >= 7 and phases > 100  # every demo, and what they played
    assert over == {}
