"""``gm-tools new-game``: the command line's --player and --option read, then the game made
by :func:`gm_tools.app.turn.new_game`."""

from __future__ import annotations

import shlex

from gm_tools.app.turn import load_state, new_game
from gm_tools.edges.layout import title_of
from gm_tools.errors import GameError


def _option_value(text: str):
    """``true``/``false`` as booleans, whole numbers as ints, anything else as text."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def cmd_new_game(args) -> int:
    players = {}
    for item in args.player or []:
        power, equals, player = item.partition("=")
        if not equals or not power.strip():
            raise GameError(f"--player {item!r}: expected POWER=NAME, e.g. --player FRANCE=Ann")
        key = power.strip().upper()
        if key in players:
            raise GameError(f"--player {item!r}: found {power.strip()}'s player named twice, expected each power "
                            "once (one player may play two powers: name each power once)")
        if "@" in player:  # the record keeps it and the site publishes it for good
            raise GameError(f"--player {item!r}: found an e-mail address, expected the player's name alone "
                            "(the site publishes it: an e-mail address goes on the workbook's Addresses sheet, never published)")
        players[key] = player.strip()
    options = {}
    for item in args.option or []:
        key, equals, text = item.partition("=")
        if not equals or not key.strip():
            raise GameError(f"--option {item!r}: expected NAME=VALUE, e.g. --option diplomatic_attacks=false")
        if key.strip() in options:
            raise GameError(f"--option {item!r}: found option {key.strip()} chosen twice, expected each option once")
        options[key.strip()] = _option_value(text.strip())
    paths = new_game(args.variant, args.name, root=args.root, seed=args.seed, players=players,
                     player_count=args.players, options=options)
    print(f"created {paths.workbook} and {paths.game_json}")
    print(next_steps(args.name, args.root))
    return 0


def next_steps(name: str, root) -> str:
    """What a GM does next with a game just made, the commands written out as he would type
    them: a newcomer was told only the files made, not the first phase nor the commands
    (a Europe 1615 game opens on a phase that takes no one's entries and is played at once)."""
    state = load_state(name, root)
    phase = state.position.phase
    game = shlex.quote(name) + (f" --root {shlex.quote(str(root))}" if root else "")
    # the names given with --player for every power are on the Game sheet already
    named = all(state.info.players.get(p) for p in state.variant.powers)
    return (f"  first phase: {phase} ({title_of(state.variant, phase)}); next"
            + (":\n" if named else ", the players' names typed on the Game sheet, then:\n") +
            f"  gm-tools status {game}      # what the phase waits for\n"
            f"  gm-tools orders {game} MAIL...   # players' mails typed into the workbook\n"
            f"  gm-tools turn {game}        # check, adjudicate, write back, publish")
