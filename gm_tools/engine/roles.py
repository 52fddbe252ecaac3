"""What each phase type of a variant's calendar is for its game system, from the variant's data
(``tables.toml [phase_roles]``): the calendar's letters are data, so a system's code asks for a
phase's *role* and never for a letter.
"""

from __future__ import annotations

from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError


def read_phase_roles(variant: Variant, roles: tuple[str, ...], engine_types: dict[str, str] | None = None) -> dict[str, str]:
    """Phase type letter -> role, checked: every letter of the calendar has one of ``roles``,
    and each role the Diplomacy engine plays (``engine_types``: role -> the engine's type
    letter, M, R or A) has that letter."""
    engine_types = engine_types or {}
    table = dict(variant.tables.get("phase_roles", {}))
    letters = {t for _, t in variant.calendar.phases}
    problems = [f"tables.toml [phase_roles] {k}: role {v!r}, expected one of {', '.join(roles)}"
                for k, v in sorted(table.items()) if v not in roles]
    problems += [f"tables.toml [phase_roles]: no role for the calendar's phase type {t}" for t in sorted(letters - set(table))]
    problems += [f"tables.toml [phase_roles] {k} = {v!r}: the Diplomacy engine plays {v} as phase type "
                 f"{engine_types[v]}" for k, v in sorted(table.items()) if v in engine_types and engine_types[v] != k]
    if problems:
        raise VariantDataError(variant.name, problems)
    return table


def role_of(table: dict[str, str], phase_id: str) -> str:
    """The role of one phase (``"S1615M"`` -> ``"movement"``) in a table of roles."""
    return table[parse_phase(phase_id).type]
