"""A step's results in the order the rules carry them out, for the pages and the judge text.

The record keeps a step's results sorted by player and text (a recorded game replays byte for
byte), so within a player's turn "declares a Religious War" sorts before "joins the Evangelical
League", which the rules require first ('Declare a Religious War': 'a Player in a League ...
may Declare a Religious War'). The pages list each player's results in the order the step makes them
(:func:`.turnsteps.player_turns`), which is the rulebook's ('Player Turns', 'Setting the
Warfare Stage', 'Battles', 'Peace Treaties', 'Tradeoffs'): each line's stage is read from its
words, the lines of one stage kept as recorded.

Rulebook: ``003_b5b9eb4920d39694.txt``.
"""

from __future__ import annotations

import re

from gm_tools.engine.phase import parse_phase
from gm_tools.systems.westphalia.steps import FOREIGN, TURNS

TURN_STAGES: tuple[tuple[str, re.Pattern], ...] = tuple((name, re.compile(pattern)) for name, pattern in (
    # 'Players will choose 2/3 of Combat Heresy, Engage in Diplomacy, & Wage War'
    ("actions", r"^chooses "),
    # Combat Heresy: 'Player Conversion', then the Council of Trent
    ("conversion", r"^converts to "),
    ("trent", r"^calls the Council of Trent"),
    # 'Players may Join a League, as in Engaging in Diplomacy' (the step joins them before the dice)
    ("league", r"^joins the "),
    # Combat Heresy: 'Spread the Faith'
    ("dice", r"^dice on |^\S+ converts(,|$| \()|^\S+ holds its faith"),
    # Engage in Diplomacy: the Diplomacy Game, then the Influence it gives placed
    ("diplomacy", r"^Diplomacy Game with "),
    ("influence", r"^gains \d+ Influence"),
    # Wage War: 'Declare Wars and change their Military Doctrines, proceed to Battles & Peace Treaties'
    ("doctrine", r"^(changes|keeps) its Military Doctrine"),
    ("battle", r"^war with "),
    ("defenceless", r"^loses to .* eliminated"),
    ("treaty", r"^(takes|vassalizes) "),
    ("no treaty", r"^wins the war with "),
    # 'The Religious War, if any, will be waged in the next phase', after the Battle Phases
    ("religious war", r"^declares? a Religious War|^declared a Religious War"),
    ("religious leagues", r"^\S+ joins (the |no League)|^the Emperor \S+ joins "),
    ("defender", r"^no Defender of the Faith|^is the Defender of the Faith"),
    ("pairs", r"^the Leagues pair off"),
    ("religious battle", r"^the battle by the cards|^both Leagues are spent"),
    ("religious peace", r"^the .* wins: "),
    ("religious treaty", r"(?!)"),  # a treaty of the Religious War's winners (:func:`_stage`)
    ("electors", r"^replaces the Elector "),
    ("homeless", r"^has lost all its provinces"),
    # the GM's Influence Changes, checked against the treaties' costs
    ("influence changes", r"^[+-]\d+ Diplomatic Influence \("),
    # 'once every conquest is made', then 'Tradeoffs'
    ("grown", r"^\S+ grows to \d+ provinces"),
    ("tradeoffs", r"^turns \d+ Gold into Diplomatic Influence"),
))
"""The Player Turns step's results, each stage as its line opens, in the order the step makes them."""

FOREIGN_STAGES: tuple[tuple[str, re.Pattern], ...] = tuple((name, re.compile(pattern)) for name, pattern in (
    # 'Lose all provinces you possessed inside the Empire ... these form one new Principality',
    # then 'Count the Diplomatic Influence ... give yourself back 1/2' and the Home Province
    ("leaves", r"^leaves the Empire: "),
    ("becomes", r"^becomes a Foreign Power: "),
))
"""The Foreign Powers step's results for a player who leaves the Empire (:func:`.foreign.become`)."""

STAGES = {TURNS: TURN_STAGES, FOREIGN: FOREIGN_STAGES}
"""A step's phase type (:mod:`.steps`) -> its stages; a step not here is listed as recorded."""
_RANKS = {kind: {name: i for i, (name, _) in enumerate(stages)} for kind, stages in STAGES.items()}
_PHASE = re.compile(r"\(Battle Phase (\d+)\)")


def in_rules_order(record: dict) -> list[dict]:
    """``record``'s results in the order the rules carry them out, each player's kept together
    as the record groups them; a step whose record order is the rules' as it is (each player a
    line, or a line of the Empire's and a player's) as recorded."""
    results = list(record.get("results", []))
    kind = parse_phase(record["phase"]).type
    if kind not in STAGES:
        return results
    if kind != TURNS:
        return sorted(results, key=lambda r: _rank(kind, r.get("order", "")))
    # a treaty follows the war it ends: a Battle Phase's if its taker won one, else the Religious War's
    won = {m.group(1) for r in results if (m := re.search(r": (\S+) wins( automatically| by the cards)?$",
                                                          r.get("order", ""))) and r["order"].startswith("war with ")}
    religious = any(_stage(TURN_STAGES, r.get("order", "")) == "religious peace" for r in results)
    return sorted(results, key=lambda r: _key(r, won, religious))


def _key(result: dict, won: set[str], religious: bool) -> tuple[int, int]:
    text = result.get("order", "")
    stage = _stage(TURN_STAGES, text)
    if stage == "treaty" and religious and result.get("power") not in won:
        stage = "religious treaty"
    phase = _PHASE.search(text) if stage == "battle" else None
    return (_RANKS[TURNS].get(stage, len(TURN_STAGES)), int(phase.group(1)) if phase else 0)


def _rank(kind: str, text: str) -> int:
    return _RANKS[kind].get(_stage(STAGES[kind], text), len(STAGES[kind]))


def _stage(stages, text: str) -> str | None:
    """The stage of a step a line of its results belongs to; None for a line of another shape
    (listed after the rest, as recorded)."""
    return next((name for name, pattern in stages if pattern.search(text)), None)
