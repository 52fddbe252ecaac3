"""What each page shows, worked out from the context (:mod:`gm_tools.publish.sitecontext`) so
that the templates only lay it out. Pure functions: no files, no templates.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup, escape

from gm_tools.publish.droppedrows import dropped_sections
from gm_tools.publish.legend import colour_key, out_note, symbol_words
from gm_tools.engine.hooks import hooks_for
from gm_tools.publish.judgetext import (
    adjustment_rows,
    adjustments_to_come,
    dislodgements,
    game_over_words,
    in_series, invalid_words,
    location_name,
    order_words,
    power_in_text,
    power_name,
    published_entries,
    result_flags,
)
from gm_tools.engine.model import UNIT_KINDS, UNIT_NAMES
from gm_tools.engine.phase import ADJUSTMENT, RETREAT, PhaseError, parse_phase
from gm_tools.edges.layout import phase_name
from gm_tools.engine.results import note_words
from gm_tools.publish.playerhistory import left_without_player, names_over
from gm_tools.publish.safemarkdown import render_markdown
from gm_tools.publish.sitecontext import GameContext, PhaseContext, Section, sharers_in_words
from gm_tools.engine.variant import Variant

def phase_view(game: GameContext, phase: PhaseContext) -> dict:
    """What the phase template shows, worked out here so the template only lays it out."""
    from gm_tools.engine.rules import rules_for

    variant, record = game.variant, phase.record
    # the GM's notes on invalid orders keep words with codes the page says with names
    reason_words = getattr(rules_for(variant), "reason_words", None)
    # a game the GM ended (a draw, a winner called) plays no more: its last record still
    # names the phase that would have come next, which the pager must not promise
    next_phase = None if game.end is not None and phase.next is None else record.get("next_phase")
    next_title = ""
    if next_phase:
        try:
            next_title = phase_name(variant.calendar, next_phase)
        except PhaseError:
            next_title = next_phase
    return {
        "id": phase.id,
        "title": phase.title,
        "previous": phase.previous,
        "next": phase.next,
        "next_phase": next_phase,
        "next_title": next_title,
        # the page's way to the rest of a long game: the first phase and the game page's list at
        # this phase's year, links a new phase never changes (the site.phase_key's page key)
        "first": game.phases[0].id,
        "year": parse_phase(phase.id).year,
        "winner": power_in_text(variant, record["winner"]) if record.get("winner") else "",  # in a sentence
        "over": game_over_words(variant, record),  # how the game ended here, the rules' victory named
        **_orders_view(variant, record),
        "notes": [{"power": power_name(variant, n.get("power", "")),
                   "text": invalid_words(variant, reason_words, n.get("power", ""), "", note_words(n))}
                  for n in rules_for(variant).public_record(variant, record).get("notes", []) if isinstance(n, dict)],
        "dislodged": _dislodged_view(variant, record),
        "ownership": _ownership_view(variant, record["after"]),
        "board_game": not variant.supply_centers(),  # no centers: no ownership table to show
        "adjustments": _adjustments_view(variant, record),
        "is_adjustment": parse_phase(phase.id).type == "A",
        "press": Markup(render_markdown(record.get("press") or "", pictures=game.picture_sizes)),
        "sections": [markdown_section(heading, text)
                     for heading, text in hooks_for(variant).report_sections(variant, record) + dropped_sections(record, variant)],
        "deadline": record.get("deadline", ""),
        "processed": processed_view(record),
    }


def processed_view(record: dict) -> dict | None:
    """When the phase was processed: the machine time for ``<time datetime>``, the words a
    reader sees (``25 November 2026, 14:03 UTC``), the day alone in those words (``25 November
    2026``: a game page's list of phases, one format with its other dates) and as a table's
    compact ``2026-11-25`` (the archive index); None for a record that does not say."""
    import datetime

    stamp = record.get("processed")
    try:
        moment = datetime.datetime.strptime(str(stamp), "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None
    return {"datetime": stamp, "words": f"{moment.day} {moment:%B %Y, %H:%M} UTC", "date": f"{moment.day} {moment:%B %Y}",
            "day": f"{moment:%Y-%m-%d}"}


def _reason(variant: Variant, result: dict) -> str:
    """A result's Reason as the page says it: its recorded words, made again from its codes
    where one names a power by its code ("... A VEN of ITALY" said "... of Italy"); the record
    keeps its words (a recorded game replays byte for byte)."""
    codes = result.get("codes") or ()
    if not any(isinstance(c, dict) and c.get("power") in variant.powers for c in codes):
        return result.get("reason", "")
    from gm_tools.engine.results import Reason, words

    return words(tuple(Reason.from_json({**c, "power": power_in_text(variant, c["power"])}
                                        if c.get("power") in variant.powers else c) for c in codes))


def _orders_view(variant: Variant, record: dict) -> dict[str, list[dict]]:
    """Per power: its results (order in words and notation, result, symbol, flags, reason)
    and its orders as the GM entered them. ``powers`` are those with a player or orders
    written; ``unplayed`` the rest (minor states, a power nobody plays), in one table, not one
    each (thirty minor states' lone holds were half a Europe 1619 page). The rules' own events
    (``Rules.events``) are no power's: first in ``powers``, under their heading."""
    from gm_tools.engine.rules import rules_for

    rules = rules_for(variant)
    in_words = rules.results_in_words  # a decision in words has no notation to show beside, and is what he wrote
    # a system's reasons may be in recorded words; its optional reason_words hook words them anew
    reason_words = getattr(rules, "reason_words", None)
    by_power: dict[str, list[dict]] = {}
    for r in rules.shown_results(variant, record):  # in the order the rules carry them out
        result = r.get("result", "")
        # the arrow held together (a word joiner after its hyphen): on a phone "Burgundy -" on
        # one line and "> Munich" on the next read as neither
        words = order_words(variant, r["order"]).replace("->", "-\u2060>")
        by_power.setdefault(r["power"], []).append({
            "words": words,
            "order": words if in_words else r["order"],
            "notation": notation_html(r["order"]),
            "result": result,
            "reason": (reason_words and reason_words(variant, r)) or _reason(variant, r),
            "flags": ", ".join(result_flags(r)),
        })
    written = published_entries(variant, record)
    players = record.get("players") or {}
    views = [
        {"code": code, "name": power_name(variant, code), "player": players.get(code, ""),
         "results": by_power.get(code, []), "written": written.get(code, [])}
        for code in ordered(variant, set(by_power) | set(written), rules.shown_order(variant, record))
    ]
    events = rules.events
    masters = _masters(variant, rules, record)
    for v in views:
        if v["code"] in events:
            v["name"] = events[v["code"]]
        # a vassal's orders are its master's (Centenary rule 3, Europe 1619's aligned minors): under
        # "Powers without a player" it read as a power nobody ordered
        v["by"] = power_in_text(variant, masters[v["code"]]) if v["code"] in masters else ""
    played = [v for v in views if v["code"] not in events and (v["player"] or v["written"] or in_words and v["results"])]
    return {"powers": [v for v in views if v["code"] in events] + played, "unplayed_heading": rules.unplayed_heading,
            "unplayed": [v for v in views if v["code"] not in events and v not in played]}


def _masters(variant: Variant, rules, record: dict) -> dict[str, str]:
    """Owner -> the one power that gave its units' orders in the phase (``Rules.commanded`` at
    the phase's start); an owner several powers may order (Europe 1615's Ottoman units) has none."""
    from gm_tools.engine.positions import position_from_json

    if not record.get("before"):
        return {}
    board = position_from_json(record["before"])
    by: dict[str, list[str]] = {}
    for code in variant.powers:
        for owner in set(rules.commanded(variant, board, code)) - {code}:
            by.setdefault(owner, []).append(code)
    return {owner: masters[0] for owner, masters in by.items() if len(masters) == 1}


CLAUSE_BREAK = re.compile(r"(?<= [SC]) (?=[AF] )")
"""The space after a support's or a convoy's S or C, before the unit it names: where a unit's
order may break on a narrow screen."""


@lru_cache(maxsize=4096)
def notation_html(text: str) -> Markup:
    """An order's notation as the results tables show it: ``<code>``, and where a line may
    break in it when its column is narrow (a phone). A unit's order only between its clauses,
    each read whole (``F GRE S`` over ``A SER - BUL``, never ``A SER -`` over ``BUL``): kept
    whole, the longer ones pushed the table past a phone's width. A game's own order of more
    than three words (Europe 1619's ``LEND 2 TO SAVOY at 1 interest (due 1621)``) is written
    like a sentence and wraps like one, at its spaces (``class="wraps"``); a shorter one
    (``BOLSTER TUR``, ``WAR: SPAIN``) is kept whole. Remembered: the same orders recur on a
    game's pages."""
    words = text.split(" ")
    if words[0] not in UNIT_KINDS:
        return Markup('<code class="wraps">{}</code>' if len(words) > 3 else "<code>{}</code>").format(text)
    clauses = CLAUSE_BREAK.split(text)
    if len(clauses) == 1:
        return Markup("<code>{}</code>").format(text)
    return Markup("<code>{}</code>").format(Markup(" ").join(Markup("<span>{}</span>").format(c) for c in clauses))


def _dislodged_view(variant: Variant, record: dict) -> list[dict]:
    views = []
    for d in dislodgements(record, variant):
        retreats = [location_name(variant, r) for r in d.retreats]
        views.append({"power": power_name(variant, d.power), "no_retreat_allowed": d.no_retreat_allowed,
                      "unit": f"{UNIT_NAMES[d.kind]} {location_name(variant, d.location)}",
                      "attacker_from": location_name(variant, d.attacker_from) if d.attacker_from else "",
                      "retreats": retreats, "retreat_list": ", ".join(retreats), "why": d.no_retreat_words})
    return views


def _ownership_view(variant: Variant, position: dict) -> list[dict]:
    centers = position.get("centers", {})
    views = []
    for power in ordered(variant, centers):
        names = sorted(location_name(variant, c) for c in centers[power])
        # joined here: jinja2's join filter, once a power, was a twentieth of the page
        views.append({"power": power_name(variant, power), "count": len(names), "centers": names,
                      "center_list": ", ".join(names)})
    return views


def _adjustments_view(variant: Variant, record: dict) -> list[dict]:
    """The builds and removals due, shown after the phase that closes the year, in a game
    whose units follow its centers, before the year's adjustment phase
    (:func:`adjustments_to_come`)."""
    if not adjustments_to_come(variant, record):
        return []
    rows = []
    for power, centers, units, builds in adjustment_rows(variant, record["after"]):
        change = f"builds {builds}" if builds > 0 else f"removes {-builds}" if builds < 0 else "none"
        rows.append({"power": power_name(variant, power), "centers": centers, "units": units, "change": change})
    return rows


def due_view(game: GameContext) -> dict:
    """What the current phase must settle, for the game page: the units the last phase
    dislodged and where each may retreat, the builds and removals due (as the last phase's page
    says them); nothing once the game is over, by its rules or by the GM."""
    if not game.phases or game.end is not None or game.phases[-1].record.get("next_phase") is None:
        return {"dislodged": [], "adjustments": []}
    record = game.phases[-1].record
    # units with nowhere to go were disbanded, and no retreat phase comes next: nothing due of
    # them; a year that closes into another kind of phase (Europe 1615 v2's) builds elsewhere
    coming = parse_phase(record["next_phase"]).type
    return {"dislodged": _dislodged_view(game.variant, record) if coming == RETREAT else [],
            "adjustments": _adjustments_view(game.variant, record) if coming == ADJUSTMENT else []}


def current_map(game: GameContext) -> tuple[dict, str]:
    """The board the game page draws, and its caption: the board at the start of the current
    phase or, once the game is over by its rules (its last record has no next phase), the
    final board after the last phase played (the record's ``after``, dated by a phase never played)."""
    position = game.latest_position()
    calendar = game.variant.calendar
    if game.phases and game.phases[-1].record.get("next_phase") is None:
        last = game.phases[-1].id
        return dict(position, phase=last), f"The final board, after {phase_name(calendar, last)}"
    try:
        return position, f"The board at the start of {phase_name(calendar, position['phase'])}"
    except PhaseError:
        return position, "The board at the start of the current phase"


def ordered(variant: Variant, codes, first: tuple[str, ...] = ()) -> list[str]:
    """Power codes in the variant's order (``first`` before it), then any it does not know, by code."""
    known = [p for p in dict.fromkeys((*first, *variant.powers)) if p in codes]
    return known + sorted(set(codes) - set(known))


RANKED_BY = {
    "centers": "most supply centers first",
    "victory": "most supply centers for victory first (the game is won on them), then most supply centers",
    "points": "most victory points first (the game is won on points), then most centers",
    "rounds": "most rounds won first (the game is won by rounds), then the last round's victory points, then centers",
}
"""The standings caption, by the variant's victory measure (:meth:`Rules.victory_measure`)."""


def standings(game: GameContext) -> dict:
    """The standings: one row per played power, ranked by what wins the game (its variant's
    victory measure, never its name), with the figures that ranking uses."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import rules_for

    variant = game.variant
    rules = rules_for(variant)
    measure = rules.victory_measure(variant)
    latest = game.latest_position()
    scores = rules.scores(variant, position_from_json(latest))
    centers, units = latest.get("centers", {}), latest.get("units", {})
    counted = rules.victory_centers(variant, position_from_json(latest)) if measure == "centers" else None
    board = bool(variant.supply_centers())  # a board game without centers or units shows neither
    players = players_now(game)
    won = set(game.winners) | set(game.end["powers"] if game.end and game.end.get("forced") and _victory(game) else ())  # shared
    rows = []
    for code in ordered(variant, set(centers) | set(units) | {p for p, x in variant.powers.items() if x.playable}):
        if not _played(variant, code):
            continue  # minor states and neutrals: no player, shown on the map and the variant's pages
        c, u = len(centers.get(code, [])), len(units.get(code, []))
        status = out_note(scores.notes, code, c, u, board)
        status = (f"winner; {status}" if status else "winner") if code in won else status  # a shared victory's too
        rows.append({"power": power_name(variant, code), "player": players.get(code, ""), "centers": c,
                     "units": u, "status": status, "points": scores.points.get(code, 0),
                     "points_shown": scores.unscored.get(code, scores.points.get(code, 0)),
                     "rounds": scores.rounds.get(code, 0), "victory": (counted or {}).get(code, c), "rank": scores.rank.get(code, 0)})
    ranked_by = "victory" if counted is not None else measure
    keys = {"centers": ("centers",), "victory": ("victory", "centers"), "points": ("points", "centers"),
            "rounds": ("rounds", "points", "centers")}[ranked_by]
    if scores.rank:  # the count that decided the game, before the points shown
        keys = ("rank",) + keys
    rows.sort(key=lambda r: tuple(-r[k] for k in keys))  # stable: a tie keeps the variant's order
    caption = scores.ranking or RANKED_BY[ranked_by]
    if scores.label != "Victory points":
        caption = caption.replace("victory points", scores.label)
    if not board:
        caption = caption.replace(", then most centers", "")
    return {"rows": rows, "measure": measure, "caption": caption,
            "victory_counted": counted is not None, "victory_note": rules.victory_centers_note,
            "scored_in": scores.year, "label": scores.label, "centers_shown": board}


def players_now(game: GameContext) -> dict[str, str]:
    """Who plays each power (code -> name, "" for nobody): ``game.json``'s players, as the last
    record names them; a power whose player the records show leaving, none named after him
    (the GM emptied its Player cell), has none now, as "Players over the game" says."""
    players = dict(game.info.players)
    if game.phases:
        players.update({k: v for k, v in (game.phases[-1].record.get("players") or {}).items() if v})
    players.update(dict.fromkeys(left_without_player(game), ""))
    return players


def player_names(game: GameContext) -> list[str]:
    """The game's players' names, each once, in its powers' order: the standings' players, which
    the archive's index lists so that an archivist finds a player's games."""
    players = players_now(game)
    names = [players[c] for c in ordered(game.variant, players) if players[c] and _played(game.variant, c)]
    return list(dict.fromkeys(names))


def former_player_names(game: GameContext) -> list[str]:
    """The names the records give players who no longer play the game (a power's player
    before his replacement), each once, in its powers' order: the archive's index lists them
    after the players now, so that an archivist finds a game by a player who left it."""
    now = set(player_names(game))
    return [name for name in names_over(game) if name not in now]


def _played(variant: Variant, code: str) -> bool:
    """A power some player orders (a code the variant does not know counts as played), not a
    minor state made in play and coded as its one province (Europe 1615's dissolved power: 'Each
    remaining center becomes a pliant minor state'), no more in the standings than the others."""
    power = variant.powers.get(code)
    return power.playable if power else code not in variant.provinces


def game_summary(game: GameContext) -> dict:
    from gm_tools.publish.latest import game_latest

    current = ""
    if game.current_phase and game.end is None:
        try:
            current = phase_name(game.variant.calendar, game.current_phase)
        except PhaseError:
            current = game.current_phase
    return {
        "name": game.name,
        "variant": game.variant.title,
        "status": _status(game),
        "current": current,
        "current_id": "" if game.end is not None else game.current_phase or "",
        # the deadline the GM typed for the current phase ('' none yet; None: nothing said of it)
        "deadline": game.deadline, "due_noun": game.variant.system.due_for(game.current_phase),  # "orders due", lines, entries
        "winner": in_series([power_name(game.variant, p) for p in game.winners]),
        # a victory the rules give several (Westphalia's players saved), recorded as a draw
        "shared": f"{in_series([power_name(game.variant, p) for p in game.end['powers']])} ({_victory(game).name}, "
                  "shared)" if game.end and game.end.get("forced") and not game.winners and _victory(game) else "",
        "draw": draw_view(game),
        "called": called_view(game),
        "phases": len(game.phases),
        "players": player_names(game),
        "former_players": former_player_names(game),  # the index's too: a game found by either
        # when the game began and last moved: an archivist looks for the games still played
        "started": processed_view({"processed": game.info.created}),
        "last": _last_played(game),
        "colour_key": colour_key(game.variant),  # under the map, shown where its legend is too small
        "symbol_key": symbol_words(game.variant),  # likewise the key to its symbols
        "latest": game_latest(game),  # its place in the archive's latest turns, kept unread
    }


def _last_played(game: GameContext) -> dict | None:
    """When the game last moved: its last phase's processing, or the day the GM ended it
    (``end.json``'s ``declared``, :mod:`gm_tools.app.endgame`) when that came later."""
    last = processed_view(game.phases[-1].record) if game.phases else None
    ended = processed_view({"processed": game.end.get("declared")}) if game.phases and game.end else None
    if ended and (last is None or ended["datetime"] > last["datetime"]):
        return ended
    return last


def _victory(game: GameContext):
    """How the game was won in its last record (:meth:`~gm_tools.engine.rules.Rules.victory`),
    or None: not over, drawn by agreement, or rules that say only who won."""
    from gm_tools.engine.rules import rules_for

    if not game.phases or (game.end is not None and not game.end.get("forced")):
        return None
    record = game.phases[-1].record
    if not record.get("winner") and not isinstance(record.get("draw"), dict):
        return None
    return rules_for(game.variant).victory(game.variant, record)


def _status(game: GameContext) -> str:
    """The game's status (:attr:`GameContext.status`) with the victory named where the rules
    name it: ``won by Yellow Elephant (Peace of Westphalia Victory, 31 Imperial Power)``,
    ``Catholic Victory shared by Red Phoenix and Yellow Elephant``."""
    victory = _victory(game)
    if victory is None:
        return game.status
    if game.winner:
        return f"{game.status} ({victory.name}" + (f", {victory.figure})" if victory.figure else ")")
    return f"{victory.name} shared by " + in_series([power_in_text(game.variant, p) for p in game.end["powers"]])


def _end_phase(game: GameContext) -> str:
    """The phase the game's end came before (or after, when the rules forced it), in words."""
    try:
        return phase_name(game.variant.calendar, game.end.get("phase", ""))
    except PhaseError:
        return str(game.end.get("phase", ""))


def called_view(game: GameContext) -> dict | None:
    """A game the GM ended by calling a winner: who, why, when (phase and date)."""
    if game.end is None or game.end["result"] != "win":
        return None
    return {"winner": in_series([power_name(game.variant, p) for p in game.winners]), "at": _end_phase(game),
            "declared": processed_view({"processed": game.end.get("declared")}), "reason": game.end["reason"]}


def won_view(game: GameContext) -> dict | None:
    """A game its rules ended with a winner (its last record's ``winner``; no end the GM
    called): who, after which phase, why, and when (the deciding phase's ``processed`` time, ""
    for a record without one). Why in the game page's status words, ``won by Yellow Elephant
    (Peace of Westphalia Victory, 31 Imperial Power)``; where the rules name no victory, with the
    count that won it: ``won by France (18 supply centers)``, the variant's victory centers."""
    if game.end is not None or not game.winner or not game.phases:
        return None
    last = game.phases[-1]
    status = _status(game)
    figure = "" if _victory(game) is not None else _winning_figure(game.variant, last.record["after"], game.winner)
    return {"winner": in_series([power_name(game.variant, p) for p in game.winners]), "at": last.title,
            "status": f"{status} ({figure})" if figure else status, "processed": str(last.record.get("processed") or "")}


def _winning_figure(variant: Variant, after: dict, winner: str) -> str:
    """The winner's count of what wins the game (:meth:`Rules.victory_measure`) on the final
    board: ``18 supply centers``, ``25 Victory points``, ``3 rounds won``; "" for a board game
    without centers."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import rules_for

    rules = rules_for(variant)
    measure = rules.victory_measure(variant)
    if measure == "centers":
        if not variant.supply_centers():
            return ""
        counted = rules.victory_centers(variant, position_from_json(after))
        if counted is not None:
            return f"{counted.get(winner, 0)} supply centers for victory"
        return f"{len(after.get('centers', {}).get(winner, []))} supply centers"
    scores = rules.scores(variant, position_from_json(after))
    if measure == "rounds":
        return f"{scores.rounds.get(winner, 0)} rounds won"
    return f"{scores.points.get(winner, 0)} {scores.label}"


def draw_view(game: GameContext) -> dict | None:
    """A game the GM ended as a draw: who shares it, when it was called (phase and date)."""
    if game.end is None or game.end["result"] != "draw":
        return None
    at = _end_phase(game)
    victory = _victory(game)
    reason = game.end.get("reason", "")
    if victory is not None:  # the rules' words (the last phase's page gives the count behind it)
        reason = victory.name + (f" with {victory.figure}" if victory.figure else "")
    sharers = game.end.get("players") or [[p] for p in game.end["powers"]]
    names = [[power_name(game.variant, p) for p in player] for player in sharers]
    return {"powers": [in_series(player) for player in names], "sharers": sharers_in_words(names), "at": at,
            "declared": processed_view({"processed": game.end.get("declared")}),
            "reason": reason, "forced": bool(game.end.get("forced"))}


def game_sections(game: GameContext) -> list[Section]:
    """The game system's sections of the game page (:meth:`SheetHooks.game_sections`), from the
    last record: none before a phase is played."""
    if not game.phases:
        return []
    return [markdown_section(heading, text)
            for heading, text in hooks_for(game.variant).game_sections(game.variant, game.phases[-1].record)]


def markdown_section(heading: str, text: str) -> Section:
    """A system's section of a page from its markdown. A pipe table in it is named by the
    section's heading, as a caption a screen reader reads (the page's other tables have
    theirs): a list of a page's tables otherwise gives it no name. It is a tab stop, as the
    page's other tables are, for a keyboard to scroll it (``.scroll`` in ``style.css``); so is
    a block of preformatted lines (Europe 1615 v2's treasuries), which a phone scrolls too."""
    html = render_markdown(text, row_headers=True)
    if "<table" in html:  # "<table>", or with its figures' columns named ('<table class="n2">')
        html = re.sub(r"<table([^>]*)>", lambda m: f'<table{m.group(1)} tabindex="0">\n<caption class="visually-hidden">'
                      f'{escape(heading)}</caption>', html)
    if "<pre>" in html:
        html = html.replace("<pre>", '<pre tabindex="0">')
    return Section(title=heading, html=Markup(html))


def ledger_view(game: GameContext) -> dict | None:
    """Treasury per year, for systems whose yearly phases keep a book of it
    (:meth:`~gm_tools.engine.rules.Rules.treasury_by_year`: Europe 1619's Builds and
    Transactions Phase); None for the others."""
    from gm_tools.engine.positions import position_from_json
    from gm_tools.engine.rules import rules_for

    variant = game.variant
    latest = game.latest_position()
    treasury = rules_for(variant).treasury_by_year(variant, position_from_json(latest)) if latest else {}
    if not isinstance(treasury, dict) or not treasury:
        return None
    years = sorted(treasury, key=int)
    powers = ordered(variant, {p for y in treasury.values() for p in y})
    rows = [{"power": power_name(variant, code), "values": [_balance(treasury[y].get(code)) for y in years]}
            for code in powers]
    return {"treasury_years": years, "treasury_rows": rows}


def _balance(entry) -> str:
    """A treasury ledger entry as the balance after the year's transactions (TPs)."""
    if isinstance(entry, dict):
        return str(entry.get("new_balance", ""))
    return "" if entry is None else str(entry)
