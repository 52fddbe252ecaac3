"""Test-run settings: the hypothesis profiles of the fuzz tests, and their counts.

`make test` uses the fast profile; `make soak` (GM_TOOLS_SOAK=1) the long one, which tries
at least 100,000 order inputs (docs: README, "Soak tests")."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

import fuzzcount

SOAK = os.environ.get("GM_TOOLS_SOAK") == "1"

settings.register_profile(
    "fast", max_examples=150, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SOAK_EXAMPLES = int(os.environ.get("GM_TOOLS_SOAK_EXAMPLES", "17000"))
"""Examples per generated-order test in the soak profile: six tests, over 100,000 inputs."""
settings.register_profile(
    "soak", max_examples=SOAK_EXAMPLES, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile("soak" if SOAK else "fast")


def pytest_terminal_summary(terminalreporter):
    if not fuzzcount.TRIED:
        return
    terminalreporter.section("generated inputs")
    # "jsonl standard, adjudicated" is a part of "jsonl standard": not counted twice.
    total_tried = sum(n for g, n in fuzzcount.TRIED.items() if ", " not in g)
    total_failed = sum(n for g, n in fuzzcount.FAILED.items() if ", " not in g)
    for group in sorted(fuzzcount.TRIED):
        terminalreporter.write_line(f"{group}: {fuzzcount.TRIED[group]} tried, {fuzzcount.FAILED[group]} failed")
    terminalreporter.write_line(f"all: {total_tried} tried, {total_failed} failed")
