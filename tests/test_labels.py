"""Readable maps where provinces are small (issue 18, item 2): on every shipped map no two
province labels overlap and no label covers a unit or supply-center marker, measured on the
rendered SVG itself; labels pushed off their anchor get a leader line; the crowded Holy
Roman Empire is drawn again enlarged below the Europe maps, in the SVG and in the PNG.

Thresholds (docs/maps.md, "Labels"): 0 overlapping label pairs and 0 labels over a marker,
on every shipped variant's starting map."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest

from gm_tools.edges.basemap import load_base_map
from gm_tools.edges.png import svg_to_png
from gm_tools.edges.variants import list_variants, load_variant
from gm_tools.publish.labels import BASELINE, CHAR_WIDTH, LABEL_HEIGHT, Box, obstacles
from gm_tools.publish.render import render_svg

from test_render import start_position

NS = {"s": "http://www.w3.org/2000/svg"}
MAX_LABEL_PAIRS = 0
MAX_ON_MARKERS = 0


def _label_boxes(svg: str) -> dict[str, Box]:
    """Each province label of the rendered map as a box, from its <text> in the labels layer."""
    root = ET.fromstring(svg)
    layer = root.find(".//s:g[@id='labels']", NS)
    boxes = {}
    for text in layer.iter(f"{{{NS['s']}}}text"):
        size = float(text.get("font-size", "10").removesuffix("px"))
        if size != 10:
            continue  # coast labels and notes: not province names
        word = (text.text or "").split()[0]
        x, y = float(text.get("x")), float(text.get("y"))
        half = len(word) * CHAR_WIDTH / 2
        boxes[word] = Box(x - half, y - BASELINE - LABEL_HEIGHT / 2, x + half, y - BASELINE + LABEL_HEIGHT / 2)
    return boxes


@pytest.mark.parametrize("name", [name for name, _, _ in list_variants()])
def test_no_label_overlaps_another_or_a_marker(name):
    variant = load_variant(name)
    svg = render_svg(variant, start_position(variant))
    boxes = _label_boxes(svg)
    assert len(boxes) == len(variant.provinces)
    codes = sorted(boxes)
    pairs = [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:] if boxes[a].overlap(boxes[b]) > 0]
    markers = obstacles(variant, load_base_map(variant))
    on = [c for c in codes if sum(boxes[c].overlap(m) for m in markers) > 10]
    assert len(pairs) <= MAX_LABEL_PAIRS, pairs
    assert len(on) <= MAX_ON_MARKERS, on


def test_the_measure_fails_on_labels_left_at_their_anchors():
    """The same measure, applied to every label written at its anchor (as maps were drawn
    before placement), finds the overlaps the placement removes: the check can fail."""
    variant = load_variant("europe1619")
    base = load_base_map(variant)
    boxes = {}
    for code in variant.provinces:
        x, y = base.anchor(code, "label")
        half = len(code) * CHAR_WIDTH / 2
        boxes[code] = Box(x - half, y - LABEL_HEIGHT / 2, x + half, y + LABEL_HEIGHT / 2)
    codes = sorted(boxes)
    pairs = [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:] if boxes[a].overlap(boxes[b]) > 0]
    assert len(pairs) > MAX_LABEL_PAIRS


def test_a_moved_label_has_a_leader_line_to_its_province():
    variant = load_variant("europe1619")
    svg = render_svg(variant, start_position(variant))
    leaders = re.findall(r'<line class="leader" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"', svg)
    assert leaders
    base = load_base_map(variant)
    anchors = {(round(x, 1), round(y, 1)) for x, y in (base.anchor(c, "label") for c in variant.provinces)}
    for x1, y1, x2, y2 in leaders:
        assert (float(x1), float(y1)) in anchors  # it starts at a province's own anchor
        assert (float(x1), float(y1)) != (float(x2), float(y2))


def test_the_europe_maps_carry_an_enlarged_inset_of_the_empire():
    variant = load_variant("europe1619")
    inset = variant.map_inset
    svg = render_svg(variant, start_position(variant))
    root = ET.fromstring(svg)
    panel = root.find(".//s:svg[@id='inset']", NS)
    assert panel is not None
    assert float(panel.get("width")) == inset["width"] * inset["scale"]
    assert panel.get("viewBox") == f"{inset['x']:.1f} {inset['y']:.1f} {inset['width']:.1f} {inset['height']:.1f}"
    assert inset["title"] in svg
    # the map's own drawing repeated, only what shows in the region, without duplicate ids
    titles = {t.text for t in panel.iter(f"{{{NS['s']}}}title")}
    assert "Bavaria" in titles and "Saxony" in titles
    assert "Portugal" not in titles and "Sweden" not in titles
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_the_inset_appears_in_the_png():
    variant = load_variant("europe1619")
    svg = render_svg(variant, start_position(variant))
    png = svg_to_png(svg, width=1200)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image  # cairosvg's own dependency

    picture = Image.open(io.BytesIO(png)).convert("RGB")
    base, inset = load_base_map(variant), variant.map_inset
    # the page grows by the inset's height, and the inset's panel holds the map, not blank paper
    assert picture.height / picture.width > (base.height + inset["height"] * inset["scale"]) / base.width
    k = picture.width / base.width
    top = (44 + base.height + 26) * k
    left = (base.width - inset["width"] * inset["scale"]) / 2 * k
    panel = picture.crop((int(left), int(top), int(left + inset["width"] * inset["scale"] * k),
                          int(top + inset["height"] * inset["scale"] * k)))
    assert len(panel.getcolors(maxcolors=1 << 20)) > 50


def test_a_variant_without_an_inset_has_none():
    variant = load_variant("standard")
    assert variant.map_inset is None
    assert 'id="inset"' not in render_svg(variant, start_position(variant))
