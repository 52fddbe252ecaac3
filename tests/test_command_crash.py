"""`gm-tools rollback`, `new-game`, `end` and `deadline` killed at each change they make to the
game's files (docs/game-record.md, "A turn lands all at once"; README, "Not done" had
"rollback and new-game half-states").

Each command runs in a forked process of this one that SIGKILLs itself just before its
``n``-th change (a temporary file written whole, a rename, a removal, a folder made:
tests/crashkit.py), for every ``n`` until the command ends uncut. After each kill:

- the lock is free, and `status` (the GM's next look) reads the game as before the command or
  as after it, never half of each;
- the next command goes on with no repair by hand: the command run again (or, once it took
  effect, what follows it) gives byte for byte the files of an uncut run, with nothing lost
  (the rolled-back record and workbook in rolled-back/, the backups, the workbook a deadline
  replaced) and no temporary file left.

Before, a rollback killed between bringing the workbook back and withdrawing the record left
the game reopened on a workbook beside the phase's record: `status` and `turn` refused the
workbook (Game!B4 'S1901M', expected 'F1901M'). A new-game killed between game.json and the
workbook left a game without a workbook that `new-game` refused to make again.

The site is not built in the killed child (a build killed part-way is tests/test_site_crash.py's);
the game is checked to be marked for the next command to publish.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import SOAK
from crashkit import digest, file_changes, killed_at, temporaries
from demos import played as played_demo
from gm_tools.app import turn as turn_module
from gm_tools.app.deadlinecmd import set_deadline
from gm_tools.app.endgame import end_game
from gm_tools.app.rollback import rollback
from gm_tools.app.status import every_game, phase_status
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.journal import PENDING, UNPUBLISHED, game_lock
from gm_tools.edges.workbook_fill import fill_orders
from gm_tools.errors import GameError

GAME = "cut"
CREATED = "2000-01-01T00:00:00Z"
ORDERS = {
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "A BER - KIE", "F KIE - DEN"],
}


def _seen(root: Path) -> dict[str, str]:
    """The game's files as a reader takes them: the journal's work in progress (``pending/``,
    temporary files) and its publishing marker aside."""
    return {k: v for k, v in digest(root, leave=(".lock", UNPUBLISHED)).items()
            if f"/{PENDING}/" not in f"/{k}" and not k.endswith(".tmp")}


def _whole(root: Path) -> dict[str, str]:
    """Every file, the publishing marker aside: after a command that writes, no work in
    progress may be left."""
    return digest(root, leave=(".lock", UNPUBLISHED))


def _no_site(module):
    """Kill points at the game's files only: the child's publishing step does nothing."""
    def patch(hook):
        file_changes(hook)
        module.publish_warning = lambda *args, **kwargs: None
    return patch


def after_commit(hook) -> None:
    """One kill point: just after the commit marker is written, before any file is moved."""
    from gm_tools.edges import journal

    real = journal._roll_forward

    def stop(paths):
        hook()
        return real(paths)
    journal._roll_forward = stop


def _lock_is_free(root: Path) -> None:
    paths = game_paths(GAME, root)
    if paths.folder.exists():
        with game_lock(paths):  # a killed command holds no lock
            pass


def _trials(template: Path, tmp_path: Path, command, patch, least: int = 3):
    """Each kill point of ``command(root, site)`` on a copy of ``template``: yields the copy's
    root after the kill; ends once the command runs uncut (at least ``least`` points tried)."""
    tried = 0
    for n in range(1, 200):
        root, site = tmp_path / f"w{n}" / "games", tmp_path / f"w{n}" / "site"
        if template.exists():
            shutil.copytree(template, root)
        if not killed_at(n, lambda: command(root, site), patch):
            break
        tried += 1
        _lock_is_free(root)
        yield n, root
    assert tried >= least


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A standard game whose Spring 1901 was played, and the same game rolled back uncut."""
    base = tmp_path_factory.mktemp("cut")
    root = base / "played"
    new_game("standard", GAME, root=root, seed=11, created=CREATED)
    paths = game_paths(GAME, root)
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), ORDERS, press="Spring is here."))
    run_turn(GAME, root=root, site_dir=None)
    # a ledger as a Europe 1615 v2 turn keeps beside the record, withdrawn with it
    (paths.folder / "private" / "S1901M").mkdir(parents=True)
    (paths.folder / "private" / "S1901M" / "FRANCE.txt").write_text("FRANCE's ledger\n", encoding="utf-8")
    rolled = base / "rolled"
    shutil.copytree(root, rolled)
    rollback(GAME, root=rolled, site_dir=None)
    return {"root": root, "before": _whole(root), "after": _whole(rolled),
            "record": paths.record_file("S1901M").read_bytes(), "workbook": paths.workbook.read_bytes()}


def test_a_rollback_killed_at_each_change_leaves_the_game_before_or_after_it(played, tmp_path):
    from gm_tools.app import rollback as rollback_module

    states = set()
    for n, root in _trials(played["root"], tmp_path, lambda root, site: rollback(GAME, root=root, site_dir=site),
                           _no_site(rollback_module)):
        paths = game_paths(GAME, root)
        status = phase_status(GAME, root)  # the GM's next look: whole, the workbook read as the game's
        seen = _seen(root)
        if status.phase == "S1901M":
            states.add("after")
            assert seen == played["after"], f"killed at change {n}: reopened, but not as an uncut rollback leaves it"
            # the site still shows the phase: the next command that publishes is told to
            assert (paths.folder / UNPUBLISHED).exists(), f"killed at change {n}: the site is not marked to publish"
            with pytest.raises(GameError, match="no processed phase to roll back"):
                rollback(GAME, root=root, site_dir=None)  # nothing is reopened twice
            assert _whole(root) == played["after"] and temporaries(root) == []
            # and the phase reopened plays again, its orders brought back, to the same record
            assert run_turn(GAME, root=root, site_dir=None).processed
            assert paths.record_file("S1901M").read_bytes() == played["record"]
            assert paths.workbook.read_bytes() == played["workbook"]
        else:
            states.add("before")
            assert status.phase == "F1901M"
            assert seen == played["before"], f"killed at change {n}: not reopened, but the files changed"
            rollback(GAME, root=root, site_dir=None)  # run again, it goes through
            assert _whole(root) == played["after"], f"killed at change {n}: the rollback run again differs"
            assert temporaries(root) == []
    assert states == {"before", "after"}


def test_a_new_game_killed_at_each_change_is_no_game_or_the_whole_game(tmp_path):
    def make(root: Path, site=None):
        return new_game("standard", GAME, root=root, seed=11, created=CREATED)

    uncut = tmp_path / "uncut"
    make(uncut)
    whole = _whole(uncut)
    states = set()
    for n, root in _trials(tmp_path / "nothing", tmp_path, make, file_changes):
        paths = game_paths(GAME, root)
        try:
            status = phase_status(GAME, root)
        except GameError as e:  # no game yet: nothing of it to be seen
            states.add("before")
            assert f"no game {GAME!r}" in str(e)
            assert every_game(root)[0].startswith("no game in")
            assert not paths.workbook.exists() and not paths.game_json.exists()
            make(root)  # new-game run again makes it
        else:
            states.add("after")
            assert status.phase == "S1901M" and _seen(root) == whole
            with pytest.raises(GameError, match="exists already"):
                make(root)
        assert _whole(root) == whole, f"killed at change {n}: the game differs from an uncut new-game's"
        assert temporaries(root) == []
    assert states == {"before", "after"}


def test_a_new_game_cut_short_after_its_commit_is_finished_by_new_game_run_again(tmp_path):
    """Its files landed in pending/, the marker written, nothing moved: the GM runs new-game
    again, which finishes the first and says so rather than 'exists already' alone."""
    def make(root: Path, site=None):
        return new_game("standard", GAME, root=root, seed=11, created=CREATED)

    root = tmp_path / "games"
    assert killed_at(1, lambda: make(root), after_commit)
    assert (game_paths(GAME, root).folder / PENDING / "commit.json").exists()
    with pytest.raises(GameError, match="by an earlier gm-tools new-game, cut short, is finished now"):
        make(root)
    assert load_state(GAME, root).position.phase == "S1901M"


@pytest.fixture(scope="module")
def spring(tmp_path_factory):
    """A standard game at Spring 1901, nothing played."""
    root = tmp_path_factory.mktemp("spring") / "games"
    new_game("standard", GAME, root=root, seed=11, created=CREATED)
    return root


def test_an_end_killed_at_each_change_is_the_game_ended_or_not(spring, tmp_path):
    def end(root: Path, site):
        return end_game(GAME, ["FRANCE", "GERMANY"], root=root, site_dir=site, declared=CREATED)

    uncut = tmp_path / "uncut"
    shutil.copytree(spring, uncut)
    end_game(GAME, ["FRANCE", "GERMANY"], root=uncut, site_dir=None, declared=CREATED)
    before, after = _whole(spring), _whole(uncut)
    states = set()
    for n, root in _trials(spring, tmp_path, end, _no_site(turn_module)):
        paths = game_paths(GAME, root)
        if load_state(GAME, root).finished:
            states.add("after")
            assert _seen(root) == after
            assert (paths.folder / UNPUBLISHED).exists(), f"killed at change {n}: the site is not marked to publish"
            with pytest.raises(GameError, match="is over"):
                end(root, None)
        else:
            states.add("before")
            assert _seen(root) == before
            end(root, None)
        assert _whole(root) == after and temporaries(root) == []
    assert states == {"before", "after"}


def test_a_deadline_killed_at_each_change_is_typed_or_not_and_nothing_is_lost(spring, tmp_path):
    def deadline(root: Path, site):
        return set_deadline(GAME, "Friday 11 December 18:00 UTC", root=root, site_dir=site)

    uncut = tmp_path / "uncut"
    shutil.copytree(spring, uncut)
    deadline(uncut, None)
    before, after = _whole(spring), _whole(uncut)
    states = set()
    for n, root in _trials(spring, tmp_path, deadline, _no_site(turn_module)):
        status = phase_status(GAME, root)
        if status.deadline:
            states.add("after")
            assert _seen(root) == after, f"killed at change {n}: the workbook typed, but not as uncut"
            assert (game_paths(GAME, root).folder / UNPUBLISHED).exists()
        else:
            states.add("before")
            assert _seen(root) == before, f"killed at change {n}: the deadline not typed, but files changed"
            deadline(root, None)
            assert _whole(root) == after, f"killed at change {n}: the deadline typed again differs from uncut"
        assert temporaries(root) == []
    assert states == {"before", "after"}


def test_an_ended_game_killed_while_it_published_is_published_by_the_next_turn(spring, tmp_path):
    """`end` killed while it built the site leaves the game ended and marked; the game takes
    no turn, but `turn` (the GM's usual 'publish') brings the site up to date before it says
    the game is over. Before, nothing marked it, and a turn refused the game without publishing."""
    root, site = tmp_path / "games", tmp_path / "site"
    shutil.copytree(spring, root)

    def no_site(hook):
        turn_module.publish_warning = lambda *args, **kwargs: hook()
    assert killed_at(1, lambda: end_game(GAME, ["FRANCE", "GERMANY"], root=root, site_dir=site,
                                         declared=CREATED), no_site)
    assert load_state(GAME, root).finished
    with pytest.raises(GameError, match="is over"):
        run_turn(GAME, root=root, site_dir=site)
    page = (site / "games" / GAME / "index.html").read_text(encoding="utf-8")
    assert "Drawn" in page or "drawn" in page
    assert not (game_paths(GAME, root).folder / UNPUBLISHED).exists()


def test_a_mail_typed_killed_at_each_change_is_typed_or_not_and_typed_again(spring, tmp_path):
    """`gm-tools orders`: the mail kept and the workbook typed land together. Before, killed
    between, the mail was kept and the workbook not typed; sent again, the mail was said
    'entered before' and its orders never typed."""
    from gm_tools.app.mailorders import enter_mails

    mail = ("france.txt", b"France\nA PAR - BUR\nA MAR - SPA\nF BRE - MAO\n")
    uncut = tmp_path / "uncut"
    shutil.copytree(spring, uncut)
    enter_mails(GAME, [mail], root=uncut)
    before, after = _whole(spring), _whole(uncut)
    states = set()
    for n, root in _trials(spring, tmp_path, lambda root, site: enter_mails(GAME, [mail], root=root), file_changes):
        typed = {p.power: p.typed for p in phase_status(GAME, root).powers}
        if typed["FRANCE"]:
            states.add("after")
            assert _seen(root) == after, f"killed at change {n}: the orders typed, but not as uncut"
        else:
            states.add("before")
            assert _seen(root) == before, f"killed at change {n}: nothing typed, but files changed"
            report = enter_mails(GAME, [mail], root=root)  # the GM sends the mail in again
            assert not report.again, f"killed at change {n}: the mail was said entered before"
        assert _whole(root) == after and temporaries(root) == []
    assert states == {"before", "after"}


@pytest.mark.skipif(not SOAK, reason="every change in make soak; the moment after the commit below")
def test_a_payola_turn_killed_at_each_change_keeps_its_ledgers_with_its_record(tmp_path):
    _payola_turn_killed(tmp_path, file_changes)


def test_a_payola_turn_killed_after_its_commit_keeps_its_ledgers_with_its_record(tmp_path):
    """Europe 1615 v2's ledgers (rulebook 001: 'Players submit their offer sheet as describe at
    ... payolaclassic'; docs/europe1615v2.md, "Private ledgers": a file per power for the GM to
    send) land with the phase's record. Before, they were written after the commit: a turn
    killed then was finished by the next command without them, and no word said so."""
    _payola_turn_killed(tmp_path, after_commit, least=1)


def _payola_turn_killed(tmp_path: Path, patch, least: int = 3) -> None:
    """The demo's S1616M (a movement phase with ledgers) reopened, then played again by a
    turn killed at each of ``patch``'s points; the next turn finishes it, ledgers and all."""
    from gm_tools.app.rollback import rollback as roll

    template = tmp_path / "template"
    name = played_demo(template, "europe1615v2").info.name
    while roll(name, template, site_dir=None) != "S1616M":
        pass
    kept = template / name / "rolled-back" / "private-S1616M.1"
    ledgers = {p.name: p.read_bytes() for p in kept.iterdir()}
    assert ledgers
    turn = lambda root, site: run_turn(name, root=root, site_dir=None)  # noqa: E731
    for n, root in _trials(template, tmp_path, turn, patch, least):
        run_turn(name, root=root, site_dir=None)  # the next command finishes the turn, or plays it
        private = game_paths(name, root).folder / "private" / "S1616M"
        assert game_paths(name, root).record_file("S1616M").exists()
        assert {p.name: p.read_bytes() for p in private.iterdir()} == ledgers, f"killed at change {n}: ledgers lost"


def test_an_import_killed_as_it_lands_is_no_game_or_the_whole_game(tmp_path):
    """`gm-tools import` plays the saved game in a hidden scratch folder, then moves it into
    place; killed at each of those moves, the game is not there or is there whole, workbook
    and all. Before, the folder moved first: killed before the workbook, the game stood without
    one, an import again was refused (the name taken) and no rollback brought it back."""
    import json
    import os

    from gm_tools.app.demo import play_demo, read_demo
    from gm_tools.app.interchange import export_mila, import_mila

    played_root = tmp_path / "played"
    play_demo(read_demo(Path(__file__).resolve().parent.parent / "sheets" / "demo-orders.toml"), played_root)
    saved = export_mila("demo", played_root)
    saved["phases"] = saved["phases"][:4]  # S1901M, F1901M, W1901A played; S1902M next
    data = json.dumps(saved).encode()

    def land(root: Path, site=None):
        import_mila(data, GAME, root=root, seed=11)

    def into_place(hook):  # the moves out of the scratch folder, not the turns played in it
        for name in ("replace", "rename"):
            real = getattr(os, name)

            def move(src, dst, *args, _real=real, **kwargs):
                if ".import-" not in str(dst):
                    hook()
                return _real(src, dst, *args, **kwargs)
            setattr(os, name, move)

    def files(root: Path) -> dict[str, str]:
        return {k: v for k, v in _whole(root).items() if not k.startswith(".import-")}

    uncut = tmp_path / "uncut"
    land(uncut)
    whole = files(uncut)
    states = set()
    for n, root in _trials(tmp_path / "nothing", tmp_path, land, into_place, least=2):
        try:
            status = phase_status(GAME, root)
        except GameError as e:
            states.add("before")
            assert f"no game {GAME!r}" in str(e) and not game_paths(GAME, root).workbook.exists()
            land(root)  # imported again
        else:
            states.add("after")
            assert status.phase == "S1902M"
            with pytest.raises(GameError, match="exists already"):
                land(root)
        assert files(root) == whole, f"killed at move {n}: the game differs from an uncut import's"
    assert states == {"before", "after"}


def test_temporaries_a_killed_write_left_in_mail_and_private_are_deleted(spring, tmp_path):
    """A write killed half-way leaves its temporary file (``.NAME.XXXX.tmp``, write_atomic)
    beside the file it was to replace: `private` writes the ledgers again and `orders` keeps
    mails, so theirs are deleted too by the next command that writes, as those of the
    history, backups and rolled-back/ are. Before, they stayed for good."""
    from gm_tools.app.turn import private_reports

    root = tmp_path / "games"
    shutil.copytree(spring, root)
    paths = game_paths(GAME, root)
    left = [paths.mail / ".S1901M.1.xlsx.k3j9x2ab.tmp", paths.folder / "private" / "S1901M" / ".FRANCE.txt.q8w7e6r5.tmp"]
    for path in left:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half a file")
    assert private_reports(GAME, root) == []  # gm-tools private of a game with no ledgers yet
    assert temporaries(root) == []


def test_a_dry_run_after_a_rollback_cut_short_names_it_and_status_finishes_it(played, tmp_path, capsys):
    """A rollback killed after its commit: a dry run (which writes nothing) names it and points
    to `status`, not to `turn`, which would finish it and then play the phase reopened, its
    orders brought back with the workbook."""
    from gm_tools.app.cli import main

    root = tmp_path / "games"
    shutil.copytree(played["root"], root)
    assert killed_at(1, lambda: rollback(GAME, root=root, site_dir=None), after_commit)
    assert main(["turn", GAME, "--root", str(root), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "the rollback of S1901M was left half-done" in err and f"'gm-tools status {GAME}' finishes it" in err
    assert main(["status", GAME, "--root", str(root)]) == 0
    assert capsys.readouterr().out.startswith(f"{GAME}: S1901M (Spring 1901 Movement)")
    assert _whole(root) == played["after"]
    assert main(["turn", GAME, "--root", str(root), "--dry-run"]) == 0
