"""What the published pages say of a game of The Peace of Westphalia, from its history records.

Rulebook: ``003_b5b9eb4920d39694.txt``. Each phase's page shows the state a player plans with
after the step (:func:`sections`): the Holy Roman Empire (the Emperor, the Electors' faith, the
Council of Trent, Saints and Reformation Points), each prince's religion, provinces, Imperial
Power, Gold, saved Diplomatic Influence, Military Doctrine and League, and each principality's
Diplomatic Influence by player with its ally; the game's page shows the same for the board it
draws (:func:`game_sections`). A player is named as the rest of the page names him ("Orange
Stag"), a principality by its name.

The results are kept in the record as the steps said them, in the players' codes (``RED wins``),
which the GM's sheets use; :func:`in_words` names the players for the pages and the judge text,
so older records read the same. :func:`victory` names the victory that ended the game from the
verdict the record keeps (``extra.outcome.scoring.verdict``, what ``gm-tools turn`` prints).
"""

from __future__ import annotations

import re

from gm_tools.engine.positions import position_from_json
from gm_tools.engine.rules import Victory
from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.state import State, state_of


def _state(record: dict) -> State:
    return state_of(position_from_json(record["after"]))


def named(variant: Variant, code: str) -> str:
    """A player by the name the page gives him: ``Orange Stag``."""
    power = variant.powers.get(code)
    return power.name if power else code


_WORDS: dict[int, tuple[Variant, re.Pattern]] = {}


def _codes(variant: Variant) -> re.Pattern:
    """The players' codes as whole words, never a code that is also a hex's (a GM's own board)."""
    found = _WORDS.get(id(variant))
    if found is None or found[0] is not variant:
        codes = sorted((c for c in variant.powers if c not in variant.provinces), key=len, reverse=True)
        found = _WORDS[id(variant)] = (variant, re.compile(r"\b(" + "|".join(map(re.escape, codes)) + r")\b"))
    return found[1]


_ARTICLES: dict[int, tuple[Variant, re.Pattern | None]] = {}


def _articled(variant: Variant) -> re.Pattern | None:
    """The "The" of a principality named with it ("The Palatinate", as the rulebook's list of
    Electors names it) where a sentence reads it after its start: "Saxony for Red Phoenix, the
    Palatinate for ...", "places 2 Diplomatic Influence on the Palatinate"."""
    found = _ARTICLES.get(id(variant))
    if found is None or found[0] is not variant:
        tables = variant.tables
        names = [*tables.get("electors", {}), *tables.get("principalities", {}).get("names", [])]
        rests = sorted({n[4:] for n in names if isinstance(n, str) and n.startswith("The ")}, key=len, reverse=True)
        pattern = re.compile(r"(?<=[^.!?\s] )The (?=(?:" + "|".join(map(re.escape, rests)) + r")\b)") if rests else None
        found = _ARTICLES[id(variant)] = (variant, pattern)
    return found[1]


def in_words(variant: Variant, text: str) -> str:
    """A recorded result as the pages say it: the players by name (``Goslar led by ORANGE: RED
    wins`` is ``Goslar led by Orange Stag: Red Phoenix wins``), a count with its noun
    (``1 orthodox town(s)`` is ``1 orthodox town``) and "the Palatinate" inside a sentence."""
    text = _codes(variant).sub(lambda m: named(variant, m.group(1)), _tally(text))
    articled = _articled(variant)
    if articled is not None:
        text = articled.sub("the ", text)
    # one province left behind 'forms' the new principality (the record says 'form' for any number)
    text = re.sub(r"^(leaves the Empire: [^,\s]+) form the new", r"\1 forms the new", text)
    text = _losers_influence(variant, _vassal(variant, _named_provinces(variant, text)))
    # 'Magdeburg converts (1 dice for 1 provinces)' as said: 1 die, 1 province
    text = re.sub(r"\((\d+) dice for (\d+) provinces\)", lambda m: f"({m.group(1)} {'die' if m.group(1) == '1' else 'dice'} "
                  f"for {m.group(2)} province{'' if m.group(2) == '1' else 's'})", text)
    return re.sub(r"\b(\d+) ([a-z]+ )?town\(s\)", lambda m: f"{m.group(1)} {m.group(2) or ''}town"
                  + ("" if m.group(1) == "1" else "s"), text)


_PROVINCES_AT = tuple(re.compile(p) for p in (
    r"^holds ([^;]+), capital (\S+)$",  # 'Pick Provinces'
    # 'Place Electors', 'Place other Principalities' (a principality's name may hold ' on ')
    r"^(?:rolls \d+: )?places .+? on ([^,\s]+(?:, [^,\s]+)*), capital (\S+)$",
    r"^.+? fills (\S+) \('fill in",
    r"^rolls \d+: (\S+) converts to ",  # 'Religious Upheaval'
    r"^(\S+) converts(?:, and (\S+) with it)?$",  # 'Spread the Faith' (a principality's '(2 dice for ...)' not)
    r"^dice on (\S+) (?:cancelled|remove the opposing faith's; (\S+) keeps its faith)",
    r"^leaves the Empire: ([^:]+?) forms? the new principality ",  # 'Foreign Powers'
    r"^takes (\S+) from ",  # 'Peace Treaties'
))
"""The results that name provinces, each group a province or a list of them in the GM's codes;
a GM's own words (an Influence Change's reason) and the rules' quotes are in none."""


def _named_provinces(variant: Variant, text: str) -> str:
    """The provinces of a result by code and name, as the tables name them ('holds BER (Bernburg),
    ...', 'takes ESL (Esslingen) from Hesse'): the record keeps the codes the GM typed, which a
    reader would look up on the province list."""
    for pattern in _PROVINCES_AT:
        found = pattern.match(text)
        if not found:
            continue
        out, at = [], 0
        for group in range(1, pattern.groups + 1):
            if found.start(group) >= 0:
                out += [text[at:found.start(group)],
                        re.sub(r"[^,\s]+", lambda m: _province(variant, m.group(0)), found.group(group))]
                at = found.end(group)
        return "".join(out) + text[at:]
    return text


def _vassal(variant: Variant, text: str) -> str:
    """A vassalizing treaty's province, inside the bracket the record gives it: 'vassalizes Goslar
    (EMD, Emden)', no brackets nested."""
    vassal = re.match(r"(vassalizes .+? \()(\S+)(\): )", text)
    province = variant.provinces.get(vassal.group(2)) if vassal else None
    if province and province.name != vassal.group(2):
        return f"{vassal.group(1)}{vassal.group(2)}, {province.name}{vassal.group(3)}{text[vassal.end():]}"
    return text


def _tally(text: str) -> str:
    """An Imperial Election as said, with the votes counted: 'elected Emperor by a plurality:
    Bohemia for YELLOW, ...' shows who had how many, and a tie at the top as broken by the order
    ('Initiative/Setup Order between tied Players'), which the record's line leaves to the reader."""
    found = re.match(r"elected Emperor by a (?:majority|plurality): (.+)$", text)
    if not found:
        return text
    votes: dict[str, int] = {}
    for cast in found.group(1).split(", "):
        votes[cast.rsplit(" for ", 1)[-1]] = votes.get(cast.rsplit(" for ", 1)[-1], 0) + 1
    ranked = sorted(votes.items(), key=lambda v: -v[1])
    tied = ranked[1:] and ranked[1][1] == ranked[0][1]
    return (f"{text} (votes: {', '.join(f'{p} {n}' for p, n in ranked)}"
            + ("; a tie, broken by the order of play ('Initiative/Setup Order between tied Players')" if tied else "")
            + ")")


def _losers_influence(variant: Variant, text: str) -> str:
    """The Religious War's peace as said, with what the record leaves unsaid: 'All Players in the
    DOTF's League [or the ROTF's, when it lost] immediately lose all Diplomatic Influence with the
    Target Principality' (a player reading the page sees his Influence gone, and why)."""
    from gm_tools.systems.westphalia.religiouswar import league_names, other

    won = re.match(r"the (.+?) wins: (.+?) (?:is converted to \w+|keeps its faith)", text)
    names = league_names(variant)
    if not won or won.group(1) not in names:
        return text
    return f"{text}; the {other(won.group(1), names)}'s players lose all their Diplomatic Influence there"


_NO_TREATY = re.compile(r"^wins the war with (\S+) but takes nothing: no Peace Treaty entered$")


def nothing_to_take(record: dict, results: list[dict]) -> list[dict]:
    """``results`` with a war won on a Foreign Power that has no province and no allied
    principality in the Empire, before the step and after it, said as it is: there was nothing
    to take ('Conquer ... from the unaligned Principality or the Player and his allies'; 'Your
    Foreign Power Home Province cannot be conquered'). The step recorded 'takes nothing: no Peace
    Treaty entered', which reads as a treaty the GM forgot; the record keeps it (a recorded game
    replays byte for byte), the pages and the judge text say this."""
    from gm_tools.systems.westphalia.figures import ally

    if not any(_NO_TREATY.match(r.get("order", "")) for r in results) or "before" not in record:
        return results
    states = [state_of(position_from_json(record[side])) for side in ("before", "after")]

    def bare(state: State, loser: str) -> bool:
        held = state.princes.get(loser)
        return loser in state.foreign and not (held and held.provinces) \
            and not any(ally(state, name) == loser for name in state.principalities)
    out = []
    for r in results:
        found = _NO_TREATY.match(r.get("order", ""))
        if found and all(bare(state, found.group(1)) for state in states):
            r = dict(r, order=f"wins the war with {found.group(1)}, a Foreign Power with no province and no allied "
                              "principality in the Empire: there is nothing to take ('Your Foreign Power Home "
                              "Province cannot be conquered')")
        out.append(r)
    return out


def _religion(state: State, name: str) -> str:
    from gm_tools.systems.westphalia.rounds import principality_religion

    return principality_religion(state, name).title()




def _cell(text: str) -> str:
    return str(text).replace("|", "/")


def _table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _empire(variant: Variant, state: State) -> str:
    """The Holy Roman Empire Sheet: the Emperor, the Electors' faith, the Council of Trent, and
    each prince's Saints and Reformation Points ('Saved by Faith and Works')."""
    from gm_tools.systems.westphalia.figures import FIRST_YEAR, ROUND_YEARS
    from gm_tools.systems.westphalia.rounds import CATHOLIC, principality_religion

    catholic = sum(1 for e in state.electors if principality_religion(state, e) == CATHOLIC)
    trent = (f"called in round {state.trent} ({FIRST_YEAR + (state.trent - 1) * ROUND_YEARS}): the Catholic "
             "Reformation has begun" if state.trent else "not yet called")
    saved = [f"- **{named(variant, p)}** {state.saints.get(p, 0)} Saints, {state.reformation.get(p, 0)} "
             "Reformation Points" for p in state.setup_order]
    return (f"Emperor **{named(variant, state.emperor)}** ({state.religion_of(state.emperor).title()}) since round "
            f"{state.emperor_since}; {catholic} Catholic and {len(state.electors) - catholic} Protestant Electors. "
            f"Council of Trent: {trent}.\n\n" + "\n".join(saved))


def _province(variant: Variant, code: str) -> str:
    """A province by its code (what the orders type) and name, "ARN (Arnsberg)", as other variants'
    pages say a place; a code the map does not know, as written."""
    province = variant.provinces.get(code)
    return f"{code} ({province.name})" if province and province.name != code else code


def _provinces(variant: Variant, codes) -> str:
    return ", ".join(_province(variant, c) for c in codes)


def _princes(variant: Variant, state: State, year: int) -> str:
    """One row a prince, in Setup Order: what he holds, has and has chosen."""
    from gm_tools.systems.westphalia.figures import imperial_power

    rows = []
    for p in state.setup_order:
        land = state.princes.get(p)
        if land:
            conquered = [t for t in state.towns_of(p) if t != land.capital]
            # a Foreign Power's capital is its Home Province, named in the Note
            held = (f"{len(land.provinces)}: {_provinces(variant, land.provinces)}"
                    + (f"; capital {_province(variant, land.capital)}" if land.capital else "")
                    + (f"; towns {_provinces(variant, conquered)}" if conquered else ""))
        else:
            held = "none"
        note = ["Emperor"] if state.emperor == p else []
        if p in state.foreign:
            note.append(f"Foreign Power ({state.foreign[p]['home']}, {state.foreign[p]['edge']} edge)")
        rows.append([f"**{named(variant, p)}**", state.religion_of(p).title(), held, str(imperial_power(state, p, year)),
                     str(state.gold.get(p, 0)), str(state.saved_di.get(p, 0)), state.doctrines.get(p, ""),
                     state.leagues.get(p, ""), "; ".join(note)])
    return _table(["Prince", "Religion", "Provinces", "Imperial Power", "Gold", "Saved Diplomatic Influence",
                   "Military Doctrine", "League", "Note"], rows)


def _principalities(variant: Variant, state: State) -> str:
    """One row a principality, the Electors first: its Diplomatic Influence by player, most
    first, and its ally with the lead it holds ('Are within 2 Diplomatic Influence of being its
    ally (no ties)')."""
    from gm_tools.systems.westphalia.figures import ally, principality_power

    rows = []
    for name in sorted(state.principalities, key=lambda n: (n not in state.electors, n)):
        held = sorted(((p, n) for p, n in state.influence.get(name, {}).items() if n > 0),
                      key=lambda x: (-x[1], state.setup_order.index(x[0]) if x[0] in state.setup_order else 99))
        friend = ally(state, name)
        if friend:
            lead = held[0][1] - (held[1][1] if len(held) > 1 else 0)
            allied = f"{named(variant, friend)}, by {lead}"
        else:
            allied = "none, tied" if held else "none"
        rows.append([f"**{name}**" + (" (Elector)" if name in state.electors else ""),
                     _provinces(variant, state.principalities[name].provinces), _religion(state, name),
                     str(principality_power(state, name)), allied,
                     ", ".join(f"{named(variant, p)} {n}" for p, n in held) or "none"])
    return _table(["Principality", "Provinces", "Religion", "Imperial Power", "Ally", "Diplomatic Influence"], rows)


def _state_sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    state = _state(record)
    out = []
    if state.emperor:
        out.append(("Holy Roman Empire", _empire(variant, state)))
    if state.princes or state.foreign:
        from gm_tools.systems.westphalia.victory import counted

        out.append(("Princes", _princes(variant, *counted(variant, state, record["after"]["phase"]))))
    if state.principalities:
        out.append(("Principalities", _principalities(variant, state)))
    return out


def sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """A phase page's sections, after its results: the orders of play, then the state after the
    step. The tables are the page's alone: the judge text (and ``gm-tools turn``) keeps to lines."""
    state = _state(record)
    out = _dilemma(variant, record) + [("Setup Order", ", ".join(named(variant, p) for p in state.setup_order)
                                        or "not drawn yet")]
    if state.initiative:
        out.append(("Initiative Order", ", ".join(named(variant, p) for p in state.initiative)))
    if state.targets:
        out.append(("Eligible Target Principalities", in_words(variant, ", ".join(state.targets))))
    return out + _troubles(variant, record, state) + _state_sections(variant, record)


def _dilemma(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """The note on a step whose results give the Influence the Dilemma cards took, while
    ``tables.toml [dilemma]`` is marked reconstructed: a player reads '3 Influence' as the
    printed card's otherwise. The records keep their words; the note is the page's."""
    from gm_tools.systems.westphalia.diplomacygame import TABLE

    if variant.tables.get(TABLE, {}).get("reconstructed") is not True:
        return []
    if not any(str(r.get("order", "")).startswith("Diplomacy Game with") for r in record.get("results", ())):
        return []
    return [("Dilemma cards", "The Influence on the Dilemma cards is reconstructed: the published cards were lost.")]


def _troubles(variant: Variant, record: dict, state: State) -> list[tuple[str, str]]:
    """The Foreign Powers step's rolls, which the record keeps among its draws and the next
    round's Imperial Power shows without a word of why: 'Every Round each Foreign Power rolls 2D6
    for "Internal Troubles and Wars Abroad." Subtract the result from the Imperial Power your
    Foreign Power Home Province provides next Round'."""
    from gm_tools.engine.phase import parse_phase
    from gm_tools.systems.westphalia.steps import FOREIGN

    if parse_phase(record["phase"]).type != FOREIGN:
        return []
    lines = [f"- **{named(variant, p)}** rolls {f['troubles_next']}: its Home Province, {f['home']}, provides "
             f"{f['troubles_next']} Imperial Power less next round" for p, f in sorted(state.foreign.items())
             if "troubles_next" in f]
    return [("Internal Troubles and Wars Abroad", "\n".join(lines))] if lines else []


def game_sections(variant: Variant, record: dict) -> list[tuple[str, str]]:
    """The game page's sections: the state its map shows, after the last step played."""
    return _state_sections(variant, record)


def victory(variant: Variant, record: dict) -> Victory | None:
    """The victory that ended the game in ``record``, as the rules name it, with the figure
    that decided it: 'The player with the most Imperial Power wins' (the Peace of Westphalia
    Victory, counted 'Subtract all Imperial Power contributed by Foreign Power Home Provinces.
    Then each player adds 3 Imperial Power for each orthodox town'); 'The Catholic players with
    the most Saints are saved by Faith and Works and win' (the Protestant Victory's Reformation
    Points likewise). From the verdict the record keeps; a record without one has it worked out
    again from its board."""
    said = record.get("extra", {}).get("outcome", {}).get("scoring", {}).get("verdict")
    if not isinstance(said, str) or ": " not in said:
        from gm_tools.systems.westphalia.rules import RULES

        verdict = RULES._verdict(variant, position_from_json(record["after"]))
        if verdict is None:
            return None
        said = verdict.reason
    name, _, rest = said.partition(": ")
    if not name.endswith("Victory"):
        return None
    state = _state(record)
    winners = [record["winner"]] if record.get("winner") else list((record.get("draw") or {}).get("powers", []))
    figure = re.match(r"\d+ Imperial Power", rest)
    if figure:
        count, _, tied = rest.partition("; tied")
        listed = count[count.find("(") + 1:count.rfind(")")] if "(" in count else ""
        town = int(variant.tables.get("victory", {}).get("town_power", 3))
        detail = ("Imperial Power as this victory counts it, without what the Foreign Power Home Provinces give "
                  f"and with {town} for each orthodox town: {in_words(variant, listed)}")
        if tied:
            detail += "; tied, the Emperor chooses the winner from among the tied players"
        # the standings show Imperial Power, which the victory does not count as shown: the
        # winner's figure says both, so the status and the standings read alike
        from gm_tools.systems.westphalia.victory import counted, shown_and_counted, westphalia_power

        board, year = counted(variant, state, record["after"]["phase"])
        said = figure.group(0) + " toward victory each"
        # the recorded count stays the word where the board's count no longer gives it (a
        # variant's town_power edited since)
        if not tied and len(winners) == 1 and \
                westphalia_power(variant, board, winners[0], year) == int(figure.group(0).split()[0]):
            said = shown_and_counted(variant, board, winners[0], year)
        return Victory(name, said, detail)
    catholic = name.startswith("Catholic")
    points, word = (state.saints, "Saints") if catholic else (state.reformation, "Reformation Points")
    faith = "catholic" if catholic else "protestant"
    ranked = sorted((p for p in state.setup_order if state.religion_of(p) == faith), key=lambda p: -points.get(p, 0))
    shown = ", ".join(f"{named(variant, p)} {points.get(p, 0)}" for p in ranked)
    best = {points.get(p, 0) for p in winners}
    count = ""
    if len(best) == 1:
        n = best.pop()
        count = f"{n} {word[:-1] if n == 1 else word}"
    detail = in_words(variant, rest[:1].upper() + rest[1:]) + (f" ({word}: {shown})" if shown else "")
    return Victory(name, count, detail)
