"""The Setup steps as the GM enters them: each entry checked against the board as the earlier
entries left it, then applied. One function per step, used both to check a workbook (the
problems, each with the entry's index and field) and to play the phase (the new state and
what happened, in words).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia import setup as S
from gm_tools.systems.westphalia.state import Holding, State

SETUP_ORDER, PROVINCES, ELECTORS, PRINCIPALITIES, INFLUENCE, EMPEROR = "O", "L", "K", "C", "D", "V"
"""The Setup's phase types (``variant.toml [calendar]``)."""
INITIATIVE, UPHEAVAL, GOLD, TURNS, FOREIGN, ELECTION = "I", "U", "G", "T", "F", "X"
"""The round's steps."""
BUILT = (SETUP_ORDER, PROVINCES, ELECTORS, PRINCIPALITIES, INFLUENCE, EMPEROR, INITIATIVE, UPHEAVAL, GOLD, TURNS,
         FOREIGN, ELECTION)
"""The steps played; a calendar step not in this list is refused with a message."""


@dataclass
class Step:
    """What applying one step's entries did."""

    state: State
    problems: list[tuple[int, str, str, str]] = field(default_factory=list)
    """(entry index, field, what was found, what was expected)."""
    done: list[tuple[str, str]] = field(default_factory=list)
    """(player, what happened) for the record and the page."""


def apply(variant: Variant, state: State, kind: str, inputs: dict, year: int) -> Step:
    step = Step(State.from_json(state.to_json()))
    tables = S.tables_of(variant)
    if kind == PROVINCES:
        _princes(variant, tables, step, inputs.get("princes", []))
    elif kind == ELECTORS:
        _electors(variant, tables, step, inputs.get("electors", []))
    elif kind == PRINCIPALITIES:
        _principalities(variant, tables, step, inputs.get("principalities", []))
    elif kind == INFLUENCE:
        _influence(tables, step, inputs.get("influence", []))
    elif kind == EMPEROR:
        _emperor(variant, tables, step, inputs, year)
    elif kind == INITIATIVE:
        from gm_tools.systems.westphalia.rounds import initiative

        for foreign in step.state.foreign.values():
            # the troubles rolled last round are taken from this round's Imperial Power
            foreign["troubles"] = foreign.pop("troubles_next", foreign.get("troubles", 0))
        step.state.leagues = {}  # 'The Leagues reset - No one starts in either League'
        step.state.actions = {}
        step.state.initiative = initiative(step.state, year)
        step.done.append(("", "Initiative Order: " + ", ".join(step.state.initiative)))
    elif kind == UPHEAVAL:
        _upheaval(variant, step, inputs.get("choices", {}))
    elif kind == GOLD:
        from gm_tools.systems.westphalia.rounds import earn_gold

        step.done += earn_gold(variant, step.state)
    elif kind == TURNS:
        _turns(variant, step, inputs, year)
    elif kind == FOREIGN:
        _foreign(variant, step, inputs.get("foreign", []), year)
    elif kind == ELECTION:
        dies = step.state.emperor_dies
        # the death is the GM's line, so it is listed before the election (results sort by player)
        if dies.get("dies"):
            step.done.append(("", f"the Emperor dies: {dies.get('why', '')}"))
            _election(step, inputs.get("ballots", {}), year)
        else:
            step.done.append(("", f"the Emperor lives: {dies.get('why', '')}"))
    return step


def _foreign(variant: Variant, step: Step, entries: list[dict], year: int) -> None:
    from gm_tools.systems.westphalia.foreign import become, check_becoming

    for i, entry in enumerate(entries):
        player = entry.get("player")
        if player not in step.state.setup_order:
            step.problems.append((i, "player", str(player), "a player of the game"))
            continue
        wrong = check_becoming(variant, step.state, player, entry.get("home", ""), entry.get("edge", ""), year)
        if wrong:
            step.problems.append((i, "home", f"{entry.get('home', '')}, {entry.get('edge', '')}", wrong))
            continue
        step.done += become(variant, step.state, player, entry["home"], entry["edge"])
    from gm_tools.systems.westphalia.wars import homeless

    for player in homeless(step.state):
        step.problems.append((len(entries), "player", "no row", f"a Foreign Power entry for {player} ('A Player who "
                                                                 "loses all of his provinces during the Round "
                                                                 "immediately becomes a Foreign Power')"))


def _turns(variant: Variant, step: Step, inputs: dict, year: int) -> None:
    """'Player turns are done in initiative order': the actions chosen, Player Conversion,
    Spread the Faith, the Diplomacy Game's Influence placed, the war choice recorded, and the
    Tradeoffs' Gold into Diplomatic Influence (:mod:`.turns`)."""
    from gm_tools.systems.westphalia import turns as T

    state = step.state
    leagues = tuple(variant.tables.get("leagues", {}).get("names", ()))
    rows = {t["player"]: t for t in inputs.get("turns", [])}
    order = list(state.initiative or state.setup_order)
    for i, player in enumerate(order):
        row = rows.get(player, {})
        chosen = row.get("actions", [])
        wrong = T.check_actions(chosen)
        if wrong:
            step.problems.append((i, "actions", ", ".join(chosen) or "nothing", wrong))
        elif row.get("convert") and T.HERESY not in chosen:
            step.problems.append((i, "convert", "yes", "a conversion only while Combatting Heresy ('All Non-Foreign "
                                                       "Power Players Combatting Heresy have an opportunity to convert')"))
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
    if step.problems:
        return
    state.actions = {p: sorted(rows[p]["actions"]) for p in order}
    step.done += T.convert(state, [p for p in order if rows[p].get("convert")])
    from gm_tools.systems.westphalia.figures import round_number

    for player in order:
        if rows[player].get("trent") and not state.trent:
            # the attempt's procedure is not in the text: the GM enters that it was called
            state.trent = round_number(year)
            step.done.append((player, "calls the Council of Trent: the Catholic Reformation begins"))
        if rows[player].get("league"):
            state.leagues[player] = rows[player]["league"]
            step.done.append((player, f"joins the {rows[player]['league']}"))
    dice = [T.Die(d["player"], d["target"], int(d.get("count") or 0), d.get("also", "")) for d in inputs.get("dice", [])]
    for i, die in enumerate(dice):
        if T.HERESY not in state.actions.get(die.player, []):
            step.problems.append((i, "dice", f"{die.player}: {die.target}", "dice only from a player Combatting Heresy"))
            continue
        wrong = T.check_die(variant, state, die)
        if wrong:
            step.problems.append((i, "dice", f"{die.player}: {die.target}", wrong))
    if step.problems:
        return
    step.done += T.spread(state, dice)
    placed: dict[str, list[tuple[str, int]]] = {}
    for entry in inputs.get("placements", []):
        placed.setdefault(entry["player"], []).append((entry["principality"], int(entry.get("di") or 0)))
    for i, player in enumerate(order):
        gained = int(rows[player].get("influence") or 0)
        if not gained and not placed.get(player):
            continue
        wrong = T.place_influence(state, player, gained, placed.get(player, []))
        if wrong:
            step.problems.append((i, "placement", f"{player}: {sum(n for _, n in placed.get(player, []))}", wrong))
        else:
            step.done.append((player, f"gains {gained} Influence; places "
                              + (", ".join(f"{n} on {name}" for name, n in placed.get(player, [])) or "none")
                              + f"; {state.saved_di.get(player, 0)} saved on the capital"))
    if step.problems:
        return
    won = _wars(step, inputs.get("wars", []), year)
    if step.problems:
        return
    _treaties(variant, step, inputs.get("treaties", []), inputs.get("changes", []), won)
    if not step.problems:
        step.done += T.tradeoffs(state)


def _wars(step: Step, entries: list[dict], year: int) -> list[tuple[str, str]]:
    """The wars declared (:mod:`.battles`): each in its battle phase, won automatically where
    the rules say so, else by the winner the GM enters ('white peace' for an inconclusive
    battle). Returns (winner, loser) of each war won."""
    from gm_tools.systems.westphalia import battles
    from gm_tools.systems.westphalia.figures import ally
    from gm_tools.systems.westphalia.turns import WAR

    state = step.state
    for i, entry in enumerate(entries):
        declarer, target = entry.get("declarer", ""), entry.get("target", "")
        if WAR not in state.actions.get(declarer, []):
            step.problems.append((i, "war", f"{declarer} > {target}", "a declaration by a player Waging War"))
            continue
        wrong = battles.check_declaration(state, declarer, target)
        if wrong:
            step.problems.append((i, "war", f"{declarer} > {target}", wrong))
    if step.problems:
        return []
    won = []
    busy: set[str] = set()
    for i, war in enumerate(battles.battle_phases([(e["declarer"], e["target"]) for e in entries])):
        if war.phase == 0:
            step.problems.append((i, "war", f"{war.declarer} > {war.target}", "a war in one of the three Battle "
                                                                             "Phases (both sides are in all three)"))
            continue
        auto = battles.automatic_winner(state, war, year)
        entered = (entries[i].get("winner") or "").strip()
        text = f"war with {war.target} (Battle Phase {war.phase})"
        if war.target in state.principalities:
            led = battles.leader(state, war, busy | {war.declarer})
            text += f"; {war.target} led by {led}" if led else ""
        busy |= {war.declarer, war.target}
        if auto:
            if entered and entered != auto:
                step.problems.append((i, "winner", entered, f"{auto}: its Army Size + Reserves is twice the other's "
                                                            "('he wins the battle automatically')"))
                continue
            winner = auto
            text += f": {auto} wins automatically"
        elif entered.lower() == "white peace":
            step.done.append((war.declarer, text + ": inconclusive, a White Peace"))
            continue
        elif entered in (war.declarer, war.target):
            winner = entered
            text += f": {winner} wins"
        else:
            cards = {s: battles.forces(state, s, year) for s in (war.declarer, war.target)}
            step.problems.append((i, "winner", entered or "nothing", f"{war.declarer}, {war.target} or white peace "
                                  "(the cards decide: " + ", ".join(f"{s} draws {c} cards, {r} in reserve"
                                                                    for s, (c, r) in cards.items()) + ")"))
            continue
        loser = war.target if winner == war.declarer else war.declarer
        won.append((winner, loser))
        step.done.append((war.declarer, text))
    return won


def _treaties(variant: Variant, step: Step, treaties: list[dict], changes: list[dict],
              won: list[tuple[str, str]]) -> None:
    """The wars' Peace Treaties as the GM enters them (:mod:`.wars`), then the Diplomatic
    Influence changes the GM applies for them. A taking belongs to a war won: by its winner or
    the winner's allied principality, from its loser or the loser's allies ('the Player and his
    allies')."""
    from gm_tools.systems.westphalia import wars
    from gm_tools.systems.westphalia.figures import ally

    def side(holder: str) -> str:
        return ally(step.state, holder) or holder if holder in step.state.principalities else holder

    taken: dict[tuple[str, str], list[str]] = {}
    for i, entry in enumerate(treaties):
        taking = wars.Taking(entry.get("winner", ""), entry.get("province", ""), bool(entry.get("vassalize")))
        holder = step.state.owner().get(taking.province, "")
        if not any(side(taking.winner) == w and (holder == lost or side(holder) == lost) for w, lost in won):
            step.problems.append((i, "treaty", f"{taking.winner}: {taking.province}",
                                  "a province of a war's loser, taken by its winner or the winner's ally"))
            continue
        wrong = wars.check(step.state, taking, taken)
        if wrong:
            step.problems.append((i, "treaty", f"{taking.winner}: {taking.province}", wrong))
            continue
        loser = step.state.owner()[taking.province]
        taken.setdefault((taking.winner, loser), []).append(taking.province)
        step.done.append(wars.apply(variant, step.state, taking))
    for player in wars.homeless(step.state):
        step.done.append((player, "has lost all its provinces: it becomes a Foreign Power at the Foreign Powers step"))
    for i, entry in enumerate(changes):
        player, where, change = entry.get("player"), entry.get("principality") or "saved", entry.get("change")
        if player not in step.state.setup_order:
            step.problems.append((i, "change", str(player), "a player of the game"))
            continue
        if not isinstance(change, int) or change == 0:
            step.problems.append((i, "change", str(change), "a whole number of Diplomatic Influence, not 0"))
            continue
        if where == "saved":
            now = step.state.saved_di.get(player, 0) + change
        elif where in step.state.principalities:
            now = step.state.influence.get(where, {}).get(player, 0) + change
        else:
            step.problems.append((i, "change", where, "a principality on the board, or saved"))
            continue
        if now < 0:
            step.problems.append((i, "change", str(change), f"at most {now - change} to take from {player} there"))
            continue
        if where == "saved":
            step.state.saved_di[player] = now
        else:
            step.state.influence.setdefault(where, {})[player] = now
        reason = entry.get("reason") or "the GM's entry"
        step.done.append((player, f"{change:+d} Diplomatic Influence ({where}): {reason}"))


def _upheaval(variant: Variant, step: Step, choices: dict[str, str]) -> None:
    from gm_tools.systems.westphalia.rounds import apply_upheaval, check_choice, upheaval_choosers

    choosers = upheaval_choosers(variant, step.state)
    for i, player in enumerate(choosers):
        province = choices.get(player, "")
        wrong = check_choice(step.state, player, province)
        if wrong:
            step.problems.append((i, "province", province or "nothing", wrong))
    for player in sorted(set(choices) - set(choosers)):
        step.problems.append((len(choosers), "province", f"{player}: {choices[player]}",
                              "a choice only for a player who rolled 1-3 ('On a 1-3, one of the Player's provinces "
                              "of his choice converts')"))
    if not step.problems:
        step.done += apply_upheaval(variant, step.state, {p: choices[p] for p in choosers})


def _holding(variant: Variant, step: Step, i: int, entry: dict) -> tuple[list[str], str] | None:
    provinces, unknown = S.read_provinces(variant, ", ".join(entry.get("provinces", [])))
    capital, bad = S.read_provinces(variant, entry.get("capital", ""))
    if unknown:
        step.problems.append((i, "provinces", ", ".join(unknown), "provinces of the board (codes or names)"))
        return None
    if bad or len(capital) != 1:
        step.problems.append((i, "capital", str(entry.get("capital", "")), "one province of the board"))
        return None
    return provinces, capital[0]


def _princes(variant: Variant, tables, step: Step, entries: list[dict]) -> None:
    expected = list(step.state.setup_order)
    seen = [e.get("player") for e in entries]
    for i, entry in enumerate(entries):
        player = entry.get("player")
        if player not in expected or seen.count(player) > 1:
            step.problems.append((i, "player", str(player), "each player once, in Setup Order"))
            continue
        if not entry.get("provinces"):
            step.problems.append((i, "provinces", "nothing", f"{player}'s {tables.prince_provinces} provinces "
                                                              "('Other Players follow, in Setup Order')"))
            continue
        got = _holding(variant, step, i, entry)
        if got is None:
            continue
        provinces, capital = got
        wrong = S.check_prince(variant, tables, step.state, provinces, capital)
        if wrong:
            step.problems.append((i, "provinces", ", ".join(provinces), "; ".join(wrong)))
            continue
        step.state.princes[player] = Holding(tuple(sorted(provinces)), capital)
        step.done.append((player, f"holds {', '.join(sorted(provinces))}, capital {capital}"))
    missing = [p for p in expected if p not in step.state.princes]
    if missing and not step.problems:
        step.problems.append((len(entries), "player", "no row", f"a row for {', '.join(missing)} ('Other Players "
                                                               "follow, in Setup Order')"))


def _electors(variant: Variant, tables, step: Step, entries: list[dict]) -> None:
    for i, entry in enumerate(entries):
        name = entry.get("name", "")
        got = _holding(variant, step, i, entry)
        if got is None:
            continue
        provinces, capital = got
        wrong = S.check_elector(variant, tables, step.state, name, provinces, capital)
        if wrong:
            step.problems.append((i, "name" if name not in tables.electors else "provinces",
                                  name if name not in tables.electors else ", ".join(provinces), "; ".join(wrong)))
            continue
        step.state.principalities[name] = Holding(tuple(sorted(provinces)), capital)
        step.state.electors = tuple(sorted(set(step.state.electors) | {name}))
        step.done.append((entry.get("player", ""), f"places {name} on {', '.join(sorted(provinces))}, capital {capital}"))
    missing = [e for e in tables.electors if e not in step.state.principalities]
    if missing and not step.problems:
        step.problems.append((len(entries), "name", "no row", "every starting Elector placed ('The following "
                                                             f"starting Electors must be placed'): {', '.join(missing)}"))


def _principalities(variant: Variant, tables, step: Step, entries: list[dict]) -> None:
    rolls = list(step.state.rolls)
    for i, entry in enumerate(entries):
        if i >= len(rolls):
            step.problems.append((i, "name", entry.get("name", ""), f"at most {len(rolls)} rows, one per roll"))
            break
        player, roll = rolls[i]
        name = entry.get("name", "")
        got = _holding(variant, step, i, entry)
        if got is None:
            continue
        provinces, capital = got
        wrong = S.check_principality(variant, tables, step.state, roll, name, provinces, capital)
        if wrong:
            field_ = "name" if wrong[0].startswith("a principality") else "provinces"
            step.problems.append((i, field_, name if field_ == "name" else ", ".join(provinces), "; ".join(wrong)))
            continue
        step.state.principalities[name] = Holding(tuple(sorted(provinces)), capital)
        step.done.append((player, f"rolls {roll}: places {name} on {', '.join(sorted(provinces))}, capital {capital}"))
    if step.problems:
        return
    before = set(step.state.principalities)
    left = S.fill_singles(variant, tables, step.state)
    if left:
        step.problems.append((len(entries), "name", "no row", "more principalities: free provinces touch each "
                                                             f"other ({'; '.join(left)})"))
        return
    for name in sorted(set(step.state.principalities) - before):
        step.done.append(("", f"{name} fills {step.state.principalities[name].capital} ('fill in the remaining "
                              "provinces with 1 province Principalities')"))


def _influence(tables, step: Step, entries: list[dict]) -> None:
    given: dict[str, int] = {}
    for i, entry in enumerate(entries):
        player, name, n = entry.get("player"), entry.get("principality", ""), entry.get("di")
        if player not in step.state.setup_order:
            step.problems.append((i, "player", str(player), "a player of the game"))
        elif name not in step.state.principalities:
            step.problems.append((i, "principality", name, "a principality on the board"))
        elif not isinstance(n, int) or n < 1:
            step.problems.append((i, "di", str(n), "a whole number of Diplomatic Influence, 1 or more"))
        else:
            given[player] = given.get(player, 0) + n
            row = step.state.influence.setdefault(name, {})
            row[player] = row.get(player, 0) + n
            step.done.append((player, f"places {n} Diplomatic Influence on {name}"))
    if step.problems:
        return
    for player in step.state.setup_order:
        if given.get(player, 0) != tables.influence:
            step.problems.append((len(entries), "di", f"{given.get(player, 0)} for {player}",
                                  f"{tables.influence} for each player ('Players may not save their Diplomatic "
                                  "Influence during Setup')"))


def _emperor(variant: Variant, tables, step: Step, inputs: dict, year: int) -> None:
    players = step.state.setup_order
    ballots = inputs.get("ballots", {})
    doctrines = inputs.get("doctrines", {})
    for i, (player, doctrine) in enumerate(sorted(doctrines.items())):
        if player not in players or doctrine not in tables.doctrines:
            step.problems.append((i, "doctrine", f"{player}: {doctrine}", "one of the Military Doctrines: "
                                                                          + ", ".join(tables.doctrines)))
    missing = [p for p in players if p not in doctrines]
    if missing and not step.problems:
        step.problems.append((len(doctrines), "doctrine", "no row", f"a doctrine for {', '.join(missing)} ('Each "
                                                                    "Player chooses a Military Doctrine')"))
    if step.problems:
        return
    _election(step, ballots, year)
    step.state.doctrines = dict(sorted(doctrines.items()))
    for player, doctrine in sorted(doctrines.items()):
        step.done.append((player, f"chooses the {doctrine} doctrine"))


def _election(step: Step, ballots: dict[str, str], year: int) -> None:
    """The Imperial Election (:mod:`.election`), ties broken by Initiative Order (Setup Order
    before the first round): 'Initiative/Setup Order between tied Players'."""
    from gm_tools.systems.westphalia.election import hold
    from gm_tools.systems.westphalia.figures import round_number
    from gm_tools.systems.westphalia.rounds import principality_religion

    players = step.state.setup_order
    for i, (voter, candidate) in enumerate(sorted(ballots.items())):
        if voter not in players or candidate not in players:
            step.problems.append((i, "ballot", f"{voter}: {candidate}", "a player voting for a player ('Only a Player "
                                                                         "may receive votes for Emperor')"))
    if step.problems:
        return
    order = step.state.initiative or players
    election = hold(step.state, ballots, order, lambda e: principality_religion(step.state, e))
    step.state.emperor = election.emperor
    step.state.emperor_since = round_number(year)
    how = "a majority" if election.majority else "a plurality"
    step.done.append((election.emperor or "", f"elected Emperor by {how}: "
                      + ", ".join(f"{e} for {p}" for e, p in election.votes.items())))
