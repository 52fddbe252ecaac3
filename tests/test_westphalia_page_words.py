"""The Peace of Westphalia's pages in the game's own words: it is a board game of Players who
make decisions, not Diplomacy's powers giving orders, so a step's page lists 'Results' (not
'Orders and results'), a player's decisions under his name with or without a person typed for
him, and the game page counts each step's 'results' (not 'order results') and its
standings and tables 'per player'.

Rulebook: ``003_b5b9eb4920d39694.txt`` ('Players may vote for whomever they wish'; 'Each Player
chooses a Military Doctrine'). Through the demo's real workbook, turn and site.
"""

from __future__ import annotations

import re

from gm_tools.app.cli import main
from gm_tools.app.demo import read_demo
from gm_tools.app.turn import run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site

from browser import chromium_page, needs_chromium, served
from demos import copy_with_cells, demo_file, played_until_fixture

GAME = "westphalia-demo"
STOP = "P1510L"
setup = played_until_fixture("westphalia", STOP)


def test_a_steps_page_and_the_game_page_say_players_and_results(setup, tmp_path, capsys):
    """Pick Provinces played with Red's player left off the Game sheet: Red's results are his
    own decisions, listed under his name as the others' are (they were put under 'Players nobody
    plays', which a new GM who had typed no one's name saw for every player); every heading,
    caption and count says results."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    root = copy_with_cells(setup, tmp_path / "games", GAME, {**cells, "Game!C11": None})
    run_turn(GAME, root=root, site_dir=None)
    assert main(["deadline", GAME, "Friday 11 December 18:00 UTC", "--root", str(root), "--site", ""]) == 0
    assert capsys.readouterr().out.startswith(
        f"{GAME}: lines for Setup 1510 Place Electors are due Friday 11 December 18:00 UTC (Game!B6)")
    build_site(root, tmp_path / "site")
    folder = tmp_path / "site" / "games" / GAME
    page = (folder / f"{STOP}.html").read_text(encoding="utf-8")
    assert '<h2 id="orders-h">Results</h2>' in page
    assert "<caption>Red Phoenix: results</caption>" in page and "Players nobody plays" not in page
    assert "<caption>Blue Kraken: results</caption>" in page and '<a href="#power-RED">Red Phoenix</a>' in page
    assert "Powers without a player" not in page and "rders and results" not in page
    assert '<th scope="col">Decision or event</th><th scope="col">Result</th>' in page and '"col">Order<' not in page
    game_page = (folder / "index.html").read_text(encoding="utf-8")
    assert ": 5 results)" in game_page and "order result" not in game_page
    # the players mail lines for the step, no orders
    assert "Lines for Setup 1510 Place Electors are due Friday 11 December 18:00 UTC" in game_page
    assert "Orders for" not in game_page
    # the standings and the Imperial Power tables count by player; the map shows no units or supply centers
    assert "Imperial Power (1510) per player," in game_page and "per power" not in game_page
    assert "Imperial Power per player after" in game_page
    assert '<th scope="col">Player</th><th scope="col">Played by</th>' in game_page and '"col">Power<' not in game_page
    assert ": who holds each province; the standings below" in game_page and "supply-center" not in game_page
    # a round is played in steps: the navigation says so, and the archive's line what is due
    assert ">&larr; Previous step</a>" in page and "(not yet played)" in page and '"Steps (top)"' in page
    assert '<nav aria-label="Other steps">' in page and ">Steps of 1510</a> · " in page and ">All steps</a>" in page
    assert ">this step as JSON</a>" in page and "what the step changed" in page and "phase" not in _words(page)
    assert "<dt>Current step</dt>" in game_page and '<h2 id="phases-h">Steps</h2>' in game_page
    assert "phase" not in _words(game_page)
    archive = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Setup 1510 Place Electors, lines due Friday 11 December 18:00 UTC" in archive and "orders due" not in archive


def _words(page: str) -> str:
    """What a reader is shown or told of a page: its text and its labels, not its tags' names
    and addresses (a link to '#phases-h' is no word of the page)."""
    labels = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', page))
    return re.sub(r"<[^>]+>", " ", page.split("<body>", 1)[1]) + " " + labels


DIPLOMACY = re.compile(r"\b(phases?|orders?|powers?|supply|units?|adjudicat\w*|dislodged|retreats?)\b", re.I)
OWN = re.compile(r"\b(Imperial Power|Foreign Powers?|Setup Order|Initiative Order)\b")
"""The rulebook's own words that hold one of Diplomacy's ('Imperial Power', 'Initiative Order')."""


@needs_chromium
def test_no_page_of_a_westphalia_game_says_diplomacys_words_in_a_browser(setup, tmp_path):
    """Every page of a Westphalia game played to its Pick Provinces step, with a deadline set,
    read in headless Chromium as a reader gets it (its text, labels and title): no 'phase',
    'orders', 'power' or other Diplomacy word but in the rulebook's own names; the archive's
    line of the game says its lines are due."""
    root = copy_with_cells(setup, tmp_path / "games", GAME, {})
    assert main(["deadline", GAME, "Friday 11 December 18:00 UTC", "--root", str(root), "--site", ""]) == 0
    site = tmp_path / "site"
    build_site(root, site)
    pages = sorted(p.relative_to(site).as_posix() for p in (site / "games" / GAME).glob("*.html"))
    pages += sorted(p.relative_to(site).as_posix() for p in (site / "static" / "maps").glob("westphalia-*.html"))
    found, errors = {}, []
    with served(site) as base, chromium_page(errors) as page:
        for name in pages:
            page.goto(base + name)
            shown = page.evaluate("""() => [document.title, document.body.innerText,
                ...[...document.querySelectorAll('[aria-label],[title],img[alt]')].map(e =>
                    [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt')].join(' '))].join('\\n')""")
            for line in shown.splitlines():
                if DIPLOMACY.search(OWN.sub("", line)):
                    found.setdefault(line.strip(), name)
        page.goto(base + "index.html")
        row = page.locator("tr", has_text=GAME).inner_text()
    assert found == {} and errors == []
    assert "lines due Friday 11 December 18:00 UTC" in row and "orders" not in row
