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
from gm_tools.publish.style import ProvinceStyle, minor_state_style, valid_colour

DUALITY_MARK = "D"


def province_style(variant: Variant, position: Position, code: str) -> ProvinceStyle | None:
    from dataclasses import replace

    from gm_tools.systems.europe1615v2.occupation import revolts
    from gm_tools.systems.europe1615v2.politics import ALIGNED, DUALITY, NEUTRAL, statuses
    from gm_tools.systems.europe1615v2.setup import setup_of
    from gm_tools.systems.europe1615v2.state import state_of

    setup = setup_of(variant)
    minor = setup.minor_of(code)
    if minor is None or minor not in setup.pliant:
        return None
    state = state_of(position)
    status = statuses(setup, state)[minor]
    patron = variant.powers.get(status.power) if status.power else None
    look = {ALIGNED: "ALIGNED", NEUTRAL: "NEUTRAL"}.get(status.political, "UNALIGNED")
    home = setup.minors[minor].home_center or setup.minors[minor].provinces[0]
    confession = status.confession if code == home else None
    style = minor_state_style(look, valid_colour(patron.colour) if patron else None, confession)
    if code == home and status.religious == DUALITY:
        style = replace(style, marker=DUALITY_MARK)
    if code in position.centers and code in revolts(setup, statuses(setup, state), position.centers):
        style = replace(style, note="revolt")
    elif minor in state.contested and code == home:
        style = replace(style, note="contested")
    return style
