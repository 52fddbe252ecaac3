"""Europe 1615 (v3) as a GM runs it, second QA pass: what the players read of a phase.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

import re
from html import unescape

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.publish.judgetext import judge_text
from gm_tools.publish.site import build_site


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def test_a_move_not_followed_for_this_phases_neutrality_is_not_published_as_no_order(tmp_path):
    """rulebook 000, 'Neutrality (impassable)': 'If the political status is NEUTRAL, no power can
    enter the minor state as it violates the neutrality status'; 'Rules concerning political
    status': 'After submission of orders and INF deployment, the GM publishes the results, which
    powers have deployed to which states and whether the orders submitted are followed or not'.
    Spain orders A MIL - TUR while France and Spain each deploy 10 INFs in Savoy, which turns
    NEUTRAL: the order is not followed and A MIL holds. The page and the judge text said both
    that, and 'A MIL had no order and holds' ('no order: holds' beside its result), with
    "Orders!C.. 'A MIL - TUR' was invalid and not used": Spain did order the unit, and the order
    was legal when given (QA). The record keeps its words, so recorded games replay as they were."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None)  # the Initial Status Check
    enter_mails("g", [("f.txt", b"France\n10: SAV\nA PAR H\n")], root=tmp_path)
    enter_mails("g", [("s.txt", b"Spain\n10: SAV\nA MIL - TUR\nA MAD H\n")], root=tmp_path)
    record = run_turn("g", root=tmp_path, site_dir=None, force=True).record
    assert any(n["text"] == "A MIL had no order and holds" for n in record["notes"])  # the record as it was

    build_site(tmp_path, tmp_path / "site")
    page = _text((tmp_path / "site" / "games" / "g" / "S1615M.html").read_text(encoding="utf-8"))
    assert "A MIL had no order" not in page and "'A MIL - TUR' was invalid" not in page
    assert "A MIL H succeeds no order: holds" not in page
    assert "A MIL H succeeds its order not followed: holds" in page
    assert "A FLA had no order and holds" in page  # a unit truly left without an order still says so

    judged = judge_text(load_variant("europe1615"), record)
    assert "Spain: Army Milan HOLD." in judged
    milan = next(line for line in judged.splitlines() if line.startswith("Spain: Army Milan HOLD"))
    assert "no order" not in milan
    # the order as written: not followed, with why, not 'void' as if it could never be carried out
    moved = " ".join(judged.split()).split("Spain: Army Milan -> Turin.")[1].split("Spain:")[0]
    assert "void" not in moved and "(*not followed, the unit holds: TUR belongs to SAV" in moved


def test_a_power_the_gm_marked_abandoned_is_not_waited_for(tmp_path):
    """rulebook 000, 'ABANDONMENT / CIVIL DISORDER': 'When a power is abandoned, and the GM is
    unable to find a replacement, then power will be dissolved at the winter phase'. Nobody
    plays England any more, so no orders will come for it: the GM typed England on the
    Abandonment sheet, and `status` still waited for it, saying 'ENGLAND (Abandonment received;
    unit orders for its 4 units not yet)', as if England had mailed the GM's own row (QA)."""
    import openpyxl

    from gm_tools.app.status import phase_status
    from gm_tools.edges.game import game_paths

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None)  # the Initial Status Check
    for power, mail in (("Austria", "A VIE H"), ("France", "A PAR H"), ("Spain", "A MAD H"), ("Denmark", "A SCA H")):
        enter_mails("g", [(f"{power}.txt", f"{power}\n{mail}\n".encode())], root=tmp_path)
    book = game_paths("g", tmp_path).workbook
    wb = openpyxl.load_workbook(book)
    wb["Abandonment"]["A2"] = "ENGLAND"
    wb.save(book)
    status = phase_status("g", tmp_path)
    assert status.waiting_for == []
    assert "Abandonment received" not in status.waiting_line

    assert "abandoned: ENGLAND" in status.text()


def test_the_aligned_powers_mailed_disband_is_typed_on_the_required_disbands_sheet(tmp_path):
    """rulebook 000, 'Disbanding': 'If the minor state has 2 or more units, and one or more of its
    non-home centers are captured, the aligned power will submit the orders to disband in the Early
    Winter Adjustment Phase'. Mecklenburg (aligned with Denmark) has lost Stralsund and keeps
    armies in MEC and POM; `status` waits for Denmark's 'orders to disband 1 unit of MEC', and
    Denmark mails 'A POM D': `gm-tools orders` refused it ('no unit orders are read in phase
    E1616D'), so the GM had to type the mail's order by hand (QA). It goes on the Required
    Disbands sheet, and the turn disbands the army."""
    import openpyxl

    from europe1615_play import board, game_at
    from gm_tools.app.status import phase_status
    from gm_tools.app.turn import load_state
    from gm_tools.systems.europe1615.sheets import DISBANDS

    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "SRL": "A BRA"}, phase="E1616D", centers=centers,
                  influence={"MEC": {"DENMARK": 10}})
    paths = game_at(tmp_path, early)
    report = enter_mails("g", [("d.txt", b"Denmark\nA POM D\n")], root=tmp_path)
    assert report.refused == []
    rows = [[c.value for c in row] for row in openpyxl.load_workbook(paths.workbook)[DISBANDS].iter_rows(min_row=2)]
    assert ["DENMARK", "A POM"] in [row[:2] for row in rows]
    assert phase_status("g", tmp_path).waiting_for == []
    run_turn("g", root=tmp_path, site_dir=None)
    assert sorted(p for p, u in load_state("g", tmp_path).position.units.items() if u.power == "MEC") == ["MEC"]


def test_a_mail_naming_the_early_winter_in_its_subject_is_read_for_it(tmp_path):
    """rulebook 000, 'PHASES OF THE GAME YEAR': '5- Early Winter Adjustment Phase (Required
    Disbands) 6- Late Winter Adjustment Phase (Build Phase)'. Denmark's mail for the Early Winter,
    its Subject 'Early Winter 1616', was refused whole: "the mail's Subject names W1616", its
    'Winter' read as the Late Winter's W (QA)."""
    from europe1615_play import board, game_at
    from gm_tools.edges.mail import subject_phase

    assert (subject_phase("Early Winter 1616"), subject_phase("Denmark: Late Winter 1616 builds")) == ("E1616", "W1616")
    centers = dict(board({}).centers, SRL="BRA")
    early = board({"MEC": "A MEC", "POM": "A MEC", "SRL": "A BRA"}, phase="E1616D", centers=centers,
                  influence={"MEC": {"DENMARK": 10}})
    game_at(tmp_path, early)
    mail = b"From: knud@example.org\nSubject: Early Winter 1616\n\nDenmark\nA POM D\n\n-- \nKnud\n"
    report = enter_mails("g", [("d.eml", mail)], root=tmp_path)
    assert report.refused == []


def test_the_timeline_takes_its_phases_as_the_rulebook_writes_them(tmp_path):
    """rulebook 000, 'SANCTIONS AND THE PRE-GENERATED TIMELINE': "An example of a timeline with
    the first sanction coming into effect in 1616: Summer 1616: Anti-Hapsburg Campaign / Spring
    1617: Protestant League / Spring 1618: Kejserkrigen / Winter 1618: Swedish/Gustav's
    intervention / Summer 1619: Polish intervention". A GM typing the phases so, 'Summer 1616',
    was refused at each cell (expected S1616M, U1616M, ...): they are read as the phases they
    name, the rulebook's Winter the Late Winter's builds (docs/europe1615.md), and an Early Winter
    as itself (QA)."""
    import openpyxl

    from gm_tools.app.turn import load_state
    from gm_tools.edges.game import game_paths
    from gm_tools.systems.europe1615.setup import setup_of

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    typed = [("Anti-Hapsburg Campaign", "Summer 1616"), ("Protestant League", "spring 1617"),
             ("Kejserkrigen", "Spring 1618"), ("Swedish/Gustav's intervention", "Winter 1618"),
             ("Polish intervention", "Summer 1619"), ("Catholic League", "Early Winter 1619")]
    named = {"anti_hapsburg_campaign", "protestant_union", "kejserkrigen", "swedish_intervention",
             "polish_intervention", "catholic_league"}
    sanctions = setup_of(load_variant("europe1615")).sanctions
    rest = [(s.title, f"S{1620 + i}M") for i, (k, s) in enumerate(sorted(sanctions.items())) if k not in named]
    book = game_paths("g", tmp_path).workbook
    wb = openpyxl.load_workbook(book)
    for row, (title, phase) in enumerate(typed + rest, start=2):
        wb["Sanctions Timeline"][f"A{row}"], wb["Sanctions Timeline"][f"B{row}"] = title, phase
    wb.save(book)
    run_turn("g", root=tmp_path, site_dir=None)
    timeline = dict(load_state("g", tmp_path).history[-1]["after"]["extra"]["europe1615"]["timeline"])
    assert [timeline[k] for k in ("anti_hapsburg_campaign", "protestant_union", "kejserkrigen",
                                  "swedish_intervention", "polish_intervention", "catholic_league")] == [
        "U1616M", "S1617M", "S1618M", "W1618A", "U1619M", "E1619D"]
