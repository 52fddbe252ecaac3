"""Who played each power over a game, from its records alone: each history record keeps the
players as the Game sheet named them when its phase was processed (``docs/game-record.md``,
``players``). A long play-by-email game loses players and the GM types a replacement's name;
the game page lists, for the powers whose player changed, each player with the phases he
played, and the archive's index names the former players too, so that an archivist finds the
game by either (``docs/site.md``).
"""

from __future__ import annotations

from gm_tools.publish.judgetext import power_name
from gm_tools.publish.sitecontext import GameContext


def _spans(game: GameContext) -> dict[str, list[dict]]:
    """Power code -> its runs of phases with one player ("" for none), in the game's order:
    ``{"player", "first", "last"}``, the first and last being the phases' contexts. A record
    that names no players (one written before they were kept) continues the run before it."""
    spans: dict[str, list[dict]] = {}
    for phase in game.phases:
        named = phase.record.get("players")
        if not isinstance(named, dict):
            continue
        for code in set(named) | set(spans):
            player = str(named.get(code) or "").strip()
            runs = spans.setdefault(code, [])
            if runs and runs[-1]["player"] == player:
                runs[-1]["last"] = phase
            else:
                runs.append({"player": player, "first": phase, "last": phase})
    return spans


def _ordered(game: GameContext, codes) -> list[str]:
    """The played powers among ``codes``, in the variant's order, then any it does not know."""
    powers = game.variant.powers
    known = [p for p in powers if p in codes and powers[p].playable]
    return known + sorted(c for c in codes if c not in powers)


def players_over(game: GameContext) -> list[dict]:
    """The played powers whose player changed during the game, in the variant's order: each
    its name and its players in turn, ``{"player", "first", "last", "until_now"}`` (the phases'
    ids and titles; ``until_now`` for the last player of a game still played, who is playing
    it now). Empty for a game whose players never changed."""
    spans = _spans(game)
    going = bool(game.phases) and game.end is None and game.phases[-1].record.get("next_phase") is not None
    views = []
    for code in _ordered(game, spans):
        runs = spans[code]
        if len(runs) < 2:
            continue
        views.append({"power": power_name(game.variant, code), "players": [
            {"player": r["player"], "first": {"id": r["first"].id, "title": r["first"].title},
             "last": {"id": r["last"].id, "title": r["last"].title},
             "until_now": going and n == len(runs) - 1}
            for n, r in enumerate(runs)]})
    return views


def names_over(game: GameContext) -> list[str]:
    """Every name the records give a played power's player, each once, by power in the
    variant's order and within a power by when he played it."""
    spans = _spans(game)
    names = [r["player"] for code in _ordered(game, spans) for r in spans[code] if r["player"]]
    return list(dict.fromkeys(names))


def left_without_player(game: GameContext) -> set[str]:
    """The powers whose player the records show leaving with nobody named after him: a name in
    an earlier record, none in the last. (A power no record ever names keeps ``game.json``'s
    player: records written without the players say nothing of who left.)"""
    return {code for code, runs in _spans(game).items() if len(runs) > 1 and not runs[-1]["player"]}
