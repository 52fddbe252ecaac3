"""``gm-tools new-game``'s --player, --option and --players as the GM types them: a mistake
is named as typed, with what was expected, exit status 2, no traceback and no game made."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from gm_tools.app.cli import _build_parser, main
from gm_tools.edges.game import game_paths
from gm_tools.edges.variants import list_variants, load_variant
from gm_tools.engine.rules import Rules, rules_for


@pytest.mark.parametrize("players, said", [
    (["ENG=Ann", "ENG=Bob"], "--player 'ENG=Bob': found ENG's player named twice"),
    (["ENG=Ann", "England=Bob"], "player for 'ENGLAND': found ENGLAND's player named twice"),
])
def test_a_power_given_two_players_is_refused(tmp_path, capsys, players, said):
    """Before, the last --player silently won and Ann was never recorded."""
    argv = ["new-game", "standard", "g", "--root", str(tmp_path)]
    for item in players:
        argv += ["--player", item]
    assert main(argv) == 2
    assert said in capsys.readouterr().err
    assert not game_paths("g", tmp_path).game_json.exists() and not game_paths("g", tmp_path).workbook.exists()


def test_one_player_may_play_two_powers(tmp_path):
    assert main(["new-game", "standard", "g", "--root", str(tmp_path), "--player", "ENG=Ann", "--player", "FRA=Ann"]) == 0


@pytest.mark.parametrize("variant, option, said", [
    ("payola1615", "nonsense=1", "--option nonsense: found an option the game does not have, expected a known one "
                                 "(the europe1615v2 system reads: civil_disorder, diplomatic_attacks)"),
    ("payola1615", "diplomatic_attacks=maybe", "--option diplomatic_attacks='maybe': expected true or false ("),
    ("payola1615", "diplomatic_attacks=false,", "--option diplomatic_attacks='false,': expected true or false ("),
    ("europe1619", "max_strength=0", "--option max_strength=0: expected 1 or more ("),
    # the Military Cost Table's reader took the option as int() and stopped with a ValueError
    ("europe1619", "max_strength=x", "--option max_strength='x': expected a whole number ("),
    ("standard", "civil_disorder=a", "--option civil_disorder='a': expected one of 'home_centers', 'owned_centers'"),
    ("payola1615", "diplomatic_attacks=false diplomatic_attacks=true", "found option diplomatic_attacks chosen twice"),
])
def test_a_wrong_option_is_named_as_typed(tmp_path, variant, option, said):
    """Each of ``option``'s words is one --option. The options are the variant's [options] (variants/README.md); the GM typed --option, not
    variant.toml, so the message says what he typed."""
    argv = [sys.executable, "-m", "gm_tools", "new-game", variant, "g", "--root", str(tmp_path)]
    for item in option.split(" "):
        argv += ["--option", item]
    done = subprocess.run(argv, capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert said in done.stderr and "variant.toml" not in done.stderr
    assert not (tmp_path / "g").exists() and not (tmp_path / "g.xlsx").exists()


def test_the_players_help_names_every_variant_with_setups_by_count():
    """Europe 1615 v2 ('Setup for less than 5 players') and The Peace of Westphalia ('9 tiles
    per Player') take --players as Europe 1619 does; the help named Europe 1619's alone."""
    sub = next(a for a in _build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices["new-game"]
    helps = next(a.help for a in sub._actions if "--players" in a.option_strings)
    counted = [name for name, _, _ in list_variants()
               if type(rules_for(load_variant(name))).for_players is not Rules.for_players]
    assert sorted(counted) == ["europe1615v2", "europe1619", "westphalia"]
    for name in counted:
        assert f"{name}:" in helps


@pytest.mark.parametrize("seed", ["-5", "1000000000000000", "123456789012345678901"])
def test_a_seed_the_game_sheet_cannot_keep_is_refused(tmp_path, capsys, seed):
    """The seed is written on the Game sheet, which the turn reads it from; a spreadsheet cell
    keeps 15 digits exactly, so a longer seed came back rounded (123456789012345678901 was
    recorded as 123456789012345700352) and the game drew from a seed the GM never gave."""
    assert main(["new-game", "centenary", "g", "--root", str(tmp_path), "--seed", seed]) == 2
    assert f"--seed {seed}: expected a whole number, 0 or more, of at most 15 digits" in capsys.readouterr().err
    assert not (tmp_path / "g").exists()


def test_a_seed_of_15_digits_is_kept_exactly(tmp_path):
    """999999999999999, the largest seed taken, is the seed every turn reads and records."""
    from gm_tools.app.turn import run_turn

    assert main(["new-game", "centenary", "g", "--root", str(tmp_path), "--seed", "999999999999999"]) == 0
    run_turn("g", root=tmp_path, site_dir=None, force=True)
    import json

    record = json.loads(game_paths("g", tmp_path).record_file("S1618M").read_text(encoding="utf-8"))
    assert record["random"]["seed"] == "999999999999999"


@pytest.mark.parametrize("variant, players, said", [
    ("europe1619", 9, "--players 9: found 9 players, expected 10 to 15 for europe1619 (the rulebook's setups)"),
    # 'Setup for less than 5 players' (rulebook 001): 2, 3 and 4, and the game as written, 5
    ("payola1615", 6, "--players 6: found 6 players, expected 2, 3, 4, 5 for europe1615v2"),
    # 'with 9 tiles per Player' (rulebook 003): 3 to 14
    ("westphalia", 2, "--players 2: found 2 players, expected 3 to 14 for westphalia"),
    ("standard", 5, "--players 5: standard has no setups for other numbers of players (expected no --players)"),
])
def test_a_player_count_no_setup_has_is_said_alike_for_every_variant(tmp_path, capsys, variant, players, said):
    """Each variant said it its own way ('westphalia: found 2 players', 'Europe 1615 (version 2)
    is played by ...'): now each names --players as typed, found and expected."""
    assert main(["new-game", variant, "g", "--root", str(tmp_path), "--players", str(players)]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "g").exists()
