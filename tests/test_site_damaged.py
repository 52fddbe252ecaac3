"""One game's damaged file in an archive of several (README, 'A game file damaged or lost by
hand'): `gm-tools site`, and the publishing step of every other game's turn, stopped for the
whole archive on it. The build now leaves that game out with its fault said, keeps the pages
an earlier build made of it, builds every other game, and `site` ends with an error status.
Real games, real files, a real build."""

from __future__ import annotations

import json

from gm_tools.app.cli import main
from gm_tools.edges.variants import load_variant
from gm_tools.publish.site import build_site
from gm_tools.publish.sitefiles import MANIFEST
from sitegame import play_next, small_game


def _archive(tmp_path):
    variant = load_variant("standard")
    sheets, site = tmp_path / "sheets", tmp_path / "site"
    history = small_game(sheets, variant, "alpha", phases=2)
    small_game(sheets, variant, "beta", phases=2)
    build_site(sheets, site)
    return variant, sheets, site, history


def test_a_damaged_game_keeps_its_pages_and_the_other_games_are_published(tmp_path, capsys):
    variant, sheets, site, history = _archive(tmp_path)
    beta_pages = {p.relative_to(site): p.read_bytes() for p in (site / "games" / "beta").rglob("*") if p.is_file()}
    game_json = sheets / "beta" / "game.json"
    game_json.write_text(game_json.read_text()[:40])  # cut short, as a bad copy or a full disk leaves it
    play_next(sheets, variant, history, "alpha")  # the other game plays its next phase

    report = build_site(sheets, site)

    assert report.damaged == ["beta"]
    assert [w for w in report.warnings if "damaged JSON" in w and str(game_json) in w and "beta" in w]
    assert (site / "games" / "alpha" / f"{history[-1]['phase']}.html").is_file()  # alpha's new phase published
    assert {p.relative_to(site): p.read_bytes() for p in (site / "games" / "beta").rglob("*") if p.is_file()} == beta_pages
    assert 'href="games/beta/index.html"' in (site / "index.html").read_text()  # still listed as it was

    assert main(["site", "--root", str(sheets), "--out", str(site)]) == 1
    out = capsys.readouterr()
    assert "damaged JSON" in out.out and "Traceback" not in out.out + out.err

    game_json.write_text(json.dumps({"created": "x"}))  # another fault: said again
    assert build_site(sheets, site).damaged == ["beta"]


def test_a_damaged_game_never_built_is_left_out_and_the_rest_is_built(tmp_path):
    variant = load_variant("standard")
    sheets, site = tmp_path / "sheets", tmp_path / "site"
    small_game(sheets, variant, "alpha", phases=1)
    small_game(sheets, variant, "beta", phases=1)
    (sheets / "beta" / "game.json").write_text("{")

    report = build_site(sheets, site)

    assert report.damaged == ["beta"]
    assert (site / "games" / "alpha" / "index.html").is_file()
    assert not (site / "games" / "beta").exists()
    assert "games/beta/" not in (site / "index.html").read_text()
    assert "beta" not in json.loads((site / MANIFEST).read_text())["games"]


def test_a_mended_game_is_published_again(tmp_path):
    _, sheets, site, _ = _archive(tmp_path)
    game_json = sheets / "beta" / "game.json"
    good = game_json.read_bytes()
    game_json.write_bytes(good[:30])
    assert build_site(sheets, site).damaged == ["beta"]
    game_json.write_bytes(good)
    report = build_site(sheets, site)
    assert report.damaged == [] and report.warnings == []
    assert main(["site", "--root", str(sheets), "--out", str(site)]) == 0


def test_a_record_file_lost_keeps_the_games_pages_and_says_which(tmp_path, capsys):
    """The second damage the brief names: a record file missing from the history, not the
    game.json. The game's pages stay as built, the others are published, `site` ends with 1."""
    variant, sheets, site, history = _archive(tmp_path)
    beta_pages = {p.relative_to(site): p.read_bytes() for p in (site / "games" / "beta").rglob("*") if p.is_file()}
    records = sorted((sheets / "beta").rglob("S1901M*.json"))
    assert records, "the small game records its first phase"
    records[0].unlink()
    play_next(sheets, variant, history, "alpha")

    assert main(["site", "--root", str(sheets), "--out", str(site)]) == 1
    out = capsys.readouterr()
    assert f"expected {records[0]}, which is missing; game beta is not published" in out.out
    assert "Traceback" not in out.out + out.err
    assert (site / "games" / "alpha" / f"{history[-1]['phase']}.html").is_file()
    assert {p.relative_to(site): p.read_bytes() for p in (site / "games" / "beta").rglob("*") if p.is_file()} == beta_pages
    assert 'href="games/beta/index.html"' in (site / "index.html").read_text()
