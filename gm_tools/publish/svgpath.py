"""Path data of straight segments read into points: the outlines the maps are drawn with.

The base maps' regions are closed rings of ``M``, ``L``, ``H``, ``V`` and ``Z`` (absolute or
relative), most written by the map generator as ``M x y l dx dy ... Z``. Two parts of the site
read them: the inset (:mod:`gm_tools.publish.inset`, a fragment's box, to leave out what the
inset's region cannot show) and the provinces' names over the PNG
(:mod:`gm_tools.publish.mapareas`, the outlines themselves). Path data with any other command
is not read here (None): the inset then always draws the fragment, the names' file says so.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import accumulate

from gm_tools.publish.markers import Box

_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PAIR = r"\s*[-+]?[\d.]+(?:[\s,]*[-+]?[\d.]+)"
_RING = re.compile(rf"M({_PAIR})\s*l((?:{_PAIR})*)\s*[Zz]")
_PLAIN = re.compile(rf"(?:\s*M{_PAIR}\s*l(?:{_PAIR})*\s*[Zz])+\s*")
"""Path data of rings each ``M x y``, then ``l`` and its relative steps, then ``Z``."""
_SIZES = {"M": 2, "L": 2, "H": 1, "V": 1}
"""How many numbers each command reads."""

Ring = list[tuple[float, float]]


class PathError(ValueError):
    """Path data :func:`read_rings` does not read, with why in words."""


def _step(origin: float, delta: float) -> float:
    # Relative steps are summed in floats and rounded far below a pixel, so that two
    # neighbours writing the same border point reach the same float (the map check's pixel
    # count gives no pixel centre on their border to both or to neither).
    return round(origin + delta, 6)


def read_rings(d: str) -> list[Ring]:
    """The rings of path data, each the points visited from a move to the next move or close
    (a close returns to the ring's first point). Raises :class:`PathError` for a command other
    than M, L, H, V and Z, or a number missing."""
    if _PLAIN.fullmatch(d):  # the generator's rings, read by one pattern and running sums
        out = []
        for start, steps in _RING.findall(d):
            x0, y0 = (float(v) for v in _NUMBER.findall(start))
            moves = [float(v) for v in _NUMBER.findall(steps)]
            out.append(list(zip(accumulate(moves[0::2], _step, initial=x0),
                                accumulate(moves[1::2], _step, initial=y0))))
        return out
    tokens = _TOKEN.findall(d)  # separators (spaces, commas) fall between the tokens
    out: list[Ring] = []
    ring: Ring = []
    x = y = 0.0
    command, i = "", 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            command = t
            i += 1
            if command in "Zz":
                if ring:
                    out.append(ring)
                    x, y = ring[0]
                ring = []
            elif command.upper() not in _SIZES:
                raise PathError(f"path command {command!r} found; expected straight segments (M L H V Z)")
            elif command in "Mm" and ring:
                out.append(ring)
                ring = []
            continue
        if not command:
            raise PathError("path data starts with a number, expected M")
        size = _SIZES.get(command.upper())
        if size is None or i + size > len(tokens) or any(v.isalpha() for v in tokens[i:i + size]):
            raise PathError("path data ends where a number was expected")
        values = [float(v) for v in tokens[i:i + size]]
        i += size
        relative = command.islower()
        upper = command.upper()
        if upper == "H":
            x = _step(x, values[0]) if relative else values[0]
        elif upper == "V":
            y = _step(y, values[0]) if relative else values[0]
        else:
            x, y = (_step(x, values[0]), _step(y, values[1])) if relative else (values[0], values[1])
        ring.append((x, y))
        if upper == "M":
            command = "l" if relative else "L"  # further pairs are lines
    if ring:
        out.append(ring)
    return out


def rings(d: str) -> list[Ring] | None:
    """:func:`read_rings`, or None for path data it does not read."""
    try:
        return read_rings(d)
    except PathError:
        return None


@lru_cache(maxsize=4096)
def path_box(d: str) -> Box | None:
    """The bounding box of the path's points, or None when :func:`rings` does not read it."""
    found = rings(d)
    points = [p for ring in found or () for p in ring]
    if not points:
        return None
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs), max(ys))
