"""Centenary (William Preston, 1988): neutral armies, Fealty and Automatic Fealty.

- :mod:`.rules` - the adjudicator's hooks and the fealty rules (pure);
- :mod:`.sheets` - the Fealty, Neutrals and Victory sheets.

Data: ``variants/centenary/``; judgement calls: ``variants/centenary/NOTES.md``.
"""

from gm_tools.engine.system import GameSystem, Option
from gm_tools.errors import UserError
from gm_tools.systems.centenary.rules import OWNERSHIP_CHART, RULES, TURN_CAPTURES, UNCONQUERED
from gm_tools.systems.centenary.sheets import FEALTY_SHEET as FEALTY, HOOKS
from gm_tools.systems.centenary.state import KEY, KEYS


class CentenarySystem(GameSystem):
    """Centenary's parts, and where a demo file's Fealty claims go."""

    def demo_cells(self, variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        """A demo phase's ``Fealty = [["SPAIN", "PORTUGAL", "POR", "EST"], ...]``: the claims
        the GM types on the Fealty sheet (Power, Neutral, Build in, Retreat to); the powers'
        lines beside it are orders for the Orders sheet."""
        claims = entry.get(FEALTY)
        if claims is None:
            return None
        if not isinstance(claims, list) or not all(isinstance(r, list) and 2 <= len(r) <= 4 for r in claims):
            raise UserError(f"{where} [{phase}] {FEALTY}: expected a list of claims, each "
                            "[power, neutral, build in, retreat to] (the last two may be left out)")
        return {f"{FEALTY}!{column}{row}": value
                for row, claim in enumerate(claims, start=2) for column, value in zip("ABCD", claim) if value}

    def demo_orders(self, variant, phase: str, entry: dict) -> dict[str, list[str]]:
        return {power: lines for power, lines in entry.items() if power != FEALTY}

    def mailed_rows(self, variant, phase: str, power: str, lines: list[str]):
        from gm_tools.systems.centenary.entries import mailed_rows

        return mailed_rows(variant, power, lines)


OPTIONS = (
    Option(UNCONQUERED, str, "which neutrals Automatic Fealty may draw as 'the unconquered Catholic neutrals' "
           "(rule 3): those still owning a home center once the captures of the turn drawn for are made "
           f"({TURN_CAPTURES}, the rulebook's reading, which a new game records), or by the ownership as it stands "
           f"at the draw, the chart before a Fall's captures while its retreats are to come ({OWNERSHIP_CHART}, "
           "the games recorded before the option); variants/centenary/NOTES.md, 'The draw'",
           choices=(TURN_CAPTURES, OWNERSHIP_CHART)),
)

# A game.json without the option is one recorded before it: it keeps ownership_chart on replay.
SYSTEM = CentenarySystem(KEY, rules=RULES, sheets=HOOKS, options=OPTIONS, record_keys=KEYS,
                         new_game_options={UNCONQUERED: TURN_CAPTURES})
