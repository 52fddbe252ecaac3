"""A phase page's way to the rest of its game, on the built site of the shipped standard demo
(twenty phases, 1901 to 1905, played through its workbook).

QA finding: a phase page linked only the phase before and the phase after it; an archivist
reading a long game (some 150 phases of a Europe 1619 game to 1648) had to step phase by
phase, or go up to the game page and find the list. Each phase page now has a line "Other
phases": the first phase, the phases of its year (the game page's list at that year's heading)
and the whole list, in a ``nav`` named for a screen reader, the link to the page itself marked
``aria-current="page"``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gm_tools.engine.phase import parse_phase
from demos import built_site


class _Navs(HTMLParser):
    """Each ``nav`` of a page by its aria-label: its links as (text, href, aria-current); and
    every element's id."""

    def __init__(self):
        super().__init__()
        self.navs: dict[str, list[list]] = {}
        self.ids: set[str] = set()
        self._nav: str | None = None
        self._link: list | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "nav":
            self._nav = attrs.get("aria-label", "")
            assert self._nav not in self.navs, f"two navs named {self._nav!r}"
            self.navs[self._nav] = []
        elif tag == "a" and self._nav is not None:
            self._link = ["", attrs.get("href"), attrs.get("aria-current")]
            self.navs[self._nav].append(self._link)

    def handle_endtag(self, tag):
        if tag == "nav":
            self._nav = None
        elif tag == "a":
            self._link = None

    def handle_data(self, data):
        if self._link is not None:
            self._link[0] += data


def _navs(path: Path) -> _Navs:
    parser = _Navs()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return built_site(tmp_path_factory.mktemp("phasenav"), ["orders"]) / "games" / "demo"


def test_every_phase_page_leads_to_the_first_phase_its_years_phases_and_the_whole_list(game):
    pages = sorted(p for p in game.glob("*.html") if p.name != "index.html")
    assert len(pages) == 20
    game_page = game / "index.html"
    listing = game_page.read_text(encoding="utf-8")
    ids = _navs(game_page).ids
    for page in pages:
        phase = page.stem
        year = parse_phase(phase).year
        links = _navs(page).navs["Other phases"]
        assert [text for text, _, _ in links] == ["First phase", f"Phases of {year}", "All phases"], phase
        assert [href for _, href, _ in links] == ["S1901M.html", f"index.html#year-{year}", "index.html#phases-h"]
        # the link to the page itself says so; no other does
        assert [current for _, _, current in links] == ["page" if phase == "S1901M" else None, None, None]
        # each lands where it says: the game page's heading of the year lists this phase under it
        assert f"year-{year}" in ids and "phases-h" in ids
        under = re.search(rf'<h3 id="year-{year}">{year}</h3>\s*<ol class="phases"[^>]*>(.*?)</ol>', listing, re.S)
        assert under and f'<a href="{phase}.html">' in under.group(1), phase
    assert {parse_phase(p.stem).year for p in pages} == {1901, 1902, 1903, 1904, 1905}


def test_the_pager_marks_its_link_to_the_page_itself(game):
    """The pager's "Permalink" is this page: marked so, at the top and at the bottom."""
    for page in ("S1901M.html", "F1903M.html"):
        navs = _navs(game / page).navs
        for where in ("top", "bottom"):
            assert [link for link in navs[f"Phases ({where})"] if link[2] == "page"] == [["Permalink", page, "page"]]
