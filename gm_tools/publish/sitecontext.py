"""Pass 1 of the site build: every game's ``game.json`` and history records, read and
checked into plain data (:class:`SiteContext`). Nothing is written here; a broken record stops
the build with a :class:`~gm_tools.errors.GameError` naming its file, before any page changes.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from markupsafe import Markup

from gm_tools.errors import GameError, UserError
from gm_tools.edges.cachefolder import cache_folder
from gm_tools.edges.gamecells import read_game_cells
from gm_tools.edges.game import GameInfo, GamePaths, check_follows, check_record_shape, load_game, lost_record, no_games_folder, phase_sort_key, read_end, read_json_digest, upgrade_record
from gm_tools.edges.layout import phase_name
from gm_tools.edges.pressimages import pictures_of_records
from gm_tools.edges.webpicture import served_sizes
from gm_tools.edges.recorddelta import expand
from gm_tools.publish.judgetext import in_series, power_in_text
from gm_tools.engine.model import Position
from gm_tools.engine.phase import PhaseError
from gm_tools.engine.positions import PositionFormatError, position_from_json, same_unit_texts
from gm_tools.engine.variant import Variant
from gm_tools.publish.sitefiles import MANIFEST, Manifest, pages_key, variant_key


def sharers_in_words(players: list[list[str]]) -> str:
    """Who shares a draw as a sentence lists them, "France, Russia and Turkey"; a player of
    several powers as "Denmark/Sweden with England", so the series still tells players apart."""
    return in_series([f"{p[0]} with {in_series(p[1:])}" if len(p) > 1 else "".join(p) for p in players])


@dataclass(frozen=True)
class Section:
    """An extra section of a phase page, from a variant's hook."""

    title: str
    """Heading of the section."""
    html: Markup
    """Its body, already safe HTML."""

    @property
    def anchor(self) -> str:
        """Its id, from its heading's words ("s-influence-tracker"): the page's line
        "On this page" links it, and a reader's link to it stays the same from phase to phase."""
        return "s-" + "-".join(re.findall(r"[a-z0-9]+", self.title.lower()))


@dataclass
class PhaseContext:
    """One processed phase, ready to be written."""

    record: dict
    """The history record as stored."""
    source: Path
    """The record's file, for error messages."""
    title: str
    """``Spring 1901 Movement``."""
    previous: str | None = None
    """Phase id of the record before, or None for the first."""
    next: str | None = None
    """Phase id of the record after, or None for the latest."""
    digest: str = ""
    """SHA-256 of the record file's bytes and of every record's before it (a record may keep
    a table as its change from the one before: what it says depends on them all); with the
    code, the variant and the neighbours' ids it tells a phase whose files need not be made
    again (:func:`gm_tools.publish.site.write_game`)."""
    board: Position | None = None
    """The position at the start of the phase, as read when the record was checked: the map
    is drawn from it (None: read it from the record). Never changed once read."""

    @property
    def id(self) -> str:
        return self.record["phase"]


@dataclass
class GameContext:
    """One game: its ``game.json``, variant and records."""

    info: GameInfo
    """game.json."""
    variant: Variant
    """Its variant."""
    phases: list[PhaseContext]
    """Processed phases in play order."""
    current_phase: str | None
    """Phase to be played next, or None when the game is over."""
    winner: str | None
    """Solo winner's power code, or None."""
    source_digest: str = ""
    """Hash of the game's files (``game.json``, history, pictures), for skipping an unchanged game."""
    end: dict | None = None
    """How the GM ended the game (a draw or a winner called: ``end.json``; a draw the rules
    forced), or None."""
    pictures: dict[str, Path] = field(default_factory=dict)
    """The game's pictures its records' press names (``breda.png`` -> its file in the game's
    ``pictures`` folder), each checked: what the site copies beside the phase pages."""
    picture_sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each of :attr:`pictures`' size in pixels as the site serves it (``breda.png`` -> (width,
    height)), for its ``<img>`` tag; a picture whose bytes do not say is not here."""
    lost_pictures: dict[str, str] = field(default_factory=dict)
    """Pictures a record's press names that the game's folder no longer holds as they were
    (deleted, renamed, replaced by another kind): name -> what is wrong, naming the first
    record. Not a reason to stop publishing every game: the site keeps the copy an earlier
    build made, and the build warns (:func:`gm_tools.publish.site.write_game`)."""
    deadline: str | None = None
    """The deadline the GM typed in the workbook for the phase now awaiting orders
    (:func:`current_deadline`); empty when he has typed none yet; None when nothing is to be
    said of it (the game over, no workbook, or one that cannot be read)."""
    deadline_fault: str = ""
    """Why the workbook's deadline could not be read, for the build to warn."""

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def winners(self) -> list[str]:
        """The winner's power, or the powers of the player the GM called the winner (a player
        of several powers wins with all of them); none while no one has won."""
        if self.end is not None and self.end["result"] == "win" and self.end.get("powers"):
            return list(self.end["powers"])
        return [self.winner] if self.winner else []

    @property
    def finished(self) -> bool:
        return self.current_phase is None or self.end is not None

    @property
    def status(self) -> str:
        """``not started``, ``in progress``, ``won by France`` or ``finished``."""
        if self.winner:
            called = " (called by the GM)" if self.end is not None and self.end["result"] == "win" else ""
            return f"won by {in_series([power_in_text(self.variant, p) for p in self.winners])}{called}"
        if self.end is not None:
            sharers = self.end.get("players") or [[p] for p in self.end["powers"]]
            return "drawn between " + sharers_in_words([[power_in_text(self.variant, p) for p in player]
                                                         for player in sharers])
        if self.finished:
            return "finished"
        return "in progress" if self.phases else "not started"

    def latest_position(self) -> dict:
        """POSITION at the start of the current phase (or the final one)."""
        if self.phases:
            return self.phases[-1].record["after"]
        v = self.variant
        units: dict[str, list] = {}
        for u in v.start_units:
            units.setdefault(u.power, []).append(f"{u.kind} {u.location}")
        centers: dict[str, list] = {}
        for province, owner in v.start_centers.items():
            centers.setdefault(owner, []).append(province)
        return {"phase": v.calendar.first_phase, "units": {p: sorted(x) for p, x in units.items()},
                "centers": {p: sorted(x) for p, x in centers.items()}, "dislodged": {}, "contested": [],
                "extra": {}}


@dataclass
class SiteContext:
    """Everything the pages are made from."""

    games: list
    """Games by name: each a :class:`GameContext` (read), a :class:`KnownGame` (unchanged since the
    last build), an :class:`UnreadGame` (left to read) or a game read by a worker
    (:class:`gm_tools.publish.sitejobs.ReadElsewhere`)."""
    root: Path | None = None
    """The games folder, to read a known game after all when its pages must be rewritten."""


@dataclass
class UnreadGame:
    """A game the last build of the site never saw (the manifest has no digest of it): to be
    read whole, in this process or by one of the build's workers (:mod:`gm_tools.publish.sitejobs`),
    which a first build of a large archive spreads over every core."""

    name: str


@dataclass
class DamagedGame:
    """A game whose files cannot be read (its ``game.json`` or a record damaged or lost by
    hand): left out of the build with its fault said, the pages an earlier build made of it
    kept as they are, so that one damaged game stops no other game's turn from publishing."""

    name: str
    fault: str
    """The reader's error, naming the file and what is wrong with it."""


def read_or_damaged(name: str, read: Callable[[], GameContext]) -> GameContext | DamagedGame:
    """``read()``, or the game as damaged when its files fail it (a user's error, never a bug's)."""
    try:
        return read()
    except UserError as e:
        return DamagedGame(name, str(e))


@dataclass
class KnownGame:
    """A game whose files hash to what the last build saw (its manifest entry): not read nor
    parsed, so one new phase costs the same in an archive of ten games or a thousand."""

    name: str
    source_digest: str
    """:func:`source_digest` of its files, equal to the manifest's."""


def _load_variant(name: str, where: Path, players: int | None = None) -> Variant:
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.edges.variants import load_variant

    try:
        return variant_for_game(load_variant(name), players)
    except UserError as e:
        raise GameError(f"{where}: variant {name!r} cannot be loaded: {e}") from None


def _check_record(record: dict, source: Path, variant: Variant,
                  previous: tuple[dict, Position] | None = None) -> tuple[Position, Position]:
    """A record the pages can be made from, or a GameError naming the file and the key;
    returns the positions before and after it, read in checking it. ``previous``: the record
    before's ``after`` and its reading, whose units this record's ``before`` names again
    (read once, not twice: a phase's units were a third of pass 1)."""
    check_record_shape(source, record)
    read = {}
    for key in ("before", "after"):
        units = None
        if key == "before" and previous is not None and same_unit_texts(record[key], previous[0]):
            units = previous[1].units
        try:
            read[key] = position_from_json(record[key], units)
        except PositionFormatError as e:
            raise GameError(f"{source}: {key}: {e}") from None
    results = record["results"]
    if not isinstance(results, list):
        results = [None]
    for r in results:  # a loop, not all() over a generator: a phase has a result per unit
        if not isinstance(r, dict) or not isinstance(r.get("power"), str) or not isinstance(r.get("order"), str):
            raise GameError(f"{source}: \"results\" should be a list of objects with \"power\" and \"order\" texts")
    return read["before"], read["after"]


def _history_files(paths: GamePaths, variant: Variant,
                   contents: dict[str, bytes] | None = None) -> list[tuple[Path, dict, str]]:
    """(file, record, digest of its bytes and the records' before it) for every stored record,
    in calendar order. Like
    :func:`gm_tools.edges.game.load_history`, keeping each record's file for error messages.
    ``contents``: the history files' bytes by name, as :func:`source_digest` read them (each
    taken out as it is used); a file not in it is read here."""
    contents = {} if contents is None else contents
    if not paths.history.is_dir():
        return []
    from gm_tools.engine.system import system_for

    system = system_for(variant)
    found = []
    for file in paths.history.glob("*.json"):
        try:
            key = phase_sort_key(variant.calendar, file.stem)
        except (PhaseError, ValueError):
            raise GameError(f"{file}: not a phase id the variant's calendar has") from None
        found.append((key, file))
    out = []
    previous, chain = None, ""
    for _, file in sorted(found):
        record, digest = read_json_digest(file, contents.pop(file.name, None))
        chain = hashlib.sha256(f"{chain}\0{digest}".encode("utf-8")).hexdigest()
        check_record_shape(file, record)
        check_follows(file, record, previous, variant.calendar.first_phase)
        try:
            record = expand(upgrade_record(record, system), previous)
        except ValueError as e:
            raise GameError(f"{file}: {e} (a record is missing before it?)") from None
        out.append((file, record, chain))
        previous = record
    return out


def source_digest(paths: GamePaths, contents: dict[str, bytes] | None = None) -> str:
    """A hash of everything the game's pages are made from on disk: ``game.json``, ``end.json``,
    the history files and the pictures (names and bytes). Read, never parsed: hashing a game's files costs
    a small part of reading it, and the same files give the same hash on any machine (the
    site's manifest keeps it, and a site is the same bytes wherever it is built).
    ``contents``: filled with the history files' bytes by name, for a caller that goes on to
    read the game (so each file is read once, and the records are the bytes hashed)."""
    digest = hashlib.sha256(paths.game_json.read_bytes())
    if paths.end_file.is_file():
        digest.update(b"\0end\0" + paths.end_file.read_bytes())
    try:
        names = sorted(n for n in os.listdir(paths.history) if n.endswith(".json"))
    except OSError:
        names = []  # no history yet
    for name in names:
        with open(os.path.join(paths.history, name), "rb") as f:
            data = f.read()
        digest.update(b"\0" + name.encode("utf-8") + b"\0" + data)
        if contents is not None:
            contents[name] = data
    for name, path in _picture_files(paths):  # copied to the site: a picture replaced is copied again
        with open(path, "rb") as f:
            digest.update(b"\0picture\0" + name.encode("utf-8") + b"\0" + f.read())
    if os.path.isfile(paths.workbook):
        # its deadline is on the game page: a deadline typed makes the game's pages again, an
        # order typed (the same cells) does not; a game kept without its workbook hashes as before
        cells = read_game_cells(paths.workbook)
        said = f"{cells.phase}\0{cells.deadline}{' carried' if cells.carried_over else ''}" if cells else "-"
        digest.update(b"\0workbook\0" + said.encode("utf-8"))
    return digest.hexdigest()


def _picture_files(paths: GamePaths) -> list[tuple[str, str]]:
    """(name, path) of each file in the game's pictures folder, by name; none without one."""
    try:
        with os.scandir(paths.pictures) as entries:
            return sorted((e.name, e.path) for e in entries if e.is_file())
    except OSError:
        return []


_PROBE = GamePaths(root=Path("."), name="game")
_NAMED_FILES = (_PROBE.game_json.name, _PROBE.end_file.name)
_HISTORY = _PROBE.history.name
_PICTURES = _PROBE.pictures.name
"""The names of a game's files and records' folder, as :class:`GamePaths` gives them."""


def _fingerprint(paths: GamePaths) -> str:
    """The game's files' names, sizes and modification times: what tells, without reading a
    byte, that they are the ones last hashed (records are replaced whole, never edited)."""
    folder = os.path.join(paths.root, paths.name)  # strings: a large archive asks a thousand games
    parts = []
    for name in _NAMED_FILES:
        try:
            st = os.stat(os.path.join(folder, name))
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{name}:-")
    try:
        with os.scandir(os.path.join(folder, _HISTORY)) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(".json"):
                    st = entry.stat()
                    parts.append(f"{entry.name}:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        pass
    for name, path in _picture_files(paths):
        st = os.stat(path)
        parts.append(f"{_PICTURES}/{name}:{st.st_size}:{st.st_mtime_ns}")
    try:
        st = os.stat(f"{folder}.xlsx")  # the workbook, beside the game's folder (GamePaths.workbook)
        parts.append(f"workbook:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        parts.append("workbook:-")
    return "|".join(parts)


class DigestMemo:
    """Each game's :func:`source_digest`, remembered with its files' fingerprint between builds
    of one site, so an unchanged game is known without reading its records. Kept in the user's
    cache folder (:mod:`gm_tools.edges.cachefolder`), never in the site or the games: it changes from machine
    to machine, the outputs never do. A memo that cannot be read or written only costs speed."""

    def __init__(self, site_dir: Path):
        key = hashlib.sha256(str(Path(site_dir).resolve()).encode("utf-8")).hexdigest()[:24]
        self.path = cache_folder() / f"site-{key}.json"
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.entries: dict = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            self.entries = {}
        self.changed = False
        self._roots: dict = {}

    def where(self, paths: GamePaths) -> str:
        """The game's folder, resolved: its key in the memo."""
        root = self._roots.get(paths.root)
        if root is None:  # resolved once, not once a game: a large archive has a thousand
            root = self._roots[paths.root] = str(Path(paths.root).resolve())
        return os.path.join(root, paths.name)

    def learn(self, where: str, entry) -> None:
        """Take the entry another process's copy of the memo made for the game at ``where``."""
        if isinstance(entry, dict) and self.entries.get(where) != entry:
            self.entries[where] = entry
            self.changed = True

    def digest(self, paths: GamePaths, contents: dict[str, bytes] | None = None) -> str:
        """The game's :func:`source_digest`; ``contents`` is filled as that fills it when the
        files had to be read (the memo did not know them)."""
        mark = _fingerprint(paths)  # before the files are read: a file changed meanwhile is hashed again next time
        where = self.where(paths)
        entry = self.entries.get(where)
        if isinstance(entry, dict) and entry.get("mark") == mark and isinstance(entry.get("digest"), str):
            return entry["digest"]
        digest = source_digest(paths, contents)
        self.entries[where] = {"mark": mark, "digest": digest}
        self.changed = True
        return digest

    def save(self) -> None:
        if not self.changed:
            return
        from gm_tools.edges.game import write_atomic

        try:
            write_atomic(self.path, json.dumps(self.entries, sort_keys=True).encode("utf-8"))
        except OSError:
            pass  # a read-only home: the next build hashes again


def collect_game(root: Path, name: str, digest: str = "", contents: dict[str, bytes] | None = None) -> GameContext:
    """Pass 1 for one game folder (``digest``: its :func:`source_digest`, if known;
    ``contents``: the history files' bytes read in making it)."""
    paths = GamePaths(root=root, name=name)
    # a copy of a game's folder (a GM's backup, games/NAME.old) would be published as the game
    # it copies, over its pages: load_game refuses a game.json naming another game than its folder
    info = load_game(paths)
    variant = _load_variant(info.variant, paths.game_json, info.player_count)
    phases = []
    previous = None
    for source, record, record_digest in _history_files(paths, variant, contents):
        board, after = _check_record(record, source, variant, previous)
        previous = record["after"], after
        # Named from the calendar, not the record's own title: records written before the
        # names were worded (``Setup 1510 Setup Order``) are shown as new ones are.
        try:
            title = phase_name(variant.calendar, record["phase"])
        except PhaseError as e:
            if not record.get("title"):
                raise GameError(f"{source}: {e}") from None
            title = record["title"]
        phases.append(PhaseContext(record=record, source=source, title=title, digest=record_digest, board=board))
    for before, after in zip(phases, phases[1:]):
        before.next, after.previous = after.id, before.id
    pictures, lost = pictures_of_records(paths.pictures, [(p.source, p.record) for p in phases])
    if phases:
        last = phases[-1].record
        current, winner = last.get("next_phase"), last.get("winner")
    else:
        current, winner = variant.calendar.first_phase, None
    end = read_end(paths) or _forced_draw(phases)
    if end is not None and end["result"] == "win":
        winner = end["winner"]  # the winner the GM called ('allow the GM to call a winner')
    game = GameContext(info=info, variant=variant, phases=phases, current_phase=current, winner=winner,
                       source_digest=digest or source_digest(paths), end=end, pictures=pictures,
                       picture_sizes=served_sizes(pictures), lost_pictures=lost)
    if not game.finished and paths.workbook.is_file():
        cells = read_game_cells(paths.workbook)
        game.deadline = current_deadline(cells, game)
        if cells is None:
            game.deadline_fault = (f"{paths.workbook}: its Game sheet's Phase or Deadline cannot be read (a formula, an "
                                   f"error value or a damaged file); game {name}'s page shows no deadline")
    return game


def current_deadline(cells, game: GameContext) -> str | None:
    """The deadline of the phase now awaiting orders, from the workbook's Game sheet
    (:class:`~gm_tools.edges.gamecells.GameCells`, None when unreadable): empty when the GM
    has typed none for it, None when the workbook cannot say (unreadable, or an old copy laid
    out for another phase). A workbook a turn wrote before the Next deadline row was laid out
    has the phase played's Deadline carried over (``docs/workbook.md``), which its record
    keeps: there the same text as the last record's is that deadline, already past."""
    if cells is None or cells.phase != (game.current_phase or ""):
        return None
    if cells.carried_over and game.phases and cells.deadline == str(game.phases[-1].record.get("deadline") or ""):
        return ""
    return cells.deadline


def _forced_draw(phases: list[PhaseContext]) -> dict | None:
    """A draw the rules forced in the last phase (its record's ``draw``), as ``end.json`` says one."""
    if not phases or not isinstance(phases[-1].record.get("draw"), dict):
        return None
    record = phases[-1].record
    return {"result": "draw", "powers": list(record["draw"].get("powers", [])), "phase": record["phase"],
            "declared": record.get("processed", ""), "reason": str(record["draw"].get("reason", "")),
            "forced": True}


def read_game(root: Path, name: str, memo: DigestMemo | None = None) -> GameContext:
    """Pass 1 for one game, its digest found through ``memo`` when there is one."""
    paths = GamePaths(root=root, name=name)
    contents: dict[str, bytes] = {}
    digest = memo.digest(paths, contents) if memo is not None else source_digest(paths, contents)
    return collect_game(root, name, digest, contents)


def collect(games_root: str | os.PathLike, known: dict[str, str] | None = None,
            memo: DigestMemo | None = None, defer: bool = False) -> SiteContext:
    """Pass 1: read every game under ``games_root`` (each folder with a ``game.json``), except
    those whose files still hash to ``known[name]`` (the last build's digests): their bytes
    are hashed, never parsed, or, with a ``memo`` that knows their fingerprint, not even read.
    With ``defer``, a game ``known`` has no digest of is left as an :class:`UnreadGame` for the
    caller to read (:func:`gm_tools.publish.sitejobs.read_games`)."""
    root = Path(games_root)
    if root.exists() and not root.is_dir():  # as `status` says it of a --root naming a file
        raise GameError(f"{root} is a file, expected the folder of the games (--root)")
    if not root.is_dir():
        raise no_games_folder(root)
    names = sorted(p.name for p in root.iterdir() if (p / "game.json").is_file() or lost_record(p))
    games: list[GameContext | KnownGame | UnreadGame | DamagedGame] = []
    with collector_paused():
        for name in names:
            if lost_record(root / name):
                games.append(read_or_damaged(name, lambda: load_game(GamePaths(root=root, name=name))))
                continue
            if defer and not (known and name in known):
                games.append(UnreadGame(name))
                continue
            paths = GamePaths(root=root, name=name)
            contents: dict[str, bytes] = {}
            digest = memo.digest(paths, contents) if memo is not None else source_digest(paths, contents)
            if known and known.get(name) == digest:
                games.append(KnownGame(name, digest))
            else:
                games.append(read_or_damaged(name, lambda: collect_game(root, name, digest, contents)))
    return SiteContext(games=games, root=root)


def variant_or_none(name: str, players) -> Variant | None:
    """A known game's variant as it plays, or None when it no longer loads (then the game
    is read again and its own error is reported)."""
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.rules import variant_for_game
    from gm_tools.errors import UserError

    try:
        return variant_for_game(load_variant(name), players if isinstance(players, int) else None)
    except UserError:
        return None


def leave_stale_to_read(context: SiteContext, site: Path, build_key: str) -> None:
    """Known games (their records unchanged) whose pages must be made all the same, since the
    code, the templates or their variant changed since the last build, are left to read with
    the new games (:func:`gm_tools.publish.sitejobs.read_games`): on every core when there are
    many, as after an upgrade of gm_tools, and every one checked before anything is written."""
    manifest = Manifest(site / MANIFEST)
    variants: dict[tuple, Variant | None] = {}
    keys: dict[str, str] = {}
    for i, game in enumerate(context.games):
        if not isinstance(game, KnownGame):
            continue
        entry = manifest.old.get(game.name)
        if Manifest.shows_again(entry):
            which = (entry["variant"], entry.get("players"))
            if which not in variants:
                variants[which] = variant_or_none(*which)
            variant = variants[which]
            if variant is not None:
                if variant.name not in keys:
                    keys[variant.name] = variant_key(variant)
                if entry.get("key") == pages_key(build_key, keys[variant.name], game.source_digest):
                    continue
        context.games[i] = UnreadGame(game.name)  # read, and its error raised, with the new games


@contextmanager
def collector_paused():
    """Python's cycle collector off for a while. Reading records makes many small dicts and
    lists that are all kept: each collection walked every record read so far, and reading an
    archive took twice as long (1.0 against 0.5 ms a record). Records hold no cycles, so
    reference counting frees whatever is dropped meanwhile."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


_ASIDE = {"depth": 0, "theirs": False}
"""How many :func:`set_aside` blocks are open, and whether objects were set aside before the
outermost began (a program's own ``gc.freeze``, which it keeps)."""


@contextmanager
def set_aside():
    """Everything alive now kept out of the cycle collector's sight (``gc.freeze``) until the
    block ends: what a build read is kept to its end and holds no cycles, and each collection
    walked it all again. Blocks nest (the build's workers are made inside the build's); the
    outermost gives the objects back to the collector, unless the program had set some aside
    itself (``gc.unfreeze`` gives back all or nothing)."""
    if _ASIDE["depth"] == 0:
        _ASIDE["theirs"] = gc.get_freeze_count() > 0  # counts them: asked once a build
    _ASIDE["depth"] += 1
    gc.freeze()
    try:
        yield
    finally:
        _ASIDE["depth"] -= 1
        if _ASIDE["depth"] == 0 and not _ASIDE["theirs"]:
            gc.unfreeze()
