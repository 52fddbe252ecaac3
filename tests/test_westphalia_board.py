"""The Peace of Westphalia's board (issue 15 item 1): the hexes in play for N players, their
adjacency by shared edges, the six board edges, and the data file agreeing with the geometry.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Lay out the Map': 'The hex tiles that will be played
with will be clearly marked, depending on how many Players are playing, with 9 tiles per Player.'
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.engine.rules import variant_for_game
from gm_tools.errors import GameError
from gm_tools.publish.render import render_svg
from gm_tools.systems.westphalia.board import (contiguous, edges, has_vertex_triangle, neighbours, spiral,
                                               touching)

ROOT = Path(__file__).resolve().parent.parent
BASE = load_variant("westphalia")


@pytest.mark.parametrize("players", [3, 5, 8, 14])
def test_nine_hexes_per_player_in_one_compact_patch(players):
    """'with 9 tiles per Player': the first 9 x N hexes of the spiral, all touching."""
    variant = variant_for_game(BASE, players)
    assert len(variant.provinces) == 9 * players
    assert list(variant.powers) == list(BASE.powers)[:players]
    cells = [tuple(p.extra["hex"]) for p in variant.provinces.values()]
    assert contiguous(cells)
    # compact: every hex of the board is within the smallest ring that holds 9 x N hexes
    radius = max(max(abs(q), abs(r), abs(q + r)) for q, r in cells)
    assert 1 + 3 * (radius - 1) * radius < 9 * players <= 1 + 3 * radius * (radius + 1)


def test_adjacency_is_the_shared_hex_edge():
    """'adjacency by shared hex edge' (the issue): the lists in the data file are the geometry's,
    and a game's board keeps the edges between its own hexes."""
    by_hex = {tuple(p.extra["hex"]): c for c, p in BASE.provinces.items()}
    for code, province in BASE.provinces.items():
        expected = {by_hex[h] for h in neighbours(tuple(province.extra["hex"])) if h in by_hex}
        assert set(BASE.army_adjacency[code]) == expected, code
    variant = variant_for_game(BASE, 5)
    for code in variant.provinces:
        assert variant.army_adjacency[code] == BASE.army_adjacency[code] & set(variant.provinces)


def test_the_data_file_is_the_generators():
    """``variants/westphalia/provinces.toml`` is what ``tools/westphalia_board.py`` writes."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import westphalia_board
    finally:
        sys.path.pop(0)
    assert (ROOT / "variants" / "westphalia" / "provinces.toml").read_text(encoding="utf-8") == westphalia_board.render()


def test_six_board_edges():
    """'the six board edges (for Foreign Power home provinces)': each side's hexes, whose
    neighbour on that side is off the board."""
    cells = spiral(45)
    sides = edges(cells)
    assert sorted(sides) == sorted(["east", "north-east", "north-west", "west", "south-west", "south-east"])
    for name, along in sides.items():
        assert along and all(c in cells for c in along)
    assert (0, 0) not in {c for along in sides.values() for c in along}  # the middle is on no edge


def test_vertex_and_contiguity_checks():
    """'three of these provinces must touch each other at a vertex and the entire principality
    must be contiguous'."""
    assert touching((0, 0), (1, 0)) and not touching((0, 0), (2, 0))
    assert has_vertex_triangle([(0, 0), (1, 0), (1, -1), (2, -1)])
    assert not has_vertex_triangle([(0, 0), (1, 0), (2, 0), (3, 0)])  # a straight line: no vertex of three
    assert not contiguous([(0, 0), (1, 0), (3, 0)])


def test_player_counts_outside_the_rules_are_refused():
    with pytest.raises(GameError, match="expected 3 to 14"):
        variant_for_game(BASE, 2)


def test_the_board_is_drawn_as_hexes():
    """The base map is drawn from the hexes: one region per hex, so the renderer draws it."""
    import re

    from gm_tools.app.turn import start_position

    variant = variant_for_game(BASE, 3)
    svg = render_svg(variant, start_position(variant))
    drawn = re.findall(r'<path id="([A-Z]{3})" d="M([^"]*)Z?"', svg)
    assert sorted(code for code, _ in drawn) == sorted(variant.provinces)
    assert all(path.count("L") == 5 for _, path in drawn)  # six corners each


def test_the_gm_may_give_the_tile_list(tmp_path):
    """'the GM can instead give the tile list' (the issue): a variant folder whose provinces.toml
    lists other hexes plays on them, its adjacency taken from the coordinates; a list with a hex
    twice is refused when the variant is loaded."""
    import shutil

    from gm_tools.app.turn import load_state, new_game, run_turn
    from gm_tools.errors import VariantDataError

    folder = tmp_path / "long-westphalia"
    shutil.copytree(ROOT / "variants" / "westphalia", folder)
    rows = [(f"T{i:02d}", f"Tile {i}", (i % 9, i // 9)) for i in range(27)]  # a 9 x 3 strip
    (folder / "provinces.toml").write_text("".join(
        f'[{code}]\nname = "{name}"\ntype = "land"\nhex = [{q}, {r}]\norder = {n}\n\n'
        for n, (code, name, (q, r)) in enumerate(rows, start=1)), encoding="utf-8")
    new_game(str(folder), "strip", root=tmp_path / "games", seed=1, created="2000-01-01T00:00:00Z", player_count=3)
    run_turn("strip", root=tmp_path / "games", site_dir=None, force=True)
    variant = load_state("strip", tmp_path / "games").variant
    assert len(variant.provinces) == 27
    assert variant.army_adjacency["T00"] == frozenset({"T01", "T09"})  # (0,0) touches (1,0) and (0,1)
    bad = tmp_path / "bad-westphalia"
    shutil.copytree(ROOT / "variants" / "westphalia", bad)
    (bad / "provinces.toml").write_text('[A]\nname = "A"\ntype = "land"\nhex = [0, 0]\norder = 1\n\n'
                                        '[B]\nname = "B"\ntype = "land"\nhex = [0, 0]\norder = 2\n',
                                        encoding="utf-8")
    from gm_tools.edges.variants import load_variant

    with pytest.raises(VariantDataError, match="hex \\[0, 0\\] is also A's"):
        load_variant(str(bad))


def test_a_game_without_players_is_a_five_player_game(tmp_path):
    """Without ``--players`` the game is played by 5 (``tables.toml [players] default``), on a
    board of 45 hexes drawn as hexes, not the 14-player list of all hexes."""
    from gm_tools.app.turn import load_state, new_game

    new_game("westphalia", "w", root=tmp_path, seed=1, created="2000-01-01T00:00:00Z")
    variant = load_state("w", tmp_path).variant
    assert len(variant.powers) == 5 and len(variant.provinces) == 45 and variant.map_svg
