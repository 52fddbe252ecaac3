"""How the game is won.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'How to Win': the Catholic and Protestant Victories ('At
any point starting after the Religious War Phase of Round 4: There are more Catholic provinces
than Protestant ones; All Electors are Catholic; The Emperor is Catholic. The Catholic players
with the most Saints are saved by Faith and Works and win ... In the case of a tie, more players
may win by tying for the last spot'), and the Peace of Westphalia Victory ('After Round 6 ...
Subtract all Imperial Power contributed by Foreign Power Home Provinces. Then each player adds 3
Imperial Power for each orthodox town they own. The player with the most Imperial Power wins.
In cases of ties, the winner is chosen from among the tied players by the Emperor').
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.figures import imperial_power, round_number
from gm_tools.systems.westphalia.rounds import CATHOLIC, PROTESTANT, principality_religion
from gm_tools.systems.westphalia.state import State


@dataclass(frozen=True)
class Verdict:
    """Who won and why."""

    winners: tuple[str, ...]
    """One player, or several sharing a religious victory (or tied for the Emperor to choose)."""
    reason: str
    tied: bool = False
    """True when the Emperor must choose among ``winners``."""


def _table(variant: Variant) -> dict:
    return variant.tables.get("victory", {})


def religious(variant: Variant, state: State, year: int, after_war: bool) -> Verdict | None:
    """The Catholic or Protestant Victory, checked from round 4's Religious War on
    (``after_war``: the round's Player Turns, where the Religious War is fought, are over)."""
    table = _table(variant)
    first = int(table.get("religious_from_round", 4))
    now = round_number(year)
    if now < first or (now == first and not after_war) or state.emperor is None:
        return None
    provinces = [p for land in list(state.princes.values()) + list(state.principalities.values())
                 for p in land.provinces]
    protestant = sum(1 for p in provinces if p in set(state.protestant))
    count = {PROTESTANT: protestant, CATHOLIC: len(provinces) - protestant}
    for faith, other in ((CATHOLIC, PROTESTANT), (PROTESTANT, CATHOLIC)):
        if count[faith] <= count[other]:
            continue
        if not all(principality_religion(state, e) == faith for e in state.electors):
            continue
        if state.religion_of(state.emperor) != faith:
            continue
        points = state.saints if faith == CATHOLIC else state.reformation
        players = [p for p in state.setup_order if state.religion_of(p) == faith]
        ranked = sorted(players, key=lambda p: -points.get(p, 0))
        places = int(table.get("religious_winners", {}).get(str(len(state.setup_order)), 2))
        if not ranked:
            return None
        bar = points.get(ranked[min(places, len(ranked)) - 1], 0)
        winners = tuple(p for p in ranked if points.get(p, 0) >= bar)  # 'tying for the last spot'
        word = "Saints" if faith == CATHOLIC else "Reformation Points"
        saved = "Faith and Works" if faith == CATHOLIC else "Faith Alone"
        return Verdict(winners, f"{faith.title()} Victory: more {faith.title()} provinces ({count[faith]} to "
                                f"{count[other]}), every Elector and the Emperor {faith.title()}; the {faith.title()} "
                                f"players with the most {word} are saved by {saved}")
    return None


def _victory_terms(variant: Variant, state: State, player: str, year: int) -> tuple[int, int, int, int]:
    """(Imperial Power shown, the Foreign Power Home Province's part of it, orthodox towns, Imperial
    Power a town adds): the figures the Peace of Westphalia Victory counts from."""
    power = imperial_power(state, player, year)
    foreign = state.foreign.get(player)
    home = max(0, int(foreign["per_round"]) * round_number(year) - int(foreign.get("troubles", 0))) if foreign else 0
    faith = state.religion_of(player)
    orthodox = sum(1 for t in state.towns_of(player) if (PROTESTANT if t in state.protestant else CATHOLIC) == faith)
    return power, home, orthodox, int(_table(variant).get("town_power", 3))


def westphalia_power(variant: Variant, state: State, player: str, year: int) -> int:
    """Imperial Power for the Peace of Westphalia Victory: without the Foreign Power Home
    Province's, with 3 for each orthodox town (its capital and the towns it conquered)."""
    power, home, orthodox, town = _victory_terms(variant, state, player, year)
    return power - home + town * orthodox


def toward_victory(variant: Variant, state: State, player: str, year: int) -> str:
    """The player's Peace of Westphalia Victory count with what makes it differ from the
    Imperial Power shown beside it, in words a player reads without the standings' caption: "31
    toward victory counting 3 for its orthodox town", "0 toward victory, less its Foreign Power
    Home Province's 14"; just "15 toward victory" where nothing does."""
    power, home, orthodox, town = _victory_terms(variant, state, player, year)
    said = f"{power - home + town * orthodox} toward victory"
    if orthodox:
        said += f" counting {town} for " + ("its orthodox town" if orthodox == 1 else
                                            f"each of its {orthodox} orthodox towns")
    return said + (f", less its Foreign Power Home Province's {home}" if home else "")


def shown_and_counted(variant: Variant, state: State, player: str, year: int) -> str:
    """The winner's figure: the Imperial Power the standings show, then the victory's count
    ("28 Imperial Power, 31 toward victory counting 3 for its orthodox town"); one figure where
    the two agree."""
    power = imperial_power(state, player, year)
    if westphalia_power(variant, state, player, year) == power:
        return f"{power} Imperial Power"
    return f"{power} Imperial Power, {toward_victory(variant, state, player, year)}"


def peace_of_westphalia(variant: Variant, state: State, year: int) -> Verdict:
    """After the last round: the most Imperial Power so counted; a tie is the Emperor's to break."""
    power = {p: westphalia_power(variant, state, p, year) for p in state.setup_order}
    best = max(power.values())
    top = tuple(p for p in state.setup_order if power[p] == best)
    reason = f"Peace of Westphalia Victory: {best} Imperial Power (" + ", ".join(
        f"{p} {n}" for p, n in sorted(power.items(), key=lambda x: -x[1])) + ")"
    if len(top) > 1:
        return Verdict(top, reason + "; tied: 'the winner is chosen from among the tied players by the Emperor'",
                       tied=True)
    return Verdict(top, reason)


def last_round(variant: Variant) -> int:
    return int(_table(variant).get("last_round", 6))


def counted_year(variant: Variant, year: int) -> int:
    """The year whose round the figures are counted for: a finished game stands at the round
    after the last, whose figures are the last round's."""
    first = int(variant.calendar.first_phase[1:-1])
    return min(year, first + (last_round(variant) - 1) * variant.calendar.year_step)


def counted(variant: Variant, state: State, phase: str) -> tuple[State, int]:
    """The board and the year whose round its figures are shown for at ``phase`` (a page's, a
    sheet's): before a round's Initiative is played the figures are the new round's already (the
    Emperor's X + 2), so a Foreign Power's Home Province gives them less the Internal Troubles
    rolled last round ('Subtract the result from the Imperial Power your Foreign Power Home
    Province provides next Round'), as the Initiative will count it, not the new round's 4 per
    round with nothing taken. The board itself is unchanged."""
    import copy

    from gm_tools.engine.phase import parse_phase
    from gm_tools.systems.westphalia.steps import INITIATIVE

    at = parse_phase(phase)
    year = counted_year(variant, at.year)
    if at.type != INITIATIVE or year != at.year or not any("troubles_next" in f for f in state.foreign.values()):
        return state, year
    state = copy.deepcopy(state)
    for foreign in state.foreign.values():
        foreign["troubles"] = foreign.pop("troubles_next", foreign.get("troubles", 0))
    return state, year
