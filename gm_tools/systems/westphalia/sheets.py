"""The Peace of Westphalia's workbook: one input sheet per Setup step for what the table decided,
and the state written back after every step (the princes, the principalities, the Holy Roman
Empire sheet).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup'. Plain data only; openpyxl stays in
:mod:`gm_tools.edges.workbook`. Every entry is checked by :mod:`.steps` against the board as the
earlier entries left it, and a problem names its cell.
"""

from __future__ import annotations

import re

from gm_tools.engine.hooks import CHOICE, INTEGER, Column, InputRow, SheetHooks, Table, power_column
from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL, Problem, WholeSheetProblem
from gm_tools.systems.westphalia import steps
from gm_tools.systems.westphalia.choices import chosen, fold, spellings
from gm_tools.systems.westphalia.diplomacygame import CARDS, SHEET, payoffs_of
from gm_tools.systems.westphalia.setup import read_provinces, roll_size, tables_of
from gm_tools.systems.westphalia.state import state_of
# the written-back sheets' names are read from here too (mail, tests)
from gm_tools.systems.westphalia.statesheets import BOARD, EMPIRE, PRINCES, STATES, state_sheets  # noqa: F401

PROVINCES = "Pick Provinces"
ELECTORS = "Place Electors"
PRINCIPALITIES = "Place Principalities"
INFLUENCE = "Diplomatic Influence"
ELECTION = "Imperial Election"
DOCTRINES = "Military Doctrines"
UPHEAVAL = "Religious Upheaval"
TURNS = "Player Turns"
DIPLOMACY_GAME = SHEET
FAITH = "Spread the Faith"
PLACE = "Place Influence"
FOREIGN = "Foreign Powers"
WARS = "Wars"
TREATIES = "Peace Treaties"
CHANGES = "Influence Changes"
RELIGIOUS_WAR = "Religious War"
WAR_LEAGUES = "Religious War Leagues"
ELECTORS_CHANGED = "Electors Changed"
WAR_CARDS = "Religious War Cards"
_WAR_ITEMS = ("Declarer", "Target", "Emperor joins", "Winning League")
YES_NO = ("yes", "no")
YES_NO_SPELLINGS = tuple((w, "yes") for w in ("y", "x", "true", "1", "✓", "✔")) + tuple((w, "no") for w in ("n", "false", "0"))
"""What a GM types in a yes/no cell as a mail's line may say it (``mailforms.YES``/``NO``): Excel
keeps TRUE and FALSE as booleans, a tick is a yes."""


def named_column(header: str, names: tuple[str, ...], **kw) -> Column:
    """A choice column of principalities (or Electors) that also reads each name as a keyboard
    without umlauts or accents writes it, 'Lubeck' or 'Luebeck' for Lübeck, and without its
    article, 'Palatinate', as a mailed line does (``mailforms.fold``)."""
    import unicodedata

    def bare(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    spellings = {}
    for name in names:
        for word in (name, name.translate(_UMLAUTS)):
            for plain in (bare(word), re.sub(r"^the\s+", "", bare(word), flags=re.IGNORECASE)):
                if plain.casefold() != name.casefold():
                    spellings.setdefault(plain.casefold(), set()).add(name)
    return Column(header, CHOICE, names, spellings=tuple((w, next(iter(n))) for w, n in spellings.items()
                                                          if len(n) == 1), **kw)


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})

_COLUMNS = {"home": "Home Province", "edge": "Edge", "player": "Player", "ballot": "Votes for", "doctrine": "Doctrine", "province": "Province", "actions": "Combat Heresy",
            "convert": "Convert", "influence": "Influence gained", "placement": "Influence gained", "dice": "Where", "dice also": "Also converts", "dice count": "Dice", "dice player": "Player", "war player": "Declarer", "treaty winner": "Winner",
            "league": "League", "war league": "League", "trent": "Council of Trent", "treaty": "Province", "change": "Change",
            "war": "Against", "winner": "Winner", "new doctrine": "New doctrine", "cards": "Declarer's cards", "target cards": "Target's cards", "war cards": "Cards", "religious war": "Value", "league won": "Value",
            "elector": "Removed", "elector added": "Added", "place player": "Player", "change player": "Player", "change where": "Principality",
            "place principality": "Principality", "place di": "DI", "game player": "Player", "game card": "Card",
            "game with": "With", "game their": "Their card"}
"""Entry field -> sheet column where no sheet-specific mapping says otherwise."""
_SHEET_OF = {f: DIPLOMACY_GAME for f in ("game player", "game card", "game with", "game their")}
"""Entry field -> the sheet of a row nobody filled in, where the step's sheet is not it."""
_FIELDS = {PROVINCES: {"player": "Player", "provinces": "Provinces", "capital": "Capital"},
           ELECTORS: {"player": "Player", "name": "Elector", "provinces": "Provinces", "capital": "Capital"},
           PRINCIPALITIES: {"name": "Principality", "provinces": "Provinces", "capital": "Capital"},
           INFLUENCE: {"player": "Player", "principality": "Principality", "di": "DI"}}
"""Entry field -> sheet column, for the cell a problem names."""


def _kind(position: Position) -> str:
    return parse_phase(position.phase).type


def _player(variant: Variant, players: tuple[str, ...]) -> Column:
    """The locked Player column of a sheet with a row laid out for each player, read by the name
    in it (his code, or his name as the other sheets read it): a GM may sort the rows."""
    return Column("Player", width=14, spellings=power_column("Player", variant, players).spellings)


def _votes(variant: Variant, players: tuple[str, ...], state) -> Column:
    """'Only a Player may receive votes for Emperor': a principality typed for one (Hesse, an
    Elector) is told so with the players who may, not refused as a word the game does not know."""
    why = "a principality, not a Player: 'Only a Player may receive votes for Emperor'"
    return power_column("Votes for", variant, players, editable=True, width=14,
                        not_choices=tuple((name, why) for name in sorted(state.principalities)))


def _cycle(order: tuple[str, ...], count: int, start: int = 0) -> list[str]:
    return [order[(start + i) % len(order)] for i in range(count)] if order else []


class WestphaliaHooks(SheetHooks):
    name = "westphalia"
    # 'turn --lenient': a die, a placement, a ballot or a player leaving the Empire that the rules
    # refuse is one player's entry not made (Influence not placed is saved, a ballot not cast is
    # no vote). The rest stop it: the rows a step needs (provinces, Electors, doctrines, the
    # Upheaval's choices, each player's actions), the GM's (wars and their winners, treaties,
    # Influence Changes, the Religious War) and the Diplomacy Game's cards, shown by two players
    drops_invalid_rows = True
    lenient_sheets = (ELECTION, FAITH, PLACE, FOREIGN)

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        kind, state, tables = _kind(position), state_of(position), tables_of(variant)
        players = state.setup_order
        wide = {"editable": True, "width": 30}
        if kind == steps.PROVINCES:
            return [Table(PROVINCES, (_player(variant, players), Column("Provinces", **wide),
                                      Column("Capital", editable=True, width=12)),
                          rows=[[p, None, None] for p in players], keyed=True)]
        if kind == steps.ELECTORS:
            return [Table(ELECTORS, (Column("Player", width=14),
                                     named_column("Elector", tuple(tables.electors), editable=True, width=18),
                                     Column("Provinces", **wide), Column("Capital", editable=True, width=12)),
                          rows=[[p, None, None, None] for p in _cycle(players, len(tables.electors))])]
        if kind == steps.PRINCIPALITIES:
            names = tuple(n for n in tables.names if n not in tables.kept_back)
            return [Table(PRINCIPALITIES, (Column("Player", width=14), Column("Roll", INTEGER, width=6),
                                           Column("Size", INTEGER, width=6),
                                           named_column("Principality", names, editable=True, width=22),
                                           Column("Provinces", **wide), Column("Capital", editable=True, width=12)),
                          rows=[[p, n, roll_size(tables, n), None, None, None] for p, n in state.rolls])]
        if kind == steps.INFLUENCE:
            names = tuple(sorted(state.principalities))
            return [Table(INFLUENCE, (power_column("Player", variant, players, editable=True, width=14),
                                      named_column("Principality", names, editable=True, width=22),
                                      Column("DI", INTEGER, editable=True, width=6)),
                          blank_rows=tables.influence * len(players))]
        if kind == steps.EMPEROR:
            return [Table(ELECTION, (_player(variant, players),
                                     _votes(variant, players, state)),
                          rows=[[p, None] for p in players], keyed=True),
                    Table(DOCTRINES, (_player(variant, players),
                                      Column("Doctrine", CHOICE, tables.doctrines, editable=True, width=16,
                                             spellings=spellings(tables.doctrines))),
                          rows=[[p, None] for p in players], keyed=True)]
        if kind == steps.UPHEAVAL:
            from gm_tools.systems.westphalia.rounds import upheaval_choosers

            dice, choosers = state.upheaval.get("players", {}), tuple(upheaval_choosers(variant, state))
            # a row typed for a player who did not roll 1-3 is the step's to refuse, saying why
            return [Table(UPHEAVAL, (_player(variant, players), Column("Roll", INTEGER, width=6),
                                     Column("Province", editable=True, width=14)),
                          rows=[[p, dice[p], None] for p in choosers], keyed=True,
                          others=tuple(p for p in players if p not in choosers))]
        if kind == steps.TURNS:
            yes_no = {"kind": CHOICE, "choices": YES_NO, "editable": True, "width": 12, "spellings": YES_NO_SPELLINGS}
            names = tuple(sorted(state.principalities))
            from gm_tools.systems.westphalia.religiouswar import league_names

            leagues = league_names(variant)
            # one row a game, typed as the cards are shown; the pairings follow from the actions
            # typed beside, so no row is laid out for them. Optional: a workbook laid out before
            # the sheet existed still reads, its Influence gained as the GM's count
            cards = {"kind": CHOICE, "choices": CARDS, "editable": True, "width": 12, "spellings": spellings(CARDS)}
            game = [Table(DIPLOMACY_GAME, (power_column("Player", variant, players, editable=True, width=14),
                                           Column("Card", **cards), power_column("With", variant, players, editable=True,
                                                                           width=14),
                                           Column("Their card", **cards)), blank_rows=len(players), optional=True)
                    ] if payoffs_of(variant) is not None else []
            return [Table(TURNS, (_player(variant, players), Column("Combat Heresy", **yes_no),
                                  Column("Engage in Diplomacy", **yes_no), Column("Wage War", **yes_no),
                                  Column("Convert", **yes_no), Column("Influence gained", INTEGER, editable=True,
                                                                      width=16),
                                  Column("League", CHOICE, leagues, editable=True, width=18, spellings=spellings(leagues)),
                                  Column("Council of Trent", **yes_no)),
                          rows=[[p, None, None, None, None, None, None, None] for p in state.initiative or players],
                          keyed=True),
                    *game,
                    Table(FAITH, (power_column("Player", variant, players, editable=True, width=14),
                                  Column("Where", editable=True, width=22), Column("Dice", INTEGER, editable=True, width=6),
                                  Column("Also converts", editable=True, width=14)), blank_rows=3 * len(players)),
                    Table(PLACE, (power_column("Player", variant, players, editable=True, width=14),
                                  named_column("Principality", names, editable=True, width=22),
                                  Column("DI", INTEGER, editable=True, width=6)), blank_rows=3 * len(players)),
                    Table(WARS, (power_column("Declarer", variant, players, editable=True, width=14),
                                 Column("Against", editable=True, width=22),
                                 Column("Winner", editable=True, width=22))
                          + ((Column("Declarer's cards", editable=True, width=40),
                              Column("Target's cards", editable=True, width=40))
                             if variant.options.get("card_engine") else ())
                          # last, so a workbook laid out before it (a game in progress) reads the same
                          + (Column("New doctrine", CHOICE, tables.doctrines, editable=True, width=16,
                                    optional=True, spellings=spellings(tables.doctrines)),),
                          blank_rows=2 * len(players)),
                    Table(TREATIES, (Column("Winner", editable=True, width=18), Column("Province", editable=True,
                                                                                       width=12),
                                     Column("Vassalize", **yes_no)), blank_rows=2 * len(players)),
                    Table(CHANGES, (power_column("Player", variant, players, editable=True, width=14),
                                    Column("Principality", editable=True, width=22),
                                    Column("Change", INTEGER, editable=True, width=8),
                                    Column("Reason", editable=True, width=40)), blank_rows=2 * len(players)),
                    # read by the item named in each row, so the GM may sort it as the players' sheets
                    Table(RELIGIOUS_WAR, (Column("Item", width=16), Column("Value", editable=True, width=24)),
                          rows=[[item, None] for item in _WAR_ITEMS], keyed=True),
                    Table(WAR_LEAGUES, (power_column("Player", variant, players, editable=True, width=14),
                                        Column("League", CHOICE, leagues + ("none",), editable=True, width=20,
                                               spellings=spellings(leagues + ("none",)))),
                          blank_rows=len(players)),
                    Table(ELECTORS_CHANGED, (Column("Removed", editable=True, width=20),
                                             Column("Added", editable=True, width=20)), blank_rows=3)] + (
                    # the card engine fights the Leagues' battle from each player's line of plays
                    [Table(WAR_CARDS, (power_column("Player", variant, players, editable=True, width=14),
                                       Column("Cards", editable=True, width=60)), blank_rows=len(players))]
                    if variant.options.get("card_engine") else [])
        if kind == steps.FOREIGN:
            from gm_tools.systems.westphalia.foreign import EDGES

            homes = tuple(variant.tables.get("foreign_powers", {}).get("homes", ()))
            return [Table(FOREIGN, (power_column("Player", variant, players, editable=True, width=14),
                                    Column("Home Province", CHOICE, homes, editable=True, width=18),
                                    Column("Edge", CHOICE, EDGES, editable=True, width=12, spellings=spellings(EDGES))), blank_rows=2)]
        if kind == steps.ELECTION and state.emperor_dies.get("dies"):
            return [Table(ELECTION, (_player(variant, players),
                                     _votes(variant, players, state)),
                          rows=[[p, None] for p in state.initiative or players], keyed=True)]
        return []

    def check_inputs(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        kind = _kind(position)
        sheet, inputs, where = _read(variant, state_of(position), kind, rows)
        if kind in (steps.SETUP_ORDER, steps.INITIATIVE, steps.GOLD) or kind not in steps.BUILT:
            return {}, []
        step = steps.apply(variant, state_of(position), kind, inputs, parse_phase(position.phase).year)
        problems = []
        for i, field_, found, expected in step.problems:
            kind_of = WholeSheetProblem if (i, field_) in step.whole else Problem
            found = found if found in ("no row", EMPTY_CELL) or isinstance(found, steps.Said) else repr(found)
            rows_of = where.get(field_, where.get("*", [])) if isinstance(where, dict) else where
            cells = rows_of[i] if i < len(rows_of) else None
            column = _FIELDS.get(sheet, {}).get(field_) or _COLUMNS.get(field_)
            ref = cells.get(column) if cells and column else None
            if ref is None and column:
                # a missing entry: the first row of the sheet nobody filled in, where it belongs
                ref = _first_blank(self.input_sheets(variant, position), _SHEET_OF.get(field_, sheet), column,
                                   rows_of)
            if ref is None:
                problems.append(kind_of(_SHEET_OF.get(field_, sheet), "", found, expected))
            else:
                name, cell = ref.split("!")
                problems.append(kind_of(name, cell, found, expected))
        return inputs, problems + _off_layout(self.input_sheets(variant, position), rows, problems)

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        from gm_tools.systems.westphalia.slips import changes_typed_twice, placements_typed_twice

        if _kind(position) != steps.TURNS:
            return []
        return changes_typed_twice(CHANGES, rows.get(CHANGES, [])) + placements_typed_twice(PLACE, rows.get(PLACE, []))

    def entered_at(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        from gm_tools.systems.westphalia.entered import entered_at

        return entered_at(variant, position, _kind(position), rows)

    def awaited_for(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        """Who the step still waits for, and for what (:func:`.awaiting.awaited_for`)."""
        from gm_tools.systems.westphalia.awaiting import awaited_for

        return awaited_for(variant, position, rows)

    def all_entered(self, variant: Variant, position: Position) -> str:
        """Each step asks its own of a player (:func:`.awaiting.awaited_for`); some nothing."""
        if not self.input_sheets(variant, position):
            return "nothing to enter in this step: gm-tools turn plays it as it stands"
        return "every player has entered what the step asks of him"

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        return state_sheets(variant, state_of(position), position.phase)

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """The orders of play and the state after the step (:mod:`.report`); the step's
        decisions are the phase's results, listed by player above these sections."""
        from gm_tools.systems.westphalia.report import sections

        return sections(variant, record)

    def game_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """The state the game page's map shows (:mod:`.report`)."""
        from gm_tools.systems.westphalia.report import game_sections

        return game_sections(variant, record)


def _read(variant: Variant, state, kind: str, rows: dict[str, list[InputRow]]) -> tuple[str, dict, list[dict]]:
    """(sheet, the step's inputs, each entry's cells) from the rows read back."""
    def split(text) -> list[str]:
        return [w.strip() for w in str(text or "").replace(";", ",").split(",") if w.strip()]

    if kind == steps.PROVINCES:
        got = _prefilled(PROVINCES, ("Player", "Provinces", "Capital"), state.setup_order, rows)
        return PROVINCES, {"princes": [{"player": player, "provinces": split(values.get("Provinces")),
                                        "capital": values.get("Capital") or ""} for player, values, _ in got]}, \
            [cells for _, _, cells in got]
    if kind == steps.ELECTORS:
        got = [r for r in rows.get(ELECTORS, []) if r.values.get("Elector") or r.values.get("Provinces")]
        return ELECTORS, {"electors": [{"player": r.values.get("Player"), "name": r.values.get("Elector") or "",
                                        "provinces": split(r.values.get("Provinces")),
                                        "capital": r.values.get("Capital") or ""} for r in got]}, [r.cells for r in got]
    if kind == steps.PRINCIPALITIES:
        # each row is its roll's, by its place on the sheet: a row left empty above a typed one is
        # that roll's principality still to place, not the next row's
        typed = {_row_of(r): r for r in rows.get(PRINCIPALITIES, [])
                 if r.values.get("Principality") or r.values.get("Provinces")}
        got = [typed.get(n) or InputRow(values={}, cells={c: f"{PRINCIPALITIES}!{'ABCDEF'[j]}{n}" for j, c in enumerate(
            ("Player", "Roll", "Size", "Principality", "Provinces", "Capital"))}) for n in range(2, max(typed, default=1) + 1)]
        return PRINCIPALITIES, {"principalities": [
            {"name": r.values.get("Principality") or "", "provinces": split(r.values.get("Provinces")),
             "capital": r.values.get("Capital") or ""} for r in got]}, [r.cells for r in got]
    if kind == steps.INFLUENCE:
        got = rows.get(INFLUENCE, [])
        return INFLUENCE, {"influence": [{"player": r.values.get("Player"), "principality": r.values.get("Principality")
                                          or "", "di": r.values.get("DI")} for r in got]}, \
            [r.cells for r in got] + _own_rows(state.setup_order, tables_of(variant).influence, got)
    if kind in (steps.EMPEROR, steps.ELECTION):
        # each row is the named player's, wherever the GM sorted it (keyed)
        voters = tuple(state.initiative or state.setup_order) if kind == steps.ELECTION else state.setup_order
        votes = _prefilled(ELECTION, ("Player", "Votes for"), voters, rows)
        choices = _prefilled(DOCTRINES, ("Player", "Doctrine"), state.setup_order, rows) if kind == steps.EMPEROR else []
        ballots = {p: values["Votes for"] for p, values, _ in votes if values.get("Votes for")}
        doctrines = {p: values["Doctrine"] for p, values, _ in choices if values.get("Doctrine")}
        # a problem is entry i of the ballots or doctrines in the order steps._emperor checks them
        # (by player); a missing doctrine is entry len(doctrines), the first blank Doctrine cell
        voted = {p: cells for p, _, cells in votes}
        chose = {p: cells for p, _, cells in choices}
        blank = [cells for player, cells in chose.items() if player not in doctrines][:1]
        return ELECTION, {"ballots": ballots, "doctrines": doctrines}, \
            {"ballot": [voted[p] for p in sorted(ballots)], "doctrine": [chose[p] for p in sorted(doctrines)] + blank}
    if kind == steps.TURNS:
        return _read_turns(variant, state, rows)
    if kind == steps.FOREIGN:
        got = rows.get(FOREIGN, [])
        return FOREIGN, {"foreign": [{"player": r.values.get("Player"), "home": r.values.get("Home Province") or "",
                                      "edge": r.values.get("Edge") or ""} for r in got]}, [r.cells for r in got]
    if kind == steps.UPHEAVAL:
        from gm_tools.systems.westphalia.rounds import upheaval_choosers

        got = _prefilled(UPHEAVAL, ("Player", "Roll", "Province"), tuple(upheaval_choosers(variant, state)), rows)
        choices = {}
        for player, values, _ in got:
            if values.get("Province"):
                codes, unknown = read_provinces(variant, values["Province"])
                choices[player] = (codes + unknown)[0] if codes + unknown else ""
        cells, laid = [cells for _, _, cells in got], {player for player, _, _ in got}
        # a province typed on a row of its own for a player who has none: refused at its cell
        # (steps._upheaval), as by mail
        for r in rows.get(UPHEAVAL, []):
            player = str(r.values.get("Player") or "").strip().upper()
            if r.values.get("Province") and player not in laid and player not in choices:
                codes, unknown = read_provinces(variant, r.values["Province"])
                choices[player] = (codes + unknown + [str(r.values["Province"])])[0]
                cells.append(r.cells)
        return UPHEAVAL, {"choices": choices}, cells
    return "", {}, []


def _read_turns(variant: Variant, state, rows: dict[str, list[InputRow]]):
    from gm_tools.systems.westphalia.turns import ACTIONS

    def yes(value) -> bool:
        return str(value or "").strip().lower() in ("yes", "y", "x", "true", "1")

    got = _prefilled(TURNS, ("Player",) + ACTIONS + ("Convert", "Influence gained", "League", "Council of Trent"),
                     tuple(state.initiative or state.setup_order), rows)
    # a blank Influence gained is None, not 0: beside the cards it means 'as the cards give'
    turns = [{"player": player, "actions": [a for a in ACTIONS if yes(values.get(a))],
              "convert": yes(values.get("Convert")), "influence": values.get("Influence gained"),
              **({"league": values["League"]} if values.get("League") else {}),
              **({"trent": True} if yes(values.get("Council of Trent")) else {})}
             for player, values, _ in got]
    dice_rows = rows.get(FAITH, [])
    lower = {n.lower(): n for n in state.principalities}  # a principality's name, in any case
    dice = []
    for r in dice_rows:
        target = str(r.values.get("Where") or "").strip()
        codes, _ = read_provinces(variant, target)
        also, _ = read_provinces(variant, r.values.get("Also converts") or "")
        # two provinces in one cell are kept as typed, for the check to name, not read as the first
        dice.append({"player": r.values.get("Player"), "target": codes[0] if len(codes) == 1 and target.lower() not in
                     lower else lower.get(target.lower(), target), "count": r.values.get("Dice"),
                     "also": also[0] if len(also) == 1 else str(r.values.get("Also converts") or "").strip()})
    placements = [{"player": r.values.get("Player"), "principality": r.values.get("Principality") or "",
                   "di": r.values.get("DI")} for r in rows.get(PLACE, [])]
    war_rows, treaty_rows, change_rows = rows.get(WARS, []), rows.get(TREATIES, []), rows.get(CHANGES, [])
    # 'Declare Wars and change their Military Doctrines': a Wars row with a New doctrine and no war
    # is the change alone; one with both is both
    doctrine_rows = [r for r in war_rows if r.values.get("New doctrine")]
    war_rows = [r for r in war_rows if not r.values.get("New doctrine") or any(
        r.values.get(k) for k in ("Against", "Winner", "Declarer's cards", "Target's cards"))]
    doctrines = [{"player": r.values.get("Declarer") or "", "doctrine": str(r.values["New doctrine"])}
                 for r in doctrine_rows]

    # a player or a principality typed as a GM types it: a code or a name, in any case
    from gm_tools.systems.westphalia.religiouswar import league_names

    sides = {n.lower(): n for n in (*state.principalities, *league_names(variant))}
    sides.update({word.lower(): p for p in state.setup_order for word in (p, variant.powers[p].name) if word})

    # 'Lubeck', 'Luebeck', 'Palatinate', as a mail and the principality columns name them
    folded = {fold(w): n for n in state.principalities for w in (n, n.translate(_UMLAUTS))}

    def side(text) -> str:
        text = str(text or "").strip()
        return sides.get(text.lower()) or folded.get(fold(text)) or text

    wars = [{"declarer": r.values.get("Declarer") or "", "target": side(r.values.get("Against")),
             "winner": side(r.values.get("Winner")),
             **({"cards_a": str(r.values["Declarer's cards"])} if r.values.get("Declarer's cards") else {}),
             **({"cards_b": str(r.values["Target's cards"])} if r.values.get("Target's cards") else {})}
            for r in war_rows]
    treaties = []
    for r in treaty_rows:
        codes, unknown = read_provinces(variant, r.values.get("Province") or "")
        # two provinces in one cell are kept as typed, for the check to name, not read as the first
        treaties.append({"winner": side(r.values.get("Winner")),
                         "province": (codes + unknown)[0] if len(codes + unknown) == 1 else
                         str(r.values.get("Province") or "").strip(),
                         "vassalize": yes(r.values.get("Vassalize"))})
    changes = [{"player": r.values.get("Player"), "principality": "saved" if str(r.values.get(
                    "Principality") or "").strip().lower() == "saved" else side(r.values.get("Principality")),
                "change": r.values.get("Change"), "reason": r.values.get("Reason") or ""} for r in change_rows]
    items = {r.values.get("Item"): r for r in rows.get(RELIGIOUS_WAR, [])}
    league_rows = {r.values.get("Player"): r for r in rows.get(WAR_LEAGUES, [])}  # a player's last row
    card_rows = {r.values.get("Player"): r for r in rows.get(WAR_CARDS, []) if r.values.get("Player")}  # his last

    def item(name: str) -> str:
        row = items.get(name)
        return side(row.values.get("Value")) if row else ""

    leagues = league_names(variant)  # 'catholic' a League as on the League columns and in a mail
    religious = {"declarer": item("Declarer"), "target": item("Target"),
                 "emperor_league": chosen(item("Emperor joins"), leagues), "winner": chosen(item("Winning League"),
                                                                                           leagues) or "",
                 "joins": {p: r.values.get("League") for p, r in league_rows.items()},
                 "cards": {p: str(r.values.get("Cards") or "") for p, r in card_rows.items()},
                 "electors": [{"removed": side(r.values.get("Removed")), "added": side(r.values.get("Added"))}
                              for r in rows.get(ELECTORS_CHANGED, [])]}
    # A sorted sheet: an item whose row holds nothing is not read back, so where it now is is not
    # known here; a problem with it names the column's rows, not another item's row.
    moved = any(_row_of(r) != 2 + _WAR_ITEMS.index(i) for i, r in items.items() if i in _WAR_ITEMS)
    at = f"2:B{len(_WAR_ITEMS) + 1}" if moved else None
    war_cells = [items[i].cells if i in items else {"Value": f"{RELIGIOUS_WAR}!B{at or n}"}
                 for n, i in enumerate(_WAR_ITEMS, start=2)]
    where = {"*": [cells for _, _, cells in got], **{f: [r.cells for r in dice_rows] for f in ("dice", "dice also", "dice player", "dice count")},
             # the declaration's problems are entry 0 (the Declarer's cell: his League) or 1 (the
             # Target's: the rest), the battle's entry 1 (the Winning League's), the Emperor's League entry 2
             "religious war": war_cells[:2], "league won": [war_cells[0], war_cells[3], war_cells[2]],
             "war league": [r.cells for r in league_rows.values()],  # a League joined: its player's row
             "elector": [r.cells for r in rows.get(ELECTORS_CHANGED, [])],
             "elector added": [r.cells for r in rows.get(ELECTORS_CHANGED, [])],
             **{f: [r.cells for r in rows.get(PLACE, [])] for f in ("place player", "place principality", "place di")},
             **{f: [r.cells for r in treaty_rows] for f in ("treaty", "treaty winner")},
             **{f: [r.cells for r in change_rows] for f in ("change", "change player", "change where")},
             **{f: [r.cells for r in war_rows] for f in ("war", "winner", "war player", "cards", "target cards")},
             "new doctrine": [r.cells for r in doctrine_rows],
             "war cards": [r.cells for r in card_rows.values()]}  # a line at fault: its player's row read
    games = {}
    if payoffs_of(variant) is not None:
        # the key says the turn was read with the Dilemma cards' table, so its count is bounded
        # by it; a record kept before the table has no such key and replays as it was accepted
        game_rows = rows.get(DIPLOMACY_GAME, [])
        games = {"diplomacy_games": [{"player": r.values.get("Player") or "", "card": r.values.get("Card") or "",
                                      "with": r.values.get("With") or "", "their": r.values.get("Their card") or ""}
                                     for r in game_rows]}
        where.update({f: [r.cells for r in game_rows] for f in _SHEET_OF})
    return TURNS, {"turns": turns, "dice": dice, "placements": placements, "wars": wars, "treaties": treaties,
                   "changes": changes, "religious_war": religious, **games,
                   **({"doctrines": doctrines} if doctrines else {})}, where


def _row_of(row: InputRow) -> int:
    """The sheet row a row read back came from."""
    return int(re.sub(r"\D", "", next(iter(row.cells.values())).split("!")[1]))


def _own_rows(order: tuple[str, ...], size: int, got: list[InputRow]) -> list[dict]:
    """For each player in Setup Order, the cells of the first empty row of his share of the
    Diplomatic Influence sheet (``size`` rows each, as `gm-tools orders` types the mails), where
    a total of a player with no row is named (entry ``len(got)`` + his place in the order, as
    :func:`.steps._influence` names it); nothing (the first empty row, by the caller) when the rows
    typed do not keep to the shares: a GM who typed them one under another."""
    def share(player) -> range:
        first = 2 + order.index(player) * size if player in order else 0
        return range(first, first + size) if first else range(0)
    if any(_row_of(r) not in share(r.values.get("Player")) for r in got):
        return [{} for _ in order]
    taken = {_row_of(r) for r in got}
    blank = [next((n for n in share(p) if n not in taken), None) for p in order]
    return [{c: f"{INFLUENCE}!{'ABC'[j]}{n}" for j, c in enumerate(("Player", "Principality", "DI"))} if n else {}
            for n in blank]


def _first_blank(tables: list[Table], sheet: str, column: str, read: list[dict]) -> str | None:
    """``Sheet!Cell`` of ``column`` in the first row of ``sheet`` that was not read back."""
    table = next((t for t in tables if t.title == sheet), None)
    if table is None:
        return None
    headers = [c.header for c in table.columns]
    if column not in headers:
        return None
    taken = {int(re.sub(r"\D", "", ref.split("!")[1])) for cells in read for ref in cells.values()}
    row = next(r for r in range(2, 2 + len(table.rows) + table.blank_rows + len(taken) + 1) if r not in taken)
    return f"{sheet}!{chr(ord('A') + headers.index(column))}{row}"


def _off_layout(tables: list[Table], rows: dict[str, list[InputRow]], named: list[Problem]) -> list[Problem]:
    """The rows of a sheet gm-tools laid out row by row (a player's, a roll's, an item's) that are
    not as it laid them: a locked cell retyped (a player's 'red' for RED, the protection lifted),
    which the workbook reader checks only on a row with nothing typed, and a row typed below them,
    nobody's (a second row for a player would be read instead of his own, or not at all), unless
    the step's own check named it already (``named``: a Religious Upheaval row for a player who
    did not roll 1-3 says why)."""
    problems = []
    said = {(p.sheet, re.sub(r"\D", "", p.cell)) for p in named}
    for table in (t for t in tables if t.rows and not t.blank_rows and not t.keyed):
        last = len(table.rows) + 1
        for row in rows.get(table.title, []):
            n = _row_of(row)
            if n > last and (table.title, str(n)) not in said:
                typed = [(h, v) for h, v in row.values.items() if v not in (None, "")]
                header, value = typed[0] if typed else (table.columns[0].header, "")
                problems.append(Problem(table.title, row.cells[header].split("!")[1], repr(str(value)),
                                        f"nothing below row {last}: gm-tools laid out the sheet's rows, one for each "
                                        f"{table.columns[0].header.lower()} ({', '.join(str(r[0]) for r in table.rows)}), "
                                        "to type beside"))
            if n > last:
                continue
            for column, laid in zip(table.columns, table.rows[n - 2]):
                typed = row.values.get(column.header)
                if column.editable or laid is None or str(typed if typed is not None else "") == str(laid):
                    continue
                problems.append(Problem(table.title, row.cells[column.header].split("!")[1],
                                        repr(str(typed)) if typed not in (None, "") else "an empty cell",
                                        f"{str(laid)!r}, as gm-tools laid out row {n} (a row of this sheet deleted, "
                                        "moved or retyped would put an entry beside another's name)"))
    return problems


def _prefilled(sheet: str, columns: tuple[str, ...], players: tuple[str, ...],
               rows: dict[str, list[InputRow]]) -> list[tuple[str, dict, dict]]:
    """(player, values, cells) for each row the sheet was written with, in that order: a row the
    GM left blank is not read back, but a problem with it still names its cells. Every such sheet
    is ``keyed``: a player's row is the one naming him, wherever the GM sorted it."""
    by_player: dict = {}
    for r in rows.get(sheet, []):  # a name on two rows is refused by the reader: the first is read
        by_player.setdefault(r.values.get("Player"), r)
    # A sheet the GM sorted: a player whose row holds nothing is not read back, so where his row
    # now is is not known here; a problem with it names the column's rows, not another's row.
    moved = any(players.index(p) + 2 != _row_of(r) for p, r in by_player.items() if p in players)
    out = []
    for i, player in enumerate(players, start=2):
        row = by_player.get(player)
        at = f"2:{{0}}{len(players) + 1}" if moved else str(i)
        cells = row.cells if row else {c: f"{sheet}!{'ABCDEFGH'[j]}{at.format('ABCDEFGH'[j])}"
                                       for j, c in enumerate(columns)}
        out.append((player, row.values if row else {}, cells))
    return out


HOOKS = WestphaliaHooks()
