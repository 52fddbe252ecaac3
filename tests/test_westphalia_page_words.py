"""The Peace of Westphalia's pages in the game's own words: it is a board game of Players who
make decisions, not Diplomacy's powers giving orders, so a step's page lists 'Results' (not
'Orders and results'), a player nobody plays under 'Players nobody plays' (not 'Powers without a
player'), and the game page counts each step's 'results' (not 'order results') and its
standings and tables 'per player'.

Rulebook: ``003_b5b9eb4920d39694.txt`` ('Players may vote for whomever they wish'; 'Each Player
chooses a Military Doctrine'). Through the demo's real workbook, turn and site.
"""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.demo import read_demo
from gm_tools.app.turn import run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site

from demos import copy_with_cells, demo_file, played_until_fixture

GAME = "westphalia-demo"
STOP = "P1510L"
setup = played_until_fixture("westphalia", STOP)


def test_a_steps_page_and_the_game_page_say_players_and_results(setup, tmp_path):
    """Pick Provinces played with Red's player left off the Game sheet: Red's results are
    listed under 'Players nobody plays'; every heading, caption and count says results."""
    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    root = copy_with_cells(setup, tmp_path / "games", GAME, {**cells, "Game!C11": None})
    run_turn(GAME, root=root, site_dir=None)
    assert main(["deadline", GAME, "Friday 11 December 18:00 UTC", "--root", str(root)]) == 0
    build_site(root, tmp_path / "site")
    folder = tmp_path / "site" / "games" / GAME
    page = (folder / f"{STOP}.html").read_text(encoding="utf-8")
    assert '<h2 id="orders-h">Results</h2>' in page
    assert '<h3 id="unplayed">Players nobody plays</h3>' in page and "<caption>Players nobody plays: results</caption>" in page
    assert "<caption>Blue Kraken: results</caption>" in page and '<a href="#unplayed">Players nobody plays</a>' in page
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
