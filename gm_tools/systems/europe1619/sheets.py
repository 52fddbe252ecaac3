"""Europe 1619's sheets: what the GM types for the Diplomatic and the Builds and Transactions
Phases, and the computed sheets of every phase (Influence Tracker, Influence History,
Declarations, Treasury, Scores).

Rulebook: ``002_e7e1b063b6c411e5.txt``. Plain data only
(:class:`~gm_tools.engine.hooks.Table`, :class:`~gm_tools.engine.hooks.InputRow`); openpyxl stays in
:mod:`gm_tools.edges.workbook`. Every entry is checked by running the phase's own rules on it
(:mod:`gm_tools.systems.europe1619.diplomatic_phase`, :mod:`gm_tools.systems.europe1619.treasury`): an order the
rules would void is a problem naming its cell, so the GM fixes it before anything is written.
The Diplomatic Phase's sheets are checked in :mod:`gm_tools.systems.europe1619.diplomatic_sheet`.

Inputs (stored in the history record's ``extra["europe1619"]``, read by
:mod:`gm_tools.systems.europe1619.phases`):

- D: ``{"orders": {power: ["5: BRE", "BRAP > FRANCE", "WAR: SPAIN"]}, "papal_events": [{event,
  year, note}]}`` (the GM's Papal Protection sheet);
- M: ``{"reichstag": {"agenda": {kind, power, ban, minor}, "votes": {voter: true/false/null}}}``
  when Austria calls its meeting ('Austria may call for only one meeting during the game,
  and during a movement phase'); :meth:`Europe1619Hooks.apply_inputs` holds it;
- B: ``{"purchases": [{power, action, kind, province, minor}], "loans": [{lender, borrower,
  amount, interest, due}], "payments": [{payer, payee, amount, note}], "retreats": {province
  left: province}}``.
"""

from __future__ import annotations

import difflib
import functools
import re

from gm_tools.errors import Problem
from gm_tools.engine.hooks import CHOICE, INTEGER, Column, InputRow, SheetHooks, Table, power_column, typed_row
from gm_tools.engine.model import INVALID, Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1619.calendar import DIPLOMATIC, ORDERS, TRANSACTIONS, phase_role
from gm_tools.systems.europe1619.loans import loans_section
from gm_tools.systems.europe1619.recordwords import captured_item
from gm_tools.systems.europe1619.report import sections
from gm_tools.systems.europe1619.state import state_of

INF_PLACEMENTS = "INF Placements"
ATTACKS = "Attacks"
DECLARATIONS_IN = "Declarations"
PAPAL_PROTECTION = "Papal Protection"
PAPAL_SUPPORT = "Papal support of an attack on a Catholic power"
PURCHASES = "Purchases"
LOANS = "Loans"
PAYMENTS = "Payments"
RETREATS = "Retreats"
REICHSTAG = "Reichstag"
REICHSTAG_VOTES = "Reichstag Votes"
INFLUENCE_TRACKER = "Influence Tracker"
INFLUENCE_HISTORY = "Influence History"
RELATIONS = "Declarations Matrix"
TREASURY = "Treasury"
STATEMENTS = "Treasury Statements"
LOAN_RECORD = "Loan Record"
SCORES = "Scores"

DECLARATION_KINDS = ("war", "alliance", "armistice", "dissolve")
ACTIONS = ("build", "bolster", "reduce", "disband", "minor build")
"""Purchases' actions; 'minor build' names the unit a coastal minor's automatic build should
be ('Coastal minor states will by default build fleets, but the aligned power may indicate the
preferred unit to the referee'): Unit and For minor, no Province."""
BLANK_ROWS = 30


def _setup(variant: Variant, position: Position | None = None):
    from gm_tools.systems.europe1619.phases import setup_of

    return setup_of(variant, position)


def _powers(variant: Variant) -> tuple[str, ...]:
    return _setup(variant).powers


def _kind(variant: Variant, position: Position) -> str:
    """The phase's role in the year (:mod:`gm_tools.systems.europe1619.calendar`)."""
    return phase_role(variant, position.phase)


class Europe1619Hooks(SheetHooks):
    """The sheets of a Europe 1619 game."""

    name = "europe1619"
    mail_tables = True  # the minor states' statuses and INFs are the Influence Tracker only: the judge text gives its rows
    drops_invalid_rows = True  # 'turn --lenient': a row the phase's rules refuse is dropped, as the rules void such an order

    # --- input sheets ------------------------------------------------------------------------

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        from gm_tools.systems.europe1619.players import not_players

        powers = _powers(variant)
        # a minor state (the 10-player game's PAPACY) typed for a power is refused saying so
        powers_column = functools.partial(power_column, not_choices=not_players(variant, _setup(variant, position)))
        power = powers_column("Power", variant, powers, editable=True, width=14)
        kind = _kind(variant, position)
        if kind == DIPLOMATIC:
            return [
                Table(INF_PLACEMENTS, (power, Column("INFs", INTEGER, editable=True, width=8, hooks_judge=True),
                                       Column("Minor state", editable=True, width=16)), blank_rows=BLANK_ROWS),
                Table(ATTACKS, (power, Column("Attack", editable=True, width=24)), blank_rows=len(powers)),
                Table(DECLARATIONS_IN, (power, Column("Kind", CHOICE, DECLARATION_KINDS, editable=True, width=12),
                                        powers_column("Other power", variant, powers, editable=True, width=14)),
                      blank_rows=BLANK_ROWS),
            ] + _papal_protection_sheet(variant, position)
        if kind == ORDERS:
            from gm_tools.systems.europe1619.reichstag_sheet import reichstag_voters

            voters = reichstag_voters(variant, position)
            if not voters:
                return []
            from gm_tools.systems.europe1619.reichstag import AGENDAS, BAN_ATTACKS, BAN_DEPOSITS

            # the agenda also as the rulebook names it: '2 - Imperial Ban', 'Imperial Ban', 'imperial ban'
            said = tuple((w, kind) for kind, name in AGENDAS.items() for w in (name, name[4:], kind.replace("_", " ")))
            return [
                Table(REICHSTAG, (Column("Agenda", CHOICE, tuple(AGENDAS), editable=True, width=18, spellings=said),
                                  powers_column("Power", variant, powers, editable=True, width=14),
                                  Column("Ban", CHOICE, (BAN_ATTACKS, BAN_DEPOSITS), editable=True, width=10),
                                  Column("Minor state", editable=True, width=12)), blank_rows=1,
                      typed_by=""),
                # read by the voter's name (or code): a GM may sort the rows
                Table(REICHSTAG_VOTES, (Column("Voter", width=14,
                                               spellings=power_column("Voter", variant, powers).spellings),
                                        Column("Vote", CHOICE, ("for", "against"), editable=True, width=10)),
                      rows=[[v, None] for v in voters], keyed=True),
            ]
        if kind == TRANSACTIONS:
            tables = [
                Table(PURCHASES, (power, Column("Action", CHOICE, ACTIONS, editable=True, width=12),
                                  Column("Unit", CHOICE, ("A", "F"), editable=True, width=6, spellings=(("army", "A"), ("fleet", "F"))),
                                  Column("Province", editable=True, width=14),
                                  Column("For minor", editable=True, width=10)), blank_rows=BLANK_ROWS),
                Table(LOANS, (powers_column("Lender", variant, powers, editable=True, width=14),
                              powers_column("Borrower", variant, powers, editable=True, width=14),
                              Column("TPs", INTEGER, editable=True, width=6, unit="TP"),
                              Column("Interest", INTEGER, editable=True, width=8, unit="TP"),
                              Column("Due", editable=True, width=16)), blank_rows=10),
                # Repayments, interest and gifts: 'the player should expect a repayment on an
                # agreed upon time ... he/she may demand an interest payment'.
                Table(PAYMENTS, (powers_column("Payer", variant, powers, editable=True, width=14),
                                 powers_column("Payee", variant, powers, editable=True, width=14),
                                 Column("TPs", INTEGER, editable=True, width=6, unit="TP"),
                                 Column("For", editable=True, width=30)), blank_rows=10),
            ]
            waiting = state_of(position).expelled or []
            if waiting:
                rows = [[e["power"], e["unit"], ", ".join(e["retreats"]), None] for e in waiting]
                tables.append(Table(RETREATS, (Column("Power", width=14), Column("Unit", width=10),
                                               Column("May go to", width=30),
                                               Column("Retreat to", editable=True, width=12)), rows=rows))
            return tables
        return []

    def awaited_for(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> dict[str, str] | None:
        """The Diplomatic Phase waits for each power in play with nothing on its three sheets
        ('(1) list of INF placements, (2) order for a diplomatic attack, and (3)
        declarations'), for its INFs allotted ('INFs are allotted to the powers as shown in the
        Influence Allocation Table'), and for nobody after the last year INFs are allotted.
        Other phases: the Orders sheet says (Purchases, Loans and Payments are nobody's due)."""
        if _kind(variant, position) != DIPLOMATIC:
            return None
        setup = _setup(variant, position)
        year = parse_phase(position.phase).year
        if year > setup.last_allocation_year:
            return {}
        sent = {str(r.values.get("Power") or "").upper() for t in (INF_PLACEMENTS, ATTACKS, DECLARATIONS_IN) for r in rows.get(t, [])}
        gone, allotted = set(state_of(position).gone()), setup.allotment(year)
        return {p: (f"{allotted[p]} INF{'s' * (allotted[p] != 1)} to place" if allotted.get(p)
                    else "its diplomatic attack or declarations, if any")
                for p in setup.powers if p not in sent and p not in gone}

    def all_entered(self, variant: Variant, position: Position) -> str:
        # 'the Diplomatic Phase is skipped in the years following 1648': nobody entered
        # anything, and nothing can be entered (the mail reader refuses every line)
        if _kind(variant, position) == DIPLOMATIC and \
                parse_phase(position.phase).year > _setup(variant, position).last_allocation_year:
            return (f"no Diplomatic Phase after {_setup(variant, position).last_allocation_year}: nothing to "
                    "enter; the turn passes it on to the Orders")
        return "every power has entered its INF placements, attack or declarations"

    def entered_in_part(self, variant: Variant, position: Position,
                        rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
        """In the Diplomatic Phase, the powers that left some of their INFs unplaced."""
        if _kind(variant, position) != DIPLOMATIC:
            return []
        from gm_tools.systems.europe1619.diplomatic_sheet import placements_in_part

        return placements_in_part(variant, position, rows)

    def check_inputs(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        kind = _kind(variant, position)
        if kind == DIPLOMATIC:
            from gm_tools.systems.europe1619.diplomatic_sheet import check_diplomatic

            return check_diplomatic(variant, position, rows)
        if kind == TRANSACTIONS:
            return _check_transactions(variant, position, rows)
        if kind == ORDERS and REICHSTAG in rows:
            from gm_tools.systems.europe1619.reichstag_sheet import check_reichstag

            return check_reichstag(variant, position, rows)
        return {}, []

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        from gm_tools.mechanics.influenceorders import infs_count
        from gm_tools.mechanics.slips import placements_typed_twice

        return placements_typed_twice(INF_PLACEMENTS, rows.get(INF_PLACEMENTS, []), infs_count)

    def entered_at(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        if _kind(variant, position) == TRANSACTIONS:
            typed: list = []
            _check_transactions(variant, position, rows, typed)
            return typed
        if _kind(variant, position) != DIPLOMATIC:
            return []
        from gm_tools.systems.europe1619.diplomatic_sheet import entered_at_diplomatic

        return entered_at_diplomatic(variant, position, rows)

    def apply_inputs(self, variant: Variant, position: Position, inputs: dict) -> Position:
        """The Reichstag meets in the Orders Phase: its vote is counted before the orders are
        adjudicated, and the decree applies from the next year ('the rule comes into effect the
        following year')."""
        if "reichstag" not in inputs:
            return position
        from gm_tools.systems.europe1619.diplomatic_phase import with_reichstag
        from gm_tools.systems.europe1619.reichstag_sheet import hold

        state, _ = hold(variant, position, inputs["reichstag"])
        return with_reichstag(position, state)

    # --- output sheets -------------------------------------------------------------------------

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        return [influence_tracker(variant, position), influence_history(variant, position),
                relations_table(variant, position), treasury_table(variant, position),
                statements_table(variant, position), loan_record(variant, position), scores_table(variant, position)]

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """The phase's sections, then the loans outstanding after it (:mod:`.loans`)."""
        return sections(variant, record) + loans_section(variant, record)

    def game_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        """The loans outstanding, where a player looks for what he owes (:mod:`.loans`)."""
        return loans_section(variant, record)


# --- checking the Diplomatic Phase ------------------------------------------------------------------


def _cell(row: InputRow, header: str) -> tuple[str, str]:
    sheet, cell = row.cells[header].split("!")
    return sheet, cell


def _missing(row: InputRow, headers: tuple[str, ...], expected: dict[str, str], problems: list[Problem]) -> bool:
    """Report every empty required cell of a row; True when one is."""
    bad = False
    for header in headers:
        if row.values.get(header) in (None, ""):
            sheet, cell = _cell(row, header)
            problems.append(Problem(sheet, cell, "an empty cell", expected[header]))
            bad = True
    return bad


def _papal_protection_sheet(variant: Variant, position: Position) -> list[Table]:
    """The GM's sheet for 'If the Papacy supports an attack on a Catholic power, then it may be
    the recipient of a declaration of war from any Catholic power', laid out while the
    Papacy is protected. The GM reads the Orders Phase's supports and writes what was seen;
    the other two events are found by the phase itself (a captured center on the board, a
    papal ally's war in the declarations)."""
    from gm_tools.systems.europe1619.declarations import papacy_protected

    first = parse_phase(variant.calendar.first_phase).year
    if parse_phase(position.phase).year == first:
        return []  # no Orders Phase played yet: nothing to report
    if not papacy_protected(_setup(variant), _influence(variant, position).declarations):
        return []
    return [Table(PAPAL_PROTECTION, (Column("Year", INTEGER, editable=True, width=7),
                                     Column(PAPAL_SUPPORT, editable=True, width=60)), blank_rows=1)]


# --- checking the Builds and Transactions Phase -------------------------------------------------------


def _province(variant: Variant, text: str) -> str | None:
    return variant.lookup.get(" ".join(text.lower().split()))


def _suggest(variant: Variant, text: str) -> str:
    close = difflib.get_close_matches(text.lower(), list(variant.lookup), n=1)
    return f" (did you mean {variant.lookup[close[0]].upper()}?)" if close else ""


def _check_transactions(variant: Variant, position: Position, rows: dict[str, list[InputRow]], typed=None):
    """Rows become transactions; the phase is run on them (income first, then loans, then
    purchases in the order listed: 'the player must assess the cost of one additional unit
    after one unit has been purchased'), and each it refuses is a problem at its row. ``typed``,
    a list, is given each row's result line with the row (:meth:`Europe1619Hooks.entered_at`)."""
    from gm_tools.systems.europe1619 import adapter_rules
    from gm_tools.systems.europe1619.phases import place_expelled, transactions_of

    setup = _setup(variant, position)
    minors = set(setup.minors)
    problems: list[Problem] = []
    power_expected = f"a power in play: {', '.join(setup.powers)}"
    purchases, loans, payments, cells = [], [], [], []
    for row in rows.get(LOANS, []):
        if not _transfer_row(row, ("Lender", "Borrower"), "lent", power_expected, problems):
            continue
        if (row.values.get("Interest") or 0) < 0:
            sheet, cell = _cell(row, "Interest")
            problems.append(Problem(sheet, cell, str(row.values["Interest"]), "the TPs of interest agreed, 0 or more"))
            continue
        due, year = row.values.get("Due"), parse_phase(position.phase).year
        due = str(int(due) if isinstance(due, float) and due.is_integer() else due or "").strip()
        if (due.isdigit() or re.fullmatch(r"\d{1,2} [A-Z][a-z]+ \d{4}", due)) and int(due[-4:]) < year:
            # 'a repayment on an agreed upon time': a year already past is a slip of the keys,
            # and the Loan Record would carry it for the rest of the game.
            sheet, cell = _cell(row, "Due")
            problems.append(Problem(sheet, cell, due, f"the year the loan is due, {year} or later, or its terms in words"))
            continue
        loans.append({"lender": row.values["Lender"], "borrower": row.values["Borrower"], "amount": row.values["TPs"],
                      "interest": row.values.get("Interest") or 0, "due": row.values.get("Due") or ""})
        cells.append((row.cells["TPs"], row))
    for row in rows.get(PAYMENTS, []):
        if not _transfer_row(row, ("Payer", "Payee"), "paid", power_expected, problems):
            continue
        payments.append({"payer": row.values["Payer"], "payee": row.values["Payee"], "amount": row.values["TPs"],
                         "note": row.values.get("For") or ""})
        cells.append((row.cells["TPs"], row))
    for row in rows.get(PURCHASES, []):
        action = row.values.get("Action")
        preference = action == "minor build"
        needed = ("Power", "Action") + (("Unit", "For minor") if preference else ("Province",)) + (
            ("Unit",) if action == "build" else ())
        if _missing(row, needed, {"Power": power_expected, "Action": f"one of {', '.join(ACTIONS)}",
                                  "Unit": "A (army) or F (fleet) for a build",
                                  "For minor": "the minor state whose automatic build this names",
                                  "Province": "the province of the unit or the build"}, problems):
            continue
        code = None if preference else _province(variant, row.values["Province"])
        if code is None and not preference:
            sheet, cell = _cell(row, "Province")
            problems.append(Problem(sheet, cell, repr(row.values["Province"]),
                                    "a province of the map" + _suggest(variant, row.values["Province"])))
            continue
        dropped = _unused_cell(position, row, action, code)
        if dropped:
            problems.append(dropped)
            continue
        minor = row.values.get("For minor")
        if minor:
            minor = minor.upper()
            if minor not in minors:
                sheet, cell = _cell(row, "For minor")
                close = difflib.get_close_matches(minor, sorted(minors), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                problems.append(Problem(sheet, cell, repr(row.values["For minor"]), f"a minor state code{hint}"))
                continue
            unit = position.units.get(code.upper()) if code and action in ("bolster", "reduce", "disband") else None
            if unit is not None and unit.power != minor:
                # the transaction acts on the unit standing there: a For minor naming another
                # state would be dropped unseen, and the GM paid for the wrong state's unit
                sheet, cell = _cell(row, "For minor")
                owner = (f"{unit.power}, whose unit {unit} is in {code.upper()}, or an empty cell" if unit.power in minors
                         else f"an empty cell: {unit} in {code.upper()} is {unit.power}'s, not a minor state's")
                problems.append(Problem(sheet, cell, repr(row.values["For minor"]), owner))
                continue
        purchases.append({"power": row.values["Power"], "action": action, "kind": row.values.get("Unit"),
                          "province": code.upper() if code else None, "minor": minor or None})
        cells.append((row.cells["Action"], row))
    retreats = {}
    waiting = {e["unit"]: e for e in state_of(position).expelled or []}
    for row in rows.get(RETREATS, []):
        unit, dest = row.values.get("Unit"), row.values.get("Retreat to")
        entry = waiting.get(unit)
        code = _province(variant, dest or "")
        sheet, cell = _cell(row, "Retreat to")
        if entry is None:
            problems.append(Problem(sheet, _cell(row, "Unit")[1], repr(unit), "a unit expelled at the Map Adjustment Phase"))
        elif code is None or code.upper() not in entry["retreats"]:
            problems.append(Problem(sheet, cell, repr(dest), f"one of {', '.join(entry['retreats'])} (rule {entry['rule']})"))
        else:
            retreats[unit.split(" ", 1)[1].split("/")[0]] = code.upper()
    if problems:
        return {}, problems

    inputs = {k: v for k, v in (("loans", loans), ("payments", payments), ("purchases", purchases),
                                ("retreats", retreats)) if v}
    start, _ = place_expelled(position, retreats)
    out = adapter_rules.apply_transactions(variant, start, transactions_of(inputs))
    for (ref, row), result in zip(cells, out.results):
        if typed is not None:
            typed.append(typed_row(result.power, result.order, row))
        if result.result == INVALID:
            at = _party_at_fault(row, ref)
            sheet, cell = at.split("!")
            held = next(row.values.get(h) for h, c in row.cells.items() if c == at)
            found = held if isinstance(held, int) else repr(held)  # the cell as typed; the row's transaction beside
            problems.append(Problem(sheet, cell, f"{found} ({result.power}'s row: {result.order})",
                                    f"a transaction the rules allow ({result.reason})"))
    return inputs, problems


def _unused_cell(position: Position, row: InputRow, action: str, code: str | None) -> Problem | None:
    """A Purchases cell the action does not read, yet typed otherwise than the action means:
    dropped unseen, it would leave the GM believing it counted."""
    if action == "minor build" and row.values.get("Province"):
        sheet, cell = _cell(row, "Province")
        return Problem(sheet, cell, repr(row.values["Province"]), "an empty cell: a minor build names the state "
                       "(For minor) and the unit (Unit); the state builds on its home center")
    unit = position.units.get(code.upper()) if code and action in ("bolster", "reduce", "disband") else None
    kind = row.values.get("Unit")
    if unit is not None and kind and kind.upper() != unit.kind:
        sheet, cell = _cell(row, "Unit")
        return Problem(sheet, cell, repr(kind), f"{unit.kind} (the unit in {code.upper()} is {unit}), or an empty cell")
    return None


def _party_at_fault(row: InputRow, ref: str) -> str:
    """The cell a refused Loans or Payments row is blamed at: the Borrower or Payee when it
    names the lender or payer ('cannot pay itself'; the TPs typed are not at fault), else ``ref``."""
    for giver, taker in (("Lender", "Borrower"), ("Payer", "Payee")):
        if taker in row.cells and row.values.get(giver) and row.values.get(giver) == row.values.get(taker):
            return row.cells[taker]
    return ref


def _transfer_row(row: InputRow, parties: tuple[str, str], verb: str, power_expected: str,
                  problems: list[Problem]) -> bool:
    """Is a Loans or Payments row complete, with TPs above 0? Problems go to ``problems``."""
    expected = {parties[0]: power_expected, parties[1]: power_expected, "TPs": f"the TPs {verb}, a whole number above 0"}
    if _missing(row, (*parties, "TPs"), expected, problems):
        return False
    if row.values["TPs"] <= 0:
        sheet, cell = _cell(row, "TPs")
        problems.append(Problem(sheet, cell, str(row.values["TPs"]), expected["TPs"]))
        return False
    return True


# --- output sheets ---------------------------------------------------------------------------------


def _influence(variant: Variant, position: Position):
    from gm_tools.systems.europe1619.diplomatic_phase import kept_diplomatic_state

    return kept_diplomatic_state(position, _setup(variant, position))


def influence_tracker(variant: Variant, position: Position) -> Table:
    """'The referee presents the results of the Diplomatic Phase by reporting the status of each
    minor state to the players with a table': minor states x powers, the total, the status, the
    aligned power, the confessional marker, the captor. Powers are by code, as the GM types them;
    a minor state that captured another is given by code and name, as the rows are ("LOR
    (Lorraine-Alsace)")."""
    from gm_tools.mechanics.influence import statuses

    setup = _setup(variant, position)
    state = _influence(variant, position)
    powers = setup.powers
    columns = (Column("Minor state", width=12), Column("Name", width=24)) + tuple(
        Column(p, INTEGER, width=9) for p in powers
    ) + (Column("Total", INTEGER, width=7), Column("Status", width=14), Column("Aligned with", width=14),
         Column("Marker", width=11), Column("Captured by", width=12))
    rows = []
    for code, status in statuses(setup, state.influence).items():
        infs = state.influence.infs(code)
        rows.append([code, setup.minors[code].name] + [infs.get(p, 0) for p in powers] + [
            status.total, status.status, status.power or "", state.influence.markers.get(code, ""),
            _captor(setup, status.captured_by)])
    totals = ["Total", ""] + [sum(state.influence.infs(m).get(p, 0) for m in setup.minors) for p in powers]
    rows.append(totals + [sum(totals[2:]), "", "", "", ""])
    return Table(INFLUENCE_TRACKER, columns, rows)


def _captor(setup, code: str | None) -> str:
    captor = setup.minors.get(code) if code else None
    return f"{code} ({captor.name})" if captor is not None else code or ""


def influence_history(variant: Variant, position: Position) -> Table:
    """Each year's INFs after its Diplomatic Phase, one row per minor state and power."""
    columns = (Column("Year", INTEGER, width=7), Column("Minor state", width=12), Column("Power", width=14),
               Column("INFs", INTEGER, width=7))
    rows = []
    for year, by_minor in (state_of(position).ledger or {}).get("influence", {}).items():
        for minor, infs in sorted(by_minor.items()):
            for power, n in sorted(infs.items()):
                rows.append([int(year), minor, power, n])
    return Table(INFLUENCE_HISTORY, columns, rows)


def relations_table(variant: Variant, position: Position) -> Table:
    """Powers x powers: 'war', 'alliance', and declarations pending ('armistice from 1621')."""
    from gm_tools.systems.europe1619.declarations import pair

    setup = _setup(variant, position)
    state = _influence(variant, position).declarations
    powers = setup.powers
    columns = (Column("Power", width=14),) + tuple(Column(p, width=12) for p in powers)
    rows = []
    for a in powers:
        row = [a]
        for b in powers:
            if a == b:
                row.append("-")
                continue
            text = state.relations.get(pair(a, b), "")
            pending = state.pending_between(a, b)
            if pending:
                note = f"{pending.kind.lower()} from {pending.effective} (pending)"
                text = f"{text}; {note}" if text else note
            row.append(text)
        rows.append(row)
    return Table(RELATIONS, columns, rows)


TREASURY_ITEMS = (
    ("balance", "Balance"), ("home_centers", "Home centers"), ("captured_centers", "Captured centers"),
    ("captured_provinces", "Captured provinces"), ("aligned_states", "Aligned states"), ("income", "Income"),
    ("borrowed", "Borrowed"), ("lent", "Lent"), ("received", "Received"), ("paid", "Paid"),
    ("purchases", "Purchases"), ("new_balance", "New balance"),
)


def treasury_table(variant: Variant, position: Position) -> Table:
    """Each Builds and Transactions Phase: per power the balance, income by source, loans,
    purchases and the new balance ('Treasury')."""
    columns = (Column("Year", INTEGER, width=7), Column("Power", width=14)) + tuple(
        Column(title, INTEGER, width=10) for _, title in TREASURY_ITEMS
    )
    rows = []
    for year, by_power in (state_of(position).ledger or {}).get("treasury", {}).items():
        for power, items in by_power.items():
            # .get: 'received' and 'paid' are newer than the games recorded before them.
            rows.append([int(year), power] + [items.get(key, 0) for key, _ in TREASURY_ITEMS])
    return Table(TREASURY, columns, rows)


def statements_table(variant: Variant, position: Position) -> Table:
    """Each power's statement of the last Builds and Transactions Phase, item by item, from
    the opening balance to the new one: the lines the GM sends each player, a captured center
    or province by code and name ("Income: captured province BRB (Brabant)"); the record keeps
    the code alone."""
    columns = (Column("Year", INTEGER, width=7), Column("Power", width=14), Column("Item", width=44),
               Column("TPs", INTEGER, width=7))
    found = state_of(position).statements or {}
    rows = [[found["year"], power, captured_item(variant, item), tps]
            for power, items in found.get("powers", {}).items() for item, tps in items]
    return Table(STATEMENTS, columns, rows)


def loan_record(variant: Variant, position: Position) -> Table:
    """Every loan and payment recorded, by year: 'These scenarios are monitored by the referee,
    but not enforced by the referee'."""
    columns = (Column("Year", INTEGER, width=7), Column("Kind", width=9), Column("From", width=14),
               Column("To", width=14), Column("TPs", INTEGER, width=6), Column("Interest", INTEGER, width=8),
               Column("Terms", width=36))
    rows = [[int(r["year"]), "loan", r["lender"], r["borrower"], r["amount"], r["interest"], r["terms"]]
            for r in state_of(position).loans or []]
    rows += [[int(r["year"]), "payment", r["payer"], r["payee"], r["amount"], None, r["note"]]
             for r in state_of(position).payments or []]
    return Table(LOAN_RECORD, columns, sorted(rows, key=lambda r: r[0]))


def scores_table(variant: Variant, position: Position) -> Table:
    """Victory points at each Scoring Phase: a row per power, a column per year, and a Note on
    a power eliminated, whose blank cells say nothing of why ('Referee scores the players')."""
    ledger = (state_of(position).ledger or {}).get("scores", {})
    years, gone = list(ledger), state_of(position).gone()
    columns = ((Column("Power", width=14),) + tuple(Column(y, INTEGER, width=7) for y in years)
               + (Column("Note", width=24),))
    rows = [[p] + [ledger[y].get(p) for y in years] + ["eliminated: not scored" if p in gone else None]
            for p in _powers(variant)]
    return Table(SCORES, columns, rows)


HOOKS = Europe1619Hooks()
