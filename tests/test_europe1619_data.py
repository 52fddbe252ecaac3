"""The Europe 1619 variant data (variants/europe1619) against its rulebook.

Rulebook: Europe 1619, Matthew Medeiros (edited 2-26-2018); the project's copy is
002_e7e1b063b6c411e5.txt. Each test quotes the rulebook words it checks.
The map and several tables were lost in conversion; where a test checks a reconstruction
rather than a stated fact, it says so (judgements: variants/europe1619/NOTES.md).
"""

from __future__ import annotations

import shutil
import tomllib

import pytest

from gm_tools.errors import VariantDataError
from gm_tools.engine.model import ARMY, FLEET
from gm_tools.engine.phase import next_phase, parse_phase, phase_title
from gm_tools.engine.variant import COAST, LAND, SEA
from gm_tools.edges.variants import load_variant, variants_dir

from europe1619_fixtures import INITIAL_PLACEMENT
from mapgraph import reachable

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
# (if applicable)", as printed (names and order), but for its slip 'Saarbrueken' for Saarbrücken
# (kept as an alias: test_unit_spellings_resolve).
MINOR_LIST = [
    ("Bremen", "BRE", None), ("Erfurt", "ERF", None), ("Hamburg", "HAM", None),
    ("Oldenburg", "OLD", None), ("Paderborn", "PAD", None), ("Pomerania", "POM", None),
    ("Saarbruecken", "SAA", None), ("Strasbourg", "STR", None), ("Swiss Confederation", "SWI", None),
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
    # "INFs may be placed in a minor state that possesses both a supply center and unit, and
    # INFs may be placed in a minor state that possess neither": each has both or neither.
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


# --- tables -------------------------------------------------------------------------------------


def test_lost_tables_are_marked_reconstructed(tables):
    # Seeds README: "Where a table is missing, the project ships it as editable variant data,
    # marked as reconstructed." The three image tables of the rulebook were lost.
    for name in ("influence_allocation", "military_cost", "center_values"):
        assert tables[name]["reconstructed"] is True, name
        assert tables[name]["source"].strip(), name
    for name in ("minor_states", "initial_inf", "initial_declarations", "setups", "conversions"):
        assert tables[name]["reconstructed"] is False, name


def test_military_cost_stated_steps(tables):
    # "At a military strength of 4 (4 units each with a strength of 1), it will cost 9 TPs to
    # add one more unit. ... From 5 to 6 units, it would cost an additional 15 TPs".
    cost = tables["military_cost"]["cost_to_add"]
    assert cost[4] == 9 and cost[5] == 15
    # The example's two units from strength 4: 9 + 15 TPs.
    assert sum(cost[4:6]) == 24
    # "No power can have more than 15 units on the board (or a combined military strength
    # greater than 15)": a price for every strength from 0 to 14 in the list; past it only a
    # buyer for minor states goes, priced by step_beyond (test_europe1619_tables.py).
    assert len(cost) == 15
    # Reconstruction: a bigger army never costs less to grow.
    assert all(a < b for a, b in zip(cost, cost[1:]))


def test_strength_limits(eu):
    # "an army unit's strength cannot exceed 10"; "No power can have more than 15 units on the
    # board (or a combined military strength greater than 15)".
    assert eu.options["max_unit_strength"] == 10
    assert eu.options["max_units"] == 15 and eu.options["max_strength"] == 15


def test_center_values_stated(eu, tables):
    # "If the Catholic League maintains the alignment of Wuerzburg and Cologne, it receives 1
    # and 3 TPs, respectively from those aligned states for a total of 7 TPs": Wuerzburg 1,
    # Cologne 3, and the League's own income (Bavaria) 3.
    value = {c: p.value for c, p in eu.provinces.items() if p.supply_center}
    assert value["WUE"] == 1 and value["COL"] == 3
    assert value["WUE"] + value["COL"] + sum(value[c] for c in eu.home_centers("LEAGUE")) == 7
    # 10 PLAYERS: "Keep Bavarian home center value at 3."
    assert value["BAV"] == 3
    assert tables["center_values"]["stated"] == {"COL": 3, "WUE": 1, "BAV": 3}
    for code, stated in tables["center_values"]["stated"].items():
        assert value[code] == stated
    # 14-11 PLAYERS "Reduce its Rome center value to 3", Saxony's, "Savoyard home center",
    # "Venetian home center": more than 3 in the full game.
    for code in ("ROM", "SAX", "TUR", "VEN"):
        assert value[code] > 3, code
    assert sorted(tables["center_values"]["above_three"]) == ["ROM", "SAX", "TUR", "VEN"]


def test_every_center_has_a_value(eu):
    # "Each supply center is marked with a solid circle inscribed with a number": every center
    # is worth at least 1 (written out in provinces.toml, not left to the default).
    import tomllib

    with (FOLDER / "provinces.toml").open("rb") as f:
        raw = tomllib.load(f)
    for code in eu.supply_centers():
        assert raw[code]["value"] >= 1, code
    for code, p in eu.provinces.items():
        if not p.supply_center:
            assert "value" not in raw[code], code


def test_influence_allocation_covers_every_power(tables):
    # "At the start of each year Influence Points (INFs) are allotted to the powers as shown in
    # the Influence Allocation Table"; "the sequence of attacks is resolved based on the ATTACK
    # ORDER (see Influence Allocation Table)". Values are ours (NOTES.md): every power gets
    # some, and the attack order ranks each power once.
    table = tables["influence_allocation"]
    assert sorted(table["inf_per_year"]) == sorted(MAJORS)
    assert all(isinstance(n, int) and n >= 1 for n in table["inf_per_year"].values())
    assert sorted(table["attack_order"]) == sorted(MAJORS) and len(table["attack_order"]) == 15
    # Our attack order is the rulebook's numbering of the powers (its opening list).
    assert table["attack_order"] == MAJORS


# --- initial setup --------------------------------------------------------------------------------


def test_initial_inf_placement(tables):
    # INITIAL SETUP: "Initial INF placement goes as follows: Spain = 5: POR, 3: CAT, 1: TUS ...".
    placement = {k: v for k, v in tables["initial_inf"].items() if k not in ("reconstructed", "source")}
    # The rulebook's list is transcribed once, in the fixtures the diplomacy tests use too.
    assert placement == INITIAL_PLACEMENT


def test_initial_inf_only_in_minor_states_a_power_may_influence(tables, eu):
    # INFs go to "the independent minor states (see List of minor states, below)", and "Only
    # Protestant powers can deploy INFs to the Bohemian Confederacy".
    minors = tables["minor_states"]
    for power, placed in tables["initial_inf"].items():
        if power in ("reconstructed", "source"):
            continue
        for minor in placed:
            assert minor in minors, (power, minor)
            allowed = minors[minor].get("inf_religions")
            assert allowed is None or eu.powers[power].religion in allowed, (power, minor)


def test_initial_declarations(tables):
    # "Notes on initial declarations: -The Protestant Union cannot form an alliance with the
    # Catholic League. -Austria and Spain begin the game in an alliance. -Austria and the
    # Catholic League begin the game in an alliance. -England and the Protestant Union begin in
    # an alliance. -Ottomans and the Protestant Union begin in an alliance. -Spain and the Dutch
    # Republic are at war."
    decl = tables["initial_declarations"]
    pairs = lambda key: {frozenset(p) for p in decl[key]}  # noqa: E731
    assert pairs("alliances") == {
        frozenset({"AUSTRIA", "SPAIN"}), frozenset({"AUSTRIA", "LEAGUE"}),
        frozenset({"ENGLAND", "UNION"}), frozenset({"OTTOMAN", "UNION"}),
    }
    assert pairs("wars") == {frozenset({"SPAIN", "DUTCH"})}
    assert pairs("never_allied") == {frozenset({"UNION", "LEAGUE"})}
    assert not pairs("alliances") & pairs("never_allied")


# --- 10 to 15 player setups -------------------------------------------------------------------------


def _setup(tables, players):
    return tables["setups"][str(players)]


def test_setups_for_ten_to_fifteen_players(tables):
    # "Europe 1619 is played with 15 players, but can be modified for less": one setup for each
    # of 15 .. 10 players, each removing one more playable power.
    for players in range(10, 16):
        setup = _setup(tables, players)
        assert setup["players"] == players
        assert len(MAJORS) - len(setup["removed"]) == players
    assert _setup(tables, 15)["convert"] == [] and _setup(tables, 15)["initial_inf"] == {}


def test_smaller_setups_repeat_the_larger(tables):
    # "Modify the Papacy as described above, and then ..."; "Modify the Papacy and Saxony as
    # described above"; "Modify the Papacy, Saxony, and Savoy ..."; "Modify the Papacy, Saxony,
    # Savoy, and Venice ...".
    for players in range(10, 15):
        small, large = _setup(tables, players), _setup(tables, players + 1)
        assert small["convert"][: len(large["convert"])] == large["convert"]
        assert small["center_values"].items() >= large["center_values"].items()


@pytest.mark.parametrize("players, converted, center, value", [
    (14, "PAPACY", "ROM", 3),  # "Convert the Papacy ... Reduce its Rome center value to 3."
    (13, "SAXONY", "SAX", 3),  # "convert Saxony ... Reduce its center value to 3."
    (12, "SAVOY", "TUR", 3),   # "Convert Savoy ... Reduce Savoyard home center value to 3."
    (11, "VENICE", "VEN", 3),  # "Convert Venice ... Reduce Venetian home center value to 3."
    (10, "LEAGUE", "BAV", 3),  # "Convert Bavaria ... Keep Bavarian home center value at 3."
])
def test_each_setup_converts_one_power(eu, tables, players, converted, center, value):
    setup = _setup(tables, players)
    assert setup["convert"][-1] == converted and converted in setup["removed"]
    assert setup["center_values"][center] == value
    assert eu.home_centers(converted) == [center]
    conv = tables["conversions"][converted]
    # The converted state is the power's own home provinces, its home center the power's.
    assert sorted(conv["provinces"]) == sorted(
        c for c, p in eu.provinces.items() if p.extra.get("domain") == converted
    )
    assert conv["home_center"] == center
    # Its code does not clash with a minor state's or a power's.
    assert conv["minor"] not in tables["minor_states"] and conv["minor"] not in eu.powers


def test_inf_limits_of_converted_powers(tables):
    # 14: "No Protestant power can deposit INFs to the Papacy, and Ottomans cannot deposit INFs
    # to the Papacy." 12: "Only Catholic powers will be allowed to deposit INFs to Savoy."
    # 11: "... to Venice." 10: "... to Bavaria." Saxony (13) has no limit.
    conv = tables["conversions"]
    for power in ("PAPACY", "SAVOY", "VENICE", "LEAGUE"):
        assert conv[power]["inf_religions"] == ["catholic"], power
    assert "inf_religions" not in conv["SAXONY"]


def test_setup_initial_infs(tables):
    # 13: "Both the Union and the League will each have 1 INFs invested in Saxony to start."
    assert _setup(tables, 13)["initial_inf"] == {"SAX": {"UNION": 1, "LEAGUE": 1}}
    # 12: "France begins with 1 INF in Savoy."
    assert _setup(tables, 12)["initial_inf"]["SAVY"] == {"FRANCE": 1}
    assert _setup(tables, 11)["initial_inf"] == _setup(tables, 12)["initial_inf"]
    # 10: "Austria begins with 3 INFs in Bavaria and 1 INF in Saxony. The Protestant Union
    # begins with 3 INFs in Bohemia, and 1 INF in Saxony." The League is gone, and with it its
    # INF in Saxony (NOTES.md).
    ten = _setup(tables, 10)["initial_inf"]
    assert ten["BAV"] == {"AUSTRIA": 3}
    assert ten["SAX"] == {"AUSTRIA": 1, "UNION": 1}
    assert ten["BOHC"] == {"UNION": 3}
    assert ten["SAVY"] == {"FRANCE": 1}
    # Every setup's INFs go to states a player of that setup may influence.
    for players in range(10, 16):
        setup = _setup(tables, players)
        for minor, placed in setup["initial_inf"].items():
            assert not set(placed) & set(setup["removed"]), (players, minor)


def test_ten_players_league_removed_and_union_austria_never_allied(tables):
    # 10: "The Catholic League is removed as a playable power." ... "The Protestant Union and
    # Austria cannot form an alliance during the game."
    ten = _setup(tables, 10)
    assert "LEAGUE" in ten["removed"]
    assert [frozenset(p) for p in ten["never_allied"]] == [frozenset({"UNION", "AUSTRIA"})]
    assert all(_setup(tables, n)["never_allied"] == [] for n in range(11, 16))


# --- the rebuilt map: internal consistency ------------------------------------------------------------


def test_land_masses(eu):
    # Reconstruction: the continent (Scandinavia joined to it by Copenhagen-Scania, "COP
    # connects directly with Scania"), Great Britain, Ireland, and the two North African minor
    # states, whose land neighbour (Algiers) is no province (NOTES.md).
    land = {c for c, p in eu.provinces.items() if p.type != SEA}
    masses = []
    while land:
        mass = reachable(min(land), lambda c: eu.army_adjacency[c])
        masses.append(mass)
        land -= mass
    islands = sorted(sorted(m) for m in masses if "PAR" not in m)
    assert islands == [["IRE", "MUN", "ULS"], ["LCS", "LON", "SCO", "WSX", "YOR"], ["SHA"], ["TUN"]]
    continent = next(m for m in masses if "PAR" in m)
    assert {"NWY", "STO", "DAL", "KLM", "EDI", "POR", "RIG"} <= continent


def test_every_sea_and_coast_reachable_by_fleet(eu):
    reached = reachable("NTH", lambda loc: eu.fleet_adjacency[loc])
    assert reached == set(eu.fleet_adjacency)


def test_coastal_means_touching_a_sea(eu):
    # Reconstruction: a province is coastal where its 1619 land touched a sea zone; Edirne is
    # the one exception (its fleet goes only to Greece: "Ottoman fleet").
    for code, prov in eu.provinces.items():
        if prov.type != COAST:
            continue
        seas = {
            dest for loc in eu.fleet_locations(code)
            for dest in eu.adjacent_provinces(FLEET, loc) if eu.provinces[dest].type == SEA
        }
        assert bool(seas) == (code != "EDI"), code
    for code in ("MAD", "ARA", "BRB", "COL", "MIL", "WAR", "BOS"):
        assert eu.provinces[code].type == LAND, code


def test_unit_spellings_resolve(eu):
    # Players write the rulebook's names: "5: BRE" (codes), "A-Flanders", "F-Andalusia".
    assert eu.lookup["flanders"] == "FLA"
    assert eu.lookup["andalusia"] == "ANDL"
    assert eu.lookup["ire (wc)"] == "IRE/WC" and eu.lookup["hol/ec"] == "HOL/EC"
    assert eu.lookup["saarbrueken"] == "SAA"  # the rulebook's own spelling


# --- geo.toml ------------------------------------------------------------------------------------------


def _geo():
    with (FOLDER / "geo.toml").open("rb") as f:
        return tomllib.load(f)


def _km(a, b):
    import math

    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def _anchor(geo, location):
    province, _, coast = location.partition("/")
    return geo[province]["coasts"][coast] if coast else geo[province]["unit"]


def test_geo_anchor_for_every_province_and_coast(eu):
    geo = _geo()
    provinces = {k for k in geo if k not in ("map", "bridges", "channels", "impassable", "decor")}
    assert provinces == set(eu.provinces)
    for code, prov in eu.provinces.items():
        assert set(geo[code].get("coasts", {})) == set(prov.coasts), code
        for location in [code] + eu.fleet_locations(code):
            lat, lon = _anchor(geo, location)
            # The map's frame: Morocco to Norway, the Atlantic to Podolia.
            assert 30 <= lat <= 66 and -16 <= lon <= 30, location


def test_geo_neighbours_are_near(eu):
    # A check of the rebuilt borders against real geography: no two provinces an army moves
    # between are more than 600 km apart, and a fleet's coast-to-coast moves no more than 500.
    geo = _geo()
    for origin, dests in eu.army_adjacency.items():
        for dest in dests:
            assert _km(geo[origin]["unit"], geo[dest]["unit"]) < 600, (origin, dest)
    for origin, dests in eu.fleet_adjacency.items():
        for dest in dests:
            if SEA not in (eu.provinces[origin.split("/")[0]].type, eu.provinces[dest.split("/")[0]].type):
                assert _km(_anchor(geo, origin), _anchor(geo, dest)) < 500, (origin, dest)
    # Each split coast's anchor lies on its side: Holstein's EC east of its WC, IRE's EC east of
    # its WC, Andalusia's EC (Mediterranean) east of its WC (Atlantic).
    for code in ("HOL", "IRE", "ANDL"):
        assert geo[code]["coasts"]["EC"][1] > geo[code]["coasts"]["WC"][1], code


def test_victory_terms_shown_and_absent_elsewhere(eu):
    # The loader's optional [victory] points and end_year: shown by `gm-tools variant --json`,
    # and None for a variant won by centers alone.
    from gm_tools.edges.variants import variant_json

    assert variant_json(eu)["victory"] == {"centers": 53, "points": 25, "end_year": 1648}
    std = load_variant("standard")
    assert std.victory_points is None and std.end_year is None
    assert variant_json(std)["victory"] == {"centers": 18}
