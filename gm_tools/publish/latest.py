"""The archive's latest turns: the phases processed last across every game, and the games' ends
(:func:`game_end`), newest first, as a short list on the archive's index
(``templates/index.html``) and as the site's own Atom feed, ``site/feed.atom``
(:func:`gm_tools.publish.feed.atom_document`, the games' writer).

Both are made from the games' summaries alone (:func:`gm_tools.publish.siteviews.game_summary`,
which the build's manifest keeps): each keeps its game's :data:`KEPT` latest phases
(:func:`game_latest`), so a game shown again unread still has its place in them, and one new
phase costs the same however large the archive. Ordered by the record's ``processed`` time
(``docs/game-record.md``), newest first; a record without one last, with no date; a tie goes
by the game's name, then the later phase first, a game's end before the phase that decided it.
Same summaries, same bytes.
"""

from __future__ import annotations

import heapq
import itertools

from gm_tools.publish.feed import EPOCH, FeedEntry, atom_document, game_id

GAMES = "games"
"""The site's folder of games (:data:`gm_tools.publish.site.GAMES`)."""

ON_INDEX = 10
"""Phases the archive's index lists."""
IN_FEED = 20
"""Entries of the site's feed."""
KEPT = max(ON_INDEX, IN_FEED)
"""Phases each game's summary keeps: the whole list could be one game's."""
SITE_ID = "tag:gm-tools.invalid,2026:archive"
"""The site feed's tag URI (RFC 4151): a game's has a full date (:func:`gm_tools.publish.feed.game_id`),
so the two never meet."""


def _stamp(record: dict) -> str:
    """The record's ``processed`` time when it is one (RFC 3339 UTC, as the site shows it), else ""."""
    from gm_tools.publish.siteviews import processed_view

    view = processed_view(record)
    return view["datetime"] if view else ""


def game_end(game) -> dict | None:
    """How the game ended, as its feed and the archive's announce it, or None while it goes on:
    a winner the rules gave (its last record's ``winner``: dated by that phase's ``processed``
    time), a winner the GM called or a draw (``end.json``: dated by its ``declared`` time; a
    draw the rules forced, by its phase's). ``id``: the entry's name in the feeds, ``win`` or
    ``draw``, for ever; ``title``, ``text``, and ``updated`` as the record says it ("" for none)."""
    from gm_tools.publish.siteviews import _status, _victory, called_view, draw_view, power_name, won_view

    called = called_view(game)
    if called:
        return {"id": "win", "title": f"Winner: {called['winner']}",
                "text": f"The GM called {called['winner']} the winner before {called['at']}: {called['reason']}.",
                "updated": str(game.end.get("declared") or "")}
    draw = draw_view(game)
    victory = _victory(game) if draw and draw["forced"] else None
    if victory:  # a victory the rules share (Westphalia's players saved), kept as a draw: its id stays
        from gm_tools.publish.judgetext import in_series

        names = in_series([power_name(game.variant, p) for p in game.end["powers"]])
        return {"id": "draw", "title": f"Winners: {names} ({victory.name}, shared)", "text": "The game is won by "
                f"the rules after {draw['at']}: {_status(game)}.", "updated": str(game.end.get("declared") or "")}
    if draw:
        return {"id": "draw", "title": f"Draw: {', '.join(draw['powers'])}",
                "text": f"The game is drawn between {draw['sharers']}, "
                        + (f"forced by the rules after {draw['at']}: {draw['reason']}."
                           if draw["forced"] else f"called before {draw['at']}."),
                "updated": str(game.end.get("declared") or "")}
    won = won_view(game)
    if won:
        return {"id": "win", "title": f"Winner: {won['winner']}",
                "text": f"The game is won by the rules after {won['at']}: {won['status']}.", "updated": won["processed"]}
    return None


def game_latest(game) -> dict:
    """A game's part of the latest turns, for its summary: the feed id its phases are named by,
    its ``created`` time (an undated phase's date in the feed, as in its game's), its
    :data:`KEPT` latest phases (id, title, processed time or "", link from the site's top),
    newest first, a tie the later phase first, an undated phase last; and its end
    (:func:`game_end`: id, title, text, time or "", the game page's link), or None."""
    order = sorted(range(len(game.phases)), key=lambda i: (_stamp(game.phases[i].record), i), reverse=True)
    phases = [game.phases[i] for i in order[:KEPT]]
    end = game_end(game)
    return {"feed_id": game_id(game.name, game.info.created), "created": game.info.created or EPOCH,
            "phases": [{"phase": p.id, "title": p.title, "processed": _stamp(p.record),
                        "link": f"{GAMES}/{game.name}/{p.id}.html"} for p in phases],
            "end": end and {"phase": end["id"], "title": end["title"], "text": end["text"],
                            "processed": _stamp({"processed": end["updated"]}), "link": f"{GAMES}/{game.name}/index.html"}}


def kept(summary) -> bool:
    """Does a summary (the manifest's) keep its game's latest phases and its end? One an older
    build kept does not, and its game is read again (:meth:`~gm_tools.publish.sitefiles.Manifest.shows_again`)."""
    latest = summary.get("latest")
    return (isinstance(latest, dict) and isinstance(latest.get("feed_id"), str) and isinstance(latest.get("created"), str)
            and isinstance(latest.get("phases"), list) and "end" in latest
            and (latest["end"] is None or isinstance(latest["end"], dict)))


def _items(latest: dict) -> list[dict]:
    """A game's latest phases with its end among them, newest first: before the phases of its
    time or earlier (a win by the rules is dated as the phase that decided it, and follows
    it); an undated end last."""
    phases, end = latest["phases"], latest.get("end")
    if not end:
        return phases
    at = next((i for i, p in enumerate(phases) if end["processed"] and p["processed"] <= end["processed"]), len(phases))
    return phases[:at] + [end] + phases[at:]


def _merged(summaries: list[dict], count: int) -> list[dict]:
    """The ``count`` latest phases and ends of every game: each game's list is in that order already, so
    they are merged (a heap of one phase a game), not sorted: an archive of a thousand games
    looks at its thousand newest phases and a few more, not all it keeps. A tie of times goes
    by the game's name; within a game its own list's order stands (the merge keeps it)."""
    rank = {name: -at for at, name in enumerate(sorted(s["name"] for s in summaries))}

    def phases(s: dict):  # a game's, lazily: the merge takes from each only what it lists
        latest, r = s["latest"], rank[s["name"]]
        return (((item["processed"], r), item, s["name"], latest) for item in _items(latest))
    # equal keys (one game's phases at the same time) come out in their list's order
    merged = heapq.merge(*map(phases, summaries), key=lambda t: t[0], reverse=True)
    return [dict(item, game=name, feed_id=latest["feed_id"], created=latest["created"])
            for _, item, name, latest in itertools.islice(merged, count)]


def index_list(summaries: list[dict]) -> list[dict]:
    """The index's list (phases and ends): game, title, link and when (:func:`~gm_tools.publish.siteviews.processed_view`, or None)."""
    from gm_tools.publish.siteviews import processed_view

    return [{"game": i["game"], "title": i["title"], "link": i["link"],
             "when": processed_view({"processed": i["processed"]})} for i in _merged(summaries, ON_INDEX)]


def site_feed(summaries: list[dict]) -> str:
    """``site/feed.atom``: the :data:`IN_FEED` latest phases and ends of every game, each entry
    named by its game's feed id and the phase, or ``win`` or ``draw`` (so it never changes), and
    linking to the phase's page, or the game's for its end."""
    entries = []
    for i in _merged(summaries, IN_FEED):
        title = f"{i['game']}: {i['title']}"
        entries.append((f"{SITE_ID}/{i['feed_id'].partition(',')[2]}/{i['phase']}",
                        FeedEntry(phase=i["phase"], title=title, link=i["link"], updated=i["processed"] or i["created"],
                                  summary=i["text"] if "text" in i else f"{title} is played; its results and map are on its page.")))
    return atom_document(SITE_ID, "Games: the latest turns", EPOCH, entries)
