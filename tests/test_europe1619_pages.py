"""The Europe 1619 demo's built pages read as English with the powers named, where the records
keep the phases' words with codes ("SPAIN (3) attacks FRANCE (7) in LOR ...", "Income: home
center NAP", "1 INFs placed in MOD"): the records stay as they are (a recorded game replays
byte for byte), the pages say them (``gm_tools/systems/europe1619/recordwords.py``).

Rulebook: ``002_e7e1b063b6c411e5.txt`` (Europe 1619).
"""

from __future__ import annotations

import dataclasses
import json
import re
from html import unescape

import pytest

from gm_tools.app.demo import play_demo, read_demo
from gm_tools.publish.site import build_site

from demos import built_site, demo_file

GAME = "europe1619-demo"
CODES = re.compile(r"\b(AUSTRIA|DENMARK|SPAIN|FRANCE|DUTCH|ENGLAND|SWEDEN|LEAGUE|UNION|PAPACY|POLAND|SAXONY|"
                   r"OTTOMAN|VENICE|SAVOY)\b")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("e1619pages")
    folder = built_site(root, ["europe1619"]) / "games" / GAME
    return root / "sheets" / GAME, folder


def _page(folder, phase: str) -> str:
    return unescape((folder / f"{phase}.html").read_text(encoding="utf-8"))


def _section(page: str, title: str) -> str:
    start = page.index(f">{title}</h2>")
    return page[start:page.index("</section>", start)]


def _text(folder, phase: str) -> str:
    return " ".join((folder / f"{phase}.txt").read_text(encoding="utf-8").split())


def _records(game) -> dict:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (game / "history").glob("*.json")}


def test_the_diplomatic_attacks_name_the_powers_in_the_section_the_reasons_and_the_judge_text(site):
    """'Diplomatic attacks are then resolved by a MUTUAL REDUCTION in the total INFs invested in
    the state. In the attack, the power with the lesser number of INFs placed removes all INFs
    and the power with larger number of INFs placed loses equal amount.' QA finding: the page's
    Diplomatic attacks and the attack's Reason were the record's words with the powers' codes
    ("UNION (6) attacks SAXONY (3) in BOHC")."""
    game, folder = site
    page = _page(folder, "Y1620D")
    attacks = _section(page, "Diplomatic attacks")
    assert ("<li>The Protestant Union and the Palatinate (6) attacks the Electorate of Saxony (3) in BOHC (Bohemian "
            "Confederacy): each loses 3, "
            "leaving the Protestant Union and the Palatinate 3, the Electorate of Saxony 0</li>") in attacks
    assert "<li>Spain (3) attacks France (7) in LOR (Lorraine-Alsace): each loses 3, leaving Spain 0, France 4</li>" \
        in attacks
    assert not CODES.search(attacks)
    # the attack's row says who attacked whom where (its heading, the order in words), its
    # Reason the effect: the record's line with the codes is not shown there
    assert ('<code>LOR &gt; FRANCE</code></td><td class="result">succeeds</td><td>3 INFs against 7: each loses 3, '
            'leaving 0 and 4</td>') in (folder / "Y1620D.html").read_text(encoding="utf-8")
    assert "Spain (3) attacks France (7) in LOR (Lorraine-Alsace): each loses 3, leaving Spain 0, France 4" \
        in _text(folder, "Y1620D")
    recorded = _records(game)["Y1620D"]
    assert recorded["extra"]["outcome"]["diplomatic"]["attacks"][0] == \
        "SPAIN (3) attacks FRANCE (7) in LOR: each loses 3, leaving SPAIN 0, FRANCE 4"


def test_the_declarations_name_the_powers(site):
    """'Declaration of war is announced during one Diplomatic Phase, and becomes effective in the
    next year.' QA finding: the Declarations said "alliance of DUTCH and ENGLAND"."""
    game, folder = site
    declarations = _section(_page(folder, "Y1620D"), "Declarations")
    assert "in effect from 1620: alliance of the Dutch Republic and England" in declarations
    assert "in effect from 1620: France declared war on Spain" in declarations
    assert "declared: Austria declared war on the Protestant Union and the Palatinate" in declarations
    assert not CODES.search(declarations)
    assert "declared: the Catholic League and Bavaria declared war on the Protestant Union and the Palatinate" in \
        _text(folder, "Y1620D")
    assert "alliance of DUTCH and ENGLAND" in _records(game)["Y1620D"]["extra"]["outcome"]["diplomatic"]["took_effect"]


def test_a_declaration_made_this_year_says_the_year_it_takes_effect(site):
    """002_e7e1b063b6c411e5.txt, Declarations, 'Declaration of war against another power':
    'Declaration of war is announced during one Diplomatic Phase, and becomes effective in the
    next year.' (an alliance 'becomes effective the following year'). QA finding: a declaration
    made in 1620 was listed as "declared: Austria declared war on ..." (in 1619's game,
    "declared: Austria dissolved its alliance with the Catholic League"), read as in force
    already, while the lines above it say "in effect from 1620"."""
    _, folder = site
    declarations = _section(_page(folder, "Y1620D"), "Declarations")
    assert ("<li>declared: Austria declared war on the Protestant Union and the Palatinate (in effect from "
            "1621)</li>") in declarations
    assert ("declared: the Catholic League and Bavaria declared war on the Protestant Union and the Palatinate "
            "(in effect from 1621)") in _text(folder, "Y1620D")
    # the first year's page, the one with least room in its byte budget (tests/test_site_sizes.py)
    assert "<li>declared: France declared war on Spain (in effect from 1620)</li>" in _page(folder, "Y1619D")


def test_spains_build_sites_pay_as_build_sites_and_a_loan_names_the_lender(site):
    """'Spain = A-Madrid and F-Andalusia (However, Naples, Milan, and Flanders are build sites for
    Spain they are not considered home centers ...)'; 'England = F-London and A-Lancashire
    (However, Scotland is a build site for England it is not considered a home center ...)';
    'If a player gives a loan, he/she may demand an interest payment'. QA finding: Spain's
    statement said "Income: home center NAP", a loan "Loan from VENICE (1 TPs interest ...)" and
    the loans outstanding "2 TPs + 1 interest". The records keep their words; the income is as
    if they were home centers (``variants/europe1619/NOTES.md``)."""
    game, folder = site
    statements = _section(_page(folder, "Y1619B"), "Treasury statements")
    spain = next(line for line in statements.splitlines() if "<strong>Spain</strong>" in line)
    assert "+ 5 Income: home center MAD" in spain and "+ 4 Income: home center ANDL" in spain
    for site_ in ("FLA", "MIL", "NAP"):
        assert f"Income: build site {site_}" in spain and f"home center {site_}" not in spain
    assert "+ 2 Income: build site SCO" in statements
    assert "+ 2 Loan from the Republic of Venice (1 TP interest, due 1621)" in statements
    assert "- 2 Loan to the Duchy of Savoy (1 TP interest, due 1621)" in statements
    assert "= 1 TP</li>" in statements and not CODES.search(statements)
    assert "Income: build site NAP" in _text(folder, "Y1619B")
    assert "owes the <strong>Republic of Venice</strong> 2 TPs + 1 TP interest, due 1621" in \
        _section(_page(folder, "Y1620D"), "Loans outstanding")
    items = dict(_records(game)["Y1619B"]["extra"]["outcome"]["transactions"]["statements"]["SPAIN"])
    assert items["Income: home center NAP"] == 3


def test_a_placement_of_one_inf_says_one_inf(tmp_path):
    """'Players should use all INFs available for the year'; Austria places its six as 3, 2 and 1.
    QA finding: the Reason of a placement of 1 read "1 INFs placed in MOD" (the record's words,
    kept); the page says it from the order ``1: MOD``."""
    demo = read_demo(demo_file("europe1619"))
    first = dict(demo.phases["Y1619D"], AUSTRIA=["3: CRO", "2: MAN", "1: MOD"])
    play_demo(dataclasses.replace(demo, until="Y1619M", phases={"Y1619D": first}), tmp_path / "sheets")
    build_site(tmp_path / "sheets", tmp_path / "site")
    page = (tmp_path / "site" / "games" / GAME / "Y1619D.html").read_text(encoding="utf-8")
    assert '<code>1: MOD</code></td><td class="result">succeeds</td><td>1 INF placed in MOD</td>' in page
    assert '<code>2: MAN</code></td><td class="result">succeeds</td><td>2 INFs placed in MAN</td>' in page
    results = _records(tmp_path / "sheets" / GAME)["Y1619D"]["results"]
    assert {"order": "1: MOD", "reason": "1 INFs placed in MOD"}.items() <= \
        next(r for r in results if r["order"] == "1: MOD").items()


def test_the_papacys_lapsed_protection_names_the_powers():
    """'no Catholic power can declare war on the Papacy unless any one of the following events
    has occured: - The Papacy captures a center.' The Papacy holds Naples, captured at a Map
    Adjustment Phase; France's WAR: PAPACY stands and the Declarations say why. QA finding: the
    note read "PAPACY captured NAP" (the record's words, kept); the center is given by its code
    and name too, as a minor state is."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.model import Position
    from gm_tools.systems.europe1619.phases import play_diplomatic
    from gm_tools.systems.europe1619.report import sections

    variant = load_variant("europe1619")
    board = Position("Y1623D", centers={"NAP": "PAPACY"}, extra={"europe1619": {"captured": {"NAP": "PAPACY"}}})
    outcome = play_diplomatic(variant, board, {"orders": {"FRANCE": ["WAR: PAPACY"]}})
    assert outcome.extra["diplomatic"]["papal_events"] == ["PAPACY captured NAP"]
    record = {"phase": "Y1623D", "before": {"extra": {}}, "results": [], "extra": {"outcome": outcome.extra}}
    declarations = dict(sections(variant, record))["Declarations"]
    assert "- the Papacy's protection lapses: the Papacy captured NAP (Naples)" in declarations
    assert "- declared: France declared war on the Papacy" in declarations
    assert not CODES.search(declarations)


MINORS = re.compile(r"\b(ANS|BOHC|BRAP|BRE|CAT|COL|CRO|ERF|GEN|HAM|HES|IRE|LOR|LOWR|MAG|MAN|MEC|MOD|MOL|OLD|PAD|"
                    r"PARM|POM|POR|ROC|SAA|SHA|SRL|STR|SWI|TRA|TRI|TUN|TUS|WAL|WES|WUE|WUR)\b(?! \()")
"""A minor state's code not followed by its name: what a player could not read (BRAP)."""


def test_the_map_adjustment_names_the_minor_states(site):
    """1619 rulebook: 'A captured minor state CANNOT be influenced by any power ... all INFs
    presently invested in the state are held in suspension'; 'A confessional marker ... placed
    on a minor state's home supply center during the Map Adjustment Phase'. QA finding: the Map
    adjustment section gave the minor states by code only ("the minor state GEN captured by
    ...", "confessional markers: LOR (catholic)"); each is now its code and name, as the
    Influence Tracker gives them, the markers grouped by confession."""
    game, folder = site
    adjustment = _section(_page(folder, "Y1619J"), "Map adjustment")
    assert "<li>the minor state GEN (Genoa) captured by the Duchy of Savoy: it holds no INFs</li>" in adjustment
    assert "<li>the minor state POM (Pomerania) captured by Poland-Lithuania: it holds no INFs</li>" in adjustment
    # the rulebook's "Catholic marker", "Protestant marker": capitalised, as the tracker's column
    assert "confessional markers: Catholic in CAT (Catalonia), COL (Cologne), CRO (Croatia), LOR (Lorraine-Alsace)," \
        in adjustment
    assert "; Ottoman in TRA (Transylvania), TUN (Tunisia); Protestant in ANS (Ansbach)," in adjustment
    assert "<td>Catholic</td>" in _section(_page(folder, "Y1620D"), "Influence Tracker")
    # a captured province is given by code and name too: test_a_captured_province_is_given_by_code_and_name
    lines = [line for line in re.findall(r"<li>(.*?)</li>", adjustment, re.S) if "minor state" in line or "markers" in line]
    assert lines and not any(MINORS.search(line) for line in lines), lines
    assert "the minor state BOHC (Bohemian Confederacy) captured by Austria: its INFs are held in suspension" \
        in _text(folder, "Y1622J")
    recorded = _records(game)["Y1619J"]["extra"]["outcome"]["map_adjustment"]
    assert ["GEN", "SAVOY"] in recorded["captured_minors"] and recorded["markers"]["LOR"] == "catholic"


CAPTURE_BY_CODE = re.compile(r"\b[A-Z]{2,5} (captured by|reverts)|captured (center|province) [A-Z]{2,5}\b(?! \()")
"""A capture line with its province by code alone ("BRB captured by", "captured province POM")."""


def test_a_captured_province_is_given_by_code_and_name(site):
    """1619 rulebook, 'Occupation': 'For a power or a minor state to capture and maintain control
    of a foreign province or foreign center, it must maintain occupation. If the province is no
    longer occupied ... it immediately reverts back to its independent status after the Map
    Adjudication Phase'; 'Treasury': income 'from captured foreign centers ... and captured
    foreign provinces valued at 1 TP each'. QA finding (README, "Words the records keep"): the
    Map adjustment, the judge text and the statements gave a captured province by code alone
    ("BRB captured by the Dutch Republic"), which a player cannot read; each is now its code
    (what the orders type) and name, as a minor state is. The records keep the codes."""
    game, folder = site
    adjustment = _section(_page(folder, "Y1619J"), "Map adjustment")
    assert "<li>BRB (Brabant) captured by the Dutch Republic</li>" in adjustment
    assert "<li>GEN (Genoa) captured by the Duchy of Savoy</li>" in adjustment
    assert "<li>POM (Pomerania) captured by Poland-Lithuania</li>" in adjustment
    reverted = _section(_page(folder, "Y1620J"), "Map adjustment")
    assert "<li>BRB (Brabant) reverts (was held by the Dutch Republic)</li>" in reverted
    assert "BRB (Brabant) captured by the Dutch Republic GEN (Genoa) captured by the Duchy of Savoy" \
        in _text(folder, "Y1619J")
    assert "BRB (Brabant) reverts (was held by the Dutch Republic)" in _text(folder, "Y1620J")
    # the statements' captured centers and provinces, on the page and in the judge text
    statements = _section(_page(folder, "Y1619B"), "Treasury statements")
    assert "+ 1 Income: captured province BRB (Brabant) -" in statements
    assert "+ 3 Income: captured center GEN (Genoa) +" in statements
    assert "+ 1 Income: captured province BRB (Brabant) - 5 BUILD A HLD" in _text(folder, "Y1619B")
    # the turn's report to the GM says the page's sections, in the judge text's words
    from gm_tools.app.turnreport import TurnReport
    from gm_tools.edges.variants import load_variant

    records = _records(game)
    report = TurnReport(GAME, "Y1619B", True, record=records["Y1619B"], variant=load_variant("europe1619")).text()
    assert "+ 1 Income: captured province BRB (Brabant) - 5 BUILD A HLD" in report
    report = TurnReport(GAME, "Y1619J", True, record=records["Y1619J"], variant=load_variant("europe1619")).text()
    assert "  BRB (Brabant) captured by the Dutch Republic" in report.splitlines()
    for phase in ("Y1619J", "Y1620J", "Y1621J", "Y1622J", "Y1619B", "Y1620B", "Y1621B", "Y1622B"):
        for said in (_page(folder, phase), _text(folder, phase)):
            assert not CAPTURE_BY_CODE.search(said), (phase, CAPTURE_BY_CODE.search(said))
    # display only: the records keep the phases' words, so recorded games replay byte for byte
    assert ["BRB", "DUTCH"] in records["Y1619J"]["extra"]["outcome"]["map_adjustment"]["captures"]
    assert ["BRB", "DUTCH"] in records["Y1620J"]["extra"]["outcome"]["map_adjustment"]["reverted"]
    recorded = json.dumps(records["Y1619B"])
    assert "Income: captured province BRB\"" in recorded and "(Brabant)" not in recorded
    # the GM's Treasury Statements sheet (the lines the GM sends each player) says them the same
    # way; the game stands after 1622, whose statements it holds
    import openpyxl

    book = openpyxl.load_workbook(game.parent / f"{GAME}.xlsx", read_only=True)
    items = {(r[1], r[2]) for r in book["Treasury Statements"].iter_rows(min_row=2, values_only=True)}
    assert {("DENMARK", "Income: captured province KLM (Kalmar)"),
            ("AUSTRIA", "Income: captured center BOH (Bohemia)")} <= items
    assert not any(CAPTURE_BY_CODE.search(item) for _, item in items)
    assert "Income: captured province KLM\"" in json.dumps(records["Y1622B"])


def test_an_aligned_states_income_is_given_by_code_and_name(site):
    """1619 rulebook, 'Treasury': 'The Protestant Union and the Catholic League receive income from
    aligned states as well, but only from those states within the HRE. Example: If the Catholic
    League maintains the alignment of Wuerzburg and Cologne, it receives 1 and 3 TPs'. QA finding:
    the statements said "Income: aligned state COL", a code a reader cannot place, where a
    captured center is "GEN (Genoa)"; the page, the judge text and the GM's Treasury Statements
    sheet now give the state by code and name. The records keep the codes."""
    game, folder = site
    statements = _section(_page(folder, "Y1619B"), "Treasury statements")
    assert "+ 3 Income: aligned state COL (Cologne)" in statements
    assert "+ 1 Income: aligned state WUE (Wuerzburg)" in statements
    assert "Income: aligned state HES (Hesse)" in _text(folder, "Y1619B")
    assert not re.search(r"aligned state [A-Z]+\b(?! \()", statements + _text(folder, "Y1619B"))
    import openpyxl

    book = openpyxl.load_workbook(game.parent / f"{GAME}.xlsx", read_only=True)
    items = {r[2] for r in book["Treasury Statements"].iter_rows(min_row=2, values_only=True)}
    assert "Income: aligned state COL (Cologne)" in items
    assert not any(re.search(r"aligned state [A-Z]+$", i or "") for i in items)
    assert "Income: aligned state COL\"" in json.dumps(_records(game)["Y1619B"])


def test_the_papacys_captured_centers_are_given_by_code_and_name():
    """1619 rulebook: 'no Catholic power can declare war on the Papacy unless ... The Papacy
    captures a center.' The recorded note lists every center ("PAPACY captured NAP, ROM" is the
    shape ``diplomatic_phase._papal_captures`` writes); each is given by code and name."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1619.recordwords import papal_note

    variant = load_variant("europe1619")
    assert papal_note(variant, "PAPACY captured MOD, NAP") == "the Papacy captured MOD (Modena), NAP (Naples)"
    assert papal_note(variant, "the GM's own note on NAP") == "the GM's own note on NAP"


def test_the_diplomatic_page_names_the_minor_states(site):
    """QA finding: the Diplomatic Phase's INF placements, Status changes, Influence Tracker and
    Diplomatic attacks gave the minor states by code only (ANS, BOHC, BRAP, PARM): a player could
    not tell BRAP is Brandenburg-Prussia. Each is now its code (what the orders type) and name, as
    the workbook's Influence Tracker has a Minor state and a Name column."""
    _, folder = site
    page = _page(folder, "Y1619D")
    placements = _section(page, "INF placements")
    assert "<li><strong>Poland-Lithuania</strong>: 3: BRAP (Brandenburg-Prussia)</li>" in placements
    assert "<strong>Republic of Venice</strong>: 3: PARM (Parma)" in placements
    # the name the page's orders say ("Places 2 INFs in Saarbruecken"), not the tables' spelling
    assert "2: SAA (Saarbruecken)" in placements and "Places 2 INFs in Saarbruecken" in page
    # the attacks too, their minor state as the tracker's rows give it
    attacks = _section(page, "Diplomatic attacks")
    assert "<li>Spain (2) attacks France (5) in LOR (Lorraine-Alsace): each loses 2," in attacks
    changes = _section(page, "Status changes")
    assert ("<strong>BRAP (Brandenburg-Prussia)</strong>: ALIGNED (Protestant Union and the Palatinate) "
            "\u2192 NEUTRAL") in changes
    tracker = _section(page, "Influence Tracker")
    assert "<th>ANS (Ansbach)</th>" in tracker and "<th>BOHC (Bohemian Confederacy)</th>" in tracker
    for section in (placements, attacks, changes, tracker):
        assert not MINORS.search(section), MINORS.search(section)


def test_the_influence_tracker_is_the_one_account_of_the_minor_states(site):
    """The 'Status of the minor states' list said again what the Influence Tracker shows (each
    minor state's status, total and INFs by power): the page keeps the tracker alone (a phase's
    page, JSON and text stay under 60,000 bytes, tests/test_site_sizes.py), whose Status still
    says a captured state's status, and the judge text gives the tracker's rows as lines, the
    powers without INFs there left out."""
    _, folder = site
    page = _page(folder, "Y1620D")
    assert ">Status of the minor states<" not in page
    tracker = _section(page, "Influence Tracker")
    assert "<th>GEN (Genoa)</th>" in tracker and "<td>UNALIGNED, captured by the Duchy of Savoy</td>" in tracker
    text = _text(folder, "Y1619D")
    assert ("Influence Tracker: ANS (Ansbach): Protestant Union and the Palatinate 2; Total 2; Status ALIGNED "
            "(Protestant Union and the Palatinate) BOHC (Bohemian Confederacy): Electorate of Saxony 3; "
            "Protestant Union and the Palatinate 3; Total 6; Status NEUTRAL") in text
    assert "ERF (Erfurt): Total 0; Status UNALIGNED" in text
    assert "Status of the minor states" not in text
    assert "GEN (Genoa): Total 0; Status UNALIGNED, captured by the Duchy of Savoy" in _text(folder, "Y1620D")


def test_the_scoring_verdict_is_a_sentence_with_the_powers_named(site):
    """1619 rulebook: 'First player to reach 25 points wins'. QA finding: the Scoring Phase's
    verdict closed its section as the record keeps it, "no power has 25 points; highest 19."
    (a sentence in small letters; a win would have read "DUTCH reached 25 points"): the page
    and the judge text begin it with a capital and name the powers."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.systems.europe1619.recordwords import verdict

    game, folder = site
    assert "<p>No power has 25 points; highest 19.</p>" in _section(_page(folder, "Y1622S"), "Scores 1622")
    assert "No power has 25 points; highest 19." in _text(folder, "Y1622S")
    assert _records(game)["Y1622S"]["extra"]["outcome"]["scoring"]["verdict"] == "no power has 25 points; highest 19"
    variant = load_variant("europe1619")
    assert verdict(variant, "DUTCH reached 25 points (25 wins)") == "The Dutch Republic reached 25 points (25 wins)"
    assert verdict(variant, "the game ends in 1648: SPAIN has the highest score (20)") == \
        "The game ends in 1648: Spain has the highest score (20)"
