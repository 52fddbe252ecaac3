"""The Setup's placements, each checked as the rulebook states it.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup': 'Pick Provinces', 'Place Electors', 'Place
other Principalities', 'Place Diplomatic Influence', 'Choose a Military Doctrine'. Each check
returns what is wrong in words (empty when the placement stands); the sheets attach the cell.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.board import contiguous, has_vertex_triangle, neighbours
from gm_tools.systems.westphalia.state import Holding, State


@dataclass(frozen=True)
class Tables:
    """The rulebook's numbers for the Setup (``tables.toml``)."""

    prince_provinces: int
    electors: dict[str, int]
    """Elector -> its provinces ('Trier, Mainz, and Cologne - 1 province ...')."""
    size_by_roll: dict[int, int]
    """D6 -> the size of the principality placed ('1-4: ... 2 Province', '5-6: ... 3')."""
    names: tuple[str, ...]
    """The other principalities' names, in the contents' order."""
    kept_back: tuple[str, ...]
    """'Save Austria and Bavaria for if a Principality grows to more than 5 provinces.'"""
    influence: int
    """'Each Player receives 3 Diplomatic Influence.'"""
    doctrines: tuple[str, ...]


def tables_of(variant: Variant) -> Tables:
    t = variant.tables
    return Tables(
        prince_provinces=int(t.get("princes", {}).get("provinces", 4)),
        electors={str(k): int(v) for k, v in t.get("electors", {}).items() if k not in ("reconstructed", "source")},
        size_by_roll={int(k): int(v) for k, v in t.get("principalities", {}).get("size_by_roll", {}).items()},
        names=tuple(t.get("principalities", {}).get("names", ())),
        kept_back=tuple(t.get("principalities", {}).get("kept_back", ())),
        influence=int(t.get("influence", {}).get("setup", 3)),
        doctrines=tuple(t.get("doctrines", {}).get("names", ())),
    )


def hex_of(variant: Variant, code: str) -> tuple[int, int]:
    q, r = variant.provinces[code].extra["hex"]
    return int(q), int(r)


def free_hexes(variant: Variant, state: State) -> set[str]:
    return set(variant.provinces) - set(state.owner())


def read_provinces(variant: Variant, text: str) -> tuple[list[str], list[str]]:
    """(codes, words not understood) of a list such as ``"ALT, Amberg, BAY"``."""
    def code_of(word: str) -> str | None:
        return variant.lookup.get(word.lower()) or (word.upper() if word.upper() in variant.provinces else None)

    codes, unknown = [], []
    # 'EIC/EIS/HAE/HAM': a slash between provinces as a comma; no province's name holds one
    for word in (w.strip() for w in re.split(r"[,;/]", str(text or ""))):
        if not word:
            continue
        # 'EIC EIS HAE HAM' typed with spaces, as a mail may: each word a province when all are
        parts = [code_of(w) for w in word.split()] if code_of(word) is None else []
        if len(parts) > 1 and all(parts):
            codes += parts
            continue
        code = code_of(word)
        (codes if code else unknown).append(code or word)
    return codes, unknown


def _components(variant: Variant, cells: set[str]) -> list[set[str]]:
    """The connected groups of ``cells`` (through shared edges)."""
    by_hex = {hex_of(variant, c): c for c in cells}
    seen: set[str] = set()
    out = []
    for start in sorted(cells):
        if start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            here = frontier.pop()
            for h in neighbours(hex_of(variant, here)):
                there = by_hex.get(h)
                if there is not None and there not in group:
                    group.add(there)
                    frontier.append(there)
        seen |= group
        out.append(group)
    return out


def largest_fit(variant: Variant, free: set[str]) -> int:
    """The most provinces a contiguous principality could have on the free hexes: a connected
    group of n hexes holds a connected group of any smaller size."""
    return max((len(g) for g in _components(variant, free)), default=0)


def example_holding(variant: Variant, state: State, size: int) -> list[str]:
    """``size`` free provinces touching each other, the first its capital, for a message's example
    row; none when no free group is that large."""
    free = free_hexes(variant, state)
    group = next((g for g in _components(variant, free) if len(g) >= size), None)
    if group is None or size < 1:
        return []
    by_hex = {hex_of(variant, c): c for c in group}
    chosen = [min(group)]
    for here in chosen:  # grown outward from the first, so every prefix touches itself
        chosen += [by_hex[h] for h in neighbours(hex_of(variant, here)) if h in by_hex and by_hex[h] not in chosen]
        if len(chosen) >= size:
            break
    return chosen[:size]


def _common(variant: Variant, state: State, provinces: list[str], capital: str, size: int) -> list[str]:
    problems = []
    if len(provinces) != size or len(set(provinces)) != len(provinces):
        # a province typed twice is said, or 'found 4' would not tell what is wrong with 4 typed
        twice = sorted({p for p in provinces if provinces.count(p) > 1})
        # ... and 'expected 4 different, found 4' with a fifth typed twice would contradict itself
        found = f"{len(set(provinces))} different in {len(provinces)} typed" if twice else str(len(provinces))
        problems.append((f"{size} province, found {found}" if size == 1 else
                         f"{size} different provinces, found {found}")
                        + (f" ({', '.join(twice)} typed twice)" if twice else ""))
    taken = sorted(p for p in provinces if p in state.owner())
    if taken:
        problems.append(f"free provinces ({', '.join(taken)} already placed)")
    if capital not in provinces:
        problems.append(f"a capital among its provinces, found {capital or 'none'}")
    return problems


def check_prince(variant: Variant, tables: Tables, state: State, provinces: list[str], capital: str) -> list[str]:
    """'picks 4 provinces ... three of these provinces must touch each other at a vertex and the
    entire principality must be contiguous. He then places a town on his chosen capital province.'"""
    problems = _common(variant, state, provinces, capital, tables.prince_provinces)
    cells = [hex_of(variant, p) for p in provinces]
    if not contiguous(cells):
        problems.append("contiguous provinces ('the entire principality must be contiguous')")
    if not has_vertex_triangle(cells):
        problems.append("three provinces touching at a vertex ('three of these provinces must touch each other "
                        "at a vertex')")
    return problems


def check_elector(variant: Variant, tables: Tables, state: State, name: str, provinces: list[str],
                  capital: str) -> list[str]:
    """'The Elector's provinces must be contiguous, unless impossible, but may be shaped however
    the Player desires', of the size the list gives."""
    if name not in tables.electors:
        return [f"one of the Electors ({', '.join(tables.electors)})"]
    if name in state.principalities:
        return [f"an Elector not yet placed ({name} is on the board)"]
    size = tables.electors[name]
    problems = _common(variant, state, provinces, capital, size)
    free = free_hexes(variant, state)
    if not problems and not contiguous(hex_of(variant, p) for p in provinces) and largest_fit(variant, free) >= size:
        problems.append(f"contiguous provinces ('must be contiguous, unless impossible': {size} free provinces "
                        "touching each other remain)")
    return problems


def roll_size(tables: Tables, roll: int) -> int:
    return tables.size_by_roll[roll]


def check_principality(variant: Variant, tables: Tables, state: State, roll: int, name: str, provinces: list[str],
                       capital: str) -> list[str]:
    """'Pick a province where there is space on the board for a contiguous Principality of the
    rolled size and place the Principality's town; this is its capital, and the rest of its
    provinces must border its capital if possible ... If there is no space on the board for a
    contiguous Principality of the rolled size, place the largest Principality that can be placed.'"""
    if name not in tables.names or name in tables.kept_back:
        return ["a principality of the list, not " + " or ".join(tables.kept_back) + " ('Save Austria and Bavaria')"]
    if name in state.principalities:
        return [f"a principality not yet placed ({name} is on the board)"]
    free = free_hexes(variant, state)
    size = min(roll_size(tables, roll), largest_fit(variant, free))
    problems = _common(variant, state, provinces, capital, size)
    if problems:
        return problems
    if not contiguous(hex_of(variant, p) for p in provinces):
        problems.append("contiguous provinces")
    around = {p for p in free if hex_of(variant, p) in neighbours(hex_of(variant, capital))}
    if len(around) >= size - 1 and not set(provinces) - {capital} <= around:
        problems.append("provinces bordering the capital ('the rest of its provinces must border its capital if "
                        "possible')")
    return problems


def fill_singles(variant: Variant, tables: Tables, state: State) -> list[str]:
    """'When only disconnected single provinces remain, fill in the remaining provinces with 1
    province Principalities': each takes the next unused name. Returns what is wrong when
    provinces that touch each other are still free."""
    free = free_hexes(variant, state)
    groups = [g for g in _components(variant, free) if len(g) > 1]
    if groups:
        return [", ".join(sorted(g)) for g in groups]
    names = [n for n in tables.names if n not in state.principalities and n not in tables.kept_back]
    for province, name in zip(sorted(free, key=lambda c: variant.provinces[c].extra["order"]), names):
        state.principalities[name] = Holding((province,), province)
    return []


def draw_setup_order(players: list[str], seed: str) -> tuple[str, ...]:
    """'Each Player submits a cube of their color. Randomly draw cubes for Setup Order.'"""
    rng = random.Random(f"westphalia setup order {seed}")
    order = sorted(players)
    rng.shuffle(order)
    return tuple(order)


def draw_rolls(order: tuple[str, ...], start: int, count: int, seed: str) -> tuple[tuple[str, int], ...]:
    """``count`` D6 rolls for the other principalities, the players taking turns from
    ``order[start]`` ('continuing in clockwise order, each Player rolls a D6')."""
    rng = random.Random(f"westphalia principalities {seed}")
    return tuple((order[(start + i) % len(order)], rng.randint(1, 6)) for i in range(count))
