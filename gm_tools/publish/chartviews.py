"""The game page's charts (:mod:`gm_tools.publish.charts`) and the tables beside them: supply
centers per year, and victory points per year where points or rounds win the game. Pure
functions of the context, as :mod:`gm_tools.publish.siteviews`' views are.
"""

from __future__ import annotations

from markupsafe import Markup

from gm_tools.engine.phase import PhaseError, parse_phase
from gm_tools.publish.charts import ChartLine, centers_chart
from gm_tools.publish.judgetext import ends_year, power_name
from gm_tools.publish.sitecontext import GameContext
from gm_tools.publish.siteviews import _played, ordered


def chart_view(game: GameContext) -> tuple[Markup, list[str], list[dict]]:
    """The supply-center chart, its x labels and its rows (for the table beside it): the
    count at the start, then at the end of each year whose ownership changed (2000 rulebook,
    'Supply centers': ownership changes after the Fall turn), as its last phase left it: a
    winter that changed ownership (Centenary's Fealty builds) is in its year's count, as it is
    in the standings. Counted as the standings count, by what wins the game
    (:meth:`Rules.victory_centers`: Centenary's vassals count for their master)."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import rules_for

    variant = game.variant
    rules = rules_for(variant)
    first = game.phases[0].record["before"] if game.phases else game.latest_position()
    ends: dict[str, dict] = {}  # year -> the board its last phase played left, once its movement closed
    for phase in game.phases:
        try:
            year = str(parse_phase(phase.id).year)
        except PhaseError:
            continue
        if year in ends or ends_year(variant, phase.record):
            ends[year] = phase.record["after"]
    points = [("start", first)] + list(ends.items())

    def counts(board: dict) -> dict[str, int]:
        counted = rules.victory_centers(variant, position_from_json(board))
        if counted is not None:
            return counted
        return {code: len(owned) for code, owned in board.get("centers", {}).items()}
    counted = [counts(board) for _, board in points]
    labels = [label for label, _ in points]
    powers = [p for p in ordered(variant, {p for c in counted for p in c} | {p for p, x in variant.powers.items() if x.playable})
              if _played(variant, p)]
    lines, rows = [], []
    for code in powers:
        values = tuple(c.get(code, 0) for c in counted)
        power = variant.powers.get(code)
        lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                               values=values))
        rows.append({"power": power_name(variant, code), "values": list(values)})
    title = f"Supply centers per power per year, {game.name}"
    # the victory line only where centers win the game: a variant won on points or rounds
    # (its centers target set out of reach) has its target on the points chart instead
    target = variant.victory_centers if rules.victory_measure(variant) == "centers" else 0
    return Markup(centers_chart(lines, labels, title, target)), labels, rows


def points_view(game: GameContext) -> dict | None:
    """Victory points per power per year, from each phase that changed them, for a game won on
    points or rounds; None for a game won on centers. The chart is the supply-center chart's,
    with the points target as its rule where the variant has one."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import Scores, rules_for

    variant = game.variant
    rules = rules_for(variant)
    if rules.victory_measure(variant) == "centers":
        return None
    by_year: dict[str, Scores] = {}  # a year's unscored powers say so in the table (Scores.unscored)
    scores = rules.scores(variant, position_from_json(game.latest_position()))
    label, when = scores.label, scores.when
    for phase in game.phases:
        scores = rules.scores(variant, position_from_json(phase.record["after"]))
        if scores.points:
            by_year[scores.year or str(parse_phase(phase.id).year)] = scores
    years = sorted((y for y in by_year if y.isdigit()), key=int)
    powers = [p for p in ordered(variant, {p for y in years for p in by_year[y].points}) if _played(variant, p)]
    lines, rows = [], []
    for code in powers:
        values = tuple(int(by_year[y].points.get(code, 0)) for y in years)
        power = variant.powers.get(code)
        # a power the rules score no more (Europe 1619's eliminated) has its line end at its
        # last scored year, as the table says 'not scored' after it: not a fall to 0
        scored = len(years)
        while scored and code in by_year[years[scored - 1]].unscored:
            scored -= 1
        after = f"{by_year[years[scored]].unscored[code]} from {years[scored]}" if scored < len(years) else ""
        lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                               values=values[:scored], after=after))
        rows.append({"power": power_name(variant, code), "values": [by_year[y].unscored.get(code, v) for y, v in zip(years, values)]})
    target = variant.victory_points or 0
    title = f"{label} per {rules.owner_noun} per year, {game.name}"
    chart = Markup(centers_chart(lines, years, title, target)) if lines and years else Markup("")
    return {"chart": chart, "years": years, "rows": rows, "target": target, "label": label, "when": when}
