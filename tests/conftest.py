"""Test-run settings: a fixed processing time for turns, the hypothesis profiles of the fuzz
tests, and their counts; the run's folder of demo games played once (``tests/demos.py``).

`make test` uses the fast profile; `make soak` (GM_TOOLS_SOAK=1) the long one, which tries
at least 100,000 order inputs (docs: README, "Soak tests")."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

import fuzzcount

SOAK = os.environ.get("GM_TOOLS_SOAK") == "1"

FIXED_TIME = "946684800"
"""2000-01-01 00:00 UTC: every turn a test processes records this time (``SOURCE_DATE_EPOCH``,
read by ``gm_tools.app.turn.processed_now``), so two runs give the same bytes.
tests/test_dates.py unsets it to check the clock is read."""
os.environ["SOURCE_DATE_EPOCH"] = FIXED_TIME
# the site build's digest memo (gm_tools.publish.sitecontext.DigestMemo) goes to a folder of
# this run's, not the user's cache
os.environ.setdefault("GM_TOOLS_CACHE", tempfile.mkdtemp(prefix="gm-tools-cache-"))

settings.register_profile(
    "fast", max_examples=150, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SOAK_EXAMPLES = int(os.environ.get("GM_TOOLS_SOAK_EXAMPLES", "13000"))
"""Examples per generated-order test in the soak profile: eight tests, over 100,000 inputs."""
BATCH = 1000
"""The soak profile runs a test's examples in batches of this many, each from a new random seed,
so that hypothesis's record of the choices it made in one run stays small."""
settings.register_profile(
    "soak", max_examples=min(BATCH, SOAK_EXAMPLES), deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile("soak" if SOAK else "fast")


@pytest.fixture(scope="session", autouse=True)
def demo_cache(tmp_path_factory):
    """The folder where ``tests/demos.py`` keeps the demos played in this run: in the run's
    temporary folder, which every pytest-xdist worker shares (a worker's own is a folder in it,
    pytest-xdist's documented way to share a session's data), new each run."""
    import demos

    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent
    demos.CACHE = run / "demo-cache"
    demos.CACHE.mkdir(exist_ok=True)


def run_examples(check) -> None:
    """Run a ``@given`` test: once in the fast profile, in batches up to SOAK_EXAMPLES in soak."""
    for _ in range(-(-SOAK_EXAMPLES // BATCH) if SOAK else 1):
        check()


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
