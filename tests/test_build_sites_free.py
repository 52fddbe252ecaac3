"""A refused build names the build sites a build could go to now: the owned home centers
with no unit in them (2000 rulebook, 'Building': only in an unoccupied home supply center
the power still controls), or says there is none. Real workbooks and turns on a
standard-map board set up by hand; the wording is the GM's (the workbook's error, a mail's
refusal), never recorded: a --lenient turn's record keeps the words it always kept."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.turn import run_turn
from gm_tools.errors import WorkbookError
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import REPO, board_variant, create, play, snapshot

# France owns BRE, MAR, PAR and SPA; its army in PAR leaves it three builds, in BRE and MAR
# only. Germany has one build and a free MUN, so the winter is played whatever France does.
ONE_OCCUPIED = {"FRANCE": ["A PAR"], "GERMANY": ["A BER", "A KIE"]}
CENTERS = {"FRANCE": ["BRE", "MAR", "PAR", "SPA"], "GERMANY": ["BER", "KIE", "MUN"]}
# France's home centers all occupied, a removal due
ALL_OCCUPIED = {"FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"], "GERMANY": ["A BER", "A KIE"]}
ALL_OCCUPIED_CENTERS = {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}


def winter(tmp_path, units: dict[str, list[str]], centers=CENTERS):
    """A game on the board ``units`` played to its Winter 1901 adjustments, every unit holding."""
    board = board_variant(tmp_path, "buildboard", units=units, centers=centers)
    paths = create(tmp_path / "games", variant=str(board))
    play(paths, {}, force=True)
    play(paths, {}, force=True)
    return paths


def refused(paths, tmp_path, orders: dict[str, list[str]]) -> list[str]:
    """The expected words of each problem the turn finds once ``orders`` are typed."""
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders, ""))
    before = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(tmp_path) == before  # nothing written
    return [p.expected for p in raised.value.problems]


def test_a_refused_build_lists_only_the_free_build_sites(tmp_path):
    paths = winter(tmp_path, ONE_OCCUPIED)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["BUILD A SPA"]}, ""))
    with pytest.raises(WorkbookError) as raised:
        run_turn(paths.name, root=paths.root, site_dir=None)
    line = ("Orders!C3: found 'BUILD A SPA', expected a legal order (France cannot build in Spain (SPA); "
            "its build sites free now are: BRE, MAR)")
    assert [str(p) for p in raised.value.problems] == [line]
    # docs/workbook.md quotes it, word for word
    assert line in " ".join((REPO / "docs" / "workbook.md").read_text(encoding="utf-8").split())


def test_a_refused_build_says_plainly_when_no_build_site_is_free(tmp_path):
    paths = winter(tmp_path, ALL_OCCUPIED, ALL_OCCUPIED_CENTERS)
    assert refused(paths, tmp_path, {"FRANCE": ["BUILD A SPA"]}) == [
        "a legal order (France cannot build in Spain (SPA); none of its build sites is free now)"]


def test_a_lenient_turn_records_the_refusal_in_the_words_it_always_recorded(tmp_path):
    # Records replay byte for byte: the record of an invalid order let stand keeps its words.
    paths = winter(tmp_path, ONE_OCCUPIED)
    play(paths, {"FRANCE": ["BUILD A SPA"]}, lenient=True)
    record = json.loads(paths.record_file("W1901A").read_text(encoding="utf-8"))
    errors = [item["error"] for item in record["orders"]["FRANCE"] if item["error"]]
    assert errors == ["a legal order (France cannot build in Spain (SPA); its build sites are: BRE, MAR, PAR)"]


def test_a_mailed_build_refused_names_the_free_build_sites(tmp_path):
    # gm-tools orders says why it refused a line in the words the workbook's error uses
    from gm_tools.app.mailorders import enter_mails

    paths = winter(tmp_path, ONE_OCCUPIED)
    report = enter_mails(paths.name, [("fr", b"France\nBuild A SPA\nBuild A BRE\n")], root=paths.root)
    assert report.refused == [("fr line 2", "'Build A SPA'",
                               "a legal order (France cannot build in Spain (SPA); its build sites free now are: BRE, MAR)")]
