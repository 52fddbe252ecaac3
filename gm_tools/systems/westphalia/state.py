"""What a game of The Peace of Westphalia carries from step to step: a typed state, stored as
plain JSON under ``Position.extra["westphalia"]``.

Rulebook: ``003_b5b9eb4920d39694.txt``. Figures that follow from the state (who owns what,
allies, Imperial Power) are never stored: :mod:`.figures` works them out when asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from gm_tools.engine.model import Position
from gm_tools.engine.positions import system_state, with_system_state

KEY = "westphalia"
"""The key of this state in ``Position.extra``."""


@dataclass(frozen=True)
class Holding:
    """A player's or a principality's land: its provinces and its capital town."""

    provinces: tuple[str, ...]
    """Hex codes, sorted."""
    capital: str
    """The capital province, where its town stands ('places a town on his chosen capital'); ""
    for a Foreign Power's provinces in the Empire, whose capital is its Home Province, off the
    board ('This province starts with a city and is your capital')."""

    def to_json(self) -> dict:
        return {"provinces": list(self.provinces), "capital": self.capital}

    @classmethod
    def from_json(cls, data: Mapping) -> "Holding":
        return cls(tuple(data["provinces"]), str(data["capital"]))


@dataclass
class State:
    """The game as the Holy Roman Empire sheet and the board show it."""

    seed: str = ""
    """The game's recorded seed, kept for the draws a step makes while it is played (the battle
    card engine's decks)."""
    setup_order: tuple[str, ...] = ()
    """Players in Setup Order ('Randomly draw cubes for Setup Order')."""
    princes: dict[str, Holding] = field(default_factory=dict)
    """Player -> the provinces it holds and its capital ('picks 4 provinces')."""
    principalities: dict[str, Holding] = field(default_factory=dict)
    """Principality name -> its provinces and capital town."""
    electors: tuple[str, ...] = ()
    """The principalities that are Electors ('the 7 historical Electors')."""
    rolls: tuple[tuple[str, int], ...] = ()
    """(player, D6) for the other principalities, in the order they are placed ('each Player
    rolls a D6'), drawn from the game's seed."""
    influence: dict[str, dict[str, int]] = field(default_factory=dict)
    """Principality -> player -> Diplomatic Influence placed there."""
    protestant: tuple[str, ...] = ()
    """Provinces converted to Protestantism ('All provinces start Catholic')."""
    religion: dict[str, str] = field(default_factory=dict)
    """Player -> ``protestant`` once converted ('All Players begin the game Catholic')."""
    emperor: str | None = None
    """The Emperor, a player."""
    emperor_since: int = 0
    """The round the Emperor was elected in (0: before the first)."""
    doctrines: dict[str, str] = field(default_factory=dict)
    """Player -> its Military Doctrine."""
    initiative: tuple[str, ...] = ()
    """This round's Initiative Order ('with the Emperor first, followed by Players ordered from
    weakest to strongest')."""
    gold: dict[str, int] = field(default_factory=dict)
    """Player -> its Gold."""
    upheaval: dict = field(default_factory=dict)
    """This round's Religious Upheaval draws, made from the seed before the GM's entries:
    ``drawn`` (principalities drawn from the bag), ``rolls`` (principality -> D6, rounds 4-6),
    ``players`` (player -> D6, rounds 1-3)."""
    saints: dict[str, int] = field(default_factory=dict)
    """Player -> Saints ('Put a cube for all Players at 0 Saints')."""
    reformation: dict[str, int] = field(default_factory=dict)
    """Player -> Reformation Points."""
    saved_di: dict[str, int] = field(default_factory=dict)
    """Player -> Diplomatic Influence not placed ('Unplaced Diplomatic Influence is stored on
    your capital')."""
    actions: dict[str, list[str]] = field(default_factory=dict)
    """Player -> the two actions it chose this round ('Players will choose 2/3 of Combat Heresy,
    Engage in Diplomacy, & Wage War')."""
    foreign: dict[str, dict] = field(default_factory=dict)
    """Player -> its Foreign Power: ``home`` (the Foreign Power Home Province), ``edge`` (the
    board edge it lies beside), ``troubles`` (the last 2D6 of 'Internal Troubles and Wars
    Abroad', taken from what the home province provides)."""
    emperor_dies: dict = field(default_factory=dict)
    """This round's roll for the Emperor's death, made before the Imperial Election step:
    ``year``, ``roll`` (or None when the death is automatic), ``dies``, ``why``."""
    towns: dict[str, str] = field(default_factory=dict)
    """Province -> the player holding a town it conquered there (a capital is a town too: its
    holder's; 'Only Players may conquer towns')."""
    leagues: dict[str, str] = field(default_factory=dict)
    """Player -> the League it joined this round ('the Catholic League', 'the Evangelical
    League'); 'The Leagues reset - No one starts in either League heading into the next round.'"""
    trent: int = 0
    """The round the Council of Trent was called, 0 before ('If the Catholic Reformation has not
    begun, attempt to Call the Council of Trent')."""
    targets: tuple[str, ...] = ()
    """Principalities drawn in this round's Religious Upheaval: 'eligibility to be a Target
    Principality' of a Religious War."""
    eliminated: tuple[str, ...] = ()
    """Players eliminated this round though they hold provinces: beaten by an unaligned
    principality with no province it could take ('If there are no eligible provinces for you to
    lose, then you are eliminated and become a Foreign Power if not already')."""

    def owner(self) -> dict[str, str]:
        """Province -> the player or principality holding it."""
        out = {}
        for holder, land in list(self.princes.items()) + list(self.principalities.items()):
            for province in land.provinces:
                out[province] = holder
        return out

    def nearest(self, word: str, players: bool = True) -> list[str]:
        """The players (unless not ``players``) and principalities whose names are nearest a word
        that names none, as the GM corrects a slip (``['Goslar']``)."""
        import difflib

        names = {n.casefold(): n for n in (*(self.setup_order if players else ()), *self.principalities)}
        return [names[c] for c in difflib.get_close_matches(str(word).casefold(), list(names), n=3, cutoff=0.6)]

    def a_player(self) -> str:
        """What a Player cell left blank or naming nobody is expected to hold, the players named,
        as the other cells list their choices."""
        return f"a player of the game: {', '.join(self.setup_order)}"

    def a_principality(self) -> str:
        """What a Principality cell left blank is expected to hold, the principalities named."""
        return f"a principality on the board: {', '.join(sorted(self.principalities))}"

    def religion_of(self, player: str) -> str:
        return self.religion.get(player, "catholic")

    def towns_of(self, player: str) -> list[str]:
        """The player's towns: its capital and the towns it conquered."""
        land = self.princes.get(player)
        return ([land.capital] if land and land.capital else []) + sorted(p for p, o in self.towns.items() if o == player)

    def town_at(self, province: str) -> bool:
        return province in self.towns or any(h.capital == province for h in
                                             list(self.princes.values()) + list(self.principalities.values()))

    def to_json(self) -> dict:
        return {
            **({"seed": self.seed} if self.seed else {}),
            "setup_order": list(self.setup_order),
            "princes": {p: h.to_json() for p, h in sorted(self.princes.items())},
            "principalities": {n: h.to_json() for n, h in sorted(self.principalities.items())},
            "electors": list(self.electors),
            "rolls": [list(r) for r in self.rolls],
            "influence": {n: dict(sorted(r.items())) for n, r in sorted(self.influence.items()) if r},
            **({"protestant": sorted(self.protestant)} if self.protestant else {}),
            **({"religion": dict(sorted(self.religion.items()))} if self.religion else {}),
            "emperor": self.emperor,
            "emperor_since": self.emperor_since,
            "doctrines": dict(sorted(self.doctrines.items())),
            **({"initiative": list(self.initiative)} if self.initiative else {}),
            **({"gold": dict(sorted(self.gold.items()))} if self.gold else {}),
            **({"upheaval": self.upheaval} if self.upheaval else {}),
            **({"targets": sorted(self.targets)} if self.targets else {}),
            **({"eliminated": sorted(self.eliminated)} if self.eliminated else {}),
            **({"foreign": {p: dict(sorted(f.items())) for p, f in sorted(self.foreign.items())}}
               if self.foreign else {}),
            **({"emperor_dies": self.emperor_dies} if self.emperor_dies else {}),
            **({"towns": dict(sorted(self.towns.items()))} if self.towns else {}),
            **({"leagues": dict(sorted(self.leagues.items()))} if self.leagues else {}),
            **({"trent": self.trent} if self.trent else {}),
            **({"saints": dict(sorted(self.saints.items()))} if self.saints else {}),
            **({"reformation": dict(sorted(self.reformation.items()))} if self.reformation else {}),
            **({"saved_di": dict(sorted((p, n) for p, n in self.saved_di.items() if n))}
               if any(self.saved_di.values()) else {}),
            **({"actions": {p: list(a) for p, a in sorted(self.actions.items())}} if self.actions else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "State":
        return cls(
            seed=str(data.get("seed", "")),
            setup_order=tuple(data.get("setup_order", ())),
            princes={p: Holding.from_json(h) for p, h in data.get("princes", {}).items()},
            principalities={n: Holding.from_json(h) for n, h in data.get("principalities", {}).items()},
            electors=tuple(data.get("electors", ())),
            rolls=tuple((str(p), int(n)) for p, n in data.get("rolls", ())),
            influence={n: {p: int(v) for p, v in r.items()} for n, r in data.get("influence", {}).items()},
            protestant=tuple(data.get("protestant", ())),
            religion=dict(data.get("religion", {})),
            emperor=data.get("emperor"),
            emperor_since=int(data.get("emperor_since", 0)),
            doctrines=dict(data.get("doctrines", {})),
            initiative=tuple(data.get("initiative", ())),
            gold={p: int(n) for p, n in data.get("gold", {}).items()},
            upheaval=dict(data.get("upheaval", {})),
            targets=tuple(data.get("targets", ())),
            eliminated=tuple(data.get("eliminated", ())),
            foreign={p: dict(f) for p, f in data.get("foreign", {}).items()},
            emperor_dies=dict(data.get("emperor_dies", {})),
            towns=dict(data.get("towns", {})),
            leagues=dict(data.get("leagues", {})),
            trent=int(data.get("trent", 0)),
            saints={p: int(n) for p, n in data.get("saints", {}).items()},
            reformation={p: int(n) for p, n in data.get("reformation", {}).items()},
            saved_di={p: int(n) for p, n in data.get("saved_di", {}).items()},
            actions={p: list(a) for p, a in data.get("actions", {}).items()},
        )


def state_of(position: Position) -> State:
    """The game's state at ``position`` (an empty one before the system first writes it)."""
    return State.from_json(system_state(position, KEY))


def with_state(position: Position, state: State) -> Position:
    """A copy of ``position`` carrying ``state``."""
    return with_system_state(position, KEY, state.to_json())
