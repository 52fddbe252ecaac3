"""SVG to PNG through cairosvg: the one place the package calls cairosvg.

Sizes used by the project: :data:`WEB_WIDTH` for pictures sent to players and put on the
web, :data:`PRINT_WIDTH` for printing.

cairosvg reads path data in Python, point by point, and that reading is most of a map's
drawing time. The base map's coastlines carry detail to a tenth of a pixel, far finer than a
web-size picture shows, so before drawing, :func:`thin_paths` drops the points of each
coastline ring that change its outline by less than half an output pixel (Douglas-Peucker):
less detail than a pixel is not rasterised. The SVG files themselves keep every point.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

import cairosvg

WEB_WIDTH = 1200
"""Width in px of the picture mailed to players and shown on the web."""
PRINT_WIDTH = 3600
"""Width in px of the full-size picture for print."""

TOLERANCE_PX = 0.5
"""Points of a ring that move its outline by less than this many output pixels are dropped."""

_PATH = re.compile(r'(\sd=")([^"]*)(")')
_RINGS = re.compile(r"(?:M-?[\d.]+[ ,]?-?[\d.]+l[-\d. ]*Z)+")
_RING = re.compile(r"M(-?[\d.]+)[ ,]?(-?[\d.]+)l([-\d. ]*)Z")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_WIDTH = re.compile(r'<svg[^>]*\swidth="([\d.]+)"')


def _tenths(value: float) -> str:
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    text = text.replace("0.", ".", 1) if text.startswith("0.") else text.replace("-0.", "-.", 1)
    return text if text not in ("", "-") else "0"


def _douglas_peucker(points: list[tuple[float, float]], tolerance: float) -> list[int]:
    """Indexes of the points to keep: the ends, and every point farther than ``tolerance``
    from the line the kept points around it make (Douglas-Peucker, without recursion)."""
    keep = {0, len(points) - 1}
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        worst, at = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            far = (abs(dy * (px - x1) - dx * (py - y1)) / norm) if norm else math.hypot(px - x1, py - y1)
            if far > worst:
                worst, at = far, i
        if worst > tolerance:
            keep.add(at)
            stack += [(first, at), (at, last)]
    return sorted(keep)


def _thin_ring(x: str, y: str, steps: str, tolerance: float) -> str:
    """One ring ``M x y l dx dy ... Z`` with the points that change it by less than
    ``tolerance`` dropped; "" when the whole ring is smaller than that (it would not show)."""
    numbers = [round(float(n) * 10) for n in _NUMBER.findall(steps)]  # whole tenths: exact sums
    points = [(0, 0)]
    for i in range(0, len(numbers) - 1, 2):
        points.append((points[-1][0] + numbers[i], points[-1][1] + numbers[i + 1]))
    kept = [points[i] for i in _douglas_peucker(points, tolerance * 10)]
    if len(kept) < 3 and max(abs(a) + abs(b) for a, b in points) < tolerance * 10:
        return ""
    steps_out = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(kept, kept[1:])]
    return f"M{x} {y}l" + " ".join(f"{_tenths(a / 10)} {_tenths(b / 10)}" for a, b in steps_out) + "Z"


@lru_cache(maxsize=4096)
def _thin_path(data: str, tolerance: float) -> str:
    """A path's data thinned, when it is made of rings only (the base map's coastlines and
    borders); any other path (arrows, units, curves) is left as it is."""
    if not _RINGS.fullmatch(data):
        return data
    return "".join(_thin_ring(m.group(1), m.group(2), m.group(3), tolerance) for m in _RING.finditer(data)) or data


def thin_paths(svg: str, width: int) -> str:
    """The SVG with every ring-only path thinned for a picture ``width`` px wide."""
    found = _WIDTH.search(svg)
    if not found:
        return svg
    tolerance = TOLERANCE_PX * float(found.group(1)) / width
    return _PATH.sub(lambda m: m.group(1) + _thin_path(m.group(2), tolerance) + m.group(3), svg)


def svg_to_png(svg: str, width: int) -> bytes:
    """The SVG drawn ``width`` px wide (height keeps the aspect ratio), as PNG bytes."""
    if width <= 0:
        raise ValueError(f"PNG width must be a positive number of pixels, got {width}")
    return cairosvg.svg2png(bytestring=thin_paths(svg, width).encode("utf-8"), output_width=width)
