"""``gm-tools end GAME --draw POWER...``: the GM ends a game as a draw.

Rulebooks end some games by agreement rather than by a rule the tool can apply: Europe
1619's 'players may agree to extend the game by one or more years to break the tie, or call
a draw' at the end of 1648, and any game whose players agree to share it. The draw is kept
in the game's ``end.json`` (the records stay as they are), the game takes no more turns,
and the site shows it on the game page, in the archive index and in the feed.
``--undo`` reopens the game where it stopped.
"""

from __future__ import annotations

import os
from pathlib import Path

from gm_tools.edges.game import json_text, write_atomic
from gm_tools.errors import GameError


def end_game(name: str, draw: list[str], root: str | os.PathLike | None = None,
             site_dir: str | os.PathLike | None = "site", declared: str | None = None) -> dict:
    """Record game ``name`` as drawn between ``draw`` (codes or names); returns the end."""
    from gm_tools.app.turn import locked_game, processed_now, publish_warning

    with locked_game(name, root) as state:
        state.refuse_if_over()
        powers = _powers(state, draw)
        end = {"result": "draw", "powers": powers, "phase": state.position.phase,
               "declared": declared or processed_now()}
        write_atomic(state.paths.end_file, json_text(end).encode("utf-8"))
        if site_dir:
            Path(site_dir).mkdir(parents=True, exist_ok=True)
            publish_warning(state.paths.root, site_dir)
    return end


def _powers(state, names: list[str]) -> list[str]:
    """The powers of a draw, as codes in the variant's order: each a played power still on
    the board (centers or units), at least two."""
    variant, position = state.variant, state.position
    codes = []
    for name in names:
        code = variant.power_named(name)
        if code is None or not variant.powers[code].playable:
            played = ", ".join(c for c, p in variant.powers.items() if p.playable)
            raise GameError(f"--draw {name!r}: expected a played power of {variant.name} ({played})")
        alive = code in position.centers.values() or any(u.power == code for u in position.units.values())
        if not alive:
            raise GameError(f"--draw {name!r}: {code} has no center and no unit left, so no share of a draw")
        if code not in codes:
            codes.append(code)
    if len(codes) < 2:
        raise GameError("--draw: a draw is shared by two powers or more (a single power would be a win)")
    return [c for c in variant.powers if c in codes]


def reopen(name: str, root: str | os.PathLike | None = None, site_dir: str | os.PathLike | None = "site") -> None:
    """Undo a draw: the game goes on from where it stopped."""
    from gm_tools.app.turn import locked_game, publish_warning

    with locked_game(name, root) as state:
        if state.end is None:
            raise GameError(f"game {name!r} was not ended by a draw: nothing to undo")
        state.paths.end_file.unlink()
        if site_dir:
            publish_warning(state.paths.root, site_dir)


def cmd_end(args) -> int:
    if args.undo:
        reopen(args.game, root=args.root, site_dir=args.site)
        print(f"{args.game}: the draw is undone; the game goes on")
        return 0
    if not args.draw:
        raise GameError("end: say how the game ends: --draw POWER POWER... (or --undo)")
    end = end_game(args.game, args.draw, root=args.root, site_dir=args.site)
    print(f"{args.game}: drawn between {', '.join(end['powers'])} at {end['phase']}")
    return 0
