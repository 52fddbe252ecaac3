"""The Reichstag's two sheets in the Orders Phase: the agenda Austria calls and the votes.

Rulebook: ``002_e7e1b063b6c411e5.txt``, section 'Reichstag'. Each problem names the cell to
fix: an agenda's power, ban or state at its own cell (an empty one as 'an empty cell'), a vote
at its voter's row. The sheet lays out one row per voter ('all members will vote on the item');
an empty Vote is 'no vote', which 'is treated as a vote against the agenda'.
"""

from __future__ import annotations

from gm_tools.errors import OrderError, Problem
from gm_tools.engine.hooks import InputRow
from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.namesinorders import minor_named
from gm_tools.systems.europe1619.diplomatic_phase import diplomatic_state
from gm_tools.systems.europe1619.reichstag import AGENDAS, IMPERIAL_BAN, Agenda, agenda_problems, empire_powers, hold_reichstag
from gm_tools.systems.europe1619.sheets import REICHSTAG, REICHSTAG_VOTES, _cell, _missing, _setup
from gm_tools.systems.europe1619.state import state_of

FIELDS = {"kind": "Agenda", "power": "Power", "ban": "Ban", "minor": "Minor state"}
"""An agenda's field -> its column on the Reichstag sheet."""


def reichstag_voters(variant: Variant, position: Position) -> list[str]:
    """Austria and the Empire's members in play and not eliminated, when Austria may still call
    its one meeting; empty otherwise. The Votes sheet has one row per voter, in this order."""
    setup = _setup(variant, position)
    state = diplomatic_state(position).reichstag
    eliminated = set(state_of(position).gone())
    if setup.reichstag_caller is None or setup.reichstag_caller in eliminated or state.closed or state.nullified:
        return []
    return [p for p in setup.powers if p in empire_powers(setup) and p not in eliminated]


def hold(variant: Variant, position: Position, entry: dict):
    state = diplomatic_state(position).reichstag
    return hold_reichstag(_setup(variant, position), state, parse_phase(position.phase).year, Agenda.from_json(entry["agenda"]),
                          entry["votes"], sorted(state_of(position).gone()))


def check_reichstag(variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
    """The agenda row and the votes: every problem at its own cell; then the meeting is held
    on them, so anything its rules refuse is a problem too."""
    problems: list[Problem] = []
    agendas, votes = rows.get(REICHSTAG, []), rows.get(REICHSTAG_VOTES, [])
    if not agendas:
        for row in votes:
            sheet, cell = _cell(row, "Vote")
            problems.append(Problem(sheet, cell, repr(row.values["Vote"]), f"no vote: no agenda on the {REICHSTAG} sheet"))
        return {}, problems
    if len(agendas) > 1:
        sheet, cell = _cell(agendas[1], "Agenda")
        return {}, [Problem(sheet, cell, "a second agenda", "one agenda: 'Austria may choose one agenda'")]
    row = agendas[0]
    if _missing(row, ("Agenda",), {"Agenda": f"one of {', '.join(AGENDAS)}"}, problems):
        return {}, problems
    # the state by its code or name, as the INF Placements sheet reads it ('Hesse' is HES)
    written = str(row.values.get("Minor state") or "").strip()
    minor = (minor_named(_setup(variant, position).minors, written) or written.upper()) if written else None
    agenda = Agenda(row.values["Agenda"], row.values.get("Power"), row.values.get("Ban"), minor)
    for name, found, expected in agenda_problems(_setup(variant, position), agenda):
        sheet, cell = _cell(row, FIELDS[name])
        problems.append(Problem(sheet, cell, "an empty cell" if found is None else repr(row.values[FIELDS[name]]),
                                f"{expected} ({AGENDAS.get(agenda.kind, agenda.kind)})"))
    cast = _votes(reichstag_voters(variant, position), agenda, votes, problems)
    if problems:
        return {}, problems
    # 'A no vote is treated as a vote against the agenda.'
    entry = {"agenda": agenda.to_json(), "votes": cast}
    try:
        hold(variant, position, entry)
    except OrderError as e:
        sheet, cell = _cell(row, "Agenda")
        return {}, [Problem(sheet, cell, repr(e.order), f"an agenda the Reichstag may vote on ({e.reason})")]
    return {"reichstag": entry}, []


def _votes(voters: list[str], agenda: Agenda, rows: list[InputRow], problems: list[Problem]) -> dict[str, bool]:
    """The votes cast, voter -> True (for) or False (against), each row read by the voter named
    in it, wherever the GM sorted it; a row naming no voter laid out, or one named twice, is
    refused by the workbook reader (:mod:`gm_tools.edges.keyedrows`), so it casts no vote here.
    The target of an Imperial Ban casts none."""
    cast: dict[str, bool] = {}
    for row in rows:
        voter = row.values.get("Voter")
        if voter not in voters or voter in cast:
            continue
        if agenda.kind == IMPERIAL_BAN and voter == agenda.power:
            # 'The power that is the target of the ban is restricted from voting on the matter.'
            vote_sheet, vote_cell = _cell(row, "Vote")
            problems.append(Problem(vote_sheet, vote_cell, repr(row.values["Vote"]),
                                    f"an empty cell: {voter} is the target of the Imperial Ban and "
                                    "'is restricted from voting on the matter'"))
            continue
        cast[voter] = row.values["Vote"] == "for"
    return {voter: cast[voter] for voter in voters if voter in cast}  # as laid out, however sorted
