"""Games made on every core (gm_tools/publish/sitejobs.py; issue 19 item 6: 'A full archive
build at 500 pages per second or more'): a build that makes its games in worker processes
writes the same files, reports the same and remembers the same as one that makes them one
after another, and a game a worker fails on fails the build as it would alone."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant
from gm_tools.errors import UserError
from gm_tools.publish import site as site_module
from gm_tools.publish import sitejobs
from gm_tools.publish.site import MANIFEST, SiteSettings, build_site
from sitegame import small_game

FAST = SiteSettings(base_map=schematic_map)

pytestmark = pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(),
                                reason="workers are forked; elsewhere the games are made one by one")


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("archive") / "sheets"
    for name in ("alpha", "bravo", "charlie"):
        small_game(root, load_variant("standard"), name=name)
    return root


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _manifest(site: Path) -> dict:
    return json.loads((site / MANIFEST).read_text(encoding="utf-8"))["games"]


def test_games_made_on_every_core_are_the_files_made_one_by_one(archive, tmp_path, monkeypatch):
    monkeypatch.setattr(sitejobs, "POOL_FROM", 10**9)
    alone = build_site(archive, tmp_path / "alone", FAST)

    replayed = []
    real_replay = sitejobs.replay
    monkeypatch.setattr(sitejobs, "POOL_FROM", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(sitejobs, "replay", lambda *a: (replayed.append(a[1]), real_replay(*a)))
    many = build_site(archive, tmp_path / "many", FAST)

    assert len(replayed) == 3  # each game was made by a worker and written here
    assert _tree(tmp_path / "many") == _tree(tmp_path / "alone")
    assert _manifest(tmp_path / "many") == _manifest(tmp_path / "alone")
    assert many.written == alone.written and many.pngs == alone.pngs == 15  # 4 phases and the game page, each game
    # the archive's index lists the games in their order, whichever process made them
    index = (tmp_path / "many" / "index.html").read_text(encoding="utf-8")
    assert index.index("alpha") < index.index("bravo") < index.index("charlie")

    # and a second build finds everything in place
    again = build_site(archive, tmp_path / "many", FAST)
    assert again.written == [] and again.pngs == 0


def test_a_game_a_worker_fails_on_fails_the_build_as_it_would_alone(archive, tmp_path, monkeypatch):
    real = site_module.judge_text

    def judge_text(variant, record):
        if record.get("game") == "bravo":
            raise UserError("bravo's record cannot be told")
        return real(variant, record)

    monkeypatch.setattr(site_module, "judge_text", judge_text)  # the forked workers have it too
    monkeypatch.setattr(sitejobs, "POOL_FROM", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    with pytest.raises(UserError, match="bravo's record cannot be told"):
        build_site(archive, tmp_path / "site", FAST)


def test_the_cycle_collector_is_left_as_it_was(archive, tmp_path, monkeypatch):
    """Pass 1 pauses the collector and the workers' build sets the records aside from it
    (gc.freeze): both are undone when the build ends, so a program that builds a site keeps
    its own collector as it had it, and nothing stays frozen."""
    import gc

    from gm_tools.publish.sitecontext import collector_paused

    monkeypatch.setattr(sitejobs, "POOL_FROM", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    frozen = []
    real_replay = sitejobs.replay
    monkeypatch.setattr(sitejobs, "replay", lambda *a: (frozen.append(gc.get_freeze_count()), real_replay(*a)))
    gc.unfreeze()  # what another test in this process may have set aside (the --jsonl loop does)
    assert gc.isenabled()
    build_site(archive, tmp_path / "site", FAST)
    assert len(frozen) == 3 and min(frozen) > 0  # set aside while the workers ran
    assert gc.isenabled() and gc.get_freeze_count() == 0
    # a program that set its own objects aside finds them still set aside
    gc.freeze()
    mine = gc.get_freeze_count()
    try:
        build_site(archive, tmp_path / "again", FAST)
        assert gc.get_freeze_count() >= mine
    finally:
        gc.unfreeze()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # it was off: it stays off
    finally:
        gc.enable()
    with pytest.raises(ValueError):
        with collector_paused():
            raise ValueError("a bad record")
    assert gc.isenabled()


# --- a first build: the games read by the workers that make them --------------------------------


def _on_every_core(monkeypatch) -> None:
    monkeypatch.setattr(sitejobs, "POOL_FROM", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)


def _reads_here(monkeypatch) -> list[str]:
    """The names of the games this process reads from now on (the workers' reads are their own)."""
    from gm_tools.publish import sitecontext

    real_collect = sitecontext.collect_game
    names: list[str] = []

    def counted(*args, **kwargs):
        names.append(args[1])
        return real_collect(*args, **kwargs)

    monkeypatch.setattr(sitecontext, "collect_game", counted)
    monkeypatch.setattr(site_module, "collect_game", counted)  # the name pass 2 reads a stale game with
    return names


def test_a_first_build_reads_its_games_in_the_workers(archive, tmp_path, monkeypatch):
    """Pass 1 of a first build runs on every core: the games are read and checked by the
    workers that go on to make them, and the site, the manifest and the digest memo are the
    same as when this process reads and makes them one by one."""
    from gm_tools.publish import sitecontext

    monkeypatch.setattr(sitejobs, "POOL_FROM", 10**9)
    alone = build_site(archive, tmp_path / "alone", FAST)

    _on_every_core(monkeypatch)
    read_here = _reads_here(monkeypatch)
    many = build_site(archive, tmp_path / "many", FAST)
    assert read_here == []  # the workers read every game (this process's list stays empty)
    assert many.games_read == alone.games_read == ["alpha", "bravo", "charlie"]
    assert _tree(tmp_path / "many") == _tree(tmp_path / "alone")
    assert _manifest(tmp_path / "many") == _manifest(tmp_path / "alone")
    assert many.written == alone.written

    # the digests the workers worked out reach this process's memo: a rebuild reads nothing
    memo = sitecontext.DigestMemo(tmp_path / "many")
    digests = {name: entry["digest"] for name, entry in _manifest(tmp_path / "many").items()}
    assert {Path(where).name: entry["digest"] for where, entry in memo.entries.items()} == digests
    monkeypatch.setattr(sitecontext, "source_digest", lambda *a: pytest.fail("a game was hashed again"))
    again = build_site(archive, tmp_path / "many", FAST)
    assert again.games_read == [] and again.written == [] and read_here == []


def test_a_bad_record_a_worker_reads_leaves_its_game_out_and_the_others_are_built(tmp_path, monkeypatch):
    """A broken record found by a worker reading the games is the one a build reading them here
    finds, naming the file and the key; its game is left out and the others are published (one
    game's fault stops no other game's pages: tests/test_site_damaged.py), the workers gone."""
    import multiprocessing

    root = tmp_path / "sheets"
    for name in ("alpha", "bravo", "charlie"):
        small_game(root, load_variant("standard"), name=name)
    path = next((root / "charlie" / "history").glob("*.json"))
    record = json.loads(path.read_text(encoding="utf-8"))
    del record["after"]
    path.write_text(json.dumps(record), encoding="utf-8")

    _on_every_core(monkeypatch)
    report = build_site(root, tmp_path / "site", FAST)
    assert report.damaged == ["charlie"]
    assert any(re.search(rf"charlie/history/{path.stem}\.json: missing key 'after'", w) for w in report.warnings)
    assert sorted(p.name for p in (tmp_path / "site" / "games").iterdir()) == ["alpha", "bravo"]
    assert multiprocessing.active_children() == []  # and the workers are gone


def test_readers_keep_the_games_they_read_and_make_those_asked_for(tmp_path):
    """The workers' protocol on its own (sitejobs.Readers): each reads a fixed share, the
    checks come back in order, a game a worker cannot read comes back as None, and only the
    games asked for are made, in the order asked."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("workers are forked")
    names = ["a", "b", "c", "d", "e"]

    def read(name):
        if name == "c":
            raise ValueError("unreadable")
        return name.upper(), sitejobs.ReadElsewhere(name=name, source_digest="", variant="standard", players=None,
                                                    summary={"pid": os.getpid()}, phases=1, last_phase=None)

    readers = sitejobs.Readers(names, read, lambda game, how: ([], 0, f"{game}{how}"), workers=2)
    try:
        checked = readers.checked()
        assert [c.name if c else None for c in checked] == ["a", "b", None, "d", "e"]
        # every second game is one worker's: a game stays with the worker that read it
        pids = [c.summary["pid"] for c in checked if c]
        assert pids[0] == pids[3] != pids[1] == pids[2]  # a and e, then b and d
        assert os.getpid() not in pids
        made = list(readers.made([(4, "!"), (0, "?"), (1, "")]))
        assert made == [(4, ([], 0, "E!")), (0, ([], 0, "A?")), (1, ([], 0, "B"))]
    finally:
        readers.close()
    assert __import__("multiprocessing").active_children() == []


def test_a_rebuild_after_the_code_changed_reads_its_games_in_the_workers(archive, tmp_path, monkeypatch):
    """After an upgrade (a new code key) every game's pages are made again though no record
    changed: those games are read by the workers too, and the site is the one a build from
    nothing gives with that code."""
    monkeypatch.setattr(sitejobs, "POOL_FROM", 10**9)
    build_site(archive, tmp_path / "site", FAST)
    real_code_key = site_module.code_key
    monkeypatch.setattr(site_module, "code_key", lambda *a: "upgraded " + real_code_key(*a))
    fresh = build_site(archive, tmp_path / "fresh", FAST)

    _on_every_core(monkeypatch)
    read_here = _reads_here(monkeypatch)
    rebuilt = build_site(archive, tmp_path / "site", FAST)
    assert rebuilt.games_read == ["alpha", "bravo", "charlie"] and read_here == []
    assert _tree(tmp_path / "site") == _tree(tmp_path / "fresh")
    assert fresh.games_read == rebuilt.games_read  # (the manifest, with its new keys, is in the tree)
    # and nothing is stale any more: the next build reads nothing
    assert build_site(archive, tmp_path / "site", FAST).games_read == []


def test_a_worker_that_dies_leaves_its_games_to_the_other_and_this_process():
    """A worker killed half way (out of memory, say) sends nothing more: the games it had not
    started are taken by the other worker, which reads them itself, and the one it was making
    comes back as None, which the build reads and makes here."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("workers are forked")

    def read(name):
        if name == "c":
            os._exit(1)  # the first worker (a, c) dies reading c
        return name, sitejobs.ReadElsewhere(name=name, source_digest="", variant="standard", players=None,
                                            summary={}, phases=1, last_phase=None)

    readers = sitejobs.Readers(["a", "b", "c", "d"], read, lambda game, how: ([], 0, game), workers=2)
    try:
        assert [c.name if c else None for c in readers.checked()] == ["a", "b", None, "d"]
        assert list(readers.made([(0, None), (1, None), (3, None)])) == [
            (0, ([], 0, "a")), (1, ([], 0, "b")), (3, ([], 0, "d"))]
    finally:
        readers.close()
    assert __import__("multiprocessing").active_children() == []

    def make(game, how):
        if game == "c":
            os._exit(1)  # the first worker (a, c, e) dies making c
        return [], 0, game

    readers = sitejobs.Readers(["a", "b", "c", "d", "e"], lambda name: (name, None), make, workers=2)
    try:
        readers.checked()
        made = dict(readers.made([(i, None) for i in range(5)]))
        assert made[2] is None  # made here
        assert {i: m[2] for i, m in made.items() if m} == {0: "a", 1: "b", 3: "d", 4: "e"}
    finally:
        readers.close()
    assert __import__("multiprocessing").active_children() == []


def test_a_worker_with_nothing_left_takes_a_game_another_has_not_started(tmp_path):
    """The shares are fixed while the games are read, but not while they are made: a worker
    that has made its own takes the next game another worker has waiting (and reads it), so
    neither core is idle while the other has games to make."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("workers are forked")
    release = tmp_path / "release"

    def read(name):
        return name, sitejobs.ReadElsewhere(name=name, source_digest="", variant="standard", players=None,
                                            summary={}, phases=1, last_phase=None)

    def make(game, how):
        if game == "a":  # the first worker's first game lasts until the test says
            for _ in range(3000):
                if release.exists():
                    break
                time.sleep(0.01)
        return [], 0, (game, os.getpid())

    readers = sitejobs.Readers(list("abcdef"), read, make, workers=2)
    try:
        readers.checked()
        # the first worker (a, c, e) is sent a and c; the second (b, d, f) makes its own, then e
        made = readers.made([(1, None), (3, None), (5, None), (0, None), (2, None), (4, None)])
        first = [next(made) for _ in range(3)]
        release.touch()
        rest = list(made)
    finally:
        readers.close()
    by = {index: m[2] for index, m in first + rest}
    assert [by[i][0] for i in range(6)] == list("abcdef")
    second = by[1][1]
    assert by[3][1] == by[5][1] == by[4][1] == second  # e, the first worker's, made by the second
    assert by[0][1] == by[2][1] != second
    assert __import__("multiprocessing").active_children() == []


def test_ctrl_c_stops_the_build_not_the_workers_mid_game(tmp_path, monkeypatch, capsys):
    """Ctrl-C reaches every process of a terminal's command: the workers leave it to the build
    (which stops them, printing nothing of theirs), and the command says it was interrupted
    in one line, with the shell's code for it, not a traceback."""
    import signal

    from gm_tools.app.cli import main

    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("workers are forked")

    def read(name):
        return name, sitejobs.ReadElsewhere(name=name, source_digest="", variant="standard", players=None,
                                            summary={"pid": os.getpid()}, phases=1, last_phase=None)

    readers = sitejobs.Readers(["a", "b"], read, lambda game, how: ([], 0, game), workers=2)
    try:
        pids = {c.summary["pid"] for c in readers.checked()}
        for pid in pids:
            os.kill(pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches them
        assert list(readers.made([(0, None), (1, None)])) == [(0, ([], 0, "a")), (1, ([], 0, "b"))]
    finally:
        readers.close()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(site_module, "build_site", interrupted)
    assert main(["site", "--root", str(tmp_path), "--out", str(tmp_path / "site")]) == 130
    assert capsys.readouterr().err == "gm-tools: interrupted\n"
