"""The Peace of Westphalia: a GM's slips on the Setup's sheets (Pick Provinces, Diplomatic
Influence) and the Player Turns step's (Peace Treaties, Influence Changes, Wars, Spread the Faith,
Religious War, Electors Changed) named at the cell he typed, with what was found and
what was expected (a misspelt name with the nearest names), and nothing written
(docs/workbook.md, "Checking"; docs/westphalia.md, "What a treaty costs").

Rulebook ``003_b5b9eb4920d39694.txt``, 'Peace Treaties': "If you win: Conquer 1 province with a
town, or up to 2 provinces without one" and "Additionally, your allies may each take 1 adjacent
province" (a treaty's Winner is the war's winner or his ally); "For every province you take
without a town that wasn't adjacent at the start of your turn you lose 1 Diplomatic Influence"
(the loss a whole number on the Influence Changes sheet); 'Declare War on either an eligible
Player or an unaligned Principality'; 'Spread the Faith': "On a heretical province you control
... On a neighboring or allied Principality". Played on the demo's round 5: Blue, beside the
west edge, beats Orange and takes FRS and DES. 'Setup': "Each Player picks 4 provinces ...
and a capital"; "Each Player receives 3 Diplomatic Influence"; 'Religious War': "a Player in a
League ... may Declare a Religious War against a heretical Target Principality" and the Electors
"replacing them with Electors of his choice".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_tools.systems.westphalia.sheets import CHANGES, TREATIES, WARS

from westphalia_mails import ROUND_FIVE_CELLS
from demos import copy_with_cells, played_until, played_until_fixture, turn_refused

GAME = "westphalia-demo"
BLUE_TAKES = {f"{WARS}!A2": "BLUE", f"{WARS}!B2": "ORANGE", f"{TREATIES}!A2": "BLUE", f"{TREATIES}!B2": "FRS",
              f"{TREATIES}!A3": "BLUE", f"{TREATIES}!B3": "DES"}
PAID = {f"{CHANGES}!A2": "BLUE", f"{CHANGES}!B2": "saved", f"{CHANGES}!C2": -1, f"{CHANGES}!D2": "DES"}


round_five = played_until_fixture("westphalia", "R1610T")


def _refused(round_five: Path, tmp_path: Path, cells: dict) -> str:
    root = copy_with_cells(round_five, tmp_path / "games", GAME, {**ROUND_FIVE_CELLS, **BLUE_TAKES, **PAID, **cells})
    error = turn_refused(GAME, root)  # checks nothing was written
    assert error is not None and "Traceback" not in error
    return error


def test_the_slips_fixed_are_taken(round_five, tmp_path):
    root = copy_with_cells(round_five, tmp_path / "games", GAME, {**ROUND_FIVE_CELLS, **BLUE_TAKES, **PAID})
    assert turn_refused(GAME, root) is None


def test_a_misspelt_treaty_winner_is_named_at_the_winner_cell(round_five, tmp_path):
    """Not at the Province cell as a province no war allows: the Winner cell, the name nearest."""
    error = _refused(round_five, tmp_path, {f"{TREATIES}!A3": "BLUEE"})
    assert (f"{TREATIES}!A3: found 'BLUEE', expected a player or principality of the game, the war's winner or "
            "the winner's ally (BLUE beat ORANGE) (nearest: BLUE)") in error
    assert f"{TREATIES}!B3" not in error


def test_a_misspelt_treaty_province_is_named_with_the_nearest_provinces(round_five, tmp_path):
    error = _refused(round_five, tmp_path, {f"{TREATIES}!B3": "DESS"})
    assert f"{TREATIES}!B3: found 'DESS', expected a province of the board, of a war's loser (nearest: " in error
    assert "DES (Dessau)" in error


def test_a_blank_change_is_found_as_an_empty_cell(round_five, tmp_path):
    """A blank Change cell is 'an empty cell', as every blank cell of the sheets, not 'None'."""
    error = _refused(round_five, tmp_path, {f"{CHANGES}!C2": None})
    assert f"{CHANGES}!C2: found an empty cell, expected a whole number of Diplomatic Influence, not 0" in error
    assert "None" not in error


def test_a_misspelt_war_target_is_named_with_the_nearest_name(round_five, tmp_path):
    error = _refused(round_five, tmp_path, {f"{WARS}!B2": "ORANG"})
    assert (f"{WARS}!B2: found 'BLUE > ORANG', expected a player with provinces in the Empire, a Foreign Power or "
            "an unaligned principality (nearest: ORANGE)") in error


def test_a_misspelt_faith_target_is_named_with_the_nearest_names(round_five, tmp_path):
    """A principality misspelt gets the principality, a province the provinces (not the players:
    a die goes on a province or a principality)."""
    error = _refused(round_five, tmp_path, {"Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "DREE",
                                            "Spread the Faith!C2": 1})
    assert ("Spread the Faith!B2: found 'YELLOW: DREE', expected a province of the board or a principality's name "
            "(nearest: DRE (Dresden)") in error
    error = _refused(round_five, tmp_path / "2", {"Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "Gosler",
                                                  "Spread the Faith!C2": 1})
    assert "expected a province of the board or a principality's name (nearest: Goslar" in error


@pytest.fixture(scope="module")
def setup_steps(tmp_path_factory) -> dict[str, Path]:
    """The demo played up to its Pick Provinces and its Place Diplomatic Influence steps."""
    roots = {}
    for phase in ("P1510L", "P1510D"):
        roots[phase] = tmp_path_factory.mktemp(phase)
        played_until(roots[phase], "westphalia", phase)
    return roots


def _setup_refused(root: Path, tmp_path: Path, cells: dict) -> str:
    copy = copy_with_cells(root, tmp_path / "games", GAME, cells)
    error = turn_refused(GAME, copy)
    assert error is not None and "Traceback" not in error
    return error


def test_a_misspelt_province_in_a_list_typed_with_spaces_is_named(setup_steps, tmp_path):
    """'EIC EIS HAE HAMM': the word that is no province is said, with its nearest provinces."""
    error = _setup_refused(setup_steps["P1510L"], tmp_path, {"Pick Provinces!B2": "EIC EIS HAE HAMM",
                                                             "Pick Provinces!C2": "HAM"})
    assert ("Pick Provinces!B2: found 'EIC EIS HAE HAMM', expected provinces of the board (codes or names): HAMM "
            "is none (nearest: HAM (Hameln)") in error


def test_a_blank_capital_and_a_blank_influence_are_found_as_an_empty_cell(setup_steps, tmp_path):
    error = _setup_refused(setup_steps["P1510L"], tmp_path, {"Pick Provinces!B2": "EIC EIS HAE HAM"})
    assert "Pick Provinces!C2: found an empty cell, expected one province of the board" in error
    error = _setup_refused(setup_steps["P1510D"], tmp_path / "2", {"Diplomatic Influence!A2": "RED",
                                                                   "Diplomatic Influence!B2": "Trier"})
    assert "Diplomatic Influence!C2: found an empty cell, expected a whole number of Diplomatic Influence, 1 or more" \
        in error
    assert "None" not in error and "found ''" not in error


ROUND_FOUR = {**{f"Player Turns!{c}{r}": v for r, row in enumerate(
    [("YELLOW", "no", "yes", "yes", "no"), ("ORANGE", "yes", "yes", "no", "no"), ("BLUE", "no", "yes", "yes", "no"),
     ("RED", "no", "yes", "yes", "no", "", "Evangelical League"), ("GREEN", "yes", "no", "yes", "no")], start=2)
    for c, v in zip("ABCDEFG", row)},
    "Religious War!B2": "RED", "Religious War!B3": "Goslar", "Religious War!B4": "Catholic League",
    "Religious War!B5": "Evangelical League", "Electors Changed!A2": "Brandenburg", "Electors Changed!B2": "Lübeck"}
"""Round 4's Player Turns and Religious War as the demo enters them (R1585T): Red declares on Goslar."""


round_four = played_until_fixture("westphalia", "R1585T")


def test_the_religious_war_as_the_demo_enters_it_is_taken(round_four, tmp_path):
    copy = copy_with_cells(round_four, tmp_path / "games", GAME, ROUND_FOUR)
    assert turn_refused(GAME, copy) is None


def test_a_misspelt_religious_war_target_is_named_at_the_target_cell(round_four, tmp_path):
    """At B3, where the Target is typed (not the Declarer's B2), with the nearest principality."""
    error = _setup_refused(round_four, tmp_path, {**ROUND_FOUR, "Religious War!B3": "Goslr"})
    assert "Religious War!B3: found 'RED > Goslr', expected a principality on the board (nearest: Goslar)" in error


def test_an_elector_added_misspelt_or_blank_is_named(round_four, tmp_path):
    # 'Lubeck' is Lübeck, as a mail and the other principality columns read it: a slip of the keys is named
    error = _setup_refused(round_four, tmp_path, {**ROUND_FOUR, "Electors Changed!B2": "Lubek"})
    assert ("Electors Changed!B2: found 'Lubek', expected a principality on the board that is no Elector yet, to "
            "replace it (nearest: Lübeck)") in error
    error = _setup_refused(round_four, tmp_path / "2", {**ROUND_FOUR, "Electors Changed!B2": None})
    assert "Electors Changed!B2: found an empty cell, expected a principality on the board that is no Elector yet" \
        in error


def test_two_provinces_in_a_treaty_or_a_dice_cell_are_named_not_read_as_the_first(round_five, tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Peace Treaties': 'Conquer 1 province with a town,
    or up to 2 provinces without one'; 'Spread the Faith': 'an additional heretical province of
    your choice that you control'. 'FRS, DES' typed in one Province cell was read as FRS alone,
    DES silently left to its holder; 'DRE, GOR' in a Where or Also converts cell as DRE alone. Each
    is named at its cell, asking for a row a province, and nothing is written."""
    error = _refused(round_five, tmp_path, {f"{TREATIES}!B2": "FRS, DES", f"{TREATIES}!A3": None,
                                            f"{TREATIES}!B3": None})
    assert error.splitlines()[1:] == [f"  {TREATIES}!B2: found 'FRS, DES', expected one province a row, a row for "
                                      "each province taken ('Conquer 1 province with a town, or up to 2 provinces "
                                      "without one')"]
    error = _refused(round_five, tmp_path / "2", {"Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "DRE GOR",
                                                  "Spread the Faith!C2": 1})
    assert error.splitlines()[1:] == ["  Spread the Faith!B2: found 'YELLOW: DRE GOR', expected one province or "
                                      "principality a row, where the row's dice are placed (a row for each place)"]
    error = _refused(round_five, tmp_path / "3", {"Spread the Faith!A2": "YELLOW", "Spread the Faith!B2": "DRE",
                                                  "Spread the Faith!C2": 1, "Spread the Faith!D2": "GOR, GOT"})
    assert error.splitlines()[1:] == ["  Spread the Faith!D2: found 'GOR, GOT', expected an additional heretical "
                                      "province YELLOW controls, one ('an additional heretical province of your "
                                      "choice that you control')"]


def test_a_province_typed_twice_is_said_and_a_slash_separates(setup_steps, tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Pick Provinces': 'The First Player picks 4
    provinces'. 'EIC, EIS, HAE, HAM, HAM' was refused as 'expected 4 different provinces, found
    4', which does not say what is wrong: the province typed twice is named, and the count says
    4 different of the 5 typed ('expected 4 different, found 4' contradicted itself). 'EIC/EIS/HAE/HAM' is
    four provinces, as with commas (it was refused as no province of the board)."""
    error = _setup_refused(setup_steps["P1510L"], tmp_path, {"Pick Provinces!B2": "EIC, EIS, HAE, HAM, HAM",
                                                             "Pick Provinces!C2": "HAM"})
    assert ("Pick Provinces!B2: found 'EIC, EIS, HAE, HAM, HAM', expected 4 different provinces, found 4 different "
            "in 5 typed (HAM typed twice)") in error
    copy = copy_with_cells(setup_steps["P1510L"], tmp_path / "slash", GAME, {
        "Pick Provinces!A2": "RED", "Pick Provinces!B2": "EIC/EIS/HAE/HAM", "Pick Provinces!C2": "HAM"})
    error = turn_refused(GAME, copy)
    assert "Pick Provinces!B2" not in error and "Pick Provinces!B3" in error


def test_yes_and_no_typed_as_excel_keeps_them_are_the_demos_choices(round_five, tmp_path):
    # 'Players will choose 2/3' actions: a GM ticks them as he would in any spreadsheet, TRUE and
    # FALSE (Excel keeps them as booleans), y/n, 1/0, a tick, as a mailed line may say them; the
    # turn records what the demo's 'yes' and 'no' give.
    import json

    # Round five's rows (westphalia_mails.ROUND_FIVE): YELLOW, ORANGE, RED, GREEN 'yes yes no no', BLUE 'no yes yes no'
    ticked = [(True, "Y", False, "n"), ("✓", 1, 0, "FALSE"), ("x", "true", " No ", 0), ("yes", "YES", "No", "no"),
              (False, "✔", "y", "N")]
    typed = {f"Player Turns!{col}{r}": way for r, row in enumerate(ticked, start=2) for col, way in zip("BCDE", row)}
    assert {ref: ROUND_FIVE_CELLS[ref] for ref in typed} != typed
    records = []
    for name, cells in (("as-demo", ROUND_FIVE_CELLS), ("as-ticked", {**ROUND_FIVE_CELLS, **typed})):
        root = copy_with_cells(round_five, tmp_path / name, GAME, {**cells, **BLUE_TAKES, **PAID})
        assert turn_refused(GAME, root) is None
        record = json.loads((root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8"))
        records.append((record["extra"], record["results"]))
    assert records[0] == records[1]


def test_a_province_named_without_its_umlaut_is_that_province(setup_steps, tmp_path):
    """'Each Player picks 4 provinces ... and a capital': Blue's Düren typed on a keyboard without
    umlauts, 'Dueren' or 'Duren', is DUR, as the demo's code gives; Göttingen likewise."""
    import json

    import openpyxl

    demo = {"RED": ("EIC, EIS, HAE, HAM", "HAM"), "BLUE": ("DUI, DUR, GRA, HAL", "HAL"),
            "YELLOW": ("DRE, GOI, GOR, GOT", "GOI"), "GREEN": ("BER, DIL, GER, GIE", "GIE"),
            "ORANGE": ("DES, FRS, FUL, FUR", "FUR")}
    typed = {**demo, "BLUE": ("Duisburg, Dueren, GRA, HAL", "HAL"), "YELLOW": ("DRE, Goettingen, GOR, GOT", "Gottingen")}
    sheet = openpyxl.load_workbook(setup_steps["P1510L"] / f"{GAME}.xlsx")["Pick Provinces"]
    rows = {sheet.cell(r, 1).value: r for r in range(2, 7)}
    records = []
    for name, picks in (("as-demo", demo), ("no-umlauts", typed)):
        cells = {f"Pick Provinces!{col}{rows[p]}": v for p, row in picks.items() for col, v in zip("BC", row)}
        root = copy_with_cells(setup_steps["P1510L"], tmp_path / name, GAME, cells)
        assert turn_refused(GAME, root) is None
        record = json.loads((root / GAME / "history" / "P1510L.json").read_text(encoding="utf-8"))
        records.append((record["after"], [r["reason"] for r in record["results"]]))
    assert records[0] == records[1]


def test_a_principality_named_without_its_umlaut_or_article_is_that_principality(round_five, tmp_path):
    """A principality typed on Place Influence as a mailed line may name it ('docs/westphalia.md',
    "By mail": without its article or accents): Lübeck as 'Luebeck' or 'Lubeck', The Palatinate
    as 'palatinate'."""
    import json

    placed = []
    for n, typed in enumerate(("Luebeck", "Lubeck", "palatinate")):
        root = copy_with_cells(round_five, tmp_path / str(n), GAME, {
            **ROUND_FIVE_CELLS, **BLUE_TAKES, **PAID,
            "Place Influence!A2": "BLUE", "Place Influence!B2": typed, "Place Influence!C2": 1})
        assert turn_refused(GAME, root) is None
        record = json.loads((root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8"))
        placed.append(json.dumps(record["extra"], ensure_ascii=False).count('"Lübeck"' if n < 2 else '"The Palatinate"'))
    assert placed[0] == placed[1] and placed[0] > 0 and placed[2] > 0


def test_a_league_or_doctrine_typed_by_its_start_is_read_as_a_mail_reads_it(round_five, tmp_path):
    """rulebook 003 (The Peace of Westphalia), 'Join a League': 'Players may Join a League, as in
    Engaging in Diplomacy'; 'Setting the Warfare Stage': 'When all Players Waging War have had an
    opportunity to Declare Wars and change their Military Doctrines'. A mailed 'League: catholic'
    or 'Doctrine: innov' is the Catholic League or Innovative (docs/westphalia.md: 'a choice ... by
    its start when that is one choice alone'), but the same word typed in the League or New
    doctrine cell was refused ('found 'catholic', expected one of Catholic League, Evangelical
    League', with no hint): the cell reads it so, and the turn records what the full name gives."""
    import json

    records = []
    for name, league, doctrine in (("full", "Catholic League", "Innovative"), ("start", "catholic", "innov")):
        cells = {**ROUND_FIVE_CELLS, **BLUE_TAKES, **PAID, "Player Turns!G2": league, f"{WARS}!D2": doctrine}
        root = copy_with_cells(round_five, tmp_path / name, GAME, cells)
        assert turn_refused(GAME, root) is None
        record = json.loads((root / GAME / "history" / "R1610T.json").read_text(encoding="utf-8"))
        records.append((record["extra"], record["results"]))
    assert records[0] == records[1]
    assert any("Catholic League" in r["order"] for r in records[0][1]), records[0][1]
