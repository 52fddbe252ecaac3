"""Automatic Fealty and a neutral conquered in the Fall of the draw.

Rulebook: Centenary, William Preston, Vienna 44 (April 1988), 004_1210a5933393c2d7.txt.
Rule 3: "any time a Catholic power attacks a Protestant power, the GM will randomly select one
the unconquered Catholic neutrals to give fealty to the attacking player"; rule 2: a player
claims a neutral's Fealty "in the same turn as they capture the center". A neutral whose center a
player captures in the Fall turn of the draw is conquered in that turn, so it is not drawn (the
option ``unconquered = "turn_captures"``, which a new game records). Games recorded before keep
the reading they were played by: ownership as it stood when the draw was made, which, with a
retreat phase still to come after the Fall's moves, was the chart before the Fall's captures
(``unconquered = "ownership_chart"``, the value of a game.json without the option).

The hand-set Fall: Spain takes Portugal's center (A EST - POR, F GRA supporting) while the Empire,
Catholic, takes Bohemia from the Protestant Princes (rule 7's attack), dislodging their army, so a
retreat phase follows the Fall's moves. Seed 11 draws Portugal from the four Catholic neutrals.
"""

from __future__ import annotations

import json
from dataclasses import replace

from gm_tools.app.turn import load_state, new_game, replay
from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.engine.runner import run_phase
from gm_tools.systems.centenary.rules import RULES
from workflow_helpers import create, play, type_cells

SEED = 11
FALL = {
    "SPAIN": ["A EST - POR", "F GRA S A EST - POR"],
    "EMPIRE": ["A VIE - BOH", "A BUP S A VIE - BOH", "A BAV S A VIE - BOH"],
}


def fall_1618(variant) -> Position:
    """The Centenary start at Fall 1618, Spain's army moved to Estremadura by hand."""
    units = {u.province: u for u in variant.start_units if u.province != "CAS"}
    units["EST"] = Unit("SPAIN", ARMY, "EST")
    return Position(phase="F1618M", units=units, centers=dict(variant.start_centers))


def draws_after_the_fall(variant) -> list[dict]:
    before = fall_1618(variant)
    outcome = run_phase(variant, before, FALL)
    assert outcome.position.phase == "F1618R"  # the Princes' army retreats before ownership changes
    assert outcome.position.units["POR"].power == "SPAIN"
    return RULES.after_phase(variant, before, outcome.position, str(SEED))[1]


def test_a_neutral_conquered_in_the_fall_of_the_draw_is_not_drawn():
    """004, rule 3: "randomly select one the unconquered Catholic neutrals"; rule 2: the capture
    belongs to "the same turn" as the Fall's moves. Portugal, whose only center Spain takes in that
    Fall, is conquered, whether or not a retreat phase comes before ownership is updated. A variant
    without the option (a game recorded before it) keeps the ownership chart as it stood at the
    draw, Portugal's center still its own until the Fall's retreats are over."""
    cen = load_variant("centenary")
    chosen = replace(cen, options={**cen.options, "unconquered": "turn_captures"})
    (draw,) = draws_after_the_fall(chosen)
    assert draw["attack"] == {"center": "BOH", "attacker": "EMPIRE", "defender": "PRINCES"}
    assert draw["candidates"] == ["PAPACY", "POLAND", "VENICE"]
    assert draw["chosen"] == "POLAND"
    (draw,) = draws_after_the_fall(cen)
    assert (draw["candidates"], draw["chosen"]) == (["PAPACY", "POLAND", "PORTUGAL", "VENICE"], "PORTUGAL")


def _play_to_winter(paths) -> None:
    play(paths, {"SPAIN": ["A CAS - EST"]})
    play(paths, FALL)
    play(paths, {"PRINCES": ["A BOH R SIL"]})


def _record(paths, phase: str) -> dict:
    return json.loads(paths.record_file(phase).read_text(encoding="utf-8"))


def test_a_new_game_records_the_rulebooks_reading_and_the_capturer_claims_the_fealty(tmp_path):
    """004, rule 3 ("the unconquered Catholic neutrals") and rule 2 (Spain "capturing the center it
    occupied ... may claim the 'Fealty'", "in the same turn as they capture the center"): in a new
    game, played through its workbooks, the Empire's draw leaves Portugal out and Spain claims it."""
    paths = create(tmp_path, "cen", variant="centenary", seed=SEED)
    assert json.loads(paths.game_json.read_text())["options"] == {"unconquered": "turn_captures"}
    _play_to_winter(paths)
    (draw,) = _record(paths, "F1618M")["random"]["draws"]
    assert (draw["candidates"], draw["chosen"]) == (["PAPACY", "POLAND", "VENICE"], "POLAND")
    type_cells(paths, {"Fealty!A2": "SPAIN", "Fealty!B2": "PORTUGAL"})
    play(paths, {})
    assert load_state("cen", tmp_path).position.extra["centenary"]["fealty"] == {"POLAND": "EMPIRE",
                                                                                 "PORTUGAL": "SPAIN"}
    assert replay("cen", root=tmp_path) == []


def test_a_game_recorded_before_replays_by_its_own_reading(tmp_path):
    """004, rule 3: a game whose game.json names no reading (every game created before the option)
    draws as it was recorded, Portugal among the candidates, and replays to the same records."""
    paths = create(tmp_path, "old", variant="centenary", seed=SEED)
    info = json.loads(paths.game_json.read_text())
    info.pop("options")
    paths.game_json.write_text(json.dumps(info))
    _play_to_winter(paths)
    (draw,) = _record(paths, "F1618M")["random"]["draws"]
    assert (draw["candidates"], draw["chosen"]) == (["PAPACY", "POLAND", "PORTUGAL", "VENICE"], "PORTUGAL")
    assert replay("old", root=tmp_path) == []


def test_a_gm_may_start_a_game_with_the_earlier_reading(tmp_path):
    """`new-game centenary NAME --option unconquered=ownership_chart`: the GM's choice is recorded
    over the rulebook's reading (004, rule 3)."""
    paths = new_game("centenary", "chart", root=tmp_path, seed=SEED, options={"unconquered": "ownership_chart"})
    assert json.loads(paths.game_json.read_text())["options"] == {"unconquered": "ownership_chart"}
    _play_to_winter(paths)
    assert _record(paths, "F1618M")["random"]["draws"][0]["chosen"] == "PORTUGAL"


def test_a_json_request_is_judged_by_the_rulebooks_reading(tmp_path, capsys):
    """004, rule 3 ("the unconquered Catholic neutrals"): `gm-tools adjudicate` answers a request
    for the hand-set Fall as a new game plays it, Portugal, conquered in that Fall, left out of
    the draw. A request is no recorded game, so nothing keeps it to the earlier reading."""
    from gm_tools.app.cli import main
    from gm_tools.engine.positions import position_to_json

    request = {**position_to_json(fall_1618(load_variant("centenary"))), "orders": FALL, "seed": SEED}
    path = tmp_path / "fall.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    assert main(["adjudicate", "--variant", "centenary", str(path)]) == 0
    (draw,) = json.loads(capsys.readouterr().out)["draws"]
    assert (draw["candidates"], draw["chosen"]) == (["PAPACY", "POLAND", "VENICE"], "POLAND")
