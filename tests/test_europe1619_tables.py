"""Europe 1619's rulebook facts as variant data (issue 10 item 8: "Rulebook facts still in
code ... move to the variant's data"), each checked when read, with the table and entry
named. Rulebook: 002_e7e1b063b6c411e5.txt."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gm_tools.edges.variants import load_variant
from gm_tools.errors import GameError, VariantDataError
from gm_tools.systems.europe1619.adapter_rules import economy, geography, scoring_rules
from gm_tools.systems.europe1619.players import player_counts, variant_for_players

ROOT = Path(__file__).resolve().parent.parent
EUROPE = load_variant("europe1619")


def test_the_shipped_facts():
    # 'Austrian, Spanish, Union/Palatine, Saxon, League/Bavarian, and Savoy units may attack
    # foreign units that enter the HRE without a declaration of war'.
    assert geography(EUROPE).hre_powers == {"AUSTRIA", "SPAIN", "UNION", "SAXONY", "LEAGUE", "SAVOY"}
    # 'The Protestant Union and the Catholic League receive income from aligned states as well'.
    assert economy(EUROPE).aligned_income_powers == {"UNION", "LEAGUE"}
    # 'If Austria captures Bohemia and holds on to it, Austria gains an additional 5 victory points';
    # 'score 25 victory points'; 'the game officially ends at the Scoring Phase of 1648'.
    rules = scoring_rules(EUROPE)
    assert (rules.bonuses, rules.target, rules.last_year) == ((("AUSTRIA", "BOH", 5),), 25, 1648)
    # 'The 10-15 player setups'.
    assert player_counts(EUROPE) == [10, 11, 12, 13, 14, 15]
    with pytest.raises(GameError, match="expected 10 to 15"):
        variant_for_players(EUROPE, 9)


def _edited(tmp_path, file: str, old: str, new: str):
    folder = tmp_path / "europe1619"
    shutil.copytree(ROOT / "variants" / "europe1619", folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert re.search(old, text, flags=re.M), old
    (folder / file).write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return str(folder)


def test_a_bonus_on_a_province_not_on_the_map_is_named(tmp_path):
    folder = _edited(tmp_path, "tables.toml", r'^AUSTRIA = \[\{ province = "BOH"', 'AUSTRIA = [{ province = "BOHX"')
    # Reported when the variant is loaded (GameSystem.check_variant), not at the first Scoring Phase.
    with pytest.raises(VariantDataError, match=r"tables.toml \[bonuses\] AUSTRIA: province 'BOHX' is not on the map"):
        load_variant(folder)


def test_a_victory_without_points_is_named(tmp_path):
    folder = _edited(tmp_path, "variant.toml", r"^points = 25$", "")
    with pytest.raises(VariantDataError, match=r"variant.toml \[victory\]: expected points and end_year"):
        load_variant(folder)


def test_a_reichstag_member_that_is_no_power_is_named(tmp_path):
    folder = _edited(tmp_path, "tables.toml", r'^members = \["SAXONY"', 'members = ["SAXONIA"')
    with pytest.raises(VariantDataError, match=r"\[reichstag\] members: 'SAXONIA' is not a power"):
        load_variant(folder)


def test_the_cost_table_goes_on_past_its_last_strength_by_its_data(tmp_path):
    # 'Building a unit for a minor state': 'There is no restriction on how many units can be
    # purchased for the minor or the number of bolsters', priced 'in the same manner' as for a
    # power, so a buyer may pass strength 15 in a phase; tables.toml [military_cost] step_beyond
    # (reconstructed, NOTES.md) prices it, and a wrong value is named when the variant loads.
    costs = economy(EUROPE)
    assert [costs.cost(n) for n in (14, 15, 16, 20)] == [55, 60, 65, 85]
    folder = _edited(tmp_path, "tables.toml", r"^step_beyond = 5$", 'step_beyond = "5"')
    with pytest.raises(VariantDataError, match=r"\[military_cost\] step_beyond must be a whole number of TPs, 0 or more, found '5'"):
        load_variant(folder)
    # Without it the table prices nothing past 14 (each such purchase is refused at its cell).
    folder = _edited(tmp_path / "none", "tables.toml", r"^step_beyond = 5$", "")
    assert economy(load_variant(folder)).cost(15) is None


def test_every_phase_reads_the_statuses_by_the_variants_influence_table(tmp_path):
    # 'ALIGNED: If a power holds more than 50% of all INFs placed'; 'VASSALAGE: ... more than
    # 50% of all INFs placed AND has 25 INFs or more invested': thresholds in tables.toml
    # [influence], the GM's to edit. A GM's variant with vassalage at 10 INFs and alignment
    # above two thirds: the Diplomatic Phase and the other phases (movement, commands, income,
    # scoring read adapter_rules.relations) see the same statuses.
    from gm_tools.engine.model import Position
    from gm_tools.mechanics.influence import InfluenceState, minor_status
    from gm_tools.systems.europe1619.adapter_rules import relations
    from gm_tools.systems.europe1619.phases import setup_of

    folder = _edited(tmp_path, "tables.toml", r"^vassal_infs = 25$", "vassal_infs = 10")
    text = (Path(folder) / "tables.toml").read_text(encoding="utf-8")
    (Path(folder) / "tables.toml").write_text(text.replace('aligned_share = "1/2"', 'aligned_share = "2/3"'), encoding="utf-8")
    variant = load_variant(folder)
    infs = {"HES": {"FRANCE": 12}, "LOR": {"FRANCE": 6, "SPAIN": 4}}
    state = InfluenceState(infs)
    in_diplomacy = {m: minor_status(setup_of(variant), state, m).status for m in infs}
    assert in_diplomacy == {"HES": "VASSALAGE", "LOR": "NEUTRAL"}
    position = Position(phase="Y1625M", extra={"europe1619": {"influence": infs, "declarations": {}}})
    seen = relations(variant, position)
    assert {m: seen.status_of(m) for m in infs} == in_diplomacy
    # The phase report compares with the status at the opening by the same thresholds: no change.
    from gm_tools.systems.europe1619.report import _status_changes

    now = {m: {"status": minor_status(setup_of(variant), state, m).status,
               "power": minor_status(setup_of(variant), state, m).power, "captured_by": None} for m in infs}
    assert _status_changes(variant, {"before": {"extra": {"europe1619": {"influence": infs}}}}, now) == []


def test_the_phases_are_found_by_role_from_the_data():
    # 'Sequence of play': the calendar's letters are data; the code asks for roles.
    from gm_tools.systems.europe1619.calendar import phase_role, phase_roles

    assert phase_role(EUROPE, "Y1619D") == "diplomatic" and phase_role(EUROPE, "Y1625B") == "transactions"
    assert set(phase_roles(EUROPE)) == {t for _, t in EUROPE.calendar.phases}


def test_a_phase_without_a_role_is_named(tmp_path):
    folder = _edited(tmp_path, "tables.toml", r'^S = "scoring"$', 'S = "scorng"')
    with pytest.raises(VariantDataError, match=r"\[phase_roles\] S: role 'scorng', expected one of"):
        load_variant(folder)


@pytest.mark.parametrize("line, found", [
    ("max_strenght = 15", "unknown option 'max_strenght' (did you mean 'max_strength'?)"),
    ('max_strength = "15"', "max_strength = '15': expected int"),
    ("max_unit_strength = 0", "max_unit_strength = 0: expected 1 or more"),
])
def test_an_option_the_system_does_not_read_or_of_the_wrong_kind_is_named(tmp_path, line, found):
    # The system's options (gm_tools/systems/europe1619/__init__.py OPTIONS) are checked at load.
    key = line.split(" = ")[0]
    text = (ROOT / "variants/europe1619/variant.toml").read_text(encoding="utf-8")
    if re.search(rf"^{key} = ", text, flags=re.M):
        folder = _edited(tmp_path, "variant.toml", rf"^{key} = .*$", line)
    else:
        folder = _edited(tmp_path, "variant.toml", r"^max_units = 15$", f"max_units = 15\n{line}")
    with pytest.raises(VariantDataError) as e:
        load_variant(folder)
    assert found in str(e.value) and "variant.toml [options]" in str(e.value)
