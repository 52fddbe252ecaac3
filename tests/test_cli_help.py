"""The command line explains itself: every command and argument has a description and every
command an example that the parser accepts (issue 18, item 3)."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys

import pytest

from gm_tools.app.cli import _build_parser


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = _build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("gm-tools has no subcommands")


COMMANDS = sorted(_subparsers())


def test_top_help_is_for_users():
    out = subprocess.run([sys.executable, "-m", "gm_tools", "--help"], capture_output=True, text=True, check=True).stdout
    assert "parses arguments" not in out  # the module's note to developers is not the help
    assert "workbook" in out and "new-game" in out and "--help" in out
    for name in COMMANDS:
        assert name in out


@pytest.mark.parametrize("name", COMMANDS)
def test_every_argument_is_described(name):
    sub = _subparsers()[name]
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help and len(action.help) > 10, f"{name}: {action.dest} has no description"
    assert sub.description and len(sub.description.splitlines()) >= 3, f"{name}: no paragraph of help"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_example_parses(name):
    sub = _subparsers()[name]
    assert sub.epilog and sub.epilog.startswith("example:"), f"{name}: no example"
    examples = [line.strip() for line in sub.epilog.splitlines()[1:] if line.strip()]
    assert examples
    for line in examples:
        words = shlex.split(line.split(">")[0].split("|")[-1])
        assert words[:2] == ["gm-tools", name], line
        _build_parser().parse_args(words[1:])  # SystemExit (a failure) if the example is stale


def test_subcommand_help_runs_from_the_shell():
    out = subprocess.run([sys.executable, "-m", "gm_tools", "new-game", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert "example:" in out and "--seed" in out and "replayed" in out


def test_site_takes_site_as_turn_does_and_out_as_before(tmp_path, capsys):
    """QA finding F1: `turn`, `rollback` and `end` name the site's folder `--site`; `site`
    took only `--out` ('unrecognized arguments: --site'). Both name the same folder now."""
    from gm_tools.app.cli import main
    from gm_tools.edges.variants import load_variant
    from sitegame import small_game

    help_text = _subparsers()["site"].format_help()
    # Python 3.13's argparse writes the metavar once, after the last name ("--out, --site DIR")
    assert "--out DIR, --site DIR" in help_text or "--out, --site DIR" in help_text
    small_game(tmp_path / "sheets", load_variant("standard"), phases=1)
    assert main(["site", "--root", str(tmp_path / "sheets"), "--site", str(tmp_path / "by-site")]) == 0
    assert main(["site", "--root", str(tmp_path / "sheets"), "--out", str(tmp_path / "by-out")]) == 0
    capsys.readouterr()
    for folder in ("by-site", "by-out"):
        assert (tmp_path / folder / "games" / "demo" / "S1901M.html").is_file()
    assert ((tmp_path / "by-site" / "games" / "demo" / "index.html").read_bytes()
            == (tmp_path / "by-out" / "games" / "demo" / "index.html").read_bytes())


@pytest.mark.parametrize("name", [n for n in COMMANDS if "--site" in _subparsers()[n].format_help()])
def test_the_site_folder_default_is_said_plainly_even_with_root(name):
    """QA finding: --site defaults to ./site, the folder the command runs in, even when --root
    names the games elsewhere; the default stays (moving it would move every GM's site), and
    each command's help says so plainly."""
    sub = _subparsers()[name]
    assert "--root" in sub.format_help()
    site = next(a for a in sub._actions if "--site" in a.option_strings)
    assert site.default == "site"
    assert "./site in the current folder, also with --root" in " ".join(site.help.split())


def test_the_workbook_docs_command_table_has_every_command_and_option():
    """docs/workbook.md's table of commands is where a GM looks a command up: every command
    has its row, naming each of its options (--root, the same for all, is said below the
    table). Before, export, import and adjudicate had no row, and rollback's and end's --site
    were not said."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "workbook.md").read_text(encoding="utf-8")
    table = text[text.index("| command | what it does |"):]
    table = table[:table.index("\n\n")]
    rows: dict[str, str] = {}
    for row in table.splitlines()[2:]:
        first = row.split(" | ")[0]
        for name in COMMANDS:
            if f"`gm-tools {name} " in first + " " or f"`gm-tools {name}`" in first:
                rows[name] = rows.get(name, "") + row
    assert sorted(rows) == COMMANDS, sorted(set(COMMANDS) - set(rows))
    for name, sub in _subparsers().items():
        for action in sub._actions:
            options = [o for o in action.option_strings if o.startswith("--") and o not in ("--help", "--root")]
            if options:
                assert any(o in rows[name] for o in options), f"{name}: {options[0]} is not in its row"
