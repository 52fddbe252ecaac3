"""The renderer (gm_tools/publish/render.py), the base-map reader (gm_tools/edges/basemap.py) and the PNG
edge (gm_tools/edges/png.py), on the shipped standard map and on a small hand-made variant."""

from __future__ import annotations

import dataclasses
import struct
import xml.etree.ElementTree as ET

import pytest

from gm_tools.engine.system import GameSystem, register_system, unregister_system
from gm_tools.edges.basemap import load_base_map, map_path, parse_base_map, schematic_map
from gm_tools.errors import UserError, VariantDataError
from gm_tools.engine.model import (
    Build,
    Convoy,
    Dislodged,
    Disband,
    Hold,
    Move,
    OrderResult,
    Position,
    Retreat,
    Support,
    Unit,
    order_text,
)
from gm_tools.edges.png import WEB_WIDTH, svg_to_png
from gm_tools.publish.dislodged import place_dislodged
from gm_tools.publish.markers import unit_box
from gm_tools.publish.render import NEUTRAL_FILL, RenderOptions, render_svg
from gm_tools.publish.style import HOME_TINT, ProvinceStyle, minor_state_style
from gm_tools.publish.style import mix as _mix
from gm_tools.engine.rules import Rules
from gm_tools.engine.variant import Calendar, Power, Province, Variant
from gm_tools.edges.variants import load_variant

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def standard():
    return load_variant("standard")


@pytest.fixture(scope="module")
def standard_map(standard):
    return load_base_map(standard)


def start_position(variant: Variant) -> Position:
    return Position(
        phase=variant.calendar.first_phase,
        units={u.province: u for u in variant.start_units},
        centers=dict(variant.start_centers),
    )


def render_standard(variant, base, position, **kw) -> str:
    return render_svg(variant, position, options=RenderOptions(base_map=base), **kw)


def toy_variant(rules: str = "standard") -> Variant:
    """Five provinces, two powers: enough for every kind of order."""
    provinces = {
        "PAR": Province("PAR", "Paris", "land", supply_center=True, home="FRANCE"),
        "BUR": Province("BUR", "Burgundy", "land"),
        "MUN": Province("MUN", "Munich", "land", supply_center=True, home="GERMANY", value=3),
        "SPA": Province("SPA", "Spain", "coast", supply_center=True, coasts=("NC", "SC")),
        "MAO": Province("MAO", "Mid-Atlantic Ocean", "sea"),
    }
    powers = {
        "FRANCE": Power("FRANCE", "France", "French", "#3c78d8"),
        "GERMANY": Power("GERMANY", "Germany", "German", "#5a5a5a"),
    }
    calendar = Calendar((("S", "M"), ("S", "R"), ("F", "M")), "S1901M", {"S": "Spring", "F": "Fall"},
                        {"M": "Movement", "R": "Retreat"})
    return Variant("toy", "Toy", (), provinces, powers, {}, {}, (), {}, calendar, 3, options={"rules": rules})


# --- the base map ----------------------------------------------------------------------------


def test_standard_map_has_exactly_one_region_per_province(standard, standard_map):
    # parse_base_map refuses a region drawn twice, so equal key sets mean exactly one each
    assert set(standard_map.regions) == set(standard.provinces)
    assert not standard_map.schematic
    assert set(standard_map.impassable) == {"SWI"}  # 2000 rulebook: Switzerland is impassable
    svg = ET.parse(str(map_path("standard"))).getroot()
    ids = [p.get("id") for p in svg.iter(f"{SVG}path") if p.get("id")]
    assert len(ids) == len(set(ids)) == len(standard.provinces) + 1


def test_standard_map_regions_carry_the_province_type_and_name(standard):
    root = ET.parse(str(map_path("standard"))).getroot()
    for path in root.iter(f"{SVG}path"):
        code = path.get("id")
        if code in standard.provinces:
            province = standard.provinces[code]
            assert path.get("class") == province.type, code
            assert path.find(f"{SVG}title").text == province.name


def test_standard_map_has_every_anchor(standard, standard_map):
    for code, province in standard.provinces.items():
        for role in ("unit", "label", "dislodged"):
            assert f"{code}.{role}" in standard_map.anchors, (code, role)
        assert (f"{code}.sc" in standard_map.anchors) == province.supply_center, code
        for coast in province.coasts:
            assert f"{code}.{coast}.unit" in standard_map.anchors, (code, coast)


def test_a_variant_loaded_from_any_folder_brings_its_own_map(tmp_path, standard):
    # The map is variant data, read by the loader with the rest: the renderer never looks
    # for a file, so a copied variant draws the same map (and the renderer stays pure).
    import shutil

    copy = tmp_path / "standard-copy"
    shutil.copytree(map_path("standard").parent, copy)
    copied = load_variant(str(copy))
    assert copied.map_svg == standard.map_svg != ""
    assert load_base_map(copied).regions == load_base_map(standard).regions
    assert render_svg(copied, start_position(copied)) == render_svg(standard, start_position(standard))


def test_parse_base_map_names_every_problem():
    bad = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10">'
        '<path class="land" d="M0 0L1 0L1 1Z"/>'
        '<path id="A" class="land" d="M0 0L1 0L1 1Z"/><path id="A" class="sea" d="M0 0L1 0L1 1Z"/>'
        '<circle id="A.unit" class="anchor" cx="x" cy="1"/></svg>'
    )
    with pytest.raises(VariantDataError) as info:
        parse_base_map(bad, source="bad.svg")
    text = "\n".join(info.value.problems)
    assert "viewBox" in text and "has no id" in text and "drawn twice" in text and "A.unit" in text


def test_parse_base_map_rejects_text_that_is_not_xml():
    with pytest.raises(VariantDataError, match="not valid SVG"):
        parse_base_map("<svg", source="broken.svg")


def test_coast_anchor_falls_back_to_the_province(standard_map):
    assert standard_map.anchor("SPA/NC", "unit") == standard_map.anchors["SPA.NC.unit"]
    assert standard_map.anchor("SPA/NC", "dislodged") == standard_map.anchors["SPA.dislodged"]
    with pytest.raises(KeyError):
        standard_map.anchor("XXX", "unit")


# --- the starting position --------------------------------------------------------------------


def test_standard_start_renders_to_svg_that_parses(standard, standard_map):
    svg = render_standard(standard, standard_map, start_position(standard), title="Demo game")
    root = ET.fromstring(svg)
    regions = {p.get("id"): p for p in root.iter(f"{SVG}path") if p.get("id") in standard.provinces}
    assert set(regions) == set(standard.provinces)
    # every region names its province on hover
    assert regions["PAR"].find(f"{SVG}title").text == "Paris"
    # owned centers take the owner's colour (mixed toward white); a home province that is no
    # center a lighter tint of its power's; land of no power stays neutral
    assert regions["PAR"].get("fill") != regions["BUR"].get("fill")
    assert regions["BUR"].get("fill") != regions["RUH"].get("fill")
    assert regions["BEL"].get("fill") == regions["NAF"].get("fill") == NEUTRAL_FILL
    # 22 starting units, each a group with a title
    unit_titles = [t.text for g in root.iter(f"{SVG}g") if g.get("id") == "units" for t in g.iter(f"{SVG}title")]
    assert len(unit_titles) == 22
    assert "French A PAR" in unit_titles and "Russian F STP/SC" in unit_titles
    text = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Demo game: Spring 1901 Movement" in text
    assert "Russia: 4 SC, 4 units" in text and "France: 3 SC, 3 units" in text


def test_standard_start_renders_to_png_at_web_and_print_size(standard, standard_map):
    svg = render_standard(standard, standard_map, start_position(standard))
    for width in (1200, 2400):
        png = svg_to_png(svg, width)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = struct.unpack(">II", png[16:24])  # IHDR
        assert w == width and h > width  # the map is a little taller than wide


def test_svg_to_png_refuses_a_width_that_is_no_size():
    with pytest.raises(ValueError, match="positive"):
        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', 0)


def test_same_state_same_bytes(standard, standard_map):
    position = start_position(standard)
    shuffled = Position(
        phase=position.phase,
        units=dict(reversed(list(position.units.items()))),
        centers=dict(reversed(list(position.centers.items()))),
    )
    orders = [Move("FRANCE", position.units["PAR"], "BUR"), Hold("GERMANY", position.units["MUN"])]
    first = render_standard(standard, standard_map, position, orders=orders)
    second = render_standard(standard, standard_map, shuffled, orders=list(reversed(orders)))
    assert first == second
    assert svg_to_png(first, 600) == svg_to_png(second, 600)


# --- orders and results -------------------------------------------------------------------------


def _orders_group(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    return next(g for g in root.iter(f"{SVG}g") if g.get("id") == "orders")


def test_moves_supports_and_convoys_draw_as_distinct_lines(standard, standard_map):
    position = start_position(standard)
    par, mar, bre = position.units["PAR"], position.units["MAR"], position.units["BRE"]
    orders = [
        Move("FRANCE", par, "BUR"),
        Support("FRANCE", mar, "PAR", "BUR"),
        Convoy("FRANCE", bre, "PAR", "BUR"),  # legal or not, the renderer draws what it is given
    ]
    group = _orders_group(render_standard(standard, standard_map, position, orders=orders))
    lines = list(group.iter(f"{SVG}line"))
    dashes = {line.get("stroke-dasharray") for line in lines}
    # move solid, support dashed, convoy dotted: told apart by line pattern, not colour
    assert None in dashes and "5,3" in dashes and "1.5,3.5" in dashes
    assert len(list(group.iter(f"{SVG}polygon"))) == 3  # an arrowhead each


def test_move_with_a_convoy_route_follows_its_seas(standard, standard_map):
    # 2000 rulebook, 'Convoying': the army moves through the chain of fleets' seas
    position = start_position(standard)
    order = Move("ENGLAND", position.units["LVP"], "BRE", via_convoy=True, convoy_route=("IRI", "MAO"))
    group = _orders_group(render_standard(standard, standard_map, position, orders=[order]))
    coloured = [l for l in group.iter(f"{SVG}line") if l.get("stroke") != "#1e1e1e"]
    assert len(coloured) == 3  # LVP-IRI, IRI-MAO, MAO-BRE
    iri = standard_map.anchors["IRI.unit"]
    assert (float(coloured[0].get("x2")), float(coloured[0].get("y2"))) == pytest.approx(iri, abs=0.06)
    assert len(list(group.iter(f"{SVG}polygon"))) == 1  # one arrowhead, at BRE


def test_failed_order_is_dashed_and_crossed_out_not_only_coloured(standard, standard_map):
    position = start_position(standard)
    par, mun = position.units["PAR"], position.units["MUN"]
    orders = [Move("FRANCE", par, "BUR"), Move("GERMANY", mun, "BUR")]
    # 2000 rulebook, 'Standoffs': equal strength to one province, neither moves
    results = [
        OrderResult("FRANCE", order_text(orders[0]), "fails", "bounced"),
        OrderResult("GERMANY", order_text(orders[1]), "succeeds"),
    ]
    group = _orders_group(render_standard(standard, standard_map, position, orders=orders, results=results))
    lines = list(group.iter(f"{SVG}line"))
    assert [line.get("stroke-dasharray") for line in lines].count("7,4") == 2  # casing and colour of one arrow
    crosses = [p for p in group.iter(f"{SVG}path") if p.get("d", "").count("M") == 2]
    assert len(crosses) == 2  # one cross (white halo + ink) on the failed move only


def test_invalid_order_is_drawn_as_failed(standard, standard_map):
    position = start_position(standard)
    order = Hold("FRANCE", position.units["PAR"])
    results = [OrderResult("FRANCE", order_text(order), "invalid", "no such unit")]
    group = _orders_group(render_standard(standard, standard_map, position, orders=[order], results=results))
    assert any(c.get("stroke-dasharray") for c in group.iter(f"{SVG}circle"))
    assert any(p.get("d", "").count("M") == 2 for p in group.iter(f"{SVG}path"))


def test_only_power_shows_only_that_powers_orders(standard, standard_map):
    position = start_position(standard)
    orders = [Move("FRANCE", position.units["PAR"], "BUR"), Move("GERMANY", position.units["MUN"], "RUH")]
    everyone = _orders_group(render_standard(standard, standard_map, position, orders=orders))
    french = render_standard(standard, standard_map, position, orders=orders, only_power="FRANCE")
    assert len(list(everyone.iter(f"{SVG}polygon"))) == 2
    assert len(list(_orders_group(french).iter(f"{SVG}polygon"))) == 1
    assert "(France orders)" in french


def test_dislodged_unit_is_offset_with_its_retreat_options(standard, standard_map):
    # 2000 rulebook, 'Retreats': a dislodged unit must retreat to an empty adjacent province
    # (not the attacker's origin); the picture shows where it may go.
    position = start_position(standard)
    position.phase = "S1901R"
    dislodged_unit = Unit("GERMANY", "A", "BUR")
    position.dislodged = {"BUR": Dislodged(dislodged_unit, "PAR", ("BEL", "GAS", "PIC"))}
    svg = render_standard(standard, standard_map, position,
                          orders=[Retreat("GERMANY", dislodged_unit, "PIC")])
    root = ET.fromstring(svg)
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "dislodged")
    dotted = [l for l in group.iter(f"{SVG}line") if l.get("stroke-dasharray") == "1,3"]
    assert len(dotted) == 3
    # drawn beside its province's unit, clear of it and of the units and names around
    # (gm_tools/publish/dislodged.py), not on top of the unit's own place
    spot = place_dislodged(standard, standard_map, {"BUR"}, [u.location for u in position.units.values()])["BUR"]
    start = (spot.x, spot.y)
    assert all((float(l.get("x1")) - start[0]) ** 2 + (float(l.get("y1")) - start[1]) ** 2 < 15 ** 2 for l in dotted)
    assert unit_box(*start).overlap(unit_box(*standard_map.anchors["BUR.unit"])) == 0
    assert "dislodged" in " ".join(t.text or "" for t in group.iter(f"{SVG}text"))
    assert len(list(_orders_group(svg).iter(f"{SVG}polygon"))) == 1  # the retreat arrow


def test_builds_and_disbands_draw(standard, standard_map):
    position = start_position(standard)
    position.phase = "W1901A"
    orders = [Build("FRANCE", "F", "BRE"), Disband("GERMANY", position.units["MUN"])]
    group = _orders_group(render_standard(standard, standard_map, position, orders=orders))
    assert any(g.get("opacity") == "0.55" for g in group.iter(f"{SVG}g"))  # the unit to be built
    assert any(p.get("d", "").count("M") == 2 for p in group.iter(f"{SVG}path"))  # disband cross


# --- the small variant: schematic layout, badges, values, hooks -------------------------------------


def test_without_options_the_variants_own_map_is_drawn(standard, standard_map):
    position = start_position(standard)
    assert render_svg(standard, position) == render_standard(standard, standard_map, position)


def test_without_a_base_map_the_schematic_grid_is_drawn():
    variant = toy_variant()
    position = Position("S1901M", units={"PAR": Unit("FRANCE", "A", "PAR")}, centers={"PAR": "FRANCE"})
    svg = render_svg(variant, position)
    root = ET.fromstring(svg)
    assert {p.get("id") for p in root.iter(f"{SVG}path") if p.get("id")} == set(variant.provinces)
    assert schematic_map(variant).schematic


def test_strength_badge_and_center_value():
    # Europe variants: units are bolstered up to strength 10; the badge shows the bolstering
    variant = toy_variant()
    position = Position(
        "S1901M",
        units={"PAR": Unit("FRANCE", "A", "PAR", strength=3), "MAO": Unit("FRANCE", "F", "MAO")},
        centers={"MUN": "GERMANY"},
    )
    root = ET.fromstring(render_svg(variant, position))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "+2" in texts and "+0" not in texts  # only units above strength 1 get a badge
    assert "3" in texts  # MUN is worth 3


def test_victory_points_in_the_legend_when_the_position_has_scores():
    variant = toy_variant()
    position = Position("S1901M", centers={"PAR": "FRANCE"}, extra={"scores": {"FRANCE": 7}})
    svg = render_svg(variant, position)
    assert "France: 1 SC, 0 units, 7 VP" in svg and "Germany: eliminated" in svg


def test_victory_points_from_the_latest_yearly_scoring():
    # Europe 1619 (002_e7e1b063b6c411e5.txt, 'Scoring'): scores are worked out afresh at
    # each year's Scoring Phase; the ledger keeps each year's
    variant = load_variant("europe1619")
    ledger = {"scores": {"1620": {"FRANCE": 4}, "1621": {"FRANCE": 9, "SPAIN": -2}}}
    svg = render_svg(variant, Position("Y1622M", extra={"europe1619": {"ledger": ledger}}))
    assert "France: eliminated, 9 VP (1621)" in svg and "Spain: eliminated, -2 VP (1621)" in svg


class _StyledRules(Rules):
    """A variant's rules object with the renderer's province_style hook."""

    name = "test_styled"

    def province_style(self, variant, position, code):
        if code == "BUR":
            return ProvinceStyle(fill="#ffffff", hatch="#aa0000", marker="P")
        return None


def test_province_style_hook_of_the_rules_object_overrides_the_look():
    register_system(GameSystem("test_styled", rules=_StyledRules()))
    try:
        variant = toy_variant(rules="test_styled")
        root = ET.fromstring(render_svg(variant, Position("S1901M")))
    finally:
        unregister_system("test_styled")
    bur = next(p for p in root.iter(f"{SVG}path") if p.get("id") == "BUR")
    assert bur.get("fill") == "#ffffff"
    assert any(p.get("fill") == "url(#hatch-aa0000)" for p in root.iter(f"{SVG}path"))
    assert "BUR P" in [t.text for t in root.iter(f"{SVG}text")]


def test_missing_anchor_is_a_clear_variant_error():
    variant = toy_variant()
    base = schematic_map(variant)
    anchors = {k: v for k, v in base.anchors.items() if not k.startswith("BUR.")}
    broken = type(base)(base.width, base.height, base.regions, anchors=anchors)
    position = Position("S1901M", units={"BUR": Unit("GERMANY", "A", "BUR")})
    with pytest.raises(VariantDataError, match="no anchor for BUR"):
        render_svg(variant, position, options=RenderOptions(base_map=broken))


def test_unit_in_no_province_is_a_clear_user_error(standard):
    position = Position("S1901M", units={"XYZ": Unit("FRANCE", "A", "XYZ")})
    with pytest.raises(UserError, match="XYZ is no province of variant 'standard'") as info:
        render_svg(standard, position)
    assert not isinstance(info.value, VariantDataError)


def test_an_island_inside_a_sea_region_is_not_painted_over():
    # a sea whose path has a hole, and land of no province in that hole
    from io import BytesIO

    from PIL import Image

    from gm_tools.edges.basemap import BaseMap
    from gm_tools.publish.render import DECOR_FILL

    variant = toy_variant()
    base = schematic_map(variant)
    x0, y0 = 0.0, base.height + 10
    regions = dict(base.regions)
    # same winding for the outline and the hole: only even-odd filling leaves the hole empty
    regions["MAO"] = (f"M{x0} {y0}L{x0 + 200} {y0}L{x0 + 200} {y0 + 200}L{x0} {y0 + 200}Z"
                      f"M{x0 + 50} {y0 + 50}L{x0 + 150} {y0 + 50}L{x0 + 150} {y0 + 150}L{x0 + 50} {y0 + 150}Z")
    island = f"M{x0 + 50} {y0 + 50}L{x0 + 150} {y0 + 50}L{x0 + 150} {y0 + 150}L{x0 + 50} {y0 + 150}Z"
    with_island = BaseMap(max(base.width, 600), base.height + 220, regions, anchors=base.anchors,
                          decor_land=(island,))
    svg = render_svg(variant, Position("S1901M"), options=RenderOptions(base_map=with_island, legend=False))
    image = Image.open(BytesIO(svg_to_png(svg, int(max(base.width, 600))))).convert("RGB")
    # the island's center, 44 px of title above the map
    pixel = image.getpixel((int(x0 + 100), int(44 + y0 + 100)))
    assert "#%02x%02x%02x" % pixel == DECOR_FILL


def test_minor_state_styles_follow_the_europe_rulebook_statuses():
    # Europe 1619 rulebook, 'Every minor state has one of four alignment statuses'
    aligned = minor_state_style("ALIGNED", "#3c78d8")
    vassal = minor_state_style("VASSALAGE", "#3c78d8", confession="catholic")
    neutral = minor_state_style("NEUTRAL")
    unaligned = minor_state_style("UNALIGNED")
    assert aligned.fill not in ("#ffffff", "#c8c8c8") and aligned.hatch is None
    assert vassal.hatch == "#3c78d8" and vassal.marker == "\u271d"  # hatched, not only tinted
    assert neutral.fill == "#ffffff" and unaligned.fill == "#c8c8c8"
    assert len({aligned.fill, vassal.fill, neutral.fill, unaligned.fill}) == 4


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1619"])
def test_every_home_province_is_tinted_in_its_powers_colour_at_the_start(name):
    """Land coloured by owner (issue 4): a power's home provinces that are no centers carry
    ``domain`` (Europe 1619 rulebook, 'Home provinces are as follows'; the 2000 rulebook's map
    draws each Great Power's country) and are drawn in the power's light tint, not neutral."""
    variant = load_variant(name)
    # drawn as the site draws it: on the variant's own map
    root = ET.fromstring(render_svg(variant, start_position(variant), options=RenderOptions(base_map=load_base_map(variant))))
    fills = {p.get("id"): p.get("fill") for p in root.iter(f"{SVG}path") if p.get("id") in variant.provinces}
    domains = {code: p.extra["domain"] for code, p in variant.provinces.items()
               if p.extra.get("domain") and not p.supply_center}
    assert domains, f"{name}: no home province without a center is marked"
    for code, power in sorted(domains.items()):
        assert fills[code] == _mix(variant.powers[power].colour.lower(), HOME_TINT), (name, code, power)


@pytest.mark.parametrize("name", ["standard", "centenary", "europe1619"])
def test_each_variants_start_renders_to_svg_and_png_the_same_bytes_twice(name):
    """Issue 4, 'Tests': each variant's starting position renders to SVG that parses and to a
    PNG (web width), and the same state gives the same bytes."""
    variant = load_variant(name)
    svg = render_svg(variant, start_position(variant))
    root = ET.fromstring(svg)
    drawn = {p.get("id") for p in root.iter(f"{SVG}path")} & set(variant.provinces)
    assert drawn == set(variant.provinces)
    assert len([g for g in root.iter(f"{SVG}g") if g.get("id") == "units"][0]) == len(variant.start_units)
    # issue 4: 'Use px font sizes (cairosvg draws % and em sizes wrongly)'
    sizes = {t.get("font-size") for t in root.iter(f"{SVG}text")}
    assert sizes and all(s.endswith("px") for s in sizes), sizes
    assert render_svg(variant, start_position(variant)) == svg
    png = svg_to_png(svg, WEB_WIDTH)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">I", png[16:20])[0] == WEB_WIDTH
    assert svg_to_png(svg, WEB_WIDTH) == png


def test_legend_counts_one_unit_in_the_singular():
    variant = toy_variant()
    position = Position(phase="S1901M", units={"PAR": Unit("FRANCE", "A", "PAR")}, centers={"PAR": "FRANCE"})
    text = [t.text for t in ET.fromstring(render_svg(variant, position)).iter(f"{SVG}text")]
    assert "France: 1 SC, 1 unit" in text and "Germany: eliminated" in text


def test_the_legend_says_eliminated_of_a_power_the_standings_call_eliminated(standard, standard_map):
    """A power with no supply center and no unit is out of the game: the game page's standings
    say "eliminated" in its Note, the map's legend said only "England: 0 SC, 0 units". The
    legend says it as the standings do; a power with a unit left is counted as before."""
    position = start_position(standard)
    position = dataclasses.replace(
        position, centers={c: p for c, p in position.centers.items() if p != "ENGLAND"},
        units={k: u for k, u in position.units.items() if u.power not in ("ENGLAND", "ITALY")}
        | {"ROM": Unit("ITALY", "A", "ROM")},
    )
    position = dataclasses.replace(position, centers={c: p for c, p in position.centers.items() if p != "ITALY"})
    text = [t.text for t in ET.fromstring(render_standard(standard, standard_map, position)).iter(f"{SVG}text")]
    assert "England: eliminated" in text and "England: 0 SC, 0 units" not in text
    assert "Italy: 0 SC, 1 unit" in text


@pytest.mark.parametrize("name, players", [("standard", None), ("westphalia", 5), ("westphalia", None),
                                           ("europe1619", None), ("europe1615v2", None), ("centenary", None)])
def test_the_legend_key_fits_the_picture(name, players):
    """Every line of the legend's key ends inside the picture: a narrow map (The Peace of
    Westphalia's board for 5 players) has its long key wrapped, not cut off at the edge."""
    from gm_tools.app.turn import start_position
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.publish.legend import KEY_CHAR

    variant = variant_for_game(load_variant(name), players)
    # drawn as the site draws it: on the variant's own map
    root = ET.fromstring(render_svg(variant, start_position(variant), options=RenderOptions(base_map=load_base_map(variant))))
    width = float(root.get("width") or root.get("viewBox").split()[2])
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "legend")
    keys = [t for t in legend.iter(f"{SVG}text") if t.get("font-size") == "11.0px"]
    assert keys
    for t in keys:
        assert float(t.get("x")) + KEY_CHAR * len(t.text) <= width, f"{t.text!r} runs off the {name} map"


@pytest.mark.parametrize("name", ["standard", "westphalia", "europe1619", "europe1615", "europe1615v2", "centenary"])
def test_the_page_says_the_key_the_picture_draws(name):
    """On a phone the picture's legend is a few pixels high: the page says its key to the
    symbols in words under the map (``symbol_words``), word for word what the picture draws
    (there wrapped to its width, on the page one entry a symbol, cut at the semicolons)."""
    from gm_tools.app.turn import start_position
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.publish.legend import symbol_words

    variant = variant_for_game(load_variant(name), None)
    root = ET.fromstring(render_svg(variant, start_position(variant), options=RenderOptions(base_map=load_base_map(variant))))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "legend")
    drawn = " ".join(t.text for t in legend.iter(f"{SVG}text") if t.get("font-size") == "11.0px")
    said = symbol_words(variant)
    assert len(said) > 1 and drawn.replace("; ", " ") == " ".join(said), (drawn, said)


def test_a_picture_drawn_after_others_is_the_one_drawn_first():
    # the renderer keeps the fragments it drew for a variant (render.py's _memo: a site build
    # draws a game's phases one after another); what it kept from one position never shows in
    # another's picture
    from gm_tools.app.turn import start_position
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.parser import parse_order
    from gm_tools.publish import render

    variant = load_variant("standard")
    start = start_position(variant)
    later = start_position(variant)
    later.centers["BEL"] = "FRANCE"
    later.units["BUR"] = Unit("FRANCE", "A", "BUR")
    del later.units["PAR"]
    orders = [parse_order("A BUR - BEL", variant, later, "FRANCE")]

    def fresh(position, **kw):
        render._MEMOS.clear()
        return render_svg(variant, position, **kw)

    first, second = fresh(start), fresh(later, orders=orders)
    assert first != second
    render._MEMOS.clear()
    for _ in range(2):
        assert render_svg(variant, start) == first
        assert render_svg(variant, later, orders=orders) == second
    # another variant object (a house rule's colours): its own fragments
    other = dataclasses.replace(variant, powers={**variant.powers, "FRANCE": dataclasses.replace(
        variant.powers["FRANCE"], colour="#123456")})
    assert "#123456" in render_svg(other, later) and "#123456" not in render_svg(variant, later)


def test_a_kept_order_drawing_follows_its_outcome_and_a_disbands_dislodgement():
    # The renderer keeps an order's drawing by its power, canonical text and outcome (a
    # disband's also by whether its unit was dislodged: drawn there if it was); each picture
    # drawn from kept fragments is the one drawn afresh.
    from gm_tools.app.turn import start_position
    from gm_tools.publish import render

    variant = load_variant("standard")
    board = start_position(variant)
    move = Move("FRANCE", board.units["PAR"], "BUR")
    failed = [OrderResult("FRANCE", order_text(move), "fails", "bounced")]
    dislodged = start_position(variant)
    dislodged.dislodged["MUN"] = Dislodged(unit=dislodged.units.pop("MUN"), attacker_from="BOH",
                                           retreats=("RUH",))
    disband = Disband("GERMANY", Unit("GERMANY", "A", "MUN"))
    pictures = [
        (board, {"orders": [move]}),
        (board, {"orders": [move], "results": failed}),
        (start_position(variant), {"orders": [disband]}),
        (dislodged, {"orders": [disband]}),
    ]
    afresh = []
    for position, drawn in pictures:
        render._MEMOS.clear()
        afresh.append(render_svg(variant, position, **drawn))
    assert len(set(afresh)) == 4
    render._MEMOS.clear()
    for _ in range(2):  # in turn, each from the fragments the others left
        assert [render_svg(variant, position, **drawn) for position, drawn in pictures] == afresh


@pytest.mark.parametrize("name, power", [("centenary", "ENGLAND"), ("europe1619", "SPAIN")])
def test_the_legend_says_eliminated_on_every_map_that_can_lose_a_power(name, power):
    """Europe 1619 (002_e7e1b063b6c411e5.txt, 'A power that does not control any of its original
    home centers ... it is considered eliminated ... all units are disbanded at the Map Adjustment
    Phase, and the foreign centers that were held are then liberated'; 'Spain is eliminated if
    Madrid and Andalusia are both captured') and Centenary: a power left with no center and no
    unit was "Spain: 0 SC, 0 units" on the map, "eliminated" in the standings."""
    variant = load_variant(name)
    start = start_position(variant)
    position = dataclasses.replace(start, centers={c: p for c, p in start.centers.items() if p != power},
                                   units={k: u for k, u in start.units.items() if u.power != power})
    text = [t.text for t in ET.fromstring(render_svg(variant, position)).iter(f"{SVG}text")]
    shown = variant.powers[power].name
    assert f"{shown}: eliminated" in text and f"{shown}: 0 SC, 0 units" not in text
