"""Raster steps of the generator: land mask, growing regions from seeds, pixels to polygons.

Coordinates are drawing px (x right, y down); pixel (x, y) covers [x, x+1] x [y, y+1].
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import box

ANY_TERRAIN = -1
WATER = 0
LAND = 1


@dataclass(frozen=True)
class Source:
    """Where one region starts growing."""

    label: int
    """Index of the region."""
    terrain: int
    """``LAND``, ``WATER`` or ``ANY_TERRAIN``: which pixels the region may grow over."""
    points: tuple[tuple[float, float], ...]
    """Seed points in px."""


def land_mask(land, width: int, height: int) -> np.ndarray:
    """(height, width) uint8 array: 1 where the pixel center is on land."""
    shapely.prepare(land)
    xs, ys = np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5)
    inside = shapely.contains_xy(land, xs.ravel(), ys.ravel())
    return inside.reshape(height, width).astype(np.uint8)


def grow(terrain: np.ndarray, sources: list[Source], max_dist: float = math.inf,
         preset: np.ndarray | None = None) -> np.ndarray:
    """Label each pixel with the region whose nearest seed point reaches it first.

    A multi-source Dijkstra over 4-neighbours where the key is the straight-line distance to
    the seed point a region arrived from: borders fall as in a Voronoi diagram, but a region
    never crosses terrain it may not cover (an army province does not jump the Adriatic).
    Pixels already labelled in ``preset`` (>= 0) keep their label and are not crossed.
    Unreached pixels are -1.
    """
    height, width = terrain.shape
    flat = terrain.ravel().tolist()
    n = width * height
    label = preset.ravel().tolist() if preset is not None else [-1] * n
    fixed = bytearray(1 if v >= 0 else 0 for v in label)
    done = bytearray(n)
    best = [math.inf] * n
    heap: list = []
    for source in sources:
        for x, y in source.points:
            ix, iy = int(x), int(y)
            if not (0 <= ix < width and 0 <= iy < height):
                continue
            i = iy * width + ix
            if source.terrain != ANY_TERRAIN and flat[i] != source.terrain:
                continue
            if best[i] > 0.0 and (not fixed[i] or label[i] == source.label):
                best[i] = 0.0
                heapq.heappush(heap, (0.0, i, source.label, source.terrain, x, y))
    push, pop, hypot = heapq.heappush, heapq.heappop, math.hypot
    while heap:
        d, i, lab, ter, sx, sy = pop(heap)
        if done[i]:
            continue
        done[i] = 1
        label[i] = lab
        x, y = i % width, i // width
        for nb, nx, ny in ((i - 1, x - 1, y), (i + 1, x + 1, y), (i - width, x, y - 1), (i + width, x, y + 1)):
            if nx < 0 or nx >= width or ny < 0 or ny >= height or done[nb] or fixed[nb]:
                continue
            if ter != ANY_TERRAIN and flat[nb] != ter:
                continue
            nd = hypot(nx + 0.5 - sx, ny + 0.5 - sy)
            if nd < best[nb] and nd <= max_dist:
                best[nb] = nd
                push(heap, (nd, nb, lab, ter, sx, sy))
    return np.array(label, dtype=np.int32).reshape(height, width)


def label_polygons(labels: np.ndarray) -> dict[int, object]:
    """Label -> the union of its pixels as a shapely geometry (from horizontal runs)."""
    height, width = labels.shape
    starts = np.ones(labels.shape, dtype=bool)
    starts[:, 1:] = labels[:, 1:] != labels[:, :-1]
    ys, xs = np.nonzero(starts)
    ends = np.empty_like(xs)
    ends[:-1] = np.where(ys[1:] == ys[:-1], xs[1:], width)
    ends[-1] = width
    run_labels = labels[ys, xs]
    boxes = shapely.box(xs, ys, ends, ys + 1)
    result = {}
    for lab in np.unique(run_labels).tolist():
        pieces = boxes[run_labels == lab]
        # a plain union: rows of boxes share edges only in part, which coverage union cannot dissolve
        result[lab] = shapely.union_all(pieces)
    return result


def line_points(points_px: list[tuple[float, float]], step: float = 0.5) -> list[tuple[float, float]]:
    """Points every ``step`` px along a polyline (for line seeds)."""
    out = []
    for (x0, y0), (x1, y1) in zip(points_px, points_px[1:]):
        count = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        for k in range(count):
            t = k / count
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    out.append(points_px[-1])
    return out


def frame_box(width: int, height: int):
    return box(0, 0, width, height)
