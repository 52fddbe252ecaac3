"""The game page (``site/games/NAME/index.html``) and the archive index: what the QA pass of
the published site found (its findings F7, F9, F10, F11, F14), on real builds of real records."""

from __future__ import annotations

from pathlib import Path

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import SiteSettings, build_site
from sitegame import small_game

FAST = SiteSettings(base_map=schematic_map)


def _site(tmp_path: Path, settings: SiteSettings = FAST) -> Path:
    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, settings)
    return site


def test_the_game_pages_map_is_a_layer_over_the_shared_base_not_inlined(tmp_path):
    """F11: the game page inlined its map whole (325-554 KB on the demos) where a phase page
    names the variant's shared base map and keeps its own layer (docs/site.md). The game page's
    map is now stored that way too, and the two files give exactly the picture it inlined: the
    board at the start of the current phase."""
    from gm_tools.publish.maplayer import picture_from_files
    from gm_tools.publish.render import RenderOptions, render_svg
    from gm_tools.publish.sitecontext import collect_game
    from gm_tools.publish.siteviews import current_map
    from gm_tools.engine.positions import position_from_json

    site = _site(tmp_path)
    folder = site / "games" / "demo"
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "<svg" not in page[page.index('id="map-h"'):page.index('id="standings-h"')]
    layer = (folder / "current.map.js").read_text(encoding="ascii")
    base_rel = "static/maps/" + layer.split('"')[1] + ".js"
    assert f'<script defer src="../../{base_rel}"></script>' in page
    assert '<script defer src="current.map.js"></script>' in page
    game = collect_game(tmp_path / "sheets", "demo")
    position, caption = current_map(game)
    drawn = render_svg(game.variant, position_from_json(position), title=game.name,
                       options=RenderOptions(base_map=FAST.base_map(game.variant)))
    assert picture_from_files((site / base_rel).read_text(encoding="ascii"), layer) == drawn
    assert caption == "The board at the start of Spring 1902 Movement" and caption in page
    # without the script: the PNG of that board, the provinces' names over it
    assert '<img src="current.png" alt="" class="map-png">' in page
    assert (folder / "current.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(page.encode("utf-8")) < 20_000


def test_the_game_pages_png_is_drawn_again_only_when_its_board_changed(tmp_path):
    """A rebuild with nothing new keeps the game page's map and PNG as they are (same
    records, same bytes; no picture drawn)."""
    site = _site(tmp_path)
    png = (site / "games/demo/current.png").read_bytes()
    again = build_site(tmp_path / "sheets", site, FAST)
    assert again.pngs == 0 and again.written == []
    (site / "games/demo/current.png").unlink()
    third = build_site(tmp_path / "sheets", site, FAST)
    assert third.pngs == 1 and (site / "games/demo/current.png").read_bytes() == png
