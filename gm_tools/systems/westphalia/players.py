"""The board and the players of a game of N players: the variant as that game plays it.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Lay out the Map' ('9 tiles per Player') and 'Pick a
Color and Flag'. :func:`variant_for_players` keeps the first 9 x N hexes of the spiral
(``order`` in ``provinces.toml``) and the first N players, and draws the base map of that
board, so every other module, and the renderer, sees one plain variant. A GM who lays out
another board ('the GM can instead give the tile list', the issue) gives a variant folder whose
``provinces.toml`` lists its hexes (name, ``hex``, ``order``): the adjacency comes from the
coordinates.
"""

from __future__ import annotations

import dataclasses

from gm_tools.engine.variant import Variant
from gm_tools.errors import GameError

_VIEWS: dict[tuple[int, int], tuple[Variant, Variant]] = {}


def player_range(variant: Variant) -> tuple[int, int]:
    table = variant.tables.get("players", {})
    return int(table.get("least", 3)), int(table.get("most", 14))


def variant_for_players(variant: Variant, players: int) -> Variant:
    """The variant as a game of ``players`` players plays it (the same object on a second call)."""
    least, most = player_range(variant)
    if not least <= players <= most:
        raise GameError(f"--players {players}: found {players} players, expected {least} to {most} for {variant.name} "
                        "('9 tiles per Player')")
    if variant.options.get("players") == players:
        return variant
    key = (id(variant), players)
    if key not in _VIEWS:
        _VIEWS[key] = (variant, _derive(variant, players))
    return _VIEWS[key][1]


def _derive(variant: Variant, players: int) -> Variant:
    from gm_tools.systems.westphalia.board import contiguous, neighbours
    from gm_tools.systems.westphalia.hexmap import base_map_svg

    each = int(variant.tables.get("players", {}).get("hexes_each", 9))
    kept = {c: p for c, p in variant.provinces.items() if int(p.extra.get("order", 0)) <= each * players}
    if len(kept) < each * players:
        raise GameError(f"{variant.name}: {players} players play {each * players} hexes, but provinces.toml has "
                        f"{len(kept)} (expected hexes with order = 1 to {each * players})")
    cell = {c: (int(p.extra["hex"][0]), int(p.extra["hex"][1])) for c, p in kept.items()}
    if not contiguous(cell.values()):
        raise GameError(f"{variant.name}: the hexes with order 1 to {each * players} do not all touch each other")
    powers = dict(list((c, p) for c, p in variant.powers.items() if p.playable)[:players])
    # adjacency is the shared hex edge, from the coordinates: a GM's own tile list needs no lists
    at = {h: c for c, h in cell.items()}
    army = {c: frozenset(at[h] for h in neighbours(cell[c]) if h in at) for c in kept}
    lookup = {name: code for name, code in variant.lookup.items() if code in kept}
    return dataclasses.replace(
        variant, provinces=kept, powers=powers, army_adjacency=army, fleet_adjacency={}, lookup=lookup,
        options={**variant.options, "players": players}, map_svg=base_map_svg(kept),
    )
