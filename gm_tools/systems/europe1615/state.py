"""What a Europe 1615 game carries from phase to phase beyond units and centers: a typed
state, stored as plain JSON under ``Position.extra["europe1615"]``.

Statuses are never stored: they are worked out from the INFs and the map whenever asked
(:mod:`.status`), so they cannot drift from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from gm_tools.engine.model import Position
from gm_tools.engine.positions import system_state, with_system_state
from gm_tools.mechanics.influence import InfluenceState

KEY = "europe1615"
"""The key of this state in ``Position.extra``."""


@dataclass
class State:
    """The year's INFs and what hangs on them."""

    influence: InfluenceState = field(default_factory=InfluenceState)
    """INFs in each minor state ('INFs will continue to accumulate in the minor states with
    each deployment'), the captured minors whose INFs are 'held in suspension', and the
    religious markers."""
    year_infs: dict[str, int] = field(default_factory=dict)
    """Power -> INFs it received at the start of this year ('Each power receives influence
    points (INFs) at the beginning of each year')."""
    deployed: dict[str, int] = field(default_factory=dict)
    """Power -> INFs deployed so far this year ('players cannot deploy more than the
    available INFs for the year')."""
    counterbalance: str | None = None
    """``widerstand``, ``ketzenhammer`` or None, as worked out after the last phase."""
    opened: tuple[str, ...] = ()
    """Closed minors a sanction has opened (Morocco, Catalonia); sanctions are part 2."""
    last_scores: dict[str, int] = field(default_factory=dict)
    """Power -> its score in the last round ('differentiate by score from the previous year')."""
    scored_year: int = 0
    """The year of the last Scoring Phase (0 before the first)."""
    round_wins: dict[str, int] = field(default_factory=dict)
    """Power -> rounds it has won ('The power that wins 5 rounds ... takes immediate victory')."""
    timeline: tuple[tuple[str, str], ...] = ()
    """(sanction, phase id) pairs: when each sanction comes into effect ('SANCTIONS AND THE
    PRE-GENERATED TIMELINE')."""
    sanctions_on: dict[str, int] = field(default_factory=dict)
    """Sanction -> the year it came into effect."""
    annexed: dict[str, str] = field(default_factory=dict)
    """Province without a center -> the power or minor state it was annexed to ('Provinces
    without centers held by a power or a minor state at the build phase are automatically
    annexed to the power or minor state')."""
    special_lost: tuple[str, ...] = ()
    """Sanctions whose special unit was dislodged and disbanded, its strength cancelled ('If
    the Saxon army (N) is dislodged and disbanded, it can be rebuilt, but modifier cancels')."""
    special_retreating: dict[str, str] = field(default_factory=dict)
    """Sanction -> the province its special unit was dislodged from, while it retreats with
    strength one ('If the unit is in retreat, treat unit as if it has strength of one'): it is
    still the special unit, and has its strength back where it retreats to."""
    special_rebuild: tuple[str, ...] = ()
    """Sanctions whose special unit left the board without cancelling the modifier: the
    minor's next army built is the special unit ('If the RHI army unit is dislodged and
    disbanded, it can be rebuilt'), not an army it already has ('This modifier does not apply
    to any additionally acquired army units beyond the first army (R)')."""
    cancelled: tuple[str, ...] = ()
    """Sanctions cancelled for good by the capture of their minor, whose paragraph gives no
    return on liberation ('If captured, the modifier cancels or is no longer available')."""
    abandoned: tuple[str, ...] = ()
    """Powers the GM declared abandoned with no replacement, to be dissolved at the next
    Early Winter ('When a power is abandoned, and the GM is unable to find a replacement, then
    power will be dissolved at the winter phase')."""
    dissolved: dict[str, str] = field(default_factory=dict)
    """Minor state made of a dissolved power's center (its code is the center's) -> that power
    ('Each remaining center becomes a pliant minor state')."""
    rulings: dict[str, str] = field(default_factory=dict)
    """Sanction -> the GM's reason for suspending it where sanctions overlap ('Modifiers may
    overlap. It is at the discretion of the GM to resolve the overlapping of rules')."""
    swiss_passage: tuple[str, ...] = ()
    """Provinces of the Spanish units France lets through Switzerland in this movement phase
    ('Spain will be unable to move a unit through Switzerland, unless France permits it'),
    as the GM typed them on the Swiss Passage sheet; gone once the phase is played."""
    waived: tuple[tuple[str, str], ...] = ()
    """(power, center) captures waived for this year's adjustment ('The player occupying a
    foreign power's center, or a minor state's center ... may waive the capture')."""

    def left(self, power: str) -> int:
        """INFs ``power`` may still deploy this year."""
        return self.year_infs.get(power, 0) - self.deployed.get(power, 0)

    def to_json(self) -> dict:
        return {
            "influence": self.influence.to_json(),
            "year_infs": dict(sorted(self.year_infs.items())),
            "deployed": dict(sorted((p, n) for p, n in self.deployed.items() if n)),
            "counterbalance": self.counterbalance,
            "opened": sorted(self.opened),
            "last_scores": dict(sorted(self.last_scores.items())),
            "scored_year": self.scored_year,
            "round_wins": dict(sorted((p, n) for p, n in self.round_wins.items() if n)),
            "waived": [list(w) for w in sorted(set(self.waived))],
            "timeline": [list(t) for t in self.timeline],
            "sanctions_on": dict(sorted(self.sanctions_on.items())),
            **({"special_lost": sorted(self.special_lost)} if self.special_lost else {}),
            **({"special_retreating": dict(sorted(self.special_retreating.items()))} if self.special_retreating else {}),
            **({"special_rebuild": sorted(self.special_rebuild)} if self.special_rebuild else {}),
            **({"cancelled": sorted(self.cancelled)} if self.cancelled else {}),
            **({"annexed": dict(sorted(self.annexed.items()))} if self.annexed else {}),
            **({"abandoned": sorted(self.abandoned)} if self.abandoned else {}),
            **({"rulings": dict(sorted(self.rulings.items()))} if self.rulings else {}),
            **({"dissolved": dict(sorted(self.dissolved.items()))} if self.dissolved else {}),
            **({"swiss_passage": sorted(self.swiss_passage)} if self.swiss_passage else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "State":
        return cls(
            influence=InfluenceState.from_json(data.get("influence", {})),
            year_infs={p: int(n) for p, n in data.get("year_infs", {}).items()},
            deployed={p: int(n) for p, n in data.get("deployed", {}).items()},
            counterbalance=data.get("counterbalance"),
            opened=tuple(data.get("opened", ())),
            last_scores={p: int(n) for p, n in data.get("last_scores", {}).items()},
            scored_year=int(data.get("scored_year", 0)),
            round_wins={p: int(n) for p, n in data.get("round_wins", {}).items()},
            waived=tuple(tuple(w) for w in data.get("waived", ())),
            timeline=tuple(tuple(t) for t in data.get("timeline", ())),
            sanctions_on={k: int(y) for k, y in data.get("sanctions_on", {}).items()},
            special_lost=tuple(data.get("special_lost", ())),
            special_retreating={k: str(p) for k, p in data.get("special_retreating", {}).items()},
            special_rebuild=tuple(data.get("special_rebuild", ())),
            cancelled=tuple(data.get("cancelled", ())),
            annexed={p: str(o) for p, o in data.get("annexed", {}).items()},
            abandoned=tuple(data.get("abandoned", ())),
            rulings={k: str(r) for k, r in data.get("rulings", {}).items()},
            dissolved={c: str(p) for c, p in data.get("dissolved", {}).items()},
            swiss_passage=tuple(data.get("swiss_passage", ())),
        )

    def copy(self) -> "State":
        return State.from_json(self.to_json())


def state_of(position: Position) -> State:
    """The game's state at ``position`` (an empty one before the system first writes it)."""
    return State.from_json(system_state(position, KEY))


def with_state(position: Position, state: State) -> Position:
    """A copy of ``position`` carrying ``state``."""
    return with_system_state(position, KEY, state.to_json())
