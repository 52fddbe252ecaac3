"""What an `import` or a `new-game` killed part-way leaves in the games folder is cleared by
the next command, and never listed as a game (docs/game-record.md, "A turn lands all at once").

`import` plays the saved game in a hidden scratch folder (``.import-NAME-XXXX``) of the games
folder and moves it into place at the end; `new-game` writes its files into ``NAME/pending/``
before its commit marker. Before, killed before its commit, either left its folder for good:
a hidden ``.import-...`` holding a whole game no command ever removed, or a ``NAME/`` holding
only ``pending/`` and its temporary files, until a new-game of that very name. Each is killed
here (tests/crashkit.py) in a games folder holding another game; the GM's next command
(`status` listing the games, or a command on the other game) leaves no hidden file or folder,
no trace of the killed one, and the same games listed.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from crashkit import digest, file_changes, killed_at
from gm_tools.app.cli import main
from gm_tools.app.deadlinecmd import set_deadline
from gm_tools.app.status import every_game
from gm_tools.app.turn import new_game
from gm_tools.edges.game import game_paths
from gm_tools.edges.journal import PENDING, UNPUBLISHED, exclusive, game_lock

KEPT, CUT = "kept", "cut"
CREATED = "2000-01-01T00:00:00Z"


def _hidden(root: Path) -> list[str]:
    """Every file or folder under ``root`` named with a leading dot: a command's work in
    progress (a scratch folder, a temporary file), the publishing marker aside."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob(".*") if p.name not in (".lock", UNPUBLISHED))


def _games(root: Path) -> list[str]:
    """The games `status` lists, by name."""
    return [line.split(":")[0] for line in every_game(root)]


def _listing(root: Path) -> list[str]:
    """`gm-tools status --root ROOT`, the GM's look at all the games."""
    return [line.split(":")[0] for line in _run(["status", "--root", str(root)]).splitlines()]


def _run(argv: list[str]) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def _deadline(root: Path) -> None:
    """A command writing the other game: its deadline typed."""
    set_deadline(KEPT, "Friday 11 December 18:00 UTC", root=root, site_dir=None)


def _status_of_kept(root: Path) -> None:
    """`gm-tools status kept`, the GM's look at the other game."""
    assert _run(["status", KEPT, "--root", str(root)]).startswith(f"{KEPT}: S1901M")


NEXT = {"status": _listing, "deadline": _deadline, "status kept": _status_of_kept}
"""The GM's next command after the kill (`status` returns the games it listed)."""


def _next(after: str, root: Path) -> tuple[list[str], list[str]]:
    """Run the next command; the games listed after it, once nothing hidden is seen left."""
    listed = NEXT[after](root)
    left = _hidden(root)
    games = _games(root)
    assert listed in (None, games)
    return left, games


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """A games folder holding one game."""
    root = tmp_path_factory.mktemp("kept") / "games"
    new_game("standard", KEPT, root=root, seed=11, created=CREATED)
    return root


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> bytes:
    """A MILA saved game whose Spring 1901 was played (F1901M next)."""
    from gm_tools.app.demo import play_demo, read_demo
    from gm_tools.app.interchange import export_mila

    played = tmp_path_factory.mktemp("played")
    play_demo(read_demo(Path(__file__).resolve().parent.parent / "sheets" / "demo-orders.toml"), played)
    saved = export_mila("demo", played)
    saved["phases"] = saved["phases"][:2]
    return json.dumps(saved).encode()


def _commit_move(hook) -> None:
    """One kill point: the import's commit, the game's folder moved out of the scratch folder."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if ".import-" in str(src) and ".import-" not in str(dst):
            hook()
        return real(src, dst, *args, **kwargs)
    os.replace = replace


@pytest.mark.parametrize("after", sorted(NEXT))
@pytest.mark.parametrize("point", ["new-game in scratch", "turn in scratch", "commit"])
def test_an_import_killed_before_its_commit_leaves_nothing_after_the_next_command(kept, saved_game, tmp_path,
                                                                                 point, after):
    from gm_tools.app.interchange import import_mila

    root = tmp_path / "games"
    shutil.copytree(kept, root)
    games, files = _games(root), digest(root)
    n, patch = {"new-game in scratch": (3, file_changes), "turn in scratch": (25, file_changes),
                "commit": (1, _commit_move)}[point]
    assert killed_at(n, lambda: import_mila(saved_game, CUT, root=root, seed=11), patch)
    assert any(name.startswith(".import-") for name in _hidden(root))  # the scratch folder, left
    assert not game_paths(CUT, root).folder.exists()  # before the commit: no game yet
    assert _next(after, root) == ([], games), f"killed at {point}, then {after}: left behind"
    assert games == [KEPT]
    assert sorted(p.name for p in root.iterdir()) == sorted(p.name for p in kept.iterdir())
    if after == "status":
        assert digest(root) == files
    import_mila(saved_game, CUT, root=root, seed=11)  # imported again, it goes through
    assert _games(root) == [CUT, KEPT] and _hidden(root) == []


def test_an_import_killed_after_its_commit_leaves_the_game_and_nothing_hidden(kept, saved_game, tmp_path):
    """Killed after the game's folder moved into place, before the scratch folder was removed:
    the game is there, and the next command removes the empty scratch folder."""
    from gm_tools.app.interchange import import_mila

    root = tmp_path / "games"
    shutil.copytree(kept, root)

    def after_commit(hook):
        real = os.replace

        def replace(src, dst, *args, **kwargs):
            done = real(src, dst, *args, **kwargs)
            if ".import-" in str(src) and ".import-" not in str(dst):
                hook()
            return done
        os.replace = replace
    assert killed_at(1, lambda: import_mila(saved_game, CUT, root=root, seed=11), after_commit)
    assert any(name.startswith(".import-") for name in _hidden(root))
    assert _listing(root) == [CUT, KEPT]
    assert _hidden(root) == []


@pytest.mark.parametrize("after", sorted(NEXT))
def test_a_new_game_killed_before_its_commit_leaves_nothing_after_the_next_command(kept, tmp_path, after):
    games = _games(kept)
    left = set()
    for n in range(1, 100):
        root = tmp_path / f"w{n}" / "games"
        shutil.copytree(kept, root)
        assert killed_at(n, lambda: new_game("standard", CUT, root=root, seed=11, created=CREATED), file_changes)
        if (game_paths(CUT, root).folder / PENDING / "commit.json").exists():
            break  # committed: the game is made (tests/test_command_crash.py)
        if game_paths(CUT, root).folder.exists():
            left.add(n)
        assert _next(after, root) == ([], games), f"killed at change {n}, then {after}: left behind"
        assert sorted(p.name for p in root.iterdir()) == sorted(p.name for p in kept.iterdir()), \
            f"killed at change {n}, then {after}: the folder of a game never made is left"
    assert left  # some kills left the folder: the next command removed it


def test_a_new_game_committed_and_cut_short_is_listed_once_finished(kept, tmp_path):
    """Its marker written, its files not yet moved: `status` finishes it and lists it."""
    from gm_tools.edges import journal

    def after_commit(hook):  # just after the commit marker is written, before any file is moved
        real = journal._roll_forward

        def stop(paths):
            hook()
            return real(paths)
        journal._roll_forward = stop

    root = tmp_path / "games"
    shutil.copytree(kept, root)
    assert killed_at(1, lambda: new_game("standard", CUT, root=root, seed=11, created=CREATED), after_commit)
    assert _listing(root) == [CUT, KEPT]
    assert not (game_paths(CUT, root).folder / PENDING).exists() and _hidden(root) == []


def test_work_under_way_is_left_alone(kept, tmp_path):
    """An import at work in its scratch folder, or a command holding a game whose new files
    are in pending/: the folders a killed command would leave, but locked, so spared."""
    root = tmp_path / "games"
    shutil.copytree(kept, root)
    scratch = root / ".import-other-abcd1234"
    (scratch / "other").mkdir(parents=True)
    paths = game_paths(CUT, root)
    (paths.folder / PENDING).mkdir(parents=True)
    (paths.folder / PENDING / "workbook.xlsx").write_bytes(b"being written")
    with exclusive(scratch, "busy"), game_lock(paths):
        assert _listing(root) == [KEPT]
        _deadline(root)
        assert (scratch / "other").is_dir() and (paths.folder / PENDING / "workbook.xlsx").exists()
    assert _listing(root) == [KEPT]  # once they are free, they are leftovers
    assert not scratch.exists() and not paths.folder.exists()
