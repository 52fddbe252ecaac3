"""The benchmark's own parts (bench/): the random games are deterministic and legal enough
to be adjudicated, and the disagreement classifier tells a known MILA habit from anything
new. The full ``make bench`` (with the MILA peer) is not run here: it takes 35 to 50 s
(each side is timed three times)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import randomplay  # noqa: E402  (bench/ is a folder of scripts, not a package)
import run  # noqa: E402

from gm_tools.app.jsonapi import handle_request  # noqa: E402
from gm_tools.edges.variants import load_variant  # noqa: E402

V = load_variant("standard")


def test_random_games_are_the_same_for_the_same_seed():
    first = randomplay.play_games(V, 7, games=2, years=2)
    assert first == randomplay.play_games(V, 7, games=2, years=2)
    assert first != randomplay.play_games(V, 8, games=2, years=2)
    assert [r["phase"] for r in first] == ["S1901M", "F1901M", "S1902M", "F1902M"] * 2


def test_random_games_give_every_kind_of_order():
    requests = randomplay.play_games(V, 1618, games=10, years=5)
    texts = [o for r in requests for orders in r["orders"].values() for o in orders]
    assert any(" S " in t for t in texts)
    assert any(" C A " in t for t in texts)
    results = [res for r in requests for res in handle_request(V, r)["results"]]
    assert {res["result"] for res in results} == {"succeeds", "fails", "invalid"}


def test_classify_knows_retreats_into_occupied_provinces():
    # Ours: F LON dislodged, disbanded (nowhere to go); MILA lists NTH, held by a unit.
    response = {"contested": [], "results": []}
    mine = {"units": {"FRANCE": ["A LON"], "GERMANY": ["F NTH"]}, "dislodged": {}}
    theirs = {"units": mine["units"], "dislodged": {"ENGLAND": {"F LON": ["NTH"]}}}
    assert run.classify(response, mine, theirs) == run.MILA_RETREATS


def test_classify_leaves_anything_else_unexplained():
    response = {"contested": [], "results": []}
    mine = {"units": {"FRANCE": ["A LON"]}, "dislodged": {"ENGLAND": {"F LON": ["WAL"]}}}
    # MILA offers an empty, uncontested province we do not: a real difference.
    theirs = {"units": mine["units"], "dislodged": {"ENGLAND": {"F LON": ["WAL", "YOR"]}}}
    assert run.classify(response, mine, theirs) == run.UNEXPLAINED
    moved = {"units": {"FRANCE": ["A WAL"]}, "dislodged": {}}
    assert run.classify(response, mine, moved) == run.UNEXPLAINED


def test_every_bench_script_imports():
    """``make bench`` runs these scripts one after another and stops at the first that
    fails: a name moved in the package (``rollback`` to ``gm_tools.app.rollback``) broke
    ``turn_bench.py`` with an ImportError that no test saw. Each is imported here (their work
    runs only under ``__main__``); MILA's driver only where its package is installed."""
    import importlib

    for script in sorted(BENCH.glob("*.py")):
        if script.stem == "peer_mila":
            continue  # needs the diplomacy package, in .bench-venv only
        importlib.import_module(script.stem)
