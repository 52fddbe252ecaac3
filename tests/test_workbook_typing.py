"""What a spreadsheet program leaves in the cells a GM types: characters pasted from a web page
or a mail that the cell shows nothing of, numbers kept as text, spaces Excel doubles or makes
non-breaking. Each is read as the GM plainly meant it, or refused naming its cell."""

from __future__ import annotations

import json

import pytest

from gm_tools.app.turn import run_turn
from workflow_helpers import create, edit_workbook, problems_after, type_cells


def _recorded(paths, phase: str = "S1901M") -> dict:
    return json.loads((paths.history / f"{phase}.json").read_text(encoding="utf-8"))


def test_a_zero_width_space_pasted_into_an_order_or_power_cell_is_read_as_the_cell_shows(tmp_path):
    # Copied from a mail or a forum page, 'A PAR - BUR' may carry a zero-width space (or a
    # byte order mark, a soft hyphen): the GM sees the order, and the turn must read it.
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C14": "A PAR\u200b - BUR", "Orders!A15": "FRANCE\ufeff",
                       "Orders!C15": "A MAR - S\u00adPA", "Orders!C13": "F BRE\u2060 - MAO"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    france = {entry["cell"]: entry for entry in _recorded(paths)["orders"]["FRANCE"]}
    assert [france[c]["written"] for c in ("Orders!C13", "Orders!C14", "Orders!C15")] == [
        "F BRE - MAO", "A PAR - BUR", "A MAR - SPA"]
    assert all(france[c]["error"] is None for c in france)


def test_a_seed_kept_as_text_with_its_apostrophe_is_read_as_the_number(tmp_path):
    # LibreOffice keeps "'42" typed in a cell formatted as text with its apostrophe; the GM
    # meant the number. A fraction is still refused at its cell.
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "'42", "Orders!C14": "A PAR - BUR"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert _recorded(paths)["random"]["seed"] == "42"
    other = create(tmp_path / "other")
    type_cells(other, {"Game!B7": 4.5})
    assert problems_after(other, tmp_path / "other") == [
        "Game!B7: found '4.5', expected a whole number, 0 or more (the seed for the rules' randomness)"]


def test_a_boolean_in_an_order_cell_is_named_as_the_spreadsheet_shows_it(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C14": True})
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("Orders!C14: found 'TRUE', expected ")


def test_an_input_sheet_reads_numbers_kept_as_text_and_choices_spaced_as_excel_leaves_them(tmp_path):
    # Europe 1619's INF Placements and Declarations: "'3" (a number kept as text) and ' 2 ' with a
    # zero-width space are the numbers; a power with a non-breaking space, a zero-width space or
    # Alt+Enter's line break in its cell is that power.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "austria\u00a0", "INF Placements!B2": "'3", "INF Placements!C2": "CRO\u200b",
                       "INF Placements!A3": "FRANCE\u200b", "INF Placements!B3": " 2\u200b ", "INF Placements!C3": "LOR",
                       "Declarations!A2": "SPAIN", "Declarations!B2": "War", "Declarations!C2": "france\n"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert _recorded(paths, "Y1619D")["extra"]["europe1619"]["orders"] == {
        "AUSTRIA": ["3: CRO"], "FRANCE": ["2: LOR"], "SPAIN": ["WAR: FRANCE"]}


def test_a_choice_with_its_words_spaced_by_excel_is_the_choice(tmp_path):
    # 'Catholic  League' (doubled) or with a non-breaking space or a line break between its words.
    from gm_tools.edges.workbook import cell_value
    from gm_tools.engine.hooks import CHOICE, Column

    column = Column("League", CHOICE, ("Catholic League", "Protestant Union"), editable=True)
    for typed in ("Catholic  League", "catholic\u00a0league", "Catholic\nLeague", " Catholic League\u200b"):
        problems = []
        assert cell_value(column, typed, "S", "B2", problems) == "Catholic League" and problems == []


def test_an_input_sheets_header_retyped_in_another_case_or_spacing_is_its_column(tmp_path):
    # Excel's autocorrect or a GM retyping 'Minor state' as 'minor  state' (the sheet's
    # protection lifted): the column is the same; a header renamed to another word is named
    # at its cell, with what it holds.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!B1": " infs", "INF Placements!C1": "minor\u00a0 State",
                       "INF Placements!A2": "AUSTRIA", "INF Placements!B2": 3, "INF Placements!C2": "CRO"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert _recorded(paths, "Y1619D")["extra"]["europe1619"]["orders"] == {"AUSTRIA": ["3: CRO"]}
    other = create(tmp_path / "other", variant="europe1619")
    type_cells(other, {"INF Placements!B1": "INF", "INF Placements!A2": "AUSTRIA", "INF Placements!B2": 3,
                       "INF Placements!C2": "CRO"})
    assert problems_after(other, tmp_path / "other") == [
        "INF Placements!1:1: found no column 'INFs' (B1 holds 'INF'), expected the columns Power, INFs, Minor state"]


def test_an_error_value_in_a_cell_is_named_as_one_not_read_as_an_order_or_a_number(tmp_path):
    # '#N/A' or '#REF!' left by a paste or a formula whose cells moved: read as text it would be
    # refused as an order naming the province '#N', or taken for a player's entry.
    paths = create(tmp_path, variant="europe1619")

    def errors(wb):
        for ref, error in (("Orders!C2", "#REF!"), ("INF Placements!B2", "#N/A"), ("Declarations!C3", "#VALUE!")):
            sheet, cell = ref.split("!")
            wb[sheet][cell] = error
            wb[sheet][cell].data_type = "e"
        wb["INF Placements"]["A2"], wb["INF Placements"]["C2"] = "AUSTRIA", "CRO"
        wb["Declarations"]["A3"], wb["Declarations"]["B3"] = "SPAIN", "war"
    edit_workbook(paths.workbook, errors)
    assert problems_after(paths, tmp_path) == [
        "Orders!C2: found the error value '#REF!', expected a value typed over it",
        "INF Placements!B2: found the error value '#N/A', expected a value typed over it",
        "Declarations!C3: found the error value '#VALUE!', expected a value typed over it"]


def test_an_attack_whose_arrow_excel_autocorrected_is_read_as_the_rulebooks_form(tmp_path):
    # Europe 1619 (002, Diplomatic Phase: '[minor state] > [power]'): Excel's AutoCorrect turns
    # 'LOR --> FRANCE' into 'LOR → FRANCE' and 'WES ==> PAPACY' into 'WES ⇒ PAPACY'.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "SPAIN", "INF Placements!B2": 2, "INF Placements!C2": "LOR",
                       "INF Placements!A3": "DUTCH", "INF Placements!B3": 2, "INF Placements!C3": "WES",
                       "Attacks!A2": "SPAIN", "Attacks!B2": "LOR → FRANCE",
                       "Attacks!A3": "DUTCH", "Attacks!B3": "WES ⇒ PAPACY"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    attacks = {r["power"]: r for r in _recorded(paths, "Y1619D")["results"] if r["order"] in ("LOR > FRANCE", "WES > PAPACY")}
    assert attacks["SPAIN"]["reason"].startswith("SPAIN (2) attacks FRANCE (")
    assert attacks["DUTCH"]["reason"].startswith("DUTCH (2) attacks PAPACY (")


def test_an_attack_with_an_autocorrected_arrow_on_europe_1615s_sheet_is_an_attack(tmp_path):
    # Europe 1615 (000, Diplomatic Attacks: 'MINOR STATE > MAJOR POWER'), the demo's Summer 1615:
    # England attacks France's INFs in Lorraine, typed with the arrow Excel made of '-->'.
    paths = create(tmp_path, variant="europe1615")
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # the Initial Status Check
    type_cells(paths, {"INF Deployment!A2": "ENGLAND", "INF Deployment!B2": 5, "INF Deployment!C2": "LOR",
                       "INF Deployment!A3": "FRANCE", "INF Deployment!B3": 10, "INF Deployment!C3": "LOR"})
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # S1615M
    type_cells(paths, {"Diplomatic Attacks!A2": "ENGLAND", "Diplomatic Attacks!B2": "LOR → FRANCE"})
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed
    assert _recorded(paths, "U1615M")["extra"]["europe1615"]["attacks"] == [
        {"minor": "LOR", "power": "ENGLAND", "target": "FRANCE"}]


def test_a_minor_states_name_with_a_dash_or_an_umlaut_is_that_state(tmp_path):
    # Europe 1619 (002, Diplomatic Phase): 'Brandenburg–Prussia' with the dash Excel's
    # AutoCorrect or a word processor made of the hyphen, and 'Würzburg' as German writes the
    # variant's 'Wuerzburg', name BRAP and WUE.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"INF Placements!A2": "POLAND", "INF Placements!B2": 2, "INF Placements!C2": "Brandenburg–Prussia",
                       "INF Placements!A3": "LEAGUE", "INF Placements!B3": 2, "INF Placements!C3": "Würzburg"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert _recorded(paths, "Y1619D")["extra"]["europe1619"]["orders"] == {
        "POLAND": ["2: Brandenburg–Prussia"], "LEAGUE": ["2: Würzburg"]}
    placed = {r["power"]: r["reason"] for r in _recorded(paths, "Y1619D")["results"]}
    assert placed == {"POLAND": "2 INFs placed in BRAP", "LEAGUE": "2 INFs placed in WUE"}


def test_a_choice_typed_with_autocorrects_curly_apostrophe_is_the_choice(tmp_path):
    # Europe 1615's Sanction Rulings offer "Swedish/Gustav's intervention"; AutoCorrect (Mac
    # Excel, LibreOffice) types the apostrophe curly. Read by the turn: refused as a ruling on a
    # sanction not claimed, not as a word that is none of the choices.
    paths = create(tmp_path, variant="europe1615")
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # the Initial Status Check
    type_cells(paths, {"Sanction Rulings!A2": "Swedish/Gustav’s intervention", "Sanction Rulings!B2": "a ruling"})
    (problem,) = problems_after(paths, tmp_path)
    assert problem == ("Sanction Rulings!A2: found \"Swedish/Gustav's intervention\", expected a sanction that has come "
                       "into effect (none has yet)")


def test_a_declarations_other_power_named_by_its_name_is_that_power(tmp_path):
    # Europe 1619 (002, Diplomatic Phase: declarations of war and alliances): 'Dutch Republic'
    # in Other power, as the Power column already reads it.
    paths = create(tmp_path, variant="europe1619")
    type_cells(paths, {"Declarations!A2": "England", "Declarations!B2": "alliance", "Declarations!C2": "Dutch Republic",
                       "Declarations!A3": "Dutch Republic", "Declarations!B3": "alliance", "Declarations!C3": "England"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    assert _recorded(paths, "Y1619D")["extra"]["europe1619"]["orders"] == {
        "ENGLAND": ["ALLIANCE: DUTCH"], "DUTCH": ["ALLIANCE: ENGLAND"]}


def test_the_orders_header_retyped_in_another_case_is_the_same_column(tmp_path):
    # The sheet's protection lifted, 'Order' retyped 'order ': the column is where it was; a
    # header renamed to another word is still refused.
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C1": "order ", "Orders!B1": "UNIT", "Orders!C14": "A PAR - BUR"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    other = create(tmp_path / "other")
    type_cells(other, {"Orders!C1": "Orders"})
    assert problems_after(other, tmp_path / "other") == [
        "Orders!C1: found 'Orders', expected the header 'Order' gm-tools wrote (columns must not be moved or renamed)"]


@pytest.mark.parametrize("cells, problems", [
    # '=1900+1' in Game!B7: the formula is the problem; a second line saying the cell is empty
    # would send the GM looking for a cell that is not empty.
    ({"Game!B7": "=1900+1"},
     ["Game!B7: found a formula '=1900+1', expected a value typed in, not a formula (start the cell with an "
      "apostrophe to type a leading '=')"]),
    # A mail's two lines pasted into one cell (or typed with Alt+Enter): one order a cell. An
    # order broken over two lines of its cell still reads as the one order it is.
    ({"Orders!C14": "A PAR - BUR\nA MAR - SPA", "Orders!C13": "F BRE\n- MAO"},
     ["Orders!C14: found 'A PAR - BUR\\nA MAR - SPA', expected one order a cell, not 2 lines (Alt+Enter): type each "
      "order on its unit's row (a legal order (unexpected 'A MAR - SPA' after the destination BUR))"]),
    # Markdown's '- more troops' typed in Excel becomes the formula '=- more troops' (#NAME?).
    ({"Press!A2": "Spring news", "Press!A3": "=- more troops"},
     ["Press!A3: found a formula '=- more troops', expected a value typed in, not a formula (start the cell with an "
      "apostrophe to type a leading '='): Excel took the '-' that starts '- more troops' for a formula; type it "
      "with an apostrophe first, '- more troops"]),
], ids=["formula-for-the-seed-named-once", "two-orders-in-one-cell", "press-bullet-taken-for-a-formula"])
def test_a_spreadsheet_slip_is_named_once_at_its_cell_with_what_to_type(tmp_path, cells, problems):
    paths = create(tmp_path)
    type_cells(paths, cells)
    assert problems_after(paths, tmp_path) == problems


def test_an_order_pasted_with_its_own_powers_name_is_read_on_its_row(tmp_path):
    # A mail's line 'France: A PAR - BUR' pasted whole into France's row: the order is France's.
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C14": "France: A PAR - BUR", "Orders!C15": "FRANCE : A MAR - SPA"})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed
    france = {entry["cell"]: entry for entry in _recorded(paths)["orders"]["FRANCE"]}
    assert (france["Orders!C14"]["read"], france["Orders!C15"]["read"]) == ("A PAR - BUR", "A MAR - SPA")


def test_europe_1615s_infs_typed_with_the_word_are_the_number(tmp_path):
    # Europe 1615 (000, deploying INFs: 'France decides to deploy all INFs in the phase as
    # follows: 9 INFs to Wuerttemburg (WUR), 3 INFs to the Rhineland (RHI), 1 INFs to Lower
    # Saxony'): '5 INFs' or '1 INF' in the INFs cell, the rulebook's count, is that number.
    # Words that are no count stay refused as before.
    paths = create(tmp_path, variant="europe1615")
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # the Initial Status Check
    type_cells(paths, {"INF Deployment!A2": "ENGLAND", "INF Deployment!B2": "5 INFs", "INF Deployment!C2": "LOR",
                       "INF Deployment!A3": "FRANCE", "INF Deployment!B3": "1 inf", "INF Deployment!C3": "LOR"})
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed  # S1615M
    assert _recorded(paths, "S1615M")["extra"]["europe1615"]["placements"] == [
        {"power": "ENGLAND", "infs": 5, "minor": "LOR"}, {"power": "FRANCE", "infs": 1, "minor": "LOR"}]


def test_europe_1615s_infs_cell_holding_no_count_is_still_refused(tmp_path):
    paths = create(tmp_path, variant="europe1615")
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed
    type_cells(paths, {"INF Deployment!A2": "ENGLAND", "INF Deployment!B2": "five", "INF Deployment!C2": "LOR",
                       "INF Deployment!A3": "FRANCE", "INF Deployment!B3": 2.5, "INF Deployment!C3": "LOR"})
    assert problems_after(paths, tmp_path) == ["INF Deployment!B2: found 'five', expected a whole number (INFs)",
                                               "INF Deployment!B3: found '2.5', expected a whole number (INFs)"]


def test_a_number_in_a_percent_formatted_cell_is_named_as_the_gm_sees_it(tmp_path):
    # A cell Excel formats as a percentage shows '5%' for the 0.05 it stores: a refusal quoting
    # 0.05 names something the GM cannot find on the screen.
    def percent(wb):
        for ref, value, fmt in (("Orders!C14", 0.05, "0%"), ("Orders!C15", 0.125, "0.0%")):
            sheet, cell = ref.split("!")
            wb[sheet][cell].value, wb[sheet][cell].number_format = value, fmt

    paths = create(tmp_path)
    edit_workbook(paths.workbook, percent)
    problems = problems_after(paths, tmp_path)
    assert [p.split(", expected")[0] for p in problems] == ["Orders!C14: found '5%'", "Orders!C15: found '12.5%'"]


def test_a_column_inserted_in_the_orders_sheet_is_named_once_with_its_fix(tmp_path):
    """A "Notes" column inserted before the Order column (the sheet's protection lifted) is named
    once, at its column, with what to do; it was named as every header and every order cell one
    column off (32 lines for a standard game: 'found 'A BUD', expected a legal order'). Still
    refused, not read by the headers: `gm-tools orders` types a mail's orders into column C, and
    the next phase's workbook is laid out afresh, so a column read there would be typed over or
    lost. Nothing is written."""
    paths = create(tmp_path)

    def notes(wb):
        wb["Orders"].insert_cols(2)
        wb["Orders"]["B1"], wb["Orders"]["B3"], wb["Orders"]["D14"] = "Notes", "watch him", "A PAR - BUR"

    edit_workbook(paths.workbook, notes)
    assert problems_after(paths, tmp_path) == [
        "Orders!B:B: found a column inserted (headed 'Notes'), expected the columns gm-tools wrote (Power in A, "
        "Unit in B, Order in C): delete column B, as the orders are read and typed by their places; a note may go "
        "on a sheet of your own, which is carried to the next phase's workbook"]


def test_a_renamed_orders_header_is_still_named_at_its_cell(tmp_path):
    # no column inserted: each header not as written is named where it is, as before
    paths = create(tmp_path)
    type_cells(paths, {"Orders!B1": "Notes"})
    assert problems_after(paths, tmp_path) == [
        "Orders!B1: found 'Notes', expected the header 'Unit' gm-tools wrote (columns must not be moved or renamed)"]
