"""Phase ids and the calendar: ``S1901M`` is Spring 1901, Movement.

A phase id is a season letter, the year, and a phase-type letter. Which phases a year has,
and in what order, is the variant's calendar data, so a variant with a diplomatic phase or a
yearly scoring phase changes data, not code.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from gm_tools.engine.variant import Calendar

MOVEMENT = "M"
RETREAT = "R"
ADJUSTMENT = "A"

_PHASE_RE = re.compile(r"^([A-Z])(\d{3,4})([A-Z])$")


class PhaseError(ValueError):
    """A phase id that cannot be read, or that the variant's calendar does not have."""


@dataclass(frozen=True, order=True)
class Phase:
    """A parsed phase id."""

    year: int
    """The game year: 1901."""
    season: str
    """Season letter: ``S``, ``F``, ``W``."""
    type: str
    """Phase type letter: ``M`` movement, ``R`` retreat, ``A`` adjustment (variants add more)."""

    @property
    def id(self) -> str:
        return f"{self.season}{self.year}{self.type}"

    def __str__(self) -> str:
        return self.id


@functools.lru_cache(maxsize=1024)
def parse_phase(text: str) -> Phase:
    """The phase a phase id names (a :class:`PhaseError` when it names none). Kept for the
    next time: a phase is read several times as it is adjudicated, and phases are immutable."""
    m = _PHASE_RE.match(text.strip().upper())
    if not m:
        raise PhaseError(f"phase {text!r} is not a phase id like S1901M (season, year, type)")
    return Phase(year=int(m.group(2)), season=m.group(1), type=m.group(3))


def _index(calendar: Calendar, phase: Phase) -> int:
    try:
        return calendar.phases.index((phase.season, phase.type))
    except ValueError:
        raise PhaseError(
            f"phase {phase.id}: the calendar has no {phase.season}/{phase.type} phase"
        ) from None


def check_phase(calendar: Calendar, text: str) -> Phase:
    """Parse a phase id and check the calendar has it."""
    phase = parse_phase(text)
    _index(calendar, phase)
    return phase


def next_phase(calendar: Calendar, phase: Phase | str) -> Phase:
    """The phase after this one in the calendar (wrapping into the next year).

    Skipping phases with nothing to do (a retreat phase with no dislodged unit) is the
    game's decision, not the calendar's: see :func:`gm_tools.edges.game` code.
    """
    if isinstance(phase, str):
        phase = parse_phase(phase)
    i = _index(calendar, phase) + 1
    year = phase.year
    if i == len(calendar.phases):
        i, year = 0, year + calendar.year_step
    season, kind = calendar.phases[i]
    return Phase(year=year, season=season, type=kind)


def phase_title(calendar: Calendar, phase: Phase | str) -> str:
    """``Spring 1901 Movement``."""
    if isinstance(phase, str):
        phase = parse_phase(phase)
    season = calendar.season_names.get(phase.season, phase.season)
    kind = calendar.phase_type_names.get(phase.type, phase.type)
    return f"{season} {phase.year} {kind}"
