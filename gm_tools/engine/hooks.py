"""Variant sheet hooks: how a variant adds its own sheets, checks, write-backs and report
sections to a game without touching the core.

A variant's hooks deal in plain data (:class:`Table`, :class:`InputRow`), never in
openpyxl: :mod:`gm_tools.edges.workbook` lays tables out as sheets and reads them back.
Standard Diplomacy is :class:`SheetHooks` itself, which adds nothing. A game system
subclasses it in ``gm_tools/systems/<name>/sheets.py`` and hands it to its
:class:`~gm_tools.engine.system.GameSystem`: a variant's hooks are its system's.

The turn pipeline calls the hooks in this order (``docs/workbook.md``):

1. ``input_sheets``  - when laying out a phase: sheets the GM fills in (INF placements,
   declarations, purchases);
2. ``check_inputs``  - when processing: turn the rows read back into JSON-able inputs,
   reporting every problem with its cell (stored in the history record's ``extra``);
   ``warnings`` - entries that stand but look like a slip, for the turn's report;
3. ``apply_inputs``  - the position the adjudicator starts from, given those inputs (while
   they have problems, ``board_despite``: the board the orders are checked on meanwhile);
   ``check_with_orders`` - then, the inputs against the orders that stand (a Centenary
   fealty build site with no build ordered there);
4. ``output_sheets`` - computed, protected sheets for the new phase (Influence Tracker,
   Treasury); ``entered_at`` - where each of the phase's result lines was typed, for the
   Results sheet's "Entered at" and "As written" (never recorded);
5. ``report_sections`` - (for the site) extra sections of a phase's page, in markdown;
   ``game_sections`` - those of the game's page, from its last record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_tools.errors import Problem
from gm_tools.engine.model import Position
from gm_tools.engine.variant import Variant

ORDERS = "Orders"
"""The sheet of unit orders every game's workbook has, beside a system's own."""

TEXT = "text"
INTEGER = "integer"
CHOICE = "choice"
COLUMN_KINDS = (TEXT, INTEGER, CHOICE)


def counted(value, unit: str) -> int | None:
    """A count as the rulebooks write it, with its unit's word after the number, singular or
    plural, any case ('3 TPs', '1 INF', '5 infs'), or a number already read; None for anything
    else, an empty cell included. One reading for every cell that counts in a unit: Europe
    1619's INFs and TPs, Europe 1615's INFs."""
    if isinstance(value, int):
        return value
    m = re.fullmatch(rf"\s*([+-]?\d+)\s*{re.escape(unit)}s?\s*", str(value), re.IGNORECASE) if value is not None else None
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Column:
    """One column of a table sheet."""

    header: str
    """Header text in row 1; also the key of the value in :class:`InputRow`."""
    kind: str = TEXT
    """``text``, ``integer`` (the reader insists on a whole number) or ``choice``."""
    choices: tuple[str, ...] = ()
    """For ``choice`` columns: the values offered in the dropdown and accepted on reading."""
    editable: bool = False
    """True for the cells the GM types in; all other cells of the sheet are locked."""
    width: int = 16
    """Column width in characters."""
    hooks_judge: bool = False
    """For ``choice`` columns: a value not among the choices reaches the hooks as typed, for
    them to refuse with what the row allows (a Centenary Build in: a center of the claimed
    neutral, not every neutral's), instead of the reader refusing it with the whole list. For
    ``integer`` columns: a value that is no whole number reaches the hooks as typed, for them to
    name what it is (Europe 1619's INFs cell holding 'war': a declaration, for its own sheet)."""
    unit: str = ""
    """For ``integer`` columns: the word the rulebook counts the column's number in (``TP``): a
    GM's '3 TPs' is read as 3 (:func:`counted`), as the INFs cell reads '3 INFs'."""
    optional: bool = False
    """An editable column added to a sheet after games began: a workbook laid out before it (a
    game in progress) reads as if the column were there and left empty, instead of being
    refused."""
    spellings: tuple[tuple[str, str], ...] = ()
    """For ``choice`` columns: other words read as a choice, any case, as (word, choice) pairs
    (a power's name for its code: ``("Sweden", "DENMARK")``). The dropdown offers the choices
    only."""
    not_choices: tuple[tuple[str, str], ...] = ()
    """For ``choice`` columns: words that name no choice but what a GM may take for one, as
    (word, what it names) pairs, any case: refused saying so (Europe 1619's ``("PAPACY", "a
    minor state in this game, PAP (Papal States), not a player")`` in a 10-player game)."""


def power_column(header: str, variant: Variant, powers: tuple[str, ...], **kw) -> Column:
    """A ``choice`` column of power codes that also reads each power by its name, and a power of
    two realms (Europe 1615 v2's Denmark/Sweden) by either realm's, as the command line's
    :meth:`~gm_tools.engine.variant.Variant.power_named` does: a GM types the names players write."""
    spellings = []
    for code in powers:
        name = variant.powers[code].name
        for word in (name, *(realm.strip() for realm in name.split("/") if "/" in name)):
            if word.casefold() != code.casefold():
                spellings.append((word, code))
    return Column(header, CHOICE, tuple(powers), spellings=tuple(spellings), **kw)


@dataclass
class Table:
    """A sheet as plain data: a header row, then rows of values."""

    title: str
    """Sheet name (at most 31 characters, Excel's limit)."""
    columns: tuple[Column, ...]
    """The columns, left to right."""
    rows: list[list] = field(default_factory=list)
    """Cell values by row, one value per column (str, int or None)."""
    blank_rows: int = 0
    """Extra empty rows after ``rows`` for the GM to fill in (input sheets)."""
    optional: bool = False
    """An input sheet added to a phase after games began: a workbook laid out before it (a game
    in progress) reads as if the sheet were there and left empty, instead of being refused."""
    keyed: bool = False
    """Rows laid out one for each player or item (``rows``, their first column locked, each name once):
    each row is read by the name in its first column, not by its place, so a sheet the GM
    sorted reads the same (:mod:`gm_tools.edges.keyedrows`). That column's ``spellings`` are
    other words read as a name (a power's name for its code); a name no row was laid out for is
    refused at its cell, unless it is one of ``others``."""
    typed_by: str = "Power"
    """The column naming who typed a row (``gm-tools status``'s "by FRANCE"), or "" where no
    column does: Europe 1619's Reichstag agenda, typed for Austria, names its ban's target."""
    others: tuple[str, ...] = ()
    """A ``keyed`` table's names of players it has no row for (Religious Upheaval's, who did not
    roll 1-3), read as names (``spellings`` may hold their other words too): a row typed for one
    is left to the system's own check, which says why he has no entry, not refused as no name."""


@dataclass(frozen=True)
class Typed:
    """Where one result line of a phase was typed on an input sheet: the Results sheet's
    "Entered at" and "As written" beside it, as the Orders sheet's orders have them."""

    power: str
    """The result line's power, as the record has it."""
    order: str
    """The result line's order (a variant's decision in words), as the record has it."""
    cell: str
    """The cells typed: ``"INF Placements!A3:C3"``, or one cell."""
    written: str
    """Their values as read, left to right, ``" | "`` between them."""


def typed_row(power: str, order: str, row: InputRow) -> Typed:
    """The :class:`Typed` of a result line made from ``row``: its cells that hold a value, as a
    range of the row, and those values."""
    headers = tuple(h for h in row.cells if row.values.get(h) not in (None, ""))
    refs = [row.cells[h] for h in headers] or list(row.cells.values())[:1]
    sheet, first = refs[0].split("!") if refs else ("", "")
    last = refs[-1].split("!")[1] if refs else ""
    cell = f"{sheet}!{first}" if first == last else f"{sheet}!{first}:{last}"
    return Typed(power, order, cell, " | ".join(str(row.values[h]) for h in headers))


def typed_rows(power: str, order: str, rows: list[InputRow]) -> Typed:
    """The :class:`Typed` of a result line made from several rows (a player's Influence gained and
    each of his placements): each row's cells, ``, `` between them, and values, `` / `` between."""
    each = [typed_row(power, order, row) for row in rows]
    return Typed(power, order, ", ".join(t.cell for t in each), " / ".join(t.written for t in each))


@dataclass(frozen=True)
class InputRow:
    """One non-empty row read back from an input sheet."""

    values: dict
    """Column header -> value: ``int`` for integer columns, stripped ``str`` otherwise,
    ``None`` for an empty cell."""
    cells: dict
    """Column header -> its cell reference (``"Purchases!C4"``), for error messages."""


class SheetHooks:
    """The standard game: no sheets of its own, nothing to check, nothing to report."""

    name = "standard"
    """Key of this hook set's data in a history record's ``extra``."""
    mail_tables = False
    """Whether the judge text gives the rows of this system's report tables, a line each
    (``SAX (Saxony): Political NEUTRAL; Total 17``): True where a table's content is in no list
    of its sections (the Europe 1615 versions' statuses, treasuries and rounds, Europe 1619's
    Influence Tracker); an empty cell is left out of its line."""
    drops_invalid_rows = False
    """Whether ``turn --lenient`` drops an input row its checks refuse, as an invalid order is
    dropped (:mod:`gm_tools.app.entrychecks`): True where each row is one player's entry the
    phase can do without (Europe 1619's placements, attacks, declarations, purchases...;
    Centenary's Fealty claims; Europe 1615's deployments, attacks, waivers, Payola's offers;
    The Peace of Westphalia's faith dice, placements, ballots and Foreign Powers rows);
    False: every problem stops the turn, lenient or not."""
    lenient_sheets: tuple[str, ...] | None = None
    """With :attr:`drops_invalid_rows`: the titles of the input sheets whose rows a lenient turn
    drops, a problem at another sheet's row stopping it (Europe 1615's Sanction Rulings, the
    GM's own word); None: every input sheet's."""
    lenient_parts: dict[str, tuple[str, ...]] = {}
    """With :attr:`drops_invalid_rows`: sheet title -> the columns of its rows that are a part
    the row stands without (Centenary's Fealty claim without its build: Build in, Unit retreats
    to). A lenient turn clears that part when every problem of a row is in it, and drops the
    row only otherwise. Never changed: a class's own mapping."""

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        """Sheets the GM fills in for the phase starting at ``position``."""
        return []

    def check_inputs(
        self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]
    ) -> tuple[dict, list[Problem]]:
        """Check the rows read from ``input_sheets`` (sheet title -> rows). Returns the inputs
        as JSON-able data (stored in the record) and every problem found."""
        return {}, []

    def apply_inputs(self, variant: Variant, position: Position, inputs: dict) -> Position:
        """The position the adjudicator starts from once ``inputs`` are applied (a new
        Position: never change the one given)."""
        return position

    def board_despite(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> Position:
        """The board the Orders sheet is checked on while ``check_inputs`` finds problems in
        ``rows`` (nothing is adjudicated or written then). Standard: the phase's own, no input
        applied. A system may apply what its rows mean, so that an order their fix would make
        legal is not refused beside the row's own mistake (a Centenary claim's build)."""
        return position

    def check_with_orders(
        self, variant: Variant, board: Position, rows: dict[str, list[InputRow]], orders: dict[str, list]
    ) -> list[Problem]:
        """Problems between the inputs and the orders that stand (power -> parsed orders),
        on the ``board`` the inputs made; asked only when each was right on its own.
        Standard: none."""
        return []

    def mailed_refusal(self, expected: str) -> str:
        """A :meth:`check_with_orders` problem's "expected ..." words as the reply to a mail says
        them: `gm-tools orders` refuses the line whole, where a lenient turn keeps a row without
        its part at fault (:attr:`lenient_parts`, whose words say so). Standard: as they are."""
        return expected

    def orders_from_inputs(self, variant: Variant, board: Position, inputs: dict) -> dict[str, list[str]]:
        """Unit orders the inputs decide, beside the Orders sheet's, on the ``board`` the inputs
        made (:meth:`apply_inputs`): owner -> order texts (a Payola phase's auction winners).
        Standard: none."""
        return {}

    def private_reports(self, variant: Variant, record: dict) -> dict[str, str]:
        """Texts for one power's eyes only from a processed phase's record (power -> text: a
        Payola ledger), written beside the game's record for the GM to send, never published.
        Standard: none."""
        return {}

    def awaited(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str] | None:
        """The players the phase still waits for, by what they have typed on its input sheets
        (sheet title -> rows read back): those :meth:`awaited_for` names. None: the Orders
        sheet says who is waited for."""
        owed = self.awaited_for(variant, position, rows)
        return None if owed is None else list(owed)

    def awaited_for(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> dict[str, str] | None:
        """Each player the phase still waits for -> what he owes, in the phase's own words, a
        noun phrase that reads after his name and after several names with 'each:' ("2 Elector
        placements", "an offer sheet"; empty: nothing more to say): ``gm-tools status`` and the
        end of ``gm-tools orders``. None: the Orders sheet says who is waited for, and for what.
        Standard: None."""
        return None

    def entered_in_part(self, variant: Variant, position: Position,
                        rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
        """Where :meth:`awaited_for` says who is awaited: the players who entered some of what
        the phase's input sheets ask of them and not all, each as (player, what he left out,
        what the turn makes of it in the rules' words), for ``gm-tools status`` and the end of
        ``gm-tools orders`` to say as they say a unit left without an order. Standard: none."""
        return []

    def not_awaited(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> dict[str, str]:
        """Powers with rows on the Orders sheet that ``gm-tools status`` waits for no longer,
        by what the GM typed on the phase's input sheets -> why, a word ("abandoned": Europe
        1615's power nobody will replace). Standard: none."""
        return {}

    def awaits_others(self, variant: Variant, position: Position, problem) -> str | None:
        """Why a mailed row's ``problem`` may yet be settled by another player's mail still to
        come (Europe 1615's attack on a power that 'will be deploying there'), in the rules'
        words: ``gm-tools orders`` then types the row and says so, and the turn checks it
        again; None: the row is refused. Standard: None."""
        return None

    def mail_note(self, variant: Variant, position: Position, checked: dict, sheet: str, values: list) -> str | None:
        """What a mailed row the checks accept will not do at the turn, in the rules' words
        (Europe 1615 v2's move offered for a foreign unit, 'these will be ignored'): ``gm-tools
        orders`` types it and says so. ``checked``: the inputs the checks made of the rows,
        ``values``: the row's, the power first. Standard: None."""
        return None

    def all_entered(self, variant: Variant, position: Position) -> str:
        """What ``gm-tools status`` and the end of ``gm-tools orders`` say once :meth:`awaited`
        names nobody, in the words of what the phase waited for (an offer sheet, a step's
        entries)."""
        return "every player has entered what the phase asks of him"

    def entered_at(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[Typed]:
        """Where the phase's result lines were typed on its input sheets (the rows read back,
        already checked): a line of the record's results (power and order) with its cells and
        what they held, for the Results sheet only, so the record (and a replay) is as it was.
        A result no row made (a draw, a default) has none. Standard: none (the Orders sheet's
        orders carry their cell in the record)."""
        return []

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        """Entries that stand by the rules but look like a slip (The Peace of Westphalia's
        Influence Changes row typed twice), each naming its cells: the turn goes on, and its
        report (and a dry run's) lists them for the GM to check; never recorded. Standard: none."""
        return []

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        """Computed sheets written back for the phase starting at ``position``; protected."""
        return []

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """Extra sections for a phase's page: (heading, markdown) pairs, from the record."""
        return []

    def game_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """Extra sections for the game's page, after its standings: (heading, markdown) pairs
        from the game's last record, whose ``after`` is the board the page shows (The Peace of
        Westphalia's princes and principalities as they stand). Standard: none."""
        return []


STANDARD = SheetHooks()


def hooks_for(variant: Variant) -> SheetHooks:
    """The variant's sheet hooks: those of its game system (:attr:`Variant.system`, the
    ``rules`` key of its ``variant.toml``)."""
    return variant.system.sheets
