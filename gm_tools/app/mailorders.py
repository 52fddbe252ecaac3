"""``gm-tools orders GAME MAIL...``: players' mailed orders into the game's workbook.

Each mail is read as judges read it (:mod:`gm_tools.edges.mail`), each order checked against
the current phase with the same reader and the same errors as a turn, and the orders that stand are typed
into the power's block of the Orders sheet, replacing that power's earlier orders (a player's latest mail is
the one that counts; the report names the units it leaves without orders; a mail of which nothing stands replaces nothing). A game system whose phase takes its
entries on sheets of its own (``GameSystem.mailed_rows``: Europe 1615 v2's offer sheets) has
the lines read as rows of those sheets and checked by its own sheet checks instead, together
with the other powers' rows the turn will read (those on the sheets, those of the other mails
of the same command: Europe 1615's attack on INFs another power deploys there). Unit orders
are checked against the board all the phase's sheets make, as the turn reads them (Europe
1615's Swiss Passage sheet lets a Spanish unit into Switzerland). What was refused is reported
with its line and the reason, and not written. A game system whose phase lays out a row for each player, or a row two players' mails fill together
(``GameSystem.mailed_cells``: The Peace of Westphalia's steps), has its lines typed into
cells by :mod:`.mailcells` instead, checked the same way. The workbook is replaced in one
step under the game's lock, after the previous version and the mails are kept in the game's
``mail/`` folder.
Before any mail is read (a dry run too) the workbook is checked as a turn checks it
(:mod:`.mailworkbook`): a workbook of another game, an old copy, a sheet missing, moved columns
or merged cells stop the command with every problem named; a cell that only does not read (a
choice mistyped, a formula, a Seed that is no number) is a warning, left as it is unless a mail
replaces it, the report naming the mail that does (in a dry run, that would).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gm_tools.app.mailcells import Block, Grid, intact, line_number, type_blocks, unvirtual
from gm_tools.app.mailgame import games_under, late_mail, other_game, other_players, senders_checked
from gm_tools.app.mailworkbook import addresses_in, checked_workbook, typed_in, unread_lines, unread_now
from gm_tools.edges.game import missing_workbook, refuse_if_open, store_mail
from gm_tools.edges.mail import REPLY_SUBJECT, attachments, body_text, mail_files, near_power, read_mail, replacing, subject
from gm_tools.edges.mindchange import rows_taken_back, taken_back, without
from gm_tools.edges.ordercheck import check_orders, once
from gm_tools.edges.workbook import OrderEntry
from gm_tools.engine.hooks import ORDERS, InputRow, hooks_for
from gm_tools.engine.rules import rules_for
from gm_tools.engine.parser import parse_order
from gm_tools.engine.system import GameSystem, MailedRows
from gm_tools.errors import OrderError, OrderSyntaxError, Problem, clipped, quoted


NOT_WRITTEN = "(not written)"
"""The cell of an order a dry run checked and did not type."""


@dataclass
class MailReport:
    """What ``orders`` did with the mails."""

    phase: str
    """The phase the orders were entered for."""
    written: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(mail, power, order as written, cell) for each order typed into the workbook."""
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    """(where: mail and line, what was found, why) for each order or mail not entered."""
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(where, text) for lines before the first power line or a block's first order (greetings,
    the phase), not read as orders."""
    signed: list[tuple[str, str]] = field(default_factory=list)
    """(where, text) for a name signed below the orders and the lines under it, not read."""
    headings: list[tuple[str, str]] = field(default_factory=list)
    """(where, text) for a heading between the orders (``INF deployment:``), not read."""
    signed_places: list[tuple[str, str]] = field(default_factory=list)
    """(where, text) of ``signed`` for a name that is a province's (``Sofia``): said apart."""
    kept: list[Path] = field(default_factory=list)
    """The previous workbook and the mails, as kept in the game's ``mail/`` folder."""
    again: list[Path] = field(default_factory=list)  # the earlier file of each mail entered before
    noun: str = "order(s)"
    """What the mails' lines are: orders, or a board game's lines for its sheets."""
    unsettled: list[Problem] = field(default_factory=list)
    """For mail typed into cells: what the turn would still refuse on the sheets as they now
    stand (entries still to come, or another player's), against which the lines were checked."""
    notes: list[str] = field(default_factory=list)
    """Rows typed though the sheets as they stand refuse them, which another player's mail still
    to come may settle (``SheetHooks.awaits_others``): the line and why."""
    replaced: list[str] = field(default_factory=list)
    """For each power whose mail replaces earlier entries (an earlier mail of the batch, or what
    the workbook held): which, and the units its orders no longer cover (for mail typed into
    cells, the workbook's cells it leaves empty)."""
    attached: list[tuple[str, str]] = field(default_factory=list)
    """(mail, file name) for each attachment, which is not read."""
    unread: list[Problem] = field(default_factory=list)  # the input sheets' cells that do not read
    unread_left: list[Problem] | None = None  # those the workbook typed still holds (None: not typed)
    replaced_by: dict[str, str] = field(default_factory=dict)  # Sheet!Cell -> the mail that cleared or typed it
    dry_run: bool = False

    def text(self) -> str:
        done = "to write (a dry run)" if self.dry_run else "written"
        lines = [f"{self.phase}: {len(self.written)} {self.noun} {done}, {len(self.refused)} refused"]
        lines += [f"  {'would write' if cell == NOT_WRITTEN else 'wrote ' + cell}: {power} {order}   ({mail})"
                  for mail, power, order, cell in self.written]
        lines += [f"  refused {where}: {clipped(found)} -- expected {clipped(why, 700)}" for where, found, why in self.refused]
        lines += [f"  typed {note}" for note in self.notes]
        things = self.noun.replace("(s)", "s")  # The Peace of Westphalia's players mail lines, never orders
        lines += [f"  not read {where}: {quoted(text)} (before the {things})" for where, text in self.skipped]
        lines += [f"  not read {where}: {quoted(text)} (a heading over the {things})" for where, text in self.headings]
        lines += [f"  not read {where}: {quoted(text)} below the orders taken for a signature; nothing typed from it (a "
                  "province's name alone is no order)" if (where, text) in self.signed_places else
                  f"  not read {where}: {quoted(text)} (a name below the {things}: their signature)" for where, text in self.signed]
        lines += [f"  not read {mail}: the attached {name!r} (attachments are not read: the {things} go in the "
                  "mail's text)" for mail, name in self.attached]
        lines += [f"  {note}" for note in self.replaced]
        lines += unread_lines(self.unread, self.unread_left, self.replaced_by, self.dry_run)
        if self.unsettled:
            first = self.unsettled[0]
            lines.append(f"  still unsettled on the sheets: {len(self.unsettled)} entry(ies) the turn would refuse as "
                         f"they stand (first {first.sheet}!{first.cell}: expected {first.expected}); the lines above "
                         "were checked as far as those allow, and the turn checks them again")
        if self.kept:
            lines.append(f"  the workbook before these mails is kept as {self.kept[0]}")
        lines += [f"  this mail was entered before at {path}, in this phase: not kept again (its {things} typed as above)" for path in self.again]
        return "\n".join(lines)


def enter_mails(name: str, mails: list[tuple[str, bytes]], root: str | os.PathLike | None = None,
                dry_run: bool = False) -> MailReport:
    """Enter ``mails`` ((label, bytes) each) into game ``name``'s workbook. With ``dry_run``
    the orders are checked and reported and nothing is written."""
    from gm_tools.app.turn import locked_game

    with locked_game(name, root) as state:
        state.refuse_if_over()
        refuse_if_open(state.paths)
        variant, position = state.variant, state.position
        if not state.paths.workbook.exists():
            raise missing_workbook(state.paths, "is needed to enter mail")
        before, where = state.paths.workbook.read_bytes(), str(state.paths.workbook)
        entries, unread = checked_workbook(state, before, where)
        on_sheets = {sheet: [row.values for row in rows] for sheet, rows in entries.inputs.items()}
        rules = rules_for(variant)
        report = MailReport(phase=position.phase, dry_run=dry_run, noun=variant.system.mail_noun, unread=unread)
        latest: dict[str, list[str]] = {}  # power -> orders for the Orders sheet
        sheet_rows: dict[str, tuple[tuple[str, ...], list]] = {}  # power -> (input sheets, its checked rows)
        read_as: dict[tuple[str, str], str] = {}  # (power, order as mailed) -> as the parser read it
        earlier = _earlier_entries(entries)  # power -> (where, units ordered), what a mail of it replaces
        batched: set[str] = set()  # the powers a mail of this batch has typed for
        reads = _reader(variant, position, rules)
        # a bare number before an order is a list's where the system reads the line as a unit order only, in
        # this phase and the year's spring movement (Europe 1615 v2's offers: never a list number there)
        plain = lambda power, line: all(  # noqa: E731
            getattr(variant.system.mailed_rows(variant, phase, power, [line]), "rows", [(ORDERS, line)]) == [(ORDERS, line)]
            for phase in (position.phase, f"S{position.phase[1:5]}M"))
        entry = _reader(variant, position, rules, strict=True)  # a power in a sentence that reads is no power line
        read = [(label, read_mail(body_text(data), variant, subject(data), reads, plain, entry, state.info.players))
                for label, data in mails]
        games = games_under(root)  # a mail naming another game of the GM is not typed into this one
        others = [(label, subject(data), other_game(state.info.name, games, variant, subject(data), [
            line.text for line in parsed.skipped]) or late_mail(data, state.history, variant.calendar, position.phase, parsed.blocks))
                  for (label, parsed), (_, data) in zip(read, mails)]
        report.refused += [(label, repr(title), why) for label, title, why in others if why]
        read = [item for item, (_, _, why) in zip(read, others) if not why]
        read = senders_checked(read, dict(mails), addresses_in(state, before, entries, report.replaced), variant, report.refused, report.replaced)
        # what the turn will see besides a power's own mail: the rows already on the sheets and
        # the other powers' latest mails of this batch (a diplomatic attack on INFs another
        # power deploys in the same phase)
        batch = {power: lines for _, parsed in read
                 for (power, lines), phase, named_in in zip(parsed.blocks, parsed.phases, parsed.named_in)
                 if variant.powers[power].playable and not _other_phase(variant, position, phase, named_in)}
        context, mailed_sheets = _context_rows(variant, position, on_sheets, batch)
        tables = [t for t in hooks_for(variant).input_sheets(variant, position) if t.title not in entries.absent]
        start = Grid(tables, entries.inputs, entries.unlaid, before, unread)
        grid = start.copy()
        celled = {(b.label, id(b.lines)): b for b in type_blocks(variant, position, grid, [
            Block(label, power, lines) for label, parsed in read
            for (power, lines), phase, named_in in zip(parsed.blocks, parsed.phases, parsed.named_in)
            if not (_sends_no_orders(variant, position, rules, power) or _other_phase(variant, position, phase, named_in))])}
        in_cells: list[tuple[str, str, str, tuple]] = []  # (mail, power, line, the cells it typed)
        report.attached = [(label, name) for label, data in mails for name in attachments(data)]
        report.replaced += other_players(read, entries.players, variant)  # 'Turkey (Gul)', Hana's power now
        for label, parsed in read:
            report.skipped += [(f"{label} line {line.number}", line.text) for line in parsed.skipped]
            report.signed += [(f"{label} line {line.number}", line.text) for line in parsed.signature]
            report.headings += [(f"{label} line {line.number}", line.text) for line in parsed.headings]
            report.signed_places += [(f"{label} line {line.number}", line.text) for line in parsed.signed_places]
            if not parsed.blocks:
                # the powers listed: a power the game's setup does not play (Europe 1619's League
                # with 10 players) is then seen to be missing, not a line misread
                playing = ", ".join(p.name for p in variant.powers.values() if p.playable)
                report.refused.append((label, variant.system.mail_owner[0], f"{variant.system.mail_owner[1]}, "
                                       f"one of this game's: {playing}" + near_power(parsed.skipped, variant)))
                continue
            for (power, lines), heading, phase, named_in in zip(parsed.blocks, parsed.power_lines, parsed.phases,
                                                                 parsed.named_in):
                why = _sends_no_orders(variant, position, rules, power) or _other_phase(variant, position, phase, named_in)
                if why:
                    # a power the Subject names has no line of its own
                    report.refused.append((f"{label} line {heading.number}" if heading.number else label, repr(heading.text),
                                           f"{why} (the {len(lines)} line(s) under it are not read)"))
                    continue
                block = celled.get((label, id(lines)))
                if block is not None:
                    report.refused += [(f"{label} line {lines[k].number}", repr(lines[k].text), why)
                                       for k, why in sorted(block.refused.items())]
                    in_cells += [(label, power, lines[k].text, cells) for k, cells in sorted(block.typed.items())]
                    report.replaced += _cells_replaced(power, label, block, grid)
                    continue
                # every sheet's rows the turn reads with this mail (the GM's Swiss Passage and
                # Sanction Rulings too), but this power's own where its mail replaces them
                others: dict[str, list[dict]] = {}
                for other, by_sheet in context.items():
                    for sheet, rows in by_sheet.items():
                        mine = other == power and sheet in mailed_sheets.get(power, ())
                        others.setdefault(sheet, []).extend([] if mine else rows)
                orders, sheets, kept = _read_block(variant, position, rules, label, power, lines, report, others,
                                                   read_as)
                if not (orders or kept):
                    # nothing of it is typed, so it replaces nothing: a mail of refused lines
                    # never clears what the power entered before
                    if power in earlier:
                        report.replaced.append(f"{power}: nothing of {label} stands, so it does not replace "
                                               f"{earlier[power][0]}")
                    continue
                units = [_unit(read_as.get((power, text), text)) for text in orders or []]
                # its rows typed on the phase's sheets before this batch (the first of its mails here
                # replaces them), every one of which the mail's rows replace, said as the orders are:
                # beside them, as the deployments and attack of a mail that also orders units go too
                refs = [next(iter(row.cells.values())) for sheet in sheets or () for row in entries.inputs.get(sheet, [])
                        if str(row.values.get("Power") or "").upper() == power and power not in batched]
                rows = f"its rows in the workbook ({', '.join(refs)})" if refs else ""
                if power in earlier:
                    where, before_units = earlier[power]
                    dropped = [u for u in before_units if u not in units]
                    report.replaced.append(f"{power}: {replacing(label, where, heading)}"
                                           + (f" ({', '.join(dropped)} now without orders)" if dropped else "")
                                           + (f" and {rows}" if rows else ""))
                elif rows:
                    report.replaced.append(f"{power}: {label} replaces {rows}")
                batched.add(power)
                earlier[power] = (label, [u for u in units if u])
                # a later mail for the same power replaces the earlier one, on every sheet it uses
                latest.pop(power, None)
                sheet_rows.pop(power, None)
                if orders is not None:
                    latest[power] = orders
                if sheets:
                    sheet_rows[power] = (sheets, kept)
                report.written = [w for w in report.written if w[1] != power]
                report.written += [(label, power, text, "") for text in (orders or []) + [text for _, text in kept]]
        hints = {f"{label} line {line.number}": words for label, parsed in read for line, words in parsed.code_signed}
        report.refused = [(where, found, why + hints.get(where, "")) for where, found, why in report.refused]
        changes = grid.changes(start)
        if celled:
            report.noun = "line(s)"
            # what a later mail of the same power replaced is no longer written
            report.written += [(m, p, text, grid.ref(*cells[0][:3])) for m, p, text, cells in in_cells
                               if intact(grid, cells)]
            inputs, unsettled = grid.inputs()
            report.unsettled = unsettled + hooks_for(variant).check_inputs(variant, position, inputs)[1]
        report.unread_left = unread
        if not (latest or sheet_rows or changes):
            report.written = [(m, p, o, NOT_WRITTEN if dry_run else c) for m, p, o, c in report.written]
            return report
        # typed in a dry run too (never saved), to say which mail would replace a cell that does not read
        report.replaced_by = {grid.ref(*at): b.label for b in celled.values() for at in b.touched}
        mail_of = {power: earlier[power][0] for power in {*latest, *sheet_rows}}
        after, cells = typed_in(before, where, changes, latest, sheet_rows, read_as, mail_of, report.replaced_by)
        report.unread_left = unread_now(state, after, where, unread) if unread else []
        report.written = [(m, p, o, NOT_WRITTEN if dry_run else cells.get((p, o), c)) for m, p, o, c in report.written]
        if dry_run:
            return report
        report.kept, report.again = store_mail(state.paths, position.phase, [data for _, data in mails], before, after)
    return report


def _other_phase(variant, position, phase: str, named_in: str = "the mail") -> str | None:
    """Why a power line naming ``phase`` (``F1905M``, ``S1901`` of ``Spring 1901``), or under
    a Subject naming it, opens no orders for the game's phase, or None: none is named, or the
    game's."""
    if not phase or position.phase.upper().startswith(phase):
        return None
    if named_in == REPLY_SUBJECT and _earlier(variant.calendar, phase, position.phase):
        return None  # "Re: S1901M": the GM's results answered with the next phase's orders
    return f"orders for {position.phase}, the game's phase: {named_in or 'the mail'} names {phase}"


def _earlier(calendar, phase: str, than: str) -> bool:
    """Whether ``phase`` (``S1901M``, or ``S1901`` without its type) comes before the phase
    ``than`` in ``calendar``; False for a season the calendar has not."""
    steps = list(calendar.phases)
    def place(text):
        season = [k for k, (s, kind) in enumerate(steps) if s == text[0] and (len(text) < 6 or kind == text[5])]
        return (int(text[1:5]), season[0]) if season else None
    mine, game = place(phase), place(than)
    return mine is not None and game is not None and mine < game


def _reader(variant, position, rules, strict: bool = False):
    """``reads(power, line)``: whether the phase's reader reads a mailed line as an entry (a
    row of the system's sheets, or an order, legal or not): a line it reads is never taken for
    a name signed below the orders (:mod:`gm_tools.edges.signature`). A system that types
    lines into cells (The Peace of Westphalia's) reads each of its own lines: its names stay.
    ``strict``: a line of the system's form written wrong does not read."""
    if type(variant.system).mailed_cells is not GameSystem.mailed_cells:
        return lambda power, line: True

    def reads(power: str, line: str) -> bool:
        mailed = variant.system.mailed_rows(variant, position.phase, power, [line])
        row = mailed.rows[0] if mailed and mailed.rows else (ORDERS, line)
        if row is None:  # a part of the entry a line above opens
            return True
        if isinstance(row, str) and strict:
            return False
        if isinstance(row, str):
            # a line of the system's form written wrong holds one of the form's words, which
            # the reason quotes in its examples ('FEALTY' of "a claim 'FEALTY: PORTUGAL'")
            quoted = {w.lower() for example in re.findall(r"'([^']*)'", row) if example != line
                      for w in re.findall(r"[^\W\d_]+", example)}
            # or it is a keyword the form puts before a power ('Armistice' of 'ARMISTICE: SPAIN')
            other = next(code for code, p in variant.powers.items() if p.playable and code != power)
            probe = variant.system.mailed_rows(variant, position.phase, power, [f"{line}: {other}"])
            return bool(quoted & {w.lower() for w in re.findall(r"[^\W\d_]+", line)}) or (
                probe is not None and isinstance(probe.rows[0], tuple))
        if row[0] != ORDERS:
            return True
        try:
            parse_order(line, variant, position, power, rules)
        except OrderSyntaxError:
            return False
        except OrderError:  # read, and illegal or ambiguous
            return True
        return True
    return reads


def _unit(order: str) -> str | None:
    """The unit an order as the parser read it is for (``A PAR`` of ``A PAR - BUR``), or None
    (a build, an offer's amount)."""
    named = re.match(r"\s*([AF])\s+([A-Z0-9]+(?:/[A-Z]+)?)\b", order.upper())
    return f"{named.group(1)} {named.group(2)}" if named else None


def _cells_replaced(power: str, label: str, block: Block, grid: Grid) -> list[str]:
    """What a mail typed into cells replaces (the player's entries in the workbook, an earlier
    mail of the batch), each with the cells of those it leaves empty: as a unit order's mail
    names the units it leaves without orders, since a later mail may well speak to less."""
    if block.spared:
        return [f"{power}: nothing of {label} stands, so it does not replace its earlier entries"]
    notes = []
    for source, emptied in sorted(block.replaced.items(), key=lambda item: item[0] is not None):
        where = "its entries in the workbook" if source is None else source
        by_sheet: dict[str, list[str]] = {}
        for sheet, row, header in dict.fromkeys(emptied):
            by_sheet.setdefault(sheet, []).append(grid.ref(sheet, row, header).partition("!")[2])
        cells = "; ".join(f"{sheet}!{', '.join(refs)}" for sheet, refs in by_sheet.items())
        notes.append(f"{power}: {label} replaces {where}" + (f" ({cells} now empty)" if cells else ""))
    return notes


def _earlier_entries(entries) -> dict[str, tuple[str, list[str]]]:
    """Power -> (its orders already on the Orders sheet, the units they order): what its mail
    replaces."""
    out: dict[str, tuple[str, list[str]]] = {}
    for entry in entries.orders:
        out.setdefault(entry.power, ("its orders in the workbook", []))[1].append(entry.unit or _unit(entry.written))
    return {p: (where, [u for u in units if u]) for p, (where, units) in out.items()}


def _sends_no_orders(variant, position, rules, power: str) -> str | None:
    """Why a power line naming ``power`` opens no orders, or None for a player's power. A
    minor state, or an owner no player plays (Europe 1615's Ottomans), has no block of its own
    on the Orders sheet: its units are ordered in the mails of the powers that command them."""
    owner = variant.powers[power]
    if owner.playable:
        return None
    players = [code for code, p in variant.powers.items() if p.playable]
    what = "a minor state" if owner.extra.get("minor") else "played by no one"
    commanders = [code for code in players if power in rules.commanded(variant, position, code)]
    how = (f"its units' orders go in the mail of a power that may order them ({', '.join(commanders)}), "
           "under that power's own line" if commanders else "no player orders its units in this phase")
    return f"a line naming a player's power ({', '.join(players)}): {owner.name} is {what} and sends no orders; {how}"


def _context_rows(variant, position, on_sheets: dict[str, list[dict]], batch: dict):
    """(Power -> sheet -> the rows (values by header) a turn would read for it once the mails
    are in: on the sheets a power's latest mail in ``batch`` (power -> lines) uses, that mail's
    rows; elsewhere the rows on the workbook; power -> the sheets its mail replaces). A row is
    filed under its first cell (a power, or the GM's entry on a sheet of his own). One power's
    mail is checked with the others'."""
    headers = {t.title: [c.header for c in t.columns] for t in hooks_for(variant).input_sheets(variant, position)}
    replaced: dict[str, tuple[str, ...]] = {}
    out: dict[str, dict[str, list]] = {}
    for power, lines in batch.items():
        mailed = variant.system.mailed_rows(variant, position.phase, power, [line.text for line in lines])
        replaced[power] = mailed.sheets if mailed else ()
        for row in (mailed.rows if mailed else ()):
            if isinstance(row, tuple) and row[0] != ORDERS:
                sheet, values = row
                out.setdefault(power, {}).setdefault(sheet, []).append(dict(zip(headers.get(sheet, []), values)))
    for sheet, rows in on_sheets.items():
        first = headers.get(sheet, [None])[0]
        for values in rows:
            power = str(values.get(first) or "").upper()
            if power and sheet not in replaced.get(power, ()):
                out.setdefault(power, {}).setdefault(sheet, []).append(values)
    return out, replaced


def _read_block(variant, position, rules, label: str, power: str, lines, report: MailReport,
                others: dict[str, list[dict]] | None = None, read_as: dict | None = None):
    """One power's lines of a mail, checked: (its orders for the Orders sheet, or None when the
    mail does not use that sheet; the system's sheets it uses; their rows that stand, each
    ``((sheet, values), text)``). What is refused goes in ``report``, in the order of the lines;
    each order that stands, as the parser read it, in ``read_as`` ((power, line) -> text)."""
    places = [f"{label} line {line.number}" for line in lines]
    # unit orders, unless the system reads the phase's lines (or some) as its sheets' rows
    mailed = (variant.system.mailed_rows(variant, position.phase, power, [line.text for line in lines])
              or MailedRows((ORDERS,), [(ORDERS, line.text) for line in lines]))
    ordered = [k for k, row in enumerate(mailed.rows) if isinstance(row, tuple) and row[0] == ORDERS]
    first = len(report.refused)
    sheets = tuple(s for s in mailed.sheets if s != ORDERS)
    # with the rows of every sheet the turn reads, a mail of orders only too
    kept, inputs = (_checked_rows(variant, position, mailed, places, lines, report, others or {})
                    if sheets or others else ([], {}))
    if not (sheets or others):
        # a line the system names as no order of this phase (another phase's line), and no sheet to check it on
        report.refused += [(place, repr(line.text), row) for place, line, row in zip(places, lines, mailed.rows)
                           if isinstance(row, str)]
    # the orders are checked against the board the entries make, as in a turn (a Centenary
    # claim opens its build site, the Swiss Passage sheet lets a Spanish unit through)
    board = hooks_for(variant).apply_inputs(variant, position, inputs) if inputs and ordered else position
    orders, read = _checked_orders(variant, board, rules, power, [places[k] for k in ordered],
                                   [lines[k] for k in ordered], report, read_as, start=position)
    if kept and ORDERS in mailed.sheets:
        # this mail's orders are all the power's the turn will see beside its rows (they replace
        # its block), so its rows are checked against them as the turn does (a Centenary claim's
        # build in the occupied center needs the build ordered)
        kept = _checked_with_orders(variant, board, mailed, places, kept, {power: read} if read else {}, report)
    kept = rows_taken_back(variant.lookup, places, lines, kept, report.refused, first)  # 'Correction: 9: BAV'
    report.refused[first:] = sorted(report.refused[first:], key=lambda r: line_number(r[0]))
    return (orders if ORDERS in mailed.sheets else None), sheets, kept


def _checked_orders(variant, position, rules, power: str, places: list[str], lines, report: MailReport,
                    read_as: dict | None = None, start=None) -> tuple[list[str], list]:
    """The power's mailed orders that stand, as written and as read (``Order``); the others are
    reported refused, a repeat noted. ``read_as`` gets each standing order as the parser read it:
    its unit finds the order's row, however the player named the unit (``A Liverpool to Yorkshire``)."""
    entries, repeats = once(variant, position, rules, [OrderEntry(power, place, line.text, None)
                                                        for place, line in zip(places, lines)])
    report.notes += repeats
    checked = check_orders(variant, position, rules, entries, lenient=True, start=start)
    good = []
    items = list(zip(entries, checked.record.get(power, [])))
    held = taken_back(variant, position, rules, power, items, checked.unforeseen)
    for entry, item in items:
        if entry.cell in checked.unforeseen:  # typed: the other mails' entries may yet change
            report.notes.append(f"{entry.cell}: {entry.written!r}, though as the entries typed so far stand it is {item['error']}")
        if entry.cell in held:
            report.refused.append((entry.cell, repr(entry.written), held[entry.cell][0]))
        elif item["error"] is None or item.get("outbid") or entry.cell in checked.unforeseen:
            good.append(entry.written)
            if read_as is not None and (item["read"] or entry.cell in checked.unforeseen):
                read_as[(power, entry.written)] = item["read"] or checked.unforeseen[entry.cell]
        else:
            report.refused.append((entry.cell, repr(entry.written), checked.shown.get(entry.cell, item["error"])))
    return good, checked.orders.get(power, [])


def _checked_with_orders(variant, board, mailed, places: list[str], kept: list, orders: dict, report: MailReport):
    """The rows of ``kept`` (``((sheet, values), text)``) that the system's checks against the
    orders (``SheetHooks.check_with_orders``) accept; the others reported refused."""
    headers = {t.title: [c.header for c in t.columns] for t in hooks_for(variant).input_sheets(variant, board)}
    rows: dict[str, list[InputRow]] = {}
    at: dict[tuple[str, int], int] = {}
    for k, ((sheet, values), _) in enumerate(kept):
        columns = headers.get(sheet, [])
        number = len(rows.setdefault(sheet, [])) + 2
        rows[sheet].append(InputRow(values=dict(zip(columns, values)),
                                    cells={h: f"{sheet}!{chr(ord('A') + c)}{number}" for c, h in enumerate(columns)}))
        at[(sheet, number)] = k
    bad: dict[int, str] = {}
    problems = hooks_for(variant).check_with_orders(variant, board, rows, orders)
    for problem in problems:
        k = at.get((problem.sheet, int("".join(ch for ch in problem.cell if ch.isdigit()) or 0)))
        if k is not None:
            bad.setdefault(k, problem.expected)
    for k, why in bad.items():
        row, text = kept[k]
        why = hooks_for(variant).mailed_refusal(_no_cells(why, next(p.found for p in problems if p.expected == why), text))
        line = next(i for i, mailed_row in enumerate(mailed.rows) if mailed_row is row)
        report.refused.append((places[line], repr(text), why))
    return [item for k, item in enumerate(kept) if k not in bad]


def _why(variant, problem, text: str) -> str:
    """A check's expected words for a mailed line, with the word at fault when the check found a
    part of the line (``'XYZ'`` in ``9: XYZ``) that names nothing of the game and its words do
    not name it: the report shows the whole line, and the player needs to see which word was
    wrong. A known name the rules refuse there is the check's words' business."""
    word = str(problem.found or "")
    bare = word.strip("'\"")
    expected = _no_cells(problem.expected, word, text)
    if not bare or bare == text.strip() or bare not in text or bare.lower() in expected.lower():
        return expected
    low = bare.lower()
    known = (low in variant.lookup or bare.upper() in variant.provinces
             or any(low in (code.lower(), str(p.name).lower()) for code, p in variant.powers.items()))
    return expected if known else f"{expected}, found {word}"


def _no_cells(expected: str, found, text: str) -> str:
    """A sheet check's expected words for a mailed line, which has no cells: "or an empty cell"
    (the sheet's way to drop a part of a row) is the line without the part at fault
    (``bolster HES for COL``: "or the line without 'COL'")."""
    word = str(found or "")
    part = word if word.strip("'\"") and word.strip("'\"") in text else "that part"
    return expected.replace("an empty cell", f"the line without {part}")


def _checked_rows(variant, position, mailed, places: list[str], lines, report: MailReport,
                  others: dict[str, list[dict]] | None = None) -> tuple[list[tuple[tuple, str]], dict]:
    """The rows of a power's mailed lines (``mailed``: :class:`MailedRows`) that the input
    sheets' own checks accept (the same checks a turn makes: a Payola offer read against the
    board), each as ``(sheet, values)`` with its line, and the inputs the checks made of them;
    the others are reported refused. ``others``: the rows of every input sheet the turn will
    read with them (sheet -> values by header: the other powers', the GM's own sheets', this
    power's where its mail does not replace them), checked with them and never reported."""
    others = others or {}
    headers = {t.title: [c.header for c in t.columns] for t in hooks_for(variant).input_sheets(variant, position)}
    inputs: dict[str, list[InputRow]] = {}
    for sheet in others:  # the sheets this mail uses and the others the turn reads with it
        for number, values in enumerate(others[sheet], start=2):
            inputs.setdefault(sheet, []).append(InputRow(values=dict(values), cells={
                h: f"{sheet}!{chr(ord('A') + c)}{number}" for c, h in enumerate(headers.get(sheet, []))}))
    context = {(sheet, n + 2) for sheet, rows in inputs.items() for n in range(len(rows))}
    context_bad: set[tuple[str, int]] = set()
    at: dict[tuple[str, int], tuple] = {}
    # a row read from several lines (a reference list wrapped in the mail) is reported as all of them
    texts = [line.text for line in lines]
    for k in range(len(texts) - 1, 0, -1):
        if mailed.rows[k] is None:
            texts[k - 1] = f"{texts[k - 1]} {texts[k]}"
    for place, line, row, text in zip(places, lines, mailed.rows, texts):
        if row is None or (isinstance(row, tuple) and row[0] == ORDERS):  # read with the row before; an order
            continue
        if isinstance(row, str):  # not in the sheet's form: the form is the reason
            report.refused.append((place, repr(line.text), row))
            continue
        sheet, values = row
        columns = headers.get(sheet, [])
        number = len(inputs.setdefault(sheet, [])) + 2  # a row of its own, to tell its problems apart
        inputs[sheet].append(InputRow(values=dict(zip(columns, values)),
                                      cells={h: f"{sheet}!{chr(ord('A') + c)}{number}" for c, h in enumerate(columns)}))
        at[(sheet, number)] = (place, text, row)
    refused: dict[tuple[str, int], str] = {}
    waiting: dict[tuple[str, int], str] = {}  # rows another player's mail may yet settle
    while True:
        waiting.clear()  # as the last check finds them
        # a system checks some rows only once others stand (Europe 1615 v2's attacks after the
        # placements), so the rows left after a refusal are checked again, until none is refused
        standing: dict[str, list[InputRow]] = {}
        for sheet, number in sorted(context) + list(at):
            if (sheet, number) not in refused and (sheet, number) not in context_bad:
                standing.setdefault(sheet, []).append(inputs[sheet][number - 2])
        checked, problems = hooks_for(variant).check_inputs(variant, position, standing)
        more, found = False, {}
        for problem in problems:
            key = (problem.sheet, int("".join(ch for ch in problem.cell if ch.isdigit()) or 0))
            if key in context:
                more = more or key not in context_bad
                context_bad.add(key)  # another power's row: the turn reports it, not this mail
            elif key in at and hooks_for(variant).awaits_others(variant, position, problem):
                waiting[key] = hooks_for(variant).awaits_others(variant, position, problem)
            elif key in at:
                found.setdefault(key, _why(variant, problem, at[key][1]))
            else:  # a problem of no one line stops them all (once: it may outlast them)
                left = {k: problem.expected for k in at if k not in refused}
                refused.update(left)
                more = more or bool(left)
        if found and not more:
            # the first line only: a later one may be refused only because of it (a running
            # total of INFs over), and stands once it is gone
            first = min(found, key=list(at).index)
            refused[first] = found[first]
            more = True
        if not more:
            break
    # the checks name the rows they were given, cells no one can find: a reason naming one
    # names the mail's line or the power whose row it is instead
    named = {key: place for key, (place, _, _) in at.items()}
    named.update({(sheet, n + 2): f"{next(iter(inputs[sheet][n].values.values()), None)}'s row on {sheet}"
                  for sheet, n in ((sheet, number - 2) for sheet, number in context)})
    kept = []
    for key, (place, text, row) in at.items():
        if key in refused:
            report.refused.append((place, repr(text), unvirtual(refused[key], named)))
        else:
            kept.append((row, text))
            # a row the rules will not follow (Payola's move for a foreign unit) is typed and said so
            why = waiting.get(key) or hooks_for(variant).mail_note(variant, position, checked, *row)
            if why:
                report.notes.append(f"{place}: {text!r}, though {why}")
    # the turn never works from entries with a problem
    return kept, ({} if problems else checked)


def cmd_orders(args) -> int:
    mails = []
    for file in args.mails:
        if file == "-":
            mails += mail_files("standard input", sys.stdin.buffer.read())
        else:
            mails += mail_files(file, Path(file).read_bytes())
    report = enter_mails(args.game, mails, root=args.root, dry_run=args.dry_run)
    print(report.text())
    if not args.dry_run:
        from gm_tools.app.status import phase_status

        # the GM's next question: whose entries are still to come (where the phase has Orders
        # rows, or input sheets its players fill)
        status = phase_status(args.game, root=args.root)
        if status.waits:
            print("\n".join(status.still_waiting()))
    return 1 if report.refused else 0  # done, lines to act on (publishfault.ACT_STATUS, docs/workbook.md)
