"""The words players put around a mailed power line: a heading over the orders (``Orders:``),
the phase before the power (``Spring 1901 orders for France:``), and the power's line written
a second time in one mail. Real mails read by the mail reader and typed by ``gm-tools orders``
into a real game's workbook."""

from __future__ import annotations

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.edges.mail import read_mail
from gm_tools.edges.variants import load_variant

from workflow_helpers import create


@pytest.mark.parametrize("heading", ["Orders:", "orders", "ORDERS :", "Moves:", "Befehle:", "Ordres :"])
def test_a_heading_under_the_power_line_is_left_out_not_refused_as_an_order(heading):
    """The 2000 rulebook's 'Writing orders' has an order name its unit first ('A PAR - BUR'); a
    player's heading over his orders ('France', then 'Orders:') is no order, and was refused as
    one ("'Orders' is not a province"). It is left out as a greeting is, and listed as not read."""
    mail = read_mail(f"France\n{heading}\nA PAR - BUR\nF BRE - MAO\n", load_variant("standard"))
    assert [(power, [ln.text for ln in lines]) for power, lines in mail.blocks] == [
        ("FRANCE", ["A PAR - BUR", "F BRE - MAO"])]
    assert [ln.text for ln in mail.skipped] == [heading]


def test_a_heading_word_with_more_on_its_line_is_still_read_as_a_line_of_orders():
    # Only the word alone is a heading: 'Orders: A PAR - BUR' stays a line to read (and refuse).
    mail = read_mail("France\nOrders: A PAR - BUR\n", load_variant("standard"))
    assert [[ln.text for ln in lines] for _, lines in mail.blocks] == [["Orders: A PAR - BUR"]]


@pytest.mark.parametrize("line, phase", [("Spring 1901 orders for France:", "S1901"), ("S1901M France", "S1901M"),
                                         ("S1901M - France", "S1901M"), ("Spring 1901: France", "S1901")])
def test_a_power_line_may_name_the_phase_before_the_power(line, phase):
    """A mail's power line names the power the orders are for and may name their phase
    (docs/workbook.md, 'gm-tools orders': ``FRANCE S1901M``, ``France - Spring 1901``); written
    the other way round ('Spring 1901 orders for France:') it was no power line, and the mail was
    refused for want of one. The phase is checked against the game's as after the power."""
    mail = read_mail(f"{line}\nA PAR - BUR\n", load_variant("standard"))
    assert [(power, [ln.text for ln in lines]) for power, lines in mail.blocks] == [("FRANCE", ["A PAR - BUR"])]
    assert mail.phases == [phase]


def test_a_phase_before_the_power_that_is_not_the_games_refuses_the_block(tmp_path):
    create(tmp_path)
    report = enter_mails("g", [("m", b"Fall 1903 orders for France:\nA PAR - BUR\n")], root=tmp_path)
    assert report.written == []
    assert [(where, found) for where, found, _ in report.refused] == [("m line 1", "'Fall 1903 orders for France:'")]
    assert "the mail names F1903" in report.refused[0][2]


def test_a_power_line_written_again_in_one_mail_is_said_plainly(tmp_path):
    """A power's later orders replace its earlier ones (docs/workbook.md, 'a player's latest mail
    is the one that counts'); within one mail a second power line does the same, and the report
    said "m replaces m". It names the line that named the power again and the units left without
    orders."""
    create(tmp_path)
    report = enter_mails("g", [("m", b"France\nA PAR - BUR\nA MAR - SPA\n\nFrance\nF BRE - MAO\n")],
                         root=tmp_path)
    assert [order for _, power, order, _ in report.written] == ["F BRE - MAO"]
    assert report.replaced == ["FRANCE: m line 5, 'France', names the power again: its orders replace those above it "
                               "(A PAR, A MAR now without orders)"]


@pytest.mark.parametrize("line", ["France & England", "France and England orders:", "England, France"])
def test_a_line_naming_two_powers_is_said_to_name_two_when_the_mail_has_no_power_line(tmp_path, line):
    """A power line names the one power whose orders follow (docs/workbook.md, 'gm-tools
    orders'); a player of two powers who heads his mail 'France & England' had it refused for
    want of a power line, the line itself not named. The refusal names it and says why."""
    create(tmp_path)
    report = enter_mails("g", [("m", f"{line}\nA PAR - BUR\nF LON - ENG\n".encode())], root=tmp_path)
    assert report.written == []
    assert report.refused[0][:2] == ("m", "no power line")
    assert report.refused[0][2].endswith(f"(line 1, {line!r}, names 2 powers: a power line names one; the orders "
                                         "of each power go under a line of its own)")


def test_a_sentence_naming_two_powers_above_the_orders_is_not_taken_for_a_power_line():
    from gm_tools.edges.mail import MailLine, near_power

    lines = [MailLine(1, "Hi GM, after England stabbed me France has only these orders left this turn")]
    assert near_power(lines, load_variant("standard")) == ""


@pytest.mark.parametrize("variant, mail, headings", [
    ("standard", "France\nA PAR - BUR\nFleet orders:\nF BRE - MAO\n", ["Fleet orders:"]),
    ("europe1615", "France\nINF deployment:\n10: LOR\n\nOrders:\nA PAR - BUR\n", ["INF deployment:", "Orders:"]),
    ("europe1619", "France\nINF Placements:\n3: BRE\nDeclarations:\nWAR: SPAIN\n", ["INF Placements:", "Declarations:"]),
])
def test_a_heading_between_the_orders_is_left_out_not_refused(variant, mail, headings):
    """rulebook 000 (Europe 1615 v3), 'Example of the format for the submission of the INF
    deployment list and orders' boxes the deployments and the orders apart, and rulebook 002
    (Europe 1619), '1 - Diplomatic Phase', lists its format's parts: '(1) list of INF placements
    ... (3) declarations'. A player heading his mail's parts so had each heading refused as an
    order ('Fleet orders' is not a province): a heading alone on its line, between the orders,
    is left out, the lines under it read."""
    read = read_mail(mail, load_variant(variant))
    assert [ln.text for ln in read.headings] == headings
    assert headings[0] not in [ln.text for _, lines in read.blocks for ln in lines]
    assert len([ln for _, lines in read.blocks for ln in lines]) == len(mail.splitlines()) - 1 - len(headings) - mail.count("\n\n")


def test_a_heading_with_an_order_on_its_line_or_a_sentence_is_still_a_line_to_read():
    mail = read_mail("France\nA PAR - BUR\nOrders: A MAR H\nMy orders are below:\nWaivers:\n", load_variant("standard"))
    assert mail.headings == []
    assert [ln.text for _, lines in mail.blocks for ln in lines] == [
        "A PAR - BUR", "Orders: A MAR H", "My orders are below:", "Waivers:"]


@pytest.mark.parametrize("line", ["Fall orders for France:", "Spring orders of France", "Autumn orders for France"])
def test_a_season_without_its_year_before_the_power_still_makes_a_power_line(tmp_path, line):
    """A player's mail headed 'Fall orders for France:' (the season, no year) was refused as a
    whole for want of a power line, its orders listed as lines 'before the orders', while
    'Fall 1901 orders for France' was read. The power line names the power the orders are for
    (docs/workbook.md, 'gm-tools orders'); the season alone names no phase to check."""
    create(tmp_path)
    report = enter_mails("g", [("m", f"Hello,\n{line}\nA PAR - BUR\nF BRE - MAO\nthanks\n".encode())],
                         root=tmp_path)
    assert report.refused == []
    assert [(power, order) for _, power, order, _ in report.written] == [("FRANCE", "A PAR - BUR"),
                                                                          ("FRANCE", "F BRE - MAO")]
