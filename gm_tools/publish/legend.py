"""The map's legend: each played power's colour, centers, units and victory points, the
minor states summed up in one entry, and the key to the symbols; laid out in columns wide
enough for the longest entry. Layout only: :mod:`gm_tools.publish.render` draws it."""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache

from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant
from gm_tools.publish.style import valid_colour

LEGEND_ROW = 24.0
"""Height of one legend row, px."""

LEGEND_CELL = 250.0
"""Width of one power's entry in the legend, px."""
LEGEND_KEY = (
    # semicolons part the symbols of a line: the page lists them one an entry (symbol_words)
    "A army, F fleet, \u25c9 supply center",
    "solid arrow: move; dashed: support; dotted: convoy; ring: hold; dashed and \u2715: failed",
)

KEY_CHAR = 6.3
"""About how wide one character of the key's 11 px text is, px."""

VALUE_KEY = " (a number beside it: its value)"
"""Added after the supply center's symbol on a map whose centers have values other than 1."""

RECONSTRUCTED_VALUE_KEY = " (a number beside it: its value, reconstructed: the published table was lost)"
""":data:`VALUE_KEY` where ``tables.toml [center_values]`` is marked ``reconstructed``: a
player reads the number as the rulebook's otherwise."""

PORT_KEY = ", \u2693 port (fleets move or support only into a coast with a port)"
"""Added to the key's first line on a map whose provinces have ports (``port = true``)."""


@lru_cache(maxsize=64)
def _wrapped(key: tuple[str, ...], width: int) -> tuple[str, ...]:
    # a map's key is the same on every picture of a variant: wrapped once
    return tuple(part for line in key for part in (textwrap.wrap(line, width) or [""]))


@dataclass(frozen=True)
class Legend:
    """What the legend says and how it is laid out. Its measures are worked out once (the
    renderer asks them for every entry)."""

    powers: list[tuple[str, str]]
    """(colour, text) per power, in the variant's order."""
    width: float
    """Width of the picture, px."""
    key: tuple[str, ...] = LEGEND_KEY
    """The lines under the powers that explain the symbols."""

    @cached_property
    def cell(self) -> float:
        """Width of one entry: LEGEND_CELL, or wider for long texts (a power's name with its
        victory points) so neighbours never overlap. 12 px text is about 6.8 px a character."""
        longest = max((len(text) for _, text in self.powers), default=0)
        return max(LEGEND_CELL, float(math.ceil(30 + 6.8 * longest)))

    @cached_property
    def per_row(self) -> int:
        return max(1, int((self.width - 16) // self.cell))

    @cached_property
    def power_rows(self) -> int:
        return -(-len(self.powers) // self.per_row)

    @cached_property
    def key_lines(self) -> tuple[str, ...]:
        """The key's lines wrapped to the picture's width (a narrow map, Westphalia's hexes,
        cut its longest line off): 11 px text is about 6.3 px a character."""
        return _wrapped(self.key, max(20, int((self.width - 24) // KEY_CHAR)))

    @cached_property
    def height(self) -> float:
        return (self.power_rows + len(self.key_lines)) * LEGEND_ROW + 16


def out_note(notes: dict[str, str], code: str, centers: int, units: int, board: bool) -> str:
    """What the standings' Note and the map's legend say of a power out of the game: its rules'
    own words (Europe 1615's "dissolved (abandoned)"), else "eliminated" for a power with no
    center and no unit on a board that has centers; "" for a power in play. One function, so the
    page and the map never disagree (the legend said "0 SC, 0 units" of a dissolved power)."""
    return notes.get(code) or ("eliminated" if centers == 0 and units == 0 and board else "")


def legend_for(variant: Variant, position: Position, colours: dict[str, str], width: float) -> Legend:
    """Each power's colour, centers and units, and victory points where the position has them."""
    from gm_tools.engine.rules import rules_for

    texts = rules_for(variant).legend(variant, position)
    if texts is not None:
        # a game system that says what its map shows (The Peace of Westphalia: provinces and
        # Imperial Power, no units or centers)
        return Legend([(colours.get(code, "#888888"), texts[code]) for code in variant.powers if code in texts],
                      width, symbol_key(variant))
    found = rules_for(variant).scores(variant, position)
    scores, year, board = found.points, found.year, bool(variant.supply_centers())
    entries: list[tuple[str, str]] = []
    others = [code for code, power in variant.powers.items() if not power.playable]
    owned = Counter(position.centers.values())
    armed = Counter(u.power for u in position.units.values())
    # a dislodged unit is drawn and still its power's until it retreats or disbands: counted, and said
    dislodged = Counter(d.unit.power for d in position.dislodged.values())
    armed.update(dislodged)
    for code, power in variant.powers.items():
        if not power.playable:
            continue  # summed up in one entry below: a map's 25 minor states would bury the players
        centers, units = owned[code], armed[code]
        note = out_note(found.notes, code, centers, units, board)
        counts = f"{centers} SC, {_units(units)}" + (f" ({dislodged[code]} dislodged)" if dislodged[code] else "")
        # an eliminated power's "0 SC, 0 units" says nothing its note does not
        text = f"{power.name}: " + (f"{note}, {counts}" if note and (centers or units) else note or counts)
        if code in scores:
            text += f", {scores[code]} VP" + (f" ({year})" if year else "")
        entries.append((colours.get(code, "#888888"), text))
    if others:
        centers, units = sum(owned[code] for code in others), sum(armed[code] for code in others)
        entries.append((colours.get(others[0], "#888888"), f"{len(others)} not played: {centers} SC, {_units(units)}"))
    return Legend(entries, width, symbol_key(variant))


def symbol_key(variant: Variant) -> tuple[str, ...]:
    """The legend's lines explaining the map's symbols: the game system's own, or the order
    arrows and unit letters (with the anchor on a map whose provinces have ports). The
    picture draws them and the page says them under it (:func:`symbol_words`) from here, so
    the two cannot disagree."""
    from gm_tools.engine.rules import rules_for

    own = rules_for(variant).legend_key(variant)
    if own is not None:
        return tuple(own)
    units = LEGEND_KEY[0]
    strength = rules_for(variant).strength_key
    if strength:
        units = units.replace(", \u25c9", f", {strength}, \u25c9")
    if any(p.value != 1 for p in variant.provinces.values()):
        # the renderer writes a center's value beside its marker where it is not 1
        lost = variant.tables.get("center_values", {}).get("reconstructed") is True
        units += RECONSTRUCTED_VALUE_KEY if lost else VALUE_KEY
    if any(p.extra.get("port") for p in variant.provinces.values()):
        units += PORT_KEY
    return (units,) + LEGEND_KEY[1:] + tuple(rules_for(variant).marks_key)


def symbol_words(variant: Variant) -> list[str]:
    """The key to the map's symbols as the page shows it under the map on a phone, where the
    picture's 11 px lines shrink to a few pixels: each line of :func:`symbol_key`, cut at its
    semicolons (one symbol's meaning an entry, "dashed: support") to wrap as a list of short
    entries rather than as a paragraph."""
    return [part for line in symbol_key(variant) for part in line.split("; ")]


def _units(count: int) -> str:
    return f"{count} unit" if count == 1 else f"{count} units"


def colour_key(variant: Variant) -> list[tuple[str, str]]:
    """(colour, name) for each played power, then the powers nobody plays as one entry, as
    the picture's legend has them: its colours in words a page can show at any size (drawn
    at the map's scale, the picture's own legend cannot be read on a phone)."""
    key: list[tuple[str, str]] = []
    others = []
    for code, power in variant.powers.items():
        if power.playable:
            key.append((valid_colour(power.colour), power.name))
        else:
            others.append(code)
    if others:
        first = variant.powers[others[0]]
        key.append((valid_colour(first.colour), "not played" if len(others) > 1 else first.name))
    return key
