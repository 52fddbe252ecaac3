"""The Scoring Phase: victory points each year, the 25-point win, the end in 1648.

Rulebook (``002_e7e1b063b6c411e5.txt``) sections: 'Scoring' (items 1-5),
'Austria and Bohemia', and the object of the game ('score 25 victory points at some year in
the game (or achieve the highest score by the official end of the game)').

A 'home supply center' (item 4) is one of the power's own home centers; a 'domestic
province' (item 5) any other province of its domain. Spain's Naples, Milan and Flanders and
England's Scotland 'are not considered home centers' (they are build sites): losing one
costs what losing a domestic province costs, 1 point, not the center's value.
Scores are worked out afresh from the board each year (they are not accumulated): every item
is a holding 'present on the board' at the Scoring Phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from gm_tools.systems.europe1619.territory import Board


@dataclass(frozen=True)
class ScoringRules:
    """The fixed facts of scoring."""

    confessions: Mapping[str, str]
    """Power -> its confession (``"catholic"``, ``"protestant"``, ``"ottoman"``), matched with
    the confessional markers."""
    bonuses: tuple[tuple[str, str, int], ...] = ()
    """(power, province, points): 'If Austria captures Bohemia and holds on to it, Austria
    gains an additional 5 victory points'."""
    target: int = 25
    """'First player to reach 25 points wins the game regardless of the year'."""
    last_year: int = 1648
    """'the game officially ends at the Scoring Phase of 1648'."""
    marker_scoring: str = "confession"
    """Who scores a confessional marker ('For each corresponding confessional marker present on
    the board the player earns 1 point'): every power of the marker's confession
    (``confession``, the default reading) or only the power the minor is aligned with
    (``aligned``); the variant option ``marker_scoring``, NOTES.md 'Judgement calls'."""


@dataclass(frozen=True)
class Score:
    """One power's victory points, item by item."""

    power: str
    captured_centers: Mapping[str, int]
    """1. captured foreign centers -> value ('1 point for each point of value')."""
    markers: int
    """2. confessional markers of its confession on the board (1 point each)."""
    captured_provinces: tuple[str, ...]
    """3. captured foreign provinces that are not centers (1 point each)."""
    lost_centers: Mapping[str, int]
    """4. its home centers someone else holds -> value (minus)."""
    lost_provinces: tuple[str, ...]
    """5. its domestic provinces, not centers, someone else holds (minus 1 each)."""
    bonus: int = 0
    """Austria's 5 points while it holds Bohemia."""

    @property
    def total(self) -> int:
        return (
            sum(self.captured_centers.values())
            + self.markers
            + len(self.captured_provinces)
            - sum(self.lost_centers.values())
            - len(self.lost_provinces)
            + self.bonus
        )


def score(board: Board, rules: ScoringRules, markers: Mapping[str, str], power: str) -> Score:
    """``power``'s score on ``board``. ``markers`` = {minor: confession} of the confessional
    markers present (:func:`gm_tools.mechanics.influence.markers_at_map_adjustment`)."""
    geo = board.geo
    taken = sorted(p for p, captor in board.captured.items() if captor == power)
    lost = sorted(p for p, holder in geo.domain.items() if holder == power and board.controller(p) != power)
    # 'build sites for Spain they are not considered home centers' (and England's Scotland).
    build_sites_only = set(geo.build_sites.get(power, ())) - set(geo.home_centers.get(power, ()))
    confession = rules.confessions.get(power)
    bonus = sum(
        points for who, province, points in rules.bonuses
        if who == power and board.controller(province) == power and geo.domain.get(province) != power
    )
    return Score(
        power=power,
        captured_centers={p: geo.values[p] for p in taken if geo.is_center(p)},
        markers=sum(1 for minor, c in markers.items() if confession and c == confession
                    and (rules.marker_scoring == "confession" or board.commander(minor) == power)),
        captured_provinces=tuple(p for p in taken if not geo.is_center(p)),
        lost_centers={p: geo.values[p] for p in lost if geo.is_center(p) and p not in build_sites_only},
        lost_provinces=tuple(p for p in lost if not geo.is_center(p) or p in build_sites_only),
        bonus=bonus,
    )


def scores(board: Board, rules: ScoringRules, markers: Mapping[str, str]) -> dict[str, Score]:
    """Every power's score, by power; eliminated powers are left out."""
    gone = set(board.eliminated)
    return {p: score(board, rules, markers, p) for p in sorted(board.geo.powers - gone)}


@dataclass(frozen=True)
class Verdict:
    """Whether the game ends at this Scoring Phase, and who wins."""

    over: bool
    """True when the game ends (a winner, or the end of 1648 with a single leader)."""
    winners: tuple[str, ...] = ()
    """The winner, or the powers tied at the top when the game is over or must be settled."""
    tie: bool = False
    """True at the end of the game when several powers share the top score: 'players may
    agree to extend the game by one or more years to break the tie, or call a draw'."""
    reason: str = ""
    """In words, for the report."""
    table: tuple[tuple[str, int], ...] = field(default_factory=tuple)
    """(power, total) from highest to lowest, ties by power code."""


def verdict(totals: Mapping[str, int], year: int, rules: ScoringRules) -> Verdict:
    """The verdict of the Scoring Phase of ``year`` from each power's total."""
    table = tuple(sorted(totals.items(), key=lambda pt: (-pt[1], pt[0])))
    if not table:
        return Verdict(False, reason="no power is scored")
    best = table[0][1]
    leaders = tuple(p for p, t in table if t == best)
    if best >= rules.target:
        if len(leaders) == 1:
            return Verdict(True, leaders, reason=f"{leaders[0]} reached {best} points (25 wins)", table=table)
        if year < rules.last_year:
            # The rulebook says 'First player to reach 25 points wins'; two reaching it in the
            # same Scoring Phase share the top: judged like the tie of 1648.
            return Verdict(True, leaders, tie=True, reason=f"{' and '.join(leaders)} reached {best} points together: none is "
                           "first, so the game goes on to break the tie, or the players may call a draw", table=table)
    if year >= rules.last_year:
        if len(leaders) == 1:
            return Verdict(True, leaders, reason=f"the game ends in {rules.last_year}: {leaders[0]} has the highest score ({best})", table=table)
        return Verdict(
            True, leaders, tie=True,
            reason=f"the game ends in {rules.last_year} with {' and '.join(leaders)} tied at {best}: the players may "
                   "agree to extend the game by one or more years, or call a draw",
            table=table,
        )
    return Verdict(False, reason=f"no power has {rules.target} points; highest {best}", table=table)
