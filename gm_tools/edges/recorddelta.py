"""A phase record on disk keeps what changed in the phase, not a long game's books again.

A variant's state in a position (``extra``) can hold books that grow with the game: Europe
1619's ledger keeps every year's influence, treasury and scores, 120 KB by 1648, and each
record holds two positions (before and after the phase), so a game of 150 phases stored the
same years again and again (30 MB of records, most of a turn's time and memory spent reading
them; issue 19). From record format 4, a large table of a game system's state (an entry of
the object a position's ``extra`` keeps under the system's name, such as
``extra["europe1619"]["ledger"]``) is written as its change from the same table one step
earlier (format 3 did this for the entries of ``extra`` itself):

- ``before``'s from the previous record's ``after`` (the board the phase started from);
- ``after``'s from this record's ``before``.

The change is ``{"$change": {"set": {...}, "drop": [...], "tables": {KEY: {"set": {...},
"drop": [...]}}}}``: keys set to a new value, keys removed, and for a key whose value is an
object in both, its own keys set and removed (a ledger's book gains a year). A table is
written whole when it is small (fewer than :data:`LARGE` values two levels deep), when there
is nothing to build on (the first record) or when the change would not hold fewer values. Reading puts every
record back whole, in calendar order (:func:`expand`); the engine and the site only ever see
whole positions. Keys starting with ``$`` are never the game's own, so a change is told apart
from a value. ``docs/game-record.md`` describes the format.
"""

from __future__ import annotations

CHANGE = "$change"
LARGE = 4
"""A table of a system's state holding this many values or more (:func:`_weight`) is
written as its change, when the change holds fewer. Low, as a value two levels down can be
large (a year of Europe 1619's influence book holds every minor state): the ledger is
written as its changes from its second year on, and a phase's JSON on the site with it."""
SIDES = ("before", "after")


def _weight(table: dict) -> int:
    """How many values a table holds, counted two levels deep (a ledger: its books' years).
    Counted, not measured in JSON: the site weighs every record of a long game each turn."""
    return sum(len(v) if isinstance(v, dict) else 1 for v in table.values())


def _change_weight(change: dict) -> int:
    """How many values a change holds, counted as :func:`_weight` counts a table: a key set
    inside one of the table's objects (a ledger's book gains a year) is one value, as that
    year is one value of the whole table."""
    return (_weight(change.get("set", {})) + len(change.get("drop", ()))
            + sum(len(t.get("set", {})) + len(t.get("drop", ())) for t in change.get("tables", {}).values()))


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


def _smaller(value, old):
    """``value`` as it is written: its change from ``old`` when it is a large table and the
    change holds fewer values, else itself."""
    if isinstance(value, dict) and isinstance(old, dict) and _weight(value) >= LARGE:
        change = _change(old, value)
        if _change_weight(change) < _weight(value):
            return {CHANGE: change}
    return value


def shrink(record: dict, previous: dict | None) -> dict:
    """The record as it is written: the large tables of each game system's state as changes
    (``previous``: the record before it, whole, or None for the first)."""
    bases = {"before": _extra(previous, "after") if previous else None, "after": _extra(record, "before")}
    out = dict(record)
    for side in SIDES:
        extra, base = _extra(record, side), bases[side]
        if extra is None or base is None:
            continue
        written = {}
        for key, value in extra.items():
            old = base.get(key)
            if isinstance(value, dict) and isinstance(old, dict):
                # a system's state: {table: ...}, each table written whole or as its change
                value = {k: _smaller(v, old.get(k)) for k, v in value.items()}
            written[key] = value
        out[side] = dict(record[side], extra=written)
    return out


def _is_change(value) -> bool:
    return isinstance(value, dict) and CHANGE in value


def _holds_change(value) -> bool:
    """Whether an entry of ``extra`` is a change (format 3) or holds one (a system's table)."""
    return _is_change(value) or (isinstance(value, dict) and any(_is_change(v) for v in value.values()))


def _whole(value, base, where: str, side: str):
    if not _is_change(value):
        return value
    if not isinstance(base, dict):
        raise ValueError(f"{side}.extra.{where} is written as a change, but the "
                         f"{'previous record' if side == 'before' else 'before position'} has no such table")
    return _apply(base, value[CHANGE])


def expand(record: dict, previous: dict | None) -> dict:
    """The record whole again (``previous``: the record before it, whole). A change with
    nothing to build on is reported by :class:`ValueError`, for the reader to name the file.
    Format 3 wrote changes of whole entries of ``extra``; format 4 writes them one level
    down, inside a system's state: both are read."""
    if not any(_holds_change(v) for side in SIDES for v in (_extra(record, side) or {}).values()):
        return record
    out = dict(record)
    bases = {"before": _extra(previous, "after") if previous else None}
    for side in SIDES:
        extra = _extra(record, side)
        if extra is None:
            continue
        base = bases.get(side, _extra(out, "before")) or {}
        whole = {}
        for key, value in extra.items():
            old = base.get(key)
            value = _whole(value, old, key, side)
            if isinstance(value, dict) and any(_is_change(v) for v in value.values()):
                inner = old if isinstance(old, dict) else {}
                value = {k: _whole(v, inner.get(k), f"{key}.{k}", side) for k, v in value.items()}
            whole[key] = value
        out[side] = dict(record[side], extra=whole)
    return out


def carry(system, record: dict, previous: dict | None) -> dict:
    """``record`` (whole) with what an older version of its game system's state left out filled
    in from the records before it (:meth:`~gm_tools.engine.system.GameSystem.carry_state`)."""
    return record if system is None else system.carry_state(record, previous)
