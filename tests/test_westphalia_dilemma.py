"""The Peace of Westphalia's Diplomacy Game: the Dilemma cards' table (reconstructed, the GM's to
replace, checked when the variant is loaded), who plays whom, and the Influence the cards give.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Engage in Diplomacy', 'Play the Diplomacy Game': 'in
Initiative Order, all Players Engaging in Diplomacy play the Diplomacy Game with the Player after
you in Initiative Order (or the first Player if you are last). Take your Dilemma cards. Counting
down from 3, 2, 1, until "Go," show either a Cooperate or Compete card and take the Influence
listed on the card.' The judgement calls (one player alone, two players) are in
``variants/westphalia/NOTES.md``, 'Player Turns'; the workbook's side is in
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

ROOT = Path(__file__).resolve().parent.parent
VARIANT = variant_for_game(load_variant("westphalia"), 5)


def _folder(tmp_path: Path, old: str | None, new: str = "") -> Path:
    """A copy of the shipped variant with ``old`` (a regex over tables.toml) replaced."""
    folder = tmp_path / "westphalia"
    shutil.copytree(ROOT / "variants" / "westphalia", folder)
    if old is not None:
        text = (folder / "tables.toml").read_text(encoding="utf-8")
        assert re.search(old, text, flags=re.M), old
        (folder / "tables.toml").write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return folder


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
