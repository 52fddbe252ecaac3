"""Centenary played on for decades, as a GM runs a game to its end: the defects that play
found, each on a hand-set position through the real workbook, mail and site.
Rulebook: ``004_1210a5933393c2d7.txt`` (Centenary, William Preston, Vienna 44, April 1988)."""

from __future__ import annotations

import json
import re

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.engine.model import ARMY, Position, Unit
from gm_tools.systems.centenary.state import state_of, with_state
from workflow_helpers import game_set_at


def game_at(root, position: Position):
    """A Centenary game ``g`` in ``root`` whose current phase is the hand-set ``position``."""
    return game_set_at(root, "centenary", 3, lambda start: position)


def empire_of_vassals(root) -> Position:
    """Spring 1630: the Holy Roman Empire has lost Vienna, Milan, Buda-Pest and Bavaria to the
    German Princes and has no unit of its own; Portugal, sworn to it, holds Portugal, Castile and
    Granada with two armies."""
    new_game("centenary", "probe", root=root, seed=3, created="2000-01-01T00:00:00Z")
    start = load_state("probe", root).position
    units = {p: u for p, u in start.units.items() if u.power not in ("EMPIRE", "BAVARIA", "SPAIN", "PORTUGAL")}
    units.update({p: Unit("PRINCES", ARMY, p) for p in ("VIE", "MIL", "BUP")})
    units.update({p: Unit("PORTUGAL", ARMY, p) for p in ("POR", "CAS")})
    centers = dict(start.centers, VIE="PRINCES", MIL="PRINCES", BUP="PRINCES", BAV="PRINCES",
                   CAS="PORTUGAL", GRA="PORTUGAL", NTH="FRANCE")
    position = Position(phase="S1630M", units=units, centers=centers, extra=json.loads(json.dumps(start.extra)))
    state = state_of(position)
    state.fealty = dict(state.fealty, PORTUGAL="EMPIRE")
    state.since = dict(state.since, PORTUGAL="F1620M")
    return with_state(position, state)


def test_a_power_left_with_its_vassals_alone_is_not_eliminated(tmp_path):
    """004_1210a5933393c2d7.txt, rule 3: 'Thenceforth, the Catholic player will order the units
    of that neutral. Supply centers may be captured by the former neutral to build further units,
    and all centers owned by the former neutral will count towards the owning power's total for
    victory purposes.' The Empire, its own centers and units lost, still orders Portugal's two
    armies and counts its three centers: its player is in the game. The standings and the map's
    legend said 'eliminated' of it, as of a power with no center and no unit."""
    from gm_tools.publish.site import build_site

    root = tmp_path / "games"
    game_at(root, empire_of_vassals(tmp_path / "probe"))
    mailed = enter_mails("g", [("e", b"Empire\nA POR - EST\nA CAS H\n")], root=root)
    assert not mailed.refused
    run_turn("g", root=root, site_dir=None)
    assert load_state("g", root).position.units["EST"] == Unit("PORTUGAL", ARMY, "EST")
    build_site(root, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    row = re.search(r"<tr>\s*<t[dh][^>]*>Holy Roman Empire</t[dh]>.*?</tr>", page, re.S).group(0)
    assert "eliminated" not in row
    assert "Portugal" in row
    legend = (tmp_path / "site" / "games" / "g" / "current.map.js").read_text(encoding="utf-8")
    assert "Holy Roman Empire: no center or unit of its own; orders Portugal" in legend


def test_the_neutrals_sheet_says_a_neutral_without_units_holds_nothing(tmp_path):
    """004_1210a5933393c2d7.txt, rule 2: 'Unowned Neutral Armies ... will Hold unordered until
    dislodged ... If dislodged, such units are disbanded.' Russia's two armies dislodged and
    disbanded, no Fealty claimed: the workbook's Neutrals sheet said its Fealty was "none: holds
    (rule 2)", of a neutral with nothing left to hold with. It says it has no units; Poland,
    its army standing, still holds."""
    from openpyxl import load_workbook

    new_game("centenary", "probe", root=tmp_path, seed=3, created="2000-01-01T00:00:00Z")
    start = load_state("probe", tmp_path).position
    units = {p: u for p, u in start.units.items() if u.power != "RUSSIA"}
    units["NOV"] = Unit("SWEDEN", ARMY, "NOV")
    position = Position(phase="S1630M", units=units, centers=dict(start.centers, NOV="SWEDEN"),
                        extra=json.loads(json.dumps(start.extra)))
    paths = game_at(tmp_path, position)
    rows = list(load_workbook(paths.workbook, read_only=True)["Neutrals"].iter_rows(values_only=True))
    fealty = {r[0]: dict(zip(rows[0], r))["Fealty"] for r in rows[1:]}
    assert fealty["RUSSIA"] == "none: no units left (an unowned neutral's are disbanded when dislodged, rule 2)"
    assert fealty["POLAND"] == "none: holds (rule 2)"
