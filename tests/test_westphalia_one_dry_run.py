"""The Peace of Westphalia's Player Turns: a GM's slips in a later part of the step that no war's
outcome decides are named in the same `turn --dry-run` as a slip in an earlier Battle Phase, so
he corrects them all in one pass (docs/westphalia.md, "The steps": Battle Phases fought one by
one, each followed by its Peace Treaties).

Rulebook ``003_b5b9eb4920d39694.txt``, 'Battles': "Complete all battles in the First Battle
Phase, then sign Peace Treaties ... If a Player or Principality is eliminated before a battle,
that battle does not occur" (a later war's blank Winner may be a battle that does not occur: it
waits for the earlier wars); 'Peace Treaties': "If you win: Conquer 1 province with a town, or up
to 2 provinces without one" (a treaty's province is a province of the board, whoever won). Played
on the demo's round 5, where Blue, beside the west edge, beats Orange automatically.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.systems.westphalia.sheets import CHANGES, TREATIES, WARS

from westphalia_mails import ROUND_FIVE_CELLS
from demos import copy_with_cells, played_until_fixture

GAME = "westphalia-demo"
BLUE_TAKES = {f"{WARS}!A2": "BLUE", f"{WARS}!B2": "ORANGE", f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS",
              f"{TREATIES}!A3": "BLUE", f"{TREATIES}!B3": "DES"}
PAID = {f"{CHANGES}!A2": "BLUE", f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1, f"{CHANGES}!D2": "DES"}

round_five = played_until_fixture("westphalia", "R1610T")


def _dry_run(round_five: Path, tmp_path: Path, cells: dict, capsys) -> str:
    from gm_tools.app.cli import main

    root = copy_with_cells(round_five, tmp_path / "games", GAME, {**ROUND_FIVE_CELLS, **BLUE_TAKES, **PAID, **cells})
    assert main(["turn", GAME, "--root", str(root), "--dry-run"]) == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    return out.err + out.out


def test_a_war_winner_and_a_misspelt_treaty_province_are_named_in_one_dry_run(round_five, tmp_path, capsys):
    """A Winner typed against Blue's automatic win (First Battle Phase) and a treaty's province
    no province of the board ('DESS'): the second is wrong whoever won the war, so both are named
    at once. Only the first was, the treaty waiting for the war to stand."""
    text = _dry_run(round_five, tmp_path, {f"{WARS}!C2": "ORANGE", f"{TREATIES}!B3": "DESS"}, capsys)
    assert f"{WARS}!C2: found 'ORANGE', expected BLUE: its Army Size + Reserves is twice the other's" in text
    assert f"{TREATIES}!B3: found 'DESS', expected a province of the board, of a war's loser (nearest: " in text
    # whether Blue's treaty may take FRS (row 2) and what it costs hang on Blue winning: not judged yet
    assert f"{TREATIES}!B2" not in text and f"{CHANGES}!" not in text


def test_a_treaty_winner_left_blank_is_named_beside_a_war_slip(round_five, tmp_path, capsys):
    """A Peace Treaties row whose Winner is blank is to be filled in whoever won the war."""
    text = _dry_run(round_five, tmp_path, {f"{WARS}!C2": "ORANGE", f"{TREATIES}!A3": None}, capsys)
    assert f"{WARS}!C2: found 'ORANGE'" in text
    assert f"{TREATIES}!A3: found an empty cell, expected the war's winner taking the province" in text


def test_a_blank_change_is_named_beside_a_war_slip(round_five, tmp_path, capsys):
    """An Influence Changes row's Change left blank is a slip whatever the treaties cost."""
    text = _dry_run(round_five, tmp_path, {f"{WARS}!C2": "ORANGE", f"{CHANGES}!C2": None}, capsys)
    assert f"{WARS}!C2: found 'ORANGE'" in text
    assert f"{CHANGES}!C2: found an empty cell, expected a whole number of Diplomatic Influence, not 0" in text



def test_a_later_battle_phases_winner_that_is_neither_side_is_named_beside_a_war_slip(round_five, tmp_path, capsys):
    """Blue's second war, on Green, is in the Second Battle Phase ('If either the Player or the
    Principality is already in the First Battle Phase, place them in the Second Battle Phase'): a Winner 'Bleu' there is none of its
    sides nor white peace whatever the first war gives (the battle may not occur, but then no
    winner is typed either), so it is named with the first war's slip."""
    text = _dry_run(round_five, tmp_path, {f"{WARS}!C2": "ORANGE", f"{WARS}!A3": "BLUE", f"{WARS}!B3": "GREEN",
                                           f"{WARS}!C3": "Bleu"}, capsys)
    assert f"{WARS}!C2: found 'ORANGE'" in text
    assert f"{WARS}!C3: found 'Bleu', expected BLUE, GREEN or white peace" in text
