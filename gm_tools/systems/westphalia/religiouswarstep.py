"""The Religious War as the GM enters it with the Player Turns: its declaration checked on the
board it was made on, the Leagues joined, the Defender of the Faith, the battle (at the table, or
by the card engine's melee), its peace and the Electors changed, each problem with its entry
(:class:`.steps.Step`).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Declare a Religious War', 'Religious War Declared',
'Religious War Battle', 'Religious War Peace Treaty'. The rules themselves are
:mod:`.religiouswar`; the Player Turns step (:mod:`.turnsteps`) calls :func:`religious_war` once
every Battle Phase and its Peace Treaties are over.
"""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL
from gm_tools.systems.westphalia.steps import Step, pair


_DECLARED = [("religious war", 0), ("religious war", 1)]
"""The Religious War sheet's Declarer and Target rows, where a declaration is typed (the Results
sheet names them beside its line)."""
_EMPEROR_JOINS, _WINNING_LEAGUE = ("league won", 2), ("league won", 1)
"""The Religious War sheet's Emperor joins and Winning League rows (as their problems name them)."""


def no_elector_change(step: Step, changes: list[dict], why: str) -> None:
    """An Electors Changed row when the Religious War changes no Elector: refused, named by the
    cell filled in ('Removed', else 'Added')."""
    for i, change in enumerate(changes):
        field_, found = ("elector", change["removed"]) if change.get("removed") else \
            ("elector added", change.get("added") or EMPTY_CELL)
        step.problems.append((i, field_, found, f"no Electors changed: {why} (the Electors change in the Religious "
                                                "War's peace: 'if the Emperor was in the League of his religion "
                                                "and he: Won, then he may remove any number of heretical Electors "
                                                "... Lost, then the Player(s) of the opposing League ... may "
                                                "remove any number of Electors')"))


def religious_war(variant: Variant, step: Step, entry: dict, year: int,
                  declared) -> tuple[list[tuple[str, str]], str | None, object]:
    """The Religious War, when one is declared (:mod:`.religiouswar`): the declaration checked
    against the board it was made on (``declared``, before the battles), the Leagues joined, the Defender of the Faith, the winning League the GM enters, its peace,
    and the Electors changed. Returns (winner, loser) pairs between the Leagues' members, for
    the conquests of its Peace Treaty; the Target Principality when the Restorer's League won:
    it 'may neither take provinces nor have its provinces taken in the Peace Treaty'; and the
    board as the Leagues go to war, its Defender of the Faith made ('the start of the war' of its
    allies' lapses, :func:`.treatycost.lapses`)."""
    from gm_tools.systems.westphalia import religiouswar as R
    from gm_tools.systems.westphalia.figures import ally

    if not entry.get("declarer") and not entry.get("target"):
        return [], None, None  # an Electors Changed row then is refused with the other entries (player_turns)
    state = step.state
    names = R.league_names(variant)
    declarer, target = entry.get("declarer", ""), entry.get("target", "")
    wrong = R.check_declaration(declared, declarer, target)
    if wrong:
        # named at the Declarer's cell when it is his League, else at the Target's, the one to correct
        at = 0 if wrong == R.no_league(declarer) else 1
        # an empty cell said as every sheet says it ('found an empty cell'), not as a blank after '>'
        step.problems.append((at, "religious war", pair(declarer, target), wrong))
        return [], None, None
    if target not in state.principalities:
        step.did(_DECLARED, declarer, f"declared a Religious War on {target}, which no longer exists: no Religious "
                                      "War ('or if the Target Principality no longer exists, proceed to Tradeoffs')")
        no_elector_change(step, entry.get("electors", []), f"the Target Principality {target} no longer exists")
        return [], None, None
    if entry.get("emperor_league") not in (None, *names):  # the Emperor's choice, never passed over
        step.problems.append((2, "league won", entry["emperor_league"], "the League the Emperor joins: "
                              + " or ".join(names) + " ('if the Emperor is not yet a member of a League, he may "
                                                     "Join a League')"))
        return [], None, None
    war = R.ReligiousWar(target, declarer)
    step.did(_DECLARED, declarer, f"declares a Religious War on {target}: the Restorer of the Faith")
    joined = list(entry.get("joins", {}))  # the Religious War Leagues rows, one a player, in the sheet's order
    for chose, line in R.join(state, war, entry.get("joins", {}), entry.get("emperor_league"), names):
        if chose == R.EMPEROR_JOINS:
            step.did(_EMPEROR_JOINS, "", line)
        elif chose in joined:  # his Religious War Leagues row
            step.did(("war league", joined.index(chose)), "", line)
        else:  # no League typed: the rules take his Diplomatic Influence, no row made the line
            step.done.append(("", line))
    war.defender = R.defender(state, war, names)
    war.fought = {e: war.leagues[ally(state, e)] for e in state.electors if war.leagues.get(ally(state, e) or "")}
    # 'If there is a DOTF, all members in the Catholic League go to war with all members in the
    # Evangelical League': the war starts on this board
    start = type(state).from_json(state.to_json())
    restorers = war.leagues[declarer]
    typed_winner = False  # whether the peace follows the Winning League the GM typed (its row makes the line)
    # the Defender of the Faith, the pairs and the card engine's battle are the rules' consequence
    # of the Leagues (several rows, the Initiative Order, the Diplomatic Influence) or of every
    # player's Religious War Cards row: no one row made them, and they name none
    if war.defender is None:
        war.winner = restorers  # 'If there is no DOTF, the ROTF's League wins'
        step.done.append(("", f"no Defender of the Faith: the {restorers} wins"))
    else:
        step.done.append((war.defender, f"is the Defender of the Faith of {target}"))
        pairs, reserve = R.pairings(state, war, names)
        step.done.append(("", "the Leagues pair off: " + ", ".join(f"{x} against {y}" for x, y in pairs)
                          + (f"; In Reserve: {', '.join(reserve)}" if reserve else "")))
        if variant.options.get("card_engine") and any(entry.get("cards", {}).values()):
            fought = melee(variant, state, war, names, entry["cards"], year)
            if fought.startswith("!"):
                # named at the row of the player whose line is at fault, when one is
                who, _, why = fought[1:].partition("\t")
                lines = list(entry["cards"])
                step.problems.append((lines.index(who), "war cards", entry["cards"][who] or EMPTY_CELL, why)
                                     if who in lines else (1, "league won", f"no row for {who} on the Religious War "
                                                           "Cards sheet" if who else "the Religious War Cards", why))
                return [], None, None
            step.done.append(("", fought.split("|", 1)[1]))
            fought = fought.split("|", 1)[0]
            if entry.get("winner") and entry["winner"] != fought:
                step.problems.append((1, "league won", entry["winner"], f"{fought or 'nothing'}, as the cards "
                                                                        "decided (or nothing)"))
                return [], None, None
            if not fought:
                step.done.append(("", "both Leagues are spent: the Religious War is inconclusive"))
                no_elector_change(step, entry.get("electors", []), "the Religious War is inconclusive, no League "
                                                                    "won")
                return [], None, None
            entry = dict(entry, winner=fought)
        else:
            typed_winner = True
        if entry.get("winner") not in names:
            step.problems.append((1, "league won", entry.get("winner") or EMPTY_CELL,
                                  "the League that won the battle: " + " or ".join(names)))
            return [], None, None
        war.winner = entry["winner"]
    for line in R.peace(state, war, names):
        # the peace of the League the GM typed as winning names its Winning League row; with no
        # Defender of the Faith the rules make the Restorer's League win, with the card engine the cards
        if typed_winner:
            step.did(_WINNING_LEAGUE, "", line)
        else:
            step.done.append(("", line))
    for i, change in enumerate(entry.get("electors", [])):
        emperor = state.emperor
        faith_league = names[0] if emperor and state.religion_of(emperor) == "catholic" else names[1]
        if not emperor or war.leagues.get(emperor) != faith_league:
            step.problems.append((i, "elector", change.get("removed", ""), "no change: the Emperor was not in the "
                                                                          "League of his religion"))
            continue
        won = war.winner == faith_league
        by = emperor if won else strongest(state, war, R.other(faith_league, names), year)
        # 'Electors of the Emperor's religion ... replacing them with Electors ... of the opposing
        # Religion': the Emperor's faith decides, not that of the League's strongest player
        faith = state.religion_of(emperor)
        gains = faith if won else ("protestant" if faith == "catholic" else "catholic")
        wrong = R.check_elector_change(state, war, change.get("removed", ""), change.get("added", ""), gains)
        if wrong:
            # a blank cell is an empty cell, as every blank cell is named; a name misspelt gets the nearest
            unknown = change.get(wrong[0], "") not in state.principalities
            near = state.nearest(change.get(wrong[0], ""), players=False) if unknown else []
            step.problems.append((i, "elector" if wrong[0] == "removed" else "elector added",
                                  change.get(wrong[0]) or EMPTY_CELL,
                                  wrong[1] + (f" (nearest: {', '.join(near)})" if near else "")))
            continue
        state.electors = tuple(sorted((set(state.electors) - {change["removed"]}) | {change["added"]}))
        step.did(("elector", i), by, f"replaces the Elector {change['removed']} with {change['added']}")
    losers = [p for p, league in war.leagues.items() if league != war.winner]
    return ([(w, lost) for w, league in war.leagues.items() if league == war.winner for lost in losers],
            target if war.winner == restorers else None, start)


def melee(variant: Variant, state, war, names: tuple[str, str], lines_of_play: dict, year: int) -> str:
    """The Leagues' battle fought by the card engine (:func:`.cards.league_battle`): 'NAME|log'
    with the winning League's name ('' when inconclusive), or '!', the player at fault (if one is),
    a tab and what is wrong."""
    from gm_tools.systems.westphalia import battles, cards
    from gm_tools.systems.westphalia.figures import round_number

    table = variant.tables.get("military_cards", {})
    counts = {cards.PIKE: table.get("pikemen", 10), cards.MUSKET: table.get("musketeers", 10),
              cards.CAVALRY: table.get("cavalry", 10)}
    order = list(state.initiative or state.setup_order)
    lines = tuple([p for p in order if war.leagues.get(p) == league] for league in names)
    try:
        for p, typed in lines_of_play.items():
            if typed and not any(p in line for line in lines):
                # 'each Player participating in the Religious War draws': another's line is no play
                raise cards.DuelError(f"a line of a player of the Leagues ({', '.join(lines[0] + lines[1])}): {p} "
                                      "is in neither", p)
        armies = {p: battles.forces(state, p, year) + (state.doctrines.get(p, "Flexible"),
                                                       _orders(cards, p, lines_of_play.get(p, "")))
                  for line in lines for p in line}
        paid: list[str] = []
        cards.pay_for_cards(state, {p: army[3] for p, army in armies.items()}, paid)
        melee = cards.league_battle(armies, lines, counts, f"{year} religious war {state.seed}", round_number(year),
                                    int(table.get("rifling_from_round", 5)), int(table.get("doctrine_discards", 2)))
    except cards.DuelError as e:
        return "!" + (e.side if isinstance(e.side, str) else "") + "\t" + str(e)
    winner = names[melee.winner] if melee.winner is not None else ""
    return f"{winner}|the battle by the cards: " + "; ".join(paid + melee.log)


def _orders(cards, player: str, line: str):
    """A player's line read, a mistake in it his (named at his Cards cell)."""
    try:
        return cards.read_orders(line)
    except cards.DuelError as e:
        raise cards.DuelError(f"{player}: {e}", player) from None


def strongest(state, war, league: str, year: int) -> str:
    """'the Player(s) of the opposing League with the most Imperial Power ... Initiative Order in
    the case of ties'."""
    from gm_tools.systems.westphalia.figures import imperial_power

    order = list(state.initiative or state.setup_order)
    members = [p for p in order if war.leagues.get(p) == league]
    return max(members, key=lambda p: (imperial_power(state, p, year), -order.index(p)))
