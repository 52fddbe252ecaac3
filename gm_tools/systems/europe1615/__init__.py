"""Europe 1615: Prelude to War, version 3 (Matthew Medeiros).

Rulebook: ``000_cc215928c2f3193e.txt``. The data is ``variants/europe1615/``; the shared
influence rules (INFs, attacks by mutual reduction, statuses by share) are
:mod:`gm_tools.mechanics.influence`. One module, one job:

- :mod:`.setup` - the fixed facts, read once from the variant's data and checked;
- :mod:`.state` - what the game carries from phase to phase (typed, JSON under
  ``Position.extra["europe1615"]``);
- :mod:`.status` - each minor state's status and the lands it holds;
- :mod:`.deployment` - INF deployment and diplomatic attacks with a movement phase's orders
  (steps 1 to 3 of 'RESOLVING ORDERS'), the yearly INFs, the counterbalance;
- :mod:`.ottoman` - the vote that picks the Ottoman units' orders;
- :mod:`.rules` - the adjudicator's hooks (step 4); :mod:`.phases` - the Status Check, the
  Early Winter disbands, the year's captures and liberations; :mod:`.calendar` - phase roles;
- :mod:`.sheets`, :mod:`.report`, :mod:`.mapstyle` - the workbook, the phase page, the map.
"""

from gm_tools.engine.system import OTHER, GameSystem, Rows


class Europe1615System(GameSystem):
    """Europe 1615's parts: its rules, its sheets, and where a demo file's lines go."""

    tables_shape = {
        "phase_roles": {OTHER: str},
        "center_values": {},  # only its reconstructed flag and source: the values are provinces.toml's
        "influence": {"aligned_share": (str, int, float), "aligned_at_share": bool, "aligned_min_infs": int,
                      "vassal_infs": int, "attack_resolution": str},
        "attack_order": {"first_year": list},
        "counterbalance": {"ratio": int, "catholic_ahead": str, "protestant_ahead": str},
        "religious_markers": {"share": (str, int, float), "permanent": dict},
        "christian_muslim": {"papal": list, "adjacent": list},
        "stated": {"first_year_infs": dict, "combined_first_year_infs": list, "center_values": dict,
                   "value_range": list},
        "minor_states": Rows({"name": str, "article": str, "aliases": list, "provinces": list, "home_center": str,
                              "inf_religions": list, "closed_until": str, "closed_status": str}),
        "scoring": {"alignment_multiplier": int, "marker_points": int, "no_marker_points": list, "rounds_to_win": int,
                    "victory_center": str, "ottoman_christian_centers": int, "ottoman_centers": int},
        "sanctions": {"first_year": int, "seasons": list, "typed_roles": list, OTHER: {
            "title": str, "aliases": list, "deploy_only": str, "minors": list, "retreat": list, "special": list,
            "first_year_only": bool, "acquired": bool, "lost_cancels": bool, "barred": dict, "no_build": list,
            "immune": list, "cancelled_by": str, "cancel_on_capture": list, "liberation_revives": bool, "opens": str,
            "rule": str}},
    }

    def demo_cells(self, variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        from gm_tools.systems.europe1615.entries import sheet_cells

        return sheet_cells(variant, phase, entry, where)

    def mailed_rows(self, variant, phase: str, power: str, lines: list[str]):
        from gm_tools.systems.europe1615.entries import mailed_rows

        return mailed_rows(variant, phase, power, lines)

    def demo_orders(self, variant, phase: str, entry: dict) -> dict[str, list[str]]:
        from gm_tools.systems.europe1615.entries import order_lines

        return order_lines(entry)

    def check_tables(self, variant) -> list[str]:
        from gm_tools.systems.europe1615 import calendar, setup, stated

        t = variant.tables
        known = self.unknown_keys(t.get("religious_markers"), "tables.toml [religious_markers]", ("share", "permanent"))
        for code, row in sorted(t.get("minor_states", {}).items()):
            known += self.unknown_keys(row, f"tables.toml [minor_states.{code}]", (
                "name", "article", "aliases", "provinces", "home_center", "inf_religions", "closed_until", "closed_status"))
        sanctions = t.get("sanctions", {})
        known += self.unknown_keys({k: v for k, v in sanctions.items() if not isinstance(v, dict)},
                                   "tables.toml [sanctions]", ("first_year", "seasons", "typed_roles"))
        for key, row in sorted(sanctions.items()):
            known += self.unknown_keys(row, f"tables.toml [sanctions.{key}]", (
                "title", "aliases", "deploy_only", "minors", "retreat", "special", "first_year_only", "acquired",
                "lost_cancels", "barred", "no_build", "immune", "cancelled_by", "cancel_on_capture", "liberation_revives",
                "opens", "rule"))
        return known + self.problems_of(variant, setup.setup_from_variant, calendar.phase_roles, stated.stated_numbers)


def _system() -> Europe1615System:
    from gm_tools.systems.europe1615.rules import RULES
    from gm_tools.systems.europe1615.sheets import HOOKS

    return Europe1615System("europe1615", rules=RULES, sheets=HOOKS)


SYSTEM = _system()
