"""Games begun with an older gm_tools go on under today's code: what an older version wrote
(its workbook's sheets, its records) is read, or refused saying what to do, never taken for
something else (README, "Not done yet")."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.turn import load_state, run_turn
from gm_tools.errors import WorkbookError
from tests.demos import played_until_fixture
from tests.workflow_helpers import create

# The Diplomatic Attacks sheet as gm_tools laid it out before the attacks became a phase of
# their own (P1616D, after the placements are published): beside the INF Placements, in the
# Political/Religious Influence Phase itself (README, Europe 1615 version 2).
OLD_ATTACKS_HEADER = ["Power", "Order", "Minor state or home box", "Target"]


@pytest.fixture(scope="module")
def at_p1616i(tmp_path_factory) -> Path:
    """A Europe 1615 v2 game at 1616's Influence Phase, every phase before it played by force."""
    root = tmp_path_factory.mktemp("payola")
    create(root, variant="europe1615v2")
    while load_state("g", root).position.phase != "P1616I":
        run_turn("g", root=root, site_dir=None, force=True)
    return root


def _copy(root: Path, tmp_path: Path) -> Path:
    shutil.copytree(root, tmp_path / "root")
    return tmp_path / "root"


def _old_attacks_sheet(workbook: Path, rows: list[list]) -> None:
    """The sheet an older gm_tools wrote into the P1616I workbook, with ``rows`` typed below
    its header, as the GM's spreadsheet program saves it."""
    wb = openpyxl.load_workbook(io.BytesIO(workbook.read_bytes()))
    ws = wb.create_sheet("Diplomatic Attacks", index=wb.sheetnames.index("INF Placements") + 1)
    for row in [OLD_ATTACKS_HEADER, *rows]:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    workbook.write_bytes(out.getvalue())


def test_attacks_typed_on_an_older_versions_sheet_are_refused_saying_where_they_go(at_p1616i, tmp_path):
    """Rulebook 001 (Europe 1615 v2), 'Diplomatic attacks commence in the second year': today
    they are ordered in P1616D, once the placements are published. Attacks typed on the
    Diplomatic Attacks sheet an older gm_tools laid out in P1616I are not read in P1616I; the
    turn refuses them at their cells, saying the sheet is an older version's and where the
    attacks go, not calling it 'a sheet of your own' to rename (which would carry them along
    as notes, never read), and writes nothing."""
    root = _copy(at_p1616i, tmp_path)
    paths = load_state("g", root).paths
    _old_attacks_sheet(paths.workbook, [["SPAIN", 0, "LOR", "FRANCE"]])
    before = paths.workbook.read_bytes()
    with pytest.raises(WorkbookError) as refused:
        run_turn("g", root=root, site_dir=None, force=True)
    text = str(refused.value)
    assert "Diplomatic Attacks!A2" in text
    assert "'SPAIN'" in text
    assert "older gm-tools" in text
    assert "P1616D" in text
    assert "a sheet of your own" not in text
    assert paths.workbook.read_bytes() == before
    assert load_state("g", root).position.phase == "P1616I"


def test_an_older_versions_empty_attacks_sheet_is_left_behind(at_p1616i, tmp_path):
    """The same sheet left empty (the GM upgraded before anyone attacked) holds nothing to
    read or keep: the turn plays P1616I and the P1616D workbook has gm_tools' own Diplomatic
    Attacks sheet, not the old one carried beside it as the GM's."""
    root = _copy(at_p1616i, tmp_path)
    paths = load_state("g", root).paths
    _old_attacks_sheet(paths.workbook, [])
    run_turn("g", root=root, site_dir=None, force=True)
    assert load_state("g", root).position.phase == "P1616D"
    names = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes())).sheetnames
    assert [n for n in names if n.casefold().startswith("diplomatic attacks")] == ["Diplomatic Attacks"]



payola_1616 = played_until_fixture("europe1615v2", "P1616I")


def _as_recorded_before_dominion_years(root: Path, game: str) -> None:
    """The game's records as gm_tools wrote them before 2026-11-27, when a DOMINION kept no year
    of its first occupation: the state's ``occupied`` left out."""
    for file in sorted((root / game / "history").glob("*.json")):
        record = json.loads(file.read_text(encoding="utf-8"))
        for side in ("before", "after"):
            record[side]["extra"].get("europe1615v2", {}).pop("occupied", None)
        file.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def _placement(workbook: Path, power: str, infs: int, where: str) -> None:
    wb = openpyxl.load_workbook(io.BytesIO(workbook.read_bytes()))
    ws = wb["INF Placements"]
    row = next(r for r in range(2, ws.max_row + 2) if ws.cell(r, 1).value in (None, ""))
    for column, value in enumerate((power, infs, where), start=1):
        ws.cell(row, column, value)
    out = io.BytesIO()
    wb.save(out)
    workbook.write_bytes(out.getvalue())


def test_a_dominion_recorded_without_its_year_still_closes_the_coming_influence_phase(payola_1616, tmp_path):
    """Rulebook 001 (Europe 1615 v2), DOMINION: 'this is the first occurrence of occupation by a
    major power with change in ownership at the build phase, no other major power may place
    INFs in that state during the coming political and religious influence phase'. The demo's
    Austria takes Saxony in 1615; a game recorded before the year of that occupation was kept,
    and played on today at P1616I, still closes Saxony to Denmark/Sweden's INFs (the year is
    read back from the records, the first in which the DOMINION stands), instead of taking the
    placement as if the state were open."""
    root = tmp_path / "root"
    shutil.copytree(payola_1616, root)
    _as_recorded_before_dominion_years(root, "europe1615v2-demo")
    state = load_state("europe1615v2-demo", root)
    assert state.position.phase == "P1616I"
    assert state.position.extra["europe1615v2"]["dominion"]["SAX"] == "AUSTRIA"
    _placement(state.paths.workbook, "DENMARK", 5, "SAX")
    with pytest.raises(WorkbookError) as refused:
        run_turn("europe1615v2-demo", root=root, site_dir=None)
    assert "SAX became the DOMINION of AUSTRIA at the 1615 build phase" in str(refused.value)
    assert load_state("europe1615v2-demo", root).position.phase == "P1616I"
