"""``tables.toml [stated]``: every number the rulebook's text states about its lost map
(``000_cc215928c2f3193e.txt``), checked when the variant loads against what play reads,
``provinces.toml``'s values: the table itself is read by nothing else, so an edit of it alone
would change no game, and an edit of the values alone would go against the rulebook unsaid.
"""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError

WHERE = "tables.toml [stated]"
_CHANGE = "change both to follow a published map that differs"


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _start_infs(variant: Variant, powers) -> int | None:
    """The first year's INFs of ``powers`` as the Status Check gives them (the values of the
    centers each holds at the start); None when a value is no number (the setup names it)."""
    values = [variant.provinces[c].value for c, owner in variant.start_centers.items() if owner in powers]
    return sum(values) if all(_whole(v) for v in values) else None


def _worth(variant: Variant, powers) -> str:
    return ", ".join(f"{c} {variant.provinces[c].value}" for c, owner in sorted(variant.start_centers.items())
                     if owner in powers)


def stated_numbers(variant: Variant) -> None:
    table = variant.tables.get("stated")
    if not isinstance(table, dict):
        return
    problems: list[str] = []
    powers = {c for c, p in variant.powers.items() if p.playable}
    infs = table.get("first_year_infs", {})
    for power, n in sorted(infs.items()) if isinstance(infs, dict) else ():
        if power not in powers:
            problems.append(f"{WHERE} first_year_infs: {power!r} is not a power")
        elif not _whole(n):
            problems.append(f"{WHERE} first_year_infs {power} = {n!r}: expected a whole number of INFs")
        elif (found := _start_infs(variant, {power})) is not None and found != n:
            problems.append(f"provinces.toml: {power}'s centers at the start are worth {found} INFs, but {WHERE} "
                            f"first_year_infs {power} = {n} (what the rulebook states); its centers: "
                            f"{_worth(variant, {power})}: the first year's INFs are those values; {_CHANGE}")
    combined = table.get("combined_first_year_infs", [])
    for entry in combined if isinstance(combined, list) else ():
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], list) and _whole(entry[1])
                and entry[0] and all(p in powers for p in entry[0])):
            problems.append(f"{WHERE} combined_first_year_infs: {entry!r}: expected [[the powers], their INFs]")
        elif (found := _start_infs(variant, set(entry[0]))) is not None and found != entry[1]:
            named = " and ".join(entry[0])
            problems.append(f"provinces.toml: the centers of {named} at the start are worth {found} INFs, but {WHERE} "
                            f"combined_first_year_infs {' + '.join(entry[0])} = {entry[1]} (what the rulebook states); "
                            f"{_CHANGE}")
    minors = variant.tables.get("minor_states", {})
    values = table.get("center_values", {})
    for minor, value in sorted(values.items()) if isinstance(values, dict) else ():
        center = minors.get(minor, {}).get("home_center") if isinstance(minors.get(minor), dict) else None
        if center not in variant.provinces:
            problems.append(f"{WHERE} center_values: {minor!r} is not a minor state with a center")
        elif not _whole(value):
            problems.append(f"{WHERE} center_values {minor} = {value!r}: expected a whole number, the value the "
                            "rulebook states")
        elif variant.provinces[center].value != value:
            problems.append(f"provinces.toml [{center}] value = {variant.provinces[center].value}, but {WHERE} "
                            f"center_values {minor} = {value} (what the rulebook states): INFs, captures and scores "
                            f"read provinces.toml; {_CHANGE}")
    span = table.get("value_range")
    if span is not None:
        if not (isinstance(span, list) and len(span) == 2 and all(_whole(n) for n in span)):
            problems.append(f"{WHERE} value_range = {span!r}: expected [the least value, the greatest]")
        else:
            for code, prov in sorted(variant.provinces.items()):
                if (prov.supply_center or prov.extra.get("center_from")) and _whole(prov.value) \
                        and not span[0] <= prov.value <= span[1]:
                    problems.append(f"provinces.toml [{code}] value = {prov.value}, but {WHERE} value_range = {span} "
                                    f"(what the rulebook states: the map's values range within it); {_CHANGE}")
    if problems:
        raise VariantDataError(variant.name, problems)
