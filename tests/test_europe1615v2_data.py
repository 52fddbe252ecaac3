"""Europe 1615 (version 2): the reconstructed map and tables agree with every number the text
states (issue 13 item 1).

Rulebook: ``001_6f4a9c76b6e5774a.txt``; ``variants/europe1615v2/tables.toml [stated]``.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import FLEET
from gm_tools.systems.europe1615v2.setup import setup_of

VARIANT = load_variant("europe1615v2")
VARIANT_DIR = Path(__file__).resolve().parent.parent / "variants" / "europe1615v2"
SETUP = setup_of(VARIANT)
STATED = VARIANT.tables["stated"]


def test_registered_under_both_names_and_distinct_from_version_3():
    """Issue 13: 'Register it so that europe1615v2 and payola1615 both find it, distinct from
    version 3.'"""
    assert load_variant("payola1615").name == "europe1615v2"
    assert load_variant("europe1615").name == "europe1615"


def test_center_values_are_3_9_or_15():
    """'Each supply center on the board is represented by a symbol indicating a value (3, 9, or 15)'."""
    assert set(SETUP.values.values()) == set(STATED["values"])
    for code, value in STATED["center_values"].items():
        assert SETUP.values[code] == value


def test_starting_units_exactly_as_listed():
    """'Starting position of units: France: A(PAR), A(TOU), A(POI), F(NOR), F(BRI) ...'."""
    listed = {
        "FRANCE": {"A PAR", "A TOU", "A POI", "F NOR", "F BRI"},
        "SPAIN": {"F GAL", "A MAD", "A CAT", "A MIL", "A SPA"},
        "AUSTRIA": {"A BOH", "A MOR", "A HUN", "A CRO", "A VIE"},
        "ENGLAND": {"A SCO", "A WAL", "A LNC", "F LON", "F GLO"},
        "DENMARK": {"F NWY", "F SWE", "F SCA", "A COP", "A HOL"},
    }
    for power, units in listed.items():
        assert {u.label for u in VARIANT.start_units if u.power == power} == units


def test_1615_builds_follow_from_five_units_and_the_home_centers():
    """'each power begins with 5 units (regardless of the number of supply centers). If no supply
    centers have been lost or gained by the build phase of 1615 then the following powers have
    the entitled number of builds: England = 1, Austria = 1, France = 3, Spain = 2'."""
    for power in SETUP.powers:
        units = sum(1 for u in VARIANT.start_units if u.power == power)
        builds = len(SETUP.homes[power]) - units
        assert units == 5
        assert builds == STATED["builds_1615"].get(power, 0), power


def test_objectives_table_gives_the_texts_examples():
    """'If at the end of the game Saxony is Catholic controlled and aligned to Austria, then
    Austria can garner 7 VPs for the religious status and 7 VPs for the political alignment. If
    no INFs of another major power are present, Austria can obtain another 5 VPs for exclusive
    influential control'; RHI: 'an additional 5 VPs ... another 7 VPs for a total of 12 VPs';
    'France benefits from a catholic controlled RHI (+5 VPs)'."""
    for minor, power, political, religious in STATED["objectives"]:
        o = SETUP.objective(minor, power)
        assert (o.political, o.religious) == (political, religious)
    assert SETUP.exclusive == STATED["exclusive"]


def test_barbary_states_cannot_be_influenced_and_lists_are_fixed():
    """'The Barbary States (FEZ, ALG, TUN) are not part of this list and cannot be influenced';
    'The reference list for the minor states is based on the following order: Austria,
    Denmark/Sweden, England, France, and Spain. For Portugal and the Barbary States, the order is
    Spain, France, Austria, England, and Denmark/Sweden. For Ireland, the order is England,
    France, Spain, Denmark/Sweden, and Austria.'"""
    assert {"FEZ", "ALG", "TUN"} <= set(SETUP.minors) and not {"FEZ", "ALG", "TUN"} & SETUP.pliant
    assert SETUP.reference_lists["minors"] == ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")
    for minor in ("POR", "FEZ", "ALG", "TUN"):
        assert SETUP.reference_lists[minor] == ("SPAIN", "FRANCE", "AUSTRIA", "ENGLAND", "DENMARK")
    assert SETUP.reference_lists["IRE"] == ("ENGLAND", "FRANCE", "SPAIN", "DENMARK", "AUSTRIA")


def test_states_without_centers():
    """'the penalties described above do not apply to SWI, LOR, and POS as these states do not
    have supply centers or units'."""
    for minor in ("SWI", "LOR", "POS"):
        assert SETUP.minors[minor].home_center is None and minor in SETUP.pliant
        assert not any(u.power == minor for u in VARIANT.start_units)


def test_attack_order_and_first_year():
    """'The national order of attacks is as follows: Spain, France, England, Denmark/Sweden, and
    Austria'; 'Diplomatic attacks commence in the second year (1616)'."""
    assert SETUP.attack_order == ("SPAIN", "FRANCE", "ENGLAND", "DENMARK", "AUSTRIA")
    assert SETUP.attacks_from == 1616 and SETUP.first_year == 1615


def test_every_coastal_center_has_a_port_and_army_links_exist():
    """'Fleets can only move into or support a move into a coastal province that has a port';
    'movement and support between GRA and FEZ', 'between SIC and NAP'."""
    coastal_centers = {c for c in SETUP.values if VARIANT.provinces[c].type == "coast"}
    assert coastal_centers <= SETUP.ports
    assert "FEZ" in VARIANT.army_adjacency["GRA"] and "NAP" in VARIANT.army_adjacency["SIC"]
    assert "FEZ" not in {p.split("/")[0] for p in VARIANT.fleet_adjacency.get("GRA/EC", ())} | \
        {p.split("/")[0] for p in VARIANT.fleet_adjacency.get("GRA", ())}
    assert all(u.kind != FLEET or u.province in SETUP.ports or VARIANT.provinces[u.province].type == "sea"
               for u in VARIANT.start_units)


def test_a_gm_edited_table_with_mistakes_is_reported_at_load(tmp_path):
    """The reconstructed tables are the GM's to edit: a mistake is reported when the variant is
    loaded, each with its table and entry, never at the first phase."""
    import shutil

    import pytest

    from gm_tools.errors import VariantDataError

    folder = tmp_path / "europe1615v2"
    shutil.copytree(VARIANT_DIR, folder)
    tables = (folder / "tables.toml").read_text(encoding="utf-8")
    tables = tables.replace('columns = ["1:3",', 'columns = ["3:1",').replace("AUSTRIA = 14\n", "AUSTRIA = -1\n", 1)
    (folder / "tables.toml").write_text(tables, encoding="utf-8")
    with pytest.raises(VariantDataError) as caught:
        load_variant(str(folder))
    text = str(caught.value)
    assert "tables.toml [attack_table]" in text and "rising" in text
    assert "tables.toml [inf_allocation.years.1615] AUSTRIA" in text
