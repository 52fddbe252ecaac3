"""Why an order did what it did, as data: a code and its details, and the one place their
English words are made.

The adjudicator, retreats and adjustments give each :class:`~gm_tools.engine.model.OrderResult`
its :class:`Reason` objects (``bounced`` with the strengths and the unit that stopped it,
``cut`` with the cutting units, ``dislodged`` by whom ...). :func:`words` makes the sentence
a player reads from them; the judge-style text, the turn report, the workbook and the site
read the codes, never the sentence. The record stores both (``docs/game-record.md``).

A game system's own results (a Diplomatic Phase's placements, a treasury's purchases) carry
``note`` (a success or a failure in the system's words) or ``illegal`` (an order that could
not be carried out, in the checker's words).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from gm_tools.engine.model import INVALID, OrderResult
from gm_tools.engine.orderjson import order_to_json

TEMPLATES: dict[str, str] = {
    # movement (2000 rulebook; docs/datc-options.md)
    "not_ordered": "no order: holds",
    "invalid_holds": "holds: its order was invalid",
    "convoy_paradox": "no convoy: convoy paradox, the army holds (Szykman rule)",
    "no_convoy": "no convoy",
    "may_not_dislodge": "bounced: may not dislodge {unit} of {power}",
    "may_not_follow": "failed: may not enter {province} as {unit} leaves it ({why})",
    "bounced": "bounced: {attack} against {strength} from {unit}",
    "failed": "failed",
    "void_no_unit": "void: no unit in {province}",
    "void_not_holding": "void: {unit} moved, it was not holding",
    "void_other_coast": "void: {unit} moved to {moved_to}, not {dest}",
    "void_not_to": "void: {unit} did not move to {dest}",
    "void_not_convoyed": "void: A {army_from} did not move to {army_to}",
    "cut": "support cut by {units}",
    "repeated": "the same order again: followed once",
    "several_orders": "{unit} was given {count} different orders: {consequence} (DATC 4.D.3)",
    "dislodged": "dislodged by {unit} ({attack} against {strength})",
    # retreats
    "no_order_disbanded": "no order: disbanded",
    "invalid_disbanded": "disbanded: its retreat order was invalid",
    "retreat_standoff": "retreat: standoff with {units}; disbanded",
    "disbanded": "disbanded",
    # adjustments
    "built": "built",
    "waived": "build waived",
    "removed": "removed",
    "civil_disorder": "civil disorder: removed, farthest from home",
    # anything else, in the words of whoever decided it
    "illegal": "{text}",
    "note": "{text}",
}
"""Code -> the sentence, with the details in braces. A list detail is joined with commas."""

NOTE_TEMPLATES: dict[str, str] = {
    # what happened by default (2000 rulebook: 'Civil disorder'; judges' practice)
    "held_without_order": "{unit} had no order and holds",
    "retreat_not_ordered": "{unit} had no retreat order and is disbanded",
    "builds_not_ordered": "{count} build(s) not ordered: waived",
    "removed_by_civil_disorder": "civil disorder: {unit} removed (no removal ordered)",
    "invalid_not_used": "{cell} {written!r} was invalid and not used: {error}",
}
"""A record's ``notes``: code -> the sentence, as :data:`TEMPLATES` for results."""

VOID_CODES = frozenset(c for c in TEMPLATES if c.startswith("void_"))
BOUNCE_CODES = frozenset({"bounced", "may_not_dislodge", "may_not_follow", "failed", "retreat_standoff"})
CONVOY_CODES = frozenset({"no_convoy", "convoy_paradox"})


@dataclass(slots=True, unsafe_hash=True)
class Reason:
    """One reason an order did what it did. Never changed once made; not frozen for the
    cost of a frozen dataclass's ``__init__``, as :class:`~gm_tools.engine.model.OrderResult`."""

    code: str
    """What happened: a key of :data:`TEMPLATES`."""
    details: dict = field(default_factory=dict, compare=True, hash=False)
    """The facts the sentence names: units as written (``"A MUN"``), strengths as numbers."""

    def to_json(self) -> dict:
        return {"code": self.code, **self.details}

    @classmethod
    def from_json(cls, data: dict) -> "Reason":
        details = {k: v for k, v in data.items() if k != "code"}
        return cls(str(data["code"]), details)


def reason(code: str, **details) -> Reason:
    """A :class:`Reason`; unknown codes are a programming error, caught at once."""
    if code not in TEMPLATES:
        raise KeyError(f"unknown result code {code!r}")
    return Reason(code, details)


def result_of(power: str, order: str, result: str, reasons=(), dislodged: bool = False,
              parsed=None) -> "OrderResult":
    """An :class:`~gm_tools.engine.model.OrderResult` whose words are made from its reasons;
    ``parsed`` is the order judged."""
    reasons = tuple(reasons)
    # Most orders succeed with nothing to say: no words to make for them.
    return OrderResult(power, order, result, words(reasons) if reasons else "", dislodged, reasons, parsed)


def result_json(r: "OrderResult") -> dict:
    """A result as the record and the JSON interface write it: the words, the codes and
    the order judged (``docs/game-record.md``)."""
    # Most results have reasons (or none at all), read straight from the result; only a
    # result made with words alone needs reasons_of's note.
    reasons = r.reasons if r.reasons or not r.reason else reasons_of(r)
    return {"power": r.power, "order": r.order, "result": r.result, "reason": r.reason,
            "dislodged": r.dislodged, "codes": [x.to_json() for x in reasons],
            "parsed": order_to_json(r.parsed) if r.parsed is not None else None}


def reasons_of(result: "OrderResult") -> tuple[Reason, ...]:
    """A result's reasons; for a result made with words only (a game system's own phase),
    its words as one ``note`` (``illegal`` when the order was invalid)."""
    if result.reasons:
        return tuple(result.reasons)
    if result.reason:
        return (Reason("illegal" if result.result == INVALID else "note", {"text": result.reason}),)
    return ()


def sentence(r: Reason) -> str:
    """One reason (or note) in words."""
    template = TEMPLATES.get(r.code) or NOTE_TEMPLATES[r.code]
    values = r.details
    for value in values.values():
        if isinstance(value, (list, tuple)):
            # A list detail (the units that cut a support) is written joined with commas.
            values = {k: ", ".join(str(x) for x in v) if isinstance(v, (list, tuple)) else v
                      for k, v in values.items()}
            break
    return template.format_map(values)


def note(power: str, code: str, **details) -> dict:
    """A record's note: the power, its code with details (``codes``, one entry, as a result's)
    and the sentence made from them."""
    if code not in NOTE_TEMPLATES:
        raise ValueError(f"unknown note code {code!r}")
    why = Reason(code, details)
    return {"codes": [why.to_json()], "power": power, "text": sentence(why)}


def note_words(note_: dict) -> str:
    """A record's note in words: made from its code, or its stored words when it has none."""
    codes = note_.get("codes") or []
    if codes and isinstance(codes[0], dict) and codes[0].get("code") in NOTE_TEMPLATES:
        return sentence(Reason.from_json(codes[0]))
    return str(note_.get("text", ""))


def note_code(note_: dict) -> str | None:
    """The code of a record's note (None for a note kept in words only)."""
    codes = note_.get("codes") or []
    return codes[0].get("code") if codes and isinstance(codes[0], dict) else None


def notes_from_words(notes: list) -> list:
    """A record's notes written before they carried codes, with their codes read back from
    the words by the templates that made them (words no template makes stay words only)."""
    out = []
    for n in notes:
        if not isinstance(n, dict) or "codes" in n or not isinstance(n.get("text"), str):
            out.append(n)
            continue
        for code, pattern in _NOTE_PATTERNS:
            m = pattern.fullmatch(n["text"])
            if m:
                details = _typed(code, m.groupdict()).details
                if "written" in details:
                    details["written"] = ast.literal_eval(details["written"])
                if sentence(Reason(code, details)) == n["text"]:
                    out.append(dict(n, codes=[Reason(code, details).to_json()]))
                    break
        else:
            out.append(n)
    return out


def words(reasons) -> str:
    """The sentence a player reads for a result's reasons, in order."""
    if len(reasons) == 1:  # most results with reasons have one
        return sentence(reasons[0])
    return "; ".join(sentence(r) for r in reasons)


def reasons_to_json(reasons) -> list[dict]:
    return [r.to_json() for r in reasons]


def reasons_from_json(data) -> tuple[Reason, ...]:
    return tuple(Reason.from_json(d) for d in data or ())


# --- records written before the codes (format 1) -----------------------------------------

def _pattern(template: str, end: str = r"(?=; |$)") -> re.Pattern:
    parts = re.split(r"\{(\w+)(?:!r)?\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(regex + end)


_PATTERNS = [(code, _pattern(t)) for code, t in TEMPLATES.items() if code not in ("illegal", "note")]
_NOTE_PATTERNS = [(code, _pattern(t, "")) for code, t in NOTE_TEMPLATES.items()]
_LISTS = {"units"}
_NUMBERS = {"attack", "strength", "count"}


def reasons_from_words(text: str, result: str, order: str = "") -> tuple[Reason, ...]:
    """The reasons of a result recorded before results carried codes: the sentence, read
    back with the same templates that make it (a record of format 1 is converted once, when
    it is read; everything after reads the codes). Words no template makes are a ``note``
    (or ``illegal`` for an invalid order). ``order`` (the canonical order) tells a void
    convoy from a void support, whose words are alike."""
    patterns = _PATTERNS
    if " C " in f" {order} ":
        patterns = sorted(_PATTERNS, key=lambda cp: cp[0] != "void_not_convoyed")
    found: list[Reason] = []
    rest = text
    while rest:
        for code, pattern in patterns:
            m = pattern.match(rest)
            if m and sentence(_typed(code, m.groupdict())) == rest[: m.end()]:
                found.append(_typed(code, m.groupdict()))
                rest = rest[m.end():].removeprefix("; ")
                break
        else:
            found.append(Reason("illegal" if result == "invalid" else "note", {"text": rest}))
            break
    return tuple(found)


def _typed(code: str, details: dict) -> Reason:
    typed = {}
    for k, v in details.items():
        if k in _NUMBERS and v.isdigit():
            typed[k] = int(v)
        elif k in _LISTS:
            typed[k] = v.split(", ")
        else:
            typed[k] = v
    return Reason(code, typed)
