"""The openpyxl edge: lay a phase out as a game workbook, and read a workbook back.

Only edges import openpyxl (this module, ``gmsheets``, ``strays``, ``addresses``, ``gamecells``' date helpers). Both directions work on bytes,
not paths: the turn pipeline reads the file once (so the bytes it backs up are the bytes it
checked) and writes the new workbook atomically itself. Its sheets: ``docs/workbook.md``.

Writing is deterministic: the same plan gives the same bytes (timestamps inside the file
are fixed), so a replayed game and its workbook can be compared byte for byte.
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from gm_tools.errors import Problem, UnreadCell, WorkbookError, did_you_mean
from gm_tools.engine.hooks import CHOICE, INTEGER, ORDERS, Column, InputRow, Table
from gm_tools.edges.xlsxfile import FIXED_TIME, _macro_enabled, _normalise  # noqa: F401 (FIXED_TIME: re-exported)
from gm_tools.edges.deadline import deadline_cell, deadline_text
from gm_tools.edges.keyedrows import keyed_rows
from gm_tools.edges.strays import as_laid_out, as_shown, cell_number, not_a_choice, cell_text as _text, choice_key, formula_expected, own_power_left_off, header_columns, inserted_columns, no_column, whole_number as _integer, nothing_beyond as _nothing_beyond, nothing_outside as _nothing_outside, number_expected, orders_in_column, read_in_columns
from gm_tools.edges.gmsheets import GmSheet, add_gm_sheets, copies_typed_in, never_formulas, read_gm_sheets
from gm_tools.edges.layout import PLAYERS_HEADER, PowerBlock, player_refused, players_header
from gm_tools.edges.pressimages import press_problems
from gm_tools.edges.sheetxml import with_rows
from gm_tools.edges.sheetnames import as_written, folded, no_such_sheet
from gm_tools.engine.variant import Variant

GAME = "Game"
PRESS = "Press"
CHOICES = "Choices"
"""Hidden sheet holding the dropdown lists (Excel limits an inline list to 255 characters)."""

GAME_FIELDS = ("Game", "Variant", "Phase", "Phase name", "Deadline", "Seed", "Next deadline")
"""Labels of the Game sheet's first rows, in column A; values are in column B."""
EDITABLE_GAME_FIELDS = ("Deadline", "Seed", "Next deadline")

ORDER_COLUMNS = (("Power", 14), ("Unit", 22), ("Order", 44))
PRESS_HEADER = "Press for this phase (markdown: one line per row, a blank row between paragraphs)"

_UNIT_LABEL = re.compile(r"^[AF] [A-Z0-9]+(/[A-Z]+)?$")


@dataclass
class GameFacts:
    """The Game sheet."""

    name: str
    """Game name."""
    variant: str
    """Variant registry name."""
    phase: str
    """Phase id the workbook is laid out for."""
    title: str
    """Phase name: ``Spring 1901 Movement``."""
    deadline: str
    """Deadline as the GM writes it (free text)."""
    seed: int
    """Seed for any randomness the rules need."""
    players: dict[str, str]
    """Power code -> player name."""


@dataclass
class WorkbookPlan:
    """Everything a workbook shows for one phase."""

    game: GameFacts
    """The Game sheet."""
    power_names: dict[str, str]
    """Power code -> display name, in the variant's order (Game sheet player rows)."""
    power_colours: dict[str, str]
    """Power code -> ``#rrggbb``, to colour each power's block on the Orders sheet."""
    blocks: list[PowerBlock]
    """The Orders sheet, power by power."""
    computed: list[Table]
    """Protected sheets: Units, Centers, Results, and the variant's output sheets."""
    inputs: list[Table] = field(default_factory=list)
    """The variant's input sheets (editable columns unlocked)."""
    press: str = ""
    """Markdown for the Press sheet (empty for a new phase)."""
    gm_sheets: list[GmSheet] = field(default_factory=list)
    """The GM's own sheets, carried over in their place (:mod:`gm_tools.edges.gmsheets`)."""
    players_header: tuple[str, str, str] = PLAYERS_HEADER  # the Game sheet's players' header, in the game's words


def plan_titles(plan: WorkbookPlan) -> list[str]:
    """The sheets gm-tools writes for ``plan`` (the hidden Choices sheet may be among them)."""
    return [GAME, ORDERS, *(t.title for t in plan.inputs), PRESS, *(t.title for t in plan.computed), CHOICES]


@dataclass(frozen=True)
class OrderEntry:
    """An order as found on the Orders sheet."""

    power: str
    """Power code of its row."""
    cell: str
    """``"Orders!C5"``."""
    written: str
    """The text exactly as typed."""
    unit: str | None
    """The unit the row is for (``"A PAR"``), or None for a build or removal row."""


@dataclass
class WorkbookEntries:
    """What the GM entered in a workbook."""

    name: str | None
    """Game name on the Game sheet."""
    variant: str | None
    """Variant on the Game sheet."""
    phase: str | None
    """Phase id on the Game sheet."""
    deadline: str
    """Deadline text."""
    seed: int | None
    """The seed, None when not a whole number (a problem is reported)."""
    players: dict[str, str]
    """Power code -> player name."""
    orders: list[OrderEntry]
    """Every non-empty order cell, top to bottom."""
    press: str
    """The Press sheet as markdown."""
    inputs: dict[str, list[InputRow]]
    """Variant input sheet title -> its non-empty rows."""
    game_cells: dict[str, str] = field(default_factory=dict)
    """Game sheet label -> the cell of its value (``"Phase"`` -> ``"Game!B4"``)."""
    gm_sheets: list[GmSheet] = field(default_factory=list)
    """The GM's own sheets, when :func:`read_workbook` was told which sheets are gm-tools'."""
    absent: tuple[str, ...] = ()
    """Optional input sheets the workbook was laid out without (``Table.optional``), read as
    left empty: nothing can be typed on them."""
    unlaid: tuple[tuple[str, str], ...] = ()
    """(Sheet, header) of each optional column (``Column.optional``) an input sheet was laid out
    without: read as left empty, and nothing can be typed in it."""
    sheets: tuple[str, ...] = ()
    """Every sheet's name in the workbook's order (a problem's listing follows it)."""
    next_deadline: str = ""  # typed before the turn: the next phase's workbook's Deadline, never recorded


# --- writing -------------------------------------------------------------------------------


def _openpyxl():
    # Imported here so that importing this module (for its dataclasses) stays cheap.
    import openpyxl
    from openpyxl.styles import Alignment, Font, PatternFill, Protection
    from openpyxl.worksheet.datavalidation import DataValidation

    return openpyxl, Alignment, Font, PatternFill, Protection, DataValidation


def _text_colour(background: str) -> str:
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return "FFFFFF" if (0.299 * r + 0.587 * g + 0.114 * b) < 140 else "000000"


class _Writer:
    """Builds one workbook from a plan; one method per sheet."""

    def __init__(self, plan: WorkbookPlan):
        (self.openpyxl, self.Alignment, self.Font, self.PatternFill, self.Protection,
         self.DataValidation) = _openpyxl()
        self.plan = plan
        self.wb = self.openpyxl.Workbook()
        self.choices = None
        self.choice_columns: dict[tuple[str, ...], str] = {}
        self.bold = self.Font(bold=True)
        self.grey = self.Font(color="808080")
        self.header_fill = self.PatternFill("solid", fgColor="DDDDDD")
        self.input_fill = self.PatternFill("solid", fgColor="FFF8DC")
        self.unlocked = self.Protection(locked=False)
        self.rows_later: dict[str, Table] = {}
        """Computed sheets by title whose value rows are written into the saved XML
        (:mod:`gm_tools.edges.sheetxml`), not cell by cell."""

    def build(self) -> bytes:
        self.wb.remove(self.wb.active)
        self._game_sheet()
        self._orders_sheet()
        for table in self.plan.inputs:
            self._table_sheet(table, editable=True)
        self._press_sheet()
        for table in self.plan.computed:
            self._table_sheet(table, editable=False)
        gms = add_gm_sheets(self.wb, self.plan.gm_sheets, last=CHOICES)
        if self.choices is not None:
            self.choices.sheet_state = "hidden"
            # Last, out of the way of the GM's tabs.
            self.wb.move_sheet(CHOICES, offset=len(self.wb.sheetnames) - 1 - self.wb.sheetnames.index(CHOICES))
        self.wb.active = self.wb.sheetnames.index(ORDERS)
        props = self.wb.properties
        props.creator = "gm-tools"
        never_formulas(self.wb, keep=gms)
        buffer = io.BytesIO()
        self.wb.save(buffer)
        later = {ws.path.lstrip("/"): self.rows_later[ws.title]
                 for ws in self.wb.worksheets if ws.title in self.rows_later}
        return _normalise(buffer.getvalue(), {
            part: lambda xml, t=table: with_rows(xml, t.rows, len(t.columns)) for part, table in later.items()})

    def _protect(self, ws) -> None:
        # Locked cells guard against accidental typing; resizing rows and columns stays allowed.
        ws.protection.sheet = True
        ws.protection.formatColumns = False
        ws.protection.formatRows = False

    def _header(self, ws, headers: list[tuple[str, int]]) -> None:
        for col, (text, width) in enumerate(headers, start=1):
            cell = ws.cell(row=1, column=col, value=text)
            cell.font = self.bold
            cell.fill = self.header_fill
            ws.column_dimensions[cell.column_letter].width = width
        ws.freeze_panes = "A2"

    def _choice_range(self, choices: tuple[str, ...]) -> str:
        """A range on the hidden Choices sheet listing ``choices``, shared by equal lists."""
        if choices not in self.choice_columns:
            if self.choices is None:
                self.choices = self.wb.create_sheet(CHOICES)
            col = len(self.choice_columns) + 1
            for row, text in enumerate(choices, start=1):
                self.choices.cell(row=row, column=col, value=text)
            letter = self.choices.cell(row=1, column=col).column_letter
            self.choice_columns[choices] = f"{CHOICES}!${letter}$1:${letter}${len(choices)}"
        return self.choice_columns[choices]

    def _dropdown(self, ws, cell_ref: str, choices: tuple[str, ...], complete: bool) -> None:
        dv = self.DataValidation(
            type="list",
            formula1=self._choice_range(choices),
            allow_blank=True,
            # A complete list warns on anything else; an incomplete one (movement: supports
            # and convoys are typed) accepts free text silently.
            showErrorMessage=complete,
            errorStyle="warning",
            errorTitle="Not in the list",
            error="This is not one of the listed orders. Keep it anyway?",
        )
        ws.add_data_validation(dv)
        dv.add(cell_ref)

    # sheets

    def _game_sheet(self) -> None:
        g = self.plan.game
        ws = self.wb.create_sheet(GAME)
        self._header(ws, [("Field", 14), ("Value", 30), (None, 30)])
        deadline, deadline_format = deadline_cell(g.deadline)
        values = {"Game": g.name, "Variant": g.variant, "Phase": g.phase, "Phase name": g.title,
                  "Deadline": deadline, "Seed": g.seed, "Next deadline": None}
        for row, label in enumerate(GAME_FIELDS, start=2):
            ws.cell(row=row, column=1, value=label).font = self.bold
            cell = ws.cell(row=row, column=2, value=values[label])
            if label == "Deadline" and deadline_format:
                cell.number_format = deadline_format
            if label in EDITABLE_GAME_FIELDS:
                cell.protection = self.unlocked
                cell.fill = self.input_fill
        top = len(GAME_FIELDS) + 3
        for col, text in enumerate(self.plan.players_header, start=1):
            cell = ws.cell(row=top, column=col, value=text)
            cell.font = self.bold
            cell.fill = self.header_fill
        for row, (code, name) in enumerate(self.plan.power_names.items(), start=top + 1):
            ws.cell(row=row, column=1, value=code)
            ws.cell(row=row, column=2, value=name)
            cell = ws.cell(row=row, column=3, value=g.players.get(code, ""))
            cell.protection = self.unlocked
            cell.fill = self.input_fill
        self._protect(ws)

    def _orders_sheet(self) -> None:
        ws = self.wb.create_sheet(ORDERS)
        self._header(ws, list(ORDER_COLUMNS))
        row = 2
        if not self.plan.blocks:
            ws.cell(row=row, column=2, value="No orders in this phase.")
        for block in self.plan.blocks:
            colour = self.plan.power_colours.get(block.power, "#DDDDDD")
            head = ws.cell(row=row, column=1, value=block.power)
            head.fill = self.PatternFill("solid", fgColor=colour[1:].upper())
            head.font = self.Font(bold=True, color=_text_colour(colour))
            ws.cell(row=row, column=2, value=block.summary).font = self.bold
            row += 1
            for slot in block.slots:
                # Repeated on every row so each row reads alone; grey so the heading stands out.
                ws.cell(row=row, column=1, value=slot.power).font = self.grey
                ws.cell(row=row, column=2, value=slot.label)
                order = ws.cell(row=row, column=3)
                order.protection = self.unlocked
                order.fill = self.input_fill
                self._dropdown(ws, order.coordinate, slot.choices, slot.complete)
                row += 1
            row += 1
        self._protect(ws)

    def _press_sheet(self) -> None:
        ws = self.wb.create_sheet(PRESS)
        self._header(ws, [(PRESS_HEADER, 110)])
        lines = self.plan.press.split("\n") if self.plan.press else []
        for row, line in enumerate(lines, start=2):
            ws.cell(row=row, column=1, value=line)
        # The press sheet is free text: nothing to protect.

    def _table_sheet(self, table: Table, editable: bool) -> None:
        ws = self.wb.create_sheet(table.title)
        self._header(ws, [(c.header, c.width) for c in table.columns])
        self._protect(ws)
        if not editable:
            # Its rows have no style of their own: written into the saved XML (sheetxml).
            self.rows_later[table.title] = table
            return
        for r, values in enumerate(table.rows, start=2):
            for c, value in enumerate(values, start=1):
                ws.cell(row=r, column=c, value=value)
        last = len(table.rows) + table.blank_rows + 1
        for c, column in enumerate(table.columns, start=1):
            if not column.editable:
                continue
            for r in range(2, last + 1):
                cell = ws.cell(row=r, column=c)
                cell.protection = self.unlocked
                cell.fill = self.input_fill
            if column.kind == CHOICE and column.choices and last >= 2:
                letter = ws.cell(row=1, column=c).column_letter
                self._dropdown(ws, f"{letter}2:{letter}{last}", column.choices, True)


def write_workbook(plan: WorkbookPlan) -> bytes:
    """The workbook for ``plan``, as the bytes of an .xlsx file."""
    return _Writer(plan).build()


# --- reading -------------------------------------------------------------------------------


def open_workbook(data: bytes, where: str, only=None):
    """Load .xlsx bytes, or raise a WorkbookError saying the file is damaged or foreign.
    ``only``: the sheets to read (names, or a function of a name); the others load empty (a
    turn never reads the sheets it computes, and a long game's are its longest:
    :mod:`gm_tools.edges.workbook_skim`)."""
    openpyxl = _openpyxl()[0]
    expected = "an .xlsx workbook made by gm-tools new-game (saved by Excel or LibreOffice)"
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise WorkbookError(where, [Problem("", "", "a file that is not an .xlsx (zip) file", expected)])
    if _macro_enabled(data):
        # Writing it back would drop its macros and leave a file Excel refuses by its name.
        raise WorkbookError(where, [Problem("", "", "a macro-enabled workbook (.xlsm)",
                                            expected + ", saved as .xlsx without macros")])
    try:
        with warnings.catch_warnings():
            # openpyxl warns about Excel extensions it ignores; they are not the GM's problem.
            warnings.simplefilter("ignore")
            # Formulas are read as formulas (not as the values a spreadsheet program cached):
            # a formula where the GM should have typed a value is reported, never taken as
            # empty, and saving keeps it as it was.
            if only is not None:
                from gm_tools.edges.workbook_skim import only_sheets

                data = only_sheets(data, only)
            return openpyxl.load_workbook(io.BytesIO(data), data_only=False)
    except Exception as e:  # openpyxl raises many kinds for damaged files
        raise WorkbookError(where, [Problem("", "", f"a damaged .xlsx file ({type(e).__name__}: {e})", expected)]) from None


def variant_label(variant: Variant) -> str:
    """The Game sheet's Variant: its name, and the setup's number of players when the game
    plays a smaller setup (``options["players"]``, set by the rules' ``for_players``)."""
    players = variant.options.get("players")
    return f"{variant.name} ({players} players)" if players else variant.name


def power_lookup(variant: Variant) -> dict[str, str]:
    """Lower-case power code, name or alias -> code: how a sheet (or a mail) may name a power; a
    power of two realms (Denmark/Sweden) by either realm's name too, where no other is so named."""
    lookup = {}
    for code, power in variant.powers.items():
        lookup[code.lower()] = code
        lookup[power.name.lower()] = code
    for code, power in variant.powers.items():
        realms = [realm.strip().lower() for realm in power.name.split("/")] if "/" in power.name else []
        for name in realms + list(power.aliases):  # the names players give it in their language (Deutschland)
            lookup.setdefault(name, code)
    return lookup


def _expected_power(variant: Variant) -> str:
    return f"a {variant.system.rules.owner_noun} of {variant.name}: {', '.join(variant.powers)}"


FORMULA_EXPECTED = "a value typed in, not a formula (start the cell with an apostrophe to type a leading '=')"


def _typed(ws, row: int, column: int, problems: list[Problem]):
    """A cell's value as typed; a formula is a problem (its computed value is not ours to
    guess: openpyxl does not compute, and a cached value may be stale) and reads as empty."""
    cell = ws.cell(row=row, column=column)
    if cell.data_type == "f":
        problems.append(UnreadCell(ws.title, cell.coordinate, f"a formula {str(cell.value)!r}",
                                   formula_expected(str(cell.value), FORMULA_EXPECTED), cell.value))
        return None
    if cell.data_type == "e":  # '#N/A', '#REF!': what a paste or a formula left, read as text it would mislead
        problems.append(UnreadCell(ws.title, cell.coordinate, f"the error value {cell.value!r}", "a value typed over it", cell.value))
        return None
    return as_shown(cell)


def _check_layout(ws, problems: list[Problem], headers: tuple[str, ...] = (),
                  why: str = "columns must not be moved or renamed") -> None:
    """A sheet as gm-tools wrote it: no merged cells (a merged range keeps one value of
    several), and the header row's first cells as written (a column inserted or moved
    would make every row read wrong)."""
    for merged in sorted(str(r) for r in ws.merged_cells.ranges):
        problems.append(Problem(ws.title, merged, "merged cells", "one value a cell, as gm-tools wrote the sheet (unmerge them)"))
    for col, header in enumerate(headers, start=1):
        found = _text(ws.cell(row=1, column=col).value)
        if folded(found) != folded(header):  # retyped in another case or spacing, it is the same header
            ref = ws.cell(row=1, column=col).coordinate
            problems.append(Problem(ws.title, ref, repr(found) if found else "an empty header",
                                    f"the header {header!r} gm-tools wrote ({why})"))


def _read_game(ws, variant: Variant, problems: list[Problem]) -> tuple[dict, dict[str, str]]:
    """The Game sheet's values, and the cell of each labelled value."""
    found: dict[str, tuple] = {}
    players: dict[str, str] = {}
    in_players = False
    _check_layout(ws, problems)
    for row in range(2, ws.max_row + 1):
        label = _text(_typed(ws, row, 1, problems))
        if not label:
            continue
        if in_players:
            code = power_lookup(variant).get(label.lower())
            if code is None:
                problems.append(UnreadCell(GAME, f"A{row}", repr(label), _expected_power(variant), label))
                continue
            players[code] = player = _text(_typed(ws, row, 3, problems))
            if player and (instead := player_refused(variant, code, player)):
                problems.append(UnreadCell(GAME, f"C{row}", repr(player), instead, player))
        elif label in (PLAYERS_HEADER[0], players_header(variant)[0]):  # "Power" too: one written before
            in_players = True
        elif label in GAME_FIELDS:
            found[label] = (_typed(ws, row, 2, problems), f"B{row}")
    for label in GAME_FIELDS[:-1]:  # no Next deadline in a workbook laid out before it: none typed
        if label not in found:
            problems.append(Problem(GAME, "A:A", f"no {label!r} row", f"the {label!r} row gm-tools wrote"))
    seed = None
    if "Seed" in found:
        value, ref = found["Seed"]
        seed = _integer(value)
        if seed is None or seed < 0:
            seed = None  # a formula or an error value there is named already, once
            if not any(p.sheet == GAME and p.cell == ref for p in problems):
                problems.append(UnreadCell(GAME, ref, repr(_text(value)), "a whole number, 0 or more (the seed for the rules' randomness)", value))
    refs = {label: f"{GAME}!{ref}" for label, (_, ref) in found.items()}
    return {
        "name": _text(found.get("Game", (None,))[0]) or None,
        "variant": _text(found.get("Variant", (None,))[0]) or None,
        "phase": _text(found.get("Phase", (None,))[0]).upper() or None,
        "deadline": deadline_text(found.get("Deadline", (None,))[0]),
        "next_deadline": deadline_text(found.get("Next deadline", (None,))[0]),
        "seed": seed, "players": players,
    }, refs


def _read_orders(ws, variant: Variant, problems: list[Problem]) -> list[OrderEntry]:
    powers, entries = power_lookup(variant), []
    if inserted_columns(ws, tuple(header for header, _ in ORDER_COLUMNS), problems):
        return entries  # read a column off, every row would be named wrongly
    _check_layout(ws, problems, tuple(header for header, _ in ORDER_COLUMNS))
    for row in range(2, ws.max_row + 1):
        written = _text(_typed(ws, row, 3, problems))
        if not written:
            continue
        power_text = _text(_typed(ws, row, 1, problems))
        power = powers.get(" ".join(power_text.split()).lower())
        if power is None:
            found = repr(power_text) if power_text else f"no power for the order in C{row}"
            problems.append(Problem(ORDERS, f"A{row}", found, _expected_power(variant)))
            continue
        label = _text(ws.cell(row=row, column=2).value).upper()
        unit = label if _UNIT_LABEL.match(label) else None
        entries.append(OrderEntry(power, f"{ORDERS}!C{row}", own_power_left_off(written, power, powers), unit))
    orders_in_column(ws, len(ORDER_COLUMNS), problems)
    return entries


def _read_press(ws, problems: list[Problem], pictures: Path | None) -> str:
    _check_layout(ws, problems, (PRESS_HEADER,), "press is read from column A, from row 2 down")
    _nothing_beyond(ws, 2, "press is read from column A, one line per row", problems, kind=UnreadCell)
    lines = [_text(_typed(ws, row, 1, problems)) for row in range(2, ws.max_row + 1)]
    for at, found, expected in press_problems(lines, pictures):
        where = f"A{at + 2}" if at is not None else f"A2:A{ws.max_row}"
        problems.append(UnreadCell(PRESS, where, found, expected))
    return "\n".join(lines).strip("\n")


def _read_table(ws, table: Table, problems: list[Problem], unlaid: list) -> list[InputRow]:
    _check_layout(ws, problems)
    headers = header_columns(ws, table)
    if any(col.header not in headers and not col.optional for col in table.columns):
        problems.append(Problem(table.title, "1:1", no_column(table, headers),
                                f"the columns {', '.join(c.header for c in table.columns)}"))
        return []
    _nothing_outside(ws, {headers[c.header] for c in table.columns if c.header in headers},
                     read_in_columns(table, headers), problems)
    unlaid.extend((table.title, c.header) for c in table.columns if c.header not in headers)
    rows = []
    for r in range(2, max(ws.max_row, len(table.rows) + 1) + 1):  # rows laid out but deleted too
        values, cells, empty = {}, {}, True
        for column in table.columns:
            if column.header not in headers:  # an optional column the workbook was laid out without
                values[column.header] = None
                continue
            cell = ws.cell(row=r, column=headers[column.header])
            cells[column.header] = f"{table.title}!{cell.coordinate}"
            raw = _typed(ws, r, headers[column.header], problems)
            if column.editable and _text(raw):
                empty = False
            values[column.header] = cell_value(column, raw, table.title, cell.coordinate, problems)
        if not empty:
            rows.append(InputRow(values=values, cells=cells))
        elif r - 2 < len(table.rows):
            # an optional column is editable, so its missing place is never looked at
            as_laid_out(ws, table, r, [headers.get(c.header, 0) for c in table.columns], problems)
    return keyed_rows(ws, table, headers, rows, problems)


def cell_value(column: Column, raw, sheet: str, ref: str, problems: list[Problem]):
    """A cell of an input sheet as the hooks get it: None when empty, a whole number in an
    integer column, the choice as listed in a choice column, stripped text otherwise; a value
    that does not fit its column is a problem naming the cell (the text, if its hooks judge it)."""
    text = _text(raw)
    if not text:
        return None
    if column.kind == INTEGER:
        number = cell_number(raw, column.unit)
        if number is None and not column.hooks_judge:
            problems.append(UnreadCell(sheet, ref, repr(text), number_expected(column), raw))
        return text if number is None and column.hooks_judge else number
    if column.kind == CHOICE and column.choices:
        # A GM typing over a dropdown writes "france" as often as "FRANCE", or a power's name (a spelling):
        # match case-blind (a word spelled for two choices names the first), hand the hooks the choice as listed.
        spelled = {choice_key(w): c for w, c in reversed((*zip(column.choices, column.choices), *column.spellings))}
        match = spelled.get(choice_key(text))
        if match is None and column.hooks_judge:
            return text
        if match is None:
            hint = not_a_choice(column, text) or did_you_mean(text, spelled)
            problems.append(UnreadCell(sheet, ref, repr(text), f"one of {', '.join(column.choices)} "
                                       f"({column.header}{'; ' * bool(hint)}{hint})", raw))
        return match
    return text


def read_workbook(data: bytes, where: str, variant: Variant, inputs: list[Table] = (), game_name: str | None = None,
                  phase: str | None = None, ours: set[str] | None = None,
                  pictures: Path | None = None) -> tuple[WorkbookEntries, list[Problem]]:
    """Read what the GM entered. Every problem found is returned (none raised) so the caller
    can add its own checks and report them all at once; only an unreadable file raises.
    ``game_name`` and ``phase``: the game's name and current phase, which the Game sheet must show
    (a workbook of another game, or an old copy of this one, must not be used). ``ours``: the
    sheets gm-tools wrote in this workbook; given, every other sheet is read as the GM's own
    (``entries.gm_sheets``). ``pictures``: the game's pictures folder, where each picture the
    press shows must be (:mod:`gm_tools.edges.pressimages`; without it, only their addresses
    are checked)."""
    read = {GAME, ORDERS, PRESS} | {t.title for t in inputs}
    keep, skipped = {folded(n) for n in read}, {folded(n) for n in ours or ()}
    wb = open_workbook(data, where, only=lambda t: folded(t) in keep or (ours is not None and folded(t) not in skipped))
    as_written(wb, read)
    problems: list[Problem] = []
    sheets, theirs = set(wb.sheetnames), [t for t in wb.sheetnames if folded(t) not in skipped | keep]
    if GAME not in sheets:
        raise WorkbookError(where, [Problem(GAME, "", "no Game sheet (is this a workbook from another program?)",
                                            "a game workbook made by gm-tools new-game")])
    game, refs = _read_game(wb[GAME], variant, problems)
    if game["variant"] is not None and game["variant"] != variant_label(variant):
        cell = refs["Variant"].split("!")[1]
        problems.append(Problem(GAME, cell, repr(game["variant"]), f"{variant_label(variant)!r}, the game's variant"))
    for name in (ORDERS, PRESS):
        headed = tuple(t for t in theirs if name == PRESS and hasattr(wb[t], "cell") and wb[t]["A1"].value == PRESS_HEADER)
        missing = no_such_sheet(name, wb.sheetnames, theirs, headed) if name not in sheets else ""
        # press is optional (docs/workbook.md): a Press sheet deleted is none; one renamed may hold some
        if missing and (name == ORDERS or missing != "no such sheet"):
            problems.append(Problem(name, "", missing, f"the {name} sheet gm-tools wrote"))
    orders = _read_orders(wb[ORDERS], variant, problems) if ORDERS in sheets else []
    press = _read_press(wb[PRESS], problems, pictures) if PRESS in sheets else ""
    rows, absent, unlaid = {}, [], []
    for table in inputs:
        if table.title not in sheets:
            if table.optional:
                rows[table.title] = []
                absent.append(table.title)
                continue
            problems.append(Problem(table.title, "", no_such_sheet(table.title, wb.sheetnames, theirs),
                                    f"the {table.title} sheet gm-tools wrote"))
            continue
        rows[table.title] = _read_table(wb[table.title], table, problems, unlaid)
    if game_name is not None and "Game" in refs and game["name"] != game_name:
        problems.append(Problem(GAME, refs["Game"].split("!")[1], repr(game["name"] or ""),
                                f"{game_name!r}, the game this workbook belongs to"))
    if phase is not None and "Phase" in refs and game["phase"] != phase:
        problems.append(Problem(
            GAME, refs["Phase"].split("!")[1], repr(game["phase"] or ""),
            f"{phase!r}, the game's current phase (is this an old copy of the workbook? "
            "gm-tools rollback reopens the last processed phase)"))
    entries = WorkbookEntries(orders=orders, press=press, inputs=rows, game_cells=refs, absent=tuple(absent),
                              unlaid=tuple(unlaid), sheets=tuple(wb.sheetnames), **game)
    if ours is not None:
        entries.gm_sheets = read_gm_sheets(wb, ours | {CHOICES})
        problems += copies_typed_in(wb, entries.gm_sheets, {GAME, ORDERS, PRESS} | {t.title for t in inputs})
    return entries, problems
