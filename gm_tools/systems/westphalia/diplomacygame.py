"""The Diplomacy Game: who plays whom, and the Influence the Dilemma cards shown give.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Engage in Diplomacy', 'Play the Diplomacy Game':
'in Initiative Order, all Players Engaging in Diplomacy play the Diplomacy Game with the Player
after you in Initiative Order (or the first Player if you are last). Take your Dilemma cards.
Counting down from 3, 2, 1, until "Go," show either a Cooperate or Compete card and take the
Influence listed on the card.'

The cards' values were lost with the images: ``tables.toml [dilemma]`` holds them, marked
reconstructed, for the GM to replace (``variants/westphalia/NOTES.md``). A game is an ordered
pair (the player whose turn it is in Initiative Order, the player after him), so two players
Engaging in Diplomacy play twice, once as each ('or the first Player if you are last'), and one
alone plays no game. Each check returns (entry index, field, found, expected) as the steps do.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.variant import Variant
from gm_tools.errors import EMPTY_CELL

COOPERATE, COMPETE = "Cooperate", "Compete"
CARDS = (COOPERATE, COMPETE)
"""'show either a Cooperate or Compete card'."""
SHEET = "Diplomacy Game"
"""The sheet the GM enters the games on, one row a game (:mod:`.sheets`)."""
TABLE = "dilemma"
"""The table of ``tables.toml`` that lists the Influence on the cards."""
_KEYS = {"cooperate": COOPERATE, "compete": COMPETE}
_META = ("reconstructed", "source")
_RULE = "('with the Player after you in Initiative Order (or the first Player if you are last)')"


@dataclass(frozen=True)
class Game:
    """One Diplomacy Game as the GM entered it: the two players and the card each showed."""

    player: str
    card: str
    partner: str
    partner_card: str


def table_problems(variant: Variant) -> list[str]:
    """Every problem with ``tables.toml [dilemma]``, each naming its entry; none when the table
    is absent (a variant folder copied before it: the GM's count then stands unbounded)."""
    table = variant.tables.get(TABLE)
    if not isinstance(table, dict):
        return []  # absent, or not a table: the loader names the latter
    where = f"tables.toml [{TABLE}]"
    shape = "cooperate = { cooperate = N, compete = N } and compete = { cooperate = N, compete = N }"
    problems = [f"{where}: unknown card {key!r}, expected {shape}"
                for key in sorted(table) if key not in _KEYS and key not in _META]
    for mine in _KEYS:
        row = table.get(mine)
        if row is None:
            problems.append(f"{where}: no {mine!r} row, expected {shape}")
            continue
        if not isinstance(row, dict):
            problems.append(f"{where} {mine}: expected {{ cooperate = N, compete = N }}, found {row!r}")
            continue
        problems += [f"{where} {mine}: unknown card {key!r}, expected cooperate and compete"
                     for key in sorted(row) if key not in _KEYS]
        for theirs in _KEYS:
            value = row.get(theirs)
            if value is None:
                problems.append(f"{where} {mine}: no {theirs!r}, expected the Influence {mine} takes against "
                                f"{theirs}")
            elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.append(f"{where} {mine}.{theirs}: expected a whole number of Influence, 0 or more ('take "
                                f"the Influence listed on the card': a card gives, never takes), found {value!r}")
    return problems


def payoffs_of(variant: Variant) -> dict[tuple[str, str], int] | None:
    """(my card, the other's card) -> the Influence I take; None when the variant has no
    ``[dilemma]`` table (checked at load: :func:`table_problems`)."""
    table = variant.tables.get(TABLE)
    if not isinstance(table, dict):
        return None
    return {(_KEYS[mine], _KEYS[theirs]): int(table[mine][theirs]) for mine in _KEYS for theirs in _KEYS}


def pairings(engaging: list[str]) -> list[tuple[str, str]]:
    """The games, in the order played: each player Engaging in Diplomacy (given in Initiative
    Order) with the next of them, the last with the first. One player alone has no one after
    him but himself: no game."""
    if len(engaging) < 2:
        return []
    return [(p, engaging[(i + 1) % len(engaging)]) for i, p in enumerate(engaging)]


def named(games: list[tuple[str, str]]) -> str:
    return ", ".join(f"{a} with {b}" for a, b in games) or "none"


def most(payoffs: dict[tuple[str, str], int], games: list[tuple[str, str]], player: str) -> int:
    """The most Influence ``player`` could take in its games this round, whatever the cards."""
    return sum(max(payoffs.values()) for game in games if player in game)


def check(rows: list[dict], engaging: list[str]) -> tuple[list[Game], list[tuple[int, str, str, str]]]:
    """The Diplomacy Game sheet's rows against the pairings: the games entered, and every
    problem. Once any game is entered every game must be, each once."""
    games = pairings(engaging)
    after = dict(games)
    problems: list[tuple[int, str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    out = []
    for i, row in enumerate(rows):
        player, partner = row.get("player") or "", row.get("with") or ""
        card, theirs = row.get("card") or "", row.get("their") or ""
        if player not in after:
            problems.append((i, "game player", player or EMPTY_CELL, _who_plays(engaging)))
        elif partner != after[player]:
            problems.append((i, "game with", partner or EMPTY_CELL,
                             f"{after[player]}: the player after {player} in Initiative Order among those Engaging "
                             f"in Diplomacy {_RULE}; this round's games: {named(games)}"))
        elif (player, partner) in seen:
            problems.append((i, "game player", player, f"one row for each game: {player}'s game with {partner} is "
                                                        "entered above already"))
        elif card not in CARDS:
            problems.append((i, "game card", card or EMPTY_CELL, "Cooperate or Compete ('show either a Cooperate or "
                                                               "Compete card')"))
        elif theirs not in CARDS:
            problems.append((i, "game their", theirs or EMPTY_CELL, f"Cooperate or Compete, the card {partner} "
                                                                   "showed ('show either a Cooperate or Compete "
                                                                   "card')"))
        else:
            seen.add((player, partner))
            out.append(Game(player, card, partner, theirs))
    missing = [g for g in games if g not in seen]
    if rows and missing and not problems:
        problems.append((len(rows), "game player", "no row", f"a row for every game once one is entered: "
                                                             f"{named(missing)} {_RULE}"))
    return [g for pair in games for g in out if (g.player, g.partner) == pair], problems


def _who_plays(engaging: list[str]) -> str:
    if not engaging:
        return "no Diplomacy Game: no player Engages in Diplomacy this round"
    if len(engaging) == 1:
        return (f"no Diplomacy Game: {engaging[0]} is the only player Engaging in Diplomacy, and the Player after "
                "him is himself (variants/westphalia/NOTES.md, 'The Diplomacy Game')")
    return (f"a player Engaging in Diplomacy ('all Players Engaging in Diplomacy play the Diplomacy Game'): "
            f"{', '.join(engaging)}")


def influence(payoffs: dict[tuple[str, str], int], games: list[Game]) -> dict[str, int]:
    """'take the Influence listed on the card': each player's sum over its games."""
    gained: dict[str, int] = {}
    for g in games:
        gained[g.player] = gained.get(g.player, 0) + payoffs[(g.card, g.partner_card)]
        gained[g.partner] = gained.get(g.partner, 0) + payoffs[(g.partner_card, g.card)]
    return gained


def told(payoffs: dict[tuple[str, str], int], game: Game) -> str:
    """A game in words, for the record: the cards and what each took. It opens with a capital so
    the results, sorted by player and words, list it before the Influence it adds up to."""
    return (f"Diplomacy Game with {game.partner}: {game.card} against {game.partner_card}; takes "
            f"{payoffs[(game.card, game.partner_card)]} Influence, {game.partner} "
            f"{payoffs[(game.partner_card, game.card)]}")
