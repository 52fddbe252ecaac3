"""Golden output of small sites, one per game system (issue 3, part 5: "a golden-output
test of a small site"; issue 10 item 9: "Golden sites for Centenary and Europe 1619 beside
the standard one").

- ``site``: the small standard game of ``tests/sitegame.py`` (four phases by the real engine);
- ``site-centenary``: the scripted Centenary year of ``tests/test_centenary_workflow.py``
  through the real workbook (an Automatic Fealty draw, a Fealty claim and its build);
- ``site-europe1619``: the Europe 1619 demo's first two phases through the real workbook
  (INF placements, attacks, declarations, then the Orders Phase).

Each is built into a site and every file is compared byte for byte with
``tests/golden/<name>/``, except the PNG maps: their bytes depend on the installed cairo, so
they are not kept there; each phase's PNG must exist beside its SVG and be 1200 px wide.

When a change to the pages is intended, regenerate the golden files and review the diff::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_site_golden.py
    git diff tests/golden/

The pictures are drawn on the schematic grid (``gm_tools.edges.basemap.schematic_map``), so new map
artwork does not change these files; a change to the renderer itself shows up here.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
from pathlib import Path

import pytest

from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.site import MANIFEST, SiteSettings, build_site
from gm_tools.edges.variants import load_variant
from sitegame import small_game

GOLDENS = Path(__file__).resolve().parent / "golden"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


TEMPLATE_STATIC = Path(__file__).resolve().parent.parent / "templates" / "static"
"""The files every site copies from the templates (``static/style.css``, ``static/map.js``)."""


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MANIFEST}


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    return struct.unpack(">II", data[16:24])


def _standard(root: Path) -> None:
    small_game(root, load_variant("standard"))


def _centenary(root: Path) -> None:
    from test_centenary_workflow import play_1618

    play_1618(root)


def _europe1619(root: Path) -> None:
    from gm_tools.app.demo import DEMO_DIR, play_demo, read_demo

    text = (DEMO_DIR / "demo-europe1619.toml").read_text(encoding="utf-8")
    text = re.sub(r'^until = ".*"$', 'until = "Y1619B"', text, count=1, flags=re.M)
    cut = root.parent / "europe1619-first-phases.toml"
    cut.write_text(text[: text.index("[Y1620D]")], encoding="utf-8")
    demo = read_demo(cut)
    demo.phases = {k: v for k, v in demo.phases.items() if k in ("Y1619D", "Y1619M")}
    play_demo(demo, root)


@pytest.mark.parametrize("name, play", [("site", _standard), ("site-centenary", _centenary),
                                        ("site-europe1619", _europe1619)])
def test_small_site_matches_golden_files(tmp_path, name, play):
    play(tmp_path / "sheets")
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, SiteSettings(base_map=schematic_map))
    built = _tree(site)
    pngs = {n: built.pop(n) for n in sorted(built) if n.endswith(".png")}
    # the style sheet and the map script are the templates' own files, copied as they are:
    # compared with those, not kept a second time as golden files
    for n, data in _tree(TEMPLATE_STATIC).items():
        assert built.pop(f"static/{n}") == data, f"static/{n} is not templates/static/{n}"
    golden_dir = GOLDENS / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        shutil.rmtree(golden_dir, ignore_errors=True)
        shutil.copytree(site, golden_dir, ignore=shutil.ignore_patterns("*.png", MANIFEST))
        for n in _tree(TEMPLATE_STATIC):
            (golden_dir / "static" / n).unlink()
    golden = _tree(golden_dir)
    assert sorted(built) == sorted(golden), f"files differ from tests/golden/{name} (UPDATE_GOLDEN=1 regenerates)"
    for n, data in built.items():
        assert data == golden[n], f"{n} differs from tests/golden/{name}/{n} (UPDATE_GOLDEN=1 regenerates)"
    assert sorted(pngs) == sorted(n[:-len(".map.js")] + ".png" for n in golden if n.endswith(".map.js"))
    for n, data in pngs.items():
        assert _png_size(data)[0] == 1200, n
