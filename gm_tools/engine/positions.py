"""Positions as JSON: the one place that turns a :class:`~gm_tools.engine.model.Position` into the
POSITION object of ``docs/game-record.md`` and back.

The JSON form groups units and centers by power and sorts every list, so the same position
always gives the same bytes.
"""

from __future__ import annotations

from operator import attrgetter

from gm_tools.errors import UserError
from gm_tools.engine.model import UNIT_KINDS, Dislodged, Position, Unit, shared_unit


class PositionFormatError(UserError):
    """A stored POSITION that does not have the documented shape."""


def unit_to_json(unit: Unit) -> str | dict:
    """``"A PAR"``, or ``{"unit": "A PAR", "strength": 2}`` when the strength is not 1 (the
    form ``variant.toml`` uses for bolstered units)."""
    if unit.strength == 1:
        return unit.label
    return {"unit": unit.label, "strength": unit.strength}


def unit_from_json(power: str, item, where: str) -> Unit:
    """Read one unit entry (string or object) of ``power``; ``where`` names it in errors."""
    strength = 1
    text = item
    if isinstance(item, dict):
        text = item.get("unit")
        strength = item.get("strength", 1)
        if not isinstance(strength, int) or isinstance(strength, bool) or strength < 1:
            raise PositionFormatError(f"{where}: found strength {strength!r}, expected a whole number >= 1")
    if not isinstance(text, str):
        raise PositionFormatError(f"{where}: found {item!r}, expected a unit like \"A PAR\"")
    parts = text.split()
    if len(parts) != 2 or parts[0] not in UNIT_KINDS:
        raise PositionFormatError(f"{where}: found {text!r}, expected a unit like \"A PAR\" or \"F SPA/NC\"")
    return shared_unit(power, parts[0], parts[1], strength)


def position_to_json(position: Position) -> dict:
    """The POSITION object of ``docs/game-record.md``: plain data, every list sorted."""
    units: dict[str, list] = {}
    # Units taken in the order of their written form, so each power's list comes out sorted.
    for unit in sorted(position.units.values(), key=attrgetter("label")):
        units.setdefault(unit.power, []).append(unit_to_json(unit))
    centers: dict[str, list[str]] = {}
    for province, owner in position.centers.items():
        centers.setdefault(owner, []).append(province)
    dislodged: dict[str, list[dict]] = {}
    for d in position.dislodged.values():
        entry = {
            "unit": d.unit.label,
            "from": d.attacker_from,
            "retreats": sorted(d.retreats),
        }
        if d.unit.strength != 1:
            entry["strength"] = d.unit.strength
        dislodged.setdefault(d.unit.power, []).append(entry)
    return {
        "phase": position.phase,
        "units": dict(sorted(units.items())),
        "centers": {p: sorted(v) for p, v in sorted(centers.items())},
        "dislodged": {p: sorted(v, key=lambda e: e["unit"]) for p, v in sorted(dislodged.items())},
        "contested": sorted(position.contested),
        "extra": position.extra,
    }


def position_from_json(data: dict, units: dict[str, Unit] | None = None) -> Position:
    """Read a POSITION object back; raises :class:`PositionFormatError` naming the bad entry.
    ``units``: its units, read already from an entry known to hold the same texts (a game's
    history gives each phase's board twice: after one phase, before the next)."""
    if not isinstance(data, dict) or not isinstance(data.get("phase"), str):
        raise PositionFormatError("position: expected an object with a \"phase\" string")
    if units is None:
        units = _units_from_json(data)
    centers: dict[str, str] = {}
    for power, provinces in data.get("centers", {}).items():
        for province in provinces:
            centers[province] = power
    dislodged: dict[str, Dislodged] = {}
    for power, entries in data.get("dislodged", {}).items():
        for i, entry in enumerate(entries):
            where = f"position.dislodged.{power}[{i}]"
            if not isinstance(entry, dict):
                raise PositionFormatError(f"{where}: expected an object with unit, from, retreats")
            item = {"unit": entry.get("unit"), "strength": entry.get("strength", 1)}
            unit = unit_from_json(power, item, where)
            dislodged[unit.province] = Dislodged(
                unit=unit,
                attacker_from=entry.get("from"),
                retreats=tuple(entry.get("retreats", ())),
            )
    return Position(
        phase=data["phase"],
        units=units,
        centers=centers,
        dislodged=dislodged,
        contested=frozenset(data.get("contested", ())),
        extra=data.get("extra", {}) or {},
    )


def _units_from_json(data: dict) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for power, items in data.get("units", {}).items():
        for i, item in enumerate(items):
            unit = unit_from_json(power, item, f"position.units.{power}[{i}]")
            if unit.province in units:
                raise PositionFormatError(f"position.units.{power}[{i}]: a second unit in {unit.province}")
            units[unit.province] = unit
    return units


def same_unit_texts(data: dict, other: dict) -> bool:
    """Do two POSITION objects list the same units, each a list of plain texts (``"A PAR"``), so
    that reading one reads the other? Texts compare exactly; numbers would not (in Python
    ``2 == 2.0 == True``, and a strength of ``2.0`` or ``true`` is refused), so an entry with a
    strength never counts as the same."""
    units = data.get("units") if isinstance(data, dict) else None
    if not isinstance(units, dict) or not isinstance(other, dict) or units != other.get("units"):
        return False
    for items in units.values():
        if type(items) is not list:
            return False
        for item in items:
            if type(item) is not str:
                return False
    return True


def system_state(position: Position, key: str) -> dict:
    """A game system's own state as it is stored in ``position.extra[key]`` (plain JSON; empty
    before the system has written any). The system turns it into its typed object."""
    return position.extra.get(key, {})


def with_system_state(position: Position, key: str, data: dict) -> Position:
    """A copy of ``position`` carrying a game system's state ``data`` (its typed object's JSON)
    under ``key``: the one way a system writes its state, so none changes a position it was given."""
    new = position.copy()
    new.extra[key] = data
    return new


def with_written(position: Position, state) -> Position:
    """A copy of ``position`` carrying a typed state that writes itself into ``extra``
    (``state.write(extra)``, under its system's one key: Centenary's, Europe 1619's)."""
    new = position.copy()
    state.write(new.extra)
    return new


def gather_state(extra: dict, key: str, old_keys) -> dict:
    """``extra`` in today's layout for a system that once kept its state at the top of
    ``extra`` under ``old_keys`` (records before format 4): those entries moved, unchanged,
    into the table under ``key``. A copy; ``extra`` itself is left as it was."""
    moved = {k: extra[k] for k in old_keys if k in extra}
    if not moved:
        return extra
    out = {k: v for k, v in extra.items() if k not in moved}
    out[key] = dict(sorted({**(extra.get(key) or {}), **moved}.items()))
    return out
