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
