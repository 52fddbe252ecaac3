"""Europe 1615 (version 2)'s sheets: the INF placements the GM types for the Political and
Religious Influence Phase and the diplomatic attacks for the Diplomatic Attacks phase after it
(once the placements are published), the Alliances and Waivers, and the computed Influence
Tracker, Home Boxes, Treasury and Penalties written back after every phase; the Payola sheets
(Offers, Reference Lists) are :mod:`.payolasheets`.

Rulebook: ``001_6f4a9c76b6e5774a.txt``, '3 POLITICAL AND RELIGIOUS INFLUENCE PHASE' ('The GM
then publishes the distribution of INFs'; 'Each player submits an order to perform a diplomatic
attack, which indicates the name of minor state and the target of the attack'). Plain data
only; openpyxl stays in :mod:`gm_tools.edges.workbook`. Every entry is checked by the rules
themselves (:mod:`.politics`), so an entry the rules would refuse is a problem naming its cell
and nothing is written.

Inputs (stored in the history record's ``extra["europe1615v2"]``): ``{"placements": [{power,
infs, where}]}`` in the influence phase, ``{"attacks": [{power, choice, where, target}]}`` in
the attacks phase; ``where`` is a minor state's code
or a power's code for its home box.
"""

from __future__ import annotations

import difflib
import re

from gm_tools.engine.hooks import INTEGER, Column, InputRow, SheetHooks, Table, power_column
from gm_tools.engine.model import Position
from gm_tools.engine.phase import parse_phase
from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL, Problem, WholeSheetProblem, did_you_mean
from gm_tools.systems.europe1615v2 import politics
from gm_tools.systems.europe1615v2.calendar import ATTACKS as ATTACKS_ROLE
from gm_tools.systems.europe1615v2.calendar import INFLUENCE, MOVEMENT, RETREATS, TAXATION, phase_role
from gm_tools.systems.europe1615v2.phases import attacks_enabled
from gm_tools.systems.europe1615v2.setup import Setup, setup_of
from gm_tools.systems.europe1615v2.state import state_of

PLACEMENTS = "INF Placements"
OFFERS = "Offers"
ALLIANCES = "Alliances"
WAIVERS = "Waivers"
POINTS = "Victory Points"
REFERENCE = "Reference Lists"
ATTACKS = "Diplomatic Attacks"
TRACKER = "Influence Tracker"
BOXES = "Home Boxes"
TREASURY = "Treasury"
PENALTIES = "Penalties"
BLANK_ROWS = 40


def _problem(ref: str, found: str, expected: str, whole: bool = False) -> Problem:
    sheet, cell = ref.split("!")
    return (WholeSheetProblem if whole else Problem)(sheet, cell, found, expected)


def _neutral(variant: Variant, position: Position) -> str | None:
    from gm_tools.systems.europe1615v2.players import neutral_power

    return neutral_power(variant, state_of(position), parse_phase(position.phase).year)


def _neutral_problem(cell: str, power: str) -> Problem:
    return _problem(cell, repr(power), f"a power a player holds: {power} is neutral ('France is neutral ... France "
                                       "joins player with highest roll in 1618')")


def _row(variant: Variant, position: Position, row: InputRow, required: tuple[str, ...], what: str,
         problems: list[Problem]) -> bool:
    """Whether an entry row can be read: every ``required`` cell filled, and its Power one a
    player holds (not the neutral France of the 3-player game). Otherwise its problem is added."""
    missing = next((k for k in required if row.values.get(k) in (None, "")), None)
    if missing:
        needs = f"{', '.join(required[:-1])} and {required[-1]}"
        problems.append(_problem(row.cells[missing], EMPTY_CELL,
                                 f"a value in its {missing} column ({what} row needs {needs})"))
        return False
    power = row.values.get("Power")
    if power == _neutral(variant, position):
        problems.append(_neutral_problem(row.cells["Power"], power))
        return False
    return True


def where_of(setup: Setup, variant: Variant, text: str) -> str | None:
    """A minor state's code, or a power's code for its home box, from what the GM typed
    (a code, a name or a power's alias, any case); None if it is neither."""
    # 'England's home box', as the influence page writes it
    word = re.sub(r"(?:['’]S)?\s+HOME\s+BOX$", "", text.strip().upper()).strip()
    if word in setup.minors or word in setup.powers:
        return word
    for code in setup.powers:
        # a power of two realms (Denmark/Sweden) goes by either name too, and every power by the
        # names its players' languages give it (Spanien, Danemark), as a mail's power line does
        name = variant.powers[code].name.upper()
        if word == name or ("/" in name and word in name.split("/")) or word.lower() in variant.powers[code].aliases:
            return code
    for code, minor in setup.minors.items():
        if minor.name.upper() == word:
            return code
    return None


class Europe1615v2Hooks(SheetHooks):
    name = "europe1615v2"
    mail_tables = True  # the statuses (and treasuries, rounds) are tables only: the judge text gives their rows
    # 'turn --lenient': a placement, attack, waiver, alliance or reference list the rules refuse is
    # one not made (an alliance may be agreed later, before 1618; a power's list stays as it was),
    # and an offer that cannot be read or carried out is one not made ('an offer with an
    # impossible order is ignored', Classic Payola)
    drops_invalid_rows = True
    lenient_sheets = (PLACEMENTS, ATTACKS, OFFERS, WAIVERS, ALLIANCES, REFERENCE)

    def input_sheets(self, variant: Variant, position: Position) -> list[Table]:
        sheets = self._phase_sheets(variant, position)
        if parse_phase(position.phase).year < setup_of(variant).alliances_until:
            # 'Two players, before the start of 1618, may form an alliance': whenever they agree
            # one, so every phase of those years offers the sheet. Optional outside the influence
            # phases, which always had it: a workbook laid out before reads as if left empty.
            sheets.append(_alliances_sheet(variant, position,
                                           optional=phase_role(variant, position.phase) != INFLUENCE))
        return sheets

    def _phase_sheets(self, variant: Variant, position: Position) -> list[Table]:
        from gm_tools.systems.europe1615v2.payolasheets import offers_sheet, reference_sheet

        role = phase_role(variant, position.phase)
        if role == MOVEMENT:
            return [offers_sheet(variant, position), _waivers_sheet(variant)]
        if role == RETREATS:
            # a retreat into a foreign center occupies it before the build phase as a move does
            # (optional: a retreat phase's workbook laid out before reads as if left empty)
            return [_waivers_sheet(variant, optional=True)]
        if role == TAXATION:
            return [reference_sheet(variant, position)]
        setup = setup_of(variant)
        power = power_column("Power", variant, setup.powers, editable=True, width=14)
        if role == INFLUENCE:
            return [Table(PLACEMENTS, (power, Column("INFs", INTEGER, editable=True, width=8, unit="INF"),
                                       Column("Minor state or home box", editable=True, width=24)),
                          blank_rows=BLANK_ROWS)]
        if role == ATTACKS_ROLE and attacks_enabled(variant):
            return [Table(ATTACKS, (power, Column("Order", INTEGER, editable=True, width=8, hooks_judge=True),
                                          Column("Minor state or home box", editable=True, width=24),
                                          power_column("Target", variant, setup.powers, editable=True, width=14)),
                          blank_rows=sum(1 + setup.alternates(p) for p in setup.powers))]
        return []

    def mail_note(self, variant: Variant, position: Position, checked: dict, sheet: str, values: list) -> str | None:
        """An offer the auction will ignore ('Players may not submit MOVE/ATTACK orders for
        foreign units, as these will be ignored'): typed as the sheet would hold it, and the
        player told why before the deadline rather than in his ledger after it."""
        from gm_tools.systems.europe1615v2.bribes import unit_province

        if sheet != OFFERS:
            return None
        power, amount, text = values[:3]
        province = unit_province(variant, str(text))
        why = next((entry["why"] for entry in checked.get("ignored", []) if entry["power"] == power
                    and entry["unit"] == province and entry["amount"] == amount), None)
        held = state_of(position).treasury.get(power, 0)
        if not why and isinstance(amount, int) and amount > held:
            from gm_tools.systems.europe1615v2.offerslips import over_treasury

            return over_treasury(power, held)
        return f"the auction ignores it: {why}" if why else None

    def warnings(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]) -> list[str]:
        from gm_tools.systems.europe1615v2.offerslips import offer_slips

        return offer_slips(variant, position, rows.get(OFFERS, [])) if phase_role(variant, position.phase) == MOVEMENT else []

    def check_inputs(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        inputs, problems = self._check_phase(variant, position, rows)
        if parse_phase(position.phase).year < setup_of(variant).alliances_until:
            alliances, more = _check_alliances(variant, position, rows.get(ALLIANCES, []))
            problems = problems + more
            if alliances:
                inputs = {**inputs, "alliances": alliances}
        return inputs, problems

    def _check_phase(self, variant: Variant, position: Position, rows: dict[str, list[InputRow]]):
        from gm_tools.systems.europe1615v2.payolasheets import check_offers, check_reference

        role = phase_role(variant, position.phase)
        if role == MOVEMENT:
            inputs, problems = check_offers(variant, position, rows.get(OFFERS, []))
            waivers, more = _check_waivers(variant, position, rows.get(WAIVERS, []))
            if waivers:
                inputs["waivers"] = waivers
            return inputs, problems + more
        if role == RETREATS:
            waivers, problems = _check_waivers(variant, position, rows.get(WAIVERS, []))
            return ({"waivers": waivers} if waivers else {}), problems
        if role == TAXATION:
            return check_reference(variant, rows.get(REFERENCE, []))
        if role == INFLUENCE:
            return _check_placements(variant, position, rows.get(PLACEMENTS, []))
        if role == ATTACKS_ROLE:
            return _check_attacks(variant, position, rows.get(ATTACKS, []))
        return {}, []

    def apply_inputs(self, variant: Variant, position: Position, inputs: dict) -> Position:
        """A movement phase: the auction, its winning orders kept for the adjudicator and its
        payments taken from the treasuries ('only the winning offers are paid, out of the
        game'); a Taxation/Revenue Phase: the reference lists submitted."""
        from gm_tools.systems.europe1615v2.bribes import decide
        from gm_tools.systems.europe1615v2.state import with_state

        role = phase_role(variant, position.phase)
        state = state_of(position)
        if inputs.get("alliances"):  # typed in any phase before 1618
            state.alliances = state.alliances + [tuple(a) for a in inputs["alliances"]]
            position = with_state(position, state)
        if role == TAXATION and inputs.get("acceptance"):
            state.acceptance.update({p: list(v) for p, v in inputs["acceptance"].items()})
            return with_state(position, state)
        if role == RETREATS and inputs.get("waivers"):
            state.waived = state.waived + [tuple(w) for w in inputs["waivers"]]
            return with_state(position, state)
        if role != MOVEMENT:
            return position
        done = decide(setup_of(variant), position, inputs, state.treasury, state.acceptance, state.seed)
        state.bribed = done.orders
        state.waived = state.waived + [tuple(w) for w in inputs.get("waivers", ())]
        for power, spent in done.spent.items():
            state.treasury[power] = state.treasury.get(power, 0) - spent
        return with_state(position, state)

    def orders_from_inputs(self, variant: Variant, board: Position, inputs: dict) -> dict[str, list[str]]:
        """'Then the chosen orders are adjudicated by the ordinary rules': each unit's winning
        order, in its owner's name."""
        orders: dict[str, list[str]] = {}
        for province, order in sorted(state_of(board).bribed.items()):
            unit = board.units.get(province)
            if unit is not None:
                orders.setdefault(unit.power, []).append(order)
        return orders

    def awaited_for(self, variant: Variant, position: Position,
                    rows: dict[str, list[InputRow]]) -> dict[str, str] | None:
        """In a movement phase, the powers with units on the board that have sent no offer sheet
        ('Players submit their offer sheet as describe at ... payolaclassic'): their unit orders
        are offers on the Offers sheet, never rows of the Orders sheet. Other phases: None."""
        if phase_role(variant, position.phase) != MOVEMENT:
            return None
        sent = {str(row.values.get("Power") or "").upper() for row in rows.get(OFFERS, [])}
        # the 3-player game's neutral France makes no offers ('France is neutral'): none awaited
        having = {unit.power for unit in position.units.values()} - {_neutral(variant, position)}
        return {p: "an offer sheet" for p in setup_of(variant).powers if p in having and p not in sent}

    def entered_in_part(self, variant: Variant, position: Position,
                        rows: dict[str, list[InputRow]]) -> list[tuple[str, str, str]]:
        """In a movement phase, the powers whose offer sheet left some of their units out."""
        from gm_tools.systems.europe1615v2.payolasheets import offers_in_part

        if phase_role(variant, position.phase) != MOVEMENT:
            return []
        return offers_in_part(variant, position, rows.get(OFFERS, []))

    def all_entered(self, variant: Variant, position: Position) -> str:
        """Its movement phase's entries are the offer sheets (:meth:`awaited`)."""
        return "every power with units has sent its offer sheet"

    def private_reports(self, variant: Variant, record: dict) -> dict[str, str]:
        from gm_tools.systems.europe1615v2.report import ledgers

        return ledgers(variant, record)

    def output_sheets(self, variant: Variant, position: Position) -> list[Table]:
        from gm_tools.systems.europe1615v2.occupation import revolts

        setup, state = setup_of(variant), state_of(position)
        table = politics.statuses(setup, state)
        powers = setup.powers
        tracker = Table(TRACKER, (Column("Minor state", width=12), Column("Name", width=22),
                                  Column("Political", width=22), Column("Religious", width=24))
                        + tuple(Column(variant.powers[p].name, INTEGER, width=10) for p in powers)
                        + (Column("Total", INTEGER, width=7), Column("Dominion", width=12),
                           Column("Contested by", width=12), Column("Revolt", width=40)))
        revolting = {setup.minor_of(c): f"{c}: {why}" for c, why in revolts(setup, table, position.centers).items()}
        for code, status in table.items():
            infs = state.influence.get(code, {})
            tracker.rows.append([code, setup.minors[code].name, status.describe().split("; ")[0],
                                 status.describe().split("; ")[1]] + [infs.get(p) or None for p in powers]
                                + [status.total, state.dominion.get(code), state.contested.get(code), revolting.get(code)])
        boxes = Table(BOXES, (Column("Home box", width=16),) + tuple(Column(variant.powers[p].name, INTEGER, width=10)
                                                                      for p in powers)
                      + (Column("Immune from the box's power", width=28),))
        for owner in powers:
            box = state.boxes.get(owner, {})
            immune = [p for p in powers if p != owner and politics.immune(setup, state, p, owner)]
            boxes.rows.append([variant.powers[owner].name] + [box.get(p) or None for p in powers]
                              + [", ".join(immune) or None])
        year = parse_phase(position.phase).year
        from gm_tools.systems.europe1615v2.players import neutral_power

        coming = year + (0 if phase_role(variant, position.phase) == INFLUENCE else 1)
        from gm_tools.systems.europe1615v2.rules import RULES

        # a game won at the opening of 1621 plays no more influence phases; a tie plays on
        over = RULES.winner(variant, position) or RULES.draw(variant, position)
        next_infs = {} if over else politics.yearly_infs(setup, coming, position.centers)
        next_infs.pop(neutral_power(variant, state, coming), None)
        treasury = Table(TREASURY, (Column("Power", width=16), Column("Treasury", INTEGER, width=10),
                                    Column("INFs due next phase of influence", INTEGER, width=30),
                                    Column("VP penalties", INTEGER, width=12)))
        for p in powers:
            treasury.rows.append([variant.powers[p].name, state.treasury.get(p), next_infs.get(p),
                                  sum(e["vps"] for e in state.penalties if e["power"] == p)])
        from gm_tools.systems.europe1615v2.scoring import victory_points

        final = year >= setup.end_year
        points = Table(POINTS, (Column("Power", width=16), Column("Gained beyond home", INTEGER, width=18),
                                Column("Home lost", INTEGER, width=10), Column("Penalties", INTEGER, width=10),
                                Column("Papal States", INTEGER, width=12), Column("Objectives", INTEGER, width=11),
                                Column("Total", INTEGER, width=8)))
        for p, b in victory_points(setup, state, position, final).items():
            points.rows.append([variant.powers[p].name, b.gained, b.lost, b.penalties, b.papal,
                                sum(b.objectives.values()) if final else None, b.total])
        penalties = Table(PENALTIES, (Column("Phase", width=10), Column("Power", width=12), Column("Minor", width=8),
                                      Column("VPs", INTEGER, width=6), Column("Rule", width=70)),
                          rows=[[e["phase"], e["power"], e["minor"], e["vps"], e["why"]] for e in state.penalties])
        return [tracker, boxes, treasury, points, penalties]

    def report_sections(self, variant: Variant, record: dict) -> list[tuple[str, str]]:
        from gm_tools.systems.europe1615v2.report import sections

        return sections(variant, record)


def _box(setup: Setup, variant: Variant, row: InputRow, expected: str, problems: list[Problem],
         placing: str | None = None) -> str | None:
    """The minor state or home box a placement (by ``placing``) or an attack names, or None with its problem."""
    text = row.values.get("Minor state or home box")
    where = where_of(setup, variant, str(text))
    if where is None:
        found, hint = unknown_place(setup, variant, str(text), placing)
        problems.append(_problem(row.cells["Minor state or home box"], found, expected + hint))
    return where


def unknown_target(setup: Setup, variant: Variant, target: object) -> tuple[str, str] | None:
    """(found, expected) for an attack's target that names no power in play, with the power a
    misspelling is nearest (``FRANSE``: did you mean FRANCE?); None when it names one."""
    if where_of(setup, variant, str(target)) in setup.powers:
        return None
    names = {variant.powers[code].name.upper(): code for code in setup.powers} | {code: code for code in setup.powers}
    meant = difflib.get_close_matches(str(target).strip().upper(), list(names), n=1, cutoff=0.6)
    hint = f" (did you mean {names[meant[0]]}?)" if meant else ""
    return repr(target), f"a power: {', '.join(setup.powers)}{hint}"


def unknown_place(setup: Setup, variant: Variant, text: str, placing: str | None = None) -> tuple[str, str]:
    """What a word that names no minor state or home box was (``'ROM', a province of the Papal
    States``) and the hint after what was expected: the state a province belongs to (``(did you
    mean PAP?)``), else the nearest codes (``(nearest: SWA, SAX, SAV)``), else every pliant one."""
    word = text.strip()
    province = variant.lookup.get(word.lower())
    whose = next((code for code, minor in setup.minors.items() if province in minor.provinces), None)
    if province and whose:
        return f"{word!r}, a province of {setup.minors[whose].in_text}", f" (did you mean {whose}?)"
    land = setup.domains.get(province)
    if land in setup.powers and land == placing:
        # one's own province names one's own box, where INFs are not placed but kept
        return (f"{word!r}, a province of {variant.powers[land].name}, no minor state",
                f" (INFs {land} does not place stay in its own home box: 'Any unused INFs are placed in the "
                "power's home box')")
    if land in setup.powers:
        # the letters of 'PAR' are near PRU's and POR's, but a player naming Paris means France
        return (f"{word!r}, a province of {variant.powers[land].name}, no minor state",
                f" (a power's home box is named by the power: {land})")
    # a name a letter wrong ('Lorrraine', 'Saxonny') is as plain as a code: the one meant, whose
    # code's letters would be far from it (LOR is no nearer than FRANCE to 'Lorrraine')
    names = {setup.minors[code].name.upper(): code for code in setup.pliant}
    names |= {variant.powers[code].name.upper(): code for code in setup.powers}
    meant = difflib.get_close_matches(word.upper(), list(names), n=1, cutoff=0.8)
    if meant:
        return repr(word), f" (did you mean {names[meant[0]]}?)"
    close = difflib.get_close_matches(word.upper(), sorted(setup.pliant) + list(setup.powers), n=3, cutoff=0.5)
    # near nothing: the codes it may be, as a cell of choices lists them (SAX was only an example)
    return repr(word), f" (nearest: {', '.join(close)})" if close else f" (the pliant minor states: {', '.join(sorted(setup.pliant))})"


def _check_placements(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    setup = setup_of(variant)
    year = parse_phase(position.phase).year
    problems: list[Problem] = []
    placements, cells = [], []
    for row in rows:
        if not _row(variant, position, row, ("Power", "INFs", "Minor state or home box"), "a placement", problems):
            continue
        power, infs = row.values.get("Power"), row.values.get("INFs")
        where = _box(setup, variant, row, "a pliant minor state's code (SAX) or another power's home box (FRANCE)",
                     problems, str(power))
        if where is None:
            continue
        placements.append(politics.Placement(power, int(infs), where))
        cells.append(row.cells)
    received = politics.receive(setup, state_of(position), year, position.centers, _neutral(variant, position))
    for i, why in sorted(politics.check_placements(setup, received, placements, year).items()):
        column = "INFs" if "INFs in all" in why or "expected 1 or more" in why else "Minor state or home box"
        # the home box's total is the power's whole list's: which row is too many is the player's to say
        problems.append(_problem(cells[i][column], repr(f"{placements[i].infs}: {placements[i].where}"),
                                 f"a placement the rules allow: {why}", "INFs in all" in why))
    return {"placements": [{"power": p.power, "infs": p.infs, "where": p.where} for p in placements]}, problems


def _check_attacks(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[dict, list[Problem]]:
    """Each order against the placements the GM published (the phase's board): one the power
    could make now, its alternates too."""
    setup = setup_of(variant)
    year = parse_phase(position.phase).year
    problems: list[Problem] = []
    attacks, cells = [], []
    expected = "a pliant minor state's code or the power's own home box"
    for row in rows:
        if not _row(variant, position, row, ("Power", "Minor state or home box", "Target"), "an attack", problems):
            if row.values.get("Minor state or home box") not in (None, ""):
                # a Target refused as the sheet was read (a misspelt power) reaches here empty: the
                # minor state beside it is named too, not after the power is fixed
                _box(setup, variant, row, expected, problems)
            continue
        power, choice, target = (row.values.get(k) for k in ("Power", "Order", "Target"))
        # an Order cell typed as a word is no order 0: named here, and kept out of the numbering
        unread = isinstance(choice, str)
        if unread:
            problems.append(_problem(row.cells["Order"], repr(choice), "a whole number (Order): 0 for the first "
                                     "order, 1 and up for the alternates"))
        where = _box(setup, variant, row, expected, problems)
        # the sheet's dropdown keeps the target a power; a mailed line is checked here, so that
        # a misspelt power is named as such and not as a power without INFs there, beside a
        # misspelt minor state too (both mistakes at once, not one per round of fixes)
        wrong = unknown_target(setup, variant, target)
        if wrong:
            problems.append(_problem(row.cells["Target"], *wrong))
        if where is None or wrong or unread:
            continue
        attacks.append(politics.Attack(power, where, where_of(setup, variant, str(target)), int(choice or 0)))
        cells.append(row.cells)
    for i, why in sorted(politics.check_attacks(setup, state_of(position), attacks, year,
                                                attacks_enabled(variant)).items()):
        a = attacks[i]
        # an order number the power may not use is the Order cell's fault (when the GM typed one)
        numbered = why.startswith((f"choice {a.choice}:", f"a second order {a.choice} ")) and "Order" in cells[i]
        if a.where == a.power and why.endswith(f" has no INFs in {a.where}"):
            # the rules' words name a minor state; in one's own home box 'ENGLAND has no INFs in
            # ENGLAND' read as nonsense to the GM and the player whose mail it refused
            who = why.removesuffix(f" has no INFs in {a.where}")
            why = (f"{a.power} keeps no INFs in its own home box to attack with ('Any unused INFs are placed in the "
                   f"power's home box')" if who == a.power else f"{who} has placed no INFs in {a.power}'s home box")
        # two orders of one number: which comes first is the player's to say, as with two orders for a unit
        problems.append(_problem(cells[i]["Order" if numbered else "Minor state or home box"],
                                 repr(f"{a.where} > {a.target} (order {a.choice})"), f"an attack the rules allow: {why}",
                                 why.startswith(f"a second order {a.choice} ")))
    return {"attacks": [{"power": a.power, "choice": a.choice, "where": a.where, "target": a.target}
                        for a in attacks]}, problems


def _alliances_sheet(variant: Variant, position: Position, optional: bool = False) -> Table:
    """'Two players, before the start of 1618, may form an alliance. This is a permanent
    agreement and is communicated to the GM and announced to the other players': the alliances
    so far (they stand whatever the sheet says), and rows for new ones."""
    setup = setup_of(variant)
    return Table(ALLIANCES, (power_column("Power", variant, setup.powers, editable=True, width=14),
                             power_column("Ally", variant, setup.powers, editable=True, width=14)),
                 rows=[list(a) for a in state_of(position).alliances], blank_rows=2, optional=optional)


def _check_alliances(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[list, list[Problem]]:
    """'Two players ... may form an alliance': an alliance joins two players, so two powers of
    one player (the setups for fewer players) make none, and a neutral France, which no player
    holds yet, cannot be an ally. A player has one alliance ('a permanent agreement')."""
    from gm_tools.systems.europe1615v2.players import players_of

    setup, state = setup_of(variant), state_of(position)
    sides = players_of(setup, variant, state, parse_phase(position.phase).year)
    player = {p: i for i, side in enumerate(sides) for p in side}
    neutral = _neutral(variant, position)
    known = {frozenset(a) for a in state.alliances}
    allied = {player.get(p) for a in known for p in a}
    new, problems = [], []
    for row in rows:
        power, ally = row.values.get("Power"), row.values.get("Ally")
        if not power and not ally:
            continue
        if frozenset((power, ally)) in known | {frozenset(a) for a in new}:
            continue  # an alliance already made, as the sheet lists it, or told by both allies
        found = repr(f"{power} - {ally}")
        if not power or not ally:
            problems.append(_problem(row.cells["Ally" if power else "Power"], EMPTY_CELL,
                                     f"the {'Ally' if power else 'Power'} of the alliance ({power or ally}'s)"))
        elif power == ally:
            problems.append(_problem(row.cells["Ally"], found, "two different powers"))
        elif neutral in (power, ally):
            problems.append(_neutral_problem(row.cells["Power" if power == neutral else "Ally"], neutral))
        elif player[power] == player[ally]:
            problems.append(_problem(row.cells["Ally"], found, f"another player's power: {'/'.join(sides[player[power]])} "
                                                              "is one player's, and 'Two players ... may form an alliance'"))
        elif len(sides) < 3:
            problems.append(_problem(row.cells["Ally"], found, "an alliance with other players to outscore: the "
                                     f"{len(sides)}-player game has none ('exceed the total VPs of the other three "
                                     "players')"))
        elif player[power] in allied or player[ally] in allied:
            taken = power if player[power] in allied else ally
            # one agreed before stands ('permanent'): this row alone is wrong; two typed now leave
            # which one the players agreed theirs to say, so a lenient turn stops
            now = player[taken] not in {player.get(p) for a in known for p in a}
            problems.append(_problem(row.cells["Ally"], found,
                                     f"players without an alliance: {taken}'s player already has one, and it is permanent",
                                     now))
        else:
            new.append([power, ally])
            allied |= {player[power], player[ally]}
    return new, problems


def _waivers_sheet(variant: Variant, optional: bool = False) -> Table:
    setup = setup_of(variant)
    return Table(WAIVERS, (power_column("Power", variant, setup.powers, editable=True, width=14),
                           Column("Center", editable=True, width=12)), blank_rows=6, optional=optional)


def _check_waivers(variant: Variant, position: Position, rows: list[InputRow]) -> tuple[list, list[Problem]]:
    """'The player occupying a foreign supply center prior to the build phase may waive the
    change in ownership of the center ... Once the decision is made no reversal is allowed until
    the next build phase.'"""
    setup = setup_of(variant)
    waivers, problems = [], []
    for row in rows:
        power, center = row.values.get("Power"), str(row.values.get("Center") or "").strip()
        # by code or name ('Portugal'), as the map names it; a coast's name is its province's
        center = variant.lookup.get(center.lower(), center.upper()).split("/")[0] if center else ""
        if not power and not center:
            continue
        if not power or not center:
            missing = "Power" if not power else "Center"
            problems.append(_problem(row.cells[missing], EMPTY_CELL,
                                     f"a value in its {missing} column (a waiver row needs Power and Center)"))
        elif center not in setup.values:
            # a slip of the keys gets the center meant, as a dropdown's cell does
            spelled = {**{c.lower(): c for c in setup.values},
                       **{variant.provinces[c].name.lower(): c for c in setup.values if c in variant.provinces}}
            hint = did_you_mean(str(row.values.get("Center")), spelled)
            # a province the map knows is no slip to hint at: a mail's refusal names no word it
            # knows, so the words say what is wrong with it
            known = variant.provinces.get(center)
            why = f": {center} ({known.name}) has none" if known is not None else f" ({hint})" if hint else ""
            problems.append(_problem(row.cells["Center"], repr(row.values.get("Center")),
                                     "a supply center, by code or name (POR, Portugal)" + why))
        elif position.centers.get(center) == power:
            problems.append(_problem(row.cells["Center"], repr(center), f"a foreign center: {power} owns {center}"))
        elif not _can_occupy(variant, position, power, center):
            # only 'the player occupying' has a change of ownership to waive; the Waivers sheet
            # comes with every movement and retreat phase, so the phase the unit goes in takes it
            problems.append(_problem(row.cells["Center"], repr(row.values.get("Center")),
                                     f"a center {power} occupies or can enter this phase ({center} holds no unit "
                                     f"of {power}'s and none can move there): 'The player occupying a foreign "
                                     "supply center prior to the build phase may waive the change in ownership'; "
                                     "a waiver goes with the orders that take the unit there, or after"))
        else:
            waivers.append([power, center])
    return waivers, problems


def _can_occupy(variant: Variant, position: Position, power: str, center: str) -> bool:
    """Whether ``power``'s unit is in ``center`` or can get there with this phase's orders: a
    move, a convoy over any power's fleets (a Payola bribe may buy them), or a retreat."""
    from gm_tools.engine.model import ARMY, province_of
    from gm_tools.engine.variant import SEA

    if position.dislodged:
        return (any(u.power == power and u.province == center for u in position.units.values())
                or any(d.unit.power == power and center in map(province_of, d.retreats)
                       for d in position.dislodged.values()))
    ours = [u for u in position.units.values() if u.power == power]
    if any(u.province == center or variant.can_reach_province(u.kind, u.location, center) for u in ours):
        return True
    fleets = {u.province for u in position.units.values() if variant.provinces[u.province].type == SEA}
    seas = {s for u in ours if u.kind == ARMY for at in variant.fleet_locations(u.province)
            for s in variant.fleet_reach.get(at, ()) if s in fleets}
    while True:  # the seas a chain of fleets reaches from an army's coast
        more = {s for sea in seas for s in variant.fleet_reach.get(sea, ()) if s in fleets} - seas
        if not more:
            return any(center in variant.fleet_reach.get(sea, ()) for sea in seas)
        seas |= more


HOOKS = Europe1615v2Hooks()
