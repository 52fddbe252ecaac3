"""A phase's JSON on the site (``site/games/NAME/S1901M.json``): its public record as the
history keeps it, compact.

A whole record repeats what the site already holds: its ``before`` is the previous phase's
``after``, and a long game's books (Europe 1619's ledger: every year's influence, treasury
and scores) grow with every phase, 120 KB by 1648, so a whole record of a late phase is
larger than the page it belongs to (issue 19: a phase's page, JSON and text under 60 KB).
The file therefore keeps:

- ``before`` as ``{"$ref": "PREV.json#/after"}`` (a JSON Reference: the previous phase's
  file, at its ``after``) when the phase started from the board the previous one ended
  with, which is the rule; the first phase's ``before``, and one that differs (a board the
  GM set by hand), are written whole;
- a system's large tables as their changes in the phase (``docs/game-record.md``, "Changes
  in extra"), exactly as the game's history file does;
- everything else whole: orders, results, notes, units, centers and the small tables read
  as they are.

Compact, as a browser shows JSON laid out and a program does not need it to be.
:func:`record_from_files` gives a program the record whole from the site's files.
"""

from __future__ import annotations

import json
import os
from json.encoder import encode_basestring
from pathlib import Path

from gm_tools.edges.recorddelta import expand

REF = "$ref"
POINTER = "#/after"
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))
"""A phase file's JSON, and the game's game.json: compact, keys sorted, any script as itself.
Made once: ``json.dumps`` with options makes an encoder at every call."""


def without_seeds(record: dict) -> dict:
    """``record`` as the site may show it: without the seed of the rules' randomness (its
    ``random.seed``), the seed text of each draw (which holds the game's seed), or a seed a
    game system keeps in its state (a position's ``extra.<system>.seed``). Whoever knows the
    seed knows every draw still to come, Westphalia's battle deck and Europe 1615 v2's dice
    among them, so the seed stays in the GM's record (``gm-tools replay`` reads it there)
    and the site shows only what was drawn. Only those places are looked at: walking a long
    game's books for the word would cost more than the rest of the phase's file."""
    out = dict(record)
    random = record.get("random")
    if isinstance(random, dict):
        draws = random.get("draws")
        out["random"] = {k: v for k, v in random.items() if k != "seed"}
        if isinstance(draws, list):
            out["random"]["draws"] = [{k: v for k, v in d.items() if k != "seed"} if isinstance(d, dict) else d
                                      for d in draws]
    for side in ("before", "after"):
        position = record.get(side)
        extra = position.get("extra") if isinstance(position, dict) else None
        if isinstance(extra, dict) and any(isinstance(v, dict) and "seed" in v for v in extra.values()):
            out[side] = dict(position, extra={name: {k: v for k, v in state.items() if k != "seed"}
                                              if isinstance(state, dict) else state
                                              for name, state in extra.items()})
    return out


def value_texts(stored: dict) -> dict[str, str]:
    """Each key of a stored record and its value as :data:`_ENCODER` writes it. A record is
    shown by two files, its phase's (where ``before`` differs) and the game's game.json, so
    its values are written once for both (:func:`object_text` puts them together): encoding
    a record twice was a tenth of a phase's build."""
    return {key: _ENCODER.encode(value) for key, value in stored.items()}


def object_text(texts: dict[str, str]) -> str:
    """The JSON object of :func:`value_texts`, byte for byte what :data:`_ENCODER` writes for
    the record (its keys, which a record read from JSON has as strings, sorted)."""
    return "{" + ",".join([f"{encode_basestring(key)}:{texts[key]}" for key in sorted(texts)]) + "}"


def phase_json(stored: dict, record: dict, previous: dict | None, previous_id: str | None,
               texts: dict[str, str] | None = None) -> str:
    """The text of a phase's file. ``stored`` is ``record`` as the history keeps it
    (:func:`~gm_tools.edges.recorddelta.shrink`), ``texts`` its :func:`value_texts` if made
    already; ``previous`` is the whole record before it, of phase ``previous_id``."""
    if previous is not None and previous_id and record.get("before") == previous.get("after"):
        before = {REF: f"{previous_id}.json{POINTER}"}
    else:  # whole, so that the file needs no other to be read
        before = record["before"]
    texts = value_texts(stored) if texts is None else texts
    return object_text({**texts, "before": _ENCODER.encode(before)}) + "\n"


def game_json(info: dict, records: list[str], end: dict | None = None) -> str:
    """The game's game.json: ``{"end": END, "format": 2, "game": INFO, "history": [...]}`` (no
    ``end`` before the game ends) as :data:`_ENCODER` writes it, each stored record given as
    its text (:func:`object_text`). ``info`` is shown without its seed (:func:`without_seeds`)."""
    info = {k: v for k, v in info.items() if k != "seed"}
    ended = "" if end is None else f'"end":{_ENCODER.encode(end)},'
    return f'{{{ended}"format":2,"game":{_ENCODER.encode(info)},"history":[{",".join(records)}]}}\n'


def record_from_files(folder: str | os.PathLike, phase_id: str) -> dict:
    """A phase's public record whole, read from its file and those its ``before`` refers to
    back to the first phase (``folder``: the game's folder in the site, a path or its text).
    A reference that is not a phase file of the same folder is reported by :class:`ValueError`."""
    folder = Path(folder)  # a program may well pass '.' (docs/site.md)
    chain = []
    seen = set()
    name = phase_id
    while True:
        if name in seen or "/" in name or "\\" in name:
            raise ValueError(f"{folder / (phase_id + '.json')}: its references loop or leave the game's folder at {name!r}")
        seen.add(name)
        record = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        chain.append(record)
        ref = _ref(record.get("before"))
        if ref is None:
            break
        if not ref.endswith(".json" + POINTER):
            raise ValueError(f"{folder / (name + '.json')}: before refers to {ref!r}, expected 'PHASE.json{POINTER}'")
        name = ref[: -len(".json" + POINTER)]
    previous = None
    for record in reversed(chain):
        if _ref(record.get("before")) is not None:
            record = dict(record, before=previous["after"])
        previous = expand(record, previous)
    return previous


def _ref(value) -> str | None:
    return value.get(REF) if isinstance(value, dict) and isinstance(value.get(REF), str) else None
