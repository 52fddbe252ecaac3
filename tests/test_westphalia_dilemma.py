"""The Peace of Westphalia's Diplomacy Game: the Dilemma cards' table (reconstructed, the GM's to
replace, checked when the variant is loaded), who plays whom, and the Influence the cards give.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Engage in Diplomacy', 'Play the Diplomacy Game': 'in
Initiative Order, all Players Engaging in Diplomacy play the Diplomacy Game with the Player after
you in Initiative Order (or the first Player if you are last). Take your Dilemma cards. Counting
down from 3, 2, 1, until "Go," show either a Cooperate or Compete card and take the Influence
listed on the card.' The judgement calls (one player alone, two players) are in
``variants/westphalia/NOTES.md``, 'The Diplomacy Game'; the workbook's side is in
``tests/test_westphalia_inputs.py``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.errors import VariantDataError
from gm_tools.systems.westphalia import diplomacygame as D
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia import turns as T

from test_westphalia_turns import ORDER, board

ROOT = Path(__file__).resolve().parent.parent
VARIANT = variant_for_game(load_variant("westphalia"), 5)
HERESY_DIPLOMACY, HERESY_WAR = [T.HERESY, T.DIPLOMACY], [T.HERESY, T.WAR]


def _folder(tmp_path: Path, old: str | None, new: str = "") -> Path:
    """A copy of the shipped variant with ``old`` (a regex over tables.toml) replaced."""
    folder = tmp_path / "westphalia"
    shutil.copytree(ROOT / "variants" / "westphalia", folder)
    if old is not None:
        text = (folder / "tables.toml").read_text(encoding="utf-8")
        assert re.search(old, text, flags=re.M), old
        (folder / "tables.toml").write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return folder


def _turns(engaging: set[str], influence: dict[str, int] | None = None) -> list[dict]:
    return [{"player": p, "actions": HERESY_DIPLOMACY if p in engaging else HERESY_WAR, "convert": False,
             "influence": (influence or {}).get(p)} for p in ORDER]


def _game(player: str, card: str, partner: str, theirs: str) -> dict:
    return {"player": player, "card": card, "with": partner, "their": theirs}


def test_the_shipped_table_is_a_reconstructed_prisoners_dilemma():
    """'show either a Cooperate or Compete card and take the Influence listed on the card': the
    values were lost, so the table is data marked reconstructed (NOTES.md, 'The Dilemma cards'):
    Competing against Cooperating pays most, then both Cooperating, then both Competing, then
    Cooperating against Competing; both Cooperating beats taking turns at exploiting the other;
    never a negative (a card gives Influence, it takes none)."""
    assert VARIANT.tables["dilemma"]["reconstructed"] is True
    pay = D.payoffs_of(VARIANT)
    tempt, reward = pay[(D.COMPETE, D.COOPERATE)], pay[(D.COOPERATE, D.COOPERATE)]
    punish, sucker = pay[(D.COMPETE, D.COMPETE)], pay[(D.COOPERATE, D.COMPETE)]
    assert tempt > reward > punish > sucker >= 0 and 2 * reward > tempt + sucker


@pytest.mark.parametrize("old, new, message", [
    (r"^compete = \{ cooperate = 3", "compete = { cooperate = -1",
     "tables.toml [dilemma] compete.cooperate: expected a whole number of Influence, 0 or more"),
    (r"^cooperate = \{ cooperate = 2", 'cooperate = { cooperate = "two"',
     "tables.toml [dilemma] cooperate.cooperate: expected a whole number of Influence, 0 or more ('take the "
     "Influence listed on the card': a card gives, never takes), found 'two'"),
    (r"^cooperate = \{ cooperate = 2", "cooperate = { cooperate = 1.5",
     "tables.toml [dilemma] cooperate.cooperate: expected a whole number of Influence, 0 or more"),
    (r"^compete = \{ cooperate = 3, compete = 1 \}\n", "defect = { cooperate = 3, compete = 1 }\n",
     "tables.toml [dilemma]: unknown card 'defect'"),
    (r"^compete = \{ cooperate = 3, compete = 1 \}\n", "",
     "tables.toml [dilemma]: no 'compete' row, expected cooperate = { cooperate = N, compete = N }"),
    (r"^compete = \{ cooperate = 3, compete = 1 \}", "compete = { cooperate = 3 }",
     "tables.toml [dilemma] compete: no 'compete', expected the Influence compete takes against compete"),
    (r"^compete = \{ cooperate = 3, compete = 1 \}", "compete = { cooperate = 3, compete = 1, bluff = 2 }",
     "tables.toml [dilemma] compete: unknown card 'bluff', expected cooperate and compete"),
    (r"^compete = \{ cooperate = 3, compete = 1 \}", "compete = 3",
     "tables.toml [dilemma] compete: expected { cooperate = N, compete = N }, found 3"),
])
def test_a_gm_edited_dilemma_table_with_a_mistake_is_named_at_load(tmp_path, old, new, message):
    """The reconstructed table is the GM's to replace with the published cards: a mistake is
    reported when the variant is loaded, naming the table and entry, never at a Player Turns."""
    with pytest.raises(VariantDataError) as caught:
        load_variant(str(_folder(tmp_path, old, new)))
    assert message in str(caught.value)


def test_the_games_go_round_those_engaging_in_diplomacy():
    """'in Initiative Order, all Players Engaging in Diplomacy play the Diplomacy Game with the
    Player after you in Initiative Order (or the first Player if you are last)'."""
    assert D.pairings(["RED", "BLUE", "YELLOW", "GREEN"]) == [("RED", "BLUE"), ("BLUE", "YELLOW"),
                                                             ("YELLOW", "GREEN"), ("GREEN", "RED")]
    assert D.pairings(["RED", "BLUE", "YELLOW"]) == [("RED", "BLUE"), ("BLUE", "YELLOW"), ("YELLOW", "RED")]
    # only those Engaging in Diplomacy: BLUE (Waging War and Combatting Heresy) is passed over
    step = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED", "YELLOW", "GREEN", "ORANGE"}),
                                                       "diplomacy_games": [_game("RED", D.COOPERATE, "BLUE",
                                                                                 D.COOPERATE)]}, 1510)
    assert [(f, found) for _, f, found, _ in step.problems] == [("game with", "BLUE")]
    assert "YELLOW: the player after RED" in step.problems[0][3]


def test_two_players_engaging_play_twice_and_one_alone_plays_none():
    """'with the Player after you in Initiative Order (or the first Player if you are last)': of
    two, the first plays the second, and the second, last, plays the first, so two games; one
    player alone has only himself after him, so no game and no Influence (NOTES.md)."""
    assert D.pairings(["RED", "GREEN"]) == [("RED", "GREEN"), ("GREEN", "RED")]
    assert D.pairings(["RED"]) == [] and D.pairings([]) == []
    pay = D.payoffs_of(VARIANT)
    best = max(pay.values())
    assert D.most(pay, D.pairings(["RED", "GREEN"]), "RED") == 2 * best
    assert D.most(pay, D.pairings(["RED"]), "RED") == 0
    two = [_game("RED", D.COMPETE, "GREEN", D.COOPERATE), _game("GREEN", D.COMPETE, "RED", D.COMPETE)]
    step = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED", "GREEN"}), "diplomacy_games": two},
                       1510)
    assert step.problems == []
    assert step.state.saved_di["RED"] == pay[(D.COMPETE, D.COOPERATE)] + pay[(D.COMPETE, D.COMPETE)]
    assert step.state.saved_di["GREEN"] == pay[(D.COOPERATE, D.COMPETE)] + pay[(D.COMPETE, D.COMPETE)]
    # one alone: a row for a game is refused, and so is a count above nothing
    alone = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED"}), "diplomacy_games": [
        _game("RED", D.COOPERATE, "RED", D.COOPERATE)]}, 1510)
    assert [(f, found) for _, f, found, _ in alone.problems] == [("game player", "RED")]
    assert "RED is the only player Engaging in Diplomacy" in alone.problems[0][3]
    alone = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED"}, {"RED": 1}), "diplomacy_games": []},
                        1510)
    assert [(i, f, found) for i, f, found, _ in alone.problems] == [(0, "influence", "1")]
    assert alone.problems[0][3].startswith("0: RED is the only player Engaging in Diplomacy")
    assert steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED"}), "diplomacy_games": []},
                       1510).problems == []


def test_each_takes_the_influence_on_the_cards(tmp_path):
    """'show either a Cooperate or Compete card and take the Influence listed on the card': each
    player takes, from each of its games, what the table gives its card against the other's;
    the table is data, so the GM's published values replace the reconstruction."""
    engaging = {"RED", "YELLOW", "GREEN", "ORANGE"}  # RED, YELLOW, GREEN, ORANGE in Initiative Order
    games = [_game("RED", D.COMPETE, "YELLOW", D.COOPERATE), _game("YELLOW", D.COOPERATE, "GREEN", D.COOPERATE),
             _game("GREEN", D.COMPETE, "ORANGE", D.COMPETE), _game("ORANGE", D.COOPERATE, "RED", D.COMPETE)]
    pay = D.payoffs_of(VARIANT)
    step = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging), "diplomacy_games": games}, 1510)
    assert step.problems == []
    assert step.state.saved_di == {"RED": pay[(D.COMPETE, D.COOPERATE)] + pay[(D.COMPETE, D.COOPERATE)],
                                   "YELLOW": pay[(D.COOPERATE, D.COMPETE)] + pay[(D.COOPERATE, D.COOPERATE)],
                                   "GREEN": pay[(D.COOPERATE, D.COOPERATE)] + pay[(D.COMPETE, D.COMPETE)],
                                   "ORANGE": pay[(D.COMPETE, D.COMPETE)] + pay[(D.COOPERATE, D.COMPETE)]}
    assert ("RED", "Diplomacy Game with YELLOW: Compete against Cooperate; takes "
                   f"{pay[(D.COMPETE, D.COOPERATE)]} Influence, YELLOW {pay[(D.COOPERATE, D.COMPETE)]}") in step.done
    # the GM's values: both Cooperating now gives 5 each
    edited = variant_for_game(load_variant(str(_folder(tmp_path, r"^cooperate = \{ cooperate = 2",
                                                        "cooperate = { cooperate = 5"))), 5)
    step = steps.apply(edited, board(), steps.TURNS, {"turns": _turns(engaging), "diplomacy_games": games}, 1510)
    assert step.problems == [] and step.state.saved_di["YELLOW"] == 0 + 5 and step.state.saved_di["GREEN"] == 5 + 1


def test_the_gms_count_is_bounded_by_the_cards_and_checked_against_them():
    """Without the cards, the Influence gained the GM types is at most what the player's two games
    could give ('take the Influence listed on the card'); beside the cards, it must be what they
    give (or left blank)."""
    engaging = {"RED", "YELLOW", "GREEN", "ORANGE"}
    most = 2 * max(D.payoffs_of(VARIANT).values())
    ok = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging, {"RED": most}), "diplomacy_games": []},
                     1510)
    assert ok.problems == [] and ok.state.saved_di["RED"] == most
    over = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging, {"RED": most + 1}),
                                                       "diplomacy_games": []}, 1510)
    assert [(i, f, found) for i, f, found, _ in over.problems] == [(0, "influence", str(most + 1))]
    assert over.problems[0][3].startswith(f"at most {most}, the most RED could take in its 2 Diplomacy Games "
                                          "(RED with YELLOW, ORANGE with RED)")
    games = [_game("RED", D.COMPETE, "YELLOW", D.COOPERATE), _game("YELLOW", D.COOPERATE, "GREEN", D.COOPERATE),
             _game("GREEN", D.COMPETE, "ORANGE", D.COMPETE), _game("ORANGE", D.COOPERATE, "RED", D.COMPETE)]
    given = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging), "diplomacy_games": games},
                        1510).state.saved_di["RED"]
    agreeing = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging, {"RED": given}),
                                                           "diplomacy_games": games}, 1510)
    assert agreeing.problems == []
    wrong = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns(engaging, {"RED": given - 1}),
                                                        "diplomacy_games": games}, 1510)
    assert [(i, f) for i, f, _, _ in wrong.problems] == [(0, "influence")]
    assert wrong.problems[0][3] == f"{given}, what RED's cards on the Diplomacy Game sheet give, or a blank"


def test_a_record_kept_before_the_table_replays_its_count():
    """A Player Turns recorded before the Dilemma cards' table (its inputs without
    ``diplomacy_games``) was accepted with any count of 0 or more: replayed, it keeps it."""
    step = steps.apply(VARIANT, board(), steps.TURNS, {"turns": _turns({"RED", "YELLOW"}, {"RED": 50})}, 1510)
    assert step.problems == [] and step.state.saved_di["RED"] == 50


def test_a_variant_without_the_table_still_loads_and_counts(tmp_path):
    """A variant folder the GM copied before the table (for the card engine) still loads: no
    Diplomacy Game sheet is laid out and the count stands as before, 0 or more."""
    from gm_tools.engine.hooks import hooks_for
    from gm_tools.engine.model import Position
    from gm_tools.systems.westphalia.state import with_state

    folder = _folder(tmp_path, r"^\[dilemma\]\n(#.*\n)*reconstructed = true\n(.*= \{.*\}\n)+", "")
    bare = variant_for_game(load_variant(str(folder)), 5)
    assert "dilemma" not in bare.tables and D.payoffs_of(bare) is None
    position = with_state(Position(phase="R1510T"), board())
    titles = [t.title for t in hooks_for(bare).input_sheets(bare, position)]
    assert "Player Turns" in titles and D.SHEET not in titles
    assert D.SHEET in [t.title for t in hooks_for(VARIANT).input_sheets(VARIANT, position)]
    step = steps.apply(bare, board(), steps.TURNS, {"turns": _turns({"RED", "YELLOW"}, {"RED": 50})}, 1510)
    assert step.problems == [] and step.state.saved_di["RED"] == 50
