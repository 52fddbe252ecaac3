"""Orders read by the parser are not checked twice (bench/README.md): with ``parsed=True``
the movement adjudicator skips the checks :func:`gm_tools.engine.parser.parse_order` already made,
and must come to exactly the same outcome as when it checks every order in full. The
checks only the whole board can make (DATC 4.E.1: 6.D.31, 6.D.32, 6.G.7) are still made;
tests/test_datc.py runs every DATC case through ``run_phase``, which takes this path."""

from __future__ import annotations

import sys
from pathlib import Path

from gm_tools.engine.adjudicator import adjudicate_movement
from gm_tools.errors import OrderError
from gm_tools.app.jsonapi import parse_request
from gm_tools.engine.model import INVALID, Position, Unit
from gm_tools.engine.parser import parse_order
from gm_tools.engine.rules import rules_for
from gm_tools.edges.variants import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import randomplay  # noqa: E402  (bench/ is a folder of scripts, not a package)

V = load_variant("standard")
RULES = rules_for(V)


def _parsed(position: Position, orders: dict[str, list[str]]) -> list:
    found = []
    for power, texts in orders.items():
        for text in texts:
            try:
                found.append(parse_order(text, V, position, power, RULES))
            except OrderError:
                continue  # the parser's own refusals are test_parser's business
    return found


def _both(position: Position, orders: list):
    full = adjudicate_movement(V, position, orders, RULES, parsed=False)
    quick = adjudicate_movement(V, position, orders, RULES, parsed=True)
    return full, quick


def test_random_games_come_out_the_same_with_and_without_the_parsers_checks():
    # The bench's random games: legal orders and 3% moves to non-adjacent provinces.
    requests = randomplay.play_games(V, 1618, games=3, years=5)
    invalid = 0
    for request in requests:
        position, texts = parse_request(V, request)
        full, quick = _both(position, _parsed(position, texts))
        assert quick == full, request["phase"]
        invalid += sum(r.result == INVALID for r in full.results)
    assert invalid > 0  # some orders were refused on the board, so both ways were compared


def _board(*units: tuple[str, str, str]) -> Position:
    return Position("S1901M", {loc.split("/")[0]: Unit(power, kind, loc) for power, kind, loc in units})


def test_convoy_move_without_fleets_is_still_refused_when_parsed():
    # DATC 6.D.32 (4.E.1): "A LVP - LON" with no fleet on any route is illegal, though the
    # parser lets an army's coast-to-coast move through to the adjudicator.
    position = _board(("ENGLAND", "A", "LVP"))
    full, quick = _both(position, _parsed(position, {"ENGLAND": ["A LVP - LON"]}))
    assert quick == full
    assert quick.results[0].result == INVALID
    assert "no fleets stand on a sea route" in quick.results[0].reason


def test_convoy_no_route_can_use_is_still_refused_when_parsed():
    # DATC 6.G.7 (4.E.1): a convoy no route can use is illegal; the Black Sea links to no
    # other sea, so no route from Brest to Picardy passes it.
    position = _board(("TURKEY", "F", "BLA"), ("FRANCE", "A", "BRE"))
    full, quick = _both(position, _parsed(position, {"TURKEY": ["F BLA C A BRE - PIC"]}))
    assert quick == full
    assert quick.results[0].result == INVALID
    assert "on no sea route" in quick.results[0].reason


def test_support_of_an_empty_province_is_still_refused_when_parsed():
    # 2000 rulebook, 'Support': a support is for a unit; the parser reads "A PAR S A MAR"
    # with no unit in Marseilles, the adjudicator refuses it.
    position = _board(("FRANCE", "A", "PAR"))
    full, quick = _both(position, _parsed(position, {"FRANCE": ["A PAR S A BUR"]}))
    assert quick == full
    assert quick.results[0].result == INVALID
    assert "no unit in BUR" in quick.results[0].reason


def test_a_moved_unit_is_the_same_unit_in_its_new_place():
    # Unit.moved_to stands in for dataclasses.replace on the board after a move or a
    # retreat: every field but the place is kept (a bolstered unit keeps its strength).
    unit = Unit("FRANCE", "F", "SPA/NC", strength=3)
    from dataclasses import fields, replace

    assert unit.moved_to("MAO") == replace(unit, location="MAO")
    assert [f.name for f in fields(Unit)] == ["power", "kind", "location", "strength", "province", "label", "json"]
    assert unit.moved_to("MAO").province == "MAO"
    assert unit.moved_to("MAO").label == str(unit.moved_to("MAO")) == "F MAO"
    assert unit.moved_to("MAO").json == '{"strength":3,"unit":"F MAO"}'


def test_a_unit_read_again_is_the_one_unit_of_its_power_kind_place_and_strength():
    # model.shared_unit: a position read from a record or played on hands out one object per
    # unit (units are immutable values), whose fields are those it was asked for
    from gm_tools.engine.model import shared_unit
    from gm_tools.engine.positions import position_from_json

    data = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", {"unit": "F BRE", "strength": 2}]}, "centers": {}}
    first, again = position_from_json(data), position_from_json(data)
    assert first.units["PAR"] is again.units["PAR"] is shared_unit("FRANCE", "A", "PAR", 1)
    assert first.units["BRE"] is again.units["BRE"] and first.units["BRE"].strength == 2
    assert first.units["BRE"] is not shared_unit("FRANCE", "F", "BRE", 1)  # strength 1: another unit
    assert first.units["PAR"].moved_to("BUR") is shared_unit("FRANCE", "A", "BUR", 1)
    assert (shared_unit("FRANCE", "A", "BUR", 1).power, shared_unit("FRANCE", "A", "BUR", 1).label) == ("FRANCE", "A BUR")
