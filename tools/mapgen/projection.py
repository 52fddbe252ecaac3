"""Lambert azimuthal equal-area projection, and the map frame in px."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Frame:
    """Projection and drawing frame of one base map."""

    lat0: float
    """Latitude of the projection center, degrees."""
    lon0: float
    """Longitude of the projection center, degrees."""
    west: float
    """Left edge, km east of the center (negative to the west)."""
    south: float
    """Bottom edge, km north of the center."""
    east: float
    """Right edge, km."""
    north: float
    """Top edge, km."""
    width: int
    """Width of the drawing in px."""

    @property
    def scale(self) -> float:
        """px per km."""
        return self.width / (self.east - self.west)

    @property
    def height(self) -> int:
        return int(round((self.north - self.south) * self.scale))

    def km(self, lat, lon):
        """Projected (x, y) in km from the center; arrays or scalars, degrees in."""
        lat = np.radians(np.asarray(lat, dtype=np.float64))
        lon = np.radians(np.asarray(lon, dtype=np.float64))
        phi0, lam0 = np.radians(self.lat0), np.radians(self.lon0)
        k = np.sqrt(2.0 / (1.0 + np.sin(phi0) * np.sin(lat) + np.cos(phi0) * np.cos(lat) * np.cos(lon - lam0)))
        x = EARTH_RADIUS_KM * k * np.cos(lat) * np.sin(lon - lam0)
        y = EARTH_RADIUS_KM * k * (np.cos(phi0) * np.sin(lat) - np.sin(phi0) * np.cos(lat) * np.cos(lon - lam0))
        return x, y

    def px(self, lat, lon):
        """Drawing coordinates (x right, y down) in px."""
        x, y = self.km(lat, lon)
        return (x - self.west) * self.scale, (self.north - y) * self.scale
