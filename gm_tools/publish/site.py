"""The static site: every game's record as pages, built in two passes (as Pelican does).

1. **Collect** (:mod:`gm_tools.publish.sitecontext`): read every game's ``game.json`` and history
   records (``docs/game-record.md``) into a :class:`SiteContext`: plain data, every check
   made, nothing written. A broken record stops the build there, before any page changes.
   A first build of many games reads them in the worker processes that will make them
   (:func:`gm_tools.publish.sitejobs.read_games`), and waits for all their checks.
2. **Write** (here): turn the context into pages through jinja2 templates (``templates/``,
   autoescape on; the values each page shows come from :mod:`gm_tools.publish.siteviews`) and hand
   every file to one :class:`~gm_tools.publish.sitefiles.SiteWriter`, which writes a file only when
   its bytes changed and reports what it wrote. When many games are to be made (a first
   build, a new version of the code), they are made side by side in worker processes, one
   per core, and their files still go through that one writer (:mod:`gm_tools.publish.sitejobs`).

Layout (all links relative, so the site works from any static host and from ``file://``)::

    site/index.html                      archive of all games, and its latest turns
    site/feed.atom                       Atom feed of the latest turns of every game
    site/static/style.css, map.js, archive.js
    site/static/maps/VARIANT-HASH.js     a variant's base map, shared by its phases' pages
    site/games/NAME/index.html           game page: current map (current.map.js, .png), standings, chart, phases
    site/games/NAME/game.json            the whole game (game.json and every record)
    site/games/NAME/feed.atom            Atom feed, one entry per phase
    site/games/NAME/S1901M.html          phase page (+ .txt judge text, .json, .map.js, .png)
    site/games/NAME/pictures/breda.png   a picture its press shows, copied from the game's pictures/

Work is saved two ways. A game whose records, variant, code and templates are the same as at
the last build is not rendered at all (:class:`~gm_tools.publish.sitefiles.Manifest`). Within a game
that is rendered, a phase's PNG (cairosvg, the slow part) is drawn only when its map layer
(:mod:`gm_tools.publish.maplayer`: what the phase's map adds to its variant's base map, which
names the base by its hash) differs from the one on disk or the PNG is missing: the layer on
disk is the picture's hash. Nothing in a
page depends on the time of the build: same records, same bytes.

Variants add page sections without touching this module, two ways (``templates/variants/README.md``):
the variant's sheet hooks' ``report_sections(variant, record)`` (markdown, rendered safe),
and a template ``templates/variants/<variant>/phase_extra.html`` included when present.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

import jinja2

from gm_tools.edges.basemap import BaseMap, load_base_map
from gm_tools.edges.cachefolder import cache_folder
from gm_tools.edges.game import GamePaths
from gm_tools.edges.pressimages import PICTURES, press_pictures
from gm_tools.errors import GameError, OrderError
from gm_tools.publish.feed import FeedEntry, atom_feed
from gm_tools.publish.latest import game_end, index_list, site_feed
from gm_tools.edges.recorddelta import shrink
from gm_tools.publish.judgetext import judge_text
from gm_tools.engine.model import OrderResult, Position
from gm_tools.engine.phase import ADJUSTMENT, MOVEMENT, RETREAT, parse_phase
from gm_tools.engine.positions import position_from_json
from gm_tools.engine.rules import rules_for
from gm_tools.publish.mapareas import areas_path, write_base
from gm_tools.publish.maphooks import map_board
from gm_tools.publish.maplayer import BASE_FOLDER, LAYER_SUFFIX, BasePicture
from gm_tools.publish.provincelist import names_path, write_names
from gm_tools.publish.phasejson import game_json, object_text, phase_json, value_texts, without_seeds
from gm_tools.publish.render import RenderOptions, render_lines
from gm_tools.publish.sitecontext import GameContext, PhaseContext, Section, SiteContext, DigestMemo, DamagedGame, KnownGame, UnreadGame, collect, collect_game, collector_paused, leave_stale_to_read, read_game, read_or_damaged, set_aside, variant_or_none, _load_variant  # noqa: F401
from gm_tools.publish.sitejobs import ReadElsewhere, Readers, Recorder, make_all, make_read, read_games
from gm_tools.publish.sitefiles import MANIFEST, BuildReport, Manifest, PngPainter, SiteWriter, code_key, copy_pictures, keep_damaged, kept_sizes, pages_key, picture_size, png_size, put_map, variant_key  # noqa: F401
from gm_tools.publish.gamepage import CURRENT, write_game_page
from gm_tools.publish.siteviews import game_summary, phase_view
from gm_tools.engine.variant import Variant

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
"""The shipped templates: ``templates/`` beside the package."""
GAMES = "games"
"""Folder of the site holding one folder per game."""


ARCHIVE_TITLE = "Games — Diplomacy game archive"
"""The archive's ``<title>``: what the page is and where, in a tab or a bookmark among others."""


@dataclass(frozen=True)
class SiteSettings:
    """Choices about the site that are not game records."""

    templates: Path = TEMPLATES
    """Folder of the jinja2 templates (and ``static/style.css``)."""
    base_map: Callable[[Variant], BaseMap] = load_base_map
    """Gives a variant's base map for the pictures. The golden test passes
    :func:`gm_tools.edges.basemap.schematic_map`, so its files do not change with the map artwork."""
    maps_beside: bool = False
    """Draw a build's few PNG maps (a turn's new phase) in a process beside the one making the
    pages. For a command run once (``gm-tools turn``, ``gm-tools site``), whose cairosvg
    import is then paid there, in parallel. A process that builds again and again leaves it
    off: its maps are drawn in line, where cairosvg stays imported from one build to the
    next (with it on, each build's process paid the import again: bench/README.md). Many
    maps (a first build) are drawn on every core either way."""


# --- pass 2: the pages ------------------------------------------------------------------------


class _Environment(jinja2.Environment):
    """jinja2's environment, reading a dict's key before trying an attribute of that name: the
    pages' values are dicts (:mod:`gm_tools.publish.siteviews`), and jinja2's way round (the
    attribute first, the key after the ``AttributeError``) raised an exception for nearly every
    value a page shows. No template calls a dict's own methods (``items``, ``values``...)."""

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


_OPTIONS = dict(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                keep_trailing_newline=True)
"""How the templates are read (with :class:`_Environment`): part of a compiled template's key."""


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """The templates compiled once and kept in the user's cache folder (:mod:`gm_tools.edges.cachefolder`):
    compiling them took about 75 ms of every command that publishes, a turn or one new phase.
    A template is compiled again when its text, these options or jinja2 change; a cache that
    cannot be written only costs that time."""

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        options = f"{jinja2.__version__}\0{sorted((k, repr(v)) for k, v in _OPTIONS.items())}"
        return hashlib.sha256(f"{options}\0{name}\0{filename}".encode("utf-8")).hexdigest()

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _environment(templates: Path) -> jinja2.Environment:
    folder = cache_folder() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        compiled = _CompiledTemplates(str(folder))
    except OSError:
        compiled = None  # a read-only home: templates are compiled every time
    return _Environment(loader=jinja2.FileSystemLoader(str(templates)), bytecode_cache=compiled, **_OPTIONS)


def _position(data: dict) -> Position:
    return position_from_json(data)


def map_after_phase(record: dict) -> bool:
    """True when the phase's map shows the board after the phase instead of at its start.
    A phase the variant's rules play (a Diplomatic Phase, a Builds and Transactions Phase...)
    moves no unit by order, so there is nothing to draw on the starting board; what it changed
    (statuses, markers, captures, purchases) is what the players look for ('The referee
    presents the results of the Diplomatic Phase by reporting the status of each minor state
    ... and the map color-coded', Europe 1619 rulebook)."""
    return parse_phase(record["phase"]).type not in (MOVEMENT, RETREAT, ADJUSTMENT)


def phase_map_svg(game: GameContext, phase: PhaseContext, look: RenderOptions, only_power: str | None = None) -> str:
    """The phase's map as an SVG document (:func:`phase_map_lines`, joined)."""
    return "\n".join(phase_map_lines(game, phase, look, only_power))


def phase_map_lines(game: GameContext, phase: PhaseContext, look: RenderOptions,
                    only_power: str | None = None) -> list[str]:
    """The board at the start of the phase with its orders drawn, failed ones marked (or,
    for a phase without unit orders, the board after it: :func:`map_after_phase`);
    ``only_power`` keeps that power's orders only (``gm-tools map --power``). As its lines
    (:func:`gm_tools.publish.render.render_lines`), which the map layer is made from."""
    from gm_tools.engine.orderjson import order_from_json
    from gm_tools.engine.parser import parse_order
    from gm_tools.engine.rules import rules_for

    variant, record = game.variant, phase.record
    if map_after_phase(record):
        after = _position(record["after"])
        after.phase = record["phase"]  # the heading names this phase, not the next one
        return render_lines(variant, after, title=game.name, options=look)
    before = phase.board if phase.board is not None else _position(record["before"])
    rules = rules_for(variant)
    orders, results = [], []
    for r in record["results"]:
        results.append(OrderResult(r["power"], r["order"], r.get("result", ""), r.get("reason", ""),
                                   bool(r.get("dislodged"))))
        if r.get("parsed"):
            orders.append(order_from_json(r["parsed"]))  # as judged then (record format 2)
            continue
        try:  # a record of format 1 kept the canonical text only
            orders.append(parse_order(r["order"], variant, before, r["power"], rules))
        except OrderError:
            pass  # an invalid order as the GM wrote it: nothing to draw
    board = map_board(variant, record, before)  # a system's own drawing of it (Centenary's Fealty retreats)
    return render_lines(variant, board, results=results, orders=orders, title=game.name, options=look,
                        only_power=only_power)


def phase_key(game_key: str, phase: PhaseContext, ended: bool = False,
              pictures: dict[str, tuple[int, int]] | None = None) -> str:
    """Two keys in one string, ``"CONTENT PAGE"``. A phase's map, judge text and JSON are the
    same bytes when the code, the variant, the game's name (all ``game_key`` holds) and its
    record (and those before it: :attr:`PhaseContext.digest`) are: CONTENT. Its page is, when
    its neighbours' ids (the page's links) are too, and for the last phase whether the GM
    ended the game (``ended``: its pager then says so, not what comes next), and the sizes of
    the pictures its press shows (``pictures``: its tags give them) are: PAGE. Nothing else
    of the game reaches them."""
    content = hashlib.sha256(f"{game_key}\0{phase.digest}".encode("utf-8")).hexdigest()
    over = "\0ended" if ended and phase.next is None else ""  # other pages keep the keys they had
    shown = "".join(f"\0{n} {(pictures or {}).get(n)}" for n in press_pictures(phase.record.get("press") or ""))
    page = hashlib.sha256(f"{content}\0{phase.previous}\0{phase.next}{over}{shown}".encode("utf-8")).hexdigest()
    return f"{content} {page}"


STAGE = 20
"""New phases made together, a kind of file at a time (:func:`write_game`)."""

PHASE_FILES = (".html", ".txt", ".json", LAYER_SUFFIX, ".png")
"""The files each phase has in its game's folder."""


def _phase_page(template: jinja2.Template, game: GameContext, phase: PhaseContext, summary: dict, base: str,
                extra_template: str | None, view: dict | None = None, png: tuple[int, int] | None = None) -> str:
    """A phase's page; its map is the variant's base map (``base``: the script's path in the
    site) and the phase's layer beside the page (:mod:`gm_tools.publish.maplayer`). ``view``
    is its :func:`phase_view`, when worked out already; ``png`` its PNG's size, when known."""
    return template.render(
        root="../../", game=summary, phase=view or phase_view(game, phase), record=phase.record, variant=game.variant,
        map_base=base, map_areas=areas_path(base), map_names=names_path(base), map_layer=phase.id + LAYER_SUFFIX,
        map_after=map_after_phase(phase.record), map_size=png,
        extra_template=extra_template, page_title=f"{game.name}: {phase.title}",
        phase_noun=game.variant.system.rules.phase_noun,  # Westphalia's steps: the navigation's and footer's word
    )


def write_game(env: jinja2.Environment, writer: SiteWriter, painter: PngPainter, game: GameContext,
               settings: SiteSettings, game_key: str = "", old_phases: dict | None = None,
               makers: dict | None = None) -> dict[str, str]:
    """Every file of one game: each phase's page, judge text, JSON and map (its layer over the
    variant's base map, :mod:`gm_tools.publish.maplayer`, and its PNG),
    then the game page, the whole-game JSON and the feed. A phase whose key
    (:func:`phase_key`) is in ``old_phases`` (the last build's) and whose files are all there
    is kept as it is, not made again; one whose links alone changed gets its page made again
    around its map on disk: a long game's turn renders its new phases only. The files of the
    phases made are made a kind at a time, and written in that order.
    ``makers`` is the build's layer makers by base map (:class:`BasePicture`), shared by its games.
    Returns each phase's key, for the next build."""
    folder = f"{GAMES}/{game.name}"
    game.picture_sizes.update(kept_sizes(writer, f"{folder}/{PICTURES}", game.lost_pictures))
    templates = settings.templates
    look = RenderOptions(base_map=settings.base_map(game.variant))
    pictures: list[tuple[str, str, str, Callable[[], bytes]]] = []  # (layer file, png file, layer, its PNG)
    summary = game_summary(game)
    extra_template = f"variants/{game.variant.name}/phase_extra.html"
    has_extra = (templates / extra_template).is_file()
    phase_template = env.get_template("phase.html")
    entries: list = []
    fresh: list[tuple[int, PhaseContext]] = []  # (index, phase) of the phases made anew
    # what the rules keep private (a Payola offer sheet), and the seed, never reach the public JSON
    rules_public = partial(rules_for(game.variant).public_record, game.variant)

    def public(record: dict) -> dict:
        return without_seeds(rules_public(record))
    keys: dict[str, str] = {}
    old_phases = old_phases or {}
    # a first build's maps are drawn on every core while the pages are made
    many = sum(str(old_phases.get(p.id, "")).split()[:1] != phase_key(game_key, p).split()[:1]
               for p in game.phases) >= painter.POOL_FROM
    try:
        present = set(os.listdir(writer.root / folder)) if game_key and old_phases else set()
    except OSError:
        present = set()
    base = BasePicture(game.variant, look, makers)
    # the records as stored, a long game's books as their changes (docs/game-record.md): the
    # game.json of a long Europe 1619 game is 3 MB instead of 38, and each phase's JSON file
    # keeps its own changes (:mod:`gm_tools.publish.phasejson`)
    published = [public(p.record) for p in game.phases]
    history = [shrink(record, previous) for record, previous in zip(published, [None] + published)]
    texts: list[dict | None] = [None] * len(history)  # each record's values as JSON, made once for two files

    def texts_of(index: int) -> dict[str, str]:
        if texts[index] is None:
            texts[index] = value_texts(history[index])
        return texts[index]
    for index, phase in enumerate(game.phases):
        record = phase.record
        key = keys[phase.id] = phase_key(game_key, phase, game.end is not None, game.picture_sizes) if game_key else ""
        names = [phase.id + suffix for suffix in PHASE_FILES]
        kept = key and all(n in present for n in names)
        if kept and old_phases.get(phase.id) == key:
            for name in names:
                writer.keep(f"{folder}/{name}")
            text = (writer.root / folder / f"{phase.id}.txt").read_text(encoding="utf-8-sig")
            entries.append(FeedEntry(phase=phase.id, title=phase.title, link=f"{phase.id}.html", summary=text,
                                     updated=str(record.get("processed") or "")))
            continue
        if kept and str(old_phases.get(phase.id, "")).split()[:1] == key.split()[:1]:
            # only the page's links changed (a phase was added after it): its map, text and
            # JSON stay as they are, the page is made again around the map on disk
            for name in names[1:]:
                writer.keep(f"{folder}/{name}")
            text = (writer.root / folder / f"{phase.id}.txt").read_text(encoding="utf-8-sig")
            drawn_over = _base_of(writer.root / folder, phase.id) or base.path
            # the map's PNG is on disk, kept: its header gives the page the picture's size
            writer.write(f"{folder}/{phase.id}.html", _phase_page(phase_template, game, phase, summary, drawn_over,
                                                                   extra_template if has_extra else None,
                                                                   png=png_size(writer.root / folder / f"{phase.id}.png")))
            entries.append(FeedEntry(phase=phase.id, title=phase.title, link=f"{phase.id}.html", summary=text,
                                     updated=str(record.get("processed") or "")))
            continue
        entries.append(None)  # made below, with the phase's judge text
        fresh.append((index, phase))

    # The new phases' files are made a kind at a time (every map's lines, every layer, every
    # judge text, JSON, view, page), not a phase's five files one after another: a stage's code
    # and tables stay in the processor's caches from phase to phase. A build of 20 games took a
    # quarter less CPU time so (bench/README.md, "Publishing, 2026-11-26"). STAGE phases at a
    # time, so that a long game's first build does not hold all its pictures at once.
    for at in range(0, len(fresh), STAGE):
        stage = fresh[at:at + STAGE]
        drawn = [phase_map_lines(game, phase, look) for _, phase in stage]
        for (index, phase), lines in zip(stage, drawn):
            put_map(writer, painter, folder, phase.id, base.layer(lines), lines, pictures, many)
        for index, phase in stage:
            text = judge_text(game.variant, phase.record)
            # with a byte order mark: a host that serves .txt without a charset ('text/plain',
            # as python -m http.server and nginx's default do) is then read as UTF-8, not Latin-1
            writer.write(f"{folder}/{phase.id}.txt", "\ufeff" + text)
            entries[index] = FeedEntry(phase=phase.id, title=phase.title, link=f"{phase.id}.html", summary=text,
                                       updated=str(phase.record.get("processed") or ""))
        for index, phase in stage:
            before = published[index - 1] if index else None
            writer.write(f"{folder}/{phase.id}.json",
                         phase_json(history[index], published[index], before, phase.previous, texts_of(index)))
        views = [phase_view(game, phase) for _, phase in stage]
        for (index, phase), view, lines in zip(stage, views, drawn):
            html = _phase_page(phase_template, game, phase, summary, base.path,
                               extra_template if has_extra else None, view, picture_size(lines))
            writer.write(f"{folder}/{phase.id}.html", html)

    # the game page's map is a layer over the base too (:mod:`gm_tools.publish.gamepage`)
    write_game_page(env, writer, painter, game, summary, base, look, folder, pictures, many)
    if "text" in vars(base):  # drawn for this build's maps: written (unchanged, it stays as it is)
        write_base(writer, base, game.variant, look.base_map)  # and the names over its PNGs
        write_names(env, writer, base.path, game.variant)  # and its provinces' page
    end = game_end(game)  # a winner by the rules or the GM's call, or a draw: the feed's last word
    if end is not None:
        entries.append(FeedEntry(phase=end["id"], title=end["title"], link="index.html", summary=end["text"],
                                 updated=end["updated"]))
    # the whole game, for programs (a person reads a phase's own JSON): compact, as the
    # pure-Python indenting encoder costs seven times the C one on a long game
    writer.write(f"{folder}/game.json", game_json(game.info.to_json(), [object_text(texts_of(i)) for i in range(len(history))],
                                                  game.end))
    writer.write(f"{folder}/feed.atom",
                 atom_feed(game.name, f"{game.name} ({game.variant.title})", game.info.created, entries))
    copy_pictures(writer, f"{folder}/{PICTURES}", game.pictures, game.lost_pictures)
    if game.deadline_fault:
        writer.warn(game.deadline_fault)
    # The PNGs last: drawn in other processes while the rest was made. A layer on disk vouches
    # for the PNG beside it (put_map), so the old layer goes before the PNG changes and the new
    # one comes after it: a build killed between them redraws it next time, even for a board
    # gone back to the old layer (a rollback), which otherwise kept the new PNG.
    for layer_rel, png_rel, layer, png in pictures:
        picture = png()
        if not writer.same(layer_rel, layer.encode("utf-8")):
            writer.withdraw(layer_rel)
        writer.write(png_rel, picture)
        writer.report.pngs += 1
        writer.write(layer_rel, layer)
    return keys


def _base_of(folder: Path, phase_id: str) -> str | None:
    """The base map a phase's layer on disk is drawn over (its path in the site), or None."""
    try:
        with open(folder / f"{phase_id}{LAYER_SUFFIX}", encoding="ascii") as f:
            head = f.read(200)
    except (OSError, ValueError):
        return None
    name = head[head.find('"') + 1:head.find('"', head.find('"') + 1)] if head.startswith('gmLayer("') else ""
    return f"{BASE_FOLDER}/{name}.js" if name else None


def write_site(context: SiteContext, site_dir: str | os.PathLike, settings: SiteSettings | None = None,
               env: jinja2.Environment | None = None, readers: Readers | None = None,
               build_key: str | None = None, painter: PngPainter | None = None) -> BuildReport:
    """Pass 2: every page of ``context`` through one writer (``env``: the templates' environment;
    ``readers``: the workers holding the games read elsewhere; ``build_key``: the code's key,
    :func:`build_site` gives what it worked out already; ``painter``: its PNG painter, else
    one made here)."""
    settings = settings or SiteSettings()
    templates = settings.templates
    env = env or _environment(templates)
    writer = SiteWriter(Path(site_dir))
    writer.begin()
    writer.write("static/style.css", (templates / "static" / "style.css").read_bytes())
    for script in ("map.js", "archive.js"):  # the pages' script; the archive's filter and sorting
        writer.write(f"static/{script}", (templates / "static" / script).read_bytes())
    manifest = Manifest(writer.root / MANIFEST)
    suspect = set(manifest.old) if writer.suspect is None else writer.suspect
    manifest.forget(suspect)
    build_key = build_key or code_key(settings.templates, settings.base_map)
    variant_keys: dict[str, str] = {}
    summaries = []
    kept: set[str] = set()  # games shown again whole from the last build: nothing of theirs to prune
    variants: dict[tuple, Variant | None] = {}  # a variant loads once a build, not once a game
    makers: dict = {}  # the layer makers of the build's base maps, whose phases share their work
    to_make: list[tuple[GameContext, str, dict | None, int]] = []  # (game, key, manifest entry, place in summaries)
    for game in context.games:
        entry = manifest.old.get(game.name, {})
        if isinstance(game, UnreadGame):  # a caller that left it to read (collect(defer=True))
            game = read_or_damaged(game.name, partial(read_game, context.root, game.name))
        if isinstance(game, DamagedGame):
            summary = keep_damaged(game.name, game.fault, entry, writer, manifest)
            if summary is not None:
                summaries.append(summary)
                kept.add(game.name)
            continue
        if isinstance(game, KnownGame) and not Manifest.shows_again(entry):
            game = collect_game(context.root, game.name, game.source_digest)  # the manifest changed meanwhile
        if isinstance(game, KnownGame):
            # unchanged since the last build: its variant from the manifest, its records unread
            which = (entry["variant"], entry.get("players"))
            if which not in variants:
                variants[which] = variant_or_none(*which)
            variant = variants[which]
            if variant is not None and variant.name not in variant_keys:
                variant_keys[variant.name] = variant_key(variant)
            key = pages_key(build_key, variant_keys.get(variant.name, "") if variant else "", game.source_digest)
            files = manifest.unchanged_files(game.name, key, writer) if variant is not None else None
            if files is not None:
                writer.keep_all(files)
                manifest.games[game.name] = dict(entry)
                summaries.append(entry["summary"])
                kept.add(game.name)
                continue
            game = collect_game(context.root, game.name, game.source_digest)  # its pages must be rewritten
        writer.report.games_read.append(game.name)
        variant = _variant_of(game, variants)
        if variant.name not in variant_keys:
            variant_keys[variant.name] = variant_key(variant)
        key = pages_key(build_key, variant_keys[variant.name], game.source_digest)
        files = manifest.unchanged_files(game.name, key, writer)
        if files is not None:
            # Same records, variant, templates and code as the last build: same pages.
            writer.keep_all(files)
            phases = entry.get("phases") if isinstance(entry, dict) else None
            _remember(manifest, game, key, files, phases, summaries)
            continue
        summaries.append(None)  # its place in the archive's list, filled once it is made
        to_make.append((game, key, entry if isinstance(entry, dict) else None, len(summaries) - 1))

    def how(index: int) -> tuple[str, dict | None]:
        """(game key, the last build's phase keys) of game ``index`` to make: what write_game needs beside it."""
        game, _, entry, _ = to_make[index]
        old = entry.get("phases") if entry else None
        return pages_key(build_key, variant_keys[_variant_of(game, variants).name], game.name), old if isinstance(old, dict) else None

    def make(index: int, into, painter) -> dict[str, str]:
        game = to_make[index][0]
        if isinstance(game, ReadElsewhere):  # its worker failed on it: read here, its error raised as alone
            game = read_game(context.root, game.name)
        game_key, old = how(index)
        return write_game(env, into, painter, game, settings, game_key=game_key, old_phases=old, makers=makers)

    in_worker = _make_recorded(env, settings, writer.root, makers)

    def make_recorded(index: int):
        return in_worker(to_make[index][0], how(index))

    done = [len(writer.in_order)]  # files produced before the game being finished

    def finish(index: int, phases) -> None:
        game, key, _, slot = to_make[index]
        folder = f"{GAMES}/{game.name}/"
        files = sorted(f for f in writer.in_order[done[0]:] if f.startswith(folder))
        done[0] = len(writer.in_order)
        # the shared base map its layers are drawn over is the game's too: kept with it (a game
        # with no phase played has its game page's map over it, else a later build prunes it)
        last = game.last_phase if isinstance(game, ReadElsewhere) else game.phases[-1].id if game.phases else None
        base = _base_of(writer.root / folder, last or CURRENT)
        for shared in (base, areas_path(base), names_path(base)) if base else ():  # its names, over its PNGs and listed
            if writer.exists(shared):
                if shared not in writer.produced:  # no map drawn this time: it stays as it is
                    writer.keep(shared)
                files = sorted({*files, shared})
        summaries[slot] = _remember(manifest, game, key, files, phases, None)

    writer.mark(suspect | {game.name for game, *_ in to_make})  # before the first of their files
    with contextlib.nullcontext(painter) if painter else PngPainter(beside=settings.maps_beside) as painter:
        # a first build of many games makes them on every core (:mod:`gm_tools.publish.sitejobs`)
        if readers is not None:
            jobs = [(g.index, how(i)) if isinstance(g, ReadElsewhere) else None for i, (g, *_) in enumerate(to_make)]
            make_read(readers, jobs, lambda i: make(i, writer, painter), finish, writer)
        else:
            make_all(len(to_make), sum(len(g.phases) for g, *_ in to_make),
                     lambda i: make(i, writer, painter), make_recorded, finish, writer)
    games = summaries
    writer.write("feed.atom", site_feed(games))  # the latest turns of every game (:mod:`gm_tools.publish.latest`)
    writer.write("index.html", env.get_template("index.html").render(root="", games=games, latest=index_list(games),
                                                                      page_title=ARCHIVE_TITLE))
    writer.prune(GAMES, skip=kept)
    # a base map no game's pages name any more (the renderer or the variant changed) goes too:
    # every game, kept or made, produced the one its layers name
    writer.prune(BASE_FOLDER)
    manifest.save({g.name for g in context.games} & manifest.games.keys(), writer)  # a damaged game never built: none
    writer.end()
    return writer.report


def _remember(manifest: Manifest, game: GameContext | ReadElsewhere, key: str, files: list[str], phases,
              summaries: list | None) -> dict:
    """Note a game made (or found unchanged) in the manifest; returns its summary for the archive."""
    if isinstance(game, ReadElsewhere):
        summary, variant, players = game.summary, game.variant, game.players
    else:
        summary, variant, players = game_summary(game), game.info.variant, game.info.player_count
    if summaries is not None:
        summaries.append(summary)
    manifest.games[game.name] = {"key": key, "files": files, "digest": game.source_digest,
                                 "summary": summary, "variant": variant, "players": players, "phases": phases or {}}
    return summary


def _variant_of(game: GameContext | ReadElsewhere, loaded: dict) -> Variant:
    """A game's variant: its own, or for a game a worker read, loaded here as the worker did
    (once a build: ``loaded`` keeps them)."""
    if isinstance(game, GameContext):
        return game.variant
    which = ("read", game.variant, game.players)
    if which not in loaded:
        loaded[which] = _load_variant(game.variant, Path(game.name) / "game.json", game.players)
    return loaded[which]


def _read(root: Path, memo: DigestMemo | None, name: str) -> tuple[GameContext, ReadElsewhere]:
    """A game read and checked, and what the build's own process needs of it when this is a worker."""
    game = read_game(root, name, memo)
    facts = ReadElsewhere(name=game.name, source_digest=game.source_digest, variant=game.info.variant,
                          players=game.info.player_count, summary=game_summary(game), phases=len(game.phases),
                          last_phase=game.phases[-1].id if game.phases else None)
    if memo is not None:
        where = memo.where(GamePaths(root=root, name=name))
        facts.memo = (where, memo.entries.get(where))
    return game, facts


def _make_recorded(env: jinja2.Environment, settings: SiteSettings, root: Path, makers: dict):
    """What a worker makes a game it read with (:class:`~gm_tools.publish.sitejobs.Readers`):
    its files against a Recorder, given (game key, last build's phase keys)."""
    def make(game: GameContext, how: tuple[str, dict | None]):
        recorder = Recorder(root)
        with PngPainter(pool=False) as painter:
            phases = write_game(env, recorder, painter, game, settings, game_key=how[0], old_phases=how[1],
                                makers=makers)
        return recorder.steps, recorder.report.pngs, phases
    return make


def build_site(games_root: str | os.PathLike, site_dir: str | os.PathLike,
               settings: SiteSettings | None = None) -> BuildReport:
    """Build (or bring up to date) the site in ``site_dir`` from the games in ``games_root``.
    Writes only files whose bytes changed; returns what it wrote. One build of a folder runs
    at a time: a second is refused while the first runs."""
    from gm_tools.edges.journal import site_lock

    # Pass 1 reads only (a bad record stops the build before any write), and only the games
    # whose files changed since the last build of this site. What it read is then set aside
    # from the cycle collector until the build ends (gc.freeze; records hold no cycles): the
    # first collection after reading walked every record again, a fifth of pass 1.
    # A game the last build never saw is read by the workers that will make it, when there are
    # many (a first build: :func:`gm_tools.publish.sitejobs.read_games`); every one is checked
    # all the same before the first write.
    settings = settings or SiteSettings()
    env = _environment(settings.templates)
    memo = DigestMemo(Path(site_dir))
    with contextlib.ExitStack() as build:
        painter = build.enter_context(PngPainter(beside=settings.maps_beside))
        with collector_paused():
            context = collect(games_root, Manifest.read_digests(Path(site_dir) / MANIFEST), memo, defer=True)
            build_key = code_key(settings.templates, settings.base_map)
            leave_stale_to_read(context, Path(site_dir), build_key)
            if sum(not isinstance(g, KnownGame) for g in context.games) == 1:
                painter.expect()  # one game to make (a turn's): its new map's process starts now
            make = _make_recorded(env, settings, Path(site_dir), {})
            readers = read_games(context, partial(_read, context.root, memo), make, memo)
            if readers is not None:
                build.callback(readers.close)
            build.enter_context(set_aside())
        damaged = [g for g in context.games if isinstance(g, DamagedGame)]
        if damaged and len(damaged) == len(context.games):  # nothing to publish: the fault alone, nothing written
            raise GameError(damaged[0].fault)
        with site_lock(Path(site_dir)):
            report = write_site(context, site_dir, settings, env, readers, build_key, painter)
    memo.save()
    return report

