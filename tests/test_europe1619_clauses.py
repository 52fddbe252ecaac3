"""Four Europe 1619 clauses that were implemented without a test of their own (issue 17
item 6). Rulebook: 002_e7e1b063b6c411e5.txt; quoted words are its own."""

from __future__ import annotations

from boards import M
from europe_board import board, europe, position, rules

from gm_tools.engine.runner import run_orders
from gm_tools.systems.europe1619.adapter_rules import economy
from gm_tools.systems.europe1619.occupation import map_adjustment
from gm_tools.systems.europe1619.territory import Relations
from gm_tools.systems.europe1619.treasury import Bolster, minor_builds, run_transactions

ECONOMY = economy(europe())


def test_a_neutral_state_keeps_its_units_and_its_captures():
    # NEUTRAL: 'Neutral states can maintain units and maintain control of foreign provinces.'
    neutral = Relations.of(neutral=["HES"])
    out = map_adjustment(board(position({"HES": ["A HES", "A KAL"]}, captured={"KAL": "HES"}), neutral))
    assert {p: str(u) for p, u in out.position.units.items() if u.power == "HES"} == {"HES": "A HES", "KAL": "A KAL"}
    assert out.position.extra["europe1619"]["captured"].get("KAL") == "HES"
    assert not out.disbanded and ("KAL", "HES") not in out.reverted


def test_a_bolstered_unit_is_never_split_or_merged():
    # Bolstering: 'The unit cannot be split apart (however, its strength may be reduced by a
    # retreat), nor can it merge with others.' France's strength-3 army moves onto its own
    # army in Burgundy: the move fails and the two stay two units with their own strengths.
    p = position({"FRANCE": ["A CHA*3", "A BUR"]})
    out = run_orders(europe(), p, [M(p, "A CHA", "BUR")], rules(Relations.of()))
    units = {prov: u.strength for prov, u in out.position.units.items() if u.power == "FRANCE"}
    assert units == {"CHA": 3, "BUR": 1}
    # And it moves whole: alone, it arrives with its strength of 3, leaving nothing behind.
    p = position({"FRANCE": ["A CHA*3"]})
    out = run_orders(europe(), p, [M(p, "A CHA", "BUR")], rules(Relations.of()))
    assert {prov: u.strength for prov, u in out.position.units.items() if u.power == "FRANCE"} == {"BUR": 3}


def test_no_limit_on_how_many_bolsters_a_power_buys_for_a_minor():
    # 'There is no restriction on how many units can be purchased for the minor or the number
    # of bolsters' (a unit's own limit of 10 apart).
    rel = Relations.of(aligned={"HES": "FRANCE"})
    p = position({"HES": ["A HES"], "FRANCE": ["A PAR"]}, treasury={"FRANCE": 100})
    out = run_transactions(board(p, rel), ECONOMY, europe(), [Bolster("FRANCE", "HES")] * 5)
    assert [r.result for r in out.results[:5]] == ["succeeds"] * 5
    assert out.position.units["HES"].strength == 6


def test_a_lost_purchased_unit_must_be_bought_again():
    # 'If a purchased unit is lost (or other unit) due to combat (dislodgment/disbanding), the
    # unit would need to be re-purchased to be replaced': Hesse, one center, had a second unit
    # bought for it; with that unit gone it holds as many units as centers, so nothing is
    # built for it by itself ('A minor state will AUTOMATICALLY build if it holds more centers
    # than units').
    rel = Relations.of(aligned={"HES": "FRANCE"})
    p = position({"HES": ["A HES"]})
    # (every other minor of the position has no unit and builds its own; Hesse does not)
    assert [u for u in minor_builds(board(p, rel), p.units, {}) if u.power == "HES"] == []
    # With no unit at all it rebuilds one, for its one center, and no more.
    empty = position({})
    built = [u for u in minor_builds(board(empty, rel), empty.units, {}) if u.power == "HES"]
    assert len(built) == 1
