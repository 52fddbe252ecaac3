"""The fixed facts of a Europe 1615 (version 2) game, read once from the variant's data and
checked.

Rulebook: ``001_6f4a9c76b6e5774a.txt``. The only module that knows the data layout
(``variants/europe1615v2/tables.toml``: ``status``, ``inf_allocation``, ``attacks``,
``attack_table``, ``funds``, ``penalties``, ``reference_lists``, ``minor_states``,
``objectives``; ``religion`` on each power; ``value``, ``home``, ``domain``, ``minor``, ``port``
on the provinces; ``fleet_bans``). Every problem is reported at
once as a ``VariantDataError`` naming the table and entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError
from gm_tools.mechanics.attack_table import AttackTable, attack_table
from gm_tools.mechanics.influence import CATHOLIC, PROTESTANT, MinorState, minor_article

_META = ("reconstructed", "source")


@dataclass(frozen=True)
class Objective:
    """One power's row for one minor state in the 'Political and Religious Objectives Table'."""

    political: int
    """VPs when the state is ALIGNED with the power at the end; 0: the power cannot align it."""
    religious: int
    """VPs when the state is CONTROLLED by the power's confession and the power has INFs there."""


@dataclass(frozen=True)
class Setup:
    """Everything about a Europe 1615 (version 2) game that does not change during play."""

    powers: tuple[str, ...]
    """The five powers, in the variant's order."""
    confessions: dict[str, str]
    """Power -> ``catholic`` or ``protestant`` ('The combined INFs remaining for England and
    Sweden/Denmark represent ... the Protestant factions ... Austria, France and Spain ... the
    Catholic factions')."""
    minors: dict[str, MinorState]
    """Minor-state code -> the state, the Barbary States included."""
    pliant: frozenset[str]
    """The minor states that may be influenced ('The Barbary States (FEZ, ALG, TUN) are not
    part of this list and cannot be influenced')."""
    values: dict[str, int]
    """Center -> its supply points, 3, 9 or 15 (``tables.toml [stated] values``)."""
    homes: dict[str, tuple[str, ...]]
    """Owner (power or minor state) -> its home centers."""
    first_year: int
    """The first year of the game (1615)."""
    allocation: dict[int, dict[str, int]]
    """Year -> power -> INFs ('Table of INF Allocation per Year'); a year not listed takes the
    last listed before it."""
    per_center: int
    """INFs added per center gained beyond home, deducted per home center lost (3)."""
    attack_order: tuple[str, ...]
    """'Spain, France, England, Denmark/Sweden, and Austria'."""
    attacks_from: int
    """'Diplomatic attacks commence in the second year (1616)'."""
    table: AttackTable
    """The 'Diplomatic Attack Table'."""
    funds: dict[str, int]
    """Power -> its funds at the start of the first year."""
    objectives: dict[str, dict[str, Objective]]
    """Minor -> power -> its objectives there."""
    exclusive: int
    """VPs for 'exclusive influential control' (5)."""
    penalties: dict[str, int]
    """``neutral``, ``aligned``, ``duality``, ``controlled``, ``papal`` -> VPs lost."""
    papal_state: str
    """The Papal States' code ('Catholic power attacks/dislodges unit in a Papal state')."""
    reference_lists: dict[str, tuple[str, ...]]
    """Minor -> its fixed reference list; ``minors`` -> the list of every other minor."""
    ports: frozenset[str]
    """Coastal provinces with a port ('Fleets can only move into or support a move into a
    coastal province that has a port')."""
    fleet_bans: frozenset[frozenset[str]]
    """Province pairs no fleet order crosses ('Certain orders on fleets are deemed illegal
    based on the location of the port ... also not legal in reverse')."""
    end_year: int = 1621
    """'At the opening of 1621, the player with most VPs wins the game'."""
    alliances_until: int = 1618
    """'Two players, before the start of 1618, may form an alliance'."""
    papal_bonus: dict[str, int] = field(default_factory=dict)
    """Papal center -> VPs for a Protestant power that occupies and owns it (MAR 11, ROM 15)."""
    hre: frozenset[str] = frozenset()
    """Provinces within the Holy Roman Empire ('Provinces within the HRE: ...')."""
    hre_power: str = ""
    """The power that may bribe any unit there with 0 ('Austria may submit a 0-value bribe')."""
    domains: dict[str, str] = field(default_factory=dict)
    """Province -> the power whose land it is (home centers and the provinces around them)."""
    independent_max: int = 4
    aligned_share: Fraction = Fraction(2, 3)
    aligned_min_infs: int = 5
    religious_min: int = 10
    religious_share: Fraction = Fraction(2, 3)
    immunity_infs: int = 5
    tribute_share: Fraction = Fraction(1, 3)

    def confession(self, power: str) -> str:
        return self.confessions.get(power, "")

    def minor_of(self, province: str) -> str | None:
        """The minor state a province belongs to, or None."""
        for code, minor in self.minors.items():
            if province in minor.provinces:
                return code
        return None

    def objective(self, minor: str, power: str) -> Objective:
        return self.objectives.get(minor, {}).get(power, Objective(0, 0))

    def alternates(self, power: str) -> int:
        """How many alternative attack orders a power submits: its place in the national
        order ('the French player must submit an alternative order ... Austria must submit 4')."""
        return self.attack_order.index(power) if power in self.attack_order else 0

    def year_allocation(self, year: int) -> dict[str, int]:
        listed = [y for y in sorted(self.allocation) if y <= year]
        return dict(self.allocation[listed[-1]]) if listed else {}


_CACHE: dict[int, tuple[Variant, Setup]] = {}


def setup_of(variant: Variant) -> Setup:
    """The setup of a loaded variant, built once per variant object."""
    hit = _CACHE.get(id(variant))
    if hit is None or hit[0] is not variant:
        hit = _CACHE[id(variant)] = (variant, setup_from_variant(variant))
    return hit[1]


def _whole(value, where: str, problems: list[str], least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        problems.append(f"{where} = {value!r}: expected a whole number, {least} or more")
        return least
    return value


def _share(value, where: str, problems: list[str]) -> Fraction:
    try:
        share = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 1:
        problems.append(f"{where} = {value!r}: expected a fraction such as \"2/3\"")
        return Fraction(2, 3)
    return share


def setup_from_variant(variant: Variant) -> Setup:
    problems: list[str] = []
    t = variant.tables
    powers = tuple(c for c, p in variant.powers.items() if p.playable)
    confessions = {c: variant.powers[c].religion for c in powers}
    for c in powers:
        if confessions[c] not in (CATHOLIC, PROTESTANT):
            problems.append(f"variant.toml power {c}: religion {confessions[c]!r}, expected \"catholic\" or \"protestant\"")

    values: dict[str, int] = {}
    homes: dict[str, list[str]] = {}
    domains: dict[str, str] = {}
    ports = set()
    for code, prov in variant.provinces.items():
        if prov.supply_center:
            # 3, 9 or 15 unless a GM's [stated] values say otherwise: checked by .stated at load
            values[code] = prov.value
        if prov.home:
            homes.setdefault(prov.home, []).append(code)
        if prov.extra.get("domain"):
            domains[code] = str(prov.extra["domain"])
        if prov.home in powers:
            domains[code] = prov.home
        if prov.extra.get("port"):
            if prov.type != "coast":
                problems.append(f"provinces.toml [{code}]: port = true on a {prov.type} province, expected a coast")
            ports.add(code)

    minors: dict[str, MinorState] = {}
    pliant = set()
    for code, row in t.get("minor_states", {}).items():
        if code in _META:
            continue
        where = f"tables.toml [minor_states.{code}]"
        provinces = row.get("provinces", [])
        if not isinstance(provinces, list):
            problems.append(f"{where} provinces = {provinces!r}: expected a list of province codes")
            provinces = []
        provinces = tuple(provinces)
        name = row.get("name", code)
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where} name = {name!r}: expected the state's name")
            name = code
        for prov in provinces:
            if prov not in variant.provinces:
                problems.append(f"{where}: unknown province {prov!r}")
        centers = tuple(p for p in provinces if p in values)
        if centers and code not in variant.powers:
            problems.append(f"{where}: a minor state with a center owns its unit: expected a [[powers]] entry {code}")
        for c in centers:
            if variant.provinces[c].home != code:
                problems.append(f"{where}: center {c} needs home = \"{code}\" in provinces.toml")
        minors[code] = MinorState(code, name, provinces, centers[0] if centers else None,
                                  article=minor_article(row, where, problems))
        if row.get("pliant", True):
            pliant.add(code)

    status = t.get("status", {})
    alloc_t = t.get("inf_allocation", {})
    allocation: dict[int, dict[str, int]] = {}
    for year, row in alloc_t.get("years", {}).items():
        if not str(year).isdigit():
            problems.append(f"tables.toml [inf_allocation.years]: {year!r}, expected a year")
            continue
        allocation[int(year)] = {p: _whole(row.get(p), f"tables.toml [inf_allocation.years.{year}] {p}", problems)
                                 for p in powers}
        problems += [f"tables.toml [inf_allocation.years.{year}]: {p!r} is not a power" for p in row if p not in powers]
    if not allocation:
        problems.append("tables.toml [inf_allocation.years]: expected at least the first year's INFs")
    attacks = t.get("attacks", {})
    order = tuple(attacks.get("order", ()))
    if sorted(order) != sorted(powers):
        problems.append(f"tables.toml [attacks] order = {list(order)}, expected each power once")
    table = attack_table(t.get("attack_table", {}), problems)
    funds = {p: _whole(t.get("funds", {}).get(p), f"tables.toml [funds] {p}", problems) for p in powers}
    problems += [f"tables.toml [funds]: {p!r} is not a power" for p in t.get("funds", {}) if p not in powers and p not in _META]

    objectives: dict[str, dict[str, Objective]] = {}
    obj_t = t.get("objectives", {})
    for minor, row in obj_t.items():
        if minor in _META or minor == "exclusive":
            continue
        where = f"tables.toml [objectives.{minor}]"
        if minor not in pliant:
            problems.append(f"{where}: {minor!r} is not a pliant minor state")
            continue
        for power, pair in row.items():
            if power not in powers:
                problems.append(f"{where}: unknown power {power!r}")
            elif not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) and n >= 0 for n in pair)):
                problems.append(f"{where} {power} = {pair!r}: expected [political VPs, religious VPs]")
            else:
                objectives.setdefault(minor, {})[power] = Objective(pair[0], pair[1])

    pen = t.get("penalties", {})
    penalties = {k: _whole(pen.get(k), f"tables.toml [penalties] {k}", problems)
                 for k in ("neutral", "aligned", "duality", "controlled", "papal")}
    papal = str(pen.get("papal_state", ""))
    if papal not in minors:
        problems.append(f"tables.toml [penalties] papal_state = {papal!r}: expected a minor state's code")

    refs: dict[str, tuple[str, ...]] = {}
    for key, order_list in t.get("reference_lists", {}).items():
        if key != "minors" and key not in minors:
            problems.append(f"tables.toml [reference_lists] {key}: expected 'minors' or a minor state's code")
        elif sorted(order_list) != sorted(powers):
            problems.append(f"tables.toml [reference_lists] {key} = {order_list}: expected each power once")
        else:
            refs[key] = tuple(order_list)

    bans = set()
    for pair in t.get("fleet_bans", {}).get("pairs", []):
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in variant.provinces for p in pair)):
            problems.append(f"tables.toml [fleet_bans] pairs: {pair!r}, expected two province codes")
        else:
            bans.add(frozenset(pair))

    pay = t.get("payola", {})
    hre = frozenset(pay.get("hre_provinces", ()))
    problems += [f"tables.toml [payola] hre_provinces: unknown province {p!r}" for p in sorted(hre)
                 if p not in variant.provinces]
    hre_power = str(pay.get("hre_power", ""))
    if hre_power and hre_power not in powers:
        problems.append(f"tables.toml [payola] hre_power = {hre_power!r}: expected a power")

    won = t.get("victory", {})
    papal_bonus = {c: _whole(n, f"tables.toml [victory] papal_bonus {c}", problems)
                   for c, n in won.get("papal_bonus", {}).items()}
    problems += [f"tables.toml [victory] papal_bonus: {c!r} is not a center" for c in papal_bonus if c not in values]

    # Read before the check below, so that a mistake in them is told rather than left out.
    per_center = _whole(alloc_t.get("per_center", 3), "tables.toml [inf_allocation] per_center", problems)
    exclusive = _whole(obj_t.get("exclusive", 0), "tables.toml [objectives] exclusive", problems)
    shares = {key: _share(status.get(key, default), f"tables.toml [status] {key}", problems)
              for key, default in (("aligned_share", "2/3"), ("religious_share", "2/3"), ("tribute_share", "1/3"))}
    counts = {key: _whole(status.get(key, default), f"tables.toml [status] {key}", problems)
              for key, default in (("independent_max", 4), ("aligned_min_infs", 5), ("religious_min", 10),
                                   ("immunity_infs", 5))}
    years = {key: _whole(won.get(key, default), f"tables.toml [victory] {key}", problems)
             for key, default in (("end_year", 1621), ("alliances_until", 1618))}
    attacks_from = _whole(attacks.get("first_year", 0), "tables.toml [attacks] first_year", problems)
    if problems:
        raise VariantDataError(variant.name, problems)
    return Setup(
        powers=powers, confessions=confessions, minors=minors, pliant=frozenset(pliant), values=values,
        homes={o: tuple(sorted(cs)) for o, cs in homes.items()}, first_year=parse_phase(variant.calendar.first_phase).year,
        allocation=allocation, per_center=per_center,
        attack_order=order, attacks_from=attacks_from, table=table, funds=funds,
        objectives=objectives, exclusive=exclusive, penalties=penalties, papal_state=papal,
        reference_lists=refs, ports=frozenset(ports), hre=hre, hre_power=hre_power, papal_bonus=papal_bonus,
        fleet_bans=frozenset(bans), domains=domains, **years, **counts, **shares,
    )
