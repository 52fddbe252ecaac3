"""The base map's compact path data (tools/mapgen/pathcode.py), read back by the map check
and the renderer: a development tool, but pure Python, so it is tested in every run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gm_tools.edges.basemap import load_base_map
from gm_tools.app.mapcheck import path_rings
from gm_tools.edges.variants import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools" / "mapgen"))

from pathcode import ring_data  # noqa: E402


def test_a_ring_is_one_absolute_start_and_relative_steps_in_tenths():
    ring = [(12.34, 5.0), (13.0, 4.66), (13.0, 4.7), (0.1, 0.0), (12.34, 5.0)]
    # 12.3 5 -> 13 4.7 (+.7 -.3), the repeated 13 4.7 written once, -> .1 0 (-12.9 -4.7)
    assert ring_data(ring) == "M12.3 5l.7-.3-12.9-4.7Z"


def test_a_ring_of_fewer_than_three_distinct_points_is_left_out():
    assert ring_data([(0, 0), (0.01, 0.02), (5, 5), (0, 0)]) == ""


def test_steps_do_not_add_up_rounding_along_a_long_ring():
    # a thousand steps of a third of a pixel: written in whole tenths from the rounded points,
    # so the last point read back is the rounded last point, not a sum of rounding errors
    points = [(i / 3, 0.0) for i in range(1000)] + [(0.0, 50.0)]
    (read,) = path_rings(ring_data(points))
    assert read[-2] == pytest.approx((round(999 / 3, 1), 0.0), abs=1e-6)
    assert read[-1] == pytest.approx((0.0, 50.0), abs=1e-6)


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1619"])
def test_committed_maps_are_written_compactly_and_read_back(name):
    """The shipped map.svg files use this encoding (regenerated or converted by it), and every
    region reads back as closed rings inside the map."""
    base = load_base_map(load_variant(name))
    for code, d in sorted(base.regions.items()):
        assert "L" not in d, f"{name} {code}: absolute line-tos, not the compact form"
        rings = path_rings(d, code)
        assert rings, code
        for ring in rings:
            for x, y in ring:
                assert -1 <= x <= base.width + 1 and -1 <= y <= base.height + 1, (name, code, x, y)
