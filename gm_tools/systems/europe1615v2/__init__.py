"""Europe 1615: Prelude to War, version 2 (Matthew Medeiros), with Classic Payola's bribes.

Rulebook: ``001_6f4a9c76b6e5774a.txt``. The data is ``variants/europe1615v2/``. One module, one job:

- :mod:`.setup` - the fixed facts, read once from the variant's data and checked;
- :mod:`.state` - what the game carries from phase to phase (typed, JSON under
  ``Position.extra["europe1615v2"]``);
- :mod:`.politics` - the Political and Religious Influence Phase: INFs, home boxes, attacks on
  the 3d6 table (:mod:`gm_tools.mechanics.attack_table`), immunity, the two statuses;
- :mod:`.taxation` - the Taxation/Revenue Phase; :mod:`.occupation` - penalties, CONTESTED,
  DOMINION, REVOLT, the minors' rebuilt units;
- :mod:`.rules` - the adjudicator's hooks (ports); :mod:`.phases` - the phases the Diplomacy
  engine does not play; :mod:`.calendar` - phase roles;
- :mod:`.sheets`, :mod:`.report`, :mod:`.mapstyle`, :mod:`.entries` - the workbook, the phase
  page, the map, a demo file's lines.
"""

from gm_tools.engine.system import OTHER, GameSystem, Option, Rows

OPTIONS = (
    Option("diplomatic_attacks", bool, "whether the game is played with diplomatic attacks and immunity ('the "
           "diplomatic attacks and immunity are optional components and its inclusion should be decided prior to "
           "the start of the game')"),
)


class Europe1615v2System(GameSystem):
    """Europe 1615 (version 2)'s parts: its rules, its sheets, where a demo file's lines go."""

    tables_shape = {
        "phase_roles": {OTHER: str},
        "center_values": {},  # only its reconstructed flag and source: the values are provinces.toml's
        "status": {"independent_max": int, "aligned_share": (str, int, float), "aligned_min_infs": int,
                   "religious_min": int, "religious_share": (str, int, float), "immunity_infs": int,
                   "tribute_share": (str, int, float)},
        "inf_allocation": {"per_center": int, "years": dict},
        "attacks": {"order": list, "first_year": int},
        "attack_table": {"auto_ratio": int, "columns": list, "rows": list, "dice": int},
        "fleet_bans": {"pairs": list},
        "funds": {OTHER: int},
        "victory": {"end_year": int, "alliances_until": int, "papal_bonus": dict},
        "setups": {OTHER: {"players": list, "neutral": str, "roll_year": int, "joins_year": int}},
        "penalties": {"neutral": int, "aligned": int, "duality": int, "controlled": int, "papal": int,
                      "papal_state": str},
        "payola": {"hre_power": str, "hre_provinces": list},
        "reference_lists": {OTHER: list},
        "minor_states": Rows({"name": str, "article": str, "provinces": list, "pliant": bool}),
        "objectives": {OTHER: {OTHER: list}, "exclusive": int},
        "stated": {"values": list, "objectives": list, "exclusive": int, "builds_1615": dict, "center_values": dict},
    }

    def demo_cells(self, variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        from gm_tools.systems.europe1615v2.entries import sheet_cells

        return sheet_cells(variant, phase, entry, where)

    def mailed_rows(self, variant, phase: str, power: str, lines: list[str]):
        from gm_tools.systems.europe1615v2.entries import mailed_rows

        return mailed_rows(variant, phase, power, lines)

    def carry_state(self, record: dict, previous: dict | None) -> dict:
        from gm_tools.systems.europe1615v2.state import occupied_from_records

        return occupied_from_records(record, previous)

    def check_tables(self, variant) -> list[str]:
        from gm_tools.systems.europe1615v2 import calendar, setup, stated

        t = variant.tables
        known = self.unknown_keys(t.get("inf_allocation"), "tables.toml [inf_allocation]", ("per_center", "years"))
        known += self.unknown_keys(t.get("attack_table"), "tables.toml [attack_table]",
                                   ("auto_ratio", "columns", "rows", "dice"))
        for code, row in sorted(t.get("minor_states", {}).items()):
            known += self.unknown_keys(row, f"tables.toml [minor_states.{code}]", ("name", "article", "provinces", "pliant"))
        return known + self.problems_of(variant, setup.setup_from_variant, calendar.phase_roles, stated.stated_numbers)


def _system() -> Europe1615v2System:
    from gm_tools.systems.europe1615v2.rules import RULES
    from gm_tools.systems.europe1615v2.sheets import HOOKS

    return Europe1615v2System("europe1615v2", rules=RULES, sheets=HOOKS, options=OPTIONS)


SYSTEM = _system()
