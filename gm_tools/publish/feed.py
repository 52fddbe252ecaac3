"""Atom feeds (RFC 4287): a game's, one entry per processed phase, and the archive's, the
latest phases of every game (:mod:`gm_tools.publish.latest`), both newest first.

Each entry is dated by its record's ``processed`` time (``docs/game-record.md``; kept in the
record, so a rebuild or a replay gives the same bytes); a record from before that key was
kept is dated by ``game.json``'s ``created``. The feed's own ``updated`` is its newest entry's.
Links are relative to the feed's own address (RFC 4287 section 4.2.7.1 allows it), so the
site works from any host.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.edges.xmltext import escape, quoteattr

EPOCH = "1970-01-01T00:00:00Z"
"""Date used when ``game.json`` has no ``created`` time (a hand-made record)."""


@dataclass(frozen=True)
class FeedEntry:
    """One processed phase."""

    phase: str
    """Phase id: ``S1901M``."""
    title: str
    """``Spring 1901 Movement``."""
    link: str
    """Address of the phase page, relative to the feed: ``S1901M.html``."""
    summary: str
    """Plain text of the entry: the judge-style results."""
    updated: str = ""
    """When the phase was processed (RFC 3339 UTC), or "" when its record does not say."""


def game_id(game: str, created: str) -> str:
    """A game's tag URI (RFC 4151): it names the game for ever, whatever host the site moves to."""
    return f"tag:gm-tools.invalid,{(created or EPOCH)[:10]}:{game}"


def atom_feed(game: str, title: str, created: str, entries: list[FeedEntry]) -> str:
    """A game's feed. ``entries`` in play order; the feed lists them newest first."""
    created = created or EPOCH
    base_id = game_id(game, created)
    return atom_document(base_id, title, created,
                         [(f"{base_id}/{e.phase}", e) for e in reversed(entries)])


def atom_document(feed_id: str, title: str, dated: str, entries: list[tuple[str, FeedEntry]]) -> str:
    """The feed document: ``entries`` (each with its id) in the order given; an entry whose
    record does not say when it was processed is dated ``dated``, and so is the feed when
    no entry is later. Its links: ``index.html`` and itself, ``feed.atom``, beside it."""
    updated = max([dated] + [e.updated for _, e in entries if e.updated])
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"<title>{escape(title)}</title>",
        f"<id>{escape(feed_id)}</id>",
        f"<updated>{escape(updated)}</updated>",
        "<author><name>Game master</name></author>",
        '<link rel="alternate" type="text/html" href="index.html"/>',
        '<link rel="self" type="application/atom+xml" href="feed.atom"/>',
    ]
    for entry_id, entry in entries:
        out += [
            "<entry>",
            f"<title>{escape(entry.title)}</title>",
            f"<id>{escape(entry_id)}</id>",
            f"<updated>{escape(entry.updated or dated)}</updated>",
            f'<link rel="alternate" type="text/html" href={quoteattr(entry.link)}/>',
            f'<content type="text">{escape(entry.summary)}</content>',
            "</entry>",
        ]
    out.append("</feed>")
    return "\n".join(out) + "\n"
