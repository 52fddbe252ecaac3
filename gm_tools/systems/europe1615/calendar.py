"""What each phase of the Europe 1615 year is, from the variant's data (``tables.toml
[phase_roles]``): the calendar's letters are data, so the code asks for a phase's *role*
('PHASES OF THE GAME YEAR') and never for a letter.
"""

from __future__ import annotations

from gm_tools.engine.roles import read_phase_roles, role_of
from gm_tools.engine.variant import Variant

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
    """Phase type letter -> role, checked (:func:`gm_tools.engine.roles.read_phase_roles`)."""
    return read_phase_roles(variant, ROLES, ENGINE_TYPES)


def phase_role(variant: Variant, phase_id: str) -> str:
    """The role of one phase (``"S1615M"`` -> ``"movement"``)."""
    return role_of(phase_roles(variant), phase_id)
