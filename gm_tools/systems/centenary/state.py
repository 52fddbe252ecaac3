"""What a Centenary game carries from phase to phase beyond units and centers, as one typed
object. It is stored in ``Position.extra`` under one key, the system's name
(``{"centenary": {"fealty": ..., "fealty_since": ..., "captures": ..., "fealty_builds": ...}}``);
only this module knows those keys. Records before format 4 kept the four tables at the top
of ``extra``: reading one gathers them under the key (:data:`KEYS`, the system's
``record_keys``), so it replays to the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import Position
from gm_tools.engine.positions import with_written
from gm_tools.errors import GameError

KEY = "centenary"
FEALTY = "fealty"
SINCE = "fealty_since"
CAPTURES = "captures"
FEALTY_BUILDS = "fealty_builds"
KEYS = (FEALTY, SINCE, CAPTURES, FEALTY_BUILDS)
"""The state's tables, once kept at the top of ``extra``."""


@dataclass
class State:
    """Fealty given in play, and what a capture leaves open until the next phase is played."""

    fealty: dict[str, str] = field(default_factory=dict)
    """Neutral -> the player it swore Fealty to in play (rules 2 and 3; the start fealties of
    rule 4 are the variant's data). It never changes once given (rule 6)."""
    since: dict[str, str] = field(default_factory=dict)
    """Neutral -> the phase its Fealty was given in (the Neutrals sheet shows it)."""
    captures: dict | None = None
    """While Fealty may be claimed (rule 2, 'in the same turn as they capture the center'):
    ``{"turn": phase id of the capture, "previous_centers": {...}}``; None otherwise."""
    fealty_builds: dict[str, list[str]] = field(default_factory=dict)
    """Player -> centers it may build in this adjustment, claimed with their Fealty (rule 2's
    build 'in the occupied center')."""

    @classmethod
    def from_extra(cls, extra: dict) -> "State":
        """The state kept in a position's ``extra`` (empty before any Fealty is given)."""
        extra = extra.get(KEY) or {}
        fealty = extra.get(FEALTY, {})
        # The table comes from the game record or a JSON request's "extra": a wrong one is the
        # user's mistake, said in words, not a traceback.
        if not isinstance(fealty, dict):
            raise GameError(f'extra["{KEY}"]["{FEALTY}"]: found {fealty!r}, expected a table {{neutral: player}}')
        return cls(fealty=dict(fealty), since=dict(extra.get(SINCE, {})), captures=extra.get(CAPTURES),
                   fealty_builds={p: list(s) for p, s in extra.get(FEALTY_BUILDS, {}).items()})

    def write(self, extra: dict) -> None:
        """Put the state into a position's ``extra`` (changed in place), each table sorted and
        the empty ones left out; no key at all while every table is empty."""
        stored = {}
        for key, value in ((FEALTY, dict(sorted(self.fealty.items()))), (SINCE, dict(sorted(self.since.items()))),
                           (CAPTURES, self.captures), (FEALTY_BUILDS, self.fealty_builds)):
            if value:
                stored[key] = value
        if stored:
            extra[KEY] = dict(sorted(stored.items()))
        else:
            extra.pop(KEY, None)


def state_of(position: Position) -> State:
    """The game's state at ``position``."""
    return State.from_extra(position.extra)


def with_state(position: Position, state: State) -> Position:
    """A copy of ``position`` carrying ``state``."""
    return with_written(position, state)
