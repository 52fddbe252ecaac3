"""What a Europe 1619 game carries from phase to phase beyond units, centers and its
diplomatic state, as one typed object: the map's captures, eliminations and new states, the
units expelled and waiting, the treasury, loans and payments, the minors' bought units, the
last statements and the yearly ledger.

The diplomatic state (INFs, suspensions, markers, declarations, the Reichstag) is typed in
:mod:`.diplomatic_phase` (``DiplomaticState``). Both are stored in ``Position.extra`` under
one key, the system's name (``{"europe1619": {"captured": ..., "influence": ..., ...}}``,
:func:`stored` and :func:`store`); only this module and :mod:`.diplomatic_phase` know the
keys inside. Records before format 4 kept these tables at the top of ``extra``: reading one
gathers them under the key (:data:`RECORD_KEYS`, the system's ``record_keys``), so it replays
to the same bytes. A field is None when its key is absent: writing the state back leaves it
absent, so a table is written empty only where the rules write it empty.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from gm_tools.engine.model import Position
from gm_tools.engine.positions import with_written

KEY = "europe1619"
CAPTURED = "captured"
ELIMINATED = "eliminated"
NEW_STATES = "new_states"
EXPELLED = "expelled"
TREASURY = "treasury"
LOANS = "loans"
PAYMENTS = "payments"
MINOR_BOUGHT = "minor_bought"
STATEMENTS = "statements"
LEDGER = "ledger"
DIPLOMATIC = ("influence", "suspended", "markers", "declarations", "reichstag", "eliminated")
"""The keys :class:`.diplomatic_phase.DiplomaticState` keeps (``eliminated`` is shared)."""
RECORD_KEYS = (CAPTURED, ELIMINATED, NEW_STATES, EXPELLED, TREASURY, LOANS, PAYMENTS, MINOR_BOUGHT, STATEMENTS,
               LEDGER) + DIPLOMATIC[:-1]
"""Every key of the state, once kept at the top of ``extra``."""


def stored(extra: dict) -> dict:
    """The game's state tables kept in a position's ``extra`` (empty before any is kept)."""
    return extra.get(KEY) or {}


def store(extra: dict, tables: dict) -> None:
    """Set some of the state's tables in a position's ``extra`` (changed in place; a table
    given as None is removed), the tables kept sorted by key."""
    kept = dict(stored(extra))
    for key, value in tables.items():
        if value is None:
            kept.pop(key, None)
        else:
            kept[key] = value
    if kept:
        extra[KEY] = dict(sorted(kept.items()))
    else:
        extra.pop(KEY, None)


@dataclass
class State:
    """Each field is the stored value, or None when the position has none."""

    captured: dict[str, str] | None = None
    """Center -> the power or minor whose capture holds it ('Occupation by proxy')."""
    eliminated: list[str] | None = None
    """Powers eliminated ('A power that does not control any of its original home centers')."""
    new_states: dict[str, str] | None = None
    """Center -> the eliminated power whose build site became a new independent state."""
    expelled: list[dict] | None = None
    """Units expelled at the Map Adjustment Phase that wait for their power's retreat."""
    treasury: dict[str, int] | None = None
    """Power -> its Treasury Points."""
    loans: list[dict] | None = None
    """Every loan recorded ('monitored by the referee, but not enforced')."""
    payments: list[dict] | None = None
    """Every payment recorded."""
    minor_bought: dict[str, int] | None = None
    """Minor -> units bought for it and still kept."""
    statements: dict | None = None
    """The last Builds and Transactions Phase's statements: ``{"year", "powers"}``."""
    ledger: dict | None = None
    """Book (``influence``, ``treasury``, ``scores``) -> year -> the year's figures."""

    @classmethod
    def from_extra(cls, extra: dict) -> "State":
        """The state read from a position's ``extra``. Its tables are the position's own, not
        copies (a long game's ledger is large): give a field a new value rather than change
        it in place, as :meth:`add_to_ledger` does."""
        tables = stored(extra)
        return cls(**{f.name: tables[f.name] for f in fields(cls) if f.name in tables})

    def write(self, extra: dict) -> None:
        """Put the state into a position's ``extra`` (changed in place)."""
        store(extra, {f.name: getattr(self, f.name) for f in fields(self)})

    def gone(self) -> frozenset[str]:
        """The powers eliminated, as a set."""
        return frozenset(self.eliminated or ())

    def add_to_ledger(self, book: str, year: int, entry) -> None:
        """One year's figures in one book of the ledger, every table kept sorted."""
        ledger = {b: dict(v) for b, v in (self.ledger or {}).items()}
        ledger.setdefault(book, {})[str(year)] = entry
        self.ledger = {b: dict(sorted(v.items())) for b, v in sorted(ledger.items())}


def state_of(position: Position) -> State:
    """The game's state at ``position``."""
    return State.from_extra(position.extra)


def with_state(position: Position, state: State) -> Position:
    """A copy of ``position`` carrying ``state``."""
    return with_written(position, state)
