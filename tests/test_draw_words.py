"""A draw said in a sentence names its sharers as a sentence lists them: "drawn between France
and Russia", "England, France and Germany", on the pages, in the feed and in what the commands
print; the record and end.json keep their lists (1619 rulebook, 002_e7e1b063b6c411e5.txt, on
the end of 1648: players may 'call a draw'; README, `gm-tools end mygame --draw FRANCE ENGLAND`)."""

from __future__ import annotations

import json

from gm_tools.app.cli import main
from gm_tools.publish.site import build_site

from workflow_helpers import create, play


def test_a_draw_called_by_the_gm_lists_its_powers_as_a_sentence_does(tmp_path, capsys):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    assert main(["end", "g", "--draw", "france", "England", "GERMANY", "--root", str(tmp_path), "--site", ""]) == 0
    assert "g: drawn between ENGLAND, FRANCE and GERMANY at F1901M" in capsys.readouterr().out
    assert json.loads(paths.end_file.read_text(encoding="utf-8"))["powers"] == ["ENGLAND", "FRANCE", "GERMANY"]
    assert main(["status", "g", "--root", str(tmp_path)]) == 0
    assert "the game is over: drawn between ENGLAND, FRANCE and GERMANY (gm-tools end g" in capsys.readouterr().out
    build_site(tmp_path, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "drawn between England, France and Germany" in index
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    assert "shared by England, France and Germany, called before Fall 1901 Movement" in page
    feed = (tmp_path / "site" / "games" / "g" / "feed.atom").read_text(encoding="utf-8")
    assert "The game is drawn between England, France and Germany, called before Fall 1901 Movement." in feed
