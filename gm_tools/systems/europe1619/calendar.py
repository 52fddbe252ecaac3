"""What each phase of the year is, from the variant's data (``tables.toml [phase_roles]``):
the calendar's letters are data, so the system's code asks for a phase's *role* (the
rulebook's 'Sequence of play': Diplomatic, Orders, Retreat, Map Adjustment, Builds and
Transactions, Scoring) and never for a letter.
"""

from __future__ import annotations

from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError

DIPLOMATIC = "diplomatic"
ORDERS = "orders"
RETREATS = "retreats"
MAP_ADJUSTMENT = "map_adjustment"
TRANSACTIONS = "transactions"
SCORING = "scoring"
ROLES = (DIPLOMATIC, ORDERS, RETREATS, MAP_ADJUSTMENT, TRANSACTIONS, SCORING)
UNIT_ORDERS = (ORDERS, RETREATS)
"""Roles whose entries are unit orders on the Orders sheet."""


def phase_roles(variant: Variant) -> dict[str, str]:
    """Phase type letter -> role, checked: every letter of the calendar has a known role."""
    table = {k: v for k, v in variant.tables.get("phase_roles", {}).items()}
    letters = {t for _, t in variant.calendar.phases}
    problems = [f"tables.toml [phase_roles] {k}: role {v!r}, expected one of {', '.join(ROLES)}"
                for k, v in sorted(table.items()) if v not in ROLES]
    problems += [f"tables.toml [phase_roles]: no role for the calendar's phase type {t}" for t in sorted(letters - set(table))]
    if problems:
        raise VariantDataError(variant.name, problems)
    return table


def phase_role(variant: Variant, phase_id: str) -> str:
    """The role of one phase (``"Y1619D"`` -> ``"diplomatic"``)."""
    return phase_roles(variant)[parse_phase(phase_id).type]
