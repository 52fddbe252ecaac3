"""The Player Turns step as the GM enters it: the actions, conversions, faith dice, Influence,
wars and their Peace Treaties, the GM's Influence Changes and the Tradeoffs, checked against the
board as the earlier entries left it and then applied.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Player Turns', 'Setting the Warfare Stage',
'Battles', 'Peace Treaties', 'Tradeoffs'. The rules themselves are :mod:`.turns`,
:mod:`.battles` and :mod:`.wars`; this module reads the step's entries into them in the
rulebook's order and reports each problem with its entry (:class:`.steps.Step`). The Religious
War, waged after the Battle Phases, is :mod:`.religiouswarstep`.
"""

from __future__ import annotations

from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL
from gm_tools.systems.westphalia.religiouswarstep import no_elector_change, religious_war
from gm_tools.systems.westphalia.steps import Step, pair

_WINNING_LEAGUE = ("league won", 1)
"""The Religious War sheet's Winning League cell, where an ally's lapse in its peace is named."""


def player_turns(variant: Variant, step: Step, inputs: dict, year: int) -> None:
    """'Player turns are done in initiative order': the actions chosen, Player Conversion,
    Spread the Faith, the Diplomacy Game's Influence placed, the war choice recorded, and the
    Tradeoffs' Gold into Diplomatic Influence (:mod:`.turns`)."""
    from gm_tools.systems.westphalia import turns as T

    from gm_tools.systems.westphalia.religiouswar import league_names

    state = step.state
    leagues = league_names(variant)
    rows = {t["player"]: t for t in inputs.get("turns", [])}
    order = list(state.initiative or state.setup_order)
    for i, player in enumerate(order):
        row = rows.get(player, {})
        chosen = row.get("actions", [])
        wrong = T.check_actions(chosen)
        gained = row.get("influence") or 0
        if wrong:
            step.problems.append((i, "actions", ", ".join(chosen) or EMPTY_CELL, wrong))
        elif not isinstance(gained, int) or gained < 0:
            step.problems.append((i, "influence", str(gained), "a whole number of Influence, 0 or more: the "
                                                              "Diplomacy Game gives it ('take the Influence "
                                                              "listed on the card')"))
        elif row.get("convert") and T.HERESY not in chosen:
            step.problems.append((i, "convert", "yes", "a conversion only while Combatting Heresy ('All Non-Foreign "
                                                       "Power Players Combatting Heresy have an opportunity to convert')"))
        elif row.get("convert") and player in state.foreign:
            step.problems.append((i, "convert", "yes", f"no conversion: {player} is a Foreign Power ('Your Foreign "
                                                       "Power is same Religion you were in the Empire, and you may "
                                                       "not convert')"))
        elif row.get("influence") and T.DIPLOMACY not in chosen:
            step.problems.append((i, "influence", str(row["influence"]), "Influence only while Engaging in Diplomacy"))
        elif row.get("league") and row["league"] not in leagues:
            step.problems.append((i, "league", row["league"], "one of " + ", ".join(leagues)))
        elif row.get("league") and not {T.DIPLOMACY, T.WAR} & set(chosen):
            step.problems.append((i, "league", row["league"], "a League joined while Engaging in Diplomacy or Waging "
                                                              "War ('Players may Join a League, as in Engaging in "
                                                              "Diplomacy')"))
        elif row.get("trent") and T.HERESY not in chosen:
            step.problems.append((i, "trent", "yes", "the Council of Trent called while Combatting Heresy"))
    _check_placements(step, inputs.get("placements", []))
    gains, games = _diplomacy_game(variant, step, inputs, rows, order)
    religious = inputs.get("religious_war") or {}
    if not religious.get("declarer") and not religious.get("target"):
        no_elector_change(step, religious.get("electors", []), "no Religious War is declared on the Religious War "
                                                                "sheet")
        # the battle's winner is the GM's; the Leagues the players (the Emperor too) would join
        # may be typed in advance, and wait for a declaration
        step.problems += [(1, "league won", religious["winner"], "nothing: no Religious War is declared on the "
                           "Religious War sheet ('If no Religious War was Triggered ... proceed to Tradeoffs')")
                          ] if religious.get("winner") else []
    elif not rows.get(religious.get("declarer"), {}).get("league") and religious.get("declarer") not in state.leagues:
        # the Leagues are joined on this sheet alone ('The Leagues reset'), so a declarer in none is
        # refused now, whatever else is still to be entered: a mail's declaration never holds the
        # sheet against another player's that can stand
        from gm_tools.systems.westphalia.religiouswar import no_league, no_player

        declarer = religious.get("declarer") or ""
        # a Declarer's cell naming nobody is a slip to correct, not a player without a League
        why = no_league(declarer) if declarer in state.setup_order else no_player(state, declarer)
        step.problems.append((0, "religious war", pair(declarer, religious.get('target', '')), why))
    # the faith dice hang on the actions and conversions alone: a placement or a Diplomacy Game
    # still wrong is named with them, not before them ('every problem listed at once')
    if any(f in _BEFORE_DICE for _, f, _, _ in step.problems):
        return
    state.actions = {p: sorted(rows[p]["actions"]) for p in order}
    for player, what in _chosen(inputs, rows, order, gains, games):  # his Player Turns row's line
        step.did(("*", order.index(player)), player, what)
    for player, what in T.convert(state, [p for p in order if rows[p].get("convert")]):  # his Convert cell's row
        step.did(("*", order.index(player)), player, what)
    from gm_tools.systems.westphalia.figures import round_number

    for player in order:
        if rows[player].get("trent") and not state.trent:
            # the attempt's procedure is not in the text: the GM enters that it was called
            state.trent = round_number(year)
            step.did(("*", order.index(player)), player, "calls the Council of Trent: the Catholic Reformation begins")
        if rows[player].get("league"):
            state.leagues[player] = rows[player]["league"]
            step.did(("*", order.index(player)), player, f"joins the {rows[player]['league']}")
    dice = [T.Die(d["player"], d["target"], int(d.get("count") or 0), d.get("also", "")) for d in inputs.get("dice", [])]
    opposed = {f: frozenset(d.target for d in dice if state.religion_of(d.player) != f) for f in (T.CATHOLIC, T.PROTESTANT)}
    left = frozenset(t for t, faiths in T.dice_left(state, dice).items() if faiths)
    _check_entries(step, "dice", [(d.player, f"{d.player}: {d.target}", lambda d=d: T.check_die(
        variant, state, d, opposed[state.religion_of(d.player)], left)) for d in dice], T.HERESY,
        "dice only from a player Combatting Heresy")
    # the additional province is named at its own cell, Also converts, and the count at Dice
    counts = [str(d["count"]) if d.get("count") is not None else EMPTY_CELL for d in inputs.get("dice", [])]
    step.problems = [(i, "dice also", dice[i].also, why) if f == "dice" and why.startswith("an additional") else
                     (i, "dice count", counts[i], why) if f == "dice" and why.startswith("a number of dice") else
                     (i, f, found, why) for i, f, found, why in step.problems]
    if step.problems:
        return
    for i, (player, what) in enumerate(T.spread(state, dice)):  # a line a die, its Spread the Faith row's
        step.did(("dice", i), player, what)
    placed: dict[str, list[tuple[str, int]]] = {}
    for entry in inputs.get("placements", []):
        placed.setdefault(entry["player"], []).append((entry["principality"], int(entry.get("di") or 0)))
    for player, what, row in games:  # a game's line is its Diplomacy Game row's
        step.did(("game player", row), player, what)
    for player in order:
        gained = gains.get(player, 0) if gains is not None else int(rows[player].get("influence") or 0)
        if not gained and not placed.get(player):
            continue
        wrong = T.place_influence(state, player, gained, placed.get(player, []))
        if wrong:
            # with the cards' Influence, named at the player's last Place Influence row, where it
            # overflows; with the GM's count, at his Influence gained (a mail's placement waits for it)
            last = max(j for j, e in enumerate(inputs.get("placements", [])) if e["player"] == player)
            total = sum(n for _, n in placed.get(player, []))
            if gains is not None:
                step.problems.append((last, "place di", f"{player}: {total}", wrong))
                step.whole.add((last, "place di"))  # which placement is one too many is the player's to say
            else:  # the cell holds the count, so it is what was found, and the placements the why
                step.problems.append((order.index(player), "placement", str(gained), f"{wrong}, as {player} places "
                                      f"{total} on the Place Influence sheet (more gained, or less placed)"))
        else:
            # made by his Influence gained, when the GM typed it, and his Place Influence rows
            made = [("*", order.index(player))] * (rows[player].get("influence") is not None) + [
                ("place player", j) for j, e in enumerate(inputs.get("placements", [])) if e["player"] == player]
            step.did(made, player, f"gains {gained} Influence; places "
                     + (", ".join(f"{n} on {name}" for name, n in placed.get(player, [])) or "none")
                     + f"; {state.saved_di.get(player, 0)} saved on the capital")
    if step.problems:
        return
    _battles_and_treaties(variant, step, inputs, year)
    if not step.problems:
        from gm_tools.systems.westphalia.wars import grown

        # once every conquest is made: the step's entries name the principalities as it began
        step.done += grown(variant, state)
        step.done += T.tradeoffs(state)


def _chosen(inputs: dict, rows: dict[str, dict], order: list[str], gains: dict[str, int] | None,
            games: list[tuple[str, str, int]]) -> list[tuple[str, str]]:
    """Each player's actions as the rulebook names them ('Players will choose 2/3 of Combat
    Heresy, Engage in Diplomacy, & Wage War'), and those of them his entries give nothing to do,
    so that every player can see his choice was read, a Foreign Power that fights no war too."""
    from gm_tools.systems.westphalia import turns as T
    from gm_tools.systems.westphalia.diplomacygame import pairings

    # a Diplomacy Game is played by both of its pair, though told under the first
    played = {p for pair in pairings([p for p in order if T.DIPLOMACY in rows[p]["actions"]]) for p in pair} \
        if games else set()
    # 'Declare a Religious War' and changing one's doctrine are things a player Waging War may do
    declared = {w.get("declarer") for w in inputs.get("wars", [])} | {
        (inputs.get("religious_war") or {}).get("declarer")} | {d.get("player") for d in inputs.get("doctrines", [])}
    placing = {e.get("player") for e in inputs.get("placements", [])}
    # a League is joined 'as in Engaging in Diplomacy' or while Waging War: it counts for either
    idle = {T.HERESY: lambda p: not (rows[p].get("convert") or rows[p].get("trent")
                                     or any(d.get("player") == p for d in inputs.get("dice", []))),
            T.DIPLOMACY: lambda p: not (p in played or (gains or {}).get(p) or rows[p].get("influence")
                                        or p in placing or rows[p].get("league")),
            T.WAR: lambda p: not (p in declared or rows[p].get("league"))}
    nothing = {T.HERESY: "no conversion, faith dice or Council of Trent entered",
               T.DIPLOMACY: "no Diplomacy Game or Influence entered", T.WAR: "no war declared"}
    done = []
    for player in order:
        chosen = [a for a in T.ACTIONS if a in rows[player]["actions"]]
        done.append((player, "; ".join(["chooses " + " and ".join(chosen)]
                                       + [f"{a}: {nothing[a]}" for a in chosen if idle[a](player)])))
    return done


_BEFORE_DICE = frozenset(("actions", "convert", "influence", "league", "trent", "religious war"))
"""The Player Turns row's problems that leave the faith dice unchecked: who Combats Heresy and
who converts are not known, nor the Leagues the Religious War is declared in."""


def _battles_and_treaties(variant: Variant, step: Step, inputs: dict, year: int) -> None:
    """'Complete all battles in the First Battle Phase, then sign Peace Treaties in the order
    Players were placed in a Battle Phase. Then complete all battles in the Second Battle Phase
    followed by Peace Treaties. Likewise for a Third Battle Phase. If a Player or Principality is
    eliminated before a battle, that battle does not occur.' Then 'The Religious War, if any,
    will be waged in the next phase', and its peace. Each row of the Peace Treaties sheet is
    signed after the first Battle Phase with a war it belongs to; the Influence Changes last."""
    from gm_tools.systems.westphalia import battles, treatycost, wars
    from gm_tools.systems.westphalia.state import State

    state = step.state
    declared = State.from_json(state.to_json())  # the Religious War is declared before the battles
    phased = _declarations(step, inputs.get("wars", []))
    from gm_tools.systems.westphalia.setup import tables_of
    from gm_tools.systems.westphalia.turns import WAR

    wrong, changed = battles.change_doctrines(state, tables_of(variant).doctrines, inputs.get("doctrines", []),
                                              {p for p, chosen in state.actions.items() if WAR in chosen})
    step.problems += [(i, "new doctrine", found, expected) for i, found, expected in wrong]
    step.done += changed
    if step.problems:
        _slips_ahead(variant, step, inputs, phased, 0, list(enumerate(inputs.get("treaties", []))), [])
        return
    standing = set(state.princes) | set(state.principalities)
    pending = list(enumerate(inputs.get("treaties", [])))
    refused: dict[int, str] = {}
    signed: set[tuple[str, str]] = set()
    victories: list[tuple[str, str]] = []
    costs: dict[str, list[tuple[int, int, str]]] = {}  # the Religious War's treaties cost nothing
    lapsed: dict[str, list[tuple[int, str, str]]] = {}
    for phase in range(1, battles.PHASES + 1):
        fought = [(i, w) for i, w in enumerate(phased) if w.phase == phase]
        won = _wars(variant, step, inputs.get("wars", []), fought, standing, year)
        victories += won  # every war won, named to a treaty that fits none
        if step.problems:
            _slips_ahead(variant, step, inputs, phased, phase, pending, victories)
            return
        owed = {(w, lost): wars.conquests_owed(state, w, lost) for w, lost in won}
        taken = _treaties(variant, step, pending, won, refused, signed, (declared, costs))
        _signed_as_owed(variant, step, fought, won, owed, taken, (declared, lapsed))
        # 'If you win: Conquer 1 province with a town, or up to 2 provinces without one' is the
        # winner's choice; a treaty not typed is a choice too, told so it is not taken for a slip
        step.done += [(w, f"wins the war with {lost} but takes nothing: no Peace Treaty entered")
                      for w, lost in won if (w, lost) not in signed and lost not in step.state.eliminated]
    held = State.from_json(state.to_json())  # before the Religious War: what the Battle Phases' treaties cost
    won, closed, start = religious_war(variant, step, inputs.get("religious_war") or {}, year, declared)
    if step.problems:
        _slips_ahead(variant, step, inputs, phased, battles.PHASES, pending, victories)
        return
    # 'members of the Victorious League, in Initiative Order, may conquer': a province two of them
    # type goes to the first (sorted stably: each one's rows keep the GM's order)
    order = list(step.state.initiative or step.state.setup_order)
    pending.sort(key=lambda row: _turn_of(step.state, order, row[1].get("winner", "")))
    took = {taker for taker, _ in _treaties(variant, step, pending, won, refused, signed, closed=closed)}
    for w in dict.fromkeys(w for w, _ in won):  # each ally once: the Religious War is one war
        able = {name: (lost, province) for lost in dict.fromkeys(lost for x, lost in won if x == w)
                for name, province in treatycost.lapses(variant, start, w, lost, took, closed)}
        lapsed.setdefault(w, []).extend((_WINNING_LEAGUE, name, f"{name} could have taken {province} from {lost} in "
                                                                f"the Religious War's peace and did not: "
                                                                f"{treatycost.LAPSE_COST}")
                                        for name, (lost, province) in sorted(able.items()))
    owing = treatycost.unpaid(held, costs, inputs.get("changes", []), lapsed, step.state)
    beaten = "; ".join(f"{w} beat {lost}" for w, lost in victories + won)
    for i, entry in pending:
        if not entry.get("winner"):  # the Winner cell left blank is named, not ': ALT'
            step.problems.append((i, "treaty winner", EMPTY_CELL, "the war's winner taking the province"))
            continue
        if _unknown_word(variant, step, i, entry, beaten):
            continue
        step.problems.append((i, "treaty", f"{entry.get('winner', '')}: {entry.get('province', '')}", refused.get(
            i, f"a province of a war's loser, taken by its winner or the winner's ally ({beaten or 'no war won'})")))
    for player in wars.homeless(step.state):
        if player not in step.state.eliminated:
            step.done.append((player, "has lost all its provinces: it becomes a Foreign Power at the Foreign Powers "
                                      "step"))
    step.problems += owing
    treatycost.influence_changes(step, inputs.get("changes", []))


def _turn_of(state, order: list[str], taker: str) -> int:
    """A taker's place in the Initiative Order, an allied principality's its ally's."""
    from gm_tools.systems.westphalia.figures import ally

    side = (ally(state, taker) or taker) if taker in state.principalities else taker
    return order.index(side) if side in order else len(order)


def _slips_ahead(variant: Variant, step: Step, inputs: dict, phased: list, phase: int,
                 pending: list[tuple[int, dict]], victories: list[tuple[str, str]]) -> None:
    """With a Battle Phase (or the Religious War) wrong, what follows it waits for it to stand;
    the slips no war's outcome decides are named now, so the GM corrects all in one pass: a later
    war's Winner that is none of its sides nor white peace, a treaty's Winner left blank or naming
    nobody of the game, a treaty's province not of the board, an Influence Changes row's Player
    or Change. Whether a war occurs, is won automatically, or a treaty or a change is allowed
    depends on the earlier wars ('If a Player or Principality is eliminated before a battle, that
    battle does not occur') and waits."""
    named = {(i, f) for i, f, _, _ in step.problems}
    entries = inputs.get("wars", [])
    for i, war in ((i, w) for i, w in enumerate(phased) if w.phase > phase and (i, "winner") not in named):
        entered = str(entries[i].get("winner") or "").strip()
        if entered and entered.lower() != "white peace" and entered not in (war.declarer, war.target):
            step.problems.append((i, "winner", entered, f"{war.declarer}, {war.target} or white peace"))
    beaten = "; ".join(f"{w} beat {lost}" for w, lost in victories) or "the wars still to be decided"
    for i, entry in pending:
        if (i, "treaty winner") in named or (i, "treaty") in named:
            continue
        if not entry.get("winner"):
            step.problems.append((i, "treaty winner", EMPTY_CELL, "the war's winner taking the province"))
        else:
            _unknown_word(variant, step, i, entry, beaten)
    for i, entry in enumerate(inputs.get("changes", [])):
        player, change = entry.get("player"), entry.get("change")
        if player not in step.state.setup_order:
            step.problems.append((i, "change player", str(player or EMPTY_CELL), step.state.a_player()))
        elif not isinstance(change, int) or change == 0:
            step.problems.append((i, "change", EMPTY_CELL if change is None else str(change),
                                  "a whole number of Diplomatic Influence, not 0"))


def _unknown_word(variant: Variant, step: Step, i: int, entry: dict, beaten: str) -> bool:
    """A Peace Treaties row whose Winner names no player or principality of the game, or whose
    Province no province of the board (a name misspelt): named at that cell, with the nearest
    names, rather than at the Province cell as a treaty no war allows. Whether it was."""
    import difflib

    from gm_tools.systems.westphalia.steps import _nearest

    winner, province = str(entry.get("winner") or ""), str(entry.get("province") or "")
    sides = [*step.state.setup_order, *step.state.principalities]
    if winner not in sides:
        close = difflib.get_close_matches(winner.upper(), [s.upper() for s in sides], n=3, cutoff=0.5)
        near = [next(s for s in sides if s.upper() == c) for c in close]
        step.problems.append((i, "treaty winner", winner, "a player or principality of the game, the war's winner "
                              f"or the winner's ally ({beaten or 'no war won'})"
                              + (f" (nearest: {', '.join(near)})" if near else "")))
        return True
    if province and province not in variant.provinces:
        from gm_tools.systems.westphalia.setup import read_provinces

        codes, unknown = read_provinces(variant, province)
        step.problems.append((i, "treaty", province, "one province a row, a row for each province taken ('Conquer 1 "
                              "province with a town, or up to 2 provinces without one')" if len(codes + unknown) > 1
                              else "a province of the board, of a war's loser" + _nearest(variant, province)))
        return True
    return False


def _signed_as_owed(variant: Variant, step: Step, fought: list, won: list[tuple[str, str]],
                    owed: dict[tuple[str, str], list[str]], taken: dict[tuple[str, str], list[str]],
                    lapsing: tuple) -> None:
    """What a Battle Phase's treaties had to take and did not, each named at its war's row
    (``fought``: (entry index, war)): an unaligned principality's 'two (one if only one
    available)' of ``owed`` (:func:`.wars.conquests_owed`), against what ``taken`` holds; and
    each of the winner's allies that could have taken a province and did not, gathered into
    ``lapsing`` = (the board at the start of the turn, winner -> lapses) for
    :func:`.treatycost.unpaid`."""
    from gm_tools.systems.westphalia import treatycost, wars

    start, lapsed = lapsing
    for i, war in fought:
        for w, lost in (pair for pair in won if set(pair) == {war.declarer, war.target}):
            got, need = taken.get((w, lost), []), min(2, len(owed[(w, lost)]))
            if len(got) < need:
                which = f": {', '.join(got)}" if got else ""
                step.problems.append((i, "winner", f"{len(got)} province(s) taken by {w}{which}",
                                      f"{need} taken by {w} on the Peace Treaties sheet, {lost}'s choice among "
                                      f"{', '.join(owed[(w, lost)])}: {wars.CONQUEST_RULE}"))
            took = {taker for taker, loser in taken if loser == lost}
            lapsed.setdefault(w, []).extend((i, name, f"{name} could have taken {province} from {lost} and did not: "
                                                      f"{treatycost.LAPSE_COST}")
                                            for name, province in treatycost.lapses(variant, start, w, lost, took))


def _diplomacy_game(variant: Variant, step: Step, inputs: dict, rows: dict[str, dict],
                    order: list[str]) -> tuple[dict[str, int] | None, list[tuple[str, str, int]]]:
    """'Play the Diplomacy Game' (:mod:`.diplomacygame`): the games the GM entered checked
    against the pairings, and each player's Influence from the cards (None: the GM's count on
    the Player Turns sheet stands), with each game in words and its row. Without cards the count is bounded
    by the most the cards could give; a record kept before the Dilemma cards' table (no
    ``diplomacy_games``) keeps the count it was accepted with."""
    from gm_tools.systems.westphalia import diplomacygame as D
    from gm_tools.systems.westphalia.turns import DIPLOMACY

    payoffs = D.payoffs_of(variant)
    if "diplomacy_games" not in inputs or payoffs is None or any(f == "actions" for _, f, _, _ in step.problems):
        return None, []  # without the actions the pairings are not known
    engaging = [p for p in order if DIPLOMACY in rows.get(p, {}).get("actions", [])]
    entered = inputs["diplomacy_games"]
    games, wrong = D.check(entered, engaging)
    step.problems += wrong
    flagged = {i for i, f, _, _ in step.problems if f == "influence"}
    pairs = D.pairings(engaging)
    gains = D.influence(payoffs, games) if entered else None
    for i, player in enumerate(order):
        typed = rows.get(player, {}).get("influence")
        if i in flagged or player not in engaging or typed is None:
            continue
        if gains is not None and not wrong and typed != gains.get(player, 0):
            step.problems.append((i, "influence", str(typed), f"{gains.get(player, 0)}, what {player}'s cards on the "
                                                              f"{D.SHEET} sheet give, or a blank"))
        elif gains is None and typed > D.most(payoffs, pairs, player):
            games_of = [g for g in pairs if player in g]
            why = (f"at most {D.most(payoffs, pairs, player)}, the most {player} could take in its {len(games_of)} "
                   f"Diplomacy Games ({D.named(games_of)}) at {max(payoffs.values())} a game (tables.toml "
                   f"[dilemma]: 'take the Influence listed on the card'), or the cards shown entered on the "
                   f"{D.SHEET} sheet" if games_of else
                   f"0: {player} is the only player Engaging in Diplomacy and plays no Diplomacy Game (the Player "
                   "after him is himself)")
            step.problems.append((i, "influence", str(typed), why))
    # each game with its row: the one row typed for that game (D.check refuses a second)
    return gains, [(g.player, D.told(payoffs, g), next(i for i, r in enumerate(entered) if (r.get("player"), r.get(
        "with")) == (g.player, g.partner))) for g in games]


def _check_placements(step: Step, entries: list[dict]) -> None:
    """Each Place Influence row: a player's Diplomatic Influence, a whole number of 1 or more, on
    a principality. 'Unplaced Diplomatic Influence is stored on your capital' (what is not placed
    needs no row); 'You may not move Diplomatic Influence between Principalities once placed. You
    may remove all (never only some)' (a placement never takes any back)."""
    for i, entry in enumerate(entries):
        player, name, n = entry.get("player"), entry.get("principality") or "", entry.get("di")
        if player not in step.state.setup_order:
            step.problems.append((i, "place player", str(player or EMPTY_CELL), step.state.a_player()))
        elif name not in step.state.principalities:
            step.problems.append((i, "place principality", name or EMPTY_CELL, step.state.a_principality()))
        elif not isinstance(n, int) or n < 1:
            step.problems.append((i, "place di", EMPTY_CELL if n is None else str(n),
                                  "a whole number of Diplomatic Influence, 1 or more: what is not placed is saved "
                                  "('Unplaced Diplomatic Influence is stored on your capital'), and a placement "
                                  "takes none back ('You may remove all (never only some)')"))


def _declarations(step: Step, entries: list[dict]) -> list:
    """The wars declared (:mod:`.battles`), checked, each placed in its Battle Phase."""
    from gm_tools.systems.westphalia import battles
    from gm_tools.systems.westphalia.turns import WAR

    state = step.state
    _check_entries(step, "war", [(e.get("declarer", ""), f"{e.get('declarer', '')} > {e.get('target', '')}",
                                  lambda e=e: battles.check_declaration(state, e.get("declarer", ""),
                                                                        e.get("target", "")))
                                 for e in entries], WAR, "a declaration by a player Waging War")
    if step.problems:
        return []
    phased = battles.battle_phases([(e["declarer"], e["target"]) for e in entries])
    for i, war in enumerate(phased):
        if war.phase == 0:
            step.problems.append((i, "war", f"{war.declarer} > {war.target}", "a war in one of the three Battle "
                                                                             "Phases (both sides are in all three)"))
    return phased


def _wars(variant: Variant, step: Step, entries: list[dict], phase: list, standing: set[str],
          year: int) -> list[tuple[str, str]]:
    """One Battle Phase's wars (``phase``: (entry index, war)), each won automatically where the
    rules say so, else by the winner the GM enters ('white peace' for an inconclusive battle);
    one whose side has been eliminated since the round's battles began (of ``standing``) does
    not occur. Returns (winner, loser) of each war won."""
    from gm_tools.systems.westphalia import battles

    state = step.state
    won = []

    def eliminated(war) -> list[str]:
        # a Foreign Power that lost its provinces in the Empire is still there, beside the board
        # ('Your Foreign Power Home Province cannot be conquered')
        return [s for s in (war.declarer, war.target) if s in state.eliminated
                or s in standing and s not in state.princes and s not in state.principalities
                and s not in state.foreign]

    # 'fight simultaneously during the Battle Phase': whoever fights in this phase, declared before
    # or after, is 'participating in a battle at the moment'
    busy = {s for _, war in phase if not eliminated(war) for s in (war.declarer, war.target)}
    for i, war in phase:
        gone = eliminated(war)
        if gone:
            why = f"{gone[0]} was eliminated before the battle ('If a Player or Principality is eliminated before a " \
                  "battle, that battle does not occur')"
            entered = [entries[i].get(k) for k in ("winner", "cards_a", "cards_b") if entries[i].get(k)]
            if entered:
                step.problems.append((i, "winner", str(entered[0]), f"nothing: {why}"))
            else:
                step.did(("war", i), war.declarer, f"war with {war.target} (Battle Phase {war.phase}): no battle, {why}")
            continue
        auto = battles.automatic_winner(state, war, year)
        entered = (entries[i].get("winner") or "").strip()
        text = f"war with {war.target} (Battle Phase {war.phase})"
        if war.target in state.principalities:
            led = battles.leader(state, war, busy)
            text += f"; {war.target} led by {led}" if led else ""
            busy |= {led} if led else set()  # leading it is his battle: he cannot lead another at once
        if auto:
            if entered and entered != auto:
                step.problems.append((i, "winner", entered, f"{auto}: its Army Size + Reserves is twice the other's "
                                                            "('he wins the battle automatically')"))
                continue
            winner = auto
            text += f": {auto} wins automatically"
        elif variant.options.get("card_engine") and (entries[i].get("cards_a") or entries[i].get("cards_b")):
            paid: list[str] = []
            fought = _by_cards(variant, state, war, entries[i], led if war.target in state.principalities else None,
                               year, paid)
            text += "".join(f"; {line}" for line in paid)
            if fought.startswith("!"):
                # the line at fault: the Target's cards when the error is its side's alone
                key, field_ = ("cards_b", "target cards") if fought.startswith("!b") else ("cards_a", "cards")
                step.problems.append((i, field_, entries[i].get(key, ""), fought[2:]))
                continue
            if fought == "white peace":
                step.did(("war", i), war.declarer, text + ": the cards leave it inconclusive, a White Peace")
                continue
            winner = war.declarer if fought == "a" else war.target
            if entered and entered != winner:
                step.problems.append((i, "winner", entered, f"{winner}, as the cards decided (or nothing)"))
                continue
            text += f": {winner} wins by the cards"
        elif entered.lower() == "white peace":
            step.did(("war", i), war.declarer, text + ": inconclusive, a White Peace")
            continue
        elif entered in (war.declarer, war.target):
            winner = entered
            text += f": {winner} wins"
        else:
            cards = {s: battles.forces(state, s, year) for s in (war.declarer, war.target)}
            step.problems.append((i, "winner", entered or EMPTY_CELL, f"{war.declarer}, {war.target} or white peace "
                                  "(the cards decide: " + ", ".join(f"{s} draws {c} cards, {r} in reserve"
                                                                    for s, (c, r) in cards.items()) + ")"))
            continue
        loser = war.target if winner == war.declarer else war.declarer
        won.append((winner, loser))
        step.did(("war", i), war.declarer, text)
    return won


def _check_entries(step: Step, field_: str, entries: list, action: str, needs: str) -> None:
    """Each entry (player, its words, the rule's check): made by a player who chose ``action``
    this round, then allowed by the rule; a problem for each that is not."""
    # who did choose the action, as the doctrine's check says it: the GM sees whose row to correct
    chose = ", ".join(p for p in step.state.initiative if action in step.state.actions.get(p, [])) or "nobody"
    for i, (player, words, check) in enumerate(entries):
        if not player:  # the Player (Declarer) cell left blank is named, not 'None: ...'
            step.problems.append((i, f"{field_} player", EMPTY_CELL, f"a player who chose {action} this round: {chose}"
                                  if chose != "nobody" else f"nothing: {needs}, and nobody chose {action} this round"))
            continue
        wrong = f"{needs}: {chose} this round" if action not in step.state.actions.get(player, []) else check()
        if wrong:
            step.problems.append((i, field_, words, wrong))


def _by_cards(variant: Variant, state, war, entry: dict, leader: str | None, year: int, paid: list[str]) -> str:
    """The battle fought by the card engine (:mod:`.cards`): 'a', 'b', 'white peace', or '!a' ('!b'
    when the target's line alone is at fault) and what is wrong. Gold spent is taken, told in ``paid``."""
    from gm_tools.systems.westphalia import battles, cards
    from gm_tools.systems.westphalia.figures import round_number

    table = variant.tables.get("military_cards", {})
    counts = {cards.PIKE: table.get("pikemen", 10), cards.MUSKET: table.get("musketeers", 10),
              cards.CAVALRY: table.get("cavalry", 10)}
    (ca, ra), (cb, rb) = battles.forces(state, war.declarer, year), battles.forces(state, war.target, year)
    doctrine = state.doctrines.get(war.declarer, "Flexible")
    other = state.doctrines.get(leader or war.target, "Flexible")  # a principality fights as its leader would
    try:
        orders = []
        for k, key in enumerate(("cards_a", "cards_b")):
            try:
                orders.append(cards.read_orders(entry.get(key, "")))
            except cards.DuelError as e:
                raise cards.DuelError(str(e), k) from None
        cards.pay_for_cards(state, {war.declarer: orders[0], war.target: orders[1]}, paid)
        return cards.battle(ca, ra, cb, rb, (doctrine, other), orders, counts,
                            f"{year} {war.declarer}-{war.target} {state.seed}", round_number(year),
                            int(table.get("rifling_from_round", 5)), int(table.get("doctrine_discards", 2)))
    except cards.DuelError as e:
        return ("!b" if e.side in (1, war.target) else "!a") + str(e)


def _treaties(variant: Variant, step: Step, pending: list[tuple[int, dict]], won: list[tuple[str, str]],
              refused: dict[int, str], signed: set[tuple[str, str]],
              paying: tuple | None = None, closed: str | None = None) -> dict[tuple[str, str], list[str]]:
    """The Peace Treaties of the wars just won, as the GM enters them (:mod:`.wars`): the rows
    of ``pending`` that belong to one of them are signed (and taken off it; ``refused`` keeps
    why one that belongs but breaks the rules was not, for a later war's treaty; ``signed`` gains
    each war, (winner, loser), that took something). A taking belongs to
    a war won: by its winner or the winner's allied principality, from its loser or the loser's
    allies ('the Player and his allies'). ``paying``, (the board at the start of the turn, winner
    -> costs), gathers what a Player Turn's takings cost (:func:`.treatycost.cost`). ``closed``:
    the Religious War's Target Principality when the Restorer's League won, which takes nothing
    and loses nothing in that treaty. Returns what each took from each loser, (taker, loser) ->
    provinces."""
    from gm_tools.systems.westphalia import treatycost, wars
    from gm_tools.systems.westphalia.figures import ally

    def side(holder: str) -> str:
        return ally(step.state, holder) or holder if holder in step.state.principalities else holder

    # 'no eligible provinces for you to lose' is judged as the treaty begins, before any taking
    step.done += wars.eliminate_the_defenceless(step.state, won)
    taken: dict[tuple[str, str], list[str]] = {}
    for i, entry in list(pending):
        taking = wars.Taking(entry.get("winner", ""), entry.get("province", ""), bool(entry.get("vassalize")))
        holder = step.state.owner().get(taking.province, "")
        if closed and closed in (taking.winner, holder):
            # an earlier Battle Phase's reason for the same row stands: it is the one its war gave
            refused.setdefault(i, (f"no taking by {closed}" if taking.winner == closed else f"no province of {closed}")
                               + ", the Target Principality: the Restorer of the Faith's League won ('The Target "
                                 "Principality may neither take provinces nor have its provinces taken in the Peace "
                                 "Treaty')")
            continue
        war = next(((w, lost) for w, lost in won
                    if side(taking.winner) == w and (holder == lost or side(holder) == lost)), None)
        if war is None:
            continue  # a later phase's, or no war's (refused once all are signed)
        # the limit is the war's: 'from the unaligned Principality or the Player and his allies'
        wrong = wars.check(step.state, taking, taken, war[1], war[0] if taking.winner != war[0] else "", variant)
        if wrong:
            refused[i] = wrong  # unless a later war's treaty takes it
            continue
        pending.remove((i, entry))
        refused.pop(i, None)
        taken.setdefault((taking.winner, war[1]), []).append(taking.province)
        signed.add(war)
        if paying:
            n, why = treatycost.cost(variant, paying[0], step.state, taking, war[1])
            paying[1].setdefault(taking.winner, []).append((i, n, why))
        step.did(("treaty", i), *wars.apply(variant, step.state, taking))
    return taken
