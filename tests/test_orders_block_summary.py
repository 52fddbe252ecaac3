"""The Orders sheet's line over each power's block counts the rows under it: the units of the
minors or vassals it commands are named beside its own (Centenary rule 4: 'the Empire takes
control of [Bavaria's] army'; Europe 1619: 'those minor units that are aligned to their power').
A new GM read 'Holy Roman Empire: 3 center(s), 3 unit(s)' over four rows as a row too many.

Rulebooks: ``004_1210a5933393c2d7.txt`` (Centenary), rule 4; ``002_e7e1b063b6c411e5.txt``
(Europe 1619), 'Effects of declarations'.
"""

from __future__ import annotations

import openpyxl

from gm_tools.app.turn import new_game


def _summaries(path) -> dict[str, str]:
    sheet = openpyxl.load_workbook(path)["Orders"]
    return {row[0]: row[1] for row in sheet.iter_rows(min_row=2, values_only=True)
            if row[1] and "center(s)" in str(row[1])}


def test_the_empires_block_names_bavarias_army_it_commands(tmp_path):
    paths = new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    summaries = _summaries(paths.workbook)
    assert summaries["EMPIRE"] == "Holy Roman Empire: 3 center(s), 3 unit(s); and 1 unit(s) it commands (Bavaria)"
    assert summaries["FRANCE"] == "France: 3 center(s), 3 unit(s)"
