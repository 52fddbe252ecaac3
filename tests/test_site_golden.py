"""Golden output of a small site (issue 3, part 5: "a golden-output test of a small site").

The small game of ``tests/sitegame.py`` (four phases played by the real engine) is built
into a site and every file is compared byte for byte with ``tests/golden/site/``, except the PNG maps: their
bytes depend on the installed cairo, so they are not kept there; each phase's PNG must
exist beside its SVG and be 1200 px wide.

When a change to the pages is intended, regenerate the golden files and review the diff::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_site_golden.py
    git diff tests/golden/

The pictures are drawn on the schematic grid (``gm_tools.edges.basemap.schematic_map``), so new map
artwork does not change these files; a change to the renderer itself shows up here.
"""

from __future__ import annotations

import os
import shutil
import struct
from pathlib import Path

from gm_tools.edges.basemap import schematic_map
from gm_tools.publish.site import MANIFEST, SiteSettings, build_site
from gm_tools.edges.variants import load_variant
from sitegame import small_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "site"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MANIFEST}


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    return struct.unpack(">II", data[16:24])


def test_small_site_matches_golden_files(tmp_path):
    small_game(tmp_path / "sheets", load_variant("standard"))
    site = tmp_path / "site"
    build_site(tmp_path / "sheets", site, SiteSettings(base_map=schematic_map))
    built = _tree(site)
    pngs = {name: built.pop(name) for name in sorted(built) if name.endswith(".png")}
    if os.environ.get("UPDATE_GOLDEN") == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(site, GOLDEN, ignore=shutil.ignore_patterns("*.png", MANIFEST))
    golden = _tree(GOLDEN)
    assert sorted(built) == sorted(golden), "files differ from tests/golden/site (UPDATE_GOLDEN=1 regenerates)"
    for name, data in built.items():
        assert data == golden[name], f"{name} differs from tests/golden/site/{name} (UPDATE_GOLDEN=1 regenerates)"
    assert sorted(pngs) == sorted(name[:-4] + ".png" for name in golden if name.endswith(".svg"))
    for name, data in pngs.items():
        assert _png_size(data)[0] == 1200, name
