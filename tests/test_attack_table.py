"""The dice-decided diplomatic attack (gm_tools/mechanics/attack_table.py).

Rulebook: 001_6f4a9c76b6e5774a.txt (Europe 1615 v2), '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE':
'Diplomatic attacks are determined by a random throw of 3 six-sided dice'; 'Note: In the case
where the ratio of INFs of the attacker to the defender is equal to or greater than 5-to-1, then
no roll is performed, and defending INFs are removed.'
"""

import random

import pytest

from gm_tools.mechanics.attack_table import attack_table, losses

TABLE = {
    "auto_ratio": 5,
    "columns": ["1:2", "1:1", "2:1"],
    "rows": [
        {"rolls": [3, 8], "results": ["A2", "A1", "-"]},
        {"rolls": [9, 12], "results": ["EX1", "D1", "D2"]},
        {"rolls": [13, 18], "results": ["D1", "D3", "DE"]},
    ],
}


def test_five_to_one_removes_the_defender_without_a_roll():
    """'equal to or greater than 5-to-1, then no roll is performed, and defending INFs are removed'."""
    table = attack_table(TABLE, [])

    class NoDice(random.Random):
        def randint(self, a, b):
            raise AssertionError("no roll at 5:1")

    out = table.resolve(10, 2, NoDice())
    assert (out.attacker_loss, out.defender_loss, out.roll, out.result) == (0, 2, None, "removed")
    below = table.resolve(9, 2, random.Random(1))
    assert below.roll is not None and 3 <= below.roll <= 18


def test_three_dice_pick_the_row_and_the_odds_pick_the_column():
    """'a random throw of 3 six-sided dice': the roll is the sum of three dice from the rng."""
    table = attack_table(TABLE, [])
    rng = random.Random(7)
    expected_roll = sum(random.Random(7).randint(1, 6) for _ in range(3))
    out = table.resolve(4, 2, rng)  # 2:1 column
    assert out.roll == expected_roll and out.column == "2:1"
    row = next(r for r in TABLE["rows"] if r["rolls"][0] <= expected_roll <= r["rolls"][1])
    assert out.result == row["results"][2]


def test_odds_round_down_to_the_column_reached_and_below_the_first_use_the_first():
    table = attack_table(TABLE, [])
    assert table.column_of(3, 2) == 1      # 1.5:1 reaches 1:1, not 2:1
    assert table.column_of(1, 5) == 0      # 1:5 is below 1:2: the first column
    assert table.column_of(6, 3) == 2


def test_result_words():
    assert losses("A2", 5) == (2, 0)
    assert losses("D3", 5) == (0, 3)
    assert losses("EX1", 5) == (1, 1)
    assert losses("DE", 7) == (0, 7)
    assert losses("-", 7) == (0, 0)


def test_losses_never_exceed_the_infs_present():
    table = attack_table({**TABLE, "rows": [{"rolls": [3, 18], "results": ["A9", "A9", "A9"]}]}, [])
    out = table.resolve(2, 3, random.Random(0))
    assert out.attacker_loss == 2


@pytest.mark.parametrize("change, words", [
    ({"columns": ["2:1", "1:1"]}, "rising"),
    ({"rows": [{"rolls": [3, 10], "results": ["A1", "-", "D1"]}]}, "every total"),
    ({"rows": [{"rolls": [3, 18], "results": ["A1", "X", "D1"]}]}, "expected A<n>"),
    ({"auto_ratio": 0}, "auto_ratio"),
])
def test_a_bad_table_is_reported_with_its_entry(change, words):
    problems: list[str] = []
    assert attack_table({**TABLE, **change}, problems) is None
    assert any(words in p and "tables.toml [attack_table]" in p for p in problems), problems
