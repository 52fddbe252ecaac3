"""The site never shows a game's seed. Whoever knows it can work out every draw still to
come (brief: "Any randomness the rules call for (dice, random draws) comes from a seed
recorded in the game, so a turn can be replayed": recorded, for the GM's replay, not
published): Europe 1615 v2's attack dice ('3d6 ... on the attack table'), The Peace of
Westphalia's battle deck and Internal Troubles, Europe 1615's sanctions timeline. The GM's
record keeps it; the site shows what was drawn."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.cli import main
from gm_tools.app.turn import new_game, run_turn
from gm_tools.publish.phasejson import without_seeds

SEED = 987654321012345


@pytest.mark.parametrize("variant, where", [
    ("europe1615", "random.draws: the sanctions timeline"),
    ("europe1615v2", "the system's state: the dice of every year's attacks"),
    ("westphalia", "random.draws: the Setup Order"),
])
def test_no_site_file_holds_the_seed_which_the_record_keeps(tmp_path, capsys, variant, where):
    root, site = tmp_path / "games", tmp_path / "site"
    paths = new_game(variant, "g", root=root, seed=SEED, created="2000-01-01T00:00:00Z",
                     player_count=5 if variant == "westphalia" else None)
    run_turn("g", root=root, site_dir=None, force=True)
    record = json.loads(next(paths.history.glob("*.json")).read_text(encoding="utf-8"))
    assert record["random"]["seed"] == str(SEED)
    draw_seeds = [d["seed"] for d in record["random"]["draws"]]
    state_seeds = [s["seed"] for s in record["after"]["extra"].values() if isinstance(s, dict) and "seed" in s]
    assert any(str(SEED) in s for s in draw_seeds + state_seeds), where  # the case this variant stands for
    assert main(["site", "--root", str(root), "--out", str(site)]) == 0
    files = [p for p in site.rglob("*") if p.is_file()]
    assert any(p.name == "game.json" for p in files) and any(p.suffix == ".html" for p in files)
    assert [p.relative_to(site).as_posix() for p in files if str(SEED).encode() in p.read_bytes()] == []
    # what was drawn is still shown: the draw itself, without its seed
    published = json.loads((site / "games" / "g" / f"{record['phase']}.json").read_text(encoding="utf-8"))
    assert [{k: v for k, v in d.items() if k != "seed"} for d in record["random"]["draws"]] == \
        published["random"]["draws"]


def test_without_seeds_leaves_the_rest_and_the_record_given_alone():
    record = {"phase": "S1901M", "random": {"seed": "5", "draws": [{"kind": "k", "seed": "k 5", "text": "t"}]},
              "before": {"extra": {"sys": {"seed": "5", "gold": {"A": 1}}, "other": 3}},
              "after": {"extra": {}}, "results": [{"order": "A PAR H", "seed": "a word of the record"}]}
    kept = json.loads(json.dumps(record))
    public = without_seeds(record)
    assert record == kept  # the GM's record is not touched
    assert public == {"phase": "S1901M", "random": {"draws": [{"kind": "k", "text": "t"}]},
                      "before": {"extra": {"sys": {"gold": {"A": 1}}, "other": 3}},
                      "after": {"extra": {}}, "results": [{"order": "A PAR H", "seed": "a word of the record"}]}


def test_a_new_games_seed_is_too_large_to_guess_and_kept_exactly_by_the_workbook(tmp_path):
    """Drawn from 10**15 seeds, not 10**9: with a site showing the draws, a billion seeds are
    tried in about an hour; and 15 digits are what a spreadsheet cell keeps exactly (a longer
    number would be rounded by Excel, and the turns would draw from another seed)."""
    seeds = set()
    for n in range(4):
        paths = new_game("standard", f"g{n}", root=tmp_path)
        seed = json.loads(paths.game_json.read_text(encoding="utf-8"))["seed"]
        assert seed.isdigit() and len(seed) <= 15
        seeds.add(int(seed))
        if n == 0:
            run_turn("g0", root=tmp_path, site_dir=None, force=True)
            record = json.loads(paths.record_file("S1901M").read_text(encoding="utf-8"))
            assert record["random"]["seed"] == seed  # read back from the workbook's Game sheet
    # four draws from 10**15 below 10**9 would happen once in 10**24 runs; from 10**9, always
    assert max(seeds) >= 10**9
