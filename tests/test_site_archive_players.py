"""The archive's index names each game's players (``templates/index.html``), from the game
summaries the build makes (:func:`gm_tools.publish.siteviews.game_summary`) and the manifest
keeps for a game shown again unread (``docs/site.md``, "How it is built")."""

from __future__ import annotations

import json

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import MANIFEST, TEMPLATES, SiteSettings, build_site, collect
from gm_tools.publish.siteviews import game_summary
from sitegame import small_game

FAST = SiteSettings(base_map=schematic_map)
STANDARD = load_variant("standard")
PLAYERS_CELL = "<td>Alice &lt;b&gt;&amp;, Bob</td>"
"""The small game's players (France's "Alice <b>&", Germany's "Bob") in the index, escaped."""


def test_a_games_summary_names_its_players_in_its_powers_order(tmp_path):
    small_game(tmp_path / "sheets", STANDARD, phases=1)
    game = collect(tmp_path / "sheets").games[0]
    assert game_summary(game)["players"] == ["Alice <b>&", "Bob"]


def test_the_index_lists_the_players_and_a_game_kept_unread_keeps_them(tmp_path):
    """A second build shows the game again from the manifest's summary, unread: the index
    is the same bytes, its players still there."""
    small_game(tmp_path / "sheets", STANDARD, phases=1)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, FAST)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert PLAYERS_CELL in index
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["games"]["demo"]["summary"]["players"] == ["Alice <b>&", "Bob"]
    report = build_site(tmp_path / "sheets", site, FAST)
    assert report.games_read == [] and "index.html" in report.unchanged
    assert (site / "index.html").read_text(encoding="utf-8") == index


def test_a_manifest_kept_without_the_players_has_its_games_read_again(tmp_path):
    """A manifest whose summaries predate the players' names (an older build's) is still read:
    its games are read again rather than shown without their players (or the build failing on
    the missing names), and the manifest then keeps them."""
    small_game(tmp_path / "sheets", STANDARD, phases=1)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, FAST)
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    for entry in data["games"].values():
        del entry["summary"]["players"]
    (site / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    report = build_site(tmp_path / "sheets", site, FAST)
    assert report.games_read == ["demo"]
    assert PLAYERS_CELL in (site / "index.html").read_text(encoding="utf-8")
    again = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert again["games"]["demo"]["summary"]["players"] == ["Alice <b>&", "Bob"]


def test_the_archives_script_is_copied_and_kept_by_a_build_that_makes_nothing(tmp_path):
    """``static/archive.js`` (the index's filter and sorting) is the templates' file, loaded by
    the index alone, and an incremental build keeps it: it is produced by every build, never
    pruned as a file no page names."""
    small_game(tmp_path / "sheets", STANDARD, phases=1)
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, FAST)
    script = (TEMPLATES / "static" / "archive.js").read_bytes()
    assert (site / "static" / "archive.js").read_bytes() == script
    assert '<script defer src="static/archive.js"></script>' in (site / "index.html").read_text(encoding="utf-8")
    assert "archive.js" not in (site / "games" / "demo" / "index.html").read_text(encoding="utf-8")
    report = build_site(tmp_path / "sheets", site, FAST)
    assert "static/archive.js" in report.unchanged and report.removed == []
    assert (site / "static" / "archive.js").read_bytes() == script
