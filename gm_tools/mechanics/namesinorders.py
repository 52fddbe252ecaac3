"""The minor states and powers as players name them in influence orders (``5: Bremen``,
``BRAP > Catholic League``), shared by the variants that read those orders (Europe 1619's
Diplomatic Phase, Europe 1615's deployments): by code or name, in any case, a hyphen read as
a space; a power also by the start of its name when only one name starts so ("Catholic
League" for "Catholic League and Bavaria"); and, for a name found nowhere, the nearest ones to
suggest. The orders themselves are read in :mod:`.influenceorders`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Callable, Iterable, Mapping


_DASHES = str.maketrans(dict.fromkeys("-‐‑‒–—−", " "))
"""A hyphen, and the dashes a word processor or Excel's AutoCorrect puts for one
('Brandenburg–Prussia'), read as a space."""
_UMLAUTS = str.maketrans({"Ä": "AE", "Ö": "OE", "Ü": "UE"})
"""The variants write German names without umlauts, as 'Wuerzburg': 'Würzburg' is that name."""


def spelling(word: str) -> str:
    """A name as orders compare it: upper case, a hyphen or dash as a space, single spaces,
    umlauts written out and other accents left off ('Würzburg', 'Béarn': WUERZBURG, BEARN)."""
    plain = unicodedata.normalize("NFKD", word.upper().translate(_UMLAUTS))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).translate(_DASHES).split())


def minor_spellings(minors: Mapping) -> dict[str, str]:
    """Every way to name a minor state (its code, its name, its aliases) -> its code."""
    found: dict[str, str] = {}
    for code, minor in minors.items():
        for word in (code, minor.name, *minor.aliases):
            found[spelling(word)] = code
    return found


def power_spellings(powers: Iterable[str], name_of: Callable[[str], str]) -> dict[str, str]:
    """Every way to name a power (its code, its name) -> its code."""
    found: dict[str, str] = {}
    for code in powers:
        found[spelling(code)] = code
        found[spelling(name_of(code))] = code
    return found


def minor_named(minors: Mapping, word: str) -> str | None:
    """The code of the minor state ``word`` names, or None. A name after 'the' is the name:
    Europe 1615's 'Writing the orders' deploys "3 INFs to the Rhineland (RHI)" and "12 INFs to
    the Lorraine (LOR)"."""
    key, spellings = spelling(word), minor_spellings(minors)
    found = spellings.get(key) or (spellings.get(key[4:]) if key.startswith("THE ") else None)
    named = None if found else re.fullmatch(r"(.+?)\s*\(\s*([^()]+?)\s*\)", word.strip())
    if named:
        # the example's own 'Wuerttemburg (WUR)', as a GM copies it into a cell: the name and
        # the code in brackets must agree
        name, code = minor_named(minors, named.group(1)), minor_named(minors, named.group(2))
        found = name if name and name == code else None
    return found


def power_named(powers: Iterable[str], name_of: Callable[[str], str], word: str) -> str | None:
    """The code of the power ``word`` names (its code or name, or the start of its name in whole
    words when only one power's name starts so), or None."""
    key, powers = spelling(word), list(powers)
    for code in powers:
        if key in (spelling(code), spelling(name_of(code))):
            return code
    starts = [code for code in powers if (spelling(name_of(code)) + " ").startswith(key + " ")]
    return starts[0] if key and len(starts) == 1 else None


def closest(word: str, spellings: Mapping[str, str]) -> str | None:
    """The codes whose spellings are nearest to ``word`` (all that tie for the best score, at
    most three, "A or B"), or None when nothing is near enough to be a misspelling."""
    key = spelling(word)
    scored = sorted((-difflib.SequenceMatcher(None, key, s).ratio(), code) for s, code in spellings.items())
    if not scored or -scored[0][0] < 0.5:
        return None
    best = scored[0][0]
    codes = dict.fromkeys(code for score, code in scored if score == best)
    return " or ".join(list(codes)[:3])
