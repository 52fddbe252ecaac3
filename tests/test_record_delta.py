"""Record format 4: the large tables of a game system's state (under its name in a
position's ``extra``) are written as what changed (gm_tools/edges/recorddelta.py,
docs/game-record.md), read back whole (issue 19 item 1: 'the record keeps what changed in a
phase ..., never the whole ledger again'); records of format 3, which kept the state at the
top of ``extra``, are read the same (issue 10 item 8: 'serialised once under the variant's
name in the record')."""

from __future__ import annotations

import json

import pytest

from gm_tools.edges.recorddelta import CHANGE, LARGE, _weight, expand, shrink
from gm_tools.errors import GameError


def _ledger(years: int) -> dict:
    return {"scores": {str(1619 + y): {"FRANCE": y, "SPAIN": 2 * y, "AUSTRIA": 3 * y} for y in range(years)},
            "treasury": {str(1619 + y): {"FRANCE": {"balance": y, "income": 7}} for y in range(years)}}


SYSTEM = "europe1619"


def _record(phase: str, years_before: int, years_after: int, treasury: int = 3) -> dict:
    def position(years: int) -> dict:
        return {"phase": phase, "units": {}, "centers": {},
                "extra": {SYSTEM: {"ledger": _ledger(years), "treasury": {"FRANCE": treasury}}}}
    return {"format": 4, "phase": phase, "before": position(years_before), "after": position(years_after),
            "results": [], "next_phase": {"S1901M": "F1901M", "F1901M": "W1901A"}.get(phase)}


def _as_format_3(stored: dict) -> dict:
    """A stored record as format 3 wrote it: the system's tables, changes and all, at the top
    of each position's ``extra``."""
    out = dict(stored, format=3)
    for side in ("before", "after"):
        extra = dict(stored[side]["extra"])
        extra.update(extra.pop(SYSTEM, {}))
        out[side] = dict(stored[side], extra=extra)
    return out


def test_a_long_ledger_is_written_as_its_change_and_read_back_whole():
    first, second = _record("Y1640B", 40, 41), _record("Y1641D", 41, 42, treasury=5)
    stored_first, stored_second = shrink(first, None), shrink(second, first)
    # the first record has nothing to build its 'before' on: written whole, its 'after' as a change
    assert stored_first["before"]["extra"][SYSTEM]["ledger"] == first["before"]["extra"][SYSTEM]["ledger"]
    assert CHANGE in stored_first["after"]["extra"][SYSTEM]["ledger"]
    # the second's 'before' is the first's 'after': nothing changed
    assert stored_second["before"]["extra"][SYSTEM]["ledger"] == {CHANGE: {}}
    change = stored_second["after"]["extra"][SYSTEM]["ledger"][CHANGE]
    assert change == {"tables": {"scores": {"set": {"1660": {"FRANCE": 41, "SPAIN": 82, "AUSTRIA": 123}}},
                                 "treasury": {"set": {"1660": {"FRANCE": {"balance": 41, "income": 7}}}}}}
    assert stored_second["after"]["extra"][SYSTEM]["treasury"] == {"FRANCE": 5}  # small: always whole
    assert len(json.dumps(stored_second)) * 10 < len(json.dumps(second))
    # on the way back, every record is whole again, built on the one before it
    assert expand(json.loads(json.dumps(stored_first)), None) == first
    assert expand(json.loads(json.dumps(stored_second)), first) == second


def test_keys_that_go_away_are_dropped():
    before = _record("Y1640B", 80, 80)
    after = json.loads(json.dumps(before))
    del after["after"]["extra"][SYSTEM]["ledger"]["treasury"]
    del after["after"]["extra"][SYSTEM]["ledger"]["scores"]["1625"]
    stored = shrink(after, None)
    assert stored["after"]["extra"][SYSTEM]["ledger"][CHANGE] == {"drop": ["treasury"], "tables": {"scores": {"drop": ["1625"]}}}
    assert expand(stored, None) == after


def test_a_small_table_or_a_change_no_smaller_is_written_whole():
    small = _record("S1901M", 1, 1)
    assert _weight(small["after"]["extra"][SYSTEM]["ledger"]) < LARGE
    assert shrink(small, None) == small
    replaced = _record("Y1640B", 40, 40)
    replaced["after"]["extra"][SYSTEM]["ledger"] = {"other": {str(y): {"x": y} for y in range(400)}}
    assert shrink(replaced, None)["after"]["extra"][SYSTEM]["ledger"] == replaced["after"]["extra"][SYSTEM]["ledger"]


def test_a_change_with_nothing_to_build_on_is_an_error_naming_the_file(tmp_path):
    """A record whose 'before' is written as a change needs the record before it: if that one
    is gone (a file deleted by hand), reading says which file and why, never a wrong ledger."""
    from gm_tools.edges.game import GamePaths, load_history, write_atomic
    from gm_tools.edges.variants import load_variant

    calendar = load_variant("standard").calendar
    paths = GamePaths(root=tmp_path, name="g")
    first, second = _record("S1901M", 40, 41), _record("F1901M", 41, 42)
    paths.history.mkdir(parents=True)
    write_atomic(paths.record_file("S1901M"), json.dumps(shrink(first, None)).encode())
    write_atomic(paths.record_file("F1901M"), json.dumps(shrink(second, first)).encode())
    assert [r["after"]["extra"][SYSTEM]["ledger"] for r in load_history(paths, calendar)] == \
        [first["after"]["extra"][SYSTEM]["ledger"], second["after"]["extra"][SYSTEM]["ledger"]]
    # the first record written as a change (by hand, or from another game's history)
    write_atomic(paths.record_file("S1901M"), json.dumps(shrink(first, _record("S1901M", 39, 40))).encode())
    with pytest.raises(GameError, match=r"S1901M\.json: before\.extra\.europe1619\.ledger is written as a change, but the "
                                        r"previous record has no such table"):
        load_history(paths, calendar)
    # the first record gone: the second is refused before its change is read
    paths.record_file("S1901M").unlink()
    with pytest.raises(GameError, match=r"F1901M\.json: the first record is phase F1901M, but the game starts at S1901M"):
        load_history(paths, calendar)


def test_format_3_records_are_read_with_the_state_gathered_under_the_systems_name(tmp_path):
    """Records written before format 4 kept the state, and its changes, at the top of
    ``extra``: read with the game's system they are today's records, the changes built on the
    same tables."""
    from gm_tools.edges.game import GamePaths, load_history, write_atomic
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.system import system_named

    calendar = load_variant("standard").calendar
    paths = GamePaths(root=tmp_path, name="g")
    first, second = _record("S1901M", 40, 41), _record("F1901M", 41, 42, treasury=5)
    old = [_as_format_3(shrink(first, None)), _as_format_3(shrink(second, first))]
    assert CHANGE in old[1]["after"]["extra"]["ledger"] and SYSTEM not in old[1]["after"]["extra"]
    paths.history.mkdir(parents=True)
    for record in old:
        write_atomic(paths.record_file(record["phase"]), json.dumps(record).encode())
    assert load_history(paths, calendar, system_named(SYSTEM)) == [first, second]


def test_a_europe_1619_game_stores_its_ledger_as_changes_and_replays(tmp_path):
    """Real turns of a Europe 1619 game (no orders: ``--force``): the records on disk keep the
    ledger as changes, reading gives back exactly the records the turns made, and
    ``gm-tools replay`` finds every phase the same."""
    from gm_tools.app.turn import new_game, replay, run_turn
    from gm_tools.edges.game import GamePaths, json_text, load_history, write_atomic
    from gm_tools.engine.system import system_named
    from gm_tools.edges.variants import load_variant

    root = tmp_path / "sheets"
    new_game("europe1619", "long", root=root, seed=1, created="2000-01-01T00:00:00Z")
    made = [run_turn("long", root=root, site_dir=None, force=True).record for _ in range(12)]
    paths = GamePaths(root=root, name="long")
    files = [paths.record_file(r["phase"]).read_text() for r in made]
    assert sum(CHANGE in text for text in files) >= 8
    assert load_history(paths, load_variant("europe1619").calendar) == made
    assert sum(map(len, files)) < sum(len(json_text(r)) for r in made)
    assert replay("long", root=root) == []  # no phase differs
    # the same game as format 3 wrote it: read as today's records, and it replays the same
    for record in made:
        file = paths.record_file(record["phase"])
        write_atomic(file, json.dumps(_as_format_3(json.loads(file.read_text()))).encode())
    assert load_history(paths, load_variant("europe1619").calendar, system_named(SYSTEM)) == made
    assert replay("long", root=root) == []


def test_the_sites_whole_game_and_phase_files_keep_the_changes_and_read_back_whole(tmp_path):
    """The site's ``game.json`` (docs/site.md) holds the records as stored, the ledger as its
    changes; applied in order they give each phase's record whole. Each phase's own JSON file
    keeps the same changes, its ``before`` a reference to the previous phase's ``after``, and
    reads back whole from the site's files (issue 19: a phase's JSON does not grow with the
    game)."""
    from gm_tools.app.turn import new_game, run_turn
    from gm_tools.edges.basemap import schematic_map
    from gm_tools.publish.phasejson import record_from_files
    from gm_tools.publish.site import SiteSettings, build_site

    root = tmp_path / "sheets"
    new_game("europe1619", "long", root=root, seed=1, created="2000-01-01T00:00:00Z")
    for _ in range(11):
        run_turn("long", root=root, site_dir=None, force=True)
    site = tmp_path / "site"
    build_site(root, site, SiteSettings(base_map=schematic_map))
    whole = json.loads((site / "games" / "long" / "game.json").read_text(encoding="utf-8"))
    assert whole["format"] == 2 and len(whole["history"]) == 11
    assert any(CHANGE in json.dumps(r) for r in whole["history"])
    folder = site / "games" / "long"
    previous = None
    for stored in whole["history"]:
        record = expand(stored, previous)
        text = (folder / f"{record['phase']}.json").read_text(encoding="utf-8")
        page = json.loads(text)
        assert record_from_files(folder, record["phase"]) == record
        if previous is None:
            assert page["before"] == record["before"]
        else:
            assert page["before"] == {"$ref": f"{previous['phase']}.json#/after"}
            assert record["before"] == previous["after"]
        assert "\n" not in text.rstrip("\n")  # compact: no person reads it laid out
        previous = record
    late = json.loads((folder / f"{previous['phase']}.json").read_text(encoding="utf-8"))
    assert CHANGE in json.dumps(late["after"])  # the ledger as its change, not whole again
    state = [json.dumps(r["after"]["extra"]["europe1619"]) for r in (late, previous)]
    assert len(state[0]) < len(state[1])


def test_centenarys_old_keys_are_gathered_under_its_name():
    """Centenary's Fealty tables were kept at the top of a position's ``extra`` before format 4
    (variants/centenary/NOTES.md, 'Fealty state'); read now, they are its state, unchanged,
    and keys of no system's stay where they are."""
    from gm_tools.engine.system import system_named
    from gm_tools.systems.centenary.state import State

    old = {"fealty": {"VENICE": "EMPIRE"}, "fealty_since": {"VENICE": "S1618M"},
           "captures": {"turn": "F1618M", "previous_centers": {}}, "scores": {"EMPIRE": 3}}
    new = system_named("centenary").upgrade_extra(old)
    assert new == {"centenary": {"captures": old["captures"], "fealty": old["fealty"], "fealty_since": old["fealty_since"]},
                   "scores": {"EMPIRE": 3}}
    assert "fealty" in old  # the record read is not changed
    state = State.from_extra(new)
    assert state.fealty == {"VENICE": "EMPIRE"} and state.since == {"VENICE": "S1618M"}
    assert system_named("centenary").upgrade_extra(new) == new  # today's layout stays as it is
