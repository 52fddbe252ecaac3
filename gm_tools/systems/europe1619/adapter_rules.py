"""From a loaded Europe 1619 variant and a position to what the rules read.

The variant data (``variants/europe1619``): provinces carry ``domain = POWER`` (a home
province), ``minor = CODE`` (a province of a minor state) and ``hre = true``; home centers
``home``; powers ``build_sites`` and ``minor = true``; ``tables.toml`` the minor states, the
Military Cost Table, the initial INFs and declarations. The diplomatic state is
``Position.extra["declarations"]`` (:mod:`gm_tools.systems.europe1619.declarations`) and
``Position.extra["influence"]`` (:mod:`gm_tools.mechanics.influence`); a position without them
is at the start of the game, so the initial declarations and INFs apply.
"""

from __future__ import annotations

from typing import Mapping

from gm_tools.errors import VariantDataError
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influence import status_in
from gm_tools.systems.europe1619.scoring import ScoringRules
from gm_tools.systems.europe1619.territory import Geography, Relations
from gm_tools.systems.europe1619.treasury import Economy

def _powers(variant: Variant, table: str, key: str) -> tuple[str, ...]:
    """A list of power codes from ``tables.toml [table] key`` (``tables.toml [empire]``:
    the rulebook's HRE powers and the powers with income from aligned HRE states)."""
    codes = variant.tables.get(table, {}).get(key, [])
    bad = [c for c in codes if not isinstance(c, str)] if isinstance(codes, list) else [codes]
    if bad:
        raise VariantDataError(variant.name, [f"tables.toml [{table}] {key}: expected a list of power codes, found {codes!r}"])
    return tuple(codes)


def _bonuses(variant: Variant) -> tuple[tuple[str, str, int], ...]:
    """``tables.toml [bonuses]``: (power, province, victory points) for holding a province
    ('If Austria captures Bohemia and holds on to it, Austria gains an additional 5 victory
    points')."""
    found, problems = [], []
    for power, rows in variant.tables.get("bonuses", {}).items():
        where = f"tables.toml [bonuses] {power}"
        if power not in variant.powers and power not in variant.tables.get("conversions", {}):
            problems.append(f"{where}: {power!r} is not a power of the variant")
        for row in rows if isinstance(rows, list) else [rows]:
            province, points = (row.get("province"), row.get("points")) if isinstance(row, dict) else (None, None)
            if province not in variant.provinces:
                problems.append(f"{where}: province {province!r} is not on the map")
            if not isinstance(points, int) or isinstance(points, bool) or points < 1:
                problems.append(f"{where}: points = {points!r}, expected a whole number, 1 or more")
            found.append((power, province, points))
    if problems:
        raise VariantDataError(variant.name, problems)
    return tuple(found)

_GEOGRAPHY: dict = {}


def geography(variant: Variant, position: Position | None = None) -> Geography:
    """The map facts of ``variant`` (computed once per loaded variant); given a position, with
    the new independent states of an eliminated Spain or England (:meth:`Geography.with_new_states`)."""
    return per_variant(_GEOGRAPHY, variant, position, _geography, Geography.with_new_states)


def per_variant(cache: dict, variant: Variant, position: Position | None, make, extend):
    """``make(variant)`` once per loaded variant, kept in ``cache``; given a position with new
    independent states, ``extend(made, new_states)`` once per set of them (the map facts and
    the diplomatic setup both change when Spain or England is eliminated)."""
    key = id(variant)
    if key not in cache:
        cache[key] = make(variant)
    new_states = new_states_of(position)
    if not new_states:
        return cache[key]
    extended = (key, tuple(sorted(new_states.items())))
    if extended not in cache:
        cache[extended] = extend(cache[key], new_states)
    return cache[extended]


def new_states_of(position: Position | None) -> dict[str, str]:
    """Center -> the eliminated power it belonged to, for the new independent states so far."""
    from gm_tools.systems.europe1619.state import state_of

    return dict(state_of(position).new_states or {}) if position is not None else {}


def _geography(variant: Variant) -> Geography:
    problems = []
    minor_table = variant.tables.get("minor_states", {})
    minors, minor_home = {}, {}
    for code, entry in sorted(minor_table.items()):
        if not isinstance(entry, dict):
            continue  # 'reconstructed', 'source'
        minors[code] = tuple(entry.get("provinces", ()))
        if entry.get("home_center"):
            minor_home[code] = entry["home_center"]
    domain = {}
    for code, province in sorted(variant.provinces.items()):
        holder = province.extra.get("domain") or province.extra.get("minor")
        if holder:
            domain[code] = holder
        if province.extra.get("minor") and province.extra["minor"] not in minors:
            problems.append(f"provinces.toml: [{code}] minor = {province.extra['minor']!r} is not in tables.toml [minor_states]")
    powers = frozenset(c for c, p in variant.powers.items() if p.playable and not p.extra.get("minor"))
    home_centers = {p: tuple(variant.home_centers(p)) for p in sorted(powers)}
    build_sites, new_states = {}, {}
    for p in sorted(powers):
        extra_sites = tuple(variant.powers[p].extra.get("build_sites", ()))
        build_sites[p] = tuple(sorted(set(home_centers[p]) | set(extra_sites)))
        if extra_sites:
            new_states[p] = extra_sites
    if problems:
        raise VariantDataError(variant.name, problems)
    return Geography(
        powers=powers,
        minors=minors,
        minor_home=minor_home,
        domain=domain,
        home_centers=home_centers,
        build_sites=build_sites,
        values={c: variant.provinces[c].value for c in variant.supply_centers()},
        hre=frozenset(c for c, p in variant.provinces.items() if p.extra.get("hre")),
        hre_powers=frozenset(_powers(variant, "empire", "hre_powers")) & powers,
        army_neighbours=dict(variant.army_adjacency),
        coastal=frozenset(c for c, p in variant.provinces.items() if p.type == "coast" and variant.fleet_locations(c)),
        fleet_coasts=_fleet_coasts(variant),
        new_states=new_states,
    )


def _fleet_coasts(variant: Variant) -> dict[str, str]:
    """A two-coast province -> the coast of the fleet that starts there, else its first coast."""
    started = {u.location.split("/")[0]: u.location for u in variant.start_units if "/" in u.location}
    split = (c for c, p in variant.provinces.items() if p.type == "coast" and len(variant.fleet_locations(c)) > 1)
    return {c: started.get(c, sorted(variant.fleet_locations(c))[0]) for c in sorted(split)}


def relations(variant: Variant, position: Position) -> Relations:
    """The declarations in force and the minors' statuses, from what the Diplomatic Phase
    keeps (or the INITIAL SETUP and 'Notes on initial declarations' when it keeps none yet)."""
    from gm_tools.systems.europe1619.diplomatic_phase import kept_relations

    wars, alliances = [], []
    declared, influence = kept_relations(position)
    if declared is not None:
        # Pending declarations effective this year count even when no Diplomatic Phase settled
        # them (after 1648 'the Diplomatic Phase is skipped').
        from gm_tools.engine.phase import parse_phase
        from gm_tools.systems.europe1619.declarations import relations_in_year

        in_force = relations_in_year(declared, parse_phase(position.phase).year)
        for pair_, relation in sorted(in_force.items()):
            (wars if relation == "war" else alliances).append(pair_)
    else:
        start = variant.tables.get("initial_declarations", {})
        wars = [tuple(p) for p in start.get("wars", [])]
        alliances = [tuple(p) for p in start.get("alliances", [])]
    if influence is None:
        influence = _initial_influence(variant.tables.get("initial_inf", {}))
    from gm_tools.systems.europe1619.phases import setup_of

    setup = setup_of(variant, position)  # the thresholds the Diplomatic Phase reads too
    aligned, vassals, neutral = {}, {}, []
    for minor, infs in sorted(influence.items()):
        status, power = status_in(setup, infs)
        if status == "ALIGNED":
            aligned[minor] = power
        elif status == "VASSALAGE":
            vassals[minor] = power
        elif status == "NEUTRAL":
            neutral.append(minor)
    return Relations.of(wars=wars, alliances=alliances, aligned=aligned, vassals=vassals, neutral=neutral)


def _initial_influence(table: Mapping) -> dict[str, dict[str, int]]:
    by_minor: dict[str, dict[str, int]] = {}
    for power, row in table.items():
        if isinstance(row, dict):
            for minor, n in row.items():
                by_minor.setdefault(minor, {})[power] = int(n)
    return by_minor


def economy(variant: Variant) -> Economy:
    """The Military Cost Table (``tables.toml [military_cost] cost_to_add``, ``step_beyond``) and the limits."""
    costs = variant.tables.get("military_cost", {}).get("cost_to_add")
    if not isinstance(costs, list) or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in costs):
        raise VariantDataError(
            variant.name, [f"tables.toml: [military_cost] cost_to_add must be a list of whole TPs, 0 or more, found {costs!r}"]
        )
    step = variant.tables.get("military_cost", {}).get("step_beyond")
    if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
        raise VariantDataError(
            variant.name, [f"tables.toml: [military_cost] step_beyond must be a whole number of TPs, 0 or more, found {step!r}"]
        )
    return Economy(
        costs=dict(enumerate(costs)),
        step_beyond=step,
        aligned_income_powers=frozenset(_powers(variant, "empire", "aligned_income_powers")),
        max_strength=int(variant.options.get("max_strength", 15)),
        max_unit_strength=int(variant.options.get("max_unit_strength", 10)),
        build_site_income=bool(variant.options.get("build_site_income", True)),
    )


def scoring_rules(variant: Variant) -> ScoringRules:
    """Confessions from the powers' ``religion``; the bonuses, the winning points and the last
    year from the variant's data."""
    from gm_tools.systems.europe1619.adapter import victory_terms

    points, victory_year = victory_terms(variant)
    return ScoringRules(
        confessions={c: p.religion for c, p in variant.powers.items() if p.religion},
        bonuses=_bonuses(variant),
        target=points,
        last_year=victory_year,
        marker_scoring=str(variant.options.get("marker_scoring", "confession")),
    )


def board(variant: Variant, position: Position):
    """The rules' view of ``position`` on ``variant``."""
    from gm_tools.systems.europe1619.territory import Board

    return Board(geography(variant, position), relations(variant, position), position)


def apply_map_adjustment(variant: Variant, position: Position):
    """Run the Map Adjustment Phase on ``position`` (after the Orders Phase and its retreats)
    and carry its consequences into the diplomatic state in ``position.extra``: a captured
    minor's INFs are held in suspension, a liberated minor's put back into effect, an
    eliminated power's INFs and relations removed, and the confessional markers placed afresh
    ('A confessional marker ... can only be placed on a minor state's home supply center during
    the Map Adjustment Phase'). Returns the :class:`~gm_tools.systems.europe1619.occupation.MapAdjustment`
    with that position."""
    from gm_tools.systems.europe1619 import diplomatic_phase as dp
    from gm_tools.mechanics import influence as inf
    from gm_tools.systems.europe1619.adapter import setup_from_variant
    from gm_tools.systems.europe1619.occupation import map_adjustment
    from gm_tools.systems.europe1619.state import state_of

    out = map_adjustment(board(variant, position))
    setup = setup_from_variant(variant)
    from gm_tools.systems.europe1619.adapter import with_new_states

    setup = with_new_states(setup, variant, new_states_of(out.position))
    state = dp.kept_diplomatic_state(out.position, setup)
    for power in out.eliminated:
        state = dp.eliminate(setup, state, power)
    influence = state.influence
    captures = dict(out.captured_minors)
    held = board(variant, out.position)
    for minor in sorted(set(held.geo.minors) - set(held.geo.minor_home) | set(new_states_of(out.position))):
        # A minor with no center, or a new state born captured, held in a game recorded before
        # such minors counted as captured is suspended now, not only at its next capture.
        if minor not in captures and minor not in influence.suspended and held.minor_captured(minor):
            captures[minor] = held.controller(held.geo.minors[minor][0])
    for minor, captor in sorted(influence.suspended.items()):
        # Taken from its captor by another: 'held by a foreign enemy unit', now that one's.
        if minor not in captures and held.geo.is_minor(minor) and held.minor_captured(minor):
            now = held.controller(held.geo.minor_home.get(minor) or held.geo.minors[minor][0])
            if now != captor:
                captures[minor] = now
    for minor, captor in sorted(captures.items()):
        influence = inf.capture(influence, minor, captor)
    for minor in out.liberated_minors:
        influence = inf.liberate(influence, minor)
    state = dp.DiplomaticState(
        inf.markers_at_map_adjustment(setup, influence), state.declarations, state.reichstag,
        tuple(sorted(set(state.eliminated) | set(state_of(out.position).gone()))),
    )
    dp.keep(out.position.extra, state)
    return out


def apply_transactions(variant: Variant, position: Position, transactions: list):
    """Run the Builds and Transactions Phase on ``position`` with the variant's Military Cost
    Table (:func:`gm_tools.systems.europe1619.treasury.run_transactions`)."""
    from gm_tools.systems.europe1619.treasury import run_transactions

    return run_transactions(board(variant, position), economy(variant), variant, transactions)


def score_position(variant: Variant, position: Position):
    """(scores by power, verdict) of the Scoring Phase of ``position``'s year, with the
    confessional markers the Diplomatic Phase keeps."""
    from gm_tools.engine.phase import parse_phase
    from gm_tools.systems.europe1619.scoring import scores, verdict

    rules = scoring_rules(variant)
    from gm_tools.systems.europe1619.diplomatic_phase import diplomatic_state

    table = scores(board(variant, position), rules, diplomatic_state(position).influence.markers)
    return table, verdict({p: s.total for p, s in table.items()}, parse_phase(position.phase).year, rules)


def center_values(variant: Variant) -> None:
    """``tables.toml [center_values]``: what the rulebook's text states of the lost map's values
    (Cologne 3, Wuerzburg 1, Bavaria 3; Rome, Saxony, Turin and Venice above 3, which the smaller
    setups 'Reduce' to 3), checked against provinces.toml's ``value``, which income and scores
    read: an edit of either alone would change nothing or go against the rulebook unsaid."""
    table = variant.tables.get("center_values")
    if not isinstance(table, dict):
        return
    where = "tables.toml [center_values]"
    centers = set(variant.supply_centers())
    problems: list[str] = []
    stated = table.get("stated", {})
    for code, value in sorted(stated.items()) if isinstance(stated, dict) else ():
        if code not in centers:
            problems.append(f"{where} stated: {code!r} is not a supply center")
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{where} stated {code} = {value!r}: expected a whole number, the value the rulebook states")
        elif variant.provinces[code].value != value:
            problems.append(f"provinces.toml [{code}] value = {variant.provinces[code].value}, but {where} stated "
                            f"{code} = {value} (what the rulebook states): income and scores read provinces.toml; "
                            "change both to follow a published map that differs")
    above = table.get("above_three", [])
    for code in above if isinstance(above, list) else ():
        if code not in centers:
            problems.append(f"{where} above_three: {code!r} is not a supply center")
        elif variant.provinces[code].value <= 3:
            problems.append(f"provinces.toml [{code}] value = {variant.provinces[code].value}, but {where} above_three "
                            f"lists {code} (the smaller setups 'Reduce' it to 3): expected more than 3")
    if problems:
        raise VariantDataError(variant.name, problems)
