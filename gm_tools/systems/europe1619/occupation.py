"""The Map Adjustment Phase: captures, occupation, captured minors, liberation, elimination.

Rulebook (``002_e7e1b063b6c411e5.txt``) sections: 'Additional rules to
observe' 3, 4a-4d and 6; the paragraph on captured minor states and liberation; 'Occupation
by proxy'; 'Elimination' with Spain's and England's rules.

The steps, in order, on the position after the Orders Phase (and its retreats):

1. **Revert**: a captured province no longer occupied by its captor or a proxy of it 'reverts
   back to its independent status' (a power's territory is 'restored to the domain of that
   power/state'). Proxies: 'an aligned minor unit ..., or an ally's unit, or a unit aligned
   with your ally'.
2. **Foreign units** (rule 4): a unit in a province held by someone else captures it when the
   province is unaligned (or a captured minor's: 'colored grey') or its holder's power is at
   war with the unit's (4c); stays without capture when allied (4d) or its own side's; must
   leave when the province is neutral (4a) or its power is at peace with the unit's (4b).
   A unit that must leave retreats like a dislodged one: only a bolstered army can, losing
   one strength ('Retreats'); the others are disbanded.
3. **Elimination**: a power holding none of its original home centers is eliminated; its units
   are disbanded and its captures revert ('restoring them as independent minor states, and to
   their pre-occupational status'); its INFs leave the minors (the caller applies that to
   the INF state: :attr:`MapAdjustment.eliminated`). Spain's or England's build sites become
   new states; one with a foreign unit on its center is born captured by that unit's owner.
4. **Captured minors** (rule 3): a minor whose home center someone else holds has its units
   disbanded and relinquishes its captures; a minor whose home center came back is liberated
   and 'its unit rebuilt'.

Nothing here decides a retreat: units that must leave are listed with where they may go, and
:func:`retreat_expelled` places them once the player has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gm_tools.errors import UserError
from gm_tools.engine.model import ARMY, FLEET, Position, Unit
from gm_tools.systems.europe1619.state import state_of, with_state
from gm_tools.systems.europe1619.territory import Board, center_owners



@dataclass(frozen=True)
class Expelled:
    """A unit that may not stay where it ended the Orders Phase (rules 4a, 4b)."""

    unit: Unit
    """The unit as it stood."""
    rule: str
    """``"4a"`` (the province is neutral) or ``"4b"`` (its power is at peace with the unit's)."""
    retreats: tuple[str, ...]
    """Provinces it may retreat to (as a unit one strength weaker); empty: it is disbanded."""


@dataclass
class MapAdjustment:
    """What the Map Adjustment Phase did, and the position after it."""

    position: Position
    """The new position: units, ``centers`` and the state's ``captured`` (:mod:`.state`) updated. Expelled units
    with a retreat are off the board until :func:`retreat_expelled` places them."""
    captures: list[tuple[str, str]] = field(default_factory=list)
    """(province, captor) captured this phase."""
    reverted: list[tuple[str, str]] = field(default_factory=list)
    """(province, former captor) that reverted to their domain."""
    expelled: list[Expelled] = field(default_factory=list)
    """Units that had to leave a province (rule 4a/4b)."""
    disbanded: list[Unit] = field(default_factory=list)
    """Units removed: expelled with no retreat, a captured minor's, an eliminated power's."""
    captured_minors: list[tuple[str, str]] = field(default_factory=list)
    """(minor, captor) whose home center was captured this phase."""
    liberated_minors: list[str] = field(default_factory=list)
    """Minors whose home center came back to them this phase."""
    rebuilt: list[Unit] = field(default_factory=list)
    """Units of liberated minors rebuilt on their home center."""
    eliminated: list[str] = field(default_factory=list)
    """Powers eliminated this phase."""


def is_proxy(board: Board, occupant: str, captor: str) -> bool:
    """'Occupation by proxy': the occupant keeps the captor's hold when it is the captor, a
    minor aligned with the captor's power, that power itself, or an ally of it (or a minor
    aligned with the ally)."""
    return occupant == captor or board.friendly(occupant, captor)


def _with_captured(board: Board, captured: dict[str, str], units: dict[str, Unit]) -> Board:
    position = Position(board.position.phase, units=units, centers=board.position.centers, extra=dict(board.position.extra))
    state = state_of(position)
    state.captured = captured
    state.write(position.extra)
    return Board(board.geo, board.relations, position)


def map_adjustment(board: Board) -> MapAdjustment:
    """Run the Map Adjustment Phase on ``board`` (the position after the Orders Phase)."""
    geo = board.geo
    start = board
    captured = dict(board.captured)
    units = dict(board.position.units)
    out = MapAdjustment(position=board.position)

    # 1. Occupation lapses: 'If the province is no longer occupied at the end of the Order
    #    Phase, it immediately reverts back to its independent status'.
    for province, captor in sorted(captured.items()):
        unit = units.get(province)
        if unit is None or not is_proxy(board, unit.power, captor):
            del captured[province]
            out.reverted.append((province, captor))
    board = _with_captured(board, captured, units)

    # 2. Rule 4: units in provinces held by someone else.
    for province, unit in sorted(units.items()):
        holder = board.controller(province)
        if holder is None or holder == unit.power:
            continue
        kind, patron = board.territory_of(province)
        me = board.side(unit.power)
        if kind == "free" or (kind == "power" and board.relations.at_war(me, patron)):
            captured[province] = unit.power  # 4c, or an unaligned state 'may be occupied/captured'
            out.captures.append((province, unit.power))
        elif kind == "neutral" or (patron != me and not board.relations.allied(me, patron)):
            rule = "4a" if kind == "neutral" else "4b"
            out.expelled.append(Expelled(unit, rule, _retreats(board, unit)))
        # else 4d (an ally's province) or its own side's: it stays, no capture.
    for e in out.expelled:
        del units[e.unit.province]
        if not e.retreats:
            out.disbanded.append(e.unit)
    board = _with_captured(board, captured, units)

    # 3. Elimination: 'A power that does not control any of its original home centers ... at
    #    the end of an Order Phase it is considered eliminated'.
    already = set(board.eliminated)
    new_states = dict(state_of(board.position).new_states or {})
    for power in sorted(geo.powers - already):
        homes = geo.home_centers.get(power, ())
        if not homes or any(board.controller(c) == power for c in homes):
            continue
        out.eliminated.append(power)
        _withdraw(power, units, captured, out)
        for center in geo.new_states.get(power, ()):
            new_states[center] = power
            unit = units.get(center)
            # Born unaligned ('may be occupied/captured'), the state is held from its birth by
            # whoever stands on its center, so its INFs are refused like any captured minor's.
            if unit is not None and center not in captured:
                captured[center] = unit.power
                out.captures.append((center, unit.power))
    board = _with_captured(board, captured, units)
    if new_states:
        # Step 4 sees the new states as minors, so one born captured is reported captured.
        board = Board(geo.with_new_states(new_states), board.relations, board.position)

    # 4. Rule 3: a captured minor's units disband and its captures are relinquished; a minor
    #    held again (its home center; all its land if it has no center) is liberated, and its
    #    unit rebuilt 'if it has a center'.
    for minor in sorted(board.geo.minors):
        home = board.geo.minor_home.get(minor)
        was = start.minor_captured(minor)
        now = board.minor_captured(minor)
        if now:
            if not was:
                out.captured_minors.append((minor, board.controller(home or board.geo.minors[minor][0])))
            _withdraw(minor, units, captured, out)
        elif was:
            out.liberated_minors.append(minor)
            if home is not None and home not in units:
                fleet = home in board.geo.coastal
                units[home] = Unit(minor, FLEET if fleet else ARMY, board.geo.fleet_site(home) if fleet else home)
                out.rebuilt.append(units[home])

    state = state_of(board.position)
    state.captured = dict(sorted(captured.items()))
    if out.eliminated or already:
        state.eliminated = sorted(already | set(out.eliminated))
    if new_states:
        state.new_states = dict(sorted(new_states.items()))
    after = with_state(board.position, state)
    after.units = dict(sorted(units.items()))
    # the eliminated power's build sites are new states' centers from now on
    after.centers = center_owners(geo.with_new_states(new_states) if new_states else geo, captured)
    out.position = after
    return out


def _withdraw(owner: str, units: dict[str, Unit], captured: dict[str, str], out: MapAdjustment) -> None:
    """Disband ``owner``'s units and release its captures (an eliminated power, a captured
    minor): both 'the disbanding of all its units, and the relinquishing of control of any
    foreign centers/provinces'."""
    for province, unit in sorted(units.items()):
        if unit.power == owner:
            out.disbanded.append(units.pop(province))
    for province, captor in sorted(captured.items()):
        if captor == owner:
            del captured[province]
            out.reverted.append((province, owner))


def _retreats(board: Board, unit: Unit) -> tuple[str, ...]:
    """Where an expelled unit may go: only a bolstered army retreats ('Un-bolstered army units
    cannot retreat. Fleet units cannot retreat.'), to an empty neighbouring province that it
    could stand in without being expelled again. A minor's bolstered army too: rules 4a/4b say
    'the foreign unit must retreat', and rule 1 disbands a minor unit only 'if dislodged'; but
    only one some power commands, since an uncommanded minor's unit takes no orders."""
    if unit.kind != ARMY or unit.strength <= 1:
        return ()
    if board.geo.is_minor(unit.power) and board.commander(unit.power) is None:
        return ()
    me = board.side(unit.power)
    options = []
    for province in sorted(board.geo.army_neighbours.get(unit.province, ())):
        if province in board.position.units:
            continue
        kind, patron = board.territory_of(province)
        if kind == "neutral":
            continue
        if kind == "power" and patron != me and not (
            board.relations.allied(me, patron) or board.relations.at_war(me, patron)
        ):
            continue
        options.append(province)
    return tuple(options)


def retreat_expelled(position: Position, expelled: list[Expelled], choices: dict[str, str]) -> Position:
    """Place the expelled units that retreat: ``choices`` maps the province a unit left to
    where it goes. The unit arrives one strength weaker ('When a bolstered army unit is
    forced to retreat, it loses one unit of strength'); an expelled unit with no choice, or
    two choosing the same province, is disbanded (as retreats in a standoff are)."""
    by_province = {e.unit.province: e for e in expelled}
    for origin, dest in choices.items():
        e = by_province.get(origin)
        if e is None:
            raise UserError(f"retreat from {origin}: no unit there had to leave; expected one of {', '.join(sorted(by_province)) or 'none'}")
        if dest not in e.retreats:
            raise UserError(
                f"retreat {e.unit} to {dest}: not a place it may go; expected one of {', '.join(e.retreats) or 'none (it is disbanded)'}"
            )
    after = position.copy()
    wanted: dict[str, list[str]] = {}
    for origin, dest in sorted(choices.items()):
        wanted.setdefault(dest, []).append(origin)
    for dest, origins in sorted(wanted.items()):
        if len(origins) == 1 and dest not in after.units:
            unit = by_province[origins[0]].unit
            after.units[dest] = replace(unit, location=dest, strength=unit.strength - 1)
    after.units = dict(sorted(after.units.items()))
    return after
