"""A variant's known reading changes (``variants/NAME/changes.toml``), read for ``gm-tools replay``.

GMs upgrade gm_tools in the middle of games that last years. Where a rule's reading was
corrected on a known date, a game recorded before then replays with differences in the phases
the correction reaches. Each correction is listed as data beside the variant's other files:
its id, date, the rulebook and section it reads, what it changes, the phase types it acts in
and the parts of a phase's record it changes (``docs/game-record.md``, "Known reading
changes"). The replay names those that could explain a phase that differs; it proves nothing.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from gm_tools.edges.datafile import check_fixed_keys, read_toml, str_list
from gm_tools.engine.variant import Variant
from gm_tools.errors import VariantDataError

CHANGES_FILE = "changes.toml"
KEYS = ("id", "date", "rulebook", "section", "what", "phases", "touches", "results", "shown_by", "items", "players")
REQUIRED = ("id", "date", "rulebook", "section", "what", "phases", "touches")
PARTS = ("results", "notes", "after", "extra", "random", "next_phase", "winner", "draw")
"""The record's keys a change may touch (``before`` is never one: a phase started from another
board follows from the phase before it, whatever changed there)."""


@dataclass(frozen=True)
class KnownChange:
    id: str
    date: str
    rulebook: str
    section: str
    what: str
    phases: tuple[str, ...]
    """The calendar's names of the phase types it acts in (``Player Turns``)."""
    touches: tuple[str, ...]
    """Dotted paths in a record (``after.extra.europe1615.annexed``, ``results``)."""
    results: re.Pattern | None
    """The result and note lines it adds, removes or rewords, by their words; None: any."""
    shown_by: tuple[str, ...]
    """The touched parts one of which must differ for the change to be named (default: all);
    the others differ only along with them (a renaming's state beside its result line)."""
    items: re.Pattern | None = None
    """What must be among the items that differ at a ``shown_by`` part (a list's entries, an
    object's keys, as JSON) for the change to be named: one minor state's capture, not any."""
    players: tuple[int, ...] = ()
    """The numbers of players whose games it reaches (Westphalia's Upheaval draws for 9 and 12);
    empty: every game."""


def _change(entry, where: str, phase_types: set[str], problems: list[str]) -> KnownChange | None:
    if not isinstance(entry, dict):
        problems.append(f"{where}: found {entry!r}, expected a table")
        return None
    check_fixed_keys(entry, KEYS, where, problems)
    missing = [k for k in REQUIRED if k not in entry]
    if missing:
        problems.append(f"{where}: missing {', '.join(missing)}")
        return None
    texts = {k: entry[k] for k in ("id", "date", "rulebook", "section", "what")}
    bad = [k for k, v in texts.items() if not isinstance(v, str) or not v.strip()]
    if bad:
        problems.append(f"{where}: {', '.join(bad)} must be text")
        return None
    try:
        datetime.date.fromisoformat(texts["date"])
    except ValueError:
        problems.append(f"{where}: date found {texts['date']!r}, expected YYYY-MM-DD")
    phases = str_list(entry["phases"], where, "phases", problems)
    for name in phases:
        if name not in phase_types:
            problems.append(f"{where}: phases found {name!r}, expected one of the calendar's types: "
                            f"{', '.join(sorted(phase_types))}")
    touches = str_list(entry["touches"], where, "touches", problems)
    shown_by = str_list(entry.get("shown_by", touches), where, "shown_by", problems)
    for path in touches:
        if path.split(".")[0] not in PARTS:
            problems.append(f"{where}: touches found {path!r}, expected a path starting with one of {', '.join(PARTS)}")
    for path in shown_by:
        if path not in touches:
            problems.append(f"{where}: shown_by found {path!r}, expected one of its touches")
    patterns = {}
    for key in ("results", "items"):
        if key in entry:
            try:
                patterns[key] = re.compile(entry[key])
            except (re.error, TypeError) as e:
                problems.append(f"{where}: {key} found {entry[key]!r}, expected a regular expression ({e})")
    players = entry.get("players", [])
    if not isinstance(players, list) or not all(type(n) is int and n > 0 for n in players):
        problems.append(f"{where}: players found {players!r}, expected a list of numbers of players ([9, 12])")
        players = []
    return KnownChange(texts["id"], texts["date"], texts["rulebook"], texts["section"], " ".join(texts["what"].split()),
                       tuple(phases), tuple(touches), patterns.get("results"), tuple(shown_by), patterns.get("items"),
                       tuple(players))


def known_changes(variant: Variant, folder: Path) -> tuple[KnownChange, ...]:
    """The changes listed in ``folder/changes.toml`` (none without the file); every mistake in
    it raised at once as a VariantDataError naming the entry."""
    problems: list[str] = []
    data = read_toml(folder / CHANGES_FILE, problems, required=False)
    if data is None:
        if problems:
            raise VariantDataError(variant.name, problems)
        return ()
    check_fixed_keys(data, ("change",), CHANGES_FILE, problems)
    entries = data.get("change", [])
    if not isinstance(entries, list):
        problems.append(f"{CHANGES_FILE}: change found {entries!r}, expected [[change]] tables")
        entries = []
    types = set(variant.calendar.phase_type_names.values())
    found = [_change(e, f"{CHANGES_FILE} [[change]] {n}", types, problems) for n, e in enumerate(entries, 1)]
    ids = [c.id for c in found if c]
    problems += [f"{CHANGES_FILE}: id {i!r} given twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    if problems:
        raise VariantDataError(variant.name, problems)
    return tuple(c for c in found if c)
