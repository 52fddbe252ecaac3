"""How the Europe 1615 map colours a province: the renderer's ``province_style`` hook.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Expansion': 'When the minor state is aligned, or
made neutral, all acquired territories are colored accordingly on the map'. A minor state's
lands (its own provinces, the minors it captured, the centers it took) take its look: its
power's tint when ALIGNED, white when NEUTRAL, grey when UNALIGNED (the shared look of the
Europe variants, :func:`gm_tools.publish.style.minor_state_style`); the religious marker
stands on its home center. The map legend was lost with the map: these colours are ours.

Pure: reads only the loaded variant and the position.
"""

from __future__ import annotations

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.style import NEUTRAL_FILL, ProvinceStyle, minor_state_style, mix, valid_colour, styled

OWNED_TINT = 0.25
"""The tint of a power's annexed province: the renderer's for a center a power owns."""


def province_styles(variant: Variant, position: Position) -> dict[str, ProvinceStyle]:
    """Every province that does not keep the default look, with its style: the board's view
    is worked out once for the whole map (a picture asks about every province)."""
    from gm_tools.systems.europe1615.rules import view

    v = view(variant, position)
    return styled(variant.provinces, lambda code: _style(variant, v, code))


def province_style(variant: Variant, position: Position, code: str) -> ProvinceStyle | None:
    """The style of one province (the hook's question)."""
    from gm_tools.systems.europe1615.rules import view

    return _style(variant, view(variant, position), code)


def _style(variant: Variant, v, code: str) -> ProvinceStyle | None:
    minor = v.land.get(code)
    annexed_to = v.state.annexed.get(code)
    if minor is None and annexed_to in variant.powers and annexed_to not in v.setup.minors:
        # a province annexed to a power takes its colour, as its centers do
        power = variant.powers[annexed_to]
        return ProvinceStyle(fill=mix(valid_colour(power.colour), OWNED_TINT))
    if minor is None:
        province = variant.provinces.get(code)
        belongs = province and (province.home or province.extra.get("domain"))
        if annexed_to is None and belongs in set(v.state.dissolved.values()):
            # a dissolved power's other provinces 'are left as unaligned passable states'
            return ProvinceStyle(fill=NEUTRAL_FILL)
        return None
    status = v.table[minor]
    patron = variant.powers.get(status.power) if status.power else None
    home = v.setup.minors[minor].home_center
    marker = v.state.influence.markers.get(minor) if code == home else None
    return minor_state_style(status.status, valid_colour(patron.colour) if patron else None, marker)
