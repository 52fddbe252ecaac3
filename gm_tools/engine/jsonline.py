"""The JSON interface's response line written by hand: for each value, the bytes the line
encoder (``LINE_ENCODER``: compact, keys sorted, ASCII) writes for its JSON form
(:func:`~gm_tools.engine.results.result_json`, :func:`~gm_tools.engine.orderjson.order_to_json`,
:func:`~gm_tools.engine.positions.position_to_json`), byte for byte
(tests/test_jsonline.py compares them on every kind of order, reason and position).

Why by hand: a response is mostly small objects (each result, its order, its reasons), and
the json module takes about five times as long to encode a dict of four strings as an
f-string takes to write it. So each object's keys are written here in their sorted order,
and strings go through the encoder's own escaping function (:func:`json_string`). Anything
of another shape (a variant's state in ``extra``, a detail that is not a string, number
or list of them) is handed to the encoder itself.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as json_string
from operator import attrgetter

from gm_tools.engine.model import Convoy, Hold, Move, Order, OrderResult, Position, Support
from gm_tools.engine.results import reasons_of

LINE_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""Compact, key-sorted JSON: the JSON interface's lines (``--jsonl``). Made once: ``json.dumps``
with options makes a new encoder at every call."""


def json_line(value) -> str:
    """Any JSON-able value as :data:`LINE_ENCODER` writes it."""
    return LINE_ENCODER.encode(value)


def _value(value) -> str:
    """A detail of a reason: a string, a whole number, or a list of strings, written here;
    anything else by the encoder."""
    if type(value) is str:
        return json_string(value)
    if type(value) is int:
        return int.__repr__(value)
    if type(value) in (list, tuple) and all(type(x) is str for x in value):
        return "[" + ",".join(map(json_string, value)) + "]"
    return json_line(value)


def order_line(order: Order) -> str:
    """:func:`~gm_tools.engine.orderjson.order_to_json` written: the orders of a movement
    phase here, every field in sorted order and those at their default left out; the others
    (a retreat, a build), far fewer, by the encoder."""
    cls = type(order)
    if cls is Hold:
        return f'{{"power":{json_string(order.power)},"type":"hold","unit":{order.unit.json}}}'
    if cls is Move:
        route = f'"convoy_route":{_value(order.convoy_route)},' if order.convoy_route else ""
        via = ',"via_convoy":true' if order.via_convoy else ""
        return (f'{{{route}"dest":{json_string(order.dest)},"power":{json_string(order.power)},'
                f'"type":"move","unit":{order.unit.json}{via}}}')
    if cls is Support:
        dest = "" if order.dest is None else f'"dest":{json_string(order.dest)},'
        coast = "" if order.dest_coast is None else f'"dest_coast":{json_string(order.dest_coast)},'
        kind = "" if order.supported_kind is None else f',"supported_kind":{json_string(order.supported_kind)}'
        return (f'{{{dest}{coast}"power":{json_string(order.power)},"supported":{json_string(order.supported)}'
                f'{kind},"type":"support","unit":{order.unit.json}}}')
    if cls is Convoy:
        return (f'{{"army_from":{json_string(order.army_from)},"army_to":{json_string(order.army_to)},'
                f'"power":{json_string(order.power)},"type":"convoy","unit":{order.unit.json}}}')
    from gm_tools.engine.orderjson import order_to_json  # orderjson reads positions, built on model

    return json_line(order_to_json(order))


def reason_line(reason) -> str:
    """A :class:`~gm_tools.engine.results.Reason`'s ``to_json()`` written."""
    details = reason.details
    if not details:
        return f'{{"code":{json_string(reason.code)}}}'
    if "code" in details:  # its own "code" would stand in for the reason's: the encoder's way
        return json_line(reason.to_json())
    items = sorted([("code", reason.code), *details.items()])
    return "{" + ",".join([f"{json_string(k)}:{_value(v)}" for k, v in items]) + "}"


def result_line(r: OrderResult) -> str:
    """:func:`~gm_tools.engine.results.result_json` written."""
    # As result_json: a result made with words alone has reasons_of's note as its codes.
    reasons = r.reasons if r.reasons or not r.reason else reasons_of(r)
    codes = "[" + ",".join(map(reason_line, reasons)) + "]" if reasons else "[]"
    parsed = "null" if r.parsed is None else order_line(r.parsed)
    return (f'{{"codes":{codes},"dislodged":{"true" if r.dislodged else "false"},'
            f'"order":{json_string(r.order)},"parsed":{parsed},"power":{json_string(r.power)},'
            f'"reason":{json_string(r.reason)},"result":{json_string(r.result)}}}')


def _grouped(by_power: dict[str, list[str]]) -> str:
    """An object of power -> list, from each power's written items in their order; the
    powers sorted."""
    return "{" + ",".join([f'{json_string(p)}:[{",".join(by_power[p])}]' for p in sorted(by_power)]) + "}"


def _dislodged_line(d) -> str:
    return (f'{{"from":{"null" if d.attacker_from is None else json_string(d.attacker_from)},'
            f'"retreats":{_value(sorted(d.retreats))}'
            + ("" if d.unit.strength == 1 else f',"strength":{json_line(d.unit.strength)}')
            + f',"unit":{json_string(d.unit.label)}}}')


def position_lines(position: Position) -> dict[str, str]:
    """:func:`~gm_tools.engine.positions.position_to_json` written: its key -> the value's JSON."""
    # Each power's list in order of its units' labels (of the provinces for centers):
    # items are gathered by power in that order, in plain loops (a response's most
    # repeated work after its results).
    units: dict[str, list[str]] = {}
    for u in sorted(position.units.values(), key=attrgetter("label")):
        if u.power in units:
            units[u.power].append(u.json)
        else:
            units[u.power] = [u.json]
    centers: dict[str, list[str]] = {}
    for province in sorted(position.centers):
        owner = position.centers[province]
        if owner in centers:
            centers[owner].append(json_string(province))
        else:
            centers[owner] = [json_string(province)]
    dislodged: dict[str, list[str]] = {}
    for d in sorted(position.dislodged.values(), key=lambda d: d.unit.label):
        dislodged.setdefault(d.unit.power, []).append(_dislodged_line(d))
    return {
        "phase": json_string(position.phase),
        "units": _grouped(units),
        "centers": _grouped(centers),
        "dislodged": _grouped(dislodged),
        "contested": _value(sorted(position.contested)),
        "extra": json_line(position.extra) if position.extra else "{}",
    }
