"""Europe 1615 (version 2): ports and the army links, through the real adjudicator (issue 13
item 1).

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '6 MOVEMENT PHASE': 'Fleets can only move into or
support a move into a coastal province that has a port (anchor). Fleets are allowed to convoy
armies to any coastal province whether or not a port is present. Certain orders on fleets are
deemed illegal based on the location of the port ... F(ADR)-NAP ... F(NTH)-COP ... (These orders
are also not legal in reverse.) Additionally, certain army movements are allowed without the use
of a convoy ... (1) movement and support between GRA and FEZ. (2) movement and support between
SIC and NAP. Units of minor states that are dislodged are immediately disbanded.'
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, FLEET, Position, Unit
from gm_tools.engine.runner import run_phase
from gm_tools.systems.europe1615v2.setup import setup_of

VARIANT = load_variant("europe1615v2")
SETUP = setup_of(VARIANT)


def board(**units: str) -> Position:
    """``NTH="F ENGLAND"``."""
    placed = {}
    for province, text in units.items():
        kind, power = text.split()
        placed[province] = Unit(power, ARMY if kind == "A" else FLEET, province)
    return Position("S1616M", placed, dict(VARIANT.start_centers))


def outcome(position: Position, orders: dict[str, list[str]]) -> dict[str, tuple[str, str]]:
    done = run_phase(VARIANT, position, orders)
    return {r.order: (r.result, r.reason) for r in done.results}, done


def test_a_fleet_moves_only_into_a_port():
    assert "FRI" not in SETUP.ports and "HLD" in SETUP.ports
    results, _ = outcome(board(NTH="F ENGLAND", HEL="F DENMARK"),
                         {"ENGLAND": ["F NTH - FRI"], "DENMARK": ["F HEL - HAM"]})
    assert results["F NTH - FRI"][0] == "invalid" and "no port" in results["F NTH - FRI"][1]
    assert results["F HEL - HAM"][0] == "succeeds"


def test_a_fleet_supports_only_into_a_port_but_convoys_to_any_coast():
    """'support a move into a coastal province that has a port'; 'Fleets are allowed to convoy
    armies to any coastal province whether or not a port is present'."""
    results, done = outcome(board(NTH="F ENGLAND", HLD="A SPAIN", LON="A ENGLAND", ENG="F ENGLAND"),
                            {"ENGLAND": ["F NTH S A LON - FRI", "F ENG H"], "SPAIN": ["A HLD - FRI"]})
    assert results["F NTH S A LON - FRI"][0] == "invalid"
    results, done = outcome(board(NTH="F ENGLAND", LON="A ENGLAND"),
                            {"ENGLAND": ["F NTH C A LON - FRI", "A LON - FRI"]})
    assert results["A LON - FRI"][0] == "succeeds"
    assert done.position.units["FRI"].power == "ENGLAND"


def test_the_texts_banned_fleet_orders_both_ways():
    """'F(ADR)-NAP ... F(NTH)-COP ... (These orders are also not legal in reverse.)'"""
    assert "NAP" in {p.split("/")[0] for p in VARIANT.fleet_adjacency["ADR"]}
    results, _ = outcome(board(ADR="F AUSTRIA", NTH="F ENGLAND", COP="F DENMARK"),
                         {"AUSTRIA": ["F ADR - NAP"], "ENGLAND": ["F NTH - COP"], "DENMARK": ["F COP - NTH"]})
    for order in ("F ADR - NAP", "F NTH - COP", "F COP - NTH"):
        assert results[order][0] == "invalid" and "deemed illegal" in results[order][1], order


def test_armies_cross_between_gra_and_fez_and_between_sic_and_nap():
    """'(1) movement and support between GRA and FEZ. (2) movement and support between SIC and
    NAP.'"""
    results, _ = outcome(board(GRA="A SPAIN", FEZ="A FEZ", NAP="A SPAIN"),
                         {"SPAIN": ["A GRA - FEZ", "A NAP - SIC"]})
    assert results["A GRA - FEZ"][0] == "fails"          # a legal move, 1 against Fez's 1
    assert results["A NAP - SIC"][0] == "succeeds"
    results, done = outcome(board(SIC="A SPAIN", ROM="A FRANCE", NAP="A AUSTRIA"),
                            {"SPAIN": ["A SIC S A ROM - NAP"], "FRANCE": ["A ROM - NAP"]})
    assert results["A SIC S A ROM - NAP"][0] == "succeeds" and results["A ROM - NAP"][0] == "succeeds"
    assert done.position.units["NAP"].power == "FRANCE"


def test_a_dislodged_minor_unit_is_disbanded():
    """'Units of minor states that are dislodged are immediately disbanded.'"""
    assert "FEZ" in VARIANT.army_adjacency["ALG"]
    results, done = outcome(board(GRA="A SPAIN", ALG="A FRANCE", FEZ="A FEZ"),
                            {"SPAIN": ["A GRA - FEZ"], "FRANCE": ["A ALG S A GRA - FEZ"]})
    assert results["A GRA - FEZ"][0] == "succeeds"
    assert done.position.units["FEZ"].power == "SPAIN" and not done.position.dislodged


def test_the_build_rows_name_ports_as_fleet_sites_and_offer_no_army_there(tmp_path):
    """rulebook 001, '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE': 'Owned ports may be used as a build
    site for fleets whether or not it is a supply center'. The Orders sheet of the 1615 builds
    ('France = 3, Spain = 2' when nothing changed hands) once called every site a 'free home
    center' (Gascony and the Canaries are ports without a center) and offered an army there in
    its dropdown, which the turn refuses: the sites are named as build sites, a port without a
    center as a fleet's only, and the dropdown offers only the builds the turn takes."""
    import io

    import openpyxl

    from gm_tools.app.turn import load_state, new_game, run_turn
    from gm_tools.edges.game import game_paths

    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", tmp_path).position.phase != "W1615A":
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    book = openpyxl.load_workbook(io.BytesIO(game_paths("g", tmp_path).workbook.read_bytes()))
    summaries = {row[0]: row[1] for row in book["Orders"].iter_rows(min_row=2, values_only=True)
                 if row[1] and "center(s)" in str(row[1])}
    assert summaries["FRANCE"].endswith("3 build(s) due (build sites: GAS (fleet only), GUY, LYO, PRO)")
    assert "CAN (fleet only)" in summaries["SPAIN"] and "free home centers" not in summaries["SPAIN"]
    assert summaries["ENGLAND"].endswith("(free home centers: YOR)")  # its one site a home center
    offered = {str(v) for row in book["Choices"].iter_rows(values_only=True) for v in row if v}
    assert {"BUILD F GAS", "BUILD F CAN", "BUILD A LYO"} <= offered
    assert not {"BUILD A GAS", "BUILD A CAN", "BUILD A SIC", "BUILD A VAL"} & offered
