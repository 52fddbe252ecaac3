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

from gm_tools.publish.markers import Box

_ID = re.compile(r' id="[^"]*"')
MARGIN = 30.0
"""Map pixels around the region whose content is still drawn (a label or arrow crossing in)."""


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
