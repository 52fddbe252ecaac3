"""The steps as the GM enters them: each entry checked against the board as the earlier
entries left it, then applied. One function per step (the Player Turns in
:mod:`.turnsteps`), used both to check a workbook (the problems, each with the entry's index
and field) and to play the phase (the new state and what happened, in words).

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Setup' and 'How to Play'.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL
from gm_tools.systems.westphalia import setup as S
from gm_tools.systems.westphalia.state import Holding, State

SETUP_ORDER, PROVINCES, ELECTORS, PRINCIPALITIES, INFLUENCE, EMPEROR = "O", "L", "K", "C", "D", "V"
"""The Setup's phase types (``variant.toml [calendar]``)."""
INITIATIVE, UPHEAVAL, GOLD, TURNS, FOREIGN, ELECTION = "I", "U", "G", "T", "F", "X"
"""The round's steps."""
BUILT = (SETUP_ORDER, PROVINCES, ELECTORS, PRINCIPALITIES, INFLUENCE, EMPEROR, INITIATIVE, UPHEAVAL, GOLD, TURNS,
         FOREIGN, ELECTION)
"""The steps played; a calendar step not in this list is refused with a message."""


class Said(str):
    """A problem's found already in the message's words (``'RED' > an empty cell``): not quoted again."""


def pair(first: str, second: str) -> str:
    """Two cells read as one entry (``RED > Goslar``), an empty one said as every sheet says it."""
    if first and second:
        return f"{first} > {second}"
    return Said(" > ".join(repr(str(v)) if v else EMPTY_CELL for v in (first, second)))


@dataclass
class Step:
    """What applying one step's entries did."""

    state: State
    problems: list[tuple[int, str, str, str]] = field(default_factory=list)
    """(entry index, field, what was found, what was expected)."""
    whole: set[tuple[int, str]] = field(default_factory=set)
    """The (entry index, field) of problems of rows read together (placements past a player's
    Influence, two Foreign Powers rows of one player) or of an entry the step cannot do without:
    ``turn --lenient`` drops no row for them (:class:`~gm_tools.errors.WholeSheetProblem`)."""
    done: list[tuple[str, str]] = field(default_factory=list)
    """(player, what happened) for the record and the page."""
    entry_of: dict[int, int | tuple[str, int] | list[tuple[str, int]]] = field(default_factory=dict)
    """The index in ``done`` of a line one entry made -> that entry's index, or (field, index)
    where the step's entries are of several kinds (the Player Turns': ``("war", 0)``, ``("*", 2)``
    for a player's Player Turns row), as its problems name them, or a list of them for a line
    several entries made (the Results sheet names the cells it was typed in; never recorded)."""

    def did(self, entry: int | tuple[str, int] | list[tuple[str, int]], player: str, what: str) -> None:
        """``what`` happened, made by entry ``entry``."""
        self.entry_of[len(self.done)] = entry
        self.done.append((player, what))


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
        from gm_tools.systems.westphalia.turnsteps import player_turns

        player_turns(variant, step, inputs, year)
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
    from gm_tools.systems.westphalia.wars import homeless

    # a player who lost his last province must become one: his row dropped, the step could not be played
    bound = set(homeless(step.state))
    for i, entry in enumerate(entries):
        player = entry.get("player")
        if player not in step.state.setup_order:
            step.problems.append((i, "player", str(player or EMPTY_CELL), step.state.a_player()))
            continue
        earlier = next((j for j, e in enumerate(entries[:i]) if e.get("player") == player), None)
        if earlier is not None:  # not 'he is one': the earlier row is what makes him one
            step.problems.append((i, "player", player, f"one row for {player}: a row above makes him a Foreign "
                                                       "Power already"))
            step.whole.add((i, "player"))  # which of his two rows he chose is his to say
            continue
        wrong = check_becoming(variant, step.state, player, entry.get("home", ""), entry.get("edge", ""), year)
        if wrong:
            # named at the cell it is about: the player's conditions, the Home Province or the edge
            field_, found = (("edge", entry.get("edge") or EMPTY_CELL) if wrong.startswith("one of the six edges")
                             else ("home", entry.get("home") or EMPTY_CELL) if wrong.startswith("a Foreign Power Home")
                             else ("player", player))
            step.problems.append((i, field_, found, wrong))
            if player in bound:
                step.whole.add((i, field_))
            continue
        for who, what in become(variant, step.state, player, entry["home"], entry["edge"]):
            step.did(i, who, what)
    for player in homeless(step.state):
        why = ("If there are no eligible provinces for you to lose, then you are eliminated and become a Foreign "
               "Power" if player in step.state.eliminated else
               "A Player who loses all of his provinces during the Round immediately becomes a Foreign Power")
        step.problems.append((len(entries), "player", "no row", f"a Foreign Power entry for {player} ('{why}')"))


def _upheaval(variant: Variant, step: Step, choices: dict[str, str]) -> None:
    from gm_tools.systems.westphalia.rounds import apply_upheaval, check_choice, no_choice, upheaval_choosers

    choosers = upheaval_choosers(variant, step.state)
    for i, player in enumerate(choosers):
        province = choices.get(player, "")
        wrong = check_choice(step.state, player, province)
        if wrong:
            step.problems.append((i, "province", province or EMPTY_CELL, wrong))
    # a row typed for anyone else, in the order of the sheet (its cells follow the choosers')
    for i, player in enumerate((p for p in choices if p not in choosers), start=len(choosers)):
        step.problems.append((i, "province", f"{player}: {choices[player]}" if player else choices[player],
                              no_choice(variant, step.state, player)))
    if not step.problems:
        for who, what in apply_upheaval(variant, step.state, {p: choices[p] for p in choosers}):
            if who in choosers:  # a chooser's line is his row's; the bag's and the dice's are no row's
                step.did(choosers.index(who), who, what)
            else:
                step.done.append((who, what))


def _nearest(variant: Variant, word: str) -> str:
    """The provinces whose code or name is nearest a word the board lacks, as the GM corrects it."""
    import difflib

    names = {**{c.lower(): c for c in variant.provinces},
             **{k: v for k, v in variant.lookup.items() if v in variant.provinces}}
    close = list(dict.fromkeys(names[w] for w in difflib.get_close_matches(word.lower(), list(names), n=6, cutoff=0.5)))
    return f" (nearest: {', '.join(f'{c} ({variant.provinces[c].name})' for c in close[:3])})" if close else ""


def _unknown_words(variant: Variant, unknown: list[str]) -> list[str]:
    """The words not understood in a list typed with spaces (``EIC EIS HAE HAMM``: ``HAMM``), where
    some of its words are provinces, so the GM is told which; else ``unknown`` as it is."""
    words = []
    for item in unknown:
        parts = item.split()
        known = [w for w in parts if S.read_provinces(variant, w)[0]]
        words += [w for w in parts if w not in known] if known and len(parts) > 1 else [item]
    return words


def _holding(variant: Variant, step: Step, i: int, entry: dict) -> tuple[list[str], str] | None:
    provinces, unknown = S.read_provinces(variant, ", ".join(entry.get("provinces", [])))
    capital, bad = S.read_provinces(variant, entry.get("capital", ""))
    if unknown:
        words = _unknown_words(variant, unknown)
        which = f": {', '.join(words)} {'is' if len(words) == 1 else 'are'} none" if words != unknown else ""
        step.problems.append((i, "provinces", ", ".join(unknown), "provinces of the board (codes or names)"
                              + which + _nearest(variant, words[0])))
        return None
    if bad or len(capital) != 1:
        step.problems.append((i, "capital", str(entry.get("capital", "")) or EMPTY_CELL, "one province of the board"
                              + (_nearest(variant, bad[0]) if bad else "")))
        return None
    if provinces and capital[0] not in provinces:
        step.problems.append((i, "capital", str(entry.get("capital", "")),
                              f"a capital among its provinces ({', '.join(provinces)})"))
        return None
    return provinces, capital[0]


def _princes(variant: Variant, tables, step: Step, entries: list[dict]) -> None:
    expected = list(step.state.setup_order)
    seen = [e.get("player") for e in entries]
    for i, entry in enumerate(entries):
        player = entry.get("player")
        if player not in expected or seen.count(player) > 1:
            step.problems.append((i, "player", str(player or EMPTY_CELL), "each player once, in Setup Order"))
            continue
        if not entry.get("provinces"):
            step.problems.append((i, "provinces", EMPTY_CELL, f"{player}'s {tables.prince_provinces} provinces "
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
        step.did(i, player, f"holds {', '.join(sorted(provinces))}, capital {capital}")
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
        step.did(i, entry.get("player", ""), f"places {name} on {', '.join(sorted(provinces))}, capital {capital}")
    # each with its size, which the rulebook gives with the list and the check holds to
    missing = [f"{e} ({tables.electors[e]} province{'s' if tables.electors[e] > 1 else ''})"
               for e in tables.electors if e not in step.state.principalities]
    if missing and not step.problems:
        step.problems.append((len(entries), "name", EMPTY_CELL, "every starting Elector placed ('The following "
                              f"starting Electors must be placed'): {', '.join(missing)}"
                              + _electors_to_place(variant, tables, step.state, entries)))


def _electors_to_place(variant: Variant, tables, state: State, entries: list[dict]) -> str:
    """Who places the Electors left, in turn, and a row one of them could type: a GM new to the
    game, facing the empty sheet, is not left to work out the rule's turns or a row's form."""
    turns = [state.setup_order[i % len(state.setup_order)] for i in range(len(tables.electors))] if state.setup_order else []
    for entry in entries:  # the turns the typed rows took
        if entry.get("player") in turns:
            turns.remove(entry.get("player"))
    words = (f"; one a row, each player placing an Elector of his choice on his rows, {', '.join(turns)} in turn ('The "
             "First Player places an Elector of his choice ... Other Players follow, in Setup Order, going back to the "
             "First Player at the end')") if turns else ""
    left = [e for e in tables.electors if e not in state.principalities]
    name = min(left, key=lambda e: tables.electors[e])  # the smallest fits where any does
    example = S.example_holding(variant, state, tables.electors[name])
    return words + (f"; a row such as: Elector {name}, Provinces {', '.join(example)}, Capital {example[0]}" if example else "")


def _principalities(variant: Variant, tables, step: Step, entries: list[dict]) -> None:
    rolls = list(step.state.rolls)
    for i, entry in enumerate(entries):
        if i >= len(rolls):
            step.problems.append((i, "name", entry.get("name", ""), f"at most {len(rolls)} rows, one per roll"))
            break
        player, roll = rolls[i]
        name = entry.get("name", "")
        if not name and not entry.get("provinces"):
            step.problems.append((i, "name", EMPTY_CELL, f"{player}'s principality for its roll of {roll}, placed before "
                                                        "the rows below it ('continuing in clockwise order, each Player "
                                                        "rolls a D6 ... Pick a province')"))
            continue
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
        step.did(i, player, f"rolls {roll}: places {name} on {', '.join(sorted(provinces))}, capital {capital}")
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
    last: dict[str, int] = {}  # each player's last row, where a wrong total is named
    for i, entry in enumerate(entries):
        player, name, n = entry.get("player"), entry.get("principality", ""), entry.get("di")
        last[str(player)] = i
        if player not in step.state.setup_order:
            step.problems.append((i, "player", str(player or EMPTY_CELL), step.state.a_player()))
        elif name not in step.state.principalities:
            step.problems.append((i, "principality", name or EMPTY_CELL, step.state.a_principality()))
        elif not isinstance(n, int) or n < 1:  # a blank DI is an empty cell, as every blank cell is named
            step.problems.append((i, "di", EMPTY_CELL if n is None else str(n),
                                  "a whole number of Diplomatic Influence, 1 or more"))
        else:
            given[player] = given.get(player, 0) + n
            row = step.state.influence.setdefault(name, {})
            row[player] = row.get(player, 0) + n
            step.did(i, player, f"places {n} Diplomatic Influence on {name}")
    if step.problems:
        return
    for k, player in enumerate(step.state.setup_order):
        # a player with no row is named at his own share of the sheet's rows (sheets._own_rows)
        if given.get(player, 0) != tables.influence:
            step.problems.append((last.get(player, len(entries) + k), "di", f"{given.get(player, 0)} for {player}",
                                  f"{tables.influence} for each player, all placed ('Each Player receives "
                                  f"{tables.influence} Diplomatic Influence ... Players may not save their "
                                  "Diplomatic Influence during Setup')"))


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
        step.problems.append((len(doctrines), "doctrine", EMPTY_CELL, f"a doctrine for {', '.join(missing)} ('Each "
                                                                    "Player chooses a Military Doctrine')"))
    if step.problems:
        return
    _election(step, ballots, year)
    step.state.doctrines = dict(sorted(doctrines.items()))
    for i, (player, doctrine) in enumerate(sorted(doctrines.items())):
        step.did(i, player, f"chooses the {doctrine} doctrine")


def _election(step: Step, ballots: dict[str, str], year: int) -> None:
    """The Imperial Election (:mod:`.election`), ties broken by Initiative Order (Setup Order
    before the first round): 'Initiative/Setup Order between tied Players'."""
    from gm_tools.systems.westphalia.election import hold
    from gm_tools.systems.westphalia.figures import elector_votes, round_number
    from gm_tools.systems.westphalia.rounds import principality_religion

    players = step.state.setup_order
    for i, (voter, candidate) in enumerate(sorted(ballots.items())):
        if voter not in players or candidate not in players:
            step.problems.append((i, "ballot", f"{voter}: {candidate}", "a player voting for a player ('Only a Player "
                                                                         "may receive votes for Emperor')"))
    if step.problems:
        return
    order = step.state.initiative or players
    # the ballots that cast an Elector's vote ('Players allied to Electors control their votes'):
    # the unaligned blocks follow them, and the other players' ballots count for nothing
    counted = sorted({c for c in elector_votes(step.state).values() if c in ballots})
    election = hold(step.state, ballots, order, lambda e: principality_religion(step.state, e))
    step.state.emperor = election.emperor
    step.state.emperor_since = round_number(year)
    for power in step.state.foreign.values():
        # 'Any Player may become Emperor, including Foreign Powers': one elected as such never left
        power.pop("left_as_emperor", None)
    how = "a majority" if election.majority else "a plurality"
    line = f"elected Emperor by {how}: " + ", ".join(f"{e} for {p}" for e, p in election.votes.items())
    if len(counted) == 1:  # one ballot decided it: its Imperial Election row made the line
        step.did(("ballot", sorted(ballots).index(counted[0])), election.emperor or "", line)
    else:  # counted from several ballots, or from none (the unaligned blocks alone): no one row made it
        step.done.append((election.emperor or "", line))
