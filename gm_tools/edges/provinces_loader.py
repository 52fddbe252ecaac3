"""Read a variant's ``provinces.toml`` (format in ``variants/README.md``): each province's
facts, its army and fleet moves checked both ways, and the lookup of every spelling players
write for a place. Part of :mod:`gm_tools.edges.variant_loader`, which reads the rest of the
folder; every mistake is appended to one list of problems, as there.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from gm_tools.edges.datafile import article, extra_keys, str_list
from gm_tools.engine.model import coast_of, province_of
from gm_tools.engine.variant import COAST, LAND, PROVINCE_TYPES, SEA, Province

PROVINCES_FILE = "provinces.toml"
PROVINCE_KEYS = ("name", "article", "type", "aliases", "center", "value", "home", "army", "fleet", "coasts")

# Long names players write for the usual coasts ("spa (north coast)").
COAST_WORDS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}

_CODE_RE = re.compile(r"^[A-Z][A-Z0-9]*$")


# --- provinces.toml ------------------------------------------------------------------------


@dataclass
class _RawProvince:
    """What one ``provinces.toml`` table says, before the cross-province checks."""

    fields: dict
    """Keyword arguments for :class:`Province`, already type-checked."""
    army: list[str] = field(default_factory=list)
    """Army moves as written."""
    fleet: dict[str, list[str]] = field(default_factory=dict)
    """Fleet location (code, or code/coast) -> fleet moves as written."""


def _read_province(code: str, table, problems: list[str]) -> _RawProvince | None:
    where = f"{PROVINCES_FILE} [{code}]"
    if not isinstance(table, dict):
        problems.append(f"{where}: expected a table of province facts, found {table!r}")
        return None
    if not _CODE_RE.match(code):
        problems.append(f"{where}: province code must be upper-case letters and digits, like 'PAR'")
    raw = _RawProvince(fields={})
    extra = extra_keys(table, PROVINCE_KEYS, where, problems)

    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{where}: 'name' must be a non-empty string, found {name!r}")
        name = code
    name_article = article(table, where, problems)
    ptype = table.get("type")
    if ptype not in PROVINCE_TYPES:
        problems.append(f"{where}: 'type' must be one of {', '.join(PROVINCE_TYPES)}, found {ptype!r}")
        ptype = LAND
    aliases = str_list(table.get("aliases", []), where, "'aliases'", problems)
    center = table.get("center", False)
    if not isinstance(center, bool):
        problems.append(f"{where}: 'center' must be true or false, found {center!r}")
        center = False
    value = table.get("value", 1)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        problems.append(f"{where}: 'value' must be a whole number 0 or more, found {value!r}")
        value = 1
    home = table.get("home")
    if home is not None and not isinstance(home, str):
        problems.append(f"{where}: 'home' must be a power code, found {home!r}")
        home = None

    coasts = table.get("coasts", {})
    if not isinstance(coasts, dict):
        problems.append(f"{where}: 'coasts' must be a table of coast = [fleet moves], found {coasts!r}")
        coasts = {}
    for coast, moves in coasts.items():
        if not _CODE_RE.match(coast):
            problems.append(f"{where}: coast name '{coast}' must be upper case, like 'NC'")
        raw.fleet[f"{code}/{coast}"] = str_list(moves, where, f"coast {coast}", problems)
    if "fleet" in table:
        fleet = str_list(table["fleet"], where, "'fleet'", problems)
        if coasts:
            problems.append(
                f"{where}: a split-coast province lists fleet moves only per coast under "
                f"[{code}.coasts], not under 'fleet'"
            )
        else:
            raw.fleet[code] = fleet
    if "army" in table:
        raw.army = str_list(table["army"], where, "'army'", problems)

    if ptype == SEA and "army" in table:
        problems.append(f"{where}: sea province lists army moves (an army cannot be at sea)")
    if ptype == SEA and coasts:
        problems.append(f"{where}: sea province has coasts; only coastal provinces have them")
    if ptype == LAND and raw.fleet:
        problems.append(f"{where}: land province lists fleet moves (a fleet cannot be inland)")
    if ptype == COAST and not raw.fleet:
        problems.append(f"{where}: coastal province lists no fleet moves (is it type = \"land\"?)")
    for loc, moves in raw.fleet.items():
        if coast_of(loc) and not moves:
            problems.append(f"{where}: coast {coast_of(loc)} lists no fleet moves")

    raw.fields = dict(
        code=code,
        name=name,
        type=ptype,
        aliases=tuple(a.strip().lower() for a in aliases),
        supply_center=center,
        value=value,
        home=home,
        coasts=tuple(coasts),
        extra=extra,
        article=name_article,
    )
    return raw


def _report_repeats(items: list[str], where: str, what: str, problems: list[str]) -> None:
    for item in sorted(set(items)):
        if items.count(item) > 1:
            problems.append(f"{where}: {what} {item} listed {items.count(item)} times")


def _check_army_moves(raws: dict[str, _RawProvince], provinces: dict[str, Province], problems: list[str]):
    """Army moves go to known land or coastal provinces, without coasts, both ways."""
    adjacency: dict[str, frozenset[str]] = {}
    for code, raw in raws.items():
        where = f"{PROVINCES_FILE} [{code}]"
        _report_repeats(raw.army, where, "army move to", problems)
        good = set()
        for target in raw.army:
            if "/" in target:
                problems.append(
                    f"{where}: army move to {target}: armies move to provinces, not coasts "
                    f"(write {province_of(target)})"
                )
            elif target not in provinces:
                problems.append(f"{where}: army move to unknown province {target}")
            elif provinces[target].type == SEA:
                problems.append(f"{where}: army move to sea province {target} (an army cannot be at sea)")
            elif target == code:
                problems.append(f"{where}: army move to itself")
            else:
                good.add(target)
        if provinces[code].type != SEA:
            adjacency[code] = frozenset(good)
    for code in raws:
        for target in sorted(adjacency.get(code, ())):
            if code not in adjacency.get(target, ()):
                problems.append(
                    f"{PROVINCES_FILE} [{code}]: army move to {target} but [{target}] army does not list {code}"
                )
    return adjacency


def _location_entry(loc: str) -> str:
    """How a problem names the list a fleet location's moves are in."""
    coast = coast_of(loc)
    return f"[{province_of(loc)}] coast {coast}" if coast else f"[{loc}] fleet"


def _check_fleet_moves(raws: dict[str, _RawProvince], provinces: dict[str, Province], problems: list[str]):
    """Fleet moves go to known sea or coastal locations, with the coast a split province needs,
    and are listed both ways (``GAS`` lists ``SPA/NC`` exactly when ``SPA.coasts.NC`` lists ``GAS``)."""
    adjacency: dict[str, frozenset[str]] = {}
    for code, raw in raws.items():
        where = f"{PROVINCES_FILE} [{code}]"
        for loc, moves in raw.fleet.items():
            here = f"{where} coast {coast_of(loc)}" if coast_of(loc) else where
            _report_repeats(moves, here, "fleet move to", problems)
            good = set()
            for target in moves:
                prov, coast = province_of(target), coast_of(target)
                dest = provinces.get(prov)
                if dest is None:
                    problems.append(f"{here}: fleet move to unknown province {prov}")
                elif dest.type == LAND:
                    problems.append(f"{here}: fleet move to land province {prov} (a fleet cannot be inland)")
                elif coast is None and dest.coasts:
                    choices = " or ".join(f"{prov}/{c}" for c in dest.coasts)
                    problems.append(f"{here}: fleet move to {prov} must name the coast ({choices})")
                elif coast is not None and coast not in dest.coasts:
                    have = f"coasts: {', '.join(dest.coasts)}" if dest.coasts else "it has no split coasts"
                    problems.append(f"{here}: fleet move to {target} but [{prov}] has no coast {coast} ({have})")
                elif prov == code:
                    problems.append(f"{here}: fleet move to its own province")
                else:
                    good.add(target)
            if provinces[code].type != LAND:
                adjacency[loc] = frozenset(good)
    for loc in sorted(adjacency):
        here = f"{PROVINCES_FILE} [{province_of(loc)}]" + (f" coast {coast_of(loc)}" if coast_of(loc) else "")
        for target in sorted(adjacency[loc]):
            if loc not in adjacency.get(target, ()):
                problems.append(f"{here}: fleet move to {target} but {_location_entry(target)} does not list {loc}")
    return adjacency


def _unaccented(name: str) -> set[str]:
    """``name`` with its umlauts written out and without them, other accents left off:
    ``düren`` -> {``dueren``, ``duren``}."""
    def bare(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return {bare(name.translate(_UMLAUTS)), bare(name)}


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _build_lookup(provinces: dict[str, Province], problems: list[str]) -> dict[str, str]:
    """Lower-case code, name, alias (and coast spellings) -> location; every name used once."""
    lookup: dict[str, str] = {}
    for code, prov in provinces.items():
        names = [("code", code.lower()), ("name", prov.name.lower())] + [("alias", a) for a in prov.aliases]
        for what, key in names:
            other = lookup.get(key)
            if other is not None and other != code:
                problems.append(
                    f"{PROVINCES_FILE} [{code}]: {what} '{key}' is already a code, name or alias of [{other}]"
                )
                continue
            lookup[key] = code
    # A name as a keyboard without umlauts or accents writes it ('Dueren' or 'Duren' for
    # 'Düren'), where it names no other province.
    plain: dict[str, set[str]] = {}
    for code, prov in provinces.items():
        for key in (prov.name.lower(), *prov.aliases):
            for spelling in _unaccented(key) - {key}:
                plain.setdefault(spelling, set()).add(code)
    for spelling, codes in sorted(plain.items()):
        if len(codes) == 1 and spelling not in lookup:
            lookup[spelling] = next(iter(codes))
    # Coast spellings come second so that a clash above is reported against the plain name.
    for code, prov in provinces.items():
        keys = sorted(k for k, v in lookup.items() if v == code)
        for coast in prov.coasts:
            words = [coast.lower()] + ([COAST_WORDS[coast]] if coast in COAST_WORDS else [])
            for key in keys:
                for word in words:
                    for spelling in (f"{key}/{word}", f"{key}({word})", f"{key} ({word})", f"{key} {word}"):
                        # A real code, name or alias keeps its meaning over a coast spelling.
                        lookup.setdefault(spelling, f"{code}/{coast}")
    return lookup


def read_provinces(data: dict, problems: list[str]):
    raws: dict[str, _RawProvince] = {}
    for code, table in data.items():
        raw = _read_province(code, table, problems)
        if raw is not None:
            raws[code] = raw
    provinces = {code: Province(**raws[code].fields) for code in sorted(raws)}
    army = _check_army_moves(raws, provinces, problems)
    fleet = _check_fleet_moves(raws, provinces, problems)
    lookup = _build_lookup(provinces, problems)
    return provinces, army, fleet, lookup
