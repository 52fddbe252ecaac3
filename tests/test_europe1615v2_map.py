"""Europe 1615 (version 2) on the map (issue 13 item 8, item 6's markings).

Rulebook: ``001_6f4a9c76b6e5774a.txt``: 'Revolting states will be marked on the map', 'CONTESTED
states will be marked on the map', the closing example's map of political statuses; our rule for
religion: a marker, never a colour alone. Real SVG from the renderer.
"""

from __future__ import annotations

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.rules import rules_for
from gm_tools.systems.europe1615v2.state import State, with_state

VARIANT = load_variant("europe1615v2")
RULES = rules_for(VARIANT)


def style(position, code):
    return RULES.province_style(VARIANT, position, code)


def test_political_status_is_the_fill_and_religion_a_marker():
    p = with_state(Position("S1616M", {}, dict(VARIANT.start_centers)),
                   State(influence={"SAX": {"AUSTRIA": 12}, "RHI": {"ENGLAND": 6, "SPAIN": 6}, "LOR": {"FRANCE": 2}}))
    sax, rhi, lor = style(p, "SAX"), style(p, "RHI"), style(p, "LOR")
    assert sax.fill != rhi.fill != lor.fill                # aligned tint, neutral white, independent grey
    assert sax.marker == "\u271d" and sax.marker_colour   # Catholic CONTROLLED: the blue cross
    assert rhi.marker == "D"                               # DUALITY
    assert lor.marker is None                              # UNAFFECTED
    assert style(p, "PAR") is None                         # a power's province keeps the owner's colour


def test_contested_and_revolt_are_written_on_the_map():
    """'If a major power holds political control over a minor state (minor state is ALIGNED) and
    an opposing power attacks and occupies the minor state before a build phase, the minor state
    is then marked as CONTESTED'; 'For the given situations above the minor state is considered
    to be in REVOLT. (Revolting states will be marked on the map.)'"""
    from gm_tools.publish.render import render_svg

    contested = with_state(Position("U1616M", {"SAX": Unit("AUSTRIA", ARMY, "SAX")}, dict(VARIANT.start_centers)),
                           State(influence={"SAX": {"DENMARK": 9}}, contested={"SAX": "AUSTRIA"}))
    assert style(contested, "SAX").note == "contested"
    assert ">contested<" in render_svg(VARIANT, contested)
    revolt = with_state(Position("S1617M", {}, dict(VARIANT.start_centers, SAX="AUSTRIA")),
                        State(influence={"SAX": {"DENMARK": 9}}))
    assert style(revolt, "SAX").note == "revolt"
    assert ">revolt<" in render_svg(VARIANT, revolt)
