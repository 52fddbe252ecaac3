"""A draw said in a sentence names its sharers as a sentence lists them: "drawn between France
and Russia", "England, France and Germany", on the pages, in the feed and in what the commands
print; the record and end.json keep their lists (1619 rulebook, 002_e7e1b063b6c411e5.txt, on
the end of 1648: players may 'call a draw'; README, `gm-tools end mygame --draw FRANCE ENGLAND`)."""

from __future__ import annotations

import json

from gm_tools.app.cli import main
from gm_tools.app.endgame import end_game
from gm_tools.app.turn import load_state
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


def test_a_draw_of_two_forced_by_the_rules_reads_france_and_russia(tmp_path):
    """A record whose phase ended the game in a draw (``Rules.draw``, Europe 1615's forced
    draws): what status, the turn's report and the index say of it; the record is untouched."""
    from gm_tools.app.turnreport import TurnReport

    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    record_file = paths.record_file("S1901M")
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["next_phase"] = None
    record["draw"] = {"powers": ["FRANCE", "RUSSIA"], "reason": "a rule of the variant"}
    record_file.write_text(json.dumps(record), encoding="utf-8")
    state = load_state("g", tmp_path)
    assert state.over_text() == "drawn between FRANCE and RUSSIA (a rule of the variant)"
    said = TurnReport("g", "S1901M", processed=True, record=state.history[-1], variant=state.variant).text()
    assert said.endswith("drawn between FRANCE and RUSSIA (a rule of the variant): the game is over"), said
    build_site(tmp_path, tmp_path / "site")
    assert "drawn between France and Russia" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert json.loads(record_file.read_text(encoding="utf-8"))["draw"]["powers"] == ["FRANCE", "RUSSIA"]
