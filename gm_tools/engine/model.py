"""The nouns of the game: units, orders, the position on the board, results.

Everything here is plain data. The rules engine (parser, adjudicator) takes and returns
these objects and never touches a file; openpyxl, the filesystem and rendering live at the
edges of the package.

Locations are strings: a province code (``"PAR"``) or, for a fleet on one coast of a
split-coast province, the code and the coast joined by a slash (``"SPA/NC"``).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import Union

ARMY = "A"
FLEET = "F"
UNIT_KINDS = (ARMY, FLEET)
UNIT_NAMES = {ARMY: "Army", FLEET: "Fleet"}


def province_of(location: str) -> str:
    """The province code of a location: ``"SPA/NC"`` -> ``"SPA"``."""
    return location.partition("/")[0]


def coast_of(location: str) -> str | None:
    """The coast of a location, or None: ``"SPA/NC"`` -> ``"NC"``."""
    parts = location.split("/", 1)
    return parts[1] if len(parts) == 2 else None


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board."""

    power: str
    """Code of the power that owns (orders) the unit, upper case: ``"FRANCE"``."""
    kind: str
    """``"A"`` for an army, ``"F"`` for a fleet."""
    location: str
    """Where it stands: a province code, or ``"SPA/NC"`` for a fleet on a coast."""
    strength: int = 1
    """Fighting strength. 1 in standard Diplomacy; the Europe variants bolster units up to 10.
    The resolver adds strengths, it never counts units."""
    province: str = field(init=False, repr=False, compare=False)
    """The province the unit stands in, without coast: worked out from ``location`` when the
    unit is made (a unit never moves; a move makes a new one), since the resolver asks it of
    every unit many times a phase."""
    label: str = field(init=False, repr=False, compare=False)
    """The unit as orders and results write it, ``"A PAR"`` or ``"F SPA/NC"``: made once
    with the unit, since every result and every position written names its units."""
    json: str = field(init=False, repr=False, compare=False)
    """The unit as JSON text, the form a response line and a record give it: ``"A PAR"``
    quoted, or ``{"strength":2,"unit":"A PAR"}`` for a bolstered unit
    (:func:`gm_tools.engine.positions.unit_to_json`). Made once with the unit, as ``label``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        label = f"{self.kind} {self.location}"
        object.__setattr__(self, "label", label)
        quoted = encode_basestring_ascii(label)
        object.__setattr__(self, "json", quoted if self.strength == 1
                           else f'{{"strength":{json.dumps(self.strength)},"unit":{quoted}}}')

    def __str__(self) -> str:
        return self.label

    def moved_to(self, location: str) -> "Unit":
        """The same unit standing at ``location``: what a successful move or retreat leaves
        on the board. Units are immutable values, so the one made for a power, kind,
        place and strength is kept and handed out again (:func:`shared_unit`): a map has only so
        many, and every phase moves a third of them. Not ``dataclasses.replace``, several
        times slower; a new field of ``Unit`` must be passed on here too."""
        return shared_unit(self.power, self.kind, location, self.strength)


@functools.lru_cache(maxsize=8192)
def shared_unit(power: str, kind: str, location: str, strength: int) -> Unit:
    """The unit of ``power`` of that kind, place and strength: one object, made the first time
    it is asked for (units are immutable values; a map has only so many, and every position
    read or played names them all again)."""
    return Unit(power, kind, location, strength)


# --- Orders -----------------------------------------------------------------------------
# Every order names the unit it is for by that unit's location (with coast for a fleet on
# a split coast) and the power that gave it. Targets of supports and convoys name
# provinces (no coast), since a support or convoy is to a province, not to a coast
# (2000 rulebook; DATC 6.B.4 - 6.B.6).
#
# Orders are values, never changed once read, but not frozen dataclasses: a frozen one's
# ``__init__`` sets each field through ``object.__setattr__``, four times the cost of a plain
# one, and every order of every phase is made this way (as ``OrderResult``, below). They
# hash by their fields all the same (``unsafe_hash``), as they did when frozen.


@dataclass(slots=True, unsafe_hash=True)
class Hold:
    """``A PAR H``: the unit stays where it is."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The unit ordered."""


@dataclass(slots=True, unsafe_hash=True)
class Move:
    """``A PAR - BUR``: the unit tries to move, over land or by convoy."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The unit ordered."""
    dest: str
    """Destination location; includes the coast for a fleet moving to a split-coast province."""
    via_convoy: bool = False
    """True when the order said ``VIA CONVOY`` or gave a convoy route: the army then moves
    only by convoy even if the destination is adjacent (2000 rulebook, DATC 6.G)."""
    convoy_route: tuple[str, ...] = ()
    """Sea provinces of an explicit route (``A LON - NTH - NWY``), in order; empty if none given."""


@dataclass(slots=True, unsafe_hash=True)
class Support:
    """``A MAR S A PAR - BUR`` (support to move) or ``A MAR S A PAR`` (support to hold)."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The supporting unit."""
    supported: str
    """Province of the supported unit."""
    dest: str | None = None
    """Province the supported unit moves to, or None for a support to hold."""
    supported_kind: str | None = None
    """Kind of the supported unit as written (``A``/``F``), or None when not written."""
    dest_coast: str | None = None
    """Coast the order names for the supported move's destination (``"NC"``), or None. The
    support still goes to the province; when the supported unit is a fleet whose move goes to
    another coast, the support is void (DATC 6.B.9, preferred option of 4.B.4). Armies
    ignore coasts (DATC 6.B.12)."""


@dataclass(slots=True, unsafe_hash=True)
class Convoy:
    """``F NTH C A LON - NWY``: a fleet at sea carries an army."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The convoying fleet."""
    army_from: str
    """Province of the convoyed army."""
    army_to: str
    """Province the army is carried to."""


@dataclass(slots=True, unsafe_hash=True)
class Retreat:
    """``A PAR R GAS`` in a retreat phase."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The dislodged unit."""
    dest: str
    """Location retreated to (with coast for a fleet to a split-coast province)."""


@dataclass(slots=True, unsafe_hash=True)
class Disband:
    """``A PAR D``: disband a dislodged unit (retreat phase) or remove a unit (adjustment)."""

    power: str
    """Power giving the order."""
    unit: Unit
    """The unit disbanded."""


@dataclass(slots=True, unsafe_hash=True)
class Build:
    """``BUILD A PAR`` / ``A PAR B`` in an adjustment phase."""

    power: str
    """Power building."""
    kind: str
    """``"A"`` or ``"F"``."""
    location: str
    """Where the unit appears (with coast for a fleet in a split-coast province)."""


@dataclass(slots=True, unsafe_hash=True)
class Waive:
    """``WAIVE``: the power gives up one build."""

    power: str
    """Power waiving."""


Order = Union[Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive]


def order_text(order: Order) -> str:
    """The canonical judge notation of an order: ``A PAR - BUR``, ``F NTH C A LON - NWY``."""
    if isinstance(order, Hold):
        return f"{order.unit.label} H"
    if isinstance(order, Move):
        if order.convoy_route:
            return f"{order.unit.label} - " + " - ".join(order.convoy_route) + f" - {order.dest}"
        suffix = " VIA CONVOY" if order.via_convoy else ""
        return f"{order.unit.label} - {order.dest}{suffix}"
    if isinstance(order, Support):
        kind = f"{order.supported_kind} " if order.supported_kind else ""
        target = f"{kind}{order.supported}"
        if order.dest is None:
            return f"{order.unit.label} S {target}"
        coast = f"/{order.dest_coast}" if order.dest_coast else ""
        return f"{order.unit.label} S {target} - {order.dest}{coast}"
    if isinstance(order, Convoy):
        return f"{order.unit.label} C A {order.army_from} - {order.army_to}"
    if isinstance(order, Retreat):
        return f"{order.unit.label} R {order.dest}"
    if isinstance(order, Disband):
        return f"{order.unit.label} D"
    if isinstance(order, Build):
        return f"BUILD {order.kind} {order.location}"
    if isinstance(order, Waive):
        return "WAIVE"
    raise TypeError(f"not an order: {order!r}")


# --- Position ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in a movement phase, waiting for its retreat."""

    unit: Unit
    """The dislodged unit (its location is where it was dislodged)."""
    attacker_from: str | None
    """Province the dislodging attack came from: the unit may not retreat there. None when
    the attack came by convoy (then that restriction does not apply: 2000 rulebook)."""
    retreats: tuple[str, ...] = ()
    """Locations the unit may retreat to, worked out by the adjudicator."""


@dataclass
class Position:
    """The board at the start of a phase: what the adjudicator reads and returns.

    Provinces are keyed by code without coast. ``Position`` is mutable for cheap building,
    but the engine never changes a position it was given: it returns a new one.
    """

    phase: str
    """Phase id: season letter, year, phase type letter (``"S1901M"``)."""
    units: dict[str, Unit] = field(default_factory=dict)
    """Units on the board, keyed by province code (one unit a province)."""
    centers: dict[str, str] = field(default_factory=dict)
    """Owner of each owned supply center: province code -> power code."""
    dislodged: dict[str, Dislodged] = field(default_factory=dict)
    """In a retreat phase: units dislodged in the movement before, keyed by province."""
    contested: frozenset[str] = frozenset()
    """In a retreat phase: provinces left empty by a standoff (no retreat there)."""
    extra: dict = field(default_factory=dict)
    """Variant state that the standard game does not have (INFs, treasury, fealty...),
    owned by the variant's rules module; plain JSON-able data."""

    def copy(self) -> "Position":
        return Position(
            phase=self.phase,
            units=dict(self.units),
            centers=dict(self.centers),
            dislodged=dict(self.dislodged),
            contested=frozenset(self.contested),
            extra=copy_json(self.extra),
        )


def copy_json(value):
    """A deep copy of plain JSON data (dicts, lists and immutable values)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


# --- Results -----------------------------------------------------------------------------

SUCCEEDS = "succeeds"
FAILS = "fails"
"""The order was legal but did not succeed (bounce, cut support, disrupted convoy...)."""
INVALID = "invalid"
"""The order could not be carried out as written (illegal, or for a unit the power does
not own); the unit holds."""


@dataclass(slots=True, unsafe_hash=True)
class OrderResult:
    """What became of one order.

    Never changed once made, but not a frozen dataclass: a frozen one's ``__init__`` sets
    each field through ``object.__setattr__``, four times the cost of a plain one, and every
    order of every phase gets a result (4% of the JSON path's instructions went to that).
    ``unsafe_hash``: hashable by its fields all the same, as it was when frozen."""

    power: str
    """Power that gave the order."""
    order: str
    """The order in canonical notation (or as written, when it could not be read)."""
    result: str
    """``succeeds``, ``fails`` or ``invalid``."""
    reason: str = ""
    """Why, in words a player can read: ``"bounced: 1 against 1 from A MUN"``, made from
    ``reasons`` by :func:`gm_tools.engine.results.words`."""
    dislodged: bool = False
    """True when the ordered unit was dislodged this phase."""
    reasons: tuple = ()
    """Why, as data: :class:`gm_tools.engine.results.Reason` objects (code and details)."""
    parsed: object = None
    """The order judged (an ``Order``), or None when it could not be read."""


def orders_in_force(
    orders: list[Order], results: list[OrderResult | None], legal: list[int], consequence: str
) -> dict[str, int]:
    """Which of the legal orders ``orders[n]`` (n in ``legal``) each unit follows: unit's
    province -> index.

    DATC 4.D.3, preferred choice c: a unit given two or more *different* legal orders
    follows none of them (in a movement phase it holds and may still receive hold support;
    in a retreat phase it has no order, so it is disbanded); the same order written twice
    is followed once. Illegal orders were set aside before (4.E.1), so a legal and an
    illegal order are not "several orders". Every order not followed is reported
    ``invalid`` in ``results``, ending with ``consequence`` ("it holds").
    """
    from gm_tools.engine.results import reason, result_of  # results are built on this module

    by_unit: dict[str, list[int]] = {}
    for n in legal:
        by_unit.setdefault(orders[n].unit.province, []).append(n)
    in_force: dict[str, int] = {}
    for province, given in by_unit.items():
        first = orders[given[0]]
        if len(given) == 1:  # the usual case: no texts to compare
            in_force[province] = given[0]
            continue
        texts = {order_text(orders[n]) for n in given}
        if len(texts) == 1:
            in_force[province] = given[0]
            for n in given[1:]:
                results[n] = result_of(first.power, order_text(first), INVALID, [reason("repeated")], parsed=first)
            continue
        for n in given:
            results[n] = result_of(
                orders[n].power, order_text(orders[n]), INVALID,
                [reason("several_orders", unit=str(first.unit), count=len(given), consequence=consequence)],
                parsed=orders[n],
            )
    return in_force
