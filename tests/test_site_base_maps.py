"""Every base map a page of the site draws its map over is in the site after every build.

Found by following README.md, "Running a game": a GM who made a Centenary game beside his
standard one (`gm-tools new-game centenary ...`) and then played a turn of the standard game,
or imported one (each publishing the whole site), had the Centenary game's page shown with
its map's base, `static/maps/centenary-HASH.js`, deleted by the next build: a game with no
phase played yet did not count the base map its game page is drawn over among its files, so
a build that kept the game's pages unchanged pruned the base map."""

from __future__ import annotations

import re
from pathlib import Path

from gm_tools.app.turn import new_game, run_turn
from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.site import SiteSettings, build_site

FAST = SiteSettings(base_map=schematic_map)


def _missing_bases(site: Path) -> list[str]:
    """The base maps the game pages name that the site does not hold."""
    missing = []
    for page in sorted((site / "games").glob("*/index.html")):
        for base in re.findall(r"static/maps/[A-Za-z0-9_-]+\.js", page.read_text(encoding="utf-8")):
            if not (site / base).is_file():
                missing.append(f"{page.parent.name}: {base}")
    return missing


def test_a_new_games_base_map_stays_through_later_builds(tmp_path):
    sheets, site = tmp_path / "sheets", tmp_path / "site"
    new_game("standard", "mygame", root=sheets, seed=1, created="2000-01-01T00:00:00Z")
    new_game("centenary", "hundred", root=sheets, seed=2, created="2000-01-01T00:00:00Z")
    build_site(sheets, site, FAST)
    assert _missing_bases(site) == []
    run_turn("mygame", root=sheets, site_dir=None, force=True)  # the standard game goes on
    build_site(sheets, site, FAST)                               # the Centenary game's pages kept as they were
    assert _missing_bases(site) == []
    build_site(sheets, site, FAST)
    assert _missing_bases(site) == []
    assert any(p.name.startswith("centenary-") for p in (site / "static" / "maps").iterdir())
