"""The Game sheet's Deadline cell: text as the GM types it ("Friday 18:00 UTC"), or a date and
time the spreadsheet program keeps as a date. The record keeps it as text; the next phase's
workbook writes a date back as a date, so the GM's own formats and formulas on it go on working."""

from __future__ import annotations

import datetime

from gm_tools.edges.strays import cell_text

_FORMATS = (("%Y-%m-%d %H:%M", "yyyy-mm-dd hh:mm"), ("%Y-%m-%d", "yyyy-mm-dd"))
"""(how a date is written in the record, the cell's number format for it)."""


def deadline_text(value) -> str:
    """The Deadline cell's value as the record keeps it: a date as ``2026-12-04 18:00`` (to the
    minute: a spreadsheet's times come back a fraction of a second off), or the day alone."""
    if isinstance(value, datetime.datetime):
        moment = (value + datetime.timedelta(seconds=30)).replace(second=0, microsecond=0)
        return moment.strftime(_FORMATS[1][0] if moment.time() == datetime.time() else _FORMATS[0][0])
    if isinstance(value, datetime.date):
        return value.strftime(_FORMATS[1][0])
    return cell_text(value)


def deadline_cell(text: str) -> tuple[object, str | None]:
    """What the next workbook's Deadline cell holds for ``text``, and its number format: a date
    written as :func:`deadline_text` writes one is a date again; any other text stays text."""
    for pattern, number_format in _FORMATS:
        try:
            return datetime.datetime.strptime(text, pattern), number_format
        except ValueError:
            continue
    return text, None
