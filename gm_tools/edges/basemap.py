"""The base map of a variant: province regions and anchor points, read from ``map.svg``.

A base map is drawn once per variant by the generator in ``tools/mapgen/`` and committed as
``variants/<name>/map.svg`` (format in ``variants/README.md``, section "Base map").
:func:`parse_base_map` turns that SVG text into a :class:`BaseMap` (pure);
:func:`load_base_map` is the file edge that reads it. When a variant has no map yet,
:func:`schematic_map` lays its provinces out as a labelled grid so that there is always a
picture to show.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from gm_tools.errors import VariantDataError
from gm_tools.engine.variant import SEA, Variant

SVG_NS = "http://www.w3.org/2000/svg"
ANCHOR_ROLES = ("unit", "dislodged", "sc", "label")
"""Anchor roles of a province: where its unit stands, where a dislodged unit is drawn,
where the supply-center marker goes, where its name is written. A coast has ``unit`` and
``label`` only."""

@dataclass(frozen=True)
class BaseMap:
    """What the renderer needs of a base map."""

    width: float
    """Width of the drawing area in SVG user units (px)."""
    height: float
    """Height of the drawing area in SVG user units (px)."""
    regions: dict[str, str]
    """Province code -> SVG path data of its closed region."""
    impassable: dict[str, str] = field(default_factory=dict)
    """Code -> path data of areas no unit may enter (Switzerland in standard)."""
    decor_land: tuple[str, ...] = ()
    """Path data of land that is no province (unseeded islands, Africa beyond the map's
    provinces); drawn for a recognisable coastline only."""
    decor_water: tuple[str, ...] = ()
    """Path data of water that is no province (a lake such as the Caspian)."""
    anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    """``"PAR.unit"``, ``"PAR.sc"``, ``"SPA.NC.unit"``... -> (x, y)."""
    schematic: bool = False
    """True for the generated grid picture used while a variant has no ``map.svg``."""

    def anchor(self, location: str, role: str) -> tuple[float, float]:
        """The point for a location (``"PAR"`` or ``"SPA/NC"``) and role, falling back from
        a coast to its province and from any role to the province's unit anchor."""
        key = location.replace("/", ".")
        for candidate in (f"{key}.{role}", f"{key.split('.')[0]}.{role}", f"{key.split('.')[0]}.unit"):
            if candidate in self.anchors:
                return self.anchors[candidate]
        raise KeyError(f"base map has no anchor for {location} ({role})")


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def parse_base_map(svg_text: str, source: str = "map.svg", variant_name: str = "") -> BaseMap:
    """Read a base map from SVG text (see ``variants/README.md``, "Base map").

    Regions are ``<path>`` elements with ``class`` ``land``, ``coast`` or ``sea`` (or
    ``impassable``) and the province code as ``id``; anchors are elements with class
    ``anchor`` and ``cx``/``cy`` (or ``x``/``y``), id ``CODE.role`` or ``CODE.COAST.role``.
    """
    try:
        root = ET.fromstring(svg_text)
    except ET.ParseError as e:
        raise VariantDataError(variant_name or source, [f"{source}: not valid SVG/XML: {e}"]) from None
    problems: list[str] = []
    view_box = root.get("viewBox", "")
    numbers = [float(n) for n in _NUMBER.findall(view_box)]
    if len(numbers) != 4:
        problems.append(f"{source}: root <svg> needs viewBox='0 0 W H', found {view_box!r}")
        numbers = [0, 0, 0, 0]
    regions: dict[str, str] = {}
    impassable: dict[str, str] = {}
    anchors: dict[str, tuple[float, float]] = {}
    decor_land: list[str] = []
    decor_water: list[str] = []
    for element in root.iter():
        classes = set((element.get("class") or "").split())
        ident = element.get("id")
        if _tag(element) == "path" and classes & {"decor-land", "decor-water"}:
            (decor_land if "decor-land" in classes else decor_water).append(element.get("d", ""))
        elif _tag(element) == "path" and classes & {"land", "coast", "sea", "impassable"}:
            if not ident:
                problems.append(f"{source}: a region <path class={element.get('class')!r}> has no id")
                continue
            target = impassable if "impassable" in classes else regions
            if ident in regions or ident in impassable:
                problems.append(f"{source}: region {ident} is drawn twice")
            target[ident] = element.get("d", "")
        elif "anchor" in classes:
            x = element.get("cx", element.get("x"))
            y = element.get("cy", element.get("y"))
            if not ident or x is None or y is None:
                problems.append(f"{source}: anchor {ident!r} needs an id and cx/cy")
                continue
            try:
                anchors[ident] = (float(x), float(y))
            except ValueError:
                problems.append(f"{source}: anchor {ident} has coordinates {x!r}, {y!r}, expected numbers")
    if problems:
        raise VariantDataError(variant_name or source, problems)
    return BaseMap(width=numbers[2], height=numbers[3], regions=regions, impassable=impassable, anchors=anchors,
                   decor_land=tuple(decor_land), decor_water=tuple(decor_water))


def map_path(variant_name: str) -> Path:
    """Where a shipped variant's base map file lives (for the generator and the map check's
    own files; the game reads the map from :attr:`Variant.map_svg`)."""
    from gm_tools.edges.variants import variants_dir

    return variants_dir() / variant_name / "map.svg"


@lru_cache(maxsize=16)
def _parse(svg_text: str, variant_name: str) -> BaseMap:
    # Parsing a whole map takes a while and every phase page asks for it: keyed by the text
    # itself, so a regenerated map (a new Variant) is parsed again.
    return parse_base_map(svg_text, source=f"{variant_name}/map.svg", variant_name=variant_name)


def load_base_map(variant: Variant) -> BaseMap:
    """The variant's base map (its ``map.svg``), or the schematic grid if it has none yet."""
    if not variant.map_svg:
        return schematic_map(variant)
    return _parse(variant.map_svg, variant.name)


# --- the schematic fallback ---------------------------------------------------------------

_CELL_W = 110.0
_CELL_H = 80.0


def schematic_map(variant: Variant) -> BaseMap:
    """Provinces as a grid of labelled boxes (land first, then seas), by code.

    Not a map: a stand-in that shows every unit and order until the variant has a real
    base map. Pure: depends on the variant only.
    """
    codes = sorted(variant.provinces, key=lambda c: (variant.provinces[c].type == SEA, c))
    columns = max(1, math.ceil(math.sqrt(len(codes) * 1.6)))
    rows = max(1, math.ceil(len(codes) / columns))
    regions: dict[str, str] = {}
    anchors: dict[str, tuple[float, float]] = {}
    for i, code in enumerate(codes):
        x0 = (i % columns) * _CELL_W
        y0 = (i // columns) * _CELL_H
        regions[code] = f"M{x0:.1f} {y0:.1f}h{_CELL_W:.1f}v{_CELL_H:.1f}h{-_CELL_W:.1f}Z"
        anchors[f"{code}.label"] = (x0 + _CELL_W / 2, y0 + 14)
        anchors[f"{code}.unit"] = (x0 + _CELL_W / 2, y0 + 44)
        anchors[f"{code}.dislodged"] = (x0 + _CELL_W / 2 + 26, y0 + 30)
        anchors[f"{code}.sc"] = (x0 + 14, y0 + _CELL_H - 12)
        coasts = variant.provinces[code].coasts
        for j, coast in enumerate(coasts):
            cx = x0 + _CELL_W * (j + 1) / (len(coasts) + 1)
            anchors[f"{code}.{coast}.unit"] = (cx, y0 + 56)
            anchors[f"{code}.{coast}.label"] = (cx, y0 + _CELL_H - 6)
    return BaseMap(
        width=columns * _CELL_W, height=rows * _CELL_H, regions=regions, anchors=anchors, schematic=True
    )
