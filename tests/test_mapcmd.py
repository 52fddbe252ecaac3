"""``gm-tools map``: a played phase drawn to a file (issue 4: PNG 'at a size fit for a web page
and at full size for print'; 'an option shows only one power's orders'), through the real CLI
on a game played by the real engine."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET

import pytest

from gm_tools.app.cli import main
from gm_tools.edges.png import PRINT_WIDTH, WEB_WIDTH
from gm_tools.edges.variants import load_variant

from sitegame import small_game

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    root = tmp_path_factory.mktemp("games")
    small_game(root, load_variant("standard"), phases=2)  # S1901M, F1901M
    return root


def _order_colours(path) -> set[str]:
    root = ET.parse(str(path)).getroot()
    orders = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "orders")
    return {e.get("stroke") for e in orders.iter(f"{SVG}line")} - {"#1e1e1e"}


def test_a_phase_as_svg_with_every_powers_orders_and_as_one_powers(games, tmp_path):
    standard = load_variant("standard")
    france, germany = standard.powers["FRANCE"].colour.lower(), standard.powers["GERMANY"].colour.lower()
    everyone, only = tmp_path / "all.svg", tmp_path / "germany.svg"
    assert main(["map", "demo", "F1901M", "--root", str(games), "--out", str(everyone)]) == 0
    assert main(["map", "demo", "f1901m", "--power", "germany", "--root", str(games), "--out", str(only)]) == 0
    assert {france, germany} <= _order_colours(everyone)
    assert _order_colours(only) == {germany}
    assert "Fall 1901 Movement (Germany orders)" in only.read_text(encoding="utf-8")


def test_png_at_web_size_by_default_and_at_print_size_with_print(games, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["map", "demo", "--root", str(games)]) == 0  # the last phase played, named for it
    assert main(["map", "demo", "S1901M", "--print", "--root", str(games), "--out", "print.png"]) == 0
    for name, width in (("demo-F1901M.png", WEB_WIDTH), ("print.png", PRINT_WIDTH)):
        png = (tmp_path / name).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">I", png[16:20])[0] == width, name


@pytest.mark.parametrize("args, message", [
    (["X1901M"], "phase 'X1901M' has not been played; expected one of S1901M, F1901M"),
    (["--power", "narnia"], "--power 'narnia': no such power in Standard Diplomacy (1901); expected one of AUSTRIA"),
    # a typo names the power it was meant to be
    (["--power", "Frnace"], "expected one of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY (did you mean FRANCE?)"),
    (["--out", "map.gif"], "--out map.gif: expected a file name ending in .png or .svg"),
    (["--print", "--out", "map.svg"], "--print sets the size of a PNG"),
])
def test_a_mistake_is_one_line_and_nothing_is_written(games, tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    assert main(["map", "demo", *args, "--root", str(games)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gm-tools: ") and message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["map", "export"])
def test_an_out_path_that_cannot_be_a_file_is_named_and_a_missing_folder_is_made(games, tmp_path, capsys, command):
    """``--out`` naming a folder, or a path through a file, is one line saying which (before,
    the OS's "Is a directory" or "Not a directory", and exit status 1 for export); a folder
    on its way that does not exist yet is made, for both commands alike (export failed)."""
    args = [command, "demo", "--root", str(games)] + (["--mila"] if command == "export" else [])
    folder = tmp_path / "maps.svg"
    folder.mkdir()
    a_file = tmp_path / "notes.txt"
    a_file.write_text("kept", encoding="utf-8")
    for out, message in ((folder, f"{folder} is a folder, expected a file name"),
                         (a_file / "map.svg", f"{a_file} is a file, expected a folder")):
        assert main([*args, "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("gm-tools: ") and message in err and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["maps.svg", "notes.txt"]
    assert a_file.read_text(encoding="utf-8") == "kept"
    out = tmp_path / "new" / "folder" / "map.svg"
    assert main([*args, "--out", str(out)]) == 0
    assert out.read_bytes().lstrip().startswith(b"<" if command == "map" else b"{")


@pytest.mark.parametrize("command", ["map", "export"])
def test_an_out_folder_one_may_not_write_to_names_the_file_asked_for(games, capsys, command):
    """A folder the user may not write to (/sys refuses even root) names the file --out asked
    for and what to check; before, the message named the temporary file written beside it
    ('/sys/.map.png.k3j9x2ab.tmp: Permission denied'), a name the GM never typed."""
    import os

    if not os.path.ismount("/sys"):
        pytest.skip("needs Linux's /sys, where no one may create a file")
    out = "/sys/map.png" if command == "map" else "/sys/game.json"
    args = [command, "demo", "--root", str(games), "--out", out] + (["--mila"] if command == "export" else [])
    assert main(args) == 2  # the user's to put right, as any refusal (docs/workbook.md, "Exit statuses")
    err = capsys.readouterr().err
    assert err.startswith(f"gm-tools: {out}: ") and ".tmp" not in err, err
    assert "expected a file or folder you may write to" in err
    assert not os.path.exists(out)


def test_a_power_by_its_first_letters_as_the_commands_example_has_it(games, tmp_path, capsys):
    """``map --help``'s example is ``--power FRA``, and ``end`` and ``new-game`` read a power by
    its first three letters or more; map refused it ('no such power')."""
    out = tmp_path / "fra.svg"
    assert main(["map", "demo", "F1901M", "--power", "FRA", "--root", str(games), "--out", str(out)]) == 0
    assert "FRANCE orders only" in capsys.readouterr().out
    assert "(France orders)" in out.read_text(encoding="utf-8")
    assert main(["map", "demo", "--power", "GER", "--root", str(games), "--out", str(tmp_path / "g.svg")]) == 0
    # letters that begin no power are refused as before
    assert main(["map", "demo", "--power", "XYZ", "--root", str(games), "--out", str(tmp_path / "x.svg")]) == 2
    assert not (tmp_path / "x.svg").exists()
