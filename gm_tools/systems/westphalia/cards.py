"""The optional battle card engine: the deck dealt from the game's seed, the Military Doctrines'
exchanges, and the duel resolved round by round from the cards the two players show.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Battles'. The players still choose every card (the
table decides); the engine deals, checks each choice against the hand, and applies what the
rules make of each pair of cards, so a GM who switches it on gets the battle's winner from the
plays alone. Unit letters: P pikemen, M musketeers, C cavalry.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

PIKE, MUSKET, CAVALRY = "P", "M", "C"
UNITS = (PIKE, MUSKET, CAVALRY)
INFANTRY = (PIKE, MUSKET)

DOCTRINES: dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = {
    # doctrine -> (what may be discarded, what is drawn instead)
    "Flexible": tuple(((a,), (b,)) for a in UNITS for b in UNITS if a != b),   # 'any unit for any other unit'
    "Defensive": (((MUSKET,), (PIKE, PIKE)), ((CAVALRY,), (PIKE, PIKE))),
    "Offensive": (((PIKE,), (MUSKET, CAVALRY)),),
    "Aristocratic": (((PIKE,), (CAVALRY, CAVALRY)), ((MUSKET,), (CAVALRY, CAVALRY))),
    "Infantry": (((CAVALRY,), (PIKE, MUSKET)),),
    "Traditional": (((MUSKET,), (PIKE, CAVALRY)),),
    "Innovative": (((PIKE,), (MUSKET, MUSKET)), ((CAVALRY,), (MUSKET, MUSKET))),
}
"""'Flexible - May discard any unit for any other unit; Defensive - May discard 1 musketeer or
cavalry for 2 pikemen; Offensive - May discard 1 pikeman for 1 musketeer and 1 cavalry;
Aristocratic - May discard 1 pikeman or musketeer for 2 cavalry; Infantry - May discard 1
cavalry for 1 pikeman and 1 musketeer; Traditional - May discard 1 musketeer for 1 pikeman and
1 cavalry; Innovative - May discard 1 pikeman or cavalry for 2 musketeers'."""


def deck(counts: dict[str, int], seed: str) -> list[str]:
    """The Military Cards shuffled from the game's seed (``seed`` names the battle too)."""
    cards = [u for u in UNITS for _ in range(int(counts.get(u, 0)))]
    random.Random(f"westphalia cards {seed}").shuffle(cards)
    return cards


def deal(counts: dict[str, int], seed: str, needed: int) -> list[str]:
    """The deck shuffled from the seed, and after it, while the hands need more cards than it
    holds, another shuffled the same way: each Player 'draws Military Cards according to his
    Imperial Power', however many fight (NOTES.md, 'The battle card engine')."""
    cards, more = deck(counts, seed), 1
    while len(cards) < needed and sum(int(n) for n in counts.values()) > 0:
        more += 1
        cards += deck(counts, f"{seed} deck {more}")
    return cards


def check_exchange(doctrine: str, give: tuple[str, ...], take: tuple[str, ...]) -> str | None:
    """Whether a doctrine allows discarding ``give`` for ``take``."""
    allowed = DOCTRINES.get(doctrine, ())
    if (tuple(give), tuple(sorted(take))) in {(g, tuple(sorted(t))) for g, t in allowed}:
        return None
    return f"an exchange the {doctrine} doctrine allows: " + "; ".join(
        f"{'+'.join(g)} for {'+'.join(t)}" for g, t in allowed)


@dataclass
class Side:
    """One player's army in a battle."""

    hand: dict[str, int]
    reserves: int
    """'the rest of their Imperial Power going towards Reserves': the reinforcements it may call."""
    discard: dict[str, int] = field(default_factory=lambda: {u: 0 for u in UNITS})
    called: bool = False
    """'A Player may only Call for Reinforcements once during a battle.'"""
    no_cavalry: bool = False
    """'The player who played Cavalry may not play Cavalry again next round.'"""
    routed: bool = False

    def cards(self) -> int:
        return sum(self.hand.values())

    def lose(self, unit: str, n: int = 1) -> None:
        self.hand[unit] -= n
        self.discard[unit] += n


@dataclass(frozen=True)
class Play:
    """One round: the card each side shows, and the choices the rules leave to the players."""

    a: str
    b: str
    rifling_choice: str = ""
    """Advanced Rifling: the unit type the musketeer's player makes the pikeman's discard."""
    call_a: tuple[str, ...] = ()
    call_b: tuple[str, ...] = ()
    """Reinforcements called after the round: the cards taken from that side's discard pile."""


class DuelError(ValueError):
    """A play the hands or the rules do not allow. ``side``: the line at fault when one alone is (0
    the first, 1 the second, or the side's name), for the GM to be sent to its cell."""

    def __init__(self, message: str, side: int | str | None = None):
        super().__init__(message)
        self.side = side


def _out(side: Side) -> bool:
    return side.routed or side.cards() == 0


def _reinforce(side: Side, wanted: tuple[str, ...]) -> None:
    """'he draws from his battle discard pile as many Military Cards as his Imperial Power says he
    has reinforcements. The cards he draws are of his choice, but he may not draw more than he
    has cards in the discard pile'."""
    if side.called:
        raise DuelError("reinforcements already called ('only ... once during a battle')")
    if len(wanted) != min(side.reserves, sum(side.discard.values())):
        # 'as many ... as his Imperial Power says': fewer is no choice the text gives
        raise DuelError(f"{min(side.reserves, sum(side.discard.values()))} reinforcements ('he draws from his battle "
                        "discard pile as many Military Cards as his Imperial Power says he has reinforcements', "
                        f"at most the cards in the pile), found {len(wanted)}")
    for unit in wanted:
        if side.discard.get(unit, 0) < 1:
            raise DuelError(f"no {unit} in the discard pile")
        side.discard[unit] -= 1
        side.hand[unit] += 1
    side.called = True
    side.routed = False


def _standard_rout(first: Side, second: Side) -> bool:
    """'if the Player who played Cavalry has 2x his opponent's cards, his opponent routes'."""
    return first.cards() >= 2 * second.cards()


def _round(a: Side, b: Side, play: Play, n: int, rifling: bool, double_rout=_standard_rout) -> str | None:
    """One round of a duel: 'a', 'b' or 'white peace' when it ends the duel, else None."""
    for k, (side, card) in enumerate(((a, play.a), (b, play.b))):
        if side.hand.get(card, 0) < 1:
            raise DuelError(f"round {n}: {card} is not in the hand", k)
        if card == CAVALRY and side.no_cavalry:
            raise DuelError(f"round {n}: no Cavalry this round ('may not play Cavalry again next round')", k)
    a.no_cavalry = b.no_cavalry = False
    _clash(a, b, play, rifling, double_rout)
    # 'If a Player runs out of cards or routes, he discards the rest of his cards and must call
    # for his reinforcements. If he does not have reinforcements or has already called ...,
    # he loses the battle.' The discarded cards are in the pile the reinforcements come from.
    for side in (a, b):
        if side.routed:
            for unit in UNITS:
                side.lose(unit, side.hand[unit])
    for k, (side, call) in enumerate(((a, play.call_a), (b, play.call_b))):
        if call:
            try:
                _reinforce(side, call)
            except DuelError as e:
                raise DuelError(str(e), k) from None
    lost_a, lost_b = _out(a) and not _can_call(a), _out(b) and not _can_call(b)
    if lost_a and lost_b:
        return "white peace"
    if lost_a:
        return "b"
    if lost_b:
        return "a"
    for k, (name, side) in enumerate((("the first side", a), ("the second side", b))):
        if _out(side):
            side.routed = True
            raise DuelError(f"round {n}: {name} routs or runs out of cards and must call its reinforcements now "
                            "('he discards the rest of his cards and must call for his reinforcements'): "
                            f"call:... after this card, {min(side.reserves, sum(side.discard.values()))} card(s)", k)
    return None


def rifling_choice(card_a: str, card_b: str, choice_a: str | None, choice_b: str | None, rifling: bool = True) -> str:
    """The Advanced Rifling discard chosen for a round: 'the Player who played the Pikeman must
    discard an additional card of his opponent's choice', so only the musketeer's side chooses."""
    pair = {(MUSKET, PIKE): (choice_a, choice_b), (PIKE, MUSKET): (choice_b, choice_a)}.get((card_a, card_b))
    if pair is None or not rifling:
        if choice_a or choice_b:  # no discard follows: it would be dropped unread
            raise DuelError(f"a rifle: only after Musketeers shown against Pikemen in a round of Advanced Rifling "
                            f"('Rounds 5-6 in addition'), found rifle:{choice_a or choice_b} after {card_a} against "
                            f"{card_b}" + ("" if rifling else " before it"), 0 if choice_a else 1)
        return ""
    if pair[1]:
        raise DuelError("a rifle: choice by the side that played Musketeers against Pikemen ('the Player who played "
                        f"the Pikeman must discard an additional card of his opponent's choice'), found rifle:{pair[1]} "
                        "on the Pikemen's side", 1 if card_a == MUSKET else 0)
    return pair[0] or ""


def _can_call(side: Side) -> bool:
    return not side.called and side.reserves > 0 and sum(side.discard.values()) > 0


def fight(a: Side, b: Side, plays: list[Play], round_number: int, rifling_from: int = 5) -> str:
    """Resolve the plays in order; 'a', 'b' or 'white peace' ('If both Players run out of cards
    and reinforcements, the battle is Inconclusive')."""
    for n, play in enumerate(plays, start=1):
        ended = _round(a, b, play, n, round_number >= rifling_from)
        if ended:
            return ended
    raise DuelError("the plays end before either side has lost")


def _clash(a: Side, b: Side, play: Play, rifling: bool, double_rout=_standard_rout) -> None:
    x, y = play.a, play.b
    if x == y:
        a.lose(x)
        b.lose(y)
        return
    for first, second, mine, theirs in ((a, b, x, y), (b, a, y, x)):
        if mine == PIKE and theirs == CAVALRY:
            # 'Discard the Cavalry and return the Pikeman to its owner's hand. The player who played
            # Cavalry may not play Cavalry again next round. If he only has Cavalry, he routes.'
            second.lose(CAVALRY)
            second.no_cavalry = True
            if second.cards() and second.hand[PIKE] == 0 and second.hand[MUSKET] == 0:
                second.routed = True
            return
        if mine == MUSKET and theirs == PIKE:
            # 'Discard the Pike and return the Musket'; Advanced Rifling: 'the Player who played the
            # Pikeman must discard an additional card of his opponent's choice'
            second.lose(PIKE)
            if rifling and second.cards():
                choice = play.rifling_choice or PIKE
                if second.hand.get(choice, 0) < 1:
                    choice = next(u for u in UNITS if second.hand[u] > 0)
                second.lose(choice)
            return
        if mine == CAVALRY and theirs == MUSKET:
            # 'Discard the Musket and return the Cavalry ... The Player who played Musketeers
            # discards an additional Pikeman and Musketeer ... If he lacks one of the unit types he
            # must say so and discard 2 of the infantry he does have instead. If he does not have 2
            # infantry cards to discard, he routes. In addition, if the Player who played Cavalry has
            # 2x his opponent's cards, his opponent routes.'
            second.lose(MUSKET)
            if second.hand[PIKE] and second.hand[MUSKET]:
                second.lose(PIKE)
                second.lose(MUSKET)
            elif second.hand[PIKE] + second.hand[MUSKET] >= 2:
                kind = PIKE if second.hand[PIKE] >= 2 else MUSKET
                second.lose(kind, 2)
            else:
                second.routed = True
            if double_rout(first, second):
                second.routed = True
            return


@dataclass(frozen=True)
class Orders:
    """One side's line on the Battles sheet, read: the cards bought with Gold, the doctrine's
    exchanges, then the cards shown round by round with any reinforcements called."""

    gold: tuple[str, ...] = ()
    exchanges: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    plays: tuple[str, ...] = ()
    calls: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Round (1-based) -> the cards taken back from the discard pile after it."""
    rifling: dict[int, str] = field(default_factory=dict)
    """Round -> the unit this side makes the pikeman's player discard (Advanced Rifling)."""


def read_orders(text: str) -> Orders:
    """``"gold:C swap:M>P+P M P C call:P,P M rifle:C"``: tokens separated by spaces. ``gold:X``
    buys a card, ``swap:GIVE>TAKE`` makes a doctrine's exchange ('+' joins two cards), a bare
    letter is the next card shown, ``call:X,Y`` calls reinforcements after the last card shown,
    ``rifle:X`` chooses the unit discarded under Advanced Rifling for the last card shown."""
    gold, swaps, plays, calls, rifling = [], [], [], {}, {}
    for token in str(text or "").upper().split():
        if token.startswith(("CALL:", "RIFLE:")) and not plays:
            # 'After any round of battle': before the first card shown it would be dropped unread
            raise DuelError(f"{token.lower()} after a card shown ('After any round of battle a Player may Call for "
                            "Reinforcements'), found before the first")
        if len(plays) in (calls if token.startswith("CALL:") else rifling if token.startswith("RIFLE:") else ()):
            # a second would replace the first, dropped unread
            why = "'may only Call for Reinforcements once'" if token.startswith("CALL:") else "'an additional card'"
            raise DuelError(f"one {token.split(':')[0].lower()}: after a card ({why}), found a second after card "
                            f"{len(plays)}")
        if token.startswith("GOLD:"):
            gold += [u for u in token[5:].split(",") if u]
        elif token.startswith("SWAP:") and ">" in token:
            give, take = token[5:].split(">", 1)
            swaps.append((tuple(give.split("+")), tuple(take.split("+"))))
        elif token.startswith("CALL:"):
            calls[len(plays)] = tuple(u for u in token[5:].split(",") if u)
        elif token.startswith("RIFLE:"):
            rifling[len(plays)] = token[6:]
        else:
            plays.append(token)
    for unit in gold + plays + [u for g, t in swaps for u in g + t] + [u for c in calls.values() for u in c] \
            + list(rifling.values()):
        if unit not in UNITS:
            raise DuelError(f"{unit!r} is no unit: expected P (pikemen), M (musketeers) or C (cavalry)")
    return Orders(tuple(gold), tuple(swaps), tuple(plays), calls, rifling)


def _army(dealt: list[str], reserves: int, doctrine: str, mine: Orders, most_exchanges: int) -> Side:
    """One side's hand: the cards dealt, those bought with Gold, the doctrine's exchanges."""
    hand = {u: 0 for u in UNITS}
    for unit in list(dealt) + list(mine.gold):
        hand[unit] += 1
    if len(mine.exchanges) > most_exchanges:
        raise DuelError(f"at most {most_exchanges} exchanges ('discard up to 2 cards')")
    for give, take in mine.exchanges:
        wrong = check_exchange(doctrine, give, take)
        if wrong:
            raise DuelError(wrong)
        for unit in give:
            if hand[unit] < 1:
                raise DuelError(f"no {unit} in the hand to exchange")
            hand[unit] -= 1
        for unit in take:
            hand[unit] += 1
    return Side(hand, reserves)


def battle(cards_a: int, reserves_a: int, cards_b: int, reserves_b: int, doctrines: tuple[str, str],
           orders: tuple[Orders, Orders], counts: dict[str, int], seed: str, round_number: int,
           rifling_from: int, most_exchanges: int) -> str:
    """A whole battle by the engine: each side draws its cards from the deck shuffled from the
    seed ('Players randomly draw cards from the deck according to their Imperial Power'), adds
    the cards it bought ('pay Gold to draw extra Military Cards of their choice at a rate of
    1:1'), makes its doctrine's exchanges ('discard up to 2 cards faceup and draw replacements
    according to their Military Doctrines'), and the duel is fought with the cards shown."""
    cards = deal(counts, seed, cards_a + cards_b)
    sides = []
    for k, (hand, mine) in enumerate(((cards[0:cards_a], orders[0]), (cards[cards_a:cards_a + cards_b], orders[1]))):
        try:
            sides.append(_army(hand, (reserves_a, reserves_b)[k], doctrines[k], mine, most_exchanges))
        except DuelError as e:
            raise DuelError(str(e), k) from None
    a, b = orders
    rounds = max(len(a.plays), len(b.plays))
    if len(a.plays) != len(b.plays):
        raise DuelError(f"as many cards shown by each side, found {len(a.plays)} and {len(b.plays)}")
    plays = [Play(a.plays[i], b.plays[i],
                  rifling_choice=rifling_choice(a.plays[i], b.plays[i], a.rifling.get(i + 1), b.rifling.get(i + 1),
                                                 round_number >= rifling_from),
                  call_a=a.calls.get(i + 1, ()), call_b=b.calls.get(i + 1, ())) for i in range(rounds)]
    return fight(sides[0], sides[1], plays, round_number, rifling_from)


@dataclass
class Melee:
    """The Religious War's battle as the engine fought it."""

    winner: int | None
    """0 or 1, the League that won (the one with players left); None when both were spent
    ('the battle is Inconclusive')."""
    log: list[str] = field(default_factory=list)
    """Each engagement and its outcome, in order."""


def league_battle(armies: dict[str, tuple[int, int, str, Orders]], lines: tuple[list[str], list[str]],
                  counts: dict[str, int], seed: str, round_number: int, rifling_from: int,
                  most_exchanges: int) -> Melee:
    """'Then the Leagues fight, following the standard rules for battle except: Players fight
    separately with as many Players as possible fighting at once. Players line up in Initiative
    Order by League and pair off, with those without opponents "In Reserve." Players only route
    when they run out of infantry in the face of a cavalry charge or only have cavalry when
    stopped by pikemen; they do not route if they have 1/2 as many Military Cards as their
    opponent after a cavalry charge, unless you are the last Player remaining in your League and
    the opposing League combined has 2x the Military Cards as you after you lose a cavalry
    charge. When a Player routes, he exits the melee. The victorious Player's army does not
    return to full strength after winning the engagement, but instead either immediately begins
    to battle the Player first up "In Reserve" in the opposing League or, if there are no
    Players "In Reserve" in the opposing League, gets in line "In Reserve."'

    ``armies``: player -> (cards drawn, reserves, doctrine, its line of plays for the whole
    melee, engagement after engagement); ``lines``: each League's players in Initiative Order.
    The cards are dealt from one deck in that order."""
    cards = deal(counts, seed, sum(armies[p][0] for p in lines[0] + lines[1]))
    sides: dict[str, Side] = {}
    dealt = 0
    for player in lines[0] + lines[1]:
        count, reserves, doctrine, mine = armies[player]
        try:
            sides[player] = _army(cards[dealt:dealt + count], reserves, doctrine, mine, most_exchanges)
        except DuelError as e:
            raise DuelError(f"{player}: {e}", player) from None
        dealt += count
    league = {p: i for i, line in enumerate(lines) for p in line}
    left = [set(lines[0]), set(lines[1])]
    used = {p: 0 for p in sides}
    reserve = [list(lines[0][len(lines[1]):]), list(lines[1][len(lines[0]):])]
    engagements = list(zip(lines[0], lines[1]))
    melee = Melee(None)

    def last_stand(first: Side, second: Side) -> bool:
        loser = next(p for p, s in sides.items() if s is second)
        mine = left[league[loser]]
        theirs = sum(sides[p].cards() for p in left[1 - league[loser]])
        return mine == {loser} and theirs >= 2 * second.cards()

    while engagements or (reserve[0] and reserve[1]):
        if not engagements:
            engagements.append((reserve[0].pop(0), reserve[1].pop(0)))
        a, b = engagements.pop(0)
        ended = None
        while ended is None:
            # 'If a Player runs out of cards ... If he does not have reinforcements ..., he loses': a
            # side with no card and none to call (no Imperial Power) loses without a card shown
            spent = [_out(sides[p]) and not _can_call(sides[p]) for p in (a, b)]
            if any(spent):
                ended = "white peace" if all(spent) else ("b" if spent[0] else "a")
                break
            for p in (a, b):
                if used[p] >= len(armies[p][3].plays):
                    raise DuelError(f"{p}'s cards end before its engagement with {b if p == a else a} is decided", p)
            ia, ib = used[a] + 1, used[b] + 1
            shown = armies[a][3].plays[ia - 1], armies[b][3].plays[ib - 1]
            try:
                choice = rifling_choice(*shown, armies[a][3].rifling.get(ia), armies[b][3].rifling.get(ib),
                                        round_number >= rifling_from)
            except DuelError as e:
                raise DuelError(f"{a} against {b}: {e}", (a, b)[e.side]) from None
            play = Play(*shown, rifling_choice=choice,
                        call_a=armies[a][3].calls.get(ia, ()), call_b=armies[b][3].calls.get(ib, ()))
            used[a], used[b] = ia, ib
            try:
                ended = _round(sides[a], sides[b], play, ia, round_number >= rifling_from, last_stand)
            except DuelError as e:
                raise DuelError(f"{a} against {b}: {e}", (a, b)[e.side] if isinstance(e.side, int) else None) from None
        if ended == "white peace":
            left[0].discard(a)
            left[1].discard(b)
            melee.log.append(f"{a} and {b}: both spent")
            continue
        winner, loser = (a, b) if ended == "a" else (b, a)
        left[league[loser]].discard(loser)
        sides[winner].routed = False
        other = 1 - league[winner]
        if reserve[other]:
            nxt = reserve[other].pop(0)
            engagements.append((winner, nxt) if league[winner] == 0 else (nxt, winner))
            melee.log.append(f"{winner} beats {loser}, then meets {nxt} from the Reserve")
        else:
            reserve[league[winner]].append(winner)
            melee.log.append(f"{winner} beats {loser} and goes In Reserve")
    standing = [i for i in (0, 1) if left[i]]
    melee.winner = standing[0] if len(standing) == 1 else None
    return melee


def pay_for_cards(state, orders: dict, paid: list[str]) -> None:
    """'After drawing Military Cards, Players may pay Gold to draw extra Military Cards of their
    choice at a rate of 1:1': each card bought costs its buyer 1 Gold, or is refused (a
    principality has no Gold). Paid as the battle is fought, so a player fighting again this
    round has what is left."""
    for side, mine in orders.items():
        has = 0 if side in state.principalities else state.gold.get(side, 0)
        if len(mine.gold) > has:
            raise DuelError(f"at most {has} card(s) bought by {side}, its Gold ('pay Gold to draw extra Military "
                            f"Cards of their choice at a rate of 1:1'), found {len(mine.gold)}", side)
    for side, mine in orders.items():
        if mine.gold:
            state.gold[side] -= len(mine.gold)
            paid.append(f"{side} pays {len(mine.gold)} Gold for {len(mine.gold)} Military Card(s)")
