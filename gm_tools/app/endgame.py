"""``gm-tools end GAME --draw POWER...`` or ``--winner POWER --reason TEXT``: the GM ends a
game as a draw, or with a winner the GM calls.

Rulebooks end some games by agreement rather than by a rule the tool can apply: Europe
1619's 'players may agree to extend the game by one or more years to break the tie, or call
a draw' at the end of 1648, and any game whose players agree to share it; Europe 1615's
'Victory by agreement: ... players may agree to stop the game and allow the GM to call a
winner ... GM could select a winner based on number of won rounds or if there are ties for
most rounds won, then GM selects winner based on accumulated score'. The end is kept in the
game's ``end.json`` (the records stay as they are), the game takes no more turns, and the
site shows it on the game page, in the archive index and in the feed. ``--undo`` reopens
the game where it stopped.
"""

from __future__ import annotations

import os
from pathlib import Path

from gm_tools.edges.game import end_sharers, end_winner, json_text, make_folder, write_atomic
from gm_tools.edges.journal import published, unpublished
from gm_tools.errors import GameError, did_you_mean


def end_game(name: str, draw: list[str], root: str | os.PathLike | None = None,
             site_dir: str | os.PathLike | None = "site", declared: str | None = None) -> dict:
    """Record game ``name`` as drawn between ``draw`` (codes or names); returns the end."""
    return _record_end(name, root, site_dir, declared, lambda state: _draw(state, draw))


def call_winner(name: str, winner: str, reason: str, root: str | os.PathLike | None = None,
                site_dir: str | os.PathLike | None = "site", declared: str | None = None) -> dict:
    """Record game ``name`` as won by ``winner`` (a code or name), the winner the GM called
    for ``reason`` (the agreement and the GM's grounds: 'based on number of won rounds ... then
    ... accumulated score'); returns the end."""
    def won(state) -> dict:
        (code,) = _played(state, [winner], "--winner", "no share of a win")
        powers = _player(state, code, "--winner")
        # asked once the winner is known to be a player's: a misspelt power is the first fix
        if not reason.strip():
            raise GameError("--winner: say why the GM calls this winner with --reason (the players' agreement "
                            "and the GM's grounds, as the record and the site will say them)")
        # a player of several powers wins with all of them, as the rules' own victory counts
        # 'the player with most VPs' (Europe 1615 v2, '10 ALTERNATE WAYS TO PLAY')
        return {"result": "win", "winner": code, **({"powers": list(powers)} if len(powers) > 1 else {}),
                "reason": reason.strip()}

    return _record_end(name, root, site_dir, declared, won)


def _record_end(name: str, root, site_dir, declared: str | None, how) -> dict:
    """Write game ``name``'s ``end.json``: ``how(state)`` (the result and who, checked against
    the game) with the phase it ends before and when; a game over already is refused. The site
    is told, as a turn tells it, that it has something to publish."""
    from gm_tools.app.turn import locked_game, processed_now, publish_warning

    with locked_game(name, root) as state:
        state.refuse_if_over()
        end = {**how(state), "phase": state.position.phase, "declared": declared or processed_now()}
        if site_dir:
            make_folder(Path(site_dir))  # a --site through a file refused before the end is written
            unpublished(state.paths)  # killed while publishing, the next turn publishes
        write_atomic(state.paths.end_file, json_text(end).encode("utf-8"))
        if site_dir:
            publish_warning(state.paths.root, site_dir, (state.paths, state.position.phase,
                                                         "the game's end is recorded (do not end it again)"))
            published(state.paths)
    return end


def _draw(state, names: list[str]) -> dict:
    """The draw's ``powers``, as codes in the variant's order: each a played power still on the
    board (centers or units), of two players or more; where a player plays several powers, all
    of his powers share it, and ``players`` lists each player's powers once."""
    codes = _played(state, names, "--draw", "no share of a draw")
    players = list(dict.fromkeys(_player(state, code, "--draw") for code in codes))
    if len(codes) < 2:
        raise GameError("--draw: a draw is shared by two powers or more (a single power would be a win)")
    if len(players) < 2:
        mine = "/".join(players[0])
        raise GameError(f"--draw {' '.join(names)}: {', '.join(codes)} are one player's powers ({mine}), and a draw "
                        f"is shared by two players or more: one player's game is a win (--winner {codes[0]} "
                        "--reason TEXT)")
    if all(len(p) == 1 for p in players):
        return {"result": "draw", "powers": [c for c in state.variant.powers if c in codes]}
    every = {c for p in players for c in p}
    return {"result": "draw", "powers": [c for c in state.variant.powers if c in every],
            "players": [list(p) for p in players]}


def _player(state, code: str, option: str) -> tuple[str, ...]:
    """The powers of ``code``'s player; a power no player plays now is refused."""
    from gm_tools.engine.rules import rules_for

    powers = tuple(rules_for(state.variant).player_powers(state.variant, state.position, code))
    if not powers:
        raise GameError(f"{option} {code}: {code} is played by no player now (a neutral power, until it joins a "
                        f"player), so it has no share of the game's end")
    return powers


def _played(state, names: list[str], option: str, nothing: str) -> list[str]:
    """``names`` as power codes: each a played power still on the board (centers or units),
    named once: a power typed twice is refused, as the GM probably meant another one."""
    variant, position = state.variant, state.position
    codes, given = [], {}
    for name in names:
        code = variant.power_named(name)
        if code is None or not variant.powers[code].playable:
            played = [c for c, p in variant.powers.items() if p.playable]
            hint = did_you_mean(name, {w.casefold(): c for c in played for w in (c, variant.powers[c].name)})
            raise GameError(f"{option} {name!r}: expected a played power of {variant.name} ({', '.join(played)}"
                            f"{'; ' * bool(hint)}{hint})")
        # a game kept without units or centers (The Peace of Westphalia's princes, a Foreign
        # Power too, stay in the game to the end) has every played power still in it
        alive = (not position.centers and not position.units) or code in position.centers.values() \
            or any(u.power == code for u in position.units.values())
        if not alive:
            raise GameError(f"{option} {name!r}: {code} has no center and no unit left, so {nothing}")
        if code in given:
            raise GameError(f"{option} {' '.join(names)}: {given[code]!r} and {name!r} both name {code}; "
                            "name each power once (did you mean another power?)")
        given[code] = name
        codes.append(code)
    return codes


def reopen(name: str, root: str | os.PathLike | None = None, site_dir: str | os.PathLike | None = "site") -> dict:
    """Undo a draw or a winner the GM called: the game goes on from where it stopped.
    Returns the end undone."""
    from gm_tools.app.turn import locked_game, publish_warning

    with locked_game(name, root) as state:
        if state.end is None:
            raise GameError(f"game {name!r} was not ended by the GM (a draw or a winner called): nothing to undo")
        end = state.end
        if site_dir:
            make_folder(Path(site_dir))
            unpublished(state.paths)
        state.paths.end_file.unlink()
        if site_dir:
            publish_warning(state.paths.root, site_dir, (state.paths, state.position.phase,
                                                         "the game's end is undone (do not undo it again)"))
            published(state.paths)
    return end


def cmd_end(args) -> int:
    if args.undo and (args.draw or args.winner or args.reason):
        given = "--draw" if args.draw else "--winner" if args.winner else "--reason"
        raise GameError(f"end --undo: found {given} with it, expected --undo alone (it reopens the game; to end it "
                        "otherwise, undo first, then end it again)")
    if args.undo:
        end = reopen(args.game, root=args.root, site_dir=args.site)
        what = "the draw" if end["result"] == "draw" else f"{end_winner(end)}'s win"
        print(f"{args.game}: {what} is undone; the game goes on")
        return 0
    if args.draw and args.winner:
        raise GameError("end: a game ends either drawn (--draw) or won (--winner), not both")
    if not (args.draw or args.winner):
        raise GameError("end: say how the game ends: --draw POWER POWER..., or --winner POWER --reason TEXT "
                        "(or --undo)")
    if args.winner:
        end = call_winner(args.game, args.winner, args.reason or "", root=args.root, site_dir=args.site)
        print(f"{args.game}: won by {end_winner(end)}, the GM's call before {end['phase']} ({end['reason']})")
        return 0
    if args.reason:
        raise GameError("end: --reason goes with --winner (a draw needs none)")
    end = end_game(args.game, args.draw, root=args.root, site_dir=args.site)
    print(f"{args.game}: drawn between {end_sharers(end)} at {end['phase']}")
    return 0
