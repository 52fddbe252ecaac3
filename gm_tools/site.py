"""The static site: every game's record as pages, built in two passes (as Pelican does).

1. **Collect** (:func:`collect`): read every game's ``game.json`` and history records
   (``docs/game-record.md``) into a :class:`SiteContext`: plain data, every check made,
   nothing written. A broken record stops the build here, before any page changes.
2. **Write** (:func:`write_site`): turn the context into pages through jinja2 templates
   (``templates/``, autoescape on) and hand every file to one :class:`SiteWriter`, which
   writes a file only when its bytes changed and reports what it wrote.

Layout (all links relative, so the site works from any static host and from ``file://``)::

    site/index.html                      archive of all games
    site/static/style.css
    site/games/NAME/index.html           game page: current map, standings, chart, phases
    site/games/NAME/game.json            the whole game (game.json and every record)
    site/games/NAME/feed.atom            Atom feed, one entry per phase
    site/games/NAME/S1901M.html          phase page (+ .txt judge text, .json, .svg, .png)

The PNG of a phase is the slow part (cairosvg), so it is drawn only when the phase's SVG
differs from the one already on disk, or the PNG is missing: the SVG on disk is the content
hash. Nothing in a page depends on the time of the build: same records, same bytes.

Variants add page sections without touching this module, two ways (``templates/variants/README.md``):
the variant's sheet hooks' ``report_sections(variant, record)`` (markdown, rendered safe),
and a template ``templates/variants/<variant>/phase_extra.html`` included when present.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup

from .charts import ChartLine, centers_chart
from .errors import GameError, OrderError, UserError
from .feed import FeedEntry, atom_feed
from .game import GameInfo, GamePaths, json_text, load_game, phase_sort_key, read_json
from .hooks import hooks_for
from .judgetext import (
    adjustment_rows,
    dislodgements,
    ends_year,
    judge_text,
    location_name,
    order_words,
    power_name,
    result_flags,
)
from .model import INVALID, SUCCEEDS, UNIT_NAMES, OrderResult, Position
from .phase import PhaseError, parse_phase, phase_title
from .basemap import BaseMap, load_base_map
from .png import WEB_WIDTH, svg_to_png
from .positions import PositionFormatError, position_from_json
from .render import RenderOptions, render_svg
from .safemarkdown import render_markdown
from .variant import Variant

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
"""The shipped templates: ``templates/`` beside the package."""
GAMES = "games"
"""Folder of the site holding one folder per game."""
RECORD_KEYS = ("phase", "before", "after", "results", "next_phase")
"""Keys a history record must have for the site to show it."""
RESULT_SYMBOLS = {SUCCEEDS: "\u2713", "fails": "\u2717", INVALID: "\u2298"}
"""Drawn beside the result word, so a result never rests on colour alone."""


@dataclass(frozen=True)
class SiteSettings:
    """Choices about the site that are not game records."""

    templates: Path = TEMPLATES
    """Folder of the jinja2 templates (and ``static/style.css``)."""
    base_map: Callable[[Variant], BaseMap] = load_base_map
    """Gives a variant's base map for the pictures. The golden test passes
    :func:`gm_tools.basemap.schematic_map`, so its files do not change with the map artwork."""


# --- the writer -------------------------------------------------------------------------------


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

    @property
    def files(self) -> int:
        return len(self.written) + len(self.unchanged)

    def text(self) -> str:
        return (f"site: {len(self.written)} file(s) written, {len(self.unchanged)} unchanged, "
                f"{len(self.removed)} removed, {self.pngs} PNG(s) drawn")


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

    def same(self, rel: str, data: bytes) -> bool:
        """Is ``data`` exactly what ``rel`` holds now?"""
        path = self.root / rel
        try:
            return path.stat().st_size == len(data) and path.read_bytes() == data
        except FileNotFoundError:
            return False

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def write(self, rel: str, data: bytes | str) -> bool:
        """Write ``rel`` unless it already holds ``data``. True when written."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        self.produced.add(rel)
        if self.same(rel, data):
            self.report.unchanged.append(rel)
            return False
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, self._mode)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        self.report.written.append(rel)
        return True

    def keep(self, rel: str) -> None:
        """Count ``rel`` as produced without writing it: a PNG that did not need redrawing,
        or a file of a game that has not changed since the last build."""
        self.produced.add(rel)
        self.report.unchanged.append(rel)

    def prune(self, folder: str) -> None:
        """Remove files under ``folder`` that this build did not produce, then empty folders."""
        base = self.root / folder
        if not base.is_dir():
            return
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(self.root).as_posix()
            if path.is_file() and rel not in self.produced:
                path.unlink()
                self.report.removed.append(rel)
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


# --- pass 1: the context ----------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """An extra section of a phase page, from a variant's hook."""

    title: str
    """Heading of the section."""
    html: Markup
    """Its body, already safe HTML."""


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
    """Hash of the game's files (``game.json`` and history), for skipping an unchanged game."""

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def finished(self) -> bool:
        return self.current_phase is None

    @property
    def status(self) -> str:
        """``not started``, ``in progress``, ``won by France`` or ``finished``."""
        if self.winner:
            return f"won by {power_name(self.variant, self.winner)}"
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

    games: list[GameContext]
    """Games by name."""


def _load_variant(name: str, where: Path) -> Variant:
    from .variants import load_variant

    try:
        return load_variant(name)
    except UserError as e:
        raise GameError(f"{where}: variant {name!r} cannot be loaded: {e}") from None


def _check_record(record: dict, source: Path, variant: Variant) -> None:
    """A record the pages can be made from, or a GameError naming the file and the key."""
    if not isinstance(record, dict):
        raise GameError(f"{source}: found {type(record).__name__}, expected a JSON object (docs/game-record.md)")
    for key in RECORD_KEYS:
        if key not in record:
            raise GameError(f"{source}: missing key {key!r} (a history record has {', '.join(RECORD_KEYS)}...)")
    if record["phase"] != source.stem:
        raise GameError(f"{source}: \"phase\" is {record['phase']!r}, expected {source.stem!r} like its file name")
    for key in ("before", "after"):
        try:
            position_from_json(record[key])
        except PositionFormatError as e:
            raise GameError(f"{source}: {key}: {e}") from None
    results = record["results"]
    if not isinstance(results, list) or not all(
        isinstance(r, dict) and isinstance(r.get("power"), str) and isinstance(r.get("order"), str) for r in results
    ):
        raise GameError(f"{source}: \"results\" should be a list of objects with \"power\" and \"order\" texts")


def _history_files(paths: GamePaths, variant: Variant) -> list[tuple[Path, dict]]:
    """(file, record) for every stored record, in calendar order. Like
    :func:`gm_tools.game.load_history`, keeping each record's file for error messages."""
    if not paths.history.is_dir():
        return []
    found = []
    for file in paths.history.glob("*.json"):
        try:
            key = phase_sort_key(variant.calendar, file.stem)
        except (PhaseError, ValueError):
            raise GameError(f"{file}: not a phase id the variant's calendar has") from None
        found.append((key, file))
    return [(file, read_json(file)) for _, file in sorted(found)]


def _source_digest(paths: GamePaths) -> str:
    """A hash of everything the game's pages are made from on disk: ``game.json`` and the
    history files (names and bytes)."""
    digest = hashlib.sha256(paths.game_json.read_bytes())
    if paths.history.is_dir():
        for file in sorted(paths.history.glob("*.json")):
            digest.update(b"\0" + file.name.encode("utf-8") + b"\0" + file.read_bytes())
    return digest.hexdigest()


def collect_game(root: Path, name: str) -> GameContext:
    """Pass 1 for one game folder."""
    paths = GamePaths(root=root, name=name)
    info = load_game(paths)
    variant = _load_variant(info.variant, paths.game_json)
    phases = []
    for source, record in _history_files(paths, variant):
        _check_record(record, source, variant)
        try:
            title = record.get("title") or phase_title(variant.calendar, record["phase"])
        except PhaseError as e:
            raise GameError(f"{source}: {e}") from None
        phases.append(PhaseContext(record=record, source=source, title=title))
    for before, after in zip(phases, phases[1:]):
        before.next, after.previous = after.id, before.id
    if phases:
        last = phases[-1].record
        current, winner = last.get("next_phase"), last.get("winner")
    else:
        current, winner = variant.calendar.first_phase, None
    return GameContext(info=info, variant=variant, phases=phases, current_phase=current, winner=winner,
                       source_digest=_source_digest(paths))


def collect(games_root: str | os.PathLike) -> SiteContext:
    """Pass 1: read every game under ``games_root`` (each folder with a ``game.json``)."""
    root = Path(games_root)
    if not root.is_dir():
        raise GameError(f"games folder {root} does not exist (expected a folder of games, each NAME/game.json)")
    names = sorted(p.name for p in root.iterdir() if (p / "game.json").is_file())
    return SiteContext(games=[collect_game(root, name) for name in names])


# --- pass 2: the pages ------------------------------------------------------------------------


def _environment(templates: Path) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _inline_svg(svg: str) -> Markup:
    """Our renderer's SVG document as an element for a page. Its text is escaped by the
    renderer (``gm_tools.render``), so it is trusted; the XML prolog, if any, goes."""
    start = svg.find("<svg")
    return Markup(svg[start:] if start >= 0 else svg)


def _position(data: dict) -> Position:
    return position_from_json(data)


def _map_svg(game: GameContext, phase: PhaseContext, look: RenderOptions) -> str:
    """The board at the start of the phase with its orders drawn, failed ones marked."""
    from .parser import parse_order
    from .rules import rules_for

    variant, record = game.variant, phase.record
    before = _position(record["before"])
    rules = rules_for(variant)
    orders, results = [], []
    for r in record["results"]:
        results.append(OrderResult(r["power"], r["order"], r.get("result", ""), r.get("reason", ""),
                                   bool(r.get("dislodged"))))
        try:
            orders.append(parse_order(r["order"], variant, before, r["power"], rules))
        except OrderError:
            pass  # an invalid order as the GM wrote it: nothing to draw
    return render_svg(variant, before, results=results, orders=orders, title=game.name, options=look)


def _phase_view(game: GameContext, phase: PhaseContext) -> dict:
    """What the phase template shows, worked out here so the template only lays it out."""
    variant, record = game.variant, phase.record
    by_power: dict[str, list[dict]] = {}
    for r in record["results"]:
        flags = result_flags(r)
        result = r.get("result", "")
        by_power.setdefault(r["power"], []).append({
            "words": order_words(variant, r["order"]),
            "order": r["order"],
            "result": result,
            "symbol": RESULT_SYMBOLS.get(result, ""),
            "reason": r.get("reason", ""),
            "flags": ", ".join(flags),
        })
    written = record.get("orders", {}) or {}
    powers = []
    for code in _ordered(variant, set(by_power) | set(written)):
        powers.append({
            "code": code,
            "name": power_name(variant, code),
            "player": (record.get("players") or {}).get(code, ""),
            "results": by_power.get(code, []),
            "written": written.get(code, []),
        })
    dislodged = []
    for d in dislodgements(record):
        dislodged.append({
            "power": power_name(variant, d.power),
            "unit": f"{UNIT_NAMES[d.kind]} {location_name(variant, d.location)}",
            "attacker_from": location_name(variant, d.attacker_from) if d.attacker_from else "",
            "retreats": [location_name(variant, r) for r in d.retreats],
        })
    after = record["after"]
    ownership = [
        {"power": power_name(variant, p), "count": len(c), "centers": sorted(location_name(variant, x) for x in c)}
        for p, c in ((p, after.get("centers", {})[p]) for p in _ordered(variant, after.get("centers", {})))
    ]
    adjustments = []
    if ends_year(variant, record):
        for power, centers, units, builds in adjustment_rows(variant, after):
            adjustments.append({"power": power_name(variant, power), "centers": centers, "units": units,
                                "change": f"builds {builds}" if builds > 0 else f"removes {-builds}" if builds < 0 else "none"})
    sections = [
        Section(title=heading, html=Markup(render_markdown(text)))
        for heading, text in hooks_for(variant).report_sections(variant, record)
    ]
    next_title = ""
    if record.get("next_phase"):
        try:
            next_title = phase_title(variant.calendar, record["next_phase"])
        except PhaseError:
            next_title = record["next_phase"]
    notes = [{"power": power_name(variant, n.get("power", "")), "text": n.get("text", "")}
             for n in record.get("notes", []) if isinstance(n, dict)]
    return {
        "id": phase.id,
        "title": phase.title,
        "previous": phase.previous,
        "next": phase.next,
        "next_phase": record.get("next_phase"),
        "next_title": next_title,
        "winner": power_name(variant, record["winner"]) if record.get("winner") else "",
        "powers": powers,
        "notes": notes,
        "dislodged": dislodged,
        "ownership": ownership,
        "adjustments": adjustments,
        "is_adjustment": parse_phase(phase.id).type == "A",
        "press": Markup(render_markdown(record.get("press") or "")),
        "sections": sections,
        "deadline": record.get("deadline", ""),
    }


def _ordered(variant: Variant, codes) -> list[str]:
    known = [p for p in variant.powers if p in codes]
    return known + sorted(set(codes) - set(known))


def _chart(game: GameContext) -> tuple[Markup, list[str], list[dict]]:
    """The supply-center chart, its x labels and its rows (for the table beside it): the
    count at the start, then after each year's ownership change (2000 rulebook, 'Supply
    centers': ownership changes after the Fall turn)."""
    variant = game.variant
    first = game.phases[0].record["before"] if game.phases else game.latest_position()
    points = [("start", first.get("centers", {}))]
    for phase in game.phases:
        if ends_year(variant, phase.record):
            points.append((str(parse_phase(phase.id).year), phase.record["after"].get("centers", {})))
    labels = [label for label, _ in points]
    powers = _ordered(variant, {p for _, c in points for p in c} | {p for p, x in variant.powers.items() if x.playable})
    lines, rows = [], []
    for code in powers:
        values = tuple(len(centers.get(code, [])) for _, centers in points)
        power = variant.powers.get(code)
        lines.append(ChartLine(label=power_name(variant, code), colour=power.colour if power else "#888888",
                               values=values))
        rows.append({"power": power_name(variant, code), "values": list(values)})
    title = f"Supply centers per power per year, {game.name}"
    return Markup(centers_chart(lines, labels, title, variant.victory_centers)), labels, rows


def _standings(game: GameContext) -> list[dict]:
    variant = game.variant
    position = game.latest_position()
    centers, units = position.get("centers", {}), position.get("units", {})
    players = dict(game.info.players)
    if game.phases:
        players.update({k: v for k, v in (game.phases[-1].record.get("players") or {}).items() if v})
    rows = []
    for code in _ordered(variant, set(centers) | set(units) | {p for p, x in variant.powers.items() if x.playable}):
        c, u = len(centers.get(code, [])), len(units.get(code, []))
        status = "winner" if code == game.winner else ("eliminated" if c == 0 and u == 0 else "")
        rows.append({"power": power_name(variant, code), "player": players.get(code, ""), "centers": c,
                     "units": u, "status": status})
    rows.sort(key=lambda r: -r["centers"])  # stable: equal counts keep the variant's order
    return rows


def _game_summary(game: GameContext) -> dict:
    current = ""
    if game.current_phase:
        try:
            current = phase_title(game.variant.calendar, game.current_phase)
        except PhaseError:
            current = game.current_phase
    return {
        "name": game.name,
        "variant": game.variant.title,
        "status": game.status,
        "current": current,
        "current_id": game.current_phase or "",
        "winner": power_name(game.variant, game.winner) if game.winner else "",
        "phases": len(game.phases),
    }


def _png(svg: str) -> bytes:
    return svg_to_png(svg, WEB_WIDTH)


class PngPainter:
    """Draws PNG maps, on every core when there are many (a first build of a long game):
    cairosvg takes about a tenth of a second a map, the rest of a page a millisecond."""

    POOL_FROM = 8
    """Fewer pictures than this are drawn in this process: a pool costs more than it saves."""

    def __init__(self):
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> "PngPainter":
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.shutdown()

    def draw(self, svgs: list[str]) -> list[bytes]:
        """The PNG of each SVG, in order."""
        workers = os.cpu_count() or 1
        if len(svgs) < self.POOL_FROM or workers < 2:
            return [_png(svg) for svg in svgs]
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=workers)
        return list(self._pool.map(_png, svgs, chunksize=2))


def write_game(env: jinja2.Environment, writer: SiteWriter, painter: "PngPainter", game: GameContext,
               settings: SiteSettings) -> None:
    folder = f"{GAMES}/{game.name}"
    templates = settings.templates
    look = RenderOptions(base_map=settings.base_map(game.variant))
    pictures: list[tuple[str, str, str]] = []  # (svg file, png file, svg) to draw
    summary = _game_summary(game)
    extra_template = f"variants/{game.variant.name}/phase_extra.html"
    has_extra = (templates / extra_template).is_file()
    phase_template = env.get_template("phase.html")
    entries = []
    for phase in game.phases:
        record = phase.record
        svg = _map_svg(game, phase, look)
        svg_rel, png_rel = f"{folder}/{phase.id}.svg", f"{folder}/{phase.id}.png"
        # The PNG is redrawn only when the picture changed: the SVG on disk is its hash.
        if writer.same(svg_rel, svg.encode("utf-8")) and writer.exists(png_rel):
            writer.keep(png_rel)
            writer.write(svg_rel, svg)
        else:
            pictures.append((svg_rel, png_rel, svg))
        text = judge_text(game.variant, record)
        writer.write(f"{folder}/{phase.id}.txt", text)
        writer.write(f"{folder}/{phase.id}.json", json_text(record))
        view = _phase_view(game, phase)
        html = phase_template.render(
            root="../../", game=summary, phase=view, record=record, variant=game.variant,
            map_svg=_inline_svg(svg), extra_template=extra_template if has_extra else None,
            page_title=f"{game.name}: {phase.title}",
        )
        writer.write(f"{folder}/{phase.id}.html", html)
        entries.append(FeedEntry(phase=phase.id, title=phase.title, link=f"{phase.id}.html", summary=text))

    # The SVG is written after its PNG, so a build that stops half way redraws it next time.
    for (svg_rel, png_rel, svg), png in zip(pictures, painter.draw([svg for _, _, svg in pictures])):
        writer.write(png_rel, png)
        writer.report.pngs += 1
        writer.write(svg_rel, svg)

    position = game.latest_position()
    current_svg = render_svg(game.variant, _position(position), title=game.name, options=look)
    chart, labels, chart_rows = _chart(game)
    phases = [{"id": p.id, "title": p.title, "results": len(p.record["results"]),
               "dislodged": len(dislodgements(p.record))} for p in game.phases]
    html = env.get_template("game.html").render(
        root="../../", game=summary, phases=phases, standings=_standings(game), map_svg=_inline_svg(current_svg),
        chart=chart, chart_labels=labels, chart_rows=chart_rows, page_title=game.name,
        map_phase=phase_title(game.variant.calendar, position["phase"]) if _is_phase(position["phase"]) else "",
    )
    writer.write(f"{folder}/index.html", html)
    whole = {"format": 1, "game": game.info.to_json(), "history": [p.record for p in game.phases]}
    writer.write(f"{folder}/game.json", json_text(whole))
    writer.write(f"{folder}/feed.atom",
                 atom_feed(game.name, f"{game.name} ({game.variant.title})", game.info.created, entries))


def _is_phase(text: str) -> bool:
    try:
        parse_phase(text)
        return True
    except PhaseError:
        return False


def write_site(context: SiteContext, site_dir: str | os.PathLike, settings: SiteSettings | None = None) -> BuildReport:
    """Pass 2: every page of ``context`` through one writer."""
    settings = settings or SiteSettings()
    templates = settings.templates
    env = _environment(templates)
    writer = SiteWriter(Path(site_dir))
    writer.write("static/style.css", (templates / "static" / "style.css").read_bytes())
    manifest = _Manifest(writer.root / MANIFEST)
    build_key = _build_key(settings)
    variant_keys: dict[str, str] = {}
    with PngPainter() as painter:
        for game in context.games:
            if game.variant.name not in variant_keys:
                variant_keys[game.variant.name] = _variant_key(game.variant)
            key = hashlib.sha256(
                f"{build_key}\0{variant_keys[game.variant.name]}\0{game.source_digest}".encode("utf-8")
            ).hexdigest()
            folder = f"{GAMES}/{game.name}/"
            files = manifest.unchanged_files(game.name, key, writer)
            if files is not None:
                # Same records, variant, templates and code as the last build: same pages.
                for rel in files:
                    writer.keep(rel)
            else:
                before = set(writer.produced)
                write_game(env, writer, painter, game, settings)
                files = sorted(f for f in writer.produced - before if f.startswith(folder))
            manifest.games[game.name] = {"key": key, "files": files}
    games = [_game_summary(g) for g in context.games]
    writer.write("index.html", env.get_template("index.html").render(root="", games=games, page_title="Games"))
    writer.prune(GAMES)
    manifest.save({g.name for g in context.games})
    return writer.report


MANIFEST = ".gm_tools-build.json"
"""Bookkeeping file at the top of the site: each game's key and files at the last build.
Not a page; not in the build report."""


def _build_key(settings: SiteSettings) -> str:
    """A hash of what turns records into pages: this package's code and the templates. Any
    change to either rebuilds every game, which is slow but never stale."""
    digest = hashlib.sha256(f"{settings.base_map.__module__}.{settings.base_map.__qualname__}".encode("utf-8"))
    package = Path(__file__).resolve().parent
    for folder in (package, Path(settings.templates)):
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc"):
            digest.update(b"\0" + path.relative_to(folder).as_posix().encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _variant_key(variant: Variant) -> str:
    """A hash of the variant as loaded, and of its base map file if it has one."""
    from .basemap import map_path
    from .variants import variant_json

    digest = hashlib.sha256(json.dumps(variant_json(variant), sort_keys=True, default=str).encode("utf-8"))
    path = map_path(variant.name)
    if path.is_file():
        digest.update(path.read_bytes())
    return digest.hexdigest()


class _Manifest:
    """Each game's key and files at the last build (:data:`MANIFEST`)."""

    def __init__(self, path: Path):
        self.path = path
        self.old: dict = {}
        try:
            self.old = json.loads(path.read_text(encoding="utf-8")).get("games", {})
        except (OSError, ValueError, AttributeError):
            self.old = {}  # no manifest, or a damaged one: build everything
        self.games: dict[str, dict] = {}

    def unchanged_files(self, name: str, key: str, writer: "SiteWriter") -> list[str] | None:
        """The game's files if its key is the same as last time and every file is there."""
        entry = self.old.get(name)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        files = entry.get("files")
        if not isinstance(files, list) or not all(isinstance(f, str) and writer.exists(f) for f in files):
            return None
        return files

    def save(self, names: set[str]) -> None:
        data = json.dumps({"format": 1, "games": {n: self.games[n] for n in sorted(names)}},
                          indent=1, sort_keys=True) + "\n"
        if self.old == json.loads(data)["games"] and self.path.is_file():
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(data, encoding="utf-8")
        os.replace(tmp, self.path)


def build_site(games_root: str | os.PathLike, site_dir: str | os.PathLike,
               settings: SiteSettings | None = None) -> BuildReport:
    """Build (or bring up to date) the site in ``site_dir`` from the games in ``games_root``.
    Writes only files whose bytes changed; returns what it wrote."""
    return write_site(collect(games_root), site_dir, settings)


def cmd_site(args) -> int:
    """``gm-tools site [--root DIR] [--out DIR]``: rebuild the site."""
    from .game import games_root

    report = build_site(games_root(getattr(args, "root", None)), Path(getattr(args, "out", None) or "site"))
    print(report.text())
    return 0
