"""Europe 1615 v2 (Payola): a waiver mailed in a retreat phase, end to end.

Rulebook 001_6f4a9c76b6e5774a.txt, '7 OWNERSHIP/BUILD/ADJUSTMENT PHASE': "The player occupying a
foreign supply center prior to the build phase may waive the change in ownership of the center.
This may be arranged by the player (and communicated to the GM) to avoid depriving a center from an
ally." A unit that retreats into a foreign center occupies it before the build phase as a move does
(docs/europe1615v2.md, "Waivers").

The game: in Spring 1615 France moves A TOU - GAS while Spain leaves Catalonia (A CAT - ARA,
A MAD - CAN); in Summer Spain dislodges France's army from Gascony (A ARA - GAS, A CAN supporting).
In the Summer retreat phase France mails its retreat into Spain's empty Catalonia and waives the
change in ownership; `gm-tools orders` types the mail into the workbook, `gm-tools turn` applies
it, and at the build phase Catalonia is still Spain's with France's army in it.
"""

from __future__ import annotations

import json

import openpyxl

from gm_tools.app.cli import main
from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, replay, run_turn
from gm_tools.edges.game import game_paths


def _to_the_summer_retreats(root) -> None:
    new_game("europe1615v2", "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != "S1615M":
        run_turn("g", root=root, site_dir=None, force=True)  # no placements or lists: nothing changes
    enter_mails("g", [("france", b"France\n0 : A TOU - GAS\n"),
                      ("spain", b"Spain\n0 : A MAD - CAN\n0 : A CAT - ARA\n")], root=root)
    run_turn("g", root=root, site_dir=None, force=True)
    enter_mails("g", [("spain", b"Spain\n0 : A ARA - GAS\n0 : A CAN S A ARA - GAS\n")], root=root)
    run_turn("g", root=root, site_dir=None, force=True)
    position = load_state("g", root).position
    assert position.phase == "U1615R"
    assert set(position.dislodged["GAS"].retreats) == {"CAT", "GUY", "TOU"}


def test_a_retreat_into_a_foreign_center_mailed_with_its_waiver_keeps_the_center_with_its_owner(tmp_path, capsys):
    """001, section 7: "The player occupying a foreign supply center prior to the build phase may
    waive the change in ownership of the center" ("communicated to the GM"): France's mail, typed
    by `gm-tools orders`, puts the retreat on the Orders sheet and the waiver on the Waivers sheet;
    the turn records the waiver, the phase's page announces it, and the Fall's change of ownership
    leaves Catalonia Spain's. The game replays to the same records."""
    _to_the_summer_retreats(tmp_path)
    mail = tmp_path / "france.txt"
    mail.write_text("France\nA GAS R CAT\nWAIVE: CAT\n", encoding="utf-8")
    assert main(["orders", "g", str(mail), "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Waivers!A2: FRANCE WAIVE: CAT" in out and "0 refused" in out, out

    paths = game_paths("g", tmp_path)
    book = openpyxl.load_workbook(paths.workbook)
    assert (book["Waivers"]["A2"].value, book["Waivers"]["B2"].value) == ("FRANCE", "CAT")
    assert "A GAS R CAT" in [c.value for row in book["Orders"].iter_rows() for c in row]

    site = tmp_path / "site"
    run_turn("g", root=tmp_path, site_dir=site)
    record = json.loads(paths.record_file("U1615R").read_text(encoding="utf-8"))
    assert record["extra"]["europe1615v2"]["waivers"] == [["FRANCE", "CAT"]]
    assert [(r["order"], r["result"]) for r in record["results"]] == [("A GAS R CAT", "succeeds")]
    page = (site / "games" / "g" / "U1615R.html").read_text(encoding="utf-8")
    assert "<strong>France</strong> waives the change in ownership of CAT (Catalonia) until the build phase" in page
    text = (site / "games" / "g" / "U1615R.txt").read_text(encoding="utf-8")
    assert "France waives the change in ownership of CAT (Catalonia) until the build phase" in " ".join(text.split())

    run_turn("g", root=tmp_path, site_dir=None, force=True)  # the Fall: every unit holds
    winter = load_state("g", tmp_path).position
    assert winter.phase == "W1615A"
    assert winter.units["CAT"].power == "FRANCE" and winter.centers["CAT"] == "SPAIN"
    assert replay("g", root=tmp_path) == []
