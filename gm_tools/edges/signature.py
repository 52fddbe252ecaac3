"""The people's words around a mail's orders: a greeting above them, a name signed below them.

A player who signs with his name alone (``Hans``, ``Jean-Pierre Dupont``), with no closing
word above it (``Thanks!``, which :mod:`.mail` reads as the end of the orders), would have
the name refused as an order. A line is taken for a signed name only when that cannot cost
an order: its words are a person's name (capitalised words, a particle such as ``van der``
or an initial ``J.``), none of them is an order's word, a province's or a power's name, or a
near miss of one (``Moscwo`` for Moscow: a misspelt order is refused and reported, never left
out), the phase's reader does not read it, at least one other line comes before it, and
nothing order-like comes after it (an address or a telephone number may). The name and the
lines under it are then left out, and listed for the GM to see.

A player may be named as a province is (``Sofia``, ``Paris Hilton``, ``Sevastopol``). Such a
name is taken for a signature only where it cannot be an order short of a word: it is the first
line of the block's last paragraph (a blank line above it), below lines the phase reads, of one
or two capitalised words, one run of which names a province by its name or an alias (never its
code) and the other names nothing (``A Sofia``, ``Sofia H``, ``Paris Burgundy`` stay orders,
refused), and the phase's reader does not read it: a bare province is no whole order. It is
listed apart, for the GM to see that a name of the map was left out as the player's.
"""

from __future__ import annotations

import re
from typing import Callable

from gm_tools.edges.workbook import power_lookup
from gm_tools.engine.orderwords import KEYWORDS, KIND_WORDS, _normal_words, names_of
from gm_tools.engine.variant import Variant

_GREETING = re.compile(r"^(hi|hello|hey|hiya|dear|greetings|good (morning|afternoon|evening|day)|morning|"
                       r"bonjour|bonsoir|salut|coucou|cher|ch[èe]re|hallo|servus|moin|gr(ü|ue|u)(ß|ss) gott|gr(ü|ue)ezi|liebe[rs]?|"
                       r"guten (morgen|tag|abend)|"
                       r"ciao|salve|buongiorno|buonasera|car[oa]|gentile|hola|buenos d[ií]as|hoi|beste|ol[áa]|"
                       r"thanks|thank you|merci|danke|grazie)\b"
                       r"|^(here (are|is)|here's|these are|below are|please find|my orders|voici|hier (sind|meine)|ecco)\b"
                       r"|^(orders|moves|retreats|builds|adjustments|befehle|z(ü|ue)ge|ordres|ordini|[óo]rdenes)\s*:?$",
                       re.IGNORECASE)
"""A line opening a mail above its orders: a greeting (``Hi GM,``, ``Dear Tom``, ``Bonjour``,
``Ciao!``, ``Thanks for the reminder``) or the words that announce them (``here are my orders:``, a
heading ``Orders:`` alone on its line)."""
_PARTICLES = {"van", "von", "de", "der", "den", "du", "des", "la", "le", "di", "da", "del", "della", "dos", "das",
              "ten", "ter", "af", "zu", "y"}
"""Lower-case words of a person's name (``Maria van der Berg``, ``Charles de Gaulle``)."""
_NAME_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*|[^\W\d_]\.")
"""A word of a person's name: letters, with a hyphen or apostrophe inside (``Jean-Pierre``,
``O'Brien``), or an initial with its dot (``J.``)."""
_CONTACT = re.compile(r"\S*(@|://|www\.)\S*")
"""An address or a web page, whose words are no order's."""
_PHONE = re.compile(r"\+?\d[\d\s()./-]*\d")
"""A telephone number (``+49-30-1234``), whose dashes are no moves."""


def is_greeting(line: str) -> bool:
    """Whether ``line`` opens a mail above its orders (at most ten words)."""
    return bool(_GREETING.match(line)) and len(line.split()) <= 10


def cut_signatures(blocks: list, signature: list, variant: Variant, reads: Callable[[str, str], bool],
                   places: list | None = None, signers: dict[str, str] | None = None) -> None:
    """Move each block's signed name, with the lines under it, from ``blocks`` ((power,
    lines)) to ``signature``; a name that is a province's goes to ``places`` as well.
    ``reads(power, text)``: the phase's reader reads the line. ``signers``: power -> its
    player's name as the game records it, a signature of that power's block whatever it is near."""
    known = _known(variant)
    for power, lines in blocks:
        own = (signers or {}).get(power, "").strip().casefold()
        for k in range(1, len(lines)):
            text = lines[k].text
            # the player's own name ('Sol', a near miss of COL) is his, not an order misspelt
            signed = bool(own) and text.strip().rstrip(".,!;").strip().casefold() == own
            if ((signed or _is_name(text, known)) and not reads(power, text)
                    and any(not _is_name(line.text, known) for line in lines[:k])
                    and not _order_below(power, lines[k + 1:], known, reads)):
                signature += lines[k:]
                del lines[k:]
                break
        else:
            k = _place_signed(power, lines, variant, known, reads)
            if k is not None:
                signature += lines[k:]
                if places is not None:
                    places.append(lines[k])
                del lines[k:]


def code_signatures(blocks: list, variant: Variant, reads: Callable[[str, str], bool]) -> list[tuple]:
    """(line, words for its refusal) for each block's name below its orders that holds a
    province's code (``Ana``, ANA; ``Mos``) or, with no blank line above it, a province's name
    (``Brest``): these may be an order short of a word, so the line stays an order, refused, and
    the refusal alone left the player guessing why his name was read as one. The words say where
    a signature goes: below the ``-- `` line :mod:`.mail` knows."""
    known, codes, out = _known(variant), {code.lower(): code for code in variant.provinces}, []
    names = names_of(variant)
    for power, lines in blocks:
        for k in range(1, len(lines)):
            words = lines[k].text.split()
            if not (1 <= len(words) <= 2 and all(_NAME_WORD.fullmatch(w) and w[0].isupper() for w in words)):
                continue
            # the word that is a code (said as the code) or a province's name (said as written)
            place = next((codes[w.lower()] for w in words if w.lower() in codes), None) or next(
                (w for w in words if names.by_words.get(_normal_words(w)) in variant.provinces), None)
            rest = [w.lower() for w in words if w.lower() not in codes and w != place]
            if (place and not _names_something(rest, known) and not set(rest) & names.coast_words
                    and not reads(power, lines[k].text) and any(reads(power, line.text) for line in lines[:k])
                    and not _order_below(power, lines[k + 1:], known, reads)):
                out.append((lines[k], f" ({place} is a province: a signature {lines[k].text!r} goes below a line '-- ', "
                                      "where the mail's orders end)"))
    return out


def _order_below(power: str, lines: list, known, reads: Callable[[str, str], bool]) -> bool:
    """Whether a line under a name may be an order: the name is then no signature."""
    return any(_order_like(line.text, known) or reads(power, line.text) for line in lines)


def _place_signed(power: str, lines: list, variant: Variant, known, reads: Callable[[str, str], bool]) -> int | None:
    """Where the block's signature begins when its last paragraph opens with a name that is a
    province's (``Sofia``, ``Paris Hilton``; the module's note says when), or None."""
    gaps = [k for k in range(1, len(lines)) if lines[k].number > lines[k - 1].number + 1]  # a blank line above
    if not gaps:
        return None
    k, words = gaps[-1], lines[gaps[-1]].text.split()
    if not 1 <= len(words) <= 2 or not all(_NAME_WORD.fullmatch(w) and w[0].isupper() for w in words):
        return None
    codes, names = {code.lower() for code in variant.provinces}, names_of(variant)
    for start, end in ((0, len(words)), (0, 1), (1, 2))[:1 if len(words) == 1 else 3]:
        run, rest = " ".join(words[start:end]), [w.lower() for w in words[:start] + words[end:]]
        # the province (not a coast of it) by a name a person may bear, not its code; the other
        # word no order's, name's or coast's ("Sofia Ec" may be a fleet's order short of a word)
        if (names.by_words.get(_normal_words(run)) in variant.provinces and run.lower() not in codes
                and not _names_something(rest, known) and not set(rest) & names.coast_words
                and not reads(power, lines[k].text) and any(reads(power, line.text) for line in lines[:k])
                and not _order_below(power, lines[k + 1:], known, reads)):
            return k
    return None


def _known(variant: Variant) -> tuple[set[str], set[str], dict[int, list[str]], set[str]]:
    """The words no name may hold (orders', provinces' and powers' spellings, lower case; the
    codes apart), the spellings of four letters or more by length, for near misses, and the
    powers' spellings."""
    powers = set(power_lookup(variant))
    spellings = {" ".join(words) for words in names_of(variant).by_words} | powers
    codes = {code.lower() for code in variant.provinces}
    by_length: dict[int, list[str]] = {}
    for spelling in sorted((spellings | KEYWORDS | set(KIND_WORDS)) - codes):  # 'Wiave' is WAIVE misspelt
        if len(spelling) >= 4:
            by_length.setdefault(len(spelling), []).append(spelling)
    return spellings | KEYWORDS | set(KIND_WORDS), codes, by_length, powers


def _is_name(text: str, known) -> bool:
    """Whether ``text`` is a person's name and nothing of an order."""
    words = text.split()
    if not 1 <= len(words) <= 4 or not all(_NAME_WORD.fullmatch(w) for w in words):
        return False
    if not any(w[0].isupper() for w in words) or any(w[0].islower() and w not in _PARTICLES for w in words):
        return False
    # an initial's dot shows it is no order's letter (``J.``, not ``A``)
    return not _names_something([w.rstrip(".").lower() for w in words if not w.endswith(".")], known)


def _order_like(text: str, known) -> bool:
    """Whether a line under a name may be an order: it holds an order's word or a province's
    or a power's name (or a near miss), besides in an address; or two of them, for a line
    that also names a town (``Paris, France``) but cannot move a unit there."""
    words = re.findall(r"[^\W\d_]+|-|>", _PHONE.sub(" ", _CONTACT.sub(" ", text)).lower())
    orders, powers = KEYWORDS | set(KIND_WORDS), known[3]
    places = [w for w in words if w not in orders and w not in powers and _names_something([w], known)]
    return any(w in orders for w in words) or len(places) >= 2 or (len(words) == 1 and bool(places))


def _names_something(words: list[str], known) -> bool:
    """Whether a run of ``words`` is, or nearly is, an order's word or a name of the game."""
    spellings, codes, by_length, _ = known
    for start in range(len(words)):
        for end in range(start + 1, len(words) + 1):
            run = " ".join(words[start:end])
            # a code with two letters swapped ("mra" for MAR) too; any other change to three
            # letters makes a name ("Tom", "Ann", "Ben" are a letter from ROM, ANK, BEL)
            if run in spellings or run in codes or any(run[:k] + run[k + 1] + run[k] + run[k + 2:] in codes
                                                       for k in range(len(run) - 1)):
                return True
            if any(_near(run, s) for n in range(len(run) - 1, len(run) + 2) for s in by_length.get(n, ())):
                return True
    return False


def _near(a: str, b: str) -> bool:
    """One letter added, left out, changed, or two swapped (``moscwo`` for ``moscow``)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return a == b
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    k = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[k:] == long_[k + 1:]
