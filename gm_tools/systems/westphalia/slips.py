"""Entries that stand by the rules but look like a slip of the GM's hand: the turn goes on, and
its report warns of each, naming the cells, for the GM to check before he sends the results.

A row of the Influence Changes sheet typed twice (the same player, principality, change and
reason) is one. Both rows are applied, as two rows may rightly be the same: 'For every town you
take you lose 2 Diplomatic Influence' (two towns taken, two rows of -2), and 'Lose 2 Diplomatic
Influence from each of your allies that could have conquered a province but did not' (the same
ally's lapse in two wars, two rows of -2 on it) (rulebook ``003_b5b9eb4920d39694.txt``, 'Peace
Treaties'). Refusing them would stop a right turn; saying nothing would let a copy-paste slip
cost a player Influence unseen.

A Place Influence row typed twice (the same player, principality and Influence) is another: two
rows on one principality are rightly placed ('places all of his Diplomatic Influence onto one or
more Principalities'), and a row copied twice would put twice the Influence there unseen.
"""

from __future__ import annotations

from gm_tools.engine.hooks import InputRow


def _key(row: InputRow) -> tuple:
    """What makes two Influence Changes rows the same entry: the words compared as the sheet
    reads them (any case, spaces between words as one)."""
    def words(value) -> str:
        return " ".join(str(value or "").split()).casefold()

    return (words(row.values.get("Player")), words(row.values.get("Principality")) or "saved",
            row.values.get("Change"), words(row.values.get("Reason")))


def _span(row: InputRow) -> str:
    """The row's cells from Player to Reason, without the sheet (``A3:D3``)."""
    cells = list(row.cells.values())
    return f"{cells[0].split('!')[1]}:{cells[-1].split('!')[1]}"


def changes_typed_twice(sheet: str, rows: list[InputRow]) -> list[str]:
    """A warning for each Influence Changes entry typed on more than one row, naming every row."""
    seen: dict[tuple, list[InputRow]] = {}
    for row in rows:
        if isinstance(row.values.get("Change"), int) and row.values.get("Player"):
            seen.setdefault(_key(row), []).append(row)
    warnings = []
    for same in seen.values():
        if len(same) < 2:
            continue
        first = same[0].values
        where = first.get("Principality") or "saved"
        reason = f", reason {first.get('Reason')!r}" if first.get("Reason") else ""
        cells = f"{sheet}!" + ", ".join(_span(r) for r in same[:-1]) + " and " + _span(same[-1])
        total = first["Change"] * len(same)
        warnings.append(
            f"{cells} hold the same change ({first['Player']}, {where}, {first['Change']:+d}{reason}) "
            f"{len(same)} times: all are applied ({total:+d} Diplomatic Influence in all); if one is a slip "
            f"(a row copied twice), clear it (after the turn, 'gm-tools rollback' reopens the step) (two towns "
            f"taken or an ally's lapse in two wars are rightly two rows: a Reason naming each tells them apart)")
    return warnings


def placements_typed_twice(sheet: str, rows: list[InputRow]) -> list[str]:
    """A warning for each Place Influence entry typed on more than one row, naming every row."""
    def words(value) -> str:
        return " ".join(str(value or "").split()).casefold()

    seen: dict[tuple, list[InputRow]] = {}
    for row in rows:
        if isinstance(row.values.get("DI"), int) and row.values.get("Player") and row.values.get("Principality"):
            seen.setdefault((words(row.values["Player"]), words(row.values["Principality"]), row.values["DI"]),
                            []).append(row)
    warnings = []
    for same in (s for s in seen.values() if len(s) > 1):
        first = same[0].values
        cells = f"{sheet}!" + ", ".join(_span(r) for r in same[:-1]) + " and " + _span(same[-1])
        warnings.append(
            f"{cells} hold the same placement ({first['Player']}, {first['Principality']}, {first['DI']}) "
            f"{len(same)} times: all are placed ({first['DI'] * len(same)} Diplomatic Influence on "
            f"{first['Principality']} in all); if one is a slip (a row copied twice), clear it (after the turn, "
            "'gm-tools rollback' reopens the step)")
    return warnings
