"""The ``gm-tools`` command line. Each subcommand lives in the module that does its job;
this file only parses arguments and turns user errors into plain messages."""

from __future__ import annotations

import argparse
import sys

from .errors import UserError


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gm-tools", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("variants", help="list the shipped variants")
    s.set_defaults(func=lambda a: _call("gm_tools.variants", "cmd_variants", a))

    s = sub.add_parser("variant", help="show one variant")
    s.add_argument("name")
    s.add_argument("--json", action="store_true", help="print the loaded variant as JSON")
    s.set_defaults(func=lambda a: _call("gm_tools.variants", "cmd_variant", a))

    s = sub.add_parser("adjudicate", help="adjudicate JSON requests (see docs/json-interface.md)")
    s.add_argument("file", help="request file, or - for standard input")
    s.add_argument("--variant", default="standard")
    s.add_argument("--jsonl", action="store_true", help="one request per line in, one response per line out")
    s.set_defaults(func=lambda a: _call("gm_tools.jsonapi", "cmd_adjudicate", a))

    s = sub.add_parser("turn", help="process the current phase of a game (no GAME: the demo)")
    s.add_argument("game", nargs="?", default="")
    s.set_defaults(func=lambda a: _call("gm_tools.demo", "cmd_turn", a))
    return p


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


if __name__ == "__main__":
    sys.exit(main())
