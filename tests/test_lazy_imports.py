"""Issue 19 item 4: the command line imports cairosvg (a third of a second), jinja2 and openpyxl
only when a command needs them: listing variants needs none, and rebuilding a site where
nothing changed draws no PNG, so it never imports cairosvg. Each case runs in a fresh Python
process, as a GM's command does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imported(code: str, tmp_path: Path) -> dict[str, bool]:
    probe = code + "\nimport json, sys\nprint(json.dumps({m: m in sys.modules for m in ('cairosvg', 'jinja2', 'openpyxl')}))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_listing_variants_imports_no_heavy_library(tmp_path):
    found = _imported("from gm_tools.app.cli import main\nmain(['variants'])", tmp_path)
    assert found == {"cairosvg": False, "jinja2": False, "openpyxl": False}


def test_a_site_rebuild_with_nothing_new_draws_no_png_and_imports_no_cairosvg(tmp_path):
    sys.path.insert(0, str(ROOT / "tests"))
    from sitegame import small_game

    from gm_tools.edges.variants import load_variant
    from gm_tools.publish.site import build_site

    small_game(tmp_path / "sheets", load_variant("standard"), name="g", phases=1)
    build_site(tmp_path / "sheets", tmp_path / "site")  # the first build draws the map's PNG
    pngs = list((tmp_path / "site" / "games" / "g").glob("*.png"))
    assert pngs and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    code = (f"from gm_tools.publish.site import build_site\n"
            f"report = build_site({str(tmp_path / 'sheets')!r}, {str(tmp_path / 'site')!r})\n"
            f"assert report.written == [], report.written")
    assert _imported(code, tmp_path)["cairosvg"] is False
