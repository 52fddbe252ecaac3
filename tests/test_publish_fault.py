"""A fault in the publishing code itself after a phase is recorded (README, Workbook): the
turn says the phase stands, where the traceback was saved and the command that publishes it;
no traceback on the terminal."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import create


def test_a_fault_in_the_publishing_code_after_the_phase_is_recorded_is_said_and_its_traceback_kept(
        tmp_path, capsys):
    """A judge text the last build published, damaged on disk (a byte that is no UTF-8): the
    next build reads it back to keep the page and fails with a UnicodeDecodeError, a fault no
    OSError handler sees."""
    games, site = tmp_path / "games", tmp_path / "site"
    paths = create(games)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}))
    assert main(["turn", "g", "--root", str(games), "--site", str(site)]) == 0
    capsys.readouterr()
    damaged = site / "games" / "g" / "S1901M.txt"
    damaged.write_bytes(b"\xff" + damaged.read_bytes())
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A BUR - BEL"]}))
    before = paths.workbook.read_bytes()

    assert main(["turn", "g", "--root", str(games), "--site", str(site)]) == 3
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "next phase: W1901A" in out
    assert "F1901M is processed and recorded" in out and "the workbook is written" in out
    log = games / "g" / "logs" / "publish-F1901M.txt"
    assert "the site was NOT (fully) published: a fault in gm-tools itself (UnicodeDecodeError: " in out
    assert f"its traceback is kept in {log}, for the developers" in out
    assert f"gm-tools site --root {games} --site {site}" in out
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert paths.record_file("F1901M").exists()
    assert paths.workbook.read_bytes() != before
    assert load_state("g", games).position.phase == "W1901A"

    damaged.unlink()  # the cause put right
    assert main(["site", "--root", str(games), "--site", str(site)]) == 0
    assert (site / "games" / "g" / "F1901M.html").exists()
    assert damaged.read_bytes()[:1] != b"\xff"
