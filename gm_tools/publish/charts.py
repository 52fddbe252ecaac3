"""Supply centers per power per year as an inline SVG line chart (no JavaScript).

Colour is never the only signal: every power's line has its own marker shape and dash
pattern, and is labelled with the power's name at its end. The page puts the same numbers
in a table beside the chart for screen readers. Pure: same series, same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.edges.xmltext import escape, quoteattr

WIDTH = 640.0
HEIGHT = 300.0
LEFT, RIGHT, TOP, BOTTOM = 40.0, 130.0, 16.0, 36.0
"""Margins, px: the right one holds the line labels."""
LABEL_CHAR = 6.3
"""About how wide one character of the charts' 11 px text is, px."""
LABEL_GAP = 13.0
"""Least vertical distance between two line labels, px, so equal counts stay readable."""
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down", "bar")
DASHES = ("", "7,3", "2,3", "9,3,2,3")
INK = "#1e1e1e"
GRID = "#d0d0d0"


@dataclass(frozen=True)
class ChartLine:
    """One power's line."""

    label: str
    """What the line is labelled with: the power's name."""
    colour: str
    """Line colour, ``#rrggbb``."""
    values: tuple[int, ...]
    """Supply centers at each point of the x axis, left to right; fewer than the axis's points
    for a line that ends before the last (a power no longer scored)."""
    after: str = ""
    """Words after the line's last figure in its label, why it ends early ("not scored from
    1625"); "" for none."""


def _end_label(line: ChartLine) -> str:
    return f"{line.label} {line.values[-1]}" + (f", {line.after}" if line.after else "")


def _f(value: float) -> str:
    return f"{value:.1f}"


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    r = 4.0
    style = f'fill="{colour}" stroke="{INK}" stroke-width="1.0"'
    if shape == "circle":
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {style}/>'
    if shape == "square":
        return f'<rect x="{_f(x - r)}" y="{_f(y - r)}" width="{_f(2 * r)}" height="{_f(2 * r)}" {style}/>'
    if shape == "bar":
        return f'<rect x="{_f(x - r)}" y="{_f(y - 1.6)}" width="{_f(2 * r)}" height="3.2" {style}/>'
    points = {
        "triangle": [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
        "down": [(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)],
        "diamond": [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
        "cross": [(x - r, y - 1.5), (x - 1.5, y - 1.5), (x - 1.5, y - r), (x + 1.5, y - r), (x + 1.5, y - 1.5),
                  (x + r, y - 1.5), (x + r, y + 1.5), (x + 1.5, y + 1.5), (x + 1.5, y + r), (x - 1.5, y + r),
                  (x - 1.5, y + 1.5), (x - r, y + 1.5)],
    }[shape]
    return f'<polygon points="{" ".join(f"{_f(px)},{_f(py)}" for px, py in points)}" {style}/>'


def _spread(wanted: list[float], low: float, high: float) -> list[float]:
    """Label positions near ``wanted`` (sorted ascending), at least LABEL_GAP apart and
    between ``low`` and ``high``: pushed down past each other, then back up from the bottom
    only as far as the label below needs (shifting them all up put the top one above the
    chart). More labels than the height holds at that gap share it out evenly."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + LABEL_GAP) if placed else max(y, low))
    limit = high
    for i in range(len(placed) - 1, -1, -1):
        placed[i] = min(placed[i], limit)
        limit = placed[i] - LABEL_GAP
    if placed and placed[0] < low:
        gap = (high - low) / max(len(placed) - 1, 1)
        placed = [low + i * gap for i in range(len(placed))]
    return placed


def centers_chart(lines: list[ChartLine], x_labels: list[str], title: str, target: int = 0) -> str:
    """The chart as an ``<svg>`` element for inlining in a page. ``target`` (the victory
    center count) is drawn as a labelled dashed rule when it is positive."""
    values = [v for line in lines for v in line.values]
    top = max([target] + values + [1])
    # victory points can fall below zero (Europe 1615 v2's penalties): the scale goes down to them
    low = min([0] + values)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = 1 if top - low <= 10 else 2 if top - low <= 20 else 5
    # numbers closer than a label's gap touch (Europe 1615's 0 to 100 by fives): a longer step
    while (-(-top // step) - low // step) * LABEL_GAP > plot_h:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    top = ((top + step - 1) // step) * step
    low = -((-low + step - 1) // step) * step
    # the right margin holds the line labels: wider for long names ('Protestant Union and the
    # Palatinate 5'), so none is cut off at the picture's edge
    longest = max((len(_end_label(line)) for line in lines if line.values), default=0)
    width = LEFT + plot_w + max(RIGHT, 21 + LABEL_CHAR * longest)
    n = max(len(x_labels), 1)

    def x_at(i: int) -> float:
        return LEFT + (plot_w / 2 if n == 1 else plot_w * i / (n - 1))

    def y_at(v: float) -> float:
        return TOP + plot_h * (1 - (v - low) / (top - low))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{_f(width)}" height="{_f(HEIGHT)}" '
        f'viewBox="0 0 {_f(width)} {_f(HEIGHT)}" role="img" aria-label={quoteattr(title)}>',
        f"<title>{escape(title)}</title>",
        f'<g font-family="DejaVu Sans, Arial, sans-serif" font-size="11" fill="{INK}">',
    ]
    for v in range(low, top + 1, step):
        y = y_at(v)
        out.append(f'<line x1="{_f(LEFT)}" y1="{_f(y)}" x2="{_f(LEFT + plot_w)}" y2="{_f(y)}" stroke="{GRID}"/>')
        out.append(f'<text x="{_f(LEFT - 6)}" y="{_f(y + 4)}" text-anchor="end">{v}</text>')
    every = max(1, (n + 11) // 12)  # at most about a dozen year labels, so they never overlap
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == n - 1:
            out.append(f'<text x="{_f(x_at(i))}" y="{_f(HEIGHT - BOTTOM + 16)}" text-anchor="middle">{escape(label)}</text>')
    if target > 0:
        y = y_at(target)
        out.append(f'<line x1="{_f(LEFT)}" y1="{_f(y)}" x2="{_f(LEFT + plot_w)}" y2="{_f(y)}" '
                   f'stroke="{INK}" stroke-dasharray="1,3"/>')
        out.append(f'<text x="{_f(LEFT + 4)}" y="{_f(y - 4)}">victory: {target}</text>')

    ends = []
    for k, line in enumerate(lines):
        shape, dash = MARKERS[k % len(MARKERS)], DASHES[(k // len(MARKERS) + k) % len(DASHES)]
        points = [(x_at(i), y_at(v)) for i, v in enumerate(line.values)]
        if not points:
            continue
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g><title>{escape(line.label)}</title>')
        out.append(f'<polyline points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in points)}" fill="none" '
                   f'stroke="{line.colour}" stroke-width="2.2"{dash_attr}/>')
        out.extend(_marker(shape, x, y, line.colour) for x, y in points)
        out.append("</g>")
        ends.append((points[-1][1], k, line, shape))
    ends.sort(key=lambda e: (e[0], e[1]))
    label_ys = _spread([e[0] for e in ends], TOP, HEIGHT - BOTTOM)
    for (y_end, _, line, shape), y in zip(ends, label_ys):
        x = LEFT + plot_w + 12
        out.append(_marker(shape, x, y, line.colour))
        out.append(f'<text x="{_f(x + 9)}" y="{_f(y + 4)}">{escape(_end_label(line))}</text>')
    out.append("</g></svg>")
    return "\n".join(out)
