"""The checks of ``tables.toml [upheaval]`` and ``[military_cards]`` (both reconstructed, so the
GM's to edit) and of the other tables' figures: every mistake named when the variant loads, not
as a traceback in the round that first reads the value. Rulebook: 003_b5b9eb4920d39694.txt."""

from __future__ import annotations

from gm_tools.engine.variant import Variant

_META = ("reconstructed", "source")


def _whole(table: dict, key: str, where: str, what: str, problems: list[str]) -> None:
    if key not in table:
        problems.append(f"{where}: no {key!r}, expected {what}")
        return
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.append(f"{where} {key} = {value!r}: expected a whole number, 0 or more ({what})")


def upheaval_problems(variant: Variant) -> list[str]:
    """'Draw 2 control markers in a 5-6 Player game, 3 in a 7-8 Player game': a count for every
    number of players the variant seats ([players] least to most), and the rounds' figures."""
    table = variant.tables.get("upheaval")
    if not isinstance(table, dict):
        return []  # absent: the rules' defaults; not a table: the loader names it
    where = "tables.toml [upheaval]"
    players = variant.tables.get("players", {})
    least, most = players.get("least", 3), players.get("most", 14)
    seats = range(least, most + 1) if isinstance(least, int) and isinstance(most, int) else range(0)
    from gm_tools.engine.system import GameSystem

    problems = GameSystem.unknown_keys(table, where, ("draws", "late_from_round", "converts_at_most"))
    draws = table.get("draws")
    if not isinstance(draws, dict):
        problems.append(f"{where} draws = {draws!r}: expected {{ 5 = 2, ... }}, the control markers drawn for each "
                        f"count of players from {least} to {most}")
        draws = {}
    for key, value in draws.items():
        if not key.isdigit() or int(key) not in seats:
            problems.append(f"{where} draws {key!r}: expected a number of players from {least} to {most}")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"{where} draws {key} = {value!r}: expected a whole number of control markers, 0 or more")
    problems += [f"{where} draws: no count for {n} players, expected one for each count from {least} to {most}"
                 for n in seats if str(n) not in draws]
    _whole(table, "late_from_round", where, "the round from which every principality's marker goes in the bag",
           problems)
    _whole(table, "converts_at_most", where, "the highest D6 roll that converts", problems)
    return problems


def cards_problems(variant: Variant) -> list[str]:
    """'30 Military Unit poker cards': how many of each unit, and the rounds' figures the card
    engine reads."""
    table = variant.tables.get("military_cards")
    if not isinstance(table, dict):
        return []
    where = "tables.toml [military_cards]"
    from gm_tools.engine.system import GameSystem

    problems = GameSystem.unknown_keys(table, where, ("pikemen", "musketeers", "cavalry", "rifling_from_round",
                                                      "doctrine_discards"))
    for unit in ("pikemen", "musketeers", "cavalry"):
        if unit not in table:
            problems.append(f"{where}: no {unit!r}, expected the number of {unit} cards in the deck")
        elif isinstance(table[unit], bool) or not isinstance(table[unit], int) or table[unit] < 0:
            problems.append(f"{where} {unit} = {table[unit]!r}: expected a whole number of cards, 0 or more")
    _whole(table, "rifling_from_round", where, "the round from which Advanced Rifling is played", problems)
    _whole(table, "doctrine_discards", where, "the cards a player may discard", problems)
    return problems


_FIGURES = {"players": ("least", "most", "hexes_each", "default"), "princes": ("provinces",),
            "influence": ("setup",), "gold": ("per_town",),
            "foreign_powers": ("power_per_round",), "emperor": ("dies_at_most", "dies_after_rounds"),
            "victory": ("religious_from_round", "last_round", "town_power")}
"""The single figures of the rulebook's other tables the rules read as whole numbers."""

_COLUMNS = {"electors": None, "principalities": "size_by_roll", "foreign_powers": "most_power"}
"""Tables (or a table's entry) whose every value is a whole number: electors' sizes, the D6's
principality sizes, Foreign Power limits by round."""


def figures_problems(variant: Variant) -> list[str]:
    """Each figure of the other tables that is no whole number, named with its table and key
    (the readers' int() would stop a new game or a round with a traceback)."""
    problems: list[str] = []
    for name, keys in _FIGURES.items():
        table = variant.tables.get(name)
        if isinstance(table, dict):
            problems += [f"tables.toml [{name}] {key} = {table[key]!r}: expected a whole number, 0 or more"
                         for key in keys if key in table and not _is_whole(table[key])]
    for name, entry in _COLUMNS.items():
        table = variant.tables.get(name)
        values = table.get(entry) if isinstance(table, dict) and entry else table
        if not isinstance(values, dict):
            continue
        label = f"{entry} " if entry else ""
        problems += [f"tables.toml [{name}] {label}{key} = {value!r}: expected a whole number, 0 or more"
                     for key, value in values.items() if key not in _META and not _is_whole(value)]
    return problems


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
