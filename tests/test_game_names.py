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


def test_a_new_name_differing_only_in_case_is_refused(tmp_path, capsys):
    """'MyGame' and 'mygame' are one folder on Windows and macOS and one address on many web
    hosts: a second game so named would overwrite the first's workbook, record or pages. Both
    new-game and import refuse it, writing nothing; before, both made a second game."""
    new_game("standard", "MyGame", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["new-game", "standard", "mygame", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"game name 'mygame': found 'MyGame' in {tmp_path}, the same name in other letter case" in err
    saved = tmp_path.parent / "saved.json"
    saved.write_text('{"map": "standard", "phases": [{"name": "S1901M", "state": {}}]}', encoding="utf-8")
    assert main(["import", str(saved), "--name", "MYGAME", "--root", str(tmp_path)]) == 2
    assert "game name 'MYGAME': found 'MyGame'" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert main(["new-game", "standard", "MyGame", "--root", str(tmp_path)]) == 2
    assert f"game 'MyGame' exists already in {tmp_path}" in capsys.readouterr().err


def test_a_name_with_an_accented_letter_is_refused_naming_the_letters_taken(tmp_path, capsys):
    """'Été' is made of letters, yet refused: the message said 'expected letters', which it had;
    it names the letters taken, a to z (the name makes files and web addresses everywhere)."""
    assert main(["new-game", "standard", "Été", "--root", str(tmp_path)]) == 2
    assert "game name 'Été': expected letters a to z, digits, '-' or '_'" in capsys.readouterr().err
    assert not tmp_path.exists() or not list(tmp_path.iterdir())


def test_a_copy_of_a_games_folder_is_refused_by_every_command(tmp_path, capsys):
    """games/rome-old, a copy of games/rome kept beside it, names the game 'rome' in its
    game.json: the site refused it, but status counted it as a game and a turn there would
    record phases of 'rome' in the copy. Every command now names the two, as the site does."""
    import shutil

    new_game("standard", "rome", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    shutil.copytree(tmp_path / "rome", tmp_path / "rome-old")
    shutil.copy(tmp_path / "rome.xlsx", tmp_path / "rome-old.xlsx")
    said = (f"rome-old/game.json: found the game 'rome' in the folder 'rome-old', expected a game named as its "
            f"folder (a copy of the folder of 'rome'? keep backups outside {tmp_path}, or name the game 'rome-old' "
            "in its game.json)")
    mail = tmp_path.parent / "mail.txt"
    mail.write_text("France\nA PAR - BUR\n", encoding="utf-8")
    for argv in (["turn", "rome-old", "--force", "--site", ""], ["status", "rome-old"],
                 ["orders", "rome-old", str(mail)]):
        assert main([*argv, "--root", str(tmp_path)]) == 2
        assert said in capsys.readouterr().err
    assert not (tmp_path / "rome-old" / "history").exists()
    assert main(["status", "--root", str(tmp_path)]) == 1  # a line names a fault, as `site` ends
    assert f"rome-old: {tmp_path}/{said}" in capsys.readouterr().out


def test_every_games_status_says_a_folder_no_game_can_be_named_as_is_a_copy(tmp_path, capsys):
    """'rome copy', a game's folder copied by hand in a file manager: its line said only that the
    name has a space; it now says what the folder likely is, and where backups belong."""
    import shutil

    new_game("standard", "rome", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    shutil.copytree(tmp_path / "rome", tmp_path / "rome copy")
    assert main(["status", "--root", str(tmp_path)]) == 1  # a line names a fault, as `site` ends
    line = next(l for l in capsys.readouterr().out.splitlines() if l.startswith("rome copy:"))
    assert line.startswith("rome copy: game name 'rome copy': expected letters a to z")
    assert line.endswith(f"(a copy of a game's folder? keep backups outside {tmp_path})")
