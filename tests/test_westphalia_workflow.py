"""The Peace of Westphalia's Setup played through real workbooks (issue 15): the demo game of
5 players (``sheets/demo-westphalia.toml``) typed sheet by sheet and processed by `turn`, as a
GM does; bad entries named by their cells with nothing written; the state written back; the
record replayed to the same bytes; the pages opened in Chromium.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup'.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.turn import new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.engine.phase import phase_title
from gm_tools.engine.positions import position_from_json
from gm_tools.engine.rules import rules_for
from gm_tools.errors import WorkbookError
from gm_tools.publish.site import build_site
from gm_tools.systems.westphalia.sheets import EMPIRE, PRINCES, PROVINCES, STATES

from browser import chromium_page, needs_chromium, served, table_rows
from demos import played

GAME = "westphalia-demo"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("westphalia")
    return root, played(root, "westphalia")


def _files(root: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_setup_runs_step_by_step_to_the_first_round(game):
    """'Setup': Pick Provinces, Place Electors, Place other Principalities, Place Diplomatic
    Influence, Elect the Emperor, Choose a Military Doctrine; 'Now let the games begin -
    proceed to Round 1.'"""
    _, state = game
    rounds = [f"R{year}{step}" for year in (1510, 1535, 1560, 1585, 1610, 1635) for step in "IUGTFX"]
    # the Setup once: 'Now let the games begin - proceed to Round 1' (no P1535 steps)
    assert [r["phase"] for r in state.history] == ["P1510O", "P1510L", "P1510K", "P1510C", "P1510D",
                                                   "P1510V"] + rounds
    assert state.finished and state.winner == "YELLOW"
    after = state.history[5]["after"]["extra"]["westphalia"]
    assert after["setup_order"] == ["RED", "BLUE", "YELLOW", "GREEN", "ORANGE"]
    assert state.history[0]["random"]["draws"][0]["kind"] == "setup order"
    assert len(after["electors"]) == 7 and after["emperor"] == "RED"
    # every hex of the 45 is someone's: 20 princes', 14 Electors', the rolled principalities' and
    # the two single hexes the rules filled
    held = [p for h in list(after["princes"].values()) + list(after["principalities"].values()) for p in h["provinces"]]
    assert len(held) == len(set(held)) == 45
    singles = [n for n, h in after["principalities"].items() if len(h["provinces"]) == 1 and n not in after["electors"]]
    assert len(singles) == 2


def test_the_principality_rolls_come_from_the_seed(game):
    """'each Player rolls a D6': drawn once the Electors are placed, recorded with their seed."""
    _, state = game
    draws = state.history[2]["random"]["draws"]
    assert draws[0]["kind"] == "principality rolls" and draws[0]["seed"] == "westphalia principalities 1510"
    rolls = state.history[-1]["after"]["extra"]["westphalia"]["rolls"]
    assert rolls[:4] == [["YELLOW", 5], ["GREEN", 2], ["ORANGE", 3], ["RED", 3]]


def test_the_state_is_written_back(game):
    """The Princes, Principalities and Holy Roman Empire sheets at the game's end: Imperial Power
    ('1 Imperial Power for each of his orthodox provinces, plus the Imperial Power of his allied
    Principalities. Principalities have 2 Imperial Power, plus 1 Imperial Power per province'),
    the Foreign Power's ('4 Imperial Power per Round #, - a roll of 2D6'), the Electors' faith."""
    root, _ = game
    wb = openpyxl.load_workbook(io.BytesIO(game_paths(GAME, root).workbook.read_bytes()))
    princes = {r[0]: r for r in wb[PRINCES].iter_rows(min_row=2, values_only=True)}
    # Red, Protestant: Einbeck and its capital orthodox, Trier (2 + 1), its vassal Goslar (2 + 2)
    # and Hesse (2 + 1), whose last province it left it
    assert princes["RED"][2] == "protestant" and princes["RED"][5] == 2 + 3 + 4 + 3
    # Blue, the Netherlands since round 3: 4 x 6 (the last round's figures) less its last
    # Internal Troubles (10)
    assert princes["BLUE"][3] is None and princes["BLUE"][11] == "Netherlands (west edge)"
    assert princes["BLUE"][5] == 4 * 6 - 10
    assert princes["RED"][6] == "Flexible" and (princes["BLUE"][9], princes["RED"][9]) == (6, 2)
    states = {r[0]: r for r in wb[STATES].iter_rows(min_row=2, values_only=True)}
    assert states["Goslar"][5] == "RED" and states["Magdeburg"][2] == "DUI, DUR, GRA, HAL"
    empire = {r[0]: r[1] for r in wb[EMPIRE].iter_rows(min_row=2, values_only=True)}
    assert empire["Emperor"] == "YELLOW" and (empire["Catholic Electors"], empire["Protestant Electors"]) == (3, 4)
    assert empire["Council of Trent"] == "called in round 2"
    # 'owner, religion and town of each province' (the issue), one row per hex
    board = {r[0]: r for r in wb["Provinces"].iter_rows(min_row=2, values_only=True)}
    assert len(board) == 45
    assert board["HAM"][2:] == ("RED", "protestant", "capital")
    assert board["ALT"][2:] == ("Trier", "protestant", "Elector's capital")


def test_rounds_three_to_six(game):
    """The demo's later rounds reach what the rules make of a game (issue 16 item 5): a
    vassalization ('You may choose to immediately vassalize a Principality ... place 2
    Diplomatic Influence'), a Foreign Power ('Any Player may become a Foreign Power if he owns no
    non-capital towns and: Rounds 1-3 has 5 Imperial Power or less'), the Religious War, an
    Imperial Election every round, and the Peace of Westphalia Victory after round 6."""
    _, state = game
    by_phase = {r["phase"]: r for r in state.history}
    assert by_phase["R1560T"]["after"]["extra"]["westphalia"]["influence"]["Goslar"] == {"RED": 2}
    assert by_phase["R1560F"]["after"]["extra"]["westphalia"]["foreign"]["BLUE"]["home"] == "Netherlands"
    war = by_phase["R1585T"]
    texts = [r["order"] for r in war["results"]]
    assert "declares a Religious War on Goslar: the Restorer of the Faith" in texts
    assert any(t.startswith("the Evangelical League wins: Goslar is converted") for t in texts)
    assert "replaces the Elector Brandenburg with Lübeck" in texts
    # Blue, a Foreign Power since 1560, declares no war: his choice is still told ('Player Turns')
    assert ("BLUE", "chooses Engage in Diplomacy and Wage War; Engage in Diplomacy: no Diplomacy Game or Influence "
                    "entered; Wage War: no war declared") in [(r["power"], r["order"]) for r in war["results"]]
    assert all(any("elected Emperor" in r["order"] for r in by_phase[f"R{y}X"]["results"])
               for y in (1510, 1535, 1560, 1585, 1610, 1635))
    assert all(not by_phase[p].get("winner") for p in by_phase if p != "R1635X")  # checked each step, none yet
    end = by_phase["R1635X"]
    assert end["winner"] == "YELLOW" and end["next_phase"] is None
    assert end["extra"]["outcome"]["scoring"]["verdict"].startswith("Peace of Westphalia Victory: 31 Imperial Power")


def test_the_last_rounds_play_the_diplomacy_game_from_the_cards(game):
    """'all Players Engaging in Diplomacy play the Diplomacy Game with the Player after you in
    Initiative Order (or the first Player if you are last) ... take the Influence listed on the
    card': the demo types the GM's count in rounds 1-4 and the cards shown in rounds 5 and 6,
    where all five engage, Blue (last) with Yellow (first)."""
    _, state = game
    by_phase = {r["phase"]: r for r in state.history}
    first = by_phase["R1510T"]["extra"]["westphalia"]
    assert first["diplomacy_games"] == [] and first["turns"][0]["influence"] == 2
    last = by_phase["R1635T"]
    assert [(g["player"], g["with"]) for g in last["extra"]["westphalia"]["diplomacy_games"]] == [
        ("YELLOW", "ORANGE"), ("ORANGE", "GREEN"), ("GREEN", "RED"), ("RED", "BLUE"), ("BLUE", "YELLOW")]
    texts = {(r["power"], r["order"]) for r in last["results"]}
    assert ("BLUE", "Diplomacy Game with YELLOW: Compete against Cooperate; takes 3 Influence, YELLOW 0") in texts
    # Yellow: 2 with Orange (both Cooperate), 0 against Blue's Compete
    assert ("YELLOW", "gains 2 Influence; places none; 15 saved on the capital") in texts


def test_bad_entries_name_their_cells_and_nothing_is_written(tmp_path):
    """Every placement checked with a `Sheet!Cell` error and nothing written: a prince's
    provinces that do not meet at a vertex, an unknown hex."""
    new_game("westphalia", "w", root=tmp_path, seed=1510, created="2000-01-01T00:00:00Z", player_count=5)
    run_turn("w", root=tmp_path, site_dir=None, force=True)
    paths = game_paths("w", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{PROVINCES}!B2": "FRS, FUL, FUR, GER", f"{PROVINCES}!C2": "FUR",
        f"{PROVINCES}!B3": "DUI, DUR, Atlantis, HAL", f"{PROVINCES}!C3": "HAL",
    }))
    before = _files(tmp_path)
    with pytest.raises(WorkbookError) as caught:
        run_turn("w", root=tmp_path, site_dir=None)
    text = str(caught.value)
    assert f"{PROVINCES}!B2: found 'FRS, FUL, FUR, GER'" in text and "touching at a vertex" in text
    assert f"{PROVINCES}!B3: found 'Atlantis'" in text
    assert _files(tmp_path) == before


def test_replay_gives_the_same_bytes(game):
    root, _ = game
    assert replay(GAME, root) == []


@pytest.fixture(scope="module")
def site(game, tmp_path_factory):
    root, _ = game
    out = tmp_path_factory.mktemp("westphalia-site") / "site"
    build_site(root, out)
    return out


def test_the_finished_games_pages_show_only_what_the_game_has(site):
    """The game ended with 'Peace of Westphalia Victory' after the last round's election: the
    game page's map is the final board, after that phase (it said 'at the start of Round 1660
    Initiative', a round never played); a board game without supply centers or orders has no
    empty 'Ownership of supply centers' in its text, nor an empty 'Orders and results' on a
    page whose phase took no order."""
    folder = site / "games" / GAME
    index = (folder / "index.html").read_text(encoding="utf-8")
    record = json.loads((folder / "game.json").read_text(encoding="utf-8"))["history"][-1]
    assert record["next_phase"] is None
    last = phase_title(load_variant("westphalia").calendar, record["phase"])
    assert f"<figcaption>The final board, after {last}." in index
    assert "1660" not in index
    texts = {p.name: p.read_text(encoding="utf-8-sig") for p in folder.glob("*.txt")}
    assert texts and not any("Ownership of supply centers" in t for t in texts.values())
    for page in folder.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'<h2 id="orders-h">[^<]*</h2>\s*</section>', html), page.name


def test_the_setup_phases_are_named_alike_without_a_word_said_twice(site, tmp_path):
    """The Setup's first step was the 'Setup Order' of the season 'Setup': its name read 'Setup
    1510 Setup Order', then 'Setup Order, 1510' beside 'Setup 1510 Pick Provinces' (QA F6). The
    step is now 'Draw Setup Order' ('Randomly draw cubes for Setup Order'), said as every other
    step is, in the game page's list, the phase page's title, heading, caption and map, the next
    page's navigation, the feed, the judge text and the workbook; no name says a word twice."""
    folder = site / "games" / GAME
    said_twice = re.compile(r"\b(\w+) (?:of )?1510 \1\b")
    for path in sorted(folder.glob("*")):
        if path.suffix in (".html", ".txt", ".atom", ".js"):
            text = path.read_text(encoding="utf-8-sig")
            assert not said_twice.search(text), (path.name, said_twice.search(text).group(0))
            assert "Setup Order, 1510" not in text, path.name
    index = (folder / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'href="(P1510\w)\.html">([^<]*)</a>', index)
    assert listed == [("P1510O", "Setup 1510 Draw Setup Order"), ("P1510L", "Setup 1510 Pick Provinces"),
                      ("P1510K", "Setup 1510 Place Electors"), ("P1510C", "Setup 1510 Place other Principalities"),
                      ("P1510D", "Setup 1510 Place Diplomatic Influence"), ("P1510V", "Setup 1510 Emperor and Doctrines")]
    page = (folder / "P1510O.html").read_text(encoding="utf-8")
    assert "<title>westphalia-demo: Setup 1510 Draw Setup Order" in page
    assert "<h1>westphalia-demo: Setup 1510 Draw Setup Order</h1>" in page
    assert "The board at the end of Setup 1510 Draw Setup Order." in page
    assert "<title>Setup 1510 Draw Setup Order</title>" in (folder / "feed.atom").read_text(encoding="utf-8")
    assert "westphalia-demo: Setup 1510 Draw Setup Order</text>" in (folder / "P1510O.map.js").read_text(encoding="utf-8")
    text = (folder / "P1510O.txt").read_text(encoding="utf-8-sig")
    # "Setup" is no season of the year, and each step comes once a round: the year names it
    assert text.startswith("Draw Setup Order results for 1510. (westphalia-demo.P1510O)")
    assert "will be Pick Provinces for 1510." in text
    # a new game: the GM's workbook and the archive's index name the phase to play the same way
    paths = new_game("westphalia", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z", player_count=5)
    sheet = openpyxl.load_workbook(paths.workbook, read_only=True)["Game"]
    names = {row[0]: row[1] for row in sheet.iter_rows(values_only=True) if row and row[0]}
    assert names["Phase name"] == "Setup 1510 Draw Setup Order"
    build_site(tmp_path, tmp_path / "site")
    assert "Setup 1510 Draw Setup Order" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


@needs_chromium
def test_the_game_and_its_hex_map_in_chromium(site):
    """The site: the game page ranks the players by Imperial Power and charts it by round ('the
    HRE sheet, standings and Imperial Power by round as a chart', the issue), and a phase page
    shows the hex map with every hex and the table's decisions. A text file read from a host
    that names no charset (Python's http.server) shows its accents: it starts with a byte
    order mark."""
    with served(site) as base, chromium_page([]) as page:  # a text file: the browser asks for a favicon
        page.goto(f"{base}games/{GAME}/P1510C.txt")
        assert "Lübeck" in page.inner_text("body")
    errors: list[str] = []
    with served(site) as base, chromium_page(errors) as page:
        page.goto(f"{base}games/{GAME}/index.html")
        header, *rows = table_rows(page, "standings-h")
        # no supply centers or units in this game; the finished game's players ranked by the count
        # that won it (test_the_standings_caption_says_what_they_rank_by), the winner first
        # a board game's Players, each played by a person (test_westphalia_page_words.py)
        assert header == ["Player", "Played by", "Imperial Power", "Note"] and len(rows) == 5
        assert rows[0][3].startswith("winner")
        assert page.locator("#chart-h").count() == 0 and page.locator("#scores-h").count() == 1
        rounds = table_rows(page, "scores-h")
        assert rounds[0] == ["Player", "1510", "1535", "1560", "1585", "1610", "1635"]
        assert "YELLOW" in page.inner_text("body") or "Yellow Elephant" in page.inner_text("body")
        page.goto(f"{base}games/{GAME}/P1510V.html")
        page.wait_for_selector("#map-picture svg")  # put together by the page's script after it loads
        assert page.locator("svg path[id='ALT']").count() >= 1
        assert page.locator("svg path[id]").count() >= 45
        assert "elected Emperor by a majority" in page.inner_text("body")
        # a decision in words is shown once: no notation to add beside it, unlike a unit order
        cell = page.locator("table.results td", has_text="elected Emperor by a majority").first.inner_text()
        assert cell.count("elected Emperor by a majority") == 1
    assert errors == []


def test_round_one_initiative_upheaval_and_gold(game):
    """'Establish the Initiative Order for the Round, with the Emperor first, followed by Players
    ordered from weakest to strongest according to their Imperial Power'; 'During Rounds 1-3:
    Place 1 control marker for each Catholic Principality inside the Religious Upheaval Bag.
    Draw 2 control markers in a 5-6 Player game ... Each Catholic non-Foreign Power Player rolls
    a D6. On a 1-3, one of the Player's provinces of his choice converts to Protestantism';
    'Players earn 2 Gold for each town they own that is on an orthodox ... province'."""
    _, state = game
    by_phase = {r["phase"]: r for r in state.history}
    initiative = by_phase["R1510I"]["after"]["extra"]["westphalia"]["initiative"]
    assert initiative == ["RED", "BLUE", "ORANGE", "YELLOW", "GREEN"]  # Emperor, then 7, 8, 10, 13
    upheaval = by_phase["R1510U"]["before"]["extra"]["westphalia"]["upheaval"]
    assert len(upheaval["drawn"]) == 2 and sorted(upheaval["players"]) == ["BLUE", "GREEN", "ORANGE", "RED", "YELLOW"]
    assert by_phase["R1510I"]["random"]["draws"][0]["kind"] == "religious upheaval"
    after = by_phase["R1510U"]["after"]["extra"]["westphalia"]
    assert {"GRA", "FUL"} <= set(after["protestant"])
    for name in upheaval["drawn"]:
        assert set(after["principalities"][name]["provinces"]) <= set(after["protestant"])
    assert after["targets"] == upheaval["drawn"]
    gold = by_phase["R1510G"]["after"]["extra"]["westphalia"]["gold"]
    assert gold == {p: 2 for p in initiative}


def test_round_one_player_turns(game):
    """'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'; 'The first
    Player to convert to Protestantism gains 6 Reformation Points'; Blood of the Martyrs; Spread
    the Faith; the Diplomacy Game's Influence placed; 'All remaining Gold turns into Diplomatic
    Influence'."""
    _, state = game
    after = {r["phase"]: r for r in state.history}["R1510T"]["after"]["extra"]["westphalia"]
    assert after["actions"]["YELLOW"] == ["Engage in Diplomacy", "Wage War"]
    assert after["religion"] == {"BLUE": "protestant", "GREEN": "protestant"}
    assert after["reformation"] == {"BLUE": 6, "GREEN": 4}
    assert {"HAL", "DUI", "DUR", "GRA", "GIE"} <= set(after["protestant"]) and "FUL" not in after["protestant"]
    assert after["influence"]["Cologne"] == {"RED": 2, "YELLOW": 3}
    assert after["saved_di"] == {"BLUE": 2, "GREEN": 3, "ORANGE": 2, "RED": 2, "YELLOW": 2}
    second = {r["phase"]: r for r in state.history}["R1535T"]["after"]["extra"]["westphalia"]
    # 'Conquer ... up to 2 provinces without [a town]'; 'remove all Diplomatic Influence from
    # conquered Principalities'; the GM's entry of the Diplomatic Influence it cost
    assert "ESL" in second["princes"]["RED"]["provinces"] and second["principalities"]["Hesse"]["provinces"] == ["ESS"]
    assert "Hesse" not in second["influence"] and second["saved_di"]["RED"] == 2 + 2 - 1
    assert second["leagues"] == {"RED": "Evangelical League", "YELLOW": "Catholic League"} and second["trent"] == 2


def test_the_emperor_dies_and_is_elected_again(game):
    """'If the Emperor has been Emperor for one round only, roll a D6; he dies on a 3 or less. He
    dies automatically if he has been Emperor for two rounds'; 'Unaligned Electors vote as a block
    for the Player of their religion with the most votes ... Initiative/Setup Order between tied
    Players. If a majority cannot be secured, the Emperor may be elected by a plurality.'"""
    _, state = game
    by_phase = {r["phase"]: r for r in state.history}
    first = by_phase["R1510X"]["before"]["extra"]["westphalia"]["emperor_dies"]
    assert (first["roll"], first["dies"]) == (2, True)  # Red, Emperor for one round, rolls 2
    assert by_phase["R1510F"]["random"]["draws"][-1]["kind"] == "the Emperor's death"
    after = by_phase["R1510X"]["after"]["extra"]["westphalia"]
    assert after["emperor"] == "YELLOW" and after["emperor_since"] == 1
    second = by_phase["R1535X"]["before"]["extra"]["westphalia"]["emperor_dies"]
    assert second["roll"] is None and second["dies"] and "2 rounds" in second["why"]
    result = [r for r in by_phase["R1535X"]["results"] if "elected" in r["order"]][0]
    # Yellow and Red have 3 votes each: Yellow is first in the Initiative Order
    assert result["power"] == "YELLOW" and "plurality" in result["order"]
    assert by_phase["R1535X"]["results"][0]["order"].startswith("the Emperor dies")


def test_the_pages_sections_name_the_players_as_their_tables_do(game):
    """The Holy Roman Empire, Setup Order and Initiative Order sections said 'Emperor RED'
    and 'RED 0 Saints' beside tables saying 'Red Phoenix', then 'Red Phoenix (RED)' beside
    results saying 'RED' (QA F6): a player is named the same way on the whole page, by the
    name the page's headings give him, and no section names a player by his code."""
    from gm_tools.engine.hooks import hooks_for

    root, _ = game
    variant = load_variant("westphalia")
    from gm_tools.app.turn import load_state

    record = load_state(GAME, root).history[-1]  # whole: the stored file keeps its tables' changes
    sections = dict(hooks_for(variant).report_sections(variant, record))
    emperor = record["after"]["extra"]["westphalia"]["emperor"]
    assert f"Emperor **{variant.powers[emperor].name}** (Catholic)" in sections["Holy Roman Empire"]
    for code in record["after"]["extra"]["westphalia"]["setup_order"]:
        assert f"**{variant.powers[code].name}** " in sections["Holy Roman Empire"]
        assert variant.powers[code].name in sections["Setup Order"]
    codes = re.compile(r"\b(" + "|".join(variant.powers) + r")\b")
    assert not any(codes.search(text) for text in sections.values()), sections


def _section_rows(html: str, heading: str) -> list[list[str]]:
    """The cell texts of the table in a page's section headed ``heading`` (a variant section's
    heading has no id to find it by)."""
    body = html[html.index(f"<h2>{heading}</h2>"):]
    table = body[:body.index("</table>")]
    # a cell ends where the next begins: an empty report cell is written without its end tag (docs/site.md)
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.split(r"<t[hd]>", row)[1:]]
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_each_phase_page_shows_the_state_a_player_plans_with(game, site):
    """QA F3: the round pages showed the results but never the state a player plans with. Each
    phase page now has, after the step, the Holy Roman Empire (with the Council of Trent), the
    princes (religion, provinces, Imperial Power, Gold, saved Diplomatic Influence, Military
    Doctrine, League, Emperor or Foreign Power) and the principalities (each player's Diplomatic
    Influence, most first, and the ally with its lead: 'within 2 Diplomatic Influence of being
    its ally (no ties)'), as the record's state has them; the game page shows the board it draws."""
    _, state = game
    by_phase = {r["phase"]: r["after"]["extra"]["westphalia"] for r in state.history}
    folder = site / "games" / GAME
    page = (folder / "R1610T.html").read_text(encoding="utf-8")
    after = by_phase["R1610T"]
    head, *princes = _section_rows(page, "Princes")
    assert head == ["Prince", "Religion", "Provinces", "Imperial Power", "Gold", "Saved Diplomatic Influence",
                    "Military Doctrine", "League", "Note"]
    names = {"RED": "Red Phoenix", "BLUE": "Blue Kraken", "YELLOW": "Yellow Elephant", "GREEN": "Green Serpent",
             "ORANGE": "Orange Stag"}
    assert [r[0] for r in princes] == [names[p] for p in after["setup_order"]]
    rows = {r[0]: r for r in princes}
    for code, name in names.items():
        assert rows[name][5] == str(after["saved_di"].get(code, 0)) and rows[name][6] == after["doctrines"][code]
        assert rows[name][1] == after.get("religion", {}).get(code, "catholic").title()
    assert rows["Red Phoenix"][2] == ("5: EIC (Eichstätt), EIS (Eisenach), ESL (Esslingen), HAE (Halle), HAM (Hameln); "
                                      "capital HAM (Hameln)")
    assert rows["Blue Kraken"][2] == "none" and rows["Blue Kraken"][8] == "Foreign Power (Netherlands, west edge)"
    assert rows["Yellow Elephant"][8] == "Emperor"
    head, *states = _section_rows(page, "Principalities")
    assert head == ["Principality", "Provinces", "Religion", "Imperial Power", "Ally", "Diplomatic Influence"]
    lands = {r[0]: r for r in states}
    assert [r[0] for r in states][:7] == [f"{e} (Elector)" for e in sorted(after["electors"])]
    assert lands["Saxony (Elector)"][4:] == ["Orange Stag, by 2", "Orange Stag 3, Yellow Elephant 1"]
    assert lands["Cologne (Elector)"][4:] == ["Yellow Elephant, by 1", "Yellow Elephant 3, Red Phoenix 2"]
    assert lands["Magdeburg"][1:] == ["DUI (Duisburg), DUR (Düren), GRA (Graz), HAL (Halberstadt)",
                                     "Protestant", "6", "none", "none"]
    assert "Council of Trent: called in round 2 (1535): the Catholic Reformation has begun." in page
    # Gold is what Earn Gold gave, before the Tradeoffs turn it into Diplomatic Influence
    gold = {r[0]: r[4] for r in _section_rows((folder / "R1585G.html").read_text(encoding="utf-8"), "Princes")[1:]}
    assert gold == {"Red Phoenix": "2", "Blue Kraken": "0", "Yellow Elephant": "2", "Green Serpent": "2",
                    "Orange Stag": "2"}
    before = (folder / "R1535T.html").read_text(encoding="utf-8")
    assert {r[0]: r[7] for r in _section_rows(before, "Princes")[1:]}["Red Phoenix"] == "Evangelical League"
    # the Setup's pages show what is placed so far: no princes before they pick their provinces
    assert "<h2>Princes</h2>" not in (folder / "P1510O.html").read_text(encoding="utf-8")
    assert "<h2>Principalities</h2>" not in (folder / "P1510L.html").read_text(encoding="utf-8")
    assert "<h2>Principalities</h2>" in (folder / "P1510K.html").read_text(encoding="utf-8")
    # the game page: the board its map shows, after the last step
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert _section_rows(index, "Princes")[1:] == _section_rows((folder / "R1635X.html").read_text(encoding="utf-8"),
                                                                "Princes")[1:]
    assert index.index('id="standings-h"') < index.index("<h2>Holy Roman Empire</h2>") < index.index('id="scores-h"')
    assert "<h2>Principalities</h2>" in index and "<h2>Initiative Order</h2>" not in index
    # the tables are the page's: the judge text keeps to its lines
    assert "|" not in (folder / "R1610T.txt").read_text(encoding="utf-8-sig")


def test_the_standings_give_the_count_the_victory_was_won_on(game, site):
    """The Peace of Westphalia Victory counts other figures than the Imperial Power the standings
    rank by (003, 'Peace of Westphalia Victory': 'Subtract all Imperial Power contributed by
    Foreign Power Home Provinces. Then each player adds 3 Imperial Power for each orthodox town
    they own'): the finished game's standings say each player's count beside his Imperial Power,
    the figures the game's status and its last page give (Yellow Elephant 31 against 28 shown)."""
    index = (site / "games" / GAME / "index.html").read_text(encoding="utf-8")
    rows = {name: cells for name, *cells in re.findall(
        r'<tr><th scope="row">([^<]*)</th><td>([^<]*)</td><td[^>]*>([^<]*)</td><td>([^<]*)</td></tr>', index)}
    assert rows["Yellow Elephant"][1:] == ["28", "winner; 31 toward victory counting 3 for its orthodox town"]
    assert rows["Blue Kraken"][2] == ("Foreign Power (Netherlands); 0 toward victory, less its Foreign Power Home "
                                      "Province&#39;s 14")
    assert rows["Red Phoenix"][2] == "15 toward victory counting 3 for its orthodox town"
    assert "Peace of Westphalia Victory, 28 Imperial Power, 31 toward victory counting 3 for its orthodox town" in index
    # before the last round is over, no count: the standings are Imperial Power alone
    state = game[1]
    record = next(r for r in state.history if r["phase"] == "R1610X")
    notes = rules_for(state.variant).scores(state.variant, position_from_json(record["after"])).notes
    assert notes == {"BLUE": "Foreign Power (Netherlands)"}


def test_the_standings_caption_says_what_they_rank_by(game, site):
    """003, 'How to Win': 'Victory can be achieved in one of three ways' (a Catholic, a Protestant
    or, 'After Round 6', the Peace of Westphalia Victory: 'Subtract all Imperial Power contributed
    by Foreign Power Home Provinces. Then each player adds 3 Imperial Power for each orthodox town
    they own. The player with the most Imperial Power wins'). QA finding: the caption said "(the
    game is won on points)" and ranked by Imperial Power, a Foreign Power 2nd with a victory count
    of 0. The finished game ranks by the count that decided it; before, by Imperial Power, and the
    caption says the game is not won on it."""
    index = (site / "games" / GAME / "index.html").read_text(encoding="utf-8")
    table = index[index.index('id="standings-h"'):index.index("</table>", index.index('id="standings-h"'))]
    caption = re.search(r"<caption>([^<]*)</caption>", table).group(1)
    assert "won on points" not in caption
    # QA finding (site walk): "most Peace of Westphalia Victory count first" did not read as English
    assert "the most Imperial Power toward victory first (as the Peace of Westphalia Victory counts it" in caption
    assert "then the most Imperial Power" in caption
    assert re.findall(r'<tr><th scope="row">([^<]*)</th>', table) == [
        "Yellow Elephant", "Red Phoenix", "Green Serpent", "Orange Stag", "Blue Kraken"]
    state = game[1]
    record = next(r for r in state.history if r["phase"] == "R1610X")
    scores = rules_for(state.variant).scores(state.variant, position_from_json(record["after"]))
    assert not scores.rank and scores.ranking.startswith("most Imperial Power first")
    assert "not won on Imperial Power" in scores.ranking


def test_a_foreign_power_is_noted_as_one(site):
    """QA F4: a prince who left the Empire read 'Blue Kraken: 0 provinces, 14 Imperial Power' in
    the map's legend and had an empty Note in the standings, where an eliminated power's says
    'eliminated': 'Foreign Power (Netherlands)' in both."""
    folder = site / "games" / GAME
    index = (folder / "index.html").read_text(encoding="utf-8")
    rows = dict(re.findall(r'<tr><th scope="row">([^<]*)</th>(?:<td[^>]*>[^<]*</td>)*?<td>([^<]*)</td></tr>', index))
    assert rows["Blue Kraken"].startswith("Foreign Power (Netherlands)") and rows["Yellow Elephant"].startswith("winner")
    layer = (folder / "R1635X.map.js").read_text(encoding="utf-8")
    assert "Blue Kraken: Foreign Power (Netherlands), 14 Imperial Power" in layer
    assert "Blue Kraken: 0 provinces" not in layer
    # before it left, it was a prince like the others
    assert "Blue Kraken: 4 provinces" in (folder / "R1535X.map.js").read_text(encoding="utf-8")


def test_the_victory_is_named_with_the_figure_that_decided_it(site):
    """QA F5: the last page said only 'The game is over: Yellow Elephant has won.' and the archive
    'won by Yellow Elephant'. The record keeps the verdict 'gm-tools turn' prints ('Peace of
    Westphalia Victory: 31 Imperial Power (YELLOW 31, ...)'); the pages name it, the players by
    name, with how the rules count it: 'Subtract all Imperial Power contributed by Foreign Power
    Home Provinces. Then each player adds 3 Imperial Power for each orthodox town they own.'
    The status then said "31 Imperial Power" beside standings giving Yellow Elephant 28, told
    apart only by the caption: the figure now gives the 28 shown and the 31 toward victory with
    its orthodox town, as the standings' Note says it."""
    folder = site / "games" / GAME
    said = ("The game is over: Yellow Elephant has won the Peace of Westphalia Victory with 28 Imperial Power, 31 "
            "toward victory counting 3 for its orthodox town.")
    counted = ("Imperial Power as this victory counts it, without what the Foreign Power Home Provinces give and "
               "with 3 for each orthodox town: Yellow Elephant 31, Red Phoenix 15, Green Serpent 15, Orange Stag 14, "
               "Blue Kraken 0.")
    page = (folder / "R1635X.html").read_text(encoding="utf-8")
    assert f'<p class="winner"><strong>{said}</strong> {counted}</p>' in page
    text = (folder / "R1635X.txt").read_text(encoding="utf-8-sig")
    assert " ".join(text.split()).endswith(f"{said} {counted}")
    status = ("won by Yellow Elephant (Peace of Westphalia Victory, 28 Imperial Power, 31 toward victory counting 3 "
              "for its orthodox town)")
    assert f"<td>{status}</td>" in (site / "index.html").read_text(encoding="utf-8")
    assert f"<dt>Status</dt><dd>{status}</dd>" in (folder / "index.html").read_text(encoding="utf-8")
    assert "has won" not in (folder / "R1635F.html").read_text(encoding="utf-8")


def test_the_results_name_the_players_and_count_in_words(site):
    """QA F6: 'war with Goslar (Battle Phase 1); Goslar led by ORANGE: RED wins', 'Diplomacy Game
    with BLUE: ... takes 0 Influence, BLUE 3', '(1 orthodox town(s))', and the rulebook's stage
    direction under Eligible Target Principalities. The record keeps the codes the GM's sheets
    use (a game replays to the same bytes); the pages and the judge text name the players, each
    result said once, and count with the noun's number."""
    folder = site / "games" / GAME
    war = (folder / "R1560T.html").read_text(encoding="utf-8")
    assert "<td>war with Goslar (Battle Phase 1); Goslar led by Orange Stag: Red Phoenix wins</td>" in war
    game = (folder / "R1610T.html").read_text(encoding="utf-8")
    assert ("<td>Diplomacy Game with Blue Kraken: Cooperate against Compete; takes 0 Influence, Blue Kraken 3</td>"
            in game)
    gold = (folder / "R1585G.html").read_text(encoding="utf-8")
    assert "earns 2 Gold (1 orthodox town): 2 in all" in gold and "earns 0 Gold (0 orthodox towns)" in gold
    election = (folder / "R1635X.txt").read_text(encoding="utf-8-sig")
    assert "Empire: the Emperor dies: Yellow Elephant has been Emperor for 2 rounds." in election
    codes = re.compile(r"\b(RED|BLUE|GREEN|YELLOW|ORANGE)\b")
    for path in sorted(folder.glob("*.html")) + sorted(folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        assert "town(s)" not in text and "place the drawn control markers" not in text, path.name
        if path.suffix == ".txt":
            assert not codes.search(text), (path.name, codes.search(text).group(0))
        else:  # outside the anchors and the links to them (#power-RED) and the map's script
            shown = re.sub(r'(?:id="|href="#)power-\w+"|<script.*?</script>', "", text, flags=re.S)
            assert not codes.search(shown), (path.name, codes.search(shown).group(0))
    assert "<h2>Eligible Target Principalities</h2>\n<div class=\"scroll\">\n<p>Hesse, the Palatinate</p>" in game
    assert "<code>" not in game  # a decision in words: no notation beside it


def _refused(paths) -> list[str]:
    from gm_tools.app.turn import preview_turn

    files = _files(paths.root)
    with pytest.raises(WorkbookError) as caught:
        preview_turn(GAME, root=paths.root)
    assert _files(paths.root) == files
    return [str(p) for p in caught.value.problems]


def test_the_religious_upheaval_sheet_reads_as_it_was_laid_out(tmp_path_factory, tmp_path):
    """'Each Catholic non-Foreign Power Player rolls a D6. On a 1-3, one of the Player's provinces
    of his choice converts': the sheet lists the players who rolled 1-3 in Setup Order, as they
    rolled. The record keeps the rolls by name, and the sheet was read back in that order: a row
    left empty was named as moved ('found RED, expected ORANGE, as gm-tools laid out row 2') and
    its province asked of another player. Now each row is its own player's."""
    from westphalia_mails import played_to

    paths = played_to("R1535U", tmp_path)
    # each names the provinces the player may choose: Catholic, not his capital
    rule = ("'one of the Player's provinces of his choice converts to Protestantism. A player's capital may not be "
            "converted this way'")
    assert _refused(paths) == [
        f"Religious Upheaval!C2: found an empty cell, expected one of RED's Catholic provinces but his capital (EIC, EIS, "
        f"HAE): {rule}",
        f"Religious Upheaval!C3: found an empty cell, expected one of YELLOW's Catholic provinces but his capital (DRE, "
        f"GOR, GOT): {rule}",
        f"Religious Upheaval!C4: found an empty cell, expected one of ORANGE's Catholic provinces but his capital (DES, "
        f"FRS, FUL): {rule}"]


def test_each_place_principalities_row_is_its_own_rolls(tmp_path_factory, tmp_path):
    """'continuing in clockwise order, each Player rolls a D6. On a roll of a: 1-4: Place a 2
    Province Principality; 5-6: Place a 3 Province Principality': each row of the sheet is one
    roll's. A row typed below an empty one was read as the first roll's (Green's two provinces
    refused for Yellow's 5); now it is read as its own, and the empty row above is named."""
    from westphalia_mails import played_to

    paths = played_to("P1510C", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Place Principalities!D3": "Dithmarschen", "Place Principalities!E3": "DON, DOR",
        "Place Principalities!F3": "DON"}))
    assert _refused(paths) == [
        "Place Principalities!D2: found an empty cell, expected YELLOW's principality for its roll of 5, placed before the "
        "rows below it ('continuing in clockwise order, each Player rolls a D6 ... Pick a province')"]
