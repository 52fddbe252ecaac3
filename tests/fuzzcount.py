"""Counts of generated inputs tried and failed by the fuzz tests, printed at the end of the
run (tests/conftest.py) so `make soak` reports how much it tried."""

from __future__ import annotations

from collections import Counter

TRIED: Counter = Counter()
FAILED: Counter = Counter()


def tried(group: str) -> None:
    TRIED[group] += 1


def failed(group: str) -> None:
    FAILED[group] += 1
