"""Random games on the standard map, played through the JSON interface, to get realistic
movement phases for the benchmark.

Orders are "legal-ish": mostly moves to adjacent provinces, supports of moves and holds
that were really ordered, one-fleet convoys, and a few orders that are illegal on purpose
(a move to a province that is not adjacent), so both adjudicators see every kind of order.
Everything is drawn from a seeded ``random.Random`` over sorted lists, so the same seed
gives the same phases on every machine.
"""

from __future__ import annotations

import random

from gm_tools.app.jsonapi import handle_request
from gm_tools.engine.model import ARMY, FLEET, province_of
from gm_tools.engine.variant import COAST, LAND, SEA, Variant

# Shares of a unit's order in a movement phase; the rest are supports.
MOVE_SHARE = 0.45
HOLD_SHARE = 0.10
CONVOY_SHARE = 0.07
ILLEGAL_SHARE = 0.03
RETREAT_SHARE = 0.8
"""How often a dislodged unit retreats (when it can) rather than disbands."""


def play_games(variant: Variant, seed: int, games: int, years: int) -> list[dict]:
    """The movement-phase requests of ``games`` random games of ``years`` years each."""
    requests: list[dict] = []
    for number in range(games):
        requests.extend(play_game(variant, random.Random(f"{seed}/{number}"), years))
    return requests


def play_game(variant: Variant, rng: random.Random, years: int) -> list[dict]:
    """Play one game from the variant's start; return its movement-phase requests."""
    units: dict[str, list] = {}
    for unit in variant.start_units:
        units.setdefault(unit.power, []).append(f"{unit.kind} {unit.location}")
    centers: dict[str, list] = {}
    for province, owner in sorted(variant.start_centers.items()):
        centers.setdefault(owner, []).append(province)
    board = {"phase": variant.calendar.first_phase, "units": units, "centers": centers}
    last_year = int(variant.calendar.first_phase[1:-1]) + years - 1
    movements = []
    while int(board["phase"][1:-1]) <= last_year:
        kind = board["phase"][-1]
        if kind == "M":
            orders = movement_orders(variant, rng, board["units"])
        elif kind == "R":
            orders = retreat_orders(rng, board["dislodged"])
        else:
            orders = adjustment_orders(variant, rng, board["units"], board["centers"])
        request = {key: board[key] for key in ("phase", "units", "centers", "dislodged", "contested") if key in board}
        request["orders"] = orders
        if kind == "M":
            movements.append(request)
        response = handle_request(variant, request)
        board = {
            "phase": response["next_phase"],
            "units": response["units"],
            "centers": response["centers"],
        }
        if response["next_phase"].endswith("R"):
            board["dislodged"] = response["dislodged"]
            board["contested"] = response["contested"]
    return movements


def _board(units: dict[str, list]) -> dict[str, tuple[str, str, str]]:
    """Province -> (power, kind, location) from a response's ``units``."""
    placed = {}
    for power in sorted(units):
        for text in units[power]:
            kind, location = text.split()
            placed[province_of(location)] = (power, kind, location)
    return placed


def _reachable(variant: Variant, kind: str, location: str) -> list[str]:
    """Locations a unit can move to directly, sorted."""
    if kind == FLEET:
        return sorted(variant.fleet_adjacency.get(location, ()))
    return sorted(variant.army_adjacency.get(province_of(location), ()))


def movement_orders(variant: Variant, rng: random.Random, units: dict[str, list]) -> dict[str, list[str]]:
    board = _board(units)
    plan: dict[str, str] = {}  # province -> order text
    moves: list[tuple[str, str]] = []  # (unit province, destination province)
    supporters: list[str] = []
    for province in sorted(board):
        power, kind, location = board[province]
        roll = rng.random()
        if roll < MOVE_SHARE:
            dest = rng.choice(_reachable(variant, kind, location))
            plan[province] = f"{kind} {location} - {dest}"
            moves.append((province, province_of(dest)))
        elif roll < MOVE_SHARE + HOLD_SHARE:
            plan[province] = f"{kind} {location} H"
        elif roll < MOVE_SHARE + HOLD_SHARE + CONVOY_SHARE and kind == ARMY:
            plan[province] = f"{kind} {location} H"
            convoy = _convoy(variant, rng, board, location, plan)
            if convoy:
                sea, dest = convoy
                plan[province] = f"A {location} - {dest}"
                fleet = board[sea]
                plan[sea] = f"F {fleet[2]} C A {location} - {dest}"
                moves.append((province, dest))
        elif roll < MOVE_SHARE + HOLD_SHARE + CONVOY_SHARE + ILLEGAL_SHARE:
            far = sorted(set(variant.provinces) - set(variant.adjacent_provinces(kind, location)) - {province})
            plan[province] = f"{kind} {location} - {rng.choice(far)}"
        else:
            supporters.append(province)
    for province in supporters:
        if province in plan:  # became a convoying fleet meanwhile
            continue
        plan[province] = _support(variant, rng, board, province, moves)
    orders: dict[str, list[str]] = {}
    for province in sorted(plan):
        orders.setdefault(board[province][0], []).append(plan[province])
    return orders


def _convoy(variant, rng, board, location, plan) -> tuple[str, str] | None:
    """A one-fleet convoy for the army at ``location``: (sea of the fleet, destination)."""
    options = []
    army_reach = variant.army_adjacency.get(location, frozenset())
    for sea in sorted(variant.fleet_adjacency.get(location, ())):
        if sea not in board or not variant.is_sea(sea) or sea in plan:
            continue
        for coast in sorted(variant.fleet_adjacency.get(sea, ())):
            dest = province_of(coast)
            # A destination the army could also walk to needs VIA CONVOY, which the two
            # programs write differently; leave those out.
            if dest != location and dest not in army_reach and variant.provinces[dest].type == COAST:
                options.append((sea, dest))
    return rng.choice(sorted(set(options))) if options else None


def _support(variant, rng, board, province, moves) -> str:
    power, kind, location = board[province]
    reach = variant.adjacent_provinces(kind, location)
    into = [(src, dest) for src, dest in moves if dest in reach and src != province and dest != province]
    if into and rng.random() < 0.75:
        src, dest = rng.choice(into)
        _, skind, slocation = board[src]
        return f"{kind} {location} S {skind} {slocation} - {dest}"
    neighbours = sorted(p for p in reach if p in board)
    if neighbours:
        _, skind, slocation = board[rng.choice(neighbours)]
        return f"{kind} {location} S {skind} {slocation}"
    return f"{kind} {location} H"


def retreat_orders(rng: random.Random, dislodged: dict[str, list]) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power in sorted(dislodged):
        for entry in dislodged[power]:
            if entry["retreats"] and rng.random() < RETREAT_SHARE:
                order = f"{entry['unit']} R {rng.choice(entry['retreats'])}"
            else:
                order = f"{entry['unit']} D"
            orders.setdefault(power, []).append(order)
    return orders


def adjustment_orders(variant: Variant, rng: random.Random, units: dict[str, list], centers: dict[str, list]) -> dict[str, list[str]]:
    """Build on free owned home centers up to the center count, or remove random units."""
    occupied = set(_board(units))
    orders: dict[str, list[str]] = {}
    for power in variant.powers:
        have = sorted(units.get(power, []))
        owned = set(centers.get(power, []))
        wanted = len(owned) - len(have)
        if wanted > 0:
            sites = [c for c in variant.home_centers(power) if c in owned and c not in occupied]
            rng.shuffle(sites)
            for site in sites[:wanted]:
                kinds = []
                if variant.provinces[site].type != SEA:
                    kinds.append(f"A {site}")
                if variant.provinces[site].type != LAND:
                    kinds.extend(f"F {loc}" for loc in variant.fleet_locations(site))
                orders.setdefault(power, []).append(f"BUILD {rng.choice(kinds)}")
        elif wanted < 0:
            for unit in rng.sample(have, -wanted):
                orders.setdefault(power, []).append(f"{unit} D")
    return orders
