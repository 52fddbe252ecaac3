"""The same mail entered twice (README "Not done yet", now done): the byte-identical mail
already kept in the game's ``mail/`` folder is recognised, said in the report, and not stored
again; its orders are still typed, as the GM may have cleared them deliberately."""

from __future__ import annotations

import io

import openpyxl

from gm_tools.app.mailorders import enter_mails

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
