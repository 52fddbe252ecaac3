"""A Europe 1615 (version 2) demo file's lines as the cells of the game's sheets.

In the Political and Religious Influence Phase a power's lines are INF placements
(``9: SAX``, ``5: FRANCE`` for France's home box); in the Diplomatic Attacks phase after it,
attack orders (``0: RHI > FRANCE``: the order's number, then the minor state or home box and the
target). In a movement phase they are
the power's offer sheet, ``amount : order`` ('Players submit their offer sheet as describe at
... payolaclassic'), for the Offers sheet; in the Taxation/Revenue Phase, a power's reference
list (``ENGLAND DENMARK FRANCE SPAIN AUSTRIA``). Lines of the other phases (retreats, builds)
are unit orders for the Orders sheet, save a retreat phase's waivers (``WAIVE: POR``).
A line in another phase's form (``9: SAX`` in a movement phase) is refused naming that phase.
"""

from __future__ import annotations

import difflib
import re

from gm_tools.engine.hooks import ORDERS
from gm_tools.engine.system import MailedRows
from gm_tools.errors import UserError
from gm_tools.systems.europe1615v2.calendar import ATTACKS as ATTACKS_ROLE
from gm_tools.systems.europe1615v2.calendar import BUILDS, INFLUENCE, MOVEMENT, RETREATS, TAXATION, phase_role
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.sheets import (ALLIANCES, ATTACKS, OFFERS, PLACEMENTS, REFERENCE, WAIVERS,
                                                  unknown_place, unknown_target, where_of)

_PLACEMENT = re.compile(r"^\s*(\d+)\s*:\s*([^>]+?)\s*$")
_INF_PLACEMENT = re.compile(r"^\s*(\d+)\s*INFs?\b\s*(?::|-|(?:to|in|into|on)\b)?\s*([A-Za-z][^>]*?)\s*$", re.IGNORECASE)
"""A placement that names its INFs ('6 INFs to Lorraine', '5 INF: LOR'): the word says what the
number counts, so it can be nothing else."""
_ATTACK = re.compile(r"^\s*(\d)\s*:\s*(\S+)\s*>\s*(\S+)\s*$")
_BARE_ATTACK = re.compile(r"^\s*[^\s:>]+\s*>\s*\S+\s*$")
"""An attack written as the rulebook's '[minor state] > [power]', without its order number."""


def sheet_cells(variant, phase: str, entry: dict, where: str) -> dict[str, object] | None:
    if phase_role(variant, phase) == MOVEMENT:
        return _offer_cells(phase, entry, where)
    if phase_role(variant, phase) == TAXATION:
        # the Reference Lists sheet has one row per power, in the variant's order
        powers = setup_of(variant).powers
        return {f"{REFERENCE}!B{2 + powers.index(p)}": " ".join(lines) for p, lines in entry.items() if p in powers}
    role = phase_role(variant, phase)
    if role not in (INFLUENCE, ATTACKS_ROLE):
        return None
    cells: dict[str, object] = {}
    row = 2
    for power, lines in entry.items():
        for line in lines:
            read = _influence_row(variant, role, power, line)
            if isinstance(read, str):
                raise UserError(f"{where} [{phase}] {power}: {line!r}, expected {read}")
            sheet, values = read
            for column, value in zip("ABCD", values):
                cells[f"{sheet}!{column}{row}"] = value
            row += 1
    return cells


def _influence_row(variant, role: str, power: str, line: str) -> tuple[str, list] | str:
    """A line of the influence phase (a placement) or of the attacks phase (an attack order) as
    its sheet's row, or the form the line should have had."""
    form = INFLUENCE_FORM if role == INFLUENCE else ATTACK_FORM
    line = _NOTE.sub("", line) or line  # '6: LOR (Lorraine)', '0: LOR > SPAIN # for Savoy'
    if role == INFLUENCE and _ATTACK_WORD.search(line):
        form = f"{form}; {_ATTACKS_LATER}"  # named only to a line that speaks of an attack
    elsewhere = misplaced(variant, role, line)
    if elsewhere:
        return f"{form}: {elsewhere}"
    several = _one_a_line(role, line)
    if several:
        return f"{form}: found {line.strip()!r}, {several}"
    if role == INFLUENCE:
        placed = _PLACEMENT.match(line) or _INF_PLACEMENT.match(line)
        if not placed:
            return form
        unknown = _unknown_box(variant, placed.group(2), "another power's home box (FRANCE)", power)
        return unknown or (PLACEMENTS, [power, int(placed.group(1)), placed.group(2)])
    attack = _ATTACK.match(line)
    if not attack:
        return form
    unknown = _unknown_box(variant, attack.group(2), "the power's own home box")
    target = unknown_target(setup_of(variant), variant, attack.group(3)) if unknown else None
    if target:  # both sides of the '>' wrong: both named at once
        found, expected = target
        unknown = f"before the '>', {unknown}; after it, {expected}, found {found}"
    return unknown or (ATTACKS, [power, int(attack.group(1)), attack.group(2), attack.group(3)])


def _one_a_line(role: str, line: str) -> str | None:
    """The lines a mailed line of several placements or attacks, one after another ('5: SAX,
    3: SAV'), should have been; None for any other line. Read as one, its minor state was 'SAX,
    3: SAV', refused as no minor state."""
    parts = [part.strip() for part in re.split(r"[,;]", line) if part.strip()]
    forms = (_PLACEMENT, _INF_PLACEMENT) if role == INFLUENCE else (_ATTACK, _BARE_ATTACK)
    if len(parts) < 2 or not all(any(form.match(part) for form in forms) for part in parts):
        return None
    noun = "placement" if role == INFLUENCE else "attack"
    return f"one {noun} a line: " + ", then ".join(repr(" ".join(part.split())) for part in parts)


_PHASES = {INFLUENCE: "the Political and Religious Influence Phase (INF placements)",
           ATTACKS_ROLE: "the Diplomatic Attacks phase after the placements are published",
           MOVEMENT: "a movement phase (the offer sheet)", TAXATION: "the Taxation/Revenue Phase"}
_UNIT = re.compile(r"^\s*[AF]\s+\S+", re.IGNORECASE)
_ALLIANCE = re.compile(r"^\s*(?:alliance|ally|allied|allies)\b", re.IGNORECASE)


def misplaced(variant, role: str, line: str, verb: str = "mailed") -> str | None:
    """What the line is when it has the form of another phase's line, and the phase that takes
    it; None when it is in no other phase's form. The other phases' forms overlap this one's
    (``9: SAX`` reads as an offer of 9 for a unit SAX), so the words decide."""
    if verb == "mailed" and _ALLIANCE.match(line):
        # 'communicated to the GM and announced to the other players': by both players, so the GM
        # types it (mail only: an Orders-sheet entry's reason may be kept in a lenient turn's record)
        return (f"found {line.strip()!r}, an alliance, which the GM types on the {ALLIANCES} sheet once both "
                "players have told him")
    setup = setup_of(variant)
    placed, attack, waive = _PLACEMENT.match(line), _ATTACK.match(line), _WAIVE.match(line)
    infs = placed or _INF_PLACEMENT.match(line)
    if role != INFLUENCE and infs and where_of(setup, variant, infs.group(2)) is not None:
        kind, phase = f"an INF placement on {infs.group(2).strip()}", INFLUENCE
    elif role != ATTACKS_ROLE and (attack or _BARE_ATTACK.match(line)):
        kind, phase = "an attack order", ATTACKS_ROLE
    elif role != MOVEMENT and placed and _UNIT.match(placed.group(2)):
        kind, phase = "an offer for a unit's order", MOVEMENT
    elif role not in (MOVEMENT, RETREATS, BUILDS) and _UNIT.match(line) and not placed and not attack:
        kind, phase = "a unit's order", MOVEMENT
    elif role not in (MOVEMENT, RETREATS) and waive:
        kind, phase = "a waiver of a center's change of ownership", "a movement or retreat phase"
    elif role != TAXATION and line.split() and all(where_of(setup, variant, w) in setup.powers for w in line.split()):
        kind, phase = "a reference list of powers", TAXATION
    else:
        return None
    said = f"found {line.strip()!r}, {kind}, which is {verb} in {_PHASES.get(phase, phase)}"
    if role == RETREATS and phase == MOVEMENT and placed and _UNIT.match(placed.group(2)):
        # Payola's 'Retreats and builds are ordered normally': the order meant, without its amount
        said += f"; a retreat is ordered without an amount: {placed.group(2).strip()!r}"
    return said


def misplaced_entry(variant, phase: str, text: str) -> str | None:
    """What an Orders-sheet entry no order can be read from is, when it is another sheet's:
    an offer in a movement phase ('Players submit their offer sheet'), a placement, an attack or
    a reference list of another phase; None otherwise (``Rules.misplaced``)."""
    role = phase_role(variant, phase)
    offer = _PLACEMENT.match(text)
    if role == MOVEMENT and offer and _UNIT.match(offer.group(2)):
        return (f"an offer on the {OFFERS} sheet: {text.strip()!r} is typed there as Power, Amount "
                f"({offer.group(1)}) and Order ({offer.group(2)})")
    elsewhere = misplaced(variant, role, text, "entered")
    return f"{UNIT_FORM}: {elsewhere}" if elsewhere else None


def _reference_fault(variant, lines: list[str]) -> tuple[int, str] | None:
    """Which line of a mailed reference list cannot be read and why, naming the word at fault;
    None when every word names a power (the sheet's check judges the rest)."""
    setup = setup_of(variant)
    form = f"a reference list, powers' codes highest first (SPAIN FRANCE ...): {', '.join(setup.powers)}"
    for at, line in enumerate(lines):
        elsewhere = misplaced(variant, TAXATION, line)
        if elsewhere:
            return at, f"{form}: {elsewhere}"
        for word in reference_words(line):
            if where_of(setup, variant, word) not in setup.powers:
                # a word like no power's is not given one ('Reference' is no near miss of FRANCE)
                close = difflib.get_close_matches(word.upper(), list(setup.powers), n=1, cutoff=0.6)
                return at, f"{form}: found {word!r}, which is no power" + (f" (nearest: {close[0]})" if close else "")
    return None


_LIST_LABEL = re.compile(r"^\s*(?:my\s+)?(?:(?:reference|acceptance)\s+list\s*:?|(?:reference|acceptance|list)\s*:)",
                         re.IGNORECASE)
_LIST_MARK = re.compile(r"^(?:\d+[.):]?|[-–—>]+)$")


def reference_words(line: str) -> list[str]:
    """The powers' words of a mailed reference list's line: without its label ('Reference
    list:'), the ranks of a numbered list ('1. ENGLAND') or the marks between its powers
    ('ENGLAND > DENMARK', 'ENGLAND - DENMARK'), which say only the order the words are in."""
    words = _LIST_LABEL.sub(" ", line).replace(",", " ").replace(">", " > ").split()
    return [w for w in words if not _LIST_MARK.match(w)]


def _unknown_box(variant, text: str, home: str, placing: str | None = None) -> str | None:
    """Why a placement's or an attack's minor state or home box names nothing the game knows,
    naming the word and the nearest codes; None when it is known (the sheet's check judges it)."""
    setup = setup_of(variant)
    if where_of(setup, variant, text) is not None:
        return None
    found, hint = unknown_place(setup, variant, text, placing)
    return f"a pliant minor state's code (SAX) or {home}, found {found}{hint}"


UNIT_FORM = "a unit's order"
OFFER_FORM = "an offer '5 : A PAR - BUR' (the amount, a colon, the order), or a waiver 'WAIVE: POR'"
_WAIVE = re.compile(r"^\s*WAIVER?\b\s*:?\s*(\S+)\s*$", re.IGNORECASE)
"""'WAIVE: POR', 'Waiver: POR'; not 'Waivers:', a heading, read as a center 'RS:'."""
INFLUENCE_FORM = "a placement '9: SAX' or '9 INFs to SAX' (the INFs, then the minor state or another power's home box)"
_ATTACK_WORD = re.compile(r"\battack|>", re.IGNORECASE)
_ATTACKS_LATER = "attacks are ordered in the Diplomatic Attacks phase once the placements are published, from the second year"
ATTACK_FORM = "an attack '0: RHI > FRANCE' (the order's number, the minor state or home box, the target)"


def mailed_rows(variant, phase: str, power: str, lines: list[str]) -> MailedRows | None:
    """A power's mailed lines as rows of the phase's input sheets: its offer sheet in a
    movement phase (Offers: Power, Amount, Order), with any waiver of a center's change of
    ownership (``WAIVE: POR``, Waivers: Power, Center), its INF placements in the Influence
    Phase, its attack orders in the Diplomatic Attacks phase, its reference list in the Taxation/Revenue Phase (the words of every
    line, highest first). Other phases' mail is unit orders (None)."""
    role = phase_role(variant, phase)
    rows: list = []
    if role == MOVEMENT:
        for line in lines:
            waive = _WAIVE.match(line)
            offer = _PLACEMENT.match(line) if ">" not in line and not waive else None
            elsewhere = misplaced(variant, role, line)
            if elsewhere:
                rows.append(f"{OFFER_FORM}: {elsewhere}")
            elif waive:
                rows.append((WAIVERS, [power, waive.group(1).upper()]))
            elif offer and len(offer.group(2).split()) < 2:
                # an order names its unit and what it does: one word is neither
                rows.append(f"{OFFER_FORM}: found {offer.group(2)!r} after the amount, which is no unit's order")
            else:
                rows.append((OFFERS, [power, int(offer.group(1)), _NOTE.sub("", offer.group(2))]) if offer
                            else _offer_near_miss(line))
        # a mail with no waiver leaves the power's waivers on their sheet as they are
        return MailedRows((OFFERS, WAIVERS) if any(r[0] == WAIVERS for r in rows if isinstance(r, tuple)) else (OFFERS,),
                          rows)
    elsewhere = [misplaced(variant, role, line) for line in lines] if role in (RETREATS, BUILDS) else []
    if role == RETREATS and any(_WAIVE.match(line) for line in lines):
        # a retreat into a foreign center may be waived too: the waivers go on their sheet, the
        # rest are the retreat orders
        for line, why in zip(lines, elsewhere):
            waive = _WAIVE.match(line)
            rows.append(f"{UNIT_FORM}: {why}" if why else
                        (WAIVERS, [power, waive.group(1).upper()]) if waive else (ORDERS, line))
        return MailedRows((WAIVERS, ORDERS), rows)
    if any(elsewhere):
        # '9: SAX' would be read as an order for a unit in '9 SAX': the line is named for what it is
        return MailedRows((ORDERS,), [f"{UNIT_FORM}: {why}" if why else (ORDERS, line)
                                      for line, why in zip(lines, elsewhere)])
    if role == TAXATION:
        # one list, however many lines the player wrapped it on
        fault = _reference_fault(variant, lines)
        rows = [(REFERENCE, [power, " ".join(w for line in lines for w in reference_words(line))])] if lines else []
        rows += [None] * (len(lines) - 1)
        if fault:
            # refused at the line at fault ('see you next turn' under the list), not at the list's first
            rows = [None] * len(lines)
            # the list is read whole, so one bad word leaves every line of it untyped: said, as
            # the GM saw only the one line refused and the power's list gone from the sheet
            rows[fault[0]] = fault[1] + (f"; none of the list's {len(lines)} lines is typed (one list, its lines "
                                         "read together)" if len(lines) > 1 else "")
        return MailedRows((REFERENCE,), rows)
    if role not in (INFLUENCE, ATTACKS_ROLE):
        return None
    rows = [_influence_row(variant, role, power, line) for line in lines]
    if role == ATTACKS_ROLE:
        rows = _bare_attacks(variant, power, lines, rows)
    return MailedRows((PLACEMENTS,) if role == INFLUENCE else (ATTACKS,), rows)


_NOTE = re.compile(r"\s*(?:\((?!\s*(?:[NSEW]C?|(?:NORTH|SOUTH|EAST|WEST)(?:\s+COAST)?)\s*\))[^()]*\)"
                         r"|\[[^\]]*\]|#.*|//.*)$", re.IGNORECASE)
"""A player's note after an offer's order, a placement or an attack, left out as after any
mailed order (``(to bounce)``, ``# a feint``, ``LOR (Lorraine)``); a coast in brackets (``SPA
(NC)``) is the order's. The mail reader leaves notes out only where the line does not read
without, and any ``5: ...`` reads as an offer or a placement."""
_NO_COLON = re.compile(r"^\s*(\d+)\s+([AF]\s+\S.*?)\s*$", re.IGNORECASE)
_ODD_AMOUNT = re.compile(r"^\s*([^:]*\d[^:]*?)\s*:\s*([AF]\s+\S.*?)\s*$", re.IGNORECASE)
_AMOUNT_AFTER = re.compile(r"^\s*([AF]\s+\S.*?)\s*:\s*(\d+)\s*$", re.IGNORECASE)


def _offer_near_miss(line: str) -> str:
    """Why a mailed line of a movement phase is no offer, naming what was found when it is an
    order written near the offer's form: a unit's order without its amount (a player used to
    the standard game's mail), an amount without its colon (a list's number reads so too, so
    neither is guessed), an amount with words or signs about it, the amount after the order."""
    text = line.strip()
    no_colon, odd, after = _NO_COLON.match(line), _ODD_AMOUNT.match(line), _AMOUNT_AFTER.match(line)
    if no_colon:
        why = (f"found {text!r}, a number before the order without the colon an amount takes (a list's number "
               f"is written so too): '{no_colon.group(1)} : {no_colon.group(2)}' is an offer of {no_colon.group(1)}")
    elif odd:
        why = f"found {odd.group(1)!r} before the colon, where the amount is a whole number, 0 or more ('5 : ...')"
        digits = re.findall(r"\d+", odd.group(1))
        if len(digits) == 1 and not re.search(r"[-−–]\s*\d", odd.group(1)):
            # '2 ducats', '$2': the number the words stand around, and the offer it makes
            why += f": '{digits[0]} : {odd.group(2)}' is an offer of {digits[0]}"
    elif after:
        why = f"found the amount after the order: '{after.group(2)} : {after.group(1)}' is its offer"
    elif _UNIT.match(line):
        why = (f"found {text!r}, a unit's order without an amount: every order is a bribe, "
               f"'0 : {text}' for one's own unit at no cost")
    else:
        return OFFER_FORM
    return f"{OFFER_FORM}: {why}"


def _bare_attacks(variant, power: str, lines: list[str], rows: list) -> list:
    """The rows of an attacks mail whose attacks are written as the rulebook's order
    ('indicates the name of minor state and the target of the attack'), without the order's
    number: one alone is the power's first order (0); of several, which is the first and which
    the alternates is the player's to number."""
    bare = [i for i, line in enumerate(lines) if _BARE_ATTACK.match(line)]
    if not bare:
        return rows
    if len(bare) == 1 and not any(_ATTACK.match(line) for line in lines):
        return [_influence_row(variant, ATTACKS_ROLE, power, f"0: {line.strip()}") if i == bare[0] else row
                for i, (line, row) in enumerate(zip(lines, rows))]
    return [f"{ATTACK_FORM}: found {lines[i].strip()!r} without its order's number, which says which of the "
            f"power's attacks is the first (0) and which the alternates (1, 2 ...)" if i in bare else row
            for i, row in enumerate(rows)]


def _offer_cells(phase: str, entry: dict, where: str) -> dict[str, object]:
    cells: dict[str, object] = {}
    row = 2
    for power, lines in entry.items():
        for line in lines:
            offer = _PLACEMENT.match(line) if ">" not in line else None
            if not offer:
                raise UserError(f"{where} [{phase}] {power}: {line!r}, expected an offer '5 : A PAR - BUR'")
            for column, value in zip("ABC", [power, int(offer.group(1)), offer.group(2)]):
                cells[f"{OFFERS}!{column}{row}"] = value
            row += 1
    return cells
