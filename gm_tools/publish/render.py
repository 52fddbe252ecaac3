"""Draw the board as SVG: regions coloured by owner, supply centers, units, orders, legend.

:func:`render_svg` is a pure function of the variant, the position, the orders and their
results, and the options: it reads no file and returns the same bytes for the same input
(fixed float formatting, no generated ids, everything in a fixed order). The base map
(regions and anchor points) comes in :class:`RenderOptions`. When none is given, the
renderer parses the variant's own base map (:attr:`Variant.map_svg`, read by the loader
with the rest of the variant's data; :func:`gm_tools.edges.basemap.load_base_map` caches the
parse) or, for a variant without one, lays the provinces out as a labelled grid
(:func:`gm_tools.edges.basemap.schematic_map`), so there is always a picture.

Failed orders are drawn dashed and crossed out, never told apart by colour alone; all font
sizes are in px because cairosvg draws ``%`` and ``em`` sizes wrongly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gm_tools.edges.basemap import BaseMap, load_base_map
from gm_tools.edges.layout import phase_name
from gm_tools.edges.xmltext import escape
from gm_tools.errors import UserError, VariantDataError
from gm_tools.engine.model import (
    ARMY,
    Disband,
    Order,
    Retreat,
    OrderResult,
    Position,
    Unit,
    order_text,
    province_of,
)
from gm_tools.engine.phase import PhaseError
from gm_tools.engine.variant import SEA, Variant
from gm_tools.publish.inset import inset_content
from gm_tools.publish.svgpath import path_box
from gm_tools.publish.labels import CHAR_WIDTH
from gm_tools.publish.legend import LEGEND_ROW, Legend, legend_for
from gm_tools.publish.maphooks import styles as _styles
from gm_tools.publish.maphooks import unit_marks as _unit_marks
from gm_tools.publish.markers import WORD, WORD_RISE, WORD_SIZE, around, value_spot
from gm_tools.publish.orderart import draw_order, is_failed
from gm_tools.publish.svgbits import INK, UNIT_R
from gm_tools.publish.svgbits import port_anchor as _anchor
from gm_tools.publish.svgbits import num as _f
from gm_tools.publish.svgbits import shorten as _shorten
from gm_tools.publish.svgbits import svg_text as _text
from gm_tools.publish.style import HOME_TINT, NEUTRAL_FILL, ProvinceStyle, mix, valid_colour

# --- look ------------------------------------------------------------------------------------

SEA_FILL = "#c9dff0"
DECOR_FILL = "#dcd7cb"
IMPASSABLE_FILL = "#b9ada0"
BORDER = "#5a5040"
TITLE_HEIGHT = 44.0
INSET_CAPTION = 26.0
"""Height of the caption line above an inset."""
OWNED_TINT = 0.25
"""How far toward white an owned center's fill is mixed from the owner's colour."""


@dataclass(frozen=True)
class RenderOptions:
    """Choices about the picture that are not game state."""

    base_map: BaseMap | None = None
    """The base map to draw on; None for the variant's own (its ``map.svg``, or the
    schematic grid when it has none)."""
    labels: bool = True
    """Write each province's code on the map."""
    legend: bool = True
    """Draw the legend strip under the map (powers, colours, center counts, symbol key)."""


# --- the picture ----------------------------------------------------------------------------------

_MEMOS: dict[tuple[int, int], tuple[Variant, BaseMap, dict]] = {}
"""(variant, base map) -> the fragments already drawn for it (:func:`_memo`)."""
MEMO_LIMIT = 20000
"""Fragments kept per variant and base map; past this the memory starts again."""


def _memo(variant: Variant, base: BaseMap) -> dict:
    """The fragments drawn before for ``variant`` on ``base``, by what they are drawn from: a
    site build draws a game's phases one after another, and most of a picture (the provinces,
    their names, the units that did not move) is the same as the last one's. Kept for the few
    variants last drawn, and checked by identity, so another variant object never shares them."""
    key = (id(variant), id(base))
    hit = _MEMOS.get(key)
    if hit is not None and hit[0] is variant and hit[1] is base:
        if len(hit[2]) > MEMO_LIMIT:
            hit[2].clear()
        return hit[2]
    if len(_MEMOS) >= 8:
        _MEMOS.pop(next(iter(_MEMOS)))
    memo: dict = {}
    _MEMOS[key] = (variant, base, memo)
    return memo


class _Drawing:
    """Collects SVG fragments for one picture; knows the variant, map and colours."""

    def __init__(self, variant: Variant, position: Position, base: BaseMap):
        self.variant = variant
        self.position = position
        self.base = base
        self.parts: list[str] = []
        self.colours = {code: valid_colour(p.colour) for code, p in variant.powers.items()}
        self.missing: set[str] = set()
        self.marks: dict[str, str] = {}
        """Province -> a letter for its unit's badge (:func:`_unit_marks`)."""
        self.boxes: list = []
        """Per fragment: where on the map it draws, or None (:mod:`gm_tools.publish.inset`)."""
        self.memo = _memo(variant, base)
        self.inset_of_map = variant.map_inset if not base.schematic else None
        """The crowded region drawn again below the map, or None: only then are the
        outlines' boxes worked out (reading every outline's numbers took a tenth of a second)."""
        self.spots = None
        """Province -> where its dislodged unit is drawn (:mod:`gm_tools.publish.dislodged`),
        worked out the first time a dislodged unit is drawn."""

    def colour(self, power: str) -> str:
        return self.colours.get(power, "#888888")

    def at(self, location: str, role: str = "unit") -> tuple[float, float]:
        if role == "dislodged" and (spot := self.dislodged_spot(province_of(location))) is not None:
            return spot.x, spot.y
        try:
            return self.base.anchor(location, role)
        except KeyError:
            self.missing.add(location)
            return (0.0, 0.0)

    def dislodged_spot(self, province: str):
        """Where ``province``'s dislodged unit goes, clear of its neighbours and of the other
        dislodged units; None when none is dislodged there or the map lacks anchors (reported
        as the map's error)."""
        if province not in self.position.dislodged:
            return None
        if self.spots is None:
            from gm_tools.publish.dislodged import place_dislodged

            occupied = [unit.location for unit in self.position.units.values()]
            self.spots = place_dislodged(self.variant, self.base, self.position.dislodged, occupied)
        return self.spots.get(province)

    def add(self, fragment: str, box=None) -> None:
        self.parts.append(fragment)
        self.boxes.append(box)

    def outline_box(self, d: str):
        """Where the path ``d`` draws, for the inset; None when the map has none."""
        return path_box(d) if self.inset_of_map else None

    # --- regions --------------------------------------------------------------------------

    def province_fill(self, code: str) -> str:
        key = ("fill", code, self.position.centers.get(code))
        fill = self.memo.get(key)
        if fill is None:
            fill = self.memo[key] = self._province_fill(code)
        return fill

    def _province_fill(self, code: str) -> str:
        province = self.variant.provinces.get(code)
        if province is None:
            return NEUTRAL_FILL
        if province.type == SEA:
            return SEA_FILL
        owner = self.position.centers.get(code)
        if province.supply_center and owner:
            return mix(self.colour(owner), OWNED_TINT)
        # a home center, or a home province that is no center (``domain``, see
        # variants/README.md): land is coloured by the power it belongs to, as on the printed maps
        home = province.home or province.extra.get("domain")
        if home in self.colours:
            return mix(self.colour(home), HOME_TINT)
        return NEUTRAL_FILL

    def section(self, key: tuple, draw) -> None:
        """The fragments ``draw()`` adds, kept under ``key`` (everything they are drawn from)
        and added again at once the next time: most of a game's pictures share their
        provinces' colours and their centers' owners with the one before."""
        kept = self.memo.get(key)
        if kept is None:
            start, missing = len(self.parts), len(self.missing)
            draw()
            kept = (self.parts[start:], self.boxes[start:])
            if len(self.missing) == missing:  # a missing anchor is reported, not kept
                self.memo[key] = kept
            del self.parts[start:], self.boxes[start:]
        self.parts.extend(kept[0])
        self.boxes.extend(kept[1])

    def regions(self, styles: dict[str, ProvinceStyle]) -> None:
        key = ("regions", frozenset(self.position.centers.items()), tuple(sorted(styles.items())))
        self.section(key, lambda: self._regions(styles))

    def _regions(self, styles: dict[str, ProvinceStyle]) -> None:
        memo = self.memo
        # even-odd, as map.svg and the map check read it: an island is a hole in its sea
        self.add('<g id="regions" stroke-linejoin="round" fill-rule="evenodd">')
        decor = memo.get("decor")
        if decor is None:
            # land and water of no province: only there so the coastline is recognisable
            decor = memo["decor"] = (
                [(f'<path d="{d}" fill="{SEA_FILL}" stroke="{BORDER}" stroke-width="0.5"/>', self.outline_box(d))
                 for d in self.base.decor_water]
                + [(f'<path d="{d}" fill="{DECOR_FILL}" stroke="{BORDER}" stroke-width="0.5"/>', self.outline_box(d))
                   for d in self.base.decor_land])
        for fragment, box in decor:
            self.add(fragment, box)
        codes = memo.get("codes")
        if codes is None:
            # seas first, so land borders are drawn on top of sea borders
            codes = memo["codes"] = sorted(self.base.regions, key=lambda c: (self._is_land(c), c))
        for code in codes:
            style = styles.get(code)
            fill = (style.fill if style and style.fill else None) or self.province_fill(code)
            key = ("region", code, fill, style)
            fragments = memo.get(key)
            if fragments is None:
                fragments = memo[key] = self._region(code, fill, style)
            for fragment, box in fragments:
                self.add(fragment, box)
        for code in sorted(self.base.impassable):
            self.add(
                f'<path id="{escape(code)}" d="{self.base.impassable[code]}" fill="url(#impassable)" '
                f'stroke="{BORDER}" stroke-width="0.8"><title>{escape(code)} (impassable)</title></path>'
            )
        self.add("</g>")

    def _region(self, code: str, fill: str, style: ProvinceStyle | None) -> list[tuple[str, object]]:
        """A province's fragments (outline, hatching, note's outline), each with its box."""
        province = self.variant.provinces.get(code)
        name = province.name if province else code
        d = self.base.regions[code]
        box = self.outline_box(d)
        out = [(f'<path id="{escape(code)}" d="{d}" fill="{fill}" '
                f'stroke="{BORDER}" stroke-width="{_f(0.8 if self._is_land(code) else 0.5)}">'
                f"<title>{escape(name)}</title></path>", box)]
        if style and style.hatch:
            out.append((f'<path d="{d}" fill="url(#hatch-{style.hatch[1:]})" stroke="none"/>', box))
        if style and style.note:
            out.append((f'<path class="note" d="{d}" fill="none" stroke="{INK}" '
                        f'stroke-width="1.6" stroke-dasharray="4,3"/>', box))
        return out

    def _is_land(self, code: str) -> bool:
        province = self.variant.provinces.get(code)
        return province is not None and province.type != SEA

    def labels(self, styles: dict[str, ProvinceStyle]) -> None:
        key = ("labels", tuple((code, s.marker, s.marker_colour, s.note) for code, s in sorted(styles.items())
                               if s.marker or s.note))
        self.section(key, lambda: self._labels(styles))

    def _labels(self, styles: dict[str, ProvinceStyle]) -> None:
        from gm_tools.publish.labels import place_labels

        # placed clear of each other and of every unit and center marker (gm_tools/publish/labels.py)
        placed = place_labels(self.variant, self.base)
        if not placed:
            for code in self.variant.provinces:
                self.at(code, "label")  # records the missing anchors, reported as the map's error
            return
        self.add('<g id="labels">')
        for code in sorted(self.variant.provinces):
            province = self.variant.provinces[code]
            spot = placed[code]
            x, y = spot.x, spot.y
            if spot.leader:
                box = spot.box
                # from the box's nearest point to the province's own label anchor
                lx = min(max(spot.leader[0], box.x0), box.x1)
                ly = min(max(spot.leader[1], box.y0), box.y1)
                self.add(f'<line class="leader" x1="{_f(spot.leader[0])}" y1="{_f(spot.leader[1])}" '
                         f'x2="{_f(lx)}" y2="{_f(ly)}" stroke="{INK}" stroke-width="0.7"/>')
            text = code
            style = styles.get(code)
            if style and style.marker and not style.marker_colour:
                text = f"{code} {style.marker}"
            self.add(_text(x, y, text, 10, weight="bold" if province.type != SEA else "normal",
                           fill=INK if province.type != SEA else "#2c4a66", halo=province.type != SEA),
                     around(x, y, 40, 20))
            if style and style.marker and style.marker_colour:
                # a coloured marker is its own text right of the label, large enough to tell its colour
                mx = x + 3.4 * len(code) + 9
                self.add(_text(mx, y + 2, style.marker, 15, weight="bold", fill=style.marker_colour, halo=True))
            if style and style.note:
                self.add(_text(x, y + 11, style.note, 8, fill=INK, halo=True))
            if province.extra.get("port"):
                # a port ('a coastal province that has a port (anchor)'): an anchor left of the label
                self.add(_anchor(x - 3.4 * len(code) - 7, y - 4))
            for coast in province.coasts:
                cx, cy = self.at(f"{code}/{coast}", "label")
                self.add(_text(cx, cy + 3, coast.lower(), 8, fill="#2c4a66"))
        self.add("</g>")

    def inset(self, top: float, width: float, inset: dict, content: str) -> float:
        """The crowded region ``inset`` (variant.toml ``[map] inset``) drawn again enlarged
        below the map, from the map's own fragments (:mod:`gm_tools.publish.inset`), with its frame on the map.
        Returns the panel's height."""
        x, y, w, h, scale = (inset[k] for k in ("x", "y", "width", "height", "scale"))
        left = max((width - w * scale) / 2, 0.0)
        height = INSET_CAPTION + h * scale + 8
        self.add(f'<rect x="{_f(x)}" y="{_f(TITLE_HEIGHT + y)}" width="{_f(w)}" height="{_f(h)}" fill="none" '
                 f'stroke="{INK}" stroke-width="1.2" stroke-dasharray="6,4"/>')
        self.add(f'<g id="inset-panel"><rect x="0.0" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" '
                 f'fill="#faf7ef"/>')
        caption = f"{inset['title'] or 'Detail'} (\u00d7{scale:g}; dashed frame on the map)"
        self.add(_text(left, top + 17, caption, 13, anchor="start", weight="bold"))
        self.add(f'<svg id="inset" x="{_f(left)}" y="{_f(top + INSET_CAPTION)}" width="{_f(w * scale)}" '
                 f'height="{_f(h * scale)}" viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}">\n{content}\n</svg>')
        self.add(f'<rect x="{_f(left)}" y="{_f(top + INSET_CAPTION)}" width="{_f(w * scale)}" '
                 f'height="{_f(h * scale)}" fill="none" stroke="{INK}" stroke-width="1.5"/></g>')
        return height

    def centers(self) -> None:
        self.section(("centers", frozenset(self.position.centers.items())), self._centers)

    def _centers(self) -> None:
        self.add('<g id="centers">')
        # a center the rules create during play (Europe 1615's Catalan secession) is drawn once
        # the position owns it
        for code in sorted(set(self.variant.supply_centers()) | {c for c in self.position.centers
                                                                 if c in self.variant.provinces}):
            owner = self.position.centers.get(code)
            key = ("center", code, owner)
            fragments = self.memo.get(key)
            if fragments is None:
                fragments = self._center(code, owner)
                if code not in self.missing:
                    self.memo[key] = fragments
            for fragment, box in fragments:
                self.add(fragment, box)
        self.add("</g>")

    def _center(self, code: str, owner: str | None) -> list[tuple[str, object]]:
        province = self.variant.provinces[code]
        x, y = self.at(code, "sc")
        fill = self.colour(owner) if owner else "#ffffff"
        out = [(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5.0" fill="{fill}" stroke="{INK}" stroke-width="1.2"/>'
                f'<circle cx="{_f(x)}" cy="{_f(y)}" r="1.8" fill="{INK}"/>', around(x, y, 6, 6))]
        if province.value != 1:
            # on the side of the marker where the units standing by cover it least
            from gm_tools.publish.labels import units_near

            vx, vy, side, box = value_spot((x, y), units_near(self.variant, self.base, (x, y)), str(province.value))
            out.append((_text(vx, vy, str(province.value), 10, anchor=side, weight="bold", halo=True), box))
        return out

    # --- units -----------------------------------------------------------------------------

    def unit_symbol(self, unit: Unit, x: float, y: float, *, dislodged: bool = False, ghost: bool = False,
                    mark: str | None = None) -> str:
        key = ("unit", unit, x, y, dislodged, ghost, mark)
        symbol = self.memo.get(key)
        if symbol is None:
            symbol = self.memo[key] = self._unit_symbol(unit, x, y, dislodged=dislodged, ghost=ghost, mark=mark)
        return symbol

    def _unit_symbol(self, unit: Unit, x: float, y: float, *, dislodged: bool, ghost: bool, mark: str | None) -> str:
        colour = self.colour(unit.power)
        stroke = INK
        dash = ' stroke-dasharray="3,2"' if dislodged else ""
        opacity = ' opacity="0.55"' if ghost else ""
        r = UNIT_R
        if unit.kind == ARMY:
            shape = (
                f'<rect x="{_f(x - r)}" y="{_f(y - r * 0.75)}" width="{_f(2 * r)}" height="{_f(1.5 * r)}" '
                f'rx="3.0" fill="{colour}" stroke="{stroke}" stroke-width="1.5"{dash}/>'
            )
        else:
            # a hull: flat deck, narrower keel
            points = [(x - r * 1.15, y - r * 0.55), (x + r * 1.15, y - r * 0.55), (x + r * 0.7, y + r * 0.7),
                      (x - r * 0.7, y + r * 0.7)]
            shape = (
                f'<polygon points="{" ".join(f"{_f(px)},{_f(py)}" for px, py in points)}" fill="{colour}" '
                f'stroke="{stroke}" stroke-width="1.5"{dash}/>'
            )
        letter = _text(x, y + 4, unit.kind, 11, weight="bold", fill=_ink_on(colour))
        badge = ""
        if unit.strength > 1:
            bx, by = x + r, y - r
            badge = (
                f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="7.5" fill="#ffffff" stroke="{INK}" stroke-width="1.0"/>'
                + _text(bx, by + 3.5, mark or f"+{unit.strength - 1}", 9, weight="bold")
            )
        named = f" ({mark}, strength {unit.strength})" if mark and unit.strength > 1 else ""
        title = f"<title>{escape(self._power_name(unit.power))} {escape(str(unit))}{escape(named)}</title>"
        return f"<g{opacity}>{title}{shape}{letter}{badge}</g>"

    def _power_name(self, power: str) -> str:
        p = self.variant.powers.get(power)
        return p.adjective if p else power

    def units(self) -> None:
        self.add('<g id="units">')
        memo, marks = self.memo, self.marks
        for province in sorted(self.position.units):
            unit = self.position.units[province]
            key = ("placed", unit, marks.get(province))
            placed = memo.get(key)  # a unit that has not moved is drawn as it was: one look-up
            if placed is None:
                x, y = self.at(unit.location, "unit")
                placed = (self.unit_symbol(unit, x, y, mark=key[2]), around(x, y, 20, 20))
                if unit.location not in self.missing:
                    memo[key] = placed
            self.add(*placed)
        self.add("</g>")

    def dislodged(self) -> None:
        if not self.position.dislodged:
            return
        self.add('<g id="dislodged">')
        for province in sorted(self.position.dislodged):
            entry = self.position.dislodged[province]
            x, y = self.at(province, "dislodged")
            spot = self.dislodged_spot(province)
            if spot is not None and spot.tie is not None:
                # moved well clear of a crowd: a line back to the province it was dislodged from
                (x1, y1), (x2, y2) = _shorten((x, y), spot.tie, UNIT_R, UNIT_R)
                self.add(f'<line class="tie" x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
                         f'stroke="{INK}" stroke-width="1.0"/>')
            for retreat in sorted(entry.retreats):
                # thin dotted lines to each place the unit may retreat to
                (x1, y1), (x2, y2) = _shorten((x, y), self.at(retreat), UNIT_R, 4)
                self.add(
                    f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{INK}" '
                    f'stroke-width="1.2" stroke-dasharray="1,3" stroke-linecap="round"/>'
                    f'<circle cx="{_f(x2)}" cy="{_f(y2)}" r="2.5" fill="#ffffff" stroke="{INK}" stroke-width="1.0"/>'
                )
            self.add(self.unit_symbol(entry.unit, x, y, dislodged=True))
            self.add(_text(x, y - WORD_RISE, WORD, WORD_SIZE, weight="bold", halo=True))
        self.add("</g>")

    # --- orders ----------------------------------------------------------------------------

    # --- title and legend ------------------------------------------------------------------

    def title(self, text: str, width: float) -> None:
        self.add(f'<rect x="0.0" y="0.0" width="{_f(width)}" height="{_f(TITLE_HEIGHT)}" fill="#faf7ef"/>')
        self.add(_text(12, 29, text, title_size(text, width), anchor="start", weight="bold"))

    def legend(self, top: float, layout: Legend) -> None:
        # the counts change once a year or so: the phases between draw the same lines
        self.section(("legend", top, layout.width, tuple(layout.powers), layout.key),
                     lambda: self._legend(top, layout))

    def _legend(self, top: float, layout: Legend) -> None:
        self.add(f'<g id="legend"><rect x="0.0" y="{_f(top)}" width="{_f(layout.width)}" '
                 f'height="{_f(layout.height)}" fill="#faf7ef"/>')
        for i, (colour, text) in enumerate(layout.powers):
            x = 12 + (i % layout.per_row) * layout.cell
            y = top + 8 + (i // layout.per_row) * LEGEND_ROW
            self.add(f'<rect x="{_f(x)}" y="{_f(y)}" width="18.0" height="18.0" fill="{colour}" '
                     f'stroke="{INK}" stroke-width="1.0"/>')
            self.add(_text(x + 24, y + 15, text, 12, anchor="start"))
        y = top + 8 + layout.power_rows * LEGEND_ROW
        for line in layout.key_lines:
            self.add(_text(12, y + 15, line, 11, anchor="start"))
            y += LEGEND_ROW
        self.add("</g>")


def title_size(text: str, width: float) -> float:
    """The title's font size: 20 px, smaller when the text would run past the map's right
    edge and be cut off (a long game and phase name over Westphalia's 600 px board), by the
    labels' estimate of a bold character's width; never under 10 px."""
    fits = (width - 2 * 12) / (len(text) * CHAR_WIDTH / 10)
    return max(10.0, min(20.0, math.floor(fits * 2) / 2))


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#ffffff"


def _notice(variant: Variant, position: Position) -> str:
    """What the rules put at the top left of the map (Europe 1615's counterbalance)."""
    from gm_tools.engine.rules import rules_for

    return f" — {n}" if (n := rules_for(variant).map_notice(variant, position)) else ""


def render_svg(variant: Variant, position: Position, **drawn) -> str:
    """The board as an SVG document (a string): :func:`render_lines` (which names what else is
    drawn: orders, results, title, one power's orders, options), joined."""
    return "\n".join(render_lines(variant, position, **drawn))


def render_lines(
    variant: Variant,
    position: Position,
    *,
    results: list[OrderResult] | None = None,
    orders: list[Order] | None = None,
    title: str = "",
    only_power: str | None = None,
    options: RenderOptions | None = None,
) -> list[str]:
    """The board as the lines of an SVG document, without their line ends (the last one
    empty; :func:`render_svg` joins them).

    ``orders`` (parsed orders) are drawn as arrows; ``results`` (matched to orders by power
    and canonical order text) mark the failed and invalid ones. ``only_power`` keeps only
    that power's orders. ``title`` names the game; the phase is added to it. The map layer is
    made from the lines (:mod:`gm_tools.publish.maplayer`): a line the renderer kept from an
    earlier picture is the same string object, so telling it equal to the base map's line
    costs nothing."""
    options = options or RenderOptions()
    base = options.base_map or load_base_map(variant)
    drawing = _Drawing(variant, position, base)
    drawing.marks = _unit_marks(variant, position)
    styles = _styles(variant, position)
    width = max(base.width, 600.0)

    legend = legend_for(variant, position, drawing.colours, width) if options.legend else None
    inset = drawing.inset_of_map
    inset_height = INSET_CAPTION + inset["height"] * inset["scale"] + 8 if inset else 0.0
    height = TITLE_HEIGHT + base.height + inset_height + (legend.height if legend else 0.0)

    header = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(width)} {_f(height)}">'
    )
    drawing.add(header)
    drawing.add(_defs(styles))
    drawing.add(f'<rect x="0.0" y="0.0" width="{_f(width)}" height="{_f(height)}" fill="{SEA_FILL}"/>')
    drawing.add(f'<g id="map" transform="translate(0,{_f(TITLE_HEIGHT)})">')
    map_start = len(drawing.parts)
    drawing.regions(styles)
    if options.labels:
        drawing.labels(styles)
    drawing.centers()
    drawing.units()
    drawing.dislodged()

    # drawn in a fixed order, so the caller's list order does not change the bytes
    wanted = sorted(((o.power, order_text(o), o) for o in (orders or [])
                     if only_power is None or o.power == only_power), key=lambda entry: entry[:2])
    by_text = {(r.power, r.order): r for r in (results or []) if only_power is None or r.power == only_power}
    drawing.add('<g id="orders">')
    for power, text, order in wanted:
        result = by_text.get((power, text))
        # the same order (its canonical text names it whole) with the same outcome is the same
        # drawing on any board, but a disband's, drawn where its unit was dislodged if it was
        disbanded = isinstance(order, Disband) and order.unit.province in position.dislodged
        # a retreat starts where its dislodged unit is drawn, which the board around it moves
        spot = drawing.dislodged_spot(order.unit.province) if isinstance(order, (Retreat, Disband)) else None
        drawing.section(("order", power, text, is_failed(result), disbanded, spot),
                        lambda: draw_order(drawing, order, result))
    drawing.add("</g>")
    map_end = len(drawing.parts)
    drawing.add("</g>")

    try:
        said = phase_name(variant.calendar, position.phase)
    except PhaseError:
        said = position.phase
    heading = f"{title or variant.title}: {said}" + _notice(variant, position)
    if only_power:
        power = variant.powers.get(only_power)
        heading += f" ({power.name if power else only_power} orders)"
    drawing.title(heading, width)
    if inset:
        content = inset_content(drawing.parts[map_start:map_end], drawing.boxes[map_start:map_end], inset)
        drawing.inset(TITLE_HEIGHT + base.height, width, inset, content)
    if legend:
        drawing.legend(TITLE_HEIGHT + base.height + inset_height, legend)
    drawing.add("</svg>")

    unknown = sorted(loc for loc in drawing.missing if province_of(loc) not in variant.provinces)
    if unknown:
        raise UserError(
            f"cannot draw phase {position.phase}: {', '.join(unknown)} "
            f"{'is no province' if len(unknown) == 1 else 'are no provinces'} of variant {variant.name!r} "
            "(a unit, dislodged unit or order names it)"
        )
    if drawing.missing:
        raise VariantDataError(
            variant.name,
            [f"map.svg: no anchor for {loc} (expected an element id {loc.replace('/', '.')}.unit)"
             for loc in sorted(drawing.missing)],
        )
    lines: list[str] = []
    for part in drawing.parts:
        if "\n" in part:  # an inset's content
            lines.extend(part.split("\n"))
        else:
            lines.append(part)
    lines.append("")
    return lines


def _defs(styles: dict[str, ProvinceStyle]) -> str:
    """Fill patterns: impassable ground, and one hatching per colour a variant asks for."""
    parts = [
        "<defs>",
        '<pattern id="impassable" patternUnits="userSpaceOnUse" width="6" height="6">'
        f'<rect width="6" height="6" fill="{IMPASSABLE_FILL}"/>'
        '<path d="M0 6L6 0" stroke="#7d7064" stroke-width="1.2"/></pattern>',
    ]
    for colour in sorted({s.hatch for s in styles.values() if s.hatch}):
        parts.append(
            f'<pattern id="hatch-{colour[1:]}" patternUnits="userSpaceOnUse" width="8" height="8">'
            f'<path d="M0 8L8 0" stroke="{colour}" stroke-width="2.0"/></pattern>'
        )
    parts.append("</defs>")
    return "".join(parts)
