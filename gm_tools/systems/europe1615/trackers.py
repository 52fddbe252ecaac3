"""Europe 1615's computed sheets, written back after every phase for the GM: the Influence
Tracker, the INF Allotment, the Rounds and the Sanctions.

Rulebook: ``000_cc215928c2f3193e.txt``. A power out of the game is said so on each sheet that
lists it, in the words of the standings and the map's legend (:func:`.scoring.out_of_game`):
the Rounds sheet's Note, the INF Allotment's Note and the Influence Tracker's Out of the game
row. No turn reads these sheets back (:mod:`gm_tools.edges.workbook_skim`), so a row or column
added here leaves a workbook laid out before it readable.
"""

from __future__ import annotations

from gm_tools.engine.hooks import INTEGER, Column, Table
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1615.scoring import out_of_game
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of
from gm_tools.systems.europe1615.status import CAPTURED, statuses

TRACKER = "Influence Tracker"
ALLOTMENT = "INF Allotment"
ROUNDS = "Rounds"
SANCTIONS = "Sanctions"
OUT_ROW = "Out of the game"
# 'Any player who has been eliminated cannot continue receiving nor deploying INFs for the
# remaining years, and all scores are ceded'
NO_INFS = "cannot continue receiving nor deploying INFs"
# 'INFs of the eliminated power (or abandoned power) that have been deployed to all minor
# states are removed after the scoring phase'
INFS_KEPT = "its INFs in the minor states are removed after the scoring phase"


def computed_sheets(variant: Variant, position: Position) -> list[Table]:
    setup = setup_of(variant, position)
    state = state_of(position)
    table = statuses(setup, state, position)
    powers = setup.powers
    out = out_of_game(setup, state, position)  # 'and all scores are ceded', '(or abandoned power)'
    # a power's column as wide as the note under it, which an empty neighbour would not show whole
    tracker = Table(TRACKER, (Column("Minor state", width=12), Column("Name", width=20),
                              Column("Status", width=24), Column("Marker", width=11))
                    + tuple(Column(p.title(), INTEGER, width=max(9, len(out.get(p, "")) + 2)) for p in powers)
                    + (Column("Total", INTEGER, width=7),))
    for code, minor in setup.minors.items():
        infs = state.influence.infs(code)
        tracker.rows.append([code, minor.name, _tracker_status(setup, table[code]),
                             state.influence.markers.get(code, "")]
                            + [infs.get(p) or None for p in powers] + [sum(infs.values())])
    if out:
        # below the minor states, none of them: the Minor state cell is left empty
        tracker.rows.append([None, OUT_ROW, INFS_KEPT, None] + [out.get(p) for p in powers] + [None])
    allotment = Table(ALLOTMENT, (Column("Power", width=14), Column("INFs this year", INTEGER, width=14),
                                  Column("Deployed", INTEGER, width=10), Column("Left", INTEGER, width=8),
                                  Column("Note", width=56)))
    for p in powers:
        allotment.rows.append([p, state.year_infs.get(p, 0), state.deployed.get(p, 0), state.left(p),
                               f"{out[p]}: {NO_INFS}" if p in out else None])
    allotment.rows.append(["Counterbalance", None, None, None, None])
    allotment.rows.append([state.counterbalance or "none in effect", None, None, None, None])
    rounds = Table(ROUNDS, (Column("Power", width=14), Column("Last round's score", INTEGER, width=18),
                            Column("Rounds won", INTEGER, width=12), Column("Note", width=44)),
                   rows=[[p, state.last_scores.get(p), state.round_wins.get(p, 0),
                          f"{out[p]}: all scores are ceded" if p in out else None] for p in powers])
    return [tracker, allotment, rounds, _sanctions_sheet(variant, position)]


def _tracker_status(setup, status) -> str:
    """A minor state's Status on the GM's tracker: the record's words (``Status.describe``,
    powers by code as the GM types them), a captor that is a minor state given by code and name
    as the rows are ("captured by MEC (Mecklenburg): INFs held in suspension")."""
    if status.status == CAPTURED and status.captor in setup.minors:
        return f"captured by {status.captor} ({setup.minors[status.captor].name}): INFs held in suspension"
    return status.describe()


def _sanctions_sheet(variant: Variant, position: Position) -> Table:
    """The timeline and what is in effect, for everyone to see."""
    from gm_tools.systems.europe1615.phases import phase_key
    from gm_tools.systems.europe1615.sanctions import in_effect

    setup, state = setup_of(variant, position), state_of(position)
    table = Table(SANCTIONS, (Column("Sanction", width=32), Column("Comes into effect", width=18),
                              Column("Now", width=28)))
    reached = phase_key(variant, position.phase)
    for key, at in state.timeline:
        s = setup.sanctions.get(key)
        if s is None:
            continue
        # its time come, and not on: it waits for its conditions (the Treaty of Lyon's 'For this
        # sanction to be available'), as the report says
        waiting = ("to come" if phase_key(variant, at) > reached else
                   "due, not in effect while its conditions do not hold (tried again each phase)")
        now = ("in effect" if in_effect(s, state, setup, position) else
               f"suspended by the GM: {state.rulings[key]}" if key in state.rulings else
               "cancelled: its minor state was captured" if key in state.cancelled else "on, suspended") \
            if key in state.sanctions_on else waiting
        table.rows.append([s.title, at, now])
    return table
