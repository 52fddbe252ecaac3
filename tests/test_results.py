"""Results as data (gm_tools/engine/results.py, orderjson.py; issue 10 item 7): every code's
words, the words read back for records of format 1, the order kept parsed, and the record
upgrade. The adjudication tests (DATC) check the words the adjudicator gives; these check
that the codes and the words are one thing."""

from __future__ import annotations

import pytest

from gm_tools.edges.game import RECORD_FORMAT, upgrade_record
from gm_tools.edges.variants import load_variant
from gm_tools.engine.model import Build, Convoy, Disband, Hold, Move, Retreat, Support, Unit, Waive
from gm_tools.engine.orderjson import order_from_json, order_to_json
from gm_tools.engine.results import TEMPLATES, Reason, reason, reasons_from_words, words
from gm_tools.engine.runner import run_phase
from gm_tools.app.turn import start_position

EXAMPLES = {
    "not_ordered": {}, "invalid_holds": {}, "convoy_paradox": {}, "no_convoy": {},
    "may_not_dislodge": {"unit": "A PAR", "power": "FRANCE"},
    "may_not_follow": {"province": "LOR", "unit": "A LOR", "why": "LOR belongs to a NEUTRAL minor state"},
    "bounced": {"attack": 1, "strength": 2, "unit": "A MUN"}, "failed": {},
    "void_no_unit": {"province": "BUR"}, "void_not_holding": {"unit": "A PAR"},
    "void_other_coast": {"unit": "F MAO", "moved_to": "SPA/SC", "dest": "SPA/NC"},
    "void_not_to": {"unit": "A PAR", "dest": "BUR"},
    "void_not_convoyed": {"army_from": "LON", "army_to": "NWY"},
    "cut": {"units": ["A MUN", "A RUH"]}, "repeated": {},
    "several_orders": {"unit": "A PAR", "count": 2, "consequence": "it holds"}, "dislodged": {"unit": "A RUH", "attack": 2, "strength": 1},
    "no_order_disbanded": {}, "invalid_disbanded": {}, "retreat_standoff": {"units": ["A PAR", "A MUN"]}, "disbanded": {},
    "built": {}, "waived": {}, "removed": {}, "civil_disorder": {},
    "illegal": {"text": "there is no A PAR on the board"}, "note": {"text": "5 INFs placed in BRE"},
}


def test_every_code_has_an_example():
    assert set(EXAMPLES) == set(TEMPLATES)


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_the_words_read_back_to_the_same_codes(code):
    r = reason(code, **EXAMPLES[code])
    result = "invalid" if code == "illegal" else "fails"
    order = "F NTH C A LON - NWY" if code == "void_not_convoyed" else "A PAR S A LON - NWY"
    assert reasons_from_words(words([r]), result, order) == (r,)


def test_several_reasons_read_back_in_order():
    rs = (reason("cut", units=["A MUN"]), reason("dislodged", unit="A RUH", attack=2, strength=1))
    assert words(rs) == "support cut by A MUN; dislodged by A RUH (2 against 1)"
    assert reasons_from_words(words(rs), "fails") == rs


def test_an_unknown_code_is_refused():
    with pytest.raises(KeyError):
        reason("bouncd")


@pytest.mark.parametrize("order", [
    Hold("FRANCE", Unit("FRANCE", "A", "PAR")),
    Move("FRANCE", Unit("FRANCE", "A", "BRE"), "LON", via_convoy=True),
    Support("FRANCE", Unit("FRANCE", "F", "MAO"), "POR", "SPA", "F", "NC"),
    Convoy("ENGLAND", Unit("ENGLAND", "F", "NTH"), "LON", "NWY"),
    Retreat("FRANCE", Unit("FRANCE", "A", "PAR", 3), "GAS"),
    Disband("FRANCE", Unit("FRANCE", "F", "SPA/NC")),
    Build("FRANCE", "F", "STP/NC"),
    Waive("FRANCE"),
])
def test_every_order_type_round_trips_through_json(order):
    assert order_from_json(order_to_json(order)) == order


def test_a_phase_gives_codes_and_parsed_orders():
    # 2000 rulebook, 'Standoffs': equal strength, neither moves.
    variant = load_variant("standard")
    outcome = run_phase(variant, start_position(variant), {"AUSTRIA": ["A VIE - GAL"], "RUSSIA": ["A WAR - GAL"]})
    vie = next(r for r in outcome.results if r.order == "A VIE - GAL")
    assert vie.reasons == (Reason("bounced", {"attack": 1, "strength": 1, "unit": "A WAR"}),)
    assert vie.reason == "bounced: 1 against 1 from A WAR"
    assert vie.parsed == Move("AUSTRIA", Unit("AUSTRIA", "A", "VIE"), "GAL")


def test_a_format_1_record_is_upgraded_when_read():
    old = {"format": 1, "phase": "S1901M", "results": [
        {"power": "AUSTRIA", "order": "A VIE - GAL", "result": "fails", "reason": "bounced: 1 against 1 from A WAR",
         "dislodged": False},
        {"power": "FRANCE", "order": "A PAR - MOS", "result": "invalid", "reason": "A PAR cannot reach MOS",
         "dislodged": False}]}
    new = upgrade_record(old)
    assert new["format"] == RECORD_FORMAT == 4 and old["format"] == 1  # the file's dict is not changed
    assert new["results"][0]["codes"] == [{"code": "bounced", "attack": 1, "strength": 1, "unit": "A WAR"}]
    assert new["results"][1]["codes"] == [{"code": "illegal", "text": "A PAR cannot reach MOS"}]
    assert all("parsed" not in r for r in new["results"])
    assert upgrade_record(new) is new


def test_a_game_recorded_in_format_1_replays_and_publishes(tmp_path):
    # A GM's game from before the codes: its records are read, replayed and published as they are.
    import json

    from gm_tools.app.turn import publish, replay
    from workflow_helpers import create, play

    paths = create(tmp_path / "games", "old")
    play(paths, {"AUSTRIA": ["A VIE - GAL"], "RUSSIA": ["A WAR - GAL"], "FRANCE": ["A PAR - BUR"]})
    play(paths, {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H", "A BER S A MUN"]})
    for file in sorted((paths.folder / "history").glob("*.json")):
        record = json.loads(file.read_text(encoding="utf-8"))
        record["format"] = 1
        for r in record["results"]:
            del r["codes"], r["parsed"]
        file.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    assert replay("old", root=tmp_path / "games") == []
    publish(tmp_path / "games", tmp_path / "site")
    page = (tmp_path / "site/games/old/S1901M.txt").read_text(encoding="utf-8")
    assert "A VIE - GAL" in page or "Vienna" in page
    published = json.loads((tmp_path / "site/games/old/S1901M.json").read_text(encoding="utf-8"))
    vie = next(r for r in published["results"] if r["order"] == "A VIE - GAL")
    assert vie["codes"] == [{"attack": 1, "code": "bounced", "strength": 1, "unit": "A WAR"}]


def test_notes_carry_codes_and_old_notes_get_theirs_back_from_the_words():
    """Issue 10 item 7: what happened by default is data too (a code and its details), its
    words made in one place; a record written before notes carried codes gets them back from
    its words, read with the same templates, and words no template makes stay words."""
    from gm_tools.engine.results import NOTE_TEMPLATES, note, note_code, note_words, notes_from_words

    made = [note("FRANCE", "held_without_order", unit="A PAR"),
            note("FRANCE", "invalid_not_used", cell="Orders!C5", written="a par-mos", error="A PAR cannot reach MOS"),
            note("ENGLAND", "builds_not_ordered", count=2),
            note("RUSSIA", "removed_by_civil_disorder", unit="F SEV"),
            note("TURKEY", "retreat_not_ordered", unit="A BUL")]
    assert {note_code(n) for n in made} == set(NOTE_TEMPLATES)
    assert made[1]["text"] == "Orders!C5 'a par-mos' was invalid and not used: A PAR cannot reach MOS"
    assert made[2]["text"] == "2 build(s) not ordered: waived"
    old = [{"power": n["power"], "text": n["text"]} for n in made] + [{"power": "ITALY", "text": "a GM's own words"}]
    assert notes_from_words(old) == made + [{"power": "ITALY", "text": "a GM's own words"}]
    assert [note_words(n) for n in old] == [n["text"] for n in old]
    record = {"format": 2, "phase": "S1901M", "results": [], "notes": old}
    upgraded = upgrade_record(record)
    assert upgraded["notes"][:5] == made and upgraded["format"] == RECORD_FORMAT and record["notes"] is old
