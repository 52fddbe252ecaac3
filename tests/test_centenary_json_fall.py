"""A Centenary Fall with a retreat phase, played by `gm-tools turn` and by JSON requests.

Rulebook: Centenary, William Preston, Vienna 44 (April 1988), 004_1210a5933393c2d7.txt.
Rule 3: "any time a Catholic power attacks a Protestant power, the GM will randomly select one
the unconquered Catholic neutrals to give fealty to the attacking player. Thenceforth, the
Catholic player will order the units of that neutral"; rule 4: "the Empire takes control of
[Bavaria's] army"; rule 7: an "attack" is "the successful occupation of a supply center credited
to another power in the previous winter adjustment chart".

The game: in Spring 1618 France takes the Swiss Confederation's only center (A BLO - SWC, the
Empire's A MIL supporting), the Swiss army disbanded (rule 2). In the Fall France leaves SWC
empty (A SWC - SAV) while the Protestant Princes take Bavaria (A BOH - BAV, A WST supporting),
an attack on the Catholic Empire, Bavaria's master (rule 7), which dislodges Bavaria's army. The
draw for that attack is made after the moves, before the retreats, as every turn makes it: the
Swiss are still unconquered then (SWC is empty, still theirs) and seed 1 draws them for the
Princes. Then the Empire retreats Bavaria's army into SWC: the Swiss's center is taken by a
retreating unit, and that occupation is itself an attack by the Empire on the Swiss's new
master, the Princes, so the retreat phase draws a Catholic neutral for the Empire.
"""

from __future__ import annotations

import json

from gm_tools.app.cli import main
from gm_tools.app.turn import load_state
from gm_tools.engine.positions import position_to_json
from workflow_helpers import create, play

SEED = 1
SPRING = {"FRANCE": ["A BLO - SWC"], "EMPIRE": ["A MIL S A BLO - SWC"]}
FALL = {"FRANCE": ["A SWC - SAV"], "PRINCES": ["A BOH - BAV", "A WST S A BOH - BAV"]}
RETREAT = {"EMPIRE": ["A BAV R SWC"]}  # the Empire orders its vassal's army (rules 3, 4), in its block


def _adjudicate(tmp_path, capsys, request: dict) -> dict:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    assert main(["adjudicate", "--variant", "centenary", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def _record(paths, phase: str) -> dict:
    return json.loads(paths.record_file(phase).read_text(encoding="utf-8"))


def _board(response: dict) -> dict:
    """A response's position as the record's positions write it."""
    return {**{k: response[k] for k in ("units", "centers", "dislodged", "contested", "extra")},
            "phase": response["next_phase"]}


def test_a_fall_with_a_retreat_into_a_neutral_center_draws_alike_by_turn_and_by_json(tmp_path, capsys):
    """004, rules 3, 4 and 7: the Fall played through the workbook (`turn`) and the same Fall sent
    as two JSON requests (the movement, then its retreats, each request the response before with
    `next_phase` as its phase and the orders added, docs/json-interface.md) with the game's seed
    draw the same neutrals and leave the same boards. The movement's draw sees the Swiss
    unconquered: their center is taken by the retreat that follows it."""
    paths = create(tmp_path, "cen", variant="centenary", seed=SEED)
    play(paths, SPRING)
    fall = position_to_json(load_state("cen", tmp_path).position)
    play(paths, FALL)
    retreats = position_to_json(load_state("cen", tmp_path).position)
    play(paths, RETREAT)
    winter = position_to_json(load_state("cen", tmp_path).position)

    (moves_draw,) = _record(paths, "F1618M")["random"]["draws"]
    assert moves_draw["attack"] == {"center": "BAV", "attacker": "PRINCES", "defender": "EMPIRE"}
    assert (moves_draw["candidates"], moves_draw["chosen"]) == (["DENMARK", "SWISS"], "SWISS")
    (retreat_draw,) = _record(paths, "F1618R")["random"]["draws"]
    assert retreat_draw["attack"] == {"center": "SWC", "attacker": "EMPIRE", "defender": "PRINCES"}
    assert winter["units"]["BAVARIA"] == ["A SWC"] and "SWC" in winter["centers"]["BAVARIA"]
    assert winter["extra"]["centenary"]["fealty"] == {"SWISS": "PRINCES", retreat_draw["chosen"]: "EMPIRE"}

    moves = _adjudicate(tmp_path, capsys, {**fall, "orders": FALL, "seed": SEED})
    assert moves["draws"] == [moves_draw]
    assert _board(moves) == retreats
    retreat = _adjudicate(tmp_path, capsys, {**_board(moves), "orders": RETREAT, "seed": SEED})
    assert [r["result"] for r in retreat["results"]] == ["succeeds"]
    assert retreat["draws"] == [retreat_draw]
    assert _board(retreat) == winter
