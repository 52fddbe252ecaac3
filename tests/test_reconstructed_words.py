"""The site says where a figure it shows is this project's reconstruction, the published table
lost: the map legend's key to the center values, the variant's provinces page, and The Peace of
Westphalia's pages that show the Influence the Dilemma cards gave. Driven by the variant data
(``tables.toml [center_values] reconstructed``, ``[dilemma] reconstructed``, ``reconstructed``
in ``variant.toml``), never by a variant's name; standard says nothing of it.

Rulebooks: Europe 1619 (002), 'Supply centers: Each supply center is marked with a solid circle
inscribed with a number' (the map, lost); Europe 1615 v3 (000), 'Reference map showing INF and
victory point values of centers' (lost); Europe 1615 v2 (001), 'a symbol indicating a value (3,
9, or 15)' (rulebook 5, the map lost); The Peace of Westphalia (003), 'show either a Cooperate or
Compete card and take the Influence listed on the card' (the cards lost)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm_tools.edges.basemap import schematic_map
from gm_tools.edges.variants import load_variant, variants_dir
from gm_tools.errors import VariantDataError
from gm_tools.publish.legend import symbol_key
from gm_tools.publish.provincelist import names_page
from gm_tools.publish.site import TEMPLATES, SiteSettings, _environment, build_site
from demos import played
from sitegame import small_game

LEGEND = "(a number beside it: its value, reconstructed: the published table was lost)"
PAGE = "Reconstructed by gm_tools (the published ones were lost): "
DILEMMA = "The Influence on the Dilemma cards is reconstructed: the published cards were lost."


def _site_files(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8-sig") for p in sorted(site.rglob("*"))
            if p.suffix in (".html", ".js", ".svg", ".txt")}


def _europe1619_site(root: Path) -> Path:
    from test_site_golden import _europe1619

    _europe1619(root / "sheets")
    build_site(root / "sheets", root / "site", SiteSettings(base_map=schematic_map))
    return root / "site"


def test_europe1619s_map_and_provinces_page_say_the_center_values_are_reconstructed_and_standards_not(tmp_path):
    small_game(tmp_path / "standard", load_variant("standard"))
    build_site(tmp_path / "standard", tmp_path / "standard-site", SiteSettings(base_map=schematic_map))
    standard = _site_files(tmp_path / "standard-site")
    assert standard and not [name for name, text in standard.items() if "reconstructed" in text.lower()]
    files = _site_files(_europe1619_site(tmp_path))
    base = [text for name, text in files.items() if name.startswith("static/maps/") and name.endswith(".js")
            and ".map." not in name and "areas" not in name]
    assert base and all(text.count(LEGEND) == 1 for text in base)  # the picture's legend, once
    page = files["games/europe1619-demo/Y1619M.html"]
    assert page.count(LEGEND) == 1  # the key under the map, said once
    names = [text for name, text in files.items() if name.endswith(".provinces1.html")]
    assert len(names) == 1 and names[0].count(PAGE) == 1
    assert (PAGE + "the map, the center values, the Influence Allocation Table and the Military Cost "
            "Table.") in names[0]


@pytest.mark.parametrize("name", ["europe1615", "europe1615v2", "europe1619"])
def test_each_europe_legend_keys_its_values_as_reconstructed(name):
    assert sum(line.count(LEGEND) for line in symbol_key(load_variant(name))) == 1


def test_a_gm_with_the_published_values_clears_the_flag_and_the_legend_says_no_more(tmp_path):
    """variants/README.md, 'Changing a table': the GM types the published values over ours and
    marks the table no longer reconstructed; the legend's key is then the plain one."""
    folder = tmp_path / "europe1615"
    shutil.copytree(variants_dir() / "europe1615", folder)
    tables = folder / "tables.toml"
    text = tables.read_text(encoding="utf-8")
    start = text.index("[center_values]")
    tables.write_text(text[:start] + text[start:].replace("reconstructed = true", "reconstructed = false", 1),
                      encoding="utf-8")
    key = " ".join(symbol_key(load_variant(str(folder))))
    assert "(a number beside it: its value)" in key and "reconstructed" not in key


@pytest.mark.parametrize("name, named", [
    ("europe1615", "the map, the center values, the list of pliant minor states and the religious-marker table"),
    ("europe1615v2", "the map, the center values, the Table of INF Allocation per Year"),
    ("centenary", "the map."),
    ("westphalia", "the board, the Influence on the Dilemma cards, the battle card deck"),
])
def test_each_variants_provinces_page_names_what_is_reconstructed(name, named):
    env = _environment(TEMPLATES)
    page = names_page(env, load_variant(name))
    assert page.count(PAGE) == 1 and (PAGE + named) in page
    assert "econstructed" not in names_page(env, load_variant("standard"))


def test_a_reconstructed_entry_that_is_not_a_list_of_words_is_named_at_load(tmp_path):
    folder = tmp_path / "centenary"
    shutil.copytree(variants_dir() / "centenary", folder)
    toml = folder / "variant.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('reconstructed = ["the map"]', 'reconstructed = 1'),
                    encoding="utf-8")
    with pytest.raises(VariantDataError) as caught:
        load_variant(str(folder))
    assert "variant.toml: 'reconstructed' must be a list of strings, found 1" in str(caught.value)


@pytest.fixture(scope="module")
def westphalia_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("westphalia")
    played(root, "westphalia")
    build_site(root, root / "site")
    return root / "site" / "games" / "westphalia-demo"


def test_westphalias_pages_say_the_dilemma_cards_influence_is_reconstructed(westphalia_site):
    """The Player Turns of 1635 play the Diplomacy Game from the cards (its results 'takes 3
    Influence'): its page and judge text say once the figures are reconstructed; a step without
    a Diplomacy Game says nothing of it."""
    page = (westphalia_site / "R1635T.html").read_text(encoding="utf-8")
    assert "Diplomacy Game with" in page and page.count(DILEMMA) == 1
    text = (westphalia_site / "R1635T.txt").read_text(encoding="utf-8-sig")
    assert " ".join(text.split()).count(DILEMMA) == 1  # wrapped at 76 columns
    for quiet in ("P1510O", "R1635U"):
        assert "econstructed" not in (westphalia_site / f"{quiet}.html").read_text(encoding="utf-8")
