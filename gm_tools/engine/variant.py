"""A variant as data: the map, the powers, the calendar, the starting position.

A ``Variant`` is loaded from a folder under ``variants/`` (format in ``variants/README.md``)
by :func:`gm_tools.edges.variants.load_variant`. This module only defines the shape and the few
questions every part of the engine asks of the map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from gm_tools.engine.model import ARMY, FLEET, Unit, province_of

if TYPE_CHECKING:
    from gm_tools.engine.system import GameSystem

LAND = "land"
COAST = "coast"
SEA = "sea"
PROVINCE_TYPES = (LAND, COAST, SEA)


def article_problem(article) -> str | None:
    """What is wrong with ``article`` as the word a sentence puts before a name, or None: it
    is one lower-case word ("the"), or empty, since the name follows it mid-sentence ("an
    alliance with the Dutch Republic")."""
    if isinstance(article, str) and (not article or (article.isascii() and article.isalpha() and article.islower())):
        return None
    return f"'article' must be one lower-case word such as \"the\", found {article!r}"


class Named:
    """A province, a power or a minor state: its ``name``, and the ``article`` a sentence puts
    before it."""

    @property
    def in_text(self) -> str:
        """The name as it reads inside a sentence: ``"the Dutch Republic"``, ``"France"``."""
        return f"{self.article} {self.name}" if self.article else self.name


@dataclass(frozen=True)
class Province(Named):
    """One province of the map."""

    code: str
    """Upper-case code, unique in the variant: ``"PAR"``."""
    name: str
    """Full name: ``"Paris"``."""
    type: str
    """``"land"``, ``"coast"`` (land touching sea: armies and fleets) or ``"sea"``."""
    aliases: tuple[str, ...] = ()
    """Other names players write for it (lower case, any words): ``("gol", "gulf of lyon")``."""
    supply_center: bool = False
    """True if it is a supply center."""
    value: int = 1
    """What the center is worth where the variant values centers (income, score); 1 otherwise."""
    home: str | None = None
    """Code of the power whose home center this is, or None."""
    coasts: tuple[str, ...] = ()
    """Named coasts of a split-coast province (``("NC", "SC")``); empty otherwise."""
    extra: dict = field(default_factory=dict, compare=False, hash=False)
    """Variant-specific facts about the province (minor state, HRE membership...)."""
    article: str = ""
    """The word a sentence puts before the name, ``"the"`` for the Palatinate; empty for Paris."""


@dataclass(frozen=True)
class Power(Named):
    """A power: a player's country, or a neutral that the rules move."""

    code: str
    """Upper-case code used in orders and files: ``"FRANCE"``."""
    name: str
    """Display name: ``"France"``."""
    adjective: str
    """``"French"``."""
    colour: str
    """Map colour, ``#rrggbb``."""
    religion: str = ""
    """``"catholic"``, ``"protestant"``, ``"orthodox"``, ``"muslim"``... or empty."""
    playable: bool = True
    """False for neutrals that no player orders (Centenary's neutral armies)."""
    extra: dict = field(default_factory=dict, compare=False, hash=False)
    """Variant-specific facts about the power."""
    article: str = ""
    """The word a sentence puts before the name, ``"the"`` for the Dutch Republic; empty for France."""
    aliases: tuple[str, ...] = ()
    """Other names players give the power, lower case: ``("deutschland", "allemagne")``."""


@dataclass(frozen=True)
class Calendar:
    """The phases of a year, in order, and how to write them."""

    phases: tuple[tuple[str, str], ...]
    """(season letter, phase type letter) pairs in order: ``(("S","M"), ("S","R"), ...)``."""
    first_phase: str
    """Phase id the game starts at: ``"S1901M"``."""
    season_names: dict = field(default_factory=dict, compare=False, hash=False)
    """Season letter -> name: ``{"S": "Spring", "F": "Fall", "W": "Winter"}``."""
    phase_type_names: dict = field(default_factory=dict, compare=False, hash=False)
    """Phase type letter -> name: ``{"M": "Movement", "R": "Retreat", "A": "Adjustment"}``."""
    year_step: int = 1
    """Years from one cycle of ``phases`` to the next: 1 for Diplomacy's years; 25 for The
    Peace of Westphalia's rounds ('6 rounds, with each Round lasting ~25 years')."""


@dataclass(frozen=True)
class Variant:
    """Everything the engine knows about one variant."""

    name: str
    """Folder name and registry key: ``"standard"``."""
    title: str
    """Display title: ``"Standard Diplomacy (1901)"``."""
    aliases: tuple[str, ...]
    """Other names the registry accepts: ``("classic", "classical")``."""
    provinces: dict[str, Province]
    """Province code -> province."""
    powers: dict[str, Power]
    """Power code -> power, in the variant's order."""
    army_adjacency: dict[str, frozenset[str]]
    """Province code -> provinces an army there can move to."""
    fleet_adjacency: dict[str, frozenset[str]]
    """Fleet location (``"SPA/NC"`` or ``"BRE"``) -> locations a fleet there can move to."""
    start_units: tuple[Unit, ...]
    """Units on the board at the first phase."""
    start_centers: dict[str, str]
    """Supply center -> owner at the first phase."""
    calendar: Calendar
    """The phase calendar."""
    victory_centers: int
    """Supply centers a power needs to win outright."""
    options: dict = field(default_factory=dict, compare=False, hash=False)
    """Named rule options, and the variant's rules module (``rules = "centenary"``)."""
    tables: dict = field(default_factory=dict, compare=False, hash=False)
    """Variant tables (INF allocation, costs...), each with ``reconstructed = true`` where
    the published table was lost and the values are this project's."""
    notes: str = ""
    """Free text: judgements made where the rulebook is silent."""
    map_svg: str = field(default="", compare=False, hash=False, repr=False)
    """The base map (``map.svg``) as text, or empty when the variant has none yet. Loaded
    with the rest of the data so the renderer is a pure function of variant and position."""
    lookup: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    """Lower-case name, code or alias -> province code (or ``"SPA/NC"`` for coast names)."""
    victory_points: int | None = None
    """Victory points that win outright, for variants scored in points (Europe 1619: 25); None
    where only centers count."""
    end_year: int | None = None
    """The last game year, where the rulebook ends the game on a date (Europe 1619: 1648)."""
    map_inset: dict | None = field(default=None, compare=False, hash=False)
    """A crowded part of the base map drawn again enlarged below it (``[map] inset``:
    ``x``, ``y``, ``width``, ``height`` in map pixels, ``scale``, ``title``); None: no inset."""
    reconstructed: tuple[str, ...] = field(default=(), compare=False, hash=False)
    """What of the variant is this project's, the published one lost (``reconstructed`` in
    ``variant.toml``, "the center values"): the site names it, so no player takes it for the
    rulebook's."""

    # --- indexes, built on first use from the fields above -----------------------------

    @cached_property
    def system(self) -> "GameSystem":
        """The game system the ``rules`` option names (:mod:`gm_tools.engine.system`): found
        in the registry once, the first time it is asked, and carried with the variant from
        then on, so every part of a turn asks the same object and none looks it up again."""
        from gm_tools.engine.system import system_named  # the registry builds on this module

        return system_named(self.options.get("rules", "standard"), self.name)

    @cached_property
    def fleet_reach(self) -> dict[str, frozenset[str]]:
        """Fleet location -> provinces (no coasts) a fleet there can move to: the question
        supports and convoys ask, thousands of times a phase, without splitting coasts."""
        return {
            origin: frozenset(province_of(loc) for loc in dests)
            for origin, dests in self.fleet_adjacency.items()
        }

    @cached_property
    def fleet_coasts(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """Fleet location -> province -> the locations there a fleet can move to, sorted
        (``"MAO"`` -> ``"SPA"`` -> ``("SPA/NC", "SPA/SC")``)."""
        index: dict[str, dict[str, list[str]]] = {}
        for origin, dests in self.fleet_adjacency.items():
            for loc in sorted(dests):
                index.setdefault(origin, {}).setdefault(province_of(loc), []).append(loc)
        return {o: {p: tuple(locs) for p, locs in by.items()} for o, by in index.items()}

    @cached_property
    def homes(self) -> dict[str | None, tuple[str, ...]]:
        """Power (None for a center no power calls home) -> its home supply centers, sorted:
        :meth:`home_centers` is asked for every power after every fall movement (who may
        build), so the provinces are gone through once."""
        index: dict[str | None, list[str]] = {}
        for code in sorted(self.provinces):
            province = self.provinces[code]
            if province.supply_center:
                index.setdefault(province.home, []).append(code)
        return {power: tuple(codes) for power, codes in index.items()}

    # --- questions the engine asks -------------------------------------------------------

    def province(self, location: str) -> Province:
        # Most locations are province codes; only "SPA/NC" and the like need cutting.
        found = self.provinces.get(location)
        return found if found is not None else self.provinces[province_of(location)]

    def is_sea(self, location: str) -> bool:
        return self.province(location).type == SEA

    def is_land(self, location: str) -> bool:
        return self.province(location).type == LAND

    def is_coastal(self, location: str) -> bool:
        return self.province(location).type == COAST

    @cached_property
    def center_codes(self) -> tuple[str, ...]:
        """The supply centers' codes, sorted: found once (every picture and page asks)."""
        return tuple(sorted(code for code, p in self.provinces.items() if p.supply_center))

    def power_named(self, text: str) -> str | None:
        """The code of the power ``text`` names as a GM types it on the command line: its code,
        name or alias in any case (a power of two realms, either realm's), or three letters or more that begin the code or name of one power
        alone (``ENG`` for ENGLAND, as judges abbreviate); None when it names none, or several."""
        key = " ".join(str(text).split()).lower()
        for code, power in self.powers.items():
            if key in (code.lower(), power.name.lower()) or key in power.aliases:
                return code
        # a power of two realms (Europe 1615 v2's Denmark/Sweden) by either realm's name
        realms = [code for code, power in self.powers.items()
                  if "/" in power.name and key in (r.strip().lower() for r in power.name.split("/"))]
        if len(realms) == 1:
            return realms[0]
        if len(key) < 3:
            return None
        starting = [code for code, power in self.powers.items()
                    if code.lower().startswith(key) or power.name.lower().startswith(key)]
        return starting[0] if len(starting) == 1 else None

    def power_called(self, code: str) -> str:
        """A power as the GM's reports name it: its name, with the code the sheets use when the
        name says something else (``Germany``; ``Yellow Elephant (YELLOW)``); the code itself
        for a power the variant does not know."""
        power = self.powers.get(code)
        if power is None or power.name == code:
            return code
        return power.name if power.name.upper() == code.upper() else f"{power.name} ({code})"

    def supply_centers(self) -> list[str]:
        return list(self.center_codes)

    def home_centers(self, power: str) -> list[str]:
        return list(self.homes.get(power, ()))

    def fleet_locations(self, province: str) -> list[str]:
        """Where a fleet can stand in a province: its coasts, or the province itself."""
        prov = self.provinces[province]
        if prov.type == LAND:
            return []
        if prov.coasts:
            return [f"{province}/{c}" for c in prov.coasts]
        return [province]

    def can_move(self, kind: str, origin: str, dest: str) -> bool:
        """Can a unit of this kind move from location ``origin`` straight to ``dest``?

        For fleets the coast matters: ``dest`` must be an exact location. Armies ignore coasts.
        """
        if kind == ARMY:
            return province_of(dest) in self.army_adjacency.get(province_of(origin), ())
        return dest in self.fleet_adjacency.get(origin, ())

    def adjacent_provinces(self, kind: str, origin: str) -> set[str]:
        """Provinces (no coasts) a unit of this kind at ``origin`` can move to directly."""
        if kind == ARMY:
            return set(self.army_adjacency.get(province_of(origin), ()))
        return set(self.fleet_reach.get(origin, ()))

    def can_reach_province(self, kind: str, origin: str, province: str) -> bool:
        """Can the unit move to some location in ``province`` (any coast)? Used for supports."""
        if kind == ARMY:
            return province in self.army_adjacency.get(province_of(origin), ())
        return province in self.fleet_reach.get(origin, ())

    def fleet_dest_coasts(self, origin: str, province: str) -> list[str]:
        """Locations in ``province`` a fleet at ``origin`` can move to."""
        return list(self.fleet_coasts.get(origin, {}).get(province, ()))

    def unit_can_stand(self, kind: str, location: str) -> bool:
        """Can a unit of this kind exist at this location (armies on land, fleets on water/coast)?"""
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return False
        if kind == ARMY:
            return prov.type != SEA and "/" not in location
        if kind == FLEET:
            return location in self.fleet_locations(prov.code)
        return False
