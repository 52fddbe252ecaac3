"""Standard Diplomacy (2000 rulebook): the engine's own rules and the Orders sheet, with
nothing added. Every other Diplomacy system starts from these parts."""

from gm_tools.engine.system import STANDARD_SYSTEM

SYSTEM = STANDARD_SYSTEM
