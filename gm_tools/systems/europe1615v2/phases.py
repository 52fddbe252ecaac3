"""The phases of the Europe 1615 (version 2) year the Diplomacy engine does not play, and what
happens after every phase.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '2 PHASES OF THE GAME YEAR'.

- :func:`play` - the Political and Religious Influence Phase in two phases (the year's INFs and
  the placements, published; then the diplomatic attacks; the statuses after each:
  :mod:`.politics`) and the Taxation/Revenue Phase (:mod:`.taxation`);
- :func:`settle` - after every phase: the game's seed kept for the dice, the consequences of a
  movement phase's occupations, DOMINION and CONTESTED, and at the year's end the minor states'
  rebuilt units (:mod:`.occupation`).
"""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.runner import PhaseOutcome
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1615v2 import occupation, politics, taxation
from gm_tools.systems.europe1615v2.calendar import ATTACKS, BUILDS, INFLUENCE, MOVEMENT, TAXATION, phase_role
from gm_tools.systems.europe1615v2.players import neutral_power, roll_for_neutral
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.state import state_of, with_state


def attacks_enabled(variant: Variant) -> bool:
    """'the diplomatic attacks and immunity are optional components and its inclusion should be
    decided prior to the start of the game': the variant's option ``diplomatic_attacks``."""
    return bool(variant.options.get("diplomatic_attacks", True))


def placements_of(inputs: dict) -> list[politics.Placement]:
    return [politics.Placement(p["power"], int(p["infs"]), p["where"]) for p in inputs.get("placements", [])]


def attacks_of(inputs: dict) -> list[politics.Attack]:
    return [politics.Attack(a["power"], a["where"], a["target"], int(a.get("choice", 0)))
            for a in inputs.get("attacks", [])]


def _statuses_json(table: dict[str, politics.Status]) -> dict:
    return {m: {"political": s.political, "power": s.power, "religious": s.religious, "confession": s.confession,
                "total": s.total} for m, s in table.items()}


def influence_phase(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome:
    """INFs received and placed, then the statuses: the distribution the GM publishes before
    the attacks ('The GM then publishes the distribution of INFs')."""
    setup = setup_of(variant)
    year = parse_phase(position.phase).year
    neutral = neutral_power(variant, state_of(position), year)
    state = politics.receive(setup, state_of(position), year, position.centers, neutral)
    placements = placements_of(inputs)
    state = politics.place(setup, state, placements)
    extra = {"influence": {
        "year": year,
        "year_infs": {p: n for p, n in politics.yearly_infs(setup, year, position.centers).items() if p != neutral},
        "placements": [{"power": p.power, "infs": p.infs, "where": p.where} for p in placements],
        "statuses": _statuses_json(politics.statuses(setup, state)),
    }}
    return PhaseOutcome([], with_state(position, state), extra=extra)


def attacks_phase(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome:
    """The diplomatic attacks in the national order, on the published placements ('Once the
    players have had a chance to review and negotiate over the publication, players may choose
    to perform a diplomatic attack'); then the statuses ('How The Minor States Are Marked After
    The Diplomatic Attack Phase')."""
    setup = setup_of(variant)
    year = parse_phase(position.phase).year
    state = state_of(position)
    attacks = attacks_of(inputs) if attacks_enabled(variant) else []
    state, report = politics.resolve_attacks(setup, state, attacks, politics.attack_rng(year, state.seed))
    extra = {"attacks": {"year": year, "attacks": report,
                         "statuses": _statuses_json(politics.statuses(setup, state))}}
    return PhaseOutcome([], with_state(position, state), extra=extra)


def taxation_phase(variant: Variant, position: Position) -> PhaseOutcome:
    """'Each supply center ... sets the size of the treasury': the statements and the new
    treasuries."""
    setup = setup_of(variant)
    state = state_of(position)
    first = parse_phase(position.phase).year == setup.first_year
    neutral = neutral_power(variant, state, parse_phase(position.phase).year)
    statements = taxation.revenue(setup, state, politics.statuses(setup, state), position.centers, first, neutral)
    state.treasury = {p: s.after for p, s in statements.items()}
    extra = {"taxation": {"statements": [s.to_json() for s in statements.values()]}}
    return PhaseOutcome([], with_state(position, state), extra=extra)


def play(variant: Variant, position: Position, inputs: dict) -> PhaseOutcome | None:
    role = phase_role(variant, position.phase)
    if role == INFLUENCE:
        return influence_phase(variant, position, inputs)
    if role == ATTACKS:
        return attacks_phase(variant, position, inputs)
    if role == TAXATION:
        return taxation_phase(variant, position)
    return None


def settle(variant: Variant, before: Position, after: Position, seed: str) -> tuple[Position, list[dict]]:
    setup = setup_of(variant)
    state = state_of(after)
    state.bribed = {}  # the auction's orders were the phase's; the next phase has its own
    if not state.seed and seed:
        state.seed = seed
    if phase_role(variant, before.phase) == MOVEMENT:
        opened = politics.statuses(setup, state_of(before))
        state = occupation.occupy(setup, state, opened, before, after, before.phase)
    state = occupation.settle_contested(setup, state, after)
    state = occupation.dominions(setup, state, after.centers, parse_phase(before.phase).year)
    draws = []
    rolled = roll_for_neutral(variant, state, parse_phase(before.phase).year, state.seed)
    if rolled and phase_role(variant, after.phase) in (BUILDS, INFLUENCE):
        # 'Before build/adjustment in 1617 each player rolls dice'
        state.neutral_joined = rolled["player"]
        draws.append(rolled)
    after = with_state(after, state)
    year_ends = (phase_role(variant, after.phase) == INFLUENCE
                 and parse_phase(after.phase).year > parse_phase(before.phase).year)
    if year_ends:
        if state.waived:  # spent at the build phase: 'no reversal is allowed until the next build phase'
            state.waived = []
            after = with_state(after, state)
        rebuilt = occupation.rebuild_minor_units(setup, state, after)
        if rebuilt:
            after = after.copy()
            for unit in rebuilt:
                after.units[unit.province] = unit
    return after, draws
