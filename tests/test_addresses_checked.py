"""The Addresses sheet checked by every command that reads the workbook, not by ``orders``
alone (docs/workbook.md, the Addresses sheet), and a forwarded mail's sender checked against
the original sender its forwarded headers show (docs/orders.md, "The sender"). Real
workbooks (openpyxl) and real .eml files."""

from __future__ import annotations

import openpyxl
import pytest

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.status import phase_status
from gm_tools.app.turn import load_state, new_game, preview_turn, run_turn
from gm_tools.errors import WorkbookError

FRANCE = "Addresses!C4"  # France is the standard game's 3rd played power, on row 4


def _game(root, **players):
    new_game("standard", "g", root=root, seed=1, created="2000-01-01T00:00:00Z", players=players or None)
    return load_state("g", root).paths


def _type(root, cells: dict[str, str]) -> bytes:
    """The GM types ``cells`` in his spreadsheet program and saves; the workbook's bytes after."""
    path = load_state("g", root).paths.workbook
    wb = openpyxl.load_workbook(path)
    for ref, value in cells.items():
        sheet, cell = ref.split("!")
        wb[sheet][cell] = value
    wb.save(path)
    return path.read_bytes()


def _eml(tmp_path, name: str, sender: str, body: str, subject: str = "orders") -> tuple[str, bytes]:
    data = (f"From: {sender}\nTo: gm@example.org\nSubject: {subject}\nDate: Sun, 29 Nov 2026 09:00:00 +0000\n\n"
            + body).encode("utf-8")
    (tmp_path / name).write_bytes(data)
    return name, data


def _refused_by_turn(root, expected: str) -> None:
    """``turn``, ``turn --dry-run`` and ``turn --lenient`` all refuse the workbook naming
    ``expected`` (sheet, cell, found, expected); nothing written: the workbook's bytes, the
    record and the backups as they were."""
    paths = load_state("g", root).paths
    before = paths.workbook.read_bytes()
    files = sorted(p for p in paths.root.rglob("*") if p.is_file())
    for lenient in (False, True):
        with pytest.raises(WorkbookError) as caught:
            run_turn("g", root=root, site_dir=None, lenient=lenient, force=True)
        assert expected in str(caught.value)
        with pytest.raises(WorkbookError) as caught:
            preview_turn("g", root=root, lenient=lenient, force=True)
        assert expected in str(caught.value)
    assert paths.workbook.read_bytes() == before
    assert sorted(p for p in paths.root.rglob("*") if p.is_file()) == files
    assert load_state("g", root).position.phase == "S1901M"


def test_turn_refuses_an_address_without_at(tmp_path, capsys):
    """A cell of the E-mail column that is no address stops the turn, its dry run and a lenient
    one (the sheet is the GM's, no player's order to let stand), as every other workbook error
    does: the sheet, the cell, what was found and what was expected, no traceback, status 2.
    The brief: "Any error in a workbook names the sheet, the cell, what was found and what was
    expected; nothing is written when there is an error"."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org; ann at example.com"})
    _refused_by_turn(tmp_path, "Addresses!C4: found 'ann at example.com', expected an e-mail address (name@example.org)")
    assert main(["turn", "g", "--force", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Addresses!C4: found 'ann at example.com'" in err and "Traceback" not in err


def test_status_counts_a_bad_address_among_what_a_turn_would_refuse(tmp_path):
    """``status`` says how many entries a turn would refuse: a bad address is one of them."""
    _game(tmp_path)
    assert phase_status("g", root=tmp_path).problems == 0
    _type(tmp_path, {FRANCE: "ann.example.org"})
    status = phase_status("g", root=tmp_path)
    assert status.problems == 1
    assert "1 entry(ies) a turn would refuse: gm-tools turn g --dry-run names each" in status.text()


@pytest.mark.parametrize("cells, expected", [
    # two addresses with only a space between them: the reader takes commas, semicolons or lines
    ({FRANCE: "ann@example.org bob@example.org"},
     "Addresses!C4: found 'ann@example.org bob@example.org', 2 addresses with no comma between them, expected"),
    ({FRANCE: "ann@example.orgbob@example.org"},
     "Addresses!C4: found 'ann@example.orgbob@example.org', 2 addresses with no comma between them, expected"),
    # a name whose address was left out: no address, where the GM thinks he typed one
    ({FRANCE: "Ann Jansen <>"}, "Addresses!C4: found 'Ann Jansen <>', expected an e-mail address (name@example.org)"),
    ({FRANCE: "mailto:"}, "Addresses!C4: found 'mailto:', expected an e-mail address (name@example.org)"),
    # a power the game does not have, named with the column of the addresses it would own
    ({"Addresses!A4": "Frnace", FRANCE: "ann@example.org"}, "Addresses!A4: found 'Frnace', expected a power of standard"),
])
def test_turn_refuses_a_malformed_row(tmp_path, cells, expected):
    _game(tmp_path)
    _type(tmp_path, cells)
    _refused_by_turn(tmp_path, expected)


def test_a_power_on_two_rows_with_addresses_is_refused(tmp_path):
    """A player replaced, his successor's address typed on a row of its own below: the former
    player's row would still let his mail through. One row a power, named at the second."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org", "Addresses!A9": "FRANCE", "Addresses!C9": "carl@example.org"})
    _refused_by_turn(tmp_path, "Addresses!A9: found 'FRANCE', France's second row with addresses (the first is row 4)")
    paths = load_state("g", tmp_path).paths
    mail = _eml(tmp_path, "carl.eml", "carl@example.org", "France\nA PAR - BUR\n")
    with pytest.raises(WorkbookError, match="Addresses!A9"):
        enter_mails("g", [mail], root=tmp_path)
    _type(tmp_path, {"Addresses!C9": None})  # a second row without addresses: nothing to doubt
    assert run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert paths.workbook.exists()


def test_display_names_lines_and_case_read_as_the_mail_programs_write_them(tmp_path):
    """Addresses pasted from a mail program keep their names (``Ann <ann@example.org>``, a quoted
    name with a comma), a cell's addresses may be on lines of their own (Alt+Enter), and case is
    ignored: each of them lets its mail through, the turn runs and the sheet is kept as typed."""
    _game(tmp_path)
    typed = 'Ann Jansen <Ann@Example.ORG>, "Jansen, Ann" <ann.work@example.com>\nmailto:ann.phone@example.net'
    _type(tmp_path, {FRANCE: typed})
    for n, sender in enumerate(["ANN@example.org", "Ann <ann.work@EXAMPLE.com>", "ann.phone@example.net"]):
        report = enter_mails("g", [_eml(tmp_path, f"a{n}.eml", sender, "France\nA PAR - BUR\n")], root=tmp_path)
        assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")]
    bob = enter_mails("g", [_eml(tmp_path, "bob.eml", "bob@example.org", "France\nA PAR - PIC\n")], root=tmp_path)
    assert len(bob.refused) == 1 and "(ann.phone@example.net, ann.work@example.com, ann@example.org)" in bob.refused[0][2]
    run_turn("g", root=tmp_path, site_dir=None)
    wb = openpyxl.load_workbook(load_state("g", tmp_path).paths.workbook)
    assert wb["Addresses"]["C4"].value == typed


def _forward(by: str, original: str | None, power: str = "France") -> str:
    shown = f"From: {original}\n" if original else ""
    return (f"Please enter these.\n\n---------- Forwarded message ---------\n{shown}"
            "Date: Sat, 28 Nov 2026 20:00:00 +0000\nSubject: orders\nTo: wrong@example.org\n\n"
            f"{power}\nA PAR - BUR\n")


def test_a_forwarded_mail_is_checked_against_its_original_sender(tmp_path):
    """docs/orders.md, "The sender": a forwarded block is let through when the original From
    its forwarded headers show is the power's (the GM forwarding a player's mail from his own
    address, which is no power's; a player's mail forwarded by whoever got it), or when the
    forwarder's own From is (a player forwarding his mail written from another account); the
    report says whose From let it through when it is not the mail's. A forward showing
    another sender, or none, is refused naming both."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org"})
    gm = _eml(tmp_path, "gm.eml", "GM <gm@example.org>", _forward("gm", "Ann Jansen <ANN@example.org>"))
    report = enter_mails("g", [gm], root=tmp_path, dry_run=True)
    assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")]
    assert any("gm.eml line 9" in note and "forwarded from ann@example.org" in note and "gm@example.org" in note
               for note in report.replaced), report.replaced
    own = _eml(tmp_path, "own.eml", "ann@example.org", _forward("ann", "Ann <ann.home@example.net>"))
    report = enter_mails("g", [own], root=tmp_path, dry_run=True)
    assert report.refused == [] and report.written
    bob = _eml(tmp_path, "bob.eml", "gm@example.org", _forward("gm", "Bob <bob@example.org>"))
    report = enter_mails("g", [bob], root=tmp_path, dry_run=True)
    (where, found, why), = report.refused
    assert where == "bob.eml line 9" and why.startswith(
        "orders for France from bob@example.org (forwarded by gm@example.org), which is not France's")
    bare = _eml(tmp_path, "bare.eml", "gm@example.org", _forward("gm", None))
    (where, found, why), = enter_mails("g", [bare], root=tmp_path, dry_run=True).refused
    assert why.startswith("orders for France from gm@example.org, which is not France's")


@pytest.mark.parametrize("subject, forwarded", [
    # Outlook: its rule, and the old "[mailto:...]" form of the From
    ("FW: orders", "________________________________\nFrom: Ann Jansen [mailto:ann@example.org]\nSent: Saturday\n"
                   "To: gm@example.org\nSubject: orders\n\n"),
    # Apple Mail, a blank line under its line; Thunderbird in German, its From below the Subject
    ("Fwd: orders", "Begin forwarded message:\n\nFrom: Ann <ann@example.org>\nSubject: orders\n\n"),
    ("WG: orders", "-------- Weitergeleitete Nachricht --------\nBetreff: orders\nVon: Ann <ann@example.org>\n"
                   "An: gm@example.org\n\n"),
])
def test_the_forwarded_from_is_read_as_the_mail_programs_write_it(tmp_path, subject, forwarded):
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org"})
    mail = _eml(tmp_path, "gm.eml", "gm@example.org", f"Hi,\n\n{forwarded}France\nA PAR - BUR\n", subject)
    report = enter_mails("g", [mail], root=tmp_path, dry_run=True)
    assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")]
    assert any("forwarded from ann@example.org" in note for note in report.replaced)


def test_a_replaced_players_addresses_left_on_the_sheet_are_said(tmp_path):
    """A player replaced is typed over on the Game sheet's Player cell (docs/workbook.md); his
    addresses left on the Addresses sheet would still let his mail through and refuse his
    successor's. Where the Addresses row names another player than the Game sheet (neither name
    part of the other: ``Ann`` for ``Ann Jansen`` is the same player), ``status``, ``orders`` and
    the turn say so, naming the cells; nothing refused, the GM may mean it."""
    _game(tmp_path, FRANCE="Ann")
    _type(tmp_path, {FRANCE: "ann@example.org", "Game!C13": "Carl"})
    said = ("Addresses!B4 names Ann as France's player, the Game sheet Carl: the addresses in Addresses!C4 "
            "may be Ann's")
    assert any(said in w for w in phase_status("g", root=tmp_path).warnings)
    carl = _eml(tmp_path, "carl.eml", "carl@example.org", "France\nA PAR - BUR\n")
    report = enter_mails("g", [carl], root=tmp_path, dry_run=True)
    assert len(report.refused) == 1 and said in report.text()
    preview = preview_turn("g", root=tmp_path, force=True)
    assert said in preview.text()
    assert any(said in w for w in run_turn("g", root=tmp_path, site_dir=None, force=True).warnings)
    _type(tmp_path, {"Addresses!B4": "Carl Jansen", FRANCE: "carl@example.org"})
    assert not any("Addresses!" in w for w in phase_status("g", root=tmp_path).warnings)


@pytest.mark.parametrize("writer", ["X-Original-From: Ann <ann@example.org>\nReply-To: Ann <ann@example.org>",
                                    "Reply-To: Ann <ann@example.org>"])
def test_a_mailing_lists_rewritten_from_is_read_as_its_writers(tmp_path, writer):
    """docs/orders.md, "The sender": a game run on a mailing list (Google Groups, Mailman)
    gets every mail From the list's own address ("'Ann' via Dip" <dip@lists.example.org>), the
    list having moved the writer's to X-Original-From or Reply-To. In a mail a list sent (its
    List-Id) the writer's address is taken from there, and the report says so; without a List-Id
    the Reply-To is not the sender's, as before."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org"})
    head = (f"From: 'Ann' via Dip <dip@lists.example.org>\n{writer}\nList-Id: <dip.lists.example.org>\n"
            "Subject: orders\nDate: Sun, 29 Nov 2026 09:00:00 +0000\n\nFrance\nA PAR - BUR\n")
    report = enter_mails("g", [("list.eml", head.encode())], root=tmp_path, dry_run=True)
    assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")]
    assert any("list.eml line 1: France's orders typed as ann@example.org's" in n and "dip@lists.example.org" in n
               for n in report.replaced), report.replaced
    bare = head.replace("List-Id: <dip.lists.example.org>\n", "").encode()
    (where, found, why), = enter_mails("g", [("bare.eml", bare)], root=tmp_path, dry_run=True).refused
    assert why.startswith("orders for France from dip@lists.example.org, which is not France's")
    bob = head.replace("ann@", "bob@").encode()
    (where, found, why), = enter_mails("g", [("bob.eml", bob)], root=tmp_path, dry_run=True).refused
    assert why.startswith("orders for France from bob@example.org (through the mailing list dip@lists.example.org), "
                          "which is not France's")


def test_the_gms_own_row_lets_his_mail_through_for_every_power(tmp_path):
    """The GM enters a player's orders sent to him some other way (told on the phone, a forward
    that shows no address) by mailing them from his own address, which is no power's: a row
    whose Power is ``GM`` holds his addresses, whose mail is typed for any power; the turn reads
    the sheet with it. Without the row his mail is refused as any other sender's."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org"})
    mail = _eml(tmp_path, "gm.eml", "GM <gm@example.org>", "France\nA PAR - BUR\n")
    assert len(enter_mails("g", [mail], root=tmp_path, dry_run=True).refused) == 1
    _type(tmp_path, {"Addresses!A9": "GM", "Addresses!C9": "gm@example.org, GM@home.example.net"})
    report = enter_mails("g", [mail], root=tmp_path)
    assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")]
    assert phase_status("g", root=tmp_path).problems == 0
    assert run_turn("g", root=tmp_path, site_dir=None).processed


def test_an_address_in_the_player_column_is_refused_at_its_cell(tmp_path):
    """An address typed in the Player column (a reminder, not read) would leave the power's
    mail unchecked while the GM thinks it is: named at its cell with where it goes, by the turn
    and by ``orders``, nothing written."""
    _game(tmp_path, FRANCE="Ann")
    _type(tmp_path, {"Addresses!B4": "Ann <ann@example.org>"})
    expected = ("Addresses!B4: found 'Ann <ann@example.org>', an e-mail address in the Player column, expected "
                "the player's name (a reminder, not read); the power's addresses go in Addresses!C4")
    _refused_by_turn(tmp_path, expected)
    with pytest.raises(WorkbookError, match="Addresses!B4"):
        enter_mails("g", [_eml(tmp_path, "ann.eml", "ann@example.org", "France\nA PAR - BUR\n")], root=tmp_path)


@pytest.mark.parametrize("post", ["List-Post: <mailto:dip@lists.example.org>\n", ""])
def test_a_mailing_list_keeping_the_writers_from_is_checked_by_that_from(tmp_path, post):
    """docs/orders.md, "The sender": a list that leaves the writer's From as it is, its own
    address in the Reply-To ('reply to the list': Mailman's reply_goes_to_list), kept no
    writer's address; its Reply-To is the list's (its List-Post, or its List-Id written as an
    address), and a refusal names the writer's From alone, not the list as the writer."""
    _game(tmp_path)
    _type(tmp_path, {FRANCE: "ann@example.org"})
    head = (f"From: Bob <bob@example.org>\nReply-To: Dip <dip@lists.example.org>\nList-Id: Dip <dip.lists.example.org>\n"
            f"{post}Subject: orders\nDate: Sun, 29 Nov 2026 09:00:00 +0000\n\nFrance\nA PAR - BUR\n")
    report = enter_mails("g", [("bob.eml", head.encode())], root=tmp_path, dry_run=True)
    (where, found, why), = report.refused
    assert why.startswith("orders for France from bob@example.org, which is not France's"), why
    assert not any("mailing list" in note for note in report.replaced), report.replaced
