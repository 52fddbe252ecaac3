"""INF deployment and diplomatic attacks with the orders of a movement phase.

Rulebook: ``000_cc215928c2f3193e.txt``, 'INFLUENCE', 'Gain and loss of influence', 'THE
DIPLOMATIC ATTACK', 'Counterbalance' and 'RESOLVING ORDERS': '(Step 1) GM distributes INFs
to the minor states as indicated in the deployment lists ... (Step 2) GM next determines the
results of the diplomatic attacks ... (Step 3) GM next determines the status of each minor
state. (Step 4) GM then resolves the orders'. Steps 1 to 3 are :func:`deploy`; step 4 is the
standard adjudicator reading the statuses through :mod:`.rules`.

The INFs, attacks and mutual reduction are the shared influence rules
(:mod:`gm_tools.mechanics.influence`); what differs from Europe 1619 (when attacks happen,
their order, the yearly total) is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.engine.model import Position
from gm_tools.errors import IllegalOrderError, OrderError
from gm_tools.mechanics.influence import (
    CATHOLIC, PROTESTANT, Attack, AttackResult, Placement, check_attack, check_placement, place,
    resolve_attacks,
)
from gm_tools.mechanics.influenceorders import InfluenceNames, read_attack, read_placement
from gm_tools.systems.europe1615.setup import Setup
from gm_tools.systems.europe1615.state import State
from gm_tools.systems.europe1615.status import ALIGNED, CAPTURED, Status, statuses



class EntryError(ValueError):
    """A deployment or attack line that cannot be read, or may not be carried out: ``found``
    as the cell's message shows it (``'XYZ'``, ``0 INFs``), and what was ``expected``."""

    def __init__(self, found: str, expected: str):
        super().__init__(expected)
        self.found = found
        self.expected = expected


def yearly_infs(setup: Setup, centers: dict[str, str]) -> dict[str, int]:
    """INFs each power receives for the year: 'The sum of the numbers in each home center of
    a given power adds up to the number of INFs allocated/available for the year'; 'Powers
    also receive additional INFs from the capture of a supply center ... A power will lose
    INFs from the loss of a home center equal to the INF value of the center.' So: the values
    of every center the power holds. 'Any player who has been eliminated cannot continue
    receiving nor deploying INFs' (eliminated: 'all of its home centers have been captured')."""
    infs = {p: 0 for p in setup.powers}
    alive = {p for p in setup.powers if any(centers.get(c) == p for c in setup.homes.get(p, ()))}
    for center, owner in centers.items():
        if owner in alive:
            infs[owner] += setup.values.get(center, 0)
    return infs


def counterbalance(setup: Setup, centers: dict[str, str]) -> str | None:
    """'if the total allocated INFs of the Catholic powers in play becomes 2 or more times
    greater than the allocated INFs of the Protestant powers' -> widerstand; the other way
    round ketzenhammer; else None. Allocated INFs are the year's allotments as the centers
    held now give them, so a capture or an elimination changes the ratio at once."""
    totals = {CATHOLIC: 0, PROTESTANT: 0}
    for power, n in yearly_infs(setup, centers).items():
        confession = setup.confession(power)
        if confession in totals:
            totals[confession] += n
    for ahead, behind in ((CATHOLIC, PROTESTANT), (PROTESTANT, CATHOLIC)):
        if totals[ahead] > 0 and totals[ahead] >= setup.counterbalance_ratio * totals[behind]:
            return setup.counterbalance_names[ahead]
    return None


# --- reading the lines --------------------------------------------------------------------------


def read_line(setup: Setup, power: str, text: str, names: dict[str, str],
              lookup: dict[str, str] | None = None) -> Placement | Attack:
    """``9: WUR`` (9 INFs to Wuerttemberg) or ``LOR > FRANCE`` (a diplomatic attack), read as
    Europe 1619 reads them (:mod:`gm_tools.mechanics.influenceorders`); ``names``: the powers'
    names as the players write them; ``lookup``: the variant's province names (a province of a
    minor state written for the state, ``ROM`` for PAPL, is refused naming the state)."""
    words = InfluenceNames(setup.minors, setup.powers, lambda code: names.get(code, code), "a pliant minor state",
                           (lambda word: lookup.get(word.lower())) if lookup else None)
    try:
        entry = read_attack(words, power, text or "", both_halves=True) or read_placement(words, power, text or "")
    except OrderError as e:
        raise EntryError(getattr(e, "found", repr(text)), getattr(e, "expected", e.reason)
                         + (f" (did you mean {e.suggestion}?)" if e.suggestion else "")) from None
    if entry is None:
        raise EntryError(repr(text), "a deployment such as '9: WUR' or a diplomatic attack such as 'LOR > FRANCE'")
    return entry


# --- checking ------------------------------------------------------------------------------------


def placement_refusal(setup: Setup, state: State, table: dict[str, Status], order: Placement,
                      position: Position) -> str | None:
    """Why a deployment may not be made whatever else is ordered, or None."""
    if order.power not in setup.powers:
        return f"{order.power} is not a power"
    from gm_tools.systems.europe1615.scoring import eliminated

    if order.power in eliminated(setup, position):
        # said so, not as the 0 INFs it has left for the year, which reads as an overspend
        how = "dissolved" if order.power in set(state.dissolved.values()) else "eliminated"
        return (f"{order.power} is {how}: it deploys no INFs ('Any player who has been eliminated cannot "
                "continue receiving nor deploying INFs')")
    if order.minor in setup.closed and order.minor not in state.opened:
        sanction = setup.closed[order.minor][0]
        return f"no power can deploy INFs to {setup.minors[order.minor].in_text} until the {sanction} is passed"
    if table[order.minor].status == CAPTURED:
        return (f"{order.minor} is captured by {table[order.minor].captor}: 'It can no longer be influenced' "
                "until it is liberated")
    try:
        check_placement(setup, state.influence, order)
    except IllegalOrderError as e:
        return e.reason
    barred = _counterbalance_bar(setup, state, order)
    if barred:
        return barred
    from gm_tools.systems.europe1615.sanctions import deployment_bar

    return deployment_bar(setup, state, position, order.power, order.minor)


def _counterbalance_bar(setup: Setup, state: State, order: Placement) -> str | None:
    marker = state.influence.markers.get(order.minor) or setup.permanent_markers.get(order.minor)
    confession = setup.confession(order.power)
    if state.counterbalance == setup.counterbalance_names[CATHOLIC] and confession == CATHOLIC \
            and marker == PROTESTANT:
        return (f"{state.counterbalance} is in effect: the Catholic powers cannot deploy INFs to "
                f"Protestant-majority states ({order.minor})")
    if state.counterbalance == setup.counterbalance_names[PROTESTANT] and confession == PROTESTANT \
            and marker == CATHOLIC:
        return (f"{state.counterbalance} is in effect: the Protestant powers cannot deploy INFs to "
                f"Catholic-majority states ({order.minor})")
    return None


def check_entries(setup: Setup, state: State, position: Position,
                  entries: list[Placement | Attack], whole: set[int] | None = None) -> dict[int, str]:
    """Index of each entry that may not stand -> why. Checks each deployment on its own,
    each power's total against the INFs it has left for the year, one attack per power per
    movement phase, and each attack against the INFs there once every deployment is made.
    ``whole``, when given, gets the indexes refused for the list read together (the total, a
    second attack), not for the entry itself: which row is at fault is the player's to say."""
    whole = set() if whole is None else whole
    from gm_tools.systems.europe1615.sanctions import attack_bar

    table = statuses(setup, state, position)
    problems: dict[int, str] = {}
    totals: dict[str, int] = {}
    placements = []
    for i, entry in enumerate(entries):
        if isinstance(entry, Placement):
            why = placement_refusal(setup, state, table, entry, position)
            if why:
                problems[i] = why
                continue
            total = totals.get(entry.power, 0) + entry.infs
            if total > state.left(entry.power):
                problems[i] = (f"{entry.power} deploys {total} INFs this phase but has "
                               f"{state.left(entry.power)} left for the year ('players cannot deploy more than "
                               "the available INFs for the year')")
                whole.add(i)
                continue
            totals[entry.power] = total
            placements.append(entry)
    after = place(state.influence, placements)
    attackers: dict[str, int] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, Attack):
            continue
        if entry.power in attackers:
            problems[i] = ("a second diplomatic attack: 'Each player is allowed to submit only one "
                           "diplomatic attack order per movement phase'")
            whole.add(i)
            continue
        attackers[entry.power] = i
        if entry.target == entry.power:
            problems[i] = "a power cannot attack its own INFs"
        elif table[entry.minor].status == CAPTURED:
            problems[i] = f"{entry.minor} is captured: no power can 'perform diplomatic attacks' there"
        elif attack_bar(setup, state, position, entry.power, entry.target):
            problems[i] = attack_bar(setup, state, position, entry.power, entry.target)
        else:
            try:
                check_attack(after, entry)
            except IllegalOrderError as e:
                # INFs go with each movement phase's orders here, not once a year as in Europe 1619
                problems[i] = e.reason.replace(" and places none there this year", " and deploys none there this "
                                               "phase ('one state where he/she has deployed or will be deploying INFs')")
    return problems


# --- steps 1 to 3 --------------------------------------------------------------------------------


@dataclass
class Deployment:
    """What one phase's deployment did, for the record and the phase page."""

    placements: list[Placement] = field(default_factory=list)
    """Step 1: the deployments made, in the order given."""
    attacks: list[AttackResult] = field(default_factory=list)
    """Step 2: the attacks, in the order they were resolved."""
    sequence: tuple[str, ...] = ()
    """The order of the attackers this phase (least influential first)."""
    statuses: dict[str, Status] = field(default_factory=dict)
    """Step 3: every minor's status after it."""

    def to_json(self) -> dict:
        return {
            "placements": [{"power": p.power, "infs": p.infs, "minor": p.minor} for p in self.placements],
            "attacks": [{"power": r.order.power, "minor": r.order.minor, "target": r.order.target,
                         "attacker_before": r.attacker_before, "target_before": r.target_before,
                         "removed": r.removed, "text": r.describe()} for r in self.attacks],
            "sequence": list(self.sequence),
            "statuses": {m: {"status": s.status, "power": s.power, "captor": s.captor, "text": s.describe()}
                         for m, s in sorted(self.statuses.items())},
        }


def attack_sequence(setup: Setup, state: State, position: Position, year: int,
                    last_scores: dict[str, int] | None = None) -> tuple[str, ...]:
    """'from least influential to most influential (weakest power, in terms of INFs, has
    priority). In cases of ties, differentiate based on number of centers; and if tied on
    centers, differentiate by score from the previous year. If in the first year, then the
    order of priority is: (1) England ...'."""
    if year == setup.first_year:
        return setup.first_year_order
    scores = state.last_scores if last_scores is None else last_scores
    centers = {p: sum(1 for o in position.centers.values() if o == p) for p in setup.powers}
    return tuple(sorted(setup.powers, key=lambda p: (state.year_infs.get(p, 0), centers[p], scores.get(p, 0),
                                                       setup.attack_rank(p))))


class _Ranked:
    """The setup with this phase's attack order, for the shared resolver."""

    def __init__(self, setup: Setup, sequence: tuple[str, ...]):
        self._setup = setup
        self._rank = {p: i for i, p in enumerate(sequence)}

    def __getattr__(self, name):
        return getattr(self._setup, name)

    def attack_rank(self, power: str) -> int:
        return self._rank.get(power, len(self._rank))


def deploy(setup: Setup, state: State, position: Position, placements: list[Placement], attacks: list[Attack],
           year: int) -> tuple[State, Deployment]:
    """Steps 1 to 3 on checked entries: a new state (INFs placed, attacks resolved, the
    year's deployed INFs counted, markers set) and what happened."""
    new = state.copy()
    new.influence = place(state.influence, placements)
    for p in placements:
        new.deployed[p.power] = new.deployed.get(p.power, 0) + p.infs
    sequence = attack_sequence(setup, state, position, year)
    new.influence, results = resolve_attacks(_Ranked(setup, sequence), new.influence, attacks)
    table = statuses(setup, new, position)
    new.influence = set_markers(setup, new, table)
    return new, Deployment(list(placements), results, sequence, table)


def set_markers(setup: Setup, state: State, table: dict[str, Status]):
    """The religious markers after a deployment (reconstructed rule, tables.toml
    [religious_markers]): an aligned minor whose INFs one confession's powers hold at the
    table's share carries that confession's marker; permanent markers stay; a captured minor
    has none ('Any religious markers are temporarily removed')."""
    influence = state.influence.copy()
    markers = dict(setup.permanent_markers)
    for minor, status in table.items():
        if status.status != ALIGNED or minor in markers:
            continue
        majority = _majority(setup, influence.infs(minor))
        if majority:
            markers[minor] = majority
    influence.markers = {m: c for m, c in sorted(markers.items()) if table[m].status != CAPTURED}
    return influence


def _majority(setup: Setup, infs: dict[str, int]) -> str | None:
    totals: dict[str, int] = {}
    for power, n in infs.items():
        totals[setup.confession(power)] = totals.get(setup.confession(power), 0) + n
    everyone = sum(totals.values())
    for confession, n in sorted(totals.items()):
        if confession and n > 0 and n >= setup.marker_share * everyone:
            return confession
    return None
