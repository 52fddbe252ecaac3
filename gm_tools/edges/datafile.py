"""Reading a data file a person wrote (a variant's TOML): every mistake becomes a problem
naming the file and the entry, with the key most likely meant, so a map maker fixes a
whole file in one pass. Shared by the variant loader and the game systems' data readers.
"""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

from gm_tools.engine.variant import article_problem

# Spellings a map maker is likely to write for a known key. difflib catches most typos;
# these are the ones too far from the real key for it (other English, other words).
_LIKELY_MEANT = {
    "centre": "center",
    "supply_center": "center",
    "supply_centre": "center",
    "sc": "center",
    "color": "colour",
    "alias": "aliases",
    "coast": "coasts",
    "armies": "army",
    "fleets": "fleet",
    "owner": "home",
    "home_center": "home",
    "terrain": "type",
}



def meant_key(key: str, known: tuple[str, ...]) -> str | None:
    """The known key a misspelt ``key`` most likely meant, or None if it looks deliberate."""
    guess = _LIKELY_MEANT.get(key.lower())
    if guess in known:
        return guess
    close = difflib.get_close_matches(key.lower(), known, n=1, cutoff=0.8)
    return close[0] if close else None


def describe_unknown(key: str, known: tuple[str, ...]) -> str:
    """``unknown key 'x'`` with the key it most likely meant, or the keys expected."""
    guess = meant_key(key, known)
    hint = f" (did you mean '{guess}'?)" if guess else f" (expected one of: {', '.join(known)})"
    return f"unknown key '{key}'{hint}"


def read_toml(path: Path, problems: list[str], required: bool) -> dict | None:
    """A TOML file's tables, or None after reporting why not (missing, not TOML, not UTF-8)."""
    if not path.is_file():
        if required:
            problems.append(f"{path.name}: file missing in {path.parent}")
        return None
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        problems.append(f"{path.name}: not valid TOML: {e}")
    except UnicodeDecodeError as e:
        problems.append(f"{path.name}: not UTF-8 text: {e}")
    return None


def str_list(value, where: str, what: str, problems: list[str]) -> list[str]:
    """A list of strings, or [] after reporting what was found instead."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    problems.append(f"{where}: {what} must be a list of strings, found {value!r}")
    return []


def check_fixed_keys(table: dict, known: tuple[str, ...], where: str, problems: list[str]) -> None:
    """A table with a fixed set of keys: anything else is a typo."""
    for key in table:
        if key not in known:
            problems.append(f"{where}: {describe_unknown(key, known)}")


def extra_keys(table: dict, known: tuple[str, ...], where: str, problems: list[str]) -> dict:
    """The keys of an open table beyond ``known``: facts a variant's rules module reads
    (a province's ``hre``, a power's ``minor``...). A key that looks like a misspelt
    known one is reported instead, so a typo never passes for a variant fact."""
    extra = {}
    for key, value in table.items():
        if key in known:
            continue
        if meant_key(key, known):
            problems.append(f"{where}: {describe_unknown(key, known)}")
        else:
            extra[key] = value
    return extra



def article(table: dict, where: str, problems: list[str]) -> str:
    """A name's optional ``article``, the word a sentence puts before it ("the")."""
    found = table.get("article", "")
    problem = article_problem(found)
    if problem:
        problems.append(f"{where}: {problem}")
        return ""
    return found
