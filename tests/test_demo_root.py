"""``gm-tools turn --root DIR`` without a game name: the demo runner (``make turn``) plays the
shipped demos from scratch, so it clears the folder it plays into. QA finding: --root was
ignored (the demos went to build/demo); passed through as it was, it would have deleted the
GM's own folder. The demos play into DIR only when DIR is new, empty, or made by an earlier
demo run (it holds the marker file); any other folder is refused and left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.app.demo import DEMO_DIR, DEMO_MARK, run_demo

from workflow_helpers import snapshot

SMALL = [DEMO_DIR / "demo-centenary.toml"]  # one short demo: the whole set is make turn's, too long here


def test_a_folder_of_the_gms_own_is_refused_and_left_as_it_was(tmp_path, capsys):
    games = tmp_path / "games"
    games.mkdir()
    (games / "mygame.xlsx").write_bytes(b"the GM's workbook")
    (games / "notes.txt").write_text("the GM's notes", encoding="utf-8")
    before = snapshot(tmp_path)
    assert main(["turn", "--root", str(games), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert f"--root {games}" in err and "not made by a demo run" in err
    assert "gm-tools turn NAME --root" in err  # what the GM most likely meant
    assert snapshot(tmp_path) == before


def test_the_demos_play_into_a_new_or_empty_folder_and_again_into_their_own(tmp_path):
    new = tmp_path / "new"
    run_demo(site_dir=None, root=new, files=SMALL)
    assert (new / DEMO_MARK).is_file() and (new / "centenary-demo.xlsx").is_file()
    played = snapshot(new)
    # a second run clears the folder its first run made, and plays the same bytes again
    (new / "centenary-demo" / "left over").write_text("stale", encoding="utf-8")
    run_demo(site_dir=None, root=new, files=SMALL)
    assert snapshot(new) == played
    empty = tmp_path / "empty"
    empty.mkdir()
    run_demo(site_dir=None, root=empty, files=SMALL)
    assert snapshot(empty) == played


def test_the_refusal_happens_before_anything_is_played(tmp_path):
    """A folder holding only the GM's games is refused by run_demo itself, not only by the CLI."""
    import pytest

    from gm_tools.errors import UserError

    games = tmp_path / "games"
    (games / "g").mkdir(parents=True)
    (games / "g" / "game.json").write_text("{}", encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(UserError, match="not made by a demo run"):
        run_demo(site_dir=None, root=games, files=SMALL)
    assert snapshot(tmp_path) == before and not Path(games / DEMO_MARK).exists()


@pytest.mark.parametrize("option", ["--dry-run", "--lenient", "--force"])
def test_a_turns_option_without_a_game_is_refused_not_ignored(tmp_path, capsys, option):
    """`gm-tools turn --lenient` (the game's name forgotten) played the demos, the option
    ignored; each of a game's options without a game now asks for the game, nothing played."""
    from gm_tools.app.cli import main

    assert main(["turn", option, "--root", str(tmp_path / "demo"), "--site", ""]) == 2
    assert f"{option} is for a game's turn: name the game (gm-tools turn NAME {option})" in capsys.readouterr().err
    assert not (tmp_path / "demo").exists()
