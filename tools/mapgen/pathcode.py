"""SVG path data for the base map's rings, written compactly (format: variants/README.md, "map.svg").

Every point is rounded to a tenth of a pixel; a ring starts with an absolute ``M`` and goes
on with relative ``l`` steps counted in whole tenths, so the rounding never adds up along a
ring and two neighbours still share exactly the same border. Numbers drop leading zeros and
the space before a minus sign. A map with some 50 000 border points is inlined into every
phase page of the site, so this cuts about 40% of each page with no change to the drawing.
Pure Python: the project environment can read and test it without the map-making tools.
"""

from __future__ import annotations


def _tenths(value: float) -> int:
    return round(value * 10)


def _number(tenths: int) -> str:
    """``12`` -> ``1.2``, ``-3`` -> ``-.3``, ``40`` -> ``4``, ``0`` -> ``0``."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    if tenth == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{tenth}"


def _join(numbers: list[str]) -> str:
    """Numbers as one string: a space between them, none where a minus sign already separates."""
    out = numbers[0] if numbers else ""
    for n in numbers[1:]:
        out += n if n.startswith("-") else " " + n
    return out


def ring_data(points) -> str:
    """One closed ring ``M x y l dx dy ... Z``; the closing point, if repeated, is left out.
    Consecutive points that round to the same tenth are written once; a ring left with
    fewer than three points is no ring (empty string)."""
    points = list(points)
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    tenths: list[tuple[int, int]] = []
    for x, y in points:
        p = (_tenths(x), _tenths(y))
        if not tenths or tenths[-1] != p:
            tenths.append(p)
    if len(tenths) < 3:
        return ""
    steps: list[str] = []
    for (x0, y0), (x1, y1) in zip(tenths, tenths[1:]):
        steps += [_number(x1 - x0), _number(y1 - y0)]
    start = tenths[0]
    return f"M{_join([_number(start[0]), _number(start[1])])}l{_join(steps)}Z"
