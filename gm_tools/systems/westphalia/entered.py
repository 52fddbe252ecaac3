"""Where a step's result lines were typed, for the workbook's Results sheet ("Entered at" and
"As written", as unit orders have them on the Orders sheet): the step is applied again to the
rows read back, and each line an entry made is given that entry's row. Only the Results sheet
shows it; the record keeps what it kept, so a recorded game replays to the same bytes.

The Setup's steps are covered, one line per entry: the provinces picked, the Electors and
principalities placed, the Diplomatic Influence placed and the Military Doctrines chosen; in a
round the Religious Upheaval's chosen provinces and the Foreign Powers' entries; and of the
Player Turns the lines one row makes: a player's actions, conversion, League and Council of
Trent (his Player Turns row), each die's conversion (its Spread the Faith row), each Diplomacy Game (its
row), each war (its Wars row), each province taken (its Peace Treaties row) and each Influence
Change; the Influence a player gains and places names his Player Turns row (when the GM typed
his Influence gained) and his Place Influence rows; the Religious War's declaration its
Declarer and Target rows, a League joined its player's Religious War Leagues row (the Emperor's
the Emperor joins row), the peace after a battle the GM entered its Winning League row, an
Elector replaced its Electors Changed row; the Imperial Election (the Setup's and a round's) its
one ballot that cast an Elector's vote, where one alone did.

Lines no one row made name none: the rules' own consequence of several rows or of none, as the
Initiative Order, the Gold earned, the bag's and the dice's conversions, the Emperor's death;
a player with Diplomatic Influence on the Religious War's Target who joined no League for want of
a row, the Defender of the Faith, the Leagues' pairs, the card engine's battle and the peace it
decides (every player's Religious War Cards row), the Restorer's League winning with no Defender;
an election counted from several ballots, or from the unaligned Electors alone.
"""

from __future__ import annotations

from gm_tools.engine.hooks import InputRow, Typed, typed_row, typed_rows
from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.rules import EVENTS
from gm_tools.systems.westphalia.state import state_of

COVERED = (steps.PROVINCES, steps.ELECTORS, steps.PRINCIPALITIES, steps.INFLUENCE, steps.EMPEROR, steps.UPHEAVAL,
           steps.FOREIGN, steps.TURNS, steps.ELECTION)
"""The steps with lines one entry makes (their other lines, and every other step's, name no cell)."""


def entered_at(variant: Variant, position: Position, kind: str, rows: dict[str, list[InputRow]]) -> list[Typed]:
    """Each line of step ``kind`` one entry made, with that entry's row (``SheetHooks.entered_at``)."""
    from gm_tools.systems.westphalia.sheets import _read

    if kind not in COVERED:
        return []
    _, inputs, where = _read(variant, state_of(position), kind, rows)
    if kind == steps.EMPEROR:  # the doctrines a line each, the election a ballot's line where one decided it
        where = {"*": where.get("doctrine", []), "ballot": where.get("ballot", [])}
    elif not isinstance(where, dict):
        where = {"*": where}
    step = steps.apply(variant, state_of(position), kind, inputs, parse_phase(position.phase).year)
    # the row read back at an entry's cells, for what it held (a laid-out row left blank has none)
    read = {tuple(sorted(r.cells.items())): r for sheet_rows in rows.values() for r in sheet_rows}
    typed = []
    for line, entry in sorted(step.entry_of.items()):
        made = []  # the rows read back that made the line (a laid-out row left blank is given no values)
        for field_, index in (e if isinstance(e, tuple) else ("*", e) for e in
                              (entry if isinstance(entry, list) else [entry])):
            rows_of = where.get(field_, [])
            if index < len(rows_of):
                cells = rows_of[index]
                made.append(read.get(tuple(sorted(cells.items()))) or InputRow(values={}, cells=cells))
        player, what = step.done[line]
        if len(made) == 1:
            typed.append(typed_row(player or EVENTS, what, made[0]))
        elif made:
            typed.append(typed_rows(player or EVENTS, what, made))
    return typed
