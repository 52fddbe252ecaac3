"""The Europe 1619 variant data (variants/europe1619) against its rulebook.

Rulebook: Europe 1619, Matthew Medeiros (edited 2-26-2018); the project's copy is
/work/shared/seeds/002_e7e1b063b6c411e5.txt. Each test quotes the rulebook words it checks.
The map and several tables were lost in conversion; where a test checks a reconstruction
rather than a stated fact, it says so (judgements: variants/europe1619/NOTES.md).
"""

from __future__ import annotations

import shutil
import tomllib
from collections import deque

import pytest

from gm_tools.errors import VariantDataError
from gm_tools.model import ARMY, FLEET
from gm_tools.phase import next_phase, parse_phase, phase_title
from gm_tools.variant import COAST, LAND, SEA
from gm_tools.variants import load_variant, variants_dir

FOLDER = variants_dir() / "europe1619"

MAJORS = [
    "AUSTRIA", "DENMARK", "SPAIN", "FRANCE", "DUTCH", "ENGLAND", "SWEDEN", "LEAGUE",
    "UNION", "PAPACY", "POLAND", "SAXONY", "OTTOMAN", "VENICE", "SAVOY",
]


@pytest.fixture(scope="module")
def eu():
    return load_variant("europe1619")


@pytest.fixture(scope="module")
def tables(eu):
    return eu.tables


def units_of(variant, power):
    return sorted(str(u) for u in variant.start_units if u.power == power)


# --- the data loads ---------------------------------------------------------------------------


def test_loads_with_zero_problems(eu):
    # load_variant raises VariantDataError listing every problem; reaching here means none.
    assert eu.name == "europe1619"
    assert load_variant("e1619") is eu
    assert len(eu.supply_centers()) == 53
    assert eu.notes.startswith("# Europe 1619")


def test_victory_by_points_and_end_year(eu):
    # "The object of the game is for a power to score 25 victory points at some year in the
    # game"; "the game officially ends at the Scoring Phase of 1648".
    assert eu.victory_points == 25
    assert eu.end_year == 1648
    # Centers never decide: the count is every center of the map (NOTES.md).
    assert eu.victory_centers == len(eu.supply_centers())


def test_bad_victory_points_is_a_clear_error(tmp_path):
    # Loader: a victory term that is not a positive whole number names the file and the key.
    folder = tmp_path / "europe1619"
    shutil.copytree(FOLDER, folder)
    text = (folder / "variant.toml").read_text(encoding="utf-8")
    (folder / "variant.toml").write_text(text.replace("points = 25", "points = 0"), encoding="utf-8")
    with pytest.raises(VariantDataError) as err:
        load_variant(folder)
    assert err.value.problems == ["variant.toml [victory]: 'points' must be a whole number 1 or more, found 0"]


def test_calendar_is_the_rulebook_year(eu):
    # "1 - Diplomatic Phase, 2 - Orders Phase, 3 - Adjudication Phase, 4 - Retreat and/or
    # Disband Phase, 5 - Map Adjustment Phase, 6 - Builds and Transactions Phase, 7 - Scoring
    # Phase". Adjudication is the GM's work on the Orders Phase (NOTES.md): one phase, M.
    cal = eu.calendar
    names = [cal.phase_type_names[t] for _, t in cal.phases]
    assert names == ["Diplomatic", "Orders", "Retreat and Disband", "Map Adjustment",
                     "Builds and Transactions", "Scoring"]
    # The game starts with the Diplomatic Phase of 1619 (the year in the title; "July 31, 1619").
    assert cal.first_phase == "Y1619D"
    assert phase_title(cal, cal.first_phase) == "Year 1619 Diplomatic"
    # The engine's movement and retreat letters are the Orders and Retreat phases; no phase
    # uses A, which the standard engine would play as a standard adjustment.
    assert ("Y", "M") in cal.phases and ("Y", "R") in cal.phases and ("Y", "A") not in cal.phases
    # A year ends with Scoring, and the next begins with the Diplomatic Phase.
    assert next_phase(cal, "Y1648S") == parse_phase("Y1649D")
    phase, seen = parse_phase(cal.first_phase), []
    for _ in cal.phases:
        seen.append(phase.type)
        phase = next_phase(cal, phase)
    assert seen == ["D", "M", "R", "J", "B", "S"] and phase.id == "Y1620D"
