"""The shared influence machinery (gm_tools/mechanics/influence.py) configured three ways,
by data: Europe 1619's thresholds (as shipped), and the two Europe 1615 rulebooks' (which
will use it next), and the variant data that sets them (variants/europe1619/tables.toml
[influence], read by gm_tools/systems/europe1619/adapter.py)."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.errors import VariantDataError
from gm_tools.mechanics.influence import (
    ALIGNED,
    ATTACK_RESOLUTIONS,
    NEUTRAL,
    UNALIGNED,
    VASSALAGE,
    status_of,
)
from gm_tools.systems.europe1619.adapter import setup_from_variant

ROOT = Path(__file__).resolve().parent.parent


def test_europe_1619_thresholds_more_than_half_and_vassalage_at_25():
    # 002_e7e1b063b6c411e5.txt, alignment statuses: 'ALIGNED: a power holds more than 50% of
    # all INFs placed'; 'VASSALAGE: ... more than 50% ... AND has 25 INFs or more invested';
    # 'NEUTRAL: two or more powers equally invested'.
    assert status_of({}) == (UNALIGNED, None)
    assert status_of({"FRANCE": 6, "SPAIN": 5}) == (ALIGNED, "FRANCE")
    assert status_of({"FRANCE": 5, "SPAIN": 5}) == (NEUTRAL, None)
    assert status_of({"FRANCE": 4, "SPAIN": 2, "DUTCH": 2}) == (NEUTRAL, None)  # exactly 50%
    assert status_of({"FRANCE": 25, "SPAIN": 3}) == (VASSALAGE, "FRANCE")


def test_europe_1615_v3_fifty_percent_or_more_and_a_tie_is_neutral():
    # 000_cc215928c2f3193e.txt: 'the major power holding the most influence (50% or more of the
    # total INFs deployed to the state)'; 'For two powers equally invested in a minor state
    # (50/50), the minor state will be marked as NEUTRAL'; no vassalage in this rulebook.
    v3 = dict(vassal_infs=None, aligned_share=Fraction(1, 2), at_share=True)
    assert status_of({"FRANCE": 4, "SPAIN": 2, "DUTCH": 2}, **v3) == (ALIGNED, "FRANCE")
    assert status_of({"FRANCE": 5, "SPAIN": 5}, **v3) == (NEUTRAL, None)
    assert status_of({"FRANCE": 3, "SPAIN": 2, "DUTCH": 2}, **v3) == (NEUTRAL, None)  # 3 of 7
    assert status_of({"FRANCE": 40}, **v3) == (ALIGNED, "FRANCE")  # never a vassal


def test_europe_1615_v2_two_thirds_and_at_least_five_infs():
    # 001_6f4a9c76b6e5774a.txt: 'ALIGNED if a single major power holds 2/3 or more of the total
    # INFs present in the minor state, and has invested minimally 5 INFs'.
    v2 = dict(vassal_infs=None, aligned_share=Fraction(2, 3), at_share=True, min_infs=5)
    assert status_of({"FRANCE": 10, "SPAIN": 5}, **v2) == (ALIGNED, "FRANCE")
    assert status_of({"FRANCE": 9, "SPAIN": 5}, **v2) == (NEUTRAL, None)
    assert status_of({"FRANCE": 4}, **v2) == (NEUTRAL, None)  # 100%, but under 5 INFs


def test_the_attack_rule_is_named_data():
    # 002_e7e1b063b6c411e5.txt, the diplomatic attack: 'the power with the lesser number of
    # INFs placed removes all INFs and the power with larger number ... loses equal amount'.
    assert ATTACK_RESOLUTIONS["mutual_reduction"](7, 3) == 3


def test_the_shipped_1619_data_sets_the_1619_thresholds():
    setup = setup_from_variant(load_variant("europe1619"))
    assert (setup.aligned_share, setup.aligned_at_share, setup.aligned_min_infs, setup.vassal_infs,
            setup.attack_resolution) == (Fraction(1, 2), False, 0, 25, "mutual_reduction")
    assert setup.reichstag_caller == "AUSTRIA"
    assert setup.reichstag_members == ("SAXONY", "UNION", "LEAGUE", "SAVOY")
    assert "OTTOMAN" in setup.foreign_powers and setup.papacy == "PAPACY"


@pytest.mark.parametrize("line, found", [
    ('aligned_share = "3/2"', "aligned_share = '3/2', expected a fraction"),
    ('attack_resolution = "dice"', "attack_resolution = 'dice', expected one of mutual_reduction"),
    ("vassal_infs = -1", "vassal_infs = -1, expected a whole number"),
    ("aligned_at_share = 1", "aligned_at_share = 1, expected true or false"),
])
def test_a_mistake_in_the_influence_table_is_named(tmp_path, line, found):
    folder = tmp_path / "europe1619"
    shutil.copytree(ROOT / "variants" / "europe1619", folder)
    text = (folder / "tables.toml").read_text(encoding="utf-8")
    key = line.split(" = ")[0]
    lines = [ln for ln in text.splitlines() if not ln.startswith(f"{key} = ")]
    at = lines.index("[influence]") + 1
    (folder / "tables.toml").write_text("\n".join(lines[:at] + [line] + lines[at:]) + "\n", encoding="utf-8")
    with pytest.raises(VariantDataError) as e:
        load_variant(str(folder))  # checked at load: GameSystem.check_variant
    assert found in str(e.value) and "tables.toml [influence]" in str(e.value)
