"""Mailed lines a player writes near the form the game reads: each is typed when it can mean
only one thing, and otherwise refused with what was found and what was expected, in the mail's
own terms (a mail line has no cell beside it). Real games, real mails (``gm-tools orders``)."""

from __future__ import annotations

import io
import json

import openpyxl
import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.edges.mail import read_mail
from gm_tools.edges.variants import load_variant

from workflow_helpers import create, play, problems_after, type_cells


def _refused(tmp_path, mail: bytes, game: str = "g") -> dict[str, str]:
    report = enter_mails(game, [("m", mail)], root=tmp_path)
    return {text: why for _, text, why in report.refused}


def test_a_mailed_order_that_begins_with_its_verb_asks_for_the_unit_first_not_for_a_cell(tmp_path):
    """A unit's order names the unit, then what it does ('A PAR - BUR', the 2000 rulebook's
    'Writing orders'); a mailed line that begins with the verb ('move A PAR to BUR', 'hold F
    BRE', a bare 'H') is refused asking for the unit first, not for 'a unit in column B', which
    only a workbook row has."""
    create(tmp_path)
    refused = _refused(tmp_path, b"France\nmove A PAR to BUR\nhold F BRE\nH\nA MAR - SPA\n")
    assert refused == {
        "'move A PAR to BUR'": "the ordered unit first, such as A PAR - BUR or F BRE H, found 'move' before it",
        "'hold F BRE'": "the ordered unit first, such as A PAR - BUR or F BRE H, found 'hold' before it",
        "'H'": "the ordered unit first, such as A PAR - BUR or F BRE H, found only 'H'"}


def test_a_mailed_retreat_that_begins_with_its_verb_is_shown_a_retreats_form(tmp_path):
    """The 2000 rulebook's retreat is the unit, then where it goes ('A PAR R GAS', docs/orders.md
    'Retreat phase'): a mailed 'retreat A BUR to PIC' is asked for the unit first with a
    retreat's form, not a movement's."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - RUH", "A BER - MUN"]})
    play(paths, {"GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]})
    assert _refused(tmp_path, b"France\nretreat A BUR to PIC\n") == {
        "'retreat A BUR to PIC'": "the ordered unit first, such as A PAR R GAS or A PAR D, found 'retreat' before it"}


def test_a_mailed_no_builds_names_waive_not_a_province_like_no(tmp_path):
    """The 2000 rulebook lets a player give up a build (docs/orders.md 'Adjustment phase':
    'WAIVE gives up a build'): a mailed 'no builds' was read as a province 'no' with NAO and NWY
    suggested; it names WAIVE, and that a build not ordered is waived anyway."""
    paths = create(tmp_path)
    play(paths, {"GERMANY": ["F KIE - DEN", "A BER - KIE"]})
    play(paths, {"GERMANY": ["F DEN H"]})
    assert _refused(tmp_path, b"Germany\nno builds\n") == {
        "'no builds'": "WAIVE, once for each build given up (a build not ordered is waived anyway), or BUILD "
                       "A PAR or REMOVE A PAR"}


def _europe1615v2(tmp_path):
    from gm_tools.app.turn import new_game
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    return game_paths("g", tmp_path)


def _extra(paths, phase: str) -> dict:
    return json.loads(paths.record_file(phase).read_text(encoding="utf-8"))["extra"]["europe1615v2"]


LIST_FORM = "a reference list, powers' codes highest first (SPAIN FRANCE ...): AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK"
"""What a refused reference list is told to be (Europe 1615 v2)."""


def _list_refused(root, line: str) -> str:
    """Why England's mailed reference list ``line`` is refused."""
    return _refused(root, f"England\n{line}\n".encode())[repr(line)]


def _englands_list_recorded(paths, root) -> None:
    """The next turn records the reference list England's mail typed: its powers by code, in order."""
    from gm_tools.app.turn import run_turn

    run_turn("g", root=root, site_dir=None, force=True)
    assert _extra(paths, "T1615T")["acceptance"]["ENGLAND"] == ["ENGLAND", "DENMARK", "FRANCE", "SPAIN", "AUSTRIA"]


def test_europe1615v2_a_power_named_in_its_players_language_is_that_power_wherever_a_power_is_named(tmp_path):
    """rulebook 001 (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE' ('a power may
    place INFs in another power's home box') and '4 SUBMISSIONS OF REFERENCE LISTS': a home box
    or a list's power named as the mail's power line may name it, in another language
    (Angleterre, Danemark, España: the variant's aliases), is that power, recorded by its code;
    a name no power has is still refused with the nearest."""
    from gm_tools.app.turn import run_turn

    paths = _europe1615v2(tmp_path)
    report = enter_mails("g", [("france", b"Frankreich\n5: Angleterre\n6: LOR\n")], root=tmp_path)
    assert report.refused == [] and [text for _, _, text, _ in report.written] == ["5: Angleterre", "6: LOR"]
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert _extra(paths, "P1615I")["placements"] == [{"infs": 5, "power": "FRANCE", "where": "ENGLAND"},
                                                      {"infs": 6, "power": "FRANCE", "where": "LOR"}]
    report = enter_mails("g", [("england", b"England\nENGLAND DANEMARK FRANCE ESPANA AUSTRIA\n")], root=tmp_path)
    assert report.refused == []
    assert _list_refused(tmp_path, "ENGLAND DANMERK FRANCE SPAIN AUSTRIA") == \
        f"{LIST_FORM}: found 'DANMERK', which is no power (nearest: DENMARK)"
    _englands_list_recorded(paths, tmp_path)


def test_europe1615v2_an_order_mailed_near_the_offers_form_is_refused_naming_what_was_found(tmp_path):
    """rulebook 001 (Europe 1615 v2), '6 MOVEMENT PHASE': 'Players submit their offer sheet as
    describe at ... payolaclassic' and 'Players may submit bribes and orders as they see fit for
    their own units': every order is an offer, its amount first ('0 : A PAR - BUR'). A line near
    that form is refused naming what was found, not with the form alone: a unit's order without
    an amount, an amount without its colon (a list's number reads so too: neither is guessed),
    a currency or a sign about the amount, the amount after the order. The offer beside them is
    typed."""
    from gm_tools.app.turn import run_turn

    _europe1615v2(tmp_path)
    for _ in range(2):  # the Influence and Taxation/Revenue Phases, nothing entered
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    form = "an offer '5 : A PAR - BUR' (the amount, a colon, the order), or a waiver 'WAIVE: POR'"
    report = enter_mails("g", [("m", b"France\nA PAR - BUR\n0 A POI - GAS\n5 ducats: F BRI H\n-3: F NOR H\n"
                                     b"A TOU H : 0\nhello\n0 : F NOR - ENG\n")], root=tmp_path)
    assert {text: why for _, text, why in report.refused} == {
        "'A PAR - BUR'": f"{form}: found 'A PAR - BUR', a unit's order without an amount: every order is a bribe, "
                         "'0 : A PAR - BUR' for one's own unit at no cost",
        "'0 A POI - GAS'": f"{form}: found '0 A POI - GAS', a number before the order without the colon an amount "
                           "takes (a list's number is written so too): '0 : A POI - GAS' is an offer of 0",
        "'5 ducats: F BRI H'": f"{form}: found '5 ducats' before the colon, where the amount is a whole number, 0 "
                               "or more ('5 : ...'): '5 : F BRI H' is an offer of 5",
        "'-3: F NOR H'": f"{form}: found '-3' before the colon, where the amount is a whole number, 0 or more "
                         "('5 : ...')",
        "'A TOU H : 0'": f"{form}: found the amount after the order: '0 : A TOU H' is its offer",
        "'hello'": form}
    assert [text for _, _, text, _ in report.written] == ["0 : F NOR - ENG"]


def test_europe1615v2_a_placement_that_names_its_infs_is_typed_and_a_line_in_no_form_is_not_told_of_attacks(tmp_path):
    """rulebook 001 (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'Each player
    then establishes influence over the minor states by distributing some or all the INFs ...
    a power may place INFs in another power's home box'. A placement that says what its number
    counts ('6 INFs to Lorraine', '5 INF: SAV') can be nothing else and is typed, as is a home
    box named as the influence page names it ("England's home box"); a line in no form is
    refused with the placement's forms, the attacks' phase named only to a line that speaks of
    an attack."""
    from gm_tools.app.turn import run_turn

    paths = _europe1615v2(tmp_path)
    form = "a placement '9: SAX' or '9 INFs to SAX' (the INFs, then the minor state or another power's home box)"
    report = enter_mails("g", [("m", b"France\n6 INFs to Lorraine\n5 INF: SAV\n5 INFs in England's home box\n"
                                     b"five: LOR\nattack Spain in LOR\n")], root=tmp_path)
    assert {text: why for _, text, why in report.refused} == {
        "'five: LOR'": form,
        "'attack Spain in LOR'": f"{form}; attacks are ordered in the Diplomatic Attacks phase once the placements "
                                 "are published, from the second year"}
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert _extra(paths, "P1615I")["placements"] == [{"infs": 6, "power": "FRANCE", "where": "LOR"},
                                                      {"infs": 5, "power": "FRANCE", "where": "SAV"},
                                                      {"infs": 5, "power": "FRANCE", "where": "ENGLAND"}]


def test_europe1615v2_a_reference_list_numbered_labelled_or_with_marks_between_its_powers_is_typed(tmp_path):
    """rulebook 001 (Europe 1615 v2), '4 SUBMISSIONS OF REFERENCE LISTS' ('Reference lists are
    submitted before the start of the taxation/revenue phase'): a list written as players write
    a ranking, numbered one power a line ('1. England'), after a label ('Reference list:') or
    with marks between its powers ('ENGLAND > DENMARK'), is the list of its powers in that order;
    the sheet gets the powers alone. A word that is no power is not given one it hardly
    resembles ('Referenz' is no near miss of FRANCE)."""
    from gm_tools.app.turn import run_turn

    paths = _europe1615v2(tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    for mail in (b"England\n1. England\n2. Denmark\n3) France\n4 Spain\n5. Austria\n",
                 b"England\nReference list: ENGLAND DENMARK FRANCE SPAIN AUSTRIA\n",
                 b"England\nEngland > Denmark > France > Spain > Austria\n"):
        report = enter_mails("g", [("m", mail)], root=tmp_path)
        assert report.refused == [] and [cell for *_, cell in report.written] == ["Reference Lists!B5"]
    sheet = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Reference Lists"]
    assert sheet["B5"].value == "England Denmark France Spain Austria"
    assert _list_refused(tmp_path, "Referenz ENGLAND DENMARK FRANCE SPAIN AUSTRIA") == \
        f"{LIST_FORM}: found 'Referenz', which is no power"
    _englands_list_recorded(paths, tmp_path)


def test_europe1615v2_an_attack_written_as_the_rulebooks_order_alone_is_the_first_order(tmp_path):
    """rulebook 001 (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': 'Each player
    submits an order to perform a diplomatic attack, which indicates the name of minor state and
    the target of the attack' ... 'the French player must submit an alternative order'. An
    attack written so, without the number the alternates need ('Lorraine > Spain'), is the
    power's first order (0) when it is its only one; of several, the player numbers them, and
    each is refused saying so."""
    from gm_tools.app.turn import run_turn

    paths = _europe1615v2(tmp_path)
    enter_mails("g", [("f", b"France\n6: LOR\n"), ("s", b"Spain\n6: LOR\n")], root=tmp_path)
    while _phase(tmp_path) != "P1616D":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    numbered = ("an attack '0: RHI > FRANCE' (the order's number, the minor state or home box, the target): found "
                "{!r} without its order's number, which says which of the power's attacks is the first (0) and "
                "which the alternates (1, 2 ...)")
    assert _refused(tmp_path, b"France\nLOR > SPAIN\nSAV > SPAIN\n") == {
        "'LOR > SPAIN'": numbered.format("LOR > SPAIN"), "'SAV > SPAIN'": numbered.format("SAV > SPAIN")}
    report = enter_mails("g", [("f", b"France\nLorraine > Spain\n")], root=tmp_path)
    assert report.refused == [] and [text for _, _, text, _ in report.written] == ["Lorraine > Spain"]
    run_turn("g", root=tmp_path, site_dir=None)
    assert [(a["power"], a["choice"], a["where"], a["target"]) for a in _extra(paths, "P1616D")["attacks"]] == [
        ("FRANCE", 0, "LOR", "SPAIN")]


def _phase(root) -> str:
    from gm_tools.app.turn import load_state

    return load_state("g", root=root).position.phase


def test_europe1615v2_a_placement_in_a_powers_province_names_that_powers_home_box_not_letters_like_it(tmp_path):
    """rulebook 001 (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': INFs go to 'the
    minor states' or 'another power's home box'. A placement naming a power's own land ('London',
    'PAR') was answered with codes of like letters (PAR: 'nearest: PRU, POR, PIA', three other
    states); it names the power whose land it is and how its home box is written, by mail and on
    the sheet."""
    paths = _europe1615v2(tmp_path)
    form = "a pliant minor state's code (SAX) or another power's home box (FRANCE)"
    assert _refused(tmp_path, b"France\n5: London\n") == {
        "'5: London'": f"{form}, found 'London', a province of England, no minor state (a power's home box is named "
                       "by the power: ENGLAND)"}
    type_cells(paths, {"INF Placements!A2": "SPAIN", "INF Placements!B2": 5, "INF Placements!C2": "PAR"})
    assert problems_after(paths, tmp_path) == [
        f"INF Placements!C2: found 'PAR', a province of France, no minor state, expected {form} (a power's home box "
        "is named by the power: FRANCE)"]


def test_europe1615v2_a_waivers_heading_is_no_waiver_of_a_center_and_a_waiver_may_say_so(tmp_path):
    """rulebook 001 (Europe 1615 v2), '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE' ('the player occupying
    a foreign supply center prior to the build phase may waive the change in ownership'): a
    mailed heading 'Waivers:' was read as a waiver of a center 'rs:' and refused asking for a
    supply center; it is refused as no line of the offer sheet's forms. 'Waiver: ROC' is a
    waiver, typed on the Waivers sheet (La Rochelle, which France's army in Poitou can enter)."""
    from gm_tools.app.turn import run_turn

    _europe1615v2(tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("m", b"France\n0 : A PAR - BUR\nWaivers:\nWaiver: ROC\n")], root=tmp_path)
    assert {text: why for _, text, why in report.refused} == {
        "'Waivers:'": "an offer '5 : A PAR - BUR' (the amount, a colon, the order), or a waiver 'WAIVE: POR'"}
    assert [(text, cell) for _, _, text, cell in report.written] == [("0 : A PAR - BUR", "Offers!A2"),
                                                                     ("Waiver: ROC", "Waivers!A2")]


@pytest.mark.parametrize("line", ["Germany's orders:", "Germany’s orders for Spring 1901:", "GERMANY'S ORDERS",
                                  "Germany's"])
def test_a_power_line_that_says_whose_orders_they_are_is_that_power(line):
    """A mail's power line names the power its orders are for ('France', 'France orders', docs
    README 'Orders by mail'); a player writes it in the possessive too ("Germany's orders:"),
    which was not read, and the mail was refused for want of a power line."""
    mail = read_mail(f"{line}\nA MUN - RUH\n", load_variant("standard"))
    assert [(power, [ln.text for ln in lines]) for power, lines in mail.blocks] == [("GERMANY", ["A MUN - RUH"])]


def test_europe1615v2_a_note_after_an_offers_order_is_left_out_as_after_any_mailed_order(tmp_path):
    """rulebook 001 (Europe 1615 v2), '6 MOVEMENT PHASE' ('Players submit their offer sheet'): a
    player's note after an order is left out of a mail (README, 'a note after an order, A PAR -
    BUR (to bounce), left out'), but after an offer's order it was read as a coast ("expected a
    coast ... after 'BUR/', found 'to'"). It is left out there too; a coast in brackets stays the
    order's."""
    from gm_tools.app.turn import run_turn

    paths = _europe1615v2(tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("m", b"France\n0 : A PAR - BUR (to bounce)\n0: F BRI - BIS # a feint\n"
                                     b"0 : F NOR - ENG (nc)\n")], root=tmp_path)
    assert [text for _, text, _ in report.refused] == ["'0 : F NOR - ENG (nc)'"]  # ENG has no coasts
    sheet = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Offers"]
    assert [(sheet[f"A{r}"].value, sheet[f"B{r}"].value, sheet[f"C{r}"].value) for r in (2, 3)] == [
        ("FRANCE", 0, "A PAR - BUR"), ("FRANCE", 0, "F BRI - BIS")]


def test_europe1615v2_a_mailed_alliance_is_named_as_one_the_gm_types(tmp_path):
    """rulebook 001 (Europe 1615 v2), '9 VICTORY CONDITIONS': 'Two players, before the start of
    1618, may form an alliance. This is a permanent agreement and is communicated to the GM and
    announced to the other players.' A mailed 'Alliance: England' was refused as no placement
    (or offer) with that form alone; it is named as the alliance it is, which the GM types on
    the Alliances sheet once both players have told him. The placement beside it is typed."""
    _europe1615v2(tmp_path)
    report = enter_mails("g", [("m", b"France\nAlliance: England\n6: LOR\n")], root=tmp_path)
    assert {text: why for _, text, why in report.refused} == {
        "'Alliance: England'": "a placement '9: SAX' or '9 INFs to SAX' (the INFs, then the minor state or another "
                               "power's home box): found 'Alliance: England', an alliance, which the GM types on the "
                               "Alliances sheet once both players have told him"}
    assert [text for _, _, text, _ in report.written] == ["6: LOR"]


def test_a_mail_whose_power_line_is_misspelt_names_the_line_and_the_power_it_is_near(tmp_path):
    """A mail with no power line is refused listing the game's powers; when a line before its
    orders misspells one ('Germnay'), the refusal names that line and the power it is near, so
    the GM sees at once why and which power the mail is from. A line like none says nothing
    more."""
    create(tmp_path)
    report = enter_mails("g", [("m", b"Hi GM,\nGermnay orders:\nA MUN - RUH\n")], root=tmp_path)
    playing = "Austria, England, France, Germany, Italy, Russia, Turkey"
    assert report.refused == [("m", "no power line", "a line naming the power before the orders, one of this "
                                                     f"game's: {playing} (line 2, 'Germnay orders:', is nearest Germany)")]
    report = enter_mails("g", [("m", b"Hi GM,\nA MUN - RUH\n")], root=tmp_path)
    assert report.refused == [("m", "no power line", "a line naming the power before the orders, one of this "
                                                     f"game's: {playing}")]


@pytest.mark.parametrize("line", ["Denmark-Sweden", "Power: Denmark and Sweden", "Denmark & Sweden:", "Sweden/Denmark"])
def test_europe1615v2_the_power_of_two_realms_is_named_with_any_mark_between_them(line):
    """rulebook 001 (Europe 1615 v2), '1 INTRODUCTION': 'Denmark and Sweden are treated as in a
    permanent alliance and controlled by one player', the power written 'Denmark/Sweden'. A
    player writes its name with another mark between the realms too ('Denmark-Sweden', 'Denmark
    and Sweden'); such a power line was not read and the mail was refused."""
    mail = read_mail(f"{line}\n0: F SWE H\n", load_variant("europe1615v2"))
    assert [power for power, _ in mail.blocks] == ["DENMARK"]


def test_europe1615v2_a_note_after_a_placement_is_left_out(tmp_path):
    """rulebook 001 (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE' (the INFs a
    power distributes over 'the minor states'): a placement written with the state's name or a
    note after its code ('5: LOR (Lorraine)', '5: SAV # my neighbour') was refused, the note
    read as part of the state's name; it is left out, as after any mailed order."""
    paths = _europe1615v2(tmp_path)
    report = enter_mails("g", [("m", b"France\n5: LOR (Lorraine)\n5: SAV # my neighbour\n")], root=tmp_path)
    assert report.refused == []
    sheet = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["INF Placements"]
    assert [tuple(c.value for c in row[:3]) for row in sheet.iter_rows(min_row=2, max_row=3)] == [
        ("FRANCE", 5, "LOR"), ("FRANCE", 5, "SAV")]


def test_europe1615v2_a_reference_list_is_refused_at_the_line_at_fault(tmp_path):
    """rulebook 001 (Europe 1615 v2), '4 SUBMISSIONS OF REFERENCE LISTS': a list is read from
    every line of the mail ('on one line or several'); a word that is no power on a later line
    was reported at the list's first line, which holds nothing wrong. It is reported at its own
    line; a label 'My list:' is no word of the list."""
    from gm_tools.app.turn import run_turn

    _europe1615v2(tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    report = enter_mails("g", [("m", b"England\nENGLAND DENMARK FRANCE SPAIN AUSTRIA\nsee you next turn\n")],
                         root=tmp_path)
    assert report.refused == [("m line 3", "'see you next turn'", "a reference list, powers' codes highest first "
                               "(SPAIN FRANCE ...): AUSTRIA, FRANCE, SPAIN, ENGLAND, DENMARK: found 'see', which is "
                               "no power; none of the list's 2 lines is typed (one list, its lines read together)")]
    report = enter_mails("g", [("m", b"England\nMy list: ENGLAND DENMARK FRANCE SPAIN AUSTRIA\n")], root=tmp_path)
    assert report.refused == [] and [cell for *_, cell in report.written] == ["Reference Lists!B5"]


def test_a_mailed_disband_of_another_powers_unit_says_whose_unit_it_is(tmp_path):
    """docs/orders.md 'Retreat phase' ('disband: ... DISBAND A PAR') and 'Adjustment phase'
    ('Remove: REMOVE A PAR, DISBAND A PAR'): a mailed 'disband A BUR' is the phase's own form.
    Sent by a power whose unit it is not, it was refused asking for 'the ordered unit first ...
    found 'disband' before it', though the unit was first after its verb; the reader's reason,
    whose unit it is, is given. The power's own disband is typed."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - RUH", "A BER - MUN"]})
    play(paths, {"GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]})
    assert _refused(tmp_path, b"Germany\ndisband A BUR\n") == {
        "'disband A BUR'": "a legal order (the unit in BUR is French, not German)"}
    assert _refused(tmp_path, b"France\ndisband A BUR\n") == {}


@pytest.mark.parametrize("change", [
    "Correction: A PAR - PIC",
    "Actually, change A PAR to PIC instead.",
    "no wait, A PAR - PIC",
])
def test_a_player_changing_his_mind_on_a_line_that_does_not_read_types_neither_order(tmp_path, change):
    """DATC 4.D.3: a unit given two orders follows neither. A player who changes his mind on a
    line of its own ('Correction: A PAR - PIC') has that line refused, as it does not read; his
    first order for the unit, 'A PAR - BUR', was typed as if the change had never been written.
    The unit's order is now refused too, naming the line that changes it, and nothing is typed
    for A PAR; the other units' orders are."""
    create(tmp_path)
    mail = f"France\nA PAR - BUR\nF BRE - MAO\nA MAR - SPA\n{change}\n".encode()
    report = enter_mails("g", [("m", mail)], root=tmp_path, dry_run=True)
    assert [w[2] for w in report.written] == ["F BRE - MAO", "A MAR - SPA"], report.text()
    refused = {where: (found, why) for where, found, why in report.refused}
    assert set(refused) == {"m line 2", "m line 5"}, report.text()
    found, why = refused["m line 2"]
    assert found == "'A PAR - BUR'" and "one order for A PAR" in why and "m line 5" in why, why

    # a refused line whose first province is no ordered unit's (a support from BRE misspelt,
    # whose unit has no other order) takes nothing from the other orders
    report = enter_mails("g", [("m", b"France\nA PAR - BUR\nF BRE S A PAR - BURGUNDYY\nA MAR - SPA\n")],
                         root=tmp_path, dry_run=True)
    assert [w[2] for w in report.written] == ["A PAR - BUR", "A MAR - SPA"], report.text()
    assert [r[0] for r in report.refused] == ["m line 3"], report.text()
