"""The JSON interface's line written by hand (gm_tools/engine/jsonline.py) is, byte for byte,
what the line encoder writes for the response dict: ``answer_line(v, r) == dumps_line(
handle_request(v, r))`` for random games' every phase, the documentation's examples and the
variants' own state, and each piece (order, reason, position) on its own for every shape."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

from gm_tools.app.jsonapi import answer_line, dumps_line, handle_request
from gm_tools.edges.variants import load_variant
from gm_tools.engine.jsonline import json_line, order_line, position_lines, reason_line, result_line
from gm_tools.engine.model import (
    Build, Convoy, Disband, Dislodged, Hold, Move, OrderResult, Position, Retreat, Support, Unit, Waive,
)
from gm_tools.engine.orderjson import order_to_json
from gm_tools.engine.positions import position_to_json
from gm_tools.engine.results import TEMPLATES, Reason, result_json, result_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import randomplay  # noqa: E402  (bench/ is a folder of scripts, not a package)

ROOT = Path(__file__).resolve().parent.parent
V = load_variant("standard")


def _same(variant, request) -> None:
    assert answer_line(variant, copy.deepcopy(request)) == dumps_line(handle_request(variant, request))


def test_every_phase_of_random_games_is_written_as_the_encoder_writes_it():
    # The bench's random games, with their retreats and adjustments as well as movements.
    rng = random.Random("jsonline")
    seen = set()
    for _ in range(2):
        board = {"phase": "S1901M", "units": {}, "centers": {}}
        for unit in V.start_units:
            board["units"].setdefault(unit.power, []).append(unit.label)
        for province, owner in sorted(V.start_centers.items()):
            board["centers"].setdefault(owner, []).append(province)
        while int(board["phase"][1:-1]) <= 1905:
            kind = board["phase"][-1]
            if kind == "M":
                orders = randomplay.movement_orders(V, rng, board["units"])
            elif kind == "R":
                orders = randomplay.retreat_orders(rng, board["dislodged"])
            else:
                orders = randomplay.adjustment_orders(V, rng, board["units"], board["centers"])
            request = dict(board, orders=orders)
            _same(V, request)
            seen.add(kind)
            response = handle_request(V, request)
            board = {key: response[key] for key in ("units", "centers", "dislodged", "contested")}
            board["phase"] = response["next_phase"]
    assert seen == {"M", "R", "A"}


@pytest.mark.parametrize("name", ["demo-s1901.json", "dislodge-f1901.json", "retreat-f1901.json"])
def test_the_documented_examples(name):
    _same(V, json.loads((ROOT / "docs" / "examples" / name).read_text(encoding="utf-8")))


def test_orders_as_written_with_quotes_and_other_alphabets_are_escaped_as_the_encoder_does():
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"]},
               "orders": {"FRANCE": ["A PAR → BUR", 'F BRE "H"', "A PAR \\ PIC", "A PAR - Zürich\t"]}}
    _same(V, request)


def test_a_bolstered_unit_and_a_variants_state_and_draws():
    """Strengths (Europe 1619), ``extra`` and Centenary's Automatic Fealty, drawn and due."""
    from gm_tools.app.turn import start_position

    for name, seed in (("centenary", None), ("centenary", 1), ("europe1619", None)):
        variant = load_variant(name)
        start = position_to_json(start_position(variant))
        phase = start["phase"]
        if not phase.endswith("M"):
            phase = next(f"{s}{phase[1:-1]}{t}" for s, t in variant.calendar.phases if t == "M")
        request = {"phase": phase, "units": start["units"], "centers": start["centers"],
                   "extra": start["extra"], "orders": {}}
        if name == "centenary":
            request["orders"] = {"EMPIRE": ["A VIE - BOH", "A BUP S A VIE - BOH", "A BAV S A VIE - BOH"]}
        if seed is not None:
            request["seed"] = seed
        _same(variant, request)


PAR = Unit("FRANCE", "A", "PAR")
ORDERS = [
    Hold("FRANCE", PAR), Hold("FRANCE", Unit("FRANCE", "A", "PAR", 3)),
    Move("FRANCE", PAR, "BUR"), Move("FRANCE", PAR, "BUR", True), Move("FRANCE", Unit("FRANCE", "A", "BRE"), "NWY", True, ("MAO", "NAO")),
    Move("FRANCE", Unit("FRANCE", "F", "MAO"), "SPA/NC"),
    Support("FRANCE", PAR, "BUR"), Support("FRANCE", PAR, "BUR", None, "A"),
    Support("FRANCE", PAR, "BUR", "PIC", "A"), Support("FRANCE", PAR, "BUR", "PIC"),
    Support("FRANCE", Unit("FRANCE", "F", "MAO"), "GAS", "SPA", "F", "NC"),
    Convoy("FRANCE", Unit("FRANCE", "F", "ENG"), "BRE", "LON"),
    Retreat("FRANCE", PAR, "GAS"), Disband("FRANCE", PAR), Build("FRANCE", "F", "STP/NC"), Waive("FRANCE"),
]


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: f"{type(o).__name__}-{o}")
def test_each_kind_of_order(order):
    assert order_line(order) == json_line(order_to_json(order))


def test_each_reason_and_a_result_of_each_shape():
    reasons = [Reason(code, {}) for code in TEMPLATES] + [
        Reason("bounced", {"attack": 1, "strength": 2, "unit": "A MUN"}),
        Reason("cut", {"units": ["A MUN", "F KIE"]}),
        Reason("several_orders", {"unit": "A PAR", "count": 2, "consequence": "it holds"}),
        Reason("illegal", {"text": 'no "unit" in Zürich'}),
        Reason("note", {"text": "a list", "values": [1, "two", None], "more": {"b": 1, "a": True}}),
    ]
    for reason in reasons:
        assert reason_line(reason) == json_line(reason.to_json())
    results = [
        result_of("FRANCE", "A PAR H", "succeeds", parsed=ORDERS[0]),
        result_of("FRANCE", "A PAR - BUR", "fails", reasons[-5:], dislodged=True, parsed=ORDERS[2]),
        OrderResult("FRANCE", "A PAR H", "invalid", "in words alone"),
        OrderResult("FRANCE", "A PAR H", "succeeds", "in words alone", parsed=ORDERS[0]),
    ]
    for result in results:
        assert result_line(result) == json_line(result_json(result))


def test_positions_of_each_shape():
    units = {"PAR": Unit("FRANCE", "A", "PAR"), "MUN": Unit("GERMANY", "A", "MUN", 2), "KIE": Unit("GERMANY", "F", "KIE")}
    position = Position(
        "F1901R", units, {"PAR": "FRANCE", "BER": "GERMANY", "KIE": "GERMANY"},
        {"BUR": Dislodged(Unit("GERMANY", "A", "BUR"), "PAR", ("MUN", "RUH")),
         "SPA": Dislodged(Unit("FRANCE", "F", "SPA/NC", 3), None, ())},
        frozenset({"PIC", "GAS"}), {"centenary": {"fealty": {"VENICE": "EMPIRE"}}, "a": [1, 2]},
    )
    for p in (position, Position("S1901M")):
        written = position_lines(p)
        assert written == {key: json_line(value) for key, value in position_to_json(p).items()}
