"""What a game system's rules add to the map: per-province styles (the optional
``province_style`` hook: statuses, markers, notes) and letters on units (``unit_marks``:
Europe 1615's special units). Read once per picture, checked, handed to the renderer."""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.style import ProvinceStyle, valid_colour


def unit_marks(variant: Variant, position: Position) -> dict[str, str]:
    """Province -> the letter the rules give the unit there (Europe 1615's special units: 'marked
    by a letter'), drawn in its strength badge, from the optional ``unit_marks`` hook."""
    from gm_tools.engine.rules import rules_for

    hook = getattr(rules_for(variant), "unit_marks", None)
    marks = hook(variant, position) if hook is not None else {}
    return {p: str(m)[:2] for p, m in sorted(marks.items())}


def map_board(variant: Variant, record: dict, board: Position) -> Position:
    """The board a phase's map is drawn on: the record's ``before``, or what the optional
    ``map_board`` hook makes of it (Centenary: a Fealty claimer's unit already retreated
    out of the center it builds in, as the adjudicator started from)."""
    from gm_tools.engine.rules import rules_for

    hook = getattr(rules_for(variant), "map_board", None)
    return hook(variant, record, board) if hook is not None else board


def styles(variant: Variant, position: Position) -> dict[str, ProvinceStyle]:
    """Per-province overrides from the variant's rules object, if it has the hook: the whole
    map's ``province_styles`` when the rules have it (a look made from the whole board is read
    once, not once per province), else ``province_style`` asked province by province."""
    from gm_tools.engine.rules import rules_for

    rules = rules_for(variant)
    whole = getattr(rules, "province_styles", None)
    hook = getattr(rules, "province_style", None)
    if whole is not None:
        found = whole(variant, position)
    elif hook is not None:
        found = {code: hook(variant, position, code) for code in sorted(variant.provinces)}
    else:
        return {}
    out = {}
    for code in sorted(found):
        style = found[code]
        if style is not None:
            ink = getattr(style, "marker_colour", None)
            out[code] = ProvinceStyle(
                fill=valid_colour(style.fill) if style.fill else None, hatch=valid_colour(style.hatch) if style.hatch
                else None, marker=style.marker, marker_colour=valid_colour(ink) if ink else None,
                note=getattr(style, "note", None))
    return out
