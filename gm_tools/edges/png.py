"""SVG to PNG through cairosvg: the one place the package calls cairosvg.

Sizes used by the project: :data:`WEB_WIDTH` for pictures sent to players and put on the
web, :data:`PRINT_WIDTH` for printing.
"""

from __future__ import annotations

WEB_WIDTH = 1200
"""Width in px of the picture mailed to players and shown on the web."""
PRINT_WIDTH = 3600
"""Width in px of the full-size picture for print."""


def svg_to_png(svg: str, width: int) -> bytes:
    """The SVG drawn ``width`` px wide (height keeps the aspect ratio), as PNG bytes."""
    if width <= 0:
        raise ValueError(f"PNG width must be a positive number of pixels, got {width}")
    import cairosvg  # a third of a second to import: paid only by a command that draws a PNG

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
