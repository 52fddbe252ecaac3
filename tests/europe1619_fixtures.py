"""A Europe 1619 diplomacy setup written by hand from the rulebook, for the europe tests.

Rulebook: 002_e7e1b063b6c411e5.txt. Powers, confessions, the minor
states, the INITIAL SETUP placement and the initial declarations are the rulebook's. The
Influence Allocation Table and the ATTACK ORDER were lost with the rulebook's images; the
values below are test values, fixed here so the hand-computed expectations of the tests do
not move when the variant's reconstructed table is tuned.
"""

from __future__ import annotations

from gm_tools.systems.europe1619.diplomatic_phase import DiplomaticState, initial_state
from gm_tools.mechanics.influence import CATHOLIC, OTTOMAN, PROTESTANT, MinorState
from gm_tools.systems.europe1619.setup import DiplomacySetup

POWERS = (
    "AUSTRIA", "DENMARK", "SPAIN", "FRANCE", "DUTCH", "ENGLAND", "SWEDEN", "LEAGUE",
    "UNION", "PAPACY", "POLAND", "SAXONY", "OTTOMAN", "VENICE", "SAVOY",
)
NAMES = {
    "AUSTRIA": "Austria", "DENMARK": "Denmark", "SPAIN": "Spain", "FRANCE": "France",
    "DUTCH": "Dutch Republic", "ENGLAND": "England", "SWEDEN": "Sweden",
    "LEAGUE": "Catholic League and Bavaria", "UNION": "Protestant Union and the Palatinate",
    "PAPACY": "Papacy", "POLAND": "Poland-Lithuania", "SAXONY": "Electorate of Saxony",
    "OTTOMAN": "Ottoman Empire", "VENICE": "Republic of Venice", "SAVOY": "Duchy of Savoy",
}
# 'Catholic Powers' / 'Protestant Powers' / 'Ottoman Empire' (Venice's line was lost; the
# Republic of Venice was Catholic).
CONFESSIONS = {
    **{p: CATHOLIC for p in ("AUSTRIA", "SPAIN", "FRANCE", "LEAGUE", "PAPACY", "POLAND", "SAVOY", "VENICE")},
    **{p: PROTESTANT for p in ("DENMARK", "DUTCH", "ENGLAND", "SWEDEN", "UNION", "SAXONY")},
    "OTTOMAN": OTTOMAN,
}
# (code, name, home center or None, in the HRE) - 'List of minor states that can be influenced'.
_MINORS = [
    ("BRE", "Bremen", None, True), ("ERF", "Erfurt", None, True), ("HAM", "Hamburg", None, True),
    ("OLD", "Oldenburg", None, True), ("PAD", "Paderborn", None, True), ("POM", "Pomerania", None, True),
    ("SAA", "Saarbruecken", None, True), ("STR", "Strasbourg", None, True),
    ("SWI", "Swiss Confederation", None, False), ("TRI", "Trier", None, True),
    ("WAL", "Wallachia", None, False), ("MOL", "Moldavia", None, False),
    ("ANS", "Ansbach", "ANS", True), ("BOHC", "Bohemian Confederacy", "BOH", True),
    ("BRAP", "Brandenburg-Prussia", "BRA", True), ("CAT", "Catalonia", "CAT", False),
    ("COL", "Cologne", "COL", True), ("CRO", "Croatia", "CRO", False), ("GEN", "Genoa", "GEN", False),
    ("HES", "Hesse", "HES", True), ("ROC", "La Rochelle", "ROC", False),
    ("IRE", "Irish Earldoms", "IRE", False), ("LOR", "Lorraine-Alsace", "LOR", True),
    ("LOWR", "Lower Saxony", "BRU", True), ("MAN", "Mantua", "MAN", False),
    ("MEC", "Mecklenburg", "MEC", True), ("MAG", "Magdeburg", None, True), ("MOD", "Modena", "MOD", False),
    ("SHA", "Sharifate", "SHA", False), ("PARM", "Parma", "PARM", False), ("POR", "Portugal", "POR", False),
    ("SRL", "Stralsund", "SRL", True), ("WUR", "Baden-Wuerttemberg", "WUR", True),
    ("TUN", "Tunisia", "TUN", False), ("TRA", "Transylvania", "TRA", False), ("TUS", "Tuscany", "TUS", False),
    ("WES", "Westphalia-Muenster", "WES", True), ("WUE", "Wuerzburg", "WUE", True),
]
# 'Large minor states': BOHC = BOH, LUS, SIL, MOR; BRAP = BRA, PRU; LOWR = KAL, BRU.
_LARGE = {"BOHC": ("BOH", "LUS", "SIL", "MOR"), "BRAP": ("BRA", "PRU"), "LOWR": ("KAL", "BRU")}

MINORS = {
    code: MinorState(
        code, name, _LARGE.get(code, (code,)), home, hre,
        # 'Only Protestant powers can deploy INFs to the Bohemian Confederacy.'
        (PROTESTANT,) if code == "BOHC" else (),
    )
    for code, name, home, hre in _MINORS
}

# Test values (see the module note): every power 10 INFs a year, France and Spain 12.
ALLOCATION = {1619: {p: (12 if p in ("FRANCE", "SPAIN") else 10) for p in POWERS}}
# Test ATTACK ORDER: the rulebook's numbering of the powers, reversed (so it differs from
# alphabetical order and from the setup's order, and a test can tell them apart).
ATTACK_ORDER = tuple(reversed(POWERS))

# 'INITIAL SETUP': 'Initial INF placement goes as follows'.
INITIAL_PLACEMENT = {
    "SPAIN": {"POR": 5, "CAT": 3, "TUS": 1},
    "PAPACY": {"PAD": 1, "WES": 1},
    "FRANCE": {"LOR": 1},
    "LEAGUE": {"TRI": 5, "COL": 5, "WUE": 5},
    "AUSTRIA": {"CRO": 3},
    "UNION": {"ANS": 5, "STR": 5, "BRAP": 3, "HES": 5, "WUR": 5},
    "DENMARK": {"LOWR": 1, "BRE": 1, "OLD": 1, "MEC": 1, "MAG": 1, "HAM": 1},
    "OTTOMAN": {"TRA": 3, "TUN": 1, "MOL": 1, "WAL": 1},
}


def initial_influence() -> dict[str, dict[str, int]]:
    by_minor: dict[str, dict[str, int]] = {}
    for power, row in INITIAL_PLACEMENT.items():
        for minor, n in row.items():
            by_minor.setdefault(minor, {})[power] = n
    return by_minor


# 'Notes on initial declarations'.
INITIAL_RELATIONS = (
    ("AUSTRIA", "SPAIN", "alliance"),
    ("AUSTRIA", "LEAGUE", "alliance"),
    ("ENGLAND", "UNION", "alliance"),
    ("OTTOMAN", "UNION", "alliance"),
    ("DUTCH", "SPAIN", "war"),
)


def rulebook_setup(**changes) -> DiplomacySetup:
    fields = dict(
        powers=POWERS,
        confessions=CONFESSIONS,
        minors=MINORS,
        allocation=ALLOCATION,
        attack_order=ATTACK_ORDER,
        power_names=NAMES,
        papacy="PAPACY",
        # 'The Protestant Union cannot form an alliance with the Catholic League.'
        forbidden_alliances=frozenset({frozenset({"UNION", "LEAGUE"})}),
        reichstag_caller="AUSTRIA",
        reichstag_members=("SAXONY", "UNION", "LEAGUE", "SAVOY"),
        foreign_powers=("FRANCE", "PAPACY", "SWEDEN", "ENGLAND", "DUTCH", "DENMARK", "POLAND", "VENICE", "OTTOMAN"),
        initial_influence=initial_influence(),
        initial_relations=INITIAL_RELATIONS,
    )
    fields.update(changes)
    return DiplomacySetup(**fields)


def start_state(setup: DiplomacySetup | None = None) -> DiplomaticState:
    return initial_state(setup or rulebook_setup())
