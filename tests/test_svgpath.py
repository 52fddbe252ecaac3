"""The maps' outlines read into points (gm_tools/publish/svgpath.py), as the SVG path grammar
reads them: absolute and relative commands, H and V, pairs after a move as lines, a close
returning to the ring's start; anything else is not read."""

from __future__ import annotations

import re

import pytest

from gm_tools.publish.labels import Box
from gm_tools.publish.svgpath import path_box, rings


def test_the_generators_rings_and_the_general_reader_agree():
    plain = "M10 20 l5 0 0 5 -5 0 Z M40 40 l2 2 -2 0z"
    assert rings(plain) == [[(10, 20), (15, 20), (15, 25), (10, 25)], [(40, 40), (42, 42), (40, 42)]]
    # the same rings written another way go through the token reader
    assert rings("M10,20 L15,20 V25 H10 Z m30 20 l2 2 h-2 Z") == rings(plain)


def test_pairs_after_a_move_are_lines_and_a_close_returns_to_the_start():
    assert rings("m1 1 2 0 0 2 z m1 1 1 0") == [[(1, 1), (3, 1), (3, 3)], [(2, 2), (3, 2)]]


@pytest.mark.parametrize("d", ["M0 0 Q1 1 2 2 Z", "M0 0 A1 1 0 0 1 2 2", "M0 0 L1", "M0 0 L1 x2 Z"])
def test_what_is_not_straight_segments_is_not_read(d):
    assert rings(d) is None and path_box(d) is None


def test_the_box_of_a_path():
    assert path_box("M10 20 l5 0 0 5 -5 0 Z") == Box(10, 20, 15, 25)
    assert path_box("") is None


@pytest.mark.parametrize("d, why", [
    ("M0 0 C1 1 2 2 3 3 Z", "path command 'C' found; expected straight segments (M L H V Z)"),
    ("0 0 L1 1", "path data starts with a number, expected M"),
    ("M0 0 L1", "path data ends where a number was expected"),
])
def test_what_is_not_read_says_why(d, why):
    from gm_tools.publish.svgpath import PathError, read_rings

    with pytest.raises(PathError, match=re.escape(why)):
        read_rings(d)


def test_relative_steps_are_summed_to_a_millionth_either_way():
    """Two neighbours writing one border point by different relative steps reach the same
    float (the map check counts pixel centres on borders), by the pattern and the token reader."""
    for d in ("M0.1 0 l0.2 0 0 1 -0.3 0 Z", "M0.1 0 l0.2 0 l0 1 l-0.3 0 Z"):
        assert rings(d)[0][1] == (0.3, 0.0) and rings(d)[0][3] == (0.0, 1.0)
