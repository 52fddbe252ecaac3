"""Bytes per phase of a built site, by file type (issue 19 item 3), printed by
``site_bench.py`` (a standard archive) and ``long_bench.py`` (a Europe 1619 game to 1648)."""

from __future__ import annotations

from pathlib import Path

PER_PHASE = (".html", ".json", ".txt", ".map.js", ".png")


def archive_bytes(site: Path) -> None:
    """Bytes per phase by file type, the largest phase, and the archive's total (issue 19
    item 3: 'a phase's page, JSON and text together ... under 60 KB and its own map layer
    under 60 KB')."""
    by_type = {suffix: [] for suffix in PER_PHASE}
    worst_text = worst_layer = 0
    for folder in sorted((site / "games").iterdir()):
        sizes = {f.name: f.stat().st_size for f in folder.iterdir()}
        for name in sizes:
            if not name.endswith(".map.js"):
                continue
            phase = name[:-len(".map.js")]
            for suffix in PER_PHASE:
                by_type[suffix].append(sizes.get(phase + suffix, 0))
            worst_text = max(worst_text, sum(sizes.get(phase + x, 0) for x in (".html", ".json", ".txt")))
            worst_layer = max(worst_layer, sizes[name])
    phases = len(by_type[".html"])
    total = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    shared = sum(f.stat().st_size for f in (site / "static").rglob("*") if f.is_file())
    print(f"archive: {phases} phases, {total / 1e6:.0f} MB in all ({shared / 1e3:.0f} KB shared: style, "
          f"map script, base maps); bytes per phase, mean by type: "
          + ", ".join(f"{suffix} {sum(v) / max(len(v), 1) / 1e3:.1f} KB" for suffix, v in by_type.items() if sum(v)))
    print(f"  largest phase: page + JSON + text {worst_text / 1e3:.1f} KB "
          f"({'meets' if worst_text < 60e3 else 'ABOVE'} the 60 KB target), map layer {worst_layer / 1e3:.1f} KB "
          f"({'meets' if worst_layer < 60e3 else 'ABOVE'} the 60 KB target)")
