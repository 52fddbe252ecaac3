"""Europe 1615's sections of a phase's page, in markdown, from the history record alone.

'After submission of orders and INF deployment, the GM publishes the results, which powers
have deployed to which states and whether the orders submitted are followed or not.' The
deployment is worked out again from the record (the position the phase opened on and the
GM's checked entries): the same pure rules give the same result, so nothing is stored twice.
"""

from __future__ import annotations

import re

from gm_tools.engine.model import INVALID
from gm_tools.engine.phase import phase_title
from gm_tools.engine.positions import position_from_json
from gm_tools.engine.variant import Variant
from gm_tools.mechanics.influence import ALIGNED
from gm_tools.systems.europe1615.calendar import EARLY_WINTER, MOVEMENT, SCORING, STATUS_CHECK, phase_role
from gm_tools.systems.europe1615.setup import setup_of
from gm_tools.systems.europe1615.state import state_of
from gm_tools.systems.europe1615.status import CAPTURED, Status


def _items(lines: list[str], none: str = "None.") -> str:
    """A markdown list; ``none``, when empty, says in words what the phase did not have
    ("No INF deployments this phase."), as a reader of the section wants it said."""
    return "\n".join(f"- {line}" for line in lines) or none


def _status_table(variant: Variant, setup, table: dict) -> str:
    rows = ["| Minor state | Status |", "|:--|:--|"]
    for code, status in sorted(table.items()):
        rows.append(f"| {_minor(setup, code)} | {_status(variant, setup, status)} |")
    return "\n".join(rows)


def _status(variant: Variant, setup, status) -> str:
    """A minor state's status with the power named ("ALIGNED (Austria)") and a captor by code
    and name ("captured by MEC (Mecklenburg)"). The record and the GM's tracker keep
    :meth:`Status.describe`'s words with the codes ("ALIGNED (AUSTRIA)"): said here, at display
    time, so a recorded game replays byte for byte."""
    if status.status == ALIGNED:
        return f"ALIGNED ({_name(variant, status.power)})"
    if status.status == CAPTURED:
        return f"captured by {_who(variant, setup, status.captor)}: INFs held in suspension"
    return status.describe()


NOT_FOLLOWED = re.compile(r"^not followed: (\S+) is (?:ALIGNED \((\S+)\)|captured by (\S+): INFs held in suspension|(.+))$")
"""The note on a minor's order not followed, as :meth:`Europe1615Rules.select_orders` wrote it
into the record: ``not followed: LOR is `` and :meth:`Status.describe` ("ALIGNED (FRANCE)",
"captured by MEC: INFs held in suspension", "NEUTRAL", "NEUTRAL (three centers: ...)")."""


OUT = re.compile(r"; (\S+) is (eliminated|dissolved): it orders no ")
"""The clause :meth:`Europe1615Rules.commands_nobody` adds to an invalid order of a power out of
the game, the power by its code."""


def reason(variant: Variant, result: dict) -> str | None:
    """The rules' ``reason_words`` hook: a note the record keeps with the codes, as the phase
    page and the judge text say it, the minor state by code and name and a power named ("not
    followed: LOR (Lorraine) is ALIGNED (France)"), and an invalid order's words (``result``
    ``invalid``) with a power out of the game named ("France is eliminated: it orders no ...");
    None for words of any other shape, shown as recorded. The record keeps the rules' words, so a recorded game replays byte for byte."""
    said = result.get("reason", "")
    if result.get("result") == INVALID:
        out = OUT.sub(lambda o: f"; {_name(variant, o.group(1))} is {o.group(2)}: it orders no ", said)
        return out if out != said else None
    m = NOT_FOLLOWED.match(said)
    if not m:
        return None
    minor, power, captor, other = m.groups()
    setup = setup_of(variant)
    if power is not None:
        status = _status(variant, setup, Status(minor, ALIGNED, power=power))
    elif captor is not None:
        status = _status(variant, setup, Status(minor, CAPTURED, captor=captor))
    else:
        status = other
    return f"not followed: {_minor(setup, minor)} is {status}"


def _who(variant: Variant, setup, code: str) -> str:
    """A power by name, a minor state (a captor may be one) by code and name."""
    return _minor(setup, code) if code in setup.minors else _name(variant, code)


def _attack(variant: Variant, setup, result) -> str:
    """One attack as :meth:`AttackResult.describe` says it, the powers named and the minor state
    by code and name ("England (5) attacks France (10) in LOR (Lorraine): each loses 5, leaving
    England 0, France 5"); the record keeps the words with the codes."""
    o = result.order
    power, target, where = _name(variant, o.power), _name(variant, o.target), _minor(setup, o.minor)
    if result.removed == 0:
        gone = power if result.attacker_before == 0 else target
        return f"{power} attacks {target} in {where}: no effect, {gone} has no INFs left there"
    return (f"{power} ({result.attacker_before}) attacks {target} ({result.target_before}) in {where}: "
            f"each loses {result.removed}, leaving {power} {result.attacker_before - result.removed}, "
            f"{target} {result.target_before - result.removed}")


def _minor(setup, code: str) -> str:
    """A minor state as the Minor states table names it, "BOH (Bohemia)"; a code the setup
    does not know, as written."""
    return f"{code} ({setup.minors[code].name})" if code in setup.minors else code


def _name(variant: Variant, code: str) -> str:
    """A power as the page names it elsewhere ("Spain"), the record keeping its code."""
    power = variant.powers.get(code)
    return power.name if power else code


def _round_table(variant: Variant, done: dict) -> str:
    """'GM determines the score for each power during the scoring phase ... Highest scoring
    power is designated the winner of the round.'"""
    rows = ["| Power | Captures | Alignments | Markers | Score | Rounds won |", "|:--|--:|--:|--:|--:|--:|"]
    wins = done.get("round_wins", {})
    for power, score in sorted(done.get("scores", {}).items(), key=lambda kv: (-kv[1]["total"], kv[0])):
        rows.append(f"| {_name(variant, power)} | {sum(score['captures'].values())} | "
                    f"{sum(score['alignments'].values())} | {sum(score['markers'].values())} | {score['total']} | "
                    f"{wins.get(power, 0)} |")
    winner = done.get("round_winner")
    rows.append("")
    rows.append(f"**{_name(variant, winner)}** wins the round." if winner
                else "A tie for the top score: no winner this round.")
    return "\n".join(rows)


def _sanctions(variant: Variant, position, before=None) -> str:
    """The sanctions in effect and to come ('showing on which year & season a particular
    sanction will come into effect'), as the phase leaves them (``position``); one whose time
    comes with the next phase is said so, not as in effect in this one (``before``), whose
    deployments it did not govern."""
    from gm_tools.systems.europe1615.sanctions import in_effect

    setup, state = setup_of(variant, position), state_of(position)
    on = [k for k in sorted(state.sanctions_on) if in_effect(setup.sanctions[k], state, setup, position)]
    was = state_of(before or position).sanctions_on
    now = [setup.sanctions[k].title for k in on if k in was]
    coming_now = [setup.sanctions[k].title for k in on if k not in was]
    off = [k for k in sorted(state.sanctions_on) if k not in on and k not in state.rulings and k not in state.cancelled]
    held = [setup.sanctions[k].title for k in off if k in was]
    # come with the next phase under its cancel condition: never in effect, so not 'suspended' as one lifted
    held_coming = [setup.sanctions[k].title for k in off if k not in was]
    gone = [setup.sanctions[k].title for k in sorted(state.cancelled) if k in setup.sanctions]
    ruled = [f"{setup.sanctions[k].title} ({why})" for k, why in state.rulings.items() if k in setup.sanctions]
    from gm_tools.systems.europe1615.phases import phase_key

    reached = phase_key(variant, position.phase)
    # a sanction whose phase is reached and is not in effect waits for its conditions (the Treaty
    # of Lyon's 'For this sanction to be available ...'): it is due, not 'to come'
    due = [f"{setup.sanctions[k].title} ({phase_title(variant.calendar, at)})" for k, at in state.timeline
           if k not in state.sanctions_on and k in setup.sanctions and phase_key(variant, at) <= reached]
    coming = [f"{phase_title(variant.calendar, at)}: {setup.sanctions[k].title}"
              for k, at in state.timeline if k not in state.sanctions_on and phase_key(variant, at) > reached]
    lines = [f"In effect: {', '.join(now) or 'none'}."]
    if coming_now:
        lines.append(f"Into effect with the next phase, {phase_title(variant.calendar, position.phase)}: "
                     f"{', '.join(coming_now)}.")
    if held_coming:
        lines.append(f"Into effect with the next phase, {phase_title(variant.calendar, position.phase)}, and "
                     f"suspended at once while its condition lasts (cancelled): {', '.join(held_coming)}.")
    if held:
        lines.append(f"Suspended (cancelled while their condition lasts): {', '.join(held)}.")
    if gone:
        lines.append(f"Cancelled for good (their minor state captured): {', '.join(gone)}.")
    if ruled:
        lines.append(f"Suspended by the GM where sanctions overlap: {'; '.join(ruled)}.")
    if due:
        lines.append(f"Due but not in effect while its conditions do not hold (tried again each phase): "
                     f"{', '.join(due)}.")
    lines.append("")
    lines.append("To come:" if coming else "None to come.")
    if coming:  # markdown reads a list only after a blank line; without it, one run-on paragraph
        lines.append("")
    lines += [f"- {c}" for c in coming]
    return "\n".join(lines)


def sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    from gm_tools.systems.europe1615.sheets import deployment_of

    # with the minor states a dissolved power left ('Each remaining center becomes a pliant
    # minor state'), which the deployment worked out below may list
    setup = setup_of(variant, position_from_json(record["before"]))
    role = phase_role(variant, record["phase"])
    out: list[tuple[str, str]] = []
    after = state_of(position_from_json(record["after"]))
    balance = after.counterbalance
    out.append(("Counterbalance", f"**{balance}** is in effect." if balance else
                "Neither widerstand nor ketzenhammer is in effect."))
    out.append(("Sanctions", _sanctions(variant, position_from_json(record["after"]),
                                        position_from_json(record["before"]))))
    if role == STATUS_CHECK:
        done = record.get("extra", {}).get("outcome", {}).get("status_check", {})
        from gm_tools.systems.europe1615.scoring import out_of_game

        # a power out of the game is said so: its 0 INFs read as a power with nothing to spend;
        # in the words of the standings, the legend and the sheets ("dissolved (abandoned)")
        gone = out_of_game(setup, after, position_from_json(record["after"]))
        infs = [f"**{_name(variant, p)}**: {n} INFs" + (f" ({gone[p]}: 'cannot continue receiving nor deploying INFs')"
                                                      if p in gone else "")
                for p, n in done.get("year_infs", {}).items()]
        out.append(("INFs for the year", _items(infs)))
    if role == SCORING:
        done = record.get("extra", {}).get("outcome", {}).get("scoring", {})
        out.append((f"Round {done.get('year', '')}", _round_table(variant, done)))
    if role == MOVEMENT:
        inputs = record.get("extra", {}).get("europe1615", {})
        before = position_from_json(record["before"])
        _, deployment = deployment_of(variant, before, inputs)
        by_power: dict[str, list[str]] = {}
        for p in deployment.placements:
            # the minor state by its code (what the orders type) and name, as the table below
            by_power.setdefault(p.power, []).append(f"{p.infs} to {_minor(setup, p.minor)}")
        # the powers named, as the Round's table names them; the record keeps their codes
        deployed = [f"**{_name(variant, p)}**: {', '.join(items)}" for p, items in by_power.items()]
        out.append(("INF deployments", _items(deployed, "No INF deployments this phase.")))
        if inputs.get("swiss_passage"):
            units = [str(before.units[p]) for p in inputs["swiss_passage"] if p in before.units]
            out.append(("Treaty of Lyon", f"France permits {', '.join(units)} to move through Switzerland this "
                                          "phase ('unless France permits it')."))
        attacks = [_attack(variant, setup, r) for r in deployment.attacks]
        if attacks:
            from gm_tools.systems.europe1615.scoring import eliminated

            # a power out of the game attacks nobody: its 0 INFs put it first in the recorded
            # sequence, which the page left the players to read as a power in play
            gone = eliminated(setup, before)
            out.append(("Diplomatic attacks", "Resolved in this order: "
                        + ", ".join(_name(variant, p) for p in deployment.sequence if p not in gone)
                        + ".\n\n" + _items(attacks)))
        out.append(("Minor states after the deployment", _status_table(variant, setup, deployment.statuses)))
        out += _gm_entries(variant, setup, inputs)
    if role == EARLY_WINTER:
        annexed = _annexed(variant, setup, state_of(position_from_json(record["before"])), after)
        if annexed:
            out.append(("Annexed", "'Provinces without centers held by a power or a minor state at the build phase "
                                   "are automatically annexed to the power or minor state':\n\n" + _items(annexed)))
    return out


def _gm_entries(variant: Variant, setup, inputs: dict) -> list[tuple[str, str]]:
    """The waivers and abandonments the GM entered in a movement phase, which change what the
    Early Winter does: the players learn of them on the page, as the record keeps them."""
    out = []
    waived = [f"{_name(variant, power)} waives the capture of {_place(variant, province)}" for power, province in inputs.get("waivers", [])]
    if waived:
        out.append(("Waivers", "'The player occupying a foreign power's center, or a minor state's center, or a "
                               "province at the build phase may waive the capture of the center or province':\n\n"
                    + _items(waived)))
    gone = [f"{_name(variant, power)}: abandoned, to be dissolved at the next Early Winter" for power in inputs.get("abandoned", [])]
    if gone:
        out.append(("Abandonment", "'When a power is abandoned, and the GM is unable to find a replacement, then "
                                   "power will be dissolved at the winter phase':\n\n" + _items(gone)))
    return out


def _annexed(variant: Variant, setup, before, after) -> list[str]:
    """The provinces an Early Winter annexed (each to its new holder), by name and code."""
    return [f"{_place(variant, province)} to {_who(variant, setup, owner)}"
            for province, owner in sorted(after.annexed.items()) if before.annexed.get(province) != owner]


def _place(variant: Variant, code: str) -> str:
    """A province by name and code, "Wallachia (WAL)"."""
    province = variant.provinces.get(code)
    return f"{province.name} ({code})" if province else code


# The ordercheck's words for a move this phase's own deployments made illegal (the record's,
# never to change): the order was given, so its unit did not hold for want of one.
UNFORESEEN = "(the order was legal when given, before this phase's entries took effect)"
NOT_FOLLOWED_HOLDS = "its order not followed: holds"


def _unforeseen(variant: Variant, record: dict) -> dict[tuple[str, str], str]:
    """(power, unit) -> cell of each order not followed because this phase's deployments made
    it illegal, its unit read from the order as written on the board the phase opened on."""
    from gm_tools.engine.parser import parse_order
    from gm_tools.engine.rules import rules_for

    entries = [(power, e) for power, es in (record.get("orders") or {}).items() for e in es
               if isinstance(e, dict) and not e.get("outbid") and str(e.get("error") or "").endswith(UNFORESEEN)]
    if not entries:
        return {}
    before, rules = position_from_json(record["before"]), rules_for(variant)
    found = {}
    for power, e in entries:
        try:
            unit = parse_order(e["written"], variant, before, power, rules).unit
        except Exception:  # words the parser no longer reads: shown as recorded
            continue
        found[(power, str(unit))] = e["cell"]
    return found


def shown_unforeseen(variant: Variant, record: dict, results: list[dict]) -> list[dict]:
    """The results with a unit whose order was not followed (:data:`UNFORESEEN`) said so, not
    'no order: holds' (the record's words)."""
    units = _unforeseen(variant, record)
    if not units:
        return results
    return [dict(r, reason=NOT_FOLLOWED_HOLDS)
            if (r.get("power"), (r.get("parsed") or {}).get("unit")) in units
            and [c.get("code") for c in r.get("codes", [])] == ["not_ordered"] else r
            for r in results]


def public_unforeseen(variant: Variant, record: dict) -> dict:
    """The record less its notes that a unit whose order was not followed (:data:`UNFORESEEN`)
    'had no order and holds' and that the order 'was invalid and not used', the order marked
    as one not followed: the page gives it under Orders as written, with why."""
    from gm_tools.engine.results import note_code

    units = _unforeseen(variant, record)
    if not units:
        return record
    cells = set(units.values())

    def told(n) -> bool:
        if not isinstance(n, dict) or not n.get("codes"):
            return False
        code = n["codes"][0]
        return ((note_code(n) == "held_without_order" and (n.get("power"), code.get("unit")) in units)
                or (note_code(n) == "invalid_not_used" and code.get("cell") in cells))

    # the order as written is one the rules did not follow (as a minor's not aligned), not one
    # that could never be carried out: the judge text's '(*void*)' said so
    orders = {power: [dict(e, outbid=True) if isinstance(e, dict) and e.get("cell") in cells
                      and str(e.get("error") or "").endswith(UNFORESEEN) else e for e in entries]
              for power, entries in (record.get("orders") or {}).items()}
    return dict(record, notes=[n for n in record.get("notes", []) if not told(n)], orders=orders)
