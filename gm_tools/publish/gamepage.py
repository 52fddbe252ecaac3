"""A game's page (``site/games/NAME/index.html``): when it started and was last played, the
current map, the standings, the charts and the phases.

Its map is stored as a phase's is (:mod:`gm_tools.publish.maplayer`): the variant's base map,
shared with every phase page, and the current board's own layer, ``current.map.js``, beside a
PNG for a page read without its script, ``current.png``. The game page is the one players
reload most, and its map inlined whole was 310-540 KB of it.
"""

from __future__ import annotations

from typing import Callable

import jinja2

from gm_tools.engine.phase import parse_phase
from gm_tools.engine.positions import position_from_json
from gm_tools.publish.judgetext import dislodgements
from gm_tools.publish.mapareas import areas_path
from gm_tools.publish.provincelist import names_path
from gm_tools.publish.maplayer import LAYER_SUFFIX, BasePicture
from gm_tools.publish.playerhistory import players_over
from gm_tools.publish.render import RenderOptions, render_lines
from gm_tools.publish.sitecontext import GameContext
from gm_tools.publish.sitefiles import PngPainter, SiteWriter, picture_size, put_map
from gm_tools.publish.chartviews import chart_view, points_view
from gm_tools.publish.siteviews import (
    current_map, due_view, game_sections, ledger_view, processed_view, standings,
)

CURRENT = "current"
"""The game page's map files' name (``current.map.js``, ``current.png``): no phase is called so."""


def write_game_page(env: jinja2.Environment, writer: SiteWriter, painter: PngPainter, game: GameContext,
                    summary: dict, base: BasePicture, look: RenderOptions, folder: str,
                    pictures: list[tuple[str, str, str, Callable[[], bytes]]], many: bool = False) -> None:
    """Write the game page and its map's layer; its PNG, when the picture changed, is added to
    ``pictures`` (layer file, PNG file, layer, what gives the PNG), which the caller writes
    last, the layer after its PNG, as it does the phases' maps."""
    position, map_caption = current_map(game)
    lines = render_lines(game.variant, position_from_json(position), title=game.name, options=look)
    # the PNG drawn again only when the board changed, as a phase's (put_map)
    put_map(writer, painter, folder, CURRENT, base.layer(lines), lines, pictures, many)
    chart, labels, chart_rows = chart_view(game)
    rules = game.variant.system.rules  # the game's own words: Westphalia's players, not powers
    phases = [{"id": p.id, "title": p.title, "results": len(p.record["results"]),
               "dislodged": len(dislodgements(p.record)), "processed": processed_view(p.record)}
              for p in game.phases]
    # listed a year each, under the year's heading (a long game's 150 phases are found by year),
    # numbered on through the game
    years: list[dict] = []
    for number, (p, view) in enumerate(zip(game.phases, phases), start=1):
        year = parse_phase(p.id).year
        if not years or years[-1]["year"] != year:
            years.append({"year": year, "start": number, "phases": []})
        years[-1]["phases"].append(view)
    html = env.get_template("game.html").render(
        root="../../", game=summary, phases=phases, years=years, standings=standings(game),
        chart=chart, chart_labels=labels, chart_rows=chart_rows, page_title=f"{game.name} ({game.variant.title}) — games",
        players_over=players_over(game), ledger=ledger_view(game), points=points_view(game), map_caption=map_caption,
        map_base=base.path, map_areas=areas_path(base.path), map_names=names_path(base.path), map_layer=CURRENT + LAYER_SUFFIX,
        map_png=f"{CURRENT}.png", map_size=picture_size(lines), sections=game_sections(game), due=due_view(game),
        result_noun=rules.result_noun, owner_noun=rules.owner_noun, map_shows=rules.map_shows,
        phase_noun=rules.phase_noun, due_noun=game.variant.system.due_for(game.current_phase),  # orders, lines or entries
    )
    writer.write(f"{folder}/index.html", html)
