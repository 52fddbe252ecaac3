"""The Peace of Westphalia played to its end with 9 and 12 players, as a GM runs it: what that
play found, each on the demo's game or a game played through the real workbook. Rulebook:
``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia)."""

from __future__ import annotations

from gm_tools.app.demo import read_demo
from gm_tools.app.turn import run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.judgetext import judge_text
from gm_tools.publish.site import build_site

from demos import copy_with_cells, demo_file, played, played_until_fixture


def test_the_judge_text_says_the_emperors_death_before_the_election_it_calls(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Imperial Election': 'He dies automatically if he has been Emperor
    for two rounds ... Hold an Imperial Election any round in which the Emperor dies.' Played to
    1635 with 9 and 12 players, the judge text mailed after each Imperial Election listed the new
    Emperor's election first and the death that called it after ('Light Green: elected Emperor
    ...' then 'Empire: the Emperor dies: Light Green has been Emperor for 2 rounds', read as the
    newly elected Emperor dying; the demo's 1535 re-elects the Yellow Elephant so), while the step's page lists the Holy Roman Empire's events
    first. The record keeps its order; the judge text says the death first, as the page does."""
    state = played(tmp_path, "westphalia")
    record = next(r for r in state.history if r["phase"] == "R1535X")
    text = judge_text(state.variant, record)
    death = text.index("Empire: the Emperor dies: Yellow Elephant has been Emperor for 2 rounds.")
    election = text.index("Yellow Elephant: elected Emperor by a plurality")
    assert death < election


GAME = "westphalia-demo"
STOP = "R1585T"
round_four = played_until_fixture("westphalia", STOP)


def test_a_shared_religious_victory_marks_each_winner_and_is_won_in_status(round_four, tmp_path, capsys):
    """003_b5b9eb4920d39694.txt, 'Protestant Victory': 'The Protestant players with the most
    Reformation Points are saved by Faith Alone and win'; '9-14 Player Variant': '3 players win a
    Protestant/Catholic Victory in a 9 player game' ('In the case of a tie, more players may win
    by tying for the last spot'). Played with 9 players, a Catholic Victory shared by six: the
    game page named them Winner, but its standings marked none of them 'winner', and `gm-tools
    status` said the game was 'drawn between' them. The demo's round four, converted as in
    ``test_westphalia_shared_victory_page.py``, gives Blue and Green the Protestant Victory."""
    from gm_tools.app.cli import main

    variant = load_variant("westphalia")
    entry = {k: v for k, v in read_demo(demo_file("westphalia")).phases[STOP].items() if k != "press"}
    cells = variant.system.demo_cells(variant, STOP, entry, "demo")
    converts = {"Player Turns!B2": "yes", "Player Turns!C2": "yes", "Player Turns!D2": "no", "Player Turns!E2": "yes",
                "Player Turns!E3": "yes", "Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "Brandenburg",
                "Spread the Faith!C2": 3, "Spread the Faith!A3": "ORANGE", "Spread the Faith!B3": "Saxony",
                "Spread the Faith!C3": 2, "Electors Changed!A2": None, "Electors Changed!B2": None}
    root = copy_with_cells(round_four, tmp_path / "games", GAME, {**cells, **converts})
    run_turn(GAME, root=root, site_dir=None)
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "index.html").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith('<tr><th scope="row">') and "<td>winner" in line]
    assert sorted(row.split("</th>")[0].split(">")[-1] for row in rows) == ["Blue Kraken", "Green Serpent"]
    capsys.readouterr()
    assert main(["status", GAME, "--root", str(root)]) == 0
    said = capsys.readouterr().out
    assert "drawn between" not in said and "the game is over: won together by BLUE, GREEN in R1585T (Protestant Victory: " in said
