"""docs/adding-a-variant.md as a test: every file the walk-through shows is written as shown
(into a temporary folder), and the variant is played through the real workbook and site.

Issue 10: "a walk-through that adds a small variant ... touching only its own folders; the
walk-through is a test." The rule comes from the walk-through itself ("Sanctuary"); the rest
is the 2000 rulebook.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gm_tools.systems
from gm_tools.engine.system import unregister_system

from workflow_helpers import play, snapshot

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "adding-a-variant.md"
BLOCK = re.compile(r"```(?:toml|python)\n# file: (\S+)\n(.*?)```", re.S)


def doc_files() -> dict[str, str]:
    return {path: text for path, text in BLOCK.findall(DOC.read_text(encoding="utf-8"))}


def test_the_walk_through_touches_only_its_own_two_folders():
    files = doc_files()
    assert set(files) == {"variants/duel/provinces.toml", "variants/duel/variant.toml",
                          "gm_tools/systems/duel/rules.py", "gm_tools/systems/duel/__init__.py"}
    assert all(p.startswith(("variants/duel/", "gm_tools/systems/duel/")) for p in files)


@pytest.fixture
def duel(tmp_path, monkeypatch):
    """The walk-through's files written into tmp_path, its system folder importable as
    gm_tools.systems.duel (as if it were in the tree)."""
    for path, text in doc_files().items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    monkeypatch.setattr(gm_tools.systems, "__path__", [*gm_tools.systems.__path__, str(tmp_path / "gm_tools/systems")])
    monkeypatch.setenv("GM_TOOLS_VARIANTS", str(tmp_path / "variants"))
    yield tmp_path
    unregister_system("duel")
    import sys

    for name in [m for m in sys.modules if m.startswith("gm_tools.systems.duel")]:
        del sys.modules[name]


def test_the_walk_through_variant_plays_its_rule_through_the_workbook_and_site(duel):
    from gm_tools.app.turn import load_state, new_game, publish

    paths = new_game(str(duel / "variants/duel"), "first-duel", root=duel / "games", seed=1,
                     created="2000-01-01T00:00:00Z")
    # Spring: Red's castle army takes the field; the lone attack on the Shrine bounces.
    play(paths, {"RED": ["A RTW - SHR", "A RCA - MID"], "BLUE": ["A SHR H", "A BCA H"]})
    state = load_state("first-duel", duel / "games")
    assert state.position.units["SHR"].power == "BLUE" and state.position.units["MID"].power == "RED"
    # Fall: Sanctuary. The Blue army in the Shrine is attacked with support (2 against 1)
    # and is not dislodged.
    play(paths, {"RED": ["A RTW - SHR", "A MID S A RTW - SHR"], "BLUE": ["A SHR H", "A BCA H"]})
    record = json.loads((duel / "games/first-duel/history/F1901M.json").read_text(encoding="utf-8"))
    attack = next(r for r in record["results"] if r["order"] == "A RTW - SHR")
    support = next(r for r in record["results"] if r["order"] == "A MID S A RTW - SHR")
    assert attack["result"] != "succeeds" and support["result"] == "succeeds"
    after = load_state("first-duel", duel / "games").position
    assert after.units["SHR"].power == "BLUE" and after.units["RTW"].power == "RED"
    assert not after.dislodged
    publish(duel / "games", duel / "site")
    page = (duel / "site/games/first-duel/F1901M.html").read_text(encoding="utf-8")
    assert "Fall 1901" in page and "RTW" in page and "SHR" in page


def test_without_the_rule_the_same_attack_dislodges(duel):
    # The check above can fail: on the same map with standard rules, the supported attack
    # dislodges the Blue army (2000 rulebook, 'Support').
    from gm_tools.app.turn import load_state, new_game

    toml = duel / "variants/duel/variant.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('rules = "duel"', 'rules = "standard"'), encoding="utf-8")
    paths = new_game(str(duel / "variants/duel"), "plain", root=duel / "games", seed=1,
                     created="2000-01-01T00:00:00Z")
    play(paths, {"RED": ["A RTW - SHR", "A RCA - MID"], "BLUE": ["A SHR H", "A BCA H"]})
    play(paths, {"RED": ["A RTW - SHR", "A MID S A RTW - SHR"], "BLUE": ["A SHR H", "A BCA H"]})
    position = load_state("plain", duel / "games").position
    assert position.phase == "F1901R" and list(position.dislodged) == ["SHR"]
    assert position.units["SHR"].power == "RED"


def test_the_loader_sees_the_sanctuary_fact(duel):
    from gm_tools.edges.variants import load_variant

    variant = load_variant(str(duel / "variants/duel"))
    assert variant.provinces["SHR"].extra == {"sanctuary": True}
    assert variant.options["rules"] == "duel"
    assert snapshot(duel / "variants/duel")  # the files exist as the doc shows them


def test_the_walk_through_says_the_architecture_page_must_name_the_new_system():
    # tests/test_architecture.py asks docs/architecture.md to name every system folder, so a
    # newcomer who followed the walk-through to the letter had `make test` fail on the duel
    # with nothing in the page telling him why.
    code_step = DOC.read_text(encoding="utf-8").split("## 3.")[1].split("## 4.")[0]
    assert "`docs/architecture.md`" in code_step and "`tests/test_architecture.py`" in code_step
