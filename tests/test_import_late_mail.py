"""A game moved to another machine (``gm-tools export --mila``, then ``gm-tools import``) keeps
when each phase was processed, so ``gm-tools orders`` judges a mail late against the play, not
against the move (README, "A mail dated before the last turn was processed is refused as late";
``docs/interchange.md``, the record's ``processed`` and the phase's state ``timestamp``)."""

from __future__ import annotations

import datetime
import email.utils
import json

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state
from workflow_helpers import snapshot

PLAYED = 1764000000
"""When Spring 1901 was processed on the GM's first machine: 24 November 2025, 16:00 UTC."""
MOVED = PLAYED + 3 * 24 * 3600
"""When the GM imported the game on the new one, three days later."""
TURKEY = "Turkey\nF ANK - BLA\nA CON - BUL\nA SMY - ARM\n"
"""Orders that read in Spring 1901 and in Fall 1901 alike."""


def _gm(monkeypatch, at: int, *argv: str) -> int:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(at))
    return main(list(argv))


def _mail(tmp_path, label: str, sent: int) -> str:
    path = tmp_path / f"{label}.eml"
    date = email.utils.format_datetime(datetime.datetime.fromtimestamp(sent, datetime.timezone.utc))
    path.write_text(f"Date: {date}\nFrom: gul@example.org\nTo: gm@example.org\nSubject: orders\n\n{TURKEY}",
                    encoding="utf-8")
    return str(path)


def _played_and_exported(tmp_path, monkeypatch) -> dict:
    first = tmp_path / "first"
    assert _gm(monkeypatch, PLAYED, "new-game", "standard", "g", "--seed", "3", "--root", str(first)) == 0
    assert _gm(monkeypatch, PLAYED, "turn", "g", "--root", str(first), "--site", "", "--force") == 0
    out = tmp_path / "g.mila.json"
    assert _gm(monkeypatch, PLAYED, "export", "g", "--mila", "--root", str(first), "--out", str(out)) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_a_mail_sent_before_the_move_is_judged_against_the_play_not_the_import(tmp_path, monkeypatch, capsys):
    """Exported and imported three days after Spring 1901 was processed: Turkey's Fall orders
    mailed the day after Spring's results are typed (they were sent after Spring was processed,
    before the import), and a mail sent before Spring was processed is refused as late. The
    export has carried the times since 472fb6fb: this passed before the fix below, and keeps
    the two commands agreeing."""
    saved = _played_and_exported(tmp_path, monkeypatch)
    (tmp_path / "g.json").write_text(json.dumps(saved), encoding="utf-8")
    root = tmp_path / "second"
    assert _gm(monkeypatch, MOVED, "import", str(tmp_path / "g.json"), "--root", str(root), "--site", "") == 0
    capsys.readouterr()
    files = snapshot(root)
    assert _gm(monkeypatch, MOVED, "orders", "g", _mail(tmp_path, "early", PLAYED - 2 * 3600), "--root", str(root)) == 1
    out = capsys.readouterr().out
    assert "late for Spring 1901 Movement" in out and "24 November 2025 16:00 UTC" in out, out
    assert snapshot(root) == files
    assert _gm(monkeypatch, MOVED, "orders", "g", _mail(tmp_path, "fall", PLAYED + 24 * 3600), "--root", str(root)) == 0
    assert "3 order(s) written" in capsys.readouterr().out


def test_an_export_without_times_is_not_held_against_mail_sent_before_the_import(tmp_path, monkeypatch, capsys):
    """An export made before the dates travelled (every phase's ``timestamp`` 0, as MILA's own
    saved games have too) says nothing of when Spring 1901 was processed: the import dates the
    record by its own minute, and that minute is not the play's. Turkey's orders mailed after
    Spring's results, before the import, are typed, not refused as late; the record says it was
    dated by the import, replays the same, and a new export still says no time for it, so a
    second move does not take the first import's minute for the play's. Once the GM processes
    Fall on the new machine, a mail sent before that is late again."""
    saved = _played_and_exported(tmp_path, monkeypatch)
    for phase in saved["phases"]:
        phase["state"]["timestamp"] = 0  # what gm-tools wrote before 472fb6fb
    (tmp_path / "old.json").write_text(json.dumps(saved), encoding="utf-8")
    root = tmp_path / "second"
    assert _gm(monkeypatch, MOVED, "import", str(tmp_path / "old.json"), "--name", "g", "--root", str(root),
               "--site", "") == 0
    record = load_state("g", root).history[-1]
    assert record["processed"] == "2025-11-27T16:00:00Z" and record["dated_by"] == "import"
    capsys.readouterr()
    assert _gm(monkeypatch, MOVED, "orders", "g", _mail(tmp_path, "fall", PLAYED + 24 * 3600), "--root", str(root)) == 0
    out = capsys.readouterr().out
    assert "3 order(s) written" in out and "late" not in out, out
    assert _gm(monkeypatch, MOVED, "replay", "g", "--root", str(root)) == 0
    assert "every phase replays to the same record (1 phase(s))" in capsys.readouterr().out
    again = tmp_path / "again.json"
    assert _gm(monkeypatch, MOVED, "export", "g", "--mila", "--root", str(root), "--out", str(again)) == 0
    assert [p["state"]["timestamp"] for p in json.loads(again.read_text(encoding="utf-8"))["phases"]] == [0, 0]

    assert _gm(monkeypatch, MOVED + 3600, "turn", "g", "--root", str(root), "--site", "", "--force") == 0
    assert "dated_by" not in load_state("g", root).history[-1]
    capsys.readouterr()
    assert _gm(monkeypatch, MOVED + 3600, "orders", "g", _mail(tmp_path, "w", MOVED), "--root", str(root)) == 1
    assert "late for Fall 1901 Movement" in capsys.readouterr().out
