"""A phase's map as a layer over its variant's shared base map (gm_tools/publish/maplayer.py;
issue 19 item 3: 'each variant's base map drawn once as a shared asset that pages and phase
maps reference ... the map looking the same')."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.turn import start_position
from gm_tools.edges.variants import load_variant
from gm_tools.engine.parser import parse_order
from gm_tools.publish.maplayer import (LayerMaker, base_name, base_picture, base_script, compose, layer_script, layer_steps,
                                       picture_from_files)
from gm_tools.publish.render import RenderOptions, render_svg


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1615", "europe1615v2", "europe1619"])
def test_every_variants_opening_is_its_layer_over_the_base_exactly(name):
    variant = load_variant(name)
    look = RenderOptions()
    start = start_position(variant)
    picture = render_svg(variant, start, title="a game", options=look)
    base = base_picture(variant, look)
    steps = layer_steps(base, picture)
    assert compose(base, steps) == picture
    assert any(isinstance(s, list) for s in steps)  # the base's lines are used, not copied
    layer = layer_script(base_name(variant, base), steps)
    assert len(layer) * 4 < len(picture)
    assert picture_from_files(base_script(base_name(variant, base), base), layer) == picture


def test_orders_and_owners_are_lines_of_the_layer_and_outlines_stay_in_the_base():
    variant = load_variant("standard")
    look = RenderOptions()
    start = start_position(variant)
    start.centers["BEL"] = "FRANCE"
    orders = [parse_order("A PAR - BUR", variant, start, "FRANCE"), parse_order("F LON - NTH", variant, start, "ENGLAND")]
    picture = render_svg(variant, start, orders=orders, options=look)
    base = base_picture(variant, look)
    steps = layer_steps(base, picture)
    assert compose(base, steps) == picture
    patched = [s for s in steps if isinstance(s, list) and not (len(s) == 2 and isinstance(s[1], int))]
    # Belgium is filled with France's colour: a new fill, its outline ("d") taken from the base
    (belgium,) = [s for s in patched if s[0] >= 0 and 'id="BEL"' in base.split("\n")[s[0]]]
    assert belgium[1] is None and set(belgium[2]) == {"fill"} and belgium[2]["fill"] != 'BEL' 


def test_an_orders_arrows_and_rings_are_given_whole():
    # maplayer.OWN_LINES_AFTER: what a picture puts in the base's empty group of orders is
    # its own lines, never found as the change of an earlier arrow (a pair seldom seen
    # twice, whose search took most of a layer's time); the units' lines still are changes
    variant = load_variant("standard")
    look = RenderOptions()
    start = start_position(variant)
    texts = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"], "GERMANY": ["A MUN - BUR", "A BER - KIE"]}
    orders = [parse_order(text, variant, start, power) for power, some in texts.items() for text in some]
    picture = render_svg(variant, start, orders=orders, options=look)
    base = base_picture(variant, look)
    steps = layer_steps(base, picture)
    assert compose(base, steps) == picture
    lines = picture.split("\n")
    drawn = lines[lines.index('<g id="orders">') + 1:]
    drawn = drawn[:drawn.index("</g>")]
    assert len(drawn) == 5
    assert all(line in steps for line in drawn)
    units = lines[lines.index('<g id="units">') + 1:lines.index('<g id="units">') + 23]
    assert sum(line in steps for line in units) < len(units) // 2  # most units: changes of the one before


def test_a_picture_unlike_the_base_is_its_own_lines():
    variant = load_variant("standard")
    picture = render_svg(variant, start_position(variant), options=RenderOptions())
    other = "<svg>\n<g/>\n</svg>\n"
    steps = layer_steps(other, picture)
    assert compose(other, steps) == picture


def test_a_line_of_several_tags_changes_only_the_attributes_that_differ():
    # a center's ring: two circles on one line, the second in its owner's colour
    base = '<svg>\n<circle cx="1" r="16"/><circle cx="1" stroke="#c0c0c0"/>\n</svg>\n'
    picture = base.replace('stroke="#c0c0c0"', 'stroke="#e41a1c"')
    steps = layer_steps(base, picture)
    assert steps == [[0, 1], [1, None, None, None, {"stroke": "#e41a1c"}], [2, 2]]
    assert compose(base, steps) == picture
    moved = picture.replace("16", "17").replace("<circle cx", "<rect cx", 1)  # another tag: its own line
    assert compose(base, layer_steps(base, moved)) == moved and moved.split("\n")[1] in layer_steps(base, moved)


def test_a_line_like_one_before_it_is_given_as_its_change():
    # units: each drawn as the one before it, at another place, in another colour, named
    base = "<svg>\n</svg>\n"
    font = 'font-family="DejaVu Sans, Arial, sans-serif" font-size="11.0px" text-anchor="middle"'
    one = f'<g><title>French A PAR</title><rect x="1.0" fill="#0000ff"/><text x="1.0" {font}>A</text></g>'
    two = f'<g><title>English F LON</title><rect x="9.5" fill="#ff0000"/><text x="9.5" {font}>F</text></g>'
    picture = f"<svg>\n{one}\n{two}\n</svg>\n"
    steps = layer_steps(base, picture)
    assert steps[1] == one and steps[2] == [-2, None, None, None, None, "English F LON</title>", {"x": "9.5", "fill": "#ff0000"},
                                            None, {"x": "9.5"}, "F</text></g>"]
    assert compose(base, steps) == picture


def test_a_base_line_the_picture_leaves_out_is_skipped_and_an_extra_line_is_its_own():
    base = '<svg>\n<path id="A" d="M0 0h9" fill="#fff"/>\n<path id="B" d="M9 9h9" fill="#fff"/>\n</g>\n</svg>\n'
    without_a = base.replace('<path id="A" d="M0 0h9" fill="#fff"/>\n', "")
    assert layer_steps(base, without_a) == [[0, 1], [2, 4]]
    hatched = base.replace("</g>", '<path d="M1 2l3 4l5 6l7 8l9 9" fill="url(#hatch)"/>\n</g>')
    steps = layer_steps(base, hatched)
    assert compose(base, steps) == hatched
    assert '<path d="M1 2l3 4l5 6l7 8l9 9" fill="url(#hatch)"/>' in steps  # not a change of "</g>"


def test_a_maker_shared_by_many_pictures_gives_each_the_steps_a_new_one_gives():
    # a build shares one maker between the phases of all its games: what it remembers from
    # one picture never changes another's layer
    variant = load_variant("standard")
    look = RenderOptions()
    base = base_picture(variant, look)
    shared = LayerMaker(base)
    start = start_position(variant)
    pictures = []
    for owner, order in (("FRANCE", "A PAR - BUR"), ("GERMANY", "A MUN - BUR"), ("FRANCE", "A MAR S A PAR - BUR")):
        start.centers["BEL"] = owner
        power = "FRANCE" if order.startswith(("A PAR", "A MAR")) else "GERMANY"
        pictures.append(render_svg(variant, start, orders=[parse_order(order, variant, start, power)], options=look))
    for picture in pictures + pictures[::-1]:
        steps = shared.steps(picture)
        assert steps == LayerMaker(base).steps(picture)
        assert compose(base, steps) == picture
        # the layer's text is written from the changes' kept texts: the list's own JSON
        assert shared.steps_json(picture) == json.dumps(steps, separators=(",", ":"))


def test_a_line_repeated_is_given_as_the_line_before_it_unchanged():
    base = "<svg>\n</svg>\n"
    cross = '<path d="M1 1L9 9M1 9L9 1" stroke="#ffffff" stroke-width="4.5" fill="none"/>'
    picture = f"<svg>\n{cross}\n{cross}\n</svg>\n"
    maker = LayerMaker(base)
    steps = maker.steps(picture)
    assert steps == [[0, 1], cross, [-2], [1, 2]] and compose(base, steps) == picture
    assert maker.steps_json(picture) == json.dumps(steps, separators=(",", ":"))


def test_a_pictures_lines_give_the_layer_its_text_gives():
    # the site makes layers from the renderer's lines (render_lines), whose unchanged lines are
    # the base's own strings; the steps are those of the picture's text
    from gm_tools.publish.maplayer import base_lines
    from gm_tools.publish.render import render_lines

    variant = load_variant("standard")
    look = RenderOptions()
    start = start_position(variant)
    start.centers["BEL"] = "FRANCE"
    orders = [parse_order("A PAR - BUR", variant, start, "FRANCE")]
    lines = render_lines(variant, start, orders=orders, options=look)
    picture = render_svg(variant, start, orders=orders, options=look)
    assert "\n".join(lines) == picture
    base = base_lines(variant, look)
    assert "\n".join(base) == base_picture(variant, look)
    ids = {id(b) for b in base}
    shared = sum(1 for line in lines if id(line) in ids)
    assert shared > len(lines) // 2  # the same objects, not only equal text
    assert LayerMaker(base).steps(lines) == layer_steps("\n".join(base), picture)


@pytest.mark.parametrize("name", ["standard", "europe1619"])
def test_every_change_between_like_lines_of_real_pictures_gives_the_line_back(name):
    # the layer maker takes a change without making its line again (maplayer's docstring: by
    # construction); here every pair of lines of the same tags in real pictures, base and
    # phase, orders and units drawn, is made into a change and back
    from gm_tools.publish.maplayer import _changed, _patch, _shape

    variant = load_variant(name)
    start = start_position(variant)
    pictures = [base_picture(variant, RenderOptions()), render_svg(variant, start, options=RenderOptions())]
    if name == "standard":
        orders = [parse_order(t, variant, start, p) for t, p in (("A PAR - BUR", "FRANCE"), ("A MAR S A PAR - BUR", "FRANCE"),
                                                                 ("F LON - NTH", "ENGLAND"), ("A VIE H", "AUSTRIA"))]
        pictures.append(render_svg(variant, start, orders=orders, options=RenderOptions()))
    by_shape: dict = {}
    for line in {line for picture in pictures for line in picture.split("\n") if "<" in line and len(line) < 4000}:
        if _shape(line):  # lines with opening tags (a line of closing tags has no change)
            by_shape.setdefault(_shape(line), []).append(line)
    pairs = 0
    for lines in by_shape.values():
        for a in lines[:25]:
            for b in lines[:25]:
                patch = _patch(a, b)
                assert patch is not None and _changed(a, patch) == b
                pairs += 1
    assert pairs > 1000


def test_a_group_of_base_lines_is_looked_up_whole_and_its_runs_join_the_next_groups():
    # the maker keeps the steps of a group of lines (the map's <g id="..."> groups) given by
    # base lines alone: the base itself is one run, found again from what was kept
    variant = load_variant("standard")
    look = RenderOptions()
    base = base_picture(variant, look)
    maker = LayerMaker(base)
    lines = base.split("\n")
    whole = f"[[0,{len(lines)}]]"
    assert maker.steps_json(base) == whole and maker.steps(base) == [[0, len(lines)]]
    assert len(maker.groups) >= 4  # regions, centers, units, orders...
    assert maker.steps_json(base) == whole  # from the kept groups
    start = start_position(variant)
    start.centers["BEL"] = "FRANCE"
    picture = render_svg(variant, start, options=look)
    first = maker.steps_json(picture)
    assert maker.steps_json(picture) == first == json.dumps(LayerMaker(base).steps(picture), separators=(",", ":"))
    assert compose(base, json.loads(first)) == picture
