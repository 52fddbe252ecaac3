"""When each phase was processed (issue 18, item 4): kept in the record, so a replay or a
rebuild gives the same bytes; shown on the phase page, in the game's list of phases and in
the Atom feed; and judge-style text wrapped as judges wrap it."""

from __future__ import annotations

import datetime
import re

from gm_tools.app.turn import load_state, replay
from gm_tools.publish.judgetext import WIDTH, _wrap
from gm_tools.publish.site import build_site

from browser import chromium_page, needs_chromium, served
from workflow_helpers import create, play

from conftest import FIXED_TIME


def _two_phases(tmp_path):
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    play(paths, {"FRANCE": ["A BUR - MUN"]}, processed="2026-11-25T14:03:00Z")
    return paths


def test_the_clock_is_recorded_when_no_time_is_fixed(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    paths = create(tmp_path)
    before = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    after = datetime.datetime.now(datetime.timezone.utc)
    stamp = load_state("g", tmp_path).history[-1]["processed"]
    moment = datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    assert before <= moment <= after


def test_source_date_epoch_fixes_the_time_and_replay_keeps_it(tmp_path):
    _two_phases(tmp_path)
    history = load_state("g", tmp_path).history
    fixed = datetime.datetime.fromtimestamp(int(FIXED_TIME), datetime.timezone.utc)
    assert history[0]["processed"] == fixed.strftime("%Y-%m-%dT%H:%M:00Z")
    assert history[1]["processed"] == "2026-11-25T14:03:00Z"
    assert replay("g", tmp_path) == []  # the stored time is kept, not taken again


def test_source_date_epoch_fixes_when_a_game_was_created(tmp_path, monkeypatch):
    """A scripted run under SOURCE_DATE_EPOCH gives the same bytes every time, the game's own
    file (its ``created``, the site's Started date) as much as its records."""
    import json

    from gm_tools.app.turn import new_game

    fixed = datetime.datetime.fromtimestamp(int(FIXED_TIME), datetime.timezone.utc)
    new_game("standard", "a", root=tmp_path, seed=1)
    assert json.loads((tmp_path / "a" / "game.json").read_text())["created"] == fixed.strftime("%Y-%m-%dT%H:%M:%SZ")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    before = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    new_game("standard", "b", root=tmp_path, seed=1)
    created = json.loads((tmp_path / "b" / "game.json").read_text())["created"]
    moment = datetime.datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    assert before <= moment <= datetime.datetime.now(datetime.timezone.utc)


def test_pages_and_feed_show_when_each_phase_was_processed(tmp_path):
    _two_phases(tmp_path)
    build_site(tmp_path, tmp_path / "site")
    game = tmp_path / "site" / "games" / "g"
    page = (game / "F1901M.html").read_text(encoding="utf-8")
    assert '<time datetime="2026-11-25T14:03:00Z">25 November 2026, 14:03 UTC</time>' in page
    index = (game / "index.html").read_text(encoding="utf-8")
    # the game page's list of phases gives the day as its other dates do (QA F14)
    assert 'processed <time datetime="2000-01-01T00:00:00Z">1 January 2000</time>' in index
    assert 'processed <time datetime="2026-11-25T14:03:00Z">25 November 2026</time>' in index
    feed = (game / "feed.atom").read_text(encoding="utf-8")
    entries = re.findall(r"<entry>.*?<id>[^<]*/(\w+)</id>\s*<updated>([^<]+)</updated>", feed, re.S)
    assert entries == [("F1901M", "2026-11-25T14:03:00Z"), ("S1901M", "2000-01-01T00:00:00Z")]
    head = feed[:feed.index("<entry>")]
    assert "<updated>2026-11-25T14:03:00Z</updated>" in head  # the feed is as new as its newest entry


@needs_chromium
def test_the_phase_page_date_in_chromium(tmp_path):
    _two_phases(tmp_path)
    build_site(tmp_path, tmp_path / "site")
    errors: list[str] = []
    with served(tmp_path / "site") as base, chromium_page(errors) as page:
        page.goto(f"{base}games/g/F1901M.html")
        when = page.locator("p.dates time")
        assert when.inner_text() == "25 November 2026, 14:03 UTC"
        assert when.get_attribute("datetime") == "2026-11-25T14:03:00Z"
    assert errors == []


def test_judge_text_is_wrapped_under_the_power_name():
    line = ("Austria: Ankara, Belgrade, Budapest, Bulgaria, Constantinople, Greece, Rumania, "
            "Serbia, Smyrna, Trieste, Vienna.")
    wrapped = _wrap(line).split("\n")
    assert len(wrapped) == 2 and all(len(w) <= WIDTH for w in wrapped)
    assert wrapped[1].startswith(" " * len("Austria: ")) and not wrapped[1].startswith(" " * (len("Austria: ") + 1))
    assert " ".join(w.strip() for w in wrapped) == line  # nothing lost, no word split
    assert _wrap("Austria: Army Vienna -> Galicia.") == "Austria: Army Vienna -> Galicia."


def test_every_judge_text_of_the_golden_sites_fits_the_width():
    from pathlib import Path

    texts = sorted((Path(__file__).parent / "golden").rglob("*.txt"))
    assert texts
    wrapped = 0
    for text in texts:
        for line in text.read_text(encoding="utf-8").splitlines():
            assert len(line) <= WIDTH, f"{text.name}: {line!r}"
            wrapped += line.startswith("    ")
    assert wrapped  # some line was long enough to be wrapped
