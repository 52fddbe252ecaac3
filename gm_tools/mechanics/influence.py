"""INFs in the minor states: placements, diplomatic attacks, statuses, confessional markers,
capture and liberation. Shared by the influence variants (Europe 1619, Europe 1615 and its
version 2), each configuring it by data and named rules, never by a copy.

Written from Europe 1619 (``002_e7e1b063b6c411e5.txt``): the Diplomatic Phase, the
diplomatic attack, the four alignment statuses, CONFESSIONAL MARKERS, captured minor states
and liberation, elimination. What a variant configures (:class:`InfluenceSetup`):

- the status thresholds: the share of all INFs that aligns a minor (``aligned_share`` and
  ``aligned_at_share``, 1619: more than 1/2), the least INFs that can (``aligned_min_infs``)
  and the INFs that make it a vassal (``vassal_infs``, 1619: 25; None where the rulebook
  has no vassalage);
- the ATTACK ORDER (``attack_rank``) and the resolution rule of an attack, by name
  (:data:`ATTACK_RESOLUTIONS`: ``mutual_reduction`` in 1619);
- the minor states and the confessions of the powers.

State (``Position.extra``): ``influence`` = {minor: {power: INFs}}, ``suspended`` =
{captured minor: captor}, ``markers`` = {minor: confession}. A status is never stored: it
is worked out from the INFs whenever asked, so it cannot drift from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Mapping, Protocol

from gm_tools.engine.variant import Named, article_problem
from gm_tools.errors import IllegalOrderError

CATHOLIC = "catholic"
PROTESTANT = "protestant"
OTTOMAN = "ottoman"
CONFESSIONS = (CATHOLIC, PROTESTANT, OTTOMAN)
"""The three confessions of the rulebook's confessional markers ('Catholic majority = blue
cross, Protestant majority = orange cross, Ottoman majority = green crescent')."""


@dataclass(frozen=True)
class MinorState(Named):
    """One minor state that can be influenced ('List of minor states that can be influenced')."""

    code: str
    """Its abbreviation in orders: ``"BRAP"``."""
    name: str
    """Full name: ``"Brandenburg-Prussia"``."""
    provinces: tuple[str, ...] = ()
    """Province codes of the map that belong to it; several for a large minor state
    (BOHC, BRAP, LOWR), which all share the state's one status ('Large minor states')."""
    home_center: str | None = None
    """Province code of its home supply center, where a confessional marker goes; None for
    a minor without a center."""
    hre: bool = False
    """True if it lies in the Holy Roman Empire (the Reichstag's agendas name HRE states)."""
    allowed_confessions: tuple[str, ...] = ()
    """Confessions whose powers may deposit INFs here; empty means every power ('Only
    Protestant powers can deploy INFs to the Bohemian Confederacy')."""
    article: str = ""
    """The word a sentence puts before the name: ``"the"`` for the Papal States."""
    aliases: tuple[str, ...] = ()
    """Other names orders give it: ``("Papacy",)`` for the Papal States, the converted Papacy
    the rulebook still calls 'the Papacy'."""


def minor_article(row: dict, where: str, problems: list[str]) -> str:
    """The ``article`` of a minor state's table row (``"the"``), checked; empty if none."""
    problem = article_problem(row.get("article", ""))
    if problem:
        problems.append(f"{where}: {problem}")
        return ""
    return row.get("article", "")



class InfluenceSetup(Protocol):
    """What the influence rules read of a variant's fixed facts (Europe 1619's
    ``DiplomacySetup`` is one)."""

    minors: dict[str, MinorState]
    """Minor-state code -> the minor state, for every state that can be influenced."""
    vassal_infs: int | None
    """INFs a power holding the aligning share needs for VASSALAGE; None: no vassalage."""
    aligned_share: Fraction
    """A power holding more than this share of all INFs placed aligns the minor."""
    aligned_at_share: bool
    """True: holding exactly the share is enough too ('50% or more')."""
    aligned_min_infs: int
    """INFs the aligning power must hold at least ('has invested minimally 5 INFs'); 0: none."""
    attack_resolution: str
    """Name of the attack resolution rule, a key of :data:`ATTACK_RESOLUTIONS`."""

    def confession(self, power: str) -> str: ...

    def attack_rank(self, power: str) -> int: ...


@dataclass(frozen=True)
class Placement:
    """``5: BRE``: INFs a power places in a minor state this year."""

    power: str
    """Power placing."""
    infs: int
    """How many INFs (at least 1)."""
    minor: str
    """Code of the minor state."""
    text: str
    """The order as written."""

    def canonical(self) -> str:
        return f"{self.infs}: {self.minor}"


@dataclass(frozen=True)
class Attack:
    """``BRAP > FRANCE``: a diplomatic attack on another power's INFs in a minor state."""

    power: str
    """The attacking power."""
    minor: str
    """Code of the minor state where the attack occurs."""
    target: str
    """Code of the power whose INFs are attacked."""
    text: str
    """The order as written."""

    def canonical(self) -> str:
        return f"{self.minor} > {self.target}"



UNALIGNED = "UNALIGNED"
ALIGNED = "ALIGNED"
VASSALAGE = "VASSALAGE"
NEUTRAL = "NEUTRAL"


@dataclass
class InfluenceState:
    """The INFs on the board and what hangs on them; JSON-able via to_json/from_json."""

    influence: dict[str, dict[str, int]] = field(default_factory=dict)
    """Minor code -> {power: INFs placed there}; powers with none are left out."""
    suspended: dict[str, str] = field(default_factory=dict)
    """Captured minor code -> the power whose unit holds its home center. Its INFs stay, 'held
    in suspension', until it is liberated."""
    markers: dict[str, str] = field(default_factory=dict)
    """Minor code -> confession of the marker on its home center (placed at the Map
    Adjustment Phase)."""

    def to_json(self) -> dict:
        return {
            "influence": {m: dict(sorted(p.items())) for m, p in sorted(self.influence.items()) if p},
            "suspended": dict(sorted(self.suspended.items())),
            "markers": dict(sorted(self.markers.items())),
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "InfluenceState":
        return cls(
            influence={m: {p: int(n) for p, n in ps.items() if int(n) > 0} for m, ps in data.get("influence", {}).items()},
            suspended=dict(data.get("suspended", {})),
            markers=dict(data.get("markers", {})),
        )

    def copy(self) -> "InfluenceState":
        return InfluenceState.from_json(self.to_json())

    def infs(self, minor: str) -> dict[str, int]:
        """{power: INFs} in one minor (a new dict)."""
        return dict(self.influence.get(minor, {}))


@dataclass(frozen=True)
class MinorStatus:
    """A minor state's political status at the end of a Diplomatic Phase."""

    minor: str
    """Minor code."""
    status: str
    """UNALIGNED, ALIGNED, VASSALAGE or NEUTRAL, from its INFs."""
    power: str | None
    """The power it is aligned with or a vassal of; None when unaligned or neutral."""
    total: int
    """All INFs placed there."""
    captured_by: str | None = None
    """When captured: the captor. Its INFs are then held in suspension and the status above
    is the one its liberation would reestablish."""

    def describe(self) -> str:
        if self.status in (ALIGNED, VASSALAGE):
            text = f"{self.status} ({self.power})"
        else:
            text = self.status
        if self.captured_by:
            return f"captured by {self.captured_by}; INFs held in suspension ({text} when liberated)"
        return text


def status_of(infs: Mapping[str, int], vassal_infs: int | None = 25,
              aligned_share: Fraction = Fraction(1, 2), at_share: bool = False,
              min_infs: int = 0) -> tuple[str, str | None]:
    """(status, power) from {power: INFs} (rulebook, 'Every minor state has one of four
    alignment statuses').

    - UNALIGNED: 'A minor state without INFs';
    - ALIGNED: 'a power holds more than 50% of all INFs placed';
    - VASSALAGE: 'more than 50% ... AND has 25 INFs or more invested';
    - NEUTRAL: 'two or more powers equally invested' or '3 or more powers ... and no one
      power holds the required >50%'.

    With exactly two powers unequally invested one of them holds more than 50%, so the
    state is aligned: the two NEUTRAL clauses and ALIGNED then cover every case.

    The thresholds are the variant's (1619's by default): the single power holding the most
    INFs aligns the minor when it holds more than ``aligned_share`` of them (``at_share``:
    that share or more, a tie for the most staying NEUTRAL, as Europe 1615 v3's '50% or
    more' with '50/50 ... NEUTRAL') and at least ``min_infs``; with ``vassal_infs`` or more
    it is a vassal (None: the variant has no vassalage).
    """
    held = {p: n for p, n in infs.items() if n > 0}
    total = sum(held.values())
    if total == 0:
        return UNALIGNED, None
    power, most = max(sorted(held.items()), key=lambda item: item[1])
    alone = sum(1 for n in held.values() if n == most) == 1
    share = most >= aligned_share * total if at_share else most > aligned_share * total  # exact
    if alone and share and most >= min_infs:
        return (VASSALAGE if vassal_infs is not None and most >= vassal_infs else ALIGNED), power
    return NEUTRAL, None


def status_in(setup: InfluenceSetup, infs: Mapping[str, int]) -> tuple[str, str | None]:
    """:func:`status_of` with the thresholds of ``setup`` (its variant's ``[influence]`` table),
    so every phase that reads a status reads the same data."""
    return status_of(infs, setup.vassal_infs, setup.aligned_share, setup.aligned_at_share, setup.aligned_min_infs)


def minor_status(setup: InfluenceSetup, state: InfluenceState, minor: str) -> MinorStatus:
    """One minor's status, noting its captor when captured."""
    infs = state.infs(minor)
    status, power = status_in(setup, infs)
    return MinorStatus(minor, status, power, sum(infs.values()), state.suspended.get(minor))


def statuses(setup: InfluenceSetup, state: InfluenceState) -> dict[str, MinorStatus]:
    """Every minor's status, by minor code (sorted)."""
    return {m: minor_status(setup, state, m) for m in sorted(setup.minors)}


def province_statuses(setup: InfluenceSetup, state: InfluenceState) -> dict[str, MinorStatus]:
    """Province code -> status of the minor it belongs to. A large minor state's provinces
    share one status ('When a political status is established for a large minor state, all
    provinces of the state are identified as aligned or unaligned or neutral')."""
    table = statuses(setup, state)
    return {prov: table[code] for code, minor in sorted(setup.minors.items()) for prov in minor.provinces}


def vassal_of(setup: InfluenceSetup, state: InfluenceState, minor: str) -> str | None:
    """The power a minor is a vassal of, or None."""
    status = minor_status(setup, state, minor)
    return status.power if status.status == VASSALAGE else None


def influence_rules(table: dict, problems: list[str]) -> dict:
    """A variant's ``tables.toml [influence]`` table (plain data): the status thresholds and
    the attack rule, checked; the keyword arguments of its setup. Problems are appended."""
    rules: dict = {}
    where = "tables.toml [influence]"
    known = ("aligned_share", "aligned_at_share", "aligned_min_infs", "vassal_infs", "attack_resolution")
    for key in sorted(set(table) - set(known)):
        problems.append(f"{where}: unknown key {key!r} (expected one of {', '.join(known)})")
    if "aligned_at_share" in table:
        if not isinstance(table["aligned_at_share"], bool):
            problems.append(f"{where}: aligned_at_share = {table['aligned_at_share']!r}, expected true or false")
        else:
            rules["aligned_at_share"] = table["aligned_at_share"]
    if "aligned_min_infs" in table:
        n = table["aligned_min_infs"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(f"{where}: aligned_min_infs = {n!r}, expected a whole number of INFs, 0 or more")
        else:
            rules["aligned_min_infs"] = n
    if "aligned_share" in table:
        try:
            share = Fraction(str(table["aligned_share"]))
        except (ValueError, ZeroDivisionError):
            share = None
        if share is None or not 0 < share < 1:
            problems.append(f"{where}: aligned_share = {table['aligned_share']!r}, expected a fraction "
                            "between 0 and 1 such as \"1/2\"")
        else:
            rules["aligned_share"] = share
    if "vassal_infs" in table:
        n = table["vassal_infs"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(f"{where}: vassal_infs = {n!r}, expected a whole number of INFs, 1 or more")
        else:
            rules["vassal_infs"] = n
    if "attack_resolution" in table:
        name = table["attack_resolution"]
        if name not in ATTACK_RESOLUTIONS:
            problems.append(f"{where}: attack_resolution = {name!r}, expected one of "
                            f"{', '.join(sorted(ATTACK_RESOLUTIONS))}")
        else:
            rules["attack_resolution"] = name
    return rules


# --- placements ------------------------------------------------------------------------------


def check_placement(setup: InfluenceSetup, state: InfluenceState, order: Placement) -> None:
    """Raise ``IllegalOrderError`` if the placement may not be made whatever else is ordered
    (the allotment is checked over all of a power's placements: :func:`place_all`)."""
    minor = setup.minors[order.minor]
    allowed = minor.allowed_confessions
    if allowed and setup.confession(order.power) not in allowed:
        only = " or ".join(c.title() for c in allowed)
        raise IllegalOrderError(
            order.text,
            f"only {only} powers may deploy INFs to {minor.in_text} ({order.minor}); "
            f"{order.power} is {setup.confession(order.power).title() or 'of no confession'}",
        )
    if order.minor in state.suspended:
        raise IllegalOrderError(
            order.text,
            f"{order.minor} is captured by {state.suspended[order.minor]}: a captured minor state "
            "cannot be influenced until it is liberated",
        )
    lord = vassal_of(setup, state, order.minor)
    if lord and lord != order.power:
        raise IllegalOrderError(
            order.text,
            f"{order.minor} is a vassal of {lord}: no other power may deposit INFs there "
            "(a diplomatic attack may still break the vassal status)",
        )


def place(state: InfluenceState, placements: list[Placement]) -> InfluenceState:
    """A new state with the placements added (placements are assumed checked)."""
    new = state.copy()
    for order in placements:
        row = new.influence.setdefault(order.minor, {})
        row[order.power] = row.get(order.power, 0) + order.infs
    return new


# --- diplomatic attacks ----------------------------------------------------------------------


def check_attack(state_after_placements: InfluenceState, order: Attack) -> None:
    """Raise ``IllegalOrderError`` unless the attacker holds INFs in the minor (having placed
    them before or this year) and so does the target ('A diplomatic attack is when a player
    selects one state where he/she has deployed or will be deploying INFs and then directs a
    political attack against another player/power that also has INFs invested there')."""
    infs = state_after_placements.infs(order.minor)
    if infs.get(order.power, 0) <= 0:
        raise IllegalOrderError(
            order.text, f"{order.power} has no INFs in {order.minor} and places none there this year"
        )
    if infs.get(order.target, 0) <= 0:
        raise IllegalOrderError(order.text, f"{order.target} has no INFs in {order.minor} to attack")


@dataclass(frozen=True)
class AttackResult:
    """What one diplomatic attack did."""

    order: Attack
    """The attack."""
    attacker_before: int
    """Attacker's INFs in the minor when the attack was resolved."""
    target_before: int
    """Target's INFs in the minor when the attack was resolved."""
    removed: int
    """INFs each side lost (the mutual reduction)."""

    def describe(self) -> str:
        o = self.order
        if self.removed == 0:
            gone = o.power if self.attacker_before == 0 else o.target
            return f"{o.power} attacks {o.target} in {o.minor}: no effect, {gone} has no INFs left there"
        return (
            f"{o.power} ({self.attacker_before}) attacks {o.target} ({self.target_before}) in {o.minor}: "
            f"each loses {self.removed}, leaving {o.power} {self.attacker_before - self.removed}, "
            f"{o.target} {self.target_before - self.removed}"
        )


def mutual_reduction(attacker: int, target: int) -> int:
    """INFs each side loses: 'the power with the lesser number of INFs placed removes all INFs
    and the power with larger number of INFs placed loses equal amount' (equal: both removed)."""
    return min(attacker, target)


ATTACK_RESOLUTIONS: dict[str, Callable[[int, int], int]] = {"mutual_reduction": mutual_reduction}
"""Named rules for what an attack removes: (attacker's INFs, target's INFs) -> INFs each side
loses. A variant names one with ``attack_resolution``."""


def resolve_attacks(
    setup: InfluenceSetup, state: InfluenceState, attacks: list[Attack]
) -> tuple[InfluenceState, list[AttackResult]]:
    """Resolve attacks after the placements, in the ATTACK ORDER of the attackers ('If
    multiple attacks are ordered within a minor state, then the sequence of attacks is
    resolved based on the ATTACK ORDER'). Attacks in different minors never interact, so
    one sequence over all of them gives the same result."""
    resolution = ATTACK_RESOLUTIONS[setup.attack_resolution]
    new = state.copy()
    results = []
    for order in sorted(attacks, key=lambda a: (setup.attack_rank(a.power), a.power)):
        row = new.influence.setdefault(order.minor, {})
        a, t = row.get(order.power, 0), row.get(order.target, 0)
        lost = resolution(a, t)
        for power, before in ((order.power, a), (order.target, t)):
            if before - lost > 0:
                row[power] = before - lost
            else:
                row.pop(power, None)
        results.append(AttackResult(order, a, t, lost))
    new.influence = {m: row for m, row in new.influence.items() if row}
    return new, results


# --- confessional markers, capture, elimination ---------------------------------------------


def confession_totals(setup: InfluenceSetup, infs: Mapping[str, int]) -> dict[str, int]:
    """INFs held by the powers of each confession."""
    totals = {c: 0 for c in CONFESSIONS}
    for power, n in infs.items():
        confession = setup.confession(power)
        if confession in totals:
            totals[confession] += n
    return totals


def confessional_majority(setup: InfluenceSetup, infs: Mapping[str, int]) -> str | None:
    """The confession whose powers hold 'all of the INFs in that state' or 'twice as many INFs
    ... as the other religious confessions' (together: the 'two-thirds majority' of the
    rulebook's Confessional markers paragraph), or None."""
    totals = confession_totals(setup, infs)
    everyone = sum(totals.values())
    for confession, n in totals.items():
        if n > 0 and n >= 2 * (everyone - n):
            return confession
    return None


def markers_at_map_adjustment(setup: InfluenceSetup, state: InfluenceState) -> InfluenceState:
    """The confessional markers after the Map Adjustment Phase: on the home center of every
    minor that has one, is aligned (or a vassal), is not captured, and whose INFs show a
    confessional majority ('These markers are only placed in minor's home supply center
    when aligned, and removed when captured'). Markers are set afresh each time, so a
    minor that lost its majority or its alignment loses its marker."""
    new = state.copy()
    new.markers = {}
    for code, minor in sorted(setup.minors.items()):
        if minor.home_center is None or code in state.suspended:
            continue
        status = minor_status(setup, state, code)
        if status.status not in (ALIGNED, VASSALAGE):
            continue
        majority = confessional_majority(setup, state.infs(code))
        if majority:
            new.markers[code] = majority
    return new


def capture(state: InfluenceState, minor: str, captor: str) -> InfluenceState:
    """The minor's home center is captured: its INFs are held in suspension and its marker
    removed ('A captured minor state CANNOT be influenced by any power... all INFs presently
    invested in the state are held in suspension'; 'When a minor's home center is captured,
    the marker is removed')."""
    new = state.copy()
    new.suspended[minor] = captor
    new.markers.pop(minor, None)
    return new


def liberate(state: InfluenceState, minor: str) -> InfluenceState:
    """The minor is liberated: 'the INFs that were held in suspension are put back into
    effect, and its political status reestablished'."""
    new = state.copy()
    new.suspended.pop(minor, None)
    return new


def remove_power(state: InfluenceState, power: str) -> InfluenceState:
    """An eliminated power's INFs leave every minor ('INFs from the eliminated power are
    removed from all minor states ... and the statuses of these minor states reevaluated';
    statuses follow from the INFs, so they are reevaluated by being asked again)."""
    new = state.copy()
    for row in new.influence.values():
        row.pop(power, None)
    new.influence = {m: row for m, row in new.influence.items() if row}
    return new
