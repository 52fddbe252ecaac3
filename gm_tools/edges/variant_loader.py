"""Read one variant folder (format in ``variants/README.md``) into a checked :class:`Variant`.

The loader never stops at the first mistake: every check appends to one list of problems,
each naming its file and entry, and :class:`VariantDataError` reports them all, so a map
maker fixes a whole map in one pass. Finding a variant by name is
:mod:`gm_tools.edges.variants`' job, not this module's.
"""

from __future__ import annotations

import re
from pathlib import Path

from gm_tools.edges.datafile import article, check_fixed_keys, describe_unknown, extra_keys, read_toml, str_list
from gm_tools.edges.provinces_loader import PROVINCES_FILE, read_provinces
from gm_tools.errors import VariantDataError
from gm_tools.engine.model import ARMY, FLEET, Unit, coast_of, province_of
from gm_tools.engine.phase import PhaseError, parse_phase
from gm_tools.engine.system import system_exists
from gm_tools.engine.variant import LAND, SEA, Calendar, Power, Province, Variant

VARIANT_FILE = "variant.toml"
TABLES_FILE = "tables.toml"
NOTES_FILE = "NOTES.md"
MAP_FILE = "map.svg"

TOP_KEYS = ("title", "aliases", "description", "rules", "victory", "calendar", "options", "powers", "start", "map",
            "reconstructed")
MAP_KEYS = ("inset",)
INSET_KEYS = ("x", "y", "width", "height", "scale", "title")
VICTORY_KEYS = ("centers", "points", "end_year")
CALENDAR_KEYS = ("first_phase", "phases", "seasons", "types", "year_step")
START_KEYS = ("units", "centers")
POWER_KEYS = ("code", "name", "article", "adjective", "colour", "religion", "playable", "aliases")


_POWER_CODE_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_UNIT_RE = re.compile(r"^\s*([AF])\s+(\S+)\s*$", re.IGNORECASE)
# --- variant.toml --------------------------------------------------------------------------


def _read_powers(value, problems: list[str]) -> dict[str, Power]:
    powers: dict[str, Power] = {}
    if not isinstance(value, list) or not value:
        problems.append(f"{VARIANT_FILE} [[powers]]: expected one [[powers]] table per power, found {value!r}")
        return powers
    for i, table in enumerate(value, start=1):
        where = f"{VARIANT_FILE} [[powers]] #{i}"
        if not isinstance(table, dict):
            problems.append(f"{where}: expected a table, found {table!r}")
            continue
        code = table.get("code")
        if not isinstance(code, str) or not _POWER_CODE_RE.match(code):
            problems.append(f"{where}: 'code' must be upper case, like 'FRANCE', found {code!r}")
            continue
        where = f"{where} ({code})"
        if code in powers:
            problems.append(f"{where}: power code {code} used twice")
            continue
        extra = extra_keys(table, POWER_KEYS, where, problems)
        texts = {}
        for key in ("name", "adjective"):
            text = table.get(key)
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{where}: '{key}' must be a non-empty string, found {text!r}")
                text = code.title()
            texts[key] = text
        colour = table.get("colour")
        if not isinstance(colour, str) or not _COLOUR_RE.match(colour):
            problems.append(f"{where}: 'colour' must be #rrggbb, found {colour!r}")
            colour = "#808080"
        religion = table.get("religion", "")
        if not isinstance(religion, str):
            problems.append(f"{where}: 'religion' must be a string, found {religion!r}")
            religion = ""
        playable = table.get("playable", True)
        if not isinstance(playable, bool):
            problems.append(f"{where}: 'playable' must be true or false, found {playable!r}")
            playable = True
        aliases = tuple(a.strip().lower() for a in str_list(table.get("aliases", []), where, "'aliases'", problems))
        powers[code] = Power(code=code, colour=colour.lower(), religion=religion, playable=playable, extra=extra,
                             article=article(table, where, problems), aliases=aliases, **texts)
    # a name players give a power names no other (a sheet or a mail reads it as that power)
    named: dict[str, str] = {}
    for code, power in powers.items():
        for what, name in [("code", code.lower()), ("name", power.name.lower())] + [("alias", a) for a in power.aliases]:
            if named.setdefault(name, code) != code:
                problems.append(f"{VARIANT_FILE} [[powers]] ({code}): {what} '{name}' is already a name of {named[name]}")
    return powers


def _read_calendar(value, problems: list[str]) -> Calendar:
    where = f"{VARIANT_FILE} [calendar]"
    fallback = Calendar(phases=(("S", "M"),), first_phase="S1901M")
    if not isinstance(value, dict):
        problems.append(f"{where}: missing or not a table")
        return fallback
    check_fixed_keys(value, CALENDAR_KEYS, where, problems)
    phases = []
    raw_phases = value.get("phases")
    if not isinstance(raw_phases, list) or not raw_phases:
        problems.append(f"{where}: 'phases' must be a list of [season, type] pairs, found {raw_phases!r}")
        raw_phases = []
    for pair in raw_phases:
        ok = (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(x, str) and re.fullmatch(r"[A-Z]", x) for x in pair)
        )
        if not ok:
            problems.append(f"{where}: phase {pair!r} must be [season letter, type letter] like [\"S\", \"M\"]")
        elif tuple(pair) in phases:
            problems.append(f"{where}: phase {pair!r} listed twice")
        else:
            phases.append(tuple(pair))
    names = {}
    for key in ("seasons", "types"):
        table = value.get(key, {})
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            problems.append(f"{where}: '{key}' must map letters to names, found {table!r}")
            table = {}
        names[key] = dict(table)
    first = value.get("first_phase")
    if not isinstance(first, str):
        problems.append(f"{where}: 'first_phase' must be a phase id like \"S1901M\", found {first!r}")
        first = fallback.first_phase
    else:
        try:
            phase = parse_phase(first)
            first = phase.id
            if phases and (phase.season, phase.type) not in phases:
                problems.append(f"{where}: first_phase {first} is not in phases")
        except PhaseError as e:
            problems.append(f"{where}: first_phase: {e}")
    step = value.get("year_step", 1)
    if not isinstance(step, int) or isinstance(step, bool) or step < 1:
        problems.append(f"{where}: 'year_step' must be a whole number of years, 1 or more, found {step!r}")
        step = 1
    return Calendar(
        phases=tuple(phases) or fallback.phases,
        first_phase=first,
        season_names=names["seasons"],
        phase_type_names=names["types"],
        year_step=step,
    )


def _read_start(value, provinces: dict[str, Province], powers: dict[str, Power], problems: list[str]):
    units: list[Unit] = []
    centers: dict[str, str] = {}
    if not isinstance(value, dict):
        problems.append(f"{VARIANT_FILE} [start]: missing or not a table with units and centers")
        return units, centers
    check_fixed_keys(value, START_KEYS, f"{VARIANT_FILE} [start]", problems)
    occupied: dict[str, Unit] = {}
    for power, entries in _power_lists(value.get("units"), "start.units", powers, problems):
        where = f"{VARIANT_FILE} [start.units] {power}"
        for entry in entries:
            unit = _read_start_unit(entry, power, where, provinces, problems)
            if unit is None:
                continue
            if unit.province in occupied:
                problems.append(
                    f"{where}: '{unit}': {unit.province} already holds {occupied[unit.province]} "
                    f"of {occupied[unit.province].power} (one unit a province)"
                )
                continue
            occupied[unit.province] = unit
            units.append(unit)
    for power, entries in _power_lists(value.get("centers"), "start.centers", powers, problems):
        where = f"{VARIANT_FILE} [start.centers] {power}"
        for code in entries:
            prov = provinces.get(code)
            if prov is None:
                problems.append(f"{where}: unknown province {code}")
            elif not prov.supply_center:
                problems.append(f"{where}: {code} is not a supply center")
            elif code in centers:
                problems.append(f"{where}: {code} is already owned by {centers[code]} (owned twice)")
            else:
                centers[code] = power
    return units, centers


def _power_lists(table, where: str, powers: dict[str, Power], problems: list[str]):
    """(power, list) pairs of a ``POWER = [...]`` table, for known powers only."""
    if table is None:
        problems.append(f"{VARIANT_FILE} [{where}]: missing")
        return
    if not isinstance(table, dict):
        problems.append(f"{VARIANT_FILE} [{where}]: expected POWER = [...] entries, found {table!r}")
        return
    for power, entries in table.items():
        if power not in powers:
            problems.append(
                f"{VARIANT_FILE} [{where}] {power}: unknown power (powers: {', '.join(powers) or 'none'})"
            )
            continue
        if not isinstance(entries, list):
            problems.append(f"{VARIANT_FILE} [{where}] {power}: expected a list, found {entries!r}")
            continue
        yield power, entries


def _read_start_unit(entry, power: str, where: str, provinces: dict[str, Province], problems) -> Unit | None:
    strength = 1
    text = entry
    if isinstance(entry, dict):
        text = entry.get("unit")
        strength = entry.get("strength", 1)
        for key in entry:
            if key not in ("unit", "strength"):
                problems.append(f"{where}: {entry!r}: {describe_unknown(key, ('unit', 'strength'))}")
        if not isinstance(strength, int) or isinstance(strength, bool) or strength < 1:
            problems.append(f"{where}: {entry!r}: 'strength' must be a whole number 1 or more")
            return None
    m = _UNIT_RE.match(text) if isinstance(text, str) else None
    if not m:
        problems.append(f"{where}: {entry!r} is not a unit like \"A PAR\" or \"F SPA/NC\"")
        return None
    kind, location = m.group(1).upper(), m.group(2).upper()
    prov = provinces.get(province_of(location))
    label = f"'{kind} {location}'"
    if prov is None:
        problems.append(f"{where}: {label}: unknown province {province_of(location)}")
    elif kind == ARMY and prov.type == SEA:
        problems.append(f"{where}: {label}: an army cannot be at sea")
    elif kind == ARMY and coast_of(location):
        problems.append(f"{where}: {label}: armies stand in provinces, not on coasts")
    elif kind == FLEET and prov.type == LAND:
        problems.append(f"{where}: {label}: a fleet cannot be inland")
    elif kind == FLEET and prov.coasts and coast_of(location) not in prov.coasts:
        choices = " or ".join(f"{prov.code}/{c}" for c in prov.coasts)
        problems.append(f"{where}: {label}: a fleet in {prov.code} stands on a coast ({choices})")
    elif kind == FLEET and not prov.coasts and coast_of(location):
        problems.append(f"{where}: {label}: {prov.code} has no split coasts")
    else:
        return Unit(power=power, kind=kind, location=location, strength=strength)
    return None


def _check_homes(provinces: dict[str, Province], powers: dict[str, Power], problems: list[str]) -> None:
    for code, prov in provinces.items():
        where = f"{PROVINCES_FILE} [{code}]"
        domain = prov.extra.get("domain")
        # the map tints a domain in its power's colour: a misspelt power would go unseen
        if domain is not None and domain not in powers:
            problems.append(f"{where}: domain {domain!r} is not a power (powers: {', '.join(powers) or 'none'})")
        if prov.home is None:
            continue
        if prov.home not in powers:
            problems.append(f"{where}: home '{prov.home}' is not a power (powers: {', '.join(powers) or 'none'})")
        if not prov.supply_center:
            problems.append(f"{where}: home center of {prov.home} but not a supply center (add center = true)")


def _read_options(data: dict, problems: list[str]) -> dict:
    options = data.get("options", {})
    if not isinstance(options, dict):
        problems.append(f"{VARIANT_FILE} [options]: expected a table, found {options!r}")
        options = {}
    options = dict(options)
    rules = data.get("rules", "standard")
    if "rules" in options:
        problems.append(f"{VARIANT_FILE} [options]: 'rules' belongs at the top of the file, not in [options]")
    if not isinstance(rules, str) or not re.fullmatch(r"[a-z_][a-z0-9_]*", rules):
        problems.append(f"{VARIANT_FILE}: 'rules' must be a module name like \"standard\", found {rules!r}")
        rules = "standard"
    elif not system_exists(rules):
        problems.append(f"{VARIANT_FILE}: rules = \"{rules}\" but there is no game system gm_tools/systems/{rules}/")
    options["rules"] = rules
    return options


def _read_victory(value, n_centers: int, problems: list[str]) -> int:
    where = f"{VARIANT_FILE} [victory]"
    if not isinstance(value, dict):
        problems.append(f"{where}: missing or not a table (centers = N)")
        return 0
    check_fixed_keys(value, VICTORY_KEYS, where, problems)
    if n_centers == 0 and "centers" not in value:
        return 0  # a game without supply centers (a board game) wins by its own rules
    centers = value.get("centers")
    if not isinstance(centers, int) or isinstance(centers, bool) or centers < 1:
        problems.append(f"{where}: 'centers' must be a whole number 1 or more, found {centers!r}")
        return 0
    if centers > n_centers:
        problems.append(f"{where}: centers = {centers} but the map has only {n_centers} supply centers")
    return centers


def _read_victory_terms(value, problems: list[str]) -> dict:
    """The optional victory terms besides centers: ``points`` (victory points that win outright,
    for variants scored in points) and ``end_year`` (the game ends with that year)."""
    terms = {}
    if not isinstance(value, dict):
        return terms
    for key in ("points", "end_year"):
        if key not in value:
            continue
        number = value[key]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            problems.append(f"{VARIANT_FILE} [victory]: '{key}' must be a whole number 1 or more, found {number!r}")
        else:
            terms[key] = number
    return terms


def _read_inset(value, problems: list[str]) -> dict | None:
    """``[map] inset = {x, y, width, height, scale, title}``: a crowded part of the base map
    (map pixels) drawn again, enlarged ``scale`` times, below the map."""
    where = f"{VARIANT_FILE} [map]"
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.append(f"{where}: must be a table")
        return None
    check_fixed_keys(value, MAP_KEYS, where, problems)
    inset = value.get("inset")
    if inset is None:
        return None
    if not isinstance(inset, dict):
        problems.append(f"{where}: 'inset' must be a table {{x, y, width, height, scale, title}}")
        return None
    check_fixed_keys(inset, INSET_KEYS, f"{where} inset", problems)
    out = {}
    for key in ("x", "y", "width", "height", "scale"):
        number = inset.get(key)
        if isinstance(number, bool) or not isinstance(number, (int, float)) or number < 0 or (
                key in ("width", "height", "scale") and number <= 0):
            problems.append(f"{where} inset: '{key}' must be a positive number, found {number!r}")
        else:
            out[key] = float(number)
    title = inset.get("title", "")
    if not isinstance(title, str):
        problems.append(f"{where} inset: 'title' must be a string, found {title!r}")
    out["title"] = str(title)
    return out if len(out) == 6 else None


def _read_tables(data: dict, problems: list[str]) -> dict:
    for name, table in data.items():
        if not isinstance(table, dict):
            problems.append(f"{TABLES_FILE} [{name}]: expected a table, found {table!r}")
        elif not isinstance(table.get("reconstructed", False), bool):
            problems.append(f"{TABLES_FILE} [{name}]: 'reconstructed' must be true or false")
    return data


def read_variant(folder: Path, name: str) -> Variant:
    """Load and check the variant in ``folder``; ``name`` is its registry key.

    Raises :class:`VariantDataError` listing every problem found.
    """
    problems: list[str] = []
    vdata = read_toml(folder / VARIANT_FILE, problems, required=True)
    pdata = read_toml(folder / PROVINCES_FILE, problems, required=True)
    tdata = read_toml(folder / TABLES_FILE, problems, required=False) or {}
    if vdata is None or pdata is None:
        raise VariantDataError(name, problems)

    provinces, army, fleet, lookup = read_provinces(pdata, problems)
    check_fixed_keys(vdata, TOP_KEYS, VARIANT_FILE, problems)
    title = vdata.get("title")
    if not isinstance(title, str) or not title.strip():
        problems.append(f"{VARIANT_FILE}: 'title' must be a non-empty string, found {title!r}")
        title = name
    aliases = str_list(vdata.get("aliases", []), VARIANT_FILE, "'aliases'", problems)
    if not isinstance(vdata.get("description", ""), str):
        problems.append(f"{VARIANT_FILE}: 'description' must be a string")
    options = _read_options(vdata, problems)
    powers = _read_powers(vdata.get("powers"), problems)
    _check_homes(provinces, powers, problems)
    units, centers = _read_start(vdata.get("start"), provinces, powers, problems)
    calendar = _read_calendar(vdata.get("calendar"), problems)
    n_centers = sum(1 for p in provinces.values() if p.supply_center)
    victory = _read_victory(vdata.get("victory"), n_centers, problems)
    victory_terms = _read_victory_terms(vdata.get("victory"), problems)
    tables = _read_tables(tdata, problems)
    inset = _read_inset(vdata.get("map"), problems)
    reconstructed = str_list(vdata.get("reconstructed", []), VARIANT_FILE, "'reconstructed'", problems)
    notes_path = folder / NOTES_FILE
    notes = notes_path.read_text(encoding="utf-8") if notes_path.is_file() else ""
    map_file = folder / MAP_FILE
    map_svg = map_file.read_text(encoding="utf-8") if map_file.is_file() else ""

    if problems:
        raise VariantDataError(name, problems)
    return Variant(
        name=name,
        title=title,
        aliases=tuple(a.strip().lower() for a in aliases),
        provinces=provinces,
        powers=powers,
        army_adjacency=army,
        fleet_adjacency=fleet,
        start_units=tuple(units),
        start_centers=dict(sorted(centers.items())),
        calendar=calendar,
        victory_centers=victory,
        victory_points=victory_terms.get("points"),
        end_year=victory_terms.get("end_year"),
        options=options,
        tables=tables,
        notes=notes,
        map_svg=map_svg,
        lookup=lookup,
        map_inset=inset,
        reconstructed=tuple(reconstructed),
    )
