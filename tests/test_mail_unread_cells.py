"""`gm-tools orders` and a cell the GM typed that does not read as its column takes it (none of
its choices, `Augsberg`; no whole number): every mail is still typed, the cell named as a
warning (sheet, cell, found, expected) and left as it is unless a mail replaces it (the
player's new entries over his own row), the workbook replaced in one step; the turn still
refuses the cell. Until now such a cell stopped every mail of the run, even one that would
replace it (README, "Not done yet"). Real workbooks, real mails, the command as the GM runs it.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.errors import WorkbookError

from westphalia_mails import cell, mail_orders, played_to, refused_turn, rows_of
from workflow_helpers import snapshot

PRINCIPALITIES = ("Augsburg, Bohemia, Brandenburg, Cologne, Dithmarschen, Goslar, Hesse, Konstanz, Lübeck, Magdeburg, "
                  "Mainz, Saxony, The Palatinate, Trier")


def orders(root: Path, game: str, *mails: tuple[str, str], dry_run: bool = False) -> tuple[int, str]:
    """`gm-tools orders GAME` with each mail saved as a file: (exit status, what it printed)."""
    return mail_orders(root, game, *mails, options=("--dry-run",) if dry_run else ())


def warnings(text: str) -> list[str]:
    return [line[len("  warning "):] for line in text.splitlines() if line.startswith("  warning ")]


def test_westphalia_a_misspelt_principality_leaves_every_mail_typed_and_a_mail_replaces_its_own_slip(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Choose whether to Combat Heresy, Engage in Diplomacy, or Wage
    War': 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'. The GM
    typed Red's Influence on Augsberg (no principality: Augsburg) and Orange's Combat Heresy as
    'yse'; Orange's and Red's mails of their actions are typed all the same. Orange's mail
    replaces his row, 'yse' with it; Red's speaks to his actions only, so 'Augsberg' stays as
    typed, named as a warning, and the turn refuses it at its cell. A line of a mail that is
    itself wrong is refused as before (exit status 1)."""
    paths = played_to("R1610T", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Player Turns!B3": "yse", "Place Influence!A2": "RED", "Place Influence!B2": "Augsberg",
        "Place Influence!C2": 1}))
    files = snapshot(paths.folder)
    status, text = orders(tmp_path, "westphalia-demo", ("orange.txt", "Orange\nActions: Heresy, War\n"),
                          ("red.txt", "Red\nActions: Heresy, Diplomacy\n"), dry_run=True)
    assert status == 0 and snapshot(paths.folder) == files  # a dry run writes nothing
    augsberg = (f"Place Influence!B2: found 'Augsberg', expected one of {PRINCIPALITIES} (Principality; did you mean "
                "Augsburg?)")
    assert warnings(text) == [
        f"Player Turns!B3: found 'yse', expected one of yes, no (Combat Heresy): would be replaced by "
        f"{tmp_path / 'orange.txt'}",
        f"{augsberg}: would be left as it is (no mail replaces it); the turn refuses it until it is corrected"]
    status, text = orders(tmp_path, "westphalia-demo", ("orange.txt", "Orange\nActions: Heresy, War\n"),
                          ("red.txt", "Red\nActions: Heresy, Diplomacy\n"),
                          ("blue.txt", "Blue\nActions: Heresy, Sleep\n"))
    assert status == 1 and "  refused " + str(tmp_path / "blue.txt") + " line 2: 'Actions: Heresy, Sleep'" in text
    assert text.startswith("R1610T: 2 line(s) written, 1 refused\n")
    assert warnings(text) == [
        f"Player Turns!B3: found 'yse', expected one of yes, no (Combat Heresy): replaced by {tmp_path / 'orange.txt'}",
        f"{augsberg}: left as it is (no mail replaced it); the turn refuses it until it is corrected"]
    turns = {row[0]: row[1:4] for row in rows_of(paths, "Player Turns")}
    assert turns["ORANGE"] == ("yes", "no", "yes") and turns["RED"] == ("yes", "yes", "no")
    assert turns["BLUE"] == (None, None, None)
    assert rows_of(paths, "Place Influence") == [("RED", "Augsberg", 1)]
    assert (paths.folder / "mail" / "R1610T.1.xlsx").exists()  # the workbook before, kept
    found = [(sheet, at, found) for sheet, at, found, _ in refused_turn(paths, {})]
    assert ("Place Influence", "B2", "'Augsberg'") in found  # beside the actions still due
    assert not [at for sheet, at, _ in found if sheet == "Player Turns" and at[1:] in ("3", "4")]


def test_westphalia_a_mail_replacing_the_players_rows_clears_the_slip_in_them(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Engage in Diplomacy': 'take the Influence listed on the card',
    placed on the principalities of the player's choice. The GM typed Red's placement on
    'Augsberg'; Red's mail places his Influence on Augsburg: his new entries replace his
    earlier ones, so the whole row with the slip is cleared (the new one typed on the rows kept
    for him), not its readable cells only, which would leave 'Augsberg' alone on a row of no
    one's."""
    paths = played_to("R1610T", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Place Influence!A2": "RED", "Place Influence!B2": "Augsberg", "Place Influence!C2": 1}))
    status, text = orders(tmp_path, "westphalia-demo", ("red.txt", "Red\nActions: Heresy, Diplomacy\n"
                                                                   "Influence: Augsburg 1\n"))
    assert status == 0, text
    assert f"  RED: {tmp_path / 'red.txt'} replaces its entries in the workbook (Place Influence!A2, B2, C2 now " \
           "empty)" in text.splitlines()
    assert warnings(text) == [f"Place Influence!B2: found 'Augsberg', expected one of {PRINCIPALITIES} "
                              f"(Principality; did you mean Augsburg?): replaced by {tmp_path / 'red.txt'}"]
    assert rows_of(paths, "Place Influence") == [("RED", "Augsburg", 1)]
    assert cell(paths, "Place Influence!B2") is None


def test_westphalia_a_slip_beside_a_wrong_workbook_still_stops_the_mails_naming_both(tmp_path, capsys):
    """A workbook that cannot take mail (an old copy: another phase on its Game sheet) is
    refused as before, every problem named, the cell that does not read among them, and
    nothing written."""
    paths = played_to("R1610T", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Game!B4": "R1610U", "Place Influence!A2": "RED", "Place Influence!B2": "Augsberg"}))
    files = snapshot(paths.folder)
    status, text = orders(tmp_path, "westphalia-demo", ("red.txt", "Red\nActions: Heresy, Diplomacy\n"))
    said = capsys.readouterr().err.splitlines()
    assert status == 2 and text == "" and said[0].endswith("westphalia-demo.xlsx: 2 problem(s), nothing written:")
    assert said[1].startswith("  Game!B4: found 'R1610U', expected 'R1610T'")
    assert said[2].startswith("  Place Influence!B2: found 'Augsberg', expected one of Augsburg,")
    assert snapshot(paths.folder) == files


def test_europe1619_a_misspelt_declaration_kind_stays_unless_its_powers_mail_replaces_it(tmp_path):
    """002_e7e1b063b6c411e5.txt (Europe 1619), the declarations: 'All potential members involved
    in the making of the alliance must make the declaration'. The GM typed France's alliance as
    'allaince' and Spain's war as 'warr' on the Declarations sheet; France's and England's mails
    declaring their alliance are typed, France's replacing his row (its slip with it), Spain's
    row left as typed, named, and refused by the turn."""
    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Declarations!A2": "FRANCE", "Declarations!B2": "allaince", "Declarations!C2": "ENGLAND",
        "Declarations!A3": "SPAIN", "Declarations!B3": "warr", "Declarations!C3": "FRANCE"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\nALLIANCE: ENGLAND\n"),
                          ("eng.txt", "England\nALLIANCE: FRANCE\n"))
    assert status == 0, text
    kinds = "one of war, alliance, armistice, dissolve (Kind; did you mean"
    assert warnings(text) == [
        f"Declarations!B2: found 'allaince', expected {kinds} alliance?): replaced by {tmp_path / 'fra.txt'}",
        f"Declarations!B3: found 'warr', expected {kinds} war?): left as it is (no mail replaced it); the turn "
        "refuses it until it is corrected"]
    ws = openpyxl.load_workbook(workbook)["Declarations"]
    assert sorted(tuple(c.value for c in row) for row in ws.iter_rows(min_row=2) if row[0].value) == [
        ("ENGLAND", "alliance", "FRANCE"), ("FRANCE", "alliance", "ENGLAND"), ("SPAIN", "warr", "FRANCE")]
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert [(p.sheet, p.cell, p.found) for p in refused.value.problems] == [("Declarations", "B3", "'warr'")]


def test_europe1615_a_misspelt_power_on_the_deployment_list_leaves_the_other_mails_typed(tmp_path):
    """000_cc215928c2f3193e.txt (Europe 1615 v3), 'Writing the orders: Example of the format for
    the submission of the INF deployment list and orders' ('9 INFs to Wuerttemburg (WUR)'): the
    GM typed a deployment for 'Austira'; France's mailed deployment is typed below it, the row
    that names no power left as typed and named, and the turn refuses it at its Power cell."""
    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "INF Deployment!A2": "Austira", "INF Deployment!B2": 4, "INF Deployment!C2": "WUR"}))
    status, text = orders(tmp_path, "g", ("fra.txt", "France\n3: LOR\n"))
    assert status == 0, text
    assert f"  wrote INF Deployment!A3: FRANCE 3: LOR   ({tmp_path / 'fra.txt'})" in text.splitlines()
    assert warnings(text) == [
        "INF Deployment!A2: found 'Austira', expected one of AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK (Power; did "
        "you mean AUSTRIA?): left as it is (no mail replaced it); the turn refuses it until it is corrected"]
    ws = openpyxl.load_workbook(workbook)["INF Deployment"]
    assert [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2, max_row=3)] == [
        ("Austira", 4, "WUR"), ("FRANCE", 3, "LOR")]
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert [(p.sheet, p.cell, p.found) for p in refused.value.problems] == [("INF Deployment", "A2", "'Austira'")]


def test_centenary_a_misspelt_neutral_on_a_fealty_claim_is_replaced_by_the_claimers_mail(tmp_path):
    """004_1210a5933393c2d7.txt (Centenary), rule 2: 'if a player capturing the center it
    occupied specifically orders it, he may claim the "Fealty" of the major or minor neutral in
    question'. In the demo's Winter 1618 the GM typed Spain's claim on 'Portugul'; Spain's mail
    with the claim and its build is typed, its Fealty row replacing the GM's, slip and all."""
    from demos import played_until

    played_until(tmp_path, "centenary", "W1618A")
    workbook = tmp_path / "centenary-demo.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {
        "Fealty!A2": "SPAIN", "Fealty!B2": "Portugul", "Fealty!C2": "POR", "Fealty!D2": "EST"}))
    status, text = orders(tmp_path, "centenary-demo",
                          ("es.txt", "Spain\nFEALTY: PORTUGAL, build in POR, retreat to EST\nBuild A POR\n"))
    assert status == 0, text
    assert warnings(text) == [
        "Fealty!B2: found 'Portugul', expected one of DENMARK, RUSSIA, POLAND, PORTUGAL, PAPACY, SWISS, BAVARIA, "
        f"VENICE (Neutral; did you mean PORTUGAL?): replaced by {tmp_path / 'es.txt'}"]
    ws = openpyxl.load_workbook(workbook)["Fealty"]
    assert [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2) if row[0].value] == [
        ("SPAIN", "PORTUGAL", "POR", "EST")]


def test_westphalia_a_number_typed_in_words_is_a_warning_too(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Engage in Diplomacy': 'take the Influence listed on the card'.
    The GM typed Green's Influence placed as 'two', where a whole number belongs: Red's mail is
    typed, the cell named as a warning with what its column takes, and left as typed."""
    paths = played_to("R1610T", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "Place Influence!A2": "GREEN", "Place Influence!B2": "Mainz", "Place Influence!C2": "two"}))
    status, text = orders(tmp_path, "westphalia-demo", ("red.txt", "Red\nActions: Heresy, Diplomacy\n"))
    assert status == 0, text
    (warning,) = warnings(text)
    assert warning.startswith("Place Influence!C2: found 'two', expected a whole number")
    assert warning.endswith(": left as it is (no mail replaced it); the turn refuses it until it is corrected")
    assert rows_of(paths, "Place Influence") == [("GREEN", "Mainz", "two")]
    assert rows_of(paths, "Player Turns")[2][:4] == ("RED", "yes", "yes", "no")
