"""A game's end in the feeds (:func:`gm_tools.publish.latest.game_end`): the game's own Atom
feed, the archive's (``site/feed.atom``) and the index's latest turns announce it, whatever
ended it: the rules' win (the shipped Westphalia demo; a standard game played to a solo), the
GM's call or a draw. The archive's two come from the games' summaries in the build's manifest:
one new phase of another game leaves the won game unread, and a summary an older build kept
without the end has its game read again. Real demos played through their workbooks, built with
the schematic map; the feeds parsed with xml.etree."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from demos import copy_game, played, played_until
from gm_tools.app.endgame import end_game
from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.latest import index_list, kept, site_feed
from gm_tools.publish.site import MANIFEST, SiteSettings, build_site
from workflow_helpers import create, play, play_germany_solo

FAST = SiteSettings(base_map=schematic_map)
ATOM = "{http://www.w3.org/2005/Atom}"
LIST = re.compile(r'<li><a href="([^"]+)">([^<]+)</a>(?:, <time datetime="([^"]+)">([^<]+)</time>)?</li>')
GAME = "westphalia-demo"
WON = ("The game is won by the rules after Round 1635 Imperial Election: won by Yellow Elephant "
       "(Peace of Westphalia Victory, 28 Imperial Power, 31 toward victory counting 3 for its orthodox town).")


def _entries(path: Path) -> list[dict]:
    root = ET.fromstring(path.read_bytes())
    entries = [{"id": e.findtext(f"{ATOM}id"), "title": e.findtext(f"{ATOM}title"), "updated": e.findtext(f"{ATOM}updated"),
                "link": e.find(f"{ATOM}link[@rel='alternate']").get("href"), "content": e.findtext(f"{ATOM}content")}
               for e in root.findall(f"{ATOM}entry")]
    assert root.findtext(f"{ATOM}updated") == max(e["updated"] for e in entries)
    return entries


def _listed(site: Path) -> list[tuple]:
    index = (site / "index.html").read_text(encoding="utf-8")
    section = index[index.index('<h2 id="latest">'):]
    return LIST.findall(section[:section.index("</ol>")])


def _processed(sheets: Path, game: str, phase: str) -> str:
    return json.loads((sheets / game / "history" / f"{phase}.json").read_text(encoding="utf-8"))["processed"]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """(sheets, site, the first build's files, the second build's report): the Westphalia demo
    played to its end beside the standard demo played up to its Spring 1903 Movement, built;
    then the standard demo's Spring 1903 Movement played too (copied in from a game played one
    phase further) and built again."""
    root = tmp_path_factory.mktemp("ends")
    sheets, site, further = root / "sheets", root / "site", root / "further"
    played(sheets, "westphalia")
    played_until(sheets, "orders", "S1903M")
    build_site(sheets, site, FAST)
    first = {name: (site / name).read_bytes() for name in ("index.html", "feed.atom", f"games/{GAME}/feed.atom")}
    played_until(further, "orders", "S1903R")
    copy_game(further, sheets, "demo")
    report = build_site(sheets, site, FAST)
    return sheets, site, first, report


def test_a_game_won_by_its_rules_has_its_winner_in_its_feed(builds):
    """003_b5b9eb4920d39694.txt, 'How to Win', 'Peace of Westphalia Victory': after Round 6,
    with neither a Catholic nor a Protestant Victory, 'The player with the most Imperial Power
    wins.' The demo's last phase, Round 1635's Imperial Election, decides it: the feed's newest
    entry names the winner, after that phase and why, as the game page's status does, dated by
    the phase's processing, and links to the game page."""
    sheets, site, _, _ = builds
    entries = _entries(site / "games" / GAME / "feed.atom")
    end, last = entries[0], entries[1]
    assert end == {"id": "tag:gm-tools.invalid,2026-04-14:westphalia-demo/win", "title": "Winner: Yellow Elephant",
                   "updated": _processed(sheets, GAME, "R1635X"), "link": "index.html", "content": WON}
    assert last["title"] == "Round 1635 Imperial Election" and last["updated"] == end["updated"]
    assert len({e["id"] for e in entries}) == len(entries)
    page = (site / "games" / GAME / "index.html").read_text(encoding="utf-8")
    status = ("won by Yellow Elephant (Peace of Westphalia Victory, 28 Imperial Power, 31 toward victory counting 3 "
              "for its orthodox town)")
    assert f"<dt>Status</dt><dd>{status}</dd>" in page and WON.endswith(f": {status}.")


def test_the_archive_feed_and_the_index_name_the_games_end_before_its_last_phase(builds):
    """The end is dated as the phase that decided it, and comes before it, newest first."""
    sheets, site, _, _ = builds
    entries = _entries(site / "feed.atom")
    assert entries[0] == {"id": "tag:gm-tools.invalid,2026:archive/2026-04-14:westphalia-demo/win",
                          "title": "westphalia-demo: Winner: Yellow Elephant", "updated": _processed(sheets, GAME, "R1635X"),
                          "link": "games/westphalia-demo/index.html", "content": WON}
    assert entries[1]["link"] == "games/westphalia-demo/R1635X.html"
    assert [e["updated"] for e in entries] == sorted((e["updated"] for e in entries), reverse=True)
    assert (site / entries[0]["link"]).is_file()
    listed = _listed(site)
    assert listed[0] == ("games/westphalia-demo/index.html", "westphalia-demo: Winner: Yellow Elephant",
                         "2026-08-18T18:00:00Z", "18 August 2026")
    assert listed[1][0] == "games/westphalia-demo/R1635X.html" and len(listed) == 10


def test_one_more_phase_of_another_game_keeps_the_end_from_the_manifest(builds):
    """The won game is not read again: its end comes from its summary, and its feed stays."""
    _, site, first, report = builds
    assert report.games_read == ["demo"]
    assert (site / "games" / GAME / "feed.atom").read_bytes() == first[f"games/{GAME}/feed.atom"]
    assert _entries(site / "feed.atom")[0]["title"] == "westphalia-demo: Winner: Yellow Elephant"
    assert _listed(site)[0][1] == "westphalia-demo: Winner: Yellow Elephant"
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["games"][GAME]["summary"]["latest"]["end"] == {
        "phase": "win", "title": "Winner: Yellow Elephant", "text": WON, "processed": "2026-08-18T18:00:00Z",
        "link": "games/westphalia-demo/index.html"}
    assert manifest["games"]["demo"]["summary"]["latest"]["end"] is None  # still played


def test_the_same_records_give_the_same_bytes_built_at_once(builds, tmp_path):
    """A site built at once from the same records has the incremental build's feeds and index."""
    sheets, site, _, _ = builds
    build_site(sheets, tmp_path / "site", FAST)
    for name in ("index.html", "feed.atom", f"games/{GAME}/feed.atom", "games/demo/feed.atom"):
        assert (tmp_path / "site" / name).read_bytes() == (site / name).read_bytes(), name


def test_a_summary_kept_without_the_end_has_its_game_read_again(builds, tmp_path):
    """An older build's manifest (its summaries' latest phases without the end): that game is
    read again, not left out of the archive's feed, and the list and feed are the same bytes."""
    sheets, site, _, _ = builds
    site = Path(shutil.copytree(site, tmp_path / "site"))
    index, feed = (site / "index.html").read_bytes(), (site / "feed.atom").read_bytes()
    data = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    del data["games"][GAME]["summary"]["latest"]["end"]
    assert not kept(data["games"][GAME]["summary"])
    (site / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    report = build_site(sheets, site, FAST)
    assert report.games_read == [GAME]
    assert (site / "index.html").read_bytes() == index and (site / "feed.atom").read_bytes() == feed
    again = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert again["games"][GAME]["summary"]["latest"]["end"]["phase"] == "win"


def test_a_standard_solo_is_announced_with_the_centers_that_won_it(tmp_path):
    """2000 rulebook, 'Winning': a power controlling 18 supply centers wins (the record's
    ``winner``, docs/game-record.md). The whole standard game of ``tests/games/germany-solo.toml``
    played through its workbook to Germany's solo in Fall 1907's retreats."""
    paths = play_germany_solo(tmp_path / "sheets")
    last = json.loads(paths.record_file("F1907R").read_text(encoding="utf-8"))
    assert last["winner"] == "GERMANY" and last["next_phase"] is None
    centers = len(last["after"]["centers"]["GERMANY"])
    assert centers >= 18
    build_site(tmp_path / "sheets", tmp_path / "site", FAST)
    end = _entries(tmp_path / "site" / "games" / "solo" / "feed.atom")[0]
    assert end == {"id": "tag:gm-tools.invalid,2000-01-01:solo/win", "title": "Winner: Germany",
                   "updated": last["processed"], "link": "index.html",
                   "content": f"The game is won by the rules after Fall 1907 Retreat: won by Germany ({centers} supply centers)."}
    archive = _entries(tmp_path / "site" / "feed.atom")
    assert archive[0]["title"] == "solo: Winner: Germany" and archive[1]["link"] == "games/solo/F1907R.html"
    assert _listed(tmp_path / "site")[0][:2] == ("games/solo/index.html", "solo: Winner: Germany")


def test_a_draw_the_gm_calls_is_in_the_archive_feed_dated_when_declared(tmp_path):
    """1619 rulebook (002_e7e1b063b6c411e5.txt, on the end of 1648): players may 'call a draw'.
    The game's feed keeps its draw entry as it was; the archive's feed and the index list it
    too, dated by ``end.json``'s ``declared``, after the game's last phase."""
    paths = create(tmp_path)
    play(paths, {"FRANCE": ["A PAR - BUR"]})
    end_game("g", ["france", "England", "GERMANY"], root=tmp_path, site_dir=tmp_path / "site",
             declared="2026-11-25T16:00:00Z")
    site = tmp_path / "site"
    own = _entries(site / "games" / "g" / "feed.atom")[0]
    assert own == {"id": "tag:gm-tools.invalid,2000-01-01:g/draw", "title": "Draw: England, France, Germany",
                   "updated": "2026-11-25T16:00:00Z", "link": "index.html",
                   "content": "The game is drawn between England, France and Germany, called before Fall 1901 Movement."}
    archive = _entries(site / "feed.atom")
    assert archive[0] == dict(own, id="tag:gm-tools.invalid,2026:archive/2000-01-01:g/draw",
                              title="g: Draw: England, France, Germany", link="games/g/index.html")
    assert [e["link"] for e in archive[1:]] == ["games/g/S1901M.html"]
    assert _listed(site)[0] == ("games/g/index.html", "g: Draw: England, France, Germany",
                                "2026-11-25T16:00:00Z", "25 November 2026")


def _summary(game: str, phases, end=None) -> dict:
    return {"name": game, "latest": {
        "feed_id": f"tag:gm-tools.invalid,2026-01-01:{game}", "created": "2026-01-01T00:00:00Z",
        "phases": [{"phase": p, "title": p, "processed": when, "link": f"games/{game}/{p}.html"} for p, when in phases],
        "end": end and dict(end, link=f"games/{game}/index.html")}}


def test_ends_are_merged_by_time_with_every_games_phases():
    """Each game's end among the phases by its time: a win by the rules before the phase of the
    same time that decided it, a draw declared between another game's phases in its place, an
    undated end last, dated in the feed by its game's creation."""
    a = _summary("a", [("F1901M", "2026-05-03T12:00:00Z"), ("S1901M", "2026-05-01T12:00:00Z")],
                 {"phase": "win", "title": "Winner: France", "text": "won", "processed": "2026-05-03T12:00:00Z"})
    b = _summary("b", [("S1901M", "2026-05-02T12:00:00Z")],
                 {"phase": "draw", "title": "Draw: Italy", "text": "drawn", "processed": "2026-05-02T13:00:00Z"})
    c = _summary("c", [("S1901M", "2026-04-01T12:00:00Z")],
                 {"phase": "draw", "title": "Draw: Russia", "text": "drawn", "processed": ""})
    listed = index_list([a, b, c])
    assert [(i["game"], i["title"]) for i in listed] == [
        ("a", "Winner: France"), ("a", "F1901M"), ("b", "Draw: Italy"), ("b", "S1901M"), ("a", "S1901M"),
        ("c", "S1901M"), ("c", "Draw: Russia")]
    assert listed[0]["link"] == "games/a/index.html" and listed[-1]["when"] is None
    assert site_feed([a, b, c]) == site_feed([c, a, b])
    feed = ET.fromstring(site_feed([a, b, c]).encode("utf-8")).findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}id") for e in feed][:3] == [
        "tag:gm-tools.invalid,2026:archive/2026-01-01:a/win", "tag:gm-tools.invalid,2026:archive/2026-01-01:a/F1901M",
        "tag:gm-tools.invalid,2026:archive/2026-01-01:b/draw"]
    assert feed[2].findtext(f"{ATOM}content") == "drawn"
    assert feed[-1].findtext(f"{ATOM}updated") == "2026-01-01T00:00:00Z"


def test_a_win_by_rounds_or_by_victory_points_is_announced_with_its_count():
    """Europe 1615 (``000_cc215928c2f3193e.txt``, 'VICTORY CONDITIONS': 'Victor by rounds: The
    power that wins 5 rounds ... takes immediate victory') is won by rounds, Europe 1615 version 2
    (``001_6f4a9c76b6e5774a.txt``, '9 VICTORY CONDITIONS': 'At the opening of 1621, the player with
    most VPs wins the game') by Victory Points: neither names its victory, so the feed's words give
    the count that won it, from the final board."""
    from europe1615_play import RULES, VARIANT, board
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.model import Position
    from gm_tools.engine.positions import position_to_json
    from gm_tools.engine.runner import run_orders
    from gm_tools.publish.siteviews import _winning_figure
    from gm_tools.systems.europe1615 import state as v3_state
    from gm_tools.systems.europe1615v2 import state as v2_state

    position = board({}, phase="W1619S", influence={"SAX": {"AUSTRIA": 5}})
    state = v3_state.state_of(position)
    state.round_wins = {"AUSTRIA": 4, "FRANCE": 3}
    outcome = run_orders(VARIANT, v3_state.with_state(position, state), [], RULES)
    assert outcome.winner == "AUSTRIA"  # its fifth round, Saxony's alignment scoring the most
    after = position_to_json(outcome.position)
    assert _winning_figure(VARIANT, after, "AUSTRIA") == "5 rounds won"
    assert _winning_figure(VARIANT, after, "FRANCE") == "3 rounds won"

    v2 = load_variant("europe1615v2")
    # Saxony, 9 supply points beyond France's home: 'gain of a supply center beyond home
    # centers= +1 per supply point gained' ('8 VICTORY POINTS ADJUSTMENT')
    final = v2_state.with_state(Position("P1621I", {}, dict(v2.start_centers, SAX="FRANCE")), v2_state.State())
    assert _winning_figure(v2, position_to_json(final), "FRANCE") == "9 Victory points"
