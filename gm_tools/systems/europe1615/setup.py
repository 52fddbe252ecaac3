"""The fixed facts of a Europe 1615 game, read once from the variant's data and checked.

Rulebook: ``000_cc215928c2f3193e.txt``. The only module that knows the data layout
(``variants/europe1615/tables.toml``: ``influence``, ``attack_order``, ``counterbalance``,
``religious_markers``, ``christian_muslim``, ``minor_states``; ``religion`` on each power;
``value``, ``home``, ``minor``, ``islamic`` on the provinces). Every problem is reported at
once as a ``VariantDataError`` naming the table and entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError
from gm_tools.mechanics.influence import (
    CATHOLIC, CONFESSIONS, OTTOMAN, PROTESTANT, MinorState, influence_rules, minor_article,
)
from gm_tools.systems.europe1615.scoring import ScoringRules, scoring_rules

_META = ("reconstructed", "source")


@dataclass(frozen=True)
class Setup:
    """Everything about a Europe 1615 game that does not change during play. It is the
    :class:`gm_tools.mechanics.influence.InfluenceSetup` the shared influence rules read."""

    powers: tuple[str, ...]
    """The five powers, in the variant's order ("Austria, France, Spain, England, and Denmark")."""
    confessions: dict[str, str]
    """Power code -> ``catholic`` or ``protestant`` (the Ottomans: ``ottoman``)."""
    minors: dict[str, MinorState]
    """Minor-state code -> the pliant minor state ('List of Pliant Minor States')."""
    values: dict[str, int]
    """Center -> its value: capture VPs, INFs, a third of the alignment VPs ('Reference map')."""
    homes: dict[str, tuple[str, ...]]
    """Owner (power, Ottomans or minor state) -> its home centers."""
    first_year_order: tuple[str, ...]
    """'If in the first year, then the order of priority is: (1) England ...'."""
    first_year: int
    """The game's first year (1615)."""
    latent: dict[str, str] = field(default_factory=dict)
    """Center -> the sanction that creates it ('Catalonia acquires a center'): until then the
    province is no center, and it is one once it is in ``Position.centers``."""
    ottoman: str | None = "OTTOMAN"
    """The Ottomans' code, whose units every power may order, or None."""
    closed: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Minor -> (the sanction that opens it, its status until then): Morocco and Catalonia."""
    islamic: frozenset[str] = frozenset()
    """Islamic centers ('Builds are not allowed in captured Islamic centers')."""
    papal: frozenset[str] = frozenset()
    """ROM and MAR, and the provinces adjacent the Christian/Muslim rule names (VEN, PIA, TUS,
    NAP): no Christian unit convoys or supports a Muslim move onto them."""
    counterbalance_ratio: int = 2
    """'2 or more times greater'."""
    counterbalance_names: dict[str, str] = field(default_factory=lambda: {CATHOLIC: "widerstand",
                                                                           PROTESTANT: "ketzenhammer"})
    """Confession ahead -> the name of the counterbalance then in effect."""
    marker_share: Fraction = Fraction(2, 3)
    """The share of an aligned minor's INFs one confession's powers need for its marker
    (reconstructed: tables.toml [religious_markers])."""
    permanent_markers: dict[str, str] = field(default_factory=dict)
    """Minor -> confession marked for good ('the Papal States ... are permanently marked Catholic')."""
    aligned_share: Fraction = Fraction(1, 2)
    """The shared influence rules' thresholds: '50% or more of the total INFs deployed'."""
    aligned_at_share: bool = True
    """'50% or more': holding exactly half aligns, unless another holds as much (50/50)."""
    aligned_min_infs: int = 0
    """No least number of INFs."""
    vassal_infs: int | None = None
    """No vassalage in this rulebook."""
    attack_resolution: str = "mutual_reduction"
    """'Diplomatic attacks are resolved by a MUTUAL REDUCTION.'"""
    scoring: ScoringRules = field(default_factory=ScoringRules)
    """What a round scores and what wins the game (``tables.toml [scoring]``)."""
    sanctions: dict = field(default_factory=dict)
    """Sanction key -> :class:`~gm_tools.systems.europe1615.sanctions.Sanction`."""
    sanction_years: tuple[int, tuple[str, ...]] = (0, ())
    """(the timeline's first year, the seasons it draws from)."""

    def confession(self, power: str) -> str:
        return self.confessions.get(power, "")

    def attack_rank(self, power: str) -> int:
        """The first year's order; later years rank by :func:`.deployment.attack_sequence`."""
        return self.first_year_order.index(power) if power in self.first_year_order else len(self.first_year_order)

    def minor_of(self, province: str) -> str | None:
        """The pliant minor state a province belongs to by the map, or None."""
        for code, minor in self.minors.items():
            if province in minor.provinces:
                return code
        return None

    def is_minor(self, owner: str) -> bool:
        return owner in self.minors

    def is_center(self, province: str, centers) -> bool:
        """Whether ``province`` is a center now: a latent one only once its sanction made it
        one (it is then in ``centers``, the position's)."""
        return province in self.values and (province not in self.latent or province in centers)


    def with_dissolved(self, variant: Variant, dissolved: dict[str, str]) -> "Setup":
        """This setup once powers were dissolved: 'Each remaining center becomes a pliant minor
        state', a minor of one province whose code is the center's, no longer the power's home."""
        from dataclasses import replace

        minors = dict(self.minors)
        homes = {o: tuple(c for c in cs if c not in dissolved) for o, cs in self.homes.items()}
        for center in sorted(dissolved):
            province = variant.provinces[center]
            minors[center] = MinorState(center, province.name, (center,), center, False, (), province.article)
            homes[center] = (center,)
        return replace(self, minors=dict(sorted(minors.items())), homes=homes)


_CACHE: dict[int, tuple[Variant, Setup]] = {}
_DISSOLVED: dict[tuple, tuple[Variant, Setup]] = {}


def setup_of(variant: Variant, position=None) -> Setup:
    """The setup of a loaded variant, built once per variant object; given a position, with
    the minor states the powers dissolved so far have left (:meth:`Setup.with_dissolved`)."""
    hit = _CACHE.get(id(variant))
    if hit is None or hit[0] is not variant:
        hit = (variant, setup_from_variant(variant))
        _CACHE[id(variant)] = hit
    dissolved = position.extra.get("europe1615", {}).get("dissolved") if position is not None else None
    if not dissolved:
        return hit[1]
    key = (id(variant), tuple(sorted(dissolved.items())))
    found = _DISSOLVED.get(key)
    if found is None or found[0] is not variant:
        found = _DISSOLVED[key] = (variant, hit[1].with_dissolved(variant, dissolved))
    return found[1]


def _listed(row: dict, key: str, where: str, what: str, problems: list[str]) -> tuple:
    """A list entry of a minor state's row; a single value (a GM's "WUR" for ["WUR"]) is told,
    not read letter by letter."""
    value = row.get(key, [])
    if not isinstance(value, list):
        problems.append(f"{where} {key} = {value!r}: expected a list of {what}")
        return ()
    return tuple(value)


def setup_from_variant(variant: Variant) -> Setup:
    problems: list[str] = []
    tables = variant.tables
    powers = tuple(c for c, p in variant.powers.items() if p.playable)
    confessions = {c: p.religion for c, p in variant.powers.items() if p.religion}
    for c, religion in confessions.items():
        if religion not in CONFESSIONS:
            problems.append(f"variant.toml power {c}: religion {religion!r}, expected one of {', '.join(CONFESSIONS)}")
    for c in powers:
        if confessions.get(c) not in (CATHOLIC, PROTESTANT):
            problems.append(f"variant.toml power {c}: expected religion \"catholic\" or \"protestant\"")
    ottoman = next((c for c, p in variant.powers.items() if p.religion == OTTOMAN), None)

    values: dict[str, int] = {}
    latent: dict[str, str] = {}
    homes: dict[str, list[str]] = {}
    islamic = set()
    for code, prov in variant.provinces.items():
        if prov.extra.get("center_from"):
            if prov.supply_center:
                problems.append(f"provinces.toml [{code}]: center_from names the sanction that creates the center; "
                                "expected no 'center = true' beside it")
            latent[code] = str(prov.extra["center_from"])
            values[code] = prov.value
        elif prov.supply_center:
            value = prov.value
            if not isinstance(value, int) or value < 1:
                problems.append(f"provinces.toml [{code}]: a center needs value = a whole number, found {value!r}")
            else:
                values[code] = value
        if prov.home:
            homes.setdefault(prov.home, []).append(code)
        if prov.extra.get("islamic"):
            islamic.add(code)

    minors: dict[str, MinorState] = {}
    closed: dict[str, tuple[str, str]] = {}
    for code, row in tables.get("minor_states", {}).items():
        if code in _META:
            continue
        where = f"tables.toml [minor_states.{code}]"
        provinces = _listed(row, "provinces", where, "province codes", problems)
        for prov in provinces:
            if prov not in variant.provinces:
                problems.append(f"{where}: unknown province {prov!r}")
            elif variant.provinces[prov].extra.get("minor") != code:
                problems.append(f"{where}: province {prov} is not marked minor = \"{code}\" in provinces.toml")
        home = row.get("home_center")
        if home is not None and (home not in variant.provinces or not (variant.provinces[home].supply_center
                                                                        or home in latent)):
            problems.append(f"{where}: home_center {home!r} is not a supply center")
        if home is not None and code not in variant.powers:
            problems.append(f"{where}: a minor state with a center owns its unit: expected a [[powers]] entry {code}")
        allowed = _listed(row, "inf_religions", where, "confessions", problems)
        for c in allowed:
            if c not in CONFESSIONS:
                problems.append(f"{where}: inf_religions has {c!r}, expected one of {', '.join(CONFESSIONS)}")
        if "closed_until" in row:
            status = row.get("closed_status", "NEUTRAL")
            if status not in ("NEUTRAL", "UNALIGNED"):
                problems.append(f"{where}: closed_status {status!r}, expected \"NEUTRAL\" or \"UNALIGNED\"")
            closed[code] = (str(row["closed_until"]), status)
        aliases = row.get("aliases", [])
        if not (isinstance(aliases, list) and all(isinstance(a, str) and a.strip() for a in aliases)):
            problems.append(f"{where}: aliases = {aliases!r}, expected a list of names")
            aliases = []
        name = row.get("name", code)
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where} name = {name!r}: expected the state's name")
            name = code
        minors[code] = MinorState(code, name, provinces, home, False, allowed,
                                  minor_article(row, where, problems), tuple(aliases))

    for code, prov in sorted(variant.provinces.items()):
        minor = prov.extra.get("minor")
        if minor in minors and code not in minors[minor].provinces:
            problems.append(f"provinces.toml [{code}]: minor = \"{minor}\", but tables.toml [minor_states.{minor}] provinces "
                            f"does not list {code}")
    order = tuple(tables.get("attack_order", {}).get("first_year", []))
    if sorted(order) != sorted(powers):
        problems.append(f"tables.toml [attack_order] first_year: expected each of {', '.join(powers)} once, "
                        f"found {', '.join(order) or 'nothing'}")
    balance = tables.get("counterbalance", {})
    ratio = balance.get("ratio", 2)
    if not isinstance(ratio, int) or isinstance(ratio, bool) or ratio < 1:
        problems.append(f"tables.toml [counterbalance] ratio = {ratio!r}: expected a whole number, 1 or more")
        ratio = 2
    names = {CATHOLIC: str(balance.get("catholic_ahead", "widerstand")),
             PROTESTANT: str(balance.get("protestant_ahead", "ketzenhammer"))}
    markers = tables.get("religious_markers", {})
    try:
        share = Fraction(str(markers.get("share", "2/3")))
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 1:
        problems.append(f"tables.toml [religious_markers] share = {markers.get('share')!r}: expected a fraction such as \"2/3\"")
        share = Fraction(2, 3)
    permanent = markers.get("permanent", {})
    if not isinstance(permanent, dict):
        problems.append(f"tables.toml [religious_markers] permanent = {permanent!r}: expected a table of minor state = "
                        "confession, { PAPL = \"catholic\" }")
        permanent = {}
    for minor, confession in permanent.items():
        if minor not in minors or confession not in CONFESSIONS:
            problems.append(f"tables.toml [religious_markers] permanent: {minor} = {confession!r} is not a minor "
                            "state and a confession")
    rule = tables.get("christian_muslim", {})
    papal = frozenset(rule.get("papal", [])) | frozenset(rule.get("adjacent", []))
    for prov in sorted(papal):
        if prov not in variant.provinces:
            problems.append(f"tables.toml [christian_muslim]: unknown province {prov!r}")
    rules = influence_rules(tables.get("influence", {}), problems)
    scoring = scoring_rules(tables.get("scoring", {}), problems)
    from gm_tools.systems.europe1615.sanctions import read_sanctions

    try:
        sanctions, first, seasons = read_sanctions(variant)
    except VariantDataError as e:
        problems.extend(e.problems)
        sanctions, first, seasons = {}, 0, ()
    taken = set(minors) | set(variant.powers)
    for power in powers:
        for center in homes.get(power, ()):
            if center in taken:
                problems.append(f"provinces.toml [{center}]: a home center of {power} whose code is also a minor state's "
                                "or power's: when the power is dissolved, its centers become minor states by that code")
    for code, (named, _status) in sorted(closed.items()):
        openers = [s for s in sanctions.values() if s.opens == code]
        if sanctions and not openers:
            problems.append(f"tables.toml [minor_states.{code}] closed_until = {named!r}: no sanction opens {code}; "
                            f"expected opens = \"{code}\" on the sanction it names")
        elif openers and not any(named in (s.title, *s.aliases) for s in openers):
            problems.append(f"tables.toml [minor_states.{code}] closed_until = {named!r}: expected the title of the "
                            f"sanction that opens it, {openers[0].title!r}")
    for center, key in latent.items():
        if key not in sanctions:
            problems.append(f"provinces.toml [{center}]: center_from = {key!r} is not a sanction of tables.toml [sanctions]")
    for minor in scoring.no_marker_points:
        if minor not in minors:
            problems.append(f"tables.toml [scoring] no_marker_points: {minor!r} is not a minor state")
    if scoring.victory_center and scoring.victory_center not in variant.provinces:
        problems.append(f"tables.toml [scoring] victory_center: unknown province {scoring.victory_center!r}")
    from gm_tools.engine.phase import parse_phase

    if problems:
        raise VariantDataError(variant.name, problems)
    return Setup(
        powers=powers, confessions=confessions, minors=dict(sorted(minors.items())), values=values, latent=latent,
        homes={o: tuple(sorted(cs)) for o, cs in sorted(homes.items())}, first_year_order=order,
        first_year=parse_phase(variant.calendar.first_phase).year, ottoman=ottoman, closed=closed,
        islamic=frozenset(islamic), papal=papal, counterbalance_ratio=ratio, counterbalance_names=names,
        marker_share=share, permanent_markers=permanent, scoring=scoring, sanctions=sanctions,
        sanction_years=(first, seasons), **rules,
    )
