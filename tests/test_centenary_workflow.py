"""Centenary in the GM workflow, through real .xlsx workbooks: new-game, orders typed with
openpyxl, turn, the Fealty and Neutrals sheets, the record's random draws, replay.

Rulebook: Centenary, William Preston, Vienna 44 (April 1988),
004_1210a5933393c2d7.txt; each test cites its rule.

The scripted game (seed 1), played once for the module:

- S1618M: Spain's army goes to Estremadura, beside Portugal. The Empire takes Bohemia from the German Princes with Bavaria's
  support (Bavaria is the Empire's from the start, rule 4): a Catholic power attacks a
  Protestant one, so a Catholic neutral is drawn to the Empire (rules 3 and 7).
- S1618R: the Princes' army retreats to Silesia.
- F1618M: Bavaria's army, ordered by the Empire, takes the Swiss center with Milan's support;
  Spain takes Portugal's (A EST - POR, F GRA supporting: the unowned Portuguese army is
  disbanded, rule 2).
- W1618A: Spain claims Portugal's Fealty (rule 2) and builds in Portugal, its own army there
  retreating to Estremadura; the Empire builds for Bavaria, now two centers to one unit (rule 3).
"""

from __future__ import annotations

import json
import random
import shutil

import pytest

from gm_tools.errors import WorkbookError
from gm_tools.edges.game import game_paths
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.edges.ordercheck import CheckedOrders
from gm_tools.engine.rules import Rules, rules_for
from gm_tools.app.turn import adjudicate, replay, run_turn
from gm_tools.app.cli import main
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook import open_workbook
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import create, play, snapshot, type_cells

SEED = 1
CATHOLIC_NEUTRALS = ["PAPACY", "POLAND", "PORTUGAL", "VENICE"]  # Bavaria is sworn already (rule 4)


def rows(paths, sheet: str) -> list[dict]:
    wb = open_workbook(paths.workbook.read_bytes(), "test")
    values = [list(r) for r in wb[sheet].iter_rows(values_only=True)]
    return [dict(zip(values[0], r)) for r in values[1:]]


def record(paths, phase: str) -> dict:
    return json.loads(paths.record_file(phase).read_text(encoding="utf-8"))


def fealty_row(row: int, power, neutral, build_in=None, retreat_to=None) -> dict:
    return {f"Fealty!A{row}": power, f"Fealty!B{row}": neutral, f"Fealty!C{row}": build_in,
            f"Fealty!D{row}": retreat_to}


def play_1618(root, name: str = "cen", until_winter: bool = False):
    """The scripted game; stops before the Winter adjustments when ``until_winter``."""
    paths = create(root, name, variant="centenary", seed=SEED)
    play(paths, {
        "SPAIN": ["A CAS - EST"],
        "EMPIRE": ["A VIE - BOH", "A BUP S A VIE - BOH", "A BAV S A VIE - BOH"],
        "PRINCES": ["A BOH H"],
    })
    play(paths, {"PRINCES": ["A BOH R SIL"]})
    play(paths, {"EMPIRE": ["A BAV - SWC", "A MIL S A BAV - SWC"], "SPAIN": ["A EST - POR", "F GRA S A EST - POR"]})
    if until_winter:
        return paths
    type_cells(paths, fealty_row(2, "SPAIN", "PORTUGAL", "POR", "EST"))
    play(paths, {"SPAIN": ["BUILD A POR"], "EMPIRE": ["BUILD A VIE", "BUILD A BAV"], "PRINCES": ["A SIL D"]})
    return paths


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return play_1618(tmp_path_factory.mktemp("centenary"))


@pytest.fixture(scope="module")
def winter(tmp_path_factory):
    """The game at W1618A, nothing entered yet."""
    return play_1618(tmp_path_factory.mktemp("centenary-winter"), until_winter=True)


def copy_game(paths, root):
    """The game's files copied to ``root``, to try a wrong entry without spoiling it."""
    shutil.copytree(paths.root, root, dirs_exist_ok=True)
    return game_paths(paths.name, root)


# --- Automatic Fealty (rules 3 and 7) ------------------------------------------------------


def test_catholic_attack_on_protestant_draws_a_catholic_neutral(game):
    # Rule 3: "any time a Catholic power attacks a Protestant power, the GM will randomly
    # select one the unconquered Catholic neutrals to give fealty to the attacking player".
    # Rule 7: the attack is the occupation of Bohemia, credited to the Princes at the start.
    rec = record(game, "S1618M")
    assert rec["random"]["seed"] == str(SEED)
    assert rec["random"]["draws"] == [{
        "kind": "automatic fealty",
        "text": "VENICE gives Fealty to EMPIRE (EMPIRE attacked PRINCES in BOH; candidates PAPACY, POLAND, "
                "PORTUGAL, VENICE)",
        "rule": "Centenary rule 3",
        "seed": "1:S1618M",
        "attack": {"center": "BOH", "attacker": "EMPIRE", "defender": "PRINCES"},
        "candidates": CATHOLIC_NEUTRALS,
        "chosen": "VENICE",
    }]
    # The draw is Python's Random seeded with the text reported: anyone can repeat it.
    assert random.Random("1:S1618M").choice(CATHOLIC_NEUTRALS) == "VENICE"
    assert rec["after"]["extra"]["centenary"]["fealty"] == {"VENICE": "EMPIRE"}
    assert rec["after"]["extra"]["centenary"]["fealty_since"] == {"VENICE": "S1618M"}


def test_the_draw_replays_the_same_from_the_seed(game, tmp_path):
    # Rule 3's random draw is the GM's; made from the recorded seed, it is the same every time.
    assert replay(game.name, root=game.root) == []
    again = play_1618(tmp_path, until_winter=True)
    assert again.record_file("S1618M").read_bytes() == game.record_file("S1618M").read_bytes()


def test_phases_without_a_religious_attack_draw_nothing(game):
    # Rule 3: only "a player of one religion" attacking one "of the opposite religion" draws;
    # Fall's captures of the Swiss and Portuguese centers are attacks on neutrals that are
    # nobody's (rule 7: credited to no player).
    for phase in ("S1618R", "F1618M", "W1618A"):
        assert record(game, phase)["random"]["draws"] == []


def test_venices_fleet_is_ordered_by_the_empire(game):
    # Rule 3: "Thenceforth, the Catholic player will order the units of that neutral."
    units = {r["Unit"]: r for r in rows(game, "Units")}
    assert units["F VEN"]["Power"] == "VENICE" and units["F VEN"]["Status"] == "ordered by EMPIRE"
    order_rows = [(r["Power"], r["Unit"]) for r in rows(game, "Orders") if r["Unit"]]
    assert ("EMPIRE", "F VEN") in order_rows and ("EMPIRE", "A BAV") in order_rows


# --- Fealty claimed (rule 2) ---------------------------------------------------------------


def test_spain_claims_portugal_in_the_turn_of_capture(game):
    # Rule 2: "if a player capturing the center it occupied specifically orders it, he may
    # claim the 'Fealty' of the major or minor neutral in question".
    rec = record(game, "W1618A")
    assert rec["extra"]["centenary"] == {"claims": [
        {"power": "SPAIN", "neutral": "PORTUGAL", "build_in": "POR", "retreat": {"unit": "A POR", "to": "EST"}}]}
    assert rec["after"]["extra"]["centenary"]["fealty"] == {"PORTUGAL": "SPAIN", "VENICE": "EMPIRE"}
    neutrals = {r["Neutral"]: r for r in rows(game, "Neutrals")}
    assert (neutrals["PORTUGAL"]["Fealty"], neutrals["PORTUGAL"]["Since"]) == ("SPAIN", "W1618A")
    assert (neutrals["BAVARIA"]["Fealty"], neutrals["BAVARIA"]["Since"]) == ("EMPIRE", "the start (rule 4)")
    assert neutrals["POLAND"]["Fealty"].startswith("none")
    assert neutrals["PORTUGAL"]["Centers (owner)"] == "POR (PORTUGAL)"  # back with the unit built for it
    assert neutrals["SWISS"]["Centers (owner)"] == "SWC (BAVARIA)"


def test_fealty_build_in_the_occupied_center(game):
    # Rule 2: "Instead of building a new unit for himself, the player may build a unit in the
    # occupied center. Any of his or her units in the center in question 'retreat' during
    # the adjustment phase, and must be given a retreat order." The unit built is the
    # neutral's, in its own center, ordered by Spain from then on (issue 17 item 9).
    after = record(game, "W1618A")["after"]
    assert after["units"]["PORTUGAL"] == ["A POR"] and "A EST" in after["units"]["SPAIN"]
    assert "A POR" not in after["units"]["SPAIN"] and "POR" in after["centers"]["PORTUGAL"]
    units = {r["Unit"]: r for r in rows(game, "Units")}
    assert units["A POR"]["Power"] == "PORTUGAL" and units["A POR"]["Status"] == "ordered by SPAIN"
    results = {(r["power"], r["order"]): r["result"] for r in record(game, "W1618A")["results"]}
    assert results[("SPAIN", "BUILD A POR")] == "succeeds"
    # The right lasts the adjustment phase of the claim only.
    assert "fealty_builds" not in after["extra"].get("centenary", {}) and "captures" not in after["extra"].get("centenary", {})


def test_the_winter_map_draws_the_claimers_unit_where_it_retreated(game):
    """Rule 2 (004 rulebook, Fealty): 'Any of his or her units in the center in question
    "retreat" during the adjustment phase, and must be given a retreat order.' The W1618A map
    draws Spain's army at EST, where it retreated, and the build in POR (the pale unit) in the
    center it left, not the army still standing under the build."""
    from gm_tools.edges.basemap import schematic_map
    from gm_tools.publish.render import RenderOptions
    from gm_tools.publish.site import phase_map_svg
    from gm_tools.publish.sitecontext import collect_game

    site_game = collect_game(game.root, game.name)
    phase = next(p for p in site_game.phases if p.id == "W1618A")
    svg = phase_map_svg(site_game, phase, RenderOptions(base_map=schematic_map(site_game.variant)))
    assert "<g><title>Spanish A EST</title>" in svg
    assert "<g><title>Spanish A POR</title>" not in svg
    assert '<g opacity="0.55"><title>Spanish A POR</title>' in svg  # the build
    # the record keeps the board the phase started from, the army in POR
    assert "A POR" in record(game, "W1618A")["before"]["units"]["SPAIN"]


def test_claim_window_opens_after_the_capture(winter):
    # Rule 2: claims "must [be made] in the same turn as they capture the center": the Winter
    # sheet offers the claim to Spain, who took Portugal's center in 1618.
    neutrals = {r["Neutral"]: r for r in rows(winter, "Neutrals")}
    assert neutrals["PORTUGAL"]["May claim Fealty now"] == "SPAIN"
    assert neutrals["VENICE"]["May claim Fealty now"] is None


BAD_CLAIMS = [
    # (row values, cell, words the problem must say), each citing its rule
    (("FRANCE", "PORTUGAL"), "Fealty!B2", "FRANCE does not hold its center"),  # rule 2: "capturing the center"
    (("SPAIN", "DENMARK"), "Fealty!B2", "both centers"),  # rule 2: "in the case of Russia or Denmark, both centers"
    (("SPAIN", "VENICE"), "Fealty!B2", "already sworn to EMPIRE"),  # rule 6: fealty "may never change"
    (("EMPIRE", "SWISS"), "Fealty!B2", "EMPIRE does not hold its center"),  # Bavaria took it, not the Empire
    (("SPAIN", None), "Fealty!B2", "the neutral claimed"),
    (("SPAIN", "PORTUGAL", "POR"), "Fealty!D2", "retreats to"),  # rule 2: "must be given a retreat order"
    (("SPAIN", "PORTUGAL", "POR", "LYN"), "Fealty!D2", "EST, LEO"),  # a retreat to a neighbour only
    # not a neutral's center at all: the claimed neutral's own centers are what was expected
    (("SPAIN", "PORTUGAL", "CAS"), "Fealty!C2", "found 'CAS', expected a center of PORTUGAL: POR"),
    (("SPAIN", "PORTUGAL", "BAV"), "Fealty!C2", "a center of PORTUGAL: POR"),
]


@pytest.mark.parametrize("values, cell, words", BAD_CLAIMS)
def test_bad_claim_is_a_problem_with_its_cell(winter, tmp_path, values, cell, words):
    paths = copy_game(winter, tmp_path)
    type_cells(paths, fealty_row(2, *values))
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    text = [str(p) for p in raised.value.problems]
    assert any(t.startswith(f"{cell}: found") and words in t for t in text), text
    assert snapshot(tmp_path) == before  # nothing written


def test_claim_outside_the_turn_of_capture_is_refused(tmp_path):
    # Rule 2: the claim is made "in the same turn as they capture the center": in Spring 1618
    # no center has changed hands yet.
    paths = create(tmp_path, "early", variant="centenary", seed=SEED)
    type_cells(paths, fealty_row(2, "SPAIN", "PORTUGAL"))
    with pytest.raises(WorkbookError, match=r"Fealty!B2: found 'PORTUGAL', expected no claim: no center changed"):
        run_turn(paths.name, root=paths.root, site_dir=None)


def test_two_claims_on_one_neutral(winter, tmp_path):
    paths = copy_game(winter, tmp_path)
    type_cells(paths, {**fealty_row(2, "SPAIN", "PORTUGAL"), **fealty_row(3, "SPAIN", "PORTUGAL")})
    with pytest.raises(WorkbookError, match=r"Fealty!B3: found 'PORTUGAL', expected one claim per neutral: Fealty!B2"):
        run_turn(paths.name, root=paths.root, site_dir=None)


def test_a_claim_by_a_power_that_did_not_capture_is_refused_for_that_and_the_capturers_stands(winter, tmp_path):
    # Rule 2: "if a player capturing the center it occupied specifically orders it, he may claim
    # the 'Fealty'": France, who did not capture Portugal, is refused for that, and its claim
    # does not make Spain's, typed after it, a second claim on the same neutral.
    paths = copy_game(winter, tmp_path)
    type_cells(paths, {**fealty_row(2, "FRANCE", "PORTUGAL", "POR", "EST"),
                       **fealty_row(3, "SPAIN", "PORTUGAL", "POR", "EST")})
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert [f"{p.sheet}!{p.cell}" for p in raised.value.problems] == ["Fealty!B2"]
    assert "FRANCE does not hold its center" in raised.value.problems[0].expected


def test_two_players_mail_claims_on_one_neutral_and_the_capturers_stands_with_its_build(winter, tmp_path):
    # Rule 2, by mail (gm-tools orders): in one batch France's claim is refused for France's
    # own reason, not as a second claim on a cell that is empty; Spain's claim is typed, and
    # the build it opens in the occupied center ("the player may build a unit in the occupied
    # center") is accepted with it.
    from gm_tools.app.mailorders import enter_mails

    paths = copy_game(winter, tmp_path)
    mail = (b"France\nFEALTY: PORTUGAL, build in POR, retreat to EST\n\n"
            b"Spain\nFealty: Portugal, build in POR, retreat to EST\nBUILD A POR\n")
    report = enter_mails(paths.name, [("cf", mail)], root=paths.root)
    assert [(where, why) for where, _, why in report.refused] == [
        ("cf line 2", "a neutral FRANCE may claim now, but FRANCE does not hold its center of PORTUGAL: POR is "
         "SPAIN's (rule 2)")], report.text()
    assert sorted((p, text) for _, p, text, _ in report.written) == [
        ("SPAIN", "BUILD A POR"), ("SPAIN", "Fealty: Portugal, build in POR, retreat to EST")]
    assert [r["Power"] for r in rows(paths, "Fealty") if r["Power"]] == ["SPAIN"]
    run_turn(paths.name, root=paths.root, site_dir=None)
    after = record(paths, "W1618A")["after"]
    assert after["units"]["PORTUGAL"] == ["A POR"] and "A EST" in after["units"]["SPAIN"]


def test_a_second_mailed_claim_on_one_neutral_names_the_line_of_the_first(winter, tmp_path):
    # One claim per neutral (rule 2: the capturer "may claim the 'Fealty'" once): the second
    # line of a mail claiming Portugal again is refused naming the mail's line that claims it,
    # not a Fealty cell the checks numbered for themselves (the sheet's row is still empty).
    from gm_tools.app.mailorders import enter_mails

    paths = copy_game(winter, tmp_path)
    mail = b"Spain\nFEALTY: PORTUGAL\nFEALTY: PORTUGAL, build in POR, retreat to EST\n"
    report = enter_mails(paths.name, [("cf", mail)], root=paths.root, dry_run=True)
    assert [(where, why) for where, _, why in report.refused] == [
        ("cf line 3", "one claim per neutral: cf line 2 claims it already")], report.text()


def test_a_mailed_claim_to_build_in_the_center_needs_the_build_in_the_same_mail(winter, tmp_path):
    # Rule 2: "the player may build a unit in the occupied center. Any of his or her units in the
    # center in question 'retreat'": a mailed claim with a build in POR but no BUILD A POR would
    # move Spain's army for nothing, and the turn refuses it; so does the mail (its orders are
    # all Spain's the turn will see), and nothing is written.
    from gm_tools.app.mailorders import enter_mails

    paths = copy_game(winter, tmp_path)
    before = snapshot(tmp_path)
    report = enter_mails(paths.name, [("cf", b"Spain\nFealty: Portugal, build in POR, retreat to EST\n")],
                         root=paths.root)
    assert [(where, why.split(",")[0]) for where, _, why in report.refused] == [
        ("cf line 2", "a build in POR on SPAIN's Orders block (BUILD A POR)")], report.text()
    assert report.written == [] and snapshot(tmp_path) == before


def test_a_mailed_claim_on_a_misspelt_neutral_or_a_player_says_which_it_is(winter, tmp_path, capsys):
    # Rule 2: a player "may claim the 'Fealty' of the major or minor neutral in question"; the
    # introduction names the neutrals. A misspelt neutral gets the neutral it is closest to, and
    # a player's power is said to be one, not offered a neutral it resembles; nothing is written.
    paths = copy_game(winter, tmp_path)
    (tmp_path / "a.txt").write_bytes(b"Spain\nFEALTY: PORTUGL, build in POR, retreat to EST\n")
    (tmp_path / "b.txt").write_bytes(b"France\nFEALTY: ENGLAND\n")
    before = snapshot(tmp_path)
    capsys.readouterr()
    assert main(["orders", paths.name, str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                 "--root", str(paths.root)]) == 1
    out = capsys.readouterr().out
    assert ("expected a neutral SPAIN may claim now, but PORTUGL is not a neutral; only neutrals give Fealty "
            "(did you mean PORTUGAL?)") in out
    assert ("expected a neutral FRANCE may claim now, but ENGLAND is a player's power, not a neutral; only "
            "neutrals give Fealty") in out
    assert snapshot(tmp_path) == before


# --- a vassal's build and the victory count (rule 3) --------------------------------------


def test_vassal_builds_ordered_by_its_master(game):
    # Rule 3: "Supply centers may be captured by the former neutral to build further units":
    # Bavaria took the Swiss center, and the Empire writes its build.
    rec = record(game, "W1618A")
    assert rec["orders"]["EMPIRE"][1]["read"] == "BUILD A BAV"
    results = {(r["power"], r["order"]): r["result"] for r in rec["results"]}
    assert results[("BAVARIA", "BUILD A BAV")] == "succeeds"
    units = {r["Unit"]: r for r in rows(game, "Units")}
    assert units["A BAV"]["Power"] == "BAVARIA" and units["A BAV"]["Status"] == "ordered by EMPIRE"
    assert units["A SWC"]["Power"] == "BAVARIA"
    # Issue 17 item 13: reported as given, never as a build left unordered and waived
    assert not [n for n in rec["notes"] if n["power"] == "BAVARIA"], rec["notes"]


def test_the_results_sheet_shows_the_masters_order_for_its_vassal_with_its_result(game):
    """Rule 3: the master 'will order the units of that neutral': the Results sheet written
    back after the Winter of 1618 shows the Empire's build for Bavaria and that it succeeded
    (issue 17 item 13)."""
    found = [r for r in rows(game, "Results") if r["Order"] == "BUILD A BAV"]
    assert len(found) == 1 and found[0]["Power"] == "EMPIRE for BAVARIA" and found[0]["Result"] == "succeeds"


def test_victory_counts_a_vassals_centers():
    # Rule 3: "all centers owned by the former neutral will count towards the owning power's
    # total for victory purposes"; 17 of the 32 win (introduction). A hand-set Fall board:
    # the Empire owns 15, Bavaria (sworn from the start, rule 4) 1, Venice (sworn) 1.
    cen = load_variant("centenary")
    rules, hooks = rules_for(cen), hooks_for(cen)
    empire = [c for c in cen.supply_centers() if c not in ("BAV", "VEN")][:15]
    centers = {c: "EMPIRE" for c in empire}
    centers.update({"BAV": "BAVARIA", "VEN": "VENICE"})
    board = Position("F1625M", units={"VIE": Unit("EMPIRE", ARMY, "VIE")}, centers=centers,
                     extra={"centenary": {"fealty": {"VENICE": "EMPIRE"}}})
    assert Rules().winner(cen, board) is None  # the standard count: 15
    done = adjudicate(cen, rules, hooks, board, CheckedOrders(), {}, "5")
    assert done.winner == "EMPIRE"


def test_report_shows_the_draw_but_not_its_seed_and_the_neutrals(game):
    # The site's phase page: every random draw, and the neutrals' fealty. Not the draw's
    # seed: it holds the game's, from which every draw to come can be worked out.
    cen = load_variant("centenary")
    sections = dict(hooks_for(cen).report_sections(cen, record(game, "S1618M")))
    assert "**Venice** gives Fealty to the Holy Roman Empire" in sections["Random draws"]
    assert record(game, "S1618M")["random"]["draws"][0]["seed"] == "1:S1618M"  # in the GM's record
    assert "1:S1618M" not in sections["Random draws"] and "seed `" not in sections["Random draws"]
    assert "**Bavaria**: sworn to the Holy Roman Empire since the start (rule 4)" in sections["Neutrals"]
    winter_sections = dict(hooks_for(cen).report_sections(cen, record(game, "W1618A")))
    # the record's codes ("A POR", "EST", "SPAIN", "W1618A", "PAPACY") named, as a player reads them
    assert winter_sections["Fealty claimed (rule 2)"] == (
        "- Spain claims the Fealty of Portugal; its army in Portugal (POR) retreats to Estremadura (EST); "
        "Spain builds an army for Portugal in Portugal (POR) instead of one of its own, and orders it "
        "(rules 2 and 3)")
    assert ("**Portugal**: sworn to Spain since Winter 1618 Adjustment; centers Portugal (POR, its own)"
            in winter_sections["Neutrals"])
    assert "**Swiss Confederation**: sworn to nobody; centers Swiss Confederation (SWC, held by Bavaria)" \
        in winter_sections["Neutrals"]
    assert ("The Holy Roman Empire attacked the German Princes in Bohemia (BOH), Catholic against Protestant: "
            "**Venice** gives Fealty to the Holy Roman Empire, drawn among the Papal States, Poland, Portugal, "
            "Venice from the game's seed") in sections["Random draws"]


def test_a_draw_with_one_candidate_names_it_as_the_only_one_left(game):
    """004, rule 3: "the GM will randomly select one the unconquered Catholic neutrals". When one
    is left, the page says so, not "drawn among Poland"; the record keeps its draw as made."""
    cen = load_variant("centenary")
    played = record(game, "S1618M")
    draw = played["random"]["draws"][0]
    played["random"]["draws"] = [{**draw, "candidates": [draw["chosen"]]}]
    sections = dict(hooks_for(cen).report_sections(cen, played))
    assert sections["Random draws"] == (
        "- The Holy Roman Empire attacked the German Princes in Bohemia (BOH), Catholic against Protestant: "
        "**Venice** gives Fealty to the Holy Roman Empire, the only unconquered Catholic neutral left (rule 3)")


def test_vassals_dislodged_unit_retreats_by_its_masters_order():
    # Rule 3: the master "will order the units of that neutral", its retreats included (a
    # sworn neutral's unit retreats like a player's: rule 2 disbands only unowned ones).
    from gm_tools.edges.layout import order_blocks
    from gm_tools.engine.model import Dislodged

    cen = load_variant("centenary")
    bav = Unit("BAVARIA", ARMY, "BAV")
    board = Position("S1618R", units={"VIE": Unit("EMPIRE", ARMY, "VIE")}, centers=dict(cen.start_centers),
                     dislodged={"BAV": Dislodged(bav, "BOH", ("ILY", "SAX"))})
    blocks = {b.power: b for b in order_blocks(cen, board, rules_for(cen))}
    assert [(s.power, s.label, s.choices) for s in blocks["EMPIRE"].slots] == [
        ("EMPIRE", "A BAV", ("A BAV R ILY", "A BAV R SAX", "A BAV D"))]
    assert "BAVARIA" not in blocks  # a neutral has no block of its own


def test_turn_report_names_the_draw_and_its_seed(tmp_path):
    # Rule 3: "the GM will randomly select" - the GM's report says what was drawn, from what seed.
    paths = create(tmp_path, "report", variant="centenary", seed=SEED)
    report = play(paths, {"EMPIRE": ["A VIE - BOH", "A BUP S A VIE - BOH", "A BAV S A VIE - BOH"]})
    assert ("  random draw (automatic fealty, seed 1:S1618M): VENICE gives Fealty to EMPIRE (EMPIRE attacked "
            "PRINCES in BOH; candidates PAPACY, POLAND, PORTUGAL, VENICE)") in report.text().splitlines()


def test_a_claim_naming_no_neutral_is_one_problem_as_typed(winter, tmp_path):
    # A cell that is not one of the sheet's choices is reported once, with what was typed,
    # never again as "an empty cell" (rule 2's claim names a neutral and a player).
    paths = copy_game(winter, tmp_path)
    type_cells(paths, fealty_row(2, "SPAIN", "NARNIA"))
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    text = [str(p) for p in raised.value.problems]
    assert [t for t in text if t.startswith("Fealty!B2")] == [
        "Fealty!B2: found 'NARNIA', expected one of DENMARK, RUSSIA, POLAND, PORTUGAL, PAPACY, SWISS, "
        "BAVARIA, VENICE (Neutral)"]


def test_victory_count_of_the_scripted_game_includes_vassals(game):
    # Rule 3: "all centers owned by the former neutral will count towards the owning power's
    # total for victory purposes"; 17 win (introduction). After 1618 the Empire owns VIE,
    # BUP, MIL and BOH; Bavaria (its vassal, rule 4) owns BAV and SWC; Venice (drawn, rule 3)
    # owns VEN: 7 for the Empire. Spain owns NTH, GRA, CAS; Portugal (claimed) POR: 4.
    victory = {r["Power"]: r for r in rows(game, "Victory")}
    assert victory["EMPIRE"] == {"Power": "EMPIRE", "Own centers": 4, "Vassals (centers)": "BAVARIA (2), VENICE (1)",
                                 "Total for victory": 7, "To win": 17}
    assert victory["SPAIN"]["Total for victory"] == 4 and victory["SPAIN"]["Vassals (centers)"] == "PORTUGAL (1)"
    assert victory["PRINCES"]["Total for victory"] == 2 and victory["PRINCES"]["Vassals (centers)"] is None
    assert next(iter(victory)) == "EMPIRE"  # the largest total first
    cen = load_variant("centenary")
    sections = dict(hooks_for(cen).report_sections(cen, record(game, "W1618A")))
    lines = sections["Centers for victory (17 win; rule 3 counts vassals')"].splitlines()
    assert lines[0] == "- Holy Roman Empire: **7** (own 4, Bavaria 2, Venice 1)"
    assert "- Spain: **4** (own 3, Portugal 1)" in lines


def test_a_fealty_build_site_with_no_build_ordered_is_a_problem(winter, tmp_path):
    # Rule 2: "Instead of building a new unit for himself, the player may build a unit in the
    # occupied center. Any of his or her units in the center in question 'retreat'": the
    # retreat is for that build, so a Build in with no build ordered there is refused.
    paths = copy_game(winter, tmp_path)
    type_cells(paths, fealty_row(2, "SPAIN", "PORTUGAL", "POR", "EST"))
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"SPAIN": ["BUILD A CAS"]}, ""))
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert [str(p) for p in raised.value.problems] == [
        "Fealty!C2: found 'POR', expected a build in POR on SPAIN's Orders block (BUILD A POR), or an empty "
        "cell: the build in the occupied center is what SPAIN's unit there retreats for (rule 2)"]
    assert snapshot(tmp_path) == before  # nothing written


@pytest.mark.parametrize("retreat_to, words", [
    ("LYN", "found 'LYN', expected a province A POR can retreat to: EST, LEO"),
    (None, "found an empty cell, expected where SPAIN's A POR in POR retreats to"),
])
def test_a_fealty_row_with_a_wrong_retreat_is_the_only_problem_not_the_build_it_opens(winter, tmp_path, retreat_to,
                                                                                        words):
    """004_1210a5933393c2d7.txt, rule 2: "Instead of building a new unit for himself, the player
    may build a unit in the occupied center. Any of his or her units in the center in question
    'retreat' during the adjustment phase, and must be given a retreat order." A row whose only
    mistake is that retreat is that one mistake: the BUILD A POR its claim opens is not refused
    too ("cannot build in Portugal"), and once the row is right the turn plays with it."""
    paths = copy_game(winter, tmp_path)
    type_cells(paths, fealty_row(2, "SPAIN", "PORTUGAL", "POR", retreat_to))
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"SPAIN": ["BUILD A POR"]}, ""))
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    problems = [str(p) for p in raised.value.problems]
    assert len(problems) == 1 and problems[0].startswith("Fealty!D2: ") and words in problems[0], problems
    assert snapshot(tmp_path) == before  # nothing written while the row is wrong
    type_cells(paths, {"Fealty!D2": "EST"})
    run_turn(paths.name, root=paths.root, site_dir=None)
    results = {(r["power"], r["order"]): r["result"] for r in record(paths, "W1618A")["results"]}
    assert results[("SPAIN", "BUILD A POR")] == "succeeds"


def test_a_claim_that_stands_opens_its_build_beside_another_rows_mistake(winter, tmp_path):
    """004_1210a5933393c2d7.txt, rule 2: the player "capturing the center it occupied" may
    claim its Fealty and "build a unit in the occupied center". Spain's claim is right; a
    second row, France's claim on Poland, is not (France captured nothing): that row is the
    one problem, and Spain's BUILD A POR is checked with Spain's claim made."""
    paths = copy_game(winter, tmp_path)
    type_cells(paths, {**fealty_row(2, "SPAIN", "PORTUGAL", "POR", "EST"), **fealty_row(3, "FRANCE", "POLAND")})
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"SPAIN": ["BUILD A POR"]}, ""))
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert [f"{p.sheet}!{p.cell}" for p in raised.value.problems] == ["Fealty!B3"]


def test_a_build_in_a_center_no_claim_could_open_is_still_refused_beside_the_rows_mistake(winter, tmp_path):
    """004_1210a5933393c2d7.txt, rule 2: only "a player capturing the center" may claim the
    Fealty and build there. The Empire's row claims Portugal, which Spain captured: the row is
    wrong for that, and the Empire's BUILD A POR is wrong too, since no fix of the row makes it
    the Empire's build site; both are named."""
    paths = copy_game(winter, tmp_path)
    type_cells(paths, fealty_row(2, "EMPIRE", "PORTUGAL", "POR", "EST"))
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"EMPIRE": ["BUILD A POR"]}, ""))
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    by_sheet = {p.sheet: p for p in raised.value.problems}
    assert len(raised.value.problems) == 2 and set(by_sheet) == {"Fealty", "Orders"}
    assert by_sheet["Fealty"].cell == "B2" and "cannot build in Portugal (POR)" in by_sheet["Orders"].expected


def test_a_fealty_claim_is_in_the_turn_report_and_the_judge_text(tmp_path):
    """Rule 2: the claimer's unit 'must retreat' from the claimed center: the GM's console report
    and the judge-style text name the claim and the retreat (issue 17 item 14). The build made
    there is said as made, and as the neutral's unit its claimer orders (004, rule 2: "Instead of
    building a new unit for himself, the player may build a unit in the occupied center"; rule 3:
    "the Catholic player will order the units of that neutral"): the results list it as Spain's
    build, while the next phase lists the army under Portugal."""
    from gm_tools.publish.judgetext import judge_text

    paths = play_1618(tmp_path, until_winter=True)
    type_cells(paths, fealty_row(2, "SPAIN", "PORTUGAL", "POR", "EST"))
    report = play(paths, {"SPAIN": ["BUILD A POR"], "EMPIRE": ["BUILD A VIE", "BUILD A BAV"], "PRINCES": ["A SIL D"]})
    claim = ("Spain claims the Fealty of Portugal; its army in Portugal (POR) retreats to Estremadura (EST); "
             "Spain builds an army for Portugal in Portugal (POR) instead of one of its own, and orders it "
             "(rules 2 and 3)")
    assert f"  {claim}" in report.text().splitlines()
    text = judge_text(load_variant("centenary"), report.record)
    assert "Fealty claimed (rule 2):\n" in text and claim in " ".join(text.split())  # wrapped at 76 columns


def test_the_shipped_demo_plays_1618_with_a_draw_and_a_claim_and_replays(tmp_path):
    """The Centenary demo of `make turn` (sheets/demo-centenary.toml): rule 3's draw when the
    Empire attacks the Protestant Princes, and rule 2's Fealty claim typed on the Fealty sheet
    ('he may claim the "Fealty" of the major or minor neutral in question'), through the real
    workbook; the game replays to the same records."""
    from gm_tools.app.demo import DEMO_DIR, play_demo, read_demo
    from gm_tools.app.turn import load_state, replay

    demo = read_demo(DEMO_DIR / "demo-centenary.toml")
    play_demo(demo, tmp_path)
    state = load_state(demo.game, root=tmp_path)
    assert state.position.phase == "S1619M"
    fealty = state.position.extra["centenary"]["fealty"]
    assert fealty["PORTUGAL"] == "SPAIN" and fealty["VENICE"] == "EMPIRE"
    assert state.position.units["POR"].power == "PORTUGAL"  # the claimer builds the neutral's unit
    assert replay(demo.game, root=tmp_path) == []


def test_a_demo_fealty_table_that_is_not_claims_is_a_clear_error():
    from gm_tools.edges.variants import load_variant
    from gm_tools.errors import UserError

    variant = load_variant("centenary")
    with pytest.raises(UserError, match=r"demo\.toml \[W1618A\] Fealty: expected a list of claims"):
        variant.system.demo_cells(variant, "W1618A", {"Fealty": "SPAIN PORTUGAL"}, "demo.toml")


def test_a_mailed_fealty_claim_goes_on_the_fealty_sheet_and_is_sworn(winter, tmp_path):
    """Rule 2 ('if a player capturing the center it occupied specifically orders it, he may
    claim the "Fealty" ... Any of his or her units in the center in question "retreat" ...
    and must be given a retreat order'), by mail: the claim line onto the Fealty sheet, the
    builds onto the Orders sheet, each checked as the turn checks them."""
    import io

    import openpyxl

    from gm_tools.app.mailorders import enter_mails
    from gm_tools.app.turn import load_state

    paths = copy_game(winter, tmp_path)
    mail = (b"Spain\nFEALTY: Portugal, build in POR, retreat to EST\nBUILD A POR\n"
            b"FEALTY: DENMARK\nFEALTY\n")
    report = enter_mails(paths.name, [("philip", mail)], root=paths.root)
    refused = {where: why for where, _, why in report.refused}
    assert list(refused) == ["philip line 4", "philip line 5"]  # the build in POR stands: the claim opens it
    assert "DENMARK" in [what for _, what, _ in report.refused][0] and "claim" in refused["philip line 5"]
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Fealty"]
    assert [c.value for c in ws[2]][:4] == ["SPAIN", "PORTUGAL", "POR", "EST"]
    run_turn(paths.name, root=paths.root, site_dir=None, force=True)
    state = load_state(paths.name, root=paths.root)
    assert state.position.extra["centenary"]["fealty"]["PORTUGAL"] == "SPAIN"
    assert state.position.units["POR"].power == "PORTUGAL" and state.position.units["EST"].power == "SPAIN"


def test_an_unowned_neutral_dislodged_is_disbanded_by_rule_2_not_for_want_of_a_retreat(game):
    """Rule 2: unowned neutral armies 'If dislodged, such units are disbanded.' Portugal's army
    had Leon to retreat to; the judge text said it was destroyed 'with no valid retreats'. The
    Princes' army, a player's, retreats as in the standard game. The reason is the rule's, not
    "the rules allow it no retreat", which left a player asking which rule."""
    from gm_tools.publish.judgetext import judge_text

    variant = load_variant("centenary")
    fall = " ".join(judge_text(variant, record(game, "F1618M")).split())
    assert ("The Portuguese Army in Portugal was destroyed: by rule 2, an unowned neutral's unit is disbanded "
            "when dislodged.") in fall
    assert "with no valid retreats" not in fall
    spring = " ".join(judge_text(variant, record(game, "S1618M")).split())
    assert "The German Army in Bohemia can retreat to" in spring
    from gm_tools.publish.siteviews import _dislodged_view

    views = {v["unit"]: v for v in _dislodged_view(variant, record(game, "F1618M"))}
    assert views["Army Portugal"]["no_retreat_allowed"] is True


def test_a_player_typed_on_the_game_sheet_for_a_neutral_is_refused_at_its_cell(tmp_path):
    """Rule 2: 'Unowned Neutral Armies ... will Hold unordered'; a sworn neutral's units are
    ordered by its master (rule 3): no neutral has a player. A name the GM typed on the Game
    sheet's row for Poland was taken as Poland's player; `new-game --player` refuses it."""
    from workflow_helpers import problems_after

    paths = create(tmp_path, "cen", variant="centenary", seed=SEED)
    rows = {r["Field"]: n for n, r in enumerate(rows_of_game(paths), start=2)}
    type_cells(paths, {f"Game!C{rows['POLAND']}": "Fred", "Orders!C3": "A AVG H"})
    problems = problems_after(paths, tmp_path)
    assert problems == [f"Game!C{rows['POLAND']}: found 'Fred', expected an empty cell: no player plays POLAND"]


def rows_of_game(paths) -> list[dict]:
    wb = open_workbook(paths.workbook.read_bytes(), "test")
    return [{"Field": r[0]} for r in wb["Game"].iter_rows(min_row=2, values_only=True)]


def test_a_mailed_claim_may_name_the_provinces_and_leave_out_the_commas(winter, tmp_path):
    """Rule 2's claim by mail (docs: 'FEALTY: PORTUGAL, build in POR, retreat to EST') as
    players write it: the provinces by name ('build in Lisboa, retreat to Estremadura'), 'of'
    before the neutral, no commas: the same claim, typed with the provinces' codes."""
    from gm_tools.app.mailorders import enter_mails
    from gm_tools.edges.variants import load_variant

    variant = load_variant("centenary")
    rows = variant.system.mailed_rows(variant, "W1618A", "SPAIN", [
        "Fealty of Portugal, build in Lisboa, retreat to Estremadura", "FEALTY: PORTUGAL build in POR retreat to EST"]).rows
    assert rows == [("Fealty", ["SPAIN", "PORTUGAL", "POR", "EST"])] * 2
    paths = copy_game(winter, tmp_path)
    report = enter_mails(paths.name, [("cf", b"Spain\nFealty of Portugal, build in Lisboa, retreat to Estremadura\n"
                                             b"Build an army in Lisboa\n")], root=paths.root, dry_run=True)
    assert report.refused == [] and len(report.written) == 2, report.text()


def test_a_removal_due_from_a_vassal_is_named_when_its_master_removes_his_own_unit(tmp_path):
    """004, rule 3: "Thenceforth, the Catholic player will order the units of that neutral"; the
    2000 rulebook, 'Adjusting': a power removes its removals due. Bavaria, sworn to the Empire
    (rule 4), loses its only center to the Princes and keeps its retreated army: its removal is
    due, ordered in the Empire's block. The Empire's 'remove A BUP' was refused as "no removal:
    EMPIRE has no removal due" while `status` waited for "EMPIRE (1 removal)": the refusal now
    names the removal due and the units it may be made from."""
    from gm_tools.app.mailorders import enter_mails

    paths = create(tmp_path, "vassal", variant="centenary", seed=SEED)
    play(paths, {"PRINCES": ["A BRA - SAX"]})
    play(paths, {"PRINCES": ["A WST - BAV", "A BOH S A WST - BAV", "A SAX S A WST - BAV"]})
    play(paths, {"EMPIRE": ["A BAV R ILY"]})
    report = enter_mails(paths.name, [("hre", b"Empire\nremove A BUP\n")], root=paths.root, dry_run=True)
    ((_, line, why),) = report.refused
    assert line == "'remove A BUP'"
    assert why == ("no removal: EMPIRE has no removal due; the 1 removal due is BAVARIA's, whose units EMPIRE "
                   "orders: remove A ILY"), why
    type_cells(paths, {"Orders!C2": "remove A BUP"})
    before = snapshot(paths.root)
    with pytest.raises(WorkbookError) as caught:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(paths.root) == before
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.found) == ("Orders", "'remove A BUP'")
    assert problem.expected.endswith("whose units EMPIRE orders: remove A ILY"), problem.expected
