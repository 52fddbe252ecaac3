"""Europe 1615 (version 3) and Europe 1619 mail lines that mean an attack, a placement or a
declaration in the player's own words: refused with the rulebook's form written out from the
line itself, rather than read as a unit's order to a province 'FRANCE' ('did you mean FRA?'),
or with the very code the player wrote suggested back (``gm-tools orders``; QA). Nothing of
these lines is typed, so no game's record changes.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn

ATTACK = "a diplomatic attack as the rulebook writes it: "


def _game(variant: str, root: Path, phase: str) -> None:
    new_game(variant, "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != phase:  # nothing entered on the way
        run_turn("g", root=root, site_dir=None, force=True)


def _mail(root: Path, text: str):
    report = enter_mails("g", [("m", text.encode())], root=root, dry_run=True)
    return {text: why for _, text, why in report.refused}, sorted(text for _, _, text, _ in report.written)


def test_europe1615_an_attack_in_other_words_is_named_with_the_rulebooks_form(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'THE DIPLOMATIC ATTACK': 'The order should indicate the
    minor state of interest and the target of the attack. Typical syntax ... MINOR STATE > MAJOR
    POWER'. 'LOR - SPAIN' was refused as a move to a province 'SPAIN' ('did you mean FRA?' for
    FRANCE), 'attack: LOR > SPAIN' suggested CAT, 'attack France in LOR' asked for a unit: each
    is named as the attack it means, its form written out. A unit's order without its letter
    ('LOR - FRA') and the rulebook's own form are read as before."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "Spain\n10: LOR\nLOR - France\nLOR: attack England\nattack: LOR > FRANCE\n"
                                       "LOR => FRANCE\nattack France in LOR\nLOR vs Denmark\nA MIL - PIA\n")
    form = "('MINOR STATE > MAJOR POWER')"
    assert refused == {
        "'LOR - France'": f"{ATTACK}'LOR > FRANCE' {form}",
        "'LOR: attack England'": f"{ATTACK}'LOR > FRANCE' {form}: the minor state, '>', then the power",
        "'attack: LOR > FRANCE'": f"{ATTACK}'LOR > FRANCE' {form}, with no word before it",
        "'LOR => FRANCE'": f"{ATTACK}'LOR > FRANCE' {form}",
        "'attack France in LOR'": f"{ATTACK}'LOR > FRANCE' {form}: the minor state, '>', then the power",
        "'LOR vs Denmark'": f"{ATTACK}'LOR > DENMARK' {form}"}
    assert written == ["10: LOR", "A MIL - PIA"]
    refused, written = _mail(tmp_path, "Spain\n10: LOR\nLOR > FRANCE\n")
    assert (refused, written) == ({}, ["10: LOR", "LOR > FRANCE"])


def test_europe1615_a_deployment_in_a_minor_state_gets_the_rulebooks_form_not_its_own_code(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR)'. A
    mailed '10 INFs in LOR' was refused as a minor state called 'in LOR' with LOR suggested, the
    code the player wrote: it is named as the deployment it means, '10: LOR' or '10 INFs to
    LOR'."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\n10 INFs in LOR\n3 into Wuerttemberg\n4 INFs to RHI\n")
    assert refused == {f"'{n} {words} {minor}'": f"an INF deployment as the rulebook writes it: '{n}: {minor}' or "
                       f"'{n} INFs to {minor}' (the INFs, then the minor state)"
                       for n, words, minor in (("10", "INFs in", "LOR"), ("3", "into", "Wuerttemberg"))}
    assert written == ["4 INFs to RHI"]


def test_europe1619_a_declaration_or_placement_in_words_is_named_with_its_form(tmp_path):
    """rulebook 002 (Europe 1619), '1 - Diplomatic Phase': 'the format will consist of (1) list
    of INF placements, (2) order for a diplomatic attack, and (3) declarations', a placement
    written 'number of INFs: [minor state]'; 'Declarations allow players to declare war, to
    establish alliances, or to end war'. 'war on Spain', 'declare war against Spain', 'WAR
    SPAIN', 'alliance with England', 'INF: 5 BRE', '5 INFs in BRE' and 'BRAP => SPAIN' were refused with the
    phase's three forms alone ('5 INFs in BRE' with BRE suggested back): each is named as what it
    is, in the form to write. 'warsaw' is none of them."""
    _game("europe1619", tmp_path, "Y1619D")
    refused, written = _mail(tmp_path, "France\nwar on Spain\nDeclare war against Spain\nWAR SPAIN\nWar - Spain\n"
                                       "alliance with England\nally: England\ndissolve the alliance with Spain\n"
                                       "INF: 5 BRE\n5 INFs in BRE\nwarsaw\n3: BRE\nDissolve alliance: SPAIN\n"
                                       "Declaration of war: Spain\nBRAP => SPAIN\n")
    forms = "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN'"
    assert refused == {
        "'war on Spain'": f"{forms}: found 'war on Spain', a declaration, written 'WAR: Spain'",
        "'Declare war against Spain'": f"{forms}: found 'Declare war against Spain', a declaration, written "
                                       "'WAR: Spain'",
        "'WAR SPAIN'": f"{forms}: found 'WAR SPAIN', a declaration, written 'WAR: SPAIN'",
        "'War - Spain'": f"{forms}: found 'War - Spain', a declaration, written 'WAR: Spain'",
        "'alliance with England'": f"{forms}: found 'alliance with England', a declaration, written "
                                   "'ALLIANCE: England'",
        "'ally: England'": f"{forms}: found 'ally: England', a declaration, written 'ALLIANCE: England'",
        "'dissolve the alliance with Spain'": f"{forms}: found 'dissolve the alliance with Spain', a declaration, "
                                              "written 'DISSOLVE: Spain'",
        "'INF: 5 BRE'": f"{forms}: found 'INF: 5 BRE', an INF placement, written '5: BRE' (the INFs, then the "
                        "minor state)",
        "'5 INFs in BRE'": f"{forms}: found '5 INFs in BRE', an INF placement, written '5: BRE' or '5 INFs to "
                           "BRE' (the INFs, then the minor state)",
        "'warsaw'": forms,
        "'Dissolve alliance: SPAIN'": f"{forms}: found 'Dissolve alliance: SPAIN', a declaration, written "
                                      "'DISSOLVE: SPAIN'",
        "'Declaration of war: Spain'": f"{forms}: found 'Declaration of war: Spain', a declaration, written "
                                       "'WAR: Spain'",
        "'BRAP => SPAIN'": f"{forms}: found 'BRAP => SPAIN', a diplomatic attack, written 'BRAP > SPAIN'"}
    assert written == ["3: BRE"]


def test_a_units_move_with_an_arrow_is_a_units_order_not_a_diplomatic_attack(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'THE DIPLOMATIC ATTACK' ('MINOR STATE > MAJOR POWER'): an
    attack names a minor state, never a unit. 'A PAR -> BUR', which the orders read as a move,
    was sorted as an attack by its '>' and refused asking for 'a pliant minor state (did you mean
    BAV or POR or PRU?), found 'A PAR -''; it is a unit's order, typed on the Orders sheet, as
    in the standard game. Rulebook 002 (Europe 1619), '1 - Diplomatic Phase': mailed in the
    Diplomatic Phase it is named as a unit's order of a movement phase."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\nA PAR -> BUR\nArmy Lyon -> Burgundy\nF NOR => ENG\n")
    assert (refused, written) == ({}, ["A PAR -> BUR", "Army Lyon -> Burgundy", "F NOR => ENG"])
    _game("europe1619", tmp_path / "n", "Y1619D")
    refused, written = _mail(tmp_path / "n", "France\nA PAR -> BUR\n")
    assert refused == {"'A PAR -> BUR'": "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN': found 'A PAR -> BUR', "
                                         "a unit's order, which is mailed in a movement or retreat phase"}


def test_europe1615_a_line_saying_there_is_no_attack_waiver_or_deployment_says_to_leave_it_out(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'THE DIPLOMATIC ATTACK': 'Each player is allowed to submit
    only one diplomatic attack order per movement phase' (one may submit none); 'Waiving the
    capture': 'The player occupying a foreign power's center ... may waive the capture', mailed
    'WAIVE: LOR'. 'No attack this turn', 'no waivers' or 'Waivers: none' were read as unit orders
    and refused with a province suggested ('did you mean NOR?', 'WAR?'): each says what the line
    would be and that a mail without one has none. 'Waiver: LOR' is the waiver it names."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\nNo attack this turn.\nno waivers\nWaivers: none\nNo INFs this phase\n"
                                       "Waiver: LOR\nA PAR H\n")
    waive = ("WAIVE: LOR for each capture waived, or nothing: a mail with no WAIVE line leaves the power's waivers as "
             "they are (the GM clears a row of the Waivers sheet)")
    assert refused == {
        "'No attack this turn.'": "a diplomatic attack ('LOR > FRANCE'), or nothing: a mail with no attack line "
                                  "orders none (leave the line out)",
        "'no waivers'": waive, "'Waivers: none'": waive,
        "'No INFs this phase'": "an INF deployment ('9: WUR'), or nothing: a mail with no deployment line deploys no "
                                "INFs (leave the line out)"}
    assert written == ["A PAR H", "Waiver: LOR"]


def test_several_orders_on_one_line_are_named_one_a_line(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders' lists the deployments one under the
    other ('9 INFs to Wuerttemburg (WUR), 3 INFs to the Rhineland (RHI)' in its text, one a line
    in its example's box); rulebook 002 (Europe 1619), 'To place INFs ... number of INFs: [minor
    state]', a declaration each. '10: LOR, 9: WUR' was read as one deployment to a minor state
    'LOR, 9: WUR', refused with every minor state listed; 'WAR: SPAIN, ENGLAND' as a war on a
    power 'SPAIN, ENGLAND' ('did you mean ENGLAND?'). Each is named with its orders, one a line."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\n10: LOR; 9: WUR, LOR > SPAIN\nA PAR H\n")
    assert refused == {"'10: LOR; 9: WUR, LOR > SPAIN'": "one order a line: '10: LOR', then '9: WUR', then "
                                                         "'LOR > SPAIN'"}
    assert written == ["A PAR H"]
    _game("europe1619", tmp_path / "n", "Y1619D")
    refused, written = _mail(tmp_path / "n", "France\nWAR: SPAIN, ENGLAND\n5: BRE, war: Savoy\n")
    forms = "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN'"
    assert refused == {
        "'WAR: SPAIN, ENGLAND'": f"{forms}: found 'WAR: SPAIN, ENGLAND', one order a line: 'WAR: SPAIN', then "
                                 "'WAR: ENGLAND'",
        "'5: BRE, war: Savoy'": f"{forms}: found '5: BRE, war: Savoy', one order a line: '5: BRE', then "
                                "'WAR: Savoy'"}


def test_europe1615_a_capture_waiver_after_the_movement_phases_names_its_phase(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Waiving the capture of a center: The player occupying a
    foreign power's center ... at the build phase may waive the capture', typed on the Waivers
    sheet of a movement phase (variants/europe1615/NOTES.md, 'Waivers'; the annexations follow
    at the Early Winter). 'WAIVE: SRL' mailed in the Early Winter was read as a build's WAIVE and
    refused as "unexpected 'SRL' after WAIVE": it is named as a capture's waiver, mailed in a
    movement phase."""
    _game("europe1615", tmp_path, "E1615D")
    refused, _ = _mail(tmp_path, "Denmark\nWAIVE: SRL\nWaiver: Stralsund\n")
    assert refused == {repr(line): f"a unit's order: found {line!r}, a capture's waiver, which is mailed in a movement "
                       "phase, with the unit orders" for line in ("WAIVE: SRL", "Waiver: Stralsund")}


def test_europe1619_a_power_line_naming_the_catholic_league_or_protestant_union_is_read(tmp_path):
    """rulebook 002 (Europe 1619) names the two powers so throughout ('The Protestant Union cannot
    form an alliance with the Catholic League'): a mail's power line 'Catholic League:' or
    'Protestant Union orders:' was refused as naming no power (only the code LEAGUE or the whole
    'Catholic League and Bavaria' was read); it names that power."""
    _game("europe1619", tmp_path, "Y1619D")
    refused, written = _mail(tmp_path, "Catholic League:\n3: COL\n")
    assert (refused, written) == ({}, ["3: COL"])
    report = enter_mails("g", [("m", b"Protestant Union orders:\n2: HES\n")], root=tmp_path, dry_run=True)
    assert [(power, text) for _, power, text, _ in report.written] == [("UNION", "2: HES")]


def test_europe1615_a_units_order_labelled_with_another_owner_is_shown_alone(tmp_path):
    """rulebook 000 (Europe 1615 v3): the Ottoman units: 'Each player may submit orders to these
    units'; 'France submits orders to the units in the minor states where the INFs will be
    deployed to', in France's own list. 'OTTOMAN: A SER - BOS' was read as a unit in a province
    'OTTOMAN A SER' (did you mean RMG or TUS?): it is refused showing the order alone, under the
    power's line. The power's own label ('France: A PAR - BUR') is read as before."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\nOTTOMAN: A SER - BOS\nLorraine: A LOR H\nFrance: A PAR - BUR\n")
    assert refused == {
        "'OTTOMAN: A SER - BOS'": "the unit's order alone, 'A SER - BOS', under the power's line: a unit is named by "
                                  "its province, whoever owns it (Ottoman Empire's units are ordered from a power's "
                                  "own mail)",
        "'Lorraine: A LOR H'": "the unit's order alone, 'A LOR H', under the power's line: a unit is named by its "
                               "province, whoever owns it (Lorraine's units are ordered from a power's own mail)"}
    assert written == ["A PAR - BUR"]


def test_a_placement_written_minor_state_first_gets_the_rulebooks_form(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR)';
    rulebook 002 (Europe 1619), 'To place INFs ... number of INFs: [minor state]'. A deployment
    written minor state first ('LOR: 10', 'Lorraine 10 INFs') was read by Europe 1615 as a unit's
    order, refused asking for 'H, -, S or C after 'LOR''; Europe 1619 gave its three forms
    alone. Each is named as the placement it means, its form written out with the line's own
    numbers and names."""
    _game("europe1615", tmp_path, "S1615M")
    refused, _ = _mail(tmp_path, "France\nLOR: 10\nLorraine 10 INFs\n")
    assert refused == {
        "'LOR: 10'": "an INF deployment as the rulebook writes it: '10: LOR' or '10 INFs to LOR' (the INFs, then "
                     "the minor state)",
        "'Lorraine 10 INFs'": "an INF deployment as the rulebook writes it: '10: Lorraine' or '10 INFs to Lorraine' "
                              "(the INFs, then the minor state)"}
    _game("europe1619", tmp_path / "n", "Y1619D")
    refused, _ = _mail(tmp_path / "n", "France\nBRE: 5\n")
    assert refused == {"'BRE: 5'": "one of '5: BRE', 'BRAP > FRANCE' or 'WAR: SPAIN': found 'BRE: 5', an INF "
                                   "placement, written '5: BRE' or '5 INFs to BRE' (the INFs, then the minor state)"}


def test_a_note_after_a_placement_attack_or_declaration_is_left_out(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders' ('9 INFs to Wuerttemburg (WUR)', the
    code in brackets after the name) and 'MINOR STATE > MAJOR POWER'; rulebook 002 (Europe 1619),
    'number of INFs: [minor state]'. A player's note after the line ('10: LOR (Lorraine)', 'LOR >
    ENGLAND # payback', 'WAR: SPAIN.') was read as part of the name and refused suggesting the
    very code written ('did you mean LOR?'); it is left out, as after a unit's order and in
    Europe 1615 v2's mail, and the sheets get the line without it."""
    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("e", b"England\n5: LOR\n"),
                               ("f", b"France\n10: LOR (Lorraine)\nLOR > ENGLAND # payback\nWAIVE: LOR (thanks)\n")],
                         root=tmp_path)
    assert report.refused == []
    book = openpyxl.load_workbook(tmp_path / "g.xlsx")
    rows = {name: [[c.value for c in row] for row in book[name].iter_rows(min_row=2, max_row=3)]
            for name in ("INF Deployment", "Diplomatic Attacks", "Waivers")}
    assert rows == {"INF Deployment": [["ENGLAND", 5, "LOR"], ["FRANCE", 10, "LOR"]],
                    "Diplomatic Attacks": [["FRANCE", "LOR > ENGLAND"], [None, None]],
                    "Waivers": [["FRANCE", "LOR"], [None, None]]}
    _game("europe1619", tmp_path / "n", "Y1619D")
    refused, written = _mail(tmp_path / "n", "France\n3: BRE (Bremen)\nWAR: SPAIN.\n")
    assert refused == {} and len(written) == 2


def test_europe1615_a_heading_over_the_mails_parts_is_left_out_and_waivers_said(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Example of the format for the submission of the INF
    deployment list and orders' boxes the deployments and the orders apart. A mail that heads its
    parts so ('INF deployment:', 'Orders:') had them refused asking for a province ('Orders' is
    not a province), then refused saying to leave the line out, and `orders` ended as if a line
    were lost: a heading is left out and listed as not read. 'Waivers:' with nothing under it is
    still refused saying a mail with no WAIVE line leaves the waivers as they are, lest the player
    think it cleared them. The lines under them are typed."""
    _game("europe1615", tmp_path, "S1615M")
    report = enter_mails("g", [("m", b"France\nINF deployment:\n10: LOR\nOrders:\nA PAR - BUR\nWaivers:\n")],
                         root=tmp_path, dry_run=True)
    assert {text: why for _, text, why in report.refused} == {
        "'Waivers:'": "WAIVE: LOR for each capture waived, or nothing: a mail with no WAIVE line leaves the power's "
                      "waivers as they are (the GM clears a row of the Waivers sheet)"}
    assert sorted(text for _, _, text, _ in report.written) == ["10: LOR", "A PAR - BUR"]
    assert report.headings == [("m line 2", "INF deployment:"), ("m line 4", "Orders:")]
    assert "  not read m line 2: 'INF deployment:' (a heading over the orders)" in report.text().splitlines()


def test_europe1615_the_rulebooks_own_deployment_list_is_read(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': 'France decides to deploy all INFs
    in the phase as follows: 9 INFs to Wuerttemburg (WUR), 3 INFs to the Rhineland (RHI), 1 INFs
    to Lower Saxony (LOWR), 12 INFs to the Lorraine (LOR), and 10 INFs to Savoy (SAV)'. A player
    copying the example had 'Wuerttemburg' (the rulebook's spelling), 'the Rhineland' and 'the
    Lorraine' refused as no pliant minor state: all five lines are typed, and the turn reads
    them as the five deployments, 35 INFs, France's allotment for 1615."""
    _game("europe1615", tmp_path, "S1615M")
    lines = ["9 INFs to Wuerttemburg (WUR)", "3 INFs to the Rhineland (RHI)", "1 INFs to Lower Saxony (LOWR)",
             "12 INFs to the Lorraine (LOR)", "10 INFs to Savoy (SAV)"]
    refused, written = _mail(tmp_path, "France\n" + "\n".join(lines) + "\nA PAR H\n")
    assert (refused, written) == ({}, sorted(lines + ["A PAR H"]))
    enter_mails("g", [("m", ("France\n" + "\n".join(lines) + "\n").encode())], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    record = load_state("g", tmp_path).position.extra["europe1615"]
    assert record["deployed"]["FRANCE"] == 35
    assert {m: r["FRANCE"] for m, r in record["influence"]["influence"].items() if "FRANCE" in r} == {
        "WUR": 9, "RHI": 3, "LOWR": 1, "LOR": 12, "SAV": 10}


def test_europe1615_a_deployment_with_its_infs_in_words_gets_them_in_figures(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR)'. A
    mailed 'nine: WUR' was refused as a unit's order for a province 'nine WUR' ('did you mean
    TUR?'), and 'five INFs to WUR' with the example's 9 whatever the player wrote: each is named
    as the deployment it means, its number in figures."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\nnine: WUR\nfive INFs to WUR\ntwenty-five: LOR\nTwelve - Savoy\n"
                                       "A PAR H\n")
    assert refused == {f"{line!r}": "an INF deployment with its INFs in figures, as the rulebook writes it: "
                       f"'{n}: {minor}' or '{n} INFs to {minor}' (the INFs, then the minor state)"
                       for line, n, minor in (("nine: WUR", 9, "WUR"), ("five INFs to WUR", 5, "WUR"),
                                              ("twenty-five: LOR", 25, "LOR"), ("Twelve - Savoy", 12, "Savoy"))}
    assert written == ["A PAR H"]


def test_europe1615_attack_a_power_in_a_minor_state_is_written_out(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'THE DIPLOMATIC ATTACK': 'Typical syntax for the order of
    the diplomatic attack: MINOR STATE > MAJOR POWER'. 'attack England in WUR' was refused with
    the rulebook's example 'LOR > FRANCE', not the attack the player meant: it is written out from
    the line, 'WUR > ENGLAND'; a power the game does not know keeps the example."""
    _game("europe1615", tmp_path, "S1615M")
    refused, _ = _mail(tmp_path, "France\nattack England in WUR\nAttack on Spain in Lorraine\nattack Engand in WUR\n")
    tail = " ('MINOR STATE > MAJOR POWER'): the minor state, '>', then the power"
    assert refused == {"'attack England in WUR'": f"{ATTACK}'WUR > ENGLAND'{tail}",
                       "'Attack on Spain in Lorraine'": f"{ATTACK}'Lorraine > SPAIN'{tail}",
                       "'attack Engand in WUR'": f"{ATTACK}'LOR > FRANCE'{tail}"}


def test_europe1615_infs_in_words_after_the_movement_phases_are_named_as_a_deployment(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Deployment of influence with submission of orders': INFs
    go with a movement phase's orders. 'nine: WUR' mailed in the Early Winter was read as a unit's
    order for a province 'nine WUR'; it is named as the deployment it is, mailed in a movement
    phase, as '9: WUR' is."""
    _game("europe1615", tmp_path, "E1615D")
    refused, _ = _mail(tmp_path, "France\nnine: WUR\n9: WUR\n")
    assert refused == {repr(line): f"a unit's order: found {line!r}, an INF placement, which is mailed in a movement "
                       "phase, with the unit orders" for line in ("nine: WUR", "9: WUR")}


def test_europe1615_a_deployment_with_an_arrow_or_another_word_for_to_gets_the_rulebooks_form(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR)'. QA
    finding: '9 INFs -> WUR' was refused as an attack typed where a deployment's minor state goes
    ('diplomatic attacks go on the Diplomatic Attacks sheet'), '9 INF on WUR' and '9 INFs for
    Savoy' as minor states called 'on WUR' and 'for Savoy' with the player's own WUR suggested
    back: each is named as the deployment it is, in the rulebook's form, as '10 INFs in LOR' is.
    A numbered unit's order with an arrow stays an order, typed without its list number as in
    every other game (docs/orders.md)."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\n9 INFs -> WUR\n9 INFs => LOR\n9 INF on WUR\n9 INFs for Savoy\n"
                                       "1. A PAR -> BUR\n")
    form = "an INF deployment as the rulebook writes it: '{0}: {1}' or '{0} INFs to {1}' (the INFs, then the minor state)"
    assert refused == {"'9 INFs -> WUR'": form.format(9, "WUR"), "'9 INFs => LOR'": form.format(9, "LOR"),
                       "'9 INF on WUR'": form.format(9, "WUR"), "'9 INFs for Savoy'": form.format(9, "Savoy")}
    assert written == ["A PAR -> BUR"]


def test_europe1615_a_deployment_taken_back_on_a_line_that_does_not_read_is_typed_neither_way(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders': '9 INFs to Wuerttemburg (WUR)'. A
    player changing his mind on a line of its own, 'Correction: 9: BAV instead of WUR', had that
    line refused (it reads as nothing) and '9: WUR' typed, the INFs deployed where he no longer
    wanted them. The deployment the line names is refused with it, naming the line; the other
    deployment and the unit's order are typed. A unit's order refused without such words (an
    army ordered from LOR to WUR that has no army there) takes no deployment back."""
    _game("europe1615", tmp_path, "S1615M")
    refused, written = _mail(tmp_path, "France\n10: LOR\n9: WUR\nCorrection: 9: BAV instead of WUR\nA PAR - CHA\n")
    assert written == ["10: LOR", "A PAR - CHA"], refused
    assert set(refused) == {"'9: WUR'", "'Correction: 9: BAV instead of WUR'"}, refused
    assert "line 4" in refused["'9: WUR'"] and "neither" in refused["'9: WUR'"], refused
    refused, written = _mail(tmp_path, "France\n10: LOR\n9: WUR\nA LOR - WUR - BAV\n")
    assert written == ["10: LOR", "9: WUR"], refused
