"""What ``gm-tools turn`` reports: the phase's results in short, the notes, the random draws,
the variant's own sections, and what comes next; the same words for a dry run, which says
so and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm_tools.edges.game import listed
from gm_tools.engine.results import note_code, note_words
from gm_tools.engine.rules import rules_for
from gm_tools.engine.variant import Variant


@dataclass
class TurnReport:
    """What ``turn`` did, for the command line."""

    game: str
    """Game name."""
    phase: str
    """The phase processed (or found with nothing to process)."""
    processed: bool
    """False when nothing new was entered and nothing was written."""
    record: dict | None = None
    """The stored history record, when processed."""
    site: str | None = None
    """The folder the site was published to, or None when not published."""
    site_warnings: list[str] = field(default_factory=list)
    """What publishing the site warned of (a press picture lost from a game's folder)."""
    site_error: str = ""
    """Why the site could not be published after the phase was recorded (a file where a folder
    goes, a full disk), or empty. The phase stands; the next ``turn`` or ``site`` publishes it."""
    site_fault: str = ""
    """What a fault in gm-tools' own publishing code, once the phase was recorded, leaves the
    GM to do (:mod:`gm_tools.app.publishfault`), or empty."""
    variant: Variant | None = None
    """The game's variant as it plays (its setup), for the report's sections."""
    dry_run: bool = False
    """The phase was checked and adjudicated as a turn would, and nothing written (``--dry-run``)."""
    warnings: list[str] = field(default_factory=list)
    """Entries that stand but look like a slip, for the GM to check (``SheetHooks.warnings``)."""
    units: bool = True
    """The phase orders units (else it has only its sheets: a Westphalia step), for what
    ``--force`` would do."""

    @property
    def sections(self) -> list[str]:
        """The variant's report sections (a Fealty claim, captures, statuses...) as the judge
        text words them, without the blank lines."""
        if not self.record or self.variant is None:
            return []
        from gm_tools.publish.judgetext import section_lines

        return [line for line in section_lines(self.variant, self.record, public=False) if line]

    def _results(self) -> list[dict]:
        """The record's results, each power's in the order its page lists them (The Peace of
        Westphalia's in the order the rules carry them out, its record sorting them by text)."""
        from gm_tools.engine.rules import results_as_shown

        return self.record["results"] if self.variant is None else results_as_shown(self.variant, self.record)

    def text(self) -> str:
        if not self.processed:
            anyway = "every unit without orders" if self.units else "its sheets as they stand, empty"
            none = "no orders or press entered" if self.units else "nothing entered on the step's sheets and no press"
            return "\n".join([f"{self.game}: {self.phase}: {none}, nothing to do "
                              f"(--force processes the phase anyway, {anyway})"]
                             + [f"warning: {w}" for w in self.warnings])
        r = self.record
        if self.dry_run:
            lines = [f"{self.game}: dry run of {r['phase']} ({r['title']}): what a turn would do now; nothing written"]
        else:
            lines = [f"{self.game}: processed {r['phase']} ({r['title']})"]
        idle: dict[str, list[str]] = {}
        for res in self._results():
            if [c.get("code") for c in res.get("codes", [])] == ["not_ordered"] and res["result"] == "succeeds":
                # Quiet units are listed once per power below, not one line each.
                idle.setdefault(res["power"], []).append(res["order"].removesuffix(" H"))
                continue
            reason = f" ({res['reason']})" if res["reason"] else ""
            lines.append(f"  {res['power']}: {res['order']}: {res['result']}{reason}")
        for power, units in idle.items():
            lines.append(f"  {power}: no order, held: {', '.join(units)}")
        for power, entries in (r.get("orders") or {}).items():
            # an order the rules did not follow (Europe 1615's minor not aligned with the power)
            lines += [f"  {power}: {e['written']}: {e['error']}" for e in entries if e.get("outbid") and e.get("error")]
        for note in r["notes"]:
            if note_code(note) == "held_without_order":
                continue  # listed just above
            lines.append(f"  note {note['power']}: {note_words(note)}")
        for draw in r["random"]["draws"]:
            lines.append(f"  random draw ({draw['kind']}, seed {draw['seed']}): {draw_words(draw)}")
        lines += [f"  {line}" if line else "" for line in self.sections]
        lines += [f"warning: {w}" for w in self.warnings]
        if r["winner"]:
            why = (r.get("extra", {}).get("outcome", {}).get("scoring") or {}).get("verdict")
            if not why and self.variant:  # Europe 1615's round keeps no verdict: its rules name the victory
                victory = rules_for(self.variant).victory(self.variant, r)
                why = victory and f"the {victory.name}" + (f" with {victory.figure}" if victory.figure else "")
            winner = self.variant.power_called(r["winner"]) if self.variant else r["winner"]
            lines.append(f"{winner} wins ({why}): the game is over" if why
                         else f"{winner} holds the victory centers and wins: the game is over")
        elif r.get("draw"):
            # a victory the rules share is said as status says it; the record keeps its draw
            lines.append(f"{(won_together(self.variant, r) if self.variant else None) or drawn_words(r)}: "
                         "the game is over")
        else:
            lines.append(f"next phase: {r['next_phase']}" + (" (after the turn)" if self.dry_run else ""))
        if self.site:
            lines.append(f"site published to {self.site}/")
        lines.extend(f"warning: {w}" for w in self.site_warnings)
        if self.site_error:
            lines.append(f"the site was NOT published: {self.site_error}. {self.phase} is processed and recorded "
                         f"(do not process it again); put that right, then 'gm-tools site' or the next "
                         f"'gm-tools turn {self.game}' publishes it")
        if self.site_fault:
            lines.append(self.site_fault)
        return "\n".join(lines)


def won_together(variant: Variant, record: dict, at: str = "") -> str | None:
    """A victory the rules share (an alliance's, one player's powers, Westphalia's saved
    players) as status and the turn's report say it: "won together by SPAIN and AUSTRIA in W1620A
    (victory on VPs: ...)", ``at`` the phase when given; None for a draw. The record keeps it as
    the game's shared result, a draw, which recorded games replay to."""
    draw = record.get("draw")
    won = rules_for(variant).victory(variant, record) if draw else None
    if not won:
        return None
    why = draw["reason"] if draw["reason"].startswith(won.name) else f"{won.name}: {draw['reason']}"
    return f"won together by {listed(draw['powers'])}" + (f" in {at}" if at else "") + f" ({why})"


def drawn_words(record: dict) -> str:
    """A draw the rules forced, as status and the turn's report say it: "drawn between FRANCE
    and RUSSIA (reason)"; the record keeps its list of powers."""
    return f"drawn between {listed(record['draw']['powers'])} ({record['draw']['reason']})"


def orders_units(state) -> bool:
    """Whether the game's current phase orders units (else ``--force`` processes its sheets as
    they stand: a Westphalia step)."""
    from gm_tools.edges.layout import order_blocks
    from gm_tools.engine.rules import rules_for

    return bool(order_blocks(state.variant, state.position, rules_for(state.variant)))


def dry_run_report(state, record: dict | None, warnings: list[str]) -> TurnReport:
    """``turn --dry-run``'s report, its warnings kept when nothing was found entered too: beside
    a spreadsheet program's lock file that is most often orders typed and not saved yet."""
    name = state.info.name
    if record is None:
        return TurnReport(name, state.position.phase, processed=False, dry_run=True, units=orders_units(state),
                          warnings=warnings)
    return TurnReport(name, record["phase"], processed=True, record=record, variant=state.variant, dry_run=True,
                      warnings=warnings)


def draw_words(draw: dict) -> str:
    """A random draw as the report says it: its variant's own words if any (``text``), with dice
    rolled in rounds (``rolls``, a list of side -> roll) said as ``SPAIN 4, AUSTRIA 2; again:
    SPAIN 5, ...``; the record keeps the text as it was written, the list's repr in it."""
    said = str(draw.get("text", draw.get("chosen")))
    rolls = draw.get("rolls")
    if isinstance(rolls, list) and rolls and all(isinstance(r, dict) for r in rolls) and repr(rolls) in said:
        said = said.replace(repr(rolls), "; again: ".join(", ".join(f"{side} {n}" for side, n in r.items())
                                                         for r in rolls))
    return said
