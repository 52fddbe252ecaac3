"""The hex board of The Peace of Westphalia: which hexes are in play and how they touch.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Lay out the Map': 'The hex tiles that will be played
with will be clearly marked, depending on how many Players are playing, with 9 tiles per
Player.' The printed map was lost; the board is a compact patch of hexes in axial coordinates
(q, r), pointy side up, grown ring by ring from the middle, so 9 x N hexes for N players are the
first 9 x N of one spiral and every smaller board sits inside the larger ones. Pure geometry:
the names and the order live in ``variants/westphalia/provinces.toml``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]

DIRECTIONS: tuple[tuple[str, Hex], ...] = (
    ("east", (1, 0)), ("north-east", (1, -1)), ("north-west", (0, -1)),
    ("west", (-1, 0)), ("south-west", (-1, 1)), ("south-east", (0, 1)),
)
"""The six neighbours of a hex, and the six board edges ('the six board edges' a Foreign
Power's home province is placed on), each named by the side it faces."""

HEXES_PER_PLAYER = 9
"""'with 9 tiles per Player'."""


def spiral(count: int) -> list[Hex]:
    """The first ``count`` hexes of the spiral: the middle, then ring after ring, each ring
    starting at its south-west corner and going round anticlockwise on the screen."""
    out: list[Hex] = [(0, 0)]
    radius = 1
    while len(out) < count:
        q, r = -radius, radius  # south-west corner: DIRECTIONS[4] * radius
        for _, (dq, dr) in DIRECTIONS:
            for _ in range(radius):
                out.append((q, r))
                q, r = q + dq, r + dr
        radius += 1
    return out[:count]


def neighbours(cell: Hex) -> list[Hex]:
    return [(cell[0] + dq, cell[1] + dr) for _, (dq, dr) in DIRECTIONS]


def touching(a: Hex, b: Hex) -> bool:
    """Do two hexes share an edge ('adjacency by shared hex edge')?"""
    return b in neighbours(a)


def contiguous(cells: Iterable[Hex]) -> bool:
    """Can one walk from any of ``cells`` to any other through shared edges, staying inside?"""
    cells = set(cells)
    if not cells:
        return True
    start = next(iter(cells))
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for there in neighbours(here):
            if there in cells and there not in seen:
                seen.add(there)
                frontier.append(there)
    return seen == cells


def has_vertex_triangle(cells: Iterable[Hex]) -> bool:
    """Do three of ``cells`` 'touch each other at a vertex': three hexes each touching the
    other two meet at one corner."""
    cells = sorted(set(cells))
    return any(touching(a, b) and touching(b, c) and touching(a, c)
               for i, a in enumerate(cells) for j, b in enumerate(cells[i + 1:], i + 1) for c in cells[j + 1:])


def edges(cells: Iterable[Hex]) -> dict[str, list[Hex]]:
    """Edge name -> the board's hexes along it: those whose neighbour on that side is off the board."""
    cells = set(cells)
    return {name: sorted(c for c in cells if (c[0] + dq, c[1] + dr) not in cells) for name, (dq, dr) in DIRECTIONS}


def centre(cell: Hex, size: float) -> tuple[float, float]:
    """The hex's middle in pixels (pointy side up, ``size`` from the middle to a corner)."""
    q, r = cell
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def corners(cell: Hex, size: float) -> list[tuple[float, float]]:
    x, y = centre(cell, size)
    return [(x + size * math.cos(math.radians(60 * i - 30)), y + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]
