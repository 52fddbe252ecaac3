"""``gm-tools map``: one played phase of a game drawn to a file, for the GM to mail or print.

The same picture as the site's phase page (:func:`gm_tools.publish.site.phase_map_svg`), written as
SVG, or as PNG at web width or at full size for print; ``--power`` keeps one power's orders,
so a player can be sent a map of their own orders only.
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.errors import GameError, UserError, did_you_mean
from gm_tools.edges.game import check_game_name, games_root, write_atomic
from gm_tools.edges.png import PRINT_WIDTH, WEB_WIDTH, svg_to_png
from gm_tools.publish.render import RenderOptions
from gm_tools.engine.variant import Variant

FORMATS = (".png", ".svg")
"""File types the map is written as, told apart by the output file's suffix."""


def power_code(variant: Variant, text: str) -> str:
    """The power a user named by code, name or adjective (any case), or as ``end`` and
    ``new-game`` read one (its first three letters or more, ``FRA``, as this command's own
    example has it), or a GameError listing them."""
    wanted = text.strip().lower()
    for code, power in variant.powers.items():
        if wanted in (code.lower(), power.name.lower(), power.adjective.lower()):
            return code
    named = variant.power_named(text)
    if named is not None:
        return named
    hint = did_you_mean(wanted, {w.lower(): c for c, p in variant.powers.items() for w in (c, p.name, p.adjective)})
    raise GameError(f"--power {text!r}: no such power in {variant.title}; expected one of "
                    f"{', '.join(variant.powers)}{' (' + hint + ')' if hint else ''}")


def map_bytes(svg: str, suffix: str, for_print: bool) -> bytes:
    """The picture as the file type ``suffix`` asks for."""
    if suffix == ".svg":
        return svg.encode("utf-8")
    return svg_to_png(svg, PRINT_WIDTH if for_print else WEB_WIDTH)


def cmd_map(args) -> int:
    """``gm-tools map GAME [PHASE] [--power P] [--print] [--out FILE]``."""
    from gm_tools.publish.site import phase_map_svg
    from gm_tools.publish.sitecontext import collect_game

    game = collect_game(games_root(args.root), check_game_name(args.game))
    if not game.phases:
        raise GameError(f"game {game.name!r}: no phase has been played yet, so there is no map of one")
    played = {p.id: p for p in game.phases}
    phase_id = (args.phase or game.phases[-1].id).strip().upper()
    if phase_id not in played:
        raise GameError(f"game {game.name!r}: phase {args.phase!r} has not been played; expected one of "
                        f"{', '.join(played)}")
    power = power_code(game.variant, args.power) if args.power else None
    out = Path(args.out or f"{game.name}-{phase_id}{'-' + power if power else ''}.png")
    if out.suffix.lower() not in FORMATS:
        raise UserError(f"--out {out}: expected a file name ending in {' or '.join(FORMATS)}")
    if args.print and out.suffix.lower() != ".png":
        raise UserError(f"--print sets the size of a PNG; {out} is an SVG, which has no pixel size")
    svg = phase_map_svg(game, played[phase_id], RenderOptions(), only_power=power)
    write_atomic(out, map_bytes(svg, out.suffix.lower(), args.print))
    size = f"{PRINT_WIDTH if args.print else WEB_WIDTH} px wide" if out.suffix.lower() == ".png" else "SVG"
    print(f"map: wrote {out} ({game.name} {phase_id}, {size}{', ' + power + ' orders only' if power else ''})")
    return 0
