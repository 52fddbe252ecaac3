"""The scale of a chart of a game's figures per year, as the game page draws it
(:func:`gm_tools.publish.charts.centers_chart`): its numbers read one by one, however high the
figures climb."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gm_tools.publish.charts import LABEL_GAP, LEFT, ChartLine, centers_chart

SVG = "{http://www.w3.org/2000/svg}"


def _scale(svg: str) -> list[tuple[int, float]]:
    """The y axis's numbers and their heights, top first."""
    root = ET.fromstring(svg)
    return sorted(((int(t.text), float(t.get("y"))) for t in root.iter(f"{SVG}text")
                   if t.get("text-anchor") == "end" and float(t.get("x")) == LEFT - 6), key=lambda s: s[1])


@pytest.mark.parametrize("best", [98, 240, 1000])
def test_a_victory_points_charts_numbers_stand_apart(best):
    """Reader finding (the Europe 1615 demo's game page, 'Victory points per year'): its scale
    went 0, 5, 10 ... 100 (Spain's 98 after the 1615 Scoring Phase), twenty-one numbers of 11 px
    type 12.4 px apart, one touching the next; a scale twice as high drew 41 numbers on one
    another. The scale's step grows with the figures (1, 2, 5, 10, 20, 50 ...), its numbers at
    least a label's gap apart, the top one at or above the best figure."""
    lines = [ChartLine("Austria", "#ff0000", (60, best // 2, best)), ChartLine("Spain", "#ffff00", (98, 83, 83))]
    scale = _scale(centers_chart(lines, ["1615", "1616", "1617"], "Victory points per year"))
    numbers = [n for n, _ in scale]
    assert numbers[0] >= best and numbers[-1] == 0, numbers
    assert len(set(b - a for a, b in zip(numbers[1:], numbers))) == 1, numbers  # one step
    gaps = [b - a for (_, a), (_, b) in zip(scale, scale[1:])]
    assert min(gaps) >= LABEL_GAP, (numbers, gaps)


def test_a_centers_charts_scale_keeps_its_small_steps():
    """Standard Diplomacy's centers (up to 18 to win, 34 in all) keep the scale the pages had:
    steps of 1 to 10, of 2 to 20, of 5 beyond."""
    for best, step in ((9, 1), (18, 2), (34, 5)):
        scale = _scale(centers_chart([ChartLine("France", "#0000ff", (3, best))], ["1901", "1902"], "Centers"))
        assert scale[0][0] - scale[1][0] == step, (best, scale)
