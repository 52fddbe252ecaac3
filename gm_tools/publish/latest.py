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

from gm_tools.publish.feed import EPOCH, FeedEntry, atom_document, game_id

ON_INDEX = 10
"""Phases the archive's index lists."""
IN_FEED = 30
"""Entries of the site's feed."""
KEPT = max(ON_INDEX, IN_FEED)
"""Phases each game's summary keeps: the whole list could be one game's."""
SITE_ID = "tag:gm-tools.invalid,2026:archive"
"""The site feed's tag URI (RFC 4151): a game's has a full date (:func:`gm_tools.publish.feed.game_id`),
so the two never meet."""


def _stamp(record: dict) -> str:
    """The record's ``processed`` time when it is one (RFC 3339 UTC, as the site shows it), else ""."""
    from gm_tools.publish.siteviews import processed_view

    return processed_view(record)["datetime"] if processed_view(record) else ""


def _newest_first(items: list[dict]) -> list[dict]:
    items = sorted(items, key=lambda i: (i["game"], -i["order"]))
    return sorted(items, key=lambda i: i["processed"], reverse=True)  # stable: the ties keep the order above


def game_latest(game) -> dict:
    """A game's part of the latest turns, for its summary: the feed id its phases are named by,
    its ``created`` time (an undated phase's date in the feed, as in its game's), and its :data:`KEPT` latest phases (id, title, processed time or "", link from the site's
    top, place in the game), newest first."""
    items = [{"game": game.name, "phase": p.id, "title": p.title, "processed": _stamp(p.record),
              "link": f"games/{game.name}/{p.id}.html", "order": i} for i, p in enumerate(game.phases)]
    return {"feed_id": game_id(game.name, game.info.created), "created": game.info.created or EPOCH,
            "phases": _newest_first(items)[:KEPT]}


def kept(summary) -> bool:
    """Does a summary (the manifest's) keep its game's latest phases? One an older build
    kept does not, and its game is read again (:meth:`~gm_tools.publish.sitefiles.Manifest.shows_again`)."""
    latest = summary.get("latest")
    return (isinstance(latest, dict) and isinstance(latest.get("feed_id"), str) and isinstance(latest.get("created"), str)
            and isinstance(latest.get("phases"), list))


def _merged(summaries: list[dict], count: int) -> list[dict]:
    items = [dict(item, feed_id=s["latest"]["feed_id"], created=s["latest"]["created"]) for s in summaries for item in s["latest"]["phases"]]
    return _newest_first(items)[:count]


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
