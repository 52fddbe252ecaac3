"""``make bench``, the site part: how fast a full build of a large archive is, and how many
files one new phase rewrites.

1. Play ``--games`` games (default 100) of ``--phases`` history records each (default 60)
   on the standard map with the real engine, on random legal-ish orders (``randomplay.py``,
   seeded: the same records on every run), every game its own.
2. With ``--sources N`` (fewer than the games), play only N and make the others by cloning
   their records under other names (game ``g004`` a copy of ``g000`` when N is 4): quicker
   to make, but not the same work: the build remembers the map's line changes and drawings
   from one game for the next (``maplayer.LayerMaker``, the renderer's kept fragments), and a
   clone finds nearly all of them, which distinct games do not.
3. Build the site from scratch, ``--builds`` times (default 3), each in a fresh process with
   nothing remembered from the last (no site, no digest memo): pages (HTML) per second and
   files per second, each build's and the median, which is judged against the target of
   500 pages per second (this machine's speed changes by up to half from one minute to
   the next, so one build alone says little). The site is
   built in memory (``/dev/shm``, when the machine has it): making a file on this machine's
   disk costs 0.5 to 1.4 ms (a new inode, however small), five files a phase, which would
   measure the disk rather than the build. The disk's own share is measured beside it: the
   same files written as new files on ``build/``, nothing else done, and the pages per
   second that alone allows. The PNG maps
   (cairosvg, about 0.1 s each) are left out of this build unless ``--png`` is given; their
   rate is timed apart on one game's maps, drawn on every core, and the full figure with
   them is worked out from it.
4. Play one more phase of one game and rebuild: which files were rewritten. The target is
   only the pages that change: the new phase's five files, the previous phase's page (its
   'next' link), the game's page and its map (its layer and PNG: the board changed),
   game.json and feed, and the archive index; any file beyond those is named.

Run with ``.venv/bin/python bench/site_bench.py [--games N] [--phases N] [--sources N] [--builds N]``.
Work goes to ``build/site-bench/`` and the site to ``/dev/shm`` (or ``build/site-bench/site``
without it); the built site is deleted at the end unless ``--keep`` is given. The bench prints the archive's bytes per phase by file type: each phase's map is a
layer over the variant's base map, which the pages share (``gm_tools/publish/maplayer.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import random
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the record maker the site tests use

from randomplay import adjustment_orders, movement_orders, retreat_orders  # noqa: E402
from sitegame import current, new_game, play, store_copy  # noqa: E402

from sizes import archive_bytes  # noqa: E402
from gm_tools.publish import site as site_module  # noqa: E402
from gm_tools.edges.basemap import load_base_map  # noqa: E402
from gm_tools.edges.game import GamePaths  # noqa: E402
from gm_tools.engine.positions import position_to_json  # noqa: E402
from gm_tools.edges.variants import load_variant  # noqa: E402

OUT = ROOT / "build" / "site-bench"
MEMORY = Path("/dev/shm")
"""A file system in memory, where the site is built when the machine has one."""
TARGET_PAGES = 500
"""Pages a second a full build should make (issue 19 item 6), PNG maps apart."""


def _site_folder() -> Path:
    if MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
        return MEMORY / f"gm_tools-site-bench-{os.getpid()}"
    return OUT / "site"


def disk_floor(site: Path, files: list[str], folder: Path) -> float:
    """Seconds to write ``files`` of ``site`` as new files under ``folder``, nothing else done."""
    data = [(folder / name, (site / name).read_bytes()) for name in files]
    shutil.rmtree(folder, ignore_errors=True)
    for parent in sorted({path.parent for path, _ in data}):
        parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for path, content in data:
        with open(path, "wb") as f:
            f.write(content)
    seconds = time.perf_counter() - start
    shutil.rmtree(folder, ignore_errors=True)
    return seconds


def _picture(site: Path, game: str, phase: str) -> str:
    """A phase's whole map, its layer over the shared base (as the page puts them together)."""
    from gm_tools.publish.maplayer import picture_from_files

    layer = (site / "games" / game / f"{phase}.map.js").read_text(encoding="ascii")
    base = (site / "static" / "maps" / (layer.split('"')[1] + ".js")).read_text(encoding="ascii")
    return picture_from_files(base, layer)


def random_orders(variant, rng: random.Random, position: dict) -> dict[str, list[str]]:
    kind = position["phase"][-1]
    if kind == "M":
        return movement_orders(variant, rng, position["units"])
    if kind == "R":
        return retreat_orders(rng, position["dislodged"])
    return adjustment_orders(variant, rng, position["units"], position["centers"])


def play_source(variant, root: Path, name: str, seed: str, phases: int) -> list[dict]:
    """A game of ``phases`` records (fewer if someone wins first), stored under ``root``."""
    rng = random.Random(seed)
    paths = new_game(root, name, variant)
    history: list[dict] = []
    while len(history) < phases and (not history or history[-1]["next_phase"]):
        position = position_to_json(current(paths, variant, history))
        play(paths, variant, history, random_orders(variant, rng, position),
             press=f"Press for **{position['phase']}**: [rules](https://example.org/rules)")
    return history


def _settings():
    # The map artwork is read once: the bench measures the site, and on a shared checkout the
    # map may be regenerated while it runs (which would rightly redraw every picture).
    base_map = load_base_map(load_variant("standard"))
    return site_module.SiteSettings(base_map=lambda _variant: base_map)


def first_build(games: Path, site: Path, png: bool) -> int:
    """In a process of its own: build ``site`` from nothing and print the figures as JSON."""
    from gm_tools.publish.sitecontext import DigestMemo

    shutil.rmtree(site, ignore_errors=True)
    memo = DigestMemo(site).path
    if memo.exists():
        memo.unlink()  # a first build hashes every game's files
    settings = _settings()
    if not png:
        # cairosvg takes ~0.1 s a map: 6000 maps would make the bench a quarter of an hour.
        # The full build leaves them out (empty files stand in) and the PNG rate is timed
        # on its own below.
        site_module.PngPainter.start = lambda self, svg, many=False: (lambda: b"")
    start = time.perf_counter()
    report = site_module.build_site(games, site, settings)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "written": report.written, "pngs": report.pngs}))
    return 0


def timed_builds(games: Path, site: Path, builds: int, png: bool) -> tuple[float, list[str]]:
    """``builds`` first builds, each in a fresh process; prints each figure and the median.
    Returns the median's seconds and the files the last build wrote (the site left behind)."""
    figures = []
    for _ in range(builds):
        done = subprocess.run([sys.executable, __file__, "--first-build", str(games), str(site)]
                              + (["--png"] if png else []), capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"site_bench: a timed build failed:\n{done.stderr.strip()[-2000:]}")
        figures.append(json.loads(done.stdout.strip().splitlines()[-1]))
    written = figures[-1]["written"]
    pages = sum(1 for f in written if f.endswith(".html"))
    seconds = statistics.median(f["seconds"] for f in figures)
    size = sum((site / name).stat().st_size for name in written) / 1e6
    where = "in memory" if site.is_relative_to(MEMORY) else "on disk"
    png_note = f"{figures[-1]['pngs']} PNG maps drawn" if png else "PNG maps left out: --png draws them"
    each = ", ".join(f"{pages / f['seconds']:.0f}" for f in figures)
    verdict = "meets" if pages / seconds >= TARGET_PAGES else "BELOW"
    print(f"full build ({where}, {site}), {builds} times from nothing, each in a fresh process: "
          f"{len(written)} files ({size:.0f} MB), {pages} HTML pages; pages/s {each}; median "
          f"{seconds:.1f} s: {pages / seconds:.1f} pages/s, {len(written) / seconds:.1f} files/s ({png_note}): "
          f"{verdict} the target of {TARGET_PAGES} pages/s")
    return seconds, written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games in the archive (default 100)")
    parser.add_argument("--phases", type=int, default=60, help="history records per game (default 60)")
    parser.add_argument("--sources", type=int, default=0,
                        help="distinct games played, the others cloned from them (default: every game played)")
    parser.add_argument("--seed", default="1648", help="random seed (default 1648)")
    parser.add_argument("--png", action="store_true", help="draw every PNG map in the full build (slow)")
    parser.add_argument("--pin-code", action="store_true",
                        help="keep the code and variant keys of the first build (for a checkout others edit meanwhile)")
    parser.add_argument("--keep", action="store_true", help="keep the built site (its folder is printed) "
                        "(several GB at the default size)")
    parser.add_argument("--builds", type=int, default=3, help="full builds timed, the median judged (default 3)")
    parser.add_argument("--first-build", nargs=2, metavar=("GAMES", "SITE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.first_build:
        return first_build(Path(args.first_build[0]), Path(args.first_build[1]), args.png)
    variant = load_variant("standard")
    shutil.rmtree(OUT, ignore_errors=True)
    games, site = OUT / "sheets", _site_folder()
    shutil.rmtree(site, ignore_errors=True)

    start = time.perf_counter()
    played = min(args.sources or args.games, args.games)
    sources = [play_source(variant, games, f"g{n:03d}", f"{args.seed}/{n}", args.phases) for n in range(played)]
    for n in range(played, args.games):
        paths = new_game(games, f"g{n:03d}", variant)
        for record in sources[n % played]:
            store_copy(paths, record)
    total = sum(len(sources[n % played]) for n in range(args.games))
    how = ("each game played by the engine" if played == args.games
           else f"{played} games played by the engine, the others cloned from them under new names")
    print(f"archive: {args.games} games, {total} phases ({how}; random orders, seed {args.seed}) "
          f"in {time.perf_counter() - start:.1f} s")

    settings = _settings()
    code_before = site_module.code_key(settings.templates, settings.base_map)
    variant_before = site_module.variant_key(variant)
    if args.pin_code:
        # Others may edit gm_tools (or the variant) while the bench runs, which rightly makes
        # every game stale; pinning the keys measures the skipping itself.
        site_module.code_key = lambda templates, base_map: code_before
        site_module.variant_key = lambda v: variant_before
    seconds, written = timed_builds(games, site, max(1, args.builds), args.png)
    pages = sum(1 for f in written if f.endswith(".html"))
    floor = disk_floor(site, written, OUT / "disk-floor")
    print(f"the disk alone: the same {len(written)} files written as new files on {OUT.relative_to(ROOT)} "
          f"in {floor:.1f} s, "
          f"{1000 * floor / len(written):.2f} ms a file: at most {pages / floor:.0f} pages/s on this disk "
          f"however fast the build; the build and the disk together about {pages / (seconds + floor):.0f} pages/s")
    archive_bytes(site)
    if not args.png:
        maps = [_picture(site, "g000", r["phase"]) for r in sources[0]]
        start = time.perf_counter()
        with site_module.PngPainter() as painter:
            painter.draw(maps)
        png_seconds = time.perf_counter() - start
        rate = len(maps) / png_seconds
        print(f"PNG maps: {len(maps)} drawn in {png_seconds:.1f} s on every core: {rate:.1f} maps/s; "
              f"a full build with every map would take about {seconds + total / rate:.0f} s "
              f"({pages / (seconds + total / rate):.1f} pages/s)")

    start = time.perf_counter()
    again = site_module.build_site(games, site, settings)
    print(f"rebuild with nothing new: {len(again.written)} files written, {len(again.unchanged)} unchanged "
          f"in {time.perf_counter() - start:.1f} s")

    paths = GamePaths(root=games, name="g000")
    history = list(sources[0])
    history = [dict(r, game="g000") for r in history]
    if history[-1]["next_phase"]:
        rng = random.Random(f"{args.seed}/extra")
        position = history[-1]["after"]
        play(paths, variant, history, random_orders(variant, rng, position))
        start = time.perf_counter()
        one = site_module.build_site(games, site, settings)
        print(f"one new phase ({history[-1]['phase']} of g000): {len(one.written)} files rewritten in "
              f"{time.perf_counter() - start:.1f} s, {one.pngs} PNG drawn:")
        for name in one.written:
            print(f"  {name}")
        new, previous = history[-1]["phase"], history[-2]["phase"]
        expected = ({f"games/g000/{new}{suffix}" for suffix in site_module.PHASE_FILES}
                    | {f"games/g000/{name}" for name in (f"{previous}.html", "index.html", "current.map.js",
                                                          "current.png", "game.json", "feed.atom")}
                    | {"index.html", "feed.atom"})  # the archive's index and its feed of latest turns
        beyond = sorted(set(one.written) - expected)
        verdict = "meets" if not beyond else f"ABOVE ({', '.join(beyond)} besides)"
        print(f"  {verdict} the target of {len(expected)} files (the pages that change)")
    else:
        print("one new phase: game g000 is over, nothing to add")
    from gm_tools.publish import sitefiles

    if (sitefiles.code_key(settings.templates, settings.base_map) != code_before
            or sitefiles.variant_key(variant) != variant_before):
        pinned = "the keys were pinned (--pin-code)" if args.pin_code else "so the rebuilds above rendered every game again"
        print(f"NOTE: gm_tools code, templates or variant data changed while the bench ran; {pinned}")
    if not args.keep:
        shutil.rmtree(site, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
