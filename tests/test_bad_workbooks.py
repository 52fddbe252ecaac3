"""Bad workbooks: each gives its error naming sheet!cell, what was found and what was
expected, all problems at once, and leaves every file byte-identical (nothing written)."""

from __future__ import annotations

import io

import openpyxl  # the GM's spreadsheet program, for damage a GM can do that cells cannot show
import pytest

from gm_tools.app.cli import main
from gm_tools.app.turn import run_turn
from gm_tools.edges.workbook_fill import set_cells
from workflow_helpers import create, edit_workbook, play, problems_after, snapshot, type_cells


def cell_of(paths, unit: str) -> str:
    ws = openpyxl.load_workbook(paths.workbook)["Orders"]
    for row in ws.iter_rows(min_row=2):
        if row[1].value == unit:
            return f"Orders!{row[2].coordinate}"
    raise AssertionError(unit)


def test_missing_sheet(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: wb.remove(wb["Orders"]))
    assert problems_after(paths, tmp_path) == ["Orders: found no such sheet, expected the Orders sheet gm-tools wrote"]


def test_unknown_power(tmp_path):
    paths = create(tmp_path)
    cell = cell_of(paths, "A PAR")
    row = cell.split("C")[-1]
    type_cells(paths, {f"Orders!A{row}": "PRUSSIA", cell: "A PAR - BUR"})
    assert problems_after(paths, tmp_path) == [
        f"Orders!A{row}: found 'PRUSSIA', expected a power of standard: "
        "AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"
    ]


def test_typo_in_a_province(tmp_path):
    paths = create(tmp_path)
    cell = cell_of(paths, "A PAR")
    type_cells(paths, {cell: "A PRX - BUR"})
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith(f"{cell}: found 'A PRX - BUR', expected ")
    assert "'PRX' is not a province" in problem and "did you mean PAR" in problem


def test_a_pasted_page_in_a_cell_is_named_with_a_glimpse_not_echoed_whole(tmp_path):
    """A cell holds up to 32,767 characters: a paste gone wrong into an order cell was echoed
    whole, twice, in one message. The message names the cell, shows its start and its length."""
    from gm_tools.errors import CLIP, CLIP_EXPECTED

    paths = create(tmp_path)
    cell = cell_of(paths, "A PAR")
    type_cells(paths, {cell: "A PAR - BUR " + "and so on " * 500})
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith(f"{cell}: found 'A PAR - BUR and so on")
    assert "characters in all)" in problem and len(problem) < CLIP + CLIP_EXPECTED + 100


def test_two_orders_for_one_unit(tmp_path):
    paths = create(tmp_path)
    first, second = cell_of(paths, "A PAR"), cell_of(paths, "F BRE")
    type_cells(paths, {first: "A PAR - BUR", second: "A PAR - PIC"})
    # Both cells are named: the GM must decide which order the player meant.
    assert problems_after(paths, tmp_path) == [
        f"{first}: found 'A PAR - BUR', expected one order for A PAR, which also has 'A PAR - PIC' at {second}",
        f"{second}: found 'A PAR - PIC', expected one order for A PAR, which already has 'A PAR - BUR' at {first}",
    ]


def test_order_for_a_unit_that_does_not_exist(tmp_path):
    paths = create(tmp_path)
    cell = cell_of(paths, "A MAR")
    type_cells(paths, {cell: "A GAS - BRE"})
    assert problems_after(paths, tmp_path) == [f"{cell}: found 'A GAS - BRE', expected a legal order (no unit in GAS)"]


def test_the_choices_a_cell_takes_are_named_whole_however_many(tmp_path):
    """The GM types one of the names the message gives: a list of 20 sanctions (Europe 1615's
    Sanctions Timeline) was cut after 260 characters, the names he needed among those left out."""
    from gm_tools.app.turn import new_game

    new_game("europe1615", "e", root=tmp_path, seed=4, created="2000-01-01T00:00:00Z")
    from gm_tools.app.turn import load_state

    paths = load_state("e", tmp_path).paths
    data = set_cells(paths.workbook.read_bytes(), {"Sanctions Timeline!A3": "nonsense"})
    paths.workbook.write_bytes(data)
    problem = next(p for p in problems_after(paths, tmp_path) if p.startswith("Sanctions Timeline!A3"))
    assert "characters in all" not in problem
    from gm_tools.edges.variants import load_variant

    titles = [row["title"] for row in load_variant("europe1615").tables["sanctions"].values() if isinstance(row, dict)]
    assert len(titles) > 15 and [t for t in titles if t not in problem] == []


def test_a_slip_of_the_keys_in_a_choice_cell_names_the_choice_it_was_meant_to_be(tmp_path):
    """A cell that takes one of a list (a power on Europe 1619's INF Placements, a sanction on
    Europe 1615's timeline) names the whole list and, for a typo, the choice nearest to it
    ('Frnace': did you mean FRANCE?); a word near nothing gets the list alone. Nothing is
    written."""
    from gm_tools.app.turn import load_state, new_game

    new_game("europe1619", "n", root=tmp_path, seed=4, created="2000-01-01T00:00:00Z")
    paths = load_state("n", tmp_path).paths
    paths.workbook.write_bytes(set_cells(paths.workbook.read_bytes(), {
        "INF Placements!A2": "Frnace", "INF Placements!B2": 2, "INF Placements!C2": "LOR",
        "INF Placements!A3": "Narnia", "INF Placements!B3": 2, "INF Placements!C3": "LOR"}))
    problems = [p for p in problems_after(paths, tmp_path) if p.startswith("INF Placements!A")]
    assert [p.split(":")[0] for p in problems] == ["INF Placements!A2", "INF Placements!A3"]
    assert problems[0].startswith("INF Placements!A2: found 'Frnace', expected one of AUSTRIA, ")
    assert problems[0].endswith(" (Power; did you mean FRANCE?)")
    assert problems[1].endswith(" (Power)") and "did you mean" not in problems[1]


def test_a_short_order_whose_unit_cell_was_cleared_or_overwritten_names_that_cell(tmp_path):
    """An order typed without its unit (``H``, ``- SER``) is read with the unit in column B of
    its row; when a paste cleared or overwrote that cell, the message says so, naming it."""
    paths = create(tmp_path)
    bud, lvp = cell_of(paths, "A BUD"), cell_of(paths, "A LVP")
    type_cells(paths, {bud.replace("!C", "!B"): None, bud: "- SER", lvp.replace("!C", "!B"): "A XXX", lvp: "H"})
    assert problems_after(paths, tmp_path) == [
        f"{bud}: found '- SER', expected a unit in {bud.replace('!C', '!B')} to read it with: an order typed without "
        "its unit is read with the one gm-tools wrote beside it, and that cell holds none (type the whole order, "
        "such as A PAR - BUR)",
        f"{lvp}: found 'H', expected the province of the ordered unit, but 'XXX' is not a province of Standard "
        f"Diplomacy (1901) (read with its row's unit, {lvp.replace('!C', '!B')}: A XXX)",
    ]


def test_text_where_a_number_belongs(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "forty-two"})
    assert problems_after(paths, tmp_path) == [
        "Game!B7: found 'forty-two', expected a whole number, 0 or more (the seed for the rules' randomness)"
    ]


def test_every_problem_is_reported_in_one_pass(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Game!B7": "x", cell_of(paths, "A PAR"): "A PRX - BUR", cell_of(paths, "A MUN"): "A MUN - BRU"})
    assert len(problems_after(paths, tmp_path)) == 3


def test_wrong_variant_and_old_copy(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Game!B3": "centenary", "Game!B4": "F1905M"})
    problems = problems_after(paths, tmp_path)
    assert problems[0] == "Game!B3: found 'centenary', expected 'standard', the game's variant"
    assert problems[1].startswith("Game!B4: found 'F1905M', expected 'S1901M', the game's current phase")


def test_foreign_workbook(tmp_path):
    paths = create(tmp_path)
    buffer = io.BytesIO()
    openpyxl.Workbook().save(buffer)
    paths.workbook.write_bytes(buffer.getvalue())
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("Game: found no Game sheet")


@pytest.mark.parametrize("damage", [lambda b: b[: len(b) // 2], lambda b: b"not a spreadsheet at all"])
def test_damaged_file(tmp_path, damage):
    paths = create(tmp_path)
    paths.workbook.write_bytes(damage(paths.workbook.read_bytes()))
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("the file: found ") and "expected an .xlsx workbook" in problem


def test_cli_prints_each_problem_and_exits_non_zero(tmp_path, capsys):
    paths = create(tmp_path)
    cell = cell_of(paths, "A PAR")
    type_cells(paths, {cell: "A PRX - BUR"})
    before = paths.workbook.read_bytes()
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert f"  {cell}: found 'A PRX - BUR', expected " in err and "Traceback" not in err
    assert paths.workbook.read_bytes() == before


def test_order_on_a_row_without_a_power(tmp_path):
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: wb["Orders"].cell(row=200, column=3, value="A PAR - BUR"))
    assert problems_after(paths, tmp_path) == [
        "Orders!A200: found no power for the order in C200, expected a power of standard: "
        "AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"
    ]


def test_adjustment_orders_beyond_what_is_due(tmp_path):
    paths = create(tmp_path)
    play(paths, {"AUSTRIA": ["F TRI - ALB"], "ITALY": ["A VEN - TYR"], "FRANCE": ["A MAR - SPA"]})
    play(paths, {"ITALY": ["A TYR - TRI"], "FRANCE": ["A SPA H"]})
    # W1901A: France and Italy build 1, Austria removes 1.
    rows = {}
    ws = openpyxl.load_workbook(paths.workbook)["Orders"]
    for row in ws.iter_rows(min_row=2):
        rows[(row[0].value, row[1].value)] = row[2].coordinate

    def enter(wb):
        orders = wb["Orders"]
        orders[rows[("FRANCE", "Build 1 of 1")]] = "BUILD A MAR"
        orders["A200"], orders["C200"] = "FRANCE", "WAIVE"
        orders[rows[("AUSTRIA", "Removal 1 of 1")]] = "WAIVE"
        orders[rows[("ITALY", "Build 1 of 1")]] = "F NAP D"

    edit_workbook(paths.workbook, enter)
    # 2000 rulebook, 'Adjusting': a power builds at most as many units as it gained
    # centers, and one with more units than centers removes units; nothing else.
    assert problems_after(paths, tmp_path) == [
        f"Orders!{rows[('AUSTRIA', 'Removal 1 of 1')]}: found 'WAIVE', expected a removal: AUSTRIA must remove 1 unit(s), not build",
        f"Orders!{rows[('ITALY', 'Build 1 of 1')]}: found 'F NAP D', expected no removal: ITALY has no removal due",
        "Orders!C200: found 'WAIVE', expected at most 1 build(s) or waive(s) for FRANCE this phase",
    ]


def test_workbook_of_another_game(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Game!B2": "other"})
    assert problems_after(paths, tmp_path) == ["Game!B2: found 'other', expected 'g', the game this workbook belongs to"]


# --- entries where the tool reads nothing: refused, never dropped ---------------------------


def test_an_order_typed_a_column_off_is_refused_not_held(tmp_path):
    paths = create(tmp_path)
    cell = cell_of(paths, "A BUD")
    row = cell.split("C")[-1]
    # C left empty, the order one column to the right: the unit would hold without a word
    type_cells(paths, {f"Orders!D{row}": "A BUD - SER"})
    assert problems_after(paths, tmp_path) == [
        f"Orders!D{row}: found 'A BUD - SER', expected an empty cell (orders are read from column C)"]


def test_an_order_typed_over_its_unit_or_in_the_power_column_is_refused_not_held(tmp_path):
    """An order typed a column to the left, over the unit gm-tools wrote or in the Power
    column, with the order cell left empty, was dropped: the unit held and the turn said no
    order was entered. It is refused at its cell, naming the cell it goes in. A unit's own label
    (A BUD, F STP/SC) and the power summaries are not orders."""
    paths = create(tmp_path)
    bud, tri = (cell_of(paths, unit).split("C")[-1] for unit in ("A BUD", "F TRI"))
    type_cells(paths, {f"Orders!B{bud}": "A BUD - SER", f"Orders!A{tri}": "F TRI-ALB"})
    assert problems_after(paths, tmp_path) == [
        f"Orders!B{bud}: found 'A BUD - SER', expected the Unit gm-tools wrote (orders are read from column C: type "
        f"this one in Orders!C{bud})",
        f"Orders!A{tri}: found 'F TRI-ALB', expected the Power gm-tools wrote (orders are read from column C: type "
        f"this one in Orders!C{tri})"]


def test_a_build_typed_over_its_rows_label_is_refused_not_waived(tmp_path):
    """The same for a build typed over the 'Build 1 of 1' gm-tools wrote, its order cell empty:
    the build was waived without a word ('no orders or press entered')."""
    paths = create(tmp_path)
    play(paths, {"GERMANY": ["F KIE - DEN", "A BER - KIE"]})
    play(paths, {"GERMANY": ["F DEN H"]})
    ws = openpyxl.load_workbook(paths.workbook)["Orders"]
    row = next(r[1].row for r in ws.iter_rows(min_row=2) if r[0].value == "GERMANY" and r[1].value == "Build 1 of 1")
    type_cells(paths, {f"Orders!B{row}": "BUILD A BER"})
    assert problems_after(paths, tmp_path) == [
        f"Orders!B{row}: found 'BUILD A BER', expected the Unit gm-tools wrote (orders are read from column C: type "
        f"this one in Orders!C{row})"]


def test_anything_right_of_the_orders_column_is_refused_formula_too(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Orders!F1": "note to self", "Orders!E40": 3})
    edit_workbook(paths.workbook, lambda wb: wb["Orders"].cell(row=5, column=4, value="=C3"))
    assert problems_after(paths, tmp_path) == [
        "Orders!F1: found 'note to self', expected an empty cell (orders are read from column C)",
        "Orders!D5: found a formula '=C3', expected an empty cell (orders are read from column C)",
        "Orders!E40: found '3', expected an empty cell (orders are read from column C)",
    ]


def test_press_beside_column_a_is_refused(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Press!A2": "Spring.", "Press!B2": "Second column of press"})
    assert problems_after(paths, tmp_path) == [
        "Press!B2: found 'Second column of press', expected an empty cell "
        "(press is read from column A, one line per row)"]


def test_press_typed_over_its_header_is_refused(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Press!A1": "Austria marches!"})
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("Press!A1: found 'Austria marches!', expected the header 'Press for this phase")
    assert problem.endswith("(press is read from column A, from row 2 down)")


def test_press_with_its_header_row_deleted_is_refused(tmp_path):
    paths = create(tmp_path)
    type_cells(paths, {"Press!A2": "First line.", "Press!A3": "Second line."})
    edit_workbook(paths.workbook, lambda wb: wb["Press"].delete_rows(1))
    (problem,) = problems_after(paths, tmp_path)
    assert problem.startswith("Press!A1: found 'First line.', expected the header 'Press for this phase")


def test_a_press_picture_from_another_host_is_refused_at_its_cell(tmp_path):
    """A picture from another host makes every reader's browser ask that host for it (who
    reads, and when) and is lost when the host goes. Named where its address is typed: on its
    line, or a reference's definition; a picture kept with the game and a link stay (the
    pictures' other checks: tests/test_press_pictures.py)."""
    paths = create(tmp_path)
    (paths.folder / "pictures").mkdir()
    (paths.folder / "pictures" / "breda.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(40))
    type_cells(paths, {"Press!A2": "Spring news.",
                       "Press!A3": "![the siege](https://pictures.example.org/breda.png)",
                       "Press!A5": "The map: ![map][m]",
                       "Press!A7": "[m]: //cdn.example.org/map.png",
                       "Press!A8": "![ours](pictures/breda.png), [rules](https://example.org/rules)"})
    expected = (f"expected a picture kept with the game, its file in {paths.folder / 'pictures'}, its name in the "
                "press pictures/breda.png (the site copies it beside its pages): one from another host tells "
                "that host who reads the page")
    assert problems_after(paths, tmp_path) == [
        f"Press!A3: found a picture from another host, 'https://pictures.example.org/breda.png', {expected}",
        f"Press!A7: found a picture from another host, '//cdn.example.org/map.png', {expected}"]
    type_cells(paths, {"Press!A3": "", "Press!A5": "", "Press!A7": ""})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed


def test_cells_gm_tools_writes_are_not_refused(tmp_path):
    # The labels, the unit column and the headings are gm-tools' own: the turn plays.
    paths = create(tmp_path)
    type_cells(paths, {cell_of(paths, "A PAR"): "A PAR - BUR", "Press!A2": "Spring."})
    assert run_turn(paths.name, root=paths.root, site_dir=None).processed


def test_an_entry_beside_a_variant_input_sheet_is_refused_not_dropped(tmp_path):
    # Europe 1619's INF Placements are read in three columns; a fourth, typed once the sheet's
    # protection was lifted, would be lost without a word.
    paths = create(tmp_path, variant="europe1619")
    sheet = "INF Placements"
    assert [c.value for c in openpyxl.load_workbook(paths.workbook)[sheet][1]] == ["Power", "INFs", "Minor state"]
    type_cells(paths, {f"{sheet}!D1": "Notes", f"{sheet}!E4": "SWEDEN 2 in DEN?"})
    why = "(INF Placements is read in its columns Power, INFs, Minor state; notes go on a sheet of your own)"
    assert problems_after(paths, tmp_path) == [
        f"{sheet}!D1: found 'Notes', expected an empty cell {why}",
        f"{sheet}!E4: found 'SWEDEN 2 in DEN?', expected an empty cell {why}",
    ]


def _scattered_problems(tmp_path):
    """A workbook with problems on three sheets, typed so the checks find them out of order:
    the cells read come before the orders checked, and the Game sheet's phase is checked last
    of the cells. The GM has moved the Press sheet before Orders."""
    paths = create(tmp_path)
    type_cells(paths, {"Orders!C19": "A BER - ZZZ", "Orders!D3": "note", "Orders!C3": "A BUD - XXX",
                       "Orders!D30": "later", "Press!C5": "stray", "Game!B4": "F1901M"})
    edit_workbook(paths.workbook, lambda wb: wb.move_sheet("Press", offset=-1))
    return paths


SCATTERED = [
    "Game!B4: found 'F1901M', expected 'S1901M', the game's current phase (is this an old copy of the "
    "workbook? gm-tools rollback reopens the last processed phase)",
    "Press!C5: found 'stray', expected an empty cell (press is read from column A, one line per row)",
    "Orders!C3: found 'A BUD - XXX', expected a destination, but 'XXX' is not a province of Standard "
    "Diplomacy (1901)",
    "Orders!D3: found 'note', expected an empty cell (orders are read from column C)",
    "Orders!C19: found 'A BER - ZZZ', expected a destination, but 'ZZZ' is not a province of Standard "
    "Diplomacy (1901)",
    "Orders!D30: found 'later', expected an empty cell (orders are read from column C)",
]


def test_a_refused_turn_lists_its_problems_by_sheet_row_and_column(tmp_path):
    """README, "Running a game": every problem listed at once, each as Sheet!Cell. The checks
    find them in passes (the cells read, then the orders), which jumped from sheet to sheet
    and back up a sheet; the GM reads them as the workbook runs: its sheets in their order
    (here as the GM moved them), then rows, then columns."""
    paths = _scattered_problems(tmp_path)
    assert problems_after(paths, tmp_path) == SCATTERED


def test_the_command_line_lists_a_refused_turn_in_workbook_order(tmp_path, capsys):
    _scattered_problems(tmp_path)
    assert main(["turn", "g", "--root", str(tmp_path), "--site", ""]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[1:] == [f"  {p}" for p in SCATTERED] and "Traceback" not in err
    assert main(["turn", "g", "--root", str(tmp_path), "--dry-run"]) == 2
    assert capsys.readouterr().err == err


def test_the_orders_command_lists_the_workbook_problems_in_workbook_order(tmp_path, capsys):
    """gm-tools orders checks the cells as a turn reads them before typing a mail in; the
    Game sheet's phase, checked last, is listed first."""
    _scattered_problems(tmp_path)
    letter = tmp_path / "mail.txt"
    letter.write_bytes(b"Austria\nA BUD - SER\n")
    before = snapshot(tmp_path)
    assert main(["orders", "g", str(letter), "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert snapshot(tmp_path) == before
    assert err.splitlines()[1:] == [f"  {p}" for p in SCATTERED if "is not a province" not in p]


def test_a_deleted_press_sheet_is_no_press_and_the_next_workbook_has_it_again(tmp_path):
    # docs/workbook.md: the Press sheet is 'the GM's commentary for this phase', which a phase
    # may go without; deleting the tab said 'no such sheet' and held up the whole turn.
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: wb.remove(wb["Press"]))
    type_cells(paths, {cell_of(paths, "A PAR"): "A PAR - BUR"})
    assert run_turn(paths.name, root=paths.root, site_dir=None, force=True).processed
    import json
    record = json.loads((paths.history / "S1901M.json").read_text(encoding="utf-8"))
    assert record["press"] == "" and "A PAR - BUR" in str(record["orders"])
    assert "Press" in openpyxl.load_workbook(paths.workbook).sheetnames


@pytest.mark.parametrize("title", ["Press S1901", "Sheet1"])
def test_a_press_sheet_renamed_is_still_asked_for_as_it_may_hold_press(tmp_path, title):
    # by its name, or by its header when the new name says nothing ('Sheet1'): the press on it
    # would otherwise be carried over as the GM's own sheet and never published
    paths = create(tmp_path)
    edit_workbook(paths.workbook, lambda wb: setattr(wb["Press"], "title", title))
    assert problems_after(paths, tmp_path) == [
        f"Press: found no such sheet ({title!r} is there: if that is it, name it 'Press' again), "
        "expected the Press sheet gm-tools wrote"]
