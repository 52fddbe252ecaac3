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


# --- the powers ---------------------------------------------------------------------------------


def test_fifteen_powers_in_the_rulebook_order(eu):
    # "Europe 1619 is played with 15 players ... 1 Austria ... 15 Duchy of Savoy".
    majors = [code for code, p in eu.powers.items() if p.playable]
    assert majors == MAJORS
    assert [eu.powers[c].name for c in MAJORS] == [
        "Austria", "Denmark", "Spain", "France", "Dutch Republic", "England", "Sweden",
        "Catholic League and Bavaria", "Protestant Union and the Palatinate", "Papacy",
        "Poland-Lithuania", "Electorate of Saxony", "Ottoman Empire", "Republic of Venice",
        "Duchy of Savoy",
    ]


def test_religions(eu):
    # "Catholic Powers" (Austria, Spain, France, League, Papacy, Poland, Savoy), "Protestant
    # Powers" (Denmark, Dutch, England, Sweden, Union, Saxony), "Ottoman Empire". Venice's line
    # was lost; it is Catholic (NOTES.md).
    catholic = {"AUSTRIA", "SPAIN", "FRANCE", "LEAGUE", "PAPACY", "POLAND", "SAVOY", "VENICE"}
    protestant = {"DENMARK", "DUTCH", "ENGLAND", "SWEDEN", "UNION", "SAXONY"}
    for code in MAJORS:
        expected = "catholic" if code in catholic else "protestant" if code in protestant else "ottoman"
        assert eu.powers[code].religion == expected, code


def _hsv(colour):
    import colorsys

    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    return h * 360, s, v


# Named colour -> (hue range in degrees, saturation range, value range) a colour of that name has.
_NAMED = {
    "RED": ((-10, 10), (0.6, 1), (0.7, 1)),
    "YELLOW": ((45, 65), (0.5, 1), (0.9, 1)),
    "BLUE": ((200, 250), (0.5, 1), (0.4, 1)),
    "CRIMSON": ((330, 355), (0.6, 1), (0.4, 0.8)),
    "DARK CYAN": ((175, 195), (0.6, 1), (0.3, 0.6)),
    "BRIGHT CYAN": ((175, 195), (0.6, 1), (0.9, 1)),
    "GOLD": ((38, 52), (0.5, 1), (0.6, 0.88)),
    "PURPLE": ((270, 310), (0.4, 1), (0.3, 0.8)),
    "BROWN": ((15, 35), (0.5, 1), (0.3, 0.6)),
    "GREEN": ((100, 150), (0.5, 1), (0.3, 0.8)),
    "ORANGE": ((25, 40), (0.9, 1), (0.9, 1)),
    "BRONZE": ((25, 40), (0.5, 0.85), (0.6, 0.85)),
    "BEIGE": ((30, 50), (0.1, 0.35), (0.8, 1)),
}


@pytest.mark.parametrize("power, named", [
    ("AUSTRIA", "RED"), ("SPAIN", "YELLOW"), ("FRANCE", "BLUE"), ("LEAGUE", "CRIMSON"),
    ("PAPACY", "DARK CYAN"), ("POLAND", "BRIGHT CYAN"), ("SAVOY", "GOLD"), ("DENMARK", "PURPLE"),
    ("DUTCH", "BROWN"), ("ENGLAND", "GREEN"), ("SWEDEN", "ORANGE"), ("UNION", "BRONZE"),
    ("SAXONY", "BEIGE"),
])
def test_colours_are_the_rulebook_colours(eu, power, named):
    # "Units of the powers (a.k.a, major units) are designated by color as listed below:
    # Austria = RED, Spain = YELLOW, ...".
    hue, sat, val = _hsv(eu.powers[power].colour)
    (h0, h1), (s0, s1), (v0, v1) = _NAMED[named]
    if named == "RED" and hue > 180:
        hue -= 360  # red wraps round 0 degrees
    assert h0 <= hue <= h1, (power, hue)
    assert s0 <= sat <= s1 and v0 <= val <= v1, (power, sat, val)


def test_lost_colours_ottoman_greenish_and_all_distinct(eu):
    # The Ottoman colour line is lost; its marker is a "green crescent moon", so green-ish,
    # apart from England's GREEN (NOTES.md). Every power reads apart from every other.
    hue, _, val = _hsv(eu.powers["OTTOMAN"].colour)
    eng_hue, _, eng_val = _hsv(eu.powers["ENGLAND"].colour)
    assert 60 <= hue <= 170
    assert abs(hue - eng_hue) >= 30 and abs(val - eng_val) >= 0.2
    colours = [eu.powers[c].colour for c in MAJORS]
    assert len(set(colours)) == 15
    assert "#c0c0c0" not in colours  # silver is the minor states'


# --- home provinces, home centers, starting units -------------------------------------------


HOME_PROVINCES = {
    # Rulebook, "Home provinces are as follows:"
    "AUSTRIA": "Vienna, Slovenia, Upper Austria, Styria, Royal Hungary, Transcarpathia, Tyrol, Upper Slavonia, Kremnica",
    "DENMARK": "Copenhagen, Holstein, Norway, Scania",
    "SPAIN": "Madrid, Andalusia, Extremadura, Valencia, Aragon, Leon, Galicia, Cantabria, Naples, Milan, Free County, Liege, Brabant, Flanders",
    "FRANCE": "Normandy, Paris, Lyonnais, Provence, Brittany, Poitou, Guyenne, Gascony, Languedoc, Dauphiny, Burgundy, Champagne",
    "DUTCH": "Holland, Friesland",
    "ENGLAND": "London, Lancashire, York, Wessex, Ulster, Munster, Scotland",
    "SWEDEN": "Stockholm, Dalarna, Kalmar",
    "LEAGUE": "Bavaria",
    "UNION": "Palatinate, Upper Palatinate",
    "PAPACY": "Rome, Marche, Romagne",
    "POLAND": "Warsaw, Danzig, Samogitia, Riga, Posen, Lithuania, Ruthenia, Podolia",
    "SAXONY": "Saxony",
    "OTTOMAN": "Edirne, Greece, Macedonia, Bulgaria, Serbia, Albania, Bosnia, Hungary",
    "VENICE": "Venice, Dalmatia",
    "SAVOY": "Turin, Savoy",
}

START = {
    # Rulebook, "Home centers and starting units are as follows:"
    "AUSTRIA": "A-Vienna and A-Slovenia",
    "DENMARK": "F-Copenhagen and A-Holstein",
    "SPAIN": "A-Madrid and F-Andalusia",
    "FRANCE": "F-Normandy, A-Paris, A-Lyonnais, and A-Provence",
    "DUTCH": "A-Holland and F-Friesland",
    "ENGLAND": "F-London and A-Lancashire",
    "SWEDEN": "F-Stockholm",
    "LEAGUE": "A-Bavaria",
    "UNION": "A-Palatinate",
    "PAPACY": "A-Rome",
    "POLAND": "A-Warsaw and A-Danzig",
    "SAXONY": "A-Saxony",
    "OTTOMAN": "A-Edirne",
    "VENICE": "F-Venice",
    "SAVOY": "A-Turin",
}


def _names(text):
    return [n.strip().removeprefix("and ").strip() for n in text.replace(" and ", ", ").split(",") if n.strip()]


@pytest.mark.parametrize("power", MAJORS)
def test_home_provinces(eu, power):
    # "Home provinces are as follows": every province named, and no other, is the power's.
    names = _names(HOME_PROVINCES[power])
    codes = {eu.lookup[n.lower()] for n in names}
    assert len(codes) == len(names)
    assert {c for c, p in eu.provinces.items() if p.extra.get("domain") == power} == codes


@pytest.mark.parametrize("power", MAJORS)
def test_home_centers_and_starting_units(eu, power):
    # "Home centers and starting units are as follows": each named unit stands in a home
    # center of its power, and the home centers are exactly those.
    units, centers = [], []
    for entry in _names(START[power]):
        kind, name = entry.split("-", 1)
        code = eu.lookup[name.lower()]
        centers.append(code)
        units.append((kind, code))
    assert eu.home_centers(power) == sorted(centers)
    for code in centers:
        assert eu.provinces[code].supply_center and eu.start_centers[code] == power
    on_board = {(u.kind, u.province): u for u in eu.start_units if u.power == power}
    for kind, code in units:
        assert (kind, code) in on_board, (power, kind, code)


def test_spain_build_sites_and_flanders_strength(eu):
    # "However, Naples, Milan, and Flanders are build sites for Spain they are not considered
    # home centers. Naples, Milan, and Flanders begin with armies, but A-Flanders begins with
    # strength +1." A "+1" unit has strength 2 ("a unit with a strength of two is shown with a
    # +1 on the top").
    spain = eu.powers["SPAIN"]
    assert spain.extra["build_sites"] == ["NAP", "MIL", "FLA"]
    assert eu.home_centers("SPAIN") == ["ANDL", "MAD"]
    for code in ("NAP", "MIL", "FLA"):
        prov = eu.provinces[code]
        assert prov.supply_center and prov.home is None and eu.start_centers[code] == "SPAIN"
    strengths = {u.province: (u.kind, u.strength) for u in eu.start_units if u.power == "SPAIN"}
    assert strengths == {"MAD": (ARMY, 1), "ANDL": (FLEET, 1), "NAP": (ARMY, 1), "MIL": (ARMY, 1), "FLA": (ARMY, 2)}
    # "All units have the same strength at the start of the game (with exception to the
    # Spanish unit in Flanders)."
    assert [u.province for u in eu.start_units if u.strength != 1] == ["FLA"]


def test_england_build_site_scotland(eu):
    # "However, Scotland is a build site for England it is not considered a home center.
    # Scotland begins with fleet."
    assert eu.powers["ENGLAND"].extra["build_sites"] == ["SCO"]
    assert eu.home_centers("ENGLAND") == ["LCS", "LON"]
    sco = eu.provinces["SCO"]
    assert sco.supply_center and sco.home is None and eu.start_centers["SCO"] == "ENGLAND"
    assert units_of(eu, "ENGLAND") == ["A LCS", "F LON", "F SCO"]


def test_elimination_centers(eu):
    # "Spain is eliminated if Madrid and Andalusia are both captured"; "If both London and
    # Lancashire are captured, then England is eliminated": exactly their home centers.
    assert eu.home_centers("SPAIN") == sorted([eu.lookup["madrid"], eu.lookup["andalusia"]])
    assert eu.home_centers("ENGLAND") == sorted([eu.lookup["london"], eu.lookup["lancashire"]])


def test_every_power_starts_with_one_unit_a_home_center(eu):
    # The start lists pair each home center with one unit; only Spain and England have more
    # units (their build sites).
    for power in MAJORS:
        extra = len(eu.powers[power].extra.get("build_sites", []))
        assert len(units_of(eu, power)) == len(eu.home_centers(power)) + extra, power


def test_ottoman_fleet_only_edirne_to_greece(eu):
    # "The Ottomans may build a fleet in Edirne (EDI). This fleet can only move to Greece to
    # have access to the Mediterranean regions." Edirne is coastal; a fleet there has one move.
    assert eu.provinces["EDI"].type == COAST
    assert eu.fleet_adjacency["EDI"] == frozenset({"GRE"})
    assert "EDI" in eu.fleet_adjacency["GRE"]
    # No sea zone touches Edirne: the only way in or out by sea is through Greece.
    assert not any("EDI" in eu.fleet_adjacency[s] for s, p in eu.provinces.items() if p.type == SEA)
    assert {eu.provinces[x].type for x in eu.fleet_adjacency["GRE"]} >= {SEA}


# --- minor states -------------------------------------------------------------------------------

# Rulebook, "List of minor states that can be influenced: Minor State, Abbreviation, Unit Label
# (if applicable)", as printed (names and order).
MINOR_LIST = [
    ("Bremen", "BRE", None), ("Erfurt", "ERF", None), ("Hamburg", "HAM", None),
    ("Oldenburg", "OLD", None), ("Paderborn", "PAD", None), ("Pomerania", "POM", None),
    ("Saarbrueken", "SAA", None), ("Strasbourg", "STR", None), ("Swiss Confederation", "SWI", None),
    ("Trier", "TRI", None), ("Wallachia", "WAL", None), ("Moldavia", "MOL", None),
    ("Ansbach", "ANS", "An"), ("Bohemian Confederacy", "BOHC", "Bo"), ("Brandenburg-Prussia", "BRAP", "Br"),
    ("Catalonia", "CAT", "Ca"), ("Cologne", "COL", "Co"), ("Croatia", "CRO", "Cr"), ("Genoa", "GEN", "Ge"),
    ("Hesse", "HES", "He"), ("La Rochelle", "ROC", "Hu"), ("Irish Earldoms", "IRE", "Ir"),
    ("Lorraine-Alsace", "LOR", "Lo"), ("Lower Saxony", "LOWR", "Lw"), ("Mantua", "MAN", "Ma"),
    ("Mecklenburg", "MEC", "Me"), ("Magdeburg", "MAG", None), ("Modena", "MOD", "Mo"),
    ("Sharifate", "SHA", "Mr"), ("Parma", "PARM", "Pm"), ("Portugal", "POR", "Pt"),
    ("Stralsund", "SRL", "St"), ("Baden-Wuerttemberg", "WUR", "Sw"), ("Tunisia", "TUN", "Tn"),
    ("Transylvania", "TRA", "Tr"), ("Tuscany", "TUS", "Tu"), ("Westphalia-Muenster", "WES", "We"),
    ("Wuerzburg", "WUE", "Wz"),
]
WITH_UNIT = [code for _, code, label in MINOR_LIST if label]


def test_thirty_eight_minor_states_with_codes_and_labels(tables):
    minors = tables["minor_states"]
    listed = [(m["name"], code, m.get("unit_label")) for code, m in minors.items() if isinstance(m, dict)]
    assert listed == MINOR_LIST
    assert len(listed) == 38 and minors["reconstructed"] is False


@pytest.mark.parametrize("name, code, label", MINOR_LIST)
def test_minor_state_center_unit_and_provinces(eu, tables, name, code, label):
    # "Some minor states will not have a supply center and unit. Those minor states with supply
    # center will also begin with a unit." A unit label is printed only for those with a unit.
    entry = tables["minor_states"][code]
    provinces = {c for c, p in eu.provinces.items() if p.extra.get("minor") == code}
    assert provinces == set(entry["provinces"])
    assert all(eu.provinces[c].extra.get("domain") is None for c in provinces)  # no power's home
    centers = [c for c in provinces if eu.provinces[c].supply_center]
    if label is None:
        assert centers == [] and "home_center" not in entry and code not in eu.powers
        return
    assert centers == [entry["home_center"]]
    power = eu.powers[code]
    # Minor states are not players' powers: a non-playable power owning the center and unit.
    assert not power.playable and power.extra["minor"] is True
    assert power.extra["unit_label"] == label and power.name == name
    # "All units of the minor states (a.k.a., minor units) are represented by sliver-colored
    # pieces with the abbreviated name of the minor state inscribed."
    assert power.colour == "#c0c0c0"
    assert eu.home_centers(code) == centers and eu.start_centers[centers[0]] == code
    units = [u for u in eu.start_units if u.power == code]
    assert [u.province for u in units] == centers and units[0].strength == 1
    # Reconstruction (NOTES.md): the unit it would build, "Coastal minor states will by
    # default build fleets".
    assert units[0].kind == (FLEET if eu.provinces[centers[0]].type == COAST else ARMY)


def test_only_minor_states_and_majors_are_powers(eu):
    assert [c for c in eu.powers if c not in MAJORS] == WITH_UNIT
    assert len(WITH_UNIT) == 25 and "MAG" not in eu.powers


def test_large_minor_states(tables, eu):
    # "Bohemian Confederacy (BOHC) = Bohemia (BOH), Lusatia (LUS), Silesia (SIL), and Moravia
    # (MOR); Brandenburg-Prussia (BRAP) = Brandenburg (BRA), and Prussia (PRU); Lower Saxony
    # (LOWR) = Kalenberg (KAL), and Brunswick (BRU)".
    minors = tables["minor_states"]
    large = {code: m["provinces"] for code, m in minors.items() if isinstance(m, dict) and m.get("large")}
    assert large == {"BOHC": ["BOH", "LUS", "SIL", "MOR"], "BRAP": ["BRA", "PRU"], "LOWR": ["KAL", "BRU"]}
    names = {"BOH": "Bohemia", "LUS": "Lusatia", "SIL": "Silesia", "MOR": "Moravia",
             "BRA": "Brandenburg", "PRU": "Prussia", "KAL": "Kalenberg", "BRU": "Brunswick"}
    for code, name in names.items():
        assert eu.provinces[code].name == name
    # "Kalenberg, which is part of Lower Saxony (home center at Brunswick)"; "Bohemian center
    # is double-bordered"; Brandenburg's center at Brandenburg is ours (NOTES.md).
    assert minors["LOWR"]["home_center"] == "BRU"
    assert minors["BOHC"]["home_center"] == "BOH"
    assert minors["BRAP"]["home_center"] == "BRA"


def test_only_protestants_influence_bohemia(tables):
    # "Note: Only Protestant powers can deploy INFs to the Bohemian Confederacy."
    minors = tables["minor_states"]
    assert minors["BOHC"]["inf_religions"] == ["protestant"]
    assert [c for c, m in minors.items() if isinstance(m, dict) and "inf_religions" in m] == ["BOHC"]


def test_minor_unit_labels_unique(eu):
    labels = [eu.powers[c].extra["unit_label"] for c in WITH_UNIT]
    assert len(set(labels)) == len(labels)


# --- the Holy Roman Empire ------------------------------------------------------------------------


def test_hre_border_examples(eu):
    # "Holy Roman Empire (HRE) = On the board, the HRE is outlined". The examples: "French
    # units entering the HRE at Saarbueken (SAA)"; "Dutch at war with Spain enter Brabant";
    # "Danish units enter the HRE, and the Saxon-aligned Mecklenburg may attack Danish units"
    # and a declaration of war is needed "to attack Holstein" (Holstein is outside).
    hre = {c for c, p in eu.provinces.items() if p.extra.get("hre")}
    assert {"SAA", "BRB", "MEC"} <= hre
    assert not {"HLD", "FRI", "COP", "HOL"} & hre
    # "the other German/Italian regional powers of the Empire: Saxony, Union/Palatinate,
    # League/Bavaria, and Savoy" and Austria hold home centers inside it; "a foreign power
    # (France, Papacy, Sweden, England, Dutch, Denmark, Poland, Venice, or Ottoman)" none.
    for power in ("AUSTRIA", "SAXONY", "UNION", "LEAGUE", "SAVOY"):
        assert set(eu.home_centers(power)) & hre, power
    for power in ("FRANCE", "PAPACY", "SWEDEN", "ENGLAND", "DUTCH", "DENMARK", "POLAND", "VENICE", "OTTOMAN"):
        assert not set(eu.home_centers(power)) & hre, power
    # The League's income example names Wuerzburg and Cologne as "aligned states ... within
    # the HRE".
    assert {"WUE", "COL"} <= hre
    # No sea is in the Empire ("Water regions cannot be aligned").
    assert all(eu.provinces[c].type != SEA for c in hre)


def test_minor_state_hre_flag_matches_its_home_province(eu, tables):
    # Reconstruction: a minor state is in the HRE when its home (first) province is.
    for code, m in tables["minor_states"].items():
        if isinstance(m, dict):
            home = m.get("home_center", m["provinces"][0])
            assert m["hre"] == bool(eu.provinces[home].extra.get("hre")), code


# --- coasts and special connections ----------------------------------------------------------------


def test_holstein_two_coasts(eu):
    # "Holstein (HOL) has two coasts. Moving a fleet from Copenhagen (COP) to HOL requires that
    # the coast be specified. HOL (EC) - HOL (WC) or visa versa is not a legal move for a fleet."
    assert eu.provinces["HOL"].coasts == ("EC", "WC")
    assert eu.fleet_dest_coasts("COP", "HOL") == ["HOL/EC", "HOL/WC"]
    assert not eu.can_move(FLEET, "HOL/EC", "HOL/WC")
    assert not eu.can_move(FLEET, "HOL/WC", "HOL/EC")


def test_andalusia_two_coasts(eu):
    # "Andalusia (ANDL) has two coasts."
    assert eu.provinces["ANDL"].name == "Andalusia"
    assert len(eu.provinces["ANDL"].coasts) == 2
    assert eu.fleet_adjacency["ANDL/WC"] and eu.fleet_adjacency["ANDL/EC"]
    assert not eu.can_move(FLEET, "ANDL/WC", "ANDL/EC")


def test_irish_earldoms_two_coasts_and_forbidden_moves(eu):
    # "Irish Earldoms (IRE) has two coast which needs to be specified when moving a fleet to
    # that space from Munster or Ulster."
    assert eu.provinces["IRE"].coasts == ("WC", "EC")
    for origin in ("MUN", "ULS"):
        assert eu.fleet_dest_coasts(origin, "IRE") == ["IRE/EC", "IRE/WC"], origin
    # "A fleet cannot move from IRE (WC) - IRE (EC) or visa versa"
    assert not eu.can_move(FLEET, "IRE/WC", "IRE/EC") and not eu.can_move(FLEET, "IRE/EC", "IRE/WC")
    # "nor can a fleet from the Celtic Sea move to IRE (WC), and visa versa"
    cel = eu.lookup["celtic sea"]
    assert not eu.can_move(FLEET, cel, "IRE/WC") and not eu.can_move(FLEET, "IRE/WC", cel)
    # "and same is true for a move from North Atlantic (ATL) to IRE (EC)"
    assert eu.lookup["north atlantic"] == "ATL"
    assert not eu.can_move(FLEET, "ATL", "IRE/EC") and not eu.can_move(FLEET, "IRE/EC", "ATL")
    # The other coast of each stays reachable (the rule forbids one coast, not the province).
    assert eu.can_move(FLEET, "ATL", "IRE/WC") and eu.can_move(FLEET, cel, "IRE/EC")


def test_mid_atlantic_reaches_med_andalusia_sharifate(eu):
    # "A fleet in MID has access to MED, ANDL, and SHA; and visa versa."
    for dest in ("MED", "ANDL", "SHA"):
        assert eu.can_reach_province(FLEET, "MID", dest), dest
        back = eu.fleet_locations(dest)
        assert any(eu.can_move(FLEET, loc, "MID") for loc in back), dest
    # No coast to name from MID: it touches one Andalusian coast (NOTES.md).
    assert eu.fleet_dest_coasts("MID", "ANDL") == ["ANDL/WC"]


def test_portugal_andalusia(eu):
    # "A fleet in POR may move to ANDL, and visa versa."
    assert eu.can_reach_province(FLEET, "POR", "ANDL")
    assert eu.can_move(FLEET, "ANDL/WC", "POR")


def test_copenhagen_connections(eu):
    # "COP connects directly with Scania (SCA), Bornholm (BOR), Skagerrak (SKA), North Sea
    # (NTH), Helgoland Bight (HEL), and Holstein (HOL)."
    connected = eu.adjacent_provinces(ARMY, "COP") | eu.adjacent_provinces(FLEET, "COP")
    assert connected == {"SCA", "BOR", "SKA", "NTH", "HEL", "HOL"}
    assert eu.adjacent_provinces(FLEET, "COP") == {"SCA", "BOR", "SKA", "NTH", "HEL", "HOL"}
    assert eu.adjacent_provinces(ARMY, "COP") == {"SCA", "HOL"}
    names = {"SCA": "Scania", "BOR": "Bornholm", "SKA": "Skagerrak", "NTH": "North Sea",
             "HEL": "Helgoland Bight", "HOL": "Holstein"}
    assert {c: eu.provinces[c].name for c in names} == names


def test_bornholm_skagerrak_not_adjacent(eu):
    # "Moving a fleet from BOR to SKA will require going through SCA or COP."
    assert not eu.can_move(FLEET, "BOR", "SKA") and not eu.can_move(FLEET, "SKA", "BOR")
    for via in ("SCA", "COP"):
        assert eu.can_move(FLEET, "BOR", via) and eu.can_move(FLEET, via, "SKA")
    # ... and only through them: every one-stop route from BOR to SKA passes SCA or COP.
    middles = {x for x in eu.fleet_adjacency["BOR"] if "SKA" in eu.fleet_adjacency[x]}
    assert middles == {"SCA", "COP"}
