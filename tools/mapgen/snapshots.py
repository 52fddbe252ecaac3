"""Write docs/maps/<variant>-start.png: each variant's starting position on its base map.

Run with the project environment (it needs cairosvg, not the map-making tools)::

    .venv/bin/python tools/mapgen/snapshots.py            # every variant with a map.svg
    .venv/bin/python tools/mapgen/snapshots.py standard   # one

Same data, same bytes: the PNGs change only when a map or a variant's start changes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gm_tools.edges.basemap import load_base_map, map_path  # noqa: E402
from gm_tools.engine.model import Position  # noqa: E402
from gm_tools.edges.png import WEB_WIDTH, svg_to_png  # noqa: E402
from gm_tools.publish.render import RenderOptions, render_svg  # noqa: E402
from gm_tools.edges.variants import list_variants, load_variant  # noqa: E402

OUT = ROOT / "docs" / "maps"


def snapshot(name: str) -> Path:
    variant = load_variant(name)
    position = Position(
        phase=variant.calendar.first_phase,
        units={u.province: u for u in variant.start_units},
        centers=dict(variant.start_centers),
    )
    svg = render_svg(variant, position, title=f"{variant.title}, starting position",
                     options=RenderOptions(base_map=load_base_map(variant)))
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}-start.png"
    path.write_bytes(svg_to_png(svg, WEB_WIDTH))
    return path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", help="variant names (default: every one with a map.svg)")
    args = p.parse_args(argv)
    names = args.variants or [n for n, _t, _a in list_variants() if map_path(n).exists()]
    for name in names:
        print(f"snapshots: wrote {snapshot(name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
