"""An order as JSON, for the record: ``{"type": "move", "unit": "A PAR", "dest": "BUR", ...}``.

The record keeps each judged order parsed (``results[].parsed``, ``docs/game-record.md``), so
the site draws an old phase from what was judged then, never by reading its text again with
today's parser. Units are written as in positions (:mod:`gm_tools.engine.positions`).
"""

from __future__ import annotations

from dataclasses import MISSING, fields

from gm_tools.engine.model import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Unit, Waive
from gm_tools.engine.positions import unit_from_json, unit_to_json

TYPES: dict[str, type] = {
    "hold": Hold, "move": Move, "support": Support, "convoy": Convoy,
    "retreat": Retreat, "disband": Disband, "build": Build, "waive": Waive,
}
_NAMES = {cls: name for name, cls in TYPES.items()}
_FIELDS = {cls: tuple((f.name, f.default) for f in fields(cls)) for cls in TYPES.values()}
"""Order class -> (field name, default) of each field, in order: read once here, since
``dataclasses.fields`` costs more than the rest of :func:`order_to_json` (every result of
every phase is written this way). A field without a default has ``MISSING``: always written."""
_KNOWN = {cls: frozenset(name for name, _ in names) for cls, names in _FIELDS.items()}
"""Order class -> the names of its fields, which an order read back may have."""


def order_to_json(order: Order) -> dict:
    """The order as a JSON object: its type, and its fields (defaults left out)."""
    cls = type(order)
    data: dict = {"type": _NAMES[cls]}
    for name, default in _FIELDS[cls]:
        value = getattr(order, name)
        if name == "unit":
            data["unit"] = unit_to_json(value)
        elif default is MISSING or value != default:
            data[name] = value
    return data


def order_from_json(data: dict) -> Order:
    """The order :func:`order_to_json` wrote (``KeyError``/``ValueError`` when it is not one)."""
    cls = TYPES[data["type"]]
    values = {k: v for k, v in data.items() if k != "type"}
    if "unit" in values:
        values["unit"] = unit_from_json(values["power"], values["unit"], "order")
    if not _KNOWN[cls].issuperset(values):
        raise ValueError(f"unknown keys for a {data['type']} order: {sorted(set(values) - _KNOWN[cls])}")
    return cls(**values)


__all__ = ["order_from_json", "order_to_json", "Unit"]
