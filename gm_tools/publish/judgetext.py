"""A phase's results as plain text, in the format the email judges (njudge) mail out.

::

    Movement results for Spring of 1901. (demo.S1901M)

    Austria: Army Vienna -> Galicia.  (*bounce*)
    Austria: Fleet Trieste -> Albania.

    The following units were dislodged:

    The Austrian Army in Serbia can retreat to Albania or Budapest.

    Ownership of supply centers:

    Austria: Budapest, Trieste, Vienna.

    Austria: 3 Supply centers, 3 Units: Builds 0 units.

The text is made from a history record (``docs/game-record.md``) and the variant alone: a
pure function, the same record gives the same bytes. Long lines are wrapped as judges wrap
them, at :data:`WIDTH` columns, the continuation indented under the text after the power's
name (``Austria: ``), so a mail client never wraps them again and the names stay in a column.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from gm_tools.edges.layout import names_season
from gm_tools.publish.droppedrows import HEADING as DROPPED_HEADING, dropped_lines
from gm_tools.engine.model import FAILS, INVALID, UNIT_NAMES, coast_of, province_of
from gm_tools.engine.phase import ADJUSTMENT, PhaseError, parse_phase
from gm_tools.engine.results import BOUNCE_CODES, CONVOY_CODES, VOID_CODES
from gm_tools.engine.variant import Variant

WIDTH = 76
"""Columns of judge text: what fits a mail reader's 80 with a quoting ``> `` to spare."""

COAST_NAMES = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}


def published_entries(variant: Variant, record: dict) -> dict[str, list[dict]]:
    """The orders as the GM entered them, per power, less those the rules keep secret: an
    order for a unit every power may order (the Ottomans in Europe 1615: 'Adjudication will
    only show the result, not what players have submitted'). The results still show what the
    unit did. An order the rules did not follow keeps its note as the page and the judge text
    say it (:func:`_noted`)."""
    from gm_tools.engine.rules import rules_for

    rules = rules_for(variant)
    orders = rules.public_record(variant, record).get("orders", {}) or {}
    reason_words = getattr(rules, "reason_words", None)
    return {power: [_noted(variant, reason_words, power, e) for e in entries] for power, entries in orders.items()}


NOT_COMMANDED = re.compile(r"; (\S+) does not command ")
"""The clause the order check adds to an invalid order for a minor's unit the power does not
command (``ordercheck.parse_commanded``: "...; SPAIN does not command Catalonia's units this
phase"), the power by its code."""


def commander_named(variant: Variant, text: str) -> str:
    """An invalid order's words (an Orders as written note, the turn's note on it) with the
    power that does not command a minor's unit named (:data:`NOT_COMMANDED`); other words as
    they are."""
    if " does not command " not in text:
        return text
    return NOT_COMMANDED.sub(lambda m: f"; {power_name(variant, m.group(1))} does not command "
                             if m.group(1) in variant.powers else m.group(0), text)


def _noted(variant: Variant, reason_words, power: str, entry: dict) -> dict:
    """An entry with its note as the page and the judge text say it; the record keeps its words
    (a recorded game replays byte for byte). An order the rules did not follow (``outbid``:
    Europe 1615's minor not aligned with the power): in the words of the rules' optional
    ``reason_words`` hook, asked as for a result's reason, the note as ``reason``, the unit's
    owner as ``power`` and the order as written as ``order`` ("not followed: LOR is ALIGNED
    (FRANCE)" in the record, "not followed: LOR (Lorraine) is ALIGNED (France)" said). An invalid
    order the GM let stand (``turn --lenient``) for a minor's unit: the power that does not
    command it named ("Spain does not command Catalonia's units"). Another note as recorded."""
    if not (isinstance(entry, dict) and entry.get("error")):
        return entry
    if not entry.get("outbid"):
        said = invalid_words(variant, reason_words, power, entry.get("written", ""), entry["error"])
        return entry if said == entry["error"] else dict(entry, error=said)
    if reason_words is None:
        return entry
    said = reason_words(variant, {"power": entry.get("for", power), "order": entry.get("written", ""),
                                  "result": "not followed", "reason": entry["error"]})
    return dict(entry, error=said) if said else entry


def invalid_words(variant: Variant, reason_words, power: str, order: str, text: str) -> str:
    """An invalid order's words as the page says them: the power that does not command a
    minor's unit named (:func:`commander_named`), then what the rules' optional ``reason_words``
    hook says of the whole, asked with ``result`` ``invalid`` (Europe 1615's "France is
    eliminated: it orders no minor state's ... unit"); as they are where it says nothing."""
    said = commander_named(variant, text)
    if reason_words is None:
        return said
    return reason_words(variant, {"power": power, "order": order, "result": INVALID, "reason": said}) or said



# --- names -----------------------------------------------------------------------------------


def location_name(variant: Variant, location: str) -> str:
    """``"SPA/NC"`` -> ``"Spain (north coast)"``; an unknown code is kept as written."""
    province = variant.provinces.get(province_of(location))
    name = province.name if province else location
    coast = coast_of(location)
    if province and coast:
        name += f" ({COAST_NAMES.get(coast, coast.lower())})"
    return name


def _unit_words(variant: Variant, kind: str, location: str) -> str:
    return f"{UNIT_NAMES[kind]} {location_name(variant, location)}"


def order_words(variant: Variant, order: str) -> str:
    """An order in canonical notation (``model.order_text``) in the judges' words:
    ``"A VIE - GAL"`` -> ``"Army Vienna -> Galicia"``. Text that is not canonical notation
    (an invalid order kept as the GM typed it) comes back unchanged."""
    said = _said(variant)
    found = said.get(order)
    if found is None:
        try:
            found = _order_words(variant, order.split())
        except (IndexError, KeyError, ValueError):
            found = _system_words(variant, order) or order
        if len(said) > SAID_LIMIT:
            said.clear()
        said[order] = found
    return found


def _system_words(variant: Variant, order: str) -> str | None:
    """A game system's own order (Europe 1619's ``BOLSTER VIE``) in the words its rules give it,
    from their optional ``order_words`` hook; None when they have none for it."""
    from gm_tools.engine.rules import rules_for

    hook = getattr(rules_for(variant), "order_words", None)
    return hook(variant, order) if hook is not None else None


SAID_LIMIT = 50_000
"""Orders' words remembered for a variant; past this the memory starts again."""
_SAID: dict[int, tuple[Variant, dict[str, str]]] = {}


def _said(variant: Variant) -> dict[str, str]:
    """The words worked out before for ``variant``'s orders: a game's orders are said again on
    its phase pages and in its judge texts, and the same orders recur from phase to phase.
    Checked by identity, so another variant object never shares them."""
    hit = _SAID.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_SAID) >= 8:
            _SAID.pop(next(iter(_SAID)))
        hit = _SAID[id(variant)] = (variant, {})
    return hit[1]


def _order_words(variant: Variant, w: list[str]) -> str:
    if w == ["WAIVE"]:
        return "Build waived"
    if w[0] == "BUILD" and len(w) == 3:
        article = "an army" if w[1] == "A" else "a fleet"
        return f"Builds {article} in {location_name(variant, w[2])}"
    if w[0] not in UNIT_NAMES or len(w) < 3:
        raise ValueError("not canonical")
    unit = _unit_words(variant, w[0], w[1])
    verb, rest = w[2], w[3:]
    if verb == "H" and not rest:
        return f"{unit} HOLD"
    if verb == "D" and not rest:
        return f"{unit} DISBAND"
    if verb == "R" and len(rest) == 1:
        return f"{unit} -> {location_name(variant, rest[0])}"
    if verb == "-":
        via = rest[-2:] == ["VIA", "CONVOY"]
        places = [p for p in (rest[:-2] if via else rest) if p != "-"]
        if not places:
            raise ValueError("no destination")
        path = " -> ".join(location_name(variant, p) for p in places)
        return f"{unit} -> {path}" + (" by convoy" if via else "")
    if verb == "S":
        return f"{unit} SUPPORT {_target(variant, rest)}"
    if verb == "C" and len(rest) == 4 and rest[0] == "A" and rest[2] == "-":
        return f"{unit} CONVOY Army {location_name(variant, rest[1])} -> {location_name(variant, rest[3])}"
    raise ValueError("not canonical")


def _target(variant: Variant, rest: list[str]) -> str:
    """The supported unit (``A PAR`` or ``PAR``) and, for a support to move, ``- BUR``."""
    kind = rest[0] if rest[0] in UNIT_NAMES else None
    rest = rest[1:] if kind else rest
    supported = location_name(variant, rest[0])
    text = f"{UNIT_NAMES[kind]} {supported}" if kind else supported
    if len(rest) == 3 and rest[1] == "-":
        text += f" -> {location_name(variant, rest[2])}"
    elif len(rest) != 1:
        raise ValueError("not canonical")
    return text


def _unit_of(order: str) -> tuple[str, str] | None:
    """(kind, location) of the unit a canonical order is for, or None (builds, waives)."""
    words = order.split()
    if len(words) >= 2 and words[0] in UNIT_NAMES:
        return words[0], words[1]
    return None


# --- flags -----------------------------------------------------------------------------------


def result_flags(result: dict) -> list[str]:
    """The judges' bracketed notes for one result: ``["bounce", "dislodged"]``, from its
    codes (``gm_tools.engine.results``): a support cut, a support or convoy matching no
    order (void), an army without a convoy, a move that failed otherwise (bounce, a retreat
    standoff, which also destroys the unit). An order that could not be carried out at all
    is "void" too: the unit held, as judges do with an order they cannot use."""
    codes = [c.get("code") for c in result.get("codes", []) if isinstance(c, dict)]
    flags: list[str] = []
    if result.get("result") == INVALID:
        flags.append("void")
    elif result.get("result") == FAILS:
        if any(c in CONVOY_CODES for c in codes):
            flags.append("no convoy")
        elif any(c in VOID_CODES for c in codes):
            flags.append("void")
        elif "cut" in codes:
            flags.append("cut")
        elif any(c in BOUNCE_CODES for c in codes):
            flags.append("bounce")
        if "retreat_standoff" in codes:
            flags.append("destroyed")
    if result.get("dislodged"):
        flags.append("dislodged")
    return flags


def _by_default(variant: Variant, result: dict) -> list[str]:
    """What the rules did for a player's want of an order (2000 rulebook: the unit holds, the retreat
    disbands, civil disorder removes), lest it read as his order; a neutral's units order none."""
    codes = {c.get("code") for c in result.get("codes", []) if isinstance(c, dict)}
    if not getattr(variant.powers.get(result.get("power", "")), "playable", False):
        return []
    # as the page says it: not a unit whose order the rules did not follow (Europe 1615's shown_results)
    none = codes & {"not_ordered", "no_order_disbanded"} and str(result.get("reason", "")).startswith("no order")
    return ["civil disorder"] if "civil_disorder" in codes else ["no order"] if none else []


# --- the text --------------------------------------------------------------------------------


_TIMES_OF_YEAR = frozenset({"spring", "summer", "fall", "autumn", "winter"})
"""English seasons: the judges' ``Movement results for Spring of 1901`` reads right for a season
of the year (``Early Winter`` too), and wrong for a variant's grouping of phases (``for Political
of 1615``, ``for Year of 1622``)."""


def kind_and_when(variant: Variant, phase_id: str) -> tuple[str, str]:
    """(phase type name, when: ``Spring of 1901``) of a phase id, as the judges head their
    results. Just the year when the type's name says the season already (``Setup Order results
    for 1510``, not ``for Setup of 1510``), and when the season is not a time of the year and the
    type happens once a year, so that the year alone names the phase (Europe 1615 v2's
    ``Influence results for 1615``, not ``for Political of 1615``)."""
    calendar = variant.calendar
    phase = parse_phase(phase_id)
    kind = calendar.phase_type_names.get(phase.type, phase.type)
    season = calendar.season_names.get(phase.season, phase.season)
    words = season.casefold().split()
    once_a_year = sum(1 for _, t in calendar.phases if t == phase.type) == 1
    if names_season(calendar, phase) or (once_a_year and not (words and words[-1] in _TIMES_OF_YEAR)):
        return kind, str(phase.year)
    return kind, f"{season} of {phase.year}"


def power_name(variant: Variant, code: str) -> str:
    power = variant.powers.get(code)
    return power.name if power else _owner_name(variant, code)


def in_series(names: list[str]) -> str:
    """Names as a sentence lists them: "France, England and Denmark/Sweden"."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)


def power_in_text(variant: Variant, code: str) -> str:
    """A power's name inside a sentence: "won by the Dutch Republic" (its ``article``)."""
    power = variant.powers.get(code)
    return power.in_text if power else _owner_name(variant, code)


def _owner_name(variant: Variant, code: str) -> str:
    """An owner the variant does not list: a minor state made in play and coded as its one
    province (Europe 1615's dissolved power: 'Each remaining center becomes a pliant minor
    state', LCS) by that province's name, Lancashire, not 'Lcs'; any other by its code."""
    province = variant.provinces.get(code)
    return province.name if province else code.title()


def _power_order(variant: Variant, codes, first: tuple[str, ...] = ()) -> list[str]:
    """Powers in the variant's order (``first`` before it), then any the variant does not know, by code."""
    known = [p for p in dict.fromkeys((*first, *variant.powers)) if p in codes]
    return known + sorted(set(codes) - set(known))


def ends_year(variant: Variant, record: dict) -> bool:
    """Does this record close the year's movement, so ownership changed hands and the
    judges print the ownership and adjustment tables? True when the record is a movement
    or retreat phase and the next phase played is an adjustment phase or a later year (or
    there is none: the game ended)."""
    try:
        phase = parse_phase(record["phase"])
    except PhaseError:
        return False
    if phase.type == "A":
        return False
    following = record.get("next_phase")
    if not following:
        return True
    try:
        nxt = parse_phase(following)
    except PhaseError:
        return False
    return nxt.type == "A" or nxt.year > phase.year


def adjustments_to_come(variant: Variant, record: dict) -> bool:
    """Are the builds and removals the year's board gives still to be made after this record:
    it closes the year's movement (:func:`ends_year`), units follow centers
    (:func:`builds_by_centers`), and the calendar has an adjustment phase after this phase's.
    Europe 1615's Scoring Phase closes the year after its Late Winter builds: nothing is due
    then, though the year's ownership is still the one to print. A record that ended the game
    (a winner, a draw: no next phase) has none to come."""
    if not ends_year(variant, record) or not builds_by_centers(variant) or _ended(record):
        return False
    try:
        phase = parse_phase(record["phase"])
        here = variant.calendar.phases.index((phase.season, phase.type))
    except (PhaseError, ValueError):
        return True
    return any(kind == ADJUSTMENT for _, kind in variant.calendar.phases[here + 1:])


def _ended(record: dict) -> bool:
    """Did the phase of ``record`` end the game (its rules' winner or draw)?"""
    return bool(record.get("winner") or record.get("draw")) and not record.get("next_phase")


def builds_by_centers(variant: Variant) -> bool:
    """Whether units are built and removed to match the count of centers: the calendar has an
    adjustment phase (2000 rulebook, 'Gaining and losing units'). Europe 1619 buys its units
    in the Builds and Transactions Phase, so its pages show no builds or removals due."""
    return any(kind == ADJUSTMENT for _, kind in variant.calendar.phases)


def adjustment_rows(variant: Variant, position: dict) -> list[tuple[str, int, int, int]]:
    """(power, centers, units, builds; negative for removals) for every power that has a
    center or a unit, in the variant's order (2000 rulebook, 'Gaining and losing units')."""
    centers = {p: len(v) for p, v in position.get("centers", {}).items()}
    units = {p: len(v) for p, v in position.get("units", {}).items()}
    rows = []
    for power in _power_order(variant, set(centers) | set(units)):
        c, u = centers.get(power, 0), units.get(power, 0)
        rows.append((power, c, u, c - u))
    return rows


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


def judge_text(variant: Variant, record: dict) -> str:
    """The judge-style results of one history record, ending in a newline."""
    phase_id = record["phase"]
    kind, when = kind_and_when(variant, phase_id)
    lines = [f"{kind} results for {when}. ({record.get('game', '')}.{phase_id})", ""]

    by_power: dict[str, list[dict]] = {}
    from gm_tools.engine.rules import rules_for

    for result in rules_for(variant).shown_results(variant, record):  # in the order the rules carry them out
        by_power.setdefault(result.get("power", ""), []).append(result)
    # An invalid order the GM let stand as a hold (turn --lenient) never reached the engine,
    # so it has no result; the player must still read that it was not used, as judges mail it.
    for power, entries in published_entries(variant, record).items():
        for entry in entries:
            if entry.get("read") is None and entry.get("error") and not entry.get("outbid"):
                by_power.setdefault(power, []).append({"order": entry["written"], "result": INVALID})
            elif entry.get("outbid") and entry.get("error"):
                # an order the rules did not follow (Europe 1615's minor not aligned with the power):
                # 'the GM publishes ... whether the orders submitted are followed or not'
                by_power.setdefault(power, []).append({"order": entry["written"], "not_followed": entry["error"]})
    rules = rules_for(variant)
    # the rules' own events (Westphalia's Empire: the Emperor's death before the election it calls)
    # open the results, as on the phase's page
    events = tuple(code for code in rules.events if code in by_power)
    for power in _power_order(variant, by_power, events + rules.shown_order(variant, record)):
        for result in by_power[power]:
            flags = [result["not_followed"]] if "not_followed" in result else _by_default(variant, result) + result_flags(result)
            if not flags and result.get("result") == FAILS:  # no judges' note fits (Europe 1619's alliance one side declared)
                flags = ["fails"]
            line = f"{power_name(variant, power)}: {order_words(variant, result['order'])}."
            if flags:
                line += f"  (*{', '.join(flags)}*)"
            lines.append(line)
        lines.append("")

    dislodged = _dislodged_lines(variant, record)
    if dislodged:
        lines += ["The following units were dislodged:", ""] + dislodged + [""]
    lines += section_lines(variant, record)

    after = record.get("after", {})
    if ends_year(variant, record) and variant.supply_centers():  # a board without centers has no table
        lines += ["Ownership of supply centers:", ""]
        centers = after.get("centers", {})
        for power in _power_order(variant, centers):
            names = sorted(location_name(variant, c) for c in centers[power])
            lines.append(f"{power_name(variant, power)}: {', '.join(names)}.")
        lines.append("")
    if adjustments_to_come(variant, record):
        for power, c, u, builds in adjustment_rows(variant, after):
            verb = "Builds" if builds >= 0 else "Removes"
            lines.append(
                f"{power_name(variant, power)}: {_plural(c, 'Supply center')}, {_plural(u, 'Unit')}: "
                f"{verb} {_plural(abs(builds), 'unit')}."
            )
        lines.append("")

    following = record.get("next_phase")
    over = game_over_words(variant, record)
    if over:
        lines += over
    elif following:
        try:
            nkind, nwhen = kind_and_when(variant, following)
            lines.append(f"The next phase of '{record.get('game', '')}' will be {nkind} for {nwhen}.")
        except PhaseError:
            pass
    else:
        lines.append("The game is over.")
    return "\n".join(_wrap(line) for line in lines).rstrip("\n") + "\n"


def game_over_words(variant: Variant, record: dict) -> tuple[str, ...]:
    """What the phase page and the judge text say of a record that ended the game with a winner,
    or with a victory the rules share (:meth:`~gm_tools.engine.rules.Rules.victory`): the
    sentence, then the count behind it when the rules give one. ``The game is over: France has
    won.``; ``The game is over: Yellow Elephant has won the Peace of Westphalia Victory with 31
    Imperial Power.``, ``Imperial Power ...: Yellow Elephant 31, ...`` Empty for another record."""
    from gm_tools.engine.rules import rules_for

    winner, shared = record.get("winner"), record.get("draw")
    if not winner and not isinstance(shared, dict):
        return ()
    victory = rules_for(variant).victory(variant, record)
    if winner:
        said = f"The game is over: {power_in_text(variant, winner)} has won"
    else:
        names = [power_in_text(variant, p) for p in shared.get("powers", [])]
        if not names:
            return ()
        if victory is None:  # a draw the rules forced (Europe 1615's): who shares it and why
            reason = f" ({shared['reason']})" if shared.get("reason") else ""
            return (f"The game is over: a draw between {', '.join(names[:-1]) + ' and ' if len(names) > 1 else ''}"
                    f"{names[-1]}{reason}.",)
        said = (f"The game is over: {', '.join(names[:-1])} and {names[-1]} share" if len(names) > 1
                else f"The game is over: {names[0]} shares")
    if victory is None:
        return (said + ".",)
    said += f" the {victory.name}" + (f" with {victory.figure}" if victory.figure else "") + "."
    return (said, victory.detail + ".") if victory.detail else (said,)


def _wrap(line: str) -> str:
    """One line wrapped at :data:`WIDTH`, continued under the text after its ``Name: ``
    (or four spaces in when it has none); words and place names are never split."""
    if len(line) <= WIDTH:
        return line
    head, colon, _ = line.partition(": ")
    indent = len(head) + 2 if colon and len(head) < WIDTH // 2 else 4
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=" " * indent,
                                    break_long_words=False, break_on_hyphens=False))


def section_lines(variant: Variant, record: dict, public: bool = True) -> list[str]:
    """The variant's report sections (the phase page's: captures, statuses, statements,
    scores) as judge text: the heading, then one line per item. Markdown tables are left to
    the page (too wide for mail) where their content is in the sections' lists too; a system
    whose tables are not (``SheetHooks.mail_tables``) has each row as a line, its first cell
    then each other column's header and value (``SAX (Saxony): Political NEUTRAL; Total 17``),
    its empty cells left out. Not ``public``: the GM's report, a private row dropped named too."""
    from gm_tools.engine.hooks import hooks_for

    hooks = hooks_for(variant)
    lines: list[str] = []
    for heading, text in hooks.report_sections(variant, record):
        items = []
        header: list[str] | None = None
        for raw in text.splitlines():
            line = raw.strip()
            if line.startswith("|") and hooks.mail_tables:
                cells = [c.strip().replace("**", "").replace("`", "") for c in line.strip("|").split("|")]
                if header is None:
                    header = cells
                elif any(set(c) - set(":-") for c in cells):  # not the |:--|--:| rule under the header
                    # an empty cell (no INFs of that power there) says nothing: left out
                    rest = [f"{h} {c}" for h, c in zip(header[1:], cells[1:]) if c] if len(cells) > 2 else cells[1:]
                    items.append(f"{cells[0]}: {'; '.join(rest)}")
                continue
            header = None
            if not line or line.startswith("|"):
                continue
            line = line.removeprefix("- ").removeprefix("* ").replace("**", "").replace("`", "").replace("\u00a0", " ")
            items.append(line)
        if items:
            lines += [f"{heading}:", ""] + items + [""]
    # a lenient turn's rows dropped: the player reads his entry was not used; the GM's report
    # (not ``public``) names the private ones too (a Payola offer)
    dropped = dropped_lines(record, variant if public else None)
    return lines + ([f"{DROPPED_HEADING}:", ""] + dropped + [""] if dropped else [])


@dataclass(frozen=True)
class Dislodgement:
    """A unit dislodged in a phase, and what became of it."""

    power: str
    """Code of the unit's power."""
    kind: str
    """``A`` or ``F``."""
    location: str
    """Where it was dislodged."""
    retreats: tuple[str, ...]
    """Where it may retreat; empty when it had nowhere to go and was destroyed."""
    attacker_from: str | None = None
    """Province the attack came from (no retreat there), None if by convoy or unknown."""
    no_retreat_allowed: bool = False
    """Destroyed because the rules let it no retreat (``Rules.on_dislodged``: Centenary's
    unowned neutrals, Europe 1619's minor units, fleets and unbolstered armies), not for
    want of an empty province."""
    no_retreat_words: str = ""
    """Why, in the rules' words (``Rules.no_retreat_words``)."""


def dislodgements(record: dict, variant: Variant | None = None) -> list[Dislodgement]:
    """Every unit dislodged in the phase of ``record``: the results marked ``dislodged``
    (in result order), with their retreats from ``after.dislodged``. A dislodged unit that
    is not waiting to retreat had nowhere to go and was destroyed (2000 rulebook,
    'Retreating': a unit that cannot retreat is disbanded), or, given the ``variant``, was
    one its rules disband when dislodged."""
    waiting = {}
    for power, entries in record.get("after", {}).get("dislodged", {}).items():
        for entry in entries:
            waiting[(power, entry.get("unit", ""))] = entry
    found: list[Dislodgement] = []
    seen = set()
    keys = []
    for result in record.get("results", []):
        if not result.get("dislodged"):
            continue  # most results: the order's unit is read only for a dislodged one
        unit = _unit_of(result.get("order", ""))
        if unit is not None:
            keys.append((result.get("power", ""), f"{unit[0]} {unit[1]}"))
    keys += sorted(set(waiting) - set(keys))
    for power, text in keys:
        unit = _unit_of(text)
        if unit is None or (power, text) in seen:
            continue
        seen.add((power, text))
        entry = waiting.get((power, text)) or {}
        why = "" if entry or variant is None else _no_retreat_allowed(variant, record, unit[1])
        found.append(Dislodgement(power, unit[0], unit[1], tuple(entry.get("retreats", ())), entry.get("from"),
                                  bool(why), why))
    return found


def _no_retreat_allowed(variant: Variant, record: dict, location: str) -> str:
    """Why the rules disband the unit that stood at ``location`` before the phase as soon as it
    is dislodged (``Rules.on_dislodged`` gives no unit to retreat), "" when they do not."""
    from gm_tools.engine.positions import PositionFormatError, position_from_json
    from gm_tools.engine.rules import rules_for

    try:
        before = position_from_json(record.get("before"))
    except PositionFormatError:
        return ""  # a record without its board: said as the standard game says it
    unit = before.units.get(province_of(location))
    rules = rules_for(variant)
    if unit is None or rules.on_dislodged(variant, before, unit) is not None:
        return ""
    return rules.no_retreat_words(variant, before, unit)


def _dislodged_lines(variant: Variant, record: dict) -> list[str]:
    """One line per dislodged unit: where it may retreat, or that it was destroyed."""
    lines = []
    for d in dislodgements(record, variant):
        power = variant.powers.get(d.power)
        adjective = power.adjective if power else d.power.title()
        who = f"The {adjective} {UNIT_NAMES[d.kind]} in {location_name(variant, d.location)}"
        if d.no_retreat_allowed:
            lines.append(f"{who} was destroyed: {d.no_retreat_words}.")
            continue
        if not d.retreats:
            lines.append(f"{who} with no valid retreats was destroyed.")
            continue
        names = [location_name(variant, r) for r in d.retreats]
        where = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        lines.append(f"{who} can retreat to {where}.")
    return lines
