"""How a province looks when a game system says so: the style a system's
``province_style`` hook returns, the colour helpers, and the look of minor states shared by
the influence variants. Pure: the renderer (:mod:`gm_tools.publish.render`) draws with it,
and game systems import it without pulling in the renderer's file edge.
"""

from __future__ import annotations

from dataclasses import dataclass

HOME_TINT = 0.72
"""How far toward white a home province that is no owned center is mixed from its power's colour."""


def mix(colour: str, amount: float, toward: str = "#ffffff") -> str:
    """``colour`` moved ``amount`` (0..1) of the way toward ``toward``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(toward[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def valid_colour(colour: str) -> str:
    """``colour`` in lower case if it is ``#rrggbb``, else a neutral grey (a variant's typo
    must not break the picture)."""
    if isinstance(colour, str) and len(colour) == 7 and colour.startswith("#"):
        try:
            int(colour[1:], 16)
            return colour.lower()
        except ValueError:
            pass
    return "#888888"



@dataclass(frozen=True)
class ProvinceStyle:
    """How a variant wants one province drawn, overriding the owner colouring.

    Returned by the optional hook ``province_style(variant, position, code)`` of the
    game system's rules (:class:`gm_tools.engine.system.GameSystem`): the Europe variants use it for
    minor-state status (aligned tint, vassal hatched, neutral white, unaligned grey) and
    confessional markers. Return None to keep the default look.
    """

    fill: str | None = None
    """Fill colour ``#rrggbb``, or None for the default."""
    hatch: str | None = None
    """Colour of diagonal hatching drawn over the fill, or None for none."""
    marker: str | None = None
    """A short text (one or two characters) drawn beside the province's label."""
    marker_colour: str | None = None
    """Colour of the marker ``#rrggbb`` (the rulebook's blue and orange crosses), or None for ink."""
    note: str | None = None
    """A word drawn under the label, such as ``captured`` or ``contested``; the province's
    outline is then drawn dashed, so the state shows at a glance and without colour."""


NEUTRAL_FILL = "#eee5cf"
"""Land that belongs to nobody (and the default of a province no one owns)."""
UNALIGNED_FILL = "#c8c8c8"
NEUTRAL_STATE_FILL = "#ffffff"
ALIGNED_TINT = 0.6
"""How far toward white an aligned minor state is mixed from its power's colour."""
CONFESSION_MARKERS = {"catholic": "\u271d", "protestant": "\u271d", "orthodox": "\u2626", "ottoman": "\u262a",
                      "muslim": "\u262a"}
"""Marker drawn beside a minor state's label for the confessional marker on its center."""
CONFESSION_COLOURS = {"catholic": "#1f5fbf", "protestant": "#e8820c", "ottoman": "#1d8a3a", "muslim": "#1d8a3a"}
"""Europe 1619 rulebook, 'Confessional markers': 'a Protestant marker (orange cross) or a Catholic
marker (blue cross) or a Ottoman marker (green crescent moon and star)'."""


def minor_state_style(status: str, power_colour: str | None = None, confession: str | None = None) -> ProvinceStyle:
    """The look of a minor state's province in the Europe variants, for a rules object's
    ``province_style`` hook: aligned states tinted with their power's colour, vassals hatched
    in it, neutral states white, unaligned grey; ``confession`` adds its marker.

    ``status`` is ``ALIGNED``, ``VASSALAGE``, ``NEUTRAL`` or ``UNALIGNED`` (any case).
    """
    status = status.upper()
    marker = CONFESSION_MARKERS.get(confession.lower(), confession[:1].upper()) if confession else None
    ink = CONFESSION_COLOURS.get(confession.lower()) if confession else None
    colour = valid_colour(power_colour) if power_colour else None
    if status == "ALIGNED" and colour:
        return ProvinceStyle(fill=mix(colour, ALIGNED_TINT), marker=marker, marker_colour=ink)
    if status == "VASSALAGE" and colour:
        return ProvinceStyle(fill=mix(colour, ALIGNED_TINT + 0.15), hatch=colour, marker=marker, marker_colour=ink)
    if status == "NEUTRAL":
        return ProvinceStyle(fill=NEUTRAL_STATE_FILL, marker=marker, marker_colour=ink)
    return ProvinceStyle(fill=UNALIGNED_FILL, marker=marker, marker_colour=ink)


def styled(provinces, style_of) -> dict[str, "ProvinceStyle"]:
    """Province -> its style, for the provinces (codes, in order) whose look is not the
    default: ``style_of(code)`` gives None for those. A system's ``province_styles`` hook is
    this over the provinces, with what the styles are made of read once."""
    return {code: style for code in sorted(provinces) if (style := style_of(code)) is not None}
