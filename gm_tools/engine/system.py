"""The one interface a game system implements, and the registry that finds it.

A *game system* is everything specific to one rulebook: standard Diplomacy, Centenary,
Europe 1619, Europe 1615 (versions 3 and 2) and The Peace of Westphalia. Its code lives in one folder,
``gm_tools/systems/<name>/``, whose ``__init__.py`` exports ``SYSTEM``, a
:class:`GameSystem`; its data lives in ``variants/<name>/``. A variant's ``variant.toml``
names its system with ``rules = "<name>"``; the core never names a system.

The interface, and where each part of it lives:

- set up a new game: :meth:`Rules.for_players` (a variant's smaller setups);
- the input sheets and their checks, what is written back, the sections of the phase page:
  :class:`~gm_tools.engine.hooks.SheetHooks` (plain tables, never openpyxl);
- resolve a phase: :class:`~gm_tools.engine.rules.Rules` (the adjudicator's hooks, and
  ``play_phase`` for phases the Diplomacy engine does not play);
- the map: the renderer's optional ``province_style`` (or whole-map ``province_styles``) and
  ``unit_marks`` hooks on the system's rules;
- the demo: :meth:`GameSystem.demo_cells`, how a demo file's lines become the system's
  input sheets' cells (``gm_tools/app/demo.py`` plays every demo the same way);
- players' mail (``gm-tools orders``): :meth:`GameSystem.mailed_rows`, a line as a row of the
  system's sheets, or :meth:`GameSystem.mailed_cells`, a line as cells of a row laid out for
  the player or shared by two players' mails.

Diplomacy variants get most of this from the standard parts (the adjudicator, retreats,
adjustments, the Orders sheet) and override only what their rulebook changes.

Systems are plug-ins: :func:`system_for` imports ``gm_tools.systems.<name>`` by name when a
variant first asks for it, so the engine has no import of any system's code.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import re
from dataclasses import dataclass, replace

from gm_tools.engine.hooks import STANDARD, SheetHooks, Table
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, PhaseError, parse_phase
from gm_tools.engine.positions import gather_state
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError


@dataclass(frozen=True)
class Option:
    """One named option a game system reads from its variants' ``[options]`` table."""

    name: str
    """The key in ``[options]``."""
    kind: type
    """``int``, ``bool`` or ``str``: what the value must be."""
    doc: str
    """What it sets, in the rulebook's words where it has them (shown in errors)."""
    minimum: int | None = None
    """For ``int`` options: the least value allowed."""
    choices: tuple[str, ...] = ()
    """For ``str`` options: the values allowed (empty: any)."""


COMMON_OPTIONS = (
    Option("civil_disorder", str, "which centers civil disorder measures distance to: the power's "
           "home centers (2000 rulebook, the default) or the supply centers it owns (2023 rulebook)",
           choices=("home_centers", "owned_centers")),
)
"""Options of the standard rules, which every Diplomacy variant may set (docs/datc-options.md)."""

ENGINE_OPTIONS = ("rules", "players")
"""Options every variant may carry: its system (set from the top-level ``rules`` key), and
a smaller setup's player count (set by a system's ``Rules.for_players``, never written in
data). A variant's rules and sheet hooks are its system's, named in one place."""


@dataclass(frozen=True)
class MailedRows:
    """A power's mailed lines as rows of a system's input sheets (``gm-tools orders``)."""

    sheets: tuple[str, ...]
    """The input sheets the phase's mail goes on: the power's earlier rows there are
    replaced, as its latest mail is the one that counts."""
    rows: list
    """Per line: ``(sheet, values)``, the values of its row (the power first); a string, the
    form the line should have had; or None, a line read into the row before it."""


@dataclass(frozen=True)
class SheetNow:
    """One input sheet of the phase as it stands, for a system that types mail into cells of
    rows laid out per player, or of rows two players' mails share (:meth:`GameSystem.mailed_cells`).
    The hook gets its own copy, free to change as it works out where its lines go."""

    table: Table
    """The sheet as gm-tools laid it out for the phase (columns, rows, blank rows)."""
    cells: dict
    """(row number, column header) -> value, for every cell that holds one (laid out or typed)."""

    @property
    def last(self) -> int:
        """The last row laid out for typing in (the rows after it are locked)."""
        return len(self.table.rows) + self.table.blank_rows + 1

    def value(self, row: int, header: str):
        return self.cells.get((row, header))

    def rows_where(self, header: str, value) -> list[int]:
        """The rows whose ``header`` cell holds ``value``, top to bottom."""
        return sorted(r for (r, h), v in self.cells.items() if h == header and v == value)

    def is_free(self, row: int) -> bool:
        """A row laid out for typing with nothing in any of its cells."""
        return 2 <= row <= self.last and not any(r == row for r, _ in self.cells)


@dataclass(frozen=True)
class MailedCells:
    """A player's mailed lines as cells of the phase's input sheets (``gm-tools orders``)."""

    clear: tuple
    """(sheet, row, header) of the cells the player's new mail replaces: its earlier entries."""
    lines: list
    """Per line: the cells it types, a tuple of ``(sheet, row, header, value)`` (None clears a
    cell); or a string, why the line is refused (what was expected)."""


class GameSystem:
    """One rulebook's code, as the rest of gm_tools sees it. Standard Diplomacy is this
    class as it stands; a system passes its own rules and sheet hooks, and overrides the
    methods its rulebook changes."""

    mail_noun = "order(s)"
    """What ``gm-tools orders`` counts a mail's lines as: orders, or a board game's lines."""

    @property
    def due_noun(self) -> str:
        """What the players owe by a deadline, as the site says it ("orders due"): what they mail."""
        return self.mail_noun.replace("(s)", "s")

    def due_for(self, phase: str | None) -> str:
        """What the players owe by the deadline of ``phase``: :attr:`due_noun` where they mail
        orders for units (movement, retreats, adjustments) or their own lines (The Peace of
        Westphalia), "entries" in a variant's phase played from its sheets, whose players send
        INF placements, reference lists or offers, not orders."""
        if self.mail_noun != GameSystem.mail_noun or not phase:
            return self.due_noun
        try:
            kind = parse_phase(phase).type
        except PhaseError:
            return self.due_noun
        return self.due_noun if kind in (MOVEMENT, RETREAT, ADJUSTMENT) else "entries"

    mail_owner = ("no power line", "a line naming the power before the orders")
    """What a mail lacks when no line names whose it is, and the line it needs (The Peace of
    Westphalia's player line, before his lines)."""

    def __init__(self, name: str, rules: Rules | None = None, sheets: SheetHooks | None = None,
                 options: tuple[Option, ...] = (), record_keys: tuple[str, ...] = (),
                 new_game_options: dict | None = None):
        self.name = name
        """The system's name: its folder under ``gm_tools/systems/`` and the ``rules`` key
        of its variants' ``variant.toml``."""
        self.rules = rules or Rules()
        """The adjudicator's and the renderer's hooks (:class:`Rules`)."""
        self.sheets = sheets or STANDARD
        """The workbook sheets the system adds, checks and writes back (:class:`SheetHooks`)."""
        self.options = options
        """The named options the system reads from its variants' ``[options]``."""
        self.record_keys = record_keys
        """The keys of a position's ``extra`` under which records before format 4 kept this
        system's state, at the top; a record of those is read with them gathered under the
        system's name (:meth:`upgrade_extra`), where the system keeps its state today."""
        self.new_game_options = dict(new_game_options or {})
        """Options a new game records in its game.json unless the GM or the variant's
        ``[options]`` sets them: a rulebook's reading adopted after games were recorded by
        another, which an option left out of a game.json keeps (:meth:`options_of_new_game`)."""

    def check_variant(self, variant: Variant) -> list[str]:
        """Every problem with what the system reads of a loaded variant: its ``[options]``
        (unknown keys, wrong types) and :meth:`check_tables`. Asked by the variant loader,
        so a mistake in the data is reported when the variant is loaded, with the others."""
        known = {o.name: o for o in COMMON_OPTIONS + tuple(self.options)}
        problems = []
        wrong = set()
        for key, value in sorted(variant.options.items()):
            if key in ENGINE_OPTIONS:
                continue
            option = known.get(key)
            count = len(problems)
            if option is None:
                close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.8)
                hint = f" (did you mean {close[0]!r}?)" if close else (
                    f" (the {self.name} system reads: {', '.join(sorted(known))})" if known
                    else f" (the {self.name} system reads none)")
                problems.append(f"variant.toml [options]: unknown option {key!r}{hint}")
            elif not isinstance(value, option.kind) or (option.kind is int and isinstance(value, bool)):
                problems.append(f"variant.toml [options] {key} = {value!r}: expected {option.kind.__name__} "
                                f"({option.doc})")
            elif option.minimum is not None and value < option.minimum:
                problems.append(f"variant.toml [options] {key} = {value!r}: expected {option.minimum} or more "
                                f"({option.doc})")
            elif option.choices and value not in option.choices:
                problems.append(f"variant.toml [options] {key} = {value!r}: expected one of "
                                f"{', '.join(repr(c) for c in option.choices)} ({option.doc})")
            if len(problems) > count:
                wrong.add(key)
        # The tables' readers take the options as checked ('max_strength = "x"' would stop
        # them with a ValueError): a wrong one is left to its default while they read.
        kept = {k: v for k, v in variant.options.items() if k not in wrong}
        shape = shape_problems(variant.tables, self.tables_shape) if self.tables_shape is not None else []
        try:
            found = self.check_tables(replace(variant, options=kept) if wrong else variant)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
            problems += [said for _, said in shape]
            if any(entry for entry, _ in shape):  # a value of the wrong kind, named, stopped the readers
                return problems
            # A GM's edit no check foresaw (a table where a number goes): told as his mistake, with
            # the file, rather than as a traceback at every command that loads the variant.
            return problems + [f"tables.toml: the {self.name} rules could not read a value ({type(e).__name__}: {e}); "
                               "expected each entry of the kind the shipped variant's tables.toml gives it"]
        # A reader's own words on an entry (a year, a power) say more than its kind: they stand alone.
        shape = [said for entry, said in shape if not (entry and any(entry in p or entry.replace("] ", "]: ") in p
                                                                     for p in found))]
        return problems + list(dict.fromkeys(shape + found))

    def options_of_new_game(self, variant: Variant, chosen: dict | None) -> dict:
        """The options a new game of ``variant`` records: those the GM chose (``new-game
        --option``) and each of :attr:`new_game_options` that neither they nor the variant's
        ``[options]`` set. A game.json without one stays with the option's default, so the
        games recorded before it replay as they were played."""
        chosen = dict(chosen or {})
        return chosen | {k: v for k, v in self.new_game_options.items() if k not in chosen and k not in variant.options}

    tables_shape: dict | None = None
    """Every table of ``tables.toml`` the system reads, each a dict of its keys and their kinds
    (:func:`shape_problems`); None: the system has no tables.toml. A table or key not in it is
    named as unknown, a value of another kind with its table and key, when the variant loads."""

    def check_tables(self, variant: Variant) -> list[str]:
        """Every problem with the system's own tables in ``tables.toml``. Standard: it has none."""
        return []

    @staticmethod
    def unknown_keys(found, where: str, known) -> list[str]:
        """The keys of a table (``found``, named ``where``: ``tables.toml [military_cost]``) that
        the system does not read: a GM's misspelt ``per_centre`` would leave the value he typed
        unread and the game playing by the old one."""
        if not isinstance(found, dict):
            return []  # the readers name a table of the wrong kind
        known = sorted(set(known))
        out = []
        for key in sorted(found):
            if key not in known and key not in ("reconstructed", "source"):
                close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
                hint = f"did you mean {close[0]!r}?" if close else f"expected one of {', '.join(known)}"
                out.append(f"{where}: unknown key {key!r} ({hint})")
        return out

    @staticmethod
    def problems_of(variant: Variant, *readers) -> list[str]:
        """Every problem the readers of a system's data report (each raises a
        ``VariantDataError`` listing its own), once each, in order: what :meth:`check_tables`
        returns for a system whose data several modules read."""
        problems: list[str] = []
        for read in readers:
            try:
                read(variant)
            except VariantDataError as e:
                problems.extend(p for p in e.problems if p not in problems)
        return problems

    def demo_cells(self, variant: Variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        """Where one phase's lines of a demo file go (``entry`` is the phase's table without
        ``press``; ``where`` names the file for errors): None when they are orders for the
        Orders sheet, else the cells of the system's own input sheets (``"Sheet!B2" ->
        value``). Standard Diplomacy has only the Orders sheet."""
        return None

    def demo_orders(self, variant: Variant, phase: str, entry: dict) -> dict[str, list[str]]:
        """When :meth:`demo_cells` placed some of a phase's lines on the system's sheets, the
        rest, which go on the Orders sheet (Europe 1615's unit orders beside its INF
        deployments). Standard: none."""
        return {}

    def mailed_rows(self, variant: Variant, phase: str, power: str, lines: list[str]) -> MailedRows | None:
        """Where a power's mailed lines go in ``phase`` when they are not orders for the
        Orders sheet (``gm-tools orders``). None: the Orders sheet, as in Standard Diplomacy."""
        return None

    def mailed_cells(self, variant: Variant, position, power: str, lines: list[str],
                     sheets: dict[str, SheetNow]) -> MailedCells | None:
        """Where a player's mailed lines go when the phase's sheets lay out rows per player, or
        rows two players' mails fill together: the cells of ``sheets`` (title -> the sheet as it
        stands) each line types, and the player's earlier entries its mail replaces. None: the
        lines are rows of their own (:meth:`mailed_rows`) or orders. Each cell typed is then
        checked by the sheets' own checks, as a turn checks it."""
        return None

    def upgrade_extra(self, extra: dict) -> dict:
        """A stored position's ``extra`` in today's layout: the system's state under its
        name. Standard Diplomacy keeps none of its own."""
        return gather_state(extra, self.name, self.record_keys) if self.record_keys else extra

    def carry_state(self, record: dict, previous: dict | None) -> dict:
        """A whole record read after ``previous`` (whole too; None for the first), with what an
        older version of the system's state left out filled in from the records before it, so
        a game recorded then plays on by today's rules. As read, unless a system overrides it."""
        return record

    def __repr__(self) -> str:
        return f"GameSystem({self.name!r})"


STANDARD_SYSTEM = GameSystem("standard")
_SYSTEMS: dict[str, GameSystem] = {"standard": STANDARD_SYSTEM}
NAME = re.compile(r"[a-z_][a-z0-9_]*")


def register_system(system: GameSystem) -> None:
    """Make a system available under its name without a folder of its own (tests, and a GM's
    experiments with a house rule)."""
    _SYSTEMS[system.name] = system


def unregister_system(name: str) -> None:
    """Forget a system registered by :func:`register_system`."""
    _SYSTEMS.pop(name, None)


def system_exists(name: str) -> bool:
    """Whether a system called ``name`` is registered or has its folder, without loading it
    (the variant loader asks, to report a misspelt ``rules`` with the data's other problems)."""
    return name in _SYSTEMS or importlib.util.find_spec(system_module(name)) is not None


def system_module(name: str) -> str:
    """The module a system named ``name`` lives in."""
    return f"gm_tools.systems.{name}"


def system_named(name: str, variant_name: str = "") -> GameSystem:
    """The game system called ``name`` (loaded on first use)."""
    if name not in _SYSTEMS:
        module_name = system_module(name)
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            raise VariantDataError(
                variant_name or name, [f"variant.toml: rules = {name!r}, but there is no module {module_name}"]
            ) from None
        system = getattr(module, "SYSTEM", None)
        if not isinstance(system, GameSystem):
            raise VariantDataError(variant_name or name, [f"{module_name} has no SYSTEM (a GameSystem)"])
        _SYSTEMS[name] = system
    return _SYSTEMS[name]


def system_for(variant: Variant) -> GameSystem:
    """The game system the variant's ``rules`` key names (``standard`` when none), as the
    variant carries it (:attr:`Variant.system`: resolved once per variant)."""
    return variant.system


class Rows:
    """A table of rows in a tables.toml shape (``[minor_states.BRE]``, ``[minor_states.COL]``):
    each row a table with ``keys`` (a dict of key -> kind, as a table's)."""

    def __init__(self, keys: dict):
        self.keys = keys


OTHER = "*"
"""In a table's shape, the kind of every key it does not name: keys the data names (powers,
minor states), which the system's readers check."""

_KINDS = {int: "a whole number", str: "text in quotes", bool: "true or false", list: "a list [...]",
          dict: "a table { ... }", float: "a number"}


def shape_problems(tables: dict, shape: dict, file: str = "tables.toml") -> list[tuple[str | None, str]]:
    """Every table of ``tables`` that ``shape`` does not name, every unknown key and every value
    of another kind than its shape's, each as (the entry named, ``[table] key``, or None; the
    problem). A misspelt table or key would leave the GM's value unread and play by the old one."""
    out: list[tuple[str | None, str]] = []
    for name in sorted(tables):
        if name not in shape:
            close = difflib.get_close_matches(name, list(shape), n=1, cutoff=0.6)
            hint = f"did you mean [{close[0]}]?" if close else f"expected one of {', '.join(sorted(shape))}"
            out.append((None, f"{file}: unknown table [{name}] ({hint})"))
        else:
            out += _table_problems(tables[name], shape[name], f"{file} [{name}]")
    return out


def _table_problems(found, shape, where: str) -> list[tuple[str | None, str]]:
    entry = where.split(" ", 1)[1]
    if not isinstance(found, dict):
        return [(entry, f"{where} = {found!r}: expected a table")]
    if isinstance(shape, Rows):
        return [p for key, row in found.items() if key not in ("reconstructed", "source")
                for p in _table_problems(row, shape.keys, f"{where[:-1]}.{key}]")]
    out: list[tuple[str | None, str]] = []
    if OTHER not in shape:
        out += [(None, p) for p in GameSystem.unknown_keys(found, where, shape)]
    for key, value in found.items():
        kind = shape.get(key, shape.get(OTHER)) if key not in ("reconstructed", "source") else None
        if isinstance(kind, (dict, Rows)):
            out += _table_problems(value, kind, f"{where[:-1]}.{key}]")
        elif kind is not None and not _of_kind(value, kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            out.append((f"{entry} {key}", f"{where} {key} = {value!r}: expected "
                                          f"{' or '.join(_KINDS[k] for k in kinds)}"))
    return out


def _of_kind(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return any(isinstance(value, k) and not (k in (int, float) and isinstance(value, bool)) for k in kinds)
