"""The Peace of Westphalia's Player Turns pages and judge text list a player's results in the
order the rules carry them out, not the record's (sorted by player and text, which it keeps so a
game replays byte for byte): the demo game built into a site and its pages read.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Declare a Religious War': 'If a Religious War has not yet
been Declared, a Player in a League ... may Declare a Religious War'; 'Player Turns':
'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'; 'Battles & Peace
Treaties' before 'Tradeoffs'.
"""

from __future__ import annotations

import json
import re

import pytest

from gm_tools.publish.site import build_site

from demos import played_until

GAME = "westphalia-demo"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("westphalia-order")
    played_until(root, "westphalia", "R1585X")  # through round 4's Player Turns, the Religious War's
    build_site(root, root / "site")
    return root, root / "site" / "games" / GAME


def _rows(html: str, player: str) -> list[str]:
    """A player's results as his section of the phase page lists them."""
    body = html[html.index(f'id="power-{player}"'):]
    body = body[:body.index("</table>")]
    return re.findall(r'<tr class="r-\w+"><td>([^<]*)</td>', body)


def _lines(text: str, name: str) -> list[str]:
    return [line[len(name) + 2:] for line in text.splitlines() if line.startswith(f"{name}: ")]


def test_a_league_is_joined_before_the_religious_war_is_declared(site):
    """'a Player in a League ... may Declare a Religious War': Red joins the Evangelical League,
    then declares; the Leagues line up, the Defender is named, the Leagues pair off, and the
    peace follows the battle."""
    root, folder = site
    recorded = [r["order"] for r in json.loads((root / GAME / "history" / "R1585T.json").read_text())["results"]
                if r["power"] == "RED"]
    assert recorded.index("declares a Religious War on Goslar: the Restorer of the Faith") < recorded.index(
        "joins the Evangelical League")  # the record is left as it is
    red = _rows((folder / "R1585T.html").read_text(encoding="utf-8"), "RED")
    assert red == ["chooses Engage in Diplomacy and Wage War", "joins the Evangelical League",
                   "declares a Religious War on Goslar: the Restorer of the Faith",
                   "replaces the Elector Brandenburg with Lübeck", "turns 2 Gold into Diplomatic Influence"]
    empire = _rows((folder / "R1585T.html").read_text(encoding="utf-8"), "EMPIRE")
    assert [e.split(":")[0] for e in empire] == ["the Emperor Yellow Elephant joins the Catholic League",
                                                "the Leagues pair off", "the Evangelical League wins"]
    judge = _lines((folder / "R1585T.txt").read_text(encoding="utf-8-sig"), "Red Phoenix")
    assert judge[:3] == ["chooses Engage in Diplomacy and Wage War.", "joins the Evangelical League.",
                         "declares a Religious War on Goslar: the Restorer of the Faith."]


def test_a_turn_lists_actions_then_faith_then_war_then_tradeoffs(site):
    """Round 2: Red chooses his actions, converts ('Player Conversion'), joins a League, wins his
    war, takes its province in the Peace Treaty, pays its Influence, then the Tradeoffs."""
    _, folder = site
    red = _rows((folder / "R1535T.html").read_text(encoding="utf-8"), "RED")
    assert [r.split(" (")[0].split(";")[0] for r in red] == [
        "chooses Combat Heresy and Wage War", "converts to Protestantism", "joins the Evangelical League",
        "war with Hesse", "takes ESL", "-1 Diplomatic Influence", "turns 2 Gold into Diplomatic Influence"]
    green = _rows((folder / "R1535T.html").read_text(encoding="utf-8"), "GREEN")
    assert green[0].startswith("chooses ") and green[1] == "BER (Bernburg) converts, and DIL (Dillingen) with it"


def test_a_player_leaves_the_empire_before_he_becomes_a_foreign_power(site):
    """'Becoming a Foreign Power': 'Lose all provinces you possessed inside the Empire ... these
    form one new Principality' comes first; then the Influence halved and the Home Province."""
    _, folder = site
    blue = _rows((folder / "R1560F.html").read_text(encoding="utf-8"), "BLUE")
    assert [b.split(":")[0] for b in blue] == ["leaves the Empire", "becomes a Foreign Power"]


def test_the_players_are_listed_in_the_order_they_play_the_step(site):
    """'Player turns are done in initiative order'; the Setup's 'Other Players follow, in Setup
    Order'. A step's page and judge text listed the players in the variant's order of the colours
    (Red, Blue, Green, Yellow, Orange) whatever order they played in: each step lists them in its
    Initiative Order (the Setup's in Setup Order), the Empire's own lines after them."""
    root, folder = site
    names = {"RED": "Red Phoenix", "BLUE": "Blue Kraken", "YELLOW": "Yellow Elephant", "GREEN": "Green Serpent",
             "ORANGE": "Orange Stag"}
    for phase in ("P1510L", "R1535T", "R1585T"):
        record = json.loads((root / GAME / "history" / f"{phase}.json").read_text(encoding="utf-8"))
        played = [p for p in (record["before"]["extra"]["westphalia"].get("initiative")
                              or record["before"]["extra"]["westphalia"]["setup_order"]) if any(
                                  r["power"] == p for r in record["results"])]
        page = (folder / f"{phase}.html").read_text(encoding="utf-8")
        shown = sorted(played, key=lambda p: page.index(f'id="power-{p}"'))
        assert shown == played, (phase, shown, played)
        judge = (folder / f"{phase}.txt").read_text(encoding="utf-8-sig")
        listed = list(dict.fromkeys(line.split(":")[0] for line in judge.splitlines()
                                    if line.split(":")[0] in names.values()))
        assert listed == [names[p] for p in played], (phase, listed)
    assert played != [p for p in names if p in played]  # round 4 is not played in the colours' order
