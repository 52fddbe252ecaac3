"""Orders straight from players' mail into the real workbook (issue 18, item 5): read as
judges accept them (a power line, then orders; quoted replies, signatures and HTML mail
ignored), checked against the current phase with the usual errors, and typed into the
power's block of the Orders sheet atomically, the previous workbook and the mails kept."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, run_turn
from gm_tools.edges.mail import body_text, read_mail
from gm_tools.edges.variants import load_variant

from workflow_helpers import create, snapshot

PLAIN = b"""Hi GM,

here are my orders for spring.

France
A PAR - BUR
F BRE - MAO
a mar h

> England
> F LON - NTH
--\x20
Ann, who plays France
"""

HTML_ONLY = b"""From: ann@example.org
To: gm@example.org
Subject: Re: S1901M
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<html><head><style>p {color: red}</style></head><body>
<div>Power: FRANCE</div><div>A PAR - PIC<br>F BRE - ENG</div>
<div class="gmail_quote"><div>On Monday the GM wrote:</div>
<blockquote>Germany<br>A BER - KIE</blockquote></div></body></html>
"""


def _orders_column(paths) -> dict[str, str]:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    ws = wb["Orders"]
    return {f"C{r}": ws.cell(row=r, column=3).value for r in range(2, ws.max_row + 1)
            if ws.cell(row=r, column=3).value}


def _row_of(paths, unit: str) -> str:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    ws = wb["Orders"]
    rows = [r for r in range(2, ws.max_row + 1)
            if ws.cell(row=r, column=1).value == "FRANCE" and ws.cell(row=r, column=2).value == unit]
    assert len(rows) == 1
    return f"C{rows[0]}"


def test_a_plain_mail_fills_the_powers_block_and_the_turn_plays_it(tmp_path):
    paths = create(tmp_path)
    mail = tmp_path / "ann.txt"
    mail.write_bytes(PLAIN)
    report = enter_mails("g", [(str(mail), PLAIN)], root=tmp_path)
    assert report.refused == []
    assert [t for _, _, t, _ in report.written] == ["A PAR - BUR", "F BRE - MAO", "a mar h"]
    typed = _orders_column(paths)
    assert typed == {_row_of(paths, "A PAR"): "A PAR - BUR", _row_of(paths, "F BRE"): "F BRE - MAO",
                     _row_of(paths, "A MAR"): "a mar h"}  # each on its unit's row; England's quote ignored
    assert [w for w, _ in report.skipped] == [f"{mail} line 1", f"{mail} line 3"]  # the greeting
    # the previous workbook and the mail are kept
    assert (paths.folder / "mail" / "S1901M.1.1.eml").read_bytes() == PLAIN
    assert (paths.folder / "mail" / "S1901M.1.xlsx").exists()
    run_turn("g", root=tmp_path, site_dir=None)
    after = load_state("g", root=tmp_path).position
    assert after.units["BUR"].power == "FRANCE" and after.units["MAO"].power == "FRANCE"


def test_a_unit_named_in_words_goes_on_its_own_row(tmp_path):
    """docs/orders.md: an order may name its unit by the province's full name, leave out the
    unit's letter (DATC 4.C.1) or give a coast in words; the mail puts it on the row of the
    unit the parser read, as the GM would type it, and the dry run says the same cell."""
    paths = create(tmp_path)
    mail = (b"England\nA Liverpool to Yorkshire\nLON - North Sea\nFleet Edinburgh - NWG\n\n"
            b"Russia\nF St Petersburg (sc) - BOT\nA MOS H\n")
    dry = enter_mails("g", [("m1", mail)], root=tmp_path, dry_run=True)
    assert dry.refused == [] and len(dry.written) == 5
    report = enter_mails("g", [("m1", mail)], root=tmp_path)
    assert report.refused == []
    assert _orders_column(paths) == {
        _unit_row(paths, "ENGLAND", "A LVP"): "A Liverpool to Yorkshire",
        _unit_row(paths, "ENGLAND", "F LON"): "LON - North Sea",
        _unit_row(paths, "ENGLAND", "F EDI"): "Fleet Edinburgh - NWG",
        _unit_row(paths, "RUSSIA", "F STP/SC"): "F St Petersburg (sc) - BOT",
        _unit_row(paths, "RUSSIA", "A MOS"): "A MOS H",
    }
    assert {(p, t): c for _, p, t, c in report.written}[("RUSSIA", "F St Petersburg (sc) - BOT")] == \
        "Orders!" + _unit_row(paths, "RUSSIA", "F STP/SC")
    run_turn("g", root=tmp_path, site_dir=None)
    after = load_state("g", root=tmp_path).position
    assert {p: after.units[p].power for p in ("YOR", "NTH", "NWG", "BOT")} == {
        "YOR": "ENGLAND", "NTH": "ENGLAND", "NWG": "ENGLAND", "BOT": "RUSSIA"}


def test_html_mail_is_read_without_its_quoted_reply(tmp_path):
    variant = load_variant("standard")
    text = body_text(HTML_ONLY)
    mail = read_mail(text, variant)
    assert [(p, [l.text for l in lines]) for p, lines in mail.blocks] == [("FRANCE", ["A PAR - PIC", "F BRE - ENG"])]
    assert "red" not in text and "BER" not in text


def test_refused_orders_are_listed_and_not_written(tmp_path):
    """Checked 'with the usual errors': the parser's reason, the line it came from."""
    paths = create(tmp_path)
    mail = b"FRANCE\nA PAR - BUR\nA MAR - XYZ\nF BRE - MUN\nA PAR - PIC\n"
    report = enter_mails("g", [("m1", mail)], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert "XYZ" in refused["m1 line 3"] and "not a province" in refused["m1 line 3"]
    assert "m1 line 4" in refused                     # a fleet cannot reach Munich
    assert "m1 line 2" in refused and "m1 line 5" in refused  # two orders for A PAR: neither stands
    assert "A PAR - PIC" in refused["m1 line 2"] or "line 5" in refused["m1 line 2"]
    assert _orders_column(paths) == {}


def test_the_same_order_written_twice_is_typed_once_and_two_different_orders_neither(tmp_path):
    """DATC 4.D.3 (docs/datc-options.md, choice c): 'The same order written twice is followed
    once'; a unit given two *different* orders follows none. A mail that repeats an order,
    however worded (a line pasted twice, 'A PAR - BUR' and 'Army Paris to Burgundy'), has it
    typed once, on its unit's row, the repeat noted; a unit with two different orders gets
    neither, both refused; the turn plays what was typed."""
    paths = create(tmp_path)
    mail = b"FRANCE\nA PAR - BUR\nF BRE - MAO\nArmy Paris to Burgundy\nA MAR H\nA MAR - SPA\nF BRE - MAO\n"
    report = enter_mails("g", [("m1", mail)], root=tmp_path)
    assert report.notes == [
        "m1 line 2 once: m1 line 4 repeats its order 'Army Paris to Burgundy' (the same order written twice is "
        "followed once)",
        "m1 line 3 once: m1 line 7 repeats its order 'F BRE - MAO' (the same order written twice is followed once)"]
    assert sorted(where for where, _, _ in report.refused) == ["m1 line 5", "m1 line 6"]
    assert _orders_column(paths) == {_row_of(paths, "A PAR"): "A PAR - BUR", _row_of(paths, "F BRE"): "F BRE - MAO"}
    assert "typed m1 line 2 once: m1 line 4 repeats its order" in report.text()
    run_turn("g", root=tmp_path, site_dir=None)
    after = load_state("g", root=tmp_path).position
    assert {p: after.units[p].power for p in ("BUR", "MAO", "MAR")} == {"BUR": "FRANCE", "MAO": "FRANCE", "MAR": "FRANCE"}


def test_a_later_mail_replaces_the_powers_earlier_orders_and_others_stay(tmp_path):
    paths = create(tmp_path)
    enter_mails("g", [("first", b"France\nA PAR - BUR\nF BRE - MAO\n"),
                      ("england", b"England\nF LON - NTH\n")], root=tmp_path)
    report = enter_mails("g", [("second", b"France\nA PAR - PIC\n")], root=tmp_path)
    typed = _orders_column(paths)
    assert typed[_row_of(paths, "A PAR")] == "A PAR - PIC"
    assert "F BRE - MAO" not in typed.values()          # France's earlier mail is replaced whole
    assert "F LON - NTH" in typed.values()              # England's block is untouched
    assert report.written[0][3] == "Orders!" + _row_of(paths, "A PAR")
    assert sorted(p.name for p in (paths.folder / "mail").iterdir()) == [
        "S1901M.1.1.eml", "S1901M.1.2.eml", "S1901M.1.xlsx", "S1901M.2.1.eml", "S1901M.2.xlsx"]


def test_a_mail_without_a_power_line_writes_nothing(tmp_path):
    create(tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails("g", [("nopower", b"Hello\nA PAR - BUR\n")], root=tmp_path)
    assert report.refused and report.refused[0][:2] == ("nopower", "no power line")
    assert snapshot(tmp_path) == before


def test_a_mail_from_a_power_the_setup_does_not_play_lists_the_games_powers(tmp_path, capsys):
    """Europe 1619 rulebook, 10 PLAYERS: the Catholic League is 'removed as a playable power'
    (docs/europe1619.md, 'Games of 10 to 14 players'). Its mail has no power line this game
    reads; the refusal names the powers of the game, so the GM sees why 'LEAGUE' was not
    read as one, and nothing is written."""
    assert main(["new-game", "europe1619", "ten", "--players", "10", "--seed", "3", "--root", str(tmp_path)]) == 0
    mail = tmp_path / "league.txt"
    mail.write_bytes(b"LEAGUE\n1: BAV\n")
    capsys.readouterr()
    before = snapshot(tmp_path)
    assert main(["orders", "ten", str(mail), "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert ("no power line -- expected a line naming the power before the orders, one of this game's: Austria, "
            "Denmark, Spain, France, Dutch Republic, England, Sweden, Protestant Union and the Palatinate, "
            "Poland-Lithuania, Ottoman Empire") in out
    assert "Catholic League" not in out and "'LEAGUE' (before the orders)" in out
    assert snapshot(tmp_path) == before


def test_a_dry_run_checks_and_writes_nothing(tmp_path):
    create(tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails("g", [("m", b"France\nA PAR - BUR\n")], root=tmp_path, dry_run=True)
    assert report.written == [("m", "FRANCE", "A PAR - BUR", "(not written)")]
    assert snapshot(tmp_path) == before


def test_a_workbook_open_in_a_spreadsheet_program_is_refused(tmp_path, capsys):
    paths = create(tmp_path)
    paths.lock_files()[0].write_text("")
    mail = tmp_path / "m.txt"
    mail.write_bytes(b"France\nA PAR - BUR\n")
    before = snapshot(tmp_path)
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 2
    assert "open in a spreadsheet program" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


def test_the_command_reads_standard_input_and_reports(tmp_path):
    paths = create(tmp_path)
    done = subprocess.run([sys.executable, "-m", "gm_tools", "orders", "g", "-", "--root", str(tmp_path)],
                          input=b"Power: France\nA PAR - BUR\nF BRE - XYZ\n", capture_output=True)
    out = done.stdout.decode()
    assert done.returncode == 1  # one refused
    assert f"wrote Orders!{_row_of(paths, 'A PAR')}: FRANCE A PAR - BUR" in out
    assert "refused standard input line 3: 'F BRE - XYZ'" in out
    assert "Traceback" not in done.stderr.decode()


@pytest.mark.parametrize("line, power", [("France", "FRANCE"), ("FRANCE:", "FRANCE"), ("power: fra", None),
                                         ("Country = England", "ENGLAND"), ("France A PAR H", None)])
def test_power_lines(line, power):
    variant = load_variant("standard")
    mail = read_mail(f"{line}\nA PAR H\n", variant)
    assert (mail.blocks[0][0] if mail.blocks else None) == power


# --- Europe 1615 v2: a mailed offer sheet goes on the Offers sheet ------------------------------


def _offers(paths) -> list[tuple]:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    ws = wb["Offers"]
    return [tuple(ws.cell(row=r, column=c).value for c in (1, 2, 3)) for r in range(2, ws.max_row + 1)
            if ws.cell(row=r, column=1).value]


def test_a_payola_offer_sheet_by_mail_is_typed_into_the_offers_sheet_and_played(tmp_path):
    """rulebook 001 (Europe 1615 v2), 'Players submit their offer sheet as describe at ...
    payolaclassic': in a movement phase a power's mailed lines are its offers, 'amount :
    order', checked as a turn checks the Offers sheet (the order read against the board), the
    good ones typed on the sheet's empty rows; a later mail replaces the power's rows only."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    for _ in range(2):  # the Influence and Taxation/Revenue Phases, nothing entered
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", root=tmp_path).position.phase == "S1615M"
    _play_offers(paths, tmp_path)


def _play_offers(paths, tmp_path):
    austria = b"Austria\n0 : A BOH - LUS\n0 : A VIE - BOH\n3 : A XYZ H\nA VIE H\n"
    england = b"England\n0 : F LON - NTH\n"
    report = enter_mails("g", [("austria", austria), ("england", england)], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert set(refused) == {"austria line 4", "austria line 5"}
    found = {where: what for where, what, _ in report.refused}
    assert "XYZ" in found["austria line 4"] and "not a province" in refused["austria line 4"]
    assert "amount" in refused["austria line 5"]  # no amount: the form is the reason
    assert _offers(paths) == [("AUSTRIA", 0, "A BOH - LUS"), ("AUSTRIA", 0, "A VIE - BOH"),
                              ("ENGLAND", 0, "F LON - NTH")]
    assert [cell for *_, cell in report.written] == ["Offers!A2", "Offers!A3", "Offers!A4"]
    again = enter_mails("g", [("austria again", b"AUSTRIA\n0 : A BOH - LUS\n")], root=tmp_path)
    assert again.refused == [] and [cell for *_, cell in again.written] == ["Offers!A2"]
    assert _offers(paths) == [("AUSTRIA", 0, "A BOH - LUS"), ("ENGLAND", 0, "F LON - NTH")]
    run_turn("g", root=tmp_path, site_dir=None)
    after = load_state("g", root=tmp_path).position
    assert after.units["LUS"].power == "AUSTRIA" and after.units["NTH"].power == "ENGLAND"
    assert after.units["VIE"].power == "AUSTRIA"  # its offer to move was replaced: it holds


def _sheet(paths, title: str) -> list[tuple]:
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))[title]
    return [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2) if any(c.value for c in row)]


def test_placements_attacks_and_a_reference_list_by_mail_go_on_their_sheets(tmp_path):
    """rulebook 001 (Europe 1615 v2): the Influence Phase's INF placements and diplomatic
    attacks ('Diplomatic attacks commence in the second game year', so one in 1615 is refused
    as the turn would refuse it) and the Taxation/Revenue Phase's reference list ('Reference
    lists are submitted before the start of the taxation/revenue phase') come by mail too,
    each onto its sheet."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    mail = b"Austria\n6: BOS\n5: TRA\n0: RHI > FRANCE\nsee you\n"
    report = enter_mails("g", [("austria", mail)], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert [where for where, _, _ in report.refused] == ["austria line 4", "austria line 5"]  # in line order
    assert "Diplomatic Attacks phase" in refused["austria line 4"] and "placement" in refused["austria line 5"]
    assert [r[:3] for r in _sheet(paths, "INF Placements")] == [("AUSTRIA", 6, "BOS"), ("AUSTRIA", 5, "TRA")]
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    placed = json.loads(paths.record_file("P1615I").read_text(encoding="utf-8"))["extra"]["europe1615v2"]
    assert placed["placements"] == [{"infs": 6, "power": "AUSTRIA", "where": "BOS"},
                                    {"infs": 5, "power": "AUSTRIA", "where": "TRA"}]
    report = enter_mails("g", [("england", b"England\nENGLAND DENMARK\nFRANCE SPAIN AUSTRIA\n")], root=tmp_path)
    assert report.refused == [] and [cell for *_, cell in report.written] == ["Reference Lists!B5"]
    assert [text for _, _, text, _ in report.written] == ["ENGLAND DENMARK FRANCE SPAIN AUSTRIA"]  # both lines
    assert ("ENGLAND", "ENGLAND DENMARK FRANCE SPAIN AUSTRIA") in _sheet(paths, "Reference Lists")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    taxed = json.loads(paths.record_file("T1615T").read_text(encoding="utf-8"))["extra"]["europe1615v2"]
    assert taxed["acceptance"]["ENGLAND"] == ["ENGLAND", "DENMARK", "FRANCE", "SPAIN", "AUSTRIA"]


def test_a_europe_1615_mail_splits_into_deployments_attack_and_unit_orders(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders: Example of the format for the
    submission of the INF deployment list and orders': one mail holds the deployment list
    (``8: BOH``), the attack and the unit orders; each goes on its sheet, checked as a turn
    checks it."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    assert load_state("g", root=tmp_path).position.phase == "S1615M"
    mail = b"Austria\n8: BOH\n7: BAV\nA VIE - MRV\nA BOH - SIL\nA XYZ H\n"
    report = enter_mails("g", [("austria", mail)], root=tmp_path)
    assert [where for where, _, _ in report.refused] == ["austria line 6"]
    assert [r[:3] for r in _sheet(paths, "INF Deployment")] == [("AUSTRIA", 8, "BOH"), ("AUSTRIA", 7, "BAV")]
    orders = {cell: text for _, power, text, cell in report.written if power == "AUSTRIA"}
    assert orders["Orders!" + _unit_row(paths, "AUSTRIA", "A VIE")] == "A VIE - MRV"
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    record = json.loads(paths.record_file("S1615M").read_text(encoding="utf-8"))
    assert "BOH" in json.dumps(record["extra"]["europe1615"]) and "BAV" in json.dumps(record["extra"]["europe1615"])
    after = load_state("g", root=tmp_path).position
    assert after.units["MRV"].power == "AUSTRIA"
    assert "SIL" in after.units and "BOH" not in after.units  # Bohemia's army, ordered by Austria


@pytest.mark.parametrize("batch", ["earlier mail", "same batch", "same batch, attack first"])
def test_a_europe_1615_mailed_attack_sees_the_deployments_the_turn_will_see(tmp_path, batch):
    """rulebook 000 (Europe 1615 v3), 'THE DIPLOMATIC ATTACK', Purpose: an attack 'against another
    player/power that also has INFs invested there (or will be deploying there)'. Spain's ``10: LOR``,
    typed from an earlier mail or in the same batch (in either order), is seen by France's mailed
    ``LOR > SPAIN`` as the turn sees it; without any Spanish deployment yet the attack is typed with
    a note that it stands only if Spain deploys there (Spain's mail may still come; the turn refuses
    it otherwise)."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    spain, france = ("spain", b"Spain\n10: LOR\n"), ("france", b"France\n12: LOR\nLOR > SPAIN\n")
    alone = enter_mails("g", [france], root=tmp_path, dry_run=True)
    assert alone.refused == [] and alone.notes == [
        "france line 3: 'LOR > SPAIN', though SPAIN has no INFs in LOR yet: it stands if SPAIN deploys there this "
        "phase ('or will be deploying there'), else the turn refuses it"]
    if batch == "earlier mail":
        assert enter_mails("g", [spain], root=tmp_path).refused == []
        report = enter_mails("g", [france], root=tmp_path)
    else:
        report = enter_mails("g", [spain, france] if batch == "same batch" else [france, spain], root=tmp_path)
    assert report.refused == []
    assert [r[:2] for r in _sheet(paths, "Diplomatic Attacks")] == [("FRANCE", "LOR > SPAIN")]
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    record = json.loads(paths.record_file("S1615M").read_text(encoding="utf-8"))
    assert record["extra"]["europe1615"]["attacks"] == [{"minor": "LOR", "power": "FRANCE", "target": "SPAIN"}]


@pytest.mark.parametrize("power_line", ["WUR", "Ottoman Empire"])
def test_a_europe_1615_mail_from_a_minor_state_or_the_ottomans_is_refused_at_its_power_line(tmp_path, power_line):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': 'France submits orders to the units
    in the minor states where the INFs will be deployed to', and the minors 'marked as ALIGNED
    ... will follow the orders submitted by the power'; 'The Ottoman Empire ...: Each player may
    submit orders to these units'. A minor state or the Ottomans send no mail of their own: a
    power line naming one is refused at that line, saying so (it was a 'no free row' error
    naming the Orders sheet), and nothing is written; the other power's block of the same mail
    is typed in as usual."""
    from gm_tools.app.turn import new_game

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the opening phase, nothing entered
    before = snapshot(tmp_path)
    mail = f"{power_line}\nA WUR - FRA\n9: WUR\n".encode()
    report = enter_mails("g", [("minor", mail)], root=tmp_path)
    ((where, found, why),) = report.refused
    assert (where, found) == ("minor line 1", repr(power_line))
    assert "a line naming a player's power (AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK)" in why
    assert ("is a minor state" if power_line == "WUR" else "is played by no one") in why
    assert "in the mail of a power that may order them" in why and "2 line(s) under it are not read" in why
    assert report.written == [] and snapshot(tmp_path) == before
    both = enter_mails("g", [("both", b"France\n9: WUR\n" + mail)], root=tmp_path)
    assert [where for where, _, _ in both.refused] == ["both line 3"]
    assert [(power, text) for _, power, text, _ in both.written] == [("FRANCE", "9: WUR")]


def test_a_europe_1619_diplomatic_mail_goes_on_placements_and_declarations(tmp_path):
    """rulebook 002 (Europe 1619), the Diplomatic Phase: INF placements (``4: LOR``), attacks
    and declarations (``WAR: SPAIN``) by mail onto their sheets; a line of none of these forms
    is refused with the forms expected."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1619", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    assert load_state("g", root=tmp_path).position.phase == "Y1619D"
    # '2 INFs to SAA': the form Europe 1615's rulebook writes, read by the same reader
    # (gm_tools/mechanics/influenceorders.py); a numbered line stays an order, refused here
    report = enter_mails("g", [("france", b"France\n4: LOR\n2 INFs to SAA\nWAR: SPAIN\nA PAR - BUR\n1. A PAR H\n")],
                         root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert list(refused) == ["france line 5", "france line 6"] and "WAR: SPAIN" in refused["france line 5"]
    assert [r[:3] for r in _sheet(paths, "INF Placements")] == [("FRANCE", 4, "LOR"), ("FRANCE", 2, "SAA")]
    assert [r[:3] for r in _sheet(paths, "Declarations")] == [("FRANCE", "war", "SPAIN")]
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    record = json.loads(paths.record_file("Y1619D").read_text(encoding="utf-8"))
    assert "SAA" in json.dumps(record["extra"]) and "SPAIN" in json.dumps(record["extra"])


def _unit_row(paths, power: str, unit: str) -> str:
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Orders"]
    rows = [r for r in range(2, ws.max_row + 1)
            if ws.cell(row=r, column=1).value == power and ws.cell(row=r, column=2).value == unit]
    assert len(rows) == 1
    return f"C{rows[0]}"


def test_a_full_input_sheet_stops_the_mail_naming_the_sheet_and_writes_nothing(tmp_path):
    """Bad input gets a clear error and loses nothing: offers that do not fit on the Offers
    sheet's empty rows are an error naming the sheet; the workbook is left as it was."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths, write_atomic
    from gm_tools.edges.workbook_fill import set_cells
    from gm_tools.errors import WorkbookError

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Offers"]
    open_rows = [r for r in range(2, ws.max_row + 1) if not ws.cell(row=r, column=1).protection.locked]
    taken = {f"Offers!A{r}": "FRANCE" for r in open_rows[:-1]}  # the GM has typed all but one row
    taken.update({f"Offers!B{r}": 0 for r in open_rows[:-1]})
    taken.update({f"Offers!C{r}": "A PAR H" for r in open_rows[:-1]})
    write_atomic(paths.workbook, set_cells(paths.workbook.read_bytes(), taken))
    before = paths.workbook.read_bytes()
    with pytest.raises(WorkbookError, match="Offers") as err:
        enter_mails("g", [("austria", b"Austria\n0 : A BOH - LUS\n0 : A VIE - BOH\n")], root=tmp_path)
    assert "1 empty rows left" in str(err.value)
    assert paths.workbook.read_bytes() == before
    assert not (paths.folder / "mail").exists() or not any((paths.folder / "mail").iterdir())


def test_a_payola_waiver_by_mail_goes_on_the_waivers_sheet(tmp_path):
    """rulebook 001 (Europe 1615 v2), 'The player occupying a foreign supply center prior to
    the build phase may waive the change in ownership of the center': ``WAIVE: POR`` in a
    movement phase's mail goes on the Waivers sheet beside the offers, checked as the turn
    checks it (a center of one's own is no waiver); a later mail with no waiver leaves it."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("spain", b"Spain\n0 : A SPA - BRB\nWAIVE: POR\nwaive MAD\n")], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert list(refused) == ["spain line 4"] and "foreign center" in refused["spain line 4"]
    assert _sheet(paths, "Waivers") == [("SPAIN", "POR")]
    assert ("SPAIN", 0, "A SPA - BRB") in _offers(paths)
    enter_mails("g", [("spain again", b"Spain\n0 : A SPA H\n")], root=tmp_path)
    assert _sheet(paths, "Waivers") == [("SPAIN", "POR")] and ("SPAIN", 0, "A SPA H") in _offers(paths)



def test_a_payola_waiver_by_mail_in_a_retreat_phase_goes_beside_the_retreat(tmp_path):
    """rulebook 001 (Europe 1615 v2), section 7: 'The player occupying a foreign supply center
    prior to the build phase may waive the change in ownership of the center': a unit retreating
    into a foreign center occupies it too, so a retreat phase takes waivers. France's fleet,
    supported by the Dutch army it pays, dislodges Spain's army in SPA; Spain's retreat mail
    holds its retreat (Orders) and waivers (Waivers), each checked as the sheet checks it: its
    own Madrid is no foreign center, and Portugal, which no Spanish unit is in or can retreat
    to (its army goes to BRB), has no occupant's waiver to make
    (tests/test_europe1615v2_waiver_occupant.py); the retreat is typed and made."""
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths
    from gm_tools.systems.europe1615v2.state import state_of

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    enter_mails("g", [("france", b"France\n0 : F NOR - SPA\n2 : A HLD S F NOR - SPA\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "S1615R"
    report = enter_mails("g", [("spain", b"Spain\nA SPA R BRB\nWAIVE: POR\nWAIVE: MAD\n")], root=tmp_path)
    refused = {where: why for where, _, why in report.refused}
    assert list(refused) == ["spain line 3", "spain line 4"] and "foreign center" in refused["spain line 4"]
    assert "a center SPAIN occupies or can enter this phase" in refused["spain line 3"]
    assert _sheet(paths, "Waivers") == []
    run_turn("g", root=tmp_path, site_dir=None)
    after = load_state("g", tmp_path).position
    assert after.units["BRB"].power == "SPAIN" and state_of(after).waived == []


MAILBOX = (b"From ann@example.org Mon Nov 23 10:00:00 2026\n"
           b"From: ann@example.org\nSubject: orders\n\nFrance\nA PAR - BUR\nF BRE - MAO\n\n"
           b"From ed@example.org Mon Nov 23 11:00:00 2026\n"
           b"From: ed@example.org\nSubject: orders\n\nEngland\nF LON - NTH\n>From the Admiralty, with regards\n\n"
           b"From ann@example.org Mon Nov 23 12:00:00 2026\n"
           b"From: ann@example.org\nSubject: new orders\n\nFrance\nA PAR - PIC\n")


def test_a_mailbox_exported_by_a_mail_program_is_read_message_by_message(tmp_path, capsys):
    """An mbox file (each message after its 'From sender date' line) is every mail in it, in
    order: Ann's second mail replaces her first, as two saved mails would."""
    paths = create(tmp_path)
    box = tmp_path / "inbox.mbox"
    box.write_bytes(MAILBOX)
    assert main(["orders", "g", str(box), "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith("still waiting for: AUSTRIA, GERMANY, ITALY, TURKEY (each: orders for 3 units); "
                        "RUSSIA (orders for 4 units)\nentered in part (a unit given no order holds): "
                        "ENGLAND (no order for A LVP, F EDI); FRANCE (no order for A MAR, F BRE)\n")
    assert f"FRANCE A PAR - PIC   ({box} message 3)" in out and f"ENGLAND F LON - NTH   ({box} message 2)" in out
    typed = _orders_column(paths)
    assert typed[_row_of(paths, "A PAR")] == "A PAR - PIC" and "F BRE - MAO" not in typed.values()
    assert "F LON - NTH" in typed.values()
    kept = sorted(p.name for p in (paths.folder / "mail").iterdir() if p.suffix == ".eml")
    assert len(kept) == 3  # each message kept as its own mail


def test_a_mailbox_on_standard_input_is_split_the_same_way(tmp_path):
    from gm_tools.edges.mail import mail_files

    mails = mail_files("standard input", MAILBOX)
    assert [label for label, _ in mails] == [f"standard input message {n}" for n in (1, 2, 3)]
    assert mails[2][1].startswith(b"From: ann@example.org\nSubject: new orders")
    assert mail_files("ann.eml", b"From: ann@example.org\n\nFrance\n") == [("ann.eml", b"From: ann@example.org\n\nFrance\n")]
