"""A mail's power line as phones, Outlook and players write it: the power's name in quotes,
curly or straight (``“France”``, ``‘FRANCE’:``), with a dash or an ellipsis after it
(``France —``, ``France…``), between non-breaking spaces; and a greeting with a sentence
saying who writes (``Hola GM! Spain here.``, ``This is England.``). Each was a greeting, and
the mail was refused for want of a power line. A sentence naming a power as its object
(``I won't attack England``) stays a greeting.
"""

from __future__ import annotations

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.edges.mail import read_mail
from gm_tools.edges.variants import load_variant

from workflow_helpers import create


@pytest.mark.parametrize("power_line", [
    "“France”", "‘FRANCE’:", "“France”:", "France —", "France –", "France…", "France...", "\u00a0France\u00a0—",
    "«\u00a0France\u00a0»", "'France'", '"FRANCE":', "France -", "*France*", "France.",
])
def test_a_power_line_in_quotes_or_with_typographic_punctuation_opens_the_orders(tmp_path, power_line):
    """The power line is a line naming the power (docs/orders.md, "By mail"); the quotes and
    dashes a phone or Outlook puts around it are no part of the name."""
    paths = create(tmp_path)
    report = enter_mails("g", [("fr", f"{power_line}\nA PAR - BUR\nF BRE - MAO\n".encode())], root=tmp_path)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "F BRE - MAO")], report.text()
    assert report.refused == []
    from openpyxl import load_workbook

    orders = load_workbook(paths.workbook)["Orders"]
    typed = {str(c.value) for row in orders.iter_rows() for c in row if c.value}
    assert {"A PAR - BUR", "F BRE - MAO"} <= typed


@pytest.mark.parametrize("greeting", [
    "Hi GM, France here:", "This is France.", "Hola GM! France here.",
    "Hello GM. France here", "Bonjour GM, ici la France.", "Dear GM, it's France", "FRANCE here!",
])
def test_a_greeting_saying_which_power_writes_opens_its_orders(tmp_path, greeting):
    """A greeting and a sentence naming the power that writes, in English or not, opens the
    power's orders as other sentence power lines do (``Here are France's orders``). A power a
    line of chat names as its object is not the power writing: that mail has no power line, and
    is refused as such."""
    create(tmp_path)
    report = enter_mails("g", [("fr", f"{greeting}\nA PAR - BUR\n".encode())], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")], report.text()
    for chat in ("I won't attack England.", "Is England here?", "England here is my enemy", "Hi GM, attack England here"):
        report = enter_mails("g", [("x", f"{chat}\nA PAR - BUR\n".encode())], root=tmp_path, dry_run=True)
        assert report.written == [], chat
        [(where, _, why)] = report.refused
        assert where == "x" and "a line naming the power" in why, report.text()


def test_a_spanish_greeting_above_spains_orders_in_europe_1615():
    """'Hola GM! Spain here.' above Spain's Europe 1615 entries: Spain's block, its deployment
    and its order under it."""
    mail = read_mail("Hola GM! Spain here.\n12: PIA\nA MIL H\n", load_variant("europe1615"))
    assert [(p, [line.text for line in lines]) for p, lines in mail.blocks] == [("SPAIN", ["12: PIA", "A MIL H"])]
    assert [line.text for line in mail.power_lines] == ["Hola GM! Spain here."]
