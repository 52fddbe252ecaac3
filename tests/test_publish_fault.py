"""A fault in the publishing code itself after a phase is recorded (README, Workbook): the
turn says the phase stands, where the traceback was saved and the command that publishes it;
no traceback on the terminal."""

from __future__ import annotations

import openpyxl

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import create


def test_a_fault_in_the_publishing_code_after_the_phase_is_recorded_is_said_and_its_traceback_kept(
        tmp_path, capsys):
    """A judge text the last build published, damaged on disk (a byte that is no UTF-8): the
    next build reads it back to keep the page and fails with a UnicodeDecodeError, a fault no
    OSError handler sees."""
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}])
    capsys.readouterr()
    damaged = site / "games" / "g" / "S1901M.txt"
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


def test_a_fault_in_the_publishing_code_after_a_deadline_is_typed_is_said_and_its_traceback_kept(
        tmp_path, capsys):
    """The same damaged judge text met by ``deadline``'s publishing: the deadline is typed, the
    GM is told so, where the traceback is and the command that publishes the site."""
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}])
    capsys.readouterr()

    status = main(["deadline", "g", "Friday 11 December 18:00 UTC", "--root", str(games), "--site", str(site)])
    out, err = capsys.readouterr()
    assert status == 3 and "Traceback" not in out + err
    log = games / "g" / "logs" / "publish-F1901M.txt"
    assert "the deadline of F1901M is typed into the workbook" in err
    assert f"its traceback is kept in {log}, for the developers" in err
    assert f"gm-tools site --root {games} --site {site}" in err
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert "11 December" in str(openpyxl.load_workbook(paths.workbook)["Game"]["B6"].value)


def _damaged_after(tmp_path, orders: list[dict]):
    """Game g played through ``orders`` with its site, then S1901M's judge text damaged."""
    games, site = tmp_path / "games", tmp_path / "site"
    paths = create(games)
    for typed in orders:
        paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), typed))
        assert main(["turn", "g", "--root", str(games), "--site", str(site)]) == 0
    damaged = site / "games" / "g" / "S1901M.txt"
    damaged.write_bytes(b"\xff" + damaged.read_bytes())
    return games, site, paths


def test_a_fault_in_the_publishing_code_after_a_rollback_says_the_phase_is_reopened(tmp_path, capsys):
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}, {"FRANCE": ["A BUR - BEL"]}])
    capsys.readouterr()
    status = main(["rollback", "g", "--root", str(games), "--site", str(site)])
    out, err = capsys.readouterr()
    assert status == 3 and "Traceback" not in out + err
    assert "F1901M is reopened and the workbook is back as it was before it (do not roll back again" in err
    assert f"its traceback is kept in {games / 'g' / 'logs' / 'publish-F1901M.txt'}" in err
    assert load_state("g", games).position.phase == "F1901M"


def test_a_fault_in_the_publishing_code_after_an_end_says_the_end_is_recorded(tmp_path, capsys):
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}])
    capsys.readouterr()
    status = main(["end", "g", "--draw", "FRANCE", "ENGLAND", "--root", str(games), "--site", str(site)])
    out, err = capsys.readouterr()
    assert status == 3 and "Traceback" not in out + err
    assert "the game's end is recorded (do not end it again)" in err
    assert (games / "g" / "logs" / "publish-F1901M.txt").is_file() and paths.end_file.is_file()
    assert f"gm-tools site --root {games} --site {site}" in err


def _played_without_site(games, paths) -> None:
    """F1901M played with no site: g changed since the build, so the next one reads g's damaged
    judge text back."""
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A BUR - BEL"]}))
    assert main(["turn", "g", "--root", str(games), "--site", ""]) == 0


def test_a_fault_in_the_publishing_code_of_site_is_said_and_the_next_build_puts_it_right(tmp_path, capsys):
    """`gm-tools site` met a fault of its own code with a traceback on the terminal. It records
    nothing, so it says what the site holds, keeps the traceback beside the games (never in the
    site, which is published) and ends 3; a build cut short is made again by the next
    (gm_tools/edges/journal.py, SiteWriter.begin)."""
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}])
    _played_without_site(games, paths)
    capsys.readouterr()

    status = main(["site", "--root", str(games), "--site", str(site)])
    out, err = capsys.readouterr()
    assert status == 3 and "Traceback" not in out + err
    log = games / "publish-site.txt"
    assert err.startswith("gm-tools: the site was NOT (fully) published: a fault in gm-tools itself "
                          "(UnicodeDecodeError: ")
    assert f"its traceback is kept in {log}, for the developers" in err
    assert "No game's files were changed; the site holds its last build's pages" in err
    assert f"run 'gm-tools site --root {games} --site {site}'" in err
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert not (site / "games" / "g" / "F1901M.html").exists()

    assert main(["site", "--root", str(games), "--site", str(site)]) == 0
    assert (site / "games" / "g" / "F1901M.html").exists()
    assert (site / "games" / "g" / "S1901M.txt").read_bytes()[:1] != b"\xff"


def test_a_fault_in_the_publishing_code_after_an_import_says_the_game_is_imported(tmp_path, capsys):
    """`gm-tools import` met a fault of the publishing code with a traceback, the game imported
    all the same: the GM, reading a failure, would import it again (refused: the name is taken)."""
    games, site, paths = _damaged_after(tmp_path, [{"FRANCE": ["A PAR - BUR"]}])
    saved = tmp_path / "g.mila.json"
    assert main(["export", "g", "--mila", "--root", str(games), "--out", str(saved)]) == 0
    _played_without_site(games, paths)
    capsys.readouterr()

    status = main(["import", str(saved), "--name", "copy", "--root", str(games), "--site", str(site)])
    out, err = capsys.readouterr()
    assert status == 3 and "Traceback" not in out + err
    assert "imported 1 phase into" in out
    log = games / "copy" / "logs" / "publish-F1901M.txt"
    assert err.startswith("gm-tools: copy: the site was NOT (fully) published: a fault in gm-tools itself")
    assert "copy is imported (do not import it again)" in err
    assert f"its traceback is kept in {log}, for the developers" in err
    assert f"run 'gm-tools site --root {games} --site {site}'" in err
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert load_state("copy", games).position.phase == "F1901M"
