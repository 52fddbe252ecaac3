"""What a Europe 1615 (version 2) game carries from phase to phase beyond units and centers:
a typed state, stored as plain JSON under ``Position.extra["europe1615v2"]``.

Statuses are never stored: they are worked out from the INFs whenever asked
(:mod:`.politics`), so they cannot drift from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.positions import system_state, with_system_state

KEY = "europe1615v2"
"""The key of this state in ``Position.extra``."""


def _table(data: Mapping) -> dict[str, dict[str, int]]:
    return {k: {p: int(n) for p, n in sorted(row.items()) if int(n) > 0}
            for k, row in sorted(data.items()) if any(int(n) > 0 for n in row.values())}


@dataclass
class State:
    """The INFs, the treasuries and what the occupations left."""

    influence: dict[str, dict[str, int]] = field(default_factory=dict)
    """Minor state -> power -> INFs placed there ('Points accumulate each year and change with
    the results of the diplomatic attacks'; 'those points already deployed cannot be moved')."""
    boxes: dict[str, dict[str, int]] = field(default_factory=dict)
    """Home box (a power's code) -> power -> INFs in it: the owner's own INFs kept for later
    years ('Any unused INFs are placed in the power's home box for later use') and other
    powers' INFs placed there ('a power may place INFs in another power's home box')."""
    treasury: dict[str, int] = field(default_factory=dict)
    """Power -> its funds ('it sets the size of the treasury and activities throughout the year')."""
    dominion: dict[str, str] = field(default_factory=dict)
    """Minor -> the power whose DOMINION it is ('The minor state is now considered the DOMINION
    of the occupying power'), while that power owns one of its centers."""
    occupied: dict[str, int] = field(default_factory=dict)
    """Minor -> the year of the build phase at which a major power first came to own one of its
    centers ('the first occurrence of occupation by a major power with change in ownership at
    the build phase'): only that occurrence makes a DOMINION, and only the influence phase of
    the next year is closed to the other powers' INFs."""
    contested: dict[str, str] = field(default_factory=dict)
    """Minor -> the power occupying it against the power it is ALIGNED with (CONTESTED)."""
    penalties: list[dict] = field(default_factory=list)
    """VPs lost, one entry each: ``{"phase", "power", "minor", "vps", "why"}`` ('Penalties are
    cumulative')."""
    acceptance: dict[str, list[str]] = field(default_factory=dict)
    """Power -> its reference (acceptance) list as submitted ('Reference lists are submitted
    before the start of the taxation/revenue phase'), highest first."""
    alliances: list[tuple[str, str]] = field(default_factory=list)
    """Pairs of allied powers ('This is a permanent agreement and is communicated to the GM and
    announced to the other players')."""
    waived: list[tuple[str, str]] = field(default_factory=list)
    """(power, center): changes of ownership waived for this year's build phase ('The player
    occupying a foreign supply center prior to the build phase may waive the change in
    ownership of the center')."""
    neutral_joined: int | None = None
    """In the 3-player game: the index of the player the neutral France joins ('France joins
    player with highest roll in 1618'), once rolled."""
    bribed: dict[str, str] = field(default_factory=dict)
    """Province -> the order the auction chose for its unit, during a movement phase only."""
    seed: str = ""
    """The game's seed, kept at the first phase: the dice of the diplomatic attacks are thrown
    from it, so a phase replays the same rolls."""

    def box(self, owner: str) -> dict[str, int]:
        return dict(self.boxes.get(owner, {}))

    def reserve(self, power: str) -> int:
        """INFs the power keeps in its own home box, free to place."""
        return self.boxes.get(power, {}).get(power, 0)

    def at(self, where: str) -> dict[str, int]:
        """INFs by power in a minor state or a home box (minor and power codes never clash)."""
        return dict(self.boxes.get(where) or self.influence.get(where) or {})

    def to_json(self) -> dict:
        return {
            "influence": _table(self.influence),
            "boxes": _table(self.boxes),
            "treasury": dict(sorted(self.treasury.items())),
            **({"dominion": dict(sorted(self.dominion.items()))} if self.dominion else {}),
            **({"occupied": dict(sorted(self.occupied.items()))} if self.occupied else {}),
            **({"contested": dict(sorted(self.contested.items()))} if self.contested else {}),
            **({"penalties": list(self.penalties)} if self.penalties else {}),
            **({"acceptance": {p: list(v) for p, v in sorted(self.acceptance.items())}} if self.acceptance else {}),
            **({"bribed": dict(sorted(self.bribed.items()))} if self.bribed else {}),
            **({"alliances": [list(a) for a in self.alliances]} if self.alliances else {}),
            **({"neutral_joined": self.neutral_joined} if self.neutral_joined is not None else {}),
            **({"waived": sorted(list(w) for w in set(self.waived))} if self.waived else {}),
            **({"seed": self.seed} if self.seed else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "State":
        return cls(
            influence=_table(data.get("influence", {})),
            boxes=_table(data.get("boxes", {})),
            treasury={p: int(n) for p, n in data.get("treasury", {}).items()},
            dominion={m: str(p) for m, p in data.get("dominion", {}).items()},
            occupied={m: int(y) for m, y in data.get("occupied", {}).items()},
            contested={m: str(p) for m, p in data.get("contested", {}).items()},
            penalties=[dict(e) for e in data.get("penalties", ())],
            acceptance={p: [str(x) for x in v] for p, v in data.get("acceptance", {}).items()},
            bribed={p: str(o) for p, o in data.get("bribed", {}).items()},
            alliances=[(str(a), str(b)) for a, b in data.get("alliances", ())],
            neutral_joined=data.get("neutral_joined"),
            waived=[(str(p), str(c)) for p, c in data.get("waived", ())],
            seed=str(data.get("seed", "")),
        )

    def copy(self) -> "State":
        return State.from_json(self.to_json())


def state_of(position: Position) -> State:
    """The game's state at ``position`` (an empty one before the system first writes it)."""
    return State.from_json(system_state(position, KEY))


def with_state(position: Position, state: State) -> Position:
    """A copy of ``position`` carrying ``state``."""
    return with_system_state(position, KEY, state.to_json())


def occupied_from_records(record: dict, previous: dict | None) -> dict:
    """``record`` with its states' ``occupied`` read back from the records when it was written
    before the DOMINION kept the year of its first occupation (2026-11-27): each state DOMINION
    of a power, or once one (``previous``'s), taken as first occupied in the year of the first
    record in which it stands. Without it, a game recorded before would open the coming influence
    phase to every power's INFs and give a later owner a DOMINION again (``variants/europe1615v2/NOTES.md``)."""
    known = dict(_state_json(previous, "after").get("occupied", {})) if previous else {}
    out = dict(record)
    for side in ("before", "after"):
        state = _state_json(record, side)
        if not state or "occupied" in state or not (state.get("dominion") or known):
            known = dict(state.get("occupied", known)) if state else known
            continue  # written since the year was kept (kept whenever there is one), or nothing to read
        year = parse_phase(str(record.get("phase", ""))).year
        known = {**{minor: year for minor in state.get("dominion", {})}, **known}
        position = record[side]
        carried = dict(state, occupied=dict(sorted(known.items())))
        out[side] = dict(position, extra=dict(position["extra"], **{KEY: carried}))
    return out


def _state_json(record: dict, side: str) -> dict:
    position = record.get(side)
    extra = position.get("extra") if isinstance(position, dict) else None
    state = extra.get(KEY) if isinstance(extra, dict) else None
    return state if isinstance(state, dict) else {}
