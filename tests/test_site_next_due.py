"""The latest phase's page, where a player lands from a feed or a mailed link to read his
results, leads him to what he must send next and by when: the game page, which says the
current phase's deadline (docs/site.md, 'The deadline'; a phase page is made from its record
alone and cannot say it)."""

from __future__ import annotations

import re

from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site
from sitegame import small_game


def test_the_latest_phases_page_links_the_game_page_for_the_next_deadline(tmp_path):
    """QA finding (a player on the latest phase's page): its pager ended 'Next: Fall 1901
    Movement (not yet played)', no link; the deadline for those orders is on the game page,
    reached only by the breadcrumb. The link is on the latest phase's page alone (the page
    before a new phase is written again anyway, so no turn rewrites more pages)."""
    history = small_game(tmp_path / "games", load_variant("standard"))
    build_site(tmp_path / "games", tmp_path / "site")
    folder = tmp_path / "site" / "games" / "demo"
    last, earlier = history[-1]["phase"], history[-2]["phase"]
    page = (folder / f"{last}.html").read_text(encoding="utf-8")
    pagers = re.findall(r'<nav class="pager".*?</nav>', page, re.S)
    assert len(pagers) == 2
    for pager in pagers:
        assert re.search(r'\(not yet played\): <a href="index.html">its deadline on the game page</a>', pager), pager
    before = (folder / f"{earlier}.html").read_text(encoding="utf-8")
    assert "its deadline on the game page" not in before
