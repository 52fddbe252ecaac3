"""Generated corruptions of real game workbooks (issue 20 item 2), one game per shipped
variant: formulas, text, negative and fractional numbers in cells the GM types in, moved or
renamed header cells, merged cells, deleted or renamed sheets, and files that are no
workbook at all. Every case: `gm-tools turn` exits non-zero with a `Sheet!Cell` message
where a cell is at fault (a file-level message otherwise), no traceback, and the workbook,
the record and the site are byte-identical afterwards (hashed).
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
from gm_tools.app.turn import load_state, new_game
from gm_tools.edges.workbook import ORDERS, PRESS
from gm_tools.engine.hooks import INTEGER, hooks_for

from demos import file_hashes

VARIANTS = ["standard", "centenary", "europe1619", "europe1615", "europe1615v2"]
CELL = re.compile(r"\b[A-Z][A-Za-z ]*!\$?[A-Z]{1,3}\$?\d+")
XLSM = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A new game of each variant, made once; each example works on a copy."""
    root = tmp_path_factory.mktemp("fuzz-games")
    for name in VARIANTS:
        new_game(name, f"g-{name}", root=root, seed=5, created="2000-01-01T00:00:00Z")
    return root


def _integer_cells(root: Path, name: str) -> list[str]:
    """The cells of the current phase's input sheets that take whole numbers."""
    state = load_state(f"g-{name}", root)
    found = []
    for table in hooks_for(state.variant).input_sheets(state.variant, state.position):
        for col, column in enumerate(table.columns):
            if column.kind == INTEGER and column.editable:
                found.append(f"{table.title}!{chr(ord('A') + col)}2")
    return found


def _order_cells(data: bytes) -> list[str]:
    ws = openpyxl.load_workbook(io.BytesIO(data))[ORDERS]
    return [f"{ORDERS}!C{row}" for row in range(2, ws.max_row + 1) if ws.cell(row=row, column=2).value]


@st.composite
def corruptions(draw, sheets: list[str], order_cells: list[str], integer_cells: list[str]):
    """(description, function bytes -> bytes, whether a cell is to blame)."""
    kinds = ["formula", "header", "merge", "delete", "rename", "file"] + (["number"] if integer_cells else [])
    kind = draw(st.sampled_from(kinds))

    def edit(change):
        def apply(data: bytes) -> bytes:
            wb = openpyxl.load_workbook(io.BytesIO(data))
            change(wb)
            out = io.BytesIO()
            wb.save(out)
            return out.getvalue()
        return apply

    if kind == "formula":
        ref = draw(st.sampled_from(order_cells + integer_cells))
        formula = draw(st.sampled_from(["=1+1", "=SUM(A1:A3)", '="A PAR - BUR"', "=HYPERLINK(\"x\")"]))
        sheet, cell = ref.split("!")
        return f"formula {formula} in {ref}", edit(lambda wb: wb[sheet].__setitem__(cell, formula)), True
    if kind == "number":
        ref = draw(st.sampled_from(integer_cells))
        value = draw(st.sampled_from([-3, -1, 2.5, 0.1, "five", "3 ducats", "1e3x"]))
        sheet, cell = ref.split("!")
        return f"{value!r} in {ref}", edit(lambda wb: wb[sheet].__setitem__(cell, value)), True
    if kind == "header":
        col = draw(st.sampled_from("ABC"))
        text = draw(st.sampled_from(["", "Nonsense", "Orders", "Units", "power2"]))
        return f"Orders!{col}1 = {text!r}", edit(lambda wb: wb[ORDERS].__setitem__(f"{col}1", text or None)), True
    if kind == "merge":
        sheet = draw(st.sampled_from(["Game", ORDERS, PRESS]))
        top = draw(st.integers(2, 6))
        span = f"A{top}:C{top + draw(st.integers(0, 2))}"
        return f"merged {sheet}!{span}", edit(lambda wb: wb[sheet].merge_cells(span)), True
    if kind in ("delete", "rename"):
        # a deleted Press sheet is no press (docs/workbook.md), not a corruption
        sheet = draw(st.sampled_from([s for s in sheets if s != PRESS] if kind == "delete" else sheets))
        if kind == "delete":
            return f"sheet {sheet} deleted", edit(lambda wb: wb.remove(wb[sheet])), False
        new = draw(st.sampled_from([sheet + " (2)", sheet.lower() + "x", "Sheet1"]))
        return f"sheet {sheet} renamed {new}", edit(lambda wb: setattr(wb[sheet], "title", new)), False
    how = draw(st.sampled_from(["empty", "junk", "truncated", "xlsm"]))
    if how == "empty":
        return "an empty file", lambda data: b"", False
    if how == "junk":
        junk = draw(st.binary(min_size=1, max_size=200))
        return "bytes that are no workbook", lambda data: junk, False
    if how == "truncated":
        return "a truncated file", lambda data: data[: len(data) // 2], False

    def as_xlsm(data: bytes) -> bytes:
        import zipfile
        src = zipfile.ZipFile(io.BytesIO(data))
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as dst:
            for item in src.infolist():
                body = src.read(item.filename)
                if item.filename == "[Content_Types].xml":
                    body = body.replace(b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                                        XLSM.encode())
                dst.writestr(item, body)
        return out.getvalue()
    return "a macro-enabled (.xlsm) workbook", as_xlsm, False



# Required sheets the turn reads whatever the phase; a variant's input sheets are added.
BASE_SHEETS = ["Game", ORDERS, PRESS]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_corruption_is_refused_with_its_cell_and_nothing_changes(games, name):
    template = games / f"g-{name}.xlsx"
    data = template.read_bytes()
    integer_cells = _integer_cells(games, name)
    inputs = sorted({ref.split("!")[0] for ref in integer_cells})
    sheets = BASE_SHEETS + inputs

    @settings(max_examples=300 if SOAK else 25)
    @given(corruptions(sheets, _order_cells(data), integer_cells))
    def check(corruption):
        what, corrupt, blames_a_cell = corruption
        group = f"workbook {name}"
        fuzzcount.tried(group)
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "games"
            shutil.copytree(games / f"g-{name}", root / f"g-{name}")
            workbook = root / f"g-{name}.xlsx"
            workbook.write_bytes(corrupt(data))
            before = file_hashes(Path(tmp))
            err = io.StringIO()
            try:
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    code = main(["turn", f"g-{name}", "--root", str(root), "--force", "--site", str(Path(tmp) / "site")])
                message = err.getvalue()
                assert code != 0, f"{what}: accepted"
                assert "Traceback" not in message and message.startswith("gm-tools: "), (what, message)
                if blames_a_cell:
                    assert CELL.search(message), (what, message)
                assert file_hashes(Path(tmp)) == before, f"{what}: files changed"
            except Exception:
                fuzzcount.failed(group)
                raise

    check()
