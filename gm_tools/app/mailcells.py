"""Mail typed into cells: for a game system whose phase lays out a row for each player, or a
row two players' mails fill together (``GameSystem.mailed_cells``), as :mod:`.mailorders`
types other systems' mail as rows of their own.

The phase's input sheets are held as the turn will read them, cell by cell. Each power's
lines are typed in (its earlier entries cleared first, as its latest mail is the one that
counts) and the sheets read back as :mod:`gm_tools.edges.workbook` reads them, every cell
converted by the same rules (a whole number, a listed choice), then checked by the system's own
``check_inputs``: exactly what a turn would check. A problem at a cell one of the lines typed
refuses that line, and the rest is checked again without it; a problem at a cell of another
power's, or of an entry still to come, is the turn's to report, never this mail's. The whole
batch is read twice, so each mail is checked with the others, the later ones too (a Diplomacy
Game card mailed before the partner's actions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_tools.edges.keyedrows import names_at
from gm_tools.edges.workbook import cell_value
from gm_tools.engine.hooks import InputRow, Table, hooks_for
from gm_tools.engine.system import SheetNow
from gm_tools.errors import Problem


def _letter(index: int) -> str:
    return chr(ord("A") + index)


def _unlaid(sheet: str, header: str, where: str) -> str:
    # the turn would read the sheet without the column (an older game's workbook, which a
    # turn must still read), so the line has no cell: the GM adds the header, then mails again
    return (f"a {header} column on the {sheet} sheet, which this workbook was laid out without (by an earlier "
            f"gm-tools): type the header {header} in {where} (the sheet's protection lifted: no password) and "
            "send the mail again")


class Grid:
    """The phase's input sheets as the turn will read them: (row, header) -> value by sheet."""

    def __init__(self, tables: list[Table], rows: dict[str, list[InputRow]] | None = None, unlaid=(),
                 workbook: bytes | None = None, unread=()):
        """``workbook``: its bytes, where a ``keyed`` table's rows (a row for each player, which
        the GM may sort) are found by their names, not laid out in order. ``unread``: the cells
        that do not read (``UnreadCell``), held as typed, so that a mail clearing the player's
        row clears them too and any other stays as it is."""
        typed = {f"{p.sheet}!{p.cell}": p.raw for p in unread}
        self.tables = {t.title: t for t in tables}
        named = names_at(workbook, tables) if workbook is not None else {}
        self.unlaid = frozenset(unlaid)
        """(Sheet, header) of the optional columns the workbook was laid out without
        (``WorkbookEntries.unlaid``): a value typed there is a problem, never read."""
        self.cells: dict[str, dict[tuple[int, str], object]] = {}
        self.letters: dict[str, dict[str, str]] = {}
        for table in tables:
            cells = {}
            laid_at = {name: n for n, name in named[table.title].items()} if table.title in named else {}
            for r, laid in enumerate(table.rows, start=2):
                if laid_at and str(laid[0]) not in laid_at:
                    continue  # his row is gone: the turn refuses the sheet, so nothing is typed for him
                at = laid_at.get(str(laid[0]), r)
                cells.update({(at, c.header): v for c, v in zip(table.columns, laid) if v not in (None, "")})
            letters = {c.header: _letter(i) for i, c in enumerate(table.columns)}
            for row in (rows or {}).get(table.title, []):
                for header, ref in row.cells.items():
                    cell = ref.split("!", 1)[1]
                    letters[header] = "".join(ch for ch in cell if ch.isalpha())  # the column where it is
                    number = int("".join(ch for ch in cell if ch.isdigit()))
                    value = row.values.get(header)
                    value = typed.get(ref) if value is None else value
                    if value is None:
                        cells.pop((number, header), None)
                    else:
                        cells[(number, header)] = value
            self.cells[table.title] = cells
            self.letters[table.title] = letters

    def copy(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.tables, other.letters, other.unlaid = self.tables, self.letters, self.unlaid
        other.cells = {title: dict(cells) for title, cells in self.cells.items()}
        return other

    def view(self) -> dict[str, SheetNow]:
        return {title: SheetNow(table, dict(self.cells[title])) for title, table in self.tables.items()}

    def ref(self, sheet: str, row: int, header: str) -> str:
        return f"{sheet}!{self.letters[sheet][header]}{row}"

    def put(self, sheet: str, row: int, header: str, value) -> None:
        column = next((c for c in self.tables[sheet].columns if c.header == header), None)
        if column is None or not column.editable or row < 2 or (
                value not in (None, "") and row > SheetNow(self.tables[sheet], {}).last):
            # the system's hook chose it: a locked cell is gm-tools' own, never a mail's (a row
            # below the sheet's may only be cleared: the GM typed there with the sheet unprotected)
            raise ValueError(f"{sheet} row {row} {header!r}: not a cell the GM types in")
        if value in (None, ""):
            self.cells[sheet].pop((row, header), None)
        else:
            self.cells[sheet][(row, header)] = value

    def inputs(self) -> tuple[dict[str, list[InputRow]], list[Problem]]:
        """The rows a turn would read back, each cell converted as the workbook reader converts
        it, and the problems of those that do not fit their column."""
        out: dict[str, list[InputRow]] = {}
        problems: list[Problem] = []
        for title, table in self.tables.items():
            cells = self.cells[title]
            rows = []
            for r in sorted({r for r, _ in cells}):
                if not any(c.editable and (r, c.header) in cells for c in table.columns):
                    continue  # nothing typed: not read back
                refs = {c.header: self.ref(title, r, c.header) for c in table.columns}
                for c in table.columns:
                    if (title, c.header) in self.unlaid and (r, c.header) in cells:
                        problems.append(Problem(title, refs[c.header].split("!")[1], repr(cells[(r, c.header)]),
                                                _unlaid(title, c.header, self.ref(title, 1, c.header))))
                values = {c.header: None if (title, c.header) in self.unlaid else cell_value(
                    c, cells.get((r, c.header)), title, refs[c.header].split("!")[1], problems) for c in table.columns}
                rows.append(InputRow(values=values, cells=refs))
            out[title] = rows
        return out, problems

    def changes(self, before: "Grid") -> dict[str, object]:
        """``Sheet!Cell`` -> the value to type (None: clear) for every cell that differs from
        ``before``, in sheet and cell order."""
        out = {}
        for title in self.tables:
            now, then = self.cells[title], before.cells[title]
            for row, header in sorted(set(now) | set(then)):
                if now.get((row, header)) != then.get((row, header)):
                    out[self.ref(title, row, header)] = now.get((row, header))
        return out


@dataclass
class Block:
    """One power's lines of one mail, as the cells took them."""

    label: str
    power: str
    lines: list
    """The mail's lines (``MailLine``)."""
    typed: dict[int, tuple] = field(default_factory=dict)
    """Line index -> the cells it typed, ((sheet, row, header, value), ...)."""
    refused: dict[int, str] = field(default_factory=dict)
    """Line index -> why it is refused."""
    replaced: dict[str | None, list[tuple]] = field(default_factory=dict)
    """The player's earlier entries the block clears: the label of the earlier mail of the batch
    that typed them (None: they were in the workbook) -> for the workbook's, the cells ((sheet,
    row, header)) left empty once every mail is typed."""
    spared: bool = False
    """Nothing of the block stands, and the player's earlier entries it would have replaced
    stay as they were."""
    touched: list[tuple] = field(default_factory=list)
    """(Sheet, row, header) of each cell it clears or types, the mails typed one after the
    other: a later block's cell is its own (what names the mail that replaced a cell that did
    not read)."""


def type_blocks(variant, position, grid: Grid, blocks: list[Block]) -> list[Block]:
    """Type every block into ``grid``, twice over the batch (each mail then checked with every
    other one of the batch); the blocks the system types into cells, as the second reading
    left them. A block whose lines the system does not take as cells is left out."""
    before = grid.copy()
    taken = []
    for sweep in (1, 2):
        taken = []
        for block in blocks:
            block.typed, block.refused = {}, {}
            if _type_block(variant, position, grid, block):
                taken.append(block)
    _replaced(variant, position, before, taken, grid)
    return taken


def _replaced(variant, position, before: Grid, blocks: list[Block], after: Grid) -> None:
    """Set each block's ``replaced``: what it clears when the mails are typed one after the
    other from the workbook as it was (``before``). The sweeps cannot say it: the second starts
    from what the first typed, where the workbook's entries a mail cleared are gone already and
    the later mails' cells are there already."""
    now = before.copy()
    typed_by: dict[tuple, Block] = {}  # (sheet, row, header) -> the block whose line typed it
    for block in blocks:
        block.replaced, block.spared, block.touched = {}, False, []
        mailed = variant.system.mailed_cells(variant, position, block.power, [line.text for line in block.lines],
                                             now.view())
        if not block.typed:
            # nothing of it stands, so it clears nothing (:func:`_type_block`); the report says
            # so when there was something it would have replaced
            block.spared = any(now.cells[c[0]].get(c[1:]) is not None for c in mailed.clear)
            continue
        for cell in (c for c in mailed.clear if now.cells[c[0]].get(c[1:]) is not None):
            earlier = typed_by.pop(cell, None)
            if earlier is not None and earlier.power != block.power:
                continue  # never another player's entry: the system clears only the player's own
            source = earlier.label if earlier is not None else None
            # the workbook's cells are where they were; a mail of the batch may have typed its
            # rows elsewhere than this replay does (the first free row), so its cells are not named
            gone = source is None and after.cells[cell[0]].get(cell[1:]) is None
            block.replaced.setdefault(source, []).extend([cell] if gone else [])
            block.touched.append(cell)
            now.put(*cell, None)
        for k in block.typed:
            for sheet, row, header, value in (() if isinstance(mailed.lines[k], str) else mailed.lines[k]):
                now.put(sheet, row, header, value)
                typed_by[(sheet, row, header)] = block
                block.touched.append((sheet, row, header))


def _reason(problem: Problem, text: str) -> str:
    """A check's words for a mailed line: what it expected, and what it found when that is a
    figure the check made from the lines (a player's Setup total, '4 for RED'), which the line
    alone does not show, as the sheet's message says it."""
    found = str(problem.found or "").strip("'\"")
    if re.search(r"\d", found) and found not in text and found not in problem.expected:
        return f"{problem.expected}, found {found}"
    return problem.expected


def _type_block(variant, position, grid: Grid, block: Block) -> bool:
    mailed = variant.system.mailed_cells(variant, position, block.power, [line.text for line in block.lines],
                                         grid.view())
    if mailed is None:
        return False
    standing = {k: tuple(cells) for k, cells in enumerate(mailed.lines) if not isinstance(cells, str)}
    block.refused = {k: why for k, why in enumerate(mailed.lines) if isinstance(why, str)}
    hooks = hooks_for(variant)
    while True:
        trial = grid.copy()
        for sheet, row, header in mailed.clear:
            trial.put(sheet, row, header, None)
        owner: dict[str, int] = {}
        for k, cells in standing.items():
            for sheet, row, header, value in cells:
                trial.put(sheet, row, header, value)
                owner[trial.ref(sheet, row, header)] = k
        inputs, problems = trial.inputs()
        problems += hooks.check_inputs(variant, position, inputs)[1]
        bad: dict[int, str] = {}
        for problem in problems:
            k = owner.get(f"{problem.sheet}!{problem.cell}")
            if k is not None and k not in bad:  # the first problem of a line is its reason
                bad[k] = _reason(problem, block.lines[k].text)
        if not bad:
            break
        for k, why in bad.items():
            block.refused[k] = why
            standing.pop(k)
    if not standing:
        # nothing of the mail stands, so it replaces nothing, as with unit orders: a mail of
        # refused lines never clears what the player entered before
        return True
    for k, cells in standing.items():
        # a later line of the same mail typing other values into its cells replaces it
        later = sorted({owner[trial.ref(s, r, h)] for s, r, h, v in cells
                        if owner[trial.ref(s, r, h)] != k and trial.cells[s].get((r, h)) != _held(v)})
        if later:
            number = block.lines[later[-1]].number
            block.refused[k] = f"one line for these cells: line {number} of the same mail replaces it"
        else:
            block.typed[k] = cells
    grid.cells = trial.cells
    return True


def _held(value):
    return None if value in (None, "") else value


def intact(grid: Grid, cells: tuple) -> bool:
    """Whether the cells a line typed still hold what it typed (a later mail of the same power
    clears what it replaces)."""
    return all(grid.cells[s].get((r, h)) == _held(v) for s, r, h, v in cells)


def unvirtual(why: str, named: dict[tuple[str, int], str]) -> str:
    """``why`` with each cell of a row built for the checks (``Fealty!B2``) named as ``named``
    says (``mail line 2``)."""
    def name(match):
        return named.get((match.group(1), int(match.group(2))), match.group(0))
    sheets = "|".join(re.escape(sheet) for sheet in sorted({sheet for sheet, _ in named}, key=len, reverse=True))
    return re.sub(rf"({sheets})![A-Z]+(\d+)\b", name, why) if sheets else why


def line_number(where: str) -> int:
    """The line number of a refusal's place (``MAIL line N``)."""
    number = where.rpartition(" line ")[2]
    return int(number) if number.isdigit() else 0
