"""What ``gm-tools orders`` tells the GM and leaves in the workbook when a mail is partly or
wholly refused, or replaces an earlier one: it never types what a turn refuses, it leaves the
workbook's bytes alone when nothing is typed, and it says which units a later mail of the
same power leaves without orders."""

from __future__ import annotations

import io
import json

import openpyxl

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game, run_turn
from gm_tools.edges.game import game_paths

from workflow_helpers import create, payola_to_attacks, snapshot


def _rows(paths, title: str) -> list[tuple]:
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))[title]
    return [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2) if any(c.value for c in row)]


def _europe1615v2(tmp_path):
    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    return game_paths("g", tmp_path)


def test_a_1615_attack_is_refused_whatever_else_the_mail_holds(tmp_path):
    """rulebook 001 (Europe 1615 v2), 'Diplomatic attacks commence in the second year (1616)
    of gameplay. No diplomatic attacks are performed in the first year': the attack is refused
    at its line even when a placement of the same mail is refused too. The influence phase takes
    placements only; attacks have their own phase after it, from 1616."""
    paths = _europe1615v2(tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails("g", [("spain", b"Spain\n2: SPAIN\n0: RHI > FRANCE\n")], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert set(refused) == {"spain line 2", "spain line 3"}
    assert "Diplomatic Attacks phase" in refused["spain line 3"] and "second year" in refused["spain line 3"]
    assert "own home box" in refused["spain line 2"]
    assert report.written == []
    assert snapshot(tmp_path) == before  # nothing typed: the workbook's bytes untouched, no backup
    assert not (paths.folder / "mail").exists()


def test_a_placement_refused_only_for_an_earlier_lines_total_stands_once_that_line_is_refused(tmp_path):
    """rulebook 001 (Europe 1615 v2), the INFs a power places come from its home box: '100:
    BAV' is more than Spain has, and refused; '9: SAX' after it is within Spain's INFs once
    the 100 are not placed, and is typed (the turn, reading the sheet, sees only it)."""
    paths = _europe1615v2(tmp_path)
    report = enter_mails("g", [("spain", b"Spain\n0: RHI > FRANCE\n100: BAV\n9: SAX\n")], root=tmp_path)
    assert [where for where, _, _ in report.refused] == ["spain line 2", "spain line 3"]
    assert [text for _, _, text, _ in report.written] == ["9: SAX"]
    assert [r[:3] for r in _rows(paths, "INF Placements")] == [("SPAIN", 9, "SAX")]
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the turn takes what was typed
    placed = json.loads(paths.record_file("P1615I").read_text(encoding="utf-8"))["extra"]["europe1615v2"]
    assert placed["placements"] == [{"infs": 9, "power": "SPAIN", "where": "SAX"}]


def test_a_mail_with_nothing_standing_leaves_the_workbook_and_the_earlier_orders_alone(tmp_path):
    """A mail every line of which is refused types nothing: the workbook keeps its bytes (no
    backup either), the power's earlier orders stay, and the report says so."""
    create(tmp_path)
    enter_mails("g", [("first", b"Russia\nA WAR - UKR\n")], root=tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails("g", [("second", b"Russia\nA WAR - XXX\n")], root=tmp_path)
    assert snapshot(tmp_path) == before
    assert "RUSSIA: nothing of second stands, so it does not replace its orders in the workbook" in report.text()


MAILBOX = (b"From a@example.org Mon Nov 23 10:00:00 2026\nFrom: a@example.org\nSubject: o\n\n"
           b"Russia\nA WAR - GAL\nA MOS - UKR\nF SEV - BLA\nF St Petersburg (sc) - BOT\n\n"
           b"From a@example.org Mon Nov 23 11:00:00 2026\nFrom: a@example.org\nSubject: o\n\n"
           b"Russia\nA WAR - SIL\nA MOS - SEV\n")


def test_a_later_mail_says_which_units_it_leaves_without_orders(tmp_path):
    """A power's later mail replaces its earlier one (docs/workbook.md); the report names the
    replacement and the units the earlier mail, or the workbook, ordered that now have none."""
    create(tmp_path)
    report = enter_mails("g", [("inbox message 1", MAILBOX.split(b"\n\nFrom ")[0]),
                               ("inbox message 2", b"From " + MAILBOX.split(b"\n\nFrom ")[1])], root=tmp_path)
    assert "RUSSIA: inbox message 2 replaces inbox message 1 (F SEV, F STP/SC now without orders)" in report.text()
    again = enter_mails("g", [("third", b"Russia\nA WAR - UKR\n")], root=tmp_path, dry_run=True)
    assert "RUSSIA: third replaces its orders in the workbook (A MOS now without orders)" in again.text()
    assert again.text().startswith("S1901M: 1 order(s) to write (a dry run), 0 refused")


def test_a_mailed_order_for_an_aligned_minors_unit_is_refused_for_the_turns_reason(tmp_path):
    """rulebook 002 (Europe 1619), 'Effects of declarations': 'players write and submit
    movement orders for their units on the board and for those minor units that are aligned to
    their power. A unit cannot be ordered to move into the territorial domains of an opponent
    ... unless either a declaration of war ...'. France's Genoa (aligned by its 6 INFs) may be
    ordered by mail; a move into Spain's Tuscany is refused for that reason, as the turn gives
    it, not because 'the unit in GEN is Genoa, not French' (France does command it)."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    enter_mails("g", [("france", b"France\n6: GEN\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("france", b"France\nF GEN - TUS\nF GEN - LIG\n")], root=tmp_path, dry_run=True)
    assert report.phase == "Y1619M"
    assert report.refused == [("france line 2", "'F GEN - TUS'", "a legal order (TUS is SPAIN's territory and FRANCE "
                               "is neither at war nor allied with SPAIN ('Effects of declarations'))")]
    assert report.written == [("france", "FRANCE", "F GEN - LIG", "(not written)")]
    nothing = enter_mails("g", [("france", b"France\nF GEN - TUS\n")], root=tmp_path, dry_run=True)
    assert nothing.text().startswith("Y1619M: 0 order(s) to write (a dry run), 1 refused")


def test_a_denmark_sweden_reference_list_by_mail_may_name_sweden(tmp_path):
    """rulebook 001 (Europe 1615 v2): the power is 'Denmark/Sweden'; its mailed reference list
    ('Reference lists are submitted before the start of the taxation/revenue phase') naming
    SWEDEN is its own name, not an unknown power."""
    paths = _europe1615v2(tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("dk", b"Denmark/Sweden\nSWEDEN ENGLAND FRANCE SPAIN AUSTRIA\n")], root=tmp_path)
    assert report.refused == [] and [cell for *_, cell in report.written] == ["Reference Lists!B6"]
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    taxed = json.loads(paths.record_file("T1615T").read_text(encoding="utf-8"))["extra"]["europe1615v2"]
    assert taxed["acceptance"]["DENMARK"] == ["DENMARK", "ENGLAND", "FRANCE", "SPAIN", "AUSTRIA"]


def test_attacks_by_mail_in_the_diplomatic_attacks_phase(tmp_path):
    """rulebook 001 (Europe 1615 v2), 'The GM then publishes the distribution of INFs. Once the
    players have had a chance to review and negotiate over the publication, players may choose
    to perform a "diplomatic attack" ... The decisions of the players are then communicated to
    the GM': in P1616D a mail's attack orders go on the Diplomatic Attacks sheet, checked on the
    published placements; a placement line is refused there with the form it should have."""
    paths = _europe1615v2(tmp_path)
    payola_to_attacks(tmp_path, [("spain", b"Spain\n6: LOR\n"), ("france", b"France\n6: LOR\n")])
    report = enter_mails("g", [("spain", b"Spain\n0: LOR > FRANCE\n3: SAX\n"),
                               ("england", b"England\n0: LOR > SPAIN\n")], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert set(refused) == {"spain line 3", "england line 2"}
    assert "an attack '0: RHI > FRANCE'" in refused["spain line 3"]
    assert "ENGLAND has no INFs in LOR" in refused["england line 2"]
    assert [r[:4] for r in _rows(paths, "Diplomatic Attacks")] == [("SPAIN", 0, "LOR", "FRANCE")]
    # a misspelt target is named as no power, not as a power without INFs there, and the word
    # at fault is named
    report = enter_mails("g", [("france", b"France\n0: LOR > SPIAN\n")], root=tmp_path)
    assert [why for _, _, why in report.refused] == [
        "a power: AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK (did you mean SPAIN?), found 'SPIAN'"]


def test_a_refused_mailed_purchase_speaks_of_the_line_not_of_cells(tmp_path):
    """A mailed line has no cells: the Purchases sheet's 'or an empty cell' is, for a mail, the
    line without the part at fault. rulebook 002 (Europe 1619): 'major and minor army units may
    be bolstered'; Hesse's army in HES is Hesse's, so 'for COL' names the wrong minor, and
    France's army in PAR is no minor's at all (docs/europe1619.md, 'Purchases')."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    for _ in range(3):  # D, M, J: to the Builds and Transactions Phase
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("u", b"Union\nbolster HES for COL\nbolster PAR for COL\nbolster F HES\n")],
                         root=tmp_path, dry_run=True)
    assert report.phase == "Y1619B"
    assert report.refused == [
        ("u line 2", "'bolster HES for COL'", "HES, whose unit A HES is in HES, or the line without 'COL'"),
        ("u line 3", "'bolster PAR for COL'", "the line without 'COL': A PAR in PAR is FRANCE's, not a minor state's"),
        ("u line 4", "'bolster F HES'", "A (the unit in HES is A HES), or the line without 'F'")]
    assert "cell" not in report.text()


def test_a_mailed_move_refused_for_a_declaration_made_this_year_says_when_it_takes_effect(tmp_path):
    """rulebook 002 (Europe 1619), 'Declarations': 'Declaration of war is announced during one
    Diplomatic Phase, and becomes effective in the next year'; 'Effects of declarations': no move
    into an opponent's domains 'unless either a declaration of war or an alliance is in effect'.
    France mails its war on Spain in 1619, then a move into Flanders: the refusal says the war
    takes effect in 1620, so the player does not think his declaration was lost."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    enter_mails("g", [("france", b"France\nWAR: SPAIN\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("france", b"France\nF NOR - FLA\n")], root=tmp_path, dry_run=True)
    assert report.refused == [("france line 2", "'F NOR - FLA'", "a legal order (FLA is SPAIN's territory and FRANCE "
                               "is neither at war nor allied with SPAIN ('Effects of declarations'); FRANCE's "
                               "declaration of war on SPAIN, made this year, takes effect in 1620 ('becomes "
                               "effective in the next year'))")]
