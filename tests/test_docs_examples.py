"""The error lines README.md and docs/workbook.md quote are what `gm-tools turn` prints for the
mistakes they show: a GM compares what he sees with them, so a quote that drifted from the
tool's words (README's once said "expected a province (did you mean PAR?)") misleads him."""

from __future__ import annotations

import re
from pathlib import Path

from gm_tools.app.cli import main
from workflow_helpers import create, snapshot, type_cells

ROOT = Path(__file__).resolve().parent.parent


def _turn_errors(tmp_path, capsys) -> list[str]:
    """The lines `turn` prints for the docs' two mistakes: a seed typed in words, and a
    province misspelt in the order on France's row for A PAR (Orders!C14 in a standard game)."""
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "forty-two", "Orders!C14": "A PRX - BUR"})
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    assert snapshot(tmp_path) == files
    return [line.strip() for line in capsys.readouterr().err.splitlines()]


def test_the_workbook_docs_problem_list_is_the_one_turn_prints(tmp_path, capsys):
    """docs/workbook.md, "Checking: every problem at once, nothing written": its example's
    problem lines, word for word."""
    text = (ROOT / "docs" / "workbook.md").read_text(encoding="utf-8")
    block = text.split("## Checking: every problem at once, nothing written", 1)[1].split("```")[1]
    quoted = [line.strip() for line in block.splitlines() if re.match(r"\s+\w+!\w+: found", line)]
    assert len(quoted) == 2
    printed = _turn_errors(tmp_path, capsys)
    assert [line for line in quoted if line not in printed] == []


def test_the_readme_error_example_is_the_one_turn_prints(tmp_path, capsys):
    """README.md, "Running a game": "Any mistake in the workbook is reported as `...`"."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    quoted = re.search(r"Any mistake in the workbook is reported as `([^`]+)`", text).group(1)
    assert quoted in _turn_errors(tmp_path, capsys)
