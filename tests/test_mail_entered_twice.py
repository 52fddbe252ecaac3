"""The same mail entered twice (README "Not done yet", now done): the byte-identical mail
already kept in the game's ``mail/`` folder is recognised, said in the report, and not stored
again; its orders are still typed, as the GM may have cleared them deliberately."""

from __future__ import annotations

import io

import openpyxl

from gm_tools.app.mailorders import enter_mails
from gm_tools.app.turn import run_turn

from workflow_helpers import create

MAIL = b"France\nA PAR - BUR\nF BRE - MAO\n"


def _france_orders(paths) -> list[str]:
    ws = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))["Orders"]
    return sorted(ws.cell(row=r, column=3).value for r in range(2, ws.max_row + 1)
                  if ws.cell(row=r, column=1).value == "FRANCE" and ws.cell(row=r, column=3).value)


def test_a_mail_entered_again_is_named_and_not_kept_twice(tmp_path):
    paths = create(tmp_path)
    first = enter_mails("g", [("ann.txt", MAIL)], root=tmp_path)
    assert first.again == []
    # the GM clears France's orders by hand, then enters the very same mail again
    wb = openpyxl.load_workbook(io.BytesIO(paths.workbook.read_bytes()))
    ws = wb["Orders"]
    for r in range(2, ws.max_row + 1):
        if ws.cell(row=r, column=1).value == "FRANCE":
            ws.cell(row=r, column=3).value = None
    out = io.BytesIO()
    wb.save(out)
    paths.workbook.write_bytes(out.getvalue())
    assert _france_orders(paths) == []
    second = enter_mails("g", [("ann-again.txt", MAIL)], root=tmp_path)
    kept = sorted(p.name for p in (paths.folder / "mail").glob("*.eml"))
    assert kept == ["S1901M.1.1.eml"]  # one copy, not two
    assert second.again == [paths.folder / "mail" / "S1901M.1.1.eml"]
    assert f"this mail was entered before at {paths.folder / 'mail' / 'S1901M.1.1.eml'}" in second.text()
    assert _france_orders(paths) == ["A PAR - BUR", "F BRE - MAO"]  # still typed


def test_a_new_mail_beside_an_old_one_is_kept(tmp_path):
    paths = create(tmp_path)
    enter_mails("g", [("ann.txt", MAIL)], root=tmp_path)
    report = enter_mails("g", [("ann2.txt", MAIL + b"A MAR H\n")], root=tmp_path)
    assert report.again == []
    assert sorted(p.name for p in (paths.folder / "mail").glob("*.eml")) == ["S1901M.1.1.eml", "S1901M.2.1.eml"]


def test_the_same_mail_in_a_later_phase_is_that_phase_s_mail_not_one_entered_before(tmp_path):
    """A player holding again sends last phase's very mail ('France / A PAR H ...'): it is the
    Fall's mail, kept as the Fall's and typed into the Fall's sheet, never said 'entered before'
    (which told the GM he had typed it already this phase). 2000 rulebook, 'Holding': a hold is
    an order like any, and the same holds are as good in Fall as in Spring."""
    paths = create(tmp_path)
    holds = b"France\nA PAR H\nA MAR H\nF BRE H\n"
    enter_mails("g", [("ann-spring.txt", holds)], root=tmp_path)
    run_turn("g", root=tmp_path, site_dir=None)
    fall = enter_mails("g", [("ann-fall.txt", holds)], root=tmp_path)
    assert fall.again == [] and "entered before" not in fall.text()
    kept = sorted(p.name for p in (paths.folder / "mail").glob("*.eml"))
    assert kept == ["F1901M.1.1.eml", "S1901M.1.1.eml"]
    assert _france_orders(paths) == ["A MAR H", "A PAR H", "F BRE H"]
    # the same mail a second time in the Fall is the one entered before, and said to be this phase's
    again = enter_mails("g", [("ann-fall-again.txt", holds)], root=tmp_path)
    assert again.again == [paths.folder / "mail" / "F1901M.1.1.eml"]
    assert (f"this mail was entered before at {paths.folder / 'mail' / 'F1901M.1.1.eml'}, in this phase: "
            "not kept again") in again.text()
