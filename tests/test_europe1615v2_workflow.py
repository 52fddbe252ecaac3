"""The Europe 1615 (version 2) demo game played through real workbooks, 1615 into 1616: each
phase's mail typed into the workbook's sheets and processed by `turn`, as a GM does
(``sheets/demo-europe1615v2.toml``); and bad entries reported by cell with nothing written.
Each test names the rule the game reaches there.

Rulebook: ``001_6f4a9c76b6e5774a.txt`` (Europe 1615: Prelude to War, version 2).
"""

from __future__ import annotations

import hashlib
import json
import io
import re
from html import unescape

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError
from gm_tools.publish.site import build_site
from gm_tools.systems.europe1615v2.sheets import ATTACKS, BOXES, PLACEMENTS, TRACKER, TREASURY

from browser import chromium_page, served, table_rows
from demos import played
from workflow_helpers import payola_to_attacks

GAME = "europe1615v2-demo"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("e1615v2")
    return root, {r["phase"]: r for r in played(root, "europe1615v2").history}


def _state(record: dict, key: str = "after") -> dict:
    return record[key]["extra"]["europe1615v2"]


def test_the_year_runs_through_its_phases(game):
    """'Each game year is divided in to the following 6 phases: 1- Political and Religious
    Influence Phase 2- Taxation/Revenue Phase ... 3- Spring ... 4- Summer ... 5- Fall Movement
    and Retreat Phase 6- Winter Ownership/Build/Adjustment Phase' (retreat phases with no
    dislodged unit are skipped). The influence phase's attacks are a phase of their own after the
    placements ('The GM then publishes the distribution of INFs. Once the players have had a
    chance to review and negotiate over the publication, players may choose to perform a
    diplomatic attack'), passed over in 1615 ('No diplomatic attacks are performed in the first
    year')."""
    _, records = game
    assert list(records) == ["P1615I", "T1615T", "S1615M", "U1615M", "F1615M", "W1615A", "P1616I", "P1616D",
                             "T1616T", "S1616M", "U1616M", "F1616M", "P1617I", "P1617D", "T1617T"]


def test_first_year_placements_home_boxes_and_statuses(game):
    """'Any unused INFs are placed in the power's home box for later use ... a power may place
    INFs in another power's home box'; 'The GM then publishes the distribution of INFs'; Lorraine
    (France 6, Spain 6) is NEUTRAL and Catholic CONTROLLED, with no power holding 2/3."""
    _, records = game
    state = _state(records["P1615I"])
    assert state["boxes"]["ENGLAND"] == {"FRANCE": 5}
    assert state["boxes"]["FRANCE"] == {"FRANCE": 6}
    lor = records["P1615I"]["extra"]["outcome"]["influence"]["statuses"]["LOR"]
    assert (lor["political"], lor["religious"], lor["confession"]) == ("NEUTRAL", "CONTROLLED", "catholic")
    assert "attacks" not in records["P1615I"]["extra"]["outcome"]


def test_first_taxation_is_the_funds_table_plus_tribute(game):
    """'At the start of the first year each power begins with the following funds. Note: Initial
    funds may be modified by the results of the political and religious influence phase'."""
    _, records = game
    statements = {s["power"]: s for s in records["T1615T"]["extra"]["outcome"]["taxation"]["statements"]}
    assert statements["SPAIN"]["tribute"] == {"DUT": 3}
    assert statements["SPAIN"]["after"] == 63 + 3
    assert _state(records["T1615T"])["treasury"]["SPAIN"] == 66
    later = {s["power"]: s for s in records["T1616T"]["extra"]["outcome"]["taxation"]["statements"]}
    assert later["FRANCE"]["income"] == 66 and later["FRANCE"]["after"] == 132
    assert later["SPAIN"]["before"] == 66 - 3      # Spain's bribe in Spring 1615 was paid


def test_occupations_contested_dominion_and_the_penalty(game):
    """Austria dislodges Saxony's army (ALIGNED with Denmark/Sweden: CONTESTED, and Austria's
    DOMINION once it owns the center at the build phase) and Bosnia's (ALIGNED with Austria
    itself: 'the major power (to which the minor state is aligned to) that attacks and occupies
    the state will suffer a penalty of -15 VPs')."""
    _, records = game
    summer = _state(records["U1615M"])
    assert summer["contested"] == {"SAX": "AUSTRIA"}
    assert [(p["power"], p["minor"], p["vps"]) for p in summer["penalties"]] == [("AUSTRIA", "BOS", -15)]
    fall = _state(records["F1615M"])
    assert fall["dominion"] == {"BOS": "AUSTRIA", "SAX": "AUSTRIA"} and "contested" not in fall
    assert "SAX" in records["F1615M"]["after"]["centers"]["AUSTRIA"]


def test_builds_in_1615(game):
    """'If no supply centers have been lost or gained by the build phase of 1615 then the
    following powers have the entitled number of builds: England = 1 ... France = 3, Spain = 2';
    Austria, with Saxony and Bosnia gained, builds 3."""
    _, records = game
    built = {}
    for r in records["W1615A"]["results"]:
        if r["result"] == "succeeds":
            built[r["power"]] = built.get(r["power"], 0) + 1
    assert built == {"AUSTRIA": 3, "FRANCE": 3, "SPAIN": 2, "ENGLAND": 1}


def test_1616_attacks_national_order_alternate_immunity_and_dice(game):
    """'The national order of attacks is as follows: Spain, France, England, Denmark/Sweden, and
    Austria'; at 5 to 1 'no roll is performed, and defending INFs are removed'; France's
    alternate is used because 'the first ordered attack is unable to be performed due to lost
    INFs from a Spanish attack'; England attacks the French INFs in its own home box to 'reduce
    the number of INFs of the opposing power to less than 5'; the rolls are 3d6 from the seed."""
    _, records = game
    attacks = records["P1616D"]["extra"]["outcome"]["attacks"]["attacks"]
    assert [(a["power"], a["choice"], a["performed"]) for a in attacks] == [
        ("SPAIN", 0, True), ("FRANCE", 0, False), ("FRANCE", 1, True), ("ENGLAND", 0, True), ("DENMARK", 0, True)]
    assert attacks[0]["roll"] is None and attacks[0]["defender_loss"] == 6
    assert all(3 <= a["roll"] <= 18 for a in attacks[2:])
    england = attacks[3]
    assert england["where"] == "ENGLAND" and england["column"] == "2:1"
    after = _state(records["P1616D"])
    assert after["boxes"]["ENGLAND"]["FRANCE"] == 5 - england["defender_loss"]
    assert _state(records["P1616I"])["boxes"]["ENGLAND"]["FRANCE"] == 5   # the placements, published first
    assert records["P1616I"]["extra"]["outcome"]["influence"]["year_infs"]["AUSTRIA"] == 14 + 6


def test_sheets_written_back_and_the_page_published(game, tmp_path):
    """The Influence Tracker, Home Boxes and Treasury are written back after every phase; the
    phase page publishes the placements, the attacks with their rolls and both statuses."""
    root, records = game
    wb = openpyxl.load_workbook(io.BytesIO(game_paths(GAME, root).workbook.read_bytes()))
    tracker = {r[0]: r for r in wb[TRACKER].iter_rows(min_row=2, values_only=True)}
    assert tracker["LOR"][2] == "ALIGNED with SPAIN" and tracker["LOR"][3] == "Catholic CONTROLLED"
    assert tracker["SAX"][-3] == "AUSTRIA"     # Dominion
    treasury = {r[0]: r for r in wb[TREASURY].iter_rows(min_row=2, values_only=True)}
    assert treasury["Spain"][1] == _state(records["T1617T"])["treasury"]["SPAIN"]
    assert treasury["Austria"][3] == -15
    boxes = {r[0]: r for r in wb[BOXES].iter_rows(min_row=2, values_only=True)}
    # 13 kept in 1616 and 1617's 20 (14 and 3 for each of Saxony and Bosnia), none placed yet
    assert boxes["Austria"][1] == 13 + 20
    build_site(root, tmp_path / "site")
    placed = (tmp_path / "site" / "games" / GAME / "P1616I.html").read_text(encoding="utf-8")
    placed = unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", placed, flags=re.S)))
    assert "25 to LOR" in placed and "Spain attacks France" not in placed
    page = (tmp_path / "site" / "games" / GAME / "P1616D.html").read_text(encoding="utf-8")
    text = unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", page, flags=re.S)))
    assert "Spain attacks France in LOR (Lorraine)" in text and "no roll" in text
    assert re.search(r"Denmark/Sweden attacks Austria in SAX \(Saxony\): .*roll \d+", text)
    assert "Catholic controlled" in text


def test_payola_movement_through_the_offers_sheet(game):
    """'Players submit their offer sheet ... Players may not submit MOVE/ATTACK orders for foreign
    units, as these will be ignored'; Payola: 'Add all money offered for each distinct order of
    the unit. The highest total is the order ... Only the offers for the winning order are paid';
    'A tie is broken by the unit owner's acceptance list' (Saxony's: 'Austria, Denmark/Sweden,
    England, France, and Spain'); 'If a power's payments exceed its treasury, all its offers are
    reduced by one and every unit's order is decided again'."""
    _, records = game
    spring = records["S1615M"]
    results = {r["order"]: r["result"] for r in spring["results"]}
    assert results["F BRI H"] == "succeeds" and "F BRI - BIS" not in results   # Spain's 3 beat France's 0
    assert _state(spring)["treasury"]["SPAIN"] == _state(records["T1615T"])["treasury"]["SPAIN"] - 3
    ignored = spring["extra"]["europe1615v2"]["ignored"]
    assert [(o["power"], o["order"]) for o in ignored] == [("ENGLAND", "F NOR - BRI")]
    summer = {r["order"]: r["result"] for r in records["U1615M"]["results"]}
    assert "A SAX H" in summer and "A SAX S A BRA" not in summer          # Denmark/Sweden above England
    overspent = _state(records["S1616M"])["treasury"]["DENMARK"]
    before = _state(records["T1616T"])["treasury"]["DENMARK"]
    assert before == 82 and overspent == 82 - (46 - 5) - (45 - 5)


def test_ledgers_are_private_files_and_offers_stay_off_the_site(game, tmp_path):
    """'a private ledger per power (its units' orders, the bribes it accepted, its offer sheet,
    previous balance, cost, new balance), written to a file per power that the GM can send, and
    never published on the public site'."""
    from gm_tools.app.turn import private_reports

    root, records = game
    path = game_paths(GAME, root).folder / "private" / "S1616M" / "DENMARK.txt"
    ledger = path.read_text()
    assert "46 : A BRA H - accepted, paid 41" in ledger and "Previous balance 82, cost 81, new balance 1." in ledger
    path.unlink()   # a ledger lost: `gm-tools private` writes every one again from the records
    assert path in private_reports(GAME, root) and path.read_text() == ledger
    build_site(root, tmp_path / "site")
    site = tmp_path / "site"
    published = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*") if p.suffix in (".json", ".html", ".txt"))
    assert "F NOR - BRI" not in published            # England's ignored offer: private
    assert "46 : A BRA H" not in published and "private" not in {p.name for p in site.rglob("*")}
    assert "Denmark/Sweden 41" in published         # the public bribe chart
    # the reference lists rank the powers a unit's owner favours in a tie: kept in the game's
    # state for the auctions, never published (variants/europe1615v2/NOTES.md, Offers: 'the
    # losing offers and the acceptance lists are not published')
    assert any("acceptance" in _state(r) for r in records.values())
    assert '"acceptance"' not in published


def test_the_game_page_ranks_by_victory_points_in_chromium(game, tmp_path):
    """'Victory is measured by the accumulation of Victory Points (VPs)': the game page, opened
    in Chromium, ranks the five powers by their VPs (Austria's -15 penalty and gains counted),
    charts them per year, and a movement phase's page shows the public bribe chart."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import rules_for

    root, records = game
    build_site(root, tmp_path / "site")
    variant = load_variant("europe1615v2")
    last = position_from_json(list(records.values())[-1]["after"])
    expected = rules_for(variant).scores(variant, last).points
    errors: list[str] = []
    with served(tmp_path / "site") as base, chromium_page(errors) as page:
        page.goto(f"{base}games/{GAME}/index.html")
        header, *rows = table_rows(page, "standings-h")
        assert "Victory points" in header and len(rows) == 5
        column = header.index("Victory points")
        shown = {r[0].upper(): int(r[column]) for r in rows}
        assert shown == {variant.powers[p].name.upper(): n for p, n in expected.items()}
        assert [int(r[column]) for r in rows] == sorted(shown.values(), reverse=True)
        assert page.locator("#scores-h ~ figure.chart svg").count() == 1
        page.goto(f"{base}games/{GAME}/S1616M.html")
        section = page.locator("section", has_text="Bribe chart").first
        assert "6 rounds" in section.inner_text()
        # the units paid for a table, the rest one paragraph, no markdown left over
        assert "`" not in section.inner_text() and "|" not in section.inner_text()
        assert section.locator("tbody tr").all_inner_texts() == ["A BRA H\tDenmark/Sweden 41",
                                                                 "A MEC H\tDenmark/Sweden 40"]
        assert "Nothing paid for the other " in section.inner_text()
    assert errors == []


def test_the_centers_chart_draws_no_victory_line_for_a_game_won_on_points(game):
    """'Victory is measured by the accumulation of Victory Points (VPs)' (rulebook 001, 9
    VICTORY CONDITIONS): the centers chart draws no victory line (the variant's centers
    target, every center of the map, is there only so centers never decide), so its scale
    is the centers held."""
    from gm_tools.publish.sitecontext import collect
    from gm_tools.publish.chartviews import chart_view

    root, _ = game
    chart, _, rows = chart_view(next(g for g in collect(root).games if g.name == GAME))
    assert "victory:" not in chart and rows


def test_replay_gives_the_same_bytes(game):
    root, _ = game
    assert replay(GAME, root) == []


@pytest.fixture
def political(tmp_path):
    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    return game_paths("g", tmp_path)


def _files(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(paths.root.rglob("*")) if p.is_file()}


def test_bad_entries_name_their_cells_and_nothing_is_written(political):
    """Every entry is checked: a Barbary State ('cannot be influenced'), more INFs than the home
    box holds, an unknown place; 1615 has no attacks to enter ('Diplomatic attacks commence in
    the second year (1616)'): no sheet, and its Diplomatic Attacks phase is passed over."""
    data = set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!A2": "SPAIN", f"{PLACEMENTS}!B2": 5, f"{PLACEMENTS}!C2": "TUN",
        f"{PLACEMENTS}!A3": "ENGLAND", f"{PLACEMENTS}!B3": 13, f"{PLACEMENTS}!C3": "IRE",
        f"{PLACEMENTS}!A4": "FRANCE", f"{PLACEMENTS}!B4": 3, f"{PLACEMENTS}!C4": "Atlantis",
        f"{PLACEMENTS}!A5": "FRANCE", f"{PLACEMENTS}!B5": 3, f"{PLACEMENTS}!C5": "Savoy",
        f"{PLACEMENTS}!A6": "SPAIN", f"{PLACEMENTS}!B6": 3, f"{PLACEMENTS}!C6": "SAV",
    })
    assert ATTACKS not in openpyxl.load_workbook(io.BytesIO(data)).sheetnames
    political.workbook.write_bytes(data)
    before = _files(political)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    text = str(caught.value)
    assert f"{PLACEMENTS}!C2" in text and "cannot be influenced" in text
    assert f"{PLACEMENTS}!B3" in text and "has 12 in its home box" in text
    assert f"{PLACEMENTS}!C4: found 'Atlantis'" in text
    assert f"{PLACEMENTS}!C5" not in text and f"{PLACEMENTS}!C6" not in text
    assert _files(political) == before
    # the placements made right, the year goes on to its Taxation/Revenue Phase
    data = set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!C2": "POR", f"{PLACEMENTS}!B3": 12, f"{PLACEMENTS}!C4": "GEN"})
    political.workbook.write_bytes(data)
    run_turn("g", root=political.root, site_dir=None)
    assert load_state("g", political.root).position.phase == "T1615T"


def test_a_power_is_read_by_its_name_or_either_realm_in_the_power_column(political):
    """'Spain, France, England, Denmark/Sweden, and Austria' (001, the powers): a GM types the
    power as the players name it, Denmark/Sweden by either realm, in any case; the sheet keeps
    the code, the dropdown lists codes only, and a word naming no power is refused at its cell
    with the codes listed."""
    data = set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!A2": "Sweden", f"{PLACEMENTS}!B2": 4, f"{PLACEMENTS}!C2": "LOR",
        f"{PLACEMENTS}!A3": "denmark/sweden", f"{PLACEMENTS}!B3": 2, f"{PLACEMENTS}!C3": "SAV",
        f"{PLACEMENTS}!A4": "Norway", f"{PLACEMENTS}!B4": 1, f"{PLACEMENTS}!C4": "GEN"})
    political.workbook.write_bytes(data)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    assert [f"{p.sheet}!{p.cell}" for p in caught.value.problems] == [f"{PLACEMENTS}!A4"]
    assert "found 'Norway', expected one of" in str(caught.value) and "DENMARK" in str(caught.value)
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!A4": None, f"{PLACEMENTS}!B4": None, f"{PLACEMENTS}!C4": None}))
    run_turn("g", root=political.root, site_dir=None)
    record = load_state("g", political.root).history[-1]
    assert record["phase"] == "P1615I"
    assert _state(record)["influence"]["LOR"] == {"DENMARK": 4} and _state(record)["influence"]["SAV"] == {"DENMARK": 2}


def test_attacks_are_ordered_on_the_published_placements(tmp_path):
    """'The GM then publishes the distribution of INFs. Once the players have had a chance to
    review and negotiate over the publication, players may choose to perform a diplomatic attack
    ... Each player submits an order to perform a diplomatic attack, which indicates the name of
    minor state and the target of the attack': the P1616D workbook asks for the attacks on the
    INFs P1616I placed; an attack on INFs not there is refused at its cell, nothing written."""
    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    while load_state("g", tmp_path).position.phase != "P1616I":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    sheets = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    assert PLACEMENTS in sheets and ATTACKS not in sheets
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{PLACEMENTS}!A2": "SPAIN", f"{PLACEMENTS}!B2": 6, f"{PLACEMENTS}!C2": "LOR",
        f"{PLACEMENTS}!A3": "FRANCE", f"{PLACEMENTS}!B3": 6, f"{PLACEMENTS}!C3": "LOR"}))
    run_turn("g", root=tmp_path, site_dir=None)
    assert load_state("g", tmp_path).position.phase == "P1616D"
    sheets = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    assert ATTACKS in sheets and PLACEMENTS not in sheets
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{ATTACKS}!A2": "SPAIN", f"{ATTACKS}!B2": 0, f"{ATTACKS}!C2": "LOR", f"{ATTACKS}!D2": "FRANCE",
        f"{ATTACKS}!A3": "ENGLAND", f"{ATTACKS}!B3": 0, f"{ATTACKS}!C3": "SAV", f"{ATTACKS}!D3": "SPAIN"}))
    before = _files(paths)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    assert [f"{p.sheet}!{p.cell}" for p in caught.value.problems] == [f"{ATTACKS}!C3"]
    assert "ENGLAND has no INFs in SAV" in str(caught.value) and _files(paths) == before
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{ATTACKS}!A3": None, f"{ATTACKS}!B3": None, f"{ATTACKS}!C3": None, f"{ATTACKS}!D3": None}))
    run_turn("g", root=tmp_path, site_dir=None)
    record = load_state("g", tmp_path).history[-1]
    assert record["phase"] == "P1616D" and record["extra"]["outcome"]["attacks"]["attacks"][0]["performed"]


def test_a_game_without_diplomatic_attacks_chosen_at_new_game(tmp_path):
    """'Because this part of the game introduces a random element, the diplomatic attacks and
    immunity are optional components and its inclusion should be decided prior to the start of
    the game': `new-game --option diplomatic_attacks=false` records the choice in game.json and
    the game has no Diplomatic Attacks sheet; a wrong option is refused with its name."""
    import json
    import subprocess
    import sys

    def run(name: str, option: str):
        return subprocess.run([sys.executable, "-m", "gm_tools", "new-game", "payola1615", name, "--root",
                               str(tmp_path), "--seed", "3", "--option", option], capture_output=True, text=True)

    done = run("calm", "diplomatic_attacks=false")
    assert done.returncode == 0, done.stderr
    paths = game_paths("calm", tmp_path)
    assert json.loads(paths.game_json.read_text())["options"] == {"diplomatic_attacks": False}
    sheets = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    assert PLACEMENTS in sheets and ATTACKS not in sheets
    bad = run("other", "diplomatic_atacks=false")
    assert bad.returncode != 0 and "diplomatic_atacks" in bad.stderr and "Traceback" not in bad.stderr
    assert not game_paths("other", tmp_path).game_json.exists()


def test_a_misspelt_place_or_a_province_of_a_minor_state_names_the_code_meant(political):
    """rulebook 001 (Europe 1615 v2): 'Only Catholic powers can submit orders to the units in
    the Papal States', which hold Rome and the Marches ('Protestant power that occupies and owns
    Rome (Papal state)'); 'a power may place INFs in another power's home box'. On the INF
    Placements sheet a province of a minor state (ROM) names its state, and a misspelt code or
    home box its nearest codes, as a mailed placement does, and a name a letter or two wrong
    (Lorrraine, ENGLND) the code meant; nothing is written (QA)."""
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!A2": "SPAIN", f"{PLACEMENTS}!B2": 5, f"{PLACEMENTS}!C2": "ROM",
        f"{PLACEMENTS}!A3": "AUSTRIA", f"{PLACEMENTS}!B3": 3, f"{PLACEMENTS}!C3": "SXA",
        f"{PLACEMENTS}!A4": "FRANCE", f"{PLACEMENTS}!B4": 3, f"{PLACEMENTS}!C4": "ENGLND",
        f"{PLACEMENTS}!A5": "FRANCE", f"{PLACEMENTS}!B5": 3, f"{PLACEMENTS}!C5": "Lorrraine"}))
    before = _files(political)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    found = {p.cell: (p.found, p.expected) for p in caught.value.problems}
    expected = "a pliant minor state's code (SAX) or another power's home box (FRANCE)"
    assert found == {"C2": ("'ROM', a province of the Papal States", expected + " (did you mean PAP?)"),
                     "C3": ("'SXA'", expected + " (nearest: SWA, SAX, SAV)"),
                     "C4": ("'ENGLND'", expected + " (did you mean ENGLAND?)"),
                     "C5": ("'Lorrraine'", expected + " (did you mean LOR?)")}
    assert _files(political) == before


def test_the_judge_text_mailed_to_players_gives_statuses_and_treasuries(game):
    """rulebook 001: 'The GM then publishes the distribution of INFs'; 'each supply point is
    equivalent to 1 point of currency to determine funds acquired during the tax/revenue phase'.
    The judge text the GM mails (the phase's ``.txt``) gives both statuses of every minor state
    and each power's treasury statement, which the page shows as tables (QA)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.judgetext import judge_text

    _, records = game
    variant = load_variant("europe1615v2")
    influence = " ".join(judge_text(variant, records["P1615I"]).split())  # lines joined where wrapped
    assert "Minor states:" in influence and "|" not in influence
    assert "LOR (Lorraine): Political Neutral; Religious Catholic controlled; INFs by power France 6, Spain 6; " \
           "Total 12" in influence
    taxed = " ".join(judge_text(variant, records["T1615T"]).split())
    for s in records["T1615T"]["extra"]["outcome"]["taxation"]["statements"]:
        assert f"{variant.powers[s['power']].name}: Before {s['before']} (starting funds); " in taxed and f"; Income {s['income']}; Treasury {s['after']}" \
            in taxed


def test_the_minor_states_table_names_the_powers_and_says_the_statuses_in_plain_case(game):
    """rulebook 001: 'Political status of the minor state is ALIGNED if a single major power holds
    2/3 or more of the total INFs'; 'The GM then publishes the distribution of INFs'. QA finding:
    the page's table said "ALIGNED with AUSTRIA", a power's code in capitals, where the rest of the
    page names the powers. The record and the GM's Influence Tracker keep the codes and terms."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.hooks import hooks_for
    from gm_tools.publish.judgetext import judge_text

    _, records = game
    variant = load_variant("europe1615v2")
    table = dict(hooks_for(variant).report_sections(variant, records["F1616M"]))["Minor states"]
    rows = {row.split(" | ")[0].lstrip("| "): row for row in table.splitlines()[2:]}
    assert "| Aligned with Austria; Dominion of Austria | Unaffected | Austria 6 |" in rows["BOS (Bosnia)"]
    assert "| Catholic controlled | Austria 10, Denmark/Sweden 5 | 15 |" in rows["SAX (Saxony)"]
    assert not re.search(r"ALIGNED|DOMINION|NEUTRAL|UNAFFECTED|AUSTRIA|DENMARK", table)
    influence = " ".join(judge_text(variant, records["P1615I"]).split())  # lines joined where wrapped
    assert "LOR (Lorraine): Political Neutral; Religious Catholic controlled; INFs by power France 6, Spain 6; " \
           "Total 12" in influence


def test_an_offer_or_a_placement_on_the_orders_sheet_names_its_sheet(political):
    """rulebook 001, '6 MOVEMENT PHASE': 'Players submit their offer sheet' (Classic Payola's
    ``5 : A PAR - BUR``), and INFs are placed in the Political and Religious Influence Phase. In
    a movement phase an offer typed on the Orders sheet is named as an offer for the Offers
    sheet, and a placement as one for the influence phase, not as orders for a unit in '5 A
    BOH' or '9 SAX'; nothing is written (QA)."""
    run_turn("g", root=political.root, site_dir=None, force=True)
    run_turn("g", root=political.root, site_dir=None, force=True)
    assert load_state("g", political.root).position.phase == "S1615M"
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        # typed with its power: a movement phase's Orders sheet lays out no unit rows (QA)
        "Orders!A3": "AUSTRIA", "Orders!C3": "5 : A BOH H", "Orders!A4": "AUSTRIA", "Orders!C4": "9: SAX"}))
    before = _files(political)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    found = {p.cell: (p.found, p.expected) for p in caught.value.problems}
    assert found == {
        "C3": ("'5 : A BOH H'", "an offer on the Offers sheet: '5 : A BOH H' is typed there as Power, Amount (5) and "
                                "Order (A BOH H)"),
        "C4": ("'9: SAX'", "a unit's order: found '9: SAX', an INF placement on SAX, which is entered in the "
                           "Political and Religious Influence Phase (INF placements)")}
    assert _files(political) == before


def test_a_row_with_an_empty_cell_names_the_column_to_fill(political):
    """An INF placement row ('a power may place INFs in another power's home box') with its INFs
    left empty names that column and what the row needs, in plain words (it read "a INFs on a
    placement row"); nothing is written (QA)."""
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        f"{PLACEMENTS}!A2": "SPAIN", f"{PLACEMENTS}!C2": "SAX"}))
    before = _files(political)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    assert [(p.cell, p.found, p.expected) for p in caught.value.problems] == [
        ("B2", "an empty cell", "a value in its INFs column (a placement row needs Power, INFs and Minor state or home box)")]
    assert _files(political) == before


def test_an_alliance_both_allies_told_the_gm_is_one_alliance(political):
    """rulebook 001, section 9: 'Two players, before the start of 1618, may form an alliance.
    This is a permanent agreement and is communicated to the GM': when each ally tells the GM,
    the Alliances sheet holds the alliance twice (FRANCE - SPAIN, SPAIN - FRANCE); that is one
    alliance, not a second one the permanence refuses (QA)."""
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        "Alliances!A2": "FRANCE", "Alliances!B2": "SPAIN", "Alliances!A3": "SPAIN", "Alliances!B3": "FRANCE"}))
    run_turn("g", root=political.root, site_dir=None)
    state = load_state("g", political.root)
    assert state.position.phase == "T1615T"
    assert _state(state.history[-1])["alliances"] == [["FRANCE", "SPAIN"]]


def test_an_attacks_order_number_out_of_place_is_named_at_its_order_cell(tmp_path):
    """rulebook 001: 'Each player submits an order to perform a diplomatic attack ... and
    alternate orders' numbered in the national order ('there is no need for Spain to submit
    alternate orders'). An order number the power may not use (Spain's 7, France's second 0) is
    named at the Order cell the GM typed it in, not the minor state's beside it (QA)."""
    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "P1616D":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    paths = game_paths("g", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{ATTACKS}!A2": "SPAIN", f"{ATTACKS}!B2": 7, f"{ATTACKS}!C2": "LOR", f"{ATTACKS}!D2": "FRANCE",
        f"{ATTACKS}!A3": "FRANCE", f"{ATTACKS}!B3": 0, f"{ATTACKS}!C3": "LOR", f"{ATTACKS}!D3": "SPAIN",
        f"{ATTACKS}!A4": "FRANCE", f"{ATTACKS}!B4": 0, f"{ATTACKS}!C4": "SAX", f"{ATTACKS}!D4": "SPAIN"}))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=tmp_path, site_dir=None)
    cells = {p.cell: p.expected for p in caught.value.problems}
    assert "B2" in cells and "choice 7" in cells["B2"]
    assert "B4" in cells and "a second order 0 for FRANCE" in cells["B4"]
    assert not {"C2", "C4"} & set(cells)


def test_a_waiver_names_its_center_by_code_or_name(political):
    """rulebook 001: 'the player occupying a foreign supply center prior to the build phase may
    waive the change in ownership of the center': the Waivers sheet takes the center by its code
    or its name (``Portugal``, as version 3's sheet does), and a word that is neither is refused
    naming both ways to write it (QA)."""
    run_turn("g", root=political.root, site_dir=None, force=True)
    run_turn("g", root=political.root, site_dir=None, force=True)
    assert load_state("g", political.root).position.phase == "S1615M"
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        "Waivers!A2": "SPAIN", "Waivers!B2": "Atlantis", "Offers!A2": "SPAIN", "Offers!B2": 0,
        "Offers!C2": "A MAD H"}))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    assert [(p.cell, p.found, p.expected) for p in caught.value.problems] == [
        ("B2", "'Atlantis'", "a supply center, by code or name (POR, Portugal)")]
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {"Waivers!B2": "Portugal"}))
    record = run_turn("g", root=political.root, site_dir=None).record
    assert record["extra"]["europe1615v2"]["waivers"] == [["SPAIN", "POR"]]


def test_the_home_boxes_name_the_powers_on_the_page_and_in_the_judge_text(game, tmp_path):
    """rulebook 001: 'Any unused INFs are placed in the power's home box ... a power may place INFs
    in another power's home box'; 'if 5 or more INFs of one power have been placed in another's
    home box, the power has earned diplomatic immunity'; 'The GM then publishes the distribution
    of INFs'. QA finding: the page's Home boxes led each line with the power's code ("ENGLAND",
    "immune from ENGLAND's attacks: FRANCE") where the Minor states table below names the powers.
    The record and the GM's Home Boxes sheet keep the codes."""
    root, records = game
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "P1616I.html").read_text(encoding="utf-8")
    boxes = page[page.index(">Home boxes</h2>"):page.index(">Minor states</h2>")]
    assert ("<strong>England</strong>: 12 INFs kept; placed by others: France 5; "
            "immune from England's attacks: France") in unescape(boxes)
    assert "<strong>Denmark/Sweden</strong>: 0 INFs kept" in boxes
    assert not re.search(r"AUSTRIA|FRANCE|SPAIN|ENGLAND|DENMARK", boxes)
    text = " ".join((tmp_path / "site" / "games" / GAME / "P1616I.txt").read_text(encoding="utf-8").split())
    assert "England: 12 INFs kept; placed by others: France 5; immune from England's attacks: France" in text
    assert _state(records["P1616I"])["boxes"]["ENGLAND"] == {"ENGLAND": 12, "FRANCE": 5}


def test_the_infs_placements_treasuries_and_penalties_name_the_powers(game, tmp_path):
    """rulebook 001: 'The GM then publishes the distribution of INFs'; 'each supply point is
    equivalent to 1 point of currency to determine funds acquired during the tax/revenue phase';
    'the major power (to which the minor state is aligned to) that attacks and occupies the state
    will suffer a penalty of -15 VPs'. QA finding: the page's INFs for the year, INF placements,
    Treasuries and Penalties led with the powers' codes ("AUSTRIA: 20") where the Home boxes and
    Minor states name them. The record and the GM's sheets keep the codes."""
    root, records = game
    build_site(root, tmp_path / "site")
    folder = tmp_path / "site" / "games" / GAME

    def section(phase: str, title: str, end: str) -> tuple[str, str]:
        page = unescape((folder / f"{phase}.html").read_text(encoding="utf-8"))
        text = " ".join((folder / f"{phase}.txt").read_text(encoding="utf-8").split())
        return page[page.index(f">{title}</h2>"):page.index(end, page.index(f">{title}</h2>"))], text

    infs, text = section("P1616I", "INFs for the year", ">Home boxes<")
    # QA finding: the placements gave the minor states by code alone ("10 to SAX"); each is
    # named as the Minor states table names it, the code first (what the orders type), and a
    # power's home box as the attacks say it, where the record keeps the codes
    assert "<strong>Denmark/Sweden</strong>: 13" in infs and "<strong>Austria</strong>: 10 to SAX (Saxony)</li>" in infs
    assert "Austria: 20 Denmark/Sweden: 13" in text and "Spain: 25 to LOR (Lorraine)" in text
    placed, _ = section("P1615I", "INF placements", "</ul>")
    assert "<strong>France</strong>: 6 to LOR (Lorraine), 5 to SAV (Savoy), 5 to England's home box" in placed
    assert {"power": "FRANCE", "infs": 5, "where": "ENGLAND"} in [
        {k: p[k] for k in ("power", "infs", "where")} for p in records["P1615I"]["extra"]["outcome"]["influence"]["placements"]]
    assert not re.search(r"AUSTRIA|FRANCE|SPAIN|ENGLAND|DENMARK", infs)
    assert records["P1616I"]["extra"]["outcome"]["influence"]["year_infs"]["DENMARK"] == 13
    taxes, text = section("T1616T", "Treasuries", "</table>")
    assert "<th>Denmark/Sweden</th>" in taxes and not re.search(r"AUSTRIA|FRANCE|SPAIN|ENGLAND|DENMARK", taxes)
    assert ("England: Before 40; Centers 36; Tribute IRE (Ireland) 1, RHI (Rhineland-Palatinate) 3; Income 40; "
            "Treasury 80") in text
    penalties, text = section("U1615M", "Penalties", "</ul>")
    assert "<strong>Austria</strong> -15 VPs for dislodging the unit of BOS (Bosnia) in BOS" in penalties
    assert "Austria -15 VPs for dislodging the unit of BOS (Bosnia) in BOS" in text
    assert _state(records["U1615M"])["penalties"][0]["power"] == "AUSTRIA"


def test_the_attacks_bribe_chart_and_overspending_cuts_name_the_powers(game, tmp_path):
    """rulebook 001: 'The national order of attacks is as follows: Spain, France, England,
    Denmark/Sweden, and Austria'; 'Players submit their offer sheet as describe at ...
    payolaclassic.htm', whose judges 'publish a bribe chart (each unit's winning order, who paid
    what, treasuries before and after)' and reduce all the offers of a power whose 'payments
    exceed its treasury' (``shared/reference/payola-classic.md``). QA finding: the Diplomatic
    attacks lines, the bribe chart and the overspending cuts led with the powers' codes
    ("SPAIN attacks FRANCE in LOR", "DENMARK 41", "every offer of DENMARK by 5") where the rest
    of the page names them. The record keeps the codes."""
    root, records = game
    build_site(root, tmp_path / "site")
    folder = tmp_path / "site" / "games" / GAME
    codes = re.compile(r"AUSTRIA|FRANCE|SPAIN|ENGLAND|DENMARK")

    def section(phase: str, title: str) -> str:
        page = unescape((folder / f"{phase}.html").read_text(encoding="utf-8"))
        start = page.index(f">{title}</h2>")
        return page[start:page.index("</section>", start)]

    attacks = section("P1616D", "Diplomatic attacks")
    assert "In the national order Spain, France, England, Denmark/Sweden, Austria;" in attacks
    assert "<li>Spain attacks France in LOR (Lorraine): 31 against 6 INFs, 5 to 1 or better, no roll; Spain loses 0, " \
           "France loses 6</li>" in attacks
    assert "France attacks Spain in LOR (Lorraine), order 0: not performed, France has no INFs in LOR (Lorraine)" \
        in attacks
    assert "England attacks France in England's home box: 12 against 5 INFs" in attacks
    assert not codes.search(attacks)
    text = " ".join((folder / "P1616D.txt").read_text(encoding="utf-8").split())
    assert "Denmark/Sweden attacks Austria in SAX (Saxony): 7 against 10 INFs" in text
    chart = section("S1616M", "Bribe chart")
    assert re.search(r"A MEC H</t[hd]><td>Denmark/Sweden 40<", chart) and "Denmark/Sweden: 82 - 81 = 1" in chart
    assert "Overspending: Denmark/Sweden's offers were each cut by 5, and every unit was decided again" in chart
    assert not codes.search(chart)
    assert re.search(r"F BRI H</t[hd]><td>Spain 3<", section("S1615M", "Bribe chart"))
    assert records["P1616D"]["extra"]["outcome"]["attacks"]["attacks"][0]["power"] == "SPAIN"


def test_two_offers_pasted_into_one_offers_cell_are_named_as_two(political):
    """rulebook 001, the offer sheet: 'amount : unit order', one offer for each order. A mail's
    two offers pasted into one Order cell (or typed with Alt+Enter) were refused with the
    parser's words for the first ('unexpected ... after the destination'), as if one order were
    mistyped; they are named as two offers, one a row, as the Orders sheet names two orders."""
    run_turn("g", root=political.root, site_dir=None, force=True)
    run_turn("g", root=political.root, site_dir=None, force=True)
    assert load_state("g", political.root).position.phase == "S1615M"
    political.workbook.write_bytes(set_cells(political.workbook.read_bytes(), {
        "Offers!A2": "SPAIN", "Offers!B2": 0, "Offers!C2": "A MAD - ARA\nA MAD H"}))
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=political.root, site_dir=None)
    [(cell, found, expected)] = [(p.cell, p.found, p.expected) for p in caught.value.problems]
    assert (cell, found) == ("C2", "'A MAD - ARA\\nA MAD H'")
    assert expected.startswith("one offer a row, not 2 lines (Alt+Enter): type each offer on a row of its own, "
                               "with its Power and Amount (")


def test_a_phase_rolled_back_takes_its_ledgers_with_it(game, tmp_path):
    """The ledgers are the phase's ('written to a file per power that the GM can send'): a
    rollback withdraws them to rolled-back/ with the record; before, private/PHASE stayed, so
    the GM found ledgers of a phase not played, and a power's ledger the phase no longer gives
    would have stayed beside the new ones once it was played again."""
    import shutil

    from gm_tools.app.rollback import rollback

    root = tmp_path / "games"
    shutil.copytree(game[0], root)
    paths = game_paths(GAME, root)
    last = load_state(GAME, root).history[-1]["phase"]
    rolled = []
    while "S1616M" not in rolled:
        rolled.append(rollback(GAME, root, site_dir=None))
    assert not (paths.folder / "private" / "S1616M").exists()
    kept = paths.folder / "rolled-back" / "private-S1616M.1" / "DENMARK.txt"
    assert "46 : A BRA H - accepted, paid 41" in kept.read_text(encoding="utf-8")
    assert last in rolled and (paths.folder / "private" / "S1615M" / "DENMARK.txt").exists()


def test_private_before_any_ledger_says_none_was_given_yet(tmp_path, capsys):
    """Europe 1615 v2's rules give ledgers (its movement phases'): before one is played,
    `gm-tools private` said 'its rules give no private reports', which is not so."""
    from gm_tools.app.cli import main

    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert main(["private", "g", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "g: no phase played yet has given a private report\n"
    new_game("standard", "s", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    assert main(["private", "s", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "s: its rules give no private reports\n"


def test_a_tie_at_the_opening_of_1621_is_said_with_the_vps(tmp_path):
    """Rulebook 001, VICTORY: 'At the opening of 1621, the player with most VPs wins the game.
    If there is a tie between any two players, then the game will resume for another year, and
    VPs reassessed at the opening of 1622.' A game where nobody ever orders reaches 1621 tied;
    the turn went on to 1621 without a word of the end not come. The phase whose end opens 1621
    now says the tie, each player's VPs (a player's powers together) and the year it resumes
    for, on its report and page; the record is as before (a section made at display time)."""
    new_game("europe1615v2", "g", root=tmp_path, seed=5, player_count=4, created="2000-01-01T00:00:00Z")
    while True:
        report = run_turn("g", root=tmp_path, site_dir=None, force=True)
        if load_state("g", tmp_path).position.phase == "P1621I":
            break
    record = load_state("g", tmp_path).history[-1]
    assert record["winner"] is None and "Victory" not in json.dumps(record)
    assert ("At the opening of 1621 no player or alliance wins on the VPs (Spain 0, Austria 0, France 0, "
            "Denmark/Sweden and England 0): a tie, so the game resumes for another year, the VPs reassessed at "
            "the opening of 1622.") in report.text()
    report = run_turn("g", root=tmp_path, site_dir=None, force=True)  # P1621I itself: nothing said again
    assert "a tie" not in report.text()


def test_one_inf_kept_in_a_home_box_is_one_inf(tmp_path):
    """rulebook 001, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'Any unused INFs are placed in
    the power's home box for later use.' France placing 21 of its 22 keeps one: the page and the
    judge text said '1 INFs kept'."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1615v2.report import sections

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    enter_mails("g", [("f.txt", b"France\n10: LOR\n6: SAV\n5: ENGLAND\n")], root=tmp_path)
    record = run_turn("g", root=tmp_path, site_dir=None).record
    boxes = dict(sections(load_variant("europe1615v2"), record))["Home boxes"]
    assert "**France**: 1 INF kept\n" in boxes and "**France**: 1 INFs" not in boxes
    assert "**England**: 12 INFs kept; placed by others: France 5" in boxes


def test_an_attack_in_ones_own_home_box_without_infs_there_is_refused_in_words(tmp_path):
    """rulebook 001, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'To negate the effect of
    diplomatic immunity, the affected power must eliminate or reduce the number of INFs of the
    opposing power to less than 5 with diplomatic attacks'; 'Any unused INFs are placed in the
    power's home box'. An attack in one's own home box with none kept there, or on a power
    that placed none there, was refused as 'ENGLAND has no INFs in ENGLAND': it is said as the
    home box it is."""
    from gm_tools.app.mailorders import enter_mails

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    payola_to_attacks(tmp_path, [("e.txt", b"England\n24: IRE\n"), ("f.txt", b"France\n5: ENGLAND\n")])  # 1615: all kept
    report = enter_mails("g", [("e.txt", b"England\n0: ENGLAND > FRANCE\n"),
                               ("d.txt", b"Denmark\n0: DENMARK > SPAIN\n")], root=tmp_path, dry_run=True)
    assert [(where, why.split("the rules allow: ")[1]) for where, _, why in report.refused] == [
        ("e.txt line 2", "ENGLAND keeps no INFs in its own home box to attack with ('Any unused INFs are placed in "
                         "the power's home box')"),
        ("d.txt line 2", "SPAIN has placed no INFs in DENMARK's home box")]
