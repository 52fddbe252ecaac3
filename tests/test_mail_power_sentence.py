"""A mail's power line written as a sentence (``Here are France's orders for Spring 1901:``,
``These are the orders of France for S1901M``, ``Spain claims fealty of Portugal``): the first
line naming one player's power, its other words a power line's (orders, the phase) or an entry
of the power's, opens that power's orders. It was a greeting, and the mail was refused for
want of a power line. A line that reads as an order stays one, a power's name in it or not.
"""

from __future__ import annotations

import shutil

import pytest

from gm_tools.app.mailorders import enter_mails

from demos import played_until_fixture
from workflow_helpers import create

movement_1619 = played_until_fixture("europe1619", "Y1619M")
winter_1618 = played_until_fixture("centenary", "W1618A")


@pytest.mark.parametrize("sentence", [
    "Here are France's orders for Spring 1901:",
    "These are the orders of France for S1901M",
    "Hi GM, here are the orders of France for this turn",
    "France's orders for this turn:",
    "Please find below the orders for France",
    "FRANCE's moves:",
])
def test_a_sentence_naming_one_power_and_its_orders_opens_them(tmp_path, sentence):
    """A player writes his power line as a sentence: the orders under it are France's. A chat
    line above the orders naming a power ('I hope France's orders reach you in time') is no
    power line: its mail is still refused for want of one."""
    paths = create(tmp_path)
    mail = f"{sentence}\nA PAR - BUR\nF BRE - MAO\n".encode()
    chat = b"I hope France's orders reach you in time\nA PAR - BUR\n"
    report = enter_mails("g", [("fr", mail), ("chat", chat)], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "F BRE - MAO")], report.text()
    [(where, _, why)] = report.refused
    assert where == "chat" and "power" in why, report.text()
    assert paths.workbook.exists()


def test_the_phase_a_sentence_names_is_the_orders_phase(tmp_path):
    """The phase the sentence names is checked as a power line's ('France - Spring 1902'):
    another phase's orders are refused whole, naming the line. A sentence naming two phases
    opens no orders: which phase they are for is the player's to say."""
    create(tmp_path)
    report = enter_mails("g", [("fr", b"Here are France's orders for Spring 1902:\nA PAR - BUR\n")],
                         root=tmp_path, dry_run=True)
    assert report.written == []
    [(where, found, why)] = report.refused
    assert where == "fr line 1" and found == "\"Here are France's orders for Spring 1902:\"", report.text()
    assert "S1902" in why, why
    report = enter_mails("g", [("fr", b"Orders for France S1901M and S1902M\nA PAR - BUR\n")], root=tmp_path,
                         dry_run=True)
    assert report.written == [] and [r[0] for r in report.refused] == ["fr"], report.text()


def test_a_power_opening_its_first_entry_in_a_sentence_is_the_power_line(winter_1618, tmp_path):
    """rulebook 004 (Centenary), rule 2: 'if a player capturing the center it occupied
    specifically orders it, he may claim the "Fealty" of the major or minor neutral in
    question'. 'Spain claims fealty of Portugal, build in POR, retreat to EST' opens Spain's
    orders with the claim, as 'Spain: FEALTY: ...' does; the demo's Spain took Portugal's
    center in the Fall of 1618. France, which took no neutral's center, has its claim refused
    with the claim's reason, not its mail for want of a power line."""
    root = tmp_path / "games"
    shutil.copytree(winter_1618, root)
    spain = b"Spain claims fealty of Portugal, build in POR, retreat to EST\nBuild A POR\n"
    report = enter_mails("centenary-demo", [("es", spain)], root=root, dry_run=True)
    assert report.refused == [], report.text()
    assert sorted((w[1], w[2]) for w in report.written) == [
        ("SPAIN", "Build A POR"), ("SPAIN", "claims fealty of Portugal, build in POR, retreat to EST")]
    report = enter_mails("centenary-demo", [("fr", b"France claims fealty of the Swiss\n")], root=root, dry_run=True)
    [(where, found, why)] = report.refused
    assert (where, found) == ("fr line 1", "'claims fealty of the Swiss'"), report.text()
    assert "power" not in why.split("(")[0], why


def test_an_order_naming_a_powers_province_stays_an_order(movement_1619, tmp_path):
    """Europe 1619's Saxony is a power and a province (SAX): 'Saxony A SAX - ERF' opens
    Saxony's orders with its order, as 'Saxony: A SAX - ERF' does, but 'Saxony - Erfurt' (the
    army in Saxony, its unit's letter left out, DATC 4.C.1) and 'Saxony holds' are orders, never
    a power line: under a Subject naming Saxony they are typed as its orders."""
    root = tmp_path / "games"
    shutil.copytree(movement_1619, root)
    game = next(p.stem for p in root.glob("*.xlsx"))
    report = enter_mails(game, [("sx", b"Saxony A SAX - ERF\n")], root=root, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("SAXONY", "A SAX - ERF")], report.text()
    for line in (b"Saxony - Erfurt", b"Saxony holds"):
        mail = b"From: sx@example.org\nSubject: Saxony orders\n\n" + line + b"\n"
        report = enter_mails(game, [("sx", mail)], root=root, dry_run=True)
        assert [(w[1], w[2]) for w in report.written] == [("SAXONY", line.decode())], report.text()


def test_a_sentence_between_two_powers_blocks_opens_the_second(tmp_path):
    """A player running two powers (or a GM forwarding two players' mails) writes each power
    line as a sentence: the second, below France's orders, opens Germany's orders. It was
    refused as a French order in a province 'Here are Germanys orders', and Germany's orders
    refused as French orders for German units."""
    create(tmp_path)
    mail = (b"Here are France's orders for Spring 1901:\nA PAR - BUR\nF BRE - MAO\n\n"
            b"Here are Germany's orders for Spring 1901:\nA BER - KIE\nF KIE - DEN\n")
    report = enter_mails("g", [("two", mail)], root=tmp_path, dry_run=True)
    assert report.refused == [], report.text()
    assert [(w[1], w[2]) for w in report.written] == [
        ("FRANCE", "A PAR - BUR"), ("FRANCE", "F BRE - MAO"), ("GERMANY", "A BER - KIE"), ("GERMANY", "F KIE - DEN")]
    # its phase is checked as the first's: another phase's orders refused whole, naming the line
    mail = b"France's orders for this turn:\nA PAR - BUR\nThese are the orders of Germany for Spring 1902\nA BER - KIE\n"
    report = enter_mails("g", [("late", mail)], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")], report.text()
    [(where, found, why)] = report.refused
    assert where == "late line 3" and "S1902" in why, report.text()
    # a line of chat below France's orders naming another power ('I hope Germany's orders reach
    # you') opens no block: it stays France's line, refused, and nothing is typed for Germany; a
    # sentence naming France again opens no new block, which would throw the orders above away
    mail = b"France:\nA PAR - BUR\nI hope Germany's orders reach you in time\n"
    report = enter_mails("g", [("chat", mail)], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")], report.text()
    assert [r[0] for r in report.refused] == ["chat line 3"], report.text()
    mail = b"Here are France's orders for Spring 1901:\nA PAR - BUR\nThese are France's final orders\n"
    report = enter_mails("g", [("again", mail)], root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR")], report.text()
    assert [r[0] for r in report.refused] == ["again line 3"], report.text()


def test_a_claim_sentence_of_a_second_power_opens_its_block(winter_1618, tmp_path):
    """rulebook 004 (Centenary), rule 2, the Fealty claim: a GM forwarding France's builds and
    then Spain's, Spain's opened by 'Spain claims fealty of Portugal, build in POR', types the claim as
    Spain's (the demo's Spain took Portugal's center in the Fall of 1618), not as France's."""
    root = tmp_path / "games"
    shutil.copytree(winter_1618, root)
    mail = b"France:\nWAIVE\n\nSpain claims fealty of Portugal, build in POR, retreat to EST\nBuild A POR\n"
    report = enter_mails("centenary-demo", [("gm", mail)], root=root, dry_run=True)
    spain = sorted((w[1], w[2]) for w in report.written if w[1] == "SPAIN")
    assert spain == [("SPAIN", "Build A POR"), ("SPAIN", "claims fealty of Portugal, build in POR, retreat to EST")], \
        report.text()
    assert not any("claims" in found for _, found, _ in report.refused), report.text()
