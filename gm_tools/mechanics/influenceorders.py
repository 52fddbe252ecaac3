"""The two influence orders Europe 1615 and Europe 1619 write alike, read once for both.

- ``9: WUR``: place INFs in a minor state. Europe 1619: 'number of INFs: [minor state]';
  Europe 1615, 'Writing the orders': '9 INFs to Wuerttemburg (WUR)', so ``9 INFs to WUR``,
  ``9 - WUR`` and ``9 WUR`` read the same.
- ``LOR > FRANCE``: a diplomatic attack on a power's INFs in a minor state ('[minor state] >
  [power]' in both rulebooks).

Names are read as :mod:`.namesinorders` reads them (code or name, any case, a power by the
start of its name). A line that reads as neither form is left to the caller (None): Europe
1619 reads its declarations then. Every refusal is an :class:`~gm_tools.errors.OrderError`
that also carries ``found`` (the words at fault) and ``expected``, so a variant that blames a
sheet's cell says ``Sheet!C2: found 'XYZ', expected ...`` with the same words a mailed order
gets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from gm_tools.errors import IllegalOrderError, OrderError, OrderSyntaxError
from gm_tools.engine.hooks import counted
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.mechanics.namesinorders import closest, minor_named, minor_spellings, power_named, power_spellings, spelling

_PLACEMENT = re.compile(r"^([+-]?\d+)\s*(?:INFs?\b\s*)?(?::\s*|-\s*)?(?:to\s+)?(.*)$", re.IGNORECASE)
_ATTACK = re.compile(r"^(.*?)\s*>\s*(.*)$")
_ARROWS = str.maketrans(dict.fromkeys("→⇒⟶➔➜➞", ">"))
"""Arrows for the rulebook's '>': Excel's AutoCorrect makes '-->' and '==>' of 'LOR --> FRANCE'
into '→' and '⇒', and a mail or a word processor may have written another."""


def attack_arrows(text) -> str:
    """``text`` with each arrow in it as the '>' of an attack (``LOR → FRANCE``: ``LOR > FRANCE``)."""
    return str(text).translate(_ARROWS)
# A mail's line sorted onto the INF sheet: a placement's form with a name after the number, so
# that a numbered order ('1. A PAR - BUR') stays an order.
_PLACEMENT_LINE = re.compile(r"^(\d+)\s*(?:INFs?\b\s*)?(?::\s*|-\s*)?(?:to\s+)?([A-Za-z].*)$", re.IGNORECASE)
_INF_WORD = re.compile(r"\bINFs?\b", re.IGNORECASE)


@dataclass(frozen=True)
class InfluenceNames:
    """What influence orders may name in a game, and the variant's words for a minor state."""

    minors: Mapping
    """Minor state code -> its data (with ``name``): those INFs may go to."""
    powers: Iterable[str]
    """The powers in play, by code."""
    name_of: Callable[[str], str]
    """A power's name, as its players write it."""
    minor_words: str = "a minor state that can be influenced"
    """What a placement's minor state must be, in the rulebook's words (Europe 1615: 'a pliant
    minor state')."""
    province_of: Callable[[str], str | None] | None = None
    """The province a word names (code or name), or None: a province of a minor state named in
    its place (Europe 1615's ``ROM`` for the Papal States, PAPL) is refused naming that state."""


def infs_count(value) -> int | None:
    """An INFs cell of either variant's placement sheet as a number: the number alone, or with
    the word as both rulebooks count them (Europe 1615, 'Writing the orders': '9 INFs to
    Wuerttemburg (WUR)'; Europe 1619: 'number of INFs: [minor state]'), '5 INFs', '1 INF';
    None for anything else, an empty cell included."""
    return counted(value, "INF")


def refusal(kind: type[OrderError], written: str, found: str, expected: str,
            suggestion: str | None = None) -> OrderError:
    """An order refused: ``kind`` (unreadable or illegal) with ``found`` and ``expected`` kept."""
    error = kind(written, f"found {found}, expected {expected}", suggestion)
    error.found, error.expected = found, expected
    return error


def placement_words(text: str) -> tuple[int, str] | None:
    """(INFs, the minor state as written) of a mailed line in a placement's form (``9: WUR``,
    ``9 INFs to Wuerttemberg``), None for any other line: how a mail's lines are sorted onto
    the sheets, before :func:`read_placement` checks them."""
    m = _PLACEMENT_LINE.match(" ".join(text.split()))
    return (int(m.group(1)), m.group(2)) if m else None


def influence_form(text: str) -> str | None:
    """What a mailed line in an influence order's form is (``'an INF placement'``, ``'a
    diplomatic attack'``), None for any other line: how a phase that takes neither names such a
    line when it refuses it, rather than reading ``9: WUR`` as a unit's order. A unit's order
    (``A PAR - BUR``, ``1 A PAR - BUR``) is never one."""
    words = text.split()
    if not words or words[0].upper() in ("A", "F"):
        return None
    placed = placement_words(text)
    if placed:
        return None if re.match(r"[AF]\s", placed[1], re.IGNORECASE) or " - " in placed[1] else "an INF placement"
    return "a diplomatic attack" if ">" in text else None


def placed_in(text: str) -> str | None:
    """The rulebook's words for a mailed placement that puts its minor state after 'in' or
    'into' (``10 INFs in LOR``), None for any other line. Mail only: the reader would look for
    a minor state called 'in LOR' and suggest the very code the player wrote."""
    placed = placement_words(text)
    m = re.match(r"(?:in|into)\s+(\S.*)$", placed[1], re.IGNORECASE) if placed else None
    if m is None:
        return None
    infs, minor = placed[0], m.group(1).strip()
    return f"'{infs}: {minor}' or '{infs} INFs to {minor}' (the INFs, then the minor state)"


_NOTE = re.compile(r"\s*(?:\((?!\s*(?:[NSEW]C?|(?:NORTH|SOUTH|EAST|WEST)(?:\s+COAST)?)\s*\))[^()]*\)"
                   r"|\[[^\]]*\]|#.*|//.*|\.)$", re.IGNORECASE)


def without_note(text: str) -> str:
    """A mailed placement, attack or declaration without the player's note after it (``10: LOR
    (Lorraine)``, ``LOR > SPAIN # payback``, ``WAR: SPAIN.``), as Europe 1615 v2's mail and any
    unit's order leave it out; a coast in brackets (``(NC)``) is kept. Mail only: the note was
    read as part of the name, and the very code written suggested back ('did you mean LOR?')."""
    return _NOTE.sub("", text).strip() or text


_BACKWARDS = re.compile(r"^\s*([A-Za-z][\w .'/-]*?)\s*[:=-]?\s*(\d{1,3})\s*(?:INFs?)?\s*\.?\s*$", re.IGNORECASE)


def placed_backwards(text: str) -> str | None:
    """The rulebook's words for a mailed placement written minor state first (``LOR: 10``,
    ``Bremen 5 INFs``), None for any other line (a unit's order never ends in a number). Mail
    only: read as a unit's order, it was refused asking for H, -, S or C after 'LOR'."""
    m = _BACKWARDS.match(text)
    if m is None or re.match(r"(?:[AF]|army|fleet)\s", m.group(1), re.IGNORECASE):
        return None
    infs, minor = int(m.group(2)), " ".join(m.group(1).split())
    return f"'{infs}: {minor}' or '{infs} INFs to {minor}' (the INFs, then the minor state)"


def one_a_line(text: str, declaration: Callable[[str, str | None], str | None] | None = None) -> str | None:
    """The lines a mailed line holding several placements or attacks, one after another
    (``10: LOR, 9: WUR``), should have been, None for any other line. Mail only: read as one,
    its minor state was 'LOR, 9: WUR', refused with every minor state listed. ``declaration``
    (Europe 1619) gives a part's declaration form, given the last part's kind (``WAR: SPAIN,
    ENGLAND``), and that kind: ``(form, kind)`` or None."""
    parts = [part.strip() for part in re.split(r"[,;]", text) if part.strip()]
    if len(parts) < 2:
        return None
    lines, kind = [], None
    for part in parts:
        declared = declaration(part, kind) if declaration else None
        if declared:
            (line, kind) = declared
        elif placement_words(part) or _ATTACK.match(part):
            line, kind = " ".join(part.split()), None
        else:
            return None
        lines.append(repr(line))
    return "one order a line: " + ", then ".join(lines)


def names_infs(text: str) -> bool:
    """Does a mailed line speak of INFs (``INF: 5 LOR``, ``place 5 INFs in Lorraine``) without
    being a unit's order? Its player meant an INF placement, whether or not it is in a form the
    reader takes: a mail names it as one when refusing it, rather than reading ``INF`` as the
    province of a unit's order (no province is called so)."""
    words = text.split()
    return bool(words) and words[0].upper() not in ("A", "F") and _INF_WORD.search(text) is not None


def read_placement(names: InfluenceNames, power: str, text: str) -> Placement | None:
    """``9: WUR`` as a :class:`Placement` of ``power``; None for a line that is no placement."""
    written = " ".join(text.split())
    m = _PLACEMENT.match(written)
    if m is None:
        return None
    infs = int(m.group(1))
    minor = _minor(names, written, m.group(2))
    if infs <= 0:
        raise refusal(IllegalOrderError, written, f"{infs} INFs",
                      "a positive number of INFs: INFs once placed may not be removed (only a diplomatic "
                      "attack takes them away)")
    return Placement(power, infs, minor, written)


def read_attack(names: InfluenceNames, power: str, text: str, both_halves: bool = False) -> Attack | None:
    """``LOR > FRANCE`` as an :class:`Attack` of ``power``; None for a line that is no attack.
    ``both_halves``: a mistake on each side of the '>' is named in one refusal (Europe 1615, whose
    refusals are only said); without it the first alone, as Europe 1619's recorded results keep it."""
    written = " ".join(attack_arrows(text).split())
    m = _ATTACK.match(written)
    if m is None:
        return None
    wrong: list[OrderError] = []  # both halves are checked: a player should not need two rounds of fixes
    try:
        minor = _minor(names, written, m.group(1), suggest=both_halves)
    except OrderError as e:
        if not both_halves:
            raise
        wrong.append(e)
    try:
        target = named_power(names, written, m.group(2), suggest=both_halves)
        if target == power:
            raise refusal(IllegalOrderError, written, f"an attack on {power}'s own INFs",
                          "another power: a diplomatic attack is directed against another power, not oneself")
    except OrderError as e:
        wrong.append(e)
    if len(wrong) == 2:
        raise _both_halves(written, *wrong)
    if wrong:
        raise wrong[0]
    return Attack(power, minor, target, written)


def _both_halves(written: str, minor: OrderError, target: OrderError) -> OrderError:
    """An attack wrong on both sides of its '>' (``LORR > FRANSE``), refused naming both
    mistakes, each with what was expected and its suggestion, in one message; a power and a
    minor state written the other way round (``FRANCE > LOR``) as that."""
    found = [getattr(e, "found", repr(written)) for e in (minor, target)]
    if found[0].endswith(", a power") and found[1].endswith(", a minor state"):
        swapped = f"{found[1].removesuffix(', a minor state')[1:-1]} > {found[0].removesuffix(', a power')[1:-1]}"
        return refusal(IllegalOrderError, written, f"{found[0]} before the '>' and {found[1]} after it",
                       f"the minor state, then the power it attacks: {swapped!r} ('[minor state] > [power]')")

    def half(e: OrderError, where: str, what: str) -> str:
        near = f"; did you mean {e.suggestion}?" if e.suggestion else ""
        return f"{where}, {getattr(e, 'expected', e.reason)} (found {what}{near})"

    kind = OrderSyntaxError if OrderSyntaxError in (type(minor), type(target)) else IllegalOrderError
    return refusal(kind, written, repr(written),
                   half(minor, "before the '>'", found[0]) + "; " + half(target, "after it", found[1]))


def _minor(names: InfluenceNames, written: str, word: str, suggest: bool = False) -> str:
    """The code of the minor state ``word`` names in the order ``written``, or the order refused.
    ``suggest``: a power's name there is refused with the minor state it may have meant, its
    code the name's start ('France > SPAIN': FRA, Franche-Comte), only where the refusal is
    said, never recorded (Europe 1619's phase records the words it always had)."""
    if not spelling(word):
        raise refusal(OrderSyntaxError, written, "no minor state", f"{names.minor_words}, named by its code or name")
    code = minor_named(names.minors, word)
    if code:
        return code
    if power_named(names.powers, names.name_of, word):
        raise refusal(IllegalOrderError, written, f"{word.strip()!r}, a power",
                      f"{names.minor_words}: INFs go to minor states and may not be lent to another power",
                      _started(word, minor_spellings(names.minors), backwards=True) if suggest else None)
    province = names.province_of(word.strip()) if names.province_of else None
    whose = next((code for code, data in names.minors.items() if province in getattr(data, "provinces", ())), None)
    if province and whose:
        state = names.minors[whose]
        raise refusal(OrderSyntaxError, written, f"{word.strip()!r}, a province of {getattr(state, 'in_text', whose)}",
                      names.minor_words, whose)
    near = closest(word, minor_spellings(names.minors))
    listed = "" if near else f" ({', '.join(names.minors)})"
    raise refusal(OrderSyntaxError, written, repr(word.strip()), names.minor_words + listed, near)


def named_power(names: InfluenceNames, written: str, word: str, suggest: bool = False) -> str:
    """The code of the power ``word`` names in the order ``written``, or the order refused.
    ``suggest``: a minor state's code or name there that is the start of one power's name is
    refused with that power ('LOR > Fra': FRANCE, FRA being Franche-Comte's code), only where
    the refusal is said, as :func:`_minor`'s."""
    code = power_named(names.powers, names.name_of, word)
    if code:
        return code
    if not spelling(word):
        raise refusal(OrderSyntaxError, written, "no power", "a power in play, named by its code or name")
    # by its name too ('Savoy', a minor state in the 10-player setup): not a misspelt power
    if spelling(word) in {spelling(c) for c in names.minors} or minor_named(names.minors, word):
        raise refusal(IllegalOrderError, written, f"{word.strip()!r}, a minor state", "a power in play",
                      _started(word, power_spellings(names.powers, names.name_of)) if suggest else None)
    near = closest(word, power_spellings(names.powers, names.name_of))
    listed = "" if near else f" ({', '.join(names.powers)})"
    raise refusal(OrderSyntaxError, written, repr(word.strip()), "a power in play" + listed, near)


def _started(word: str, spellings: Mapping[str, str], backwards: bool = False) -> str | None:
    """The one code of ``spellings`` (spelling -> code) one of whose spellings starts with
    ``word`` ('Fra': FRANCE), or with ``backwards`` the one whose code a one-word ``word``
    starts with ('France': FRA); None for none or several. Not :func:`closest`: a three-letter
    code scores near too many names ('Spain' was nearest MAN, PAD and SAA)."""
    key = spelling(word)
    if backwards:
        found = {code for code in spellings.values() if " " not in key and key.startswith(spelling(code))}
    else:
        found = {code for s, code in spellings.items() if key and s.startswith(key)}
    return found.pop() if len(found) == 1 else None
