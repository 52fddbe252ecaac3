"""Mails as people write them around their orders (``gm-tools orders``): a greeting above
orders whose power the Subject names, a bare name signed below the orders with no closing
word, and the phase named only in the Subject. What is left out is listed for the GM; a
misspelt order is never taken for a name."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import new_game, run_turn

from workflow_helpers import snapshot


def _game(tmp_path):
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")


def _mail(body: str, subject: str = "orders") -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "p@example.org", "gm@example.org", subject
    message.set_content(body)
    return message.as_bytes()


def test_a_bare_name_below_the_orders_ends_them(tmp_path):
    """A player signs with his name alone ('Hans', 'Jean-Pierre Dupont', 'Maria van der Berg'
    and her address), with no closing word above it: the name is no order of the phase, comes
    after the orders and nothing order-like follows it, so it ends the orders, and the report
    says it was not read."""
    _game(tmp_path)
    mails = [("hans.eml", _mail("Germany\nA BER - KIE\nA MUN - RUH\n\nHans\n")),
             ("jp.eml", _mail("France\nA PAR - BUR\nJean-Pierre Dupont\n")),
             ("maria.eml", _mail("Italy\nA VEN - TYR\n\nMaria van der Berg\nmaria@example.org\n+39 06 1234567\n")),
             ("jp2.eml", _mail("Austria\nA VIE - GAL\nJ. Müller\n")), ("tom.eml", _mail("England\nF LON - NTH\nTom\n"))]
    report = enter_mails("g", mails, root=tmp_path)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("GERMANY", "A BER - KIE"), ("GERMANY", "A MUN - RUH"),
                                                      ("FRANCE", "A PAR - BUR"), ("ITALY", "A VEN - TYR"),
                                                      ("AUSTRIA", "A VIE - GAL"), ("ENGLAND", "F LON - NTH")]
    text = report.text()
    assert "not read hans.eml line 5: 'Hans' (a name below the orders: their signature)" in text
    assert "not read maria.eml line 6: '+39 06 1234567' (a name below the orders: their signature)" in text


def test_a_misspelt_order_is_never_taken_for_a_name(tmp_path):
    """A misspelt order after the orders ('Moscwo Ukriane', a move without its dash and both
    names misspelt; 'Mra Sap', two codes with their letters swapped) is refused and reported,
    not left out as a signature; nor is a name with
    an order after it (the order-like line shows the name is no signature), nor a name with
    no order above it. Nothing of the refused lines is typed."""
    _game(tmp_path)
    before = snapshot(tmp_path)
    mails = [("ru.eml", _mail("Russia\nA WAR - GAL\nMoscwo Ukriane\n")),
             ("fr.eml", _mail("France\nA PAR - BUR\nMra Sap\n")),
             ("au.eml", _mail("Austria\nA VIE - GAL\nKarl\nA BDU - SER\n")),
             ("tu.eml", _mail("Turkey\nMehmet\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [r[:2] for r in report.refused] == [("ru.eml line 3", "'Moscwo Ukriane'"), ("fr.eml line 3", "'Mra Sap'"),
                                               ("au.eml line 3", "'Karl'"),
                                               ("au.eml line 4", "'A BDU - SER'"), ("tu.eml line 2", "'Mehmet'")]
    assert "did you mean" in report.refused[0][2] and "BUD" in report.refused[3][2]
    assert "signature" not in report.text()
    assert snapshot(tmp_path) == before


def test_a_greeting_above_orders_whose_power_the_subject_names(tmp_path):
    """'Subject: France orders' and a body of orders only: the greeting above them ('Hi GM,',
    'Dear Tom', 'Hello' and 'here are my orders:', 'Bonjour,', 'Ciao!') is not read as an
    order, and is listed as not read."""
    _game(tmp_path)
    mails = [("hi.eml", _mail("Hi GM,\n\nA PAR - BUR\nA MAR - SPA\n", subject="France orders")),
             ("dear.eml", _mail("Dear Tom\nA BER - KIE\n", subject="Germany orders")),
             ("hello.eml", _mail("Hello\nhere are my orders:\n\nA VEN - TYR\n", subject="Italy")),
             ("fr.eml", _mail("Bonjour,\nF LON - NTH\n", subject="ordres England")),
             ("it.eml", _mail("Ciao!\nF ANK - BLA\n", subject="ordini Turkey"))]
    report = enter_mails("g", mails, root=tmp_path)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"),
                                                      ("GERMANY", "A BER - KIE"), ("ITALY", "A VEN - TYR"),
                                                      ("ENGLAND", "F LON - NTH"), ("TURKEY", "F ANK - BLA")]
    assert report.skipped == [("hi.eml line 1", "Hi GM,"), ("dear.eml line 1", "Dear Tom"),
                              ("hello.eml line 1", "Hello"), ("hello.eml line 2", "here are my orders:"),
                              ("fr.eml line 1", "Bonjour,"), ("it.eml line 1", "Ciao!")]


def test_a_phase_named_only_in_the_subject_is_checked(tmp_path):
    """'Subject: Orders S1902M' or 'Spring 1902 orders' names the phase the orders are for, as
    a power line or a 'Phase:' line does: in S1901M the mail is refused with the phase the game
    is at and where the other was named, and nothing of it typed. The Subject of a reply to the
    GM's results ('Re: F1900M results') names the last phase, not the orders', and is not
    held against them; a phase the body names is the one the orders are for."""
    _game(tmp_path)
    before = snapshot(tmp_path)
    mails = [("code.eml", _mail("France\nA PAR - BUR\n", subject="Orders S1902M")),
             ("season.eml", _mail("Germany\nA BER - KIE\n", subject="Spring 1902 orders")),
             ("only.eml", _mail("A VEN - TYR\n", subject="Italy orders F1905M"))]
    report = enter_mails("g", mails, root=tmp_path)
    assert [r[:2] for r in report.refused] == [("code.eml line 1", "'France'"), ("season.eml line 1", "'Germany'"),
                                               ("only.eml", "'Subject: Italy orders F1905M'")]
    assert [r[2] for r in report.refused] == [
        "orders for S1901M, the game's phase: the mail's Subject names S1902M (the 1 line(s) under it are not read)",
        "orders for S1901M, the game's phase: the mail's Subject names S1902 (the 1 line(s) under it are not read)",
        "orders for S1901M, the game's phase: the mail's Subject names F1905M (the 1 line(s) under it are not read)"]
    assert report.written == [] and snapshot(tmp_path) == before
    mails = [("now.eml", _mail("France\nA PAR - BUR\n", subject="Orders S1901M")),
             ("reply.eml", _mail("Germany\nA BER - KIE\n", subject="Re: F1900M results")),
             ("body.eml", _mail("Italy S1901M\nA VEN - TYR\n", subject="Re: orders F1905M"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == [] and len(report.written) == 3


def test_a_reply_written_below_the_quoted_mail_is_read(tmp_path):
    """A player who answers below the GM's quoted mail ('On Monday, GM wrote:', the quote's
    '> ' lines, then his orders): the orders under the quote are read; the quoted lines,
    previous orders among them ('> A BER - MUN'), are never typed. A reply whose quote is not
    marked by '> ' is still cut at its 'wrote:' line."""
    _game(tmp_path)
    below = _mail("On Mon, 23 Nov 2026 at 10:00, GM <gm@example.org> wrote:\n> Orders for S1901M are due Friday.\n"
                  "> Germany\n> A BER - MUN\n\nGermany\nA BER - KIE\nA MUN - RUH\n", subject="Re: S1901M orders due")
    unmarked = _mail("France\nA PAR - BUR\n\nOn Mon, 23 Nov 2026, GM wrote:\nEngland\nF LON - NTH\n")
    report = enter_mails("g", [("below.eml", below), ("unmarked.eml", unmarked)], root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("GERMANY", "A BER - KIE"), ("GERMANY", "A MUN - RUH"),
                                                      ("FRANCE", "A PAR - BUR")]


def test_a_power_named_in_the_players_language(tmp_path):
    """German, French and Italian players name their power in their language ('Deutschland',
    'Italia', 'France :'); the names are the powers' aliases in variants/standard/variant.toml,
    in a power line and in the Subject alike."""
    _game(tmp_path)
    mails = [("de.eml", _mail("Deutschland\nA München - Burgund\nA Berlin - Kiel\nF Kiel - Holland\n")),
             ("it.eml", _mail("Italia\nA Roma - Apulia\nF Napoli - Ionio\n")),
             ("at.eml", _mail("Österreich-Ungarn\nA Wien - Galizien\n")),
             ("ru.eml", _mail("F Sewastopol - Schwarzes Meer\n", subject="Befehle Russland"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [w[1] for w in report.written] == ["GERMANY"] * 3 + ["ITALY"] * 2 + ["AUSTRIA", "RUSSIA"]


def test_orders_in_long_form_with_articles(tmp_path):
    """docs/orders.md: 'Army'/'Fleet' and 'moves to' are read; so is the article players put
    before a sea ('Fleet Brest moves to the Mid-Atlantic Ocean', 'F Brest - la Manche')."""
    _game(tmp_path)
    mails = [("en.eml", _mail("France\nArmy Paris moves to Burgundy\nFleet Brest moves to the Mid-Atlantic Ocean\n"
                              "Army Marseilles holds\n")),
             ("fr.eml", _mail("England\nFleet London moves to the North Sea\nF Edinburgh supports F London to the "
                              "North Sea\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert len(report.written) == 5


def test_a_name_below_a_sheets_entries_and_a_forms_word_alone(tmp_path):
    """rulebook 002 (Europe 1619), the Diplomatic Phase's placements and declarations by mail:
    a name signed below them is left out as below unit orders; a declaration's word alone
    ('Armistice', 'Fealty' in Centenary) is a line of the phase's form written wrong, refused
    with the form's reason, never taken for a name."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    mails = [("fr.eml", _mail("France\n5: BRE\nWAR: SPAIN\n\nJean-Pierre\n")),
             ("es.eml", _mail("Spain\n3: GEN\nArmistice\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [r[:2] for r in report.refused] == [("es.eml line 3", "'Armistice'")]
    assert report.signed == [("fr.eml line 5", "Jean-Pierre")]
    assert [w[2] for w in report.written] == ["5: BRE", "WAR: SPAIN", "3: GEN"]


def test_a_europe_power_named_in_the_players_language(tmp_path):
    """rulebook 002 (Europe 1619): the great powers by the names German, French and Italian
    players give them ('Frankreich', 'Spagna'), in a power line and in the Subject."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    mails = [("fr.eml", _mail("Frankreich\n5: BRE\n")), ("es.eml", _mail("3: GEN\n", subject="ordini Spagna"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "5: BRE"), ("SPAIN", "3: GEN")]


def test_a_greeting_or_the_phase_under_the_power_line(tmp_path):
    """A greeting or the phase written under the power line, above the orders ('France', 'Hi
    GM,', 'S1901M'; 'my orders:'), is read as it is above the power line: not an order, and
    the phase the block's orders are for ('Orders for Fall 1905:' in S1901M refuses them)."""
    _game(tmp_path)
    mails = [("fr.eml", _mail("France\nHi GM,\nS1901M\nA PAR - BUR\n")),
             ("it.eml", _mail("Italy\n\nmy orders:\n\nA VEN - TYR\n")),
             ("de.eml", _mail("Germany\nOrders for Fall 1905:\nA BER - KIE\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("ITALY", "A VEN - TYR")]
    assert [r[:2] for r in report.refused] == [("de.eml line 1", "'Germany'")]
    assert "the mail names F1905" in report.refused[0][2]
    assert "not read fr.eml line 2: 'Hi GM,' (before the orders)" in report.text()


def test_a_power_line_with_the_players_name(tmp_path):
    """'France (Ann)', 'Power: Germany (Hans Müller)': the player's name in brackets after the
    power is no part of it; the line opens the power's orders."""
    _game(tmp_path)
    mails = [("fr.eml", _mail("France (Ann)\nA PAR - BUR\n")),
             ("de.eml", _mail("Power: Germany (Hans Müller)\nA BER - KIE\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("GERMANY", "A BER - KIE")]


def test_several_orders_on_one_line(tmp_path):
    """A player who lists his orders on one line, between commas or semicolons ('A PAR - BUR,
    A MAR - SPA; F BRE - MAO'): each is read as an order of its own, where the line does not
    read as one order ('A Paris, hold' is one). A part that reads as no order is refused."""
    _game(tmp_path)
    mails = [("fr.eml", _mail("France\nA PAR - BUR, A MAR - SPA; F BRE - MAO\n")),
             ("de.eml", _mail("Germany\nA Berlin, hold\nA MUN - RUH, F KIE - HLO\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"),
                                                      ("FRANCE", "F BRE - MAO"), ("GERMANY", "A Berlin, hold")]
    assert [r[:2] for r in report.refused] == [("de.eml line 3", "'A MUN - RUH, F KIE - HLO'")]


def test_replies_and_forwards_from_german_french_and_italian_mail_programs(tmp_path):
    """Mail programs set up in German, French or Italian write their quote and forward lines
    in that language ('Am ... schrieb GM:', 'Von: GM' and 'Gesendet:' of Outlook, 'Le ... a
    écrit :', '---------- Messaggio inoltrato ---------', 'Von meinem iPhone gesendet'): the
    quoted mail is not read (its 'France / A PAR - PIC' is never typed), a forwarded one is
    read below its headers, a reply below its '> ' quote is read."""
    _game(tmp_path)
    gmail_de = _mail("Deutschland\nA BER - KIE\n\nAm Mo., 23. Nov. 2026 um 10:00 Uhr schrieb GM <gm@example.org>:\n"
                     "> Befehle bis Freitag\n")
    outlook_de = _mail("Österreich\nA VIE - GAL\n\nVon: GM <gm@example.org>\nGesendet: Montag, 23. November 2026\n"
                       "An: spieler@example.org\nBetreff: S1901M\n\nFrance\nA PAR - PIC\n", subject="AW: S1901M")
    gmail_fr = _mail("Le lun. 23 nov. 2026 à 10:00, GM <gm@example.org> a écrit :\n> Ordres pour S1901M\n\n"
                     "Angleterre\nF LON - NTH\n")
    forward_it = _mail("---------- Messaggio inoltrato ---------\nDa: Marco <m@example.org>\n"
                       "Date: lun 23 nov 2026 alle ore 10:00\nSubject: ordini\nTo: <sbagliato@example.org>\n\n"
                       "Italia\nA VEN - TYR\n", subject="I: ordini")
    iphone = _mail("Russland\nA MOS - UKR\n\nVon meinem iPhone gesendet\n")
    mails = [("de.eml", gmail_de), ("at.eml", outlook_de), ("fr.eml", gmail_fr), ("it.eml", forward_it),
             ("ru.eml", iphone)]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("GERMANY", "A BER - KIE"), ("AUSTRIA", "A VIE - GAL"),
                                                      ("ENGLAND", "F LON - NTH"), ("ITALY", "A VEN - TYR"),
                                                      ("RUSSIA", "A MOS - UKR")]


def test_closings_as_german_french_italian_and_spanish_players_write_them(tmp_path):
    """A closing line on its own ends the orders (the signature under it is not read) in the
    forms players write it: 'Mit freundlichen Grüßen', 'MfG', 'LG', 'Bien à vous',
    'Amicalement', 'Cordiali saluti', 'Un saluto', 'Saludos cordiales', 'Met vriendelijke groet'."""
    _game(tmp_path)
    closings = ["Mit freundlichen Grüßen", "MfG", "LG", "Beste Grüße", "Bien à vous,", "Amicalement", "A bientôt !",
                "Cordiali saluti", "Un saluto", "Saludos cordiales", "Met vriendelijke groet", "Kind regards,"]
    mails = [(f"m{k}.eml", _mail(f"France\nA PAR - BUR\n\n{closing}\nJ. Dupont, Lyon\n"))
             for k, closing in enumerate(closings)]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert len(report.written) == 1  # each mail replaces the one before: France's latest
    assert "replaces m10.eml" in report.text()


@pytest.mark.parametrize("closing", ["A+", "@+", "A+ !", "A+, Jean"])
def test_a_french_players_a_plus_closes_the_mail_and_is_not_refused_as_an_order(tmp_path, closing):
    """'A+' ('à plus', see you) is how a French player signs off; below his orders it was refused
    as an order ("'A+' is not a province"), the GM told of a mistake there was none. It is a
    closing as 'A bientôt' is: the orders end above it, the name under it is not read."""
    _game(tmp_path)
    report = enter_mails("g", [("m.eml", _mail(f"France\nA PAR - BUR\n\n{closing}\nJean\n"))],
                         root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [order for _, _, order, _ in report.written] == ["A PAR - BUR"]


def test_a_comment_after_an_order_is_left_out(tmp_path):
    """A player's note after an order ('A PAR - BUR (to bounce Germany)', '# a feint',
    '// support') is no part of it: the order is read and typed without it. A coast in
    brackets stays the order's ('F MAO - SPA (nc)'), and a line that reads as no order even
    without its note is refused as written."""
    _game(tmp_path)
    mails = [("fr.eml", _mail("France\nA PAR - BUR (to bounce Germany)\nA MAR - SPA # a feint\n"
                              "F BRE - MAO // for later\n")),
             ("ru.eml", _mail("Russia\nF STP (sc) - BOT\nA WRA - GAL (hmm)\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"),
                                                      ("FRANCE", "F BRE - MAO"), ("RUSSIA", "F STP (sc) - BOT")]
    assert [r[:2] for r in report.refused] == [("ru.eml line 3", "'A WRA - GAL (hmm)'")]



def test_a_season_named_in_the_players_language(tmp_path):
    """The phase named by its season in German, French, Italian or Spanish ('Befehle Herbst
    1905', 'Ordres printemps 1901', 'Italia - Autunno 1905', 'Phase: Frühjahr 1901') is the
    phase the orders are for, as 'Fall 1905' is: another phase's are refused, this phase's typed."""
    _game(tmp_path)
    mails = [("de.eml", _mail("Deutschland\nA BER - KIE\n", subject="Befehle Herbst 1905")),
             ("fr.eml", _mail("France\nA PAR - BUR\n", subject="Ordres printemps 1901")),
             ("it.eml", _mail("Italia - Autunno 1905\nA VEN - TYR\n")),
             ("es.eml", _mail("Phase: Frühjahr 1901\n\nRussland\nA MOS - UKR\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("RUSSIA", "A MOS - UKR")]
    assert [r[:2] for r in report.refused] == [("de.eml line 1", "'Deutschland'"), ("it.eml line 1", "'Italia - Autunno 1905'")]
    assert all("names F1905" in r[2] for r in report.refused)


def test_a_reply_whose_quote_line_is_wrapped(tmp_path):
    """Gmail wraps a long 'On ... wrote:' line over two ('On Mon, 23 Nov 2026 at 10:00, The Game
    Master <' and 'gm@example.org> wrote:'): the two lines are the quote's, not orders."""
    _game(tmp_path)
    mail = _mail("France\nA PAR - BUR\n\nOn Mon, 23 Nov 2026 at 10:00, The Game Master <\ngm@example.org> wrote:\n\n"
                 "> Orders are due Friday.\n> France: A PAR - PIC\n")
    report = enter_mails("g", [("fr.eml", mail)], root=tmp_path, dry_run=True)
    assert report.refused == [] and [w[2] for w in report.written] == ["A PAR - BUR"]


def test_a_replys_subject_naming_an_earlier_phase_names_the_mail_replied_to(tmp_path):
    """A player answers the GM's results mail ('Re: S1901M') with the next phase's orders: the
    earlier phase a reply's Subject names is the mail answered, not held against the orders.
    A reply naming a later phase, or a Subject that is no reply naming an earlier one
    ('Orders S1901M' in F1901M), is the orders' phase, and refused."""
    from gm_tools.app.turn import run_turn

    _game(tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    mails = [("re.eml", _mail("France\nA PAR - BUR\n", subject="Re: S1901M")),
             ("aw.eml", _mail("Deutschland\nA BER - KIE\n", subject="AW: Diplomacy g S1901M")),
             ("old.eml", _mail("Italy\nA VEN - TYR\n", subject="Orders S1901M")),
             ("later.eml", _mail("Russia\nA MOS - UKR\n", subject="Re: S1902M"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.phase == "F1901M"
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("GERMANY", "A BER - KIE")]
    assert [r[:2] for r in report.refused] == [("old.eml line 1", "'Italy'"), ("later.eml line 1", "'Russia'")]


def test_the_power_and_its_orders_on_one_line(tmp_path):
    """'France: A PAR - BUR' opens France's orders with the first of them; lines naming the
    power again each ('France: A MAR - SPA') add to the same orders, not replace them."""
    _game(tmp_path)
    mails = [("fr.eml", _mail("France: A PAR - BUR\nFrance: A MAR - SPA\nF BRE - MAO\n")),
             ("de.eml", _mail("GERMANY: A BER - KIE, A MUN - RUH\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR - SPA"),
                                                      ("FRANCE", "F BRE - MAO"), ("GERMANY", "A BER - KIE"),
                                                      ("GERMANY", "A MUN - RUH")]


def test_a_europe_1619_purchase_in_words(tmp_path):
    """rulebook 002 (Europe 1619), the Builds and Transactions Phase's purchases by mail
    (docs/europe1619.md: 'build A PAR', 'bolster LYO'): written in words ('build an army in
    Paris', 'Build army PAR', 'build a fleet at Brest for ...') the line is a purchase, checked by
    the rules as 'build A PAR' is (here refused for the rules' reason, not for its form)."""
    from gm_tools.app.turn import run_turn
    from gm_tools.systems.europe1619.calendar import TRANSACTIONS
    from gm_tools.systems.europe1619.entries import line_row

    assert line_row(TRANSACTIONS, "FRANCE", "build an army in Paris") == ("Purchases", ["FRANCE", "build", "A", "PARIS", None])
    assert line_row(TRANSACTIONS, "FRANCE", "Build fleet at St Petersburg for GEN") == \
        ("Purchases", ["FRANCE", "build", "F", "ST PETERSBURG", "GEN"])
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    for _ in range(3):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("fr.eml", _mail("France\nbuild an army in Paris\nBuild army PAR\n"))], root=tmp_path,
                         dry_run=True)
    assert report.phase == "Y1619B"
    assert [why for _, _, why in report.refused] == ["a transaction the rules allow (PAR is occupied by A PAR: a build "
                                                     "needs an unoccupied center)"] * 2


def test_an_austrian_greeting_in_a_windows_mail(tmp_path):
    """An Austrian player's windows-1252 mail, its Subject encoded ('Befehle Österreich
    Frühjahr 1901'): 'Grüß Gott,' above the orders is a greeting, the orders in German names
    are Austria's, and 'MfG' ends them."""
    _game(tmp_path)
    raw = (b"From: k@example.at\nSubject: =?windows-1252?Q?Befehle_=D6sterreich_Fr=FChjahr_1901?=\n"
           b"Content-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: 8bit\n\n"
           b"Gr\xfc\xdf Gott,\nA Wien - Galizien\nF Triest - Albanien\nA Budapest - Serbien\n\nMfG\nKarl\n")
    report = enter_mails("g", [("at.eml", raw)], root=tmp_path, dry_run=True)
    assert report.refused == [] and report.skipped == [("at.eml line 1", "Grüß Gott,")]
    assert [w[1] for w in report.written] == ["AUSTRIA"] * 3


SIGNED_PLACE = "below the orders taken for a signature; nothing typed from it (a province's name alone is no order)"


def test_a_name_that_is_a_provinces_below_the_orders_is_taken_for_a_signature(tmp_path):
    """A player named as a province is ('Sofia', an alias of Bulgaria; 'Paris Hilton';
    'Sevastopol'), alone below a blank line after the orders: a bare province is no whole
    order, so the name is left out as the signature, and the report says so apart from other
    names, naming the line."""
    _game(tmp_path)
    mails = [("tr.eml", _mail("Turkey\nA CON - BUL\nF ANK - BLA\n\nSofia\n")),
             ("fr.eml", _mail("France\nA PAR - BUR\n\nParis Hilton\nparis@example.org\n")),
             ("ru.eml", _mail("Russia\nA MOS - UKR\n\nSevastopol\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("TURKEY", "A CON - BUL"), ("TURKEY", "F ANK - BLA"),
                                                      ("FRANCE", "A PAR - BUR"), ("RUSSIA", "A MOS - UKR")]
    assert report.signed_places == [("tr.eml line 5", "Sofia"), ("fr.eml line 4", "Paris Hilton"),
                                    ("ru.eml line 4", "Sevastopol")]
    text = report.text()
    assert f"not read tr.eml line 5: 'Sofia' {SIGNED_PLACE}" in text
    assert f"not read fr.eml line 4: 'Paris Hilton' {SIGNED_PLACE}" in text
    assert "not read fr.eml line 5: 'paris@example.org' (a name below the orders: their signature)" in text


def test_a_province_that_may_be_an_order_short_of_a_word_is_refused(tmp_path):
    """What may be an order with a word missing stays an order, refused and reported: a unit
    letter beside the province ('A Sofia'), two provinces ('Paris Burgundy'), a code ('Mos'),
    a coast ('Sofia Ec', a fleet's place),
    a province with no blank line above it ('Brest'), with no order above it, or with an order
    under it. A whole order below a blank line ('Venice H', 'Munich - Burgundy') is typed, as
    any other. Nothing is taken for a signature; the refusal of a code or a name alone right
    under the orders ('Mos', 'Brest') says where a signature goes."""
    _game(tmp_path)
    before = snapshot(tmp_path)
    mails = [("au.eml", _mail("Austria\nA VIE - GAL\n\nA Sofia\n")),
             ("it.eml", _mail("Italy\nA ROM - APU\n\nVenice H\n")),
             ("en.eml", _mail("England\nF EDI - NWG\n\nParis Burgundy\n")),
             ("de.eml", _mail("Germany\nA BER - KIE\n\nMunich - Burgundy\n")),
             ("ru.eml", _mail("Russia\nA WAR - GAL\n\nMos\n")),
             ("fr.eml", _mail("France\nA PAR - BUR\nBrest\n")),
             ("tr.eml", _mail("Turkey\n\nSofia\n")),
             ("tr2.eml", _mail("Turkey\nF ANK - BLA\n\nSofia\nA SMY - ARM\n")),
             ("en2.eml", _mail("England\nF LON - NTH\n\nSofia Ec\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [r[:2] for r in report.refused] == [
        ("au.eml line 4", "'A Sofia'"), ("en.eml line 4", "'Paris Burgundy'"), ("ru.eml line 4", "'Mos'"),
        ("fr.eml line 3", "'Brest'"), ("tr.eml line 3", "'Sofia'"), ("tr2.eml line 4", "'Sofia'"),
        ("en2.eml line 4", "'Sofia Ec'")]
    # whole orders, typed: the turn decides them
    assert {("ITALY", "Venice H"), ("GERMANY", "Munich - Burgundy")} <= {(w[1], w[2]) for w in report.written}
    assert report.signed == [] and "taken for a signature" not in report.text()
    # a code alone below the orders, or a province's name right under them, may be the player's
    # name: the refusal says where one goes
    assert [why.endswith("goes below a line '-- ', where the mail's orders end)") for _, _, why in report.refused] == [
        False, False, True, True, False, False, False]
    assert report.refused[3][2].endswith(" (Brest is a province: a signature 'Brest' goes below a line '-- ', where "
                                         "the mail's orders end)")
    assert snapshot(tmp_path) == before



def test_a_signature_that_is_a_provinces_code_is_refused_saying_where_a_signature_goes(tmp_path):
    """A player signs 'Ana' below his orders, and ANA is a Centenary province (Anatolia): a code
    may be an order short of a word, so the line stays an order and is refused (the module note
    of gm_tools/edges/signature.py), and the refusal alone left the player guessing why his
    name was read as an order. It now says where a signature goes, below a line '-- ', the mail
    reader's signature separator; a line with an order under it, or above no order, is refused
    as before."""
    new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    mails = [("tr.eml", _mail("Ottoman\nA CON H\n\nAna\n")),
             ("tr2.eml", _mail("Ottoman\nA CON H\nAna Lopez\nana@example.org\n")),
             ("tr3.eml", _mail("Ottoman\nA CON H\n\nAna\nA BUL H\n"))]
    report = enter_mails("c", mails, root=tmp_path, dry_run=True)
    hint = " (ANA is a province: a signature '{}' goes below a line '-- ', where the mail's orders end)"
    assert report.refused[0] == ("tr.eml line 4", "'Ana'", "a legal order (no order for Ana: expected H, -, S or C "
                                                          "after it)" + hint.format("Ana"))
    assert report.refused[1] == ("tr2.eml line 3", "'Ana Lopez'", "H, -, S or C after 'Ana', found 'Lopez'"
                                 + hint.format("Ana Lopez"))
    assert [r[:2] for r in report.refused[2:]] == [("tr2.eml line 4", "'ana@example.org'"), ("tr3.eml line 4", "'Ana'")]
    assert all("'-- '" not in why for _, _, why in report.refused[2:])
    report = enter_mails("c", [("tr.eml", _mail("Ottoman\nA CON H\n-- \nAna\n"))], root=tmp_path, dry_run=True)
    assert report.refused == [] and [w[2] for w in report.written] == ["A CON H"]


def test_a_provinces_name_below_a_europe_mails_entries_is_a_signature(tmp_path):
    """rulebook 002 (Europe 1619), the Diplomatic Phase, Europe 1615 v2's Political Phase and
    Europe 1615's first movement phase: a name of the map alone below the entries ('Paris',
    'Vienna Boys', 'Paris Hilton') is left out as the signature and said; 'Paris BRE' may be a
    placement short of its number, refused."""
    new_game("europe1619", "g", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    mails = [("fr.eml", _mail("France\n5: BRE\nWAR: SPAIN\n\nParis\n")), ("es.eml", _mail("Spain\n3: GEN\n\nVienna Boys\n")),
             ("at.eml", _mail("Austria\n2: SAA\n\nParis BRE\n"))]
    report = enter_mails("g", mails, root=tmp_path, dry_run=True)
    assert [r[:2] for r in report.refused] == [("at.eml line 4", "'Paris BRE'")]
    assert [w[2] for w in report.written] == ["5: BRE", "WAR: SPAIN", "3: GEN", "2: SAA"]
    assert report.signed_places == [("fr.eml line 5", "Paris"), ("es.eml line 4", "Vienna Boys")]
    assert f"not read fr.eml line 5: 'Paris' {SIGNED_PLACE}" in report.text()
    new_game("europe1615v2", "h", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    report = enter_mails("h", [("fr.eml", _mail("France\n9: LOR\n\nParis\n"))], root=tmp_path, dry_run=True)
    assert report.refused == [] and [w[2] for w in report.written] == ["9: LOR"]
    assert report.signed_places == [("fr.eml line 4", "Paris")]
    new_game("europe1615", "i", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    run_turn("i", root=tmp_path, site_dir=None, force=True)  # to S1615M, whose INF placements go with the orders
    report = enter_mails("i", [("fr.eml", _mail("France\nA PAR H\n9: WUR\n\nParis Hilton\n"))], root=tmp_path,
                         dry_run=True)
    assert report.phase == "S1615M" and report.refused == [] and [w[2] for w in report.written] == ["A PAR H", "9: WUR"]
    assert report.signed_places == [("fr.eml line 5", "Paris Hilton")]


def test_a_power_line_with_an_article(tmp_path):
    """rulebook 004 (Centenary), introduction: 'The powers are France, Sweden, the Ottoman Empire,
    the Holy Roman Empire, England, Spain, and the German Princes.' A power line
    with the article players put before such a name ('The Ottoman Empire', 'the Empire:') opens
    the power's orders as the name alone does; it was refused as no power line, the orders under
    it left unread. A line of another word ('Then') is still no power line."""
    new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    mails = [("ot.eml", _mail("The Ottoman Empire\nA CON H\n")), ("em.eml", _mail("the Empire:\nA VIE H\n"))]
    report = enter_mails("c", mails, root=tmp_path, dry_run=True)
    assert report.refused == []
    assert [(w[1], w[2]) for w in report.written] == [("OTTOMAN", "A CON H"), ("EMPIRE", "A VIE H")]
    report = enter_mails("c", [("x.eml", _mail("Then\nA CON H\n"))], root=tmp_path, dry_run=True)
    assert report.written == [] and report.refused[0][2].startswith("a line naming the power before the orders")


def test_a_misspelt_power_line_names_the_power_it_is_nearest(tmp_path):
    """rulebook 004 (Centenary), introduction: 'The powers are France, Sweden, the Ottoman Empire
    ...'. A mail whose power line misspells the power ('Ottomans', 'Sweeden') was refused as
    having no power line, the list of powers given, the line itself not said: the refusal names
    the line and the power it is nearest. A line near no power ('Hi GM,') names none. 'Player:
    Spain' and 'Colour: Spain' are power lines, as 'Power: Spain' is."""
    new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    report = enter_mails("c", [("ot.eml", _mail("Hi GM,\nOttomans\nA CON H\n")),
                               ("sw.eml", _mail("Sweeden\nA STO H\n")), ("x.eml", _mail("Hi GM,\nA CAS H\n"))],
                         root=tmp_path, dry_run=True)
    powers = ("a line naming the power before the orders, one of this game's: France, Sweden, Ottoman Empire, Holy "
              "Roman Empire, England, Spain, German Princes")
    assert report.refused == [("ot.eml", "no power line", powers + " (line 2, 'Ottomans', is nearest Ottoman Empire)"),
                              ("sw.eml", "no power line", powers + " (line 1, 'Sweeden', is nearest Sweden)"),
                              ("x.eml", "no power line", powers)]
    for line in ("Player: Spain", "Colour: Spain"):
        report = enter_mails("c", [("p.eml", _mail(f"{line}\nA CAS H\n"))], root=tmp_path, dry_run=True)
        assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("SPAIN", "A CAS H")]


def test_pasted_text_opening_with_from_and_the_power_is_no_mailbox(tmp_path):
    """rulebook 004 (Centenary), rule 9: 'SPAIN - A Nth, F Gra, A Cas'. Pasted text whose first
    line is 'From Spain' was read as a mailbox (its envelope line 'From sender date'), the line
    eaten and the mail refused as 'message 1' with no power line: a mailbox's envelope line has
    the time of day, and 'From Spain' is the power line."""
    from gm_tools.edges.mail import mail_files

    text = b"From Spain\nA CAS H\n"
    assert mail_files("es.txt", text) == [("es.txt", text)]
    box = b"From es@example.org Mon Nov 23 10:00:00 2026\nFrom: es@example.org\n\nSpain\nA CAS H\n"
    assert [label for label, _ in mail_files("inbox", box)] == ["inbox message 1"]
    new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    report = enter_mails("c", mail_files("es.txt", text), root=tmp_path, dry_run=True)
    assert report.refused == [] and [(w[1], w[2]) for w in report.written] == [("SPAIN", "A CAS H")]
