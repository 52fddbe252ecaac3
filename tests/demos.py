"""The shipped demo games played into a test's folder through the real workbooks, as `make turn`
plays them (``sheets/demo-NAME.toml``, :mod:`gm_tools.app.demo`)."""

from __future__ import annotations

import dataclasses
import hashlib
import shutil
from pathlib import Path

import openpyxl
import pytest

from gm_tools.app.demo import play_demo, read_demo
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.app.turn import GameState, load_state

SHEETS = Path(__file__).resolve().parent.parent / "sheets"


def demo_file(name: str) -> Path:
    return SHEETS / f"demo-{name}.toml"


def played(root: Path, name: str) -> GameState:
    """Play ``sheets/demo-NAME.toml`` into ``root``; the game as its record then says it is."""
    demo = read_demo(demo_file(name))
    play_demo(demo, root)
    return load_state(demo.game, root)


def built_site(root: Path, names) -> Path:
    """The demos ``names`` played into ``root/sheets`` and built into one site, ``root/site``."""
    from gm_tools.publish.site import build_site

    for name in names:
        played(root / "sheets", name)
    build_site(root / "sheets", root / "site")
    return root / "site"


def played_until(root: Path, name: str, stop: str) -> None:
    """Play ``sheets/demo-NAME.toml`` into ``root`` up to phase ``stop``, whose entries are
    still to be made (its workbook laid out for it)."""
    demo = read_demo(demo_file(name))
    keys = list(demo.phases)
    play_demo(dataclasses.replace(demo, until=stop, phases={k: demo.phases[k] for k in keys[: keys.index(stop)]}),
              root)


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
