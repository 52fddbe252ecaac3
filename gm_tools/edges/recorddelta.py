"""A phase record on disk keeps what changed in the phase, not a long game's books again.

A variant's state in a position (``extra``) can hold books that grow with the game: Europe
1619's ledger keeps every year's influence, treasury and scores, 120 KB by 1648, and each
record holds two positions (before and after the phase), so a game of 150 phases stored the
same years again and again (30 MB of records, most of a turn's time and memory spent reading
them; issue 19). From record format 3, a large entry of a position's ``extra`` that is a
table (an object) is written as its change from the same entry one step earlier:

- ``before``'s from the previous record's ``after`` (the board the phase started from);
- ``after``'s from this record's ``before``.

The change is ``{"$change": {"set": {...}, "drop": [...], "tables": {KEY: {"set": {...},
"drop": [...]}}}}``: keys set to a new value, keys removed, and for a key whose value is an
object in both, its own keys set and removed (a ledger's book gains a year). An entry is
written whole when it is small (fewer than :data:`LARGE` values two levels deep), when there
is nothing to build on (the first record) or when the change would not hold fewer values. Reading puts every
record back whole, in calendar order (:func:`expand`); the engine and the site only ever see
whole positions. Keys starting with ``$`` are never the game's own, so a change is told apart
from a value. ``docs/game-record.md`` describes the format.
"""

from __future__ import annotations

CHANGE = "$change"
LARGE = 16
"""An entry of ``extra`` holding this many values or more (:func:`_weight`) is written as
its change, when the change holds fewer."""
SIDES = ("before", "after")


def _weight(table: dict) -> int:
    """How many values a table holds, counted two levels deep (a ledger: its books' years).
    Counted, not measured in JSON: the site weighs every record of a long game each turn."""
    return sum(len(v) if isinstance(v, dict) else 1 for v in table.values())


def _change_weight(change: dict) -> int:
    return (_weight(change.get("set", {})) + len(change.get("drop", ()))
            + sum(_weight(t.get("set", {})) + len(t.get("drop", ())) for t in change.get("tables", {}).values()))


def _change(base: dict, new: dict) -> dict:
    """What turns ``base`` into ``new``, two levels deep."""
    change: dict = {"set": {}, "drop": sorted(k for k in base if k not in new), "tables": {}}
    for key, value in new.items():
        old = base.get(key, _MISSING)
        if old is _MISSING or old != value:
            if isinstance(old, dict) and isinstance(value, dict):
                table = {"set": {k: v for k, v in value.items() if old.get(k, _MISSING) != v},
                         "drop": sorted(k for k in old if k not in value)}
                change["tables"][key] = {k: v for k, v in table.items() if v}
            else:
                change["set"][key] = value
    return {k: v for k, v in change.items() if v}


_MISSING = object()


def _apply(base: dict, change: dict) -> dict:
    out = dict(base)
    for key in change.get("drop", ()):
        out.pop(key, None)
    out.update(change.get("set", {}))
    for key, table in change.get("tables", {}).items():
        inner = dict(base.get(key) or {})
        for k in table.get("drop", ()):
            inner.pop(k, None)
        inner.update(table.get("set", {}))
        out[key] = inner
    return out


def _extra(record: dict, side: str) -> dict | None:
    position = record.get(side)
    extra = position.get("extra") if isinstance(position, dict) else None
    return extra if isinstance(extra, dict) else None


def shrink(record: dict, previous: dict | None) -> dict:
    """The record as it is written: its large ``extra`` tables as changes (``previous``: the
    record before it, whole, or None for the first)."""
    bases = {"before": _extra(previous, "after") if previous else None, "after": _extra(record, "before")}
    out = dict(record)
    for side in SIDES:
        extra, base = _extra(record, side), bases[side]
        if extra is None or base is None:
            continue
        written = {}
        for key, value in extra.items():
            old = base.get(key)
            if isinstance(value, dict) and isinstance(old, dict) and _weight(value) >= LARGE:
                change = _change(old, value)
                if _change_weight(change) < _weight(value):
                    written[key] = {CHANGE: change}
                    continue
            written[key] = value
        out[side] = dict(record[side], extra=written)
    return out


def expand(record: dict, previous: dict | None) -> dict:
    """The record whole again (``previous``: the record before it, whole). A change with
    nothing to build on is reported by :class:`ValueError`, for the reader to name the file."""
    if not any(isinstance(v, dict) and CHANGE in v for side in SIDES for v in (_extra(record, side) or {}).values()):
        return record
    out = dict(record)
    bases = {"before": _extra(previous, "after") if previous else None}
    for side in SIDES:
        extra = _extra(record, side)
        if extra is None:
            continue
        base = bases.get(side, _extra(out, "before"))
        whole = {}
        for key, value in extra.items():
            if isinstance(value, dict) and CHANGE in value:
                if base is None or not isinstance(base.get(key), dict):
                    raise ValueError(f"{side}.extra.{key} is written as a change, but the "
                                     f"{'previous record' if side == 'before' else 'before position'} has no such table")
                value = _apply(base[key], value[CHANGE])
            whole[key] = value
        out[side] = dict(record[side], extra=whole)
    return out
