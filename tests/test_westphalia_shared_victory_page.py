"""The Peace of Westphalia's game page when a religious victory is shared by the players saved:
the record keeps it as the game's shared result (a draw naming the victory, NOTES.md), and the
page named it 'Winner: none' beside 'Draw: shared by ...', which a player reads as no one won.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Protestant Victory': 'If: At any point starting after
the Religious War Phase of Round 4: There are more Protestant provinces than Catholic ones, All
Electors are Protestant, The Emperor is Protestant. The Protestant players with the most
Reformation Points are saved by Faith Alone and win; 2 players in a 5-6 player game'.
"""

from __future__ import annotations

from gm_tools.app.demo import read_demo
from gm_tools.app.turn import run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site

from demos import copy_with_cells, demo_file, played_until_fixture

GAME = "westphalia-demo"
STOP = "R1585T"
round_four = played_until_fixture("westphalia", STOP)


def test_a_shared_protestant_victory_names_its_winners_on_the_game_page(round_four, tmp_path, capsys):
    """In the demo's round 4 Yellow, the Emperor, and Orange convert ('Player Conversion') and
    each puts as many faith dice on his allied Catholic Elector (Brandenburg, Saxony) as it has
    provinces ('convert the entire Principality if as many are on it as the Principality has
    provinces'): every Elector and the Emperor Protestant, 34 Protestant provinces to 11, and
    Blue (6 Reformation Points) and Green (4) are saved and win. The game page and the archive say so as
    its Winner, and the game page heads the shared result 'Shared victory', not 'Draw'.

    '9-14 Player Variant': '3 players win a Protestant/Catholic Victory in a 9 player game' ('In
    the case of a tie, more players may win by tying for the last spot'). Played with 9 players to
    a Catholic Victory shared by six, the game page named them Winner, but its standings marked
    none of them 'winner', and `gm-tools status` said the game was 'drawn between' them: the
    standings mark each winner, and status and the turn's report say the game won together."""
    from gm_tools.app.cli import main

    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    converts = {"Player Turns!B2": "yes", "Player Turns!C2": "yes", "Player Turns!D2": "no", "Player Turns!E2": "yes",
                "Player Turns!E3": "yes", "Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "Brandenburg",
                "Spread the Faith!C2": 3, "Spread the Faith!A3": "ORANGE", "Spread the Faith!B3": "Saxony",
                "Spread the Faith!C3": 2, "Electors Changed!A2": None, "Electors Changed!B2": None}
    root = copy_with_cells(round_four, tmp_path / "games", GAME, {**cells, **converts})
    report = run_turn(GAME, root=root, site_dir=None).text()
    # the turn's report says it as status does (the record keeps its shared result, a draw)
    assert "won together by BLUE and GREEN (Protestant Victory: more Protestant provinces (34 to 11)" in report, report
    assert "drawn between" not in report and report.rstrip().endswith(": the game is over"), report
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "index.html").read_text(encoding="utf-8")
    assert "<dt>Winner</dt><dd>Blue Kraken and Green Serpent (Protestant Victory, shared)</dd>" in page
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<td>Blue Kraken and Green Serpent (Protestant Victory, shared)</td>" in index
    assert '<dt>Shared victory</dt><dd class="draw">shared by Blue Kraken and Green Serpent, forced by the rules' in page
    assert "<dt>Draw</dt>" not in page and "<dt>Winner</dt><dd>none</dd>" not in page
    # the game's feed and the archive's latest turns announce the end as won, not drawn
    feed = (tmp_path / "site" / "games" / GAME / "feed.atom").read_text(encoding="utf-8")
    assert "<title>Winners: Blue Kraken and Green Serpent (Protestant Victory, shared)</title>" in feed
    assert "Draw: Blue Kraken" not in feed and "Draw: Blue Kraken" not in index
    rows = [line for line in page.splitlines() if line.startswith('<tr><th scope="row">') and "<td>winner" in line]
    assert sorted(row.split("</th>")[0].split(">")[-1] for row in rows) == ["Blue Kraken", "Green Serpent"]
    capsys.readouterr()
    assert main(["status", GAME, "--root", str(root)]) == 0
    said = capsys.readouterr().out
    assert "drawn between" not in said and "the game is over: won together by BLUE and GREEN in R1585T (Protestant Victory: " in said
