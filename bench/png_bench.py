"""``make bench``, the map part: our web-size PNG against cairosvg alone, in the same run.

For each shipped variant with a map, its start position is drawn as SVG by the renderer,
then turned into a 1200 px PNG two ways, alternately, in one process: cairosvg alone (the
peer: what the project did before) and ``gm_tools.edges.png.svg_to_png`` (regions drawn
through cairo from outlines read once, the rest by cairosvg, an opaque map written as RGB).
Warm (best of ``--repeat`` after one untimed drawing each) and cold (each way in a fresh
Python process, imports included, median of 3). The pictures' agreement is checked by
``tests/test_png.py``; here only time is measured.

Run with ``.venv/bin/python bench/png_bench.py [--repeat 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm_tools.app.turn import start_position  # noqa: E402
from gm_tools.edges.png import WEB_WIDTH, plain_png, svg_to_png  # noqa: E402
from gm_tools.edges.variants import load_variant  # noqa: E402
from gm_tools.publish.render import render_svg  # noqa: E402

VARIANTS = ("standard", "centenary", "europe1619", "europe1615", "europe1615v2", "westphalia")
COLD = """
import sys, time
svg = open(sys.argv[1], encoding="utf-8").read()
start = time.perf_counter()
from gm_tools.edges.png import {name}
{name}(svg, {width})
print(time.perf_counter() - start)
"""


def cold(svg_file: Path, name: str) -> float:
    out = subprocess.run([sys.executable, "-c", COLD.format(name=name, width=WEB_WIDTH), str(svg_file)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="warm drawings timed per way (best kept)")
    args = parser.parse_args(argv)
    work = ROOT / "build" / "png-bench"
    work.mkdir(parents=True, exist_ok=True)
    print(f"{'map':<14}{'cairosvg':>10}{'ours':>8}{'ratio':>7}   cold, imports included: cairosvg / ours / ratio")
    ratios = []
    for name in VARIANTS:
        variant = load_variant(name)
        svg = render_svg(variant, start_position(variant), title="bench")
        plain_png(svg, WEB_WIDTH), svg_to_png(svg, WEB_WIDTH)  # warm both: imports, fonts, outlines
        times: dict[str, list[float]] = {"plain": [], "ours": []}
        for _ in range(args.repeat):
            for way, draw in (("plain", plain_png), ("ours", svg_to_png)):
                start = time.perf_counter()
                draw(svg, WEB_WIDTH)
                times[way].append(time.perf_counter() - start)
        plain, ours = min(times["plain"]), min(times["ours"])
        ratios.append(plain / ours)
        svg_file = work / f"{name}.svg"
        svg_file.write_text(svg, encoding="utf-8")
        cold_plain = statistics.median(cold(svg_file, "plain_png") for _ in range(3))
        cold_ours = statistics.median(cold(svg_file, "svg_to_png") for _ in range(3))
        print(f"{name:<14}{plain * 1000:>8.0f}ms{ours * 1000:>6.0f}ms{plain / ours:>6.2f}x   "
              f"{cold_plain * 1000:.0f} / {cold_ours * 1000:.0f} ms / {cold_plain / cold_ours:.2f}x")
    verdict = "meets" if min(ratios) >= 2 else "BELOW"
    print(f"warm ratio, cairosvg alone over ours: {min(ratios):.2f}x to {max(ratios):.2f}x "
          f"({verdict} the target of 2x on every map)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
