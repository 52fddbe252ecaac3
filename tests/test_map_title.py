"""The map's title, drawn across the top of every phase's map (SVG and PNG), fits the map:
a long game name and phase name over a narrow board (The Peace of Westphalia's is 600 px
wide) is drawn smaller rather than cut off at the right edge."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import cairocffi as cairo
import pytest

from gm_tools.app.turn import start_position
from gm_tools.edges.png import svg_to_png
from gm_tools.edges.variants import load_variant
from gm_tools.publish.render import TITLE_HEIGHT, render_svg

SVG = "{http://www.w3.org/2000/svg}"
BACKGROUND = (0xFA, 0xF7, 0xEF)
"""The title band's fill."""


def _title(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    return next(t for t in root.iter(f"{SVG}text") if t.get("y") == "29.0" and t.get("x") == "12.0")


def _ink_at_right_edge(png: bytes, margin: int) -> int:
    """Pixels in the title band's last ``margin`` columns that are not its background."""
    surface = cairo.ImageSurface.create_from_png(io.BytesIO(png))
    width, stride, data = surface.get_width(), surface.get_stride(), bytes(surface.get_data())
    inked = 0
    for y in range(int(TITLE_HEIGHT)):
        for x in range(width - margin, width):
            b, g, r = data[y * stride + 4 * x: y * stride + 4 * x + 3]  # cairo: BGRA, little-endian
            if max(abs(r - BACKGROUND[0]), abs(g - BACKGROUND[1]), abs(b - BACKGROUND[2])) > 40:
                inked += 1
    return inked


LONG = ("The Peace of Westphalia played by mail among the members of the Breda wargames club, "
        "second game of the autumn league, with the house rules of the spring league")
"""A game name long enough to run past any shipped map's width at the title's usual 20 px."""


@pytest.mark.parametrize("name", ["westphalia", "standard", "europe1619"])
def test_a_long_title_is_drawn_within_the_map(name):
    variant = load_variant(name)
    svg = render_svg(variant, start_position(variant), title=LONG)
    title = _title(svg)
    assert float(title.get("font-size").removesuffix("px")) < 20
    width = float(ET.fromstring(svg).get("width"))
    # drawn at the SVG's own size: its right-hand margin (as wide as the left one, 12 px)
    # holds no letter of the title
    assert _ink_at_right_edge(svg_to_png(svg, int(width)), 10) == 0


def test_a_short_title_keeps_its_size():
    variant = load_variant("westphalia")
    svg = render_svg(variant, start_position(variant), title="wp")
    assert _title(svg).get("font-size") == "20.0px"


def test_the_check_sees_a_title_that_runs_off_the_map():
    """The pixel check above can fail: a title forced to 20 px past the edge inks the margin."""
    variant = load_variant("westphalia")
    svg = render_svg(variant, start_position(variant), title=LONG)
    forced = svg.replace(f'font-size="{_title(svg).get("font-size")}"', 'font-size="20.0px"', 1)
    width = float(ET.fromstring(svg).get("width"))
    assert _ink_at_right_edge(svg_to_png(forced, int(width)), 10) > 0
