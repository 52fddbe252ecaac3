"""The Europe 1619 demo game (sheets/demo-europe1619.toml, gm_tools/app/demo.py): its
first year played through the real workbook pipeline, the whole file once, and its shape.

Rulebook: 002_e7e1b063b6c411e5.txt (the "1619 rulebook"); quoted words are
its own. The full four years are played by `make turn` (and by test_turn's shipped-demo test).
"""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from gm_tools.app.demo import DEMO_DIR, DemoDataError, play_demo, read_demo
from gm_tools.systems.europe1619.calendar import DIPLOMATIC, TRANSACTIONS
from gm_tools.systems.europe1619.entries import EntryError, sheet_cells
from gm_tools.app.turn import load_state, replay
from gm_tools.edges.variants import load_variant

from workflow_helpers import snapshot

EUROPE_ORDERS = DEMO_DIR / "demo-europe1619.toml"
EUROPE_NAME = read_demo(EUROPE_ORDERS).game


def play_europe_demo(root, path=EUROPE_ORDERS):
    """The Europe 1619 demo file played by the one demo runner."""
    return play_demo(read_demo(path), root)


def first_year(tmp_path):
    """The committed file cut after 1619: the same tables, stopping at Y1620D."""
    text = EUROPE_ORDERS.read_text(encoding="utf-8")
    text = re.sub(r'^until = ".*"$', 'until = "Y1620D"', text, count=1, flags=re.M)
    text = text[: text.index("[Y1620D]")]
    path = tmp_path / "first-year.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("europe-demo")
    play_europe_demo(tmp / "games", first_year(tmp))
    return tmp / "games"


def outcome(root, phase: str) -> dict:
    record = json.loads((root / EUROPE_NAME / "history" / f"{phase}.json").read_text(encoding="utf-8"))
    return record["extra"]["outcome"]


def test_the_first_year_plays_every_phase_and_replays(played):
    # 1619 rulebook, 'Sequence of play': Diplomatic, Orders, (Retreat), Map Adjustment, Builds and
    # Transactions, Scoring. Nothing was dislodged but a minor's fleet (disbanded, additional
    # rule 1), so there is no Retreat Phase.
    stored = sorted(p.stem for p in (played / EUROPE_NAME / "history").glob("*.json"))
    assert stored == ["Y1619B", "Y1619D", "Y1619J", "Y1619M", "Y1619S"]
    assert load_state(EUROPE_NAME, played).position.phase == "Y1620D"
    assert replay(EUROPE_NAME, root=played) == []


def test_every_power_places_its_allotment_and_the_attacks_take_effect(played):
    # 'Players cannot distribute more INFs than allotted for the year': the demo uses them all.
    variant = load_variant("europe1619")
    allotment = variant.tables["influence_allocation"]["inf_per_year"]
    diplomatic = outcome(played, "Y1619D")["diplomatic"]
    assert diplomatic["unused"] == {} or all(v == 0 for v in diplomatic["unused"].values())
    assert len(allotment) == 15
    # the attacks, in the ATTACK ORDER (Spain before the Dutch before the League), each a mutual
    # reduction: 'SPAIN (2) attacks FRANCE (5) in LOR: each loses 2'
    attacks = diplomatic["attacks"]
    assert [a.split()[0] for a in attacks] == ["SPAIN", "DUTCH", "LEAGUE"]
    assert diplomatic["statuses"]["LOR"]["infs"] == {"FRANCE": 3}
    # two powers equally invested: 'NEUTRAL' (Bohemia: Union 3, Saxony 3)
    assert diplomatic["statuses"]["BOHC"]["status"] == "NEUTRAL"
    # declarations made in 1619 wait for 1620 (docs/europe1619.md, 'Declarations')
    assert any("FRANCE" in d and "SPAIN" in d for d in diplomatic["declared"])


def test_savoy_captures_genoa_with_spanish_support(played):
    # 1619 rulebook: 'Any minor unit is automatically disbanded if dislodged' (additional rule 1);
    # the captor of a minor's home center captures the minor (its INFs 'held in suspension').
    adjustment = outcome(played, "Y1619J")["map_adjustment"]
    assert ["GEN", "SAVOY"] in adjustment["captured_minors"]
    assert {tuple(c) for c in adjustment["captures"]} >= {("BRB", "DUTCH"), ("POM", "POLAND")}
    position = load_state(EUROPE_NAME, played).position
    assert position.extra["europe1619"]["captured"]["GEN"] == "SAVOY"
    assert "GEN" not in {u.power for u in position.units.values()}


def test_purchases_and_the_loan_are_in_the_treasury(played):
    # 'Builds and Transactions Phase': income from the centers, spent on units; a loan moves TPs.
    treasury = outcome(played, "Y1619B")["transactions"]["treasury"]
    assert treasury["FRANCE"]["purchases"] == 9  # strength 4 -> 5 costs 9 TPs (the rulebook's example)
    assert treasury["VENICE"]["lent"] == 2 and treasury["SAVOY"]["borrowed"] == 2
    scores = outcome(played, "Y1619S")["scoring"]["scores"]
    assert len(scores) == 15 and scores["SAVOY"]["total"] > 0


def test_the_same_file_gives_the_same_bytes(played, tmp_path):
    play_europe_demo(tmp_path / "again", first_year(tmp_path))
    assert snapshot(tmp_path / "again") == snapshot(played)


def test_the_committed_file_spans_four_years_for_fifteen_powers():
    demo = read_demo(EUROPE_ORDERS)
    players, until, phases = demo.players, demo.until, demo.phases
    assert len(players) == 15 and until == "Y1623D"
    years = {phase[1:5] for phase in phases}
    assert years == {"1619", "1620", "1621", "1622"}
    assert all(len([p for p in phases[f"Y{y}D"] if p != "press"]) == 15 for y in years)


def test_a_line_of_the_wrong_form_names_its_phase_and_power():
    with pytest.raises(EntryError, match=r"\[Y1619D\] FRANCE: found 'LOR 4', expected '5: BRE'"):
        sheet_cells("Y1619D", {"FRANCE": ["LOR 4"]}, "demo.toml", DIPLOMATIC)
    with pytest.raises(EntryError, match=r"\[Y1619B\] SPAIN: found 'buy A MAD'"):
        sheet_cells("Y1619B", {"SPAIN": ["buy A MAD"]}, "demo.toml", TRANSACTIONS)
    cells = sheet_cells("Y1619B", {"SAVOY": ["build A TUR", "bolster GEN"]}, "demo.toml", TRANSACTIONS)
    assert cells == {"Purchases!A2": "SAVOY", "Purchases!B2": "build", "Purchases!C2": "A", "Purchases!D2": "TUR",
                     "Purchases!A3": "SAVOY", "Purchases!B3": "bolster", "Purchases!D3": "GEN"}
    # 'Loans': a loan, and its repayment with interest, on their own sheets.
    cells = sheet_cells("Y1621B", {
        "loans": [{"lender": "DUTCH", "borrower": "ENGLAND", "amount": 3, "interest": 1, "due": 1623}],
        "payments": [{"payer": "SAVOY", "payee": "VENICE", "amount": 3, "note": "repays"}]}, "demo.toml", TRANSACTIONS)
    assert cells == {"Loans!A2": "DUTCH", "Loans!B2": "ENGLAND", "Loans!C2": 3, "Loans!D2": 1, "Loans!E2": "1623",
                     "Payments!A2": "SAVOY", "Payments!B2": "VENICE", "Payments!C2": 3, "Payments!D2": "repays"}


def test_a_file_without_its_game_keys_is_refused(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("variant = 'europe1619'\n[players]\nFRANCE = 'Louis'\n", encoding="utf-8")
    with pytest.raises(DemoDataError, match="expected a key 'game'"):
        read_demo(path)
    assert tomllib.loads(path.read_text())  # the file itself is valid TOML: the message is about 'game'


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The committed file, all four years."""
    root = tmp_path_factory.mktemp("europe-demo-whole") / "games"
    play_europe_demo(root)
    return root


def test_the_whole_demo_exercises_the_rules_and_replays(whole):
    assert load_state(EUROPE_NAME, whole).position.phase == "Y1623D"
    assert replay(EUROPE_NAME, root=whole) == []
    # 'Effects of declarations': aligned minors' units follow their powers' orders (the Union's
    # Hesse, the League's Wuerzburg against the Palatinate, at war since 1621).
    results = {(r["power"], r["order"]): r["result"] for r in json.loads(
        (whole / EUROPE_NAME / "history" / "Y1621M.json").read_text(encoding="utf-8"))["results"]}
    assert results[("HES", "A HES S A PAL")] == "succeeds" and results[("WUE", "A WUE - PAL")] == "fails"
    # Additional rule 3: Austria's capture of Bohemia disbands the Confederacy's unit; 'Austria
    # and Bohemia': 5 more points while Austria holds it.
    adjustment = outcome(whole, "Y1622J")["map_adjustment"]
    assert ["BOHC", "AUSTRIA"] in adjustment["captured_minors"]
    assert outcome(whole, "Y1622S")["scoring"]["scores"]["AUSTRIA"]["bonus"] == 5
    # 'Loans': Savoy repays Venice's loan of 1619 with its interest in 1621.
    treasury = outcome(whole, "Y1621B")["transactions"]["treasury"]
    assert (treasury["SAVOY"]["paid"], treasury["VENICE"]["received"]) == (3, 3)
