"""Europe 1615 (version 2): clauses implemented before any test ran them (the audit's 'Clauses
implemented but not tested', U3, U4, U5, U7, U8, U9), played through the real adjudicator,
the rules' hooks and the sheets' hooks.

Rulebook: ``001_6f4a9c76b6e5774a.txt`` (Europe 1615: Prelude to War, version 2).
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.hooks import InputRow, hooks_for
from gm_tools.engine.model import ARMY, FLEET, Position, Unit
from gm_tools.engine.rules import rules_for
from gm_tools.engine.runner import run_phase
from gm_tools.systems.europe1615v2 import occupation, politics
from gm_tools.systems.europe1615v2.scoring import victory_points
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.sheets import WAIVERS
from gm_tools.systems.europe1615v2.state import State, state_of, with_state

VARIANT = load_variant("europe1615v2")
SETUP = setup_of(VARIANT)
RULES = rules_for(VARIANT)
HOOKS = hooks_for(VARIANT)
START = dict(VARIANT.start_centers)


def board(units: dict[str, str], phase: str = "S1616M", centers: dict | None = None,
          state: State | None = None) -> Position:
    """``{"SAX": "A DENMARK"}``, with this game state."""
    placed = {}
    for province, text in units.items():
        kind, power = text.split()
        placed[province] = Unit(power, ARMY if kind == "A" else FLEET, province)
    return with_state(Position(phase, placed, dict(centers or START)), state or State())


def play(position: Position, orders: dict[str, list[str]]):
    """(results by order, the position after the phase and its consequences) of one phase."""
    done = run_phase(VARIANT, position, orders, RULES)
    after, _ = RULES.after_phase(VARIANT, position, done.position, "1")
    return {r.order: (r.result, r.reason) for r in done.results}, after


# --- U3: 'may recapture the minor state without penalty' ------------------------------------------


def test_a_contested_state_is_recaptured_without_penalty_and_then_the_penalties_apply():
    """001_6f4a9c76b6e5774a.txt, 'Consequences Of When A Major Power Attacks And Occupies A
    Minor State': "If a major power holds political control over a minor state (minor state is
    ALIGNED) and an opposing power attacks and occupies the minor state before a build phase, the
    minor state is then marked as CONTESTED. The major power, which holds political control (or
    any other major power), may recapture the minor state without penalty irrespective of
    religious or political status ... However, once the minor state is retaken, penalties
    concerning religious status (no builds) and political status (reduce supply points) take
    effect, if applicable." Saxony is ALIGNED with Austria and Catholic CONTROLLED (so Austria
    dislodging Saxony's own army would cost it -15 and -9). Denmark/Sweden takes it in the
    Spring: CONTESTED. In the Summer Austria retakes it from the Danish army: no penalty, and
    owning it Austria meets none of the penalties ('if applicable'). Or England retakes it: no
    penalty either; England owns it at the build phase: it cannot build there (Catholic control)
    and it yields a third of its supply points (ALIGNED with Austria)."""
    saxony = State(influence={"SAX": {"AUSTRIA": 12}})
    status = politics.statuses(SETUP, saxony)["SAX"]
    assert (status.political, status.power, status.confession) == (politics.ALIGNED, "AUSTRIA", "catholic")
    assert sorted(v for v, _ in occupation.penalties(SETUP, status, "SAX", "AUSTRIA")) == [9, 15]

    spring = board({"SAX": "A SAX", "BRA": "A DENMARK", "MAG": "A DENMARK", "ERF": "A ENGLAND",
                    "LUS": "A ENGLAND", "BOH": "A AUSTRIA", "ANS": "A AUSTRIA"}, state=saxony)
    results, summer = play(spring, {"DENMARK": ["A BRA - SAX", "A MAG S A BRA - SAX"]})
    assert results["A BRA - SAX"][0] == "succeeds" and summer.units["SAX"].power == "DENMARK"
    assert state_of(summer).contested == {"SAX": "DENMARK"} and state_of(summer).penalties == []

    summer = Position("U1616M", dict(summer.units), dict(summer.centers), extra=dict(summer.extra))
    # Austria itself, which holds political control and shares Saxony's religion, retakes it
    # 'without penalty irrespective of religious or political status'; owning it, nothing applies.
    results, fall = play(summer, {"AUSTRIA": ["A BOH - SAX", "A ANS S A BOH - SAX"]})
    assert results["A BOH - SAX"][0] == "succeeds" and fall.units["SAX"].power == "AUSTRIA"
    assert state_of(fall).penalties == [] and state_of(fall).contested == {}
    austrian = dict(START, SAX="AUSTRIA")
    assert "SAX" in RULES.build_sites(VARIANT, board({}, phase="W1616A", centers=austrian, state=state_of(fall)),
                                      "AUSTRIA")
    assert "SAX" not in occupation.revolts(SETUP, politics.statuses(SETUP, state_of(fall)), austrian)
    # Or any other major power: England.
    results, fall = play(summer, {"ENGLAND": ["A ERF - SAX", "A LUS S A ERF - SAX"]})
    assert results["A ERF - SAX"][0] == "succeeds" and fall.units["SAX"].power == "ENGLAND"
    assert state_of(fall).penalties == []            # 'without penalty'
    assert state_of(fall).contested == {}            # retaken

    # Owned at the build phase: 'penalties concerning religious status (no builds) and political
    # status (reduce supply points) take effect'.
    owned = dict(START, SAX="ENGLAND")
    winter = board({}, phase="W1616A", centers=owned, state=state_of(fall))
    assert "SAX" not in RULES.build_sites(VARIANT, winter, "ENGLAND")
    assert occupation.revolts(SETUP, politics.statuses(SETUP, state_of(fall)), owned)["SAX"] == (
        "Catholic CONTROLLED: ENGLAND cannot build there; ALIGNED with AUSTRIA: a third of its supply points")
    from gm_tools.systems.europe1615v2 import taxation

    revenue = taxation.revenue(SETUP, state_of(fall), politics.statuses(SETUP, state_of(fall)), owned, first_year=False)
    assert revenue["ENGLAND"].centers["SAX"] == SETUP.values["SAX"] // 3


# --- U4: bonus VPs despite another's DOMINION ----------------------------------------------------


def test_the_bonus_vps_are_kept_under_another_powers_dominion():
    """001_6f4a9c76b6e5774a.txt, 'Consequences Of When A Major Power Attacks And Occupies A Minor
    State': "The minor state is now considered the DOMINION of the occupying power ... Any other
    power that has a major stake of INFs in the minor state loses the benefit of collecting supply
    points from the state during the taxation/revenue phase. However, the power may still garner
    bonus VPs from the political and religious status at the end of the game if those conditions
    are maintained." Denmark/Sweden owns Saxony (its DOMINION); Austria's INFs keep it ALIGNED
    with Austria and Catholic CONTROLLED: Austria collects no tribute from it, but at the opening
    of 1621 its objectives count as the text's Saxony example gives them ("Austria can garner 7
    VPs for the religious status and 7 VPs for the political alignment. If no INFs of another
    major power are present, Austria can obtain another 5 VPs")."""
    from gm_tools.systems.europe1615v2 import taxation

    owned = dict(START, SAX="DENMARK")
    state = occupation.dominions(SETUP, State(influence={"SAX": {"AUSTRIA": 12}}), owned, 1616)
    assert state.dominion == {"SAX": "DENMARK"}
    revenue = taxation.revenue(SETUP, state, politics.statuses(SETUP, state), owned, first_year=False)
    assert "SAX" not in revenue["AUSTRIA"].tribute
    end = board({}, phase="P1621I", centers=owned, state=state)
    final = victory_points(SETUP, state, end, final=True)
    assert final["AUSTRIA"].objectives == {"SAX": 7 + 7 + 5}
    assert RULES.scores(VARIANT, end).points["AUSTRIA"] == final["AUSTRIA"].total


# --- U5: ports ------------------------------------------------------------------------------------


def test_a_fleet_neither_supports_a_hold_nor_retreats_into_a_coast_without_a_port():
    """001_6f4a9c76b6e5774a.txt, '6 MOVEMENT PHASE': "Fleets can only move into or support a move
    into a coastal province that has a port (anchor)." A support to hold there is refused as a
    support to move there is (NOTES.md 'A support to hold', the 2000 rulebook letting a unit
    support only where it could move), and a retreat is a move: a dislodged English fleet may
    not retreat into Friesland (no port), and may into the North Sea."""
    assert "FRI" not in SETUP.ports and VARIANT.provinces["FRI"].type == "coast"
    results, _ = play(board({"NTH": "F ENGLAND", "FRI": "A ENGLAND", "HLD": "A SPAIN", "SPA": "A SPAIN"}),
                      {"ENGLAND": ["F NTH S A FRI"], "SPAIN": ["A HLD - FRI", "A SPA S A HLD - FRI"]})
    assert results["F NTH S A FRI"][0] == "invalid" and "no port" in results["F NTH S A FRI"][1]
    results, _ = play(board({"HLD": "F ENGLAND", "FRI": "A ENGLAND"}), {"ENGLAND": ["F HLD S A FRI"]})
    assert results["F HLD S A FRI"][0] == "invalid"
    # The Danish fleets dislodge the English one in Heligoland Bight.
    units = {"HEL": "F ENGLAND", "HAM": "F DENMARK", "COP": "F DENMARK"}
    attack = {"DENMARK": ["F HAM - HEL", "F COP S F HAM - HEL"]}
    _, retreat = play(board(units), attack)
    assert retreat.phase == "S1616R" and "HEL" in retreat.dislodged
    results, after = play(retreat, {"ENGLAND": ["F HEL R FRI"]})
    # FRI is next to HEL by sea, empty, and not where the attack came from: only the port is missing.
    assert "FRI" in {p.split("/")[0] for p in VARIANT.fleet_adjacency["HEL"]}
    result, why = results["F HEL R FRI"]
    assert result == "invalid" and why.startswith("F HEL cannot retreat to FRI; it can retreat to ")
    offered = why.rsplit("it can retreat to ", 1)[1].split(", ")
    assert "NTH" in offered and all(p in SETUP.ports or VARIANT.provinces[p].type == "sea" for p in offered)
    assert "FRI" not in after.units and not any(u.power == "ENGLAND" for u in after.units.values())
    results, after = play(retreat, {"ENGLAND": ["F HEL R NTH"]})
    assert after.units["NTH"] == Unit("ENGLAND", FLEET, "NTH")


# --- U7: waivers, 'no reversal is allowed until the next build phase' -----------------------------


def _waivers(phase: str, *rows: tuple[str, str]) -> dict:
    position = board({"BAV": "A SPAIN"}, phase=phase)
    typed = [InputRow({"Power": p, "Center": c}, {"Power": f"{WAIVERS}!A{i}", "Center": f"{WAIVERS}!B{i}"})
             for i, (p, c) in enumerate(rows, start=2)]
    inputs, problems = HOOKS.check_inputs(VARIANT, position, {WAIVERS: typed})
    assert problems == []
    return inputs


def test_a_waiver_cannot_be_taken_back_before_the_build_phase():
    """001_6f4a9c76b6e5774a.txt, '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE': "The player occupying a
    foreign supply center prior to the build phase may waive the change in ownership of the
    center ... Once the decision is made no reversal is allowed until the next build phase."
    Spain waives Bavaria on the Summer's Waivers sheet; the Fall's sheet is left empty (the
    row not typed again): the waiver stands, and Spain's army in Bavaria at the build phase
    leaves it Bavarian. After the build phase the decision is spent: the next Fall takes it."""
    summer = board({"BAV": "A SPAIN"}, phase="U1616M")
    summer = HOOKS.apply_inputs(VARIANT, summer, _waivers("U1616M", ("SPAIN", "BAV")))
    assert state_of(summer).waived == [("SPAIN", "BAV")]
    _, fall = play(summer, {"SPAIN": ["A BAV H"]})
    assert fall.phase == "F1616M"
    inputs = _waivers("F1616M")                       # nothing typed: no reversal
    assert "waivers" not in inputs
    fall = HOOKS.apply_inputs(VARIANT, fall, inputs)
    assert state_of(fall).waived == [("SPAIN", "BAV")]
    done = run_phase(VARIANT, fall, {"SPAIN": ["A BAV H"]}, RULES)
    assert done.position.centers["BAV"] == "BAV"      # the change of ownership waived
    plain = run_phase(VARIANT, board({"BAV": "A SPAIN"}, phase="F1616M"), {"SPAIN": ["A BAV H"]}, RULES)
    assert plain.position.centers["BAV"] == "SPAIN"   # as it would have been
    # 'until the next build phase': once the year turns the waiver is gone.
    after, _ = RULES.after_phase(VARIANT, fall, Position("P1617I", done.position.units, done.position.centers,
                                                         extra=done.position.extra), "1")
    assert state_of(after).waived == []


# --- U8: the tie carries the game into 1622 --------------------------------------------------------


def test_a_tie_at_the_opening_of_1621_plays_on_and_1622_decides():
    """001_6f4a9c76b6e5774a.txt, '9 VICTORY CONDITIONS': "At the opening of 1621, the player with
    most VPs wins the game. If there is a tie between any two players, then the game will resume
    for another year, and VPs reassessed at the opening of 1622. This will continue until a break
    in the tie." France and Spain each hold a 9-point center beyond home ('gain of a supply
    center beyond home centers= +1 per supply point gained'): no winner and no shared end at
    P1621I; at P1622I the tie still there plays on, and once France has taken a further center
    France wins."""
    assert SETUP.end_year == 1621 and SETUP.values["SAX"] == SETUP.values["BAV"] == 9
    tied = dict(START, SAX="FRANCE", BAV="SPAIN")
    at_1621 = board({}, phase="P1621I", centers=tied)
    points = RULES.scores(VARIANT, at_1621).points
    assert points["FRANCE"] == points["SPAIN"] == 9 and max(points.values()) == 9
    assert RULES.winner(VARIANT, at_1621) is None and RULES.draw(VARIANT, at_1621) is None
    assert RULES.winner(VARIANT, board({}, phase="P1622I", centers=tied)) is None   # 'continue until a break'
    broken = dict(tied, BRA="FRANCE")
    assert RULES.winner(VARIANT, board({}, phase="P1622I", centers=broken)) == "FRANCE"
    assert RULES.winner(VARIANT, board({}, phase="W1621A", centers=broken)) is None  # at the opening of a year


# --- U9: SWI, LOR and POS ------------------------------------------------------------------------


def test_switzerland_lorraine_and_posen_score_at_the_end_though_they_have_no_center():
    """001_6f4a9c76b6e5774a.txt, 'Penalties Concerning Religious Status of Minor States': "the
    penalties described above do not apply to SWI, LOR, and POS as these states do not have
    supply centers or units; however, they will still be marked on religious and political
    status for the purpose of assessing bonus VPs in the endgame"; 'Political and Religious
    Objectives Table and VP Awards': "Although Posen (POS), Lorraine (LOR), and Switzerland (SWI)
    do not have supply centers, political and religious control are important for Austria,
    Spain, Denmark/Sweden, and France", and 'another 5 VPs for exclusive influential control'.
    The table itself was lost (tables.toml [objectives], reconstructed): the objectives are
    the ones it gives these four powers, and none for England. With France alone in Lorraine,
    Austria alone in Switzerland and Denmark/Sweden alone in Posen, each scores the state's
    objectives at the opening of 1621, and that decides the game."""
    for minor in ("SWI", "LOR", "POS"):
        assert minor not in SETUP.homes and SETUP.minors[minor].home_center is None
        named = {p for p in SETUP.powers if SETUP.objective(minor, p).political or SETUP.objective(minor, p).religious}
        assert named == {"AUSTRIA", "SPAIN", "DENMARK", "FRANCE"}, minor
    # 10 INFs each: CONTROLLED needs 'a minimum of 10 INFs are present for that faction'
    state = State(influence={"LOR": {"FRANCE": 10}, "SWI": {"AUSTRIA": 10}, "POS": {"DENMARK": 10}})
    table = politics.statuses(SETUP, state)
    marked = {m: (table[m].political, table[m].power, table[m].religious, table[m].confession)
              for m in ("LOR", "SWI", "POS")}
    assert marked == {"LOR": (politics.ALIGNED, "FRANCE", politics.CONTROLLED, "catholic"),
                      "SWI": (politics.ALIGNED, "AUSTRIA", politics.CONTROLLED, "catholic"),
                      "POS": (politics.ALIGNED, "DENMARK", politics.CONTROLLED, "protestant")}
    # No center, no unit: France's own army walks into Lorraine, aligned with France and of its
    # religion (-15 and -9 were it a state with a unit), and pays nothing.
    results, after = play(board({"CHA": "A FRANCE"}, state=state), {"FRANCE": ["A CHA - LOR"]})
    assert results["A CHA - LOR"][0] == "succeeds" and state_of(after).penalties == []
    end = board({}, phase="P1621I", state=state)
    final = victory_points(SETUP, state, end, final=True)
    for power, minor in (("FRANCE", "LOR"), ("AUSTRIA", "SWI"), ("DENMARK", "POS")):
        o = SETUP.objective(minor, power)
        assert final[power].objectives == {minor: o.political + o.religious + SETUP.exclusive}, power
    assert SETUP.exclusive == 5
    assert victory_points(SETUP, state, board({}, phase="P1620I", state=state))["FRANCE"].objectives == {}
    points = RULES.scores(VARIANT, end).points
    best = max(points, key=points.get)
    assert sorted(points.values())[-1] > sorted(points.values())[-2]
    assert RULES.winner(VARIANT, end) == best == "FRANCE"   # Lorraine's 7 + 3 + 5 the most


def test_a_waiver_on_one_workbook_is_not_reversed_by_the_next_ones_empty_sheet(tmp_path):
    """001_6f4a9c76b6e5774a.txt, '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE': "Once the decision is made
    no reversal is allowed until the next build phase." Through a real game and its .xlsx
    workbooks: Spain types a waiver of Portugal on the Spring's Waivers sheet; the Summer's
    workbook comes with that sheet's rows free and the GM leaves them so; after the Summer turn
    the waiver still stands."""
    import io

    import openpyxl

    from gm_tools.app.turn import load_state, new_game, run_turn
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    paths = game_paths("g", tmp_path)
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    book = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    sheet = book[WAIVERS]
    assert [c.value for c in sheet[1]][:2] == ["Power", "Center"]
    sheet["A2"], sheet["B2"] = "SPAIN", "POR"
    out = io.BytesIO()
    book.save(out)
    paths.workbook.write_bytes(out.getvalue())
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    summer = load_state("g", tmp_path).position
    assert summer.phase == "U1615M" and state_of(summer).waived == [("SPAIN", "POR")]
    book = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    typed = [tuple(c.value for c in row)[:2] for row in book[WAIVERS].iter_rows(min_row=2) if any(c.value for c in row)]
    assert ("SPAIN", "POR") not in typed           # nothing on the Summer's sheet says it again
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    fall = load_state("g", tmp_path).position
    assert fall.phase.startswith("F1615") and state_of(fall).waived == [("SPAIN", "POR")]
