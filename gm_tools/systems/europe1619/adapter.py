"""Build the :class:`DiplomacySetup` of a game from the loaded Europe 1619 variant.

The only place that knows the variant's data layout (``variants/europe1619/tables.toml``:
``influence``, ``reichstag``, ``papacy``, ``minor_states``, ``influence_allocation``,
``initial_inf``, ``initial_declarations``, ``setups``, ``conversions``; ``religion`` on each
power). Everything it finds wrong is
reported at once as a ``VariantDataError`` naming the table and entry.
"""

from __future__ import annotations

from gm_tools.errors import VariantDataError
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influence import CONFESSIONS, MinorState, influence_rules, minor_article
from gm_tools.systems.europe1619.setup import DiplomacySetup

_META = ("reconstructed", "source")


def setup_from_variant(variant: Variant, players: int | None = None) -> DiplomacySetup:
    """The diplomacy setup of a game of ``players`` players (10 to 15: 'PLAYERS' setups);
    by default the variant's own count: 15, or the count of a view made by
    :func:`gm_tools.systems.europe1619.players.variant_for_players` (whose setup is already applied)."""
    if players is None:
        players = int(variant.options.get("players", 15))
    problems: list[str] = []
    tables = variant.tables
    setups = tables.get("setups", {})
    chosen = setups.get(str(players))
    if chosen is None:
        known = sorted(k for k in setups if k not in _META)
        raise VariantDataError(variant.name, [f"tables.toml [setups]: no setup for {players} players (found {', '.join(known) or 'none'})"])
    removed = set(chosen.get("removed", []))
    powers = tuple(
        code for code, p in variant.powers.items() if p.playable and not p.extra.get("minor") and code not in removed
    )
    in_play = set(powers)
    confessions = {p: variant.powers[p].religion for p in powers}
    for p, c in confessions.items():
        if c not in CONFESSIONS:
            problems.append(f"variant.toml power {p}: religion {c!r}, expected one of {', '.join(CONFESSIONS)}")

    minors = {}
    for code, row in tables.get("minor_states", {}).items():
        if code not in _META:
            minors[code] = _minor(variant, f"[minor_states.{code}]", code, row, problems)
    for power in chosen.get("convert", []):
        row = tables.get("conversions", {}).get(power)
        if row is None:
            problems.append(f"tables.toml [setups.{players}]: {power} is converted but [conversions.{power}] is missing")
            continue
        minors[row["minor"]] = _minor(variant, f"[conversions.{power}]", row["minor"], row, problems)

    allocation_table = tables.get("influence_allocation", {})
    # a smaller setup's view of the variant has lost the powers some setup removes: still powers
    ever = set(variant.powers) | set(tables.get("conversions", {})) | {
        p for row in setups.values() if isinstance(row, dict) for p in row.get("removed", [])}
    problems += [f"tables.toml [influence_allocation.inf_per_year]: {p!r} is not a power"
                 for p in allocation_table.get("inf_per_year", {}) if p not in ever]
    per_year = {p: _infs(n, f"tables.toml [influence_allocation.inf_per_year] {p}", problems)
                for p, n in allocation_table.get("inf_per_year", {}).items() if p in in_play}
    for p in powers:
        if p not in per_year:
            problems.append(f"tables.toml [influence_allocation.inf_per_year]: no INFs for {p}")
    first_year = parse_phase(variant.calendar.first_phase).year
    allocation = {first_year: per_year}
    allocation.update(_later_rows(allocation_table.get("from_year", {}), first_year, powers, problems))
    order_entry = allocation_table.get("attack_order", [])
    if not isinstance(order_entry, list):
        problems.append(f"tables.toml [influence_allocation] attack_order = {order_entry!r}: expected a list of "
                        "the powers in the order they attack")
        order_entry = []
    problems += [f"tables.toml [influence_allocation] attack_order: {p!r} is not a power" for p in order_entry
                 if p not in ever]
    attack_order = tuple(p for p in order_entry if p in in_play)
    missing = [p for p in powers if p not in attack_order]
    if missing:
        problems.append(f"tables.toml [influence_allocation] attack_order: missing {', '.join(missing)}")

    influence: dict[str, dict[str, int]] = {}
    for power, row in tables.get("initial_inf", {}).items():
        if power in _META or power not in in_play:
            continue  # 'A power no longer played places none of its INITIAL SETUP INFs'
        for minor, n in row.items():
            influence.setdefault(minor, {})[power] = _infs(n, f"tables.toml [initial_inf] {power} {minor}", problems)
    for minor, row in chosen.get("initial_inf", {}).items():
        for power, n in row.items():
            # restated, not added (NOTES.md)
            influence.setdefault(minor, {})[power] = _infs(n, f"tables.toml [setups.{players}] initial_inf {minor} {power}",
                                                           problems)
    for minor, row in influence.items():
        if minor not in minors:
            problems.append(f"tables.toml initial INFs: unknown minor state {minor!r}")
        for power in row:
            if power not in in_play:
                problems.append(f"tables.toml initial INFs in {minor}: {power} is not a power in play")

    declarations = tables.get("initial_declarations", {})
    relations = [(a, b, "alliance") for a, b in declarations.get("alliances", [])]
    relations += [(a, b, "war") for a, b in declarations.get("wars", [])]
    relations = tuple((a, b, r) for a, b, r in relations if a in in_play and b in in_play)
    never = list(declarations.get("never_allied", [])) + list(chosen.get("never_allied", []))
    # the rule each pair is cited by: the notes', or a smaller setup's (in the view of a game of
    # fewer players, variant_for_players, kept under setup_never_allied)
    cited = {frozenset(p): "Notes on initial declarations" for p in declarations.get("never_allied", [])}
    for rows in (declarations.get("setup_never_allied", {}), {"players": chosen.get("players"),
                                                              "pairs": chosen.get("never_allied", [])}):
        cited.update({frozenset(p): f"{rows['players']} PLAYERS" for p in rows.get("pairs", [])})

    rules = influence_rules(tables.get("influence", {}), problems)
    reichstag = tables.get("reichstag", {})
    caller = reichstag.get("caller")
    known = set(variant.powers)
    members = _power_list(reichstag, "members", known, problems)
    foreign = _power_list(reichstag, "foreign_powers", known, problems)
    papacy = tables.get("papacy", {}).get("power")
    for where, code in (("[reichstag] caller", caller), ("[papacy] power", papacy)):
        if code is not None and code not in known:
            problems.append(f"tables.toml {where}: {code!r} is not a power of the variant")

    if problems:
        raise VariantDataError(variant.name, problems)
    return DiplomacySetup(
        powers=powers,
        confessions=confessions,
        minors=dict(sorted(minors.items())),
        allocation=allocation,
        attack_order=attack_order,
        power_names={p: variant.powers[p].name for p in powers},
        papacy=papacy if papacy in in_play else None,
        forbidden_alliances=frozenset(frozenset(pair) for pair in never),
        alliance_rules=cited,
        reichstag_caller=caller if caller in in_play else None,
        reichstag_members=tuple(p for p in members if p in in_play),
        foreign_powers=tuple(p for p in foreign if p in in_play),
        last_allocation_year=victory_terms(variant)[1],
        initial_influence=influence,
        initial_relations=relations,
        armistice_by=str(variant.options.get("armistice", "both")),
        **rules,
    )


def victory_terms(variant: Variant) -> tuple[int, int]:
    """(points that win, the last year) from ``variant.toml [victory]``: 'score 25 victory
    points' and 'the game officially ends at the Scoring Phase of 1648'. Both are required."""
    if not variant.victory_points or not variant.end_year:
        raise VariantDataError(variant.name, ["variant.toml [victory]: expected points and end_year "
                                              "(the points that win and the game's last year)"])
    return variant.victory_points, variant.end_year


def _power_list(table: dict, key: str, known: set[str], problems: list[str]) -> tuple[str, ...]:
    codes = table.get(key, [])
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        problems.append(f"tables.toml [reichstag] {key}: expected a list of power codes, found {codes!r}")
        return ()
    for code in codes:
        if code not in known:
            problems.append(f"tables.toml [reichstag] {key}: {code!r} is not a power of the variant")
    return tuple(codes)


def _later_rows(rows: dict, first_year: int, powers: tuple[str, ...], problems: list[str]) -> dict[int, dict[str, int]]:
    """The Influence Allocation Table's rows after the first year (``[influence_allocation.
    from_year.1630]``: {power: INFs a year from 1630 on}), so a GM can copy a published table
    whose allotments change over the game. Each row names every power in play."""
    later = {}
    for key, row in rows.items():
        where = f"tables.toml [influence_allocation.from_year.{key}]"
        if not str(key).isdigit() or int(key) <= first_year:
            problems.append(f"{where}: found year {key!r}, expected a year after {first_year}")
            continue
        missing = [p for p in powers if p not in row]
        if missing:
            problems.append(f"{where}: no INFs for {', '.join(missing)}")
            continue
        later[int(key)] = {p: _infs(row[p], f"{where} {p}", problems) for p in powers}
    return dict(sorted(later.items()))


def _infs(value, where: str, problems: list[str]) -> int:
    """A count of INFs from the table, or 0 with the mistake told: int() would take '6' and 1.5
    silently and stop the load with a traceback on 'six'."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.append(f"{where} = {value!r}: expected a whole number of INFs, 0 or more")
        return 0
    return value


def with_new_states(setup: DiplomacySetup, variant: Variant, new_states: dict[str, str]) -> DiplomacySetup:
    """``setup`` once Spain or England is eliminated: each of its build sites named in
    ``new_states`` (center -> the eliminated power) is a minor state of one province, coded as
    the center, that 'may be influenced' like any other ('Flanders, Milan, and Naples become new
    independent states that may be influenced'; 'Scotland becomes a new independent state')."""
    if not new_states:
        return setup
    from dataclasses import replace

    minors = dict(setup.minors)
    for center in sorted(new_states):
        province = variant.provinces[center]
        minors[center] = MinorState(center, province.name, (center,), center, bool(province.extra.get("hre")), (),
                                    province.article)
    return replace(setup, minors=minors)


def _minor(variant: Variant, where: str, code: str, row: dict, problems: list[str]) -> MinorState:
    provinces = tuple(row.get("provinces", []))
    for prov in provinces:
        if prov not in variant.provinces:
            problems.append(f"tables.toml {where}: unknown province {prov!r}")
    home = row.get("home_center")
    if home is not None and not (home in variant.provinces and variant.provinces[home].supply_center):
        problems.append(f"tables.toml {where}: home_center {home!r} is not a supply center")
    hre = row.get("hre")
    if hre is None:  # a converted power: inside the HRE when its home province is
        first = home or (provinces[0] if provinces else None)
        hre = bool(first and variant.provinces.get(first) and variant.provinces[first].extra.get("hre"))
    allowed = tuple(row.get("inf_religions", []))
    for c in allowed:
        if c not in CONFESSIONS:
            problems.append(f"tables.toml {where}: inf_religions has {c!r}, expected one of {', '.join(CONFESSIONS)}")
    return MinorState(code, row.get("name", code), provinces, home, bool(hre), allowed,
                      minor_article(row, f"tables.toml {where}", problems), tuple(row.get("aliases", ())))
