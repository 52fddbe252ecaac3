"""The phases of the Europe 1615 year the Diplomacy engine does not play, and what happens to
the map at the year's end.

Rulebook: ``000_cc215928c2f3193e.txt``: 'PHASES OF THE GAME YEAR', 'Gain and loss of
influence', 'Capture of a minor state', 'Expansion', 'Disbanding', 'EARLY WINTER PHASE',
'BUILD/ADJUSTMENT PHASE', 'Re-building a minor state's army', 'Counterbalance'.

- :func:`play` - the Initial Status Check (the year's INFs; unused INFs of the last year are
  gone: 'Any unused INFs do not carry forward into the next year'), the Early Winter
  Adjustment Phase (the required disbands) and the Scoring Phase (:mod:`.scoring`);
- :func:`ownership` - who holds each center after Fall, the alliance and neutrality rules and
  the liberation of a captured minor's conquests;
- :func:`settle` - after every phase: captures and liberations of minor states, and the
  counterbalance worked out afresh;
- :func:`build_sites` - where a power may build in the Late Winter.
"""

from __future__ import annotations

from gm_tools.engine.model import ARMY, SUCCEEDS, Position, Unit
from gm_tools.engine.results import reason, result_of
from gm_tools.engine.runner import PhaseOutcome
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influence import ALIGNED, NEUTRAL, capture, liberate
from gm_tools.systems.europe1615.calendar import EARLY_WINTER, MOVEMENT, SCORING, STATUS_CHECK, phase_role
from gm_tools.systems.europe1615.calendar import phase_roles as calendar_roles
from gm_tools.systems.europe1615.sanctions import build_barred, draw_timeline, update
from gm_tools.systems.europe1615.deployment import counterbalance, set_markers, yearly_infs
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of, with_state
from gm_tools.systems.europe1615.status import CAPTURED, statuses, territory


def play(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome | None:
    role = phase_role(variant, position.phase)
    if role == STATUS_CHECK:
        return status_check(variant, position)
    if role == EARLY_WINTER:
        return early_winter(variant, position, inputs.get("disbands", ()))
    if role == SCORING:
        return scoring_phase(variant, position)
    return None


def scoring_phase(variant: Variant, position: Position) -> PhaseOutcome:
    """The year's round (:mod:`.scoring`): the scores, the round's winner, and the game's."""
    from gm_tools.engine.phase import parse_phase
    from gm_tools.systems.europe1615.scoring import game_winner, round_scores, round_winner

    setup = setup_of(variant, position)
    state = state_of(position)
    scores = round_scores(setup, setup.scoring, state, position)
    winner = round_winner(scores)
    state.last_scores = {p: s.total for p, s in scores.items()}
    state.scored_year = parse_phase(position.phase).year
    if winner:
        state.round_wins[winner] = state.round_wins.get(winner, 0) + 1
    # 'INFs of the eliminated power ... that have been deployed to all minor states are removed
    # after the scoring phase, and the statuses of the minor states reassessed'.
    from gm_tools.mechanics.influence import remove_power
    from gm_tools.systems.europe1615.scoring import eliminated

    for power in sorted(eliminated(setup, position)):
        state.influence = remove_power(state.influence, power)
        # 'All remaining provinces of the eliminated power are to be left unmarked and passable'
        state.annexed = {p: o for p, o in state.annexed.items() if o != power}
    after = with_state(position, state)
    extra = {"scoring": {
        "year": parse_phase(position.phase).year,
        "scores": {p: s.to_json() for p, s in scores.items()},
        "round_winner": winner,
        "round_wins": dict(sorted(state.round_wins.items())),
    }}
    return PhaseOutcome([], after, extra=extra, winner=game_winner(setup, setup.scoring, after, state.round_wins))


def status_check(variant: Variant, position: Position) -> PhaseOutcome:
    """'Each power receives influence points (INFs) at the beginning of each year': the values
    of the centers it holds now. The statuses are reassessed ('the statuses of the minor states
    reassessed at the opening phase of the year (Status Check)')."""
    setup = setup_of(variant, position)
    state = state_of(position)
    state.year_infs = yearly_infs(setup, position.centers)
    state.deployed = {}
    after = with_state(position, state)
    table = statuses(setup, state, after)
    extra = {"status_check": {
        "year_infs": dict(sorted(state.year_infs.items())),
        "statuses": {m: s.describe() for m, s in sorted(table.items())},
    }}
    return PhaseOutcome([], after, extra=extra)


def required_disbands(setup, state, position: Position) -> dict[str, int]:
    """Minor -> how many of its units must go at the Early Winter: 'If the minor state has 2 or
    more units, and one or more of its non-home centers are captured, the aligned power will
    submit the orders to disband in the Early Winter Adjustment Phase' - its units beyond the
    centers it still holds. A captured minor loses every unit instead (rule (1))."""
    out = {}
    for code, minor in setup.minors.items():
        if code in state.influence.suspended or minor.home_center is None:
            continue
        units = sum(1 for u in position.units.values() if u.power == code)
        held = sum(1 for o in position.centers.values() if o == code)
        if units >= 2 and units > held:
            out[code] = units - held
    return out


def early_winter(variant: Variant, position: Position, disbands=()) -> PhaseOutcome:
    """'(1) Disband all units of any minor state that its home center has been captured.
    (2) Disband all units of any power that has been abandoned', and dissolve it
    (:func:`dissolve`). Then a minor
    whose home center is its own, empty, and which has no unit left gets its army back:
    're-building a minor state's army ... a new unit is automatically built if the original
    unit was previously disbanded' (done here rather than in the Late Winter, which changes
    nothing: the center is empty and no order concerns it; NOTES.md)."""
    setup = setup_of(variant, position)
    state = state_of(position)
    was = dict(state.annexed)
    state.annexed = annexations(variant, setup, state, position)
    state.waived = ()  # spent at the year's adjustment ('no reversal ... until the next build phase')
    after = with_state(position, state)
    results = []
    for province, unit in sorted(position.units.items()):
        if unit.power in state.influence.suspended:
            del after.units[province]
            results.append(result_of(unit.power, f"{unit} D", SUCCEEDS, [reason(
                "note", text="disbanded: its home center is captured ('Disband all units of any minor state that "
                             "its home center has been captured')")]))
    for power in sorted(state.abandoned):
        results += dissolve(setup, state, after, power)
    state.abandoned = ()
    kept = set(after.units)
    results += _disband_surplus(variant, setup, state, after, disbands)
    for province in kept - set(after.units):
        # gone before the build phase, so it held nothing 'at the build phase': its province
        # stays as it was
        if province in was:
            state.annexed[province] = was[province]
        else:
            state.annexed.pop(province, None)
    after = with_state(after, state)
    for code, minor in setup.minors.items():
        home = minor.home_center
        # a minor whose home center is its own again is free, though its suspension is lifted
        # only after the phase (a dissolved captor's centers liberated at this winter)
        if home is None or after.centers.get(home) != code or code in state.dissolved:
            continue
        if home not in after.units and not any(u.power == code for u in after.units.values()):
            after.units[home] = Unit(code, ARMY, home)
            results.append(result_of(code, f"A {home} B", SUCCEEDS, [reason(
                "note", text="rebuilt: 'a new unit is automatically built if the original unit was previously "
                             "disbanded'")]))
    return PhaseOutcome(results, after)


def _disband_surplus(variant: Variant, setup, state, position: Position, disbands) -> list:
    """The required disbands (:func:`required_disbands`): the units the aligned power named on the
    Required Disbands sheet, then, for any still due, civil disorder's choice (the farthest from
    the minor's home center: 2000 rulebook, 'Civil disorder')."""
    from gm_tools.engine.adjustments import civil_disorder_order

    results = []
    for minor, due in sorted(required_disbands(setup, state, position).items()):
        named = [d for d in disbands if d["minor"] == minor][:due]
        for d in named:
            unit = position.units.pop(d["province"])
            results.append(result_of(minor, f"{unit} D", SUCCEEDS, [reason(
                "note", text=f"disbanded by order of {d['power']}: 'the aligned power will submit the orders to "
                             "disband in the Early Winter Adjustment Phase'")]))
        left = [u for u in position.units.values() if u.power == minor]
        for unit in civil_disorder_order(variant, position, minor, left)[:due - len(named)]:
            del position.units[unit.province]
            results.append(result_of(minor, f"{unit} D", SUCCEEDS, [reason(
                "note", text="disbanded, none ordered: the farthest from its home center ('If the minor state has 2 "
                             "or more units, and one or more of its non-home centers are captured')")]))
    return results


def dissolve(setup, state, position: Position, power: str) -> list:
    """An abandoned power 'will be dissolved at the winter phase. Each remaining center becomes a
    pliant minor state. All other provinces are left as unaligned passable states', its units
    disbanded ('(2) Disband all units of any power that has been abandoned'). Changes
    ``position`` and ``state`` in place. A center that is another's home (a minor's, another
    power's) is liberated to it, as when a power is eliminated ('The acquired foreign centers
    are liberated'); the power's own centers become minor states named by their code, with no
    army ('a new unit is automatically built if the original unit was previously disbanded':
    these states never had one). Its INFs go after the Scoring Phase, as an eliminated power's."""
    results = []
    for province, unit in sorted(position.units.items()):
        if unit.power == power:
            del position.units[province]
            results.append(result_of(power, f"{unit} D", SUCCEEDS, [reason(
                "note", text="disbanded: 'Disband all units of any power that has been abandoned'")]))
    home_of = {c: o for o, cs in setup.homes.items() for c in cs}
    for center, owner in sorted(position.centers.items()):
        if owner != power:
            continue
        origin = home_of.get(center)
        if origin not in (None, power):
            position.centers[center] = origin
            results.append(result_of(origin, f"{center} liberated", SUCCEEDS, [reason(
                "note", text=f"{power} is dissolved: 'The acquired foreign centers are liberated'")]))
        else:
            position.centers[center] = center
            state.dissolved[center] = power
            results.append(result_of(center, f"{center} becomes a minor state", SUCCEEDS, [reason(
                "note", text=f"{power} is dissolved: 'Each remaining center becomes a pliant minor state'")]))
    state.annexed = {p: o for p, o in state.annexed.items() if o != power}
    return results


def annexations(variant: Variant, setup, state, position: Position) -> dict[str, str]:
    """'Provinces without centers held by a power or a minor state at the build phase are
    automatically annexed to the power or minor state, unless it is an ALIGNED state to the
    power or minor state that occupies it (alliance system)': the units standing in land
    without a center once the Fall is played (the Early Winter, before the builds). A neutral
    minor's unit annexes nothing, as it captures nothing; a waived province is not annexed."""
    from gm_tools.engine.variant import SEA

    table = statuses(setup, state, position)
    land = territory(setup, state, position)
    annexed = dict(state.annexed)
    for province, unit in sorted(position.units.items()):
        kind = variant.provinces[province].type if province in variant.provinces else SEA
        if setup.is_center(province, position.centers) or kind == SEA:
            continue
        occupier = unit.power
        status = table.get(occupier)
        if status is not None and status.status in (NEUTRAL, CAPTURED):
            continue
        if occupier in state.abandoned:
            continue  # disbanded at this Early Winter, it holds nothing 'at the build phase'
        current = annexed.get(province) or land.get(province) or variant.provinces[province].extra.get("domain")
        if current == occupier:
            continue
        side_of = status.power if status is not None and status.status == ALIGNED else occupier
        held = table.get(current)
        if held is not None and held.status == ALIGNED and held.power in (occupier, side_of):
            continue  # an aligned state of the occupier: 'unless it is an ALIGNED state'
        if current in setup.powers and current == side_of:
            # its own power's land: the Alliance's no capture 'is reciprocal with regards to the
            # aligned minor state'
            continue
        if any(code == province and power in (occupier, side_of) for power, code in state.waived):
            continue  # 'may waive the capture of the center or province'
        annexed[province] = occupier
    return annexed


def ownership(v) -> dict[str, str]:
    """Centers after the Fall: a unit standing in a center captures it, except

    - a unit in a center held by its own side ('A power may move into its ALIGNED state ...
      but cannot capture the center as long as it is aligned. This is reciprocal'; the
      alliance system: members 'move through the other member's territories and centers
      without capture occurring');
    - a neutral minor's unit ('If the minor state is neutral, and its unit is occupying a
      foreign province at the adjustment phase, the minor state will not be able to capture');

    then a minor whose home center was taken gives back what it had conquered: each such
    center returns to the state or power whose home it is ('If Prussia is captured,
    Mecklenburg becomes "liberated"'), unless another has taken it."""
    centers = dict(v.position.centers)
    setup = v.setup
    for province, unit in v.position.units.items():
        if not setup.is_center(province, centers):
            continue
        holder = centers.get(province)
        status = v.table.get(unit.power)
        if holder == unit.power:
            continue
        if holder is not None and v.side(holder) == v.side(unit.power) and v.side(holder) in setup.powers:
            continue
        if status is not None and status.status in (NEUTRAL, CAPTURED):
            continue
        if any(center == province and power in (unit.power, v.side(unit.power)) for power, center in v.state.waived):
            continue  # 'may waive the capture of the center'
        centers[province] = unit.power
    home_of = {c: o for o, cs in setup.homes.items() for c in cs}
    for owner in fallen(setup, centers):
        for center, holder in list(centers.items()):
            if holder == owner and home_of.get(center) not in (None, owner):
                centers[center] = home_of[center]
    return centers


def fallen(setup, centers: dict[str, str]) -> list[str]:
    """Owners who have lost their homes, whose conquests are liberated: a minor whose home
    center another holds ('If Prussia is captured, Mecklenburg becomes "liberated"') and an
    eliminated power ('The acquired foreign centers are liberated when the power is
    eliminated')."""
    out = [m.code for m in setup.minors.values() if m.home_center and centers.get(m.home_center) not in (None, m.code)]
    out += [p for p in setup.powers if not any(centers.get(c) == p for c in setup.homes.get(p, ()))]
    return out


def settle(variant: Variant, position: Position, seed: str = "", before: Position | None = None) -> tuple[Position, list[dict]]:
    """After every phase: a minor whose home center another holds is captured (its INFs held
    in suspension, its marker removed); one whose home center is its own again is liberated;
    the religious markers follow the statuses (the Papal States' is permanent); the counterbalance is worked out from the centers held now ('The GM will monitor the ratio
    throughout the game')."""
    setup = setup_of(variant, position)
    state = state_of(position)
    state.swiss_passage = ()  # France's permission was for the phase just played
    influence = state.influence
    for code, minor in setup.minors.items():
        home = minor.home_center
        if home is None:
            continue
        owner = position.centers.get(home)
        if owner not in (None, code) and influence.suspended.get(code) != owner:
            influence = capture(influence, code, owner)
        elif owner == code and code in influence.suspended:
            influence = liberate(influence, code)
    state.influence = influence
    state.influence = set_markers(setup, state, statuses(setup, state, position))
    state.counterbalance = counterbalance(setup, position.centers)
    draws = []
    if not state.timeline and setup.sanctions:
        # 'The GM will submit a randomly-generated timeline before the start of the game'
        first, seasons = setup.sanction_years
        movement = next(t for t, role in calendar_roles(variant).items() if role == MOVEMENT)
        state.timeline = tuple(draw_timeline(list(setup.sanctions), first, seasons, movement, seed))
        shown = ", ".join(f"{setup.sanctions[k].title} {at}" for k, at in state.timeline)
        draws.append({"kind": "sanctions timeline", "seed": f"europe1615 sanctions timeline {seed}",
                      "text": shown, "timeline": [list(t) for t in state.timeline]})
    position = update(setup, state, with_state(position, state), lambda p: phase_key(variant, p), before)
    return with_state(position, state), draws


def phase_key(variant: Variant, phase_id: str) -> tuple[int, int]:
    """Phase ids in the order they are played: (year, place in the calendar)."""
    from gm_tools.engine.phase import parse_phase

    phase = parse_phase(phase_id)
    return phase.year, variant.calendar.phases.index((phase.season, phase.type))


def build_sites(v, power: str) -> set[str]:
    """'Players may build new units on any unoccupied home center or captured center of a
    minor state. Builds are not allowed in captured Islamic centers. Protestant powers cannot
    build in a captured Catholic power's center, and the same rule applies to Catholic powers
    with captured Protestant centers.' A minor state builds in the centers of its dominion
    ('The aligned power is also required to submit build orders for the minor state'), but for
    the captured Islamic ones."""
    setup = v.setup
    owned = {c for c, o in v.position.centers.items() if o == power}
    home_of = {c: o for o, cs in setup.homes.items() for c in cs}
    if power in setup.minors:
        status = v.table.get(power)
        if status is None or status.status != ALIGNED:
            return set()
        # 'Builds are not allowed in captured Islamic centers' holds for every builder: a
        # minor's conquest of Serbia is captured, Morocco's own home center is not
        return {c for c in owned if c not in setup.islamic or home_of.get(c) == power}
    sites = set()
    owned = {c for c in owned if not build_barred(setup, v.state, v.position, power, c)}
    for center in owned:
        origin = home_of.get(center)
        if origin == power:
            sites.add(center)
        elif origin in setup.minors and center not in setup.islamic:
            sites.add(center)
        elif origin in setup.powers and center not in setup.islamic:
            if {setup.confession(origin), setup.confession(power)} != {"catholic", "protestant"}:
                sites.add(center)
    return sites
