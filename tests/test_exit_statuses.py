"""The exit statuses a GM's script relies on (docs/workbook.md, "Exit statuses"), one case of
each for the commands, through the real command line on real files: 0 done; 1 the command ran
and reports something to act on; 2 a mistake the command names, nothing written; 3 a fault in
gm-tools' own publishing code after the command's files are written; 130 interrupted.
Before, a file the system refused ended 1 like refused mail lines, `status` of every game
ended 0 with a game's fault on its line where `site` ended 1, a fault in the publishing
code of `site`, `import` or the demos (`turn` without a game) ended in a traceback, and a
workbook `orders` could not replace ended 2 with its mails kept."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.app.publishfault import site_command
from gm_tools.edges.workbook_fill import fill_orders
from workflow_helpers import create, snapshot

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Game g with S1901M played and published to its site, made once and copied per case."""
    base = tmp_path_factory.mktemp("played")
    paths = create(base / "games")
    paths.workbook.write_bytes(fill_orders(paths.workbook.read_bytes(), {"FRANCE": ["A PAR - BUR"]}))
    assert main(["turn", "g", "--root", str(base / "games"), "--site", str(base / "site")]) == 0
    assert main(["export", "g", "--mila", "--root", str(base / "games"), "--out", str(base / "g.mila.json")]) == 0
    return base


def _damage_judge_text(t: Path) -> None:
    """S1901M's judge text, published, damaged on disk (a byte that is no UTF-8); g changed since
    (a turn with no site), so the next build reads the text back and fails in gm-tools' own code
    with a UnicodeDecodeError, neither a user's mistake nor the disk's (tests/test_publish_fault.py)."""
    text = t / "site" / "games" / "g" / "S1901M.txt"
    text.write_bytes(b"\xff" + text.read_bytes())


def _played_on(t: Path) -> None:
    _damage_judge_text(t)
    book = t / "games" / "g.xlsx"
    book.write_bytes(fill_orders(book.read_bytes(), {"FRANCE": ["A BUR - BEL"]}))
    assert main(["turn", "g", "--root", str(t / "games"), "--site", ""]) == 0


def _site_in_the_way(t: Path) -> None:
    """A file where the game's folder of the site goes: the site cannot be written."""
    shutil.rmtree(t / "site" / "games" / "g")
    (t / "site" / "games" / "g").write_text("in the way", encoding="utf-8")


def _second_game_damaged(t: Path) -> None:
    shutil.copytree(t / "games" / "g", t / "games" / "h")
    (t / "games" / "h" / "game.json").write_text("{", encoding="utf-8")


def _record_edited(t: Path) -> None:
    record = next((t / "games" / "g" / "history").glob("S1901M*"))
    data = json.loads(record.read_text(encoding="utf-8"))
    data["results"][0]["result"] = "fails" if data["results"][0]["result"] == "succeeds" else "succeeds"
    record.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _workbook_a_folder(t: Path) -> None:
    """A folder where the workbook goes (a copy unpacked by hand, a sync tool's conflict)."""
    (t / "games" / "g.xlsx").unlink()
    (t / "games" / "g.xlsx").mkdir()


def _files(t: Path) -> None:
    (t / "ann.txt").write_text("France:\nA BUR - MUN\nA XYZ - PAR\n", encoding="utf-8")
    (t / "bad.json").write_text('{"phase": "S1901M", "units": {"FRANCE": ["A PRS"]}}', encoding="utf-8")


# (name, prepare the copy, the command, its status, the stream, a line of it starts with)
CASES = [
    ("status", None, ["status", "g"], 0, "out", "g: F1901M (Fall 1901 Movement)"),
    ("replay", None, ["replay", "g"], 0, "out", "g: every phase replays to the same record"),
    ("site", None, ["site"], 0, "out", ""),
    ("orders, a line refused", None, ["orders", "g", "{t}/ann.txt", "--dry-run"], 1, "out",
     "F1901M: 1 order(s) to write (a dry run), 1 refused"),
    ("replay differs", _record_edited, ["replay", "g"], 1, "out", "g: replay differs from the record in S1901M"),
    ("status of every game, one damaged", _second_game_damaged, ["status"], 1, "out", "h: "),
    ("site, one game damaged", _second_game_damaged, ["site"], 1, "out", ""),
    ("adjudicate, a request refused", None, ["adjudicate", "{t}/bad.json"], 1, "out",
     '{\n  "error": "units.FRANCE[0]: unknown province'),
    ("turn, the site not written", _site_in_the_way, ["turn", "g", "--force"], 1, "out",
     "the site was NOT published: "),
    ("deadline, the site not written", _site_in_the_way, ["deadline", "g", "Friday"], 1, "err",
     "gm-tools: g: the site was NOT published: "),
    ("rollback, the site not written", _site_in_the_way, ["rollback", "g"], 1, "err",
     "gm-tools: g: the site was NOT published: "),
    ("end, the site not written", _site_in_the_way, ["end", "g", "--draw", "FRANCE", "ENGLAND"], 1, "err",
     "gm-tools: g: the site was NOT published: "),
    ("a game that does not exist", None, ["turn", "nosuch"], 2, "err", "gm-tools: no game 'nosuch' in "),
    ("a mail that does not exist", None, ["orders", "g", "{t}/missing.eml"], 2, "err",
     "gm-tools: {t}/missing.eml: No such file or directory (expected a file or folder that exists"),
    ("a folder the system refuses", None, ["export", "g", "--mila", "--out", "/sys/g.json"], 2, "err",
     "gm-tools: /sys/g.json: Permission denied"),
    ("a folder where the workbook goes", _workbook_a_folder, ["orders", "g", "{t}/ann.txt"], 2, "err",
     "gm-tools: {t}/games/g.xlsx: Is a directory (expected a file, found a folder of its name: move the folder"),
    ("an option misspelt", None, ["turn", "g", "--dryrun"], 2, "err", "usage: gm-tools turn"),
    ("turn, a fault in publishing", _damage_judge_text, ["turn", "g", "--force"], 3, "out",
     "the site was NOT (fully) published: a fault in gm-tools itself (UnicodeDecodeError: "),
    ("deadline, a fault in publishing", _damage_judge_text, ["deadline", "g", "Friday"], 3, "err",
     "gm-tools: g: the site was NOT (fully) published: a fault in gm-tools itself (UnicodeDecodeError: "),
    ("site, a fault in publishing", _played_on, ["site"], 3, "err",
     "gm-tools: the site was NOT (fully) published: a fault in gm-tools itself (UnicodeDecodeError: "),
    ("import, a fault in publishing", _played_on, ["import", "{t}/g.mila.json", "--name", "copy"], 3, "err",
     "gm-tools: copy: the site was NOT (fully) published: a fault in gm-tools itself (UnicodeDecodeError: "),
]

_SITE = {"turn", "deadline", "import", "rollback", "end"}


@pytest.mark.parametrize("name, prepare, argv, status, stream, words", CASES, ids=[c[0] for c in CASES])
def test_each_status_of_the_commands(played, tmp_path, capsys, name, prepare, argv, status, stream, words):
    if "/sys/g.json" in argv and not os.path.ismount("/sys"):
        pytest.skip("needs Linux's /sys, where no one may create a file (not even root)")
    t = tmp_path / "t"
    shutil.copytree(played, t)
    _files(t)
    if prepare:
        prepare(t)
    argv = [a.replace("{t}", str(t)) for a in argv]
    if argv[0] not in ("adjudicate",):
        argv += ["--root", str(t / "games")]
    if argv[0] in _SITE:
        argv += ["--site", str(t / "site")]
    elif argv[0] == "site":
        argv += ["--out", str(t / "site")]
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage error
        code = e.code
    said = capsys.readouterr()
    text = said.out if stream == "out" else said.err
    assert code == status, (name, said.out, said.err)
    assert "Traceback" not in said.out + said.err
    words = words.replace("{t}", str(t))
    assert text.startswith(words) or any(line.startswith(words) for line in text.splitlines()), (name, text)


def test_interrupted_ends_130(tmp_path):
    """Ctrl-C (SIGINT) while a command runs: a plain word, status 130, no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "gm_tools", "adjudicate", "--jsonl", "-"], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdin.write('{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}\n')
    proc.stdin.flush()
    assert proc.stdout.readline().startswith("{")  # running, waiting for the next request
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "gm-tools: interrupted\n", err


@pytest.mark.parametrize("argv, typed", [(["orders", "g", "{t}/ann.txt"], "1 order(s) written, 1 refused"),
                                         (["deadline", "g", "Friday"], "")])
def test_a_workbook_the_system_will_not_let_be_replaced_is_refused_with_nothing_written(
        played, tmp_path, capsys, argv, typed):
    """A workbook the system will not let gm-tools replace (Linux's immutable flag here; on
    Windows, one open in Excel) ended `orders` with 2, "refused: nothing written", though the
    mails and the workbook before them were kept in NAME/mail/ and the change left in pending/
    for the next command to make: run again once the workbook could be written, the same mail
    was typed twice, said to replace the power's own orders and "entered before" (README, Not
    done yet). Now nothing is written, and the same command run again enters the mails once."""
    t = tmp_path / "t"
    shutil.copytree(played, t)
    _files(t)
    book = t / "games" / "g.xlsx"
    argv = [a.replace("{t}", str(t)) for a in argv] + ["--root", str(t / "games")]
    argv += ["--site", ""] if argv[0] == "deadline" else []
    if subprocess.run(["chattr", "+i", str(book)], capture_output=True).returncode != 0:
        pytest.skip("needs chattr and the right to set the immutable flag")
    before = snapshot(t / "games")
    capsys.readouterr()
    try:
        code = main(argv)
    finally:
        subprocess.run(["chattr", "-i", str(book)], check=True)
    said = capsys.readouterr()
    assert code == 2 and "Traceback" not in said.out + said.err, (said.out, said.err)
    assert said.err.startswith(f"gm-tools: {book}: Operation not permitted; nothing is written"), said.err
    assert f"once {book.name} can be written, run the same command again" in said.err, said.err
    assert snapshot(t / "games") == before
    assert not (t / "games" / "g" / "pending").exists()

    code = main(argv)  # the cause put right: the same command, as if run the first time
    said = capsys.readouterr()
    assert code == (1 if typed else 0), (said.out, said.err)
    assert typed in said.out and "entered before" not in said.out and "replaces" not in said.out, said.out
    assert sorted(p.name for p in (t / "games" / "g" / "mail").iterdir()) == (
        ["F1901M.1.1.eml", "F1901M.1.xlsx"] if typed else ["F1901M.1.xlsx"])


def test_a_fault_in_publishing_the_demo_games_is_said_and_ends_3(tmp_path, capsys):
    """`gm-tools turn` without a game (what `make turn` runs) met a fault in the publishing code
    with a traceback on the terminal, where `turn NAME` says what stands, keeps the traceback and
    ends 3 (README, Not done yet). The fault made for real: a site the demos were published to
    before, a judge text of it damaged on disk (a byte that is no UTF-8) and the game's page lost,
    so the build makes the game again and reads the kept text back (tests/test_publish_fault.py).
    The whole demo is played, as `make turn` plays it."""
    from demos import built_site

    site = built_site(tmp_path / "before", ["orders"])
    text = site / "games" / "demo" / "S1901M.txt"
    text.write_bytes(b"\xff" + text.read_bytes())
    (site / "games" / "demo" / "index.html").unlink()
    root = tmp_path / "games"
    capsys.readouterr()
    code = main(["turn", "--root", str(root), "--site", str(site)])
    said = capsys.readouterr()
    assert code == 3 and "Traceback" not in said.out + said.err, (said.out, said.err)
    assert said.out.startswith(f"Demo game demo from demo-orders.toml, played in {root}"), said.out
    log = root / "publish-site.txt"
    assert said.err.startswith("gm-tools: the site was NOT (fully) published: a fault in gm-tools itself "
                               "(UnicodeDecodeError: "), said.err
    assert f"its traceback is kept in {log}, for the developers" in said.err
    assert f"The demo games are played into {root} and stand" in said.err
    assert f"run 'gm-tools site --root {root} --site {site}'" in said.err
    assert "Traceback" in log.read_text(encoding="utf-8")
    assert (root / "demo" / "game.json").is_file() and (root / "westphalia-demo" / "game.json").is_file()


def test_the_demo_games_site_not_written_is_said_and_ends_1(tmp_path, capsys):
    """The demos played and their site not written (a file where the standard demo's folder of
    the site goes) ended 2, "refused: nothing written", with the games played: said now as
    `turn NAME` says it, what stands and the command that publishes it, status 1."""
    site, root = tmp_path / "site", tmp_path / "games"
    (site / "games").mkdir(parents=True)
    (site / "games" / "demo").write_text("in the way", encoding="utf-8")
    capsys.readouterr()
    code = main(["turn", "--root", str(root), "--site", str(site)])
    said = capsys.readouterr()
    assert code == 1 and "Traceback" not in said.out + said.err, (said.out, said.err)
    assert said.out.startswith(f"Demo game demo from demo-orders.toml, played in {root}"), said.out
    assert said.err.startswith("gm-tools: the site was NOT published: "), said.err
    assert f"The demo games are played into {root} and stand" in said.err
    assert f"run '{site_command(root, site)}'" in said.err
    assert (root / "westphalia-demo" / "game.json").is_file()


def test_a_full_disk_while_orders_are_typed_names_the_file_and_leaves_nothing(played, tmp_path, capsys):
    """A full disk for real (a small tmpfs, filled): `orders` ended 2 saying only "No space left
    on device", no file named, and left the workbook's copy and the mail in the game's
    pending/ folder on the full disk until the next command. Now the file is named, what to do
    said, and nothing is left."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("needs the right to mount a small tmpfs, a disk to fill")
    try:
        shutil.copytree(played / "games", disk / "games")
        _files(tmp_path)
        room = shutil.disk_usage(disk).free
        (disk / "filler").write_bytes(b"\0" * (room - 8192))  # room for less than one copy of the workbook
        before = snapshot(disk / "games")
        capsys.readouterr()
        code = main(["orders", "g", str(tmp_path / "ann.txt"), "--root", str(disk / "games")])
        said = capsys.readouterr()
        after = snapshot(disk / "games")
    finally:
        subprocess.run(["umount", str(disk)], check=True)
    assert code == 2 and "Traceback" not in said.out + said.err, (said.out, said.err)
    assert said.err.startswith(f"gm-tools: {disk}/games/g/mail/F1901M.1.xlsx: No space left on device; "
                               "nothing is written (g's files are as they were)"), said.err
    assert "run the same command again" in said.err
    assert after == before
