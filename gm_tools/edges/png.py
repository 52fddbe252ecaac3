"""SVG to PNG through cairosvg: the one place the package calls cairosvg.

Sizes used by the project: :data:`WEB_WIDTH` for pictures sent to players and put on the
web, :data:`PRINT_WIDTH` for printing.
"""

from __future__ import annotations

import sys

WEB_WIDTH = 1200
"""Width in px of the picture mailed to players and shown on the web."""
PRINT_WIDTH = 3600
"""Width in px of the full-size picture for print."""


def svg_to_png(svg: str, width: int) -> bytes:
    """The SVG drawn ``width`` px wide (height keeps the aspect ratio), as PNG bytes. One of
    our maps has its regions drawn by :mod:`gm_tools.edges.pngregions` (twice as fast or more),
    any other picture by cairosvg alone."""
    if width <= 0:
        raise ValueError(f"PNG width must be a positive number of pixels, got {width}")
    from gm_tools.edges.pngregions import split

    layers = split(svg)
    if layers is not None:
        return _in_layers(layers, width)
    return plain_png(svg, width)


def plain_png(svg: str, width: int) -> bytes:
    """The SVG drawn by cairosvg alone (what :func:`svg_to_png` is held equal to)."""
    from gm_tools.edges.cairoffi import prepare

    prepare()  # cairocffi without parsing cairo's declarations again (0.35 s)
    import cairosvg  # paid only by a command that draws a PNG

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)


def prepare_to_draw() -> None:
    """Import what drawing a map needs, ahead of the first map (in a process made to draw)."""
    from gm_tools.edges.cairoffi import prepare

    prepare()
    import cairosvg.surface  # noqa: F401

    import gm_tools.edges.pngregions  # noqa: F401


def _in_layers(layers, width: int) -> bytes:
    """The pieces by cairosvg, the regions groups between them by us, on one surface."""
    import io

    from gm_tools.edges.cairoffi import prepare

    prepare()  # cairocffi without parsing cairo's declarations again (0.35 s)
    import cairocffi as cairo
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    from gm_tools.edges.pngregions import draw_regions

    scale = width / layers.size[0]
    target = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, int(round(layers.size[1] * scale)))

    class OnTarget(PNGSurface):
        """cairosvg drawing on our surface instead of a new one (its subclasses' hook)."""

        def _create_surface(self, width, height):
            return target, target.get_width(), target.get_height()

    context = cairo.Context(target)
    context.scale(scale, scale)
    for piece, regions in zip(layers.pieces, layers.regions + (None,)):
        OnTarget(Tree(bytestring=piece.encode("utf-8")), None, 96, output_width=width)
        if regions is not None:
            draw_regions(context, regions, layers.patterns)
    target.flush()
    opaque = _opaque_png(target)
    if opaque is not None:
        return opaque
    out = io.BytesIO()
    target.write_to_png(out)
    return out.getvalue()


def _opaque_png(surface) -> bytes | None:
    """An opaque picture (every map: its background is painted) as an RGB PNG, None if any
    pixel is see-through. Half the time of cairo's writer, which keeps the alpha channel and
    compresses harder, and a smaller file (a standard map: 360 against 410 KB). Made a band of
    rows at a time, so a tall map costs a few MB more than its surface, not five copies."""
    import struct
    import zlib

    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    if stride != width * 4:
        return None
    data = surface.get_data()
    # cairo keeps a pixel as one native 32-bit word, B G R A in memory on little-endian machines
    order = (2, 1, 0, 3) if sys.byteorder == "little" else (1, 2, 3, 0)
    compressor = zlib.compressobj(3)
    chunks = []
    line = width * 3
    for top in range(0, height, BAND):
        rows = min(BAND, height - top)
        band = bytes(data[top * stride:(top + rows) * stride])
        if band[order[3]::4] != b"\xff" * (rows * width):
            return None
        rgb = bytearray(rows * line)
        rgb[0::3], rgb[1::3], rgb[2::3] = band[order[0]::4], band[order[1]::4], band[order[2]::4]
        chunks.append(compressor.compress(b"".join(b"\x00" + rgb[y * line:(y + 1) * line] for y in range(rows))))
    chunks.append(compressor.flush())

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(chunks))
            + chunk(b"IEND", b""))


BAND = 64
"""Rows of the picture encoded at a time by :func:`_opaque_png`."""
