"""The shipped demos' site read as a player and an archivist read it, page by page (the site
walk of 2026-11-28): each finding here is one such a reader met, with the test that keeps it
fixed.
"""

from __future__ import annotations

import re

import pytest

from browser import chromium_page, needs_chromium, served
from demos import ALL_DEMOS, built_site


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("walk"), ALL_DEMOS)


def _page(site, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_a_phase_without_order_results_says_so_in_the_game_pages_list(demo_site):
    """QA finding: the game page's list of phases said "0 order results" of a phase whose record
    has none (Europe 1615's Initial Status Check and Scoring, Westphalia's Draw Setup Order, a
    Europe 1615 v2 Influence phase, whose placements are no order results); it says "no order
    results", and a phase with some still counts them."""
    europe = _page(demo_site, "games/europe1615-demo/index.html")
    assert "0 order results" not in europe
    assert re.search(r'Initial 1615 Status Check</a> <span class="muted">\(I1615C, processed <time[^>]*>[^<]+</time>: '
                     r'no order results\)', europe)
    assert re.search(r"\(S1615M, processed <time[^>]*>[^<]+</time>: 57 order results\)", europe)
    westphalia = _page(demo_site, "games/westphalia-demo/index.html")
    # Westphalia's steps count results, no orders (test_westphalia_page_words.py)
    assert "0 results" not in westphalia and "1 result)" in westphalia and "order result" not in westphalia


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


MAP_IMG = re.compile(r'<img src="([^"]+\.png)" alt=""(?: width="(\d+)" height="(\d+)")? class="map-png">')


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_every_maps_picture_has_its_size_on_the_page(demo_site):
    """QA finding: the map's PNG, which a page read without its script shows, had no width and
    height, so the browser gave it no room until it had loaded and the orders below jumped down
    the page (a 1200x2000 Europe map on a phone's slow line). Every phase page and game page of
    every demo gives the PNG's own size."""
    pages = 0
    for page in sorted((demo_site / "games").glob("*/*.html")):
        found = MAP_IMG.findall(page.read_text(encoding="utf-8"))
        assert len(found) == 1, page
        src, width, height = found[0]
        assert (int(width or 0), int(height or 0)) == _png_size(page.parent / src), page
        pages += 1
    assert pages > 130


def test_a_page_made_again_around_its_kept_map_keeps_the_pictures_size(tmp_path):
    """A turn makes the phase before it again for its "Next phase" link alone, around the map
    already on disk (``site.write_game``): its PNG's size is read from the PNG's header then."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.site import build_site
    from sitegame import play_next, small_game

    standard = load_variant("standard")
    history = small_game(tmp_path / "sheets", standard, phases=2)
    build_site(tmp_path / "sheets", tmp_path / "site")
    before = (tmp_path / "site" / "games" / "demo" / "F1901M.html").read_text(encoding="utf-8")
    play_next(tmp_path / "sheets", standard, history)
    report = build_site(tmp_path / "sheets", tmp_path / "site")
    page = tmp_path / "site" / "games" / "demo" / "F1901M.html"
    after = page.read_text(encoding="utf-8")
    assert after != before and "games/demo/F1901M.png" not in report.written  # its map kept
    src, width, height = MAP_IMG.findall(after)[0]
    assert (int(width or 0), int(height or 0)) == _png_size(page.parent / src) != (0, 0)


def test_no_adjustments_are_due_after_the_years_builds(demo_site):
    """Europe 1615 v3 rulebook (000_cc215928c2f3193e.txt), 'PHASES OF THE GAME YEAR': "6- Late
    Winter Adjustment Phase (Build Phase), 7- Scoring Phase". QA finding: the Scoring Phase's
    page, which closes the year after its builds, showed "Adjustments due ... builds or removals
    in the adjustment phase" (37 rows of "none"), and its judge text the builds table, though the
    year's adjustment phase was over. The Early Winter phase before the builds still shows them,
    and the Scoring Phase keeps the year's ownership."""
    scoring = _page(demo_site, "games/europe1615-demo/W1616S.html")
    assert "Adjustments due" not in scoring and "Supply-center ownership" in scoring
    text = _page(demo_site, "games/europe1615-demo/W1616S.txt")
    assert "Ownership of supply centers:" in text and "Supply centers, " not in text
    disbands = _page(demo_site, "games/europe1615-demo/E1615D.html")
    assert "Adjustments due" in disbands and "removes 1" in disbands
    assert "Builds 0 units." in _page(demo_site, "games/demo/F1905R.txt")  # the standard year still says them


def test_the_palatinate_reads_with_a_small_article_inside_a_sentence(demo_site):
    """Westphalia rulebook (003_b5b9eb4920d39694.txt): 'The Palatinate and Saxony - 2 provinces',
    the Elector's name with its article. QA finding: the pages read it with a capital inside a
    sentence ("Saxony for Yellow Elephant, The Palatinate for Red Phoenix", "places 2 Diplomatic
    Influence on The Palatinate", "Eligible Target Principalities: Cologne, The Palatinate");
    the record keeps the name as the rules give it, and a sentence opening with it keeps its
    capital."""
    pages = {p.name: p.read_text(encoding="utf-8") for p in (demo_site / "games" / "westphalia-demo").glob("*.html")}
    assert not [name for name, page in pages.items() if re.search(r"[a-z,:] The Palatinate", page)]
    assert "Saxony for Yellow Elephant, the Palatinate for Red Phoenix" in pages["R1635X.html"]
    assert "places 2 Diplomatic Influence on the Palatinate" in pages["P1510D.html"]
    assert "<td>The Palatinate is drawn and converts to" in "".join(pages.values())
    assert any(re.search(r"(Cologne|Hesse), the Palatinate", page) for page in pages.values())


@needs_chromium
def test_an_orders_arrow_never_breaks_on_a_phone(demo_site):
    """QA finding: on a 360 px phone the orders' words broke inside their arrow, "Army Burgundy -"
    over "> Munich", "Fleet Heligoland Bight -" over "> Kiel" (the browser breaks after a
    hyphen). The arrow is held together; the words still wrap at their spaces."""
    split = """() => [...document.querySelectorAll('.results .words')].flatMap(span => {
        const text = span.firstChild, found = [];
        for (let i = text.data.indexOf('-'); i >= 0; i = text.data.indexOf('-', i + 1)) {
            const end = text.data.indexOf('>', i);
            if (end < 0 || end > i + 2) continue;
            const range = document.createRange();
            range.setStart(text, i); range.setEnd(text, end + 1);
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
            if (tops.size > 1) found.push(text.data);
        }
        return found; })"""
    errors: list[str] = []
    with served(demo_site) as base, chromium_page(errors) as page:
        page.set_viewport_size({"width": 360, "height": 800})
        for phase in ("demo/S1903M", "demo/F1902M", "centenary-demo/F1618M"):
            page.goto(f"{base}games/{phase}.html")
            assert page.evaluate(split) == [], phase
            assert page.locator(".results .words").count() > 10
    assert errors == []


def test_a_game_still_played_has_no_winner_yet(demo_site):
    """QA finding: the archive and a game page said "Winner: none" of a game still played, which
    reads as a game over without a winner (a draw says "none" so); it says "none yet" until
    the game is over, and a game won names its winner."""
    index = _page(demo_site, "index.html")
    row = index[index.index('<a href="games/demo/index.html">'):]
    assert "<td>none yet</td>" in row[:row.index("</tr>")]
    assert "<dt>Winner</dt><dd>none yet</dd>" in _page(demo_site, "games/demo/index.html")
    assert "<dt>Winner</dt><dd>Yellow Elephant</dd>" in _page(demo_site, "games/westphalia-demo/index.html")
    assert "<td>none</td>" not in index


def test_the_archive_and_a_game_page_title_say_what_and_where(demo_site):
    """Site walk finding: the archive's <title> was "Games" and a game page's its name alone,
    which a tab or a bookmark among others does not place; they name the archive, and the
    game its variant and the site."""
    assert "<title>Games — Diplomacy game archive</title>" in _page(demo_site, "index.html")
    assert "<title>europe1615-demo (Europe 1615) — games</title>" in _page(
        demo_site, "games/europe1615-demo/index.html")


def test_an_empty_influence_section_says_what_is_absent(demo_site):
    """Site walk finding: an empty section said only "None." (Europe 1615's INF deployments in a
    Fall phase, Europe 1615 v2's Diplomatic attacks and INF placements). Every movement phase
    may have deployments (seeds/000 rulebook, 'Powers need not deploy all INFs in the first
    phase, but can spread out those deployments in subsequent phases'), so the section stays and
    says in words what the phase did not have."""
    fall = _page(demo_site, "games/europe1615-demo/F1615M.html")
    assert "<h2>INF deployments</h2>" in fall and "<p>No INF deployments this phase.</p>" in fall
    attacks = _page(demo_site, "games/europe1615v2-demo/P1617D.html")
    assert "<p>No diplomatic attacks this phase.</p>" in attacks
    placements = _page(demo_site, "games/europe1615v2-demo/P1617I.html")
    assert "<p>No INF placements this phase.</p>" in placements
    for page in (fall, attacks, placements):
        assert "<p>None.</p>" not in page


def test_the_emperors_death_is_the_empires_event_not_a_power_without_a_player(demo_site):
    """Site walk finding: Westphalia's Imperial Election phase listed "the Emperor dies" (seeds/003
    rulebook, 'Hold an Imperial Election any round in which the Emperor dies') under "Powers
    without a player", as if the Empire were a power nobody played; it is the Empire's own event,
    under its own heading, before the powers' results."""
    page = _page(demo_site, "games/westphalia-demo/R1510X.html")
    dies = page.index("the Emperor dies: ")
    assert page.rfind('<h3 id="power-EMPIRE">Holy Roman Empire</h3>', 0, dies) != -1
    assert page.rfind("Powers without a player", 0, dies) == -1
    assert page.index('<h3 id="power-EMPIRE">') < page.index('<h3 id="power-YELLOW">')


def test_westphalias_princes_and_principalities_name_their_provinces(demo_site):
    """Site walk finding: the game page's Princes and Principalities tables listed provinces by
    code alone ("ARN"); they name each with its code, as the orders type it, "ARN (Arnsberg)", as
    other variants' pages name a place."""
    page = _page(demo_site, "games/westphalia-demo/index.html")
    princes = page[page.index("<h2>Princes</h2>"):page.index("<h2>Principalities</h2>")]
    principalities = page[page.index("<h2>Principalities</h2>"):]
    assert re.search(r"<td>\d+: [A-Z]{3} \([A-Z][^)]+\), .*; capital [A-Z]{3} \([A-Z][^)]+\)</td>", princes)
    assert "<td>ARN (Arnsberg)</td>" in principalities
