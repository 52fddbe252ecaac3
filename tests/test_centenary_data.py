"""The Centenary variant data (variants/centenary) against its rulebook.

Rulebook: Centenary, William Preston, Vienna 44 (April 1988); the project's copy is
004_1210a5933393c2d7.txt. Each test cites the rule it checks ("intro" is
the text before rule 1). Judgements where the rulebook is silent are in
variants/centenary/NOTES.md; the tests for those say so.
"""

from __future__ import annotations


import pytest

from gm_tools.engine.model import ARMY, FLEET, Unit
from gm_tools.engine.variant import COAST, LAND, SEA
from gm_tools.edges.variants import load_variant

from mapgraph import reachable

PLAYERS = ["FRANCE", "SWEDEN", "OTTOMAN", "EMPIRE", "ENGLAND", "SPAIN", "PRINCES"]
MAJOR_NEUTRALS = ["DENMARK", "RUSSIA", "POLAND"]
MINOR_NEUTRALS = ["PORTUGAL", "PAPACY", "SWISS", "BAVARIA", "VENICE"]

# Rule 10, "Province abbreviations", as printed (two columns of pairs, read row by row).
# Quirks kept as printed: "Ily" twice, "Morca", "Navare", "Castille".
RULE_10 = [
    ("Ada", "Adalia"), ("Ana", "Anatolia"),
    ("Ara", "Aragon"), ("Avg", "Avignon"),
    ("Bav", "Bavaria"), ("BLo", "Burgundy-Lorraine"),
    ("Boh", "Bohemia"), ("Bos", "Bosnia"),
    ("Bra", "Brandenburg"), ("Bri", "Bristol"),
    ("Brt", "Brittany"), ("Bul", "Bulgaria"),
    ("BuP", "Buda-Pest"), ("Cas", "Castille"),
    ("Cil", "Cilicia"), ("Con", "Constantinople"),
    ("Cro", "Croatia"), ("Cum", "Cumberland"),
    ("Den", "Denmark"), ("Est", "Estremadura"),
    ("Fin", "Finland"), ("Gas", "Gascony"),
    ("Gra", "Granada"), ("Ily", "Illyria"),
    ("Ily", "Ilyria"), ("Ire", "Ireland"),
    ("Kaz", "Kazan"), ("Kha", "Kharkov"),
    ("KhC", "Khanate of Crimea"), ("Lap", "Lapland"),
    ("Leo", "Leon"), ("Lth", "Lithuania"),
    ("Lvn", "Livonia"), ("Lyn", "Lyons"),
    ("Mil", "Milan"), ("Mol", "Moldavia"),
    ("Mor", "Morca"), ("Mos", "Muscovy"),
    ("Nap", "Naples"), ("Nav", "Navare"),
    ("Nor", "Normandy"), ("Nov", "Novgorod"),
    ("Nth", "Netherlands"), ("Nwy", "Norway"),
    ("Par", "Paris"), ("PaS", "Papal States"),
    ("Pom", "Pomerania"), ("Por", "Portugal"),
    ("Pru", "Prussia"), ("Sav", "Savoy"),
    ("Sax", "Saxony"), ("Sca", "Scania"),
    ("Sco", "Scotland"), ("Ser", "Serbia"),
    ("Sil", "Silesia"), ("SpN", "Spanish N. Africa"),
    ("Sto", "Stockholm"), ("SwC", "Swiss Confederation"),
    ("Trn", "Transylvania"), ("Ukr", "Ukraine"),
    ("Ven", "Venice"), ("Wal", "Wallachia"),
    ("War", "Warsaw"), ("Wst", "Westphalia"),
]


@pytest.fixture(scope="module")
def cen():
    return load_variant("centenary")


def units_of(variant, power):
    return sorted(str(u) for u in variant.start_units if u.power == power)


# --- intro: centers, victory, powers ------------------------------------------------------


def test_thirty_two_centers_seventeen_to_win(cen):
    # Intro: "There are 32 supply centers, and the objective is to control 17 of these."
    assert len(cen.supply_centers()) == 32
    assert cen.victory_centers == 17


def test_seven_powers_three_major_five_minor_neutrals(cen):
    # Intro: "seven participating powers, three 'major neutrals' and several 'minor
    # neutrals'. The powers are France, Sweden, the Ottoman Empire, the Holy Roman Empire,
    # England, Spain, and the German Princes. The major neutrals are Denmark, Russia and
    # Poland, and the minor neutrals are Portugal, the Papal States, the Swiss
    # Confederation, Bavaria and Venice."
    assert list(cen.powers) == PLAYERS + MAJOR_NEUTRALS + MINOR_NEUTRALS
    assert [p for p in cen.powers.values() if p.playable] == [cen.powers[c] for c in PLAYERS]
    names = {c: cen.powers[c].name for c in cen.powers}
    assert [names[c] for c in PLAYERS] == [
        "France", "Sweden", "Ottoman Empire", "Holy Roman Empire", "England", "Spain", "German Princes",
    ]
    assert [names[c] for c in MAJOR_NEUTRALS] == ["Denmark", "Russia", "Poland"]
    assert [names[c] for c in MINOR_NEUTRALS] == [
        "Portugal", "Papal States", "Swiss Confederation", "Bavaria", "Venice",
    ]
    for code in MAJOR_NEUTRALS:
        assert cen.powers[code].extra["neutral"] == "major"
    for code in MINOR_NEUTRALS:
        assert cen.powers[code].extra["neutral"] == "minor"
    for code in PLAYERS:
        assert "neutral" not in cen.powers[code].extra


def test_non_center_neutral_provinces(cen):
    # Intro: "Non-supply-center neutral provinces include Wallachia, Livonia and Savoy."
    for code in ("WAL", "LVN", "SAV"):
        prov = cen.provinces[code]
        assert not prov.supply_center
        assert prov.home is None
        assert prov.extra["neutral_province"] is True
        assert code not in {u.province for u in cen.start_units}  # rule 9 lists no unit there


# --- rule 1: standard Diplomacy otherwise ---------------------------------------------------


def test_standard_year_and_rules(cen):
    # Rule 1: "All standard Diplomacy rules apply unless noted below": the standard year.
    assert cen.calendar.phases == (("S", "M"), ("S", "R"), ("F", "M"), ("F", "R"), ("W", "A"))


# --- rule 2: neutrals' centers ----------------------------------------------------------------


def test_russia_and_denmark_have_two_centers_the_rest_one(cen):
    # Rule 2: "in the case of Russia or Denmark, both centers must be occupied".
    assert cen.home_centers("RUSSIA") == ["MOS", "NOV"]
    assert cen.home_centers("DENMARK") == ["DEN", "NWY"]
    assert cen.home_centers("POLAND") == ["WAR"]
    for code, center in zip(MINOR_NEUTRALS, ["POR", "PAS", "SWC", "BAV", "VEN"]):
        assert cen.home_centers(code) == [center]


# --- rule 4: Bavaria ------------------------------------------------------------------------


def test_bavaria_is_catholic_and_starts_sworn_to_the_empire(cen):
    # Rule 4: "Although part of Germany on the map, it is in fact Catholic. In Winter 1617
    # (the first turn), the Empire takes control of it's army".
    bavaria = cen.powers["BAVARIA"]
    assert bavaria.religion == "catholic"
    assert bavaria.extra["start_fealty"] == "EMPIRE"
    assert units_of(cen, "BAVARIA") == ["A BAV"]
    # No other neutral starts sworn: fealty is claimed (rule 2) or drawn (rule 3).
    assert [c for c, p in cen.powers.items() if "start_fealty" in p.extra] == ["BAVARIA"]


# --- rule 5: Denmark includes Norway ----------------------------------------------------------


def test_denmark_includes_norway(cen):
    # Rule 5: "Denmark at this time also includes Norway." Rule 9's "A Nor" for Denmark is
    # therefore Norway (NWY), not Normandy (NOR, French ground): NOTES.md.
    assert cen.provinces["NWY"].home == "DENMARK"
    assert cen.start_centers["NWY"] == "DENMARK"
    assert Unit("DENMARK", ARMY, "NWY") in cen.start_units
    assert "NOR" not in {u.province for u in cen.start_units}
    assert cen.provinces["NOR"].name == "Normandy"


# --- rule 8: the map --------------------------------------------------------------------------


def test_bay_of_biscay_is_a_separate_sea(cen):
    # Rule 8 i: "The Bay of Biscay (BIS) is a separate sea province."
    bis = cen.provinces["BIS"]
    assert bis.type == SEA and bis.name == "Bay of Biscay"
    assert cen.lookup["bis"] == "BIS"
    # Separate from the open Atlantic: its own province, bordering it.
    assert "MAT" in cen.adjacent_provinces(FLEET, "BIS")
    assert cen.adjacent_provinces(FLEET, "BIS") == {"BRT", "GAS", "NAV", "LEO", "MAT"}


def test_papal_states_and_novgorod_need_a_coast_for_fleets(cen):
    # Rule 8 ii: "Orders or builds involving the Papal States (PaS) or Novgorod (Nov)
    # must specify a coast for fleets."
    split = sorted(c for c, p in cen.provinces.items() if p.coasts)
    assert split == ["NOV", "PAS"]
    assert cen.fleet_locations("PAS") == ["PAS/EC", "PAS/WC"]
    assert cen.fleet_locations("NOV") == ["NOV/NC", "NOV/SC"]
    assert not cen.unit_can_stand(FLEET, "PAS")
    assert not cen.unit_can_stand(FLEET, "NOV")
    assert cen.unit_can_stand(FLEET, "PAS/EC") and cen.unit_can_stand(ARMY, "PAS")
    # Each coast is on a different sea, so a fleet's coast matters.
    assert cen.fleet_dest_coasts("ADR", "PAS") == ["PAS/EC"]
    assert cen.fleet_dest_coasts("TYS", "PAS") == ["PAS/WC"]
    assert cen.fleet_dest_coasts("BAR", "NOV") == ["NOV/NC"]
    assert cen.fleet_dest_coasts("GOB", "NOV") == ["NOV/SC"]
    assert cen.lookup["pas/ec"] == "PAS/EC"


def test_only_named_areas_are_provinces(cen):
    # Rule 8 iii: "Unnamed areas are impassible." Every land province is named in rule 10,
    # except London and Vienna, which rules 8 iv and 9 use but the list leaves out (NOTES.md).
    named = {abbr.upper() for abbr, _ in RULE_10}
    land = {c for c, p in cen.provinces.items() if p.type != SEA}
    assert land == named | {"LON", "VIE"}
    assert len(land) == 65
    for island in ("sicily", "sardinia", "corsica", "crete", "cyprus"):
        assert island not in cen.lookup


def test_small_provinces_navarre_and_illyria(cen):
    # Rule 8 iv: "Nav between Leo and Gas, and Ily between Vie and Mil."
    assert {"LEO", "GAS"} <= cen.army_adjacency["NAV"]
    assert {"VIE", "MIL"} <= cen.army_adjacency["ILY"]
    # "between": Illyria separates Vienna from Milan.
    assert "MIL" not in cen.army_adjacency["VIE"]


# --- rule 9: the start ----------------------------------------------------------------------


def test_first_moving_turn_is_spring_1618(cen):
    # Rule 9: "The first moving turn is Spring 1618."
    assert cen.calendar.first_phase == "S1618M"


def test_start_units_exactly_as_rule_9(cen):
    # Rule 9: "The powers start with the following units" (Denmark's "A Nor" read as
    # A NWY: rule 5).
    expected = {
        "ENGLAND": ["F Bri", "A Lon", "A Sco"],
        "EMPIRE": ["A Vie", "A Mil", "A BuP"],
        "FRANCE": ["A Avg", "A BLo", "A Par"],
        "PRINCES": ["A Boh", "A Wst", "A Bra"],
        "OTTOMAN": ["A Bul", "F Mor", "A Con", "A Ana"],
        "SPAIN": ["A Nth", "F Gra", "A Cas"],
        "SWEDEN": ["A Sto", "F Sca", "A Fin"],
        "RUSSIA": ["A Mos", "A Nov"],
        "DENMARK": ["A Den", "A Nwy"],
        "POLAND": ["A War"],
        # "OTHER NEUTRAL ARMIES - A Por, A PaS, A SwC, F Ven, A Bav": one a minor neutral.
        "PORTUGAL": ["A Por"],
        "PAPACY": ["A PaS"],
        "SWISS": ["A SwC"],
        "VENICE": ["F Ven"],
        "BAVARIA": ["A Bav"],
    }
    assert set(expected) == set(cen.powers)
    for power, units in expected.items():
        assert units_of(cen, power) == sorted(u.upper() for u in units), power
    assert len(cen.start_units) == 32


def test_every_center_is_a_start_unit_home_and_owned(cen):
    # Rule 9 with the intro's 32: each start unit stands on a home center of its power, and
    # those 32 provinces are all the centers (NOTES.md, 'Supply centers').
    for unit in cen.start_units:
        assert cen.provinces[unit.province].home == unit.power
        assert cen.start_centers[unit.province] == unit.power
    assert sorted(u.province for u in cen.start_units) == cen.supply_centers()
    assert sum(len(cen.home_centers(p)) for p in PLAYERS) == 22


# --- the Religion Table -----------------------------------------------------------------------


def test_religion_table(cen):
    # Religion Table: "Catholic: France, The Empire, Spain, Portugal, Papal States, Poland,
    # Venice, Wallachia, Savoy. Protestant: German Princes, Sweden, England, Denmark, Swiss
    # Confederation. Neither: Ottoman Empire, Russia." Bavaria: rule 4.
    catholic = {"FRANCE", "EMPIRE", "SPAIN", "PORTUGAL", "PAPACY", "POLAND", "VENICE", "BAVARIA"}
    protestant = {"PRINCES", "SWEDEN", "ENGLAND", "DENMARK", "SWISS"}
    neither = {"OTTOMAN", "RUSSIA"}
    assert catholic | protestant | neither == set(cen.powers)
    for code, power in cen.powers.items():
        want = "catholic" if code in catholic else "protestant" if code in protestant else "none"
        assert power.religion == want, code
    # Wallachia and Savoy are provinces, not powers: the religion is on the province.
    assert cen.provinces["WAL"].extra["religion"] == "catholic"
    assert cen.provinces["SAV"].extra["religion"] == "catholic"
    assert [c for c, p in cen.provinces.items() if "religion" in p.extra] == ["SAV", "WAL"]


# --- rule 10: abbreviations -------------------------------------------------------------------


@pytest.mark.parametrize("abbr,name", RULE_10, ids=[f"{a}-{n}" for a, n in RULE_10])
def test_every_rule_10_abbreviation_exists_with_its_name(cen, abbr, name):
    # Rule 10, "Province abbreviations": the code, as printed, and the name, as printed
    # (quirks are aliases: "Morca", "Navare", "Castille", "Ilyria"), both find the province.
    code = abbr.upper()
    assert cen.lookup[abbr.lower()] == code
    assert cen.lookup[name.lower()] == code
    assert cen.provinces[code].extra["rulebook"] == abbr


def test_rule_10_names_spelled_right_where_printed_wrong(cen):
    # Rule 10's misprints (NOTES.md): the display name is the correct one.
    assert cen.provinces["MOR"].name == "Morea"
    assert cen.provinces["NAV"].name == "Navarre"
    assert cen.provinces["ILY"].name == "Illyria"
    assert cen.provinces["CAS"].name == "Castile"


# --- the reconstructed map: internal consistency --------------------------------------------


def test_land_masses(cen):
    # Reconstruction (NOTES.md): the continent (Scandinavia joined to it through Denmark and
    # Scania, Anatolia through Constantinople, as in the standard game) is one land mass;
    # Great Britain and Ireland are islands, and Spanish North Africa borders no named land.
    land = {c for c, p in cen.provinces.items() if p.type != SEA}
    continent = reachable("PAR", lambda c: cen.army_adjacency[c])
    britain = reachable("LON", lambda c: cen.army_adjacency[c])
    assert britain == {"LON", "BRI", "CUM", "SCO"}
    assert {"STO", "FIN", "NWY", "CIL", "KAZ", "POR"} <= continent
    assert land - continent - britain == {"IRE", "SPN"}
    assert cen.army_adjacency["IRE"] == frozenset() and cen.army_adjacency["SPN"] == frozenset()


def test_every_sea_and_coast_reachable_by_fleet(cen):
    # Reconstruction: a fleet can sail from any coast to any other (the Black Sea through
    # the straits at Constantinople, as in the standard game).
    locations = set(cen.fleet_adjacency)
    reached = reachable("MAT", lambda loc: cen.fleet_adjacency[loc])
    assert reached == locations
    assert cen.adjacent_provinces(FLEET, "BLA") == {"CON", "BUL", "MOL", "KHC", "ANA"}


def test_coastal_means_touching_a_sea(cen):
    # Task rule: "a province is coastal if it touches a sea in 1618 geography".
    for code, prov in cen.provinces.items():
        if prov.type == COAST:
            seas = {
                dest
                for loc in cen.fleet_locations(code)
                for dest in cen.adjacent_provinces(FLEET, loc)
                if cen.provinces[dest].type == SEA
            }
            assert seas, code
        if prov.type == LAND:
            assert cen.fleet_locations(code) == [], code
    # Some 1618 facts behind the coasts: Brandenburg had no Baltic coast (Pomerania lay
    # between); Wallachia no Black Sea coast (the Dobruja was Ottoman Bulgaria).
    assert cen.provinces["BRA"].type == LAND
    assert cen.provinces["WAL"].type == LAND
    assert cen.provinces["POM"].type == COAST


def test_north_sea_code_does_not_clash_with_netherlands(cen):
    # NTH is rule 10's Netherlands, so the North Sea is NSE (NOTES.md).
    assert cen.provinces["NTH"].name == "Netherlands"
    assert cen.lookup["north sea"] == "NSE"
    assert cen.provinces["NSE"].type == SEA


# --- geo.toml: anchors for the base-map generator ---------------------------------------


def _geo():
    import tomllib
    from gm_tools.edges.variants import variants_dir

    with (variants_dir() / "centenary" / "geo.toml").open("rb") as f:
        return tomllib.load(f)


def _km(a, b):
    import math

    lat1, lon1, lat2, lon2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


GEO_SECTIONS = {"map", "bridges", "channels", "decor", "impassable"}
"""Tables of geo.toml that are not provinces (variants/README.md, "geo.toml")."""


def _anchor(geo, location):
    province, _, coast = location.partition("/")
    lat, lon = geo[province]["coasts"][coast] if coast else geo[province]["unit"]
    return {"lat": lat, "lon": lon}


def test_geo_anchor_for_every_province_and_coast(cen):
    # Every province has a unit anchor, every split coast (rule 8 ii) its own.
    geo = _geo()
    assert set(geo) - GEO_SECTIONS == set(cen.provinces)
    for code, prov in cen.provinces.items():
        assert set(geo[code].get("coasts", {})) == set(prov.coasts), code
        for location in [code] + cen.fleet_locations(code):
            point = _anchor(geo, location)
            # Europe, the Atlantic and Anatolia: the map's frame.
            assert 30 <= point["lat"] <= 75 and -25 <= point["lon"] <= 60, location


def test_geo_neighbours_are_near(cen):
    # A check of the reconstructed borders against real geography: no two provinces an army
    # can move between are more than 1,400 km apart (the longest is Norway-Novgorod,
    # through Finnmark), and Illyria lies between Vienna and Milan (rule 8 iv).
    geo = _geo()
    unit = {code: _anchor(geo, code) for code in cen.provinces}
    for origin, dests in cen.army_adjacency.items():
        for dest in dests:
            assert _km(unit[origin], unit[dest]) < 1400, (origin, dest)
    vie_mil = _km(unit["VIE"], unit["MIL"])
    assert _km(unit["VIE"], unit["ILY"]) < vie_mil and _km(unit["ILY"], unit["MIL"]) < vie_mil
