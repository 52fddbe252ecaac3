"""Who holds what on the Europe 1619 map, and who a unit answers to.

The questions every part of the Orders Phase, the Map Adjustment Phase, the Builds and
Transactions Phase and the Scoring Phase ask: whose territory is this province now, which
power commands this unit, may this unit attack that one. Rulebook:
``002_e7e1b063b6c411e5.txt``.

Words used here:

- a province's **domain** is its original holder: a power (its home provinces, Spain's
  Naples...) or a minor state (every province of the minor, BOHC's four);
- its **controller** is the domain unless a unit captured it: then the captor (a power, or a
  minor whose unit captured it, rule 6). Captures are state (:mod:`.state`): ``captured``
  = {province: captor};
- a unit's **commander** is the power that orders it: a power's own units, and the units of
  a minor ALIGNED with or a VASSAL of a power ('The minor state will then follow any order
  submitted to the minor state's unit(s) by the power it is aligned to'). Unaligned and
  neutral minors' units have no commander and hold;
- a minor is **captured** when its home center is controlled by someone else: its provinces
  are then 'colored grey ... and made passable'.

Nothing here reads a file: :class:`Geography` is plain data (the adapter builds it from a
loaded variant), and the diplomatic state comes through :class:`RelationsView`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Protocol

from gm_tools.engine.model import Position, Unit
from gm_tools.systems.europe1619.state import state_of

UNALIGNED = "UNALIGNED"
ALIGNED = "ALIGNED"
VASSALAGE = "VASSALAGE"
NEUTRAL = "NEUTRAL"
"""The four statuses of a minor state; the same words as :mod:`gm_tools.mechanics.influence`."""


class RelationsView(Protocol):
    """The diplomatic state the Orders Phase reads (declarations and statuses in force)."""

    def at_war(self, a: str, b: str) -> bool: ...

    def allied(self, a: str, b: str) -> bool: ...

    def status_of(self, minor: str) -> str: ...

    def aligned_power(self, minor: str) -> str | None: ...


@dataclass(frozen=True)
class Relations:
    """A plain :class:`RelationsView`: the wars and alliances in force, and each minor's status."""

    wars: frozenset[frozenset[str]] = frozenset()
    """Pairs of powers at war."""
    alliances: frozenset[frozenset[str]] = frozenset()
    """Pairs of allied powers."""
    statuses: Mapping[str, str] = field(default_factory=dict)
    """Minor -> UNALIGNED, ALIGNED, VASSALAGE or NEUTRAL; a minor not listed is UNALIGNED."""
    patrons: Mapping[str, str] = field(default_factory=dict)
    """Minor -> the power it is aligned with or a vassal of."""

    @classmethod
    def of(
        cls,
        wars=(),
        alliances=(),
        aligned: Mapping[str, str] | None = None,
        vassals: Mapping[str, str] | None = None,
        neutral=(),
    ) -> "Relations":
        """``Relations.of(wars=[("SPAIN", "DUTCH")], aligned={"HES": "FRANCE"}, neutral=["SWI"])``."""
        statuses = {m: NEUTRAL for m in neutral}
        patrons = {}
        for table, status in ((aligned or {}, ALIGNED), (vassals or {}, VASSALAGE)):
            for minor, power in table.items():
                statuses[minor] = status
                patrons[minor] = power
        return cls(
            frozenset(frozenset(p) for p in wars),
            frozenset(frozenset(p) for p in alliances),
            statuses,
            patrons,
        )

    def at_war(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.wars

    def allied(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.alliances

    def status_of(self, minor: str) -> str:
        return self.statuses.get(minor, UNALIGNED)

    def aligned_power(self, minor: str) -> str | None:
        if self.status_of(minor) in (ALIGNED, VASSALAGE):
            return self.patrons.get(minor)
        return None


@dataclass(frozen=True)
class Geography:
    """The fixed facts of the map the rules read, beyond adjacency."""

    powers: frozenset[str]
    """Codes of the powers in play."""
    minors: Mapping[str, tuple[str, ...]]
    """Minor code -> its provinces ('Large minor states': BOHC has BOH, LUS, SIL, MOR)."""
    minor_home: Mapping[str, str]
    """Minor code -> its home supply center, for the minors that have one."""
    domain: Mapping[str, str]
    """Province -> its original holder (power or minor). Seas and provinces of nobody are absent."""
    home_centers: Mapping[str, tuple[str, ...]]
    """Power -> its original home centers: the ones whose loss eliminates it ('Spain is
    eliminated if Madrid and Andalusia are both captured')."""
    build_sites: Mapping[str, tuple[str, ...]]
    """Power -> centers where it builds: its home centers plus Spain's Naples, Milan and
    Flanders and England's Scotland ('build sites ... not considered home centers')."""
    values: Mapping[str, int]
    """Supply center -> its value (income, scores)."""
    hre: frozenset[str] = frozenset()
    """Provinces inside the Holy Roman Empire."""
    hre_powers: frozenset[str] = frozenset()
    """Powers whose units may attack foreign units that enter the HRE without a declaration:
    'Austrian, Spanish, Union/Palatine, Saxon, League/Bavarian, and Savoy units'."""
    army_neighbours: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Province -> provinces an army there can move to (where an expelled army may retreat)."""
    coastal: frozenset[str] = frozenset()
    """Provinces where a fleet can stand: a minor whose home center is one builds fleets by
    default ('Coastal minor states will by default build fleets')."""
    fleet_coasts: Mapping[str, str] = field(default_factory=dict)
    """Province with two coasts -> where a minor's fleet built there stands (the Irish
    Earldoms': its starting fleet's coast, NOTES.md 'Starting units')."""

    def fleet_site(self, province: str) -> str:
        return self.fleet_coasts.get(province, province)
    new_states: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Power -> centers that become independent states when it is eliminated: 'Flanders,
    Milan, and Naples' for Spain, 'Scotland' for England."""

    def is_minor(self, code: str) -> bool:
        return code in self.minors

    def is_center(self, province: str) -> bool:
        return province in self.values

    def with_new_states(self, new_states: Mapping[str, str]) -> "Geography":
        """The map once Spain or England is eliminated: each center of ``new_states`` (center ->
        the eliminated power) is a minor state of its own province, named by the center's code
        ('Flanders, Milan, and Naples become new independent states that may be influenced')."""
        from dataclasses import replace

        added = sorted(new_states)
        return replace(
            self,
            minors={**self.minors, **{c: (c,) for c in added}},
            minor_home={**self.minor_home, **{c: c for c in added}},
            domain={**self.domain, **{c: c for c in added}},
        )


class Board:
    """One moment of the game seen through the rules: geography, relations and a position."""

    def __init__(self, geo: Geography, relations: RelationsView, position: Position):
        self.geo = geo
        self.relations = relations
        self.position = position
        state = state_of(position)
        self.captured: dict[str, str] = dict(state.captured or {})
        self.eliminated: frozenset[str] = state.gone()
        """Powers eliminated: their lands are nobody's to defend ('Flanders, Milan, and Naples
        become new independent states'), so they are entered and captured like unaligned land."""

    # --- holdings ------------------------------------------------------------------------

    def controller(self, province: str) -> str | None:
        """Who holds the province now: its captor, else its domain (None for a sea)."""
        return self.captured.get(province) or self.geo.domain.get(province)

    def minor_captured(self, minor: str) -> bool:
        """Is the minor's home center held by someone else? A minor with no center is captured
        when all its provinces are ('held by a foreign enemy unit'; liberated, its 'unit rebuilt
        (if it has a center)': one without is captured and liberated too)."""
        home = self.geo.minor_home.get(minor)
        if home is not None:
            return self.controller(home) != minor
        provinces = self.geo.minors.get(minor, ())
        return bool(provinces) and all(self.controller(p) != minor for p in provinces)

    # --- sides -----------------------------------------------------------------------------

    def commander(self, owner: str) -> str | None:
        """The power that orders units of ``owner`` (a power or a minor), or None."""
        if not self.geo.is_minor(owner):
            return owner
        if self.minor_captured(owner):
            return None
        return self.relations.aligned_power(owner)

    def may_order(self, power: str, unit: Unit) -> str | None:
        """Why ``power`` may not give orders to ``unit``, or None. A power orders its own units
        and those of minors aligned with it or its vassals ('During the Order Phase players
        write and submit movement orders for their units on the board and for those minor units
        that are aligned to their power'). Orders for a minor's unit are written in the minor's
        name (``Move.power == "HES"``), so the adjudicator sees the unit's owner; the workflow
        asks this first."""
        if unit.power == power:
            return None
        if not self.geo.is_minor(unit.power):
            return f"{unit} belongs to {unit.power}, not {power}"
        commander = self.commander(unit.power)
        if commander == power:
            return None
        if commander is None:
            return f"{unit} belongs to {unit.power}, a minor state no power commands: it holds"
        return f"{unit} belongs to {unit.power}, which follows the orders of {commander}, not {power}"

    def side(self, owner: str) -> str:
        """The power ``owner`` answers to, or ``owner`` itself for a minor nobody commands."""
        return self.commander(owner) or owner

    def friendly(self, a: str, b: str) -> bool:
        """Same side, or allied: the relation under which units never dislodge each other
        and attacks do not cut support ('Rules for alliances'; 'Additional rules' 2)."""
        sa, sb = self.side(a), self.side(b)
        return sa == sb or self.relations.allied(sa, sb)

    def territory_of(self, province: str) -> tuple[str, str | None]:
        """What entering ``province`` means: ``("free", None)`` (a sea, an unaligned or
        captured minor's land, land of nobody), ``("neutral", minor)`` (impassable), or
        ``("power", P)`` (P's territory, its own or of a minor aligned with it)."""
        holder = self.controller(province)
        if holder is None:
            return "free", None
        if not self.geo.is_minor(holder):
            return ("free", None) if holder in self.eliminated else ("power", holder)
        if self.minor_captured(holder):
            return "free", None
        status = self.relations.status_of(holder)
        if status == NEUTRAL:
            return "neutral", holder
        patron = self.relations.aligned_power(holder)
        return ("power", patron) if patron else ("free", None)

    def own_domain_of(self, province: str, power: str) -> bool:
        """Is the province part of ``power``'s own domain: its home provinces or a minor
        aligned with it (not a capture)?"""
        holder = self.geo.domain.get(province)
        if holder is None:
            return False
        return holder == power or (self.geo.is_minor(holder) and self.relations.aligned_power(holder) == power)

    # --- the HRE exception -----------------------------------------------------------------

    def hre_defender(self, unit: Unit) -> bool:
        """'Austrian, Spanish, Union/Palatine, Saxon, League/Bavarian, and Savoy units ...
        (this also applies to aligned German/Italian units of the HRE as well)'."""
        if unit.power in self.geo.hre_powers:
            return True
        if self.geo.is_minor(unit.power):
            home = self.geo.minor_home.get(unit.power) or next(iter(self.geo.minors[unit.power]), None)
            return home in self.geo.hre and self.commander(unit.power) in self.geo.hre_powers
        return False

    def foreign_to_hre(self, unit: Unit) -> bool:
        """A unit of a power outside the Empire (France, Denmark, the Dutch...) or of a minor
        outside it."""
        if self.geo.is_minor(unit.power):
            return not any(p in self.geo.hre for p in self.geo.minors[unit.power])
        return unit.power not in self.geo.hre_powers

    def hre_exception(self, attacker: Unit, defender: Unit, province: str) -> bool:
        """May ``attacker`` attack ``defender`` in ``province`` without a declaration, under
        'Austria, Spain, and German/Italian States of the HRE'? Not in the defender's own
        domain: example (1), 'if SAA is aligned with France, then Union/Palatine unit cannot
        enter SAA', and (2), a declaration 'would be required ... to attack Holstein'."""
        if province not in self.geo.hre or not self.hre_defender(attacker):
            return False
        if not self.foreign_to_hre(defender) or self.friendly(attacker.power, defender.power):
            return False
        return not self.own_domain_of(province, self.side(defender.power))


def center_owners(geo: Geography, captured: Mapping[str, str]) -> dict[str, str]:
    """Supply center -> holder, for ``Position.centers``: the captor, else the domain."""
    owners = {}
    for center in sorted(geo.values):
        holder = captured.get(center) or geo.domain.get(center)
        if holder is not None:
            owners[center] = holder
    return owners
