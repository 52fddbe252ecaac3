"""The Peace of Westphalia as a GM runs it, second QA pass: what `gm-tools status`, `orders` and
`turn` told the GM that misled him, each through the demo's real workbook and the commands.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia).
"""

from __future__ import annotations

import contextlib
import io

from gm_tools.app.cli import main

from westphalia_mails import played_to

GAME = "westphalia-demo"


def _run(*args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main(list(args))
    return out.getvalue()


def test_a_player_who_mailed_his_provinces_without_a_capital_is_still_waited_for(tmp_path):
    """rulebook 003, 'Pick Provinces': 'The First Player picks 4 provinces ... He then places a
    town on his chosen capital province.' Red mailed his four provinces and put the capital on a
    line of its own, which is refused: his Capital cell stays empty, the turn refuses it, but
    `status` and `orders` said only the other players were awaited, Red being left out."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Red\nProvinces: EIC EIS HAE HAM\ncapital HAM\n", encoding="utf-8")
    typed = _run("orders", GAME, str(mail), "--root", str(tmp_path))
    assert "still waiting for: RED (a capital to pick); BLUE, YELLOW, GREEN, ORANGE (each: 4 provinces and a " \
           "capital to pick)" in typed, typed
    status = _run("status", GAME, "--root", str(tmp_path))
    assert "waiting for: RED (a capital to pick); " in status, status


def test_the_turn_report_lists_a_players_results_in_the_order_the_rules_carry_them_out(tmp_path):
    """rulebook 003, 'Wage War': 'proceed to Battles & Peace Treaties ... Complete all battles in
    the First Battle Phase, then sign Peace Treaties', and 'Tradeoffs' last. The report `turn`
    prints for the GM listed a player's results as the record sorts them, by their text: Red's
    '-1 Diplomatic Influence' the treaty cost him, then 'takes ESL' before 'war with Hesse' it
    ended, and 'turns 2 Gold' before the war. The step's page and judge text list them in the
    rules' order; the report now does too (the record keeps its order)."""
    played_to("R1535X", tmp_path)
    for _ in ("R1535F", "R1535T"):  # R1535T reopened, its entries as the GM typed them
        _run("rollback", GAME, "--root", str(tmp_path))
    report = _run("turn", GAME, "--root", str(tmp_path), "--dry-run", "--site", "")
    red = [line.removeprefix("  RED: ") for line in report.splitlines() if line.startswith("  RED: ")]
    opening = [next(i for i, line in enumerate(red) if line.startswith(words)) for words in
               ("chooses ", "converts to Protestantism", "joins the Evangelical League", "war with Hesse",
                "takes ESL", "-1 Diplomatic Influence", "turns ")]
    assert opening == sorted(opening), red


def test_a_capital_mailed_on_a_line_of_its_own_is_refused_saying_where_it_goes_not_as_a_signature(tmp_path):
    """docs/westphalia.md, 'By mail': 'a value may be labelled by its column (capital HAM ...)'
    on its line. Yellow wrote his capital on the line below his provinces; the refusal told the
    GM 'a signature goes below a line '-- '', as if 'capital GLA' were Yellow's name. It says the
    labelled value goes on the line it belongs to, with the step's example."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "yellow.txt"
    mail.write_text("Yellow\nProvinces: EIC EIS HAE HAM\ncapital HAM\n", encoding="utf-8")
    typed = _run("orders", GAME, str(mail), "--root", str(tmp_path), "--dry-run")
    refused = [line for line in typed.splitlines() if line.startswith("  refused ")]
    assert len(refused) == 1 and "signature" not in refused[0], refused
    assert refused[0].endswith("line 3: 'capital HAM' -- expected a line of the Pick Provinces step, such as "
                               "'Provinces: EIC EIS HAE HAM, capital HAM' ('capital' labels a value of the line it "
                               "belongs to, written on that line: 'Provinces: EIC EIS HAE HAM, capital HAM')"), refused


def test_a_foreign_powers_step_left_empty_is_said_in_the_steps_words_not_as_orders(tmp_path):
    """rulebook 003, 'Foreign Powers': 'Any Player may become a Foreign Power'; nobody choosing,
    `turn` does nothing until --force. It said 'no orders or press entered', in a game whose
    players mail lines for a step and order no units (its `orders` report says 'line(s)')."""
    played_to("R1510F", tmp_path)
    said = _run("turn", GAME, "--root", str(tmp_path), "--site", "")
    assert said.startswith(f"{GAME}: R1510F: nothing entered on the step's sheets and no press, nothing to do "
                           "(--force processes the phase anyway, its sheets as they stand, empty)"), said


def test_new_game_with_every_players_name_given_does_not_ask_for_them_again(tmp_path):
    """`new-game westphalia --player RED=Ulrich ...` for all five players wrote them on the Game
    sheet, and then told the GM that the players' names were to be typed there next."""
    names = {"RED": "Ulrich", "BLUE": "Anna", "GREEN": "Karl", "YELLOW": "Greta", "ORANGE": "Hans"}
    said = _run("new-game", "westphalia", "wp", "--players", "5", "--seed", "2024", "--root", str(tmp_path),
                *[f"--player={p}={n}" for p, n in names.items()])
    assert said.splitlines()[1] == "  first phase: P1510O (Setup 1510 Draw Setup Order); next:", said
    some = _run("new-game", "westphalia", "wq", "--players", "5", "--root", str(tmp_path), "--player", "RED=Ulrich")
    assert some.splitlines()[1].endswith("; next, the players' names typed on the Game sheet, then:"), some


def test_a_faith_die_is_checked_while_a_placement_is_still_wrong(tmp_path):
    """README: 'every problem listed at once'. In the Player Turns a Place Influence row still
    wrong (here 0 placed) stopped the step's check before the Spread the Faith dice, which the
    placements do not touch: `turn --dry-run` named the placement alone, and `gm-tools orders`
    typed a mailed die the rules refuse without a word, the GM finding it only once the
    placement was put right. Rulebook 003, 'Spread the Faith': 'Dice of your religion placed on
    heretical provinces you control convert the province they're on, and an additional heretical
    province of your choice that you control'."""
    from gm_tools.edges.workbook_fill import set_cells

    played_to("R1535X", tmp_path)
    for _ in ("R1535F", "R1535T"):  # R1535T reopened, its entries as the GM typed them
        _run("rollback", GAME, "--root", str(tmp_path))
    workbook = tmp_path / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Place Influence!C2": 0, "Spread the Faith!D2": "GLA"}))
    said = _run("turn", GAME, "--root", str(tmp_path), "--dry-run", "--site", "")
    assert "Place Influence!C2: found '0', expected a whole number of Diplomatic Influence, 1 or more" in said, said
    assert "Spread the Faith!D2: found 'GLA', expected an additional heretical province ORANGE controls" in said, said


def test_a_die_on_a_principalitys_province_says_what_the_cell_takes(tmp_path):
    """rulebook 003, 'Spread the Faith': 'On a neighboring or allied Principality - Dice placed on
    Principalities convert the entire Principality if as many are on it as the Principality has
    provinces.' Orange's die typed on CEL, one of Bohemia's provinces, was refused as "expected
    CEL belongs to Bohemia: name the principality", no expectation at all; it says what Where
    takes there, with the rule."""
    from gm_tools.edges.workbook_fill import set_cells

    played_to("R1535X", tmp_path)
    for _ in ("R1535F", "R1535T"):
        _run("rollback", GAME, "--root", str(tmp_path))
    workbook = tmp_path / f"{GAME}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Spread the Faith!B2": "CEL"}))
    said = _run("turn", GAME, "--root", str(tmp_path), "--dry-run", "--site", "")
    assert "Spread the Faith!B2: found 'ORANGE: CEL', expected the principality's name, not one of its provinces: " \
           "CEL belongs to Bohemia ('Dice placed on Principalities convert the entire Principality')" in said, said


def test_the_emperors_death_on_the_holy_roman_empire_sheet_says_which_election_it_was(tmp_path):
    """rulebook 003, 'Imperial Election': 'If the Emperor has been Emperor for one round only,
    roll a D6; he dies on a 3 or less.' The Holy Roman Empire sheet kept the last death drawn
    through the next round without saying when: in round 3 it still read 'dies: ...' of the
    Emperor elected in his stead a round before, as if the new one had died. It names the
    election it was drawn for."""
    import openpyxl

    played_to("R1560I", tmp_path)
    sheet = openpyxl.load_workbook(tmp_path / f"{GAME}.xlsx")["Holy Roman Empire"]
    death = next(row[1].value for row in sheet.iter_rows() if row[0].value == "The Emperor's death")
    assert death.endswith(" (the Imperial Election of 1535)"), death


def test_a_closing_with_the_name_after_a_comma_is_refused_saying_where_a_signature_goes(tmp_path):
    """README, 'Players' mails': The Peace of Westphalia's lines open with a keyword, so a name
    there without a '-- ' line is refused, saying a signature goes below one. 'Ralf' alone got
    the hint; 'Greetings, Karl', a closing the mail reader does not know, was refused with the
    step's forms only."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Red\nProvinces: EIC EIS HAE HAM, capital HAM\n\nGreetings, Karl\n", encoding="utf-8")
    typed = _run("orders", GAME, str(mail), "--root", str(tmp_path), "--dry-run")
    refused = [line for line in typed.splitlines() if line.startswith("  refused ")]
    assert len(refused) == 1 and refused[0].endswith(
        "line 4: 'Greetings, Karl' -- expected a line of the Pick Provinces step, such as 'Provinces: EIC EIS HAE HAM, "
        "capital HAM' (a signature goes below a line '-- ', where the mail's lines end)"), refused


def test_a_foreign_powers_internal_troubles_roll_is_on_the_steps_page_and_judge_text(tmp_path):
    """rulebook 003, 'Foreign Powers': 'Every Round each Foreign Power rolls 2D6 for "Internal
    Troubles and Wars Abroad." Subtract the result from the Imperial Power your Foreign Power Home
    Province provides next Round'. The roll was drawn from the seed and kept in the record, but
    said only in the GM's report: the step's page and judge text did not show it, so the Foreign
    Power's players could not see why its Imperial Power fell the next round. The Blue Kraken
    leaves the Empire in the demo's round 3 (1560)."""
    from gm_tools.app.turn import load_state
    from gm_tools.publish.judgetext import section_lines

    played_to("R1560X", tmp_path)
    state = load_state(GAME, tmp_path)
    record = next(r for r in state.history if r["phase"] == "R1560F")
    rolled = next(d for d in record["random"]["draws"] if d["kind"] == "internal troubles")["text"]
    assert rolled.startswith("BLUE "), rolled
    lines = "\n".join(section_lines(state.variant, record, public=True))
    n = rolled.split()[1]
    assert f"Blue Kraken rolls {n}: its Home Province, Netherlands, provides {n} Imperial Power less next round" \
        in " ".join(lines.split()), lines


def test_the_results_sheet_lists_a_players_results_in_the_order_the_rules_carry_them_out(tmp_path):
    """The GM's Results sheet, like the turn's report, listed Red's results as the record sorts
    them, '-1 Diplomatic Influence' first and 'takes ESL' before the 'war with Hesse' it ended
    (rulebook 003, 'Battles & Peace Treaties': 'Complete all battles in the First Battle Phase,
    then sign Peace Treaties'); it lists them as the step's page does, the record unchanged."""
    import openpyxl

    played_to("R1535X", tmp_path)
    for _ in ("R1535F", "R1535T"):
        _run("rollback", GAME, "--root", str(tmp_path))
    _run("turn", GAME, "--root", str(tmp_path), "--site", "")
    sheet = openpyxl.load_workbook(tmp_path / f"{GAME}.xlsx")["Results"]
    red = [row[2].value for row in sheet.iter_rows(min_row=2) if row[1].value == "RED"]
    opening = [next(i for i, line in enumerate(red) if line.startswith(words)) for words in
               ("chooses ", "converts to Protestantism", "joins the Evangelical League", "war with Hesse",
                "takes ESL", "-1 Diplomatic Influence", "turns ")]
    assert opening == sorted(opening), red
    powers = [row[1].value for row in sheet.iter_rows(min_row=2)]
    assert powers == sorted(powers, key=powers.index), powers  # each player's rows together
