"""The Europe 1615 demos' built pages (version 3, ``europe1615``, and version 2,
``europe1615v2``) name the powers and give each minor state by its code and name, where the
records keep the phases' words with codes ("ENGLAND (5) attacks FRANCE (10) in LOR",
"ALIGNED (AUSTRIA)", tribute by minor code): the records stay as they are (a recorded game
replays byte for byte), the pages say them (each system's ``report.py``).

Rulebooks: ``000_cc215928c2f3193e.txt`` (version 3), ``001_*`` (version 2).
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from demos import built_site

V3, V2 = "europe1615-demo", "europe1615v2-demo"
POWERS = re.compile(r"\b(AUSTRIA|DENMARK|ENGLAND|FRANCE|SPAIN|OTTOMAN)\b")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("e1615pages")
    return root / "sheets", built_site(root, ["europe1615", "europe1615v2"]) / "games"


def _section(site, game: str, phase: str, title: str) -> str:
    page = unescape((site[1] / game / f"{phase}.html").read_text(encoding="utf-8"))
    start = page.index(f">{title}</h2>")
    return page[start:page.index("</section>", start)]


def _text(site, game: str, phase: str) -> str:
    return " ".join((site[1] / game / f"{phase}.txt").read_text(encoding="utf-8").split())


def _record(site, game: str, phase: str) -> dict:
    return json.loads((site[0] / game / "history" / f"{phase}.json").read_text(encoding="utf-8"))


def test_v3_deployments_attacks_and_statuses_name_the_powers_and_the_minor_states(site):
    """'After submission of orders and INF deployment, the GM publishes the results, which
    powers have deployed to which states'. QA finding: the INF deployments ("AUSTRIA: 3 to
    BOH"), the Diplomatic attacks ("ENGLAND (5) attacks FRANCE (10) in LOR", "Resolved in this
    order: ENGLAND, ...") and the statuses ("ALIGNED (AUSTRIA)", "captured by MEC") gave codes
    where the Round's table names the powers."""
    deployed = _section(site, V3, "U1615M", "INF deployments")
    assert "<li><strong>Austria</strong>: 3 to BOH (Bohemia)</li>" in deployed
    attacks = _section(site, V3, "U1615M", "Diplomatic attacks")
    assert "Resolved in this order: England, Austria, Denmark, France, Spain." in attacks
    assert ("<li>England (5) attacks France (10) in LOR (Lorraine): each loses 5, leaving England 0, "
            "France 5</li>") in attacks
    statuses = _section(site, V3, "S1617M", "Minor states after the deployment")
    assert "<th>BAV (Bavaria)</th><td>ALIGNED (Austria)</td>" in statuses
    assert "<td>captured by MEC (Mecklenburg): INFs held in suspension</td>" in statuses
    infs = _section(site, V3, "I1615C", "INFs for the year")
    assert "<strong>Austria</strong>: 33 INFs" in infs
    for section in (deployed, attacks, statuses, infs):
        assert not POWERS.search(section), POWERS.search(section)
    # the judge text says the same
    text = _text(site, V3, "U1615M")
    assert "England (5) attacks France (10) in LOR (Lorraine): each loses 5" in text
    assert "BAV (Bavaria): ALIGNED (Austria)" in text
    # the record keeps the GM's entries with the codes
    assert _record(site, V3, "U1615M")["extra"]["europe1615"]["attacks"][0] == \
        {"minor": "LOR", "power": "ENGLAND", "target": "FRANCE"}


def test_v2_attacks_tribute_and_penalties_give_the_minor_states_by_code_and_name(site):
    """rulebook 001: the attacks ('3d6 ... column, roll, result'), the tax/revenue phase's
    tribute and the '-15 VPs' penalty. QA finding: they gave the minor states by code only
    ("in LOR", "Tribute IRE 1, RHI 3", "BOS's unit in BOS") where the INF placements and the
    Minor states table give code and name."""
    attacks = _section(site, V2, "P1616D", "Diplomatic attacks")
    assert ("<li>Spain attacks France in LOR (Lorraine): 31 against 6 INFs, 5 to 1 or better, no roll; "
            "Spain loses 0, France loses 6</li>") in attacks
    assert ("France attacks Spain in LOR (Lorraine), order 0: not performed, France has no INFs in "
            "LOR (Lorraine)") in attacks
    assert "England attacks France in England's home box: 12 against 5 INFs" in attacks
    assert "Denmark/Sweden attacks Austria in SAX (Saxony): 7 against 10 INFs" in _text(site, V2, "P1616D")
    taxes = _section(site, V2, "T1616T", "Treasuries")
    assert "<td>IRE (Ireland) 1, RHI (Rhineland-Palatinate) 3</td>" in taxes
    assert "Tribute IRE (Ireland) 1, RHI (Rhineland-Palatinate) 3; Income 40" in _text(site, V2, "T1616T")
    penalties = _section(site, V2, "U1615M", "Penalties")
    assert "<strong>Austria</strong> -15 VPs for dislodging the unit of BOS (Bosnia) in BOS:" in penalties
    for section in (attacks, taxes, penalties):
        assert not POWERS.search(section), POWERS.search(section)
        assert not re.search(r"\b(LOR|SAV|SAX|IRE|RHI|BOS)\b(?! \()", section.replace("in BOS:", "")), section
    # the record keeps the codes
    assert _record(site, V2, "T1616T")["extra"]["outcome"]["taxation"]["statements"][3]["tribute"] == \
        {"IRE": 1, "RHI": 3}


def test_v2_a_penalty_names_the_province_occupied_beside_the_minor_state(site):
    """rulebook 001, 'Penalties Concerning Political Status of Minor States': 'the major power
    (to which the minor state is aligned to) that attacks and occupies the state will suffer a
    penalty of -15 VPs'; 'the meaning of "attack and occupy" is that the major power
    SUCCESSFULLY attacks and dislodges the minor state's unit'. A minor's unit may stand outside
    its own province: the province it was dislodged from is given by code and name too, as the
    minor state is ("in CRO (Croatia)"); where it is the state's own, of the same code, the code
    alone ("BOS (Bosnia) in BOS"). The demo's recorded penalty (Austria's in Bosnia), its
    province set to Croatia for the other case; the record keeps the code."""
    from gm_tools.app.turn import load_state
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615v2.report import sections

    record = next(r for r in load_state(V2, site[0]).history if r["phase"] == "U1615M")
    penalty = record["after"]["extra"]["europe1615v2"]["penalties"][0]
    assert (penalty["minor"], penalty["province"]) == ("BOS", "BOS")
    penalty["province"] = "CRO"
    said = dict(sections(load_variant("europe1615v2"), record))["Penalties"]
    assert "-15 VPs for dislodging the unit of BOS (Bosnia) in CRO (Croatia): 'the major power" in said


def _written(page: str) -> str:
    """A phase page's Orders as written, every power's, as one text."""
    return " ".join(re.findall(r'<ul class="written">(.*?)</ul>', unescape(page), flags=re.S))


def test_v3_an_order_not_followed_names_the_minor_state_on_the_page_and_in_the_judge_text(site):
    """rulebook 000: 'the GM publishes ... whether the orders submitted are followed or not'.
    QA finding: France's order to Lorraine's army in Spring 1615, Lorraine NEUTRAL, read "not
    followed: LOR is NEUTRAL" under Orders as written and in the judge text, the minor state by
    its code alone; it is given by code and name there, as the statuses give it, and the record
    keeps the rules' words (a recorded game replays byte for byte)."""
    page = (site[1] / V3 / "S1615M.html").read_text(encoding="utf-8")
    assert "<li><code>A LOR H</code>: <em>not followed: LOR (Lorraine) is NEUTRAL</em></li>" in _written(page)
    assert "France: Army Lorraine-Alsace HOLD. (*not followed: LOR (Lorraine) is NEUTRAL*)" in _text(site, V3, "S1615M")
    (entry,) = [e for e in _record(site, V3, "S1615M")["orders"]["FRANCE"] if e["written"] == "A LOR H"]
    assert entry["outbid"] and entry["error"] == "not followed: LOR is NEUTRAL"


def test_v3_an_order_to_a_minor_aligned_with_another_power_names_both(tmp_path):
    """rulebook 000: 'Minor states marked as ALIGNED ... will follow the orders submitted by the
    power'; the others' orders to it are not followed, and 'the GM publishes ... whether the
    orders submitted are followed or not'. QA finding: Spain's order to Lorraine's army, Lorraine
    ALIGNED with France, read "not followed: LOR is ALIGNED (FRANCE)" on the page and in the judge
    text; both now read "not followed: LOR (Lorraine) is ALIGNED (France)", the record keeping
    the rules' words."""
    from europe1615_play import board, game_at
    from gm_tools.app.turn import load_state, run_turn
    from gm_tools.edges.workbook_fill import fill_orders

    position = board({"LOR": "A LOR", "FRC": "A SPAIN"}, phase="S1617M", influence={"LOR": {"FRANCE": 10}})
    paths = game_at(tmp_path, position)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"SPAIN": ["A LOR - BUR"]}))
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site", force=True)
    record = load_state("g", tmp_path).history[-1]
    (entry,) = record["orders"]["SPAIN"]
    assert entry["outbid"] and entry["error"] == "not followed: LOR is ALIGNED (FRANCE)"
    games = tmp_path / "site" / "games" / "g"
    page = _written((games / "S1617M.html").read_text(encoding="utf-8"))
    assert "<li><code>A LOR - BUR</code>: <em>not followed: LOR (Lorraine) is ALIGNED (France)</em></li>" in page
    assert not POWERS.search(page), POWERS.search(page)
    text = " ".join((games / "S1617M.txt").read_text(encoding="utf-8").split())
    assert "(*not followed: LOR (Lorraine) is ALIGNED (France)*)" in text


@pytest.mark.parametrize("recorded, said", [
    ("not followed: SRL is captured by MEC: INFs held in suspension",
     "not followed: SRL (Stralsund) is captured by MEC (Mecklenburg): INFs held in suspension"),
    ("not followed: LOR is captured by FRANCE: INFs held in suspension",
     "not followed: LOR (Lorraine) is captured by France: INFs held in suspension"),
    ("not followed: SAX is NEUTRAL (three centers: never unaligned)",
     "not followed: SAX (Saxony) is NEUTRAL (three centers: never unaligned)"),
    ("not followed: BRA is UNALIGNED", "not followed: BRA (Brandenburg) is UNALIGNED"),
    ("bounced: 1 against 1 from A SRL", None),  # another shape: shown as recorded
])
def test_v3_the_notes_of_every_status_as_the_pages_say_them(recorded, said):
    """Each status an order not followed can be noted with (``Status.describe``: ALIGNED, a
    captor, a minor or a power, NEUTRAL with its rule, UNALIGNED), as the rules' reason_words
    hook says it for the page and the judge text; words of another shape are left to show as
    recorded."""
    from europe1615_play import RULES, VARIANT

    assert RULES.reason_words(VARIANT, {"power": "LOR", "order": "A LOR H", "reason": recorded}) == said


def test_v3_an_invalid_order_of_a_power_out_of_the_game_names_it():
    """rulebook 000: 'Any player who has been eliminated cannot continue receiving nor deploying
    INFs', so it orders no minor state's unit. QA finding: an eliminated France's order for
    Lorraine's army, let stand by ``turn --lenient``, read "...; FRANCE does not command ...;
    FRANCE is eliminated: ..." under Orders as written; both clauses name France there, the
    record keeping the check's words."""
    from europe1615_play import VARIANT, board, opening, play
    from gm_tools.publish.judgetext import published_entries

    centers = {c: ("SPAIN" if o == "FRANCE" else o) for c, o in opening().centers.items()}
    position = board({"LOR": "A LOR", "MAD": "A SPAIN"}, centers=centers, influence={"LOR": {"SPAIN": 10}})
    _, checked = play(position, {"FRANCE": ["A LOR H"]}, lenient=True)
    (entry,) = checked.record["FRANCE"]
    assert "; FRANCE does not command Lorraine's units this phase); FRANCE is eliminated: it orders no " \
        in entry["error"]
    (shown,) = published_entries(VARIANT, {"phase": "S1616M", "orders": checked.record})["FRANCE"]
    assert "; France does not command Lorraine's units this phase); France is eliminated: it orders no " \
        in shown["error"]
    assert not POWERS.search(shown["error"]), shown["error"]


def test_v3_waivers_abandonment_annexations_and_dissolved_states_are_published(tmp_path):
    """rulebook 000: 'Waiving the capture of a center ... may be arranged by the player (and
    communicated to the GM)'; 'Provinces without centers held by a power or a minor state at the
    build phase are automatically annexed'; ABANDONMENT / CIVIL DISORDER: 'then power will be
    dissolved at the winter phase. Each remaining center becomes a pliant minor state'. QA
    finding: the phase pages said none of it (the map alone coloured Wallachia as Transylvania's),
    and a dissolved England's new states were headed 'Lcs', 'Scot' and 'Yor'. The movement
    page names the GM's waivers and abandonments, the Early Winter's the provinces annexed, and
    the new states go by their province's name; the records are as they were."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import load_state, new_game, run_turn
    from workflow_helpers import type_cells

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    site = tmp_path / "site"
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the Initial Status Check
    enter_mails("g", [("a", b"Austria\n5: TRA\nA TRA - WAL\n"), ("e", b"England\n5: IRE\nA IRE - ULS\n")],
                root=tmp_path)
    type_cells(load_state("g", tmp_path).paths, {"Abandonment!A2": "DENMARK"})
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # Summer: the units stay
    enter_mails("g", [("e", b"England\nWAIVE: ULS\n")], root=tmp_path)
    while load_state("g", tmp_path).position.phase != "W1615S":
        run_turn("g", root=tmp_path, site_dir=site, force=True)
    games = site / "games" / "g"
    fall = " ".join((games / "F1615M.txt").read_text(encoding="utf-8").split())
    assert "Waivers: 'The player occupying" in fall and "England waives the capture of Ulster (ULS)" in fall
    assert "Denmark: abandoned, to be dissolved at the next Early Winter" in fall
    winter = " ".join((games / "E1615D.txt").read_text(encoding="utf-8").split())
    assert "Annexed: 'Provinces without centers" in winter and "Wallachia (WAL) to TRA (Transylvania)" in winter
    assert "Ulster (ULS)" not in winter  # waived
    assert "Copenhagen: Copenhagen becomes a minor state." in winter and "Cop:" not in winter
    page = unescape((games / "E1615D.html").read_text(encoding="utf-8"))
    assert ">Scania<" in page and ">Sca<" not in page
    # the game page ranks the powers: Denmark's centers, minor states now, are no rows of it
    game = unescape((games / "index.html").read_text(encoding="utf-8"))
    assert ">Denmark<" in game and ">Copenhagen<" not in game and ">Cop<" not in game
    assert load_state("g", tmp_path).position.extra["europe1615"]["annexed"] == {"WAL": "TRA"}


def test_v3_the_minor_states_and_the_ottomans_are_headed_as_such(site):
    """rulebook 000, INTRODUCTION: 'players ... take the reins of one of the great powers of the
    time: Austria, France, Spain, England, and Denmark', the others being 'the minor states' and
    'The Ottoman Empire'. QA finding: their units' results were headed "Powers without a player"
    on every phase page; they are headed "Minor states and the Ottoman Empire" (version 2's, and
    every other variant's, pages keep the heading)."""
    page = unescape((site[1] / V3 / "S1615M.html").read_text(encoding="utf-8"))
    assert '<h3 id="unplayed">Minor states and the Ottoman Empire</h3>' in page
    assert '<a href="#unplayed">Minor states and the Ottoman Empire</a>' in page
    assert "Powers without a player" not in page
    assert '<h3 id="unplayed">Powers without a player</h3>' in (site[1] / V2 / "S1615M.html").read_text(encoding="utf-8")
