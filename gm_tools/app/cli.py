"""The ``gm-tools`` command line. Each subcommand lives in the module that does its job;
this file only parses arguments and turns user errors into plain messages."""

from __future__ import annotations

import argparse
import sys

from gm_tools.errors import UserError


_ABOUT = """\
Run play-by-email Diplomacy variants from an Excel workbook.

Each game lives in sheets/NAME.xlsx (the players' orders and the GM's sheets) beside its
record, sheets/NAME/. A turn reads the workbook, checks every entry, adjudicates the phase,
writes the results and the next phase's order sheet back, draws the map and publishes the
turn into a static site. An error in the workbook names the sheet and the cell and nothing
is written."""

_START = """\
a game from start to finish:
  gm-tools variants                          which variants are shipped
  gm-tools new-game standard spring1901      create sheets/spring1901.xlsx
  gm-tools orders spring1901 alice.eml       type a player's mailed orders into it
  gm-tools status spring1901                 who has entered orders, who has not
  gm-tools turn spring1901                   process the phase, publish it to site/
  gm-tools deadline spring1901 '4 Dec 18:00' the next phase's deadline, on the site
  gm-tools rollback spring1901               reopen the last phase to correct it
  gm-tools <command> --help                  what a command does, with an example

exit statuses (docs/workbook.md, "Exit statuses"):
  0 done; 1 done, with something to act on (mail lines refused, a replay that differs, a game's
  fault named by status or site, the site not written after the command's files were); 2 refused,
  a mistake named, nothing written (a file missing or not writable included); 3 a fault in
  gm-tools' own publishing code after the command's files were written; 130 interrupted"""


class _Help(argparse.RawDescriptionHelpFormatter):
    """Keeps the line breaks of descriptions and examples as written."""


def _command(sub, name: str, summary: str, about: str, example: str) -> argparse.ArgumentParser:
    """One subcommand: a one-line summary for the command list, a paragraph for its own
    help, and at least one example, because an example answers most questions first."""
    return sub.add_parser(name, help=summary, description=f"{summary}.\n\n{about}",
                          epilog="example:\n" + example, formatter_class=_Help)


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gm-tools", description=_ABOUT, epilog=_START, formatter_class=_Help)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = _command(sub, "variants", "list the shipped variants",
                 "Prints each variant's name, its title and its aliases (any of which `new-game` accepts).",
                 "  gm-tools variants")
    s.set_defaults(func=lambda a: _call("gm_tools.edges.variants", "cmd_variants", a))

    s = _command(sub, "variant", "show one variant",
                 "Prints a variant's provinces, centers, calendar and powers with their home centers\n"
                 "and starting units, as loaded from variants/NAME/; --json prints all of it.",
                 "  gm-tools variant europe1619\n  gm-tools variant centenary --json > centenary.json")
    s.add_argument("name", help="the variant's name or alias, as `gm-tools variants` lists them")
    s.add_argument("--json", action="store_true", help="print the loaded variant as JSON")
    s.set_defaults(func=lambda a: _call("gm_tools.edges.variants", "cmd_variant", a))

    s = _command(sub, "adjudicate", "adjudicate JSON requests",
                 "Reads positions and orders as JSON, adjudicates them and prints the results as\n"
                 "JSON, without any game or workbook (docs/json-interface.md gives the format).",
                 "  gm-tools adjudicate request.json\n  cat requests.jsonl | gm-tools adjudicate --jsonl -")
    s.add_argument("file", help="request file, or - for standard input")
    s.add_argument("--variant", default="standard", help="variant whose map and rules apply (default: standard)")
    s.add_argument("--jsonl", action="store_true", help="one request per line in, one response per line out")
    s.set_defaults(func=lambda a: _call("gm_tools.app.jsonapi", "cmd_adjudicate", a))

    s = _command(sub, "new-game", "create a game",
                 "Creates the workbook sheets/NAME.xlsx with the first phase's order sheet and the\n"
                 "game's record in sheets/NAME/. The seed drives every random draw the rules call\n"
                 "for, so a turn can be replayed.",
                 "  gm-tools new-game standard spring1901 --player ENG=Alice --player FRA=Bob\n"
                 "  gm-tools new-game europe1619 thirty --players 12 --seed 1618\n"
                 "  gm-tools new-game payola1615 calm --option diplomatic_attacks=false")
    s.add_argument("variant", help="the variant's name or alias, as `gm-tools variants` lists them")
    s.add_argument("name", help="the game's name: up to 64 letters a to z, digits, - and _ (it names the workbook)")
    s.add_argument("--seed", type=int, help="seed for any randomness the rules need: a whole number of up to 15 digits "
                   "(default: random, recorded)")
    s.add_argument("--player", action="append", metavar="POWER=NAME", help="a power's player (repeatable); the power by its code, its name or their first letters (ENG)")
    s.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a game option over the variant's [options] (repeatable), e.g. diplomatic_attacks=false")
    s.add_argument("--players", type=int, metavar="N",
                   help="number of players, for a variant with setups by count (europe1619: 10 to 15, default 15; "
                        "europe1615v2: 2 to 5, default 5; westphalia: 3 to 14, default 5)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.newgame", "cmd_new_game", a))

    s = _command(sub, "turn", "process the current phase of a game",
                 "Checks every entry of the phase's sheets, adjudicates, writes the results and the\n"
                 "next phase's sheets into the workbook (the previous version is kept) and publishes\n"
                 "the phase to the site (the phase stands if the site cannot be: exit status 1, or 3 for\n"
                 "a fault in gm-tools' own publishing code). Without GAME it plays the shipped demo\n"
                 "games from scratch into build/demo/ (make turn), or into --root DIR when DIR is new,\n"
                 "empty or made by an earlier demo run: the demos clear their folder first, so any\n"
                 "other folder is refused, never cleared.",
                 "  gm-tools turn spring1901\n  gm-tools turn spring1901 --lenient --site public\n"
                 "  gm-tools turn spring1901 --dry-run\n  gm-tools turn --root /tmp/demo-games")
    s.add_argument("game", nargs="?", default="", help="the game's name (default: play the shipped demo games)")
    s.add_argument("--lenient", action="store_true", help="invalid orders stand as holds (as judges do), and invalid sheet "
                   "rows are dropped, listed in the report")
    s.add_argument("--force", action="store_true", help="process the phase even if no order or press was entered")
    s.add_argument("--dry-run", action="store_true",
                   help="check every entry and show what the turn would do now, writing nothing "
                        "(no record, workbook or site)")
    _site(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_turn", a))

    s = _command(sub, "orders", "enter players' mailed orders into a game's workbook",
                 "Reads each mail as judges do (a power line, then orders; quoted replies, signatures\n"
                 "and HTML ignored), checks every order against the current phase, and types the\n"
                 "orders that stand into the power's block of the Orders sheet, replacing its earlier\n"
                 "orders. The Europe variants' entries (INF placements '5: BRE', attacks, declarations,\n"
                 "purchases, Payola offers '5 : A PAR - BUR', reference lists) and Centenary's claims\n"
                 "('FEALTY: PORTUGAL, build in POR, retreat to EST') go on their own sheets, and The\n"
                 "Peace of Westphalia's lines for the step ('Actions: Heresy, Diplomacy', 'Compete with\n"
                 "Orange', 'Vote: Red') on the step's sheets, each checked as the turn checks it.\n"
                 "Refused lines are listed with their line and reason (exit status 1). A mailbox a\n"
                 "mail program exported (mbox) is each of its messages, in order. A cell the GM typed\n"
                 "as none of its choices ('Augsberg') is named as a warning and left as it is unless a\n"
                 "mail replaces it. The workbook before the mails and the mails themselves are kept in\n"
                 "sheets/GAME/mail/.",
                 "  gm-tools orders spring1901 alice.eml bob.txt\n  gm-tools orders spring1901 - < mail.txt\n"
                 "  gm-tools orders spring1901 --dry-run alice.eml\n  gm-tools orders spring1901 inbox.mbox")
    _game(s)
    s.add_argument("mails", nargs="+", metavar="MAIL", help="a saved mail (.eml), a mailbox (mbox) or pasted text file; - for standard input")
    s.add_argument("--dry-run", action="store_true", help="check and report the orders, write nothing")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.mailorders", "cmd_orders", a))

    s = _command(sub, "rollback", "reopen a game's last processed phase to correct it",
                 "Restores the workbook as it was before the last turn was processed, with the orders\n"
                 "as entered, and removes that phase from the record and the site. What you typed for\n"
                 "yourself after the turn (the Addresses sheet, your own sheets, the next Deadline, a\n"
                 "player replaced) is carried back; the rest is named by cell and kept in rolled-back/.",
                 "  gm-tools rollback spring1901")
    _game(s)
    _site(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.rollback", "cmd_rollback", a))

    s = _command(sub, "end", "end a game as a draw, or with a winner the GM calls",
                 "Records the game as drawn between the powers named (by agreement, or Europe 1619's\n"
                 "tie at the end of 1648), or as won by the power the GM calls the winner (Europe\n"
                 "1615's 'Victory by agreement': the players agree to stop and 'allow the GM to call\n"
                 "a winner'), with the reason: no more turns are played, and the site shows the end\n"
                 "on the game page, the archive index and the feed. --undo reopens the game.",
                 "  gm-tools end thirty --draw FRANCE SPAIN\n"
                 "  gm-tools end thirty --winner SPAIN --reason 'unanimous agreement; most rounds won (3)'\n"
                 "  gm-tools end thirty --undo")
    _game(s)
    s.add_argument("--draw", nargs="+", metavar="POWER", help="the powers sharing the draw, each named once (codes, names, or their first three letters or more: FRA); a power named twice is refused")
    s.add_argument("--winner", metavar="POWER", help="the power the GM calls the winner (code, name, or its first three letters or more)")
    s.add_argument("--reason", metavar="TEXT", help="with --winner: why, as the game record and the site will say it")
    s.add_argument("--undo", action="store_true", help="reopen a game ended by a draw or a winner called")
    _site(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.endgame", "cmd_end", a))

    s = _command(sub, "deadline", "type the deadline of the phase awaiting orders and publish it",
                 "Types the deadline into the workbook's Game sheet (Game!B6), as the GM would in the\n"
                 "spreadsheet after a turn, and publishes the site: the game page and the archive say\n"
                 "when the phase's orders are due. A date written 2026-12-11 18:00 is typed as a date;\n"
                 "any other text as it is ('2026-13-11' refused); '' clears it. The workbook before is\n"
                 "kept in NAME/mail/.",
                 "  gm-tools deadline spring1901 'Friday 11 December 18:00 UTC'\n"
                 "  gm-tools deadline spring1901 '2026-12-11 18:00'")
    _game(s)
    s.add_argument("deadline", help="the deadline as the players should read it ('' clears it)")
    _site(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.deadlinecmd", "cmd_deadline", a))

    s = _command(sub, "replay", "re-adjudicate a game and compare with its record",
                 "Plays the game again from its stored orders and seed and lists the phases whose\n"
                 "record differs byte for byte (exit status 1); nothing is written. Each phase that\n"
                 "differs is named with the known reading change that could explain it (the\n"
                 "variant's changes.toml: a rule read otherwise since the game was recorded), as\n"
                 "'not explained by a known change', or as following an earlier difference (it\n"
                 "starts from another board). A hint, not a proof: the part of the record the change\n"
                 "touches differs, not necessarily because of it.",
                 "  gm-tools replay spring1901")
    _game(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.replayhints", "cmd_replay", a))

    s = _command(sub, "status", "show who has entered orders for the current phase",
                 "Reads the workbook as a turn would and prints, power by power, how many of its rows\n"
                 "hold an order and which units have none, who has entered nothing, who entered in\n"
                 "part (and what becomes of the units left out), the rows typed on\n"
                 "the variant's input sheets and whether there is press. Without GAME, one line for\n"
                 "every game: its phase, deadline and who is waited for, or the fault in its files\n"
                 "(exit status 1, as `site` ends). Writes nothing.",
                 "  gm-tools status spring1901\n  gm-tools status")
    s.add_argument("game", nargs="?", default="", help="the game's name (default: every game, one line each)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.status", "cmd_status", a))

    s = _command(sub, "private", "write each power's private reports again from the record",
                 "Writes NAME/private/PHASE/POWER.txt for every phase played: what the rules give one\n"
                 "power alone (Europe 1615 v2's Payola ledgers), for the GM to send; never published.",
                 "  gm-tools private payola")
    _game(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.turn", "cmd_private", a))

    s = _command(sub, "export", "write a game in another tool's format",
                 "Writes a standard game, every phase with its board, orders, results and press, as\n"
                 "MILA diplomacy's saved game (one JSON object; docs/interchange.md says what\n"
                 "travels and what does not).",
                 "  gm-tools export spring1901 --mila --out spring1901.mila.json")
    _game(s)
    s.add_argument("--mila", action="store_true", help="MILA diplomacy's saved-game format (the one format so far)")
    s.add_argument("--out", help="file to write (default: standard output)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.interchange", "cmd_export", a))

    s = _command(sub, "import", "start a standard game from a MILA saved game",
                 "Plays the saved game's phases again through the workbook and the turn, checking\n"
                 "that each board comes out as the saved game has it; the new game is then ready\n"
                 "for its next phase and published to the site, as a turn publishes. Nothing is\n"
                 "written if any phase does not match.",
                 "  gm-tools import spring1901.mila.json --name copy1901\n"
                 "  gm-tools import spring1901.mila.json --name copy1901 --site public")
    s.add_argument("file", help="the saved game (JSON), or - for standard input")
    s.add_argument("--name", help="the new game's name (default: the file's name up to its first dot; needed with -)")
    s.add_argument("--seed", type=int, help="the new game's seed, up to 15 digits (default: random, recorded)")
    _site(s)
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.interchange", "cmd_import", a))

    s = _command(sub, "map", "draw a played phase of a game",
                 "Draws the map of a processed phase as PNG (web or print size) or SVG, with all\n"
                 "orders or one power's.",
                 "  gm-tools map spring1901 F1901M --power FRA --print\n  gm-tools map spring1901 --out now.svg")
    _game(s)
    s.add_argument("phase", nargs="?", help="phase id such as F1901M (default: the last one played)")
    s.add_argument("--power", help="draw only this power's orders (code, name, or its first three letters or more: FRA)")
    s.add_argument("--print", action="store_true", help="full size for print (3600 px wide) instead of web size")
    s.add_argument("--out", help="file to write, .png or .svg (default: GAME-PHASE[-POWER].png here)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.mapcmd", "cmd_map", a))

    s = _command(sub, "site", "rebuild the static site from every game's record",
                 "Writes the pages, maps and feeds of every game; files whose content did not change\n"
                 "are left alone, so a static host uploads only what changed. A game with a damaged\n"
                 "file is left out, its pages kept (exit status 1). A fault in gm-tools' own publishing\n"
                 "code is said with the file keeping its traceback, GAMES/publish-site.txt (exit status 3).",
                 "  gm-tools site\n  gm-tools site --out /var/www/diplomacy\n  gm-tools site --site public")
    # --site as turn, rollback and end name the same folder; --out as before
    s.add_argument("--out", "--site", dest="out", default="site", metavar="DIR",
                   help="folder the site is written to, as turn's --site (default: ./site in the current folder, "
                        "also with --root: the site does not follow the games)")
    _games_root(s)
    s.set_defaults(func=lambda a: _call("gm_tools.app.sitecmd", "cmd_site", a))
    return p


def _game(s: argparse.ArgumentParser) -> None:
    s.add_argument("game", help="the game's name")


def _site(s: argparse.ArgumentParser) -> None:
    # the default stays ./site whatever --root says: moving it would move every GM's site
    s.add_argument("--site", default="site", help="folder the site is published to (default: ./site in the current "
                   "folder, also with --root: the site does not follow the games; '' publishes nothing)")


def _games_root(s: argparse.ArgumentParser) -> None:
    s.add_argument("--root", help="folder holding the games (default: $GM_TOOLS_HOME, else sheets)")


def _call(module: str, name: str, args: argparse.Namespace) -> int:
    import importlib

    return getattr(importlib.import_module(module), name)(args) or 0


def _target(filename) -> str:
    """The file a write was for: files are written beside their place under a temporary name
    ('.PHASE.html.k3j9x2ab.tmp', gm_tools/edges/game.py write_atomic), which the GM never typed."""
    import re

    temporary = re.fullmatch(r"(.*[/\\])?\.(.+)\.[A-Za-z0-9_]{8}\.tmp", str(filename), re.S)
    return f"{temporary[1] or ''}{temporary[2]}" if temporary else str(filename)


def _parse(argv: list[str] | None) -> argparse.Namespace:
    """The arguments, an option misspelt (``--optoin``) refused by its command naming the one
    meant, as a game's, variant's or power's name is; argparse alone named the top command and
    the value after it ('unrecognized arguments: --optoin g')."""
    import difflib

    parser = _build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[args.command]
        known = [o for a in sub._actions for o in a.option_strings if o.startswith("--")]
        meant = [m for u in unknown if u.startswith("--") for m in difflib.get_close_matches(u.split("=")[0], known, 1, 0.6)]
        sub.error(f"unrecognized arguments: {' '.join(unknown)}" + (f" (did you mean {' or '.join(meant)}?)" if meant else ""))
    return args


REFUSED_STATUS = 2
"""A mistake the command names, the user's or the input's (argparse's usage errors too), or a
file or folder missing or not to be written: nothing is written, the GM puts it right and runs
the command again. The scheme is written down in docs/workbook.md, "Exit statuses"."""


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    from gm_tools.app.publishfault import PublishFault

    try:
        return args.func(args)
    except PublishFault as e:  # what the command wrote stands: said as such, its traceback kept
        print(f"gm-tools: {e}", file=sys.stderr)
        return e.status
    except UserError as e:
        print(f"gm-tools: {e}", file=sys.stderr)
        return REFUSED_STATUS
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        # Ctrl-C: a turn lands all or nothing and a site build cut short is put right by the
        # next one (gm_tools/edges/journal.py, SiteWriter.begin), so a plain word is enough
        print("gm-tools: interrupted", file=sys.stderr)
        return 130
    except OSError as e:
        # A file or folder that does not exist or cannot be written (a mail, --root, --site,
        # --out): the user's to fix, so a plain message and the status of any refusal (it was
        # 1, the status of mail lines refused, which a script cannot tell from this).
        where = f"{_target(e.filename)}: " if e.filename else ""
        hint = ""
        if isinstance(e, PermissionError):
            hint = " (expected a file or folder you may write to: check its owner and mode, or the disk's)"
        elif isinstance(e, IsADirectoryError):
            hint = " (expected a file, found a folder of its name: move the folder away, then run the command again)"
        elif isinstance(e, FileNotFoundError):
            hint = " (expected a file or folder that exists: check its name, and the folder the command is run in)"
        print(f"gm-tools: {where}{e.strerror or e}{hint}", file=sys.stderr)
        return REFUSED_STATUS


if __name__ == "__main__":
    sys.exit(main())
