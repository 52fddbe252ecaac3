"""A placement typed on two rows (Europe 1619's INF Placements, Europe 1615's INF Deployment):
both stand, as two rows for one minor state add up, and the turn's report, its dry run and
``status`` warn, naming the rows, for the GM to clear a row copied twice
(``gm_tools/mechanics/slips.py``). Real games, real workbooks through openpyxl, the command line."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.turn import run_turn
from workflow_helpers import create, type_cells


def test_a_europe_1619_placement_typed_twice_is_warned_of_and_both_stand(tmp_path, capsys):
    """rulebook 002 (Europe 1619), '1 - Diplomatic Phase': a power places its INFs as lines of
    'number of INFs: [minor state]'; two lines for one state add up (both stand), and the same
    line twice is named as a likely slip."""
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "FRANCE", "INF Placements!B2": 2, "INF Placements!C2": "LOR",
                       "INF Placements!A3": "SPAIN", "INF Placements!B3": 1, "INF Placements!C3": "LOR",
                       "INF Placements!A4": "FRANCE", "INF Placements!B4": "2 INFs", "INF Placements!C4": "lor"})
    warning = ("INF Placements!A2:C2 and A4:C4 hold the same placement (FRANCE, 2 INFs in LOR) 2 times: all are "
               "placed (4 INFs in all); if one is a slip (a row or a mail typed twice), clear it")
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert warning in capsys.readouterr().out
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run"]) == 0
    assert warning in capsys.readouterr().out
    report = run_turn("g", root=tmp_path, site_dir=None, force=True)
    assert warning in report.text()
    placed = [r for r in report.record["results"] if r["power"] == "FRANCE" and "LOR" in r["order"]]
    assert len(placed) == 2  # both stand


def test_a_europe_1615_deployment_typed_twice_is_warned_of(tmp_path):
    """rulebook 000 (Europe 1615 v3), 'Writing the orders' ('9 INFs to Wuerttemburg (WUR)'):
    the deployment list's same line on two rows is named; other lines are not."""
    paths = create(tmp_path, variant="europe1615")
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # the Initial Status Check
    type_cells(paths, {"INF Deployment!A2": "ENGLAND", "INF Deployment!B2": 5, "INF Deployment!C2": "LOR",
                       "INF Deployment!A3": "FRANCE", "INF Deployment!B3": 5, "INF Deployment!C3": "LOR",
                       "INF Deployment!A4": "ENGLAND", "INF Deployment!B4": 5, "INF Deployment!C4": "LOR"})
    report = run_turn(paths.name, root=paths.root, site_dir=None, force=True)
    slips = [w for w in report.warnings if "same placement" in w]
    assert slips == ["INF Deployment!A2:C2 and A4:C4 hold the same placement (ENGLAND, 5 INFs in LOR) 2 times: all "
                     "are placed (10 INFs in all); if one is a slip (a row or a mail typed twice), clear it"]
