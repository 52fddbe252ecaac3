"""The Scoring Phase: each year is a round, scored afresh, and its highest score wins it.

Rulebook: ``000_cc215928c2f3193e.txt``, 'SCORING PHASE', 'Explanation and Examples', 'Scoring
from Religious Markers', 'Bonus scoring for alignments', 'Scoring Metric', 'VICTORY
CONDITIONS'. The numbers are the variant's data (``tables.toml [scoring]``):

- capture: 'Number shown in the province/center is the number of victory points awarded for
  the capture of the center', for each center a power holds beyond its home centers;
- alignment: 'Three times the number shown in province/center is the number of victory points
  awarded to a power if the minor state is aligned', over the minor's whole dominion ('Example:
  Brandenburg holds Mecklenburg ... (6 + 3 = 9) and multiply by 3 giving 27'); only for minors
  'that have not been captured by a power or another minor state';
- markers: 'each Protestant power receives 10 VPs for each Protestant marker on the board. This
  rule also applies to Catholic powers and Catholic markers (however, Catholics cannot score on
  the Papal States as they are permanently marked Catholic)';
- the round: 'Score does not carry over from the previous year ... Highest scoring power is
  designated the winner of the round. If ties occur for the top score, then no winner is
  declared for the round.'; 'The power that wins 5 rounds ... takes immediate victory';
  'Automatic Protestant victory: A Protestant power that captures Rome (ROM) will have an
  automatic victory, irrespective of won rounds.'
- an eliminated power ('all of its home centers have been captured') scores nothing: 'all
  scores are ceded'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gm_tools.engine.model import Position
from gm_tools.mechanics.influence import ALIGNED, CATHOLIC, PROTESTANT
from gm_tools.systems.europe1615.state import State

if TYPE_CHECKING:  # the setup holds these rules, so it imports this module
    from gm_tools.systems.europe1615.setup import Setup


@dataclass(frozen=True)
class ScoringRules:
    """``tables.toml [scoring]``."""

    alignment_multiplier: int = 3
    """VPs per point of an aligned minor's dominion."""
    marker_points: int = 10
    """VPs per marker of one's confession on the board."""
    no_marker_points: tuple[str, ...] = ("PAPL",)
    """Minors whose marker scores for nobody ('Catholics cannot score on the Papal States')."""
    rounds_to_win: int = 5
    """'The power that wins 5 rounds ... takes immediate victory.'"""
    ottoman_christian_centers: int = 5
    """'Should the Ottomans acquire and hold 5 Christian centers (for a total of 7 centers or
    more), a draw is reached between the remaining powers'."""
    ottoman_centers: int = 7
    """The total of that rule: 7 centers or more."""
    victory_center: str | None = "ROM"
    """The center whose capture by a Protestant power wins at once."""


@dataclass
class Score:
    """One power's score in a round, by source."""

    captures: dict[str, int] = field(default_factory=dict)
    """Captured center -> its value."""
    alignments: dict[str, int] = field(default_factory=dict)
    """Aligned minor -> its alignment VPs."""
    markers: dict[str, int] = field(default_factory=dict)
    """Minor carrying a marker of the power's confession -> VPs."""

    @property
    def total(self) -> int:
        return sum(self.captures.values()) + sum(self.alignments.values()) + sum(self.markers.values())

    def to_json(self) -> dict:
        return {"captures": dict(sorted(self.captures.items())), "alignments": dict(sorted(self.alignments.items())),
                "markers": dict(sorted(self.markers.items())), "total": self.total}


def eliminated(setup: Setup, position: Position) -> set[str]:
    """'A power is eliminated when all of its home centers have been captured'."""
    return {p for p in setup.powers if not any(position.centers.get(c) == p for c in setup.homes.get(p, ()))}


def out_of_game(setup: Setup, state: State, position: Position) -> dict[str, str]:
    """Power -> how it left the game, for the standings, the map's legend and the Rounds sheet:
    "dissolved (abandoned)" ('then power will be dissolved at the winter phase'), else
    "eliminated" ('all of its home centers have been captured', units left or not)."""
    dissolved = set(state.dissolved.values())
    return {p: "dissolved (abandoned)" if p in dissolved else "eliminated"
            for p in sorted(eliminated(setup, position) | dissolved)}


def round_scores(setup: Setup, rules: ScoringRules, state: State, position: Position) -> dict[str, Score]:
    """Each power's score for this year's round."""
    out = {p: Score() for p in setup.powers if p not in eliminated(setup, position)}
    home_of = {c: o for o, cs in setup.homes.items() for c in cs}
    for center, owner in sorted(position.centers.items()):
        if owner in out and home_of.get(center) != owner:
            out[owner].captures[center] = setup.values.get(center, 0)
    from gm_tools.systems.europe1615.status import statuses

    table = statuses(setup, state, position)
    for minor, status in sorted(table.items()):
        if status.status == ALIGNED and status.power in out:
            dominion = [c for c, o in position.centers.items() if o == minor]
            value = rules.alignment_multiplier * sum(setup.values.get(c, 0) for c in dominion)
            if value:
                out[status.power].alignments[minor] = value
    for minor, confession in sorted(state.influence.markers.items()):
        if minor in rules.no_marker_points:
            continue
        for power, score in out.items():
            if setup.confession(power) == confession:
                score.markers[minor] = rules.marker_points
    return out


def round_winner(scores: dict[str, Score]) -> str | None:
    """The highest score; a tie for it wins nothing."""
    if not scores:
        return None
    best = max(s.total for s in scores.values())
    top = [p for p, s in scores.items() if s.total == best]
    return top[0] if len(top) == 1 else None


def game_winner(setup: Setup, rules: ScoringRules, position: Position, wins: dict[str, int]) -> str | None:
    """Five rounds won, or a Protestant power holding Rome."""
    holder = position.centers.get(rules.victory_center) if rules.victory_center else None
    if holder in setup.powers and setup.confession(holder) == "protestant":
        return holder
    winners = sorted(p for p, n in wins.items() if n >= rules.rounds_to_win)
    return winners[0] if len(winners) == 1 else None


def automatic_draw(setup: Setup, rules: ScoringRules, position: Position) -> tuple[tuple[str, ...], str] | None:
    """'CONDITIONS TO FORCE AN AUTOMATIC DRAW', each 'irrespective of won rounds': the powers
    that draw and why, or None. Checked on the centers as they stand after each phase."""
    gone = eliminated(setup, position)
    left = tuple(p for p in setup.powers if p not in gone)
    catholic = tuple(p for p in left if setup.confession(p) == CATHOLIC)
    protestant = tuple(p for p in left if setup.confession(p) == PROTESTANT)
    if left and not protestant:
        return catholic, "every Protestant power is eliminated: the remaining Catholic powers draw"
    if left and not catholic:
        return protestant, "every Catholic power is eliminated: the remaining Protestant powers draw"
    ottoman = setup.ottoman
    if ottoman and rules.victory_center and position.centers.get(rules.victory_center) == ottoman:
        if len(protestant) == 1:
            return left, "the Ottomans took Rome and one Protestant power remains: every remaining power draws"
        return protestant, "the Ottomans took Rome: the remaining Protestant powers draw"
    held = [c for c, owner in position.centers.items() if owner == ottoman]
    christian = [c for c in held if c not in setup.islamic]
    if ottoman and len(christian) >= rules.ottoman_christian_centers and len(held) >= rules.ottoman_centers:
        return left, (f"the Ottomans hold {len(christian)} Christian centers ({len(held)} in all): "
                      "the remaining powers draw")
    return None


def scoring_rules(table: dict, problems: list[str]) -> ScoringRules:
    """Read and check ``tables.toml [scoring]``."""
    where = "tables.toml [scoring]"
    known = {"alignment_multiplier", "marker_points", "no_marker_points", "rounds_to_win", "victory_center", "source",
             "reconstructed", "ottoman_christian_centers", "ottoman_centers"}
    for key in sorted(set(table) - known):
        problems.append(f"{where}: unknown key {key!r}")
    values = {}
    for key in ("alignment_multiplier", "marker_points", "rounds_to_win", "ottoman_christian_centers", "ottoman_centers"):
        if key in table:
            n = table[key]
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                problems.append(f"{where}: {key} = {n!r}, expected a whole number, 1 or more")
            else:
                values[key] = n
    if "no_marker_points" in table:
        values["no_marker_points"] = tuple(table["no_marker_points"])
    if "victory_center" in table:
        values["victory_center"] = table["victory_center"] or None
    return ScoringRules(**values)
