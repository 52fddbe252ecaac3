"""``gm-tools turn GAME --dry-run``: the phase checked and adjudicated as the turn would do it
now, the report printed, and not one file written (real workbooks, real games)."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.turn import preview_turn
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import create, snapshot


def _type(paths, orders, press=""):
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders, press))


def test_a_dry_run_reports_what_the_turn_then_does_and_writes_nothing(tmp_path, capsys):
    paths = create(tmp_path)
    _type(paths, {"FRANCE": ["A PAR - BUR", "A MAR - SPA"], "GERMANY": ["A MUN - BUR"]}, press="Quiet.")
    files = snapshot(tmp_path)
    site = tmp_path / "public"
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run", "--site", str(site)]) == 0
    preview = capsys.readouterr().out
    assert preview.startswith("g: dry run of S1901M (Spring 1901 Movement): what a turn would do now; nothing written")
    assert "FRANCE: A PAR - BUR: fails (bounced: 1 against 1 from A MUN)" in preview
    assert "next phase: F1901M (after the turn)" in preview
    assert snapshot(tmp_path) == files and not site.exists()  # no record, workbook, backup or site
    # The turn itself does what the dry run said, line for line.
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 0
    done = capsys.readouterr().out.splitlines()
    assert done[0] == "g: processed S1901M (Spring 1901 Movement)"
    assert done[1:] == [line.removesuffix(" (after the turn)") for line in preview.splitlines()[1:]]
    assert paths.record_file("S1901M").exists()


def test_a_dry_run_names_every_mistake_as_the_turn_would(tmp_path, capsys):
    paths = create(tmp_path)
    _type(paths, {"FRANCE": ["A PAR - MOS"]})
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "Orders!C" in err and "MOS" in err and "Traceback" not in err
    assert snapshot(tmp_path) == files


def test_a_dry_run_with_nothing_entered_says_so(tmp_path):
    paths = create(tmp_path)
    report = preview_turn(paths.name, root=paths.root)
    assert not report.processed and "nothing to do" in report.text()
    assert preview_turn(paths.name, root=paths.root, force=True).record["next_phase"] == "F1901M"


def test_a_dry_run_leaves_a_half_done_turn_for_the_turn_to_finish(tmp_path, capsys):
    """A turn committed but not moved into place (the command stopped after its commit point)
    is finished by the next turn, which writes; a dry run names it and writes nothing."""
    from gm_tools.edges.journal import COMMIT, PENDING

    paths = create(tmp_path)
    pending = paths.folder / PENDING
    pending.mkdir()
    (pending / COMMIT).write_text('{"phase": "S1901M"}', encoding="utf-8")
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run"]) == 2
    assert "the turn of S1901M was left half-done" in capsys.readouterr().err
    assert snapshot(tmp_path) == files


def test_the_demo_takes_no_dry_run(capsys):
    assert main(["turn", "--dry-run"]) == 2
    assert "name the game" in capsys.readouterr().err


def test_a_dry_run_draws_what_the_turn_then_draws(tmp_path):
    """Random draws come from the seed recorded in the game, so a dry run shows the draw the
    turn then makes: Europe 1615's sanctions timeline, drawn at the first Initial Status Check
    ('The GM will submit a randomly-generated timeline before the start of the game',
    000_cc215928c2f3193e.txt, 'SANCTIONS AND THE PRE-GENERATED TIMELINE')."""
    from gm_tools.app.turn import run_turn

    paths = create(tmp_path, name="e", variant="europe1615")
    preview = preview_turn("e", root=tmp_path, force=True)
    assert [d["kind"] for d in preview.record["random"]["draws"]] == ["sanctions timeline"]
    assert not paths.history.exists() or not any(paths.history.iterdir())
    done = run_turn("e", root=tmp_path, force=True, site_dir=None)
    for key in ("random", "results", "after", "next_phase"):
        assert preview.record[key] == done.record[key], key
