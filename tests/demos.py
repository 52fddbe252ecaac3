"""The shipped demo games played into a test's folder through the real workbooks, as `make turn`
plays them (``sheets/demo-NAME.toml``, :mod:`gm_tools.app.demo`).

Played once a test run, copied to every test that asks. Playing the demos (and building their
site) is most of the suite's time, and many files ask for the same games. So :func:`play` plays
a demo once per test run into :data:`CACHE` (one folder of the run, shared by its pytest-xdist
workers, set by ``conftest.py``) and then copies that folder into the test's own folder
(``shutil.copytree``): each test still gets files of its own to type into and play on, and no
test can change another's. :func:`built_site` keeps a built site the same way, one for each
set of demos, copied whole (games and site) into the test's folder.

Why a copy is as good as a game played for the test: a demo's play is deterministic (the same
bytes every run: ``tests/test_determinism.py``) and writes nothing outside its folder and no
path of it into its files. Its key is every input of the play: the demo as read (its phases,
its stop), the demo file's bytes and the digest of the package's sources, variants and
templates; the cache lives in the run's temporary folder, so it is never carried to another
run. A lock file (``fcntl.flock``) lets one worker play a demo while another waiting for the
same demo blocks, then copies. Tests whose purpose is to play the pipeline (``tests/test_turn.py``,
``tests/test_determinism.py``, ``tests/test_europe1619_demo.py``) play the demos themselves
(``run_demo``, ``play_demo``), not through this cache."""

from __future__ import annotations

import dataclasses
import fcntl
import functools
import hashlib
import shutil
from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.demo import Demo, play_demo, read_demo
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.app.turn import GameState, load_state

REPO = Path(__file__).resolve().parent.parent
SHEETS = REPO / "sheets"

CACHE: Path | None = None
"""This test run's folder of played demos and built sites, shared by its xdist workers (set by
``conftest.py``'s ``demo_cache``); None: nothing cached, each call plays."""


ALL_DEMOS = tuple(sorted(p.stem[len("demo-"):] for p in SHEETS.glob("demo-*.toml")))
"""Every shipped demo: the tests that look at the site of all of them share one build (:func:`built_site`)."""


def demo_file(name: str) -> Path:
    return SHEETS / f"demo-{name}.toml"


@functools.cache
def _sources_digest() -> str:
    """The digest of what plays a demo and builds its site: the package's code, the variants'
    files and the templates."""
    digest = hashlib.sha256()
    for top in ("gm_tools", "variants", "templates"):
        for path in sorted((REPO / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(REPO)}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def _once(label: str, inputs: str, make) -> Path:
    """The folder ``make(folder)`` fills, made once per test run in :data:`CACHE` under a key of
    ``inputs`` (with the sources' digest); a worker that finds another making it waits for it.
    Never hand it to a test: copy it."""
    key = hashlib.sha256(f"{inputs}\0{_sources_digest()}".encode()).hexdigest()[:16]
    folder = CACHE / f"{label}-{key}"
    with open(CACHE / f"{label}-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not folder.exists():
            part = CACHE / f"{label}-{key}.part"
            shutil.rmtree(part, ignore_errors=True)  # left by a worker that failed halfway
            make(part)
            part.rename(folder)  # whole, or not there at all
    return folder


def play(demo: Demo, root: Path) -> None:
    """``play_demo(demo, root)``, the demo played once per test run and copied into ``root``
    (beside the games already there)."""
    if CACHE is None:
        play_demo(demo, root)
        return
    inputs = f"{demo!r}\0{demo.path.read_bytes()!r}"
    shutil.copytree(_once(f"{demo.game}-{demo.until}", inputs, lambda folder: play_demo(demo, folder)),
                    root, dirs_exist_ok=True)


def played(root: Path, name: str) -> GameState:
    """Play ``sheets/demo-NAME.toml`` into ``root``; the game as its record then says it is."""
    demo = read_demo(demo_file(name))
    play(demo, root)
    return load_state(demo.game, root)


def _build(root: Path, names) -> None:
    from gm_tools.publish.site import build_site

    for name in names:
        played(root / "sheets", name)
    build_site(root / "sheets", root / "site")


def built_site(root: Path, names) -> Path:
    """The demos ``names`` played into ``root/sheets`` and built into one site, ``root/site``
    (built once per test run for each set of names, copied: a test may change its copy; the
    site lists its games sorted, whatever the order they were played in)."""
    names = tuple(sorted(names))
    if CACHE is None:
        _build(root, names)
    else:
        inputs = repr([(name, demo_file(name).read_bytes()) for name in names])
        shutil.copytree(_once("site", inputs, lambda folder: _build(folder, names)), root, dirs_exist_ok=True)
    return root / "site"


def played_until(root: Path, name: str, stop: str) -> None:
    """Play ``sheets/demo-NAME.toml`` into ``root`` up to phase ``stop``, whose entries are
    still to be made (its workbook laid out for it)."""
    demo = read_demo(demo_file(name))
    keys = list(demo.phases)
    play(dataclasses.replace(demo, until=stop, phases={k: demo.phases[k] for k in keys[: keys.index(stop)]}), root)


def played_until_fixture(name: str, stop: str):
    """A module's fixture: the demo ``name`` played up to phase ``stop`` (as :func:`played_until`)
    once for the module, its games folder. ``round_four = played_until_fixture("westphalia",
    "R1585T")`` names the fixture after the variable, as pytest does with a decorated function."""

    @pytest.fixture(scope="module")
    def games(tmp_path_factory) -> Path:
        root = tmp_path_factory.mktemp(f"{name}-{stop}")
        played_until(root, name, stop)
        return root

    games.__doc__ = f"The {name} demo played up to {stop}, whose entries are still to be made."
    return games


def copy_game(source: Path, into: Path, game: str) -> None:
    """``game``'s files (its folder, workbook and the like) copied from the games folder
    ``source`` over those in ``into``: a game played further elsewhere, as its next turn."""
    for path in source.iterdir():
        if path.name == game or path.name.startswith(game + "."):
            target = into / path.name
            if path.is_dir():
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(path, target)
            else:
                shutil.copy2(path, target)


def copy_with_cells(played: Path, into: Path, game: str, cells: dict) -> Path:
    """The games of ``played`` copied to ``into`` with ``cells`` ({"Sheet!A1": value}) typed in
    ``game``'s workbook: a test's own entries over a game played once for the module."""
    shutil.copytree(played, into)
    workbook = into / f"{game}.xlsx"
    workbook.write_bytes(set_cells(workbook.read_bytes(), cells))
    return into


def file_hashes(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its digest: what a refused turn must leave as it was."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def turn_refused(game: str, root: Path) -> str | None:
    """``gm-tools turn`` of ``game`` under ``root``: None when accepted, else the workbook
    error's text, after checking the refused turn wrote nothing."""
    from gm_tools.app.turn import run_turn
    from gm_tools.errors import WorkbookError

    before = file_hashes(root)
    try:
        run_turn(game, root=root, site_dir=None)
    except WorkbookError as e:
        assert file_hashes(root) == before, "a refused turn wrote files"
        return str(e)
    return None


def typed_copy(source: Path, tmp_path: Path, game: str, sheet: str, rows: list[tuple]) -> Path:
    """A copy of the games folder ``source`` with ``rows`` typed on ``game``'s ``sheet`` from A2
    (with openpyxl, as a spreadsheet program saves it); the copy's folder."""
    root = tmp_path / "games"
    shutil.copytree(source, root)
    path = root / f"{game}.xlsx"
    wb = openpyxl.load_workbook(path)
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            wb[sheet].cell(r, c).value = value
    wb.save(path)
    return root
