"""How the Europe 1615 (version 2) map colours a province: the renderer's ``province_style`` hook.

Rulebook: ``001_6f4a9c76b6e5774a.txt``: the closing example's 'newly drawn map' shows each minor
state's political status, and 'Revolting states will be marked on the map', 'CONTESTED states
will be marked on the map'. Political status is the fill (ALIGNED: its power's tint, NEUTRAL:
white, INDEPENDENT: grey); religious status is a marker on the state's home center, never a
colour alone (CONTROLLED: its confession's cross, DUALITY: 'D', UNAFFECTED: none); CONTESTED
and REVOLT are words under the label with a dashed outline. The legend was lost with the map:
these looks are ours.

Pure: reads only the loaded variant and the position.
"""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.style import ProvinceStyle, minor_state_style, valid_colour, styled

DUALITY_MARK = "D"


def province_styles(variant: Variant, position: Position) -> dict[str, ProvinceStyle]:
    """Every province that does not keep the default look, with its style: the statuses and
    revolts are worked out once for the whole map (a picture asks about every province)."""
    look = _Look(variant, position)
    return styled(variant.provinces, look.style)


def province_style(variant: Variant, position: Position, code: str) -> ProvinceStyle | None:
    """The style of one province (the hook's question)."""
    return _Look(variant, position).style(code)


class _Look:
    """What the map's colours are made from, read once from the position."""

    def __init__(self, variant: Variant, position: Position):
        from gm_tools.systems.europe1615v2.occupation import revolts
        from gm_tools.systems.europe1615v2.politics import statuses
        from gm_tools.systems.europe1615v2.setup import setup_of
        from gm_tools.systems.europe1615v2.state import state_of

        self.variant = variant
        self.centers = position.centers
        self.setup = setup_of(variant)
        self.state = state_of(position)
        self.statuses = statuses(self.setup, self.state)
        self.revolts = revolts(self.setup, self.statuses, position.centers)

    def style(self, code: str) -> ProvinceStyle | None:
        from dataclasses import replace

        from gm_tools.systems.europe1615v2.politics import ALIGNED, DUALITY, NEUTRAL

        setup = self.setup
        minor = setup.minor_of(code)
        if minor is None or minor not in setup.pliant:
            return None
        status = self.statuses[minor]
        patron = self.variant.powers.get(status.power) if status.power else None
        look = {ALIGNED: "ALIGNED", NEUTRAL: "NEUTRAL"}.get(status.political, "UNALIGNED")
        home = setup.minors[minor].home_center or setup.minors[minor].provinces[0]
        confession = status.confession if code == home else None
        style = minor_state_style(look, valid_colour(patron.colour) if patron else None, confession)
        if code == home and status.religious == DUALITY:
            style = replace(style, marker=DUALITY_MARK)
        if code in self.centers and code in self.revolts:
            style = replace(style, note="revolt")
        elif minor in self.state.contested and code == home:
            style = replace(style, note="contested")
        return style
