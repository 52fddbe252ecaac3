"""How the board is drawn: a player's hexes in its colour, a principality's in the colour of
its ally (an unaligned one grey, an Elector's marked with a crown), capitals with a town, and
Protestant hexes hatched, so religion shows without colour."""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.style import ProvinceStyle, UNALIGNED_FILL, mix, valid_colour, styled

PLAYER_TINT = 0.35
ALLY_TINT = 0.65
PROTESTANT_HATCH = "#5b3a8c"


def province_styles(variant: Variant, position: Position) -> dict[str, ProvinceStyle]:
    """Every hex that does not keep the default look, with its style: the holders are worked
    out once for the whole board (a picture asks about every hex)."""
    from gm_tools.systems.westphalia.state import state_of

    state = state_of(position)
    owner = state.owner()
    return styled(variant.provinces, lambda code: _style(variant, state, owner, code))


def province_style(variant: Variant, position: Position, code: str) -> ProvinceStyle | None:
    """The style of one hex (the hook's question)."""
    from gm_tools.systems.westphalia.state import state_of

    state = state_of(position)
    return _style(variant, state, state.owner(), code)


def _style(variant: Variant, state, owner: dict, code: str) -> ProvinceStyle | None:
    from gm_tools.systems.westphalia.figures import ally

    holder = owner.get(code)
    if holder is None:
        return None
    hatch = PROTESTANT_HATCH if code in state.protestant else None
    if holder in state.princes:
        fill = mix(valid_colour(variant.powers[holder].colour), PLAYER_TINT)
        town = state.princes[holder].capital == code or code in state.towns  # its capital or a town it took
        return ProvinceStyle(fill=fill, hatch=hatch, marker="\u2302" if town else None)
    friend = ally(state, holder)
    fill = mix(valid_colour(variant.powers[friend].colour), ALLY_TINT) if friend in variant.powers else UNALIGNED_FILL
    land = state.principalities[holder]
    marker = ("\u265b" if holder in state.electors else "\u2302") if land.capital == code else None
    return ProvinceStyle(fill=fill, hatch=hatch, marker=marker)
