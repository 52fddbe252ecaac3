"""A phase's JSON on the site keeps its changes and reads back whole
(gm_tools/publish/phasejson.py, docs/site.md; issue 19 item 3: 'a phase's page, JSON and
text together stay under 60 KB')."""

from __future__ import annotations

import json

import pytest

from gm_tools.edges.recorddelta import CHANGE, shrink
from gm_tools.publish.phasejson import phase_json, record_from_files


def _position(phase: str, years: int, units: dict) -> dict:
    ledger = {"scores": {str(1619 + y): {"FRANCE": y, "SPAIN": 2 * y} for y in range(years)},
              "treasury": {str(1619 + y): {"FRANCE": {"balance": y}} for y in range(years)}}
    return {"phase": phase, "units": units, "centers": {}, "extra": {"europe1619": {"ledger": ledger}}}


def _game() -> list[dict]:
    a = {"FRANCE": ["A PAR"]}
    b = {"FRANCE": ["A BUR"]}
    return [
        {"phase": "Y1619D", "before": _position("Y1619D", 5, a), "after": _position("Y1619M", 6, a), "results": []},
        {"phase": "Y1619M", "before": _position("Y1619M", 6, a), "after": _position("Y1619J", 7, b), "results": []},
        # a board the GM changed between phases: 'before' is not the previous 'after'
        {"phase": "Y1619J", "before": _position("Y1619J", 7, a), "after": _position("Y1619B", 8, a), "results": []},
    ]


def _write(folder, records: list[dict]) -> list[dict]:
    pages = []
    for k, record in enumerate(records):
        previous = records[k - 1] if k else None
        text = phase_json(shrink(record, previous), record, previous, previous["phase"] if previous else None)
        (folder / f"{record['phase']}.json").write_text(text, encoding="utf-8")
        pages.append(json.loads(text))
    return pages


def test_before_refers_to_the_previous_after_and_every_phase_reads_back_whole(tmp_path):
    records = _game()
    pages = _write(tmp_path, records)
    assert pages[0]["before"] == records[0]["before"]  # the first phase's is written out
    assert pages[1]["before"] == {"$ref": "Y1619D.json#/after"}
    assert pages[2]["before"] == records[2]["before"]  # it differs: written whole, needing no other file
    assert CHANGE in json.dumps(pages[1]["after"])  # the ledger gains a year: its change only
    for record in records:
        assert record_from_files(tmp_path, record["phase"]) == record


def test_the_folder_may_be_given_as_text(tmp_path, monkeypatch):
    """QA finding F14: docs/site.md offers ``record_from_files(folder, phase)`` to programs;
    ``record_from_files('.', 'R1560T')`` failed ('unsupported operand type(s) for /: 'str' and
    'str'') where a pathlib.Path worked."""
    records = _game()
    _write(tmp_path, records)
    assert record_from_files(str(tmp_path), "Y1619M") == records[1]
    monkeypatch.chdir(tmp_path)
    assert record_from_files(".", "Y1619J") == records[2]


@pytest.mark.parametrize("ref", ["Y1619M.json#/after", "../other/Y1619D.json#/after", "Y1619D.json#/before"])
def test_a_reference_that_loops_leaves_the_folder_or_points_elsewhere_is_an_error(tmp_path, ref):
    records = _game()[:2]
    _write(tmp_path, records)
    page = json.loads((tmp_path / "Y1619M.json").read_text(encoding="utf-8"))
    page["before"] = {"$ref": ref}
    (tmp_path / "Y1619M.json").write_text(json.dumps(page), encoding="utf-8")
    with pytest.raises(ValueError, match="Y1619M.json"):
        record_from_files(tmp_path, "Y1619M")


def test_the_texts_written_once_are_the_bytes_the_encoder_writes():
    """A record's values are encoded once for its phase file and game.json (value_texts,
    object_text, game_json): the bytes must be the ones json.dumps writes for the whole, on
    any value a record may hold: other scripts, quotes and control characters in keys and
    texts, nested objects in any order, numbers, null and booleans."""
    import random

    from gm_tools.publish.phasejson import game_json, object_text, value_texts

    def compact(value) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    rng = random.Random(1648)
    words = ["Sjælland", "Böhmen", 'say "yes"', "tab\there", "line\nbreak", "\u2713", "\x01", "Zürich", "", "A PAR"]

    def value(depth: int):
        kind = rng.randrange(7 if depth < 3 else 4)
        if kind == 0:
            return rng.choice(words)
        if kind == 1:
            return rng.choice([0, -3, 2.5, 1e21, 10**20])
        if kind == 2:
            return rng.choice([None, True, False])
        if kind == 3:
            return []
        if kind in (4, 5):
            return {rng.choice(words) + str(rng.randrange(3)): value(depth + 1) for _ in range(rng.randrange(5))}
        return [value(depth + 1) for _ in range(rng.randrange(4))]

    records = []
    for _ in range(200):
        record = {rng.choice(words) + str(k): value(0) for k in range(rng.randrange(1, 8))}
        records.append(record)
        assert object_text(value_texts(record)) == compact(record)
    info = {"name": "Böhmen", "variant": "standard", "players": None}
    texts = [object_text(value_texts(r)) for r in records[:20]]
    assert game_json(info, texts) == compact({"format": 2, "game": info, "history": records[:20]}) + "\n"
    end = {"result": "draw", "powers": ["FRANCE", "SPAIN"], "reason": "«agreed»"}
    assert game_json(info, texts, end) == compact({"format": 2, "game": info, "history": records[:20], "end": end}) + "\n"
    assert game_json(info, []) == compact({"format": 2, "game": info, "history": []}) + "\n"
