"""Same inputs, same bytes (issue 20 item 6): the demo games played and published in two
separate processes under two different PYTHONHASHSEED values (so set and dict orders that
depend on string hashing differ) give byte-identical records, workbooks, pages, maps and
JSON. The standard demo and Europe 1619's first year are played (the whole demo is
`make turn`'s, and too long for the test budget)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys
from pathlib import Path
from gm_tools.app.demo import DEMO_DIR, DEMO_ORDERS, run_demo
out, cut = Path(sys.argv[1]), Path(sys.argv[2])
run_demo(site_dir=out / "site", root=out / "games", files=[DEMO_ORDERS, cut])
"""


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_processes_with_different_hash_seeds_write_the_same_bytes(tmp_path):
    text = (ROOT / "sheets" / "demo-europe1619.toml").read_text(encoding="utf-8")
    text = re.sub(r'^until = ".*"$', 'until = "Y1620D"', text, count=1, flags=re.M)
    cut = tmp_path / "demo-europe1619-first-year.toml"
    cut.write_text(text[: text.index("[Y1620D]")], encoding="utf-8")
    runs = []
    for seed in ("1", "4242"):
        out = tmp_path / f"run-{seed}"
        env = {"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        runs.append((out, subprocess.Popen([sys.executable, "-c", SCRIPT, str(out), str(cut)], cwd=ROOT, env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
    for out, process in runs:
        assert process.wait(timeout=600) == 0, process.stderr.read()
        process.stderr.close()
    one, two = (_tree(out) for out, _ in runs)
    assert len(one) > 100 and any(name.endswith(".png") for name in one)
    assert sorted(one) == sorted(two)
    differ = [name for name in one if one[name] != two[name]]
    assert differ == []
