"""The web-size PNG drawn from thinned coastlines looks the same (gm_tools/edges/png.py).

Issue 19 item 4: 'the web-size PNG ... with no visible loss (less detail than a pixel is not
rasterised)'. Real maps, real cairosvg, real pixels: no timing here (bench/turn_bench.py
prints the speed against cairosvg given the SVG as it is).
"""

from __future__ import annotations

import io
import re

import cairosvg
import pytest
from PIL import Image, ImageChops

from gm_tools.app.turn import start_position
from gm_tools.edges.png import WEB_WIDTH, svg_to_png, thin_paths
from gm_tools.edges.variants import load_variant
from gm_tools.publish.render import render_svg

NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


@pytest.mark.parametrize("name", ["standard", "centenary"])
def test_thinned_map_draws_the_same_picture_with_fewer_points(name):
    variant = load_variant(name)
    svg = render_svg(variant, start_position(variant))
    thin = thin_paths(svg, WEB_WIDTH)
    assert len(NUMBER.findall(thin)) < 0.85 * len(NUMBER.findall(svg))
    plain = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=WEB_WIDTH)
    ours = svg_to_png(svg, WEB_WIDTH)
    a, b = (Image.open(io.BytesIO(x)).convert("L") for x in (plain, ours))
    assert a.size == b.size
    hist = ImageChops.difference(a, b).histogram()
    pixels = sum(hist)
    assert sum(i * n for i, n in enumerate(hist)) / pixels < 1.0          # under 1/255 on average
    assert sum(hist[96:]) / pixels < 0.0005                               # almost no pixel changes much


def test_only_ring_paths_are_thinned_and_the_svg_keeps_every_point():
    arrow = '<svg width="100" height="100"><path d="M0 0L10 10q5 5 10 0"/></svg>'
    assert thin_paths(arrow, 100) == arrow
    ring = "M10 10l.1 0 .1 0 .1 0 10 0 0 10 -10.3 0Z"
    svg = f'<svg width="100" height="100"><path d="{ring}"/></svg>'
    thinned = thin_paths(svg, 100)
    assert 'd="M10 10l10.3 0 0 10 -10.3 0Z"' in thinned     # the collinear steps merged
    # a ring smaller than half a pixel is not drawn at all; the next ring stays whole
    tiny = '<svg width="100" height="100"><path d="M1 1l.1 .1 -.1 0ZM5 5l9 0 0 9 -9 0Z"/></svg>'
    assert 'd="M5 5l9 0 0 9 -9 0Z"' in thin_paths(tiny, 100)
