"""Europe 1615 (version 3) played on past the demo's Spring 1618, as a GM runs it for years:
the defects that play found, each on a hand-set position through the real workbook and mail.
Rulebook: ``000_cc215928c2f3193e.txt``."""

from __future__ import annotations

from europe1615_play import SETUP, board, game_at, opening, replace, unit_at

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, run_turn


def test_the_ottoman_removal_follows_the_heavier_vote_when_powers_name_different_units(tmp_path):
    """000_cc215928c2f3193e.txt, 'The Ottomans': 'Each player may submit orders to these units,
    but which order is followed depends on the influential 'weight' for the year ... In case of
    ties, units hold by default.' Austria took Serbia, leaving the Ottomans one center and two
    armies: the Late Winter lays out 'Ottoman Empire removal 1 of 1' in every power's block.
    Austria (33 INFs) named A BOS, Spain (37) A RUM: the turn refused Spain's entry, 'at most 1
    removal(s) for OTTOMAN this phase', though `gm-tools orders` had typed both without a word.
    Spain's, the heavier, is followed; Austria's is outvoted, as in a movement phase."""
    _ottoman_removal_voted(tmp_path, spain_infs=37)
    after = load_state("g", tmp_path).history[-1]
    units = load_state("g", tmp_path).position
    assert unit_at(units, "BOS") == "A OTTOMAN"
    assert unit_at(units, "RUM") is None
    assert [r["order"] for r in after["results"] if r["power"] == "OTTOMAN"] == ["A RUM D"]
    austria = next(o for o in after["orders"]["AUSTRIA"] if o["written"] == "A BOS D")
    assert "the Ottoman removals due went to those with more of the year's influence" in austria["error"]


def test_an_ottoman_removal_vote_tied_leaves_the_removal_to_civil_disorder(tmp_path):
    """000_cc215928c2f3193e.txt, 'The Ottomans': 'In case of ties, units hold by default.' Two
    powers of equal weight naming different units for the one removal due: neither is followed,
    and the removal is made as civil disorder makes it, one unit going, never both."""
    _ottoman_removal_voted(tmp_path, spain_infs=33)
    units = load_state("g", tmp_path).position
    assert sum(unit_at(units, p) == "A OTTOMAN" for p in ("BOS", "RUM")) == 1


def _ottoman_removal_voted(tmp_path, spain_infs: int) -> None:
    """The Late Winter of 1618 played with Austria holding Serbia, the Ottomans one center and
    two armies (one removal due): Austria (33 of the year's INFs) mails A BOS D, Spain
    (``spain_infs``) A RUM D."""
    centers = dict(opening().centers, SER="AUSTRIA")
    position = board({"BOS": "A OTTOMAN", "RUM": "A OTTOMAN", "SER": "A AUSTRIA"}, phase="W1618A", centers=centers,
                     year_infs={"AUSTRIA": 33, "FRANCE": 30, "SPAIN": spain_infs, "ENGLAND": 30, "DENMARK": 34})
    game_at(tmp_path, position)
    enter_mails("g", [("a", b"Austria\nA BOS D\n"), ("s", b"Spain\nA RUM D\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)


def test_a_minors_unit_disbanded_at_the_early_winter_annexes_no_province(tmp_path):
    """000_cc215928c2f3193e.txt, 'Disbanding': 'If the minor state has 2 or more units, and one
    or more of its non-home centers are captured, the aligned power will submit the orders to
    disband in the Early Winter Adjustment Phase'; BUILD/ADJUSTMENT PHASE: 'Provinces without
    centers held by a power or a minor state at the build phase are automatically annexed'.
    Brandenburg took Stralsund from Mecklenburg, left with two armies, one in Pomerania, and one
    center; Denmark named A POM to disband. The Early Winter annexed Pomerania to Mecklenburg
    all the same, though no Mecklenburg unit held it at the build phase (the Late Winter, phase
    6 of 'PHASES OF THE GAME YEAR'). A unit that stays annexes as before."""
    from gm_tools.systems.europe1615.state import state_of

    centers = dict(opening().centers, SRL="BRA")
    position = board({"POM": "A MEC", "MEC": "A MEC", "SRL": "A BRA", "DAL": "A DENMARK"}, phase="E1620D",
                     centers=centers, influence={"MEC": {"DENMARK": 19}, "BRA": {"ENGLAND": 10}})
    game_at(tmp_path, position)
    enter_mails("g", [("d", b"Denmark\nA POM D\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    after = load_state("g", tmp_path).position
    assert unit_at(after, "POM") is None
    annexed = state_of(after).annexed
    assert "POM" not in annexed
    assert annexed.get("DAL") == "DENMARK"


def test_the_ottoman_removal_vote_is_no_row_a_power_is_waited_for(tmp_path):
    """000_cc215928c2f3193e.txt, 'The Ottomans': 'Each player may submit orders to these units'
    - may, not must. Austria took Serbia: the Late Winter lays out 'Ottoman Empire removal 1 of
    1' in every block, and `gm-tools status` (and `orders`) said 'still waiting for: FRANCE,
    SPAIN, ENGLAND, DENMARK (each: 1 removal)' of powers with nothing of their own to adjust,
    as it never says of the Ottoman units' rows in a movement phase ('other owners' units it may
    order'). Only Austria, with its own build, is waited for."""
    from gm_tools.app.status import phase_status

    start = opening()
    position = board({}, phase="W1618A", centers=dict(start.centers, SER="AUSTRIA"))
    position.units.update(start.units)  # every unit as it starts, the fleets' coasts too
    position.units["MRV"] = replace(position.units.pop("VIE"), location="MRV")  # Vienna free to build in
    game_at(tmp_path, position)
    status = phase_status("g", tmp_path)
    assert status.waiting_for == ["AUSTRIA"]
    assert dict(status.waiting_words)["AUSTRIA"] == "1 build"


def test_the_sanctions_sheet_says_a_treaty_of_lyon_whose_time_came_is_due_not_to_come(tmp_path):
    """000_cc215928c2f3193e.txt, 'Treaty of Lyon': 'For this sanction to be available to vote on,
    France must not have been eliminated, Savoy is aligned with France, and Switzerland is not
    aligned with Spain.' Timed for Fall 1621 with Savoy aligned with Spain, the turn's report and
    pages said 'Due but not in effect while its conditions do not hold (tried again each phase)',
    while the GM's Sanctions sheet still said 'to come' of it after the Fall. It says it is due."""
    import openpyxl

    from gm_tools.systems.europe1615.state import state_of, with_state

    position = board({"TUR": "A SAV"}, phase="E1621D", influence={"SAV": {"SPAIN": 22}})
    state = state_of(position)
    state.timeline = (("polish_intervention", "S1616M"), ("treaty_of_lyon", "F1621M"),
                      ("dano_swedish_rivalry", "U1622M"))
    state.sanctions_on = {"polish_intervention": 1616}
    paths = game_at(tmp_path, with_state(position, state))
    rows = {r[0]: r[2] for r in openpyxl.load_workbook(paths.workbook)["Sanctions"].iter_rows(values_only=True)}
    assert rows["Treaty of Lyon"].startswith("due, not in effect while its conditions")
    assert rows["Dano-Swedish rivalry"] == "to come"


def test_a_minor_liberated_by_a_dissolution_gets_its_army_back_at_that_early_winter(tmp_path):
    """000_cc215928c2f3193e.txt, ABANDONMENT / CIVIL DISORDER: 'then power will be dissolved at
    the winter phase'; ELIMINATION AND EFFECTS OF: 'The acquired foreign centers are liberated';
    'Re-building a minor state's army: If a center of a minor state is unoccupied and has yet to
    be captured by a power or minor state, a new unit is automatically built if the original unit
    was previously disbanded.' Denmark, abandoned, held Stockholm, whose Swedish army it had
    dislodged: dissolved at the Early Winter, its army in Stockholm disbanded, Sweden liberated -
    and left without an army for a year, the rebuild looking at the suspension the phase had not
    yet lifted. Sweden's army is rebuilt at the Early Winter that frees it, as a minor's is after
    any disband of that phase."""
    from gm_tools.mechanics.influence import capture
    from gm_tools.systems.europe1615.state import state_of, with_state

    position = board({"STO": "A DENMARK", "COP": "F DENMARK"}, phase="E1621D",
                     centers=dict(opening().centers, STO="DENMARK"))
    state = state_of(position)
    state.influence = capture(state.influence, "SWE", "DENMARK")
    state.abandoned = ("DENMARK",)
    game_at(tmp_path, with_state(position, state))
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    after = load_state("g", tmp_path).position
    assert after.centers["STO"] == "SWE"
    assert unit_at(after, "STO") == "A SWE"
    assert unit_at(after, "COP") is None


def _dissolved_denmark_at(phase: str):
    """Denmark abandoned and dissolved ('Each remaining center becomes a pliant minor state'),
    Copenhagen since aligned with Austria, at ``phase``."""
    from gm_tools.systems.europe1615.state import state_of, with_state

    centers = dict(opening().centers, COP="COP", HOL="HOL", NWY="NWY", SCA="SCA")
    position = board({"VIE": "A AUSTRIA", "MAD": "A SPAIN"}, phase=phase, centers=centers,
                     influence={"COP": {"AUSTRIA": 10}})
    state = state_of(position)
    state.dissolved = {"COP": "DENMARK", "HOL": "DENMARK", "NWY": "DENMARK", "SCA": "DENMARK"}
    return with_state(position, state)


def test_a_late_winter_after_a_dissolution_is_laid_out_with_its_minor_aligned(tmp_path):
    """000_cc215928c2f3193e.txt, ABANDONMENT / CIVIL DISORDER: 'then power will be dissolved at
    the winter phase. Each remaining center becomes a pliant minor state.' Austria deployed 10
    INFs to Copenhagen, a minor state of dissolved Denmark's center: the next Early Winter's turn
    stopped with a traceback (KeyError: 'COP') laying out the Late Winter's Orders sheet, and the
    game could go no further. Copenhagen, with no army and no center acquired ('The aligned
    power is also required to submit build orders for the minor state that acquires new
    centers'), has no build: the turn is played and the Late Winter laid out without one."""
    import openpyxl

    paths = game_at(tmp_path, _dissolved_denmark_at("E1622D"))
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "W1622A"
    rows = [r for r in openpyxl.load_workbook(paths.workbook)["Orders"].iter_rows(values_only=True)
            if r[0] == "AUSTRIA"]
    assert rows and not any("Copenhagen" in str(r[1]) for r in rows)


def test_the_ottoman_build_follows_the_heavier_vote_when_powers_name_different_sites(tmp_path):
    """000_cc215928c2f3193e.txt, 'The Ottomans': 'which order is followed depends on the
    influential 'weight' for the year'. The Ottomans hold Rumelia and Serbia with one army, in
    Bosnia: one build due. Spain (37 INFs) names Rumelia, Austria (33) Serbia: Spain's is built,
    as a removal's vote goes (the build side of the same vote)."""
    position = board({"BOS": "A OTTOMAN"}, phase="W1618A",
                     year_infs={"AUSTRIA": 33, "FRANCE": 30, "SPAIN": 37, "ENGLAND": 30, "DENMARK": 34})
    game_at(tmp_path, position)
    enter_mails("g", [("a", b"Austria\nA SER B\n"), ("s", b"Spain\nA RUM B\n")], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    units = load_state("g", tmp_path).position
    assert unit_at(units, "RUM") == "A OTTOMAN"
    assert unit_at(units, "SER") is None


def test_a_late_winter_with_only_the_ottoman_vote_says_nobody_is_waited_for(tmp_path):
    """000_cc215928c2f3193e.txt, 'The Ottomans': 'Each player may submit orders to these units'.
    With only the Ottomans' build due (their army in Serbia lost), every block holds 'Ottoman
    Empire build 1 of 1' and nothing else: `gm-tools status` says nobody is waited for and that
    the rows are a vote, not that the sheet has no rows nor that every power owes a build."""
    from gm_tools.app.status import phase_status

    start = opening()
    position = board({}, phase="W1623A")
    position.units.update({p: u for p, u in start.units.items() if p != "SER"})
    game_at(tmp_path, position)
    status = phase_status("g", tmp_path)
    assert status.waiting_for == []
    assert ("nobody is waited for: the Orders sheet's rows are a vote any power may enter "
            "(Ottoman Empire build 1 of 1)") in status.text()


def test_the_standings_rank_a_dissolved_power_below_the_powers_in_play(tmp_path):
    """000_cc215928c2f3193e.txt, ELIMINATION AND EFFECTS OF: 'Any player who has been eliminated
    cannot continue receiving nor deploying INFs for the remaining years, and all scores are
    ceded'; '(or abandoned power)'. Austria, dissolved after winning 4 rounds, stood second on
    the game page, above France and England still playing for the win, the standings ranking
    by rounds won first. A power out of the game comes after those in it; its rounds are still
    shown."""
    import re

    _austria_dissolved_after_four_rounds(tmp_path)
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    table = page[page.index("Rounds won"):]
    order = [n for n in re.findall(r"<th scope=\"row\">([A-Za-z ]+)</th>", table)][:5]
    assert order == ["Spain", "England", "France", "Denmark", "Austria"], order
    assert "dissolved (abandoned)" in table
    assert "powers in the game first" in page


def _austria_dissolved_after_four_rounds(tmp_path):
    """A Spring 1623 turn played and published with Austria dissolved after winning 4 rounds
    (its home centers made minor states), Spain, France and England still playing; the game's
    paths."""
    from gm_tools.systems.europe1615.state import state_of, with_state

    homes = ("VIE", "SLO", "UPA", "RHU", "TYR")
    centers = dict(opening().centers, **{c: c for c in homes})
    position = board({"MAD": "A SPAIN", "PAR": "A FRANCE", "LON": "F ENGLAND"}, phase="S1623M", centers=centers)
    state = state_of(position)
    state.dissolved = {c: "AUSTRIA" for c in homes}
    state.round_wins = {"AUSTRIA": 4, "SPAIN": 3, "ENGLAND": 1}
    state.last_scores = {"SPAIN": 300, "FRANCE": 250, "ENGLAND": 240, "DENMARK": 100}
    state.scored_year = 1622
    paths = game_at(tmp_path, with_state(position, state))
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site", force=True)
    return paths


def _rounds_sheet(paths) -> dict:
    import openpyxl

    rows = list(openpyxl.load_workbook(paths.workbook)["Rounds"].iter_rows(values_only=True))
    return {r[0]: dict(zip(rows[0], r)) for r in rows[1:]}


def test_the_map_legend_and_rounds_sheet_say_a_dissolved_power_is_out(tmp_path):
    """000_cc215928c2f3193e.txt, ABANDONMENT / CIVIL DISORDER: 'then power will be dissolved at the
    winter phase'; ELIMINATION AND EFFECTS OF: 'Any player who has been eliminated cannot continue
    receiving nor deploying INFs for the remaining years, and all scores are ceded', '(or
    abandoned power)'. Austria, dissolved after winning 4 rounds: the game page's standings
    said "dissolved (abandoned)", the map's legend only "Austria: 0 SC, 0 units", and the
    workbook's Rounds sheet showed its 4 rounds won as any power's. The legend says it as the
    standings do; the Rounds sheet's Note says the row's scores are ceded (its figures kept, as
    the standings keep them)."""
    paths = _austria_dissolved_after_four_rounds(tmp_path)
    layer = (tmp_path / "site" / "games" / "g" / "current.map.js").read_text(encoding="utf-8")
    assert "Austria: dissolved (abandoned)" in layer and "Austria: 0 SC, 0 units" not in layer
    assert "Spain: " in layer and "Spain: dissolved" not in layer
    rounds = _rounds_sheet(paths)
    assert rounds["AUSTRIA"]["Rounds won"] == 4
    assert rounds["AUSTRIA"]["Note"] == "dissolved (abandoned): all scores are ceded"
    assert rounds["SPAIN"]["Note"] is None


def test_a_power_eliminated_with_units_left_is_said_eliminated_on_the_map_page_and_sheet(tmp_path):
    """000_cc215928c2f3193e.txt, ELIMINATION AND EFFECTS OF: 'A power is eliminated when all of its
    home centers have been captured, even if the power has acquired foreign centers during the
    game ... and all scores are ceded'. France, its home centers all Spain's, still has an army:
    the standings ranked it last ('all scores are ceded') but their Note said nothing, and the
    legend gave "France: 0 SC, 1 unit". All three say it is eliminated."""
    import re

    homes = SETUP.homes["FRANCE"]
    centers = dict(opening().centers, **{c: "SPAIN" for c in homes})
    position = board({"MAD": "A SPAIN", "BUR": "A FRANCE", "LON": "F ENGLAND"}, phase="S1623M", centers=centers)
    paths = game_at(tmp_path, position)
    run_turn("g", root=tmp_path, site_dir=tmp_path / "site", force=True)
    layer = (tmp_path / "site" / "games" / "g" / "current.map.js").read_text(encoding="utf-8")
    assert "France: eliminated, 0 SC, 1 unit" in layer
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    row = re.search(r"<th scope=\"row\">France</th>(.*?)</tr>", page, re.S).group(1)
    assert "eliminated" in row
    assert _rounds_sheet(paths)["FRANCE"]["Note"] == "eliminated: all scores are ceded"


def _sheet_rows(paths, title: str) -> list[tuple]:
    import openpyxl

    return list(openpyxl.load_workbook(paths.workbook)[title].iter_rows(values_only=True))


def test_the_inf_sheets_say_a_dissolved_power_is_out_as_the_rounds_sheet_does(tmp_path):
    """000_cc215928c2f3193e.txt, ABANDONMENT / CIVIL DISORDER: 'then power will be dissolved at the
    winter phase'; ELIMINATION AND EFFECTS OF: 'Any player who has been eliminated cannot continue
    receiving nor deploying INFs for the remaining years', 'INFs of the eliminated power (or
    abandoned power) that have been deployed to all minor states are removed after the scoring
    phase'. Austria dissolved: the standings, the legend and the Rounds sheet's Note said
    "dissolved (abandoned)", while the INF Allotment listed Austria as any power and the
    Influence Tracker's Austria column stood unmarked. Both say it beside the power now."""
    paths = _austria_dissolved_after_four_rounds(tmp_path)
    allotment = _sheet_rows(paths, "INF Allotment")
    header, rows = allotment[0], {r[0]: dict(zip(allotment[0], r)) for r in allotment[1:]}
    assert header[:4] == ("Power", "INFs this year", "Deployed", "Left")  # read by label as before
    assert rows["AUSTRIA"]["Note"] == "dissolved (abandoned): cannot continue receiving nor deploying INFs"
    assert rows["SPAIN"]["Note"] is None
    tracker = _sheet_rows(paths, "Influence Tracker")
    columns = tracker[0]
    out = [dict(zip(columns, r)) for r in tracker[1:] if r[1] == "Out of the game"]
    assert len(out) == 1, tracker[-3:]
    assert out[0]["Austria"] == "dissolved (abandoned)"
    assert out[0]["Spain"] is None and out[0]["Minor state"] is None
    assert "removed after the scoring phase" in out[0]["Status"]


def test_the_inf_sheets_say_a_power_eliminated_is_out(tmp_path):
    """000_cc215928c2f3193e.txt, ELIMINATION AND EFFECTS OF: 'A power is eliminated when all of
    its home centers have been captured ... Any player who has been eliminated cannot continue
    receiving nor deploying INFs'. France's home centers all Spain's: the INF sheets say
    "eliminated", as the Rounds sheet's Note does; a game with every power in play has no
    Out of the game row."""
    playing = game_at(tmp_path / "all", board({"MAD": "A SPAIN", "PAR": "A FRANCE"}, phase="S1623M"))
    assert not [r for r in _sheet_rows(playing, "Influence Tracker") if r[1] == "Out of the game"]
    assert all(r[4] is None for r in _sheet_rows(playing, "INF Allotment")[1:])
    homes = SETUP.homes["FRANCE"]
    centers = dict(opening().centers, **{c: "SPAIN" for c in homes})
    position = board({"MAD": "A SPAIN", "BUR": "A FRANCE", "LON": "F ENGLAND"}, phase="S1623M", centers=centers)
    paths = game_at(tmp_path, position)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    allotment = _sheet_rows(paths, "INF Allotment")
    rows = {r[0]: dict(zip(allotment[0], r)) for r in allotment[1:]}
    assert rows["FRANCE"]["Note"] == "eliminated: cannot continue receiving nor deploying INFs"
    tracker = _sheet_rows(paths, "Influence Tracker")
    out = [dict(zip(tracker[0], r)) for r in tracker[1:] if r[1] == "Out of the game"]
    assert out and out[0]["France"] == "eliminated" and out[0]["Austria"] is None


def test_a_workbook_with_the_inf_sheets_old_or_new_is_read_by_the_next_turn(tmp_path):
    """The Influence Tracker's Out of the game row and the INF Allotment's Note column are the
    turn's own writing, which no turn reads: the workbook written with them plays its next
    phase, and so does one laid out as before them (a game in progress)."""
    import openpyxl

    paths = _austria_dissolved_after_four_rounds(tmp_path)
    before = load_state("g", tmp_path).position.phase
    wb = openpyxl.load_workbook(paths.workbook)
    wb["INF Allotment"].delete_cols(5)
    tracker = wb["Influence Tracker"]
    tracker.delete_rows(next(r for r in range(2, tracker.max_row + 1) if tracker.cell(r, 2).value == "Out of the game"))
    wb.save(paths.workbook)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    middle = load_state("g", tmp_path).position.phase
    assert middle != before
    assert _sheet_rows(paths, "INF Allotment")[0][-1] == "Note"
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase != middle
