"""The Imperial Election.

Rulebook: ``003_b5b9eb4920d39694.txt``, 'Imperial Election': 'Players allied to Electors
control their votes. Only a Player may receive votes for Emperor ... Players attempt to secure
the votes of a majority of the Electors (4) to be elected Emperor. Unaligned Electors vote as a
block for the Player of their religion with the most votes after all Players have voted.
Initiative/Setup Order between tied Players. If a majority cannot be secured, the Emperor may
be elected by a plurality.'
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_tools.systems.westphalia.figures import elector_votes
from gm_tools.systems.westphalia.state import State


@dataclass(frozen=True)
class Election:
    """How the Electors voted and who won."""

    votes: dict[str, str]
    """Elector -> the player it voted for."""
    emperor: str | None
    """The player elected (None only when no vote at all was cast)."""
    majority: bool
    """True when the Emperor had 4 votes or more, False when elected by plurality."""


def hold(state: State, ballots: dict[str, str], order: tuple[str, ...], religion_of) -> Election:
    """``ballots``: player -> the candidate it casts its Electors' votes for; ``order`` breaks ties
    (Initiative or Setup Order); ``religion_of(elector)`` says whether the block is Catholic."""
    votes: dict[str, str] = {}
    unaligned = []
    for elector, controller in sorted(elector_votes(state).items()):
        if controller is None:
            unaligned.append(elector)
        elif controller in ballots:
            votes[elector] = ballots[controller]
    rank = {p: i for i, p in enumerate(order)}

    def leading(candidates: list[str]) -> str | None:
        tally = {c: sum(1 for v in votes.values() if v == c) for c in candidates}
        if not tally:
            return None
        return min(tally, key=lambda c: (-tally[c], rank.get(c, len(rank))))

    # 'vote as a block for the Player of their religion with the most votes after all Players
    # have voted' (with no votes cast yet, the first of that religion in order)
    for faith in sorted({religion_of(e) for e in unaligned}):
        block = [e for e in unaligned if religion_of(e) == faith]
        same = [p for p in order if state.religion_of(p) == faith]
        choice = leading([p for p in same if p in votes.values()]) or (same[0] if same else None)
        if choice is not None:
            for e in block:
                votes[e] = choice
    winner = leading(sorted(set(votes.values()), key=lambda p: rank.get(p, len(rank))))
    count = sum(1 for v in votes.values() if v == winner) if winner else 0
    return Election(dict(sorted(votes.items())), winner, count * 2 > len(state.electors))
