"""The Peace of Westphalia by mail: `gm-tools orders` reads each player's mail for the current
step into the step's sheets (``docs/westphalia.md``, 'By mail'), through real .xlsx workbooks and
real mailboxes, and `gm-tools turn` plays what the mails typed as it plays what the GM types.

Rulebook: ``003_b5b9eb4920d39694.txt``; each clause is quoted where a test relies on it.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.app.demo import _demo_date, read_demo
from gm_tools.app.status import phase_status
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.systems.westphalia.state import state_of

from demos import demo_file, play
from workflow_helpers import snapshot
from westphalia_mails import cell, emperor_lines, gm_types, mails_and_gm, mbox, played_to, refused_turn, rows_of

GAME = "westphalia-demo"


def orders(root: Path, *mails: tuple[str, str], dry_run: bool = False) -> tuple[int, str]:
    """`gm-tools orders` (``--dry-run``) with each mail saved as a file: (exit status, what it
    printed)."""
    files = []
    for name, text in mails:
        path = root / name
        path.write_text(text, encoding="utf-8")
        files.append(str(path))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["orders", GAME, *files, "--root", str(root)] + (["--dry-run"] if dry_run else []))
    return status, out.getvalue()


def refusals(text: str) -> dict[str, str]:
    """``mail line N`` -> the reason, from the report."""
    out = {}
    for line in text.splitlines():
        if line.startswith("  refused "):
            where, _, rest = line[len("  refused "):].partition(": ")
            out[Path(where.split(" line ")[0]).name + " line " + where.split(" line ")[1]] = rest.split(" -- expected ")[1]
    return out


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """The demo played twice: by hand as `make turn` plays it, and by mail, each step's mails in
    one exported mailbox (in reverse Initiative Order, each with a greeting, a signature and a
    quoted reply) through `gm-tools orders`, the GM typing only what is his."""
    demo = read_demo(demo_file("westphalia"))
    by_hand, by_mail = tmp_path_factory.mktemp("by-hand"), tmp_path_factory.mktemp("by-mail")
    play(demo, by_hand)
    paths = new_game(demo.variant, demo.game, root=by_mail, seed=demo.seed, players=demo.players,
                     created=demo.created, player_count=demo.player_count)
    said = {}
    while True:
        state = load_state(demo.game, by_mail)
        phase = state.position.phase
        if state.finished or phase == demo.until:
            break
        entry = dict(demo.phases.get(phase, {}))
        press = entry.pop("press", "")
        mails, gm = mails_and_gm(entry)
        now = state_of(state.position)
        for player, lines in emperor_lines(entry, now.emperor).items():
            mails.setdefault(player, []).extend(lines)
        if mails:
            box = by_mail / f"{phase}.mbox"
            box.write_bytes(mbox(mails, {c: p.name for c, p in state.variant.powers.items()},
                                 list(reversed(now.initiative or now.setup_order))))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                said[phase] = (main(["orders", demo.game, str(box), "--root", str(by_mail)]), out.getvalue())
        paths.workbook.write_bytes(fill_orders(gm_types(paths.workbook.read_bytes(), gm), {}, press))
        run_turn(demo.game, root=by_mail, site_dir=None, force=True,
                 processed=_demo_date(demo.created, len(state.history)))
    return by_hand, by_mail, said


def test_every_step_mailed_gives_the_record_the_gm_typed(both):
    """A whole game, the Setup and six rounds, every entry a player makes mailed and typed in by
    `gm-tools orders`: each step's record is the one the GM typing the same entries by hand got,
    byte for byte, and so is the workbook at the end. Every line was taken; the mail programs'
    greeting, signature and quoted reply were left out."""
    by_hand, by_mail, said = both
    hand = sorted((by_hand / GAME / "history").glob("*.json"))
    mail = sorted((by_mail / GAME / "history").glob("*.json"))
    assert [p.name for p in hand] == [p.name for p in mail] and len(hand) == 42
    assert [p.name for p in hand if p.read_bytes() != (by_mail / GAME / "history" / p.name).read_bytes()] == []
    assert (by_hand / f"{GAME}.xlsx").read_bytes() == (by_mail / f"{GAME}.xlsx").read_bytes()
    # every step a player enters something in went by mail
    demo = read_demo(demo_file("westphalia"))
    assert sorted(said) == sorted(p for p, e in demo.phases.items()
                                  if mails_and_gm({k: v for k, v in e.items() if k != "press"})[0])
    assert len(said) == 21
    for phase, (status, text) in said.items():
        assert status == 0 and " 0 refused" in text.splitlines()[0], (phase, text)
        assert "Dear GM" in text and "Vote: nobody" not in text.replace("'Dear GM,'", "")  # greeting listed, quote not
    # e.g. the Diplomacy Game of round 5: each game's two cards, from the two players' mails
    assert "wrote Diplomacy Game!D6: YELLOW Cooperate with BLUE" in said["R1610T"][1]


@pytest.mark.parametrize("phase, waiting", [
    # 'The First Player picks 4 provinces ... He then places a town on his chosen capital province'
    ("P1510L", "RED, BLUE, YELLOW, GREEN, ORANGE (each: 4 provinces and a capital to pick)"),
    # 'The First Player places an Elector of his choice ... going back to the First Player at the end'
    ("P1510K", "RED, BLUE (each: 2 Elector placements); YELLOW, GREEN, ORANGE (each: 1 Elector placement)"),
    # 'each Player rolls a D6. On a roll of a: 1-4: Place a 2 Province Principality 5-6: Place a 3
    # Province Principality': the first roll laid out, the others waiting for the board it leaves
    ("P1510C", "YELLOW (a 3 Province Principality to place, rolled 5)"),
    # 'Each Player receives 3 Diplomatic Influence. The First Player places all of his'
    ("P1510D", "RED, BLUE, YELLOW, GREEN, ORANGE (each: 3 Diplomatic Influence to place)"),
    # 'Elect the Emperor'; 'Each Player chooses a Military Doctrine in Setup Order'
    ("P1510V", "RED, BLUE, YELLOW, GREEN, ORANGE (each: a vote for Emperor and a Military Doctrine)"),
    # 'Each Catholic non-Foreign Power Player rolls a D6. On a 1-3, one of the Player's provinces
    # of his choice converts to Protestantism'
    ("R1510U", "BLUE (a province to convert, rolled 3); ORANGE (a province to convert, rolled 2)"),
    # 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'
    ("R1510T", "RED, BLUE, ORANGE, YELLOW, GREEN (each: 2 actions of Combat Heresy, Engage in Diplomacy, "
               "Wage War)"),
    # 'Players attempt to secure the votes of a majority of the Electors (4) to be elected Emperor'
    ("R1510X", "RED, BLUE, ORANGE, YELLOW, GREEN (each: a vote for Emperor)"),
])
def test_status_says_what_each_step_awaits_of_each_player(tmp_path, phase, waiting):
    """The GM read 'waiting for: BLUE, RED' and could not tell a placement owed from a vote: each
    player is named with what the step still awaits of him, in the rulebook's words, those owing
    the same named together; nothing is written."""
    played_to(phase, tmp_path)
    files = snapshot(tmp_path)
    status = phase_status(GAME, root=tmp_path)
    assert f"  waiting for: {waiting}" in status.text().splitlines()
    assert f", waiting for {waiting}" in status.summary()
    assert snapshot(tmp_path) == files


def test_the_diplomacy_game_row_takes_each_players_card_from_his_own_mail(tmp_path):
    """'Play the Diplomacy Game': 'in Initiative Order, all Players Engaging in Diplomacy play the
    Diplomacy Game with the Player after you in Initiative Order (or the first Player if you are last) ... show either a
    Cooperate or Compete card': each player mails the card he shows in each of his games; the
    two cards of one game go on its row, whoever mails first, the rows in the order the games are
    played; a card against someone he does not play is refused with the round's games."""
    paths = played_to("R1610T", tmp_path)
    order = ["YELLOW", "ORANGE", "RED", "GREEN", "BLUE"]  # this round's Initiative Order
    assert list(state_of(load_state(GAME, tmp_path).position).initiative) == order
    actions = [(f"{p.lower()}.txt", f"{p}\nActions: Heresy, Diplomacy\n") for p in order]
    assert orders(tmp_path, *actions)[0] == 0
    status, text = orders(tmp_path, ("orange.txt", "Orange\nCompete with Yellow\nCooperate with Red\n"))
    assert status == 0
    assert rows_of(paths, "Diplomacy Game") == [("YELLOW", None, "ORANGE", "Compete"), ("ORANGE", "Cooperate", "RED", None)]
    # ORANGE has shown both his cards; each other player is named with the games he owes a card in
    waiting = ("YELLOW (Dilemma cards for the Diplomacy Games with ORANGE and BLUE); "
               "RED (Dilemma cards for the Diplomacy Games with ORANGE and GREEN); "
               "GREEN (Dilemma cards for the Diplomacy Games with RED and BLUE); "
               "BLUE (Dilemma cards for the Diplomacy Games with GREEN and YELLOW)")
    assert text.endswith(f"still waiting for: {waiting}\n")
    status = phase_status(GAME, root=tmp_path)  # and `gm-tools status` says the same
    assert f"  waiting for: {waiting}" in status.text().splitlines()
    # the rows the other players' cards will complete are what a turn would refuse now; the
    # games folder's line names the players alone, what each owes running it past 200 characters
    assert status.summary().endswith(f", waiting for YELLOW, RED, GREEN, BLUE (what each owes: gm-tools status {GAME}), "
                                     f"{status.problems} entry(ies) a turn would refuse") and status.problems > 0
    status, text = orders(tmp_path, ("yellow.txt", "Yellow\nCooperate with Orange\nCompete with Red\n"
                                                   "Cooperate with Blue\n"))
    assert status == 1
    assert refusals(text) == {"yellow.txt line 3": "a card against a player you play this round ('with the Player "
                                                   "after you in Initiative Order (or the first Player if you are "
                                                   "last)'): YELLOW with ORANGE, BLUE with YELLOW"}
    assert rows_of(paths, "Diplomacy Game")[:1] == [("YELLOW", "Cooperate", "ORANGE", "Compete")]
    assert rows_of(paths, "Diplomacy Game")[2:] == [("BLUE", None, "YELLOW", "Cooperate")]  # row 6: the last game
    assert cell(paths, "Diplomacy Game!D6") == "Cooperate"
    status, text = orders(tmp_path, ("red.txt", "Red\nCooperate with Orange\nCompete with Green\n"),
                          ("green.txt", "Green\nCompete with Red\nCompete with Blue\n"),
                          ("blue.txt", "Blue\ncooperate WITH green\nCompete with Yellow\n"))
    assert status == 0 and text.endswith("\nevery player has entered what the step asks of him\n")
    assert rows_of(paths, "Diplomacy Game") == [
        ("YELLOW", "Cooperate", "ORANGE", "Compete"), ("ORANGE", "Cooperate", "RED", "Cooperate"),
        ("RED", "Compete", "GREEN", "Compete"), ("GREEN", "Compete", "BLUE", "Cooperate"),
        ("BLUE", "Compete", "YELLOW", "Cooperate")]
    run_turn(GAME, root=tmp_path, site_dir=None)
    done = {(r["power"], r["order"]) for r in load_state(GAME, tmp_path).history[-1]["results"]}
    # tables.toml [dilemma]: Compete against Cooperate 3, Cooperate against Compete 0
    assert ("YELLOW", "Diplomacy Game with ORANGE: Cooperate against Compete; takes 0 Influence, ORANGE 3") in done


def test_a_mail_is_typed_on_the_players_row_of_a_sorted_player_turns_sheet(tmp_path):
    """'Player turns are done in initiative order': the Player Turns sheet has a row for each
    player, read by the name in it, so the GM may sort it; a player's mailed actions go on the
    row that names him, wherever it now is, not on the row laid out for him (another's now),
    and the turn reads them as his."""
    import openpyxl

    paths = played_to("R1610T", tmp_path)
    wb = openpyxl.load_workbook(paths.workbook)
    laid = [wb["Player Turns"].cell(r, 1).value for r in range(2, 7)]
    assert laid == ["YELLOW", "ORANGE", "RED", "GREEN", "BLUE"]  # this round's Initiative Order
    for r, name in enumerate(sorted(laid), start=2):  # sorted by name: RED on row 5, ORANGE's row 4
        wb["Player Turns"].cell(r, 1).value = name
    wb.save(paths.workbook)
    assert orders(tmp_path, ("red.txt", "Red\nActions: Heresy, Diplomacy\n"))[0] == 0
    turns = {row[0]: row[1:4] for row in rows_of(paths, "Player Turns")}
    assert turns["RED"] == ("yes", "yes", "no") and turns["ORANGE"] == (None, None, None)
    assert cell(paths, "Player Turns!A5") == "RED"


def _sort_by_name(paths, *sheets: str) -> None:
    """The GM sorts each sheet's rows by the player's name, each row moved whole (rolls too)."""
    import openpyxl

    wb = openpyxl.load_workbook(paths.workbook)
    for title in sheets:
        ws = wb[title]
        rows = sorted([c.value for c in row] for row in ws.iter_rows(min_row=2) if row[0].value)
        for r, values in enumerate(rows, start=2):
            for c, value in enumerate(values, start=1):
                ws.cell(r, c).value = value
    wb.save(paths.workbook)


def test_a_mail_is_typed_on_the_players_row_of_sorted_election_and_doctrine_sheets(tmp_path):
    """'Each Player chooses a Military Doctrine in Setup Order'; 'Players may vote for whomever
    they wish': the Imperial Election and Military Doctrines sheets have a row for each player,
    read by the name in it, so the GM may sort them; Red's vote and doctrine go on the rows naming
    him (row 5 once sorted by name), not on the rows laid out for him (Blue's now), and `status`
    waits for the others."""
    paths = played_to("P1510V", tmp_path)
    assert [r[0] for r in rows_of(paths, "Imperial Election")] == ["RED", "BLUE", "YELLOW", "GREEN", "ORANGE"]
    _sort_by_name(paths, "Imperial Election", "Military Doctrines")
    status, text = orders(tmp_path, ("red.txt", "Red\nVote: myself\nDoctrine: Flexible\n"))
    assert status == 0, text
    assert rows_of(paths, "Imperial Election")[3] == ("RED", "RED") and cell(paths, "Imperial Election!B2") is None
    assert rows_of(paths, "Military Doctrines")[3] == ("RED", "Flexible")
    assert cell(paths, "Military Doctrines!B2") is None
    assert text.endswith("still waiting for: BLUE, YELLOW, GREEN, ORANGE (each: a vote for Emperor and a Military "
                         "Doctrine)\n")


def test_an_upheaval_mail_is_typed_on_the_players_row_of_a_sorted_sheet(tmp_path):
    """'On a 1-3, one of the Player's provinces of his choice converts': the Religious Upheaval
    sheet lists Blue and Orange with their rolls; sorted with Orange's row first, Orange's choice
    goes on his row (row 2), beside his roll, and the turn reads it as his."""
    paths = played_to("R1510U", tmp_path)
    assert rows_of(paths, "Religious Upheaval") == [("BLUE", 3, None), ("ORANGE", 2, None)]
    import openpyxl

    wb = openpyxl.load_workbook(paths.workbook)
    ws = wb["Religious Upheaval"]  # sorted by roll, each row moved whole
    (ws["A2"].value, ws["B2"].value), (ws["A3"].value, ws["B3"].value) = ("ORANGE", 2), ("BLUE", 3)
    wb.save(paths.workbook)
    assert orders(tmp_path, ("orange.txt", "Orange\nUpheaval: Fulda\n"), ("blue.txt", "Blue\nUpheaval: GRA\n"))[0] == 0
    assert rows_of(paths, "Religious Upheaval") == [("ORANGE", 2, "FUL"), ("BLUE", 3, "GRA")]
    run_turn(GAME, root=tmp_path, site_dir=None)
    assert {"FUL", "GRA"} <= set(state_of(load_state(GAME, root=tmp_path).position).protestant)


def test_a_card_before_every_action_is_known_waits_for_them(tmp_path):
    """'Engage in Diplomacy': 'At the beginning of Engage in Diplomacy, all Players that Combatted
    Heresy secretly either place a cube ... Players that reveal a cube place their cube in Engage in Diplomacy':
    who plays whom is known once every player has chosen, so a card mailed before is refused
    with who is still to choose; in one batch with the missing actions, even after it, it stands
    (each mail is read with the whole batch)."""
    paths = played_to("R1610T", tmp_path)
    early = ("orange.txt", "Orange\nActions: Heresy, Diplomacy\nCompete with Yellow\n")
    status, text = orders(tmp_path, early)
    assert status == 1 and refusals(text) == {
        "orange.txt line 3": "a card once every player has chosen his two actions, which say who plays whom ('At the "
                             "beginning of Engage in Diplomacy, all Players ... reveal'): still to choose: YELLOW, RED, "
                             "GREEN, BLUE"}
    assert cell(paths, "Player Turns!C3") == "yes"  # ORANGE's actions stand
    others = [(f"{p.lower()}.txt", f"{p}\nActions: Diplomacy, War\n") for p in ("YELLOW", "RED", "GREEN", "BLUE")]
    status, text = orders(tmp_path, early, *others)
    assert status == 0 and rows_of(paths, "Diplomacy Game") == [("YELLOW", None, "ORANGE", "Compete")]


def test_two_players_engaging_play_each_other_twice_a_line_each(tmp_path):
    """'Play the Diplomacy Game': 'with the Player after you ... (or the first Player if you are
    last)': with only two
    Engaging in Diplomacy each plays the other twice (variants/westphalia/NOTES.md, 'The
    Diplomacy Game'); a player's first line with him is his own game, the second the other's."""
    paths = played_to("R1610T", tmp_path)
    choose = {"YELLOW": "Heresy, War", "ORANGE": "Heresy, Diplomacy", "RED": "Heresy, War",
              "GREEN": "Diplomacy, War", "BLUE": "Heresy, War"}
    orders(tmp_path, *[(f"{p.lower()}.txt", f"{p}\nActions: {a}\n") for p, a in choose.items()])
    status, text = orders(tmp_path, ("green.txt", "Green\nCompete with Orange\nCooperate with Orange\n"
                                                  "Compete with Orange\n"),
                          ("orange.txt", "Orange\nCooperate with Green\nCooperate with Green\n"))
    assert status == 1 and refusals(text) == {
        "green.txt line 4": "one line for each game with ORANGE: 2 this round, yours first (GREEN with ORANGE, "
                            "ORANGE with GREEN)"}
    assert rows_of(paths, "Diplomacy Game") == [("ORANGE", "Cooperate", "GREEN", "Cooperate"),
                                                ("GREEN", "Compete", "ORANGE", "Cooperate")]


def test_a_later_mail_replaces_what_the_earlier_said_and_keeps_the_gms_entries(tmp_path):
    """A player's latest mail is the one that counts, on the sheets and cells it speaks to: a
    mail of his actions alone leaves his dice and Influence; a new Influence line replaces all
    his earlier placements; a war declared again keeps the winner the GM typed beside it, and a
    war no longer declared is cleared with it ('Setting the Warfare Stage': 'Declare War on either
    an eligible Player or an unaligned Principality. If you do not want to Declare War, you may
    pass'). The GM's own
    cells on a player's row (the Influence gained, the Council of Trent) stay."""
    paths = played_to("R1535T", tmp_path)
    first = "Red\nActions: Heresy, War\nConvert: yes\nWar: Hesse\nDice: 1 on EIC\n"
    assert orders(tmp_path, ("red1.txt", first))[0] == 0
    data = gm_types(paths.workbook.read_bytes(), [("Wars", {"Declarer": "RED", "Against": "Hesse"}, {"Winner": "RED"}),
                                                  ("Player Turns", {"Player": "RED"}, {"Council of Trent": "no"})])
    paths.workbook.write_bytes(data)
    # the last None: the New doctrine column, which no line here fills
    assert rows_of(paths, "Wars") == [("RED", "Hesse", "RED", None)]
    status, text = orders(tmp_path, ("red2.txt", "Red\nConvert: no\nWar: Hesse\n"))
    assert status == 0
    assert rows_of(paths, "Player Turns")[1] == ("RED", "yes", "no", "yes", "no", None, None, "no")
    assert rows_of(paths, "Wars") == [("RED", "Hesse", "RED", None)] and rows_of(paths, "Spread the Faith") == [
        ("RED", "EIC", 1, None)]
    status, text = orders(tmp_path, ("red3.txt", "Red\nWar: Goslar\n"))
    assert status == 0 and rows_of(paths, "Wars") == [("RED", "Goslar", None, None)]
    # two mails of one player in one mailbox: the later one counts
    box = tmp_path / "inbox.mbox"
    box.write_bytes(b"From red@example.org Mon Nov 23 10:00:00 2026\nFrom: red@example.org\n\nRed\nDice: 1 on EIS\n\n"
                    b"From red@example.org Mon Nov 23 11:00:00 2026\nFrom: red@example.org\n\nRed\nDice: 1 on HAE\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["orders", GAME, str(box), "--root", str(tmp_path)]) == 0
    assert rows_of(paths, "Spread the Faith") == [("RED", "HAE", 1, None)]
    said = out.getvalue().splitlines()
    assert said[:2] == ["R1535T: 1 line(s) written, 0 refused",
                        f"  wrote Spread the Faith!B5: RED Dice: 1 on HAE   ({box} message 2)"]
    kept = sorted(p.name for p in (paths.folder / "mail").iterdir())
    assert kept == ["R1535T.1.1.eml", "R1535T.1.xlsx", "R1535T.2.1.eml", "R1535T.2.xlsx", "R1535T.3.1.eml",
                    "R1535T.3.xlsx", "R1535T.4.1.eml", "R1535T.4.2.eml", "R1535T.4.xlsx"]


def test_a_later_mail_says_what_it_replaces_and_the_entries_it_leaves_empty(tmp_path):
    """As a later mail of unit orders says what it replaces: a mail typed into cells names the
    mail of the batch, or the player's entries in the workbook, that it replaces, and the cells
    of those it leaves empty (a war no longer declared takes the winner the GM typed with it);
    a dry run says it too, and a mail that replaces nothing says nothing. The cells named are
    the workbook's left empty once every mail is typed."""
    paths = played_to("R1535T", tmp_path)
    assert orders(tmp_path, ("red1.txt", "Red\nActions: Heresy, War\nWar: Hesse\n"))[0] == 0
    paths.workbook.write_bytes(gm_types(paths.workbook.read_bytes(),
                                        [("Wars", {"Declarer": "RED", "Against": "Hesse"}, {"Winner": "RED"})]))
    files, workbook = snapshot(paths.folder), paths.workbook.read_bytes()
    status, text = orders(tmp_path, ("red2.txt", "Red\nWar: Goslar\n"), dry_run=True)
    assert status == 0 and (snapshot(paths.folder), paths.workbook.read_bytes()) == (files, workbook)
    assert f"  RED: {tmp_path / 'red2.txt'} replaces its entries in the workbook (Wars!A4, B4, C4 now empty)" in text
    status, text = orders(tmp_path, ("red2.txt", "Red\nWar: Goslar\n"), ("blue.txt", "Blue\nConvert: no\n"),
                          ("red3.txt", "Red\nWar: Hesse\nConvert: yes\n"))
    assert status == 0
    notes = [line for line in text.splitlines() if " replaces " in line]
    # the war on Hesse declared again (on its row): only the GM's winner is gone
    assert notes == [f"  RED: {tmp_path / 'red2.txt'} replaces its entries in the workbook (Wars!C4 now empty)",
                     f"  RED: {tmp_path / 'red3.txt'} replaces {tmp_path / 'red2.txt'}"]
    assert rows_of(paths, "Wars") == [("RED", "Hesse", None, None)]
    # the next run replaces what this one typed; the actions, not spoken to, stay
    status, text = orders(tmp_path, ("red4.txt", "Red\nConvert: no\n"))
    assert status == 0 and [line for line in text.splitlines() if " replaces " in line] == [
        f"  RED: {tmp_path / 'red4.txt'} replaces its entries in the workbook"]
    assert rows_of(paths, "Player Turns")[1][:5] == ("RED", "yes", "no", "yes", "no")


def test_each_step_takes_its_own_lines_and_names_the_step_of_another(tmp_path):
    """Only the lines of the current step are taken; a line of another step is refused naming
    that step, a line of a step that takes no mail says so, and the rest of the mail is still
    typed in. 'Religious Upheaval': 'Each Catholic non-Foreign Power Player rolls a D6. On a 1-3,
    one of the Player's provinces of his choice converts': a player who did not roll 1-3 chooses
    nothing. 'Earn Gold' asks nothing of the players."""
    paths = played_to("R1510U", tmp_path)
    status, text = orders(tmp_path, ("blue.txt", "Blue\nUpheaval: GRA\nActions: Heresy, War\nVote: Red\n"),
                          ("red.txt", "Red\nUpheaval: EIC\n"))
    assert status == 1
    assert refusals(text) == {
        "blue.txt line 3": "a line of the Religious Upheaval step, such as 'Upheaval: GRA': 'actions' lines belong to "
                           "the Player Turns step",
        "blue.txt line 4": "a line of the Religious Upheaval step, such as 'Upheaval: GRA': 'vote' lines belong to the "
                           "Emperor and Doctrines or the Imperial Election step",
        "red.txt line 2": "a province only from a player whose D6 came up 1-3 ('On a 1-3, one of the Player's "
                          "provinces of his choice converts'): this round BLUE, ORANGE"}
    assert rows_of(paths, "Religious Upheaval") == [("BLUE", 3, "GRA"), ("ORANGE", 2, None)]
    assert text.endswith("still waiting for: ORANGE (a province to convert, rolled 2)\n")
    status, text = orders(tmp_path, ("orange.txt", "Orange\nUpheaval: fulda\n"))
    assert status == 0 and text.endswith("\nevery player has entered what the step asks of him\n")
    assert rows_of(paths, "Religious Upheaval")[1] == ("ORANGE", 2, "FUL")  # a province by its name
    status = phase_status(GAME, root=tmp_path)  # `gm-tools status` in the same words
    assert "  every player has entered what the step asks of him" in status.text().splitlines()
    assert status.summary().endswith(", every player has entered what the step asks of him")
    run_turn(GAME, root=tmp_path, site_dir=None)
    status, text = orders(tmp_path, ("red.txt", "Red\nVote: Red\n"))  # Earn Gold: nothing to mail
    assert status == 1 and refusals(text)["red.txt line 2"] == (
        "a line of the Earn Gold step (it takes no mail: gm-tools turn plays it as it stands): 'vote' lines belong to "
        "the Emperor and Doctrines or the Imperial Election step")


def test_an_upheaval_row_for_a_player_who_did_not_roll_one_to_three_is_refused_at_its_cell(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Religious Upheaval': 'Each Catholic non-Foreign Power Player
    rolls a D6. On a 1-3, one of the Player's provinces of his choice converts'. A row the GM
    types for a player who did not roll 1-3 is refused at its cell, in the words the same line
    by mail is refused in (docs/westphalia.md: 'A wrong entry is named by its cell and nothing
    is written'), not dropped."""
    paths = played_to("R1510U", tmp_path)
    assert rows_of(paths, "Religious Upheaval") == [("BLUE", 3, None), ("ORANGE", 2, None)]
    expected = ("a province only from a player whose D6 came up 1-3 ('On a 1-3, one of the Player's provinces of "
                "his choice converts'): this round BLUE, ORANGE")
    status, text = orders(tmp_path, ("red.txt", "Red\nUpheaval: EIC\n"))
    assert status == 1 and refusals(text) == {"red.txt line 2": expected}
    problems = refused_turn(paths, {"Religious Upheaval!C2": "GRA", "Religious Upheaval!C3": "FUL",
                                               "Religious Upheaval!A4": "RED", "Religious Upheaval!B4": 5,
                                               "Religious Upheaval!C4": "EIC"})
    assert problems == [("Religious Upheaval", "C4", "'RED: EIC'", expected)]


def test_upheaval_nobody_rolled_one_to_three_a_typed_row_is_refused_and_the_step_plays_without_force(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Religious Upheaval': 'On a 1-3, one of the Player's provinces
    of his choice converts'. When nobody rolled 1-3 the step awaits nobody: `status` says so and
    `turn` processes it as it is, without --force (docs/westphalia.md: 'A step with nothing to
    enter is processed as it is'); a row typed for a player anyway is refused at its cell."""
    paths = played_to("R1585U", tmp_path)
    assert rows_of(paths, "Religious Upheaval") == []
    status = phase_status(GAME, root=tmp_path)
    assert status.summary().endswith(", every player has entered what the step asks of him")
    problems = refused_turn(paths, {"Religious Upheaval!A2": "BLUE", "Religious Upheaval!B2": 2,
                                               "Religious Upheaval!C2": "GRA"})
    assert problems == [("Religious Upheaval", "C2", "'BLUE: GRA'",
                         "a province only from a player whose D6 came up 1-3 ('On a 1-3, one of the Player's "
                         "provinces of his choice converts'): this round nobody")]
    from gm_tools.edges.workbook_fill import set_cells

    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {f"Religious Upheaval!{c}2": None
                                                                        for c in "ABC"}))
    report = run_turn(GAME, root=tmp_path, site_dir=None)
    assert report.processed and load_state(GAME, root=tmp_path).position.phase != "R1585U"
