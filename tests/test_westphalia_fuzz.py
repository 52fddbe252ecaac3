"""Generated bad entries in The Peace of Westphalia's sheets, as the workbook fuzzing does for
the Diplomacy variants (issue 20's bar for every game system): whatever the GM types in the
Setup's and the Player Turns' cells, `gm-tools turn` either accepts it or exits non-zero with a
`Sheet!Cell` message and no traceback, and refused input changes no file.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import tempfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzzcount
from conftest import SOAK
from gm_tools.app.cli import main
from gm_tools.edges.workbook_fill import set_cells

from demos import file_hashes, played_until

GAME = "westphalia-demo"
CELL = re.compile(r"\b[A-Z][A-Za-z ]*!\$?[A-Z]{1,3}\$?\d+")
STOPS = ["P1510L", "P1510K", "P1510C", "P1510D", "R1510U", "R1510T"]
"""Steps with input sheets: the demo is played up to each, and its sheets fuzzed there."""

VALUES = st.one_of(
    # what a GM can type in a cell: no control characters (openpyxl, like Excel, refuses them)
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30), st.integers(-5, 50), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["=1+1", "ALT, AMB", "ALT", "Trier", "yes", "no", "RED", "Atlantis", "x" * 300, "HAM, HAM, HAM, HAM",
                     "0", "-1", "Bohemia", "DUI, DUR", "  ", "ALT;AMB;ARN;BAY"]))


@pytest.fixture(scope="module")
def stops(tmp_path_factory):
    """The demo played to each step with input sheets, one folder each."""
    out = {}
    for stop in STOPS:
        root = tmp_path_factory.mktemp(stop)
        played_until(root, "westphalia", stop)
        out[stop] = root
    return out


def _editable(data: bytes) -> list[str]:
    """The cells of the input sheets a GM types in (row 2 to 7 of every column but A's player)."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    skip = {"Game", "Orders", "Press", "Units", "Centers", "Results", "Princes", "Principalities",
            "Holy Roman Empire", "Provinces"}
    return [f"{ws.title}!{col}{row}" for ws in wb.worksheets if ws.title not in skip
            for col in "BCDEF"[: max(1, ws.max_column - 1)] for row in range(2, 8)]



@pytest.mark.parametrize("stop", STOPS)
def test_bad_cells_are_refused_with_their_cell(stops, stop):
    data = (stops[stop] / f"{GAME}.xlsx").read_bytes()
    cells = _editable(data)
    assert cells, stop

    @settings(max_examples=200 if SOAK else 12)
    @given(st.dictionaries(st.sampled_from(cells), VALUES, min_size=1, max_size=4))
    def check(changes):
        group = f"workbook westphalia {stop}"
        fuzzcount.tried(group)
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "games"
            shutil.copytree(stops[stop], root)
            workbook = root / f"{GAME}.xlsx"
            workbook.write_bytes(set_cells(data, changes))
            before = file_hashes(Path(tmp))
            err = io.StringIO()
            try:
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    code = main(["turn", GAME, "--root", str(root), "--force"])
                message = err.getvalue()
                assert "Traceback" not in message, (changes, message)
                if code != 0:
                    assert message.startswith("gm-tools: ") and CELL.search(message), (changes, message)
                    assert file_hashes(Path(tmp)) == before, f"{changes}: files changed"
            except Exception:
                fuzzcount.failed(group)
                raise

    check()
