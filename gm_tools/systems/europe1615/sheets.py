"""Europe 1615's sheets: the INF deployments and diplomatic attacks the GM types for each
movement phase; the computed sheets written back after every phase are :mod:`.trackers`'s.

Rulebook: ``000_cc215928c2f3193e.txt``, 'Writing the orders' ('the submission of the INF
deployment list and orders') and 'Submission' of a diplomatic attack ('MINOR STATE > MAJOR
POWER'). Plain data only; openpyxl stays in :mod:`gm_tools.edges.workbook`. Every entry is
checked by the deployment rules themselves (:mod:`.deployment`), so an entry the rules would
refuse is a problem naming its cell and nothing is written.

Inputs (stored in the history record's ``extra["europe1615"]``): ``{"placements": [{power,
infs, minor}], "attacks": [{power, minor, target}], "waivers": [[power, center]], "abandoned":
[power]}`` (waivers: 'Waiving the capture of a center ... The decision must be made prior to the
build phase (preferably fall phase)'; abandoned: the powers to dissolve at the Early Winter).
"""

from __future__ import annotations

import re

from gm_tools.engine.hooks import CHOICE, INTEGER, Column, InputRow, SheetHooks, Table, power_column, typed_row
from gm_tools.engine.model import ARMY, FLEET, Position, province_of
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import SEA, Variant
from gm_tools.errors import EMPTY_CELL, Problem, WholeSheetProblem
from gm_tools.mechanics.influence import Attack, Placement
from gm_tools.mechanics.influenceorders import attack_arrows, infs_count, placement_words
from gm_tools.systems.europe1615.calendar import EARLY_WINTER, MOVEMENT, STATUS_CHECK, phase_role
from gm_tools.systems.europe1615.inpart import EnteredInPart
from gm_tools.systems.europe1615.deployment import EntryError, check_entries, deploy, read_line
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of, with_state
from gm_tools.systems.europe1615.status import statuses
from gm_tools.systems.europe1615.trackers import ALLOTMENT, ROUNDS, SANCTIONS, TRACKER  # noqa: F401  (named from here before they moved)

DEPLOYMENT = "INF Deployment"
ATTACKS = "Diplomatic Attacks"
WAIVERS = "Waivers"
ABANDONED = "Abandonment"
RULINGS = "Sanction Rulings"
DISBANDS = "Required Disbands"
TIMELINE = "Sanctions Timeline"
PASSAGE = "Swiss Passage"
BLANK_ROWS = 40
# the words of gm_tools.mechanics.influence.check_attack for a target without INFs in the minor
_NO_TARGET = re.compile(r"(\w+) has no INFs in (\w+) to attack$")
_UNIT = re.compile(r"^\s*(?:A|F|ARMY|FLEET)\s+\S", re.IGNORECASE)
_KINDS = {"A": ARMY, "ARMY": ARMY, "F": FLEET, "FLEET": FLEET}


def _names(variant: Variant) -> dict[str, str]:
    return {c: p.name for c, p in variant.powers.items()}


def entries_of(inputs: dict) -> tuple[list[Placement], list[Attack]]:
    """The checked inputs as the influence rules' orders."""
    placements = [Placement(p["power"], int(p["infs"]), p["minor"], f"{p['infs']}: {p['minor']}")
                  for p in inputs.get("placements", [])]
    attacks = [Attack(a["power"], a["minor"], a["target"], f"{a['minor']} > {a['target']}")
               for a in inputs.get("attacks", [])]
    return placements, attacks


def deployment_of(variant: Variant, position: Position, inputs: dict):
    """(new state, what the deployment did) for a movement phase's checked inputs."""
    setup = setup_of(variant, position)
    placements, attacks = entries_of(inputs)
    return deploy(setup, state_of(position), position, placements, attacks, parse_phase(position.phase).year)


class Europe1615Hooks(EnteredInPart, SheetHooks):
    name = "europe1615"
    mail_tables = True  # the statuses (and treasuries, rounds) are tables only: the judge text gives their rows
    # 'turn --lenient': a deployment, attack, waiver or abandonment the rules refuse is one not
    # made, as an invalid order is void; the Sanction Rulings, Swiss Passage, Sanctions Timeline
    # and Required Disbands are the GM's word or a due list, and stop the turn
    drops_invalid_rows = True
    lenient_sheets = (DEPLOYMENT, ATTACKS, WAIVERS, ABANDONED)

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        if phase_role(variant, position.phase) == STATUS_CHECK:
            return [_timeline_sheet(variant, position)]
        if phase_role(variant, position.phase) == EARLY_WINTER:
            return [_disbands_sheet(variant, position)]
        if phase_role(variant, position.phase) != MOVEMENT:
            return []
        powers = setup_of(variant).powers
        power = power_column("Power", variant, powers, editable=True, width=14)
        return [
            Table(DEPLOYMENT, (power, Column("INFs", INTEGER, editable=True, width=8, hooks_judge=True),
                               Column("Minor state", editable=True, width=16)), blank_rows=BLANK_ROWS),
            Table(ATTACKS, (power, Column("Attack", editable=True, width=24)), blank_rows=len(powers) + 2),
            Table(WAIVERS, (power, Column("Center", editable=True, width=12)), blank_rows=10),
            # 'When a power is abandoned, and the GM is unable to find a replacement, then power
            # will be dissolved at the winter phase'
            Table(ABANDONED, (power_column("Power", variant, powers, editable=True, width=14),
                              Column("Dissolved at", width=22)),
                  rows=[[p, "the next Early Winter"] for p in state_of(position).abandoned], blank_rows=2),
            _rulings_sheet(variant, position),
        ] + _passage_sheet(variant, position)

    def check_inputs(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        if phase_role(variant, position.phase) == STATUS_CHECK:
            return _check_timeline(variant, rows.get(TIMELINE, []))
        if phase_role(variant, position.phase) == EARLY_WINTER:
            return _check_disbands(variant, position, rows.get(DISBANDS, []))
        if phase_role(variant, position.phase) != MOVEMENT:
            return {}, []
        setup, names = setup_of(variant, position), _names(variant)
        problems: list[Problem] = []
        entries, cells = [], []
        for row in rows.get(DEPLOYMENT, []):
            power, infs, minor = row.values.get("Power"), row.values.get("INFs"), row.values.get("Minor state")
            # the INFs are judged even beside a power refused or left out, so that a row's every
            # slip is named at once, not one a turn
            number = None if infs is None else infs_count(infs)
            if infs is not None and number is None:
                # a row typed the other way round, 'WUR' then 9: said, so the GM swaps the two
                held = str(minor if minor is not None else "").strip()
                swapped = f" ({row.cells['Minor state']} holds {held}: the two the other way round?)" \
                    if held.isdigit() or infs_count(held) is not None else ""
                problems.append(_problem(row.cells["INFs"], repr(row.values["INFs"]), "a whole number (INFs)" + swapped))
            if not power or infs is None or not minor:
                missing = "Power" if not power else "INFs" if infs is None else "Minor state"
                problems.append(_problem(row.cells[missing], EMPTY_CELL,
                                         _blank(missing, "a deployment", "Power", "INFs", "Minor state")))
                continue
            infs = number
            if infs is None:
                continue
            if infs < 1:
                # checked here, at its own cell: joined into '-3: WUR' the line reads as no
                # deployment at all and would be blamed on the minor state
                problems.append(_problem(row.cells["INFs"], str(infs), f"a number of INFs, 1 or more, to deploy to "
                                         f"{minor} ('9 INFs to Wuerttemburg (WUR)')"))
                continue
            if ">" in str(minor):  # 'LOR > SPAIN' typed where the deployment's minor state goes
                problems.append(_problem(row.cells["Minor state"], f"{str(minor).strip()!r}, a diplomatic attack",
                                         f"a pliant minor state (diplomatic attacks go on the {ATTACKS} sheet)"))
                continue
            try:
                entries.append(read_line(setup, power, f"{infs}: {minor}", names, variant.lookup))
                cells.append((row, "Minor state"))
            except EntryError as e:
                problems.append(_problem(row.cells["Minor state"], e.found, e.expected))
        for row in rows.get(ATTACKS, []):
            power, text = row.values.get("Power"), row.values.get("Attack")
            if not power or not text:
                missing = "Power" if not power else "Attack"
                problems.append(_problem(row.cells[missing], EMPTY_CELL, _blank(missing, "an attack", "Power", "Attack")))
                continue
            if ">" not in attack_arrows(text) and placement_words(str(text)) is None:  # neither form: a unit's order?
                problems.append(_problem(row.cells["Attack"], repr(text), "a diplomatic attack such as 'LOR > FRANCE' "
                                         "('MINOR STATE > MAJOR POWER'" + ("; unit orders go on the Orders sheet)"
                                                                           if _UNIT.match(str(text)) else ")")))
                continue
            try:
                entry = read_line(setup, power, text, names, variant.lookup)
            except EntryError as e:
                problems.append(_problem(row.cells["Attack"], e.found, e.expected))
                continue
            if not isinstance(entry, Attack):
                problems.append(_problem(row.cells["Attack"], repr(text), "a diplomatic attack such as 'LOR > FRANCE' "
                                         "(deployments go on the INF Deployment sheet)"))
                continue
            entries.append(entry)
            cells.append((row, "Attack"))
        waived = []
        for row in rows.get(WAIVERS, []):
            power, center = row.values.get("Power"), _waived_place(variant, row.values.get("Center") or "")
            if not power or not row.values.get("Center"):
                missing = "Power" if not power else "Center"
                problems.append(_problem(row.cells[missing], EMPTY_CELL, _blank(missing, "a waiver", "Power", "Center")))
            elif center is None:
                # 'may waive the capture of the center or province': any land province, so
                # that one without a center is not annexed either
                problems.append(_problem(row.cells["Center"], repr(row.values.get("Center")),
                                         "a supply center or another land province, by code or name (LOR, DAL, "
                                         "Burgundy): 'may waive the capture of the center or province'"))
            elif center in setup.homes.get(power, ()):
                # a power's own home center is none of the three the rule lists: there is no
                # capture of it to waive
                problems.append(_problem(row.cells["Center"], repr(row.values.get("Center")),
                                         f"a center other than {power}'s own home centers "
                                         f"({', '.join(setup.homes[power])}): 'The player occupying a foreign "
                                         "power's center, or a minor state's center, or a province at the build "
                                         "phase may waive the capture of the center or province'"))
            else:
                waived.append([power, center])
        abandoned = []
        for row in rows.get(ABANDONED, []):
            power = row.values.get("Power")
            if not power:
                continue  # a GM who changes their mind clears the row
            if power not in setup.powers or power in set(state_of(position).dissolved.values()):
                problems.append(_problem(row.cells["Power"], repr(power), "a power still in the game"))
            elif power not in abandoned:
                abandoned.append(power)
        rulings, more = _check_rulings(variant, position, rows.get(RULINGS, []))
        problems += more
        passage, more = _check_passage(variant, position, rows.get(PASSAGE, []))
        problems += more
        whole: set[int] = set()
        for i, why in sorted(check_entries(setup, state_of(position), position, entries, whole).items()):
            row, header = cells[i]
            found = repr(row.values.get(header))  # an attack's cell holds the whole attack
            if isinstance(entries[i], Placement):
                # over the year's INFs the number is at fault, else the state; found as the
                # cell holds it, the row's deployment beside it, as Europe 1619's sheets say
                header = "INFs" if i in whole else header
                held = row.values.get(header)
                found = f"{held if isinstance(held, int) else repr(held)} ({entries[i].power}'s row: " \
                        f"{entries[i].infs}: {entries[i].minor})"
            problems.append(_problem(row.cells[header], found, f"an entry the rules allow: {why}", i in whole))
        inputs = {
            "placements": [{"power": e.power, "infs": e.infs, "minor": e.minor} for e in entries
                           if isinstance(e, Placement)],
            "attacks": [{"power": e.power, "minor": e.minor, "target": e.target} for e in entries
                        if isinstance(e, Attack)],
        }
        if waived:
            inputs["waivers"] = waived
        if passage:
            inputs["swiss_passage"] = passage
        if rulings or state_of(position).rulings:
            inputs["rulings"] = rulings  # a row cleared puts the sanction back in effect
        if abandoned or state_of(position).abandoned:
            inputs["abandoned"] = abandoned  # a row cleared takes the power off the list
        return inputs, problems

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        from gm_tools.mechanics.slips import placements_typed_twice

        return placements_typed_twice(DEPLOYMENT, rows.get(DEPLOYMENT, []), infs_count)

    def entered_at(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        """The Early Winter's disbands ordered on the Required Disbands sheet, each its row: the
        version's one result line made of one row (a deployment, attack, waiver, ruling or
        passage has none of its own; a disband none ordered, civil disorder's, names none)."""
        if phase_role(variant, position.phase) != EARLY_WINTER:
            return []
        typed: list = []
        _check_disbands(variant, position, rows.get(DISBANDS, []), typed)
        return typed

    def apply_inputs(self, variant: Variant, position: Position, inputs: dict) -> Position:
        """Steps 1 to 3 of 'RESOLVING ORDERS' before the adjudicator's step 4; at a Status Check,
        the sanctions timeline the GM typed."""
        if phase_role(variant, position.phase) == STATUS_CHECK:
            if not inputs.get("timeline"):
                return position
            state = state_of(position)
            state.timeline = tuple(tuple(t) for t in inputs["timeline"])
            return with_state(position, state)
        if phase_role(variant, position.phase) != MOVEMENT:
            return position
        state, _ = deployment_of(variant, position, inputs)
        state.waived = tuple(state.waived) + tuple(tuple(w) for w in inputs.get("waivers", ()))
        # the sheet lists the powers abandoned so far: what it holds now is the GM's word
        if "abandoned" in inputs:
            state.abandoned = tuple(sorted(inputs["abandoned"]))
        if "rulings" in inputs:
            state.rulings = dict(sorted(inputs["rulings"].items()))
        state.swiss_passage = tuple(inputs.get("swiss_passage", ()))
        return with_state(position, state)

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        from gm_tools.systems.europe1615.trackers import computed_sheets

        return computed_sheets(variant, position)

    def awaits_others(self, variant: Variant, position: Position, problem: Problem) -> str | None:
        """An attack on a power with no INFs in the minor state yet: 'another player/power that
        also has INFs invested there (or will be deploying there)', so its mail may bring them."""
        m = _NO_TARGET.search(problem.expected) if problem.sheet == ATTACKS else None
        if m is None:
            return None
        return (f"{m.group(1)} has no INFs in {m.group(2)} yet: it stands if {m.group(1)} deploys there this phase "
                "('or will be deploying there'), else the turn refuses it")

    def awaited_for(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> dict[str, str] | None:
        """The Initial Status Check waits for nobody (its Sanctions Timeline is the GM's, drawn
        from the seed when left empty); the Early Winter for the powers aligned with a minor
        state with a disband due that have named none ('the aligned power will submit the orders
        to disband'), each for the units due, nobody when none is due. Other phases: the Orders
        sheet says."""
        from gm_tools.systems.europe1615.phases import required_disbands

        role = phase_role(variant, position.phase)
        if role == STATUS_CHECK:
            return {}
        if role != EARLY_WINTER:
            return None
        setup, state = setup_of(variant, position), state_of(position)
        table = statuses(setup, state, position)
        named = {r.values.get("Power") for r in rows.get(DISBANDS, []) if r.values.get("Unit")}
        owed: dict[str, list[str]] = {}
        for m, n in sorted(required_disbands(setup, state, position).items()):
            if table[m].status == "ALIGNED" and table[m].power not in named:
                owed.setdefault(table[m].power, []).append(f"{n} unit{'s' * (n != 1)} of {m} ({setup.minors[m].name})")
        return {p: f"the orders to disband {' and '.join(owed[p])}" for p in sorted(owed)}

    def not_awaited(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> dict[str, str]:
        """'When a power is abandoned, and the GM is unable to find a replacement': no orders
        will come for a power the GM typed on the Abandonment sheet."""
        return {str(r.values["Power"]).upper(): "abandoned" for r in rows.get(ABANDONED, []) if r.values.get("Power")}

    def all_entered(self, variant: Variant, position: Position) -> str:
        from gm_tools.systems.europe1615.phases import required_disbands

        if phase_role(variant, position.phase) != EARLY_WINTER:
            return "nothing for the players to enter (the Sanctions Timeline is the GM's)"
        due = required_disbands(setup_of(variant, position), state_of(position), position)
        said = "every aligned power has named the disbands due" if due else "no disband is due"
        # what the phase does on its own, which the GM should not learn first from the results
        gone = state_of(position).abandoned
        return said + (f"; dissolved at this phase, abandoned: {', '.join(gone)} ('Disband all units of any power "
                       "that has been abandoned')" if gone else "")

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        from gm_tools.systems.europe1615.report import sections

        return sections(variant, record)


def _titles(variant: Variant) -> dict[str, str]:
    """Each name of a sanction -> its key: the titles, then the other names the text uses."""
    sanctions = setup_of(variant).sanctions
    return {**{s.title: k for k, s in sanctions.items()}, **{a: k for k, s in sanctions.items() for a in s.aliases}}


def _timeline_sheet(variant: Variant, position: Position) -> Table:
    """'The GM will submit a randomly-generated timeline before the start of the game': the
    timeline as it stands, for the GM to edit; left empty at the first Status Check, it is
    drawn from the game's seed."""
    setup = setup_of(variant)
    rows = [[setup.sanctions[k].title, at] for k, at in state_of(position).timeline if k in setup.sanctions]
    return Table(TIMELINE, (Column("Sanction", CHOICE, tuple(_titles(variant)), editable=True, width=32),
                            Column("Phase", editable=True, width=10)), rows=rows,
                 blank_rows=0 if rows else len(setup.sanctions) + 2)


def _season_code(variant: Variant, typed: str, roles) -> str | None:
    """A phase as the rulebook's timeline writes it, 'Summer 1616', as its code (U1616M); its
    'Winter 1618' is the Late Winter's builds (W1618A). None for any other text."""
    m = re.fullmatch(r"(\D+?)\s+(\d{4})", typed)
    names = {n.lower(): c for c, n in variant.calendar.season_names.items()} | {"winter": "W", "autumn": "F"}
    season = names.get(" ".join(m.group(1).lower().split())) if m else None
    kinds = [f"{season}{m.group(2)}{k}" for c, k in variant.calendar.phases if c == season
             and phase_role(variant, f"{season}{m.group(2)}{k}") in roles] if season else []
    return kinds[0] if kinds else None


def _check_timeline(variant: Variant, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    from gm_tools.engine.phase import PhaseError, check_phase, phase_title
    from gm_tools.systems.europe1615.phases import phase_key
    from gm_tools.systems.europe1615.sanctions import typed_roles

    titles, problems, timeline = _titles(variant), [], []
    roles, start = typed_roles(variant), variant.calendar.first_phase
    first_year = setup_of(variant).sanction_years[0] or parse_phase(variant.calendar.first_phase).year + 1
    # every phase the sheet takes, as the first year of the timeline has them: S1616M, ..., W1616A
    taken = [f"{season}{first_year}{kind}" for season, kind in variant.calendar.phases
             if phase_role(variant, f"{season}{first_year}{kind}") in roles]
    examples = " or ".join([", ".join(taken[:-1]), taken[-1]] if len(taken) > 1 else taken)
    named_in_rows = set()  # a sanction whose row is wrong elsewhere is not missing
    for row in rows:
        # both cells of a row checked, every row, so the GM hears of every mistake at once
        title, typed = row.values.get("Sanction"), str(row.values.get("Phase") or "").strip()
        named = bool(title) and title in titles
        if named:
            named_in_rows.add(titles[title])
        else:
            problems.append(_problem(row.cells["Sanction"], repr(title) if title else EMPTY_CELL,
                                     f"one of the sanctions: {', '.join(s.title for s in setup_of(variant).sanctions.values())}"))
        try:
            phase = check_phase(variant.calendar, _season_code(variant, typed, roles) or typed.upper())
        except PhaseError:
            phase = None
        if phase is None or phase_role(variant, phase.id) not in roles:
            problems.append(_problem(row.cells["Phase"], repr(typed) if typed else EMPTY_CELL,
                                     f"a phase a sanction may come into effect in, as in {first_year}: "
                                     f"{examples}"))
        elif phase_key(variant, phase.id) < phase_key(variant, start):
            # 'The GM will submit a randomly-generated timeline before the start of the game
            # showing on which year & season a particular sanction will come into effect': a
            # phase of the game (its 1616 is an example's)
            problems.append(_problem(row.cells["Phase"], repr(typed), "a phase of the game, from its first "
                                     f"({start}, {phase_title(variant.calendar, start)}) on: 'The GM will submit a "
                                     "randomly-generated timeline before the start of the game showing on which "
                                     "year & season a particular sanction will come into effect'"))
        elif named:
            timeline.append([titles[title], phase.id])
    missing = sorted(set(titles.values()) - named_in_rows)
    if named_in_rows and missing:
        names = ", ".join(setup_of(variant).sanctions[k].title for k in missing)
        # the names in the expected words, which are shown whole: the GM types each of them
        problems.append(_problem(_first_free(rows, "Sanction"), EMPTY_CELL,
                                 f"a row for each sanction missing, {names}: each sanction at least once ('The "
                                 "complete timeline will have each sanction appearing at least once')"))
    return ({"timeline": timeline} if timeline else {}), problems


def _first_free(rows: list[InputRow], header: str) -> str:
    """The cell of ``header``'s column in the first row below the header that holds no entry:
    where a missing entry is to be typed."""
    sheet, first = rows[0].cells[header].split("!")
    column = first.rstrip("0123456789")
    used = {int(row.cells[header].split("!")[1][len(column):]) for row in rows}
    number = next(n for n in range(2, len(used) + 3) if n not in used)
    return f"{sheet}!{column}{number}"


def _disbands_sheet(variant: Variant, position: Position) -> Table:
    """'If the minor state has 2 or more units, and one or more of its non-home centers are
    captured, the aligned power will submit the orders to disband in the Early Winter
    Adjustment Phase': one row per unit to disband; the third column says what is due."""
    from gm_tools.systems.europe1615.phases import required_disbands

    setup, state = setup_of(variant, position), state_of(position)
    table = statuses(setup, state, position)
    due = required_disbands(setup, state, position)
    rows = [[table[m].power if table[m].status == "ALIGNED" else None, None,
             f"{m}: {n} to disband of {', '.join(sorted(str(u) for u in position.units.values() if u.power == m))}"]
            for m, n in sorted(due.items())]
    return Table(DISBANDS, (power_column("Power", variant, setup.powers, editable=True, width=14),
                            Column("Unit", editable=True, width=12), Column("Due", width=48)),
                 rows=rows, blank_rows=2)


def _check_disbands(variant: Variant, position: Position, rows: list[InputRow], typed=None) -> tuple[dict, list[Problem]]:
    """The disbands the rows order; ``typed``, a list, is given each one's result line with its
    row's Power and Unit cells (the Due column is the sheet's note, not the order)."""
    from gm_tools.systems.europe1615.phases import required_disbands

    setup, state = setup_of(variant, position), state_of(position)
    table = statuses(setup, state, position)
    due = required_disbands(setup, state, position)
    disbands, problems, count, named = [], [], {}, {}
    for row in rows:
        power, text = row.values.get("Power"), (row.values.get("Unit") or "").upper().split()
        if not text:
            continue  # a row with only the note of what is due, or the power alone: nothing ordered
        province = province_of(text[-1])
        unit = position.units.get(province)
        minor = unit.power if unit is not None else None
        kind = _KINDS.get(text[-2]) if len(text) > 1 else None
        if minor not in due:
            problems.append(_problem(row.cells["Unit"], repr(row.values.get("Unit")),
                                     "a unit of a minor state with a disband due: " +
                                     (", ".join(f"{m} ({n})" for m, n in sorted(due.items())) or "none is due")))
        elif kind is not None and kind != unit.kind:
            # refused as an order for a unit that is not there: the army at POM is no 'F POM'
            problems.append(_problem(row.cells["Unit"], repr(row.values.get("Unit")), f"the unit there, '{unit}'"))
        elif not (table[minor].status == "ALIGNED" and table[minor].power == power):
            problems.append(_problem(row.cells["Power"], repr(power), f"the power {minor} is aligned with ('the "
                                     "aligned power will submit the orders to disband')"))
        elif province in named:
            # a disband cannot be taken back: a unit named again is more likely another unit meant
            problems.append(_problem(row.cells["Unit"], repr(row.values.get("Unit")),
                                     f"a unit not named on an earlier row ({unit} is named at {named[province]})"))
        elif count.get(minor, 0) >= due[minor]:
            problems.append(_problem(row.cells["Unit"], repr(row.values.get("Unit")),
                                     f"at most {due[minor]} disband(s) for {minor}"))
        else:
            count[minor] = count.get(minor, 0) + 1
            named[province] = row.cells["Unit"]
            disbands.append({"power": power, "minor": minor, "province": province})
            if typed is not None:  # the line early_winter words for it: '{unit} D', the minor's
                typed.append(typed_row(minor, f"{unit} D", InputRow(
                    {h: row.values.get(h) for h in ("Power", "Unit")}, {h: row.cells[h] for h in ("Power", "Unit")})))
    return ({"disbands": disbands} if disbands else {}), problems


def _rulings_sheet(variant: Variant, position: Position) -> Table:
    """'Modifiers may overlap. It is at the discretion of the GM to resolve the overlapping of
    rules': a sanction listed here is suspended, with the GM's reason, until its row is cleared."""
    setup, state = setup_of(variant, position), state_of(position)
    return Table(RULINGS, (Column("Sanction", CHOICE, tuple(_titles(variant)), editable=True, width=32),
                           Column("Reason", editable=True, width=60)),
                 rows=[[setup.sanctions[k].title, why] for k, why in state.rulings.items() if k in setup.sanctions],
                 blank_rows=2)


def _check_rulings(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    titles, state = _titles(variant), state_of(position)
    rulings, problems = {}, []
    # the ones a ruling may suspend, named: the sheet's dropdown offers every sanction
    on = ", ".join(s.title for k, s in setup_of(variant, position).sanctions.items() if k in state.sanctions_on)
    in_effect = f"a sanction that has come into effect ({on or 'none has yet'})"
    for row in rows:
        title, reason = row.values.get("Sanction"), row.values.get("Reason")
        if not title and not reason:
            continue
        if title not in titles or titles[title] not in state.sanctions_on:
            problems.append(_problem(row.cells["Sanction"], repr(title) if title else EMPTY_CELL, in_effect))
        elif not reason:
            problems.append(_problem(row.cells["Reason"], EMPTY_CELL, "the GM's reason for suspending it (it is "
                                     "published with the phase)"))
        else:
            rulings[titles[title]] = str(reason)
    return rulings, problems


def _spanish_units(variant: Variant, position: Position) -> dict[str, str]:
    """Unit (``A MIL``) -> its province: the units of Spain's side (its own, its aligned
    minors'), which the Treaty of Lyon keeps out of Switzerland."""
    setup, state = setup_of(variant, position), state_of(position)
    table = statuses(setup, state, position)
    side = {m for m, s in table.items() if s.status == "ALIGNED" and s.power == "SPAIN"} | {"SPAIN"}
    return {str(u): p for p, u in sorted(position.units.items()) if u.power in side}


def _passage_sheet(variant: Variant, position: Position) -> list[Table]:
    """'Spain will be unable to move a unit through Switzerland, unless France permits it': while
    the Treaty of Lyon is in effect, the GM lists the Spanish units France lets through in this
    phase (France's word, by mail or at the table)."""
    from gm_tools.systems.europe1615.sanctions import lyon_in_effect

    if not lyon_in_effect(setup_of(variant, position), state_of(position), position):
        return []
    return [Table(PASSAGE, (Column("Spanish unit", CHOICE, tuple(_spanish_units(variant, position)), editable=True,
                                   width=14),), blank_rows=3)]


def _check_passage(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[list[str], list[Problem]]:
    units = _spanish_units(variant, position)
    passage, problems = [], []
    for row in rows:
        unit = row.values.get("Spanish unit")
        if not unit:
            continue
        if unit not in units:
            problems.append(_problem(row.cells["Spanish unit"], repr(unit), "a unit of Spain or of a minor state "
                                     f"aligned with Spain ({', '.join(units) or 'none on the board'}): 'Spain will be "
                                     "unable to move a unit through Switzerland, unless France permits it'"))
        elif units[unit] not in passage:
            passage.append(units[unit])
    return sorted(passage), problems


def _waived_place(variant: Variant, text: str) -> str | None:
    """The land province a Waivers row names, by code or name, or None."""
    text = text.strip()
    code = text.upper() if text.upper() in variant.provinces else province_of(variant.lookup.get(text.lower(), ""))
    province = variant.provinces.get(code)
    return code if province is not None and province.type != SEA else None


def _blank(missing: str, what: str, *columns: str) -> str:
    """What a row with an empty cell lacks: ``a value in its INFs column (a deployment row
    needs Power, INFs and Minor state)``."""
    return f"a value in its {missing} column ({what} row needs {', '.join(columns[:-1])} and {columns[-1]})"


def _problem(ref: str, found: str, expected: str, whole: bool = False) -> Problem:
    sheet, cell = ref.split("!")
    return (WholeSheetProblem if whole else Problem)(sheet, cell, found, expected)


HOOKS = Europe1615Hooks()
