"""``gm-tools export GAME --mila`` and ``gm-tools import FILE``: standard games to and from
MILA ``diplomacy``'s saved-game format (:mod:`gm_tools.edges.mila`).

An import plays the saved game again through the GM's own pipeline, phase by phase: each
phase's orders are typed into the new game's workbook and the turn is processed, exactly as
if the GM had received them, and the board after each turn must be the board the saved game
has next, or the import stops (the saved game was adjudicated by other rules). The game is
built in a scratch folder beside the games and moved into place only when every phase has
played, so a refused import leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from gm_tools.edges.game import (check_game_name, game_paths, games_root, json_text, make_folder, read_json,
                                 refuse_taken_name, write_atomic)
from gm_tools.edges.mila import (MilaFormatError, orders_of, position_from_mila, press_of, processed_of,
                                  read_saved_game, to_mila)
from gm_tools.edges.workbook_fill import place_orders, set_cells
from gm_tools.engine.adjustments import adjustment_counts
from gm_tools.engine.phase import ADJUSTMENT, parse_phase
from gm_tools.engine.positions import position_from_json
from gm_tools.errors import GameError


def export_mila(name: str, root: str | os.PathLike | None = None) -> dict:
    """Game ``name`` as a MILA saved game."""
    from gm_tools.app.turn import load_state

    state = load_state(name, root)
    builds = []
    for record in state.history:
        before = position_from_json(record["before"])
        adjusting = parse_phase(record["phase"]).type == ADJUSTMENT
        builds.append(adjustment_counts(state.variant, before) if adjusting else {})
    last = state.history[-1] if state.history else None
    if last is not None and last["next_phase"] is None:
        # Won by the rules: MILA names a finished game's last board COMPLETED, and without it
        # an import would stop before the winning phase (it plays every phase but the last).
        current = {**last["after"], "phase": "COMPLETED"}
    else:
        current = record_position(state.position)
    return to_mila(state.variant, name, state.history, current, builds)


def record_position(position) -> dict:
    from gm_tools.engine.positions import position_to_json

    return position_to_json(position)


def _board(position) -> tuple[dict, dict]:
    units = sorted((u.power, u.label) for u in position.units.values())
    dislodged = sorted((d.unit.power, d.unit.label) for d in position.dislodged.values())
    return {"units": units, "dislodged": dislodged}, dict(sorted(position.centers.items()))


def _differences(ours, theirs) -> str:
    """Where two boards differ, as ``: found A PIC (FRANCE) here, expected A BUR (FRANCE)``: the
    units, dislodged units and centers of one and not the other, so the GM sees which order
    the two adjudicators took differently."""
    (mine, centers), (saved, their_centers) = _board(ours), _board(theirs)
    found = [f"{label} ({power})" for kind in ("units", "dislodged") for power, label in mine[kind]
             if (power, label) not in saved[kind]]
    wanted = [f"{label} ({power})" for kind in ("units", "dislodged") for power, label in saved[kind]
              if (power, label) not in mine[kind]]
    found += [f"{c} owned by {p}" for c, p in centers.items() if their_centers.get(c) != p]
    wanted += [f"{c} owned by {p}" for c, p in their_centers.items() if centers.get(c) != p]
    if not found and not wanted:
        return ""
    return f": found {', '.join(found) or 'nothing more'} here, expected {', '.join(wanted) or 'nothing more'}"


def import_mila(data: bytes, name: str, root: str | os.PathLike | None = None, seed: int | None = None,
                warnings: list[str] | None = None, pictures: list[str] | None = None) -> list[str]:
    """Start game ``name`` from a MILA saved game; returns the turn reports, one per phase. Each
    message left out as unreadable is added to ``warnings``, each press picture shown as its
    words to ``pictures``."""
    from gm_tools.app.turn import load_state, new_game, run_turn, start_position
    from gm_tools.edges.journal import clear_leftovers, land_game, scratch_folder
    from gm_tools.edges.variants import load_variant

    try:
        saved = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise MilaFormatError(f"saved game: not JSON ({e})") from None
    phases = read_saved_game(saved)
    variant = load_variant("standard")
    final = game_paths(name, root)
    if final.workbook.exists() or final.folder.exists():
        raise GameError(f"game {name!r} exists already ({final.folder}): choose another name with --name")
    refuse_taken_name(final)
    first = position_from_mila(variant, phases[0], "phases[0]")
    if first.phase != variant.calendar.first_phase or _board(first) != _board(start_position(variant)):
        raise MilaFormatError(f"phases[0] ({first.phase}): the saved game does not start from the standard "
                              "opening of Spring 1901, the only start this tool's games have")
    games = games_root(root)
    clear_leftovers(games)  # an import killed before left its scratch folder
    with scratch_folder(games, name) as scratch:
        paths = new_game("standard", name, root=scratch, seed=seed)
        reports, undated = [], []
        for i, phase in enumerate(phases[:-1]):
            where = f"phases[{i}] ({phase.get('name')})"
            state = load_state(name, scratch)
            if phase.get("name") != state.position.phase:
                raise MilaFormatError(f"{where}: the game is at {state.position.phase} here, expected the saved "
                                      "game's phases to follow the 2000 rulebook's calendar")
            orders = orders_of(variant, phase, where)
            processed = processed_of(phase, where)
            if processed is None:
                undated.append(state.position.phase)
            workbook = paths.workbook.read_bytes()
            if orders:
                workbook, _ = place_orders(workbook, orders, replace=True, where=f"{where} orders")
            press = _without_pictures(press_of(phase, where, warnings), paths.folder, where, pictures)
            if press:
                workbook = set_cells(workbook, {f"Press!A{n}": line for n, line in enumerate(press.split("\n"), start=2)})
            paths.workbook.write_bytes(workbook)
            report = run_turn(name, root=scratch, lenient=True, force=True, site_dir=None, processed=processed)
            reports.append(report.text())
            after = load_state(name, scratch).position
            expected = position_from_mila(variant, phases[i + 1], f"phases[{i + 1}]")
            # A finished game's last phase is MILA's COMPLETED: only its board is compared.
            same_phase = expected.phase == "COMPLETED" or after.phase == expected.phase
            if not same_phase and _board(after) == _board(expected):
                raise MilaFormatError(f"phases[{i + 1}].name: found {expected.phase!r}, expected {after.phase!r}, the "
                                      f"phase after {phase.get('name')} in the rulebook's calendar; nothing imported")
            if not same_phase or _board(after) != _board(expected):
                raise MilaFormatError(f"{where}: adjudicated here, the board after it is not the saved game's "
                                      f"{expected.phase}{_differences(after, expected)} (the saved game followed "
                                      "other rules?); nothing imported")
        for played in undated:
            _dated_by_import(paths.record_file(played))
        land_game(paths, final)
        return reports


def _dated_by_import(file: Path) -> None:
    """Mark a record the saved game gave no time: its ``processed`` is the import's minute, not
    the play's, so ``gm-tools orders`` holds no mail late against it and an export says no
    time for it again (docs/interchange.md). Rewritten in the scratch folder, before the game
    lands: no reader has seen the record without its mark."""
    record = read_json(file)
    record["dated_by"] = "import"
    write_atomic(file, json_text(record).encode("utf-8"))


_PICTURE = re.compile(r"!\[([^\]]*)\]\(\s*<?([^\s)>]*)>?[^)]*\)")
"""An inline markdown picture, ``![words](address "title")``: its words and its address."""


def _without_pictures(press: str, folder: Path, where: str, said: list[str] | None) -> str:
    """The press with each picture as its words, as the site shows a picture it cannot: a saved
    game carries the press's text, never a picture's file, and the turn refuses a picture with
    no file (or from another host). A line the turn would still refuse (a picture by reference)
    is left out."""
    from gm_tools.edges.pressimages import press_problems, remote_address

    def words(m: re.Match) -> str:
        why = ("from another host, which the press does not show" if remote_address(m.group(2))
               else "whose file a saved game does not carry")
        _warn_of(said, f"{where} press: found the picture {m.group(2)!r}, {why}; its words kept, {m.group(1)!r}")
        return m.group(1)

    lines = [_PICTURE.sub(words, line) for line in press.split("\n")]
    for at, found, _ in press_problems(lines, folder / "pictures"):
        if at is None:  # an address no one line holds: the press cannot be kept without it
            _warn_of(said, f"{where} press: found {found}; the phase's press left out")
            return ""
        lines[at] = ""
        _warn_of(said, f"{where} press: found {found}; its line left out")
    return "\n".join(lines)


def _warn_of(said: list[str] | None, text: str) -> None:
    if said is not None:
        said.append(text)


def _refuse_games_own(out: Path, paths) -> None:
    """--out naming the game's workbook or a file of its record (``--out sheets/g.xlsx``) would
    put the saved game in its place: the GM's workbook or history lost to a slip."""
    target = out.resolve()
    if target == paths.workbook.resolve() or paths.folder.resolve() in target.parents:
        raise GameError(f"--out {out}: found a file of the game itself (its workbook or record), expected a file "
                        f"of the saved game's own (e.g. --out {paths.name}.mila.json); nothing written")


def _phases(count: int) -> str:
    return f"{count} phase" + ("" if count == 1 else "s")


def cmd_export(args) -> int:
    if not args.mila:
        raise GameError("export: say which format, --mila (the only one so far)")
    saved = export_mila(args.game, root=args.root)
    text = json.dumps(saved, sort_keys=True, ensure_ascii=False) + "\n"
    if args.out and args.out != "-":
        _refuse_games_own(Path(args.out), game_paths(args.game, args.root))
        write_atomic(Path(args.out), text.encode("utf-8"))
        played = len(saved["phases"]) - 1  # MILA's saved game ends with the phase awaiting orders
        print(f"wrote {args.out}: {_phases(played)} of {args.game} played, and the phase awaiting orders")
    else:
        sys.stdout.write(text)
    return 0


def _name_from_file(file: str) -> str:
    """The new game's name when --name is not given: the file's, up to its first dot."""
    if file == "-":
        raise GameError("import -: a saved game read from standard input has no file name to name the game by; "
                        "expected --name NAME")
    name = Path(file).name.split(".")[0]
    try:
        return check_game_name(name)
    except GameError:
        raise GameError(f"import {file}: found {name!r} as the game's name (the file's, up to its first dot), "
                        "expected letters a to z, digits, '-' or '_' (at most 64, starting with a letter or digit): "
                        "name the game with --name NAME") from None


def _refuse_through_a_file(folder: Path) -> None:
    """A GameError when a file stands at ``folder`` or on its way (as :func:`make_folder` says
    it), the folder itself not made."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                make_folder(folder)  # says so in its words
            return


def cmd_import(args) -> int:
    name = args.name or _name_from_file(args.file)
    data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    from gm_tools.app.turn import load_state, publish

    if args.site:
        # A --site through a file is refused before the import, as a turn refuses it before
        # recording: the GM is not left with a game imported and a folder to put right. Only
        # looked at: an import refused later leaves no empty site folder behind.
        _refuse_through_a_file(Path(args.site))
    warnings: list[str] = []
    pictures: list[str] = []
    reports = import_mila(data, name, root=args.root, seed=args.seed, warnings=warnings, pictures=pictures)
    paths = game_paths(name, args.root)
    state = load_state(name, args.root)
    now = f"the game is over: {state.over_text()}" if state.finished else "the game is ready for its next phase"
    print(f"imported {_phases(len(reports))} into {paths.workbook}; {now}")
    if warnings:
        print(f"warning: {len(warnings)} message(s) of the saved game could not be read and were left out of the press:")
        print("\n".join(f"  {w}" for w in warnings))
    if pictures:
        print(f"warning: {len(pictures)} picture(s) of the press imported as their words:")
        print("\n".join(f"  {w}" for w in pictures))
    if not args.site:
        return 0
    from gm_tools.app.publishfault import guarded
    from gm_tools.edges.journal import published

    # the game stands imported whatever publishing meets: said so, lest the GM import it again
    # (refused: the name is taken), with status 1 for a site not written, 3 for a fault of ours
    done = (paths, state.position.phase, f"{name} is imported (do not import it again)")
    site_warnings = guarded(done, args.site, lambda: publish(paths.root, args.site, maps_beside=True))

    published(paths)  # the imported turns' mark that the site is yet to show them
    print(f"site published to {args.site}/")
    print("".join(f"warning: {w}\n" for w in site_warnings), end="")
    return 0
