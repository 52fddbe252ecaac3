"""The input rows a ``turn --lenient`` dropped (:mod:`gm_tools.app.entrychecks`), as the
phase's page, its judge text and the turn's report say them: each row's cells, what they
held and why it was dropped, as judges mailed an order they did not use."""

from __future__ import annotations

import re

DROPPED = "dropped"
"""The record's key of the rows dropped (``docs/game-record.md``); absent when none was."""
HEADING = "Entries dropped"


def dropped_lines(record: dict, variant=None) -> list[str]:
    """A line for each row dropped: ``INF Placements!A3:C3 (FRANCE | 5 | XXX): INF
    Placements!C3: found 'XXX', expected ...``. With the ``variant``, those the public may read
    only (``Rules.public_record``: a Payola offer dropped is its power's, told in its ledger)."""
    if variant is not None and record.get(DROPPED):
        from gm_tools.engine.rules import rules_for

        record = rules_for(variant).public_record(variant, record)
    return [f"{d['cell']} ({d['written'] or 'empty'}): {d['error']}" for d in record.get(DROPPED) or []]


def dropped_sections(record: dict, variant=None) -> list[tuple[str, str]]:
    """The page's section of the rows dropped, (heading, markdown), or none; with the
    ``variant``, the public's only (:func:`dropped_lines`). What the GM typed
    is shown as typed: markdown's own characters in it are escaped (raw HTML never is HTML on
    a page, :mod:`gm_tools.publish.safemarkdown`, so ``<`` is left as it is)."""
    lines = dropped_lines(record, variant)
    if not lines:
        return []
    intro = "Invalid entries the GM let go (`turn --lenient`), dropped as judges drop an invalid order:"
    return [(HEADING, "\n".join([intro, ""] + [f"- {_plain(line)}" for line in lines]))]


def _plain(text: str) -> str:
    return re.sub(r"([\\`*_{}\[\]()#+!|~-])", r"\\\1", " ".join(text.split()))
