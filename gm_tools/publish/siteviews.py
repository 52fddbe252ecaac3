"""What each page shows, worked out from the context (:mod:`gm_tools.publish.sitecontext`) so
that the templates only lay it out. Pure functions: no files, no templates.
"""

from __future__ import annotations

from markupsafe import Markup

from gm_tools.publish.charts import ChartLine, centers_chart
from gm_tools.engine.hooks import hooks_for
from gm_tools.publish.judgetext import (
    adjustment_rows,
    dislodgements,
    ends_year,
    location_name,
    order_words,
    power_name,
    published_entries,
    result_flags,
)
from gm_tools.engine.model import INVALID, SUCCEEDS, UNIT_NAMES
from gm_tools.engine.phase import PhaseError, parse_phase, phase_title
from gm_tools.publish.safemarkdown import render_markdown
from gm_tools.publish.sitecontext import GameContext, PhaseContext, Section
from gm_tools.engine.variant import Variant

RESULT_SYMBOLS = {SUCCEEDS: "\u2713", "fails": "\u2717", INVALID: "\u2298"}
"""Drawn beside the result word, so a result never rests on colour alone."""


def phase_view(game: GameContext, phase: PhaseContext) -> dict:
    """What the phase template shows, worked out here so the template only lays it out."""
    variant, record = game.variant, phase.record
    next_title = ""
    if record.get("next_phase"):
        try:
            next_title = phase_title(variant.calendar, record["next_phase"])
        except PhaseError:
            next_title = record["next_phase"]
    return {
        "id": phase.id,
        "title": phase.title,
        "previous": phase.previous,
        "next": phase.next,
        "next_phase": record.get("next_phase"),
        "next_title": next_title,
        "winner": power_name(variant, record["winner"]) if record.get("winner") else "",
        "powers": _orders_view(variant, record),
        "notes": [{"power": power_name(variant, n.get("power", "")), "text": n.get("text", "")}
                  for n in record.get("notes", []) if isinstance(n, dict)],
        "dislodged": _dislodged_view(variant, record),
        "ownership": _ownership_view(variant, record["after"]),
        "adjustments": _adjustments_view(variant, record),
        "is_adjustment": parse_phase(phase.id).type == "A",
        "press": Markup(render_markdown(record.get("press") or "")),
        "sections": [Section(title=heading, html=Markup(render_markdown(text)))
                     for heading, text in hooks_for(variant).report_sections(variant, record)],
        "deadline": record.get("deadline", ""),
    }


def _orders_view(variant: Variant, record: dict) -> list[dict]:
    """Per power: its results (order in words and notation, result, symbol, flags, reason)
    and its orders as the GM entered them."""
    by_power: dict[str, list[dict]] = {}
    for r in record["results"]:
        result = r.get("result", "")
        by_power.setdefault(r["power"], []).append({
            "words": order_words(variant, r["order"]),
            "order": r["order"],
            "result": result,
            "symbol": RESULT_SYMBOLS.get(result, ""),
            "reason": r.get("reason", ""),
            "flags": ", ".join(result_flags(r)),
        })
    written = published_entries(variant, record)
    players = record.get("players") or {}
    return [
        {"code": code, "name": power_name(variant, code), "player": players.get(code, ""),
         "results": by_power.get(code, []), "written": written.get(code, [])}
        for code in ordered(variant, set(by_power) | set(written))
    ]


def _dislodged_view(variant: Variant, record: dict) -> list[dict]:
    return [
        {"power": power_name(variant, d.power),
         "unit": f"{UNIT_NAMES[d.kind]} {location_name(variant, d.location)}",
         "attacker_from": location_name(variant, d.attacker_from) if d.attacker_from else "",
         "retreats": [location_name(variant, r) for r in d.retreats]}
        for d in dislodgements(record)
    ]


def _ownership_view(variant: Variant, position: dict) -> list[dict]:
    centers = position.get("centers", {})
    return [
        {"power": power_name(variant, power), "count": len(centers[power]),
         "centers": sorted(location_name(variant, c) for c in centers[power])}
        for power in ordered(variant, centers)
    ]


def _adjustments_view(variant: Variant, record: dict) -> list[dict]:
    """The builds and removals due, shown after the phase that closes the year."""
    if not ends_year(variant, record):
        return []
    rows = []
    for power, centers, units, builds in adjustment_rows(variant, record["after"]):
        change = f"builds {builds}" if builds > 0 else f"removes {-builds}" if builds < 0 else "none"
        rows.append({"power": power_name(variant, power), "centers": centers, "units": units, "change": change})
    return rows


def ordered(variant: Variant, codes) -> list[str]:
    """Power codes in the variant's order, then any it does not know, by code."""
    known = [p for p in variant.powers if p in codes]
    return known + sorted(set(codes) - set(known))


def chart_view(game: GameContext) -> tuple[Markup, list[str], list[dict]]:
    """The supply-center chart, its x labels and its rows (for the table beside it): the
    count at the start, then after each year's ownership change (2000 rulebook, 'Supply
    centers': ownership changes after the Fall turn)."""
    variant = game.variant
    first = game.phases[0].record["before"] if game.phases else game.latest_position()
    points = [("start", first.get("centers", {}))]
    for phase in game.phases:
        if ends_year(variant, phase.record):
            points.append((str(parse_phase(phase.id).year), phase.record["after"].get("centers", {})))
    labels = [label for label, _ in points]
    powers = [p for p in ordered(variant, {p for _, c in points for p in c} | {p for p, x in variant.powers.items() if x.playable})
              if _played(variant, p)]
    lines, rows = [], []
    for code in powers:
        values = tuple(len(centers.get(code, [])) for _, centers in points)
        power = variant.powers.get(code)
        lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                               values=values))
        rows.append({"power": power_name(variant, code), "values": list(values)})
    title = f"Supply centers per power per year, {game.name}"
    # a variant won on victory points has its target on the points chart (ledger_view) instead
    target = 0 if variant.victory_points else variant.victory_centers
    return Markup(centers_chart(lines, labels, title, target)), labels, rows


def standings(game: GameContext) -> list[dict]:
    variant = game.variant
    position = game.latest_position()
    centers, units = position.get("centers", {}), position.get("units", {})
    players = dict(game.info.players)
    if game.phases:
        players.update({k: v for k, v in (game.phases[-1].record.get("players") or {}).items() if v})
    rows = []
    for code in ordered(variant, set(centers) | set(units) | {p for p, x in variant.powers.items() if x.playable}):
        if not _played(variant, code):
            continue  # minor states and neutrals: no player, shown on the map and the variant's pages
        c, u = len(centers.get(code, [])), len(units.get(code, []))
        status = "winner" if code == game.winner else ("eliminated" if c == 0 and u == 0 else "")
        rows.append({"power": power_name(variant, code), "player": players.get(code, ""), "centers": c,
                     "units": u, "status": status})
    rows.sort(key=lambda r: -r["centers"])  # stable: equal counts keep the variant's order
    return rows


def _played(variant: Variant, code: str) -> bool:
    """A power some player orders (a code the variant does not know counts as played)."""
    power = variant.powers.get(code)
    return power is None or power.playable


def game_summary(game: GameContext) -> dict:
    current = ""
    if game.current_phase:
        try:
            current = phase_title(game.variant.calendar, game.current_phase)
        except PhaseError:
            current = game.current_phase
    return {
        "name": game.name,
        "variant": game.variant.title,
        "status": game.status,
        "current": current,
        "current_id": game.current_phase or "",
        "winner": power_name(game.variant, game.winner) if game.winner else "",
        "phases": len(game.phases),
    }


def ledger_view(game: GameContext) -> dict | None:
    """Victory points and treasury per year, for variants whose yearly phases keep a ledger
    in ``Position.extra["ledger"]`` ({"scores" | "treasury": {year: {power: ...}}}, the Europe
    variants' Scoring and Builds and Transactions Phases); None for the others.

    The chart is the supply-center chart's, with the victory-point target as its rule."""
    variant = game.variant
    ledger = game.latest_position().get("extra", {}).get("ledger")
    if not isinstance(ledger, dict) or not (ledger.get("scores") or ledger.get("treasury")):
        return None
    scores, treasury = ledger.get("scores") or {}, ledger.get("treasury") or {}
    score_years = sorted(scores, key=int)
    money_years = sorted(treasury, key=int)
    powers = ordered(variant, {p for y in scores.values() for p in y} | {p for y in treasury.values() for p in y})
    lines, score_rows, money_rows = [], [], []
    for code in powers:
        values = tuple(int(scores[y].get(code, 0)) for y in score_years)
        power = variant.powers.get(code)
        if score_years:
            lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                                   values=values))
            score_rows.append({"power": power_name(variant, code), "values": list(values)})
        money_rows.append({"power": power_name(variant, code),
                           "values": [_balance(treasury[y].get(code)) for y in money_years]})
    title = f"Victory points per power per year, {game.name}"
    chart = Markup(centers_chart(lines, score_years, title, variant.victory_points or 0)) if lines else Markup("")
    return {"chart": chart, "score_years": score_years, "score_rows": score_rows,
            "treasury_years": money_years, "treasury_rows": money_rows,
            "target": variant.victory_points or 0}


def _balance(entry) -> str:
    """A treasury ledger entry as the balance after the year's transactions (TPs)."""
    if isinstance(entry, dict):
        return str(entry.get("new_balance", ""))
    return "" if entry is None else str(entry)
