"""What each phase of the Europe 1615 (version 2) year is, from the variant's data
(``tables.toml [phase_roles]``): 'PHASES OF THE GAME YEAR: 1- Political and Religious Influence
Phase, 2- Taxation/Revenue Phase and Submission of Acceptance/Reference Lists, 3- Spring
Movement and Retreat Phase, 4- Summer ..., 5- Fall ..., 6- Winter Ownership/Build/Adjustment
Phase'.
"""

from __future__ import annotations

from gm_tools.engine.roles import read_phase_roles, role_of
from gm_tools.engine.variant import Variant

INFLUENCE = "influence"
ATTACKS = "attacks"
TAXATION = "taxation"
MOVEMENT = "movement"
RETREATS = "retreats"
BUILDS = "builds"
ROLES = (INFLUENCE, ATTACKS, TAXATION, MOVEMENT, RETREATS, BUILDS)
ENGINE_TYPES = {MOVEMENT: "M", RETREATS: "R", BUILDS: "A"}
"""Roles the Diplomacy engine plays, and the phase type letter it knows them by."""


def phase_roles(variant: Variant) -> dict[str, str]:
    """Phase type letter -> role, checked."""
    return read_phase_roles(variant, ROLES, ENGINE_TYPES)


def phase_role(variant: Variant, phase_id: str) -> str:
    """The role of one phase (``"P1616I"`` -> ``"influence"``)."""
    return role_of(phase_roles(variant), phase_id)
