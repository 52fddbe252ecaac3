"""The shipped demo games: ``make turn`` with no GAME.

Each demo is a file of data, ``sheets/demo-*.toml``: the game (variant, name, seed, creation
date), its players, and the players' entries phase by phase as they mailed them to the GM.
One runner plays every file the way a GM plays any game: ``new-game`` makes the workbook,
then for each phase the entries are typed into the workbook and the real turn pipeline
checks and processes them. Movement and retreat orders (and a standard game's builds) go on
the Orders sheet; a game system with sheets of its own says where its lines go
(:meth:`gm_tools.engine.system.GameSystem.demo_cells`).

A file without ``until`` plays exactly its tables, each phase in turn (phases nobody has to
play, such as a retreat phase with no dislodged unit, have no table). A file with ``until``
plays every phase up to that one, a phase without a table as it stands (nothing entered).

The games are built in ``build/demo/`` (ignored by git) and published into ``site/``, so
the tracked files stay unchanged. The same files give the same bytes every time.
"""

from __future__ import annotations

import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from gm_tools.app.publishfault import (ACT_STATUS, SITE_LOG, PublishFault, fault_text, keep_traceback,
                                       site_command, unwritten)
from gm_tools.app.turn import load_state, new_game, publish_warning, run_turn
from gm_tools.edges.variants import load_variant
from gm_tools.edges.workbook_fill import fill_orders, set_cells
from gm_tools.engine.system import system_for
from gm_tools.errors import UserError

REPO = Path(__file__).resolve().parents[2]
DEMO_DIR = REPO / "sheets"
DEMO_ORDERS = DEMO_DIR / "demo-orders.toml"
"""The standard demo, played first."""
DEMO_ROOT = REPO / "build" / "demo"
DEMO_MARK = ".gm-tools-demo"
"""The file a demo run leaves in the folder it played into: the next run may clear that
folder, and no other (``turn --root DIR`` without a game must never delete a GM's folder)."""
GAME_KEYS = ("variant", "game", "seed", "created")


class DemoDataError(UserError):
    """A demo file does not fit the game it is played into."""


@dataclass
class Demo:
    """One demo file, read."""

    path: Path
    """The file, for messages."""
    variant: str
    """The variant the game is played in (a name or alias)."""
    game: str
    """The game's name (its folder and page)."""
    seed: int
    """The game's recorded seed."""
    created: str
    """The game's creation date, fixed so the record is the same bytes on every run."""
    players: dict[str, str]
    """Power -> player's name."""
    phases: dict[str, dict]
    """Phase id -> its table (``press`` and one key per power), in file order."""
    until: str | None = None
    """The phase the demo stops at; None: it stops after its last table."""
    player_count: int | None = None
    """The number of players of the game (``new-game --players``), for a variant played by
    several counts (The Peace of Westphalia); None: the variant's own."""


def demo_files(directory: Path = DEMO_DIR) -> list[Path]:
    """The shipped demo files: the standard demo first, then the others by name."""
    files = sorted(directory.glob("demo-*.toml"))
    return sorted(files, key=lambda p: p.name != DEMO_ORDERS.name)


def read_demo(path: Path = DEMO_ORDERS) -> Demo:
    """Read and check one demo file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DemoDataError(f"{path}: {e}") from None
    for key in GAME_KEYS:
        if key not in data:
            raise DemoDataError(f"{path}: expected a key {key!r} ({', '.join(GAME_KEYS)} name the game)")
    if not isinstance(data["seed"], int):
        raise DemoDataError(f"{path}: seed: expected a whole number, found {data['seed']!r}")
    until = data.pop("until", None)
    if until is not None and not (isinstance(until, str) and until):
        raise DemoDataError(f"{path}: until: expected a phase such as 'Y1623D', found {until!r}")
    count = data.pop("player_count", None)
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
        raise DemoDataError(f"{path}: player_count: expected a whole number, found {count!r}")
    return Demo(path=path, variant=data.pop("variant"), game=data.pop("game"), seed=data.pop("seed"),
                created=str(data.pop("created")), players=data.pop("players", {}), phases=data, until=until,
                player_count=count)


def read_demo_orders(path: Path = DEMO_ORDERS) -> tuple[dict[str, str], dict[str, dict]]:
    """The players, and phase id -> its table, of a demo file."""
    demo = read_demo(path)
    return demo.players, demo.phases


def _demo_date(created: str, played: int) -> str:
    """A demo phase's processing time: a phase every three days from the demo's fixed
    ``created``, so the demo's record and site are the same bytes on every run."""
    import datetime

    try:
        start = datetime.datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise DemoDataError(f"created = {created!r}: expected a UTC time such as \"1901-01-01T00:00:00Z\"") from None
    return (start + datetime.timedelta(days=3 * (played + 1))).strftime("%Y-%m-%dT%H:%M:00Z")


def play_demo(demo: Demo, root: Path) -> list[str]:
    """Play one demo into ``root`` (beside the other demo games); the turn reports."""
    paths = new_game(demo.variant, demo.game, root=root, seed=demo.seed, players=demo.players,
                     created=demo.created, player_count=demo.player_count)
    variant = load_variant(demo.variant)
    system = system_for(variant)
    lines = [f"Demo game {demo.game} from {demo.path.name}, played in {root}"]
    unplayed = list(demo.phases)
    while True:
        state = load_state(demo.game, root)
        phase = state.position.phase
        if demo.until is None and not unplayed:
            break
        if state.finished or phase == demo.until:
            break
        if demo.until is None and phase != unplayed[0]:
            raise DemoDataError(f"{demo.path}: [{unplayed[0]}] has orders, but the game is at {phase}")
        if phase in unplayed:
            unplayed.remove(phase)
        entry = dict(demo.phases.get(phase, {}))
        press = entry.pop("press", "")
        data = paths.workbook.read_bytes()
        cells = system.demo_cells(variant, phase, entry, demo.path.name)
        if cells is None:  # the phase's entries are orders for the Orders sheet
            data = fill_orders(data, entry, press, str(paths.workbook))
        else:
            data = set_cells(data, cells, str(paths.workbook))
            orders = system.demo_orders(variant, phase, entry)
            if press or orders:
                data = fill_orders(data, orders, press, str(paths.workbook))
        paths.workbook.write_bytes(data)
        lines.append(run_turn(demo.game, root=root, site_dir=None, force=True,
                              processed=_demo_date(demo.created, len(state.history))).text())
    if unplayed:
        state = load_state(demo.game, root)
        at = "over" if state.finished else f"at {state.position.phase}"
        raise DemoDataError(f"{demo.path}: [{unplayed[0]}] has entries, but the game never reached it "
                            f"(it is {at})")
    return lines


def run_demo(site_dir: str | Path | None = "site", root: str | Path | None = None,
             files: list[Path] | None = None) -> str:
    """Play every demo file from scratch into ``root`` (default: build/demo) and publish the
    games; returns the report."""
    root = Path(root) if root else DEMO_ROOT
    lines = play_demos(root, files)
    if site_dir:
        lines.append(publish_demos(root, site_dir))
    return "\n".join(lines)


def play_demos(root: Path, files: list[Path] | None = None) -> list[str]:
    """Every demo file (or ``files``) played from scratch into ``root``; the turns' reports."""
    _clear_demo_root(root)
    root.mkdir(parents=True, exist_ok=True)
    (root / DEMO_MARK).write_text("Made by gm-tools' demo runner (gm-tools turn without a game): the next demo run "
                                  "deletes everything in this folder.\n", encoding="utf-8")
    lines: list[str] = []
    for path in demo_files() if files is None else files:
        lines.extend(play_demo(read_demo(path), root))
    return lines


def publish_demos(root: Path, site_dir: str | Path) -> str:
    """The demo games in ``root`` published to ``site_dir``, said as a turn says it: a fault in
    the publishing code is no traceback on the terminal but a :class:`PublishFault` (status 3)
    saying the games stand, with its traceback kept where ``gm-tools site`` keeps its own
    (``ROOT/publish-site.txt``: the demos' site is all their games'); a site that cannot be
    written is said with status 1, not refused with 2 (the games are written)."""
    stands = f"The demo games are played into {root} and stand"
    try:
        publish_warning(root, site_dir)
    except (OSError, UserError) as e:
        raise PublishFault(f"the site was NOT published: {unwritten(e)}. {stands}; put that right, then run "
                           f"'{site_command(root, site_dir)}'", ACT_STATUS) from None
    except Exception as e:
        said = keep_traceback(root / SITE_LOG, f"publishing the demo games to {site_dir} failed", e)
        raise PublishFault(fault_text(stands, said, site_command(root, site_dir),
                                      " (or play the demos again: make turn)")) from None
    return f"site published to {site_dir}/"


def cmd_demo(args) -> int:
    """``gm-tools turn`` without a game: the report is said before publishing, so a fault there
    leaves it on the terminal above what stands."""
    root = Path(args.root) if args.root else DEMO_ROOT
    print("\n".join(play_demos(root)), flush=True)
    if args.site:
        print(publish_demos(root, args.site))
    return 0


def _clear_demo_root(root: Path) -> None:
    """Empty ``root`` for a demo run from scratch, when it is the repository's build/demo, or
    new, empty, or marked as made by an earlier demo run; any other folder is the GM's, and is
    refused before anything is touched."""
    if not root.exists():
        return
    if root == DEMO_ROOT:  # the repository's own build folder, ignored by git, made for the demos
        shutil.rmtree(root)
        return
    if not root.is_dir():
        raise UserError(f"--root {root}: a file, expected a folder for the demo games")
    if any(root.iterdir()) and not (root / DEMO_MARK).is_file():
        raise UserError(f"--root {root}: holds files not made by a demo run, and the demos (turn without a game) "
                        "start by clearing their folder; to play a game's turn name it (gm-tools turn NAME --root "
                        f"{root}); to play the demos give a new or empty folder")
    for child in root.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
