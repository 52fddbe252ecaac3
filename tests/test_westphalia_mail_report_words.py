"""`gm-tools orders`' report on a Peace of Westphalia mail in the game's words: its players mail
lines for the step, never orders (README, 'Its pages, Game sheet and mail say "step", "player"
and "lines"'; ``gm_tools/systems/westphalia/__init__.py``'s ``mail_noun``). Through the demo's
real workbook and the command as the GM runs it.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia), 'Setup' ('Pick Provinces').
"""

from __future__ import annotations

import contextlib
import io

import pytest

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


def test_a_name_signed_under_the_lines_is_refused_saying_where_a_signature_goes(tmp_path):
    """The players' lines open with a keyword, so a name signed below them without a '-- ' line
    is refused (README, 'Players' mails'); the refusal named only the step's forms, leaving the GM
    to guess why 'Ralf' was no line. It says where a signature goes; a line of a step's words
    mistyped is not told so."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Red\nProvinces: EIC EIS HAE HAM, capital HAM\nHello there, 7 provinces\n\nRalf\n",
                    encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["orders", GAME, str(mail), "--root", str(tmp_path), "--dry-run"])
    refused = [line for line in out.getvalue().splitlines() if line.startswith("  refused ")]
    assert refused[1].endswith("line 5: 'Ralf' -- expected a line of the Pick Provinces step, such as 'Provinces: "
                               "EIC EIS HAE HAM, capital HAM' (a signature goes below a line '-- ', where the "
                               "mail's lines end)"), refused
    assert len(refused) == 2 and "signature" not in refused[0], refused


def test_electors_not_placed_are_named_with_their_sizes(tmp_path):
    """rulebook 003, 'Place Electors': 'The following starting Electors must be placed: Trier,
    Mainz, and Cologne - 1 province; The Palatinate and Saxony - 2 provinces; Brandenburg - 3
    provinces; Bohemia - 4 provinces'. A new game's empty Place Electors sheet was refused naming
    the Electors without their sizes, which the step's check holds each row to: a GM new to the
    game had to open the rulebook to fill the sheet in."""
    from westphalia_mails import refused_turn

    paths = played_to("P1510K", tmp_path)
    problems = refused_turn(paths, {})
    assert problems[0][:3] == ("Place Electors", "B2", "an empty cell") and len(problems) == 1, problems
    assert problems[0][3].startswith(
        "every starting Elector placed ('The following starting Electors must be placed'): Trier (1 province), Mainz "
        "(1 province), Cologne (1 province), The Palatinate (2 provinces), Saxony (2 provinces), Brandenburg (3 "
        "provinces), Bohemia (4 provinces); one a row, each player placing an Elector of his choice on his rows, "
        "RED, BLUE, YELLOW, GREEN, ORANGE, RED, BLUE in turn ('The First Player places an Elector of his choice ... "
        "Other Players follow, in Setup Order, going back to the First Player at the end'); a row such as: Elector "
        "Trier, Provinces "), problems


def test_an_empty_place_electors_sheets_example_row_is_one_the_turn_takes(tmp_path):
    """rulebook 003, 'Place Electors': 'The First Player places an Elector of his choice anywhere
    on the map ... Other Players follow, in Setup Order, going back to the First Player at the
    end'. An empty Place Electors sheet was refused as 'found no row', though its rows are laid
    out with their players: the GM is told which players place the Electors still to place, in
    turn, and given a row; that row typed, the turn asks for the next row, the players left named."""
    import re

    from westphalia_mails import refused_turn

    paths = played_to("P1510K", tmp_path)
    (problem,) = refused_turn(paths, {})
    name, provinces, capital = re.search(r"a row such as: Elector (.+), Provinces (.+), Capital (\w+)$",
                                         problem[3]).groups()
    (problem,) = refused_turn(paths, {"Place Electors!B2": name, "Place Electors!C2": provinces,
                                      "Place Electors!D2": capital})
    assert problem[:3] == ("Place Electors", "B3", "an empty cell"), problem
    assert f"{name} (1 province)" not in problem[3]
    assert "on his rows, BLUE, YELLOW, GREEN, ORANGE, RED, BLUE in turn" in problem[3]


@pytest.mark.parametrize(("text", "kind", "row"), [
    ("Elector: Mainz, DUR", "electors", {"Elector": "Mainz", "Provinces": "DUR", "Capital": "DUR"}),
    ("Principality: Hesse, ESS", "principalities", {"Principality": "Hesse", "Provinces": "ESS", "Capital": "ESS"}),
    ("Elector: Saxony, BON DRE", "electors", {"Elector": "Saxony", "Provinces": "BON DRE"}),
])
def test_a_principality_of_one_province_mailed_without_its_capital_has_it_for_capital(text, kind, row):
    """rulebook 003, 'Place Electors': 'places an Elector of his choice anywhere on the map, and
    placing a town on the Elector's capital province'; 'Trier, Mainz, and Cologne - 1 province'.
    'Elector: Mainz, DUR' was typed with an empty Capital and the turn refused it ('found
    nothing, expected one province of the board'), though one province leaves no choice. Of two,
    the capital is the player's to name, and the turn still asks for it."""
    from gm_tools.systems.westphalia import mailforms, steps

    line = mailforms.read_line(text, {"electors": steps.ELECTORS, "principalities": steps.PRINCIPALITIES}[kind])
    assert line.rows == (row,) and not line.error


def test_no_player_is_waited_for_when_only_single_provinces_are_left_for_the_rolls(tmp_path):
    """rulebook 003, 'Place other Principalities': 'If there is no space on the board for a
    contiguous Principality of the rolled size, place the largest Principality that can be
    placed. When only disconnected single provinces remain, fill in the remaining provinces with 1
    province Principalities.' Three players' Electors left one free province (BRI): `status`
    waited for Green's roll and `turn` said 'nothing to do', though the province is filled
    without anyone's choice (`turn --force` did it). Nobody is waited for, and the turn fills it."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.status import phase_status
    from gm_tools.app.turn import new_game, run_turn

    new_game("westphalia", "wp", root=tmp_path, seed=42, created="2000-01-01T00:00:00Z", player_count=3)
    run_turn("wp", root=tmp_path, site_dir=None)
    for step in ([("b", b"Blue\nProvinces: COT COB DAR BAU, capital COB\n"),
                  ("g", b"Green\nProvinces: EMD CEL CAL EIS, capital CEL\n"),
                  ("r", b"Red\nProvinces: DON DOR BER BIE, capital DOR\n")],
                 [("b", b"Blue\nElector: Bohemia, DES BAY DIL AMB, capital BAY\nElector: Palatinate, ALT ARN, capital "
                        b"ALT\nElector: Cologne, DUI, capital DUI\n"),
                  ("g", b"Green\nElector: Brandenburg, BAM CHE ASC, capital BAM\nElector: Trier, EIC, capital EIC\n"),
                  ("r", b"Red\nElector: Saxony, BON DRE, capital DRE\nElector: Mainz, DUR, capital DUR\n")]):
        assert enter_mails("wp", step, root=tmp_path).refused == []
        run_turn("wp", root=tmp_path, site_dir=None)
    status = phase_status("wp", root=tmp_path).text()
    assert "waiting for" not in status and "GREEN" not in status, status
    report = run_turn("wp", root=tmp_path, site_dir=None)
    assert "fills BRI" in report.text(), report.text()


def test_a_mail_entered_again_is_said_with_its_lines(tmp_path):
    """The same mail entered twice is kept once; the report said 'its orders typed as above' of a
    Peace of Westphalia mail, which holds a player's lines."""
    from gm_tools.edges.workbook_fill import set_cells

    paths = played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Red\nProvinces: EIC EIS HAE HAM, capital HAM\n", encoding="utf-8")
    for again in (False, True):
        if again:  # the GM cleared the row by hand: the mail entered again types it again
            paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {"Pick Provinces!B2": None,
                                                                               "Pick Provinces!C2": None}))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main(["orders", GAME, str(mail), "--root", str(tmp_path)])
    text = out.getvalue()
    assert "not kept again (its lines typed as above)" in text and "orders" not in text, text
