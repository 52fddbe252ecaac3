"""Europe 1619 (Matthew Medeiros, 2018): the Diplomatic Phase as a pure rules engine.

Rulebook: ``002_e7e1b063b6c411e5.txt``. One module, one job:

- :mod:`.setup` - the fixed facts a Diplomatic Phase reads (powers, confessions, minor
  states, the Influence Allocation Table, the ATTACK ORDER), built from plain data;
- :mod:`.orders` - reading the phase's orders (``5: BRE``, ``BRAP > FRANCE``,
  ``WAR: FRANCE``) into small order objects;
- :mod:`gm_tools.mechanics.influence` (shared with Europe 1615) - INFs in the minor states: placements, diplomatic attacks by mutual
  reduction, alignment statuses, confessional markers, capture and liberation;
- :mod:`.declarations` - war, alliance, armistice and dissolving an alliance, effective the
  following year; the Papacy's protection;
- :mod:`.reichstag` - Austria's one meeting, its three agendas and the vote;
- :mod:`.diplomatic_phase` - :func:`run_diplomatic_phase`, which runs one Diplomatic Phase
  and writes the report the referee sends.

Nothing here reads a file: :mod:`.adapter` builds the setup from a loaded ``Variant``. The
state is plain JSON-able data kept in ``Position.extra`` (see ``docs/europe1619.md``).

The other phases of the year live beside these: :mod:`.territory`, :mod:`.occupation`,
:mod:`.treasury`, :mod:`.scoring` and :mod:`.adapter_rules` (read by :mod:`.rules`, the
adjudicator's hooks); they read the same ``Position.extra`` entries. The workbook's sheets
are :mod:`.sheets` (the Diplomatic Phase's checked in :mod:`.diplomatic_sheet`, the
Reichstag's in :mod:`.reichstag_sheet`) and :mod:`.report`, the map's colours :mod:`.mapstyle`, and a player's
mailed lines as sheet cells :mod:`.entries`.
"""

from gm_tools.engine.system import OTHER, GameSystem, Option, Rows

OPTIONS = (
    Option("max_units", int, "'No power can have more than 15 units on the board' (every unit has "
           "strength 1 or more, so max_strength bounds the count as well)", minimum=1),
    Option("max_strength", int, "'(or a combined military strength greater than 15)'", minimum=1),
    Option("max_unit_strength", int, "'an army unit's strength cannot exceed 10'", minimum=1),
    Option("marker_scoring", str, "who scores a confessional marker ('For each corresponding confessional "
           "marker present on the board the player earns 1 point'): every power of its confession, or only the "
           "power the minor is aligned with", choices=("confession", "aligned")),
    Option("build_site_income", bool, "whether Spain's and England's build sites, 'not considered home "
           "centers', pay income like home centers ('income (as TPs) from home centers, and from captured "
           "foreign centers')"),
    Option("armistice", str, "who announces an armistice ('Players at war may use the Diplomatic Phase to "
           "announce an armistice'): both powers at war, or either of them", choices=("both", "either")),
)


class Europe1619System(GameSystem):
    """Europe 1619's parts: its rules, its sheets, and where a demo file's lines go."""

    tables_shape = {
        "minor_states": Rows({"name": str, "article": str, "aliases": list, "unit_label": str, "provinces": list,
                              "home_center": str, "religion": str, "hre": bool, "large": bool, "inf_religions": list}),
        "influence": {"aligned_share": (str, int, float), "aligned_at_share": bool, "aligned_min_infs": int,
                      "vassal_infs": int, "attack_resolution": str},
        "phase_roles": {OTHER: str},
        "reichstag": {"caller": str, "members": list, "foreign_powers": list},
        "papacy": {"power": str},
        "empire": {"hre_powers": list, "aligned_income_powers": list},
        "bonuses": {OTHER: list},
        "influence_allocation": {"attack_order": list, "inf_per_year": dict, "from_year": dict},
        "military_cost": {"cost_to_add": list, "step_beyond": int},
        "center_values": {"stated": dict, "above_three": list},
        "initial_inf": {OTHER: dict},
        "initial_declarations": {"alliances": list, "wars": list, "never_allied": list},
        "setups": Rows({"players": int, "convert": list, "removed": list, "center_values": {OTHER: int},
                        "initial_inf": {OTHER: {OTHER: int}}, "never_allied": list}),
        "conversions": Rows({"minor": str, "name": str, "aliases": list, "article": str, "unit_label": str,
                             "provinces": list, "home_center": str, "inf_religions": list}),
    }

    def demo_cells(self, variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        from gm_tools.systems.europe1619.calendar import UNIT_ORDERS, phase_role
        from gm_tools.systems.europe1619.entries import sheet_cells

        role = phase_role(variant, phase)
        if role in UNIT_ORDERS:  # movement and retreat orders go on the Orders sheet
            return None
        return sheet_cells(phase, entry, where, role)

    def mailed_rows(self, variant, phase: str, power: str, lines: list[str]):
        from gm_tools.systems.europe1619.calendar import phase_role
        from gm_tools.systems.europe1619.entries import mailed_rows

        return mailed_rows(phase_role(variant, phase), power, lines)

    def check_tables(self, variant) -> list[str]:
        """Everything the system reads of ``tables.toml`` and ``[victory]``, read once now
        (the diplomacy setup, the map's facts, the economy, scoring, the phase roles)."""
        from gm_tools.systems.europe1619 import adapter, adapter_rules, calendar

        t = variant.tables
        known = self.unknown_keys(t.get("influence_allocation"), "tables.toml [influence_allocation]",
                                  ("attack_order", "inf_per_year", "from_year"))
        known += self.unknown_keys(t.get("military_cost"), "tables.toml [military_cost]", ("cost_to_add", "step_beyond"))
        return known + self.problems_of(variant, adapter.setup_from_variant, adapter_rules.geography,
                                        adapter_rules.economy, adapter_rules.scoring_rules, calendar.phase_roles,
                                        adapter_rules.center_values)


def _system() -> Europe1619System:
    # imported here: the rules and sheets modules import this package's modules
    from gm_tools.systems.europe1619.rules import RULES
    from gm_tools.systems.europe1619.sheets import HOOKS
    from gm_tools.systems.europe1619.state import KEY, RECORD_KEYS

    return Europe1619System(KEY, rules=RULES, sheets=HOOKS, options=OPTIONS, record_keys=RECORD_KEYS)


SYSTEM = _system()
