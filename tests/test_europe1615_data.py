"""Europe 1615's reconstructed data agrees with every number the rulebook states.

Rulebook: ``000_cc215928c2f3193e.txt`` (Europe 1615: Prelude to War, version 3). The map and
its tables were lost; ``variants/europe1615/tables.toml [stated]`` lists the numbers the text
gives, and each is checked here against the data a GM may edit.
"""

from __future__ import annotations

from europe1615_play import SETUP, VARIANT, opening
from gm_tools.app.mapcheck import check_variant_map
from gm_tools.systems.europe1615.deployment import yearly_infs

STATED = VARIANT.tables["stated"]


def test_first_year_infs_are_the_texts():
    """'Spain has the most influence (37 versus 35 INFs in the first year)'; 'combined French
    and Austrian influence (68 INFs)' ('INFs available per year': 'The sum of the numbers in
    each home center of a given power adds up to the number of INFs allocated')."""
    infs = yearly_infs(SETUP, VARIANT.start_centers)
    for power, n in STATED["first_year_infs"].items():
        assert infs[power] == n, power
    for powers, n in STATED["combined_first_year_infs"]:
        assert sum(infs[p] for p in powers) == n
    assert opening().extra["europe1615"]["year_infs"] == infs  # what the Status Check hands out


def test_home_center_values_sum_to_the_years_infs():
    """'Home centers: ... The sum of the numbers in each home center of a given power adds up
    to the number of INFs allocated/available for the year.'"""
    infs = yearly_infs(SETUP, VARIANT.start_centers)
    for power in SETUP.powers:
        assert sum(SETUP.values[c] for c in SETUP.homes[power]) == infs[power]


def test_stated_center_values():
    """Saxony: 'three times the value of Saxony ... 27 VPs' and 'Denmark can earn 9 VPs ... as
    well as 9 INFs'; 'Brandenburg holds Mecklenburg ... (6 + 3 = 9)'."""
    for minor, value in STATED["center_values"].items():
        assert SETUP.values[SETUP.minors[minor].home_center] == value, minor
    assert 3 * SETUP.values["SAX"] == 27


def test_values_range_from_3_to_18():
    """'The values of the centers are given on the map, ranging from 3 to 18'."""
    low, high = STATED["value_range"]
    assert all(low <= v <= high for v in SETUP.values.values())
    # every center of the map, and Catalonia's, which comes with the Catalan secession
    assert set(SETUP.values) == {c for c, p in VARIANT.provinces.items() if p.supply_center} | {"CAT"}
    assert SETUP.latent == {"CAT": "catalan_secession"}


def test_first_year_attack_order_follows_the_years_influence():
    """'If in the first year, then the order of priority is: (1) England attacks first (least
    influential), then (2) Austria, (3) Denmark, (4) France, and finally (5) Spain (most
    influential).' The reconstructed values give that order by INFs."""
    assert SETUP.first_year_order == ("ENGLAND", "AUSTRIA", "DENMARK", "FRANCE", "SPAIN")
    infs = yearly_infs(SETUP, VARIANT.start_centers)
    assert sorted(SETUP.powers, key=infs.get) == list(SETUP.first_year_order)


def test_catholic_advantage_is_less_than_twice_at_the_start():
    """'At the start of the game, the Catholic powers have an overall advantage in the total
    influence over the minor states by a factor less than twice.'"""
    infs = yearly_infs(SETUP, VARIANT.start_centers)
    catholic = sum(n for p, n in infs.items() if SETUP.confession(p) == "catholic")
    protestant = sum(n for p, n in infs.items() if SETUP.confession(p) == "protestant")
    assert protestant < catholic < 2 * protestant
    assert opening().extra["europe1615"]["counterbalance"] is None  # 'neither ... is in effect'


def test_the_five_powers_and_the_ottoman_units():
    """'Austria, France, Spain, England, and Denmark'; 'The Ottoman Empire (Ot) ... has 2 units
    in its military service: A(RUM), and A(SER).'"""
    assert set(SETUP.powers) == {"AUSTRIA", "FRANCE", "SPAIN", "ENGLAND", "DENMARK"}
    assert {SETUP.confession(p) for p in ("AUSTRIA", "FRANCE", "SPAIN")} == {"catholic"}
    assert {SETUP.confession(p) for p in ("ENGLAND", "DENMARK")} == {"protestant"}
    ottoman = sorted(str(u) for u in VARIANT.start_units if u.power == "OTTOMAN")
    assert ottoman == ["A RUM", "A SER"]
    assert VARIANT.powers["OTTOMAN"].extra.get("unit_label") == "Ot"


def test_the_named_minor_states_are_pliant():
    """'Pliant minor states': the states the text names, with the composite ones as it says:
    'Lower Saxony consists of two provinces: Bremen and Brunswick-Lunenburg', 'Papal States
    (PAPL) which consists of Rome (ROM) and the Marche (MAR)', 'Poland consists of 7 provinces'."""
    for code in ("WUR", "RHI", "LOWR", "LOR", "SAV", "FRA", "SWI", "PAPL", "MOR", "CAT", "POL", "BAV", "WES",
                 "HES", "BRA", "SAX", "SWE", "LIVN", "DUT", "TRA", "IRE", "PRU", "MEC", "BOH", "VEN", "PIA", "TUS"):
        assert code in SETUP.minors, code
    assert set(SETUP.minors["LOWR"].provinces) == {"BRE", "BRU"}
    assert set(SETUP.minors["PAPL"].provinces) == {"ROM", "MAR"}
    assert len(SETUP.minors["POL"].provinces) == 7
    assert SETUP.minors["FRA"].home_center is None and SETUP.minors["SWI"].home_center is None  # 'without a center and unit'
    # 'at the start it does not have a center and unit': its center is latent until the secession
    start = opening()
    assert "CAT" not in start.centers and "CAT" not in start.units and "CAT" in SETUP.latent
    labels = [p.extra["unit_label"] for p in VARIANT.powers.values() if p.extra.get("minor")]
    assert all(len(label) == 2 for label in labels) and len(set(labels)) == len(labels)  # 'Two-letter designations'


def test_free_links_and_holsteins_coasts():
    """'Army units and fleets may freely move between IRE and SCOT, and between ANDL and SUL.
    Holstein (HOL) has two separate coasts and players must specify which side their fleet
    moves to.'"""
    for a, b in (("IRE", "SCOT"), ("ANDL", "SUL")):
        assert VARIANT.can_reach_province("A", a, b) and VARIANT.can_reach_province("A", b, a)
        assert VARIANT.fleet_dest_coasts(b, a) or VARIANT.can_move("F", b, a)
    assert len(VARIANT.provinces["HOL"].coasts) == 2


def test_the_drawn_map_matches_the_data():
    """A real-geography base map like the other variants', passing the drawn-versus-data check."""
    assert check_variant_map(VARIANT) == []
