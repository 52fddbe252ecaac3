"""Europe 1615 (version 3) and Europe 1619 mail lines in another phase's form, or naming a minor
state or power the game does not know, refused naming what was found and what the phase takes
(``gm-tools orders``; both read INF placements and attacks with
``gm_tools/mechanics/influenceorders.py``; QA).
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
PLIANT = ("a pliant minor state (BAV, BOH, BRA, CAT, COL, CRO, DUT, FRA, GEN, HES, IRE, LIVN, LOR, LOWR, MAN, MEC, MOD, "
          "MOR, PAPL, PIA, POL, POR, PRU, RHI, ROC, SAV, SAX, SRL, SWE, SWI, TRA, TUS, VEN, WES, WUR)")


def _game(variant: str, root: Path, phase: str) -> None:
    new_game(variant, "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != phase:  # nothing entered on the way
        run_turn("g", root=root, site_dir=None, force=True)


def _refused(root: Path, text: str) -> dict[str, str]:
    (root / "mail.txt").write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "gm_tools", "orders", "g", str(root / "mail.txt"), "--root",
                           str(root)], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 1 and done.stderr == ""
    return {line.split(": ", 1)[1].split(" -- expected ")[0]: line.split(" -- expected ")[1]
            for line in done.stdout.splitlines() if line.startswith("  refused ")}


def test_europe1615_an_unknown_minor_state_or_power_is_named(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders: Example of the format for the
    submission of the INF deployment list and orders' ('9 INFs to Wuerttemburg (WUR)') and the
    attack's 'minor state of interest and the target of the attack': through the command, a
    deployment or an attack naming no pliant minor state, or no power, names the word."""
    _game("europe1615", tmp_path, "S1615M")
    assert _refused(tmp_path, "Austria\n9: XYZ\nWUR > XYZ\n") == {
        "'9: XYZ'": PLIANT + ", found 'XYZ'",
        "'WUR > XYZ'": "a power in play (AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK), found 'XYZ'"}


def test_europe1615_an_attack_wrong_on_both_sides_of_its_arrow_names_both(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'DIPLOMATIC ATTACKS': 'The order should indicate the
    minor state of interest and the target of the attack' ('MINOR STATE > MAJOR POWER'): a
    misspelt minor state beside a misspelt power, 'LORR > FRANSE', named only the minor state,
    and the power once the player had sent it again; both are named in one message, by mail and
    on the Diplomatic Attacks sheet, and a power and a minor state written the other way round
    are named as that."""
    _game("europe1615", tmp_path, "S1615M")
    both = ("before the '>', a pliant minor state (found 'LORR'; did you mean LOR?); "
            "after it, a power in play (found 'FRANSE'; did you mean FRANCE?)")
    assert _refused(tmp_path, "Austria\nLORR > FRANSE\nFRANCE > LOR\nLOR > FRANSE\n") == {
        "'LORR > FRANSE'": both,
        "'FRANCE > LOR'": "the minor state, then the power it attacks: 'LOR > FRANCE' ('[minor state] > [power]')",
        "'LOR > FRANSE'": "a power in play (did you mean FRANCE?), found 'FRANSE'"}  # one mistake: as before
    from gm_tools.errors import WorkbookError
    from gm_tools.edges.workbook_fill import set_cells

    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Diplomatic Attacks!A2": "AUSTRIA",
                                                          "Diplomatic Attacks!B2": "LORR > FRANSE"}))
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert f"Diplomatic Attacks!B2: found 'LORR > FRANSE', expected {both}" in str(refused.value)


@pytest.mark.parametrize("phase", ["E1615D"])
def test_europe1615_a_deployment_outside_the_movement_phases_names_its_phase(tmp_path, phase):
    """rulebook 000: the deployment list is submitted with the orders of a movement phase ('Each
    player is allowed to submit only one diplomatic attack order per movement phase'): in the
    Early Winter phase '9: WUR' is not read as an order for a unit in '9 WUR' but named as a
    deployment of a movement phase, an attack likewise (the Initial Status Check: below)."""
    _game("europe1615", tmp_path, phase)
    report = enter_mails("g", [("austria", b"Austria\n9: WUR\nLOR > FRANCE\n")], root=tmp_path)
    assert [(where, why) for where, _, why in report.refused] == [
        ("austria line 2", "a unit's order: found '9: WUR', an INF placement, which is mailed in a movement phase, "
                           "with the unit orders"),
        ("austria line 3", "a unit's order: found 'LOR > FRANCE', a diplomatic attack, which is mailed in a movement "
                           "phase, with the unit orders")]


def test_europe1615_a_deployment_in_another_form_is_named_as_one_not_read_as_a_units_order(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders: Example of the format for the
    submission of the INF deployment list and orders' ('9 INFs to Wuerttemburg (WUR)'): a mailed
    line that speaks of INFs in another form ('INF: 5 LOR') is refused as the deployment it means,
    with the rulebook's form, not read as a unit's order in a province 'INF 5 LOR' (with a
    province suggested); the deployment and the order beside it are typed. In a phase without
    deployments such a line is named as one, for a movement phase."""
    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("france", b"France\nINF: 5 LOR\nPlace 3 INFs in Lorraine\n4: WUR\nA PAR - BUR\n")],
                         root=tmp_path)
    expected = ("an INF deployment as the rulebook writes it: '9: WUR' or '9 INFs to WUR' (the INFs, then the "
                "minor state)")
    assert [(where, why) for where, _, why in report.refused] == [("france line 2", expected),
                                                                  ("france line 3", expected)]
    assert sorted(text for _, _, text, _ in report.written) == ["4: WUR", "A PAR - BUR"]
    _game("europe1615", tmp_path / "winter", "E1615D")
    report = enter_mails("g", [("france", b"France\nINF: 5 LOR\n")], root=tmp_path / "winter")
    assert [why for _, _, why in report.refused] == [
        "a unit's order: found 'INF: 5 LOR', an INF placement, which is mailed in a movement phase, with the unit "
        "orders"]


def test_europe1619_a_placement_in_another_form_in_the_movement_phase_names_the_diplomatic_phase(tmp_path):
    """rulebook 002 (Europe 1619), '1 - Diplomatic Phase' ('number of INFs: [minor state]'): a
    line that speaks of INFs in another form ('INF: 5 BRE'), mailed in the movement phase, is
    named as the placement it means, with the phase and form that take it, not read as a unit's
    order."""
    _game("europe1619", tmp_path, "Y1619M")
    refused = _refused(tmp_path, "France\nINF: 5 BRE\nA PAR H\n")
    assert refused == {"'INF: 5 BRE'": "a unit's order: found 'INF: 5 BRE', an INF placement, which is mailed in "
                                       "the Diplomatic Phase as '5: BRE'"}


def test_europe1619_diplomatic_lines_in_the_movement_phase_name_the_diplomatic_phase(tmp_path):
    """rulebook 002 (Europe 1619), '1 - Diplomatic Phase': 'When the orders for the Diplomatic
    Phase are submitted the format will consist of (1) list of INF placements, (2) order for a
    diplomatic attack, and (3) declarations': through the command, each of them mailed in the
    movement phase is named with the Diplomatic Phase, a purchase with the Builds and
    Transactions Phase, and the unit's order beside them is typed."""
    _game("europe1619", tmp_path, "Y1619M")
    refused = _refused(tmp_path, "France\n5: BRE\nBRAP > SPAIN\nWAR: SPAIN\nbuild A PAR\nA PAR H\n")
    assert refused == {
        "'5: BRE'": "a unit's order: found '5: BRE', an INF placement, which is mailed in the Diplomatic Phase",
        "'BRAP > SPAIN'": "a unit's order: found 'BRAP > SPAIN', a diplomatic attack, which is mailed in the "
                          "Diplomatic Phase",
        "'WAR: SPAIN'": "a unit's order: found 'WAR: SPAIN', a declaration, which is mailed in the Diplomatic Phase",
        "'build A PAR'": "a unit's order: found 'build A PAR', a purchase, which is mailed in the Builds and "
                         "Transactions Phase"}


def test_europe1619_a_unit_order_in_the_diplomatic_phase_names_its_phase(tmp_path):
    """rulebook 002, the Diplomatic Phase's orders are placements, an attack and declarations:
    a unit's order mailed then is named as one, for a movement or retreat phase."""
    _game("europe1619", tmp_path, "Y1619D")
    report = enter_mails("g", [("france", b"France\nA PAR - BUR\n4: LOR\n")], root=tmp_path)
    assert [(where, why) for where, _, why in report.refused] == [
        ("france line 2", "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN': found 'A PAR - BUR', a unit's order, "
                          "which is mailed in a movement or retreat phase")]


def test_europe1615_a_mailed_waiver_goes_on_the_waivers_sheet(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Waiving the capture of a center': the capture 'may be
    arranged by the player (and communicated to the GM) ... The decision must be made prior to
    the build phase (preferably fall phase)': a movement phase's mail ``WAIVE: LOR`` is typed on
    the Waivers sheet (Power, Center), as version 2 types it, not refused as an adjustment
    phase's order; a later mail without one leaves the power's waivers as they are (QA)."""
    import openpyxl

    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("louis", b"France\nWAIVE: LOR\nA PAR - BUR\n")], root=tmp_path)
    assert report.refused == []
    sheet = openpyxl.load_workbook(tmp_path / "g.xlsx")["Waivers"]
    assert [sheet["A2"].value, sheet["B2"].value] == ["FRANCE", "LOR"]
    enter_mails("g", [("louis", b"France\nA PAR - PIC\n")], root=tmp_path)
    sheet = openpyxl.load_workbook(tmp_path / "g.xlsx")["Waivers"]
    assert [sheet["A2"].value, sheet["B2"].value] == ["FRANCE", "LOR"]
    report = enter_mails("g", [("louis", b"France\nWAIVE: XYZ\n")], root=tmp_path)
    assert [why for _, _, why in report.refused] == [
        "a supply center or another land province, by code or name (LOR, DAL, Burgundy): 'may waive the capture of "
        "the center or province', found 'XYZ'"]


def test_europe1615_an_attack_on_a_power_whose_deployment_is_still_to_come_is_typed(tmp_path):
    """rulebook 000, 'THE DIPLOMATIC ATTACK': a player 'directs an attack against another
    player/power that also has INFs invested there (or will be deploying there)'. France's mail
    ``LOR > SPAIN`` comes before Spain's, which deploys to Lorraine: the attack is typed, the
    report saying it stands only if Spain deploys there, not refused as if Spain never would;
    with Spain's mail in, the turn takes it (QA)."""
    import openpyxl

    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("louis", b"France\n10: LOR\nLOR > SPAIN\n")], root=tmp_path)
    assert report.refused == []
    assert any("LOR > SPAIN" in note and "or will be deploying there" in note for note in report.notes)
    sheet = openpyxl.load_workbook(tmp_path / "g.xlsx")["Diplomatic Attacks"]
    assert [sheet["A2"].value, sheet["B2"].value] == ["FRANCE", "LOR > SPAIN"]
    report = enter_mails("g", [("philip", b"Spain\n10: LOR\n")], root=tmp_path)
    assert report.refused == [] and report.notes == []
    record = run_turn("g", root=tmp_path, site_dir=None).record
    assert [(a["power"], a["minor"], a["target"]) for a in record["extra"]["europe1615"]["attacks"]] == [
        ("FRANCE", "LOR", "SPAIN")]


def test_europe1615_the_turn_report_names_the_orders_not_followed(tmp_path):
    """rulebook 000: 'After submission of orders and INF deployment, the GM publishes the
    results, which powers have deployed to which states and whether the orders submitted are
    followed or not': the GM's turn report names France's order to Lorraine's army, which no
    INFs align with France, as not followed, not only 'LOR: no order, held' (QA)."""
    _game("europe1615", tmp_path, "S1615M")
    assert enter_mails("g", [("louis", b"France\nA LOR - CHA\n")], root=tmp_path).refused == []
    text = run_turn("g", root=tmp_path, site_dir=None).text()
    assert "  FRANCE: A LOR - CHA: not followed: LOR is UNALIGNED" in text.splitlines()


def test_europe1615_a_mailed_waiver_may_name_the_province_in_words(tmp_path):
    """rulebook 000, 'Waiving the capture of a center ... may waive the capture of the center or
    province': the Waivers sheet takes a province by code or name, so a mailed ``WAIVE: Upper
    Austria`` names it in two words and is typed there, not read as a unit's order (QA)."""
    import openpyxl

    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("louis", b"France\nWAIVE: Upper Austria\n")], root=tmp_path)
    assert report.refused == []
    sheet = openpyxl.load_workbook(tmp_path / "g.xlsx")["Waivers"]
    assert [sheet["A2"].value, str(sheet["B2"].value).upper()] == ["FRANCE", "UPPER AUSTRIA"]


def test_europe1619_a_mailed_loan_or_payment_is_named_as_the_gms_to_type(tmp_path):
    """rulebook 002, 'Treasury': loans and their repayments 'are monitored by the referee' and
    'reported by referee at the conclusion of the phase': the GM types them on the Loans and
    Payments sheets once both players have agreed (docs/europe1619.md). A player's 'lend 3 to
    England' was refused as if it were a misspelt purchase ('expected one of build A PAR ...')."""
    _game("europe1619", tmp_path, "Y1619B")
    refused = _refused(tmp_path, "France\nlend 3 to England\npay 2 to Spain (interest)\nloan of 4 from Spain\n")
    loans = "the Loans sheet, once the lender and the borrower have both agreed"
    payments = "the Payments sheet"
    assert refused == {
        "'lend 3 to England'": f"one of {_FORMS}: found 'lend 3 to England', a loan, which the GM types on {loans}",
        "'pay 2 to Spain (interest)'": f"one of {_FORMS}: found 'pay 2 to Spain (interest)', a payment, which the "
                                       f"GM types on {payments}",
        "'loan of 4 from Spain'": f"one of {_FORMS}: found 'loan of 4 from Spain', a loan, which the GM types on "
                                  f"{loans}"}


_FORMS = "'build A PAR', 'bolster LYO', 'reduce LYO', 'disband LYO' or 'minor build CAT A'"


def test_europe1619_a_mailed_minor_build_names_the_unit_of_the_aligned_minors_build(tmp_path):
    """rulebook 002, 'Minor states': 'Coastal minor states will by default build fleets, but the
    aligned power may indicate the preferred unit to the referee.' Spain, aligned with Catalonia,
    mails 'minor build CAT A' (or the record's own words, 'CAT builds A'): typed on Purchases as
    the sheet's 'minor build' row. It was refused as none of the phase's forms."""
    from gm_tools.edges.workbook import open_workbook

    _game("europe1619", tmp_path, "Y1619B")
    report = enter_mails("g", [("spain", b"Spain\nminor build CAT A\n")], root=tmp_path)
    assert report.refused == []
    ws = open_workbook((tmp_path / "g.xlsx").read_bytes(), "g")["Purchases"]
    assert [c.value for c in ws[2]] == ["SPAIN", "minor build", "A", None, "CAT"]
    report = enter_mails("g", [("spain", b"Spain\nCAT builds A\n")], root=tmp_path)
    assert report.refused == []
    result = run_turn("g", root=tmp_path, site_dir=None)
    assert any(r["order"] == "CAT BUILDS A" and r["power"] == "SPAIN" for r in result.record["results"])


def test_europe1619_a_mail_that_replaces_the_gms_rows_on_the_sheets_says_which(tmp_path):
    """docs/europe1619.md: a mailed line is typed 'replacing that power's earlier rows', on every
    sheet of its phase. A placement and a declaration the GM typed for France by hand (from a
    telephone call, say) went without a word when France's mail came; a unit order's mail says
    what it replaces, and so does this one."""
    from workflow_helpers import type_cells
    from gm_tools.edges.game import game_paths

    _game("europe1619", tmp_path, "Y1619D")
    type_cells(game_paths("g", tmp_path), {
        "INF Placements!A4": "FRANCE", "INF Placements!B4": 2, "INF Placements!C4": "LOR",
        "INF Placements!A5": "SPAIN", "INF Placements!B5": 1, "INF Placements!C5": "POR",
        "Declarations!A2": "FRANCE", "Declarations!B2": "war", "Declarations!C2": "SPAIN"})
    report = enter_mails("g", [("france", b"France\n3: BRE\n")], root=tmp_path)
    assert ("  FRANCE: france replaces its rows in the workbook (INF Placements!A4, Declarations!A2)"
            in report.text().splitlines())


def test_europe1619_a_mailed_reichstag_vote_is_named_as_the_gms_to_type(tmp_path):
    """1619 rulebook, 'Reichstag': 'When Austria decides on the agenda for the meeting, all
    members will vote on the item'; the GM types the agenda and the votes on the Reichstag sheets
    (docs/europe1619.md). Saxony's 'Vote: for' and Austria's 'Reichstag: restrict_attacks' were
    refused as unit orders for provinces 'Vote for' and 'Reichstag restrict_attacks'."""
    _game("europe1619", tmp_path, "Y1619M")
    refused = _refused(tmp_path, "Saxony\nA SAX H\nVote: for\nReichstag: against\n")
    where = "which the GM types on the Reichstag and Reichstag Votes sheets"
    assert refused == {
        "'Vote: for'": f"a unit's order: found 'Vote: for', a Reichstag agenda or vote, {where}",
        "'Reichstag: against'": f"a unit's order: found 'Reichstag: against', a Reichstag agenda or vote, {where}"}


def test_europe1619_a_units_strength_copied_into_an_order_is_named_as_one(tmp_path):
    """rulebook 002 (Europe 1619), bolstered units: 'When a unit has greater strength this is
    depicted on the board with plus sign and value on top of the unit'. QA finding: Spain's
    'A FLA(+1) - BRB', the map's mark copied into the order, was refused as "expected a coast
    (like NC or north coast) after 'FLA/', found '+1'", a slash the player never wrote; the
    strength is now named as what was found, and the order's form said."""
    _game("europe1619", tmp_path, "Y1619M")
    refused = _refused(tmp_path, "Spain\nA FLA(+1) - BRB\nA MAD +1 H\nA NAP H\n")
    said = "a strength, '{}', after '{}': an order names a unit by its kind and province alone ('{}'); " \
           "the map's +n is not written"
    assert "found " + said.format("+1", "FLA", "FLA") in refused["'A FLA(+1) - BRB'"]
    assert "found " + said.format("+1", "MAD", "MAD") in refused["'A MAD +1 H'"]
    assert "coast" not in refused["'A FLA(+1) - BRB'"]


@pytest.mark.parametrize("phase", ["Y1619D", "Y1619B"])
def test_europe1619_treasury_points_mailed_to_a_power_are_a_payment_not_an_inf_placement(tmp_path, phase):
    """rulebook 002, 'Treasury': 'Wealth is measured in treasury points or TPs'; loans and
    payments 'are monitored by the referee', typed by the GM on the Payments sheet. QA finding:
    France's '3 TPs to Venice' was read as a placement in the form '5 INFs to BRE': in the
    Builds and Transactions Phase refused as 'an INF placement, which is mailed in the Diplomatic
    Phase', in the Diplomatic Phase as a minor state 'TPs to Venice' not found. It is a payment,
    which the GM types."""
    _game("europe1619", tmp_path, phase)
    refused = _refused(tmp_path, "France\n3 TPs to Venice\nsend 2 TPs to Spain\n")
    for line in ("3 TPs to Venice", "send 2 TPs to Spain"):
        said = refused[repr(line)]
        assert said.endswith(f": found {line!r}, a payment, which the GM types on the Payments sheet"), said
        assert "INF" not in said.split(": found")[1]


def test_europe1619_an_attack_mailed_with_a_label_is_given_its_form(tmp_path):
    """rulebook 002 (Europe 1619), Diplomatic Phase: the attack order is '[minor state] > [power]'.
    QA finding: the Union's 'Attack: WUE > Catholic League' was refused as "found 'ATTACK' before
    the colon, expected a number of INFs or one of WAR, ALLIANCE, ARMISTICE, DISSOLVE", which
    sends the player to the declarations; it now says to write the attack alone, and what."""
    _game("europe1619", tmp_path, "Y1619D")
    refused = _refused(tmp_path, "Protestant Union:\nAttack: WUE > Catholic League\n")
    said = refused["'Attack: WUE > Catholic League'"]
    assert said.endswith("(found 'ATTACK' before the colon, expected the attack alone, '[minor state] > [power]' "
                         "(did you mean WUE > Catholic League?))"), said
    assert "WAR, ALLIANCE" not in said


def test_europe1619_an_attack_mailed_in_words_is_given_its_form(tmp_path):
    """rulebook 002 (Europe 1619), Diplomatic Phase: the attack order is '[minor state] > [power]'.
    QA finding: 'diplomatic attack on the League in Cologne' was refused with the three forms
    alone, and 'Attack against the Catholic League INFs in WUE' as an INF placement (it speaks of
    INFs); each is now named as an attack with its form written from its own words, one the
    reader takes."""
    _game("europe1619", tmp_path, "Y1619D")
    refused = _refused(tmp_path, "Protestant Union:\ndiplomatic attack on the League in Cologne\n"
                                 "Attack against the Catholic League INFs in WUE.\nattack France in BRAP\n")
    forms = "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN': found "
    assert refused == {
        "'diplomatic attack on the League in Cologne'":
            forms + "'diplomatic attack on the League in Cologne', a diplomatic attack, written 'Cologne > League'",
        "'Attack against the Catholic League INFs in WUE.'":
            forms + "'Attack against the Catholic League INFs in WUE.', a diplomatic attack, written "
                    "'WUE > Catholic League'",
        "'attack France in BRAP'": forms + "'attack France in BRAP', a diplomatic attack, written 'BRAP > France'"}


def test_europe1619_a_minor_state_named_as_a_declarations_power_is_said_a_minor_state(tmp_path):
    """rulebook 002 (Europe 1619), '10 PLAYERS': 'Convert the Papacy into an independent minor
    state', Savoy too; 'Declaration of war is made against an opposing power and all of its
    aligned states'. QA finding: in the 10-player game France's 'WAR: Savoy' was refused as
    "found 'Savoy', expected a power in play (AUSTRIA, ...)", as if misspelt, where its code 'HES'
    was said to be a minor state; a minor state named by its name is now said to be one too."""
    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z", player_count=10)
    refused = _refused(tmp_path, "France\nWAR: Savoy\nALLIANCE: Papal States\nWAR: Hesse\n")
    for line, word in (("WAR: Savoy", "Savoy"), ("ALLIANCE: Papal States", "Papal States"), ("WAR: Hesse", "Hesse")):
        assert refused[repr(line)] == f"an order the rules allow (found {word!r}, a minor state, expected a power in play)"


def test_europe1615_a_later_mail_says_it_replaces_the_deployments_and_attack_too(tmp_path):
    """docs/europe1615.md, "By mail": 'a later mail of the same power replaces its earlier rows
    and orders, and the report says so'. rulebook 000 (Europe 1615 v3), 'Writing the orders': the
    deployment list goes with the orders ('Deployment of influence with submission of orders'), so
    a first mail holds both. A second mail of England's replaced its 9 INFs to LOR, 5 to IRE and
    its attack 'LOR > FRANCE' without a word: the report named only the units left without
    orders. It names the rows too, as it does for a power with no unit orders typed."""
    _game("europe1615", tmp_path, "S1615M")
    first = enter_mails("g", [("first", b"England\n9: LOR\n5: IRE\nLOR > FRANCE\nA YOR H\nF LON H\n")], root=tmp_path)
    assert first.refused == []
    second = enter_mails("g", [("second", b"England\n10: HES\nA YOR H\n")], root=tmp_path)
    assert ("  ENGLAND: second replaces its orders in the workbook (F LON now without orders) and its rows in the "
            "workbook (INF Deployment!A2, INF Deployment!A3, Diplomatic Attacks!A2)") in second.text().splitlines()
    # in one batch the second mail replaces the first, which the report names (the workbook's rows once)
    both = enter_mails("g", [("a", b"England\n3: IRE\nA YOR H\n"), ("b", b"England\n4: IRE\n")], root=tmp_path)
    assert [line for line in both.text().splitlines() if line.startswith("  ENGLAND:")] == [
        "  ENGLAND: a replaces its orders in the workbook and its rows in the workbook (INF Deployment!A2)",
        "  ENGLAND: b replaces a (A YOR now without orders)"]


@pytest.mark.parametrize("phase", ["I1615C", "W1615S"])
def test_europe1615_a_mail_at_a_phase_that_takes_none_says_to_process_it_first(tmp_path, phase):
    """rulebook 000, PHASES OF THE GAME YEAR: '1- Initial Status Check', '7- Scoring Phase': no
    player enters anything in either, and the GM processes them without waiting
    (docs/europe1615.md). QA finding: France's Spring mail entered while a new game was still at
    its Initial Status Check had every line refused, its deployments as 'mailed in a movement
    phase' (as they were) and its orders with 'no unit orders are read in phase I1615C': each line
    now says to process the phase first and enter the mail again."""
    _game("europe1615", tmp_path, phase)
    report = enter_mails("g", [("france", b"France\n9: WUR\nLOR > SPAIN\nA PAR - BUR\n")], root=tmp_path)
    title = {"I1615C": "Initial 1615 Status Check", "W1615S": "Late Winter 1615 Scoring"}[phase]
    said = (f"nothing mailed in this phase: the game is at {title} ({phase}), which takes no players' entries; "
            "process it first (gm-tools turn: it waits for no one), then enter this mail again")
    assert [(where, why) for where, _, why in report.refused] == [
        (f"france line {n}", said) for n in (2, 3, 4)]
    assert report.written == []
