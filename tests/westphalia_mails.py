"""The Westphalia demo's entries as the players would mail them and the GM would type the rest
(``docs/westphalia.md``, 'By mail'): each row of a player's sheet becomes a line of that
player's mail; what only the GM enters (a war's winner, the Peace Treaties, the Council of
Trent, the Influence gained without the cards, the Religious War's winner, the Electors changed)
is typed by the GM into the workbook after the mails, in the cells the mails left for it."""

from __future__ import annotations

import io

import openpyxl

from gm_tools.edges.workbook_fill import set_cells

ACTIONS = ("Combat Heresy", "Engage in Diplomacy", "Wage War")

ROUND_FIVE = [("YELLOW", "yes", "yes", "no", "no"), ("ORANGE", "yes", "yes", "no", "no"),
              ("RED", "yes", "yes", "no", "no"), ("GREEN", "yes", "yes", "no", "no"),
              ("BLUE", "no", "yes", "yes", "no")]
"""Round 5's Player Turns (R1610T) as the demo enters them, in Initiative Order: Blue alone is
Waging War."""
ROUND_FIVE_CELLS = {f"Player Turns!{col}{r}": v for r, row in enumerate(ROUND_FIVE, start=2)
                    for col, v in zip("ABCDE", row)}
"""The same rows as the Player Turns sheet's cells."""

ONE_LINE = {
    "Pick Provinces": "Provinces: {1}, capital {2}",
    "Place Electors": "Elector: {1}, {2}, capital {3}",
    "Place Principalities": "Principality: {3}, {4}, capital {5}",
    "Diplomatic Influence": "Influence: {1} {2}",
    "Place Influence": "Influence: {1} {2}",
    "Imperial Election": "Vote: {1}",
    "Military Doctrines": "Doctrine: {1}",
    "Religious Upheaval": "Upheaval: {2}",
    "Foreign Powers": "Foreign Power: {1}, {2}",
}
"""The sheets whose row is one line of its player's mail (column 0): the line, by column."""


def mails_and_gm(phase_entries: dict) -> tuple[dict[str, list[str]], list[tuple[str, dict, dict]]]:
    """(player -> the lines of his mail, the GM's entries): each GM entry is (sheet, the
    values that find the row, the cells to type there by header); a None finder is the next
    empty row."""
    mails: dict[str, list[str]] = {}
    gm: list[tuple[str, dict | None, dict]] = []

    def say(player: str, line: str) -> None:
        mails.setdefault(player, []).append(line)

    for sheet, rows in phase_entries.items():
        for row in rows:
            if sheet in ONE_LINE:
                say(row[0], ONE_LINE[sheet].format(*row))
            elif sheet == "Player Turns":
                chosen = [a for a, v in zip(ACTIONS, row[1:4]) if v == "yes"]
                say(row[0], f"Actions: {', '.join(chosen)}")
                say(row[0], f"Convert: {row[4]}")
                if len(row) > 6 and row[6]:
                    say(row[0], f"League: {row[6]}")
                gm_cells = {h: v for h, v in zip(("Influence gained", "League", "Council of Trent"), row[5:])
                            if v not in (None, "") and h != "League"}
                if gm_cells:
                    gm.append((sheet, {"Player": row[0]}, gm_cells))
            elif sheet == "Diplomacy Game":
                say(row[0], f"{row[1]} with {row[2]}")
                say(row[2], f"{row[3]} with {row[0]}")
            elif sheet == "Spread the Faith":
                say(row[0], f"Dice: {row[2]} on {row[1]}" + (f", also {row[3]}" if row[3] else ""))
            elif sheet == "Wars":
                say(row[0], f"War: {row[1]}")
                gm.append((sheet, {"Declarer": row[0], "Against": row[1]}, {"Winner": row[2]}))
            elif sheet == "Religious War":
                item, value = row
                if item == "Target":
                    declarer = dict(rows)["Declarer"]
                    say(declarer, f"Religious War: {value}")
                elif item == "Winning League":
                    gm.append((sheet, {"Item": item}, {"Value": value}))
            else:  # the GM's own sheets: Peace Treaties, Influence Changes, Electors Changed
                gm.append((sheet, None, dict(enumerate(row))))
    return mails, gm


def emperor_lines(phase_entries: dict, emperor: str) -> dict[str, list[str]]:
    """The Emperor's own mail in a Religious War: 'he may Join a League'."""
    joins = dict(phase_entries.get("Religious War", [])).get("Emperor joins")
    return {emperor: [f"Emperor joins: {joins}"]} if joins else {}


def gm_types(data: bytes, gm: list[tuple[str, dict | None, dict]]) -> bytes:
    """The GM's entries typed into the workbook: on the row the finder names, or the next empty
    row of the sheet (columns by index)."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    cells: dict[str, object] = {}
    for sheet, finder, values in gm:
        ws = wb[sheet]
        headers = {ws.cell(row=1, column=c).value: c for c in range(1, ws.max_column + 1)}
        if finder is None:
            row = next(r for r in range(2, ws.max_row + 2)
                       if all(ws.cell(row=r, column=c).value in (None, "") for c in headers.values())
                       and f"{sheet}!A{r}" not in cells)
            for index, value in values.items():
                if value not in (None, ""):
                    cells[f"{sheet}!{ws.cell(row=row, column=index + 1).coordinate}"] = value
            continue
        row = next(r for r in range(2, ws.max_row + 1)
                   if all(ws.cell(row=r, column=headers[h]).value == v for h, v in finder.items()))
        for header, value in values.items():
            cells[f"{sheet}!{ws.cell(row=row, column=headers[header]).coordinate}"] = value
    return set_cells(data, cells) if cells else data


def mbox(mails: dict[str, list[str]], names: dict[str, str], order: list[str]) -> bytes:
    """One exported mailbox with each player's mail, in ``order``: a greeting, the power line
    (the player's colour), the lines, a signature and a quoted reply, as mail programs send."""
    out = b""
    for n, player in enumerate(p for p in order if p in mails):
        body = (f"Dear GM,\n\n{names[player]}\n" + "\n".join(mails[player])
                + f"\n\n-- \n{player.title()}'s player\n\n> On Monday the GM wrote:\n> Vote: nobody\n")
        out += (f"From {player.lower()}@example.org Mon Nov 23 1{n}:00:00 2026\n"
                f"From: {player.lower()}@example.org\nSubject: my turn\n\n{body}\n").encode()
    return out


def played_to(phase: str, root):
    """The demo game played by hand up to ``phase`` (its workbook laid out for it) into
    ``root`` (played once a test run, copied: ``demos.play``)."""
    import dataclasses

    from gm_tools.app.demo import read_demo
    from gm_tools.edges.game import game_paths

    from demos import demo_file, play

    demo = read_demo(demo_file("westphalia"))
    play(dataclasses.replace(demo, until=phase, phases={p: e for p, e in demo.phases.items() if _when(p) < _when(phase)}),
         root)
    return game_paths(demo.game, root)


def refused_turn(paths, cells: dict) -> list[tuple[str, str, str, str]]:
    """`turn` after the GM typed ``cells``: the problems of the refused turn (sheet, cell,
    found, expected), after checking it wrote nothing."""
    import pytest

    from gm_tools.app.turn import run_turn
    from gm_tools.errors import WorkbookError

    from workflow_helpers import snapshot

    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), cells))
    before = snapshot(paths.root)
    with pytest.raises(WorkbookError) as refused:
        run_turn(paths.name, root=paths.root, site_dir=None)
    assert snapshot(paths.root) == before, "a refused turn wrote files"
    return [(p.sheet, p.cell, p.found, p.expected) for p in refused.value.problems]


def mail_orders(root, game: str, *mails: tuple[str, str], options: tuple[str, ...] = ()) -> tuple[int, str]:
    """`gm-tools orders GAME` with each mail (file name, text) saved as a file in ``root``, as
    the GM runs it: (exit status, what it printed)."""
    import contextlib

    from gm_tools.app.cli import main

    files = []
    for name, text in mails:
        (root / name).write_text(text, encoding="utf-8")
        files.append(str(root / name))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["orders", game, *files, "--root", str(root), *options])
    return status, out.getvalue()


def rows_of(paths, title: str) -> list[tuple]:
    """The rows of a sheet below its header, as they stand in the workbook (empty rows left
    out, trailing empty cells kept)."""
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))[title]
    return [tuple(c.value for c in row) for row in ws.iter_rows(min_row=2) if any(c.value for c in row)]


def cell(paths, ref: str):
    sheet, at = ref.split("!")
    return openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))[sheet][at].value


def _when(phase: str) -> tuple[int, int]:
    """A phase's place in the game: its year, then its step in the calendar."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.phase import parse_phase

    at = parse_phase(phase)
    return at.year, load_variant("westphalia").calendar.phases.index((at.season, at.type))
