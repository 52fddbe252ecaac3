"""The variant registry: find a variant by name, alias or folder, load it once, show it.

The shipped variants are the folders of ``variants/`` at the top of the repository (or of the
folder named by the environment variable ``GM_TOOLS_VARIANTS``). Reading and checking one
folder is :mod:`gm_tools.edges.variant_loader`'s job.
"""

from __future__ import annotations

import functools
import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from gm_tools.errors import UnknownVariantError, VariantDataError, did_you_mean
from gm_tools.engine.variant import Variant
from gm_tools.edges.variant_loader import VARIANT_FILE, read_variant

ENV_VAR = "GM_TOOLS_VARIANTS"


def variants_dir() -> Path:
    """The folder holding one sub-folder per variant."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "variants"


@dataclass
class _Registry:
    """What the ``variant.toml`` files of the variants folder say about names."""

    found: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    """Variant name -> (title, aliases)."""
    broken: dict[str, list[str]] = field(default_factory=dict)
    """Variant name -> problems that keep it out of the registry (unreadable file, an alias
    another variant uses)."""


def _registry() -> _Registry:
    """Read each folder's ``variant.toml`` for its title and aliases.

    Read afresh each time (a few small files) so that a variant added while a program runs
    is found; only the full load is cached. One broken folder does not hide the others.
    """
    reg = _Registry()
    root = variants_dir()
    if not root.is_dir():
        return reg
    owner: dict[str, str] = {}
    for folder in sorted(root.iterdir()):
        path = folder / VARIANT_FILE
        if not path.is_file():
            continue
        try:
            with path.open("rb") as f:
                data = tomllib.load(f)
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            reg.broken[folder.name] = [f"{VARIANT_FILE}: not valid TOML: {e}"]
            continue
        title = data.get("title") if isinstance(data.get("title"), str) else folder.name
        aliases = data.get("aliases", [])
        if not isinstance(aliases, list):
            aliases = []
        aliases = tuple(str(a).strip().lower() for a in aliases)
        owner.setdefault(folder.name.lower(), folder.name)
        reg.found[folder.name] = (title, aliases)
    # Aliases second, so a variant's folder name always wins over another's alias.
    for name, (_title, aliases) in reg.found.items():
        for alias in aliases:
            other = owner.setdefault(alias, name)
            if other != name:
                reg.broken.setdefault(name, []).append(
                    f"{VARIANT_FILE}: alias '{alias}' is already the name or an alias of variant '{other}'"
                )
    for name in reg.broken:
        reg.found.pop(name, None)
    return reg


def _raise_broken(reg: _Registry) -> None:
    for name, problems in sorted(reg.broken.items()):
        raise VariantDataError(name, problems)


def list_variants() -> list[tuple[str, str, tuple[str, ...]]]:
    """(name, title, aliases) of every shipped variant, sorted by name.

    Raises VariantDataError when a variant's ``variant.toml`` cannot be read.
    """
    reg = _registry()
    _raise_broken(reg)
    return [(name, title, aliases) for name, (title, aliases) in sorted(reg.found.items())]


def _resolve(name_or_path: str | os.PathLike) -> tuple[Path, str]:
    """The folder of a variant and its name."""
    text = str(name_or_path).strip()
    key = text.lower()
    root = variants_dir()
    if key and "/" not in key and os.sep not in key and (root / key / VARIANT_FILE).is_file():
        return root / key, key
    reg = _registry()
    for name, (_title, aliases) in reg.found.items():
        if key in aliases:
            return root / name, name
    path = Path(text)
    if text and path.is_dir():
        if not (path / VARIANT_FILE).is_file():
            raise UnknownVariantError(f"folder {path} is not a variant: it has no {VARIANT_FILE}")
        return path, path.resolve().name
    known = ", ".join(
        f"{name} ({', '.join(aliases)})" if aliases else name for name, (_t, aliases) in reg.found.items()
    )
    hint = did_you_mean(text, {w.casefold(): name for name, (_t, aliases) in reg.found.items() for w in (name, *aliases)})
    message = (f"unknown variant {text!r}{f' ({hint})' if hint else ''}: expected a variant name, alias or folder; "
               f"known variants: {known or 'none'}")
    # The name may be a broken variant's alias: say which variants could not be read.
    for name, problems in sorted(reg.broken.items()):
        message += f"; variant {name!r} not readable: {'; '.join(problems)}"
    raise UnknownVariantError(message)


@functools.lru_cache(maxsize=32)
def _load_folder(folder: str, name: str) -> Variant:
    variant = read_variant(Path(folder), name)
    # What the variant's game system reads of it (options, its tables) is checked now too,
    # so every mistake in the data is reported at load, not at the first turn.
    from gm_tools.engine.system import system_for

    problems = system_for(variant).check_variant(variant)
    if problems:
        raise VariantDataError(variant.name, problems)
    return variant


def variant_folder(name_or_path: str | os.PathLike) -> Path:
    """The folder a variant's files are read from (its ``changes.toml`` beside them)."""
    return _resolve(name_or_path)[0]


def load_variant(name_or_path: str | os.PathLike) -> Variant:
    """The checked variant named by a registry name, alias or folder path.

    Loaded once per folder and cached: callers must not change the returned object.
    Raises UnknownVariantError or VariantDataError.
    """
    folder, name = _resolve(name_or_path)
    return _load_folder(str(folder.resolve()), name)


# --- showing a variant -----------------------------------------------------------------


def _unit_json(unit):
    text = f"{unit.kind} {unit.location}"
    return text if unit.strength == 1 else {"unit": text, "strength": unit.strength}


def variant_json(variant: Variant) -> dict:
    """The loaded variant as plain JSON data (what ``gm-tools variant NAME --json`` prints)."""
    provinces = []
    for code in sorted(variant.provinces):
        p = variant.provinces[code]
        entry = {
            "code": p.code,
            "name": p.name,
            "aliases": list(p.aliases),
            "type": p.type,
            "coasts": list(p.coasts),
            "supply_center": p.supply_center,
            "value": p.value,
            "home": p.home,
        }
        if p.extra:
            entry["extra"] = p.extra
        provinces.append(entry)
    powers = []
    for power in variant.powers.values():
        entry = {
            "code": power.code,
            "name": power.name,
            "adjective": power.adjective,
            "colour": power.colour,
            "religion": power.religion,
            "playable": power.playable,
        }
        if power.extra:
            entry["extra"] = power.extra
        powers.append(entry)
    units: dict[str, list] = {}
    for unit in variant.start_units:
        units.setdefault(unit.power, []).append(_unit_json(unit))
    centers: dict[str, list] = {}
    for code, owner in sorted(variant.start_centers.items()):
        centers.setdefault(owner, []).append(code)
    data = {
        "name": variant.name,
        "title": variant.title,
        "aliases": list(variant.aliases),
        "provinces": provinces,
        "adjacency": {
            "army": {k: sorted(v) for k, v in sorted(variant.army_adjacency.items())},
            "fleet": {k: sorted(v) for k, v in sorted(variant.fleet_adjacency.items())},
        },
        "powers": powers,
        "start": {"units": units, "centers": centers},
        "calendar": {
            "first_phase": variant.calendar.first_phase,
            "phases": [list(p) for p in variant.calendar.phases],
            "seasons": dict(variant.calendar.season_names),
            "types": dict(variant.calendar.phase_type_names),
        },
        "victory": {"centers": variant.victory_centers}
        | ({"points": variant.victory_points} if variant.victory_points else {})
        | ({"end_year": variant.end_year} if variant.end_year else {}),
        "options": dict(variant.options),
    }
    if variant.tables:
        data["tables"] = variant.tables
    return data


def variant_summary(variant: Variant) -> str:
    """A few lines a GM reads: the map's size, each power's start, the calendar."""
    from gm_tools.engine.rules import rules_for

    centers = variant.supply_centers()
    measure = rules_for(variant).victory_measure(variant)
    if measure == "centers":
        won = f"{variant.victory_centers} to win"
    elif variant.victory_centers < 1 or not centers:
        won = "won by the rulebook's own victory conditions"  # a board game (The Peace of Westphalia)
    else:
        won = {"points": "won by victory points", "rounds": "won by rounds"}.get(measure, f"won by {measure}")
    lines = [
        f"{variant.title} [{variant.name}]",
        f"aliases: {', '.join(variant.aliases) or '-'}",
        f"{len(variant.provinces)} provinces, {len(centers)} supply centers, {won}",
        f"first phase {variant.calendar.first_phase}; year: "
        + ", ".join(f"{s}{t}" for s, t in variant.calendar.phases),
        "powers:",
    ]
    for code, power in variant.powers.items():
        units = " ".join(f"{u.kind} {u.location}" for u in variant.start_units if u.power == code)
        homes = " ".join(variant.home_centers(code))
        playable = "" if power.playable else " (not played)"
        lines.append(f"  {code:<10} {power.name}{playable}: home {homes or '-'}; units {units or '-'}")
    options = {k: v for k, v in sorted(variant.options.items())}
    lines.append("options: " + ", ".join(f"{k}={v}" for k, v in options.items()))
    return "\n".join(lines)


def cmd_variants(args) -> int:
    """``gm-tools variants``: one line per variant."""
    for name, title, aliases in list_variants():
        print(f"{name}\t{title}\t{', '.join(aliases)}")
    return 0


def cmd_variant(args) -> int:
    """``gm-tools variant NAME [--json]``."""
    variant = load_variant(args.name)
    if getattr(args, "json", False):
        print(json.dumps(variant_json(variant), sort_keys=True, indent=2, ensure_ascii=False))
    else:
        print(variant_summary(variant))
    return 0
