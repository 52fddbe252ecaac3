"""A standard game run by mail over the years as a GM runs one: every operation a long game
needs, through the command line, the real workbook and the site, to an agreed draw in one
line and a solo in the other. Rules: the 2000 rulebook (4th edition) and the DATC v2.4's
preferred options (``docs/datc-options.md``)."""

from __future__ import annotations

import re

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state
from gm_tools.engine.model import ARMY, FLEET, Unit
from workflow_helpers import game_set_at, snapshot, start_board, type_cells

PLAYERS = {"AUSTRIA": "Emil", "ENGLAND": "Bob", "FRANCE": "Ann", "GERMANY": "Carl",
           "ITALY": "Dora", "RUSSIA": "Fyodor", "TURKEY": "Gul"}


SITE_COMMANDS = {"turn", "deadline", "rollback", "end"}
"""The commands that publish: here without a site (the tests that read pages build one)."""


def gm(root, *argv: str) -> int:
    """One of the GM's commands on a game in ``root``, as typed at the shell."""
    return main([*argv, "--root", str(root), *(["--site", ""] if argv[0] in SITE_COMMANDS else [])])


def mail(tmp_path, label: str, text: str, subject: str = "orders") -> str:
    """A player's mail saved as the GM saves it from his mail program."""
    path = tmp_path / f"{label}.eml"
    path.write_text(f"From: {label}@example.org\nTo: gm@example.org\nSubject: {subject}\n\n{text}",
                    encoding="utf-8")
    return str(path)


def game_over(root, tmp_path, site, capsys, late_orders: str) -> str:
    """A game just ended: a mail of ``late_orders`` refused (exit 2, nothing to order), the site
    built into ``site``; what ``status`` says of it."""
    from gm_tools.publish.site import build_site

    assert gm(root, "status", "g") == 0
    said = capsys.readouterr().out
    assert gm(root, "orders", "g", mail(tmp_path, "late-orders", late_orders)) == 2
    build_site(root, site)
    return said


def page_text(path) -> str:
    """A page's words as a reader sees them (no markup, no script or map)."""
    html = path.read_text(encoding="utf-8")
    html = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&lt;", "<").replace("&gt;", ">")


def test_a_mailed_order_with_its_verb_misspelt_is_refused_naming_the_verb(tmp_path, capsys):
    """docs/orders.md, "When an order cannot be used": a near miss gets a suggestion. Austria's
    'Bulid A VIE' in Winter was refused as "'Bulid A VIE' is not a province ... (did you mean BUD
    or BUL?)": the player is sent to Budapest for a misspelt BUILD. The refusal names the word
    and the order word it is near ('Wiave' alone below an order too: it was taken for the
    player's signature and left out); a misspelt province still gets its provinces."""
    root = tmp_path / "games"
    game_set_at(root, "standard", 7, start_board(
        "W1901A", lambda p: p.units.pop("VIE")))
    assert gm(root, "orders", "g", mail(tmp_path, "au", "Austria\nBulid A BUD\n")) == 1
    out = capsys.readouterr().out
    assert "'Bulid' is not a province of Standard Diplomacy (1901) nor an order's word (did you mean BUILD?)" in out
    assert "BUD or BUL" not in out
    assert gm(root, "orders", "g", mail(tmp_path, "au2", "Austria\nAmry VIE - BOH\nWiave\n")) == 1
    out = capsys.readouterr().out
    assert "(did you mean ARMY?)" in out and "(did you mean WAIVE?)" in out
    assert gm(root, "orders", "g", mail(tmp_path, "au3", "Austria\nBuild A Vienan\n")) == 1
    assert "did you mean VIE?" in capsys.readouterr().out


def test_a_misspelt_order_word_after_the_unit_is_named_with_the_word_it_is_near(tmp_path, capsys):
    """docs/orders.md, "When an order cannot be used": 'A VIE mvoes to GAL' was refused as
    "expected H, -, S or C after 'A VIE', found 'mvoes'", the player left to find his slip
    among letters; the refusal now says the word it is near, as a province's near miss does."""
    root = tmp_path / "games"
    assert gm(root, "new-game", "standard", "g", "--seed", "3") == 0
    mailed = "Austria\nA VIE mvoes to GAL\nA BUD suports A VIE - GAL\nF TRI hodl\n"
    assert gm(root, "orders", "g", mail(tmp_path, "au", mailed)) == 1
    out = capsys.readouterr().out
    assert "expected H, -, S or C after 'A VIE', found 'mvoes' (did you mean MOVES?)" in out
    assert "found 'suports' (did you mean SUPPORTS?)" in out and "found 'hodl' (did you mean HOLD?)" in out


def test_an_e_mail_address_in_the_player_cell_is_refused_before_the_site_publishes_it(tmp_path, capsys):
    """A player replaced: the GM types the new player on the Game sheet's Player cell, the one
    place the workbook keeps a power's player (docs/site.md, "Players over the game"). Typed
    with the address he writes to, 'Hana <hana@example.org>', the turn recorded it and the site
    published the address on the game page's standings and its players over the game, for
    good (a record is never rewritten). The turn refuses it naming the cell, nothing written."""
    root = tmp_path / "games"
    assert gm(root, "new-game", "standard", "g", "--seed", "3", "--player", "TURKEY=Gul") == 0
    type_cells(load_state("g", root).paths, {"Game!C17": "Hana <hana@example.org>"})
    files = snapshot(root)
    assert gm(root, "turn", "g", "--force") == 2
    err = capsys.readouterr().err
    assert "Game!C17: found 'Hana <hana@example.org>', expected the player's name alone" in err
    assert "Traceback" not in err
    assert snapshot(root) == files
    assert gm(root, "new-game", "standard", "h", "--player", "TURKEY=Gul <gul@example.org>") == 2
    assert "--player 'TURKEY=Gul <gul@example.org>': found an e-mail address, expected the player's name alone" \
        in capsys.readouterr().err
    assert not (root / "h.xlsx").exists()


SPRING_1901 = {
    "fr": "France\nA PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO\n",
    "en": "England:\nF LON - NTH\nF EDI - NWG\nA LVP - YOR\n",
    "ge": "Germany\nA BER - KIE\nF KIE - DEN\nA MUN - RUH\n",
    "it": "Italy\nA VEN H\nA ROM - APU\nF NAP - ION\n",
    "au": "Austria\nA VIE - GAL\nA BUD - SER\nF TRI - ALB\n",
    "ru": "Russia\nA MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT\n",
}
FALL_1901 = {
    "fr": "France\nA PIC - BEL\nA SPA - POR\nF MAO S A SPA - POR\n",
    "en": "England\nF NTH C A YOR - NWY\nA YOR - NWY\nF NWG S A YOR - NWY\n",
    "ge": "Germany\nA KIE - HOL\nA RUH - MUN\nF DEN H\n",
    "tu": "Hi GM, Hana here, the new Turkey.\nTurkey\nA CON - BUL\nF ANK - BLA\nA SMY - ARM\n",
}


def test_a_game_run_by_mail_over_the_years_to_an_agreed_draw(tmp_path, capsys):
    """Spring 1901 to an agreed draw, every GM operation of a long game on the way: a player
    who sends nothing (2000 rulebook, 'Unordered units hold'), his orders corrected by a second
    mail (the later replaces the earlier), the deadline, status, a dry run, a late mail, a player
    replaced on the Game sheet, a build refused on an occupied home center and one left unordered
    (waived: 2000 rulebook, 'a player who is entitled to build ... may choose not to'), a typo,
    a rollback and the turn run again, replay, the draw and the site's words for each."""
    root, site = tmp_path / "games", tmp_path / "site"
    players = [a for power, name in PLAYERS.items() for a in ("--player", f"{power}={name}")]
    assert gm(root, "new-game", "standard", "g", "--seed", "11", *players) == 0
    paths = load_state("g", root).paths
    # Spring 1901: Turkey sends nothing; France changes its mind before the deadline
    assert gm(root, "orders", "g", *(mail(tmp_path, k, t) for k, t in SPRING_1901.items())) == 0
    assert gm(root, "orders", "g", mail(tmp_path, "fr2", "France\nA PAR - PIC\nA MAR - SPA\nF BRE - MAO\n")) == 0
    assert "FRANCE: " in capsys.readouterr().out  # "... replaces its orders in the workbook"
    assert gm(root, "deadline", "g", "Friday 4 December 18:00 UTC") == 0
    assert gm(root, "status", "g") == 0
    out = capsys.readouterr().out
    assert "deadline: Friday 4 December 18:00 UTC" in out and "waiting for: TURKEY (orders for 3 units)" in out
    files = snapshot(root)
    assert gm(root, "turn", "g", "--dry-run") == 0
    assert "TURKEY: no order, held: A CON, A SMY, F ANK" in capsys.readouterr().out
    assert snapshot(root) == files
    assert gm(root, "turn", "g") == 0
    state = load_state("g", root)
    assert state.position.units["PIC"] == Unit("FRANCE", ARMY, "PIC") and "BUR" not in state.position.units
    # Turkey's mail arrives after the turn: its Subject names the phase played, refused whole
    late = mail(tmp_path, "tu-late", "Turkey\nF ANK - BLA\nA CON - BUL\nA SMY - ARM\n", "Turkey orders S1901M")
    assert gm(root, "orders", "g", late) == 1
    assert "expected orders for F1901M, the game's phase: the mail's Subject names S1901M" in capsys.readouterr().out
    # Gul leaves; Hana takes Turkey over, typed on the Game sheet by the GM
    type_cells(paths, {"Game!C17": "Hana"})
    assert gm(root, "orders", "g", *(mail(tmp_path, k, t) for k, t in FALL_1901.items())) == 0
    assert gm(root, "turn", "g") == 0
    assert load_state("g", root).position.phase == "W1901A"
    # Winter 1901: Germany's build in occupied Munich refused, its second build not sent (waived),
    # England waives its build, Austria's typo refused and mailed again
    assert gm(root, "orders", "g", mail(tmp_path, "ge-w", "Germany\nBuild A MUN\nBuild F KIE\n"),
              mail(tmp_path, "en-w", "England\nWaive\n"),
              mail(tmp_path, "au-w", "Austria\nBulid A BUD\n")) == 1
    out = capsys.readouterr().out
    assert "'Build A MUN' -- expected a legal order (MUN is occupied by A MUN; builds go to empty centers)" in out
    assert "(did you mean BUILD?)" in out
    assert gm(root, "orders", "g", mail(tmp_path, "au-w2", "Austria\nBuild A BUD\n")) == 0
    assert "entered in part (a build not entered is waived): GERMANY (1 of 2 builds not entered)" in capsys.readouterr().out
    assert gm(root, "turn", "g") == 0
    assert "note GERMANY: 1 build(s) not ordered: waived" in capsys.readouterr().out
    # the GM finds a mistake: the phase reopened with its orders, and run again
    assert gm(root, "rollback", "g") == 0
    assert load_state("g", root).position.phase == "W1901A"
    assert gm(root, "turn", "g") == 0
    position = load_state("g", root).position
    assert position.phase == "S1902M"
    assert {p for p, u in position.units.items() if u.power == "GERMANY"} == {"HOL", "MUN", "DEN", "KIE"}
    assert len([u for u in position.units.values() if u.power == "ENGLAND"]) == 3
    assert gm(root, "replay", "g") == 0
    assert "every phase replays to the same record (3 phase(s))" in capsys.readouterr().out
    # the players agree a draw
    assert gm(root, "end", "g", "--draw", *PLAYERS) == 0
    said = game_over(root, tmp_path, site, capsys, "France\nA PAR H\n")
    assert "the game is over: drawn between AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA and TURKEY" in said
    game = page_text(site / "games" / "g" / "index.html")
    assert "drawn between Austria, England, France, Germany, Italy, Russia and Turkey" in game
    assert "Turkey: Gul in Spring 1901 Movement ; then Hana from Fall 1901 Movement" in game
    spring = page_text(site / "games" / "g" / "S1901M.html")
    assert "Army Constantinople HOLD A CON H succeeds no order: holds" in spring
    assert "Deadline was Friday 4 December 18:00 UTC" in spring
    # the judge text the GM mails says so too: Turkey's units held for want of orders
    text = (site / "games" / "g" / "S1901M.txt").read_text(encoding="utf-8")
    assert "Turkey: Army Constantinople HOLD.  (*no order*)" in text
    assert "Austria: Army Vienna -> Galicia.  (*bounce*)" in text


def solo_in_reach(position):
    """Fall 1905: France holds 17 centers, an army in Marseilles two fleets from empty Tunis
    (Gulf of Lyon, Tyrrhenian Sea); Italy's army in Apulia is about to be dislodged."""
    french = ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN",
              "LON", "LVP", "EDI", "NWY", "SWE", "NAP"]
    position.centers.update({c: "FRANCE" for c in french})
    position.units.clear()
    for kind, where in ((ARMY, "MAR"), (FLEET, "LYO"), (FLEET, "TYS"), (FLEET, "ION"), (ARMY, "NAP"),
                        (ARMY, "BUR"), (FLEET, "NTH")):
        position.units[where] = Unit("FRANCE", kind, where)
    position.units["APU"] = Unit("ITALY", ARMY, "APU")
    position.units["ROM"] = Unit("ITALY", ARMY, "ROM")
    position.units["VIE"] = Unit("AUSTRIA", ARMY, "VIE")


def test_a_solo_by_a_convoy_over_two_fleets_ends_the_game_and_the_site_says_so(tmp_path, capsys):
    """2000 rulebook, 'Convoying': an army may be convoyed through several water provinces by a
    fleet in each; 'Winning': a power controlling 18 supply centers wins. France's army crosses
    the Gulf of Lyon and the Tyrrhenian Sea into Tunis, its 18th; Italy's army dislodged in
    Apulia is sent no retreat and is disbanded (2000 rulebook, 'Retreats': a unit not ordered
    to retreat is disbanded). The game ends there: status, mail and the site say France won."""
    root, site = tmp_path / "games", tmp_path / "site"
    game_set_at(root, "standard", 5, start_board("F1905M", solo_in_reach))
    france = ("France\nA MAR - TUN via convoy\nF LYO C A MAR - TUN\nF TYS C A MAR - TUN\n"
              "A NAP - APU\nF ION S A NAP - APU\n")
    assert gm(root, "orders", "g", mail(tmp_path, "fr", france)) == 0
    assert gm(root, "turn", "g") == 0
    out = capsys.readouterr().out
    assert "FRANCE: A MAR - TUN VIA CONVOY: succeeds" in out
    assert load_state("g", root).position.phase == "F1905R"
    assert gm(root, "status", "g") == 0
    assert "waiting for: ITALY (A APU to retreat or disband)" in capsys.readouterr().out
    assert gm(root, "turn", "g", "--force") == 0
    out = capsys.readouterr().out
    assert "ITALY: A APU D: succeeds (no order: disbanded)" in out
    state = load_state("g", root)
    assert sum(owner == "FRANCE" for owner in state.position.centers.values()) == 18
    assert state.position.units["APU"] == Unit("FRANCE", ARMY, "APU")
    assert "the game is over" in game_over(root, tmp_path, site, capsys, "Italy\nA ROM H\n")
    last = page_text(site / "games" / "g" / "F1905R.html")
    assert "The game is over: France has won." in last
    assert "won by France" in page_text(site / "games" / "g" / "index.html")
    text = (site / "games" / "g" / "F1905R.txt").read_text(encoding="utf-8")
    assert "The game is over: France has won." in text
    assert "Italy: Army Apulia DISBAND.  (*no order*)" in text  # not Italy's order: none came


def test_a_power_that_sends_nothing_in_winter_is_put_in_civil_disorder(tmp_path, capsys):
    """2000 rulebook, 'Civil disorder': a power that must remove units and orders none has
    the units farthest from its home supply centers removed (DATC 4.D.8's preferred reading,
    fleets first at equal distance, then alphabetical: docs/datc-options.md). Turkey, two
    centers and four units, sends nothing: its armies in Sevastopol (two moves from Ankara) and
    Armenia go, Ankara's fleet and Smyrna's army stay; status had said what it owed."""
    def turkey_overstretched(position):
        position.centers.update(CON="RUSSIA", SEV="RUSSIA")
        for where in ("CON", "SEV"):
            position.units.pop(where, None)
        position.units["SEV"] = Unit("TURKEY", ARMY, "SEV")
        position.units["ARM"] = Unit("TURKEY", ARMY, "ARM")

    root = tmp_path / "games"
    game_set_at(root, "standard", 5, start_board("W1905A", turkey_overstretched))
    assert gm(root, "status", "g") == 0
    assert "TURKEY (2 removals)" in capsys.readouterr().out
    assert gm(root, "turn", "g", "--force") == 0
    out = capsys.readouterr().out
    turkish = {p for p, u in load_state("g", root).position.units.items() if u.power == "TURKEY"}
    assert turkish == {"ANK", "SMY"}, out
    assert "civil disorder" in out
    from gm_tools.publish.site import build_site

    build_site(root, tmp_path / "site")
    text = (tmp_path / "site" / "games" / "g" / "W1905A.txt").read_text(encoding="utf-8")
    assert "Turkey: Army Sevastopol DISBAND.  (*civil disorder*)" in text  # the player ordered none


def test_a_mail_sent_before_the_turn_ran_is_late_not_orders_for_the_next_phase(tmp_path, capsys):
    """Turkey's orders for Spring 1901 reach the GM's folder after the turn ran, their Subject
    naming no phase: 'F ANK - BLA', 'A CON - BUL', 'A SMY - ARM' read as well in Fall, and were
    typed as Turkey's Fall orders, written before the player saw Spring's results. The mail's
    Date says it was sent before Spring was processed: it is refused as late, naming the phase
    it was for and when that was processed, nothing typed; a mail sent after is typed."""
    root = tmp_path / "games"
    assert gm(root, "new-game", "standard", "g", "--seed", "3") == 0
    assert main(["turn", "g", "--root", str(root), "--site", "", "--force"]) == 0
    processed = load_state("g", root).history[-1]["processed"]  # 'YYYY-MM-DDTHH:MM:00Z'
    day, hour = processed[:10], int(processed[11:13])
    capsys.readouterr()

    def dated(label, hours):
        path = mail(tmp_path, label, "Turkey\nF ANK - BLA\nA CON - BUL\nA SMY - ARM\n", "Turkey's orders")
        text = open(path, encoding="utf-8").read()
        stamp = f"{day}T{hour:02d}:{processed[14:16]}:00+00:00"
        import datetime
        import email.utils
        when = datetime.datetime.fromisoformat(stamp) + datetime.timedelta(hours=hours)
        open(path, "w", encoding="utf-8").write(f"Date: {email.utils.format_datetime(when)}\n" + text)
        return path

    files = snapshot(root)
    assert gm(root, "orders", "g", dated("late", -2)) == 1
    out = capsys.readouterr().out
    assert "expected a mail sent after Spring 1901 Movement was processed" in out
    assert "late for Spring 1901 Movement" in out
    assert "0 order(s) written" in out
    assert snapshot(root) == files
    assert gm(root, "orders", "g", dated("fall", 1)) == 0
    assert "3 order(s) written" in capsys.readouterr().out


def test_status_names_the_powers_that_sent_nothing_in_the_phases_before(tmp_path, capsys):
    """A GM replaces a player who stops sending orders (2000 rulebook: his units hold, his
    removals go by civil disorder, and the game goes on without him). status said only who had
    not yet entered this phase's orders: whether a power had sent nothing for two phases in a
    row took reading every phase page. It names the powers whose last phases owing them orders
    were played by default, with those phases; a phase a power entered anything in ends its run,
    as does a new player typed on the Game sheet."""
    root = tmp_path / "games"
    assert gm(root, "new-game", "standard", "g", "--seed", "3", "--player", "TURKEY=Gul") == 0
    assert gm(root, "orders", "g", mail(tmp_path, "fr", "France\nA PAR - BUR\nA MAR - SPA\nF BRE - MAO\n")) == 0
    assert gm(root, "turn", "g") == 0
    assert gm(root, "orders", "g", mail(tmp_path, "fr2", "France\nF MAO - POR\nA SPA H\nA BUR H\n"),
              mail(tmp_path, "en", "England\nF LON - NTH\n")) == 0
    assert gm(root, "turn", "g") == 0
    capsys.readouterr()
    assert gm(root, "status", "g") == 0
    out = capsys.readouterr().out
    assert ("sent nothing in their last phases owing orders (the rules' defaults played them): "
            "AUSTRIA, GERMANY, ITALY, RUSSIA, TURKEY (S1901M, F1901M)") in out
    assert "ENGLAND (" not in out.split("sent nothing")[1]
    type_cells(load_state("g", root).paths, {"Game!C17": "Hana"})  # Gul's place taken
    assert gm(root, "status", "g") == 0
    out = capsys.readouterr().out
    assert "AUSTRIA, GERMANY, ITALY, RUSSIA (S1901M, F1901M)" in out and "TURKEY (S1901M" not in out


def test_a_power_line_naming_another_player_than_the_game_sheets_is_said(tmp_path, capsys):
    """docs/orders.md, "The power line": `France (Ann)` names the power and its player. Turkey's
    player replaced by Hana on the Game sheet, a mail 'Turkey (Gul)' from the player who left was
    typed for Turkey without a word: the GM learned of it from Hana. The orders are still typed
    (the power line names Turkey), and the report says the name is not Turkey's player's."""
    root = tmp_path / "games"
    assert gm(root, "new-game", "standard", "g", "--seed", "3", "--player", "TURKEY=Gul",
              "--player", "FRANCE=Ann") == 0
    type_cells(load_state("g", root).paths, {"Game!C17": "Hana"})
    assert gm(root, "orders", "g", mail(tmp_path, "gul", "Turkey (Gul)\nA CON - BUL\n"),
              mail(tmp_path, "ann", "France (ann)\nA PAR - BUR\n")) == 0
    out = capsys.readouterr().out
    assert "wrote Orders!C" in out and "TURKEY A CON - BUL" in out
    assert ("line 1: 'Turkey (Gul)' names Gul, not Turkey's player on the Game sheet (Hana): "
            "its orders are read as Turkey's, as its power line says") in out
    assert "France (ann)' names" not in out


def test_a_mail_sent_after_the_moves_but_before_the_retreats_ran_is_on_time(tmp_path, capsys):
    """2000 rulebook, "Retreats": the retreats are ordered once the moves are resolved, and a
    player with no unit to retreat writes his next orders from the moves' results. Turkey's Fall
    1902 orders, sent after Spring 1902's moves were processed but before the GM ran Austria's
    retreat, were refused as 'late for Spring 1902 Retreat' (the lateness was measured from the
    last phase processed, whatever its kind). A mail is late only when dated before the last
    phase of the kind it orders was processed: the Spring moves, not the retreat between."""
    import datetime
    import email.utils
    import json

    from gm_tools.edges.game import game_paths, json_text

    def board(position):
        position.units["BUL"] = Unit("AUSTRIA", ARMY, "BUL")
        position.units["SER"] = Unit("TURKEY", ARMY, "SER")
        position.units["RUM"] = Unit("TURKEY", ARMY, "RUM")

    root = tmp_path / "games"
    game_set_at(root, "standard", 7, start_board("S1902M", board))
    orders = mail(tmp_path, "tu-spring", "Turkey\nA SER - BUL\nA RUM S A SER - BUL\n", "Turkey")
    assert gm(root, "orders", "g", orders) == 0
    assert gm(root, "turn", "g", "--force") == 0
    assert load_state("g", root).position.phase == "S1902R"
    assert gm(root, "turn", "g", "--force") == 0  # Austria's retreat unordered: disbanded
    assert load_state("g", root).position.phase == "F1902M"
    paths = game_paths("g", root)
    for phase, when in (("S1902M", "2002-03-01T10:00:00Z"), ("S1902R", "2002-03-03T10:00:00Z")):
        file = paths.record_file(phase)
        record = json.loads(file.read_text(encoding="utf-8"))
        record["processed"] = when
        file.write_text(json_text(record), encoding="utf-8")
    capsys.readouterr()

    def dated(label: str, month: int, day: int, text: str = "Turkey\nF ANK - BLA\nA CON - BUL\nA SMY - ARM\n") -> str:
        path = mail(tmp_path, label, text, "orders")
        stamp = email.utils.format_datetime(datetime.datetime(2002, month, day, 12, tzinfo=datetime.timezone.utc))
        text = open(path, encoding="utf-8").read()
        open(path, "w", encoding="utf-8").write(f"Date: {stamp}\n" + text)
        return path

    files = snapshot(root)
    assert gm(root, "orders", "g", dated("before-moves", 2, 28)) == 1
    out = capsys.readouterr().out
    assert "late for Spring 1902 Movement" in out and "0 order(s) written" in out
    assert snapshot(root) == files
    assert gm(root, "orders", "g", dated("between", 3, 2)) == 0
    out = capsys.readouterr().out
    assert "late" not in out and "3 order(s) written" in out
    # Austria's mail of that day retreats the army the GM then disbanded: late for the retreat
    assert gm(root, "orders", "g", dated("austria", 3, 2, "Austria\nA VIE - GAL\n")) == 1
    assert "late for Spring 1902 Retreat" in capsys.readouterr().out
