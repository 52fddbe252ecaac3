"""``gm-tools orders GAME MAIL...``: players' mailed orders into the game's workbook.

Each mail is read as judges read it (:mod:`gm_tools.edges.mail`), each order checked against
the current phase with the same reader and the same errors as a turn, and the orders that
stand are typed into the power's block of the Orders sheet, replacing that power's earlier
orders (a player's latest mail is the one that counts). What was refused is reported with its
line and the reason, and not written. The workbook is replaced in one step under the game's
lock, after the previous version and the mails are kept in the game's ``mail/`` folder.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gm_tools.edges.game import refuse_if_open, store_mail, write_atomic
from gm_tools.edges.mail import body_text, read_mail
from gm_tools.edges.ordercheck import check_orders
from gm_tools.edges.workbook import OrderEntry
from gm_tools.edges.workbook_fill import place_orders
from gm_tools.engine.rules import rules_for


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
    """(where, text) for lines before the first power line, not read as orders."""
    kept: list[Path] = field(default_factory=list)
    """The previous workbook and the mails, as kept in the game's ``mail/`` folder."""

    def text(self) -> str:
        lines = [f"{self.phase}: {len(self.written)} order(s) written, {len(self.refused)} refused"]
        lines += [f"  wrote {cell}: {power} {order}   ({mail})" for mail, power, order, cell in self.written]
        lines += [f"  refused {where}: {found} -- expected {why}" for where, found, why in self.refused]
        lines += [f"  not read {where}: {text!r} (before any power line)" for where, text in self.skipped]
        if self.kept:
            lines.append(f"  the workbook before these mails is kept as {self.kept[0]}")
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
        rules = rules_for(variant)
        report = MailReport(phase=position.phase)
        latest: dict[str, list[str]] = {}
        for label, data in mails:
            parsed = read_mail(body_text(data), variant)
            report.skipped += [(f"{label} line {line.number}", line.text) for line in parsed.skipped]
            if not parsed.blocks:
                report.refused.append((label, "no power line", "a line naming the power (such as "
                                       f"{next(iter(variant.powers.values())).name}) before the orders"))
                continue
            for power, lines in parsed.blocks:
                entries = [OrderEntry(power, f"{label} line {line.number}", line.text, None) for line in lines]
                checked = check_orders(variant, position, rules, entries, lenient=True)
                good = []
                for entry, item in zip(entries, checked.record.get(power, [])):
                    if item["error"] is None or item.get("outbid"):
                        good.append(entry.written)
                    else:
                        report.refused.append((entry.cell, repr(entry.written), item["error"]))
                latest[power] = good  # a later mail for the same power replaces the earlier one
                report.written = [w for w in report.written if w[1] != power]
                report.written += [(label, power, text, "") for text in good]
        if not latest or dry_run:
            report.written = [(m, p, o, "(not written)" if dry_run else c) for m, p, o, c in report.written]
            return report
        before = state.paths.workbook.read_bytes()
        after, typed = place_orders(before, latest, replace=True, where=str(state.paths.workbook))
        cells = {(power, text): cell for power, text, cell in typed}
        report.written = [(m, p, o, cells.get((p, o), "")) for m, p, o, _ in report.written]
        report.kept = store_mail(state.paths, position.phase, [data for _, data in mails], before)
        write_atomic(state.paths.workbook, after)
    return report


def cmd_orders(args) -> int:
    mails = []
    for file in args.mails:
        if file == "-":
            mails.append(("standard input", sys.stdin.buffer.read()))
        else:
            mails.append((file, Path(file).read_bytes()))
    report = enter_mails(args.game, mails, root=args.root, dry_run=args.dry_run)
    print(report.text())
    return 1 if report.refused else 0
