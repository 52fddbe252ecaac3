"""The Reichstag: Austria's one meeting with the German/Italian powers of the Empire.

Rulebook section 'Reichstag' (Europe 1619). Austria 'may call for only one meeting during
the game, and during a movement phase'; it picks one of three agendas, the members vote,
'If an agenda is given a majority of votes, the rule comes into effect the following year'.
A tie has no effect but leaves Austria free to call another meeting; a passed or failed
vote ends Austria's right. 'A no vote is treated as a vote against'; the target of an
Imperial Ban does not vote; 'If Austria is eliminated ... any result of the Reichstag is
nullified'.

The meeting is held in a movement phase, so :func:`hold_reichstag` is called by that phase
(or by the GM between phases); the Diplomatic Phase only asks :func:`placement_ban` and
:func:`attack_ban` what the decrees in force forbid.

State (``Position.extra["reichstag"]``): the meetings held, whether Austria may still call
one, the decrees, and whether they were nullified.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gm_tools.errors import IllegalOrderError
from gm_tools.systems.europe1619.setup import DiplomacySetup

RESTRICT_ATTACKS = "restrict_attacks"
IMPERIAL_BAN = "imperial_ban"
RESTRICT_FOREIGN = "restrict_foreign"
AGENDAS = {
    RESTRICT_ATTACKS: "1 - Restrict diplomatic attacks in the HRE",
    IMPERIAL_BAN: "2 - Imperial Ban",
    RESTRICT_FOREIGN: "3 - Restrict foreign involvement",
}
BAN_ATTACKS = "attacks"
BAN_DEPOSITS = "deposits"

PASSED = "passed"
FAILED = "failed"
TIED = "tied"


@dataclass(frozen=True)
class Agenda:
    """The item Austria puts to the vote (and, once passed, the decree in force)."""

    kind: str
    """``restrict_attacks``, ``imperial_ban`` or ``restrict_foreign``."""
    power: str | None = None
    """Imperial Ban: the banned German/Italian power; foreign involvement: the foreign power."""
    ban: str | None = None
    """Imperial Ban only: ``"attacks"`` (no diplomatic attacks against any other
    German/Italian power) or ``"deposits"`` (no INFs to the selected state)."""
    minor: str | None = None
    """The selected HRE state, for a deposit ban or a foreign-involvement restriction."""

    def to_json(self) -> dict:
        return {"kind": self.kind, "power": self.power, "ban": self.ban, "minor": self.minor}

    @classmethod
    def from_json(cls, data: Mapping) -> "Agenda":
        return cls(data["kind"], data.get("power"), data.get("ban"), data.get("minor"))

    def describe(self) -> str:
        if self.kind == RESTRICT_ATTACKS:
            return "no German/Italian power may make a diplomatic attack against another"
        if self.kind == IMPERIAL_BAN and self.ban == BAN_ATTACKS:
            return f"Imperial Ban: {self.power} may make no diplomatic attack against another German/Italian power"
        if self.kind == IMPERIAL_BAN:
            return f"Imperial Ban: {self.power} may deposit no INFs to {self.minor}"
        return f"{self.power} may deposit no INFs to {self.minor}"


@dataclass(frozen=True)
class Meeting:
    """One meeting of the Reichstag and its vote."""

    year: int
    """Year of the movement phase it was held in."""
    agenda: Agenda
    """The item voted on."""
    votes: dict[str, str]
    """Voter -> ``"for"``, ``"against"`` or ``"none"`` (counted against)."""
    result: str
    """``passed``, ``failed`` or ``tied``."""

    def to_json(self) -> dict:
        return {"year": self.year, "agenda": self.agenda.to_json(), "votes": dict(sorted(self.votes.items())), "result": self.result}

    @classmethod
    def from_json(cls, data: Mapping) -> "Meeting":
        return cls(int(data["year"]), Agenda.from_json(data["agenda"]), dict(data["votes"]), data["result"])

    def describe(self) -> str:
        yes = sorted(p for p, v in self.votes.items() if v == "for")
        no = sorted(p for p, v in self.votes.items() if v != "for")
        tail = {
            PASSED: f"passed; in effect from {self.year + 1}",
            FAILED: "failed; Austria may call no other meeting",
            TIED: "tied; no effect, Austria may call another meeting",
        }[self.result]
        return (
            f"Reichstag {self.year} ({AGENDAS[self.agenda.kind]}): {self.agenda.describe()}. "
            f"For: {', '.join(yes) or 'none'}; against or no vote: {', '.join(no) or 'none'}. {tail}"
        )


@dataclass
class ReichstagState:
    """The Reichstag's history; JSON-able via to_json/from_json."""

    meetings: list[Meeting] = field(default_factory=list)
    """Meetings held, oldest first."""
    decree: Agenda | None = None
    """The agenda voted into effect, if any."""
    effective: int | None = None
    """First year the decree is in force (the year after the vote)."""
    closed: bool = False
    """True once Austria may call no other meeting (a vote passed or failed)."""
    nullified: bool = False
    """True once Austria was eliminated: the decree no longer applies."""

    def to_json(self) -> dict:
        return {
            "meetings": [m.to_json() for m in self.meetings],
            "decree": self.decree.to_json() if self.decree else None,
            "effective": self.effective,
            "closed": self.closed,
            "nullified": self.nullified,
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "ReichstagState":
        decree = data.get("decree")
        return cls(
            [Meeting.from_json(m) for m in data.get("meetings", [])],
            Agenda.from_json(decree) if decree else None,
            data.get("effective"),
            bool(data.get("closed", False)),
            bool(data.get("nullified", False)),
        )

    def copy(self) -> "ReichstagState":
        return ReichstagState.from_json(self.to_json())

    def in_force(self, year: int) -> Agenda | None:
        """The decree that applies in ``year``, or None."""
        if self.decree is None or self.nullified or self.effective is None or year < self.effective:
            return None
        return self.decree


def empire_powers(setup: DiplomacySetup) -> set[str]:
    """Austria and the German/Italian regional powers of the Empire."""
    return ({setup.reichstag_caller} if setup.reichstag_caller else set()) | set(setup.reichstag_members)


def check_agenda(setup: DiplomacySetup, agenda: Agenda) -> None:
    """Raise ``IllegalOrderError`` unless the agenda is one the rulebook allows."""
    text = agenda.describe() if agenda.kind in AGENDAS else agenda.kind
    if agenda.kind not in AGENDAS:
        raise IllegalOrderError(text, f"unknown agenda, expected one of {', '.join(AGENDAS)}")

    def hre_minor() -> None:
        minor = setup.minors.get(agenda.minor or "")
        if minor is None or not minor.hre:
            raise IllegalOrderError(text, f"found {agenda.minor!r}, expected a minor state in the HRE")

    if agenda.kind == IMPERIAL_BAN:
        if agenda.power not in setup.reichstag_members:
            raise IllegalOrderError(
                text, f"found {agenda.power!r}, expected a German or Italian power other than Austria: {', '.join(setup.reichstag_members)}"
            )
        if agenda.ban not in (BAN_ATTACKS, BAN_DEPOSITS):
            raise IllegalOrderError(text, f"found ban {agenda.ban!r}, expected 'attacks' or 'deposits'")
        if agenda.ban == BAN_DEPOSITS:
            hre_minor()
    elif agenda.kind == RESTRICT_FOREIGN:
        if agenda.power not in setup.foreign_powers:
            raise IllegalOrderError(text, f"found {agenda.power!r}, expected a foreign power: {', '.join(setup.foreign_powers)}")
        hre_minor()


def hold_reichstag(
    setup: DiplomacySetup,
    state: ReichstagState,
    year: int,
    agenda: Agenda,
    votes: Mapping[str, bool | None],
    eliminated: Iterable[str] = (),
) -> tuple[ReichstagState, Meeting]:
    """Hold Austria's meeting in a movement phase of ``year`` and count the vote.

    ``votes`` maps each voter to True (for), False (against) or None (no vote); a member
    missing from it has not voted, which counts against.
    """
    caller = setup.reichstag_caller
    eliminated = set(eliminated)
    text = agenda.describe() if agenda.kind in AGENDAS else agenda.kind
    if caller is None or caller in eliminated or state.nullified:
        raise IllegalOrderError(text, "there is no Austria in play to call the Reichstag")
    if state.closed:
        raise IllegalOrderError(text, "Austria may call for only one meeting during the game; it has been held")
    check_agenda(setup, agenda)
    voters = sorted(p for p in empire_powers(setup) if p in setup.powers and p not in eliminated)
    if agenda.kind == IMPERIAL_BAN:
        # 'The power that is the target of the ban is restricted from voting on the matter.'
        voters = [p for p in voters if p != agenda.power]
    strangers = sorted(set(votes) - set(voters))
    if strangers:
        raise IllegalOrderError(text, f"{', '.join(strangers)} may not vote; the voters are {', '.join(voters)}")
    cast = {p: ("none" if votes.get(p) is None else "for" if votes[p] else "against") for p in voters}
    yes = sum(1 for v in cast.values() if v == "for")
    no = len(cast) - yes
    result = PASSED if yes > no else TIED if yes == no else FAILED
    meeting = Meeting(year, agenda, cast, result)
    new = state.copy()
    new.meetings.append(meeting)
    if result == PASSED:
        new.decree, new.effective, new.closed = agenda, year + 1, True
    elif result == FAILED:
        new.closed = True
    return new, meeting


def nullify(state: ReichstagState) -> ReichstagState:
    """Austria is eliminated: 'any result of the Reichstag is nullified'."""
    new = state.copy()
    new.nullified = True
    new.closed = True
    return new


def placement_ban(setup: DiplomacySetup, state: ReichstagState, year: int, power: str, minor: str) -> str | None:
    """Why the decree in force forbids ``power`` to deposit INFs in ``minor``, or None."""
    decree = state.in_force(year)
    if decree is None or decree.power != power or decree.minor != minor:
        return None
    if decree.kind == RESTRICT_FOREIGN or (decree.kind == IMPERIAL_BAN and decree.ban == BAN_DEPOSITS):
        return f"the Reichstag of {state.effective - 1} decreed: {decree.describe()}"
    return None


def attack_ban(setup: DiplomacySetup, state: ReichstagState, year: int, attacker: str, target: str) -> str | None:
    """Why the decree in force forbids ``attacker``'s diplomatic attack on ``target``, or None.

    Both attack restrictions name powers, not places ('against another member of the HRE',
    'against any other German/Italian power'), so they apply in any minor state.
    """
    decree = state.in_force(year)
    if decree is None:
        return None
    empire = empire_powers(setup)
    if target not in empire:
        return None
    if (decree.kind == RESTRICT_ATTACKS and attacker in empire) or (
        decree.kind == IMPERIAL_BAN and decree.ban == BAN_ATTACKS and decree.power == attacker
    ):
        return f"the Reichstag of {state.effective - 1} decreed: {decree.describe()}"
    return None
