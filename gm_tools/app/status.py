"""``gm-tools status GAME``: where the current phase stands before the deadline.

The GM's daily question in a game by mail is who has not sent orders yet. This reads the
workbook and checks it as a turn would (nothing is written, nothing is adjudicated) and says, power by
power, how many of its rows hold an order and which units have none, then who has entered
nothing at all, who entered some and not all of it (a unit left without an order holds: no
error, but the GM running the turn before the deadline must see it), the rows typed on each of
the variant's input sheets, whether there is press,
whether the turn would refuse anything (``gm-tools turn GAME --dry-run`` names it), and any
picture an earlier phase's press shows that is no longer in the game's folder.
Without a game's name, one line for every game in the games folder: a GM running several
games sees at once which are still waiting, and for whom.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from gm_tools.app.mailgame import owed_orders
from gm_tools.app.turn import check_entries, load_state
from gm_tools.edges.addresses import gm_rows, players_replaced
from gm_tools.edges.game import GAME_NAME_RE, games_root, lost_record, missing_workbook, no_games_folder, open_warnings
from gm_tools.edges.journal import clear_leftovers
from gm_tools.edges.layout import order_blocks, title_of
from gm_tools.edges.pressimages import pictures_of_records
from gm_tools.edges.workbook import OrderEntry
from gm_tools.engine.hooks import hooks_for
from gm_tools.engine.model import province_of
from gm_tools.engine.rules import rules_for
from gm_tools.errors import GameError, UserError, WorkbookError


@dataclass
class PowerStatus:
    """One power's rows on the Orders sheet and what was typed in them."""

    power: str
    """Power code."""
    player: str
    """The player's name from the Game sheet, or empty."""
    rows: int
    """Rows the Orders sheet has for it and its own units (its units, or its builds and
    removals)."""
    entered: int
    """Of those, rows with an order typed."""
    missing: list[str] = field(default_factory=list)
    """The units of those rows with no order typed."""
    refused: int = 0
    """Orders typed in its block that a turn would refuse (unreadable, illegal, a second
    order for a unit)."""
    commanded: int = 0
    """Rows of its block for other owners' units it may order (``Rules.commanded``: Europe
    1615's every minor and the Ottomans, Europe 1619's aligned minors), counted apart: a
    power is not missing an order for each minor it could influence."""
    commanded_entered: int = 0
    """Of those, rows with an order typed."""
    owes: str = ""
    """What its rows ask of it, in the Orders sheet's words: "orders for 3 units", "1 build",
    "A VIE to retreat or disband"."""
    lacking: str = ""
    """What its own rows still leave out: "no order for A BER, F KIE", "no retreat order for
    A VIE", "1 of 2 builds not entered"; empty when every row is filled."""
    lacking_rules: tuple[str, ...] = ()
    """What the rules do with what it leaves out ("a unit given no order holds")."""

    @property
    def ordering(self) -> bool:
        """Whether its block has rows this phase."""
        return bool(self.rows or self.commanded)

    @property
    def typed(self) -> bool:
        """Whether anything is typed in its block."""
        return bool(self.entered or self.commanded_entered)


@dataclass
class PhaseStatus:
    """What was entered for the current phase so far."""

    game: str
    phase: str
    title: str
    deadline: str
    powers: list[PowerStatus]
    """Every power with rows on the Orders sheet, in the variant's order."""
    inputs: dict[str, tuple[int, list[str]]]
    """Each input sheet of the variant's phase -> its rows typed, and the powers (or players)
    who typed them, when the sheet has a Power or Player column."""
    press: bool
    """Press was entered."""
    problems: int
    """Entries a turn would refuse as the workbook stands: every problem it would name (an
    order it cannot read or carry out, an input sheet's entry the rules refuse, an unreadable
    cell, the wrong game's workbook)."""
    lost_pictures: list[str] = field(default_factory=list)
    """Press pictures of earlier phases no longer in the game's folder as they were, each with
    its record and what was found: the site keeps its copy and warns; the GM should put them back."""
    awaited: list[str] | None = None
    """The players the phase's input sheets still wait for, where the game system says
    (``SheetHooks.awaited_for``: a board game's step); None: the Orders sheet says."""
    owed: dict[str, str] = field(default_factory=dict)
    """Of :attr:`awaited`, what each is awaited for, in the phase's words (``SheetHooks.awaited_for``)."""
    all_entered: str = "every power has entered orders"
    """What is said once nobody is waited for: the game system's words where it says who is
    awaited (``SheetHooks.all_entered``: a Payola power's offer sheet, a Westphalia step's
    entries)."""
    unreadable: dict[str, str] = field(default_factory=dict)
    """Input sheets whose rows cannot be counted -> why (deleted, or a column header changed)."""
    laid_out: dict[str, list[str]] = field(default_factory=dict)
    """Input sheets with rows still as gm-tools laid them out (not counted in ``inputs``) -> the
    power or player of each."""
    warnings: list[str] = field(default_factory=list)
    """Entries that stand but look like a slip, as the turn's report warns of them
    (``SheetHooks.warnings``: a Westphalia Influence Changes row typed twice)."""
    not_awaited: dict[str, str] = field(default_factory=dict)
    """Powers with Orders rows the phase no longer waits for -> why (``SheetHooks.not_awaited``:
    Europe 1615's abandoned power, whose orders nobody will send)."""
    votes: list[str] = field(default_factory=list)
    """Rows laid out in every block for an owner every power may order (Europe 1615's
    "Ottoman Empire build 1 of 1"): a vote, which no power owes."""
    partial: list[tuple[str, str, str]] = field(default_factory=list)
    """Who entered some of the input sheets' due and not all, what each left out and what the
    turn makes of it (``SheetHooks.entered_in_part``); beside the Orders sheet, said of a power
    that entered orders (Europe 1615's INFs left undeployed in the Fall)."""
    missed: dict[str, list[str]] = field(default_factory=dict)
    """Powers still in the game whose last phases owing them orders were played by default, each
    with those phases (:func:`sent_nothing`), for the GM who replaces a player gone silent."""
    carried: str = ""
    """The phase played last, when the Deadline is still the one its turn carried over (its
    record's): past, not this phase's, as the site says it (``docs/site.md``, "The deadline")."""

    def deadline_words(self) -> str:
        """The deadline, or why there is none for this phase."""
        if self.carried:
            return f"none set ({self.deadline}, carried over, was {self.carried}'s)"
        return self.deadline or "none set"

    @property
    def waiting_for(self) -> list[str]:
        """Powers with rows to fill and nothing typed in any (or the players the input sheets
        still wait for)."""
        if self.awaited is not None:
            return list(self.awaited)
        return [p.power for p in self.powers if p.ordering and not p.typed and p.power not in self.not_awaited]

    @property
    def waiting_words(self) -> list[tuple[str, str]]:
        """:attr:`waiting_for`, each with what it is awaited for: the game system's words
        (:attr:`owed`), or its Orders rows' (``orders for 3 units``). A power that sent rows
        for the phase's input sheets and no unit order is named with what came and what is
        still due, as both are due in the one phase (rulebook 000, Europe 1615 v3, 'Deployment
        of influence with submission of orders'): ``INF Deployment received; unit orders for
        its 5 units not yet``, never as if nothing came."""
        if self.awaited is not None:
            return [(who, self.owed.get(who, "")) for who in self.awaited]
        words = []
        for p in self.powers:
            if not p.ordering or p.typed or p.power in self.not_awaited:
                continue
            sheets = [sheet for sheet, (count, names) in self.inputs.items()
                      if count and p.power in {n.upper() for n in names}]
            if not sheets:
                words.append((p.power, p.owes))
                continue
            units = len(p.missing)
            due = (f"unit orders for its {units} unit{'s' if units != 1 else ''}" if units
                   else p.owes or f"its {p.rows} row(s) on the Orders sheet")
            words.append((p.power, f"{' and '.join(sheets)} received; {due} not yet"))
        return words

    @property
    def waiting_line(self) -> str:
        """:attr:`waiting_words` in one line: ``AUSTRIA, ENGLAND (each: orders for 3 units);
        RUSSIA (orders for 4 units)``, the powers owing the same named together (seven names
        each with its words made the one-line status of a game too long to read)."""
        groups: dict[str, list[str]] = {}
        for who, words in self.waiting_words:
            groups.setdefault(words, []).append(who)
        if list(groups) == [""]:
            return ", ".join(groups[""])
        return "; ".join(", ".join(names) + (f" ({'each: ' if len(names) > 1 else ''}{words})" if words else "")
                         for words, names in groups.items())

    @property
    def waiting_short(self) -> str:
        """:attr:`waiting_line` for the games folder's listing, a line a game: where what each
        owes runs it past 200 characters (Europe 1619's fifteen powers owing four different
        counts of INFs), the names alone and the command that says the rest."""
        line = self.waiting_line
        if len(line) <= 200:
            return line
        return f"{', '.join(who for who, _ in self.waiting_words)} (what each owes: gm-tools status {self.game})"

    @property
    def in_part(self) -> list[tuple[str, str]]:
        """Powers that typed something and not all their rows ask for, each with what is left
        out, apart from :attr:`waiting_for`: it is no error (the rules say what becomes of it,
        :attr:`in_part_rules`), but the GM deciding to run the turn early must see it."""
        if self.awaited is not None:
            return [(who, words) for who, words, _ in self.partial]
        typed = [p for p in self.powers if p.ordering and p.typed and p.power not in self.not_awaited]
        sheets = {who: words for who, words, _ in self.partial}
        said = [(p.power, "; ".join(w for w in (p.lacking, sheets.get(p.power)) if w)) for p in typed]
        return [(who, words) for who, words in said if words]

    @property
    def in_part_rules(self) -> str:
        """What the rules do with the rows :attr:`in_part` leaves empty, each said once."""
        partial = dict(self.in_part)
        said = [r for p in self.powers if p.power in partial for r in p.lacking_rules] if self.awaited is None else []
        said += [rule for who, _, rule in self.partial if who in partial]
        return "; ".join(dict.fromkeys(said))

    def in_part_line(self) -> str:
        """:attr:`in_part` in one line, the rules' words first; empty when nobody is."""
        if not self.in_part:
            return ""
        return (f"entered in part ({self.in_part_rules}): "
                + "; ".join(f"{who} ({words})" for who, words in self.in_part))

    def still_waiting(self) -> list[str]:
        """Who is still awaited, as the end of ``gm-tools orders`` says it: the powers that
        entered nothing, then those that entered in part."""
        waiting = self.waiting_line
        if waiting:
            first = f"still waiting for: {waiting}"
        else:
            first = self.all_entered + (", not all in full" if self.in_part else "")
        return [first] + ([self.in_part_line()] if self.in_part else [])

    @property
    def waits(self) -> bool:
        """Whether the phase waits for anyone's entries: rows on the Orders sheet, or input
        sheets the players fill."""
        return self.awaited is not None or any(p.ordering for p in self.powers)

    def summary(self) -> str:
        """One line: the phase, the deadline, and who is waited for."""
        line = f"{self.game}: {self.phase}, deadline: {self.deadline_words()}"
        ordering = [p for p in self.powers if p.ordering and p.power not in self.not_awaited]
        if ordering and self.awaited is None:
            done = sum(1 for p in ordering if p.typed)
            line += f", {done} of {len(ordering)} powers have entered orders"
            waiting = self.waiting_short
            return line + (f", waiting for {waiting}" if waiting else "") + self._in_part() + self._refused() + self._lost()
        typed = sorted({who for _, names in self.inputs.values() for who in names})
        # rows on a sheet that names no power (the GM's own, like Europe 1619's Papal Protection)
        unnamed = [f"{count} row(s) typed on {sheet}" for sheet, (count, names) in self.inputs.items() if count and not names]
        said = ([f"rows typed by {', '.join(typed)}"] if typed else []) + unnamed
        line += f", {', '.join(said)}" if said else ", nothing typed yet"
        if self.awaited is not None:
            line += f", waiting for {self.waiting_short}" if self.awaited else f", {self.all_entered}"
        return line + self._in_part() + self._refused() + self._lost()

    def _in_part(self) -> str:
        """:attr:`in_part` for a game's one line, as :attr:`waiting_short` shortens it."""
        if not self.in_part:
            return ""
        line = "; ".join(f"{who} ({words})" for who, words in self.in_part)
        if len(line) > 200:
            line = f"{', '.join(who for who, _ in self.in_part)} (what each left out: gm-tools status {self.game})"
        return f", entered in part: {line}"

    def _refused(self) -> str:
        return f", {self.problems} entry(ies) a turn would refuse" if self.problems else ""

    def _lost(self) -> str:
        count = len(self.lost_pictures)
        return f", {count} press picture(s) lost from its folder" if count else ""

    def text(self) -> str:
        lines = [f"{self.game}: {self.phase} ({self.title}), deadline: {self.deadline_words()}"]
        for p in self.powers:
            if not p.ordering or (self.awaited is not None and not p.typed):
                # nothing to order this phase (no unit, no adjustment due), or the phase's entries
                # go on its input sheets (a Payola offer sheet), where who is awaited is said below
                continue
            who = f" ({p.player})" if p.player else ""
            line = f"  {p.power}{who}: {p.entered} of {p.rows} row(s) ordered"
            if p.refused:
                line += f" ({p.refused} a turn would refuse)"
            if p.missing and p.typed:
                line += f"; no order for {', '.join(p.missing)}"
            if p.commanded:
                line += f"; other owners' units it may order: {p.commanded_entered} of {p.commanded} ordered"
            lines.append(line)
        waiting = self.waiting_line
        if self.awaited is None and not any(p.ordering for p in self.powers) and self.inputs:
            # a step of sheets a player may leave empty (Westphalia's Foreign Powers): the Orders
            # sheet, which says 'No orders in this phase.', is not what the GM is waiting on
            sheets = f"the {' and '.join(self.inputs)} sheet{'s' * (len(self.inputs) > 1)}"
            # rows gm-tools laid out (Payola's reference lists) are entries to the turn: no --force then
            played = (f"as the sheets stand ({', '.join(self.laid_out)}: the rows left as laid out read as typed)"
                      if self.laid_out else f"once something is typed (with nothing, gm-tools turn {self.game} --force)")
            lines.append(f"  nobody is waited for, {sheets} taking only what is chosen, if anything: the turn "
                         f"plays the phase {played}")
        elif self.awaited is None and not any(p.ordering for p in self.powers) and self.votes:
            lines.append(f"  nobody is waited for: the Orders sheet's rows are a vote any power may enter "
                         f"({', '.join(self.votes)}); the turn plays the phase once one is typed (with none, "
                         f"gm-tools turn {self.game} --force)")
        elif self.awaited is None and not any(p.ordering for p in self.powers):
            lines.append("  no rows on the Orders sheet this phase")
        else:
            lines.append(f"  waiting for: {waiting}" if waiting
                         else f"  {self.all_entered}" + (", not all in full" if self.in_part else ""))
            if self.in_part:
                lines.append(f"  {self.in_part_line()}")
            why: dict[str, list[str]] = {}
            for power, word in self.not_awaited.items():
                why.setdefault(word, []).append(power)
            lines += [f"  not waited for, {word}: {', '.join(powers)}" for word, powers in why.items()]
        for sheet, (count, who) in self.inputs.items():
            if sheet in self.unreadable:
                # '0 row(s) typed' would hide the GM's rows on a sheet the turn cannot read
                lines.append(f"  {sheet}: {self.unreadable[sheet]}")
                continue
            line = f"  {sheet}: {count} row(s) typed" + (f" (by {', '.join(who)})" if who else "")
            if sheet in self.laid_out:
                names = ", ".join(n for n in self.laid_out[sheet] if n)
                line += (f"; {len(self.laid_out[sheet])} left as laid out, typed by no one"
                         + (f" ({names})" if names else ""))
            lines.append(line)
        runs: dict[tuple[str, ...], list[str]] = {}
        for power, phases in self.missed.items():
            runs.setdefault(tuple(phases), []).append(power)
        if runs:
            lines.append("  sent nothing in their last phases owing orders (the rules' defaults played them): " + "; ".join(
                f"{', '.join(powers)} ({', '.join(phases)})" for phases, powers in runs.items()))
        lines.append(f"  press: {'entered' if self.press else 'none'}")
        if self.problems:
            lines.append(f"  {self.problems} entry(ies) a turn would refuse: gm-tools turn {self.game} --dry-run "
                         "names each")
        lines.extend(f"  press picture lost: {lost}" for lost in self.lost_pictures)
        lines.extend(f"  warning: {w}" for w in self.warnings)
        return "\n".join(lines)


def phase_status(name: str, root: str | os.PathLike | None = None) -> PhaseStatus:
    """The current phase of game ``name`` as its workbook stands; nothing is written."""
    state = load_state(name, root)
    state.refuse_if_over()
    if not state.paths.workbook.exists():
        raise missing_workbook(state.paths, "holds the phase's entries")
    variant, position = state.variant, state.position
    entries, problems, _, _, checked, _ = check_entries(state, state.paths.workbook.read_bytes())
    # Another game's workbook, or an old copy laid out for another phase: its rows are not this
    # phase's, so counting them would mislead; refused as `orders` refuses it
    whose = {entries.game_cells.get(key) for key in ("Game", "Variant", "Phase")} - {None}
    wrong = [p for p in problems if f"{p.sheet}!{p.cell}" in whose]
    if wrong:
        raise WorkbookError(str(state.paths.workbook), wrong)
    # The unit an order orders is the one its text names, as the turn reads it: an order typed
    # on another unit's row orders the unit it names, and the row's unit holds.
    read = {item["cell"]: item["read"] for items in checked.record.values() for item in items if item["read"]}
    by_power: dict[str, list[OrderEntry]] = {}
    for entry in entries.orders:
        unit = _unit_named(position, read.get(entry.cell)) or entry.unit
        by_power.setdefault(entry.power, []).append(replace(entry, unit=unit))
    faulty = {f"{p.sheet}!{p.cell}" for p in problems}
    powers = []
    voted = _voted(variant, position)
    sole = _sole_commander(variant, position)
    vote_rows: set[str] = set()
    for block in order_blocks(variant, position, rules_for(variant)):
        typed = by_power.get(block.power, [])
        ordered = {e.unit for e in typed if e.unit}
        others = {s.unit for s in block.slots if s.unit and _owner(position, s.unit) != block.power}
        # a build or removal of an owner every power may order (Europe 1615's Ottomans) is a
        # vote, as its units' orders are: no power owes it, nor is waited for it
        votes = [s for s in block.slots if not s.unit and s.label.startswith(voted)]
        own = [s for s in block.slots if s.unit not in others and s not in votes]
        vote_rows.update(s.label for s in votes)
        missing = [s.unit for s in own if s.unit and s.unit not in ordered]
        # A unit's row counts once however many orders were typed for it, and an order for a
        # unit the power does not have fills no row; rows without a unit (builds, removals)
        # are filled by the orders naming none of the block's units.
        own_units = {s.unit for s in own if s.unit}
        loose = sum(1 for e in typed if e.unit not in others and e.unit not in own_units)
        rows = len(own) - len(own_units)  # builds' and removals' rows
        entered = len(own_units & ordered) + min(loose, rows)
        power = PowerStatus(block.power, entries.players.get(block.power, ""), len(own),
                            entered, missing, sum(1 for e in typed if e.cell in faulty),
                            len(others), len(ordered & others), _owes(own, len(others)))
        # a minor only this power orders (Europe 1619's aligned, Centenary's vassals) has no
        # other order coming: its units left out hold as its own do
        theirs = [(s.unit, f"{s.unit} ({_name(variant, _owner(position, s.unit))})") for s in block.slots
                  if s.unit in others - ordered and sole.get(_owner(position, s.unit)) == block.power]
        power.lacking, power.lacking_rules = _lacking([s for s in block.slots if s not in votes],
                                                      [(u, u) for u in missing] + theirs, rows - min(loose, rows))
        powers.append(power)
    hooks = hooks_for(variant)
    tables = hooks.input_sheets(variant, position)
    inputs = {}
    laid_out = {}
    for t in tables:
        rows = entries.inputs.get(t.title, [])
        # a row still as gm-tools laid it out (Payola's reference list as it stands, drawn from
        # the seed) was typed by no one: counted as typed, it told the GM every power had mailed
        headers = [c.header for c in t.columns]
        laid = [dict(zip(headers, row)) for row in t.rows or []]
        untouched = [r for r in rows if any(all(_cell(r.values.get(h)) == _cell(v) for h, v in row.items())
                                            for row in laid)]
        rows = [r for r in rows if r not in untouched]
        by = (t.typed_by, "Player") if t.typed_by else ()
        who = {str(next((r.values.get(c) for c in by if r.values.get(c)), "")) for r in rows} - {""}
        inputs[t.title] = (len(rows), sorted(who))
        if untouched:
            # a row of two powers (Payola's alliance) is both, not the first alone
            named = [c.header for c in t.columns if c.choices and set(c.choices) <= set(variant.powers)]
            laid_out[t.title] = [" and ".join(str(r.values[h]) for h in named if r.values.get(h)) if len(named) > 1
                                 else str(r.values.get("Power") or r.values.get("Player") or "") for r in untouched]
    records = [(state.paths.history / f"{r['phase']}.json", r) for r in state.history]
    _, lost = pictures_of_records(state.paths.pictures, records)
    owed = hooks.awaited_for(variant, position, entries.inputs)
    status = PhaseStatus(name, position.phase, title_of(variant, position.phase), entries.deadline,
                         powers, inputs, bool(entries.press.strip()), len(problems), list(lost.values()),
                         None if owed is None else list(owed), owed or {})
    if owed is not None:
        status.all_entered = hooks.all_entered(variant, position)
    status.partial = [p for p in hooks.entered_in_part(variant, position, entries.inputs) if p[0] not in (owed or {})]
    status.laid_out = laid_out
    status.not_awaited = hooks.not_awaited(variant, position, entries.inputs)
    carried = "Next deadline" not in entries.game_cells  # laid out by a turn that carried the Deadline over
    if carried and entries.deadline and state.history and entries.deadline == state.history[-1].get("deadline"):
        status.carried = title_of(variant, state.history[-1]["phase"])
    status.warnings = hooks.warnings(variant, position, entries.inputs) + players_replaced(
        *gm_rows(entries.gm_sheets), entries.players, variant)  # a replaced player's addresses left
    playing = {u.power for u in position.units.values()} | set(position.centers.values())
    runs = sent_nothing(state.history, entries.players)
    status.missed = {p: runs[p] for p in variant.powers if p in runs and p in playing}  # in the variant's order
    status.votes = sorted(vote_rows)
    status.warnings += open_warnings(state.paths)
    for p in problems:
        if p.sheet in inputs and p.cell in ("", "1:1"):  # the sheet itself, or its header row
            status.unreadable.setdefault(p.sheet, f"found {p.found}, expected {p.expected}"
                                         + ("; its rows are not counted" if p.cell else ""))
    return status


def sent_nothing(history: list[dict], players: dict[str, str]) -> dict[str, list[str]]:
    """Power -> its run of missed turns up to now, oldest first: the phases owing it orders (the
    rules played some by default) in which nothing of it was entered. A phase owing it nothing
    neither counts nor ends the run; one it entered anything in ends it, as does a record
    naming another player than ``players`` (the Game sheet's): a new player's run is his own."""
    runs: dict[str, list[str]] = {}
    ended: set[str] = set()
    for record in reversed(history):
        orders = record.get("orders") or {}
        owed = owed_orders(record)
        for power in (set(orders) | owed) - ended:
            if orders.get(power) or (record.get("players") or {}).get(power, "") != players.get(power, ""):
                ended.add(power)
            elif power in owed:  # played by default: the rules' defaults, nothing entered
                runs.setdefault(power, []).insert(0, record["phase"])
    return runs


def _owes(slots, others: int) -> str:
    """What a power's own rows of the Orders sheet ask of it, in the sheet's words: its units'
    orders, a dislodged unit's retreat, the builds and removals due (its own and a commanded
    owner's, Centenary's vassals'); or the rows of others' units it may order, when it has none."""
    def counted(n: int, word: str) -> str:
        return f"{n} {word}{'s' if n != 1 else ''}"

    if not slots:
        return f"orders for {counted(others, 'unit')} of others it may order" if others else ""
    if all(s.unit and s.complete for s in slots):  # a dislodged unit's row lists every retreat it may make
        return f"{', '.join(s.unit for s in slots)} to retreat or disband"
    if all(s.unit for s in slots):
        return f"orders for {counted(len(slots), 'unit')}"
    builds = sum(1 for s in slots if "build" in s.label.lower())
    removals = sum(1 for s in slots if "removal" in s.label.lower())
    if builds + removals != len(slots):
        return f"{counted(len(slots), 'row')} on the Orders sheet"
    return " and ".join(counted(n, word) for n, word in ((builds, "build"), (removals, "removal")) if n)


def _lacking(slots, missing: list[tuple[str, str]], empty: int) -> tuple[str, tuple[str, ...]]:
    """What a power's rows still leave out (``missing``: the units whose rows have no order,
    each with its words, ``empty``: build and removal rows not filled), and what the rules make of it: 2000
    rulebook, 'Holding' (a unit given no order holds), 'Retreating' (a dislodged unit not
    ordered to retreat is disbanded), and an adjustment not entered, a build waived or a
    removal made by civil disorder (the turn's notes, ``engine/results.py``)."""
    said, rules = [], []
    retreats = [words for u, words in missing if any(s.unit == u and s.complete for s in slots)]
    moves = [words for _, words in missing if words not in retreats]
    if moves:
        said.append(f"no order for {', '.join(moves)}")
        rules.append("a unit given no order holds")
    if retreats:
        said.append(f"no retreat order for {', '.join(retreats)}")
        rules.append("a dislodged unit given no retreat order is disbanded")
    rows = [s for s in slots if not s.unit]
    if empty > 0 and rows:
        builds = sum(1 for s in rows if "build" in s.label.lower())
        removals = sum(1 for s in rows if "removal" in s.label.lower())
        word = "build" if builds == len(rows) else "removal" if removals == len(rows) else "row"
        said.append(f"{empty} of {len(rows)} {word}{'s' * (len(rows) != 1)} not entered")
        if builds:
            rules.append("a build not entered is waived")
        if removals:
            rules.append("a removal not entered is made by civil disorder")
    return "; ".join(said), tuple(rules)


def _sole_commander(variant, position) -> dict[str, str]:
    """Other owners (``Rules.commanded``) whose units one power alone orders -> that power."""
    rules = rules_for(variant)
    by: dict[str, list[str]] = {}
    for power in (code for code, p in variant.powers.items() if p.playable):  # a minor is one of the powers
        for owner in rules.commanded(variant, position, power):
            by.setdefault(owner, []).append(power)
    return {owner: powers[0] for owner, powers in by.items() if len(powers) == 1}


def _name(variant, code: str | None) -> str:
    """A power's or minor state's name; a code the variant does not name stays a code."""
    return variant.powers[code].name if code in variant.powers else str(code)


def _voted(variant, position) -> tuple[str, ...]:
    """The adjustment rows' openings (``"Ottoman Empire build"``) of the owners more than one
    power may order (``Rules.commanded``), whose builds and removals are voted on, not owed."""
    rules = rules_for(variant)
    counts: dict[str, int] = {}
    for power in variant.powers:
        for owner in rules.commanded(variant, position, power):
            if rules.lays_out(variant, position, power, owner):
                counts[owner] = counts.get(owner, 0) + 1
    names = [variant.powers[o].name for o, n in counts.items() if n > 1 and o in variant.powers]
    return tuple(f"{name} {word} " for name in names for word in ("build", "removal"))


def _unit_named(position, order: str | None) -> str | None:
    """The unit an order as read (``A MAR - SPA``) names, when one stands (or retreats) there;
    None for a build, a removal's row or an order not read."""
    words = (order or "").split()
    if len(words) < 2 or words[0] not in ("A", "F"):
        return None
    unit = f"{words[0]} {words[1]}"
    return unit if _owner(position, unit) is not None else None


def _owner(position, unit: str) -> str | None:
    """Whose the unit of an Orders row (``A PAR``, ``F STP/SC``) is, dislodged or on the board:
    in a retreat phase the dislodged unit is the one ordered, and its province holds the unit
    that dislodged it."""
    province = province_of(unit.partition(" ")[2])
    dislodged = position.dislodged.get(province)
    here = dislodged.unit if dislodged is not None else position.units.get(province)
    return here.power if here else None


def every_game(root: str | os.PathLike | None = None) -> list[str]:
    """One line per game in the games folder, by name: its :meth:`PhaseStatus.summary`, or
    why it has none (over, or a problem with its files, named without stopping the others)."""
    return _every_game(root)[0]


def _every_game(root: str | os.PathLike | None) -> tuple[list[str], bool]:
    """:func:`every_game`'s lines, and whether one names a problem with a game's files."""
    folder = games_root(root)
    if folder.exists() and not folder.is_dir():
        raise GameError(f"{folder} is a file, expected the folder of the games (--root)")
    clear_leftovers(folder)  # a game committed and cut short is listed, one never made is not left
    lines, faulty = [], False
    lost = {p.parent.name for p in folder.glob("*/history") if lost_record(p.parent)}  # said, not left out
    for name in sorted({p.parent.name for p in folder.glob("*/game.json")} | lost):
        try:
            state = load_state(name, folder)
            # in the words `status NAME` says it, not the refusal a turn gives ("game 'g' is over")
            lines.append(f"{name}: the game is over: {state.over_text()}" if state.finished
                         else phase_status(name, root=folder).summary())
        except UserError as e:  # a damaged file: said on its line
            # a folder no game can be named as (rome.old, 'rome copy'): a copy kept by hand
            copy = "" if GAME_NAME_RE.match(name) else f" (a copy of a game's folder? keep backups outside {folder})"
            lines.append(f"{name}: {e}{copy}")
            faulty = True
    return lines or [f"no game in {folder} (create one with: gm-tools new-game VARIANT NAME)"], faulty


def cmd_status(args) -> int:
    if not args.game:
        if not games_root(args.root).exists():  # refused as `site` refuses it, not "no game" and status 0
            raise no_games_folder(games_root(args.root))
        lines, faulty = _every_game(args.root)
        print("\n".join(lines))
        return 1 if faulty else 0  # as `site` ends when it names a damaged game: a script sees it
    clear_leftovers(games_root(args.root))  # the GM's usual next look after a command was killed
    state = load_state(args.game, args.root)
    if state.finished:
        # the question 'who is still to enter?' has an answer: nobody, the game is over
        print(f"{args.game}: the game is over: {state.over_text()}; nothing is waited for")
        return 0
    print(phase_status(args.game, root=args.root).text())
    return 0


def _cell(value) -> str:
    """A cell's value as the sheet shows it, to tell a row left as laid out from one typed."""
    return "" if value is None else str(value).strip()
