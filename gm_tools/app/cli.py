"""The ``gm-tools`` command line. Each subcommand lives in the module that does its job;
this file only parses arguments and turns user errors into plain messages."""

from __future__ import annotations

import argparse
import sys

from gm_tools.errors import UserError


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gm-tools", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("variants", help="list the shipped variants")
    s.set_defaults(func=lambda a: _call("gm_tools.edges.variants", "cmd_variants", a))

    s = sub.add_parser("variant", help="show one variant")
    s.add_argument("name")
    s.add_argument("--json", action="store_true", help="print the loaded variant as JSON")
    s.set_defaults(func=lambda a: _call("gm_tools.edges.variants", "cmd_variant", a))

    s = sub.add_parser("adjudicate", help="adjudicate JSON requests (see docs/json-interface.md)")
    s.add_argument("file", help="request file, or - for standard input")
    s.add_argument("--variant", default="standard")
    s.add_argument("--jsonl", action="store_true", help="one request per line in, one response per line out")
    s.set_defaults(func=lambda a: _call("gm_tools.app.jsonapi", "cmd_adjudicate", a))

    s = sub.add_parser("new-game", help="create a game: its workbook sheets/NAME.xlsx and its record")
    s.add_argument("variant")
    s.add_argument("name")
    s.add_argument("--seed", type=int, help="seed for any randomness the rules need (default: random)")
    s.add_argument("--player", action="append", metavar="POWER=NAME", help="a power's player (repeatable)")
    s.add_argument("--players", type=int, metavar="N",
                   help="number of players, for a variant with smaller setups (europe1619: 10 to 15, default 15)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_new_game", a))

    s = sub.add_parser("turn", help="process the current phase of a game (no GAME: the demo)")
    s.add_argument("game", nargs="?", default="")
    s.add_argument("--lenient", action="store_true", help="invalid orders stand as holds (as judges do), listed in the report")
    s.add_argument("--force", action="store_true", help="process the phase even if no order or press was entered")
    s.add_argument("--site", default="site", help="folder the site is published to (default: site)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_turn", a))

    s = sub.add_parser("rollback", help="reopen a game's last processed phase to correct it")
    s.add_argument("game")
    s.add_argument("--site", default="site", help="folder the site is published to (default: site)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_rollback", a))

    s = sub.add_parser("replay", help="re-adjudicate a game from its stored orders and compare with its record")
    s.add_argument("game")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_replay", a))

    s = sub.add_parser("map", help="draw a played phase of a game as PNG (web or print size) or SVG")
    s.add_argument("game")
    s.add_argument("phase", nargs="?", help="phase id such as F1901M (default: the last one played)")
    s.add_argument("--power", help="draw only this power's orders (code or name)")
    s.add_argument("--print", action="store_true", help="full size for print (3600 px wide) instead of web size")
    s.add_argument("--out", help="file to write, .png or .svg (default: GAME-PHASE[-POWER].png here)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.mapcmd", "cmd_map", a))

    s = sub.add_parser("site", help="rebuild the static site from every game's record (writes only what changed)")
    s.add_argument("--out", default="site", help="folder the site is written to (default: site)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.publish.site", "cmd_site", a))
    return p


def _games_root(s: argparse.ArgumentParser) -> None:
    s.add_argument("--root", help="folder holding the games (default: $GM_TOOLS_HOME, else sheets)")


def _call(module: str, name: str, args: argparse.Namespace) -> int:
    import importlib

    return getattr(importlib.import_module(module), name)(args) or 0


def main(argv: list[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        return args.func(args)
    except UserError as e:
        print(f"gm-tools: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:
        # A folder that does not exist or cannot be written (--root, --site, --out): the
        # user's to fix, so a plain message, not a traceback.
        where = f"{e.filename}: " if e.filename else ""
        print(f"gm-tools: {where}{e.strerror or e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
