"""The archive's latest turns (:mod:`gm_tools.publish.latest`): the list on the index and the
site's own Atom feed, ``site/feed.atom``, made from the games' summaries the manifest keeps.
Two demo games played through their workbooks (the standard demo, "demo", and Centenary's,
whose phases fall between the standard demo's days), built with the schematic map; then one
more phase of the standard demo, built again."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urljoin

import pytest

from demos import copy_game, played, played_until
from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.latest import IN_FEED, ON_INDEX, index_list, site_feed
from gm_tools.publish.site import MANIFEST, SiteSettings, build_site, collect

FAST = SiteSettings(base_map=schematic_map)
ATOM = "{http://www.w3.org/2005/Atom}"
LIST = re.compile(r'<li><a href="([^"]+)">([^<]+)</a>(?:, <time datetime="([^"]+)">([^<]+)</time>)?</li>')


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """(sheets, site, first build's index and feed, the second build's report): the standard
    demo played up to its Spring 1903 Movement (not played yet: 7 phases) beside Centenary's
    whole demo (4), built; then the demo's Spring 1903 Movement played too (copied in from a
    game played one phase further) and built again: 12 phases, more than the index lists."""
    root = tmp_path_factory.mktemp("latest")
    sheets, site, further = root / "sheets", root / "site", root / "further"
    played(sheets, "centenary")
    played_until(sheets, "orders", "S1903M")
    build_site(sheets, site, FAST)
    first = {name: (site / name).read_bytes() for name in ("index.html", "feed.atom", MANIFEST)}
    first["games"] = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.glob("games/*/feed.atom")}
    played_until(further, "orders", "S1903R")
    copy_game(further, sheets, "demo")
    report = build_site(sheets, site, FAST)
    return sheets, site, first, report


def _records(sheets: Path) -> list[tuple[str, str, int, str]]:
    """Every phase of every game as (processed, game, place, phase id), read from the records."""
    return [(p.record.get("processed", ""), g.name, i, p.id)
            for g in collect(sheets).games for i, p in enumerate(g.phases)]


def _expected(records, count: int) -> list[str]:
    ordered = sorted(records, key=lambda r: (r[1], -r[2]))
    ordered = sorted(ordered, key=lambda r: r[0], reverse=True)
    return [f"games/{game}/{phase}.html" for _, game, _, phase in ordered[:count]]


def _listed(index: str) -> list[tuple]:
    section = index[index.index('<h2 id="latest">'):]
    return LIST.findall(section[:section.index("</ol>")])


def test_the_index_lists_the_latest_turns_of_every_game_newest_first(builds):
    sheets, site, _, _ = builds
    index = (site / "index.html").read_text(encoding="utf-8")
    listed = _listed(index)
    assert [link for link, *_ in listed] == _expected(_records(sheets), ON_INDEX)
    assert {link.split("/")[1] for link, *_ in listed} == {"demo", "centenary-demo"}  # the two games, mixed
    assert listed[0][:2] == ("games/demo/S1903M.html", "demo: Spring 1903 Movement")
    stamps = [stamp for _, _, stamp, _ in listed]
    assert all(stamps) and stamps == sorted(stamps, reverse=True)
    assert listed[0][2:] == ("2026-01-26T18:00:00Z", "26 January 2026")
    for link, *_ in listed:
        assert (site / link).is_file(), link
    # the feed is named in the head, for a reader's feed finder
    assert '<link rel="alternate" type="application/atom+xml" title="Latest turns of every game" href="feed.atom">' in index


def _feed(site: Path) -> list[dict]:
    root = ET.fromstring((site / "feed.atom").read_bytes())
    assert root.tag == f"{ATOM}feed"
    self_link = root.find(f"{ATOM}link[@rel='self']").get("href")
    assert self_link == "feed.atom"
    entries = [{"id": e.findtext(f"{ATOM}id"), "title": e.findtext(f"{ATOM}title"),
                "updated": e.findtext(f"{ATOM}updated"), "link": e.find(f"{ATOM}link[@rel='alternate']").get("href")}
               for e in root.findall(f"{ATOM}entry")]
    assert root.findtext(f"{ATOM}updated") == entries[0]["updated"]
    return entries


def test_the_site_feed_has_the_latest_phases_newest_first_with_stable_ids(builds):
    sheets, site, first, _ = builds
    entries = _feed(site)
    base = "http://example.invalid/site/feed.atom"  # a link is relative to the feed's own address
    links = [urljoin(base, e["link"])[len("http://example.invalid/site/"):] for e in entries]
    assert links == _expected(_records(sheets), IN_FEED)
    for link in links:
        assert (site / link).is_file(), link
    assert len({e["id"] for e in entries}) == len(entries) == 12  # fewer than IN_FEED: all of them
    assert [e["updated"] for e in entries] == sorted((e["updated"] for e in entries), reverse=True)
    assert entries[0]["title"] == "demo: Spring 1903 Movement"
    # an entry's id stays what it was before the new phase
    before = {e["link"]: e["id"] for e in _feed_of(first["feed.atom"])}
    assert all(before[e["link"]] == e["id"] for e in entries if e["link"] in before)
    assert len([e for e in entries if e["link"] in before]) == 11


def _feed_of(data: bytes) -> list[dict]:
    root = ET.fromstring(data)
    return [{"id": e.findtext(f"{ATOM}id"), "link": e.find(f"{ATOM}link").get("href")}
            for e in root.findall(f"{ATOM}entry")]


def test_one_more_phase_of_one_game_reads_that_game_alone(builds):
    """The other game's latest phases come from its summary in the manifest, unread; its own
    feed stays as it was, the changed game's feed gains the phase."""
    _, site, first, report = builds
    assert report.games_read == ["demo"]
    assert "index.html" in report.written and "feed.atom" in report.written
    assert (site / "games/centenary-demo/feed.atom").read_bytes() == first["games"]["games/centenary-demo/feed.atom"]
    assert "games/centenary-demo/feed.atom" in report.unchanged
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    kept = manifest["games"]["demo"]["summary"]["latest"]["phases"]
    assert [p["phase"] for p in kept[:2]] == ["S1903M", "W1902A"]
    assert kept[0] == {"phase": "S1903M", "title": "Spring 1903 Movement",
                       "processed": "2026-01-26T18:00:00Z", "link": "games/demo/S1903M.html"}


def test_a_build_with_nothing_new_keeps_the_list_and_the_feed(builds):
    sheets, site, _, _ = builds
    index, feed = (site / "index.html").read_bytes(), (site / "feed.atom").read_bytes()
    report = build_site(sheets, site, FAST)
    assert report.games_read == []
    assert {"index.html", "feed.atom"} <= set(report.unchanged)
    assert (site / "index.html").read_bytes() == index and (site / "feed.atom").read_bytes() == feed


def test_a_manifest_kept_without_the_latest_phases_has_its_games_read_again(builds, tmp_path):
    """An older build's manifest (its summaries without ``latest``): the games are read again,
    not shown without their phases in the list, and the list and feed are the same bytes."""
    sheets, site, _, _ = builds
    site = Path(shutil.copytree(site, tmp_path / "site"))
    index, feed = (site / "index.html").read_bytes(), (site / "feed.atom").read_bytes()
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    for entry in data["games"].values():
        del entry["summary"]["latest"]
    (site / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    report = build_site(sheets, site, FAST)
    assert sorted(report.games_read) == ["centenary-demo", "demo"]
    assert (site / "index.html").read_bytes() == index and (site / "feed.atom").read_bytes() == feed
    again = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert all("latest" in e["summary"] for e in again["games"].values())


def _summary(game: str, *phases: tuple[str, str]) -> dict:
    return {"name": game, "latest": {"feed_id": f"tag:gm-tools.invalid,2026-01-01:{game}", "created": "2026-01-01T00:00:00Z",
                       "phases": [{"phase": p, "title": p, "processed": when, "link": f"games/{game}/{p}.html"}
                                  for p, when in phases]}}


def test_ties_go_by_the_games_name_then_the_later_phase_and_an_undated_phase_comes_last_without_a_date():
    same = "2026-05-01T12:00:00Z"
    # each summary's phases newest first, as game_latest keeps them
    summaries = [_summary("b", ("F1901M", same), ("S1901M", "")),
                 _summary("a", ("F1901M", same), ("S1901M", same)),
                 _summary("c", ("S1901M", "2026-04-01T12:00:00Z"))]
    listed = index_list(summaries)
    assert [i["link"] for i in listed] == ["games/a/F1901M.html", "games/a/S1901M.html", "games/b/F1901M.html",
                                           "games/c/S1901M.html", "games/b/S1901M.html"]
    assert listed[-1]["when"] is None and listed[0]["when"]["date"] == "1 May 2026"
    assert site_feed(summaries) == site_feed(list(reversed(summaries)))  # the order of the games is no matter
    feed = ET.fromstring(site_feed(summaries).encode("utf-8"))
    ids = [e.findtext(f"{ATOM}id") for e in feed.findall(f"{ATOM}entry")]
    assert ids[0] == "tag:gm-tools.invalid,2026:archive/2026-01-01:a/F1901M" and len(set(ids)) == 5
    # an undated phase is dated in the feed as in its game's, by the game's creation
    assert [e.findtext(f"{ATOM}updated") for e in feed.findall(f"{ATOM}entry")][-1] == "2026-01-01T00:00:00Z"


def test_an_archive_without_phases_lists_none(tmp_path):
    (tmp_path / "sheets").mkdir()
    build_site(tmp_path / "sheets", tmp_path / "site", FAST)
    assert "<h2 id=\"latest\">" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert ET.fromstring((tmp_path / "site" / "feed.atom").read_bytes()).findall(f"{ATOM}entry") == []
