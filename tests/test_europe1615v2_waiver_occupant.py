"""Europe 1615 v2 (Payola): a waiver is the occupant's. 001_6f4a9c76b6e5774a.txt, '7
OWNERSHIP/BUILD/ADJUSTMENT PHASE': "The player occupying a foreign supply center prior to the
build phase may waive the change in ownership of the center." A waiver of a center the power
neither occupies nor can enter with the phase's orders (a move, a convoy, a retreat) waives
nothing: it was accepted silently. It is refused, in the workbook and in a mail alike; the
player types it in the phase his unit is in the center or goes into it.
"""

from __future__ import annotations

import hashlib
import io

import openpyxl
import pytest

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.variants import load_variant
from gm_tools.engine.hooks import InputRow, hooks_for
from gm_tools.engine.model import ARMY, FLEET, Dislodged, Position, Unit
from gm_tools.errors import WorkbookError
from gm_tools.systems.europe1615v2.sheets import WAIVERS
from gm_tools.systems.europe1615v2.state import State, with_state

VARIANT = load_variant("europe1615v2")
HOOKS = hooks_for(VARIANT)


@pytest.fixture
def spring(tmp_path):
    """A new game at Spring 1615 Movement: Spain's A MAD, F GAL, A CAT, A SPA, A MIL."""
    new_game("europe1615v2", "g", root=tmp_path, seed=7, created="2000-01-01T00:00:00Z")
    for _ in range(2):
        run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert load_state("g", tmp_path).position.phase == "S1615M"
    return game_paths("g", tmp_path)


def _files(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths.root.rglob("*") if p.is_file()}


def test_a_waiver_of_a_center_spain_cannot_occupy_is_refused_on_the_sheet(spring):
    """Bohemia: no Spanish unit there, none that can move into it this phase. The turn stops
    naming Waivers!B2, what it holds and what was expected; nothing is written."""
    book = openpyxl.load_workbook(io.BytesIO(spring.workbook.read_bytes()))
    book[WAIVERS]["A2"], book[WAIVERS]["B2"] = "SPAIN", "Bohemia"
    out = io.BytesIO()
    book.save(out)
    spring.workbook.write_bytes(out.getvalue())
    before = _files(spring)
    with pytest.raises(WorkbookError) as caught:
        run_turn("g", root=spring.root, site_dir=None)
    assert _files(spring) == before
    [problem] = caught.value.problems
    assert (problem.sheet, problem.cell, problem.found) == (WAIVERS, "B2", "'Bohemia'")
    assert problem.expected.startswith("a center SPAIN occupies or can enter this phase (BOH holds no unit of "
                                       "SPAIN's and none can move there): 'The player occupying a foreign supply "
                                       "center prior to the build phase may waive"), problem.expected


def test_a_mailed_waiver_of_a_center_spain_cannot_occupy_is_refused_and_one_it_can_is_typed(spring):
    """By mail, ``WAIVE: BOH`` is refused naming its line; ``WAIVE: POR``, which Spain's fleet in
    Galicia can enter this phase, is typed as before."""
    report = enter_mails("g", [("s", b"Spain\n2: A MAD H\nWAIVE: BOH\nWAIVE: POR\n")], root=spring.root, dry_run=True)
    assert [(where, found) for where, found, _ in report.refused] == [("s line 3", "'WAIVE: BOH'")], report.text()
    assert "a center SPAIN occupies or can enter this phase" in report.refused[0][2]
    assert [text for _, _, text, _ in report.written] == ["2: A MAD H", "WAIVE: POR"], report.text()


def _check(position: Position, power: str, center: str):
    rows = [InputRow({"Power": power, "Center": center}, {"Power": f"{WAIVERS}!A2", "Center": f"{WAIVERS}!B2"})]
    return HOOKS.check_inputs(VARIANT, position, {WAIVERS: rows})


def test_a_waiver_stands_where_the_power_occupies_moves_convoys_or_retreats_into_the_center():
    """The occupant, or the power whose unit goes in with this phase's orders, may waive: a unit
    in the center, one next to it, an army a chain of fleets can carry there, and in a retreat
    phase a dislodged unit that may retreat there. A unit of another power's in it is no
    occupation of Spain's."""
    def board(units, phase="S1616M", dislodged=None):
        placed = {p: Unit(power, ARMY if kind == "A" else FLEET, p) for p, (kind, power) in units.items()}
        return with_state(Position(phase, placed, dict(VARIANT.start_centers), dislodged=dislodged or {}), State())

    assert _check(board({"BOH": ("A", "SPAIN")}), "SPAIN", "BOH")[1] == []
    assert _check(board({"SAX": ("A", "SPAIN")}), "SPAIN", "BOH")[1] == []
    [problem] = _check(board({"BOH": ("A", "AUSTRIA"), "MAD": ("A", "SPAIN")}), "SPAIN", "BOH")[1]
    assert problem.cell == "B2"
    # an army on one coast, fleets across the seas between: a convoy can land it
    fleets = {"ENG": ("F", "ENGLAND"), "BIS": ("F", "FRANCE")}
    assert len(_check(board({"LON": ("A", "SPAIN"), **fleets}), "SPAIN", "POR")[1]) == 1  # BIS is off Portugal
    assert _check(board({"LON": ("A", "SPAIN"), **fleets, "MID": ("F", "SPAIN")}), "SPAIN", "POR")[1] == []
    retreat = board({"MAD": ("A", "FRANCE")}, phase="S1616R",
                    dislodged={"MAD": Dislodged(Unit("SPAIN", ARMY, "MAD"), "EXT", ("POR", "LEO"))})
    assert _check(retreat, "SPAIN", "POR")[1] == []
    assert len(_check(retreat, "SPAIN", "BOH")[1]) == 1
