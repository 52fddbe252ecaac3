"""How the Europe 1619 map colours a province: the renderer's ``province_style`` hook.

Rulebook: ``002_e7e1b063b6c411e5.txt``. The referee presents the
Diplomatic Phase 'with a table, and the map color-coded': 'UNALIGNED ... (grey-colored)',
'NEUTRAL ... (white-colored)'; aligned states take their power's light tint and vassals
are hatched in its colour (our choice: the rulebook's colours for them were in the lost map
legend). Confessional markers go on 'minor's home supply center when aligned': a blue
cross (Catholic), an orange cross (Protestant), a green crescent (Ottoman).

Captures: 'if a minor's home center is captured, its provinces are colored grey'; a
province a power captured takes the captor's colour; 'When a minor unit captures a province
... the province ... is colored according to the status of the minor state'. Both are noted
``captured`` on the map, and a province where a foreign unit stands but has not captured it
(yet) is noted ``contested``.

Pure: reads only the loaded variant and the position.
"""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.publish.style import HOME_TINT, UNALIGNED_FILL, ProvinceStyle, minor_state_style, mix, valid_colour, styled
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1619.adapter_rules import geography, relations
from gm_tools.systems.europe1619.diplomatic_phase import diplomatic_state
from gm_tools.systems.europe1619.occupation import is_proxy
from gm_tools.systems.europe1619.territory import Board

CAPTURED_NOTE = "captured"
CONTESTED_NOTE = "contested"


def province_styles(variant: Variant, position: Position) -> dict[str, ProvinceStyle]:
    """Every province that does not keep the default look, with its style."""
    board = Board(geography(variant, position), relations(variant, position), position)
    markers = diplomatic_state(position).influence.markers
    return styled(variant.provinces, lambda code: _style(variant, board, markers, code))


def province_style(variant: Variant, position: Position, code: str) -> ProvinceStyle | None:
    """The style of one province (the hook's question)."""
    board = Board(geography(variant, position), relations(variant, position), position)
    return _style(variant, board, diplomatic_state(position).influence.markers, code)


def _colour(variant: Variant, power: str | None) -> str | None:
    p = variant.powers.get(power) if power else None
    return valid_colour(p.colour) if p else None


def _minor_look(variant: Variant, board: Board, minor: str, confession: str | None = None) -> ProvinceStyle:
    if board.minor_captured(minor):
        return ProvinceStyle(fill=UNALIGNED_FILL)
    patron = board.relations.aligned_power(minor)
    return minor_state_style(board.relations.status_of(minor), _colour(variant, patron), confession)


def _style(variant: Variant, board: Board, markers: dict, code: str) -> ProvinceStyle | None:
    geo = board.geo
    domain = geo.domain.get(code)
    if domain is None:
        return None  # a sea, or land of nobody
    captor = board.captured.get(code)
    if captor and captor != domain:
        if geo.is_minor(captor):
            look = _minor_look(variant, board, captor)
            return ProvinceStyle(fill=look.fill, hatch=look.hatch, note=CAPTURED_NOTE)
        colour = _colour(variant, captor)
        fill = None if geo.is_center(code) else (mix(colour, HOME_TINT) if colour else None)
        return ProvinceStyle(fill=fill, note=CAPTURED_NOTE)
    note = CONTESTED_NOTE if _contested(board, code) else None
    if geo.is_minor(domain):
        if board.minor_captured(domain):
            return ProvinceStyle(fill=UNALIGNED_FILL, note=note or CAPTURED_NOTE)
        # the marker stands on the minor's home center only, and only while it is aligned
        confession = markers.get(domain) if geo.minor_home.get(domain) == code else None
        look = _minor_look(variant, board, domain, confession)
        return ProvinceStyle(fill=look.fill, hatch=look.hatch, marker=look.marker,
                             marker_colour=look.marker_colour, note=note)
    return ProvinceStyle(note=note) if note else None


def _contested(board: Board, code: str) -> bool:
    """A unit of another side stands in the province without holding it (yet): it may capture
    it at the Map Adjustment Phase, or be expelled."""
    unit = board.position.units.get(code)
    holder = board.controller(code)
    if unit is None or holder is None:
        return False
    return not is_proxy(board, unit.power, holder)  # its own, its side's or an ally's unit holds it
