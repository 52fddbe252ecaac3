"""The Peace of Westphalia as a GM runs it, second QA pass: what `gm-tools status`, `orders` and
`turn` told the GM that misled him, each through the demo's real workbook and the commands.

Rulebook: ``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia).
"""

from __future__ import annotations

import contextlib
import io

from gm_tools.app.cli import main

from westphalia_mails import played_to

GAME = "westphalia-demo"


def _run(*args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main(list(args))
    return out.getvalue()


def test_a_player_who_mailed_his_provinces_without_a_capital_is_still_waited_for(tmp_path):
    """rulebook 003, 'Pick Provinces': 'The First Player picks 4 provinces ... He then places a
    town on his chosen capital province.' Red mailed his four provinces and put the capital on a
    line of its own, which is refused: his Capital cell stays empty, the turn refuses it, but
    `status` and `orders` said only the other players were awaited, Red being left out."""
    played_to("P1510L", tmp_path)
    mail = tmp_path / "red.txt"
    mail.write_text("Red\nProvinces: EIC EIS HAE HAM\ncapital HAM\n", encoding="utf-8")
    typed = _run("orders", GAME, str(mail), "--root", str(tmp_path))
    assert "still waiting for: RED (a capital to pick); BLUE, YELLOW, GREEN, ORANGE (each: 4 provinces and a " \
           "capital to pick)" in typed, typed
    status = _run("status", GAME, "--root", str(tmp_path))
    assert "waiting for: RED (a capital to pick); " in status, status
