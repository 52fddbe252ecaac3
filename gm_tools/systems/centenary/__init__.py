"""Centenary (William Preston, 1988): neutral armies, Fealty and Automatic Fealty.

- :mod:`.rules` - the adjudicator's hooks and the fealty rules (pure);
- :mod:`.sheets` - the Fealty, Neutrals and Victory sheets.

Data: ``variants/centenary/``; judgement calls: ``variants/centenary/NOTES.md``.
"""

from gm_tools.engine.system import GameSystem
from gm_tools.systems.centenary.rules import RULES
from gm_tools.systems.centenary.sheets import HOOKS
from gm_tools.systems.centenary.state import KEY, KEYS

SYSTEM = GameSystem(KEY, rules=RULES, sheets=HOOKS, record_keys=KEYS)
