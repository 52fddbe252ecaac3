"""The interim ``make turn``: play the shipped 1901 demo on the standard map.

Until the GM workflow (games kept as workbooks) lands, ``gm-tools turn`` with no GAME runs
the demo orders of ``docs/examples/`` through the engine, phase by phase, and prints the
results the way a judge reports them. The first file is a complete JSON-interface request
(it doubles as the example of ``docs/json-interface.md``); the second lists the orders of
the phases after it. It reads only files shipped in the repository, so it works on a fresh
clone.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import UserError
from .jsonapi import handle_request
from .phase import phase_title
from .variant import Variant
from .variants import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
FIRST_REQUEST = EXAMPLES / "demo-s1901.json"
LATER_ORDERS = EXAMPLES / "demo-1901-later.json"
"""A list of ``{"phase": ..., "orders": {...}}``: the orders of each phase after the first."""


def cmd_turn(args) -> int:
    """``gm-tools turn [GAME]``."""
    if args.game:
        raise UserError(
            f"game {args.game!r}: processing games is not supported yet; "
            "run `make turn` without GAME to play the 1901 demo"
        )
    print(play_demo(load_variant("standard")), end="")
    return 0


def play_demo(variant: Variant) -> str:
    """Run the demo phases and return the report text."""
    request = _read(FIRST_REQUEST)
    later = {step["phase"]: step["orders"] for step in _read(LATER_ORDERS)}
    out = [f"Demo game on {variant.title}: orders from docs/examples/{FIRST_REQUEST.name} "
           f"and {LATER_ORDERS.name}\n"]
    while True:
        response = handle_request(variant, request)
        out.append(phase_report(variant, response))
        following = response["next_phase"]
        if following not in later:
            break
        # The next request is the response's board with the next phase's orders; the
        # response's dislodged units carry their retreats, which the request reads back.
        request = {key: response[key] for key in ("units", "centers", "dislodged", "contested")}
        request["phase"] = following
        request["orders"] = later[following]
        if not following.endswith("R"):
            request.pop("dislodged")
            request.pop("contested")
    out.append(board_report(variant, response))
    return "\n".join(out)


def phase_report(variant: Variant, response: dict) -> str:
    """One phase's results, grouped by power, as a judge prints them."""
    title = f"{phase_title(variant.calendar, response['phase'])} ({response['phase']})"
    lines = [title, "-" * len(title)]
    width = max((len(r["order"]) for r in response["results"]), default=0)
    power = None
    for r in response["results"]:
        if r["power"] != power:
            power = r["power"]
            lines.append(f"{_power_name(variant, power)}:")
        note = f"  ({r['reason']})" if r["reason"] else ""
        flag = ", dislodged" if r.get("dislodged") else ""
        lines.append(f"  {r['order']:<{width}}  {r['result']}{flag}{note}")
    for power, entries in sorted(response["dislodged"].items()):
        for d in entries:
            came = f" from {d['from']}" if d["from"] else " by convoy"
            where = ", ".join(d["retreats"]) or "nowhere (it will be disbanded)"
            lines.append(f"Dislodged: {_power_name(variant, power)} {d['unit']} (attacked{came}); may retreat to {where}")
    if response["contested"]:
        lines.append(f"Standoffs left empty: {', '.join(response['contested'])}")
    lines.append(f"Next: {phase_title(variant.calendar, response['next_phase'])}\n")
    return "\n".join(lines)


def board_report(variant: Variant, response: dict) -> str:
    """Units and supply centers of each power after the last phase."""
    lines = [f"Position at {phase_title(variant.calendar, response['next_phase'])}", ""]
    for power in variant.powers:
        units = [u if isinstance(u, str) else f"{u['unit']}*{u['strength']}" for u in response["units"].get(power, [])]
        centers = response["centers"].get(power, [])
        lines.append(f"{_power_name(variant, power):<10} {len(centers):>2} centers: {' '.join(centers)}")
        lines.append(f"{'':<10} {len(units):>2} units:   {', '.join(units)}")
    return "\n".join(lines) + "\n"


def _power_name(variant: Variant, code: str) -> str:
    power = variant.powers.get(code)
    return power.name if power else code


def _read(path: Path):
    try:
        with path.open(encoding="utf-8") as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise UserError(f"demo file {path}: cannot be read ({e})") from None
