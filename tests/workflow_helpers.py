"""Shared pieces of the GM-workflow tests: a games root in tmp_path, a GM typing orders into
the real workbook, and boards set up by hand as small variant folders on the standard map."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl  # the GM's spreadsheet program, for damage a GM can do that cells cannot show

from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.workbook_fill import fill_orders, set_cells

REPO = Path(__file__).resolve().parent.parent
STANDARD = REPO / "variants" / "standard"


def create(root: Path, name: str = "g", variant: str = "standard", seed: int = 7):
    """A new game in ``root`` with fixed seed and creation time (same bytes every run)."""
    return new_game(variant, name, root=root, seed=seed, players={"FRANCE": "Ann"}, created="2000-01-01T00:00:00Z")


def play(paths, orders: dict[str, list[str]], press: str = "", **kwargs):
    """Type the orders into the workbook as a GM would, then run the turn (no site)."""
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), orders, press))
    return run_turn(paths.name, root=paths.root, site_dir=None, **kwargs)


def payola_to_attacks(root: Path, placements: list[tuple[str, bytes]]) -> None:
    """The Europe 1615 v2 game ``g`` in ``root`` played to 1616's Influence Phase, the players'
    ``placements`` mailed (name, mail) and processed: its Diplomatic Attacks phase, P1616D,
    is next (rulebook 001, 'Diplomatic attacks commence in the second year')."""
    from gm_tools.app.mailorders import enter_mails

    while load_state("g", root).position.phase != "P1616I":
        run_turn("g", root=root, site_dir=None, force=True)
    enter_mails("g", placements, root=root)
    run_turn("g", root=root, site_dir=None)
    assert load_state("g", root).position.phase == "P1616D"


def play_germany_solo(root: Path, name: str = "solo"):
    """The whole standard game of ``tests/games/germany-solo.toml`` played through its workbook
    to Germany's solo in Fall 1907's retreats: the game's paths."""
    import tomllib

    phases = tomllib.loads((Path(__file__).parent / "games" / "germany-solo.toml").read_text(encoding="utf-8"))
    phases.pop("players")
    paths = create(root, name)
    for entry in phases.values():
        entry = dict(entry)
        play(paths, entry, press=entry.pop("press", ""), force=True)
    return paths


def game_set_at(root: Path, variant: str, seed: int, board, players: int | None = None):
    """A game ``g`` of ``variant`` in ``root`` whose current phase is a board set up by hand:
    ``board(start)`` makes it from the position its first turn leaves. The first phase's record
    is rewritten to end on it and the workbook written for it as a turn writes it, so the next
    turn plays that board through the real workbook and command line."""
    import json

    from gm_tools.app.turn import _plan
    from gm_tools.edges.game import game_paths, json_text
    from gm_tools.edges.workbook import write_workbook
    from gm_tools.engine.hooks import hooks_for
    from gm_tools.engine.positions import position_to_json
    from gm_tools.engine.rules import rules_for

    new_game(variant, "g", root=root, seed=seed, created="2000-01-01T00:00:00Z", player_count=players)
    run_turn("g", root=root, site_dir=None, force=True)
    state = load_state("g", root)
    rules_variant, paths = state.variant, game_paths("g", root)
    position = board(state.position)
    file = paths.record_file(state.history[0]["phase"])
    record = json.loads(file.read_text(encoding="utf-8"))
    record["after"], record["next_phase"] = position_to_json(position), position.phase
    file.write_text(json_text(record), encoding="utf-8")
    paths.workbook.write_bytes(write_workbook(_plan(
        rules_variant, hooks_for(rules_variant), rules_for(rules_variant), "g", position, "", seed,
        state.info.players, record)))
    return paths


def start_board(phase: str, change=None):
    """For :func:`game_set_at`: the start's units, centers and state in ``phase``, with
    ``change(position)`` setting the board up by hand."""
    import json

    from gm_tools.engine.model import Position

    def board(start):
        position = Position(phase=phase, units=dict(start.units), centers=dict(start.centers),
                            extra=json.loads(json.dumps(start.extra)))
        if change is not None:
            change(position)
        return position
    return board


def type_cells(paths, values: dict[str, object]) -> bytes:
    """Set some cells of the workbook; returns the bytes now on disk."""
    data = set_cells(paths.workbook.read_bytes(), values)
    paths.workbook.write_bytes(data)
    return data


def sheet_rows(title: str, *rows: tuple) -> dict[str, object]:
    """The cells a GM types for ``rows`` on sheet ``title`` from its row 2 (below the header),
    column A onwards: ``sheet_rows("Attacks", ("FRANCE", "LOR > SPAIN"))`` ->
    ``{"Attacks!A2": "FRANCE", "Attacks!B2": "LOR > SPAIN"}``."""
    return {f"{title}!{'ABCDEFGHIJ'[col]}{number}": value
            for number, row in enumerate(rows, start=2) for col, value in enumerate(row)}


def edit_workbook(path: Path, change) -> None:
    """The workbook at ``path`` opened in 'a spreadsheet program', changed by ``change(wb)``
    (a sheet added or renamed, cells merged, rows deleted) and saved."""
    wb = openpyxl.load_workbook(path)
    change(wb)
    wb.save(path)


def as_carried_over(paths, deadline: str) -> None:
    """Make the game's workbook as a turn of an earlier version wrote it: no Next deadline row,
    and the phase played's Deadline carried over into its Deadline cell."""
    def change(wb):
        game = wb["Game"]
        row = next(c.row for c in game["A"] if c.value == "Next deadline")
        game.delete_rows(row)
        game["B6"] = deadline
    edit_workbook(paths.workbook, change)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its bytes, to prove nothing changed."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def problems_after(paths, tmp_path) -> list[str]:
    """Run the turn, expecting a WorkbookError; check nothing was written."""
    import pytest

    from gm_tools.errors import WorkbookError

    files = snapshot(tmp_path)
    with pytest.raises(WorkbookError) as err:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(tmp_path) == files
    return [str(p) for p in err.value.problems]


def board_variant(tmp_path: Path, name: str, units: dict[str, list[str]], centers: dict[str, list[str]],
                  options: str = "") -> Path:
    """A variant folder on the standard map with a starting position set up by hand."""
    folder = tmp_path / name
    folder.mkdir()
    shutil.copy(STANDARD / "provinces.toml", folder / "provinces.toml")
    text = (STANDARD / "variant.toml").read_text(encoding="utf-8")
    text = text[: text.index("[start.units]")]
    text = text.replace("[options]\n", f"[options]\n{options}\n")
    lines = ["[start.units]"] + [f"{p} = {u!r}".replace("'", '"') for p, u in units.items()]
    lines += ["", "[start.centers]"] + [f"{p} = {c!r}".replace("'", '"') for p, c in centers.items()]
    (folder / "variant.toml").write_text(text + "\n".join(lines) + "\n", encoding="utf-8")
    return folder


def solo_board(tmp_path: Path) -> Path:
    """France two centers short of a solo: 16 centers, an army beside empty Tunis and two
    armies ready to take Vienna. England and Germany are gone."""
    return board_variant(
        tmp_path,
        "soloboard",
        units={
            "FRANCE": ["A NAF", "A TYR", "A BOH", "A MUN", "A BUR", "F NTH", "F MAO", "A KIE"],
            "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
            "ITALY": ["A VEN", "A ROM", "F NAP"],
            "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
            "TURKEY": ["F ANK", "A CON", "A SMY"],
        },
        centers={
            "FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN",
                       "LON", "LVP", "EDI", "NWY", "SWE"],
            "AUSTRIA": ["VIE", "BUD", "TRI"],
            "ITALY": ["VEN", "ROM", "NAP"],
            "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
            "TURKEY": ["ANK", "CON", "SMY"],
        },
    )
