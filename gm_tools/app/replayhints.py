"""``gm-tools replay``'s answer: each phase that differs, and the known reading change that could
explain it.

A game recorded by an older gm_tools replays with differences where a rule's reading was
corrected since (each variant's ``changes.toml``, :mod:`gm_tools.edges.knownchanges`). The GM
needs to tell those apart from a real fault, so each differing phase is set against them: a
change is named only when the phase is of a type it acts in and a part of the record it
changes does differ; the phase counts as explained only when every part that differs is one a
named change touches. A hint, not a proof: the change's part differs, not necessarily by it.
A phase whose starting board differs follows from an earlier difference and is not judged
on its own (what a different board makes of the same orders cannot be told apart).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gm_tools.edges.knownchanges import KnownChange, known_changes
from gm_tools.edges.variants import variant_folder
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant

_MISSING = object()
DEPTH = {"before": 3, "after": 3, "extra": 3, "random": 1}
"""How far into a record's key its differences are told apart (a position's system state is
three levels down: ``after.extra.europe1615.annexed``); other keys differ as a whole."""
LINES = {"results": "order", "notes": "text"}
"""The record's lists of lines, each told by its words (a result's order, a note's text)."""


@dataclass
class Difference:
    """What differs in one phase's record: dotted parts, and lines added or dropped."""

    parts: list[str] = field(default_factory=list)
    items: dict[str, list[str]] = field(default_factory=dict)
    """Part -> what differs in it, as JSON: a list's entries in one and not the other, an object's
    keys whose values differ, a value's two sides."""
    lines: list[tuple[str, str]] = field(default_factory=list)
    """(``results`` or ``notes``, the line's words) for each line in one record and not the other."""


def _walk(a, b, path: str, depth: int, out: list[str], items: dict[str, list[str]]) -> None:
    if a == b:
        return
    if depth > 0 and isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _walk(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}", depth - 1, out, items)
    else:
        out.append(path)
        items[path] = _items(a, b)


def _items(a, b) -> list[str]:
    if isinstance(a, list) and isinstance(b, list):
        mine, other = [json.dumps(x, sort_keys=True) for x in a], [json.dumps(x, sort_keys=True) for x in b]
        return [x for x in mine if x not in other] + [x for x in other if x not in mine]
    if isinstance(a, dict) and isinstance(b, dict):
        return [json.dumps(k) for k in sorted(set(a) | set(b), key=str) if a.get(k, _MISSING) != b.get(k, _MISSING)]
    return [json.dumps(x, sort_keys=True, default=lambda _m: None) for x in (a, b)]


def _words(line, key: str) -> str:
    if not isinstance(line, dict):
        return str(line)
    return " ".join(str(line[k]) for k in (key, "reason") if line.get(k))


def differences(stored: dict, replayed: dict) -> Difference:
    found = Difference()
    for key in sorted(set(stored) | set(replayed)):
        a, b = stored.get(key, _MISSING), replayed.get(key, _MISSING)
        if a == b:
            continue
        if key in LINES and isinstance(a, list) and isinstance(b, list):
            # a line reworded is one line dropped and one added: both are looked at
            texts = [json.dumps(x, sort_keys=True) for x in a], [json.dumps(x, sort_keys=True) for x in b]
            for mine, other, lines in ((texts[0], texts[1], a), (texts[1], texts[0], b)):
                left = list(other)
                for text, line in zip(mine, lines):
                    if text in left:
                        left.remove(text)
                    else:
                        found.lines.append((key, _words(line, LINES[key])))
            continue
        _walk(a, b, key, DEPTH.get(key, 0), found.parts, found.items)
    return found


def _under(part: str, path: str) -> bool:
    return part == path or part.startswith(path + ".")


def _covers(change: KnownChange, paths: tuple[str, ...], diff: Difference) -> tuple[list[str], list[tuple[str, str]]]:
    parts = [p for p in diff.parts if any(_under(p, t) for t in paths)]
    lines = [(k, w) for k, w in diff.lines if k in paths and (change.results is None or change.results.search(w))]
    return parts, lines


@dataclass
class Hint:
    phase: str
    kind: str
    changes: list[KnownChange]
    unexplained: Difference
    follows: str | None = None
    """When its starting board differs: the differing phase before it (or the one that one follows)."""


def hints(variant: Variant, compared: dict[str, tuple[dict, dict]], changes: tuple[KnownChange, ...]) -> list[Hint]:
    """For each differing phase (``compared``: phase -> stored and replayed record, in order)
    the known changes that could explain it and what none explains."""
    out: list[Hint] = []
    for phase, (stored, replayed) in compared.items():
        kind = variant.calendar.phase_type_names.get(parse_phase(phase).type, parse_phase(phase).type)
        diff = differences(stored, replayed)
        if out and any(p.startswith("before") for p in diff.parts):
            out.append(Hint(phase, kind, [], diff, follows=out[-1].follows or out[-1].phase))
            continue
        named, parts, lines = [], set(), set()
        for change in changes:
            shown = _covers(change, change.shown_by, diff)
            if change.items is not None:  # only the parts holding the items it changes show it
                shown = ([p for p in shown[0] if any(change.items.search(i) for i in diff.items.get(p, ()))], shown[1])
            if kind not in change.phases or not any(shown):
                continue
            if change.players and len(variant.powers) not in change.players:
                continue  # a game of another size never read the changed figure
            named.append(change)
            covered = _covers(change, change.touches, diff)
            parts.update(covered[0])
            lines.update(covered[1])
        left = Difference(parts=[p for p in diff.parts if p not in parts], lines=[x for x in diff.lines if x not in lines])
        out.append(Hint(phase, kind, named, left))
    return out


def _what(diff: Difference) -> str:
    said = list(diff.parts)
    for key in LINES:
        n = sum(1 for k, _w in diff.lines if k == key)
        if n:
            said.append(f"{key} ({n} line{'s' if n > 1 else ''}: {next(w for k, w in diff.lines if k == key)!r}"
                        f"{' ...' if n > 1 else ''})")
    return ", ".join(said)


def hint_lines(game: str, found: list[Hint]) -> list[str]:
    lines = []
    for hint in found:
        head = f"  {hint.phase} ({hint.kind}): "
        if hint.follows:
            lines.append(head + f"follows from {hint.follows}'s difference: it starts from the board the replay "
                                "reached, not the record's")
            continue
        if hint.unexplained.parts or hint.unexplained.lines:
            lines.append(head + f"not explained by a known change (differs in {_what(hint.unexplained)})"
                         + (f" (besides what {', '.join(c.id for c in hint.changes)} could explain)" if hint.changes
                            else ""))
        else:
            lines.append(head + "could be explained by a known change:")
        for change in hint.changes:
            lines.append(f"    {change.id} ({change.date}; {change.rulebook}, '{change.section}'): {change.what}")
    explained = sum(1 for h in found if not h.follows and not (h.unexplained.parts or h.unexplained.lines))
    following = sum(1 for h in found if h.follows)
    count = (f"{game}: {len(found)} phase(s) differ: {explained} could be explained by a known change, "
             f"{len(found) - explained - following} not explained by a known change")
    if following:
        count += f", {following} following an earlier difference"
    return lines + [count + " (a hint, not a proof: see gm-tools replay --help)"]


def cmd_replay(args) -> int:
    from gm_tools.app.publishfault import ACT_STATUS
    from gm_tools.app.turn import load_state, replay

    compared: dict[str, tuple[dict, dict]] = {}
    differ = replay(args.game, root=args.root, compared=compared)
    state = load_state(args.game, args.root)
    if differ:
        print(f"{args.game}: replay differs from the record in {', '.join(differ)}")
        changes = known_changes(state.variant, variant_folder(state.info.variant))  # as the game found it
        for line in hint_lines(args.game, hints(state.variant, compared, changes)):
            print(line)
        return ACT_STATUS
    played = len(state.history)
    print(f"{args.game}: every phase replays to the same record ({played} phase(s))" if played
          else f"{args.game}: no phase has been played yet, so there is nothing to replay")
    return 0
