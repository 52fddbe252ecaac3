"""A mail's power line written as a sentence, above the orders: ``Here are France's orders for
Spring 1901:``, ``These are the orders of France for S1901M``, or the power opening its first
entry, ``Spain claims fealty of Portugal``, as ``Spain: FEALTY: PORTUGAL`` does.

Such a line opens the power's orders only where nothing else can be meant: it names one
player's power and no other, the phase's reader does not read the whole line as an entry (an
order naming a power's province, ``Saxony - Magdeburg`` or ``Saxony holds`` in Europe 1619,
stays an order), and its other words are either all a power line's (orders, the phase, the
little words around them, with at least one of the orders or the phase named) or, after the
power that opens the line, an entry the reader reads. A line of chat naming a power (``I hope
France's orders reach you``) is neither, and stays a greeting. A greeting saying who writes (``Hola GM! Spain here.``, ``This is England``)
is the power line too; one naming a power with any other word (``attack Spain here``) is not.
"""

from __future__ import annotations

import re
from typing import Callable

_WORD = re.compile(r"[^\W_]+(?:[-/.][^\W_]+)*(?:['’]s\b)?")
"""A word of the line, a possessive's ``'s`` kept on it (``France's``)."""
_ORDERS_WORDS = frozenset({
    "orders", "order", "moves", "retreats", "builds", "adjustments", "entries", "turn", "phase",
    "befehle", "züge", "zuege", "ordres", "ordini", "órdenes", "ordenes"})
"""Words that say the line is about the orders, one of which a sentence must hold."""
_LITTLE_WORDS = frozenset({
    "here", "are", "is", "my", "our", "the", "these", "this", "those", "for", "of", "from", "by", "as", "please",
    "find", "below", "following", "follow", "follows", "new", "revised", "updated", "corrected", "final", "and",
    "send", "sends", "sending", "submit", "submits", "submitted", "hi", "hello", "dear", "gm", "next", "current",
    "season", "year", "hier", "sind", "meine", "unsere", "für", "fuer", "von", "die", "der", "voici", "les",
    "mes", "nos", "de", "la", "le", "du", "pour", "ecco", "gli", "miei", "di", "per", "aquí", "aqui", "están", "estan",
    "mis", "para", "el", "los"})
"""The other words a power line written as a sentence holds: no order's, province's or power's."""
_GREETING_WORDS = frozenset({
    "hi", "hello", "hey", "dear", "gm", "good", "morning", "afternoon", "evening", "greetings", "hola", "buenos",
    "buenas", "días", "dias", "tardes", "bonjour", "bonsoir", "salut", "cher", "hallo", "lieber", "guten", "tag",
    "moin", "servus", "ciao", "buongiorno", "buonasera", "caro", "la", "el", "il", "die", "der", "le", "it", "c",
    "est", "ist", "is", "this"})
"""A greeting's words, and the little words of a sentence saying who writes."""
_WRITER_WORDS = frozenset({"here", "this", "it", "speaking", "writing", "ici", "est", "hier", "ist", "spricht",
                           "aquí", "aqui", "habla", "soy", "somos", "qui", "sono", "siamo"})
"""Words saying the power named is the one writing (``Spain here``, ``This is England``,
``ici la France``), one of which a greeting naming a power must hold to be its power line."""


def sentence_power(line: str, names: dict[str, str], playing: frozenset[str], entry: Callable[[str, str], bool],
                   seasons: frozenset[str], phase_of: Callable[[str], str]) -> tuple[tuple[str, str], str | None] | None:
    """((power, phase), None) for a power line written as a sentence, ((power, ""), entry) for
    the power opening its first entry (``Spain claims fealty of Portugal``: ``claims fealty of
    Portugal``), or None. ``names``: lower-case name -> power code; ``entry(power, text)``: the
    phase's reader reads ``text`` as an entry of the power's, not as a form written wrong;
    ``seasons``: the seasons' names; ``phase_of``: the phase a text names, or ""."""
    words = [(m.start(), m.end(), re.sub(r"['’]s$", "", m.group(0)).lower())
             for m in _WORD.finditer(re.sub(r"\([^()]*\)\s*:?\s*$", "", line))]
    longest = max((len(name.split()) for name in names), default=1)
    powers, others, k = [], [], 0
    while k < len(words):
        for n in range(min(longest, len(words) - k), 0, -1):  # "The Ottoman Empire", not "Empire"
            name = " ".join(word for _, _, word in words[k:k + n])
            if names.get(name) in playing:
                powers.append((names[name], k, words[k + n - 1][1]))
                k += n
                break
        else:
            others.append(words[k][2])
            k += 1
    if len({code for code, _, _ in powers}) != 1:
        return None
    power, first, end = powers[0]
    if entry(power, line):
        return None
    little = all(w in _LITTLE_WORDS or w in _ORDERS_WORDS or w in seasons or re.fullmatch(r"\d{4}", w)
                 or phase_of(w) for w in others)
    phase = phase_of(line)
    # two phases named ('S1901M and S1902M'): which the orders are for is the player's to say
    named = any(phase_of(w) for w in others) or (any(w in seasons for w in others) and any(w.isdigit() for w in others))
    if little and any(w in _ORDERS_WORDS or phase_of(w) or w.isdigit() for w in others):
        return None if named and not phase else ((power, phase), None)
    # 'Hola GM! Spain here.': the writer names himself; 'Is Spain here?' asks about another
    if (all(w in _GREETING_WORDS or w in _WRITER_WORDS for w in others) and any(w in _WRITER_WORDS for w in others)
            and len(powers) == 1 and not line.rstrip().endswith("?")):
        return (power, phase), None
    opens = first == 0 or (first == 1 and words[0][2] == "the")
    rest = re.sub(r"^(['’]s\b)?[\s,;:\-–—]+", "", line[end:])
    if opens and len(powers) == 1 and rest and entry(power, rest):
        return (power, ""), rest
    return None
