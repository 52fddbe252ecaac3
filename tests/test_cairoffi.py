"""cairocffi with cairo's declarations read once and kept (gm_tools/edges/cairoffi.py): the same
PNG bytes as cairocffi parsing them itself, and any trouble with the kept module only costs
time. Each case runs in a fresh Python process, as a command does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

DRAW = textwrap.dedent("""
    import hashlib, json, sys
    if sys.argv[1] == "own-way":
        import cairocffi  # imported before prepare(): it parses its declarations itself
    from gm_tools.edges.cairoffi import prepare
    from gm_tools.edges.png import WEB_WIDTH, svg_to_png
    from gm_tools.edges.variants import load_variant
    from gm_tools.engine.positions import position_from_json
    from gm_tools.publish.render import render_svg
    used = prepare()
    variant = load_variant("standard")
    start = position_from_json(json.loads(sys.argv[2]))
    png = svg_to_png(render_svg(variant, start, title="cairoffi"), WEB_WIDTH)
    print(json.dumps({"stand_in": used, "png": hashlib.sha256(png).hexdigest(), "size": len(png)}))
""")

BOARD = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "ENGLAND": ["F LON"]},
         "centers": {"FRANCE": ["PAR", "BRE"], "ENGLAND": ["LON"]}}


def _draw(cache, how: str) -> dict:
    done = subprocess.run([sys.executable, "-c", DRAW, how, json.dumps(BOARD)], capture_output=True, text=True,
                          env=dict(os.environ, GM_TOOLS_CACHE=str(cache)))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_kept_declarations_draw_the_same_png_as_cairocffi_parsing_them(tmp_path):
    own = _draw(tmp_path, "own-way")
    assert own["stand_in"] is False
    first = _draw(tmp_path, "kept")  # makes the module in the cache folder
    kept = list(tmp_path.glob("gm_tools_cairo_ffi_*.py"))
    assert len(kept) == 1 and kept[0].stat().st_size > 10_000
    again = _draw(tmp_path, "kept")  # reads it
    assert first["stand_in"] is again["stand_in"] is True
    assert first["png"] == again["png"] == own["png"] and own["size"] > 10_000


def test_a_damaged_kept_module_only_costs_time(tmp_path):
    _draw(tmp_path, "kept")
    (kept,) = tmp_path.glob("gm_tools_cairo_ffi_*.py")
    kept.write_text("this is not python (\n", encoding="utf-8")
    damaged = _draw(tmp_path, "kept")
    assert damaged["stand_in"] is False  # cairocffi parsed its declarations itself
    assert damaged["png"] == _draw(tmp_path / "fresh", "own-way")["png"]
    assert not kept.exists()  # thrown away: the next command makes it again
    assert _draw(tmp_path, "kept")["stand_in"] is True


def test_a_cache_folder_that_cannot_be_written_only_costs_time(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    drawn = _draw(blocked, "kept")
    assert drawn["stand_in"] is False
    assert drawn["png"] == _draw(tmp_path / "fresh", "own-way")["png"]
