"""The Peace of Westphalia (board game draft): a GM's tracker, not a Diplomacy variant.

Rulebook: ``003_b5b9eb4920d39694.txt``. The data is ``variants/westphalia/`` (the hexes of
the largest board, the players, the rulebook's lists). One module, one job:

- :mod:`.board` - hex geometry (spiral, shared edges, contiguity, the six board edges);
- :mod:`.players` - the board and players of an N-player game; :mod:`.hexmap` - its base map;
- :mod:`.state` - what the game carries (typed, JSON under ``Position.extra["westphalia"]``);
- :mod:`.setup` - the Setup's checks and draws; :mod:`.steps` - each step's entries applied;
- :mod:`.figures` - allies and Imperial Power; :mod:`.election` - the Imperial Election;
- :mod:`.diplomacygame` - the Diplomacy Game's pairings and the Dilemma cards' Influence;
- :mod:`.rules`, :mod:`.sheets`, :mod:`.mapstyle` - the workflow's hooks, the workbook, the map;
- :mod:`.report` - what the pages say: the state after each step, the results and the victory in words;
- :mod:`.mailforms`, :mod:`.mail` - the players' mailed lines and where they go on the sheets;
- :mod:`.rounds` - Initiative, Religious Upheaval, Earn Gold; :mod:`.turns`, :mod:`.turnsteps` -
  the Player Turns; :mod:`.battles`, :mod:`.wars`, :mod:`.cards` - the wars, their Peace Treaties
  and the optional battle card engine; :mod:`.religiouswar` - the Religious War;
  :mod:`.foreign` - Foreign Powers and the Emperor's death; :mod:`.victory` - the victories.

What is not built is listed in README.md ('Not done yet') and ``variants/westphalia/NOTES.md``.
"""

from gm_tools.engine.system import OTHER, GameSystem, Option
from gm_tools.errors import UserError

OPTIONS = (
    Option("card_engine", bool, "whether gm_tools fights each battle from the cards the players show (the "
           "Battles sheet), instead of the GM entering its winner"),
    Option("emperor_rounds", str, "how the rounds an Emperor 'has been Emperor for' are counted ('If the Emperor "
           "has been Emperor for one round only, roll a D6 ... He dies automatically if he has been Emperor for two "
           "rounds'): from the round of his election, his marker's (election_round, the default), or from the round "
           "after it (next_round); docs/westphalia.md, \"The Emperor's rounds\"",
           choices=("election_round", "next_round")),
)


class WestphaliaSystem(GameSystem):
    """The tracker's parts, and where a demo file's rows go."""

    tables_shape = {
        "players": {"least": int, "most": int, "hexes_each": int, "default": int},
        "princes": {"provinces": int},
        "electors": {OTHER: int},
        "principalities": {"size_by_roll": dict, "kept_back": list, "names": list},
        "influence": {"setup": int},
        "dilemma": {"cooperate": dict, "compete": dict},
        "doctrines": {"names": list},
        "upheaval": {"draws": dict, "late_from_round": int, "converts_at_most": int},
        "gold": {"per_town": int},
        "foreign_powers": {"homes": list, "most_power": dict, "power_per_round": int},
        "emperor": {"dies_at_most": int, "dies_after_rounds": int},
        "victory": {"religious_winners": dict, "religious_from_round": int, "last_round": int, "town_power": int},
        "leagues": {"catholic": str, "protestant": str},
        "military_cards": {"pikemen": int, "musketeers": int, "cavalry": int, "rifling_from_round": int,
                           "doctrine_discards": int},
    }

    mail_noun = "line(s)"  # a player mails his lines for the step, never an order
    mail_owner = ("no player line", "a line naming the player before his lines")

    def demo_cells(self, variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
        """A demo phase's table holds the rows the GM types, by sheet: ``"Pick Provinces" =
        [["YELLOW", "ALT, AMB, ARN, BAY", "ALT"], ...]``, filled from column A of row 2."""
        cells: dict[str, object] = {}
        for sheet, rows in entry.items():
            if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) <= 26 for r in rows):
                raise UserError(f"{where} [{phase}] {sheet!r}: expected a list of rows, each a list of cells")
            for i, row in enumerate(rows, start=2):
                for column, value in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", row):
                    if value not in (None, ""):
                        cells[f"{sheet}!{column}{i}"] = value
        return cells

    def mailed_cells(self, variant, position, power: str, lines: list[str], sheets):
        """A player's mailed lines on the step's sheets (:mod:`.mail`, ``docs/westphalia.md``)."""
        from gm_tools.systems.westphalia.mail import mailed_cells

        return mailed_cells(variant, position, power, lines, sheets)

    def check_tables(self, variant) -> list[str]:
        """Every hex has whole-number axial coordinates and a place in the order, none twice;
        the Dilemma cards' table gives whole numbers for each pair of cards, the Upheaval's and
        the Military Cards' tables whole counts."""
        from gm_tools.systems.westphalia.diplomacygame import table_problems
        from gm_tools.systems.westphalia.tablechecks import cards_problems, figures_problems, upheaval_problems

        problems: list[str] = (table_problems(variant) + upheaval_problems(variant) + cards_problems(variant)
                               + figures_problems(variant))
        seen_hex: dict[tuple, str] = {}
        seen_order: dict[int, str] = {}
        for code, province in sorted(variant.provinces.items()):
            where = f"provinces.toml [{code}]"
            cell, order = province.extra.get("hex"), province.extra.get("order")
            if not (isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) for x in cell)):
                problems.append(f"{where}: expected hex = [q, r], two whole numbers, found {cell!r}")
            elif tuple(cell) in seen_hex:
                problems.append(f"{where}: hex {cell} is also {seen_hex[tuple(cell)]}'s")
            else:
                seen_hex[tuple(cell)] = code
            if not isinstance(order, int) or isinstance(order, bool) or order < 1:
                problems.append(f"{where}: expected order = a whole number, 1 or more, found {order!r}")
            elif order in seen_order:
                problems.append(f"{where}: order {order} is also {seen_order[order]}'s")
            else:
                seen_order[order] = code
        return problems


def _system() -> GameSystem:
    from gm_tools.systems.westphalia.rules import RULES
    from gm_tools.systems.westphalia.sheets import HOOKS

    return WestphaliaSystem("westphalia", rules=RULES, sheets=HOOKS, options=OPTIONS)


SYSTEM = _system()
