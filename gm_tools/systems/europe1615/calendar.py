"""What each phase of the Europe 1615 year is, from the variant's data (``tables.toml
[phase_roles]``): the calendar's letters are data, so the code asks for a phase's *role*
('PHASES OF THE GAME YEAR') and never for a letter.
"""

from __future__ import annotations

from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError

STATUS_CHECK = "status_check"
MOVEMENT = "movement"
RETREATS = "retreats"
EARLY_WINTER = "required_disbands"
BUILDS = "builds"
SCORING = "scoring"
ROLES = (STATUS_CHECK, MOVEMENT, RETREATS, EARLY_WINTER, BUILDS, SCORING)
ENGINE_TYPES = {MOVEMENT: "M", RETREATS: "R", BUILDS: "A"}
"""Roles the Diplomacy engine plays, and the phase type letter it knows them by."""


def phase_roles(variant: Variant) -> dict[str, str]:
    """Phase type letter -> role, checked: every letter of the calendar has a known role, and
    the roles the engine plays have its letters."""
    table = dict(variant.tables.get("phase_roles", {}))
    letters = {t for _, t in variant.calendar.phases}
    problems = [f"tables.toml [phase_roles] {k}: role {v!r}, expected one of {', '.join(ROLES)}"
                for k, v in sorted(table.items()) if v not in ROLES]
    problems += [f"tables.toml [phase_roles]: no role for the calendar's phase type {t}" for t in sorted(letters - set(table))]
    problems += [f"tables.toml [phase_roles] {k} = {v!r}: the Diplomacy engine plays {v} as phase type "
                 f"{ENGINE_TYPES[v]}" for k, v in sorted(table.items()) if v in ENGINE_TYPES and ENGINE_TYPES[v] != k]
    if problems:
        raise VariantDataError(variant.name, problems)
    return table


def phase_role(variant: Variant, phase_id: str) -> str:
    """The role of one phase (``"S1615M"`` -> ``"movement"``)."""
    return phase_roles(variant)[parse_phase(phase_id).type]
