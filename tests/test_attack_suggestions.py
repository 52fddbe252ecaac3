"""A diplomatic attack ('[minor state] > [power]') whose power is written as a minor state's
code that starts the power's name ('LOR > Fra': FRA is Franche-Comte in Europe 1615, 'LOR > Cat':
CAT is Catalonia in Europe 1619) is refused with the power it may have meant, and a power's name
before the '>' whose start is a minor state's code ('France > DENMARK') with that minor state,
as a misspelt name is ('did you mean FRANCE?'): at the workbook's cell and in `gm-tools orders`.
Europe 1619's phase result for it, which its record keeps, keeps its words: records replay byte
for byte (README, "Words the records keep").

Rulebooks: ``000_cc215928c2f3193e.txt`` (Europe 1615 v3), 'THE DIPLOMATIC ATTACK' ('MINOR STATE
> MAJOR POWER'); ``002_e7e1b063b6c411e5.txt`` (Europe 1619), '1 - Diplomatic Phase' ('[minor
state] > [power]').
"""

from __future__ import annotations

from pathlib import Path

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import load_state, new_game, run_turn
from gm_tools.edges.game import game_paths
from gm_tools.edges.workbook_fill import set_cells
from gm_tools.systems.europe1615.sheets import ATTACKS
from gm_tools.systems.europe1619.diplomatic_phase import run_on_position
from gm_tools.systems.europe1619.phases import setup_of

from demos import turn_refused


def _game(variant: str, root: Path, phase: str) -> None:
    new_game(variant, "g", root=root, seed=7, created="2000-01-01T00:00:00Z")
    while load_state("g", root).position.phase != phase:  # nothing entered on the way
        run_turn("g", root=root, site_dir=None, force=True)


def _sheet_refusals(root: Path, cells: dict) -> list[str]:
    """``cells`` typed into game g's workbook, the turn refused with nothing written: its lines."""
    paths = game_paths("g", root)
    original = paths.workbook.read_bytes()
    paths.workbook.write_bytes(set_cells(original, cells))
    error = turn_refused("g", root)
    paths.workbook.write_bytes(original)
    assert error is not None and "Traceback" not in error
    return [line.strip() for line in error.splitlines()[1:]]


def _mail_refusals(root: Path, text: str) -> dict[str, str]:
    report = enter_mails("g", [("m", text.encode())], root=root, dry_run=True)
    return {line: why for _, line, why in report.refused}


def test_europe1615_a_minor_states_code_for_a_power_and_a_power_for_a_minor_state_get_suggestions(tmp_path):
    _game("europe1615", tmp_path, "S1615M")
    lines = _sheet_refusals(tmp_path, {f"{ATTACKS}!A2": "SPAIN", f"{ATTACKS}!B2": "LOR > Fra",
                                       f"{ATTACKS}!A3": "ENGLAND", f"{ATTACKS}!B3": "France > DENMARK"})
    assert f"{ATTACKS}!B2: found 'Fra', a minor state, expected a power in play (did you mean FRANCE?)" in lines
    assert (f"{ATTACKS}!B3: found 'France', a power, expected a pliant minor state: INFs go to minor states and "
            "may not be lent to another power (did you mean FRA?)") in lines
    refused = _mail_refusals(tmp_path, "Spain\nLOR > fra\n")
    assert refused == {"'LOR > fra'": "a power in play (did you mean FRANCE?)"}


def test_europe1615_both_halves_wrong_suggest_on_both_sides(tmp_path):
    _game("europe1615", tmp_path, "S1615M")
    lines = _sheet_refusals(tmp_path, {f"{ATTACKS}!A2": "SPAIN", f"{ATTACKS}!B2": "LORR > Fra"})
    assert (f"{ATTACKS}!B2: found 'LORR > Fra', expected before the '>', a pliant minor state (found 'LORR'; did "
            "you mean LOR?); after it, a power in play (found 'Fra', a minor state; did you mean FRANCE?)") in lines


def test_europe1619_a_minor_states_code_for_a_power_is_told_the_power_and_the_phase_keeps_its_words(tmp_path):
    _game("europe1619", tmp_path, "Y1619D")
    lines = _sheet_refusals(tmp_path, {"Attacks!A2": "FRANCE", "Attacks!B2": "LOR > Cat"})
    assert lines == ["Attacks!B2: found 'LOR > Cat' (FRANCE), expected an order the rules allow (found 'Cat', a "
                     "minor state, expected a power in play (did you mean LEAGUE?))"]
    assert _mail_refusals(tmp_path, "France\nLOR > Cat\n") == {
        "'LOR > Cat'": "an order the rules allow (found 'Cat', a minor state, expected a power in play (did you "
                       "mean LEAGUE?))"}
    state = load_state("g", tmp_path)
    _, outcome = run_on_position(setup_of(state.variant, state.position), state.position, {"FRANCE": ["LOR > Cat"]})
    assert [r.reason for r in outcome.results] == ["illegal: found 'Cat', a minor state, expected a power in play"]
