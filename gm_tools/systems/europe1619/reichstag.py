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

from gm_tools.errors import EMPTY_CELL, IllegalOrderError
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
        if self.kind not in AGENDAS:
            return repr(self.kind)
        if self.kind == RESTRICT_ATTACKS:
            return "no German/Italian power may make a diplomatic attack against another"
        if not self.power:  # an agenda still missing its power: its name only, never 'None'
            return AGENDAS[self.kind]
        if self.kind == IMPERIAL_BAN and self.ban == BAN_ATTACKS:
            return f"Imperial Ban: {self.power} may make no diplomatic attack against another German/Italian power"
        if not self.minor:
            return AGENDAS[self.kind]
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
        """The meeting in the words the Diplomatic Phase's report records ("... UNION. passed;
        ..."): kept as they are, for a recorded game replays byte for byte. Pages and the turn
        report use :meth:`sentences`."""
        return self._words(self._tail())

    def sentences(self) -> str:
        """The meeting in sentences: "... against or no vote: UNION. Passed; in effect from 1620."."""
        tail = self._tail()
        return self._words(f"{tail[0].upper()}{tail[1:]}.")

    def _tail(self) -> str:
        return {
            PASSED: f"passed; in effect from {self.year + 1}",
            FAILED: "failed; Austria may call no other meeting",
            TIED: "tied; no effect, Austria may call another meeting",
        }[self.result]

    def _words(self, tail: str) -> str:
        yes = sorted(p for p, v in self.votes.items() if v == "for")
        no = sorted(p for p, v in self.votes.items() if v != "for")
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


def agenda_problems(setup: DiplomacySetup, agenda: Agenda) -> list[tuple[str, str | None, str]]:
    """Everything wrong with an agenda, as ``(field, found, expected)``: ``field`` is ``kind``,
    ``power``, ``ban`` or ``minor``, ``found`` is None for a field left empty. A field the
    agenda does not use must be empty (it would otherwise be dropped without a word)."""
    if agenda.kind not in AGENDAS:
        return [("kind", agenda.kind, f"one of {', '.join(AGENDAS)}")]
    hre = sorted(code for code, m in setup.minors.items() if m.hre)
    wanted = {
        # 'Restrict diplomatic attacks in the HRE': no power, ban or state to select.
        RESTRICT_ATTACKS: {},
        # 'Imperial Ban: ... one selected German or Italian power (this excludes Austria) from
        # performing diplomatic attacks ... OR from depositing INFs to a selected state in the HRE'.
        IMPERIAL_BAN: {
            "power": (setup.reichstag_members, "a German or Italian power other than Austria: " + ", ".join(setup.reichstag_members)),
            "ban": ((BAN_ATTACKS, BAN_DEPOSITS), "'attacks' or 'deposits', what the ban forbids"),
        },
        # 'Restrict foreign involvement: ... a foreign power ... from depositing INFs to a
        # selected German or Italian state in the HRE'.
        RESTRICT_FOREIGN: {
            "power": (setup.foreign_powers, "a foreign power: " + ", ".join(setup.foreign_powers)),
            "minor": (hre, "a minor state in the HRE, by its code or name: " + ", ".join(hre)),
        },
    }[agenda.kind]
    if agenda.kind == IMPERIAL_BAN and agenda.ban == BAN_DEPOSITS:
        wanted["minor"] = (hre, "a minor state in the HRE, by its code or name: " + ", ".join(hre))
    elif agenda.kind == IMPERIAL_BAN and agenda.ban != BAN_ATTACKS and agenda.minor in (None, ""):
        # No ban chosen yet: whether a state is needed depends on it, so say both.
        wanted["minor"] = (hre, "a minor state in the HRE if the Ban is 'deposits' (" + ", ".join(hre)
                           + "); it stays empty only for a ban on 'attacks'")
    elif agenda.kind == IMPERIAL_BAN and agenda.ban != BAN_ATTACKS:
        wanted["minor"] = (hre, "a minor state in the HRE, by its code or name: " + ", ".join(hre))
    problems = []
    for name in ("power", "ban", "minor"):
        value = getattr(agenda, name)
        if name not in wanted:
            if value not in (None, ""):
                problems.append((name, value, f"an empty cell: {AGENDAS[agenda.kind]!r} selects no {name}"
                                 + (" (only a ban on deposits names a minor state)" if agenda.kind == IMPERIAL_BAN else "")))
            continue
        allowed, expected = wanted[name]
        if value in (None, ""):
            problems.append((name, None, expected))
        elif value not in allowed:
            problems.append((name, value, expected))
    return problems


def check_agenda(setup: DiplomacySetup, agenda: Agenda) -> None:
    """Raise ``IllegalOrderError`` unless the agenda is one the rulebook allows."""
    problems = agenda_problems(setup, agenda)
    if problems:
        name, found, expected = problems[0]
        if name == "kind":
            raise IllegalOrderError(agenda.kind, f"unknown agenda, expected {expected}")
        shown = EMPTY_CELL if found is None else repr(found)
        raise IllegalOrderError(agenda.describe(), f"found {shown} for the {name}, expected {expected}")


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
    text = agenda.describe()
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
