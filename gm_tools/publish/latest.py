"""The archive's latest turns: the phases processed last across every game, newest first, as
a short list on the archive's index (``templates/index.html``) and as the site's own Atom
feed, ``site/feed.atom`` (:func:`gm_tools.publish.feed.atom_document`, the games' writer).

Both are made from the games' summaries alone (:func:`gm_tools.publish.siteviews.game_summary`,
which the build's manifest keeps): each keeps its game's :data:`KEPT` latest phases
(:func:`game_latest`), so a game shown again unread still has its place in them, and one new
phase costs the same however large the archive. Ordered by the record's ``processed`` time
(``docs/game-record.md``), newest first; a record without one last, with no date; a tie goes
by the game's name, then the later phase first. Same summaries, same bytes.
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


def game_latest(game) -> dict:
    """A game's part of the latest turns, for its summary: the feed id its phases are named by,
    its ``created`` time (an undated phase's date in the feed, as in its game's), and its
    :data:`KEPT` latest phases (id, title, processed time or "", link from the site's top),
    newest first, a tie the later phase first, an undated phase last."""
    order = sorted(range(len(game.phases)), key=lambda i: (_stamp(game.phases[i].record), i), reverse=True)
    phases = [game.phases[i] for i in order[:KEPT]]
    return {"feed_id": game_id(game.name, game.info.created), "created": game.info.created or EPOCH,
            "phases": [{"phase": p.id, "title": p.title, "processed": _stamp(p.record),
                        "link": f"{GAMES}/{game.name}/{p.id}.html"} for p in phases]}


def kept(summary) -> bool:
    """Does a summary (the manifest's) keep its game's latest phases? One an older build
    kept does not, and its game is read again (:meth:`~gm_tools.publish.sitefiles.Manifest.shows_again`)."""
    latest = summary.get("latest")
    return (isinstance(latest, dict) and isinstance(latest.get("feed_id"), str) and isinstance(latest.get("created"), str)
            and isinstance(latest.get("phases"), list))


def _merged(summaries: list[dict], count: int) -> list[dict]:
    """The ``count`` latest phases of every game: each game's list is in that order already, so
    they are merged (a heap of one phase a game), not sorted: an archive of a thousand games
    looks at its thousand newest phases and a few more, not all it keeps. A tie of times goes
    by the game's name; within a game its own list's order stands (the merge keeps it)."""
    rank = {name: -at for at, name in enumerate(sorted(s["name"] for s in summaries))}

    def phases(s: dict):  # a game's, lazily: the merge takes from each only what it lists
        latest, r = s["latest"], rank[s["name"]]
        return (((item["processed"], r), item, s["name"], latest) for item in latest["phases"])
    # equal keys (one game's phases at the same time) come out in their list's order
    merged = heapq.merge(*map(phases, summaries), key=lambda t: t[0], reverse=True)
    return [dict(item, game=name, feed_id=latest["feed_id"], created=latest["created"])
            for _, item, name, latest in itertools.islice(merged, count)]


def index_list(summaries: list[dict]) -> list[dict]:
    """The index's list: game, title, link and when (:func:`~gm_tools.publish.siteviews.processed_view`, or None)."""
    from gm_tools.publish.siteviews import processed_view

    return [{"game": i["game"], "title": i["title"], "link": i["link"],
             "when": processed_view({"processed": i["processed"]})} for i in _merged(summaries, ON_INDEX)]


def site_feed(summaries: list[dict]) -> str:
    """``site/feed.atom``: the :data:`IN_FEED` latest phases of every game, each entry named by
    its game's feed id and the phase (so it never changes) and linking to the phase's page."""
    entries = []
    for i in _merged(summaries, IN_FEED):
        title = f"{i['game']}: {i['title']}"
        entries.append((f"{SITE_ID}/{i['feed_id'].partition(',')[2]}/{i['phase']}",
                        FeedEntry(phase=i["phase"], title=title, link=i["link"], updated=i["processed"] or i["created"],
                                  summary=f"{title} is played; its results and map are on its page.")))
    return atom_document(SITE_ID, "Games: the latest turns", EPOCH, entries)
