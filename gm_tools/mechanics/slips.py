"""A placement typed on two rows: it stands by the rules, but looks like a slip of the GM's hand.

Europe 1619's INF Placements and Europe 1615's INF Deployment take one row per placement, and
two rows for the same minor state add up: a player may well write '3: LOR' and, further down
his mail, '2: LOR'. The same power, number and minor state on two rows is most often a row
copied twice (a mail typed into the sheet again): the turn goes on with both, and its report
(a dry run's too) and ``status`` warn, naming the rows, for the GM to clear one before the
turn or reopen it after. Never recorded.
"""

from __future__ import annotations

from typing import Callable

from gm_tools.engine.hooks import InputRow


def _words(value) -> str:
    return " ".join(str(value or "").split()).casefold()


def placements_typed_twice(sheet: str, rows: list[InputRow], count: Callable[[object], int | None]) -> list[str]:
    """A warning for each placement (power, INFs, minor state) typed on more than one row of
    ``sheet``, naming every row; ``count`` reads an INFs cell (``3``, ``'3 INFs'``)."""
    seen: dict[tuple, list[InputRow]] = {}
    for row in rows:
        power, minor, infs = row.values.get("Power"), row.values.get("Minor state"), count(row.values.get("INFs"))
        if power and minor and infs:
            seen.setdefault((_words(power), infs, _words(minor)), []).append(row)
    warnings = []
    for same in seen.values():
        if len(same) < 2:
            continue
        first = same[0].values
        infs = count(first.get("INFs"))
        spans = [f"{r.cells['Power'].split('!')[1]}:{r.cells['Minor state'].split('!')[1]}" for r in same]
        cells = f"{sheet}!" + ", ".join(spans[:-1]) + " and " + spans[-1]
        warnings.append(
            f"{cells} hold the same placement ({first['Power']}, {infs} INFs in {first['Minor state']}) "
            f"{len(same)} times: all are placed ({infs * len(same)} INFs in all); if one is a slip (a row or a "
            f"mail typed twice), clear it")
    return warnings
