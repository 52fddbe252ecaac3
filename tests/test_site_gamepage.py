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
    png = (folder / "current.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # its size given (from the PNG's own header), so the page does not jump as it loads
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert f'<img src="current.png" alt="" width="{width}" height="{height}" class="map-png">' in page
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


def _rows(page: str, caption_start: str) -> list[list[str]]:
    """A table's body rows as their cells' text, the table found by its caption's start."""
    import re

    table = page[page.index(f"<caption>{caption_start}"):]
    table = table[:table.index("</tbody>")]
    return [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]]


def test_centenary_standings_and_chart_rank_by_the_centers_that_win(tmp_path):
    """QA finding F7. Centenary rule 3 (rulebook 004_1210a5933393c2d7.txt, 'all
    centers owned by the former neutral will count towards the owning power's total for victory
    purposes'): the game page's standings rank by that count (README: 'standings ranked by what
    wins the game'), the Centenary system's own (its ``victory_counts``), and the chart counts
    the same way, its year from the same board: the Winter that made Portugal Spain's vassal
    (rule 2's Fealty build) is in 1618's count. The scripted year: the Empire owns 4 centers and
    its vassals Bavaria and Venice 3 more; Spain 3, and Portugal 1."""
    from test_centenary_workflow import play_1618
    from gm_tools.engine.positions import position_from_json
    from gm_tools.publish.sitecontext import collect_game
    from gm_tools.systems.centenary.rules import victory_counts

    play_1618(tmp_path / "sheets")
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, FAST)
    page = (site / "games/cen/index.html").read_text(encoding="utf-8")
    rows = _rows(page, "Supply centers for victory")
    assert rows[0][:5] == ["Holy Roman Empire", "no player", "7", "4", "4"]  # for victory, own, units
    assert ["Spain", "no player", "4", "3", "3", ""] in rows
    assert [int(r[2]) for r in rows] == sorted((int(r[2]) for r in rows), reverse=True)
    game = collect_game(tmp_path / "sheets", "cen")
    counts = victory_counts(game.variant, position_from_json(game.latest_position()))
    shown = {r[0]: int(r[2]) for r in rows}
    assert shown == {game.variant.powers[code].name: n for code, n in counts.items()}
    # the chart's table: its last year is the standings' count, power by power
    chart = {r[0]: int(r[-1]) for r in _rows(page, "Supply centers for victory (own and vassals&#39;) per power")}
    assert chart == shown
    assert 'id="chart-h">Supply centers for victory per year</h2>' in page


def test_standard_standings_still_count_a_powers_own_centers(tmp_path):
    """A variant whose victory is its own centers (2000 rulebook, 'If one country controls 18
    supply centers, it wins') keeps its standings and chart as they were: no second count."""
    page = (_site(tmp_path) / "games/demo/index.html").read_text(encoding="utf-8")
    assert "<caption>Supply centers and units per power, most supply centers first</caption>" in page
    assert "Centers for victory" not in page


def test_units_that_cannot_retreat_are_not_said_due_in_the_next_phase(tmp_path):
    """The game page's "Due in ..." lists the dislodged units only when the next phase is
    their retreat: a unit dislodged with nowhere to go is disbanded and no retreat phase is
    played for it (2000 rulebook, retreats), and the section must not name it under the
    next phase's heading (the winter's adjustments)."""
    from gm_tools.publish.sitecontext import collect_game
    from gm_tools.publish.siteviews import due_view

    small_game(tmp_path / "sheets", load_variant("standard"), phases=2)
    game = collect_game(tmp_path / "sheets", "demo")
    assert game.phases[-1].record["next_phase"] == "F1901R"
    assert [d["unit"] for d in due_view(game)["dislodged"]] == ["Army Burgundy"]
    game.phases[-1].record["next_phase"] = "W1901A"  # as if Burgundy's army had no retreat
    assert due_view(game)["dislodged"] == []


def test_builds_are_said_due_only_when_an_adjustment_phase_is_next(tmp_path):
    """The builds and removals a year's end leaves are due in its adjustment phase (2000
    rulebook, 'Gaining and losing units': units are built or removed in the Winter); in a
    variant whose year closes into another kind of phase (Europe 1615 v2's Fall Movement
    into the next year's Influence Phase, its builds bought elsewhere) the game page must
    not say "Due in ..." a table of builds the next phase does not make."""
    from gm_tools.publish.sitecontext import collect_game
    from gm_tools.publish.siteviews import due_view

    small_game(tmp_path / "sheets", load_variant("standard"), phases=3)
    game = collect_game(tmp_path / "sheets", "demo")
    assert game.phases[-1].record["next_phase"] == "W1901A"
    assert len(due_view(game)["adjustments"]) == 7
    game.phases[-1].record["next_phase"] = "S1902M"
    assert due_view(game) == {"dislodged": [], "adjustments": []}
