"""Europe 1615 defects found by running a game as a GM would (QA of 1615-1617), each played
through the real pipeline (:mod:`europe1615_play`).

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3).
"""

from __future__ import annotations

from europe1615_play import VARIANT, board, opening, play, unit_at
from gm_tools.systems.europe1615.mapstyle import province_styles
from gm_tools.systems.europe1615.state import state_of, with_state


def _lorraine_taken_by_france(phase: str):
    """Lorraine annexed Champagne (CHA, no center) at an Early Winter, then France took
    Lorraine's home center: 'Capture of a minor state. If a power captures a minor state's home
    center, then the state is withdrawn from the list of pliant minor states'."""
    centers = dict(opening().centers, LOR="FRANCE")
    position = board({"LOR": "A FRANCE", "BUR": "A SPAIN"}, phase=phase, centers=centers)
    state = state_of(position)
    state.annexed = {"CHA": "LOR"}
    state.influence.suspended["LOR"] = "FRANCE"
    return with_state(position, state)


def test_a_province_annexed_by_a_minor_a_power_then_captured_can_be_entered():
    """000_cc215928c2f3193e.txt, BUILD/ADJUSTMENT PHASE: 'Provinces without centers held by
    ... a minor state at the build phase are automatically annexed to the power or minor
    state'; 'Capture of a minor state': the captured state 'loses any alignment status'. The
    province Lorraine annexed is no NEUTRAL minor's land once France holds Lorraine: a Spanish
    army moves into Champagne. The turn stopped with a traceback (KeyError: 'FRANCE'): the
    annexed province was taken for the land of a minor state named FRANCE."""
    spring = _lorraine_taken_by_france("S1617M")
    done, _ = play(spring, {"SPAIN": ["A BUR - CHA"]})
    assert unit_at(done.after, "CHA") == "A SPAIN"


def test_the_map_draws_a_province_annexed_by_a_minor_a_power_then_captured():
    """000_cc215928c2f3193e.txt, 'Expansion': 'When the minor state is aligned, or made
    neutral, all acquired territories are colored accordingly on the map'. Lorraine, captured,
    has no status to colour Champagne by: the map is drawn (it stopped the site's publishing
    after the Fall's turn was written, with a traceback, KeyError: 'FRANCE'), Champagne not in
    a minor state's look, as Lorraine's own center is not."""
    styles = province_styles(VARIANT, _lorraine_taken_by_france("E1616D"))
    assert styles.get("CHA") is None and styles.get("LOR") is None


def test_the_attack_order_published_leaves_out_a_power_out_of_the_game(tmp_path):
    """000_cc215928c2f3193e.txt, 'Sequence of attacks': 'from least influential to most
    influential'; ELIMINATION AND EFFECTS OF: 'Any player who has been eliminated cannot
    continue receiving nor deploying INFs'. Denmark, its home centers all taken, makes no
    attack: the page and the judge text read "Resolved in this order: Denmark, England, ...",
    a power out of the game first in line with its 0 INFs. They name the powers in play; the
    record, which keeps the attacks as entered, is as it was."""
    from europe1615_play import game_at
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import load_state, run_turn

    centers = dict(opening().centers, COP="ENGLAND", HOL="ENGLAND", NWY="ENGLAND", SCA="ENGLAND")
    position = board({"YOR": "A ENGLAND", "PAR": "A FRANCE"}, phase="S1617M", centers=centers,
                     influence={"LOR": {"ENGLAND": 5, "FRANCE": 10}},
                     year_infs={"AUSTRIA": 33, "FRANCE": 35, "SPAIN": 37, "ENGLAND": 30, "DENMARK": 0})
    game_at(tmp_path, position)
    enter_mails("g", [("e", b"England\nLOR > FRANCE\nA YOR H\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site", force=True)
    text = " ".join((tmp_path / "site" / "games" / "g" / "S1617M.txt").read_text(encoding="utf-8").split())
    assert "Resolved in this order: England, Austria, France, Spain." in text
    assert "England (5) attacks France (10) in LOR (Lorraine)" in text
    record = load_state("g", tmp_path).history[-1]
    assert record["extra"]["europe1615"]["attacks"] == [{"minor": "LOR", "power": "ENGLAND", "target": "FRANCE"}]


def test_the_standings_say_a_dissolved_power_was_dissolved_not_eliminated():
    """000_cc215928c2f3193e.txt, ABANDONMENT / CIVIL DISORDER: 'When a power is abandoned, and
    the GM is unable to find a replacement, then power will be dissolved at the winter phase';
    ELIMINATION AND EFFECTS OF: 'A power is eliminated when all of its home centers have been
    captured'. The game page's standings said "eliminated" of Denmark, dissolved at an Early
    Winter with its centers intact; they say it was dissolved. A power whose home centers were
    taken is "eliminated" (the rules' own note since it may keep units, whose standings said nothing)."""
    from europe1615_play import RULES

    centers = dict(opening().centers, COP="COP", HOL="HOL", NWY="NWY", SCA="SCA", LON="FRANCE", YOR="FRANCE",
                   SCOT="FRANCE", LCS="FRANCE")
    position = board({}, phase="S1617M", centers=centers)
    state = state_of(position)
    state.dissolved = {"COP": "DENMARK", "HOL": "DENMARK", "NWY": "DENMARK", "SCA": "DENMARK"}
    notes = RULES.scores(VARIANT, with_state(position, state)).notes
    assert notes.get("DENMARK") == "dissolved (abandoned)"
    assert notes.get("ENGLAND") == "eliminated"


def test_a_mail_signed_with_its_players_name_is_not_refused_as_an_order(tmp_path):
    """000_cc215928c2f3193e.txt, 'Writing the orders': the INF deployment list and the orders
    are what a player submits; a name under them is his signature. Spain's player, Sol (the
    name the game was created with), signed 'Sol.': the line was refused as a unit order ("'Sol'
    is not a province (did you mean COL or GOL or HOL?)"), the command failing, where Anna's or
    Fred's names were left out as signatures. The player's own name is a signature."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import new_game, run_turn

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z",
             players={"SPAIN": "Sol"})
    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the Initial Status Check
    report = enter_mails("g", [("sol.eml", b"Spain\n12: PIA\nA MIL H\n\nSol.\n")], root=tmp_path)
    assert not report.refused, report.text()
    assert any("'Sol.'" in line and "signature" in line for line in report.text().splitlines())
    # another player's name is no signature of Spain's: still refused, as a near miss of a province
    report = enter_mails("g", [("sol.eml", b"Spain\n12: PIA\nA MIL H\n\nCol\n")], root=tmp_path)
    assert report.refused


def test_a_sanction_short_of_its_full_name_is_suggested_by_its_words(tmp_path):
    """000_cc215928c2f3193e.txt, SANCTIONS AND THE PRE-GENERATED TIMELINE: 'The GM will submit a
    randomly-generated timeline'; the sanction is 'Swedish/Gustav's intervention'. The GM typed
    'Swedish intervention' on the Sanctions Timeline and was asked "did you mean Polish
    intervention?", the nearest by letters; the sanction whose name holds every word typed is
    the one suggested."""
    from demos import turn_refused
    from gm_tools.app.turn import new_game
    from gm_tools.edges.workbook_fill import set_cells

    new_game("europe1615", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    workbook = tmp_path / "g.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), {"Sanctions Timeline!A2": "Swedish intervention",
                                                           "Sanctions Timeline!B2": "S1617M"}))
    error = turn_refused("g", tmp_path)
    assert error is not None and "Sanctions Timeline!A2: found 'Swedish intervention'" in error
    assert "did you mean Swedish/Gustav's intervention?" in error and "did you mean Polish" not in error
