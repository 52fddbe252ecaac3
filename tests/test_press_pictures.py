"""The GM's press pictures kept with the game (docs/site.md, "Press and other user text").

A picture's file lives in the game's ``pictures`` folder beside its record
(``sheets/NAME/pictures/breda.png``); the press names it ``pictures/breda.png``. The turn
checks each one at its Press cell (real workbooks through openpyxl, nothing written on an
error); the site build copies the pictures the records name beside the phase pages, keeps
them, removes them when no press names them any more, and writes nothing when nothing
changed; in real headless Chromium the picture loads on the phase page, over HTTP and from
``file://``, and an SVG's script never runs.
"""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.app.rollback import rollback
from gm_tools.app.turn import run_turn
from gm_tools.publish.safemarkdown import render_markdown
from gm_tools.publish.site import build_site
from browser import chromium_page, needs_chromium, served
from workflow_helpers import create, problems_after, snapshot, type_cells


def png(width: int, height: int, rgb: tuple[int, int, int] = (180, 40, 40)) -> bytes:
    """A real PNG picture of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


# An SVG that would ask the server for /ran-... if any of its scripts ran.
SCRIPTED_SVG = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
                b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" '
                b'onload="fetch(\'/ran-onload\')">\n'
                b'<script>fetch("/ran-script"); alert("svg script")</script>\n'
                b'<rect width="40" height="30" fill="#2050a0"/>\n</svg>\n')


def pictures_of(paths) -> Path:
    """Where the GM keeps a game's pictures: ``pictures`` beside its ``game.json``."""
    return paths.folder / "pictures"


def keep_pictures(paths, files: dict[str, bytes]) -> None:
    """The GM puts these pictures (name -> bytes) in the game's pictures folder."""
    pictures_of(paths).mkdir(exist_ok=True)
    for name, data in files.items():
        (pictures_of(paths) / name).write_bytes(data)


def test_each_press_picture_is_checked_at_its_cell_and_nothing_is_written(tmp_path):
    paths = create(tmp_path)
    folder = pictures_of(paths)
    folder.mkdir()
    (folder / "Breda.png").write_bytes(png(3, 2))
    (folder / "notes.png").write_bytes(b"Dear GM, the siege...")
    (folder / "sketch.png").write_bytes(b"\xff\xd8\xff\xe0\0\x10JFIF\0" + bytes(40))
    (folder / "plain.svg").write_bytes(b'<svg width="4" height="4"><rect width="4" height="4"/></svg>')
    type_cells(paths, {"Press!A2": "Spring news: ![the siege](pictures/breda.png)",
                       "Press!A3": "![notes](pictures/notes.png) ![sketch](pictures/sketch.png)",
                       "Press!A4": "![old](../../pictures/breda.png) ![bare](breda.png)",
                       "Press!A5": "![plain](pictures/plain.svg) and [the full map](pictures/Breda.svg)",
                       "Press!A6": "![far](https://pictures.example.org/p.png)",
                       "Press!A7": "![a trap](javascript:alert(1)) ![inline](data:image/png;base64,iVBOR)"})
    kept = (f"expected a picture kept with the game, its file in {folder}, its name in the press "
            "pictures/breda.png (the site copies it beside its pages)")
    assert problems_after(paths, tmp_path) == [
        f"Press!A2: found a picture with no file, 'pictures/breda.png', expected the file {folder / 'breda.png'}, "
        "the picture kept with the game; did you mean pictures/Breda.png?",
        "Press!A3: found 'pictures/notes.png', a file that is not a picture (it starts b'Dear GM, the sie'), "
        "expected a PNG picture, as its name says (a PNG, JPEG, GIF, WebP or SVG file: .png, .jpg, .jpeg, "
        ".gif, .webp, .svg)",
        "Press!A3: found 'pictures/sketch.png', a JPEG picture named .png, expected a PNG picture, as its "
        "name says, or the name pictures/sketch.jpg",
        f"Press!A4: found a picture at '../../pictures/breda.png', {kept}",
        f"Press!A4: found a picture at 'breda.png', {kept}",
        "Press!A5: found 'pictures/plain.svg', an SVG file without the SVG namespace, expected an <svg> "
        "element with xmlns=\"http://www.w3.org/2000/svg\" (without it a browser shows no picture)",
        "Press!A5: found a link to an SVG picture, 'pictures/Breda.svg', expected the picture shown, "
        "![its words](pictures/Breda.svg): an SVG opened as a page of its own runs any script it carries, "
        "shown as a picture it runs none",
        f"Press!A6: found a picture from another host, 'https://pictures.example.org/p.png', {kept}: one "
        "from another host tells that host who reads the page"]

    # put right, the phase plays: every kind a browser shows, by its bytes
    (folder / "sketch.jpg").write_bytes((folder / "sketch.png").read_bytes())
    (folder / "anim.gif").write_bytes(b"GIF89a" + bytes(20))
    (folder / "photo.webp").write_bytes(b"RIFF\x24\0\0\0WEBPVP8 " + bytes(20))
    (folder / "map.svg").write_bytes(SCRIPTED_SVG)
    type_cells(paths, {"Press!A2": "Spring news: ![the siege](pictures/Breda.png)",
                       "Press!A3": "![sketch](pictures/sketch.jpg) ![anim](pictures/anim.gif)",
                       "Press!A4": "![photo][p] [the siege, larger](pictures/Breda.png)",
                       "Press!A5": "![the map](pictures/map.svg)", "Press!A6": "", "Press!A7": "", "Press!A8": "[p]: pictures/photo.webp"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed


def test_a_reference_to_a_missing_picture_is_named_at_its_definition(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Press!A2": "The map: ![map][m]", "Press!A4": "[m]: pictures/map.png"})
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("Press!A4: found a picture with no file, 'pictures/map.png', expected the file ")


def test_the_command_names_the_cell_without_a_traceback(tmp_path, capsys):
    paths = create(tmp_path)
    type_cells(paths, {"Press!A3": "![the siege](pictures/breda.png)"})
    files = snapshot(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "  Press!A3: found a picture with no file, 'pictures/breda.png', expected the file " in err
    assert "Traceback" not in err
    assert snapshot(tmp_path) == files


def _site_files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def test_the_site_copies_the_press_pictures_beside_the_pages(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    keep_pictures(paths, {"breda.png": png(30, 20), "map.svg": SCRIPTED_SVG, "unused.png": png(5, 5)})
    type_cells(paths, {"Press!A2": "![the siege](pictures/breda.png) ![the map](pictures/map.svg)"})
    assert run_turn(paths.name, root=root, site_dir=site).processed
    pictures = site / "games" / "g" / "pictures"
    assert sorted(p.name for p in pictures.iterdir()) == ["breda.png", "map.svg"]  # what the press names
    assert (pictures / "breda.png").read_bytes() == (pictures_of(paths) / "breda.png").read_bytes()
    page = (site / "games" / "g" / "S1901M.html").read_text(encoding="utf-8")
    # its size given, so the page keeps its room while it loads; the SVG's from its own width and height
    assert '<img alt="the siege" height="20" src="pictures/breda.png" width="30">' in page
    assert '<img alt="the map" height="30" src="pictures/map.svg" width="40">' in page

    # nothing new: nothing written, the pictures kept (the build prunes what no record makes)
    report = build_site(root, site)
    assert report.written == [] and report.removed == []
    assert (pictures / "breda.png").exists()
    # a site built from nothing (another machine) has them, the same bytes
    built = _site_files(site)
    fresh = tmp_path / "fresh"
    build_site(root, fresh)
    assert _site_files(fresh) == built

    # a picture replaced with the same name is copied again, and nothing else is written
    (pictures_of(paths) / "breda.png").write_bytes(png(30, 20, (20, 120, 40)))
    assert build_site(root, site).written == ["games/g/pictures/breda.png"]
    assert (pictures / "breda.png").read_bytes() == (pictures_of(paths) / "breda.png").read_bytes()
    # one of another size: its page's tag follows, the rest stays as it was
    (pictures_of(paths) / "breda.png").write_bytes(png(60, 20))
    assert build_site(root, site).written == ["games/g/S1901M.html", "games/g/pictures/breda.png"]
    assert 'height="20" src="pictures/breda.png" width="60"' in (site / "games" / "g" / "S1901M.html").read_text("utf-8")
    (pictures_of(paths) / "breda.png").write_bytes(png(30, 20, (20, 120, 40)))
    build_site(root, site)
    # a copy lost from the site is made again
    (pictures / "map.svg").unlink()
    assert build_site(root, site).written == ["games/g/pictures/map.svg"]

    # the phase rolled back, no press names them: they go from the site, and stay with the game
    rollback(paths.name, root=root, site_dir=site)
    assert not pictures.exists()
    assert (pictures_of(paths) / "breda.png").exists()


def test_a_picture_lost_from_the_game_keeps_its_copy_and_stops_no_game_s_turn(tmp_path):
    """A picture deleted or renamed in one game's folder after its turn was published: every
    game's later turn still publishes (they share the site), the site keeps the copy an
    earlier build made, and the turn's report warns, naming the record and the picture."""
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    other = create(root, "other")
    keep_pictures(paths, {"breda.png": png(4, 4)})
    type_cells(paths, {"Press!A2": "![the siege](pictures/breda.png)"})
    run_turn(paths.name, root=root, site_dir=site)
    copy = site / "games" / "g" / "pictures" / "breda.png"
    published = copy.read_bytes()
    (pictures_of(paths) / "breda.png").rename(pictures_of(paths) / "siege.png")

    report = run_turn(other.name, root=root, site_dir=site, force=True)
    assert report.processed and (site / "games" / "other" / "S1901M.html").is_file()
    lost = (f"{paths.history / 'S1901M.json'}: press: found a picture with no file, 'pictures/breda.png', "
            f"expected the file {pictures_of(paths) / 'breda.png'}, the picture kept with the game")
    assert report.site_warnings == [f"{lost}; the site keeps the copy an earlier build made, "
                                    f"games/g/pictures/breda.png"]
    assert f"warning: {lost}; the site keeps" in report.text()
    assert copy.read_bytes() == published
    # the page made again still sizes it, from the copy the site keeps
    assert ('<img alt="the siege" height="4" src="pictures/breda.png" width="4">'
            in (copy.parent.parent / "S1901M.html").read_text("utf-8"))
    # the next build, nothing changed since: the copy stays (the game is not even read)
    build_site(root, site)
    assert copy.read_bytes() == published

    # a site built from nothing has no copy to keep: the page, and the warning saying so
    fresh = build_site(root, tmp_path / "fresh")
    assert fresh.warnings == [f"{lost}; the page shows the picture's words in its place"]
    assert not (tmp_path / "fresh" / "games" / "g" / "pictures").exists()
    assert (tmp_path / "fresh" / "games" / "g" / "S1901M.html").is_file()

    # the picture put back: copied again, and no more warning
    (pictures_of(paths) / "siege.png").rename(pictures_of(paths) / "breda.png")
    again = build_site(root, tmp_path / "fresh")
    # (and its page, which now knows its size)
    assert again.warnings == [] and again.written == ["games/g/S1901M.html", "games/g/pictures/breda.png"]


def test_the_site_command_prints_the_warning(tmp_path, capsys):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    keep_pictures(paths, {"breda.png": png(4, 4)})
    type_cells(paths, {"Press!A2": "![the siege](pictures/breda.png)"})
    run_turn(paths.name, root=root, site_dir=None)
    (pictures_of(paths) / "breda.png").write_bytes(b"not a picture")
    assert main(["site", "--root", str(root), "--out", str(site)]) == 0
    out = capsys.readouterr().out
    assert ("warning: " + str(paths.history / "S1901M.json") + ": press: found 'pictures/breda.png', "
            "a file that is not a picture (it starts b'not a picture'), expected a PNG picture") in out
    assert out.rstrip().endswith("the page shows the picture's words in its place")


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(),
                    reason="workers are forked; elsewhere the games are made one by one")
def test_the_build_s_workers_copy_the_pictures_a_build_alone_copies(tmp_path, monkeypatch):
    """A first build of many games reads and makes them in worker processes
    (gm_tools/publish/sitejobs.py): their pictures reach the site as when made one by one."""
    from gm_tools.edges.basemap import schematic_map
    from gm_tools.edges.variants import load_variant
    from gm_tools.publish import sitecontext, sitejobs
    from gm_tools.publish.site import SiteSettings
    from sitegame import new_game, play

    fast, root, variant = SiteSettings(base_map=schematic_map), tmp_path / "sheets", load_variant("standard")
    for n, name in enumerate(("alpha", "bravo", "charlie")):
        paths = new_game(root, name, variant)
        keep_pictures(paths, {f"{name}.png": png(10 + n, 10)})
        play(paths, variant, [], {}, press=f"![{name}](pictures/{name}.png)")
    monkeypatch.setattr(sitejobs, "POOL_FROM", 10**9)
    build_site(root, tmp_path / "alone", fast)
    monkeypatch.setattr(sitejobs, "POOL_FROM", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    read_here: list[str] = []
    real_collect = sitecontext.collect_game
    monkeypatch.setattr(sitecontext, "collect_game", lambda *a, **k: (read_here.append(a[1]), real_collect(*a, **k))[1])
    build_site(root, tmp_path / "many", fast)
    assert read_here == []  # the workers read and made every game
    assert _site_files(tmp_path / "many") == _site_files(tmp_path / "alone")
    assert (tmp_path / "many" / "games" / "bravo" / "pictures" / "bravo.png").read_bytes() == png(11, 10)
    assert build_site(root, tmp_path / "many", fast).written == []
    # a picture lost: the workers' warning reaches the build's report, as the build alone gives it
    (root / "charlie" / "pictures" / "charlie.png").unlink()
    warned = build_site(root, tmp_path / "many2", fast).warnings
    assert read_here == []
    monkeypatch.setattr(sitejobs, "POOL_FROM", 10**9)
    assert warned == build_site(root, tmp_path / "alone2", fast).warnings
    assert len(warned) == 1 and "'pictures/charlie.png'" in warned[0]


@pytest.mark.parametrize("data, kind", [
    (png(1, 1), "PNG"), (b"\xff\xd8\xff\xdb" + bytes(8), "JPEG"), (b"GIF87a" + bytes(8), "GIF"),
    (b"RIFF\x10\0\0\0WEBPVP8L" + bytes(8), "WebP"), (SCRIPTED_SVG, "SVG"),
    (b'\xef\xbb\xbf<!-- Generator: an editor -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd" [\n'
     b'<!ENTITY ns "http://ns.example.org/">\n]>\n<svg xmlns="http://www.w3.org/2000/svg"/>', "SVG"),
    (b"<html><body><svg></svg></body></html>", None), (b"RIFF\x10\0\0\0WAVEfmt ", None),
    (b"\x89PNX\r\n", None), (b"", None)])
def test_a_picture_is_told_by_its_bytes(data, kind):
    from gm_tools.edges.pressimages import kind_of
    assert kind_of(data) == kind


def test_a_link_never_opens_an_svg_as_a_page():
    html = render_markdown("[larger](pictures/map.svg) [old](../../pictures/map.SVG?x=1) "
                           "[fine](pictures/map.png) ![the map](pictures/map.svg)")
    assert 'href="pictures/map.svg"' not in html and "map.SVG" not in html
    assert '<a href="pictures/map.png" rel="nofollow noopener">fine</a>' in html
    assert '<img alt="the map" src="pictures/map.svg">' in html


@needs_chromium
def test_the_picture_loads_on_the_phase_page_and_an_svg_runs_no_script(tmp_path):
    root, site = tmp_path / "sheets", tmp_path / "site"
    paths = create(root)
    keep_pictures(paths, {"breda.png": png(30, 20), "map.svg": SCRIPTED_SVG})
    type_cells(paths, {"Press!A2": "![the siege](pictures/breda.png)", "Press!A4": "![the map](pictures/map.svg)"})
    run_turn(paths.name, root=root, site_dir=site)
    sizes = "[...document.querySelectorAll('section.press img')].map(i => [i.alt, i.complete && i.naturalWidth])"
    asked: list[str] = []
    errors: list[str] = []
    dialogs: list[str] = []
    with served(site) as base, chromium_page(errors, dialogs=dialogs) as page:
        page.on("request", lambda r: asked.append(r.url))
        page.goto(base + "games/g/S1901M.html")
        page.wait_for_load_state("networkidle")
        assert page.evaluate(sizes) == [["the siege", 30], ["the map", 40]]
        # from file:// too, as a site copied to a folder is read
        page.goto((site / "games" / "g" / "S1901M.html").as_uri())
        page.wait_for_load_state("load")
        assert page.evaluate(sizes) == [["the siege", 30], ["the map", 40]]
        page.wait_for_timeout(300)
        assert [u for u in asked if "/ran-" in u] == [] and dialogs == []
        assert errors == []  # no console error, failed request or missing file
        # the check can fail: the same SVG opened as a page runs its script
        page.goto(base + "games/g/pictures/map.svg")
        page.wait_for_load_state("networkidle")
        assert [u for u in asked if "/ran-" in u] and dialogs == ["svg script"]
