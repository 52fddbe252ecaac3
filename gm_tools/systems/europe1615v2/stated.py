"""``tables.toml [stated]``: every number the rulebook's text states about its lost map and
tables (``001_6f4a9c76b6e5774a.txt``), checked when the variant loads against what play reads
(``provinces.toml``'s values, ``[objectives]``, the start's centers and units): the table itself
is read by nothing else, so an edit of it alone would change no game, and an edit of what play
reads alone would go against the rulebook unsaid.
"""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError

WHERE = "tables.toml [stated]"
RULEBOOK_VALUES = [3, 9, 15]
"""'Each supply center on the board is represented by a symbol indicating a value (3, 9, or 15)'."""


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _said(what: str) -> str:
    return f"(what the rulebook states); change both to follow a published {what} that differs"


def _values(variant: Variant, table: dict, problems: list[str]) -> None:
    allowed = table.get("values", RULEBOOK_VALUES)
    if not (isinstance(allowed, list) and allowed and all(_whole(v) and v > 0 for v in allowed)):
        problems.append(f"{WHERE} values = {allowed!r}: expected a list of the centers' values, [3, 9, 15]")
        return
    used = set()
    for code, prov in sorted(variant.provinces.items()):
        if prov.supply_center:
            used.add(prov.value)
            if prov.value not in allowed:
                problems.append(f"provinces.toml [{code}] value = {prov.value!r}, but {WHERE} values = {allowed} "
                                f"{_said('map')}")
    # A list the GM never typed (no [stated] values) asks only that each value be one of it.
    problems += [f"{WHERE} values lists {v}, but no center in provinces.toml has that value {_said('map')}"
                 for v in allowed if v not in used and "values" in table]


def _objectives(variant: Variant, table: dict, problems: list[str]) -> None:
    objectives = variant.tables.get("objectives", {})
    stated = table.get("objectives", [])
    for entry in stated if isinstance(stated, list) else ():
        if not (isinstance(entry, list) and len(entry) == 4 and all(isinstance(s, str) for s in entry[:2])
                and all(_whole(n) for n in entry[2:])):
            problems.append(f"{WHERE} objectives: {entry!r}: expected [minor state, power, political VPs, religious VPs]")
            continue
        minor, power, *pair = entry
        row = objectives.get(minor) if isinstance(objectives, dict) else None
        found = row.get(power) if isinstance(row, dict) else None
        if found != pair:
            shown = f"= {found}" if found is not None else "has no entry"
            problems.append(f"tables.toml [objectives.{minor}] {power} {shown}, but {WHERE} objectives {minor} {power} "
                            f"= {pair} {_said('table')}")
    exclusive = table.get("exclusive")
    found = objectives.get("exclusive", 0) if isinstance(objectives, dict) else None
    if exclusive is not None and not _whole(exclusive):
        problems.append(f"{WHERE} exclusive = {exclusive!r}: expected a whole number of VPs")
    elif exclusive is not None and _whole(found) and found != exclusive:  # another kind: the setup names it
        problems.append(f"tables.toml [objectives] exclusive = {found!r}, but {WHERE} exclusive = {exclusive} "
                        f"{_said('table')}")


def stated_numbers(variant: Variant) -> None:
    table = variant.tables.get("stated", {})
    if not isinstance(table, dict):
        return
    problems: list[str] = []
    _values(variant, table, problems)
    _objectives(variant, table, problems)
    powers = [c for c, p in variant.powers.items() if p.playable]
    builds = table.get("builds_1615")
    if isinstance(builds, dict):
        problems += [f"{WHERE} builds_1615: {p!r} is not a power" for p in sorted(builds) if p not in powers]
        for power in powers:
            want = builds.get(power, 0)
            centers = sum(1 for owner in variant.start_centers.values() if owner == power)
            units = sum(1 for u in variant.start_units if u.power == power)
            if not _whole(want):
                problems.append(f"{WHERE} builds_1615 {power} = {want!r}: expected a whole number of builds")
            elif centers - units != want:
                problems.append(f"provinces.toml and variant.toml: {power} starts with {centers} centers and {units} "
                                f"units, {centers - units} build(s) in 1615, but {WHERE} builds_1615 {power} = {want} "
                                f"{_said('map')}")
    values = table.get("center_values", {})
    for code, value in sorted(values.items()) if isinstance(values, dict) else ():
        prov = variant.provinces.get(code)
        if prov is None or not prov.supply_center:
            problems.append(f"{WHERE} center_values: {code!r} is not a supply center")
        elif not _whole(value):
            problems.append(f"{WHERE} center_values {code} = {value!r}: expected a whole number, the value the "
                            "rulebook states")
        elif prov.value != value:
            problems.append(f"provinces.toml [{code}] value = {prov.value}, but {WHERE} center_values {code} = {value} "
                            f"{_said('map')}")
    if problems:
        raise VariantDataError(variant.name, problems)
