"""The error lines README.md and docs/workbook.md quote are what `gm-tools turn` prints for the
mistakes they show: a GM compares what he sees with them, so a quote that drifted from the
tool's words (README's once said "expected a province (did you mean PAR?)") misleads him."""

from __future__ import annotations

import re
from pathlib import Path

from gm_tools.app.cli import main
from workflow_helpers import create, snapshot, type_cells

ROOT = Path(__file__).resolve().parent.parent


def _turn_errors(tmp_path, capsys) -> list[str]:
    """The lines `turn` prints for the docs' two mistakes: a seed typed in words, and a
    province misspelt in the order on France's row for A PAR (Orders!C14 in a standard game)."""
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "forty-two", "Orders!C14": "A PRX - BUR"})
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    assert snapshot(tmp_path) == files
    return [line.strip() for line in capsys.readouterr().err.splitlines()]


def test_the_workbook_docs_problem_list_is_the_one_turn_prints(tmp_path, capsys):
    """docs/workbook.md, "Checking: every problem at once, nothing written": its example's
    problem lines, word for word."""
    text = (ROOT / "docs" / "workbook.md").read_text(encoding="utf-8")
    block = text.split("## Checking: every problem at once, nothing written", 1)[1].split("```")[1]
    quoted = [line.strip() for line in block.splitlines() if re.match(r"\s+\w+!\w+: found", line)]
    assert len(quoted) == 2
    printed = _turn_errors(tmp_path, capsys)
    assert [line for line in quoted if line not in printed] == []


def test_the_readme_error_example_is_the_one_turn_prints(tmp_path, capsys):
    """README.md, "Running a game": "Any mistake in the workbook is reported as `...`"."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    quoted = re.search(r"Any mistake in the workbook is reported as `([^`]+)`", text).group(1)
    assert quoted in _turn_errors(tmp_path, capsys)


def _readme_block() -> list[list[str]]:
    """The `gm-tools` lines of README.md's "Running a game" block, as argument lists (the
    comment after `#` left out)."""
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Running a game", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [line.split("  #", 1)[0] for line in block.splitlines() if line.startswith(".venv/bin/gm-tools ")]
    return [shlex.split(line)[1:] for line in lines]


def test_every_command_the_readme_shows_a_gm_is_one_the_tool_takes():
    """README.md, "Running a game", and docs/maps.md, "`gm-tools map`": each command line, its
    options included, is read by the command line as written (a renamed option would be
    refused with status 2)."""
    from gm_tools.app.cli import _parse

    maps = (ROOT / "docs" / "maps.md").read_text(encoding="utf-8").split("## `gm-tools map`", 1)[1]
    shown = _readme_block() + [line.split("#", 1)[0].split()[1:] for line in maps.split("```sh", 1)[1]
                               .split("```", 1)[0].splitlines() if line.startswith("gm-tools ")]
    assert len(shown) >= 16
    for argv in shown:
        _parse(argv)  # argparse exits with status 2 on a command or option it does not take


MAILS = {
    "ann.eml": "From: Ann <ann@example.com>\nSubject: France orders S1901M\n\nFrance\nA PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO\n",
    "bob.txt": "Orders for England:\nF LON - NTH\nF EDI - NWG\nA LVP - YOR\n",
    "inbox.mbox": ("From carl@example.com Sat Dec  5 10:00:00 2026\nFrom: Carl <carl@example.com>\nSubject: Germany\n\n"
                   "Germany\nA BER - KIE\nF KIE - DEN\nA MUN - RUH\n"),
}


def test_the_readme_running_a_game_block_plays_as_it_says(tmp_path, capsys, monkeypatch):
    """README.md, "Running a game", followed line by line by a GM in a folder of his own: the
    game made, the mails typed, the deadline published, a picture in the press, the turn, a
    rollback and the turn again, replay, private, a draw and a winner called and undone, the
    export and the import (which refused the game until its press picture travelled as its words)."""
    from gm_tools.app.turn import load_state
    from gm_tools.edges.workbook_fill import set_cells
    from test_press_pictures import png

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GM_TOOLS_HOME", raising=False)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    for name, text in MAILS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["new-game", "standard", "mygame", "--seed", "1"]) == 0
    assert "first phase: S1901M (Spring 1901 Movement)" in capsys.readouterr().out
    said: dict[str, str] = {}
    for argv in _readme_block():
        command = argv[0]
        if command == "map":
            argv = [a for a in argv if a != "--print"] + ["--out", "mygame.svg"]  # the SVG: no 3600 px PNG here
        if command == "end" and load_state("mygame", "sheets").finished:
            assert main(["end", "mygame", "--undo"]) == 0  # (--undo reopens), before the winner is called
        if command == "rollback":  # `make turn GAME=mygame`, a picture in the press
            pictures = tmp_path / "sheets" / "mygame" / "pictures"
            pictures.mkdir()
            (pictures / "breda.png").write_bytes(png(4, 3))
            book = tmp_path / "sheets" / "mygame.xlsx"
            book.write_bytes(set_cells(book.read_bytes(), {"Press!A2": "![the siege](pictures/breda.png)"}))
            assert main(["turn", "mygame"]) == 0
        status = main(argv)
        out = capsys.readouterr()
        said[command] = said.get(command, "") + out.out
        assert status == 0, (argv, out.out, out.err)
        if command == "rollback":  # then `turn` again
            assert main(["turn", "mygame"]) == 0
            capsys.readouterr()
    assert "6 order(s) written, 0 refused" in said["orders"]
    assert "still waiting for: AUSTRIA, ITALY, TURKEY (each: orders for 3 units); RUSSIA" in said["orders"]
    assert "orders for Spring 1901 Movement are due Friday 11 December 18:00 UTC (Game!B6)" in said["deadline"]
    assert "reopened S1901M" in said["rollback"] and "every phase replays to the same record" in said["replay"]
    assert "drawn between ENGLAND and FRANCE" in said["end"] and "won by FRANCE" in said["end"]
    assert "imported 1 phase into sheets/other.xlsx" in said["import"] and "its words kept, 'the siege'" in said["import"]
    assert (tmp_path / "site" / "games" / "other" / "S1901M.html").is_file()


def test_the_json_interface_docs_request_is_one_the_tool_answers():
    """docs/json-interface.md, "Request": the request shown to explain the keys is answered, not
    refused. It once put retreat phases' keys (`dislodged`, `contested`) in a movement phase,
    S1901M, and `gm-tools adjudicate` answered it `{"error": "dislodged: only a retreat phase has
    dislodged units, and S1901M is not one"}`."""
    import json

    from gm_tools.app.jsonapi import handle_request
    from gm_tools.edges.variants import load_variant

    text = (ROOT / "docs" / "json-interface.md").read_text(encoding="utf-8")
    request = json.loads(text.split("## Request", 1)[1].split("```json", 1)[1].split("```", 1)[0])
    assert set(request) >= {"phase", "units", "orders", "centers", "dislodged", "contested", "extra"}
    response = handle_request(load_variant("standard"), request)
    assert "error" not in response
    assert [r["result"] for r in response["results"]] == ["succeeds"]


def _quoted(doc: str, start: str) -> str:
    """The backticked quote in ``doc`` (its lines joined) that starts with ``start``."""
    text = " ".join((ROOT / "docs" / doc).read_text(encoding="utf-8").split())
    return re.search(r"`(" + re.escape(start) + r"[^`]*)`", text).group(1)


def test_the_workbook_docs_orders_sheet_mistakes_are_the_ones_turn_prints(tmp_path, capsys):
    """docs/workbook.md, "Checking": an order typed a column off (`Orders!D3`), one typed over the
    unit gm-tools wrote (`Orders!B3`), and the Orders sheet renamed, each refused in the words
    the page quotes, nothing written."""
    paths = create(tmp_path)
    clean = paths.workbook.read_bytes()
    type_cells(paths, {"Orders!D3": "A BUD - SER", "Orders!B3": "A BUD - SER"})
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    assert snapshot(tmp_path) == files
    printed = [line.strip() for line in capsys.readouterr().err.splitlines()]
    for start in ("Orders!D3: found", "Orders!B3: found"):
        assert _quoted("workbook.md", start) in printed
    paths.workbook.write_bytes(clean)
    from openpyxl import load_workbook

    book = load_workbook(paths.workbook)
    book["Orders"].title = "Orders S1901"
    book.save(paths.workbook)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    assert _quoted("workbook.md", "found no such sheet (") in capsys.readouterr().err


def test_the_status_words_the_docs_quote_are_the_ones_status_prints(tmp_path, capsys):
    """README.md's GM workflow row and docs/workbook.md's `gm-tools status` row quote who is
    awaited and who entered in part: Germany ordering only A MUN in Spring 1901 gives them."""
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C19": "A MUN - RUH"})
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for quote in ("RUSSIA (orders for 4 units)", "GERMANY (no order for A BER, F KIE)"):
        assert f"`{quote}`" in readme and quote in printed
    assert _quoted("workbook.md", "entered in part (a unit given no order holds): GERMANY") in printed
