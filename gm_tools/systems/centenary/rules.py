"""Centenary (William Preston, 1988): neutral armies, Fealty and Automatic Fealty.

Rule numbers are the rulebook's (``004_1210a5933393c2d7.txt``); the
judgements where it is silent are in ``variants/centenary/NOTES.md``.

Words used here:

- a **neutral** is a power with ``playable = false`` (Denmark, Russia, Poland and the five
  minor neutrals);
- a neutral is **sworn** to a player (its **master**) once it has given Fealty: claimed
  (rule 2), drawn (Automatic Fealty, rule 3) or from the start (Bavaria, rule 4). Its units
  stay its own (``unit.power`` is the neutral) and its master orders them (rule 3);
- an **unowned** neutral is one not sworn to anybody: its armies hold until dislodged and
  are then disbanded (rule 2).

Fealty is state of the game (:mod:`.state`: neutral -> master). It never changes once given
(rule 6), so the start fealties of the variant data (``start_fealty`` on a power) always
count, whether or not a position carries them.

The hooks below are what the adjudicator asks; the rest are pure functions for the game
workflow (claims and draws are GM decisions made between phases).
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, replace

from gm_tools.errors import GameError
from gm_tools.engine.model import Position, Unit
from gm_tools.engine.phase import MOVEMENT, RETREAT, parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.engine.rules import Rules, Scores
from gm_tools.systems.centenary.state import state_of, with_state

UNCONQUERED = "unconquered"
TURN_CAPTURES, OWNERSHIP_CHART = "turn_captures", "ownership_chart"
"""The option ``unconquered``: which neutrals rule 3's draw counts as "unconquered"
(``variants/centenary/NOTES.md``, "The draw"). ``turn_captures``, the rulebook's reading that a
new game records: a neutral owning a home center once the captures of the turn drawn for are
made. ``ownership_chart``, the default of a game.json without the option (the games recorded
before it): the ownership as it stands at the draw, which after a Fall's moves with retreats to
come is still the chart before that Fall's captures."""

CATHOLIC = "catholic"
PROTESTANT = "protestant"
_OPPOSITE = {CATHOLIC: PROTESTANT, PROTESTANT: CATHOLIC}


# --- who is who ------------------------------------------------------------------------------


def is_neutral(variant: Variant, power: str) -> bool:
    """A major or minor neutral: a power no player plays."""
    return not variant.powers[power].playable


def fealty(variant: Variant, position: Position) -> dict[str, str]:
    """Neutral -> master, for every sworn neutral: the variant's start fealties (rule 4,
    Bavaria) and those given in play (the state's ``fealty``)."""
    sworn = {code: p.extra["start_fealty"] for code, p in variant.powers.items() if "start_fealty" in p.extra}
    given = state_of(position).fealty
    # The table comes from the game record or a JSON request's "extra": a wrong one is the
    # user's mistake, said in words, not a traceback or a neutral sworn to nobody real.
    for neutral, master in given.items():
        if neutral not in variant.powers or not is_neutral(variant, neutral):
            raise GameError(f'extra["centenary"]["fealty"]: found {neutral!r}, expected a neutral: '
                            + ", ".join(c for c in variant.powers if is_neutral(variant, c)))
        if master not in variant.powers or is_neutral(variant, master):
            raise GameError(f'extra["centenary"]["fealty"]: {neutral} is sworn to {master!r}, expected a player: '
                            + ", ".join(c for c, p in variant.powers.items() if p.playable))
    sworn.update(given)
    return dict(sorted(sworn.items()))


def master_of(variant: Variant, position: Position, power: str) -> str | None:
    """The player who orders ``power``'s units: the power itself if it is played, its master
    if it is a sworn neutral (rule 3: "the Catholic player will order the units of that
    neutral"), None if it is an unowned neutral (its units hold: rule 2)."""
    if not is_neutral(variant, power):
        return power
    return fealty(variant, position).get(power)


def is_unowned_neutral(variant: Variant, position: Position, power: str) -> bool:
    return is_neutral(variant, power) and master_of(variant, position, power) is None


def vassals(variant: Variant, position: Position, player: str) -> list[str]:
    """The neutrals sworn to ``player``, sorted."""
    return sorted(n for n, m in fealty(variant, position).items() if m == player)


def swear_fealty(variant: Variant, position: Position, neutral: str, master: str, since: str | None = None) -> Position:
    """A new position in which ``neutral`` is sworn to ``master`` (in phase ``since``, when
    given: the Neutrals sheet shows it). Fealty never changes once given (rule 6): swearing
    a sworn neutral to someone else is refused with a GameError."""
    current = master_of(variant, position, neutral) if is_neutral(variant, neutral) else None
    if current is not None and current != master:
        raise GameError(f"{neutral} is sworn to {current}, not {master}: fealty never changes (rule 6)")
    state = state_of(position)
    state.fealty[neutral] = master
    if since is not None:
        state.since[neutral] = since
    return with_state(position, state)


def retreat_claimers(position: Position, claims: list[dict]) -> Position:
    """Rule 2: "Any of his or her units in the center in question 'retreat' during the
    adjustment phase": a copy of ``position`` with each claimer's unit in the center it builds
    in (a claim's ``build_in``) moved to where it retreats (its ``retreat``'s ``to``)."""
    moved = position.copy()
    for claim in claims:
        unit = moved.units.pop(claim["build_in"], None) if claim.get("retreat") else None
        if unit is not None:
            gone = Unit(unit.power, unit.kind, claim["retreat"]["to"], unit.strength)
            moved.units[gone.province] = gone
    return moved


# --- the hooks the adjudicator asks ------------------------------------------------------


class CentenaryRules(Rules):
    """Standard Diplomacy (rule 1) with Centenary's neutral armies (rule 2)."""

    name = "centenary"

    def may_act(self, variant: Variant, position: Position, unit: Unit) -> str | None:
        # Rule 2: unowned neutral armies "will Hold unordered until dislodged": no move, and
        # no support or convoy either ("may be supported", never supporting).
        if is_unowned_neutral(variant, position, unit.power):
            name = variant.powers[unit.power].name
            return f"{unit} belongs to {name}, a neutral no one commands: it only holds (rule 2)"
        return None

    def may_move(self, variant: Variant, position: Position, unit: Unit, dest: str) -> str | None:
        # The same refusal for moves: the order parser and the retreat options ask this one.
        return self.may_act(variant, position, unit)

    def on_dislodged(self, variant: Variant, position: Position, unit: Unit) -> Unit | None:
        # Rule 2: "If dislodged, such units are disbanded." A sworn neutral's unit is a
        # player's unit (rule 3) and retreats like any other.
        if is_unowned_neutral(variant, position, unit.power):
            return None
        return unit

    def no_retreat_words(self, variant: Variant, position: Position, unit: Unit) -> str:
        return "by rule 2, an unowned neutral's unit is disbanded when dislodged"

    def build_sites(self, variant: Variant, position: Position, power: str) -> set[str]:
        # An unowned neutral never builds: its armies only hold (rule 2), and a center it
        # keeps after its army was dislodged stays empty. A sworn neutral builds in its own
        # home centers like any power (rule 3: "Supply centers may be captured by the former
        # neutral to build further units").
        if is_unowned_neutral(variant, position, power):
            return set()
        # Rule 2: "Instead of building a new unit for himself, the player may build a unit
        # in the occupied center" of the neutral whose Fealty he just claimed.
        claimed = state_of(position).fealty_builds.get(power, [])
        return super().build_sites(variant, position, power) | set(claimed)

    def commanded(self, variant: Variant, position: Position, power: str) -> tuple[str, ...]:
        # Rule 3: once sworn, "the Catholic player will order the units of that neutral";
        # the orders stay in the neutral's name, since the units are still its own.
        if is_neutral(variant, power):
            return ()
        return tuple(vassals(variant, position, power))

    def province_style(self, variant: Variant, position: Position, code: str):
        """The renderer's hook: a center owned by a sworn neutral is hatched in its master's
        colour, so the map shows each neutral's fealty (rules 2-4); other provinces keep the
        default look (an unowned neutral's centers in its own colour)."""
        owner = position.centers.get(code)
        master = master_of(variant, position, owner) if owner and is_neutral(variant, owner) else None
        if master is None:
            return None
        from gm_tools.publish.style import ProvinceStyle  # the renderer's type, imported only when drawing

        return ProvinceStyle(hatch=variant.powers[master].colour)

    def map_board(self, variant: Variant, record: dict, board: Position) -> Position:
        """The board a phase's map is drawn on (:func:`gm_tools.publish.maphooks.map_board`):
        in a Fealty claim's adjustment phase, the claimer's unit where it retreated (rule 2),
        so the build is drawn in the center it left. The record keeps the board as it was."""
        claims = ((record.get("extra") or {}).get(self.name) or {}).get("claims") or []
        return retreat_claimers(board, claims) if claims else board

    victory_centers_note = "own and vassals'"

    def victory_centers(self, variant: Variant, position: Position) -> dict[str, int] | None:
        # Rule 3: a vassal's centers "count towards the owning power's total for victory
        # purposes": the site ranks and charts by the count that wins.
        return victory_counts(variant, position)

    def winner(self, variant: Variant, position: Position) -> str | None:
        # Rule 3: a vassal's centers "count towards the owning power's total for victory".
        return winner(variant, position)

    def scores(self, variant: Variant, position: Position) -> Scores:
        # Rule 3: a player who lost every center and unit of his own still orders his
        # vassals' units and counts their centers toward victory, so he is in the game: the
        # standings and the legend name what he holds instead of calling him eliminated.
        found = super().scores(variant, position)
        held = {u.power for u in position.units.values()} | set(position.centers.values())
        notes = {}
        for player, power in variant.powers.items():
            if power.playable and player not in held:
                kept = [variant.powers[v].name for v in vassals(variant, position, player) if v in held]
                if kept:
                    notes[player] = f"no center or unit of its own; orders {' and '.join(kept)}"
        if not notes:
            return found
        return replace(found, notes={**found.notes, **notes})

    def after_phase(self, variant: Variant, before: Position, after: Position, seed: str) -> tuple[Position, list[dict]]:
        # Rules 3 and 7: each movement or retreat that completes a religious attack draws
        # Automatic Fealty, seeded by the game's seed and the phase played.
        after = after.copy()
        draws: list[FealtyDraw] = []
        if parse_phase(before.phase).type in (MOVEMENT, RETREAT):
            after, draws = draw_automatic_fealty(variant, after, attacks(variant, before, after.units), seed,
                                                 phase=before.phase, centers=self.unconquered_by(variant, after))
        # Rule 2: Fealty is claimed in the turn of capture. Captures happen when ownership is
        # updated; the claims are entered in the next phase played, and only then.
        state = state_of(after)
        state.fealty_builds = {}
        state.captures = ({"turn": before.phase, "previous_centers": dict(sorted(before.centers.items()))}
                          if after.centers != before.centers else None)
        state.write(after.extra)
        fealty_builds(variant, before, after)
        return after, [draw_record(d) for d in draws]

    def unconquered_by(self, variant: Variant, after: Position) -> dict[str, str]:
        """The ownership rule 3's draw reads "unconquered" by (the option :data:`UNCONQUERED`).
        Rule 2 dates a capture by its turn ("in the same turn as they capture the center"), and
        a unit standing in a center after the Fall's moves stays there through its retreats: with
        ``turn_captures``, a draw made before those retreats counts the captures the end of the
        Fall will make, as a draw after a Fall without retreats always did."""
        if variant.options.get(UNCONQUERED, OWNERSHIP_CHART) != TURN_CAPTURES:
            return after.centers
        phase = parse_phase(after.phase)
        fighting = [i for i, (_, kind) in enumerate(variant.calendar.phases) if kind in (MOVEMENT, RETREAT)]
        if phase.type != RETREAT or variant.calendar.phases.index((phase.season, phase.type)) != max(fighting):
            return after.centers  # ownership changes at the end of the year's last retreat phase only
        return self.update_ownership(variant, after)


def fealty_builds(variant: Variant, before: Position, after: Position) -> None:
    """Rule 2: "Instead of building a new unit for himself, the player may build a unit in the
    occupied center": a unit the claimer built in the claimed center is the neutral's, in its
    own home center, ordered by the claimer from then on (its master, rule 3). The center goes
    back to the neutral with it, so the unit has its center; it still counts for the claimer's
    victory as a vassal's (rule 3). Changes ``after`` in place."""
    for master, sites in sorted(state_of(before).fealty_builds.items()):
        for center in sites:
            unit = after.units.get(center)
            if unit is None or unit.power != master or center in before.units:
                continue  # no build there (waived, or the claimer's unit did not retreat)
            neutral = next((code for code in variant.powers
                            if is_neutral(variant, code) and center in variant.home_centers(code)), None)
            if neutral is None:
                continue
            after.units[center] = Unit(neutral, unit.kind, unit.location, unit.strength)
            after.centers[center] = neutral


RULES = CentenaryRules()


# --- Fealty claimed (rule 2) ----------------------------------------------------------------


def fealty_claim_problem(
    variant: Variant, position: Position, previous_centers: dict[str, str], player: str, neutral: str
) -> str | None:
    """Why ``player`` may not claim ``neutral``'s Fealty now, or None if the claim stands.

    ``position.centers`` is the ownership just updated (the turn's captures made);
    ``previous_centers`` is the ownership before this turn's captures. Rule 2: a player
    "capturing the center it occupied ... may claim the 'Fealty'" of the neutral; "in the
    case of Russia or Denmark, both centers must be occupied by the same player"; claims
    may come "long after the original neutral army was dislodged, but must do so in the
    same turn as they capture the center (or the second center ...)". Rule 6: fealty
    "may never change". The capture is the player's own: a center his vassal takes is the
    vassal's (rule 3, "centers owned by the former neutral"; NOTES.md).
    """
    if player not in variant.powers or is_neutral(variant, player):
        return f"{player} is not a player's power; only players claim Fealty"
    if neutral not in variant.powers or not is_neutral(variant, neutral):
        if neutral in variant.powers:
            return f"{neutral} is a player's power, not a neutral; only neutrals give Fealty"
        neutrals = [code for code in variant.powers if is_neutral(variant, code)]
        close = difflib.get_close_matches(str(neutral).upper(), neutrals, n=1)
        hint = f" (did you mean {close[0]}?)" if close else f" (the neutrals: {', '.join(neutrals)})"
        return f"{neutral} is not a neutral; only neutrals give Fealty{hint}"
    master = master_of(variant, position, neutral)
    if master is not None:
        return f"{neutral} is already sworn to {master}; Fealty never changes (rule 6)"
    homes = variant.home_centers(neutral)
    missing = [c for c in homes if position.centers.get(c) != player]
    if missing:
        what = "both centers" if len(homes) == 2 else "its center"
        return (
            f"{player} does not hold {what} of {neutral}: "
            + ", ".join(f"{c} is {position.centers.get(c, 'unowned')}'s" for c in missing)
            + " (rule 2)"
        )
    # 'occupied' is a unit standing there, as the rule's 'the center it occupied' and 'his or
    # her units in the center' are: a first center taken earlier and left empty does not count
    away = [c for c in homes if len(homes) > 1 and getattr(position.units.get(c), "power", None) != player]
    if away:
        return (
            f"{player} does not occupy both centers of {neutral}: "
            + ", ".join(f"{c} holds {position.units[c]} ({position.units[c].power})" if c in position.units
                        else f"{c} is empty" for c in away)
            + " (rule 2: 'both centers must be occupied by the same player')"
        )
    if all(previous_centers.get(c) == player for c in homes):
        return (
            f"{player} captured {' and '.join(homes)} in an earlier turn; Fealty is claimed in the "
            "turn the (last) center is captured (rule 2)"
        )
    return None


def claim_fealty(
    variant: Variant, position: Position, previous_centers: dict[str, str], player: str, neutral: str
) -> Position:
    """The position with ``neutral`` sworn to ``player``; GameError naming the reason if the
    claim does not stand."""
    problem = fealty_claim_problem(variant, position, previous_centers, player, neutral)
    if problem:
        raise GameError(f"Fealty claim of {player} on {neutral} refused: {problem}")
    return swear_fealty(variant, position, neutral, player)


# --- Automatic Fealty (rules 3 and 7) -----------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """An attack in the sense of rule 7: "the successful occupation of a supply center
    credited to another power in the previous winter adjustment chart"."""

    center: str
    """The supply center occupied."""
    attacker: str
    """The player whose unit occupied it (the master, for a sworn neutral's unit)."""
    defender: str
    """The player the center was credited to (the master, for a sworn neutral's center)."""


@dataclass(frozen=True)
class FealtyDraw:
    """One Automatic Fealty draw, as reported to the players."""

    attack: Attack
    """The attack that caused it."""
    candidates: tuple[str, ...]
    """The neutrals that could have been drawn, sorted."""
    chosen: str | None
    """The neutral drawn, or None when there was no candidate left."""
    seed: str
    """The seed text of the phase's draws: anyone can repeat them."""


def attacks(variant: Variant, before: Position, units_after: dict[str, Unit]) -> list[Attack]:
    """The attacks of one movement phase, sorted by center.

    ``before`` is the position the phase started from: its ``centers`` are the previous
    winter's adjustment chart, or the home centers before the first winter (rule 7).
    ``units_after`` are the units once the phase is adjudicated. A center counts when a
    unit that was not there before now stands in it and its player is not the one the
    center is credited to. Unowned neutrals attack nobody (their armies only hold).
    """
    found = []
    for center in variant.supply_centers():
        unit = units_after.get(center)
        owner = before.centers.get(center)
        if unit is None or owner is None or before.units.get(center) == unit:
            continue
        attacker = master_of(variant, before, unit.power)
        defender = master_of(variant, before, owner) or owner
        if attacker is None or attacker == defender:
            continue
        found.append(Attack(center, attacker, defender))
    return found


def is_religious_attack(variant: Variant, attack: Attack) -> bool:
    """Rule 3: "a player of one religion attacks one of the opposite religion": Catholic
    against Protestant or Protestant against Catholic, between players (NOTES.md: the
    defender must be a player, or a neutral sworn to one)."""
    if is_neutral(variant, attack.defender):
        return False
    religion = variant.powers[attack.attacker].religion
    return _OPPOSITE.get(religion) == variant.powers[attack.defender].religion


def automatic_fealty_candidates(variant: Variant, position: Position, attacker: str,
                                centers: dict[str, str] | None = None) -> list[str]:
    """Rule 3: "the unconquered Catholic neutrals" (for a Catholic attacker; Protestant
    likewise), "not including Russia": unowned neutrals of the attacker's religion that
    still own at least one of their home centers (in ``centers``, by default the position's),
    sorted. A neutral with ``automatic_fealty = false`` in the variant data (Russia) never
    joins this way."""
    centers = position.centers if centers is None else centers
    religion = variant.powers[attacker].religion
    if religion not in _OPPOSITE:
        return []
    found = []
    for code, power in variant.powers.items():
        if not is_unowned_neutral(variant, position, code) or power.religion != religion:
            continue
        if power.extra.get("automatic_fealty", True) is False:
            continue
        if any(centers.get(c) == code for c in variant.home_centers(code)):
            found.append(code)
    return sorted(found)


def draw_automatic_fealty(
    variant: Variant, position: Position, found: list[Attack], seed: str | int, phase: str | None = None,
    centers: dict[str, str] | None = None,
) -> tuple[Position, list[FealtyDraw]]:
    """Draw Automatic Fealty for each religious attack of a phase (rule 3: "the GM will
    randomly select one of the unconquered Catholic neutrals to give fealty to the attacking
    player"), one draw per attack in the order given. The draws use one generator seeded
    with ``"{seed}:{phase}"``, so the same game seed and phase always draw the same
    neutrals, and the seed is reported with every draw.

    ``position`` is the position the draws apply to; returns it with the fealties added
    (a new Position) and the draws made. ``phase`` is the phase the attacks were made in
    (default: ``position.phase``); it seeds the draws and dates the fealties. ``centers`` is
    the ownership "unconquered" is read by (default: the position's;
    :meth:`CentenaryRules.unconquered_by`).
    """
    phase = phase or position.phase
    seed_text = f"{seed}:{phase}"
    rng = random.Random(seed_text)
    draws = []
    after = position
    for attack in found:
        if not is_religious_attack(variant, attack):
            continue
        candidates = tuple(automatic_fealty_candidates(variant, after, attack.attacker, centers))
        chosen = rng.choice(candidates) if candidates else None
        if chosen is not None:
            after = swear_fealty(variant, after, chosen, attack.attacker, since=phase)
        draws.append(FealtyDraw(attack, candidates, chosen, seed_text))
    return after, draws


def draw_record(draw: FealtyDraw) -> dict:
    """A draw as the history record's ``random.draws`` keeps it (plain JSON); ``text`` is
    the line the GM's turn report prints."""
    a = draw.attack
    outcome = f"{draw.chosen} gives Fealty to {a.attacker}" if draw.chosen else "no neutral left to draw"
    return {
        "kind": "automatic fealty",
        "text": f"{outcome} ({a.attacker} attacked {a.defender} in {a.center}; candidates "
                f"{', '.join(draw.candidates) or 'none'})",
        "rule": "Centenary rule 3",
        "seed": draw.seed,
        "attack": {"center": draw.attack.center, "attacker": draw.attack.attacker, "defender": draw.attack.defender},
        "candidates": list(draw.candidates),
        "chosen": draw.chosen,
    }


# --- victory (rule 3) -------------------------------------------------------------------------


def victory_counts(variant: Variant, position: Position) -> dict[str, int]:
    """Player -> supply centers that count for victory: its own and its vassals' (rule 3:
    "all centers owned by the former neutral will count towards the owning power's total
    for victory purposes")."""
    counts = {code: 0 for code, p in variant.powers.items() if p.playable}
    for owner in position.centers.values():
        player = master_of(variant, position, owner)
        if player is not None:
            counts[player] += 1
    return counts


def winner(variant: Variant, position: Position) -> str | None:
    """The player with the centers to win (17 of the 32: introduction), or None."""
    for player, count in victory_counts(variant, position).items():
        if count >= variant.victory_centers:
            return player
    return None
