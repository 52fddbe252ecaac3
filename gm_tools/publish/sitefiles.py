"""The site's file edge: the one writer, the PNG painter, and the manifest of the last build.

- :class:`SiteWriter` writes a file only when its bytes differ from what is on disk (so an
  unchanged page keeps its date and a sync tool sends only what changed), each write atomic,
  and reports what it wrote in a :class:`BuildReport`.
- :class:`PngPainter` draws the PNG maps (cairosvg, the slow part), on every core when there
  are many.
- :class:`Manifest` remembers each game's key (a hash of its records, its variant, the code
  and the templates) and files, so that a game nothing changed for is not even rendered.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from gm_tools.edges.png import WEB_WIDTH, prepare_to_draw, svg_to_png
from gm_tools.edges.webpicture import shown_size, web_picture
from gm_tools.edges.landfile import land_file
from gm_tools.edges.lifetime import end_with_parent
from gm_tools.engine.variant import Variant
from gm_tools.publish.maplayer import LAYER_SUFFIX


@dataclass
class BuildReport:
    """What one build did to the site folder, each path relative to it, in write order."""

    written: list[str] = field(default_factory=list)
    """Files created or changed."""
    unchanged: list[str] = field(default_factory=list)
    """Files produced with the same bytes as already on disk (not touched)."""
    removed: list[str] = field(default_factory=list)
    """Files under ``games/`` that no record produces any more (a rolled-back phase)."""
    pngs: int = 0
    """PNG pictures drawn (each one a cairosvg run)."""
    games_read: list[str] = field(default_factory=list)
    """Games whose records were read and parsed; the others were known unchanged by their digest."""
    warnings: list[str] = field(default_factory=list)
    """What the build published in spite of a fault the GM should mend (a press picture lost
    from its game's folder), one sentence each."""

    @property
    def files(self) -> int:
        return len(self.written) + len(self.unchanged)

    damaged: list[str] = field(default_factory=list)
    """Games left out of the build because their files cannot be read (their faults are among
    the warnings): ``gm-tools site`` then ends with an error status."""

    def text(self) -> str:
        return "\n".join([f"site: {len(self.written)} file(s) written, {len(self.unchanged)} unchanged, "
                          f"{len(self.removed)} removed, {self.pngs} PNG(s) drawn",
                          *(f"warning: {w}" for w in self.warnings)])


def copy_pictures(writer: "SiteWriter", folder: str, pictures: dict[str, Path], lost: dict[str, str]) -> None:
    """The pictures a game's press shows (name -> its file in the game's folder), copied into
    the site's ``folder`` for them, beside the game's pages (docs/site.md), a large photo
    scaled down and without its camera's metadata (:mod:`gm_tools.edges.webpicture`). A picture ``lost``
    from the game's folder (name -> what is wrong) keeps the copy an earlier build made, and
    the build warns: one game's missing file must not stop every game's turn from publishing."""
    for picture, source in pictures.items():
        writer.write(f"{folder}/{picture}", web_picture(source.read_bytes()))
    for picture, fault in lost.items():
        copy = f"{folder}/{picture}"
        if writer.exists(copy):
            writer.keep(copy)
            writer.warn(f"{fault}; the site keeps the copy an earlier build made, {copy}")
        else:
            writer.warn(f"{fault}; the page shows the picture's words in its place")


def kept_sizes(writer: "SiteWriter", folder: str, lost: dict[str, str]) -> dict[str, tuple[int, int]]:
    """The size of each picture ``lost`` from the game's folder whose copy an earlier build
    made is still in the site's ``folder`` (:func:`copy_pictures` keeps it): read from that copy."""
    sizes = {}
    for picture in lost:
        try:
            size = shown_size((writer.root / folder / picture).read_bytes())
        except OSError:
            continue
        if size is not None:
            sizes[picture] = size
    return sizes


def put_map(writer: "SiteWriter", painter: "PngPainter", folder: str, name: str, layer: str, lines: list[str],
            pictures: list[tuple[str, str, str, Callable[[], bytes]]], many: bool = False) -> None:
    """A map's layer and PNG, ``folder/name.map.js`` and ``.png`` (a phase's, the game page's).
    The layer on disk names its base by its hash, so it is the picture's hash: when it is the
    same and the PNG is there, both stay; otherwise the PNG is drawn again, and (layer file, PNG
    file, layer, what gives the PNG) goes into ``pictures``, which the caller writes last, the
    layer after its PNG (a build cut short then leaves no layer without its picture)."""
    layer_rel, png_rel = f"{folder}/{name}{LAYER_SUFFIX}", f"{folder}/{name}.png"
    if writer.same(layer_rel, layer.encode("utf-8")) and writer.exists(png_rel):
        writer.keep(png_rel)
        writer.write(layer_rel, layer)
    else:
        pictures.append((layer_rel, png_rel, layer, painter.start("\n".join(lines), many)))


_SVG_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


def picture_size(lines: list[str]) -> tuple[int, int] | None:
    """The size of the PNG drawn from a picture's lines: :data:`WEB_WIDTH` wide, its height in
    the picture's proportions, rounded as :mod:`gm_tools.edges.png` rounds it. The page gives it
    to the PNG's ``<img>``, so that a browser keeps the picture's room before it is loaded (the
    text below it does not jump)."""
    for line in lines[:5]:
        m = _SVG_SIZE.search(line)
        if m:
            width, height = float(m.group(1)), float(m.group(2))
            return (WEB_WIDTH, int(round(height * WEB_WIDTH / width))) if width > 0 else None
    return None


def png_size(path: str | Path) -> tuple[int, int] | None:
    """The size a PNG file's header gives (``IHDR``), or None for a file that is not one."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def holds(path: str | Path, data: bytes) -> bool:
    """Is ``data`` exactly what the file ``path`` holds now?"""
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as f:
            return f.read() == data
    except FileNotFoundError:
        return False


def _write_new(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` through the file descriptor alone: a first build makes tens
    of thousands of files, and Python's file objects took a third of each small write."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)  # the umask applies, as for open()
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


class SiteWriter:
    """The only way the builder touches the site folder: writes a file when its bytes
    differ from what is there (so an unchanged page keeps its date and a sync tool sends
    only what changed), each write atomic (a temporary file moved into place)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.report = BuildReport()
        # mkstemp makes files only the owner can read; a web server must read the pages,
        # so they get the mode any new file gets here (0644 under the usual umask).
        umask = os.umask(0)
        os.umask(umask)
        self._mode = 0o666 & ~umask
        self.produced: set[str] = set()
        """Every file this build produced (written or unchanged), relative to the site."""
        self.in_order: list[str] = []
        """The same files, in the order they were produced (each once)."""
        self._folders: set[str] = set()
        self._made: set[str] = set()
        """The folders this build made: a file in one is written in place (:meth:`write`)."""
        self._placed: set[str] = set()
        """The files written in place: one written again is compared and replaced as usual."""
        self._moved: set[str] = set()
        """The folders a file was moved into since the last :meth:`sync`."""
        self._root = str(self.root)
        self.suspect: set[str] | None = set()
        """The games a build cut short was making (:meth:`mark`), None for any game: their
        files are not what the manifest says."""
        self._marked: set[str] | None = None

    def same(self, rel: str, data: bytes) -> bool:
        """Is ``data`` exactly what ``rel`` holds now?"""
        return holds(os.path.join(self._root, rel), data)

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def warn(self, text: str) -> None:
        self.report.warnings.append(text)

    def write(self, rel: str, data: bytes | str, reported: bool = True) -> bool:
        """Write ``rel`` unless it already holds ``data``. True when written. A bookkeeping
        file (the manifest) is written the same way but not ``reported``: it is no page.

        A file replaces the one before atomically (a temporary file moved into place), so a
        reader never sees half a page. In a folder this build made (a new game's, or every
        folder of a first build) it is written in place, half the cost of a small file: no
        page links into that folder until the archive's index, written last, does, and a
        build killed meanwhile leaves files that the next one finds different and replaces."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if reported:
            self._produce(rel)
        path = os.path.join(self._root, rel)  # strings: pathlib cost a fifth of a small write
        folder, name = os.path.split(path)
        if folder not in self._folders:
            if not os.path.isdir(folder):
                os.makedirs(folder, exist_ok=True)
                self._made.add(folder)
            self._folders.add(folder)
        if folder in self._made and rel not in self._placed:
            _write_new(path, data)
            self._placed.add(rel)
            if reported:
                self.report.written.append(rel)
            return True
        if self.same(rel, data):
            if reported:
                self.report.unchanged.append(rel)
            return False
        # the temporary file is this process's own (one build of a folder runs at a time, and
        # a build starts by clearing what a killed one left), made with the mode any new file
        # gets here: mkstemp's random name and owner-only mode cost a third of a small write
        tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
            os.chmod(tmp, self._mode)
        land_file(fd, tmp, path, data)
        self._moved.add(folder)
        if reported:
            self.report.written.append(rel)
        return True

    def sync(self) -> None:
        """Flush to disk the folders files were moved into since the last call, so the new
        names last a power cut too: once a batch (a build's mark, then its end), not once a
        file, which would double a turn's flushes (docs/site.md, "How it is built")."""
        moved, self._moved = sorted(self._moved), set()
        if os.name == "nt":  # a folder cannot be opened to be flushed there (NTFS journals its names)
            return
        for folder in moved:
            fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            except OSError as e:
                if e.errno not in (errno.EINVAL, errno.ENOTSUP):  # a file system that flushes no folder
                    raise
            finally:
                os.close(fd)

    def begin(self) -> None:
        """Start a build (under the site's lock, so no other write is under way): when the
        last one was cut short (its :data:`BUILDING` mark is still there) or there was none,
        clear the temporary files it may have left; then mark this one as under way. Only a
        killed build leaves temporaries, so a large archive is not searched on every build."""
        marker = os.path.join(self._root, BUILDING)
        cut_short = os.path.exists(marker)
        if cut_short or not os.path.exists(os.path.join(self._root, MANIFEST)):
            self.clear_temporaries()
        os.makedirs(self._root, exist_ok=True)
        if cut_short:
            # its mark stays until this build ends: killed too, it leaves the same games suspect
            self.suspect = _games_marked(marker)
            self._marked = self.suspect
        else:
            self.suspect = set()
            self.mark(set())

    def mark(self, games: set[str]) -> None:
        """Name in the build's mark the games whose files it is about to change, before it
        writes the first: the manifest still vouches for their last build's files, which a
        build killed half way has partly replaced. The next build makes those games again
        whatever their keys say (a turn cut short while publishing, then rolled back, left
        the game's page listing the withdrawn phase: its records matched the manifest again)."""
        if games == self._marked:
            return
        # atomic (the site's folder is never one this writer made): a mark half written would lose names
        self.write(BUILDING, _MARK_HEAD + "".join(f"{name}\n" for name in sorted(games)).encode("utf-8"),
                   reported=False)
        self.sync()  # the mark on disk before any file it names changes
        self._marked = set(games)

    def end(self) -> None:
        """The build is over and every file is in place: the mark goes."""
        self.sync()
        if self._placed and hasattr(os, "sync"):
            # the files written in place and their new folders on disk before the mark goes: one
            # flush of the disk, not one a file, which made a first build half as long again
            os.sync()
        try:
            os.unlink(os.path.join(self._root, BUILDING))
        except FileNotFoundError:
            pass

    def clear_temporaries(self) -> None:
        """Delete the temporary files (``.NAME.XXXX.tmp``) a build killed half-way left."""
        if self.root.is_dir():
            for folder, _, names in os.walk(self.root):
                for name in sorted(names):
                    if name.startswith(".") and name.endswith(".tmp"):
                        os.unlink(os.path.join(folder, name))

    def withdraw(self, rel: str) -> None:
        """Remove ``rel`` now, before what it vouches for changes; it is written again after
        (a map's layer, around its PNG: :func:`gm_tools.publish.site.write_game`)."""
        try:
            os.unlink(os.path.join(self._root, rel))
        except FileNotFoundError:
            pass

    def keep(self, rel: str) -> None:
        """Count ``rel`` as produced without writing it: a PNG that did not need redrawing,
        or a file of a game that has not changed since the last build."""
        self._produce(rel)
        self.report.unchanged.append(rel)

    def keep_all(self, rels: list[str]) -> None:
        """:meth:`keep` for each of ``rels``, in one step: a game kept whole from the last
        build has a score of files, and an archive a thousand games."""
        produced = self.produced
        fresh = [rel for rel in dict.fromkeys(rels) if rel not in produced]
        produced.update(fresh)
        self.in_order.extend(fresh)
        self.report.unchanged.extend(rels)

    def _produce(self, rel: str) -> None:
        if rel not in self.produced:
            self.produced.add(rel)
            self.in_order.append(rel)

    def prune(self, folder: str, skip: frozenset[str] | set[str] = frozenset()) -> None:
        """Remove files under ``folder`` that this build did not produce, then empty folders.
        The subfolders named in ``skip`` (games kept whole from the last build) are not walked,
        so a build's cost does not grow with the archive."""
        base = os.path.join(self._root, folder)
        if not os.path.isdir(base):
            return
        # every path walked starts with the root's: cut, not pathlib's relative_to (a file each)
        cut = len(os.path.join(self._root, ""))
        removed = []
        for entry in sorted(os.scandir(base), key=lambda e: e.name):
            if entry.is_dir() and entry.name in skip:
                continue
            paths = [entry.path] if not entry.is_dir() else None
            if paths is None:
                for here, dirs, names in os.walk(entry.path, topdown=False):
                    for name in sorted(names):
                        path = os.path.join(here, name)
                        rel = path[cut:].replace(os.sep, "/")
                        if rel not in self.produced:
                            os.unlink(path)
                            removed.append(rel)
                    if not os.listdir(here):
                        os.rmdir(here)
            else:
                rel = entry.path[cut:].replace(os.sep, "/")
                if rel not in self.produced:
                    os.unlink(entry.path)
                    removed.append(rel)
        self.report.removed.extend(sorted(removed, reverse=True))


def _png(svg: str) -> bytes:
    return svg_to_png(svg, WEB_WIDTH)


def _ready_to_draw(parent: int) -> None:
    """The start of a process made to draw: it ends with its parent and imports what drawing needs."""
    end_with_parent(parent)
    prepare_to_draw()


class PngPainter:
    """Draws PNG maps beside the pages: on every core when there are many (a first build of a
    long game), in one other process when there are few (a turn's new phase) and the painter
    is made ``beside``. A map takes a few tenths of a second, the rest of a page milliseconds."""

    POOL_FROM = 8
    """From this many pictures on, they go to a pool of one process per core; fewer go to one
    process beside this one (a pool of two costs a turn more than it saves)."""

    def __init__(self, pool: bool = True, beside: bool = False):
        self._pool: ProcessPoolExecutor | None = None
        self._aside: ProcessPoolExecutor | None = None
        self._may_pool = pool
        """False in a process that is itself one of many (:mod:`gm_tools.publish.sitejobs`)."""
        self._beside = beside
        """True: a few pictures are drawn in one process beside this one, else here
        (:attr:`gm_tools.publish.site.SiteSettings.maps_beside`)."""

    def __enter__(self) -> "PngPainter":
        return self

    def __exit__(self, *exc) -> None:
        for pool in (self._pool, self._aside):
            if pool is not None:
                pool.shutdown()

    def start(self, svg: str, many: bool = False) -> Callable[[], bytes]:
        """Begin drawing the SVG; returns what gives its PNG, so the caller makes its pages
        meanwhile. ``many``: more pictures are coming, so this one goes to the pool of one
        process per core; else to the one process beside this one if the painter was made
        ``beside``. Drawn here and now otherwise, on one core, or in a process that is itself
        one of many."""
        workers = os.cpu_count() or 1
        if workers < 2 or not self._may_pool or not (many or self._beside):
            png = _png(svg)
            return lambda: png
        if many:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(workers, initializer=end_with_parent, initargs=(os.getpid(),))
            return self._pool.submit(_png, svg).result
        if self._aside is None:
            self._aside = ProcessPoolExecutor(1, initializer=end_with_parent, initargs=(os.getpid(),))
        return self._aside.submit(_png, svg).result

    def expect(self) -> None:
        """A map is coming, for the process beside this one (a turn's new phase): that
        process is started now and makes its imports (cairosvg, a fifth of a second) while
        this one reads and plans, not after."""
        if self._beside and self._may_pool and self._aside is None and (os.cpu_count() or 1) >= 2:
            self._aside = ProcessPoolExecutor(1, initializer=_ready_to_draw, initargs=(os.getpid(),))
            self._aside.submit(int)  # the pool starts its process with its first task

    def draw(self, svgs: list[str]) -> list[bytes]:
        """The PNG of each SVG, in order."""
        many = len(svgs) >= self.POOL_FROM
        return [done() for done in [self.start(svg, many) for svg in svgs]]


MANIFEST = ".gm_tools-build.json"
"""Bookkeeping file at the top of the site: each game's key and files at the last build.
Not a page; not in the build report."""
BUILDING = ".gm_tools-building"
"""Present in the site's folder while a build writes it (:meth:`SiteWriter.begin`), naming the
games whose files it changes (:meth:`SiteWriter.mark`)."""
_MARK_HEAD = b"gm_tools build under way, making these games:\n"


def _games_marked(path: str) -> set[str] | None:
    """The games a build cut short was making, from its mark; None when the mark does not say
    (an older version's, empty): any game's files may have been changed."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if not data.startswith(_MARK_HEAD):
        return None
    try:
        return set(data[len(_MARK_HEAD):].decode("utf-8").splitlines())
    except UnicodeDecodeError:
        return None


def code_key(templates: Path, base_map: Callable) -> str:
    """A hash of what turns records into pages: this package's code, the templates and the
    base-map choice. Any change to them rebuilds every game: slow, but never stale."""
    digest = hashlib.sha256(f"{base_map.__module__}.{base_map.__qualname__}".encode("utf-8"))
    package = Path(__file__).resolve().parents[1]  # all of gm_tools, not only publish/
    for folder in (package, Path(templates)):
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc"):
            digest.update(b"\0" + path.relative_to(folder).as_posix().encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()


def variant_key(variant: Variant) -> str:
    """A hash of the variant as loaded, base map included."""
    from gm_tools.edges.variants import variant_json

    digest = hashlib.sha256(json.dumps(variant_json(variant), sort_keys=True, default=str).encode("utf-8"))
    digest.update(variant.map_svg.encode("utf-8"))
    return digest.hexdigest()


def pages_key(build_key: str, variant_key_: str, digest: str) -> str:
    """A game's pages are the same bytes when the code, its variant and its records are."""
    return hashlib.sha256(f"{build_key}\0{variant_key_}\0{digest}".encode("utf-8")).hexdigest()


class Manifest:
    """Each game's key and files at the last build (:data:`MANIFEST`)."""

    _last: tuple = ()
    """(path, the file's identity, its games) of the manifest read last: a build reads it
    before taking the site's lock and again under it, and a large archive's is megabytes."""

    def __init__(self, path: Path):
        self.path = path
        self.old: dict = self._games(path)
        """The last build's entries, by game; only read (a new entry is a new dict)."""
        self.games: dict[str, dict] = {}
        self._listed: dict[str, set[str]] = {}
        """Folders listed by :meth:`unchanged_files`, by path relative to the site: the
        shared base maps' folder is every game's, listed once a build, not once a game."""

    @classmethod
    def _games(cls, path: Path) -> dict:
        """The manifest's games, or {} for none or a damaged one (then everything is built)."""
        try:
            st = os.stat(path)
        except OSError:
            return {}
        identity = (st.st_ino, st.st_size, st.st_mtime_ns)
        if cls._last[:2] == (str(path), identity):
            return cls._last[2]
        try:
            games = json.loads(Path(path).read_text(encoding="utf-8")).get("games", {})
        except (OSError, ValueError, AttributeError):
            return {}
        if not isinstance(games, dict):
            return {}
        Manifest._last = (str(path), identity, games)
        return games

    @staticmethod
    def read_digests(path: Path) -> dict[str, str]:
        """Game -> the source digest the last build saw, for the games it can show again
        without reading them (an entry with its digest, summary and variant)."""
        old = Manifest._games(path)
        return {name: e["digest"] for name, e in old.items() if Manifest.shows_again(e)}

    @staticmethod
    def shows_again(entry) -> bool:
        """Can the archive show this entry's game again from the entry alone, unread? It has
        its digest, variant and summary, and the summary all the index shows: one an older
        build kept without the players' names or the former players' (before the index listed
        them, or its latest phases) has its game read again, and the summary made anew."""
        from gm_tools.publish.latest import kept

        return (isinstance(entry, dict) and isinstance(entry.get("digest"), str)
                and isinstance(entry.get("summary"), dict) and isinstance(entry.get("variant"), str)
                and isinstance(entry["summary"].get("players"), list)
                and isinstance(entry["summary"].get("former_players"), list) and kept(entry["summary"]))

    def forget(self, names: set[str]) -> None:
        """Take no entry of these games from the last build (a build cut short was changing
        their files): each is made again whole, none of its phases kept."""
        if names & self.old.keys():
            self.old = {name: entry for name, entry in self.old.items() if name not in names}

    def unchanged_files(self, name: str, key: str, writer: "SiteWriter") -> list[str] | None:
        """The game's files if its key is the same as last time and every file is there."""
        entry = self.old.get(name)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        files = entry.get("files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            return None
        # one listing a folder, not one stat a file: a long game has hundreds of files
        listed = self._listed
        for f in files:
            folder, _, name = f.rpartition("/")
            if folder not in listed:
                try:
                    listed[folder] = set(os.listdir(os.path.join(writer._root, folder)))
                except OSError:
                    return None
            if name not in listed[folder]:
                return None
        return files

    def save(self, names: set[str], writer: "SiteWriter") -> None:
        """Write the manifest through the site's one writer (atomic, only when changed)."""
        # compact: a program's bookkeeping, and with each phase's key a large archive's is megabytes
        data = json.dumps({"format": 1, "games": {n: self.games[n] for n in sorted(names)}},
                          sort_keys=True, separators=(",", ":")) + "\n"
        writer.write(self.path.relative_to(writer.root).as_posix(), data, reported=False)


def keep_damaged(name: str, fault: str, entry, writer: "SiteWriter", manifest: "Manifest") -> dict | None:
    """A game whose files cannot be read: the pages the last build made of it kept as they
    are (listed in the archive as they were), or, never built, left out; the build warns
    either way. Returns its summary for the archive's index, if kept."""
    writer.report.damaged.append(name)
    files = entry.get("files") if isinstance(entry, dict) else None
    if Manifest.shows_again(entry) and isinstance(files, list) and all(isinstance(f, str) and writer.exists(f) for f in files):
        writer.keep_all(files)
        manifest.games[name] = dict(entry)
        writer.warn(f"{fault}; game {name} is not published until its file is mended (its pages stay as the "
                    "last build made them; `gm-tools status` and `replay` name what is wrong)")
        return entry["summary"]
    writer.warn(f"{fault}; game {name} is not published until its file is mended")
    return None
