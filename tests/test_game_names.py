"""A game's name mistyped on the command line (``gm-tools turn cc`` for the game ``c``,
``westphalia-dmeo``): the error names the games of the root nearest it, so the GM does not take
it for a game to create; a name near none names none."""

from __future__ import annotations

from gm_tools.app.cli import main
from gm_tools.app.turn import new_game


def test_a_mistyped_game_name_names_the_nearest_games(tmp_path, capsys):
    new_game("westphalia", "westphalia-demo", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    new_game("centenary", "c", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    assert main(["status", "westphalia-dmeo", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"gm-tools: no game 'westphalia-dmeo' in {tmp_path}: {tmp_path}/westphalia-dmeo/game.json does not "
                   "exist (did you mean westphalia-demo? else create it with: gm-tools new-game VARIANT "
                   "westphalia-dmeo)\n")
    assert main(["turn", "cc", "--root", str(tmp_path)]) == 2
    assert "(did you mean c? else create it with: gm-tools new-game VARIANT cc)" in capsys.readouterr().err
    assert main(["status", "zzz", "--root", str(tmp_path)]) == 2
    assert "does not exist (create it with: gm-tools new-game VARIANT zzz)" in capsys.readouterr().err
    assert not (tmp_path / "westphalia-dmeo").exists() and not (tmp_path / "cc").exists()
