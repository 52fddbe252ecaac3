"""Sanctions: game modifiers that switch on at their place in a timeline drawn before play.

Rulebook: ``000_cc215928c2f3193e.txt``, 'SANCTIONS AND THE PRE-GENERATED TIMELINE' and the
'Description of sanctions/modifiers'. Each sanction is data (``tables.toml [sanctions.KEY]``)
naming its effects; this module reads them and answers the rules' questions:

- :func:`draw_timeline` - 'a randomly-generated timeline ... The complete timeline will have each
  sanction appearing at least once', drawn from the game's seed;
- :func:`update` - after every phase: a sanction whose time has come switches on (the Treaty of
  Lyon only if its conditions hold); its effects hold while it is *in effect*: not under the
  counterbalance that cancels it, none of its minors captured ('may be voted on again should it
  be liberated'; a sanction whose paragraph gives no return is cancelled for good by the
  capture), France not eliminated (Lyon); a special unit has strength 2 while in effect
  (the Polish unit in the sanction's first year only);
- :func:`deployment_bar`, :func:`attack_bar`, :func:`may_retreat`, :func:`build_barred`,
  :func:`move_bar`, :func:`opened` - the effects, asked by the deployment checks and the rules.

'The rules stated in the sanction supersedes the general rules discussed above, except the
counterbalances.' 'Modifiers may overlap. It is at the discretion of the GM to resolve the
overlapping of rules': where two overlap here, every restriction applies.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.phase import MOVEMENT, RETREAT, parse_phase
from gm_tools.errors import VariantDataError

_META = ("first_year", "seasons", "typed_roles", "reconstructed", "source")


@dataclass(frozen=True)
class Sanction:
    """One sanction's effects, as its paragraph states them."""

    key: str
    title: str
    aliases: tuple[str, ...] = ()
    """Other names the text gives it, which the Sanctions Timeline sheet takes too ('Spring
    1617: Protestant League')."""
    deploy_only: str | None = None
    """Only this confession's powers may deploy INFs to ``minors``."""
    minors: tuple[str, ...] = ()
    retreat: tuple[str, ...] = ()
    """Minors whose units may retreat ('RHI, HES, BRA, WUR units may retreat')."""
    special: tuple[str, str] | None = None
    """(minor, letter): its army moves, attacks, supports and defends with strength 2."""
    first_year_only: bool = False
    """The special unit's strength only in the sanction's first year (the Polish intervention)."""
    acquired: bool = False
    """Only a newly acquired army is the special unit: one built while the sanction is in
    effect ('If the Swedes have a newly acquired army (S)'), not an army already there."""
    lost_cancels: bool = False
    """'If the Saxon army (N) is dislodged and disbanded, it can be rebuilt, but modifier
    cancels': losing the special unit ends its strength for good (the sanction's other
    effects stay). False: 'it can be rebuilt' with its strength (RHI, BAV, Poland)."""
    barred_powers: tuple[str, ...] = ()
    barred_confession: str | None = None
    barred_minors: tuple[str, ...] = ()
    barred_majority: str | None = None
    """Powers (or a confession's powers) barred from deploying to these minors, or to states
    with this confession's marker ('restricted from deploying INFs to Protestant-majority
    states')."""
    no_build: tuple[tuple[str, str], ...] = ()
    immune: tuple[str, str] | None = None
    """(protected confession, attacking confession): 'Catholic powers immune to diplomatic
    attacks by Protestant powers'."""
    cancelled_by: str | None = None
    cancel_on_capture: tuple[str, ...] = ()
    liberation_revives: bool = False
    """Back in effect once the captured minor of ``cancel_on_capture`` is liberated ('The
    modifier cancels when RHI is captured, but may be voted on again should it be liberated
    later in the game'). False: the capture cancels it for good ('If captured, the modifier
    cancels or is no longer available', Sweden; the Treaty of Lyon)."""
    opens: str | None = None
    rule: str | None = None
    """A named rule with conditions of its own (``treaty_of_lyon``)."""


def read_sanctions(variant) -> tuple[dict[str, Sanction], int, tuple[str, ...]]:
    """(key -> sanction, the timeline's first year, the seasons it draws from), checked."""
    table = variant.tables.get("sanctions", {})
    problems = []
    out = {}
    for key, row in table.items():
        if key in _META or not isinstance(row, dict):
            continue  # a stray value, a misspelt first_year: named by the system's check of unknown keys
        where = f"tables.toml [sanctions.{key}]"
        barred = row.get("barred", {})
        special = tuple(row["special"]) if "special" in row else None
        s = Sanction(
            key=key, title=str(row.get("title", key)), aliases=tuple(str(a) for a in row.get("aliases", ())),
            deploy_only=row.get("deploy_only"),
            minors=tuple(row.get("minors", ())), retreat=tuple(row.get("retreat", ())), special=special,
            first_year_only=bool(row.get("first_year_only", False)), acquired=bool(row.get("acquired", False)),
            lost_cancels=bool(row.get("lost_cancels", False)),
            barred_powers=tuple(barred.get("powers", ())), barred_confession=barred.get("confession"),
            barred_minors=tuple(barred.get("minors", ())), barred_majority=barred.get("majority"),
            no_build=tuple(tuple(x) for x in row.get("no_build", ())),
            immune=tuple(row["immune"]) if "immune" in row else None, cancelled_by=row.get("cancelled_by"),
            cancel_on_capture=tuple(row.get("cancel_on_capture", ())),
            liberation_revives=bool(row.get("liberation_revives", False)), opens=row.get("opens"), rule=row.get("rule"),
        )
        if s.liberation_revives and not s.cancel_on_capture:
            problems.append(f"{where}: liberation_revives = true, expected cancel_on_capture to name the minors "
                            "whose capture cancels it")
        for minor in s.minors + s.retreat + s.barred_minors + s.cancel_on_capture + ((special[0],) if special else ()) \
                + ((s.opens,) if s.opens else ()):
            if minor not in variant.tables.get("minor_states", {}):
                problems.append(f"{where}: {minor!r} is not a minor state of tables.toml [minor_states]")
        for power in s.barred_powers + tuple(p for p, _ in s.no_build):
            if power not in variant.powers:
                problems.append(f"{where}: {power!r} is not a power")
        if s.rule not in (None, "treaty_of_lyon"):
            problems.append(f"{where}: rule = {s.rule!r}, expected \"treaty_of_lyon\" (the only named rule)")
        out[key] = s
    names = [n for s in out.values() for n in (s.title, *s.aliases)]
    problems += [f"tables.toml [sanctions]: the name {n!r} is given twice" for n in sorted(set(names))
                 if names.count(n) > 1]
    from gm_tools.systems.europe1615.calendar import ROLES

    problems += [f"tables.toml [sanctions] typed_roles: {r!r} is not a phase role, expected one of {', '.join(ROLES)}"
                 for r in typed_roles(variant) if r not in ROLES]
    first, seasons = table.get("first_year", 0), table.get("seasons", ["S"])
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        problems.append(f"tables.toml [sanctions] first_year = {first!r}: expected a year, the timeline's first")
    if not (isinstance(seasons, list) and seasons and all(s in variant.calendar.season_names for s in seasons)):
        problems.append(f"tables.toml [sanctions] seasons = {seasons!r}: expected a list of the calendar's seasons "
                        f"({', '.join(variant.calendar.season_names)}) the timeline draws from")
    if problems:
        raise VariantDataError(variant.name, problems)
    return out, first or 0, tuple(seasons)


def typed_roles(variant) -> tuple[str, ...]:
    """The roles of the phases a GM may type on the Sanctions Timeline sheet ('Winter 1618:
    Swedish/Gustav's intervention'); the movement phases when the data names none."""
    return tuple(variant.tables.get("sanctions", {}).get("typed_roles", ("movement",)))


def draw_timeline(keys: list[str], first_year: int, seasons: tuple[str, ...], movement_type: str,
                  seed: str) -> list[tuple[str, str]]:
    """(sanction, phase id) pairs: every sanction once, one a year from ``first_year`` in a
    season drawn from ``seasons``, the order shuffled; the same seed gives the same timeline."""
    rng = random.Random(f"europe1615 sanctions timeline {seed}")
    order = sorted(keys)
    rng.shuffle(order)
    return [(key, f"{rng.choice(seasons)}{first_year + i}{movement_type}") for i, key in enumerate(order)]


# --- what is in effect ---------------------------------------------------------------------------


def in_effect(sanction: Sanction, state, setup, position: Position) -> bool:
    """An active sanction holds unless its counterbalance is in effect, one of its minors is
    captured (or was, for a sanction the capture cancelled for good: ``state.cancelled``), (the
    Treaty of Lyon) France is eliminated, or the GM has suspended it to resolve an overlap
    (``state.rulings``)."""
    if sanction.key not in state.sanctions_on or sanction.key in state.rulings or sanction.key in state.cancelled:
        return False  # not yet on, suspended by the GM where it overlaps another, or cancelled for good
    if sanction.cancelled_by and state.counterbalance == sanction.cancelled_by:
        return False
    if any(captured(setup, state, m) for m in sanction.cancel_on_capture):
        return False
    if sanction.rule == "treaty_of_lyon" and _eliminated(setup, position, "FRANCE"):
        return False
    return True


def captured(setup, state, minor: str) -> bool:
    """Is ``minor`` captured, for the sanctions its capture cancels: its home center held by
    another (its INFs held in suspension); a minor without a center ('... or if Switzerland is
    captured') once each of its provinces is annexed to another, as 'the capture of centers (or
    provinces without centers)' takes land with no center (NOTES.md)."""
    if minor in state.influence.suspended:
        return True
    lands = setup.minors[minor]
    return lands.home_center is None and bool(lands.provinces) and all(
        state.annexed.get(p) not in (None, minor) for p in lands.provinces)


def effective(setup, state, position: Position) -> list[Sanction]:
    return [s for k, s in sorted(setup.sanctions.items()) if in_effect(s, state, setup, position)]


def _eliminated(setup, position: Position, power: str) -> bool:
    return not any(position.centers.get(c) == power for c in setup.homes.get(power, ()))


def _lyon_conditions(setup, state, position: Position) -> bool:
    """'France must not have been eliminated, Savoy is aligned with France, and Switzerland is
    not aligned with Spain.'"""
    from gm_tools.systems.europe1615.status import minor_status

    savoy = minor_status(setup, state, position, "SAV")
    swiss = minor_status(setup, state, position, "SWI")
    return (not _eliminated(setup, position, "FRANCE") and (savoy.status, savoy.power) == ("ALIGNED", "FRANCE")
            and not (swiss.status == "ALIGNED" and swiss.power == "SPAIN"))


def update(setup, state, position: Position, phase_key, before: Position | None = None) -> Position:
    """After a phase: switch on the sanctions whose time has come (``phase_key`` orders phase
    ids), then give each special unit its strength while its sanction is in effect (``before``,
    the position the phase started from, tells builds and losses apart)."""
    now = phase_key(position.phase)
    centers = dict(position.centers)
    units = dict(position.units)
    for key, at in state.timeline:
        if key in state.sanctions_on or key not in setup.sanctions or phase_key(at) > now:
            continue
        sanction = setup.sanctions[key]
        if sanction.rule == "treaty_of_lyon" and not _lyon_conditions(setup, state, position):
            continue  # not available: its conditions do not hold (it is tried again each phase)
        state.sanctions_on[key] = int(position.phase[1:-1])
        if sanction.opens and sanction.opens not in state.opened:
            state.opened = tuple(sorted(state.opened + (sanction.opens,)))
        _grant_centers(setup, state, key, centers, units)
    for key in sorted(state.sanctions_on):
        sanction = setup.sanctions.get(key)
        if sanction and not sanction.liberation_revives and key not in state.cancelled \
                and any(captured(setup, state, m) for m in sanction.cancel_on_capture):
            # 'If captured, the modifier cancels or is no longer available': no return on liberation
            state.cancelled = tuple(sorted(state.cancelled + (key,)))
    year = int(position.phase[1:-1])
    _follow_specials(setup, state, before, position)
    strong = {}
    for s in effective(setup, state, position):
        if s.special and s.key not in state.special_lost and not (s.first_year_only and year > state.sanctions_on[s.key]):
            strong[s.special[0]] = s
    for minor in {s.special[0] for s in setup.sanctions.values() if s.special}:
        armies = sorted(p for p, u in units.items() if u.power == minor and u.kind == ARMY)
        has = [p for p in armies if units[p].strength > 1]
        sanction = strong.get(minor)
        if sanction and sanction.key in state.special_retreating:
            continue  # the special unit is in retreat: no other army takes its place
        if sanction and armies and not has:
            rebuilt = sanction.acquired or sanction.key in state.special_rebuild
            chosen = _newly_built(before, position, minor) if rebuilt else armies[:1]
            for p in chosen[:1]:
                units[p] = replace(units[p], strength=2)
                state.special_rebuild = tuple(k for k in state.special_rebuild if k != sanction.key)
        elif sanction is None:
            for p in has:
                units[p] = replace(units[p], strength=1)
    out = position.copy()
    out.units = units
    out.centers = centers
    return out


def _grant_centers(setup, state, key: str, centers: dict, units: dict) -> None:
    """'Catalan secession: Catalonia becomes a pliant state. Catalonia acquires a center and an
    army unit': each center the sanction creates (``setup.latent``) goes to the minor whose home
    it is, no longer annexed to anyone, with an army if the province is empty. A foreign unit
    standing there keeps its place and may capture the new center as any other; the army then
    comes with the minor's rebuild ('Re-building a minor state's army')."""
    for center, creator in sorted(setup.latent.items()):
        if creator != key or center in centers:
            continue
        owner = next((m.code for m in setup.minors.values() if m.home_center == center), None)
        if owner is None:
            continue
        centers[center] = owner
        state.annexed.pop(center, None)
        if center not in units:
            units[center] = Unit(owner, ARMY, center)


def _newly_built(before: Position | None, after: Position, minor: str) -> list[str]:
    """The minor's armies built in this phase: in ``after`` and not in ``before`` (the Late
    Winter's builds, or the Early Winter's automatic rebuild: no unit moves in either), by
    province."""
    if before is None or parse_phase(before.phase).type in (MOVEMENT, RETREAT):
        return []
    return sorted(p for p, u in after.units.items()
                  if u.power == minor and u.kind == ARMY and (before.units.get(p) is None or before.units[p].power != minor))


def _follow_specials(setup, state, before: Position | None, after: Position) -> None:
    """Where each special unit went in this phase. Dislodged with a retreat, it is still the
    special unit, with strength one until it is back on the board ('If the unit is in retreat,
    treat unit as if it has strength of one'; :meth:`.rules.Europe1615Rules.on_retreated`).
    Gone from the board after a movement or retreat phase, it was 'dislodged and disbanded',
    which cancels its sanction's strength where the paragraph says so (``lost_cancels``); a
    removal at an adjustment is no dislodgement. Otherwise the minor's next army built is the
    special unit (``state.special_rebuild``)."""
    if before is None:
        return
    played = parse_phase(before.phase).type
    retreating = {}
    for s in setup.sanctions.values():
        if not s.special:
            continue
        minor = s.special[0]
        special_at = [p for p, u in before.units.items() if u.power == minor and u.strength > 1]
        if not special_at and s.key not in state.special_retreating:
            continue
        if any(u.power == minor and u.strength > 1 for u in after.units.values()):
            continue  # held, moved, or back from its retreat
        dislodged = [p for p in special_at if p in after.dislodged and after.dislodged[p].unit.power == minor]
        if dislodged:
            retreating[s.key] = dislodged[0]
        elif played in (MOVEMENT, RETREAT) and s.lost_cancels:
            if s.key not in state.special_lost:
                state.special_lost = tuple(sorted(state.special_lost + (s.key,)))
        elif s.key not in state.special_rebuild:
            # 'If the RHI army unit is dislodged and disbanded, it can be rebuilt' and 'This
            # modifier does not apply to any additionally acquired army units beyond the first
            # army (R)': the strength waits for the minor's next army built, never passing to
            # an army it already has
            state.special_rebuild = tuple(sorted(state.special_rebuild + (s.key,)))
    state.special_retreating = retreating
    # 'The modifier cancels when RHI is captured, but may be voted on again should it be
    # liberated': once in effect again, it is the minor's first army's, as when it first came
    state.special_rebuild = tuple(k for k in state.special_rebuild if k in setup.sanctions and not any(
        captured(setup, state, m) for m in setup.sanctions[k].cancel_on_capture))


def retreated_special(setup, state, unit: Unit) -> bool:
    """Is the dislodged ``unit`` a special unit in retreat (strength one only while it retreats)?"""
    return any(setup.sanctions[key].special[0] == unit.power and unit.province == province
               for key, province in state.special_retreating.items() if key in setup.sanctions)


def special_letters(setup, state, position: Position) -> dict[str, str]:
    """Province -> the letter of the special unit standing there ('specific units on the
    board marked by a letter'): every minor army with strength 2 and a sanction naming it."""
    letters = {s.special[0]: s.special[1] for s in setup.sanctions.values() if s.special}
    return {p: letters[u.power] for p, u in position.units.items() if u.strength > 1 and u.power in letters}


# --- the effects ------------------------------------------------------------------------------


def deployment_bar(setup, state, position: Position, power: str, minor: str) -> str | None:
    confession = setup.confession(power)
    marker = state.influence.markers.get(minor) or setup.permanent_markers.get(minor)
    for s in effective(setup, state, position):
        if s.deploy_only and minor in s.minors and confession != s.deploy_only:
            return f"{s.title}: deployment of INFs to {minor} is solely permitted to the {s.deploy_only.title()} powers"
        barred = power in s.barred_powers or (s.barred_confession and confession == s.barred_confession)
        if barred and (minor in s.barred_minors or (s.barred_majority and marker == s.barred_majority)):
            return f"{s.title}: {power} is restricted from deploying INFs to {minor}"
    return None


def attack_bar(setup, state, position: Position, attacker: str, target: str) -> str | None:
    for s in effective(setup, state, position):
        if s.immune and setup.confession(target) == s.immune[0] and setup.confession(attacker) == s.immune[1]:
            return f"{s.title}: {target} is immune to diplomatic attacks by {s.immune[1].title()} powers"
    return None


def may_retreat(setup, state, position: Position, owner: str) -> bool:
    return any(owner in s.retreat for s in effective(setup, state, position))


def build_barred(setup, state, position: Position, power: str, center: str) -> bool:
    return any((power, center) in s.no_build for s in effective(setup, state, position))


def move_bar(setup, state, position: Position, unit: Unit, side: str, dest: str) -> str | None:
    """'Spain will be unable to move a unit through Switzerland, unless France permits it'
    (Treaty of Lyon): France's permission is the GM's row for the unit on the Swiss Passage
    sheet (``state.swiss_passage``)."""
    for s in effective(setup, state, position):
        if s.rule == "treaty_of_lyon" and side == "SPAIN" and dest in setup.minors["SWI"].provinces \
                and unit.province not in state.swiss_passage:
            return (f"{s.title}: Spain is unable to move a unit through Switzerland, unless France permits it "
                    "(the Swiss Passage sheet)")
    return None


def lyon_in_effect(setup, state, position: Position) -> bool:
    """Is the Treaty of Lyon (the named rule) in effect: the Swiss Passage sheet is laid out."""
    return any(s.rule == "treaty_of_lyon" for s in effective(setup, state, position))
