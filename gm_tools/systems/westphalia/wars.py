"""Peace Treaties: what the winner of a war takes, as the GM enters it, checked.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Peace Treaties'. The battles themselves are played at
the table; the GM enters who takes which province (or vassalizes it), and gm_tools checks the
treaty's rules and applies what follows from them:

- 'Conquer 1 province with a town, or up to 2 provinces without one' from one loser;
- 'Only Players may conquer towns'; 'Capitals may only be taken if they are that Power's last
  province'; 'Electors may not be conquered and must be vassalized instead';
- 'You may choose to immediately vassalize a Principality (or former Player-owned capital)
  instead of taking it ... remove all Diplomatic Influence from other Players from the
  Principality and place 2 Diplomatic Influence on the Principality; you are now its ally';
- 'remove all Diplomatic Influence from conquered Principalities';
- 'If a Principality conquers a province of a different religion, that province is forcibly
  converted to the Principality's religion';
- a player who loses all its provinces becomes a Foreign Power (at the Foreign Powers step);
- a Foreign Power takes provinces as a player does and holds them in ``State.princes`` with no
  capital on the board ('Your provinces inside the HRE still provide Imperial Power').

The Diplomatic Influence a treaty costs (2 per town, 1 per far province, 2 for each ally that
could have conquered and did not) is entered by the GM on the Influence Changes sheet and
checked by :mod:`.treatycost`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.engine.variant import Variant
from gm_tools.systems.westphalia.rounds import PROTESTANT, principality_religion
from gm_tools.systems.westphalia.state import Holding, State

VASSAL_INFLUENCE = 2
"""'place 2 Diplomatic Influence on the Principality'."""


@dataclass(frozen=True)
class Taking:
    """One line of a treaty: ``winner`` takes (or vassalizes) ``province``."""

    winner: str
    """The player (or, losing to it, the unaligned principality) that takes it."""
    province: str
    vassalize: bool = False


def check(state: State, taking: Taking, taken: dict[tuple[str, str], list[str]], loser: str = "",
          ally_of: str = "", variant: Variant | None = None) -> str | None:
    """What is wrong with one taking, given what the winner already took in this treaty
    (``taken``: (winner, loser) -> provinces). ``loser`` is the war's loser (the holder by
    default): the limit covers 'the Player and his allies' together. ``ally_of`` names the war's
    winner when the taker is his allied principality, which takes '1 adjacent province' (the
    board from ``variant``)."""
    owner = state.owner().get(taking.province)
    if owner is None:
        return "a province of the board"
    if owner == taking.winner:
        return f"a province {taking.winner} does not hold already"
    player = taking.winner in state.princes or taking.winner in state.setup_order
    if not player and taking.winner not in state.principalities:
        return "a player or a principality as the winner"
    if taking.winner in state.setup_order and taking.winner not in state.princes \
            and taking.winner not in state.foreign:
        # he has lost his last province this round and is a Foreign Power only from the Foreign
        # Powers step: land given him now would have no capital and no Home Province
        return f"a winner with provinces in the Empire, or a Foreign Power: {taking.winner} has lost all its " \
               "provinces ('A Player who loses all of his provinces during the Round immediately becomes a " \
               "Foreign Power ... but wait until the next Round before doing anything else')"
    town = state.town_at(taking.province)
    if town and not player:
        return "a province without a town ('Only Players may conquer towns')"
    land = state.princes.get(owner) or state.principalities.get(owner)
    # vassalizing a principality takes none of its land; a player's capital is vassalized only as a
    # "former Player-owned capital", so it too must be his last province
    vassal = taking.vassalize and owner in state.principalities
    if land and land.capital == taking.province and len(land.provinces) > 1 and not vassal:
        return f"not {owner}'s capital while it holds other provinces ('Capitals may only be taken if they are " \
               "that Power's last province')"
    if owner in state.electors and not taking.vassalize:
        return f"vassalize = yes: {owner} is an Elector ('Electors may not be conquered and must be vassalized')"
    if taking.vassalize and not player:
        return "a player to vassalize"
    if taking.vassalize and owner in state.princes and land.capital != taking.province:
        return "a principality or a player's capital to vassalize ('vassalize a Principality (or former " \
               "Player-owned capital)')"
    before = taken.get((taking.winner, loser or owner), [])
    if ally_of:
        if before:
            return f"nothing more: {taking.winner}, {ally_of}'s ally, took {', '.join(before)} ('your allies may " \
                   "each take 1 adjacent province')"
        if variant is not None and not borders(variant, state, taking.winner, taking.province):
            return f"a province adjacent to {taking.winner} ('your allies may each take 1 adjacent province')"
    towns = [p for p in before + [taking.province] if state.town_at(p)]
    if (towns and len(before) >= 1) or len(before) >= 2:
        whom = f"{loser} and its allies" if loser else owner
        return f"one province with a town, or up to 2 without, from {whom} ('Conquer 1 province with a town, or up " \
               "to 2 provinces without one from the unaligned Principality or the Player and his allies')"
    return None


def borders(variant: Variant, state: State, holder: str, province: str) -> bool:
    """Whether ``province`` shares a hex edge with one of ``holder``'s provinces."""
    from gm_tools.systems.westphalia.board import neighbours
    from gm_tools.systems.westphalia.setup import hex_of

    land = state.princes.get(holder) or state.principalities.get(holder)
    mine = {hex_of(variant, p) for p in (land.provinces if land else ())}
    return any(h in mine for h in neighbours(hex_of(variant, province)))


def apply(variant: Variant, state: State, taking: Taking) -> tuple[str, str]:
    """Apply one checked taking; (the winner, what happened)."""
    owner = state.owner()[taking.province]
    if taking.vassalize:
        if owner in state.principalities:
            name = owner
        else:  # a former player's capital becomes a new principality ('a new Principality control marker')
            name = _new_principality(variant, state)
            _remove(state, owner, taking.province)
            state.principalities[name] = Holding((taking.province,), taking.province)
        # only the other players' influence goes: the winner's own stays, and 2 are added to it
        mine = state.influence.get(name, {}).get(taking.winner, 0) + VASSAL_INFLUENCE
        state.influence[name] = {taking.winner: mine}
        return taking.winner, f"vassalizes {name} ({taking.province}): its ally with {mine} Diplomatic Influence"
    was_town = state.town_at(taking.province)
    was_principality = owner in state.principalities
    _remove(state, owner, taking.province)
    if taking.winner in state.principalities:
        faith = principality_religion(state, taking.winner)  # its faith before the new province
        land = state.principalities[taking.winner]
        state.principalities[taking.winner] = Holding(tuple(sorted(land.provinces + (taking.province,))), land.capital)
        protestant = set(state.protestant)
        state.protestant = tuple(sorted(protestant | {taking.province} if faith == PROTESTANT
                                        else protestant - {taking.province}))
    else:
        # a Foreign Power's first province in the Empire has no capital there: its capital is the
        # Home Province ('Your provinces inside the HRE still provide Imperial Power')
        land = state.princes.get(taking.winner) or Holding((), "")
        state.princes[taking.winner] = Holding(tuple(sorted(land.provinces + (taking.province,))), land.capital)
        if was_town:
            state.towns[taking.province] = taking.winner
    if was_principality:
        state.influence.pop(owner, None)  # 'remove all Diplomatic Influence from conquered Principalities'
    return taking.winner, f"takes {taking.province} from {owner}" + (" with its town" if was_town else "")


def _remove(state: State, owner: str, province: str) -> None:
    """Take ``province`` from its holder; a holder left with nothing is gone (a principality
    off the board, its influence and Electorate with it; a player out of the Empire)."""
    state.towns.pop(province, None)
    table = state.principalities if owner in state.principalities else state.princes
    if owner not in table:
        return
    land = table[owner]
    rest = tuple(p for p in land.provinces if p != province)
    if rest:
        table[owner] = Holding(rest, land.capital)
        return
    del table[owner]
    if table is state.principalities:
        state.influence.pop(owner, None)
        state.electors = tuple(e for e in state.electors if e != owner)


def _new_principality(variant: Variant, state: State) -> str:
    return new_name(variant, state) or f"Principality {len(state.principalities) + 1}"


def new_name(variant: Variant, state: State) -> str | None:
    """The next unused name of the contents' list for a new principality, Austria and Bavaria kept
    back ('Save Austria and Bavaria for if a Principality grows to more than 5 provinces')."""
    table = variant.tables.get("principalities", {})
    kept = set(table.get("kept_back", ()))
    return next((n for n in table.get("names", ()) if n not in state.principalities and n not in kept), None)


MOST_PROVINCES = 5
"""'if a Principality grows to more than 5 provinces'."""


def grown(variant: Variant, state: State) -> list[tuple[str, str]]:
    """'Save Austria and Bavaria for if a Principality grows to more than 5 provinces': a
    principality of more than 5 provinces takes the first of the two names not on the board and
    stays what it was (its provinces, capital, Diplomatic Influence, Electorate); once both are
    taken, it keeps its own (NOTES.md, 'Uncertain readings')."""
    done = []
    kept = tuple(variant.tables.get("principalities", {}).get("kept_back", ()))
    for name in sorted(state.principalities):
        land = state.principalities[name]
        free = [n for n in kept if n not in state.principalities]
        if len(land.provinces) <= MOST_PROVINCES or name in kept or not free:
            continue
        new = free[0]
        state.principalities = {new if n == name else n: h for n, h in state.principalities.items()}
        if name in state.influence:
            state.influence[new] = state.influence.pop(name)
        state.electors = tuple(new if e == name else e for e in state.electors)
        state.targets = tuple(new if t == name else t for t in state.targets)
        done.append(("", f"{name} grows to {len(land.provinces)} provinces: it becomes {new} ('Save Austria and "
                         "Bavaria for if a Principality grows to more than 5 provinces')"))
    return done


def homeless(state: State) -> list[str]:
    """Players with no province, or eliminated, who are not Foreign Powers yet: 'A Player who
    loses all of his provinces during the Round immediately becomes a Foreign Power.'"""
    return [p for p in state.setup_order
            if (p not in state.princes or p in state.eliminated) and p not in state.foreign]


def eligible_to_lose(state: State, player: str) -> list[str]:
    """What an unaligned principality that beat ``player`` may take: 'two (one if only one
    available) non-town provinces of your choice from you and/or your allies' ('Only Players may
    conquer towns'; 'Electors may not be conquered')."""
    from gm_tools.systems.westphalia.figures import ally

    land = list(state.princes[player].provinces) if player in state.princes else []
    for name, holding in state.principalities.items():
        if name not in state.electors and ally(state, name) == player:
            land += holding.provinces
    return sorted(p for p in land if not state.town_at(p))


CONQUEST_RULE = "'If you lose to an unaligned Principality, it conquers two (one if only one available) non-town " \
                "provinces of your choice from you and/or your allies'"


def conquests_owed(state: State, winner: str, loser: str) -> list[str]:
    """What an unaligned principality that beat a player may take as the treaty begins, of which
    it 'conquers two (one if only one available)': no choice for it, the loser's choice of which
    (the GM types them). Empty when the winner is a player or the loser has nothing to lose."""
    if winner not in state.principalities or loser not in state.princes or loser in state.eliminated:
        return []
    return [p for p in eligible_to_lose(state, loser) if check(state, Taking(winner, p), {}, loser) is None]


def eliminate_the_defenceless(state: State, won: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """'If you lose to an unaligned Principality ... If there are no eligible provinces for you to
    lose, then you are eliminated and become a Foreign Power if not already.' The provinces he
    still holds go with him when he becomes one (at the Foreign Powers step)."""
    done = []
    for winner, loser in won:
        if winner in state.principalities and loser in state.princes and loser not in state.foreign \
                and loser not in state.eliminated and not eligible_to_lose(state, loser):
            state.eliminated = tuple(sorted(set(state.eliminated) | {loser}))
            done.append((loser, f"loses to {winner} with no province it could take: eliminated, he becomes a "
                                "Foreign Power at the Foreign Powers step"))
    return done

