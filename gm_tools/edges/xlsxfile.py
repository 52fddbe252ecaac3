"""An .xlsx file as bytes: written the same way every time, and told apart from a macro-enabled one.

Split from :mod:`gm_tools.edges.workbook` (the openpyxl edge), which writes and reads the
workbook's sheets; here only the zip container is handled, without openpyxl.
"""

from __future__ import annotations

import io
import re
import zipfile

FIXED_TIME = "2000-01-01T00:00:00Z"
"""The creation/modification time written inside every workbook, for same-bytes output."""
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _normalise(data: bytes, rewrite: dict | None = None) -> bytes:
    """Fix the timestamps openpyxl writes (file times in the zip, dates in docProps/core.xml)
    so the same workbook always gives the same bytes. ``rewrite``: part name -> a function
    giving that part's new bytes from its old."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = content.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_TIME}\g<3>", text)
                content = text.encode("utf-8")
            if rewrite and info.filename in rewrite:
                content = rewrite[info.filename](content)
            fixed = zipfile.ZipInfo(info.filename, date_time=_ZIP_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o600 << 16
            target.writestr(fixed, content)
    return out.getvalue()


def _macro_enabled(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            types = z.read("[Content_Types].xml") if "[Content_Types].xml" in names else b""
    except (zipfile.BadZipFile, OSError, KeyError):
        return False  # damaged: load_workbook below says so
    return "xl/vbaProject.bin" in names or b"macroEnabled" in types
