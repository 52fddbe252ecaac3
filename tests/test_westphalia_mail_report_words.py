"""`gm-tools orders`' report on a Peace of Westphalia mail in the game's words: its players mail
lines for the step, never orders (README, 'Its pages, Game sheet and mail say "step", "player"
and "lines"'; ``gm_tools/systems/westphalia/__init__.py``'s ``mail_noun``). Through the demo's
real workbook and the command as the GM runs it.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia), 'Setup' ('Pick Provinces').
"""

from __future__ import annotations

import contextlib
import io

from gm_tools.app.cli import main

from westphalia_mails import played_to

GAME = "westphalia-demo"


def test_what_the_report_leaves_unread_is_said_beside_the_players_lines_not_orders(tmp_path):
    """A greeting above a player's Pick Provinces line was reported '(before the orders)', in a
    game where the report counts 'line(s) written' and the mail holds no order."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Hi GM,\nRed\nProvinces: EIC EIS HAE HAM, capital HAM\n-- \nRalf\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["orders", GAME, str(mail), "--root", str(tmp_path), "--dry-run"])
    text = out.getvalue()
    assert f"not read {mail} line 1: 'Hi GM,' (before the lines)" in text, text
    assert "the orders" not in text, text
