"""MILA ``diplomacy``'s saved-game format, to and from a game's record.

A saved game (``diplomacy.utils.export.to_saved_game_format``) is one JSON object: ``id``,
``map``, ``rules`` and ``phases``, each phase ``{name, state, orders, results, messages}``.
``state`` holds the board at the start of the phase (``units`` per power, a dislodged unit
written ``*A BUR`` with its ``retreats``; ``centers``; ``homes``; ``builds``...). The last
phase is the one to be played next, with no orders.

Only standard Diplomacy travels this way: MILA's ``standard`` map has the same province
codes and power names as ours. What each side has that the other has not:

- the day a phase was processed (the record's ``processed``, to the minute) is its state's
  ``timestamp``, MILA's microseconds since 1970 (the time MILA archives a processed phase);
  the phase to be played next, not processed yet, has 0, which import reads as "not said";
- MILA's ``zobrist_hash`` is written as 0 (MILA rebuilds it when it loads a game), its
  ``influence`` as each power's centers and units, ``civil_disorder`` as 0;
- results are MILA's words (``bounce``, ``cut``, ``dislodged``, ``void``, ``no convoy``,
  ``disband``) made from our result codes; our reasons and the GM's notes stay behind;
- the GM's press becomes one global message from ``SYSTEM`` per phase; on import, global
  messages become the phase's press (``**FRANCE**: text``) and private ones are left out.

Pure functions on plain data: the commands are in :mod:`gm_tools.app.interchange`.
"""

from __future__ import annotations

import datetime

from gm_tools.engine.model import INVALID, Dislodged, Position, Unit
from gm_tools.engine.results import BOUNCE_CODES, CONVOY_CODES, VOID_CODES
from gm_tools.engine.variant import Variant
from gm_tools.errors import UserError

MILA_MAP = "standard"
"""The one MILA map that is our standard variant."""
MILA_RULES: list[str] = []
"""MILA rules written: none (its defaults are the 2000 rulebook's, as ours)."""


class MilaFormatError(UserError):
    """A saved game this tool cannot read: says where and what was expected."""


# --- export ----------------------------------------------------------------------------------


def _mila_order(text: str, before: dict, power: str) -> str:
    """Our canonical order as MILA writes it: builds ``A PAR B``, convoyed moves ``VIA``, a
    support's coast dropped (MILA supports a province), a supported unit's kind filled in."""
    words = text.split()
    if words[0] == "BUILD":
        return f"{words[1]} {words[2]} B"
    if len(words) >= 4 and words[2] == "-":
        if text.endswith(" VIA CONVOY"):
            return f"{words[0]} {words[1]} - {words[3]} VIA"
        if len(words) > 4:  # a convoy route named sea by sea: A LON - NTH - NWY
            return f"{words[0]} {words[1]} - {words[-1]} VIA"
        return text
    if len(words) > 2 and words[2] == "S":
        target = words[3:]
        if target[0] not in ("A", "F"):
            kind = _kind_at(before, target[0])
            target = [kind] + target if kind else target
        if len(target) == 4 and target[2] == "-":
            target[3] = target[3].split("/")[0]
        return " ".join(words[:3] + target)
    return text


def _kind_at(position: dict, location: str) -> str | None:
    province = location.split("/")[0]
    for units in position.get("units", {}).values():
        for unit in units:
            label = unit["unit"] if isinstance(unit, dict) else unit
            kind, where = label.split()
            if where.split("/")[0] == province:
                return kind
    return None


def _mila_results(result: dict) -> list[str]:
    words = []
    codes = {c.get("code") for c in result.get("codes", []) if isinstance(c, dict)}
    if result.get("result") == "invalid" or codes & VOID_CODES:
        words.append("void")
    if codes & BOUNCE_CODES:
        words.append("bounce")
    if "cut" in codes:
        words.append("cut")
    if codes & CONVOY_CODES:
        words.append("no convoy")
    if result.get("dislodged"):
        words.append("dislodged")
    if result.get("order", "").endswith(" D") and result.get("result") == "succeeds":
        words.append("disband")
    return words


def _mila_state(variant: Variant, phase: str, position: dict, game_id: str, builds: dict[str, int],
                timestamp: int = 0) -> dict:
    powers = list(variant.powers)
    units = {p: [] for p in powers}
    retreats = {p: {} for p in powers}
    for power, items in position.get("units", {}).items():
        units.setdefault(power, []).extend(i["unit"] if isinstance(i, dict) else i for i in items)
    for power, items in position.get("dislodged", {}).items():
        for d in items:
            units.setdefault(power, []).append(f"*{d['unit']}")
            retreats.setdefault(power, {})[d["unit"]] = list(d["retreats"])
    centers = {p: sorted(position.get("centers", {}).get(p, [])) for p in powers}
    influence = {p: sorted(set(centers[p]) | {u.lstrip("*").split()[1].split("/")[0] for u in units[p]})
                 for p in powers}
    return {
        "timestamp": timestamp, "zobrist_hash": "0", "note": "", "name": phase,
        "units": {p: sorted(u) for p, u in units.items()}, "retreats": retreats, "centers": centers,
        "homes": {p: sorted(variant.home_centers(p)) for p in powers}, "influence": influence,
        "civil_disorder": {p: 0 for p in powers},
        "builds": {p: {"count": builds.get(p, 0), "homes": []} for p in powers},
        "game_id": game_id, "map": MILA_MAP, "rules": list(MILA_RULES),
    }


_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
"""MILA's times count microseconds from here (``diplomacy.utils.common.EPOCH``, UTC)."""


def _microseconds(stamp: str | None, fallback: int) -> int:
    try:
        moment = datetime.datetime.strptime(str(stamp), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    except ValueError:
        return fallback
    return int(moment.timestamp()) * 1_000_000


def processed_of(phase: dict, where: str) -> str | None:
    """When a saved game's phase was processed, as our records keep it (UTC, to the minute),
    from its state's ``timestamp``; None when the saved game does not say (no timestamp, or
    0: MILA never writes it for a played phase, and our exports before the dates travelled did)."""
    stamp = phase.get("state", {}).get("timestamp")
    if stamp is None or (stamp == 0 and not isinstance(stamp, bool)):
        return None
    expected = "MILA's time, whole microseconds since 1970 (such as 1764079380000000)"
    if isinstance(stamp, bool) or not isinstance(stamp, int):
        found = repr(stamp) if isinstance(stamp, float) else _JSON_KINDS.get(type(stamp), type(stamp).__name__)
        raise MilaFormatError(f"{where}.state.timestamp: found {found}, expected {expected}")
    try:
        moment = _EPOCH + datetime.timedelta(microseconds=stamp)
    except OverflowError:
        raise MilaFormatError(f"{where}.state.timestamp: found {stamp}, expected {expected} "
                              "within the years 1 to 9999") from None
    # Formatted by hand: strftime's %Y does not pad a year before 1000 on every platform.
    return f"{moment.year:04d}-{moment:%m-%dT%H:%M}:00Z"


def to_mila(variant: Variant, game_id: str, history: list[dict], current: dict, builds: list[dict[str, int]]) -> dict:
    """The saved game of a standard game: one phase per record (its board before, its orders
    and results) and the current phase last. ``builds`` gives, per record, each power's
    adjustment count in that phase (empty outside adjustments)."""
    if variant.name != "standard":
        raise MilaFormatError(f"export --mila: found a game of {variant.title}, expected a standard one (only "
                              "standard Diplomacy can be written for MILA's diplomacy)")
    phases = []
    for i, record in enumerate(history):
        before = record["before"]
        # a time an import gave (its saved game had none) is not the play's: it says none again
        played = None if record.get("dated_by") == "import" else record.get("processed")
        orders = {p: [] for p in variant.powers}
        # An order found invalid at adjudication is followed by the hold that stood (DATC
        # 4.E.1): MILA's game keeps only orders it can carry out, one a unit, so the hold goes.
        stood = [r for r in record["results"] if r["result"] != INVALID]
        for r in stood:
            orders.setdefault(r["power"], []).append(_mila_order(r["order"], before, r["power"]))
        results = {}
        for r in stood:
            words = r["order"].split()
            unit = f"{words[1]} {words[2]}" if words[0] == "BUILD" else " ".join(words[:2])
            if words[0] != "WAIVE":
                results[unit] = _mila_results(r)
        messages = []
        if record.get("press"):
            messages.append({"sender": "SYSTEM", "recipient": "GLOBAL", "phase": record["phase"],
                             "time_sent": _microseconds(played, i + 1), "message": record["press"]})
        state = _mila_state(variant, record["phase"], before, game_id, builds[i], _microseconds(played, 0))
        phases.append({"name": record["phase"], "state": state,
                       "orders": orders, "results": results, "messages": messages})
    if current is not None:
        phases.append({"name": current["phase"], "state": _mila_state(variant, current["phase"], current, game_id, {}),
                       "orders": {p: [] for p in variant.powers}, "results": {}, "messages": []})
    return {"id": game_id, "map": MILA_MAP, "rules": list(MILA_RULES), "phases": phases}


# --- import ----------------------------------------------------------------------------------


_JSON_KINDS = {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number",
               bool: "true or false"}
"""A found value named in the file's own terms: JSON's, not Python's ("NoneType", "dict")."""


def _need(value, kind, where: str, expected: str):
    if not isinstance(value, kind):
        found = "nothing" if value is None else _JSON_KINDS.get(type(value), type(value).__name__)
        raise MilaFormatError(f"{where}: found {found}, expected {expected}")
    return value


def position_from_mila(variant: Variant, phase: dict, where: str) -> Position:
    """The board of a saved game's phase ``state``."""
    _need(phase, dict, where, "a phase object with name and state")
    state = _need(phase.get("state"), dict, f"{where}.state", "an object")
    name = _need(phase.get("name"), str, f"{where}.name", "a phase name such as S1901M")
    units, dislodged, centers = {}, {}, {}
    all_retreats = _need(state.get("retreats") if state.get("retreats") is not None else {}, dict,
                         f"{where}.state.retreats", "an object")
    for power, items in _need(state.get("units", {}), dict, f"{where}.state.units", "an object").items():
        if power not in variant.powers:
            raise MilaFormatError(f"{where}.state.units: found power {power!r}, expected one of {', '.join(variant.powers)}")
        retreats = _need(all_retreats.get(power, {}) or {}, dict, f"{where}.state.retreats.{power}",
                         "an object of unit -> retreats")
        for item in _need(items, list, f"{where}.state.units.{power}", "a list of units"):
            label = str(item).lstrip("*")
            parts = label.split()
            if len(parts) != 2 or parts[0] not in ("A", "F") or parts[1].split("/")[0] not in variant.provinces:
                raise MilaFormatError(f"{where}.state.units.{power}: found {item!r}, expected a unit such as \"A PAR\"")
            unit = Unit(power=power, kind=parts[0], location=parts[1])
            province = parts[1].split("/")[0]
            if str(item).startswith("*"):
                dislodged[province] = Dislodged(unit=unit, attacker_from=None,
                                                retreats=tuple(sorted(retreats.get(label, []))))
            else:
                units[province] = unit
    for power, items in _need(state.get("centers", {}), dict, f"{where}.state.centers", "an object").items():
        for center in _need(items, list, f"{where}.state.centers.{power}", "a list of supply centers"):
            if center not in variant.provinces or not variant.provinces[center].supply_center:
                raise MilaFormatError(f"{where}.state.centers.{power}: found {center!r}, expected a supply center")
            centers[center] = power
    return Position(phase=name, units=units, centers=centers, dislodged=dislodged)


def orders_of(variant: Variant, phase: dict, where: str) -> dict[str, list[str]]:
    """A saved game's phase's orders in our notation, by power (its powers without orders left out)."""
    orders = {}
    for power, texts in _need(phase.get("orders") or {}, dict, f"{where}.orders", "an object of power -> orders").items():
        if power in variant.powers and texts:
            ordered: dict[str, str] = {}
            for text in _need(texts, list, f"{where}.orders.{power}", "a list of orders"):
                _need(text, str, f"{where}.orders.{power}", "orders as strings such as \"A PAR - BUR\"")
                _once(ordered, text, f"{where}.orders.{power}")
            orders[power] = [our_order(o) for o in texts]
    return orders


def _once(ordered: dict[str, str], text: str, where: str) -> None:
    """Refuse a second order for a unit already ordered in this phase (a unit takes one order;
    a coast does not make another unit: F STP/SC is the fleet at STP), naming both orders."""
    words = text.split()
    if len(words) < 2 or words[0] not in ("A", "F"):
        return  # WAIVE and the like order no unit
    province = words[1].split("/")[0]
    if province in ordered:
        first = ordered[province]
        raise MilaFormatError(f"{where}: two orders for {' '.join(first.split()[:2])}, {first!r} and {text!r}; "
                              "expected one order for each unit")
    ordered[province] = text


def our_order(text: str) -> str:
    """A MILA order in the notation our parser reads: ``A PAR B`` is ``BUILD A PAR`` and a
    convoyed move's ``VIA`` is ``VIA CONVOY``; the rest is written alike."""
    words = str(text).split()
    if len(words) == 3 and words[2] == "B":
        return f"BUILD {words[0]} {words[1]}"
    if words and words[-1] == "VIA":
        return " ".join(words[:-1]) + " VIA CONVOY"
    return " ".join(words)


def press_of(phase: dict, where: str = "phase", warnings: list[str] | None = None) -> str:
    """A phase's global messages as press, one paragraph each; private messages left out. A
    message that cannot be read (not an object, no recipient, text not a string) is left out
    too, and said in ``warnings``: a GM importing a finished game wants the game, not a refusal
    for one garbled line of press, but must know what was lost."""
    lines = []
    messages = phase.get("messages") or []
    if not isinstance(messages, list):
        found = _JSON_KINDS.get(type(messages), type(messages).__name__)
        _warn(warnings, f"{where}.messages: found {found}, expected a list of messages; none imported")
        messages = []
    for n, m in enumerate(messages):
        fault = _message_fault(m)
        if fault:
            _warn(warnings, f"{where}.messages[{n}]: found {fault}; left out")
        elif m.get("recipient") == "GLOBAL" and m.get("message"):
            sender = m.get("sender", "")
            lines.append(m["message"] if sender == "SYSTEM" else f"**{sender}**: {m['message']}")
    return "\n\n".join(lines)


def _message_fault(m) -> str:
    """What makes a saved message unreadable, in the file's terms, or "" for a readable one."""
    if not isinstance(m, dict):
        return f"{_JSON_KINDS.get(type(m), 'nothing' if m is None else type(m).__name__)}, expected a message object"
    for key in ("sender", "recipient", "message"):
        if not isinstance(m.get(key, "" if key == "sender" else None), str):
            value = m.get(key)
            found = "nothing" if value is None else _JSON_KINDS.get(type(value), type(value).__name__)
            return f"{found} as its {key}, expected a string"
    return ""


def _warn(warnings: list[str] | None, text: str) -> None:
    if warnings is not None:
        warnings.append(text)


def read_saved_game(data) -> list[dict]:
    """The phases of a saved game, checked for shape; refuses any map but ``standard``."""
    game = _need(data, dict, "saved game", "a JSON object with id, map, rules and phases")
    if game.get("map", MILA_MAP) != MILA_MAP:
        raise MilaFormatError(f"saved game map: found {game.get('map')!r}, expected {MILA_MAP!r} "
                              "(only standard Diplomacy is imported)")
    phases = _need(game.get("phases"), list, "saved game phases", "a list of phases")
    if not phases:
        raise MilaFormatError("saved game phases: found none, expected at least the first phase")
    return phases
