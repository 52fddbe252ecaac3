"""A diplomatic attack decided by dice on an odds table, as Origins of World War 1 does and
Europe 1615 (version 2) adopts ('Diplomatic attacks are determined by a random throw of 3
six-sided dice'; 'In the case where the ratio of INFs of the attacker to the defender is equal
to or greater than 5-to-1, then no roll is performed, and defending INFs are removed').

The table is data (a variant's ``tables.toml [attack_table]``): columns of odds
``attacker:defender`` and rows of roll ranges, each cell a result word. Any influence variant
may name it; the dice come from a ``random.Random`` the caller seeds from the game's seed, so
a phase replays the same rolls.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

_RESULT = re.compile(r"^(?:-|DE|(A|D|EX)([1-9][0-9]?))$")


@dataclass(frozen=True)
class Outcome:
    """What one attack did to the INFs on each side."""

    attacker_loss: int
    """INFs the attacker loses."""
    defender_loss: int
    """INFs the defender loses (all of them for 'DE' and for the automatic removal)."""
    column: str
    """The odds column used (``"2:1"``), or ``"5:1+"`` when no roll was made."""
    roll: int | None
    """The 3d6 total, None when the odds removed the defender without a roll."""
    result: str
    """The table's word (``"D2"``), or ``"removed"`` for the automatic removal."""


@dataclass(frozen=True)
class AttackTable:
    """The Diplomatic Attack Table."""

    columns: tuple[Fraction, ...]
    """Each column's odds attacker:defender as a fraction, lowest first."""
    labels: tuple[str, ...]
    """Each column's heading as written (``"1:2"``)."""
    rows: tuple[tuple[int, int, tuple[str, ...]], ...]
    """(lowest roll, highest roll, one result per column)."""
    auto_ratio: int
    """Odds at or above ``auto_ratio``:1 remove the defender's INFs with no roll."""
    dice: int = 3
    """How many six-sided dice are thrown."""

    def column_of(self, attacker: int, defender: int) -> int:
        """The index of the highest column the odds reach; the first column below it."""
        odds = Fraction(attacker, defender)
        reached = [i for i, c in enumerate(self.columns) if odds >= c]
        return reached[-1] if reached else 0

    def resolve(self, attacker: int, defender: int, rng: random.Random) -> Outcome:
        """The outcome of an attack with ``attacker`` INFs against ``defender`` INFs (both
        more than 0), throwing the dice from ``rng`` unless the odds make it needless."""
        if attacker >= self.auto_ratio * defender:
            return Outcome(0, defender, f"{self.auto_ratio}:1+", None, "removed")
        roll = sum(rng.randint(1, 6) for _ in range(self.dice))
        i = self.column_of(attacker, defender)
        word = next(results[i] for low, high, results in self.rows if low <= roll <= high)
        a_loss, d_loss = losses(word, defender)
        return Outcome(min(a_loss, attacker), min(d_loss, defender), self.labels[i], roll, word)


def losses(word: str, defender: int) -> tuple[int, int]:
    """(attacker's loss, defender's loss) for one result word."""
    if word == "-":
        return 0, 0
    if word == "DE":
        return 0, defender
    m = _RESULT.match(word)
    side, n = m.group(1), int(m.group(2))
    return (n if side in ("A", "EX") else 0), (n if side in ("D", "EX") else 0)


def attack_table(table: dict, problems: list[str], where: str = "tables.toml [attack_table]") -> AttackTable | None:
    """Read and check a variant's attack table; every problem is appended, None if any."""
    before = len(problems)
    labels = table.get("columns")
    columns: list[Fraction] = []
    if not isinstance(labels, list) or not labels:
        problems.append(f"{where}: columns = {labels!r}, expected a list of odds such as [\"1:2\", \"1:1\"]")
        labels = []
    for label in labels:
        m = re.match(r"^\s*(\d+)\s*:\s*(\d+)\s*$", str(label))
        if not m or int(m.group(1)) == 0 or int(m.group(2)) == 0:
            problems.append(f"{where}: column {label!r}, expected odds such as \"2:1\"")
        else:
            columns.append(Fraction(int(m.group(1)), int(m.group(2))))
    if columns != sorted(columns) or len(set(columns)) != len(columns):
        problems.append(f"{where}: columns {labels}, expected odds rising from left to right")
    dice = table.get("dice", 3)
    auto = table.get("auto_ratio")
    if not isinstance(auto, int) or isinstance(auto, bool) or auto < 1:
        problems.append(f"{where}: auto_ratio = {auto!r}, expected a whole number (5 for 5-to-1)")
    rows = []
    covered: list[int] = []
    given = table.get("rows", [])
    if not isinstance(given, list) or not all(isinstance(row, dict) for row in given):
        problems.append(f"{where}: rows = {given!r}, expected a list of {{ rolls = [lowest, highest], results = [...] }}")
        given = []
    for i, row in enumerate(given):
        rolls, results = row.get("rolls"), row.get("results")
        if not (isinstance(rolls, list) and len(rolls) == 2 and all(isinstance(r, int) for r in rolls)
                and rolls[0] <= rolls[1]):
            problems.append(f"{where}: rows[{i}] rolls = {rolls!r}, expected [lowest, highest]")
            continue
        if not isinstance(results, list) or len(results) != len(labels):
            problems.append(f"{where}: rows[{i}] results = {results!r}, expected {len(labels)} results, one per column")
            continue
        bad = [r for r in results if not _RESULT.match(str(r))]
        if bad:
            problems.append(f"{where}: rows[{i}] results {bad}, expected A<n>, D<n>, EX<n>, DE or -")
            continue
        rows.append((rolls[0], rolls[1], tuple(results)))
        covered += range(rolls[0], rolls[1] + 1)
    want = list(range(dice, 6 * dice + 1))
    if sorted(covered) != want:
        problems.append(f"{where}: the rows' rolls cover {sorted(set(covered)) or 'nothing'}, expected every "
                        f"total from {dice} to {6 * dice} once")
    if len(problems) > before:
        return None
    return AttackTable(tuple(columns), tuple(str(x) for x in labels), tuple(rows), auto, dice)
