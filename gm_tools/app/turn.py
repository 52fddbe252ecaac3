"""The GM's workflow: create a game, process a turn (or only check it, ``--dry-run``), write
the private reports again, replay a game (rolling a phase back is :mod:`gm_tools.app.rollback`).

A turn runs as a pipeline, each step in the module that owns it:

    read the workbook (workbook) -> check every entry (ordercheck, with the parser)
    -> adjudicate (engine) -> record the phase (journal) -> write the workbook back (workbook)
    -> publish the site (site)

Every problem with the workbook is collected in one pass and raised together as a
WorkbookError before anything is written. Files are written only at the end, each
atomically and all together (:func:`gm_tools.edges.journal.commit_turn`): backup, history
record, workbook, private reports.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from gm_tools.errors import GameError, OrderError, WorkbookError
from gm_tools.edges.game import (
    RECORD_FORMAT, GameInfo, GamePaths, check_game_name, check_replayable, game_paths, load_game, load_history,
    end_words, make_folder, missing_workbook, open_warnings, read_end, refuse_if_open, json_text,
    write_atomic,
)
from gm_tools.edges.recorddelta import shrink
from gm_tools.edges.journal import (commit_turn, create_game, game_lock, half_done, needs_publishing, published,
                                    recover, settle)
from gm_tools.engine.hooks import SheetHooks, hooks_for
from gm_tools.edges.layout import centers_table, game_over_title, order_blocks, players_header, results_table, title_of, units_table
from gm_tools.engine.model import Position, order_text
from gm_tools.edges.ordercheck import CheckedOrders, default_notes, parse_commanded
from gm_tools.engine.positions import position_from_json, position_to_json
from gm_tools.engine.results import result_json
from gm_tools.engine.rules import Rules, rules_for, variant_for_game
from gm_tools.engine.system import system_for
from gm_tools.engine.variant import Variant
from gm_tools.app.entrychecks import check_read
from gm_tools.app.publishfault import ACT_STATUS, FAULT_STATUS, guarded, said_unpublished
from gm_tools.app.turnreport import TurnReport, drawn_words, dry_run_report, orders_units, won_together
from gm_tools.publish.droppedrows import DROPPED
from gm_tools.edges.addresses import address_problems, gm_rows, laid_out, players_replaced, with_addresses
from gm_tools.edges.gmsheets import clashes, left_behind
from gm_tools.edges.workbook import (CHOICES, GameFacts, OrderEntry, WorkbookPlan, plan_titles, read_workbook, variant_label,
                                     write_workbook)

DEFAULT_SITE = "site"


# --- the start of a game ------------------------------------------------------------------


def start_position(variant: Variant) -> Position:
    """The variant's starting position, at its first phase."""
    return Position(
        phase=variant.calendar.first_phase,
        units={u.province: u for u in variant.start_units},
        centers=dict(variant.start_centers),
    )


def _load_variant(name: str) -> Variant:
    from gm_tools.edges.variants import load_variant

    return load_variant(name)


def _variant_key(name: str, variant: Variant) -> str:
    """What game.json stores to find the variant again: its registry name, or the folder
    path for a variant outside the registry (a test board, a variant in progress)."""
    path = Path(name)
    return str(path.resolve()) if path.is_dir() else variant.name


def new_game(
    variant_name: str,
    name: str,
    root: str | os.PathLike | None = None,
    seed: int | None = None,
    players: dict[str, str] | None = None,
    created: str | None = None,
    player_count: int | None = None,
    options: dict | None = None,
) -> GamePaths:
    """Create game ``name``: its record folder and its workbook laid out for the first phase.
    ``player_count`` picks one of the variant's smaller setups (Europe 1619: 10 to 15);
    ``options`` are the game's choices over the variant's ``[options]`` (checked)."""
    check_game_name(name)
    loaded = _load_variant(variant_name)
    options = system_for(loaded).options_of_new_game(loaded, options)
    variant = variant_for_game(loaded, player_count, options)
    paths = game_paths(name, root)
    refuse_if_open(paths)
    # The Game sheet takes 0 or more, and a spreadsheet cell keeps 15 digits exactly: a longer
    # seed would be rounded in the workbook, and the turns would draw from another seed.
    if seed is not None and not 0 <= seed < 10**15:
        raise GameError(f"--seed {seed}: expected a whole number, 0 or more, of at most 15 digits (the seed for "
                        "the rules' randomness; a spreadsheet cell keeps no more exactly)")
    if seed is None:
        # 15 digits: too many to try one by one against the draws a site shows (a billion
        # seeds are tried in an hour).
        seed = secrets.randbelow(10**15)
    named = {}
    for power, player in (players or {}).items():
        code = variant.power_named(power)
        if code is None or not variant.powers[code].playable:  # a neutral or minor state has no player
            found = f"found {code}, which no player plays; expected a played power" if code else "expected a power"
            raise GameError(f"player for {power!r}: {found} of {variant.name}, its name or the first letters of one "
                            f"({', '.join(c for c, p in variant.powers.items() if p.playable)})")
        if code in named:
            raise GameError(f"player for {power!r}: found {code}'s player named twice, expected each power once")
        named[code] = player
    players = {code: named.get(code, "") for code in variant.powers}
    info = GameInfo(
        name=name,
        variant=_variant_key(variant_name, loaded),
        seed=str(seed),
        players=players,
        created=created or _now().strftime("%Y-%m-%dT%H:%M:%SZ"),
        player_count=player_count,
        options=dict(options or {}),
    )
    position = start_position(variant)
    data = write_workbook(_plan(variant, hooks_for(variant), rules_for(variant), info.name, position,
                                deadline="", seed=seed, players=players, last_record=None))
    create_game(paths, json_text(info.to_json()).encode("utf-8"), data)
    return paths


# --- the state of a game --------------------------------------------------------------------


@dataclass
class GameState:
    """A game as its record says it is now."""

    paths: GamePaths
    """Its files."""
    info: GameInfo
    """game.json."""
    variant: Variant
    """Its variant."""
    history: list[dict]
    """Stored records in calendar order."""
    position: Position
    """The position at the start of the current phase."""
    end: dict | None = None
    """How the GM ended the game (a draw or a winner called, ``end.json``), or None."""

    @property
    def finished(self) -> bool:
        return self.end is not None or (bool(self.history) and self.history[-1]["next_phase"] is None)

    def refuse_if_over(self) -> None:
        """A game that is over takes no turn, mail or draw: a plain error saying why."""
        if self.finished:
            raise GameError(f"game {self.info.name!r} is over: {self.over_text()}")

    def over_text(self) -> str:
        """Why no phase can be played: the draw, or the winner."""
        if self.end is not None:
            return f"{end_words(self.end)} (gm-tools end {self.info.name} --undo reopens it)"
        if self.history and self.history[-1].get("draw"):
            # a victory the rules share (an alliance's, Westphalia's saved players) is won, not drawn
            last = self.history[-1]
            return won_together(self.variant, last, last["phase"]) or drawn_words(last)
        if not self.winner:
            return "the game is over"
        return f"{self.variant.power_called(self.winner)} won in {self.history[-1]['phase']}"

    @property
    def winner(self) -> str | None:
        if self.end is not None and self.end["result"] == "win":
            return self.end["winner"]  # 'allow the GM to call a winner' (gm-tools end --winner)
        return self.history[-1].get("winner") if self.history else None


def load_state(name: str, root: str | os.PathLike | None = None) -> GameState:
    paths = game_paths(name, root)
    settle(paths)
    info = load_game(paths)
    variant = variant_for_game(_load_variant(info.variant), info.player_count, info.options)
    history = load_history(paths, variant.calendar, system_for(variant))
    if history:
        position = position_from_json(history[-1]["after"])
    else:
        position = start_position(variant)
    return GameState(paths, info, variant, history, position, read_end(paths))


@contextlib.contextmanager
def locked_game(name: str, root: str | os.PathLike | None = None):
    """The game under its lock, with a turn an earlier command left half-done finished first
    (:mod:`gm_tools.edges.journal`): yields its state as read under the lock."""
    paths = game_paths(name, root)
    if half_done(paths) is None:  # else a game whose creation was cut short: finished under the lock
        load_game(paths)  # a missing or damaged game is reported before anything is locked
    with game_lock(paths):
        recover(paths)
        yield load_state(name, root)


def winner_of(variant: Variant, position: Position) -> str | None:
    """The power holding the victory centers by the standard count, if any. The workflow
    asks the variant's ``rules.winner`` instead (Centenary counts vassals' centers)."""
    return Rules().winner(variant, position)


# --- one turn -------------------------------------------------------------------------------


@dataclass
class Adjudication:
    """What the engine made of a phase, ready for the record."""

    results: list[dict]
    """The record's ``results``, sorted."""
    notes: list[dict]
    """The record's ``notes`` (defaults applied), sorted."""
    after: Position
    """The position at the start of the next phase played (or the final one)."""
    winner: str | None
    """The solo winner, if the phase ended the game."""
    outcome: dict = None
    """A variant's phase: what it did beyond the results (``PhaseOutcome.extra``), stored in
    the record's ``extra["outcome"]``."""
    draws: list = None
    """The random draws the rules made after the phase (``Rules.after_phase``), for the
    record's ``random.draws``."""
    draw: dict | None = None
    """A draw the rules forced (``Rules.draw``): ``{"powers": [...], "reason": ...}``, or None."""

    @property
    def over(self) -> bool:
        """The phase ended the game: a winner or a forced draw."""
        return bool(self.winner) or self.draw is not None


def adjudicate(variant: Variant, rules: Rules, hooks: SheetHooks, position: Position,
               checked: CheckedOrders, inputs: dict, seed: str = "") -> Adjudication:
    """Run the phase through the engine. The engine also skips the phases nobody has to
    play and updates center ownership at the end of the year."""
    from gm_tools.engine.runner import run_phase

    start = hooks.apply_inputs(variant, position, inputs)
    orders_text: dict[str, list[str]] = {}
    for orders in checked.orders.values():
        for o in orders:
            # An order for a commanded minor's unit is in the minor's name (rules.commanded).
            orders_text.setdefault(o.power, []).append(order_text(o))
    for power, texts in hooks.orders_from_inputs(variant, start, inputs).items():
        orders_text.setdefault(power, []).extend(texts)
    outcome = run_phase(variant, start, orders_text, rules, inputs)
    results = sorted(
        (result_json(r) for r in outcome.results),
        key=lambda r: (r["power"], r["order"], r["result"], r["reason"]),
    )
    notes = default_notes(variant, start, checked, outcome.position, rules)
    after, draws = rules.after_phase(variant, start, outcome.position, seed)
    winner = outcome.winner or rules.winner(variant, after)
    forced = None if winner else rules.draw(variant, after)
    draw = {"powers": list(forced[0]), "reason": forced[1]} if forced else None
    return Adjudication(results, notes, after, winner, outcome.extra, draws, draw)


def _now() -> datetime.datetime:
    """The time a game's files record (UTC). The environment's ``SOURCE_DATE_EPOCH`` (the
    reproducible-builds convention) sets it, so a scripted run can give the same bytes every
    time; otherwise the clock."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
    return datetime.datetime.now(datetime.timezone.utc)


def processed_now() -> str:
    """When a turn is processed, as the record keeps it (UTC, to the minute; :func:`_now`)."""
    return _now().strftime("%Y-%m-%dT%H:%M:00Z")


def process_phase(
    state: GameState, data: bytes, lenient: bool = False, force: bool = False, processed: str | None = None
) -> tuple[dict | None, bytes | None]:
    """Check and adjudicate the current phase from workbook bytes. Returns the history record, the
    new workbook's bytes and the entries' warnings (``SheetHooks.warnings``), or (None, None, []) when
    nothing was entered. Raises WorkbookError listing every problem. Writes nothing. ``processed`` is
    the time the record keeps (default: :func:`processed_now`)."""
    variant, position, paths = state.variant, state.position, state.paths
    rules, hooks = rules_for(variant), hooks_for(variant)
    input_tables = hooks.input_sheets(variant, position)
    entries, problems, ours, inputs, checked, dropped = check_entries(state, data, lenient)
    if problems:
        raise WorkbookError(str(paths.workbook), problems, entries.sheets)
    # A phase with no order rows and no input sheets (a variant's map adjustment or scoring)
    # has nothing to wait for: processing it is the only thing to do.
    # Nor one whose input sheets await nobody (`status`: every player has entered), such as a
    # Westphalia step where no player has anything to enter.
    nothing_to_enter = not order_blocks(variant, position, rules) and (
        not input_tables or hooks.awaited(variant, position, entries.inputs) == [])
    if not (entries.orders or entries.press or any(entries.inputs.values()) or dropped or force or nothing_to_enter):
        return None, None, []

    done = adjudicate(variant, rules, hooks, position, checked, inputs, str(entries.seed))
    record = {
        "format": RECORD_FORMAT,
        "game": state.info.name,
        "variant": variant.name,
        "phase": position.phase,
        "title": title_of(variant, position.phase),
        "before": position_to_json(position),
        "orders": checked.record,
        "results": done.results,
        "notes": done.notes,
        "after": position_to_json(done.after),
        "next_phase": None if done.over else done.after.phase,
        "winner": done.winner,
        "press": entries.press,
        "players": {p: entries.players.get(p, "") for p in variant.powers},
        "deadline": entries.deadline,
        "processed": processed or processed_now(),
        "random": {"seed": str(entries.seed), "draws": done.draws},
        "extra": _record_extra(hooks, inputs, done),
    }
    if done.draw:
        record["draw"] = done.draw  # only in a record that ends the game so: older records keep their bytes
    if dropped:
        record[DROPPED] = dropped  # likewise only where a lenient turn dropped a row
    # the Next deadline typed before the turn is the new phase's; none typed, the GM types it
    # later (this phase's is past: carried over, the site and status would give it as the next)
    plan = _plan(variant, hooks, rules, state.info.name, done.after, entries.next_deadline, entries.seed,
                 record["players"], record, hooks.entered_at(variant, position, entries.inputs))
    clash = clashes(entries.gm_sheets, [t for t in plan_titles(plan) if t not in ours], plan.inputs, plan.game.phase)
    if clash:
        raise WorkbookError(str(paths.workbook), clash, entries.sheets)
    # a workbook laid out before the Addresses sheet existed gets it in the next phase's
    plan.gm_sheets = with_addresses([s for s in entries.gm_sheets if not left_behind(s, plan.inputs)], plan.gm_sheets[0])
    same = entries.next_deadline and entries.next_deadline == entries.deadline  # a copy-paste slip, most often
    return record, write_workbook(plan), hooks.warnings(variant, position, entries.inputs) + players_replaced(
        *gm_rows(entries.gm_sheets), entries.players, variant) + (
        [f"{entries.game_cells['Next deadline']}: the Next deadline is this phase's Deadline word for word "
         f"({entries.next_deadline}): the next phase's workbook and the site give it as the next phase's"] if same else [])


def check_entries(state: GameState, data: bytes, lenient: bool = False):
    """Every check a turn makes of the workbook ``data`` before it adjudicates: (the entries,
    every problem found, the titles of gm-tools' sheets (:func:`read_entries`), the input
    sheets' checked values, the orders checked, the input rows ``lenient`` dropped
    (:mod:`gm_tools.app.entrychecks`)). Nothing is adjudicated or written."""
    variant, position = state.variant, state.position
    entries, problems, ours = read_entries(state, data)
    problems, inputs, checked, dropped = check_read(variant, position, rules_for(variant), hooks_for(variant),
                                                    entries, problems, lenient)
    return entries, problems, ours, inputs, checked, dropped


def read_entries(state: GameState, data: bytes):
    """What the GM entered in the workbook ``data`` for the current phase, the problems found
    reading it (a workbook of another game or an old copy of this one is one), and the titles
    of the sheets gm-tools wrote for the phase (any other is the GM's own, carried over)."""
    variant, position, paths = state.variant, state.position, state.paths
    rules, hooks = rules_for(variant), hooks_for(variant)
    ours = set(plan_titles(_plan(variant, hooks, rules, state.info.name, position, "", 0, {},
                                 state.history[-1] if state.history else None)))
    entries, problems = read_workbook(data, str(paths.workbook), variant, hooks.input_sheets(variant, position),
                                      game_name=state.info.name, phase=position.phase, ours=ours,
                                      pictures=paths.pictures)
    return entries, problems + address_problems(entries.gm_sheets, variant), ours


def _record_extra(hooks: SheetHooks, inputs: dict, done: Adjudication) -> dict:
    """The record's ``extra``: the variant's checked inputs under its hooks' name, and what a
    variant's phase did under ``outcome``."""
    extra = {hooks.name: inputs} if inputs else {}
    if done.outcome:
        extra["outcome"] = done.outcome
    return extra


def _plan(variant: Variant, hooks: SheetHooks, rules: Rules, name: str, position: Position, deadline: str,
          seed: int, players: dict[str, str], last_record: dict | None, typed=()) -> WorkbookPlan:
    over = bool(last_record and last_record["next_phase"] is None)
    return WorkbookPlan(
        game=GameFacts(
            name=name,
            variant=variant_label(variant),
            phase="" if over else position.phase,
            title=game_over_title(variant, rules, last_record) if over else title_of(variant, position.phase),
            deadline=deadline,
            seed=seed,
            players=players,
        ),
        power_names={code: p.name for code, p in variant.powers.items()}, players_header=players_header(variant),
        power_colours={code: p.colour for code, p in variant.powers.items()},
        blocks=[] if over else order_blocks(variant, position, rules),
        computed=[units_table(variant, position, rules), centers_table(variant, position),
                  results_table(variant, last_record, typed)] + hooks.output_sheets(variant, position),
        inputs=[] if over else hooks.input_sheets(variant, position),
        gm_sheets=[laid_out(variant, players, CHOICES)],  # the players' addresses, never published
    )


def publish(root: Path, site_dir: str | os.PathLike, maps_beside: bool = False) -> list[str]:
    """Rebuild the site from every game's record (it writes only the pages that changed);
    ``maps_beside`` as in :class:`~gm_tools.publish.site.SiteSettings`. Returns the build's
    warnings."""
    from gm_tools.publish.site import SiteSettings, build_site

    return build_site(root, Path(site_dir), SiteSettings(maps_beside=maps_beside)).warnings


def publish_warning(root: Path, site_dir: str | os.PathLike, done: tuple | None = None) -> None:
    """:func:`publish` for a command that has no report of its own to carry the warnings
    (rollback, end, the demo): they go to standard error, where the GM sees them. ``done``: see
    :func:`~gm_tools.app.publishfault.guarded`."""
    for warning in guarded(done, site_dir, lambda: publish(root, site_dir)):
        print(f"warning: {warning}", file=sys.stderr)


def run_turn(
    name: str,
    root: str | os.PathLike | None = None,
    lenient: bool = False,
    force: bool = False,
    site_dir: str | os.PathLike | None = DEFAULT_SITE,
    processed: str | None = None,
    maps_beside: bool = False,
) -> TurnReport:
    """``gm-tools turn NAME``: process the current phase and publish. The game is locked
    while it runs, and a turn an earlier command left half-done is finished first
    (:mod:`gm_tools.edges.journal`). ``maps_beside``: see :class:`~gm_tools.publish.site.SiteSettings`."""
    with locked_game(name, root) as state:
        paths, report = state.paths, None
        if site_dir and state.finished and needs_publishing(paths):
            publish_warning(paths.root, site_dir)  # an end killed while it published: the game takes no turn
            published(paths)
        try:
            report = _turn(state, lenient, force, site_dir, processed)
            if site_dir and (report.processed or needs_publishing(paths)):
                try:
                    report.site_warnings = publish(paths.root, site_dir, maps_beside)
                except Exception as e:
                    # The phase is recorded: a failure now must not read as a turn that failed
                    # (processed again, or rolled back); the journal keeps it to publish.
                    said_unpublished(report, paths, site_dir, e)
                    return report
                published(paths)
                report.site = str(site_dir)
            return report
        except KeyboardInterrupt:  # Ctrl-C once the phase is recorded: said, lest it be taken as not
            if paths.record_file(state.position.phase).exists() or half_done(paths):
                if report is not None:
                    print(report.text())
                print(f"gm-tools: {name}: {state.position.phase} is processed and recorded; the site, cut short, "
                      "is published by the next turn (or gm-tools site)", file=sys.stderr)
            raise


def preview_turn(name: str, root: str | os.PathLike | None = None, lenient: bool = False,
                 force: bool = False) -> TurnReport:
    """``gm-tools turn NAME --dry-run``: the phase checked and adjudicated exactly as a turn
    would now (the same seed, so the same draws), its report, and nothing written: no record,
    no workbook, no site. Read under the game's lock, so never halfway through another turn;
    a turn an earlier command left half-done is not finished here (that writes), but named."""
    paths = game_paths(name, root)
    load_game(paths)
    with game_lock(paths):
        pending = half_done(paths)
        if pending:
            raise GameError(f"{name}: {pending} was left half-done by a command that stopped; 'gm-tools status "
                            f"{name}' finishes it (as any command that writes does), then a dry run shows the phase")
        state = load_state(name, root)
        state.refuse_if_over()
        if not paths.workbook.exists():
            raise missing_workbook(paths, "is needed to process a turn")
        record, _, warnings = process_phase(state, paths.workbook.read_bytes(), lenient=lenient, force=force)
    return dry_run_report(state, record, warnings + open_warnings(paths))


def _turn(state: GameState, lenient: bool, force: bool, site_dir, processed: str | None = None) -> TurnReport:
    name, paths = state.info.name, state.paths
    refuse_if_open(paths)
    state.refuse_if_over()
    if not paths.workbook.exists():
        raise missing_workbook(paths, "is needed to process a turn")
    data = paths.workbook.read_bytes()
    record, workbook, warnings = process_phase(state, data, lenient=lenient, force=force, processed=processed)
    if record is None:
        return TurnReport(name, state.position.phase, processed=False, units=orders_units(state))
    if site_dir:
        # A site folder that cannot be made (a mistyped --site) fails here, before the phase
        # is recorded, rather than after the record and workbook are written.
        make_folder(Path(site_dir))
    # The backup (the workbook as the GM left it), the record and the new workbook land
    # together or not at all.
    # on disk, a long game's books are kept as what changed (gm_tools/edges/recorddelta.py)
    stored = shrink(record, state.history[-1] if state.history else None)
    report = TurnReport(name, record["phase"], processed=True, record=record, variant=state.variant, warnings=warnings)
    # The report is worded before anything is written: a fault in a variant's report sections
    # then stops the turn with nothing recorded, instead of after the phase was (and again
    # at every retry, each recording one more phase).
    report.text()
    # the private reports land with the phase: written after it, a kill between lost them
    # without a word, the GM sending no ledger for a phase the site shows played
    private = {power: text.encode("utf-8")
               for power, text in hooks_for(state.variant).private_reports(state.variant, record).items()}
    commit_turn(paths, record["phase"], data, json_text(stored).encode("utf-8"), workbook, private)
    return report


def _write_private_reports(state: GameState, record: dict) -> list[Path]:
    """What the rules give one power alone (a Payola ledger), as ``NAME/private/PHASE/POWER.txt``
    for the GM to send; made from the record alone, so ``gm-tools private`` makes a lost one again."""
    reports = hooks_for(state.variant).private_reports(state.variant, record)
    written = []
    for power, text in sorted(reports.items()):
        path = state.paths.folder / "private" / record["phase"] / f"{power}.txt"
        write_atomic(path, text.encode("utf-8"))
        written.append(path)
    return written


def private_reports(name: str, root: str | os.PathLike | None = None) -> list[Path]:
    """``gm-tools private NAME``: every phase's private reports written again from the records
    (a ledger lost or to be sent again). Returns the files written."""
    with locked_game(name, root) as state:
        return [path for record in state.history for path in _write_private_reports(state, record)]


def replay(name: str, root: str | os.PathLike | None = None, compared: dict | None = None) -> list[str]:
    """Re-adjudicate every stored phase from its stored orders (as read) and compare with the
    stored record byte for byte. Returns the phases that differ (empty: the game replays
    to the same bytes); ``compared`` gets each one's stored and replayed record (app.replayhints)."""
    from gm_tools.edges.game import json_text

    state = load_state(name, root)
    variant = state.variant
    rules, hooks = rules_for(variant), hooks_for(variant)
    differ = []
    position = start_position(variant)
    for stored in state.history:
        check_replayable(state.paths.record_file(stored["phase"]), stored)
        checked = CheckedOrders(record=stored["orders"])
        inputs = stored["extra"].get(hooks.name, {})
        board = hooks.apply_inputs(variant, position, inputs)
        for power, items in stored["orders"].items():
            for item in items:
                if item.get("outbid"):
                    continue  # not chosen by the rules' vote: neither an order nor a mistake
                if item["read"] is None:
                    checked.invalid.append((OrderEntry(power, item["cell"], item["written"], None), item["error"]))
                    continue
                try:
                    order = parse_commanded(item["read"], variant, board, power, rules)
                except OrderError as e:
                    # a record edited by hand, or an earlier phase that replayed otherwise: the
                    # GM is told where, as for any phase that differs
                    since = f"; the replay differs from the record from {differ[0]} on" if differ else ""
                    raise GameError(f"{state.paths.record_file(stored['phase'])}: {power}'s order {item['read']!r} "
                                    f"cannot be carried out on the board the replay reached ({e.reason}){since}")
                checked.orders.setdefault(power, []).append(order)
        done = adjudicate(variant, rules, hooks, position, checked, inputs, stored["random"]["seed"])
        replayed = dict(stored, before=position_to_json(position), results=done.results, notes=done.notes,
                        random={"seed": stored["random"]["seed"], "draws": done.draws},
                        extra=_record_extra(hooks, stored["extra"].get(hooks.name, {}), done),
                        after=position_to_json(done.after), winner=done.winner,
                        next_phase=None if done.over else done.after.phase)
        replayed.pop("draw", None)
        if done.draw:
            replayed["draw"] = done.draw
        if any("parsed" not in r for r in stored["results"]):  # recorded before orders were kept parsed
            replayed["results"] = [{k: v for k, v in r.items() if k != "parsed"} for r in replayed["results"]]
        if json_text(replayed) != json_text(stored):
            differ.append(stored["phase"])
            if compared is not None:
                compared[stored["phase"]] = (stored, replayed)
        position = done.after
    return differ


# --- the command line -------------------------------------------------------------------------


def cmd_turn(args) -> int:
    given = [o for o, on in (("--dry-run", args.dry_run), ("--lenient", args.lenient), ("--force", args.force)) if on]
    if not args.game and given:  # the demo takes none of them: say so, not play it as if they were heeded
        raise GameError(f"{given[0]} is for a game's turn: name the game (gm-tools turn NAME {given[0]})")
    if not args.game:
        from gm_tools.app.demo import cmd_demo

        return cmd_demo(args)
    if args.dry_run:
        print(preview_turn(args.game, root=args.root, lenient=args.lenient, force=args.force).text())
        return 0
    report = run_turn(args.game, root=args.root, lenient=args.lenient, force=args.force, site_dir=args.site,
                      maps_beside=True)
    print(report.text())
    return FAULT_STATUS if report.site_fault else ACT_STATUS if report.site_error else 0


def cmd_private(args) -> int:
    written = private_reports(args.game, root=args.root)
    for path in written:
        print(path)
    if not written:
        variant = load_state(args.game, args.root).variant
        gives = type(hooks_for(variant)).private_reports is not SheetHooks.private_reports
        print(f"{args.game}: no phase played yet has given a private report" if gives
              else f"{args.game}: its rules give no private reports")
    return 0
