"""What each phase of the year is, from the variant's data (``tables.toml [phase_roles]``):
the calendar's letters are data, so the system's code asks for a phase's *role* (the
rulebook's 'Sequence of play': Diplomatic, Orders, Retreat, Map Adjustment, Builds and
Transactions, Scoring) and never for a letter.
"""

from __future__ import annotations

from gm_tools.engine.roles import read_phase_roles, role_of
from gm_tools.engine.variant import Variant

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
    """Phase type letter -> role, checked (:func:`gm_tools.engine.roles.read_phase_roles`)."""
    return read_phase_roles(variant, ROLES)


def phase_role(variant: Variant, phase_id: str) -> str:
    """The role of one phase (``"Y1619D"`` -> ``"diplomatic"``)."""
    return role_of(phase_roles(variant), phase_id)
