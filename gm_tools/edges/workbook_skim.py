"""An .xlsx with only the sheets a turn reads left to parse.

openpyxl parses every sheet of a workbook it opens. A turn reads the GM's entries (the Game,
Orders and Press sheets and the variant's input sheets) and never the sheets gm-tools
computes and writes again in full (a long Europe 1619 game's Influence History and Treasury
grow by a row per power a year: 1,200 rows by 1648, most of a late turn's reading time;
issue 19). Here every other sheet's XML is replaced by an empty sheet before openpyxl sees the
file; the GM's file itself is never changed, and a workbook this module cannot read is handed
on as it is (openpyxl then says what is wrong with it).
"""

from __future__ import annotations

import io
import posixpath
import xml.etree.ElementTree as ET
import zipfile

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
EMPTY_SHEET = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>')


def only_sheets(data: bytes, keep) -> bytes:
    """The workbook with the sheets not named in ``keep`` (a set of names, or a function
    saying of a name whether to keep it) emptied (their names and order kept), or ``data``
    unchanged when its parts are not where an .xlsx has them."""
    wanted = keep if callable(keep) else keep.__contains__
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            book = ET.fromstring(z.read("xl/workbook.xml"))
            rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
            targets = {r.get("Id"): r.get("Target") for r in rels.iter(f"{RELS}Relationship")}
            skip = set()
            for sheet in book.iter(f"{MAIN}sheet"):
                if wanted(sheet.get("name")):
                    continue
                target = targets.get(sheet.get(REL_ID), "")
                part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
                if part in names and part.startswith("xl/worksheets/"):
                    skip.add(part)
            if not skip:
                return data
            out = io.BytesIO()
            # stored, not deflated: this copy lives for one read
            with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as copy:
                for info in z.infolist():
                    copy.writestr(info.filename, EMPTY_SHEET if info.filename in skip else z.read(info.filename))
            return out.getvalue()
    except (zipfile.BadZipFile, KeyError, ET.ParseError, OSError):
        return data
