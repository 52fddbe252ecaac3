"""The variant loader, the registry, and the standard 1901 map.

Loader checks run on a small made-up variant ("mini") written into tmp_path and broken one
way per test; every test asserts the error names the file and the entry at fault.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm_tools.app.cli import main
from gm_tools.errors import UnknownVariantError, VariantDataError
from gm_tools.engine.model import ARMY, FLEET, Unit
from gm_tools.edges.variants import list_variants, load_variant, variants_dir

# --- the standard map ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def std():
    return load_variant("standard")


def test_standard_counts(std):
    assert len(std.provinces) == 75
    assert len(std.supply_centers()) == 34
    assert list(std.powers) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert sum(len(std.home_centers(p)) for p in std.powers) == 22
    assert len(std.start_units) == 22
    assert len(std.start_centers) == 22
    sea = [c for c, p in std.provinces.items() if p.type == "sea"]
    assert len(sea) == 19


def test_standard_victory_and_calendar(std):
    # 2000 rulebook, 'Object of the game': a power that controls 18 supply centers wins.
    assert std.victory_centers == 18
    assert std.calendar.first_phase == "S1901M"
    assert std.calendar.phases == (("S", "M"), ("S", "R"), ("F", "M"), ("F", "R"), ("W", "A"))
    assert std.options["rules"] == "standard"


def test_standard_start(std):
    # 2000 rulebook starting position; Russia's fleet starts on St Petersburg's south coast.
    assert Unit("RUSSIA", FLEET, "STP/SC") in std.start_units
    assert Unit("ENGLAND", ARMY, "LVP") in std.start_units
    assert Unit("TURKEY", FLEET, "ANK") in std.start_units
    assert std.home_centers("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert std.start_centers["TRI"] == "AUSTRIA"
    for unit in std.start_units:
        assert std.home_centers(unit.power).count(unit.province) == 1


def test_switzerland_is_not_a_province(std):
    # 2000 rulebook, 'Restricted Movement': Switzerland is impassable and can't be occupied.
    assert "SWI" not in std.provinces
    assert "switzerland" not in std.lookup
    assert not std.can_move(ARMY, "MUN", "SWI")


def test_split_coasts(std):
    # 2000 rulebook, 'Specific Movement Clarifications': Bulgaria, Spain and St. Petersburg
    # are the only provinces with two separately identified coasts; a fleet there moves
    # only to provinces adjacent to the coast it is on.
    split = {c: p.coasts for c, p in std.provinces.items() if p.coasts}
    assert split == {"BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}
    assert std.can_move(FLEET, "SPA/SC", "MAR")
    assert not std.can_move(FLEET, "SPA/NC", "MAR")
    assert std.can_move(FLEET, "MAO", "SPA/NC") and std.can_move(FLEET, "MAO", "SPA/SC")
    assert std.can_move(FLEET, "BAR", "STP/NC") and not std.can_move(FLEET, "BAR", "STP/SC")
    assert std.can_move(FLEET, "BLA", "BUL/EC") and not std.can_move(FLEET, "BLA", "BUL/SC")
    assert std.fleet_dest_coasts("CON", "BUL") == ["BUL/EC", "BUL/SC"]
    # Armies ignore coasts.
    assert std.can_move(ARMY, "MAR", "SPA") and std.can_move(ARMY, "GAS", "SPA")


def test_fleets_move_along_coastlines_only(std):
    # 2000 rulebook, Diagram 3: a fleet in Rome can move to Tuscany or Naples, but not to
    # Venice or Apulia, which border Rome inland, not along the coast.
    assert std.adjacent_provinces(FLEET, "ROM") == {"TUS", "NAP", "TYS"}
    assert std.adjacent_provinces(ARMY, "ROM") == {"TUS", "NAP", "APU", "VEN"}
    assert not std.can_move(FLEET, "APU", "ROM")
    assert std.can_move(FLEET, "APU", "VEN")


def test_kiel_and_constantinople_carry_fleets_across(std):
    # 2000 rulebook, 'Specific Movement Clarifications': a fleet can pass through Kiel
    # (Baltic <-> Helgoland Bight) and Constantinople (Black Sea <-> Aegean).
    assert std.can_move(FLEET, "BAL", "KIE") and std.can_move(FLEET, "KIE", "HEL")
    assert std.can_move(FLEET, "BLA", "CON") and std.can_move(FLEET, "CON", "AEG")
    assert not std.can_move(FLEET, "BAL", "HEL")


def test_adjacency_is_symmetric_and_typed(std):
    for prov, dests in std.army_adjacency.items():
        assert std.provinces[prov].type != "sea"
        for d in dests:
            assert prov in std.army_adjacency[d]
    for loc, dests in std.fleet_adjacency.items():
        assert std.unit_can_stand(FLEET, loc)
        for d in dests:
            assert loc in std.fleet_adjacency[d]
    assert std.army_adjacency["PAR"] == frozenset({"BRE", "BUR", "GAS", "PIC"})
    assert "PAR" not in std.fleet_adjacency  # Paris is inland


@pytest.mark.parametrize(
    "spelling, code",
    [
        ("gol", "LYO"), ("mid", "MAO"), ("nat", "NAO"), ("nrg", "NWG"), ("gob", "BOT"), ("ech", "ENG"),
        ("north atlantic ocean", "NAO"), ("mid-atlantic ocean", "MAO"), ("gulf of lyon", "LYO"),
        ("lyo", "LYO"), ("paris", "PAR"), ("st petersburg", "STP"), ("english channel", "ENG"),
        ("spa/nc", "SPA/NC"), ("spain/nc", "SPA/NC"), ("stp/sc", "STP/SC"), ("bul(ec)", "BUL/EC"),
        ("spa (south coast)", "SPA/SC"), ("st petersburg nc", "STP/NC"), ("bulgaria/east coast", "BUL/EC"),
    ],
)
def test_aliases_resolve(std, spelling, code):
    assert std.lookup[spelling] == code


def test_registry_names_and_aliases(std):
    assert load_variant("classic") is std  # cached: one object per folder
    assert load_variant("STANDARD") is std
    assert load_variant(variants_dir() / "standard") is std
    names = {name: (title, aliases) for name, title, aliases in list_variants()}
    assert "classic" in names["standard"][1]


def test_unknown_variant_lists_known_ones():
    with pytest.raises(UnknownVariantError, match=r"unknown variant 'nosuch': .*standard \(classic"):
        load_variant("nosuch")


def test_a_misspelt_variant_names_the_one_it_was_meant_to_be():
    """A GM's slip of the keys in a variant's name or alias ('westfalia', 'clasic') gets the
    variant it was meant to be before the list of every variant."""
    for typed, meant in (("westfalia", "westphalia"), ("clasic", "standard"), ("centenery", "centenary")):
        with pytest.raises(UnknownVariantError, match=rf"unknown variant '{typed}' \(did you mean {meant}\?\): "):
            load_variant(typed)


# --- the command line ---------------------------------------------------------------------


def test_cli_variants(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("standard\tStandard Diplomacy") for line in out.splitlines())


def test_cli_variant_json(capsys):
    assert main(["variant", "standard", "--json"]) == 0
    first = capsys.readouterr().out
    data = json.loads(first)
    assert data["name"] == "standard"
    assert len(data["provinces"]) == 75
    assert data["start"]["units"]["RUSSIA"] == ["A MOS", "F SEV", "F STP/SC", "A WAR"]
    assert data["adjacency"]["fleet"]["SPA/NC"] == ["GAS", "MAO", "POR"]
    assert data["victory"] == {"centers": 18}
    spa = next(p for p in data["provinces"] if p["code"] == "SPA")
    assert spa["coasts"] == ["NC", "SC"] and spa["supply_center"] and spa["home"] is None
    assert main(["variant", "classic", "--json"]) == 0
    assert capsys.readouterr().out == first  # deterministic


def test_cli_variant_summary_and_error(capsys):
    assert main(["variant", "standard"]) == 0
    out = capsys.readouterr().out
    assert "75 provinces, 34 supply centers, 18 to win" in out
    assert main(["variant", "payola1615"]) == 0          # won by points, not by a count of centers
    assert "65 supply centers, won by victory points" in capsys.readouterr().out
    assert main(["variant", "nosuch"]) == 2
    assert "unknown variant 'nosuch'" in capsys.readouterr().err


# --- loader checks on a small variant -----------------------------------------------------

MINI_VARIANT = """\
title = "Mini"
aliases = ["tiny"]
rules = "standard"

[victory]
centers = 2

[calendar]
first_phase = "S1901M"
phases = [["S", "M"], ["F", "M"], ["W", "A"]]
seasons = { S = "Spring", F = "Fall", W = "Winter" }
types = { M = "Movement", A = "Adjustment" }

[[powers]]
code = "RED"
name = "Red"
adjective = "Redish"
colour = "#ff0000"

[[powers]]
code = "BLUE"
name = "Blue"
adjective = "Bluish"
colour = "#0000ff"

[start.units]
RED = ["A LND"]
BLUE = ["F SPL/SC"]

[start.centers]
RED = ["LND"]
BLUE = ["SPL"]
"""

MINI_PROVINCES = """\
[LND]
name = "Landia"
type = "land"
center = true
home = "RED"
army = ["CST", "SPL"]

[CST]
name = "Coastia"
type = "coast"
center = true
army = ["LND", "SPL"]
fleet = ["SEA", "SPL/NC"]

[SPL]
name = "Splitland"
type = "coast"
aliases = ["split"]
center = true
home = "BLUE"
army = ["CST", "LND"]
[SPL.coasts]
NC = ["CST", "SEA"]
SC = ["SEA2"]

[SEA]
name = "Blue Sea"
type = "sea"
aliases = ["bls"]
fleet = ["CST", "SEA2", "SPL/NC"]

[SEA2]
name = "Deep Sea"
type = "sea"
fleet = ["SEA", "SPL/SC"]
"""


def _write(folder: Path, variant: str = MINI_VARIANT, provinces: str = MINI_PROVINCES) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.toml").write_text(variant, encoding="utf-8")
    (folder / "provinces.toml").write_text(provinces, encoding="utf-8")
    return folder


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, f"test setup: {old!r} not in the mini variant"
    return text.replace(old, new, 1)


def _problems(tmp_path: Path, variant: str = MINI_VARIANT, provinces: str = MINI_PROVINCES) -> list[str]:
    folder = _write(tmp_path / "mini", variant, provinces)
    with pytest.raises(VariantDataError) as info:
        load_variant(folder)
    assert info.value.variant == "mini"
    return info.value.problems


def _broken_provinces(tmp_path, old, new):
    return _problems(tmp_path, provinces=_edit(MINI_PROVINCES, old, new))


def _broken_variant(tmp_path, old, new):
    return _problems(tmp_path, variant=_edit(MINI_VARIANT, old, new))


def test_mini_loads(tmp_path):
    v = load_variant(_write(tmp_path / "mini"))
    assert v.name == "mini" and v.title == "Mini"
    assert v.fleet_adjacency["SPL/NC"] == frozenset({"CST", "SEA"})
    assert v.army_adjacency["LND"] == frozenset({"CST", "SPL"})
    assert v.lookup["split/sc"] == "SPL/SC" and v.lookup["splitland(nc)"] == "SPL/NC"
    assert v.start_units == (Unit("RED", ARMY, "LND"), Unit("BLUE", FLEET, "SPL/SC"))
    assert v.notes == "" and v.tables == {}


def test_registry_from_env(tmp_path, monkeypatch):
    _write(tmp_path / "mini")
    monkeypatch.setenv("GM_TOOLS_VARIANTS", str(tmp_path))
    assert variants_dir() == tmp_path
    assert list_variants() == [("mini", "Mini", ("tiny",))]
    assert load_variant("tiny").name == "mini"


def test_a_name_read_in_a_sentence_takes_its_article(tmp_path):
    """A power or province may name the word a sentence puts before it ("an alliance with the
    Dutch Republic"); the name alone stays as it is for headings and tables."""
    variant = _edit(MINI_VARIANT, 'name = "Blue"', 'name = "Blue Republic"\narticle = "the"')
    provinces = _edit(MINI_PROVINCES, 'name = "Blue Sea"', 'name = "Blue Sea"\narticle = "the"')
    v = load_variant(_write(tmp_path / "mini", variant, provinces))
    assert v.powers["BLUE"].in_text == "the Blue Republic" and v.powers["BLUE"].name == "Blue Republic"
    assert v.provinces["SEA"].in_text == "the Blue Sea" and v.provinces["SEA"].name == "Blue Sea"
    assert v.powers["RED"].in_text == "Red" and v.provinces["LND"].in_text == "Landia"


@pytest.mark.parametrize("written", ['"The"', '"the old"', "true"])
def test_an_article_that_cannot_stand_mid_sentence_is_refused(tmp_path, written):
    problems = _broken_variant(tmp_path, 'name = "Blue"', f'name = "Blue"\narticle = {written}')
    assert problems == [f"variant.toml [[powers]] #2 (BLUE): 'article' must be one lower-case word such as "
                        f"\"the\", found {'True' if written == 'true' else repr(written.strip(chr(34)))}"]
    problems = _broken_provinces(tmp_path, 'name = "Deep Sea"', f'name = "Deep Sea"\narticle = {written}')
    assert len(problems) == 1 and problems[0].startswith("provinces.toml [SEA2]: 'article' must be one lower-case word")


@pytest.mark.parametrize("name, minor", [("europe1615", "PAPL"), ("europe1615v2", "PAP"), ("europe1619", "BOHC")])
def test_a_minor_states_article_is_read_and_checked(tmp_path, name, minor):
    """A minor state's table row names its article as a power's does: the GM's messages say
    "deploy INFs to the Papal States"; a wrong one is reported when the variant is loaded."""
    import shutil

    import importlib

    v = load_variant(name)
    setup_module = {"europe1615": "setup", "europe1615v2": "setup", "europe1619": "phases"}[name]
    setup_of = importlib.import_module(f"gm_tools.systems.{name}.{setup_module}").setup_of
    assert setup_of(v).minors[minor].in_text.startswith("the ")
    folder = tmp_path / name
    shutil.copytree(variants_dir() / name, folder)
    tables = (folder / "tables.toml").read_text(encoding="utf-8")
    start = tables.index(f"[minor_states.{minor}]")
    at = tables.index('article = "the"', start)
    (folder / "tables.toml").write_text(tables[:at] + 'article = "The"' + tables[at + 15:], encoding="utf-8")
    with pytest.raises(VariantDataError) as caught:
        load_variant(str(folder))
    assert f"[minor_states.{minor}]: 'article' must be one lower-case word such as \"the\", found 'The'" in str(
        caught.value)


def test_tables_notes_and_extra_kept(tmp_path):
    folder = _write(tmp_path / "mini", provinces=_edit(MINI_PROVINCES, 'name = "Landia"', 'name = "Landia"\nminor = true'))
    (folder / "tables.toml").write_text("[income]\nreconstructed = true\nLND = 3\n", encoding="utf-8")
    (folder / "NOTES.md").write_text("A judgement.\n", encoding="utf-8")
    v = load_variant(folder)
    assert v.provinces["LND"].extra == {"minor": True}
    assert v.tables == {"income": {"reconstructed": True, "LND": 3}}
    assert v.notes == "A judgement.\n"


def test_unknown_adjacency_target(tmp_path):
    problems = _broken_provinces(tmp_path, 'army = ["CST", "SPL"]', 'army = ["CST", "SPL", "XYZ"]')
    assert "provinces.toml [LND]: army move to unknown province XYZ" in problems


def test_unknown_coast(tmp_path):
    problems = _broken_provinces(tmp_path, 'fleet = ["SEA", "SPL/NC"]', 'fleet = ["SEA", "SPL/EC"]')
    assert "provinces.toml [CST]: fleet move to SPL/EC but [SPL] has no coast EC (coasts: NC, SC)" in problems


def test_fleet_move_to_split_province_needs_coast(tmp_path):
    problems = _broken_provinces(tmp_path, 'fleet = ["SEA", "SPL/NC"]', 'fleet = ["SEA", "SPL"]')
    assert "provinces.toml [CST]: fleet move to SPL must name the coast (SPL/NC or SPL/SC)" in problems


def test_asymmetric_army_adjacency(tmp_path):
    problems = _broken_provinces(tmp_path, 'army = ["LND", "SPL"]', 'army = ["SPL"]')
    assert "provinces.toml [LND]: army move to CST but [CST] army does not list LND" in problems


def test_asymmetric_fleet_adjacency_per_coast(tmp_path):
    problems = _broken_provinces(tmp_path, 'NC = ["CST", "SEA"]', 'NC = ["SEA"]')
    assert "provinces.toml [CST]: fleet move to SPL/NC but [SPL] coast NC does not list CST" in problems


def test_coast_lists_wrong_neighbour_coast(tmp_path):
    # SEA2 touches the south coast; listing it from the north coast is one-sided.
    problems = _broken_provinces(tmp_path, 'NC = ["CST", "SEA"]', 'NC = ["CST", "SEA", "SEA2"]')
    assert "provinces.toml [SPL] coast NC: fleet move to SEA2 but [SEA2] fleet does not list SPL/NC" in problems


def test_split_coast_province_with_plain_fleet_list(tmp_path):
    problems = _broken_provinces(tmp_path, 'army = ["CST", "LND"]\n', 'army = ["CST", "LND"]\nfleet = ["SEA"]\n')
    assert any(p.startswith("provinces.toml [SPL]: a split-coast province lists fleet moves only per coast") for p in problems)


def test_fleet_moves_on_land_province(tmp_path):
    problems = _broken_provinces(tmp_path, 'army = ["CST", "SPL"]', 'army = ["CST", "SPL"]\nfleet = ["SEA"]')
    assert "provinces.toml [LND]: land province lists fleet moves (a fleet cannot be inland)" in problems
    assert "provinces.toml [SEA]: fleet move to land province LND (a fleet cannot be inland)" not in problems
    problems = _broken_provinces(tmp_path, 'fleet = ["SEA", "SPL/NC"]', 'fleet = ["SEA", "SPL/NC", "LND"]')
    assert "provinces.toml [CST]: fleet move to land province LND (a fleet cannot be inland)" in problems


def test_army_at_sea(tmp_path):
    problems = _broken_provinces(tmp_path, 'fleet = ["SEA", "SPL/SC"]', 'fleet = ["SEA", "SPL/SC"]\narmy = ["SPL"]')
    assert "provinces.toml [SEA2]: sea province lists army moves (an army cannot be at sea)" in problems
    problems = _broken_provinces(tmp_path, 'army = ["LND", "SPL"]', 'army = ["LND", "SPL", "SEA"]')
    assert "provinces.toml [CST]: army move to sea province SEA (an army cannot be at sea)" in problems


def test_duplicate_alias_case_insensitive(tmp_path):
    problems = _broken_provinces(tmp_path, 'aliases = ["bls"]', 'aliases = ["bls", "LANDIA"]')
    assert "provinces.toml [SEA]: alias 'landia' is already a code, name or alias of [LND]" in problems
    problems = _broken_provinces(tmp_path, 'name = "Deep Sea"', 'name = "BLUE SEA"')
    assert "provinces.toml [SEA2]: name 'blue sea' is already a code, name or alias of [SEA]" in problems
    problems = _broken_provinces(tmp_path, 'aliases = ["split"]', 'aliases = ["split", "cst"]')
    assert "provinces.toml [SPL]: alias 'cst' is already a code, name or alias of [CST]" in problems


def test_home_center_checks(tmp_path):
    problems = _broken_provinces(tmp_path, 'home = "RED"', 'home = "GREEN"')
    assert "provinces.toml [LND]: home 'GREEN' is not a power (powers: RED, BLUE)" in problems
    problems = _broken_provinces(tmp_path, 'center = true\nhome = "RED"', 'home = "RED"')
    assert "provinces.toml [LND]: home center of RED but not a supply center (add center = true)" in problems


def test_a_domain_must_name_a_power(tmp_path):
    # the map tints a home province that is no center by its domain (variants/README.md)
    problems = _broken_provinces(tmp_path, 'type = "coast"\ncenter = true\narmy = ["LND", "SPL"]',
                                 'type = "coast"\ncenter = true\ndomain = "GREEN"\narmy = ["LND", "SPL"]')
    assert "provinces.toml [CST]: domain 'GREEN' is not a power (powers: RED, BLUE)" in problems


def test_start_unit_checks(tmp_path):
    problems = _broken_variant(tmp_path, 'RED = ["A LND"]', 'RED = ["A LND", "A XYZ", "F LND", "A SEA", "F SPL", "A CST", "F CST"]')
    where = "variant.toml [start.units] RED"
    assert f"{where}: 'A XYZ': unknown province XYZ" in problems
    assert f"{where}: 'F LND': a fleet cannot be inland" in problems
    assert f"{where}: 'A SEA': an army cannot be at sea" in problems
    assert f"{where}: 'F SPL': a fleet in SPL stands on a coast (SPL/NC or SPL/SC)" in problems
    assert f"{where}: 'F CST': CST already holds A CST of RED (one unit a province)" in problems
    assert len(problems) == 5


def test_start_unit_unknown_power_and_bad_text(tmp_path):
    problems = _broken_variant(tmp_path, 'BLUE = ["F SPL/SC"]', 'BLUE = ["F SPL/SC", "X CST"]\nGREEN = ["A CST"]')
    assert "variant.toml [start.units] GREEN: unknown power (powers: RED, BLUE)" in problems
    assert "variant.toml [start.units] BLUE: 'X CST' is not a unit like \"A PAR\" or \"F SPA/NC\"" in problems


def test_start_center_checks(tmp_path):
    problems = _broken_variant(tmp_path, 'BLUE = ["SPL"]', 'BLUE = ["SPL", "LND", "SEA"]')
    assert "variant.toml [start.centers] BLUE: LND is already owned by RED (owned twice)" in problems
    assert "variant.toml [start.centers] BLUE: SEA is not a supply center" in problems


def test_first_phase_not_in_calendar(tmp_path):
    problems = _broken_variant(tmp_path, 'first_phase = "S1901M"', 'first_phase = "F1901R"')
    assert problems == ["variant.toml [calendar]: first_phase F1901R is not in phases"]


def test_unknown_and_misspelt_keys(tmp_path):
    problems = _broken_variant(tmp_path, "centers = 2", "centres = 2")
    assert "variant.toml [victory]: unknown key 'centres' (did you mean 'centers'?)" in problems
    problems = _broken_variant(tmp_path, 'colour = "#ff0000"', 'colour = "#ff0000"\ncolor = "#ff0000"')
    assert "variant.toml [[powers]] #1 (RED): unknown key 'color' (did you mean 'colour'?)" in problems
    problems = _broken_provinces(tmp_path, 'name = "Coastia"', 'name = "Coastia"\ncentre = true')
    assert problems == ["provinces.toml [CST]: unknown key 'centre' (did you mean 'center'?)"]
    problems = _broken_variant(tmp_path, 'title = "Mini"', 'title = "Mini"\ntitel = "x"')
    assert "variant.toml: unknown key 'titel' (did you mean 'title'?)" in problems


def test_rules_module_must_exist(tmp_path):
    problems = _broken_variant(tmp_path, 'rules = "standard"', 'rules = "nosuchrules"')
    assert problems == ['variant.toml: rules = "nosuchrules" but there is no game system gm_tools/systems/nosuchrules/']


def test_bad_toml_names_file(tmp_path):
    problems = _problems(tmp_path, provinces=MINI_PROVINCES + "\n[BROKEN\n")
    assert len(problems) == 1 and problems[0].startswith("provinces.toml: not valid TOML")


def test_every_problem_reported_at_once(tmp_path):
    provinces = _edit(MINI_PROVINCES, 'NC = ["CST", "SEA"]', 'NC = ["SEA"]')
    provinces = _edit(provinces, 'home = "RED"', 'home = "GREEN"')
    variant = _edit(MINI_VARIANT, 'RED = ["A LND"]', 'RED = ["A LND", "F LND"]')
    variant = _edit(variant, 'first_phase = "S1901M"', 'first_phase = "S1901R"')
    folder = _write(tmp_path / "mini", variant, provinces)
    with pytest.raises(VariantDataError) as info:
        load_variant(folder)
    problems = info.value.problems
    assert len(problems) == 4
    message = str(info.value)
    assert message.startswith("variant 'mini' has 4 problem(s):")
    for part in ("[CST]: fleet move to SPL/NC", "[LND]: home 'GREEN'", "'F LND': a fleet cannot be inland", "first_phase S1901R"):
        assert part in message


def test_registry_reports_broken_and_clashing_variants(tmp_path, monkeypatch):
    _write(tmp_path / "mini")
    _write(tmp_path / "other", variant=_edit(MINI_VARIANT, 'aliases = ["tiny"]', 'aliases = ["tiny2", "mini"]'))
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "variant.toml").write_text('title = "Bad"\naliases = ["b"\n', encoding="utf-8")
    monkeypatch.setenv("GM_TOOLS_VARIANTS", str(tmp_path))
    # A broken neighbour does not stop a good variant loading by name or alias.
    assert load_variant("tiny").name == "mini"
    with pytest.raises(VariantDataError) as info:
        list_variants()
    assert info.value.variant == "bad" and info.value.problems[0].startswith("variant.toml: not valid TOML")
    with pytest.raises(UnknownVariantError) as unknown:
        load_variant("b")
    text = str(unknown.value)
    assert "known variants: mini (tiny)" in text
    assert "variant 'other' not readable: variant.toml: alias 'mini' is already the name or an alias of variant 'mini'" in text
    assert "variant 'bad' not readable: variant.toml: not valid TOML" in text


def test_duplicate_power_code(tmp_path):
    problems = _broken_variant(tmp_path, 'code = "BLUE"', 'code = "RED"')
    assert "variant.toml [[powers]] #2 (RED): power code RED used twice" in problems


def test_wrong_value_types(tmp_path):
    problems = _broken_provinces(tmp_path, 'name = "Coastia"\ntype = "coast"\ncenter = true', 'name = "Coastia"\ntype = "hills"\ncenter = "yes"')
    assert "provinces.toml [CST]: 'type' must be one of land, coast, sea, found 'hills'" in problems
    assert "provinces.toml [CST]: 'center' must be true or false, found 'yes'" in problems


def test_missing_file(tmp_path):
    folder = _write(tmp_path / "mini")
    (folder / "provinces.toml").unlink()
    with pytest.raises(VariantDataError) as info:
        load_variant(folder)
    assert info.value.problems == [f"provinces.toml: file missing in {folder}"]


def test_a_power_is_called_by_its_name_and_the_code_its_sheets_use():
    # The GM's reports name a winner as the pages do; the code stays beside a name that says
    # something else (the Peace of Westphalia's players are colours on the sheets).
    assert load_variant("standard").power_called("GERMANY") == "Germany"
    assert load_variant("westphalia").power_called("YELLOW") == "Yellow Elephant (YELLOW)"
    assert load_variant("standard").power_called("NOBODY") == "NOBODY"
