"""What ``gm-tools new-game`` tells a GM who has never used gm_tools: the first phase and the
commands that come next, written out for the game and root just made (README 'Running a
game'). It said only the two files it made; a Europe 1615 game opens on the Initial Status
Check, which takes no one's entries, and the GM was left to find that out."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("variant, first", [("standard", "S1901M (Spring 1901 Movement)"),
                                            ("europe1615", "I1615C (Initial 1615 Status Check)"),
                                            ("europe1615v2", "P1615I (Political 1615 Influence)")])
def test_new_game_names_the_first_phase_and_the_next_commands(tmp_path, variant, first):
    root = tmp_path / "my games"
    root.mkdir()
    done = subprocess.run([sys.executable, "-m", "gm_tools", "new-game", variant, "g", "--root", str(root)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"created {root / 'g.xlsx'} and {root / 'g' / 'game.json'}"
    assert lines[1] == f"  first phase: {first}; next, the players' names typed on the Game sheet, then:"
    # the root has a space: each command is written so that it can be pasted into a shell
    game = f"g --root '{root}'"
    assert [line.split("#")[0].rstrip() for line in lines[2:]] == [
        f"  gm-tools status {game}", f"  gm-tools orders {game} MAIL...", f"  gm-tools turn {game}"]
    # and the status it names runs as written
    status = subprocess.run([sys.executable, "-m", "gm_tools", "status", "g", "--root", str(root)],
                            capture_output=True, text=True)
    assert status.returncode == 0 and status.stdout.startswith(f"g: {first}")
