"""What the workbook shows for a phase, as plain data: the order rows of each power, the
Units, Centers and Results tables. :mod:`gm_tools.edges.workbook` turns this into sheets.

This is where "a retreat phase lists only the dislodged units with their legal retreats;
an adjustment phase shows each power's builds or removals due" is decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.hooks import INTEGER, Column, Table
from gm_tools.engine.model import Build, Disband, Position, Retreat, Unit, Waive, order_text
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, Phase, parse_phase, phase_title
from gm_tools.engine.results import note_words
from gm_tools.engine.rules import Rules, results_as_shown
from gm_tools.engine.variant import Calendar, Variant

PLAYERS_HEADER = ("Power", "Name", "Player")
"""The Game sheet's table of who plays each power: its code, its name, the person."""


def players_header(variant: Variant) -> tuple[str, str, str]:
    """:data:`PLAYERS_HEADER` in the game's words (``Rules.owner_noun``): The Peace of
    Westphalia's players are its colours, so its table reads "Player", "Name", "Played by",
    as its site's standings do."""
    owner = variant.system.rules.owner_noun
    return PLAYERS_HEADER if owner == "power" else (owner.capitalize(), "Name", "Played by")


def player_refused(variant: Variant, code: str, player: str) -> str | None:
    """What a Player cell should hold instead of ``player``, or None when it may hold it. The
    record keeps the player and the site publishes him for good, so an e-mail address
    typed beside a new player's name ('Hana <hana@example.org>') is no player's name."""
    if not variant.powers[code].playable:  # a neutral or minor state has no player
        return f"an empty cell: no player plays {code}"
    if "@" in player:
        return ("the player's name alone (the site publishes it, and the game's record keeps it: an e-mail "
                "address goes on the Addresses sheet, carried to every phase's workbook and never published)")
    return None


@dataclass(frozen=True)
class OrderSlot:
    """One row of the Orders sheet: a place for one order."""

    power: str
    """Power whose order goes here."""
    label: str
    """What the row is for, shown in the Unit column: ``"A PAR"``, ``"Build 1 of 2"``."""
    unit: str | None
    """The unit (``"A PAR"``) this row orders, or None for a build or removal row. An order
    typed without its unit (``"- BUR"``) is read as this unit's order."""
    choices: tuple[str, ...]
    """Orders offered in the row's dropdown."""
    complete: bool
    """True when ``choices`` lists every order that can be given here (retreats, builds,
    removals): the dropdown then warns on anything else."""


@dataclass
class PowerBlock:
    """A power's block of rows on the Orders sheet."""

    power: str
    """Power code."""
    summary: str
    """One line above the rows: ``"4 centers, 3 units: 1 build due"``."""
    slots: list[OrderSlot] = field(default_factory=list)
    """The rows for its orders."""


@dataclass(frozen=True)
class Adjustment:
    """What a power must do in an adjustment phase."""

    due: int
    """Builds due (> 0) or removals due (< 0): centers owned minus units."""
    sites: tuple[str, ...]
    """Free provinces where it may build (empty when removing)."""

    @property
    def builds(self) -> int:
        """Builds it can actually make: no more than it has free sites for."""
        return max(0, min(self.due, len(self.sites)))

    @property
    def removals(self) -> int:
        return max(0, -self.due)


def adjustments(variant: Variant, position: Position, rules: Rules) -> dict[str, Adjustment]:
    """Each power's builds or removals due (2000 rulebook, 'Adjusting the number of units':
    units are matched to supply centers owned; builds only in unoccupied owned home centers)."""
    result = {}
    for power in variant.powers:
        centers = sum(1 for owner in position.centers.values() if owner == power)
        units = sum(1 for unit in position.units.values() if unit.power == power)
        due = centers - units
        sites: tuple[str, ...] = ()
        if due > 0:
            sites = tuple(sorted(p for p in rules.build_sites(variant, position, power) if p not in position.units))
        result[power] = Adjustment(due=due, sites=sites)
    return result


def _movement_choices(variant: Variant, unit: Unit) -> tuple[str, ...]:
    if unit.kind == "A":
        dests = sorted(variant.army_adjacency.get(unit.province, ()))
    else:
        dests = sorted(variant.fleet_adjacency.get(unit.location, ()))
    return (f"{unit} H",) + tuple(f"{unit} - {d}" for d in dests)


def _build_choices(variant: Variant, power: str, sites: tuple[str, ...], barred=lambda kind, site: None) -> tuple[str, ...]:
    """The dropdown's builds at ``sites``, without those ``barred`` (``Rules.may_build``: Europe 1615
    v2's army at a port without a center, which the turn would refuse), and the waive."""
    choices = []
    for site in sites:
        if variant.unit_can_stand("A", site) and not barred("A", site):
            choices.append(order_text(Build(power, "A", site)))
        # fleet_locations is empty inland: a fleet is built only on a coast (2000 rulebook).
        for loc in variant.fleet_locations(site):
            if not barred("F", site):
                choices.append(order_text(Build(power, "F", loc)))
    choices.append(order_text(Waive(power)))
    return tuple(choices)


def _sites_words(variant: Variant, power: str, sites: tuple[str, ...], barred) -> str:
    """'free home centers: ...' where the power builds at home only, as in the standard game;
    else 'build sites: ...', a site where only a fleet may be built said so: a variant's other
    sites (Europe 1615 v2's captured centers and ports) are no home centers."""
    if set(sites) <= set(variant.home_centers(power)) and not any(barred("A", s) for s in sites):
        return f"free home centers: {', '.join(sites)}"
    return "build sites: " + ", ".join(f"{s} (fleet only)" if barred("A", s) and not barred("F", s) else s
                                       for s in sites)


def order_blocks(variant: Variant, position: Position, rules: Rules) -> list[PowerBlock]:
    """The Orders sheet for the phase starting at ``position``, power by power."""
    kind = parse_phase(position.phase).type
    due = adjustments(variant, position, rules)
    blocks = []
    for power in variant.powers.values():
        if not power.playable:
            continue
        units = sorted((u for u in position.units.values() if u.power == power.code), key=str)
        centers = sum(1 for owner in position.centers.values() if owner == power.code)
        summary = f"{power.name}: {centers} center(s), {len(units)} unit(s)"
        slots: list[OrderSlot] = []
        if kind == MOVEMENT and rules.lays_out_movement(variant, position):
            # Units of the minors it commands (Europe 1619's aligned minors) are ordered in its block.
            owners = set(rules.commanded(variant, position, power.code))
            ordered = units + sorted((u for u in position.units.values() if u.power in owners), key=str)
            if len(ordered) > len(units):  # "3 unit(s)" over four rows read as a row too many
                names = sorted({variant.powers[u.power].name for u in ordered[len(units):]})
                summary += f"; and {len(ordered) - len(units)} unit(s) it commands ({', '.join(names)})"
            slots = [OrderSlot(power.code, str(u), str(u), _movement_choices(variant, u), False) for u in ordered]
        elif kind == RETREAT:
            # A commanded owner's dislodged units (Centenary's vassals) retreat by its commander.
            owners = {power.code} | {o for o in rules.commanded(variant, position, power.code)
                                     if rules.lays_out(variant, position, power.code, o)}
            for d in sorted(position.dislodged.values(), key=lambda d: str(d.unit)):
                if d.unit.power not in owners:
                    continue
                choices = tuple(order_text(Retreat(power.code, d.unit, r)) for r in sorted(d.retreats))
                choices += (order_text(Disband(power.code, d.unit)),)
                slots.append(OrderSlot(power.code, str(d.unit), str(d.unit), choices, True))
        elif kind == ADJUSTMENT:
            adj = due[power.code]
            if adj.builds:
                barred = lambda kind, site, p=power.code: rules.may_build(variant, position, p, kind, site)  # noqa: E731
                summary += f": {adj.builds} build(s) due ({_sites_words(variant, power.code, adj.sites, barred)})"
                choices = _build_choices(variant, power.code, adj.sites, barred)
                slots = [
                    OrderSlot(power.code, f"Build {i} of {adj.builds}", None, choices, True)
                    for i in range(1, adj.builds + 1)
                ]
            elif adj.removals:
                summary += f": {adj.removals} removal(s) due"
                choices = tuple(order_text(Disband(power.code, u)) for u in units)
                slots = [
                    OrderSlot(power.code, f"Removal {i} of {adj.removals}", None, choices, True)
                    for i in range(1, adj.removals + 1)
                ]
            # A commanded owner's builds and removals (Centenary's vassals) are its commander's
            # to write, in the owner's name (rules.commanded).
            for owner in rules.commanded(variant, position, power.code):
                # an owner made in play (Europe 1615's minor state of a dissolved power's center)
                # is none of the variant's powers, whose adjustments are all there are
                if owner not in due or not rules.lays_out(variant, position, power.code, owner):
                    continue
                summary_part, owner_slots = _commanded_adjustment(variant, position, power.code, owner, due[owner])
                if owner_slots:
                    summary += f"; {summary_part}"
                    slots += owner_slots
        if kind == RETREAT and slots:
            # The legal retreats in words too, not only in the dropdown: a GM copying orders
            # from mail checks them at a glance, and a dropdown prints nothing on paper.
            where = "; ".join(f"{slot.unit} to {_retreats_in_words(slot)}" for slot in slots)
            summary += f": {len(slots)} dislodged unit(s) to retreat or disband ({where})"
        if slots:
            blocks.append(PowerBlock(power.code, summary, slots))
    return blocks


def _retreats_in_words(slot: OrderSlot) -> str:
    """``"BOH or SIL"`` from a retreat row's choices (``"A GAL R BOH"``, ..., the disband
    last). A unit with nowhere to go never has a row: the engine disbands it at once."""
    return " or ".join(choice.split(" R ")[1] for choice in slot.choices if " R " in choice)


def _commanded_adjustment(variant: Variant, position: Position, commander: str, owner: str,
                          adj: Adjustment) -> tuple[str, list[OrderSlot]]:
    """The rows, in ``commander``'s block, for the builds or removals of an owner it commands."""
    name = variant.powers[owner].name
    if adj.builds:
        # No WAIVE offered: a waive is read as the commander's own; an unordered build is waived.
        choices = _build_choices(variant, owner, adj.sites)[:-1]
        return (f"{name}: {adj.builds} build(s) due (free home centers: {', '.join(adj.sites)})",
                [OrderSlot(commander, f"{name} build {i} of {adj.builds}", None, choices, True)
                 for i in range(1, adj.builds + 1)])
    if adj.removals:
        units = sorted((u for u in position.units.values() if u.power == owner), key=str)
        choices = tuple(order_text(Disband(owner, u)) for u in units)
        return (f"{name}: {adj.removals} removal(s) due",
                [OrderSlot(commander, f"{name} removal {i} of {adj.removals}", None, choices, True)
                 for i in range(1, adj.removals + 1)])
    return "", []


def units_table(variant: Variant, position: Position, rules: Rules | None = None) -> Table:
    """Every unit, power by power; a unit another power commands (``rules.commanded``:
    Centenary's vassals) is listed under its commander, with a note. A unit several powers
    may order (Europe 1615's minor states, whose status decides whose orders they follow)
    stays under its own state, the note naming them all: listed under the first of them, it
    read as that power's alone."""
    columns = (
        Column("Power", width=14),
        Column("Unit", width=12),
        Column("Province", width=24),
        Column("Strength", kind=INTEGER, width=10),
        Column("Status", width=40),
    )
    rows = []
    order = {code: i for i, code in enumerate(variant.powers)}
    commanders: dict[str, list[str]] = {}
    if rules is not None:
        for code, power in variant.powers.items():
            if power.playable:
                for owner in rules.commanded(variant, position, code):
                    commanders.setdefault(owner, []).append(code)
    commander = {owner: codes[0] for owner, codes in commanders.items() if len(codes) == 1}
    shared = {owner: f"may be ordered by {', '.join(codes[:-1])} or {codes[-1]}"
              for owner, codes in commanders.items() if len(codes) > 1}

    def key(unit: Unit) -> tuple:
        # Under its commander, after the commander's own units.
        return (order.get(commander.get(unit.power, unit.power), 99), unit.power in commander, str(unit))

    def note(unit: Unit) -> str:
        if unit.power in commander:
            return f"ordered by {commander[unit.power]}"
        return shared.get(unit.power, "")

    for unit in sorted(position.units.values(), key=key):
        rows.append([unit.power, str(unit), variant.province(unit.location).name, unit.strength, note(unit)])
    for d in sorted(position.dislodged.values(), key=lambda d: key(d.unit)):
        retreats = ", ".join(sorted(d.retreats)) or "none: it will be disbanded"
        status = f"dislodged; may retreat to: {retreats}"
        rows.append([d.unit.power, str(d.unit), variant.province(d.unit.location).name, d.unit.strength,
                     "; ".join(filter(None, [status, note(d.unit)]))])
    return Table("Units", columns, rows)


def centers_table(variant: Variant, position: Position) -> Table:
    columns = (
        Column("Center", width=10),
        Column("Name", width=24),
        Column("Owner", width=14),
        Column("Home of", width=14),
        Column("Occupied by", width=18),
    )
    rows = []
    for code in variant.supply_centers():
        prov = variant.provinces[code]
        unit = position.units.get(code)
        rows.append([code, prov.name, position.centers.get(code, ""), prov.home or "",
                     f"{unit.power} {unit}" if unit else ""])
    return Table("Centers", columns, rows)


def results_table(variant: Variant, record: dict | None, typed=()) -> Table:
    """The last processed phase: each order as entered, and beside it its result and reason.
    A result line made from a variant's input sheet is given the cells it was typed in from
    ``typed`` (:meth:`~gm_tools.engine.hooks.SheetHooks.entered_at`: known while the turn has
    the workbook, not kept in the record), each used once."""
    columns = (
        Column("Phase", width=10),
        Column("Power", width=14),
        Column("Order", width=30),
        Column("Result", width=11),
        Column("Reason", width=48),
        Column("Entered at", width=12),
        Column("As written", width=30),
    )
    rows: list[list] = []
    if record:
        by_order = {(r["power"], r["order"]): r for r in record["results"]}
        shown = set()
        for power, entries in record["orders"].items():
            for e in entries:
                if e["read"] is None:
                    rows.append([record["phase"], power, "", "invalid", e["error"], e["cell"], e["written"]])
                    continue
                # an order for another owner's unit (a vassal's, a minor's) has its owner's result
                key = (e.get("for") or power, e["read"])
                r = by_order.get(key)
                shown.add(key)
                who = f"{power} for {e['for']}" if e.get("for") else power
                rows.append([record["phase"], who, e["read"], r["result"] if r else "", r["reason"] if r else "",
                             e["cell"], e["written"]])
        where: dict[tuple[str, str], list] = {}
        for t in typed:
            where.setdefault((t.power, t.order), []).append(t)
        for r in results_as_shown(variant, record):  # as the phase's page lists them
            if (r["power"], r["order"]) not in shown:
                at = where.get((r["power"], r["order"])) or [None]
                t = at.pop(0)
                rows.append([record["phase"], r["power"], r["order"], r["result"], r["reason"],
                             t.cell if t else "", t.written if t else ""])
        for note in record["notes"]:
            rows.append([record["phase"], note["power"], "", "default", note_words(note), "", ""])
        if record.get("winner"):
            rows.append([record["phase"], record["winner"], "", "victory",
                         _victory_text(variant, record), "", ""])
    return Table("Results", columns, rows)


def _victory_text(variant: Variant, record: dict) -> str:
    """Why the game's winner won: a variant scored in points says its verdict, one whose rules
    name the victory (Europe 1615's by rounds, whose round's scoring keeps no verdict) that."""
    from gm_tools.engine.rules import rules_for

    verdict = (record.get("extra", {}).get("outcome", {}).get("scoring") or {}).get("verdict")
    if verdict:
        return f"{record['winner']} wins: {verdict}"
    victory = rules_for(variant).victory(variant, record)
    if victory:
        return f"{record['winner']} wins: the {victory.name}" + (f" with {victory.figure}" if victory.figure else "")
    return f"{record['winner']} holds {variant.victory_centers} or more centers and wins"


def title_of(variant: Variant, phase: str) -> str:
    return phase_name(variant.calendar, phase)


def game_over_title(variant: Variant, rules: Rules, record: dict) -> str:
    """The Game sheet's phase name once the game is over: its winner, or the powers a victory
    the rules share is won by (an alliance's, Westphalia's saved players), or the draw's."""
    if record.get("winner"):
        return f"Game over: {variant.power_called(record['winner'])} wins"
    powers = [variant.power_called(p) for p in (record.get("draw") or {}).get("powers", [])]
    names = f"{', '.join(powers[:-1])} and {powers[-1]}" if len(powers) > 1 else "".join(powers)
    if rules.victory(variant, record) is not None:
        return f"Game over: {names} win together" if len(powers) > 1 else f"Game over: {names} wins"
    return f"Game over: drawn between {names}" if powers else "Game over"


def phase_name(calendar: Calendar, phase: Phase | str) -> str:
    """A phase's name as people say it: ``Spring 1901 Movement``; but ``Setup Order, 1510``
    where the type's name already starts with the season's (a step "Setup Order" of a season
    "Setup"), never ``Setup 1510 Setup Order``. (The Peace of Westphalia's first step was one;
    it is "Draw Setup Order" now, named as its other steps are: ``Setup 1510 Draw Setup Order``.)"""
    if isinstance(phase, str):
        phase = parse_phase(phase)
    kind = calendar.phase_type_names.get(phase.type, phase.type)
    if names_season(calendar, phase):
        return f"{kind}, {phase.year}"
    return phase_title(calendar, phase)


def names_season(calendar: Calendar, phase: Phase) -> bool:
    """Does the phase type's name begin with its season's name (the season is then said once)?"""
    season = calendar.season_names.get(phase.season, phase.season).casefold().split()
    kind = calendar.phase_type_names.get(phase.type, phase.type).casefold().split()
    return bool(season) and kind[:len(season)] == season
