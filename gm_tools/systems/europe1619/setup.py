"""The fixed facts a Diplomatic Phase reads: powers, confessions, minor states, tables.

Plain data, built by :mod:`gm_tools.systems.europe1619.adapter` from the variant files or by hand in
tests, so the rules never depend on a file layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gm_tools.mechanics.influence import MinorState


@dataclass(frozen=True)
class DiplomacySetup:
    """Everything about a game's diplomacy that does not change during play."""

    powers: tuple[str, ...]
    """Codes of the powers in play (played by someone), in the variant's order."""
    confessions: dict[str, str]
    """Power code -> ``"catholic"``, ``"protestant"`` or ``"ottoman"``."""
    minors: dict[str, MinorState]
    """Minor-state code -> the minor state, for every state that can be influenced."""
    allocation: dict[int, dict[str, int]]
    """The Influence Allocation Table: first year of a row -> {power: INFs a year}. A row
    holds until the next row's year."""
    attack_order: tuple[str, ...]
    """The ATTACK ORDER: attacks within a minor state are resolved in this order of the
    attacking powers."""
    power_names: dict[str, str] = field(default_factory=dict)
    """Power code -> display name (``"Catholic League and Bavaria"``); also accepted in orders."""
    papacy: str | None = "PAPACY"
    """The Papacy's power code (the Catholic powers may not declare war on it unless...), or
    None when the Papacy is not a power (14 players or fewer)."""
    forbidden_alliances: frozenset[frozenset[str]] = frozenset()
    """Pairs of powers that can never ally ('The Protestant Union cannot form an alliance
    with the Catholic League')."""
    alliance_rules: dict[frozenset[str], str] = field(default_factory=dict)
    """The rule each forbidden pair comes from, as a void declaration cites it ('Notes on
    initial declarations', '10 PLAYERS'); a pair not listed cites the notes."""
    reichstag_caller: str | None = "AUSTRIA"
    """The power that may call the Reichstag, or None when it is not in play."""
    reichstag_members: tuple[str, ...] = ()
    """The German/Italian regional powers of the Empire who sit and vote with the caller:
    Saxony, Union/Palatinate, League/Bavaria and Savoy (the caller not included)."""
    foreign_powers: tuple[str, ...] = ()
    """The powers agenda 3 may restrict: France, Papacy, Sweden, England, Dutch, Denmark,
    Poland, Venice, Ottoman."""
    last_allocation_year: int = 1648
    """No INFs are allotted after this year ('no further allocations of INFs will occur, and
    the Diplomatic Phase is skipped in the years following 1648')."""
    vassal_infs: int = 25
    """INFs a power with more than 50% needs for VASSALAGE ('AND has 25 INFs or more')."""
    aligned_share: Fraction = Fraction(1, 2)
    """A power holding more than this share of all INFs aligns a minor ('a power holds more
    than 50% of all INFs placed')."""
    aligned_at_share: bool = False
    """Exactly the share is not enough: 'more than 50%'."""
    aligned_min_infs: int = 0
    """No least number of INFs for ALIGNED in this rulebook."""
    attack_resolution: str = "mutual_reduction"
    """The rule an attack follows ('the power with the lesser number of INFs placed removes all
    INFs and the power with larger number of INFs placed loses equal amount')."""
    initial_influence: dict[str, dict[str, int]] = field(default_factory=dict)
    """INITIAL SETUP placement: minor -> {power: INFs}."""
    initial_relations: tuple[tuple[str, str, str], ...] = ()
    """Initial declarations in effect at the start: (power, power, ``"alliance"``/``"war"``)."""
    armistice_by: str = "both"
    """Who must announce an armistice: ``both`` powers at war (the default reading, as for an
    alliance) or ``either`` of them ('Players at war may use the Diplomatic Phase to announce an
    armistice'); the variant option ``armistice``, NOTES.md 'Judgement calls'."""

    def allotment(self, year: int) -> dict[str, int]:
        """INFs each power in play receives this year (none after the last allocation year,
        none before the table's first row)."""
        if year > self.last_allocation_year:
            return {}
        rows = [y for y in self.allocation if y <= year]
        if not rows:
            return {}
        row = self.allocation[max(rows)]
        return {p: row.get(p, 0) for p in self.powers}

    def confession(self, power: str) -> str:
        """The power's confession (empty when the data gives none)."""
        return self.confessions.get(power, "")

    def name(self, power: str) -> str:
        """Display name of a power."""
        return self.power_names.get(power, power.title())

    def attack_rank(self, power: str) -> int:
        """Place of a power in the ATTACK ORDER (powers missing from it go last, by code)."""
        try:
            return self.attack_order.index(power)
        except ValueError:
            return len(self.attack_order)
