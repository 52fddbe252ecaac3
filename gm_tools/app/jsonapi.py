"""The JSON interface: one adjudication request in, one response out.

A request is a position (phase, units, centers, dislodged units, contested provinces) and
the orders for it; the response is what became of every order and the position of the next
phase. The format is documented, with real examples, in ``docs/json-interface.md``.

This module only translates between JSON-able data and the model: it checks the request
thoroughly (every mistake is a :class:`RequestError` naming where it is and what was
expected), hands the position and orders to :func:`gm_tools.engine.runner.run_phase`, and writes
the outcome back as plain data with sorted keys and lists, so the same request always gives
the same bytes. Files and streams are touched only by :func:`cmd_adjudicate`.
"""

from __future__ import annotations

import difflib
import gc
import json
import sys
from operator import attrgetter
from typing import Any, Iterable, TextIO

from gm_tools.engine.adjudicator import retreat_options
from gm_tools.engine.runner import run_phase
from gm_tools.errors import UserError
from gm_tools.engine.model import ARMY, FLEET, Dislodged, OrderResult, Position, Unit, province_of
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, PhaseError, check_phase
from gm_tools.engine.positions import position_to_json
from gm_tools.engine.jsonline import json_line, json_string, position_lines, result_line
from gm_tools.engine.results import result_json
from gm_tools.engine.rules import rules_for
from gm_tools.engine.variant import LAND, SEA, Variant

REQUEST_KEYS = ("phase", "units", "orders", "centers", "dislodged", "contested", "extra", "seed")
"""Every key a request may have; any other key is a mistake (most often a typo)."""


class RequestError(UserError):
    """A request that cannot be adjudicated as written."""

    def __init__(self, where: str, problem: str):
        self.where = where
        """Where in the request: ``units.FRANCE[1]``, ``phase``, or ``request`` for the whole."""
        self.problem = problem
        """What was found and what was expected, in words."""
        super().__init__(f"{where}: {problem}")


# --- reading a request ------------------------------------------------------------------


def parse_request(variant: Variant, request: Any) -> tuple[Position, dict[str, list[str]]]:
    """Check a request and turn it into the position and orders the engine takes."""
    if not isinstance(request, dict):
        raise RequestError("request", f"expected a JSON object, found {_json_type(request)}")
    unknown = sorted(k for k in request if k not in REQUEST_KEYS)
    if unknown:
        key = unknown[0]
        hint = _suggest(str(key), REQUEST_KEYS)
        raise RequestError(
            "request",
            f"unknown key {key!r}{hint}; a request has only {', '.join(REQUEST_KEYS)}",
        )
    if "phase" not in request:
        raise RequestError("request", "missing 'phase' (a phase id like \"S1901M\")")
    phase = _phase(variant, request["phase"])
    if phase.type not in (MOVEMENT, RETREAT, ADJUSTMENT):
        _refuse_a_phase_of_sheets(variant, phase.id)

    units = _units(variant, _mapping(request, "units"))
    dislodged = _dislodged(variant, _mapping(request, "dislodged"))
    contested = _contested(variant, request.get("contested", []))
    if phase.type != RETREAT:
        # Dislodged units and standoffs only exist between a movement and its retreats;
        # anywhere else they are a mistake the engine would silently drop.
        if dislodged:
            raise RequestError("dislodged", f"only a retreat phase has dislodged units, and {phase.id} is not one")
        if contested:
            raise RequestError("contested", f"only a retreat phase has contested provinces, and {phase.id} is not one")
    centers = _centers(variant, _mapping(request, "centers"))
    orders = _orders(variant, _mapping(request, "orders"))
    extra = request.get("extra", {})
    if not isinstance(extra, dict):
        raise RequestError("extra", f"expected an object of variant state, found {_json_type(extra)}")
    system = variant.system.name
    if system in extra and not isinstance(extra[system], dict):  # the rules read its tables by name
        raise RequestError(f"extra.{system}", f"expected an object of the {system} rules' state (its tables by "
                                              f"name), found {_json_type(extra[system])}")

    position = Position(
        phase=phase.id,
        units=units,
        centers=centers,
        contested=frozenset(contested),
        # a copy, checked to be JSON; a system's state in the layout of records before format 4
        # (its tables at the top) is read as a record of then is (docs/game-record.md)
        extra=variant.system.upgrade_extra(json.loads(json.dumps(extra))) if extra else {},
    )
    # Retreats are worked out as the adjudicator does after a movement (2000 rulebook,
    # 'Retreats'; DATC 6.H.11 for an attack by convoy, given as "from": null).
    if dislodged:
        rules = rules_for(variant)
        position.dislodged = {
            province: Dislodged(
                unit,
                attacker_from,
                retreat_options(variant, position, rules, unit, attacker_from, position.units, position.contested),
            )
            for province, (unit, attacker_from) in dislodged.items()
        }
    return position, orders


def _refuse_a_phase_of_sheets(variant: Variant, phase: str) -> None:
    """A variant's own phase whose entries are sheets (Europe's INF placements, declarations and
    offers, The Peace of Westphalia's steps) is not played here: a request carries orders, and
    the phase played without its entries would go on as if every player had entered nothing.
    One with no entries (a scoring or map adjustment phase) is played as a turn plays it."""
    from gm_tools.engine.hooks import hooks_for

    tables = hooks_for(variant).input_sheets(variant, Position(phase=phase, units={}, centers={}))
    if tables:
        raise RequestError("phase", f"{phase} is played from the entries of the workbook's "
                           f"{', '.join(t.title for t in tables)} sheet(s) (gm-tools turn); a request carries "
                           "orders only, for movement, retreat and adjustment phases and a variant's phases "
                           "that take no entries")


def _phase(variant: Variant, value: Any):
    if not isinstance(value, str):
        raise RequestError("phase", f"expected a phase id string like \"S1901M\", found {_json_type(value)}")
    try:
        return check_phase(variant.calendar, value)
    except PhaseError as e:
        seasons = "".join(sorted({s for s, _ in variant.calendar.phases}))
        kinds = "".join(sorted({t for _, t in variant.calendar.phases}))
        raise RequestError(
            "phase", f"{e}; expected season letter [{seasons}], year, type letter [{kinds}]"
        ) from None


def _mapping(request: dict, key: str) -> dict:
    value = request.get(key, {})
    if not isinstance(value, dict):
        raise RequestError(key, f"expected an object keyed by power, found {_json_type(value)}")
    return value


def _list_for_power(variant: Variant, section: str, key: Any, value: Any) -> tuple[str, list]:
    power = _power(variant, section, key)
    if not isinstance(value, list):
        raise RequestError(f"{section}.{key}", f"expected a list, found {_json_type(value)}")
    return power, value


def _power(variant: Variant, section: str, key: Any) -> str:
    if key in variant.powers:  # the code as programs write it
        return key
    code = str(key).strip().upper()
    if code not in variant.powers:
        hint = _suggest(code, variant.powers)
        raise RequestError(
            f"{section}.{key}",
            f"unknown power {key!r}{hint}; the powers of {variant.name} are {', '.join(variant.powers)}",
        )
    return code


def _location(variant: Variant, where: str, text: str) -> str:
    """A location as the variant's code: ``"spa/sc"`` -> ``"SPA/SC"``. Province names and
    aliases are accepted too, since they are what a GM types."""
    name, _, coast = text.strip().partition("/")
    code = name.strip().upper()
    if code not in variant.provinces:
        found = variant.lookup.get(name.strip().lower())
        if found is None:
            raise RequestError(where, f"unknown province {name.strip()!r}{_suggest_province(variant, name)}")
        code, _, named_coast = found.partition("/")
        coast = coast or named_coast
    province = variant.provinces[code]
    if not coast:
        return code
    coast = coast.strip().upper()
    if coast not in province.coasts:
        if province.coasts:
            expected = "one of " + ", ".join(f"{code}/{c}" for c in province.coasts)
        else:
            expected = f"{code} without a coast ({province.name} has no split coasts)"
        raise RequestError(where, f"unknown coast {text!r}; expected {expected}")
    return f"{code}/{coast}"


def _province(variant: Variant, where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise RequestError(where, f"expected a province code string, found {_json_type(value)}")
    if value in _spellings(variant).provinces:
        return value
    return province_of(_location(variant, where, value))


class _Spellings:
    """The canonical spellings of a variant (``"PAR"``, ``"A PAR"``, ``"F SPA/SC"``): what
    programs send, looked up in one step. Anything else takes the slow, checking path."""

    def __init__(self, variant: Variant):
        self.variant = variant
        """The variant these spellings are for (kept so its id is never reused)."""
        self.provinces = frozenset(variant.provinces)
        """Province codes."""
        self.centers = frozenset(variant.supply_centers())
        """Codes of the supply centers."""
        self.units: dict[str, dict[str, Unit]] = {}
        """Power -> ``"F SPA/SC"`` -> that unit, for every place a unit can stand. Units are
        immutable, so every request can share them."""
        for power in variant.powers:
            units = self.units[power] = {}
            for code in variant.provinces:
                if variant.unit_can_stand(ARMY, code):
                    units[f"{ARMY} {code}"] = Unit(power, ARMY, code)
                for location in variant.fleet_locations(code):
                    units[f"{FLEET} {location}"] = Unit(power, FLEET, location)


_SPELLINGS: dict[int, _Spellings] = {}


def _spellings(variant: Variant) -> _Spellings:
    found = _SPELLINGS.get(id(variant))
    if found is None or found.variant is not variant:
        found = _SPELLINGS[id(variant)] = _Spellings(variant)
    return found


def _unit(variant: Variant, power: str, where: str, item: Any) -> Unit:
    """``"A PAR"``, ``"F SPA/SC"``, or ``{"unit": "A PAR", "strength": 2}`` for a bolstered
    unit of the Europe variants."""
    strength = 1
    if isinstance(item, dict):
        extra_keys = sorted(set(item) - {"unit", "strength"})
        if extra_keys:
            raise RequestError(where, f"unknown key {extra_keys[0]!r}; a unit object has 'unit' and 'strength'")
        strength = item.get("strength", 1)
        if isinstance(strength, bool) or not isinstance(strength, int) or strength < 1:
            raise RequestError(where, f"strength {strength!r}: expected a whole number of at least 1")
        if "unit" not in item:  # not "found null": the object has no such key to be null
            raise RequestError(where, "missing 'unit': expected {\"unit\": \"A PAR\", \"strength\": 2}")
        item = item["unit"]
    if not isinstance(item, str):
        raise RequestError(
            where, f"expected a unit like \"A PAR\" or {{\"unit\": \"A PAR\", \"strength\": 2}}, found {_json_type(item)}"
        )
    parts = item.split()
    if len(parts) != 2 or parts[0].upper() not in (ARMY, FLEET):
        raise RequestError(where, f"unit {item!r}: expected a kind (A or F) and a location, like \"A PAR\" or \"F SPA/SC\"")
    kind = parts[0].upper()
    location = _location(variant, where, parts[1])
    _check_terrain(variant, where, kind, location)
    return Unit(power=power, kind=kind, location=location, strength=strength)


def _check_terrain(variant: Variant, where: str, kind: str, location: str) -> None:
    if variant.unit_can_stand(kind, location):
        return
    province = variant.provinces[province_of(location)]
    text = f"{kind} {location}"
    if kind == ARMY and province.type == SEA:
        problem = f"an army cannot stand in {province.code} ({province.name} is a sea province)"
    elif kind == ARMY:
        problem = f"an army stands in a province, not on a coast: expected A {province.code}"
    elif province.type == LAND:
        problem = f"a fleet cannot stand in {province.code} ({province.name} is a land province)"
    else:
        places = " or ".join(f"F {loc}" for loc in variant.fleet_locations(province.code))
        problem = f"a fleet in {province.name} must name its coast: expected {places}"
    raise RequestError(where, f"unit {text!r}: {problem}")


def _units(variant: Variant, section: dict) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    spellings = _spellings(variant).units
    for key, items in section.items():
        power, items = _list_for_power(variant, "units", key, items)
        known = spellings[power]
        for i, item in enumerate(items):
            # A canonical spelling in a free province skips the checks (it is right by
            # construction): the benchmark sends thousands of positions through here.
            unit = known.get(item) if type(item) is str else None
            if unit is not None and unit.province not in units:
                units[unit.province] = unit
                continue
            if unit is None:
                unit = _unit(variant, power, f"units.{key}[{i}]", item)
            province = unit.province
            if province in units:
                other = units[province]
                raise RequestError(
                    f"units.{key}[{i}]",
                    f"two units in {province}: {power} {unit} and {other.power} {other} "
                    f"(at {_where_placed(section, units, province)}); expected at most one unit a province",
                )
            units[province] = unit
    return units


def _where_placed(section: dict, units: dict[str, Unit], province: str) -> str:
    """Where in the request the unit now in ``province`` was given (``units.FRANCE[1]``),
    counted out only for the error message: the n-th unit read was the n-th listed."""
    n = list(units).index(province)
    for key, items in section.items():
        if n < len(items):
            return f"units.{key}[{n}]"
        n -= len(items)
    return "units"


def _dislodged(variant: Variant, section: dict) -> dict[str, tuple[Unit, str | None]]:
    """Province -> (unit, province the attack came from or None for an attack by convoy)."""
    dislodged: dict[str, tuple[Unit, str | None]] = {}
    for key, items in section.items():
        power, items = _list_for_power(variant, "dislodged", key, items)
        for i, item in enumerate(items):
            where = f"dislodged.{key}[{i}]"
            if not isinstance(item, dict) or "unit" not in item:
                raise RequestError(
                    where, f"expected {{\"unit\": \"A PAR\", \"from\": \"BUR\"}}, found {_json_type(item)}"
                )
            extra_keys = sorted(set(item) - {"unit", "strength", "from", "retreats"})
            if extra_keys:
                raise RequestError(
                    where, f"unknown key {extra_keys[0]!r}; a dislodged unit has 'unit', 'from' and optionally 'strength'"
                )
            if "from" not in item:
                # left out, it would read as an attack by convoy (null), after which the unit may
                # retreat to where the attack came from: a silent wrong answer, not a default
                raise RequestError(where, "missing 'from': expected the province the attack came from, "
                                          "or null for an attack by convoy")
            unit = _unit(variant, power, where, {k: item[k] for k in ("unit", "strength") if k in item})
            attacker_from = item["from"]
            if attacker_from is not None:
                attacker_from = _province(variant, f"{where}.from", attacker_from)
                if attacker_from == unit.province:
                    raise RequestError(f"{where}.from", f"the attack on {unit} cannot come from its own province")
            if unit.province in dislodged:
                raise RequestError(where, f"two dislodged units in {unit.province}; expected at most one")
            dislodged[unit.province] = (unit, attacker_from)
    return dislodged


def _contested(variant: Variant, value: Any) -> list[str]:
    if not isinstance(value, list):
        raise RequestError("contested", f"expected a list of province codes, found {_json_type(value)}")
    return [_province(variant, f"contested[{i}]", item) for i, item in enumerate(value)]


def _centers(variant: Variant, section: dict) -> dict[str, str]:
    centers: dict[str, str] = {}
    supply_centers = _spellings(variant).centers
    for key, items in section.items():
        power, items = _list_for_power(variant, "centers", key, items)
        for i, item in enumerate(items):
            if type(item) is str and item in supply_centers and item not in centers:
                centers[item] = power  # a center's code, once: nothing to check
                continue
            province = _province(variant, f"centers.{key}[{i}]", item)
            if province not in supply_centers:
                raise RequestError(f"centers.{key}[{i}]", f"{province} is not a supply center")
            if province in centers:
                raise RequestError(
                    f"centers.{key}[{i}]",
                    f"{province} is owned twice ({centers[province]} and {power}); expected one owner",
                )
            centers[province] = power
    return centers


def _orders(variant: Variant, section: dict) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for key, items in section.items():
        power, items = _list_for_power(variant, "orders", key, items)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise RequestError(f"orders.{key}[{i}]", f"expected an order string like \"A PAR - BUR\", found {_json_type(item)}")
        orders.setdefault(power, []).extend(items)
    return orders


# --- writing a response -----------------------------------------------------------------


def handle_request(variant: Variant, request: Any) -> dict:
    """Adjudicate one request (a dict read from JSON) and return the response dict.

    Raises :class:`RequestError` (a :class:`UserError`) for a request that cannot be read.
    """
    position, after, results, draws = _adjudicate(variant, request)
    # The board after the phase is a POSITION object of docs/game-record.md, so a game
    # record and this interface write positions the same way.
    response = position_to_json(after)
    response["next_phase"] = response.pop("phase")
    response["phase"] = position.phase
    response["results"] = [result_json(r) for r in results]
    response.update(draws)
    return response


def answer_line(variant: Variant, request: Any) -> str:
    """The response to one request as its ``--jsonl`` line: ``dumps_line(handle_request(variant,
    request))``, byte for byte (tests/test_jsonline.py), written straight from the engine's
    objects (:mod:`gm_tools.engine.jsonline`) rather than made into dicts to be encoded."""
    position, after, results, draws = _adjudicate(variant, request)
    parts = position_lines(after)
    parts["next_phase"] = parts.pop("phase")
    parts["phase"] = json_string(position.phase)
    parts["results"] = "[" + ",".join(map(result_line, results)) + "]"
    for key, value in draws.items():
        parts[key] = json_line(value)
    # The keys are plain words: written as the encoder writes them, in its sorted order.
    return "{" + ",".join(f'"{key}":{parts[key]}' for key in sorted(parts)) + "}"


def _adjudicate(variant: Variant, request: Any) -> tuple[Position, Position, list[OrderResult], dict]:
    """A request adjudicated: the position it gives, the position after the phase, the
    results in the order they are written (by power, then order), and the response's
    ``draws`` or ``draws_due`` if any."""
    position, orders = parse_request(variant, request)
    seed = request.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str)) or str(seed) == ""):
        raise RequestError("seed", f"expected a whole number or a string, found {_json_type(seed)}")
    rules = rules_for(variant)
    outcome = run_phase(variant, position, _in_owners_names(variant, position, orders, rules), rules)
    results = sorted(outcome.results, key=attrgetter("power", "order"))
    # What the variant's rules do after the phase, as a turn does (Centenary's Automatic
    # Fealty, Europe 1615's captures and markers). A random draw needs the request's seed:
    # without one the draws due are named and not made, and the board is the one before them.
    after, draws = rules.after_phase(variant, position, outcome.position, "" if seed is None else str(seed))
    if not draws:
        return position, after, results, {}
    if seed is not None:
        return position, after, results, {"draws": draws}
    due = [{k: v for k, v in d.items() if k not in ("seed", "chosen", "text")} for d in draws]
    return position, outcome.position, results, {"draws_due": due}


def _in_owners_names(variant: Variant, position: Position, orders: dict[str, list[str]], rules) -> dict[str, list[str]]:
    """The orders with each order a power gives a unit it commands (``Rules.commanded``:
    Centenary's vassals, Europe 1619's aligned minors) moved to the unit's owner, as a turn
    reads the commander's block and mail (``edges.ordercheck.parse_commanded``): keyed by the
    commander, the engine would refuse it as not his unit, and a request would not play as the
    game does. A text that does not read stays where it was, for its error."""
    if not any(rules.commanded(variant, position, power) for power in orders):
        return orders  # the standard game's requests: nothing to read twice
    from gm_tools.edges.ordercheck import parse_commanded
    from gm_tools.errors import OrderError

    moved: dict[str, list[str]] = {}
    for power, texts in orders.items():
        commands = rules.commanded(variant, position, power)
        for text in texts:
            owner = power
            if commands:
                try:
                    owner = parse_commanded(text, variant, position, power, rules).power
                except OrderError:
                    pass
            moved.setdefault(owner, []).append(text)
    return moved


def dumps_line(data: Any) -> str:
    """Compact, key-sorted JSON: the bytes of one line in ``--jsonl`` mode."""
    return json_line(data)


def dumps_pretty(data: dict) -> str:
    """Indented, key-sorted JSON for a single response."""
    return json.dumps(data, sort_keys=True, indent=2)


# --- the command line -------------------------------------------------------------------


def run_jsonl(variant: Variant, lines: Iterable[str], out: TextIO) -> int:
    """Answer each non-blank line with one line, in order, flushing as it goes so a client
    can talk to the process line by line. Returns how many lines were errors."""
    errors = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            answer = answer_line(variant, _loads(line, "request", one_line=True))
        except UserError as e:
            errors += 1
            answer = dumps_line({"error": f"line {number}: {e}"})
        out.write(answer + "\n")
        out.flush()
    return errors


def cmd_adjudicate(args) -> int:
    """``gm-tools adjudicate --variant NAME FILE`` (``-`` reads standard input)."""
    from dataclasses import replace

    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.system import system_for

    variant = load_variant(args.variant)
    # A request is no recorded game: it is judged by the readings a new game records (Centenary's
    # "unconquered" neutrals), not by the defaults kept for games recorded before them.
    variant = replace(variant, options=system_for(variant).options_of_new_game(variant, dict(variant.options)))
    stream = _open(args.file)
    try:
        if args.jsonl:
            # A long-running loop: the variant and the modules live as long as the process,
            # so the garbage collector need not walk them again at every full collection.
            gc.freeze()
            run_jsonl(variant, stream, sys.stdout)
            return 0
        text = stream.read()
    finally:
        if stream is not sys.stdin:
            stream.close()
    try:
        response = handle_request(variant, _loads(text, args.file))
    except UserError as e:
        print(dumps_pretty({"error": str(e)}))
        return 1  # answered, with an error to act on (docs/workbook.md, "Exit statuses"), not refused
    print(dumps_pretty(response))
    return 0


def _open(path: str) -> TextIO:
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot read request file {path!r}: {e.strerror}{_variant_hint(path)}") from None


def _variant_hint(path: str) -> str:
    """``gm-tools adjudicate standard`` reads ``standard`` as the request file: when no such
    file exists but a variant has that name, say how a variant is given."""
    from gm_tools.edges.variants import list_variants

    key = path.strip().lower()
    try:
        variants = list_variants()
    except UserError:  # a broken variant folder: the file's own error is the one to give
        return ""
    for name, _title, aliases in variants:
        if key == name or key in aliases:
            return (f" ('{path}' is a variant: give it as --variant {name}, then the request file, "
                    "or - for standard input)")
    return ""


def _loads(text: str, where: str, one_line: bool = False) -> Any:
    """``one_line``: a ``--jsonl`` line, whose error names its line already: the place is its
    column (the decoder's "line 2 column 1" was the line's end, past its newline)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if one_line:
            column = min(e.pos, len(text.rstrip("\r\n"))) + 1
            raise RequestError(where, f"not valid JSON: {e.msg} at column {column}") from None
        raise RequestError(where, f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


# --- small helpers ----------------------------------------------------------------------


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, (int, float)):
        return f"{value!r} (a number)"
    if isinstance(value, str):
        return f"{value!r} (a string)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _suggest(word: str, choices: Iterable[str]) -> str:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {match[0]}?)" if match else ""


def _suggest_province(variant: Variant, name: str) -> str:
    """The closest province code, or the code of the closest name or alias."""
    word = name.strip()
    match = difflib.get_close_matches(word.upper(), list(variant.provinces), n=1, cutoff=0.6)
    if match:
        return f" (did you mean {match[0]}?)"
    match = difflib.get_close_matches(word.lower(), list(variant.lookup), n=1, cutoff=0.6)
    if match:
        return f" (did you mean {province_of(variant.lookup[match[0]])}?)"
    return ""
