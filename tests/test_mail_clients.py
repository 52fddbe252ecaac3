"""Mails as players' mail programs send them, read by ``gm-tools orders`` into a standard
game's workbook: bulleted orders, a signature without its ``-- `` line, a forwarded mail,
pasted text saved in a Windows charset, attachments, the power named in the Subject."""

from __future__ import annotations

import io
from email.message import EmailMessage

import openpyxl

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game
from gm_tools.edges.game import game_paths

from workflow_helpers import snapshot


def _game(tmp_path):
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    return game_paths("g", tmp_path)


def _mail(body: str, subject: str = "orders", **content) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "p@example.org", "gm@example.org", subject
    message.set_content(body, **content)
    return message


def _typed(paths) -> list[str]:
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Orders"]
    return [str(c.value) for row in ws.iter_rows(min_row=2) for c in row
            if isinstance(c.value, str) and c.value[:2] in ("A ", "F ")]


def test_bulleted_orders_are_read_without_their_bullets(tmp_path):
    """A list a mail program bullets (``-``, ``•``, ``*``) is read as the numbered one is: the
    bullet is not part of the order, and the workbook gets the order without it."""
    paths = _game(tmp_path)
    mail = _mail("France\n- A PAR - BUR\n• A MAR - SPA\n* F BRE - MAO\n")
    report = enter_mails("g", [("bullets.eml", mail.as_bytes())], root=tmp_path)
    assert report.refused == []
    assert [text for _, _, text, _ in report.written] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    assert {"A PAR - BUR", "A MAR - SPA", "F BRE - MAO"} <= set(_typed(paths))


def test_pasted_text_saved_by_a_windows_editor_is_read(tmp_path):
    """Orders pasted into Notepad and saved: UTF-8 with a byte order mark, "Unicode" (UTF-16)
    or "ANSI" (windows-1252). The power line is read, and an accented word is quoted as
    written, not as the bytes' replacement characters."""
    paths = _game(tmp_path)
    text = "France\r\nA PAR - BUR\r\n"
    for label, data in (("bom.txt", text.encode("utf-8-sig")), ("unicode.txt", text.encode("utf-16"))):
        report = enter_mails("g", [(label, data)], root=tmp_path, dry_run=True)
        assert report.refused == [] and [w[2] for w in report.written] == ["A PAR - BUR"], label
    ansi = "Germany\r\nA Zürich - Ruhr\r\nA BER - KIE\r\n".encode("cp1252")
    before = snapshot(tmp_path)
    report = enter_mails("g", [("ansi.txt", ansi)], root=tmp_path, dry_run=True)
    assert [(where, found) for where, found, _ in report.refused] == [("ansi.txt line 2", "'A Zürich - Ruhr'")]
    assert "'Zürich' is not a province" in report.refused[0][2]
    assert [w[2] for w in report.written] == ["A BER - KIE"]
    assert snapshot(tmp_path) == before and "A BER - KIE" not in _typed(paths)


def test_a_signature_without_its_separator_is_not_read_as_orders(tmp_path):
    """Most mail programs and players sign without the ``-- `` line: the closing (``Thanks!``,
    ``Cheers,``, ``Best regards``, a French or German player's ``Merci !``, ``Viele Grüße``)
    ends the orders, so the name and address under it are not
    refused as orders; nor is the rule Outlook draws above the mail it quotes."""
    _game(tmp_path)
    mails = [("gmail.eml", _mail("France\nA PAR - BUR\n\nThanks!\nBob Smith\nbob@example.org | +44 1234\n")),
             ("cheers.eml", _mail("Thanks!\n\nGermany\nA BER - KIE\nCheers,\nAnna\n")),
             ("merci.eml", _mail("Russia\nA MOS - UKR\n\nMerci !\nJean\n")),
             ("gruss.eml", _mail("Austria\nA VIE - GAL\nViele Grüße\nKarl\n")),
             ("outlook.eml", _mail("Italy\nA VEN - TYR\n\n________________________________\nFrom: GM <gm@example.org>\n"
                                   "Sent: Thursday\nSubject: S1901M\n\nEngland\nF LON - NTH\n"))]
    report = enter_mails("g", [(label, m.as_bytes()) for label, m in mails], root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("GERMANY", "A BER - KIE"),
                                                      ("RUSSIA", "A MOS - UKR"), ("AUSTRIA", "A VIE - GAL"),
                                                      ("ITALY", "A VEN - TYR")]


def test_a_closing_signed_on_its_own_line_ends_the_orders(tmp_path):
    """Players sign on the closing's line as often as under it (``Cheers, Anna``, ``Saludos,
    Felipe``, ``Thanks, Bob Smith``): the orders end there, and the line is not refused as an
    order, while an order after a greeting word on its line is still read as one."""
    _game(tmp_path)
    mails = [("cheers.eml", _mail("Germany\nA BER - KIE\nCheers, Anna\n")),
             ("saludos.eml", _mail("Russia\nA MOS - UKR\n\nSaludos, Felipe\n")),
             ("thanks.eml", _mail("France\nA PAR - BUR\nThanks, Bob Smith\nbob@example.org\n"))]
    report = enter_mails("g", [(label, m.as_bytes()) for label, m in mails], root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("GERMANY", "A BER - KIE"), ("RUSSIA", "A MOS - UKR"),
                                                      ("FRANCE", "A PAR - BUR")]


def test_a_closing_in_character_ends_the_orders(tmp_path):
    """Players of these variants sign off in character ('Vive le roi,', 'Long live the King!',
    'Your most obedient servant,'), a line below the orders then their name: the orders end
    there, and the line is not refused as an order in a province 'Vive le roi' (did you mean
    VIE?), while an order after it would still be read."""
    _game(tmp_path)
    mails = [("vive.eml", _mail("France\nA PAR - BUR\n\nVive le roi,\nLouis\n")),
             ("king.eml", _mail("England\nF LON - NTH\n\nLong live the King!\nCharles\n")),
             ("servant.eml", _mail("Austria\nA VIE - GAL\n\nYour most obedient servant,\nFerdinand\n")),
             ("vivat.eml", _mail("Germany\nA BER - KIE\nGott mit uns\nWilhelm\n"))]
    report = enter_mails("g", [(label, m.as_bytes()) for label, m in mails], root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("ENGLAND", "F LON - NTH"),
                                                      ("AUSTRIA", "A VIE - GAL"), ("GERMANY", "A BER - KIE")]


def test_a_forwarded_mail_is_read_below_its_headers(tmp_path):
    """A player who mailed the wrong address forwards his mail to the GM (Gmail's
    ``---------- Forwarded message ---------``, Apple Mail's ``Begin forwarded message:``,
    Outlook's rule above the headers under a ``FW:`` Subject):
    its orders are read, not its headers; the note above is a greeting."""
    paths = _game(tmp_path)
    gmail = _mail("Sorry, sent this to the wrong address\n\n---------- Forwarded message ---------\n"
                  "From: Bob <p@example.org>\nDate: Thu, 26 Nov 2026 at 09:00\nSubject: France orders\n"
                  "To: <wrong@example.org>\n\n\nFrance\nA PAR - BUR\nA MAR - SPA\n", subject="Fwd: France orders")
    apple = _mail("Begin forwarded message:\n\nFrom: Anna <a@example.org>\nSubject: orders\nDate: 26 November 2026\n"
                  "To: wrong@example.org\n\nGermany\nA BER - KIE\n", subject="Fwd: orders")
    outlook = _mail("Here they are\n\n________________________________\nFrom: Carl <c@example.org>\n"
                    "Sent: Thursday, 26 November 2026 09:00\nTo: wrong@example.org\nSubject: orders\n\n"
                    "Italy\nA VEN - TYR\n", subject="FW: orders")
    report = enter_mails("g", [("gmail.eml", gmail.as_bytes()), ("apple.eml", apple.as_bytes()),
                               ("outlook.eml", outlook.as_bytes())], root=tmp_path)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"),
                                                      ("GERMANY", "A BER - KIE"), ("ITALY", "A VEN - TYR")]
    assert report.skipped == [("gmail.eml line 1", "Sorry, sent this to the wrong address"),
                              ("outlook.eml line 1", "Here they are")]
    assert {"A PAR - BUR", "A MAR - SPA", "A BER - KIE"} <= set(_typed(paths))


def test_an_attachment_is_said_to_be_not_read(tmp_path):
    """Orders sent as an attached .docx or .txt are not read, and the report says so by the
    file's name, beside the mail's refusal for no power line; nothing is written."""
    _game(tmp_path)
    mail = _mail("Hi, my orders are attached\n")
    mail.add_attachment(b"PK\x03\x04", maintype="application",
                        subtype="vnd.openxmlformats-officedocument.wordprocessingml.document", filename="orders.docx")
    mail.add_attachment("France\nA PAR - BUR\n", filename="orders.txt")
    before = snapshot(tmp_path)
    report = enter_mails("g", [("att.eml", mail.as_bytes())], root=tmp_path)
    assert report.attached == [("att.eml", "orders.docx"), ("att.eml", "orders.txt")]
    assert [r[:2] for r in report.refused] == [("att.eml", "no power line")]
    assert "not read att.eml: the attached 'orders.docx' (attachments are not read" in report.text()
    assert report.written == [] and snapshot(tmp_path) == before


def test_the_power_a_subject_names_opens_a_mail_with_no_power_line(tmp_path):
    """``Subject: France orders S1901`` and only orders in the body: they are France's. A
    Subject naming two powers, or none, opens nothing: the mail is refused for no power line."""
    paths = _game(tmp_path)
    report = enter_mails("g", [("fra.eml", _mail("A PAR - BUR\nA MAR - SPA\n\nThanks\nBob\n",
                                                 subject="France orders S1901").as_bytes())], root=tmp_path)
    assert report.refused == [] and report.skipped == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA")]
    assert {"A PAR - BUR", "A MAR - SPA"} <= set(_typed(paths))
    before = snapshot(tmp_path)
    report = enter_mails("g", [("two.eml", _mail("A BER - KIE\n", subject="Re: Germany attacked France").as_bytes())],
                         root=tmp_path)
    assert [r[:2] for r in report.refused] == [("two.eml", "no power line")] and snapshot(tmp_path) == before


def test_a_power_line_may_name_the_phase_and_another_phases_orders_are_refused(tmp_path):
    """``Orders for France:``, ``FRANCE S1901M``, ``France - Spring 1901`` are power lines; a
    power line naming another phase than the game's (a mail for F1905M; another game's mail is refused whole), or
    under a greeting line naming it (``Phase: Fall 1905``), has
    its orders refused at that line, with the phase the game is at, and nothing of it typed."""
    paths = _game(tmp_path)
    mails = [("for.eml", _mail("Orders for France:\nA PAR - BUR\n")),
             ("code.eml", _mail("GERMANY S1901M\nA BER - KIE\n")),
             ("season.eml", _mail("Italy - Spring 1901\nA VEN - TYR\n")),
             ("old.eml", _mail("Hi GM,\nEngland orders F1905M\nF LON - NTH\n")),
             ("h2.eml", _mail("Game: h2\nEngland orders S1901M\nF LON - NTH\n")),
             ("phase.eml", _mail("Hi,\nPhase: Fall 1905\n\nTurkey\nF ANK - BLA\n"))]
    report = enter_mails("g", [(label, m.as_bytes()) for label, m in mails], root=tmp_path)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("GERMANY", "A BER - KIE"),
                                                      ("ITALY", "A VEN - TYR")]
    # another game's mail is refused whole, before its lines are read (docs/orders.md)
    assert [r[:2] for r in report.refused] == [("h2.eml", "'orders'"), ("old.eml line 2", "'England orders F1905M'"),
                                               ("phase.eml line 4", "'Turkey'")]
    assert "line 'Game: h2' names game 'h2'" in report.refused[0][2]
    assert "the mail names F1905" in report.refused[2][2]
    assert "orders for S1901M, the game's phase: the mail names F1905M" in report.refused[1][2]
    assert not {"F LON - NTH", "F ANK - BLA"} & set(_typed(paths))


def test_an_html_mails_marked_signature_is_not_read(tmp_path):
    """Gmail and Outlook mark the signature they add to an HTML-only mail (``gmail_signature``,
    ``id="Signature"``), without a closing line above it: the name in it is no order. The
    ``&nbsp;`` between an order's words is typed as a plain space."""
    _game(tmp_path)
    gmail = _mail('<div dir="ltr"><div>France</div><div>A&nbsp;PAR&nbsp;-&nbsp;BUR</div><br clear="all">'
                  '<div><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature">Bob Smith<br>'
                  'Diplomacy club</div></div></div>', subtype="html")
    outlook = _mail('<html><body><div>Germany</div><div>A BER - KIE</div><div id="Signature"><p>Anna</p></div>'
                    '</body></html>', subtype="html")
    report = enter_mails("g", [("gmail.eml", gmail.as_bytes()), ("outlook.eml", outlook.as_bytes())],
                         root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("GERMANY", "A BER - KIE")]
