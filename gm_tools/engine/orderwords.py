"""The words of an order: the vocabulary (``S``, ``supports``, ``->``), province names
(code, full name, alias, coasts) with did-you-mean suggestions, and the reader that turns a
written order into words and provinces (``OrderSyntaxError`` when it cannot). Checking
what was read against the map and the position is :mod:`gm_tools.engine.parser`'s job.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from gm_tools.errors import IllegalOrderError, OrderSyntaxError
from gm_tools.engine.model import ARMY, FLEET, province_of
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT
from gm_tools.engine.variant import Variant

# --- vocabulary ---------------------------------------------------------------------------

# English, and the words German, French and Italian players write (no province of any
# variant is so named: tests/test_parser.py)
KIND_WORDS = {"a": ARMY, "army": ARMY, "f": FLEET, "fleet": FLEET,
              "armee": ARMY, "armée": ARMY, "armata": ARMY, "esercito": ARMY, "flotte": FLEET, "flotta": FLEET}
HOLD_WORDS = {"h", "hold", "holds", "stand", "stands", "hält", "haelt", "bleibt", "tient", "tiene", "resta"}
MOVE_WORDS = {"-", "to", "into", "move", "moves", "moving", "attack", "attacks", "nach", "vers", "verso"}
TO_WORDS = {"to", "into"}
"""The words after a move word (``moves to``, ``moving into``), read with it."""
SUPPORT_WORDS = {"s", "sup", "support", "supports", "unterstützt", "unterstuetzt", "soutient", "sostiene", "supporta"}
CONVOY_WORDS = {"c", "convoy", "convoys", "konvoiert", "convoie", "convoglia"}
VIA_WORDS = {"via", "by"}
RETREAT_WORDS = {"r", "retreat", "retreats"}
DISBAND_WORDS = {"d", "disband", "disbands", "remove", "removes"}
BUILD_WORDS = {"b", "build", "builds"}
WAIVE_WORDS = {"waive", "waives"}
KEYWORDS = (
    HOLD_WORDS | MOVE_WORDS | SUPPORT_WORDS | CONVOY_WORDS | VIA_WORDS | RETREAT_WORDS
    | DISBAND_WORDS | BUILD_WORDS | WAIVE_WORDS | {"/"}
)

# Coasts: the usual abbreviations, and compass words that may be followed by "coast".
COAST_ABBREVIATIONS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC"}
COAST_DIRECTIONS = {
    "north": "NC", "northern": "NC", "south": "SC", "southern": "SC",
    "east": "EC", "eastern": "EC", "west": "WC", "western": "WC",
}
# The judges' notation that programs write: unit kinds and the keywords it uses.
JUDGE_KINDS = {"A": ARMY, "F": FLEET}
_JUDGE_KEYWORDS = frozenset({"h", "-", "s", "c", "via", "convoy"})

# Single letters are read as coasts only after a separator (SPA/N, SPA(s)): a bare "S"
# after a province is the support keyword.
COAST_LETTERS = {"n": "NC", "s": "SC", "e": "EC", "w": "WC"}

# Characters a spreadsheet or a mail client may put where a player meant "-".
_ARROWS = ("->", "=>", "→", "⇒", "⟶", "–", "—", "−", "‐", "‑", "‒", ">")

PHASE_NAMES = {MOVEMENT: "movement", RETREAT: "retreat", ADJUSTMENT: "adjustment"}

# A unit in words: "the fleet in London", "an army in Paris", "build a fleet at Brest".
_ARTICLES = {"the", "a", "an"}
_KIND_NAMES = {"army", "fleet"}
_PLACED_AT = {"in", "at"}


# --- names ----------------------------------------------------------------------------------


def _normal_words(name: str) -> tuple[str, ...]:
    """A name as the word tuple orders are matched against: ``"St. Petersburg"`` ->
    ``("st", "petersburg")``, ``"Mid-Atlantic Ocean"`` -> ``("mid", "atlantic", "ocean")``."""
    name = name.lower().replace(".", "").replace("'", "").replace("’", "")
    return tuple(re.sub(r"[-/()_,]", " ", name).split())


_UMLAUTS_LONG = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_UMLAUTS_SHORT = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


def _folded(word: str, long: bool = True) -> str:
    """A lower-case word with its umlauts written out ('württemberg' -> 'wuerttemberg') or,
    ``long`` False, left off ('wurttemberg'): the two ways the variants spell German names."""
    return word.translate(_UMLAUTS_LONG if long else _UMLAUTS_SHORT)


@dataclass(frozen=True)
class Names:
    """Every way the variant's provinces may be written, ready for matching."""

    by_words: dict[tuple[str, ...], str]
    """Normalised word tuple -> location (a province code, or ``"SPA/NC"`` for coast names)."""
    longest: int
    """The most words any name has: how far a match may reach."""
    hyphenated: frozenset[str]
    """Words that are written with a hyphen inside a name (``mid-atlantic``): in an order
    such a word is part of a name, any other hyphen is the move operator (``PAR-BUR``)."""
    spellings: tuple[tuple[str, str], ...]
    """(spelling, province code) pairs, sorted, that suggestions are chosen from."""
    first_words: frozenset[str]
    """First words of the names that have more than one word (``"north"`` of "north sea"):
    a single word that is not one of them is a whole name, and needs no longest-match search."""
    coast_words: frozenset[str]
    """Every word that may start a coast after a province (``"/"``, ``"nc"``, ``"north"``, the
    variant's own coast codes): any other word after a province is not a coast."""
    exact: dict[str, "Place"]
    """Spellings of the judges' notation (``"PAR"``, ``"SPA/NC"``) -> the place the word
    reader reads from them, for :func:`_judge_notation`: only those it reads as one whole
    place whatever keyword of that notation follows."""


_NAMES_CACHE: dict[int, tuple[Variant, Names]] = {}


def names_of(variant: Variant) -> Names:
    cached = _NAMES_CACHE.get(id(variant))
    if cached is not None and cached[0] is variant:
        return cached[1]
    by_words: dict[tuple[str, ...], str] = {}
    hyphenated: set[str] = set()
    # Codes and names first, so they win over any alias or lookup entry that collides.
    spellings: list[tuple[str, str]] = []
    for code in sorted(variant.provinces):
        prov = variant.provinces[code]
        spellings += [(code, code), (prov.name, code)] + [(a, code) for a in prov.aliases]
    spellings += list(variant.lookup.items())
    for spelling, location in spellings:
        for word in spelling.lower().replace(".", "").split():
            if "-" in word.strip("-"):
                hyphenated.add(word)
        words = _normal_words(spelling)
        if words and province_of(location) in variant.provinces:
            by_words.setdefault(words, location)
    first_words = frozenset(words[0] for words in by_words if len(words) > 1)
    coast_words = (
        frozenset({"/"}) | frozenset(COAST_ABBREVIATIONS) | frozenset(COAST_DIRECTIONS)
        | frozenset(c.lower() for prov in variant.provinces.values() for c in prov.coasts)
    )
    names = Names(
        by_words,
        max((len(w) for w in by_words), default=1),
        frozenset(hyphenated),
        tuple(sorted((" ".join(k), province_of(v)) for k, v in by_words.items())),
        first_words,
        coast_words,
        _exact_places(variant, by_words, coast_words),
    )
    _NAMES_CACHE[id(variant)] = (variant, names)
    return names


def _exact_places(variant: Variant, by_words: dict, coast_words: frozenset[str]) -> dict[str, "Place"]:
    """The spellings for :attr:`Names.exact`. A code is left out when a longer name starts
    with it and a keyword of the notation (the word reader would read on: none in the
    standard map, but "spa nc" shows how names run on) or when it is itself a keyword;
    everything is left out when a keyword of the notation could be read as a coast."""
    if _JUDGE_KEYWORDS & coast_words:
        return {}
    runs_on = {words[0] for words in by_words if len(words) > 1 and words[1] in _JUDGE_KEYWORDS}
    exact: dict[str, Place] = {}
    for code in sorted(variant.provinces):
        word = code.lower()
        if not code.isalnum() or by_words.get((word,)) != code or word in KEYWORDS | set(KIND_WORDS):
            continue
        if word not in runs_on:
            exact[code] = Place(code, None, code)
        for coast in variant.provinces[code].coasts:
            if coast.isalnum():
                # The word reader reads "SPA/NC" as SPA, "/", NC: no name runs over a "/".
                exact[f"{code}/{coast}"] = Place(code, coast, f"{code} / {coast}")
    return exact


def _suggest(variant: Variant, names: Names, words: list[str]) -> str | None:
    """The province codes closest to the unknown words (difflib over codes, names and
    aliases), best first; several when they score the same (``PAR or POR or PRU``)."""
    # A name cut short ('den' for Denmark, 'pie' for Piedmont) is what a player means far more
    # often than a spelling a letter or two off: difflib put 'den' nearest 'baden' (WUR).
    typed = " ".join(w.lower() for w in words)
    if len(typed) >= 3:
        cut = sorted({code for key, code in names.spellings if key.startswith(typed)})
        if cut:
            return " or ".join(cut[:3])
    best = 0.6  # difflib's usual cut-off for "close"
    codes: list[str] = []
    matcher = difflib.SequenceMatcher()
    for n in range(1, len(words) + 1):
        matcher.set_seq2(" ".join(w.lower() for w in words[:n]))
        for key, code in names.spellings:
            matcher.set_seq1(key)
            # The quick upper bounds skip most keys before the costly ratio().
            if matcher.real_quick_ratio() < best - 1e-9 or matcher.quick_ratio() < best - 1e-9:
                continue
            score = matcher.ratio()
            if score > best + 1e-9:
                best, codes = score, [code]
            elif score >= best - 1e-9 and code not in codes:
                codes.append(code)
    if not codes:
        return None
    return " or ".join(sorted(codes)[:3])


_OPENING_WORDS = ("army", "fleet", "build", "remove", "disband", "waive", "retreat")
"""The order words an order may open with, which a misspelling at its start is near."""


_UNIT_ORDER_WORDS = ("hold", "holds", "move", "moves", "attacks", "support", "supports", "convoy", "convoys")
"""The English words of a unit's order after the unit, which a misspelling there is near."""


def near_order_word(word: str | None) -> str | None:
    """The order word (``MOVES``) a misspelt word after the unit (``mvoes``) is near, or None."""
    near = difflib.get_close_matches(word or "", _UNIT_ORDER_WORDS, n=1, cutoff=0.75) if len(word or "") >= 4 else []
    return near[0].upper() if near else None


def _near_opening_word(names: Names, word: str) -> str | None:
    """The order word (``BUILD``) a misspelt first word (``Bulid``) is near, when no province's
    name begins with it: a name cut short is a province (``Bul``)."""
    typed = word.lower()
    if len(typed) < 4 or any(key.startswith(typed) for key, _ in names.spellings):
        return None
    near = difflib.get_close_matches(typed, _OPENING_WORDS, n=1, cutoff=0.75)
    if not near:
        return None
    score = difflib.SequenceMatcher(None, typed, near[0]).ratio()
    # as near a province's name ('Waies': Wales or WAIVE), the province is the likelier slip
    if any(difflib.SequenceMatcher(None, typed, key).ratio() >= score for key, _ in names.spellings):
        return None
    return near[0].upper()


# --- reading ---------------------------------------------------------------------------------

# Text with nothing to translate: no arrows, brackets or punctuation, and every "-" a word of
# its own. Orders written by programs (``A PAR - BUR``, ``F SPA/NC - MAO``) are all like this.
_PLAIN = re.compile(r"[^\w /-]|-\S|\S-")


def _tokens(text: str, names: Names) -> list[str]:
    """Split order text into words, keeping the player's case for messages."""
    if not _PLAIN.search(text):
        return text.replace("/", " / ").split()
    return _translated_tokens(text, names)


def _translated_tokens(text: str, names: Names) -> list[str]:
    """Words of any text: arrows and dashes become "-", brackets and slashes "/", stray
    punctuation goes, and a hyphen splits words unless it belongs to a name (``mid-atlantic``).
    For plain text this gives the same words as the quick split in :func:`_tokens`."""
    for arrow in _ARROWS:
        text = text.replace(arrow, " - ")
    text = text.replace("(", " / ").replace("/", " / ").replace(")", " ")
    # quotes a mail program or a word processor curls (“A VEN - TRI”) go as straight ones do
    text = re.sub(r"[.,;:'’‘\"“”„«»]", lambda m: " " if m.group() in ",;:\"“”„«»" else "", text)
    tokens: list[str] = []
    for raw in text.split():
        if "-" not in raw or raw == "-":
            tokens.append(raw)
        elif raw.lower() in names.hyphenated or (not raw.isascii() and _folded(raw.lower()) in names.hyphenated):
            tokens += [part for part in raw.split("-") if part]
        else:
            tokens += [part for part in re.split(r"(-)", raw) if part]
    return tokens


STRENGTH_MARK = re.compile(r"^\+?\d+$")
"""A unit's strength as the Europe maps mark it ('+1') or the Units sheet gives it ('2'),
copied into an order ('A HLD (+1) - FRI')."""


def strength_written(province: str, found: str) -> str:
    """Why an order with its unit's strength in it is refused: read as a coast, it said
    "expected a coast after 'HLD/'", a slash the player never wrote."""
    return (f"found a strength, '{found}', after '{province}': an order names a unit by its kind and "
            f"province alone ('{province}'); the map's +n is not written")


@dataclass(frozen=True)
class Place:
    """A province as named in an order."""

    province: str
    """Province code."""
    coast: str | None
    """Coast code named with it (``"NC"``), or None."""
    text: str
    """The words as written, for messages."""


class Reader:
    """A cursor over the words of one order."""

    def __init__(self, written: str, variant: Variant, names: Names):
        self.written = written
        self.variant = variant
        self.names = names
        self.tokens = _tokens(written, names)
        self.words = [t.lower() for t in self.tokens]
        """The tokens in lower case, as they are matched."""
        self.pos = 0
        self.place_start = self.place_end = -1
        """Where the last province read starts and ends, for suggestions."""

    # -- words --

    def peek(self) -> str | None:
        """The next word, lower case, or None at the end."""
        return self.words[self.pos] if self.pos < len(self.words) else None

    def take(self) -> str | None:
        word = self.peek()
        if word is not None:
            self.pos += 1
        return word

    def take_if(self, words: set[str]) -> str | None:
        if self.peek() in words:
            return self.take()
        return None

    def take_move(self) -> str | None:
        """A move word (``-``, ``moves``), with the ``to`` or ``into`` after it (``moves to``)."""
        word = self.take_if(MOVE_WORDS)
        if word is not None and word not in TO_WORDS:
            self.take_if(TO_WORDS)
        return word

    def syntax(self, reason: str, suggestion: str | None = None) -> OrderSyntaxError:
        return OrderSyntaxError(self.written, reason, suggestion)

    def found(self) -> str:
        """What stands at the cursor, for 'expected X, found Y' messages."""
        if self.pos >= len(self.tokens):
            return "the end of the order"
        return repr(self.tokens[self.pos])

    def expect_end(self, after: str) -> None:
        if self.pos < len(self.tokens):
            rest = self.tokens[self.pos:]
            suggestion = None
            # "mid atlantik ocean" reads as the alias "mid" then stray words: when the strays
            # are no keyword and no province, suggest what the whole run may have meant.
            if self.place_end == self.pos and not any(
                t.lower() in KEYWORDS or (t.lower(),) in self.names.by_words for t in rest
            ):
                suggestion = _suggest(self.variant, self.names, self.tokens[self.place_start:])
            raise self.syntax(f"unexpected {' '.join(rest)!r} after {after}", suggestion)

    # -- units and provinces --

    def skip_nationality(self) -> None:
        """Pass over a power's adjective, name or code before a supported or convoyed unit
        (``S German A BUR``). DATC 4.C.5 and 4.C.6, preferred choice b: a missing or wrong
        nationality leaves the order valid, so it is not used. Only a word followed by a unit
        type counts, so a province named like a power (``English`` Channel) is still read."""
        if self.pos + 1 >= len(self.words) or self.words[self.pos + 1] not in KIND_WORDS:
            return
        word = self.words[self.pos]
        powers = self.variant.powers.values()
        if any(word in (p.adjective.lower(), p.name.lower(), p.code.lower()) for p in powers):
            self.pos += 1

    def kind(self) -> str | None:
        """An optional unit kind (``A``, ``Army``, ``F``, ``Fleet``) before a province; in words
        with its article and preposition, where no province is so named (``the fleet in London``,
        ``an army in Paris``: ``a fleet`` is a fleet)."""
        start = self.pos
        if self.peek() in _ARTICLES and self.pos + 2 < len(self.words) and self.words[self.pos + 1] in _KIND_NAMES:
            self.pos += 1
        if self.peek() in KIND_WORDS and self.pos + 1 < len(self.tokens):
            kind = KIND_WORDS[self.take()]
            if (self.pos > start + 1 or self.words[self.pos - 1] in _KIND_NAMES) and self.peek() in _PLACED_AT \
                    and self.pos + 1 < len(self.tokens) and (self.peek(),) not in self.names.by_words:
                self.pos += 1
            return kind
        self.pos = start
        return None

    def place(self, what: str) -> Place:
        """A province name (the longest run of words that names one), with an optional coast."""
        start = self.pos
        word = self.peek()
        if word is not None and word not in self.names.first_words:
            # A word that begins no longer name is a whole name or none: no search needed.
            # Most orders name provinces by code, so most places are read here.
            location = self.names.by_words.get((word,))
            if location is not None:
                return self._placed(start, 1, location)
        umlauts = not all(w.isascii() for w in self.words[start:start + self.names.longest])
        for n in range(min(self.names.longest, len(self.tokens) - start), 0, -1):
            location = self.names.by_words.get(tuple(self.words[start:start + n]))
            if location is None and umlauts:
                location = self._folded(start, n)
            if location is not None:
                return self._placed(start, n, location)
        if word == "the" and start + 1 < len(self.tokens):
            # the article a player writes before a sea in words ("moves to the North Sea"),
            # where no name of the map begins with it
            self.pos += 1
            try:
                return self.place(what)
            except OrderSyntaxError:
                self.pos = start
        if start >= len(self.tokens):
            raise self.syntax(f"expected {what}, found the end of the order")
        unknown = []
        for token in self.tokens[start:start + max(self.names.longest, 1)]:
            if token.lower() in KEYWORDS:
                break
            unknown.append(token)
        if not unknown:
            raise self.syntax(f"expected {what}, found {self.found()}")
        shown = " ".join(unknown)
        verb = _near_opening_word(self.names, unknown[0]) if start == 0 else None
        if verb:  # 'Bulid A VIE': the player misspelt the order's word, not a province
            raise self.syntax(f"expected {what}, but {unknown[0]!r} is not a province of "
                              f"{self.variant.title} nor an order's word", verb)
        raise self.syntax(
            f"expected {what}, but {shown!r} is not a province of {self.variant.title}",
            _suggest(self.variant, self.names, unknown),
        )

    def _folded(self, start: int, n: int) -> str | None:
        """The location the ``n`` words from ``start`` name once their umlauts are folded, as
        the Europe maps spell German names ('Baden-Württemberg' for 'Baden-Wuerttemberg',
        'Düren' for 'Dueren' or 'Duren'); None when neither fold names one, or when the two
        name different provinces. Only for words with an umlaut: the judges' notation is
        read before any of this."""
        words = self.words[start:start + n]
        found = {self.names.by_words.get(tuple(_folded(w, long) for w in words)) for long in (True, False)} - {None}
        return found.pop() if len(found) == 1 else None

    def _placed(self, start: int, n: int, location: str) -> Place:
        """The place named by the ``n`` words from ``start``, with the coast that follows."""
        self.pos = start + n
        province, _, coast = location.partition("/")
        if not coast:
            coast = self._coast(province)
        self.place_start, self.place_end = start, self.pos
        return Place(province, coast, " ".join(self.tokens[start:self.pos]))

    def _coast(self, province: str) -> str | None:
        """An optional coast after a province: ``/NC``, ``(nc)``, ``NC``, ``north coast``."""
        if (self.peek() or "").startswith("+") and STRENGTH_MARK.match(self.peek()):
            raise self.syntax(strength_written(province, self.tokens[self.pos]))  # 'A HLD +1 - FRI'
        if self.peek() not in self.names.coast_words:
            return None
        start = self.pos
        separated = self.take_if({"/"}) is not None
        coasts = {c.lower(): c for c in self.variant.provinces[province].coasts}
        word = self.peek()
        coast = None
        if word in COAST_ABBREVIATIONS or word in coasts:
            coast = coasts.get(word) or COAST_ABBREVIATIONS[word]
        elif word in COAST_DIRECTIONS:
            coast = COAST_DIRECTIONS[word]
        elif separated and word in COAST_LETTERS:
            coast = COAST_LETTERS[word]
        if coast is None:
            if separated and word is not None and STRENGTH_MARK.match(word):
                raise self.syntax(strength_written(province, self.tokens[self.pos]))
            if separated:
                raise self.syntax(f"expected a coast (like NC or north coast) after "
                                  f"'{province}/', found {self.found()}")
            self.pos = start
            return None
        self.take()
        self.take_if({"coast"})
        prov = self.variant.provinces[province]
        if not prov.coasts:
            raise IllegalOrderError(
                self.written, f"{prov.name} ({province}) has no separate coasts, "
                              f"but the order names its {coast} coast")
        if coast not in prov.coasts:
            raise IllegalOrderError(
                self.written, f"{prov.name} ({province}) has no {coast} coast; its coasts are "
                              + ", ".join(prov.coasts))
        return coast
