"""Europe 1619's recorded words as the pages say them: the powers named, not coded, and the
English read right ("1 INF", "1 TP").

A game's history records keep what the phases wrote ("SPAIN (3) attacks FRANCE (7) in LOR
...", "Income: home center NAP", "Loan from VENICE (1 TPs interest, due 1621)"), and a recorded
game must replay to the same bytes: those words stay in the records. The pages word them
here, at display time. Where the record keeps the fields a line is made of (a placement's
order ``1: CRO``, a power's build sites in the variant), the words are made from them; where
it keeps only the words (the attacks' INFs, the declarations, the statements' items), each
shape the phase writes is read by its own pattern below, and words of any other shape are
shown as recorded.
"""

from __future__ import annotations

import re

from gm_tools.engine.variant import Variant


def named(variant: Variant, code: str) -> str:
    """A power by the name the page's orders give it ("Dutch Republic"); the record keeps its
    code ("DUTCH"), as the GM's sheets do."""
    power = variant.powers.get(code)
    return power.name if power else code


def in_text(variant: Variant, code: str, start: bool = False) -> str:
    """A power as a sentence names it, with the article its variant data gives it ("owes the
    Dutch Republic", "captured by the Duchy of Savoy"; ``article``, variants/README.md), the
    article capitalised where the name opens the sentence; a code the variant does not know,
    as written."""
    power = variant.powers.get(code)
    if power is None:
        return code
    words = power.in_text
    return words[:1].upper() + words[1:] if start else words


def minor(variant: Variant, code: str, name: str | None = None) -> str:
    """A minor state by its code, which the orders type ('3: BRAP', 'BRAP > FRANCE'), and its
    name, as the workbook's Influence Tracker has a Minor state and a Name column ("BRAP
    (Brandenburg-Prussia)"). The name is the one the page's orders say ("Places 2 INFs in
    Saarbruecken": the state's as a power, else its province's), else ``name``; the code alone
    when there is none."""
    named = variant.powers.get(code) or variant.provinces.get(code)
    name = named.name if named is not None else name
    return f"{code} ({name})" if name else code


def province(variant: Variant, code: str) -> str:
    """A province by its code, which the orders type ("BRB captured by ..."), and its name, as
    a minor state is given ("BRB (Brabant)"): a reader does not know every code. A code the
    variant does not know, as written."""
    found = variant.provinces.get(code)
    return f"{code} ({found.name})" if found is not None and found.name != code else code


def unit(variant: Variant, text: str) -> str:
    """A unit as the orders write it and its province's name ("A FRC (Franche-Comte)"); the
    record keeps "A FRC"."""
    kind, _, where = text.partition(" ")
    return f"{kind} {province(variant, where)}" if where else text


EXPELLED_BY = {"4a": "rule 4a: the province is neutral",
               "4b": "rule 4b: the province's power is neither at war nor allied with it"}
"""The rulebook's 'Additional rules to observe' 4a and 4b, which the record names by number
alone: a player does not have the rulebook's numbering in mind."""


def expelled(variant: Variant, entry: dict) -> str:
    """A unit expelled at the Map Adjustment Phase, its rule said and its retreats by code and
    name ("may retreat to BUR (Burgundy), ..."): the record keeps codes ({"unit": "A FRC",
    "rule": "4b", "retreats": ["BUR"]})."""
    rule = EXPELLED_BY.get(entry["rule"], f"rule {entry['rule']}")
    where = ", ".join(province(variant, p) for p in entry["retreats"])
    return (f"{named(variant, entry['power'])}: {unit(variant, entry['unit'])} must leave ({rule})"
            + (f"; may retreat to {where}" if where else "; disbanded"))


def _named_agenda(variant: Variant, item):
    from dataclasses import replace

    return replace(item, power=named(variant, item.power) if item.power else item.power,
                   minor=minor(variant, item.minor) if item.minor else item.minor)


def agenda(variant: Variant, item) -> str:
    """A Reichstag agenda (or the decree in force) with its power named and its state by code
    and name ("France may deposit no INFs to HES (Hesse)"); ``Agenda.describe`` gives the codes
    the Diplomatic Phase's recorded report keeps."""
    return _named_agenda(variant, item).describe()


def meeting(variant: Variant, held) -> str:
    """A Reichstag meeting in sentences, its agenda and voters named ("... For: Austria, Duchy
    of Savoy; against or no vote: Electorate of Saxony. Passed; in effect from 1620.")."""
    from dataclasses import replace

    votes = {named(variant, p): v for p, v in held.votes.items()}
    said = replace(held, agenda=_named_agenda(variant, held.agenda), votes=votes).sentences()
    # the agenda's name heads the sentence: "(2 - Imperial Ban): Imperial Ban: ..." said it twice
    return said.replace("(2 - Imperial Ban): Imperial Ban: ", "(2 - Imperial Ban): ", 1)


def infs(n: int | str) -> str:
    return f"{n} INF" + ("" if str(n) == "1" else "s")


def tps(n: int | str) -> str:
    return f"{n} TP" + ("" if str(n) == "1" else "s")


# --- the Diplomatic Phase's results ------------------------------------------------------------

PLACEMENT = re.compile(r"^(\d+): (\S+)$")
"""A placement's order as the record keeps it (``Placement.canonical``: ``3: CRO``)."""

ATTACK = re.compile(r"^(\S+) \((\d+)\) attacks (\S+) \((\d+)\) in (\S+): each loses (\d+), "
                    r"leaving \1 (\d+), \3 (\d+)$")
"""An attack that removed INFs, as ``influence.AttackResult.describe`` wrote it."""

ATTACK_NO_EFFECT = re.compile(r"^(\S+) attacks (\S+) in (\S+): no effect, (\S+) has no INFs left there$")
"""An attack that found no INFs left, as ``influence.AttackResult.describe`` wrote it."""


def attack(variant: Variant, text: str) -> str:
    """A recorded attack line with the powers named and the minor state by code and name, as
    the Influence Tracker's rows give it ("Spain (3) attacks France (7) in LOR (Lorraine-Alsace):
    each loses 3, leaving Spain 0, France 4")."""
    m = ATTACK.match(text)
    if m:
        power, had, target, their, where, lost, left, their_left = m.groups()
        a, t = in_text(variant, power), in_text(variant, target)
        return (f"{in_text(variant, power, start=True)} ({had}) attacks {t} ({their}) in {minor(variant, where)}: "
                f"each loses {lost}, leaving {a} {left}, {t} {their_left}")
    m = ATTACK_NO_EFFECT.match(text)
    if m:
        power, target, where, gone = m.groups()
        return (f"{in_text(variant, power, start=True)} attacks {in_text(variant, target)} in {minor(variant, where)}: "
                f"no effect, {in_text(variant, gone)} has no INFs left there")
    return text


ONE_SIDED = re.compile(r"^(\S+) did not declare (\S+): (\S+); both powers must declare it$")
"""An alliance or armistice only one side declared, as ``declarations`` wrote it."""


def reason(variant: Variant, result: dict) -> str | None:
    """The Reason a phase page shows beside a Diplomatic Phase's result, where the recorded one
    says a placement ("1 INFs placed in CRO": said from the order, ``1 INF placed in CRO``), an
    attack, or an alliance or armistice only one side declared ("England did not declare an
    alliance with France"); None for any other.

    An attack's row already says who attacked whom where (its power's heading, the order in
    words), so its Reason is the attack's effect alone ("2 INFs against 5: each loses 2,
    leaving 0 and 3"): the whole line named is in the page's Diplomatic attacks, and a Diplomatic
    Phase's page is the demos' largest (tests/test_site_sizes.py)."""
    said = result.get("reason", "")
    m = ONE_SIDED.match(said)
    if result.get("result") == "fails" and m:
        other, kind, power = m.groups()
        words = {"ALLIANCE": "an alliance with", "ARMISTICE": "an armistice with"}.get(kind, f"{kind} on")
        return f"{in_text(variant, other, start=True)} did not declare {words} {in_text(variant, power)}; both must declare it"
    if result.get("result") != "succeeds" or not said:
        return None
    m = PLACEMENT.match(result.get("order", ""))
    if m and said == f"{m.group(1)} INFs placed in {m.group(2)}":
        return f"{infs(m.group(1))} placed in {m.group(2)}"
    m = ATTACK.match(said)
    if m:
        _, had, _, their, _, lost, left, their_left = m.groups()
        return f"{infs(had)} against {their}: each loses {lost}, leaving {left} and {their_left}"
    m = ATTACK_NO_EFFECT.match(said)
    if m:
        return f"no effect, {in_text(variant, m.group(4))} has no INFs left there"
    return None


DECLARATIONS = [
    (re.compile(r"^(\S+) and (\S+) declared war on each other$"), "{} and {} declared war on each other"),
    (re.compile(r"^(\S+) declared war on (\S+)$"), "{} declared war on {}"),
    (re.compile(r"^alliance of (\S+) and (\S+)$"), "alliance of {} and {}"),
    (re.compile(r"^armistice between (\S+) and (\S+)$"), "armistice between {} and {}"),
    (re.compile(r"^(\S+) dissolved its alliance with (\S+)$"), "{} dissolved its alliance with {}"),
]
"""The shapes ``declarations.PendingDeclaration.describe`` writes, and the same words with
the powers named."""


def declaration(variant: Variant, text: str) -> str:
    """A recorded declaration ("FRANCE declared war on SPAIN") with the powers named as a
    sentence names them ("alliance of the Dutch Republic and England"); the pages put it after
    a colon ("declared: ..."), so no article is capitalised."""
    for pattern, words in DECLARATIONS:
        m = pattern.match(text)
        if m:
            return words.format(*(in_text(variant, code) for code in m.groups()))
    return text


PAPAL_NOTES = [
    (re.compile(r"^(\S+) captured ([A-Z, ]+)$"), "{} captured {}", (True, False)),
    (re.compile(r"^(\S+) \(ally of (\S+)\) declares war on (\S+)$"), "{} (ally of {}) declares war on {}",
     (True, True, True)),
    (re.compile(r"^(\S+) \(ally of (\S+)\) is at war with (\S+)$"), "{} (ally of {}) is at war with {}",
     (True, True, True)),
]
"""The notes the Diplomatic Phase writes when the Papacy's protection lapses
(``diplomatic_phase._papal_captures``: "PAPACY captured NAP"; ``declarations._ally_wars``, joined
by "; "), the same words with the powers named (True) and the centers by code and name (False)."""


def papal_note(variant: Variant, text: str) -> str:
    """A recorded note on the Papacy's lapsed protection with the powers named and the centers
    by code and name ("the Papacy captured NAP (Naples)"); the GM's own note from the Papal
    Protection sheet is shown as written."""
    said = []
    for part in text.split("; "):
        for pattern, words, powers in PAPAL_NOTES:
            m = pattern.match(part)
            if m:
                part = words.format(*(in_text(variant, g) if is_power else
                                      ", ".join(province(variant, c) for c in g.split(", "))
                                      for g, is_power in zip(m.groups(), powers)))
                break
        said.append(part)
    return "; ".join(said)


# --- the Builds and Transactions Phase's statements -------------------------------------------

HOME_CENTER = re.compile(r"^Income: home center (\S+)$")
CAPTURED = re.compile(r"^Income: captured (center|province) (\S+)$")
MOVED = re.compile(r"^(Loan|Payment) (from|to) (\S+)( \((.*)\))?$")
INTEREST = re.compile(r"^(\d+) TPs interest(?=, |$)")


ALIGNED_STATE = re.compile(r"^Income: aligned state (\S+)$")


def captured_item(variant: Variant, item: str) -> str:
    """A statement's income from a captured center or province, or from an aligned state (the
    Union's and the League's), with the province or state by code and name ("Income: captured
    province BRB (Brabant)", "Income: aligned state COL (Cologne)"), as the page and the GM's
    Treasury Statements sheet say it; any other item as recorded."""
    m = CAPTURED.match(item)
    if m:
        return f"Income: captured {m.group(1)} {province(variant, m.group(2))}"
    m = ALIGNED_STATE.match(item)
    return f"Income: aligned state {minor(variant, m.group(1))}" if m else item


def statement_item(variant: Variant, power: str, item: str) -> str:
    """One item of a power's recorded statement (``phases._accounts``) as its page says it.

    - "Income: home center NAP" for a center the power's variant data lists as a build site
      that is not a home center (Spain's Naples, Milan and Flanders, England's Scotland: 'they
      are not considered home centers', paid as if they were, ``variants/europe1619/NOTES.md``)
      says "Income: build site NAP";
    - a captured center or province is given by code and name ("Income: captured province BRB
      (Brabant)"), and so is an aligned state ("Income: aligned state COL (Cologne)"): a power's
      own home centers and build sites are known to its player, what it took from others or
      draws from a minor state is not to every reader;
    - a loan or payment names the other power ("Loan from the Republic of Venice") and a loan's
      interest is "1 TP interest".
    """
    if CAPTURED.match(item) or ALIGNED_STATE.match(item):
        return captured_item(variant, item)
    m = HOME_CENTER.match(item)
    if m:
        center = m.group(1)
        sites = variant.powers[power].extra.get("build_sites", ()) if power in variant.powers else ()
        if center in sites and center not in variant.home_centers(power):
            return f"Income: build site {center}"
        return item
    m = MOVED.match(item)
    if m:
        kind, way, other, _, terms = m.groups()
        if kind == "Loan" and terms:
            terms = INTEREST.sub(lambda i: f"{tps(i.group(1))} interest", terms)
        return f"{kind} {way} {in_text(variant, other)}" + (f" ({terms})" if terms else "")
    return item


# --- the Scoring Phase's verdict ---------------------------------------------------------------


def verdict(variant: Variant, text: str, year: int | None = None) -> str:
    """The Scoring Phase's recorded verdict (``scoring.verdict``: "no power has 25 points;
    highest 19", "DUTCH reached 25 points (25 wins)") as the page's sentence: the powers named
    with their articles, its first word capitalised ("The Dutch Republic reached ..."). In a year
    past the end ('players may agree to extend the game by one or more years to break the tie')
    the record says "the game ends in 1648"; the page says the year the extension ends in."""
    last = variant.end_year
    if year is not None and last and year > last and text.startswith(f"the game ends in {last}"):
        text = f"the game, extended past {last}, ends in {year}" + text[len(f"the game ends in {last}"):]
    codes = sorted(variant.powers, key=len, reverse=True)
    said = re.sub(r"\b(" + "|".join(map(re.escape, codes)) + r")\b", lambda m: in_text(variant, m.group(1)), text) \
        if codes else text
    return said[:1].upper() + said[1:]
