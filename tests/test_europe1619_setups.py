"""Europe 1619 with 10 to 14 players: ``new-game --players N`` and the smaller setups on the
board, through the real workbook.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook"), 'Europe 1619 is
played with 15 players, but can be modified for less' and the 14 PLAYERS ... 10 PLAYERS
paragraphs; quoted words are its own.
"""

from __future__ import annotations

import io
import json

import openpyxl
import pytest

from gm_tools.app import cli
from gm_tools.errors import GameError, WorkbookError
from gm_tools.systems.europe1619.adapter import setup_from_variant
from gm_tools.systems.europe1619.players import variant_for_players
from gm_tools.edges.game import game_paths, load_game
from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.variants import load_variant

from workflow_helpers import snapshot, type_cells

EUROPE = load_variant("europe1619")


def create(tmp_path, players: int | None, name: str = "g"):
    return new_game("europe1619", name, root=tmp_path, seed=7, created="2000-01-01T00:00:00Z", player_count=players)


def sheet(paths, title: str) -> list[dict]:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()), data_only=True)
    rows = list(wb[title].iter_rows(values_only=True))
    return [dict(zip(rows[0], r)) for r in rows[1:]]


def game_sheet(paths) -> dict:
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()), data_only=True)
    return {r[0]: r[1] for r in wb["Game"].iter_rows(min_row=2, max_row=7, values_only=True)}


def tracker(paths) -> dict[str, dict]:
    return {r["Minor state"]: r for r in sheet(paths, "Influence Tracker")}


def turn(paths, **kwargs):
    return run_turn(paths.name, root=paths.root, site_dir=None, **kwargs)


def refused(paths, values: dict) -> WorkbookError:
    type_cells(paths, values)
    before = snapshot(paths.root)
    with pytest.raises(WorkbookError) as caught:
        turn(paths)
    assert snapshot(paths.root) == before  # nothing written
    return caught.value


# --- the derived variant ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [10, 11, 12, 13, 14, 15])
def test_the_view_plays_the_setup_the_diplomacy_adapter_builds(players):
    """Each setup 'Modify the Papacy ... as described above, and then ...': the derived variant,
    read as a 15-player layout, gives the same Diplomatic Phase facts as the setup table."""
    view = variant_for_players(EUROPE, players)
    assert setup_from_variant(view) == setup_from_variant(EUROPE, players)
    assert len(setup_from_variant(view).powers) == players
    assert variant_for_players(EUROPE, players) is view  # derived once: the rules cache per variant


def test_a_converted_power_becomes_a_minor_state_on_the_board():
    """1619 rulebook, 14 PLAYERS: 'Convert the Papacy into an independent minor state. Reduce
    its Rome center value to 3.' 10 PLAYERS: 'The Catholic League is removed as a playable
    power. Convert Bavaria into an independent minor state. Keep Bavarian home center value at 3.'"""
    view = variant_for_players(EUROPE, 10)
    assert EUROPE.provinces["ROM"].value > 3 and view.provinces["ROM"].value == 3
    for power, minor, home in (("PAPACY", "PAP", "ROM"), ("SAXONY", "SAX", "SAX"), ("SAVOY", "SAVY", "TUR"),
                               ("VENICE", "VENR", "VEN"), ("LEAGUE", "BAV", "BAV")):
        assert power not in view.powers
        assert not view.powers[minor].playable and view.powers[minor].extra["minor"]
        assert view.provinces[home].home == minor and view.provinces[home].value == 3
        assert view.start_centers[home] == minor
    assert {u.location for u in view.start_units if u.power == "PAP"} == {"ROM"}
    assert {u.location for u in view.start_units if u.power == "BAV"} == {"BAV"}
    # The Papacy's other provinces are the minor's ('Large minor states' share one status).
    assert view.provinces["MAR"].extra["minor"] == "PAP" and "domain" not in view.provinces["MAR"].extra
    assert view.tables["minor_states"]["PAP"]["provinces"] == ["ROM", "MAR", "RMG"]
    # Venice with 11 players or fewer: 'Reduce Venetian home center value to 3'.
    assert EUROPE.provinces["VEN"].value > 3 and view.provinces["VEN"].value == 3
    # The 15-player game is the variant itself.
    assert variant_for_players(EUROPE, 15) is EUROPE


# --- new-game --players ----------------------------------------------------------------------


def test_the_player_count_is_recorded_and_every_later_phase_uses_it(tmp_path):
    paths = create(tmp_path, 12)
    assert json.loads(paths.game_json.read_text())["player_count"] == 12
    assert load_game(paths).player_count == 12
    assert game_sheet(paths)["Variant"] == "europe1619 (12 players)"
    assert "SAVOY" not in load_state(paths.name, paths.root).variant.powers
    # A 15-player game's game.json is as before: no player_count.
    assert "player_count" not in json.loads(create(tmp_path, None, "full").game_json.read_text())


def test_same_setup_same_bytes(tmp_path):
    a = create(tmp_path / "a", 11)
    b = create(tmp_path / "b", 11)
    assert a.workbook.read_bytes() == b.workbook.read_bytes()
    assert a.game_json.read_bytes() == b.game_json.read_bytes()


@pytest.mark.parametrize("variant, players, expected", [
    ("europe1619", 9, "--players 9: found 9 players, expected 10 to 15 for europe1619 (the rulebook's setups)"),
    ("europe1619", 16, "--players 16: found 16 players, expected 10 to 15 for europe1619 (the rulebook's setups)"),
    ("standard", 12, "--players 12: standard has no setups for other numbers of players (expected no --players)"),
])
def test_other_counts_and_variants_are_refused(tmp_path, capsys, variant, players, expected):
    args = ["new-game", variant, "g", "--players", str(players), "--root", str(tmp_path)]
    assert cli.main(args) == 2
    assert expected in capsys.readouterr().err
    assert not any(tmp_path.iterdir())  # nothing created


def test_a_damaged_player_count_in_game_json_is_named(tmp_path):
    paths = create(tmp_path, 12)
    data = json.loads(paths.game_json.read_text())
    paths.game_json.write_text(json.dumps(dict(data, player_count="twelve")))
    with pytest.raises(GameError, match=r"game.json: \"player_count\" is 'twelve', expected a whole number"):
        load_game(game_paths("g", tmp_path))


# --- a 12-player game plays its first Diplomatic Phase ------------------------------------------


def test_a_protestant_inf_in_the_papacy_is_refused_at_its_cell(tmp_path):
    """1619 rulebook, 14 PLAYERS: 'No Protestant power can deposit INFs to the Papacy, and
    Ottomans cannot deposit INFs to the Papacy.'"""
    paths = create(tmp_path, 12)
    error = refused(paths, {"INF Placements!A2": "UNION", "INF Placements!B2": 2, "INF Placements!C2": "PAP",
                            "INF Placements!A3": "OTTOMAN", "INF Placements!B3": 1, "INF Placements!C3": "PAP"})
    assert [(p.sheet, p.cell, p.found) for p in error.problems] == [
        ("INF Placements", "C2", "'2: PAP' (UNION)"), ("INF Placements", "C3", "'1: PAP' (OTTOMAN)")]


def test_the_converted_papacy_is_read_as_papacy_and_as_the_papal_states(tmp_path):
    """1619 rulebook, 14 PLAYERS: 'Convert the Papacy into an independent minor state ... No
    Protestant power can deposit INFs to the Papacy': the rulebook still calls the converted
    state the Papacy, so 'Papacy' (and its name here, 'Papal States') reads as PAP, a name in
    tables.toml's [conversions.PAPACY] aliases, not 'did you mean PAP?'."""
    paths = create(tmp_path, 14)
    type_cells(paths, {"INF Placements!A2": "SPAIN", "INF Placements!B2": 1, "INF Placements!C2": "Papacy",
                       "INF Placements!A3": "FRANCE", "INF Placements!B3": 2, "INF Placements!C3": "papal states"})
    turn(paths, force=True)
    row = next(r for minor, r in tracker(paths).items() if "PAP" in str(minor))
    assert (row["SPAIN"], row["FRANCE"]) == (1, 2)
    view = variant_for_players(EUROPE, 14)
    assert view.power_named("Papacy") == view.power_named("Papal States") == "PAP"


@pytest.mark.parametrize("players", [10, 11, 12, 13, 14, 15])
def test_no_name_of_a_minor_state_names_another_or_a_power_in_play(players):
    """A minor state's code, name and aliases (the converted Papacy's 'Papacy') name it alone:
    no other minor state, and no power in play, is spelt so."""
    from gm_tools.mechanics.namesinorders import spelling

    setup, view = setup_from_variant(EUROPE, players), variant_for_players(EUROPE, players)
    named: dict[str, str] = {}
    for code, minor in setup.minors.items():
        for word in {spelling(w) for w in (code, minor.name, *minor.aliases)}:
            assert named.setdefault(word, code) == code, (word, named[word], code)
    for code, power in view.powers.items():
        if power.playable:
            assert not {spelling(w) for w in (code, power.name, *power.aliases)} & set(named), code


def test_a_12_player_game_plays_its_first_year(tmp_path):
    """1619 rulebook, 12 PLAYERS: 'Convert Savoy into an independent minor state ... France
    begins with 1 INF in Savoy'; 13 PLAYERS: 'Both the Union and the League will each have 1
    INFs invested in Saxony to start.'"""
    paths = create(tmp_path, 12)
    rows = tracker(paths)
    assert (rows["SAVY"]["FRANCE"], rows["SAVY"]["Status"], rows["SAVY"]["Aligned with"]) == (1, "ALIGNED", "FRANCE")
    assert (rows["SAX"]["UNION"], rows["SAX"]["LEAGUE"], rows["SAX"]["Status"]) == (1, 1, "NEUTRAL")
    # Converted powers are not played: no column, no allotment.
    assert not {"PAPACY", "SAXONY", "SAVOY"} & set(rows["SAX"])
    # 'Only Catholic powers will be allowed to deposit INFs to Savoy': Spain (Catholic) may.
    type_cells(paths, {"INF Placements!A2": "SPAIN", "INF Placements!B2": 2, "INF Placements!C2": "SAVY",
                       "INF Placements!A3": "UNION", "INF Placements!B3": 1, "INF Placements!C3": "SAX"})
    turn(paths)
    rows = tracker(paths)
    assert (rows["SAVY"]["SPAIN"], rows["SAVY"]["FRANCE"], rows["SAVY"]["Status"]) == (2, 1, "ALIGNED")
    assert (rows["SAX"]["UNION"], rows["SAX"]["Aligned with"]) == (2, "UNION")

    # Orders Phase: the converted powers have no block; Saxony, a minor aligned with the Union,
    # is the Union's to order ('those minor units that are aligned to their power'); the
    # Papal States, aligned with nobody, are ordered by nobody.
    orders = sheet(paths, "Orders")
    blocks = {r["Power"] for r in orders if r["Power"]}
    assert not {"PAPACY", "SAXONY", "SAVOY", "PAP", "SAVY"} & blocks
    units = {r["Unit"]: r for r in sheet(paths, "Units")}
    owner_col, by_col = list(sheet(paths, "Units")[0])[0], list(sheet(paths, "Units")[0])[-1]
    assert units["A ROM"][owner_col] == "PAP" and units["A ROM"][by_col] is None
    assert units["A SAX"][owner_col] == "SAX" and units["A SAX"][by_col] == "ordered by UNION"
    assert units["A TUR"][owner_col] == "SAVY" and units["A TUR"][by_col] == "ordered by SPAIN"
    for _ in range(4):  # M, J, B, S
        turn(paths, force=True)
    # Not in scoring, no treasury: a row per power in play only.
    played = set(setup_from_variant(variant_for_players(EUROPE, 12)).powers)
    assert {r["Power"] for r in sheet(paths, "Scores")} == played
    assert {r["Power"] for r in sheet(paths, "Treasury")} == played
    assert replay(paths.name, paths.root) == []


def test_saxony_neutral_is_ordered_by_nobody(tmp_path):
    """13 PLAYERS: the Union's and the League's 1 INF each leave Saxony NEUTRAL ('two or more
    powers tied'), so no power orders its unit: it holds."""
    paths = create(tmp_path, 12)
    turn(paths, force=True)
    units = sheet(paths, "Units")
    owner_col, by_col = list(units[0])[0], list(units[0])[-1]
    (saxon,) = [r for r in units if r["Unit"] == "A SAX"]
    assert (saxon[owner_col], saxon[by_col]) == ("SAX", None)
    assert not [r for r in sheet(paths, "Orders") if r["Unit"] == "A SAX"]


# --- a 10-player game ----------------------------------------------------------------------------


def test_a_10_player_game_shows_bavaria_as_a_minor_with_austrias_infs(tmp_path):
    """1619 rulebook, 10 PLAYERS: 'Austria begins with 3 INFs in Bavaria and 1 INF in Saxony.
    The Protestant Union begins with 3 INFs in Bohemia, and 1 INF in Saxony.'"""
    paths = create(tmp_path, 10)
    rows = tracker(paths)
    assert (rows["BAV"]["AUSTRIA"], rows["BAV"]["Total"], rows["BAV"]["Status"], rows["BAV"]["Aligned with"]) == (
        3, 3, "ALIGNED", "AUSTRIA")
    assert (rows["SAX"]["AUSTRIA"], rows["SAX"]["UNION"], rows["SAX"]["Total"]) == (1, 1, 2)
    assert rows["BOHC"]["UNION"] == 3
    assert "LEAGUE" not in rows["BAV"]  # 'removed as a playable power'
    # 'Only Catholic powers will be allowed to deposit INFs to Bavaria.'
    error = refused(paths, {"INF Placements!A2": "SWEDEN", "INF Placements!B2": 1, "INF Placements!C2": "BAV"})
    assert [(p.sheet, p.cell) for p in error.problems] == [("INF Placements", "C2")]


def test_the_union_and_austria_can_never_ally_with_10_players(tmp_path):
    """1619 rulebook, 10 PLAYERS: 'The Protestant Union and Austria cannot form an alliance
    during the game.' With 11 players they may."""
    declared = {"Declarations!A2": "UNION", "Declarations!B2": "alliance", "Declarations!C2": "AUSTRIA",
                "Declarations!A3": "AUSTRIA", "Declarations!B3": "alliance", "Declarations!C3": "UNION"}
    error = refused(create(tmp_path / "ten", 10), declared)
    assert {(p.sheet, p.cell) for p in error.problems} == {("Declarations", "C2"), ("Declarations", "C3")}
    assert all("can never ally" in p.expected or "never" in p.expected for p in error.problems), error.problems
    eleven = create(tmp_path / "eleven", 11)
    type_cells(eleven, declared)
    turn(eleven)
    matrix = {r["Power"]: r for r in sheet(eleven, "Declarations Matrix")}
    assert matrix["UNION"]["AUSTRIA"] == "alliance from 1620 (pending)"


def test_the_ten_player_demo_plays_its_year_and_replays(tmp_path):
    """'Europe 1619 is played with 15 players, but can be modified for less': the shipped
    10-player demo (sheets/demo-europe1619-10.toml) plays 1619 through the real workbook with
    ten powers, the converted ones taking INFs as minor states ('Keep Bavarian home center
    value at 3'; Savoy open to Catholic powers only), and replays to the same records."""
    from gm_tools.app.demo import DEMO_DIR, play_demo, read_demo

    demo = read_demo(DEMO_DIR / "demo-europe1619-10.toml")
    assert demo.player_count == 10
    play_demo(demo, tmp_path)
    paths = game_paths(demo.game, tmp_path)
    assert json.loads(paths.game_json.read_text(encoding="utf-8"))["player_count"] == 10
    state = load_state(demo.game, root=tmp_path)
    assert state.position.phase == "Y1620D"
    assert sorted(p for p, x in state.variant.powers.items() if x.playable) == sorted(demo.players)
    assert {"BAV", "SAVY", "PAP", "SAX", "VENR"} <= set(state.variant.powers)  # minor states now
    report = json.loads(paths.record_file("Y1619D").read_text(encoding="utf-8"))["extra"]["outcome"]["diplomatic"]["report"]
    assert "AUSTRIA: 3: BAV, 3: CRO" in report and "FRANCE: 4: LOR, 2: SAVY" in report
    assert replay(demo.game, root=tmp_path) == []
