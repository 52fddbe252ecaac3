"""Europe 1615 (version 2)'s sections of a phase's page, in markdown, from the history record
alone: 'The GM then publishes the distribution of INFs', the attacks with their rolls, both
statuses of every minor state, the treasuries, and the penalties incurred.
"""

from __future__ import annotations

import re

from gm_tools.engine.positions import position_from_json
from gm_tools.engine.variant import Variant
from gm_tools.systems.europe1615v2 import politics
from gm_tools.systems.europe1615v2.setup import setup_of
from gm_tools.systems.europe1615v2.state import state_of


def _items(lines: list[str], none: str = "None.") -> str:
    """A markdown list; ``none``, when empty, says in words what the phase did not have
    ("No INF deployments this phase."), as a reader of the section wants it said."""
    return "\n".join(f"- {line}" for line in lines) or none


def _named(variant: Variant, code: str) -> str:
    """A power by its name ("Denmark/Sweden"); the record and the GM's sheets keep its code."""
    power = variant.powers.get(code)
    return power.name if power else code


def _where(variant: Variant, setup, code: str) -> str:
    """Where INFs go: a minor state by its code (what the orders type) and name, as the Minor
    states table names it ("SAX (Saxony)"), or a power's home box ("England's home box")."""
    if code in setup.minors:
        return _minor(setup, code)
    return f"{_named(variant, code)}'s home box" if code in setup.powers else code


def _minor(setup, code: str) -> str:
    """A minor state by its code (what the orders type) and name, as the Minor states table
    names it ("SAX (Saxony)"); a code the setup does not know, as written."""
    return f"{code} ({setup.minors[code].name})" if code in setup.minors else code


def _occupied(variant: Variant, province: str, minor: str) -> str:
    """The province a minor state's unit was dislodged from, by code and name ("CRO (Croatia)"),
    the code alone where the minor state, named beside it, has the same code."""
    found = variant.provinces.get(province)
    return f"{province} ({found.name})" if found is not None and province != minor else province


def _code_words(variant: Variant, setup, code: str) -> str:
    """A code in recorded words: a power by name, a minor state by code and name, any other
    word as written."""
    if code in setup.powers:
        return _named(variant, code)
    return _minor(setup, code)


def _revolts(variant: Variant, setup, table, centers: dict[str, str]) -> dict[str, str]:
    """Minor state -> why it is in REVOLT, in the page's plain case with the powers by name
    ("aligned with England, a third of its supply points"); the Influence Tracker keeps codes."""
    from gm_tools.systems.europe1615v2.occupation import revolts

    def plain(why: str) -> str:
        why = why.replace("CONTROLLED", "controlled").replace("ALIGNED", "aligned").replace(": ", ", ")
        return re.sub(r"\b[A-Z]{3,}\b", lambda m: _named(variant, m.group()), why)

    return {setup.minor_of(c): plain(why) for c, why in revolts(setup, table, centers).items()}


def _statuses(variant: Variant, setup, state, centers: dict[str, str] | None = None) -> str:
    """Both statuses of every minor state. The rulebook's terms (ALIGNED, DOMINION) and the
    powers' codes are the GM's Influence Tracker's; a reader gets them in plain case with the
    powers named as the rest of the page names them ("Aligned with Denmark/Sweden")."""
    rows = ["| Minor state | Political | Religious | INFs by power | Total |", "|:--|:--|:--|:--|--:|"]
    table = politics.statuses(setup, state)
    revolting = _revolts(variant, setup, table, centers or {})
    for code, s in table.items():
        infs = ", ".join(f"{_named(variant, p)} {n}" for p, n in sorted(state.influence.get(code, {}).items())) or "none"
        political = f"Aligned with {_named(variant, s.power)}" if s.power else s.political.capitalize()
        religious = f"{s.confession.capitalize()} controlled" if s.confession else s.religious.capitalize()
        extra = [f"Dominion of {_named(variant, state.dominion[code])}"] if code in state.dominion else []
        extra += [f"Contested by {_named(variant, state.contested[code])}"] if code in state.contested else []
        extra += [f"In revolt: {revolting[code]}"] if code in revolting else []
        rows.append(f"| {_minor(setup, code)} | {'; '.join([political] + extra)} | {religious} | "
                    f"{infs} | {s.total} |")
    return "\n".join(rows)


def _boxes(variant: Variant, setup, state) -> str:
    """Each power's home box: the INFs it kept, those others placed there, and who is immune
    from its attacks; the powers named as the Minor states table names them ("England", not
    the code "ENGLAND" the record and the GM's Home Boxes sheet keep)."""
    lines = []
    for owner in setup.powers:
        box = state.boxes.get(owner, {})
        own = box.get(owner, 0)
        others = ", ".join(f"{_named(variant, p)} {n}" for p, n in sorted(box.items()) if p != owner)
        immune = [_named(variant, p) for p in setup.powers if p != owner and politics.immune(setup, state, p, owner)]
        name = _named(variant, owner)
        line = f"**{name}**: {own} INF{'' if own == 1 else 's'} kept" + (f"; placed by others: {others}" if others else "")
        if immune:
            line += f"; immune from {name}'s attacks: {', '.join(immune)}"
        lines.append(line)
    return _items(lines)


CODE = re.compile(r"\b[A-Z]{3,}\b")
"""A power's or a minor state's code in the words of an attack not performed ("FRANCE has no
INFs in LOR"), which the record keeps only as words (politics.blocked)."""


def _attack(variant: Variant, setup, entry: dict) -> str:
    """One line of the published attack results ('3d6 ... column, roll, result'), from the
    attack the record keeps (power, target, where, the INFs, the roll), the powers named, the
    minor state by code and name ("LOR (Lorraine)") and a home box said as one ("England's home
    box", where the record keeps ``ENGLAND``), as the INF placements say them."""
    power, target = _named(variant, entry["power"]), _named(variant, entry["target"])
    head = f"{power} attacks {target} in {_where(variant, setup, entry['where'])}"
    if not entry["performed"]:
        # the record keeps why only in words (politics.blocked); a display-time wording names
        # the powers and the minor states in them ("France has no INFs in LOR (Lorraine)")
        why = CODE.sub(lambda m: _code_words(variant, setup, m.group()), entry["why"])
        # the choice after a comma: a minor state's name is in brackets already
        return f"{head}, order {entry['choice']}: not performed, {why}"
    odds = f"{entry['attacker']} against {entry['defender']} INFs"
    roll = (f"column {entry['column']}, roll {entry['roll']}: {entry['result']}" if entry["roll"] is not None
            else "5 to 1 or better, no roll")
    return f"{head}: {odds}, {roll}; {power} loses {entry['attacker_loss']}, {target} loses {entry['defender_loss']}"


def _neutral_joins(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """'Before build/adjustment in 1617 each player rolls dice. France joins player with highest
    roll in 1618': the rolls and whom the neutral joins, for the players, in the phase rolled."""
    from gm_tools.systems.europe1615v2.players import FULL, setups

    draw = next((d for d in (record.get("random") or {}).get("draws") or [] if d.get("kind") == "neutral joins"), None)
    rule = setups(variant).get(int(variant.options.get("players", FULL)), {})
    if draw is None or not rule.get("neutral"):
        return []

    def side(key: str) -> str:
        return " and ".join(_named(variant, c) for c in key.split("/"))

    rounds = "; the highest tied, again: ".join(", ".join(f"{side(k)} {n}" for k, n in r.items()) for r in draw["rolls"])
    neutral = _named(variant, rule["neutral"])
    joined = " and ".join(_named(variant, c) for c in rule["players"][draw["player"]])
    return [(f"{neutral} joins a player", f"Each player rolled a die for {neutral}: {rounds}. **{neutral} joins "
             f"{joined} in {rule.get('joins_year')}** ('France joins player with highest roll in 1618').")]


def sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    setup = setup_of(variant)
    outcome = record.get("extra", {}).get("outcome", {})
    board = position_from_json(record["after"])
    after = state_of(board)
    out: list[tuple[str, str]] = []
    done = outcome.get("influence")
    # the powers by name, as the Home boxes and Minor states name them; the record keeps codes
    if done:
        out.append(("INFs for the year", _items([f"**{_named(variant, p)}**: {n}"
                                                 for p, n in done["year_infs"].items()])))
        by_power: dict[str, list[str]] = {}
        for p in done["placements"]:
            by_power.setdefault(p["power"], []).append(f"{p['infs']} to {_where(variant, setup, p['where'])}")
        out.append(("INF placements", _items([f"**{_named(variant, p)}**: {', '.join(v)}"
                                              for p, v in by_power.items()], "No INF placements this phase.")))
    # a game recorded before the attacks had their own phase kept them in the influence outcome
    attacked = outcome.get("attacks") or ({"attacks": done["attacks"]} if done and done.get("attacks") else None)
    if attacked:
        out.append(("Diplomatic attacks", "In the national order "
                    + ", ".join(_named(variant, p) for p in setup.attack_order)
                    + "; 3d6 from the game's recorded seed.\n\n"
                    + _items([_attack(variant, setup, a) for a in attacked["attacks"]],
                           "No diplomatic attacks this phase.")))
    if done or attacked:
        out.append(("Home boxes", _boxes(variant, setup, after)))
    if done or attacked or outcome.get("taxation") is None:
        out.append(("Minor states", _statuses(variant, setup, after, board.centers)))
    taxed = outcome.get("taxation")
    if taxed:
        rows = ["| Power | Before | Centers | Tribute | Income | Treasury |", "|:--|--:|--:|:--|--:|--:|"]
        for s in taxed["statements"]:
            # each minor state paying tribute by code and name, as the Minor states table names it
            tribute = ", ".join(f"{_minor(setup, m)} {n}" for m, n in s["tribute"].items()) or "-"
            # 1615: 'each power begins with the following funds', which stand in for the centers'
            # yield: said at Before, where they are counted, not under Centers beside them
            centers = "-" if s["first_year"] else str(sum(s["centers"].values()))
            before = f"{s['before']} (starting funds)" if s["first_year"] else str(s["before"])
            rows.append(f"| {_named(variant, s['power'])} | {before} | {centers} | {tribute} | "
                        f"{s['income']} | {s['after']} |")
        out.append(("Treasuries", "\n".join(rows)))
    made = [a for a in after.alliances if a not in state_of(position_from_json(record["before"])).alliances]
    if made:
        # 'communicated to the GM and announced to the other players': in the phase it is recorded
        out.append(("Alliances", _items([f"**{_named(variant, a)}** and **{_named(variant, b)}** form an alliance, "
                                         "permanent ('Two players, before the start of 1618, may form an alliance')"
                                         for a, b in made])))
    out += _neutral_joins(variant, record)
    out += bribe_sections(variant, record)
    waived = _waivers(variant, setup, record)
    if waived:
        out.append(("Waivers", _items(waived)))
    tied = _tie(variant, record)
    if tied:
        out.append(("Victory", tied))
    fresh = [e for e in after.penalties if e["phase"] == record.get("phase")]
    if fresh:
        # the minor state by code and name; the province occupied too, unless it is the state's
        # own of the same code ("the unit of BOS (Bosnia) in BOS")
        out.append(("Penalties", _items([f"**{_named(variant, e['power'])}** {e['vps']} VPs for dislodging "
                                         f"the unit of {_minor(setup, e['minor'])} in "
                                         f"{_occupied(variant, e['province'], e['minor'])}: {e['why']}"
                                         for e in fresh])))
    return out


def _waivers(variant: Variant, setup, record: dict) -> list[str]:
    """The waivers the phase took, and, where the Fall's change of ownership was made, each
    center a waiver kept: the player arranged it with the GM and is told it stands ('Once the
    decision is made no reversal is allowed until the next build phase'); the others see why
    an occupied center did not change hands."""
    from gm_tools.systems.europe1615v2.calendar import MOVEMENT, RETREATS, phase_role

    def center(code: str) -> str:
        found = variant.provinces.get(code)
        return f"{code} ({found.name})" if found is not None else code

    def owner(code: str) -> str:
        return setup.minors[code].name if code in setup.minors else _named(variant, code)

    taken = [tuple(w) for w in record.get("extra", {}).get("europe1615v2", {}).get("waivers", ())]
    lines = [f"**{_named(variant, p)}** waives the change in ownership of {center(c)} until the build phase "
             "('The player occupying a foreign supply center prior to the build phase may waive the change in "
             "ownership of the center')" for p, c in taken]
    after = position_from_json(record["after"])
    fighting = (MOVEMENT, RETREATS)
    if phase_role(variant, record["phase"]) in fighting and phase_role(variant, after.phase) not in fighting:
        for p, c in sorted(set(state_of(position_from_json(record["before"])).waived) | set(taken)):
            unit = after.units.get(c)
            if unit is not None and unit.power == p and after.centers.get(c, p) != p:
                lines.append(f"{center(c)} stays {owner(after.centers[c])}'s: {_named(variant, p)}, occupying it, "
                             "waived the change in ownership")
    return lines


def _auction(variant: Variant, record: dict):
    """The movement phase's auction worked out again from the record: the board it opened
    with and the checked offers (the same pure rules give the same result)."""
    from gm_tools.systems.europe1615v2.bribes import decide

    inputs = record.get("extra", {}).get("europe1615v2", {})
    if "offers" not in inputs:
        return None, None, inputs
    before = position_from_json(record["before"])
    state = state_of(before)
    return decide(setup_of(variant), before, inputs, state.treasury, state.acceptance, state.seed), state, inputs


def bribe_sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """'a public bribe chart (each unit, its winning order, who paid what, treasuries before and
    after)'. The offers themselves, the ignored ones too, are private: each power sees its own
    in its ledger (:func:`ledgers`)."""
    from gm_tools.mechanics.payola import bribe_chart

    done, state, inputs = _auction(variant, record)
    if done is None:
        return []
    setup = setup_of(variant)
    treasuries = {p: state.treasury.get(p, 0) for p in setup.powers}
    # the powers named, as the rest of the page names them; the auction keeps their codes
    chart = bribe_chart(done, treasuries, lambda p: _named(variant, p))
    # the treasuries an indented block: markdown's own code block, laid out in columns (the
    # page's markdown reads no fences)
    text = "\n".join(chart)
    if done.rounds > 1:
        # 'all its offers are reduced by one and every unit's order is decided again', round after
        # round: the power first, then how far its offers came down ("Spain's by 2")
        first, *rest = [(_named(variant, p), n) for p, n in sorted(done.cuts.items())]
        cuts = f"{first[0]}'s offers were each cut by {first[1]}" + "".join(
            f"{' and' if i == len(rest) - 1 else ','} {name}'s by {n}" for i, (name, n) in enumerate(rest))
        text += f"\n\nOverspending: {cuts}, and every unit was decided again ({done.rounds} rounds)."
    return [("Bribe chart", text)]


def ledgers(variant: Variant, record: dict) -> dict[str, str]:
    """Each power's private statement ('its units' orders, the bribes it accepted, its offer
    sheet, previous balance, cost, new balance'), for the GM to send."""
    from gm_tools.mechanics.payola import Offer, ledger

    done, state, inputs = _auction(variant, record)
    if done is None:
        return {}
    out = {}
    for power in setup_of(variant).powers:
        offers = [Offer(o["power"], o["unit"], o["order"], int(o["amount"])) for o in inputs.get("offers", [])]
        # the powers and minor states named as the public bribe chart names them
        lines = [f"{record['game']} {record['phase']}: {_named(variant, power)}'s ledger (private)", ""]
        lines += ledger(done, power, offers, state.treasury.get(power, 0), lambda p: _named(variant, p))
        ignored = [o for o in inputs.get("ignored", []) if o["power"] == power]
        if ignored:
            lines.append("Ignored offers:")
            lines += [f"  {o['amount']} : {o['order']} - {o['why']}" for o in ignored]
        dropped = _offers_dropped(record, power)
        if dropped:
            lines.append("Offers dropped as invalid (turn --lenient), so not made:")
            lines += [f"  {line}" for line in dropped]
        out[power] = "\n".join(lines) + "\n"
    return out


def _offers_dropped(record: dict, power: str) -> list[str]:
    """The rows of ``power``'s offer sheet a lenient turn dropped, as the report says them: an
    offer is private, so its power reads it here and nowhere public (:meth:`public_record`)."""
    from gm_tools.publish.droppedrows import dropped_lines
    from gm_tools.systems.europe1615v2.sheets import OFFERS

    mine = [d for d in record.get("dropped") or [] if d.get("sheet") == OFFERS
            and str(d.get("written") or "").split(" | ")[0] == power]
    return dropped_lines({"dropped": mine})


def _tie(variant: Variant, record: dict) -> str | None:
    """The opening of the last year (1621) reached with no winner: 'If there is a tie between
    any two players, then the game will resume for another year, and VPs reassessed at the
    opening of 1622' (rulebook 001). Said, with each player's VPs, lest the GM look for an end
    that did not come; nothing of it is recorded."""
    from gm_tools.engine.phase import parse_phase
    from gm_tools.engine.rules import rules_for
    from gm_tools.systems.europe1615v2.calendar import INFLUENCE, phase_role
    from gm_tools.systems.europe1615v2.players import players_of

    setup = setup_of(variant)
    if record.get("winner") or record.get("draw") or not record.get("next_phase"):
        return None
    after = position_from_json(record["after"])
    year = parse_phase(after.phase).year
    if year < setup.end_year or phase_role(variant, after.phase) != INFLUENCE:
        return None
    points = rules_for(variant).scores(variant, after).points
    sides = players_of(setup, variant, state_of(after), year)
    score = ", ".join(f"{' and '.join(_named(variant, p) for p in side)} {sum(points.get(p, 0) for p in side)}"
                      for side in sides)
    return (f"At the opening of {year} no player or alliance wins on the VPs ({score}): a tie, so the game "
            f"resumes for another year, the VPs reassessed at the opening of {year + 1}.")


def victory(variant: Variant, record: dict):
    """The win the rules share between powers, for the pages: 'an alliance wins if the combined
    VPs of the two allies exceed the total VPs of the other three players', or one player's
    powers winning together ('One player controls Spain and Austria'; 'the player with most VPs
    wins'). The record keeps it as the game's shared result with its reason in codes; a draw
    it would be to a reader, so the pages say the win. None for a single power's win, said as
    it always was."""
    from gm_tools.engine.rules import Victory

    shared = record.get("draw")
    if record.get("winner") or not isinstance(shared, dict):
        return None
    reason = str(shared.get("reason", ""))
    def name(codes: str) -> str:
        names = [variant.powers[p].name if p in variant.powers else p for p in codes.split("/")]
        return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else names[0]

    allied = re.match(r"the alliance of .+: (-?\d+) VPs against (-?\d+)$", reason)
    if allied:
        return Victory("alliance's victory", f"{allied.group(1)} VPs",
                       f"The allies' VPs together exceed the other players' total, {allied.group(1)} against "
                       f"{allied.group(2)} ('an alliance wins if the combined VPs of the two allies exceed the total "
                       "VPs of the other three players')")
    most = re.match(r"([A-Z/]+): (-?\d+) VPs, (.+)$", reason)
    if most:
        return Victory("victory on VPs", f"{most.group(2)} VPs",
                       f"One player's powers, {name(most.group(1))}, their VPs counted together: {most.group(2)}, "
                       f"{most.group(3)}")
    balance = re.match(r"([A-Z/]+), the one unaligned player, holds the balance between two alliances$", reason)
    if balance:
        return Victory("victory on VPs", "", f"One player's powers, {name(balance.group(1))}, the one unaligned "
                       "player, holding the balance between two alliances")
    return None
