"""The Europe 1615 demo game played through real workbooks, 1615 into 1618: each phase's mail
typed into the workbook's sheets and processed by `turn`, as a GM does
(``sheets/demo-europe1615.toml``). Each test names the rule the game reaches there.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

import io
import re
from html import unescape

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.publish.site import build_site
from gm_tools.systems.europe1615.sheets import ALLOTMENT, TRACKER

from browser import chromium_page, needs_chromium, served, table_rows
from demos import played

GAME = "europe1615-demo"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("e1615")
    return root, {r["phase"]: r for r in played(root, "europe1615").history}


def _extra(record: dict, key: str = "after") -> dict:
    return record[key]["extra"]["europe1615"]


def test_the_year_runs_through_every_phase_of_the_calendar(game):
    """'PHASES OF THE GAME YEAR: 1- Initial Status Check 2- Spring ... 3- Summer ... 4- Fall
    Movement and Retreat Phase 5- Early Winter Adjustment Phase (Required Disbands) 6- Late
    Winter Adjustment Phase (Build Phase) 7- Scoring Phase'."""
    _, records = game
    assert list(records)[:9] == ["I1615C", "S1615M", "U1615M", "F1615M", "E1615D", "W1615A", "W1615S",
                                 "I1616C", "S1616M"]


def test_ottoman_vote_through_the_workbook(game):
    """'if Spain submits SER-BOS, and France submits SER-hold, then Spain's order will be
    followed ... if France and Austria both submit SER-hold versus Spain's SER-BOS, then the
    hold order will be followed'."""
    _, records = game
    assert "BOS" in records["S1615M"]["after"]["units"]["OTTOMAN"][0] + records["S1615M"]["after"]["units"]["OTTOMAN"][1]
    summer = records["U1615M"]
    assert any(r["power"] == "OTTOMAN" and r["order"] == "A BOS H" for r in summer["results"])
    spanish = [i for i in summer["orders"]["SPAIN"] if i.get("for") == "OTTOMAN"]
    assert spanish and spanish[0]["outbid"]


def test_lorraine_attacks_through_the_workbook(game):
    """The rulebook's LOR example, played in 1615: 'England commits and loses all INFs in LOR,
    and France is reduced to 5 INFs ... both French and Spanish INFs are reduced by 5. The LOR
    is then left aligned with Spain ... Any order submitted to the LOR from Spain will be
    followed.'"""
    _, records = game
    assert _extra(records["S1615M"])["influence"]["influence"]["LOR"] == {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}
    summer = records["U1615M"]
    assert _extra(summer)["influence"]["influence"]["LOR"] == {"SPAIN": 5}
    assert any(r["power"] == "LOR" and r["order"] == "A LOR - CHA" for r in summer["results"])  # followed


def test_expansion_capture_and_the_aligned_powers_build(game):
    """'Any minor state's army can capture a center and contribute to its expansion';
    'Capture of a minor state ... all INFs invested in the state are held in suspension';
    'The aligned power is also required to submit build orders for the minor state that
    acquires new centers'."""
    _, records = game
    fall = records["F1615M"]
    assert sorted(fall["after"]["centers"]["MEC"]) == ["MEC", "SRL"]
    assert _extra(fall)["influence"]["suspended"] == {"SRL": "MEC"}
    builds = records["W1615A"]
    assert any(r["power"] == "MEC" and r["order"] == "BUILD A MEC" and r["result"] == "succeeds"
               for r in builds["results"])
    assert builds["orders"]["DENMARK"][0]["for"] == "MEC"  # entered by Denmark, for Mecklenburg


def test_a_minor_aligned_with_a_power_takes_a_rivals_home_center_and_infs_follow(game):
    """Savoy, aligned with Spain, holds Provence at the year's end and captures it; 'A power
    will lose INFs from the loss of a home center equal to the INF value of the center': France
    receives 35 - 5 INFs for 1616."""
    _, records = game
    assert "PRO" in records["F1615M"]["after"]["centers"]["SAV"]
    assert _extra(records["I1616C"])["year_infs"]["FRANCE"] == 30
    assert records["I1616C"]["extra"]["outcome"]["status_check"]["year_infs"]["FRANCE"] == 30


def test_second_years_attack_order_and_mutual_reduction(game):
    """'The sequence of attacks is dependent on the number of INFs received for the year';
    'the power with the lesser number of INFs invested removes all and the power with larger
    number of INFs invested loses equal amount': France 6 against Spain 5 leaves France 1."""
    _, records = game
    assert _extra(records["S1616M"])["influence"]["influence"]["LOR"] == {"FRANCE": 1}


def test_tracker_written_back_and_the_page_published(game, tmp_path):
    """The Influence Tracker and INF Allotment are written back after every phase; the phase
    page publishes the deployments, the attacks and the statuses, never the Ottoman entries
    ('Adjudication will only show the result, not what players have submitted')."""
    root, _ = game
    wb = openpyxl.load_workbook(io.BytesIO(game_paths(GAME, root).workbook.read_bytes()))
    rows = {r[0]: r for r in wb[TRACKER].iter_rows(min_row=2, values_only=True)}
    assert rows["LOR"][2] == "ALIGNED (FRANCE)"
    # 'Capture of a minor state': the captor, a minor state, by code and name as the rows give
    # theirs; the record keeps Status.describe's "captured by MEC: INFs held in suspension"
    assert rows["SRL"][2] == "captured by MEC (Mecklenburg): INFs held in suspension"
    assert game[1]["I1617C"]["extra"]["outcome"]["status_check"]["statuses"]["SRL"] == \
        "captured by MEC: INFs held in suspension"
    allotment = {r[0]: r for r in wb[ALLOTMENT].iter_rows(min_row=2, values_only=True)}
    # the game stands at Spring 1617: the year's INFs allotted, none deployed yet; in 1616
    # France deployed 6 in the Spring ('6: LOR'), as the record after it keeps
    assert allotment["FRANCE"][1:4] == (30, 0, 30) and allotment["FRANCE"][4] is None
    assert _extra(game[1]["S1616M"])["deployed"]["FRANCE"] == 6
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "U1615M.html").read_text(encoding="utf-8")
    text = unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", page, flags=re.S)))
    # the powers named and the minor state by code and name (tests/test_europe1615_pages.py)
    assert "England (5) attacks France (10) in LOR (Lorraine)" in text
    # QA finding: the deployments gave the minor state by its code alone ("3 to BOH"); it is
    # named as the Minor states table names it, the code first (what the orders type)
    deployed = page[page.index(">INF deployments</h2>"):page.index("</section>", page.index(">INF deployments</h2>"))]
    assert "<li><strong>Austria</strong>: 3 to BOH (Bohemia)</li>" in deployed
    assert game[1]["U1615M"]["extra"]["europe1615"]["placements"] == [{"infs": 3, "minor": "BOH", "power": "AUSTRIA"}]
    assert "A BOS - CRO" not in text  # Spain's outvoted Ottoman order
    assert "A BOS H" in text           # the Ottoman result
    # nor in any file of the site: the phase's JSON and the game's game.json showed each
    # power's Ottoman entry, its cell and whether it was outvoted
    site = tmp_path / "site" / "games" / GAME
    for path in [*site.glob("*.json"), *site.glob("*.txt"), *site.glob("*.html")]:
        data = path.read_text(encoding="utf-8-sig")
        assert '"for":"OTTOMAN"' not in data and "A BOS - CRO" not in data, path.name
    assert '"power":"OTTOMAN"' in (site / "U1615M.json").read_text(encoding="utf-8")  # its results stay


def test_replay_gives_the_same_bytes(game):
    root, _ = game
    assert replay(GAME, root) == []


def test_the_first_round_is_scored(game):
    """'Victory points are awarded at the end of each year ... Highest scoring power is
    designated the winner of the round': Savoy's dominion (Turin and Provence) counts three
    times for Spain ('As a minor state expands, the value of the alignment award increases')."""
    _, records = game
    done = records["W1615S"]["extra"]["outcome"]["scoring"]
    assert done["scores"]["SPAIN"]["alignments"]["SAV"] == 3 * (6 + 5)
    assert done["round_winner"] == max(done["scores"], key=lambda p: done["scores"][p]["total"])
    assert _extra(records["W1615S"])["round_wins"] == {done["round_winner"]: 1}


@needs_chromium
def test_the_game_page_ranks_by_rounds_won_in_chromium(game, tmp_path):
    """'The power that wins 5 rounds ... takes immediate victory' and 'in case of a tie ...
    differentiate by score from the previous year': the game page, opened in Chromium, ranks
    the powers by rounds won, then by the last round's victory points, shows both beside the
    centers, and charts the points per year (issue 18, item 1)."""
    root, records = game
    build_site(root, tmp_path / "site")
    state = _extra(list(records.values())[-1])  # the last phase played
    errors: list[str] = []
    with served(tmp_path / "site") as base, chromium_page(errors) as page:
        page.goto(f"{base}games/{GAME}/index.html")
        header, *rows = table_rows(page, "standings-h")
        assert header[:6] == ["Power", "Player", "Rounds won", "Victory points", "Supply centers", "Units"]
        assert len(rows) == 5  # the five playable powers, not the Ottomans or the minors
        keys = [tuple(int(c) for c in r[2:5]) for r in rows]
        assert keys == sorted(keys, reverse=True)
        wins = state["round_wins"]
        assert {r[0].upper(): int(r[2]) for r in rows if int(r[2])} == wins
        assert {r[0].upper(): int(r[3]) for r in rows} == state["last_scores"]
        per_year = table_rows(page, "scores-h")
        assert per_year[0] == ["Power", "1615", "1616", "1617"] and len(per_year) == 6
        assert page.locator("#scores-h ~ figure.chart svg").count() == 1
    assert errors == []


def test_the_second_year_scores_a_round_and_annexes_at_the_build_phase(game):
    """'Highest scoring power is designated the winner of the round' (1616: Austria; Spain won
    1615); 'Provinces without centers held by a power or a minor state at the build phase are
    automatically annexed' (the Danish army in Dalarna); the Polish intervention, drawn for
    Spring 1616 from the game's seed, in effect ('SANCTIONS AND THE PRE-GENERATED TIMELINE')."""
    _, records = game
    done = records["W1616S"]["extra"]["outcome"]["scoring"]
    assert done["round_winner"] == max(done["scores"], key=lambda p: done["scores"][p]["total"])
    assert _extra(records["W1616S"])["round_wins"] == {"SPAIN": 1, done["round_winner"]: 1}
    assert _extra(records["E1616D"])["annexed"]["DAL"] == "DENMARK"
    assert "DAL" not in _extra(records["F1616M"], "before").get("annexed", {})
    assert ["polish_intervention", "S1616M"] in _extra(records["I1616C"])["timeline"]
    assert _extra(records["S1616M"])["sanctions_on"] == {"polish_intervention": 1616}


def test_an_attack_order_tie_is_broken_by_last_years_score(game):
    """'from least influential to most influential (weakest power, in terms of INFs, has
    priority). In cases of ties, differentiate based on number of centers; and if tied on
    centers, differentiate by score from the previous year': in 1617 England and France each
    receive 30 INFs from four centers, and England, lower in the 1616 round, attacks first."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.positions import position_from_json
    from gm_tools.systems.europe1615.deployment import attack_sequence
    from gm_tools.systems.europe1615.setup import setup_of
    from gm_tools.systems.europe1615.state import state_of

    _, records = game
    year = _extra(records["I1617C"])
    assert year["year_infs"]["ENGLAND"] == year["year_infs"]["FRANCE"] == 30
    before = position_from_json(records["S1617M"]["before"])
    assert sum(o == "ENGLAND" for o in before.centers.values()) == sum(o == "FRANCE" for o in before.centers.values())
    scores = year["last_scores"]
    assert scores["ENGLAND"] < scores["FRANCE"]
    sequence = attack_sequence(setup_of(load_variant("europe1615")), state_of(before), before, 1617)
    assert sequence.index("ENGLAND") == sequence.index("FRANCE") - 1
    attacks = [(a["power"], a["minor"]) for a in records["S1617M"]["extra"]["europe1615"]["attacks"]]
    assert ("ENGLAND", "WUR") in attacks and ("FRANCE", "IRE") in attacks
    # 'MUTUAL REDUCTION': England's 4 in Wuerttemberg against France's 9, France's 5 in Ireland
    # against England's 8
    influence = _extra(records["S1617M"])["influence"]["influence"]
    assert influence["WUR"] == {"FRANCE": 5} and influence["IRE"] == {"ENGLAND": 3}


def test_the_protestant_union_in_1618(game):
    """'Protestant Union (R): Deployment of INFs to Rhineland (RHI), Hesse (HES), Brandenburg
    (BRA), and Wuerttemberg (WUR) is solely permitted to the Protestant powers'; its army 'moves,
    attacks, supports and defends with strength of two'; the Bohemian revolt in effect from the
    Summer of 1617 as the timeline drawn from the seed says."""
    _, records = game
    timeline = dict((k, at) for k, at in _extra(records["I1616C"])["timeline"])
    assert timeline["protestant_union"] == "S1618M" and timeline["bohemian_revolt"] == "U1617M"
    assert "bohemian_revolt" not in _extra(records["S1617M"], "before")["sanctions_on"]
    assert "bohemian_revolt" in _extra(records["U1617M"], "before")["sanctions_on"]
    spring = records["S1618M"]
    assert "protestant_union" in _extra(spring, "before")["sanctions_on"]
    assert _extra(spring)["influence"]["influence"]["RHI"] == {"DENMARK": 5, "ENGLAND": 6}
    assert spring["after"]["units"]["RHI"] == [{"strength": 2, "unit": "A RHI"}]
    assert max(r["phase"] for r in records.values() if r["phase"][1:5] == "1618") >= "S1618M"


def test_the_judge_text_mailed_to_players_gives_the_statuses_and_the_round(game):
    """rulebook 000: 'After submission of orders and INF deployment, the GM publishes the
    results, which powers have deployed to which states and whether the orders submitted are
    followed or not'; 'GM determines the score for each power during the scoring phase'. The
    judge text the GM mails (the phase's ``.txt``) gives every minor state's status after the
    deployment and each power's score in the round, which the page shows as tables (QA)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.judgetext import judge_text

    _, records = game
    variant = load_variant("europe1615")
    spring = judge_text(variant, records["S1615M"])
    assert "Minor states after the deployment:" in spring
    assert "SAV (Savoy): ALIGNED (Spain)" in spring and "BRA (Brandenburg): UNALIGNED" in spring
    assert "|" not in spring
    scoring = judge_text(variant, records["W1615S"])
    done = records["W1615S"]["extra"]["outcome"]["scoring"]
    for power, score in done["scores"].items():
        name = variant.powers[power].name
        assert f"{name}: Captures {sum(score['captures'].values())}; " in scoring
        assert f"; Score {score['total']}; Rounds won " in scoring


def test_the_judge_text_says_which_orders_to_minor_states_were_not_followed(game):
    """rulebook 000: 'After submission of orders and INF deployment, the GM publishes the
    results, which powers have deployed to which states and whether the orders submitted are
    followed or not'; the Ottoman vote: 'Adjudication will only show the result'. The judge text
    the GM mails names each order to a minor state that was not followed, with why, as the page
    does, and never an Ottoman vote (QA)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.judgetext import judge_text

    _, records = game
    spring = judge_text(load_variant("europe1615"), records["S1615M"])
    entered = {e["written"]: e for e in records["S1615M"]["orders"]["FRANCE"]}
    assert entered["A LOR H"].get("outbid") and entered["A SER H"].get("outbid")
    # the minor state by code and name (tests/test_europe1615_pages.py), the record keeping "LOR is"
    assert "France: Army Lorraine-Alsace HOLD.  (*not followed: LOR (Lorraine) is" in spring
    assert "France: Army Serbia" not in spring


def test_a_move_made_illegal_only_by_this_phases_deployments_holds_and_stops_no_turn(tmp_path):
    """rulebook 000: 'If the political status is NEUTRAL, no power can enter the minor state as
    it violates the neutrality status'; 'Neutrality occurs when two powers have invested
    equally (50/50)'; the INF deployment and the orders are submitted together ('Example of the
    format for the submission of the INF deployment list and orders') and 'After submission of
    orders and INF deployment, the GM publishes the results'. Spain moves into Savoy, unaligned
    as the phase begins, while France and Spain each deploy 10 INFs there: Savoy turns NEUTRAL
    and the move is not followed. The turn once stopped on it as an illegal order (the GM had
    to edit a player's order or hold every mistake with --lenient), and a mail read after
    France's refused it, one read before typed it: the order is typed and said so, and the turn
    holds the unit, its reason in the record."""
    from gm_tools.app.mailorders import enter_mails

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None)  # the Initial Status Check
    assert load_state("g", tmp_path).position.phase == "S1615M"
    enter_mails("g", [("f.txt", b"France\n10: SAV\nA PAR H\n")], root=tmp_path)
    report = enter_mails("g", [("s.txt", b"Spain\n10: SAV\nA MIL - TUR\nA MAD H\n")], root=tmp_path)
    assert report.refused == []
    assert [n for n in report.notes if "A MIL - TUR" in n] == [
        "s.txt line 3: 'A MIL - TUR', though as the entries typed so far stand it is not followed, the unit holds: TUR "
        "belongs to SAV, a NEUTRAL minor state: 'no power can enter the minor state as it violates the neutrality "
        "status' (the order was legal when given, before this phase's entries took effect)"]
    record = run_turn("g", root=tmp_path, site_dir=None, force=True).record
    spain = {item["written"]: item for item in record["orders"]["SPAIN"]}
    assert spain["A MIL - TUR"]["read"] is None and spain["A MIL - TUR"]["error"].startswith("not followed, the unit holds")
    assert spain["A MAD H"]["read"] == "A MAD H"
    assert load_state("g", tmp_path).position.units["MIL"].power == "SPAIN"


def test_a_minors_builds_are_laid_out_only_for_the_power_it_is_aligned_with(tmp_path):
    """rulebook 000, 'Expansion': 'The aligned power is also required to submit build orders
    for the minor state that acquires new centers'; 'Minor states marked as ALIGNED ... will
    follow the orders submitted by the power'. Bavaria, aligned with Austria, takes
    Baden-Wuerttemberg: its build row is Austria's alone. Every power once had a 'Bavaria build'
    row it could only fill in vain, and status waited for all five powers (QA)."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.status import phase_status

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None)  # the Initial Status Check
    enter_mails("g", [("a.txt", b"Austria\n15: BAV\nA BAV - WUR\nA TYR S A BAV - WUR\n")], root=tmp_path)
    while load_state("g", tmp_path).position.phase != "W1615A":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    rows = [r for r in openpyxl.load_workbook(game_paths("g", tmp_path).workbook)["Orders"].iter_rows(values_only=True)
            if r[0]]
    assert [r[:2] for r in rows[1:]] == [
        ("AUSTRIA", "Austria: 5 center(s), 5 unit(s); Bavaria: 1 build(s) due (free home centers: BAV)"),
        ("AUSTRIA", "Bavaria build 1 of 1")]
    assert phase_status("g", tmp_path).waiting_for == ["AUSTRIA"]


def test_a_mailed_move_naming_its_unit_in_words_made_illegal_by_the_deployments_is_typed_on_its_row(tmp_path):
    """rulebook 000: 'If the political status is NEUTRAL, no power can enter the minor state as
    it violates the neutrality status'; orders and the INF deployment are submitted together.
    Spain's 'A Milan - Turin', legal as the phase began, is made illegal by France's and Spain's
    10 INFs each in Savoy. Typed like any standing order, it goes on A MIL's row: the mail was
    refused whole ('no free row for SPAIN's order') when the unit was named in words, as the
    row was found only by the order as read on the board the deployments make (QA)."""
    from gm_tools.app.mailorders import enter_mails

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None)  # the Initial Status Check
    enter_mails("g", [("f.txt", b"France\n10: SAV\nA PAR H\n")], root=tmp_path)
    report = enter_mails("g", [("s.txt", b"Spain\n10: Savoy\nA Milan - Turin\nA MAD H\n")], root=tmp_path)
    assert report.refused == []
    rows = {r[1]: r[2] for r in openpyxl.load_workbook(game_paths("g", tmp_path).workbook)["Orders"].iter_rows(
        values_only=True) if r[0] == "SPAIN"}
    assert rows["A MIL"] == "A Milan - Turin" and rows["A MAD"] == "A MAD H"
    record = run_turn("g", root=tmp_path, site_dir=None, force=True).record
    spain = {item["written"]: item for item in record["orders"]["SPAIN"]}
    assert spain["A Milan - Turin"]["error"].startswith("not followed, the unit holds")
