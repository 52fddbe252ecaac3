"""What each page shows, worked out from the context (:mod:`gm_tools.sitecontext`) so
that the templates only lay it out. Pure functions: no files, no templates.
"""

from __future__ import annotations

from markupsafe import Markup

from .charts import ChartLine, centers_chart
from .hooks import hooks_for
from .judgetext import (
    adjustment_rows,
    dislodgements,
    ends_year,
    location_name,
    order_words,
    power_name,
    result_flags,
)
from .model import INVALID, SUCCEEDS, UNIT_NAMES
from .phase import PhaseError, parse_phase, phase_title
from .safemarkdown import render_markdown
from .sitecontext import GameContext, PhaseContext, Section
from .variant import Variant

RESULT_SYMBOLS = {SUCCEEDS: "\u2713", "fails": "\u2717", INVALID: "\u2298"}
"""Drawn beside the result word, so a result never rests on colour alone."""


def phase_view(game: GameContext, phase: PhaseContext) -> dict:
    """What the phase template shows, worked out here so the template only lays it out."""
    variant, record = game.variant, phase.record
    by_power: dict[str, list[dict]] = {}
    for r in record["results"]:
        flags = result_flags(r)
        result = r.get("result", "")
        by_power.setdefault(r["power"], []).append({
            "words": order_words(variant, r["order"]),
            "order": r["order"],
            "result": result,
            "symbol": RESULT_SYMBOLS.get(result, ""),
            "reason": r.get("reason", ""),
            "flags": ", ".join(flags),
        })
    written = record.get("orders", {}) or {}
    powers = []
    for code in ordered(variant, set(by_power) | set(written)):
        powers.append({
            "code": code,
            "name": power_name(variant, code),
            "player": (record.get("players") or {}).get(code, ""),
            "results": by_power.get(code, []),
            "written": written.get(code, []),
        })
    dislodged = []
    for d in dislodgements(record):
        dislodged.append({
            "power": power_name(variant, d.power),
            "unit": f"{UNIT_NAMES[d.kind]} {location_name(variant, d.location)}",
            "attacker_from": location_name(variant, d.attacker_from) if d.attacker_from else "",
            "retreats": [location_name(variant, r) for r in d.retreats],
        })
    after = record["after"]
    ownership = [
        {"power": power_name(variant, p), "count": len(c), "centers": sorted(location_name(variant, x) for x in c)}
        for p, c in ((p, after.get("centers", {})[p]) for p in ordered(variant, after.get("centers", {})))
    ]
    adjustments = []
    if ends_year(variant, record):
        for power, centers, units, builds in adjustment_rows(variant, after):
            adjustments.append({"power": power_name(variant, power), "centers": centers, "units": units,
                                "change": f"builds {builds}" if builds > 0 else f"removes {-builds}" if builds < 0 else "none"})
    sections = [
        Section(title=heading, html=Markup(render_markdown(text)))
        for heading, text in hooks_for(variant).report_sections(variant, record)
    ]
    next_title = ""
    if record.get("next_phase"):
        try:
            next_title = phase_title(variant.calendar, record["next_phase"])
        except PhaseError:
            next_title = record["next_phase"]
    notes = [{"power": power_name(variant, n.get("power", "")), "text": n.get("text", "")}
             for n in record.get("notes", []) if isinstance(n, dict)]
    return {
        "id": phase.id,
        "title": phase.title,
        "previous": phase.previous,
        "next": phase.next,
        "next_phase": record.get("next_phase"),
        "next_title": next_title,
        "winner": power_name(variant, record["winner"]) if record.get("winner") else "",
        "powers": powers,
        "notes": notes,
        "dislodged": dislodged,
        "ownership": ownership,
        "adjustments": adjustments,
        "is_adjustment": parse_phase(phase.id).type == "A",
        "press": Markup(render_markdown(record.get("press") or "")),
        "sections": sections,
        "deadline": record.get("deadline", ""),
    }


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
    powers = ordered(variant, {p for _, c in points for p in c} | {p for p, x in variant.powers.items() if x.playable})
    lines, rows = [], []
    for code in powers:
        values = tuple(len(centers.get(code, [])) for _, centers in points)
        power = variant.powers.get(code)
        lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                               values=values))
        rows.append({"power": power_name(variant, code), "values": list(values)})
    title = f"Supply centers per power per year, {game.name}"
    return Markup(centers_chart(lines, labels, title, variant.victory_centers)), labels, rows


def standings(game: GameContext) -> list[dict]:
    variant = game.variant
    position = game.latest_position()
    centers, units = position.get("centers", {}), position.get("units", {})
    players = dict(game.info.players)
    if game.phases:
        players.update({k: v for k, v in (game.phases[-1].record.get("players") or {}).items() if v})
    rows = []
    for code in ordered(variant, set(centers) | set(units) | {p for p, x in variant.powers.items() if x.playable}):
        c, u = len(centers.get(code, [])), len(units.get(code, []))
        status = "winner" if code == game.winner else ("eliminated" if c == 0 and u == 0 else "")
        rows.append({"power": power_name(variant, code), "player": players.get(code, ""), "centers": c,
                     "units": u, "status": status})
    rows.sort(key=lambda r: -r["centers"])  # stable: equal counts keep the variant's order
    return rows


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
