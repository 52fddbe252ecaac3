"""Europe 1619's Diplomatic Phase sheets checked: INF Placements, Attacks, Declarations and the
GM's Papal Protection sheet, each row read as its power's order line (``5: BRE``, ``BRAP >
FRANCE``, ``WAR: SPAIN``) and the phase run on them, so every entry the rules would void is a
problem at its cell.

Rulebook: ``002_e7e1b063b6c411e5.txt``, 'Diplomatic Phase'.
"""

from __future__ import annotations

import re

from gm_tools.errors import OrderError, Problem
from gm_tools.engine.hooks import InputRow, Typed, typed_row
from gm_tools.engine.model import INVALID, Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influenceorders import attack_arrows, infs_count
from gm_tools.systems.europe1619.entries import sheet_form
from gm_tools.systems.europe1619.sheets import (ATTACKS, DECLARATION_KINDS, DECLARATIONS_IN, INF_PLACEMENTS,
                                                 PAPAL_PROTECTION, PAPAL_SUPPORT, _cell, _missing, _setup)


def _papal_findings(variant: Variant, position: Position, rows: list[InputRow], problems: list[Problem]) -> list[dict]:
    """The GM's rows of the Papal Protection sheet as events for the phase; a year outside
    the game's past Orders Phases or an empty cell is a problem."""
    first, year = parse_phase(variant.calendar.first_phase).year, parse_phase(position.phase).year
    years = f"the year of an Orders Phase played, {first} to {year - 1}"
    found = []
    for row in rows:
        if _missing(row, ("Year", PAPAL_SUPPORT), {"Year": years, PAPAL_SUPPORT: "what the Papacy supported, like 'A ROM S A TUS-GEN, on Spain'"}, problems):
            continue
        if not first <= row.values["Year"] < year:
            sheet, cell = _cell(row, "Year")
            problems.append(Problem(sheet, cell, str(row.values["Year"]), years))
            continue
        note = f"the Papacy supported an attack on a Catholic power in {row.values['Year']}: {row.values[PAPAL_SUPPORT]}"
        found.append({"event": "supported_attack_on_catholic", "year": row.values["Year"], "note": note})
    return found


def check_diplomatic(variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
    """Each row becomes an order line of its power (``5: BRE``, ``BRAP > FRANCE``,
    ``WAR: SPAIN``); the Diplomatic Phase is then run on them, and every order it voids is
    a problem at the row's cell."""
    from gm_tools.systems.europe1619.diplomatic_phase import run_on_position

    setup = _setup(variant, position)
    problems: list[Problem] = []
    papal_events = _papal_findings(variant, position, rows.get(PAPAL_PROTECTION, []), problems)
    orders: dict[str, list[str]] = {}
    where: dict[tuple[str, int], tuple[str, str, str]] = {}  # (power, index) -> sheet, cell, written

    def add(power: str, text: str, row: InputRow, header: str) -> None:
        lines = orders.setdefault(power, [])
        sheet, cell = _cell(row, header)
        where[(power, len(lines))] = (sheet, cell, text)
        lines.append(text)

    power_expected = f"a power in play: {', '.join(setup.powers)}"
    for row in rows.get(INF_PLACEMENTS, []):
        infs = infs_count(row.values["INFs"])
        if isinstance(row.values["INFs"], str) and infs is None:  # no count: perhaps another sheet's entry
            problems.append(_not_a_number(row))
            continue
        if _missing(row, ("Power", "INFs", "Minor state"), {
            "Power": power_expected, "INFs": "a number of INFs above 0",
            "Minor state": "a minor state code like BRE"}, problems):
            continue
        if infs <= 0:
            # 'may not ... remove INFs from a state once they are placed': only a positive number
            sheet, cell = _cell(row, "INFs")
            problems.append(Problem(sheet, cell, str(row.values["INFs"]), "a number of INFs above 0: INFs once "
                                    "placed may not be removed except by a diplomatic attack"))
            continue
        # The INFs cell is where an over-allotment is fixed; the minor's cell for the rest.
        add(row.values["Power"], _line(INF_PLACEMENTS, row), row, "Minor state")
    for row in rows.get(ATTACKS, []):
        if _missing(row, ("Power", "Attack"), {"Power": power_expected,
                                                "Attack": "a diplomatic attack '[minor state] > [power]' like BRAP > FRANCE"}, problems):
            continue
        text = row.values["Attack"]
        if ">" not in attack_arrows(text):  # perhaps another sheet's entry: sheet_form names it
            problems.append(Problem(*_cell(row, "Attack"), repr(text),
                                    "a diplomatic attack '[minor state] > [power]' like BRAP > FRANCE" + sheet_form(text)))
            continue
        add(row.values["Power"], _line(ATTACKS, row), row, "Attack")
    for row in rows.get(DECLARATIONS_IN, []):
        if _missing(row, ("Power", "Kind", "Other power"), {
            "Power": power_expected, "Kind": f"one of {', '.join(DECLARATION_KINDS)}",
            "Other power": power_expected}, problems):
            continue
        add(row.values["Power"], _line(DECLARATIONS_IN, row), row, "Other power")
    # The phase itself, as it will be played: the board's captures and the GM's findings count.
    # With rows that cannot be read it is still run on those that can, so the GM hears of every
    # entry the rules refuse at once, not in a second round; but an attack is judged only on the
    # whole sheet (a row left out may hold the INFs it needs), and the sheet is refused anyway.
    unread = bool(problems)
    _, outcome = run_on_position(setup, position, orders, papal_events)
    rank = {p: i for i, p in enumerate(setup.powers)}
    keys = sorted(where, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
    for key, result in zip(keys, outcome.results):
        if result.result != INVALID:
            continue
        sheet, cell, written = where[key]
        if unread and sheet == ATTACKS:
            continue
        if sheet == INF_PLACEMENTS and "INFs for" in result.reason:
            cell = "B" + cell[1:]  # the allotment is fixed in the INFs column
        reason = _first_at(result.reason, [where[k] for k in keys if k[0] == key[0] and k[1] < key[1]])
        if sheet == ATTACKS:
            reason = _both_halves(setup, key[0], written) or reason
        problems.append(Problem(sheet, cell, f"{written!r} ({result.power})", _expected(reason)))
    if unread:
        return {}, problems
    inputs = {key: value for key, value in (("orders", orders), ("papal_events", papal_events)) if value}
    return inputs, problems


def _line(sheet: str, row: InputRow) -> str:
    """The power's order line a checked row of ``sheet`` is read as (``5: BRE``, ``BRAP > FRANCE``,
    ``WAR: SPAIN``)."""
    if sheet == INF_PLACEMENTS:
        infs = infs_count(row.values["INFs"])  # '3 INFs' is placed as the 3 it counts
        return f"{row.values['INFs'] if infs is None else infs}: {row.values['Minor state']}"
    if sheet == ATTACKS:
        return row.values["Attack"]
    return f"{row.values['Kind'].upper()}: {row.values['Other power']}"


def entered_at_diplomatic(variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[Typed]:
    """Each row's result line (its power and the order as the phase words it, ``3: BOHC``) with
    the row's cells, for the Results sheet (:meth:`~gm_tools.engine.hooks.SheetHooks.entered_at`)."""
    from gm_tools.systems.europe1619.orders import read_order

    setup, typed = _setup(variant, position), []
    for sheet in (INF_PLACEMENTS, ATTACKS, DECLARATIONS_IN):
        for row in rows.get(sheet, []):
            power, text = row.values.get("Power"), _line(sheet, row)
            try:
                order = read_order(setup, power, text).canonical()
            except OrderError:  # a line the phase voids is recorded as written, spaces joined
                order = " ".join(text.split())
            typed.append(typed_row(power, order, row))
    return typed


def _first_at(reason: str, earlier: list[tuple[str, str, str]]) -> str:
    """A second declaration or attack's reason ("... 'WAR: SPAIN' came first") with the cell of
    the first: the first of the power's ``earlier`` entries (sheet, cell, written) written so.
    Only the refusal's words: the phase's result, recorded, keeps its own."""
    if not reason.endswith("' came first"):
        return reason
    for sheet, cell, written in earlier:
        if reason.endswith(f"{' '.join(written.split())!r} came first"):
            return f"{reason}, at {sheet}!{cell}"
    return reason


def _both_halves(setup, power: str, written: str) -> str | None:
    """An attack wrong on both sides of its '>' (``BRX > FRANSE``) as its refusal, both mistakes
    named, as Europe 1615's sheet names them, or wrong on one side with the power or minor state
    it may have meant where the phase names none (``LOR > Cat``: a minor state's code, the start
    of the Catholic League's name); None for any other. Only the refusal's words: the
    phase's result, recorded, keeps the first mistake alone, so recorded games replay as played."""
    from gm_tools.systems.europe1619.orders import read_order

    said = []
    for both in (False, True):
        try:
            read_order(setup, power, written, both_halves=both)
            return None
        except OrderError as e:
            said.append(e)
    first, both = said
    if str(both) == str(first):
        return None
    whole = getattr(both, "found", None) == repr(" ".join(written.split()))  # each half says what it found
    near = f" (did you mean {both.suggestion}?)" if both.suggestion and not whole else ""  # 'LOR > Cat': LEAGUE
    return f"{both.kind}: {both.expected if whole else both.reason}{near}"


def _expected(reason: str) -> str:
    """A rules engine's reason as the "expected" half of a problem line."""
    for prefix in ("illegal: ", "unreadable: ", "ambiguous: "):
        reason = reason.removeprefix(prefix)
    return f"an order the rules allow ({reason})"


def _not_a_number(row: InputRow) -> Problem:
    """An INFs cell holding words, not a number: named for what it is when it is another
    sheet's entry, read with the row's minor state ('war' and SPAIN: 'war: SPAIN', a
    declaration) or alone ('BRAP > FRANCE', an attack)."""
    text, minor = row.values["INFs"], row.values["Minor state"]
    lines = ([f"{text}: {minor}"] if minor else []) + [text]
    named = next((form for form in map(sheet_form, lines) if form), "")
    number = re.match(r"\s*(\d+)\s*([.,]\d*)?", str(text))
    if number and number.group(2) and number.group(2)[1:].strip("0"):  # '3.5': INFs are counted whole
        named = ", a whole number"
    elif number and "is an INF placement" in named:
        # the placement typed whole in the INFs cell ('3 INFs to BRE'): it is on its sheet, in the wrong cell
        named = f": the number alone ({number.group(1)}), the minor state in the Minor state column"
    return Problem(*_cell(row, "INFs"), repr(text), "a number of INFs above 0" + named)


UNPLACED = "INFs not placed are lost: 'may not save unused INFs for the following year'"
"""What the Diplomatic Phase does with the INFs a power leaves unplaced (its report: 'unused, lost')."""


def placements_in_part(variant: Variant, position: Position,
                       rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
    """The powers that sent something on the phase's sheets and left some of their INFs
    unplaced, as the phase played on the rows as they stand leaves them ('Players should use
    all INFs available for the year'). While a row cannot be read (no phase is played on the
    rows then) the turn refuses the sheets and says why: nothing is said here then."""
    from gm_tools.systems.europe1619.diplomatic_phase import run_on_position

    inputs, problems = check_diplomatic(variant, position, rows)
    sent = {str(r.values.get("Power") or "").upper() for t in (INF_PLACEMENTS, ATTACKS, DECLARATIONS_IN)
            for r in rows.get(t, [])}
    if (problems and not inputs) or not sent:
        return []
    setup = _setup(variant, position)
    _, outcome = run_on_position(setup, position, inputs.get("orders", {}), inputs.get("papal_events", ()))
    allotment = setup.allotment(outcome.year)
    return [(p, f"{outcome.unused[p]} of {allotment[p]} INF{'s' * (allotment[p] != 1)} not placed", UNPLACED)
            for p in setup.powers if p in sent and outcome.unused.get(p)]
