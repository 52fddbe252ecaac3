"""The enlarged inset of a crowded region (``variant.toml [map] inset``), drawn below the map.

The inset repeats the map's own drawing, scaled up and clipped by a nested ``<svg>`` whose
``viewBox`` is the region, so units, orders and colours are the phase's. Only what can show
in the region is repeated: each fragment the renderer adds may carry a box, and a fragment
whose box lies outside the region is left out (the outlines of Spain are not drawn again for
a view of Saxony), which keeps the PNG's cost close to the map's alone. Ids are dropped from
the copies, so the document's ids stay unique.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gm_tools.publish.labels import Box

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"[MmLlHhVvZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ID = re.compile(r' id="[^"]*"')
MARGIN = 30.0
"""Map pixels around the region whose content is still drawn (a label or arrow crossing in)."""


@lru_cache(maxsize=4096)
def path_box(d: str) -> Box | None:
    """The bounding box of path data made of M, L, H, V (absolute or relative) and Z; None
    when it has another command (then the fragment is always drawn)."""
    tokens = _COMMAND.findall(d)
    if len(tokens) != len(re.findall(r"[A-Za-z]", d)) + len(_NUMBER.findall(d)):
        return None
    x = y = sx = sy = 0.0
    xs, ys = [], []
    command, i = "", 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            command = t
            i += 1
            if command in "Zz":
                x, y = sx, sy
            continue
        if command in "MLml":
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            if command.isupper():
                x, y = dx, dy
            else:
                x, y = x + dx, y + dy
            if command in "Mm":
                sx, sy = x, y
                command = "L" if command == "M" else "l"
            i += 2
        elif command in "Hh":
            x = float(t) + (x if command == "h" else 0.0)
            i += 1
        elif command in "Vv":
            y = float(t) + (y if command == "v" else 0.0)
            i += 1
        else:
            return None
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return Box(min(xs), min(ys), max(xs), max(ys))


def around(x: float, y: float, half_w: float, half_h: float) -> Box:
    return Box(x - half_w, y - half_h, x + half_w, y + half_h)


def region_of(inset: dict) -> Box:
    return Box(inset["x"] - MARGIN, inset["y"] - MARGIN, inset["x"] + inset["width"] + MARGIN,
               inset["y"] + inset["height"] + MARGIN)


def inset_content(parts: list[str], boxes: list[Box | None], inset: dict) -> str:
    """The fragments of the map layer that can show in the region, without their ids."""
    region = region_of(inset)
    kept = []
    for fragment, box in zip(parts, boxes):
        if box is None or (box.x1 >= region.x0 and box.x0 <= region.x1 and box.y1 >= region.y0 and box.y0 <= region.y1):
            kept.append(_ID.sub("", fragment))
    # a line each, as on the map itself: a page's map layer changes the lines a phase changes
    return "\n".join(kept)
