"""The Diplomatic Influence a Peace Treaty costs its winner, and the GM's Influence Changes that
pay it, checked.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Peace Treaties': 'For every town you take you lose 2
Diplomatic Influence. For every province you take without a town that wasn't adjacent at the start
of your turn you lose 1 ... Additionally, your allies may each take 1 adjacent province ... Lose 2
Diplomatic Influence from each of your allies that could have conquered a province but did not (the
ability to take a province is determined at the start of the war)'. The GM enters the losses on the
Influence Changes sheet (:func:`influence_changes`); what the text fixes is checked there:

- a town's 2 and a far province's 1 are lost from anywhere (the text does not say from which
  principality), so only their total is checked (:func:`cost`);
- an ally's lapse is lost 'from' that ally, so 2 on that principality for each war in which it
  could have taken a province, as the board stood at the start of the turn, and took none
  (:func:`lapses`); in the Religious War's treaty once, as the Leagues go to war, named at its
  Winning League (``turnsteps``);
- one cannot lose what he does not hold: each due is capped by what the winner holds once the
  Battle Phases are over.

'You lose 2 Diplomatic Influence with each of your allies per province they lost' needs no check:
a principality that loses a province is conquered or vassalized, and either takes every other
player's Diplomatic Influence off it (NOTES.md).
"""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL
from gm_tools.systems.westphalia.state import State
from gm_tools.systems.westphalia.wars import Taking, borders, check

TOWN_COST, FAR_COST = 2, 1
"""'For every town you take you lose 2 Diplomatic Influence. For every province you take without
a town that wasn't adjacent at the start of your turn you lose 1'."""
COST_RULE = "'For every town you take you lose 2 Diplomatic Influence. For every province you take without a " \
            "town that wasn't adjacent at the start of your turn you lose 1 Diplomatic Influence, unless you're " \
            "the Emperor taking from a Foreign Power'"
LAPSE_COST = 2
"""'Lose 2 Diplomatic Influence from each of your allies that could have conquered a province but did not'."""
LAPSE_RULE = "'Additionally, your allies may each take 1 adjacent province from the unaligned Principality or the " \
             "Player and his allies. Lose 2 Diplomatic Influence from each of your allies that could have conquered " \
             "a province but did not (the ability to take a province is determined at the start of the war)'"


def cost(variant: Variant, start: State, state: State, taking: Taking, loser: str) -> tuple[int, str]:
    """What one checked, not yet applied, taking of a Player Turn's treaty costs its winner, and
    why: ``start`` is the board at the start of the turn, which decides adjacency. A principality
    has no Diplomatic Influence to lose, and 'You lose no Diplomatic Influence for vassalizing'."""
    from gm_tools.systems.westphalia.turns import home_neighbours

    if taking.vassalize or taking.winner not in state.setup_order:
        return 0, ""
    if state.town_at(taking.province):
        return TOWN_COST, f"{taking.province} with its town: {TOWN_COST}"
    # the loser of the war or the holder: the text does not say which must be the Foreign Power
    holder = state.owner().get(taking.province, "")
    if taking.winner in (start.emperor, state.emperor) and (holder in state.foreign or loser in state.foreign):
        return 0, ""
    if borders(variant, start, taking.winner, taking.province) \
            or taking.province in home_neighbours(variant, start, taking.winner):
        return 0, ""
    return FAR_COST, f"{taking.province}, not adjacent to {taking.winner} at the start of the turn: {FAR_COST}"


def lapses(variant: Variant, start: State, winner: str, loser: str, took: set[str],
           spared: str | None = None) -> list[tuple[str, str]]:
    """The winner's allies that 'could have conquered a province but did not' in his war with
    ``loser``: (ally, a province it could have taken), for each principality allied to him on
    ``start`` (the board when the wars were declared, 'the start of the war', before any battle)
    that could then take a province from the loser or the loser's allies ('1 adjacent province',
    by the treaty's rules: no town, a capital only as the last province, no Elector's) and is not
    in ``took`` (those that took one in the war's treaty). A principality winner has no
    Diplomatic Influence to lose. ``spared``: a principality that may neither take nor lose a
    province in this treaty (the Religious War's target, its Restorer's League the winner)."""
    from gm_tools.systems.westphalia.figures import ally

    if winner not in start.setup_order:
        return []
    owner = start.owner()
    losers = {loser} | ({n for n in start.principalities if ally(start, n) == loser} if loser in start.setup_order
                        else set())
    out = []
    for name in sorted(n for n in start.principalities if ally(start, n) == winner and n not in took | losers
                       and n != spared):
        able = next((p for p in sorted(owner) if owner[p] in losers and owner[p] != spared
                     and check(start, Taking(name, p), {}, loser, winner, variant) is None), None)
        if able:
            out.append((name, able))
    return out


def unpaid(state: State, costs: dict[str, list[tuple[int, int, str]]], changes: list[dict],
           lapsed: dict[str, list[tuple[int | tuple[str, int], str, str]]] | None = None,
           after: State | None = None) -> list[tuple[int, str, str, str]]:
    """The winners whose Influence Changes lose less than their treaties cost, as problems.
    ``costs``: winner -> (treaty row, cost, why), named at the first costly treaty row; the rows'
    losses are added up wherever they are. ``lapsed``: winner -> (war row, ally, why), named at
    the war's row (or (field, row), the Religious War's Winning League): 2 for each on that ally,
    from the losses entered there. One cannot lose what he does not hold: a lapse is capped by
    what the winner holds on the ally, the rest by all he holds after the Battle Phases'
    treaties (``state``); a lapse of the Religious War's treaty by what he holds after it
    (``after``)."""
    problems = []
    lapsed = lapsed or {}
    for player in list(costs) + [p for p in lapsed if p not in costs]:
        def lost_on(where: str | None) -> int:
            return -sum(c["change"] for c in changes if c.get("player") == player and isinstance(c.get("change"), int)
                        and c["change"] < 0 and (where is None or (c.get("principality") or "saved") == where))

        spent = 0  # what the lapses take of the losses entered
        allies: dict[str, list[tuple[int, str]]] = {}
        for row, name, why in lapsed.get(player, []):
            allies.setdefault(name, []).append((row, why))
        for name, wars_of in allies.items():
            late = after is not None and any(isinstance(row, tuple) for row, _ in wars_of)
            due = min(LAPSE_COST * len(wars_of), (after if late else state).influence.get(name, {}).get(player, 0))
            paid = lost_on(name)
            spent += min(paid, due)
            if paid < due:
                at, field_ = (wars_of[0][0][1], wars_of[0][0][0]) if isinstance(wars_of[0][0], tuple) else \
                    (wars_of[0][0], "winner")
                problems.append((at, field_, f"{paid} Diplomatic Influence lost by {player} on {name} "
                                             "on the Influence Changes sheet",
                                 f"at least {due} lost by {player} on {name} ({'; '.join(w for _, w in wars_of)}): "
                                 f"{LAPSE_RULE}"))
        rows = costs.get(player, [])
        owed = sum(n for _, n, _ in rows)
        if not owed:
            continue
        held = state.saved_di.get(player, 0) + sum(r.get(player, 0) for r in state.influence.values()) - spent
        due, lost = min(owed, held), lost_on(None) - spent
        if lost >= due:
            continue
        first = min(i for i, n, _ in rows if n)
        why = "; ".join(w for _, n, w in rows if n)
        cap = f" (all the {held} it holds)" if held < owed else ""
        besides = f", besides the {spent} for its allies" if spent else ""
        problems.append((first, "treaty", f"{lost} Diplomatic Influence lost by {player} on the Influence Changes "
                                          f"sheet{besides}",
                         f"at least {due}{cap} lost by {player} on the Influence Changes sheet for its Peace "
                         f"Treaties ({why}): {COST_RULE}"))
    return problems


def influence_changes(step, changes: list[dict]) -> None:
    """The Diplomatic Influence the treaties cost, as the GM enters it (a :class:`.steps.Step`'s
    problems and what was done): the text leaves where most of it is taken from open (NOTES.md)."""
    for i, entry in enumerate(changes):
        player, where, change = entry.get("player"), entry.get("principality") or "saved", entry.get("change")
        if player not in step.state.setup_order:  # named at the Player cell (an empty cell when blank)
            step.problems.append((i, "change player", str(player or EMPTY_CELL), step.state.a_player()))
            continue
        if not isinstance(change, int) or change == 0:
            # a blank Change is an empty cell, as every blank cell is named, not Python's None
            step.problems.append((i, "change", EMPTY_CELL if change is None else str(change),
                                  "a whole number of Diplomatic Influence, not 0"))
            continue
        if where == "saved":
            now = step.state.saved_di.get(player, 0) + change
        elif where in step.state.principalities:
            now = step.state.influence.get(where, {}).get(player, 0) + change
        else:
            step.problems.append((i, "change where", where, "a principality on the board, or saved"))
            continue
        if now < 0:
            # a principality that lost a province to a treaty has none left: 'remove all Diplomatic
            # Influence from conquered Principalities' (so an ally's lost province costs nothing more)
            held = now - change
            there = "from his saved Influence" if where == "saved" else f"on {where}"
            step.problems.append((i, "change", str(change), f"at most {held} to take from {player} {there}, all he "
                                                            "holds there once the treaties are signed"))
            continue
        if where == "saved":
            step.state.saved_di[player] = now
        else:
            step.state.influence.setdefault(where, {})[player] = now
        reason = entry.get("reason") or "the GM's entry"
        step.did(("change", i), player, f"{change:+d} Diplomatic Influence ({where}): {reason}")
