"""The Peace of Westphalia played to its end with 9 and 12 players, as a GM runs it: what that
play found, each on the demo's game or a game played through the real workbook (a shared
religious victory's standings and status: ``test_westphalia_shared_victory_page.py``). Rulebook:
``003_b5b9eb4920d39694.txt`` (The Peace of Westphalia)."""

from __future__ import annotations

from gm_tools.publish.judgetext import judge_text

from demos import played


def test_the_judge_text_says_the_emperors_death_before_the_election_it_calls(tmp_path):
    """003_b5b9eb4920d39694.txt, 'Imperial Election': 'He dies automatically if he has been Emperor
    for two rounds ... Hold an Imperial Election any round in which the Emperor dies.' Played to
    1635 with 9 and 12 players, the judge text mailed after each Imperial Election listed the new
    Emperor's election first and the death that called it after ('Light Green: elected Emperor
    ...' then 'Empire: the Emperor dies: Light Green has been Emperor for 2 rounds', read as the
    newly elected Emperor dying; the demo's 1535 re-elects the Yellow Elephant so), while the step's page lists the Holy Roman Empire's events
    first. The record keeps its order; the judge text says the death first, as the page does."""
    state = played(tmp_path, "westphalia")
    record = next(r for r in state.history if r["phase"] == "R1535X")
    text = judge_text(state.variant, record)
    death = text.index("Empire: the Emperor dies: Yellow Elephant has been Emperor for 2 rounds.")
    election = text.index("Yellow Elephant: elected Emperor by a plurality")
    assert death < election

