"""A bare number before a mailed order (``1 A PAR - BUR``) is a list's number, left out as
``1.`` and ``2)`` are, only where the game reads the line as nothing but a unit order: never in
Europe 1615 v2, whose offers begin with their amount (``3: A VIE - BOH``), so that no offer,
however written, is typed as an order (docs/orders.md; gm_tools/edges/mail.py ``_split_lists``)."""

from __future__ import annotations

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn


def test_a_bare_list_number_before_a_standard_order_is_left_out(tmp_path):
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    mail = b"France\n1 A PAR - BUR\n2  A MAR - SPA\n3 F BRE - MAO\n4 XYZ\n"
    report = enter_mails("g", [("ann", mail)], root=tmp_path, dry_run=True)
    assert [w[2] for w in report.written] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    # what reads as no order after the number is refused as written, number and all
    assert [(where, found) for where, found, _ in report.refused] == [("ann line 5", "'4 XYZ'")]


def test_a_numbered_order_is_typed_without_its_number_as_a_bulleted_one_is(tmp_path):
    """``1. A PAR - BUR`` and ``2) A MAR - SPA`` were typed into the Orders sheet number and all,
    while ``- F BRE - MAO`` lost its bullet: the list's marks are the player's layout, not the
    order, and the cell (and the results' "As written") should hold the order alone."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    mail = b"France\n1. A PAR - BUR\n2) A MAR - SPA\n- F BRE - MAO\n"
    report = enter_mails("g", [("ann", mail)], root=tmp_path, dry_run=True)
    assert [w[2] for w in report.written] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    assert report.refused == []


def test_a_europe1615v2_offer_is_never_read_as_a_numbered_order(tmp_path):
    """rulebook 001 (Europe 1615 v2), 'Players submit their offer sheet' in the movement phase,
    each offer an amount and an order: ``3: A VIE - BOH`` goes on the Offers sheet with its 3;
    ``3 A VIE - BOH`` (the colon left out) is refused as no offer, not typed as the order
    ``A VIE - BOH``; in the build phase, which takes unit orders, it is refused as written."""
    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("austria", b"Austria\n3: A VIE - BOH\n3 A VIE - BOH\n")], root=tmp_path,
                         dry_run=True)
    assert [w[2] for w in report.written] == ["3: A VIE - BOH"]
    assert [(where, found) for where, found, _ in report.refused] == [("austria line 3", "'3 A VIE - BOH'")]
    while load_state("g", tmp_path).position.phase != "W1615A":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("austria", b"Austria\n3 A VIE - BOH\n3 BUILD A VIE\n")], root=tmp_path,
                         dry_run=True)
    assert report.written == []
    assert [found for _, found, _ in report.refused] == ["'3 A VIE - BOH'", "'3 BUILD A VIE'"]


def test_a_list_marked_1_in_brackets_or_a_letter_is_typed_without_its_marks(tmp_path):
    """``(1) A PAR - BUR`` and ``a) A PAR - BUR`` are a list's marks as ``1.`` is: they were
    refused ('found /', 'A PAR is not a province'), and ``b) F BRE - MAO`` was read as a build
    of F BRE in a movement phase. The marks are left out where the order after them reads."""
    new_game("standard", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    for mail in (b"France\n(1) A PAR - BUR\n( 2 ) F BRE - MAO\n(3) A MAR - SPA\n",
                 b"France\na) A PAR - BUR\nb) F BRE - MAO\n(c) A MAR - SPA\n"):
        report = enter_mails("g", [("ann", mail)], root=tmp_path, dry_run=True)
        assert [w[2] for w in report.written] == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"], report.text()
        assert report.refused == []


def test_a_numbered_list_of_europe1619_diplomatic_entries_is_typed_without_its_numbers(tmp_path):
    """rulebook 002 (Europe 1619), the Diplomatic Phase: INF placements, diplomatic attacks and
    declarations, written '5: BRE' and 'WAR: SPAIN' (docs/europe1619.md). Numbered '1) 4: LOR',
    '2. 2: SAA', '(3) WAR: SPAIN', they were refused with the form they were written in; the
    numbers are left out where the line after them reads as an entry and the whole does not.
    A number that is an entry's own ('4. LOR', the colon mistyped) is not left out: refused."""
    new_game("europe1619", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    assert load_state("g", tmp_path).position.phase == "Y1619D"
    mail = b"France\n1) 4: LOR\n2. 2: SAA\n(3) WAR: SPAIN\n4. LOR\n"
    report = enter_mails("g", [("louis", mail)], root=tmp_path, dry_run=True)
    assert [w[2] for w in report.written] == ["4: LOR", "2: SAA", "WAR: SPAIN"], report.text()
    assert [(where, found) for where, found, _ in report.refused] == [("louis line 5", "'4. LOR'")], report.text()


def test_a_numbered_list_of_europe1615_deployments_and_orders_is_typed_without_its_numbers(tmp_path):
    """rulebook 000 (Europe 1615 v3): the movement phase takes INF deployments and the units'
    orders in one mail ('10: LOR', 'F NOR - ENG'). Numbered '1) 10: LOR', '2) F NOR - ENG',
    '3. A PAR - CHA', the orders were typed into the Orders sheet number and all ('2) F NOR -
    ENG'), as in no other game; the list's marks are left out of both. A bare number stays
    (in this phase '3 A PAR - CHA' is read as a deployment of 3 INFs, and refused)."""
    new_game("europe1615", "g", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "S1615M":  # the Initial Status Check takes no entries
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    mail = b"France\n1) 10: LOR\n2) F NOR - ENG\n3. A PAR - CHA\n(4) A LYO - BUR\n5 A WUR - FRA\n"
    report = enter_mails("g", [("louis", mail)], root=tmp_path, dry_run=True)
    assert sorted(w[2] for w in report.written) == ["10: LOR", "A LYO - BUR", "A PAR - CHA", "F NOR - ENG"], report.text()
    assert [(where, found) for where, found, _ in report.refused] == [("louis line 6", "'5 A WUR - FRA'")], report.text()
