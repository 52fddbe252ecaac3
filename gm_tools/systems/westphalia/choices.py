"""A listed choice (a League, a doctrine, a card, an edge) as a player or the GM types it: in
any case, without accents or the article, by its start when that is one choice alone
(``catholic``), by its initials (``NW``). A mailed line reads it so (:mod:`.mailforms`), and the
sheets' columns read the same words (:func:`spellings`), so a cell takes what a mail takes.

Rulebook: ``003_b5b9eb4920d39694.txt``.
"""

from __future__ import annotations

import re


def chosen(text, choices: tuple[str, ...]) -> str | None:
    """A choice as listed, matched ignoring case or by the start of one choice alone
    (``evangelical``); the text itself otherwise, for the sheet's check to name."""
    text = str(text or "").strip()
    if not text:
        return None
    found = [c for c in choices if c.lower() == text.lower()] or [c for c in choices if fold(c) == fold(text)] or \
        [c for c in choices if _compact(c) == _compact(text)] or \
        [c for c in choices if c.lower().startswith(text.lower())] or \
        [c for c in choices if len(text) <= 3 and "".join(w[0] for w in re.split(r"[\s-]+", c.lower())) == text.lower()]
    return found[0] if len(found) == 1 else text


def _compact(text) -> str:
    """A choice of two words with or without the hyphen or space: 'north west', 'northwest' for
    north-west ('NW' is its initials)."""
    return re.sub(r"[\s-]", "", fold(text))


def fold(text) -> str:
    """A name as a player may type it without the keys or the article: 'Lubeck' for Lübeck,
    'Palatinate' for The Palatinate."""
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", str(text or "")) if not unicodedata.combining(c))
    return re.sub(r"^the\s+", "", " ".join(plain.casefold().split()))


def spellings(choices: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The words :func:`chosen` reads as one of ``choices`` (a start, the initials, without
    the hyphen), as a choice column's spellings: the GM's ``catholic`` in a League cell is the
    Catholic League, as in a mail, not a cell refused."""
    out: dict[str, str] = {}
    for choice in choices:
        low = choice.casefold()
        words = {low[:k].strip() for k in range(1, len(low))}
        words |= {_compact(choice), low.replace("-", " "), "".join(w[0] for w in re.split(r"[\s-]+", low) if w),
                  fold(choice)}
        for word in sorted(w for w in words if w and w != low):
            if chosen(word, choices) == choice:
                out.setdefault(word, choice)
    return tuple(out.items())
