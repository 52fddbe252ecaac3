"""Crash safety and concurrency of `gm-tools turn` (issue 20 items 3 and 4).

Crash: a real `gm-tools turn` process is killed with SIGKILL at moments spread evenly over
the time an uncut turn takes (checking the workbook, adjudicating, committing, publishing).
After each kill the workbook opens and is byte for byte the GM's version or the processed
one; the next `turn` finishes what was cut short (or processes the phase afresh); then the
history, the workbook and the site equal those of the uncut run, `replay` agrees, and no
temporary file is left anywhere. The fast profile tries 6 moments; `make soak` tries 50.

Concurrency: two `turn` on one game at once, and a turn beside a spreadsheet program's
lock file: one proceeds or both refuse with a clear message, and nothing is corrupted.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest

import fuzzcount
from crashkit import digest as _digest, left_behind as _left_behind, temporaries as _temporaries
from conftest import SOAK
from gm_tools.app.turn import load_state, new_game
from gm_tools.edges.game import game_paths
from gm_tools.edges.journal import game_lock
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.errors import GameError

TRIALS = 50 if SOAK else 6
GAME = "crash"
ORDERS = {
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
}


def _cli(root: Path, site: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "gm_tools", *args, "--root", str(root), "--site", str(site)]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A standard game with Spring 1901 orders typed in, and the result of an uncut turn."""
    base = tmp_path_factory.mktemp("crash")
    root, site = base / "games", base / "site"
    new_game("standard", GAME, root=root, seed=11, created="2000-01-01T00:00:00Z")
    paths = game_paths(GAME, root)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), ORDERS, press="Spring is here."))
    template = base / "template"
    shutil.copytree(root, template / "games")
    before = paths.workbook.read_bytes()
    started = time.monotonic()
    done = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    return {
        "template": template, "before": before, "after": paths.workbook.read_bytes(), "took": took,
        "games": _digest(root), "site": _digest(site),
    }


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONHASHSEED="0")


@pytest.mark.parametrize("trial", range(TRIALS))
def test_turn_killed_at_any_moment_loses_nothing(world, tmp_path, trial):
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    # Spread the kills from the start of the process to just past the end of an uncut run.
    delay = world["took"] * (trial + 0.5) / TRIALS * 1.05
    proc = subprocess.Popen(_cli(root, site, "turn", GAME), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=_env())
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # nor does a worker it forked (a PNG map drawn beside the pages) live on without it
    assert _left_behind(root) == [], "a process of the killed turn is still running"

    workbook = game_paths(GAME, root).workbook.read_bytes()
    assert workbook in (world["before"], world["after"]), "the workbook is neither the GM's nor the processed one"
    pending = (game_paths(GAME, root).folder / "pending").exists()
    moment = "after" if workbook == world["after"] else ("pending" if pending else "before")
    fuzzcount.tried(f"kill (workbook {moment})")
    openpyxl.load_workbook(io.BytesIO(workbook))  # and it opens

    again = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
    assert again.returncode == 0, again.stderr
    assert _digest(root) == world["games"], "history, backups and workbook differ from an uncut turn"
    assert _digest(site) == world["site"], "the site differs from the one an uncut turn publishes"
    assert _temporaries(root, site) == []
    replay = subprocess.run([sys.executable, "-m", "gm_tools", "replay", GAME, "--root", str(root)],
                            capture_output=True, text=True, env=_env())
    assert replay.returncode == 0, replay.stdout + replay.stderr


def test_a_turn_is_refused_while_another_holds_the_game(world, tmp_path):
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    paths = game_paths(GAME, root)
    with game_lock(paths):  # what a running turn holds
        busy = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
    assert busy.returncode != 0
    assert "being processed by another gm-tools command" in busy.stderr
    assert "Traceback" not in busy.stderr
    assert paths.workbook.read_bytes() == world["before"]
    assert not paths.history.exists() or not any(paths.history.iterdir())
    # Once the other is done, the turn goes through.
    ok = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
    assert ok.returncode == 0, ok.stderr
    assert paths.workbook.read_bytes() == world["after"]


def test_two_turns_at_once_one_proceeds_or_both_refuse(world, tmp_path):
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    procs = [subprocess.Popen(_cli(root, site, "turn", GAME), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=_env()) for _ in range(2)]
    outcomes = [(p.wait(), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    # Both may succeed only one after the other (the second then finds nothing entered);
    # either way the phase is processed exactly once, as an uncut turn processes it.
    assert any(rc == 0 for rc, _ in outcomes), outcomes
    for rc, err in outcomes:
        assert "Traceback" not in err
        if rc != 0:
            assert "another gm-tools command" in err, err
    assert len(load_state(GAME, root).history) == 1
    assert _digest(root) == world["games"]
    assert _temporaries(root, site) == []


def test_two_turns_one_after_the_other_process_the_phase_once(world, tmp_path):
    """The second turn finds the processed workbook with nothing entered: nothing is written."""
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    for _ in range(2):
        run = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
        assert run.returncode == 0, run.stderr
    assert _digest(root) == world["games"]
    assert len(load_state(GAME, root).history) == 1


@pytest.mark.parametrize("lock", [".~lock.{}.xlsx#", "~${}.xlsx"])
def test_a_turn_beside_a_spreadsheet_lock_file_refuses_and_writes_nothing(world, tmp_path, lock):
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    (root / lock.format(GAME)).write_text("GM,host,1;")
    before = _digest(root)
    run = subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, text=True, env=_env())
    assert run.returncode != 0
    assert "is open in a spreadsheet program" in run.stderr and "Traceback" not in run.stderr
    assert _digest(root) == before
    assert not site.exists() or _digest(site) == {}


def test_a_committed_turn_cut_short_is_finished_by_the_next_command(world, tmp_path):
    """The journal itself: a turn killed after its commit marker was written but before its
    files were moved is finished by the next command, which adds nothing of its own."""
    from gm_tools.edges.journal import COMMIT, PENDING, recover

    root = tmp_path / "games"
    shutil.copytree(world["template"] / "games", root)
    paths = game_paths(GAME, root)
    pending = paths.folder / PENDING
    pending.mkdir()
    (pending / "workbook.xlsx").write_bytes(world["after"])
    (pending / "record.json").write_text("{}")
    (pending / "backup.xlsx").write_bytes(world["before"])
    (pending / COMMIT).write_text('{"phase": "S1901M"}')
    (root / f".{GAME}.xlsx.abc123.tmp").write_bytes(b"half a workbook")
    assert recover(paths) == "S1901M"
    assert paths.workbook.read_bytes() == world["after"]
    assert paths.record_file("S1901M").read_text() == "{}"
    assert not pending.exists()
    assert _temporaries(root) == []


def test_an_uncommitted_turn_cut_short_is_thrown_away(world, tmp_path):
    from gm_tools.edges.journal import PENDING, recover

    root = tmp_path / "games"
    shutil.copytree(world["template"] / "games", root)
    paths = game_paths(GAME, root)
    (paths.folder / PENDING).mkdir()
    (paths.folder / PENDING / "workbook.xlsx").write_bytes(b"half")
    assert recover(paths) is None
    assert not (paths.folder / PENDING).exists()
    assert paths.workbook.read_bytes() == world["before"]
    with pytest.raises(GameError):
        with game_lock(paths):
            with game_lock(paths):
                pass


def test_a_forked_worker_does_not_hold_the_lock_of_a_killed_command(tmp_path):
    """A command holding a game's lock forks a worker, then is killed: the worker (still
    running here: it does not end with its parent) holds no lock, so the GM's next command
    is not refused. The lock belongs to the open folder, which a fork shares: the child drops
    its copy first thing (gm_tools/edges/journal.py)."""
    folder = tmp_path / "game"
    pid_file = tmp_path / "child.pid"
    script = f"""
import os, signal, time
from pathlib import Path
from gm_tools.edges.journal import exclusive
with exclusive(Path({str(folder)!r}), "busy"):
    child = os.fork()
    if child == 0:
        # the child's own code runs after the fork hooks: once it writes, its copy is dropped
        Path({str(pid_file)!r} + ".tmp").write_text(str(os.getpid()))
        os.replace({str(pid_file)!r} + ".tmp", {str(pid_file)!r})  # whole when it appears
        time.sleep(60)
        os._exit(0)
    while not Path({str(pid_file)!r}).exists():  # on a loaded machine the child may not have run yet
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGKILL)
"""
    # Output to a file, not a pipe: with pipes captured, the child was gone by the time
    # the run returned (seen on this machine, not explained), and there was nothing to test.
    with open(tmp_path / "stderr", "w") as errors:
        done = subprocess.run([sys.executable, "-c", script], env=_env(), stdout=subprocess.DEVNULL, stderr=errors)
    assert done.returncode == -signal.SIGKILL, (tmp_path / "stderr").read_text()
    child = int(pid_file.read_text())
    try:
        os.kill(child, 0)  # the worker is still alive
        with game_lock(type("P", (), {"folder": folder, "name": "game"})()):
            pass  # and the lock is free
    finally:
        os.kill(child, signal.SIGKILL)


def test_a_rollback_interrupted_while_publishing_says_the_phase_is_reopened(world, tmp_path):
    """Ctrl-C while a rollback publishes the site (a long build): the phase is reopened
    already, so the message says so before 'interrupted' (before, 'interrupted' alone: a GM
    who ran rollback again lost a second phase); the game is marked for the next turn to
    publish, and the site built again has the phase's pages gone."""
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    assert subprocess.run(_cli(root, site, "turn", GAME), capture_output=True, env=_env()).returncode == 0
    record = game_paths(GAME, root).record_file("S1901M")
    page = site / "games" / GAME / "S1901M.html"
    assert record.exists() and page.exists()
    rollback = subprocess.Popen(_cli(root, site, "rollback", GAME), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=_env(), preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    marker = game_paths(GAME, root).folder / ".unpublished"
    marker.unlink(missing_ok=True)
    while not (marker.exists() and not record.exists()) and rollback.poll() is None:
        time.sleep(0.001)
    rollback.send_signal(signal.SIGINT)  # as Ctrl-C: the record withdrawn, the site being built
    _, err = rollback.communicate()
    assert rollback.returncode == 130, err
    assert err.startswith(f"gm-tools: {GAME}: S1901M is reopened; the site, cut short, is brought up to date") \
        and "do not roll back again for S1901M" in err and err.rstrip().endswith("gm-tools: interrupted"), err
    assert load_state(GAME, root).position.phase == "S1901M"
    assert marker.exists()  # the next turn publishes
    done = subprocess.run([*_cli(root, site, "site")[:-4], "--root", str(root), "--out", str(site)],
                          capture_output=True, text=True, env=_env())
    assert done.returncode == 0 and not page.exists(), done.stdout + done.stderr


def test_a_turn_interrupted_while_publishing_gives_its_report_and_says_it_is_recorded(world, tmp_path):
    """Ctrl-C once the turn's commit is done (while it publishes the site): the phase is
    recorded, so the message says it is processed, not 'interrupted' alone, after which a GM
    would think the orders still to process."""
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(world["template"] / "games", root)
    record = game_paths(GAME, root).record_file("S1901M")
    turn = subprocess.Popen(_cli(root, site, "turn", GAME), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env(), preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    marker = game_paths(GAME, root).folder / ".unpublished"
    while not (record.exists() and marker.exists() and not (game_paths(GAME, root).folder / "pending").exists()) \
            and turn.poll() is None:
        time.sleep(0.001)
    turn.send_signal(signal.SIGINT)
    out, err = turn.communicate()
    assert turn.returncode == 130, out + err
    # the report, when the turn had made it (else the Results sheet and the site have it)
    assert out == "" or out.startswith(f"{GAME}: processed S1901M (Spring 1901 Movement)"), out
    assert err.startswith(f"gm-tools: {GAME}: S1901M is processed and recorded; the site, cut short, is published by "
                          "the next turn") and err.rstrip().endswith("gm-tools: interrupted"), err
    assert load_state(GAME, root).position.phase == "F1901M" and marker.exists()
