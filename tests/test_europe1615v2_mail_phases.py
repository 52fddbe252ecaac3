"""A Europe 1615 (version 2) mail line of another phase, or naming nothing of the game, is
refused naming what was found and what the phase takes (``gm-tools orders``, QA).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '2 PHASES OF THE GAME YEAR': '1- Political and
Religious Influence Phase, 2- Taxation/Revenue Phase and Submission of Acceptance/Reference
Lists, 3- Spring Movement and Retreat Phase ...': each phase's mail is its own (INF placements,
attacks, reference lists, the offer sheet), and a line of one phase in another's mail is refused
with the phase it belongs to.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn

ROOT = Path(__file__).resolve().parent.parent
OFFER = "an offer '5 : A PAR - BUR' (the amount, a colon, the order), or a waiver 'WAIVE: POR': "
PLACEMENT = "a placement '9: SAX' or '9 INFs to SAX' (the INFs, then the minor state or another power's home box): "
REFERENCE = "a reference list, powers' codes highest first (SPAIN FRANCE ...): AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK: "
IN_INFLUENCE = "which is mailed in the Political and Religious Influence Phase (INF placements)"


def _game(root: Path, turns: int) -> None:
    new_game("europe1615v2", "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    for _ in range(turns):  # nothing entered: the phases before the one the test mails in
        run_turn("g", root=root, site_dir=None, force=True)


def _orders(root: Path, text: str) -> subprocess.CompletedProcess:
    (root / "austria.txt").write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "gm_tools", "orders", "g", str(root / "austria.txt"), "--root",
                           str(root)], capture_output=True, text=True, env=env, cwd=ROOT)


def _refused(done: subprocess.CompletedProcess) -> dict[str, str]:
    return {line.split(": ", 1)[1].split(" -- expected ")[0]: line.split(" -- expected ")[1]
            for line in done.stdout.splitlines() if line.startswith("  refused ")}


def test_a_placement_attack_or_reference_list_in_a_movement_phase_names_its_phase(tmp_path):
    """Through the command in Spring 1615's movement phase ('Players submit their offer sheet'):
    '9: SAX' reads as an offer of 9 for a unit SAX, but SAX is a pliant minor state and the line
    an INF placement of the Political and Religious Influence Phase; '5: AUSTRIA' a placement in
    a home box; an attack and a reference list name their phases; an amount with one word after
    it names the word, which is no unit's order. The offer beside them is typed."""
    _game(tmp_path, 2)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    done = _orders(tmp_path, "Austria\n9: SAX\n5: AUSTRIA\n0: RHI > FRANCE\nSPAIN FRANCE\n3: XYZ\n0 : A VIE - BOH\n")
    assert done.returncode == 1 and done.stderr == ""
    assert _refused(done) == {
        "'9: SAX'": OFFER + f"found '9: SAX', an INF placement on SAX, {IN_INFLUENCE}",
        "'5: AUSTRIA'": OFFER + f"found '5: AUSTRIA', an INF placement on AUSTRIA, {IN_INFLUENCE}",
        "'0: RHI > FRANCE'": OFFER + "found '0: RHI > FRANCE', an attack order, which is mailed in the Diplomatic "
                                     "Attacks phase after the placements are published",
        "'SPAIN FRANCE'": OFFER + "found 'SPAIN FRANCE', a reference list of powers, which is mailed in the "
                                  "Taxation/Revenue Phase",
        "'3: XYZ'": OFFER + "found 'XYZ' after the amount, which is no unit's order"}
    assert "0 : A VIE - BOH" in done.stdout and "Offers!A2" in done.stdout


def test_an_offer_order_or_waiver_in_the_influence_phase_names_its_phase(tmp_path):
    """'3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'Each player then establishes influence over
    the minor states by distributing some or all the INFs' ('A listing of the minor states that
    may be influenced'): an offer, a unit's order and a waiver are refused naming the movement
    phases they belong to; a word that is no minor state nor home box is named, with the nearest
    codes."""
    _game(tmp_path, 0)
    report = enter_mails("g", [("austria", b"Austria\n0 : A VIE - BOH\nA VIE H\nWAIVE: POR\n9: XYZ\n3: SXA\n6: BOS\n")],
                         root=tmp_path)
    assert [(where, why) for where, _, why in report.refused] == [
        ("austria line 2", PLACEMENT + "found '0 : A VIE - BOH', an offer for a unit's order, which is mailed in a "
                                       "movement phase (the offer sheet)"),
        ("austria line 3", PLACEMENT + "found 'A VIE H', a unit's order, which is mailed in a movement phase (the offer "
                                       "sheet)"),
        ("austria line 4", PLACEMENT + "found 'WAIVE: POR', a waiver of a center's change of ownership, which is "
                                       "mailed in a movement or retreat phase"),
        ("austria line 5", "a pliant minor state's code (SAX) or another power's home box (FRANCE), found 'XYZ' (the "
                           "pliant minor states: BAV, BOS, BRA, COL, DAN, DUT, GEN, HES, IRE, LIVN, LOR, LSA, MAN, MEC, "
                           "MOD, PAP, PIA, POL, POR, POS, PRU, RHI, ROC, SAV, SAX, SRL, SWA, SWI, TRA, TUS, VEN, WES)"),
        ("austria line 6", "a pliant minor state's code (SAX) or another power's home box (FRANCE), found 'SXA' "
                           "(nearest: SWA, SAX, SAV)")]
    assert [text for _, _, text, _ in report.written] == ["6: BOS"]


def test_a_reference_list_names_the_word_that_is_no_power(tmp_path):
    """'Reference lists are submitted before the start of the taxation/revenue phase': a list
    naming something that is no power is refused naming the word; a placement mailed now names
    its phase."""
    _game(tmp_path, 1)
    assert load_state("g", tmp_path).position.phase == "T1615T"
    report = enter_mails("g", [("austria", b"Austria\nENGLAND DENMARK XYZ SPAIN AUSTRIA\n"),
                               ("france", b"France\n9: SAX\n")], root=tmp_path)
    assert [(where, why) for where, _, why in report.refused] == [
        ("austria line 2", REFERENCE + "found 'XYZ', which is no power"),
        ("france line 2", REFERENCE + f"found '9: SAX', an INF placement on SAX, {IN_INFLUENCE}")]


def test_a_reference_list_on_several_lines_says_none_of_it_is_typed_when_one_word_is_no_power(tmp_path):
    """'4 SUBMISSIONS OF REFERENCE LISTS': a power's list is one, however many lines the player
    wraps it on. A numbered list with one misspelt power ('4. Englnad') was refused at that
    line alone, and the GM was not told that the other four lines were not typed either: the
    power's list was simply missing from the sheet. The refusal says so."""
    _game(tmp_path, 1)
    report = enter_mails("g", [("austria", b"Austria\n1. Austria\n2. Spain\n3. France\n4. Englnad\n5. Denmark\n")],
                         root=tmp_path)
    assert report.written == []
    assert [(where, why) for where, _, why in report.refused] == [
        ("austria line 5", REFERENCE + "found 'Englnad', which is no power (nearest: ENGLAND); none of the "
                                       "list's 5 lines is typed (one list, its lines read together)")]


def test_another_phases_line_in_the_build_phase_is_named_not_read_as_an_order(tmp_path):
    """'6- Winter Ownership/Build/Adjustment Phase': its mail is unit orders (builds); '9: SAX'
    is not read as an order for a unit in '9 SAX' but named as an INF placement, an offer and a
    waiver likewise ('The player occupying a foreign supply center prior to the build phase may
    waive'), and the build order beside them is read as an order."""
    _game(tmp_path, 0)
    while load_state("g", tmp_path).position.phase != "W1615A":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("austria", b"Austria\n9: SAX\n5 : A VIE H\nWAIVE: POR\nBUILD A VIE\n")],
                         root=tmp_path, dry_run=True)
    assert [(where, why) for where, _, why in report.refused] == [
        ("austria line 2", f"a unit's order: found '9: SAX', an INF placement on SAX, {IN_INFLUENCE}"),
        ("austria line 3", "a unit's order: found '5 : A VIE H', an offer for a unit's order, which is mailed in a "
                           "movement phase (the offer sheet)"),
        ("austria line 4", "a unit's order: found 'WAIVE: POR', a waiver of a center's change of ownership, which is "
                           "mailed in a movement or retreat phase"),
        ("austria line 5", "a legal order (VIE is occupied by A VIE; builds go to empty centers)")]


def test_a_mail_signed_sweden_is_denmark_swedens(tmp_path):
    """rulebook 001: the five powers are 'Austria, Denmark/Sweden, England, France, and Spain',
    one power of two realms. A mail whose power line is ``Sweden`` (or ``Denmark``) is that
    power's, as a home box or a reference list may name it either way: its placement is typed
    for DENMARK, not the whole mail left unread for want of a power line (QA)."""
    _game(tmp_path, 0)
    report = enter_mails("g", [("stockholm", b"Sweden\n5: MEC\n")], root=tmp_path)
    assert report.refused == [] and report.skipped == []
    assert [(power, text) for _, power, text, _ in report.written] == [("DENMARK", "5: MEC")]


def test_several_placements_on_one_mailed_line_are_named_one_a_line(tmp_path):
    """'3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': each player distributes INFs among the minor
    states, a placement for each. '5: SAX, 3: SAV' was read as one placement on a minor state
    'SAX, 3: SAV' and refused as naming none; it is refused naming the lines it should have been,
    as Europe 1615 v3's and Europe 1619's mail does."""
    _game(tmp_path, 0)
    done = _orders(tmp_path, "Austria\n5: SAX, 3: SAV\n2 INFs to BAV; 1: POL\n4: SWA\n")
    assert _refused(done) == {
        "'5: SAX, 3: SAV'": PLACEMENT + "found '5: SAX, 3: SAV', one placement a line: '5: SAX', then '3: SAV'",
        "'2 INFs to BAV; 1: POL'": PLACEMENT + "found '2 INFs to BAV; 1: POL', one placement a line: '2 INFs to "
                                               "BAV', then '1: POL'"}
    assert "4: SWA" in done.stdout and "INF Placements!A2" in done.stdout


def test_several_attacks_on_one_mailed_line_are_named_one_a_line():
    """'Diplomatic attacks': each attack order names the minor state and the target, numbered
    by the player (the first, 0, then the alternates): two on one line are named one a line."""
    from gm_tools.edges.variants import load_variant

    variant = load_variant("europe1615v2")
    rows = variant.system.mailed_rows(variant, "P1616D", "AUSTRIA", ["0: RHI > FRANCE, 1: SAX > SPAIN"]).rows
    assert rows == ["an attack '0: RHI > FRANCE' (the order's number, the minor state or home box, the target): "
                    "found '0: RHI > FRANCE, 1: SAX > SPAIN', one attack a line: '0: RHI > FRANCE', then '1: SAX > SPAIN'"]


def _attack_refused(root: Path, mail: str, target: str, source: str) -> tuple[dict[str, str], list]:
    """A new game brought to its Diplomatic Attacks (Austria and France with 6 INFs in
    Lorraine): what `gm-tools orders` refuses of Austria's ``mail`` (it must refuse), then the
    problems of the turn refusing attack order 0 typed on the sheet from ``source`` against
    ``target``."""
    from gm_tools.errors import WorkbookError
    from gm_tools.edges.workbook_fill import set_cells
    from workflow_helpers import payola_to_attacks

    new_game("europe1615v2", "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    payola_to_attacks(root, [("a.txt", b"Austria\n6: LOR\n"), ("f.txt", b"France\n6: LOR\n")])
    done = _orders(root, mail)
    assert done.returncode == 1 and done.stderr == ""
    workbook = root / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Diplomatic Attacks!A2": "AUSTRIA", "Diplomatic Attacks!B2": 0, "Diplomatic Attacks!C2": source,
        "Diplomatic Attacks!D2": target}))
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=root, site_dir=None)
    return _refused(done), refused.value.problems


def test_an_attack_wrong_on_both_sides_of_its_arrow_names_both(tmp_path):
    """rulebook 001, 'Diplomatic attacks': each attack order names the minor state (or home box)
    and the power attacked. A misspelt minor state beside a misspelt power, '0: LORR > FRANSE',
    named only the minor state, and the power once the player had sent it again: both are named
    in one message, by mail and on the Diplomatic Attacks sheet (at both cells), the power with
    the one meant."""
    powers = "a power: AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK (did you mean FRANCE?)"
    refused, problems = _attack_refused(tmp_path, "Austria\n0: LORR > FRANSE\n1: LOR > FRANSE\n", "FRANSE", "LORR")
    assert refused == {
        "'0: LORR > FRANSE'": ("before the '>', a pliant minor state's code (SAX) or the power's own home box, "
                               f"found 'LORR' (nearest: LOR, POR); after it, {powers}, found 'FRANSE'"),
        "'1: LOR > FRANSE'": f"{powers}, found 'FRANSE'"}
    assert [(p.cell, p.found) for p in problems] == [("C2", "'LORR'"), ("D2", "'FRANSE'")]
    assert problems[0].expected.endswith("(nearest: LOR, POR)")
    assert problems[1].expected.endswith("(Target; did you mean FRANCE?)")


def test_an_attack_from_a_word_near_no_minor_state_lists_the_pliant_ones(tmp_path):
    """rulebook 001, 'Diplomatic attacks': an attack is made from a pliant minor state (or the
    power's own home box). A word near none of them ('XQZ') was refused with 'a pliant minor
    state's code' and no code but the example SAX, on the sheet none at all: the codes are
    listed, as a cell of choices lists its choices."""
    pliant = "(the pliant minor states: BAV, BOS, BRA, COL, DAN, DUT, GEN, HES, IRE, LIVN, LOR, LSA, MAN, "
    refused, problems = _attack_refused(tmp_path, "Austria\n0: XQZ > FRANCE\n", "FRANCE", "XQZ")
    assert refused["'0: XQZ > FRANCE'"].startswith(
        "a pliant minor state's code (SAX) or the power's own home box, found 'XQZ' " + pliant)
    assert [(p.cell, p.found) for p in problems] == [("C2", "'XQZ'")]
    assert problems[0].expected.startswith(
        "a pliant minor state's code or the power's own home box " + pliant)


def test_a_misspelt_province_in_an_offer_is_given_the_one_meant(tmp_path):
    """An offer's order names a province a letter wrong ('Players submit their offer sheet',
    rulebook 001, '6 MOVEMENT PHASE'): the refusal says which province was meant, as a unit order
    on the Orders sheet does, and the good offer beside it is typed."""
    _game(tmp_path, 2)
    report = enter_mails("g", [("den.txt", b"Denmark\n0: F Norway - Skagerak\n0: A COP - HLS\n")], root=tmp_path,
                         dry_run=True)
    assert [(where, found) for where, found, _ in report.refused] == [("den.txt line 2", "'0: F Norway - Skagerak'")]
    assert "'Skagerak' is not a province" in report.refused[0][2]
    assert "(did you mean SKA?)" in report.refused[0][2]
    assert [w[2] for w in report.written] == ["0: A COP - HLS"]


def test_an_offer_the_auction_will_ignore_is_typed_and_said_so(tmp_path):
    """rulebook 001, '6 MOVEMENT PHASE': 'Players may not submit MOVE/ATTACK orders for foreign
    units, as these will be ignored. Additionally, a bribe must contain some payment for those
    submitted to foreign units otherwise the order is ignored.' Such an offer stands on the
    sheet (the ledger reports it ignored), and ``gm-tools orders`` says so at once, while the
    player can still mend it; an offer the auction follows gets no such line."""
    _game(tmp_path, 2)
    done = _orders(tmp_path, "France\n2: A TUR - SAV\n0: A HLD H\n3: A PAR - BUR\n")
    assert done.returncode == 0 and done.stderr == "", done.stdout
    typed = [line for line in done.stdout.splitlines() if line.startswith("  typed ")]
    assert typed == [
        f"  typed {tmp_path / 'austria.txt'} line 2: '2: A TUR - SAV', though the auction ignores it: 'Players may "
        "not submit MOVE/ATTACK orders for foreign units, as these will be ignored'",
        f"  typed {tmp_path / 'austria.txt'} line 3: '0: A HLD H', though the auction ignores it: 'a bribe must "
        "contain some payment for those submitted to foreign units otherwise the order is ignored'"]
    assert "3 order(s) written, 0 refused" in done.stdout


def test_an_offer_for_an_empty_province_names_the_powers_units(tmp_path):
    """rulebook 001, '6 MOVEMENT PHASE': 'Players submit their offer sheet'. An offer for a
    unit no longer there (a fleet ordered from where it stood before it moved) is refused
    naming the power's units as they stand, so the player sees which one he meant."""
    _game(tmp_path, 2)
    report = enter_mails("g", [("f.txt", b"France\n0: F ENG - BRI\n")], root=tmp_path, dry_run=True)
    assert [why for _, _, why in report.refused] == [
        "an offer the rules allow: there is no unit in ENG (FRANCE's units: A PAR, A POI, A TOU, F BRI, F NOR)"]
