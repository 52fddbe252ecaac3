"""The Game sheet's Phase and Deadline, read from the workbook's XML without openpyxl opening it.

The site shows the deadline the GM typed for the phase now awaiting orders (``docs/site.md``,
"The deadline"), and every build asks each changed game's workbook for it. openpyxl parses a
workbook's styles and every shared string before the first cell (10 to 60 ms a workbook, a
first build of a thousand games half a minute longer); this reads the Game sheet's few rows,
the shared strings up to the last it needs and, for a number, its cell style: about a
millisecond. What it gives is what the turn's reading gives
(:func:`gm_tools.edges.deadline.deadline_text`), so the site can tell a deadline the GM typed
from the one a turn of an earlier version carried over, which its record keeps. A cell it cannot read as the
turn would (a formula, an error value, a part not where an .xlsx has it) gives None: the
deadline is then not shown, never guessed.
"""

from __future__ import annotations

import datetime
import io
import posixpath
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

from gm_tools.edges.deadline import deadline_text
from gm_tools.edges.sheetnames import folded

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
LABELS = ("Phase", "Deadline")
"""The Game sheet's labels (column A) whose values (column B) are read."""
NEXT_DEADLINE = "Next deadline"
"""The label of the row a workbook has when written by a turn that no longer carries the
Deadline over (its Deadline is the one the GM typed for the phase, or empty)."""
LAST_ROW = 20
"""The Game sheet's labelled rows end with the players' table, long before this row."""


class Unreadable(Exception):
    """The cell holds what the turn would refuse, or the file is not laid out as an .xlsx is."""


@dataclass(frozen=True)
class GameCells:
    """What the workbook's Game sheet holds."""

    phase: str
    """The phase it is laid out for (``F1901M``)."""
    deadline: str
    """Its Deadline as the record would keep it; empty when none is typed."""
    carried_over: bool = False
    """Laid out without the Next deadline row: written by a turn that carried the phase
    played's Deadline over, so a Deadline equal to that phase's is the past one."""


def read_game_cells(path: Path) -> GameCells | None:
    """The workbook's Phase and Deadline, or None when it is missing or they cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            cells = _labelled(z)
            if cells is None or any(label not in cells for label in LABELS):
                return None
            values = {label: _value(z, cells[label]) for label in LABELS}
    except (zipfile.BadZipFile, KeyError, ET.ParseError, OSError, ValueError, IndexError, Unreadable):
        return None
    return GameCells(phase=deadline_text(values["Phase"]).upper(), deadline=deadline_text(values["Deadline"]),
                     carried_over=NEXT_DEADLINE not in cells)


def _labelled(z: zipfile.ZipFile) -> dict[str, ET.Element] | None:
    """Label -> its value's cell (column B), for the labels in column A of the Game sheet."""
    part = _game_part(z)
    if part is None:
        return None
    rows: dict[int, dict[str, ET.Element]] = {}
    for row in ET.fromstring(z.read(part)).iter(f"{MAIN}row"):
        for cell in row.iter(f"{MAIN}c"):
            ref = cell.get("r", "")
            column, number = ref.rstrip("0123456789"), ref[len(ref.rstrip("0123456789")):]
            if column in ("A", "B") and number.isdigit() and int(number) <= LAST_ROW:
                rows.setdefault(int(number), {})[column] = cell
    found = {}
    for number in sorted(rows):
        if "A" not in rows[number]:
            continue
        label = _value(z, rows[number]["A"])
        if isinstance(label, str) and label.strip() in (*LABELS, NEXT_DEADLINE) and label.strip() not in found:
            found[label.strip()] = rows[number].get("B")
    return found


def _game_part(z: zipfile.ZipFile) -> str | None:
    """The Game sheet's part in the package (``xl/worksheets/sheet1.xml``)."""
    book = ET.fromstring(z.read("xl/workbook.xml"))
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(f"{RELS}Relationship")}
    for sheet in book.iter(f"{MAIN}sheet"):
        if folded(sheet.get("name", "")) == folded("Game"):
            target = targets.get(sheet.get(REL_ID), "")
            return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
    return None


def _value(z: zipfile.ZipFile, cell: ET.Element | None):
    """A cell's value as openpyxl gives it: text, a number, a boolean, a date; None when empty."""
    if cell is None:
        return None
    if cell.find(f"{MAIN}f") is not None or cell.get("t") == "e":
        raise Unreadable  # a formula or an error value: the turn refuses it, the site shows nothing
    kind, v = cell.get("t", "n"), cell.find(f"{MAIN}v")
    if kind == "inlineStr":
        return _text(cell.find(f"{MAIN}is"))
    if v is None or v.text is None:
        return None
    if kind == "s":
        return _shared(z, int(v.text))
    if kind in ("str", "d"):
        return datetime.datetime.fromisoformat(v.text) if kind == "d" else v.text
    if kind == "b":
        return v.text.strip() == "1"
    number = float(v.text) if any(c in v.text for c in ".eE") else int(v.text)
    if cell.get("s") and _is_date(z, int(cell.get("s"))):
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel

        book = ET.fromstring(z.read("xl/workbook.xml")).find(f"{MAIN}workbookPr")
        mac = book is not None and book.get("date1904", "").lower() in ("1", "true")
        return from_excel(number, CALENDAR_MAC_1904 if mac else CALENDAR_WINDOWS_1900)
    return number


def _text(item: ET.Element | None) -> str | None:
    """A string item's text: its ``t``, or its rich text's runs put together (phonetic runs left out)."""
    if item is None:
        return None
    plain = item.find(f"{MAIN}t")
    if plain is not None:
        return plain.text or ""
    return "".join(t.text or "" for run in item.findall(f"{MAIN}r") for t in run.findall(f"{MAIN}t"))


def _shared(z: zipfile.ZipFile, index: int) -> str | None:
    """The shared string ``index``, the table read no further than it."""
    with z.open("xl/sharedStrings.xml") as f:
        at = 0
        for _, item in ET.iterparse(f):
            if item.tag == f"{MAIN}si":
                if at == index:
                    return _text(item)
                at += 1
                item.clear()
    raise Unreadable


def _is_date(z: zipfile.ZipFile, style: int) -> bool:
    """Whether cell style ``style`` shows its number as a date (as openpyxl decides it)."""
    from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format

    styles = ET.fromstring(z.read("xl/styles.xml"))
    xfs = styles.find(f"{MAIN}cellXfs")
    if xfs is None:
        return False
    xf = xfs.findall(f"{MAIN}xf")[style]
    number_format = int(xf.get("numFmtId", "0"))
    custom = {int(f.get("numFmtId")): f.get("formatCode", "") for f in styles.iter(f"{MAIN}numFmt")}
    code = custom.get(number_format, BUILTIN_FORMATS.get(number_format, "General"))
    return is_date_format(code)
