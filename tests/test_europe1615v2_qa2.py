"""Europe 1615 (version 2), QA of a game run as a GM runs it (second pass).

Rulebook: ``001_6f4a9c76b6e5774a.txt``.
"""

from __future__ import annotations

import re

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.systems.europe1615v2.sheets import ALLIANCES


def _to_spring(tmp_path):
    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    return game_paths("g", tmp_path)


def test_an_alliance_made_is_announced_on_the_page_and_in_the_report(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, '9 VICTORY CONDITIONS': "Two players, before the start of 1618,
    # may form an alliance. This is a permanent agreement and is communicated to the GM and
    # announced to the other players." The phase that records it says so; the next does not again.
    paths = _to_spring(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {f"{ALLIANCES}!A2": "AUSTRIA",
                                                                       f"{ALLIANCES}!B2": "SPAIN"}))
    site = tmp_path / "site"
    report = run_turn("g", root=tmp_path, site_dir=site, force=True).text()
    text = (site / "games" / "g" / "S1615M.txt").read_text(encoding="utf-8-sig")
    page = (site / "games" / "g" / "S1615M.html").read_text(encoding="utf-8")
    for said in (report, text, re.sub(r"<[^>]+>", "", page)):
        assert "Austria and Spain form an alliance" in " ".join(said.split())
    run_turn("g", root=tmp_path, site_dir=site, force=True)
    assert "form an alliance" not in (site / "games" / "g" / "U1615M.txt").read_text(encoding="utf-8-sig")


def test_a_minor_state_in_revolt_is_said_so_on_the_page_beside_dominion_and_contested():
    # 001_6f4a9c76b6e5774a.txt, 'Consequences Of When A Major Power Attacks And Occupies A Minor
    # State': "If the minor state is ALIGNED with another power, the supply center output is
    # reduced to 1/3 ... For the given situations above the minor state is considered to be in
    # REVOLT. (Revolting states will be marked on the map.)" The page's table of minor states,
    # which says DOMINION and CONTESTED, says REVOLT too, as the GM's Influence Tracker does.
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.model import Position
    from gm_tools.engine.positions import position_to_json
    from gm_tools.systems.europe1615v2.report import sections
    from gm_tools.systems.europe1615v2.state import State, with_state

    variant = load_variant("europe1615v2")
    centers = dict(variant.start_centers, MEC="DENMARK")
    state = State(influence={"MEC": {"ENGLAND": 6}}, dominion={"MEC": "DENMARK"})
    after = position_to_json(with_state(Position("P1617I", {}, centers), state))
    record = {"phase": "W1616A", "before": after, "after": after, "extra": {}}
    table = dict(sections(variant, record))["Minor states"]
    row = next(line for line in table.splitlines() if line.startswith("| MEC"))
    assert "In revolt: aligned with England, a third of its supply points" in row
    assert "revolt" not in next(line for line in table.splitlines() if line.startswith("| SAX")).lower()


def test_the_neutral_france_of_the_3_player_game_is_not_waited_for_an_offer_sheet(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, the 3-player setup: 'France is neutral and French territory
    # cannot be entered'; a neutral France makes no offers (its mail is refused), so neither
    # `gm-tools status` nor the end of `gm-tools orders` may wait for its offer sheet.
    from gm_tools.app.status import phase_status

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z", player_count=3)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    awaited = phase_status("g", root=tmp_path).awaited
    assert "SPAIN" in awaited and "FRANCE" not in awaited


def test_an_unreadable_attack_order_number_is_named_alone_not_as_a_second_order_0(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE': "Austria must submit
    # 4 [alternative orders]". An Order cell the GM typed as a word ('first') is named at its cell;
    # it is no order 0, so the power's real order 0 on another row is not 'a second order 0'.
    import pytest

    from gm_tools.errors import WorkbookError
    from gm_tools.systems.europe1615v2.sheets import ATTACKS

    new_game("europe1615v2", "g", root=tmp_path, seed=5, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "P1616D":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    paths = game_paths("g", tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{ATTACKS}!A2": "AUSTRIA", f"{ATTACKS}!B2": "first", f"{ATTACKS}!C2": "RHI", f"{ATTACKS}!D2": "FRANCE",
        f"{ATTACKS}!A3": "AUSTRIA", f"{ATTACKS}!B3": 0, f"{ATTACKS}!C3": "SAX", f"{ATTACKS}!D3": "FRANCE"}))
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None)
    said = str(refused.value)
    assert f"{ATTACKS}!B2: found 'first'" in said
    assert "a second order" not in said and f"{ATTACKS}!B3" not in said


def test_an_offer_pasted_whole_into_the_order_cell_is_named_with_the_order_meant(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, '6 MOVEMENT PHASE': 'Players submit their offer sheet as describe
    # at ... payolaclassic' (a line '3 : A PAR - BUR'). A GM pasting the mail's line into the Order
    # cell is told the amount goes in its own column, not that '3 A PAR' is no province.
    import pytest

    from gm_tools.errors import WorkbookError
    from gm_tools.systems.europe1615v2.sheets import OFFERS

    paths = _to_spring(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{OFFERS}!A2": "FRANCE", f"{OFFERS}!B2": 3, f"{OFFERS}!C2": "3 : A PAR - BUR"}))
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None)
    said = str(refused.value)
    assert f"{OFFERS}!C2: found '3 : A PAR - BUR'" in said
    assert "'A PAR - BUR'" in said and "Amount column" in said and "not a province" not in said


def test_a_misspelt_waiver_center_is_named_with_the_center_meant(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE': 'The player occupying a foreign
    # supply center prior to the build phase may waive the change in ownership of the center'.
    # A slip of the keys in the Center cell ('Portugl') gets the center meant, as other cells do.
    import pytest

    from gm_tools.errors import WorkbookError
    from gm_tools.systems.europe1615v2.sheets import WAIVERS

    paths = _to_spring(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        f"{WAIVERS}!A2": "SPAIN", f"{WAIVERS}!B2": "Portugl"}))
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=tmp_path, site_dir=None)
    assert f"{WAIVERS}!B2: found 'Portugl'" in str(refused.value)
    assert "did you mean POR?" in str(refused.value)


def test_status_names_an_alliance_left_as_laid_out_by_both_its_powers(tmp_path):
    # 001_6f4a9c76b6e5774a.txt, '9 VICTORY CONDITIONS': "Two players ... may form an alliance.
    # This is a permanent agreement": the next phases' Alliances sheet lays it out again, and
    # `status` named such a row by its first power alone ('typed by no one (AUSTRIA)'), which
    # read as if Austria stood alone; the row is the alliance of both.
    from gm_tools.app.status import phase_status

    paths = _to_spring(tmp_path)
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {f"{ALLIANCES}!A2": "AUSTRIA",
                                                                       f"{ALLIANCES}!B2": "SPAIN"}))
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    said = phase_status("g", tmp_path).text()
    assert "Alliances: 0 row(s) typed; 1 left as laid out, typed by no one (AUSTRIA and SPAIN)" in said, said
