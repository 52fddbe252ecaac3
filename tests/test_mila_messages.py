"""MILA import of a saved game with messages that cannot be read (README "Not done yet": they
were dropped silently). The game is still imported, as a GM importing a finished game wants
the game, and each message left out is named: its phase, its place, what was found."""

from __future__ import annotations

import json
from pathlib import Path

from gm_tools.app.cli import main
from gm_tools.app.demo import play_demo, read_demo
from gm_tools.app.interchange import export_mila

DEMO = Path(__file__).resolve().parent.parent / "sheets" / "demo-orders.toml"


def test_unreadable_messages_are_listed_and_the_game_imported(tmp_path, capsys):
    play_demo(read_demo(DEMO), tmp_path / "src")
    saved = json.loads(json.dumps(export_mila("demo", tmp_path / "src")))
    saved["phases"][0]["messages"] += [
        "FRANCE: hello",  # not an object
        {"sender": "FRANCE", "recipient": "GLOBAL", "message": 42},
        {"sender": "FRANCE", "message": "to whom?"},
        {"sender": "FRANCE", "recipient": "GLOBAL", "message": "Peace in our time"},
    ]
    saved["phases"][1]["messages"] = {"sender": "ENGLAND"}
    file = tmp_path / "game.json"
    file.write_text(json.dumps(saved), encoding="utf-8")
    assert main(["import", str(file), "--name", "g", "--root", str(tmp_path / "games"), "--site", ""]) == 0
    out = capsys.readouterr().out
    assert "imported 20 phases" in out
    assert "warning: 4 message(s) of the saved game could not be read and were left out of the press" in out
    n = len(saved["phases"][0]["messages"])
    assert f"phases[0] (S1901M).messages[{n - 4}]: found a string, expected a message object; left out" in out
    assert f"phases[0] (S1901M).messages[{n - 3}]: found a number as its message, expected a string; left out" in out
    assert f"phases[0] (S1901M).messages[{n - 2}]: found nothing as its recipient, expected a string; left out" in out
    assert "phases[1] (F1901M).messages: found an object, expected a list of messages; none imported" in out
    assert "Peace in our time" not in out  # a readable message is press, not a warning
    assert (tmp_path / "games" / "g").is_dir()


def test_a_saved_game_with_readable_messages_imports_without_warning(tmp_path, capsys):
    play_demo(read_demo(DEMO), tmp_path / "src")
    file = tmp_path / "game.json"
    file.write_text(json.dumps(export_mila("demo", tmp_path / "src")), encoding="utf-8")
    assert main(["import", str(file), "--name", "g", "--root", str(tmp_path / "games"), "--site", ""]) == 0
    assert "warning" not in capsys.readouterr().out
