"""The game record on disk: where a game's files are, ``game.json``, the history, backups
and rollback. This module is the filesystem edge for games; the layout and the JSON formats
are documented in ``docs/game-record.md``.

Nothing here reads a workbook's contents: the workbook is bytes to back up and restore.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from gm_tools.errors import GameError
from gm_tools.edges.landfile import land_file
from gm_tools.edges.pressimages import PICTURES
from gm_tools.engine.phase import PhaseError, parse_phase
from gm_tools.engine.variant import Calendar

if TYPE_CHECKING:
    from gm_tools.engine.system import GameSystem

FORMAT = 1
"""Layout of ``game.json``."""
RECORD_FORMAT = 4
"""Layout of a phase record: 2 added each result's ``codes`` and ``parsed`` order; 3 may keep a
position's large ``extra`` tables as their change (:mod:`gm_tools.edges.recorddelta`); 4 keeps
a game system's state under one key of a position's ``extra``, the system's name. An older
record is upgraded when it is read (:func:`upgrade_record`); files are never rewritten."""

GAME_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")

ENV_HOME = "GM_TOOLS_HOME"
DEFAULT_ROOT = "sheets"


def games_root(root: str | os.PathLike | None = None) -> Path:
    """The folder holding the games: ``root`` if given, else ``$GM_TOOLS_HOME``, else ``sheets``."""
    if root:
        return Path(root)
    return Path(os.environ.get(ENV_HOME) or DEFAULT_ROOT)


def check_game_name(name: str) -> str:
    if not GAME_NAME_RE.match(name or ""):
        raise GameError(
            f"game name {name!r}: expected letters a to z, digits, '-' or '_' (at most 64, "
            "starting with a letter or digit), since it names files"
        )
    return name


@dataclass(frozen=True)
class GamePaths:
    """Where one game's files are."""

    root: Path
    """The games root (``sheets/``)."""
    name: str
    """The game name."""

    @property
    def workbook(self) -> Path:
        return self.root / f"{self.name}.xlsx"

    @property
    def folder(self) -> Path:
        return self.root / self.name

    @property
    def game_json(self) -> Path:
        return self.folder / "game.json"

    @property
    def history(self) -> Path:
        return self.folder / "history"

    @property
    def pictures(self) -> Path:
        """The pictures the GM's press shows (``pictures/breda.png``), copied to the site."""
        return self.folder / PICTURES

    @property
    def backups(self) -> Path:
        return self.folder / "backups"

    @property
    def end_file(self) -> Path:
        """``end.json``: the game ended by the GM (a draw), when it was."""
        return self.folder / "end.json"

    @property
    def mail(self) -> Path:
        """Mails entered with ``gm-tools orders`` and the workbook as it was before each."""
        return self.folder / "mail"

    @property
    def rolled_back(self) -> Path:
        return self.folder / "rolled-back"

    def record_file(self, phase: str) -> Path:
        return self.history / f"{phase}.json"

    def backup_file(self, phase: str) -> Path:
        return self.backups / f"{phase}.xlsx"

    def lock_files(self) -> list[Path]:
        """The files LibreOffice and Excel leave beside a workbook they have open."""
        return [
            self.root / f".~lock.{self.name}.xlsx#",
            self.root / f"~${self.name}.xlsx",
        ]


def game_paths(name: str, root: str | os.PathLike | None = None) -> GamePaths:
    return GamePaths(root=games_root(root), name=check_game_name(name))


def refuse_if_open(paths: GamePaths) -> None:
    """Refuse to touch a workbook a spreadsheet program has open: our write would be lost
    when the GM saves, or theirs would overwrite ours."""
    for lock in paths.lock_files():
        if lock.exists():
            raise GameError(
                f"{paths.workbook} is open in a spreadsheet program ({lock.name} exists beside it): save and close "
                f"it, then run the command again (if no spreadsheet program has it open, delete {lock}: left by one that crashed)")


def missing_workbook(paths: GamePaths, why: str) -> GameError:
    """A workbook gone (deleted, moved, renamed by hand): what to do, as no record says what the GM typed."""
    played = paths.history.is_dir() and any(paths.history.glob("*.json"))
    back = f"; else gm-tools rollback {paths.name} brings back the one before the last turn" if played else ""
    near = " and ".join(p.name for p in sorted(Path(paths.root).glob("*.xlsx")) if paths.name.casefold() in p.stem.casefold()
                        and p.name[0] not in "~." and not (Path(paths.root) / p.stem / "game.json").exists())  # renamed?
    found = f"; found {near} beside it: renamed? name it {paths.workbook.name}" if near else ""
    return GameError(f"{paths.workbook} is missing: the game's workbook {why}; expected it there (put it back, as saved "
                     f"by the spreadsheet program{found}{back})")


def open_warnings(paths: GamePaths) -> list[str]:
    """For a command that only reads the workbook (status, turn --dry-run), and so is not
    refused beside a lock file: what the GM typed and has not saved is not in the file read."""
    return [f"{paths.workbook.name} is open in a spreadsheet program ({lock.name} beside it): what is typed in it "
            "and not saved yet is not read here" for lock in paths.lock_files() if lock.exists()]


# --- writing files ----------------------------------------------------------------------


def json_text(value) -> str:
    """The one JSON spelling of the record: same value, same bytes."""
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def make_folder(folder: Path) -> None:
    """``folder`` made if missing, with any folder on its way; a file in its place or on its way
    (a mistyped ``--root``, ``--site`` or ``--out``) is a GameError naming that file, not the
    OS's "File exists" or "Not a directory"."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                raise GameError(f"{place} is a file, expected a folder (or a path where one can be made)")
            break
    folder.mkdir(parents=True, exist_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then move it into
    place, so a crash leaves either the old file or the new one, never half of one. A folder
    in its place (a mistyped ``--out``) is a GameError saying so, not the OS's "Is a directory"."""
    if path.is_dir():
        raise GameError(f"{path} is a folder, expected a file name")
    make_folder(path.parent)
    # mkstemp makes the file private (0600); give it the mode a plain open() would.
    umask = os.umask(0)
    os.umask(umask)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    land_file(fd, tmp, path, data, mode=0o666 & ~umask)


def read_json(path: Path) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except UnicodeDecodeError as e:
        raise GameError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise GameError(f"{path}: damaged JSON at line {e.lineno}: {e.msg}") from None


def read_json_digest(path: Path, data: bytes | None = None) -> tuple[dict, str]:
    """The file's JSON and the SHA-256 of its bytes, read once (``data``: its bytes, when the
    caller read them already)."""
    if data is None:
        data = path.read_bytes()
    try:
        return json.loads(data.decode("utf-8")), hashlib.sha256(data).hexdigest()
    except UnicodeDecodeError as e:
        raise GameError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise GameError(f"{path}: damaged JSON at line {e.lineno}: {e.msg}") from None


# --- game.json ----------------------------------------------------------------------------


@dataclass
class GameInfo:
    """The contents of ``game.json``."""

    name: str
    """Game name (file and folder name)."""
    variant: str
    """Registry name of the variant."""
    seed: str
    """Starting seed for the rules' randomness, a string of digits."""
    players: dict[str, str] = field(default_factory=dict)
    """Power code -> player name at creation ("" for none yet)."""
    created: str = ""
    """UTC time the game was created, ISO 8601."""
    player_count: int | None = None
    """The setup's number of players (``new-game --players``: Europe 1619's 10 to 15), or None
    for the variant's only setup. Written only when given, so older records stay as they are."""

    options: dict = field(default_factory=dict)
    """Game options chosen at ``new-game --option NAME=VALUE`` (Europe 1615 v2: play without
    diplomatic attacks), over the variant's ``[options]``. Written only when given."""

    def to_json(self) -> dict:
        extra = {} if self.player_count is None else {"player_count": self.player_count}
        if self.options:
            extra["options"] = dict(sorted(self.options.items()))
        return extra | {
            "format": FORMAT,
            "name": self.name,
            "variant": self.variant,
            "seed": self.seed,
            "players": dict(self.players),
            "created": self.created,
        }


def _near_games(paths: GamePaths) -> list[str]:
    """The games under the same root whose names are nearest the one asked for ('W' for 'w',
    'westphalia-dmeo'): a name mistyped on the command line, not a game to create."""
    import difflib

    try:
        games = {d.name.casefold(): d.name for d in Path(paths.root).iterdir() if (d / "game.json").is_file()}
    except OSError:
        return []
    return [games[n] for n in difflib.get_close_matches(paths.name.casefold(), list(games), n=3, cutoff=0.6)]


def lost_record(folder: Path) -> bool:
    """A game's folder with its history but no game.json (lost by hand): damaged, not a game to create."""
    return not (folder / "game.json").exists() and (folder / "history").is_dir()


def no_games_folder(root: Path) -> GameError:
    """The games folder missing (gm-tools run from another folder than ``sheets/``'s) or a file."""
    if root.exists():
        return GameError(f"{root} is a file, expected the folder of the games (--root)")
    where = "" if root.is_absolute() else f" in {Path.cwd()}"
    return GameError(f"games folder {root} does not exist{where} (expected a folder of games, each NAME/game.json: "
                     f"run gm-tools from the folder holding it, or give --root DIR or set {ENV_HOME}; "
                     "gm-tools new-game VARIANT NAME makes it)")


def load_game(paths: GamePaths) -> GameInfo:
    if not Path(paths.root).is_dir():
        raise GameError(f"no game {paths.name!r}: {no_games_folder(Path(paths.root))}")
    if lost_record(paths.folder):
        raise GameError(f"{paths.game_json} does not exist, but {paths.history} does: expected the game's "
                        f"name, variant and seed in game.json (put it back from a copy, docs/game-record.md)")
    if not paths.game_json.exists():
        near = _near_games(paths)
        raise GameError(
            f"no game {paths.name!r} in {paths.root}: {paths.game_json} does not exist "
            + (f"(did you mean {' or '.join(near)}? else " if near else "(")
            + f"create it with: gm-tools new-game VARIANT {paths.name})"
        )
    data = read_json(paths.game_json)
    if not isinstance(data, dict):
        raise GameError(f"{paths.game_json}: found {type(data).__name__}, expected a JSON object (docs/game-record.md)")
    try:
        info = GameInfo(
            name=data["name"],
            variant=data["variant"],
            seed=str(data["seed"]),
            players=dict(data.get("players", {})),
            created=data.get("created", ""),
            player_count=_player_count(paths, data.get("player_count")),
            options=_options(paths, data.get("options", {})),
        )
    except KeyError as e:
        raise GameError(f"{paths.game_json}: missing key {e.args[0]!r}") from None
    if info.name != paths.name:
        # a copy of a game's folder (games/rome-old from games/rome): a turn there would record
        # phases of 'rome', and the site refuses it; said as the site says it, by every command
        rename = f", or name the game {paths.name!r} in its game.json" if GAME_NAME_RE.match(paths.name) else ""
        raise GameError(f"{paths.game_json}: found the game {info.name!r} in the folder {paths.name!r}, expected a "
                        f"game named as its folder (a copy of the folder of {info.name!r}? keep backups outside "
                        f"{paths.root}{rename})")
    return info


def _options(paths: GamePaths, value) -> dict:
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return dict(value)
    raise GameError(f"{paths.game_json}: \"options\" is {value!r}, expected an object of option names and values")


def _player_count(paths: GamePaths, value) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise GameError(f"{paths.game_json}: \"player_count\" is {value!r}, expected a whole number of players")


def refuse_taken_name(paths: GamePaths) -> None:
    """A new game's name must be free, and free whatever its case: 'MyGame' beside 'mygame'
    is one folder on Windows and macOS and one address on many web hosts, where one game's
    workbook, record or pages would overwrite the other's."""
    if paths.game_json.exists() or paths.workbook.exists():
        raise GameError(f"game {paths.name!r} exists already in {paths.root}: choose another name")
    own = (paths.name, f"{paths.name}.xlsx")
    try:
        taken = sorted(d.name for d in Path(paths.root).iterdir()
                       if d.name not in own and d.name.casefold() in {n.casefold() for n in own})
    except OSError:
        return
    if taken:
        raise GameError(f"game name {paths.name!r}: found {taken[0]!r} in {paths.root}, the same name in other "
                        "letter case, expected a name of its own (Windows, macOS and many web hosts take the two "
                        "for one file): choose another name")


def save_new_game(paths: GamePaths, info: GameInfo) -> None:
    refuse_taken_name(paths)
    write_atomic(paths.game_json, json_text(info.to_json()).encode("utf-8"))


# --- history ---------------------------------------------------------------------------


def phase_sort_key(calendar: Calendar, phase_id: str) -> tuple[int, int]:
    phase = parse_phase(phase_id)
    return (phase.year, calendar.phases.index((phase.season, phase.type)))


def load_history(paths: GamePaths, calendar: Calendar, system: "GameSystem | None" = None) -> list[dict]:
    """Every stored record, in calendar order, in today's layout (``system``: the game's, which
    says where its records kept its state before format 4)."""
    if not paths.history.exists():
        return []
    records = []
    for file in paths.history.glob("*.json"):
        try:
            key = phase_sort_key(calendar, file.stem)
        except (PhaseError, ValueError):
            raise GameError(f"{file}: not a phase id the variant's calendar has") from None
        records.append((key, file))
    files = (file for _, file in sorted(records, key=lambda kr: kr[0]))
    return [record for _, record in whole_records(files, system, calendar.first_phase)]


RECORD_KEYS = ("phase", "before", "after", "results", "next_phase")
"""Keys every history record has (docs/game-record.md)."""


def check_record_shape(file: Path, record) -> None:
    """A history record is a JSON object with :data:`RECORD_KEYS`, its ``phase`` its file's
    name: else a GameError naming the file and what is wrong, before anything reads it."""
    if not isinstance(record, dict):
        raise GameError(f"{file}: found {type(record).__name__}, expected a JSON object (docs/game-record.md)")
    for key in RECORD_KEYS:
        if key not in record:
            raise GameError(f"{file}: missing key {key!r} (a history record has {', '.join(RECORD_KEYS)}...)")
    if record["phase"] != file.stem:
        raise GameError(f"{file}: \"phase\" is {record['phase']!r}, expected {file.stem!r} like its file name")


def check_replayable(file: Path, record: dict) -> None:
    """What ``gm-tools replay`` reads of a record beyond :data:`RECORD_KEYS`, there and of the
    right kind: each power's orders as entered (``cell``, ``written``, ``read``, and ``error``
    for one not read), the sheets' inputs in ``extra``, the ``seed`` in ``random``."""
    orders, extra, random_ = record.get("orders"), record.get("extra"), record.get("random")
    problem = None
    if not isinstance(orders, dict) or not all(isinstance(items, list) for items in orders.values()):
        problem = "\"orders\" should be an object of power -> list of orders as entered"
    elif not all(isinstance(i, dict) and {"cell", "written", "read"} <= i.keys() and (i["read"] is not None or "error" in i)
                 for items in orders.values() for i in items):
        problem = "each order as entered should be an object with \"cell\", \"written\", \"read\" (and \"error\")"
    elif not isinstance(extra, dict):
        problem = "\"extra\" should be an object (the variant's sheets' inputs)"
    elif not isinstance(random_, dict) or "seed" not in random_:
        problem = "\"random\" should be an object with the game's \"seed\""
    if problem:
        raise GameError(f"{file}: {problem}, as gm-tools wrote it (docs/game-record.md); it cannot be replayed")


def check_follows(file: Path, record, previous: dict | None, first_phase: str | None = None) -> None:
    """A record follows the one before it in the history: its phase is that record's
    ``next_phase``, and the first record's is ``first_phase``, where every game starts (its
    calendar's first phase: new-game and import start nowhere else). A gap is a record deleted
    or lost (a folder copied in part, a rollback undone by hand); read on, the game would be
    replayed and shown without that phase."""
    if not isinstance(record, dict):
        return  # its own checks say what is wrong with it
    if previous is None:
        phase = record.get("phase")
        if first_phase is not None and phase == file.stem and phase != first_phase:
            raise GameError(f"{file}: the first record is phase {phase}, but the game starts at {first_phase}: "
                            f"expected {file.parent / f'{first_phase}.json'}, which is missing")
        return
    if "next_phase" not in previous:
        return
    phase, expected = record.get("phase"), previous["next_phase"]
    if phase != file.stem or phase == expected:
        return  # a phase not its file's name is reported as such by the record's own checks
    if expected is None:
        raise GameError(f"{file}: phase {phase} is recorded after the game ended "
                        f"({previous.get('phase')} has no next phase)")
    raise GameError(f"{file}: phase {phase} is recorded after {previous.get('phase')}, whose next phase is "
                    f"{expected}: expected {file.parent / f'{expected}.json'}, which is missing")


def whole_records(files, system: "GameSystem | None" = None,
                  first_phase: str | None = None) -> "Iterator[tuple[Path, dict]]":
    """(file, record) for record files given in calendar order, each read, upgraded to today's
    layout (:func:`upgrade_record`) and made whole (a record of format 3 or later may keep
    tables as their change from the record before it: :mod:`gm_tools.edges.recorddelta`).
    ``first_phase``: the phase the game starts at, which the first record must be."""
    from gm_tools.edges.recorddelta import carry, expand

    previous = None
    for file in files:
        raw = read_json(file)
        check_record_shape(file, raw)
        check_follows(file, raw, previous, first_phase)
        try:
            record = carry(system, expand(upgrade_record(raw, system), previous), previous)
        except ValueError as e:
            raise GameError(f"{file}: {e} (a record is missing before it?)") from None
        yield file, record
        previous = record


def upgrade_record(record: dict, system: "GameSystem | None" = None) -> dict:
    """A phase record in today's layout (:data:`RECORD_FORMAT`). Format 1 kept each result's
    reason in words only: its codes are read back from the words with the templates that
    made them (:func:`gm_tools.engine.results.reasons_from_words`), and its order was not
    kept parsed (no ``parsed``: the site reads the canonical text for such a phase). Before
    format 3 the notes were words only: their codes are read back the same way. Before
    format 4 a game system kept its state at the top of a position's ``extra``: ``system``
    gathers it under its name (:meth:`~gm_tools.engine.system.GameSystem.upgrade_extra`; a
    change from the record before, :mod:`~gm_tools.edges.recorddelta`, moves with its table)."""
    if not isinstance(record, dict) or not isinstance(record.get("format", 1), int):
        return record  # not a record at all: the readers' checks say what is wrong
    fmt = record.get("format", 1)
    if fmt >= RECORD_FORMAT:
        return record
    from gm_tools.engine.results import notes_from_words, reasons_from_words, reasons_to_json

    upgraded = dict(record, format=RECORD_FORMAT)
    if fmt < 2:
        results = []
        for r in record.get("results", []):
            if isinstance(r, dict) and "codes" not in r:
                words = str(r.get("reason") or "")
                r = dict(r, codes=reasons_to_json(reasons_from_words(words, r.get("result", ""), str(r.get("order", "")))))
            results.append(r)
        upgraded["results"] = results
    if any(isinstance(n, dict) and "codes" not in n for n in record.get("notes") or []):
        upgraded["notes"] = notes_from_words(record["notes"])
    if system is not None:
        for side in ("before", "after"):
            position = record.get(side)
            if isinstance(position, dict) and isinstance(position.get("extra"), dict):
                upgraded[side] = dict(position, extra=system.upgrade_extra(position["extra"]))
    return upgraded


def store_record(paths: GamePaths, record: dict) -> None:
    """Store a phase's record. A record is written once: a second write for the same phase
    is refused, since the site and any replay rely on it never changing."""
    file = paths.record_file(record["phase"])
    if file.exists():
        raise GameError(f"{file} already exists: phase {record['phase']} was processed already")
    write_atomic(file, json_text(record).encode("utf-8"))


def store_backup(paths: GamePaths, phase: str, workbook_bytes: bytes) -> None:
    """Keep the workbook as it was before ``phase`` was processed. After a rollback and a
    second processing this is the corrected workbook: the one a further rollback should
    bring back."""
    write_atomic(paths.backup_file(phase), workbook_bytes)


def store_mail(paths: GamePaths, phase: str, mails: list[bytes], workbook_before: bytes,
               workbook_after: bytes, unpublish: bool = False) -> tuple[list[Path], list[Path]]:
    """Keep the mails entered into ``phase``'s workbook and the workbook as it was before
    them (``mail/S1901M.1.xlsx``, ``mail/S1901M.1.1.eml``...), so nothing a player sent and
    nothing the GM had typed is lost, and put ``workbook_after`` in the workbook's place: all
    of it as one step (:func:`gm_tools.edges.journal.commit`; killed between, the mails were
    said entered before when sent again, and never typed). A mail byte for byte as one kept
    before for this phase (a later phase's is its own) is not kept again: it would fill the folder.
    ``unpublish``: the site is to show the change. Returns the files kept, and for each mail
    kept before (in ``mails``' order) its earlier file."""
    from gm_tools.edges.journal import commit

    before = _next_free(paths.mail, phase, ".xlsx")
    stem = before.name[: -len(".xlsx")]
    earlier = {f.read_bytes(): f for f in sorted(paths.mail.glob(f"{phase}.*.eml"))} if paths.mail.is_dir() else {}
    files = [("kept.xlsx", workbook_before, before)]
    kept, again = [before], []
    for i, mail in enumerate(mails, start=1):
        if mail in earlier:
            again.append(earlier[mail])
            continue
        kept.append(paths.mail / f"{stem}.{i}.eml")
        files.append((f"{i}.eml", mail, kept[-1]))
        earlier[mail] = kept[-1]
    files.append(("workbook.xlsx", workbook_after, paths.workbook))
    commit(paths, "mail" if mails else "deadline", phase, files, unpublish=unpublish, whole=True)
    return kept, again


def read_end(paths: GamePaths) -> dict | None:
    """How the GM ended the game: a draw (``{"result": "draw", "powers": [...], "phase",
    "declared"}``) or a winner the GM called (``{"result": "win", "winner": "SPAIN", "reason",
    "phase", "declared"}``); None while it goes on or was ended by the rules (a winner in the
    last record)."""
    if not paths.end_file.is_file():
        return None
    end = read_json(paths.end_file)
    if isinstance(end, dict) and end.get("result") == "win":
        if (not isinstance(end.get("winner"), str) or not isinstance(end.get("reason"), str)
                or not isinstance(end.get("powers", []), list)):
            raise GameError(f"{paths.end_file}: expected {{\"result\": \"win\", \"winner\": \"POWER\", "
                            "\"reason\": \"...\"}}")
        return end
    powers = end.get("powers") if isinstance(end, dict) else None
    if not isinstance(powers, list) or end.get("result") != "draw" or not all(isinstance(p, str) for p in powers):
        raise GameError(f"{paths.end_file}: expected {{\"result\": \"draw\", \"powers\": [...]}} or "
                        "{\"result\": \"win\", \"winner\": \"POWER\", \"reason\": \"...\"}")
    return end


def end_words(end: dict) -> str:
    """How the GM ended the game, in a sentence's words: ``drawn between FRANCE and SPAIN`` or
    ``won by SPAIN, the winner the GM called before W1620S (most rounds won)``."""
    if end.get("result") == "win":
        return f"won by {end_winner(end)}, the winner the GM called before {end.get('phase', '')} ({end['reason']})"
    return f"drawn between {end_sharers(end)}"


def end_winner(end: dict) -> str:
    """The winner the GM called: its power, or a player's powers together (``SPAIN/AUSTRIA``),
    as the rules' own result names a player of several powers."""
    return "/".join(end.get("powers") or [end["winner"]])


def end_sharers(end: dict) -> str:
    """Who shares a draw: the powers, or each player's powers together."""
    return listed(["/".join(p) for p in end["players"]] if end.get("players") else end["powers"])


def listed(names: list[str]) -> str:
    """Names as a sentence lists them, ``FRANCE, RUSSIA and TURKEY``: the records keep lists."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)


def _next_free(folder: Path, stem: str, suffix: str) -> Path:
    n = 1
    while (folder / f"{stem}.{n}{suffix}").exists():
        n += 1
    return folder / f"{stem}.{n}{suffix}"


def rollback(paths: GamePaths, calendar: Calendar, unpublish: bool = False, carry=None) -> str:
    """Reopen the last processed phase: its record is withdrawn to ``rolled-back/`` and the
    workbook as it was before processing comes back, orders and all, for the GM to correct.
    The workbook being replaced is kept in ``rolled-back/`` too. All of it lands as one step
    (:func:`gm_tools.edges.journal.commit`): a rollback killed half-way left the workbook
    reopened beside the phase's record, which no turn would take. ``unpublish``: the site is
    to show the phase gone. ``carry(backup, replaced, kept)``: the workbook to bring back instead
    (the GM's edits typed after the turn carried). Returns the phase reopened."""
    from gm_tools.edges.journal import commit

    refuse_if_open(paths)
    history = load_history(paths, calendar)
    if not history:
        raise GameError(f"game {paths.name!r} has no processed phase to roll back")
    phase = history[-1]["phase"]
    backup = paths.backup_file(phase)
    if not backup.is_file():
        raise GameError(f"cannot roll back {phase}: its backup {backup} is missing, expected the workbook as it was before "
                        f"{phase} was processed (put it back; {paths.mail} keeps the versions before each mail or deadline)")
    files = [("workbook.xlsx", backup.read_bytes(), paths.workbook)]
    if paths.workbook.exists():
        displaced = _next_free(paths.rolled_back, f"{history[-1].get('next_phase') or 'end'}", ".xlsx")
        files.insert(0, ("displaced.xlsx", paths.workbook.read_bytes(), displaced))
        if carry is not None:
            files[1] = ("workbook.xlsx", carry(files[1][1], files[0][1], displaced), paths.workbook)
    moves = [(paths.record_file(phase), _next_free(paths.rolled_back, phase, ".json"))]
    # the phase's private reports (Payola ledgers) go with its record: left in private/, a
    # GM would find them for a phase not played, and a ledger the phase no longer gives would
    # stay beside the new ones once it is played again
    private = paths.folder / "private" / phase
    if private.is_dir():
        moves.append((private, _next_free(paths.rolled_back, f"private-{phase}", "")))
    commit(paths, "rollback", phase, files, moves, unpublish=unpublish)
    return phase
